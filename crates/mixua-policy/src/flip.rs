//! The flip-finder: which one-field edits would change a reading decision.
//! It tries every candidate edit against the policy itself, so the answer is
//! never written per card.

use serde::Serialize;

use crate::card::{Card, Field, Scope, Stream};
use crate::eval::Evaluation;
use crate::effect::NotInEffect;
use crate::policy::{access, check_filed_in, scope_rule_in, Access, Filing, Viewer};
use crate::workspace::Groups;

/// A one-field change to a card's filing or ownership.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "field", content = "value", rename_all = "snake_case")]
pub enum Edit {
    Scope(Scope),
    Stream(Stream),
    ShareApproved(bool),
    OwnerUser(String),
    OwnerAgent(String),
}

impl Edit {
    pub fn field(&self) -> Field {
        match self {
            Edit::Scope(_) => Field::Scope,
            Edit::Stream(_) => Field::Stream,
            Edit::ShareApproved(_) => Field::ShareApproved,
            Edit::OwnerUser(_) => Field::OwnerUser,
            Edit::OwnerAgent(_) => Field::OwnerAgent,
        }
    }

    pub fn apply(&self, card: &Card) -> Card {
        let mut card = card.clone();
        match self {
            Edit::Scope(s) => card.set_text(Field::Scope, s.as_str().into()),
            Edit::Stream(s) => card.set_text(Field::Stream, s.as_str().into()),
            Edit::ShareApproved(b) => card.set_share_approved(*b),
            Edit::OwnerUser(u) => card.set_text(Field::OwnerUser, u.clone()),
            Edit::OwnerAgent(a) => card.set_text(Field::OwnerAgent, a.clone()),
        }
        card
    }

    /// Changing an owner hands the card to someone else; it does not share it.
    pub fn reassigns(&self) -> bool {
        matches!(self, Edit::OwnerUser(_) | Edit::OwnerAgent(_))
    }
}

/// Every one-field edit worth trying: each other scope and stream, the other
/// approval, and each other known owner (the viewer's own included).
///
/// A field holding a value of the wrong JSON type is replaced by any edit of
/// it, so for such a field even its current text (e.g. `false` for
/// `"share_approved": "yes"`) is a real change and is tried too.
pub fn candidate_edits(card: &Card, viewer: Viewer<'_>, users: &[String], agents: &[String]) -> Vec<Edit> {
    let changes = |field: Field, value: &str| card.text(field) != value || card.malformed(field).is_some();
    let mut edits: Vec<Edit> = Vec::new();
    edits.extend(Scope::ALL.into_iter().filter(|s| changes(Field::Scope, s.as_str())).map(Edit::Scope));
    edits.extend(Stream::ALL.into_iter().filter(|s| changes(Field::Stream, s.as_str())).map(Edit::Stream));
    edits.push(Edit::ShareApproved(!card.share_approved));
    if card.malformed(Field::ShareApproved).is_some() {
        edits.push(Edit::ShareApproved(card.share_approved));
    }
    let mut owners: Vec<&str> = users.iter().map(String::as_str).collect();
    owners.push(viewer.user);
    for user in dedup(owners) {
        if changes(Field::OwnerUser, user) {
            edits.push(Edit::OwnerUser(user.into()));
        }
    }
    let mut owners: Vec<&str> = agents.iter().map(String::as_str).collect();
    owners.push(viewer.agent);
    for agent in dedup(owners) {
        if changes(Field::OwnerAgent, agent) {
            edits.push(Edit::OwnerAgent(agent.into()));
        }
    }
    edits
}

fn dedup(mut items: Vec<&str>) -> Vec<&str> {
    let mut seen = Vec::new();
    items.retain(|i| {
        let new = !seen.contains(i);
        seen.push(*i);
        new
    });
    items
}

/// One tried edit and the decision it would give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub edit: Edit,
    pub access: Access,
    /// Set when the edit crosses the boundary ([`crate::boundary::card_crossing`]):
    /// a change of owner, or personal content made reusable. Such an edit
    /// is what would have to be different, never a fix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crossing: Option<crate::boundary::Crossing>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Flips {
    /// Whether the viewer may read the card now.
    pub allowed_now: bool,
    /// Edits that flip the decision.
    pub flips: Vec<Outcome>,
    /// Edits whose scope rule would let the viewer in, but which the
    /// content and filing gates then reject: the near misses a learner
    /// should see ("only if it were GLOBAL, but it is protected").
    pub blocked: Vec<Outcome>,
    /// Set when the card is not in effect ([`crate::Evaluation::flips`]):
    /// then no edit of its filing or owners changes anything, and none is
    /// tried.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_in_effect: Option<NotInEffect>,
}

impl Flips {
    /// Flips that share or hide the card without changing whose it is.
    pub fn sharing(&self) -> impl Iterator<Item = &Outcome> {
        self.flips.iter().filter(|o| !o.edit.reassigns())
    }

    /// Flips that pass the boundary test: no owner changed, nothing
    /// personal made reusable.
    pub fn safe(&self) -> impl Iterator<Item = &Outcome> {
        self.flips.iter().filter(|o| o.crossing.is_none())
    }
}

/// Tries every one-field edit and keeps those that change the decision.
pub fn find_flips(card: &Card, viewer: Viewer<'_>, users: &[String], agents: &[String]) -> Flips {
    flips_with(card, viewer, users, agents, None, &|card| access(card, viewer))
}

/// [`find_flips`] with the decision given by `access` (the viewer's answer
/// for an edited card), in a workspace that may declare groups.
pub fn flips_with(
    card: &Card,
    viewer: Viewer<'_>,
    users: &[String],
    agents: &[String],
    groups: Option<&Groups>,
    access: &dyn Fn(&Card) -> Access,
) -> Flips {
    let allowed_now = access(card).allowed();
    let mut out = Flips { allowed_now, ..Flips::default() };
    for edit in candidate_edits(card, viewer, users, agents) {
        let edited = edit.apply(card);
        let after = access(&edited);
        let crossing = crate::boundary::card_crossing(card, &edited);
        if after.allowed() != allowed_now {
            out.flips.push(Outcome { edit, access: after, crossing });
        } else if !allowed_now && check_filed_in(&edited, Filing::AsWritten, groups).is_err() {
            if let Some(scope) = Scope::parse_with_groups(&edited.scope, groups.is_some()) {
                if scope_rule_in(&edited, scope, viewer, groups).allowed() {
                    out.blocked.push(Outcome { edit, access: after, crossing });
                }
            }
        }
    }
    out
}

// The flips of an evaluation's card, here beside the flips themselves, so
// that evaluating needs nothing of this module.
impl Evaluation<'_> {
    /// Which one-field edits would flip one viewer's decision on one card:
    /// [`crate::find_flips`], with the in-effect gate and the workspace's
    /// groups. A card not in effect flips with no edit of its filing.
    pub fn flips(&self, index: usize, viewer: Viewer<'_>) -> Flips {
        if let Some(why) = self.not_in_effect(index) {
            return Flips { not_in_effect: Some(why.clone()), ..Flips::default() };
        }
        let ws = self.workspace;
        let groups = self.groups();
        flips_with(self.card(index), viewer, &ws.users, &ws.agents, groups, &|card| {
            self.policy.gate_in(card, groups).access_in(card, viewer, groups)
        })
    }
}
