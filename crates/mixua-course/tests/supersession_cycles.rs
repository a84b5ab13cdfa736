//! Cycles of versions: cards that replace one another round a cycle (or a
//! card that replaces itself) fail closed, each with the reason "a cycle of
//! versions", and the audit and the history name the cycle. Then a property
//! over every shape of `supersedes` graph, against a simple oracle.

use mixua_words::explain::{not_in_effect_text, workspace_problem_text};
use mixua_policy::{as_of, audit, history, Evaluation, NotInEffect, Policy, Workspace, WorkspaceProblem};
use mixua_words::{report, Lang};
use mixua_course::seed_workspace;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

/// The seed with `supersedes` written on some of its cards.
fn seed_superseding(pairs: &[(&str, &str)]) -> Workspace {
    let mut ws = seed_workspace();
    for (card, base) in pairs {
        let card = std::rc::Rc::make_mut(ws.cards.iter_mut().find(|c| c.id == *card).unwrap());
        card.life_mut().supersedes = Some(base.to_string());
    }
    // Read back from the file, as a learner's file would be.
    Workspace::from_json(&ws.to_json_pretty()).unwrap()
}

fn why(ws: &Workspace, id: &str) -> Option<NotInEffect> {
    let at = ws.cards.iter().position(|c| c.id == id).unwrap();
    Evaluation::new(ws, &ws.query, Policy::FourScope).not_in_effect(at).cloned()
}

fn cycle(ids: &[&str]) -> Option<NotInEffect> {
    Some(NotInEffect::CycleOfVersions { cycle: ids.iter().map(|s| s.to_string()).collect() })
}

/// The ids anyone at all reads now.
fn read_by_anyone(ws: &Workspace) -> Vec<String> {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let mut ids: Vec<String> = eval.views().iter().flatten().map(|&i| ws.cards[i].id.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

fn audit_cycles(ws: &Workspace) -> Vec<Vec<String>> {
    audit(ws)
        .problems
        .into_iter()
        .filter_map(|p| match p {
            WorkspaceProblem::CycleOfVersions { cards } => Some(cards),
            _ => None,
        })
        .collect()
}

#[test]
fn two_cards_that_replace_each_other_are_both_a_cycle_of_versions() {
    let ws = seed_superseding(&[("A", "G"), ("G", "A")]);
    assert_eq!(why(&ws, "A"), cycle(&["A", "G"]));
    assert_eq!(why(&ws, "G"), cycle(&["A", "G"]));
    let read = read_by_anyone(&ws);
    assert!(!read.contains(&"A".to_string()) && !read.contains(&"G".to_string()), "{read:?}");
    assert_eq!(audit_cycles(&ws), [["A", "G"]]);
    let a = history(&ws, "A").unwrap();
    assert_eq!(a.cycle.as_deref(), Some(&["A".to_string(), "G".to_string()][..]));
    assert_eq!(a.not_in_effect.as_ref().map(NotInEffect::code), Some("cycle_of_versions"));
    let en = not_in_effect_text(a.not_in_effect.as_ref().unwrap(), Lang::En);
    if has(Lang::En) {
        assert!(en.contains("a cycle of versions") && en.contains("A → G → A"), "{en}");
    }
    let zh = not_in_effect_text(a.not_in_effect.as_ref().unwrap(), Lang::ZhTw);
    if has(Lang::ZhTw) {
        assert!(zh.contains("版本循環") && zh.contains("A → G → A"), "{zh}");
    }
    let problem = &audit(&ws).problems[0];
    if has(Lang::En) {
        assert!(workspace_problem_text(problem, Lang::En).contains("a cycle of versions: A → G → A"));
    }
    if has(Lang::ZhTw) {
        assert!(workspace_problem_text(problem, Lang::ZhTw).contains("版本循環:A → G → A"));
    }
}

#[test]
fn a_card_that_replaces_itself_is_a_cycle_of_one() {
    let ws = seed_superseding(&[("G", "G")]);
    assert_eq!(why(&ws, "G"), cycle(&["G"]));
    assert!(!read_by_anyone(&ws).contains(&"G".to_string()));
    assert_eq!(audit_cycles(&ws), [["G"]]);
    assert_eq!(history(&ws, "G").unwrap().cycle, Some(vec!["G".to_string()]));
    let en = not_in_effect_text(&why(&ws, "G").unwrap(), Lang::En);
    assert!(en.contains("G → G"), "{en}");
}

#[test]
fn a_longer_cycle_is_named_in_order_and_a_card_leading_into_it_is_not_on_it() {
    // A replaces G, G replaces X, X replaces A: listed from A, each card
    // followed by the one that replaces it. Y replaces A from outside.
    let ws = seed_superseding(&[("A", "G"), ("G", "X"), ("X", "A"), ("Y", "A")]);
    for id in ["A", "G", "X"] {
        assert_eq!(why(&ws, id), cycle(&["A", "X", "G"]), "{id}");
    }
    assert_eq!(why(&ws, "Y"), None, "Y is on no cycle, and nothing replaces it");
    assert_eq!(audit_cycles(&ws), [["A", "X", "G"]]);
    assert_eq!(history(&ws, "Y").unwrap().cycle, None);
    // The other cards still evaluate as they did.
    assert_eq!(why(&ws, "P"), None);
}

#[test]
fn two_cycles_are_two_problems_and_a_chain_without_one_is_none() {
    let ws = seed_superseding(&[("A", "G"), ("G", "A"), ("P", "P")]);
    assert_eq!(audit_cycles(&ws), [vec!["P"], vec!["A", "G"]]);
    let ws = seed_superseding(&[("A", "G"), ("G", "X"), ("X", "gone")]);
    assert!(audit_cycles(&ws).is_empty());
    assert_eq!(why(&ws, "X").map(|w| w.code()), Some("superseded"));
}

#[test]
fn a_cycle_closes_only_when_its_last_card_is_written() {
    // G2 is proposed at tick 1 and published at 2, replacing G; G names G2
    // in its own `supersedes` (hand-edited), so from tick 1 the two are a
    // cycle. Before it, G is in effect as it was.
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    let cards = doc["cards"].as_array_mut().unwrap();
    let g = cards.iter_mut().find(|c| c["id"] == "G").unwrap();
    g["supersedes"] = json!("G2");
    let mut g2 = g.clone();
    g2["id"] = json!("G2");
    g2["supersedes"] = json!("G");
    g2["status"] = json!("accepted");
    cards.push(g2);
    doc["reviewers"] = json!(["dana"]);
    doc["clock"] = json!(2);
    doc["events"] = json!([
        {"tick": 1, "action": "propose", "card": "G2", "actor": "alice/writer-v1"},
        {"tick": 2, "action": "publish", "card": "G2", "actor": "dana"},
    ]);
    let ws = Workspace::from_json(&doc.to_string()).unwrap();
    assert_eq!(why(&ws, "G"), cycle(&["G", "G2"]));
    let then = as_of(&ws, 0).unwrap();
    assert_eq!(why(&then, "G"), None);
    let at = |tick| {
        let eval = Evaluation::at(&ws, &ws.query, Policy::FourScope, tick);
        let g = ws.cards.iter().position(|c| c.id == "G").unwrap();
        eval.not_in_effect(g).map(NotInEffect::code)
    };
    assert_eq!(at(0), None);
    assert_eq!(at(1), Some("cycle_of_versions"));
}

// ---------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------

const STATUSES: &[Option<&str>] = &[None, Some("accepted"), Some("candidate"), Some("rejected"), Some("deleted"), Some("rolled_back")];

/// One card of a random graph: its id (a few collide), what it names in
/// `supersedes` (a card's id, itself, or an id no card has), its status, and
/// maybe the tick it was proposed at.
#[derive(Clone, Debug)]
struct Node {
    id: usize,
    names: Option<usize>,
    status: usize,
    proposed: Option<u64>,
}

fn node(n: usize) -> impl Strategy<Value = Node> {
    (
        prop_oneof![4 => Just(None), 1 => (0..n + 2).prop_map(Some)],
        prop::option::weighted(0.8, 0..n + 3),
        0..STATUSES.len(),
        prop::option::weighted(0.3, 0..4u64),
    )
        .prop_map(|(id, names, status, proposed)| Node { id: id.unwrap_or(usize::MAX), names, status, proposed })
}

fn graph() -> impl Strategy<Value = Vec<Node>> {
    (0..9usize).prop_flat_map(|n| prop::collection::vec(node(n), n))
}

fn id_of(n: usize, at: usize) -> String {
    // `usize::MAX` stands for "the card's own place": most ids are unique.
    if n == usize::MAX { format!("c{at}") } else { format!("c{n}") }
}

/// The workspace of a graph: the seed's people, one card per node (all
/// readable), and a log proposing the cards that have a tick.
fn workspace_of(nodes: &[Node]) -> Workspace {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    let template = doc["cards"][3].clone();
    let mut cards = Vec::new();
    let mut events = Vec::new();
    for (at, node) in nodes.iter().enumerate() {
        let mut card = template.clone();
        let id = id_of(node.id, at);
        card["id"] = json!(id);
        if let Some(n) = node.names {
            card["supersedes"] = json!(format!("c{n}"));
        }
        if let Some(status) = STATUSES[node.status] {
            card["status"] = json!(status);
        }
        if let Some(tick) = node.proposed {
            events.push((tick, json!({"tick": tick, "action": "propose", "card": id, "actor": "alice/writer-v1"})));
        }
        cards.push(card);
    }
    events.sort_by_key(|(tick, _)| *tick);
    doc["cards"] = Value::Array(cards);
    doc["clock"] = json!(4);
    doc["events"] = Value::Array(events.into_iter().map(|(_, e)| e).collect());
    Workspace::from_json(&doc.to_string()).unwrap()
}

/// The oracle: card `i` is on a cycle when following `supersedes` from it,
/// by ids that name exactly one card and never through a deleted card,
/// comes back to it within as many steps as there are cards.
fn on_cycle(ws: &Workspace, i: usize) -> bool {
    let next = |j: usize| -> Option<usize> {
        let card = &ws.cards[j];
        if card.is_tombstone() {
            return None;
        }
        let base = card.life()?.supersedes.as_deref()?;
        let mut named = ws.cards.iter().enumerate().filter(|(_, c)| c.id == base).map(|(k, _)| k);
        match (named.next(), named.next()) {
            (Some(k), None) => Some(k),
            _ => None,
        }
    };
    let mut at = i;
    for _ in 0..ws.cards.len() {
        match next(at) {
            Some(j) if j == i => return true,
            Some(j) => at = j,
            None => return false,
        }
    }
    false
}

/// Checks a workspace against the oracle: the cards whose answer is "a
/// cycle of versions" are exactly the cards on cycles, each cycle lists
/// exactly its cards, and the audit lists each cycle once.
fn agrees_with_the_oracle(ws: &Workspace, eval: &Evaluation<'_>) -> Result<(), TestCaseError> {
    let mut cycles: Vec<Vec<String>> = Vec::new();
    for i in 0..ws.cards.len() {
        let expected = on_cycle(ws, i);
        match eval.not_in_effect(i) {
            Some(NotInEffect::CycleOfVersions { cycle }) => {
                prop_assert!(expected, "{} is said to be on a cycle {:?}", ws.cards[i].id, cycle);
                prop_assert!(cycle.contains(&ws.cards[i].id));
                // Every card the cycle lists is on it, and it lists each once.
                for id in cycle {
                    let j = ws.cards.iter().position(|c| &c.id == id).unwrap();
                    prop_assert!(on_cycle(ws, j), "{} listed", id);
                }
                let mut sorted = cycle.clone();
                sorted.sort();
                sorted.dedup();
                prop_assert_eq!(sorted.len(), cycle.len());
                if !cycles.contains(cycle) {
                    cycles.push(cycle.clone());
                }
            }
            other => prop_assert!(!expected, "{} is on a cycle, but the answer is {:?}", ws.cards[i].id, other),
        }
    }
    let mut listed = audit_cycles(ws);
    listed.sort();
    cycles.sort();
    prop_assert_eq!(listed, cycles);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// No `supersedes` graph (cycles, self-loops, names of no card, ids
    /// that several cards share) makes `as_of`, `history` or `report` loop
    /// or panic; the cards said to be on a cycle of versions are exactly
    /// the cards on cycles, now and at every earlier tick.
    #[test]
    fn every_supersedes_graph_evaluates_and_only_cycles_are_cycles(nodes in graph()) {
        let ws = workspace_of(&nodes);
        let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
        agrees_with_the_oracle(&ws, &eval)?;
        let _ = report(&ws, &ws.query, true);
        for card in &ws.cards {
            if let Some(h) = history(&ws, &card.id) {
                let i = ws.cards.iter().position(|c| c.id == card.id).unwrap();
                prop_assert_eq!(h.cycle.is_some(), on_cycle(&ws, i));
                prop_assert!(h.versions.len() <= ws.cards.len());
            }
        }
        for tick in 0..=ws.clock() {
            let past = as_of(&ws, tick).unwrap();
            let then = Evaluation::new(&past, &past.query, Policy::FourScope);
            agrees_with_the_oracle(&past, &then)?;
            let _ = report(&past, &past.query, true);
            // The timeline's answer at the tick is the past's own.
            let at = Evaluation::at(&ws, &ws.query, Policy::FourScope, tick);
            for (i, card) in ws.cards.iter().enumerate() {
                let Some(p) = past.cards.iter().position(|c| c.id == card.id && c.is_tombstone() == card.is_tombstone()) else { continue };
                let cyc = |w: Option<&NotInEffect>| matches!(w, Some(NotInEffect::CycleOfVersions { .. }));
                if past.cards.iter().filter(|c| c.id == card.id).count() == 1 && ws.cards.iter().filter(|c| c.id == card.id).count() == 1 {
                    prop_assert_eq!(cyc(at.not_in_effect(i)), cyc(then.not_in_effect(p)), "{} at {}", card.id, tick);
                }
            }
        }
    }
}
