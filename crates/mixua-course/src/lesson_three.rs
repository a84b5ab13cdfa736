//! What the playground's third lesson (what reaches the prompt) starts
//! from: the story's cards, written through the write path, with a long
//! session of bob's history injected at the start, the safety rule S left
//! to retrieval, budgets that bite, a popular but unreviewed note that
//! outranks reviewed evidence, and a cache that still serves the replaced G.
//!
//! Nothing here decides anything: the prompt is the crate's assembly
//! ([`mixua_policy::prompt`]) over the same gates as every view.

use serde_json::Value;

use mixua_policy::card::Card;
use crate::lesson_two::{REVIEWER, RETENTION_JOB};
use mixua_words::explain::Lang;
use mixua_policy::log::Kept;
use mixua_policy::prompt::{set_card_key, Layer, PromptConfig, Source, Task, Tasks, Weights, SHARED};
use crate::seed::{over_time, seed_workspace, seed_workspace_en};
use mixua_policy::viewer::{Viewer, ViewerId};
use mixua_policy::workspace::Workspace;
use mixua_policy::write::{log_read, propose, publish, sweep, Refusal};

/// How many sessions of bob's history the lesson starts with.
pub const SESSIONS: usize = 8;

/// The shared budget lesson 3 starts with (the exercises keep the total).
pub const START_SHARED_BUDGET: u64 = 200;

fn step<T>(result: Result<T, Refusal>) -> T {
    result.unwrap_or_else(|refusal| panic!("lesson 3's workspace is written through the write path: {refusal:?}"))
}

fn drafted(id: &str, scope: &str, owner: Viewer<'_>, lesson: &str, stream: &str, situation: &str, kind: Option<&str>) -> Card {
    let mut card = Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: owner.user.into(),
        owner_agent: owner.agent.into(),
        stream: stream.into(),
        situation: situation.into(),
        lesson: lesson.into(),
        source: "synthetic-task-1".into(),
        ..Card::default()
    };
    if let Some(kind) = kind {
        card.life_mut().kind = Some(kind.into());
    }
    card
}

/// The query of alice/writer-v1's task ("totals").
pub fn totals_query(lang: Lang) -> &'static str {
    // The seed's language, as the workspace's own query: see `say` below.
    lang.pick("總數", "totals")
}

/// The workspace lesson 3 starts from, in the learner's language: the
/// seed's users, agents, canaries and cards with a third user, the
/// reviewer dana, a group, retention and a cache that does not purge
/// (as lesson 2 starts), and then, through the write path:
///
/// - tick 0: alice/writer-v1 and bob/checker-v1 ask the query (their
///   answers, holding G, are cached);
/// - tick 1: the safety rule S (procedural, written to be *retrieved*, not
///   held), A, the reviewed evidence R and checker-v1's meta note M are
///   published by dana; carol's note C stays a candidate;
/// - tick 2: G2 replaces G; bob/checker-v1 asks again (the cache serves
///   the answer that still holds G);
/// - ticks 3 and 4: bob/checker-v1's long session, [`SESSIONS`] episodic
///   notes of 30 tokens each, bob's working note W, alice's episodic E, and
///   alice's popular, unreviewed note F (used 42 times, its writer rating
///   it 90 reliable).
///
/// The prompt settings: one shared budget of [`START_SHARED_BUDGET`]
/// tokens, `top_k` 4, episodic memory loaded at the start (everything
/// injected at once), and ranking weights that ignore review. Two tasks:
/// bob/checker-v1 asks the query and needs S, G2 and W; alice/writer-v1
/// asks for totals and needs R.
pub fn lesson_three_workspace(lang: Lang) -> Workspace {
    let seed = match lang {
        Lang::ZhTw => seed_workspace(),
        Lang::En => seed_workspace_en(),
    };
    let mut ws = over_time(seed, 8, false);
    let query = ws.query.clone();
    // The cards are the work, in the seed's language (`?seed=` can set it
    // apart from the page's): chosen as the program runs, never `pick!`.
    let say = |zh: &'static str, en: &'static str| lang.pick(zh, en);
    let alice_writer = Viewer::new("alice", "writer-v1");
    let alice_checker = Viewer::new("alice", "checker-v1");
    let bob_checker = Viewer::new("bob", "checker-v1");
    let carol_checker = Viewer::new("carol", "checker-v1");

    // Tick 0.
    step(log_read(&mut ws, alice_writer, &query));
    step(log_read(&mut ws, bob_checker, &query));

    // Tick 1.
    step(sweep(&mut ws, 1, RETENTION_JOB));
    let mut s = drafted("S", "GLOBAL", carol_checker, say("報告不得寫入真實姓名或帳號。", "Reports never name real people or accounts."), "reusable", &query, Some("procedural"));
    s.life_mut().tier = Some("cold".into());
    set_card_key(&mut s, "load", Some(Value::from(Layer::Retrieved.as_str())));
    step(propose(&mut ws, carol_checker, s));
    step(publish(&mut ws, "S", REVIEWER));
    let a = drafted("A", "AGENT", alice_writer, say("報告輸出前,writer-v1 要檢查標題重複。", "writer-v1: check headings."), "reusable", &query, None);
    step(propose(&mut ws, alice_writer, a));
    step(publish(&mut ws, "A", REVIEWER));
    let mut r = drafted("R", "GLOBAL", carol_checker, say("核對過:報告的總數以原始列重新加總為準。", "Checked: report totals are re-added from the raw rows."), "reusable", &query, Some("semantic"));
    set_card_key(&mut r, "reliability", Some(Value::from(60)));
    step(propose(&mut ws, carol_checker, r));
    step(publish(&mut ws, "R", REVIEWER));
    let m = drafted("M", "AGENT", carol_checker, say("checker-v1 只在被問到時才讀冷層。", "checker-v1 reads the cold tier only when asked."), "reusable", &query, Some("meta"));
    step(propose(&mut ws, carol_checker, m));
    step(publish(&mut ws, "M", REVIEWER));
    let c = drafted("C", "GLOBAL", carol_checker, say("報告的附錄放在最後。", "Report appendices go last."), "reusable", &query, Some("semantic"));
    step(propose(&mut ws, carol_checker, c));

    // Tick 2.
    step(sweep(&mut ws, 2, RETENTION_JOB));
    let mut g2 = drafted("G2", "GLOBAL", alice_writer, say("報告中的總數要用原始列重新加總,並寫上資料日期。", "Re-add report totals from rows, and date the data."), "reusable", &query, Some("procedural"));
    g2.life_mut().supersedes = Some("G".into());
    step(propose(&mut ws, alice_writer, g2));
    step(publish(&mut ws, "G2", REVIEWER));
    step(log_read(&mut ws, bob_checker, &query));

    // Ticks 3 and 4: bob's long session, and the notes of the day.
    step(sweep(&mut ws, 3, RETENTION_JOB));
    for n in 1..=SESSIONS {
        let id = format!("H{n}");
        let lesson = match lang {
            Lang::ZhTw => format!("第 {n} 次工作階段:bob 與 checker-v1 逐列核對第 {n} 節的數字。"),
            Lang::En => format!("Session {n}: bob and checker-v1 checked section {n}'s figures row by row."),
        };
        let mut h = drafted(&id, "PAIR", bob_checker, &lesson, "protected", &query, Some("episodic"));
        // A session's record is long; its card is the summary, and says
        // what the record costs.
        set_card_key(&mut h, "tokens", Some(Value::from(30)));
        step(propose(&mut ws, bob_checker, h));
        step(publish(&mut ws, &id, "bob"));
    }
    step(sweep(&mut ws, 4, RETENTION_JOB));
    let mut w = drafted("W", "PAIR", bob_checker, say("這份報告目前寫到第二節。", "This report is at section two."), "protected", &query, Some("working"));
    w.life_mut().tier = Some("hot".into());
    step(propose(&mut ws, bob_checker, w));
    step(publish(&mut ws, "W", "bob"));
    let e = drafted("E", "USER", alice_checker, say("上週的報告因總數不符被退回一次。", "Last week's report came back once: totals did not match."), "protected", &query, Some("episodic"));
    step(propose(&mut ws, alice_checker, e));
    step(publish(&mut ws, "E", "alice"));
    let mut f = drafted("F", "USER", alice_writer, say("總數照上一份報告抄就好。", "Copy the totals from the last report."), "protected", &query, Some("semantic"));
    set_card_key(&mut f, "uses", Some(Value::from(42)));
    set_card_key(&mut f, "reliability", Some(Value::from(90)));
    step(propose(&mut ws, alice_writer, f));
    step(publish(&mut ws, "F", "alice"));

    let mut config = PromptConfig { top_k: Some(4), ..PromptConfig::default() };
    config.set_budget(SHARED, Some(START_SHARED_BUDGET));
    config.set_load(Source::Episodic, Some(Layer::Always));
    config.weights = Some(Weights { relevance: 4, recency: 1, review: 0, reliability: 2 });
    ws.prompt = Some(Kept::Good(config));
    ws.tasks = Some(Kept::Good(Tasks(vec![
        Task { viewer: ViewerId::new("bob", "checker-v1"), query: query.clone(), gold: vec!["S".into(), "G2".into(), "W".into()] },
        Task { viewer: ViewerId::new("alice", "writer-v1"), query: totals_query(lang).into(), gold: vec!["R".into()] },
    ])));
    ws
}

/// The solved state of each of the pack's five exercises, each building on
/// the one before (exercise 3 is a question: no workspace of its own):
/// S marked high-risk; episodic memory retrieved, not injected at the
/// start; the cache purging retired cards; review weighted 2.
pub fn solutions(lang: Lang) -> Vec<Option<Workspace>> {
    let mut ws = lesson_three_workspace(lang);
    if let Some(s) = ws.cards.iter_mut().find(|c| c.id == "S") {
        set_card_key(std::rc::Rc::make_mut(s), "risk", Some(Value::from("high")));
    }
    let one = ws.clone();
    let mut config = ws.prompt_config().cloned().unwrap_or_default();
    config.set_load(Source::Episodic, Some(Layer::Retrieved));
    ws.prompt = Some(Kept::Good(config.clone()));
    let two = ws.clone();
    if let Some(Kept::Good(cache)) = &mut ws.cache {
        cache.purge = Some(true);
    }
    let four = ws.clone();
    config.weights = Some(Weights { review: 2, ..config.weights.unwrap_or_default() });
    ws.prompt = Some(Kept::Good(config));
    vec![Some(one), Some(two), None, Some(four), Some(ws)]
}
