//! The workspace: everything a learner edits, and its JSON file format.

use std::fmt;
use std::rc::Rc;

use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use serde_json::Value;

use crate::card::{Card, Kind};
use crate::log::{name, object, Event, Expect, Kept, Lenient, Unreadable};
/// The cache's settings are written in the log too (a `cache` event holds
/// the key it set), so they are defined beside it.
pub use crate::log::{CacheConfig, KeyField};
use crate::viewer::check_name;
use crate::profile::Profiles;
use crate::prompt_keys::{PromptConfig, Tasks};

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
    /// Token budgets, the retrieved layer's `top_k` and the ranking weights
    /// of the prompt assembly ([`crate::prompt`]); nothing to do with who
    /// may read a card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Kept<PromptConfig>>,
    /// Tasks (viewer, query, gold set) the prompt metrics are measured on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tasks: Option<Kept<Tasks>>,
    /// What must hold of this work, written by its author (issue 53): the
    /// list as written, kept raw. The curriculum reads it
    /// (`mixua_course::assertion`), setting aside what it can't read; this
    /// crate only keeps it, so that the rules never depend on the
    /// curriculum's vocabulary. Nothing to do with who may read a card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assertions: Option<Value>,
    /// Top-level keys of the file that no workspace has (a misspelled
    /// `Cards`, another program's key), in the order written: ignored,
    /// and listed by the audit. Not written back.
    #[serde(skip)]
    pub unknown_keys: Vec<String>,
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

/// The top-level keys of a workspace file, in the order [`RawWorkspace`]
/// reads them. `playground` is the playground's own key (its predictions,
/// language and progress): the crate ignores it, and it is no unknown key.
pub const WORKSPACE_KEYS: [&str; 17] = [
    "users", "agents", "query", "canaries", "cards", "clock", "policy_version", "reviewers", "groups", "retention",
    "cache", "events", "profiles", "playground", "prompt", "tasks", "assertions",
];

/// The file as written: `users` and `agents` may be left out, in which case
/// they are gathered from the cards and canaries.
#[derive(Default)]
struct RawWorkspace {
    users: Option<UserNames>,
    agents: Option<AgentNames>,
    query: Option<String>,
    canaries: Option<Canaries>,
    cards: Option<Vec<Card>>,
    clock: Option<Kept<u64>>,
    policy_version: Option<Kept<u64>>,
    reviewers: Option<Kept<Vec<String>>>,
    groups: Option<Kept<Groups>>,
    retention: Option<Kept<Retention>>,
    cache: Option<Kept<CacheConfig>>,
    events: Option<Kept<Vec<Kept<Event>>>>,
    profiles: Option<Kept<Profiles>>,
    prompt: Option<Kept<PromptConfig>>,
    tasks: Option<Kept<Tasks>>,
    assertions: Option<Value>,
    unknown_keys: Vec<String>,
}

/// A top-level key: its place in [`WORKSPACE_KEYS`], or a key no
/// workspace has (copied, to be listed).
enum TopKey {
    Known(usize),
    Unknown(String),
}

impl<'de> Deserialize<'de> for TopKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TopKey, D::Error> {
        struct TopKeyVisitor;
        impl Visitor<'_> for TopKeyVisitor {
            type Value = TopKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<TopKey, E> {
                Ok(match WORKSPACE_KEYS.iter().position(|k| *k == key) {
                    Some(at) => TopKey::Known(at),
                    None => TopKey::Unknown(key.to_string()),
                })
            }
        }
        deserializer.deserialize_str(TopKeyVisitor)
    }
}

/// Read by hand rather than derived, so that the keys no workspace has are
/// listed rather than silently dropped. A known key written twice is
/// refused, as a derived reader refuses it: which one would count is
/// ambiguous.
impl<'de> Deserialize<'de> for RawWorkspace {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawWorkspace, D::Error> {
        struct RawVisitor;
        impl<'de> Visitor<'de> for RawVisitor {
            type Value = RawWorkspace;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a workspace object with `cards`, `users`, `agents`, `canaries` and `query`")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawWorkspace, A::Error> {
                let mut raw = RawWorkspace::default();
                let mut seen = [false; WORKSPACE_KEYS.len()];
                while let Some(key) = map.next_key::<TopKey>()? {
                    let at = match key {
                        TopKey::Known(at) => at,
                        TopKey::Unknown(key) => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                            if !raw.unknown_keys.contains(&key) {
                                raw.unknown_keys.push(key);
                            }
                            continue;
                        }
                    };
                    if std::mem::replace(&mut seen[at], true) {
                        return Err(serde::de::Error::duplicate_field(WORKSPACE_KEYS[at]));
                    }
                    match WORKSPACE_KEYS[at] {
                        "users" => raw.users = map.next_value()?,
                        "agents" => raw.agents = map.next_value()?,
                        "query" => raw.query = map.next_value()?,
                        "canaries" => raw.canaries = map.next_value()?,
                        "cards" => raw.cards = map.next_value()?,
                        "clock" => raw.clock = map.next_value()?,
                        "policy_version" => raw.policy_version = map.next_value()?,
                        "reviewers" => raw.reviewers = map.next_value()?,
                        "groups" => raw.groups = map.next_value()?,
                        "retention" => raw.retention = map.next_value()?,
                        "cache" => raw.cache = map.next_value()?,
                        "events" => raw.events = map.next_value()?,
                        "profiles" => raw.profiles = map.next_value()?,
                        "prompt" => raw.prompt = map.next_value::<Option<crate::prompt_keys::WrittenPrompt>>()?.map(|w| w.0),
                        "tasks" => raw.tasks = map.next_value()?,
                        // Kept as written, whatever it holds (`null` too,
                        // which reads as no key at all).
                        "assertions" => raw.assertions = map.next_value::<Option<Value>>()?,
                        _ => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(raw)
            }
        }
        deserializer.deserialize_map(RawVisitor)
    }
}

/// A workspace inside other JSON (an exercise's start or solution), read
/// as [`Workspace::from_json`] reads a file.
impl<'de> Deserialize<'de> for Workspace {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Workspace, D::Error> {
        RawWorkspace::deserialize(deserializer).map(Workspace::from_raw)
    }
}

/// Why a file is not read as a workspace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum LoadReason {
    /// Not JSON, or JSON of the wrong shape somewhere (a list where the
    /// workspace object should be, a name that can't be one, two `cards`):
    /// the error's message says what, in the JSON reader's words.
    Json,
    /// A JSON object without a `cards` list: not a workspace, whatever else
    /// it holds. `pack` when it looks like an exercise pack (it has
    /// `exercises`); `unknown` lists its keys that no workspace has.
    NoCards { pack: bool, unknown: Vec<String> },
}

/// A workspace file that could not be read as a workspace at all (as opposed
/// to single malformed cards, which are kept and rejected).
#[derive(Debug)]
pub struct LoadError {
    /// What went wrong, in English (the JSON reader's words for
    /// [`LoadReason::Json`]); `input_words::load_error_words` says it in
    /// both languages.
    pub message: String,
    /// 1-based; 0 when the error has no position.
    pub line: usize,
    pub column: usize,
    pub reason: LoadReason,
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
        LoadError { message, line: err.line(), column: err.column(), reason: LoadReason::Json }
    }
}

impl LoadError {
    /// A JSON object that has no `cards` list.
    fn no_cards(unknown: Vec<String>) -> LoadError {
        let pack = unknown.iter().any(|key| key == "exercises");
        let mut message = "not a workspace: it has no `cards` list".to_string();
        if pack {
            message.push_str("; it looks like an exercise pack (it has `exercises`)");
        }
        if !unknown.is_empty() {
            let keys: Vec<String> = unknown.iter().map(|key| format!("`{key}`")).collect();
            message.push_str(&format!("; keys no workspace has: {}", keys.join(", ")));
        }
        LoadError { message, line: 0, column: 0, reason: LoadReason::NoCards { pack, unknown } }
    }
}

impl Workspace {
    /// Reads a workspace from JSON text (a leading byte-order mark is
    /// dropped). Malformed cards are kept (and will be rejected with a
    /// reason); only a file that is not JSON, or not shaped like a
    /// workspace, is an error. An object without a `cards` list is no
    /// workspace ([`LoadReason::NoCards`]): exit 0 from a grading script
    /// must mean that a workspace was read. So is a user, agent or canary
    /// owner whose name fails [`check_name`]: names make up viewer keys.
    ///
    /// Users and agents left out are gathered from the cards' owners (and
    /// the canaries' owners), skipping names that fail [`check_name`]: such
    /// a card is kept and judged like any other, it just names no viewer.
    pub fn from_json(text: &str) -> Result<Workspace, LoadError> {
        let raw: RawWorkspace = serde_json::from_str(crate::text::without_bom(text))?;
        if raw.cards.is_none() {
            return Err(LoadError::no_cards(raw.unknown_keys));
        }
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
            prompt: raw.prompt,
            tasks: raw.tasks,
            assertions: raw.assertions,
            unknown_keys: raw.unknown_keys,
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

    /// The prompt assembly's settings, if the workspace has them readably.
    pub fn prompt_config(&self) -> Option<&PromptConfig> {
        self.prompt.as_ref().and_then(Kept::good)
    }

    /// The tasks, if the workspace has them readably.
    pub fn tasks(&self) -> Option<&Tasks> {
        self.tasks.as_ref().and_then(Kept::good)
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
        let ws = Workspace::from_json(r#"{"users": ["王小明", "bob"], "agents": null, "canaries": {"bob": ["T"]}, "cards": []}"#).unwrap();
        assert_eq!(ws.users, ["王小明", "bob"]);
        assert!(ws.agents.is_empty());
        assert_eq!(ws.canaries.of_user("bob"), ["T"]);
    }

    #[test]
    fn only_an_object_with_a_cards_list_is_a_workspace() {
        for (text, unknown) in [
            ("{}", vec![]),
            (r#"{"cards": null}"#, vec![]),
            (r#"{"Cards": [{"id": "P"}], "users": ["alice"]}"#, vec!["Cards"]),
            (r#"{"query": "報告", "cardz": [], "x": 1, "x": 2}"#, vec!["cardz", "x"]),
        ] {
            let err = refused(text);
            assert_eq!(err.reason, LoadReason::NoCards { pack: false, unknown: unknown.iter().map(|k| k.to_string()).collect() }, "{text}");
            assert!(err.message.starts_with("not a workspace: it has no `cards` list"), "{err}");
            assert_eq!(err.line, 0, "{text}");
        }
        let pack = refused(include_str!("../../mixua-course/packs/lesson1.json"));
        assert!(matches!(pack.reason, LoadReason::NoCards { pack: true, .. }), "{:?}", pack.reason);
        assert!(pack.message.contains("looks like an exercise pack"), "{pack}");
        // An empty list of cards is a workspace, and so is the app's own file.
        assert!(Workspace::from_json(r#"{"cards": []}"#).is_ok());
        assert!(Workspace::from_json(r#"{"cards": [], "playground": {"lang": "en"}}"#).unwrap().unknown_keys.is_empty());
        // A known key written twice is still refused, where it stands.
        let twice = refused(r#"{"cards": [], "cards": []}"#);
        assert_eq!(twice.reason, LoadReason::Json);
        assert!(twice.message.contains("duplicate field `cards`") && twice.line == 1, "{twice}");
        let list = refused("[1, 2]");
        assert_eq!(list.reason, LoadReason::Json);
    }

    #[test]
    fn unknown_top_level_keys_are_kept_in_order_and_audited() {
        let ws = Workspace::from_json(r#"{"Users": ["a"], "cards": [], "notes": "x", "Users": 2}"#).unwrap();
        assert_eq!(ws.unknown_keys, ["Users", "notes"]);
        let problems = crate::audit::audit(&ws).problems;
        assert_eq!(
            problems,
            [
                crate::audit::WorkspaceProblem::UnknownKey { key: "Users".into(), near: Some("users") },
                crate::audit::WorkspaceProblem::UnknownKey { key: "notes".into(), near: None },
            ]
        );
        // Not written back: the export is a plain workspace.
        assert!(!ws.to_json_pretty().contains("notes"));
    }

    #[test]
    fn a_leading_byte_order_mark_is_read_past() {
        let seed = crate::seed::seed_workspace().to_json_pretty();
        assert_eq!(Workspace::from_json(&format!("\u{FEFF}{seed}")).unwrap(), crate::seed::seed_workspace());
    }
}
