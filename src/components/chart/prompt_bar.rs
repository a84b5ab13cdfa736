//! Lesson 3's stacked bar in each chart cell: the cell's prompt by source
//! against the budget, each source its own pattern (not colour alone), the
//! tokens in text and the whole as the button's name. Choosing it opens the
//! cell's prompt in the inspector. Without the `lesson3` feature this
//! module is `components/chart/prompt_bar_none.rs`, which shows nothing.


use mixua_words::Lang;
use yew::prelude::*;

use crate::components::focus::focus_soon;
use crate::components::chart::on::CellOn;

pub use crate::derive::lesson_three::{cell_bar, CellBar, ChartBars};

/// The bar, as a button in the cell (one of the cell's inner stops: the
/// grid's Enter goes in).
pub fn view(bar: &CellBar, chosen: bool, lang: Lang, on: &CellOn) -> Html {
    let Some(bar) = bar else { return Html::default() };
    let scale = bar.scale.max(bar.used).max(1);
    let onclick = {
        let (on, viewer) = (on.clone(), bar.viewer.clone());
        Callback::from(move |e: MouseEvent| {
            on.prompt.emit(viewer.clone());
            // On a phone the prompt opens as a sheet over the lower part of
            // the screen (as lesson 1's card editor does), and the tapped
            // cell comes to the top, above it, where its bar shows the
            // effect of an edit made in the sheet.
            on.sheet.emit(true);
            let narrow = gloo_utils::window().inner_width().ok().and_then(|w| w.as_f64()).is_some_and(|w| w <= 700.0);
            if narrow {
                let cell = e.target_dyn_into::<web_sys::Element>().and_then(|t| t.closest("td[data-view]").ok().flatten());
                if let Some(cell) = cell {
                    cell.scroll_into_view_with_bool(true);
                }
            }
            // From the keyboard (no pointer detail), or on a phone: the
            // panel takes the focus.
            if e.detail() == 0 || narrow {
                focus_soon(vec!["[data-panel=\"prompt\"]".into()]);
            }
        })
    };
    html! {
        <button type="button" tabindex="-1" class={classes!("prompt-bar", chosen.then_some("chosen"))}
            data-prompt-bar={bar.viewer.key()} data-used={bar.used.to_string()} data-scale={bar.scale.to_string()}
            aria-label={bar.label.clone()} aria-pressed={chosen.to_string()} {onclick}>
            <span class={classes!("bar", (bar.used > bar.scale && bar.bounded).then_some("over"))} aria-hidden="true">
                { for bar.segments.iter().map(|(source, tokens)| {
                    let width = (*tokens as f64) * 100.0 / scale as f64;
                    html! {
                        <span class={classes!("seg", format!("src-{}", source.as_str()))} data-source={source.as_str()}
                            style={format!("width:{width:.1}%")}></span>
                    }
                }) }
            </span>
            <span class="bar-text" aria-hidden="true">{ pick!(lang, "提示詞 ", "prompt ") }{ &bar.text }</span>
        </button>
    }
}
