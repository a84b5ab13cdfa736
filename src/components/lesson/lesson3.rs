//! Lesson 3's part of the inspector column: the prompt panel and the
//! settings, laid out from what `derive/lesson_three.rs` derived, and the
//! effect that brings a step's control into its column. Without the
//! `lesson3` feature this module is `components/lesson/lesson3_none.rs`.

use yew::prelude::*;

use crate::components::inspector::prompt_panel::PromptPanel;
use crate::components::inspector::prompt_settings::PromptSettings;
use crate::derive::lesson_three::Third;
use crate::store::state::{Action, AppState};

/// The inspector column's prompt panel and settings.
pub fn side(third: &Third, state: &AppState, onaction: &Callback<Action>) -> Html {
    if !third.on {
        return Html::default();
    }
    let lang = state.ui.session.lang;
    let s = &*third.settings;
    html! {
        <>
            <PromptPanel view={third.panel.clone()} viewers={third.viewers.clone()} cards={third.cards.clone()}
                diagnosis={third.diagnosis.clone()} sheet={state.ui.screen.prompt_sheet} {lang} onaction={onaction.clone()} />
            <PromptSettings
                budgets={s.budgets.clone()}
                top_k={s.top_k}
                loads={s.loads.clone()}
                weights={s.weights.clone()}
                unreadable={s.unreadable}
                card={third.card.clone()}
                cards={third.cards.clone()}
                said={third.more_parts.clone()}
                now={third.now}
                before={third.before}
                {lang}
                onaction={onaction.clone()} />
        </>
    }
}

/// When a step opens, the control it names (the pack's `points_to`) is
/// brought into its column, which scrolls inside itself (issue 50).
#[hook]
pub fn use_points_to(state: &AppState) {
    let on = state.ui.lesson_three_panels();
    let points_to = if on { state.ui.exercise().and_then(|e| e.points_to.clone()) } else { None };
    use_effect_with((state.ui.lesson_step, points_to), |(_, points_to)| {
        if let Some(selector) = points_to.clone() {
            column_to(selector, 20);
        }
    });
}

/// Scrolls the side column the element `selector` names is in (it scrolls
/// inside itself on a wide screen) so that the element's group (its
/// fieldset, else its panel) starts at the column's top, unless the element
/// is already whole in view, or is a whole panel taller than the column
/// (already on screen in part). Tries again while the element is not there
/// yet (a panel of a part still loading). Never scrolls the page.
fn column_to(selector: String, tries: u32) {
    gloo_timers::callback::Timeout::new(50, move || {
        let Some(el) = crate::components::focus::in_app(&selector) else {
            if tries > 0 {
                column_to(selector, tries - 1);
            }
            return;
        };
        let Ok(Some(column)) = el.closest(".side, .lesson-col") else { return };
        // Only a column that scrolls inside itself (not on a phone).
        if column.scroll_height() <= column.client_height() {
            return;
        }
        let (at, box_) = (column.get_bounding_client_rect(), el.get_bounding_client_rect());
        let whole = box_.top() >= at.top() && box_.bottom() <= at.top() + f64::from(column.client_height());
        if whole || box_.height() > f64::from(column.client_height()) {
            return;
        }
        let group = el.closest("fieldset").ok().flatten().or_else(|| el.closest("section").ok().flatten()).unwrap_or(el);
        let delta = group.get_bounding_client_rect().top() - at.top() - 4.0;
        column.set_scroll_top(column.scroll_top() + delta as i32);
    })
    .forget();
}

