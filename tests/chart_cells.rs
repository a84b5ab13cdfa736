//! The chart's cell lists (issue 52): derived once per revision, a cell
//! whose list did not change keeps the very same value (so its component,
//! compared by identity, renders nothing new), and every list equals one
//! made from scratch.

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_course::seed_workspace_en;
use mixua_playground::computed::Computed;
use mixua_playground::derive::{cell_limit, cell_lists, CellList};
use mixua_playground::shared::Shared;
use mixua_policy::{ViewerId, Workspace};

/// The work with card `id`'s approval flipped, every other card the same `Rc`.
fn flipped(ws: &Workspace, id: &str) -> Workspace {
    let mut after = ws.clone();
    let at = after.cards.iter().position(|c| c.id == id).expect("the card");
    let mut card = (*after.cards[at]).clone();
    card.share_approved = !card.share_approved;
    after.cards[at] = Rc::new(card);
    after
}

fn kept(before: &[Shared<CellList>], after: &[Shared<CellList>]) -> Vec<bool> {
    before.iter().zip(after).map(|(b, a)| Rc::ptr_eq(&b.0, &a.0)).collect()
}

#[test]
fn an_edit_makes_new_lists_only_for_the_cells_it_changed() {
    let ws = seed_workspace_en();
    let computed = Computed::new(&ws);
    let none = BTreeSet::new();
    let lists = cell_lists(&ws, &computed, &none, None);
    assert_eq!(lists.len(), computed.viewers.len());
    // Each card's approval flipped in turn: a cell keeps its very list
    // exactly when what it lists is the same, and every list is the one
    // made from scratch.
    let mut mixed = 0;
    for card in &ws.cards {
        let after = flipped(&ws, &card.id);
        let (now, _) = Computed::update_touched(&ws, &computed, &after, None);
        let next = cell_lists(&after, &now, &none, Some((&ws, &computed, &lists)));
        let fresh = cell_lists(&after, &now, &none, None);
        let kept_now = kept(&lists, &next);
        for (v, viewer) in now.viewers.iter().enumerate() {
            assert_eq!(*next[v], *fresh[v], "{}: {viewer:?}'s list", card.id);
            assert_eq!(kept_now[v], *lists[v] == *fresh[v], "{}: {viewer:?} keeps its list only when it is the same", card.id);
        }
        if kept_now.iter().any(|k| *k) && kept_now.iter().any(|k| !*k) {
            mixed += 1;
        }
    }
    // Some edit changed some cells and left the others as they were.
    assert!(mixed > 0);
}

#[test]
fn a_new_card_rc_with_the_same_text_keeps_the_list() {
    // An edit of a card's approval that changes no view (X stays rejected):
    // the card is a new `Rc`, but every list comes out equal and is kept.
    let ws = seed_workspace_en();
    let computed = Computed::new(&ws);
    let none = BTreeSet::new();
    let lists = cell_lists(&ws, &computed, &none, None);
    let after = flipped(&ws, "X");
    let (now, _) = Computed::update_touched(&ws, &computed, &after, None);
    if now.four.views == computed.four.views {
        let next = cell_lists(&after, &now, &none, Some((&ws, &computed, &lists)));
        assert!(kept(&lists, &next).into_iter().all(|k| k));
    }
}

#[test]
fn an_expanded_cell_lists_every_card_and_the_others_keep_theirs() {
    let ws = seed_workspace_en();
    let computed = Computed::new(&ws);
    let none = BTreeSet::new();
    let lists = cell_lists(&ws, &computed, &none, None);
    let first: ViewerId = computed.viewers[0].clone();
    let expanded: BTreeSet<ViewerId> = [first].into();
    let next = cell_lists(&ws, &computed, &expanded, Some((&ws, &computed, &lists)));
    // The seed's views are shorter than the limit: nothing to show more, so
    // every list is kept as it was.
    assert!(computed.four.views.iter().all(|v| v.len() <= cell_limit(computed.viewers.len())));
    assert!(kept(&lists, &next).into_iter().all(|k| k));
    for (v, list) in next.iter().enumerate() {
        assert_eq!(list.total, computed.four.views[v].len());
        assert_eq!(list.shown.len(), computed.four.views[v].len());
    }
}
