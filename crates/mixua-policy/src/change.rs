//! What one edit changed: two evaluations of a workspace's viewers (before
//! and after an edit, an undo or a redo) compared, as a value: which
//! viewers gained or lost which cards, which leak alarms appeared or
//! cleared, which cards became rejected or accepted. The one-line summary
//! in words ([`change_parts`], [`change_text`]) is built from that value.
//!
//! Not to be confused with [`crate::eval::diff`], which compares one
//! workspace at two ticks of its clock.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::card::Card;
use crate::eval::{Evaluation, Leak};
use crate::explain::{rejection_label, Lang};
use crate::policy::{Gate, Policy, Rejection};
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
    pub fn between(before: &Seen<'_>, after: &Seen<'_>) -> Change {
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

        Change {
            cells,
            alarms_raised,
            alarms_cleared,
            alarms_now: after.leaks.len(),
            now_rejected,
            now_accepted,
        }
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
    Change::between(
        &Seen::new(&before.cards, b.viewers(), &bp.0, &bp.1, &bp.2),
        &Seen::new(&after.cards, a.viewers(), &ap.0, &ap.1, &ap.2),
    )
}

impl Change {
    /// Did this viewer's cell change: its view, its presence or its alarms?
    pub fn touches(&self, viewer: &ViewerId) -> bool {
        self.cell(viewer).is_some()
            || self
                .alarms_raised
                .iter()
                .chain(&self.alarms_cleared)
                .any(|l| l.viewer == viewer.key())
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

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

/// How many names a list spells out before "and N more".
const NAMED: usize = 6;

/// "a", "a and b", "a, b and c", "a, b, … and 3 more" (、 and 和 in 繁體中文).
fn list(items: &[&str], lang: Lang) -> String {
    let (shown, more) = if items.len() > NAMED {
        (&items[..NAMED - 1], items.len() - (NAMED - 1))
    } else {
        (items, 0)
    };
    let sep = lang.pick("、", ", ");
    if more > 0 {
        return lang.pick(
            format!("{} 等 {} 個", shown.join(sep), items.len()),
            format!("{} and {more} more", shown.join(sep)),
        );
    }
    match shown {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => lang.pick(
            format!("{} 和 {last}", rest.join(sep)),
            format!("{} and {last}", rest.join(sep)),
        ),
    }
}

/// Two cells said together: removed ones always, others when they gained
/// and lost the same cards.
fn alike(a: &CellChange, b: &CellChange) -> bool {
    a.presence == b.presence && (a.presence == Presence::Removed || (a.gained == b.gained && a.lost == b.lost))
}

/// The summary as short parts, in order: the views, the cards' verdicts,
/// then the alarms (always last, and always said: "no alarm" too).
pub fn change_parts(change: &Change, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    // Viewers that changed alike are said together.
    let mut groups: Vec<(&CellChange, Vec<String>)> = Vec::new();
    for cell in &change.cells {
        match groups.iter_mut().find(|(c, _)| alike(c, cell)) {
            Some((_, keys)) => keys.push(cell.viewer.key()),
            None => groups.push((cell, vec![cell.viewer.key()])),
        }
    }
    for (cell, keys) in &groups {
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let who = list(&keys, lang);
        let ids = |ids: &[String]| list(&ids.iter().map(String::as_str).collect::<Vec<_>>(), lang);
        let (gained, lost) = (ids(&cell.gained), ids(&cell.lost));
        // English agrees with one viewer or many.
        let read = if keys.len() == 1 { "reads" } else { "read" };
        parts.push(match (cell.presence, cell.gained.is_empty(), cell.lost.is_empty()) {
            (Presence::Added, true, _) => lang.pick(
                format!("新增 {who}:什麼都讀不到"),
                format!("{who} added, reading nothing"),
            ),
            (Presence::Added, false, _) => lang.pick(
                format!("新增 {who}:讀得到 {gained}"),
                format!("{who} added, reading {gained}"),
            ),
            (Presence::Removed, _, _) => lang.pick(format!("移除 {who}"), format!("{who} removed")),
            (Presence::Kept, false, true) => lang.pick(
                format!("{who} 現在讀得到 {gained}"),
                format!("{who} now {read} {gained}"),
            ),
            (Presence::Kept, true, false) => lang.pick(
                format!("{who} 不再讀得到 {lost}"),
                format!("{who} no longer {read} {lost}"),
            ),
            (Presence::Kept, _, _) => lang.pick(
                format!("{who} 現在讀得到 {gained},不再讀得到 {lost}"),
                format!("{who} now {read} {gained} and no longer {read} {lost}"),
            ),
        });
    }
    if change.cells.is_empty() {
        parts.push(lang.pick("沒有格子改變", "no cell changed").into());
    }
    for id in &change.now_accepted {
        parts.push(lang.pick(format!("{id} 現在通過檢查"), format!("{id} is accepted now")));
    }
    for (id, rejection) in &change.now_rejected {
        parts.push(lang.pick(
            format!("{id} 現在被拒絕({})", rejection_label(rejection, lang)),
            format!("{id} is rejected now ({})", rejection_label(rejection, lang)),
        ));
    }
    // Alarms that differ only by viewer are said together.
    fn alarms(leaks: &[Leak]) -> Vec<(&Leak, Vec<&str>)> {
        let mut grouped: Vec<(&Leak, Vec<&str>)> = Vec::new();
        for leak in leaks {
            match grouped
                .iter_mut()
                .find(|(l, _)| l.card == leak.card && l.token == leak.token && l.owner == leak.owner)
            {
                Some((_, viewers)) => viewers.push(&leak.viewer),
                None => grouped.push((leak, vec![&leak.viewer])),
            }
        }
        grouped
    }
    for (leak, viewers) in alarms(&change.alarms_raised) {
        let who = list(&viewers, lang);
        parts.push(lang.pick(
            format!(
                "⚠ 外洩警報:{} 的暗號 {} 經由卡片 {} 到了 {who}",
                leak.owner, leak.token, leak.card
            ),
            format!(
                "⚠ leak alarm: {}'s canary {} reaches {who} through card {}",
                leak.owner, leak.token, leak.card
            ),
        ));
    }
    for (leak, viewers) in alarms(&change.alarms_cleared) {
        let who = list(&viewers, lang);
        parts.push(lang.pick(
            format!("✓ 警報解除:{} 不再經由卡片 {} 到 {who}", leak.token, leak.card),
            format!(
                "✓ alarm cleared: {} no longer reaches {who} through card {}",
                leak.token, leak.card
            ),
        ));
    }
    if change.alarms_raised.is_empty() && change.alarms_cleared.is_empty() {
        parts.push(match change.alarms_now {
            0 => lang.pick("沒有警報", "no alarm").into(),
            n => lang.pick(
                format!("仍有 {n} 個外洩警報"),
                if n == 1 {
                    "1 leak alarm still on".into()
                } else {
                    format!("{n} leak alarms still on")
                },
            ),
        });
    } else if change.alarms_now == 0 {
        parts.push(lang.pick("現在沒有警報", "no alarm now").into());
    }
    parts
}

/// The summary on one line: its parts joined with " · ".
pub fn change_text(change: &Change, lang: Lang) -> String {
    change_parts(change, lang).join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_naturally() {
        assert_eq!(list(&[], Lang::En), "");
        assert_eq!(list(&["a"], Lang::En), "a");
        assert_eq!(list(&["a", "b"], Lang::En), "a and b");
        assert_eq!(list(&["a", "b", "c"], Lang::En), "a, b and c");
        assert_eq!(list(&["a", "b", "c"], Lang::ZhTw), "a、b 和 c");
        assert_eq!(
            list(&["1", "2", "3", "4", "5", "6", "7"], Lang::En),
            "1, 2, 3, 4, 5 and 2 more"
        );
    }

    #[test]
    fn multiset_difference_keeps_order_and_counts() {
        assert_eq!(minus(&["a", "b", "a", "c"], &["a", "c"]), ["b", "a"]);
        assert_eq!(minus::<&str>(&[], &["a"]), Vec::<&str>::new());
    }
}
