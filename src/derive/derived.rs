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

/// What the derivation reads besides the work: which of the parts it needs
/// are in, and how far the start has come. The derivation asks nothing of
/// a part that is not in; it is derived again once the part comes.
#[derive(Clone, Copy)]
pub struct Ready {
    /// The work shows or checks the response cache (lessons 2 and 3, a
    /// pack that checks it), with whether the part that replays it is in.
    pub cached: Option<bool>,
    /// The part that judges the assertions is in.
    pub assertions: bool,
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
}

#[hook]
pub fn use_derived(state: &AppState, derived: &std::cell::RefCell<Option<(Rc<Workspace>, Computed)>>, ready: Ready) -> Derived {
    let third = use_lesson_three(state);
    let views = use_views(state, derived, ready.cached);
    let cells = use_chart_cells(state, &views.shown, views.change.as_ref());
    let asserted = use_assertions(state, &views.now, views.logged.clone(), ready.assertions, &third.more_parts);
    let checks = use_checks(state, &views.now, views.logged.clone(), views.tick, ready.checks);
    let ui = &state.ui;
    let ws = Shared(state.doc.workspace.clone());
    let hides = ui.mode.hides_answers();
    let words = use_memo((views.change.as_ref().map(|(k, c)| (*k, c.clone())), asserted.more.clone(), hides, ui.lang), |(change, more, hides, lang)| {
        crate::derive::change::step_words(change.as_ref(), more, *hides, *lang)
    });
    let graded = use_memo((ws.clone(), Shared(ui.shared_pack().clone()), ui.lesson_step), |(ws, pack, step)| {
        crate::derive::course::graded_in(&pack.0, *step, &ws.0).map(Rc::new)
    });
    let acts = ui.course.acts();
    // Who may act: read from every card, so once per work, and only where
    // someone acts.
    let actors = use_memo((ws.clone(), acts), |(ws, acts)| Rc::new(if *acts { mixua_policy::actors(&ws.0) } else { Vec::new() }));
    let actor = crate::store::acts::chosen_actor(&actors, ui.actor.as_ref());
    let english_seed = *use_memo(ws, |ws| !ws.0.cards.iter().any(|c| c.situation.contains(mixua_course::SEED_QUERY)));
    Derived {
        views,
        cells,
        third,
        asserted,
        checks,
        words: (*words).clone(),
        graded: (*graded).clone(),
        actors: (*actors).clone(),
        actor,
        english_seed,
    }
}
