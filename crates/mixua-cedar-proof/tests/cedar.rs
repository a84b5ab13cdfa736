//! The Cedar proof (issue 54): the exported policy set decides every read
//! exactly as the crate's reading gate does.
//!
//! For random workspaces (scopes, streams, approvals, owners, groups,
//! malformed fields, and lesson 2's lifecycle through the write path), each
//! export is loaded with Cedar's own crate: the schema parsed, the policies
//! validated against it in strict mode (no error, no warning), the entities
//! checked against the schema, and then Cedar's authorizer is asked about
//! every viewer × card. Its decision must equal the crate's, card by card,
//! and the policy the playground names for the read
//! (`mixua_policy::cedar_policy_id`) must be one of the policies Cedar says
//! decided it. The seed's four views are decided by Cedar too.
//!
//! `cedar-policy` is a dev-dependency of the CLI crate only: never in the
//! binary, never in the wasm.

use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

use cedar_policy::{
    Authorizer, Context, Decision, Entities, EntityId, EntityTypeName, EntityUid, Policy as CedarPolicy, PolicyId, PolicySet, Request, Schema, ValidationMode,
    Validator,
};
use proptest::prelude::*;
use serde_json::{json, Value};

use mixua_course::lesson_two::{RETENTION_JOB, REVIEWER};
use mixua_course::{lesson_two_workspace, seed_workspace, story_workspace, SEED_QUERY};
use mixua_policy::cedar::{card_uids, CedarExport, NAMESPACE, RULES};
use mixua_policy::policy::matches_query;
use mixua_policy::{
    cedar_policy_id, delete, export_cedar, propose, publish, reject, revoke, rollback, set_hold, set_members, sweep, Card,
    Evaluation, Policy, Viewer, Workspace,
};
use mixua_words::Lang;

/// An export loaded into Cedar: its schema, its policies (each named by its
/// `@id`, as Cedar's CLI names them) and its entities.
struct Loaded {
    schema: Schema,
    policies: PolicySet,
    entities: Entities,
}

/// Loads and validates an export, or says what Cedar refused.
fn load(export: &CedarExport) -> Result<Loaded, String> {
    let (schema, warnings) = Schema::from_cedarschema_str(&export.schema).map_err(|e| format!("schema: {e:?}"))?;
    let warnings: Vec<String> = warnings.map(|w| w.to_string()).collect();
    if !warnings.is_empty() {
        return Err(format!("schema warnings: {warnings:?}"));
    }
    let parsed = PolicySet::from_str(&export.policies).map_err(|e| format!("policies: {e:?}"))?;
    let mut policies = PolicySet::new();
    for policy in parsed.policies() {
        let id = policy.annotation("id").ok_or_else(|| format!("a policy without @id: {policy}"))?;
        let renamed: CedarPolicy = policy.new_id(PolicyId::new(id));
        policies.add(renamed).map_err(|e| format!("@id({id}) twice: {e:?}"))?;
    }
    let result = Validator::new(schema.clone()).validate(&policies, ValidationMode::Strict);
    let errors: Vec<String> = result.validation_errors().map(|e| e.to_string()).collect();
    let warnings: Vec<String> = result.validation_warnings().map(|w| w.to_string()).collect();
    if !errors.is_empty() || !warnings.is_empty() {
        return Err(format!("validation: errors {errors:?}, warnings {warnings:?}"));
    }
    let entities = Entities::from_json_str(&export.entities_json, Some(&schema)).map_err(|e| format!("entities: {e:?}"))?;
    Ok(Loaded { schema, policies, entities })
}

fn euid(kind: &str, id: &str) -> EntityUid {
    let kind = EntityTypeName::from_str(&format!("{NAMESPACE}::{kind}")).expect("a type name");
    EntityUid::from_type_name_and_id(kind, EntityId::new(id))
}

/// Cedar's answer to one read: the decision and the `@id`s that decided it.
fn ask(loaded: &Loaded, viewer: Viewer<'_>, card_uid: &str) -> Result<(Decision, Vec<String>), String> {
    let request = Request::new(
        euid("Viewer", &viewer.key()),
        euid("Action", "read"),
        euid("Card", card_uid),
        Context::empty(),
        Some(&loaded.schema),
    )
    .map_err(|e| format!("request: {e:?}"))?;
    let response = Authorizer::new().is_authorized(&request, &loaded.policies, &loaded.entities);
    let errors: Vec<String> = response.diagnostics().errors().map(|e| e.to_string()).collect();
    if !errors.is_empty() {
        return Err(format!("evaluation errors: {errors:?}"));
    }
    let mut reasons: Vec<String> = response.diagnostics().reason().map(|id| id.to_string()).collect();
    reasons.sort();
    Ok((response.decision(), reasons))
}

/// The crate's evaluation at the tick exported.
fn evaluation(ws: &Workspace, at: Option<u64>) -> Evaluation<'_> {
    match at {
        None => Evaluation::new(ws, "", Policy::FourScope),
        Some(tick) => Evaluation::at(ws, "", Policy::FourScope, tick),
    }
}

/// Every read of the workspace asked of Cedar and of the crate: equal
/// decisions, and the crate's named policy among Cedar's reasons. The
/// message of a difference names the workspace, the viewer and the card.
fn agree(name: &str, ws: &Workspace, at: Option<u64>, export: &CedarExport) -> Result<usize, String> {
    let loaded = load(export).map_err(|e| format!("{name}: {e}\nworkspace: {}", ws.to_json_pretty()))?;
    let eval = evaluation(ws, at);
    let uids = card_uids(ws);
    let mut asked = 0;
    for viewer in eval.viewers() {
        for (i, card) in ws.cards.iter().enumerate() {
            let access = eval.access(i, viewer);
            let (decision, reasons) = ask(&loaded, viewer, &uids[i])?;
            asked += 1;
            let named = cedar_policy_id(&access);
            let agrees = (decision == Decision::Allow) == access.allowed();
            let named_decides = named.is_some_and(|id| reasons.iter().any(|r| r == id));
            if !agrees || !named_decides {
                return Err(format!(
                    "{name}, at {at:?}: viewer {} and card {} (entity {:?}): Cedar says {decision:?} by {reasons:?}, \
                     the playground says {} ({}, policy {named:?})\ncard: {}\nworkspace: {}\nentities: {}",
                    viewer.key(),
                    card.id,
                    uids[i],
                    if access.allowed() { "Allow" } else { "Deny" },
                    access.code(),
                    serde_json::to_string(&**card).unwrap_or_default(),
                    serde_json::to_string(ws).unwrap_or_default(),
                    export.entities_json,
                ));
            }
        }
    }
    Ok(asked)
}

// ---------------------------------------------------------------------------
// Random workspaces
// ---------------------------------------------------------------------------

const USERS: [&str; 4] = ["alice", "bob", "carol", "dave"];
const AGENTS: [&str; 3] = ["writer-v1", "checker-v1", "w2"];
const SCOPES: [&str; 8] = ["PAIR", "USER", "AGENT", "GLOBAL", "GROUP", "GROUP", "global", ""];
/// Owners: names of the chart, one outside it, none, a hidden character.
const OWNERS: [&str; 7] = ["alice", "alice", "bob", "carol", "erin", "", "ali\u{200b}ce"];
const OWNER_AGENTS: [&str; 5] = ["writer-v1", "checker-v1", "w2", "", "bot\u{202e}"];
const STREAMS: [&str; 5] = ["protected", "reusable", "reusable", "Protected", ""];
const GROUPS: [&str; 5] = ["team", "team", "ops", "ghost", ""];
const STATUSES: [&str; 6] = ["", "accepted", "candidate", "revoked", "rolled_back", "weird"];

/// One card as numbers, written as JSON (so that a key written twice or a
/// value of the wrong type is written as a file would).
#[derive(Clone, Debug)]
struct CardPlan {
    id: usize,
    scope: usize,
    user: usize,
    agent: usize,
    stream: usize,
    approved: bool,
    group: usize,
    status: usize,
    twist: usize,
    /// Half the cards are written cleanly (a scope and stream of the
    /// policy, owners of the chart, no twist, no status), so that every
    /// rule of the policy, not only the refusals, decides many reads.
    clean: bool,
}

fn any_card() -> impl Strategy<Value = CardPlan> {
    (0..6usize, 0..SCOPES.len(), 0..OWNERS.len(), 0..OWNER_AGENTS.len(), 0..STREAMS.len(), any::<bool>(), 0..GROUPS.len(), 0..2 * STATUSES.len(), 0..16usize, any::<bool>())
        .prop_map(|(id, scope, user, agent, stream, approved, group, status, twist, clean)| CardPlan {
            id,
            scope,
            user,
            agent,
            stream,
            approved,
            group,
            status,
            twist,
            clean,
        })
}

/// The card's JSON text: the fields in order, then its twist.
fn card_json(plan: &CardPlan, n: usize) -> String {
    let cleaned;
    let plan = if plan.clean {
        cleaned = CardPlan {
            scope: plan.scope % 6,
            user: plan.user % 4,
            agent: plan.agent % 3,
            stream: plan.stream % 3,
            group: plan.group % 3,
            status: STATUSES.len(),
            twist: 15,
            ..plan.clone()
        };
        &cleaned
    } else {
        plan
    };
    let id = match plan.id {
        0 => String::new(),
        1 => "dup".to_string(),
        _ => format!("c{n}"),
    };
    let mut fields: Vec<(String, Value)> = vec![
        ("id".into(), json!(id)),
        ("scope".into(), json!(SCOPES[plan.scope])),
        ("owner_user".into(), json!(OWNERS[plan.user])),
        ("owner_agent".into(), json!(OWNER_AGENTS[plan.agent])),
        ("stream".into(), json!(STREAMS[plan.stream])),
        ("share_approved".into(), json!(plan.approved)),
        ("situation".into(), json!("report")),
        ("lesson".into(), json!(format!("lesson {n}"))),
    ];
    if !GROUPS[plan.group].is_empty() {
        fields.push(("group".into(), json!(GROUPS[plan.group])));
    }
    // Half the cards have no status (accepted), as most cards do.
    if let Some(status) = STATUSES.get(plan.status).filter(|s| !s.is_empty()) {
        fields.push(("status".into(), json!(status)));
    }
    match plan.twist {
        0 => fields[1].1 = json!(5),                     // scope of the wrong type
        1 => fields[5].1 = json!("yes"),                 // approval of the wrong type
        2 => fields.insert(1, ("scope".into(), json!("PAIR"))), // scope written twice
        3 => fields[2].1 = json!(7),                     // owner of the wrong type
        4 => {
            fields.push(("valid_from".into(), json!(2)));
            fields.push(("valid_to".into(), json!(1)));   // a window that ends before it begins
        }
        5 => fields.push(("valid_from".into(), json!(1))), // not yet valid at tick 0
        6 => fields.push(("valid_to".into(), json!(1))),   // no longer valid from tick 1
        _ => {}
    }
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("{}: {v}", Value::from(k.as_str()))).collect();
    format!("{{{}}}", body.join(", "))
}

/// A write-path act as numbers, fitted to the workspace when applied.
#[derive(Clone, Debug)]
struct ActPlan {
    kind: usize,
    card: usize,
    actor: usize,
    draft: CardPlan,
}

fn any_act() -> impl Strategy<Value = ActPlan> {
    (0..9usize, 0..32usize, 0..32usize, any_card()).prop_map(|(kind, card, actor, draft)| ActPlan { kind, card, actor, draft })
}

/// A whole workspace as numbers.
#[derive(Clone, Debug)]
struct WorkspacePlan {
    /// 0 to 2: random cards; 3: lesson 2's start; 4: the story.
    base: usize,
    users: usize,
    agents: usize,
    /// 0: no groups; 1: `team`; 2: `team` and `ops`; 3: unreadable.
    groups: usize,
    cards: Vec<CardPlan>,
    acts: Vec<ActPlan>,
    /// 0 to 2: the clock; else a tick from 0 up to the clock.
    at: usize,
}

fn any_workspace() -> impl Strategy<Value = WorkspacePlan> {
    (
        0..5usize,
        1..=4usize,
        1..=3usize,
        0..4usize,
        prop::collection::vec(any_card(), 0..14),
        prop::collection::vec(any_act(), 0..10),
        0..6usize,
    )
        .prop_map(|(base, users, agents, groups, cards, acts, at)| WorkspacePlan { base, users, agents, groups, cards, acts, at })
}

/// The workspace a plan describes, and the tick to export at.
fn build(plan: &WorkspacePlan) -> (Workspace, Option<u64>) {
    let mut ws = match plan.base {
        3 => lesson_two_workspace(Lang::En),
        4 => story_workspace(),
        _ => {
            let cards: Vec<String> = plan.cards.iter().enumerate().map(|(n, c)| card_json(c, n)).collect();
            let groups = match plan.groups {
                0 => String::new(),
                1 => r#", "groups": {"team": ["alice", "carol"]}"#.to_string(),
                2 => r#", "groups": {"team": ["alice"], "ops": ["bob", "dave", "erin"]}"#.to_string(),
                _ => r#", "groups": ["team"]"#.to_string(),
            };
            let text = format!(
                r#"{{"users": {}, "agents": {}, "reviewers": ["{REVIEWER}"], "cards": [{}]{groups}}}"#,
                json!(USERS[..plan.users]),
                json!(AGENTS[..plan.agents]),
                cards.join(", "),
            );
            Workspace::from_json(&text).unwrap_or_else(|e| panic!("the plan writes a workspace: {e:?}\n{text}"))
        }
    };
    for (n, act) in plan.acts.iter().enumerate() {
        apply(&mut ws, act, n);
    }
    let at = match plan.at {
        0..=2 => None,
        k => Some(k as u64 % (ws.clock() + 1)),
    };
    (ws, at)
}

/// One act of the write path; a refusal changes nothing, as in the app.
fn apply(ws: &mut Workspace, act: &ActPlan, n: usize) {
    let actors = mixua_policy::actors(ws);
    let mut names: Vec<String> = actors.iter().map(|a| a.name()).collect();
    names.push(REVIEWER.into());
    names.push(RETENTION_JOB.into());
    let who = names[act.actor % names.len()].clone();
    let id = match ws.cards.len() {
        0 => String::new(),
        len => ws.cards[act.card % len].id.clone(),
    };
    let _ = match act.kind {
        0 => {
            // A writer files a card for its own user and agent.
            let Some(writer) = actors.iter().filter_map(|a| a.viewer()).nth(act.actor % 8) else { return };
            let mut card: Card = serde_json::from_str(&card_json(&act.draft, 100 + n)).expect("a card");
            card.id = format!("n{n}");
            card.owner_user = writer.user.to_string();
            card.owner_agent = writer.agent.to_string();
            let writer = Viewer::new(writer.user, writer.agent);
            propose(ws, writer, card).map(|_| ())
        }
        1 | 2 => publish(ws, &id, &who).map(|_| ()),
        3 => revoke(ws, &id, &who, "no longer true").map(|_| ()),
        4 => delete(ws, &id, &who, "asked to forget").map(|_| ()),
        5 => rollback(ws, &id, &who, "a bad version").map(|_| ()),
        6 => sweep(ws, ws.clock() + 1 + (act.card % 3) as u64, &who).map(|_| ()),
        7 => {
            let members: Vec<String> = USERS.iter().enumerate().filter(|(i, _)| act.card >> i & 1 == 1).map(|(_, u)| u.to_string()).collect();
            let group = ["team", "ops", "report-team"][act.actor % 3];
            set_members(ws, group, &members, &who, "the team changed").map(|_| ())
        }
        _ => match act.card % 2 {
            0 => set_hold(ws, &id, act.actor % 2 == 0, &who, "legal hold").map(|_| ()),
            _ => reject(ws, &id, &who, "not for sharing").map(|_| ()),
        },
    };
}

/// Cedar decides every read of random workspaces as the crate does: at
/// least 200 of them (their number and the reads asked are printed; run
/// with `--nocapture` to see them).
#[test]
fn cedar_decides_every_read_as_the_playground() {
    let cases: u32 = std::env::var("MIXUA_CEDAR_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256);
    let config = ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() };
    let (workspaces, reads) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let named = std::sync::Mutex::new(std::collections::BTreeMap::<&'static str, usize>::new());
    let started = std::time::Instant::now();
    // A fixed seed: the same workspaces on every run, so that a failure
    // reproduces and the coverage below holds.
    let rng = proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha);
    let result = proptest::test_runner::TestRunner::new_with_rng(config, rng).run(&any_workspace(), |plan| {
        let (ws, at) = build(&plan);
        let export = export_cedar(&ws, at);
        prop_assert_eq!(&export, &export_cedar(&ws, at), "the export is deterministic");
        let n = workspaces.fetch_add(1, Ordering::Relaxed);
        let asked = agree(&format!("random workspace #{n}"), &ws, at, &export).map_err(TestCaseError::fail)?;
        reads.fetch_add(asked, Ordering::Relaxed);
        let eval = evaluation(&ws, at);
        let mut named = named.lock().unwrap();
        for viewer in eval.viewers() {
            for i in 0..ws.cards.len() {
                if let Some(id) = cedar_policy_id(&eval.access(i, viewer)) {
                    *named.entry(id).or_default() += 1;
                }
            }
        }
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    let (workspaces, reads) = (workspaces.into_inner(), reads.into_inner());
    eprintln!("cedar property: {workspaces} workspaces, {reads} reads asked of Cedar, in {:.1?}", started.elapsed());
    assert!(workspaces >= 200 || cases < 200, "only {workspaces} workspaces");
    // The generators reach every exported policy: each decided some read.
    let named = named.into_inner().unwrap();
    eprintln!("reads per deciding policy: {named:?}");
    if cases >= 200 {
        let missing: Vec<&str> = RULES.iter().map(|r| r.id).filter(|id| !named.contains_key(id)).collect();
        assert!(missing.is_empty(), "no random read was decided by {missing:?}");
    }
}

/// The seed, the story (at every tick) and lessons 2 and 3's starts.
#[test]
fn cedar_decides_the_course_workspaces_as_the_playground() {
    let mut named: Vec<(String, Workspace, Option<u64>)> = vec![
        ("the seed".into(), seed_workspace(), None),
        ("lesson 2's start".into(), lesson_two_workspace(Lang::En), None),
        ("lesson 3's start".into(), mixua_course::lesson_three::lesson_three_workspace(Lang::En), None),
    ];
    // One card for each refusal of a GROUP card, and one it lets in.
    let groups = Workspace::from_json(
        r#"{"users": ["alice", "bob"], "agents": ["writer-v1"], "groups": {"team": ["alice", "carol"]}, "cards": [
            {"id": "g1", "scope": "GROUP", "group": "team", "owner_user": "alice", "owner_agent": "writer-v1", "stream": "reusable", "share_approved": true},
            {"id": "g2", "scope": "GROUP", "group": "team", "owner_user": "alice", "owner_agent": "writer-v1", "stream": "reusable", "share_approved": false},
            {"id": "g3", "scope": "GROUP", "group": "team", "owner_user": "bob", "owner_agent": "writer-v1", "stream": "reusable", "share_approved": true},
            {"id": "g4", "scope": "GROUP", "group": "ghost", "owner_user": "alice", "owner_agent": "writer-v1", "stream": "reusable", "share_approved": true},
            {"id": "g5", "scope": "GROUP", "group": "team", "owner_user": "alice", "owner_agent": "writer-v1", "stream": "protected", "share_approved": true}
        ]}"#,
    )
    .unwrap();
    named.push(("GROUP cards".into(), groups, None));
    let story = story_workspace();
    for tick in 0..=story.clock() {
        named.push((format!("the story at tick {tick}"), story.clone(), Some(tick)));
    }
    for (name, ws, at) in &named {
        let export = export_cedar(ws, *at);
        if let Err(message) = agree(name, ws, *at, &export) {
            panic!("{message}");
        }
    }
}

/// The seed program's four views, decided by Cedar: what Cedar permits,
/// then searched for the query as the playground searches (after it
/// authorizes), is the fixture's views.
#[test]
fn cedar_decides_the_seed_fixtures_four_views() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures/seed-memory-result.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"))).unwrap();
    let ws = seed_workspace();
    assert_eq!(fixture["query"], SEED_QUERY);
    let loaded = load(&export_cedar(&ws, None)).unwrap_or_else(|e| panic!("{e}"));
    let uids = card_uids(&ws);
    let views = fixture["views"].as_object().unwrap();
    assert_eq!(views.len(), 4);
    for (key, expected) in views {
        let (user, agent) = key.split_once('/').unwrap();
        let viewer = Viewer::new(user, agent);
        let seen: Vec<&str> = ws
            .cards
            .iter()
            .enumerate()
            .filter(|(i, _)| ask(&loaded, viewer, &uids[*i]).unwrap().0 == Decision::Allow)
            .filter(|(_, card)| matches_query(card, SEED_QUERY))
            .map(|(_, card)| card.id.as_str())
            .collect();
        let expected: Vec<&str> = expected.as_array().unwrap().iter().map(|hit| hit["id"].as_str().unwrap()).collect();
        assert_eq!(seen, expected, "the view of {key}");
    }
    // X (protected, filed GLOBAL) and Y (sharing nobody approved) reach nobody,
    // each refused by the policy the playground names.
    for (id, policy) in [("X", "protected-stays-private"), ("Y", "sharing-approved")] {
        let (decision, reasons) = ask(&loaded, Viewer::new("bob", "writer-v1"), id).unwrap();
        assert_eq!(decision, Decision::Deny);
        assert!(reasons.iter().any(|r| r == policy), "{id}: {reasons:?}");
    }
}

/// Where the schema itself refuses: a card whose approval is not a Bool
/// can't even be loaded, so the export writes the crate's reading of it
/// (false) and `well_formed: false`, and the policies refuse it.
#[test]
fn the_schema_refuses_a_card_field_of_the_wrong_type() {
    let ws = seed_workspace();
    let export = export_cedar(&ws, None);
    let (schema, _) = Schema::from_cedarschema_str(&export.schema).unwrap();
    let mut entities: Value = serde_json::from_str(&export.entities_json).unwrap();
    let card = entities.as_array_mut().unwrap().iter_mut().find(|e| e["uid"]["type"] == "MixUA::Card").unwrap();
    card["attrs"]["share_approved"] = json!("yes");
    let refused = Entities::from_json_str(&entities.to_string(), Some(&schema));
    assert!(refused.is_err(), "the schema types share_approved as a Bool");
}

