//! The places of what a part draws (issue 28): where a
//! part is ([`Part`]), what its place shows until it is in ([`missing`]),
//! and the `later` part as the components it serves get it from the root,
//! a context ([`Later`]): where it is, its retry, and its functions once
//! it is in ([`Draws`]). A component never fetches a part: the root does,
//! and draws it again when the part is in.

use mixua_course::Pack;
use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::chart::change_jump::ChangeJumpProps;
use crate::components::inspector::card_editor::CardEditorProps;
use crate::components::inspector::card_inspector::CardInspectorProps;
use crate::components::inspector::compare::CompareProps;
use crate::components::inspector::people::PeopleProps;
use crate::components::inspector::why_panel::WhyPanelProps;
use crate::components::lesson::score_step::ScoreStepProps;
use crate::components::menus::files::FilesProps;
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

/// What the `later` part draws and words for the components, once it is in
/// (the root makes it from the part's handle).
#[derive(Clone, Copy)]
pub struct Draws {
    pub card_inspector: fn(&CardInspectorProps) -> Html,
    pub why_card: fn(&WhyPanelProps) -> Html,
    pub card_editor: fn(&CardEditorProps) -> Html,
    pub people: fn(&PeopleProps) -> Html,
    pub compare: fn(&CompareProps) -> Html,
    pub files: fn(&FilesProps) -> Html,
    pub score_step: fn(&ScoreStepProps) -> Html,
    pub change_jump: fn(&ChangeJumpProps) -> Html,
    pub explained: Explain,
    pub change_words: crate::derive::change::ChangeWords,
    pub result_code: ResultCode,
}

/// The part of the panels a first screen does not show (`later`), as the
/// root has it: wanted once the first screen is shown and painted, so
/// nothing the first screen draws waits for it, and handed to the
/// components it draws as a context. Compared by where the part is only
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

impl Later {
    /// `draw` with the part's functions once it is in, else what stands in
    /// its place ([`missing`], `place` its panel's class).
    pub fn draw(&self, lang: Lang, place: &'static str, draw: impl FnOnce(&Draws) -> Html) -> Html {
        match &self.draws {
            Some(draws) => draw(draws),
            None => missing(self.part, &self.retry, lang, place),
        }
    }
}

/// `Name(fn_name, Props, "place") = function`: a component that draws the
/// `later` part's `function` of its props once the part is in, else what
/// stands in its place (its panel's class).
macro_rules! stand_in {
    ($(#[doc = $doc:literal])* $name:ident($fn:ident, $props:ty, $place:literal) = $f:ident) => {
        $(#[doc = $doc])*
        #[function_component($name)]
        pub fn $fn(props: &$props) -> Html {
            let later = use_context::<Later>();
            later.map_or_else(Html::default, |l| l.draw(props.lang, $place, |d| (d.$f)(props)))
        }
    };
}

stand_in!(
    /// The card inspector, once the `later` part is in.
    LazyCardInspector(lazy_card_inspector, CardInspectorProps, "inspector") = card_inspector
);
stand_in!(
    /// The card's Why, once the `later` part is in.
    LazyWhyCard(lazy_why_card, WhyPanelProps, "why") = why_card
);
stand_in!(
    /// The card editor, once the `later` part is in.
    LazyCardEditor(lazy_card_editor, CardEditorProps, "editor") = card_editor
);
stand_in!(
    /// The people panel, once the `later` part is in.
    LazyPeople(lazy_people, PeopleProps, "people") = people
);
stand_in!(
    /// The comparison, once the `later` part is in.
    LazyCompare(lazy_compare, CompareProps, "compare") = compare
);
stand_in!(
    /// The Work menu's contents, once the `later` part is in.
    LazyFiles(lazy_files, FilesProps, "files-body") = files
);
stand_in!(
    /// A scoring step's scorecards, once the `later` part is in.
    LazyScoreStep(lazy_score_step, ScoreStepProps, "score-step") = score_step
);
