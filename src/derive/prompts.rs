//! Lesson 3 in the app, what reaches the prompt: what the chart and the
//! inspector show of the crate's prompt assembly, derived once per work
//! revision (the root's memo), never in render. The settings' edits are
//! the store's (`crate::store::prompt_settings`).
//!
//! Nothing here decides: every prompt, drop reason, metric and diagnosis is
//! the crate's ([`mixua_policy::prompt`], [`mixua_policy::diagnose`]), and
//! every sentence is the crate's words ([`mixua_words::prompt_words`]).
//! The whole module is the `lesson3` feature, so a build without it (a
//! student's lessons 1 and 2) carries none of it.

use std::rc::Rc;

use mixua_policy::diagnose::{diagnose, Question};
use mixua_policy::prompt::{
    prompt_changes, setting_changes, task_for, Assembler, Layer, Metrics, Prompt, PromptConfig, Source, BudgetOf,
    Weights,
};
use mixua_words::prompt_words::{
    budget_use_words, budget_words, drop_words, fix_line, layer_words, note_words, prompt_change_words, question_words,
    setting_change_words, source_words, stale_answer_words, stop_words, why_words,
};
use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;

/// One viewer's prompt for its task, as the crate assembled it.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPrompt {
    pub viewer: ViewerId,
    pub query: String,
    pub prompt: Prompt,
    pub metrics: Metrics,
}

/// Every viewer's prompt for its task (its first task's query, else the
/// workspace's), in the chart's order: derived once per work revision.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Prompts {
    pub cells: Vec<CellPrompt>,
    /// The total budget when every source is bounded.
    pub total: Option<u64>,
}

impl Prompts {
    /// The crate's assembly for every viewer: one assembler per distinct
    /// query, shared by the viewers that ask it.
    pub fn of(ws: &Workspace) -> Prompts {
        let mut assemblers: Vec<Assembler<'_>> = Vec::new();
        // Every assembler starts from the same evaluation (the empty query:
        // what each viewer may read), evaluated once.
        let mut eval: Option<mixua_policy::Evaluation<'_>> = None;
        let mut cells = Vec::new();
        for user in &ws.users {
            for agent in &ws.agents {
                let viewer = mixua_policy::Viewer::new(user, agent);
                let (query, gold) = task_for(ws, viewer, None);
                let at = match assemblers.iter().position(|a| a.query == query) {
                    Some(at) => at,
                    None => {
                        let eval = eval.get_or_insert_with(|| mixua_policy::Evaluation::new(ws, "", mixua_policy::Policy::FourScope)).clone();
                        assemblers.push(Assembler::with_eval(eval, query));
                        assemblers.len() - 1
                    }
                };
                let assembler = &assemblers[at];
                let prompt = assembler.prompt(viewer);
                let metrics = assembler.metrics(&prompt, gold);
                cells.push(CellPrompt { viewer: viewer.into(), query: query.to_string(), prompt, metrics });
            }
        }
        Prompts { cells, total: ws.prompt_config().and_then(PromptConfig::total) }
    }

    pub fn cell(&self, viewer: &ViewerId) -> Option<&CellPrompt> {
        self.cells.iter().find(|c| c.viewer == *viewer)
    }

    /// The bar of each cell, in the learner's language.
    pub fn bars(&self, lang: Lang) -> Vec<(ViewerId, Rc<Bar>)> {
        self.cells.iter().map(|c| (c.viewer.clone(), Rc::new(Bar::of(c, self.total, lang)))).collect()
    }
}

/// A cell's stacked bar: its prompt by source against the budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub viewer: ViewerId,
    /// Tokens loaded.
    pub used: u64,
    /// What the bar's whole width stands for: the total budget, else every
    /// card the viewer may read (the baseline).
    pub scale: u64,
    /// Whether `scale` is a budget (else the baseline: nothing bounds it).
    pub bounded: bool,
    /// Tokens per source, in load order of first appearance.
    pub segments: Vec<(Source, u64)>,
    /// The accessible name: who, the tokens against the budget, per source.
    pub label: String,
    /// The short text shown beside the bar.
    pub text: String,
}

impl Bar {
    fn of(c: &CellPrompt, total: Option<u64>, lang: Lang) -> Bar {
        let mut segments: Vec<(Source, u64)> = Vec::new();
        for l in &c.prompt.loaded {
            match segments.iter_mut().find(|(s, _)| *s == l.source) {
                Some((_, t)) => *t = t.saturating_add(l.tokens),
                None => segments.push((l.source, l.tokens)),
            }
        }
        let used = c.prompt.tokens();
        let (scale, bounded) = match total {
            Some(t) => (t, true),
            None => (c.prompt.baseline_tokens, false),
        };
        let pieces: Vec<String> = segments.iter().map(|(s, t)| format!("{} {t}", source_words(*s, lang))).collect();
        let key = c.viewer.key();
        let text = if bounded {
            pick!(lang, format!("{used} / {scale} 詞元"), format!("{used} / {scale} tokens"))
        } else {
            pick!(lang, format!("{used} 詞元(不設限)"), format!("{used} tokens (unlimited)"))
        };
        let label = pick!(lang, 
            format!("{key} 的提示詞:{text}({})。打開提示詞", pieces.join("、")),
            format!("{key}'s prompt: {text} ({}). Open the prompt", pieces.join(", ")),
        );
        Bar { viewer: c.viewer.clone(), used, scale, bounded, segments, label, text }
    }
}

/// One card line of the prompt panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub id: String,
    pub source: Source,
    pub tokens: u64,
    /// The crate's drop reason's code (`None`: loaded).
    pub reason: Option<&'static str>,
    /// A loaded card's place in its layer, from 1 (the order the prompt
    /// holds it in: ranked, for the retrieved layer).
    pub rank: Option<usize>,
    /// The words: the source and tokens, or why it was left out.
    pub words: String,
}

/// The prompt panel's content for one viewer, in the learner's language.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelView {
    pub viewer: ViewerId,
    pub query: String,
    /// The three layers in order: loaded cards (the tool layer's are
    /// references, fetched on demand).
    pub layers: Vec<(Layer, String, Vec<Line>)>,
    /// Every other card of the view, with why.
    pub dropped: Vec<Line>,
    pub notes: Vec<String>,
    pub tokens: u64,
    pub startup: u64,
    pub baseline: u64,
    /// The startup as a percentage of the baseline, rounded as the check
    /// that grades it rounds.
    pub startup_percent: u64,
    /// Percent of the task's gold set loaded (`None`: no task; a percent
    /// of `None`: an empty gold set, no rate).
    pub hit: Option<(Option<u64>, String)>,
    /// Stale use: how many answers served to the task (prompt or cache)
    /// rest on a stale card, and each in words.
    pub stale_use: usize,
    pub stale: Vec<String>,
    /// The budgets' use, in words, with whether each is over its limit.
    pub budgets: Vec<(String, bool)>,
    /// Canaries of others in the prompt: the leak alarm, in words.
    pub leaks: Vec<(String, String)>,
}

impl PanelView {
    pub fn of(ws: &Workspace, c: &CellPrompt, lang: Lang) -> PanelView {
        let p = &c.prompt;
        let id = |i: usize| ws.cards[i].id.clone();
        let loaded_line = |l: &mixua_policy::prompt::Loaded| Line {
            id: id(l.card),
            source: l.source,
            tokens: l.tokens,
            reason: None,
            rank: None,
            words: pick!(lang, 
                format!("{},{} 詞元", source_words(l.source, lang), l.tokens),
                format!("{}, {} tokens", source_words(l.source, lang), l.tokens),
            ),
        };
        let dropped_line = |d: &mixua_policy::prompt::Dropped| Line {
            id: id(d.card),
            source: d.source,
            tokens: d.tokens,
            reason: Some(d.reason.code()),
            rank: None,
            words: drop_words(ws, &d.reason, lang),
        };
        let layers = Layer::ALL
            .into_iter()
            .map(|layer| {
                let lines = if layer == Layer::Tool {
                    p.dropped.iter().filter(|d| d.reason.code() == "tool_only").map(dropped_line).collect()
                } else {
                    p.loaded
                        .iter()
                        .filter(|l| l.layer == layer)
                        .enumerate()
                        .map(|(n, l)| Line { rank: Some(n + 1), ..loaded_line(l) })
                        .collect()
                };
                (layer, layer_words(layer, lang).to_string(), lines)
            })
            .collect();
        let m = &c.metrics;
        let hit = m.hit.as_ref().map(|h| {
            let missing = if h.missing.is_empty() {
                String::new()
            } else {
                pick!(lang, format!(",缺 {}", h.missing.join("、")), format!("; missing {}", h.missing.join(", ")))
            };
            (h.percent(), pick!(lang, format!("{}/{}{missing}", h.reached.len(), h.gold), format!("{}/{}{missing}", h.reached.len(), h.gold)))
        });
        PanelView {
            viewer: c.viewer.clone(),
            query: c.query.clone(),
            layers,
            dropped: p.dropped.iter().filter(|d| d.reason.code() != "tool_only").map(dropped_line).collect(),
            notes: p.notes.iter().map(|n| note_words(ws, n, lang)).collect(),
            tokens: m.prompt_tokens,
            startup: m.startup_tokens,
            baseline: m.baseline_tokens,
            startup_percent: m.startup_percent(),
            hit,
            stale_use: m.stale_use(),
            stale: m.stale_answers.iter().map(|a| stale_answer_words(a, lang)).collect(),
            budgets: m.budgets.iter().map(|b| (budget_use_words(b, lang), b.is_over())).collect(),
            leaks: m
                .leaks
                .iter()
                .map(|l| {
                    (
                        l.token.clone(),
                        pick!(lang, 
                            format!("外洩警報:{} 的暗號 {} 經由卡片 {} 進了提示詞", l.owner, l.token, l.card),
                            format!("Leak alarm: {}'s canary {} reached the prompt through card {}", l.owner, l.token, l.card),
                        ),
                    )
                })
                .collect(),
        }
    }
}

/// One answer of a diagnosis, as shown.
#[derive(Clone, Debug, PartialEq)]
pub struct AnswerView {
    pub question: &'static str,
    pub asked: &'static str,
    /// "yes", "no", or "not_asked" (a question an earlier answer, or the
    /// card being out of effect, makes moot).
    pub answer: &'static str,
    /// The one question the diagnosis stops at.
    pub stop: bool,
    pub why: String,
}

/// "Why didn't the agent use card X?" for one viewer and card: the crate's
/// diagnosis, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagnosisView {
    pub viewer: ViewerId,
    pub card: String,
    pub answers: Vec<AnswerView>,
    /// The question it stops at (`None`: the card is in the prompt).
    pub stop: Option<&'static str>,
    pub stop_words: String,
    /// The kind of answer (the crate's: `boundary`, `retired`,
    /// `raise_budget`, …) and its line of words, label included.
    pub fix_kind: &'static str,
    pub fix: String,
}

impl DiagnosisView {
    pub fn of(ws: &Workspace, viewer: &ViewerId, card: &str, lang: Lang) -> DiagnosisView {
        let (query, _) = task_for(ws, viewer.viewer(), None);
        let d = diagnose(ws, viewer.viewer(), card, query);
        let answers = d
            .answers
            .iter()
            .map(|a| AnswerView {
                question: a.question.as_str(),
                asked: question_words(a.question, lang),
                answer: match (a.asked(), a.yes) {
                    (false, _) => "not_asked",
                    (true, true) => "yes",
                    (true, false) => "no",
                },
                stop: d.stop == Some(a.question),
                why: why_words(ws, viewer.viewer(), card, &a.why, lang),
            })
            .collect();
        DiagnosisView {
            viewer: viewer.clone(),
            card: card.to_string(),
            answers,
            stop: d.stop.map(Question::as_str),
            stop_words: stop_words(&d, lang),
            fix_kind: d.fix.kind(),
            fix: fix_line(ws, &d, lang),
        }
    }
}

/// What a step changed in the prompts and their settings, in the crate's
/// words: the pieces the change strip and the live region add.
pub fn change_parts(before_ws: &Workspace, before: &Prompts, now_ws: &Workspace, now: &Prompts, lang: Lang) -> Vec<String> {
    let settings = setting_changes(before_ws, now_ws);
    let b: Vec<Prompt> = before.cells.iter().map(|c| c.prompt.clone()).collect();
    let n: Vec<Prompt> = now.cells.iter().map(|c| c.prompt.clone()).collect();
    let prompts = prompt_changes(before_ws, &b, now_ws, &n);
    let mut pieces: Vec<String> = settings.iter().map(|s| setting_change_words(s, lang)).collect();
    pieces.extend(prompts.iter().map(|p| prompt_change_words(p, lang)));
    if !settings.is_empty() && prompts.is_empty() {
        pieces.push(pick!(lang, "沒有提示詞改變", "no prompt changed").to_string());
    }
    pieces
}

/// A budget's label.
pub fn budget_label(of: BudgetOf, lang: Lang) -> String {
    let name = budget_words(of.as_str(), lang);
    pick!(lang, format!("{name}預算"), format!("{name} budget"))
}

/// The weights as the inputs show them.
pub fn weights_of(ws: &Workspace) -> Weights {
    ws.prompt_config().and_then(|c| c.weights).unwrap_or_default()
}

