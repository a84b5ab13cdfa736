//! The write path and retirement: every change to a card's life, as a pure
//! function of the workspace and who is acting. Each either changes the
//! workspace and appends one event to its log (at the workspace's clock), or
//! refuses with a [`Refusal`] and changes nothing.
//!
//! - A writer proposes a **candidate**: its approval is forced off and its
//!   writer recorded; the writer is a viewer of the chart, never a name in
//!   the card's text.
//! - A card that crosses users (AGENT, GLOBAL, GROUP) is published only by
//!   a listed reviewer who is not its writer (seed 000: whoever supplies
//!   the content must not approve sharing it). A PAIR or USER card reaches
//!   no one but its owner, so its owner's consent publishes it.
//! - Publishing runs [`check`](crate::check) first, and refuses a version
//!   whose base is no longer the current one.
//! - Revoke, delete and rollback need an actor (the owner or a listed
//!   reviewer) and a reason; delete leaves an id-only tombstone.
//! - [`sweep`] is the only way the clock moves: it expires cards past their
//!   kind's time to live, each with a `ttl:<kind>` reason.
//!
//! Every change to who can read what is an act of this path too, with an
//! actor, a reason and an event that holds the value set and the value it
//! replaced (so `as_of` replays it):
//!
//! - [`set_members`] (a group's members, who reads its GROUP cards),
//!   [`set_ttl`] (a kind's time to live), [`set_cache`] (the cache's key
//!   and purge) and [`bump_policy`] (the policy version, part of the cache
//!   key) are the workspace's rules, not one person's memory: only a listed
//!   reviewer sets them.
//! - [`set_hold`] (held: never swept) is about one card: its owner may hold
//!   or let go of their own memory, and a listed reviewer may hold or let
//!   go of any card (a legal hold). A hold a reviewer placed is not
//!   protected from the owner letting it go: the log says who did which.
//! - A change that changes nothing is refused, so that every event of the
//!   log is a change.

use serde::Serialize;

use crate::card::{Card, Kind, Status};
use crate::lifecycle::{took_effect, Timeline};
use crate::log::{blank, Action, CacheConfig, Event, KeyField, Kept, Setting};
use crate::workspace::{Groups, Retention};
use crate::policy::{check_filed_in, check_name, check_visible, Filing, NameError, Rejection, Viewer};
use crate::card::Scope;
use crate::workspace::Workspace;

/// Why a change was refused. The workspace is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Refusal {
    /// The writer or reader is not a user × agent of the chart.
    NotInChart { viewer: String },
    /// Nobody is named as doing it.
    NoActor,
    /// The actor's name holds a control character or an invisible or
    /// direction-changing one: the log would show it as someone else.
    HiddenActor { error: NameError },
    /// It needs a reason, and none was given.
    NoReason { action: Action },
    /// The reason quotes the card's lesson or a canary it holds: a reason
    /// says why, never what, so that deleting the card leaves its text
    /// nowhere.
    ReasonQuotesCard,
    /// The new card has no id.
    EmptyId,
    /// Another card already has this id.
    DuplicateId { id: String },
    /// No card has this id.
    UnknownCard { id: String },
    /// Several cards have this id, so it names none of them.
    AmbiguousCard { id: String },
    /// A writer files only its own memory: the owner must be the writer's
    /// user and agent.
    NotWritersOwn { writer: String, owner_user: String, owner_agent: String },
    /// The card can't be read well enough to be filed or changed.
    Unreadable { rejection: Rejection },
    /// The card is not in a status the action starts from.
    WrongStatus { action: Action, status: Status },
    /// A card that crosses users needs a listed reviewer.
    NotAReviewer { actor: String },
    /// The reviewer is the card's writer (its user or its agent).
    ReviewerIsWriter { actor: String, writer: String },
    /// A PAIR or USER card is published by its owner's consent only.
    NotTheOwner { actor: String, owner: String },
    /// Publishing would let through a card the content and filing gates
    /// reject.
    CheckFails { rejection: Rejection },
    /// The version it replaces does not exist.
    UnknownBase { base: String },
    /// The version it replaces belongs to someone else: nobody can bury
    /// another's card under a "newer version".
    OtherOwnersBase { base: String },
    /// The version it replaces is no longer the current one (`current` is,
    /// if any): the new version was written against a stale base.
    StaleBase { base: String, current: Option<String> },
    /// A rollback of a card that replaces no earlier version.
    NothingToRollBack { id: String },
    /// A rollback whose earlier version can't take effect again.
    CannotRestore { base: String, status: Status },
    /// Only the owner or a listed reviewer may do this.
    NotAllowed { actor: String, action: Action },
    /// The log (`events`) can't be read, so nothing can be appended to it.
    UnreadableLog,
    /// The clock only moves forward.
    TimeBackwards { to: u64, clock: u64 },
    /// Only a listed reviewer may change this setting (a group's members,
    /// a time to live, the cache, the policy version).
    ReviewersOnly { actor: String, action: Action },
    /// The workspace declares no group with this name.
    UnknownGroup { group: String },
    /// A group's member must be a user of the chart.
    NotAUser { name: String },
    /// The setting (`groups`, `retention` or `cache`) can't be read, so it
    /// is kept as written and not changed.
    UnreadableSetting { key: &'static str },
    /// The setting already has this value: nothing would change.
    Unchanged { action: Action },
}

impl Refusal {
    /// A short stable code, for reports and data attributes.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NotInChart { .. } => "not_in_chart",
            Refusal::NoActor => "no_actor",
            Refusal::HiddenActor { .. } => "hidden_actor",
            Refusal::NoReason { .. } => "no_reason",
            Refusal::ReasonQuotesCard => "reason_quotes_card",
            Refusal::EmptyId => "empty_id",
            Refusal::DuplicateId { .. } => "duplicate_id",
            Refusal::UnknownCard { .. } => "unknown_card",
            Refusal::AmbiguousCard { .. } => "ambiguous_card",
            Refusal::NotWritersOwn { .. } => "not_writers_own",
            Refusal::Unreadable { .. } => "unreadable",
            Refusal::WrongStatus { .. } => "wrong_status",
            Refusal::NotAReviewer { .. } => "not_a_reviewer",
            Refusal::ReviewerIsWriter { .. } => "reviewer_is_writer",
            Refusal::NotTheOwner { .. } => "not_the_owner",
            Refusal::CheckFails { .. } => "check_fails",
            Refusal::UnknownBase { .. } => "unknown_base",
            Refusal::OtherOwnersBase { .. } => "other_owners_base",
            Refusal::StaleBase { .. } => "stale_base",
            Refusal::NothingToRollBack { .. } => "nothing_to_roll_back",
            Refusal::CannotRestore { .. } => "cannot_restore",
            Refusal::NotAllowed { .. } => "not_allowed",
            Refusal::UnreadableLog => "unreadable_log",
            Refusal::TimeBackwards { .. } => "time_backwards",
            Refusal::ReviewersOnly { .. } => "reviewers_only",
            Refusal::UnknownGroup { .. } => "unknown_group",
            Refusal::NotAUser { .. } => "not_a_user",
            Refusal::UnreadableSetting { .. } => "unreadable_setting",
            Refusal::Unchanged { .. } => "unchanged",
        }
    }
}

/// The log, ready to be appended to.
fn log_mut(ws: &mut Workspace) -> &mut Vec<Kept<Event>> {
    match ws.events.get_or_insert_with(|| Kept::Good(Vec::new())) {
        Kept::Good(events) => events,
        Kept::Bad(_) => unreachable!("checked by `writable` first"),
    }
}

fn writable(ws: &Workspace) -> Result<(), Refusal> {
    match ws.events {
        Some(Kept::Bad(_)) => Err(Refusal::UnreadableLog),
        _ => Ok(()),
    }
}

fn actor(name: &str) -> Result<(), Refusal> {
    if name.trim().is_empty() {
        Err(Refusal::NoActor)
    } else {
        check_visible(name).map_err(|error| Refusal::HiddenActor { error })
    }
}

fn in_chart(ws: &Workspace, viewer: Viewer<'_>) -> Result<(), Refusal> {
    let known = ws.users.iter().any(|u| u == viewer.user) && ws.agents.iter().any(|a| a == viewer.agent);
    if known && check_name(viewer.user).is_ok() && check_name(viewer.agent).is_ok() {
        Ok(())
    } else {
        Err(Refusal::NotInChart { viewer: viewer.key() })
    }
}

/// The index of the one card with this id.
fn find(ws: &Workspace, id: &str) -> Result<usize, Refusal> {
    let mut found = ws.cards.iter().enumerate().filter(|(_, c)| c.id == id).map(|(i, _)| i);
    match (found.next(), found.next()) {
        (Some(i), None) => Ok(i),
        (None, _) => Err(Refusal::UnknownCard { id: id.to_string() }),
        (Some(_), Some(_)) => Err(Refusal::AmbiguousCard { id: id.to_string() }),
    }
}

/// A card whose life can be read, or why not.
fn readable(card: &Card) -> Result<(), Refusal> {
    if let Some(raw) = &card.not_an_object {
        return Err(Refusal::Unreadable { rejection: Rejection::NotAnObject { found: crate::card::JsonKind::of(raw) } });
    }
    if let Some((field, value)) = card.life().filter(|l| !l.readable()).and_then(|l| l.problem()) {
        return Err(Refusal::Unreadable { rejection: Rejection::BadLifeField { field, value } });
    }
    Ok(())
}

/// The reason, checked: there, and not quoting the card.
fn reason_for(ws: &Workspace, card: &Card, action: Action, reason: &str) -> Result<(), Refusal> {
    if blank(Some(reason)) {
        return Err(Refusal::NoReason { action });
    }
    let quotes_lesson = !card.lesson.is_empty() && reason.contains(card.lesson.as_str());
    let quotes_canary = ws.canaries.iter().any(|(_, token)| card.lesson.contains(token) && reason.contains(token));
    if quotes_lesson || quotes_canary {
        return Err(Refusal::ReasonQuotesCard);
    }
    Ok(())
}

/// The status the action starts from, or the refusal.
fn from_status(card: &Card, action: Action) -> Result<(), Refusal> {
    let status = card.status();
    match action.transition() {
        Some((from, _)) if from.contains(&status) => Ok(()),
        _ => Err(Refusal::WrongStatus { action, status }),
    }
}

fn set_status(card: &mut Card, status: Status) {
    card.life_mut().status = Some(status.as_str().to_string());
}

fn append(ws: &mut Workspace, event: Event) -> Event {
    log_mut(ws).push(Kept::Good(event.clone()));
    event
}

/// Is `actor` the card's owner user or a listed reviewer?
fn owner_or_reviewer(ws: &Workspace, card: &Card, actor: &str, action: Action) -> Result<(), Refusal> {
    if card.owner_user == actor || ws.reviewers().iter().any(|r| r == actor) {
        Ok(())
    } else {
        Err(Refusal::NotAllowed { actor: actor.to_string(), action })
    }
}

/// The base a new version replaces, checked: it exists (alone with its id)
/// and has the same owners.
fn base_of(ws: &Workspace, card: &Card) -> Result<Option<usize>, Refusal> {
    let Some(base) = card.life().and_then(|l| l.supersedes.as_deref()) else { return Ok(None) };
    let i = find(ws, base).map_err(|refusal| match refusal {
        Refusal::UnknownCard { .. } => Refusal::UnknownBase { base: base.to_string() },
        other => other,
    })?;
    let old = &ws.cards[i];
    if old.owner_user != card.owner_user || old.owner_agent != card.owner_agent {
        return Err(Refusal::OtherOwnersBase { base: base.to_string() });
    }
    Ok(Some(i))
}

/// Files a candidate card written by `writer`, a viewer of the chart (from
/// its row and column, never from the card's text). Its sharing approval is
/// forced off and any approver cleared, its writer recorded; it reaches
/// nobody until it is published.
pub fn propose(ws: &mut Workspace, writer: Viewer<'_>, card: Card) -> Result<Event, Refusal> {
    writable(ws)?;
    in_chart(ws, writer)?;
    readable(&card)?;
    if card.id.is_empty() {
        return Err(Refusal::EmptyId);
    }
    if ws.cards.iter().any(|c| c.id == card.id) {
        return Err(Refusal::DuplicateId { id: card.id.clone() });
    }
    if card.owner_user != writer.user || card.owner_agent != writer.agent {
        return Err(Refusal::NotWritersOwn {
            writer: writer.key(),
            owner_user: card.owner_user.clone(),
            owner_agent: card.owner_agent.clone(),
        });
    }
    base_of(ws, &card)?;
    let mut card = card;
    card.set_share_approved(false);
    let life = card.life_mut();
    life.status = Some(Status::Candidate.as_str().to_string());
    life.written_by = Some(writer.key());
    life.approved_by = None;
    let event = Event::on_card(ws.clock(), Action::Propose, &card.id, &writer.key(), None);
    ws.cards.push(std::rc::Rc::new(card));
    Ok(append(ws, event))
}

/// Publishes a candidate as `reviewer`. For a card that crosses users the
/// reviewer must be listed and must not be its writer, and publishing
/// grants the sharing approval; a PAIR or USER card is published by its
/// owner. The card as it would be published must pass
/// [`check`](crate::check), and a new version's base must still be the
/// current version. It takes effect now (or at its own later `valid_from`).
pub fn publish(ws: &mut Workspace, id: &str, reviewer: &str) -> Result<Event, Refusal> {
    writable(ws)?;
    actor(reviewer)?;
    let i = find(ws, id)?;
    let card = &ws.cards[i];
    readable(card)?;
    from_status(card, Action::Publish)?;
    let now = ws.clock();
    let groups = ws.groups();
    let crosses = Scope::parse_with_groups(&card.scope, groups.is_some()).is_some_and(Scope::crosses_users);
    let mut published = (**card).clone();
    if crosses {
        published.set_share_approved(true);
    }
    let life = published.life_mut();
    life.status = Some(Status::Accepted.as_str().to_string());
    life.approved_by = Some(reviewer.to_string());
    life.valid_from = Some(life.valid_from.unwrap_or(0).max(now));
    check_filed_in(&published, Filing::AsWritten, groups).map_err(|rejection| Refusal::CheckFails { rejection })?;
    if crosses {
        if !ws.reviewers().iter().any(|r| r == reviewer) {
            return Err(Refusal::NotAReviewer { actor: reviewer.to_string() });
        }
        let (writer_user, writer_agent, writer) = match card.life().and_then(|l| l.writer()) {
            Some(w) => (w.user.clone(), w.agent.clone(), w.key()),
            None => (card.owner_user.clone(), card.owner_agent.clone(), format!("{}/{}", card.owner_user, card.owner_agent)),
        };
        if reviewer == writer_user || reviewer == writer_agent {
            return Err(Refusal::ReviewerIsWriter { actor: reviewer.to_string(), writer });
        }
    } else if card.owner_user != reviewer {
        return Err(Refusal::NotTheOwner { actor: reviewer.to_string(), owner: card.owner_user.clone() });
    }
    if let Some(base) = base_of(ws, card)? {
        let timeline = Timeline::new(ws);
        if !timeline.is_current(base) {
            let current = timeline.current_version(base).filter(|&c| c != i).map(|c| ws.cards[c].id.clone());
            return Err(Refusal::StaleBase { base: ws.cards[base].id.clone(), current });
        }
    }
    ws.cards[i] = std::rc::Rc::new(published);
    Ok(append(ws, Event::on_card(now, Action::Publish, id, reviewer, None)))
}

/// Refuses a candidate in review, as a listed reviewer or its owner, with a
/// reason.
pub fn reject(ws: &mut Workspace, id: &str, reviewer: &str, reason: &str) -> Result<Event, Refusal> {
    writable(ws)?;
    actor(reviewer)?;
    let i = find(ws, id)?;
    let card = &ws.cards[i];
    readable(card)?;
    reason_for(ws, card, Action::Reject, reason)?;
    from_status(card, Action::Reject)?;
    owner_or_reviewer(ws, card, reviewer, Action::Reject)?;
    set_status(std::rc::Rc::make_mut(&mut ws.cards[i]), Status::Rejected);
    Ok(append(ws, Event::on_card(ws.clock(), Action::Reject, id, reviewer, Some(reason))))
}

/// The checks every retirement makes, in order: who, which card, why, from
/// which status, and whether this actor may.
fn retiring(ws: &Workspace, id: &str, who: &str, action: Action, reason: &str) -> Result<usize, Refusal> {
    writable(ws)?;
    actor(who)?;
    let i = find(ws, id)?;
    let card = &ws.cards[i];
    readable(card)?;
    reason_for(ws, card, action, reason)?;
    from_status(card, action)?;
    owner_or_reviewer(ws, card, who, action)?;
    Ok(i)
}

/// Withdraws an accepted card, as its owner or a listed reviewer, with a
/// reason. It stays in the workspace, revoked.
pub fn revoke(ws: &mut Workspace, id: &str, who: &str, reason: &str) -> Result<Event, Refusal> {
    let i = retiring(ws, id, who, Action::Revoke, reason)?;
    set_status(std::rc::Rc::make_mut(&mut ws.cards[i]), Status::Revoked);
    Ok(append(ws, Event::on_card(ws.clock(), Action::Revoke, id, who, Some(reason))))
}

/// Deletes a card, as its owner or a listed reviewer, with a reason. Only
/// an id-only tombstone is left; the log keeps that it was deleted, by
/// whom and why, and any earlier reason or query that quoted its lesson is
/// redacted, so the deleted text is in no view, no cache entry and no event.
pub fn delete(ws: &mut Workspace, id: &str, who: &str, reason: &str) -> Result<Event, Refusal> {
    let i = retiring(ws, id, who, Action::Delete, reason)?;
    let lesson = ws.cards[i].lesson.clone();
    ws.cards[i] = std::rc::Rc::new(Card::tombstone(id));
    if !lesson.is_empty() {
        for entry in log_mut(ws).iter_mut() {
            match entry {
                Kept::Good(event) => {
                    for text in [&mut event.reason, &mut event.query].into_iter().flatten() {
                        if text.contains(lesson.as_str()) {
                            *text = text.replace(lesson.as_str(), REDACTED).into();
                        }
                    }
                }
                Kept::Bad(raw) => redact_value(raw, &lesson),
            }
        }
    }
    Ok(append(ws, Event::on_card(ws.clock(), Action::Delete, id, who, Some(reason))))
}

/// What a deleted card's lesson is replaced with where an earlier reason or
/// query quoted it.
pub const REDACTED: &str = "[deleted]";

fn redact(text: &mut String, lesson: &str) {
    if text.contains(lesson) {
        *text = text.replace(lesson, REDACTED);
    }
}

/// [`redact`] in every string of a log entry kept as written.
fn redact_value(value: &mut serde_json::Value, lesson: &str) {
    match value {
        serde_json::Value::String(text) => redact(text, lesson),
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| redact_value(v, lesson)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| redact_value(v, lesson)),
        _ => {}
    }
}

/// Undoes a version, as its owner or a listed reviewer, with a reason: the
/// version it replaced takes effect again, and this one stays in the
/// history, marked rolled back.
pub fn rollback(ws: &mut Workspace, id: &str, who: &str, reason: &str) -> Result<Event, Refusal> {
    let i = retiring(ws, id, who, Action::Rollback, reason)?;
    let Some(base) = base_of(ws, &ws.cards[i])? else {
        return Err(Refusal::NothingToRollBack { id: id.to_string() });
    };
    let status = ws.cards[base].status();
    if status != Status::Accepted || ws.cards[base].is_tombstone() {
        return Err(Refusal::CannotRestore { base: ws.cards[base].id.clone(), status });
    }
    set_status(std::rc::Rc::make_mut(&mut ws.cards[i]), Status::RolledBack);
    Ok(append(ws, Event::on_card(ws.clock(), Action::Rollback, id, who, Some(reason))))
}

/// A card a sweep found past its time to live.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Expiry {
    pub card: String,
    pub kind: Kind,
    pub ttl: u64,
    /// The tick its time ran out.
    pub at: u64,
}

/// Moves the clock forward to `to` and logs, as `actor` (the retention
/// job), every accepted card whose kind's time to live ran out by then, each
/// with the reason `ttl:<kind>` at the tick it ran out (or now, for one
/// that ran out before and was never logged). Held cards are never swept;
/// a card's tier plays no part.
pub fn sweep(ws: &mut Workspace, to: u64, actor_name: &str) -> Result<Vec<Expiry>, Refusal> {
    writable(ws)?;
    actor(actor_name)?;
    let clock = ws.clock();
    if to < clock {
        return Err(Refusal::TimeBackwards { to, clock });
    }
    let logged: Vec<&str> =
        ws.events().filter(|(_, e)| e.action == Action::Expire).filter_map(|(_, e)| e.card.as_deref()).collect();
    let mut expired: Vec<Expiry> = Vec::new();
    for card in &ws.cards {
        let Some(life) = card.life() else { continue };
        if !life.readable() || card.status() != Status::Accepted || life.held() || logged.contains(&card.id.as_str()) {
            continue;
        }
        let Some(kind) = life.kind() else { continue };
        let Some(ttl) = ws.ttl(kind) else { continue };
        let at = took_effect(card).saturating_add(ttl);
        if at <= to {
            expired.push(Expiry { card: card.id.clone(), kind, ttl, at });
        }
    }
    // By the tick each expires at, stably.
    crate::order::sort_small_by(&mut expired, |a, b| a.at.max(clock) > b.at.max(clock));
    for expiry in &expired {
        let tick = expiry.at.max(clock);
        append(ws, Event::on_card(tick, Action::Expire, &expiry.card, actor_name, Some(expiry.kind.ttl_reason())));
    }
    ws.clock = Some(Kept::Good(to));
    Ok(expired)
}

/// Logs that `viewer` asked `query` now, for the cache replay.
pub fn log_read(ws: &mut Workspace, viewer: Viewer<'_>, query: &str) -> Result<Event, Refusal> {
    writable(ws)?;
    in_chart(ws, viewer)?;
    let event = Event {
        tick: ws.clock(),
        action: Action::Read,
        actor: viewer.key().into(),
        card: None,
        reason: None,
        query: Some(query.into()),
        version: None,
        setting: None,
    };
    Ok(append(ws, event))
}

/// Moves the policy version one up, as a listed reviewer, with a reason.
pub fn bump_policy(ws: &mut Workspace, who: &str, reason: &str) -> Result<Event, Refusal> {
    rule_change(ws, who, Action::Policy, reason)?;
    let version = ws.policy_version() + 1;
    ws.policy_version = Some(Kept::Good(version));
    let event = Event {
        tick: ws.clock(),
        action: Action::Policy,
        actor: who.into(),
        card: None,
        reason: Some(reason.into()),
        query: None,
        version: Some(version),
        setting: None,
    };
    Ok(append(ws, event))
}

/// The checks every change of the workspace's rules makes, in order: the
/// log can take it, someone acts, with a reason, and is a listed reviewer.
fn rule_change(ws: &Workspace, who: &str, action: Action, reason: &str) -> Result<(), Refusal> {
    writable(ws)?;
    actor(who)?;
    if blank(Some(reason)) {
        return Err(Refusal::NoReason { action });
    }
    if !ws.reviewers().iter().any(|r| r == who) {
        return Err(Refusal::ReviewersOnly { actor: who.to_string(), action });
    }
    Ok(())
}

/// Sets a declared group's members, as a listed reviewer, with a reason.
/// Each member must be a user of the chart; they are kept in the chart's
/// user order, each once. Who reads the group's GROUP cards changes now,
/// and the past keeps the members it had.
pub fn set_members(ws: &mut Workspace, group: &str, members: &[String], who: &str, reason: &str) -> Result<Event, Refusal> {
    rule_change(ws, who, Action::Members, reason)?;
    let groups = match &ws.groups {
        Some(Kept::Good(groups)) => groups,
        Some(Kept::Bad(_)) => return Err(Refusal::UnreadableSetting { key: "groups" }),
        None => return Err(Refusal::UnknownGroup { group: group.to_string() }),
    };
    let Some(before) = groups.members(group) else { return Err(Refusal::UnknownGroup { group: group.to_string() }) };
    if let Some(stranger) = members.iter().find(|m| !ws.users.contains(m)) {
        return Err(Refusal::NotAUser { name: stranger.clone() });
    }
    let members: Vec<String> = ws.users.iter().filter(|u| members.contains(u)).cloned().collect();
    if members == before {
        return Err(Refusal::Unchanged { action: Action::Members });
    }
    let before = before.to_vec();
    if let Some(Kept::Good(Groups(groups))) = &mut ws.groups {
        if let Some((_, list)) = groups.iter_mut().find(|(name, _)| name == group) {
            *list = members.clone();
        }
    }
    let event = Event::setting(ws.clock(), who, None, reason, Setting::Members { group: group.to_string(), members, before });
    Ok(append(ws, event))
}

/// Holds a card (it is never swept) or lets it go, as its owner or a
/// listed reviewer, with a reason that does not quote it.
pub fn set_hold(ws: &mut Workspace, id: &str, hold: bool, who: &str, reason: &str) -> Result<Event, Refusal> {
    writable(ws)?;
    actor(who)?;
    let i = find(ws, id)?;
    let card = &ws.cards[i];
    readable(card)?;
    reason_for(ws, card, Action::Hold, reason)?;
    if card.is_tombstone() {
        return Err(Refusal::WrongStatus { action: Action::Hold, status: Status::Deleted });
    }
    owner_or_reviewer(ws, card, who, Action::Hold)?;
    if card.life().is_some_and(|l| l.held()) == hold {
        return Err(Refusal::Unchanged { action: Action::Hold });
    }
    std::rc::Rc::make_mut(&mut ws.cards[i]).life_mut().hold = hold.then_some(true);
    Ok(append(ws, Event::setting(ws.clock(), who, Some(id), reason, Setting::Hold { hold })))
}

/// Sets a kind's time to live in ticks (`None`: kept until retired), as a
/// listed reviewer, with a reason. The retention is kept in key order, as
/// a file is read back. An entry for the kind that can't be read is kept
/// as written, and the change refused.
pub fn set_ttl(ws: &mut Workspace, kind: Kind, ttl: Option<u64>, who: &str, reason: &str) -> Result<Event, Refusal> {
    rule_change(ws, who, Action::Ttl, reason)?;
    let mut entries = match &ws.retention {
        Some(Kept::Good(Retention(entries))) => entries.clone(),
        Some(Kept::Bad(_)) => return Err(Refusal::UnreadableSetting { key: "retention" }),
        None => Vec::new(),
    };
    let before = match entries.iter().find(|(k, _)| k == kind.as_str()) {
        None => None,
        Some((_, value)) => Some(value.as_u64().ok_or(Refusal::UnreadableSetting { key: "retention" })?),
    };
    if before == ttl {
        return Err(Refusal::Unchanged { action: Action::Ttl });
    }
    entries.retain(|(k, _)| k != kind.as_str());
    if let Some(ttl) = ttl {
        entries.push((kind.as_str().to_string(), ttl.into()));
    }
    crate::order::sort_small_by(&mut entries, |a, b| a.0 > b.0);
    ws.retention = Some(Kept::Good(Retention(entries)));
    Ok(append(ws, Event::setting(ws.clock(), who, None, reason, Setting::Ttl { kind, ttl, before })))
}

/// Sets what makes the response cache's key (in the order
/// [`KeyField::ALL`] lists them, each once) and whether retiring a card
/// purges the answers that hold it, as a listed reviewer, with a reason.
pub fn set_cache(ws: &mut Workspace, key: &[KeyField], purge: bool, who: &str, reason: &str) -> Result<Event, Refusal> {
    rule_change(ws, who, Action::Cache, reason)?;
    let before = match &ws.cache {
        Some(Kept::Good(config)) => Some(config.clone()),
        Some(Kept::Bad(_)) => return Err(Refusal::UnreadableSetting { key: "cache" }),
        None => None,
    };
    let config = CacheConfig { key: KeyField::ALL.into_iter().filter(|f| key.contains(f)).collect(), purge: Some(purge) };
    if before.as_ref() == Some(&config) {
        return Err(Refusal::Unchanged { action: Action::Cache });
    }
    ws.cache = Some(Kept::Good(config.clone()));
    Ok(append(ws, Event::setting(ws.clock(), who, None, reason, Setting::Cache { config, before })))
}
