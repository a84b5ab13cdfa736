//! "Why didn't the agent use card X?" (seed 001 §18.14's checklist), for
//! one viewer and one card, as values: four questions in order, each with
//! its answer and the crate's reason, the one question the diagnosis stops
//! at, and what to do about it.
//!
//! 1. **written?** Is the card in the store: there, not deleted, and
//!    published (not a candidate, not refused in review)?
//! 2. **retrievable?** Does the reading rule let the viewer in, and does
//!    the task find it (its query, within the best `top_k`)?
//! 3. **in_prompt?** Did the assembly load it within its budget?
//! 4. **forgotten?** Did time or the write path retire it: superseded,
//!    revoked, rolled back, expired, past its validity?
//!
//! A card not in effect is answered as retired first: it stops at
//! "forgotten?" (or at "written?" when it is not in the store), names the
//! act, its tick and its actor, and questions 2 and 3 are not asked: no
//! prompt holds it, and no budget, `top_k` or query would change that. For
//! a card in effect the seed's order holds, and the diagnosis stops at the
//! first "no"; questions 2 and 3 are the very prompt `mixua prompt`
//! assembles, so the two always agree.
//!
//! A card outside the viewer's rights stops at "retrievable?" with the
//! boundary ([`crate::boundary`]): the rules working, who may read it and
//! why, and the legitimate route where there is one, never an edit of the
//! card. Every edit the diagnosis does suggest passes
//! [`crate::boundary::fix_is_safe`]; one that would not is withheld, with
//! the reason. A card in the prompt is an answer too: memory did its part
//! (its position and tokens, and any card loaded beside it that the
//! workspace marks as conflicting with it).

use serde::{Deserialize, Serialize};

use crate::boundary::{boundary, fix_is_safe, Boundary, Crossing};
use crate::effect::{NotInEffect, Stamp};
use crate::lifecycle::{in_effect, took_effect};
use crate::log::Action;
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
    /// It was written and published (it may have been retired since:
    /// question 4 says).
    InStore,
    /// Not in the store (deleted, a candidate, refused in review, not
    /// proposed yet at the clock): the in-effect gate's answer.
    NotStored { why: NotInEffect },
    // retrievable?
    /// The reading decision, when it refuses the viewer: the boundary.
    NotReadable { access: crate::policy::Access },
    /// The task's query does not find it.
    NoMatch { query: String },
    /// Found, but ranked below the best `k`.
    BelowTopK { k: u64, rank: usize },
    /// Readable and found, in this layer.
    Found { layer: Layer },
    // in_prompt?
    /// Loaded: its place in the prompt (1 for the first card loaded) of
    /// how many, its tokens, and the cards loaded beside it that the
    /// workspace marks as conflicting with it (`conflicts_with`).
    Loaded { position: usize, of: usize, tokens: u64, conflicts: Vec<String> },
    /// Left out of the prompt, with the assembly's reason (cards by id).
    Dropped { reason: DropReason },
    // forgotten?
    /// In effect now.
    InEffect,
    /// Retired by time or by the write path: the in-effect gate's answer,
    /// and the act that did it (who, when, why) when the log says.
    Retired {
        why: NotInEffect,
        #[serde(skip_serializing_if = "Option::is_none")]
        act: Option<Stamp>,
    },
    /// Not asked: an earlier answer already rules it out.
    NotAsked,
    /// Not asked: the card is not in effect, so no prompt holds it, and the
    /// question that says why is "forgotten?".
    OutOfEffect,
}

/// One question, answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    pub question: Question,
    /// The literal answer: yes or no (no for a question not asked).
    pub yes: bool,
    pub why: Why,
}

impl Answer {
    /// Was the question asked at all? An earlier answer, or the card being
    /// out of effect, can make it moot.
    pub fn asked(&self) -> bool {
        !matches!(self.why, Why::NotAsked | Why::OutOfEffect)
    }

    /// Is this the wrong answer for its question? At most one answer of a
    /// diagnosis is: the one it stops at.
    pub fn is_wrong(&self) -> bool {
        self.asked() && self.yes == self.question.wrong_answer()
    }
}

/// What to do about the answer the diagnosis stops at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Write the card (no card has this id): a new card through the write
    /// path.
    Write,
    /// Publish the candidate (by a reviewer who did not write it, or its
    /// owner for a PAIR or USER card).
    Publish,
    /// The card is outside the viewer's rights: the rules working. No edit
    /// of the card; who may read it, and the legitimate route if any.
    Boundary(Boundary),
    /// Add the task's query to the card's situation.
    MatchQuery { query: String },
    /// Raise `top_k` to this.
    RaiseTopK { to: u64 },
    /// Raise this budget to this many tokens (the least that loads it).
    RaiseBudget { budget: String, to: u64 },
    /// Set the card's `load` to this layer.
    SetLoad { layer: Layer },
    /// The version that replaced it is the one in use: nothing to bring
    /// back. `act`: the newer version's publication, when the log says.
    UseNewer {
        by: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        act: Option<Stamp>,
    },
    /// Retired or refused on purpose (revoked, deleted, rolled back,
    /// expired, past its validity, refused in review): nothing to bring
    /// back; a lesson still needed is a new card through the write path.
    Retired {
        #[serde(skip_serializing_if = "Option::is_none")]
        act: Option<Stamp>,
    },
    /// It takes effect at this tick: nothing to do but wait.
    Wait { until: u64 },
    /// The edit that would get it in crosses the boundary, so none is
    /// offered.
    Withheld { crossing: Crossing },
    /// Nothing to do: the card is in the prompt (memory did its part).
    Nothing,
}

impl Fix {
    /// Its kind, as `--json` names it (`boundary`, `use_newer`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Fix::Write => "write",
            Fix::Publish => "publish",
            Fix::Boundary(_) => "boundary",
            Fix::MatchQuery { .. } => "match_query",
            Fix::RaiseTopK { .. } => "raise_top_k",
            Fix::RaiseBudget { .. } => "raise_budget",
            Fix::SetLoad { .. } => "set_load",
            Fix::UseNewer { .. } => "use_newer",
            Fix::Retired { .. } => "retired",
            Fix::Wait { .. } => "wait",
            Fix::Withheld { .. } => "withheld",
            Fix::Nothing => "nothing",
        }
    }

    /// Is it an edit of the workspace that [`apply_fix`] makes?
    pub fn is_edit(&self) -> bool {
        matches!(self, Fix::MatchQuery { .. } | Fix::RaiseTopK { .. } | Fix::RaiseBudget { .. } | Fix::SetLoad { .. })
    }
}

/// The diagnosis for one viewer and one card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    pub viewer: ViewerId,
    pub card: String,
    pub query: String,
    pub answers: Vec<Answer>,
    /// The one question it stops at; `None`: the card is in the prompt.
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
/// viewer's prompt for `query`. An edit offered is checked by applying it:
/// when it crosses the boundary ([`fix_is_safe`]) it is withheld, and when
/// it leaves the card out still, the next edit the diagnosis of the fixed
/// workspace finds follows in `then` (at most two more, each checked the
/// same way against the workspace as it was).
pub fn diagnose(ws: &Workspace, viewer: Viewer<'_>, card: &str, query: &str) -> Diagnosis {
    let mut out = diagnose_once(ws, viewer, card, query);
    let mut fixed = apply_fix(ws, card, &out.fix);
    if let Some(Err(crossing)) = fixed.as_ref().map(|next| fix_is_safe(ws, next)) {
        out.fix = Fix::Withheld { crossing };
        return out;
    }
    while let Some(next) = fixed.take() {
        let again = diagnose_once(&next, viewer, card, query);
        if again.stop.is_none() || out.then.len() == 2 {
            break;
        }
        fixed = apply_fix(&next, card, &again.fix);
        if let Some(Err(crossing)) = fixed.as_ref().map(|after| fix_is_safe(ws, after)) {
            out.then.push(Fix::Withheld { crossing });
            break;
        }
        out.then.push(again.fix);
    }
    out
}

/// The act behind a retirement, from the log: the last event that retired
/// or refused the card (or, for a card replaced by a newer version, the
/// newer one's publication) at or before the clock. A card written without
/// a log falls back on what it says itself (a newer version's `valid_from`
/// and `approved_by`).
fn act_of(ws: &Workspace, index: usize, why: &NotInEffect) -> Option<Stamp> {
    let clock = ws.clock();
    let last = |id: &str, actions: &[Action]| {
        ws.log()
            .iter()
            .rev()
            .filter_map(|e| e.good())
            .find(|e| e.tick <= clock && e.card.as_deref() == Some(id) && actions.contains(&e.action))
            .map(Stamp::of)
    };
    let id = ws.cards[index].id.as_str();
    match why {
        NotInEffect::Superseded { by } => last(by, &[Action::Publish]).or_else(|| {
            let newer = ws.cards.iter().find(|c| c.id == *by)?;
            let by = newer.life().and_then(|l| l.approved_by.clone())?;
            Some(Stamp { by, at: took_effect(newer), reason: None })
        }),
        NotInEffect::Deleted { stamp } | NotInEffect::Candidate { stamp } | NotInEffect::Rejected { stamp } | NotInEffect::Revoked { stamp } => {
            stamp.clone()
        }
        NotInEffect::RolledBack { stamp, .. } => stamp.clone(),
        NotInEffect::Expired { .. } => last(id, &[Action::Expire]),
        _ => None,
    }
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
    let answer = |question, yes, why| Answer { question, yes, why };
    let Some(index) = ws.cards.iter().position(|c| c.id == card) else {
        out.answers = vec![
            answer(Question::Written, false, Why::NoSuchCard),
            answer(Question::Retrievable, false, Why::NotAsked),
            answer(Question::InPrompt, false, Why::NotAsked),
            answer(Question::Forgotten, false, Why::NotAsked),
        ];
        out.stop = Some(Question::Written);
        out.fix = Fix::Write;
        return out;
    };
    let now = in_effect(ws).and_then(|mut e| e.swap_remove(index));
    // Retired first: a card not in effect is in no prompt, whatever its
    // budget, rank or reader; the act that retired it is the answer.
    if let Some(why) = now {
        let act = act_of(ws, index, &why);
        if not_stored(&why) {
            out.fix = match &why {
                NotInEffect::Candidate { .. } => Fix::Publish,
                NotInEffect::NotWrittenYet { proposed_at } => Fix::Wait { until: *proposed_at },
                NotInEffect::NotYetValid { valid_from } => Fix::Wait { until: *valid_from },
                _ => Fix::Retired { act },
            };
            out.answers = vec![
                answer(Question::Written, false, Why::NotStored { why }),
                answer(Question::Retrievable, false, Why::NotAsked),
                answer(Question::InPrompt, false, Why::NotAsked),
                answer(Question::Forgotten, false, Why::NotAsked),
            ];
            out.stop = Some(Question::Written);
        } else {
            out.fix = match &why {
                NotInEffect::Superseded { by } => Fix::UseNewer { by: by.clone(), act: act.clone() },
                _ => Fix::Retired { act: act.clone() },
            };
            out.answers = vec![
                answer(Question::Written, true, Why::InStore),
                answer(Question::Retrievable, false, Why::OutOfEffect),
                answer(Question::InPrompt, false, Why::OutOfEffect),
                answer(Question::Forgotten, true, Why::Retired { why, act }),
            ];
            out.stop = Some(Question::Forgotten);
        }
        return out;
    }
    // In effect: the very prompt `mixua prompt` assembles.
    let assembler = Assembler::new(ws, query);
    let prompt = assembler.prompt(viewer);
    let written = answer(Question::Written, true, Why::InStore);
    let forgotten = answer(Question::Forgotten, false, Why::InEffect);
    let access = assembler.eval.access(index, viewer);
    if !access.allowed() {
        out.answers = vec![
            written,
            answer(Question::Retrievable, false, Why::NotReadable { access }),
            answer(Question::InPrompt, false, Why::NotAsked),
            forgotten,
        ];
        out.stop = Some(Question::Retrievable);
        out.fix = Fix::Boundary(boundary(&assembler.eval, index, viewer));
        return out;
    }
    let dropped = prompt.dropped(index).map(|d| d.reason.clone());
    let retrievable = match &dropped {
        Some(DropReason::NoMatch { query }) => answer(Question::Retrievable, false, Why::NoMatch { query: query.clone() }),
        Some(DropReason::BelowTopK { k, rank }) => answer(Question::Retrievable, false, Why::BelowTopK { k: *k, rank: *rank }),
        _ => answer(Question::Retrievable, true, Why::Found { layer: assembler.layer(index) }),
    };
    let in_prompt = if !retrievable.yes {
        answer(Question::InPrompt, false, Why::NotAsked)
    } else {
        match dropped {
            Some(reason) => answer(Question::InPrompt, false, Why::Dropped { reason }),
            None => match prompt.loaded.iter().position(|l| l.card == index) {
                Some(at) => answer(
                    Question::InPrompt,
                    true,
                    Why::Loaded {
                        position: at + 1,
                        of: prompt.loaded.len(),
                        tokens: prompt.loaded[at].tokens,
                        conflicts: conflicts(ws, &assembler, &prompt, index),
                    },
                ),
                // Readable and in effect, yet neither loaded nor dropped:
                // the assembly's view did not take it. Fail closed.
                None => answer(Question::InPrompt, false, Why::NotAsked),
            },
        }
    };
    out.answers = vec![written, retrievable, in_prompt, forgotten];
    out.stop = out.answers.iter().find(|a| a.is_wrong()).map(|a| a.question);
    out.fix = match out.answers.iter().find(|a| a.is_wrong()).map(|a| &a.why) {
        None => Fix::Nothing,
        Some(why) => fix(ws, &assembler, &prompt, index, why),
    };
    out
}

/// The cards loaded in the same prompt that the workspace marks as
/// conflicting with card `index`: either names the other in its
/// `conflicts_with`. In load order.
fn conflicts(ws: &Workspace, assembler: &Assembler<'_>, prompt: &Prompt, index: usize) -> Vec<String> {
    let id = ws.cards[index].id.as_str();
    let names = |i: usize, other: &str| assembler.keys(i).conflicts_with.iter().any(|c| c == other);
    prompt
        .loaded
        .iter()
        .map(|l| l.card)
        .filter(|&j| j != index && (names(index, &ws.cards[j].id) || names(j, id)))
        .map(|j| ws.cards[j].id.clone())
        .collect()
}

/// The smallest edit for the wrong answer of a card in effect that the
/// viewer may read.
fn fix(ws: &Workspace, assembler: &Assembler<'_>, prompt: &Prompt, index: usize, why: &Why) -> Fix {
    match why {
        Why::NoMatch { query } => Fix::MatchQuery { query: query.clone() },
        Why::BelowTopK { rank, .. } => Fix::RaiseTopK { to: *rank as u64 },
        Why::Dropped { reason } => match reason {
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
        _ => Fix::Nothing,
    }
}

/// The least budget that loads the card: what the cards of that budget
/// ahead of it in fill order take (held and high-risk ones included), plus
/// its own tokens. A budget stops at the first card that does not fit, so
/// at this budget every card ahead of it fits and so does it.
fn least_budget(assembler: &Assembler<'_>, prompt: &Prompt, index: usize, budget: &str) -> u64 {
    prompt
        .loaded
        .iter()
        .filter(|l| assembler.budget_name(l.card) == budget)
        .map(|l| l.tokens)
        .chain(prompt.dropped.iter().take_while(|d| d.card != index).filter_map(|d| {
            (d.reason.is_budget() && assembler.budget_name(d.card) == budget).then_some(d.tokens)
        }))
        .fold(assembler.tokens(index), u64::saturating_add)
}

/// Applies a fix to a copy of the workspace: the budget, `top_k`, the
/// card's `load` or its query match. `None` for a fix that is not an edit
/// of the workspace (the boundary, write, publish, a retirement, nothing).
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
        (Fix::MatchQuery { query }, Some(i)) => {
            let c = std::rc::Rc::make_mut(&mut out.cards[i]);
            let situation = if c.situation.is_empty() { query.clone() } else { format!("{} {query}", c.situation) };
            c.set_text(crate::card::Field::Situation, situation);
        }
        _ => return None,
    }
    Some(out)
}
