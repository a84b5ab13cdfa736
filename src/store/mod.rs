//! The learner's work and everything that keeps it: the model ([`work`],
//! [`progress`]), the one reducer ([`state`]) with lesson 2's acts through
//! the policy's write path ([`acts`]), the store that runs it and saves
//! ([`autosave`]), and the work as text, links and browser storage.

pub mod acts;
pub mod action;
pub mod arrival;
pub mod autosave;
pub mod browser;
pub mod card_edit;
pub mod course_parts;
pub mod edit;
// The keeping of the work as JSON: in the `later` part (issue 28).
pub mod json_io;
pub mod lesson;
pub mod link;
pub mod notice;
pub mod pack_link;
pub mod panels;
pub mod persist;
pub mod progress;
// Lesson 3's settings as edits: only in a build with it.
#[cfg(feature = "lesson3")]
pub mod prompt_settings;
pub mod recent;
pub mod save_plan;
pub mod shared;
pub mod typing;
pub mod ui;
pub mod saver;
pub mod state;
pub mod work;
