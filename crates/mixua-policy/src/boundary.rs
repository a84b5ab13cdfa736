//! The boundary no suggested fix may cross, as one test: an edit offered as
//! a fix (the diagnosis's smallest edit, or any one-click change a screen
//! offers) is compared before and after, and refused with the reason when
//! it
//!
//! - changes a card's owner (that hands the card to someone else; it does
//!   not share it),
//! - turns `protected` (personal) content into `reusable`,
//! - makes a canary reach a user it did not reach before, or
//! - hands a viewer a card that singles out another user by their profile
//!   facts (a re-identification) that it did not hand them before.
//!
//! A card outside a viewer's rights is the rules working: the answer is who
//! may read it and why ([`Boundary`]), and, where the lesson itself could be
//! shared, the legitimate route ([`Route`]): its owner writes a new card,
//! without the personal details, and it goes through the write path's
//! review. Never an edit of the card.

use serde::Serialize;

use crate::card::{Card, Field, Scope, Stream};
use crate::eval::{Evaluation, Leak};
use crate::policy::{check_visible, labelled_stream, Access, Policy};
use crate::probe::Probe;
use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

/// Why an edit crosses the boundary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "crossing", rename_all = "snake_case")]
pub enum Crossing {
    /// A card's owner user or agent would change.
    OwnerChanged { card: String, field: Field, from: String, to: String },
    /// Personal (`protected`) content would be labelled `reusable`.
    ProtectedMadeReusable { card: String },
    /// A canary would reach a user it does not reach now.
    CanaryReaches { viewer: String, card: String, owner: String },
    /// A viewer would be handed a card that singles out another user.
    Reidentifies { viewer: String, card: String, user: String },
}

/// What reaches whom: every leak, and every (viewer, card, user singled
/// out), over every card each viewer of the chart may read now.
fn exposure(ws: &Workspace) -> (Vec<Leak>, Vec<(String, String, String)>) {
    let eval = Evaluation::new(ws, "", Policy::FourScope);
    let probe = Probe::new(&ws.cards, ws.profiles());
    let mut reids = Vec::new();
    if !probe.is_empty() {
        for v in eval.viewers() {
            for finding in probe.in_view(&ws.cards, &eval.view(v), v.user) {
                if finding.singles_out() {
                    reids.push((v.key(), finding.card, finding.user));
                }
            }
        }
    }
    (eval.leaks(), reids)
}

/// The one test every suggested fix passes: `after` (the workspace with the
/// fix applied) changes no owner, turns nothing protected reusable, and
/// adds no leak and no re-identification to `before`. Cards are compared
/// at the same place (a fix edits cards; it never adds or removes one).
pub fn fix_is_safe(before: &Workspace, after: &Workspace) -> Result<(), Crossing> {
    for (b, a) in before.cards.iter().zip(&after.cards) {
        if let Some(crossing) = card_crossing(b, a).filter(|_| !std::rc::Rc::ptr_eq(b, a)) {
            return Err(crossing);
        }
    }
    let ((leaks, reids), (leaks_after, reids_after)) = (exposure(before), exposure(after));
    if let Some(l) = leaks_after.into_iter().find(|l| !leaks.iter().any(|b| (&b.viewer, &b.card, &b.token) == (&l.viewer, &l.card, &l.token))) {
        return Err(Crossing::CanaryReaches { viewer: l.viewer, card: l.card, owner: l.owner });
    }
    if let Some((viewer, card, user)) = reids_after.into_iter().find(|r| !reids.contains(r)) {
        return Err(Crossing::Reidentifies { viewer, card, user });
    }
    Ok(())
}

/// The part of [`fix_is_safe`] that one card's edit decides alone: its
/// owners and its stream. The flip-finder asks it of each edit it tries,
/// so that an edit crossing the boundary is only ever said as what would
/// have to be different, never offered.
pub fn card_crossing(before: &Card, after: &Card) -> Option<Crossing> {
    for (field, from, to) in [
        (Field::OwnerUser, &before.owner_user, &after.owner_user),
        (Field::OwnerAgent, &before.owner_agent, &after.owner_agent),
    ] {
        if from != to {
            return Some(Crossing::OwnerChanged { card: before.id.clone(), field, from: from.clone(), to: to.clone() });
        }
    }
    (labelled_stream(before) == Some(Stream::Protected) && labelled_stream(after) != Some(Stream::Protected))
        .then(|| Crossing::ProtectedMadeReusable { card: before.id.clone() })
}

/// The legitimate route for a lesson that could reach the viewer: the
/// card's owner writes a new card (never this one edited), filed in the
/// narrowest scope that lets the viewer read it, through the write path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Route {
    /// Who writes it: the card's owner.
    pub owner: ViewerId,
    /// The narrowest scope that admits the viewer.
    pub scope: Scope,
    /// It crosses users: reusable content without the personal details,
    /// approved by a reviewer who did not write it.
    pub reviewed: bool,
}

/// A card outside the viewer's rights: the rules working, as values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Boundary {
    /// The reading decision for the viewer.
    pub access: Access,
    /// Who of the chart may read it (none for a rejected card).
    pub readers: Vec<ViewerId>,
    /// The proposal, where the lesson could be shared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<Route>,
}

/// The boundary for card `index` and a viewer the evaluation refuses.
pub fn boundary(eval: &Evaluation<'_>, index: usize, viewer: Viewer<'_>) -> Boundary {
    let access = eval.access(index, viewer);
    let readers = eval.viewers().filter(|&v| eval.allowed(index, v)).map(ViewerId::from).collect();
    let card = &eval.workspace.cards[index];
    // A route needs an owner who can write: two visible names. A card that
    // is not even well formed has no one to propose it.
    let owned = [&card.owner_user, &card.owner_agent].iter().all(|n| !n.is_empty() && check_visible(n).is_ok())
        && card.malformed(Field::OwnerUser).is_none()
        && card.malformed(Field::OwnerAgent).is_none();
    let route = owned.then(|| {
        let (user, agent) = (card.owner_user == viewer.user, card.owner_agent == viewer.agent);
        let scope = match (user, agent) {
            (true, true) => Scope::Pair,
            (true, false) => Scope::User,
            (false, true) => Scope::Agent,
            (false, false) => Scope::Global,
        };
        Route { owner: ViewerId::new(&card.owner_user, &card.owner_agent), scope, reviewed: scope.crosses_users() }
    });
    Boundary { access, readers, route }
}
