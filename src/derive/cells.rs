//! What each chart cell shows, derived once per revision (issue 52): its
//! list, the last step's change marks and the selected card's reach.

use std::rc::Rc;

/// What the last edit, undo or redo did to this cell (the crate's change,
/// for one viewer): marked until the next step.
#[derive(Clone, PartialEq, Default)]
pub struct Delta {
    /// Cards that entered the view.
    pub gained: Vec<String>,
    /// Cards that left it.
    pub lost: Vec<String>,
}

/// Where the selected card reaches, for this cell.
#[derive(Clone, PartialEq)]
pub struct Reach {
    pub index: usize,
    pub id: String,
    pub allowed: bool,
}

/// One retrieved card, as a chart cell lists it: id and lesson only.
#[derive(Clone, PartialEq)]
pub struct Shown {
    pub index: usize,
    pub id: yew::AttrValue,
    pub lesson: yew::AttrValue,
}

/// What one chart cell lists (issue 52): its first cards (all of them once
/// the cell is expanded), how many it retrieves, its leaks and the probe's
/// findings. Derived once per (work, views, expanded cells) by
/// [`cell_lists`], never in render; a cell component compares its list by
/// value, so a cell whose list did not change renders nothing new.
#[derive(PartialEq, Default)]
pub struct CellList {
    pub shown: Vec<Shown>,
    pub total: usize,
    pub leaks: Vec<mixua_policy::Leak>,
    pub reids: Vec<mixua_policy::Finding>,
}

/// How many cards a cell of a chart of `cells` cells lists before "Show
/// all": a big chart is read by its counts.
pub fn cell_limit(cells: usize) -> usize {
    if cells > 16 {
        crate::CELL_LIMIT / 5
    } else {
        crate::CELL_LIMIT
    }
}

/// Every chart cell's list, in viewer order, from the views `computed` of
/// `ws` (cells in `expanded` list all their cards).
pub fn cell_lists(
    ws: &mixua_policy::Workspace,
    computed: &crate::derive::views::Computed,
    expanded: &std::collections::BTreeSet<mixua_policy::ViewerId>,
) -> Vec<Rc<CellList>> {
    let limit = cell_limit(computed.viewers.len());
    computed
        .viewers
        .iter()
        .enumerate()
        .map(|(v, viewer)| {
            let view = &computed.four.views[v];
            let limit = if expanded.contains(viewer) { usize::MAX } else { limit };
            Rc::new(CellList {
                shown: view
                    .iter()
                    .take(limit)
                    .map(|&i| Shown { index: i, id: ws.cards[i].id.clone().into(), lesson: ws.cards[i].lesson.clone().into() })
                    .collect(),
                total: view.len(),
                leaks: computed.four.leaks[v].clone(),
                reids: computed.reid[v].clone(),
            })
        })
        .collect()
}

/// What `change` did to each of `viewers`' cells (`None`: nothing there).
pub fn deltas(change: Option<&mixua_policy::Change>, viewers: &[mixua_policy::ViewerId]) -> Vec<Option<Delta>> {
    viewers
        .iter()
        .map(|viewer| {
            let change = change.filter(|c| c.touches(viewer))?;
            let cell = change.cell(viewer);
            Some(Delta { gained: cell.map(|d| d.gained.clone()).unwrap_or_default(), lost: cell.map(|d| d.lost.clone()).unwrap_or_default() })
        })
        .collect()
}

/// Whether the card at `index` of `ws` reaches each cell of the views
/// `computed` (empty when there is no such card).
pub fn reach(ws: &mixua_policy::Workspace, computed: &crate::derive::views::Computed, index: usize) -> Vec<Option<Reach>> {
    let Some(card) = ws.cards.get(index) else { return Vec::new() };
    computed
        .viewers
        .iter()
        .map(|viewer| Some(Reach { index, id: card.id.clone(), allowed: computed.access(ws, index, viewer.viewer()).allowed() }))
        .collect()
}
