//! A build without lesson 3 (a student's lessons 1 and 2): the chart's
//! cells have no prompt bar, and nothing of lesson 3 is compiled in.

use mixua_words::Lang;
use yew::prelude::*;

use crate::components::chart::on::CellOn;

pub use crate::derive::lesson_three::{cell_bar, CellBar, ChartBars};

pub fn view(_: &CellBar, _: bool, _: Lang, _: &CellOn) -> Html {
    Html::default()
}
