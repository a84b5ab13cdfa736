//! Cards as learners write them: untrusted text, parsed leniently so that one
//! malformed card is kept (and later rejected with a reason) instead of
//! sinking the whole workspace.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
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
    /// The members of one declared group, with any agent. It exists only
    /// where a workspace declares `groups` ([`crate::Workspace::groups`]);
    /// anywhere else `GROUP` is an unknown scope, as it always was, so an
    /// older reader fails closed instead of sharing a team's card with
    /// everyone.
    Group,
}

impl Scope {
    /// The four scopes of the two-axis chart. [`Scope::Group`] is not one
    /// of them: it is read only where a workspace declares groups.
    pub const ALL: [Scope; 4] = [Scope::Pair, Scope::User, Scope::Agent, Scope::Global];

    /// Parses the exact, case-sensitive spelling used in card files: one of
    /// the four scopes of [`Self::ALL`]. `GROUP` is parsed only by
    /// [`Self::parse_with_groups`].
    pub fn parse(text: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// [`Self::parse`], and `GROUP` too when the workspace declares groups.
    pub fn parse_with_groups(text: &str, groups_declared: bool) -> Option<Scope> {
        match Scope::parse(text) {
            None if groups_declared && text == Scope::Group.as_str() => Some(Scope::Group),
            parsed => parsed,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Pair => "PAIR",
            Scope::User => "USER",
            Scope::Agent => "AGENT",
            Scope::Global => "GLOBAL",
            Scope::Group => "GROUP",
        }
    }

    /// AGENT, GLOBAL and GROUP cards cross from one user to others.
    pub fn crosses_users(self) -> bool {
        matches!(self, Scope::Agent | Scope::Global | Scope::Group)
    }

    /// True when the scope is bound on the row axis of the chart: PAIR and
    /// USER to the owner user, GROUP to the group's members. For GROUP, "the
    /// user matches" in [`Self::admits`] means "the user is a member".
    pub fn one_user(self) -> bool {
        matches!(self, Scope::Pair | Scope::User | Scope::Group)
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
    /// `Access` values, an evaluation's `allowed`,
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
    /// Whether a change of this field can change who reads the card: its
    /// scope, owners, stream or approval. In a workspace with memory over
    /// time ([`Workspace::uses_time`](crate::Workspace::uses_time)) only
    /// the write path changes these, each an act with an actor, a reason
    /// and an event; a plain edit of them there is refused.
    pub fn decides_readers(self) -> bool {
        matches!(self, Field::Scope | Field::OwnerUser | Field::OwnerAgent | Field::Stream | Field::ShareApproved)
    }

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

/// Where a card stands in its life: written, reviewed, retired. A card
/// without a `status` is accepted, as every card of the seed is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Proposed by a writer, waiting for review; it reaches nobody yet.
    Candidate,
    /// Published (or written before there was a review): in effect unless
    /// its time says otherwise.
    Accepted,
    /// Refused by its reviewer; it never took effect.
    Rejected,
    /// Withdrawn after it took effect.
    Revoked,
    /// Deleted: only its id is left (a tombstone).
    Deleted,
    /// Undone: the version it replaced takes effect again, and this one
    /// stays in the history, marked.
    RolledBack,
}

impl Status {
    pub const ALL: [Status; 6] =
        [Status::Candidate, Status::Accepted, Status::Rejected, Status::Revoked, Status::Deleted, Status::RolledBack];

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Candidate => "candidate",
            Status::Accepted => "accepted",
            Status::Rejected => "rejected",
            Status::Revoked => "revoked",
            Status::Deleted => "deleted",
            Status::RolledBack => "rolled_back",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a memory is for (seed 003's functional kinds). The kind decides how
/// long it is kept ([`crate::Workspace::retention`]); it never decides who
/// may read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The current task's scratch notes.
    Working,
    /// Something that happened, at a time.
    Episodic,
    /// A stable fact or preference.
    Semantic,
    /// A checked way of doing something.
    Procedural,
    /// The system's notes about itself.
    Meta,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Working, Kind::Episodic, Kind::Semantic, Kind::Procedural, Kind::Meta];

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Working => "working",
            Kind::Episodic => "episodic",
            Kind::Semantic => "semantic",
            Kind::Procedural => "procedural",
            Kind::Meta => "meta",
        }
    }

    /// The reason a retention sweep gives for expiring a card of this kind.
    pub fn ttl_reason(self) -> &'static str {
        match self {
            Kind::Working => "ttl:working",
            Kind::Episodic => "ttl:episodic",
            Kind::Semantic => "ttl:semantic",
            Kind::Procedural => "ttl:procedural",
            Kind::Meta => "ttl:meta",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a card is stored: what reading it costs. It never changes who may
/// read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Hot,
    Warm,
    Cold,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::Hot, Tier::Warm, Tier::Cold];

    pub fn parse(text: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Hot => "hot",
            Tier::Warm => "warm",
            Tier::Cold => "cold",
        }
    }
}

/// The optional fields of a card's life over time, in the order they are
/// written. None of them is needed: a card without any is an accepted card
/// that is always in effect, exactly as in the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LifeField {
    Status,
    WrittenBy,
    ApprovedBy,
    Supersedes,
    Group,
    Kind,
    Tier,
    ValidFrom,
    ValidTo,
    Hold,
}

/// What a life field holds in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LifeValue {
    /// A JSON string.
    Text,
    /// A tick: a whole JSON number, 0 or more.
    Tick,
    /// `true` or `false`.
    Flag,
}

impl LifeField {
    pub const ALL: [LifeField; 10] = [
        LifeField::Status,
        LifeField::WrittenBy,
        LifeField::ApprovedBy,
        LifeField::Supersedes,
        LifeField::Group,
        LifeField::Kind,
        LifeField::Tier,
        LifeField::ValidFrom,
        LifeField::ValidTo,
        LifeField::Hold,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LifeField::Status => "status",
            LifeField::WrittenBy => "written_by",
            LifeField::ApprovedBy => "approved_by",
            LifeField::Supersedes => "supersedes",
            LifeField::Group => "group",
            LifeField::Kind => "kind",
            LifeField::Tier => "tier",
            LifeField::ValidFrom => "valid_from",
            LifeField::ValidTo => "valid_to",
            LifeField::Hold => "hold",
        }
    }

    fn from_key(key: &str) -> Option<LifeField> {
        LifeField::ALL.into_iter().find(|f| f.as_str() == key)
    }

    pub fn value(self) -> LifeValue {
        match self {
            LifeField::ValidFrom | LifeField::ValidTo => LifeValue::Tick,
            LifeField::Hold => LifeValue::Flag,
            _ => LifeValue::Text,
        }
    }
}

impl fmt::Display for LifeField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A card's life over time, as written: every field optional, text fields
/// raw (an unknown kind is kept as typed, and rejected by
/// [`crate::check`]). It lives behind a `Box` on the card, so the many
/// cards that have none of it cost one pointer each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Life {
    /// candidate / accepted / rejected / revoked / deleted / rolled_back;
    /// absent means accepted.
    pub status: Option<String>,
    /// The viewer (`user/agent`) who proposed the card.
    pub written_by: Option<String>,
    /// The reviewer (or, for PAIR and USER cards, the owner) who published it.
    pub approved_by: Option<String>,
    /// The id of the version this card replaces.
    pub supersedes: Option<String>,
    /// The group a GROUP card is for.
    pub group: Option<String>,
    /// working / episodic / semantic / procedural / meta.
    pub kind: Option<String>,
    /// hot / warm / cold.
    pub tier: Option<String>,
    /// The first tick the card is in effect.
    pub valid_from: Option<u64>,
    /// The first tick it is no longer in effect.
    pub valid_to: Option<u64>,
    /// Held: never expired by a retention sweep (a safety rule, a legal hold).
    pub hold: Option<bool>,
    /// Life fields of the wrong JSON type (or a tick that is not a whole
    /// number 0 or more), kept verbatim. A card with any is rejected.
    pub malformed: Vec<(LifeField, Value)>,
    /// Keys no field of this build knows, kept verbatim so that exporting
    /// the card drops nothing.
    pub other: Vec<(String, Value)>,
    /// Keys the card writes more than once, each with a value written
    /// before the last (the card's field holds the last, as a lenient
    /// reader keeps it), in the order the card's keys are written back. Which one counts is ambiguous (`"scope": "PAIR"`
    /// then `"scope": "GLOBAL"`), so a card with any is rejected, and
    /// exporting writes them back, first, to keep it so.
    pub duplicated: Vec<(String, Value)>,
}

impl Life {
    /// Does it hold any life field at all (beyond unknown keys)? A card
    /// that holds none is timeless: accepted, always in effect.
    pub fn is_timeless(&self) -> bool {
        self.malformed.is_empty()
            && LifeField::ALL.into_iter().all(|field| self.text(field).is_none())
            && self.valid_from.is_none()
            && self.valid_to.is_none()
            && self.hold.is_none()
    }

    /// The text of a text field.
    pub fn text(&self, field: LifeField) -> Option<&str> {
        match field {
            LifeField::Status => self.status.as_deref(),
            LifeField::WrittenBy => self.written_by.as_deref(),
            LifeField::ApprovedBy => self.approved_by.as_deref(),
            LifeField::Supersedes => self.supersedes.as_deref(),
            LifeField::Group => self.group.as_deref(),
            LifeField::Kind => self.kind.as_deref(),
            LifeField::Tier => self.tier.as_deref(),
            LifeField::ValidFrom | LifeField::ValidTo | LifeField::Hold => None,
        }
    }

    fn text_slot(&mut self, field: LifeField) -> Option<&mut Option<String>> {
        match field {
            LifeField::Status => Some(&mut self.status),
            LifeField::WrittenBy => Some(&mut self.written_by),
            LifeField::ApprovedBy => Some(&mut self.approved_by),
            LifeField::Supersedes => Some(&mut self.supersedes),
            LifeField::Group => Some(&mut self.group),
            LifeField::Kind => Some(&mut self.kind),
            LifeField::Tier => Some(&mut self.tier),
            LifeField::ValidFrom | LifeField::ValidTo | LifeField::Hold => None,
        }
    }

    /// The value of a field as it is written in the file, if it is there.
    pub fn json(&self, field: LifeField) -> Option<Value> {
        if let Some((_, bad)) = self.malformed.iter().find(|(f, _)| *f == field) {
            return Some(bad.clone());
        }
        match field {
            LifeField::ValidFrom => self.valid_from.map(Value::from),
            LifeField::ValidTo => self.valid_to.map(Value::from),
            LifeField::Hold => self.hold.map(Value::from),
            _ => self.text(field).map(Value::from),
        }
    }

    /// Reads one field from its JSON value; `null` reads as absent. A value
    /// of the wrong type is kept in `malformed`.
    fn read(&mut self, field: LifeField, value: Value) {
        self.malformed.retain(|(f, _)| *f != field);
        match (field.value(), value) {
            (_, Value::Null) => self.clear(field),
            (LifeValue::Text, Value::String(s)) => {
                if let Some(slot) = self.text_slot(field) {
                    *slot = Some(s);
                }
            }
            (LifeValue::Tick, Value::Number(n)) if n.as_u64().is_some() => {
                let tick = n.as_u64();
                if field == LifeField::ValidFrom {
                    self.valid_from = tick;
                } else {
                    self.valid_to = tick;
                }
            }
            (LifeValue::Flag, Value::Bool(b)) => self.hold = Some(b),
            (_, other) => {
                self.clear(field);
                self.malformed.push((field, other));
                // By field, stably (a few entries).
                crate::order::sort_small_by(&mut self.malformed, |a, b| a.0 > b.0);
            }
        }
    }

    /// Removes a field, whatever it held.
    pub fn clear(&mut self, field: LifeField) {
        self.malformed.retain(|(f, _)| *f != field);
        match field {
            LifeField::ValidFrom => self.valid_from = None,
            LifeField::ValidTo => self.valid_to = None,
            LifeField::Hold => self.hold = None,
            _ => {
                if let Some(slot) = self.text_slot(field) {
                    *slot = None;
                }
            }
        }
    }

    /// The first field that is not well formed, in field order, with its
    /// value as written: a wrong JSON type, an unknown status, kind or tier,
    /// a writer that is not a `user/agent` key, an empty group or base, or
    /// a `valid_to` that does not come after `valid_from`.
    pub fn problem(&self) -> Option<(LifeField, Value)> {
        self.first_problem().map(|field| {
            let value = match self.malformed.iter().find(|(f, _)| *f == field) {
                Some((_, bad)) => bad.clone(),
                None => self.json(field).unwrap_or(Value::Null),
            };
            (field, value)
        })
    }

    /// Is every life field well formed ([`Self::problem`] finds none)?
    pub fn readable(&self) -> bool {
        self.first_problem().is_none()
    }

    /// The first field that is not well formed, without copying anything.
    fn first_problem(&self) -> Option<LifeField> {
        for field in LifeField::ALL {
            if self.malformed.iter().any(|(f, _)| *f == field) {
                return Some(field);
            }
            let known = match field {
                LifeField::Status => self.status.as_deref().is_none_or(|s| Status::parse(s).is_some()),
                LifeField::Kind => self.kind.as_deref().is_none_or(|k| Kind::parse(k).is_some()),
                LifeField::Tier => self.tier.as_deref().is_none_or(|t| Tier::parse(t).is_some()),
                LifeField::WrittenBy => {
                    self.written_by.as_deref().is_none_or(|w| crate::viewer::ViewerId::split_key(w).is_some())
                }
                LifeField::Supersedes | LifeField::Group => self.text(field).is_none_or(|t| !t.is_empty()),
                LifeField::ValidTo => match (self.valid_from, self.valid_to) {
                    (Some(from), Some(to)) => to > from,
                    _ => true,
                },
                LifeField::ApprovedBy | LifeField::ValidFrom | LifeField::Hold => true,
            };
            if !known {
                return Some(field);
            }
        }
        None
    }

    /// The status; absent (or unreadable, which [`crate::check`] rejects)
    /// reads as accepted.
    pub fn status(&self) -> Status {
        self.status.as_deref().and_then(Status::parse).unwrap_or(Status::Accepted)
    }

    pub fn kind(&self) -> Option<Kind> {
        self.kind.as_deref().and_then(Kind::parse)
    }

    pub fn tier(&self) -> Option<Tier> {
        self.tier.as_deref().and_then(Tier::parse)
    }

    pub fn held(&self) -> bool {
        self.hold == Some(true)
    }

    /// The writer, when written as a `user/agent` key.
    pub fn writer(&self) -> Option<crate::viewer::ViewerId> {
        self.written_by.as_deref().and_then(crate::viewer::ViewerId::parse_key)
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
    /// The card's life over time (status, writer, reviewer, versions, kind,
    /// tier, validity, hold) and any keys this build does not know; `None`
    /// for a card that has none, which then costs nothing more.
    pub life: Option<Box<Life>>,
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
        self.forget_duplicates(field);
    }

    pub fn set_share_approved(&mut self, approved: bool) {
        self.share_approved = approved;
        self.malformed.retain(|m| m.field != Field::ShareApproved);
        self.forget_duplicates(Field::ShareApproved);
    }

    /// The learner has now given the field one value: earlier ones written
    /// for it are no longer in doubt.
    fn forget_duplicates(&mut self, field: Field) {
        if let Some(life) = self.life.as_deref_mut() {
            life.duplicated.retain(|(key, _)| key != field.as_str());
        }
    }

    /// The first key the card writes more than once, if any.
    pub fn duplicated(&self) -> Option<&str> {
        self.life().and_then(|life| life.duplicated.first()).map(|(key, _)| key.as_str())
    }

    /// The value of a seed field as it stands in the file.
    fn json(&self, field: Field) -> Value {
        match self.malformed(field) {
            Some(bad) => bad.value.clone(),
            None if field == Field::ShareApproved => Value::Bool(self.share_approved),
            None => Value::from(self.text(field)),
        }
    }

    /// The wrong-type value of a field, if it had one.
    pub fn malformed(&self, field: Field) -> Option<&Malformed> {
        self.malformed.iter().find(|m| m.field == field)
    }

    /// The card's life fields, if it has any.
    pub fn life(&self) -> Option<&Life> {
        self.life.as_deref()
    }

    /// The card's life fields, made when it has none yet.
    pub fn life_mut(&mut self) -> &mut Life {
        self.life.get_or_insert_with(Box::default)
    }

    /// The card's status: absent means accepted.
    pub fn status(&self) -> Status {
        self.life().map_or(Status::Accepted, Life::status)
    }

    /// A deleted card's tombstone: its id, and that it was deleted. Every
    /// other field, text and unknown key is gone.
    pub fn tombstone(id: &str) -> Card {
        let mut card = Card { id: id.to_string(), ..Card::default() };
        card.life_mut().status = Some(Status::Deleted.as_str().to_string());
        card
    }

    /// Is this a deleted card's tombstone?
    pub fn is_tombstone(&self) -> bool {
        self.life().is_some_and(|life| life.status.as_deref() == Some(Status::Deleted.as_str()))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(raw) = &self.not_an_object {
            return raw.serialize(serializer);
        }
        let mut map = serializer.serialize_map(None)?;
        // Values written before the last for a key go first, so that the
        // file read back has the same keys twice and the card stays
        // rejected (a `serde_json::Value` keeps only the last of them).
        if let Some(life) = self.life().filter(|_| !self.is_tombstone()) {
            for (key, value) in &life.duplicated {
                map.serialize_entry(key, value)?;
            }
        }
        // A tombstone is written as what it is: an id, and that it was
        // deleted (every other field reads back as empty).
        let fields: &[Field] = if self.is_tombstone() { &[Field::Id] } else { &Field::ALL };
        for &field in fields {
            if let Some(bad) = self.malformed(field) {
                map.serialize_entry(field.as_str(), &bad.value)?;
            } else if field == Field::ShareApproved {
                map.serialize_entry(field.as_str(), &self.share_approved)?;
            } else {
                map.serialize_entry(field.as_str(), self.text(field))?;
            }
        }
        if let Some(life) = self.life() {
            for field in LifeField::ALL {
                if let Some(value) = life.json(field) {
                    map.serialize_entry(field.as_str(), &value)?;
                }
            }
            for (key, value) in &life.other {
                map.serialize_entry(key, value)?;
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
                // Which fields were read already (a bit each), and the
                // values of keys read again: set once the card is read,
                // since reading a field forgets its earlier value.
                let (mut fields_seen, mut life_seen) = (0u32, 0u32);
                let mut duplicated = Vec::new();
                while let Some(key) = map.next_key::<Key>()? {
                    let field = match key {
                        Key::Field(field) => field,
                        Key::Life(field) => {
                            let value: Value = map.next_value()?;
                            let life = card.life_mut();
                            if seen_before(&mut life_seen, field as u32) {
                                duplicated.push((field.as_str().to_string(), life.json(field).unwrap_or(Value::Null)));
                            }
                            life.read(field, value);
                            continue;
                        }
                        Key::Other(key) => {
                            let value: Value = map.next_value()?;
                            let other = &mut card.life_mut().other;
                            if let Some(at) = other.iter().position(|(k, _)| *k == key) {
                                duplicated.push(other.remove(at));
                            }
                            other.push((key, value));
                            continue;
                        }
                    };
                    if seen_before(&mut fields_seen, field as u32) {
                        duplicated.push((field.as_str().to_string(), card.json(field)));
                    }
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
                // By field, stably (a few entries).
                crate::order::sort_small_by(&mut card.malformed, |a, b| a.field > b.field);
                if !duplicated.is_empty() {
                    // In the order the card is written back (seed fields,
                    // life fields, other keys), so that the key a rejection
                    // names is the same after an export.
                    let life = card.life_mut();
                    let rank = |key: &str| match (Field::from_key(key), LifeField::from_key(key)) {
                        (Some(field), _) => field as usize,
                        (None, Some(field)) => Field::ALL.len() + field as usize,
                        (None, None) => {
                            Field::ALL.len() + LifeField::ALL.len() + life.other.iter().position(|(k, _)| k == key).unwrap_or(0)
                        }
                    };
                    crate::order::sort_small_by(&mut duplicated, |a: &(String, Value), b| rank(&a.0) > rank(&b.0));
                    life.duplicated = duplicated;
                }
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

/// A card's key, read without copying it when it names a field. (A
/// `Cow<str>` key would be copied into a `String` for every key of every
/// card, as serde only borrows a `Cow` under `#[serde(borrow)]`.) Only a key
/// no field knows is copied, to be kept.
enum Key {
    Field(Field),
    Life(LifeField),
    Other(String),
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;

        impl Visitor<'_> for KeyVisitor {
            type Value = Key;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }

            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                // The seed's fields first: nearly every key is one of them.
                if let Some(field) = Field::from_key(key) {
                    return Ok(Key::Field(field));
                }
                Ok(match LifeField::from_key(key) {
                    Some(field) => Key::Life(field),
                    None => Key::Other(key.to_string()),
                })
            }
        }

        deserializer.deserialize_str(KeyVisitor)
    }
}

/// Marks bit `at` as seen, and says whether it was already.
fn seen_before(seen: &mut u32, at: u32) -> bool {
    let before = *seen & 1 << at != 0;
    *seen |= 1 << at;
    before
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
