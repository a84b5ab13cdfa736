//! The MixUA curriculum: the seed workspaces, the lessons (lesson 2's and
//! lesson 3's starts, written through the policy's write path), the built-in
//! packs (written as `packs/*.json`, built from Rust values generated from
//! them: `builtin.rs`), exercises and their check vocabulary evaluated
//! against the policy, and result codes (grading).
//!
//! It depends on the policy (`mixua_policy`) and on its words
//! (`mixua_words`, where a check or a pack explains itself); the CLI and
//! the app use it, nothing below does.

#[macro_use]
extern crate mixua_words;

pub mod assertion;
pub mod assertion_words;
mod builtin;
// The built-in packs as any pack is, with their solutions.
mod builtin_packs;
pub mod exercise;
pub mod exercise_words;
#[cfg(feature = "lesson3")]
pub mod lesson_three;
pub mod lesson_two;
// Where a canary reaches another user, in a view, a cache or a prompt.
pub mod leaks;
pub mod pack;
pub mod result_code;
pub mod seed;
pub mod solving;

pub use lesson_two::{draft_copy, draft_version, lesson_two_workspace, log_history, next_id, traces, Traces};
pub use assertion::{coverage, Assertion, AssertionProblem, Assertions, Because, Coverage, Place, Verdict};
pub use assertion_words::{assertion_words, because_words, now_fails_words, problem_words, verdict_words};
pub use exercise::{
    CardRef, Cells, Check, Evaluated, Exercise, Facts, Goal, Item, Learner, Milestone, Question, RefusalSeen, Start, Text, Views,
};
pub use exercise_words::{check_words, items, code_problem_words, hints_words, pack_problem_words, solved_words};
pub use builtin_packs::{builtin_pack, lesson_one_pack, lesson_two_pack, BUILTIN_PACKS};
pub use pack::{check_integrity, crc32, integrity, Pack, PackProblem, PACK_MAX_BYTES};
#[cfg(feature = "lesson3")]
pub use builtin_packs::lesson_three_pack;
pub use result_code::{
    cell_marks, decode, decode_for, encode, exercise_result, read_codes, CellMark, CodeLine, CodeProblem, ExerciseResult, Results,
    Solved,
};
pub use seed::{seed_workspace, seed_workspace_en, story_workspace, INJECTION_QUERY, INJECTION_QUERY_EN, SEED_QUERY, SEED_QUERY_EN};
