//! Assertions (issue 53): what the author of a work writes down that must
//! hold of it ("bob/checker-v1 reads A", "no canary reaches another user",
//! "at tick 3 carol can't read W"), kept with the work under the workspace
//! file's `assertions` key and checked on every edit, in the playground and
//! by `mixua check`.
//!
//! An assertion is one [`Check`] of the exercises' vocabulary, in the same
//! JSON, with an optional tick (`at`: the work as it was then,
//! [`as_of`]) and an optional `note` (the author's words for why it must
//! hold):
//!
//! ```json
//! {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "A"}}, "at": 3, "note": "…"}
//! ```
//!
//! A check's name alone (`"no_leak_anywhere"`) is that check, now.
//!
//! Only checks about the work are assertions: a check about what the
//! learner did (predicted, revealed, answered, saw once) is refused with
//! its reason. Each assertion is read on its own: one that can't be read is
//! set aside with an [`AssertionProblem`] and the others still run.
//!
//! A verdict is a value ([`Verdict`]): whether the check holds and, when it
//! does not, why, in the policy's own reasons ([`Because`]: the reading
//! rule that keeps a viewer out or lets them in, the rejection of a card,
//! the leak, why a card is not in the prompt). Their words are in
//! `assertion_words`.

use std::collections::BTreeSet;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use mixua_policy::card::JsonKind;
use mixua_policy::eval::{Evaluation, Leak};
use mixua_policy::lifecycle::as_of;
use mixua_policy::policy::{check, matches_query, Access, Policy, Rejection};
#[cfg(feature = "lesson3")]
use mixua_policy::prompt::{task_for, Assembler, DropReason};
use mixua_policy::viewer::{check_name, ViewerId};
use mixua_policy::workspace::Workspace;

use crate::exercise::{CardRef, Cells, Check, Evaluated, Facts, Learner};
pub use crate::leaks::Place;

/// A cell pattern (`bob/*`) or the object form (`{"users": ["bob"]}`).
impl<'de> Deserialize<'de> for Cells {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cells, D::Error> {
        #[derive(Deserialize)]
        struct Object {
            #[serde(default)]
            users: Vec<String>,
            #[serde(default)]
            agents: Vec<String>,
        }
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = Cells;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("cells: `user/agent` (`*` for every user or agent) or an object with `users` and `agents`")
            }
            fn visit_str<E: serde::de::Error>(self, pattern: &str) -> Result<Cells, E> {
                Cells::pattern(pattern).map_err(E::custom)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Cells, A::Error> {
                let Object { users, agents } = Object::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(Cells { users, agents })
            }
        }
        deserializer.deserialize_any(Either)
    }
}

impl Cells {
    /// The cells of a pattern `user/agent`, `*` standing for every user
    /// (or agent): `bob/*` is bob with every agent, `*/checker-v1` every
    /// user with checker-v1, `*/*` every cell.
    pub fn pattern(pattern: &str) -> Result<Cells, String> {
        let Some((user, agent)) = pattern.split_once('/') else {
            return Err(format!("the cells `{pattern}` are not written `user/agent` (`*` for every user or agent)"));
        };
        let side = |name: &str| -> Result<Vec<String>, String> {
            if name == "*" {
                return Ok(Vec::new());
            }
            check_name(name).map_err(|e| format!("the cells `{pattern}` name `{name}`, which can't be a name: {e}"))?;
            Ok(vec![name.to_string()])
        };
        Ok(Cells { users: side(user)?, agents: side(agent)? })
    }

    /// The pattern of these cells, when they are one user (or every user)
    /// with one agent (or every agent).
    pub fn as_pattern(&self) -> Option<String> {
        let side = |names: &[String]| match names {
            [] => Some("*".to_string()),
            [one] => Some(one.clone()),
            _ => None,
        };
        Some(format!("{}/{}", side(&self.users)?, side(&self.agents)?))
    }
}

/// One assertion: a check of the work, at a tick if named, with its
/// author's note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assertion {
    pub check: Check,
    /// The tick the work is checked at (as it was then); none: now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// The author's words for why it must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Assertion {
    pub fn new(check: Check) -> Assertion {
        Assertion { check, at: None, note: None }
    }

    /// "This viewer reads (or doesn't read) this card", as the playground's
    /// why panel keeps it.
    pub fn reads(cell: &ViewerId, card: &str, reads: bool) -> Assertion {
        let cells = Cells::one(&cell.user, &cell.agent);
        let card = CardRef::id(card);
        Assertion::new(if reads { Check::Retrieves { cells, card } } else { Check::NotRetrieves { cells, card } })
    }

    /// The assertion as the file holds it.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("an assertion always serializes")
    }
}

/// Why an assertion of a file is set aside. `index` is its place in the
/// list, from 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum AssertionProblem {
    /// The `assertions` key holds no list.
    NotAList { found: JsonKind },
    /// An entry is not an object.
    NotAnObject { index: usize, found: JsonKind },
    /// An entry has no `check`.
    NoCheck { index: usize },
    /// An entry has a key no assertion has (a misspelled `nte`).
    UnknownKey { index: usize, key: String },
    /// The check names a kind the vocabulary does not have.
    UnknownCheck { index: usize, kind: String },
    /// The check lacks a field its kind needs.
    MissingField { index: usize, kind: String, field: String },
    /// The check is about what the learner did, not about the work.
    LearnerCheck { index: usize, kind: String },
    /// The check asks whether the assertions hold: an assertion can't ask
    /// that of itself.
    AboutAssertions { index: usize },
    /// `at` is not a whole number 0 or more.
    BadTick { index: usize },
    /// `note` is not text.
    BadNote { index: usize },
    /// The check can't be read otherwise: the JSON reader's words.
    Unreadable { index: usize, message: String },
}

impl AssertionProblem {
    /// A short stable code.
    pub fn code(&self) -> &'static str {
        match self {
            AssertionProblem::NotAList { .. } => "not_a_list",
            AssertionProblem::NotAnObject { .. } => "not_an_object",
            AssertionProblem::NoCheck { .. } => "no_check",
            AssertionProblem::UnknownKey { .. } => "unknown_key",
            AssertionProblem::UnknownCheck { .. } => "unknown_check",
            AssertionProblem::MissingField { .. } => "missing_field",
            AssertionProblem::LearnerCheck { .. } => "learner_check",
            AssertionProblem::AboutAssertions { .. } => "about_assertions",
            AssertionProblem::BadTick { .. } => "bad_tick",
            AssertionProblem::BadNote { .. } => "bad_note",
            AssertionProblem::Unreadable { .. } => "unreadable",
        }
    }

    /// The entry's place in the list (none for the whole key).
    pub fn index(&self) -> Option<usize> {
        match self {
            AssertionProblem::NotAList { .. } => None,
            AssertionProblem::NotAnObject { index, .. }
            | AssertionProblem::NoCheck { index }
            | AssertionProblem::UnknownKey { index, .. }
            | AssertionProblem::UnknownCheck { index, .. }
            | AssertionProblem::MissingField { index, .. }
            | AssertionProblem::LearnerCheck { index, .. }
            | AssertionProblem::AboutAssertions { index }
            | AssertionProblem::BadTick { index }
            | AssertionProblem::BadNote { index }
            | AssertionProblem::Unreadable { index, .. } => Some(*index),
        }
    }
}

/// A file's assertions as read: those that can be run, each with its place
/// in the list, and those set aside, with why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assertions {
    pub items: Vec<(usize, Assertion)>,
    pub problems: Vec<AssertionProblem>,
}

impl Assertions {
    /// The workspace's assertions (none without the key).
    pub fn of(ws: &Workspace) -> Assertions {
        ws.assertions.as_ref().map(read).unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty() && self.problems.is_empty()
    }
}

/// The kind a check's JSON names: the string, or the object's one key.
fn kind_of(value: &Value) -> Option<&str> {
    match value {
        Value::String(kind) => Some(kind),
        Value::Object(map) => map.keys().next().map(String::as_str),
        _ => None,
    }
}

/// Reads an `assertions` value: each entry on its own.
pub fn read(value: &Value) -> Assertions {
    let mut out = Assertions::default();
    let Value::Array(entries) = value else {
        out.problems.push(AssertionProblem::NotAList { found: JsonKind::of(value) });
        return out;
    };
    for (index, entry) in entries.iter().enumerate() {
        match read_one(index, entry) {
            Ok(assertion) => out.items.push((index, assertion)),
            Err(problem) => out.problems.push(problem),
        }
    }
    out
}

fn read_one(index: usize, entry: &Value) -> Result<Assertion, AssertionProblem> {
    // A check's name alone (`"no_leak_anywhere"`) is that check, now.
    if let Value::String(_) = entry {
        return read_one(index, &serde_json::json!({ "check": entry }));
    }
    let Value::Object(map) = entry else {
        return Err(AssertionProblem::NotAnObject { index, found: JsonKind::of(entry) });
    };
    if let Some(key) = map.keys().find(|k| !matches!(k.as_str(), "check" | "at" | "note")) {
        return Err(AssertionProblem::UnknownKey { index, key: key.clone() });
    }
    let Some(raw) = map.get("check") else { return Err(AssertionProblem::NoCheck { index }) };
    let at = match map.get("at") {
        None | Some(Value::Null) => None,
        Some(tick) => Some(tick.as_u64().ok_or(AssertionProblem::BadTick { index })?),
    };
    let note = match map.get("note") {
        None | Some(Value::Null) => None,
        Some(Value::String(note)) => Some(note.clone()),
        Some(_) => return Err(AssertionProblem::BadNote { index }),
    };
    let check = Check::deserialize(raw).map_err(|err| {
        let message = err.to_string();
        let kind = kind_of(raw).unwrap_or_default().to_string();
        // The vocabulary's reader says these two in fixed words
        // (`Check::from_fields`); `the_readers_words_are_classified` pins them.
        if message.starts_with("no check is called") {
            AssertionProblem::UnknownCheck { index, kind }
        } else if let Some(field) = message
            .strip_prefix(&format!("the check `{kind}` needs `"))
            .and_then(|rest| rest.split('`').next())
        {
            AssertionProblem::MissingField { index, kind, field: field.to_string() }
        } else {
            AssertionProblem::Unreadable { index, message }
        }
    })?;
    if let Some(learner) = learner_check(&check) {
        return Err(AssertionProblem::LearnerCheck { index, kind: learner.to_string() });
    }
    let mut all = Vec::new();
    check.walk(&mut all);
    if all.iter().any(|c| matches!(c, Check::AssertionsHold)) {
        return Err(AssertionProblem::AboutAssertions { index });
    }
    Ok(Assertion { check, at, note })
}

/// The kind of the first check inside `check` that reads what the learner
/// did rather than the work, if any.
fn learner_check(check: &Check) -> Option<&'static str> {
    let mut all = Vec::new();
    check.walk(&mut all);
    all.into_iter().find_map(|c| match c {
        Check::Predicted { .. } => Some("predicted"),
        Check::Revealed => Some("revealed"),
        Check::PredictedRight { .. } => Some("predicted_right"),
        Check::RecordedEach { .. } => Some("recorded_each"),
        Check::Once { .. } => Some("once"),
        Check::BeforeDeletion { .. } => Some("before_deletion"),
        Check::Refused { .. } => Some("refused"),
        _ => None,
    })
}

/// Why an assertion does not hold, in the policy's reasons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "because", rename_all = "snake_case")]
pub enum Because {
    /// The tick asked for is after the clock: that time has not come.
    AfterClock { tick: u64, clock: u64 },
    /// No card is this one.
    NoCard { card: String },
    /// The cells named are none of the chart's.
    NoCells,
    /// A cell named is not in the chart.
    NotInChart { cell: ViewerId },
    /// The cell reads the card, by this rule.
    Reads { cell: ViewerId, card: String, access: Access },
    /// The cell does not read the card: the rule keeps it out, or (when
    /// the rule lets it in) the query does not find it.
    DoesNotRead { cell: ViewerId, card: String, access: Access },
    /// A canary reached another user.
    Leak { place: Place, leak: Leak },
    /// The card is rejected, for this reason.
    Rejected { card: String, rejection: Rejection },
    /// The card is accepted.
    Accepted { card: String },
    /// The card is in the cell's prompt.
    #[cfg(feature = "lesson3")]
    InPrompt { cell: ViewerId, card: String },
    /// The card is not in the cell's prompt: dropped for this reason, or
    /// not even in the cell's view (the rule that keeps it out).
    #[cfg(feature = "lesson3")]
    NotInPrompt {
        cell: ViewerId,
        card: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        dropped: Option<DropReason>,
        #[serde(skip_serializing_if = "Option::is_none")]
        access: Option<Access>,
    },
    /// The check does not hold; its own words say what it asks.
    Unmet,
}

impl Because {
    /// The cell this reason is about, if one.
    pub fn cell(&self) -> Option<&ViewerId> {
        match self {
            Because::NotInChart { cell } | Because::Reads { cell, .. } | Because::DoesNotRead { cell, .. } => Some(cell),
            #[cfg(feature = "lesson3")]
            Because::InPrompt { cell, .. } | Because::NotInPrompt { cell, .. } => Some(cell),
            _ => None,
        }
    }

    /// The card this reason is about, if one.
    pub fn card(&self) -> Option<&str> {
        match self {
            Because::NoCard { card }
            | Because::Reads { card, .. }
            | Because::DoesNotRead { card, .. }
            | Because::Rejected { card, .. }
            | Because::Accepted { card } => Some(card),
            Because::Leak { leak, .. } => Some(&leak.card),
            #[cfg(feature = "lesson3")]
            Because::InPrompt { card, .. } | Because::NotInPrompt { card, .. } => Some(card),
            _ => None,
        }
    }
}

/// An assertion's verdict: whether it holds and, when not, why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub pass: bool,
    /// The tick it was checked at (none: now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub because: Vec<Because>,
}

impl Verdict {
    /// The cells its reasons are about, each once, in order.
    pub fn cells(&self) -> Vec<&ViewerId> {
        let mut out: Vec<&ViewerId> = Vec::new();
        for cell in self.because.iter().filter_map(Because::cell) {
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
        out
    }
}

impl<'a> Facts<'a> {
    /// Facts that judge every check, a work's assertions included
    /// ([`Check::AssertionsHold`], by [`all_hold`]), and replay the cache
    /// themselves when a check asks. Made here, beside the assertions, so
    /// that the exercises' module needs nothing of this one.
    pub fn new(ws: &'a Workspace, views: crate::exercise::Views<'a>, learner: Learner<'a>) -> Facts<'a> {
        Facts::of(ws, views, learner).replaying().with_assertions(all_hold)
    }
}

/// A learner who did nothing: assertions read the work alone.
fn nobody() -> Learner<'static> {
    use std::collections::BTreeMap;
    static PREDICTIONS: BTreeMap<ViewerId, BTreeSet<String>> = BTreeMap::new();
    static ANSWERS: BTreeMap<usize, usize> = BTreeMap::new();
    static SEEN: BTreeSet<crate::exercise::Milestone> = BTreeSet::new();
    static REFUSED: BTreeSet<crate::exercise::RefusalSeen> = BTreeSet::new();
    Learner {
        predictions: &PREDICTIONS,
        revealed: false,
        answers: &ANSWERS,
        seen: &SEEN,
        refused: &REFUSED,
        records: &[],
        tick: None,
    }
}

/// Runs assertions on a workspace. `now` are the facts of the work now
/// (the app's, made once per revision; [`run`] makes its own); a tick
/// named (the assertion's `at`, else `at`) is checked on the work as it
/// was then, evaluated once per tick however many assertions name it.
pub fn run_with(ws: &Workspace, now: &Facts<'_>, assertions: &[Assertion], at: Option<u64>) -> Vec<Verdict> {
    let clock = ws.clock();
    // The past workspaces asked for, each evaluated once.
    let mut ticks: Vec<u64> = assertions.iter().filter_map(|a| a.at.or(at)).filter(|&t| t <= clock).collect();
    ticks.sort_unstable();
    ticks.dedup();
    let past: Vec<(u64, Workspace)> =
        ticks.iter().filter_map(|&t| as_of(ws, t).ok().map(|w| (t, w))).collect();
    let evaluated: Vec<Evaluated> = past.iter().map(|(_, w)| Evaluated::of(w)).collect();
    let facts: Vec<Facts<'_>> = past.iter().zip(&evaluated).map(|((_, w), e)| Facts::new(w, e.views(), nobody())).collect();
    assertions
        .iter()
        .map(|a| {
            let tick = a.at.or(at);
            match tick {
                None => judge(&a.check, now, None),
                Some(t) => match past.iter().position(|(p, _)| *p == t) {
                    Some(i) => judge(&a.check, &facts[i], tick),
                    None => Verdict { pass: false, at: tick, because: vec![Because::AfterClock { tick: t, clock }] },
                },
            }
        })
        .collect()
}

/// One check's verdict on these facts.
fn judge(check: &Check, f: &Facts<'_>, at: Option<u64>) -> Verdict {
    let pass = check.holds(f);
    Verdict { pass, at, because: if pass { Vec::new() } else { because(check, f) } }
}

/// Whether the work keeps assertions, every one can be read, and all of
/// them hold on these facts ([`Check::AssertionsHold`]).
pub fn all_hold(f: &Facts<'_>) -> bool {
    let read = Assertions::of(f.ws);
    let list: Vec<Assertion> = read.items.into_iter().map(|(_, a)| a).collect();
    read.problems.is_empty() && !list.is_empty() && run_with(f.ws, f, &list, None).iter().all(|v| v.pass)
}

/// Runs assertions on a workspace, making everything they read.
pub fn run(ws: &Workspace, assertions: &[Assertion], at: Option<u64>) -> Vec<Verdict> {
    let evaluated = Evaluated::of(ws);
    let facts = Facts::new(ws, evaluated.views(), nobody());
    run_with(ws, &facts, assertions, at)
}

/// Why a check does not hold on these facts.
fn because(check: &Check, f: &Facts<'_>) -> Vec<Because> {
    let ws = f.ws;
    let eval = || Evaluation::new(ws, &ws.query, Policy::FourScope);
    let mut out = Vec::new();
    match check {
        Check::Retrieves { cells, card } | Check::NotRetrieves { cells, card } => {
            let wanted = matches!(check, Check::Retrieves { .. });
            let cards = card.indices(ws);
            let Some(&first) = cards.first() else { return vec![Because::NoCard { card: String::from(card.clone()) }] };
            let resolved = cells.resolve(ws);
            if resolved.is_empty() {
                return vec![Because::NoCells];
            }
            let eval = eval();
            for cell in resolved {
                let Some(v) = f.views.viewers.iter().position(|v| *v == cell) else {
                    if wanted {
                        out.push(Because::NotInChart { cell });
                    }
                    continue;
                };
                match (cards.iter().copied().find(|i| f.views.views[v].contains(i)), wanted) {
                    (None, true) => {
                        let access = eval.access(first, cell.viewer());
                        out.push(Because::DoesNotRead { cell, card: ws.cards[first].id.clone(), access });
                    }
                    (Some(i), false) => {
                        let access = eval.access(i, cell.viewer());
                        out.push(Because::Reads { cell, card: ws.cards[i].id.clone(), access });
                    }
                    _ => {}
                }
            }
        }
        Check::NoLeak => out.extend(f.views.leaks.iter().flatten().map(|l| Because::Leak { place: Place::View, leak: l.clone() })),
        Check::NoLeakAnywhere => out.extend(f.leaks_anywhere().into_iter().map(|(place, leak)| Because::Leak { place, leak })),
        Check::Rejected { card, reason } => match card.indices(ws).first() {
            None => out.push(Because::NoCard { card: String::from(card.clone()) }),
            Some(&i) => match check_card(ws, i) {
                Ok(()) => out.push(Because::Accepted { card: ws.cards[i].id.clone() }),
                // Rejected, but not for the reason named.
                Err(rejection) if reason.is_some() => out.push(Because::Rejected { card: ws.cards[i].id.clone(), rejection }),
                Err(_) => {}
            },
        },
        Check::Accepted { card: Some(card), .. } => match card.indices(ws).first() {
            None => out.push(Because::NoCard { card: String::from(card.clone()) }),
            Some(&i) => {
                if let Err(rejection) = check_card(ws, i) {
                    out.push(Because::Rejected { card: ws.cards[i].id.clone(), rejection });
                }
            }
        },
        #[cfg(feature = "lesson3")]
        Check::InPrompt { cells, card } | Check::NotInPrompt { cells, card } => {
            let wanted = matches!(check, Check::InPrompt { .. });
            let cards = card.indices(ws);
            let Some(&first) = cards.first() else { return vec![Because::NoCard { card: String::from(card.clone()) }] };
            let resolved = cells.resolve(ws);
            if resolved.is_empty() {
                return vec![Because::NoCells];
            }
            for cell in resolved {
                let (query, _) = task_for(ws, cell.viewer(), None);
                let assembler = Assembler::new(ws, query);
                let prompt = assembler.prompt(cell.viewer());
                let loaded = cards.iter().copied().find(|&i| prompt.is_loaded(i));
                match (loaded, wanted) {
                    (Some(i), false) => out.push(Because::InPrompt { cell, card: ws.cards[i].id.clone() }),
                    (None, true) => {
                        let dropped = prompt.dropped(first).map(|d| d.reason.clone());
                        let access = dropped.is_none().then(|| assembler.eval.access(first, cell.viewer()));
                        out.push(Because::NotInPrompt { cell, card: ws.cards[first].id.clone(), dropped, access });
                    }
                    _ => {}
                }
            }
        }
        Check::All { all } => {
            for c in all.iter().filter(|c| !c.holds(f)) {
                out.extend(because(c, f));
            }
        }
        _ => {}
    }
    if out.is_empty() {
        out.push(Because::Unmet);
    }
    out
}

/// The content and filing gates for one card (as [`Check::Accepted`] and
/// [`Check::Rejected`] ask them).
fn check_card(ws: &Workspace, i: usize) -> Result<(), Rejection> {
    check(&ws.cards[i]).map(|_| ())
}

/// What no assertion mentions: the cells and the cards of the chart that
/// no assertion names (a check of the whole work, such as no leak, names
/// none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    pub cells: Vec<ViewerId>,
    pub cards: Vec<String>,
}

/// The cells and card indices a check names.
fn mentions(check: &Check, ws: &Workspace, cells: &mut BTreeSet<ViewerId>, cards: &mut BTreeSet<usize>) {
    let mut all = Vec::new();
    check.walk(&mut all);
    let id = |cards: &mut BTreeSet<usize>, id: &str| cards.extend((0..ws.cards.len()).filter(|&i| ws.cards[i].id == id));
    for c in all {
        match c {
            Check::Retrieves { cells: named, card } | Check::NotRetrieves { cells: named, card } => {
                cells.extend(named.resolve(ws));
                cards.extend(card.indices(ws));
            }
            #[cfg(feature = "lesson3")]
            Check::InPrompt { cells: named, card } | Check::NotInPrompt { cells: named, card } => {
                cells.extend(named.resolve(ws));
                cards.extend(card.indices(ws));
            }
            #[cfg(feature = "lesson3")]
            Check::RanksAbove { cells: named, card, over } => {
                cells.extend(named.resolve(ws));
                id(cards, card);
                id(cards, over);
            }
            #[cfg(feature = "lesson3")]
            Check::DiagnosisStops { cells: named, card, .. } => {
                cells.extend(named.resolve(ws));
                id(cards, card);
            }
            #[cfg(feature = "lesson3")]
            Check::StartupAtMost { cells: named, .. } | Check::HitRate { cells: named, .. } => cells.extend(named.resolve(ws)),
            Check::Reaches { card }
            | Check::ReachesGroup { card, .. }
            | Check::SinglesOut { card }
            | Check::ProbeClean { card }
            | Check::Rejected { card, .. }
            | Check::Approved { card, .. }
            | Check::Stream { card, .. }
            | Check::Owner { card, .. }
            | Check::Status { card, .. }
            | Check::Tombstone { card }
            | Check::Tier { card, .. }
            | Check::PublishedBy { card, .. } => cards.extend(card.indices(ws)),
            Check::Accepted { card: Some(card), .. } => cards.extend(card.indices(ws)),
            Check::LeakBy { card }
            | Check::Absent { card }
            | Check::Logged { card, .. }
            | Check::StaleServed { card }
            | Check::RolledBackAsBefore { card, .. } => id(cards, card),
            _ => {}
        }
    }
}

/// The chart's cells and the workspace's cards that no assertion mentions,
/// in chart and card order.
pub fn coverage(ws: &Workspace, assertions: &[Assertion]) -> Coverage {
    let (mut cells, mut cards) = (BTreeSet::new(), BTreeSet::new());
    for a in assertions {
        mentions(&a.check, ws, &mut cells, &mut cards);
    }
    let every = Cells::every().resolve(ws);
    let mut ids: Vec<String> = Vec::new();
    for (i, card) in ws.cards.iter().enumerate() {
        if !cards.contains(&i) && !ids.contains(&card.id) {
            ids.push(card.id.clone());
        }
    }
    Coverage { cells: every.into_iter().filter(|c| !cells.contains(c)).collect(), cards: ids }
}

/// Adds an assertion at the end of the workspace's list (the key made
/// when it has none), as one edit: its place in the list. A value of the
/// key that is no list is never written over: it is refused, and the work
/// stays as it was.
pub fn add(ws: &mut Workspace, assertion: &Assertion) -> Result<usize, AssertionProblem> {
    match ws.assertions.get_or_insert_with(|| Value::Array(Vec::new())) {
        Value::Array(items) => {
            items.push(assertion.to_value());
            Ok(items.len() - 1)
        }
        other => Err(AssertionProblem::NotAList { found: JsonKind::of(other) }),
    }
}

/// Replaces the entry at `index` (a wrong one too: this is how it is
/// mended). False, and nothing changed, when there is no such entry.
pub fn replace(ws: &mut Workspace, index: usize, assertion: &Assertion) -> bool {
    match ws.assertions.as_mut() {
        Some(Value::Array(items)) if index < items.len() => {
            items[index] = assertion.to_value();
            true
        }
        _ => false,
    }
}

/// Removes the entry at `index`; the last one removed takes the key with
/// it, so the work reads and writes as one that never had assertions.
/// False, and nothing changed, when there is no such entry.
pub fn remove(ws: &mut Workspace, index: usize) -> bool {
    match ws.assertions.as_mut() {
        Some(Value::Array(items)) if index < items.len() => {
            items.remove(index);
            if items.is_empty() {
                ws.assertions = None;
            }
            true
        }
        _ => false,
    }
}

/// The places of the assertions that held before a step and fail after it
/// (each verdict with its assertion's place in the list): what the change
/// strip and the live region say.
pub fn newly_failing(before: &[(usize, Verdict)], now: &[(usize, Verdict)]) -> Vec<usize> {
    now.iter()
        .filter(|(place, verdict)| !verdict.pass && before.iter().any(|(p, v)| p == place && v.pass))
        .map(|(place, _)| *place)
        .collect()
}

/// Whether a card matches the workspace's query (for the words of a
/// reason whose rule lets the viewer in).
pub fn found_by_query(ws: &Workspace, card: &str) -> bool {
    ws.cards.iter().find(|c| c.id == card).is_some_and(|c| matches_query(c, &ws.query))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn patterns_name_cells() {
        assert_eq!(Cells::pattern("bob/*").unwrap(), Cells { users: vec!["bob".into()], agents: vec![] });
        assert_eq!(Cells::pattern("*/checker-v1").unwrap(), Cells { users: vec![], agents: vec!["checker-v1".into()] });
        assert_eq!(Cells::pattern("*/*").unwrap(), Cells::every());
        assert!(Cells::pattern("bob").is_err());
        assert!(Cells::pattern("bob/a/b").is_err());
        assert!(Cells::pattern("/x").is_err());
        let object: Cells = serde_json::from_value(json!({"users": ["bob"]})).unwrap();
        assert_eq!(object, Cells::pattern("bob/*").unwrap());
        assert_eq!(Cells::pattern("bob/*").unwrap().as_pattern().as_deref(), Some("bob/*"));
    }

    #[test]
    fn the_readers_words_are_classified() {
        let got = read(&json!([
            {"check": "no_leak_anywhere", "note": "n"},
            {"check": {"retrieves": {"card": "A"}}},
            {"check": "made_up"},
            {"check": "revealed"},
            {"check": {"all": {"all": ["no_leak", {"predicted": {"cells": "*/*"}}]}}},
            {"check": "no_leak", "at": -1},
            {"check": "no_leak", "nte": "x"},
            {"check": "no_leak", "note": 3},
            {"at": 2},
            7,
            {"check": {"retrieves": {"cells": "bob", "card": "A"}}},
            "no_leak",
            "nope",
        ]));
        assert_eq!(got.items.len(), 2);
        let codes: Vec<&str> = got.problems.iter().map(AssertionProblem::code).collect();
        assert_eq!(
            codes,
            [
                "missing_field", "unknown_check", "learner_check", "learner_check", "bad_tick", "unknown_key", "bad_note",
                "no_check", "not_an_object", "unreadable", "unknown_check"
            ]
        );
        assert_eq!(got.problems[0], AssertionProblem::MissingField { index: 1, kind: "retrieves".into(), field: "cells".into() });
        assert_eq!(read(&json!({"a": 1})).problems, [AssertionProblem::NotAList { found: JsonKind::Object }]);
    }

    #[test]
    fn adding_replacing_and_removing_keep_the_list_and_refuse_what_is_no_list() {
        let mut ws = crate::seed::seed_workspace();
        let keep = Assertion::reads(&ViewerId::new("bob", "writer-v1"), "A", true);
        assert_eq!(add(&mut ws, &keep), Ok(0));
        assert_eq!(add(&mut ws, &Assertion::new(Check::NoLeakAnywhere)), Ok(1));
        assert_eq!(Assertions::of(&ws).items.len(), 2);
        let before = run(&ws, std::slice::from_ref(&keep), None);
        assert!(before[0].pass);
        // Untick A's approval: the assertion kept now fails, and says so.
        std::rc::Rc::make_mut(ws.cards.iter_mut().find(|c| c.id == "A").unwrap()).set_share_approved(false);
        let now = run(&ws, std::slice::from_ref(&keep), None);
        assert!(!now[0].pass);
        assert!(matches!(&now[0].because[0], Because::DoesNotRead { access: Access::Rejected { .. }, .. }), "{:?}", now[0]);
        assert_eq!(newly_failing(&[(0, before[0].clone())], &[(0, now[0].clone())]), [0]);
        assert!(newly_failing(&[(0, now[0].clone())], &[(0, now[0].clone())]).is_empty());
        let not = Assertion::reads(&ViewerId::new("bob", "writer-v1"), "A", false);
        assert!(replace(&mut ws, 0, &not));
        assert!(!replace(&mut ws, 5, &not));
        assert_eq!(Assertions::of(&ws).items[0].1, not);
        assert!(remove(&mut ws, 1) && remove(&mut ws, 0));
        assert!(!remove(&mut ws, 0));
        // The last one gone takes the key: the file is as before.
        assert_eq!(ws.assertions, None);
        ws.assertions = Some(json!({"x": 1}));
        assert_eq!(add(&mut ws, &not), Err(AssertionProblem::NotAList { found: JsonKind::Object }));
        assert_eq!(ws.assertions, Some(json!({"x": 1})));
    }

    #[test]
    fn a_goal_can_ask_that_all_assertions_hold_and_an_assertion_cannot() {
        let mut ws = crate::seed::seed_workspace();
        let holds = |ws: &Workspace| {
            let e = Evaluated::of(ws);
            Check::AssertionsHold.holds(&Facts::new(ws, e.views(), nobody()))
        };
        // None kept: nothing to pass.
        assert!(!holds(&ws));
        add(&mut ws, &Assertion::reads(&ViewerId::new("bob", "writer-v1"), "A", true)).unwrap();
        assert!(holds(&ws));
        add(&mut ws, &Assertion::reads(&ViewerId::new("bob", "checker-v1"), "A", true)).unwrap();
        assert!(!holds(&ws));
        remove(&mut ws, 1);
        // One that can't be read is one that does not pass.
        ws.assertions.as_mut().unwrap().as_array_mut().unwrap().push(json!({"check": "nope"}));
        assert!(!holds(&ws));
        let about = read(&json!(["assertions_hold", {"check": {"all": {"all": ["no_leak", "assertions_hold"]}}}]));
        assert_eq!(about.problems, [AssertionProblem::AboutAssertions { index: 0 }, AssertionProblem::AboutAssertions { index: 1 }]);
    }

    #[test]
    fn an_assertion_reads_back_as_written() {
        let a = Assertion { at: Some(3), note: Some("why".into()), ..Assertion::reads(&ViewerId::new("bob", "checker-v1"), "A", true) };
        let back = read(&json!([a.to_value()]));
        assert_eq!(back.items, [(0, a)]);
    }
}
