//! The workspace: everything a learner edits, and its JSON file format.

use std::fmt;
use std::rc::Rc;

use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use serde_json::Value;

use crate::card::{Card, Kind};
use crate::log::{name, object, Event, Expect, Kept, Lenient, Unreadable};
use crate::viewer::check_name;
use crate::profile::Profiles;

/// Where a name stands in a workspace file, for the message that refuses it.
#[derive(Clone, Copy)]
enum Role {
    User,
    Agent,
    CanaryOwner,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Agent => "agent",
            Role::CanaryOwner => "canary owner",
        }
    }
}

/// The name if [`check_name`] accepts it, else the message a [`LoadError`]
/// carries: which name, in which role, and why.
fn valid_name<E: serde::de::Error>(role: Role, name: String) -> Result<String, E> {
    match check_name(&name) {
        Ok(()) => Ok(name),
        Err(error) => Err(E::custom(format!(
            "the {} name {name:?} can't be used: {error}",
            role.as_str(),
        ))),
    }
}

/// Fake secrets ("canaries") registered per user, in the order written.
/// A view that shows another user's canary is a leak.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Canaries(pub Vec<(String, Vec<String>)>);

impl Canaries {
    /// Every (owner, token) pair, skipping empty tokens (they would match
    /// every text and mean nothing).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().flat_map(|(user, tokens)| {
            tokens.iter().filter(|t| !t.is_empty()).map(move |t| (user.as_str(), t.as_str()))
        })
    }

    pub fn of_user(&self, user: &str) -> &[String] {
        self.0.iter().find(|(u, _)| u == user).map(|(_, t)| t.as_slice()).unwrap_or(&[])
    }

    /// Registers a token for a user; no-op when it is already there.
    pub fn add(&mut self, user: &str, token: &str) {
        match self.0.iter_mut().find(|(u, _)| u == user) {
            Some((_, tokens)) => {
                if !tokens.iter().any(|t| t == token) {
                    tokens.push(token.to_string());
                }
            }
            None => self.0.push((user.to_string(), vec![token.to_string()])),
        }
    }

    pub fn remove(&mut self, user: &str, token: &str) {
        for (u, tokens) in &mut self.0 {
            if u == user {
                tokens.retain(|t| t != token);
            }
        }
        self.0.retain(|(_, tokens)| !tokens.is_empty());
    }
}

impl Serialize for Canaries {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (user, tokens) in &self.0 {
            map.serialize_entry(user, tokens)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Canaries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Canaries, D::Error> {
        struct CanaryVisitor;
        impl<'de> Visitor<'de> for CanaryVisitor {
            type Value = Canaries;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object mapping each user to a list of canary tokens")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Canaries, A::Error> {
                let mut out = Canaries::default();
                while let Some(user) = map.next_key::<String>()? {
                    // Checked before the tokens are read, so the error
                    // points at the name.
                    let user = valid_name(Role::CanaryOwner, user)?;
                    let tokens: Vec<String> = map.next_value()?;
                    for token in tokens {
                        out.add(&user, &token);
                    }
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(CanaryVisitor)
    }
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
                found: crate::card::JsonKind::of(fields),
            });
        };
        let mut key_fields = Vec::new();
        for field in fields {
            let word = field.as_str().ok_or_else(|| Unreadable::WrongType {
                key: "key".into(),
                expected: Expect::Text,
                found: crate::card::JsonKind::of(field),
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
                    found: crate::card::JsonKind::of(other),
                })
            }
        };
        Ok(CacheConfig { key: key_fields, purge })
    }
}

/// Declared groups (a workspace's `groups` key): each group's name and
/// members. A file's groups are read back in key order (a JSON object has
/// none of its own). Only where a workspace declares groups can
/// a card be filed as GROUP.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups(pub Vec<(String, Vec<String>)>);

impl Groups {
    /// The members of a group, if it is declared.
    pub fn members(&self, group: &str) -> Option<&[String]> {
        self.0.iter().find(|(name, _)| name == group).map(|(_, members)| members.as_slice())
    }
}

impl Serialize for Groups {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (group, members) in &self.0 {
            map.serialize_entry(group, members)?;
        }
        map.end()
    }
}

impl Lenient for Groups {
    fn read(key: &str, value: &Value) -> Result<Groups, Unreadable> {
        let Value::Object(map) = value else {
            return Err(Unreadable::WrongType {
                key: key.to_string(),
                expected: Expect::Object,
                found: crate::card::JsonKind::of(value),
            });
        };
        let mut groups = Vec::new();
        for (group, members) in map {
            name(key, &Value::from(group.as_str()))?;
            groups.push((group.clone(), Vec::<String>::read(group, members)?));
        }
        Ok(Groups(groups))
    }
}

/// How long each kind of memory is kept (a workspace's `retention` key):
/// kind → ticks to live, counted from the tick the card took effect. Kinds
/// left out are kept until retired. Entries are kept as written (read back
/// in key order, as a JSON object has none of its own); one that
/// names an unknown kind or holds no tick is set aside with a reason
/// ([`Retention::problems`]) and the others still apply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Retention(pub Vec<(String, Value)>);

impl Retention {
    /// The time to live of a kind, if one is set.
    pub fn ttl(&self, kind: Kind) -> Option<u64> {
        self.0.iter().find(|(k, _)| k == kind.as_str()).and_then(|(_, ttl)| ttl.as_u64())
    }

    /// The entries that are set aside, and why.
    pub fn problems(&self) -> Vec<Unreadable> {
        self.0
            .iter()
            .filter_map(|(kind, ttl)| {
                if Kind::parse(kind).is_none() {
                    Some(Unreadable::UnknownWord { key: "retention".into(), word: kind.clone() })
                } else {
                    u64::read(kind, ttl).err()
                }
            })
            .collect()
    }
}

impl Serialize for Retention {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (kind, ttl) in &self.0 {
            map.serialize_entry(kind, ttl)?;
        }
        map.end()
    }
}

impl Lenient for Retention {
    fn read(key: &str, value: &Value) -> Result<Retention, Unreadable> {
        let map = object(key, value, &Kind::ALL.map(Kind::as_str)).or_else(|err| match (err, value) {
            // An unknown kind is set aside on its own, not with the rest.
            (Unreadable::UnknownKey { .. }, Value::Object(map)) => Ok(map),
            (err, _) => Err(err),
        })?;
        Ok(Retention(map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()))
    }
}

/// The log as a list of events, each kept as written when it can't be read.
impl Lenient for Vec<Kept<Event>> {
    fn read(key: &str, value: &Value) -> Result<Vec<Kept<Event>>, Unreadable> {
        let Value::Array(items) = value else {
            return Err(Unreadable::WrongType {
                key: key.to_string(),
                expected: Expect::List,
                found: crate::card::JsonKind::of(value),
            });
        };
        Ok(items.iter().map(|item| Kept::read("event", item.clone())).collect())
    }
}

/// The whole state a learner edits, in the file format the CLI reads and
/// the playground imports and exports.
///
/// The keys after `cards` are all optional and all about memory over time
/// (the timeline); a file without them behaves exactly as the seed
/// program does, and writes none of them back. Each is kept as written when
/// it can't be read, and reported with a reason (the `audit` module).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Workspace {
    pub users: Vec<String>,
    pub agents: Vec<String>,
    pub query: String,
    pub canaries: Canaries,
    /// Each card behind its own `Rc`: a copy of the workspace (the undo
    /// history keeps one per step) shares every card, and an edit allocates
    /// only the card it changes (`Rc::make_mut`). A card's `Rc` is also its
    /// revision: the app's derived state is keyed by it.
    pub cards: Vec<Rc<Card>>,
    /// The logical clock: integer ticks, never the wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<Kept<u64>>,
    /// The version of the sharing policy, part of a cache key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy_version: Option<Kept<u64>>,
    /// Who may publish a card that crosses users (AGENT, GLOBAL, GROUP).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviewers: Option<Kept<Vec<String>>>,
    /// Declared groups; only with them is a GROUP card read at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Kept<Groups>>,
    /// Time to live per kind of memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retention: Option<Kept<Retention>>,
    /// The simulated response cache.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache: Option<Kept<CacheConfig>>,
    /// The append-only event log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Kept<Vec<Kept<Event>>>>,
    /// Profile facts per user, for the re-identification probe
    /// ([`crate::probe`]); nothing to do with memory over time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profiles: Option<Kept<Profiles>>,
}

/// A list of user or agent names, each passing [`check_name`]: a name that
/// fails is refused where it is written, with its line and column.
struct Names<const AGENTS: bool>(Vec<String>);

impl<'de, const AGENTS: bool> Deserialize<'de> for Names<AGENTS> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Names<AGENTS>, D::Error> {
        struct NamesVisitor<const AGENTS: bool>;
        impl<'de, const AGENTS: bool> Visitor<'de> for NamesVisitor<AGENTS> {
            type Value = Names<AGENTS>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(if AGENTS { "a list of agent names" } else { "a list of user names" })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Names<AGENTS>, A::Error> {
                let role = if AGENTS { Role::Agent } else { Role::User };
                let mut names = Vec::new();
                while let Some(name) = seq.next_element::<String>()? {
                    names.push(valid_name(role, name)?);
                }
                Ok(Names(names))
            }
        }
        deserializer.deserialize_seq(NamesVisitor::<AGENTS>)
    }
}

type UserNames = Names<false>;
type AgentNames = Names<true>;

/// The file as written: `users` and `agents` may be left out, in which case
/// they are gathered from the cards and canaries.
#[derive(Deserialize)]
#[serde(expecting = "a workspace object with `cards`, `users`, `agents`, `canaries` and `query`")]
struct RawWorkspace {
    users: Option<UserNames>,
    agents: Option<AgentNames>,
    #[serde(default)]
    query: Option<String>,
    #[serde(default)]
    canaries: Option<Canaries>,
    #[serde(default)]
    cards: Option<Vec<Card>>,
    #[serde(default)]
    clock: Option<Kept<u64>>,
    #[serde(default)]
    policy_version: Option<Kept<u64>>,
    #[serde(default)]
    reviewers: Option<Kept<Vec<String>>>,
    #[serde(default)]
    groups: Option<Kept<Groups>>,
    #[serde(default)]
    retention: Option<Kept<Retention>>,
    #[serde(default)]
    cache: Option<Kept<CacheConfig>>,
    #[serde(default)]
    events: Option<Kept<Vec<Kept<Event>>>>,
    #[serde(default)]
    profiles: Option<Kept<Profiles>>,
}

/// A workspace inside other JSON (an exercise's start or solution), read
/// as [`Workspace::from_json`] reads a file.
impl<'de> Deserialize<'de> for Workspace {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Workspace, D::Error> {
        RawWorkspace::deserialize(deserializer).map(Workspace::from_raw)
    }
}

/// A workspace file that could not be read as a workspace at all (as opposed
/// to single malformed cards, which are kept and rejected).
#[derive(Debug)]
pub struct LoadError {
    pub message: String,
    /// 1-based; 0 when the error has no position.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for LoadError {}

impl From<serde_json::Error> for LoadError {
    fn from(err: serde_json::Error) -> LoadError {
        // serde_json appends " at line L column C"; we report the position
        // separately so callers can prefix the file name.
        let full = err.to_string();
        let message = match full.rfind(" at line ") {
            Some(at) if err.line() > 0 => full[..at].to_string(),
            _ => full,
        };
        LoadError { message, line: err.line(), column: err.column() }
    }
}

impl Workspace {
    /// Reads a workspace from JSON text. Malformed cards are kept (and will
    /// be rejected with a reason); only a file that is not JSON, or not
    /// shaped like a workspace, is an error. So is a user, agent or canary
    /// owner whose name fails [`check_name`]: names make up viewer keys.
    ///
    /// Users and agents left out are gathered from the cards' owners (and
    /// the canaries' owners), skipping names that fail [`check_name`]: such
    /// a card is kept and judged like any other, it just names no viewer.
    pub fn from_json(text: &str) -> Result<Workspace, LoadError> {
        let raw: RawWorkspace = serde_json::from_str(text)?;
        Ok(Workspace::from_raw(raw))
    }

    fn from_raw(raw: RawWorkspace) -> Workspace {
        let cards: Vec<Rc<Card>> = raw.cards.unwrap_or_default().into_iter().map(Rc::new).collect();
        let canaries = raw.canaries.unwrap_or_default();
        let usable = |name: &String| check_name(name).is_ok();
        let users = match raw.users {
            Some(Names(users)) => dedup(users),
            None => dedup(
                cards
                    .iter()
                    .map(|c| c.owner_user.clone())
                    .chain(canaries.0.iter().map(|(u, _)| u.clone()))
                    .filter(usable)
                    .collect(),
            ),
        };
        let agents = match raw.agents {
            Some(Names(agents)) => dedup(agents),
            None => dedup(cards.iter().map(|c| c.owner_agent.clone()).filter(usable).collect()),
        };
        Workspace {
            users,
            agents,
            query: raw.query.unwrap_or_default(),
            canaries,
            cards,
            clock: raw.clock,
            policy_version: raw.policy_version,
            reviewers: raw.reviewers,
            groups: raw.groups,
            retention: raw.retention,
            cache: raw.cache,
            events: raw.events,
            profiles: raw.profiles,
        }
    }

    /// The events of the log, each as read or kept as written; empty when
    /// there is no log (or it is not a list).
    pub fn log(&self) -> &[Kept<Event>] {
        match &self.events {
            Some(Kept::Good(events)) => events,
            _ => &[],
        }
    }

    /// The events that could be read, with their place in the log.
    pub fn events(&self) -> impl Iterator<Item = (usize, &Event)> {
        self.log().iter().enumerate().filter_map(|(i, e)| e.good().map(|e| (i, e)))
    }

    /// The logical clock: the `clock` key, or, without a readable one, the
    /// tick of the latest event (0 with none).
    pub fn clock(&self) -> u64 {
        match &self.clock {
            Some(Kept::Good(clock)) => *clock,
            _ => self.events().map(|(_, e)| e.tick).max().unwrap_or(0),
        }
    }

    /// The policy version (0 when none is set).
    pub fn policy_version(&self) -> u64 {
        self.policy_version.as_ref().and_then(Kept::good).copied().unwrap_or(0)
    }

    /// The listed reviewers (none without a readable `reviewers` key).
    pub fn reviewers(&self) -> &[String] {
        self.reviewers.as_ref().and_then(Kept::good).map_or(&[], Vec::as_slice)
    }

    /// The declared groups, if the workspace declares them readably.
    pub fn groups(&self) -> Option<&Groups> {
        self.groups.as_ref().and_then(Kept::good)
    }

    /// The profile facts, if the workspace has them readably.
    pub fn profiles(&self) -> Option<&Profiles> {
        self.profiles.as_ref().and_then(Kept::good)
    }

    /// The time to live of a kind of memory, if the retention sets one.
    pub fn ttl(&self, kind: Kind) -> Option<u64> {
        self.retention.as_ref().and_then(Kept::good).and_then(|r| r.ttl(kind))
    }

    /// Does the workspace use anything of memory over time? A workspace
    /// that does not is evaluated exactly as the seed program does, and
    /// pays nothing for the rest.
    pub fn uses_time(&self) -> bool {
        self.clock.is_some()
            || self.events.is_some()
            || self.groups.is_some()
            || self.retention.is_some()
            || self.cards.iter().any(|c| c.life().is_some_and(|life| !life.is_timeless()))
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a workspace always serializes")
    }
}

fn dedup(items: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items.into_iter().filter(|item| seen.insert(item.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> LoadError {
        Workspace::from_json(text).expect_err(text)
    }

    #[test]
    fn a_user_agent_or_canary_owner_name_that_fails_check_name_is_refused_where_it_stands() {
        let err = refused(r#"{"users": ["alice", "a/b"]}"#);
        assert_eq!(
            err.message,
            "the user name \"a/b\" can't be used: it contains `/`, which separates the user from the agent in a viewer key"
        );
        assert_eq!((err.line, err.column), (1, 26));
        let err = refused(r#"{"agents": [" writer"]}"#);
        assert!(err.message.starts_with("the agent name \" writer\" can't be used: it starts or ends with whitespace"), "{err}");
        let err = refused(r#"{"canaries": {"": ["FAKE-1"]}}"#);
        assert!(err.message.starts_with("the canary owner name \"\" can't be used: it is empty"), "{err}");
        let err = refused("{\"users\": [\"a\\tb\"]}");
        assert!(err.message.contains("\"a\\tb\""), "{err}");
        assert!(err.message.contains("U+0009"), "{err}");
        assert!(err.to_string().starts_with("1:"), "{err}");
    }

    #[test]
    fn names_of_the_wrong_type_are_still_a_shape_error() {
        let err = refused(r#"{"users": [1]}"#);
        assert!(err.message.contains("expected a string"), "{err}");
        let err = refused(r#"{"agents": "writer"}"#);
        assert!(err.message.contains("a list of agent names"), "{err}");
    }

    #[test]
    fn gathered_names_skip_owners_that_fail_check_name_but_keep_their_cards() {
        let text = r#"{"cards": [
            {"id": "Q", "scope": "PAIR", "owner_user": "a/b", "owner_agent": "w "},
            {"id": "R", "scope": "PAIR", "owner_user": "erin", "owner_agent": "w"}]}"#;
        let ws = Workspace::from_json(text).unwrap();
        assert_eq!(ws.users, ["erin"]);
        assert_eq!(ws.agents, ["w"]);
        assert_eq!(ws.cards.len(), 2);
    }

    #[test]
    fn good_names_and_null_lists_load_as_before() {
        let ws = Workspace::from_json(r#"{"users": ["王小明", "bob"], "agents": null, "canaries": {"bob": ["T"]}}"#).unwrap();
        assert_eq!(ws.users, ["王小明", "bob"]);
        assert!(ws.agents.is_empty());
        assert_eq!(ws.canaries.of_user("bob"), ["T"]);
    }
}
