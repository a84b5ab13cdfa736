//! The guided exercises: the seed's exercises and its list of "places where
//! people declare success too early", as steps that check the learner's
//! state themselves. Every check reads the policy's own results.

use std::collections::{BTreeMap, BTreeSet};

use mixua_policy::{check, labelled_stream, Lang, Scope, Stream, ViewerId};
use serde::{Deserialize, Serialize};

use crate::computed::Computed;
use crate::doc::{Doc, Predictions};

/// What the learner has done in the exercises: saved with the work, so a
/// finished step stays finished whatever later steps change.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Steps whose checks all held at some point (recorded when it happened).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub done: BTreeSet<usize>,
    /// Question answers: step → chosen option.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub answers: BTreeMap<usize, usize>,
    /// Steps where a check or an answer went wrong (a hint is shown).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub missed: BTreeSet<usize>,
    /// Exercise 5: the leak alarm caused by X has been seen.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub x_alarm_seen: bool,
    /// Exercise 7: approved, Y was flagged by the re-identification probe
    /// in another user's cell while no canary alarm fired.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub y_reid_seen: bool,
    /// Exercise 6: what each viewer should see, recorded (the four-scope
    /// answer, by card id) with the first record, before any change; the
    /// scorecards that follow are measured against it, so it never moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<Predictions>,
    /// Exercise 6: both scorecards, recorded before and after each change.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<Record>,
    /// Lesson 2: the acts the write path refused, as `act:card:reason`
    /// (an exercise may ask for a refusal to be seen).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub refused: BTreeSet<String>,
    /// Lesson 2: what the learner has looked at that an exercise asks for
    /// (an earlier tick showing a tombstone, …).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub seen: BTreeSet<String>,
}


/// One row of exercise 6's record: which of the step's changes were made,
/// and both scorecards of two policies at that moment.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Record {
    /// The step's four changes, in checklist order: made or not.
    pub changes: Vec<bool>,
    pub four: Tally,
    pub global: Tally,
}

/// Both scorecards as numbers: should-see retrieved (of expected) and
/// forbidden appeared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    pub retrieved: usize,
    pub expected: usize,
    pub forbidden: usize,
}

impl From<crate::computed::Score> for Tally {
    fn from(s: crate::computed::Score) -> Tally {
        Tally { retrieved: s.retrieved, expected: s.expected, forbidden: s.forbidden }
    }
}

/// The step whose record table this is (exercise 6).
pub const RECORD_STEP: usize = 5;

/// The reference exercise 6 measures against: the recorded one, else the
/// four-scope answer now (recorded with the first row).
pub fn reference(lesson: Lesson<'_>) -> Predictions {
    lesson.progress.reference.clone().unwrap_or_else(|| lesson.computed.snapshot(&lesson.doc.workspace))
}

/// A new row of exercise 6's record, measured against [`reference`].
pub fn record(lesson: Lesson<'_>) -> Record {
    let reference = crate::computed::Reference::Snapshot(std::rc::Rc::new(reference(lesson)));
    let ws = &*lesson.doc.workspace;
    let changes = items(RECORD_STEP, lesson, Lang::En).iter().take(4).map(|i| i.done).collect();
    Record {
        changes,
        four: lesson.computed.score(ws, &reference, mixua_policy::Policy::FourScope).into(),
        global: lesson.computed.score(ws, &reference, mixua_policy::Policy::GlobalOnly).into(),
    }
}

/// What the checks read: the work, its memoised views, whether the
/// predictions are revealed, and the progress so far.
#[derive(Clone, Copy)]
pub struct Lesson<'a> {
    pub doc: &'a Doc,
    pub computed: &'a Computed,
    pub revealed: bool,
    pub progress: &'a Progress,
}

/// A multiple-choice question; `answer` is the index of the right option.
pub struct Question {
    pub prompt: (&'static str, &'static str),
    pub options: &'static [(&'static str, &'static str)],
    pub answer: usize,
    /// Shown once answered right: the point of the question.
    pub takeaway: (&'static str, &'static str),
}

pub struct Step {
    pub title: (&'static str, &'static str),
    pub task: (&'static str, &'static str),
    /// Shown after a wrong try.
    pub hint: (&'static str, &'static str),
    pub question: Option<Question>,
}

pub fn t(lang: Lang, text: (&'static str, &'static str)) -> &'static str {
    lang.pick(text.0, text.1)
}

pub const STEPS: &[Step] = &[
    Step {
        title: ("1 · 先預測四個視角", "1 · Predict the four views"),
        task: (
            "按「先預測再揭曉」,替 alice 與 bob 的四個格子勾出你認為會取回的卡片,再按「揭曉並評分」。",
            "Press “Predict, then reveal”, tick the cards you expect in each of the four cells of alice and bob, then press “Reveal and grade”.",
        ),
        hint: (
            "逐張想:PAIR 只給同一對使用者與 Agent;USER 跟著使用者;AGENT 跟著 Agent;GLOBAL 給所有人。X 與 Y 會被拒絕嗎?",
            "Take one card at a time: PAIR goes to one user with one agent; USER follows the user; AGENT follows the agent; GLOBAL goes to all. Are X and Y even accepted?",
        ),
        question: None,
    },
    Step {
        title: ("2 · 為什麼 Bob 看得到 A,看不到 U?", "2 · Why does Bob see A but not U?"),
        task: (
            "點 bob · writer-v1 格子裡的 A,再點編輯器裡 U 的「看範圍」,讀右邊的說明,然後回答。",
            "Click A in the bob · writer-v1 cell, then “Show reach” on U in the editor; read the panel on the right, then answer.",
        ),
        hint: (
            "看兩張卡的範圍:A 是 AGENT,U 是 USER。兩條軸各選一個。",
            "Look at the two scopes: A is AGENT, U is USER. Each picks one side of an axis.",
        ),
        question: Some(Question {
            prompt: ("Bob 為什麼看得到 A,卻看不到 U?", "Why does Bob see A but not U?"),
            options: &[
                (
                    "Bob 的權限比 Alice 的 Agent 還要高,所以規則讓他讀得到比較多 Alice 自己和 Alice 的 writer-v1 寫下的卡片。",
                    "Bob has more rights than Alice's agent, so the policy lets him read more of the cards Alice and writer-v1 wrote down.",
                ),
                (
                    "U 不符合查詢,所以不管 Bob 是誰,他的搜尋都找不到它。",
                    "U does not match the query, so Bob's search never finds it, whoever he is.",
                ),
                (
                    "A 是 writer-v1 的 AGENT 卡,誰用 writer-v1 都讀得到;U 是 Alice 的 USER 卡,只跟著 Alice。",
                    "A is writer-v1's AGENT card, read by anyone using writer-v1; U is Alice's USER card, for Alice only.",
                ),
                (
                    "A 比 U 新,而較新的卡片會先分享給每一個人。",
                    "A is newer than U, and newer cards are shared with everyone before older ones.",
                ),
            ],
            answer: 2,
            takeaway: (
                "範圍是兩條軸的組合:USER 與 AGENT 的讀者不同,沒有誰包含誰。",
                "Scopes combine two axes: USER and AGENT have different readers, and neither contains the other.",
            ),
        }),
    },
    Step {
        title: ("3 · 加入 Carol", "3 · Add Carol"),
        task: (
            "先按「先預測再揭曉」,把答案藏起來;再新增使用者 carol 和一張她的 USER 卡(擁有者 carol)。勾出她兩個格子會取回的卡片,最後按「揭曉並評分」:只評 carol 的格子。",
            "First press “Predict, then reveal” so the answers are hidden; then add the user carol and a USER card owned by carol. Tick what her two cells will retrieve, and only then press “Reveal and grade”: only carol's cells are graded.",
        ),
        hint: (
            "Carol 讀得到自己的 USER 卡、所有 GLOBAL 卡,以及她所用 Agent 的 AGENT 卡。",
            "Carol reads her own USER card, every GLOBAL card, and the AGENT cards of the agent she is using.",
        ),
        question: None,
    },
    Step {
        title: ("4 · 把 Y 改成已核准", "4 · Flip Y to approved"),
        task: (
            "在編輯器勾選 Y 的「核准分享」。Y 會出現在每個格子,而且沒有警報。然後回答問題。",
            "Tick “Sharing approved” on Y in the editor. Y reaches every cell and no alarm fires. Then answer the question.",
        ),
        hint: (
            "Y 寫的是「週二唯一的極地研究員偏好藍色」:沒有暗號,卻可能認出一個人。",
            "Y says “the only polar researcher on Tuesday likes blue”: no canary in it, yet it may point at one person.",
        ),
        question: Some(Question {
            prompt: ("規則信任了什麼?暗號又看不到什麼?", "What did the policy trust, and what can a canary not see?"),
            options: &[
                (
                    "規則信任人工標的 share_approved 與 stream;暗號只抓得到原樣的假祕密,抓不到認出人的線索。",
                    "It trusted the hand-set share_approved and stream labels; a canary catches only its exact token, not clues that identify someone.",
                ),
                (
                    "規則先仔細讀過 Y 的每一個字,確認裡面沒有任何能認出某個人的個人資料之後,才把它分享給座位表裡的每一位使用者與 Agent。",
                    "The policy read Y's text, checked that it holds nothing personal about anyone, and only then handed it to every viewer in the chart.",
                ),
                (
                    "規則先問過 Alice 同不同意,而她同意把 Y 分享給每一個人。",
                    "The policy asked Alice for consent first, and she agreed to share Y with everyone.",
                ),
            ],
            answer: 0,
            takeaway: (
                "讀取規則照標記執行;內容能不能分享,要另外判斷、另外測。",
                "The reading rules enforce the labels; whether content may be shared is a separate judgement with its own tests.",
            ),
        }),
    },
    Step {
        title: ("5 · 把 X 改成 reusable", "5 · Move X to the reusable stream"),
        task: (
            "把 X 的內容流改成 reusable,看 bob 的格子響起外洩警報;再按「復原」把它改回來。",
            "Set X's stream to reusable and watch the leak alarm in bob's cells; then press Undo to put it back.",
        ),
        hint: (
            "X 是 GLOBAL 且已核准;只差內容流。改成 reusable 後,Alice 的暗號就會被送到所有人面前。",
            "X is GLOBAL and approved; only its stream holds it back. Once reusable, Alice's canary reaches everyone.",
        ),
        question: None,
    },
    Step {
        title: ("6 · 改完再查一次", "6 · Change it, then ask again"),
        task: (
            "一項一項做,每做一項就看下面兩張成績單:撤回 A 的分享核准;刪掉 Alice 的 USER 偏好 U;新增 Agent writer-v2(Alice 換 Agent);新增一位沒有任何卡片的使用者。",
            "Do these one by one and read the two scorecards after each: revoke A's sharing approval; delete Alice's USER preference U; add the agent writer-v2 (Alice switches agent); add a user nobody knows (no cards).",
        ),
        hint: (
            "每一項都在編輯器或「使用者、Agent 與暗號」區完成。兩張成績單要分開看:該看到的有沒有取回,不該看到的有沒有出現。",
            "Each item is done in the editor or in “Users, agents and canaries”. Read the two scorecards separately: what should be seen, and what must not be.",
        ),
        question: None,
    },
    Step {
        title: ("7 · 沒有暗號,還是認得出人", "7 · No canary, and still a person"),
        task: (
            "勾選 Y 的「核准分享」:沒有外洩警報,但重新識別探測在 bob 的格子標出 alice(◎)。再改寫 Y 的內容(或縮小它的範圍),直到探測什麼都找不到,而且 Y 仍然有人讀得到。",
            "Tick “Sharing approved” on Y: no leak alarm fires, but the re-identification probe marks alice in bob's cells (◎). Then rewrite Y's lesson (or narrow its scope) until the probe finds nothing and Y still reaches someone.",
        ),
        hint: (
            "探測比對的是個人資料:alice 是「極地研究員」、值班日「週二」。拿掉這些線索,只留下偏好(例如「報告偏好藍色」);或把 Y 改成只給 alice 自己的 PAIR/USER 卡。",
            "The probe looks for profile facts: alice is the “polar researcher”, on “Tuesday”. Drop those clues and keep only the preference (say, “Reports: prefer blue”); or make Y a PAIR or USER card for alice alone.",
        ),
        question: None,
    },
];

/// The step of the re-identification exercise (exercise 7).
pub const REID_STEP: usize = 6;

/// One checkable item of a step, with whether it holds now.
pub struct Item {
    pub label: String,
    pub done: bool,
}

pub fn item(lang: Lang, zh: impl Into<String>, en: impl Into<String>, done: bool) -> Item {
    Item { label: lang.pick(zh.into(), en.into()), done }
}

/// Whether the learner's predictions for these viewers equal their views.
fn predicted_right(lesson: Lesson<'_>, viewers: &[(String, String)]) -> bool {
    let (ws, computed) = (&*lesson.doc.workspace, lesson.computed);
    !viewers.is_empty()
        && viewers.iter().all(|(u, a)| {
            let Some(v) = computed.viewer_index(u, a) else { return false };
            let actual: std::collections::BTreeSet<String> =
                computed.four.views[v].iter().map(|&i| ws.cards[i].id.clone()).collect();
            lesson.doc.predictions.get(&ViewerId::new(u, a)).is_some_and(|p| *p == actual)
        })
}

/// The items of a step, checked against the current state.
pub fn items(step: usize, lesson: Lesson<'_>, lang: Lang) -> Vec<Item> {
    let (ws, computed, revealed) = (&*lesson.doc.workspace, lesson.computed, lesson.revealed);
    let card = |id: &str| ws.cards.iter().find(|c| c.id == id);
    let accepted = |id: &str| card(id).is_some_and(|c| check(c).is_ok());
    match step {
        0 => {
            let seed: Vec<(String, String)> = ["alice", "bob"]
                .iter()
                .flat_map(|u| ["writer-v1", "checker-v1"].iter().map(move |a| (u.to_string(), a.to_string())))
                .collect();
            let all_predicted = seed.iter().all(|(u, a)| lesson.doc.predictions.contains_key(&ViewerId::new(u, a)));
            vec![
                item(lang, "四個格子都做了預測", "Predicted all four cells", all_predicted),
                item(lang, "按了揭曉", "Revealed", revealed),
                item(lang, "四個格子全對", "All four correct", revealed && predicted_right(lesson, &seed)),
            ]
        }
        2 => {
            let carol = ws.users.iter().any(|u| u == "carol");
            let carol_card = ws.cards.iter().any(|c| {
                c.owner_user == "carol" && matches!(check(c), Ok(a) if a.scope == Scope::User)
            });
            let viewers: Vec<(String, String)> =
                ws.agents.iter().map(|a| ("carol".to_string(), a.clone())).collect();
            vec![
                item(lang, "新增了使用者 carol", "Added the user carol", carol),
                item(lang, "carol 有一張有效的 USER 卡", "carol owns an accepted USER card", carol_card),
                item(
                    lang,
                    "揭曉後,carol 每個格子的預測都對",
                    "Revealed, with every carol cell predicted right",
                    carol && revealed && predicted_right(lesson, &viewers),
                ),
            ]
        }
        3 => {
            let y_everywhere = (0..computed.viewers.len()).all(|v| computed.four.views[v].iter().any(|&i| ws.cards[i].id == "Y"));
            let y_approved = accepted("Y") && card("Y").is_some_and(|c| c.share_approved);
            vec![
                item(lang, "Y 已核准分享而且有效", "Y has sharing approved and is accepted", y_approved),
                item(lang, "每個格子都看到 Y", "Every cell retrieves Y", !computed.viewers.is_empty() && y_everywhere),
                // Only worth a tick once Y is shared: before that, no alarm
                // is nothing done.
                item(lang, "Y 分享後,沒有外洩警報", "No leak alarm once Y is shared", y_approved && computed.four.leak_count() == 0),
            ]
        }
        4 => {
            // The label as written: X stays rejected (protected GLOBAL) either way.
            let x_protected = card("X").is_some_and(|c| labelled_stream(c) == Some(Stream::Protected));
            vec![
                item(lang, "看到 X 造成的外洩警報", "Saw the leak alarm X causes", lesson.progress.x_alarm_seen),
                item(
                    lang,
                    "X 已改回 protected,沒有警報",
                    "X is protected again and no alarm fires",
                    lesson.progress.x_alarm_seen && x_protected && computed.four.leak_count() == 0,
                ),
            ]
        }
        5 => {
            let a_revoked = card("A").is_some_and(|c| !c.share_approved);
            let u_gone = card("U").is_none();
            let v2 = ws.agents.iter().any(|a| a == "writer-v2");
            let stranger = ws.users.iter().any(|u| {
                !ws.cards.iter().any(|c| c.owner_user == *u) && ws.canaries.of_user(u).is_empty()
            });
            vec![
                item(lang, "撤回 A 的分享核准", "Revoked A's sharing approval", a_revoked),
                item(lang, "刪掉 Alice 的 USER 偏好 U", "Deleted Alice's USER preference U", u_gone),
                item(lang, "新增 Agent writer-v2", "Added the agent writer-v2", v2),
                item(lang, "新增一位沒人認識的使用者", "Added a user nobody knows", stranger),
                item(
                    lang,
                    "改之前與每項改完後,都記錄了兩張成績單",
                    "Recorded both scorecards before and after each change",
                    recorded_each(&lesson.progress.records),
                ),
            ]
        }
        REID_STEP => {
            let ys: Vec<usize> = (0..ws.cards.len()).filter(|&i| ws.cards[i].id == "Y").collect();
            let y_reaches = (0..computed.viewers.len()).any(|v| computed.four.views[v].iter().any(|i| ys.contains(i)));
            let y_clean = !computed.reid.iter().flatten().any(|f| ys.contains(&f.index));
            let seen = lesson.progress.y_reid_seen;
            vec![
                item(
                    lang,
                    "核准 Y 後:沒有外洩警報,探測卻認出了 alice",
                    "Approved Y: no leak alarm, yet the probe singled out alice",
                    seen,
                ),
                item(lang, "Y 仍然有人讀得到", "Y still reaches someone", seen && y_reaches),
                item(lang, "探測在 Y 裡什麼都找不到", "The probe finds nothing in Y", seen && y_reaches && y_clean),
            ]
        }
        _ => Vec::new(),
    }
}

/// Exercise 7 records the moment the probe flags Y in another user's cell
/// while no canary alarm fires: the point of the exercise.
pub fn y_reid_showing(ws: &mixua_policy::Workspace, computed: &Computed) -> bool {
    computed.four.leak_count() == 0
        && computed.reid.iter().flatten().any(|f| f.singles_out() && ws.cards.get(f.index).is_some_and(|c| c.id == "Y"))
}

/// Exercise 6's record holds a row before any change and, for each of the
/// four changes, a row made right after it (the first row where it shows).
fn recorded_each(records: &[Record]) -> bool {
    let before = records.iter().any(|r| r.changes.iter().all(|c| !c));
    let after = (0..4).all(|n| records.iter().any(|r| r.changes.get(n) == Some(&true)));
    before && after
}

/// The cells a step asks the learner to predict: only they are graded on
/// reveal (`None`: every cell, outside the prediction steps).
pub fn graded_viewers(step: usize, ws: &mixua_policy::Workspace) -> Option<BTreeSet<ViewerId>> {
    let cells = |users: &[&str], agents: &[&str]| {
        users.iter().flat_map(|u| agents.iter().map(move |a| ViewerId::new(*u, *a))).collect()
    };
    match step {
        0 => Some(cells(&["alice", "bob"], &["writer-v1", "checker-v1"])),
        2 => {
            let agents: Vec<&str> = ws.agents.iter().map(String::as_str).collect();
            Some(cells(&["carol"], &agents))
        }
        _ => None,
    }
}

/// Whether all of a step's items hold now and its question, if any, is
/// answered right.
pub fn holds_now(step: usize, lesson: Lesson<'_>) -> bool {
    let items_ok = items(step, lesson, Lang::En).iter().all(|i| i.done);
    let answer_ok = match STEPS.get(step).and_then(|s| s.question.as_ref()) {
        Some(q) => lesson.progress.answers.get(&step) == Some(&q.answer),
        None => true,
    };
    items_ok && answer_ok
}

/// A step is done once it has held: done stays done, whatever later steps
/// change (the completion is recorded in [`Progress::done`]).
pub fn step_done(step: usize, lesson: Lesson<'_>) -> bool {
    lesson.progress.done.contains(&step) || holds_now(step, lesson)
}

/// Steps that hold now but are not recorded yet: the app records them.
pub fn newly_done(lesson: Lesson<'_>) -> Vec<usize> {
    (0..STEPS.len()).filter(|s| !lesson.progress.done.contains(s) && holds_now(*s, lesson)).collect()
}
