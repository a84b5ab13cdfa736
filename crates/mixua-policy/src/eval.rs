//! Evaluating a whole workspace: every viewer's view under a policy, and the
//! canary leaks in those views. The gates are run once per card; each view
//! then only applies the cheap scope rule.

use serde::Serialize;

use crate::card::{Card, Field, Scope, Stream};
use crate::policy::{check, matches_query, scope_rule, Access, Accepted, Hit, Rejection, Viewer};
use crate::workspace::Workspace;

/// The three ways of sharing memory that the seed compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// The MixUA policy: four scopes, fail-closed checks.
    FourScope,
    /// The safe baseline: only valid GLOBAL cards are shared; nothing personal.
    GlobalOnly,
    /// The deliberately unsafe anti-example: every card pooled as approved GLOBAL.
    UnsafePool,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::FourScope, Policy::GlobalOnly, Policy::UnsafePool];
}

/// A card as the unsafe pool files it: GLOBAL, reusable, approved. Owner and
/// type checks still apply, so only the filing is overridden.
pub fn pooled(card: &Card) -> Card {
    let mut card = card.clone();
    card.set_text(Field::Scope, Scope::Global.as_str().into());
    card.set_text(Field::Stream, Stream::Reusable.as_str().into());
    card.set_share_approved(true);
    card
}

/// `check(&pooled(card))`, without the copy.
fn check_pooled(card: &Card) -> Result<Accepted, Rejection> {
    let filing = [Field::Scope, Field::Stream, Field::ShareApproved];
    if card.not_an_object.is_some() || card.malformed.iter().any(|m| !filing.contains(&m.field)) {
        return check(card);
    }
    if card.owner_user.is_empty() {
        return Err(Rejection::MissingOwnerUser);
    }
    if card.owner_agent.is_empty() {
        return Err(Rejection::MissingOwnerAgent);
    }
    Ok(Accepted { scope: Scope::Global, stream: Stream::Reusable })
}

/// A canary that reached a viewer it does not belong to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leak {
    /// The `user/agent` who saw it.
    pub viewer: String,
    /// The card that carried it.
    pub card: String,
    pub token: String,
    /// The user the token is registered to.
    pub owner: String,
}

/// One workspace evaluated under one policy for one query.
pub struct Evaluation<'w> {
    pub workspace: &'w Workspace,
    pub policy: Policy,
    pub query: &'w str,
    /// The content and filing gates, once per card (for the unsafe pool, of
    /// the pooled card).
    pub gates: Vec<Result<Accepted, Rejection>>,
    /// Indices of the cards that pass the gates and match the query, in
    /// card order: the only cards any view can hold. Matching the query
    /// once per card here, not once per viewer, keeps a report on many
    /// viewers cheap.
    candidates: Vec<usize>,
    /// Per card, the indices into `tokens` of the canaries its id or lesson
    /// (what a reader is handed) contains. Only candidates can be handed to
    /// anyone, so the other cards are not scanned and hold none.
    carried: Vec<Vec<usize>>,
    /// Every registered (owner, token).
    tokens: Vec<(&'w str, &'w str)>,
}

impl<'w> Evaluation<'w> {
    pub fn new(workspace: &'w Workspace, query: &'w str, policy: Policy) -> Evaluation<'w> {
        let gate = match policy {
            Policy::UnsafePool => check_pooled,
            _ => check,
        };
        let cards = &workspace.cards;
        let gates: Vec<_> = cards.iter().map(gate).collect();
        let candidates: Vec<usize> =
            (0..cards.len()).filter(|&i| gates[i].is_ok() && matches_query(&cards[i], query)).collect();
        let tokens: Vec<(&str, &str)> = workspace.canaries.iter().collect();
        let mut carried = vec![Vec::new(); cards.len()];
        for &i in &candidates {
            let card = &cards[i];
            carried[i] = (0..tokens.len())
                .filter(|&t| card.lesson.contains(tokens[t].1) || card.id.contains(tokens[t].1))
                .collect();
        }
        Evaluation { workspace, policy, query, gates, candidates, carried, tokens }
    }

    /// The card itself; the scope rule reads only its owners, which no
    /// policy changes.
    fn card(&self, index: usize) -> &Card {
        &self.workspace.cards[index]
    }

    /// The reading decision for one card and one viewer, with its rule.
    pub fn access(&self, index: usize, viewer: Viewer<'_>) -> Access {
        match &self.gates[index] {
            Err(rejection) => Access::Rejected { rejection: rejection.clone() },
            Ok(accepted) => scope_rule(self.card(index), accepted.scope, viewer),
        }
    }

    /// May this viewer read the card under this policy? The same rule as
    /// [`Self::access`], without building the explanation.
    pub fn allowed(&self, index: usize, viewer: Viewer<'_>) -> bool {
        let Ok(accepted) = &self.gates[index] else { return false };
        let card = self.card(index);
        match (self.policy, accepted.scope) {
            (Policy::GlobalOnly, scope) => scope == Scope::Global,
            (_, Scope::Pair) => card.owner_user == viewer.user && card.owner_agent == viewer.agent,
            (_, Scope::User) => card.owner_user == viewer.user,
            (_, Scope::Agent) => card.owner_agent == viewer.agent,
            (_, Scope::Global) => true,
        }
    }

    /// Indices of the cards the viewer retrieves: authorized first, then
    /// matched against the query, in card order.
    pub fn view(&self, viewer: Viewer<'_>) -> Vec<usize> {
        self.candidates.iter().copied().filter(|&i| self.allowed(i, viewer)).collect()
    }

    /// Every viewer's view at once, in the order of [`Self::viewers`]: the
    /// same as [`Self::view`] for each, but each card is looked at once
    /// instead of once per viewer. A card reaches whole rows (one user or
    /// all) and columns (one agent or all) of the users × agents chart.
    pub fn views(&self) -> Vec<Vec<usize>> {
        let (users, agents) = (&self.workspace.users, &self.workspace.agents);
        let mut views = vec![Vec::new(); users.len() * agents.len()];
        for &i in &self.candidates {
            let Ok(accepted) = &self.gates[i] else { continue };
            let scope = match self.policy {
                Policy::GlobalOnly if accepted.scope != Scope::Global => continue,
                _ => accepted.scope,
            };
            let card = self.card(i);
            for (u, user) in users.iter().enumerate() {
                if scope.one_user() && *user != card.owner_user {
                    continue;
                }
                for (a, agent) in agents.iter().enumerate() {
                    if scope.one_agent() && *agent != card.owner_agent {
                        continue;
                    }
                    views[u * agents.len() + a].push(i);
                }
            }
        }
        views
    }

    /// What the viewer is handed: id and lesson only.
    pub fn hits(&self, viewer: Viewer<'_>) -> Vec<Hit<'w>> {
        self.view(viewer).into_iter().map(|i| Hit::of(&self.workspace.cards[i])).collect()
    }

    /// Every viewer, users outer and agents inner, as the seed lists them.
    pub fn viewers(&self) -> impl Iterator<Item = Viewer<'w>> + '_ {
        let ws = self.workspace;
        ws.users.iter().flat_map(move |u| ws.agents.iter().map(move |a| Viewer::new(u, a)))
    }

    /// Canaries of other users inside one view. A token the viewer
    /// registered too is theirs to see.
    pub fn leaks_in(&self, viewer: Viewer<'_>, view: &[usize]) -> Vec<Leak> {
        let own = self.workspace.canaries.of_user(viewer.user);
        let mut leaks = Vec::new();
        for &i in view {
            for &t in &self.carried[i] {
                let (owner, token) = self.tokens[t];
                if owner != viewer.user && !own.iter().any(|o| o == token) {
                    leaks.push(Leak {
                        viewer: viewer.key(),
                        card: self.card(i).id.clone(),
                        token: token.to_string(),
                        owner: owner.to_string(),
                    });
                }
            }
        }
        leaks
    }

    /// The leak scan over every view. Only cards that carry a canary can
    /// leak, so each view is narrowed to those before it is built.
    pub fn leaks(&self) -> Vec<Leak> {
        let carriers: Vec<usize> =
            self.candidates.iter().copied().filter(|&i| !self.carried[i].is_empty()).collect();
        self.viewers()
            .flat_map(|v| {
                let view: Vec<usize> = carriers.iter().copied().filter(|&i| self.allowed(i, v)).collect();
                self.leaks_in(v, &view)
            })
            .collect()
    }

    /// Ids of rejected cards, in card order.
    pub fn rejected_ids(&self) -> Vec<&'w str> {
        self.gates
            .iter()
            .zip(&self.workspace.cards)
            .filter(|(gate, _)| gate.is_err())
            .map(|(_, card)| card.id.as_str())
            .collect()
    }
}

/// The seed's global-only baseline list: valid GLOBAL cards, whatever the query.
pub fn global_only_ids(workspace: &Workspace) -> Vec<&str> {
    workspace
        .cards
        .iter()
        .filter(|c| matches!(check(c), Ok(Accepted { scope: Scope::Global, .. })))
        .map(|c| c.id.as_str())
        .collect()
}

/// Registered canaries that the unsafe pool holds anywhere in its cards'
/// text, whoever asks and whatever the query: what pooling raw memory puts
/// within reach.
pub fn canaries_in_pool(workspace: &Workspace) -> Vec<&str> {
    let pool: Vec<&Card> =
        workspace.cards.iter().filter(|c| check_pooled(c).is_ok()).collect();
    let mut found: Vec<&str> = Vec::new();
    for (_, token) in workspace.canaries.iter() {
        let held = pool.iter().any(|c| {
            c.id.contains(token)
                || c.situation.contains(token)
                || c.lesson.contains(token)
                || c.source.contains(token)
        });
        if held && !found.contains(&token) {
            found.push(token);
        }
    }
    found
}
