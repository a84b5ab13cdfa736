//! Memory over time, one tiny case per rule and per refusal: the model and
//! its file format, the in-effect gate, the write path, retirement, the
//! clock, the log's problems, groups and the simulated cache.

use mixua_policy::{
    as_of, audit, bump_policy, check, delete, diff, history, log_read, propose, publish, reject,
    replay_cache_with, revoke, rollback, sweep, Access, Action, CacheConfig, Card, Evaluation, EventProblem,
    Groups, KeyField, Kept, LifeField, Policy, Refusal, Rejection, Retention, Scope, Status, Viewer,
    Workspace, WorkspaceProblem,
};
use mixua_course::{seed_workspace, story_workspace};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const ALICE_W: Viewer<'static> = Viewer { user: "alice", agent: "writer-v1" };
const BOB_C: Viewer<'static> = Viewer { user: "bob", agent: "checker-v1" };

/// The seed, with a third user, a reviewer (dana), a group `team` (alice and
/// carol) and a retention of three ticks for working memory.
fn world() -> Workspace {
    let mut ws = seed_workspace();
    ws.users.push("carol".into());
    ws.reviewers = Some(Kept::Good(vec!["dana".into()]));
    ws.groups = Some(Kept::Good(Groups(vec![("team".into(), vec!["alice".into(), "carol".into()])])));
    ws.retention = Some(Kept::Good(Retention(vec![("working".into(), json!(3))])));
    ws
}

/// A card as a writer drafts it, about the seed's query.
fn draft(id: &str, scope: &str, user: &str, agent: &str, stream: &str) -> Card {
    Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: user.into(),
        owner_agent: agent.into(),
        stream: stream.into(),
        situation: "報告".into(),
        lesson: format!("報告的經驗 {id}。"),
        source: "synthetic-task-9".into(),
        ..Card::default()
    }
}

/// The ids one viewer retrieves now (the workspace's query).
fn ids(ws: &Workspace, viewer: &str) -> Vec<String> {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let views = eval.views();
    let at = eval.viewers().position(|v| v.key() == viewer).unwrap_or_else(|| panic!("no viewer {viewer}"));
    views[at].iter().map(|&i| ws.cards[i].id.clone()).collect()
}

fn index(ws: &Workspace, id: &str) -> usize {
    ws.cards.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}"))
}

/// The in-effect gate's code for one card now (`None`: in effect).
fn effect(ws: &Workspace, id: &str) -> Option<&'static str> {
    Evaluation::new(ws, &ws.query, Policy::FourScope).not_in_effect(index(ws, id)).map(|why| why.code())
}

/// A change that must be allowed.
fn done<T: std::fmt::Debug>(result: Result<T, Refusal>) -> T {
    result.unwrap_or_else(|refusal| panic!("refused: {refusal:?}"))
}

/// A change that must be refused with `expected`, leaving the workspace as
/// it was.
fn refused<T: std::fmt::Debug>(ws: &Workspace, expected: &str, change: impl FnOnce(&mut Workspace) -> Result<T, Refusal>) {
    let mut copy = ws.clone();
    match change(&mut copy) {
        Ok(value) => panic!("allowed, expected {expected}: {value:?}"),
        Err(refusal) => assert_eq!(refusal.code(), expected, "{refusal:?}"),
    }
    assert_eq!(&copy, ws, "a refusal changes nothing");
}

/// `world()` with a card proposed by its owners' viewer.
fn proposed(card: Card) -> Workspace {
    let mut ws = world();
    let (user, agent) = (card.owner_user.clone(), card.owner_agent.clone());
    done(propose(&mut ws, Viewer::new(&user, &agent), card));
    ws
}

/// `world()` with a card proposed and published by `reviewer`.
fn published(card: Card, reviewer: &str) -> Workspace {
    let id = card.id.clone();
    let mut ws = proposed(card);
    done(publish(&mut ws, &id, reviewer));
    ws
}

fn load(value: Value) -> Workspace {
    Workspace::from_json(&value.to_string()).expect("a workspace")
}

/// The seed file with extra keys and an extra card `Z` (a copy of P with
/// `card` merged in).
fn seed_with(extra: Value, card: Value) -> Workspace {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    let mut z = doc["cards"][0].clone();
    z["id"] = json!("Z");
    for (k, v) in card.as_object().unwrap() {
        z[k] = v.clone();
    }
    doc["cards"].as_array_mut().unwrap().push(z);
    for (k, v) in extra.as_object().unwrap() {
        doc[k] = v.clone();
    }
    load(doc)
}

fn check_z(card: Value) -> Result<Scope, Rejection> {
    let ws = seed_with(json!({}), card);
    check(ws.cards.last().unwrap()).map(|a| a.scope)
}

// ---------------------------------------------------------------------------
// The model and its file format
// ---------------------------------------------------------------------------

#[test]
fn a_file_without_the_new_keys_writes_none_of_them_back() {
    let text = seed_workspace().to_json_pretty();
    let ws = Workspace::from_json(&text).unwrap();
    assert!(!ws.uses_time());
    assert_eq!(ws.to_json_pretty(), text);
}

#[test]
fn every_new_card_field_and_an_unknown_key_survive_a_round_trip() {
    let card = json!({"status": "candidate", "written_by": "alice/writer-v1", "approved_by": "dana",
        "supersedes": "P", "group": "team", "kind": "working", "tier": "hot", "valid_from": 2,
        "valid_to": 9, "hold": true, "colour": "red", "notes": {"any": [1, 2]}});
    let ws = seed_with(json!({}), card.clone());
    let written: Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    let z = &written["cards"][7];
    for (key, value) in card.as_object().unwrap() {
        assert_eq!(&z[key], value, "{key}");
    }
    assert_eq!(Workspace::from_json(&ws.to_json_pretty()).unwrap(), ws);
}

#[test]
fn every_new_workspace_key_survives_a_round_trip() {
    let extra = json!({"clock": 4, "policy_version": 2, "reviewers": ["dana"], "groups": {"team": ["alice"]},
        "retention": {"working": 3, "episodic": 10}, "cache": {"key": ["user", "query"], "purge": true},
        "events": [{"tick": 1, "action": "revoke", "card": "G", "actor": "alice", "reason": "outdated"}]});
    let ws = seed_with(extra.clone(), json!({}));
    let written: Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    for (key, value) in extra.as_object().unwrap() {
        assert_eq!(&written[key], value, "{key}");
    }
    assert_eq!(ws.clock(), 4);
    assert_eq!(ws.policy_version(), 2);
}

#[test]
fn unreadable_values_are_kept_verbatim_and_the_rest_still_evaluates() {
    let extra = json!({"clock": -3, "reviewers": ["a/b"], "cache": {"key": ["colour"]},
        "retention": {"weekly": 3, "working": "soon", "episodic": 5},
        "events": [7, {"tick": 0, "action": "forget", "card": "G", "actor": "alice"}]});
    let ws = seed_with(extra.clone(), json!({"kind": "weekly"}));
    let written: Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    for (key, value) in extra.as_object().unwrap() {
        assert_eq!(&written[key], value, "{key}");
    }
    assert_eq!(written["cards"][7]["kind"], "weekly");
    // The seed's cards are evaluated as before; Z is rejected.
    assert_eq!(ids(&ws, "alice/writer-v1"), ["P", "U", "A", "G"]);
    assert_eq!(ids(&ws, "bob/checker-v1"), ["G", "B"]);
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    assert_eq!(eval.rejected_ids(), ["X", "Y", "Z"]);
    // Each is reported with a reason.
    let audit = audit(&ws);
    let keys: Vec<&str> = audit
        .problems
        .iter()
        .filter_map(|p| match p {
            WorkspaceProblem::UnreadableKey { key, .. } => Some(*key),
            _ => None,
        })
        .collect();
    assert_eq!(keys, ["clock", "reviewers", "cache"]);
    let entries = audit.problems.iter().filter(|p| matches!(p, WorkspaceProblem::RetentionEntry { .. })).count();
    assert_eq!(entries, 2, "weekly and `soon`; episodic still applies");
    let codes: Vec<&str> = audit.entries.iter().map(|e| e.problem.as_ref().unwrap().code()).collect();
    assert_eq!(codes, ["unreadable", "unreadable"]);
}

#[test]
fn a_tombstone_is_written_id_only() {
    let mut ws = world();
    done(delete(&mut ws, "U", "alice", "asked to forget"));
    let written: Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    assert_eq!(written["cards"][1], json!({"id": "U", "status": "deleted"}));
    assert_eq!(Workspace::from_json(&ws.to_json_pretty()).unwrap(), ws);
}

#[test]
fn tier_and_hold_alone_change_no_view() {
    let mut ws = seed_workspace();
    let before: Vec<Vec<String>> = ws.users.clone().iter().flat_map(|u| ["writer-v1", "checker-v1"].map(|a| ids(&ws, &format!("{u}/{a}")))).collect();
    for card in ws.cards.iter_mut().map(std::rc::Rc::make_mut) {
        card.life_mut().tier = Some("cold".into());
        card.life_mut().hold = Some(true);
    }
    assert!(ws.uses_time());
    let after: Vec<Vec<String>> = ws.users.clone().iter().flat_map(|u| ["writer-v1", "checker-v1"].map(|a| ids(&ws, &format!("{u}/{a}")))).collect();
    assert_eq!(before, after);
}

// ---------------------------------------------------------------------------
// The content gate on life fields
// ---------------------------------------------------------------------------

fn bad(field: LifeField, value: Value) -> Result<Scope, Rejection> {
    Err(Rejection::BadLifeField { field, value })
}

#[test]
fn an_unknown_kind_is_rejected() {
    assert_eq!(check_z(json!({"kind": "weekly"})), bad(LifeField::Kind, json!("weekly")));
}

#[test]
fn an_unknown_status_is_rejected() {
    assert_eq!(check_z(json!({"status": "archived"})), bad(LifeField::Status, json!("archived")));
}

#[test]
fn an_unknown_tier_is_rejected() {
    assert_eq!(check_z(json!({"tier": "lukewarm"})), bad(LifeField::Tier, json!("lukewarm")));
}

#[test]
fn a_negative_tick_is_rejected() {
    assert_eq!(check_z(json!({"valid_from": -1})), bad(LifeField::ValidFrom, json!(-1)));
    assert_eq!(check_z(json!({"valid_to": 2.5})), bad(LifeField::ValidTo, json!(2.5)));
}

#[test]
fn hold_written_as_yes_is_rejected() {
    assert_eq!(check_z(json!({"hold": "yes"})), bad(LifeField::Hold, json!("yes")));
}

#[test]
fn a_writer_that_is_not_user_slash_agent_is_rejected() {
    assert_eq!(check_z(json!({"written_by": "alice"})), bad(LifeField::WrittenBy, json!("alice")));
}

#[test]
fn validity_that_ends_before_it_begins_is_rejected() {
    assert_eq!(check_z(json!({"valid_from": 5, "valid_to": 5})), bad(LifeField::ValidTo, json!(5)));
    assert_eq!(check_z(json!({"valid_from": 5, "valid_to": 6})), Ok(Scope::Pair));
}

#[test]
fn a_null_life_field_reads_as_absent() {
    assert_eq!(check_z(json!({"kind": null, "status": null})), Ok(Scope::Pair));
}

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------

fn group_card(extra: Value) -> Value {
    let mut card = json!({"scope": "GROUP", "group": "team", "stream": "reusable", "share_approved": true});
    for (k, v) in extra.as_object().unwrap() {
        card[k] = v.clone();
    }
    card
}

#[test]
fn a_group_scope_without_groups_is_an_unknown_scope_as_before() {
    let ws = seed_with(json!({}), group_card(json!({})));
    assert_eq!(check(ws.cards.last().unwrap()), Err(Rejection::UnknownScope { scope: "GROUP".into() }));
    assert_eq!(Evaluation::new(&ws, &ws.query, Policy::FourScope).rejected_ids(), ["X", "Y", "Z"]);
}

#[test]
fn a_group_card_reaches_exactly_its_members() {
    let ws = seed_with(json!({"users": ["alice", "bob", "carol"], "groups": {"team": ["alice", "carol"]}}), group_card(json!({})));
    for agent in ["writer-v1", "checker-v1"] {
        assert!(ids(&ws, &format!("alice/{agent}")).contains(&"Z".to_string()));
        assert!(ids(&ws, &format!("carol/{agent}")).contains(&"Z".to_string()));
        assert!(!ids(&ws, &format!("bob/{agent}")).contains(&"Z".to_string()));
    }
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    let z = index(&ws, "Z");
    assert_eq!(eval.access(z, BOB_C), Access::Group { group: "team".into(), member: false });
    assert_eq!(eval.access(z, Viewer::new("carol", "checker-v1")), Access::Group { group: "team".into(), member: true });
}

#[test]
fn a_group_card_naming_an_undeclared_group_is_rejected() {
    let ws = seed_with(json!({"groups": {"team": ["alice"]}}), group_card(json!({"group": "board"})));
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    assert_eq!(eval.gates.last().unwrap(), &Err(Rejection::UnknownGroup { group: "board".into() }));
}

#[test]
fn a_group_card_whose_owner_is_outside_the_group_is_rejected() {
    let ws = seed_with(json!({"groups": {"team": ["carol"]}}), group_card(json!({})));
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    assert_eq!(eval.gates.last().unwrap(), &Err(Rejection::OwnerOutsideGroup { group: "team".into() }));
}

#[test]
fn a_group_card_crosses_users_so_it_needs_reusable_content_and_approval() {
    let groups = json!({"groups": {"team": ["alice", "carol"]}});
    let protected = seed_with(groups.clone(), group_card(json!({"stream": "protected"})));
    let eval = Evaluation::new(&protected, &protected.query, Policy::FourScope);
    assert_eq!(eval.gates.last().unwrap(), &Err(Rejection::ProtectedShared { scope: Scope::Group }));
    let unapproved = seed_with(groups, group_card(json!({"share_approved": false})));
    let eval = Evaluation::new(&unapproved, &unapproved.query, Policy::FourScope);
    assert_eq!(eval.gates.last().unwrap(), &Err(Rejection::NotApproved { scope: Scope::Group }));
}

#[test]
fn the_global_only_baseline_does_not_share_a_group_card() {
    let ws = seed_with(json!({"groups": {"team": ["alice", "carol"]}}), group_card(json!({})));
    let eval = Evaluation::new(&ws, &ws.query, Policy::GlobalOnly);
    assert_eq!(eval.access(index(&ws, "Z"), ALICE_W), Access::NotShared { scope: Scope::Group });
}

// ---------------------------------------------------------------------------
// The in-effect gate
// ---------------------------------------------------------------------------

#[test]
fn a_card_without_a_status_is_accepted_and_in_effect() {
    let ws = world();
    assert_eq!(effect(&ws, "G"), None);
    assert_eq!(ws.cards[index(&ws, "G")].status(), Status::Accepted);
}

#[test]
fn a_candidate_reaches_nobody() {
    let ws = proposed(draft("N", "PAIR", "alice", "writer-v1", "protected"));
    assert_eq!(effect(&ws, "N"), Some("candidate"));
    assert!(!ids(&ws, "alice/writer-v1").contains(&"N".to_string()));
}

#[test]
fn the_in_effect_gate_is_asked_before_the_content_gate() {
    // A GLOBAL candidate is unapproved too, but what stops it is that it is
    // waiting for review; so it is not in `rejected_ids`.
    let ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "reusable"));
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    let n = index(&ws, "N");
    assert!(matches!(eval.access(n, ALICE_W), Access::NotInEffect { .. }));
    assert_eq!(eval.gates[n], Err(Rejection::NotApproved { scope: Scope::Global }), "the content gate's own answer");
    assert_eq!(eval.rejected_ids(), ["X", "Y"]);
}

#[test]
fn a_rejected_candidate_reaches_nobody() {
    let mut ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "reusable"));
    done(reject(&mut ws, "N", "dana", "not checked"));
    assert_eq!(effect(&ws, "N"), Some("rejected"));
}

#[test]
fn a_revoked_card_reaches_nobody() {
    let mut ws = world();
    done(revoke(&mut ws, "A", "alice", "sharing withdrawn"));
    assert_eq!(effect(&ws, "A"), Some("revoked"));
    assert_eq!(ids(&ws, "bob/writer-v1"), ["G", "B"]);
}

#[test]
fn a_card_before_its_valid_from_is_not_yet_valid() {
    let ws = seed_with(json!({"clock": 2}), json!({"valid_from": 3}));
    assert_eq!(effect(&ws, "Z"), Some("not_yet_valid"));
    let ws = seed_with(json!({"clock": 3}), json!({"valid_from": 3}));
    assert_eq!(effect(&ws, "Z"), None);
}

#[test]
fn a_card_at_its_valid_to_is_no_longer_valid() {
    let ws = seed_with(json!({"clock": 4}), json!({"valid_to": 4}));
    assert_eq!(effect(&ws, "Z"), Some("no_longer_valid"));
    let ws = seed_with(json!({"clock": 3}), json!({"valid_to": 4}));
    assert_eq!(effect(&ws, "Z"), None);
}

#[test]
fn an_accepted_newer_version_supersedes_the_old_one() {
    let mut g2 = draft("G2", "GLOBAL", "alice", "writer-v1", "reusable");
    g2.life_mut().supersedes = Some("G".into());
    let ws = published(g2, "dana");
    assert_eq!(effect(&ws, "G"), Some("superseded"));
    assert_eq!(ids(&ws, "bob/checker-v1"), ["B", "G2"]);
}

#[test]
fn a_newer_version_still_in_review_supersedes_nothing() {
    let mut g2 = draft("G2", "GLOBAL", "alice", "writer-v1", "reusable");
    g2.life_mut().supersedes = Some("G".into());
    let ws = proposed(g2);
    assert_eq!(effect(&ws, "G"), None);
}

#[test]
fn working_memory_past_its_ttl_is_expired_with_a_ttl_reason() {
    let mut w = draft("W", "PAIR", "alice", "writer-v1", "protected");
    w.life_mut().kind = Some("working".into());
    let mut ws = published(w, "alice");
    done(sweep(&mut ws, 2, "retention"));
    assert_eq!(effect(&ws, "W"), None);
    done(sweep(&mut ws, 3, "retention"));
    assert_eq!(effect(&ws, "W"), Some("ttl:working"));
}

#[test]
fn a_kind_without_a_retention_is_kept() {
    let mut e = draft("E", "PAIR", "alice", "writer-v1", "protected");
    e.life_mut().kind = Some("episodic".into());
    let mut ws = published(e, "alice");
    done(sweep(&mut ws, 1000, "retention"));
    assert_eq!(effect(&ws, "E"), None);
}

#[test]
fn a_held_card_never_expires() {
    let mut w = draft("W", "PAIR", "alice", "writer-v1", "protected");
    w.life_mut().kind = Some("working".into());
    w.life_mut().hold = Some(true);
    let mut ws = published(w, "alice");
    let expired = done(sweep(&mut ws, 100, "retention"));
    assert!(expired.is_empty());
    assert_eq!(effect(&ws, "W"), None);
}

#[test]
fn a_cards_tier_never_changes_who_reads_it() {
    let mut ws = world();
    let before = ids(&ws, "bob/writer-v1");
    for tier in ["hot", "warm", "cold"] {
        let a = index(&ws, "A");
        std::rc::Rc::make_mut(&mut ws.cards[a]).life_mut().tier = Some(tier.into());
        assert_eq!(ids(&ws, "bob/writer-v1"), before, "{tier}");
    }
}

#[test]
fn the_why_and_the_flips_of_a_card_not_in_effect_say_so() {
    let mut ws = world();
    done(revoke(&mut ws, "A", "dana", "sharing withdrawn"));
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    let a = index(&ws, "A");
    let Access::NotInEffect { why } = eval.access(a, BOB_C) else { panic!("in effect") };
    assert_eq!(why.code(), "revoked");
    let flips = eval.flips(a, BOB_C);
    assert!(flips.flips.is_empty() && flips.not_in_effect.is_some());
    // A card in effect flips as the free flip-finder says.
    let g = index(&ws, "G");
    let expected = mixua_policy::find_flips(&ws.cards[g], BOB_C, &ws.users, &ws.agents);
    assert_eq!(eval.flips(g, BOB_C), expected);
}

// ---------------------------------------------------------------------------
// The write path: propose
// ---------------------------------------------------------------------------

#[test]
fn propose_forces_the_approval_off_and_records_the_writer() {
    let mut card = draft("N", "GLOBAL", "alice", "writer-v1", "reusable");
    card.share_approved = true;
    card.life_mut().approved_by = Some("alice".into());
    let ws = proposed(card);
    let n = &ws.cards[index(&ws, "N")];
    assert!(!n.share_approved);
    let life = n.life().unwrap();
    assert_eq!(life.status.as_deref(), Some("candidate"));
    assert_eq!(life.written_by.as_deref(), Some("alice/writer-v1"));
    assert_eq!(life.approved_by, None);
    let (_, event) = ws.events().last().unwrap();
    assert_eq!((event.action, &*event.actor, event.card.as_deref()), (Action::Propose, "alice/writer-v1", Some("N")));
}

#[test]
fn propose_refuses_a_writer_outside_the_chart() {
    refused(&world(), "not_in_chart", |ws| propose(ws, Viewer::new("erin", "writer-v1"), draft("N", "PAIR", "erin", "writer-v1", "protected")));
}

#[test]
fn propose_refuses_an_owner_that_is_not_the_writers_own() {
    let ws = world();
    refused(&ws, "not_writers_own", |ws| propose(ws, BOB_C, draft("N", "PAIR", "alice", "checker-v1", "protected")));
    refused(&ws, "not_writers_own", |ws| propose(ws, BOB_C, draft("N", "PAIR", "bob", "writer-v1", "protected")));
}

#[test]
fn propose_refuses_an_empty_or_taken_id() {
    let ws = world();
    refused(&ws, "empty_id", |ws| propose(ws, ALICE_W, draft("", "PAIR", "alice", "writer-v1", "protected")));
    refused(&ws, "duplicate_id", |ws| propose(ws, ALICE_W, draft("P", "PAIR", "alice", "writer-v1", "protected")));
}

#[test]
fn propose_refuses_a_card_whose_life_cannot_be_read() {
    let mut card = draft("N", "PAIR", "alice", "writer-v1", "protected");
    card.life_mut().kind = Some("weekly".into());
    refused(&world(), "unreadable", |ws| propose(ws, ALICE_W, card));
}

#[test]
fn propose_refuses_a_new_version_of_an_unknown_or_anothers_card() {
    let ws = world();
    let mut card = draft("N", "GLOBAL", "alice", "writer-v1", "reusable");
    card.life_mut().supersedes = Some("nope".into());
    refused(&ws, "unknown_base", |ws| propose(ws, ALICE_W, card));
    let mut card = draft("N", "GLOBAL", "bob", "checker-v1", "reusable");
    card.life_mut().supersedes = Some("G".into());
    refused(&ws, "other_owners_base", |ws| propose(ws, BOB_C, card));
}

// ---------------------------------------------------------------------------
// The write path: publish and reject
// ---------------------------------------------------------------------------

#[test]
fn the_owner_publishes_her_pair_card() {
    let ws = published(draft("N", "PAIR", "alice", "writer-v1", "protected"), "alice");
    assert_eq!(ids(&ws, "alice/writer-v1"), ["P", "U", "A", "G", "N"]);
    assert_eq!(ws.cards[index(&ws, "N")].life().unwrap().approved_by.as_deref(), Some("alice"));
}

#[test]
fn a_reviewer_cannot_publish_someone_elses_pair_card() {
    let ws = proposed(draft("N", "USER", "alice", "writer-v1", "protected"));
    refused(&ws, "not_the_owner", |ws| publish(ws, "N", "dana"));
}

#[test]
fn a_listed_reviewer_publishes_a_global_card_and_approves_its_sharing() {
    let mut ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "reusable"));
    done(sweep(&mut ws, 2, "clock"));
    done(publish(&mut ws, "N", "dana"));
    let n = &ws.cards[index(&ws, "N")];
    assert!(n.share_approved);
    assert_eq!(n.life().unwrap().valid_from, Some(2), "it takes effect when published");
    assert!(ids(&ws, "bob/checker-v1").contains(&"N".to_string()));
}

#[test]
fn an_unlisted_reviewer_cannot_publish_a_card_that_crosses_users() {
    let ws = proposed(draft("N", "AGENT", "alice", "writer-v1", "reusable"));
    refused(&ws, "not_a_reviewer", |ws| publish(ws, "N", "carol"));
}

#[test]
fn the_writer_cannot_review_its_own_card() {
    let mut ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "reusable"));
    ws.reviewers = Some(Kept::Good(vec!["alice".into(), "writer-v1".into(), "dana".into()]));
    refused(&ws, "reviewer_is_writer", |ws| publish(ws, "N", "alice"));
    refused(&ws, "reviewer_is_writer", |ws| publish(ws, "N", "writer-v1"));
}

#[test]
fn publish_never_lets_through_what_check_rejects() {
    let ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "protected"));
    refused(&ws, "check_fails", |ws| publish(ws, "N", "dana"));
}

#[test]
fn publish_refuses_a_card_that_is_not_a_candidate() {
    let ws = published(draft("N", "PAIR", "alice", "writer-v1", "protected"), "alice");
    refused(&ws, "wrong_status", |ws| publish(ws, "N", "alice"));
    refused(&ws, "wrong_status", |ws| publish(ws, "G", "dana"));
}

#[test]
fn publish_refuses_a_version_written_against_a_stale_base() {
    let mut g2 = draft("G2", "GLOBAL", "alice", "writer-v1", "reusable");
    g2.life_mut().supersedes = Some("G".into());
    let mut g3 = draft("G3", "GLOBAL", "alice", "writer-v1", "reusable");
    g3.life_mut().supersedes = Some("G".into());
    let mut ws = published(g2, "dana");
    done(propose(&mut ws, ALICE_W, g3));
    let mut copy = ws.clone();
    assert_eq!(publish(&mut copy, "G3", "dana"), Err(Refusal::StaleBase { base: "G".into(), current: Some("G2".into()) }));
}

#[test]
fn publish_and_reject_name_one_card() {
    let ws = world();
    refused(&ws, "unknown_card", |ws| publish(ws, "nope", "dana"));
    let mut twice = world();
    twice.cards.push(draft("P", "PAIR", "alice", "writer-v1", "protected").into());
    refused(&twice, "ambiguous_card", |ws| revoke(ws, "P", "alice", "why"));
}

#[test]
fn reject_needs_a_reason_and_a_reviewer_or_the_owner() {
    let ws = proposed(draft("N", "GLOBAL", "alice", "writer-v1", "reusable"));
    refused(&ws, "no_reason", |ws| reject(ws, "N", "dana", "  "));
    refused(&ws, "not_allowed", |ws| reject(ws, "N", "bob", "no"));
    let mut by_owner = ws.clone();
    done(reject(&mut by_owner, "N", "alice", "changed my mind"));
    assert_eq!(by_owner.cards[index(&by_owner, "N")].status(), Status::Rejected);
}

// ---------------------------------------------------------------------------
// Retirement: revoke, delete, rollback
// ---------------------------------------------------------------------------

#[test]
fn retiring_needs_an_actor_and_a_reason() {
    let ws = world();
    refused(&ws, "no_actor", |ws| revoke(ws, "A", " ", "why"));
    refused(&ws, "no_reason", |ws| revoke(ws, "A", "alice", ""));
    refused(&ws, "no_reason", |ws| delete(ws, "A", "alice", "\n"));
}

#[test]
fn a_reason_that_quotes_the_card_is_refused() {
    let ws = world();
    refused(&ws, "reason_quotes_card", |ws| delete(ws, "U", "alice", "remove 報告使用繁體中文;暗號 FAKE-ALICE-731。"));
    refused(&ws, "reason_quotes_card", |ws| delete(ws, "U", "alice", "it holds FAKE-ALICE-731"));
}

#[test]
fn only_the_owner_or_a_listed_reviewer_may_retire_a_card() {
    let ws = world();
    refused(&ws, "not_allowed", |ws| revoke(ws, "A", "bob", "I don't like it"));
    refused(&ws, "not_allowed", |ws| delete(ws, "U", "writer-v1", "cleanup"));
    let mut by_reviewer = ws.clone();
    done(revoke(&mut by_reviewer, "A", "dana", "sharing withdrawn"));
}

#[test]
fn only_an_accepted_card_can_be_revoked_or_rolled_back() {
    let ws = proposed(draft("N", "PAIR", "alice", "writer-v1", "protected"));
    refused(&ws, "wrong_status", |ws| revoke(ws, "N", "alice", "why"));
    refused(&ws, "wrong_status", |ws| rollback(ws, "N", "alice", "why"));
    let mut gone = world();
    done(delete(&mut gone, "A", "alice", "forget it"));
    refused(&gone, "wrong_status", |ws| delete(ws, "A", "alice", "again"));
}

#[test]
fn delete_leaves_an_id_only_tombstone_and_the_text_nowhere() {
    let mut ws = world();
    let lesson = ws.cards[index(&ws, "U")].lesson.clone();
    done(log_read(&mut ws, ALICE_W, &lesson));
    done(delete(&mut ws, "U", "alice", "asked to forget"));
    let u = &ws.cards[index(&ws, "U")];
    assert_eq!(**u, Card::tombstone("U"));
    assert_eq!(effect(&ws, "U"), Some("deleted"));
    let text = ws.to_json_pretty();
    assert!(!text.contains(&lesson), "the lesson is gone from the file, the log included");
    // An entry kept as written (it can't be read) is redacted too.
    let mut kept = seed_with(json!({"events": [{"tick": 0, "action": "forget", "note": "報告暗號 FAKE-BOB-852。"}]}), json!({}));
    done(delete(&mut kept, "B", "bob", "asked to forget"));
    assert!(!kept.to_json_pretty().contains("報告暗號 FAKE-BOB-852。"));
    assert!(text.contains(mixua_policy::write::REDACTED), "the read that quoted it is redacted");
    let (_, event) = ws.events().last().unwrap();
    assert_eq!((event.action, event.reason.as_deref()), (Action::Delete, Some("asked to forget")));
}

#[test]
fn rollback_restores_the_previous_version_and_marks_the_bad_one() {
    let mut g2 = draft("G2", "GLOBAL", "alice", "writer-v1", "reusable");
    g2.life_mut().supersedes = Some("G".into());
    let mut ws = world();
    let before = ids(&ws, "bob/checker-v1");
    done(propose(&mut ws, ALICE_W, g2));
    done(publish(&mut ws, "G2", "dana"));
    assert_ne!(ids(&ws, "bob/checker-v1"), before);
    done(rollback(&mut ws, "G2", "dana", "poisoned"));
    assert_eq!(ids(&ws, "bob/checker-v1"), before);
    assert_eq!(effect(&ws, "G2"), Some("rolled_back"));
    assert_eq!(ws.cards[index(&ws, "G2")].lesson, "報告的經驗 G2。", "the bad version stays in history");
}

#[test]
fn rollback_of_a_card_that_replaces_nothing_is_refused() {
    refused(&world(), "nothing_to_roll_back", |ws| rollback(ws, "A", "alice", "undo"));
}

#[test]
fn rollback_refuses_when_the_earlier_version_cannot_take_effect_again() {
    let mut g2 = draft("G2", "GLOBAL", "alice", "writer-v1", "reusable");
    g2.life_mut().supersedes = Some("G".into());
    let mut ws = published(g2, "dana");
    done(revoke(&mut ws, "G", "alice", "outdated"));
    refused(&ws, "cannot_restore", |ws| rollback(ws, "G2", "dana", "undo"));
}

#[test]
fn an_unreadable_log_refuses_every_change() {
    let ws = seed_with(json!({"events": {"not": "a list"}}), json!({}));
    refused(&ws, "unreadable_log", |ws| revoke(ws, "A", "alice", "why"));
    refused(&ws, "unreadable_log", |ws| sweep(ws, 3, "retention"));
    refused(&ws, "unreadable_log", |ws| log_read(ws, ALICE_W, "報告"));
}

// ---------------------------------------------------------------------------
// The clock: sweep, as_of, history, diff
// ---------------------------------------------------------------------------

#[test]
fn sweep_moves_the_clock_and_logs_each_expiry_once_with_its_ttl_reason() {
    let mut w = draft("W", "PAIR", "alice", "writer-v1", "protected");
    w.life_mut().kind = Some("working".into());
    let mut ws = published(w, "alice");
    let expired = done(sweep(&mut ws, 7, "retention"));
    assert_eq!(ws.clock(), 7);
    assert_eq!(expired.len(), 1);
    assert_eq!((expired[0].card.as_str(), expired[0].at), ("W", 3));
    let (_, event) = ws.events().last().unwrap();
    assert_eq!((event.tick, event.action, event.reason.as_deref()), (3, Action::Expire, Some("ttl:working")));
    assert!(done(sweep(&mut ws, 9, "retention")).is_empty(), "logged once");
}

#[test]
fn sweep_refuses_to_move_the_clock_backwards() {
    let mut ws = world();
    done(sweep(&mut ws, 4, "retention"));
    refused(&ws, "time_backwards", |ws| sweep(ws, 3, "retention"));
    refused(&ws, "no_actor", |ws| sweep(ws, 5, ""));
}

#[test]
fn as_of_a_tick_before_a_proposal_has_no_card_yet() {
    let ws = story_workspace();
    let past = as_of(&ws, 0).unwrap();
    assert!(past.cards.iter().all(|c| c.id != "G2" && c.id != "T"));
    assert_eq!(ids(&past, "bob/checker-v1"), ["G", "B"]);
    assert_eq!(ids(&past, "alice/writer-v1"), ["P", "G", "A"], "U is deleted from the past too");
}

#[test]
fn as_of_after_the_clock_is_refused() {
    let ws = story_workspace();
    assert_eq!(as_of(&ws, 7), Err(mixua_policy::TimeError::AfterClock { tick: 7, clock: 6 }));
}

#[test]
fn as_of_every_tick_of_the_story_equals_the_evaluation_at_that_tick() {
    let ws = story_workspace();
    for tick in 0..=ws.clock() {
        let past = as_of(&ws, tick).unwrap();
        let now = Evaluation::new(&past, &past.query, Policy::FourScope);
        let then = Evaluation::at(&ws, &ws.query, Policy::FourScope, tick);
        let names = |eval: &Evaluation<'_>| -> Vec<Vec<String>> {
            eval.views().iter().map(|v| v.iter().map(|&i| eval.workspace.cards[i].id.clone()).collect()).collect()
        };
        assert_eq!(names(&now), names(&then), "tick {tick}");
    }
}

#[test]
fn the_story_at_its_clock_is_its_current_state() {
    let ws = story_workspace();
    let now = as_of(&ws, ws.clock()).unwrap();
    for viewer in ["alice/writer-v1", "bob/checker-v1", "carol/writer-v1"] {
        assert_eq!(ids(&now, viewer), ids(&ws, viewer), "{viewer}");
    }
    assert_eq!(ids(&ws, "bob/checker-v1"), ["B", "S", "G2"]);
    assert_eq!(ids(&ws, "carol/checker-v1"), ["S", "T", "G2"]);
}

#[test]
fn history_lists_a_cards_events_and_versions() {
    let ws = story_workspace();
    let h = history(&ws, "G3").unwrap();
    let actions: Vec<Action> = h.events.iter().map(|e| e.event.action).collect();
    assert_eq!(actions, [Action::Propose, Action::Publish, Action::Rollback]);
    assert_eq!(h.versions, ["G", "G2", "G3"]);
    assert_eq!(h.status, Status::RolledBack);
    assert_eq!(h.not_in_effect.map(|w| w.code()), Some("rolled_back"));
    assert!(history(&ws, "nope").is_none());
}

#[test]
fn diff_says_which_cards_entered_and_left_which_views() {
    let ws = story_workspace();
    let changes = diff(&ws, &ws.query, 1, 2).unwrap();
    let bob = changes.iter().find(|c| c.viewer == "bob/checker-v1").unwrap();
    assert_eq!(bob.entered, ["G2", "W"]);
    assert_eq!(bob.left, ["G"]);
    assert!(changes.iter().all(|c| c.viewer != "carol/writer-v1" || c.entered == ["G2"]));
    assert!(diff(&ws, &ws.query, 2, 2).unwrap().is_empty());
}

// ---------------------------------------------------------------------------
// The log: kept, set aside with a reason, everything else still evaluates
// ---------------------------------------------------------------------------

fn problems(events: Value, clock: Option<u64>) -> Vec<&'static str> {
    let mut extra = json!({"events": events, "reviewers": ["dana"]});
    if let Some(clock) = clock {
        extra["clock"] = json!(clock);
    }
    let ws = seed_with(extra, json!({}));
    let audit = audit(&ws);
    audit.entries.iter().map(|e| e.problem.as_ref().map_or("ok", EventProblem::code)).collect()
}

fn ev(tick: i64, action: &str, card: &str, actor: &str, reason: Option<&str>) -> Value {
    let mut e = json!({"tick": tick, "action": action, "card": card, "actor": actor});
    if let Some(reason) = reason {
        e["reason"] = json!(reason);
    }
    e
}

#[test]
fn an_event_naming_an_unknown_card_is_set_aside() {
    assert_eq!(problems(json!([ev(0, "revoke", "Q", "alice", Some("why"))]), None), ["unknown_card"]);
}

#[test]
fn time_going_backwards_is_set_aside() {
    let events = json!([ev(3, "revoke", "A", "alice", Some("why")), ev(1, "revoke", "G", "alice", Some("why"))]);
    assert_eq!(problems(events, None), ["ok", "time_backwards"]);
}

#[test]
fn an_event_after_the_clock_is_set_aside() {
    assert_eq!(problems(json!([ev(5, "revoke", "A", "alice", Some("why"))]), Some(4)), ["after_clock"]);
}

#[test]
fn a_retirement_without_a_reason_is_set_aside() {
    assert_eq!(problems(json!([ev(0, "delete", "A", "alice", None)]), None), ["no_reason"]);
}

#[test]
fn an_event_without_an_actor_is_set_aside() {
    assert_eq!(problems(json!([ev(0, "publish", "A", "", None)]), None), ["no_actor"]);
}

#[test]
fn an_unknown_action_or_a_negative_tick_is_unreadable_and_kept() {
    assert_eq!(problems(json!([ev(0, "forget", "A", "alice", Some("x")), ev(-1, "revoke", "A", "alice", Some("x"))]), None), ["unreadable", "unreadable"]);
}

#[test]
fn publishing_twice_is_a_wrong_status() {
    let events = json!([ev(0, "publish", "A", "dana", None), ev(0, "publish", "A", "dana", None)]);
    assert_eq!(problems(events, None), ["ok", "wrong_status"]);
}

#[test]
fn a_read_by_a_name_that_is_not_a_viewer_is_set_aside() {
    assert_eq!(problems(json!([{"tick": 0, "action": "read", "actor": "alice", "query": "報告"}]), None), ["not_a_viewer"]);
}

#[test]
fn a_negative_clock_is_kept_and_the_clock_is_the_latest_event() {
    let ws = seed_with(json!({"clock": -3, "events": [ev(2, "revoke", "A", "alice", Some("why"))]}), json!({"status": "revoked"}));
    assert_eq!(ws.clock(), 2);
    assert_eq!(ws.clock, Some(Kept::Bad(json!(-3))));
}

#[test]
fn a_status_that_disagrees_with_the_log_fails_closed_and_is_reported() {
    let ws = seed_with(json!({"events": [ev(1, "revoke", "Z", "alice", Some("why"))]}), json!({}));
    assert_eq!(effect(&ws, "Z"), Some("log_disagrees"), "neither the card nor its log decides: it is not in effect");
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    let Some(mixua_policy::NotInEffect::LogDisagrees { written, logged, stamp }) = eval.not_in_effect(index(&ws, "Z")) else {
        panic!("{:?}", eval.not_in_effect(index(&ws, "Z")))
    };
    assert_eq!((*written, *logged), (Status::Accepted, Status::Revoked));
    assert_eq!(stamp.as_ref().map(|s| (s.by.as_str(), s.at)), Some(("alice", 1)), "the log's last event is named");
    let audit = audit(&ws);
    assert_eq!(
        audit.problems,
        [WorkspaceProblem::StatusDisagrees { card: "Z".into(), written: Status::Accepted, replayed: Status::Revoked }]
    );
    // The same at the clock, replayed: the past agrees with its log, and
    // there the card is revoked.
    let now = as_of(&ws, ws.clock()).unwrap();
    assert_eq!(effect(&now, "Z"), Some("revoked"));
}

#[test]
fn a_delete_or_a_rollback_the_fields_dont_show_fails_closed_too() {
    let clean = seed_with(json!({}), json!({}));
    assert!(ids(&clean, "alice/writer-v1").iter().any(|id| id == "Z"), "without the event, Z reaches alice");
    for (action, logged) in [("delete", Status::Deleted), ("rollback", Status::RolledBack)] {
        let ws = seed_with(json!({"events": [ev(1, action, "Z", "dana", Some("why"))]}), json!({}));
        assert_eq!(effect(&ws, "Z"), Some("log_disagrees"), "{action}");
        assert!(ids(&ws, "alice/writer-v1").iter().all(|id| id != "Z"), "{action}: Z reaches nobody");
        assert_eq!(
            audit(&ws).problems,
            [WorkspaceProblem::StatusDisagrees { card: "Z".into(), written: Status::Accepted, replayed: logged }]
        );
    }
}

#[test]
fn the_story_audits_clean() {
    let ws = story_workspace();
    let audit = audit(&ws);
    assert!(audit.problems.is_empty(), "{:?}", audit.problems);
    assert!(audit.entries.iter().all(|e| e.problem.is_none()));
    assert_eq!(Workspace::from_json(&ws.to_json_pretty()).unwrap(), ws, "it round-trips");
}

// ---------------------------------------------------------------------------
// The simulated cache
// ---------------------------------------------------------------------------

/// The seed with alice/writer-v1 reading, then bob/checker-v1.
fn seed_reads() -> Workspace {
    let mut ws = seed_workspace();
    done(log_read(&mut ws, ALICE_W, "報告"));
    done(log_read(&mut ws, BOB_C, "報告"));
    ws
}

#[test]
fn a_cache_keyed_by_the_query_alone_leaks_across_users_in_the_seed() {
    let ws = seed_reads();
    let replay = replay_cache_with(&ws, Some(&CacheConfig { key: vec![KeyField::Query], purge: None }));
    let bob = &replay.reads[1];
    assert_eq!(bob.cached, Some((0, "alice/writer-v1")));
    assert_eq!(bob.stale, ["P", "U", "A"], "alice's personal cards, and writer-v1's");
    assert_eq!(bob.leaks.len(), 1);
    assert_eq!(bob.leaks[0].token, "FAKE-ALICE-731");
}

#[test]
fn a_cache_keyed_by_user_agent_query_and_policy_version_does_not() {
    let ws = seed_reads();
    let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(false)));
    assert!(replay.served().next().is_none());
    assert!(replay.leaks().next().is_none());
    assert_eq!(replay.reads[1].hits, ["G", "B"]);
}

fn revoked_between_reads() -> Workspace {
    let mut ws = seed_workspace();
    done(log_read(&mut ws, BOB_C, "報告"));
    done(revoke(&mut ws, "G", "alice", "outdated"));
    done(log_read(&mut ws, BOB_C, "報告"));
    ws
}

#[test]
fn without_purge_a_revoked_card_is_served_stale() {
    let ws = revoked_between_reads();
    let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(false)));
    assert_eq!(replay.reads[1].stale, ["G"]);
}

#[test]
fn with_purge_retiring_a_card_leaves_no_stale_read() {
    let ws = revoked_between_reads();
    let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(true)));
    assert!(replay.stale().next().is_none());
    assert_eq!(replay.reads[1].cached, None);
    assert_eq!(replay.reads[1].hits, ["B"]);
    assert_eq!(replay.purges[0].dropped, 1);
}

#[test]
fn a_deleted_card_is_in_no_cached_answer_even_without_purge() {
    let mut ws = seed_workspace();
    done(log_read(&mut ws, BOB_C, "報告"));
    done(delete(&mut ws, "B", "bob", "asked to forget"));
    done(log_read(&mut ws, BOB_C, "報告"));
    let replay = replay_cache_with(&ws, Some(&CacheConfig::safe(false)));
    // Its text is gone from the past too: no answer, cached or fresh, holds it.
    assert!(replay.reads.iter().all(|r| r.hits == ["G"]), "{:?}", replay.reads);
    assert_eq!((replay.purges[0].card, replay.purges[0].index), ("B", 1));
    assert!(!serde_json::to_string(&replay).unwrap().contains("FAKE-BOB-852"));
}

#[test]
fn a_new_policy_version_in_the_key_answers_afresh() {
    let mut ws = seed_workspace();
    ws.reviewers = Some(Kept::Good(vec!["dana".into()]));
    done(log_read(&mut ws, BOB_C, "報告"));
    // The policy version is the workspace's rule: a listed reviewer sets it.
    refused(&ws, "reviewers_only", |ws| bump_policy(ws, "bob", "reviewers changed"));
    done(bump_policy(&mut ws, "dana", "reviewers changed"));
    done(log_read(&mut ws, BOB_C, "報告"));
    let safe = replay_cache_with(&ws, Some(&CacheConfig::safe(false)));
    assert_eq!(safe.reads[1].cached, None);
    let without = replay_cache_with(&ws, Some(&CacheConfig { key: vec![KeyField::User, KeyField::Agent, KeyField::Query], purge: None }));
    assert!(without.reads[1].cached.is_some());
    assert_eq!(ws.policy_version(), 1);
    refused(&ws, "no_reason", |ws| bump_policy(ws, "dana", ""));
}

/// The gates at the clock and the cache replay made on a timeline a shell
/// already made (one per revision, shared) are the ones made alone: on the
/// story, on lesson 2's start, and on each after a sweep and a logged read
/// with its cache keyed by the query alone (a leak to replay).
#[test]
fn the_log_read_once_answers_as_the_log_read_each_time() {
    use mixua_policy::{gates_at_clock, gates_at_clock_on, replay_cache, replay_cache_on, Timeline};
    let mut works = vec![story_workspace(), mixua_course::lesson_two_workspace(mixua_words::explain::Lang::En)];
    for mut ws in works.clone() {
        let later = ws.clock() + 100;
        sweep(&mut ws, later, "retention").expect("a sweep");
        ws.cache = Some(Kept::Good(CacheConfig { key: vec![KeyField::Query], purge: None }));
        works.push(ws);
    }
    for ws in &works {
        let timeline = Timeline::new(ws);
        assert_eq!(gates_at_clock_on(ws, &timeline), gates_at_clock(ws));
        assert_eq!(replay_cache_on(ws, &timeline), replay_cache(ws));
    }
}
