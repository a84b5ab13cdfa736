//! The workspace: everything a learner edits, and its JSON file format.

use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use crate::card::Card;

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
                while let Some((user, tokens)) = map.next_entry::<String, Vec<String>>()? {
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

/// The whole state a learner edits, in the file format the CLI reads and
/// the playground imports and exports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Workspace {
    pub users: Vec<String>,
    pub agents: Vec<String>,
    pub query: String,
    pub canaries: Canaries,
    pub cards: Vec<Card>,
}

/// The file as written: `users` and `agents` may be left out, in which case
/// they are gathered from the cards and canaries.
#[derive(Deserialize)]
#[serde(expecting = "a workspace object with `cards`, `users`, `agents`, `canaries` and `query`")]
struct RawWorkspace {
    users: Option<Vec<String>>,
    agents: Option<Vec<String>>,
    #[serde(default)]
    query: Option<String>,
    #[serde(default)]
    canaries: Option<Canaries>,
    #[serde(default)]
    cards: Option<Vec<Card>>,
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
    /// shaped like a workspace, is an error.
    pub fn from_json(text: &str) -> Result<Workspace, LoadError> {
        let raw: RawWorkspace = serde_json::from_str(text)?;
        let cards = raw.cards.unwrap_or_default();
        let canaries = raw.canaries.unwrap_or_default();
        let users = match raw.users {
            Some(users) => dedup(users),
            None => dedup(
                cards
                    .iter()
                    .map(|c| c.owner_user.clone())
                    .chain(canaries.0.iter().map(|(u, _)| u.clone()))
                    .filter(|u| !u.is_empty())
                    .collect(),
            ),
        };
        let agents = match raw.agents {
            Some(agents) => dedup(agents),
            None => dedup(
                cards.iter().map(|c| c.owner_agent.clone()).filter(|a| !a.is_empty()).collect(),
            ),
        };
        Ok(Workspace { users, agents, query: raw.query.unwrap_or_default(), canaries, cards })
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a workspace always serializes")
    }
}

fn dedup(items: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items.into_iter().filter(|item| seen.insert(item.clone())).collect()
}
