//! Why a card is not in effect at a tick: the in-effect gate's answer, as
//! a value. The rule that decides it, replayed from the log, is the
//! timeline's (`lifecycle.rs`); the policy's gates only carry the answer.

use serde::Serialize;

use crate::card::{Kind, Status};
use crate::log::Event;

/// Who did the last thing to a card, when, and why: read from the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stamp {
    pub by: String,
    pub at: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Stamp {
    pub(crate) fn of(event: &Event) -> Stamp {
        Stamp { by: event.actor.to_string(), at: event.tick, reason: event.reason.as_deref().map(str::to_string) }
    }
}

/// Why a card is not in effect at a tick: the in-effect gate's answer.
/// Checked in this order; the first that holds is reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum NotInEffect {
    /// Deleted: only its id is left, at every tick.
    Deleted { stamp: Option<Stamp> },
    /// At this tick the card had not been proposed yet.
    NotWrittenYet { proposed_at: u64 },
    /// It is on a cycle of versions: following `supersedes` from it comes
    /// back to it (`A` replaces `G` and `G` replaces `A`, or a card that
    /// replaces itself), so no version of the chain is the newest. Every
    /// card on the cycle fails closed, whatever its status. `cycle` lists
    /// them from the first in card order, each followed by the one that
    /// names it in `supersedes`.
    CycleOfVersions { cycle: Vec<String> },
    /// Its status as written (`written`) is not where its own log leads
    /// (`logged`): say a card written `accepted` whose log has a revoke, a
    /// delete or a rollback that the card's fields don't show. Which of the
    /// two is true can't be told, so it fails closed: not in effect until
    /// they agree. `stamp` is the last event of its log.
    LogDisagrees { written: Status, logged: Status, stamp: Option<Stamp> },
    /// Proposed, waiting for review.
    Candidate { stamp: Option<Stamp> },
    /// Refused in review.
    Rejected { stamp: Option<Stamp> },
    /// Withdrawn after it took effect.
    Revoked { stamp: Option<Stamp> },
    /// Undone; the version it replaced (`restores`) takes effect again.
    RolledBack { stamp: Option<Stamp>, restores: Option<String> },
    /// Its validity window has not begun.
    NotYetValid { valid_from: u64 },
    /// Its validity window has ended.
    NoLongerValid { valid_to: u64 },
    /// A newer version, accepted and begun, replaces it.
    Superseded { by: String },
    /// Past its kind's time to live (`ttl` ticks from when it took effect),
    /// since tick `at`.
    Expired { kind: Kind, ttl: u64, at: u64 },
}

impl NotInEffect {
    /// A short stable code; an expiry's is `ttl:<kind>`.
    pub fn code(&self) -> &'static str {
        match self {
            NotInEffect::Deleted { .. } => "deleted",
            NotInEffect::NotWrittenYet { .. } => "not_written_yet",
            NotInEffect::LogDisagrees { .. } => "log_disagrees",
            NotInEffect::Candidate { .. } => "candidate",
            NotInEffect::Rejected { .. } => "rejected",
            NotInEffect::Revoked { .. } => "revoked",
            NotInEffect::RolledBack { .. } => "rolled_back",
            NotInEffect::NotYetValid { .. } => "not_yet_valid",
            NotInEffect::NoLongerValid { .. } => "no_longer_valid",
            NotInEffect::CycleOfVersions { .. } => "cycle_of_versions",
            NotInEffect::Superseded { .. } => "superseded",
            NotInEffect::Expired { kind, .. } => kind.ttl_reason(),
        }
    }
}
