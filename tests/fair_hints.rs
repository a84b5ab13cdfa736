//! Fair hints: a failed "Check my work" and a wrong answer unlock no hint,
//! so the learner's marks, the result code and the class view (which reads
//! the code, as `mixua grade` does) count only the hints asked for.
//!
//! The code the app makes here is kept in
//! `crates/mixua-cli/tests/codes/fair-hints.txt`, which the CLI's
//! `fair_hints` test grades: the two ends of the loop read the same bytes.

use mixua_playground::derive::views::Computed;
use mixua_playground::derive::course;
use mixua_playground::store::lesson::Course;
use mixua_playground::derive::course::Lesson;
use mixua_playground::store::state::{AppState, Doc, Ui, UiAction};
use mixua_words::Lang;

mod common;
use common::*;


/// The code a student makes who pressed Check on exercise 1 with nothing
/// done, answered exercise 2 wrong and asked for one hint there, and asked
/// for more hints on exercise 4 than its ladder holds.
fn student_code() -> (AppState, String) {
    let mut s = AppState::new(Doc::seed(), Ui::default());
    s.apply(UiAction::Missed(0));
    s.apply(UiAction::Answer { step: 1, option: 0, right: false });
    s.apply(UiAction::NextHint(1));
    for _ in 0..5 {
        s.apply(UiAction::NextHint(3));
    }
    let computed = Computed::new(s.workspace());
    let lesson = Lesson { pack: s.ui.pack(), doc: &s.doc, computed: &computed, revealed: false, progress: &s.ui.progress, tick: None, cache: None, parts: parts() };
    let code = course::result_code(lesson, "Lin");
    (s, code)
}

#[test]
fn a_failed_check_and_a_wrong_answer_count_no_hint_in_the_marks_or_the_code() {
    let (s, code) = student_code();
    let p = &s.ui.progress;
    assert_eq!(p.hints_shown(0), 0, "Check my work unlocked a hint");
    assert_eq!(p.hints_shown(1), 1, "the one hint asked for");
    let read = mixua_course::decode_for(&code, &Course::One.builtin(Lang::En, two()).expect("a built-in pack")).expect("the crate reads the app's code");
    let hints: Vec<u8> = read.exercises.iter().map(|e| e.hints).collect();
    let ladder = Course::One.builtin(Lang::En, two()).expect("a built-in pack").exercises[3].hints.len() as u8;
    assert_eq!(hints, [0, 1, 0, ladder, 0, 0, 0], "the code counts the hints asked for, at most the ladder");
}

#[test]
fn the_graded_fixture_is_the_code_the_app_makes() {
    let (_, code) = student_code();
    let kept = include_str!("../crates/mixua-cli/tests/codes/fair-hints.txt");
    assert_eq!(kept.trim(), code, "regenerate the fixture from this test's code if the code format changed on purpose");
}
