//! The learner's record of solved steps and its rules, written once: a
//! step is done once it has held, whatever later steps change ("done stays
//! done"); a step solved after its solution was seen is solved with the
//! solution ("assisted", what the result code reports); and which steps
//! that hold now are recorded.

use std::collections::BTreeSet;

/// Whether a step is done: recorded as done, or holding now. A step once
/// recorded stays done whatever later steps change in the work.
pub fn is_done(recorded: &BTreeSet<usize>, step: usize, holds_now: bool) -> bool {
    holds_now || recorded.contains(&step)
}

/// Records a step as solved; one whose solution was seen before is also
/// recorded as solved with the solution (`assisted`). Whether the step was
/// new to the record.
pub fn record_solved(done: &mut BTreeSet<usize>, assisted: &mut BTreeSet<usize>, solution_seen: &BTreeSet<usize>, step: usize) -> bool {
    if !done.insert(step) {
        return false;
    }
    if solution_seen.contains(&step) {
        assisted.insert(step);
    }
    true
}

/// The steps to record now: those that hold and are not recorded yet. When
/// each step starts from a state of its own (a teacher's pack), only the
/// step being worked on (`only`) counts, since another may hold by chance
/// in this one's state; the built-in lessons run on one continuing work, so
/// any step that holds is solved.
pub fn newly_solved(holds: &[bool], recorded: &BTreeSet<usize>, only: Option<usize>) -> Vec<usize> {
    (0..holds.len()).filter(|&n| holds[n] && !recorded.contains(&n) && only.is_none_or(|s| s == n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn done_stays_done_and_a_step_solved_after_its_solution_is_assisted() {
        let (mut done, mut assisted) = (BTreeSet::new(), BTreeSet::new());
        let seen: BTreeSet<usize> = [2].into();
        assert!(record_solved(&mut done, &mut assisted, &seen, 1));
        assert!(record_solved(&mut done, &mut assisted, &seen, 2));
        assert!(!record_solved(&mut done, &mut assisted, &seen, 2), "recorded once");
        assert_eq!(assisted, [2].into(), "only the step whose solution was seen");
        assert!(is_done(&done, 1, false), "done stays done when it no longer holds");
        assert!(is_done(&done, 3, true) && !is_done(&done, 3, false));
    }

    #[test]
    fn newly_solved_skips_what_is_recorded_and_in_a_pack_all_but_the_step_worked_on() {
        let holds = [true, true, false, true];
        let recorded: BTreeSet<usize> = [0].into();
        assert_eq!(newly_solved(&holds, &recorded, None), [1, 3]);
        assert_eq!(newly_solved(&holds, &recorded, Some(3)), [3]);
        assert_eq!(newly_solved(&holds, &recorded, Some(2)), Vec::<usize>::new());
    }
}
