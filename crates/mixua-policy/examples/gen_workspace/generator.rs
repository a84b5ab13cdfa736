//! A deterministic generator of large workspaces, shared by the
//! `gen_workspace` example (which prints one, for `scripts/bench-cli.sh`)
//! and the `report` bench. A tiny linear congruential generator keeps it
//! free of the `rand` crate and gives the same file on every machine.

use mixua_policy::{Card, Workspace};

/// Knuth's MMIX constants; the high bits are the useful ones.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next() as u64 * n as u64) >> 31) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const USERS: [&str; 10] = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const AGENTS: [&str; 10] = [
    "writer-v1", "checker-v1", "planner-v1", "coder-v2", "reviewer-v1",
    "translator-v1", "summarizer-v3", "tester-v1", "search-v2", "editor-v1",
];

/// Situations; only the first two contain the query 報告.
const SITUATIONS: [&str; 12] = [
    "報告", "月報告", "週報", "會議紀錄", "程式碼審查", "翻譯", "資料清理", "發票", "簡報", "測試計畫",
    "客服回覆", "行程安排",
];

const OPENINGS: [&str; 10] = [
    "輸出前", "動筆之前", "交件以前", "每次修改後", "收到新需求時", "整理資料時", "回覆使用者前",
    "合併分支前", "寄出之前", "開會以前",
];

const STEPS: [&str; 14] = [
    "先核對總數與原始列是否一致", "把標題重複的段落合併", "只回三行重點", "使用繁體中文與全形標點",
    "列出假設與資料來源", "把日期統一寫成 YYYY-MM-DD", "檢查單位是否前後一致", "先跑一次單元測試",
    "把專有名詞對照表附在最後", "報告中的數字四捨五入到小數點後兩位", "避免在摘要裡放未核實的數字",
    "確認每張表都有標題", "把待辦事項標上負責人", "引用前先確認連結仍有效",
];

const REASONS: [&str; 8] = [
    "上次因此被退件。", "讀者反映看不懂。", "這樣審查比較快。", "主管偏好這種格式。", "可以少一輪來回。",
    "避免重複計算。", "客戶曾因此抱怨。", "這是團隊的慣例。",
];

/// The query of the generated workspace; it matches roughly a fifth of the cards.
pub const QUERY: &str = "報告";

/// A workspace of `cards` cards over `users` users and `agents` agents
/// (at most ten each), with mixed scopes, streams and approvals, a few
/// malformed cards and a canary in about one card in fifty.
pub fn generate(cards: usize, users: usize, agents: usize, seed: u64) -> Workspace {
    let mut rng = Lcg::new(seed);
    let users: Vec<&str> = USERS[..users.min(USERS.len())].to_vec();
    let agents: Vec<&str> = AGENTS[..agents.min(AGENTS.len())].to_vec();
    let mut workspace = Workspace {
        users: users.iter().map(|u| u.to_string()).collect(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        query: QUERY.to_string(),
        ..Workspace::default()
    };
    for (i, user) in users.iter().enumerate() {
        workspace.canaries.add(user, &format!("FAKE-{}-{}", user.to_uppercase(), 100 + i * 73));
    }

    for n in 0..cards {
        let owner_user = *users.get(rng.below(users.len())).unwrap_or(&"alice");
        let owner_agent = *agents.get(rng.below(agents.len())).unwrap_or(&"writer-v1");
        // Scope weights: PAIR 30, USER 30, AGENT 20, GLOBAL 15, misspelt 5.
        let roll = rng.below(100);
        let scope = match roll {
            0..=29 => "PAIR",
            30..=59 => "USER",
            60..=79 => "AGENT",
            80..=94 => "GLOBAL",
            _ => rng.pick(&["global", "", "TEAM", "Agent"]),
        };
        let shared = matches!(scope, "AGENT" | "GLOBAL");
        // Shared cards are mostly filed right; personal ones mostly protected.
        let stream = match rng.below(100) {
            0..=1 => rng.pick(&["", "Protected", "public"]),
            r if shared => if r < 87 { "reusable" } else { "protected" },
            r => if r < 70 { "protected" } else { "reusable" },
        };
        let share_approved = if shared { rng.chance(80) } else { rng.chance(20) };

        let mut lesson = format!(
            "{},{};{}",
            rng.pick(&OPENINGS),
            rng.pick(&STEPS),
            rng.pick(&REASONS)
        );
        if rng.chance(30) {
            lesson.push_str(&format!("另外,{}。", rng.pick(&STEPS)));
        }
        if rng.chance(2) {
            let token = workspace.canaries.of_user(owner_user)[0].clone();
            lesson.push_str(&format!("暗號 {token}。"));
        }

        let mut card = Card {
            id: format!("c{n:05}"),
            scope: scope.to_string(),
            owner_user: if rng.chance(1) { String::new() } else { owner_user.to_string() },
            owner_agent: if rng.chance(1) { String::new() } else { owner_agent.to_string() },
            stream: stream.to_string(),
            share_approved,
            situation: rng.pick(&SITUATIONS).to_string(),
            lesson,
            source: format!("synthetic-task-{}", rng.below(5000)),
            ..Card::default()
        };
        // One card in five hundred carries an approval of the wrong type.
        if rng.chance(1) && rng.chance(20) {
            card.malformed.push(mixua_policy::card::Malformed {
                field: mixua_policy::Field::ShareApproved,
                value: "yes".into(),
            });
        }
        workspace.cards.push(card.into());
    }
    workspace
}
