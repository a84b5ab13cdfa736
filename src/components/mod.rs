//! One component per file. Props are data plus `on*` callbacks. A part of
//! the root's layout that renders whenever the root does and keeps no state
//! of its own (the top bar, classroom mode's tabs, the acting panels'
//! placement, the footer) is a view function instead, `view`, given a
//! struct of only what it shows: as components, those four cost the
//! students' wasm 4.2 kB gzip -9 (measured when `app.rs` was split) and
//! would skip no render.

pub mod about_me;
pub mod acting;
pub mod announcer;
pub mod assertions_panel;
pub mod act_as;
pub mod audit_log;
pub mod cache_panel;
pub mod below;
pub mod card_editor;
pub mod card_inspector;
pub mod card_row;
pub mod change_jump;
pub mod change_strip;
#[cfg(feature = "teacher")]
pub mod class_view;
pub mod compare;
pub mod files;
pub mod hit;
pub mod focus;
pub mod footer;
pub mod notice_bar;
pub mod people;
// Lesson 3's bar in each chart cell, its prompt panel and its settings:
// only in a build with the `lesson3` feature (without it, the bar is
// `prompt_bar_none.rs`, which shows nothing).
#[cfg(feature = "lesson3")]
pub mod prompt_bar;
#[cfg(not(feature = "lesson3"))]
#[path = "prompt_bar_none.rs"]
pub mod prompt_bar;
#[cfg(feature = "lesson3")]
pub mod lesson3;
#[cfg(not(feature = "lesson3"))]
#[path = "lesson3_none.rs"]
pub mod lesson3;
#[cfg(feature = "lesson3")]
pub mod prompt_panel;
#[cfg(feature = "lesson3")]
pub mod prompt_settings;
pub mod query_bar;
pub mod rejected_list;
pub mod retention;
pub mod scope_legend;
pub mod scorecards;
pub mod score_step;
// The teacher's tools (builder, pack share, class view) are the `teacher`
// feature; without it the Teacher menu is a link to the page that has them
// (issue 28: a student's first load carries only what a student uses).
#[cfg(feature = "teacher")]
pub mod teacher;
#[cfg(not(feature = "teacher"))]
#[path = "teacher_page.rs"]
pub mod teacher;
pub mod groups;
pub mod lesson_panel;
pub mod lesson_switch;
pub mod lesson_tools;
pub mod panel_tabs;
pub mod seating_chart;
pub mod timeline;
pub mod toolbar;
pub mod top_bar;
pub mod view_cell;
pub mod why_panel;
pub mod worksheet;

use mixua_policy::Field;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::state::{Action, Edit};

/// "1 card", "2 cards": the words crate's, for the components and the
/// notices alike.
pub use mixua_words::explain::count;

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

/// After the next render (the DOM is patched by then), focuses the first
/// element matching `selector` and brings its row or panel into view: an
/// effect of a click, so it lives in the handler, never in render. Tries
/// again a few times, since a render may still be pending.
pub fn focus_after_render(selector: String) {
    focus_when_there(selector, 10);
}

fn focus_when_there(selector: String, tries: u32) {
    gloo_timers::callback::Timeout::new(30, move || {
        let Ok(Some(el)) = gloo_utils::document().query_selector(&selector) else {
            if tries > 0 {
                focus_when_there(selector, tries - 1);
            }
            return;
        };
        // Its row or panel comes into view whole, at the top of the screen.
        let whole = el.closest("tr, section").ok().flatten().unwrap_or_else(|| el.clone());
        whole.scroll_into_view_with_bool(true);
        if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
            // Already in view, so focusing scrolls no further.
            let _ = el.focus();
        }
    })
    .forget();
}

/// The verdict of one card, in words: accepted, accepted but leaking (the
/// leaks the policy's evaluation found through it), or rejected with the
/// policy's reason.
pub fn verdict(rejection: Option<&mixua_policy::Rejection>, leaks: &[mixua_policy::Leak], lang: mixua_words::Lang) -> Html {
    use mixua_words::explain::{rejection_label, rejection_text};
    match rejection {
        None if leaks.is_empty() => html! {
            <span class="verdict ok" data-verdict="accepted"><span aria-hidden="true">{"✓ "}</span>{ pick!(lang, "有效", "accepted") }</span>
        },
        None => {
            let mut tokens: Vec<&str> = leaks.iter().map(|l| l.token.as_str()).collect();
            tokens.dedup();
            let viewers: Vec<&str> = leaks.iter().map(|l| l.viewer.as_str()).collect();
            html! {
                <span class="verdict leaks" data-verdict="leaks">
                    <span aria-hidden="true">{"⚠ "}</span>
                    <strong>{ pick!(lang, "有效,但造成外洩:", "accepted, but it leaks: ") }</strong>
                    { pick!(lang, 
                        format!("{} 被 {} 看到", tokens.join("、"), viewers.join("、")),
                        format!("{} reaches {}", tokens.join(", "), viewers.join(", ")),
                    ) }
                </span>
            }
        }
        Some(r) => html! {
            <span class="verdict no" data-verdict="rejected" data-reason={r.code()} title={rejection_text(r, lang)}>
                <span aria-hidden="true">{"✗ "}</span><strong>{ pick!(lang, "拒絕:", "rejected: ") }</strong>{ rejection_label(r, lang) }
            </span>
        },
    }
}

/// The callbacks that edit one card's fields, shared by the editor's row
/// and the inspector beside the chart.
pub struct CardEdits {
    index: usize,
    onaction: Callback<Action>,
}

impl CardEdits {
    pub fn new(index: usize, onaction: Callback<Action>) -> CardEdits {
        CardEdits { index, onaction }
    }

    /// A text field, on every keystroke.
    pub fn text(&self, field: Field) -> Callback<InputEvent> {
        let (index, onaction) = (self.index, self.onaction.clone());
        Callback::from(move |e: InputEvent| onaction.emit(Edit::EditText { index, field, value: event_value(&e) }.into()))
    }

    /// A select, on change.
    pub fn choose(&self, field: Field) -> Callback<Event> {
        let (index, onaction) = (self.index, self.onaction.clone());
        Callback::from(move |e: Event| onaction.emit(Edit::EditText { index, field, value: event_value(&e) }.into()))
    }

    /// The sharing-approved checkbox.
    pub fn approve(&self) -> Callback<Event> {
        let (index, onaction) = (self.index, self.onaction.clone());
        Callback::from(move |e: Event| onaction.emit(Edit::SetApproved { index, approved: event_checked(&e) }.into()))
    }
}
