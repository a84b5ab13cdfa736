//! The root's memos: everything the screen shows that is derived from the
//! work, once per revision (and per tick, language or selection where it
//! reads them), here and nowhere else. Each memo is keyed by the identity of
//! what it reads, so a component gets the same value, and renders nothing
//! new, until what it shows has changed. The root (`root/app.rs`) calls these
//! hooks and lays out what they give.

use std::cell::RefCell;
use std::rc::Rc;

use mixua_policy::{flip::Flips, Change, EventProblem, Workspace};
use yew::prelude::*;

use crate::derive::change;
use crate::derive::views::Computed;
use crate::store::lesson::Course;
use crate::derive::checks::{CacheLines, Checks, Logged, Rejected, Replay, Roster};
use crate::derive::course::Lesson;
use crate::store::shared::Shared;
use crate::derive::assertions::Asserted;
use crate::store::state::{AppState, Mode, StepKind};
use crate::derive::cells::{CellList, Delta, Reach};

/// What an update of the views touched: the views it started from, the
/// views it made, and the cells and cards it touched.
type Touched = (Rc<Computed>, Rc<Computed>, Rc<crate::derive::views::Touched>);

/// What the root derives from the work for the components to show.
pub struct Views {
    /// The views now (every policy's views, leaks and counts): what the
    /// lesson's checks and the teacher's preview read.
    pub now: Shared<Computed>,
    /// The views the chart shows: now, or lesson 2's past at `tick`.
    pub shown: Shared<Computed>,
    /// The tick lesson 2's timeline shows, when it is not now.
    pub tick: Option<u64>,
    /// The work's log read once (lesson 2, and lesson 3's cache exercise):
    /// its timeline and its reads replayed through the response cache.
    pub logged: Option<Rc<Logged>>,
    /// The same, in words.
    pub cache_lines: Option<Rc<CacheLines>>,
    /// Why each logged event is set aside (lesson 2's audit log).
    pub event_problems: Rc<Vec<Option<EventProblem>>>,
    /// The why panel's smallest edits for the card and viewer it explains.
    pub flips: Option<Rc<Flips>>,
    /// Who is in the chart (the people panel).
    pub roster: Rc<Roster>,
    /// The rejected cards the list names.
    pub rejected: Rc<Rejected>,
    /// What the last edit, undo or redo changed.
    pub change: Option<(StepKind, Shared<Change>)>,
    /// The cells it changed, in the chart's order (`change::changed_cells`).
    pub changed_cells: Option<(StepKind, Shared<Vec<String>>)>,
}

/// The views, kept from the start's own derivation (`derived`, taken on
/// the first render) and then from the last work's. `cached`: this work
/// shows or checks the response cache (lessons 2 and 3, a pack that checks
/// it), with the replay once the part that replays it is in (`Some(None)`:
/// not yet, and the log is read again once it is).
#[hook]
pub fn use_views(state: &AppState, derived: &RefCell<Option<(Rc<Workspace>, Computed)>>, cached: Option<Option<(Replay, change::CacheChange)>>) -> Views {
    let ws = Shared(state.doc.workspace.clone());
    // The log read once per work, for all that reads it: lesson 2's gates
    // at the clock, the audit log's set-aside events, and the cache replay
    // (lesson 2, and lesson 3's cache exercise), which the cache panel and
    // the lesson's checks share.
    let lesson_two = state.ui.session.course == Course::Two;
    let (replay, cache_change) = cached.flatten().unzip();
    let logged = use_memo((ws.clone(), lesson_two, cached.map(|r| r.is_some())), move |(ws, two, cached)| {
        (*two || cached.is_some()).then(|| Rc::new(Logged::of(ws.0.clone(), replay)))
    });
    // The views now: kept up to date from the last work's (an edit of one
    // card re-derives that card and the cells it reaches, `Computed::update_touched`),
    // once per work revision.
    let last_derived = use_mut_ref(|| None::<(Rc<Workspace>, Rc<Computed>)>);
    // What the last update touched, with the views it started from: the
    // change summary compares only that (`change::change_of`).
    let touched = use_mut_ref(|| None::<Touched>);
    let now = Shared((*use_memo(ws.clone(), |ws| {
        let derived = derived.borrow_mut().take().filter(|(of, _)| Rc::ptr_eq(of, &ws.0));
        *touched.borrow_mut() = None;
        let computed = derived.map(|(_, computed)| Rc::new(computed)).unwrap_or_else(|| match &*last_derived.borrow() {
            Some((before_ws, before)) => {
                let timeline = logged.as_ref().as_ref().and_then(|l| l.of_work(&ws.0)).map(|l| &l.timeline);
                let (computed, what) = Computed::update_touched(before_ws, before, &ws.0, timeline);
                // No card gated again (an edit no view reads: lesson 3's
                // prompt settings): the very same views, so nothing that
                // shows them renders again (issue 52).
                if let Some(what) = what.as_ref().filter(|w| w.cards.is_empty() && w.cells.is_empty()) {
                    *touched.borrow_mut() = Some((before.clone(), before.clone(), Rc::new(what.clone())));
                    return before.clone();
                }
                let computed = Rc::new(computed);
                *touched.borrow_mut() = what.map(|what| (before.clone(), computed.clone(), Rc::new(what)));
                computed
            }
            None => Rc::new(Computed::new(&ws.0)),
        });
        *last_derived.borrow_mut() = Some((ws.0.clone(), computed.clone()));
        computed
    }))
    .clone());
    // Lesson 2's timeline: the chart, alarms and scorecards as of the chosen
    // tick, memoised per (workspace, tick). The exercises always check the
    // work now.
    let tick = state.ui.screen.tick.filter(|&t| state.ui.session.course == Course::Two && t < state.doc.workspace.clock());
    let past = use_memo((ws.clone(), tick), |(ws, tick)| tick.map(|t| Rc::new(Computed::at(&ws.0, t))));
    let shown = match &*past {
        Some(past) => Shared(past.clone()),
        None => now.clone(),
    };
    // The cache replay in words: how many canaries it leaked (the chart's
    // alarm) and the reads the cache panel lists. Once per (log, language).
    let cache_lines = use_memo(((*logged).clone().map(Shared), state.ui.session.lang), |(logged, lang)| {
        logged.as_ref().and_then(|l| l.0.borrow_dependent().replay.as_ref()).map(|r| Rc::new(CacheLines::of(r, *lang)))
    });
    // Lesson 2's audit log: why each event is set aside, once per log.
    let event_problems = use_memo(((*logged).clone().map(Shared), lesson_two), |(logged, two)| {
        Rc::new(match logged.as_ref().filter(|_| *two) {
            Some(l) => crate::derive::checks::event_problems(&l.0.borrow_dependent().timeline),
            None => Vec::new(),
        })
    });
    // The why panel's flips, once per (work, card, viewer), while answers show.
    let flips = use_memo(
        (ws.clone(), state.ui.screen.selected, state.ui.screen.viewer.clone(), state.ui.screen.mode.hides_answers()),
        |(ws, selected, viewer, hides)| {
            selected.zip(viewer.as_ref()).filter(|_| !*hides).and_then(|(i, v)| crate::derive::checks::flips(&ws.0, i, v)).map(Rc::new)
        },
    );
    // Made again per work, but compared by value, so a card edit leaves the
    // people panel as it was.
    let roster = use_memo(ws.clone(), |ws| Rc::new(Roster::of(&ws.0)));
    // Once per views shown.
    let rejected = use_memo(shown.clone(), |shown| Rc::new(Rejected::of(&state.doc.workspace, shown)));
    let change = use_change(state, &shown, touched.borrow().clone(), (*logged).clone(), cache_change);
    let changed_cells = {
        let cells = use_memo((change.as_ref().map(|(_, c)| c.clone()), shown.clone()), |(change, shown)| {
            change.as_ref().map(|c| Shared::new(change::changed_cells(c, &shown.viewers)))
        });
        change.as_ref().map(|(kind, _)| *kind).zip((*cells).clone())
    };
    Views {
        now,
        shown,
        tick,
        logged: (*logged).clone(),
        cache_lines: (*cache_lines).clone(),
        event_problems: (*event_problems).clone(),
        flips: (*flips).clone(),
        roster: (*roster).clone(),
        rejected: (*rejected).clone(),
        change,
        changed_cells,
    }
}

/// What the last edit, undo or redo changed: the crate's diff of the
/// evaluation before it (kept from the render before) and this one, and of
/// the two works' cache replays when both were made (`logged`: this work's).
#[hook]
fn use_change(state: &AppState, shown: &Shared<Computed>, touched: Option<Touched>, logged: Option<Rc<Logged>>, cache_change: Option<change::CacheChange>) -> Option<(StepKind, Shared<Change>)> {
    let kept = use_mut_ref(change::Kept::default);
    let before_ws = state.last.as_ref().map(|l| l.before.workspace.clone()).filter(|b| !Rc::ptr_eq(b, &state.doc.workspace));
    let before_computed = before_ws.as_ref().map(|ws| kept.borrow_mut().before(ws));
    let before_log = before_ws.as_ref().and_then(|ws| kept.borrow().log_of(ws));
    kept.borrow_mut().shown(state.doc.workspace.clone(), shown.0.clone());
    kept.borrow_mut().logged(logged.as_ref());
    let change = {
        let (now_ws, now) = (state.doc.workspace.clone(), shown.0.clone());
        let before = before_ws.clone().zip(before_computed);
        use_memo((before_ws.map(Shared), Shared(now_ws.clone())), move |_| {
            before.map(|(ws, c)| {
                // What the update touched, if it went from these views to these.
                let touched = touched.filter(|(from, to, _)| Rc::ptr_eq(from, &c) && Rc::ptr_eq(to, &now));
                let change = change::change_of(&ws, &c, &now_ws, &now, touched.as_ref().map(|(_, _, t)| &**t));
                // With the cache's change (in the part that replayed the
                // logs, in whenever both were replayed).
                Shared::new(match cache_change {
                    Some(with_cache) => with_cache(change, before_log.as_deref(), &ws, logged.as_deref(), &now_ws),
                    None => change,
                })
            })
        })
    };
    state.last.as_ref().map(|l| l.kind).zip((*change).clone())
}

/// The lesson's checks, once per (work, views now, progress, reveal, tick,
/// lesson, step, language, pack): the lesson panel and the
/// recording effect read them. `on`: from the start's side step on, when
/// the lesson panel shows (its own task, not the first render's: `start/mod.rs`).
#[hook]
pub fn use_checks(state: &AppState, now: &Shared<Computed>, logged: Option<Rc<Logged>>, tick: Option<u64>, on: bool) -> Shared<Checks> {
    let revealed = state.ui.screen.mode == Mode::Predict { revealed: true };
    let key = (
        Shared(state.doc.clone()),
        now.clone(),
        state.ui.progress.clone(),
        (revealed, tick, state.ui.session.course, state.ui.lesson_step, state.ui.session.lang, on),
        Shared(state.ui.shared_pack().clone()),
        (logged.map(Shared), state.ui.reads_cache(), state.ui.session.parts),
    );
    let checks = use_memo(key, |(doc, computed, progress, (revealed, tick, course, lesson_step, lang, on), pack, (logged, reads_cache, parts))| {
        if !*on {
            return Checks::default();
        }
        // The work's one cache replay, if the checks ask for it.
        let cache = logged.as_ref().and_then(|l| l.0.replay_of(&doc.workspace));
        // A lesson that reads the cache is checked only with its replay
        // (made by lesson 2's part, once it is in): never against an empty
        // cache, which a step would be recorded as solved on.
        if *reads_cache && cache.is_none() {
            return Checks::default();
        }
        let lesson = Lesson { pack, doc, computed, revealed: *revealed, progress, tick: *tick, cache, parts: *parts };
        Checks::of(*course, *lesson_step, lesson, *lang)
    });
    Shared(checks)
}

/// The work's assertions (issue 53), derived once per work revision (and
/// language, whether answers are hidden, whether their panel is open):
/// judged on the views now (`now`, kept up to date per edit) and the
/// work's one cache replay, the crate's own check of each; what the step
/// from the work before broke, against the judgement kept from that work;
/// the panel's words; and the change strip's "what else changed" (`more`,
/// lesson 3's) with what the step broke after it. All of it by the part
/// that reads assertions (`part`: it is in; derived again once it comes);
/// a work without assertions costs one comparison. One memo of its own
/// (`assertions::Memo`, a hook's state), not Yew's `use_memo`: the
/// students' first load carries no more than it needs.
#[hook]
pub fn use_assertions(state: &AppState, now: &Shared<Computed>, logged: Option<Rc<Logged>>, judge: Option<crate::derive::assertions::Judge>, more: &Rc<Vec<String>>) -> Asserted {
    let memo = use_mut_ref(crate::derive::assertions::Memo::default);
    let before = state.last.as_ref().map(|l| &l.before.workspace).filter(|b| !Rc::ptr_eq(b, &state.doc.workspace));
    let ui = &state.ui;
    let key = crate::derive::assertions::Key {
        ws: state.doc.workspace.clone(),
        now: now.0.clone(),
        logged,
        judge,
        lang: ui.session.lang,
        hides: ui.screen.mode.hides_answers(),
        open: ui.screen.assertions,
        more: more.clone(),
    };
    let asserted = memo.borrow_mut().get(key, before);
    asserted
}

/// What the chart's cells show of the work (issue 52), derived here once
/// per revision, never in the chart's render: each cell's list (its first
/// cards, count, leaks and findings: `derive::cells::cell_lists`), what the last
/// step changed in each cell, where the selected card reaches each cell,
/// and the cards to tick while predicting. Made again only when what they
/// read changed; the chart hands each cell the values made for it, and a
/// cell whose values are the same renders nothing new.
#[derive(Clone, Default)]
pub struct ChartCells {
    pub lists: Rc<Vec<Rc<CellList>>>,
    /// What the last edit, undo or redo did to each cell (`None`: nothing,
    /// or the answers are hidden).
    pub deltas: Rc<Vec<Option<Delta>>>,
    /// Where the selected card reaches each cell (empty: no card selected,
    /// or predicting).
    pub reach: Rc<Vec<Option<Reach>>>,
    /// Predicting: every card to tick, with its text (the tick box's
    /// accessible name), shared by every cell (empty otherwise).
    pub choices: Rc<Vec<(usize, String, String)>>,
}

impl PartialEq for ChartCells {
    fn eq(&self, other: &ChartCells) -> bool {
        Rc::ptr_eq(&self.lists, &other.lists)
            && Rc::ptr_eq(&self.deltas, &other.deltas)
            && Rc::ptr_eq(&self.reach, &other.reach)
            && Rc::ptr_eq(&self.choices, &other.choices)
    }
}

#[hook]
pub fn use_chart_cells(state: &AppState, shown: &Shared<Computed>, change: Option<&(StepKind, Shared<Change>)>) -> ChartCells {
    let ui = &state.ui;
    let hides = ui.screen.mode.hides_answers();
    let unrevealed = ui.screen.mode == Mode::Predict { revealed: false };
    let ws = &state.doc.workspace;
    let change = change.map(|(_, c)| c.0.clone()).filter(|_| !hides);
    // The cells made last, with what they were made from (a memo of its
    // own, not Yew's `use_memo`: the students' first load carries no more
    // than it needs).
    let last = use_mut_ref(|| None::<ChartKey>);
    let mut last = last.borrow_mut();
    let same = |a: &Option<Rc<Change>>, b: &Option<Rc<Change>>| match (a, b) {
        (Some(a), Some(b)) => Rc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    };
    if let Some(k) = last.as_ref() {
        if Rc::ptr_eq(&k.ws, ws) && Rc::ptr_eq(&k.computed, &shown.0) && k.expanded == ui.screen.expanded && same(&k.change, &change) && k.flags == (unrevealed, ui.screen.selected) {
            return k.cells.clone();
        }
    }
    let before = last.as_ref();
    let lists = Rc::new(crate::derive::cells::cell_lists(ws, shown, &ui.screen.expanded));
    let deltas = Rc::new(crate::derive::cells::deltas(change.as_deref(), &shown.viewers));
    let card = ui.screen.selected.filter(|_| !unrevealed);
    let reach = Rc::new(card.map_or_else(Vec::new, |index| crate::derive::cells::reach(ws, shown, index)));
    let choices = match before {
        Some(k) if Rc::ptr_eq(&k.ws, ws) && k.flags.0 == unrevealed => k.cells.choices.clone(),
        _ => Rc::new(if unrevealed { ws.cards.iter().enumerate().map(|(i, c)| (i, c.id.clone(), c.lesson.clone())).collect() } else { Vec::new() }),
    };
    let cells = ChartCells { lists, deltas, reach, choices };
    *last = Some(ChartKey {
        ws: ws.clone(),
        computed: shown.0.clone(),
        expanded: ui.screen.expanded.clone(),
        change,
        flags: (unrevealed, ui.screen.selected),
        cells: cells.clone(),
    });
    cells
}

/// What [`use_chart_cells`] made last, and from what.
struct ChartKey {
    ws: Rc<Workspace>,
    computed: Rc<Computed>,
    expanded: std::collections::BTreeSet<mixua_policy::ViewerId>,
    change: Option<Rc<Change>>,
    /// Predicting before the reveal, and the selected card.
    flags: (bool, Option<usize>),
    cells: ChartCells,
}
