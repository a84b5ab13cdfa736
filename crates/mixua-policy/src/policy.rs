//! The three gates of the seed: is the card well formed and safe to file
//! where it is (content and filing), and may this viewer read it (reading).
//! Every answer is a value that says which gate decided and why.

use serde::Serialize;

use serde_json::Value;

use crate::card::{Card, Field, JsonKind, LifeField, Scope, Stream};
pub use crate::viewer::{check_name, check_visible, NameError, Viewer};
use crate::effect::NotInEffect;
use crate::workspace::Groups;

/// Why a card is rejected outright, for every viewer (fail closed).
/// Checked in the seed program's order; the first failing gate is reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Rejection {
    /// The card is not a JSON object at all.
    NotAnObject { found: JsonKind },
    /// The card writes a key twice (`"scope": "PAIR", …, "scope":
    /// "GLOBAL"`): which value counts is ambiguous, so it counts for
    /// nobody. `field` is the first such key, as written.
    DuplicatedField { field: String },
    /// A field has the wrong JSON type, e.g. `"share_approved": "yes"`.
    WrongType { field: Field, expected: JsonKind, found: JsonKind },
    /// A life-over-time field is not well formed: an unknown status, kind or
    /// tier, a tick that is not a whole number 0 or more, a writer that is
    /// not `user/agent`, a `valid_to` not after `valid_from` ([`crate::card::Life::problem`]).
    BadLifeField { field: LifeField, value: Value },
    /// The scope is missing (empty) or not exactly one of PAIR, USER, AGENT, GLOBAL.
    UnknownScope { scope: String },
    MissingOwnerUser,
    MissingOwnerAgent,
    /// An owner's name holds a control character or an invisible or
    /// direction-changing one ([`check_visible`]): `ali\u{200B}ce` prints as
    /// `alice`, so the card would pass for hers.
    HiddenCharacter { field: Field, error: NameError },
    /// The stream is missing (empty) or not exactly `protected` or `reusable`.
    UnknownStream { stream: String },
    /// Personal content filed where other users would read it.
    ProtectedShared { scope: Scope },
    /// Reusable content filed for other users without the sharing approval.
    NotApproved { scope: Scope },
    /// A GROUP card names no group the workspace declares.
    UnknownGroup { group: String },
    /// A GROUP card whose owner is not a member of its group: nobody files
    /// into a team they are not in.
    OwnerOutsideGroup { group: String },
}

impl Rejection {
    /// A short stable code, for data attributes and reports.
    pub fn code(&self) -> &'static str {
        match self {
            Rejection::NotAnObject { .. } => "not_an_object",
            Rejection::DuplicatedField { .. } => "duplicated_field",
            Rejection::WrongType { .. } => "wrong_type",
            Rejection::BadLifeField { .. } => "bad_life_field",
            Rejection::UnknownScope { .. } => "unknown_scope",
            Rejection::MissingOwnerUser => "missing_owner_user",
            Rejection::MissingOwnerAgent => "missing_owner_agent",
            Rejection::HiddenCharacter { .. } => "hidden_character",
            Rejection::UnknownStream { .. } => "unknown_stream",
            Rejection::ProtectedShared { .. } => "protected_shared",
            Rejection::NotApproved { .. } => "not_approved",
            Rejection::UnknownGroup { .. } => "unknown_group",
            Rejection::OwnerOutsideGroup { .. } => "owner_outside_group",
        }
    }
}

/// A card that passed the content and filing gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Accepted {
    pub scope: Scope,
    pub stream: Stream,
}

/// How the content and filing gates see a card's filing (its scope, stream
/// and sharing approval): as its writer filed it, or refiled by the unsafe
/// pool. Only the filing is ever overridden; the owners and the types of
/// every other field are checked as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Filing {
    /// The scope, stream and approval as written.
    AsWritten,
    /// Every card refiled as approved, reusable GLOBAL: the unsafe pool.
    Pooled,
}

impl Filing {
    /// Does this filing replace the field? A replaced field's wrong-type
    /// value is gone with it, as when a learner types a proper value.
    pub fn overrides(self, field: Field) -> bool {
        self == Filing::Pooled && matches!(field, Field::Scope | Field::Stream | Field::ShareApproved)
    }
}

/// Content and filing gates: the seed's `valid()`, with a reason.
pub fn check(card: &Card) -> Result<Accepted, Rejection> {
    check_filed(card, Filing::AsWritten)
}

/// The content and filing gates for a card filed as `filing` says, in the
/// seed program's order. [`check`] is this with the card's own filing;
/// `check_filed(card, Filing::Pooled)` is `check(&pooled(card))` without
/// the copy (see [`pooled`]).
pub fn check_filed(card: &Card, filing: Filing) -> Result<Accepted, Rejection> {
    check_filed_in(card, filing, None)
}

/// [`check_filed`] in a workspace that declares `groups` (`Some`): there a
/// card may also be filed as GROUP, for one declared group its owner is a
/// member of. Without groups, GROUP is an unknown scope, as it always was.
pub fn check_filed_in(card: &Card, filing: Filing, groups: Option<&Groups>) -> Result<Accepted, Rejection> {
    if let Some(raw) = &card.not_an_object {
        return Err(Rejection::NotAnObject { found: JsonKind::of(raw) });
    }
    // A key written twice is ambiguous, unless the filing replaces that
    // field anyway (the unsafe pool's scope, stream and approval).
    let overridden = |key: &str| Field::ALL.into_iter().any(|f| f.as_str() == key && filing.overrides(f));
    if let Some((key, _)) = card.life().and_then(|life| life.duplicated.iter().find(|(key, _)| !overridden(key))) {
        return Err(Rejection::DuplicatedField { field: key.clone() });
    }
    if let Some(bad) = card.malformed.iter().find(|m| !filing.overrides(m.field)) {
        return Err(Rejection::WrongType {
            field: bad.field,
            expected: bad.field.expected(),
            found: JsonKind::of(&bad.value),
        });
    }
    if let Some(life) = card.life().filter(|life| !life.readable()) {
        let (field, value) = life.problem().expect("an unreadable life has a problem");
        return Err(Rejection::BadLifeField { field, value });
    }
    let (scope, stream, share_approved) = match filing {
        Filing::AsWritten => (card.scope.as_str(), card.stream.as_str(), card.share_approved),
        Filing::Pooled => (Scope::Global.as_str(), Stream::Reusable.as_str(), true),
    };
    let Some(scope) = Scope::parse_with_groups(scope, groups.is_some()) else {
        return Err(Rejection::UnknownScope { scope: card.scope.clone() });
    };
    if card.owner_user.is_empty() {
        return Err(Rejection::MissingOwnerUser);
    }
    if card.owner_agent.is_empty() {
        return Err(Rejection::MissingOwnerAgent);
    }
    for (field, name) in [(Field::OwnerUser, &card.owner_user), (Field::OwnerAgent, &card.owner_agent)] {
        if let Err(error) = check_visible(name) {
            return Err(Rejection::HiddenCharacter { field, error });
        }
    }
    let Some(stream) = Stream::parse(stream) else {
        return Err(Rejection::UnknownStream { stream: card.stream.clone() });
    };
    if scope == Scope::Group {
        let group = card.life().and_then(|life| life.group.as_deref()).unwrap_or("");
        let Some(members) = groups.and_then(|groups| groups.members(group)) else {
            return Err(Rejection::UnknownGroup { group: group.to_string() });
        };
        if !members.contains(&card.owner_user) {
            return Err(Rejection::OwnerOutsideGroup { group: group.to_string() });
        }
    }
    if scope.crosses_users() {
        // Both must hold: the content is reusable, and a reviewer approved
        // sharing it. Protected content is reported first, as it can never
        // be approved into a shared scope.
        if stream == Stream::Protected {
            return Err(Rejection::ProtectedShared { scope });
        }
        if !share_approved {
            return Err(Rejection::NotApproved { scope });
        }
    }
    Ok(Accepted { scope, stream })
}

/// The stream the card's writer labelled it with, whatever its scope and
/// whether or not the gates accept it: what the content says it is. `None`
/// when the stream is missing, misspelled or of the wrong JSON type.
///
/// The scorecards judge content by this label (a protected card that the
/// unsafe pool hands to another user is still personal content), and so do
/// the lessons ("X is protected again").
pub fn labelled_stream(card: &Card) -> Option<Stream> {
    if card.malformed(Field::Stream).is_some() {
        return None;
    }
    Stream::parse(&card.stream)
}

/// The reading gate's answer for one card and one viewer, with the rule that
/// decided it and which owner matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Access {
    /// The card never reaches anyone.
    Rejected { rejection: Rejection },
    /// The card is accepted, but the policy shares no card filed under this
    /// scope: the global-only baseline shares only GLOBAL cards.
    NotShared { scope: Scope },
    /// PAIR: readable when both the user and the agent match.
    Pair { user_matches: bool, agent_matches: bool },
    /// USER: readable when the user matches, with any agent.
    User { user_matches: bool },
    /// AGENT: readable when the agent matches, for any user.
    Agent { agent_matches: bool },
    /// GLOBAL: readable by everyone.
    Global,
    /// GROUP: readable by the group's members, with any agent.
    Group { group: String, member: bool },
    /// The card is not in effect at the workspace's clock (a candidate, revoked,
    /// deleted, superseded, expired, …): it reaches nobody for now.
    NotInEffect { why: NotInEffect },
}

impl Access {
    /// The scope rule that decided and the viewer's matches on its axes
    /// (`true` on an axis the scope is not bound to: it asks nothing
    /// there). `None` when no scope rule was asked.
    fn reading(&self) -> Option<(Scope, bool, bool)> {
        match *self {
            Access::Rejected { .. } | Access::NotShared { .. } | Access::NotInEffect { .. } => None,
            Access::Pair { user_matches, agent_matches } => Some((Scope::Pair, user_matches, agent_matches)),
            Access::User { user_matches } => Some((Scope::User, user_matches, true)),
            Access::Agent { agent_matches } => Some((Scope::Agent, true, agent_matches)),
            Access::Global => Some((Scope::Global, true, true)),
            Access::Group { member, .. } => Some((Scope::Group, member, true)),
        }
    }

    /// The answer, by [`Scope::admits`], the one reading rule.
    pub fn allowed(&self) -> bool {
        self.reading().is_some_and(|(scope, user_matches, agent_matches)| scope.admits(user_matches, agent_matches))
    }

    /// A short stable code: the rule and the outcome, e.g. `pair_other_agent`.
    pub fn code(&self) -> &'static str {
        match *self {
            Access::Rejected { .. } => "rejected",
            Access::NotShared { .. } => "not_shared",
            Access::Pair { user_matches: true, agent_matches: true } => "pair_owner",
            Access::Pair { user_matches: false, agent_matches: true } => "pair_other_user",
            Access::Pair { user_matches: true, agent_matches: false } => "pair_other_agent",
            Access::Pair { user_matches: false, agent_matches: false } => "pair_other_user_and_agent",
            Access::User { user_matches: true } => "user_owner",
            Access::User { user_matches: false } => "user_other_user",
            Access::Agent { agent_matches: true } => "agent_owner",
            Access::Agent { agent_matches: false } => "agent_other_agent",
            Access::Global => "global",
            Access::Group { member: true, .. } => "group_member",
            Access::Group { member: false, .. } => "group_other_user",
            Access::NotInEffect { .. } => "not_in_effect",
        }
    }
}

/// Is the viewer the card's owner, axis by axis (user, agent)? Only the
/// owners are read, and no policy changes them.
fn owner_matches(card: &Card, viewer: Viewer<'_>) -> (bool, bool) {
    (card.owner_user == viewer.user, card.owner_agent == viewer.agent)
}

/// The reading gate for an accepted card: the seed's `allowed()`, with the
/// rule and the matches that decided it.
pub fn scope_rule(card: &Card, scope: Scope, viewer: Viewer<'_>) -> Access {
    scope_rule_in(card, scope, viewer, None)
}

/// The group a GROUP card is for, as written.
fn group_of(card: &Card) -> &str {
    card.life().and_then(|life| life.group.as_deref()).unwrap_or("")
}

/// Is the viewer a member of the card's group? Nobody is, without groups.
fn member_of(card: &Card, viewer: Viewer<'_>, groups: Option<&Groups>) -> bool {
    groups.and_then(|groups| groups.members(group_of(card))).is_some_and(|members| members.iter().any(|m| m == viewer.user))
}

/// [`scope_rule`] in a workspace that may declare groups: for a GROUP card,
/// "the user matches" means "the user is a member".
pub fn scope_rule_in(card: &Card, scope: Scope, viewer: Viewer<'_>, groups: Option<&Groups>) -> Access {
    let (user_matches, agent_matches) = owner_matches(card, viewer);
    match scope {
        Scope::Pair => Access::Pair { user_matches, agent_matches },
        Scope::User => Access::User { user_matches },
        Scope::Agent => Access::Agent { agent_matches },
        Scope::Global => Access::Global,
        Scope::Group => Access::Group { group: group_of(card).to_string(), member: member_of(card, viewer, groups) },
    }
}

/// What a policy does with one card, settled once before any viewer is
/// asked ([`crate::Policy::gate`]): the policy's whole effect on the card.
/// What is left is the reading rule of the scope, per viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "gate", rename_all = "snake_case")]
pub enum Gate {
    /// The content and filing gates reject it: it reaches nobody.
    Rejected { rejection: Rejection },
    /// Accepted, but the policy shares no card filed so: it reaches nobody.
    NotShared { accepted: Accepted },
    /// Accepted and shared: the scope's reading rule decides per viewer.
    Open { accepted: Accepted },
    /// Not in effect at the clock (the timeline's answer, asked before the
    /// content and filing gates): it reaches nobody. `checked` is what
    /// the content and filing gates say of the card all the same.
    NotInEffect { why: NotInEffect, checked: Result<Accepted, Rejection> },
}

impl Gate {
    /// The content and filing gates' own answer, whatever the policy then
    /// does with an accepted card.
    pub fn checked(&self) -> Result<Accepted, Rejection> {
        match self {
            Gate::Rejected { rejection } => Err(rejection.clone()),
            Gate::NotShared { accepted } | Gate::Open { accepted } => Ok(*accepted),
            Gate::NotInEffect { checked, .. } => checked.clone(),
        }
    }

    /// The scope whose reading rule decides, when the card is open at all.
    pub fn open_scope(&self) -> Option<Scope> {
        match self {
            Gate::Open { accepted } => Some(accepted.scope),
            Gate::Rejected { .. } | Gate::NotShared { .. } | Gate::NotInEffect { .. } => None,
        }
    }

    /// The reading decision for one viewer, with its rule.
    pub fn access(&self, card: &Card, viewer: Viewer<'_>) -> Access {
        self.access_in(card, viewer, None)
    }

    /// [`Self::access`] in a workspace that may declare groups.
    pub fn access_in(&self, card: &Card, viewer: Viewer<'_>, groups: Option<&Groups>) -> Access {
        match self {
            Gate::Rejected { rejection } => Access::Rejected { rejection: rejection.clone() },
            Gate::NotShared { accepted } => Access::NotShared { scope: accepted.scope },
            Gate::Open { accepted } => scope_rule_in(card, accepted.scope, viewer, groups),
            Gate::NotInEffect { why, .. } => Access::NotInEffect { why: why.clone() },
        }
    }

    /// `self.access(card, viewer).allowed()`, without building the answer.
    pub fn allowed(&self, card: &Card, viewer: Viewer<'_>) -> bool {
        self.allowed_in(card, viewer, None)
    }

    /// [`Self::allowed`] in a workspace that may declare groups.
    pub fn allowed_in(&self, card: &Card, viewer: Viewer<'_>, groups: Option<&Groups>) -> bool {
        self.open_scope().is_some_and(|scope| {
            let (user_matches, agent_matches) = if scope == Scope::Group {
                (member_of(card, viewer, groups), true)
            } else {
                owner_matches(card, viewer)
            };
            scope.admits(user_matches, agent_matches)
        })
    }
}

/// All three gates for one card and one viewer, under the four-scope policy.
pub fn access(card: &Card, viewer: Viewer<'_>) -> Access {
    Policy::FourScope.gate(card).access(card, viewer)
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

    /// Does what the reader is handed hold this text? The canary scan
    /// looks here, and only here, as nothing else reaches a reader.
    pub fn contains(&self, text: &str) -> bool {
        self.id.contains(text) || self.lesson.contains(text)
    }
}

/// Retrieval: authorize first, then search among what the viewer may read.
/// Keeps card order.
pub fn search<'a>(cards: &'a [std::rc::Rc<Card>], viewer: Viewer<'_>, query: &str) -> Vec<Hit<'a>> {
    cards
        .iter()
        .filter(|card| Policy::FourScope.gate(card).allowed(card, viewer))
        .filter(|card| matches_query(card, query))
        .map(|card| Hit::of(card))
        .collect()
}

/// The three ways of sharing memory that the seed compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// The MixUA policy: four scopes, fail-closed checks.
    FourScope,
    /// The safe baseline: only valid GLOBAL cards are shared; nothing personal.
    GlobalOnly,
    /// The deliberately unsafe anti-example: every card pooled as approved GLOBAL.
    UnsafePool,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::FourScope, Policy::GlobalOnly, Policy::UnsafePool];

    /// How the policy files cards before the gates look at them.
    pub fn filing(self) -> Filing {
        match self {
            Policy::UnsafePool => Filing::Pooled,
            Policy::FourScope | Policy::GlobalOnly => Filing::AsWritten,
        }
    }

    /// Does the policy share accepted cards filed under this scope at all?
    pub fn shares(self, scope: Scope) -> bool {
        match self {
            Policy::GlobalOnly => scope == Scope::Global,
            Policy::FourScope | Policy::UnsafePool => true,
        }
    }

    /// The policy's whole effect on one card, the one place it is applied:
    /// its filing ([`Self::filing`]), the content and filing gates, and
    /// which accepted cards it shares ([`Self::shares`]). Reading decisions,
    /// explanations and views all start from this.
    pub fn gate(self, card: &Card) -> Gate {
        self.gate_in(card, None)
    }

    /// [`Self::gate`] in a workspace that may declare groups
    /// ([`crate::check_filed_in`]).
    pub fn gate_in(self, card: &Card, groups: Option<&Groups>) -> Gate {
        match check_filed_in(card, self.filing(), groups) {
            Err(rejection) => Gate::Rejected { rejection },
            Ok(accepted) if !self.shares(accepted.scope) => Gate::NotShared { accepted },
            Ok(accepted) => Gate::Open { accepted },
        }
    }

    /// The policy's gate for a card whose in-effect answer is known: a card
    /// not in effect reaches nobody, whatever the policy; the content and
    /// filing gates still say what they make of it.
    pub fn gate_at(self, card: &Card, groups: Option<&Groups>, not_in_effect: Option<&NotInEffect>) -> Gate {
        match not_in_effect {
            None => self.gate_in(card, groups),
            Some(why) => Gate::NotInEffect { why: why.clone(), checked: check_filed_in(card, self.filing(), groups) },
        }
    }
}

/// A card as the unsafe pool files it: GLOBAL, reusable, approved. Owner and
/// type checks still apply, so only the filing is overridden.
/// `check(&pooled(card)) == check_filed(card, Filing::Pooled)`.
pub fn pooled(card: &Card) -> Card {
    let mut card = card.clone();
    card.set_text(Field::Scope, Scope::Global.as_str().into());
    card.set_text(Field::Stream, Stream::Reusable.as_str().into());
    card.set_share_approved(true);
    card
}

/// Whose personal content a card is: its owner user, when it is labelled
/// protected ([`labelled_stream`]), whatever scope it is filed under.
pub fn personal(card: &Card) -> Option<&str> {
    (labelled_stream(card) == Some(Stream::Protected)).then_some(card.owner_user.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pooled;
    use crate::seed::seed_workspace;

    fn seed_card(id: &str) -> Card {
        seed_workspace().cards.into_iter().find(|c| c.id == id).map(|c| (*c).clone()).unwrap()
    }

    fn card(json: serde_json::Value) -> Card {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn check_name_refuses_what_would_break_a_viewer_key() {
        assert_eq!(check_name("alice"), Ok(()));
        assert_eq!(check_name("王小明"), Ok(()));
        assert_eq!(check_name("writer v1"), Ok(()), "inner spaces are fine");
        assert_eq!(check_name(""), Err(NameError::Empty));
        assert_eq!(check_name("a/b"), Err(NameError::Slash));
        assert_eq!(check_name("/"), Err(NameError::Slash));
        assert_eq!(check_name("alice "), Err(NameError::SurroundingSpace));
        assert_eq!(check_name(" alice"), Err(NameError::SurroundingSpace));
        assert_eq!(check_name("\u{3000}alice"), Err(NameError::SurroundingSpace), "an ideographic space too");
        assert_eq!(check_name("   "), Err(NameError::SurroundingSpace));
        assert_eq!(check_name("a\tb"), Err(NameError::ControlCharacter { code: 9 }));
        assert_eq!(check_name("a\u{7f}"), Err(NameError::ControlCharacter { code: 0x7f }));
        assert_eq!(check_name("ali\u{200b}ce"), Err(NameError::InvisibleCharacter { code: 0x200b }));
        assert_eq!(check_name("bob\u{202e}"), Err(NameError::InvisibleCharacter { code: 0x202e }));
    }

    #[test]
    fn name_errors_have_stable_codes() {
        let codes: Vec<&str> =
            [
                NameError::Empty,
                NameError::Slash,
                NameError::SurroundingSpace,
                NameError::ControlCharacter { code: 0 },
                NameError::InvisibleCharacter { code: 0x200b },
            ]
            .iter()
            .map(NameError::code)
            .collect();
        assert_eq!(
            codes,
            ["name_empty", "name_has_slash", "name_surrounding_space", "name_control_character", "name_invisible_character"]
        );
        let json = serde_json::to_value(NameError::ControlCharacter { code: 10 }).unwrap();
        assert_eq!(json, serde_json::json!({"reason": "control_character", "code": 10}));
    }

    #[test]
    fn check_filed_pooled_is_check_of_the_pooled_copy() {
        let cards = [
            seed_card("P"),
            seed_card("X"),
            seed_card("Y"),
            card(serde_json::json!({"id": "Z", "scope": 5, "stream": ["x"], "share_approved": "yes", "owner_user": "a", "owner_agent": "w"})),
            card(serde_json::json!({"id": "Z", "scope": "junk", "owner_user": 5, "owner_agent": "w"})),
            card(serde_json::json!({"id": "Z", "scope": "PAIR", "owner_agent": "w"})),
            card(serde_json::json!({"id": "Z", "owner_user": "a"})),
            card(serde_json::json!({"id": "Z", "lesson": {"x": 1}, "scope": 5, "owner_user": "a", "owner_agent": "w"})),
            card(serde_json::json!(7)),
        ];
        for c in &cards {
            assert_eq!(check_filed(c, Filing::Pooled), check(&pooled(c)), "{c:?}");
            assert_eq!(check_filed(c, Filing::AsWritten), check(c), "{c:?}");
        }
        // The pool overrides the filing, and nothing else.
        assert_eq!(check_filed(&cards[3], Filing::Pooled), Ok(Accepted { scope: Scope::Global, stream: Stream::Reusable }));
        assert!(matches!(check_filed(&cards[4], Filing::Pooled), Err(Rejection::WrongType { field: Field::OwnerUser, .. })));
        assert_eq!(check_filed(&cards[5], Filing::Pooled), Err(Rejection::MissingOwnerUser));
        assert!(Filing::Pooled.overrides(Field::ShareApproved) && !Filing::Pooled.overrides(Field::OwnerUser));
        assert!(!Filing::AsWritten.overrides(Field::Scope));
    }

    #[test]
    fn labelled_stream_reads_the_label_as_written() {
        assert_eq!(labelled_stream(&seed_card("X")), Some(Stream::Protected), "even on a rejected card");
        assert_eq!(labelled_stream(&seed_card("G")), Some(Stream::Reusable));
        assert_eq!(labelled_stream(&card(serde_json::json!({"stream": "Protected"}))), None);
        assert_eq!(labelled_stream(&card(serde_json::json!({}))), None);
        assert_eq!(labelled_stream(&card(serde_json::json!({"stream": 5}))), None);
    }

    #[test]
    fn access_allowed_is_the_scope_rule_on_the_owner_matches() {
        let c = seed_card("P");
        for user in ["alice", "bob"] {
            for agent in ["writer-v1", "checker-v1"] {
                let viewer = Viewer::new(user, agent);
                for scope in Scope::ALL {
                    let access = scope_rule(&c, scope, viewer);
                    assert_eq!(access.allowed(), scope.admits(user == "alice", agent == "writer-v1"), "{scope} {}", viewer.key());
                }
            }
        }
        assert!(!Access::NotShared { scope: Scope::User }.allowed());
        assert_eq!(Access::NotShared { scope: Scope::User }.code(), "not_shared");
        assert!(!Access::Rejected { rejection: Rejection::MissingOwnerUser }.allowed());
    }

    #[test]
    fn a_gate_answers_access_and_allowed_alike() {
        let c = seed_card("U");
        let accepted = Accepted { scope: Scope::User, stream: Stream::Protected };
        let gates = [
            Gate::Open { accepted },
            Gate::NotShared { accepted },
            Gate::Rejected { rejection: Rejection::MissingOwnerAgent },
        ];
        for gate in &gates {
            for viewer in [Viewer::new("alice", "x"), Viewer::new("bob", "writer-v1")] {
                assert_eq!(gate.allowed(&c, viewer), gate.access(&c, viewer).allowed(), "{gate:?}");
            }
        }
        assert_eq!(gates[0].access(&c, Viewer::new("alice", "x")), Access::User { user_matches: true });
        assert_eq!(gates[1].access(&c, Viewer::new("alice", "x")), Access::NotShared { scope: Scope::User });
        assert_eq!(gates[1].checked(), Ok(accepted));
        assert_eq!(gates[2].checked(), Err(Rejection::MissingOwnerAgent));
        assert_eq!(gates.map(|g| g.open_scope()), [Some(Scope::User), None, None]);
    }

    #[test]
    fn a_hit_contains_what_its_id_or_lesson_holds() {
        let c = seed_card("U");
        let hit = Hit::of(&c);
        assert!(hit.contains("FAKE-ALICE-731") && hit.contains("U"));
        assert!(!hit.contains("synthetic-task-1"), "the source is never handed over");
    }
}
