//! What reaches the prompt: of everything a viewer may read now, which
//! cards an agent's prompt is assembled from for one task, in which order,
//! at what cost in tokens, and why every other card was left out.
//!
//! The assembly starts from exactly the viewer's view under the four-scope
//! policy at the workspace's clock ([`Evaluation::view`] with the empty
//! query: the in-effect gate, then the content, filing and reading gates).
//! Nothing else can ever be in a prompt. It then builds three layers
//! (seed 001 §18.8's injection patterns, seed 003 step 4's working set):
//!
//! - **always**: stable rules and goals, loaded at the start;
//! - **retrieved**: the cards the task's query finds, ranked by [`Weights`],
//!   the best `top_k`;
//! - **tool**: referenced, never loaded; the agent fetches them on demand.
//!
//! Each source (a card's [`Kind`], or `untyped`) draws on its own token
//! budget, or on the `shared` one when it has none, or is unlimited. A
//! budget is filled in one documented order ([`Class`]): held and
//! high-risk cards first (they are never dropped for budget), then the
//! always layer before the retrieved one, and within a layer goals, then
//! constraints, then current evidence, then history, then the system's own
//! notes; ties by score, then by card order. A budget stops at the first
//! card that does not fit: a lower card never jumps ahead of a higher one,
//! which is also why raising a budget never removes a card.
//!
//! Token counts are an estimate ([`estimate_tokens`]), not a model's
//! tokenizer; a card may state its own with `tokens`.
//!
//! The optional workspace keys `prompt` ([`PromptConfig`]) and `tasks`
//! ([`Tasks`]) and the optional card keys `load`, `risk`, `tokens`,
//! `reliability` and `uses` ([`CardKeys`]) are all this reads; a workspace
//! without them evaluates exactly as before, and its prompts load every
//! card of the view that its query finds.

use serde::Serialize;
use serde_json::Value;

use crate::card::{Card, Kind};
use crate::eval::{Evaluation, Leak};
use crate::lifecycle::took_effect;
use crate::log::{object, Expect, Lenient, Unreadable};
use crate::policy::{matches_query, Policy};
use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

/// Where a card's tokens are counted: its kind, or `untyped` without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Working,
    Episodic,
    Semantic,
    Procedural,
    Meta,
    Untyped,
}

impl Source {
    pub const ALL: [Source; 6] =
        [Source::Working, Source::Procedural, Source::Semantic, Source::Episodic, Source::Meta, Source::Untyped];

    pub fn of(card: &Card) -> Source {
        match card.life().and_then(|l| l.kind()) {
            Some(Kind::Working) => Source::Working,
            Some(Kind::Episodic) => Source::Episodic,
            Some(Kind::Semantic) => Source::Semantic,
            Some(Kind::Procedural) => Source::Procedural,
            Some(Kind::Meta) => Source::Meta,
            None => Source::Untyped,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Working => "working",
            Source::Episodic => "episodic",
            Source::Semantic => "semantic",
            Source::Procedural => "procedural",
            Source::Meta => "meta",
            Source::Untyped => "untyped",
        }
    }

    pub fn parse(text: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The priority class of a card of this source that is not held or
    /// high-risk: goals, constraints, evidence, history, the system's notes.
    fn class(self) -> Class {
        match self {
            Source::Working => Class::Goal,
            Source::Procedural => Class::Constraint,
            Source::Semantic | Source::Untyped => Class::Evidence,
            Source::Episodic => Class::History,
            Source::Meta => Class::Meta,
        }
    }
}

/// The budget name that sources without their own budget share.
pub const SHARED: &str = "shared";

/// The documented priority order a budget is filled in, first to last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Held or high-risk: hard-retained, never dropped for budget.
    Hard,
    /// The current task's goals (working memory).
    Goal,
    /// Rules and checked procedures (procedural).
    Constraint,
    /// Facts and current evidence (semantic, or no kind).
    Evidence,
    /// What happened (episodic).
    History,
    /// The system's notes about itself (meta).
    Meta,
}

/// How a card is injected (seed 001 §18.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// Always in, loaded at the start.
    Always,
    /// Found by the task's query, ranked, the best `top_k`.
    Retrieved,
    /// Referenced, never loaded: fetched by a tool on demand.
    Tool,
}

impl Layer {
    pub const ALL: [Layer; 3] = [Layer::Always, Layer::Retrieved, Layer::Tool];

    pub fn as_str(self) -> &'static str {
        match self {
            Layer::Always => "always",
            Layer::Retrieved => "retrieved",
            Layer::Tool => "tool",
        }
    }

    /// The spelling of the card key `load`.
    pub fn parse(text: &str) -> Option<Layer> {
        Layer::ALL.into_iter().find(|l| l.as_str() == text)
    }

    /// The layer a card of this source is in when it does not say: goals
    /// and rules always, the system's notes by tool, the rest retrieved.
    pub fn default_for(source: Source) -> Layer {
        match source {
            Source::Working | Source::Procedural => Layer::Always,
            Source::Meta => Layer::Tool,
            Source::Semantic | Source::Episodic | Source::Untyped => Layer::Retrieved,
        }
    }
}

/// The ranking weights (the `prompt.weights` key). Usage is not among
/// them: how often a card was used says it is popular, not that it is
/// right (seed 003's "hit rate taken for correctness").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Weights {
    pub relevance: u64,
    pub recency: u64,
    pub review: u64,
    pub reliability: u64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { relevance: 4, recency: 1, review: 2, reliability: 1 }
    }
}

impl Weights {
    pub const KEYS: [&'static str; 4] = ["relevance", "recency", "review", "reliability"];
}

/// The workspace's optional `prompt` key:
///
/// ```json
/// "prompt": {"budgets": {"procedural": 40, "episodic": 60, "shared": 120},
///            "top_k": 3,
///            "load": {"episodic": "tool"},
///            "weights": {"relevance": 4, "recency": 1, "review": 2, "reliability": 1}}
/// ```
///
/// `budgets` maps a source (`working`, `episodic`, `semantic`,
/// `procedural`, `meta`, `untyped`) or `shared` to tokens; `top_k` bounds
/// the retrieved layer; `load` sets a source's layer (a card's own `load`
/// comes first); `weights` sets the ranking. Everything left out is
/// unlimited (or the default layer, the default weights).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromptConfig {
    /// (source name or `shared`, tokens), in key order as read.
    pub budgets: Vec<(String, u64)>,
    pub top_k: Option<u64>,
    /// A source's layer, for its cards that do not name one.
    pub load: Vec<(Source, Layer)>,
    pub weights: Option<Weights>,
}

impl PromptConfig {
    /// The budget written for a source name (or `shared`).
    pub fn budget(&self, name: &str) -> Option<u64> {
        self.budgets.iter().find(|(n, _)| n == name).map(|(_, b)| *b)
    }

    /// The layer written for a source.
    pub fn load(&self, source: Source) -> Option<Layer> {
        self.load.iter().find(|(s, _)| *s == source).map(|(_, l)| *l)
    }

    /// Sets (or, with `None`, removes) a source's layer.
    pub fn set_load(&mut self, source: Source, layer: Option<Layer>) {
        self.load.retain(|(s, _)| *s != source);
        if let Some(layer) = layer {
            self.load.push((source, layer));
        }
    }

    /// Sets (or, with `None`, removes) one budget, keeping the others' order.
    pub fn set_budget(&mut self, name: &str, tokens: Option<u64>) {
        match (self.budgets.iter().position(|(n, _)| n == name), tokens) {
            (Some(i), Some(t)) => self.budgets[i].1 = t,
            (Some(i), None) => {
                self.budgets.remove(i);
            }
            (None, Some(t)) => self.budgets.push((name.to_string(), t)),
            (None, None) => {}
        }
    }

    /// The total budget: the sum of every budget written, when every source
    /// is bounded (by its own budget or the shared one); `None` otherwise.
    pub fn total(&self) -> Option<u64> {
        let bounded = self.budget(SHARED).is_some() || Source::ALL.iter().all(|s| self.budget(s.as_str()).is_some());
        bounded.then(|| self.budgets.iter().map(|(_, b)| b).sum())
    }
}

impl Serialize for PromptConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        if !self.budgets.is_empty() {
            let budgets: serde_json::Map<String, Value> =
                self.budgets.iter().map(|(n, b)| (n.clone(), Value::from(*b))).collect();
            map.serialize_entry("budgets", &budgets)?;
        }
        if let Some(k) = self.top_k {
            map.serialize_entry("top_k", &k)?;
        }
        if !self.load.is_empty() {
            let load: serde_json::Map<String, Value> =
                self.load.iter().map(|(s, l)| (s.as_str().to_string(), Value::from(l.as_str()))).collect();
            map.serialize_entry("load", &load)?;
        }
        if let Some(w) = &self.weights {
            map.serialize_entry("weights", w)?;
        }
        map.end()
    }
}

impl Lenient for PromptConfig {
    fn read(key: &str, value: &Value) -> Result<PromptConfig, Unreadable> {
        let map = object(key, value, &["budgets", "top_k", "load", "weights"])?;
        let mut config = PromptConfig::default();
        if let Some(budgets) = map.get("budgets").filter(|v| !v.is_null()) {
            let Value::Object(budgets) = budgets else {
                return Err(Unreadable::WrongType {
                    key: "budgets".into(),
                    expected: Expect::Object,
                    found: crate::card::JsonKind::of(budgets),
                });
            };
            for (name, tokens) in budgets {
                if name != SHARED && Source::parse(name).is_none() {
                    return Err(Unreadable::UnknownWord { key: "budgets".into(), word: name.clone() });
                }
                config.budgets.push((name.clone(), u64::read(name, tokens)?));
            }
        }
        if let Some(k) = map.get("top_k").filter(|v| !v.is_null()) {
            config.top_k = Some(u64::read("top_k", k)?);
        }
        if let Some(load) = map.get("load").filter(|v| !v.is_null()) {
            let load = object("load", load, &Source::ALL.map(Source::as_str))?;
            for (name, layer) in load {
                let source = Source::parse(name).expect("the keys are checked above");
                let word = layer.as_str().ok_or_else(|| wrong_type(name, Expect::Text, layer))?;
                let layer = Layer::parse(word).ok_or_else(|| Unreadable::UnknownWord { key: name.clone(), word: word.into() })?;
                config.load.push((source, layer));
            }
        }
        if let Some(w) = map.get("weights").filter(|v| !v.is_null()) {
            let w = object("weights", w, &Weights::KEYS)?;
            let mut weights = Weights::default();
            for (name, slot) in Weights::KEYS.into_iter().zip([
                &mut weights.relevance,
                &mut weights.recency,
                &mut weights.review,
                &mut weights.reliability,
            ]) {
                if let Some(v) = w.get(name) {
                    *slot = u64::read(name, v)?;
                }
            }
            config.weights = Some(weights);
        }
        Ok(config)
    }
}

/// One task (an entry of the workspace's optional `tasks` key): a viewer,
/// the query it asks with, and the cards the task needs, its gold set.
///
/// ```json
/// "tasks": [{"viewer": "bob/checker-v1", "query": "報告", "gold": ["S", "G2"]}]
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Task {
    pub viewer: ViewerId,
    pub query: String,
    pub gold: Vec<String>,
}

/// The workspace's `tasks`, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Tasks(pub Vec<Task>);

impl Tasks {
    /// The first task of this viewer.
    pub fn of(&self, viewer: Viewer<'_>) -> Option<&Task> {
        self.0.iter().find(|t| t.viewer.is(viewer))
    }
}

impl Lenient for Tasks {
    fn read(key: &str, value: &Value) -> Result<Tasks, Unreadable> {
        let Value::Array(items) = value else {
            return Err(Unreadable::WrongType { key: key.into(), expected: Expect::List, found: crate::card::JsonKind::of(value) });
        };
        let mut tasks = Vec::new();
        for item in items {
            let map = object("task", item, &["viewer", "query", "gold"])?;
            let viewer = match map.get("viewer") {
                Some(Value::String(v)) => {
                    ViewerId::parse_key(v).ok_or_else(|| Unreadable::UnknownWord { key: "viewer".into(), word: v.clone() })?
                }
                Some(other) => {
                    return Err(Unreadable::WrongType {
                        key: "viewer".into(),
                        expected: Expect::Text,
                        found: crate::card::JsonKind::of(other),
                    })
                }
                None => return Err(Unreadable::Missing { key: "viewer".into() }),
            };
            let query = match map.get("query") {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(q)) => q.clone(),
                Some(other) => {
                    return Err(Unreadable::WrongType {
                        key: "query".into(),
                        expected: Expect::Text,
                        found: crate::card::JsonKind::of(other),
                    })
                }
            };
            let gold = match map.get("gold") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(ids)) => ids
                    .iter()
                    .map(|id| {
                        id.as_str().map(str::to_string).ok_or_else(|| Unreadable::WrongType {
                            key: "gold".into(),
                            expected: Expect::Text,
                            found: crate::card::JsonKind::of(id),
                        })
                    })
                    .collect::<Result<_, _>>()?,
                Some(other) => {
                    return Err(Unreadable::WrongType {
                        key: "gold".into(),
                        expected: Expect::List,
                        found: crate::card::JsonKind::of(other),
                    })
                }
            };
            tasks.push(Task { viewer, query, gold });
        }
        Ok(Tasks(tasks))
    }
}

/// How much a card counts as a risk to forget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Risk {
    Normal,
    /// A rare rule that must not be missing when needed (a safety policy,
    /// a revocation list): hard-retained like a held card.
    High,
}

/// The card keys the prompt reads (kept among a card's unknown keys, so a
/// card file round-trips unchanged):
///
/// - `load`: `always`, `retrieved` or `tool` (default by kind, [`Layer::default_for`]);
/// - `risk`: `high` or `normal`;
/// - `tokens`: a whole number that replaces the estimate;
/// - `reliability`: 0 to 100 (default 50), how far the source is trusted;
/// - `uses`: how often the card was used, shown and never ranked.
///
/// A value that can't be read is set aside with its [`Unreadable`] and
/// fails closed: an unreadable `risk` counts as high (kept, never
/// dropped), an unreadable `reliability` as 0 (no unearned trust), an
/// unreadable `load` or `tokens` as the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardKeys {
    pub load: Option<Layer>,
    pub risk: Option<Risk>,
    pub tokens: Option<u64>,
    pub reliability: Option<u64>,
    pub uses: Option<u64>,
    pub problems: Vec<Unreadable>,
}

/// The card keys this module reads, in the order written.
pub const CARD_KEYS: [&str; 5] = ["load", "risk", "tokens", "reliability", "uses"];

impl CardKeys {
    pub fn of(card: &Card) -> CardKeys {
        let mut keys = CardKeys::default();
        let Some(life) = card.life() else { return keys };
        for (key, value) in &life.other {
            match key.as_str() {
                "load" => match value.as_str().map(|w| (w, Layer::parse(w))) {
                    Some((_, Some(layer))) => keys.load = Some(layer),
                    Some((word, None)) => keys.problems.push(Unreadable::UnknownWord { key: key.clone(), word: word.into() }),
                    None => keys.problems.push(wrong_type(key, Expect::Text, value)),
                },
                "risk" => match value.as_str() {
                    Some("high") => keys.risk = Some(Risk::High),
                    Some("normal") => keys.risk = Some(Risk::Normal),
                    Some(word) => {
                        keys.risk = Some(Risk::High);
                        keys.problems.push(Unreadable::UnknownWord { key: key.clone(), word: word.into() });
                    }
                    None => {
                        keys.risk = Some(Risk::High);
                        keys.problems.push(wrong_type(key, Expect::Text, value));
                    }
                },
                "tokens" => match u64::read(key, value) {
                    Ok(t) => keys.tokens = Some(t),
                    Err(why) => keys.problems.push(why),
                },
                "reliability" => match value.as_u64().filter(|r| *r <= 100) {
                    Some(r) => keys.reliability = Some(r),
                    None => {
                        keys.reliability = Some(0);
                        keys.problems.push(wrong_type(key, Expect::Tick, value));
                    }
                },
                "uses" => match u64::read(key, value) {
                    Ok(u) => keys.uses = Some(u),
                    Err(why) => keys.problems.push(why),
                },
                _ => {}
            }
        }
        keys
    }
}

fn wrong_type(key: &str, expected: Expect, value: &Value) -> Unreadable {
    Unreadable::WrongType { key: key.to_string(), expected, found: crate::card::JsonKind::of(value) }
}

/// Sets (or, with `None`, removes) one of the card keys [`CARD_KEYS`].
pub fn set_card_key(card: &mut Card, key: &str, value: Option<Value>) {
    let other = &mut card.life_mut().other;
    match (other.iter().position(|(k, _)| k == key), value) {
        (Some(i), Some(v)) => other[i].1 = v,
        (Some(i), None) => {
            other.remove(i);
        }
        (None, Some(v)) => other.push((key.to_string(), v)),
        (None, None) => {}
    }
}

/// Is the character counted as one token on its own? CJK ideographs
/// (with extensions A to F and the compatibility block), CJK punctuation,
/// kana, Hangul syllables and full-width forms.
fn one_token(c: char) -> bool {
    matches!(c as u32,
        0x3000..=0x303F | 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x2FFFF)
}

/// The documented token estimate of a text: one token per CJK character
/// (see [`one_token`]) and one per four other characters (spaces
/// included), rounded up. It is an estimate, not a model's tokenizer, and
/// it is the same on every machine.
pub fn estimate_tokens(text: &str) -> u64 {
    let (mut cjk, mut other) = (0u64, 0u64);
    for c in text.chars() {
        if one_token(c) {
            cjk += 1;
        } else {
            other += 1;
        }
    }
    cjk + other.div_ceil(4)
}

/// What a card costs in a prompt: its `tokens` key, or the estimate of its
/// lesson (what a reader is handed besides the id).
pub fn card_tokens(card: &Card, keys: &CardKeys) -> u64 {
    keys.tokens.unwrap_or_else(|| estimate_tokens(&card.lesson))
}

/// The parts of a card's score, each 0 to 100.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// 100 when the query is in the lesson, 50 when only in the situation,
    /// 0 for the empty query (or no match).
    pub relevance: u64,
    /// 100 / (1 + ticks since it took effect).
    pub recency: u64,
    /// 100 when approved by someone other than its writer (reviewed), 0
    /// otherwise (never approved, or published by its own writer, as an
    /// owner publishes a PAIR or USER card: consent, not a review).
    pub review: u64,
    /// The card's `reliability` (default 50).
    pub reliability: u64,
    /// The weighted sum that ranks.
    pub total: u64,
}

impl Score {
    fn of(card: &Card, keys: &CardKeys, query: &str, clock: u64, w: &Weights) -> Score {
        let relevance = if query.is_empty() {
            0
        } else if card.lesson.contains(query) {
            100
        } else if card.situation.contains(query) {
            50
        } else {
            0
        };
        let age = clock.saturating_sub(took_effect(card));
        let recency = 100 / (1 + age);
        let review = match card.life().and_then(|l| l.approved_by.as_deref()) {
            None | Some("") => 0,
            Some(approver) => {
                let writer = card.life().and_then(|l| l.writer());
                let own = writer.as_ref().is_some_and(|w| approver == w.user || approver == w.agent || approver == w.key());
                if own || writer.is_none() && approver == card.owner_user {
                    0
                } else {
                    100
                }
            }
        };
        let reliability = keys.reliability.unwrap_or(50);
        let total = w.relevance * relevance + w.recency * recency + w.review * review + w.reliability * reliability;
        Score { relevance, recency, review, reliability, total }
    }
}

/// Why a card of the view is not in the prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum DropReason {
    /// A retrieved card the task's query does not find.
    NoMatch { query: String },
    /// Found, but ranked below the best `k` (`rank` counts from 1).
    BelowTopK { k: u64, rank: usize },
    /// Loaded only by a tool, on demand.
    ToolOnly,
    /// It alone is larger than what its budget leaves after the held and
    /// high-risk cards: the budget stops here.
    TooLarge { budget: String, tokens: u64, room: u64 },
    /// It would fit the budget alone, but these cards, ahead of it, took
    /// the room: the budget stops here.
    CrowdedOut { budget: String, limit: u64, by: Vec<usize> },
    /// The budget stopped at an earlier card that did not fit (`at`); a
    /// lower card never jumps ahead.
    Behind { budget: String, at: usize },
}

impl DropReason {
    pub fn code(&self) -> &'static str {
        match self {
            DropReason::NoMatch { .. } => "no_match",
            DropReason::BelowTopK { .. } => "below_top_k",
            DropReason::ToolOnly => "tool_only",
            DropReason::TooLarge { .. } => "too_large",
            DropReason::CrowdedOut { .. } => "crowded_out",
            DropReason::Behind { .. } => "behind",
        }
    }

    /// Is this a budget's reason (as opposed to the layer's or the query's)?
    pub fn is_budget(&self) -> bool {
        matches!(self, DropReason::TooLarge { .. } | DropReason::CrowdedOut { .. } | DropReason::Behind { .. })
    }
}

/// A card in the prompt, in the order loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Loaded {
    pub card: usize,
    pub layer: Layer,
    pub source: Source,
    pub class: Class,
    pub tokens: u64,
    pub score: u64,
}

/// A card of the view left out, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dropped {
    pub card: usize,
    pub layer: Layer,
    pub source: Source,
    pub tokens: u64,
    pub reason: DropReason,
}

/// One budget's use in one prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BudgetUse {
    /// A source name, `shared`, or a source without a budget (unlimited).
    pub budget: String,
    /// `None`: unlimited.
    pub limit: Option<u64>,
    pub used: u64,
    /// The sources it serves, with the tokens each loaded.
    pub sources: Vec<(Source, u64)>,
}

/// Something the assembly wants said besides the drops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// The held and high-risk cards alone exceed this budget; they are
    /// loaded all the same and nothing else of it is.
    HardOverBudget { budget: String, limit: u64, used: u64, cards: Vec<usize> },
    /// A card key that can't be read, set aside (see [`CardKeys`]).
    CardKey { card: usize, why: Unreadable },
}

/// One viewer's prompt for one query.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prompt {
    pub viewer: ViewerId,
    pub query: String,
    /// In load order.
    pub loaded: Vec<Loaded>,
    /// In the order they were met; every card of the view that is not
    /// loaded, tool cards (`ToolOnly`) included.
    pub dropped: Vec<Dropped>,
    pub budgets: Vec<BudgetUse>,
    pub notes: Vec<Note>,
    /// Every card the viewer may read now (the unlayered baseline).
    pub view: Vec<usize>,
    pub baseline_tokens: u64,
    pub top_k: Option<u64>,
}

impl Prompt {
    pub fn is_loaded(&self, card: usize) -> bool {
        self.loaded.iter().any(|l| l.card == card)
    }

    pub fn dropped(&self, card: usize) -> Option<&Dropped> {
        self.dropped.iter().find(|d| d.card == card)
    }

    /// Tokens loaded at the start: the always layer.
    pub fn startup_tokens(&self) -> u64 {
        self.loaded.iter().filter(|l| l.layer == Layer::Always).map(|l| l.tokens).sum()
    }

    /// Tokens of the whole prompt: always and retrieved.
    pub fn tokens(&self) -> u64 {
        self.loaded.iter().map(|l| l.tokens).sum()
    }

    /// The cards of one layer, in order: loaded ones, then (for the tool
    /// layer) the references.
    pub fn layer(&self, layer: Layer) -> impl Iterator<Item = usize> + '_ {
        self.loaded.iter().filter(move |l| l.layer == layer).map(|l| l.card).chain(
            self.dropped
                .iter()
                .filter(move |d| layer == Layer::Tool && d.reason == DropReason::ToolOnly)
                .map(|d| d.card),
        )
    }
}

/// What the assembly works out once per card, whoever asks.
#[derive(Clone, Debug)]
struct Prepared {
    layer: Layer,
    source: Source,
    class: Class,
    tokens: u64,
    score: Score,
    matches: bool,
    /// Index into the budgets.
    budget: usize,
}

/// A prompt assembler for one workspace and one query: the per-card work
/// (keys, tokens, score, order) is done once and shared by every viewer.
pub struct Assembler<'w> {
    pub eval: Evaluation<'w>,
    pub query: String,
    pub config: PromptConfig,
    prepared: Vec<Prepared>,
    /// Every card, in fill order.
    order: Vec<usize>,
    /// The retrieved cards the query finds, best first.
    ranked: Vec<usize>,
    /// Budget names, with their limits.
    budgets: Vec<(String, Option<u64>)>,
    keys: Vec<CardKeys>,
}

impl<'w> Assembler<'w> {
    /// The workspace now, for `query`.
    pub fn new(ws: &'w Workspace, query: &str) -> Assembler<'w> {
        Assembler::with_eval(Evaluation::new(ws, "", Policy::FourScope), query)
    }

    /// With the view's evaluation given (the empty query: every card the
    /// viewer may read). The diagnosis passes one with a card counted as in
    /// effect.
    pub fn with_eval(eval: Evaluation<'w>, query: &str) -> Assembler<'w> {
        let ws = eval.workspace;
        let config = ws.prompt_config().cloned().unwrap_or_default();
        let weights = config.weights.unwrap_or_default();
        let clock = ws.clock();
        let mut budgets: Vec<(String, Option<u64>)> = Vec::new();
        let mut budget_of = |name: &str, limit: Option<u64>| -> usize {
            match budgets.iter().position(|(n, _)| n == name) {
                Some(i) => i,
                None => {
                    budgets.push((name.to_string(), limit));
                    budgets.len() - 1
                }
            }
        };
        let keys: Vec<CardKeys> = ws.cards.iter().map(CardKeys::of).collect();
        let prepared: Vec<Prepared> = ws
            .cards
            .iter()
            .zip(&keys)
            .map(|(card, k)| {
                let source = Source::of(card);
                let hard = card.life().is_some_and(|l| l.held()) || k.risk == Some(Risk::High);
                let layer = match (hard, k.load, config.load(source)) {
                    (true, _, _) => Layer::Always,
                    (false, Some(layer), _) | (false, None, Some(layer)) => layer,
                    (false, None, None) => Layer::default_for(source),
                };
                let budget = match (config.budget(source.as_str()), config.budget(SHARED)) {
                    (Some(b), _) => budget_of(source.as_str(), Some(b)),
                    (None, Some(b)) => budget_of(SHARED, Some(b)),
                    (None, None) => budget_of(source.as_str(), None),
                };
                Prepared {
                    layer,
                    source,
                    class: if hard { Class::Hard } else { source.class() },
                    tokens: card_tokens(card, k),
                    score: Score::of(card, k, query, clock, &weights),
                    matches: matches_query(card, query),
                    budget,
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..prepared.len()).collect();
        // Hard-retained cards first (all in the always layer), then by
        // layer, class, score and card order: the documented fill order.
        order.sort_unstable_by_key(|&i| {
            let p = &prepared[i];
            (p.class != Class::Hard, p.layer, p.class, std::cmp::Reverse(p.score.total), i)
        });
        let mut ranked: Vec<usize> =
            (0..prepared.len()).filter(|&i| prepared[i].layer == Layer::Retrieved && prepared[i].matches).collect();
        ranked.sort_unstable_by_key(|&i| (std::cmp::Reverse(prepared[i].score.total), i));
        Assembler { eval, query: query.to_string(), config, prepared, order, ranked, budgets, keys }
    }

    /// The score of a card for this query.
    pub fn score(&self, card: usize) -> Score {
        self.prepared[card].score
    }

    pub fn tokens(&self, card: usize) -> u64 {
        self.prepared[card].tokens
    }

    pub fn layer(&self, card: usize) -> Layer {
        self.prepared[card].layer
    }

    pub fn source(&self, card: usize) -> Source {
        self.prepared[card].source
    }

    /// The card keys as read.
    pub fn keys(&self, card: usize) -> &CardKeys {
        &self.keys[card]
    }

    /// The name of the budget a card draws on.
    pub fn budget_name(&self, card: usize) -> &str {
        &self.budgets[self.prepared[card].budget].0
    }

    /// One viewer's prompt.
    pub fn prompt(&self, viewer: Viewer<'_>) -> Prompt {
        self.assemble(viewer, self.eval.view(viewer))
    }

    /// Every viewer's prompt, in the order of [`Evaluation::viewers`].
    pub fn prompts(&self) -> Vec<Prompt> {
        let views = self.eval.views();
        self.eval.viewers().zip(views).map(|(v, view)| self.assemble(v, view)).collect()
    }

    /// Assembles the prompt from a view (card indices the viewer may read).
    pub fn assemble(&self, viewer: Viewer<'_>, view: Vec<usize>) -> Prompt {
        let n = self.prepared.len();
        let mut in_view = vec![false; n];
        for &i in &view {
            in_view[i] = true;
        }
        let top_k = self.config.top_k;
        // The retrieved layer: rank among the viewer's matching cards.
        let mut rank = vec![0usize; n];
        let mut r = 0;
        for &i in &self.ranked {
            if in_view[i] {
                r += 1;
                rank[i] = r;
            }
        }
        struct Fill {
            hard_used: u64,
            used: u64,
            stopped: Option<usize>,
            loaded: Vec<usize>,
            hard: Vec<usize>,
            sources: Vec<(Source, u64)>,
        }
        let mut fills: Vec<Fill> = self
            .budgets
            .iter()
            .map(|_| Fill { hard_used: 0, used: 0, stopped: None, loaded: Vec::new(), hard: Vec::new(), sources: Vec::new() })
            .collect();
        let mut loaded = Vec::new();
        let mut dropped = Vec::new();
        for &i in &self.order {
            if !in_view[i] {
                continue;
            }
            let p = &self.prepared[i];
            let drop = |reason: DropReason| Dropped { card: i, layer: p.layer, source: p.source, tokens: p.tokens, reason };
            match p.layer {
                Layer::Tool => {
                    dropped.push(drop(DropReason::ToolOnly));
                    continue;
                }
                Layer::Retrieved if !p.matches => {
                    dropped.push(drop(DropReason::NoMatch { query: self.query.clone() }));
                    continue;
                }
                Layer::Retrieved if top_k.is_some_and(|k| rank[i] as u64 > k) => {
                    dropped.push(drop(DropReason::BelowTopK { k: top_k.unwrap_or(0), rank: rank[i] }));
                    continue;
                }
                _ => {}
            }
            let (name, limit) = &self.budgets[p.budget];
            let fill = &mut fills[p.budget];
            if p.class == Class::Hard {
                fill.hard_used += p.tokens;
                fill.hard.push(i);
            } else if let Some(at) = fill.stopped {
                dropped.push(drop(DropReason::Behind { budget: name.clone(), at }));
                continue;
            } else if let Some(limit) = *limit {
                let room = limit.saturating_sub(fill.hard_used);
                if p.tokens > room {
                    fill.stopped = Some(i);
                    dropped.push(drop(DropReason::TooLarge { budget: name.clone(), tokens: p.tokens, room }));
                    continue;
                }
                if fill.used + p.tokens > room {
                    fill.stopped = Some(i);
                    let by = fill.hard.iter().chain(&fill.loaded).copied().collect();
                    dropped.push(drop(DropReason::CrowdedOut { budget: name.clone(), limit, by }));
                    continue;
                }
                fill.used += p.tokens;
                fill.loaded.push(i);
            } else {
                fill.used += p.tokens;
                fill.loaded.push(i);
            }
            match fill.sources.iter_mut().find(|(s, _)| *s == p.source) {
                Some((_, t)) => *t += p.tokens,
                None => fill.sources.push((p.source, p.tokens)),
            }
            loaded.push(Loaded { card: i, layer: p.layer, source: p.source, class: p.class, tokens: p.tokens, score: p.score.total });
        }
        let mut notes = Vec::new();
        let mut budgets = Vec::new();
        for ((name, limit), fill) in self.budgets.iter().zip(fills) {
            let used = fill.hard_used + fill.used;
            if let Some(limit) = *limit {
                if fill.hard_used > limit {
                    notes.push(Note::HardOverBudget { budget: name.clone(), limit, used: fill.hard_used, cards: fill.hard.clone() });
                }
            }
            if limit.is_some() || used > 0 {
                budgets.push(BudgetUse { budget: name.clone(), limit: *limit, used, sources: fill.sources });
            }
        }
        for &i in &view {
            for why in &self.keys[i].problems {
                notes.push(Note::CardKey { card: i, why: why.clone() });
            }
        }
        let baseline_tokens = view.iter().map(|&i| self.prepared[i].tokens).sum();
        Prompt {
            viewer: ViewerId::new(viewer.user, viewer.agent),
            query: self.query.clone(),
            loaded,
            dropped,
            budgets,
            notes,
            view,
            baseline_tokens,
            top_k,
        }
    }

    /// The metrics of a prompt (seed 003's): startup against the baseline,
    /// each budget's use, the gold set's hit rate, stale use and leaks.
    pub fn metrics(&self, prompt: &Prompt, gold: Option<&[String]>) -> Metrics {
        let ws = self.eval.workspace;
        let ids: Vec<&str> = prompt.loaded.iter().map(|l| ws.cards[l.card].id.as_str()).collect();
        let hit = gold.map(|gold| {
            let reached: Vec<String> = gold.iter().filter(|g| ids.contains(&g.as_str())).cloned().collect();
            let missing = gold.iter().filter(|g| !ids.contains(&g.as_str())).cloned().collect();
            HitRate { gold: gold.len(), reached, missing }
        });
        // Stale: a loaded card the in-effect gate says is not in effect, or
        // that is not accepted. The assembly starts from the view, so this
        // is a check that must find nothing.
        let stale = prompt
            .loaded
            .iter()
            .map(|l| l.card)
            .filter(|&i| self.eval.not_in_effect(i).is_some() || ws.cards[i].status() != crate::card::Status::Accepted)
            .collect();
        let loaded: Vec<usize> = prompt.loaded.iter().map(|l| l.card).collect();
        let leaks = self.eval.leaks_in(prompt.viewer.viewer(), &loaded);
        Metrics {
            startup_tokens: prompt.startup_tokens(),
            prompt_tokens: prompt.tokens(),
            baseline_tokens: prompt.baseline_tokens,
            budgets: prompt.budgets.clone(),
            hit,
            stale,
            leaks,
        }
    }
}

/// How much of a task's gold set reached the prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HitRate {
    pub gold: usize,
    pub reached: Vec<String>,
    pub missing: Vec<String>,
}

impl HitRate {
    /// Percent, rounded down; 100 for an empty gold set.
    pub fn percent(&self) -> u64 {
        if self.gold == 0 {
            100
        } else {
            (self.reached.len() * 100 / self.gold) as u64
        }
    }
}

/// Seed 003's metrics for one prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Metrics {
    pub startup_tokens: u64,
    pub prompt_tokens: u64,
    /// Every card the viewer may read, dumped in.
    pub baseline_tokens: u64,
    pub budgets: Vec<BudgetUse>,
    /// With a task's gold set.
    pub hit: Option<HitRate>,
    /// Loaded cards that are superseded, expired or retired: must be none.
    pub stale: Vec<usize>,
    /// Canaries of others in the prompt: the leak alarm.
    pub leaks: Vec<Leak>,
}

/// The query and gold set of a viewer's prompt: the `query` given, else the
/// viewer's first task's, else the workspace's; the gold set of the
/// viewer's first task with that query.
pub fn task_for<'w>(ws: &'w Workspace, viewer: Viewer<'_>, query: Option<&'w str>) -> (&'w str, Option<&'w [String]>) {
    let tasks = ws.tasks();
    let query = query.or_else(|| tasks.and_then(|t| t.of(viewer)).map(|t| t.query.as_str())).unwrap_or(&ws.query);
    let gold = tasks.and_then(|t| t.0.iter().find(|t| t.viewer.is(viewer) && t.query == query)).map(|t| t.gold.as_slice());
    (query, gold)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_counts_cjk_one_each_and_four_latin_per_token() {
        for (text, tokens) in [
            ("", 0),
            ("報告", 2),
            ("abcd", 1),
            ("abcde", 2),
            ("報告 ok", 3),
            ("報告請只回三行。", 8),
            ("Re-add totals from rows.", 6),
        ] {
            assert_eq!(estimate_tokens(text), tokens, "{text:?}");
        }
    }
}
