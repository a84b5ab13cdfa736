//! Lesson 3's derivation, once per work revision (and language, viewer,
//! card): the prompts now (and the work before the last step's, kept
//! rather than assembled again), each cell's bar, what the last step
//! changed in the prompts and their settings, the prompt panel's and the
//! diagnosis' views, and what the settings' fields show. The component
//! (`components/lesson/lesson3.rs`) only lays it out. Without the
//! `lesson3` feature this module is `derive/lesson_three_none.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use mixua_policy::prompt::{BudgetOf, CardKeys, Layer, Risk, Source, Weights};
use mixua_policy::{ViewerId, Workspace};
use mixua_words::prompt_words::card_key_problem_words;
use yew::prelude::*;

use crate::derive::prompts::{change_parts, weights_of, Bar, DiagnosisView, PanelView, Prompts};
use crate::store::prompt_settings::prompt_viewer;
use crate::store::shared::Shared;
use crate::store::state::AppState;

/// Every cell's bar, as the chart hands them out (`None`: not lesson 3).
pub type ChartBars = Option<Rc<Vec<(ViewerId, Rc<Bar>)>>>;

/// One cell's bar.
pub type CellBar = Option<Rc<Bar>>;

/// The bar of one cell.
pub fn cell_bar(bars: &ChartBars, viewer: &ViewerId) -> CellBar {
    bars.as_ref()?.iter().find(|(v, _)| v == viewer).map(|(_, b)| b.clone())
}

/// The chosen card's prompt keys, as the fields show them.
#[derive(Clone, Debug, PartialEq)]
pub struct CardKeysView {
    pub index: usize,
    pub id: String,
    pub risk_high: bool,
    pub load: Option<Layer>,
    pub reliability: Option<u64>,
    pub uses: Option<u64>,
    /// The keys set aside, each with why, in the crate's words (an
    /// unreadable `risk` counts as not high).
    pub problems: Vec<(String, String)>,
}

/// What the settings' fields show, read from the work's prompt settings.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SettingsView {
    /// Each budget name with its tokens (`None`: none written).
    pub budgets: Vec<(BudgetOf, Option<u64>)>,
    pub top_k: Option<u64>,
    /// Each source's layer as written (`None`: its default).
    pub loads: Vec<(Source, Option<Layer>)>,
    pub weights: Weights,
    /// The workspace's `prompt` can't be read: shown, not edited.
    pub unreadable: bool,
}

/// What the root shows of lesson 3, derived.
#[derive(Default)]
pub struct Third {
    /// This work is lesson 3's.
    pub on: bool,
    pub bars: ChartBars,
    /// The cell whose prompt the panel shows.
    pub prompt_of: Option<ViewerId>,
    /// The last step's change to the prompts and their settings, in words.
    pub more_parts: Rc<Vec<String>>,
    pub panel: Option<Rc<PanelView>>,
    pub diagnosis: Option<Rc<DiagnosisView>>,
    /// Every card's id, and every viewer: the pickers' choices.
    pub cards: Rc<Vec<String>>,
    pub viewers: Rc<Vec<ViewerId>>,
    pub settings: Rc<SettingsView>,
    pub card: Option<CardKeysView>,
    /// The work now, and the work the last step started from, by identity.
    pub now: usize,
    pub before: Option<usize>,
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
pub fn use_lesson_three(state: &AppState) -> Third {
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
    // The settings' fields, once per work.
    let settings = use_memo((Shared(ws.clone()), on), |(ws, on)| {
        if !*on {
            return Rc::new(SettingsView::default());
        }
        let ws = &ws.0;
        let config = ws.prompt_config().cloned().unwrap_or_default();
        Rc::new(SettingsView {
            budgets: BudgetOf::ALL.map(|b| (b, config.budget(b.as_str()))).to_vec(),
            top_k: config.top_k,
            loads: Source::ALL.into_iter().map(|s| (s, config.load(s))).collect(),
            weights: weights_of(ws),
            unreadable: matches!(ws.prompt, Some(mixua_policy::Kept::Bad(_))),
        })
    });
    // The card chosen in the settings' picker, else the one selected in the chart.
    let chosen = match state.ui.screen.prompt_keys.as_deref() {
        Some(id) => ws.cards.iter().position(|c| c.id == id),
        None => state.ui.screen.selected,
    };
    let card = use_memo((Shared(ws.clone()), chosen.filter(|_| on), lang), |(ws, chosen, lang)| {
        chosen.and_then(|i| ws.0.cards.get(i).map(|c| (i, c))).map(|(index, c)| {
            let keys = CardKeys::of(c);
            CardKeysView {
                index,
                id: c.id.clone(),
                risk_high: keys.risk == Some(Risk::High),
                load: keys.load,
                reliability: keys.reliability,
                uses: keys.uses,
                problems: keys.problems.iter().map(|why| (why.key().to_string(), card_key_problem_words(why, *lang))).collect(),
            }
        })
    });
    if !on {
        return Third::default();
    }
    Third {
        on,
        bars: (*bars).clone(),
        prompt_of: viewer,
        more_parts,
        panel: (*panel).clone(),
        diagnosis: (*diagnosis).clone(),
        cards: (*cards).clone(),
        viewers: (*viewers).clone(),
        settings: (*settings).clone(),
        card: (*card).clone(),
        now: Rc::as_ptr(&ws) as usize,
        before: state.last.as_ref().map(|l| Rc::as_ptr(&l.before.workspace) as usize),
    }
}
