//! The three gates of the seed: is the card well formed and safe to file
//! where it is (content and filing), and may this viewer read it (reading).
//! Every answer is a value that says which gate decided and why.

use serde::Serialize;

use crate::card::{Card, Field, JsonKind, Scope, Stream};

/// Why a card is rejected outright, for every viewer (fail closed).
/// Checked in the seed program's order; the first failing gate is reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Rejection {
    /// The card is not a JSON object at all.
    NotAnObject { found: JsonKind },
    /// A field has the wrong JSON type, e.g. `"share_approved": "yes"`.
    WrongType { field: Field, expected: JsonKind, found: JsonKind },
    /// The scope is missing (empty) or not exactly one of PAIR, USER, AGENT, GLOBAL.
    UnknownScope { scope: String },
    MissingOwnerUser,
    MissingOwnerAgent,
    /// The stream is missing (empty) or not exactly `protected` or `reusable`.
    UnknownStream { stream: String },
    /// Personal content filed where other users would read it.
    ProtectedShared { scope: Scope },
    /// Reusable content filed for other users without the sharing approval.
    NotApproved { scope: Scope },
}

impl Rejection {
    /// A short stable code, for data attributes and reports.
    pub fn code(&self) -> &'static str {
        match self {
            Rejection::NotAnObject { .. } => "not_an_object",
            Rejection::WrongType { .. } => "wrong_type",
            Rejection::UnknownScope { .. } => "unknown_scope",
            Rejection::MissingOwnerUser => "missing_owner_user",
            Rejection::MissingOwnerAgent => "missing_owner_agent",
            Rejection::UnknownStream { .. } => "unknown_stream",
            Rejection::ProtectedShared { .. } => "protected_shared",
            Rejection::NotApproved { .. } => "not_approved",
        }
    }
}

/// A card that passed the content and filing gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Accepted {
    pub scope: Scope,
    pub stream: Stream,
}

/// Content and filing gates: the seed's `valid()`, with a reason.
pub fn check(card: &Card) -> Result<Accepted, Rejection> {
    if let Some(raw) = &card.not_an_object {
        return Err(Rejection::NotAnObject { found: JsonKind::of(raw) });
    }
    if let Some(bad) = card.malformed.first() {
        return Err(Rejection::WrongType {
            field: bad.field,
            expected: bad.field.expected(),
            found: JsonKind::of(&bad.value),
        });
    }
    let Some(scope) = Scope::parse(&card.scope) else {
        return Err(Rejection::UnknownScope { scope: card.scope.clone() });
    };
    if card.owner_user.is_empty() {
        return Err(Rejection::MissingOwnerUser);
    }
    if card.owner_agent.is_empty() {
        return Err(Rejection::MissingOwnerAgent);
    }
    let Some(stream) = Stream::parse(&card.stream) else {
        return Err(Rejection::UnknownStream { stream: card.stream.clone() });
    };
    if scope.crosses_users() {
        // Both must hold: the content is reusable, and a reviewer approved
        // sharing it. Protected content is reported first, as it can never
        // be approved into a shared scope.
        if stream == Stream::Protected {
            return Err(Rejection::ProtectedShared { scope });
        }
        if !card.share_approved {
            return Err(Rejection::NotApproved { scope });
        }
    }
    Ok(Accepted { scope, stream })
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

    /// The `user/agent` key used for views.
    pub fn key(&self) -> String {
        format!("{}/{}", self.user, self.agent)
    }
}

/// The reading gate's answer for one card and one viewer, with the rule that
/// decided it and which owner matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Access {
    /// The card never reaches anyone.
    Rejected { rejection: Rejection },
    /// PAIR: readable when both the user and the agent match.
    Pair { user_matches: bool, agent_matches: bool },
    /// USER: readable when the user matches, with any agent.
    User { user_matches: bool },
    /// AGENT: readable when the agent matches, for any user.
    Agent { agent_matches: bool },
    /// GLOBAL: readable by everyone.
    Global,
}

impl Access {
    pub fn allowed(&self) -> bool {
        match *self {
            Access::Rejected { .. } => false,
            Access::Pair { user_matches, agent_matches } => user_matches && agent_matches,
            Access::User { user_matches } => user_matches,
            Access::Agent { agent_matches } => agent_matches,
            Access::Global => true,
        }
    }

    /// A short stable code: the rule and the outcome, e.g. `pair_other_agent`.
    pub fn code(&self) -> &'static str {
        match *self {
            Access::Rejected { .. } => "rejected",
            Access::Pair { user_matches: true, agent_matches: true } => "pair_owner",
            Access::Pair { user_matches: false, agent_matches: true } => "pair_other_user",
            Access::Pair { user_matches: true, agent_matches: false } => "pair_other_agent",
            Access::Pair { user_matches: false, agent_matches: false } => "pair_other_user_and_agent",
            Access::User { user_matches: true } => "user_owner",
            Access::User { user_matches: false } => "user_other_user",
            Access::Agent { agent_matches: true } => "agent_owner",
            Access::Agent { agent_matches: false } => "agent_other_agent",
            Access::Global => "global",
        }
    }
}

/// The reading gate for an accepted card: the seed's `allowed()`.
pub fn scope_rule(card: &Card, scope: Scope, viewer: Viewer<'_>) -> Access {
    let user_matches = card.owner_user == viewer.user;
    let agent_matches = card.owner_agent == viewer.agent;
    match scope {
        Scope::Pair => Access::Pair { user_matches, agent_matches },
        Scope::User => Access::User { user_matches },
        Scope::Agent => Access::Agent { agent_matches },
        Scope::Global => Access::Global,
    }
}

/// All three gates for one card and one viewer.
pub fn access(card: &Card, viewer: Viewer<'_>) -> Access {
    match check(card) {
        Err(rejection) => Access::Rejected { rejection },
        Ok(accepted) => scope_rule(card, accepted.scope, viewer),
    }
}

/// Does the query occur in the card's situation or lesson? The empty query
/// matches every card. Exact, case-sensitive substring, as in the seed.
pub fn matches_query(card: &Card, query: &str) -> bool {
    card.situation.contains(query) || card.lesson.contains(query)
}

/// What a reader gets back: the id and the lesson, never owner or source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hit<'a> {
    pub id: &'a str,
    pub lesson: &'a str,
}

impl<'a> Hit<'a> {
    pub fn of(card: &'a Card) -> Hit<'a> {
        Hit { id: &card.id, lesson: &card.lesson }
    }
}

/// Retrieval: authorize first, then search among what the viewer may read.
/// Keeps card order.
pub fn search<'a>(cards: &'a [Card], viewer: Viewer<'_>, query: &str) -> Vec<Hit<'a>> {
    cards
        .iter()
        .filter(|card| access(card, viewer).allowed())
        .filter(|card| matches_query(card, query))
        .map(Hit::of)
        .collect()
}
