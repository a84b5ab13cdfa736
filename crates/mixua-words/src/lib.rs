//! Every sentence of MixUA in both languages (繁體中文 and English),
//! rendered from the policy's reason values: why a card is rejected or not
//! in effect, what an act did or why it was refused, what an edit changed,
//! what the probe found, what reaches the prompt, and the report.
//!
//! This crate says; it never decides. It depends on `mixua_policy` and
//! nothing above it: the curriculum (`mixua_course`) and the shells use it.

pub mod change_words;
pub mod explain;
pub mod input_words;
pub mod probe_words;
#[cfg(feature = "lesson3")]
pub mod prompt_words;
pub mod report;
// The unit tests here read the seed fixture, which is curriculum
// (`mixua_course::seed`, above this crate): its source is compiled into the
// tests alone, since a unit test can't depend on a crate above its own (it
// would see another copy of this crate's types).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../mixua-course/src/seed.rs"]
mod seed;

pub use explain::Lang;
pub use input_words::{load_error_words, text_problem_words};
pub use report::{report, report_with, Format, Report, ReportOptions};
pub use change_words::{change_parts, change_text};
