//! Everything the views show, derived from the work in one pass per edit.
//! Nothing here decides anything: it runs `mixua_policy` and keeps results.

use mixua_policy::policy::{Accepted, Gate, Rejection};
use mixua_policy::{Access, Viewer};
use mixua_policy::score::Expected;
use mixua_policy::{Evaluation, Finding, Leak, Policy, Probe, ViewerId, Workspace};

pub use mixua_policy::Score;

use crate::doc::Predictions;

/// One policy's outcome for every viewer, in viewer order.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Card indices each viewer retrieves, in card order.
    pub views: Vec<Vec<usize>>,
    /// Canaries of other users in each view.
    pub leaks: Vec<Vec<Leak>>,
    /// How many (viewer, card) pairs of each view are forbidden. It does not
    /// depend on the predictions, so it is counted once per edit, here.
    pub forbidden: Vec<usize>,
    /// The third scorecard, per view: how many of its cards single out
    /// another user (the crate's re-identification probe).
    pub identifying: Vec<usize>,
}

impl Outcome {
    fn new(eval: &Evaluation<'_>, probe: &Probe) -> Outcome {
        // All views in one pass over the cards, in viewer order.
        let views = eval.views();
        let (leaks, forbidden) = eval
            .viewers()
            .zip(&views)
            .map(|(viewer, view)| (eval.leaks_in(viewer, view), eval.forbidden_count(viewer, view)))
            .unzip();
        let identifying = eval.viewers().zip(&views).map(|(viewer, view)| probe.identifying_in(view, viewer.user)).collect();
        Outcome { views, leaks, forbidden, identifying }
    }

    /// The third scorecard, summed over the viewers.
    pub fn identifying_count(&self) -> usize {
        self.identifying.iter().sum()
    }

    pub fn leak_count(&self) -> usize {
        self.leaks.iter().map(Vec::len).sum()
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct Computed {
    /// Every (user, agent), users outer and agents inner.
    pub viewers: Vec<ViewerId>,
    /// The content and filing gates, per card.
    pub gates: Vec<Result<Accepted, Rejection>>,
    /// The four-scope policy's whole gate per card (in effect, content,
    /// filing), from which every reading decision the app shows is made.
    pub decided: Vec<Gate>,
    pub four: Outcome,
    pub global_only: Outcome,
    pub pool: Outcome,
    /// What the re-identification probe finds in each four-scope view, in
    /// viewer order.
    pub reid: Vec<Vec<Finding>>,
}

impl Computed {
    pub fn new(ws: &Workspace) -> Computed {
        Computed::of(ws, |policy| Evaluation::new(ws, &ws.query, policy))
    }

    /// Everything the views show as of an earlier `tick` of the
    /// workspace's clock (lesson 2's timeline): the log replayed by the
    /// crate's in-effect gate. A tick at or after the clock is now.
    pub fn at(ws: &Workspace, tick: u64) -> Computed {
        if tick >= ws.clock() {
            return Computed::new(ws);
        }
        Computed::of(ws, |policy| Evaluation::at(ws, &ws.query, policy, tick))
    }

    fn of<'w>(ws: &'w Workspace, evaluate: impl Fn(Policy) -> Evaluation<'w>) -> Computed {
        let four = evaluate(Policy::FourScope);
        let global_only = evaluate(Policy::GlobalOnly);
        let pool = evaluate(Policy::UnsafePool);
        let probe = Probe::new(&ws.cards, ws.profiles());
        let four_outcome = Outcome::new(&four, &probe);
        let reid = four.viewers().zip(&four_outcome.views).map(|(viewer, view)| probe.in_view(&ws.cards, view, viewer.user)).collect();
        Computed {
            viewers: four.viewers().map(ViewerId::from).collect(),
            decided: (0..ws.cards.len()).map(|i| four.gate(i).clone()).collect(),
            four: four_outcome,
            global_only: Outcome::new(&global_only, &probe),
            pool: Outcome::new(&pool, &probe),
            reid,
            gates: four.gates,
        }
    }

    /// The four-scope reading decision for one card and one viewer, with its
    /// rule: the same answer as the views (time and groups included).
    pub fn access(&self, ws: &Workspace, index: usize, viewer: Viewer<'_>) -> Access {
        self.decided[index].access_in(&ws.cards[index], viewer, ws.groups())
    }

    pub fn outcome(&self, policy: Policy) -> &Outcome {
        match policy {
            Policy::FourScope => &self.four,
            Policy::GlobalOnly => &self.global_only,
            Policy::UnsafePool => &self.pool,
        }
    }

    /// The leaks card `id` causes under the four-scope policy: what its
    /// verdict shows.
    pub fn leaks_of(&self, id: &str) -> Vec<Leak> {
        self.four.leaks.iter().flatten().filter(|l| l.card == id).cloned().collect()
    }

    /// The probe's findings for card `index` in one viewer's view.
    pub fn reid_of(&self, viewer: usize, index: usize) -> Vec<Finding> {
        self.reid.get(viewer).map(|f| f.iter().filter(|f| f.index == index).cloned().collect()).unwrap_or_default()
    }

    /// Index of a viewer in [`Self::viewers`].
    pub fn viewer_index(&self, user: &str, agent: &str) -> Option<usize> {
        self.viewers.iter().position(|v| v.user == user && v.agent == agent)
    }

    /// The two scorecards of one policy, kept apart (the policy crate's
    /// [`Score`]), against an explicit reference of what each viewer
    /// should see: the four-scope answer for the cards as they are now, or
    /// a recorded snapshot (by card id) that later edits do not move. A
    /// viewer the snapshot does not name should see nothing. Predictions
    /// never stand in for the reference.
    pub fn score(&self, ws: &Workspace, reference: &Reference, policy: Policy) -> Score {
        let outcome = self.outcome(policy);
        let none = std::collections::BTreeSet::new();
        self.viewers
            .iter()
            .enumerate()
            .map(|(v, viewer)| {
                let expected = match reference {
                    Reference::FourScopeNow => Expected::Cards(&self.four.views[v]),
                    Reference::Snapshot(snapshot) => Expected::Ids(snapshot.get(viewer).unwrap_or(&none)),
                };
                Score::of_view(&ws.cards, &outcome.views[v], expected, outcome.forbidden[v])
            })
            .sum()
    }

    /// The four-scope answer now, by card id: a reference to record.
    pub fn snapshot(&self, ws: &Workspace) -> Predictions {
        // Filled by insertion, not `collect`: a collected BTreeMap/BTreeSet
        // sorts its input, and each sort costs kilobytes of wasm.
        let mut snapshot = Predictions::new();
        for (viewer, view) in self.viewers.iter().zip(&self.four.views) {
            let mut ids = std::collections::BTreeSet::new();
            for &i in view {
                ids.insert(ws.cards[i].id.clone());
            }
            snapshot.insert(viewer.clone(), ids);
        }
        snapshot
    }
}

/// What "should see" is measured against; always said next to the numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The four-scope policy's views of the cards as they are now (so the
    /// four-scope policy scores 100% by construction).
    FourScopeNow,
    /// The four-scope answer recorded before the changes, by card id.
    Snapshot(std::rc::Rc<Predictions>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_policy::seed_workspace;

    #[test]
    fn seed_scores_keep_should_see_and_forbidden_apart() {
        let ws = seed_workspace();
        let computed = Computed::new(&ws);
        let scores = Policy::ALL.map(|p| computed.score(&ws, &Reference::FourScopeNow, p));
        assert_eq!(
            scores,
            [
                Score { expected: 11, retrieved: 11, forbidden: 0 },
                Score { expected: 11, retrieved: 4, forbidden: 0 },
                // Alice is handed Bob's B; Bob is handed Alice's P, U and X.
                Score { expected: 11, retrieved: 11, forbidden: 8 },
            ]
        );
        // The third scorecard, kept apart: pooled, Y singles alice out in
        // bob's two cells.
        let identifying = Policy::ALL.map(|p| computed.outcome(p).identifying_count());
        assert_eq!(identifying, [0, 0, 2]);
    }

    #[test]
    fn a_recorded_reference_stays_put_when_cards_change() {
        let mut ws = seed_workspace();
        let before = std::rc::Rc::new(Computed::new(&ws).snapshot(&ws));
        let reference = Reference::Snapshot(before);
        // Delete U (alice's USER preference): both policies lose what
        // alice should have seen, measured against the same reference.
        ws.cards.retain(|c| c.id != "U");
        let computed = Computed::new(&ws);
        assert_eq!(computed.score(&ws, &reference, Policy::FourScope), Score { expected: 11, retrieved: 9, forbidden: 0 });
        assert_eq!(computed.score(&ws, &reference, Policy::GlobalOnly), Score { expected: 11, retrieved: 4, forbidden: 0 });
        // Against the answer now, four scopes would still read 100%.
        assert_eq!(computed.score(&ws, &Reference::FourScopeNow, Policy::FourScope).retrieved, 9);
        assert_eq!(computed.score(&ws, &Reference::FourScopeNow, Policy::FourScope).expected, 9);
    }
}
