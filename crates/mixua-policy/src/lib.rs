//! The MixUA four-scope memory policy.
//!
//! A card is filed under one of four scopes (one user or all users × one
//! agent or all agents) and one of two streams (protected or reusable).
//! Reading passes three gates in order: content (is the card well formed),
//! filing (may it live in that scope), reading (does the scope let this
//! viewer in). Retrieval authorizes first and searches second, and hands
//! back only `id` and `lesson`.
//!
//! Memory over time adds a fourth gate, asked first: is the card in effect
//! at the workspace's logical clock ([`lifecycle`])? The write path
//! ([`write`](mod@write)) files candidates, publishes and retires them, each change an
//! event in an append-only log that can be replayed to any tick; a
//! simulated response cache is replayed over the logged reads ([`cache`]).
//! A workspace that uses none of it is evaluated exactly as the seed
//! program does.
//!
//! This crate holds the rules only, each answer a value with its reason.
//! The words that say them are `mixua_words`; the curriculum (the seeds,
//! the lessons' packs, exercises, result codes) is `mixua_course`. Both
//! depend on this crate, never the reverse.
//!
//! **Invariant:** this crate does no I/O, reads no clock and has no
//! dependency beyond `std`, `serde` and `serde_json`; the playground (wasm),
//! the `mixua` CLI and the tests all run this same code.

pub mod about;
pub mod actor;
pub mod audit;
pub mod boundary;
pub mod cache;
pub mod card;
pub mod cedar;
pub mod change;
#[cfg(feature = "lesson3")]
pub mod diagnose;
pub mod effect;
pub mod eval;
pub mod flip;
pub mod format_char;
pub mod lifecycle;
pub mod log;
pub mod order;
pub mod policy;
pub mod probe;
pub mod profile;
#[cfg(feature = "lesson3")]
pub mod prompt;
pub mod prompt_keys;
pub mod prompt_setting;
pub mod score;
pub mod text;
pub mod viewer;
pub mod workspace;
pub mod write;
// The unit tests here read the seed fixture, which is curriculum
// (`mixua_course::seed`, above this crate): its source is compiled into the
// tests alone, since a unit test can't depend on a crate above its own (it
// would see another copy of this crate's types).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../mixua-course/src/seed.rs"]
mod seed;
// So that the seed's `mixua_policy::` paths name this crate in those tests.
#[cfg(test)]
extern crate self as mixua_policy;

pub use about::{about, About};
pub use actor::{actor_named, actors, Actor};
pub use audit::{audit, Audit, WorkspaceProblem};
pub use cache::{replay_cache, replay_cache_on, replay_cache_with, CacheChange, CacheLeak, CacheReplay, CachedRead, StaleCopy};
pub use change::{change_between, CellChange, Change, Mark, Presence, Seen};
pub use cedar::{cedar_policy_id, cedar_rejection_id, export_cedar, CedarExport};
pub use card::{Card, Field, JsonKind, Kind, Life, LifeField, Scope, Status, Stream, Tier};
pub use eval::{carried_of, gate_alone, gates_at_clock, gates_at_clock_on, leaks_in_view, leaks_in_view_scanned, retrieves, Carried, Evaluation, Leak};
pub use score::{forbidden_count_in_view, forbidden_count_in_view_scanned};
pub use flip::{find_flips, Edit, Flips};
pub use effect::{NotInEffect, Stamp};
pub use eval::{diff, ViewChange};
pub use lifecycle::{as_of, history, in_effect, settings_at, History, TimeError, Timeline};
pub use log::{Action, Event, EventProblem, Kept, Setting};
pub use policy::{
    access, check, check_filed, check_filed_in, labelled_stream, search, Access, Accepted, Filing, Gate,
    Hit, Policy, Rejection,
};
pub use probe::{probe_card, Fact, Finding, Identification, Probe};
pub use profile::{Profile, Profiles};
pub use score::{forbidden, score, scorecard, Expected, Forbidden, ForbiddenReason, Score, Scorecard};
pub use text::{decode_text, without_bom, Encoding, TextProblem, MAX_FILE_BYTES};
pub use viewer::{check_name, check_visible, NameError, Viewer, ViewerId};
pub use workspace::{CacheConfig, Canaries, Groups, KeyField, LoadError, LoadReason, Retention, Workspace, WORKSPACE_KEYS};
pub use write::{
    bump_policy, delete, log_read, propose, publish, reject, revoke, rollback, set_cache, set_hold, set_members, set_ttl, sweep, Expiry,
    Refusal,
};
