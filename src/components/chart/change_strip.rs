use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::change::step_label;
use crate::store::state::StepKind;

#[derive(Properties, PartialEq)]
pub struct ChangeStripProps {
    pub kind: StepKind,
    /// The crate's summary of the change, piece by piece ([`mixua_words::change_parts`]).
    pub pieces: Vec<String>,
    pub lang: Lang,
}

/// One short strip in words under the chart's alarm line: what the last
/// edit, undo or redo changed. It stays until the next step. The live
/// region says the same words (once per step), so this is not one.
#[function_component(ChangeStrip)]
pub fn change_strip(props: &ChangeStripProps) -> Html {
    let kind = match props.kind {
        StepKind::Edit => "edit",
        StepKind::Undo => "undo",
        StepKind::Redo => "redo",
    };
    html! {
        <p class="change-strip" data-change={kind}>
            <span class="icon" aria-hidden="true">{"↻ "}</span>
            <strong>{ step_label(props.kind, props.lang) }</strong>
            { props.pieces.join(" · ") }
        </p>
    }
}
