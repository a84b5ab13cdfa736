//! A viewer by name, owned: the row and the column of one chart cell. The
//! borrowed [`Viewer`] asks the policy; this one is kept in state and files.
//! Both write the same `user/agent` key, through [`Viewer::key`].

use std::fmt;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use crate::format_char::is_format;

/// Why a name cannot be a user's or an agent's. Names make up viewer keys
/// (`user/agent`, [`Viewer::key`]), so a key must spell exactly one pair
/// and a name must look like what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum NameError {
    /// The name is empty.
    Empty,
    /// The name holds `/`, which separates user from agent in a viewer key:
    /// `a/b` with `c` and `a` with `b/c` would both be `a/b/c`.
    Slash,
    /// The name starts or ends with whitespace: `alice ` would look like
    /// `alice` and yet be someone else.
    SurroundingSpace,
    /// The name holds a control character (a tab, a newline, …), which
    /// can be neither seen nor typed back.
    ControlCharacter { code: u32 },
    /// The name holds an invisible or direction-changing character (a
    /// format character, Unicode category Cf: a zero-width space, a bidi
    /// override, …): `ali\u{200B}ce` prints as `alice` and is someone else,
    /// and U+202E turns around the rest of a line.
    InvisibleCharacter { code: u32 },
}

impl NameError {
    /// A short stable code, for data attributes and reports.
    pub fn code(&self) -> &'static str {
        match self {
            NameError::Empty => "name_empty",
            NameError::Slash => "name_has_slash",
            NameError::SurroundingSpace => "name_surrounding_space",
            NameError::ControlCharacter { .. } => "name_control_character",
            NameError::InvisibleCharacter { .. } => "name_invisible_character",
        }
    }
}

/// Why a name was refused, in English, where a message has one language
/// (a workspace file's load error); `mixua_words::explain::name_error_text`
/// says it in both.
impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => f.write_str("it is empty"),
            NameError::Slash => f.write_str("it contains `/`, which separates the user from the agent in a viewer key"),
            NameError::SurroundingSpace => {
                f.write_str("it starts or ends with whitespace, so it would look like another name and yet be someone else")
            }
            NameError::ControlCharacter { code } => {
                write!(f, "it holds the control character U+{code:04X}, which can be neither seen nor typed back")
            }
            NameError::InvisibleCharacter { code } => write!(
                f,
                "it holds the invisible or direction-changing character U+{code:04X}, so it would print exactly like another name, or turn the text after it around"
            ),
        }
    }
}

/// May this be a user's or an agent's name? The one check every shell
/// uses before a name becomes part of a viewer key: the workspace file
/// (users, agents, canary owners), the playground's add and rename, the CLI.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.contains('/') {
        return Err(NameError::Slash);
    }
    if name.starts_with(char::is_whitespace) || name.ends_with(char::is_whitespace) {
        return Err(NameError::SurroundingSpace);
    }
    check_visible(name)
}

/// Does every character of this text show as itself? Refuses control
/// characters and format characters (invisible or direction-changing),
/// the first one found. Names ([`check_name`]) and the learner's name in a
/// result code both ask it.
pub fn check_visible(text: &str) -> Result<(), NameError> {
    for c in text.chars() {
        if c.is_control() {
            return Err(NameError::ControlCharacter { code: c as u32 });
        }
        if is_format(c) {
            return Err(NameError::InvisibleCharacter { code: c as u32 });
        }
    }
    Ok(())
}

/// Who is asking. It comes from the (simulated) login, never from the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Viewer<'a> {
    pub user: &'a str,
    pub agent: &'a str,
}

impl<'a> Viewer<'a> {
    pub fn new(user: &'a str, agent: &'a str) -> Viewer<'a> {
        Viewer { user, agent }
    }

    /// The `user/agent` key used for views. It spells one pair only when
    /// both names pass [`check_name`].
    pub fn key(&self) -> String {
        format!("{}/{}", self.user, self.agent)
    }
}


#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ViewerId {
    pub user: String,
    pub agent: String,
}

impl ViewerId {
    pub fn new(user: impl Into<String>, agent: impl Into<String>) -> ViewerId {
        ViewerId { user: user.into(), agent: agent.into() }
    }

    /// The borrowed form, to ask the policy.
    pub fn viewer(&self) -> Viewer<'_> {
        Viewer::new(&self.user, &self.agent)
    }

    /// The `user/agent` key (the one key function: [`Viewer::key`]).
    pub fn key(&self) -> String {
        self.viewer().key()
    }

    /// Reads a `user/agent` key back. Names never hold `/` (the workspace
    /// refuses them), so the first `/` is the separator.
    pub fn parse_key(key: &str) -> Option<ViewerId> {
        ViewerId::split_key(key).map(|(user, agent)| ViewerId::new(user, agent))
    }

    /// The user and agent of a `user/agent` key, borrowed.
    pub fn split_key(key: &str) -> Option<(&str, &str)> {
        let (user, agent) = key.split_once('/')?;
        (!user.is_empty() && !agent.is_empty() && !agent.contains('/')).then_some((user, agent))
    }

    pub fn is(&self, viewer: Viewer<'_>) -> bool {
        self.user == viewer.user && self.agent == viewer.agent
    }
}

impl From<Viewer<'_>> for ViewerId {
    fn from(viewer: Viewer<'_>) -> ViewerId {
        ViewerId::new(viewer.user, viewer.agent)
    }
}

impl fmt::Display for ViewerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

/// Written as its key, so a map keyed by viewers is a JSON object.
impl Serialize for ViewerId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.key())
    }
}

impl<'de> Deserialize<'de> for ViewerId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ViewerId, D::Error> {
        let key = String::deserialize(deserializer)?;
        ViewerId::parse_key(&key).ok_or_else(|| de::Error::custom(format!("`{key}` is not a user/agent key")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_round_trips() {
        let v = ViewerId::new("alice", "writer-v1");
        assert_eq!(v.key(), "alice/writer-v1");
        assert_eq!(ViewerId::parse_key("alice/writer-v1"), Some(v.clone()));
        assert_eq!(serde_json::to_string(&v).unwrap(), "\"alice/writer-v1\"");
        assert_eq!(serde_json::from_str::<ViewerId>("\"alice/writer-v1\"").unwrap(), v);
    }

    #[test]
    fn malformed_keys_are_refused() {
        for key in ["alice", "/writer", "alice/", "a/b/c", ""] {
            assert_eq!(ViewerId::parse_key(key), None, "{key}");
        }
        assert!(serde_json::from_str::<ViewerId>("\"nobody\"").is_err());
    }
}
