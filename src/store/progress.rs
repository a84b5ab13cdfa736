//! What the learner has done in a lesson's exercises (`Progress`, saved
//! with the work) and what the checks read (`Lesson`). The exercises
//! themselves are data: the policy crate's built-in packs, evaluated by
//! the crate (see `derive/course.rs`).

use std::collections::{BTreeMap, BTreeSet};

use mixua_course::{Milestone, RefusalSeen};
use serde::{Deserialize, Serialize};

use crate::store::work::Predictions;

/// What the learner has done in the exercises: saved with the work, so a
/// finished step stays finished whatever later steps change.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Steps whose checks all held at some point (recorded when it happened).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub done: BTreeSet<usize>,
    /// Question answers: step → chosen option.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub answers: BTreeMap<usize, usize>,
    /// Steps where "Check my work" or an answer went wrong: the panel lists
    /// what is still missing (a hint is shown only when asked for).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub missed: BTreeSet<usize>,
    /// Read from works saved before milestones were keys: exercise 5's
    /// "the alarm X causes was seen" (now the key `x-alarm` in `seen`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub x_alarm_seen: bool,
    /// The same for exercise 7's "the probe singled out alice" (`y-reid`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub y_reid_seen: bool,
    /// Exercise 6: what each viewer should see, recorded (the four-scope
    /// answer, by card id) with the first record, before any change; the
    /// scorecards that follow are measured against it, so it never moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<Predictions>,
    /// Exercise 6: both scorecards, recorded before and after each change.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<Record>,
    /// Lesson 2: the acts the write path refused (an exercise may ask for a
    /// refusal to be seen); works saved before kept each as the string
    /// `act:card:actor:reason`, still read.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub refused: BTreeSet<RefusalSeen>,
    /// The milestones an exercise asks to have been seen once (the pack's
    /// `Check::Once` keys: `x-alarm`, `y-reid`, `tombstone:U`, `cache-leak`,
    /// `stale:A`, …).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub seen: BTreeSet<Milestone>,
    /// The hint ladder: exercise → hints unlocked.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub hints: BTreeMap<usize, usize>,
    /// Exercises whose solution the learner has seen.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub solution: BTreeSet<usize>,
    /// Exercises solved after their solution was seen.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub assisted: BTreeSet<usize>,
    /// The predicted cells as first revealed, per exercise that grades
    /// predictions (what the result code reports: the first try, not the
    /// cells put right afterwards).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub first_marks: BTreeMap<usize, Vec<mixua_course::CellMark>>,
}

impl Progress {
    /// Progress as saved by an earlier version: the two milestones that
    /// were flags become keys.
    pub fn migrated(mut self) -> Progress {
        if std::mem::take(&mut self.x_alarm_seen) {
            self.seen.insert(X_ALARM.into());
        }
        if std::mem::take(&mut self.y_reid_seen) {
            self.seen.insert(Y_REID.into());
        }
        self
    }

    /// Hints shown for an exercise: only those the learner asked for. A
    /// failed check or a wrong answer shows what is missing instead, so the
    /// marks and the result code count only hints asked for.
    pub fn hints_shown(&self, step: usize) -> usize {
        self.hints.get(&step).copied().unwrap_or(0)
    }

    /// Forgets one exercise: solved, answers, misses, hints, solution.
    pub fn reset(&mut self, step: usize) {
        self.done.remove(&step);
        self.answers.remove(&step);
        self.missed.remove(&step);
        self.hints.remove(&step);
        self.solution.remove(&step);
        self.assisted.remove(&step);
        self.first_marks.remove(&step);
    }
}

/// Exercise 5's milestone: the leak alarm X causes was seen.
pub const X_ALARM: &str = "x-alarm";
/// Exercise 7's milestone: approved, Y was flagged by the probe in another
/// user's cell while no canary alarm fired.
pub const Y_REID: &str = "y-reid";


/// One row of exercise 6's record: which of the step's changes were made,
/// and both scorecards of two policies at that moment.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Record {
    /// The step's four changes, in checklist order: made or not.
    pub changes: Vec<bool>,
    pub four: Tally,
    pub global: Tally,
}

/// Both scorecards as numbers: should-see retrieved (of expected) and
/// forbidden appeared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    pub retrieved: usize,
    pub expected: usize,
    pub forbidden: usize,
}

/// The step whose panel shows both scorecards (lesson 2: revoke, then
/// clean).
pub const SCORE_STEP: usize = 5;

/// The step whose record table this is (exercise 6).
pub const RECORD_STEP: usize = 5;

/// The step of the re-identification exercise (exercise 7).
pub const REID_STEP: usize = 6;
