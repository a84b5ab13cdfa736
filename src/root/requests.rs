//! What each region's components may ask for, made once per render from
//! the root's dispatcher, which never changes: each request is one action
//! (`crate::store::action::On`), so a component never holds the
//! dispatcher, and its requests compare equal from render to render.

use yew::Callback;

use crate::components::chart::on::{CellOn, ChartOn};
use crate::store::action::On;
use crate::store::state::{Action, Edit, UiAction};

/// The chart's and its cells' requests.
pub fn chart(to: &Callback<Action>) -> ChartOn {
    ChartOn {
        cell: CellOn {
            inspect: On::new(to, |(card, viewer)| UiAction::Inspect { card, viewer }.into()),
            expand: On::new(to, |viewer| UiAction::ExpandCell(viewer).into()),
            predict: On::new(to, |(viewer, card)| Edit::TogglePrediction { viewer, card }.into()),
            #[cfg(feature = "lesson3")]
            prompt: On::new(to, |viewer| UiAction::ShowPrompt(viewer).into()),
            #[cfg(feature = "lesson3")]
            sheet: On::new(to, |open| UiAction::PromptSheet(open).into()),
        },
        mode: On::new(to, |mode| UiAction::SetMode(mode).into()),
        tick: On::new(to, |tick| UiAction::SetTick(tick).into()),
        about: On::new(to, |user| UiAction::AboutMe(user).into()),
    }
}

/// A card selected (its editor and its why open beside the chart).
pub fn select(to: &Callback<Action>) -> On<Option<usize>> {
    On::new(to, |card| UiAction::Select(card).into())
}
