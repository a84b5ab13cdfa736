//! Everything the views show, derived from the work in one pass per edit.
//! Nothing here decides anything: it runs `mixua_policy` and keeps results.

use mixua_policy::policy::{Accepted, Rejection};
use mixua_policy::{Evaluation, Leak, Policy, Viewer, Workspace};

/// One policy's outcome for every viewer, in viewer order.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Card indices each viewer retrieves, in card order.
    pub views: Vec<Vec<usize>>,
    /// Canaries of other users in each view.
    pub leaks: Vec<Vec<Leak>>,
}

impl Outcome {
    fn new(eval: &Evaluation<'_>, viewers: &[(String, String)]) -> Outcome {
        // All views in one pass over the cards, in the order of `viewers`.
        let views = eval.views();
        let leaks = viewers
            .iter()
            .zip(&views)
            .map(|((user, agent), view)| eval.leaks_in(Viewer::new(user, agent), view))
            .collect();
        Outcome { views, leaks }
    }

    pub fn leak_count(&self) -> usize {
        self.leaks.iter().map(Vec::len).sum()
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct Computed {
    /// Every (user, agent), users outer and agents inner.
    pub viewers: Vec<(String, String)>,
    /// The content and filing gates, per card.
    pub gates: Vec<Result<Accepted, Rejection>>,
    pub four: Outcome,
    pub global_only: Outcome,
    pub pool: Outcome,
}

impl Computed {
    pub fn new(ws: &Workspace) -> Computed {
        let viewers: Vec<(String, String)> = ws
            .users
            .iter()
            .flat_map(|u| ws.agents.iter().map(move |a| (u.clone(), a.clone())))
            .collect();
        let four = Evaluation::new(ws, &ws.query, Policy::FourScope);
        let global_only = Evaluation::new(ws, &ws.query, Policy::GlobalOnly);
        let pool = Evaluation::new(ws, &ws.query, Policy::UnsafePool);
        Computed {
            four: Outcome::new(&four, &viewers),
            global_only: Outcome::new(&global_only, &viewers),
            pool: Outcome::new(&pool, &viewers),
            gates: four.gates,
            viewers,
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
        self.viewers.iter().position(|(u, a)| u == user && a == agent)
    }
}

/// The two scorecards, always kept apart: did each viewer get what it
/// should, and did anything reach someone it must not?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score {
    /// Cards viewers should see: the learner's predictions where they made
    /// some, else the four-scope policy's views (the lesson's answer).
    pub expected: usize,
    /// Of those, how many the policy actually retrieved.
    pub retrieved: usize,
    /// (viewer, card) pairs where another user's protected card, or a card
    /// carrying another user's canary, reached the viewer.
    pub forbidden: usize,
}

impl Computed {
    pub fn score(
        &self,
        ws: &Workspace,
        predictions: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        policy: Policy,
    ) -> Score {
        let outcome = self.outcome(policy);
        let mut score = Score::default();
        for (v, (user, agent)) in self.viewers.iter().enumerate() {
            let view = &outcome.views[v];
            match predictions.get(&format!("{user}/{agent}")) {
                Some(expected) => {
                    score.expected += expected.len();
                    score.retrieved += view.iter().filter(|&&i| expected.contains(&ws.cards[i].id)).count();
                }
                None => {
                    // Both lists are card indices in ascending order: count
                    // the common ones in one merge.
                    let expected = &self.four.views[v];
                    score.expected += expected.len();
                    let (mut a, mut b) = (expected.iter().peekable(), view.iter().peekable());
                    while let (Some(&&x), Some(&&y)) = (a.peek(), b.peek()) {
                        match x.cmp(&y) {
                            std::cmp::Ordering::Less => drop(a.next()),
                            std::cmp::Ordering::Greater => drop(b.next()),
                            std::cmp::Ordering::Equal => {
                                score.retrieved += 1;
                                a.next();
                                b.next();
                            }
                        }
                    }
                }
            }
            let leaking: std::collections::HashSet<&str> = outcome.leaks[v].iter().map(|l| l.card.as_str()).collect();
            score.forbidden += view
                .iter()
                .filter(|&&i| {
                    let card = &ws.cards[i];
                    (card.stream == "protected" && card.owner_user != *user)
                        || (!leaking.is_empty() && leaking.contains(card.id.as_str()))
                })
                .count();
        }
        score
    }
}
