//! The re-identification probe, the third scorecard and the viewing right:
//! one tiny case per thing they teach, then properties.
//!
//! Every probe case goes through `check_findings`: a workspace (cards and
//! profiles), and for each viewer the findings expected in its view, as
//! `(card, user, k)`.

use mixua_words::Lang;
use std::collections::{BTreeMap, BTreeSet};

use mixua_policy::{
    about, probe_card, scorecard, Card, Evaluation, Expected, Identification, Kept, Policy, Probe, Profiles,
    Workspace,
};
use mixua_words::report;
use mixua_course::{seed_workspace, seed_workspace_en};
use proptest::prelude::*;
use serde_json::json;

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
// Helpers
// ---------------------------------------------------------------------------

/// `(card id, user identified or narrowed, k)`.
type Found = (String, String, usize);

/// Every viewer's findings under the four-scope policy, keyed `user/agent`.
fn findings(ws: &Workspace) -> BTreeMap<String, Vec<Found>> {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let probe = Probe::new(&ws.cards, ws.profiles());
    eval.viewers()
        .zip(eval.views())
        .map(|(viewer, view)| {
            let found = probe.in_view(&ws.cards, &view, viewer.user).into_iter().map(|f| (f.card, f.user, f.k)).collect();
            (viewer.key(), found)
        })
        .collect()
}

/// One viewer's expected findings: `(viewer, [(card, user, k)])`.
type ViewFindings<'a> = (&'a str, &'a [(&'a str, &'a str, usize)]);

/// Does each viewer find exactly `expected` (viewers left out: nothing)?
fn check_findings(ws: &Workspace, expected: &[ViewFindings<'_>]) {
    let got = findings(ws);
    for (viewer, found) in &got {
        let want: Vec<Found> = expected
            .iter()
            .find(|(v, _)| v == viewer)
            .map(|(_, f)| f.iter().map(|(c, u, k)| (c.to_string(), u.to_string(), *k)).collect())
            .unwrap_or_default();
        assert_eq!(found, &want, "findings in {viewer}");
    }
}

fn profiles(value: serde_json::Value) -> Option<Kept<Profiles>> {
    Some(serde_json::from_value(value).expect("a profiles value"))
}

fn approve(ws: &mut Workspace, id: &str) {
    std::rc::Rc::make_mut(ws.cards.iter_mut().find(|c| c.id == id).expect("the card")).share_approved = true;
}

/// A workspace of one GLOBAL, reusable, approved card with this lesson,
/// read by alice, bob and carol with one agent.
fn one_card(lesson: &str, profile_value: serde_json::Value) -> Workspace {
    Workspace {
        users: vec!["alice".into(), "bob".into(), "carol".into()],
        agents: vec!["w".into()],
        cards: vec![Card {
            id: "N".into(),
            scope: "GLOBAL".into(),
            owner_user: "alice".into(),
            owner_agent: "w".into(),
            stream: "reusable".into(),
            share_approved: true,
            lesson: lesson.into(),
            ..Card::default()
        }
        .into()],
        profiles: profiles(profile_value),
        ..Workspace::default()
    }
}

// ---------------------------------------------------------------------------
// The four cases of the issue
// ---------------------------------------------------------------------------

#[test]
fn approved_y_with_the_seed_profiles_flags_alice_in_bobs_views_only() {
    for mut ws in [seed_workspace(), seed_workspace_en()] {
        // Rejected, Y reaches nobody: nothing to find.
        check_findings(&ws, &[]);
        approve(&mut ws, "Y");
        check_findings(&ws, &[("bob/writer-v1", &[("Y", "alice", 1)]), ("bob/checker-v1", &[("Y", "alice", 1)])]);
    }
}

#[test]
fn the_seed_finding_names_both_facts_and_the_one_user_they_match() {
    let mut ws = seed_workspace_en();
    approve(&mut ws, "Y");
    let y = ws.cards.iter().position(|c| c.id == "Y").unwrap();
    let found = Probe::new(&ws.cards, ws.profiles()).findings(&ws.cards, y, Some("bob"));
    assert_eq!(found.len(), 1);
    let f = &found[0];
    assert_eq!(f.kind, Identification::Reidentification);
    let values: Vec<&str> = f.facts.iter().map(|f| f.value.as_str()).collect();
    assert_eq!(values, ["Tuesday", "polar researcher"]);
    assert_eq!(f.matching, ["alice"]);
    assert!(f.singles_out());
}

#[test]
fn a_fact_shared_by_two_users_gives_k_2_not_a_reidentification() {
    let ws = one_card("Reports on Tuesday go out at noon.", json!({"alice": {"day": "Tuesday"}, "bob": {"day": "tuesday"}}));
    // carol: both alice and bob match. alice and bob: only the other matches.
    check_findings(
        &ws,
        &[("alice/w", &[("N", "bob", 1)]), ("bob/w", &[("N", "alice", 1)]), ("carol/w", &[("N", "alice", 2), ("N", "bob", 2)])],
    );
    let found = probe_card(&ws.cards[0], Some("carol"), ws.profiles().unwrap());
    assert!(found.iter().all(|f| f.kind == Identification::Narrowed && f.matching == ["alice", "bob"]), "{found:?}");
}

#[test]
fn a_viewer_is_never_flagged_for_their_own_facts() {
    let ws = one_card("The only polar researcher likes blue.", json!({"alice": {"role": "polar researcher"}}));
    check_findings(&ws, &[("bob/w", &[("N", "alice", 1)]), ("carol/w", &[("N", "alice", 1)])]);
    assert!(probe_card(&ws.cards[0], Some("alice"), ws.profiles().unwrap()).is_empty());
}

#[test]
fn empty_profiles_give_no_findings() {
    for value in [json!({}), json!({"alice": {}}), json!({"alice": {"role": "  "}})] {
        let ws = one_card("The only polar researcher likes blue.", value);
        check_findings(&ws, &[]);
    }
    let mut ws = one_card("The only polar researcher likes blue.", json!({}));
    ws.profiles = None;
    check_findings(&ws, &[]);
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

#[test]
fn latin_text_matches_case_insensitively_and_cjk_as_written() {
    let ws = one_card("POLAR Researcher on 週二", json!({"alice": {"role": "polar researcher"}, "bob": {"day": "週二"}}));
    check_findings(&ws, &[("alice/w", &[("N", "bob", 1)]), ("bob/w", &[("N", "alice", 1)]), ("carol/w", &[("N", "alice", 1), ("N", "bob", 1)])]);
    // Another spelling of the weekday is not the fact: plain text only.
    let ws = one_card("星期二的報告", json!({"bob": {"day": "週二"}}));
    check_findings(&ws, &[]);
}

#[test]
fn a_card_that_names_a_fact_only_one_user_of_two_holds_singles_them_out() {
    // Both on Tuesday, only alice a polar researcher: the pair of facts
    // matches only alice, Tuesday alone matches both.
    let ws = one_card(
        "the polar researcher on Tuesday",
        json!({"alice": {"day": "Tuesday", "role": "polar researcher"}, "bob": {"day": "Tuesday"}}),
    );
    check_findings(&ws, &[("alice/w", &[("N", "bob", 1)]), ("bob/w", &[("N", "alice", 1)]), ("carol/w", &[("N", "alice", 1), ("N", "bob", 2)])]);
}

#[test]
fn the_id_is_probed_too_as_it_is_handed_over_but_not_the_situation() {
    let mut ws = one_card("nothing here", json!({"alice": {"city": "Tromsø"}}));
    std::rc::Rc::make_mut(&mut ws.cards[0]).situation = "Tromsø".into();
    check_findings(&ws, &[]);
    std::rc::Rc::make_mut(&mut ws.cards[0]).id = "tromsø-note".into();
    check_findings(&ws, &[("bob/w", &[("tromsø-note", "alice", 1)]), ("carol/w", &[("tromsø-note", "alice", 1)])]);
}

// ---------------------------------------------------------------------------
// The third scorecard and the report
// ---------------------------------------------------------------------------

#[test]
fn identifying_content_is_a_third_scorecard_for_all_three_policies() {
    for (mut ws, approved, expected) in [
        // Pooled, Y reaches everyone: bob's two cells.
        (seed_workspace(), false, [0, 0, 2]),
        // Approved, Y reaches everyone under four scopes and global-only too.
        (seed_workspace(), true, [2, 2, 2]),
        (seed_workspace_en(), true, [2, 2, 2]),
    ] {
        if approved {
            approve(&mut ws, "Y");
        }
        let four = Evaluation::new(&ws, &ws.query, Policy::FourScope).views();
        for (policy, want) in Policy::ALL.into_iter().zip(expected) {
            let eval = Evaluation::new(&ws, &ws.query, policy);
            let card = scorecard(&eval, &eval.views(), |v, _| Expected::Cards(&four[v]));
            assert_eq!(card.identifying, want, "{policy:?}, Y approved: {approved}");
        }
    }
}

#[test]
fn the_report_adds_reidentifications_per_view_only_with_profiles() {
    let mut ws = seed_workspace();
    let json = serde_json::to_value(report(&ws, &ws.query, false)).unwrap();
    let reid = json["reidentifications"].as_object().expect("the seed has profiles");
    assert_eq!(reid.len(), 4);
    assert!(reid.values().all(|v| v == &json!([])));
    approve(&mut ws, "Y");
    let json = serde_json::to_value(report(&ws, &ws.query, false)).unwrap();
    let bob = &json["reidentifications"]["bob/writer-v1"][0];
    assert_eq!((&bob["card"], &bob["user"], &bob["kind"], &bob["k"]), (&json!("Y"), &json!("alice"), &json!("reidentification"), &json!(1)));
    assert!(bob["message"].as_str().unwrap().contains("only alice matches"), "{bob}");
    assert!(bob["message_zh"].as_str().unwrap().contains("極地研究員"), "{bob}");
    assert_eq!(json["reidentifications"]["alice/writer-v1"], json!([]));
    ws.profiles = None;
    let json = serde_json::to_value(report(&ws, &ws.query, false)).unwrap();
    assert!(json.get("reidentifications").is_none());
}

#[test]
fn profiles_round_trip_through_the_file_and_a_bad_one_is_kept_with_a_reason() {
    let ws = seed_workspace();
    assert_eq!(Workspace::from_json(&ws.to_json_pretty()).unwrap(), ws);
    let text = r#"{"users": ["alice"], "cards": [], "profiles": {"alice": ["polar researcher"]}}"#;
    let ws = Workspace::from_json(text).unwrap();
    assert!(ws.profiles().is_none());
    assert_eq!(serde_json::to_value(&ws).unwrap()["profiles"], json!({"alice": ["polar researcher"]}));
    let problems = serde_json::to_value(mixua_policy::audit(&ws).problems).unwrap();
    assert_eq!(problems[0]["problem"], "unreadable_key");
    assert_eq!(problems[0]["key"], "profiles");
    let ws = Workspace::from_json(r#"{"cards": [], "profiles": {"alice": {"age": 42, "day": "Tuesday"}}}"#).unwrap();
    let problems = serde_json::to_value(mixua_policy::audit(&ws).problems).unwrap();
    assert_eq!(problems[0]["problem"], "profile_fact");
    assert_eq!(problems[0]["user"], "alice");
}

// ---------------------------------------------------------------------------
// What do you keep about me?
// ---------------------------------------------------------------------------

#[test]
fn about_alice_lists_her_six_cards_her_canary_cards_and_y() {
    for ws in [seed_workspace(), seed_workspace_en()] {
        let about = about(&ws, "alice");
        let owned: Vec<&str> = about.owned.iter().map(|o| o.id).collect();
        assert_eq!(owned, ["P", "U", "A", "G", "X", "Y"]);
        let canaries: Vec<(&str, &str)> = about.canaries.iter().map(|c| (c.id, c.token)).collect();
        assert_eq!(canaries, [("U", "FAKE-ALICE-731"), ("X", "FAKE-ALICE-731")]);
        let linked: Vec<(&str, Identification)> = about.linked.iter().map(|l| (l.finding.card.as_str(), l.finding.kind)).collect();
        assert_eq!(linked, [("Y", Identification::Reidentification)]);
        // Who reads each: P only alice with writer; Y (not approved) nobody, with why.
        assert_eq!(about.owned[0].readers, ["alice/writer-v1"]);
        assert!(about.owned[5].readers.is_empty());
        assert_eq!(about.owned[5].rejection.as_ref().map(|r| r.code()), Some("not_approved"));
        assert_eq!(about.owned[5].why, Some("not_approved"));
        assert_eq!(serde_json::to_value(&about.owned[5]).unwrap()["why"], "not_approved");
        assert_eq!(about.owned[3].readers.len(), 4);
        assert!(about.candidates.is_none() && about.tombstones.is_none());
        assert_eq!(about.indices(), [0, 1, 2, 3, 5, 6]);
    }
    let seed = seed_workspace();
    let bob = about(&seed, "bob");
    assert_eq!(bob.owned.iter().map(|o| o.id).collect::<Vec<_>>(), ["B"]);
    assert!(bob.linked.is_empty());
}

#[test]
fn about_lists_candidates_and_tombstones_with_memory_over_time() {
    let ws = mixua_course::story_workspace();
    let alice = about(&ws, "alice");
    // alice deleted U at tick 4: a tombstone, id only.
    assert_eq!(alice.tombstones.as_ref().unwrap().iter().map(|t| t.id).collect::<Vec<_>>(), ["U"]);
    // The tombstone has no owner left, so it is not among her cards.
    assert!(alice.owned.iter().all(|o| o.id != "U"));
    assert_eq!(alice.candidates.as_deref(), Some(&[][..]));
    assert!(about(&ws, "bob").tombstones.unwrap().is_empty());
}

#[test]
fn about_words_exist_in_both_languages() {
    let mut ws = seed_workspace();
    approve(&mut ws, "Y");
    let about = about(&ws, "alice");
    for lang in [mixua_words::Lang::En, mixua_words::Lang::ZhTw] {
        let lines = mixua_words::probe_words::about_lines(&about, lang);
        assert!(lines.len() >= 11, "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("FAKE-ALICE-731")));
    }
    let en = mixua_words::probe_words::about_lines(&about, mixua_words::Lang::En).join("\n");
    if has(Lang::En) {
        assert!(en.contains("Y names “週二” + “極地研究員”: only alice matches"), "{en}");
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

const USERS: [&str; 3] = ["alice", "bob", "carol"];
const VALUES: [&str; 8] = ["polar researcher", "Tuesday", "tuesday", "Oslo", "週二", "極地研究員", "blue", "analyst"];
const WORDS: [&str; 9] = ["the only", "POLAR RESEARCHER", "on tuesdays", "in oslo", "週二", "唯一的極地研究員", "likes blue", "報告", "an analyst"];

fn any_profiles() -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
    // (user, key, value)
    prop::collection::vec((0..USERS.len(), 0..3usize, 0..VALUES.len()), 0..7)
}

fn build_profiles(facts: &[(usize, usize, usize)]) -> Profiles {
    let mut profiles = Profiles::default();
    for &(u, k, v) in facts {
        profiles.set(USERS[u], &format!("k{k}"), VALUES[v]);
    }
    profiles
}

fn any_cards() -> impl Strategy<Value = Vec<std::rc::Rc<Card>>> {
    prop::collection::vec(prop::collection::vec(0..WORDS.len(), 0..4), 1..5).prop_map(|lessons| {
        lessons
            .into_iter()
            .enumerate()
            .map(|(n, words)| Card {
                id: format!("c{n}"),
                lesson: words.iter().map(|&w| WORDS[w]).collect::<Vec<_>>().join(" "),
                ..Card::default()
            })
            .map(std::rc::Rc::new)
            .collect()
    })
}

/// Findings as (card index, user) → facts named, for one viewer.
fn found(probe: &Probe, cards: &[std::rc::Rc<Card>], viewer: Option<&str>) -> BTreeMap<(usize, String), BTreeSet<(String, String)>> {
    (0..cards.len())
        .flat_map(|i| probe.findings(cards, i, viewer))
        .map(|f| ((f.index, f.user), f.facts.into_iter().map(|f| (f.key, f.value)).collect()))
        .collect()
}

/// The rule, written again as plainly as it is said: for each user other
/// than the viewer whose fact values appear in the lesson or id (case
/// aside), the users other than the viewer holding every such value.
fn oracle(profiles: &Profiles, card: &Card, viewer: Option<&str>) -> Vec<(String, Vec<String>, usize)> {
    let lower = |s: &str| s.trim().to_lowercase();
    let text = [card.id.to_lowercase(), card.lesson.to_lowercase()];
    let mut out = Vec::new();
    for profile in &profiles.0 {
        if Some(profile.user.as_str()) == viewer {
            continue;
        }
        let named: Vec<String> =
            profile.facts().map(|(_, v)| lower(v)).filter(|v| !v.is_empty() && text.iter().any(|t| t.contains(v.as_str()))).collect();
        if named.is_empty() {
            continue;
        }
        let matching: Vec<String> = profiles
            .0
            .iter()
            .filter(|p| Some(p.user.as_str()) != viewer)
            .filter(|p| named.iter().all(|n| p.facts().any(|(_, v)| lower(v) == *n)))
            .map(|p| p.user.clone())
            .collect();
        let k = matching.len();
        out.push((profile.user.clone(), matching, k));
    }
    out
}

proptest! {
    #[test]
    fn adding_a_profile_fact_only_adds_findings(
        facts in any_profiles(),
        cards in any_cards(),
        extra in (0..USERS.len(), 0..VALUES.len()),
    ) {
        let before = build_profiles(&facts);
        let mut after = before.clone();
        // A new key: a fact added, none changed.
        after.set(USERS[extra.0], "added", VALUES[extra.1]);
        let (p0, p1) = (Probe::new(&cards, Some(&before)), Probe::new(&cards, Some(&after)));
        for viewer in [None, Some("alice"), Some("bob"), Some("carol")] {
            let (old, new) = (found(&p0, &cards, viewer), found(&p1, &cards, viewer));
            for (key, facts) in &old {
                let now = new.get(key);
                prop_assert!(now.is_some(), "{:?} lost for {:?}", key, viewer);
                prop_assert!(now.unwrap().is_superset(facts), "{:?} lost facts for {:?}", key, viewer);
            }
        }
    }

    #[test]
    fn the_probe_agrees_with_the_rule_said_plainly(facts in any_profiles(), cards in any_cards()) {
        let profiles = build_profiles(&facts);
        let probe = Probe::new(&cards, Some(&profiles));
        for viewer in [None, Some("alice"), Some("bob"), Some("carol")] {
            for (i, card) in cards.iter().enumerate() {
                let ours: Vec<(String, Vec<String>, usize)> =
                    probe.findings(&cards, i, viewer).into_iter().map(|f| (f.user, f.matching, f.k)).collect();
                prop_assert_eq!(&ours, &oracle(&profiles, card, viewer));
                let singles = ours.iter().any(|(_, _, k)| *k == 1);
                if let Some(v) = viewer {
                    prop_assert_eq!(probe.singles_out(i, v), singles);
                    prop_assert!(ours.iter().all(|(u, m, _)| u != v && !m.iter().any(|x| x == v)));
                }
            }
        }
    }
}
