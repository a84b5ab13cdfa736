//! Everything the screen shows that is derived from the work, asked of the
//! crates once per revision ([`per_revision`]), never in render: the views
//! ([`views`]), the lesson's checks ([`checks`], [`course`]), what an edit
//! changed ([`change`]), the assertions and lesson 3's prompts.

// The work's assertions (issue 53): judged once per revision, edited as one step.
pub mod assertions;
pub mod cells;
pub mod change;
pub mod checks;
pub mod course;
pub mod derived;
pub(crate) mod per_revision;
pub mod result_code;
pub mod scores;
// Lesson 3, what reaches the prompt: only in a build with it (issue 28's
// pages: `lesson3.html` has it, a student's `index.html` does not).
#[cfg(feature = "lesson3")]
pub mod prompts;
pub mod views;
// Lesson 3's derivation: nothing in a build without it.
#[cfg(feature = "lesson3")]
pub mod lesson_three;
#[cfg(not(feature = "lesson3"))]
#[path = "lesson_three_none.rs"]
pub mod lesson_three;
