//! Assertions (issue 53) against an oracle: over random workspaces (cards
//! of every scope, stream and approval, some carrying canaries, and a random
//! history through the write path: proposals, reviews, retirements, reads
//! through a cache) and random assertions (reads and doesn't read for a
//! viewer or a pattern, no leak, rejected and accepted, in the prompt and
//! not, each now or at a tick), each verdict equals what evaluating the
//! views, the cache and the prompts from scratch says. The oracle never
//! calls the checks: it asks the policy for each viewer's view one at a
//! time (at a tick, `Evaluation::at` on the workspace now, not the past
//! workspace the checks read), scans what each reader is handed for
//! canaries by hand, and assembles each prompt.
//!
//! Its oracle assembles prompts, so it needs lesson 3 (the default build);
//! the students' build (no lesson 3) runs the others.
#![cfg(feature = "lesson3")]

use mixua_course::assertion::{read, run, Because};
use mixua_course::{Assertion, CardRef, Cells, Check};
use mixua_policy::policy::matches_query;
use mixua_policy::prompt::{task_for, Assembler};
use mixua_policy::{
    as_of, check, delete, sweep, log_read, propose, publish, replay_cache, revoke, set_cache, Card, Evaluation, Groups, KeyField, Kept,
    Policy, Viewer, Workspace,
};
use proptest::prelude::*;
use proptest::sample::select;

const USERS: &[&str] = &["alice", "bob", "carol"];
const AGENTS: &[&str] = &["writer-v1", "checker-v1"];
const SCOPES: &[&str] = &["PAIR", "USER", "AGENT", "GLOBAL", "GROUP", "global"];
const STREAMS: &[&str] = &["protected", "reusable", ""];
const TEXTS: &[&str] = &["報告請只回三行。", "報告暗號 FAKE-ALICE-731。", "報告暗號 FAKE-BOB-852。", "總數要重新加總。", "報告"];
const QUERIES: &[&str] = &["報告", "", "總數"];

#[derive(Clone, Debug)]
enum Op {
    Propose { writer: (usize, usize), scope: usize, stream: usize, text: usize },
    Publish { card: usize },
    Revoke { card: usize },
    Delete { card: usize },
    Read { viewer: (usize, usize), query: usize },
    Cache { bits: u8 },
    /// The clock moves on (a sweep to a later tick).
    Advance { by: u64 },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => ((0..3usize, 0..2usize), 0..SCOPES.len(), 0..2usize, 0..TEXTS.len())
            .prop_map(|(writer, scope, stream, text)| Op::Propose { writer, scope, stream, text }),
        3 => any::<usize>().prop_map(|card| Op::Publish { card }),
        1 => any::<usize>().prop_map(|card| Op::Revoke { card }),
        1 => any::<usize>().prop_map(|card| Op::Delete { card }),
        3 => ((0..3usize, 0..2usize), 0..QUERIES.len()).prop_map(|(viewer, query)| Op::Read { viewer, query }),
        1 => (0..16u8).prop_map(|bits| Op::Cache { bits }),
        3 => (1..3u64).prop_map(|by| Op::Advance { by }),
    ]
}

fn card(id: &str, scope: &str, user: &str, agent: &str, stream: &str, text: &str) -> Card {
    let mut card = Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: user.into(),
        owner_agent: agent.into(),
        stream: stream.into(),
        situation: "報告".into(),
        lesson: text.into(),
        source: "synthetic".into(),
        ..Card::default()
    };
    if scope == "GROUP" {
        card.life_mut().group = Some("team".into());
    }
    card
}

/// A workspace: a few timeless cards, then (sometimes) a history.
fn workspace() -> impl Strategy<Value = Workspace> {
    let start = (0..SCOPES.len(), 0..3usize, 0..2usize, 0..STREAMS.len(), any::<bool>(), 0..TEXTS.len());
    (prop::collection::vec(start, 0..6), prop::collection::vec(op(), 0..14), 0..QUERIES.len()).prop_map(|(cards, ops, query)| {
        let mut ws = Workspace {
            users: USERS.iter().map(|s| s.to_string()).collect(),
            agents: AGENTS.iter().map(|s| s.to_string()).collect(),
            query: QUERIES[query].into(),
            ..Workspace::default()
        };
        ws.canaries.add("alice", "FAKE-ALICE-731");
        ws.canaries.add("bob", "FAKE-BOB-852");
        ws.groups = Some(Kept::Good(Groups(vec![("team".into(), vec!["alice".into(), "carol".into()])])));
        for (n, (scope, user, agent, stream, approved, text)) in cards.into_iter().enumerate() {
            let mut c = card(&format!("s{n}"), SCOPES[scope], USERS[user], AGENTS[agent], STREAMS[stream], TEXTS[text]);
            c.share_approved = approved;
            ws.cards.push(c.into());
        }
        if !ops.is_empty() {
            ws.reviewers = Some(Kept::Good(vec!["dana".into()]));
        }
        let pick = |ws: &Workspace, n: usize| ws.cards.get(n % ws.cards.len().max(1)).map(|c| c.id.clone()).unwrap_or_default();
        let mut fresh = 0;
        for op in &ops {
            // Refusals are part of the story; whatever is refused changes nothing.
            let _ = match *op {
                Op::Propose { writer: (u, a), scope, stream, text } => {
                    let new = card(&format!("n{fresh}"), SCOPES[scope], USERS[u], AGENTS[a], STREAMS[stream], TEXTS[text]);
                    fresh += 1;
                    propose(&mut ws, Viewer::new(USERS[u], AGENTS[a]), new).map(drop)
                }
                Op::Publish { card } => {
                    let id = pick(&ws, card);
                    publish(&mut ws, &id, "dana").map(drop)
                }
                Op::Revoke { card } => {
                    let id = pick(&ws, card);
                    let owner = ws.cards.iter().find(|c| c.id == id).map(|c| c.owner_user.clone()).unwrap_or_default();
                    revoke(&mut ws, &id, &owner, "outdated").map(drop)
                }
                Op::Delete { card } => {
                    let id = pick(&ws, card);
                    let owner = ws.cards.iter().find(|c| c.id == id).map(|c| c.owner_user.clone()).unwrap_or_default();
                    delete(&mut ws, &id, &owner, "asked to forget").map(drop)
                }
                Op::Read { viewer: (u, a), query } => log_read(&mut ws, Viewer::new(USERS[u], AGENTS[a]), QUERIES[query]).map(drop),
                Op::Cache { bits } => {
                    let key: Vec<KeyField> =
                        KeyField::ALL.into_iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, f)| f).collect();
                    set_cache(&mut ws, &key, false, "dana", "tuning").map(drop)
                }
                Op::Advance { by } => {
                    let to = ws.clock() + by;
                    sweep(&mut ws, to, "retention").map(drop)
                }
            };
        }
        ws
    })
}

/// A random assertion, as JSON written by hand (the file's form).
fn assertion() -> impl Strategy<Value = serde_json::Value> {
    let who = (select(vec!["alice", "bob", "carol", "alice", "bob", "zed", "*"]), select(vec!["writer-v1", "checker-v1", "writer-v1", "checker-v1", "*"]))
        .prop_map(|(u, a)| format!("{u}/{a}"));
    // `#k`: the workspace's card k (modulo its cards), chosen once the
    // workspace is there ([`name_cards`]); `nope` is no card.
    let card = prop_oneof![9 => (0..16usize).prop_map(|k| format!("#{k}")), 1 => Just("nope".to_string())];
    let kind = select(vec!["retrieves", "not_retrieves", "in_prompt", "not_in_prompt"]);
    // Half of them ask the card's owner (`@k`), who reads it more often.
    let owner = (0..16usize).prop_map(|k| (format!("@{k}"), format!("#{k}")));
    let cells_card = prop_oneof![(who, card.clone()), owner];
    let cell_check = (kind, cells_card).prop_map(|(k, (who, card))| serde_json::json!({ k: {"cells": who, "card": card} }));
    let reason = prop::option::of(select(vec!["not_approved", "protected_shared", "unknown_scope", "unknown_stream"]));
    let card_check = prop_oneof![
        (card.clone(), reason).prop_map(|(card, reason)| match reason {
            Some(r) => serde_json::json!({"rejected": {"card": card, "reason": r}}),
            None => serde_json::json!({"rejected": {"card": card}}),
        }),
        card.prop_map(|card| serde_json::json!({"accepted": {"card": card}})),
    ];
    let check = prop_oneof![
        6 => cell_check,
        2 => card_check,
        1 => Just(serde_json::json!("no_leak")),
        2 => Just(serde_json::json!("no_leak_anywhere")),
    ];
    (check, prop::option::of(0..5u64)).prop_map(|(check, at)| match at {
        Some(at) => serde_json::json!({"check": check, "at": at, "note": "random"}),
        None => serde_json::json!({"check": check}),
    })
}

/// Each `#k` of the written assertions becomes the id of the workspace's
/// card k, and each `@k` its owner's cell, so that most assertions name a
/// card it has.
fn name_cards(ws: &Workspace, value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(text) => {
            let card = |k: &str| k.parse::<usize>().ok().and_then(|k| ws.cards.get(k % ws.cards.len().max(1)));
            if let Some(k) = text.strip_prefix('#') {
                *text = card(k).map_or("nope".to_string(), |c| c.id.clone());
            } else if let Some(k) = text.strip_prefix('@') {
                // A deleted card keeps only its id: nobody owns it then.
                *text = card(k)
                    .filter(|c| !c.is_tombstone())
                    .map_or("zed/*".to_string(), |c| format!("{}/{}", c.owner_user, c.owner_agent));
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| name_cards(ws, v)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| name_cards(ws, v)),
        _ => {}
    }
}

/// The cells a pattern names, resolved by hand: `None` where a name is
/// not in the chart.
fn cells_of(ws: &Workspace, cells: &Cells) -> Vec<(String, String)> {
    let users: Vec<String> = if cells.users.is_empty() { ws.users.clone() } else { cells.users.clone() };
    let agents: Vec<String> = if cells.agents.is_empty() { ws.agents.clone() } else { cells.agents.clone() };
    users.iter().flat_map(|u| agents.iter().map(move |a| (u.clone(), a.clone()))).collect()
}

fn in_chart(ws: &Workspace, (u, a): &(String, String)) -> bool {
    ws.users.contains(u) && ws.agents.contains(a)
}

/// The canaries a reader is handed in these cards that belong to another
/// user, scanned by hand (a reader is handed a card's id and lesson).
fn foreign_canaries(ws: &Workspace, user: &str, cards: &[&Card]) -> usize {
    let own = ws.canaries.of_user(user);
    cards
        .iter()
        .map(|c| {
            ws.canaries
                .iter()
                .filter(|(owner, token)| *owner != user && !own.iter().any(|o| o == token))
                .filter(|(_, token)| c.id.contains(token) || c.lesson.contains(token))
                .count()
        })
        .sum()
}

/// What the oracle says of one check, on the workspace now (`past`: the
/// workspace as of the tick, and the tick).
fn oracle(ws: &Workspace, past: Option<(&Workspace, u64)>, check_: &Check) -> bool {
    let then = past.map_or(ws, |(p, _)| p);
    // The views: one viewer at a time, at the tick from the workspace now.
    let eval = match past {
        Some((_, t)) => Evaluation::at(ws, &ws.query, Policy::FourScope, t),
        None => Evaluation::new(ws, &ws.query, Policy::FourScope),
    };
    let reads = |(u, a): &(String, String), id: &str| -> bool {
        eval.view(Viewer::new(u, a)).into_iter().any(|i| ws.cards[i].id == id)
    };
    let id = |card: &CardRef| match card {
        CardRef::Id(id) => id.clone(),
        other => panic!("the random assertions name cards by id: {other:?}"),
    };
    let loaded = |(u, a): &(String, String), id: &str| -> bool {
        let viewer = Viewer::new(u, a);
        let (query, _) = task_for(then, viewer, None);
        let prompt = Assembler::new(then, query).prompt(viewer);
        prompt.loaded.iter().any(|l| then.cards[l.card].id == id)
    };
    match check_ {
        Check::Retrieves { cells, card } => {
            let cells = cells_of(ws, cells);
            !cells.is_empty() && cells.iter().all(|c| in_chart(ws, c) && reads(c, &id(card)))
        }
        Check::NotRetrieves { cells, card } => cells_of(ws, cells).iter().all(|c| !in_chart(ws, c) || !reads(c, &id(card))),
        Check::InPrompt { cells, card } => {
            let cells = cells_of(then, cells);
            // A cell not in the chart has no prompt of its own to hold it:
            // the assembly would still build one, so the chart is asked.
            !cells.is_empty() && cells.iter().all(|c| loaded(c, &id(card)))
        }
        Check::NotInPrompt { cells, card } => cells_of(then, cells).iter().all(|c| !loaded(c, &id(card))),
        Check::NoLeak | Check::NoLeakAnywhere => {
            let in_views: usize = cells_of(ws, &Cells::every())
                .iter()
                .map(|(u, a)| {
                    let view: Vec<&Card> = eval.view(Viewer::new(u, a)).into_iter().map(|i| &*ws.cards[i]).collect();
                    foreign_canaries(ws, u, &view)
                })
                .sum();
            if matches!(check_, Check::NoLeak) {
                return in_views == 0;
            }
            let in_cache = replay_cache(then).reads.iter().map(|r| r.leaks.len()).sum::<usize>();
            let in_prompts: usize = cells_of(then, &Cells::every())
                .iter()
                .map(|(u, a)| {
                    let viewer = Viewer::new(u, a);
                    let (query, _) = task_for(then, viewer, None);
                    let prompt = Assembler::new(then, query).prompt(viewer);
                    let cards: Vec<&Card> = prompt.loaded.iter().map(|l| &*then.cards[l.card]).collect();
                    foreign_canaries(then, u, &cards)
                })
                .sum();
            in_views + in_cache + in_prompts == 0
        }
        Check::Rejected { card, reason } => then
            .cards
            .iter()
            .find(|c| c.id == id(card))
            .is_some_and(|c| matches!(check(c), Err(r) if reason.as_deref().is_none_or(|code| r.code() == code))),
        Check::Accepted { card: Some(card), owner: None, scope: None } => {
            then.cards.iter().filter(|c| c.id == id(card)).any(|c| check(c).is_ok())
        }
        other => panic!("no random assertion is {other:?}"),
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn each_verdict_equals_evaluating_from_scratch(ws in workspace(), written in prop::collection::vec(assertion(), 1..8)) {
        let mut written = serde_json::Value::from(written);
        name_cards(&ws, &mut written);
        let assertions = read(&written);
        prop_assert!(assertions.problems.is_empty(), "{:?}", assertions.problems);
        let list: Vec<Assertion> = assertions.items.into_iter().map(|(_, a)| a).collect();
        let verdicts = run(&ws, &list, None);
        prop_assert_eq!(verdicts.len(), list.len());
        let clock = ws.clock();
        for (a, verdict) in list.iter().zip(&verdicts) {
            let expected = match a.at {
                Some(t) if t > clock => {
                    prop_assert_eq!(&verdict.because, &vec![Because::AfterClock { tick: t, clock }]);
                    false
                }
                Some(t) => oracle(&ws, Some((&as_of(&ws, t).unwrap(), t)), &a.check),
                None => oracle(&ws, None, &a.check),
            };
            prop_assert_eq!(verdict.pass, expected, "{:?} at {:?} on {}", a.check, a.at, ws.to_json_pretty());
            // A failing verdict says why; a passing one says nothing.
            prop_assert_eq!(verdict.because.is_empty(), verdict.pass, "{:?}", verdict);
            for because in &verdict.because {
                // A reason names only the cells the assertion names.
                if let (Some(cell), Check::Retrieves { cells, .. } | Check::NotRetrieves { cells, .. }) = (because.cell(), &a.check) {
                    prop_assert!(cells_of(&ws, cells).contains(&(cell.user.clone(), cell.agent.clone())), "{:?}", because);
                }
                // The rule lets the viewer in only when the query is what misses.
                if let Because::DoesNotRead { card, access, .. } = because {
                    let then = a.at.map_or(ws.clone(), |t| as_of(&ws, t).unwrap());
                    let c = then.cards.iter().find(|c| c.id == *card).unwrap();
                    prop_assert!(!access.allowed() || !matches_query(c, &ws.query), "{:?}", because);
                }
                if let Because::Reads { access, .. } = because {
                    prop_assert!(access.allowed(), "{:?}", because);
                }
            }
        }
    }

    /// The same assertions written back read back the same: a workspace
    /// file keeps them exactly.
    #[test]
    fn assertions_survive_the_workspace_file(ws in workspace(), written in prop::collection::vec(assertion(), 0..5)) {
        let mut ws = ws;
        let mut written = serde_json::Value::from(written);
        name_cards(&ws, &mut written);
        ws.assertions = Some(written);
        let back = Workspace::from_json(&ws.to_json_pretty()).unwrap();
        prop_assert_eq!(&back, &ws);
        let read_back = read(back.assertions.as_ref().unwrap());
        let items: Vec<serde_json::Value> = read_back.items.iter().map(|(_, a)| a.to_value()).collect();
        let again = read(&serde_json::Value::from(items));
        // Written back by the crate, each reads back the same (the places
        // differ only where an entry was set aside before it).
        let same = |items: Vec<(usize, Assertion)>| items.into_iter().map(|(_, a)| a).collect::<Vec<_>>();
        prop_assert!(again.problems.is_empty(), "{:?}", again.problems);
        prop_assert_eq!(same(again.items), same(read_back.items));
    }
}
