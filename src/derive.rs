//! What the lesson panel and the root read of the lesson's checks, worked
//! out once per (work, views, progress, reveal, tick, step, language) in one
//! place (the root's memo), never in render. Every answer is the crate's:
//! one `Facts` is built and every exercise of the pack is evaluated against
//! it once, so the cache replay and the log's texts that lesson 2's checks
//! read are made once too, however many exercises ask.

use mixua_words::Lang;
use mixua_course::{solving, CellMark, Item};

use crate::course::{with_facts, Course};
use crate::lessons::{Lesson, RECORD_STEP};

/// The lesson's checks, evaluated once.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Checks {
    /// Per step: done (recorded in the progress, or holding now).
    pub done: Vec<bool>,
    /// The shown step's items, in the learner's language.
    pub items: Vec<Item>,
    /// Lesson 1's record step: its items (which of its changes are made),
    /// when that step is shown.
    pub record_items: Vec<Item>,
    /// Steps that hold now and are not recorded yet: the root records them.
    pub newly: Vec<usize>,
    /// Milestones that hold now and are not remembered yet.
    pub seen: Vec<mixua_course::Milestone>,
    /// The shown step's predicted cells as first revealed, when they are to
    /// be recorded now.
    pub first: Option<(usize, Vec<CellMark>)>,
}

impl Checks {
    /// Every check of the lesson's pack, against one `Facts`.
    pub fn of(course: Course, step: usize, lesson: Lesson<'_>, lang: Lang) -> Checks {
        let pack = lesson.pack;
        let step = step.min(pack.exercises.len().saturating_sub(1));
        let progress = lesson.progress;
        with_facts(lesson, |f| {
            let holds: Vec<bool> = pack.exercises.iter().enumerate().map(|(n, e)| e.holds(n, f)).collect();
            let done = holds.iter().enumerate().map(|(n, &h)| solving::is_done(&progress.done, n, h)).collect();
            let newly = solving::newly_solved(&holds, &progress.done, course.only_step(step));
            let items = pack.exercises.get(step).map(|e| mixua_course::items(e, f, lang)).unwrap_or_default();
            let record_items = if course == Course::One && step == RECORD_STEP { items.clone() } else { Vec::new() };
            let first = (lesson.revealed && !progress.first_marks.contains_key(&step))
                .then(|| pack.exercises.get(step).map(|e| mixua_course::cell_marks(e, f)))
                .flatten()
                .filter(|marks| !marks.is_empty())
                .map(|marks| (step, marks));
            Checks { done, items, record_items, newly, seen: pack.milestones(f), first }
        })
    }
}
