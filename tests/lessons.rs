//! The guided exercises check themselves against the policy's results.

use mixua_playground::derive::views::Computed;
use mixua_playground::derive::course::{self, graded_in, holds_now_in, items_in, milestones_in, newly_done_in, step_done_in};
use mixua_playground::store::lesson::Course;
use mixua_playground::derive::course::Lesson;
use mixua_playground::store::progress;
use mixua_playground::store::state::{Action, AppState, Doc, Mode, Ui, Edit, UiAction};
use mixua_policy::{Field, ViewerId};
use mixua_words::Lang;
use mixua_course::{Item, Text};

mod common;
use common::*;


/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

fn holds_now(step: usize, l: Lesson<'_>) -> bool {
    holds_now_in(step, l)
}

fn step_done(step: usize, l: Lesson<'_>) -> bool {
    step_done_in(step, l)
}

fn items(step: usize, l: Lesson<'_>, lang: Lang) -> Vec<Item> {
    items_in(step, l, lang)
}

fn newly_done(l: Lesson<'_>) -> Vec<usize> {
    newly_done_in(Course::One, 0, l)
}

/// Lesson 1's exercises: the crate's built-in pack.
fn steps() -> Vec<mixua_course::Exercise> {
    Course::One.builtin(Lang::En, two()).expect("a built-in pack").exercises
}

/// A viewer from its `user/agent` key.
fn vid(key: &str) -> ViewerId {
    ViewerId::parse_key(key).expect("a user/agent key")
}

fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

/// Whether a step's checks hold now, read as the app reads them.
fn done(state: &AppState, step: usize) -> bool {
    holds_now(step, lesson(state, &Computed::new(state.workspace())))
}

fn lesson<'a>(state: &'a AppState, computed: &'a Computed) -> Lesson<'a> {
    Lesson {
        pack: state.ui.pack(),
        doc: &state.doc,
        computed,
        revealed: state.ui.screen.mode == Mode::Predict { revealed: true },
        progress: &state.ui.progress,
        tick: None,
        cache: None,
        parts: state.ui.session.parts,
    }
}

/// What the app does after each render: remembers the milestones that
/// show and records the steps that hold.
fn record(state: &mut AppState) {
    let computed = Computed::new(state.workspace());
    let seen = milestones_in(lesson(state, &computed));
    let newly = newly_done(lesson(state, &computed));
    for key in seen {
        state.apply(UiAction::Seen(key));
    }
    state.apply(UiAction::StepsDone(newly));
}

#[test]
fn no_step_is_done_on_the_seed() {
    let s = seed();
    for step in 0..steps().len() {
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
fn a_wrong_answer_is_a_miss_not_a_hint_and_the_right_one_finishes_step_2() {
    let mut s = seed();
    s.apply(Action::Ui(UiAction::Answer { step: 1, option: 0, right: false }));
    assert!(s.ui.progress.missed.contains(&1));
    assert_eq!(s.ui.progress.hints_shown(1), 0, "a wrong answer unlocks no hint");
    assert!(!done(&s, 1));
    s.apply(Action::Ui(UiAction::Answer { step: 1, option: steps()[1].question.as_ref().unwrap().answer, right: true }));
    assert!(done(&s, 1));
}

#[test]
fn step_4_is_done_when_y_is_approved_and_answered() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true }));
    let c = Computed::new(s.workspace());
    assert!(items(3, lesson(&s, &c), Lang::En).iter().all(|i| i.done));
    assert!(!done(&s, 3), "the question is still open");
    s.apply(Action::Ui(UiAction::Answer { step: 3, option: steps()[3].question.as_ref().unwrap().answer, right: true }));
    assert!(done(&s, 3));
}

#[test]
fn step_5_needs_the_alarm_seen_then_undone() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::EditText { card: "X".into(), field: Field::Stream, value: "reusable".into() }));
    assert!(Computed::new(s.workspace()).four.leak_count() > 0);
    s.apply(Action::Ui(UiAction::Seen(progress::X_ALARM.into())));
    assert!(!done(&s, 4), "the alarm is still ringing");
    s.apply(Action::Undo);
    assert!(done(&s, 4));
}

/// Exercise 6's "Record both scorecards" button, as the app does it.
fn record_scores(state: &mut AppState) {
    let computed = Computed::new(state.workspace());
    let l = lesson(state, &computed);
    let (row, reference) = (course::record(l), course::reference(l));
    state.apply(UiAction::Record { row, reference });
}

#[test]
fn step_6_checklist_follows_the_edits_and_the_records() {
    let mut s = seed();
    record_scores(&mut s);
    s.apply(Action::Edit(Edit::SetApproved { card: "A".into(), approved: false }));
    record_scores(&mut s);
    s.apply(Action::Edit(Edit::DeleteCard("U".into())));
    record_scores(&mut s);
    s.apply(Action::Edit(Edit::AddAgent("writer-v2".into())));
    record_scores(&mut s);
    assert!(!done(&s, 5));
    s.apply(Action::Edit(Edit::AddUser("zed".into())));
    assert!(!done(&s, 5), "the last change is not recorded yet");
    record_scores(&mut s);
    assert!(done(&s, 5));
}

#[test]
fn exercise_6_records_both_scorecards_against_the_reference_fixed_before_the_changes() {
    let mut s = seed();
    record_scores(&mut s);
    s.apply(Action::Edit(Edit::SetApproved { card: "A".into(), approved: false }));
    record_scores(&mut s);
    s.apply(Action::Edit(Edit::DeleteCard("U".into())));
    // Old predictions do not move the reference.
    s.apply(Edit::TogglePrediction { viewer: vid("bob/checker-v1"), card: "P".into() });
    record_scores(&mut s);
    let rows: Vec<_> = s.ui.progress.records.iter().map(|r| (r.four.retrieved, r.four.expected, r.four.forbidden, r.global.retrieved, r.global.expected)).collect();
    assert_eq!(
        rows,
        [
            (11, 11, 0, 4, 11), // before: four scopes get everything, global only the four G
            (9, 11, 0, 4, 11),  // A revoked: its two writer-v1 viewers lose it
            (7, 11, 0, 4, 11),  // U deleted: alice's two cells lose it too
        ]
    );
    assert_eq!(s.ui.progress.records[1].changes, [true, false, false, false]);
    // The reference was recorded with the first row and stays.
    let reference = s.ui.progress.reference.clone().expect("recorded");
    assert!(reference[&vid("alice/checker-v1")].contains("U"));
}

#[test]
fn no_quiz_answer_is_the_longest_option() {
    for (n, step) in steps().iter().enumerate() {
        let Some(q) = &step.question else { continue };
        for lang in [Lang::ZhTw, Lang::En] {
            let len = |o: &Text| o.get(lang).chars().count();
            let right = len(&q.options[q.answer]);
            let longest = q.options.iter().map(len).max().unwrap();
            assert!(right < longest, "step {}: the right answer is the longest option ({lang:?})", n + 1);
        }
    }
    let answers: Vec<usize> = steps().iter().filter_map(|s| s.question.as_ref().map(|q| q.answer)).collect();
    assert!(answers.windows(2).all(|w| w[0] != w[1]), "the right answers sit at different places: {answers:?}");
}

#[test]
fn exercise_4_no_alarm_is_not_ticked_before_y_is_shared() {
    let s = seed();
    let c = Computed::new(s.workspace());
    assert!(items(3, lesson(&s, &c), Lang::En).iter().all(|i| !i.done));
}

#[test]
fn exercise_3_grades_only_carols_cells_and_exercise_1_only_the_seed_cells() {
    let mut s = seed();
    s.apply(Edit::AddUser("carol".into()));
    let carol = graded_in(&Course::One.builtin(Lang::En, two()).expect("a built-in pack"), 2, s.workspace()).expect("step 3 asks about cells");
    assert_eq!(carol.iter().map(|v| v.key()).collect::<Vec<_>>(), ["carol/checker-v1", "carol/writer-v1"]);
    let seed_cells = graded_in(&Course::One.builtin(Lang::En, two()).expect("a built-in pack"), 0, s.workspace()).expect("step 1 asks about cells");
    assert_eq!(seed_cells.len(), 4);
    assert!(!seed_cells.iter().any(|v| v.user == "carol"));
    assert_eq!(graded_in(&Course::One.builtin(Lang::En, two()).expect("a built-in pack"), 3, s.workspace()), None);
}

#[test]
fn exercise_3_asks_to_predict_before_adding_carol() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let task = steps()[2].task.en.clone();
    let predict = task.find("Predict, then reveal").unwrap();
    let add = task.find("add the user carol").unwrap();
    assert!(predict < add, "{task}");
}

#[test]
fn english_ui_starts_from_the_english_seed_and_the_chinese_seed_stays_the_fixture() {
    let en = Doc::seed_in(Lang::En);
    let zh = Doc::seed_in(Lang::ZhTw);
    assert_eq!(zh, Doc::seed());
    assert_eq!(en.workspace.query, "report");
    assert!(en.workspace.cards.iter().all(|c| c.lesson.is_ascii()), "every English card reads in English");
    let ids = |d: &Doc| d.workspace.cards.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&en), ids(&zh));
    // Same views, card for card.
    let (ce, cz) = (Computed::new(&en.workspace), Computed::new(&zh.workspace));
    assert_eq!(ce.four.views, cz.four.views);
}

#[test]
fn check_my_work_on_an_unfinished_step_records_a_miss_and_no_hint() {
    let mut s = seed();
    // "Check my work" asks the lesson (from the memoised views), then
    // records the miss; the panel lists what is missing, not a hint.
    assert!(!done(&s, 2));
    s.apply(Action::Ui(UiAction::Missed(2)));
    assert!(s.ui.progress.missed.contains(&2));
    assert_eq!(s.ui.progress.hints_shown(2), 0);
}

#[test]
fn a_finished_step_stays_done_when_later_steps_change_the_state() {
    let mut s = seed();
    let views = [("alice/writer-v1", "PUAG"), ("alice/checker-v1", "UG"), ("bob/writer-v1", "AGB"), ("bob/checker-v1", "GB")];
    for (viewer, ids) in views {
        for id in ids.chars() {
            s.apply(Edit::TogglePrediction { viewer: vid(viewer), card: id.to_string() });
        }
    }
    s.apply(UiAction::SetMode(Mode::Predict { revealed: true }));
    record(&mut s);
    assert!(s.ui.progress.done.contains(&0));
    // Leaving predict mode and approving Y: step 1's checks no longer hold,
    // but it was done and stays done.
    s.apply(UiAction::SetMode(Mode::Explore));
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    record(&mut s);
    let computed = Computed::new(s.workspace());
    assert!(!holds_now(0, lesson(&s, &computed)));
    assert!(step_done(0, lesson(&s, &computed)));
    // Step 4's checks (Y approved, everywhere, no alarm) hold now, and a
    // right answer finishes it.
    let answer = steps()[3].question.as_ref().unwrap().answer;
    s.apply(UiAction::Answer { step: 3, option: answer, right: true });
    record(&mut s);
    assert_eq!(s.ui.progress.done.iter().copied().collect::<Vec<_>>(), [0, 3]);
    // Undo is of the work, not of the progress.
    s.apply(Action::Undo);
    record(&mut s);
    assert!(s.ui.progress.done.contains(&3));
    s.apply(UiAction::ResetProgress);
    assert!(s.ui.progress.done.is_empty());
}

/// What the app does after each render for exercise 7: remembers that the
/// probe flagged Y while no canary alarm fired (the pack's milestone).
fn notice_reid(state: &mut AppState) {
    let computed = Computed::new(state.workspace());
    for key in milestones_in(lesson(state, &computed)) {
        state.apply(UiAction::Seen(key));
    }
}

#[test]
fn step_7_needs_the_probe_seen_then_y_rewritten_until_clean_and_still_shared() {
    for doc in [Doc::seed(), Doc::seed_in(Lang::En)] {
        let mut s = AppState::new(doc, Ui::default());
        let step = progress::REID_STEP;
        // Clean and rejected: nothing seen yet, so nothing ticks.
        notice_reid(&mut s);
        assert!(!s.ui.progress.seen.contains(progress::Y_REID));
        assert!(!done(&s, step));
        s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true }));
        notice_reid(&mut s);
        assert!(s.ui.progress.seen.contains(progress::Y_REID), "no alarm, yet alice is singled out");
        assert!(!done(&s, step), "Y still identifies her");
        // A rewrite that keeps one clue still names a fact of alice's.
        let one_clue = if s.workspace().query == "報告" { "報告:週二的人偏好藍色。" } else { "Report: someone on Tuesday likes blue." };
        s.apply(Action::Edit(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: one_clue.into() }));
        assert!(!done(&s, step), "Tuesday is alice's fact, and hers alone");
        let clean = if s.workspace().query == "報告" { "報告:偏好藍色。" } else { "Report: prefer blue." };
        s.apply(Action::Edit(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: clean.into() }));
        assert!(done(&s, step));
        // Clean but shared with nobody is not the lesson.
        s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: false }));
        assert!(!done(&s, step), "Y must still reach someone");
    }
}

#[test]
fn step_7_can_also_be_done_by_narrowing_y_to_alice_alone() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true }));
    notice_reid(&mut s);
    s.apply(Action::Edit(Edit::EditText { card: "Y".into(), field: Field::Scope, value: "PAIR".into() }));
    s.apply(Action::Edit(Edit::EditText { card: "Y".into(), field: Field::Stream, value: "protected".into() }));
    // Only alice reads it now, and she is never flagged for her own facts.
    assert!(done(&s, progress::REID_STEP));
    // Deleting Y instead reaches nobody.
    let mut s = seed();
    s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true }));
    notice_reid(&mut s);
    s.apply(Action::Edit(Edit::DeleteCard("Y".into())));
    assert!(!done(&s, progress::REID_STEP));
}

#[test]
fn the_hint_ladder_unlocks_one_hint_at_a_time_only_when_asked() {
    let mut s = seed();
    assert_eq!(s.ui.progress.hints_shown(3), 0);
    s.apply(UiAction::Missed(3));
    assert_eq!(s.ui.progress.hints_shown(3), 0, "a miss shows no hint");
    s.apply(UiAction::NextHint(3));
    assert_eq!(s.ui.progress.hints_shown(3), 1);
    s.apply(UiAction::NextHint(3));
    assert_eq!(s.ui.progress.hints_shown(3), 2);
    assert!(steps()[3].hints.len() >= 2, "exercise 4 has a second hint");
    s.apply(UiAction::ResetExercise(3));
    assert_eq!(s.ui.progress.hints_shown(3), 0);
    assert!(!s.ui.progress.missed.contains(&3));
}

#[test]
fn solved_after_the_solution_is_recorded_as_such_and_solved_before_is_not() {
    let mut s = seed();
    let solution = steps()[3].solution.clone().expect("exercise 4 has a solution");
    // What the panel does once confirmed: load it (an undoable edit), then
    // record that it was seen.
    let doc = Doc { workspace: std::rc::Rc::new(solution.workspace(Lang::En)), predictions: Default::default() };
    s.apply(Edit::Load { doc, source: "the solution".into() });
    s.apply(UiAction::SolutionSeen(3));
    s.apply(UiAction::Answer { step: 3, option: steps()[3].question.as_ref().unwrap().answer, right: true });
    record(&mut s);
    assert!(s.ui.progress.done.contains(&3));
    assert!(s.ui.progress.assisted.contains(&3), "solved with the solution");
    // Seeing it after solving changes nothing of the mark.
    let mut t = seed();
    t.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    t.apply(UiAction::Answer { step: 3, option: steps()[3].question.as_ref().unwrap().answer, right: true });
    record(&mut t);
    t.apply(UiAction::SolutionSeen(3));
    record(&mut t);
    assert!(t.ui.progress.done.contains(&3) && !t.ui.progress.assisted.contains(&3));
    // Undo brings the work from before the solution back.
    s.apply(Action::Undo);
    assert!(!s.workspace().cards.iter().find(|c| c.id == "Y").unwrap().share_approved);
}

#[test]
fn the_result_code_the_app_writes_reads_back_in_the_crate() {
    let mut s = seed();
    let views = [("alice/writer-v1", "PUAG"), ("alice/checker-v1", "UG"), ("bob/writer-v1", "AGB"), ("bob/checker-v1", "GX")];
    for (viewer, ids) in views {
        for id in ids.chars() {
            s.apply(Edit::TogglePrediction { viewer: vid(viewer), card: id.to_string() });
        }
    }
    s.apply(UiAction::SetMode(Mode::Predict { revealed: true }));
    s.apply(UiAction::Missed(0));
    s.apply(UiAction::NextHint(0));
    s.apply(UiAction::NextHint(0));
    record(&mut s);
    let computed = Computed::new(s.workspace());
    let code = course::result_code(lesson(&s, &computed), "Mei");
    let pack = Course::One.builtin(Lang::En, two()).expect("a built-in pack");
    let read = mixua_course::decode_for(&code, &pack).expect("the crate reads the app's code");
    assert_eq!(read.name, "Mei");
    assert_eq!(read.exercises.len(), 7);
    let first = &read.exercises[0];
    assert_eq!(first.solved, mixua_course::Solved::Not);
    assert_eq!(first.hints, 2);
    use mixua_course::CellMark::{Right, Wrong};
    // Cells in chart order: alice/writer-v1, alice/checker-v1, bob/writer-v1, bob/checker-v1.
    assert_eq!(first.cells, [Right, Right, Right, Wrong]);
}

#[test]
fn progress_saved_with_the_old_flags_opens_with_the_milestones_as_keys() {
    let old: progress::Progress = serde_json::from_str(r#"{"done":[4],"x_alarm_seen":true,"y_reid_seen":true}"#).unwrap();
    let new = old.migrated();
    assert!(new.seen.contains(progress::X_ALARM) && new.seen.contains(progress::Y_REID));
    assert!(!new.x_alarm_seen && !new.y_reid_seen);
    let text = serde_json::to_string(&new).unwrap();
    assert!(!text.contains("x_alarm_seen"), "{text}");
}

/// A teacher's pack (here lesson 1's exercises, handed over as a pack link
/// does): each exercise starts from its own state, so a step that happens to
/// hold is recorded only while it is the one being worked on; the built-in
/// lessons record any step that holds.
#[test]
fn a_teachers_pack_records_only_the_step_being_worked_on() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true }));
    s.apply(Action::Ui(UiAction::Answer { step: 3, option: steps()[3].question.as_ref().unwrap().answer, right: true }));
    let c = Computed::new(s.workspace());
    // Lesson 1 records exercise 4 whichever step is shown.
    assert!(newly_done_in(Course::One, 0, lesson(&s, &c)).contains(&3));
    // The same exercises as a teacher's pack, which the state holds: only
    // while exercise 4 is shown.
    let teachers = std::rc::Rc::new(Course::One.builtin(Lang::En, two()).expect("a built-in pack"));
    s.ui.session.course = Course::Pack;
    s.ui.session.teachers_pack = Some(teachers.clone());
    assert!(!newly_done_in(Course::Pack, 0, lesson(&s, &c)).contains(&3));
    assert_eq!(newly_done_in(Course::Pack, 3, lesson(&s, &c)), vec![3]);
    // The pack the course runs is the one the state holds.
    assert!(std::ptr::eq(s.ui.pack(), &*teachers));
}

/// The built-in packs are data the state holds (`Ui::packs`), no global:
/// each is read once per lesson and language and kept by the states the
/// reducer makes from it, and it is the crate's pack for that lesson and
/// language.
#[test]
fn the_built_in_packs_are_the_states_own_read_once() {
    use std::rc::Rc;
    let mut s = seed();
    s.ui.session.lang = Lang::En;
    let first = s.ui.shared_pack().clone();
    assert_eq!(*first, Course::One.builtin(Lang::En, two()).expect("a built-in pack"));
    s.apply(Action::Ui(UiAction::LessonStep(2)));
    assert!(Rc::ptr_eq(s.ui.shared_pack(), &first), "the same pack after a step, not read again");
    // Another language or lesson is another pack, each kept once read.
    s.ui.session.lang = Lang::ZhTw;
    let zh = s.ui.shared_pack().clone();
    assert_eq!(*zh, Course::One.builtin(Lang::ZhTw, two()).expect("a built-in pack"));
    assert_ne!(*zh, *first);
    s.ui.session.course = Course::Two;
    // Lesson 2's pack is in a part: a state that has not been handed its
    // functions has none of its exercises (never another lesson's), and
    // has them once the root hands them in (`UiAction::PartsIn`).
    assert_eq!(s.ui.session.parts, Default::default());
    assert!(s.ui.pack().exercises.is_empty(), "no exercises before the part is in");
    assert_eq!(Course::Two.builtin(Lang::ZhTw, None), None);
    assert!(s.apply(Action::Ui(UiAction::PartsIn(parts()))));
    assert!(!s.apply(Action::Ui(UiAction::PartsIn(parts()))), "handed in twice: nothing changes");
    assert_eq!(s.ui.pack(), &Course::Two.builtin(Lang::ZhTw, two()).expect("a built-in pack"));
    s.ui.session.course = Course::One;
    assert!(Rc::ptr_eq(s.ui.shared_pack(), &zh));
    // A state of its own reads its own: nothing passes between states but
    // through the state.
    let mut other = seed();
    other.ui.session.lang = Lang::En;
    assert!(!Rc::ptr_eq(other.ui.shared_pack(), &first));
    assert_eq!(other.ui.shared_pack(), &first);
}

/// The predicted cells of a step are recorded as first revealed, once; a
/// reset of the step forgets them; a step that grades no prediction has none.
#[test]
fn a_steps_cells_are_kept_as_first_revealed() {
    use mixua_course::CellMark;
    let mut s = seed();
    for (viewer, ids) in [("alice/writer-v1", "PUAG"), ("alice/checker-v1", "UG"), ("bob/writer-v1", "AGB"), ("bob/checker-v1", "GBA")] {
        for id in ids.chars() {
            s.apply(Action::Edit(Edit::TogglePrediction { viewer: ViewerId::parse_key(viewer).unwrap(), card: id.to_string() }));
        }
    }
    let c = Computed::new(s.workspace());
    // Not revealed yet: nothing to keep.
    assert_eq!(course::first_reveal_in(0, lesson(&s, &c)), None);
    s.ui.screen.mode = Mode::Predict { revealed: true };
    let (step, marks) = course::first_reveal_in(0, lesson(&s, &c)).expect("marks on the first reveal");
    assert_eq!(step, 0);
    assert_eq!(marks.iter().filter(|m| **m == CellMark::Wrong).count(), 1, "{marks:?}");
    s.apply(Action::Ui(UiAction::FirstMarks { step, marks: marks.clone() }));
    // Kept once: a later reveal does not replace them.
    assert_eq!(course::first_reveal_in(0, lesson(&s, &c)), None);
    s.apply(Action::Ui(UiAction::FirstMarks { step, marks: vec![CellMark::Right; 4] }));
    assert_eq!(s.ui.progress.first_marks.get(&0), Some(&marks));
    // Exercise 2 grades no prediction.
    assert_eq!(course::first_reveal_in(1, lesson(&s, &c)), None);
    s.apply(Action::Ui(UiAction::ResetExercise(0)));
    assert!(s.ui.progress.first_marks.is_empty());
}

/// The root evaluates every check once per revision (`derive::Checks`);
/// it must say what each check said on its own, step by step, in both
/// lessons and as the work changes.
#[test]
fn checks_evaluated_once_agree_with_each_check() {
    use mixua_playground::derive::checks::Checks;
    let agree = |state: &AppState, course: Course| {
        let computed = Computed::new(state.workspace());
        let l = lesson(state, &computed);
        for step in 0..course.exercise_count(two()) {
            for lang in [Lang::En, Lang::ZhTw] {
                let checks = Checks::of(course, step, l, lang);
                let each: Vec<bool> = (0..course.exercise_count(two())).map(|n| step_done_in(n, l)).collect();
                assert_eq!(checks.done, each, "done, step {step}");
                assert_eq!(checks.items, items_in(step, l, lang), "items, step {step}");
                assert_eq!(checks.newly, newly_done_in(course, step, l), "newly done, step {step}");
                assert_eq!(checks.seen, milestones_in(l), "milestones, step {step}");
                assert_eq!(checks.first, course::first_reveal_in(step, l), "first reveal, step {step}");
            }
        }
    };
    let mut s = seed();
    agree(&s, Course::One);
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    s.apply(Action::Ui(UiAction::SetMode(Mode::Predict { revealed: true })));
    agree(&s, Course::One);
    s.apply(Action::Ui(UiAction::StepsDone(vec![0, 2])));
    agree(&s, Course::One);
    agree(&s, Course::Pack);
    let two = AppState::new(
        Doc { workspace: std::rc::Rc::new(mixua_course::lesson_two_workspace(Lang::En)), ..Doc::default() },
        Ui::new(Course::Two, Lang::En, parts()),
    );
    agree(&two, Course::Two);
}

/// Every exercise of lesson 1 solved in order in one work, each as its
/// hints say: each step's checks hold from where the step before ended,
/// and the app records it done then (issue 50: exercises that chain).
#[test]
fn all_seven_exercises_solved_in_order_in_one_work() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    for lang in [Lang::ZhTw, Lang::En] {
        let mut s = AppState::new(Doc::seed_in(lang), Ui::new(Default::default(), lang, parts()));
        let solved = |s: &mut AppState, step: usize| {
            record(s);
            assert!(done(s, step), "{lang:?}: exercise {} holds once solved in order", step + 1);
            assert!(s.ui.progress.done.contains(&step), "{lang:?}: exercise {} is recorded", step + 1);
        };
        let answer = |s: &mut AppState, step: usize| {
            let option = steps()[step].question.as_ref().expect("a question").answer;
            s.apply(UiAction::Answer { step, option, right: true });
        };
        // 1: predict the four cells, then reveal.
        s.apply(UiAction::SetMode(Mode::Predict { revealed: false }));
        let views = [("alice/writer-v1", "PUAG"), ("alice/checker-v1", "UG"), ("bob/writer-v1", "AGB"), ("bob/checker-v1", "GB")];
        for (viewer, ids) in views {
            for id in ids.chars() {
                s.apply(Edit::TogglePrediction { viewer: vid(viewer), card: id.to_string() });
            }
        }
        s.apply(UiAction::SetMode(Mode::Predict { revealed: true }));
        solved(&mut s, 0);
        // 2: the question.
        s.apply(UiAction::SetMode(Mode::Explore));
        answer(&mut s, 1);
        solved(&mut s, 1);
        // 3: predict first, then add carol and her USER card, then reveal.
        s.apply(UiAction::SetMode(Mode::Predict { revealed: false }));
        s.apply(Edit::AddUser("carol".into()));
        s.apply(Edit::AddCard);
        let n = s.workspace().cards.len() - 1;
        s.apply(Edit::EditText { card: s.workspace().cards[n].id.clone(), field: Field::OwnerUser, value: "carol".into() });
        for (viewer, ids) in [("carol/writer-v1", ["A", "G"]), ("carol/checker-v1", ["G", ""])] {
            for id in ids.into_iter().filter(|i| !i.is_empty()).map(String::from).chain([s.workspace().cards[n].id.clone()]) {
                s.apply(Edit::TogglePrediction { viewer: vid(viewer), card: id });
            }
        }
        s.apply(UiAction::SetMode(Mode::Predict { revealed: true }));
        solved(&mut s, 2);
        s.apply(UiAction::SetMode(Mode::Explore));
        // 4: approve Y, answer.
        s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
        answer(&mut s, 3);
        solved(&mut s, 3);
        // 5: X reusable, the alarm seen, then Undo.
        s.apply(Edit::EditText { card: "X".into(), field: Field::Stream, value: "reusable".into() });
        record(&mut s);
        s.apply(Action::Undo);
        solved(&mut s, 4);
        // 6: the four changes, the scorecards recorded before and after each.
        record_scores(&mut s);
        s.apply(Edit::SetApproved { card: "A".into(), approved: false });
        record_scores(&mut s);
        s.apply(Edit::DeleteCard("U".into()));
        record_scores(&mut s);
        s.apply(Edit::AddAgent("writer-v2".into()));
        record_scores(&mut s);
        s.apply(Edit::AddUser("zed".into()));
        record_scores(&mut s);
        solved(&mut s, 5);
        // 7: Y has been approved since exercise 4, as the task now says: the
        // probe's mark was seen then; rewrite Y's lesson as the hint says.
        assert!(s.ui.progress.seen.contains(progress::Y_REID), "{lang:?}: the probe singled alice out once Y was approved");
        let task = steps()[progress::REID_STEP].task.en.clone();
        assert!(task.starts_with("Y has had sharing approved since exercise 4"), "{task}");
        let clean = if s.workspace().query == "報告" { "報告:偏好藍色。" } else { "Report: prefer blue." };
        s.apply(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: clean.into() });
        solved(&mut s, 6);
        assert_eq!(s.ui.progress.done.len(), 7);
    }
}

/// Exercise 6 names as many scorecards as the panel shows (three: should
/// see, forbidden, re-identification).
#[test]
fn exercise_6_names_the_scorecards_the_panel_shows() {
    let e = &steps()[5];
    assert!(!has(Lang::En) || e.task.en.contains("three scorecards"), "{:?}", e.task);
    assert!(!has(Lang::ZhTw) || e.task.zh.contains("三張成績單"), "{:?}", e.task);
    assert!(!e.task.en.contains("two scorecards") && !e.task.zh.contains("兩張成績單"));
}
