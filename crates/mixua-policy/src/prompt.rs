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
//! budget is filled in one documented order ([`Class`]): high-risk
//! cards first (they are never dropped for budget), then the
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

use crate::card::Card;
use crate::eval::{Evaluation, Leak};
use crate::lifecycle::took_effect;
use crate::log::Unreadable;
use crate::policy::{matches_query, Policy};
pub use crate::prompt_setting::{BudgetOf, CardSetting};
pub use crate::prompt_keys::{
    card_tokens, estimate_tokens, read_card_key, set_card_key, Aside, CardKey, CardKeys, Class, Layer, PromptConfig, Risk, Source, Task,
    Tasks, WeightKey, Weights, Within, CARD_KEYS, DEFAULT_RELIABILITY, MAX_BUDGET, MAX_RELIABILITY, MAX_TOKENS, MAX_TOP_K, MAX_WEIGHT, SHARED,
};
use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

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
        let recency = 100 / age.saturating_add(1);
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
        let reliability = keys.reliability.unwrap_or(DEFAULT_RELIABILITY);
        // Each part is at most 100 and each weight at most
        // `MAX_WEIGHT`; saturating all the same, never wrapping.
        let total = [(w.relevance, relevance), (w.recency, recency), (w.review, review), (w.reliability, reliability)]
            .into_iter()
            .fold(0u64, |sum, (w, part)| sum.saturating_add(w.saturating_mul(part)));
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
    /// It alone is larger than what its budget leaves after the
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

impl BudgetUse {
    /// Uses more than its limit (only high-risk cards can make it so).
    pub fn is_over(&self) -> bool {
        self.limit.is_some_and(|l| self.used > l)
    }
}

/// Something the assembly wants said besides the drops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// The high-risk cards alone exceed this budget; they are
    /// loaded all the same and nothing else of it is.
    HardOverBudget { budget: String, limit: u64, used: u64, cards: Vec<usize> },
    /// A card key that can't be read, set aside (see [`CardKeys`]).
    CardKey { card: usize, why: Unreadable },
    /// A value of the workspace's `prompt` set aside on its own key (see
    /// [`PromptConfig::aside`]); the other settings hold.
    SetAside { key: String, why: Unreadable },
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
        self.loaded.iter().filter(|l| l.layer == Layer::Always).fold(0, |sum, l| sum.saturating_add(l.tokens))
    }

    /// Tokens of the whole prompt: always and retrieved.
    pub fn tokens(&self) -> u64 {
        self.loaded.iter().fold(0, |sum, l| sum.saturating_add(l.tokens))
    }

    /// The startup tokens as a percentage of the baseline, as shown and as
    /// graded ([`startup_percent`]).
    pub fn startup_percent(&self) -> u64 {
        startup_percent(self.startup_tokens(), self.baseline_tokens)
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
    /// The cache's stale answers, worked out on the first metrics asked.
    stale_served: std::cell::OnceCell<Vec<(String, String, StaleAnswer)>>,
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
        let keys: Vec<CardKeys> = ws.cards.iter().map(|c| CardKeys::of(c)).collect();
        let prepared: Vec<Prepared> = ws
            .cards
            .iter()
            .zip(&keys)
            .map(|(card, k)| {
                let source = Source::of(card);
                // Only a readable `risk: high` is the hard rule. A legal
                // hold is about retention (never swept), not about what
                // a task's prompt needs: it changes nothing here.
                let hard = k.risk == Some(Risk::High);
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
        Assembler {
            eval,
            query: query.to_string(),
            config,
            prepared,
            order,
            ranked,
            budgets,
            keys,
            stale_served: std::cell::OnceCell::new(),
        }
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
                fill.hard_used = fill.hard_used.saturating_add(p.tokens);
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
                if fill.used.saturating_add(p.tokens) > room {
                    fill.stopped = Some(i);
                    let by = fill.hard.iter().chain(&fill.loaded).copied().collect();
                    dropped.push(drop(DropReason::CrowdedOut { budget: name.clone(), limit, by }));
                    continue;
                }
                fill.used = fill.used.saturating_add(p.tokens);
                fill.loaded.push(i);
            } else {
                fill.used = fill.used.saturating_add(p.tokens);
                fill.loaded.push(i);
            }
            match fill.sources.iter_mut().find(|(s, _)| *s == p.source) {
                Some((_, t)) => *t = t.saturating_add(p.tokens),
                None => fill.sources.push((p.source, p.tokens)),
            }
            loaded.push(Loaded { card: i, layer: p.layer, source: p.source, class: p.class, tokens: p.tokens, score: p.score.total });
        }
        let mut notes = Vec::new();
        let mut budgets = Vec::new();
        for ((name, limit), fill) in self.budgets.iter().zip(fills) {
            let used = fill.hard_used.saturating_add(fill.used);
            if let Some(limit) = *limit {
                if fill.hard_used > limit {
                    notes.push(Note::HardOverBudget { budget: name.clone(), limit, used: fill.hard_used, cards: fill.hard.clone() });
                }
            }
            if limit.is_some() || used > 0 {
                budgets.push(BudgetUse { budget: name.clone(), limit: *limit, used, sources: fill.sources });
            }
        }
        for aside in &self.config.aside {
            notes.push(Note::SetAside { key: aside.path(), why: aside.why.clone() });
        }
        for &i in &view {
            for why in &self.keys[i].problems {
                notes.push(Note::CardKey { card: i, why: why.clone() });
            }
        }
        let baseline_tokens = view.iter().fold(0u64, |sum, &i| sum.saturating_add(self.prepared[i].tokens));
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
        // that is not accepted. The assembly starts from the view, so the
        // prompt itself must never give one; the cache can.
        let stale: Vec<usize> = prompt
            .loaded
            .iter()
            .map(|l| l.card)
            .filter(|&i| self.eval.not_in_effect(i).is_some() || ws.cards[i].status() != crate::card::Status::Accepted)
            .collect();
        let mut stale_answers = Vec::new();
        if !stale.is_empty() {
            stale_answers.push(StaleAnswer {
                from: AnswerFrom::Prompt,
                tick: ws.clock(),
                cards: stale.iter().map(|&i| ws.cards[i].id.clone()).collect(),
            });
        }
        let key = prompt.viewer.key();
        stale_answers.extend(
            self.stale_served()
                .iter()
                .filter(|(viewer, query, _)| *viewer == key && *query == prompt.query)
                .map(|(_, _, answer)| answer.clone()),
        );
        let loaded: Vec<usize> = prompt.loaded.iter().map(|l| l.card).collect();
        let leaks = self.eval.leaks_in(prompt.viewer.viewer(), &loaded);
        Metrics {
            startup_tokens: prompt.startup_tokens(),
            prompt_tokens: prompt.tokens(),
            baseline_tokens: prompt.baseline_tokens,
            budgets: prompt.budgets.clone(),
            hit,
            stale,
            stale_answers,
            leaks,
        }
    }

    /// The logged reads the response cache answered with a card the reader
    /// may no longer read at that tick (lesson 2's cache, replayed once per
    /// assembler): (viewer key, query, the answer).
    fn stale_served(&self) -> &[(String, String, StaleAnswer)] {
        self.stale_served.get_or_init(|| {
            crate::cache::replay_cache(self.eval.workspace)
                .served()
                .filter(|r| !r.stale.is_empty())
                .map(|r| {
                    let answer = StaleAnswer {
                        from: AnswerFrom::Cache { index: r.index, cached_at: r.cached.map_or(r.tick, |(t, _)| t) },
                        tick: r.tick,
                        cards: r.stale.iter().map(|id| id.to_string()).collect(),
                    };
                    (r.viewer.to_string(), r.query.to_string(), answer)
                })
                .collect()
        })
    }
}

/// The startup tokens as a percentage of the baseline, rounded up: the one
/// rounding for the figure shown and for the check that grades it (shown
/// 40% passes "at most 40%"; 40.5% is shown 41%). 0 for an empty baseline.
pub fn startup_percent(startup: u64, baseline: u64) -> u64 {
    if baseline == 0 {
        return 0;
    }
    let p = (u128::from(startup) * 100).div_ceil(u128::from(baseline));
    u64::try_from(p).unwrap_or(u64::MAX)
}

/// How much of a task's gold set reached the prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HitRate {
    pub gold: usize,
    pub reached: Vec<String>,
    pub missing: Vec<String>,
}

impl HitRate {
    /// Percent, rounded down (shown and graded alike: shown 66% passes "at
    /// least 66%"); `None` for an empty gold set, which has no hit rate.
    pub fn percent(&self) -> Option<u64> {
        (self.reached.len().saturating_mul(100)).checked_div(self.gold).map(|p| p as u64)
    }
}

/// Where an answer served to a task came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum AnswerFrom {
    /// The prompt assembled now.
    Prompt,
    /// The response cache, for the logged read at `index` of the log
    /// (the answer was cached at tick `cached_at`).
    Cache { index: usize, cached_at: u64 },
}

/// An answer served to the task from memory that rests on cards not in
/// effect at its tick (or that the reader may no longer read then).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaleAnswer {
    #[serde(flatten)]
    pub from: AnswerFrom,
    pub tick: u64,
    /// The card ids it rests on that are stale.
    pub cards: Vec<String>,
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
    /// Stale use: every answer served to the task (its viewer and query)
    /// from memory that rests on a card not in effect at that tick, the
    /// prompt and the response cache alike. Must be none.
    pub stale_answers: Vec<StaleAnswer>,
    /// Canaries of others in the prompt: the leak alarm.
    pub leaks: Vec<Leak>,
}

impl Metrics {
    /// Stale use: how many answers served to the task rest on a stale card.
    pub fn stale_use(&self) -> usize {
        self.stale_answers.len()
    }

    /// The startup tokens as a percentage of the baseline ([`startup_percent`]).
    pub fn startup_percent(&self) -> u64 {
        startup_percent(self.startup_tokens, self.baseline_tokens)
    }
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

/// What a step changed in one viewer's prompt: the cards (by id) that
/// entered it and those that left it, and the cards that stayed but
/// changed places (a new weight reorders the ranking).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PromptChange {
    pub viewer: ViewerId,
    pub gained: Vec<String>,
    pub lost: Vec<String>,
    /// Pairs of cards in the prompt before and after whose order turned
    /// round: (a, b) means a now comes before b, and came after it. In the
    /// new order of a.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moved_up: Vec<(String, String)>,
}

/// The prompts that changed between two sets of prompts (each of its own
/// workspace), matched by viewer; a viewer only in one set is not a
/// prompt change (the views' change says it was added or removed).
pub fn prompt_changes(before_ws: &Workspace, before: &[Prompt], now_ws: &Workspace, now: &[Prompt]) -> Vec<PromptChange> {
    let ids = |ws: &Workspace, p: &Prompt| -> Vec<String> { p.loaded.iter().map(|l| ws.cards[l.card].id.clone()).collect() };
    let mut out = Vec::new();
    for p in now {
        let Some(b) = before.iter().find(|b| b.viewer == p.viewer) else { continue };
        let (was, is) = (ids(before_ws, b), ids(now_ws, p));
        let gained: Vec<String> = is.iter().filter(|id| !was.contains(id)).cloned().collect();
        let lost: Vec<String> = was.iter().filter(|id| !is.contains(id)).cloned().collect();
        // The cards in both, in each order: a pair turned round when a card
        // is now before one it came after.
        let place = |list: &[String], id: &str| list.iter().position(|x| x == id);
        let kept: Vec<&String> = is.iter().filter(|id| was.contains(id)).collect();
        let mut moved_up = Vec::new();
        for (n, a) in kept.iter().enumerate() {
            for b in &kept[n + 1..] {
                if place(&was, a) > place(&was, b) {
                    moved_up.push(((*a).clone(), (*b).clone()));
                }
            }
        }
        if !gained.is_empty() || !lost.is_empty() || !moved_up.is_empty() {
            out.push(PromptChange { viewer: p.viewer.clone(), gained, lost, moved_up });
        }
    }
    out
}

/// A change to the prompt's settings between two versions of a workspace:
/// what an edit of lesson 3's budgets, `top_k`, layers, weights or card
/// keys did, as the change strip says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "setting", rename_all = "snake_case")]
pub enum SettingChange {
    /// `None`: no budget (unlimited, or the shared one).
    Budget { budget: String, from: Option<u64>, to: Option<u64> },
    TopK { from: Option<u64>, to: Option<u64> },
    /// A source's layer (`None`: its default).
    Load { source: Source, from: Option<Layer>, to: Option<Layer> },
    Weight { weight: &'static str, from: u64, to: u64 },
    /// A card key ([`CARD_KEYS`]), as JSON text (`None`: not written).
    CardKey { card: String, key: &'static str, from: Option<String>, to: Option<String> },
}

/// The prompt settings that differ between two versions of a workspace.
/// Card keys are compared for the cards at the same place with the same
/// id that are not the same revision (an edit allocates only the card it
/// changes).
pub fn setting_changes(before: &Workspace, now: &Workspace) -> Vec<SettingChange> {
    let mut out = Vec::new();
    let (b, n) = (before.prompt_config().cloned().unwrap_or_default(), now.prompt_config().cloned().unwrap_or_default());
    let mut names: Vec<&str> = b.budgets.iter().map(|(n, _)| n.as_str()).collect();
    for (name, _) in &n.budgets {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    for name in names {
        let (from, to) = (b.budget(name), n.budget(name));
        if from != to {
            out.push(SettingChange::Budget { budget: name.to_string(), from, to });
        }
    }
    if b.top_k != n.top_k {
        out.push(SettingChange::TopK { from: b.top_k, to: n.top_k });
    }
    for source in Source::ALL {
        let (from, to) = (b.load(source), n.load(source));
        if from != to {
            out.push(SettingChange::Load { source, from, to });
        }
    }
    let (wb, wn) = (b.weights.unwrap_or_default(), n.weights.unwrap_or_default());
    for (weight, from, to) in [
        ("relevance", wb.relevance, wn.relevance),
        ("recency", wb.recency, wn.recency),
        ("review", wb.review, wn.review),
        ("reliability", wb.reliability, wn.reliability),
    ] {
        if from != to {
            out.push(SettingChange::Weight { weight, from, to });
        }
    }
    for (cb, cn) in before.cards.iter().zip(&now.cards) {
        if std::rc::Rc::ptr_eq(cb, cn) || cb.id != cn.id {
            continue;
        }
        let key_of = |card: &Card, key: &str| {
            card.life().and_then(|l| l.other.iter().find(|(k, _)| k == key)).map(|(_, v)| v.to_string())
        };
        for key in CARD_KEYS {
            let (from, to) = (key_of(cb, key), key_of(cn, key));
            if from != to {
                out.push(SettingChange::CardKey { card: cn.id.clone(), key, from, to });
            }
        }
    }
    out
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
