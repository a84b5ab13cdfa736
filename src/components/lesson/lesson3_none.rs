//! A build without lesson 3 (a student's lessons 1 and 2): nothing of it is
//! derived or shown, and none of its code is compiled in.

use std::rc::Rc;

use mixua_policy::ViewerId;
use yew::prelude::*;

use crate::components::chart::prompt_bar::ChartBars;
use crate::store::state::{Action, AppState};

#[derive(Default)]
pub struct Third {
    pub on: bool,
    pub bars: ChartBars,
    pub prompt_of: Option<ViewerId>,
    pub more_parts: Rc<Vec<String>>,
    pub side: Html,
}

#[hook]
pub fn use_lesson_three(_state: &AppState, _onaction: &Callback<Action>) -> Third {
    Third::default()
}
