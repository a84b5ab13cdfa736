//! The three scorecards of each policy (should-see retrieved, forbidden
//! appeared, identifying content appeared) and the comparison's totals,
//! derived once per revision of the views (`use_derived`), never in the
//! components that show them (`Scorecards`, `Compare`).

use std::rc::Rc;

use mixua_policy::{Policy, Score, Workspace};

use crate::derive::views::{Computed, Reference};
use crate::store::shared::Shared;
use crate::store::state::AppState;
use crate::store::work::Predictions;

/// One policy's scorecards, kept apart, never merged into one number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyScore {
    pub policy: Policy,
    /// Should-see retrieved and forbidden appeared, against the reference.
    pub score: Score,
    /// Identifying content appeared: (viewer, card) pairs, whatever the
    /// reference.
    pub identifying: usize,
}

/// The three policies' scorecards against one reference, said with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scorecards {
    pub reference: Reference,
    pub rows: [PolicyScore; 3],
}

impl Scorecards {
    /// The scorecards of `ws`'s views (`computed`) against `reference`.
    pub fn of(ws: &Workspace, computed: &Computed, reference: Reference) -> Scorecards {
        let rows = Policy::ALL.map(|policy| PolicyScore {
            policy,
            score: computed.score(ws, &reference, policy),
            identifying: computed.outcome(policy).identifying_count(),
        });
        Scorecards { reference, rows }
    }
}

/// One policy's totals over every viewer: cards handed out, leaks, and
/// forbidden (viewer, card) pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    pub shown: usize,
    pub leaks: usize,
    pub forbidden: usize,
}

/// What the comparison and the lesson's score step show of the policies,
/// per revision: the comparison's scorecards (the views shown, against
/// their four-scope answer) and totals, and the score step's scorecards
/// (the views now, against the snapshot lesson 1 recorded, or their
/// four-scope answer), only while that step is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scores {
    pub compared: Rc<Scorecards>,
    pub totals: [Totals; 3],
    pub stepped: Option<Rc<Scorecards>>,
}

/// What [`scores`] reads: the views now and shown (by identity), and
/// the score step's reference while it is shown (`None`: not shown;
/// `Some(None)`: the four-scope answer now).
#[derive(PartialEq)]
pub struct Key {
    ws: Shared<Workspace>,
    now: Shared<Computed>,
    shown: Shared<Computed>,
    stepped: Option<Option<Predictions>>,
}

/// The scores of `ws`: the comparison's of the views shown, the score
/// step's of the views now against `stepped` (`None`: not shown; `Some(None)`:
/// the four-scope answer now).
pub fn scores_of(ws: &Workspace, now: &Computed, shown: &Computed, stepped: Option<Option<&Predictions>>) -> Scores {
    let compared = Rc::new(Scorecards::of(ws, shown, Reference::FourScopeNow));
    let stepped = stepped.map(|reference| match reference {
        Some(snapshot) => Rc::new(Scorecards::of(ws, now, Reference::Snapshot(Rc::new(snapshot.clone())))),
        None if std::ptr::eq(now, shown) => compared.clone(),
        None => Rc::new(Scorecards::of(ws, now, Reference::FourScopeNow)),
    });
    let totals = Policy::ALL.map(|p| {
        let o = shown.outcome(p);
        Totals { shown: o.views.iter().map(Vec::len).sum(), leaks: o.leak_count(), forbidden: o.forbidden.iter().sum() }
    });
    Scores { compared, totals, stepped }
}

/// [`scores_of`], in the part that draws the scorecards (`later`): the
/// first load carries neither.
pub type ScoresOf = fn(&Workspace, &Computed, &Computed, Option<Option<&Predictions>>) -> Scores;

/// Whether the lesson's step shows the scorecards, and against what: lesson
/// 1's exercise 6 against the snapshot its record fixed (`Some(None)` until
/// then: the four-scope answer now), lesson 2's scoring step against the
/// four-scope answer now; `None`: another step.
pub fn score_step(ui: &crate::store::ui::Ui) -> Option<Option<&Predictions>> {
    use crate::store::lesson::Course;
    use crate::store::progress::{RECORD_STEP, SCORE_STEP};
    match ui.session.course {
        Course::One if ui.lesson_step == RECORD_STEP => Some(ui.progress.reference.as_ref()),
        Course::Two if ui.lesson_step == SCORE_STEP => Some(None),
        _ => None,
    }
}

/// The scores last made, with what they were made from.
pub type Memo = Option<(Key, Rc<Scores>)>;

/// The scores, made again only when the views or the step's reference
/// change (`memo`: `use_derived`'s), by the part that draws them (`of`:
/// once it is in, from the start's side step on).
pub fn scores(state: &AppState, now: &Shared<Computed>, shown: &Shared<Computed>, of: Option<ScoresOf>, memo: &mut Memo) -> Option<Rc<Scores>> {
    let stepped = score_step(&state.ui).map(|reference| reference.cloned());
    let key = Key { ws: Shared(state.doc.workspace.clone()), now: now.clone(), shown: shown.clone(), stepped };
    let of = of?;
    if let Some((kept, scores)) = memo.as_ref() {
        if *kept == key {
            return Some(scores.clone());
        }
    }
    let scores = Rc::new(of(&key.ws, &key.now, &key.shown, key.stepped.as_ref().map(Option::as_ref)));
    *memo = Some((key, scores.clone()));
    Some(scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_course::seed_workspace;

    /// The scorecards the components show are the views' own, one row per
    /// policy in the policies' order: the seed's, as `views.rs` holds them,
    /// and the pooled policy's totals (Alice handed Bob's B, Bob handed
    /// Alice's P, U and X).
    #[test]
    fn the_seeds_scorecards_and_totals() {
        let ws = seed_workspace();
        let computed = Computed::new(&ws);
        let cards = Scorecards::of(&ws, &computed, Reference::FourScopeNow);
        assert_eq!(cards.rows.map(|r| r.policy), Policy::ALL);
        assert_eq!(cards.rows.map(|r| (r.score.retrieved, r.score.expected, r.score.forbidden)), [(11, 11, 0), (4, 11, 0), (11, 11, 8)]);
        assert_eq!(cards.rows.map(|r| r.identifying), [0, 0, 2]);
        let snapshot = Rc::new(computed.snapshot(&ws));
        let recorded = Scorecards::of(&ws, &computed, Reference::Snapshot(snapshot));
        assert_eq!(recorded.rows.map(|r| r.score), cards.rows.map(|r| r.score), "nothing changed since the snapshot");
    }
}
