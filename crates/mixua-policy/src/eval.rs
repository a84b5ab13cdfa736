//! Evaluating a whole workspace: every viewer's view under a policy, and the
//! canary leaks in those views. Each card passes the policy's gate once
//! ([`Policy::gate`]); each view then only applies the cheap reading rule
//! ([`Scope::admits`]).

use serde::Serialize;

use crate::card::{Card, Scope};
use std::borrow::Cow;

use crate::lifecycle::{in_effect, settings_at, NotInEffect, TimeError, Timeline};
use crate::log::Kept;
pub use crate::policy::{pooled, Policy};
use crate::policy::{matches_query, personal, Access, Accepted, Gate, Hit, Rejection, Viewer};
use crate::workspace::{Groups, Workspace};

/// Is a registered token a leak when handed to `user`? It is when it
/// belongs to someone else and `user` did not register it too (`own`).
/// The canary half of both the leak scan and the forbidden scorecard.
pub(crate) fn foreign(owner: &str, token: &str, user: &str, own: &[String]) -> bool {
    owner != user && !own.iter().any(|o| o == token)
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

/// The canaries one card hands its reader, as (owner, token) in registry
/// order ([`Evaluation::carried`]).
pub struct Carried<'e, 'w>(CarriedBy<'e, 'w>);

/// Found once when the evaluation was built, or scanned now for a card no
/// view can hold.
enum CarriedBy<'e, 'w> {
    Found { found: std::slice::Iter<'e, usize>, tokens: &'e [(&'w str, &'w str)] },
    Scan { tokens: std::slice::Iter<'e, (&'w str, &'w str)>, hit: Hit<'w> },
}

impl<'w> Iterator for Carried<'_, 'w> {
    type Item = (&'w str, &'w str);

    fn next(&mut self) -> Option<(&'w str, &'w str)> {
        match &mut self.0 {
            CarriedBy::Found { found, tokens } => found.next().map(|&t| tokens[t]),
            CarriedBy::Scan { tokens, hit } => tokens.find(|(_, token)| hit.contains(token)).copied(),
        }
    }
}

/// What the evaluation works out once for each card a view can hold.
#[derive(Clone)]
struct Scanned<'w> {
    /// Indices into `tokens` of the canaries its id or lesson (what a
    /// reader is handed) holds.
    carried: Vec<usize>,
    /// Its owner user when it is labelled protected: whose personal
    /// content it is (`policy::personal`).
    personal: Option<&'w str>,
}

/// One workspace evaluated under one policy for one query.
#[derive(Clone)]
pub struct Evaluation<'w> {
    pub workspace: &'w Workspace,
    pub policy: Policy,
    pub query: &'w str,
    /// The content and filing gates, once per card (for the unsafe pool, of
    /// the pooled card), whatever the policy then shares.
    pub gates: Vec<Result<Accepted, Rejection>>,
    /// The policy's gate per card: every reading decision starts here.
    decided: Vec<Gate>,
    /// Indices of the cards open to reading that match the query, in
    /// card order: the only cards any view can hold. Matching the query
    /// once per card here, not once per viewer, keeps a report on many
    /// viewers cheap.
    candidates: Vec<usize>,
    /// Per card, what the leak scan and the scorecards read of it, worked
    /// out once. Only candidates can be handed to anyone, so only they are
    /// scanned here (`None` for the others, which are scanned when asked).
    scanned: Vec<Option<Scanned<'w>>>,
    /// Every registered (owner, token).
    tokens: Vec<(&'w str, &'w str)>,
    /// The declared groups, if any: the workspace's, or (for an earlier
    /// tick) the members the log replays them to.
    groups: Option<Cow<'w, Groups>>,
}

impl<'w> Evaluation<'w> {
    /// The workspace now, at its clock: the in-effect gate first
    /// ([`crate::lifecycle`]), then the content, filing and reading gates.
    /// A workspace that uses nothing of memory over time is evaluated
    /// exactly as the seed program does.
    pub fn new(workspace: &'w Workspace, query: &'w str, policy: Policy) -> Evaluation<'w> {
        Evaluation::with_effects(workspace, query, policy, in_effect(workspace))
    }

    /// The workspace as it was at `tick`, from its log (a tick after the
    /// clock reads as the clock's state carried forward). The cards are the
    /// current rows, so a card proposed later is simply not in effect yet;
    /// the groups' members, holds and times to live are those of `tick`.
    pub fn at(workspace: &'w Workspace, query: &'w str, policy: Policy, tick: u64) -> Evaluation<'w> {
        let timeline = Timeline::new(workspace);
        if !timeline.settings_change_after(tick) {
            return Evaluation::with_effects(workspace, query, policy, Some(timeline.effects_at(tick)));
        }
        let then = settings_at(workspace, tick);
        let effects = Timeline::new(&then).effects_at(tick);
        let groups = then.groups.and_then(|g| match g {
            Kept::Good(groups) => Some(Cow::Owned(groups)),
            Kept::Bad(_) => None,
        });
        Evaluation::with_effects_in(workspace, query, policy, Some(effects), groups)
    }

    /// An evaluation with the in-effect gate's answers given, one per card
    /// (`None`: every card is in effect).
    pub fn with_effects(
        workspace: &'w Workspace,
        query: &'w str,
        policy: Policy,
        effects: Option<Vec<Option<NotInEffect>>>,
    ) -> Evaluation<'w> {
        Evaluation::with_effects_in(workspace, query, policy, effects, workspace.groups().map(Cow::Borrowed))
    }

    /// [`Self::with_effects`], with the declared groups given.
    fn with_effects_in(
        workspace: &'w Workspace,
        query: &'w str,
        policy: Policy,
        effects: Option<Vec<Option<NotInEffect>>>,
        groups_in: Option<Cow<'w, Groups>>,
    ) -> Evaluation<'w> {
        let cards = &workspace.cards;
        let groups = groups_in.as_deref();
        let decided: Vec<Gate> = match &effects {
            None if groups.is_none() => cards.iter().map(|card| policy.gate(card)).collect(),
            None => cards.iter().map(|card| policy.gate_in(card, groups)).collect(),
            Some(effects) => cards.iter().zip(effects).map(|(card, why)| policy.gate_at(card, groups, why.as_ref())).collect(),
        };
        let gates = decided.iter().map(Gate::checked).collect();
        let candidates: Vec<usize> = (0..cards.len())
            .filter(|&i| decided[i].open_scope().is_some() && matches_query(&cards[i], query))
            .collect();
        let tokens: Vec<(&str, &str)> = workspace.canaries.iter().collect();
        let mut scanned = vec![None; cards.len()];
        for &i in &candidates {
            let hit = Hit::of(&cards[i]);
            scanned[i] = Some(Scanned {
                carried: (0..tokens.len()).filter(|&t| hit.contains(tokens[t].1)).collect(),
                personal: personal(&cards[i]),
            });
        }
        Evaluation { workspace, policy, query, gates, decided, candidates, scanned, tokens, groups: groups_in }
    }

    /// The declared groups this evaluation reads (the workspace's, or for
    /// an earlier tick, the members the log replays them to), if any.
    pub fn groups(&self) -> Option<&Groups> {
        self.groups.as_deref()
    }

    /// Why the card is not in effect, if it is not.
    pub fn not_in_effect(&self, index: usize) -> Option<&NotInEffect> {
        match &self.decided[index] {
            Gate::NotInEffect { why, .. } => Some(why),
            _ => None,
        }
    }

    /// The card itself; the scope rule reads only its owners, which no
    /// policy changes.
    pub(crate) fn card(&self, index: usize) -> &'w Card {
        &self.workspace.cards[index]
    }

    /// The registered (owner, token) pairs the card hands its reader, in
    /// registry order.
    pub fn carried(&self, index: usize) -> Carried<'_, 'w> {
        match &self.scanned[index] {
            Some(scanned) => Carried(CarriedBy::Found { found: scanned.carried.iter(), tokens: &self.tokens }),
            None => Carried(CarriedBy::Scan { tokens: self.tokens.iter(), hit: Hit::of(self.card(index)) }),
        }
    }

    /// Whose personal content the card is, if it is labelled protected
    /// (`policy::personal`).
    pub fn personal(&self, index: usize) -> Option<&'w str> {
        match &self.scanned[index] {
            Some(scanned) => scanned.personal,
            None => personal(self.card(index)),
        }
    }

    /// The policy's gate for one card.
    pub fn gate(&self, index: usize) -> &Gate {
        &self.decided[index]
    }

    /// The reading decision for one card and one viewer under this policy,
    /// with its rule (or why no rule was asked: rejected, or not shared).
    pub fn access(&self, index: usize, viewer: Viewer<'_>) -> Access {
        self.decided[index].access_in(self.card(index), viewer, self.groups.as_deref())
    }

    /// May this viewer read the card under this policy? Always
    /// `self.access(index, viewer).allowed()`, without building the answer.
    pub fn allowed(&self, index: usize, viewer: Viewer<'_>) -> bool {
        self.decided[index].allowed_in(self.card(index), viewer, self.groups.as_deref())
    }

    /// Indices of the cards the viewer retrieves: authorized first, then
    /// matched against the query, in card order.
    pub fn view(&self, viewer: Viewer<'_>) -> Vec<usize> {
        self.candidates.iter().copied().filter(|&i| self.allowed(i, viewer)).collect()
    }

    /// Every viewer's view at once, in the order of [`Self::viewers`]: the
    /// same as [`Self::view`] for each, but each card is looked at once
    /// instead of once per viewer. The reading rule ([`Scope::admits`]) is
    /// tabulated per card for both answers of each axis (is the viewer the
    /// owner user, the owner agent); names are compared only where the
    /// answer depends on them, so a GLOBAL card costs no comparison at all.
    pub fn views(&self) -> Vec<Vec<usize>> {
        let (users, agents) = (&self.workspace.users, &self.workspace.agents);
        let mut views = vec![Vec::new(); users.len() * agents.len()];
        for &i in &self.candidates {
            let Some(scope) = self.decided[i].open_scope() else { continue };
            let card = self.card(i);
            // table[user matches][agent matches]
            let table = [false, true].map(|u| [false, true].map(|a| scope.admits(u, a)));
            // For a GROUP card the row axis asks "is the user a member?".
            let members = (scope == Scope::Group).then(|| {
                let group = card.life().and_then(|l| l.group.as_deref()).unwrap_or("");
                self.groups.as_deref().and_then(|g| g.members(group)).unwrap_or(&[])
            });
            for (u, user) in users.iter().enumerate() {
                let columns = if table[0] == table[1] {
                    table[0]
                } else {
                    let user_matches = match members {
                        Some(members) => members.contains(user),
                        None => *user == card.owner_user,
                    };
                    table[usize::from(user_matches)]
                };
                let row = &mut views[u * agents.len()..(u + 1) * agents.len()];
                match columns {
                    [false, false] => {}
                    [true, true] => row.iter_mut().for_each(|view| view.push(i)),
                    _ => {
                        for (view, agent) in row.iter_mut().zip(agents) {
                            if columns[usize::from(*agent == card.owner_agent)] {
                                view.push(i);
                            }
                        }
                    }
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
        leaks_with(self.workspace, viewer, view, |i| self.carried(i))
    }

    /// The leak scan over every view. Only cards that carry a canary can
    /// leak, so each view is narrowed to those before it is built.
    pub fn leaks(&self) -> Vec<Leak> {
        let carriers: Vec<usize> =
            self.candidates.iter().copied().filter(|&i| self.scanned[i].as_ref().is_some_and(|s| !s.carried.is_empty())).collect();
        self.viewers()
            .flat_map(|v| {
                let view: Vec<usize> = carriers.iter().copied().filter(|&i| self.allowed(i, v)).collect();
                self.leaks_in(v, &view)
            })
            .collect()
    }

    /// Ids of rejected cards, in card order. A card not in effect is
    /// reported by the gate that stopped it first, the in-effect gate
    /// ([`Self::not_in_effect`]), not here.
    pub fn rejected_ids(&self) -> Vec<&'w str> {
        self.decided
            .iter()
            .zip(&self.workspace.cards)
            .filter(|(gate, _)| matches!(gate, Gate::Rejected { .. }))
            .map(|(_, card)| card.id.as_str())
            .collect()
    }
}

/// The leaks of one view, each card's canaries found by `carried`.
fn leaks_with<'w, I: Iterator<Item = (&'w str, &'w str)>>(
    workspace: &Workspace,
    viewer: Viewer<'_>,
    view: &[usize],
    carried: impl Fn(usize) -> I,
) -> Vec<Leak> {
    let own = workspace.canaries.of_user(viewer.user);
    let mut leaks = Vec::new();
    for &i in view {
        for (owner, token) in carried(i) {
            if foreign(owner, token, viewer.user, own) {
                leaks.push(Leak {
                    viewer: viewer.key(),
                    card: workspace.cards[i].id.clone(),
                    token: token.to_string(),
                    owner: owner.to_string(),
                });
            }
        }
    }
    leaks
}

/// The registered (owner, token) pairs card `index` hands its reader, in
/// registry order, scanned now: [`Evaluation::carried`] for one card.
pub(crate) fn carried_by(workspace: &Workspace, index: usize) -> impl Iterator<Item = (&str, &str)> {
    let hit = Hit::of(&workspace.cards[index]);
    workspace.canaries.iter().filter(move |(_, token)| hit.contains(token))
}

/// Keeping an evaluation up to date card by card (the app does, once per
/// edit): the policy's gate for card `index` alone, when the workspace
/// uses nothing of memory over time (no clock, log, groups, retention or
/// life on a card). Then a card's gate reads that card only, and equals
/// [`Evaluation::gate`]. `None` when it uses time: a card's in-effect
/// answer then depends on the others (versions, the log), and only a whole
/// evaluation answers.
pub fn gate_alone(workspace: &Workspace, policy: Policy, index: usize) -> Option<Gate> {
    if workspace.uses_time() {
        return None;
    }
    workspace.cards.get(index).map(|card| policy.gate_in(card, None))
}

/// Does the viewer retrieve card `index`, whose gate is `gate`? The rule
/// [`Evaluation::view`] applies to each card: open to reading, matching
/// the workspace's query, and allowed to this viewer.
pub fn retrieves(workspace: &Workspace, gate: &Gate, index: usize, viewer: Viewer<'_>) -> bool {
    let card = &workspace.cards[index];
    gate.open_scope().is_some() && matches_query(card, &workspace.query) && gate.allowed_in(card, viewer, workspace.groups())
}

/// [`Evaluation::leaks_in`] for one view, without a whole evaluation: each
/// card of the view scanned now.
pub fn leaks_in_view(workspace: &Workspace, viewer: Viewer<'_>, view: &[usize]) -> Vec<Leak> {
    leaks_with(workspace, viewer, view, |i| carried_by(workspace, i))
}

/// The canaries card `index` hands its reader, as places in the registry
/// (`workspace.canaries.iter()`, in its order): found once per card and
/// kept by a caller that keeps views up to date ([`leaks_in_view_scanned`]).
pub fn carried_of(workspace: &Workspace, index: usize) -> Vec<usize> {
    let hit = Hit::of(&workspace.cards[index]);
    workspace.canaries.iter().enumerate().filter(|(_, (_, token))| hit.contains(token)).map(|(t, _)| t).collect()
}

/// [`leaks_in_view`] with each card's canaries found before
/// (`carried[i]`: [`carried_of`] card `i`).
pub fn leaks_in_view_scanned(workspace: &Workspace, viewer: Viewer<'_>, view: &[usize], carried: &[Vec<usize>]) -> Vec<Leak> {
    let tokens: Vec<(&str, &str)> = workspace.canaries.iter().collect();
    leaks_with(workspace, viewer, view, |i| carried[i].iter().map(|&t| tokens[t]))
}

/// Each card's whole gate (in effect, content, filing) under each policy
/// (in [`Policy::ALL`]'s order) at the workspace's clock: what
/// [`Evaluation::new`] applies to each card. For a caller that keeps views
/// up to date: in a workspace with memory over time, one card's answer
/// depends on the log and the other cards, so after an edit or an act the
/// cards whose gate changed are found by comparing these, and only they
/// (with the cards edited) move in or out of views. The log is replayed
/// once for the three policies.
pub fn gates_at_clock(workspace: &Workspace) -> [Vec<Gate>; 3] {
    gates_at_clock_with(workspace, in_effect(workspace))
}

/// [`gates_at_clock`] on a [`Timeline`] of `workspace` already made (a
/// shell that keeps one per revision, shared with what else reads the log).
pub fn gates_at_clock_on(workspace: &Workspace, timeline: &Timeline<'_>) -> [Vec<Gate>; 3] {
    gates_at_clock_with(workspace, workspace.uses_time().then(|| timeline.effects_now()))
}

fn gates_at_clock_with(workspace: &Workspace, effects: Option<Vec<Option<NotInEffect>>>) -> [Vec<Gate>; 3] {
    let groups = workspace.groups();
    Policy::ALL.map(|policy| match &effects {
        None => workspace.cards.iter().map(|c| policy.gate_in(c, groups)).collect(),
        Some(effects) => workspace.cards.iter().zip(effects).map(|(c, why)| policy.gate_at(c, groups, why.as_ref())).collect(),
    })
}

/// Each card's gate under a policy at the workspace's clock: what the
/// baselines below share.
fn gates_now(workspace: &Workspace, policy: Policy) -> Vec<Gate> {
    let groups = workspace.groups();
    match in_effect(workspace) {
        None => workspace.cards.iter().map(|c| policy.gate_in(c, groups)).collect(),
        Some(effects) => {
            workspace.cards.iter().zip(&effects).map(|(c, why)| policy.gate_at(c, groups, why.as_ref())).collect()
        }
    }
}

/// The seed's global-only baseline list: the cards the global-only policy
/// shares (valid GLOBAL cards), whatever the query.
pub fn global_only_ids(workspace: &Workspace) -> Vec<&str> {
    if !workspace.uses_time() {
        return workspace
            .cards
            .iter()
            .filter(|c| Policy::GlobalOnly.gate(c).open_scope().is_some())
            .map(|c| c.id.as_str())
            .collect();
    }
    let gates = gates_now(workspace, Policy::GlobalOnly);
    workspace.cards.iter().zip(&gates).filter(|(_, g)| g.open_scope().is_some()).map(|(c, _)| c.id.as_str()).collect()
}

/// Registered canaries that the unsafe pool holds anywhere in its cards'
/// text, whoever asks and whatever the query: what pooling raw memory puts
/// within reach.
pub fn canaries_in_pool(workspace: &Workspace) -> Vec<&str> {
    let pool: Vec<&Card> = if workspace.uses_time() {
        let gates = gates_now(workspace, Policy::UnsafePool);
        workspace.cards.iter().zip(&gates).filter(|(_, g)| g.open_scope().is_some()).map(|(c, _)| &**c).collect()
    } else {
        workspace.cards.iter().filter(|c| Policy::UnsafePool.gate(c).open_scope().is_some()).map(|c| &**c).collect()
    };
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

/// How one viewer's view changed between two ticks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViewChange {
    /// The `user/agent` key.
    pub viewer: String,
    /// Card ids in the view at the later tick and not at the earlier.
    pub entered: Vec<String>,
    /// Card ids in the view at the earlier tick and not at the later.
    pub left: Vec<String>,
}

/// Which cards entered or left which views between tick `a` and tick `b`
/// (four-scope policy, for `query`). Only viewers whose view changed are
/// listed, in viewer order.
pub fn diff(workspace: &Workspace, query: &str, a: u64, b: u64) -> Result<Vec<ViewChange>, TimeError> {
    let clock = workspace.clock();
    if let Some(tick) = [a, b].into_iter().find(|&t| t > clock) {
        return Err(TimeError::AfterClock { tick, clock });
    }
    // Each with the members, holds and times to live of its tick.
    let before = Evaluation::at(workspace, query, Policy::FourScope, a);
    let after = Evaluation::at(workspace, query, Policy::FourScope, b);
    let ids = |view: &[usize]| -> Vec<String> { view.iter().map(|&i| workspace.cards[i].id.clone()).collect() };
    Ok(before
        .viewers()
        .zip(before.views().into_iter().zip(after.views()))
        .filter_map(|(viewer, (old, new))| {
            let entered: Vec<usize> = new.iter().copied().filter(|i| !old.contains(i)).collect();
            let left: Vec<usize> = old.iter().copied().filter(|i| !new.contains(i)).collect();
            (!entered.is_empty() || !left.is_empty())
                .then(|| ViewChange { viewer: viewer.key(), entered: ids(&entered), left: ids(&left) })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Stream;
    use crate::policy::Filing;
    use crate::seed::seed_workspace;

    #[test]
    fn each_policy_settles_a_card_once() {
        let ws = seed_workspace();
        let gate = |policy: Policy, id: &str| policy.gate(ws.cards.iter().find(|c| c.id == id).unwrap());
        let user = Accepted { scope: Scope::User, stream: Stream::Protected };
        assert_eq!(gate(Policy::FourScope, "U"), Gate::Open { accepted: user });
        assert_eq!(gate(Policy::GlobalOnly, "U"), Gate::NotShared { accepted: user });
        let global = Accepted { scope: Scope::Global, stream: Stream::Reusable };
        assert_eq!(gate(Policy::GlobalOnly, "G"), Gate::Open { accepted: global });
        assert_eq!(gate(Policy::UnsafePool, "U"), Gate::Open { accepted: global });
        assert!(matches!(gate(Policy::GlobalOnly, "X"), Gate::Rejected { .. }));
        assert_eq!(gate(Policy::UnsafePool, "X"), Gate::Open { accepted: global });
        assert_eq!(Policy::UnsafePool.filing(), Filing::Pooled);
        assert!(!Policy::GlobalOnly.shares(Scope::Agent) && Policy::FourScope.shares(Scope::Agent));
    }

    /// The review's finding: under the global-only baseline a valid USER
    /// card was reported readable by `access` while `allowed` said no.
    #[test]
    fn global_only_access_says_not_shared_where_allowed_says_no() {
        let ws = seed_workspace();
        let eval = Evaluation::new(&ws, &ws.query, Policy::GlobalOnly);
        let u = ws.cards.iter().position(|c| c.id == "U").unwrap();
        let alice = Viewer::new("alice", "writer-v1");
        assert_eq!(eval.access(u, alice), Access::NotShared { scope: Scope::User });
        assert!(!eval.allowed(u, alice));
        assert_eq!(eval.gates[u], Ok(Accepted { scope: Scope::User, stream: Stream::Protected }), "the card itself is fine");
        for (i, _) in ws.cards.iter().enumerate() {
            for viewer in eval.viewers() {
                assert_eq!(eval.allowed(i, viewer), eval.access(i, viewer).allowed());
            }
        }
    }

    #[test]
    fn carried_is_the_same_found_early_or_scanned_late() {
        let mut ws = seed_workspace();
        // B holds Bob's canary; with this query it is no candidate.
        let eval = Evaluation::new(&ws, "三行", Policy::FourScope);
        let b = ws.cards.iter().position(|c| c.id == "B").unwrap();
        assert_eq!(eval.carried(b).collect::<Vec<_>>(), [("bob", "FAKE-BOB-852")]);
        ws.query = String::new();
        let eval = Evaluation::new(&ws, "", Policy::FourScope);
        assert_eq!(eval.carried(b).collect::<Vec<_>>(), [("bob", "FAKE-BOB-852")]);
        assert_eq!(eval.carried(0).count(), 0);
    }

    #[test]
    fn global_only_ids_and_the_pool_follow_the_policy_gates() {
        let ws = seed_workspace();
        assert_eq!(global_only_ids(&ws), ["G"]);
        assert_eq!(canaries_in_pool(&ws), ["FAKE-ALICE-731", "FAKE-BOB-852"]);
    }
}
