//! The lesson on the left: the exercise, its checks and hints, the lesson
//! switch, scoring steps, the worksheet and the assertions panel.

pub mod lesson_panel;
#[cfg(feature = "lesson3")]
pub mod lesson3;
#[cfg(not(feature = "lesson3"))]
#[path = "lesson3_none.rs"]
pub mod lesson3;
pub mod lesson_switch;
pub mod lesson_tools;
pub mod score_step;
pub mod scorecards;
pub mod worksheet;
pub mod assertions_panel;
