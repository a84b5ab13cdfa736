//! Memory over time: the in-effect gate, and the log replayed to any tick.
//!
//! A card reaches a viewer only if it is **in effect** at the workspace's
//! clock: accepted, inside its validity window, not superseded by an
//! accepted newer version, and not past its kind's time to live (unless
//! held). This gate is asked first, before the content, filing and reading
//! gates, and every "no" is a [`NotInEffect`] value with its reason.
//!
//! The current state is the cards as written (their `status`, `valid_from`,
//! …); the past is the event log replayed ([`Timeline`]). The write path
//! (the `write` module) keeps the two in step, so `as_of(clock)` is the
//! current state; a file whose cards and log disagree says so in its audit.
//!
//! A deleted card is a tombstone at every tick: its text is gone from the
//! past as well as from the present.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::card::{Card, Kind, Life, Status};
pub use crate::effect::{NotInEffect, Stamp};
use crate::log::{blank, Action, Event, EventProblem, Kept, Setting};
use crate::workspace::{Groups, Retention};
use crate::viewer::{check_visible, ViewerId};
use crate::workspace::Workspace;

/// One card at one tick, as the in-effect rule needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CardState {
    /// `Some(t)`: the card was proposed at tick `t` and did not exist
    /// before. `None`: it was there from the start.
    pub written: Option<u64>,
    pub status: Status,
    /// The last event of the log that touched the card (index in the log).
    pub last: Option<usize>,
}

static NO_LIFE: Life = Life {
    status: None,
    written_by: None,
    approved_by: None,
    supersedes: None,
    group: None,
    kind: None,
    tier: None,
    valid_from: None,
    valid_to: None,
    hold: None,
    malformed: Vec::new(),
    other: Vec::new(),
    duplicated: Vec::new(),
};

fn life(card: &Card) -> &Life {
    card.life().unwrap_or(&NO_LIFE)
}

/// The tick a card took effect (its `valid_from`; publishing sets it), from
/// which its time to live counts.
pub fn took_effect(card: &Card) -> u64 {
    life(card).valid_from.unwrap_or(0)
}

/// FNV-1a: card ids are short, and the timeline looks one up per event;
/// std's default hasher is built to resist attacks this index never meets.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }
}

type Ids<'w> = HashMap<&'w str, usize, BuildHasherDefault<Fnv>>;

/// Which check of the in-effect rule stops a card: [`NotInEffect`] without
/// its words, so that asking costs nothing.
#[derive(Clone, Copy, Debug)]
enum Lapse {
    NotWrittenYet(u64),
    /// Any status but accepted (a tombstone reads as deleted).
    Status(Status),
    NotYetValid(u64),
    NoLongerValid(u64),
    /// The index of the cycle of versions the card is on.
    Cycle(usize),
    /// The index of the newer version.
    Superseded(usize),
    Expired(Kind, u64, u64),
}

/// What the in-effect rule reads of one card, worked out once.
#[derive(Clone, Copy, Debug)]
struct Facts {
    /// Its life fields can be read (else the content gate rejects it).
    readable: bool,
    tombstone: bool,
    valid_from: Option<u64>,
    valid_to: Option<u64>,
    /// When its kind's time to live runs out, unless it is held: (kind,
    /// ttl, the tick it runs out).
    expiry: Option<(Kind, u64, u64)>,
}

impl Facts {
    fn of(card: &Card, workspace: &Workspace) -> Facts {
        let life = life(card);
        let expiry = life
            .kind()
            .filter(|_| !life.held())
            .and_then(|kind| workspace.ttl(kind).map(|ttl| (kind, ttl, took_effect(card).saturating_add(ttl))));
        Facts {
            readable: card.life.is_none() || life.readable(),
            tombstone: card.is_tombstone(),
            valid_from: life.valid_from,
            valid_to: life.valid_to,
            expiry,
        }
    }
}

/// A workspace's log, checked once and ready to replay to any tick.
pub struct Timeline<'w> {
    pub workspace: &'w Workspace,
    /// Card index by id, for ids that only one card has.
    ids: Ids<'w>,
    /// Per card, the cards that name it in `supersedes`.
    successors: Vec<Vec<usize>>,
    /// Per card, the card it names in `supersedes` (when one card has that id).
    bases: Vec<Option<usize>>,
    /// The cycles of versions ([`find_cycles`]), and per card the one it
    /// is on.
    cycles: Vec<Vec<usize>>,
    on_cycle: Vec<Option<usize>>,
    /// The log entries that are set aside, in log order, each with why.
    problems: Vec<(usize, EventProblem)>,
    /// The events that are replayed, in log order: (log index, card index).
    applied: Vec<(usize, Option<usize>)>,
    /// Every card as it stood before its first replayed event.
    start: Vec<CardState>,
    /// Per card, what the in-effect rule reads of it.
    facts: Vec<Facts>,
}

impl<'w> Timeline<'w> {
    /// Checks the whole log: each event is replayed, or set aside with its
    /// reason ([`EventProblem`]).
    pub fn new(workspace: &'w Workspace) -> Timeline<'w> {
        let cards = &workspace.cards;
        let mut ids: Ids<'w> = Ids::with_capacity_and_hasher(cards.len(), Default::default());
        let mut repeated: Vec<&str> = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            if ids.insert(card.id.as_str(), i).is_some() {
                repeated.push(card.id.as_str());
            }
        }
        for id in &repeated {
            ids.remove(id);
        }
        let mut successors = vec![Vec::new(); cards.len()];
        let mut bases = vec![None; cards.len()];
        // What each card names, itself included: a card that replaces
        // itself is a cycle of one. A tombstone is only an id and names
        // nothing.
        let mut named = vec![None; cards.len()];
        for (i, card) in cards.iter().enumerate() {
            if let Some(&base) = card.life().and_then(|l| l.supersedes.as_deref()).and_then(|id| ids.get(id)) {
                if !card.is_tombstone() {
                    named[i] = Some(base);
                }
                if base != i {
                    successors[base].push(i);
                    bases[i] = Some(base);
                }
            }
        }
        let cycles = find_cycles(&named);
        let mut on_cycle = vec![None; cards.len()];
        for (c, cycle) in cycles.iter().enumerate() {
            for &i in cycle {
                on_cycle[i] = Some(c);
            }
        }

        let log = workspace.log();
        let clock = workspace.clock.as_ref().and_then(Kept::good).copied();
        let mut problems = Vec::new();
        let mut applied = Vec::new();
        // The status each card has reached so far in the replay, and whether
        // it has been touched yet (its first event decides where it started).
        let mut now: Vec<Option<Status>> = vec![None; cards.len()];
        let mut start: Vec<CardState> =
            cards.iter().map(|c| CardState { written: None, status: c.status(), last: None }).collect();
        let mut latest = 0;
        for (n, entry) in log.iter().enumerate() {
            let event = match entry {
                Kept::Good(event) => event,
                Kept::Bad(_) => {
                    let why = entry.unreadable("event").expect("a kept value can't be read");
                    problems.push((n, EventProblem::Unreadable { why }));
                    continue;
                }
            };
            let card = match check_event(event, latest, clock, &ids, &repeated) {
                Ok(card) => card,
                Err(problem) => {
                    problems.push((n, problem));
                    continue;
                }
            };
            if let (Some(i), Some((from, to))) = (card, event.action.transition()) {
                match now[i] {
                    None if event.action == Action::Propose => {
                        start[i].written = Some(event.tick);
                        start[i].status = Status::Candidate;
                    }
                    // A card whose log starts later began in the status the
                    // first event starts from: a candidate before its review,
                    // accepted before it was retired.
                    None => {
                        start[i].status =
                            if matches!(event.action, Action::Publish | Action::Reject) { Status::Candidate } else { Status::Accepted }
                    }
                    Some(_) if event.action == Action::Propose => {
                        problems.push((n, EventProblem::AlreadyProposed { card: cards[i].id.clone() }));
                        continue;
                    }
                    Some(status) if !from.contains(&status) => {
                        problems.push((n, EventProblem::WrongStatus { action: event.action, status }));
                        continue;
                    }
                    Some(_) => {}
                }
                now[i] = Some(to);
            }
            latest = event.tick;
            applied.push((n, card));
        }
        let facts = cards.iter().map(|card| Facts::of(card, workspace)).collect();
        Timeline { workspace, ids, successors, bases, cycles, on_cycle, problems, applied, start, facts }
    }

    /// Why entry `index` of the log is set aside, if it is.
    pub fn problem(&self, index: usize) -> Option<&EventProblem> {
        self.problems.binary_search_by_key(&index, |(n, _)| *n).ok().map(|at| &self.problems[at].1)
    }

    /// The index of the one card with this id.
    pub fn card(&self, id: &str) -> Option<usize> {
        self.ids.get(id).copied()
    }

    /// Every card as it stood at `tick`, by replaying the log.
    pub(crate) fn states_at(&self, tick: u64) -> Vec<CardState> {
        let mut states = self.start.clone();
        let log = self.workspace.log();
        for &(n, card) in &self.applied {
            let event = log[n].good().expect("replayed events are readable");
            if event.tick > tick {
                break;
            }
            if let Some(i) = card.filter(|_| !event.action.sets()) {
                if let Some((_, to)) = event.action.transition() {
                    states[i].status = to;
                }
                states[i].last = Some(n);
            }
        }
        states
    }

    /// Every card as it stands now: its status as written, with the last
    /// event that touched it.
    pub(crate) fn states_now(&self) -> Vec<CardState> {
        let mut states: Vec<CardState> = self
            .workspace
            .cards
            .iter()
            .map(|c| CardState { written: None, status: c.status(), last: None })
            .collect();
        let log = self.workspace.log();
        for &(n, card) in &self.applied {
            // A hold is a setting, not a step of the card's life: the
            // stamp a card's state shows stays the last step.
            if let Some(i) = card.filter(|_| log[n].good().is_none_or(|e| !e.action.sets())) {
                states[i].last = Some(n);
            }
        }
        states
    }

    fn stamp(&self, state: &CardState) -> Option<Stamp> {
        state.last.and_then(|n| self.workspace.log()[n].good()).map(Stamp::of)
    }

    /// The in-effect rule, the one place it is written: is card `i` in
    /// effect at `tick`, given every card's state then? `None`: it is.
    pub(crate) fn effect(&self, i: usize, states: &[CardState], tick: u64) -> Option<NotInEffect> {
        self.lapse(i, states, tick).map(|lapse| self.worded(i, &states[i], lapse))
    }

    /// The cards whose answer a change of card `i`'s status can change:
    /// itself, and the version it replaces (which it may now supersede, or
    /// no longer). Nothing else reads its status.
    pub(crate) fn touched_by(&self, i: usize) -> impl Iterator<Item = usize> {
        std::iter::once(i).chain(self.bases[i])
    }

    /// [`Self::effect`]'s yes or no, without building the reason.
    pub(crate) fn is_in_effect(&self, i: usize, states: &[CardState], tick: u64) -> bool {
        self.lapse(i, states, tick).is_none()
    }

    /// The rule itself: which check stops card `i` at `tick`, if any, in
    /// the order [`NotInEffect`] lists them.
    fn lapse(&self, i: usize, states: &[CardState], tick: u64) -> Option<Lapse> {
        let facts = &self.facts[i];
        let state = &states[i];
        // A card whose life fields can't be read is rejected by the content
        // gate; there is no time to judge it by.
        if !facts.readable {
            return None;
        }
        if facts.tombstone {
            return Some(Lapse::Status(Status::Deleted));
        }
        if let Some(proposed_at) = state.written.filter(|&t| t > tick) {
            return Some(Lapse::NotWrittenYet(proposed_at));
        }
        if let Some(cycle) = self.live_cycle(i, states, tick) {
            return Some(Lapse::Cycle(cycle));
        }
        if state.status != Status::Accepted {
            return Some(Lapse::Status(state.status));
        }
        if let Some(valid_from) = facts.valid_from.filter(|&from| from > tick) {
            return Some(Lapse::NotYetValid(valid_from));
        }
        if let Some(valid_to) = facts.valid_to.filter(|&to| to <= tick) {
            return Some(Lapse::NoLongerValid(valid_to));
        }
        if let Some(&newer) = self.successors[i].iter().find(|&&j| self.supersedes_at(j, states, tick)) {
            return Some(Lapse::Superseded(newer));
        }
        if let Some((kind, ttl, at)) = facts.expiry.filter(|&(_, _, at)| at <= tick) {
            return Some(Lapse::Expired(kind, ttl, at));
        }
        None
    }

    /// A lapse as the reason value, with who did it, when and why.
    fn worded(&self, i: usize, state: &CardState, lapse: Lapse) -> NotInEffect {
        let stamp = || self.stamp(state);
        match lapse {
            Lapse::NotWrittenYet(proposed_at) => NotInEffect::NotWrittenYet { proposed_at },
            Lapse::Cycle(cycle) => NotInEffect::CycleOfVersions { cycle: self.cycle_ids(cycle) },
            Lapse::Status(Status::Deleted) => NotInEffect::Deleted { stamp: stamp() },
            Lapse::Status(Status::Candidate) => NotInEffect::Candidate { stamp: stamp() },
            Lapse::Status(Status::Rejected) => NotInEffect::Rejected { stamp: stamp() },
            Lapse::Status(Status::Revoked) => NotInEffect::Revoked { stamp: stamp() },
            Lapse::Status(Status::RolledBack | Status::Accepted) => {
                NotInEffect::RolledBack { stamp: stamp(), restores: life(&self.workspace.cards[i]).supersedes.clone() }
            }
            Lapse::NotYetValid(valid_from) => NotInEffect::NotYetValid { valid_from },
            Lapse::NoLongerValid(valid_to) => NotInEffect::NoLongerValid { valid_to },
            Lapse::Superseded(newer) => NotInEffect::Superseded { by: self.workspace.cards[newer].id.clone() },
            Lapse::Expired(kind, ttl, at) => NotInEffect::Expired { kind, ttl, at },
        }
    }

    /// Does card `j` replace the version it names at `tick`? Only an
    /// accepted, readable version that has begun does: a candidate, a
    /// rejected, revoked, deleted or rolled-back one replaces nothing, and
    /// neither does a card on a cycle of versions.
    fn supersedes_at(&self, j: usize, states: &[CardState], tick: u64) -> bool {
        let facts = &self.facts[j];
        states[j].status == Status::Accepted
            && states[j].written.is_none_or(|t| t <= tick)
            && facts.readable
            && !facts.tombstone
            && facts.valid_from.unwrap_or(0) <= tick
            && self.live_cycle(j, states, tick).is_none()
    }

    /// The cycle of versions card `i` is on at `tick`, if every card of it
    /// has been written by then (before, the cycle is not closed yet, as
    /// the workspace [`as_of`] that tick shows).
    fn live_cycle(&self, i: usize, states: &[CardState], tick: u64) -> Option<usize> {
        self.on_cycle[i].filter(|&c| self.cycles[c].iter().all(|&j| states[j].written.is_none_or(|t| t <= tick)))
    }

    /// The ids of a cycle's cards, in its order.
    fn cycle_ids(&self, cycle: usize) -> Vec<String> {
        self.cycles[cycle].iter().map(|&j| self.workspace.cards[j].id.clone()).collect()
    }

    /// The cycles of versions among the cards as written, each from its
    /// first card in card order, followed by the card that names it in
    /// `supersedes`, and so on round. A card is on one cycle at most.
    pub fn cycles(&self) -> impl Iterator<Item = &[usize]> + '_ {
        self.cycles.iter().map(Vec::as_slice)
    }

    /// The cycle of versions card `i` is on, as written, if it is on one.
    pub fn cycle_of(&self, i: usize) -> Option<&[usize]> {
        self.on_cycle[i].map(|c| self.cycles[c].as_slice())
    }

    /// The in-effect gate for every card at `tick`, from the log.
    pub fn effects_at(&self, tick: u64) -> Vec<Option<NotInEffect>> {
        let states = self.states_at(tick);
        (0..states.len()).map(|i| self.effect(i, &states, tick)).collect()
    }

    /// The in-effect gate for every card now, from the cards as written.
    pub fn effects_now(&self) -> Vec<Option<NotInEffect>> {
        let states = self.states_now();
        let tick = self.workspace.clock();
        (0..states.len()).map(|i| self.effect(i, &states, tick)).collect()
    }

    /// Is card `i` the current version: accepted, and replaced by no
    /// accepted newer version now?
    pub fn is_current(&self, i: usize) -> bool {
        let states = self.states_now();
        let tick = self.workspace.clock();
        states[i].status == Status::Accepted
            && self.live_cycle(i, &states, tick).is_none()
            && !self.successors[i].iter().any(|&j| self.supersedes_at(j, &states, tick))
    }

    /// The current version of the chain card `i` belongs to, following
    /// accepted newer versions.
    pub fn current_version(&self, i: usize) -> Option<usize> {
        let states = self.states_now();
        let tick = self.workspace.clock();
        let mut at = i;
        let mut seen = vec![at];
        loop {
            match self.successors[at].iter().find(|&&j| self.supersedes_at(j, &states, tick)) {
                Some(&next) if !seen.contains(&next) => {
                    seen.push(next);
                    at = next;
                }
                _ => return (states[at].status == Status::Accepted && self.live_cycle(at, &states, tick).is_none()).then_some(at),
            }
        }
    }

    /// Cards whose status as written differs from the status the log
    /// replays to at the clock: (card index, written, replayed).
    pub fn disagreements(&self) -> Vec<(usize, Status, Status)> {
        let replayed = self.states_at(self.workspace.clock());
        self.workspace
            .cards
            .iter()
            .enumerate()
            .filter(|(i, c)| self.facts[*i].readable && replayed[*i].status != c.status())
            .map(|(i, c)| (i, c.status(), replayed[i].status))
            .collect()
    }

    /// The versions of card `i`'s chain, oldest first: what it replaced, and
    /// what replaced it (every newer version, in card order).
    pub fn versions(&self, i: usize) -> Vec<usize> {
        let mut chain = vec![i];
        let mut at = i;
        while let Some(&base) = life(&self.workspace.cards[at]).supersedes.as_deref().and_then(|id| self.ids.get(id)) {
            if chain.contains(&base) {
                break;
            }
            chain.insert(0, base);
            at = base;
        }
        let mut next = 0;
        while next < chain.len() {
            for &j in &self.successors[chain[next]] {
                if !chain.contains(&j) {
                    chain.push(j);
                }
            }
            next += 1;
        }
        chain
    }

    /// The policy version at `tick`: the one the last `policy` event up to
    /// then set. Before the first such event it was one less than the
    /// version that event set; without any, it is the workspace's own.
    pub fn policy_version_at(&self, tick: u64) -> u64 {
        let mut bumps =
            self.applied().filter(|(_, e, _)| e.action == Action::Policy).filter_map(|(_, e, _)| e.version.map(|v| (e.tick, v)));
        let Some((first_tick, first)) = bumps.next() else { return self.workspace.policy_version() };
        if tick < first_tick {
            return first.saturating_sub(1);
        }
        bumps.take_while(|&(t, _)| t <= tick).last().map_or(first, |(_, v)| v)
    }

    /// The policy version before the log's first `policy` event.
    pub fn initial_policy_version(&self) -> u64 {
        self.applied()
            .find(|(_, e, _)| e.action == Action::Policy)
            .and_then(|(_, e, _)| e.version)
            .map_or_else(|| self.workspace.policy_version(), |first| first.saturating_sub(1))
    }

    /// The replayed events, in order: their place in the log, the event,
    /// and the card it names.
    pub(crate) fn applied(&self) -> impl Iterator<Item = (usize, &'w Event, Option<usize>)> + '_ {
        let log = self.workspace.log();
        self.applied.iter().map(move |&(n, card)| (n, log[n].good().expect("replayed events are readable"), card))
    }

    /// Every card as it stood before the log began.
    pub(crate) fn start_states(&self) -> Vec<CardState> {
        self.start.clone()
    }
}

/// The cycles of a graph in which each card names at most one other
/// (`named[i]`, what card `i` supersedes, itself included): each is found by
/// walking from every card not yet seen until the walk meets a card seen
/// before; when that card is on the walk itself, the walk's part from it
/// on is a cycle. Each card is walked once, so this ends and takes linear
/// time whatever the graph (dangling names are `None`).
fn find_cycles(named: &[Option<usize>]) -> Vec<Vec<usize>> {
    // 0: not seen; 1: on the walk being made; 2: walked before.
    let mut seen = vec![0u8; named.len()];
    let mut cycles = Vec::new();
    let mut walk = Vec::new();
    for start in 0..named.len() {
        walk.clear();
        let mut at = Some(start);
        while let Some(i) = at {
            match seen[i] {
                0 => {
                    seen[i] = 1;
                    walk.push(i);
                    at = named[i];
                }
                1 => {
                    let from = walk.iter().position(|&j| j == i).expect("a card on the walk is in it");
                    // The walk goes from newer to older (each card to the
                    // one it replaces); a cycle is listed older to newer,
                    // from its first card in card order.
                    let mut cycle: Vec<usize> = walk[from..].iter().rev().copied().collect();
                    let first = (0..cycle.len()).min_by_key(|&n| cycle[n]).expect("a cycle has a card");
                    cycle.rotate_left(first);
                    cycles.push(cycle);
                    break;
                }
                _ => break,
            }
        }
        for &i in &walk {
            seen[i] = 2;
        }
    }
    cycles
}

/// The checks an event passes before it is replayed, except the status
/// transition. Gives the card it names.
fn check_event(
    event: &Event,
    latest: u64,
    clock: Option<u64>,
    ids: &Ids<'_>,
    repeated: &[&str],
) -> Result<Option<usize>, EventProblem> {
    if event.actor.trim().is_empty() {
        return Err(EventProblem::NoActor);
    }
    check_visible(&event.actor).map_err(|error| EventProblem::HiddenActor { error })?;
    if event.tick < latest {
        return Err(EventProblem::TimeBackwards { tick: event.tick, previous: latest });
    }
    if let Some(clock) = clock.filter(|&c| event.tick > c) {
        return Err(EventProblem::AfterClock { tick: event.tick, clock });
    }
    if event.action.needs_reason() && blank(event.reason.as_deref()) {
        return Err(EventProblem::NoReason);
    }
    if matches!(event.action, Action::Read | Action::Propose) && ViewerId::split_key(&event.actor).is_none() {
        return Err(EventProblem::NotAViewer { actor: event.actor.to_string() });
    }
    if event.action == Action::Policy && event.version.is_none() {
        return Err(EventProblem::NoVersion);
    }
    if event.action.sets() && event.action != Action::Policy && event.setting.as_ref().is_none_or(|s| s.action() != event.action) {
        return Err(EventProblem::NoSetting);
    }
    if !event.action.names_card() {
        return Ok(None);
    }
    let Some(id) = event.card.as_deref() else { return Err(EventProblem::NoCard) };
    if repeated.contains(&id) {
        return Err(EventProblem::AmbiguousCard { card: id.to_string() });
    }
    ids.get(id).copied().map(Some).ok_or_else(|| EventProblem::UnknownCard { card: id.to_string() })
}

/// The in-effect gate for every card at the workspace's clock, or `None`
/// when the workspace uses nothing of memory over time (then every card is
/// in effect, and nothing was computed).
pub fn in_effect(workspace: &Workspace) -> Option<Vec<Option<NotInEffect>>> {
    workspace.uses_time().then(|| Timeline::new(workspace).effects_now())
}

/// Why `as_of` can't answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum TimeError {
    /// The tick is after the workspace's clock: the future has not happened.
    AfterClock { tick: u64, clock: u64 },
}

/// The workspace as it was at `tick`: the cards that existed then, each
/// with the status the log gives it then, the log up to that tick, and the
/// clock set to it. Its views are the views of that time (with deleted
/// cards' text gone from the past too).
pub fn as_of(workspace: &Workspace, tick: u64) -> Result<Workspace, TimeError> {
    let clock = workspace.clock();
    if tick > clock {
        return Err(TimeError::AfterClock { tick, clock });
    }
    let timeline = Timeline::new(workspace);
    let states = timeline.states_at(tick);
    // Only what existed then is copied: the cards written by then, each with
    // its status then, and the log up to the tick (with what was set aside).
    let cards = workspace
        .cards
        .iter()
        .zip(&states)
        .filter(|(_, state)| state.written.is_none_or(|t| t <= tick))
        .map(|(card, state)| {
            // Shared with the workspace unless its status then differs.
            let mut card = card.clone();
            if card.status() != state.status && !card.is_tombstone() {
                std::rc::Rc::make_mut(&mut card).life_mut().status = Some(state.status.as_str().to_string());
            }
            card
        })
        .collect();
    let events = workspace.events.as_ref().map(|events| match events {
        Kept::Good(log) => Kept::Good(
            log.iter()
                .filter(|e| match e {
                    Kept::Good(e) => e.tick <= tick,
                    Kept::Bad(_) => true,
                })
                .cloned()
                .collect(),
        ),
        Kept::Bad(raw) => Kept::Bad(raw.clone()),
    });
    let mut past = Workspace {
        users: workspace.users.clone(),
        agents: workspace.agents.clone(),
        query: workspace.query.clone(),
        canaries: workspace.canaries.clone(),
        cards,
        clock: Some(Kept::Good(tick)),
        policy_version: workspace.policy_version.clone(),
        reviewers: workspace.reviewers.clone(),
        groups: workspace.groups.clone(),
        retention: workspace.retention.clone(),
        cache: workspace.cache.clone(),
        events,
        profiles: workspace.profiles.clone(),
        prompt: workspace.prompt.clone(),
        tasks: workspace.tasks.clone(),
        assertions: workspace.assertions.clone(),
        unknown_keys: workspace.unknown_keys.clone(),
    };
    if timeline.applied().any(|(_, e, _)| e.action == Action::Policy) {
        past.policy_version = Some(Kept::Good(timeline.policy_version_at(tick)));
    }
    timeline.undo_settings_after(&mut past, tick);
    Ok(past)
}

impl Timeline<'_> {
    /// Does the log change a group's members, a hold, a time to live or the
    /// cache after `tick`? If not, the settings then are the settings now.
    pub fn settings_change_after(&self, tick: u64) -> bool {
        self.applied().any(|(_, e, _)| e.tick > tick && e.setting.is_some())
    }

    /// Puts `ws`'s settings back as they were at `tick`: every `members`,
    /// `hold`, `ttl` and `cache` event after it is undone, latest first,
    /// each back to the value it replaced. The present is the settings as
    /// written, so a workspace written before these were logged has the
    /// same settings at every tick. Cards are found by id, so `ws` may be a
    /// past that lacks the cards written later; a setting that can't be
    /// read is left as written.
    pub(crate) fn undo_settings_after(&self, ws: &mut Workspace, tick: u64) {
        // Replayed events are in tick order: the later ones are a suffix.
        let from = self.applied().take_while(|(_, e, _)| e.tick <= tick).count();
        self.undo_settings_from(ws, from);
    }

    /// The replayed events' places (counted among the replayed events) of
    /// every setting event, in log order: where the settings change.
    pub(crate) fn setting_changes(&self) -> Vec<usize> {
        self.applied().enumerate().filter(|(_, (_, e, _))| e.setting.is_some()).map(|(n, _)| n).collect()
    }

    /// Puts `ws`'s settings back as they were before the replayed event
    /// `from` (counted among the replayed events): every setting event from
    /// it on undone, latest first.
    pub(crate) fn undo_settings_from(&self, ws: &mut Workspace, from: usize) {
        let later: Vec<&Event> = self.applied().skip(from).map(|(_, e, _)| e).collect();
        for event in later.into_iter().rev() {
            match event.setting.as_deref() {
                None => {}
                Some(Setting::Members { group, before, .. }) => {
                    if let Some(Kept::Good(Groups(groups))) = &mut ws.groups {
                        if let Some((_, members)) = groups.iter_mut().find(|(name, _)| name == group) {
                            members.clone_from(before);
                        }
                    }
                }
                Some(Setting::Hold { hold }) => {
                    let id = event.card.as_deref().unwrap_or_default();
                    if let Some(card) = ws.cards.iter_mut().find(|c| c.id == id && !c.is_tombstone()) {
                        if card.life().is_some_and(|l| l.held()) == *hold {
                            std::rc::Rc::make_mut(card).life_mut().hold = (!hold).then_some(true);
                        }
                    }
                }
                Some(Setting::Ttl { kind, before, .. }) => {
                    let mut entries = match ws.retention.take() {
                        Some(Kept::Good(Retention(entries))) => entries,
                        Some(bad @ Kept::Bad(_)) => {
                            ws.retention = Some(bad);
                            continue;
                        }
                        None => Vec::new(),
                    };
                    entries.retain(|(k, _)| k != kind.as_str());
                    if let Some(ttl) = before {
                        entries.push((kind.as_str().to_string(), (*ttl).into()));
                    }
                    crate::order::sort_small_by(&mut entries, |a, b| a.0 > b.0);
                    ws.retention = Some(Kept::Good(Retention(entries)));
                }
                // A cache that can't be read is left as written.
                Some(Setting::Cache { before, .. }) if !matches!(ws.cache, Some(Kept::Bad(_))) => {
                    ws.cache = before.clone().map(Kept::Good);
                }
                Some(Setting::Cache { .. }) => {}
            }
        }
    }
}

/// The workspace with its settings (groups' members, holds, times to
/// live, the cache) as they were at `tick`, and everything else as it is:
/// every card stays in its place, so its views at `tick` can be laid beside
/// today's ([`crate::Evaluation::at`]).
pub fn settings_at(workspace: &Workspace, tick: u64) -> Workspace {
    let mut then = workspace.clone();
    Timeline::new(workspace).undo_settings_after(&mut then, tick);
    then
}

/// One entry of a card's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry<'w> {
    /// Its place in the log.
    pub index: usize,
    pub event: &'w Event,
    /// Why it is set aside, if it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<EventProblem>,
}

/// A card's life: every event that names it, and its versions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct History<'w> {
    pub card: String,
    /// Its status as written now.
    pub status: Status,
    /// Why it is not in effect now, if it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_in_effect: Option<NotInEffect>,
    pub events: Vec<Entry<'w>>,
    /// The ids of its chain of versions, oldest first (itself included).
    pub versions: Vec<String>,
    /// The cycle of versions it is on, if it is on one (the ids in the
    /// order of [`NotInEffect::CycleOfVersions`]): then no version of its
    /// chain is the newest, and every card of the cycle fails closed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<String>>,
}

/// Every event that names card `id`, in log order, and its versions.
/// `None` when no card, or more than one, has that id.
pub fn history<'w>(workspace: &'w Workspace, id: &str) -> Option<History<'w>> {
    let timeline = Timeline::new(workspace);
    let i = timeline.card(id)?;
    let events = workspace
        .log()
        .iter()
        .enumerate()
        .filter_map(|(index, entry)| {
            let event = entry.good()?;
            (event.card.as_deref() == Some(id)).then(|| Entry { index, event, problem: timeline.problem(index).cloned() })
        })
        .collect();
    let not_in_effect = timeline.effects_now().swap_remove(i);
    let versions = timeline.versions(i).into_iter().map(|j| workspace.cards[j].id.clone()).collect();
    let cycle = timeline.cycle_of(i).map(|cycle| cycle.iter().map(|&j| workspace.cards[j].id.clone()).collect());
    Some(History { card: id.to_string(), status: workspace.cards[i].status(), not_in_effect, events, versions, cycle })
}
