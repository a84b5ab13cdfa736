//! The lesson's checks: every check is the crate's (`Exercise::holds`,
//! `items`, `milestones`), run on one `Facts` of the work, the memoised
//! views and the learner's progress. Which lesson a work is, and its pack,
//! are the store's (`crate::store::lesson`).

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use mixua_course::{Exercise, Facts, Item, Learner, Pack, Views};

use crate::store::work::Predictions;
use crate::derive::views::Computed;
use crate::store::progress::{Progress, Record, RECORD_STEP};
use crate::store::work::Doc;
use crate::store::lesson::*;

/// What the checks read: the lesson's pack, the work, its memoised views,
/// whether the predictions are revealed, the progress so far, and the earlier tick
/// looked at (lesson 2's timeline; `None`: now).
#[derive(Clone, Copy)]
pub struct Lesson<'a> {
    /// The lesson's pack (`Ui::pack`): a built-in lesson's, or the
    /// teacher's.
    pub pack: &'a mixua_course::Pack,
    pub doc: &'a Doc,
    pub computed: &'a Computed,
    pub revealed: bool,
    pub progress: &'a Progress,
    pub tick: Option<u64>,
    /// The work's cache replay, when the root has made it (else a check
    /// that reads the cache replays it).
    pub cache: Option<&'a mixua_policy::CacheReplay<'a>>,
    /// What of the course is in a part (`UiSession::parts`).
    pub parts: CourseParts,
}

/// Runs `f` with the facts the crate's checks read.
pub fn with_facts<T>(lesson: Lesson<'_>, f: impl FnOnce(&Facts<'_>) -> T) -> T {
    let c = lesson.computed;
    let records: Vec<Vec<bool>> = lesson.progress.records.iter().map(|r| r.changes.clone()).collect();
    let views = Views { viewers: &c.viewers, views: &c.four.views, leaks: &c.four.leaks, forbidden: &c.four.forbidden, reid: &c.reid };
    let p = lesson.progress;
    let learner = Learner {
        predictions: &lesson.doc.predictions,
        revealed: lesson.revealed,
        answers: &p.answers,
        seen: &p.seen,
        refused: &p.refused,
        records: &records,
        tick: lesson.tick,
    };
    // The cache replay is the one the views made (`memos::use_views`, for a
    // lesson that reads it), never made here.
    // What of the course is in a part, as the state has it: lesson 2's
    // start (a result code's cells; without it, an empty start) and the
    // teacher's goal "make all assertions pass" (without it, not judged:
    // it does not hold yet, and the next derivation judges it).
    let mut facts = Facts::of(&lesson.doc.workspace, views, learner);
    if let Some(two) = lesson.parts.lesson_two {
        facts = facts.with_lesson_two(two.start);
    }
    if let Some(judge) = lesson.parts.all_hold {
        facts = facts.with_assertions(judge);
    }
    f(&match lesson.cache {
        Some(replayed) => facts.with_cache(replayed),
        None => facts,
    })
}

fn exercise_of(pack: &Pack, step: usize) -> Option<&Exercise> {
    pack.exercises.get(step)
}

/// The items of a step, checked now, in `lang`.
pub fn items_in(step: usize, lesson: Lesson<'_>, lang: Lang) -> Vec<Item> {
    match exercise_of(lesson.pack, step) {
        Some(e) => with_facts(lesson, |f| mixua_course::items(e, f, lang)),
        None => Vec::new(),
    }
}

/// Whether all of a step's items hold now and its question, if any, is
/// answered right.
pub fn holds_now_in(step: usize, lesson: Lesson<'_>) -> bool {
    exercise_of(lesson.pack, step).is_some_and(|e| with_facts(lesson, |f| e.holds(step, f)))
}

/// A step is done once it has held: done stays done, whatever later steps
/// change (recorded in `Progress::done`).
pub fn step_done_in(step: usize, lesson: Lesson<'_>) -> bool {
    mixua_course::solving::is_done(&lesson.progress.done, step, holds_now_in(step, lesson))
}

/// Steps that hold now but are not recorded yet: the app records them.
pub fn newly_done_in(course: Course, step: usize, lesson: Lesson<'_>) -> Vec<usize> {
    with_facts(lesson, |f| lesson.pack.newly_done(&lesson.progress.done, course.only_step(step), f))
}

/// The milestones that hold now and are not remembered yet: the app
/// remembers them.
pub fn milestones_in(lesson: Lesson<'_>) -> Vec<mixua_course::Milestone> {
    with_facts(lesson, |f| lesson.pack.milestones(f))
}

/// The step's predicted cells, marked, the first time they are revealed
/// (`None` once recorded, when not revealed, or when the step grades no
/// prediction): the app records them.
pub fn first_reveal_in(step: usize, lesson: Lesson<'_>) -> Option<(usize, Vec<mixua_course::CellMark>)> {
    if !lesson.revealed || lesson.progress.first_marks.contains_key(&step) {
        return None;
    }
    let exercise = exercise_of(lesson.pack, step)?;
    let marks = with_facts(lesson, |f| mixua_course::cell_marks(exercise, f));
    (!marks.is_empty()).then_some((step, marks))
}

/// The cells a step asks the learner to predict: only they are graded on
/// reveal (`None`: every cell, outside the prediction steps).
pub fn graded_in(pack: &Pack, step: usize, ws: &Workspace) -> Option<BTreeSet<ViewerId>> {
    pack.exercises.get(step)?.graded_cells(ws)
}

/// A result code as the lesson panel shows it: the code, and why the
/// name was left out of it, if it was (a name with a hidden character
/// would be refused by whoever reads the code).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultCode {
    pub code: String,
    pub left_out: Option<mixua_policy::NameError>,
}

/// The result code of a lesson with a name (in the part the first screen
/// does not carry: [`result_code_with`] is reached only through it).
pub type CodeOf = fn(Lesson<'_>, &str) -> ResultCode;

/// The result code as the panel shows it: the name is left out when the
/// crate would refuse it.
pub fn result_code_with(lesson: Lesson<'_>, name: &str) -> ResultCode {
    let left_out = mixua_policy::check_visible(name).err();
    let code = result_code(lesson, if left_out.is_some() { "" } else { name });
    ResultCode { code, left_out }
}

/// The learner's result code for the lesson's pack, with a name.
pub fn result_code(lesson: Lesson<'_>, name: &str) -> String {
    let pack = lesson.pack;
    let p = lesson.progress;
    let exercises = with_facts(lesson, |f| {
        pack.exercises
            .iter()
            .enumerate()
            .map(|(n, e)| {
                let done = mixua_course::solving::is_done(&p.done, n, e.holds(n, f));
                let first = p.first_marks.get(&n).map(Vec::as_slice);
                mixua_course::exercise_result(e, done, p.assisted.contains(&n), p.hints_shown(n), p.solution.contains(&n), first, f)
            })
            .collect()
    });
    mixua_course::encode(&mixua_course::Results { pack: pack.id.clone(), version: pack.version, name: name.to_string(), exercises })
}

/// The reference exercise 6 measures against: the recorded one, else the
/// four-scope answer now (recorded with the first row).
pub fn reference(lesson: Lesson<'_>) -> Predictions {
    lesson.progress.reference.clone().unwrap_or_else(|| lesson.computed.snapshot(&lesson.doc.workspace))
}

/// A new row of exercise 6's record, measured against [`reference`]: which
/// of its four changes are made (its first four items), and both scorecards.
pub fn record(lesson: Lesson<'_>) -> Record {
    let reference = crate::derive::views::Reference::Snapshot(Rc::new(reference(lesson)));
    let ws = &*lesson.doc.workspace;
    let changes = items_in(RECORD_STEP, lesson, Lang::En).iter().take(4).map(|i| i.done).collect();
    Record {
        changes,
        four: lesson.computed.score(ws, &reference, mixua_policy::Policy::FourScope).into(),
        global: lesson.computed.score(ws, &reference, mixua_policy::Policy::GlobalOnly).into(),
    }
}
