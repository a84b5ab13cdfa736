//! "What do you keep about me?": the viewing right (seed 000's closing
//! paragraph). For one user, everything the workspace keeps about them, each
//! entry a value with its reasons: the cards they own (with scope, stream,
//! status and who can read each), the cards carrying their canary, the
//! cards the re-identification probe links to them, and, with memory over
//! time, their candidates and tombstones.
//!
//! "Who can read" is the four-scope answer now for any query (the empty
//! query matches every card): the same gates as every view.

use serde::Serialize;

use crate::card::Status;
use crate::effect::NotInEffect;
use crate::eval::Evaluation;
use crate::policy::{Policy, Rejection};
use crate::probe::{Finding, Probe};
use crate::workspace::Workspace;

/// A card the user owns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Owned<'w> {
    pub id: &'w str,
    /// Position in the workspace's card list (ids may repeat).
    pub index: usize,
    /// Scope and stream as written.
    pub scope: &'w str,
    pub stream: &'w str,
    pub status: Status,
    /// The `user/agent` viewers who can read it now, in viewer order.
    pub readers: Vec<String>,
    /// Why nobody can, as a code: the rejection's (`not_approved`, …) or
    /// the in-effect gate's (`revoked`, `ttl:working`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
    /// Why nobody can, when it is rejected (its words come from
    /// [`mixua_words::explain`]; the JSON carries the code, `why`).
    #[serde(skip)]
    pub rejection: Option<Rejection>,
    /// Why nobody can, when it is not in effect.
    #[serde(skip)]
    pub not_in_effect: Option<NotInEffect>,
}

/// A card (anyone's) whose id or lesson holds one of the user's canaries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CarriesCanary<'w> {
    pub id: &'w str,
    pub index: usize,
    pub token: &'w str,
    /// Who owns the card.
    pub owner: &'w str,
    pub readers: Vec<String>,
}

/// A card the probe links to the user: it names their profile facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Linked {
    #[serde(flatten)]
    pub finding: Finding,
    pub readers: Vec<String>,
}

/// A candidate or a tombstone of the user's (memory over time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry<'w> {
    pub id: &'w str,
    pub index: usize,
}

/// Everything kept about one user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct About<'w> {
    pub user: &'w str,
    pub owned: Vec<Owned<'w>>,
    pub canaries: Vec<CarriesCanary<'w>>,
    pub linked: Vec<Linked>,
    /// Only for a workspace that uses memory over time: the candidates
    /// they wrote or own, not published yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Entry<'w>>>,
    /// Only for a workspace that uses memory over time: the tombstones
    /// (id only) of their cards: owned, written or deleted by them, as
    /// the log says (a tombstone has no owner left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tombstones: Option<Vec<Entry<'w>>>,
}

impl About<'_> {
    /// The card indices listed anywhere, ascending, each once: what an
    /// export or a deletion covers.
    pub fn indices(&self) -> Vec<usize> {
        let mut all: Vec<usize> = self
            .owned
            .iter()
            .map(|o| o.index)
            .chain(self.canaries.iter().map(|c| c.index))
            .chain(self.linked.iter().map(|l| l.finding.index))
            .chain(self.candidates.iter().flatten().map(|k| k.index))
            .chain(self.tombstones.iter().flatten().map(|k| k.index))
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Is nothing kept about them?
    pub fn is_empty(&self) -> bool {
        self.indices().is_empty()
    }
}

/// Does the user appear in the workspace at all: a user of the chart, the
/// owner of a card, or the holder of canaries or a profile?
pub fn knows(workspace: &Workspace, user: &str) -> bool {
    workspace.users.iter().any(|u| u == user)
        || workspace.cards.iter().any(|c| c.owner_user == user)
        || !workspace.canaries.of_user(user).is_empty()
        || workspace.profiles().is_some_and(|p| p.of_user(user).is_some())
}

/// Is an actor (a name, or a `user/agent` key) this user?
fn is_user(actor: &str, user: &str) -> bool {
    actor == user || actor.split_once('/').is_some_and(|(u, _)| u == user)
}

/// What the workspace keeps about `user`.
pub fn about<'w>(workspace: &'w Workspace, user: &'w str) -> About<'w> {
    let cards = &workspace.cards;
    let eval = Evaluation::new(workspace, "", Policy::FourScope);
    let mut readers: Vec<Vec<String>> = vec![Vec::new(); cards.len()];
    for (viewer, view) in eval.viewers().zip(eval.views()) {
        for i in view {
            readers[i].push(viewer.key());
        }
    }

    let owned = (0..cards.len())
        .filter(|&i| cards[i].owner_user == user)
        .map(|i| {
            let not_in_effect = eval.not_in_effect(i).cloned();
            let rejection = eval.gates[i].as_ref().err().filter(|_| not_in_effect.is_none()).cloned();
            Owned {
                id: &cards[i].id,
                index: i,
                scope: &cards[i].scope,
                stream: &cards[i].stream,
                status: cards[i].status(),
                readers: readers[i].clone(),
                why: not_in_effect.as_ref().map(NotInEffect::code).or(rejection.as_ref().map(Rejection::code)),
                rejection,
                not_in_effect,
            }
        })
        .collect();

    let tokens = workspace.canaries.of_user(user);
    let canaries = (0..cards.len())
        .filter_map(|i| {
            let hit = crate::policy::Hit::of(&cards[i]);
            let token = tokens.iter().find(|t| !t.is_empty() && hit.contains(t))?;
            Some(CarriesCanary { id: &cards[i].id, index: i, token, owner: &cards[i].owner_user, readers: readers[i].clone() })
        })
        .collect();

    let probe = Probe::new(cards, workspace.profiles());
    let linked = (0..cards.len())
        .flat_map(|i| probe.findings(cards, i, None))
        .filter(|f| f.user == user)
        .map(|finding| Linked { readers: readers[finding.index].clone(), finding })
        .collect();

    let (candidates, tombstones) = if workspace.uses_time() {
        let named_by_user = |i: usize| {
            workspace.events().any(|(_, e)| e.card.as_deref() == Some(cards[i].id.as_str()) && is_user(&e.actor, user))
        };
        let candidates = (0..cards.len())
            .filter(|&i| cards[i].status() == Status::Candidate)
            .filter(|&i| cards[i].owner_user == user || cards[i].life().and_then(|l| l.writer()).is_some_and(|w| w.user == user))
            .map(|i| Entry { id: &cards[i].id, index: i })
            .collect();
        let tombstones = (0..cards.len())
            .filter(|&i| cards[i].is_tombstone() && (cards[i].owner_user == user || named_by_user(i)))
            .map(|i| Entry { id: &cards[i].id, index: i })
            .collect();
        (Some(candidates), Some(tombstones))
    } else {
        (None, None)
    };

    About { user, owned, canaries, linked, candidates, tombstones }
}
