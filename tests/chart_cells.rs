//! The chart's cell lists (issue 52): derived once per revision, outside
//! the chart's render; after an edit, a cell whose view did not change gets
//! a list equal to the one it had (so its component, comparing its props,
//! renders nothing new), and a cell whose view changed gets its new cards.

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_course::seed_workspace_en;
use mixua_playground::derive::views::Computed;
use mixua_playground::derive::cells::{cell_limit, cell_lists};
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

#[test]
fn each_list_is_its_view_and_an_edit_changes_only_the_lists_of_the_cells_it_changed() {
    let ws = seed_workspace_en();
    let computed = Computed::new(&ws);
    let none = BTreeSet::new();
    let lists = cell_lists(&ws, &computed, &none);
    assert_eq!(lists.len(), computed.viewers.len());
    for (v, list) in lists.iter().enumerate() {
        let view = &computed.four.views[v];
        assert_eq!(list.total, view.len());
        let ids: Vec<&str> = list.shown.iter().map(|s| s.id.as_str()).collect();
        let expected: Vec<&str> = view.iter().map(|&i| ws.cards[i].id.as_str()).collect();
        assert_eq!(ids, expected);
        assert_eq!(list.leaks, computed.four.leaks[v]);
        assert_eq!(list.reids, computed.reid[v]);
    }
    // Each card's approval flipped in turn: a cell's list is equal to the
    // one before exactly when its view, leaks and findings are.
    let mut mixed = 0;
    for card in &ws.cards {
        let after = flipped(&ws, &card.id);
        let (now, _) = Computed::update_touched(&ws, &computed, &after, None);
        let next = cell_lists(&after, &now, &none);
        let mut same = Vec::new();
        for v in 0..now.viewers.len() {
            let unchanged = now.four.views[v] == computed.four.views[v] && now.four.leaks[v] == computed.four.leaks[v] && now.reid[v] == computed.reid[v];
            assert_eq!(*next[v] == *lists[v], unchanged, "{}: {:?}", card.id, now.viewers[v]);
            same.push(unchanged);
        }
        if same.iter().any(|s| *s) && same.iter().any(|s| !*s) {
            mixed += 1;
        }
    }
    assert!(mixed > 0, "some edit changes some cells and leaves others");
}

#[test]
fn a_big_chart_lists_a_few_cards_per_cell_and_an_expanded_cell_all_of_them() {
    assert_eq!(cell_limit(4), 40);
    assert_eq!(cell_limit(100), 8);
    let ws = seed_workspace_en();
    let computed = Computed::new(&ws);
    let first: ViewerId = computed.viewers[0].clone();
    let expanded: BTreeSet<ViewerId> = [first].into();
    let lists = cell_lists(&ws, &computed, &expanded);
    assert_eq!(lists[0].shown.len(), computed.four.views[0].len());
}
