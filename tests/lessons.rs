//! The guided exercises check themselves against the policy's results.

use mixua_playground::computed::Computed;
use mixua_playground::lessons::{items, step_done, STEPS};
use mixua_playground::state::{Action, AppState, Doc, Mode, Ui, Edit, UiAction};
use mixua_policy::{Field, Lang, ViewerId};

/// A viewer from its `user/agent` key.
fn vid(key: &str) -> ViewerId {
    ViewerId::parse_key(key).expect("a user/agent key")
}

fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

fn done(state: &AppState, step: usize) -> bool {
    step_done(step, state, &Computed::new(state.workspace()))
}

fn index_of(state: &AppState, id: &str) -> usize {
    state.workspace().cards.iter().position(|c| c.id == id).unwrap()
}

#[test]
fn no_step_is_done_on_the_seed() {
    let s = seed();
    for step in 0..STEPS.len() {
        assert!(!done(&s, step), "step {}", step + 1);
    }
}

#[test]
fn step_1_needs_four_right_predictions_and_a_reveal() {
    let mut s = seed();
    let views = [("alice/writer-v1", "PUAG"), ("alice/checker-v1", "UG"), ("bob/writer-v1", "AGB"), ("bob/checker-v1", "GB")];
    for (viewer, ids) in views {
        for id in ids.chars() {
            s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid(viewer), card: id.to_string() }));
        }
    }
    assert!(!done(&s, 0), "not revealed yet");
    s.apply(Action::Ui(UiAction::SetMode(Mode::Predict { revealed: true })));
    assert!(done(&s, 0));
    s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid("bob/checker-v1"), card: "X".into() }));
    assert!(!done(&s, 0), "an extra card is a mistake");
}

#[test]
fn a_wrong_answer_earns_a_hint_and_the_right_one_finishes_step_2() {
    let mut s = seed();
    s.apply(Action::Ui(UiAction::Answer { step: 1, option: 0, right: false }));
    assert!(s.ui.missed.contains(&1));
    assert!(!done(&s, 1));
    s.apply(Action::Ui(UiAction::Answer { step: 1, option: STEPS[1].question.as_ref().unwrap().answer, right: true }));
    assert!(done(&s, 1));
}

#[test]
fn step_4_is_done_when_y_is_approved_and_answered() {
    let mut s = seed();
    let y = index_of(&s, "Y");
    s.apply(Action::Edit(Edit::SetApproved { index: y, approved: true }));
    let c = Computed::new(s.workspace());
    assert!(items(3, &s, &c, Lang::En).iter().all(|i| i.done));
    assert!(!done(&s, 3), "the question is still open");
    s.apply(Action::Ui(UiAction::Answer { step: 3, option: STEPS[3].question.as_ref().unwrap().answer, right: true }));
    assert!(done(&s, 3));
}

#[test]
fn step_5_needs_the_alarm_seen_then_undone() {
    let mut s = seed();
    let x = index_of(&s, "X");
    s.apply(Action::Edit(Edit::EditText { index: x, field: Field::Stream, value: "reusable".into() }));
    assert!(Computed::new(s.workspace()).four.leak_count() > 0);
    s.apply(Action::Ui(UiAction::XAlarmSeen));
    assert!(!done(&s, 4), "the alarm is still ringing");
    s.apply(Action::Undo);
    assert!(done(&s, 4));
}

#[test]
fn step_6_checklist_follows_the_edits() {
    let mut s = seed();
    let a = index_of(&s, "A");
    s.apply(Action::Edit(Edit::SetApproved { index: a, approved: false }));
    let u = index_of(&s, "U");
    s.apply(Action::Edit(Edit::DeleteCard(u)));
    s.apply(Action::Edit(Edit::AddAgent("writer-v2".into())));
    assert!(!done(&s, 5));
    s.apply(Action::Edit(Edit::AddUser("zed".into())));
    assert!(done(&s, 5));
}

#[test]
fn check_my_work_on_an_unfinished_step_gives_a_hint() {
    let mut s = seed();
    // "Check my work" asks the lesson (from the memoised views), then
    // records the miss.
    assert!(!done(&s, 2));
    s.apply(Action::Ui(UiAction::Missed(2)));
    assert!(s.ui.missed.contains(&2));
}
