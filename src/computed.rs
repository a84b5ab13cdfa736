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
        let mut views = Vec::with_capacity(viewers.len());
        let mut leaks = Vec::with_capacity(viewers.len());
        for (user, agent) in viewers {
            let viewer = Viewer::new(user, agent);
            let view = eval.view(viewer);
            leaks.push(eval.leaks_in(viewer, &view));
            views.push(view);
        }
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
