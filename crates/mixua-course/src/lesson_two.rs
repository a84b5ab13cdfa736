//! What the playground's second lesson (memory over time) asks of the
//! policy beyond the write path itself: the workspace the lesson starts
//! from, drafts of a new version or a carried-over copy of a card (which
//! then go through [`propose`] like any other card),
//! logging that someone opened a card's history, and where a text such as
//! a canary is still found (views, cached answers, log lines).
//!
//! Nothing here decides who may read what: the drafts are filed by the
//! write path, and the traces read the same evaluation and cache replay as
//! everything else.

use serde::Serialize;

use mixua_policy::cache::{replay_cache, CacheReplay};
use mixua_policy::card::Card;
use mixua_policy::eval::Evaluation;
use mixua_words::explain::Lang;
use mixua_policy::log::{Action, Event, Kept};
use mixua_policy::policy::Policy;
use crate::seed::{over_time, seed_workspace, seed_workspace_en};
use mixua_policy::viewer::{Viewer, ViewerId};
use mixua_policy::workspace::Workspace;
use mixua_policy::write::{log_read, propose, publish, sweep, Refusal};

/// The reviewer of lesson 2's workspace.
pub const REVIEWER: &str = "dana";

/// Who runs the retention sweep when the clock is advanced.
pub const RETENTION_JOB: &str = "retention";

fn step<T>(result: Result<T, Refusal>) -> T {
    result.unwrap_or_else(|refusal| panic!("lesson 2's workspace is written through the write path: {refusal:?}"))
}

/// A card as its writer drafts it: the seed's shape, not yet approved.
fn drafted(id: &str, scope: &str, user: &str, agent: &str, lesson: &str, stream: &str, query: &str) -> Card {
    Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: user.into(),
        owner_agent: agent.into(),
        stream: stream.into(),
        share_approved: false,
        situation: query.into(),
        lesson: lesson.into(),
        source: "synthetic-task-1".into(),
        ..Card::default()
    }
}

/// The workspace lesson 2 starts from, in the learner's language: the
/// seed's users, agents, canaries and cards, a third user (carol), a
/// reviewer (dana), a group, a retention policy (working 3 ticks,
/// episodic 4, procedural 6), a response cache keyed
/// the safe way without purging, and three ticks of history written
/// through the write path, so that the log and the cards agree:
///
/// - tick 0: alice/writer-v1 and then bob/checker-v1 ask the query (with
///   the safe key, both answered fresh: no read is stale or leaks);
/// - tick 1: carol/checker-v1 proposes S, a held safety rule, which dana
///   publishes; bob/checker-v1 files W, a working note, and publishes it;
///   alice/writer-v1 proposes T for the group `report-team` (alice and
///   carol), which dana publishes; alice/checker-v1 files E, an episodic
///   note, and publishes it;
/// - tick 2: alice/writer-v1 proposes G2, a new version of G that drops the
///   re-check of totals (a poisoned write), and dana publishes it;
/// - tick 3: alice/writer-v1 proposes A, an AGENT card, still a candidate.
///
/// What is left to do is the learner's: publish A (and not as its writer),
/// carry A over to writer-v2, find and roll back G2, delete U, fix the
/// cache, advance the clock.
pub fn lesson_two_workspace(lang: Lang) -> Workspace {
    let seed = match lang {
        Lang::ZhTw => seed_workspace(),
        Lang::En => seed_workspace_en(),
    };
    // The story's start, with a shorter episodic TTL and no purge yet (the
    // learner turns it on in the cache exercise).
    let mut ws = over_time(seed, 4, false);
    let query = ws.query.clone();
    // The cards are the work, in the seed's language (`?seed=` can set it
    // apart from the page's): chosen as the program runs, never `pick!`.
    let say = |zh: &'static str, en: &'static str| lang.pick(zh, en);

    let alice_writer = Viewer::new("alice", "writer-v1");
    let bob_checker = Viewer::new("bob", "checker-v1");
    let carol_checker = Viewer::new("carol", "checker-v1");

    // Tick 0.
    step(log_read(&mut ws, alice_writer, &query));
    step(log_read(&mut ws, bob_checker, &query));

    // Tick 1.
    step(sweep(&mut ws, 1, RETENTION_JOB));
    let mut s = drafted("S", "GLOBAL", "carol", "checker-v1", say("報告不得寫入真實姓名或帳號。", "Reports never name real people or accounts."), "reusable", &query);
    let life = s.life_mut();
    life.kind = Some("procedural".into());
    life.hold = Some(true);
    life.tier = Some("cold".into());
    step(propose(&mut ws, carol_checker, s));
    step(publish(&mut ws, "S", REVIEWER));
    let mut w = drafted("W", "PAIR", "bob", "checker-v1", say("這份報告目前寫到第二節。", "This report is at section two."), "protected", &query);
    w.life_mut().kind = Some("working".into());
    w.life_mut().tier = Some("hot".into());
    step(propose(&mut ws, bob_checker, w));
    step(publish(&mut ws, "W", "bob"));
    let mut t = drafted("T", "GROUP", "alice", "writer-v1", say("報告的圖表一律套用團隊範本。", "Report charts use the team's template."), "reusable", &query);
    t.life_mut().group = Some("report-team".into());
    step(propose(&mut ws, alice_writer, t));
    step(publish(&mut ws, "T", REVIEWER));
    let alice_checker = Viewer::new("alice", "checker-v1");
    let mut e = drafted("E", "USER", "alice", "checker-v1", say("上週的報告因總數不符被退回一次。", "Last week's report came back once: totals did not match."), "protected", &query);
    e.life_mut().kind = Some("episodic".into());
    e.life_mut().tier = Some("warm".into());
    step(propose(&mut ws, alice_checker, e));
    step(publish(&mut ws, "E", "alice"));

    // Tick 2: the poisoned write.
    step(sweep(&mut ws, 2, RETENTION_JOB));
    let mut g2 = drafted("G2", "GLOBAL", "alice", "writer-v1", say("報告的總數不必再核對。", "Report totals need no re-check."), "reusable", &query);
    g2.life_mut().supersedes = Some("G".into());
    step(propose(&mut ws, alice_writer, g2));
    step(publish(&mut ws, "G2", REVIEWER));

    // Tick 3: a candidate waiting for review.
    step(sweep(&mut ws, 3, RETENTION_JOB));
    let a = drafted("A", "AGENT", "alice", "writer-v1", say("報告輸出前,writer-v1 要檢查標題重複。", "writer-v1: check headings."), "reusable", &query);
    step(propose(&mut ws, alice_writer, a));
    ws
}

/// The first id no card has, made from `id` without its trailing digits
/// and a number from 2 up: G → G2, G2 → G3 (when G2 is taken), A → A2.
pub fn next_id(ws: &Workspace, id: &str) -> String {
    let stem = id.trim_end_matches(|c: char| c.is_ascii_digit());
    let stem = if stem.is_empty() { id } else { stem };
    (2u64..)
        .map(|n| format!("{stem}{n}"))
        .find(|candidate| !ws.cards.iter().any(|c| c.id == *candidate))
        .expect("an unused id exists")
}

/// A card's content and filing, under a new id, with none of its life but
/// its kind, tier, hold and group: what a writer starts a draft from.
fn content_of(card: &Card, id: String) -> Card {
    let mut draft = Card {
        id,
        scope: card.scope.clone(),
        owner_user: card.owner_user.clone(),
        owner_agent: card.owner_agent.clone(),
        stream: card.stream.clone(),
        share_approved: false,
        situation: card.situation.clone(),
        lesson: card.lesson.clone(),
        source: card.source.clone(),
        ..Card::default()
    };
    if let Some(life) = card.life() {
        let (kind, tier, hold, group) = (life.kind.clone(), life.tier.clone(), life.hold, life.group.clone());
        if kind.is_some() || tier.is_some() || hold.is_some() || group.is_some() {
            let new = draft.life_mut();
            new.kind = kind;
            new.tier = tier;
            new.hold = hold;
            new.group = group;
        }
    }
    draft
}

/// A draft of a new version of card `index`: the same owners and content,
/// a new id, naming the card as the version it replaces. `None` for a
/// card that is not there or is a tombstone.
pub fn draft_version(ws: &Workspace, index: usize) -> Option<Card> {
    let card = ws.cards.get(index).filter(|c| !c.is_tombstone())?;
    let mut draft = content_of(card, next_id(ws, &card.id));
    draft.life_mut().supersedes = Some(card.id.clone());
    Some(draft)
}

/// A draft of card `index` carried over to `writer`: the same content,
/// owned by the writer's user and agent, under a new id, replacing
/// nothing (the original stays as it is for its own agent).
pub fn draft_copy(ws: &Workspace, index: usize, writer: Viewer<'_>) -> Option<Card> {
    let card = ws.cards.get(index).filter(|c| !c.is_tombstone())?;
    let mut draft = content_of(card, next_id(ws, &card.id));
    draft.owner_user = writer.user.to_string();
    draft.owner_agent = writer.agent.to_string();
    Some(draft)
}

/// Logs that `actor` opened the history of card `id`, at the clock.
pub fn log_history(ws: &mut Workspace, id: &str, actor: &str) -> Result<Event, Refusal> {
    if actor.trim().is_empty() {
        return Err(Refusal::NoActor);
    }
    let found = ws.cards.iter().filter(|c| c.id == id).count();
    match found {
        0 => return Err(Refusal::UnknownCard { id: id.to_string() }),
        1 => {}
        _ => return Err(Refusal::AmbiguousCard { id: id.to_string() }),
    }
    let event = Event::on_card(ws.clock(), Action::History, id, actor, None);
    match ws.events.get_or_insert_with(|| Kept::Good(Vec::new())) {
        Kept::Good(log) => log.push(Kept::Good(event.clone())),
        Kept::Bad(_) => return Err(Refusal::UnreadableLog),
    }
    Ok(event)
}

/// Where a text (a canary, a lesson) is still found: in which views now,
/// in which replayed reads' answers, and in which log entries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Traces {
    /// The `user/agent` keys whose view now holds a card with the text.
    pub views: Vec<String>,
    /// The log places of replayed reads whose answer held such a card.
    pub reads: Vec<usize>,
    /// The log places of entries that hold the text.
    pub events: Vec<usize>,
}

impl Traces {
    /// Found nowhere.
    pub fn is_clear(&self) -> bool {
        self.views.is_empty() && self.reads.is_empty() && self.events.is_empty()
    }
}

/// Where `text` is still found in the workspace's views (four scopes, its
/// own query, at its clock), in the answers its cache replay hands over,
/// and in its log.
pub fn traces(ws: &Workspace, text: &str) -> Traces {
    if text.is_empty() {
        return Traces::default();
    }
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let viewers: Vec<ViewerId> = eval.viewers().map(ViewerId::from).collect();
    traces_with(ws, &viewers, &eval.views(), &replay_cache(ws), &log_texts(ws), text)
}

/// Each log entry as JSON text: what [`traces_with`] searches (made once
/// and shared by every check that asks).
pub fn log_texts(ws: &Workspace) -> Vec<String> {
    ws.log().iter().map(|entry| serde_json::to_string(entry).unwrap_or_default()).collect()
}

/// [`traces`] from what has been derived already: the four-scope views now
/// (per viewer), the cache replay and the log's texts ([`log_texts`]).
pub fn traces_with(
    ws: &Workspace,
    viewers: &[ViewerId],
    views: &[Vec<usize>],
    replay: &CacheReplay<'_>,
    log: &[String],
    text: &str,
) -> Traces {
    if text.is_empty() {
        return Traces::default();
    }
    let holds = |i: usize| ws.cards[i].lesson.contains(text);
    let views = viewers
        .iter()
        .zip(views)
        .filter(|(_, view)| view.iter().any(|&i| holds(i)))
        .map(|(viewer, _)| viewer.key())
        .collect();
    let reads = replay
        .reads
        .iter()
        .filter(|read| read.hits.iter().any(|id| ws.cards.iter().any(|c| c.id == *id && c.lesson.contains(text))))
        .map(|read| read.index)
        .collect();
    let events = log.iter().enumerate().filter(|(_, json)| json.contains(text)).map(|(n, _)| n).collect();
    Traces { views, reads, events }
}
