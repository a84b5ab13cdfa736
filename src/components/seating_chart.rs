use std::collections::BTreeSet;

use mixua_policy::explain::decision_text;
use mixua_policy::{Lang, Scope, Viewer, ViewerId, Workspace};
use yew::prelude::*;

use super::scope_legend::ScopeLegend;
use super::view_cell::{CellMode, Grade, Reach, Shown, ViewCell};
use crate::computed::Computed;
use crate::shared::Shared;
use crate::state::{Action, Doc, Mode, UiAction};
use crate::CELL_LIMIT;

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
    /// The cells the current exercise asks about: only they are graded
    /// on reveal (`None`: every cell).
    pub graded: Option<BTreeSet<ViewerId>>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The policy's reason why one card is or is not in one view, in words.
pub fn why_text(ws: &Workspace, computed: &Computed, index: usize, viewer: Viewer<'_>, lang: Lang) -> String {
    decision_text(&ws.cards[index], &computed.access(ws, index, viewer), viewer, &ws.query, lang)
}

/// Rows are users, columns are agents; every cell is that viewer's live
/// view, its own component keyed by viewer, so an edit re-renders only the
/// cells whose content changed.
#[function_component(SeatingChart)]
pub fn seating_chart(props: &SeatingChartProps) -> Html {
    let computed = &props.computed;
    let lang = props.lang;
    let ws = &*props.doc.workspace;
    let selected = props.selected.and_then(|i| ws.cards.get(i).map(|c| (i, c)));
    let leak_total = computed.four.leak_count();
    // A big chart lists fewer cards per cell: it is read by its counts, and
    // each cell expands on demand.
    let cell_limit = if computed.viewers.len() > 16 { CELL_LIMIT / 5 } else { CELL_LIMIT };

    let cell = |position: usize| -> Html {
        let viewer = &computed.viewers[position];
        let view = &computed.four.views[position];
        let limit = if props.expanded.contains(viewer) { usize::MAX } else { cell_limit };
        let shown: Vec<Shown> = view
            .iter()
            .take(limit)
            .map(|&i| Shown { index: i, id: ws.cards[i].id.clone(), lesson: ws.cards[i].lesson.clone() })
            .collect();
        let ticked: Vec<String> =
            props.doc.predictions.get(viewer).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        let mode = match props.mode {
            Mode::Explore => CellMode::Explore,
            Mode::Predict { revealed: false } => CellMode::Predict {
                choices: ws.cards.iter().enumerate().map(|(i, c)| (i, c.id.clone())).collect(),
                ticked,
            },
            Mode::Predict { revealed: true } if props.graded.as_ref().is_some_and(|g| !g.contains(viewer)) => CellMode::NotAsked,
            Mode::Predict { revealed: true } => {
                // Each mistake is explained in words, by card index; a long
                // list is cut, so revealing a huge workspace stays quick.
                let missing: Vec<usize> = view.iter().copied().filter(|&i| !ticked.contains(&ws.cards[i].id)).collect();
                let extra: Vec<usize> = (0..ws.cards.len())
                    .filter(|i| ticked.contains(&ws.cards[*i].id) && !view.contains(i))
                    .collect();
                let explain = |list: &[usize]| -> Vec<(String, String)> {
                    list.iter()
                        .take(EXPLAINED)
                        .map(|&i| (ws.cards[i].id.clone(), why_text(ws, computed, i, viewer.viewer(), lang)))
                        .collect()
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
        let reach = match (props.mode, selected) {
            (Mode::Predict { revealed: false }, _) | (_, None) => None,
            (_, Some((index, card))) => Some(Reach {
                index,
                id: card.id.clone(),
                allowed: computed.access(ws, index, viewer.viewer()).allowed(),
            }),
        };
        let inspected = props.inspected.as_ref() == Some(viewer);
        html! {
            <ViewCell
                key={viewer.key()}
                viewer={viewer.clone()}
                {position}
                {shown}
                total={view.len()}
                leaks={computed.four.leaks[position].clone()}
                {reach}
                {inspected}
                {mode}
                {lang}
                onaction={props.onaction.clone()}
            />
        }
    };

    let agents = ws.agents.len();
    let scope = selected.and_then(|(_, c)| Scope::parse(&c.scope));
    let predict = matches!(props.mode, Mode::Predict { .. });
    let mode_button = {
        let onaction = props.onaction.clone();
        let next = match props.mode {
            Mode::Explore => Mode::Predict { revealed: false },
            Mode::Predict { .. } => Mode::Explore,
        };
        Callback::from(move |_: MouseEvent| onaction.emit(Action::Ui(UiAction::SetMode(next))))
    };
    let reveal = {
        let onaction = props.onaction.clone();
        let revealed = matches!(props.mode, Mode::Predict { revealed: true });
        Callback::from(move |_: MouseEvent| onaction.emit(Action::Ui(UiAction::SetMode(Mode::Predict { revealed: !revealed }))))
    };

    html! {
        <section id="chart" class="chart" aria-labelledby="chart-title" tabindex="-1">
            <div class="chart-head">
                <h2 id="chart-title">{ lang.pick("座位表:誰取回了什麼", "Seating chart: who retrieves what") }</h2>
                <div class="modes" role="group" aria-label={lang.pick("模式", "Mode")}>
                    <button type="button" aria-pressed={predict.to_string()} onclick={mode_button} data-action="predict-mode">
                        { lang.pick("先預測再揭曉", "Predict, then reveal") }
                    </button>
                    if predict {
                        <button type="button" onclick={reveal} data-action="reveal">
                            { match props.mode {
                                Mode::Predict { revealed: true } => lang.pick("再預測一次", "Hide and predict again"),
                                _ => lang.pick("揭曉並評分", "Reveal and grade"),
                            } }
                        </button>
                    }
                </div>
            </div>
            <p class="lede">{ lang.pick(
                "每一列是一位使用者,每一欄是一個 Agent;格子裡是那個身分用目前查詢取回的卡片。點一張卡片看為什麼。",
                "Each row is a user, each column an agent; a cell lists what that identity retrieves for the current query. Click a card to see why.",
            ) }</p>
            <p class={classes!("alarm-summary", (leak_total > 0).then_some("alarm"))} data-leak-total={leak_total.to_string()}>
                if props.mode.hides_answers() {
                    { lang.pick("預測模式:答案先藏起來。", "Predict mode: the answers are hidden.") }
                } else if leak_total == 0 {
                    <span aria-hidden="true">{"✓ "}</span>
                    { lang.pick("沒有外洩:沒有任何格子看到別人的暗號。", "No leaks: no cell shows another user's canary.") }
                } else {
                    <span aria-hidden="true">{"⚠ "}</span>
                    { lang.pick(format!("{leak_total} 個外洩警報:有人看到了別人的暗號!"), format!("{leak_total} leak alarm(s): someone sees another user's canary!")) }
                }
            </p>
            if ws.users.is_empty() || ws.agents.is_empty() {
                <p class="empty">{ lang.pick("至少要有一位使用者和一個 Agent,座位表才有格子。", "Add at least one user and one agent to get a cell.") }</p>
            } else {
                <div class="grid-wrap">
                    <table class="grid">
                        <caption class="sr-only">{ lang.pick("列:使用者;欄:Agent;格子:取回的卡片", "Rows: users; columns: agents; cells: retrieved cards") }</caption>
                        <thead>
                            <tr>
                                <th class="corner">{ lang.pick("使用者 ╲ Agent", "user ╲ agent") }</th>
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
            <ScopeLegend {scope} card={selected.map(|(_, c)| c.id.clone())} {lang} />
        </section>
    }
}
