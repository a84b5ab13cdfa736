//! Which lesson a work belongs to, and the lesson functions that work for
//! either: lesson 1 (`lessons`) or lesson 2 (`lesson_two`).

use mixua_policy::Lang;
use serde::{Deserialize, Serialize};

use crate::lessons::{Item, Lesson, Step};

/// Which lesson a work belongs to: the seating chart (lesson 1), or memory
/// over time (lesson 2, on its own workspace with a clock and a log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Course {
    #[default]
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
}

impl Course {
    /// `?lesson=N`.
    pub fn parse(text: &str) -> Option<Course> {
        match text.trim() {
            "1" => Some(Course::One),
            "2" => Some(Course::Two),
            _ => None,
        }
    }

    pub fn number(self) -> usize {
        match self {
            Course::One => 1,
            Course::Two => 2,
        }
    }

    /// The lesson's steps.
    pub fn steps(self) -> &'static [Step] {
        match self {
            Course::One => crate::lessons::STEPS,
            Course::Two => crate::lesson_two::STEPS,
        }
    }
}

/// The items of a step of either lesson.
pub fn items_in(course: Course, step: usize, lesson: Lesson<'_>, lang: Lang) -> Vec<Item> {
    match course {
        Course::One => crate::lessons::items(step, lesson, lang),
        Course::Two => crate::lesson_two::items(step, lesson, lang),
    }
}

/// `lessons::holds_now` for either lesson.
pub fn holds_now_in(course: Course, step: usize, lesson: Lesson<'_>) -> bool {
    let items_ok = items_in(course, step, lesson, Lang::En).iter().all(|i| i.done);
    let answer_ok = match course.steps().get(step).and_then(|s| s.question.as_ref()) {
        Some(q) => lesson.progress.answers.get(&step) == Some(&q.answer),
        None => true,
    };
    items_ok && answer_ok
}

/// `lessons::step_done` for either lesson.
pub fn step_done_in(course: Course, step: usize, lesson: Lesson<'_>) -> bool {
    lesson.progress.done.contains(&step) || holds_now_in(course, step, lesson)
}

/// `lessons::newly_done` for either lesson.
pub fn newly_done_in(course: Course, lesson: Lesson<'_>) -> Vec<usize> {
    (0..course.steps().len()).filter(|s| !lesson.progress.done.contains(s) && holds_now_in(course, *s, lesson)).collect()
}
