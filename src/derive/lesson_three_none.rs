//! A build without lesson 3 (a student's lessons 1 and 2): nothing of it is
//! derived, and none of its code is compiled in.

use std::rc::Rc;

use mixua_policy::ViewerId;
use yew::prelude::*;

use crate::store::state::AppState;

pub type ChartBars = ();
pub type CellBar = ();

pub fn cell_bar(_: &ChartBars, _: &ViewerId) -> CellBar {}

#[derive(Default)]
pub struct Third {
    pub on: bool,
    pub bars: ChartBars,
    pub prompt_of: Option<ViewerId>,
    pub more_parts: Rc<Vec<String>>,
}

#[hook]
pub fn use_lesson_three(_state: &AppState) -> Third {
    Third::default()
}
