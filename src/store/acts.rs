//! Lesson 2's acts: what the learner does as a writer, an owner or a
//! reviewer. Each is carried out by the policy crate's write path
//! (`mixua_policy::write`), which either changes the workspace and logs an
//! event, or refuses with a reason; nothing here decides whether an act is
//! allowed.

use mixua_policy::{
    KeyField, Kind, Tier, bump_policy, delete, log_read, propose, publish, reject, revoke, rollback,
    set_cache, set_hold, set_members, set_ttl, sweep, Actor, Refusal, Workspace,
};
use mixua_course::{draft_copy, draft_version, log_history, RefusalSeen};

/// Who runs the retention sweep when the learner advances the clock.
pub use mixua_course::lesson_two::RETENTION_JOB;

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
    Propose { card: String, actor: Actor, draft: Draft },
    Publish { card: String, actor: Actor },
    Reject { card: String, actor: Actor, reason: String },
    Revoke { card: String, actor: Actor, reason: String },
    Delete { card: String, actor: Actor, reason: String },
    Rollback { card: String, actor: Actor, reason: String },
    /// Advances the clock one tick; the retention sweep expires what ran out.
    Advance,
    /// The acting viewer asks the workspace's query (a logged read, which
    /// the cache replays).
    Ask { actor: Actor },
    /// The actor opens a card's history, which is itself logged.
    History { card: String, actor: Actor },
    /// Sets what makes the response cache's key, and whether retiring a
    /// card purges the cached answers that hold it (a reviewer's act,
    /// logged; the replay reads the setting).
    Cache { key: Vec<KeyField>, purge: bool, actor: Actor, reason: String },
    /// Moves the policy version one up (a reviewer's act, logged): cached
    /// answers keyed by it are asked afresh.
    Policy { actor: Actor, reason: String },
    /// Sets a kind's time to live in ticks (`None`: kept for ever; a
    /// reviewer's act, logged).
    Ttl { kind: Kind, ttl: Option<u64>, actor: Actor, reason: String },
    /// Moves a card to a storage tier (`None`: no tier). A tier never
    /// changes who reads the card, so it is a plain edit, not an act.
    Tier { card: String, tier: Option<Tier> },
    /// Holds a card (never swept) or lets it go (its owner's or a
    /// reviewer's act, logged).
    Hold { card: String, hold: bool, actor: Actor, reason: String },
    /// Sets a declared group's members (a reviewer's act, logged).
    Group { group: String, members: Vec<String>, actor: Actor, reason: String },
}

/// Where a refused act's reason is shown: beside the control that did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The "Act as" panel's buttons.
    ActAs,
    /// The groups panel's member boxes.
    Groups,
    /// The retention panel's times to live.
    Ttl,
    /// The retention panel's hold of the selected card.
    Hold,
    /// The cache panel's key, purge and policy version.
    Cache,
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
            Act::Policy { .. } => "policy",
            Act::Ttl { .. } => "ttl",
            Act::Tier { .. } => "tier",
            Act::Hold { .. } => "hold",
            Act::Group { .. } => "group",
        }
    }

    /// The name of who acts (the retention job for the clock; nobody for a
    /// tier, which is a plain edit).
    fn actor(&self) -> String {
        match self {
            Act::Propose { actor, .. }
            | Act::Publish { actor, .. }
            | Act::Reject { actor, .. }
            | Act::Revoke { actor, .. }
            | Act::Delete { actor, .. }
            | Act::Rollback { actor, .. }
            | Act::Ask { actor }
            | Act::History { actor, .. }
            | Act::Cache { actor, .. }
            | Act::Policy { actor, .. }
            | Act::Ttl { actor, .. }
            | Act::Hold { actor, .. }
            | Act::Group { actor, .. } => actor.name(),
            Act::Advance => RETENTION_JOB.to_string(),
            Act::Tier { .. } => String::new(),
        }
    }

    /// Where its refusal is shown.
    pub fn place(&self) -> Place {
        match self {
            Act::Group { .. } => Place::Groups,
            Act::Ttl { .. } => Place::Ttl,
            Act::Hold { .. } | Act::Tier { .. } => Place::Hold,
            Act::Cache { .. } | Act::Policy { .. } => Place::Cache,
            _ => Place::ActAs,
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
            Act::Advance | Act::Ask { .. } | Act::Cache { .. } | Act::Policy { .. } | Act::Ttl { .. } | Act::Group { .. } => "",
        }
    }

    /// How a refusal of this act is remembered in the progress.
    pub fn refusal_seen(&self, refusal: &Refusal) -> RefusalSeen {
        RefusalSeen {
            act: self.name().to_string(),
            card: self.card().to_string(),
            actor: self.actor(),
            reason: refusal.code().to_string(),
        }
    }
}

/// The acting viewer, when the actor is a viewer of the chart.
fn viewer(actor: &Actor) -> Result<mixua_policy::Viewer<'_>, Refusal> {
    actor.viewer().ok_or_else(|| Refusal::NotInChart { viewer: actor.name() })
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
            let i = index(ws, card)?;
            let drafted = match draft {
                Draft::Version => draft_version(ws, i),
                Draft::Copy => draft_copy(ws, i, writer),
            };
            let drafted = drafted.ok_or_else(|| Refusal::UnknownCard { id: card.clone() })?;
            propose(ws, writer, drafted).map(drop)
        }
        Act::Publish { card, actor } => publish(ws, card, &actor.name()).map(drop),
        Act::Reject { card, actor, reason } => reject(ws, card, &actor.name(), reason).map(drop),
        Act::Revoke { card, actor, reason } => revoke(ws, card, &actor.name(), reason).map(drop),
        Act::Delete { card, actor, reason } => delete(ws, card, &actor.name(), reason).map(drop),
        Act::Rollback { card, actor, reason } => rollback(ws, card, &actor.name(), reason).map(drop),
        Act::Advance => {
            let to = ws.clock() + 1;
            sweep(ws, to, RETENTION_JOB).map(drop)
        }
        Act::Ask { actor } => {
            let reader = viewer(actor)?;
            let query = ws.query.clone();
            log_read(ws, reader, &query).map(drop)
        }
        Act::History { card, actor } => log_history(ws, card, &actor.name()).map(drop),
        Act::Cache { key, purge, actor, reason } => set_cache(ws, key, *purge, &actor.name(), reason).map(drop),
        Act::Policy { actor, reason } => bump_policy(ws, &actor.name(), reason).map(drop),
        Act::Ttl { kind, ttl, actor, reason } => set_ttl(ws, *kind, *ttl, &actor.name(), reason).map(drop),
        Act::Tier { card, tier } => {
            let i = index(ws, card)?;
            std::rc::Rc::make_mut(&mut ws.cards[i]).life_mut().tier = tier.map(|t| t.as_str().to_string());
            Ok(())
        }
        Act::Group { group, members, actor, reason } => set_members(ws, group, members, &actor.name(), reason).map(drop),
        Act::Hold { card, hold, actor, reason } => set_hold(ws, card, *hold, &actor.name(), reason).map(drop),
    }
}

/// The write path ([`apply`]) as the acting part's handle gives it. An act
/// carries it ([`crate::store::state::Edit::Act`]): only a panel drawn once
/// that part is in makes one, so the reducer never waits for the part.
/// There is one write path: any two are the same.
#[derive(Clone, Copy, Debug)]
pub struct WritePath(pub fn(&mut Workspace, &Act) -> Result<(), Refusal>);

impl PartialEq for WritePath {
    fn eq(&self, _: &WritePath) -> bool {
        true
    }
}

/// The actor the learner chose, while it is still one of the crate's
/// [`actors`](mixua_policy::actors), else the first of them (`None` only
/// when the workspace has no one to act as): every panel acts as the one
/// "Act as" shows.
pub fn chosen_actor(choices: &[Actor], chosen: Option<&Actor>) -> Option<Actor> {
    chosen.filter(|a| choices.contains(a)).cloned().or_else(|| choices.first().cloned())
}
