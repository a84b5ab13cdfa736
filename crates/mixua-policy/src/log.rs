//! The append-only event log of a workspace (its `events` key), and how the
//! optional keys of memory over time are read: leniently, so that a wrong
//! value is kept as written (and reported with a reason) instead of sinking
//! the file, and everything else still evaluates.
//!
//! An event never holds a card's text: only ids, names, ticks, reasons and
//! (for a logged read) the query.

use std::fmt;
use std::sync::Arc;

use serde::de::Deserializer;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::card::{JsonKind, Kind, Status};
use crate::viewer::{check_name, NameError};

/// What happened. Every action is done by an actor at a tick of the
/// workspace's logical clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A writer (a `user/agent` of the chart) filed a candidate card.
    Propose,
    /// A reviewer (or, for PAIR and USER cards, the owner) accepted it.
    Publish,
    /// A reviewer (or the owner) refused it.
    Reject,
    /// The card was withdrawn after it took effect.
    Revoke,
    /// The card was deleted; only its id is left.
    Delete,
    /// The version was undone; the one it replaced takes effect again.
    Rollback,
    /// A retention sweep found the card past its kind's time to live.
    Expire,
    /// A viewer asked a query (replayed through the simulated cache).
    Read,
    /// The policy version changed.
    Policy,
    /// Someone opened a card's history: looking at the past is itself
    /// recorded (seed 001: who looked at what, and when).
    History,
    /// A reviewer set a declared group's members (who reads its GROUP
    /// cards).
    Members,
    /// The card's owner or a reviewer held a card (never swept) or let it go.
    Hold,
    /// A reviewer set a kind's time to live.
    Ttl,
    /// A reviewer set the response cache's key and purge.
    Cache,
}

impl Action {
    pub const ALL: [Action; 14] = [
        Action::Propose,
        Action::Publish,
        Action::Reject,
        Action::Revoke,
        Action::Delete,
        Action::Rollback,
        Action::Expire,
        Action::Read,
        Action::Policy,
        Action::History,
        Action::Members,
        Action::Hold,
        Action::Ttl,
        Action::Cache,
    ];

    pub fn parse(text: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Action::Propose => "propose",
            Action::Publish => "publish",
            Action::Reject => "reject",
            Action::Revoke => "revoke",
            Action::Delete => "delete",
            Action::Rollback => "rollback",
            Action::Expire => "expire",
            Action::Read => "read",
            Action::Policy => "policy",
            Action::History => "history",
            Action::Members => "members",
            Action::Hold => "hold",
            Action::Ttl => "ttl",
            Action::Cache => "cache",
        }
    }

    /// Does the action name a card?
    pub fn names_card(self) -> bool {
        !matches!(self, Action::Read | Action::Policy | Action::Members | Action::Ttl | Action::Cache)
    }

    /// Does the action change a setting that decides who reads what (a
    /// group's members, a hold, a time to live, the cache, the policy
    /// version), rather than a card's status? Each such event holds the
    /// value it set and the one it replaced, so the past can be replayed.
    pub fn sets(self) -> bool {
        matches!(self, Action::Members | Action::Hold | Action::Ttl | Action::Cache | Action::Policy)
    }

    /// Does the action need a reason? Everything that refuses, retires or
    /// expires a card, and every change of a setting that decides who reads
    /// what (policy, members, hold, time to live, cache), says why.
    pub fn needs_reason(self) -> bool {
        matches!(self, Action::Reject | Action::Revoke | Action::Delete | Action::Rollback | Action::Expire) || self.sets()
    }

    /// Revoke, delete and rollback: the three ways of retiring a card.
    pub fn retires(self) -> bool {
        matches!(self, Action::Revoke | Action::Delete | Action::Rollback)
    }

    /// The statuses the action may start from, and the status it leaves.
    /// `None`: the action does not change the card's status (expire is a
    /// record of the clock, read and policy name no card).
    pub fn transition(self) -> Option<(&'static [Status], Status)> {
        use Status::*;
        match self {
            Action::Propose => Some((&[], Candidate)),
            Action::Publish => Some((&[Candidate], Accepted)),
            Action::Reject => Some((&[Candidate], Rejected)),
            Action::Revoke => Some((&[Accepted], Revoked)),
            Action::Delete => Some((&[Candidate, Accepted, Rejected, Revoked, RolledBack], Deleted)),
            Action::Rollback => Some((&[Accepted], RolledBack)),
            Action::Expire | Action::Read | Action::Policy | Action::History => None,
            Action::Members | Action::Hold | Action::Ttl | Action::Cache => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One entry of the log. Its texts are shared (`Arc<str>`): an event never
/// changes once logged, so a copy of the log (`as_of`) costs no allocation
/// per event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// When, on the workspace's logical clock.
    pub tick: u64,
    pub action: Action,
    /// Who: a `user/agent` for a proposal or a read, a name otherwise.
    pub actor: Arc<str>,
    /// The card's id, for the actions that name one.
    pub card: Option<Arc<str>>,
    /// Why; never a quote of the card.
    pub reason: Option<Arc<str>>,
    /// The query of a logged read.
    pub query: Option<Arc<str>>,
    /// The new policy version of a `policy` event.
    pub version: Option<u64>,
    /// What a `members`, `hold`, `ttl` or `cache` event set, and what it
    /// replaced.
    pub setting: Option<Arc<Setting>>,
}

impl Event {
    /// An event naming a card.
    pub fn on_card(tick: u64, action: Action, card: &str, actor: &str, reason: Option<&str>) -> Event {
        Event {
            tick,
            action,
            actor: actor.into(),
            card: Some(card.into()),
            reason: reason.map(Into::into),
            query: None,
            version: None,
            setting: None,
        }
    }

    /// An event that changes a setting, with its reason (`card`: the card a
    /// hold is on).
    pub fn setting(tick: u64, actor: &str, card: Option<&str>, reason: &str, setting: Setting) -> Event {
        Event {
            tick,
            action: setting.action(),
            actor: actor.into(),
            card: card.map(Into::into),
            reason: Some(reason.into()),
            query: None,
            version: None,
            setting: Some(Arc::new(setting)),
        }
    }
}

/// A change of a setting that decides who reads what: the value set and
/// the value it replaced (`before`), so that the log replayed backwards
/// gives every earlier value. A file written before these were logged has
/// no such events, and its settings read as they are at every tick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// A declared group's members, in the chart's user order.
    Members { group: String, members: Vec<String>, before: Vec<String> },
    /// A card held (never swept) or let go; before, it was the other way.
    Hold { hold: bool },
    /// A kind's time to live in ticks (`None`: kept until retired).
    Ttl { kind: Kind, ttl: Option<u64>, before: Option<u64> },
    /// The response cache's key and purge (`before`: `None` when there was
    /// no cache).
    Cache { config: CacheConfig, before: Option<CacheConfig> },
}

impl Setting {
    /// The action whose event holds this change.
    pub fn action(&self) -> Action {
        match self {
            Setting::Members { .. } => Action::Members,
            Setting::Hold { .. } => Action::Hold,
            Setting::Ttl { .. } => Action::Ttl,
            Setting::Cache { .. } => Action::Cache,
        }
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("tick", &self.tick)?;
        map.serialize_entry("action", &self.action)?;
        if let Some(card) = self.card.as_deref() {
            map.serialize_entry("card", card)?;
        }
        map.serialize_entry("actor", &*self.actor)?;
        if let Some(reason) = self.reason.as_deref() {
            map.serialize_entry("reason", reason)?;
        }
        if let Some(query) = self.query.as_deref() {
            map.serialize_entry("query", query)?;
        }
        if let Some(version) = &self.version {
            map.serialize_entry("version", version)?;
        }
        match self.setting.as_deref() {
            None => {}
            Some(Setting::Members { group, members, before }) => {
                map.serialize_entry("group", group)?;
                map.serialize_entry("members", members)?;
                map.serialize_entry("before", before)?;
            }
            Some(Setting::Hold { hold }) => map.serialize_entry("hold", hold)?,
            Some(Setting::Ttl { kind, ttl, before }) => {
                map.serialize_entry("kind", kind.as_str())?;
                map.serialize_entry("ttl", ttl)?;
                map.serialize_entry("before", before)?;
            }
            Some(Setting::Cache { config, before }) => {
                map.serialize_entry("cache", config)?;
                map.serialize_entry("before", before)?;
            }
        }
        map.end()
    }
}

/// Why a value of an optional key (or one event) could not be read. The
/// value itself is kept as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Unreadable {
    /// Not the JSON type the key needs (`expected` says what it needs, in words
    /// the explanations translate).
    WrongType { key: String, expected: Expect, found: JsonKind },
    /// A key it must have is missing.
    Missing { key: String },
    /// A key this build does not know (kept values must not be lost, so the
    /// whole value is kept as written instead).
    UnknownKey { key: String },
    /// A word that is not one of the known ones (an action, a kind, a cache
    /// key field).
    UnknownWord { key: String, word: String },
    /// A name that cannot be a user's, an agent's or a group's.
    BadName { key: String, name: String, error: NameError },
    /// A number outside the range the key takes (0 to `max`); `written`
    /// is the value as the file writes it.
    OutOfRange { key: String, max: u64, written: String },
    /// A key written more than once in one object: which one counts is
    /// ambiguous, so none does (every value is kept as written).
    Duplicated { key: String },
    /// An item listed more than once where each must be listed once (an
    /// id in a task's gold set).
    Repeated { key: String, item: String },
}

impl Unreadable {
    /// The key the value was read for.
    pub fn key(&self) -> &str {
        match self {
            Unreadable::WrongType { key, .. }
            | Unreadable::Missing { key }
            | Unreadable::UnknownKey { key }
            | Unreadable::UnknownWord { key, .. }
            | Unreadable::BadName { key, .. }
            | Unreadable::OutOfRange { key, .. }
            | Unreadable::Duplicated { key }
            | Unreadable::Repeated { key, .. } => key,
        }
    }
}

/// What a key needs, for [`Unreadable::WrongType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    /// A whole number, 0 or more.
    Tick,
    Text,
    Flag,
    /// A list of names.
    Names,
    /// An object.
    Object,
    /// A list.
    List,
    /// A list of card ids (each text).
    Ids,
}

fn wrong(key: &str, expected: Expect, found: &Value) -> Unreadable {
    Unreadable::WrongType { key: key.to_string(), expected, found: JsonKind::of(found) }
}

/// A value read from a file leniently: as parsed, or, when it can't be, as
/// written (so that exporting the workspace gives it back unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept<T> {
    Good(T),
    Bad(Value),
}

impl<T> Kept<T> {
    /// The parsed value, if it could be read.
    pub fn good(&self) -> Option<&T> {
        match self {
            Kept::Good(value) => Some(value),
            Kept::Bad(_) => None,
        }
    }
}

/// How a value of an optional key is read from JSON.
pub trait Lenient: Sized {
    /// `key` names the value in messages.
    fn read(key: &str, value: &Value) -> Result<Self, Unreadable>;
}

impl<T: Lenient> Kept<T> {
    /// Reads a value, keeping it as written when it can't be read.
    pub fn read(key: &str, value: Value) -> Kept<T> {
        match T::read(key, &value) {
            Ok(good) => Kept::Good(good),
            Err(_) => Kept::Bad(value),
        }
    }

    /// Why the value could not be read, if it could not.
    pub fn unreadable(&self, key: &str) -> Option<Unreadable> {
        match self {
            Kept::Good(_) => None,
            Kept::Bad(value) => T::read(key, value).err(),
        }
    }
}

impl<T: Serialize> Serialize for Kept<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Kept::Good(value) => value.serialize(serializer),
            Kept::Bad(raw) => raw.serialize(serializer),
        }
    }
}

impl<'de, T: Lenient> Deserialize<'de> for Kept<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kept<T>, D::Error> {
        // The key is not known here; messages re-read the value with it.
        Ok(Kept::read("", Value::deserialize(deserializer)?))
    }
}

impl Lenient for u64 {
    fn read(key: &str, value: &Value) -> Result<u64, Unreadable> {
        value.as_u64().ok_or_else(|| wrong(key, Expect::Tick, value))
    }
}

/// A whole number from 0 to `max`: a number above it (or a whole number
/// too large for 64 bits) is out of range; anything else (a fraction, a
/// negative number, text) is the wrong type.
pub fn bounded(key: &str, value: &Value, max: u64) -> Result<u64, Unreadable> {
    let out_of_range = || Unreadable::OutOfRange { key: key.to_string(), max, written: value.to_string() };
    match value {
        Value::Number(n) => match n.as_u64() {
            Some(v) if v <= max => Ok(v),
            Some(_) => Err(out_of_range()),
            // Larger than 64 bits, written as a float (1e20): too large.
            None if n.as_f64().is_some_and(|f| f >= 18_446_744_073_709_551_616.0) => Err(out_of_range()),
            None => Err(wrong(key, Expect::Tick, value)),
        },
        _ => Err(wrong(key, Expect::Tick, value)),
    }
}

/// A list of names, each passing [`check_name`] (reviewers).
impl Lenient for Vec<String> {
    fn read(key: &str, value: &Value) -> Result<Vec<String>, Unreadable> {
        let Value::Array(items) = value else { return Err(wrong(key, Expect::Names, value)) };
        items.iter().map(|item| name(key, item)).collect()
    }
}

/// One name, passing [`check_name`].
pub(crate) fn name(key: &str, value: &Value) -> Result<String, Unreadable> {
    let Value::String(name) = value else { return Err(wrong(key, Expect::Text, value)) };
    check_name(name).map_err(|error| Unreadable::BadName { key: key.to_string(), name: name.clone(), error })?;
    Ok(name.clone())
}

/// The fields of an object, refusing keys not in `known`.
pub(crate) fn object<'v>(key: &str, value: &'v Value, known: &[&str]) -> Result<&'v serde_json::Map<String, Value>, Unreadable> {
    let Value::Object(map) = value else { return Err(wrong(key, Expect::Object, value)) };
    if let Some(unknown) = map.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(Unreadable::UnknownKey { key: unknown.clone() });
    }
    Ok(map)
}

fn text(map: &serde_json::Map<String, Value>, key: &str) -> Result<Option<Arc<str>>, Unreadable> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str().into())),
        Some(other) => Err(wrong(key, Expect::Text, other)),
    }
}

impl Lenient for Event {
    fn read(_key: &str, value: &Value) -> Result<Event, Unreadable> {
        let map = object("event", value, &["tick", "action", "card", "actor", "reason", "query", "version", "group", "members", "hold", "kind", "ttl", "cache", "before"])?;
        let tick = match map.get("tick") {
            None => return Err(Unreadable::Missing { key: "tick".into() }),
            Some(tick) => u64::read("tick", tick)?,
        };
        let action = match text(map, "action")? {
            None => return Err(Unreadable::Missing { key: "action".into() }),
            Some(word) => {
                Action::parse(&word).ok_or_else(|| Unreadable::UnknownWord { key: "action".into(), word: word.to_string() })?
            }
        };
        let version = match map.get("version") {
            None | Some(Value::Null) => None,
            Some(v) => Some(u64::read("version", v)?),
        };
        let setting = read_setting(action, map)?.map(Arc::new);
        Ok(Event {
            tick,
            action,
            actor: text(map, "actor")?.unwrap_or_else(|| "".into()),
            card: text(map, "card")?,
            reason: text(map, "reason")?,
            query: text(map, "query")?,
            version,
            setting,
        })
    }
}

/// The keys a setting event holds beyond the common ones, by action.
fn setting_keys(action: Action) -> &'static [&'static str] {
    match action {
        Action::Members => &["group", "members", "before"],
        Action::Hold => &["hold"],
        Action::Ttl => &["kind", "ttl", "before"],
        Action::Cache => &["cache", "before"],
        _ => &[],
    }
}

/// A time to live as written in a `ttl` event: a tick count, or `null`
/// (or left out) for kept until retired.
fn ttl(map: &serde_json::Map<String, Value>, key: &str) -> Result<Option<u64>, Unreadable> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => u64::read(key, v).map(Some),
    }
}

/// What a setting event set and replaced. A key that belongs to another
/// action is refused, so that the event is kept as written instead of
/// losing it.
fn read_setting(action: Action, map: &serde_json::Map<String, Value>) -> Result<Option<Setting>, Unreadable> {
    const ALL: [&str; 7] = ["group", "members", "hold", "kind", "ttl", "cache", "before"];
    let own = setting_keys(action);
    if let Some(stray) = ALL.iter().find(|k| map.contains_key(**k) && !own.contains(k)) {
        return Err(Unreadable::UnknownKey { key: stray.to_string() });
    }
    let need = |key: &str| map.get(key).ok_or_else(|| Unreadable::Missing { key: key.into() });
    Ok(Some(match action {
        Action::Members => Setting::Members {
            group: name("group", need("group")?)?,
            members: Vec::<String>::read("members", need("members")?)?,
            before: Vec::<String>::read("before", need("before")?)?,
        },
        Action::Hold => match need("hold")? {
            Value::Bool(hold) => Setting::Hold { hold: *hold },
            other => return Err(wrong("hold", Expect::Flag, other)),
        },
        Action::Ttl => {
            let word = need("kind")?;
            let kind = word
                .as_str()
                .and_then(Kind::parse)
                .ok_or_else(|| Unreadable::UnknownWord { key: "kind".into(), word: word.to_string() })?;
            Setting::Ttl { kind, ttl: ttl(map, "ttl")?, before: ttl(map, "before")? }
        }
        Action::Cache => Setting::Cache {
            config: CacheConfig::read("cache", need("cache")?)?,
            before: match map.get("before") {
                None | Some(Value::Null) => None,
                Some(v) => Some(CacheConfig::read("before", v)?),
            },
        },
        _ => return Ok(None),
    }))
}

/// Why one event of the log is set aside: kept in the file, listed with
/// this reason, and skipped when the log is replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum EventProblem {
    /// It could not be read as an event.
    Unreadable { why: Unreadable },
    /// It names no actor.
    NoActor,
    /// Its actor's name holds a control character or an invisible or
    /// direction-changing one: it would print like someone else's.
    HiddenActor { error: NameError },
    /// It must say why, and does not.
    NoReason,
    /// It must name a card, and does not.
    NoCard,
    /// It names a card the workspace does not have.
    UnknownCard { card: String },
    /// It names an id that several cards share.
    AmbiguousCard { card: String },
    /// Its tick is before the event logged before it: time does not go backwards.
    TimeBackwards { tick: u64, previous: u64 },
    /// Its tick is after the workspace's clock.
    AfterClock { tick: u64, clock: u64 },
    /// The card was not in a status the action starts from at that point.
    WrongStatus { action: Action, status: Status },
    /// A proposal for a card that was already there.
    AlreadyProposed { card: String },
    /// A read or a proposal whose actor is not a `user/agent` key.
    NotAViewer { actor: String },
    /// A `policy` event without its new version.
    NoVersion,
    /// A `members`, `hold`, `ttl` or `cache` event without what it set.
    NoSetting,
}

impl EventProblem {
    /// A short stable code, for reports.
    pub fn code(&self) -> &'static str {
        match self {
            EventProblem::Unreadable { .. } => "unreadable",
            EventProblem::NoActor => "no_actor",
            EventProblem::HiddenActor { .. } => "hidden_actor",
            EventProblem::NoReason => "no_reason",
            EventProblem::NoCard => "no_card",
            EventProblem::UnknownCard { .. } => "unknown_card",
            EventProblem::AmbiguousCard { .. } => "ambiguous_card",
            EventProblem::TimeBackwards { .. } => "time_backwards",
            EventProblem::AfterClock { .. } => "after_clock",
            EventProblem::WrongStatus { .. } => "wrong_status",
            EventProblem::AlreadyProposed { .. } => "already_proposed",
            EventProblem::NotAViewer { .. } => "not_a_viewer",
            EventProblem::NoVersion => "no_version",
            EventProblem::NoSetting => "no_setting",
        }
    }
}

/// Is this reason empty, or only whitespace?
pub(crate) fn blank(reason: Option<&str>) -> bool {
    reason.is_none_or(|r| r.trim().is_empty())
}

/// What a cache key is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyField {
    User,
    Agent,
    Query,
    PolicyVersion,
}

impl KeyField {
    pub const ALL: [KeyField; 4] = [KeyField::User, KeyField::Agent, KeyField::Query, KeyField::PolicyVersion];

    pub fn parse(text: &str) -> Option<KeyField> {
        KeyField::ALL.into_iter().find(|f| f.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            KeyField::User => "user",
            KeyField::Agent => "agent",
            KeyField::Query => "query",
            KeyField::PolicyVersion => "policy_version",
        }
    }
}

/// The workspace's `cache` key: which fields make the key, and whether
/// retiring a card purges the cached answers that hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheConfig {
    pub key: Vec<KeyField>,
    /// `None` when left out, which means no purge.
    pub purge: Option<bool>,
}

impl CacheConfig {
    /// The key the seed asks for: user, agent, query and policy version.
    pub fn safe(purge: bool) -> CacheConfig {
        CacheConfig { key: KeyField::ALL.to_vec(), purge: Some(purge) }
    }

    pub fn purges(&self) -> bool {
        self.purge == Some(true)
    }
}

impl Serialize for CacheConfig {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let key: Vec<&str> = self.key.iter().map(|f| f.as_str()).collect();
        map.serialize_entry("key", &key)?;
        if let Some(purge) = self.purge {
            map.serialize_entry("purge", &purge)?;
        }
        map.end()
    }
}

impl Lenient for CacheConfig {
    fn read(key: &str, value: &Value) -> Result<CacheConfig, Unreadable> {
        let map = object(key, value, &["key", "purge"])?;
        let Some(fields) = map.get("key") else { return Err(Unreadable::Missing { key: "key".into() }) };
        let Value::Array(fields) = fields else {
            return Err(Unreadable::WrongType {
                key: "key".into(),
                expected: Expect::List,
                found: JsonKind::of(fields),
            });
        };
        let mut key_fields = Vec::new();
        for field in fields {
            let word = field.as_str().ok_or_else(|| Unreadable::WrongType {
                key: "key".into(),
                expected: Expect::Text,
                found: JsonKind::of(field),
            })?;
            let parsed = KeyField::parse(word)
                .ok_or_else(|| Unreadable::UnknownWord { key: "key".into(), word: word.to_string() })?;
            key_fields.push(parsed);
        }
        let purge = match map.get("purge") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(other) => {
                return Err(Unreadable::WrongType {
                    key: "purge".into(),
                    expected: Expect::Flag,
                    found: JsonKind::of(other),
                })
            }
        };
        Ok(CacheConfig { key: key_fields, purge })
    }
}
