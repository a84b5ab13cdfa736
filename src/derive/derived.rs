//! The one hook the root asks for everything the screen shows of the work:
//! [`use_derived`] builds it once per revision (and per language, tick,
//! selection or step where it reads them), from the memos of
//! [`per_revision`](crate::derive::per_revision) and lesson 3's
//! ([`lesson_three`](crate::derive::lesson_three)). The components are
//! handed values from it; none of them derives in render.

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_policy::{Actor, ViewerId, Workspace};
use yew::prelude::*;

use crate::derive::assertions::Asserted;
use crate::derive::checks::Checks;
use crate::derive::lesson_three::{use_lesson_three, Third};
use crate::derive::per_revision::{use_assertions, use_chart_cells, use_checks, use_views, ChartCells, Views};
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::AppState;

/// What the derivation reads besides the work: the functions of the wasm
/// chunks it needs, once in, and how far the start has come. It asks nothing of
/// a chunk that is not in; it is derived again once the chunk comes.
#[derive(Clone, Copy)]
pub struct Ready {
    /// The work shows or checks the response cache (lessons 2 and 3, a
    /// pack that checks it), with the acting part's replay once it is in.
    pub cached: Option<Option<(crate::derive::checks::Replay, crate::derive::change::CacheChange)>>,
    /// The later part's judge of the assertions, once it is in.
    pub judge: Option<crate::derive::assertions::Judge>,
    /// The later part's words for a change, once it is in.
    pub change_words: Option<crate::derive::change::ChangeWords>,
    /// The later part's maker of the scorecards, once it is in and the
    /// start has reached its side step.
    pub scores_of: Option<crate::derive::scores::ScoresOf>,
    /// The later part's maker of result codes, once it is in.
    pub code_of: Option<crate::derive::course::CodeOf>,
    /// The start has reached its side step: the lesson's checks are made.
    pub checks: bool,
}

/// Everything derived from the work for the screen.
pub struct Derived {
    pub views: Views,
    /// What the chart's cells show.
    pub cells: ChartCells,
    /// Lesson 3's prompts, bars and settings.
    pub third: Third,
    /// The work's assertions judged, and what the last step broke.
    pub asserted: Asserted,
    /// The lesson's checks.
    pub checks: Shared<Checks>,
    /// The last step's summary for the live region (`None`: no step, or
    /// answers hidden).
    pub words: Option<String>,
    /// The cells the current exercise grades (`None`: all, or no lesson).
    pub graded: Option<Rc<BTreeSet<ViewerId>>>,
    /// Who acts (lessons 2 and 3): the learner's choice while it is one of
    /// the crate's actors, else the first.
    pub actor: Option<Actor>,
    /// Everyone who may act, the choices of "Who acts".
    pub actors: Rc<Vec<Actor>>,
    /// The cards come from an English seed: the query keeps English presets.
    pub english_seed: bool,
    /// The policies' scorecards and totals (from the start's side step on).
    pub scores: Option<Rc<crate::derive::scores::Scores>>,
    /// The lesson's result code, while it is open (with the name given).
    pub code: Option<Rc<crate::derive::course::ResultCode>>,
}

#[hook]
pub fn use_derived(state: &AppState, derived: &std::cell::RefCell<Option<(Rc<Workspace>, Computed)>>, ready: Ready, name: &str) -> Derived {
    let third = use_lesson_three(state);
    let views = use_views(state, derived, ready.cached);
    let cells = use_chart_cells(state, &views.shown, views.change.as_ref());
    let asserted = use_assertions(state, &views.now, views.logged.clone(), ready.judge, &third.more_parts);
    let checks = use_checks(state, &views.now, views.logged.clone(), views.tick, ready.checks);
    let ui = &state.ui;
    // The rest, in one memo of its own (a hook's state, not Yew's
    // `use_memo`: the students' first load carries no more than it needs),
    // beside the scorecards' and the result code's (each keyed by what it
    // reads).
    let memos = use_mut_ref(Memos::default);
    let mut memos = memos.borrow_mut();
    let scores = crate::derive::scores::scores(state, &views.now, &views.shown, ready.scores_of.filter(|_| ready.checks), &mut memos.scores);
    let code = crate::derive::result_code::result_code(state, &views.now, views.tick, &checks, name, ready.code_of, &mut memos.code);
    let memo = &mut memos.rest;
    let key = Key {
        ws: state.doc.workspace.clone(),
        pack: ui.shared_pack().clone(),
        step: ui.lesson_step,
        acts: ui.session.course.acts(),
        change: views.change.as_ref().map(|(kind, c)| (*kind, c.0.clone())),
        more: asserted.more.clone(),
        hides: ui.screen.mode.hides_answers(),
        lang: ui.session.lang,
        change_words: ready.change_words,
    };
    let kept = memo.take().filter(|m| m.key.same(&key));
    let made = kept.unwrap_or_else(|| {
        let ws = &key.ws;
        let change = key.change.clone().map(|(kind, c)| (kind, Shared(c)));
        let actors = Rc::new(if key.acts { mixua_policy::actors(ws) } else { Vec::new() });
        Memo {
            words: crate::derive::change::step_words(change.as_ref(), &key.more, key.hides, key.lang, key.change_words),
            graded: crate::derive::course::graded_in(&key.pack, key.step, ws).map(Rc::new),
            actors,
            english_seed: !ws.cards.iter().any(|c| c.situation.contains(mixua_course::SEED_QUERY)),
            key,
        }
    });
    let (words, graded, actors, english_seed) = (made.words.clone(), made.graded.clone(), made.actors.clone(), made.english_seed);
    *memo = Some(made);
    let actor = crate::store::acts::chosen_actor(&actors, ui.screen.actor.as_ref());
    Derived {
        views,
        cells,
        third,
        asserted,
        checks,
        words,
        graded,
        actors,
        actor,
        english_seed,
        scores,
        code,
    }
}

/// What [`use_derived`]'s own memo read, compared by identity.
struct Key {
    ws: Rc<Workspace>,
    pack: Rc<mixua_course::Pack>,
    step: usize,
    acts: bool,
    change: Option<(crate::store::state::StepKind, Rc<mixua_policy::Change>)>,
    more: Rc<Vec<String>>,
    hides: bool,
    lang: mixua_words::Lang,
    change_words: Option<crate::derive::change::ChangeWords>,
}

impl Key {
    fn same(&self, other: &Key) -> bool {
        let change = match (&self.change, &other.change) {
            (Some((a, x)), Some((b, y))) => a == b && Rc::ptr_eq(x, y),
            (None, None) => true,
            _ => false,
        };
        Rc::ptr_eq(&self.ws, &other.ws)
            && Rc::ptr_eq(&self.pack, &other.pack)
            && Rc::ptr_eq(&self.more, &other.more)
            && (self.step, self.acts, self.hides, self.lang) == (other.step, other.acts, other.hides, other.lang)
            && self.change_words.map(|f| f as usize) == other.change_words.map(|f| f as usize)
            && change
    }
}

/// What [`use_derived`] keeps from one render to the next.
#[derive(Default)]
struct Memos {
    rest: Option<Memo>,
    scores: crate::derive::scores::Memo,
    code: crate::derive::result_code::Memo,
}

/// The values made from a [`Key`].
struct Memo {
    key: Key,
    words: Option<String>,
    graded: Option<Rc<BTreeSet<ViewerId>>>,
    actors: Rc<Vec<Actor>>,
    english_seed: bool,
}
