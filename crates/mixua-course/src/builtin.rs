//! The built-in packs as Rust values, so that reading them runs no JSON
//! reader. Generated from `packs/*.json` by the test `builtin_src_is_fresh`
//! (`tests/builtin_packs.rs`): do not edit it by hand; change the JSON and
//! run `cargo test -p mixua-course --test builtin_packs`, which rewrites it.

use crate::exercise::{CardRef, Cells, Check, Exercise, Goal, Milestone, Question, Start, Text};
use crate::pack::Pack;
use mixua_policy::card::{Scope, Status, Stream, Tier};
use mixua_policy::log::Action;

#[cfg(feature = "lesson3")]
use mixua_policy::diagnose::Question as Asked;
#[cfg(feature = "lesson3")]
use mixua_policy::prompt::Source;

// Called, not inlined: each string is a call, not its allocation and copy
// written out again in each pack.
#[inline(never)]
fn s(text: &str) -> String {
    String::from(text)
}

// A page built in one language (issue 28) keeps that language's text
// alone: the other's is never compiled in.
#[inline(never)]
fn t(zh: &str, en: &str) -> Text {
    match mixua_words::Lang::BUILT {
        Some(mixua_words::Lang::En) => Text { zh: String::new(), en: s(en) },
        Some(mixua_words::Lang::ZhTw) => Text { zh: s(zh), en: String::new() },
        None => Text { zh: s(zh), en: s(en) },
    }
}

#[rustfmt::skip]
#[inline(never)]
pub(crate) fn lesson1() -> Pack {
    Pack {
        format: 1,
        id: s("lesson1"),
        version: 1,
        title: t("第 1 課:座位表", "Lesson 1: the seating chart"),
        exercises: vec![
            Exercise {
                title: t("1 · 先預測四個視角", "1 · Predict the four views"),
                task: t(
                    "按「先預測再揭曉」,替 alice 與 bob 的四個格子勾出你認為會取回的卡片,再按「揭曉並評分」。",
                    "Press “Predict, then reveal”, tick the cards you expect in each of the four cells of alice and bob, then press “Reveal and grade”.",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(t("四個格子都做了預測", "Predicted all four cells")),
                        check: Check::Predicted {
                            cells: Cells {
                                users: vec![s("alice"), s("bob")],
                                agents: vec![s("writer-v1"), s("checker-v1")],
                            },
                        },
                    },
                    Goal { label: Some(t("按了揭曉", "Revealed")), check: Check::Revealed },
                    Goal {
                        label: Some(t("四個格子全對", "All four correct")),
                        check: Check::All {
                            all: vec![
                                Check::Revealed,
                                Check::PredictedRight {
                                    cells: Cells {
                                        users: vec![s("alice"), s("bob")],
                                        agents: vec![s("writer-v1"), s("checker-v1")],
                                    },
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "逐張想:PAIR 只給同一對使用者與 Agent;USER 跟著使用者;AGENT 跟著 Agent;GLOBAL 給所有人。X 與 Y 會被拒絕嗎?",
                        "Take one card at a time: PAIR goes to one user with one agent; USER follows the user; AGENT follows the agent; GLOBAL goes to all. Are X and Y even accepted?",
                    ),
                    t(
                        "先看 A:它是 writer-v1 的 AGENT 卡,所以 alice · writer-v1 與 bob · writer-v1 都取回它,checker-v1 的格子沒有。",
                        "Start with A: it is writer-v1's AGENT card, so alice · writer-v1 and bob · writer-v1 retrieve it, and no checker-v1 cell does.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-action=\"predict-mode\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("2 · 為什麼 Bob 看得到 A,看不到 U?", "2 · Why does Bob see A but not U?"),
                task: t(
                    "點 bob · writer-v1 格子裡的 A,再點編輯器裡 U 的「看範圍」,讀右邊的說明,然後回答。",
                    "Click A in the bob · writer-v1 cell, then “Show reach” on U in the editor; read the panel on the right, then answer.",
                ),
                start: Start::Seed,
                goal: Vec::new(),
                hints: vec![
                    t(
                        "看兩張卡的範圍:A 是 AGENT,U 是 USER。兩條軸各選一個。",
                        "Look at the two scopes: A is AGENT, U is USER. Each picks one side of an axis.",
                    ),
                ],
                solution: None,
                question: Some(
                    Question {
                        prompt: t("Bob 為什麼看得到 A,卻看不到 U?", "Why does Bob see A but not U?"),
                        options: vec![
                            t(
                                "Bob 的權限比 Alice 的 Agent 還要高,所以規則讓他讀得到比較多 Alice 自己和 Alice 的 writer-v1 寫下的卡片。",
                                "Bob has more rights than Alice's agent, so the policy lets him read more of the cards Alice and writer-v1 wrote down.",
                            ),
                            t(
                                "U 不符合查詢,所以不管 Bob 是誰,他的搜尋都找不到它。",
                                "U does not match the query, so Bob's search never finds it, whoever he is.",
                            ),
                            t(
                                "A 是 writer-v1 的 AGENT 卡,誰用 writer-v1 都讀得到;U 是 Alice 的 USER 卡,只跟著 Alice。",
                                "A is writer-v1's AGENT card, read by anyone using writer-v1; U is Alice's USER card, for Alice only.",
                            ),
                            t(
                                "A 比 U 新,而較新的卡片會先分享給每一個人。",
                                "A is newer than U, and newer cards are shared with everyone before older ones.",
                            ),
                        ],
                        answer: 2,
                        takeaway: t(
                            "範圍是兩條軸的組合:USER 與 AGENT 的讀者不同,沒有誰包含誰。",
                            "Scopes combine two axes: USER and AGENT have different readers, and neither contains the other.",
                        ),
                    },
                ),
                points_to: Some(s("[data-view=\"bob/writer-v1\"] [data-card-id=\"A\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("3 · 加入 Carol", "3 · Add Carol"),
                task: t(
                    "先按「先預測再揭曉」,把答案藏起來;再新增使用者 carol 和一張她的 USER 卡(擁有者 carol)。勾出她兩個格子會取回的卡片,最後按「揭曉並評分」:只評 carol 的格子。",
                    "First press “Predict, then reveal” so the answers are hidden; then add the user carol and a USER card owned by carol. Tick what her two cells will retrieve, and only then press “Reveal and grade”: only carol's cells are graded.",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(t("新增了使用者 carol", "Added the user carol")),
                        check: Check::UserExists { user: s("carol") },
                    },
                    Goal {
                        label: Some(t("carol 有一張有效的 USER 卡", "carol owns an accepted USER card")),
                        check: Check::Accepted { card: None, owner: Some(s("carol")), scope: Some(Scope::User) },
                    },
                    Goal {
                        label: Some(t("揭曉後,carol 每個格子的預測都對", "Revealed, with every carol cell predicted right")),
                        check: Check::All {
                            all: vec![
                                Check::UserExists { user: s("carol") },
                                Check::Revealed,
                                Check::PredictedRight { cells: Cells { users: vec![s("carol")], agents: Vec::new() } },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "Carol 讀得到自己的 USER 卡、所有 GLOBAL 卡,以及她所用 Agent 的 AGENT 卡。",
                        "Carol reads her own USER card, every GLOBAL card, and the AGENT cards of the agent she is using.",
                    ),
                    t(
                        "carol 的 USER 卡要有擁有者 carol、任一 Agent、內容流 protected;她的兩個格子都會取回它與 G,carol · writer-v1 還會取回 A(writer-v1 的 AGENT 卡)。",
                        "Carol's USER card needs owner carol, any agent and the protected stream; both her cells retrieve it and G, and carol · writer-v1 also retrieves A (writer-v1's AGENT card).",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-action=\"predict-mode\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("4 · 把 Y 改成已核准", "4 · Flip Y to approved"),
                task: t(
                    "在座位表旁的「被拒絕的卡片」點 Y,在它的編輯器勾選「核准分享」。Y 會出現在每個格子,而且沒有警報。然後回答問題。",
                    "Select Y under “Rejected cards” beside the chart and tick “Sharing approved” in its editor. Y reaches every cell and no alarm fires. Then answer the question.",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(t("Y 已核准分享而且有效", "Y has sharing approved and is accepted")),
                        check: Check::All {
                            all: vec![
                                Check::Accepted { card: Some(CardRef::Id(s("Y"))), owner: None, scope: None },
                                Check::Approved { card: CardRef::Id(s("Y")), approved: true },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("每個格子都看到 Y", "Every cell retrieves Y")),
                        check: Check::Retrieves {
                            cells: Cells { users: Vec::new(), agents: Vec::new() },
                            card: CardRef::Id(s("Y")),
                        },
                    },
                    Goal {
                        label: Some(t("Y 分享後,沒有外洩警報", "No leak alarm once Y is shared")),
                        check: Check::All {
                            all: vec![
                                Check::Accepted { card: Some(CardRef::Id(s("Y"))), owner: None, scope: None },
                                Check::Approved { card: CardRef::Id(s("Y")), approved: true },
                                Check::NoLeak,
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "Y 寫的是「週二唯一的極地研究員偏好藍色」:沒有暗號,卻可能認出一個人。",
                        "Y says “the only polar researcher on Tuesday likes blue”: no canary in it, yet it may point at one person.",
                    ),
                    t(
                        "在編輯器的卡片 Y 上勾「核准分享」;回答問題時,記得規則只看標記。",
                        "Tick “Sharing approved” on card Y in the editor; for the question, remember the policy only reads the labels.",
                    ),
                ],
                solution: None,
                question: Some(
                    Question {
                        prompt: t("規則信任了什麼?暗號又看不到什麼?", "What did the policy trust, and what can a canary not see?"),
                        options: vec![
                            t(
                                "規則信任人工標的 share_approved 與 stream;暗號只抓得到原樣的假祕密,抓不到認出人的線索。",
                                "It trusted the hand-set share_approved and stream labels; a canary catches only its exact token, not clues that identify someone.",
                            ),
                            t(
                                "規則先仔細讀過 Y 的每一個字,確認裡面沒有任何能認出某個人的個人資料之後,才把它分享給座位表裡的每一位使用者與 Agent。",
                                "The policy read Y's text, checked that it holds nothing personal about anyone, and only then handed it to every viewer in the chart.",
                            ),
                            t(
                                "規則先問過 Alice 同不同意,而她同意把 Y 分享給每一個人。",
                                "The policy asked Alice for consent first, and she agreed to share Y with everyone.",
                            ),
                        ],
                        answer: 0,
                        takeaway: t(
                            "讀取規則照標記執行;內容能不能分享,要另外判斷、另外測。",
                            "The reading rules enforce the labels; whether content may be shared is a separate judgement with its own tests.",
                        ),
                    },
                ),
                points_to: Some(s("[data-panel=\"rejected\"] [data-rejected=\"Y\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("5 · 把 X 改成 reusable", "5 · Move X to the reusable stream"),
                task: t(
                    "在座位表旁的「被拒絕的卡片」點 X,把它的內容流改成 reusable,看 bob 的格子響起外洩警報;再按「復原」把它改回來。",
                    "Select X under “Rejected cards” beside the chart, set its stream to reusable and watch the leak alarm in bob's cells; then press Undo to put it back.",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(t("看到 X 造成的外洩警報", "Saw the leak alarm X causes")),
                        check: Check::Once {
                            key: Milestone(s("x-alarm")),
                            of: Box::new(Check::LeakBy { card: s("X") }),
                        },
                    },
                    Goal {
                        label: Some(t("X 已改回 protected,沒有警報", "X is protected again and no alarm fires")),
                        check: Check::All {
                            all: vec![
                                Check::Once {
                                    key: Milestone(s("x-alarm")),
                                    of: Box::new(Check::LeakBy { card: s("X") }),
                                },
                                Check::Stream { card: CardRef::Id(s("X")), stream: Stream::Protected },
                                Check::NoLeak,
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "X 是 GLOBAL 且已核准;只差內容流。改成 reusable 後,Alice 的暗號就會被送到所有人面前。",
                        "X is GLOBAL and approved; only its stream holds it back. Once reusable, Alice's canary reaches everyone.",
                    ),
                    t(
                        "在 X 的「內容流」選 reusable,等警報響起,再按上方的「復原」。",
                        "Pick reusable in X's stream field, wait for the alarm, then press Undo at the top.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"rejected\"] [data-rejected=\"X\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("6 · 改完再查一次", "6 · Change it, then ask again"),
                task: t(
                    "一項一項做,每做一項就看下面三張成績單:撤回 A 的分享核准;刪掉 Alice 的 USER 偏好 U;新增 Agent writer-v2(Alice 換 Agent);新增一位沒有任何卡片的使用者。",
                    "Do these one by one and read the three scorecards after each: revoke A's sharing approval; delete Alice's USER preference U; add the agent writer-v2 (Alice switches agent); add a user nobody knows (no cards).",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(t("撤回 A 的分享核准", "Revoked A's sharing approval")),
                        check: Check::Approved { card: CardRef::Id(s("A")), approved: false },
                    },
                    Goal {
                        label: Some(t("刪掉 Alice 的 USER 偏好 U", "Deleted Alice's USER preference U")),
                        check: Check::Absent { card: s("U") },
                    },
                    Goal {
                        label: Some(t("新增 Agent writer-v2", "Added the agent writer-v2")),
                        check: Check::AgentExists { agent: s("writer-v2") },
                    },
                    Goal { label: Some(t("新增一位沒人認識的使用者", "Added a user nobody knows")), check: Check::Stranger },
                    Goal {
                        label: Some(t("改之前與每項改完後,都記錄了兩張成績單", "Recorded both scorecards before and after each change")),
                        check: Check::RecordedEach { changes: 4 },
                    },
                ],
                hints: vec![
                    t(
                        "每一項都在編輯器或「使用者、Agent 與暗號」區完成。三張成績單要分開看:該看到的有沒有取回,不該看到的有沒有出現,認得出身分的內容有沒有出現。",
                        "Each item is done in the editor or in “Users, agents and canaries”. Read the three scorecards separately: what should be seen, what must not be, and what singles a person out.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-view=\"alice/writer-v1\"] [data-card-id=\"A\"]")),
                panels: vec![s("people")],
                cell: None,
            },
            Exercise {
                title: t("7 · 沒有暗號,還是認得出人", "7 · No canary, and still a person"),
                task: t(
                    "Y 在練習 4 已經核准分享(還沒的話,在「被拒絕的卡片」點 Y,勾選「核准分享」):沒有外洩警報,但重新識別探測在 bob 的格子標出 alice(◎)。點任一格子裡的 Y,改寫它的內容(或縮小它的範圍),直到探測什麼都找不到,而且 Y 仍然有人讀得到。",
                    "Y has had sharing approved since exercise 4 (if not, select Y under “Rejected cards” and tick “Sharing approved”): no leak alarm fires, but the re-identification probe marks alice in bob's cells (◎). Click Y in any cell and rewrite its lesson (or narrow its scope) until the probe finds nothing and Y still reaches someone.",
                ),
                start: Start::Seed,
                goal: vec![
                    Goal {
                        label: Some(
                            t(
                                "核准 Y 後:沒有外洩警報,探測卻認出了 alice",
                                "Approved Y: no leak alarm, yet the probe singled out alice",
                            ),
                        ),
                        check: Check::Once {
                            key: Milestone(s("y-reid")),
                            of: Box::new(
                                Check::All { all: vec![Check::NoLeak, Check::SinglesOut { card: CardRef::Id(s("Y")) }] },
                            ),
                        },
                    },
                    Goal {
                        label: Some(t("Y 仍然有人讀得到", "Y still reaches someone")),
                        check: Check::All {
                            all: vec![
                                Check::Once {
                                    key: Milestone(s("y-reid")),
                                    of: Box::new(
                                        Check::All {
                                            all: vec![Check::NoLeak, Check::SinglesOut { card: CardRef::Id(s("Y")) }],
                                        },
                                    ),
                                },
                                Check::Reaches { card: CardRef::Id(s("Y")) },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("探測在 Y 裡什麼都找不到", "The probe finds nothing in Y")),
                        check: Check::All {
                            all: vec![
                                Check::Once {
                                    key: Milestone(s("y-reid")),
                                    of: Box::new(
                                        Check::All {
                                            all: vec![Check::NoLeak, Check::SinglesOut { card: CardRef::Id(s("Y")) }],
                                        },
                                    ),
                                },
                                Check::Reaches { card: CardRef::Id(s("Y")) },
                                Check::ProbeClean { card: CardRef::Id(s("Y")) },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "探測比對的是個人資料:alice 是「極地研究員」、值班日「週二」。拿掉這些線索,只留下偏好(例如「報告偏好藍色」);或把 Y 改成只給 alice 自己的 PAIR/USER 卡。",
                        "The probe looks for profile facts: alice is the “polar researcher”, on “Tuesday”. Drop those clues and keep only the preference (say, “Reports: prefer blue”); or make Y a PAIR or USER card for alice alone.",
                    ),
                    t(
                        "把 Y 的內容改成「報告偏好藍色」,不要提到研究員或週二。",
                        "Rewrite Y's lesson as “Reports: prefer blue”, with no researcher and no Tuesday.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"rejected\"] [data-rejected=\"Y\"]")),
                panels: Vec::new(),
                cell: None,
            },
        ],
    }
}

#[rustfmt::skip]
#[inline(never)]
pub(crate) fn lesson2() -> Pack {
    Pack {
        format: 1,
        id: s("lesson2"),
        version: 1,
        title: t("第 2 課:記憶與時間", "Lesson 2: memory over time"),
        exercises: vec![
            Exercise {
                title: t("寫的人不能自己審", "The writer is not the reviewer"),
                task: t(
                    "A 是 alice/writer-v1 寫的 AGENT 候選卡,還沒有人讀得到。在「誰在操作」選 writer-v1(或 alice/writer-v1),選卡片 A,按「發布」:會被拒絕。再改選審查者 dana 發布,看 bob · writer-v1 取回 A,紀錄裡同時有寫入者與審查者。",
                    "A is a candidate AGENT card written by alice/writer-v1: nobody reads it yet. In “Act as” pick writer-v1 (or alice/writer-v1), choose card A and press Publish: it is refused. Then act as the reviewer dana and publish it: bob · writer-v1 retrieves A, and the log shows both the writer and the reviewer.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("以寫入者身分發布 A,被拒絕了", "Publishing A as its writer was refused")),
                        check: Check::Refused {
                            act: s("publish"),
                            actors: Vec::new(),
                            writer_of: Some(s("A")),
                            reasons: vec![s("not_a_reviewer"), s("reviewer_is_writer")],
                        },
                    },
                    Goal {
                        label: Some(t("由審查者(不是寫的人)發布了 A", "A reviewer, not its writer, published A")),
                        check: Check::PublishedBy { card: CardRef::Id(s("A")), reviewer: true },
                    },
                    Goal {
                        label: Some(t("bob · writer-v1 取回 A", "bob · writer-v1 retrieves A")),
                        check: Check::Retrieves {
                            cells: Cells { users: vec![s("bob")], agents: vec![s("writer-v1")] },
                            card: CardRef::Id(s("A")),
                        },
                    },
                    Goal {
                        label: Some(t("紀錄裡有 A 的提出與發布", "The log shows A proposed and published")),
                        check: Check::All {
                            all: vec![
                                Check::Logged { action: Action::Propose, card: s("A"), reason: None },
                                Check::Logged { action: Action::Publish, card: s("A"), reason: None },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "會跨使用者的卡(AGENT、GLOBAL)只能由名單上的審查者發布,而且不能是寫的人。先用寫入者試一次發布,再選 dana。",
                        "A card that crosses users (AGENT, GLOBAL) is published only by a listed reviewer who did not write it. Try publishing as its writer first, then pick dana.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"act\"] select[name=\"actor\"]")),
                panels: vec![s("act")],
                cell: None,
            },
            Exercise {
                title: t("writer-v1 → writer-v2", "writer-v1 → writer-v2"),
                task: t(
                    "先回答問題。再到「使用者、Agent 與暗號」新增 Agent writer-v2;以 alice/writer-v2 的身分選 A,「提出:我自己的副本」;這張候選卡誰也讀不到,直到 dana(不是寫的人)發布它。A 對 writer-v1 不變。",
                    "Answer the question first. Then add the agent writer-v2 under “Users, agents and canaries”; act as alice/writer-v2, choose A and “Propose: my own copy”. The candidate reaches nobody until dana (not its writer) publishes it. A stays as it was for writer-v1.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("新增了 Agent writer-v2", "Added the agent writer-v2")),
                        check: Check::AgentExists { agent: s("writer-v2") },
                    },
                    Goal {
                        label: Some(t("writer-v2 提出了 A 的副本(候選卡)", "A writer-v2 viewer proposed a copy of A")),
                        check: Check::Owner {
                            card: CardRef::CopyOf { copy_of: s("A"), agent: s("writer-v2") },
                            user: None,
                            agent: Some(s("writer-v2")),
                        },
                    },
                    Goal {
                        label: Some(t("副本由不是寫的人發布", "The copy was published by someone other than its writer")),
                        check: Check::PublishedBy {
                            card: CardRef::CopyOf { copy_of: s("A"), agent: s("writer-v2") },
                            reviewer: false,
                        },
                    },
                    Goal {
                        label: Some(t("bob · writer-v2 取回副本", "bob · writer-v2 retrieves the copy")),
                        check: Check::All {
                            all: vec![
                                Check::PublishedBy {
                                    card: CardRef::CopyOf { copy_of: s("A"), agent: s("writer-v2") },
                                    reviewer: false,
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("writer-v2")] },
                                    card: CardRef::CopyOf { copy_of: s("A"), agent: s("writer-v2") },
                                },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("A 對 writer-v1 不變", "A is unchanged for writer-v1")),
                        check: Check::All {
                            all: vec![
                                Check::Owner { card: CardRef::Id(s("A")), user: None, agent: Some(s("writer-v1")) },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("writer-v1")] },
                                    card: CardRef::Id(s("A")),
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "A 是 writer-v1 的 AGENT 卡:它跟著 writer-v1,不會自動跟到 writer-v2。要用 writer-v2 的身分提出副本,再由審查者發布。",
                        "A is writer-v1's AGENT card: it follows writer-v1 and never moves to writer-v2 by itself. Propose a copy as a writer-v2 viewer, then have a reviewer publish it.",
                    ),
                ],
                solution: None,
                question: Some(
                    Question {
                        prompt: t(
                            "A 發布後,新增 writer-v2:alice/writer-v2 與 bob/writer-v2 會取回 A 嗎?",
                            "Once A is published and writer-v2 is added, do alice/writer-v2 and bob/writer-v2 retrieve A?",
                        ),
                        options: vec![
                            t(
                                "兩個都會:A 已核准分享,所以每個 Agent 都讀得到。",
                                "Both do: A is approved for sharing, so every agent reads it.",
                            ),
                            t("只有 alice/writer-v2:A 是 alice 寫的。", "Only alice/writer-v2: alice wrote A."),
                            t(
                                "兩個都不會:A 是 writer-v1 的 AGENT 卡,只跟著 writer-v1。",
                                "Neither: A is writer-v1's AGENT card and follows writer-v1 only.",
                            ),
                        ],
                        answer: 2,
                        takeaway: t(
                            "換 Agent 版本,記憶不會自己搬過去:要當成新的候選卡,重新審查。",
                            "A new agent version does not inherit memory by itself: carry it over as a new candidate, and review it again.",
                        ),
                    },
                ),
                points_to: Some(s("[data-panel=\"lesson\"] .question legend")),
                panels: vec![s("people"), s("act")],
                cell: None,
            },
            Exercise {
                title: t("有毒的寫入", "A poisoned write"),
                task: t(
                    "G2 取代了 G,卻叫大家別再核對總數。選 G2 按「歷史」找出是誰、何時寫的;以 dana 身分寫下原因並按「還原」:各格子回到 G2 之前的樣子,G2 留在歷史裡、標為已還原。最後以 bob/writer-v1 替 alice 的 G 提出新版本:會被拒絕。",
                    "G2 replaced G and tells everyone to stop re-checking totals. Choose G2 and press History to see who wrote it and when; as dana, write a reason and press Roll back: the cells return to what they were before G2, and G2 stays in history, marked. Finally, as bob/writer-v1, propose a new version of alice's G: it is refused.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("打開了 G2 的歷史", "Opened G2's history")),
                        check: Check::Logged { action: Action::History, card: s("G2"), reason: None },
                    },
                    Goal {
                        label: Some(t("附原因還原了 G2", "Rolled G2 back with a reason")),
                        check: Check::All {
                            all: vec![
                                Check::Status { card: CardRef::Id(s("G2")), status: Status::RolledBack },
                                Check::Logged { action: Action::Rollback, card: s("G2"), reason: None },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("各格子回到 G2 之前,G2 留在歷史裡", "The cells are as before G2, and G2 stays in history")),
                        check: Check::RolledBackAsBefore { card: s("G2"), replaced: s("G") },
                    },
                    Goal {
                        label: Some(
                            t(
                                "bob/writer-v1 替 alice 的卡寫新版本,被拒絕",
                                "bob/writer-v1 writing a version of alice's card was refused",
                            ),
                        ),
                        check: Check::Refused {
                            act: s("propose"),
                            actors: vec![s("bob/writer-v1")],
                            writer_of: None,
                            reasons: vec![s("not_writers_own")],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "還原要有原因,只有擁有者或審查者能做。bob/writer-v1 只能寫自己的記憶。",
                        "A rollback needs a reason and is done by the owner or a reviewer. bob/writer-v1 may only write its own memory.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"act\"] select[name=\"act-card\"]")),
                panels: vec![s("act")],
                cell: None,
            },
            Exercise {
                title: t("忘了我", "Forget me"),
                task: t(
                    "以 alice(U 的擁有者)或 dana 的身分選 U,寫下原因(不要引用卡片內容),按「刪除」。FAKE-ALICE-731 不再出現在任何格子、快取或紀錄裡。再把時間軸拉回較早的時刻:U 只剩編號。",
                    "As alice (U's owner) or dana, choose U, write a reason (don't quote the card) and press Delete. FAKE-ALICE-731 is then in no cell, cached answer or log line. Drag the timeline back to an earlier tick: U is only an id there.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("附原因刪除了 U", "Deleted U with a reason")),
                        check: Check::All {
                            all: vec![
                                Check::Tombstone { card: CardRef::Id(s("U")) },
                                Check::Logged { action: Action::Delete, card: s("U"), reason: None },
                            ],
                        },
                    },
                    Goal {
                        label: Some(
                            t("FAKE-ALICE-731 不在任何格子、快取或紀錄裡", "FAKE-ALICE-731 is in no cell, cached answer or log line"),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::All {
                                    all: vec![
                                        Check::Tombstone { card: CardRef::Id(s("U")) },
                                        Check::Logged { action: Action::Delete, card: s("U"), reason: None },
                                    ],
                                },
                                Check::TracesClear { text: s("FAKE-ALICE-731") },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("回到較早的時刻,U 只剩編號", "At an earlier tick, U is only an id")),
                        check: Check::All {
                            all: vec![
                                Check::All {
                                    all: vec![
                                        Check::Tombstone { card: CardRef::Id(s("U")) },
                                        Check::Logged { action: Action::Delete, card: s("U"), reason: None },
                                    ],
                                },
                                Check::Once {
                                    key: Milestone(s("tombstone:U")),
                                    of: Box::new(Check::BeforeDeletion { card: s("U") }),
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "刪除要附原因,原因不能引用卡片內容;刪除後再用時間軸回到時刻 0 看看。",
                        "Deleting needs a reason that does not quote the card; then scrub the timeline back to tick 0.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"act\"] select[name=\"actor\"]")),
                panels: vec![s("act")],
                cell: None,
            },
            Exercise {
                title: t("快取鍵", "The cache key"),
                task: t(
                    "在「回應快取」以審查者 dana 的身分、寫下原因,取消勾選使用者、Agent 與政策版本:bob/checker-v1 拿到 alice 的快取答案,FAKE-ALICE-731 外洩。(練習 4 刪掉了 U?保留 Agent,以 alice/checker-v1「查詢一次」:FAKE-BOB-852 外洩。)再把鍵改好,直到每一次重播的查詢都乾淨。",
                    "Under “Response cache”, as the reviewer dana with a reason, untick user, agent and policy version: bob/checker-v1 is served alice's cached answer and FAKE-ALICE-731 leaks. (U deleted in exercise 4? Keep the agent and press “Ask the query” as alice/checker-v1: FAKE-BOB-852 leaks.) Then fix the key until every replayed read is clean.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(
                            t(
                                "看到快取外洩了暗號(FAKE-ALICE-731,或 U 刪掉後的 FAKE-BOB-852)",
                                "Saw the cache leak a canary (FAKE-ALICE-731, or FAKE-BOB-852 once U is deleted)",
                            ),
                        ),
                        check: Check::Once { key: Milestone(s("cache-leak")), of: Box::new(Check::CacheLeaks) },
                    },
                    Goal {
                        label: Some(t("每一次重播的查詢都乾淨", "Every replayed read is clean")),
                        check: Check::All {
                            all: vec![
                                Check::Once { key: Milestone(s("cache-leak")), of: Box::new(Check::CacheLeaks) },
                                Check::CacheClean,
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "只用查詢當鍵,所有使用者共用同一份答案。快取鍵只有審查者能改。U 刪掉之後,保留 Agent,讓 alice/checker-v1 查詢一次:她會拿到 bob/checker-v1 的答案。把使用者與 Agent(還有政策版本)放回鍵裡。",
                        "With the query alone as the key, every user shares one answer. Only a reviewer changes the key. Once U is deleted, keep the agent in the key and have alice/checker-v1 ask: she is served bob/checker-v1's answer. Put user and agent (and the policy version) back into the key.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"cache\"] input[type=\"checkbox\"]")),
                panels: vec![s("cache"), s("act")],
                cell: None,
            },
            Exercise {
                title: t("撤回之後,清掉副本", "Revoke, then clean the copies"),
                task: t(
                    "A 還是候選卡的話,先以 dana 發布。以 bob/writer-v1「查詢一次」(含 A 的答案被快取);以 dana 附原因撤回 A;再以 bob/writer-v1 查詢一次:過時的 A 仍從快取送出。以 dana 附原因勾選「清除」,再看兩張成績單:該看到的全部取回,不該看到的一張都沒出現。",
                    "If A is still a candidate, publish it as dana. As bob/writer-v1, press “Ask the query” (the answer holding A is cached); as dana, revoke A with a reason; ask again as bob/writer-v1: the stale copy of A is still served. As dana, with a reason, turn on purging, then read both scorecards: should-see retrieved stays full and forbidden appeared stays at zero.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("附原因撤回了 A", "Revoked A with a reason")),
                        check: Check::All {
                            all: vec![
                                Check::Status { card: CardRef::Id(s("A")), status: Status::Revoked },
                                Check::Logged { action: Action::Revoke, card: s("A"), reason: None },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("看到過時的 A 仍從快取送出", "Saw the stale copy of A served from the cache")),
                        check: Check::Once {
                            key: Milestone(s("stale:A")),
                            of: Box::new(Check::StaleServed { card: s("A") }),
                        },
                    },
                    Goal {
                        label: Some(t("開了清除,沒有過時的讀取", "Purging is on, and no read is stale")),
                        check: Check::All {
                            all: vec![
                                Check::All {
                                    all: vec![
                                        Check::Status { card: CardRef::Id(s("A")), status: Status::Revoked },
                                        Check::Logged { action: Action::Revoke, card: s("A"), reason: None },
                                    ],
                                },
                                Check::Once {
                                    key: Milestone(s("stale:A")),
                                    of: Box::new(Check::StaleServed { card: s("A") }),
                                },
                                Check::CachePurges,
                                Check::CacheClean,
                            ],
                        },
                    },
                    Goal {
                        label: Some(
                            t(
                                "兩張成績單:該看到的全部取回,不該看到的 0",
                                "Both scorecards: should-see retrieved full, forbidden appeared 0",
                            ),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::All {
                                    all: vec![
                                        Check::All {
                                            all: vec![
                                                Check::Status { card: CardRef::Id(s("A")), status: Status::Revoked },
                                                Check::Logged { action: Action::Revoke, card: s("A"), reason: None },
                                            ],
                                        },
                                        Check::Once {
                                            key: Milestone(s("stale:A")),
                                            of: Box::new(Check::StaleServed { card: s("A") }),
                                        },
                                        Check::CachePurges,
                                        Check::CacheClean,
                                    ],
                                },
                                Check::ScorecardsPerfect,
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "撤回只改了卡片,快取裡的副本還在;要在撤回時清除含它的答案。過時的讀取要在撤回之後再查詢一次才看得到。",
                        "Revoking changes the card, not the copies already cached; purging drops the answers holding it. A stale read shows only when someone asks again after the revocation.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"act\"] select[name=\"actor\"]")),
                panels: vec![s("act")],
                cell: None,
            },
            Exercise {
                title: t("時鐘與存放層", "Clock and tiers"),
                task: t(
                    "按「時鐘往前一格」直到時刻 7 以後:工作記憶 W 與情景記憶 E 先後到期,紀錄裡各有 ttl 原因;S 是保留的安全規則(程序記憶,時刻 7 就超過 6 個時刻),仍在每個格子。再選 S,在「保留期限與存放層」把它從 cold 移到 hot:沒有任何格子改變。",
                    "Press “Advance the clock” until tick 7 or later: W (working memory) and E (episodic) expire, each with its ttl reason in the log; S, a held safety rule (procedural, past its 6 ticks at tick 7), stays in every cell. Then choose S and, under “Retention and tiers”, move it from cold to hot: no cell changes.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("時鐘走到時刻 7 以後", "The clock is at tick 7 or later")),
                        check: Check::ClockAtLeast { tick: 7 },
                    },
                    Goal {
                        label: Some(t("W 到期(ttl:working)", "W expired (ttl:working)")),
                        check: Check::Logged { action: Action::Expire, card: s("W"), reason: Some(s("ttl:working")) },
                    },
                    Goal {
                        label: Some(t("E 到期(ttl:episodic)", "E expired (ttl:episodic)")),
                        check: Check::Logged { action: Action::Expire, card: s("E"), reason: Some(s("ttl:episodic")) },
                    },
                    Goal {
                        label: Some(t("保留的 S 仍在每個格子", "The held S is still in every cell")),
                        check: Check::All {
                            all: vec![
                                Check::ClockAtLeast { tick: 7 },
                                Check::Retrieves {
                                    cells: Cells { users: Vec::new(), agents: Vec::new() },
                                    card: CardRef::Id(s("S")),
                                },
                            ],
                        },
                    },
                    Goal {
                        label: Some(
                            t("S 從 cold 移到 hot,每個格子仍有 S", "S moved from cold to hot, and every cell still has S"),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::ClockAtLeast { tick: 7 },
                                Check::Tier { card: CardRef::Id(s("S")), tier: Tier::Hot },
                                Check::Retrieves {
                                    cells: Cells { users: Vec::new(), agents: Vec::new() },
                                    card: CardRef::Id(s("S")),
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "每按一次時鐘就往前一格並清理到期的卡片。W 保留 3 格、E 4 格、S 6 格,但 S 被保留。存放層只是放在哪裡,不影響誰讀得到。",
                        "Each press moves the clock one tick and sweeps. W is kept 3 ticks, E 4 and S 6, but S is held. A tier is only where a card is stored; it never changes who reads it.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"act\"] [data-action=\"advance\"]")),
                panels: vec![s("act"), s("retention")],
                cell: None,
            },
            Exercise {
                title: t("同一個部門的五個人", "Five people in one department"),
                task: t(
                    "在「使用者、Agent 與暗號」新增 dave 與 erin:座位表上有五個人。回答問題。再到「群組」以審查者 dana 的身分、寫下原因,把 report-team 改成三個人(alice、carol、dave):團隊的 GROUP 卡 T 正好給這三個人。",
                    "Add the users dave and erin under “Users, agents and canaries”: five people in the chart. Answer the question. Then, under “Groups”, acting as the reviewer dana with a reason, make report-team three people (alice, carol and dave): T, the team's GROUP card, reaches exactly those three.",
                ),
                start: Start::LessonTwo,
                goal: vec![
                    Goal {
                        label: Some(t("座位表上有五個人", "Five users in the chart")),
                        check: Check::UserCount { at_least: 5 },
                    },
                    Goal {
                        label: Some(t("report-team 正好三個人", "report-team has exactly three members")),
                        check: Check::GroupSize { group: s("report-team"), members: 3 },
                    },
                    Goal {
                        label: Some(t("T 正好給 report-team 的成員", "T reaches exactly report-team's members")),
                        check: Check::All {
                            all: vec![
                                Check::GroupSize { group: s("report-team"), members: 3 },
                                Check::ReachesGroup { card: CardRef::Id(s("T")), group: s("report-team") },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "四種範圍只分「一位使用者」或「所有使用者」;三個人要宣告成群組。群組成員只有審查者能改;以 dana 勾選 report-team 的成員,讓它剛好三人。",
                        "The four scopes reach one user or all users; three people need a declared group. Only a reviewer changes a group: as dana, tick report-team's members until it is exactly three.",
                    ),
                ],
                solution: None,
                question: Some(
                    Question {
                        prompt: t(
                            "哪一種四範圍卡片能正好給五個人中的三個(例如 alice、carol、dave)?",
                            "Which four-scope card reaches exactly three of the five users (say alice, carol and dave)?",
                        ),
                        options: vec![
                            t("alice 的 USER 卡,標成可分享。", "A USER card of alice's, marked shareable."),
                            t("一張已核准的 GLOBAL 卡。", "An approved GLOBAL card."),
                            t("一張 AGENT 卡。", "An AGENT card."),
                            t(
                                "沒有:範圍只分一位使用者或所有使用者;只有宣告的群組做得到。",
                                "None: a scope is one user or all users; only a declared group can.",
                            ),
                        ],
                        answer: 3,
                        takeaway: t(
                            "團隊的祕密若升級成 GLOBAL,五個人,連同之後加入的每一個人,全都讀得到。團隊要用群組,不要用 GLOBAL。",
                            "Promote a team's secret to GLOBAL and all five read it, and everyone added later. A team needs a group, never GLOBAL.",
                        ),
                    },
                ),
                points_to: Some(s("[data-panel=\"people\"] input[name=\"new_user\"]")),
                panels: vec![s("people"), s("groups")],
                cell: None,
            },
        ],
    }
}

#[cfg(feature = "lesson3")]
#[rustfmt::skip]
#[inline(never)]
pub(crate) fn lesson3() -> Pack {
    Pack {
        format: 1,
        id: s("lesson3"),
        version: 1,
        title: t("第 3 課:什麼會進提示詞", "Lesson 3: what reaches the prompt"),
        exercises: vec![
            Exercise {
                title: t("越聊越長的工作階段", "The session that grew"),
                task: t(
                    "bob · checker-v1 的長工作階段(H1–H8)一開始就全部載入,把共用預算(200 個詞元)塞滿;安全規則 S 設成「依任務取回」,排在後面,進不了 bob 的提示詞。不提高總預算,也不把 bob 的歷史交給別人,把 S 找回來。",
                    "bob · checker-v1's long session (H1–H8) is all loaded at the start and fills the shared budget (200 tokens); the safety rule S is left to retrieval, queued behind, and misses bob's prompt. Get S back without raising the total budget, and without handing bob's history to anyone else.",
                ),
                start: Start::LessonThree,
                goal: vec![
                    Goal {
                        label: Some(t("S 進了 bob · checker-v1 的提示詞", "S reaches bob · checker-v1's prompt")),
                        check: Check::InPrompt {
                            cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                            card: CardRef::Id(s("S")),
                        },
                    },
                    Goal {
                        label: Some(t("總預算沒有超過 200 個詞元", "The total budget stays at most 200 tokens")),
                        check: Check::TotalBudgetAtMost { tokens: 200 },
                    },
                    Goal {
                        label: Some(
                            t(
                                "H1–H8 仍是 bob 的歷史:bob · checker-v1 全部讀得到",
                                "H1–H8 stay bob's history: bob · checker-v1 still reads them all",
                            ),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H1")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H2")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H3")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H4")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H5")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H6")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H7")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H8")),
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "選 bob · checker-v1 的格子看提示詞:S 被丟掉的原因是「共用預算在 H6 放不下時就停了」。提高預算可以,但這題不准。",
                        "Open bob · checker-v1's prompt: S is dropped because the shared budget stopped at H6, which did not fit. Raising the budget would work, but not here.",
                    ),
                    t(
                        "罕見但高風險的規則不該跟歷史搶位置:把 S 標成高風險(risk: high)或一律載入;或從共用預算切一塊給事件記憶,總數不變。把 H6–H8 改給別人也能騰出位置,但那是把 bob 的記憶交出去,不算。",
                        "A rare, high-risk rule must not compete with history for room: mark S high-risk (risk: high) or always in; or carve a budget for episodic memory out of the shared one, keeping the total. Handing H6–H8 to another owner would make room too, but that gives bob's memory away: it does not count.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"prompt-settings\"] input[name=\"budget-shared\"]")),
                panels: Vec::new(),
                cell: Some(s("bob/checker-v1")),
            },
            Exercise {
                title: t("分層勝過全部倒進去", "Layered beats dumping"),
                task: t(
                    "bob · checker-v1 的任務需要 S、G2 與 W。讓啟動時載入的詞元不超過全部倒進去(這個練習開始時 bob 讀得到的每一張卡)的 40%,而且三張都進提示詞。要靠分層:bob 的歷史在需要時取回,不是被較小的預算切掉(較小的視窗會丟掉早期的重要決定)。",
                    "bob · checker-v1's task needs S, G2 and W. Make the start load at most 40% of the baseline (every card bob may read when this exercise starts, dumped in), with all three in the prompt. Do it by layering: bob's history is retrieved when needed, not cut off by a smaller budget (a smaller window loses early key decisions).",
                ),
                start: Start::LessonThree,
                goal: vec![
                    Goal {
                        label: Some(
                            t(
                                "啟動詞元不超過基準的 40%(以開始時的卡計算)",
                                "Startup tokens at most 40% of the baseline (measured on the cards the exercise starts with)",
                            ),
                        ),
                        check: Check::StartupAtMost {
                            cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                            percent: 40,
                            baseline: Some(Start::LessonThree),
                        },
                    },
                    Goal {
                        label: Some(t("任務所需的 S、G2、W 全進了提示詞", "S, G2 and W, all the task needs, reach the prompt")),
                        check: Check::HitRate {
                            cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                            percent: 100,
                        },
                    },
                    Goal {
                        label: Some(
                            t(
                                "bob 的歷史(H1–H8)依需要取回,沒有被預算切掉",
                                "bob's history (H1–H8) is retrieved on demand, none of it cut by a budget",
                            ),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::OnDemand {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    source: Source::Episodic,
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H1")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H2")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H3")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H4")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H5")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H6")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H7")),
                                },
                                Check::Retrieves {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: CardRef::Id(s("H8")),
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "啟動時載入的是「一律載入」那一層;事件記憶被設成一律載入(prompt.load.episodic)。",
                        "The start is the “always in” layer; episodic memory is set to load always (prompt.load.episodic).",
                    ),
                    t(
                        "把事件記憶改成「依任務取回」或「工具按需讀取」:歷史在需要時才讀;S、G2、W 要留在提示詞裡。把共用預算降到 50 也能讓啟動變小,但那是把歷史切掉,不是分層。",
                        "Set episodic memory to “retrieved” or “by tool”: history is read on demand; keep S, G2 and W in the prompt. Lowering the shared budget to 50 would shrink the start too, but it cuts the history off: that is no layering.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"prompt-settings\"] select[name=\"load-episodic\"]")),
                panels: Vec::new(),
                cell: Some(s("bob/checker-v1")),
            },
            Exercise {
                title: t("四則「它忘了」的回報", "Four “it forgot” reports"),
                task: t(
                    "對每一則回報:在座位表選回報的格子(它的提示詞會打開),在「卡片:」選那張卡,按「診斷」。(1) alice · writer-v1:「它忘了 G」;(2) bob · checker-v1:「它忘了 M」;(3) bob · checker-v1:「它忘了 carol 寫的 C」;(4) alice · checker-v1:「它忘了 A」。每則診斷依序問四個問題:寫進去了嗎?取得回來嗎?進了提示詞嗎?被遺忘了嗎?再回答問題。",
                    "For each report, choose its cell in the chart (its prompt opens), pick the card under “Card:” and press Diagnose: (1) alice · writer-v1: “it forgot G”; (2) bob · checker-v1: “it forgot M”; (3) bob · checker-v1: “it forgot carol's C”; (4) alice · checker-v1: “it forgot A”. Each diagnosis asks four questions in order: was it written? can it be retrieved? did it reach the prompt? was it forgotten? Then answer the question.",
                ),
                start: Start::LessonThree,
                goal: vec![
                    Goal {
                        label: Some(t("診斷了回報 (1) G · alice · writer-v1", "Diagnosed report (1) G · alice · writer-v1")),
                        check: Check::All {
                            all: vec![
                                Check::Diagnosed {
                                    cells: Cells { users: vec![s("alice")], agents: vec![s("writer-v1")] },
                                    card: s("G"),
                                },
                                Check::DiagnosisStops {
                                    cells: Cells { users: vec![s("alice")], agents: vec![s("writer-v1")] },
                                    card: s("G"),
                                    at: Asked::Forgotten,
                                },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("診斷了回報 (2) M · bob · checker-v1", "Diagnosed report (2) M · bob · checker-v1")),
                        check: Check::All {
                            all: vec![
                                Check::Diagnosed {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: s("M"),
                                },
                                Check::DiagnosisStops {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: s("M"),
                                    at: Asked::InPrompt,
                                },
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("診斷了回報 (3) C · bob · checker-v1", "Diagnosed report (3) C · bob · checker-v1")),
                        check: Check::All {
                            all: vec![
                                Check::Diagnosed {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: s("C"),
                                },
                                Check::DiagnosisStops {
                                    cells: Cells { users: vec![s("bob")], agents: vec![s("checker-v1")] },
                                    card: s("C"),
                                    at: Asked::Written,
                                },
                            ],
                        },
                    },
                    Goal {
                        label: Some(
                            t("診斷了回報 (4) A · alice · checker-v1", "Diagnosed report (4) A · alice · checker-v1"),
                        ),
                        check: Check::All {
                            all: vec![
                                Check::Diagnosed {
                                    cells: Cells { users: vec![s("alice")], agents: vec![s("checker-v1")] },
                                    card: s("A"),
                                },
                                Check::DiagnosisStops {
                                    cells: Cells { users: vec![s("alice")], agents: vec![s("checker-v1")] },
                                    card: s("A"),
                                    at: Asked::Retrievable,
                                },
                            ],
                        },
                    },
                ],
                hints: vec![
                    t(
                        "每則診斷停在第一個答錯的問題:前三題答「否」,或第四題答「是」。診斷要在回報的格子上按:先在座位表選那個格子。",
                        "Each diagnosis stops at the first wrong answer: a “no” to one of the first three, or a “yes” to the fourth. Diagnose from the report's own cell: choose that cell in the chart first.",
                    ),
                    t(
                        "G 已被 G2 取代;M 是只由工具讀取的後設記憶;C 還是候選卡;A 是 writer-v1 的 AGENT 卡。",
                        "G2 replaced G; M is meta memory read only by a tool; C is still a candidate; A is writer-v1's AGENT card.",
                    ),
                ],
                solution: None,
                question: Some(
                    Question {
                        prompt: t("四則診斷各停在哪一題?", "Where does each diagnosis stop?"),
                        options: vec![
                            t(
                                "(1) 寫進去了嗎 (2) 取得回來嗎 (3) 進了提示詞嗎 (4) 被遺忘了嗎",
                                "(1) written (2) retrievable (3) in the prompt (4) forgotten",
                            ),
                            t(
                                "(1) 被遺忘了嗎 (2) 取得回來嗎 (3) 寫進去了嗎 (4) 進了提示詞嗎",
                                "(1) forgotten (2) retrievable (3) written (4) in the prompt",
                            ),
                            t(
                                "(1) 被遺忘了嗎 (2) 進了提示詞嗎 (3) 寫進去了嗎 (4) 取得回來嗎",
                                "(1) forgotten (2) in the prompt (3) written (4) retrievable",
                            ),
                            t("四則都停在「寫進去了嗎」", "All four stop at “written”"),
                        ],
                        answer: 2,
                        takeaway: t(
                            "多數「它忘了」卡在前兩步:根本沒寫進去,或取不回來。先查這兩步,再怪提示詞。",
                            "Most “it forgot” reports stop at the first two questions: never written, or not retrievable. Check those before blaming the prompt.",
                        ),
                    },
                ),
                points_to: Some(s("[data-panel=\"prompt\"] [data-action=\"diagnose\"]")),
                panels: Vec::new(),
                cell: None,
            },
            Exercise {
                title: t("不用過時的記憶", "No stale memory"),
                task: t(
                    "G2 在時刻 2 取代了 G,但 bob · checker-v1 第二次查詢時,快取送出的答案裡還有 G。讓任何提示詞與任何快取答案都不再有 G。快取的設定只有名單上的審查者能改:以 dana 的身分操作,並寫下理由(alice · writer-v1 不是審查者)。",
                    "G2 replaced G at tick 2, yet bob · checker-v1's second read was served a cached answer still holding G. Make sure no prompt and no cached answer holds G. Only a listed reviewer may change the cache's settings: act as dana, and give a reason (alice · writer-v1 is no reviewer).",
                ),
                start: Start::LessonThree,
                goal: vec![
                    Goal {
                        label: Some(t("沒有任何提示詞有 G,也沒有用到過時的卡", "No prompt holds G, and none uses a stale card")),
                        check: Check::All {
                            all: vec![
                                Check::NotInPrompt {
                                    cells: Cells { users: Vec::new(), agents: Vec::new() },
                                    card: CardRef::Id(s("G")),
                                },
                                Check::NoStaleUse,
                            ],
                        },
                    },
                    Goal {
                        label: Some(t("快取會清除,每一次重播的查詢都乾淨", "The cache purges, and every replayed read is clean")),
                        check: Check::All { all: vec![Check::CachePurges, Check::CacheClean] },
                    },
                ],
                hints: vec![
                    t(
                        "提示詞只從目前生效的卡組起來,所以 G 已經不在任何提示詞裡;快取不一樣,它的答案是在 G 被取代前存的。",
                        "A prompt is assembled only from what is in effect, so G is already in no prompt; the cache is another matter: its answers were saved before G was replaced.",
                    ),
                    t(
                        "在「回應快取」勾選「清除」:含有被撤下的卡的答案會被丟掉。",
                        "Under “Response cache”, turn on purging: answers holding a retired card are dropped.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"cache\"] input[name=\"purge\"]")),
                panels: vec![s("cache")],
                cell: None,
            },
            Exercise {
                title: t("常用不等於正確", "Popular is not right"),
                task: t(
                    "在 alice · writer-v1 查「總數」的任務裡,F(alice 自己的筆記,用了 42 次,寫的人自評可信度 90,從沒被審查)排在 R(dana 審查過的證據)前面。修正排序的權重,讓審查過的證據因為審查而勝出:改 F 的內容或卡的可信度不算,使用次數也不是排序的輸入。",
                    "In alice · writer-v1's task on totals, F — alice's own note, used 42 times, rated 90 reliable by its writer, never reviewed — outranks R, the evidence dana reviewed. Fix the ranking's weights so that reviewed evidence wins because review counts: editing F's text or a card's reliability does not count, and usage is no ranking input.",
                ),
                start: Start::LessonThree,
                goal: vec![
                    Goal {
                        label: Some(
                            t(
                                "R 排在 F 前面,而且進了 alice · writer-v1 的提示詞",
                                "R ranks above F and reaches alice · writer-v1's prompt",
                            ),
                        ),
                        check: Check::RanksAbove {
                            cells: Cells { users: vec![s("alice")], agents: vec![s("writer-v1")] },
                            card: s("R"),
                            over: s("F"),
                        },
                    },
                    Goal {
                        label: Some(
                            t(
                                "R 靠審查的權重勝出,不是靠改 F 的內容或卡的可信度",
                                "R wins through the review weight, not through an edit of F's text or of a card's reliability",
                            ),
                        ),
                        check: Check::WinsOnlyBy {
                            cells: Cells { users: vec![s("alice")], agents: vec![s("writer-v1")] },
                            card: s("R"),
                            over: s("F"),
                            weight: s("review"),
                        },
                    },
                ],
                hints: vec![
                    t(
                        "降低 F 的使用次數(uses)什麼也不會改變:次數只顯示,不排序。看看排序的權重:審查(review)的權重是 0。",
                        "Lowering F's uses changes nothing: usage is shown, never ranked. Look at the ranking weights: review weighs 0.",
                    ),
                    t(
                        "給審查一個權重(例如 2)。刪掉 F 內容裡的「總數」或改高 R 的可信度也會換順序,但那是改證據,不是修排序,不算。",
                        "Give review a weight (say 2). Deleting “totals” from F's text or raising R's reliability would swap them too, but that edits the evidence instead of fixing the ranking: it does not count.",
                    ),
                ],
                solution: None,
                question: None,
                points_to: Some(s("[data-panel=\"prompt-settings\"] input[name=\"weight-review\"]")),
                panels: Vec::new(),
                cell: Some(s("alice/writer-v1")),
            },
        ],
    }
}
