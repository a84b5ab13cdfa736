//! "Why didn't the agent use card X?" (seed 001 §18.14's checklist), for
//! one viewer and one card, as values: four questions in order, each with
//! its answer and the crate's reason, the question the diagnosis stops at,
//! and the smallest edit that would get the card into the prompt (in the
//! spirit of the flip-finder).
//!
//! 1. **written?** Is the card in the store: there, not deleted, and
//!    published (not a candidate, not refused in review)?
//! 2. **retrievable?** Does the reading rule let the viewer in, and does
//!    the task find it (its query, within the best `top_k`)? Asked of the
//!    card as if it were in effect: whether time retired it is question 4.
//! 3. **in_prompt?** Did the assembly load it within its budget (again as
//!    if in effect)?
//! 4. **forgotten?** Did time retire it: expired, superseded, revoked,
//!    rolled back, past its validity?
//!
//! The diagnosis stops at the first wrong answer: the first "no" of the
//! first three, or a "yes" to the fourth. When none is wrong the card is
//! in the viewer's prompt now.

use serde::{Deserialize, Serialize};

use crate::effect::NotInEffect;
use crate::eval::Evaluation;
use crate::flip::Edit;
use crate::lifecycle::in_effect;
use crate::policy::{Access, Policy};
use crate::prompt::{Assembler, DropReason, Layer, Prompt, CARD_KEYS};
use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

/// The four questions, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    Written,
    Retrievable,
    InPrompt,
    Forgotten,
}

impl Question {
    pub const ALL: [Question; 4] = [Question::Written, Question::Retrievable, Question::InPrompt, Question::Forgotten];

    pub fn as_str(self) -> &'static str {
        match self {
            Question::Written => "written",
            Question::Retrievable => "retrievable",
            Question::InPrompt => "in_prompt",
            Question::Forgotten => "forgotten",
        }
    }

    pub fn parse(text: &str) -> Option<Question> {
        Question::ALL.into_iter().find(|q| q.as_str() == text)
    }

    /// The answer that means something is wrong: "no", except for
    /// "forgotten?", where it is "yes".
    pub fn wrong_answer(self) -> bool {
        self == Question::Forgotten
    }
}

/// The reason behind one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "because", rename_all = "snake_case")]
pub enum Why {
    // written?
    /// No card has this id.
    NoSuchCard,
    /// The store holds it: published and not deleted.
    InStore,
    /// Not in the store (deleted, a candidate, refused in review, not
    /// proposed yet at the clock): the in-effect gate's answer.
    NotStored { why: NotInEffect },
    // retrievable?
    /// The reading decision, when it refuses the viewer.
    NotReadable { access: Access },
    /// The task's query does not find it.
    NoMatch { query: String },
    /// Found, but ranked below the best `k`.
    BelowTopK { k: u64, rank: usize },
    /// Readable and found, in this layer (rank among retrieved cards).
    Found { layer: Layer },
    // in_prompt?
    /// Loaded, with its tokens.
    Loaded { tokens: u64 },
    /// Left out of the prompt, with the assembly's reason.
    Dropped { reason: DropReason },
    // forgotten?
    /// In effect now.
    InEffect,
    /// Retired by time or by the write path: the in-effect gate's answer.
    Retired { why: NotInEffect },
    /// Not asked: an earlier answer already rules it out.
    NotAsked,
}

/// One question, answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    pub question: Question,
    /// The literal answer: yes or no.
    pub yes: bool,
    pub why: Why,
}

impl Answer {
    /// Is this the wrong answer for its question?
    pub fn is_wrong(&self) -> bool {
        self.yes == self.question.wrong_answer()
    }
}

/// The smallest edit that would get the card into the prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Write the card (no card has this id, or it was deleted): a new card
    /// through the write path.
    Write,
    /// Publish the candidate (by a reviewer who did not write it, or its
    /// owner for a PAIR or USER card).
    Publish,
    /// A one-field edit of its filing that lets the viewer read it (the
    /// flip-finder's first).
    Edit { edit: Edit },
    /// No one-field edit lets the viewer read it.
    NoOneFieldEdit,
    /// Add the task's query to the card's situation.
    MatchQuery { query: String },
    /// Raise `top_k` to this.
    RaiseTopK { to: u64 },
    /// Raise this budget to this many tokens (the least that loads it).
    RaiseBudget { budget: String, to: u64 },
    /// Set the card's `load` to this layer.
    SetLoad { layer: Layer },
    /// Hold it, so retention never expires it.
    Hold,
    /// The version that replaced it is the one in use: nothing to bring back.
    UseNewer { by: String },
    /// Nothing to do: the card is in the prompt.
    Nothing,
}

/// The diagnosis for one viewer and one card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    pub viewer: ViewerId,
    pub card: String,
    pub query: String,
    pub answers: Vec<Answer>,
    /// The first question answered wrong; `None`: the card is in the prompt.
    pub stop: Option<Question>,
    pub fix: Fix,
    /// When `fix` alone does not get the card in (a tool card set to
    /// load, then still crowded out), the further edits that do, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Fix>,
}

impl Diagnosis {
    pub fn answer(&self, question: Question) -> &Answer {
        &self.answers[question as usize]
    }
}

/// Is a card not in effect for a reason that means it is not in the store?
fn not_stored(why: &NotInEffect) -> bool {
    matches!(
        why,
        NotInEffect::Deleted { .. }
            | NotInEffect::NotWrittenYet { .. }
            | NotInEffect::Candidate { .. }
            | NotInEffect::Rejected { .. }
            | NotInEffect::NotYetValid { .. }
    )
}

/// Diagnoses why `card` (by id; the first card with it) is or is not in the
/// viewer's prompt for `query`. The fix is checked by applying it: when it
/// leaves the card out still, the next edit the diagnosis of the fixed
/// workspace finds follows in `then` (at most two more).
pub fn diagnose(ws: &Workspace, viewer: Viewer<'_>, card: &str, query: &str) -> Diagnosis {
    let mut out = diagnose_once(ws, viewer, card, query);
    let mut fixed = apply_fix(ws, card, &out.fix);
    while let Some(next) = fixed.take() {
        let again = diagnose_once(&next, viewer, card, query);
        if again.stop.is_none() || out.then.len() == 2 {
            break;
        }
        fixed = apply_fix(&next, card, &again.fix);
        out.then.push(again.fix);
    }
    out
}

fn diagnose_once(ws: &Workspace, viewer: Viewer<'_>, card: &str, query: &str) -> Diagnosis {
    let mut out = Diagnosis {
        viewer: viewer.into(),
        card: card.to_string(),
        query: query.to_string(),
        answers: Vec::new(),
        stop: None,
        fix: Fix::Nothing,
        then: Vec::new(),
    };
    let Some(index) = ws.cards.iter().position(|c| c.id == card) else {
        out.answers = vec![
            Answer { question: Question::Written, yes: false, why: Why::NoSuchCard },
            Answer { question: Question::Retrievable, yes: false, why: Why::NotAsked },
            Answer { question: Question::InPrompt, yes: false, why: Why::NotAsked },
            Answer { question: Question::Forgotten, yes: false, why: Why::NotAsked },
        ];
        out.stop = Some(Question::Written);
        out.fix = Fix::Write;
        return out;
    };
    let effects = in_effect(ws);
    let now = effects.as_ref().and_then(|e| e[index].clone());
    // Questions 2 and 3 ask of the card as if it were in effect.
    let as_if = effects.map(|mut e| {
        e[index] = None;
        e
    });
    let assembler = Assembler::with_eval(Evaluation::with_effects(ws, "", Policy::FourScope, as_if), query);
    let prompt = assembler.prompt(viewer);

    let written = match &now {
        Some(why) if not_stored(why) => Answer { question: Question::Written, yes: false, why: Why::NotStored { why: why.clone() } },
        _ => Answer { question: Question::Written, yes: true, why: Why::InStore },
    };
    let access = assembler.eval.access(index, viewer);
    let dropped = prompt.dropped(index).map(|d| d.reason.clone());
    let retrievable = if !written.yes {
        Answer { question: Question::Retrievable, yes: false, why: Why::NotAsked }
    } else if !access.allowed() {
        Answer { question: Question::Retrievable, yes: false, why: Why::NotReadable { access } }
    } else {
        match &dropped {
            Some(DropReason::NoMatch { query }) => {
                Answer { question: Question::Retrievable, yes: false, why: Why::NoMatch { query: query.clone() } }
            }
            Some(DropReason::BelowTopK { k, rank }) => {
                Answer { question: Question::Retrievable, yes: false, why: Why::BelowTopK { k: *k, rank: *rank } }
            }
            _ => Answer { question: Question::Retrievable, yes: true, why: Why::Found { layer: assembler.layer(index) } },
        }
    };
    let in_prompt = if !retrievable.yes {
        Answer { question: Question::InPrompt, yes: false, why: Why::NotAsked }
    } else {
        match dropped {
            Some(reason) => Answer { question: Question::InPrompt, yes: false, why: Why::Dropped { reason } },
            None => Answer { question: Question::InPrompt, yes: true, why: Why::Loaded { tokens: assembler.tokens(index) } },
        }
    };
    let forgotten = match &now {
        Some(why) if !not_stored(why) => Answer { question: Question::Forgotten, yes: true, why: Why::Retired { why: why.clone() } },
        Some(_) => Answer { question: Question::Forgotten, yes: false, why: Why::NotAsked },
        None => Answer { question: Question::Forgotten, yes: false, why: Why::InEffect },
    };
    out.answers = vec![written, retrievable, in_prompt, forgotten];
    out.stop = out.answers.iter().find(|a| a.is_wrong()).map(|a| a.question);
    out.fix = match out.stop {
        None => Fix::Nothing,
        Some(_) => fix(ws, &assembler, &prompt, index, viewer, out.answers.iter().find(|a| a.is_wrong()).map(|a| &a.why)),
    };
    out
}

/// The smallest edit for the answer the diagnosis stopped at.
fn fix(ws: &Workspace, assembler: &Assembler<'_>, prompt: &Prompt, index: usize, viewer: Viewer<'_>, why: Option<&Why>) -> Fix {
    match why {
        None | Some(Why::InStore | Why::Found { .. } | Why::Loaded { .. } | Why::InEffect | Why::NotAsked) => Fix::Nothing,
        Some(Why::NoSuchCard) => Fix::Write,
        Some(Why::NotStored { why }) => match why {
            NotInEffect::Candidate { .. } => Fix::Publish,
            _ => Fix::Write,
        },
        Some(Why::NotReadable { .. }) => {
            let flips = assembler.eval.flips(index, viewer);
            let edit = flips.sharing().next().or(flips.flips.first()).map(|o| o.edit.clone());
            edit.map_or(Fix::NoOneFieldEdit, |edit| Fix::Edit { edit })
        }
        Some(Why::NoMatch { query }) => Fix::MatchQuery { query: query.clone() },
        Some(Why::BelowTopK { rank, .. }) => Fix::RaiseTopK { to: *rank as u64 },
        Some(Why::Dropped { reason }) => match reason {
            DropReason::ToolOnly => {
                let matches = crate::policy::matches_query(&ws.cards[index], &assembler.query);
                Fix::SetLoad { layer: if matches { Layer::Retrieved } else { Layer::Always } }
            }
            DropReason::TooLarge { budget, .. } | DropReason::CrowdedOut { budget, .. } | DropReason::Behind { budget, .. } => {
                Fix::RaiseBudget { budget: budget.clone(), to: least_budget(assembler, prompt, index, budget) }
            }
            DropReason::NoMatch { query } => Fix::MatchQuery { query: query.clone() },
            DropReason::BelowTopK { rank, .. } => Fix::RaiseTopK { to: *rank as u64 },
        },
        Some(Why::Retired { why }) => match why {
            NotInEffect::Expired { .. } => Fix::Hold,
            NotInEffect::Superseded { by } => Fix::UseNewer { by: by.clone() },
            _ => Fix::Write,
        },
    }
}

/// The least budget that loads the card: what the cards of that budget
/// ahead of it in fill order take (held and high-risk ones included), plus
/// its own tokens. A budget stops at the first card that does not fit, so
/// at this budget every card ahead of it fits and so does it.
fn least_budget(assembler: &Assembler<'_>, prompt: &Prompt, index: usize, budget: &str) -> u64 {
    let ahead: u64 = prompt
        .loaded
        .iter()
        .filter(|l| assembler.budget_name(l.card) == budget)
        .map(|l| l.tokens)
        .chain(prompt.dropped.iter().take_while(|d| d.card != index).filter_map(|d| {
            (d.reason.is_budget() && assembler.budget_name(d.card) == budget).then_some(d.tokens)
        }))
        .sum();
    ahead + assembler.tokens(index)
}

/// Applies a fix to a copy of the workspace: the budget, `top_k`, the
/// card's `load`, its hold, its query match, or its one-field edit. `None`
/// for a fix that is not an edit of the workspace (write, publish, use the
/// newer version, nothing).
pub fn apply_fix(ws: &Workspace, card: &str, fix: &Fix) -> Option<Workspace> {
    let mut out = ws.clone();
    let index = out.cards.iter().position(|c| c.id == card);
    match (fix, index) {
        (Fix::RaiseBudget { budget, to }, _) => {
            let mut config = out.prompt_config().cloned().unwrap_or_default();
            config.set_budget(budget, Some(*to));
            out.prompt = Some(crate::log::Kept::Good(config));
        }
        (Fix::RaiseTopK { to }, _) => {
            let mut config = out.prompt_config().cloned().unwrap_or_default();
            config.top_k = Some(*to);
            out.prompt = Some(crate::log::Kept::Good(config));
        }
        (Fix::SetLoad { layer }, Some(i)) => {
            crate::prompt::set_card_key(std::rc::Rc::make_mut(&mut out.cards[i]), CARD_KEYS[0], Some(layer.as_str().into()));
        }
        (Fix::Hold, Some(i)) => std::rc::Rc::make_mut(&mut out.cards[i]).life_mut().hold = Some(true),
        (Fix::MatchQuery { query }, Some(i)) => {
            let c = std::rc::Rc::make_mut(&mut out.cards[i]);
            let situation = if c.situation.is_empty() { query.clone() } else { format!("{} {query}", c.situation) };
            c.set_text(crate::card::Field::Situation, situation);
        }
        (Fix::Edit { edit }, Some(i)) => out.cards[i] = std::rc::Rc::new(edit.apply(&out.cards[i])),
        _ => return None,
    }
    Some(out)
}
