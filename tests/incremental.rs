//! The derived state kept up to date edit by edit equals a from-scratch
//! evaluation, after every step of random sequences of every kind of
//! action: card field edits, cards, users and agents added and removed,
//! the query, canaries, profile facts, lesson 2's acts, undo and redo.
//! Compared after each step: the views, leaks, forbidden and identifying
//! counts of all three policies, the gates (rejections and not-in-effect
//! reasons), the probe's findings, the scorecards, the change summary, the
//! lesson's checks, and the rejected list the app derives from the views
//! (against the crate's own evaluation).

use std::rc::Rc;

use mixua_playground::store::acts::{Act, Draft};
use mixua_policy::actors;
use mixua_playground::derive::change::change_of;
use mixua_playground::derive::views::{Computed, Reference};
use mixua_playground::derive::course;
use mixua_playground::store::lesson::Course;
use mixua_playground::derive::checks::{Checks, Logged, Rejected, REJECTED_LISTED};
use mixua_playground::derive::course::Lesson;
use mixua_playground::store::state::{Action, AppState, Doc, Edit, Ui};
use mixua_policy::{Card, Field, Policy, Workspace};
use mixua_words::Lang;
use mixua_course::{lesson_two_workspace, seed_workspace_en};
use proptest::prelude::*;

mod common;
use common::*;


const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];
const AGENTS: [&str; 3] = ["writer-v1", "checker-v1", "w2"];
const SCOPES: [&str; 6] = ["PAIR", "USER", "AGENT", "GLOBAL", "global", ""];
const STREAMS: [&str; 3] = ["protected", "reusable", "odd"];
const TEXTS: [&str; 6] = ["Report", "report totals", "FAKE-ALICE-1 report", "FAKE-BOB-2", "Tuesday polar report", "notes"];
const FACTS: [(&str, &str); 3] = [("day", "Tuesday"), ("role", "polar"), ("team", "notes")];

/// A random lesson-1 workspace: a few users and agents, cards of any
/// filing (some rejected), canaries and profile facts.
fn any_workspace() -> impl Strategy<Value = Workspace> {
    let card = (0..4usize, 0..SCOPES.len(), 0..NAMES.len(), 0..AGENTS.len(), 0..STREAMS.len(), any::<bool>(), 0..TEXTS.len(), 0..TEXTS.len());
    (1..=3usize, 1..=3usize, prop::collection::vec(card, 0..8), 0..TEXTS.len(), any::<bool>()).prop_map(
        |(users, agents, cards, query, profiles)| {
            let mut ws = Workspace {
                users: NAMES[..users].iter().map(|s| s.to_string()).collect(),
                agents: AGENTS[..agents].iter().map(|s| s.to_string()).collect(),
                query: TEXTS[query].split(' ').next().unwrap().to_string(),
                ..Workspace::default()
            };
            ws.canaries.add("alice", "FAKE-ALICE-1");
            ws.canaries.add("bob", "FAKE-BOB-2");
            for (n, (id, scope, user, agent, stream, approved, situation, lesson)) in cards.into_iter().enumerate() {
                ws.cards.push(Rc::new(Card {
                    id: format!("c{}", if id == 0 { n } else { id }),
                    scope: SCOPES[scope].into(),
                    owner_user: NAMES[user].into(),
                    owner_agent: AGENTS[agent].into(),
                    stream: STREAMS[stream].into(),
                    share_approved: approved,
                    situation: TEXTS[situation].into(),
                    lesson: TEXTS[lesson].into(),
                    ..Card::default()
                }));
            }
            if profiles {
                ws = with_profiles(ws);
            }
            ws
        },
    )
}

/// The workspace with alice's and bob's profile facts set (through the
/// workspace's JSON, as a file would carry them).
fn with_profiles(ws: Workspace) -> Workspace {
    let mut json: serde_json::Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    json["profiles"] = serde_json::json!({ "alice": { "day": "Tuesday", "role": "polar" }, "bob": { "day": "Thursday" } });
    Workspace::from_json(&json.to_string()).unwrap()
}

/// One action of any kind, with its numbers to be fitted to the work.
#[derive(Clone, Debug)]
enum Step {
    Text { card: usize, field: usize, text: usize },
    Approve { card: usize, on: bool },
    AddCard,
    Duplicate(usize),
    Delete(usize),
    AddUser(usize),
    RemoveUser(usize),
    AddAgent(usize),
    RemoveAgent(usize),
    Query(usize),
    AddCanary { user: usize, text: usize },
    RemoveCanary { user: usize },
    Fact { user: usize, fact: usize },
    RemoveFact { user: usize, fact: usize },
    Act { kind: usize, card: usize, actor: usize },
    Undo,
    Redo,
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0..16usize, 0..7usize, 0..TEXTS.len()).prop_map(|(card, field, text)| Step::Text { card, field, text }),
        4 => (0..16usize, any::<bool>()).prop_map(|(card, on)| Step::Approve { card, on }),
        1 => Just(Step::AddCard),
        1 => (0..16usize).prop_map(Step::Duplicate),
        1 => (0..16usize).prop_map(Step::Delete),
        1 => (0..NAMES.len()).prop_map(Step::AddUser),
        1 => (0..NAMES.len()).prop_map(Step::RemoveUser),
        1 => (0..AGENTS.len()).prop_map(Step::AddAgent),
        1 => (0..AGENTS.len()).prop_map(Step::RemoveAgent),
        1 => (0..TEXTS.len()).prop_map(Step::Query),
        1 => (0..NAMES.len(), 0..TEXTS.len()).prop_map(|(user, text)| Step::AddCanary { user, text }),
        1 => (0..NAMES.len()).prop_map(|user| Step::RemoveCanary { user }),
        1 => (0..NAMES.len(), 0..FACTS.len()).prop_map(|(user, fact)| Step::Fact { user, fact }),
        1 => (0..NAMES.len(), 0..FACTS.len()).prop_map(|(user, fact)| Step::RemoveFact { user, fact }),
        4 => (0..14usize, 0..16usize, 0..32usize).prop_map(|(kind, card, actor)| Step::Act { kind, card, actor }),
        2 => Just(Step::Undo),
        1 => Just(Step::Redo),
    ]
}

const FIELDS: [Field; 7] =
    [Field::Id, Field::Scope, Field::OwnerUser, Field::OwnerAgent, Field::Stream, Field::Situation, Field::Lesson];

/// The step as an action on this state (card and names picked among those
/// there are).
fn action(state: &AppState, step: &Step) -> Option<Action> {
    let ws = state.workspace();
    let card = |n: usize| (!ws.cards.is_empty()).then(|| n % ws.cards.len());
    let id = |n: usize| card(n).map(|i| ws.cards[i].id.clone());
    Some(match step.clone() {
        Step::Text { card: c, field, text } => {
            let value = match FIELDS[field] {
                Field::Scope => SCOPES[text % SCOPES.len()].to_string(),
                Field::OwnerUser => NAMES[text % NAMES.len()].to_string(),
                Field::OwnerAgent => AGENTS[text % AGENTS.len()].to_string(),
                Field::Stream => STREAMS[text % STREAMS.len()].to_string(),
                _ => TEXTS[text].to_string(),
            };
            Edit::EditText { card: id(c)?, field: FIELDS[field], value }.into()
        }
        Step::Approve { card: c, on } => Edit::SetApproved { card: id(c)?, approved: on }.into(),
        Step::AddCard => Edit::AddCard.into(),
        Step::Duplicate(c) => Edit::DuplicateCard(id(c)?).into(),
        Step::Delete(c) => Edit::DeleteCard(id(c)?).into(),
        Step::AddUser(u) => Edit::AddUser(NAMES[u].into()).into(),
        Step::RemoveUser(u) => Edit::RemoveUser(NAMES[u].into()).into(),
        Step::AddAgent(a) => Edit::AddAgent(AGENTS[a].into()).into(),
        Step::RemoveAgent(a) => Edit::RemoveAgent(AGENTS[a].into()).into(),
        Step::Query(t) => Edit::SetQuery(TEXTS[t].split(' ').next().unwrap().into()).into(),
        Step::AddCanary { user, text } => Edit::AddCanary { user: NAMES[user].into(), token: TEXTS[text].into() }.into(),
        Step::RemoveCanary { user } => {
            let token = ws.canaries.of_user(NAMES[user]).first()?.clone();
            Edit::RemoveCanary { user: NAMES[user].into(), token }.into()
        }
        Step::Fact { user, fact } => {
            Edit::SetProfileFact { user: NAMES[user].into(), key: FACTS[fact].0.into(), value: FACTS[fact].1.into() }.into()
        }
        Step::RemoveFact { user, fact } => Edit::RemoveProfileFact { user: NAMES[user].into(), key: FACTS[fact].0.into() }.into(),
        Step::Act { kind, card: c, actor } => {
            let all = actors(ws);
            let actor = all.get(actor % all.len().max(1))?.clone();
            let reason = "asked".to_string();
            let act = match kind {
                0 => Act::Propose { card: id(c)?, actor, draft: Draft::Version },
                1 => Act::Propose { card: id(c)?, actor, draft: Draft::Copy },
                2 => Act::Publish { card: id(c)?, actor },
                3 => Act::Reject { card: id(c)?, actor, reason },
                4 => Act::Revoke { card: id(c)?, actor, reason },
                5 => Act::Delete { card: id(c)?, actor, reason },
                6 => Act::Rollback { card: id(c)?, actor, reason },
                7 => Act::Advance,
                8 => Act::Ask { actor },
                9 => Act::Hold { card: id(c)?, hold: true, actor, reason },
                10 => Act::Publish { card: id(c)?, actor: mixua_policy::Actor::Reviewer("dana".into()) },
                12 => Act::Policy { actor, reason },
                13 => Act::Group { group: "report-team".into(), members: vec![NAMES[c % NAMES.len()].to_string()], actor, reason },
                _ => Act::History { card: id(c)?, actor },
            };
            Edit::Act(act, mixua_playground::store::acts::WritePath(mixua_playground::store::acts::apply)).into()
        }
        Step::Undo => Action::Undo,
        Step::Redo => Action::Redo,
    })
}

/// Everything the app shows of one work, from the views the app keeps.
fn lesson<'a>(state: &'a AppState, computed: &'a Computed) -> Lesson<'a> {
    Lesson { pack: state.ui.pack(), doc: &state.doc, computed, revealed: false, progress: &state.ui.progress, tick: None, cache: None, parts: parts() }
}

fn start(lesson_two: bool, ws: Workspace) -> AppState {
    if lesson_two {
        let doc = Doc { workspace: Rc::new(lesson_two_workspace(Lang::En)), ..Doc::default() };
        AppState::new(doc, Ui::new(Course::Two, Lang::En, parts()))
    } else {
        AppState::new(Doc { workspace: Rc::new(ws), ..Doc::default() }, Ui::new(Default::default(), Lang::En, parts()))
    }
}

/// Runs the steps, keeping the views up to date as the app does (each
/// from the last, never from scratch), and compares after each step.
fn run(mut state: AppState, steps: &[Step]) -> Result<(), TestCaseError> {
    let mut kept_ws = state.doc.workspace.clone();
    let mut kept = Rc::new(Computed::new(&kept_ws));
    for (n, step) in steps.iter().enumerate() {
        let Some(action) = action(&state, step) else { continue };
        state.apply(action.clone());
        let ws = state.doc.workspace.clone();
        // As the app does: the log read once per work (`Logged`), its
        // timeline shared by the gates at the clock, the audit and the cache.
        let logged = Logged::of(ws.clone(), Some(Logged::replayed));
        let timeline = logged.of_work(&ws).map(|l| &l.timeline);
        let (now, touched) = Computed::update_touched(&kept_ws, &kept, &ws, timeline);
        let now = Rc::new(now);
        let scratch = Computed::new(&ws);
        prop_assert_eq!(&*now, &scratch, "step {} ({:?}): the kept views differ from a fresh evaluation", n, action);
        for policy in Policy::ALL {
            prop_assert_eq!(
                now.score(&ws, &Reference::FourScopeNow, policy),
                scratch.score(&ws, &Reference::FourScopeNow, policy),
                "step {}: scorecards", n
            );
        }
        // The change summary: from what the update touched (the kept views
        // before and now, compared only where it touched), against one from
        // fresh evaluations of both, compared everywhere.
        prop_assert_eq!(
            change_of(&kept_ws, &kept, &ws, &now, touched.as_ref()),
            change_of(&kept_ws, &Computed::new(&kept_ws), &ws, &scratch, None),
            "step {}: the change summary", n
        );
        // The lesson's checks, once, from the kept views and the work's
        // one cache replay (the root's, shared with the cache panel),
        // against each check on its own from a fresh evaluation and a
        // replay the crate makes on its own (`replay_cache`: the app's
        // checks never replay the cache themselves, `Facts::of`).
        let course = state.ui.session.course;
        let step_shown = state.ui.lesson_step;
        let kept_lesson = Lesson { cache: logged.replay_of(&state.doc.workspace), ..lesson(&state, &now) };
        let checks = Checks::of(course, step_shown, kept_lesson, Lang::En);
        let replayed = mixua_policy::replay_cache(&ws);
        let fresh = Lesson { cache: Some(&replayed), ..lesson(&state, &scratch) };
        let each: Vec<bool> = (0..course.exercise_count(two())).map(|s| course::step_done_in(s, fresh)).collect();
        prop_assert_eq!(&checks.done, &each, "step {}: done steps", n);
        prop_assert_eq!(&checks.newly, &course::newly_done_in(course, step_shown, fresh), "step {}: newly done", n);
        prop_assert_eq!(&checks.seen, &course::milestones_in(fresh), "step {}: milestones", n);
        // The rejected list's props, derived from the kept views, against
        // the crate's own evaluation: every card its four-scope gate
        // rejects (not one that is not in effect, which the timeline
        // explains), in card order, the first ones by id and reason.
        let eval = mixua_policy::Evaluation::new(&ws, &ws.query, Policy::FourScope);
        let oracle: Vec<(usize, String, mixua_policy::Rejection)> = (0..ws.cards.len())
            .filter(|&i| !matches!(eval.gate(i), mixua_policy::Gate::NotInEffect { .. }))
            .filter_map(|i| eval.gates[i].as_ref().err().map(|r| (i, ws.cards[i].id.clone(), r.clone())))
            .collect();
        let rejected = Rejected::of(&ws, &now);
        prop_assert_eq!(rejected.total, oracle.len(), "step {}: rejected cards counted", n);
        prop_assert_eq!(&rejected.listed[..], &oracle[..oracle.len().min(REJECTED_LISTED)], "step {}: rejected cards listed", n);
        kept_ws = ws;
        kept = now;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn kept_views_equal_a_fresh_evaluation_lesson_one(ws in any_workspace(), steps in prop::collection::vec(any_step(), 50..70)) {
        run(start(false, ws), &steps)?;
    }

    #[test]
    fn kept_views_equal_a_fresh_evaluation_on_the_seed(steps in prop::collection::vec(any_step(), 50..70)) {
        run(start(false, seed_workspace_en()), &steps)?;
    }

    #[test]
    fn kept_views_equal_a_fresh_evaluation_lesson_two(steps in prop::collection::vec(any_step(), 50..70)) {
        run(start(true, Workspace::default()), &steps)?;
    }
}
