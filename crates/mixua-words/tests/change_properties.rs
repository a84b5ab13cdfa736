//! The change summary against the views themselves: on random workspaces
//! and random one-field edits, applying the change to the views before the
//! edit gives the views after it, and the same for the leak alarms and the
//! rejected cards. The views on both sides come from `report`, so the
//! change is checked against the report's answers, not its own.

use std::collections::{BTreeMap, BTreeSet};

use mixua_policy::{change_between, Change, Presence, Workspace};
use mixua_words::{change_text, report, Lang};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};

// Small pools, close to the seed, so that edits often move cards.
const USERS: &[&str] = &["alice", "bob", "carol"];
const AGENTS: &[&str] = &["writer-v1", "checker-v1", "writer-v2"];
const SCOPES: &[&str] = &["PAIR", "USER", "AGENT", "GLOBAL", "global", ""];
const STREAMS: &[&str] = &["protected", "reusable", ""];
const SITUATIONS: &[&str] = &["報告", "週報", ""];
const LESSONS: &[&str] = &["報告請只回三行。", "暗號 FAKE-ALICE-731。", "暗號 FAKE-BOB-852。", "FAKE-CAROL-404", ""];
const QUERIES: &[&str] = &["報告", "", "暗號"];
const CANARIES: &[(&str, &str)] = &[("alice", "FAKE-ALICE-731"), ("bob", "FAKE-BOB-852"), ("carol", "FAKE-CAROL-404")];

fn card() -> impl Strategy<Value = Value> {
    (
        select(SCOPES),
        select(USERS),
        select(AGENTS),
        select(STREAMS),
        any::<bool>(),
        select(SITUATIONS),
        select(LESSONS),
    )
        .prop_map(|(scope, user, agent, stream, approved, situation, lesson)| {
            json!({"scope": scope, "owner_user": user, "owner_agent": agent, "stream": stream,
                   "share_approved": approved, "situation": situation, "lesson": lesson, "source": "s"})
        })
}

fn workspace() -> impl Strategy<Value = Value> {
    (
        prop::sample::subsequence(USERS, 1..=USERS.len()),
        prop::sample::subsequence(AGENTS, 1..=AGENTS.len()),
        prop::sample::subsequence(CANARIES, 0..=CANARIES.len()),
        select(QUERIES),
        prop::collection::vec(card(), 0..10),
    )
        .prop_map(|(users, agents, canaries, query, cards)| {
            let mut registry = Map::new();
            for (user, token) in canaries {
                registry.insert(user.into(), json!([token]));
            }
            // Ids repeat now and then (c0 twice), as a learner's may.
            let cards: Vec<Value> = cards
                .into_iter()
                .enumerate()
                .map(|(i, mut c)| {
                    c["id"] = json!(format!("c{}", if i == 5 { 0 } else { i }));
                    c
                })
                .collect();
            json!({"users": users, "agents": agents, "canaries": registry, "query": query, "cards": cards})
        })
}

/// One edit, as the playground makes them: one field of one card, a card
/// deleted, a user or agent added or removed, or the query.
#[derive(Clone, Debug)]
enum OneEdit {
    Field(prop::sample::Index, &'static str, Value),
    Delete(prop::sample::Index),
    AddUser(&'static str),
    RemoveAgent(prop::sample::Index),
    Query(&'static str),
}

fn one_edit() -> impl Strategy<Value = OneEdit> {
    let field = prop_oneof![
        select(SCOPES).prop_map(|s| ("scope", json!(s))),
        select(STREAMS).prop_map(|s| ("stream", json!(s))),
        any::<bool>().prop_map(|b| ("share_approved", json!(b))),
        select(USERS).prop_map(|s| ("owner_user", json!(s))),
        select(AGENTS).prop_map(|s| ("owner_agent", json!(s))),
        select(LESSONS).prop_map(|s| ("lesson", json!(s))),
        select(SITUATIONS).prop_map(|s| ("situation", json!(s))),
        Just(("share_approved", json!("yes"))),
    ];
    prop_oneof![
        8 => (any::<prop::sample::Index>(), field).prop_map(|(i, (f, v))| OneEdit::Field(i, f, v)),
        1 => any::<prop::sample::Index>().prop_map(OneEdit::Delete),
        1 => select(vec!["dave", "carol"]).prop_map(OneEdit::AddUser),
        1 => any::<prop::sample::Index>().prop_map(OneEdit::RemoveAgent),
        1 => select(QUERIES).prop_map(OneEdit::Query),
    ]
}

fn apply_edit(doc: &Value, edit: &OneEdit) -> Value {
    let mut doc = doc.clone();
    let cards = doc["cards"].as_array_mut().unwrap();
    match edit {
        OneEdit::Field(i, field, value) if !cards.is_empty() => {
            let n = i.index(cards.len());
            cards[n][*field] = value.clone();
        }
        OneEdit::Delete(i) if !cards.is_empty() => {
            cards.remove(i.index(cards.len()));
        }
        OneEdit::AddUser(name) => {
            let users = doc["users"].as_array_mut().unwrap();
            if !users.contains(&json!(name)) {
                users.push(json!(name));
            }
        }
        OneEdit::RemoveAgent(i) => {
            let agents = doc["agents"].as_array_mut().unwrap();
            if agents.len() > 1 {
                agents.remove(i.index(agents.len()));
            }
        }
        OneEdit::Query(q) => doc["query"] = json!(q),
        _ => {}
    }
    doc
}

fn load(doc: &Value) -> Workspace {
    Workspace::from_json(&doc.to_string()).expect("generated JSON is valid")
}

/// Each view as a sorted list of ids (a multiset), by `user/agent`.
type Views = BTreeMap<String, Vec<String>>;

fn views(ws: &Workspace) -> Views {
    report(ws, &ws.query, false)
        .views
        .0
        .into_iter()
        .map(|(key, hits)| {
            let mut ids: Vec<String> = hits.iter().map(|h| h.id.to_string()).collect();
            ids.sort();
            (key, ids)
        })
        .collect()
}

/// The change applied to the old views: each cell loses its `lost` and
/// gains its `gained`; added viewers appear, removed ones go.
fn apply(change: &Change, old: &Views) -> Views {
    let mut views = old.clone();
    for cell in &change.cells {
        let key = cell.viewer.key();
        match cell.presence {
            Presence::Removed => {
                views.remove(&key);
            }
            Presence::Added | Presence::Kept => {
                let view = views.entry(key).or_default();
                for id in &cell.lost {
                    let at = view.iter().position(|v| v == id).expect("a lost card was in the view");
                    view.remove(at);
                }
                view.extend(cell.gained.iter().cloned());
                view.sort();
            }
        }
    }
    views
}

type Alarm = (String, String, String, String);

fn alarms(ws: &Workspace) -> Vec<Alarm> {
    let mut all: Vec<Alarm> = report(ws, &ws.query, false)
        .leaks
        .into_iter()
        .map(|l| (l.viewer, l.card, l.token, l.owner))
        .collect();
    all.sort();
    all
}

fn rejected(ws: &Workspace) -> BTreeSet<String> {
    report(ws, &ws.query, false).rejected_ids.into_iter().map(String::from).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn applying_the_change_to_the_old_views_gives_the_new(doc in workspace(), edit in one_edit()) {
        let (before, after) = (load(&doc), load(&apply_edit(&doc, &edit)));
        let change = change_between(&before, &after);
        let (old, new) = (views(&before), views(&after));
        prop_assert_eq!(apply(&change, &old), new.clone(), "{:?}", edit);
        // Only cells that changed are listed, each once.
        for cell in &change.cells {
            let key = cell.viewer.key();
            prop_assert!(old.get(&key) != new.get(&key), "{} listed but unchanged", key);
        }
        let listed: BTreeSet<String> = change.cells.iter().map(|c| c.viewer.key()).collect();
        prop_assert_eq!(listed.len(), change.cells.len());

        // The alarms: old − cleared + raised = new.
        let mut alarms_now: Vec<Alarm> = alarms(&before);
        for l in &change.alarms_cleared {
            let at = alarms_now.iter().position(|a| *a == (l.viewer.clone(), l.card.clone(), l.token.clone(), l.owner.clone()));
            prop_assert!(at.is_some(), "cleared {:?} was not on", l);
            alarms_now.remove(at.unwrap());
        }
        alarms_now.extend(change.alarms_raised.iter().map(|l| (l.viewer.clone(), l.card.clone(), l.token.clone(), l.owner.clone())));
        alarms_now.sort();
        prop_assert_eq!(&alarms_now, &alarms(&after));
        prop_assert_eq!(change.alarms_now, alarms_now.len());

        // Rejected cards, by id: those newly rejected are rejected now and
        // were not; those newly accepted were and are not.
        let (was, is) = (rejected(&before), rejected(&after));
        let newly: BTreeSet<String> = change.now_rejected.iter().map(|(id, _)| id.clone()).collect();
        let accepted: BTreeSet<String> = change.now_accepted.iter().cloned().collect();
        prop_assert_eq!(newly, is.difference(&was).cloned().collect::<BTreeSet<_>>());
        let still_there: BTreeSet<String> = after.cards.iter().map(|c| c.id.clone()).collect();
        let gone_rejected: BTreeSet<String> = was.difference(&is).filter(|id| still_there.contains(*id)).cloned().collect();
        prop_assert_eq!(accepted, gone_rejected);

        // Words in both languages, never empty.
        prop_assert!(!change_text(&change, Lang::En).is_empty() && !change_text(&change, Lang::ZhTw).is_empty());
    }

    /// Undoing an edit is the change read backwards.
    #[test]
    fn undo_is_the_change_reversed(doc in workspace(), edit in one_edit()) {
        let (before, after) = (load(&doc), load(&apply_edit(&doc, &edit)));
        let (forth, back) = (change_between(&before, &after), change_between(&after, &before));
        prop_assert_eq!(forth.cells.len(), back.cells.len());
        for cell in &forth.cells {
            let reverse = back.cell(&cell.viewer).expect("the same cell changes back");
            let (mut g, mut l) = (reverse.gained.clone(), reverse.lost.clone());
            let (mut fg, mut fl) = (cell.gained.clone(), cell.lost.clone());
            g.sort(); l.sort(); fg.sort(); fl.sort();
            prop_assert_eq!((g, l), (fl, fg));
        }
        prop_assert_eq!(forth.alarms_raised.len(), back.alarms_cleared.len());
        prop_assert_eq!(forth.alarms_cleared.len(), back.alarms_raised.len());
    }
}
