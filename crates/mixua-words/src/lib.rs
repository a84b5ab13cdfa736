//! Every sentence of MixUA in both languages (繁體中文 and English),
//! rendered from the policy's reason values: why a card is rejected or not
//! in effect, what an act did or why it was refused, what an edit changed,
//! what the probe found, what reaches the prompt, and the report.
//!
//! This crate says; it never decides. It depends on `mixua_policy` and
//! nothing above it: the curriculum (`mixua_course`) and the shells use it.

// A build in one language (`pick!`) leaves the other's helpers unused.
#![cfg_attr(any(feature = "only-en", feature = "only-zh"), allow(unused_variables, unused_imports, dead_code))]

/// The sentence for `lang`: `pick!(lang, zh, en)`. A build with both
/// languages (the default: the CLI, the tests, the teacher's page) chooses
/// as the program runs; a student's page is built once per language
/// (feature `only-en` or `only-zh`, issue 28), and there the other
/// language's sentence is never compiled in.
#[cfg(not(any(feature = "only-en", feature = "only-zh")))]
#[macro_export]
macro_rules! pick {
    ($lang:expr, $zh:expr, $en:expr $(,)?) => {
        ($lang).pick($zh, $en)
    };
}
#[cfg(feature = "only-en")]
#[macro_export]
macro_rules! pick {
    ($lang:expr, $zh:expr, $en:expr $(,)?) => {{
        let _ = &$lang;
        $en
    }};
}
#[cfg(feature = "only-zh")]
#[macro_export]
macro_rules! pick {
    ($lang:expr, $zh:expr, $en:expr $(,)?) => {{
        let _ = &$lang;
        $zh
    }};
}
#[cfg(all(feature = "only-en", feature = "only-zh"))]
compile_error!("a build has one language (`only-en`), the other (`only-zh`) or both (neither)");

pub mod cedar_words;
pub mod change_words;
pub mod escape;
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

/// The report's words (`report.rs`) say each message in both languages,
/// whatever the build: in a build with one language, `explain.rs` and
/// `probe_words.rs` again, under a `pick!` that chooses as the program
/// runs (only what the report reaches is kept: the Work menu's part).
#[cfg(any(feature = "only-en", feature = "only-zh"))]
#[allow(clippy::duplicate_mod)] // on purpose: the same files, under another `pick!`
mod both;

pub use escape::{escape_controls, escape_controls_in_lines};
pub use explain::Lang;
pub use input_words::{load_error_words, overwrite_words, text_problem_words};
pub use report::{report, report_with, Format, Report, ReportOptions};
pub use change_words::{back_to_control, cache_change_parts, cells_changed_jump, cells_changed_jump_more, change_parts, change_text};
