//! The prompt's settings as a file writes them (lesson 3): the workspace's
//! optional `prompt` and `tasks` keys, a card's `load`, `risk`, `tokens`,
//! `reliability` and `uses`, and the token estimate. Read here, before the
//! workspace, so that the workspace can hold them; the assembly that uses
//! them is [`crate::prompt`].

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::card::{Card, Kind};
use crate::log::{bounded, object, Expect, Kept, Lenient, Unreadable};
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

    /// The priority class of a card of this source that is not
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
    /// High-risk (`risk: high`): hard-retained, never dropped for budget.
    /// A legal hold is not one: it is about retention, not relevance.
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
    pub const KEYS: [WeightKey; 4] = [WeightKey::Relevance, WeightKey::Recency, WeightKey::Review, WeightKey::Reliability];

    /// One weight.
    pub fn get(&self, key: WeightKey) -> u64 {
        match key {
            WeightKey::Relevance => self.relevance,
            WeightKey::Recency => self.recency,
            WeightKey::Review => self.review,
            WeightKey::Reliability => self.reliability,
        }
    }

    /// One weight, to set.
    pub fn slot(&mut self, key: WeightKey) -> &mut u64 {
        match key {
            WeightKey::Relevance => &mut self.relevance,
            WeightKey::Recency => &mut self.recency,
            WeightKey::Review => &mut self.review,
            WeightKey::Reliability => &mut self.reliability,
        }
    }
}

/// The largest ranking weight a file may write.
pub const MAX_WEIGHT: u64 = 100;
/// The largest `tokens` a card may state.
pub const MAX_TOKENS: u64 = 100_000;
/// The largest budget, in tokens.
pub const MAX_BUDGET: u64 = 1_000_000;
/// The largest `top_k`.
pub const MAX_TOP_K: u64 = 10_000;
/// The largest `reliability` (a percentage).
pub const MAX_RELIABILITY: u64 = 100;
/// The `reliability` of a card that does not write one.
pub const DEFAULT_RELIABILITY: u64 = 50;

/// The object of `prompt` a set-aside value is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Within {
    /// `prompt` itself (`top_k`, or a key it does not know).
    Prompt,
    Budgets,
    Load,
    Weights,
}

impl Within {
    fn prefix(self) -> &'static str {
        match self {
            Within::Prompt => "prompt",
            Within::Budgets => "prompt.budgets",
            Within::Load => "prompt.load",
            Within::Weights => "prompt.weights",
        }
    }
}

/// One value of `prompt` that is set aside on its own, kept as written:
/// the other budgets, `top_k`, layers and weights still hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aside {
    pub within: Within,
    pub key: String,
    pub value: Value,
    pub why: Unreadable,
}

impl Aside {
    /// Where it is written: `prompt.budgets.shared`, `prompt.top_k`, …
    pub fn path(&self) -> String {
        format!("{}.{}", self.within.prefix(), self.key)
    }
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
/// `procedural`, `meta`, `untyped`) or `shared` to tokens (0 to
/// [`MAX_BUDGET`]); `top_k` (0 to [`MAX_TOP_K`]) bounds the retrieved
/// layer; `load` sets a source's layer (a card's own `load` comes first);
/// `weights` (each 0 to [`MAX_WEIGHT`]) sets the ranking. Everything left
/// out is unlimited (or the default layer, the default weights).
///
/// A value that can't be read (a budget of -1, 200.0 or "200", one out of
/// range, an unknown source, a key written twice) is set aside on its own
/// key ([`PromptConfig::aside`]), kept as written, with its reason: one
/// bad value never lifts the other limits. Only a `prompt` that is not an
/// object at all is unreadable as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromptConfig {
    /// (source name or `shared`, tokens), in key order as read.
    pub budgets: Vec<(String, u64)>,
    pub top_k: Option<u64>,
    /// A source's layer, for its cards that do not name one.
    pub load: Vec<(Source, Layer)>,
    pub weights: Option<Weights>,
    /// The values set aside, in the order read.
    pub aside: Vec<Aside>,
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

    /// Forgets the values set aside for one key: the learner has now given
    /// it one value (or none).
    pub fn clear_aside(&mut self, within: Within, key: &str) {
        self.aside.retain(|a| !(a.within == within && a.key == key));
    }

    /// Sets (or, with `None`, removes) a source's layer.
    pub fn set_load(&mut self, source: Source, layer: Option<Layer>) {
        self.clear_aside(Within::Load, source.as_str());
        self.load.retain(|(s, _)| *s != source);
        if let Some(layer) = layer {
            self.load.push((source, layer));
        }
    }

    /// Sets (or, with `None`, removes) one budget, keeping the others' order.
    pub fn set_budget(&mut self, name: &str, tokens: Option<u64>) {
        self.clear_aside(Within::Budgets, name);
        match (self.budgets.iter().position(|(n, _)| n == name), tokens) {
            (Some(i), Some(t)) => self.budgets[i].1 = t,
            (Some(i), None) => {
                self.budgets.remove(i);
            }
            (None, Some(t)) => self.budgets.push((name.to_string(), t)),
            (None, None) => {}
        }
    }

    /// Sets (or, with `None`, removes) `top_k`.
    pub fn set_top_k(&mut self, k: Option<u64>) {
        self.clear_aside(Within::Prompt, "top_k");
        self.top_k = k;
    }

    /// Sets one ranking weight.
    pub fn set_weight(&mut self, key: WeightKey, value: u64) {
        let mut w = self.weights.unwrap_or_default();
        *w.slot(key) = value;
        self.clear_aside(Within::Weights, key.as_str());
        self.weights = Some(w);
    }

    /// The total budget: the sum of every budget written, when every source
    /// is bounded (by its own budget or the shared one); `None` otherwise.
    pub fn total(&self) -> Option<u64> {
        let bounded = self.budget(SHARED).is_some() || Source::ALL.iter().all(|s| self.budget(s.as_str()).is_some());
        bounded.then(|| self.budgets.iter().fold(0u64, |sum, (_, b)| sum.saturating_add(*b)))
    }

    /// Reads `prompt` with the keys the file writes more than once
    /// (`dups`: each earlier value, by its path from `prompt`).
    fn read_written(value: &Value, dups: &[(Vec<String>, Value)]) -> Result<PromptConfig, Unreadable> {
        let Value::Object(map) = value else {
            return Err(wrong_type("prompt", Expect::Object, value));
        };
        let mut config = PromptConfig::default();
        let twice = |path: &[&str]| -> Vec<Value> {
            dups.iter().filter(|(p, _)| p.iter().map(String::as_str).eq(path.iter().copied())).map(|(_, v)| v.clone()).collect()
        };
        // Every value of a key written twice, set aside, in the order written.
        let duplicated = |aside: &mut Vec<Aside>, within: Within, key: &str, earlier: Vec<Value>, last: &Value| {
            for value in earlier.into_iter().chain([last.clone()]) {
                aside.push(Aside { within, key: key.to_string(), value, why: Unreadable::Duplicated { key: format!("{}.{key}", within.prefix()) } });
            }
        };
        let mut aside = Vec::new();
        for (key, value) in map {
            let earlier = twice(&[key.as_str()]);
            if !earlier.is_empty() {
                duplicated(&mut aside, Within::Prompt, key, earlier, value);
                continue;
            }
            let set_aside = |aside: &mut Vec<Aside>, why: Unreadable| {
                aside.push(Aside { within: Within::Prompt, key: key.clone(), value: value.clone(), why })
            };
            if value.is_null() && ["budgets", "top_k", "load", "weights"].contains(&key.as_str()) {
                // Written as null: as if left out (and written back so).
                continue;
            }
            let entries = |within: Within| -> Result<&serde_json::Map<String, Value>, Unreadable> {
                value.as_object().ok_or_else(|| wrong_type(within.prefix(), Expect::Object, value))
            };
            match key.as_str() {
                "budgets" => match entries(Within::Budgets) {
                    Err(why) => set_aside(&mut aside, why),
                    Ok(budgets) => {
                        for (name, tokens) in budgets {
                            let earlier = twice(&["budgets", name]);
                            let read = if !earlier.is_empty() {
                                duplicated(&mut aside, Within::Budgets, name, earlier, tokens);
                                continue;
                            } else if name != SHARED && Source::parse(name).is_none() {
                                Err(Unreadable::UnknownWord { key: "prompt.budgets".into(), word: name.clone() })
                            } else {
                                bounded(&format!("prompt.budgets.{name}"), tokens, MAX_BUDGET)
                            };
                            match read {
                                Ok(t) => config.budgets.push((name.clone(), t)),
                                Err(why) => aside.push(Aside { within: Within::Budgets, key: name.clone(), value: tokens.clone(), why }),
                            }
                        }
                    }
                },
                "top_k" => match bounded("prompt.top_k", value, MAX_TOP_K) {
                    Ok(k) => config.top_k = Some(k),
                    Err(why) => set_aside(&mut aside, why),
                },
                "load" => match entries(Within::Load) {
                    Err(why) => set_aside(&mut aside, why),
                    Ok(load) => {
                        for (name, layer) in load {
                            let earlier = twice(&["load", name]);
                            if !earlier.is_empty() {
                                duplicated(&mut aside, Within::Load, name, earlier, layer);
                                continue;
                            }
                            let path = format!("prompt.load.{name}");
                            let read = match (Source::parse(name), layer.as_str()) {
                                (None, _) => Err(Unreadable::UnknownWord { key: "prompt.load".into(), word: name.clone() }),
                                (Some(_), None) => Err(wrong_type(&path, Expect::Text, layer)),
                                (Some(source), Some(word)) => Layer::parse(word)
                                    .map(|l| (source, l))
                                    .ok_or_else(|| Unreadable::UnknownWord { key: path.clone(), word: word.into() }),
                            };
                            match read {
                                Ok(entry) => config.load.push(entry),
                                Err(why) => aside.push(Aside { within: Within::Load, key: name.clone(), value: layer.clone(), why }),
                            }
                        }
                    }
                },
                "weights" => match entries(Within::Weights) {
                    Err(why) => set_aside(&mut aside, why),
                    Ok(w) => {
                        let mut weights = Weights::default();
                        for (name, v) in w {
                            let earlier = twice(&["weights", name]);
                            if !earlier.is_empty() {
                                duplicated(&mut aside, Within::Weights, name, earlier, v);
                                continue;
                            }
                            let read = match WeightKey::parse(name).map(|k| weights.slot(k)) {
                                None => Err(Unreadable::UnknownKey { key: format!("prompt.weights.{name}") }),
                                Some(slot) => bounded(&format!("prompt.weights.{name}"), v, MAX_WEIGHT).map(|v| *slot = v),
                            };
                            if let Err(why) = read {
                                aside.push(Aside { within: Within::Weights, key: name.clone(), value: v.clone(), why });
                            }
                        }
                        config.weights = Some(weights);
                    }
                },
                _ => set_aside(&mut aside, Unreadable::UnknownKey { key: format!("prompt.{key}") }),
            }
        }
        config.aside = aside;
        Ok(config)
    }
}

impl Serialize for PromptConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        // Written as objects straight from the lists (in their order),
        // without collecting a map: each collect into a map costs the wasm
        // a sort. The values set aside are written back as they were
        // (a key written twice, twice), after the others of their object.
        struct Entries<'a, K, V> {
            entries: &'a [(K, V)],
            key: fn(&K) -> &str,
            value: fn(&V) -> Value,
            aside: &'a [Aside],
            within: Within,
        }
        impl<K, V> Serialize for Entries<'_, K, V> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                for (k, v) in self.entries {
                    map.serialize_entry((self.key)(k), &(self.value)(v))?;
                }
                for a in self.aside.iter().filter(|a| a.within == self.within) {
                    map.serialize_entry(&a.key, &a.value)?;
                }
                map.end()
            }
        }
        let has = |within: Within| self.aside.iter().any(|a| a.within == within);
        if !self.budgets.is_empty() || has(Within::Budgets) {
            let entries = Entries { entries: &self.budgets, key: |n| n.as_str(), value: |b| Value::from(*b), aside: &self.aside, within: Within::Budgets };
            map.serialize_entry("budgets", &entries)?;
        }
        if let Some(k) = self.top_k {
            map.serialize_entry("top_k", &k)?;
        }
        if !self.load.is_empty() || has(Within::Load) {
            let entries = Entries { entries: &self.load, key: |s| s.as_str(), value: |l| Value::from(l.as_str()), aside: &self.aside, within: Within::Load };
            map.serialize_entry("load", &entries)?;
        }
        if self.weights.is_some() || has(Within::Weights) {
            // A weight set aside is written as it was, not as its default.
            let w = self.weights.unwrap_or_default();
            let good: Vec<(&str, u64)> = Weights::KEYS
                .into_iter()
                .map(|k| (k.as_str(), w.get(k)))
                .filter(|(name, _)| !self.aside.iter().any(|a| a.within == Within::Weights && a.key == *name))
                .collect();
            let entries = Entries { entries: &good, key: |n| n, value: |v| Value::from(*v), aside: &self.aside, within: Within::Weights };
            map.serialize_entry("weights", &entries)?;
        }
        for a in self.aside.iter().filter(|a| a.within == Within::Prompt) {
            map.serialize_entry(&a.key, &a.value)?;
        }
        map.end()
    }
}

impl Lenient for PromptConfig {
    fn read(_key: &str, value: &Value) -> Result<PromptConfig, Unreadable> {
        PromptConfig::read_written(value, &[])
    }
}

/// The workspace's `prompt` as the file writes it: read with the keys it
/// writes twice (a `serde_json::Value` keeps only the last of them).
pub(crate) struct WrittenPrompt(pub Kept<PromptConfig>);

impl<'de> Deserialize<'de> for WrittenPrompt {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<WrittenPrompt, D::Error> {
        let mut dups = Vec::new();
        let value = Written { path: Vec::new(), dups: &mut dups }.deserialize(deserializer)?;
        Ok(WrittenPrompt(match PromptConfig::read_written(&value, &dups) {
            Ok(config) => Kept::Good(config),
            Err(_) => Kept::Bad(value),
        }))
    }
}

/// A JSON value read with every key an object writes more than once
/// recorded (its path and the earlier value; the value keeps the last).
struct Written<'a> {
    path: Vec<String>,
    dups: &'a mut Vec<(Vec<String>, Value)>,
}

impl<'de> DeserializeSeed<'de> for Written<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Written<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        // Inside a list, keys written twice are not `prompt`'s own.
        let mut ignored = Vec::new();
        while let Some(item) = seq.next_element_seed(Written { path: Vec::new(), dups: &mut ignored })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = serde_json::Map::new();
        while let Some(key) = access.next_key::<String>()? {
            let mut path = self.path.clone();
            path.push(key.clone());
            let value = access.next_value_seed(Written { path: path.clone(), dups: &mut *self.dups })?;
            if let Some(earlier) = map.insert(key, value) {
                self.dups.push((path, earlier));
            }
        }
        Ok(Value::Object(map))
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
                    .collect::<Result<Vec<String>, _>>()?,
                Some(other) => {
                    return Err(Unreadable::WrongType {
                        key: "gold".into(),
                        expected: Expect::List,
                        found: crate::card::JsonKind::of(other),
                    })
                }
            };
            // A gold id listed twice would count twice in the hit rate.
            if let Some(at) = (1..gold.len()).find(|&i| gold[..i].contains(&gold[i])) {
                return Err(Unreadable::Repeated { key: "gold".into(), item: gold[at].clone() });
            }
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
    /// a revocation list): hard-retained, never dropped for budget.
    High,
}

/// The card keys the prompt reads (kept among a card's unknown keys, so a
/// card file round-trips unchanged):
///
/// - `load`: `always`, `retrieved` or `tool` (default by kind, [`Layer::default_for`]);
/// - `risk`: `high` or `normal`;
/// - `tokens`: a whole number from 0 to [`MAX_TOKENS`] that replaces the estimate;
/// - `reliability`: 0 to [`MAX_RELIABILITY`] (default 50), how far the source is trusted;
/// - `uses`: how often the card was used, shown and never ranked;
/// - `conflicts_with`: a list of card ids this card says the opposite of
///   (the diagnosis names them when both are loaded for the same task).
///
/// A value that can't be read (or is out of range) is set aside with its
/// [`Unreadable`], kept as written: an unreadable `risk` counts as not
/// high (only a readable `high` is the prompt's hard rule, so a typo
/// never pushes other cards out), an unreadable `reliability` as 0 (no
/// unearned trust), an unreadable `load` or `tokens` as the default.
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

/// Reads one card key's value, or says why it is set aside. The one rule
/// for the file and for an edit (the app refuses what this refuses).
pub fn read_card_key(key: &str, value: &Value) -> Result<CardKey, Unreadable> {
    match key {
        "load" => match value.as_str() {
            Some(word) => Layer::parse(word).map(CardKey::Load).ok_or_else(|| Unreadable::UnknownWord { key: key.into(), word: word.into() }),
            None => Err(wrong_type(key, Expect::Text, value)),
        },
        "risk" => match value.as_str() {
            Some("high") => Ok(CardKey::Risk(Risk::High)),
            Some("normal") => Ok(CardKey::Risk(Risk::Normal)),
            Some(word) => Err(Unreadable::UnknownWord { key: key.into(), word: word.into() }),
            None => Err(wrong_type(key, Expect::Text, value)),
        },
        "tokens" => bounded(key, value, MAX_TOKENS).map(CardKey::Tokens),
        "reliability" => bounded(key, value, MAX_RELIABILITY).map(CardKey::Reliability),
        "uses" => u64::read(key, value).map(CardKey::Uses),
        // A list of card ids, each text: anything else is set aside whole
        // (no conflict is read from it).
        "conflicts_with" => value
            .as_array()
            .and_then(|ids| ids.iter().map(|v| v.as_str().map(str::to_string)).collect())
            .map(CardKey::ConflictsWith)
            .ok_or_else(|| wrong_type(key, Expect::Ids, value)),
        _ => Err(Unreadable::UnknownKey { key: key.into() }),
    }
}

/// One card key's value, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardKey {
    Load(Layer),
    Risk(Risk),
    Tokens(u64),
    Reliability(u64),
    Uses(u64),
    ConflictsWith(Vec<String>),
}

impl CardKeys {
    pub fn of(card: &Card) -> CardKeys {
        let mut keys = CardKeys::default();
        let Some(life) = card.life() else { return keys };
        for (key, value) in &life.other {
            if !CARD_KEYS.contains(&key.as_str()) {
                continue;
            }
            match read_card_key(key, value) {
                Ok(CardKey::Load(layer)) => keys.load = Some(layer),
                Ok(CardKey::Risk(risk)) => keys.risk = Some(risk),
                Ok(CardKey::Tokens(t)) => keys.tokens = Some(t),
                Ok(CardKey::Reliability(r)) => keys.reliability = Some(r),
                Ok(CardKey::Uses(u)) => keys.uses = Some(u),
                Ok(CardKey::ConflictsWith(ids)) => keys.conflicts_with = ids,
                Err(why) => {
                    if key == "reliability" {
                        keys.reliability = Some(0);
                    }
                    keys.problems.push(why);
                }
            }
        }
        keys
    }

    /// Why a key of this card is set aside, if it is.
    pub fn problem(&self, key: &str) -> Option<&Unreadable> {
        self.problems.iter().find(|why| why.key() == key)
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

/// One ranking weight ([`Weights::KEYS`]); how an edit's value is checked
/// is the edit rules' (prompt_setting.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeightKey {
    Relevance,
    Recency,
    Review,
    Reliability,
}

impl WeightKey {
    /// Its key in `prompt.weights`.
    pub fn as_str(self) -> &'static str {
        match self {
            WeightKey::Relevance => "relevance",
            WeightKey::Recency => "recency",
            WeightKey::Review => "review",
            WeightKey::Reliability => "reliability",
        }
    }
}
