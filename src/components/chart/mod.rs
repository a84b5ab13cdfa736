//! The chart at the centre: the seating chart of viewers × cards, each cell,
//! its prompt bar (lesson 3), the change strip and the query bar.

mod grid_keys;
pub mod seating_chart;
pub mod view_cell;
pub mod hit;
pub mod on;
pub mod scope_legend;
#[cfg(feature = "lesson3")]
pub mod prompt_bar;
#[cfg(not(feature = "lesson3"))]
#[path = "prompt_bar_none.rs"]
pub mod prompt_bar;
pub mod change_strip;
pub mod change_jump;
pub mod query_bar;
pub mod rejected_list;
