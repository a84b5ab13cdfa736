//! One component per file. Props are data plus `on*` callbacks.

pub mod card_editor;
pub mod card_row;
pub mod compare;
pub mod files;
pub mod notice_bar;
pub mod people;
pub mod query_bar;
pub mod rejected_list;
pub mod scope_legend;
pub mod scorecards;
pub mod lesson_panel;
pub mod seating_chart;
pub mod toolbar;
pub mod view_cell;
pub mod why_panel;

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The value of the input, select or textarea an event came from.
pub fn event_value(e: &Event) -> String {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.value()
    } else if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
        select.value()
    } else if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

/// Whether the checkbox an event came from is now ticked.
pub fn event_checked(e: &Event) -> bool {
    e.target_dyn_into::<HtmlInputElement>().is_some_and(|i| i.checked())
}
