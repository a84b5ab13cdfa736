//! Properties of memory over time that must hold for every workspace and
//! every sequence of changes: random workspaces, random proposals, reviews,
//! retirements, reads, sweeps and changes of who reads what (a group's
//! members, a hold, a time to live, the cache, the policy version), each
//! through the write path.

use mixua_policy::policy::matches_query;
use mixua_policy::{
    access, as_of, audit, bump_policy, check_filed_in, delete, history, log_read, propose, publish, reject,
    replay_cache_with, revoke, rollback, set_cache, set_hold, set_members, set_ttl, sweep, Action, CacheConfig, Card,
    Evaluation, Filing, Groups, KeyField, Kept, Kind, Policy, Refusal, Retention, Scope, Viewer, Workspace,
};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::json;

const USERS: &[&str] = &["alice", "bob", "carol"];
const AGENTS: &[&str] = &["writer-v1", "checker-v1"];
/// Who may try to act: the users, a reviewer, an agent, and nobody.
const ACTORS: &[&str] = &["alice", "bob", "carol", "dana", "writer-v1", ""];
const SCOPES: &[&str] = &["PAIR", "USER", "AGENT", "GLOBAL", "GROUP", "global"];
const STREAMS: &[&str] = &["protected", "reusable"];
const KINDS: &[Option<&str>] = &[None, Some("working"), Some("episodic"), Some("semantic")];
const TIERS: &[Option<&str>] = &[None, Some("hot"), Some("warm"), Some("cold")];
const TEXTS: &[&str] = &["報告請只回三行。", "報告中的總數要重新加總。", "暗號 FAKE-ALICE-731。", "報告暗號 FAKE-BOB-852。", "總數"];
const QUERIES: &[&str] = &["報告", "", "總數", "FAKE-ALICE-731"];
const REASONS: &[&str] = &["outdated", "asked to forget", "", "  ", "poisoned"];

/// One change someone tries. Cards are chosen by number, taken modulo the
/// cards the change usually applies to (candidates for a review, accepted
/// cards for a retirement, the writer's own for a base) when there are any;
/// an actor is a number into `ACTORS`, or `None` for the one who usually
/// may (a reviewer for a card that crosses users, else its owner). So
/// most changes are plausible, and many are still refused.
#[derive(Clone, Debug)]
enum Op {
    Propose { writer: (usize, usize), scope: usize, stream: usize, text: usize, kind: usize, tier: usize, hold: bool, base: Option<usize> },
    Publish { card: usize, actor: Option<usize> },
    Reject { card: usize, actor: Option<usize>, reason: usize },
    Revoke { card: usize, actor: Option<usize>, reason: usize },
    Delete { card: usize, actor: Option<usize>, reason: usize, quote: bool },
    Rollback { card: usize, actor: Option<usize>, reason: usize },
    Read { viewer: (usize, usize), query: usize, quote: Option<usize> },
    Sweep { by: u64 },
    Bump { actor: Option<usize> },
    /// A group's members, from a bit per user (bit 3: someone not in the
    /// chart); `unknown`: a group that is not declared.
    Members { bits: u8, unknown: bool, actor: Option<usize>, reason: usize },
    Hold { card: usize, hold: bool, actor: Option<usize>, reason: usize },
    Ttl { kind: usize, ttl: Option<u64>, actor: Option<usize>, reason: usize },
    Cache { bits: u8, purge: bool, actor: Option<usize>, reason: usize },
}

const TTL_KINDS: &[Kind] = &[Kind::Working, Kind::Episodic, Kind::Semantic];

fn actor() -> impl Strategy<Value = Option<usize>> {
    prop_oneof![3 => Just(None), 1 => (0..ACTORS.len()).prop_map(Some)]
}

fn op() -> impl Strategy<Value = Op> {
    let n = 0..64usize;
    prop_oneof![
        4 => ((0..3usize, 0..2usize), 0..SCOPES.len(), 0..2usize, 0..TEXTS.len(), 0..KINDS.len(), 0..TIERS.len(), any::<bool>(), prop::option::of(n.clone()))
            .prop_map(|(writer, scope, stream, text, kind, tier, hold, base)| Op::Propose { writer, scope, stream, text, kind, tier, hold, base }),
        4 => (n.clone(), actor()).prop_map(|(card, actor)| Op::Publish { card, actor }),
        1 => (n.clone(), actor(), 0..REASONS.len()).prop_map(|(card, actor, reason)| Op::Reject { card, actor, reason }),
        1 => (n.clone(), actor(), 0..REASONS.len()).prop_map(|(card, actor, reason)| Op::Revoke { card, actor, reason }),
        1 => (n.clone(), actor(), 0..REASONS.len(), any::<bool>()).prop_map(|(card, actor, reason, quote)| Op::Delete { card, actor, reason, quote }),
        2 => (n.clone(), actor(), 0..REASONS.len()).prop_map(|(card, actor, reason)| Op::Rollback { card, actor, reason }),
        // Mostly the workspace's own query, so that answers are cached and asked again.
        4 => ((0..3usize, 0..2usize), prop_oneof![4 => Just(0), 1 => 0..QUERIES.len()], prop::option::weighted(0.1, n.clone()))
            .prop_map(|(viewer, query, quote)| Op::Read { viewer, query, quote }),
        2 => (0..3u64).prop_map(|by| Op::Sweep { by }),
        1 => actor().prop_map(|actor| Op::Bump { actor }),
        2 => (0..16u8, prop::bool::weighted(0.1), actor(), 0..REASONS.len())
            .prop_map(|(bits, unknown, actor, reason)| Op::Members { bits, unknown, actor, reason }),
        2 => (n.clone(), any::<bool>(), actor(), 0..REASONS.len()).prop_map(|(card, hold, actor, reason)| Op::Hold { card, hold, actor, reason }),
        2 => (0..TTL_KINDS.len(), prop::option::of(0..4u64), actor(), 0..REASONS.len())
            .prop_map(|(kind, ttl, actor, reason)| Op::Ttl { kind, ttl, actor, reason }),
        1 => (0..16u8, any::<bool>(), actor(), 0..REASONS.len()).prop_map(|(bits, purge, actor, reason)| Op::Cache { bits, purge, actor, reason }),
    ]
}

/// The steps where a change of who may read what meets the cache: reads of
/// the workspace's query, publications, and members, holds, times to live
/// and sweeps, each by the one who may.
fn access_op() -> impl Strategy<Value = Op> {
    let n = 0..64usize;
    prop_oneof![
        4 => (0..3usize, 0..2usize).prop_map(|viewer| Op::Read { viewer, query: 0, quote: None }),
        2 => n.clone().prop_map(|card| Op::Publish { card, actor: None }),
        2 => (0..8u8).prop_map(|bits| Op::Members { bits, unknown: false, actor: None, reason: 0 }),
        1 => (n, any::<bool>()).prop_map(|(card, hold)| Op::Hold { card, hold, actor: None, reason: 0 }),
        1 => (0..TTL_KINDS.len(), prop::option::of(0..4u64)).prop_map(|(kind, ttl)| Op::Ttl { kind, ttl, actor: None, reason: 0 }),
        1 => (0..3u64).prop_map(|by| Op::Sweep { by }),
    ]
}

/// A starting card: the seed's shape, any scope, a unique lesson.
fn start_card() -> impl Strategy<Value = (usize, usize, usize, usize, bool, usize)> {
    (0..SCOPES.len(), 0..3usize, 0..2usize, 0..2usize, any::<bool>(), 0..TEXTS.len())
}

/// A workspace with three users, a reviewer `dana`, a group `team` (alice
/// and carol), retention for working and episodic memory, and a few cards.
fn world() -> impl Strategy<Value = Workspace> {
    (prop::collection::vec(start_card(), 0..6), any::<bool>()).prop_map(|(cards, carol_reviews)| {
        let mut ws = Workspace {
            users: USERS.iter().map(|s| s.to_string()).collect(),
            agents: AGENTS.iter().map(|s| s.to_string()).collect(),
            query: "報告".into(),
            ..Workspace::default()
        };
        ws.canaries.add("alice", "FAKE-ALICE-731");
        ws.canaries.add("bob", "FAKE-BOB-852");
        let mut reviewers = vec!["dana".to_string()];
        if carol_reviews {
            reviewers.push("carol".into());
        }
        ws.reviewers = Some(Kept::Good(reviewers));
        ws.groups = Some(Kept::Good(Groups(vec![("team".into(), vec!["alice".into(), "carol".into()])])));
        ws.retention = Some(Kept::Good(Retention(vec![("episodic".into(), json!(4)), ("working".into(), json!(2))])));
        for (n, (scope, user, agent, stream, approved, text)) in cards.into_iter().enumerate() {
            let mut card = card(&format!("s{n}"), SCOPES[scope], USERS[user], AGENTS[agent], STREAMS[stream], TEXTS[text]);
            card.share_approved = approved;
            ws.cards.push(card.into());
        }
        ws
    })
}

fn card(id: &str, scope: &str, user: &str, agent: &str, stream: &str, text: &str) -> Card {
    let mut card = Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: user.into(),
        owner_agent: agent.into(),
        stream: stream.into(),
        situation: "報告".into(),
        // Unique per card, so a deleted card's text can be looked for.
        lesson: format!("〈{id}〉{text}"),
        source: "synthetic".into(),
        ..Card::default()
    };
    if scope == "GROUP" {
        card.life_mut().group = Some("team".into());
    }
    card
}

/// Tries one change. A refusal must leave the workspace exactly as it was.
/// Gives the change's outcome.
fn apply(ws: &mut Workspace, op: &Op, fresh: &mut usize) -> Result<(), Refusal> {
    let before = ws.clone();
    // Card `n` among those that `usual` picks out, or among all.
    let pick_from = |ws: &Workspace, n: usize, usual: &dyn Fn(&Card) -> bool| -> String {
        let pool: Vec<&Card> = ws.cards.iter().filter(|c| usual(c)).map(|c| &**c).collect();
        match (pool.is_empty(), ws.cards.is_empty()) {
            (false, _) => pool[n % pool.len()].id.clone(),
            (true, false) => ws.cards[n % ws.cards.len()].id.clone(),
            (true, true) => "none".to_string(),
        }
    };
    let candidate = |c: &Card| c.status() == mixua_policy::Status::Candidate;
    let accepted = |c: &Card| c.status() == mixua_policy::Status::Accepted && !c.is_tombstone();
    let who = |ws: &Workspace, id: &str, actor: Option<usize>, review: bool| -> String {
        match (actor, ws.cards.iter().find(|c| c.id == id)) {
            (Some(a), _) => ACTORS[a].to_string(),
            (None, Some(c)) if review && Scope::parse_with_groups(&c.scope, true).is_some_and(Scope::crosses_users) => "dana".into(),
            (None, Some(c)) => c.owner_user.clone(),
            (None, None) => "dana".into(),
        }
    };
    let result = match *op {
        Op::Propose { writer: (u, a), scope, stream, text, kind, tier, hold, base } => {
            *fresh += 1;
            let mut new = card(&format!("n{fresh}"), SCOPES[scope], USERS[u], AGENTS[a], STREAMS[stream], TEXTS[text]);
            let life = new.life_mut();
            life.kind = KINDS[kind].map(str::to_string);
            life.tier = TIERS[tier].map(str::to_string);
            life.hold = hold.then_some(true);
            life.supersedes = base.map(|b| pick_from(ws, b, &|c| c.owner_user == USERS[u] && c.owner_agent == AGENTS[a]));
            propose(ws, Viewer::new(USERS[u], AGENTS[a]), new).map(drop)
        }
        Op::Publish { card, actor } => {
            let id = pick_from(ws, card, &candidate);
            let actor = who(ws, &id, actor, true);
            let result = publish(ws, &id, &actor).map(drop);
            if result.is_ok() {
                // Publishing never lets through what the checks reject.
                let published = ws.cards.iter().find(|c| c.id == id).unwrap();
                assert!(check_filed_in(published, Filing::AsWritten, ws.groups()).is_ok(), "{published:?}");
            }
            result
        }
        Op::Reject { card, actor, reason } => {
            let id = pick_from(ws, card, &candidate);
            let actor = who(ws, &id, actor, true);
            reject(ws, &id, &actor, REASONS[reason]).map(drop)
        }
        Op::Revoke { card, actor, reason } => {
            let id = pick_from(ws, card, &accepted);
            let actor = who(ws, &id, actor, false);
            revoke(ws, &id, &actor, REASONS[reason]).map(drop)
        }
        Op::Delete { card, actor, reason, quote } => {
            let id = pick_from(ws, card, &|c| !c.is_tombstone());
            let actor = who(ws, &id, actor, false);
            let reason = match (quote, ws.cards.iter().find(|c| c.id == id)) {
                (true, Some(c)) => format!("because {}", c.lesson),
                _ => REASONS[reason].to_string(),
            };
            delete(ws, &id, &actor, &reason).map(drop)
        }
        Op::Rollback { card, actor, reason } => {
            let id = pick_from(ws, card, &|c| accepted(c) && c.life().is_some_and(|l| l.supersedes.is_some()));
            let actor = who(ws, &id, actor, false);
            rollback(ws, &id, &actor, REASONS[reason]).map(drop)
        }
        Op::Read { viewer: (u, a), query, quote } => {
            // Sometimes the query is a card's whole lesson.
            let query = match quote {
                Some(n) if !ws.cards.is_empty() => ws.cards[n % ws.cards.len()].lesson.clone(),
                _ => QUERIES[query].to_string(),
            };
            log_read(ws, Viewer::new(USERS[u], AGENTS[a]), &query).map(drop)
        }
        Op::Sweep { by } => {
            let to = ws.clock() + by;
            sweep(ws, to, "retention").map(drop)
        }
        Op::Bump { actor } => bump_policy(ws, actor.map_or("dana", |a| ACTORS[a]), "reviewers changed").map(drop),
        Op::Members { bits, unknown, actor, reason } => {
            let members: Vec<String> =
                ["alice", "bob", "carol", "nobody"].iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, u)| u.to_string()).collect();
            let group = if unknown { "ops" } else { "team" };
            set_members(ws, group, &members, actor.map_or("dana", |a| ACTORS[a]), REASONS[reason]).map(drop)
        }
        Op::Hold { card, hold, actor, reason } => {
            let id = pick_from(ws, card, &|c| !c.is_tombstone());
            let actor = who(ws, &id, actor, false);
            set_hold(ws, &id, hold, &actor, REASONS[reason]).map(drop)
        }
        Op::Ttl { kind, ttl, actor, reason } => set_ttl(ws, TTL_KINDS[kind], ttl, actor.map_or("dana", |a| ACTORS[a]), REASONS[reason]).map(drop),
        Op::Cache { bits, purge, actor, reason } => {
            let key: Vec<KeyField> = KeyField::ALL.into_iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, f)| f).collect();
            set_cache(ws, &key, purge, actor.map_or("dana", |a| ACTORS[a]), REASONS[reason]).map(drop)
        }
    };
    if result.is_err() {
        assert_eq!(*ws, before, "a refusal changes nothing: {op:?} → {result:?}");
    }
    result
}

/// A workspace after a random history.
fn history_of(world: Workspace, ops: &[Op]) -> Workspace {
    history_with_snapshots(world, ops).0
}

/// What the state showed at one tick: every view, and the settings that
/// decide who reads what (groups, retention, cache, policy version, and
/// each card's hold by id).
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    views: Vec<(String, Vec<String>)>,
    groups: Option<Groups>,
    retention: Option<Retention>,
    cache: Option<CacheConfig>,
    policy_version: u64,
    holds: Vec<(String, bool)>,
}

fn snapshot(ws: &Workspace) -> Snapshot {
    Snapshot {
        views: now(ws),
        groups: ws.groups().cloned(),
        retention: ws.retention.as_ref().and_then(Kept::good).cloned().filter(|r| !r.0.is_empty()),
        cache: ws.cache.as_ref().and_then(Kept::good).cloned(),
        policy_version: ws.policy_version(),
        holds: ws.cards.iter().filter(|c| !c.is_tombstone()).map(|c| (c.id.clone(), c.life().is_some_and(|l| l.held()))).collect(),
    }
}

/// A workspace after a random history, and the state as it stood at each
/// tick the history reached (after the last change at that tick).
fn history_with_snapshots(world: Workspace, ops: &[Op]) -> (Workspace, Vec<(u64, Snapshot)>) {
    let mut ws = world;
    let mut fresh = 0;
    let mut at: Vec<(u64, Snapshot)> = vec![(ws.clock(), snapshot(&ws))];
    for op in ops {
        let _ = apply(&mut ws, op, &mut fresh);
        let shot = (ws.clock(), snapshot(&ws));
        match at.last_mut() {
            Some(last) if last.0 == shot.0 => *last = shot,
            _ => at.push(shot),
        }
    }
    (ws, at)
}

/// A snapshot without the cards deleted since: a deleted card is a
/// tombstone at every tick, so the past no longer shows it.
fn without_deleted(mut shot: Snapshot, ws: &Workspace) -> Snapshot {
    let gone = |id: &String| ws.cards.iter().any(|c| &c.id == id && c.is_tombstone());
    for (_, view) in &mut shot.views {
        view.retain(|id| !gone(id));
    }
    shot.holds.retain(|(id, _)| !gone(id));
    shot
}

/// Every view by card id, viewers in order.
fn views(eval: &Evaluation<'_>) -> Vec<(String, Vec<String>)> {
    eval.viewers()
        .zip(eval.views())
        .map(|(v, view)| (v.key(), view.iter().map(|&i| eval.workspace.cards[i].id.clone()).collect()))
        .collect()
}

fn now(ws: &Workspace) -> Vec<(String, Vec<String>)> {
    views(&Evaluation::new(ws, &ws.query, Policy::FourScope))
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(160))]

    /// `publish` never admits what `check` rejects: checked after every
    /// publication (in `apply`), and for every card any view holds.
    #[test]
    fn publish_never_admits_what_check_rejects(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        let ws = history_of(world, &ops);
        let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
        for view in eval.views() {
            for i in view {
                prop_assert!(check_filed_in(&ws.cards[i], Filing::AsWritten, ws.groups()).is_ok());
                prop_assert!(eval.gates[i].is_ok());
            }
        }
    }

    /// The views at the clock, replayed from the log, are the views now.
    #[test]
    fn as_of_the_clock_is_the_current_state(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        let ws = history_of(world, &ops);
        let past = as_of(&ws, ws.clock()).unwrap();
        prop_assert_eq!(now(&past), now(&ws));
        prop_assert_eq!(views(&Evaluation::at(&ws, &ws.query, Policy::FourScope, ws.clock())), now(&ws));
        let audit = audit(&ws);
        prop_assert!(audit.problems.is_empty(), "{:?}", audit.problems);
    }

    /// Every event the write path logs has an actor; every retirement (and
    /// every refusal, expiry and policy change) has a reason; none is set aside.
    #[test]
    fn every_event_has_an_actor_and_every_retirement_a_reason(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        let ws = history_of(world, &ops);
        for (_, event) in ws.events() {
            prop_assert!(!event.actor.trim().is_empty(), "{:?}", event);
            if event.action.retires() || event.action.needs_reason() {
                prop_assert!(event.reason.as_deref().is_some_and(|r| !r.trim().is_empty()), "{:?}", event);
            }
        }
        prop_assert!(audit(&ws).entries.iter().all(|e| e.problem.is_none()));
        prop_assert_eq!(ws.log().len(), ws.events().count());
    }

    /// Rolling a new version back restores every view from before it.
    #[test]
    fn rollback_restores_the_views_from_before_the_bad_version(
        world in world(),
        ops in prop::collection::vec(op(), 0..30),
        target in any::<prop::sample::Index>(),
        text in select(TEXTS),
    ) {
        let mut ws = history_of(world, &ops);
        let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
        let current: Vec<usize> = (0..ws.cards.len()).filter(|&i| eval.not_in_effect(i).is_none() && eval.gates[i].is_ok()).collect();
        prop_assume!(!current.is_empty());
        let base = ws.cards[current[target.index(current.len())]].clone();
        let before = now(&ws);
        let mut bad = card("bad", &base.scope, &base.owner_user, &base.owner_agent, &base.stream, text);
        bad.life_mut().group = base.life().and_then(|l| l.group.clone());
        bad.life_mut().supersedes = Some(base.id.clone());
        let writer = Viewer::new(&base.owner_user, &base.owner_agent);
        prop_assume!(propose(&mut ws, writer, bad).is_ok());
        let reviewer = if Scope::parse_with_groups(&base.scope, true).is_some_and(Scope::crosses_users) { "dana" } else { base.owner_user.as_str() };
        prop_assume!(publish(&mut ws, "bad", reviewer).is_ok());
        prop_assert!(rollback(&mut ws, "bad", "dana", "poisoned").is_ok());
        prop_assert_eq!(now(&ws), before);
    }

    /// A card's tier never changes a view, now or at any tick.
    #[test]
    fn changing_a_tier_never_changes_a_view(
        world in world(),
        ops in prop::collection::vec(op(), 0..30),
        which in any::<prop::sample::Index>(),
        tier in select(TIERS),
    ) {
        let ws = history_of(world, &ops);
        prop_assume!(!ws.cards.is_empty());
        let mut retiered = ws.clone();
        let i = which.index(ws.cards.len());
        prop_assume!(!retiered.cards[i].is_tombstone());
        std::rc::Rc::make_mut(&mut retiered.cards[i]).life_mut().tier = tier.map(str::to_string);
        prop_assert_eq!(now(&retiered), now(&ws));
        for tick in 0..=ws.clock() {
            prop_assert_eq!(
                views(&Evaluation::at(&retiered, &ws.query, Policy::FourScope, tick)),
                views(&Evaluation::at(&ws, &ws.query, Policy::FourScope, tick))
            );
        }
    }

    /// Once a card is deleted its text is in no view at any tick, no
    /// cached answer, no event, no history and not in the file.
    #[test]
    fn a_deleted_cards_text_appears_nowhere(
        world in world(),
        ops in prop::collection::vec(op(), 0..40),
        which in any::<prop::sample::Index>(),
    ) {
        let mut ws = history_of(world, &ops);
        let live: Vec<usize> = (0..ws.cards.len()).filter(|&i| !ws.cards[i].is_tombstone()).collect();
        prop_assume!(!live.is_empty());
        let target = ws.cards[live[which.index(live.len())]].clone();
        prop_assert!(delete(&mut ws, &target.id, &target.owner_user, "asked to forget").is_ok());
        let text = target.lesson.as_str();
        prop_assert!(!ws.to_json_pretty().contains(text));
        for tick in 0..=ws.clock() {
            let eval = Evaluation::at(&ws, &ws.query, Policy::FourScope, tick);
            for viewer in eval.viewers() {
                prop_assert!(eval.hits(viewer).iter().all(|hit| !hit.lesson.contains(text)));
            }
            prop_assert!(!as_of(&ws, tick).unwrap().to_json_pretty().contains(text));
        }
        for cache in [CacheConfig { key: vec![KeyField::Query], purge: None }, CacheConfig::safe(false)] {
            let replay = replay_cache_with(&ws, Some(&cache));
            prop_assert!(!serde_json::to_string(&replay).unwrap().contains(text));
        }
        prop_assert!(!serde_json::to_string(&audit(&ws)).unwrap().contains(text));
        prop_assert!(!serde_json::to_string(&history(&ws, &target.id).unwrap()).unwrap().contains(text));
    }

    /// Replaying the log to any tick gives what the state showed at that
    /// tick: the same views (from `as_of` and from `Evaluation::at`), the
    /// same groups' members, retention, cache, policy version and holds.
    #[test]
    fn replaying_the_log_to_any_tick_gives_the_state_at_that_tick(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        // A delete rewrites the past on purpose (the card is a tombstone at
        // every tick, and what it replaced is in effect again there), so
        // the state recorded before it is not what the past shows after
        // it: histories with a delete are left to the properties above.
        let ops: Vec<Op> = ops.into_iter().filter(|op| !matches!(op, Op::Delete { .. })).collect();
        let (ws, at) = history_with_snapshots(world, &ops);
        for (tick, shot) in at {
            let shot = without_deleted(shot, &ws);
            let past = as_of(&ws, tick).unwrap();
            prop_assert_eq!(&snapshot(&past), &shot, "as_of({})", tick);
            prop_assert_eq!(&views(&Evaluation::at(&ws, &ws.query, Policy::FourScope, tick)), &shot.views, "Evaluation::at({})", tick);
        }
    }

    /// A reader outside a group (as its members were at each tick) never
    /// sees a group card, at any tick.
    #[test]
    fn a_reader_outside_a_group_never_sees_a_group_card(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        let ws = history_of(world, &ops);
        for tick in 0..=ws.clock() {
            let members = as_of(&ws, tick).unwrap().groups().unwrap().members("team").unwrap().to_vec();
            let eval = Evaluation::at(&ws, &ws.query, Policy::FourScope, tick);
            for (viewer, view) in eval.viewers().zip(eval.views()) {
                if members.iter().any(|m| m == viewer.user) {
                    continue;
                }
                prop_assert!(view.iter().all(|&i| ws.cards[i].scope != "GROUP"), "{} at {}", viewer.key(), tick);
            }
        }
    }
}

proptest! {
    // Staleness after a change of members, hold or TTL needs a read, the
    // change and the same reader reading again, in that order: more cases,
    // and a history of just such steps, find it (at 160 general cases a
    // purge that ignored those changes went unnoticed).
    #![proptest_config(config(400))]

    /// With purge on (and a safe key), no read is stale through changes of
    /// who may read what: reads of the workspace's query, publications,
    /// members, holds, times to live and sweeps.
    #[test]
    fn with_purge_on_no_read_is_stale_through_access_changes(world in world(), ops in prop::collection::vec(access_op(), 0..24)) {
        let ws = history_of(world, &ops);
        let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(true)));
        prop_assert!(replay.stale().next().is_none(), "{:?}", replay.reads);
    }

    /// With purge on (and a safe key), no read is ever served stale: a
    /// cached answer holds nothing that the same read without any cache
    /// would not get (it may miss a card published since), so the cache
    /// adds no leak of its own.
    #[test]
    fn with_purge_on_no_read_is_stale(world in world(), ops in prop::collection::vec(op(), 0..40)) {
        let ws = history_of(world, &ops);
        let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(true)));
        prop_assert!(replay.stale().next().is_none(), "{:?}", replay.reads);
        let uncached = replay_cache_with(&ws, None);
        prop_assert!(uncached.served().next().is_none());
        let reads = ws.events().filter(|(_, e)| e.action == Action::Read).count();
        prop_assert_eq!(replay.reads.len(), reads);
        for (cached, fresh) in replay.reads.iter().zip(&uncached.reads) {
            prop_assert!(cached.hits.iter().all(|id| fresh.hits.contains(id)), "{:?} {:?}", cached, fresh);
            prop_assert!(cached.leaks.iter().all(|leak| fresh.leaks.contains(leak)));
        }
    }
}

// ---------------------------------------------------------------------------
// Files without the new keys
// ---------------------------------------------------------------------------

const PLAIN_SCOPES: &[&str] = &["PAIR", "USER", "AGENT", "GLOBAL", "GROUP", "global", ""];

fn plain() -> impl Strategy<Value = Workspace> {
    prop::collection::vec(
        (select(PLAIN_SCOPES), 0..3usize, 0..2usize, select(STREAMS), any::<bool>(), select(TEXTS), select(QUERIES)),
        0..12,
    )
    .prop_map(|cards| {
        let mut ws = Workspace {
            users: USERS.iter().map(|s| s.to_string()).collect(),
            agents: AGENTS.iter().map(|s| s.to_string()).collect(),
            query: cards.first().map_or("報告", |c| c.6).to_string(),
            ..Workspace::default()
        };
        ws.canaries.add("alice", "FAKE-ALICE-731");
        for (n, (scope, user, agent, stream, approved, text, _)) in cards.into_iter().enumerate() {
            let mut c = Card {
                id: format!("c{n}"),
                scope: scope.into(),
                owner_user: USERS[user].into(),
                owner_agent: AGENTS[agent].into(),
                stream: stream.into(),
                share_approved: approved,
                situation: "報告".into(),
                lesson: text.into(),
                source: "s".into(),
                ..Card::default()
            };
            c.malformed.clear();
            ws.cards.push(c.into());
        }
        ws
    })
}

proptest! {
    #![proptest_config(config(256))]

    /// A file without the new keys gives the views of the four-scope policy
    /// itself (`access`, card by card), at every tick it has (just 0), and
    /// writes none of the new keys back.
    #[test]
    fn a_file_without_the_new_keys_gives_the_four_scope_views(ws in plain()) {
        let text = ws.to_json_pretty();
        let ws = Workspace::from_json(&text).unwrap();
        prop_assert!(!ws.uses_time());
        prop_assert_eq!(ws.to_json_pretty(), text.clone());
        for key in ["clock", "events", "status", "reviewers", "retention", "groups", "cache", "policy_version"] {
            let quoted = format!("\"{}\"", key);
            prop_assert!(!text.contains(&quoted), "{}", key);
        }
        let expected: Vec<(String, Vec<String>)> = ws
            .users
            .iter()
            .flat_map(|u| ws.agents.iter().map(move |a| Viewer::new(u, a)))
            .map(|v| {
                let ids = ws.cards.iter().filter(|c| access(c, v).allowed() && matches_query(c, &ws.query)).map(|c| c.id.clone()).collect();
                (v.key(), ids)
            })
            .collect();
        prop_assert_eq!(now(&ws), expected.clone());
        prop_assert_eq!(now(&as_of(&ws, 0).unwrap()), expected.clone());
        prop_assert_eq!(views(&Evaluation::at(&ws, &ws.query, Policy::FourScope, 0)), expected);
        let report = serde_json::to_value(mixua_words::report(&ws, &ws.query, false)).unwrap();
        prop_assert!(report.get("at").is_none() && report.get("not_in_effect").is_none());
    }
}
