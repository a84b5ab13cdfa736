//! Everything the views show, derived from the work: in one pass for a new
//! work, then kept up to date per edit ([`Computed::update_touched`]): an edit to
//! card c re-gates c alone (under each policy) and re-derives only the cells
//! c was in or is in now. Nothing here decides anything: every answer is
//! `mixua_policy`'s (`gate_alone`, `retrieves`, `carried_of`,
//! `leaks_in_view_scanned`, `forbidden_count_in_view_scanned`,
//! `Probe::reprobe`); this keeps results.

use mixua_policy::policy::{Accepted, Gate, Rejection};
use mixua_policy::{Access, Viewer};
use mixua_policy::score::Expected;
use mixua_policy::{Evaluation, Finding, Leak, Policy, Probe, ViewerId, Workspace};
use std::rc::Rc;

pub use mixua_policy::Score;

use crate::store::work::Predictions;

/// One policy's outcome for every viewer, in viewer order.
#[derive(Clone, Debug, PartialEq, Eq)]
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

#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The global-only and unsafe-pool gates per card, and the probe's
    /// clues per card: what an edit of one card updates in place.
    others: [Vec<Gate>; 2],
    probe: Probe,
    /// Per card, the canaries it hands its reader (places in the registry):
    /// scanned once per card revision, read by every cell it is in.
    carried: Vec<Vec<usize>>,
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
        let gates_of = |eval: &Evaluation<'_>| (0..ws.cards.len()).map(|i| eval.gate(i).clone()).collect();
        Computed {
            viewers: four.viewers().map(ViewerId::from).collect(),
            decided: gates_of(&four),
            four: four_outcome,
            global_only: Outcome::new(&global_only, &probe),
            pool: Outcome::new(&pool, &probe),
            reid,
            others: [gates_of(&global_only), gates_of(&pool)],
            probe,
            carried: (0..ws.cards.len()).map(|i| mixua_policy::carried_of(ws, i)).collect(),
            gates: four.gates,
        }
    }

    /// The views of `ws`, kept up to date from `before` (the views of
    /// `before_ws`), with what the update touched (`None`: evaluated from
    /// scratch). Equal to [`Computed::new`] either way (tests/incremental.rs
    /// holds it so over random edits and acts).
    ///
    /// When the readers are the same (the same number of cards, users,
    /// agents, query, canaries, profiles and groups), only some cards are
    /// gated again, under each policy: without memory over time,
    /// the cards edited (by identity: an edit allocates a new `Rc<Card>`),
    /// each gated alone; with it (lesson 2), every card's gate at the clock
    /// is asked of the crate once (the log replayed once), and the cards
    /// whose gate changed under any policy join the cards edited. Only the
    /// cells those cards were in or are in now are derived again (their
    /// leaks, forbidden count, identifying count and probe findings).
    /// Anything else is evaluated from scratch.
    ///
    /// `timeline`: the crate's `Timeline` of `ws` already made (the root's,
    /// one per work revision, shared with the cache replay and the audit
    /// log), through which the log is read; else it is read here.
    pub fn update_touched(
        before_ws: &Workspace,
        before: &Computed,
        ws: &Workspace,
        timeline: Option<&mixua_policy::Timeline<'_>>,
    ) -> (Computed, Option<Touched>) {
        if !same_readers(before_ws, ws) {
            return (Computed::new(ws), None);
        }
        let edited = (0..ws.cards.len()).filter(|&i| !Rc::ptr_eq(&before_ws.cards[i], &ws.cards[i]));
        let changed: Option<Vec<(usize, [Gate; 3])>> = if !before_ws.uses_time() && !ws.uses_time() {
            edited
                .map(|i| {
                    let [a, b, c] = Policy::ALL.map(|policy| mixua_policy::gate_alone(ws, policy, i));
                    Some((i, [a?, b?, c?]))
                })
                .collect()
        } else {
            let edited: Vec<usize> = edited.collect();
            let [four, global, pool] = match timeline.filter(|t| std::ptr::eq(t.workspace, ws)) {
                Some(timeline) => mixua_policy::gates_at_clock_on(ws, timeline),
                None => mixua_policy::gates_at_clock(ws),
            };
            let was = [&before.decided, &before.others[0], &before.others[1]];
            Some(
                four.into_iter()
                    .zip(global)
                    .zip(pool)
                    .enumerate()
                    .map(|(i, ((a, b), c))| (i, [a, b, c]))
                    .filter(|(i, gates)| edited.contains(i) || (0..3).any(|p| gates[p] != was[p][*i]))
                    .collect(),
            )
        };
        match changed {
            Some(changed) => {
                let (next, touched) = before.with_gates(ws, changed);
                (next, Some(touched))
            }
            None => (Computed::new(ws), None),
        }
    }

    /// [`Self::update_touched`] for the cards `changed` (indices), each with
    /// its gate now under each policy.
    fn with_gates(&self, ws: &Workspace, changed: Vec<(usize, [Gate; 3])>) -> (Computed, Touched) {
        let mut next = self.clone();
        let mut touched = Touched { cards: changed.iter().map(|(i, _)| *i).collect(), cells: Vec::new() };
        for &i in &touched.cards {
            next.probe.reprobe(i, &ws.cards[i]);
            next.carried[i] = mixua_policy::carried_of(ws, i);
        }
        let mut gates: Vec<[Option<Gate>; 3]> = changed.into_iter().map(|(_, g)| g.map(Some)).collect();
        for (p, policy) in Policy::ALL.into_iter().enumerate() {
            let mut in_cell = vec![false; self.viewers.len()];
            for (&i, card_gates) in touched.cards.iter().zip(&mut gates) {
                let gate = card_gates[p].take().expect("each gate is used once");
                let outcome = next.outcome_mut(policy);
                for (v, viewer) in self.viewers.iter().enumerate() {
                    let view = &mut outcome.views[v];
                    let now = mixua_policy::retrieves(ws, &gate, i, viewer.viewer());
                    match view.binary_search(&i) {
                        Ok(at) => {
                            in_cell[v] = true;
                            if !now {
                                view.remove(at);
                            }
                        }
                        Err(at) if now => {
                            in_cell[v] = true;
                            view.insert(at, i);
                        }
                        Err(_) => {}
                    }
                }
                match policy {
                    Policy::FourScope => {
                        next.gates[i] = gate.checked();
                        next.decided[i] = gate;
                    }
                    Policy::GlobalOnly => next.others[0][i] = gate,
                    Policy::UnsafePool => next.others[1][i] = gate,
                }
            }
            for (v, viewer) in self.viewers.iter().enumerate().filter(|&(v, _)| in_cell[v]) {
                let viewer = viewer.viewer();
                let view = next.outcome(policy).views[v].clone();
                let leaks = mixua_policy::leaks_in_view_scanned(ws, viewer, &view, &next.carried);
                let forbidden = mixua_policy::forbidden_count_in_view_scanned(ws, viewer, &view, &next.carried);
                let identifying = next.probe.identifying_in(&view, viewer.user);
                if policy == Policy::FourScope {
                    next.reid[v] = next.probe.in_view(&ws.cards, &view, viewer.user);
                }
                let outcome = next.outcome_mut(policy);
                outcome.leaks[v] = leaks;
                outcome.forbidden[v] = forbidden;
                outcome.identifying[v] = identifying;
            }
            if policy == Policy::FourScope {
                touched.cells = (0..in_cell.len()).filter(|&v| in_cell[v]).collect();
            }
        }
        (next, touched)
    }

    fn outcome_mut(&mut self, policy: Policy) -> &mut Outcome {
        match policy {
            Policy::FourScope => &mut self.four,
            Policy::GlobalOnly => &mut self.global_only,
            Policy::UnsafePool => &mut self.pool,
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

/// Whether two works have the same readers, so that views can be kept up
/// to date card by card: the same number of cards, the same users, agents,
/// query, canaries, profiles and groups (a group's members decide who reads
/// its cards without changing any card's gate).
fn same_readers(a: &Workspace, b: &Workspace) -> bool {
    a.cards.len() == b.cards.len()
        && a.users == b.users
        && a.agents == b.agents
        && a.query == b.query
        && a.canaries == b.canaries
        && a.profiles == b.profiles
        && a.groups == b.groups
}

/// What one update of the views touched: the cards gated again (in card
/// order) and the four-scope cells derived again (in viewer order). Every
/// cell whose view, leaks or counts changed is one of them, and every card
/// whose gate changed: the change summary compares only these
/// (`changed::change_of`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touched {
    pub cards: Vec<usize>,
    pub cells: Vec<usize>,
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
    use mixua_course::seed_workspace;

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

impl From<Score> for crate::store::progress::Tally {
    fn from(s: Score) -> crate::store::progress::Tally {
        crate::store::progress::Tally { retrieved: s.retrieved, expected: s.expected, forbidden: s.forbidden }
    }
}
