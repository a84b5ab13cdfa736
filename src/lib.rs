//! MixUA Playground: a Yew shell over the `mixua_policy` crate. The app
//! holds the learner's work in one reducer ([`state`]), derives every view
//! from the policy ([`computed`]) and keeps effects (storage, URL, files)
//! in the root component.

// A build in one language (`pick!`) leaves the other's helpers unused.
#![cfg_attr(any(feature = "only-en", feature = "only-zh"), allow(unused_variables, unused_imports, dead_code))]

#[macro_use]
extern crate mixua_words;

pub mod changed;
pub mod acts;
// The work's assertions (issue 53): judged once per revision, edited as one step.
pub mod assertions;
pub mod autosave;
pub mod computed;
pub mod course;
pub mod derive;
pub mod doc;
pub mod embed;
// The keeping of the work as JSON: in the `later` part (issue 28).
pub mod keep;
// Lesson 3, what reaches the prompt: only in a build with it (issue 28's
// pages: `lesson3.html` has it, a student's `index.html` does not).
#[cfg(feature = "lesson3")]
pub mod lesson_three;
pub mod lessons;
pub mod link;
pub mod pack_link;
pub mod persist;
pub mod prerender;
pub mod shared;
pub mod start;
pub mod start_route;
pub mod state;
pub mod store;
pub mod works;

mod app;
mod lazy;
mod components;
mod memos;
mod wiring;

pub use app::{App, AppProps};

/// Cards per editor page: long workspaces stay usable.
pub const EDITOR_PAGE: usize = 25;

/// Cards listed per view cell before "show all": a view of hundreds of
/// cards is counted, not printed.
pub const CELL_LIMIT: usize = 40;
