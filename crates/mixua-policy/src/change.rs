//! What one edit changed: two evaluations of a workspace's viewers (before
//! and after an edit, an undo or a redo) compared, as a value: which
//! viewers gained or lost which cards, which leak alarms appeared or
//! cleared, which re-identification marks appeared or cleared, which
//! cards became rejected or accepted, and (when the caller replays the
//! response cache on both sides) which stale copies and cache leaks the
//! cache's replay serves or no longer serves. The one-line summary
//! in words (`mixua_words::change_words`) is built from that value.
//!
//! Not to be confused with [`crate::eval::diff`], which compares one
//! workspace at two ticks of its clock.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::cache::{CacheChange, CacheReplay};
use crate::card::Card;
use crate::eval::{Evaluation, Leak};
use crate::policy::{Gate, Policy, Rejection};
use crate::probe::{Finding, Identification, Probe};
use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

/// One side of a change: what one evaluation shows, by card id (card
/// indices move when a card is added or deleted; ids are what the learner
/// sees).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen<'a> {
    /// Every viewer with the ids of the cards it reads, in card order.
    pub views: Vec<(Viewer<'a>, Vec<&'a str>)>,
    /// Every leak alarm.
    pub leaks: Vec<&'a Leak>,
    /// Every card's id with the policy's gate for it.
    pub gates: Vec<(&'a str, &'a Gate)>,
    /// The re-identification probe's findings in each viewer's view (the
    /// marks ◎ and ◌ in the cells), when the caller gives them
    /// ([`Seen::with_findings`]); none otherwise.
    pub marks: Vec<(Viewer<'a>, &'a Finding)>,
}

impl<'a> Seen<'a> {
    /// Built from an evaluation's parts: the cards, the viewers in the order
    /// of `views` (card indices per viewer), the leaks per viewer, and the
    /// gate per card. The app keeps exactly these, memoised per edit.
    pub fn new(
        cards: &'a [std::rc::Rc<Card>],
        viewers: impl IntoIterator<Item = Viewer<'a>>,
        views: &'a [Vec<usize>],
        leaks: &'a [Vec<Leak>],
        gates: &'a [Gate],
    ) -> Seen<'a> {
        Seen {
            views: viewers
                .into_iter()
                .zip(views)
                .map(|(viewer, view)| (viewer, view.iter().map(|&i| cards[i].id.as_str()).collect()))
                .collect(),
            leaks: leaks.iter().flatten().collect(),
            gates: cards.iter().map(|c| c.id.as_str()).zip(gates).collect(),
            marks: Vec::new(),
        }
    }

    /// With the probe's findings per viewer (`findings`, in the order of
    /// `viewers`, the same order as the views), of every viewer or, for a
    /// part ([`Seen::part`]), of the viewers at `cells` alone.
    pub fn with_findings(
        mut self,
        viewers: impl IntoIterator<Item = Viewer<'a>>,
        findings: &'a [Vec<Finding>],
        cells: Option<&[usize]>,
    ) -> Seen<'a> {
        for (n, (viewer, found)) in viewers.into_iter().zip(findings).enumerate() {
            if cells.is_none_or(|cells| cells.binary_search(&n).is_ok()) {
                self.marks.extend(found.iter().map(|f| (viewer, f)));
            }
        }
        self
    }
}

impl<'a> Seen<'a> {
    /// Part of one side, for a caller that knows what an edit touched
    /// (it keeps views up to date card by card): only the viewers at
    /// `cells` (places in `views`, ascending), their leaks, and the gates
    /// of the cards whose id is one of `ids`. When both sides have the same
    /// viewers and every cell and card id that differs between them is in
    /// the parts, [`Change::between_parts`] of the two parts is
    /// [`Change::between`] of the wholes, at the cost of the parts.
    pub fn part(
        cards: &'a [std::rc::Rc<Card>],
        viewers: impl IntoIterator<Item = Viewer<'a>>,
        views: &'a [Vec<usize>],
        leaks: &'a [Vec<Leak>],
        gates: &'a [Gate],
        cells: &[usize],
        ids: &[&str],
    ) -> Seen<'a> {
        let mut at = cells.iter().peekable();
        let mut views_in = Vec::with_capacity(cells.len());
        for (n, (viewer, view)) in viewers.into_iter().zip(views).enumerate() {
            if at.peek() == Some(&&n) {
                at.next();
                views_in.push((viewer, view.iter().map(|&i| cards[i].id.as_str()).collect()));
            }
        }
        Seen {
            views: views_in,
            leaks: cells.iter().filter_map(|&n| leaks.get(n)).flatten().collect(),
            gates: cards.iter().map(|c| c.id.as_str()).zip(gates).filter(|(id, _)| ids.contains(id)).collect(),
            marks: Vec::new(),
        }
    }
}

/// Whether a viewer was there on both sides of the change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// On both sides.
    Kept,
    /// A user or agent was added: all it reads is gained.
    Added,
    /// A user or agent was removed: all it read is lost.
    Removed,
}

/// How one viewer's view changed. Ids are counted as a multiset: applying
/// `lost` then `gained` to the old view gives the new one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellChange {
    pub viewer: ViewerId,
    pub presence: Presence,
    /// Cards it reads now and did not, in the new view's order.
    pub gained: Vec<String>,
    /// Cards it read and does not now, in the old view's order.
    pub lost: Vec<String>,
}

/// A re-identification mark in one viewer's cell: the probe found that a
/// card names facts of `user` (◎ when it singles them out, ◌ when it
/// narrows the guess to a few people).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Mark {
    /// The `user/agent` whose cell shows the mark.
    pub viewer: String,
    pub card: String,
    /// The user whose facts the card names.
    pub user: String,
    pub kind: Identification,
}

/// What an edit changed, as a value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The viewers whose view changed, came or went: kept and added ones in
    /// the new viewer order, then removed ones in the old order.
    pub cells: Vec<CellChange>,
    /// Leak alarms there now and not before.
    pub alarms_raised: Vec<Leak>,
    /// Leak alarms there before and not now.
    pub alarms_cleared: Vec<Leak>,
    /// How many leak alarms are on after the change.
    pub alarms_now: usize,
    /// Cards rejected now that were not (or are new), with the reason.
    pub now_rejected: Vec<(String, Rejection)>,
    /// Cards rejected before that pass every gate now.
    pub now_accepted: Vec<String>,
    /// Re-identification marks there now and not before, in the new
    /// viewer order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks_raised: Vec<Mark>,
    /// Re-identification marks there before and not now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks_cleared: Vec<Mark>,
    /// What the response cache's replay serves differently (stale copies,
    /// canaries handed over), when the caller replayed it on both sides
    /// ([`Change::with_cache`]).
    #[serde(skip_serializing_if = "CacheChange::is_empty")]
    pub cache: CacheChange,
}

/// Counts of each item, for multiset differences.
fn counts<'k, K: std::hash::Hash + Eq + 'k>(items: impl IntoIterator<Item = K>) -> HashMap<K, usize> {
    let mut counts = HashMap::new();
    for item in items {
        *counts.entry(item).or_insert(0) += 1;
    }
    counts
}

/// The items of `from` not matched in `other` (a multiset difference), in
/// `from`'s order.
fn minus<K: Copy + std::hash::Hash + Eq>(from: &[K], other: &[K]) -> Vec<K> {
    let mut left = counts(other.iter().copied());
    from.iter()
        .copied()
        .filter(|item| match left.get_mut(item) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .collect()
}

type LeakKey<'a> = (&'a str, &'a str, &'a str, &'a str);

fn leak_key(leak: &Leak) -> LeakKey<'_> {
    (&leak.viewer, &leak.card, &leak.token, &leak.owner)
}

/// The ids of the rejected cards.
fn rejected_ids<'a>(seen: &Seen<'a>) -> HashSet<&'a str> {
    seen.gates
        .iter()
        .filter(|(_, g)| matches!(g, Gate::Rejected { .. }))
        .map(|(id, _)| *id)
        .collect()
}

impl Change {
    /// The change from `before` to `after`.
    pub fn between<'a>(before: &Seen<'a>, after: &Seen<'a>) -> Change {
        let owned = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<String>>();
        let old: HashMap<Viewer<'_>, &Vec<&str>> = before.views.iter().map(|(v, ids)| (*v, ids)).collect();
        let mut cells = Vec::new();
        for (viewer, new) in &after.views {
            match old.get(viewer) {
                // Most views do not change: one comparison, nothing allocated.
                Some(old) if *old == new => {}
                Some(old) => cells.push(CellChange {
                    viewer: ViewerId::from(*viewer),
                    presence: Presence::Kept,
                    gained: owned(&minus(new, old)),
                    lost: owned(&minus(old, new)),
                }),
                None => cells.push(CellChange {
                    viewer: ViewerId::from(*viewer),
                    presence: Presence::Added,
                    gained: owned(new),
                    lost: Vec::new(),
                }),
            }
        }
        let now: HashMap<Viewer<'_>, ()> = after.views.iter().map(|(v, _)| (*v, ())).collect();
        for (viewer, ids) in &before.views {
            if !now.contains_key(viewer) {
                cells.push(CellChange {
                    viewer: ViewerId::from(*viewer),
                    presence: Presence::Removed,
                    gained: Vec::new(),
                    lost: owned(ids),
                });
            }
        }

        let (old_leaks, new_leaks): (Vec<LeakKey<'_>>, Vec<LeakKey<'_>>) = (
            before.leaks.iter().map(|l| leak_key(l)).collect(),
            after.leaks.iter().map(|l| leak_key(l)).collect(),
        );
        let leak = |(viewer, card, token, owner): LeakKey<'_>| Leak {
            viewer: viewer.into(),
            card: card.into(),
            token: token.into(),
            owner: owner.into(),
        };
        let alarms_raised = minus(&new_leaks, &old_leaks).into_iter().map(leak).collect();
        let alarms_cleared = minus(&old_leaks, &new_leaks).into_iter().map(leak).collect();

        // Cards are told apart by id, as the learner sees them: an id is
        // rejected when a card with it is.
        let (was, is) = (rejected_ids(before), rejected_ids(after));
        let mut said: HashSet<&str> = HashSet::new();
        let mut now_rejected = Vec::new();
        let mut now_accepted = Vec::new();
        for (id, gate) in &after.gates {
            match gate {
                Gate::Rejected { rejection } if !was.contains(id) && said.insert(id) => {
                    now_rejected.push((id.to_string(), rejection.clone()))
                }
                Gate::Open { .. } | Gate::NotShared { .. }
                    if was.contains(id) && !is.contains(id) && said.insert(id) =>
                {
                    now_accepted.push(id.to_string())
                }
                _ => {}
            }
        }

        // Marks are told apart by cell, card id, the user named and kind.
        type MarkKey<'a> = (Viewer<'a>, &'a str, &'a str, Identification);
        let mark_key = |(viewer, f): &(Viewer<'a>, &'a Finding)| -> MarkKey<'a> { (*viewer, f.card.as_str(), f.user.as_str(), f.kind) };
        let mark = |(viewer, card, user, kind): MarkKey<'_>| Mark { viewer: viewer.key(), card: card.into(), user: user.into(), kind };
        let (old_marks, new_marks): (Vec<MarkKey<'_>>, Vec<MarkKey<'_>>) =
            (before.marks.iter().map(mark_key).collect(), after.marks.iter().map(mark_key).collect());
        let marks_raised = minus(&new_marks, &old_marks).into_iter().map(mark).collect();
        let marks_cleared = minus(&old_marks, &new_marks).into_iter().map(mark).collect();

        Change {
            cells,
            alarms_raised,
            alarms_cleared,
            alarms_now: after.leaks.len(),
            now_rejected,
            now_accepted,
            marks_raised,
            marks_cleared,
            cache: CacheChange::default(),
        }
    }

    /// With what the response cache serves differently: its replay on the
    /// work before and on the work now (`None`: no replay on that side).
    pub fn with_cache(self, before: Option<&CacheReplay<'_>>, after: Option<&CacheReplay<'_>>) -> Change {
        Change { cache: CacheChange::between(before, after), ..self }
    }
}

impl Change {
    /// The change between two parts ([`Seen::part`]) that hold everything
    /// that differs, with the number of leak alarms on after it (the parts
    /// hold only some of them).
    pub fn between_parts<'a>(before: &Seen<'a>, after: &Seen<'a>, alarms_now: usize) -> Change {
        Change { alarms_now, ..Change::between(before, after) }
    }
}

/// The four-scope change between two workspaces, each asked with its own
/// query: the whole pipeline, for the CLI, the tests and the benchmark.
pub fn change_between(before: &Workspace, after: &Workspace) -> Change {
    let (b, a) = (
        Evaluation::new(before, &before.query, Policy::FourScope),
        Evaluation::new(after, &after.query, Policy::FourScope),
    );
    let parts = |eval: &Evaluation<'_>| {
        let views = eval.views();
        let leaks: Vec<Vec<Leak>> = eval
            .viewers()
            .zip(&views)
            .map(|(v, view)| eval.leaks_in(v, view))
            .collect();
        let gates: Vec<Gate> = (0..eval.workspace.cards.len()).map(|i| eval.gate(i).clone()).collect();
        (views, leaks, gates)
    };
    let (bp, ap) = (parts(&b), parts(&a));
    // The probe's marks in each view, as the chart shows them.
    let findings = |ws: &Workspace, eval: &Evaluation<'_>, views: &[Vec<usize>]| -> Vec<Vec<Finding>> {
        let probe = Probe::new(&ws.cards, ws.profiles());
        eval.viewers().zip(views).map(|(v, view)| probe.in_view(&ws.cards, view, v.user)).collect()
    };
    let (bf, af) = (findings(before, &b, &bp.0), findings(after, &a, &ap.0));
    Change::between(
        &Seen::new(&before.cards, b.viewers(), &bp.0, &bp.1, &bp.2).with_findings(b.viewers(), &bf, None),
        &Seen::new(&after.cards, a.viewers(), &ap.0, &ap.1, &ap.2).with_findings(a.viewers(), &af, None),
    )
}

impl Change {
    /// Did this viewer's cell change: its view, its presence, its alarms
    /// or its re-identification marks?
    pub fn touches(&self, viewer: &ViewerId) -> bool {
        let key = viewer.key();
        self.cell(viewer).is_some()
            || self.alarms_raised.iter().chain(&self.alarms_cleared).any(|l| l.viewer == key)
            || self.marks_raised.iter().chain(&self.marks_cleared).any(|m| m.viewer == key)
    }

    /// Did any re-identification mark appear or clear?
    pub fn any_mark(&self) -> bool {
        !self.marks_raised.is_empty() || !self.marks_cleared.is_empty()
    }

    /// The change of one viewer's view, if it changed.
    pub fn cell(&self, viewer: &ViewerId) -> Option<&CellChange> {
        self.cells.iter().find(|c| c.viewer == *viewer)
    }

    /// Did any view change?
    pub fn any_cell(&self) -> bool {
        !self.cells.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_difference_keeps_order_and_counts() {
        assert_eq!(minus(&["a", "b", "a", "c"], &["a", "c"]), ["b", "a"]);
        assert_eq!(minus::<&str>(&[], &["a"]), Vec::<&str>::new());
    }
}
