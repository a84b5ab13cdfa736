//! A build without lesson 3 (a student's lessons 1 and 2): nothing of it is
//! shown, and none of its code is compiled in.

use yew::prelude::*;

use crate::derive::lesson_three::Third;
use crate::store::state::{Action, AppState};

pub fn side(_: &Third, _: &AppState, _: &Callback<Action>) -> Html {
    Html::default()
}

#[hook]
pub fn use_points_to(_state: &AppState) {}
