//! The places of what a part draws (issue 28): where a
//! part is ([`Part`]), what its place shows until it is in ([`missing`]),
//! and the `later` part as the components it serves get it from the root:
//! a context of where it is, its retry and its words ([`Later`]), and one
//! context per drawn component ([`Drawn`]), which the component's stand-in
//! (made by [`stand_in!`], beside the component) reads. A component never
//! fetches a part: the root does, and draws it again when the part is in.
//! This module names no component: each drawn component's props type
//! names its own context, so no import goes round through here.

use mixua_course::Pack;
use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::views::Computed;
use crate::store::progress::Progress;
use crate::store::work::Doc;

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
pub type ResultCode = fn(&Pack, &Doc, &Computed, bool, &Progress, Option<u64>, &str, Lang) -> Html;

/// The words the `later` part gives the components once it is in (the
/// root makes them from the part's handle).
#[derive(Clone, Copy)]
pub struct Words {
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
    pub words: Option<Words>,
}

impl PartialEq for Later {
    fn eq(&self, other: &Later) -> bool {
        self.part == other.part
    }
}

/// One component the `later` part draws, as its stand-in finds it: the
/// part's function for props `P`, once the part is in. The root provides
/// one per drawn component. Compared by whether it is there (the function
/// is the same whenever it is).
pub struct Drawn<P: 'static> {
    pub draw: Option<fn(&P) -> Html>,
}

impl<P> Clone for Drawn<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Drawn<P> {}

impl<P> PartialEq for Drawn<P> {
    fn eq(&self, other: &Self) -> bool {
        self.draw.is_some() == other.draw.is_some()
    }
}

/// `Name(fn_name, Props, "place")`: a component that draws the `later`
/// part's function for `Props` ([`Drawn`]) once the part is in, else what
/// stands in its place (its panel's class), else, outside the root's
/// contexts, nothing.
macro_rules! stand_in {
    ($(#[doc = $doc:literal])* $name:ident($fn:ident, $props:ty, $place:literal)) => {
        $(#[doc = $doc])*
        #[function_component($name)]
        pub fn $fn(props: &$props) -> Html {
            let later = use_context::<$crate::components::later::Later>();
            let drawn = use_context::<$crate::components::later::Drawn<$props>>().and_then(|d| d.draw);
            match (drawn, later) {
                (Some(draw), _) => draw(props),
                (None, Some(l)) => $crate::components::later::missing(l.part, &l.retry, props.lang, $place),
                (None, None) => Html::default(),
            }
        }
    };
}
pub(crate) use stand_in;
