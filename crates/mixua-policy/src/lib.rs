//! The MixUA four-scope memory policy.
//!
//! A card is filed under one of four scopes (one user or all users × one
//! agent or all agents) and one of two streams (protected or reusable).
//! Reading passes three gates in order: content (is the card well formed),
//! filing (may it live in that scope), reading (does the scope let this
//! viewer in). Retrieval authorizes first and searches second, and hands
//! back only `id` and `lesson`.
//!
//! **Invariant:** this crate does no I/O, reads no clock and has no
//! dependency beyond `std`, `serde` and `serde_json`; the playground (wasm),
//! the `mixua` CLI and the tests all run this same code.

pub mod card;
pub mod eval;
pub mod explain;
pub mod flip;
pub mod policy;
pub mod report;
pub mod score;
pub mod seed;
pub mod viewer;
pub mod workspace;

pub use card::{Card, Field, JsonKind, Scope, Stream};
pub use eval::{Carried, Evaluation, Leak, Policy};
pub use explain::Lang;
pub use flip::{find_flips, Edit, Flips};
pub use policy::{
    access, check, check_filed, check_name, labelled_stream, search, Access, Accepted, Filing, Gate, Hit,
    NameError, Rejection, Viewer,
};
pub use report::{report, report_with, Format, Report, ReportOptions};
pub use score::{forbidden, score, scorecard, Expected, Forbidden, ForbiddenReason, Score, Scorecard};
pub use seed::{seed_workspace, seed_workspace_en, INJECTION_QUERY, INJECTION_QUERY_EN, SEED_QUERY, SEED_QUERY_EN};
pub use viewer::ViewerId;
pub use workspace::{Canaries, LoadError, Workspace};
