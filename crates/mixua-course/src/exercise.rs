//! Exercises as data: one model for the built-in lessons and for exercises
//! a teacher writes. An [`Exercise`] has a title and a task (in one or both
//! languages), a start ([`Start`]), a goal made of [`Check`]s, an ordered
//! hint ladder, an optional solution and an optional multiple-choice
//! question. The checks are a small vocabulary evaluated here, against
//! [`Facts`]: the work, the views the app keeps, and what the learner has
//! done (predictions, answers, the milestones remembered). The app never
//! re-derives a rule: it asks [`Exercise::holds`] and, for the panel's
//! items with their words, `exercise_words::items`.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use mixua_policy::cache::{replay_cache, CacheReplay};
use mixua_policy::card::{Scope, Status, Stream, Tier};
use crate::lesson_two::{lesson_two_workspace, log_texts, traces_with, Traces};
#[cfg(feature = "lesson3")]
use mixua_policy::diagnose::{diagnose, Question as Asked};
#[cfg(feature = "lesson3")]
use crate::lesson_three::lesson_three_workspace;
#[cfg(feature = "lesson3")]
use mixua_policy::prompt::{task_for, Assembler, Layer, Score, Source, Weights};
use mixua_policy::eval::{Evaluation, Leak};
use mixua_words::explain::Lang;
use mixua_policy::log::Action;
use mixua_policy::policy::{check, labelled_stream, Policy};
use mixua_policy::probe::{Finding, Probe};
use crate::seed::{seed_workspace, seed_workspace_en};
use mixua_policy::viewer::ViewerId;
use mixua_policy::workspace::Workspace;

/// A text in one or both languages; an empty side falls back to the other.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub zh: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub en: String,
}

impl Text {
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Text {
        Text { zh: zh.into(), en: en.into() }
    }

    /// The text in `lang`, or in the other language when it has none.
    pub fn get(&self, lang: Lang) -> &str {
        let (mine, other) = match lang {
            Lang::ZhTw => (&self.zh, &self.en),
            Lang::En => (&self.en, &self.zh),
        };
        if mine.is_empty() { other } else { mine }
    }

    pub fn is_empty(&self) -> bool {
        self.zh.is_empty() && self.en.is_empty()
    }
}

/// Where an exercise starts (and what its solution is): a built-in start,
/// in the learner's language, or a workspace written out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// The seed, in the UI's language (`seed_workspace` / `seed_workspace_en`).
    #[default]
    Seed,
    /// Lesson 2's start (`lesson_two_workspace`).
    LessonTwo,
    /// Lesson 3's start (`lesson_three_workspace`). Read in every build,
    /// so that a pack of lesson 3 is recognised as lesson 3's (and sent on
    /// to its page) where lesson 3 is not built in.
    LessonThree,
    /// A workspace as written.
    Workspace(Box<Workspace>),
}

impl Start {
    /// The workspace this start stands for, in `lang`.
    pub fn workspace(&self, lang: Lang) -> Workspace {
        self.workspace_with(lang, lesson_two_workspace)
    }

    /// The same, with lesson 2's start from `lesson_two`: a program that
    /// keeps lesson 2 apart passes its own (the app reads it from a part
    /// of its own, issue 28), so that reading any other start never
    /// reaches lesson 2's.
    pub fn workspace_with(&self, lang: Lang, lesson_two: impl FnOnce(Lang) -> Workspace) -> Workspace {
        match self {
            Start::Seed => match lang {
                Lang::ZhTw => seed_workspace(),
                Lang::En => seed_workspace_en(),
            },
            Start::LessonTwo => lesson_two(lang),
            #[cfg(feature = "lesson3")]
            Start::LessonThree => lesson_three_workspace(lang),
            // A build without lesson 3 never opens its start: a pack of
            // lesson 3 goes on to lesson 3's page (`Pack::lesson`). Were it
            // asked, the answer is an empty workspace, which reads nothing.
            #[cfg(not(feature = "lesson3"))]
            Start::LessonThree => Workspace::default(),
            Start::Workspace(ws) => (**ws).clone(),
        }
    }
}

/// Some cells of the chart: these users × these agents; an empty list
/// stands for every user (or agent) of the workspace. Read as an object,
/// or as a pattern `user/agent` with `*` for every one (`bob/*`,
/// `*/checker-v1`): `crate::assertion` reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cells {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub users: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<String>,
}

impl Cells {
    /// Every cell of the chart.
    pub fn every() -> Cells {
        Cells::default()
    }

    /// One cell.
    pub fn one(user: &str, agent: &str) -> Cells {
        Cells { users: vec![user.into()], agents: vec![agent.into()] }
    }

    /// The cells named, resolved against a workspace (users outer, agents
    /// inner, as the chart lists them).
    pub fn resolve(&self, ws: &Workspace) -> Vec<ViewerId> {
        let users = if self.users.is_empty() { &ws.users } else { &self.users };
        let agents = if self.agents.is_empty() { &ws.agents } else { &self.agents };
        users.iter().flat_map(|u| agents.iter().map(move |a| ViewerId::new(u.clone(), a.clone()))).collect()
    }
}

/// Which card a check is about: every card with this id, or the first card
/// that is a copy of another carried over to an agent (same lesson and
/// scope, owned and written by that agent). Written as a string: `"A"`, or
/// `"A>writer-v2"` for A's copy carried over to writer-v2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum CardRef {
    Id(String),
    CopyOf { copy_of: String, agent: String },
}

impl From<String> for CardRef {
    fn from(text: String) -> CardRef {
        match text.split_once('>') {
            Some((copy_of, agent)) => CardRef::CopyOf { copy_of: copy_of.to_string(), agent: agent.to_string() },
            None => CardRef::Id(text),
        }
    }
}

impl From<CardRef> for String {
    fn from(card: CardRef) -> String {
        match card {
            CardRef::Id(id) => id,
            CardRef::CopyOf { copy_of, agent } => format!("{copy_of}>{agent}"),
        }
    }
}

impl CardRef {
    pub fn id(id: &str) -> CardRef {
        CardRef::Id(id.into())
    }

    /// The card indices this names.
    pub fn indices(&self, ws: &Workspace) -> Vec<usize> {
        match self {
            CardRef::Id(id) => (0..ws.cards.len()).filter(|&i| ws.cards[i].id == *id).collect(),
            CardRef::CopyOf { copy_of, agent } => {
                let original = ws.cards.iter().position(|c| c.id == *copy_of);
                let lesson = original.map(|i| ws.cards[i].lesson.as_str());
                let scope = original.map(|i| ws.cards[i].scope.as_str());
                (0..ws.cards.len())
                    .find(|&i| {
                        let c = &ws.cards[i];
                        Some(i) != original
                            && c.owner_agent == *agent
                            && Some(c.scope.as_str()) == scope
                            && Some(c.lesson.as_str()) == lesson
                            && c.life().and_then(|l| l.writer()).is_some_and(|w| w.agent == *agent)
                    })
                    .into_iter()
                    .collect()
            }
        }
    }
}

/// One check of the vocabulary. Each holds or not against [`Facts`]; its
/// words are in `exercise_words`. As JSON, the kind names the check:
/// `"no_leak"`, `{"retrieves": {"cells": {…}, "card": "A"}}` (read by one
/// reader for every kind, [`Check::from_fields`], to keep the wasm small).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    // The chart.
    /// The user is in the chart.
    UserExists { user: String },
    /// The agent is in the chart.
    AgentExists { agent: String },
    /// At least this many users.
    UserCount { at_least: usize },
    /// A user nobody knows: no card of theirs, no canary.
    Stranger,

    // Reading (the four-scope views now).
    /// Every one of the cells (at least one) retrieves the card.
    Retrieves { cells: Cells, card: CardRef },
    /// None of the cells retrieves the card.
    NotRetrieves { cells: Cells, card: CardRef },
    /// Somebody retrieves the card.
    Reaches { card: CardRef },
    /// The users all of whose cells retrieve the card are exactly the
    /// group's members.
    ReachesGroup { card: CardRef, group: String },
    /// No leak alarm in any view.
    NoLeak,
    /// No canary reaches another user anywhere: in a view, a cached
    /// answer or a prompt (`crate::leaks::leaks_anywhere`).
    NoLeakAnywhere,
    /// A leak alarm caused by the card.
    LeakBy { card: String },
    /// The re-identification probe singles someone out with the card.
    SinglesOut { card: CardRef },
    /// The probe finds nothing in the card, in any view.
    ProbeClean { card: CardRef },
    /// Both four-scope scorecards are perfect: should-see all retrieved,
    /// nothing forbidden appeared.
    ScorecardsPerfect,

    // Cards as filed.
    /// A card (this one, or one owned by `owner`) passes the content and
    /// filing gates, under `scope` if named.
    Accepted {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scope: Option<Scope>,
    },
    /// The card is rejected (with this reason code, if named).
    Rejected {
        card: CardRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The card's sharing approval is (or is not) set.
    Approved { card: CardRef, approved: bool },
    /// The card is labelled with this stream.
    Stream { card: CardRef, stream: Stream },
    /// No card has this id.
    Absent { card: String },
    /// The card is owned by this user and/or agent.
    Owner {
        card: CardRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agent: Option<String>,
    },

    // Life over time.
    /// The card's status.
    Status { card: CardRef, status: Status },
    /// The card is a tombstone (deleted: only its id is left).
    Tombstone { card: CardRef },
    /// The card's storage tier.
    Tier { card: CardRef, tier: Tier },
    /// The card is accepted and approved by someone who did not write it
    /// (`reviewer`: by one of the listed reviewers).
    PublishedBy { card: CardRef, reviewer: bool },
    /// An event of this action on the card (with this reason, if named).
    Logged {
        action: Action,
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The clock is at this tick or later.
    ClockAtLeast { tick: u64 },
    /// The write path refused `act` for one of these actors (or the
    /// writer of `writer_of`), with one of these reason codes.
    Refused {
        act: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        actors: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        writer_of: Option<String>,
        reasons: Vec<String>,
    },
    /// The card is rolled back, nobody retrieves it, and every viewer has
    /// `replaced` exactly as just before the card was published.
    RolledBackAsBefore { card: String, replaced: String },
    /// The text is in no view, no cached answer and no log entry.
    TracesClear { text: String },
    /// The response cache served a canary to someone else.
    CacheLeaks,
    /// Every replayed read is clean: no leak, nothing stale.
    CacheClean,
    /// The cache purges answers holding a retired card.
    CachePurges,
    /// The cache served a stale copy of the card.
    StaleServed { card: String },
    /// The learner is looking at a tick before the card was deleted.
    BeforeDeletion { card: String },
    /// The group has exactly this many members, all of them users.
    GroupSize { group: String, members: usize },
    /// The work keeps assertions, every one can be read, and all of them
    /// hold (`crate::assertion`): a teacher's goal "make all assertions pass".
    AssertionsHold,

    // What reaches the prompt (each cell's prompt for its task: the
    // query of its first task, else the workspace's; `mixua_policy::prompt`).
    /// Every one of the cells (at least one) has the card in its prompt.
    #[cfg(feature = "lesson3")]
    InPrompt { cells: Cells, card: CardRef },
    /// None of the cells has the card in its prompt.
    #[cfg(feature = "lesson3")]
    NotInPrompt { cells: Cells, card: CardRef },
    /// The total budget (the sum of the budgets written, every source
    /// bounded) is at most this many tokens.
    #[cfg(feature = "lesson3")]
    TotalBudgetAtMost { tokens: u64 },
    /// Each of the cells loads at most `percent` of its baseline at the
    /// start. The baseline (every card the viewer may read, dumped in) is
    /// the work's own, or, with `baseline`, counts only the cards that
    /// start has: a card added later moves no baseline.
    #[cfg(feature = "lesson3")]
    StartupAtMost {
        cells: Cells,
        percent: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        baseline: Option<Start>,
    },
    /// Every card of `source` that each of the cells may read (at least
    /// one) is read on demand: in the retrieved or the tool layer, and
    /// none of it cut by a budget (layering, not a smaller window).
    #[cfg(feature = "lesson3")]
    OnDemand { cells: Cells, source: Source },
    /// Each of the cells has a task with a gold set and reaches at least
    /// `percent` of it.
    #[cfg(feature = "lesson3")]
    HitRate { cells: Cells, percent: u64 },
    /// No prompt of any cell holds a card that is not in effect.
    #[cfg(feature = "lesson3")]
    NoStaleUse,
    /// In each of the cells' ranking, `card` scores above `over` and is loaded.
    #[cfg(feature = "lesson3")]
    RanksAbove { cells: Cells, card: String, over: String },
    /// In each of the cells' ranking, `card` scores above `over`, and would
    /// not with the weight `weight` (`relevance`, `recency`, `review`,
    /// `reliability`) at 0: `card` wins, and that weight is why, not an
    /// edit of either card (its text, its reliability). Never true while
    /// `card` does not win (a goal item ticked at the start would say the
    /// learner had done it).
    #[cfg(feature = "lesson3")]
    WinsOnlyBy { cells: Cells, card: String, over: String, weight: String },
    /// The diagnosis of (each of the cells, the card) stops at this question.
    #[cfg(feature = "lesson3")]
    DiagnosisStops { cells: Cells, card: String, at: Asked },
    /// The learner pressed Diagnose on the card for each of the cells (at
    /// least one): the app remembers [`Milestone::diagnosed`].
    #[cfg(feature = "lesson3")]
    Diagnosed { cells: Cells, card: String },

    // The learner.
    /// Every one of the cells has a prediction.
    Predicted { cells: Cells },
    /// The predictions are revealed.
    Revealed,
    /// Every one of the cells (at least one, each in the chart) is
    /// predicted exactly right.
    PredictedRight { cells: Cells },
    /// The scorecards were recorded before any change and right after each
    /// of the exercise's first `changes` items.
    RecordedEach { changes: usize },

    // Combinations.
    /// All of these hold.
    All { all: Vec<Check> },
    /// The check has held at some point: the app remembers `key` once it
    /// holds (see [`Pack::milestones`](crate::pack::Pack::milestones)).
    Once { key: Milestone, of: Box<Check> },
}

/// Every field any check has: a check's JSON object is read into this,
/// then [`Check::from_fields`] takes what its kind needs.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Fields {
    user: Option<String>,
    agent: Option<String>,
    at_least: Option<usize>,
    cells: Option<Cells>,
    card: Option<String>,
    group: Option<String>,
    owner: Option<String>,
    scope: Option<Scope>,
    reason: Option<String>,
    approved: Option<bool>,
    stream: Option<Stream>,
    status: Option<Status>,
    tier: Option<Tier>,
    reviewer: Option<bool>,
    action: Option<Action>,
    tick: Option<u64>,
    act: Option<String>,
    actors: Option<Vec<String>>,
    writer_of: Option<String>,
    reasons: Option<Vec<String>>,
    replaced: Option<String>,
    text: Option<String>,
    members: Option<usize>,
    changes: Option<usize>,
    tokens: Option<u64>,
    percent: Option<u64>,
    over: Option<String>,
    #[cfg(feature = "lesson3")]
    at: Option<Asked>,
    #[cfg(feature = "lesson3")]
    baseline: Option<Start>,
    #[cfg(feature = "lesson3")]
    source: Option<String>,
    #[cfg(feature = "lesson3")]
    weight: Option<String>,
    all: Option<Vec<Check>>,
    key: Option<String>,
    of: Option<Box<Check>>,
}

fn need<T>(value: Option<T>, kind: &str, field: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("the check `{kind}` needs `{field}`"))
}

impl Check {
    /// A check from its kind and fields (what the JSON reader hands over).
    fn from_fields(kind: &str, f: Fields) -> Result<Check, String> {
        let n = |field: &str| format!("the check `{kind}` needs `{field}`");
        let card = || f.card.clone().map(CardRef::from).ok_or_else(|| n("card"));
        let id = || f.card.clone().ok_or_else(|| n("card"));
        let cells = || f.cells.clone().ok_or_else(|| n("cells"));
        Ok(match kind {
            "user_exists" => Check::UserExists { user: need(f.user, kind, "user")? },
            "agent_exists" => Check::AgentExists { agent: need(f.agent, kind, "agent")? },
            "user_count" => Check::UserCount { at_least: need(f.at_least, kind, "at_least")? },
            "stranger" => Check::Stranger,
            "retrieves" => Check::Retrieves { cells: cells()?, card: card()? },
            "not_retrieves" => Check::NotRetrieves { cells: cells()?, card: card()? },
            "reaches" => Check::Reaches { card: card()? },
            "reaches_group" => Check::ReachesGroup { card: card()?, group: need(f.group, kind, "group")? },
            "no_leak" => Check::NoLeak,
            "no_leak_anywhere" => Check::NoLeakAnywhere,
            "leak_by" => Check::LeakBy { card: id()? },
            "singles_out" => Check::SinglesOut { card: card()? },
            "probe_clean" => Check::ProbeClean { card: card()? },
            "scorecards_perfect" => Check::ScorecardsPerfect,
            "accepted" => Check::Accepted { card: f.card.map(CardRef::from), owner: f.owner, scope: f.scope },
            "rejected" => Check::Rejected { card: card()?, reason: f.reason },
            "approved" => Check::Approved { card: card()?, approved: need(f.approved, kind, "approved")? },
            "stream" => Check::Stream { card: card()?, stream: need(f.stream, kind, "stream")? },
            "absent" => Check::Absent { card: id()? },
            "owner" => Check::Owner { card: card()?, user: f.user, agent: f.agent },
            "status" => Check::Status { card: card()?, status: need(f.status, kind, "status")? },
            "tombstone" => Check::Tombstone { card: card()? },
            "tier" => Check::Tier { card: card()?, tier: need(f.tier, kind, "tier")? },
            "published_by" => Check::PublishedBy { card: card()?, reviewer: need(f.reviewer, kind, "reviewer")? },
            "logged" => Check::Logged { action: need(f.action, kind, "action")?, card: id()?, reason: f.reason },
            "clock_at_least" => Check::ClockAtLeast { tick: need(f.tick, kind, "tick")? },
            "refused" => Check::Refused {
                act: need(f.act, kind, "act")?,
                actors: f.actors.unwrap_or_default(),
                writer_of: f.writer_of,
                reasons: need(f.reasons, kind, "reasons")?,
            },
            "rolled_back_as_before" => Check::RolledBackAsBefore { card: id()?, replaced: need(f.replaced, kind, "replaced")? },
            "traces_clear" => Check::TracesClear { text: need(f.text, kind, "text")? },
            "cache_leaks" => Check::CacheLeaks,
            "cache_clean" => Check::CacheClean,
            "cache_purges" => Check::CachePurges,
            "stale_served" => Check::StaleServed { card: id()? },
            "before_deletion" => Check::BeforeDeletion { card: id()? },
            "group_size" => Check::GroupSize { group: need(f.group, kind, "group")?, members: need(f.members, kind, "members")? },
            "assertions_hold" => Check::AssertionsHold,
            #[cfg(feature = "lesson3")]
            "in_prompt" => Check::InPrompt { cells: cells()?, card: card()? },
            #[cfg(feature = "lesson3")]
            "not_in_prompt" => Check::NotInPrompt { cells: cells()?, card: card()? },
            #[cfg(feature = "lesson3")]
            "total_budget_at_most" => Check::TotalBudgetAtMost { tokens: need(f.tokens, kind, "tokens")? },
            #[cfg(feature = "lesson3")]
            "startup_at_most" => {
                Check::StartupAtMost { cells: cells()?, percent: need(f.percent, kind, "percent")?, baseline: f.baseline }
            }
            #[cfg(feature = "lesson3")]
            "on_demand" => {
                let source = need(f.source, kind, "source")?;
                let Some(source) = Source::parse(&source) else { return Err(format!("no source is called `{source}`")) };
                Check::OnDemand { cells: cells()?, source }
            }
            #[cfg(feature = "lesson3")]
            "wins_only_by" => {
                let weight = need(f.weight, kind, "weight")?;
                if !WEIGHTS.contains(&weight.as_str()) {
                    return Err(format!("no ranking weight is called `{weight}`"));
                }
                Check::WinsOnlyBy { cells: cells()?, card: id()?, over: need(f.over, kind, "over")?, weight }
            }
            #[cfg(feature = "lesson3")]
            "diagnosed" => Check::Diagnosed { cells: cells()?, card: id()? },
            #[cfg(feature = "lesson3")]
            "hit_rate" => Check::HitRate { cells: cells()?, percent: need(f.percent, kind, "percent")? },
            #[cfg(feature = "lesson3")]
            "no_stale_use" => Check::NoStaleUse,
            #[cfg(feature = "lesson3")]
            "ranks_above" => Check::RanksAbove { cells: cells()?, card: id()?, over: need(f.over, kind, "over")? },
            #[cfg(feature = "lesson3")]
            "diagnosis_stops" => Check::DiagnosisStops { cells: cells()?, card: id()?, at: need(f.at, kind, "at")? },
            "predicted" => Check::Predicted { cells: cells()? },
            "revealed" => Check::Revealed,
            "predicted_right" => Check::PredictedRight { cells: cells()? },
            "recorded_each" => Check::RecordedEach { changes: need(f.changes, kind, "changes")? },
            "all" => Check::All { all: need(f.all, kind, "all")? },
            "once" => Check::Once { key: Milestone(need(f.key, kind, "key")?), of: need(f.of, kind, "of")? },
            other => return Err(format!("no check is called `{other}`")),
        })
    }
}

impl<'de> Deserialize<'de> for Check {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Check, D::Error> {
        use serde::de::{Error, IgnoredAny, MapAccess, Visitor};
        struct Reader;
        impl<'de> Visitor<'de> for Reader {
            type Value = Check;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a check: its kind, or an object {kind: {fields}}")
            }

            fn visit_str<E: Error>(self, kind: &str) -> Result<Check, E> {
                Check::from_fields(kind, Fields::default()).map_err(E::custom)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Check, A::Error> {
                let Some(kind) = map.next_key::<String>()? else { return Err(A::Error::custom("a check names its kind")) };
                let fields: Fields = map.next_value()?;
                if map.next_key::<IgnoredAny>()?.is_some() {
                    return Err(A::Error::custom("a check names one kind"));
                }
                Check::from_fields(&kind, fields).map_err(A::Error::custom)
            }
        }
        deserializer.deserialize_any(Reader)
    }
}

/// One item of an exercise's goal: a check, with the words the panel
/// shows (the exercise's own, or the crate's words for the check).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goal {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Text>,
    pub check: Check,
}

/// A multiple-choice question; `answer` is the index of the right option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub prompt: Text,
    pub options: Vec<Text>,
    pub answer: usize,
    /// Shown once answered right: the point of the question.
    #[serde(default, skip_serializing_if = "Text::is_empty")]
    pub takeaway: Text,
}

/// An exercise, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercise {
    pub title: Text,
    #[serde(default, skip_serializing_if = "Text::is_empty")]
    pub task: Text,
    #[serde(default)]
    pub start: Start,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goal: Vec<Goal>,
    /// The hint ladder, unlocked one at a time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<Text>,
    /// Shown only after a confirmation; solving after it is recorded as
    /// solved with the solution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Start>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
    /// The control the task's first instruction names, as a CSS selector
    /// of the app (a screen hint, never a check: the journeys ask that it
    /// be on the first screen at every step of the built-in packs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_to: Option<String>,
    /// The panels the exercise works in, in the order it uses them (`act`,
    /// `cache`, `retention`, `groups`, `people`): the app shows them at the
    /// top of the inspector column beside the chart while the exercise is
    /// open. Unknown names are ignored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub panels: Vec<String>,
    /// The chart cell the exercise is about, as `user/agent`: the app
    /// opens its prompt when the step opens (lesson 3's exercise 5 is
    /// alice/writer-v1's task, not the first task's bob/checker-v1). A
    /// cell that is not in the chart is ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
}

/// The four-scope outcome the checks read, as the app keeps it (memoised
/// per edit), viewers in chart order.
#[derive(Clone, Copy)]
pub struct Views<'a> {
    pub viewers: &'a [ViewerId],
    /// Card indices each viewer retrieves.
    pub views: &'a [Vec<usize>],
    /// Leak alarms per view.
    pub leaks: &'a [Vec<Leak>],
    /// Forbidden (viewer, card) pairs per view.
    pub forbidden: &'a [usize],
    /// The re-identification probe's findings per view.
    pub reid: &'a [Vec<Finding>],
}

/// The same, owned: for callers (CLI, tests) that keep nothing memoised.
#[derive(Clone, Debug, Default)]
pub struct Evaluated {
    pub viewers: Vec<ViewerId>,
    pub views: Vec<Vec<usize>>,
    pub leaks: Vec<Vec<Leak>>,
    pub forbidden: Vec<usize>,
    pub reid: Vec<Vec<Finding>>,
}

impl Evaluated {
    /// The four-scope policy over the workspace now.
    pub fn of(ws: &Workspace) -> Evaluated {
        let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
        let views = eval.views();
        let probe = Probe::new(&ws.cards, ws.profiles());
        Evaluated {
            viewers: eval.viewers().map(ViewerId::from).collect(),
            leaks: eval.viewers().zip(&views).map(|(v, view)| eval.leaks_in(v, view)).collect(),
            forbidden: eval.viewers().zip(&views).map(|(v, view)| eval.forbidden_count(v, view)).collect(),
            reid: eval.viewers().zip(&views).map(|(v, view)| probe.in_view(&ws.cards, view, v.user)).collect(),
            views,
        }
    }

    pub fn views(&self) -> Views<'_> {
        Views { viewers: &self.viewers, views: &self.views, leaks: &self.leaks, forbidden: &self.forbidden, reid: &self.reid }
    }
}

/// A milestone: the key of a [`Check::Once`], remembered once its check
/// has held (`x-alarm`, `stale:A`, …). The pack names it, and a teacher's
/// pack may name its own, so it is the pack's key rather than a closed list.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Milestone(pub String);

impl Milestone {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Milestone {
    /// The milestone the app remembers when the learner presses Diagnose
    /// on `card` for `viewer` ([`Check::Diagnosed`] reads it):
    /// `diagnosed:user/agent:card`.
    pub fn diagnosed(viewer: &ViewerId, card: &str) -> Milestone {
        Milestone(format!("diagnosed:{}:{card}", viewer.key()))
    }
}

impl From<&str> for Milestone {
    fn from(key: &str) -> Milestone {
        Milestone(key.to_string())
    }
}

impl PartialEq<&str> for Milestone {
    fn eq(&self, key: &&str) -> bool {
        self.0 == *key
    }
}

/// A set of milestones is looked up by the key as written.
impl std::borrow::Borrow<str> for Milestone {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// A refusal of the write path that the learner saw, as [`Check::Refused`]
/// reads it: which act (its name, `publish`), on which card (empty for an
/// act on no card), by which actor, and the refusal's code
/// (`not_a_reviewer`).
///
/// Saved as an object. Works saved before were given the string
/// `act:card:actor:reason`, read here as the checks then read it (split at
/// the first three colons), so an old work's refusals count the same.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct RefusalSeen {
    pub act: String,
    pub card: String,
    pub actor: String,
    pub reason: String,
}

impl RefusalSeen {
    /// The form works were saved with before: `act:card:actor:reason`. A
    /// string without four parts is kept whole as the act, which no check
    /// names, so it counts as it did: for nothing.
    pub fn from_old(key: &str) -> RefusalSeen {
        match key.splitn(4, ':').collect::<Vec<_>>()[..] {
            [act, card, actor, reason] => {
                RefusalSeen { act: act.into(), card: card.into(), actor: actor.into(), reason: reason.into() }
            }
            _ => RefusalSeen { act: key.into(), card: String::new(), actor: String::new(), reason: String::new() },
        }
    }
}

impl<'de> Deserialize<'de> for RefusalSeen {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RefusalSeen, D::Error> {
        #[derive(Deserialize)]
        struct Fields {
            act: String,
            #[serde(default)]
            card: String,
            actor: String,
            reason: String,
        }
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = RefusalSeen;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a refusal seen: an object with act, card, actor and reason, or `act:card:actor:reason`")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<RefusalSeen, E> {
                Ok(RefusalSeen::from_old(key))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RefusalSeen, A::Error> {
                let Fields { act, card, actor, reason } = Fields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(RefusalSeen { act, card, actor, reason })
            }
        }
        deserializer.deserialize_any(Either)
    }
}

/// What the learner has done that checks read (kept by the app, saved
/// with the work).
#[derive(Clone, Copy)]
pub struct Learner<'a> {
    pub predictions: &'a BTreeMap<ViewerId, BTreeSet<String>>,
    pub revealed: bool,
    /// Exercise (by place in its pack) → the option chosen.
    pub answers: &'a BTreeMap<usize, usize>,
    /// Milestones remembered ([`Check::Once`] keys).
    pub seen: &'a BTreeSet<Milestone>,
    /// Refusals of the write path seen.
    pub refused: &'a BTreeSet<RefusalSeen>,
    /// The changes made at each scorecard record (see [`Check::RecordedEach`]).
    pub records: &'a [Vec<bool>],
    /// The earlier tick the learner is looking at, if any.
    pub tick: Option<u64>,
}

/// Everything a check reads.
pub struct Facts<'a> {
    pub ws: &'a Workspace,
    pub views: Views<'a>,
    pub learner: Learner<'a>,
    cache: OnceCell<CacheReplay<'a>>,
    /// The cache replay of `ws` already made by the caller (the app's one
    /// replay per work revision), used instead of `cache`.
    replayed: Option<&'a CacheReplay<'a>>,
    /// The log's entries as text, made once and only if a check asks.
    log: OnceCell<Vec<String>>,
    /// Lesson 2's start, for resolving the cells of an exercise that starts
    /// from it ([`Facts::with_lesson_two`]); without it, none.
    lesson_two: Option<fn(Lang) -> Workspace>,
    /// How the cache replay is made when no replay was given
    /// ([`Facts::with_cache`]): `replay_cache` ([`Facts::new`]), or none
    /// ([`Facts::of`]: the cache is then empty).
    replayer: Option<fn(&'a Workspace) -> CacheReplay<'a>>,
    /// A start's card ids, read once and only if a check measures against
    /// them ([`Facts::start_cards`]).
    #[cfg(feature = "lesson3")]
    start: OnceCell<(Start, BTreeSet<String>)>,
    /// How [`Check::AssertionsHold`] runs the work's assertions:
    /// `all_hold` in `crate::assertion` ([`Facts::new`]), or none ([`Facts::of`]:
    /// it then fails), so that a program that reads no such goal never
    /// carries them ([`Facts::with_assertions`]).
    assertions: Option<fn(&Facts<'_>) -> bool>,
}

impl<'a> Facts<'a> {
    /// Every canary that reaches another user, in a view, the cache or a
    /// prompt ([`crate::leaks::leaks_anywhere`]), from these facts' views
    /// and their one cache replay.
    pub fn leaks_anywhere(&self) -> Vec<(crate::leaks::Place, Leak)> {
        crate::leaks::leaks_anywhere(self.ws, self.views.viewers, self.views.leaks, self.cache().leaks())
    }

    /// These facts replaying the cache themselves when a check asks
    /// (`replay_cache`) and none was given ([`Facts::with_cache`]).
    pub fn replaying(self) -> Facts<'a> {
        Facts { replayer: Some(replay_cache), ..self }
    }

    /// Facts that make no cache replay of their own: the caller gives one
    /// ([`Facts::with_cache`]) whenever its pack reads the cache
    /// ([`Pack::reads_cache`](crate::Pack::reads_cache)); without one the
    /// cache is empty. A program that keeps the replay apart (the app
    /// reads it from a part of its own, issue 28) uses these, so that
    /// reading no cache never carries the replay.
    pub fn of(ws: &'a Workspace, views: Views<'a>, learner: Learner<'a>) -> Facts<'a> {
        Facts {
            ws,
            views,
            learner,
            cache: OnceCell::new(),
            replayed: None,
            log: OnceCell::new(),
            lesson_two: None,
            replayer: None,
            #[cfg(feature = "lesson3")]
            start: OnceCell::new(),
            assertions: None,
        }
    }

    /// These facts with lesson 2's start from `start`
    /// ([`Start::workspace_with`]): a result code's cells of an exercise
    /// that starts from lesson 2 are resolved against it. Without it they
    /// are resolved against an empty workspace (none), so that a program
    /// reading no lesson-2 exercise never carries lesson 2's start.
    pub fn with_lesson_two(self, start: fn(Lang) -> Workspace) -> Facts<'a> {
        Facts { lesson_two: Some(start), ..self }
    }

    /// An exercise's predicted cells as a result code records them
    /// ([`Exercise::code_cells_with`], lesson 2's start from these facts).
    pub fn code_cells(&self, exercise: &Exercise) -> Vec<ViewerId> {
        let lesson_two = self.lesson_two;
        exercise.code_cells_with(|lang| lesson_two.map_or_else(Workspace::default, |start| start(lang)))
    }

    /// These facts with the work's assertions run by `judge`
    /// (`all_hold` in `crate::assertion`, from wherever the program keeps it).
    pub fn with_assertions(self, judge: fn(&Facts<'_>) -> bool) -> Facts<'a> {
        Facts { assertions: Some(judge), ..self }
    }

    /// These facts with `ws`'s cache replay already made (`replay_cache(ws)`,
    /// the caller's own, shared with what else it shows): the checks then
    /// replay nothing.
    pub fn with_cache(self, replayed: &'a CacheReplay<'a>) -> Facts<'a> {
        Facts { replayed: Some(replayed), ..self }
    }

    /// Where `text` is still found ([`crate::traces`]), from these facts'
    /// views, the one cache replay and the log's texts made once: however
    /// many checks ask, the workspace is not evaluated again.
    pub fn traces(&self, text: &str) -> Traces {
        let log = self.log.get_or_init(|| log_texts(self.ws));
        traces_with(self.ws, self.views.viewers, self.views.views, self.cache(), log, text)
    }

    /// The cache replay, made once and only if a check asks for it.
    pub(crate) fn cache(&self) -> &CacheReplay<'a> {
        match self.replayed {
            Some(replayed) => replayed,
            None => self.cache.get_or_init(|| match self.replayer {
                Some(replay) => replay(self.ws),
                None => CacheReplay { config: None, reads: Vec::new(), purges: Vec::new() },
            }),
        }
    }

    /// The ids of the cards `start` has (the same in either language): a
    /// baseline measured on the start's cards counts only these.
    #[cfg(feature = "lesson3")]
    fn start_cards(&self, start: &Start) -> BTreeSet<String> {
        let lesson_two = self.lesson_two;
        let read = || {
            let ws = start.workspace_with(Lang::En, |l| lesson_two.map_or_else(Workspace::default, |two| two(l)));
            let mut ids = BTreeSet::new();
            for card in &ws.cards {
                ids.insert(card.id.clone());
            }
            ids
        };
        match self.start.get() {
            Some((kept, ids)) if kept == start => ids.clone(),
            Some(_) => read(),
            None => self.start.get_or_init(|| (start.clone(), read())).1.clone(),
        }
    }

    fn viewer(&self, id: &ViewerId) -> Option<usize> {
        self.views.viewers.iter().position(|v| v == id)
    }

    fn sees(&self, v: usize, cards: &[usize]) -> bool {
        self.views.views.get(v).is_some_and(|view| view.iter().any(|i| cards.contains(i)))
    }

    fn ids(&self, v: usize) -> BTreeSet<String> {
        // Inserted one by one: a collected set sorts its input first, and
        // each sort costs kilobytes of wasm.
        let mut ids = BTreeSet::new();
        for &i in &self.views.views[v] {
            ids.insert(self.ws.cards[i].id.clone());
        }
        ids
    }

    /// Whether the learner's prediction for a cell is right now: `None`
    /// when the cell has no prediction or is not in the chart.
    pub fn predicted(&self, cell: &ViewerId) -> Option<bool> {
        let predicted = self.learner.predictions.get(cell)?;
        let v = self.viewer(cell)?;
        Some(*predicted == self.ids(v))
    }

    /// The writer's names of a card (its key, user and agent).
    fn writer_names(&self, id: &str) -> Vec<String> {
        let writer = self.ws.cards.iter().find(|c| c.id == id).and_then(|c| c.life()?.writer());
        writer.iter().flat_map(|w| [w.key(), w.user.clone(), w.agent.clone()]).collect()
    }

    fn logged(&self, action: Action, card: &str, reason: Option<&str>) -> bool {
        self.ws.events().any(|(_, e)| {
            e.action == action && e.card.as_deref() == Some(card) && reason.is_none_or(|r| e.reason.as_deref() == Some(r))
        })
    }

    fn cache_clean(&self) -> bool {
        let replay = self.cache();
        replay.leaks().count() == 0 && replay.stale().count() == 0
    }
}

impl Check {
    /// Whether this check reads the cache replay (itself, or a check it
    /// holds): a pack with one needs the replay ([`Facts::of`]).
    pub fn reads_cache(&self) -> bool {
        match self {
            Check::TracesClear { .. } | Check::CacheClean | Check::NoLeakAnywhere | Check::AssertionsHold => true,
            Check::All { all } => all.iter().any(Check::reads_cache),
            Check::Once { of, .. } => of.reads_cache(),
            _ => false,
        }
    }

    /// A check that must hold together with others.
    pub fn all(all: Vec<Check>) -> Check {
        Check::All { all }
    }

    /// Whether the check holds now.
    pub fn holds(&self, f: &Facts<'_>) -> bool {
        let ws = f.ws;
        let first = |card: &CardRef| card.indices(ws).into_iter().next();
        match self {
            Check::UserExists { user } => ws.users.contains(user),
            Check::AgentExists { agent } => ws.agents.contains(agent),
            Check::UserCount { at_least } => ws.users.len() >= *at_least,
            Check::Stranger => ws
                .users
                .iter()
                .any(|u| !ws.cards.iter().any(|c| c.owner_user == *u) && ws.canaries.of_user(u).is_empty()),
            Check::Retrieves { cells, card } => {
                let cards = card.indices(ws);
                let cells = cells.resolve(ws);
                !cells.is_empty() && cells.iter().all(|c| f.viewer(c).is_some_and(|v| f.sees(v, &cards)))
            }
            Check::NotRetrieves { cells, card } => {
                let cards = card.indices(ws);
                cells.resolve(ws).iter().all(|c| f.viewer(c).is_none_or(|v| !f.sees(v, &cards)))
            }
            Check::Reaches { card } => {
                let cards = card.indices(ws);
                (0..f.views.views.len()).any(|v| f.sees(v, &cards))
            }
            Check::ReachesGroup { card, group } => {
                let cards = card.indices(ws);
                let Some(members) = ws.groups().and_then(|g| g.members(group)) else { return false };
                let reached: Vec<&String> = ws
                    .users
                    .iter()
                    .filter(|u| {
                        !cards.is_empty()
                            && ws.agents.iter().all(|a| f.viewer(&ViewerId::new(u.as_str(), a.as_str())).is_some_and(|v| f.sees(v, &cards)))
                    })
                    .collect();
                reached.len() == members.len() && reached.iter().all(|u| members.contains(u))
            }
            Check::NoLeak => f.views.leaks.iter().all(Vec::is_empty),
            Check::NoLeakAnywhere => f.leaks_anywhere().is_empty(),
            Check::LeakBy { card } => f.views.leaks.iter().flatten().any(|l| l.card == *card),
            Check::SinglesOut { card } => {
                let cards = card.indices(ws);
                f.views.reid.iter().flatten().any(|x| x.singles_out() && cards.contains(&x.index))
            }
            Check::ProbeClean { card } => {
                let cards = card.indices(ws);
                !f.views.reid.iter().flatten().any(|x| cards.contains(&x.index))
            }
            Check::ScorecardsPerfect => f.views.forbidden.iter().sum::<usize>() == 0,
            Check::Accepted { card, owner, scope } => {
                let candidates: Vec<usize> = match card {
                    Some(card) => card.indices(ws),
                    None => (0..ws.cards.len()).collect(),
                };
                candidates.iter().any(|&i| {
                    let c = &ws.cards[i];
                    owner.as_ref().is_none_or(|o| c.owner_user == *o)
                        && matches!(check(c), Ok(a) if scope.is_none_or(|s| a.scope == s))
                })
            }
            Check::Rejected { card, reason } => first(card)
                .is_some_and(|i| matches!(check(&ws.cards[i]), Err(r) if reason.as_ref().is_none_or(|code| r.code() == code))),
            Check::Approved { card, approved } => first(card).is_some_and(|i| ws.cards[i].share_approved == *approved),
            Check::Stream { card, stream } => first(card).is_some_and(|i| labelled_stream(&ws.cards[i]) == Some(*stream)),
            Check::Absent { card } => !ws.cards.iter().any(|c| c.id == *card),
            Check::Owner { card, user, agent } => first(card).is_some_and(|i| {
                let c = &ws.cards[i];
                user.as_ref().is_none_or(|u| c.owner_user == *u) && agent.as_ref().is_none_or(|a| c.owner_agent == *a)
            }),
            Check::Status { card, status } => first(card).is_some_and(|i| ws.cards[i].status() == *status),
            Check::Tombstone { card } => first(card).is_some_and(|i| ws.cards[i].is_tombstone()),
            Check::Tier { card, tier } => first(card).and_then(|i| ws.cards[i].life()?.tier()) == Some(*tier),
            Check::PublishedBy { card, reviewer } => first(card).is_some_and(|i| {
                let c = &ws.cards[i];
                let writer = c.life().and_then(|l| l.writer());
                let names: Vec<String> = writer.iter().flat_map(|w| [w.key(), w.user.clone(), w.agent.clone()]).collect();
                let approver = c.life().and_then(|l| l.approved_by.as_ref());
                c.status() == Status::Accepted
                    && (*reviewer || writer.is_some())
                    && approver.is_some_and(|r| !names.contains(r) && (!*reviewer || ws.reviewers().contains(r)))
            }),
            Check::Logged { action, card, reason } => f.logged(*action, card, reason.as_deref()),
            Check::ClockAtLeast { tick } => ws.clock() >= *tick,
            Check::Refused { act, actors, writer_of, reasons } => {
                let mut names = actors.clone();
                if let Some(id) = writer_of {
                    names.extend(f.writer_names(id));
                }
                f.learner.refused.iter().any(|seen| {
                    seen.act == *act && names.contains(&seen.actor) && reasons.contains(&seen.reason)
                })
            }
            Check::RolledBackAsBefore { card, replaced } => {
                let g2 = ws.cards.iter().position(|c| c.id == *card);
                let rolled_back = g2.is_some_and(|i| ws.cards[i].status() == Status::RolledBack);
                let published_at = ws
                    .events()
                    .find(|(_, e)| e.action == Action::Publish && e.card.as_deref() == Some(card.as_str()))
                    .map(|(_, e)| e.tick);
                match (rolled_back, published_at, ws.cards.iter().position(|c| c.id == *replaced)) {
                    (true, Some(t), Some(g)) if t > 0 => {
                        let before = Evaluation::at(ws, &ws.query, Policy::FourScope, t - 1).views();
                        let now = f.views.views;
                        before.len() == now.len()
                            && before.iter().zip(now).all(|(then, now)| then.contains(&g) == now.contains(&g))
                            && now.iter().all(|view| g2.is_none_or(|i| !view.contains(&i)))
                    }
                    _ => false,
                }
            }
            Check::TracesClear { text } => f.traces(text).is_clear(),
            Check::CacheLeaks => f.cache().leaks().count() > 0,
            Check::CacheClean => f.cache_clean(),
            Check::CachePurges => ws.cache.as_ref().and_then(|c| c.good()).is_some_and(|c| c.purges()),
            Check::StaleServed { card } => f.cache().stale().any(|r| r.stale.contains(&card.as_str())),
            Check::BeforeDeletion { card } => f.learner.tick.is_some_and(|t| {
                ws.events().any(|(_, e)| e.action == Action::Delete && e.tick > t && e.card.as_deref() == Some(card.as_str()))
            }),
            Check::GroupSize { group, members } => ws
                .groups()
                .and_then(|g| g.members(group))
                .is_some_and(|m| m.len() == *members && m.iter().all(|u| ws.users.contains(u))),
            Check::AssertionsHold => f.assertions.is_some_and(|judge| judge(f)),
            #[cfg(feature = "lesson3")]
            Check::InPrompt { cells, card } => {
                let cards = card.indices(ws);
                let cells = cells.resolve(ws);
                !cells.is_empty() && cells.iter().all(|c| cards.iter().any(|&i| prompt_of(ws, c).1.is_loaded(i)))
            }
            #[cfg(feature = "lesson3")]
            Check::NotInPrompt { cells, card } => {
                let cards = card.indices(ws);
                cells.resolve(ws).iter().all(|c| {
                    let (_, prompt) = prompt_of(ws, c);
                    !cards.iter().any(|&i| prompt.is_loaded(i))
                })
            }
            #[cfg(feature = "lesson3")]
            Check::TotalBudgetAtMost { tokens } => {
                ws.prompt_config().and_then(|c| c.total()).is_some_and(|total| total <= *tokens)
            }
            #[cfg(feature = "lesson3")]
            Check::StartupAtMost { cells, percent, baseline } => {
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, _) = task_for(ws, c.viewer(), None);
                        let assembler = Assembler::new(ws, query);
                        let prompt = assembler.prompt(c.viewer());
                        // On the start's cards: a card added since (one no
                        // task reads, say) never raises the baseline.
                        let base = match baseline {
                            None => prompt.baseline_tokens,
                            Some(start) => {
                                let ids = f.start_cards(start);
                                prompt.view.iter().filter(|&&i| ids.contains(&ws.cards[i].id)).map(|&i| assembler.tokens(i)).fold(0u64, u64::saturating_add)
                            }
                        };
                        // The same rounding as the figure shown (rounded up).
                        mixua_policy::prompt::startup_percent(prompt.startup_tokens(), base) <= *percent
                    })
            }
            #[cfg(feature = "lesson3")]
            Check::OnDemand { cells, source } => {
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, _) = task_for(ws, c.viewer(), None);
                        let assembler = Assembler::new(ws, query);
                        let prompt = assembler.prompt(c.viewer());
                        let mine: Vec<usize> = prompt.view.iter().copied().filter(|&i| assembler.source(i) == *source).collect();
                        !mine.is_empty()
                            && mine.iter().all(|&i| {
                                matches!(assembler.layer(i), Layer::Retrieved | Layer::Tool)
                                    && prompt.dropped(i).is_none_or(|d| !d.reason.is_budget())
                            })
                    })
            }
            #[cfg(feature = "lesson3")]
            Check::WinsOnlyBy { cells, card, over, weight } => {
                let (Some(a), Some(b)) = (ws.cards.iter().position(|c| c.id == *card), ws.cards.iter().position(|c| c.id == *over)) else {
                    return false;
                };
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, _) = task_for(ws, c.viewer(), None);
                        let assembler = Assembler::new(ws, query);
                        let weights = assembler.config.weights.unwrap_or_default();
                        let (ours, theirs) = (assembler.score(a), assembler.score(b));
                        ours.total > theirs.total && total_without(ours, &weights, weight) <= total_without(theirs, &weights, weight)
                    })
            }
            #[cfg(feature = "lesson3")]
            Check::Diagnosed { cells, card } => {
                let cells = cells.resolve(ws);
                !cells.is_empty() && cells.iter().all(|c| f.learner.seen.contains(&Milestone::diagnosed(c, card)))
            }
            #[cfg(feature = "lesson3")]
            Check::HitRate { cells, percent } => {
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, gold) = task_for(ws, c.viewer(), None);
                        let assembler = Assembler::new(ws, query);
                        let prompt = assembler.prompt(c.viewer());
                        gold.is_some_and(|g| {
                            assembler.metrics(&prompt, Some(g)).hit.and_then(|h| h.percent()).is_some_and(|p| p >= *percent)
                        })
                    })
            }
            #[cfg(feature = "lesson3")]
            Check::NoStaleUse => f.views.viewers.iter().all(|c| {
                let (query, _) = task_for(ws, c.viewer(), None);
                let assembler = Assembler::new(ws, query);
                // The prompt and the response cache alike: every answer
                // served to the task.
                assembler.metrics(&assembler.prompt(c.viewer()), None).stale_use() == 0
            }),
            #[cfg(feature = "lesson3")]
            Check::RanksAbove { cells, card, over } => {
                let (Some(a), Some(b)) = (ws.cards.iter().position(|c| c.id == *card), ws.cards.iter().position(|c| c.id == *over)) else {
                    return false;
                };
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, _) = task_for(ws, c.viewer(), None);
                        let assembler = Assembler::new(ws, query);
                        assembler.score(a).total > assembler.score(b).total && assembler.prompt(c.viewer()).is_loaded(a)
                    })
            }
            #[cfg(feature = "lesson3")]
            Check::DiagnosisStops { cells, card, at } => {
                let cells = cells.resolve(ws);
                !cells.is_empty()
                    && cells.iter().all(|c| {
                        let (query, _) = task_for(ws, c.viewer(), None);
                        diagnose(ws, c.viewer(), card, query).stop == Some(*at)
                    })
            }
            Check::Predicted { cells } => cells.resolve(ws).iter().all(|c| f.learner.predictions.contains_key(c)),
            Check::Revealed => f.learner.revealed,
            Check::PredictedRight { cells } => {
                let cells = cells.resolve(ws);
                !cells.is_empty() && cells.iter().all(|c| f.predicted(c) == Some(true))
            }
            Check::RecordedEach { changes } => {
                let records = f.learner.records;
                records.iter().any(|r| r.iter().all(|c| !c))
                    && (0..*changes).all(|n| records.iter().any(|r| r.get(n) == Some(&true)))
            }
            Check::All { all } => all.iter().all(|c| c.holds(f)),
            Check::Once { key, .. } => f.learner.seen.contains(key),
        }
    }

    /// Every check inside this one, this one first.
    pub fn walk<'c>(&'c self, out: &mut Vec<&'c Check>) {
        out.push(self);
        match self {
            Check::All { all } => all.iter().for_each(|c| c.walk(out)),
            Check::Once { of, .. } => of.walk(out),
            _ => {}
        }
    }
}

/// A cell's prompt for its task (the query of its first task, else the
/// workspace's).
#[cfg(feature = "lesson3")]
fn prompt_of<'w>(ws: &'w Workspace, cell: &ViewerId) -> (&'w str, mixua_policy::prompt::Prompt) {
    let (query, _) = task_for(ws, cell.viewer(), None);
    (query, Assembler::new(ws, query).prompt(cell.viewer()))
}

/// The ranking weights a [`Check::WinsOnlyBy`] may name.
#[cfg(feature = "lesson3")]
pub const WEIGHTS: [&str; 4] = ["relevance", "recency", "review", "reliability"];

/// A score's total with one weight's part taken out.
#[cfg(feature = "lesson3")]
fn total_without(score: Score, weights: &Weights, weight: &str) -> u64 {
    let part = match weight {
        "relevance" => weights.relevance.saturating_mul(score.relevance),
        "recency" => weights.recency.saturating_mul(score.recency),
        "review" => weights.review.saturating_mul(score.review),
        "reliability" => weights.reliability.saturating_mul(score.reliability),
        _ => 0,
    };
    score.total.saturating_sub(part)
}

/// One item of the goal as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub label: String,
    pub done: bool,
}

impl Exercise {
    /// Whether every item holds now and the question, if any, is answered
    /// right (`place`: the exercise's place in its pack, which keys the
    /// answers).
    pub fn holds(&self, place: usize, f: &Facts<'_>) -> bool {
        self.goal.iter().all(|g| g.check.holds(f))
            && self.question.as_ref().is_none_or(|q| f.learner.answers.get(&place) == Some(&q.answer))
    }

    /// The cells the exercise asks the learner to predict: only they are
    /// graded on reveal (`None`: the exercise grades no prediction).
    pub fn graded_cells(&self, ws: &Workspace) -> Option<BTreeSet<ViewerId>> {
        let cells = self.predicted_cells();
        // Inserted one by one: a collected set sorts its input first, and
        // each sort costs kilobytes of wasm.
        (!cells.is_empty()).then(|| {
            let mut set = BTreeSet::new();
            for cell in cells.iter().flat_map(|c| c.resolve(ws)) {
                set.insert(cell);
            }
            set
        })
    }

    /// The cells of every [`Check::PredictedRight`] (an exercise may ask for
    /// several cells one check at a time).
    pub fn predicted_cells(&self) -> Vec<&Cells> {
        let mut checks = Vec::new();
        self.goal.iter().for_each(|g| g.check.walk(&mut checks));
        checks
            .into_iter()
            .filter_map(|c| match c {
                Check::PredictedRight { cells } => Some(cells),
                _ => None,
            })
            .collect()
    }

    /// The predicted cells as a result code records them: resolved against
    /// the exercise's start, so that a code can be read with the pack alone;
    /// each cell once, in the order the checks name them.
    pub fn code_cells(&self) -> Vec<ViewerId> {
        self.code_cells_with(lesson_two_workspace)
    }

    /// The same, with lesson 2's start from `lesson_two`
    /// ([`Start::workspace_with`]).
    pub fn code_cells_with(&self, lesson_two: impl FnOnce(Lang) -> Workspace) -> Vec<ViewerId> {
        let cells = self.predicted_cells();
        if cells.is_empty() {
            return Vec::new();
        }
        let start = self.start.workspace_with(Lang::En, lesson_two);
        let mut out: Vec<ViewerId> = Vec::new();
        for cell in cells.iter().flat_map(|c| c.resolve(&start)) {
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
        out
    }
}
