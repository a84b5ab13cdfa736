//! The chart's keys: a grid of cells, moved through with the arrow keys,
//! Home and End, entered with Enter and left with Escape (the WAI-ARIA grid
//! pattern), each an effect of a key press that moves the focus itself.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::focus::focus_element;

/// The chart cell an element is or is in.
pub(super) fn cell_of(el: &web_sys::Element) -> Option<web_sys::Element> {
    el.closest("[data-pos]").ok().flatten()
}

pub(super) fn position(cell: &web_sys::Element) -> Option<usize> {
    cell.get_attribute("data-pos")?.parse().ok()
}

/// The controls inside a cell (its cards, the reach mark, the prediction
/// boxes), in order.
fn items(cell: &web_sys::Element) -> Vec<web_sys::Element> {
    let Ok(list) = cell.query_selector_all("button, input") else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok()).collect()
}

/// The grid's keys (an effect of a key press, so it moves the focus
/// itself). On a cell: arrows move to the next cell, Home and End to the
/// row's ends (with Ctrl, the grid's), Enter into the cell's cards. On a
/// card inside: up and down move between them, Escape back to the cell.
/// Returns whether the key was the grid's.
pub(super) fn grid_key(e: &KeyboardEvent, rows: usize, columns: usize) -> bool {
    let Some(target) = e.target_dyn_into::<web_sys::Element>() else { return false };
    let Some(cell) = cell_of(&target) else { return false };
    let Some(pos) = position(&cell) else { return false };
    let grid = cell.closest("table").ok().flatten();
    let go = |to: usize| {
        let found = grid.as_ref().and_then(|g| g.query_selector(&format!("[data-pos=\"{to}\"]")).ok().flatten());
        if let Some(next) = found {
            focus_element(&next);
        }
    };
    let key = e.key();
    if target.is_same_node(Some(&cell)) {
        let (row, column) = (pos / columns.max(1), pos % columns.max(1));
        let ctrl = e.ctrl_key() || e.meta_key();
        let to = match key.as_str() {
            "ArrowRight" => (column + 1 < columns).then_some(pos + 1),
            "ArrowLeft" => (column > 0).then(|| pos - 1),
            "ArrowDown" => (row + 1 < rows).then_some(pos + columns),
            "ArrowUp" => (row > 0).then(|| pos - columns),
            "Home" if ctrl => Some(0),
            "End" if ctrl => Some((rows * columns).saturating_sub(1)),
            "Home" => Some(row * columns),
            "End" => Some(row * columns + columns - 1),
            "Enter" | "F2" => {
                if let Some(first) = items(&cell).first() {
                    focus_element(first);
                }
                return true;
            }
            _ => return false,
        };
        if let Some(to) = to {
            go(to);
        }
        return true;
    }
    // Inside the cell.
    let inside = items(&cell);
    let at = inside.iter().position(|el| el.is_same_node(Some(&target)));
    match (key.as_str(), at) {
        ("Escape", _) => {
            focus_element(&cell);
        }
        ("ArrowDown", Some(i)) => {
            if let Some(next) = inside.get(i + 1) {
                focus_element(next);
            }
        }
        ("ArrowUp", Some(i)) => {
            if let Some(previous) = i.checked_sub(1).and_then(|i| inside.get(i)) {
                focus_element(previous);
            }
        }
        _ => return false,
    }
    true
}
