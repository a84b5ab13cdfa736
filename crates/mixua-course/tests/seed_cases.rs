//! The seed tutorial's cases, one tiny test per lesson it teaches.
//!
//! Every test goes through a handful of `check_*` helpers below, so a case is
//! one line of input and one line of expectation.

use mixua_policy::eval::canaries_in_pool;
use mixua_policy::{
    access, check, search, Access, Card, Evaluation, Field, JsonKind, Policy, Rejection, Scope, Viewer,
    Workspace,
};
use mixua_words::report;
use mixua_course::{seed_workspace, INJECTION_QUERY, SEED_QUERY};
use serde_json::{json, Map, Value};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Every view of a workspace for a query, as `user/agent` → ids, in order.
fn view_ids(workspace: &Workspace, query: &str) -> Vec<(String, Vec<String>)> {
    report(workspace, query, false)
        .views
        .0
        .into_iter()
        .map(|(key, hits)| (key, hits.iter().map(|h| h.id.to_string()).collect()))
        .collect()
}

/// The ids one viewer retrieves, via `report` (all viewers of the workspace).
fn ids_of(workspace: &Workspace, query: &str, viewer: &str) -> Vec<String> {
    view_ids(workspace, query)
        .into_iter()
        .find(|(key, _)| key == viewer)
        .unwrap_or_else(|| panic!("no view `{viewer}` in the report"))
        .1
}

/// The seed workspace, queried with `query`: does `viewer` retrieve exactly `expected`?
fn check_view(query: &str, viewer: &str, expected: &[&str]) {
    check_view_in(&seed_workspace(), query, viewer, expected);
}

fn check_view_in(workspace: &Workspace, query: &str, viewer: &str, expected: &[&str]) {
    let got = ids_of(workspace, query, viewer);
    assert_eq!(got, expected, "view of {viewer} for query {query:?}");

    // `search` on its own must agree with the report's view.
    let (user, agent) = viewer.split_once('/').unwrap();
    let direct: Vec<&str> =
        search(&workspace.cards, Viewer::new(user, agent), query).iter().map(|h| h.id).collect();
    assert_eq!(direct, expected, "search() for {viewer} and query {query:?}");
}

fn seed_card(id: &str) -> Card {
    seed_workspace().cards.into_iter().find(|c| c.id == id).map(|c| (*c).clone()).expect("a seed card")
}

/// The decision for one seed card and one viewer.
fn check_access(viewer: &str, id: &str, expected: Access) {
    let (user, agent) = viewer.split_once('/').unwrap();
    let got = access(&seed_card(id), Viewer::new(user, agent));
    assert_eq!(got, expected, "access of {viewer} to {id}");
}

/// The seed workspace as JSON, with one extra card `Z` that starts as a copy
/// of P and is then edited by `edit`.
fn seed_json_with_z(edit: impl FnOnce(&mut Map<String, Value>)) -> String {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    let mut z = serde_json::to_value(seed_card("P")).unwrap();
    z["id"] = json!("Z");
    edit(z.as_object_mut().unwrap());
    doc["cards"].as_array_mut().unwrap().push(z);
    doc.to_string()
}

/// Card `Z` (a copy of P, edited) is judged `expected`; and, whatever `Z`
/// is, the seven seed cards are still evaluated exactly as before.
fn check_card(edit: impl FnOnce(&mut Map<String, Value>), expected: Result<Scope, Rejection>) {
    let workspace = Workspace::from_json(&seed_json_with_z(edit)).expect("valid JSON");
    let z = workspace.cards.last().unwrap();
    assert_eq!(check(z).map(|a| a.scope), expected, "check of card {z:?}");

    let report = report(&workspace, SEED_QUERY, false);
    let mut rejected = vec!["X", "Y"];
    if expected.is_err() {
        rejected.push("Z");
    }
    // A card that is not an object has no id at all.
    let rejected: Vec<&str> =
        rejected.into_iter().map(|id| if id == "Z" { z.id.as_str() } else { id }).collect();
    assert_eq!(report.rejected_ids, rejected);

    let without_z: Vec<(String, Vec<String>)> = view_ids(&workspace, SEED_QUERY)
        .into_iter()
        .map(|(key, ids)| (key, ids.into_iter().filter(|id| id != "Z").collect()))
        .collect();
    assert_eq!(without_z, view_ids(&seed_workspace(), SEED_QUERY), "the other cards still count");
}

fn set(field: &'static str, value: Value) -> impl FnOnce(&mut Map<String, Value>) {
    move |card| {
        card.insert(field.to_string(), value);
    }
}

fn remove(field: &'static str) -> impl FnOnce(&mut Map<String, Value>) {
    move |card| {
        card.remove(field);
    }
}

fn set_many(fields: Vec<(&'static str, Value)>) -> impl FnOnce(&mut Map<String, Value>) {
    move |card| {
        for (field, value) in fields {
            card.insert(field.to_string(), value);
        }
    }
}

fn wrong_type(field: Field, found: JsonKind) -> Result<Scope, Rejection> {
    Err(Rejection::WrongType { field, expected: field.expected(), found })
}

fn fixture() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures/seed-memory-result.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

// ---------------------------------------------------------------------------
// The four views for the query 報告
// ---------------------------------------------------------------------------

#[test]
fn alice_with_writer_sees_her_pair_her_user_the_agent_and_the_global_card() {
    check_view(SEED_QUERY, "alice/writer-v1", &["P", "U", "A", "G"]);
}

#[test]
fn alice_with_checker_keeps_her_user_card_but_not_her_writer_pair() {
    check_view(SEED_QUERY, "alice/checker-v1", &["U", "G"]);
}

#[test]
fn bob_sees_agent_card_of_alice_through_writer() {
    check_view(SEED_QUERY, "bob/writer-v1", &["A", "G", "B"]);
}

#[test]
fn bob_with_checker_sees_only_global_and_his_own() {
    check_view(SEED_QUERY, "bob/checker-v1", &["G", "B"]);
}

#[test]
fn views_are_keyed_users_outer_agents_inner() {
    let keys: Vec<String> = view_ids(&seed_workspace(), SEED_QUERY).into_iter().map(|(k, _)| k).collect();
    assert_eq!(keys, ["alice/writer-v1", "alice/checker-v1", "bob/writer-v1", "bob/checker-v1"]);
}

#[test]
fn seed_report_equals_the_fixture_on_the_seed_keys() {
    let workspace = seed_workspace();
    let ours = serde_json::to_value(report(&workspace, SEED_QUERY, false)).unwrap();
    let theirs = fixture();
    for key in ["query", "views", "global_only_ids", "rejected_ids", "unsafe_pool_contains_both_fake_secrets"] {
        assert_eq!(ours[key], theirs[key], "key `{key}`");
    }
}

// ---------------------------------------------------------------------------
// Rejections: X, Y and malformed cards
// ---------------------------------------------------------------------------

#[test]
fn protected_global_is_rejected() {
    assert_eq!(check(&seed_card("X")), Err(Rejection::ProtectedShared { scope: Scope::Global }));
}

#[test]
fn unapproved_global_is_rejected() {
    assert_eq!(check(&seed_card("Y")), Err(Rejection::NotApproved { scope: Scope::Global }));
}

#[test]
fn seed_rejects_exactly_x_and_y() {
    let workspace = seed_workspace();
    assert_eq!(report(&workspace, SEED_QUERY, false).rejected_ids, ["X", "Y"]);
}

#[test]
fn a_copy_of_p_is_accepted_as_pair() {
    check_card(|_| {}, Ok(Scope::Pair));
}

#[test]
fn lowercase_global_is_an_unknown_scope() {
    check_card(set("scope", json!("global")), Err(Rejection::UnknownScope { scope: "global".into() }));
}

#[test]
fn scope_unknown_is_rejected() {
    check_card(set("scope", json!("UNKNOWN")), Err(Rejection::UnknownScope { scope: "UNKNOWN".into() }));
}

#[test]
fn empty_scope_is_an_unknown_scope() {
    check_card(set("scope", json!("")), Err(Rejection::UnknownScope { scope: String::new() }));
}

#[test]
fn missing_scope_is_an_unknown_scope() {
    check_card(remove("scope"), Err(Rejection::UnknownScope { scope: String::new() }));
}

#[test]
fn null_owner_user_is_missing() {
    check_card(set("owner_user", Value::Null), Err(Rejection::MissingOwnerUser));
}

#[test]
fn empty_owner_user_is_missing() {
    check_card(set("owner_user", json!("")), Err(Rejection::MissingOwnerUser));
}

#[test]
fn absent_owner_user_is_missing() {
    check_card(remove("owner_user"), Err(Rejection::MissingOwnerUser));
}

#[test]
fn empty_owner_agent_is_missing() {
    check_card(set("owner_agent", json!("")), Err(Rejection::MissingOwnerAgent));
}

#[test]
fn absent_owner_agent_is_missing() {
    check_card(remove("owner_agent"), Err(Rejection::MissingOwnerAgent));
}

#[test]
fn capitalised_stream_is_unknown() {
    check_card(set("stream", json!("Protected")), Err(Rejection::UnknownStream { stream: "Protected".into() }));
}

#[test]
fn missing_stream_is_unknown() {
    check_card(remove("stream"), Err(Rejection::UnknownStream { stream: String::new() }));
}

#[test]
fn protected_agent_card_is_rejected_even_when_approved() {
    check_card(
        set_many(vec![("scope", json!("AGENT")), ("share_approved", json!(true))]),
        Err(Rejection::ProtectedShared { scope: Scope::Agent }),
    );
}

#[test]
fn reusable_agent_card_needs_approval() {
    check_card(
        set_many(vec![("scope", json!("AGENT")), ("stream", json!("reusable"))]),
        Err(Rejection::NotApproved { scope: Scope::Agent }),
    );
}

#[test]
fn missing_approval_on_a_global_card_is_not_approved() {
    check_card(
        set_many(vec![("scope", json!("GLOBAL")), ("stream", json!("reusable"))]),
        Err(Rejection::NotApproved { scope: Scope::Global }),
    );
}

#[test]
fn protected_user_card_needs_no_approval() {
    check_card(set("scope", json!("USER")), Ok(Scope::User));
}

#[test]
fn approved_reusable_global_is_accepted() {
    check_card(
        set_many(vec![("scope", json!("GLOBAL")), ("stream", json!("reusable")), ("share_approved", json!(true))]),
        Ok(Scope::Global),
    );
}

// Wrong JSON types: the card is rejected, every other card still evaluated.

#[test]
fn approval_written_as_the_string_yes_is_a_wrong_type() {
    check_card(
        set_many(vec![("scope", json!("GLOBAL")), ("stream", json!("reusable")), ("share_approved", json!("yes"))]),
        wrong_type(Field::ShareApproved, JsonKind::String),
    );
}

#[test]
fn approval_written_as_the_string_true_is_a_wrong_type() {
    check_card(set("share_approved", json!("true")), wrong_type(Field::ShareApproved, JsonKind::String));
}

#[test]
fn approval_written_as_one_is_a_wrong_type() {
    check_card(set("share_approved", json!(1)), wrong_type(Field::ShareApproved, JsonKind::Number));
}

#[test]
fn owner_user_five_is_a_wrong_type() {
    check_card(set("owner_user", json!(5)), wrong_type(Field::OwnerUser, JsonKind::Number));
}

#[test]
fn scope_as_a_list_is_a_wrong_type() {
    check_card(set("scope", json!(["GLOBAL"])), wrong_type(Field::Scope, JsonKind::Array));
}

#[test]
fn lesson_as_an_object_is_a_wrong_type() {
    check_card(set("lesson", json!({"text": "報告"})), wrong_type(Field::Lesson, JsonKind::Object));
}

#[test]
fn the_first_wrong_field_is_the_one_reported() {
    check_card(
        set_many(vec![("share_approved", json!("yes")), ("owner_user", json!(5))]),
        wrong_type(Field::OwnerUser, JsonKind::Number),
    );
}

#[test]
fn a_card_that_is_a_number_is_rejected_and_the_others_still_count() {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    doc["cards"].as_array_mut().unwrap().insert(0, json!(7));
    let workspace = Workspace::from_json(&doc.to_string()).unwrap();
    assert_eq!(check(&workspace.cards[0]), Err(Rejection::NotAnObject { found: JsonKind::Number }));
    let report = report(&workspace, SEED_QUERY, false);
    assert_eq!(report.rejected_ids, ["", "X", "Y"]);
    assert_eq!(view_ids(&workspace, SEED_QUERY), view_ids(&seed_workspace(), SEED_QUERY));
}

#[test]
fn rejections_carry_reason_codes_and_messages() {
    let workspace = seed_workspace();
    let report = report(&workspace, SEED_QUERY, false);
    let codes: Vec<(&str, &str)> = report.rejections.iter().map(|r| (r.id, r.rejection.code())).collect();
    assert_eq!(codes, [("X", "protected_shared"), ("Y", "not_approved")]);
    assert!(report.rejections.iter().all(|r| !r.message.is_empty() && !r.message_zh.is_empty()));
}

// ---------------------------------------------------------------------------
// Queries: authorize first, then match situation or lesson
// ---------------------------------------------------------------------------

#[test]
fn injection_query_returns_nothing_for_bob_with_checker() {
    check_view(INJECTION_QUERY, "bob/checker-v1", &[]);
}

#[test]
fn injection_query_returns_nothing_for_anyone() {
    for (key, ids) in view_ids(&seed_workspace(), INJECTION_QUERY) {
        assert!(ids.is_empty(), "{key} got {ids:?}");
    }
}

#[test]
fn empty_query_matches_every_readable_card() {
    check_view("", "alice/writer-v1", &["P", "U", "A", "G"]);
}

#[test]
fn query_matches_inside_the_lesson() {
    check_view("總數", "bob/checker-v1", &["G"]);
}

#[test]
fn query_match_is_case_sensitive() {
    check_view("WRITER-V1", "alice/writer-v1", &[]);
}

#[test]
fn alices_canary_as_query_finds_only_her_own_card_for_her() {
    check_view("FAKE-ALICE-731", "alice/checker-v1", &["U"]);
}

#[test]
fn alices_canary_as_query_finds_nothing_for_bob() {
    check_view("FAKE-ALICE-731", "bob/writer-v1", &[]);
}

#[test]
fn query_never_searches_the_source() {
    check_view("synthetic-task-1", "alice/writer-v1", &[]);
}

#[test]
fn query_never_searches_the_id() {
    check_view("P", "alice/writer-v1", &[]);
}

// ---------------------------------------------------------------------------
// Baselines: global-only and the unsafe pool
// ---------------------------------------------------------------------------

#[test]
fn global_only_keeps_just_g() {
    let workspace = seed_workspace();
    assert_eq!(report(&workspace, SEED_QUERY, false).global_only_ids, ["G"]);
}

#[test]
fn global_only_ignores_the_query() {
    let workspace = seed_workspace();
    assert_eq!(report(&workspace, INJECTION_QUERY, false).global_only_ids, ["G"]);
}

#[test]
fn unsafe_pool_holds_both_canaries() {
    assert_eq!(canaries_in_pool(&seed_workspace()), ["FAKE-ALICE-731", "FAKE-BOB-852"]);
    let workspace = seed_workspace();
    assert!(report(&workspace, SEED_QUERY, false).unsafe_pool_contains_both_fake_secrets);
}

#[test]
fn unsafe_pool_leaks_alices_canary_to_bob() {
    let workspace = seed_workspace();
    let leaks = Evaluation::new(&workspace, SEED_QUERY, Policy::UnsafePool).leaks();
    for viewer in ["bob/writer-v1", "bob/checker-v1"] {
        let cards: Vec<&str> = leaks
            .iter()
            .filter(|l| l.viewer == viewer && l.token == "FAKE-ALICE-731")
            .map(|l| l.card.as_str())
            .collect();
        assert_eq!(cards, ["U", "X"], "leaks to {viewer}");
        let user = viewer.split('/').next().unwrap();
        assert!(leaks.iter().filter(|l| l.viewer == viewer).all(|l| l.owner != user));
    }
}

#[test]
fn unsafe_pool_leaks_bobs_canary_to_alice() {
    let workspace = seed_workspace();
    let leaks = Evaluation::new(&workspace, SEED_QUERY, Policy::UnsafePool).leaks();
    assert!(leaks
        .iter()
        .any(|l| l.viewer == "alice/writer-v1" && l.card == "B" && l.token == "FAKE-BOB-852" && l.owner == "bob"));
}

#[test]
fn global_only_baseline_shares_only_g_and_says_why_it_keeps_the_rest() {
    let workspace = seed_workspace();
    let global = Evaluation::new(&workspace, SEED_QUERY, Policy::GlobalOnly);
    let alice = Viewer::new("alice", "writer-v1");
    let ids: Vec<&str> = global.view(alice).iter().map(|&i| workspace.cards[i].id.as_str()).collect();
    assert_eq!(ids, ["G"]);
    let u = workspace.cards.iter().position(|c| c.id == "U").unwrap();
    assert_eq!(global.access(u, alice), Access::NotShared { scope: Scope::User });
    let x = workspace.cards.iter().position(|c| c.id == "X").unwrap();
    assert!(matches!(global.access(x, alice), Access::Rejected { .. }));
}

#[test]
fn four_scope_policy_leaks_nothing_in_the_seed() {
    let workspace = seed_workspace();
    assert!(report(&workspace, SEED_QUERY, false).leaks.is_empty());
}

// ---------------------------------------------------------------------------
// Decisions carry their reasons
// ---------------------------------------------------------------------------

#[test]
fn alice_with_checker_misses_a_because_the_agent_differs() {
    check_access("alice/checker-v1", "A", Access::Agent { agent_matches: false });
}

#[test]
fn bob_with_writer_reads_a_because_the_agent_matches() {
    check_access("bob/writer-v1", "A", Access::Agent { agent_matches: true });
}

#[test]
fn alice_with_checker_misses_p_because_pair_stays_with_one_agent() {
    check_access("alice/checker-v1", "P", Access::Pair { user_matches: true, agent_matches: false });
}

#[test]
fn bob_with_writer_misses_p_because_he_is_not_alice() {
    check_access("bob/writer-v1", "P", Access::Pair { user_matches: false, agent_matches: true });
}

#[test]
fn bob_misses_alices_user_card() {
    check_access("bob/writer-v1", "U", Access::User { user_matches: false });
}

#[test]
fn alice_reads_her_user_card_with_any_agent() {
    check_access("alice/checker-v1", "U", Access::User { user_matches: true });
}

#[test]
fn everyone_reads_g_by_the_global_rule() {
    check_access("bob/checker-v1", "G", Access::Global);
}

#[test]
fn even_the_owner_cannot_read_rejected_x() {
    check_access(
        "alice/writer-v1",
        "X",
        Access::Rejected { rejection: Rejection::ProtectedShared { scope: Scope::Global } },
    );
}

#[test]
fn access_codes_name_the_rule_and_outcome() {
    let a = access(&seed_card("A"), Viewer::new("alice", "checker-v1"));
    assert_eq!(a.code(), "agent_other_agent");
    let p = access(&seed_card("P"), Viewer::new("alice", "writer-v1"));
    assert_eq!(p.code(), "pair_owner");
}

// ---------------------------------------------------------------------------
// The tutorial's exercises: add Carol; approve Y
// ---------------------------------------------------------------------------

fn with_carol() -> Workspace {
    let mut workspace = seed_workspace();
    workspace.users.push("carol".into());
    let mut c = seed_card("P");
    c.id = "C".into();
    c.scope = "USER".into();
    c.owner_user = "carol".into();
    c.lesson = "報告先列結論。".into();
    workspace.cards.push(c.into());
    workspace
}

#[test]
fn carols_user_card_is_in_both_of_her_views() {
    check_view_in(&with_carol(), SEED_QUERY, "carol/writer-v1", &["A", "G", "C"]);
    check_view_in(&with_carol(), SEED_QUERY, "carol/checker-v1", &["G", "C"]);
}

#[test]
fn carols_user_card_is_in_nobody_elses_view() {
    for (key, ids) in view_ids(&with_carol(), SEED_QUERY) {
        assert_eq!(ids.contains(&"C".to_string()), key.starts_with("carol/"), "{key}: {ids:?}");
    }
}

#[test]
fn adding_carol_changes_no_other_view() {
    let with: Vec<_> =
        view_ids(&with_carol(), SEED_QUERY).into_iter().filter(|(k, _)| !k.starts_with("carol/")).collect();
    assert_eq!(with, view_ids(&seed_workspace(), SEED_QUERY));
}

fn with_y_approved() -> Workspace {
    let mut workspace = seed_workspace();
    let y = std::rc::Rc::make_mut(workspace.cards.iter_mut().find(|c| c.id == "Y").unwrap());
    y.set_share_approved(true);
    workspace
}

#[test]
fn approving_y_puts_it_in_all_four_views() {
    for (key, ids) in view_ids(&with_y_approved(), SEED_QUERY) {
        assert!(ids.contains(&"Y".to_string()), "{key}: {ids:?}");
    }
}

#[test]
fn approving_y_leaks_no_canary_the_checker_can_see() {
    // The wrong sharing decision passes a correct reading rule: the canary
    // scan cannot notice a rare job title, only registered tokens.
    let workspace = with_y_approved();
    let report = report(&workspace, SEED_QUERY, false);
    assert!(report.leaks.is_empty());
    assert_eq!(report.rejected_ids, ["X"]);
}

// ---------------------------------------------------------------------------
// What a reader is handed, and the file format
// ---------------------------------------------------------------------------

#[test]
fn hits_carry_only_id_and_lesson() {
    let workspace = seed_workspace();
    let hits = search(&workspace.cards, Viewer::new("alice", "writer-v1"), SEED_QUERY);
    assert!(!hits.is_empty());
    for hit in hits {
        let value = serde_json::to_value(&hit).unwrap();
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["id", "lesson"]);
    }
}

#[test]
fn report_views_never_mention_owner_or_source() {
    let workspace = seed_workspace();
    let views = serde_json::to_string(&report(&workspace, SEED_QUERY, false).views).unwrap();
    for word in ["owner", "source", "synthetic-task-1", "alice\"", "scope", "stream"] {
        assert!(!views.contains(word), "views mention {word}");
    }
}

#[test]
fn workspace_round_trips_through_json() {
    let workspace = seed_workspace();
    assert_eq!(Workspace::from_json(&workspace.to_json_pretty()).unwrap(), workspace);
}

#[test]
fn wrong_typed_field_survives_a_round_trip_verbatim() {
    let text = seed_json_with_z(set_many(vec![("share_approved", json!("yes")), ("owner_user", json!(5))]));
    let workspace = Workspace::from_json(&text).unwrap();
    let again = Workspace::from_json(&workspace.to_json_pretty()).unwrap();
    assert_eq!(again, workspace);
    let exported: Value = serde_json::from_str(&workspace.to_json_pretty()).unwrap();
    let z = &exported["cards"][7];
    assert_eq!(z["share_approved"], json!("yes"));
    assert_eq!(z["owner_user"], json!(5));
}

#[test]
fn a_stray_card_survives_a_round_trip_verbatim() {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    doc["cards"].as_array_mut().unwrap().push(json!([1, "two"]));
    let workspace = Workspace::from_json(&doc.to_string()).unwrap();
    let exported: Value = serde_json::from_str(&workspace.to_json_pretty()).unwrap();
    assert_eq!(exported["cards"][7], json!([1, "two"]));
    assert_eq!(Workspace::from_json(&workspace.to_json_pretty()).unwrap(), workspace);
}

#[test]
fn users_and_agents_default_to_the_owners_and_canary_holders() {
    let text = r#"{"canaries": {"dora": ["FAKE-DORA-1"]},
                   "cards": [{"id": "Q", "scope": "PAIR", "owner_user": "erin", "owner_agent": "w"}]}"#;
    let workspace = Workspace::from_json(text).unwrap();
    assert_eq!(workspace.users, ["erin", "dora"]);
    assert_eq!(workspace.agents, ["w"]);
    assert_eq!(workspace.query, "");
}

#[test]
fn invalid_json_gives_line_and_column() {
    let err = Workspace::from_json("{\n  \"cards\": [\n    {\"id\": \"P\",,}\n  ]\n}").unwrap_err();
    // The second comma, in column 16 of line 3.
    assert_eq!((err.line, err.column), (3, 16));
    assert!(err.to_string().starts_with("3:16: "), "{err}");
    assert!(!err.message.contains(" at line "), "{}", err.message);
}

#[test]
fn truncated_json_gives_the_end_position() {
    let err = Workspace::from_json("{\"cards\": [").unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.column >= 11, "{err}");
}

#[test]
fn a_workspace_that_is_a_list_is_a_load_error() {
    let err = Workspace::from_json("[1, 2]").unwrap_err();
    assert!(err.line > 0, "{err}");
}

/// The fast writer of the report must write exactly what serde_json's pretty
/// printer writes, on the seed and on workspaces with odd text and shapes.
#[test]
fn fast_report_json_is_byte_identical_to_serde_pretty() {
    let mut odd = mixua_course::seed_workspace();
    std::rc::Rc::make_mut(&mut odd.cards[0]).lesson = "報告 with \"quotes\", a \\ backslash,\na newline, \t a tab and \u{1} a control".into();
    std::rc::Rc::make_mut(&mut odd.cards[1]).id = "U \"quoted\"".into();
    odd.users.push("nobody".into());
    odd.agents.push("empty \"agent\"".into());
    let mut none = mixua_course::seed_workspace();
    none.users.clear();
    for (ws, query) in [
        (mixua_course::seed_workspace(), "報告"),
        (mixua_course::seed_workspace(), "no match"),
        (mixua_course::seed_workspace(), ""),
        (odd.clone(), "報告"),
        (odd, ""),
        (none, "報告"),
    ] {
        for explain in [false, true] {
            let mut report = mixua_words::report(&ws, query, explain);
            let expected = serde_json::to_vec_pretty(&report).unwrap();
            let fast = mixua_words::report::to_json_pretty(&mut report);
            assert_eq!(String::from_utf8(fast).unwrap(), String::from_utf8(expected).unwrap(), "query {query:?}");
        }
    }
}
