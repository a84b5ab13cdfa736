//! Lesson 3's part of the screen, as one hook the root calls: the prompts
//! derived once per work revision (and the work before the last step's,
//! kept rather than assembled again), each cell's bar, what the last step
//! changed in the prompts and their settings, and the inspector column's
//! prompt panel and settings. Without the `lesson3` feature this module is
//! `components/lesson/lesson3_none.rs`: nothing derived, nothing shown.

use std::cell::RefCell;
use std::rc::Rc;

use mixua_policy::prompt::{BudgetOf, CardKeys, Risk, Source};
use mixua_policy::{ViewerId, Workspace};
use mixua_words::prompt_words::card_key_problem_words;
use yew::prelude::*;

use crate::components::chart::prompt_bar::ChartBars;
use crate::components::inspector::prompt_panel::PromptPanel;
use crate::components::inspector::prompt_settings::{CardKeysView, PromptSettings};
use crate::derive::prompts::{change_parts, weights_of, DiagnosisView, PanelView, Prompts};
use crate::store::prompt_settings::prompt_viewer;
use crate::store::shared::Shared;
use crate::store::state::{Action, AppState};

/// What the root shows of lesson 3.
#[derive(Default)]
pub struct Third {
    /// This work is lesson 3's.
    pub on: bool,
    pub bars: ChartBars,
    pub prompt_of: Option<ViewerId>,
    /// The last step's change to the prompts and their settings, in words.
    pub more_parts: Rc<Vec<String>>,
    /// The inspector column's prompt panel and settings.
    pub side: Html,
}

/// The prompts of the last two works assembled (now and, after a step, the
/// work before it), by the workspace's identity.
type Kept = Rc<RefCell<Vec<(Rc<Workspace>, Rc<Prompts>)>>>;

fn prompts_of(kept: &Kept, ws: &Rc<Workspace>) -> Rc<Prompts> {
    if let Some((_, p)) = kept.borrow().iter().find(|(w, _)| Rc::ptr_eq(w, ws)) {
        return p.clone();
    }
    let prompts = Rc::new(Prompts::of(ws));
    let mut kept = kept.borrow_mut();
    kept.push((ws.clone(), prompts.clone()));
    if kept.len() > 2 {
        kept.remove(0);
    }
    prompts
}

#[hook]
pub fn use_lesson_three(state: &AppState, onaction: &Callback<Action>) -> Third {
    let on = state.ui.lesson_three_panels();
    let lang = state.ui.session.lang;
    let ws = state.doc.workspace.clone();
    let kept: Kept = use_mut_ref(Vec::new);
    // The prompts now: once per work revision.
    let prompts = {
        let kept = kept.clone();
        use_memo((Shared(ws.clone()), on), move |(ws, on)| on.then(|| Shared(prompts_of(&kept, &ws.0))))
    };
    // What the last step changed in the prompts and their settings.
    let before = state.last.as_ref().map(|l| l.before.workspace.clone()).filter(|b| on && !Rc::ptr_eq(b, &ws));
    let more_parts = {
        let kept = kept.clone();
        (*use_memo((before.map(Shared), Shared(ws.clone()), lang), move |(before, now, lang)| {
            Rc::new(match before {
                Some(before) => change_parts(&before.0, &prompts_of(&kept, &before.0), &now.0, &prompts_of(&kept, &now.0), *lang),
                None => Vec::new(),
            })
        }))
        .clone()
    };
    let bars = use_memo(((*prompts).clone(), lang), |(prompts, lang)| prompts.as_ref().map(|p| Rc::new(p.bars(*lang))));
    // The viewer chosen, else the exercise's cell, else the first task's
    // (`crate::store::prompt_settings::prompt_viewer`).
    let viewer = if on {
        prompt_viewer(state.ui.screen.prompt.as_ref(), state.ui.exercise().and_then(|e| e.cell.as_deref()), &ws)
    } else {
        None
    };
    // The prompts were assembled from this very workspace (both are keys).
    let panel = use_memo((Shared(ws.clone()), (*prompts).clone(), viewer.clone(), lang), |(ws, prompts, viewer, lang)| {
        let (prompts, viewer) = (prompts.as_ref()?, viewer.as_ref()?);
        let cell = prompts.cell(viewer).or(prompts.cells.first())?;
        Some(Rc::new(PanelView::of(&ws.0, cell, *lang)))
    });
    let diagnosis = use_memo((Shared(ws.clone()), viewer.clone(), state.ui.screen.diagnose.clone(), lang, on), |(ws, viewer, card, lang, on)| {
        let (viewer, card) = (viewer.as_ref().filter(|_| *on)?, card.as_ref()?);
        Some(Rc::new(DiagnosisView::of(&ws.0, viewer, card, *lang)))
    });
    let cards = use_memo(Shared(ws.clone()), |ws| Rc::new(ws.0.cards.iter().map(|c| c.id.clone()).collect::<Vec<_>>()));
    let viewers = use_memo(Shared(ws.clone()), |ws| {
        Rc::new(ws.0.users.iter().flat_map(|u| ws.0.agents.iter().map(move |a| ViewerId::new(u, a))).collect::<Vec<_>>())
    });
    // When a step opens, the control it names (the pack's `points_to`) is
    // brought into its column, which scrolls inside itself (issue 50).
    let points_to = if on { state.ui.exercise().and_then(|e| e.points_to.clone()) } else { None };
    use_effect_with((state.ui.lesson_step, points_to), |(_, points_to)| {
        if let Some(selector) = points_to.clone() {
            column_to(selector, 20);
        }
    });
    if !on {
        return Third::default();
    }
    let config = ws.prompt_config().cloned().unwrap_or_default();
    // The card chosen in the settings' picker, else the one selected in the chart.
    let chosen = match state.ui.screen.prompt_keys.as_deref() {
        Some(id) => ws.cards.iter().position(|c| c.id == id),
        None => state.ui.screen.selected,
    };
    let card = chosen.and_then(|i| ws.cards.get(i).map(|c| (i, c))).map(|(index, c)| {
        let keys = CardKeys::of(c);
        CardKeysView {
            index,
            id: c.id.clone(),
            risk_high: keys.risk == Some(Risk::High),
            load: keys.load,
            reliability: keys.reliability,
            uses: keys.uses,
            problems: keys.problems.iter().map(|why| (why.key().to_string(), card_key_problem_words(why, lang))).collect(),
        }
    });
    let side = html! {
        <>
            <PromptPanel view={(*panel).clone()} viewers={(*viewers).clone()} cards={(*cards).clone()}
                diagnosis={(*diagnosis).clone()} sheet={state.ui.screen.prompt_sheet} {lang} onaction={onaction.clone()} />
            <PromptSettings
                budgets={BudgetOf::ALL.map(|b| (b, config.budget(b.as_str()))).to_vec()}
                top_k={config.top_k}
                loads={Source::ALL.into_iter().map(|s| (s, config.load(s))).collect::<Vec<_>>()}
                weights={weights_of(&ws)}
                unreadable={matches!(ws.prompt, Some(mixua_policy::Kept::Bad(_)))}
                {card}
                cards={(*cards).clone()}
                said={more_parts.clone()}
                now={Rc::as_ptr(&ws) as usize}
                before={state.last.as_ref().map(|l| Rc::as_ptr(&l.before.workspace) as usize)}
                {lang}
                onaction={onaction.clone()} />
        </>
    };
    Third { on, bars: (*bars).clone(), prompt_of: viewer, more_parts, side }
}

/// Scrolls the side column the element `selector` names is in (it scrolls
/// inside itself on a wide screen) so that the element's group (its
/// fieldset, else its panel) starts at the column's top, unless the element
/// is already whole in view, or is a whole panel taller than the column
/// (already on screen in part). Tries again while the element is not there
/// yet (a panel of a part still loading). Never scrolls the page.
fn column_to(selector: String, tries: u32) {
    gloo_timers::callback::Timeout::new(50, move || {
        let Some(el) = crate::components::focus::in_app(&selector) else {
            if tries > 0 {
                column_to(selector, tries - 1);
            }
            return;
        };
        let Ok(Some(column)) = el.closest(".side, .lesson-col") else { return };
        // Only a column that scrolls inside itself (not on a phone).
        if column.scroll_height() <= column.client_height() {
            return;
        }
        let (at, box_) = (column.get_bounding_client_rect(), el.get_bounding_client_rect());
        let whole = box_.top() >= at.top() && box_.bottom() <= at.top() + f64::from(column.client_height());
        if whole || box_.height() > f64::from(column.client_height()) {
            return;
        }
        let group = el.closest("fieldset").ok().flatten().or_else(|| el.closest("section").ok().flatten()).unwrap_or(el);
        let delta = group.get_bounding_client_rect().top() - at.top() - 4.0;
        column.set_scroll_top(column.scroll_top() + delta as i32);
    })
    .forget();
}

