//! One retrieved card in a chart cell: its own component, so that when a
//! view changes (a card enters or leaves it) only the entries that changed
//! render again; the others are compared by their props and skipped.

use mixua_policy::ViewerId;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::focus::focus_soon;
use crate::components::chart::on::CellOn;

#[derive(Properties, PartialEq)]
pub struct HitProps {
    /// The card's index in the workspace (what "why" asks about).
    pub index: usize,
    pub id: AttrValue,
    pub lesson: AttrValue,
    /// It entered this view in the last step.
    pub gained: bool,
    /// The cell's viewer, whose decision "why" explains.
    pub viewer: ViewerId,
    pub lang: Lang,
    pub on: CellOn,
}

/// Asks why card `index` is or is not in `viewer`'s view: the why panel
/// opens on it (and, from the keyboard, takes the focus).
pub fn inspect(on: &CellOn, viewer: &ViewerId, index: usize) -> Callback<MouseEvent> {
    let (on, viewer) = (on.inspect.clone(), viewer.clone());
    Callback::from(move |e: MouseEvent| {
        on.emit((index, viewer.clone()));
        // Opened from the keyboard (Enter or Space: a click with no
        // pointer detail): the why panel takes the focus; Escape there
        // comes back to this cell.
        if e.detail() == 0 {
            focus_soon(vec!["[data-panel=\"why\"]".into()]);
        }
        // On a phone the card's editor opens as a sheet over the lower
        // part of the screen: the tapped cell comes to the top (under
        // the change strip), where an edit's change shows.
        let narrow = gloo_utils::window().inner_width().ok().and_then(|w| w.as_f64()).is_some_and(|w| w <= 700.0);
        if narrow {
            let cell = e.target_dyn_into::<web_sys::Element>().and_then(|t| t.closest("td[data-view]").ok().flatten());
            if let Some(cell) = cell {
                cell.scroll_into_view_with_bool(true);
            }
        }
    })
}

#[function_component(Hit)]
pub fn hit(props: &HitProps) -> Html {
    let lang = props.lang;
    html! {
        <li data-card-id={props.id.clone()} class={classes!(props.gained.then_some("entered"))}>
            // The name is the visible text plus a hidden "explain why", so
            // speech input can say what it sees.
            <button type="button" class="hit" tabindex="-1" onclick={inspect(&props.on, &props.viewer, props.index)}>
                if props.gained {
                    <span class="delta" aria-hidden="true">{"+"}</span>
                    <span class="sr-only">{ pick!(lang, "新進 ", "new: ") }</span>
                }
                <span class="sr-only">{ pick!(lang, "卡片 ", "Card ") }</span>
                <span class="badge">{ props.id.clone() }</span>{" "}
                <span class="lesson">{ props.lesson.clone() }</span>
                <span class="sr-only">{ pick!(lang, "(說明為什麼)", " (explain why)") }</span>
            </button>
        </li>
    }
}
