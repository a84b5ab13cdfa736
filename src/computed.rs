//! Everything the views show, derived from the work in one pass per edit.
//! Nothing here decides anything: it runs `mixua_policy` and keeps results.

use mixua_policy::policy::{Accepted, Rejection};
use mixua_policy::score::Expected;
use mixua_policy::{Evaluation, Leak, Policy, ViewerId, Workspace};

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
}

impl Outcome {
    fn new(eval: &Evaluation<'_>) -> Outcome {
        // All views in one pass over the cards, in viewer order.
        let views = eval.views();
        let (leaks, forbidden) = eval
            .viewers()
            .zip(&views)
            .map(|(viewer, view)| (eval.leaks_in(viewer, view), eval.forbidden_count(viewer, view)))
            .unzip();
        Outcome { views, leaks, forbidden }
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
    pub four: Outcome,
    pub global_only: Outcome,
    pub pool: Outcome,
}

impl Computed {
    pub fn new(ws: &Workspace) -> Computed {
        let four = Evaluation::new(ws, &ws.query, Policy::FourScope);
        let global_only = Evaluation::new(ws, &ws.query, Policy::GlobalOnly);
        let pool = Evaluation::new(ws, &ws.query, Policy::UnsafePool);
        Computed {
            viewers: four.viewers().map(ViewerId::from).collect(),
            four: Outcome::new(&four),
            global_only: Outcome::new(&global_only),
            pool: Outcome::new(&pool),
            gates: four.gates,
        }
    }

    pub fn outcome(&self, policy: Policy) -> &Outcome {
        match policy {
            Policy::FourScope => &self.four,
            Policy::GlobalOnly => &self.global_only,
            Policy::UnsafePool => &self.pool,
        }
    }

    /// Index of a viewer in [`Self::viewers`].
    pub fn viewer_index(&self, user: &str, agent: &str) -> Option<usize> {
        self.viewers.iter().position(|v| v.user == user && v.agent == agent)
    }

    /// The two scorecards of one policy, kept apart (the policy crate's
    /// [`Score`]). Each viewer should see what the learner predicted for
    /// it, or, without a prediction, the four-scope policy's view (the
    /// lesson's answer).
    pub fn score(&self, ws: &Workspace, predictions: &Predictions, policy: Policy) -> Score {
        let outcome = self.outcome(policy);
        self.viewers
            .iter()
            .enumerate()
            .map(|(v, viewer)| {
                let expected = match predictions.get(viewer) {
                    Some(ids) => Expected::Ids(ids),
                    None => Expected::Cards(&self.four.views[v]),
                };
                Score::of_view(&ws.cards, &outcome.views[v], expected, outcome.forbidden[v])
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_policy::seed_workspace;

    #[test]
    fn seed_scores_keep_should_see_and_forbidden_apart() {
        let ws = seed_workspace();
        let computed = Computed::new(&ws);
        let none = Predictions::new();
        let scores = Policy::ALL.map(|p| computed.score(&ws, &none, p));
        assert_eq!(
            scores,
            [
                Score { expected: 11, retrieved: 11, forbidden: 0 },
                Score { expected: 11, retrieved: 4, forbidden: 0 },
                // Alice is handed Bob's B; Bob is handed Alice's P, U and X.
                Score { expected: 11, retrieved: 11, forbidden: 8 },
            ]
        );
        // A prediction replaces the answer for its viewer only.
        let mut predictions = Predictions::new();
        predictions.insert(ViewerId::new("bob", "checker-v1"), ["G", "P"].map(String::from).into());
        let four = computed.score(&ws, &predictions, Policy::FourScope);
        assert_eq!(four, Score { expected: 11, retrieved: 10, forbidden: 0 });
    }
}
