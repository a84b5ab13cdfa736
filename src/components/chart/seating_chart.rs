use std::collections::BTreeSet;

use mixua_words::explain::decision_text;
use mixua_policy::{Change, Scope, ViewerId, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::chart::change_strip::ChangeStrip;
use crate::components::chart::grid_keys::{cell_of, grid_key, position};
use crate::components::chart::scope_legend::ScopeLegend;
use crate::components::chart::view_cell::{CellMode, Grade, ViewCell};
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::components::chart::on::ChartOn;
use crate::store::state::{Doc, Mode, StepKind};

/// Above this many cells, a cell's card list far off screen is neither laid
/// out nor painted until it comes near (the seed's four cells never are).
const MANY_CELLS: usize = 16;

/// Mistakes explained per list after a reveal.
const EXPLAINED: usize = 12;

#[derive(Properties, PartialEq)]
pub struct SeatingChartProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    pub mode: Mode,
    pub selected: Option<usize>,
    /// The viewer whose decision is explained in the why panel.
    pub inspected: Option<ViewerId>,
    pub expanded: BTreeSet<ViewerId>,
    /// Each cell's list, change and reach (`memos::use_chart_cells`).
    pub cells: crate::derive::per_revision::ChartCells,
    /// The cells the current exercise asks about: only they are graded
    /// on reveal (`None`: every cell).
    pub graded: Option<std::rc::Rc<BTreeSet<ViewerId>>>,
    /// The user whose "What do you keep about me?" panel is open.
    pub about: Option<String>,
    /// What the last edit, undo or redo changed, and which it was: the
    /// strip under the alarm line, and the marks on the cells.
    pub change: Option<(StepKind, Shared<Change>)>,
    /// Lesson 2: canaries the response cache handed to the wrong user (the
    /// crate's cache replay); they raise the chart's alarm too.
    #[prop_or_default]
    pub cache_leaks: usize,
    /// Lesson 2: the earlier tick the chart shows while scrubbing (`None`:
    /// now): the chart says so, with a way back.
    #[prop_or_default]
    pub past: Option<u64>,
    /// Lesson 3: each cell's prompt bar (nothing in a build without it).
    #[prop_or_default]
    pub bars: crate::components::chart::prompt_bar::ChartBars,
    /// Lesson 3: the cell whose prompt the inspector shows.
    #[prop_or_default]
    pub prompt_of: Option<ViewerId>,
    /// What else the last step changed, in words, said after the views'
    /// change (lesson 3: the prompt settings and the prompts).
    #[prop_or_default]
    pub more_parts: std::rc::Rc<Vec<String>>,
    /// The cells the work's failing assertions are about (issue 53), each
    /// with their numbers: marked (none while predicting).
    #[prop_or_default]
    pub failing: std::rc::Rc<crate::derive::assertions::Failing>,
    pub lang: Lang,
    pub on: ChartOn,
}

/// What the chart's height floor is kept for: users, agents, cards, mode,
/// expanded cells, the past.
type Shape = (usize, usize, usize, Mode, BTreeSet<ViewerId>, bool);

/// The change strip's pieces: the crate's change of the views, then what
/// else changed. When the views did not change but something else did (a
/// budget), the crate's "no cell changed" is left out: the rest says it.
fn strip_parts(change: &Change, more: &[String], lang: Lang, words: Option<crate::derive::change::ChangeWords>) -> Vec<String> {
    let mut pieces = crate::derive::change::change_parts(change, lang, words);
    if !more.is_empty() && change.cells.is_empty() && !pieces.is_empty() {
        // `change_parts` begins with "no cell changed" exactly when no cell did.
        pieces.remove(0);
    }
    pieces.extend(more.iter().cloned());
    pieces
}

/// The policy's reason why each listed card is or is not in one view, in
/// words: only a reveal shows them, so they are in the part the first
/// screen does not carry (`later`, issue 28), which is in long before a
/// learner reveals.
pub fn explained(
    ws: &Workspace,
    computed: &Computed,
    list: &[usize],
    viewer: &ViewerId,
    lang: Lang,
) -> Vec<String> {
    let viewer = viewer.viewer();
    list.iter().map(|&i| decision_text(&ws.cards[i], &computed.access(ws, i, viewer), viewer, &ws.query, lang)).collect()
}

/// Rows are users, columns are agents; every cell is that viewer's live
/// view, its own component keyed by viewer, so an edit re-renders only the
/// cells whose content changed.
#[function_component(SeatingChart)]
pub fn seating_chart(props: &SeatingChartProps) -> Html {
    // The change strip's words and a reveal's explanations come from the
    // later part: the chart is drawn again when it comes in.
    let draws = use_context::<crate::components::later::Later>().and_then(|l| l.draws);
    let computed = &props.computed;
    let lang = props.lang;
    let ws = &*props.doc.workspace;
    let selected = props.selected.and_then(|i| ws.cards.get(i).map(|c| (i, c)));
    let leak_total = computed.four.leak_count();
    let reid_total = computed.four.identifying_count();
    // The one cell the Tab key lands on (roving tabindex); it follows the
    // focus around the grid.
    let active = use_state(|| 0usize);
    // The chart keeps the tallest height it has had (issue 25): a card
    // entering or leaving a cell would otherwise move everything below the
    // chart, and the browser would lay out and paint the whole page again
    // on an edit. The floor starts again when the chart's shape, its mode
    // or its expanded cells change.
    let wrap = use_node_ref();
    // The first render measures nothing (the start lays the chart out in a
    // task of its own; measuring here would force it into this one).
    let shape = (ws.users.len(), ws.agents.len(), ws.cards.len(), props.mode, props.expanded.clone(), props.past.is_some());
    let floor = use_mut_ref(|| None::<(Shape, f64)>);
    let first = use_mut_ref(|| true);
    {
        let (wrap, floor) = (wrap.clone(), floor.clone());
        use_effect(move || {
            if first.replace(false) {
                return;
            }
            let Some(el) = wrap.cast::<web_sys::Element>() else { return };
            let mut floor = floor.borrow_mut();
            let low = match &*floor {
                Some((was, low)) if *was == shape => *low,
                _ => {
                    let _ = el.remove_attribute("style");
                    0.0
                }
            };
            let height = el.get_bounding_client_rect().height();
            if height > low {
                // In hundredths of a pixel, rounded up, written with integers:
                // formatting an `f64` would link the float printing code
                // (about 4 kB of a student's gzipped wasm) for this one line.
                let hundredths = (height * 100.0).ceil() as u64;
                let _ = el.set_attribute("style", &format!("min-height: {}.{:02}px; box-sizing: border-box", hundredths / 100, hundredths % 100));
            }
            *floor = Some((shape, height.max(low)));
        });
    }
    let active_cell = (*active).min(computed.viewers.len().saturating_sub(1));
    // The about-me toolbar's one Tab stop: the user whose panel is open, else the first.
    let about_stop = ws.users.iter().take(12).position(|u| props.about.as_deref() == Some(u.as_str())).unwrap_or(0);
    // The change is not shown while predicting: it would give answers away.
    let change = props.change.as_ref().filter(|_| !props.mode.hides_answers());

    // Each cell's list, change and reach, derived once per revision
    // (`memos::use_chart_cells`): a cell is handed the very values made
    // for it, so only the cells whose values are new render again.
    let cells = &props.cells;
    let cell = |position: usize| -> Html {
        let viewer = &computed.viewers[position];
        let view = &computed.four.views[position];
        let ticked = || -> Vec<String> { props.doc.predictions.get(viewer).map(|s| s.iter().cloned().collect()).unwrap_or_default() };
        let mode = match props.mode {
            Mode::Explore => CellMode::Explore,
            Mode::Predict { revealed: false } => CellMode::Predict {
                choices: cells.choices.clone(),
                ticked: ticked(),
            },
            Mode::Predict { revealed: true } if props.graded.as_ref().is_some_and(|g| !g.contains(viewer)) => CellMode::NotAsked,
            Mode::Predict { revealed: true } => {
                let ticked = ticked();
                // Each mistake is explained in words, by card index; a long
                // list is cut, so revealing a huge workspace stays quick.
                let missing: Vec<usize> = view.iter().copied().filter(|&i| !ticked.contains(&ws.cards[i].id)).collect();
                let extra: Vec<usize> = (0..ws.cards.len())
                    .filter(|i| ticked.contains(&ws.cards[*i].id) && !view.contains(i))
                    .collect();
                // The words come from the later part; without it (it could
                // not be fetched), the cards are listed without them.
                let explain = |list: &[usize]| -> Vec<(String, String)> {
                    let list = &list[..list.len().min(EXPLAINED)];
                    let mut why = draws.map(|d| (d.explained)(ws, computed, list, viewer, lang)).unwrap_or_default().into_iter();
                    list.iter().map(|&i| (ws.cards[i].id.clone(), why.next().unwrap_or_default())).collect()
                };
                CellMode::Revealed {
                    grade: Grade {
                        correct: view.iter().map(|&i| ws.cards[i].id.clone()).filter(|id| ticked.contains(id)).collect(),
                        missing: explain(&missing),
                        extra: explain(&extra),
                        more_missing: missing.len().saturating_sub(EXPLAINED),
                        more_extra: extra.len().saturating_sub(EXPLAINED),
                    },
                }
            }
        };
        let reach = cells.reach.get(position).cloned().flatten();
        let inspected = props.inspected.as_ref() == Some(viewer);
        let delta = cells.deltas.get(position).cloned().flatten();
        html! {
            <ViewCell
                key={viewer.key()}
                viewer={viewer.clone()}
                {position}
                list={cells.lists.get(position).cloned().unwrap_or_default()}
                {reach}
                {inspected}
                {mode}
                {delta}
                active={position == active_cell}
                failing={props.failing.iter().find(|(c, _)| c == viewer).map(|(_, n)| n.clone()).unwrap_or_default()}
                bar={crate::components::chart::prompt_bar::cell_bar(&props.bars, viewer)}
                bar_chosen={props.prompt_of.as_ref() == Some(viewer)}
                {lang}
                on={props.on.cell.clone()}
            />
        }
    };

    let agents = ws.agents.len();
    let scope = selected.and_then(|(_, c)| Scope::parse(&c.scope));
    let predict = matches!(props.mode, Mode::Predict { .. });
    let mode_button = {
        let on = props.on.mode.clone();
        let next = match props.mode {
            Mode::Explore => Mode::Predict { revealed: false },
            Mode::Predict { .. } => Mode::Explore,
        };
        Callback::from(move |_: MouseEvent| on.emit(next))
    };
    let reveal = {
        let on = props.on.mode.clone();
        let revealed = matches!(props.mode, Mode::Predict { revealed: true });
        Callback::from(move |_: MouseEvent| on.emit(Mode::Predict { revealed: !revealed }))
    };

    let (rows, columns) = (ws.users.len(), ws.agents.len());
    let onfocusin = {
        let active = active.clone();
        Callback::from(move |e: FocusEvent| {
            let Some(pos) = e.target_dyn_into::<web_sys::Element>().and_then(|t| cell_of(&t)).and_then(|c| position(&c)) else { return };
            if *active != pos {
                active.set(pos);
            }
        })
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if grid_key(&e, rows, columns) {
            e.prevent_default();
            e.stop_propagation();
        }
    });

    html! {
        <section id="chart" class="chart" aria-labelledby="chart-title" tabindex="-1">
            <div class="chart-head">
                <h2 id="chart-title">{ pick!(lang, "座位表:誰取回了什麼", "Seating chart: who retrieves what") }</h2>
                <div class="modes" role="group" aria-label={pick!(lang, "模式", "Mode")}>
                    // Once revealed, predicting is over: the toggle is no
                    // longer pressed and says where it leads (issue 26).
                    if props.mode == (Mode::Predict { revealed: true }) {
                        <button type="button" onclick={mode_button} data-action="predict-mode" data-revealed="true">
                            { pick!(lang, "回到探索", "Back to exploring") }
                        </button>
                    } else {
                        <button type="button" aria-pressed={predict.to_string()} onclick={mode_button} data-action="predict-mode">
                            { pick!(lang, "先預測再揭曉", "Predict, then reveal") }
                        </button>
                    }
                    if predict {
                        <button type="button" onclick={reveal} data-action="reveal">
                            { match props.mode {
                                Mode::Predict { revealed: true } => pick!(lang, "再預測一次", "Hide and predict again"),
                                _ => pick!(lang, "揭曉並評分", "Reveal and grade"),
                            } }
                        </button>
                    }
                </div>
            </div>
            if let Some(tick) = props.past {
                <p class="past-marker" data-past={tick.to_string()} role="status">
                    <span aria-hidden="true">{ "⏪ " }</span>
                    <strong>{ pick!(lang, format!("時刻 {tick} 的樣子(過去)"), format!("As of tick {tick} (the past)")) }</strong>
                    { pick!(lang, ":座位表顯示當時的卡片。", ": the chart shows the cards as they were then. ") }
                    <button type="button" class="link" data-action="back-to-now" onclick={{
                        let on = props.on.tick.clone();
                        Callback::from(move |_: MouseEvent| on.emit(None))
                    }}>{ pick!(lang, "回到現在", "Back to now") }</button>
                </p>
            }
            <p class="lede">{ pick!(lang, 
                "每一列是一位使用者,每一欄是一個 Agent;格子裡是那個身分用目前查詢取回的卡片。點一張卡片看為什麼。",
                "Each row is a user, each column an agent; a cell lists what that identity retrieves for the current query. Click a card to see why.",
            ) }</p>
            <p class={classes!("alarm-summary", (leak_total > 0).then_some("alarm"))} data-leak-total={leak_total.to_string()}>
                if props.mode.hides_answers() {
                    { pick!(lang, "預測模式:答案先藏起來。", "Predict mode: the answers are hidden.") }
                } else if leak_total == 0 {
                    <span aria-hidden="true">{"✓ "}</span>
                    { pick!(lang, "沒有外洩:沒有任何格子看到別人的暗號。", "No leaks: no cell shows another user's canary.") }
                } else {
                    <span aria-hidden="true">{"⚠ "}</span>
                    { pick!(lang, format!("{leak_total} 個外洩警報:有人看到了別人的暗號!"), format!("{}: someone sees another user's canary!", crate::components::count(leak_total, "leak alarm", "leak alarms"))) }
                }
            </p>
            if reid_total > 0 && !props.mode.hides_answers() {
                <p class="reid-summary" data-reid-total={reid_total.to_string()}>
                    <span aria-hidden="true">{"◎ "}</span>
                    { pick!(lang, 
                        format!("重新識別:卡片 {reid_total} 次認出了另一位使用者,裡面卻沒有任何暗號。"),
                        format!("Re-identification: {reid_total} times a card singles out another user, with no canary in it."),
                    ) }
                </p>
            }
            if let Some((kind, change)) = change {
                <ChangeStrip kind={*kind} pieces={strip_parts(change, &props.more_parts, lang, draws.map(|d| d.change_words))} {lang} />
            }
            if props.cache_leaks > 0 && !props.mode.hides_answers() {
                <p class="alarm-summary alarm" data-cache-leak-total={props.cache_leaks.to_string()}>
                    <span aria-hidden="true">{"⚠ "}</span>
                    { pick!(lang, 
                        format!("回應快取 {} 次外洩:快取把別人的暗號交給了另一位使用者!(見「回應快取」)", props.cache_leaks),
                        format!("{} from the response cache: a cached answer handed another user's canary over! (see “Response cache”)", crate::components::count(props.cache_leaks, "leak alarm", "leak alarms")),
                    ) }
                </p>
            }
            if ws.users.is_empty() || ws.agents.is_empty() {
                <p class="empty">{ pick!(lang, "至少要有一位使用者和一個 Agent,座位表才有格子。", "Add at least one user and one agent to get a cell.") }</p>
            } else {
                <div class="grid-wrap" ref={wrap}>
                    // A chart bigger than a screen renders only the cells
                    // near it (`many`: see the stylesheet).
                    <table class={classes!("grid", (ws.users.len() * ws.agents.len() > MANY_CELLS).then_some("many"))} role="grid" aria-labelledby="chart-title" aria-describedby="grid-keys" {onkeydown} {onfocusin}>
                        <caption class="sr-only">{ pick!(lang, "列:使用者;欄:Agent;格子:取回的卡片", "Rows: users; columns: agents; cells: retrieved cards") }</caption>
                        <thead>
                            <tr>
                                <th class="corner">{ pick!(lang, "使用者 ╲ Agent", "user ╲ agent") }</th>
                                { for ws.agents.iter().map(|a| html! { <th scope="col">{ a }</th> }) }
                            </tr>
                        </thead>
                        <tbody>
                            { for ws.users.iter().enumerate().map(|(u, user)| html! {
                                <tr key={user.clone()}>
                                    <th scope="row">{ user }</th>
                                    { for (0..agents).map(|a| cell(u * agents + a)) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
            if !ws.users.is_empty() {
                // The viewing right, acting as a user of the chart (never a
                // typed name); the panel's own picker lists every user.
                // One Tab stop (a toolbar: the arrow keys move along the
                // users), so the first screen stays a few controls.
                <div class="about-pick" role="toolbar" aria-labelledby="about-pick-label"
                    onkeydown={Callback::from(|e: KeyboardEvent| crate::components::focus::toolbar_keys(&e, false))}>
                    <span id="about-pick-label">{ pick!(lang, "記了我什麼?以這位使用者查看:", "What do you keep about me? Acting as:") }</span>
                    { for ws.users.iter().take(12).enumerate().map(|(n, user)| html! {
                        <button type="button" class="link" data-action="about-me" data-user={user.clone()}
                            tabindex={if n == about_stop { "0" } else { "-1" }}
                            aria-pressed={(props.about.as_deref() == Some(user.as_str())).to_string()}
                            onclick={{
                                let on = props.on.about.clone();
                                let user = user.clone();
                                Callback::from(move |_: MouseEvent| {
                                    on.emit(Some(user.clone()));
                                    // The panel opens beside the chart: bring it into view.
                                    crate::components::focus_after_render("#about-user".into());
                                })
                            }}>
                            { user }
                        </button>
                    }) }
                </div>
            }
            <p id="grid-keys" class="sr-only">{ pick!(lang, 
                "方向鍵在格子間移動,Home/End 到列的兩端,Enter 進入格子裡的卡片,Escape 回到格子。",
                "Arrow keys move between cells, Home and End to the row's ends; Enter goes into a cell's cards, Escape back to the cell.",
            ) }</p>
            <ScopeLegend {scope} card={selected.map(|(_, c)| c.id.clone())} {lang} />
        </section>
    }
}
