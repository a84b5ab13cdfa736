//! One component per file. Props are data plus `on*` callbacks. A part of
//! the root's layout that renders whenever the root does and keeps no state
//! of its own (the top bar, classroom mode's tabs, the acting panels'
//! placement, the footer) is a view function instead, `view`, given a
//! struct of only what it shows: as components, those four cost the
//! students' wasm 4.2 kB gzip -9 (measured when `root/app.rs` was split) and
//! would skip no render.

// Grouped by where they sit on the screen (../shared/DESIGN.md): the
// chart at the centre, the inspector on the right, the lesson on the left,
// time (lesson 2's timeline and log), the menus, and the teacher's tools.
pub mod chart;
pub mod inspector;
pub mod lesson;
pub mod menus;
pub mod teacher;
pub mod time;
// Used by every region: the live region, where focus goes, drawers and downloads.
pub mod announcer;
pub mod download;
#[cfg(feature = "teacher")]
pub mod drawer;
pub mod focus;
// Where what a part draws goes, until the part is in.
pub mod later;

use mixua_policy::Field;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::store::state::{Action, Edit};

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
/// and the inspector beside the chart; each edit names the card by the id
/// shown.
pub struct CardEdits {
    card: String,
    onaction: Callback<Action>,
}

impl CardEdits {
    pub fn new(card: &str, onaction: Callback<Action>) -> CardEdits {
        CardEdits { card: card.to_string(), onaction }
    }

    /// A text field, on every keystroke.
    pub fn text(&self, field: Field) -> Callback<InputEvent> {
        let (card, onaction) = (self.card.clone(), self.onaction.clone());
        Callback::from(move |e: InputEvent| onaction.emit(Edit::EditText { card: card.clone(), field, value: event_value(&e) }.into()))
    }

    /// A select, on change.
    pub fn choose(&self, field: Field) -> Callback<Event> {
        let (card, onaction) = (self.card.clone(), self.onaction.clone());
        Callback::from(move |e: Event| onaction.emit(Edit::EditText { card: card.clone(), field, value: event_value(&e) }.into()))
    }

    /// The sharing-approved checkbox.
    pub fn approve(&self) -> Callback<Event> {
        let (card, onaction) = (self.card.clone(), self.onaction.clone());
        Callback::from(move |e: Event| onaction.emit(Edit::SetApproved { card: card.clone(), approved: event_checked(&e) }.into()))
    }
}
