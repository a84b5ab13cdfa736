//! Lesson 2's acts: what the learner does as a writer, an owner or a
//! reviewer. Each is carried out by the policy crate's write path
//! (`mixua_policy::write`), which either changes the workspace and logs an
//! event, or refuses with a reason; nothing here decides whether an act is
//! allowed.

use std::rc::Rc;
use mixua_policy::{
    CacheConfig, Groups, Kept, KeyField, Kind, Retention, Tier,
    delete, draft_copy, draft_version, log_history, log_read, propose, publish, reject, revoke, rollback, sweep, Refusal,
    Viewer, ViewerId, Workspace,
};

/// Who runs the retention sweep when the learner advances the clock.
pub use mixua_policy::course::RETENTION_JOB;

/// What a new proposal is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draft {
    /// A new version of the card, for the same owners, replacing it.
    Version,
    /// The card carried over to the acting writer (its own user and agent).
    Copy,
}

/// One act of the learner, always at the workspace's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// The acting writer proposes a draft made from `card`.
    Propose { card: String, actor: String, draft: Draft },
    Publish { card: String, actor: String },
    Reject { card: String, actor: String, reason: String },
    Revoke { card: String, actor: String, reason: String },
    Delete { card: String, actor: String, reason: String },
    Rollback { card: String, actor: String, reason: String },
    /// Advances the clock one tick; the retention sweep expires what ran out.
    Advance,
    /// The acting viewer asks the workspace's query (a logged read, which
    /// the cache replays).
    Ask { actor: String },
    /// The actor opens a card's history, which is itself logged.
    History { card: String, actor: String },
    /// Sets what makes the response cache's key, and whether retiring a
    /// card purges the cached answers that hold it (a setting of the
    /// workspace, not an event: the replay reads it).
    Cache { key: Vec<KeyField>, purge: bool },
    /// Sets a kind's time to live in ticks (`None`: kept for ever).
    Ttl { kind: Kind, ttl: Option<u64> },
    /// Moves a card to a storage tier (`None`: no tier). A tier never
    /// changes who reads the card.
    Tier { card: String, tier: Option<Tier> },
    /// Holds a card (never swept) or lets it go.
    Hold { card: String, hold: bool },
    /// Sets a declared group's members.
    Group { group: String, members: Vec<String> },
}

impl Act {
    /// The `data-action` name of the act.
    pub fn name(&self) -> &'static str {
        match self {
            Act::Propose { .. } => "propose",
            Act::Publish { .. } => "publish",
            Act::Reject { .. } => "reject",
            Act::Revoke { .. } => "revoke",
            Act::Delete { .. } => "delete",
            Act::Rollback { .. } => "rollback",
            Act::Advance => "advance",
            Act::Ask { .. } => "read",
            Act::History { .. } => "history",
            Act::Cache { .. } => "cache",
            Act::Ttl { .. } => "ttl",
            Act::Tier { .. } => "tier",
            Act::Hold { .. } => "hold",
            Act::Group { .. } => "group",
        }
    }

    fn actor(&self) -> &str {
        match self {
            Act::Propose { actor, .. }
            | Act::Publish { actor, .. }
            | Act::Reject { actor, .. }
            | Act::Revoke { actor, .. }
            | Act::Delete { actor, .. }
            | Act::Rollback { actor, .. }
            | Act::Ask { actor }
            | Act::History { actor, .. } => actor,
            Act::Advance => RETENTION_JOB,
            Act::Cache { .. } | Act::Ttl { .. } | Act::Tier { .. } | Act::Hold { .. } | Act::Group { .. } => "",
        }
    }

    fn card(&self) -> &str {
        match self {
            Act::Propose { card, .. }
            | Act::Publish { card, .. }
            | Act::Reject { card, .. }
            | Act::Revoke { card, .. }
            | Act::Delete { card, .. }
            | Act::Rollback { card, .. }
            | Act::History { card, .. }
            | Act::Tier { card, .. }
            | Act::Hold { card, .. } => card,
            Act::Advance | Act::Ask { .. } | Act::Cache { .. } | Act::Ttl { .. } | Act::Group { .. } => "",
        }
    }

    /// How a refusal of this act is remembered in the progress:
    /// `act:card:actor:reason`.
    pub fn refusal_key(&self, refusal: &Refusal) -> String {
        format!("{}:{}:{}:{}", self.name(), self.card(), self.actor(), refusal.code())
    }
}

/// The acting viewer, when the actor is a `user/agent` of the chart.
fn viewer(actor: &str) -> Result<ViewerId, Refusal> {
    ViewerId::parse_key(actor).ok_or_else(|| Refusal::NotInChart { viewer: actor.to_string() })
}

fn index(ws: &Workspace, id: &str) -> Result<usize, Refusal> {
    ws.cards.iter().position(|c| c.id == id).ok_or_else(|| Refusal::UnknownCard { id: id.to_string() })
}

/// Carries out one act through the write path. A refusal leaves the
/// workspace as it was.
pub fn apply(ws: &mut Workspace, act: &Act) -> Result<(), Refusal> {
    match act {
        Act::Propose { card, actor, draft } => {
            let writer = viewer(actor)?;
            let writer = Viewer::new(&writer.user, &writer.agent);
            let i = index(ws, card)?;
            let drafted = match draft {
                Draft::Version => draft_version(ws, i),
                Draft::Copy => draft_copy(ws, i, writer),
            };
            let drafted = drafted.ok_or_else(|| Refusal::UnknownCard { id: card.clone() })?;
            propose(ws, writer, drafted).map(drop)
        }
        Act::Publish { card, actor } => publish(ws, card, actor).map(drop),
        Act::Reject { card, actor, reason } => reject(ws, card, actor, reason).map(drop),
        Act::Revoke { card, actor, reason } => revoke(ws, card, actor, reason).map(drop),
        Act::Delete { card, actor, reason } => delete(ws, card, actor, reason).map(drop),
        Act::Rollback { card, actor, reason } => rollback(ws, card, actor, reason).map(drop),
        Act::Advance => {
            let to = ws.clock() + 1;
            sweep(ws, to, RETENTION_JOB).map(drop)
        }
        Act::Ask { actor } => {
            let reader = viewer(actor)?;
            let query = ws.query.clone();
            log_read(ws, Viewer::new(&reader.user, &reader.agent), &query).map(drop)
        }
        Act::History { card, actor } => log_history(ws, card, actor).map(drop),
        Act::Cache { key, purge } => {
            // In the order the crate lists the fields, each once.
            let key = KeyField::ALL.into_iter().filter(|f| key.contains(f)).collect();
            ws.cache = Some(Kept::Good(CacheConfig { key, purge: Some(*purge) }));
            Ok(())
        }
        Act::Ttl { kind, ttl } => {
            // A retention that can't be read is replaced by the one the
            // learner sets now; one undo brings the old value back.
            let mut entries = match ws.retention.take() {
                Some(Kept::Good(Retention(entries))) => entries,
                Some(Kept::Bad(_)) | None => Vec::new(),
            };
            entries.retain(|(k, _)| k != kind.as_str());
            if let Some(ttl) = ttl {
                entries.push((kind.as_str().to_string(), (*ttl).into()));
            }
            // In key order, as a JSON object is read back.
            mixua_policy::order::sort_small_by(&mut entries, |a, b| a.0 > b.0);
            ws.retention = Some(Kept::Good(Retention(entries)));
            Ok(())
        }
        Act::Tier { card, tier } => {
            let i = index(ws, card)?;
            Rc::make_mut(&mut ws.cards[i]).life_mut().tier = tier.map(|t| t.as_str().to_string());
            Ok(())
        }
        Act::Group { group, members } => {
            if let Some(Kept::Good(Groups(groups))) = &mut ws.groups {
                if let Some((_, list)) = groups.iter_mut().find(|(name, _)| name == group) {
                    // In the chart's user order, each once.
                    *list = ws.users.iter().filter(|u| members.contains(u)).cloned().collect();
                }
            }
            Ok(())
        }
        Act::Hold { card, hold } => {
            let i = index(ws, card)?;
            Rc::make_mut(&mut ws.cards[i]).life_mut().hold = hold.then_some(true);
            Ok(())
        }
    }
}

/// Who may be picked as the actor: every viewer of the chart, every user,
/// every agent and every reviewer, in that order, each once.
pub fn actors(ws: &Workspace) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    let viewers = ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| format!("{u}/{a}")));
    for name in viewers.chain(ws.users.iter().cloned()).chain(ws.agents.iter().cloned()).chain(ws.reviewers().iter().cloned()) {
        if !all.contains(&name) {
            all.push(name);
        }
    }
    all
}
