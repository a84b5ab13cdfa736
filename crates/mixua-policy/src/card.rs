//! Cards as learners write them: untrusted text, parsed leniently so that one
//! malformed card is kept (and later rejected with a reason) instead of
//! sinking the whole workspace.

use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who may read a card: one user or all users × one agent or all agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Scope {
    /// This user with this agent.
    Pair,
    /// This user with any agent.
    User,
    /// Any user with this agent.
    Agent,
    /// Every user with every agent.
    Global,
}

impl Scope {
    pub const ALL: [Scope; 4] = [Scope::Pair, Scope::User, Scope::Agent, Scope::Global];

    /// Parses the exact, case-sensitive spelling used in card files.
    pub fn parse(text: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Pair => "PAIR",
            Scope::User => "USER",
            Scope::Agent => "AGENT",
            Scope::Global => "GLOBAL",
        }
    }

    /// AGENT and GLOBAL cards cross from one user to others.
    pub fn crosses_users(self) -> bool {
        matches!(self, Scope::Agent | Scope::Global)
    }

    /// True when the scope is bound to one user (the row axis of the chart).
    pub fn one_user(self) -> bool {
        matches!(self, Scope::Pair | Scope::User)
    }

    /// True when the scope is bound to one agent (the column axis of the chart).
    pub fn one_agent(self) -> bool {
        matches!(self, Scope::Pair | Scope::Agent)
    }

    /// The reading rule, the one place it is written: a scope lets a viewer
    /// in when, on each axis it is bound to ([`Self::one_user`],
    /// [`Self::one_agent`]), the viewer is the card's owner. An axis the
    /// scope is not bound to asks nothing, so its match is ignored.
    ///
    /// Everything else that decides reading derives from this: the
    /// [`Access`](crate::policy::Access) values, an evaluation's `allowed`,
    /// and its `views`, which walk the same two axes as rows and columns.
    pub fn admits(self, user_matches: bool, agent_matches: bool) -> bool {
        (!self.one_user() || user_matches) && (!self.one_agent() || agent_matches)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the content is: personal (`protected`) or safe to reuse (`reusable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stream {
    Protected,
    Reusable,
}

impl Stream {
    pub const ALL: [Stream; 2] = [Stream::Protected, Stream::Reusable];

    pub fn parse(text: &str) -> Option<Stream> {
        Stream::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Stream::Protected => "protected",
            Stream::Reusable => "reusable",
        }
    }
}

impl fmt::Display for Stream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The fields of a card, in the order they are checked and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    Id,
    Scope,
    OwnerUser,
    OwnerAgent,
    Stream,
    ShareApproved,
    Situation,
    Lesson,
    Source,
}

impl Field {
    pub const ALL: [Field; 9] = [
        Field::Id,
        Field::Scope,
        Field::OwnerUser,
        Field::OwnerAgent,
        Field::Stream,
        Field::ShareApproved,
        Field::Situation,
        Field::Lesson,
        Field::Source,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::Scope => "scope",
            Field::OwnerUser => "owner_user",
            Field::OwnerAgent => "owner_agent",
            Field::Stream => "stream",
            Field::ShareApproved => "share_approved",
            Field::Situation => "situation",
            Field::Lesson => "lesson",
            Field::Source => "source",
        }
    }

    fn from_key(key: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.as_str() == key)
    }

    /// The JSON type this field must have.
    pub fn expected(self) -> JsonKind {
        match self {
            Field::ShareApproved => JsonKind::Boolean,
            _ => JsonKind::String,
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The type of a JSON value, for "wrong type" messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JsonKind {
    Null,
    Boolean,
    Number,
    String,
    Array,
    Object,
}

impl JsonKind {
    pub fn of(value: &Value) -> JsonKind {
        match value {
            Value::Null => JsonKind::Null,
            Value::Bool(_) => JsonKind::Boolean,
            Value::Number(_) => JsonKind::Number,
            Value::String(_) => JsonKind::String,
            Value::Array(_) => JsonKind::Array,
            Value::Object(_) => JsonKind::Object,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            JsonKind::Null => "null",
            JsonKind::Boolean => "boolean",
            JsonKind::Number => "number",
            JsonKind::String => "string",
            JsonKind::Array => "array",
            JsonKind::Object => "object",
        }
    }
}

/// A field whose JSON value had the wrong type. The value is kept verbatim so
/// that exporting the workspace gives back exactly what was imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    pub field: Field,
    pub value: Value,
}

/// One memory card, exactly as written: nothing here is trusted yet.
///
/// Text fields hold the raw spelling (an unknown scope such as `global` is
/// kept as typed); a missing or `null` field reads as the empty string, and
/// a missing `share_approved` as `false`, as in the seed program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub scope: String,
    pub owner_user: String,
    pub owner_agent: String,
    pub stream: String,
    pub share_approved: bool,
    pub situation: String,
    pub lesson: String,
    pub source: String,
    /// Fields of the wrong JSON type, in field order. A card with any is rejected.
    pub malformed: Vec<Malformed>,
    /// Set when the card was not a JSON object at all; it keeps the raw value.
    pub not_an_object: Option<Value>,
}

impl Card {
    /// Text of one field, for editors and messages.
    pub fn text(&self, field: Field) -> &str {
        match field {
            Field::Id => &self.id,
            Field::Scope => &self.scope,
            Field::OwnerUser => &self.owner_user,
            Field::OwnerAgent => &self.owner_agent,
            Field::Stream => &self.stream,
            Field::ShareApproved => {
                if self.share_approved {
                    "true"
                } else {
                    "false"
                }
            }
            Field::Situation => &self.situation,
            Field::Lesson => &self.lesson,
            Field::Source => &self.source,
        }
    }

    /// Sets a text field (not `share_approved`) and forgets any wrong-type
    /// value it had: the learner has now given it a proper value.
    pub fn set_text(&mut self, field: Field, value: String) {
        let slot = match field {
            Field::Id => &mut self.id,
            Field::Scope => &mut self.scope,
            Field::OwnerUser => &mut self.owner_user,
            Field::OwnerAgent => &mut self.owner_agent,
            Field::Stream => &mut self.stream,
            Field::ShareApproved => {
                self.set_share_approved(value == "true");
                return;
            }
            Field::Situation => &mut self.situation,
            Field::Lesson => &mut self.lesson,
            Field::Source => &mut self.source,
        };
        *slot = value;
        self.malformed.retain(|m| m.field != field);
    }

    pub fn set_share_approved(&mut self, approved: bool) {
        self.share_approved = approved;
        self.malformed.retain(|m| m.field != Field::ShareApproved);
    }

    /// The wrong-type value of a field, if it had one.
    pub fn malformed(&self, field: Field) -> Option<&Malformed> {
        self.malformed.iter().find(|m| m.field == field)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(raw) = &self.not_an_object {
            return raw.serialize(serializer);
        }
        let mut map = serializer.serialize_map(Some(Field::ALL.len()))?;
        for field in Field::ALL {
            if let Some(bad) = self.malformed(field) {
                map.serialize_entry(field.as_str(), &bad.value)?;
            } else if field == Field::ShareApproved {
                map.serialize_entry(field.as_str(), &self.share_approved)?;
            } else {
                map.serialize_entry(field.as_str(), self.text(field))?;
            }
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        // Going through `Value` only for the card itself would cost a full
        // tree per card; instead read each known field as a `Value` (strings
        // stay strings) and skip unknown keys without building anything.
        struct CardVisitor;

        impl<'de> Visitor<'de> for CardVisitor {
            type Value = Card;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Card, A::Error> {
                let mut card = Card::default();
                while let Some(Key(field)) = map.next_key::<Key>()? {
                    let Some(field) = field else {
                        map.next_value::<IgnoredAny>()?;
                        continue;
                    };
                    let value: Value = map.next_value()?;
                    card.malformed.retain(|m| m.field != field);
                    match (field, value) {
                        // `null` reads as missing, as `e.get(...)` does in the seed.
                        (Field::ShareApproved, Value::Null) => card.share_approved = false,
                        (_, Value::Null) => card.set_text(field, String::new()),
                        (Field::ShareApproved, Value::Bool(b)) => card.share_approved = b,
                        (Field::ShareApproved, other) => {
                            card.share_approved = false;
                            card.malformed.push(Malformed { field, value: other });
                        }
                        (_, Value::String(s)) => card.set_text(field, s),
                        (_, other) => card.malformed.push(Malformed { field, value: other }),
                    }
                }
                card.malformed.sort_by_key(|m| m.field);
                Ok(card)
            }

            // Anything that is not an object is still kept, as a card that
            // will be rejected, so one stray value does not lose the file.
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Card, E> {
                Ok(Card::stray(Value::Bool(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Card, E> {
                Ok(Card::stray(Value::from(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Card, E> {
                Ok(Card::stray(Value::from(v)))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Card, E> {
                Ok(Card::stray(Value::from(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Card, E> {
                Ok(Card::stray(Value::from(v)))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Card, E> {
                Ok(Card::stray(Value::Null))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Card, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Value>()? {
                    items.push(item);
                }
                Ok(Card::stray(Value::Array(items)))
            }
        }

        deserializer.deserialize_any(CardVisitor)
    }
}

/// A card's key, read without copying it: the field it names, if any.
/// (A `Cow<str>` key would be copied into a `String` for every key of
/// every card, as serde only borrows a `Cow` under `#[serde(borrow)]`.)
struct Key(Option<Field>);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;

        impl Visitor<'_> for KeyVisitor {
            type Value = Key;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }

            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                Ok(Key(Field::from_key(key)))
            }
        }

        deserializer.deserialize_str(KeyVisitor)
    }
}

impl Card {
    fn stray(value: Value) -> Card {
        Card { not_an_object: Some(value), ..Card::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading rule on every scope and every pair of axis matches: PAIR
    /// needs both, USER the user, AGENT the agent, GLOBAL nothing.
    #[test]
    fn admits_asks_only_the_axes_a_scope_is_bound_to() {
        for user_matches in [false, true] {
            for agent_matches in [false, true] {
                let expected = [
                    (Scope::Pair, user_matches && agent_matches),
                    (Scope::User, user_matches),
                    (Scope::Agent, agent_matches),
                    (Scope::Global, true),
                ];
                for (scope, admitted) in expected {
                    assert_eq!(scope.admits(user_matches, agent_matches), admitted, "{scope} {user_matches} {agent_matches}");
                }
            }
        }
    }
}
