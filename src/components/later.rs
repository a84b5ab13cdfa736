//! The places of what a part draws (issue 28): where a
//! part is ([`Part`]), what its place shows until it is in ([`missing`]),
//! and the `later` part as the components it serves get it from the root:
//! a context of where it is, its retry, and what it draws and words
//! ([`Later`]), which a drawn component's stand-in (made by [`stand_in!`],
//! beside the component) reads. A component never fetches a part: the
//! root does, and draws it again when the part is in. This module names
//! no component (a drawn component takes its props as `&dyn Any`), so no
//! import goes round through here.

use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::views::Computed;

pub use crate::store::arrival::Part;

/// What a part's place shows while it is not in: nothing while it is
/// fetched (a moment, from the service worker's copy after one visit), or
/// why it is missing and a button to fetch it again, as a panel where the
/// part's own would be (`place`: its panel's class, which places it).
pub fn missing(part: Part, retry: &Callback<()>, lang: Lang, place: &'static str) -> Html {
    if part != Part::Failed {
        return html! { <div class={classes!("part-loading", place)} aria-busy="true"></div> };
    }
    let onclick = retry.reform(|_: MouseEvent| ());
    html! {
        <section class={classes!("panel", "part-failed", place)} role="alert">
            <p><span aria-hidden="true">{ "⚠ " }</span>{ pick!(lang, 
                "這部分的程式沒能下載(離線了嗎?)。你的作品都還在。",
                "This part of the playground could not be downloaded (offline?). Your work is all still here.",
            ) }</p>
            <button type="button" {onclick}>{ pick!(lang, "再試一次", "Try again") }</button>
        </section>
    }
}

/// A reveal's explanations of a cell's list (`chart::seating_chart::explained`).
pub type Explain = fn(&Workspace, &Computed, &[usize], &ViewerId, Lang) -> Vec<String>;

/// The lesson panel's result code (`lesson::lesson_panel::result_code`).
pub type ResultCode = fn(&crate::derive::course::ResultCode, Lang) -> Html;

/// One component the `later` part draws, given its props as `&dyn Any`
/// (the props' type is the component's own: this module names none, so
/// no import goes round through here). Its stand-in ([`stand_in!`],
/// beside the component) hands it its props; the part's function draws
/// nothing for props of another type.
pub type Draw = fn(&dyn std::any::Any) -> Html;

/// What the `later` part draws and words for the components, once it is
/// in (the root makes it from the part's handle).
#[derive(Clone, Copy)]
pub struct Draws {
    pub card_inspector: Draw,
    pub why_card: Draw,
    pub card_editor: Draw,
    pub people: Draw,
    pub compare: Draw,
    pub files: Draw,
    pub score_step: Draw,
    pub change_jump: Draw,
    pub explained: Explain,
    pub change_words: crate::derive::change::ChangeWords,
    pub result_code: ResultCode,
}

/// The part of the panels a first screen does not show (`later`), as the
/// root has it: wanted once the first screen is shown and painted, so
/// nothing the first screen draws waits for it, and handed to the
/// components it serves as a context. Compared by where the part is only
/// (its functions are there exactly when it is in): the retry of any
/// render fetches it again.
#[derive(Clone)]
pub struct Later {
    pub part: Part,
    pub retry: Callback<()>,
    pub draws: Option<Draws>,
}

impl PartialEq for Later {
    fn eq(&self, other: &Later) -> bool {
        self.part == other.part
    }
}

/// `Name(fn_name, Props, "place") = draw`: a component that draws the
/// `later` part's `draw` of its props once the part is in, else what
/// stands in its place (its panel's class), else, outside the root's
/// context, nothing.
macro_rules! stand_in {
    ($(#[doc = $doc:literal])* $name:ident($fn:ident, $props:ty, $place:literal) = $draw:ident) => {
        $(#[doc = $doc])*
        #[function_component($name)]
        pub fn $fn(props: &$props) -> Html {
            match use_context::<$crate::components::later::Later>() {
                Some($crate::components::later::Later { draws: Some(d), .. }) => (d.$draw)(props),
                Some(l) => $crate::components::later::missing(l.part, &l.retry, props.lang, $place),
                None => Html::default(),
            }
        }
    };
}
pub(crate) use stand_in;
