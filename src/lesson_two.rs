//! Lesson 2, memory over time: exercises on the write path, retirement and
//! time, each checking itself against the policy's own results (the views,
//! the cards' life as the write path left it, the log, the crate's
//! `traces`). It starts from `mixua_policy::lesson_two_workspace`.

use mixua_policy::{replay_cache, traces, Action, Evaluation, Lang, Policy, Status};

use crate::computed::Reference;

use crate::lessons::{item, Item, Lesson, Question, Step};

pub const STEPS: &[Step] = &[
    Step {
        title: ("寫的人不能自己審", "The writer is not the reviewer"),
        task: (
            "A 是 alice/writer-v1 寫的 AGENT 候選卡,還沒有人讀得到。在「誰在操作」選 writer-v1(或 alice/writer-v1),選卡片 A,按「發布」:會被拒絕。再改選審查者 dana 發布,看 bob · writer-v1 取回 A,紀錄裡同時有寫入者與審查者。",
            "A is a candidate AGENT card written by alice/writer-v1: nobody reads it yet. In “Act as” pick writer-v1 (or alice/writer-v1), choose card A and press Publish: it is refused. Then act as the reviewer dana and publish it: bob · writer-v1 retrieves A, and the log shows both the writer and the reviewer.",
        ),
        hint: (
            "會跨使用者的卡(AGENT、GLOBAL)只能由名單上的審查者發布,而且不能是寫的人。先用寫入者試一次發布,再選 dana。",
            "A card that crosses users (AGENT, GLOBAL) is published only by a listed reviewer who did not write it. Try publishing as its writer first, then pick dana.",
        ),
        question: None,
    },
    Step {
        title: ("writer-v1 → writer-v2", "writer-v1 → writer-v2"),
        task: (
            "先回答問題。再到「使用者、Agent 與暗號」新增 Agent writer-v2;以 alice/writer-v2 的身分選 A,「提出:我自己的副本」;這張候選卡誰也讀不到,直到 dana(不是寫的人)發布它。A 對 writer-v1 不變。",
            "Answer the question first. Then add the agent writer-v2 under “Users, agents and canaries”; act as alice/writer-v2, choose A and “Propose: my own copy”. The candidate reaches nobody until dana (not its writer) publishes it. A stays as it was for writer-v1.",
        ),
        hint: (
            "A 是 writer-v1 的 AGENT 卡:它跟著 writer-v1,不會自動跟到 writer-v2。要用 writer-v2 的身分提出副本,再由審查者發布。",
            "A is writer-v1's AGENT card: it follows writer-v1 and never moves to writer-v2 by itself. Propose a copy as a writer-v2 viewer, then have a reviewer publish it.",
        ),
        question: Some(Question {
            prompt: (
                "A 發布後,新增 writer-v2:alice/writer-v2 與 bob/writer-v2 會取回 A 嗎?",
                "Once A is published and writer-v2 is added, do alice/writer-v2 and bob/writer-v2 retrieve A?",
            ),
            options: &[
                ("兩個都會:A 已核准分享,所以每個 Agent 都讀得到。", "Both do: A is approved for sharing, so every agent reads it."),
                ("只有 alice/writer-v2:A 是 alice 寫的。", "Only alice/writer-v2: alice wrote A."),
                ("兩個都不會:A 是 writer-v1 的 AGENT 卡,只跟著 writer-v1。", "Neither: A is writer-v1's AGENT card and follows writer-v1 only."),
            ],
            answer: 2,
            takeaway: (
                "換 Agent 版本,記憶不會自己搬過去:要當成新的候選卡,重新審查。",
                "A new agent version does not inherit memory by itself: carry it over as a new candidate, and review it again.",
            ),
        }),
    },
    Step {
        title: ("有毒的寫入", "A poisoned write"),
        task: (
            "G2 取代了 G,卻叫大家別再核對總數。選 G2 按「歷史」找出是誰、何時寫的;以 dana 身分寫下原因並按「還原」:各格子回到 G2 之前的樣子,G2 留在歷史裡、標為已還原。最後以 bob/writer-v1 替 alice 的 G 提出新版本:會被拒絕。",
            "G2 replaced G and tells everyone to stop re-checking totals. Choose G2 and press History to see who wrote it and when; as dana, write a reason and press Roll back: the cells return to what they were before G2, and G2 stays in history, marked. Finally, as bob/writer-v1, propose a new version of alice's G: it is refused.",
        ),
        hint: (
            "還原要有原因,只有擁有者或審查者能做。bob/writer-v1 只能寫自己的記憶。",
            "A rollback needs a reason and is done by the owner or a reviewer. bob/writer-v1 may only write its own memory.",
        ),
        question: None,
    },
    Step {
        title: ("忘了我", "Forget me"),
        task: (
            "以 alice(U 的擁有者)或 dana 的身分選 U,寫下原因(不要引用卡片內容),按「刪除」。FAKE-ALICE-731 不再出現在任何格子、快取或紀錄裡。再把時間軸拉回較早的時刻:U 只剩編號。",
            "As alice (U's owner) or dana, choose U, write a reason (don't quote the card) and press Delete. FAKE-ALICE-731 is then in no cell, cached answer or log line. Drag the timeline back to an earlier tick: U is only an id there.",
        ),
        hint: (
            "刪除要附原因,原因不能引用卡片內容;刪除後再用時間軸回到時刻 0 看看。",
            "Deleting needs a reason that does not quote the card; then scrub the timeline back to tick 0.",
        ),
        question: None,
    },
    Step {
        title: ("快取鍵", "The cache key"),
        task: (
            "在「回應快取」取消勾選使用者、Agent 與政策版本,只留下查詢:bob/checker-v1 的查詢拿到 alice 的快取答案,FAKE-ALICE-731 的警報響起。再把鍵改好,直到每一次重播的查詢都乾淨。",
            "Under “Response cache”, untick user, agent and policy version so that only the query makes the key: bob/checker-v1's read is served alice's cached answer and the FAKE-ALICE-731 alarm fires. Then fix the key until every replayed read is clean.",
        ),
        hint: (
            "只用查詢當鍵,所有使用者共用同一份答案。把使用者與 Agent(還有政策版本)放回鍵裡。",
            "With the query alone as the key, every user shares one answer. Put user and agent (and the policy version) back into the key.",
        ),
        question: None,
    },
    Step {
        title: ("撤回之後,清掉副本", "Revoke, then clean the copies"),
        task: (
            "A 還是候選卡的話,先以 dana 發布。以 bob/writer-v1「查詢一次」(含 A 的答案被快取);以 dana 附原因撤回 A;再以 bob/writer-v1 查詢一次:過時的 A 仍從快取送出。勾選「清除」,再看兩張成績單:該看到的全部取回,不該看到的一張都沒出現。",
            "If A is still a candidate, publish it as dana. As bob/writer-v1, press “Ask the query” (the answer holding A is cached); as dana, revoke A with a reason; ask again as bob/writer-v1: the stale copy of A is still served. Turn on purging, then read both scorecards: should-see retrieved stays full and forbidden appeared stays at zero.",
        ),
        hint: (
            "撤回只改了卡片,快取裡的副本還在;要在撤回時清除含它的答案。過時的讀取要在撤回之後再查詢一次才看得到。",
            "Revoking changes the card, not the copies already cached; purging drops the answers holding it. A stale read shows only when someone asks again after the revocation.",
        ),
        question: None,
    },
    Step {
        title: ("時鐘與存放層", "Clock and tiers"),
        task: (
            "按「時鐘往前一格」直到時刻 7 以後:工作記憶 W 與情景記憶 E 先後到期,紀錄裡各有 ttl 原因;S 是保留的安全規則(程序記憶,時刻 7 就超過 6 個時刻),仍在每個格子。再選 S,在「保留期限與存放層」把它從 cold 移到 hot:沒有任何格子改變。",
            "Press “Advance the clock” until tick 7 or later: W (working memory) and E (episodic) expire, each with its ttl reason in the log; S, a held safety rule (procedural, past its 6 ticks at tick 7), stays in every cell. Then choose S and, under “Retention and tiers”, move it from cold to hot: no cell changes.",
        ),
        hint: (
            "每按一次時鐘就往前一格並清理到期的卡片。W 保留 3 格、E 4 格、S 6 格,但 S 被保留。存放層只是放在哪裡,不影響誰讀得到。",
            "Each press moves the clock one tick and sweeps. W is kept 3 ticks, E 4 and S 6, but S is held. A tier is only where a card is stored; it never changes who reads it.",
        ),
        question: None,
    },
    Step {
        title: ("同一個部門的五個人", "Five people in one department"),
        task: (
            "在「使用者、Agent 與暗號」新增 dave 與 erin:座位表上有五個人。回答問題。再到「群組」把 report-team 改成三個人(alice、carol、dave):團隊的 GROUP 卡 T 正好給這三個人。",
            "Add the users dave and erin under “Users, agents and canaries”: five people in the chart. Answer the question. Then, under “Groups”, make report-team three people (alice, carol and dave): T, the team's GROUP card, reaches exactly those three.",
        ),
        hint: (
            "四種範圍只分「一位使用者」或「所有使用者」;三個人要宣告成群組。勾選 report-team 的成員,讓它剛好三人。",
            "The four scopes reach one user or all users; three people need a declared group. Tick report-team's members until it is exactly three.",
        ),
        question: Some(Question {
            prompt: (
                "哪一種四範圍卡片能正好給五個人中的三個(例如 alice、carol、dave)?",
                "Which four-scope card reaches exactly three of the five users (say alice, carol and dave)?",
            ),
            options: &[
                ("alice 的 USER 卡,標成可分享。", "A USER card of alice's, marked shareable."),
                ("一張已核准的 GLOBAL 卡。", "An approved GLOBAL card."),
                ("一張 AGENT 卡。", "An AGENT card."),
                ("沒有:範圍只分一位使用者或所有使用者;只有宣告的群組做得到。", "None: a scope is one user or all users; only a declared group can."),
            ],
            answer: 3,
            takeaway: (
                "團隊的祕密若升級成 GLOBAL,五個人,連同之後加入的每一個人,全都讀得到。團隊要用群組,不要用 GLOBAL。",
                "Promote a team's secret to GLOBAL and all five read it, and everyone added later. A team needs a group, never GLOBAL.",
            ),
        }),
    },
];

/// The tick lesson 2's clock exercise asks to reach: past every time to
/// live of its workspace (S, procedural, 6 ticks from tick 1).
pub const PAST_EVERY_TTL: u64 = 7;

/// The step whose panel shows both scorecards (revoke, then clean).
pub const SCORE_STEP: usize = 5;

/// What the app records once the cache has leaked a canary.
pub const CACHE_LEAK_SEEN: &str = "cache-leak";

/// What the app records once the cache has served a stale copy of a card.
pub fn stale_seen(id: &str) -> String {
    format!("stale:{id}")
}

/// The canary exercise "forget me" follows.
pub const FORGOTTEN: &str = "FAKE-ALICE-731";

/// What the app records when the learner looks at an earlier tick where a
/// deleted card is only a tombstone.
pub fn tombstone_seen(id: &str) -> String {
    format!("tombstone:{id}")
}

/// The items of a step of lesson 2, checked against the work now.
pub fn items(step: usize, lesson: Lesson<'_>, lang: Lang) -> Vec<Item> {
    let (ws, computed, progress) = (&*lesson.doc.workspace, lesson.computed, lesson.progress);
    let index = |id: &str| ws.cards.iter().position(|c| c.id == id);
    let sees = |user: &str, agent: &str, i: Option<usize>| {
        i.is_some_and(|i| computed.viewer_index(user, agent).is_some_and(|v| computed.four.views[v].contains(&i)))
    };
    let life = |i: usize| ws.cards[i].life();
    let refused = |act: &str, actors: &[&str], reasons: &[&str]| {
        progress.refused.iter().any(|key| {
            let parts: Vec<&str> = key.splitn(4, ':').collect();
            // act:card:actor:reason; an actor may not hold ':'.
            parts.len() == 4 && parts[0] == act && actors.contains(&parts[2]) && reasons.contains(&parts[3])
        })
    };
    let logged = |action: Action, card: &str| ws.events().any(|(_, e)| e.action == action && e.card.as_deref() == Some(card));
    match step {
        0 => {
            let a = index("A");
            let writer = a.and_then(|i| life(i)?.writer());
            let writer_names: Vec<String> =
                writer.iter().flat_map(|w| [w.key(), w.user.clone(), w.agent.clone()]).collect();
            let writer_names: Vec<&str> = writer_names.iter().map(String::as_str).collect();
            let approver = a.and_then(|i| life(i)?.approved_by.clone());
            let by_reviewer = a.is_some_and(|i| ws.cards[i].status() == Status::Accepted)
                && approver.as_ref().is_some_and(|r| ws.reviewers().contains(r) && !writer_names.contains(&r.as_str()));
            vec![
                item(
                    lang,
                    "以寫入者身分發布 A,被拒絕了",
                    "Publishing A as its writer was refused",
                    refused("publish", &writer_names, &["not_a_reviewer", "reviewer_is_writer"]),
                ),
                item(lang, "由審查者(不是寫的人)發布了 A", "A reviewer, not its writer, published A", by_reviewer),
                item(lang, "bob · writer-v1 取回 A", "bob · writer-v1 retrieves A", sees("bob", "writer-v1", a)),
                item(
                    lang,
                    "紀錄裡有 A 的提出與發布",
                    "The log shows A proposed and published",
                    logged(Action::Propose, "A") && logged(Action::Publish, "A"),
                ),
            ]
        }
        1 => {
            let a = index("A");
            let lesson_a = a.map(|i| ws.cards[i].lesson.as_str());
            let v2 = ws.agents.iter().any(|x| x == "writer-v2");
            let copy = (0..ws.cards.len()).find(|&i| {
                let c = &ws.cards[i];
                Some(i) != a
                    && c.owner_agent == "writer-v2"
                    && c.scope == "AGENT"
                    && Some(c.lesson.as_str()) == lesson_a
                    && life(i).and_then(|l| l.writer()).is_some_and(|w| w.agent == "writer-v2")
            });
            let published = copy.is_some_and(|i| {
                let (card, l) = (&ws.cards[i], life(i));
                let writer = l.and_then(|l| l.writer());
                card.status() == Status::Accepted
                    && l.and_then(|l| l.approved_by.as_deref()).is_some_and(|r| {
                        writer.as_ref().is_some_and(|w| r != w.user && r != w.agent && r != w.key())
                    })
            });
            let a_unchanged = a.is_some_and(|i| ws.cards[i].owner_agent == "writer-v1") && sees("bob", "writer-v1", a);
            vec![
                item(lang, "新增了 Agent writer-v2", "Added the agent writer-v2", v2),
                item(lang, "writer-v2 提出了 A 的副本(候選卡)", "A writer-v2 viewer proposed a copy of A", copy.is_some()),
                item(lang, "副本由不是寫的人發布", "The copy was published by someone other than its writer", published),
                item(lang, "bob · writer-v2 取回副本", "bob · writer-v2 retrieves the copy", published && sees("bob", "writer-v2", copy)),
                item(lang, "A 對 writer-v1 不變", "A is unchanged for writer-v1", a_unchanged),
            ]
        }
        2 => {
            let g2 = index("G2");
            let rolled_back = g2.is_some_and(|i| ws.cards[i].status() == Status::RolledBack);
            // The views just before G2 took effect: every viewer who had G
            // then has it again now, and nobody has G2.
            let published_at = ws.events().find(|(_, e)| e.action == Action::Publish && e.card.as_deref() == Some("G2")).map(|(_, e)| e.tick);
            let restored = match (rolled_back, published_at, index("G")) {
                (true, Some(t), Some(g)) if t > 0 => {
                    let before = Evaluation::at(ws, &ws.query, Policy::FourScope, t - 1).views();
                    let now = &computed.four.views;
                    before.len() == now.len()
                        && before.iter().zip(now).all(|(then, now)| then.contains(&g) == now.contains(&g))
                        && now.iter().all(|view| g2.is_none_or(|i| !view.contains(&i)))
                }
                _ => false,
            };
            vec![
                item(lang, "打開了 G2 的歷史", "Opened G2's history", logged(Action::History, "G2")),
                item(lang, "附原因還原了 G2", "Rolled G2 back with a reason", rolled_back && logged(Action::Rollback, "G2")),
                item(lang, "各格子回到 G2 之前,G2 留在歷史裡", "The cells are as before G2, and G2 stays in history", restored),
                item(
                    lang,
                    "bob/writer-v1 替 alice 的卡寫新版本,被拒絕",
                    "bob/writer-v1 writing a version of alice's card was refused",
                    refused("propose", &["bob/writer-v1"], &["not_writers_own"]),
                ),
            ]
        }
        3 => {
            let u = index("U");
            let deleted = u.is_some_and(|i| ws.cards[i].is_tombstone()) && logged(Action::Delete, "U");
            let clear = deleted && traces(ws, FORGOTTEN).is_clear();
            vec![
                item(lang, "附原因刪除了 U", "Deleted U with a reason", deleted),
                item(
                    lang,
                    "FAKE-ALICE-731 不在任何格子、快取或紀錄裡",
                    "FAKE-ALICE-731 is in no cell, cached answer or log line",
                    clear,
                ),
                item(
                    lang,
                    "回到較早的時刻,U 只剩編號",
                    "At an earlier tick, U is only an id",
                    deleted && progress.seen.contains(&tombstone_seen("U")),
                ),
            ]
        }
        4 => {
            let saw = progress.seen.contains(CACHE_LEAK_SEEN);
            // Replayed only once the leak was seen: the replay is the
            // costliest check, and nothing before needs it.
            let clean = saw && {
                let replay = replay_cache(ws);
                replay.leaks().count() == 0 && replay.stale().count() == 0
            };
            vec![
                item(lang, "看到快取外洩了 FAKE-ALICE-731", "Saw the cache leak FAKE-ALICE-731", saw),
                item(lang, "每一次重播的查詢都乾淨", "Every replayed read is clean", clean),
            ]
        }
        5 => {
            let a = index("A");
            let revoked = a.is_some_and(|i| ws.cards[i].status() == Status::Revoked) && logged(Action::Revoke, "A");
            let saw = progress.seen.contains(&stale_seen("A"));
            let purges = ws.cache.as_ref().and_then(|c| c.good()).is_some_and(|c| c.purges());
            let clean = revoked && saw && purges && {
                let replay = replay_cache(ws);
                replay.leaks().count() == 0 && replay.stale().count() == 0
            };
            let score = computed.score(ws, &Reference::FourScopeNow, Policy::FourScope);
            vec![
                item(lang, "附原因撤回了 A", "Revoked A with a reason", revoked),
                item(lang, "看到過時的 A 仍從快取送出", "Saw the stale copy of A served from the cache", saw),
                item(lang, "開了清除,沒有過時的讀取", "Purging is on, and no read is stale", clean),
                item(
                    lang,
                    "兩張成績單:該看到的全部取回,不該看到的 0",
                    "Both scorecards: should-see retrieved full, forbidden appeared 0",
                    clean && score.retrieved == score.expected && score.forbidden == 0,
                ),
            ]
        }
        6 => {
            let expired = |id: &str, reason: &str| {
                ws.events().any(|(_, e)| e.action == Action::Expire && e.card.as_deref() == Some(id) && e.reason.as_deref() == Some(reason))
            };
            let s = index("S");
            let everywhere = s.is_some_and(|s| !computed.four.views.is_empty() && computed.four.views.iter().all(|v| v.contains(&s)));
            let late = ws.clock() >= PAST_EVERY_TTL;
            let hot = s.and_then(|s| life(s)?.tier()) == Some(mixua_policy::Tier::Hot);
            vec![
                item(lang, format!("時鐘走到時刻 {PAST_EVERY_TTL} 以後"), format!("The clock is at tick {PAST_EVERY_TTL} or later"), late),
                item(lang, "W 到期(ttl:working)", "W expired (ttl:working)", expired("W", "ttl:working")),
                item(lang, "E 到期(ttl:episodic)", "E expired (ttl:episodic)", expired("E", "ttl:episodic")),
                item(lang, "保留的 S 仍在每個格子", "The held S is still in every cell", late && everywhere),
                item(lang, "S 從 cold 移到 hot,每個格子仍有 S", "S moved from cold to hot, and every cell still has S", late && hot && everywhere),
            ]
        }
        7 => {
            let members: Vec<String> =
                ws.groups().and_then(|g| g.members("report-team")).map(|m| m.to_vec()).unwrap_or_default();
            let three = members.len() == 3 && members.iter().all(|m| ws.users.contains(m));
            // The users every one of whose cells retrieves T.
            let t = index("T");
            let reached: Vec<&String> = ws
                .users
                .iter()
                .filter(|u| t.is_some() && ws.agents.iter().all(|a| sees(u, a, t)))
                .collect();
            let exact = three && reached.len() == members.len() && reached.iter().all(|u| members.contains(u));
            vec![
                item(lang, "座位表上有五個人", "Five users in the chart", ws.users.len() >= 5),
                item(lang, "report-team 正好三個人", "report-team has exactly three members", three),
                item(lang, "T 正好給 report-team 的成員", "T reaches exactly report-team's members", exact),
            ]
        }
        _ => Vec::new(),
    }
}
