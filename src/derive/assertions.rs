//! The work's assertions in the playground (issue 53): what the crate
//! judges of them (`mixua_course::assertion`), derived once per work
//! revision by the root (`memos::use_assertions`), never in render; the
//! edits that change them (one undoable step each); and their words.
//!
//! Reading, running and wording assertions is in the part of the panels
//! below the first screen (`later`): a work without
//! assertions never asks for it, so a lesson-1 student's first load does
//! not carry the vocabulary's reader. Natively (tests) the part's
//! functions are called directly.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_course::assertion::{self, Assertion, AssertionProblem, Assertions, Verdict};
use mixua_course::{Facts, Learner, Views};
use mixua_policy::{CacheReplay, ViewerId, Workspace};
use mixua_words::Lang;

use crate::derive::views::Computed;

pub use crate::store::action::{AssertionEdit, AssertionWrite};

/// Applies an edit: whether the work changed. A value of the key that is
/// no list is never written over (the panel says why it is set aside).
pub fn apply(ws: &mut Workspace, edit: &AssertionEdit) -> bool {
    use serde_json::Value;
    match edit {
        AssertionEdit::Add(entry) => match ws.assertions.get_or_insert_with(|| Value::Array(Vec::new())) {
            Value::Array(items) if !items.contains(entry) => {
                items.push(entry.clone());
                true
            }
            _ => false,
        },
        AssertionEdit::Replace { index, entry } => match ws.assertions.as_mut() {
            Some(Value::Array(items)) if items.get(*index).is_some_and(|e| e != entry) => {
                items[*index] = entry.clone();
                true
            }
            _ => false,
        },
        AssertionEdit::Remove(index) => assertion::remove(ws, *index),
    }
}

/// [`apply`], in the part that reads and writes assertions: every control
/// that edits them is drawn by that part, so it is in whenever one is
/// dispatched (else nothing is done).

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

/// One row of the panel in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowWords {
    /// What it asserts ("bob · writer-v1 retrieves A"), at its tick if any.
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

/// A judgement as the root keeps it: opaque, so that the students' first
/// load carries none of a verdict's code (only the part that reads
/// assertions looks inside, [`Opaque::judgement`]); compared by identity.
#[derive(Clone)]
pub struct Opaque(pub Rc<dyn std::any::Any>);

impl Opaque {
    pub fn judgement(&self) -> Option<&Judgement> {
        self.0.downcast_ref()
    }
}

impl PartialEq for Opaque {
    fn eq(&self, other: &Opaque) -> bool {
        std::ptr::eq(Rc::as_ptr(&self.0) as *const (), Rc::as_ptr(&other.0) as *const ())
    }
}

/// The cells a failing assertion is about, each with the numbers (from 1)
/// of those assertions.
pub type Failing = Vec<(ViewerId, Vec<usize>)>;

/// What the root derives of the work's assertions (issue 53), once per
/// work revision (and language, and whether the panel is open).
#[derive(Clone, Default)]
pub struct Asserted {
    /// The work's assertions judged now (`None`: the part that reads them
    /// is not in yet), for the panel.
    pub judged: Option<Opaque>,
    /// How many pass and fail, and how many are set aside (`None`: not
    /// judged yet).
    pub counts: Option<(usize, usize, usize)>,
    /// The cells the chart marks.
    pub failing: Rc<Failing>,
    /// The panel's words, while it is open.
    pub words: Option<Rc<PanelWords>>,
    /// What else the last step changed, in words, after the views' change:
    /// lesson 3's prompts and settings, then what it broke.
    pub more: Rc<Vec<String>>,
}

/// The judgement of the work before a step, when the root still has it.
pub enum Before<'a> {
    /// No step, or a work that keeps no assertion.
    None,
    /// Kept from when that work was shown.
    Kept(&'a Judgement),
    /// Not kept: judged afresh (its views evaluated from scratch).
    Afresh(&'a Workspace),
}

/// Everything the root derives of the assertions for one work revision:
/// the judgement now, what the step from the work before broke (in
/// words; nothing while predicting), the panel's words while it is open;
/// and the judgement of the work before, when it was judged afresh (for
/// the root to keep).
pub fn derive(ws: &Workspace, now: &Computed, cache: Option<&CacheReplay<'_>>, before: Before<'_>, lang: Lang, hides: bool, open: bool) -> (Judgement, Vec<String>, Option<PanelWords>, Option<Judgement>) {
    let judged = judge(ws, now, cache);
    let afresh = match before {
        Before::Afresh(b) if b.assertions.is_some() => Some(judge(b, &Computed::new(b), None)),
        _ => None,
    };
    let before = match before {
        Before::Kept(j) => Some(j),
        _ => afresh.as_ref(),
    };
    let broke = match before.filter(|_| !hides) {
        Some(before) => broken(before, &judged)
            .into_iter()
            .filter_map(|p| judged.rows.iter().find(|r| r.place == p))
            .map(|r| mixua_course::now_fails_words(ws, r.place, &r.verdict, lang))
            .collect(),
        None => Vec::new(),
    };
    let words = open.then(|| PanelWords {
        rows: judged
            .rows
            .iter()
            .map(|r| RowWords {
                what: mixua_course::assertion_words(&r.assertion, lang),
                verdict: mixua_course::verdict_words(ws, &r.verdict, lang),
            })
            .collect(),
        problems: judged.problems.iter().map(|p| mixua_course::problem_words(p, lang)).collect(),
    });
    (judged, broke, words, afresh)
}

/// What [`derive_part`] hands the root.
pub struct Derived {
    pub judged: Opaque,
    pub counts: (usize, usize, usize),
    pub failing: Failing,
    pub broke: Vec<String>,
    pub words: Option<PanelWords>,
    /// The work before, judged afresh (for the root to keep).
    pub afresh: Option<Opaque>,
}

/// [`derive`], as the part that reads assertions calls it ([`Judge`]).
/// `before`: the judgement of the work before the step, as the root keeps
/// it, else that work.
#[allow(clippy::too_many_arguments)]
pub fn derived(ws: &Workspace, now: &Computed, cache: Option<&CacheReplay<'_>>, kept: Option<&Opaque>, before: Option<&Workspace>, lang: Lang, hides: bool, open: bool) -> Derived {
    let before = match (kept.and_then(Opaque::judgement), before) {
        (Some(j), _) => Before::Kept(j),
        (None, Some(b)) => Before::Afresh(b),
        (None, None) => Before::None,
    };
    let (judged, broke, words, afresh) = derive(ws, now, cache, before, lang, hides, open);
    let opaque = |j: Judgement| Opaque(Rc::new(j));
    Derived { counts: judged.counts(), failing: judged.failing_cells.clone(), judged: opaque(judged), broke, words, afresh: afresh.map(opaque) }
}

/// [`derived`]'s signature: the root hands it over from the `later` part.
pub type Judge = fn(&Workspace, &Computed, Option<&CacheReplay<'_>>, Option<&Opaque>, Option<&Workspace>, Lang, bool, bool) -> Derived;

/// What the root's derivation of the assertions reads: the work, its
/// views now and its log (by identity), and what the words depend on.
pub struct Key {
    pub ws: Rc<Workspace>,
    pub now: Rc<Computed>,
    pub logged: Option<Rc<crate::derive::checks::Logged>>,
    /// [`derived`], as the part that reads assertions (`later`) has it,
    /// once that part is in (`None` until then).
    pub judge: Option<Judge>,
    pub lang: Lang,
    /// Predicting: what a step broke is not said.
    pub hides: bool,
    /// The panel is open: its words are made.
    pub open: bool,
    /// Lesson 3's "what else changed" (by value).
    pub more: Rc<Vec<String>>,
}

impl Key {
    fn same(&self, other: &Key) -> bool {
        let logged = match (&self.logged, &other.logged) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        Rc::ptr_eq(&self.ws, &other.ws)
            && Rc::ptr_eq(&self.now, &other.now)
            && logged
            && (self.judge.is_some(), self.lang, self.hides, self.open) == (other.judge.is_some(), other.lang, other.hides, other.open)
            && self.more == other.more
    }
}

/// The root's memo of the assertions: what it derived for the last key,
/// and the judgements it keeps for the next step (the one shown last and
/// the one of the work before the last step, by the identity of their
/// workspace, as `changed::Kept` keeps the views).
#[derive(Default)]
pub struct Memo {
    last: Option<(Key, Asserted)>,
    before: Option<(Rc<Workspace>, Opaque)>,
    shown: Option<(Rc<Workspace>, Opaque)>,
}

impl Memo {
    /// What the root shows for `key`: derived again only when the key
    /// changed. `before`: the work before the last step, if any.
    pub fn get(&mut self, key: Key, before: Option<&Rc<Workspace>>) -> Asserted {
        if let Some((last, asserted)) = &self.last {
            if last.same(&key) {
                return asserted.clone();
            }
        }
        let asserted = self.derive(&key, before);
        self.last = Some((key, asserted.clone()));
        asserted
    }

    fn derive(&mut self, key: &Key, before_ws: Option<&Rc<Workspace>>) -> Asserted {
        let ws = &key.ws;
        let plain = Asserted { more: key.more.clone(), ..Asserted::default() };
        if ws.assertions.is_none() {
            // Judged: nothing to judge (no judgement inside).
            return Asserted { judged: Some(Opaque(Rc::new(()))), counts: Some((0, 0, 0)), ..plain };
        }
        let Some(judge) = key.judge else {
            return plain;
        };
        // The work before the last step, judged: kept from the render that
        // showed it, else afresh (and kept).
        let kept = before_ws.and_then(|b| [&self.before, &self.shown].into_iter().flatten().find(|(w, _)| Rc::ptr_eq(w, b))).map(|(_, j)| j.clone());
        let cache = key.logged.as_ref().and_then(|l| l.replay_of(ws));
        let before = before_ws.filter(|_| kept.is_none()).map(|b| &**b);
        let d = judge(ws, &key.now, cache, kept.as_ref(), before, key.lang, key.hides, key.open);
        self.before = before_ws.cloned().zip(kept.or(d.afresh));
        self.shown = Some((ws.clone(), d.judged.clone()));
        let more = if d.broke.is_empty() { key.more.clone() } else { Rc::new(key.more.iter().cloned().chain(d.broke).collect()) };
        Asserted { judged: Some(d.judged), counts: Some(d.counts), failing: Rc::new(d.failing), words: d.words.map(Rc::new), more }
    }
}
