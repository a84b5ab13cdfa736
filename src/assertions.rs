//! The work's assertions in the playground (issue 53): what the crate
//! judges of them (`mixua_course::assertion`), derived once per work
//! revision by the root (`memos::use_assertions`), never in render; the
//! edits that change them (one undoable step each); and their words.
//!
//! Reading, running and wording assertions is in the part of the panels
//! below the first screen (`later`, `crate::lazy`): a work without
//! assertions never asks for it, so a lesson-1 student's first load does
//! not carry the vocabulary's reader. Natively (tests) the part's
//! functions are called directly.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_course::assertion::{self, Assertion, AssertionProblem, Assertions, Verdict};
use mixua_course::{Facts, Learner, Views};
use mixua_policy::{CacheReplay, ViewerId, Workspace};
use mixua_words::Lang;

use crate::computed::Computed;

/// A change to the work's assertions: one undoable edit each.
#[derive(Clone, Debug, PartialEq)]
pub enum AssertionEdit {
    /// Adds one at the end of the list (nothing, when the same one is
    /// there already).
    Add(Assertion),
    /// Replaces the entry at `index` (a note edited, the opposite
    /// expected; a wrong entry mended).
    Replace { index: usize, assertion: Assertion },
    /// Removes the entry at `index`.
    Remove(usize),
}

/// Applies an edit: whether the work changed. A value of the key that is
/// no list is never written over (the panel says why it is set aside).
pub fn apply(ws: &mut Workspace, edit: &AssertionEdit) -> bool {
    match edit {
        AssertionEdit::Add(a) => {
            let value = a.to_value();
            let already = matches!(&ws.assertions, Some(serde_json::Value::Array(items)) if items.contains(&value));
            !already && assertion::add(ws, a).is_ok()
        }
        AssertionEdit::Replace { index, assertion: a } => {
            let same = matches!(&ws.assertions, Some(serde_json::Value::Array(items)) if items.get(*index) == Some(&a.to_value()));
            !same && assertion::replace(ws, *index, a)
        }
        AssertionEdit::Remove(index) => assertion::remove(ws, *index),
    }
}

/// [`apply`], in the part that reads and writes assertions: every control
/// that edits them is drawn by that part, so it is in whenever one is
/// dispatched (else nothing is done).
#[wasm_split_helpers::wasm_split(later, fallible, preload(preload_apply))]
pub fn apply_part(ws: &mut Workspace, edit: &AssertionEdit) -> Result<bool, crate::lazy::SplitLoaderError> {
    Ok(apply(ws, edit))
}

/// One assertion of the work as judged now.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// Its place in the file's list, from 0 ("assertion 2" is place 1).
    pub place: usize,
    pub assertion: Assertion,
    pub verdict: Verdict,
}

/// The work's assertions, judged on the views now: each that can be read
/// with its verdict, and those set aside with why.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Judgement {
    pub rows: Vec<Judged>,
    pub problems: Vec<AssertionProblem>,
    /// The cells a failing assertion is about, each with the numbers (from
    /// 1) of those assertions: the chart marks them.
    pub failing_cells: Vec<(ViewerId, Vec<usize>)>,
}

impl Judgement {
    /// How many pass and fail, and how many are set aside.
    pub fn counts(&self) -> (usize, usize, usize) {
        let pass = self.rows.iter().filter(|r| r.verdict.pass).count();
        (pass, self.rows.len() - pass, self.problems.len())
    }

    /// The numbers (from 1) of the failing assertions about `cell`.
    pub fn failing_at(&self, cell: &ViewerId) -> Vec<usize> {
        self.failing_cells.iter().find(|(c, _)| c == cell).map(|(_, n)| n.clone()).unwrap_or_default()
    }
}

/// Judges the work's assertions on the views the app keeps now (`computed`,
/// the four-scope views, leaks and probe made once per revision) and its
/// one cache replay (lessons 2 and 3, when made): the crate's `run_with`,
/// which evaluates only what each check reads (a tick named: the work as
/// it was then, once per tick).
pub fn judge(ws: &Workspace, computed: &Computed, cache: Option<&CacheReplay<'_>>) -> Judgement {
    let read = Assertions::of(ws);
    if read.items.is_empty() {
        return Judgement { problems: read.problems, ..Judgement::default() };
    }
    let views = Views {
        viewers: &computed.viewers,
        views: &computed.four.views,
        leaks: &computed.four.leaks,
        forbidden: &computed.four.forbidden,
        reid: &computed.reid,
    };
    // Assertions read the work alone: a learner who did nothing.
    let (predictions, answers, seen, refused) = (BTreeMap::new(), BTreeMap::new(), BTreeSet::new(), BTreeSet::new());
    let learner = Learner { predictions: &predictions, revealed: false, answers: &answers, seen: &seen, refused: &refused, records: &[], tick: None };
    let facts = Facts::of(ws, views, learner);
    let facts = match cache {
        Some(replay) => facts.with_cache(replay),
        None => facts,
    };
    let (places, list): (Vec<usize>, Vec<Assertion>) = read.items.into_iter().unzip();
    let verdicts = assertion::run_with(ws, &facts, &list, None);
    let rows: Vec<Judged> = places
        .into_iter()
        .zip(list)
        .zip(verdicts)
        .map(|((place, assertion), verdict)| Judged { place, assertion, verdict })
        .collect();
    let mut failing_cells: Vec<(ViewerId, Vec<usize>)> = Vec::new();
    for row in rows.iter().filter(|r| !r.verdict.pass) {
        for cell in row.verdict.cells() {
            match failing_cells.iter_mut().find(|(c, _)| c == cell) {
                Some((_, numbers)) => numbers.push(row.place + 1),
                None => failing_cells.push((cell.clone(), vec![row.place + 1])),
            }
        }
    }
    Judgement { rows, problems: read.problems, failing_cells }
}

/// [`judge`], in the part that reads assertions (`None` while it is not in).
#[wasm_split_helpers::wasm_split(later, fallible, preload(preload_judge))]
pub fn judge_part(ws: &Workspace, computed: &Computed, cache: Option<&CacheReplay<'_>>) -> Result<Judgement, crate::lazy::SplitLoaderError> {
    Ok(judge(ws, computed, cache))
}

/// The same for a work whose views the app no longer keeps (the work
/// before a step, when it was not the one shown): evaluated from scratch,
/// once (`memos::use_assertions` keeps it).
#[wasm_split_helpers::wasm_split(later, fallible, preload(preload_judge_afresh))]
pub fn judge_afresh(ws: &Workspace) -> Result<Judgement, crate::lazy::SplitLoaderError> {
    Ok(judge(ws, &Computed::new(ws), None))
}

/// The places (from 0) of the assertions that an edit broke: each held on
/// the work before the step and fails now, and is the same assertion at
/// the same place (an assertion edited or moved is not "broken by the
/// edit"). The crate decides (`newly_failing`).
pub fn broken(before: &Judgement, now: &Judgement) -> Vec<usize> {
    let same: Vec<(usize, Verdict)> = before
        .rows
        .iter()
        .filter(|b| now.rows.iter().any(|n| n.place == b.place && n.assertion == b.assertion))
        .map(|b| (b.place, b.verdict.clone()))
        .collect();
    let now: Vec<(usize, Verdict)> = now.rows.iter().map(|n| (n.place, n.verdict.clone())).collect();
    assertion::newly_failing(&same, &now)
}

/// What the change strip and the live region say of the assertions an
/// edit broke ("assertion 2 now fails: …"), in the crate's words.
#[wasm_split_helpers::wasm_split(later, fallible, preload(preload_broken_words))]
pub fn broken_words(ws: &Workspace, now: &Judgement, places: &[usize], lang: Lang) -> Result<Vec<String>, crate::lazy::SplitLoaderError> {
    Ok(places
        .iter()
        .filter_map(|p| now.rows.iter().find(|r| r.place == *p))
        .map(|r| mixua_course::now_fails_words(ws, r.place, &r.verdict, lang))
        .collect())
}

/// One row of the panel in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowWords {
    /// What it asserts ("bob/writer-v1 reads A"), at its tick if any.
    pub what: String,
    /// "holds", or every reason it fails.
    pub verdict: String,
}

/// The panel's words: each row's, and why each entry set aside is.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PanelWords {
    pub rows: Vec<RowWords>,
    pub problems: Vec<String>,
}

/// The panel's words for a judgement, made once per (judgement,
/// language) while the panel is open.
#[wasm_split_helpers::wasm_split(later, fallible, preload(preload_panel_words))]
pub fn panel_words(ws: &Workspace, judged: &Judgement, lang: Lang) -> Result<PanelWords, crate::lazy::SplitLoaderError> {
    Ok(PanelWords {
        rows: judged
            .rows
            .iter()
            .map(|r| RowWords {
                what: mixua_course::assertion_words(&r.assertion, lang),
                verdict: mixua_course::verdict_words(ws, &r.verdict, lang),
            })
            .collect(),
        problems: judged.problems.iter().map(|p| mixua_course::problem_words(p, lang)).collect(),
    })
}

/// Every function of this part, loaded (`components::below::preload`).
pub async fn preload() -> Result<(), crate::lazy::SplitLoaderError> {
    preload_apply().await?;
    preload_judge().await?;
    preload_judge_afresh().await?;
    preload_broken_words().await?;
    preload_panel_words().await
}

/// The work's assertions as the root keeps them between renders: the
/// judgement shown last and the one of the work before the last step, by
/// the identity of their workspace (as `changed::Kept` keeps the views).
#[derive(Default)]
pub struct Kept {
    before: Option<(Rc<Workspace>, Rc<Judgement>)>,
    shown: Option<(Rc<Workspace>, Rc<Judgement>)>,
}

impl Kept {
    /// The judgement of `ws`, the work before the last step: the one kept,
    /// else judged afresh (once: it is kept). `None` while the part is not in.
    pub fn before(&mut self, ws: &Rc<Workspace>) -> Option<Rc<Judgement>> {
        let found = [&self.before, &self.shown].into_iter().flatten().find(|(w, _)| Rc::ptr_eq(w, ws)).map(|(_, j)| j.clone());
        let judged = match found {
            Some(judged) => judged,
            None if ws.assertions.is_none() => Rc::new(Judgement::default()),
            None => Rc::new(crate::lazy::now(judge_afresh(ws))?),
        };
        self.before = Some((ws.clone(), judged.clone()));
        Some(judged)
    }

    /// Remembers the judgement shown now.
    pub fn shown(&mut self, ws: Rc<Workspace>, judged: Rc<Judgement>) {
        self.shown = Some((ws, judged));
    }
}
