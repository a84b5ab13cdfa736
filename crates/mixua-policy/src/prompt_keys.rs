//! The prompt's settings as a file writes them (lesson 3): the workspace's
//! optional `prompt` and `tasks` keys, a card's `load`, `risk`, `tokens`,
//! `reliability` and `uses`, and the token estimate. Read here, before the
//! workspace, so that the workspace can hold them; the assembly that uses
//! them is [`crate::prompt`].

use serde::Serialize;
use serde_json::Value;

use crate::card::{Card, Kind};
use crate::log::{object, Expect, Lenient, Unreadable};
use crate::viewer::{Viewer, ViewerId};

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
    pub fn class(self) -> Class {
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
        // Written as objects straight from the lists (in their order),
        // without collecting a map: each collect into a map costs the wasm
        // a sort.
        struct Entries<'a, K, V>(&'a [(K, V)], fn(&K) -> &str, fn(&V) -> Value);
        impl<K, V> Serialize for Entries<'_, K, V> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    map.serialize_entry((self.1)(k), &(self.2)(v))?;
                }
                map.end()
            }
        }
        if !self.budgets.is_empty() {
            map.serialize_entry("budgets", &Entries(&self.budgets, |n| n.as_str(), |b| Value::from(*b)))?;
        }
        if let Some(k) = self.top_k {
            map.serialize_entry("top_k", &k)?;
        }
        if !self.load.is_empty() {
            map.serialize_entry("load", &Entries(&self.load, |s| s.as_str(), |l| Value::from(l.as_str())))?;
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
/// - `uses`: how often the card was used, shown and never ranked;
/// - `conflicts_with`: a list of card ids this card says the opposite of
///   (the diagnosis names them when both are loaded for the same task).
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
    /// The ids it conflicts with, as written (an id no card has is kept
    /// and simply never loaded beside it).
    pub conflicts_with: Vec<String>,
    pub problems: Vec<Unreadable>,
}

/// The card keys this module reads, in the order written.
pub const CARD_KEYS: [&str; 6] = ["load", "risk", "tokens", "reliability", "uses", "conflicts_with"];

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
                // A list of card ids, each text: anything else is set
                // aside whole (no conflict is read from it).
                "conflicts_with" => match value.as_array().and_then(|ids| ids.iter().map(|v| v.as_str().map(str::to_string)).collect()) {
                    Some(ids) => keys.conflicts_with = ids,
                    None => keys.problems.push(wrong_type(key, Expect::Ids, value)),
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

