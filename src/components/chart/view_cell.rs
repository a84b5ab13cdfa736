use mixua_words::probe_words::finding_text;
use mixua_policy::{Finding, Identification, ViewerId};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::chart::hit::Hit;
use crate::components::chart::on::CellOn;
use crate::CELL_LIMIT;

pub use crate::derive::cells::{CellList, Delta, Reach, Shown};

/// The learner's prediction for this cell, once revealed: graded.
#[derive(Clone, PartialEq)]
pub struct Grade {
    /// Predicted and retrieved.
    pub correct: Vec<String>,
    /// Retrieved but not predicted, each with the policy's reason.
    pub missing: Vec<(String, String)>,
    /// Predicted but not retrieved, each with the policy's reason.
    pub extra: Vec<(String, String)>,
    /// Mistakes beyond those explained (long lists are cut).
    pub more_missing: usize,
    pub more_extra: usize,
}

#[derive(Clone, PartialEq)]
pub enum CellMode {
    Explore,
    /// Views hidden; tick the expected cards (every card: index, id and
    /// text, in order, shared by every cell).
    Predict { choices: std::rc::Rc<Vec<(usize, String, String)>>, ticked: Vec<String> },
    Revealed { grade: Grade },
    /// Revealed, but this exercise does not ask about this cell: shown, not graded.
    NotAsked,
}

#[derive(Properties, PartialEq)]
pub struct ViewCellProps {
    pub viewer: ViewerId,
    /// Position among all viewers, for element ids.
    pub position: usize,
    /// The cell's list: its first retrieved cards (all of them once the
    /// cell is expanded), how many it retrieves in all, its leaks and what
    /// the re-identification probe finds in it. Derived once per revision
    /// (`memos::use_chart_cells`), compared by value.
    pub list: std::rc::Rc<CellList>,
    pub reach: Option<Reach>,
    pub inspected: bool,
    pub mode: CellMode,
    /// The cell changed in the last step (`None`: it did not, or the
    /// answers are hidden).
    pub delta: Option<Delta>,
    /// This cell is the chart's one tab stop (roving tabindex).
    pub active: bool,
    /// The numbers (from 1) of the work's failing assertions about this
    /// cell (issue 53): marked, in words.
    #[prop_or_default]
    pub failing: Vec<usize>,
    /// Lesson 3: the cell's prompt bar (nothing in a build without it).
    #[prop_or_default]
    pub bar: crate::components::chart::prompt_bar::CellBar,
    /// Lesson 3: this cell's prompt is the one the inspector shows.
    #[prop_or_default]
    pub bar_chosen: bool,
    pub lang: Lang,
    pub on: CellOn,
}

/// One viewer's live view: the cards they retrieve, leak alarms, and (when a
/// card is selected) whether that card reaches them.
#[function_component(ViewCell)]
pub fn view_cell(props: &ViewCellProps) -> Html {
    let lang = props.lang;
    let show_all_choices = use_state(|| false);
    let key = props.viewer.key();
    let heading_id = format!("view-{}", props.position);
    let count = props.list.total;

    let inspect = |index: usize| crate::components::chart::hit::inspect(&props.on, &props.viewer, index);
    let gained = |id: &str| props.delta.as_ref().is_some_and(|d| d.gained.iter().any(|g| g == id));

    // Where the selected card reaches: the chosen cell (the one whose card
    // was clicked) says it in words with "why?"; every other cell shows the
    // mark and the card's id only (issue 26: one explanation, where the
    // learner looks), its whole sentence in its accessible name.
    let reach = props.reach.as_ref().map(|r| {
        let (icon, text) = if r.allowed {
            ("✓", pick!(lang, format!("讀得到 {}", r.id), format!("reads {}", r.id)))
        } else {
            ("✗", pick!(lang, format!("讀不到 {}", r.id), format!("can't read {}", r.id)))
        };
        html! {
            <button type="button" tabindex="-1" class={classes!("reach", if r.allowed { "yes" } else { "no" }, (!props.inspected).then_some("mark-only"))}
                data-reach={if r.allowed { "yes" } else { "no" }} onclick={inspect(r.index)}
                aria-label={pick!(lang, format!("{key} {text}:為什麼?"), format!("{key} {text}: why?"))}>
                if props.inspected {
                    <span aria-hidden="true">{ icon }{" "}</span>{ text }
                    <span class="why-link">{ pick!(lang, " · 為什麼?", " · why?") }</span>
                } else {
                    <span aria-hidden="true">{ icon }{" "}{ &r.id }</span>
                }
            </button>
        }
    });

    let leaks = props.list.leaks.iter().map(|leak| html! {
        <p class="leak" data-leak={leak.token.clone()}>
            <span class="icon" aria-hidden="true">{"⚠"}</span>
            <strong>{ pick!(lang, "外洩警報:", "Leak alarm: ") }</strong>
            { pick!(lang, 
                format!("{} 的暗號 {} 經由卡片 {} 出現在這裡", leak.owner, leak.token, leak.card),
                format!("{}'s canary {} shows up here through card {}", leak.owner, leak.token, leak.card),
            ) }
        </p>
    });

    // A guess of an identity is not a leak of a secret: its own mark (◎, in
    // amber), in words.
    let reids = props.list.reids.iter().map(|f| {
        let text = finding_text(f, lang);
        match f.kind {
            Identification::Reidentification => html! {
                <p class="reid" data-reid="" data-user={f.user.clone()} data-card={f.card.clone()}>
                    <span class="icon" aria-hidden="true">{"◎"}</span>
                    <strong>{ pick!(lang, "認得出身分:", "Identity guessed: ") }</strong>{ text }
                </p>
            },
            Identification::Narrowed => html! {
                <p class="reid weak" data-narrowed="" data-k={f.k.to_string()} data-user={f.user.clone()} data-card={f.card.clone()}>
                    <span class="icon" aria-hidden="true">{"◌"}</span>
                    <strong>{ pick!(lang, "範圍變小:", "Narrowed: ") }</strong>{ text }
                </p>
            },
        }
    });

    let list = |items: &[Shown]| {
        html! {
            <>
                <ul class="hits" aria-labelledby={heading_id.clone()}>
                    { for items.iter().map(|s| html! {
                        <Hit key={s.index} index={s.index} id={s.id.clone()} lesson={s.lesson.clone()} gained={gained(s.id.as_str())}
                            viewer={props.viewer.clone()} {lang} on={props.on.clone()} />
                    }) }
                </ul>
                if props.list.total > items.len() {
                    <button type="button" class="link" tabindex="-1" data-action="expand" onclick={{
                        let (expand, viewer) = (props.on.expand.clone(), props.viewer.clone());
                        Callback::from(move |_: MouseEvent| expand.emit(viewer.clone()))
                    }}>
                        { pick!(lang, format!("顯示全部 {} 張", props.list.total), format!("Show all {}", props.list.total)) }
                    </button>
                }
            </>
        }
    };

    let body = match &props.mode {
        CellMode::Explore => {
            if props.list.total == 0 {
                html! { <p class="empty">{ pick!(lang, "(什麼都沒取回)", "(nothing retrieved)") }</p> }
            } else {
                list(&props.list.shown)
            }
        }
        CellMode::Predict { choices, ticked } => {
            // Like the list, the choices are paged: a 5,000-card workspace
            // would otherwise put 5,000 checkboxes in every cell. Ticked
            // cards always show, so no prediction is hidden.
            let limit = if *show_all_choices { choices.len() } else { CELL_LIMIT.min(choices.len()) };
            let shown = choices.iter().enumerate().filter(|(n, (_, id, _))| *n < limit || ticked.contains(id)).map(|(_, c)| c);
            html! {
            <fieldset class="predict">
                <legend>{ pick!(lang, format!("你預測 {key} 會取回哪些卡片?"), format!("Which cards will {key} retrieve?")) }</legend>
                { for shown.map(|(index, id, text)| {
                    let checked = ticked.contains(id);
                    let onchange = {
                        let (predict, viewer, card) = (props.on.predict.clone(), props.viewer.clone(), id.clone());
                        Callback::from(move |_: Event| predict.emit((viewer.clone(), card.clone())))
                    };
                    html! {
                        <label class="tick" key={*index} title={text.clone()}>
                            <input type="checkbox" tabindex="-1" name="predict" value={id.clone()} {checked} {onchange} />
                            <strong>{ id }</strong>
                            <span class="tick-text">{ text }</span>
                        </label>
                    }
                }) }
                if choices.len() > limit {
                    <button type="button" class="link" tabindex="-1" onclick={{
                        let show_all_choices = show_all_choices.clone();
                        Callback::from(move |_: MouseEvent| show_all_choices.set(true))
                    }}>
                        { pick!(lang, format!("顯示全部 {} 張", choices.len()), format!("Show all {}", choices.len())) }
                    </button>
                }
            </fieldset>
            }
        }
        CellMode::NotAsked => html! {
            <>
                <p class="grade skip" data-grade="not-asked">{ pick!(lang, "(這一步不評這一格)", "(not graded in this step)") }</p>
                { if props.list.total == 0 {
                    html! { <p class="empty">{ pick!(lang, "(什麼都沒取回)", "(nothing retrieved)") }</p> }
                } else { list(&props.list.shown) } }
            </>
        },
        CellMode::Revealed { grade } => {
            let ok = grade.missing.is_empty() && grade.extra.is_empty() && grade.more_missing + grade.more_extra == 0;
            html! {
                <>
                    <p class={classes!("grade", if ok { "ok" } else { "off" })} data-grade={if ok { "correct" } else { "wrong" }}>
                        <span aria-hidden="true">{ if ok { "✓ " } else { "✗ " } }</span>
                        { if ok { pick!(lang, "預測正確", "Prediction correct") } else { pick!(lang, "預測有誤", "Prediction off") } }
                    </p>
                    if !grade.missing.is_empty() {
                        <div class="mistakes" data-missing="">
                            <h4>{ pick!(lang, "漏掉(其實讀得到):", "Missing (it does retrieve):") }</h4>
                            <ul>{ for grade.missing.iter().map(|(id, why)| html! { <li data-missing-id={id.clone()}><strong>{ id }</strong>if !why.is_empty() { { ": " }{ why } }</li> }) }</ul>
                            if grade.more_missing > 0 { <p>{ pick!(lang, format!("……還有 {} 張", grade.more_missing), format!("…and {} more", grade.more_missing)) }</p> }
                        </div>
                    }
                    if !grade.extra.is_empty() {
                        <div class="mistakes" data-extra="">
                            <h4>{ pick!(lang, "多選(其實讀不到):", "Extra (it does not retrieve):") }</h4>
                            <ul>{ for grade.extra.iter().map(|(id, why)| html! { <li data-extra-id={id.clone()}><strong>{ id }</strong>if !why.is_empty() { { ": " }{ why } }</li> }) }</ul>
                            if grade.more_extra > 0 { <p>{ pick!(lang, format!("……還有 {} 張", grade.more_extra), format!("…and {} more", grade.more_extra)) }</p> }
                        </div>
                    }
                    { if props.list.total == 0 {
                        html! { <p class="empty">{ pick!(lang, "(什麼都沒取回)", "(nothing retrieved)") }</p> }
                    } else { list(&props.list.shown) } }
                </>
            }
        }
    };

    let hidden = matches!(props.mode, CellMode::Predict { .. });
    // Cards that left this view in the last step, struck through, in the
    // heading's line (a line of their own would push the chart down).
    let left = props.delta.as_ref().filter(|d| !d.lost.is_empty()).map(|d| html! {
        <span class="left-cards" data-left={d.lost.join(",")}>
            <span class="delta" aria-hidden="true">{" −"}</span>
            <span class="sr-only">{ pick!(lang, ",離開了:", ", left: ") }</span>
            { for d.lost.iter().map(|id| html! { <>{" "}<s class="gone">{ id }</s></> }) }
        </span>
    });
    let name = cell_name(props, hidden);
    html! {
        <td data-view={key.clone()}
            data-changed={props.delta.is_some().then_some("")}
            data-assertion-fails={(!props.failing.is_empty()).then(|| failing_list(&props.failing))}
            class={classes!("cell", (!props.list.leaks.is_empty()).then_some("leaking"),
                props.list.reids.iter().any(Finding::singles_out).then_some("identifying"),
                props.reach.as_ref().map(|r| if r.allowed { "reach-yes" } else { "reach-no" }),
                props.inspected.then_some("inspected"),
                props.delta.is_some().then_some("changed"),
                (!props.failing.is_empty()).then_some("assertion-fails"))}>
            // The grid's keyboard stop: one group per cell, named by who and
            // how many (a group, not the cell itself, so its name can be
            // short while the cell shows every lesson).
            <section role="group" aria-label={name} data-pos={props.position.to_string()}
                tabindex={if props.active { "0" } else { "-1" }}>
                <h3 id={heading_id.clone()}>
                    <span class="who">{ &props.viewer.user }{" · "}{ &props.viewer.agent }</span>
                    if props.delta.is_some() {
                        <span class="changed-mark">{ pick!(lang, " · 有變動", " · changed") }<>{ for left }</></span>
                    }
                    if !props.failing.is_empty() {
                        <span class="assert-mark">{ failing_mark(&props.failing, lang) }</span>
                    }
                    if !hidden {
                        <span class="count">{ pick!(lang, format!("{count} 張"), if count == 1 { "1 card".to_string() } else { format!("{count} cards") }) }</span>
                    }
                </h3>
                if !hidden { { crate::components::chart::prompt_bar::view(&props.bar, props.bar_chosen, lang, &props.on) } }
                <>{ for reach }</>
                if !hidden { { for leaks } { for reids } }
                { body }
            </section>
        </td>
    }
}

/// The cell's accessible name, said when the keyboard lands on it: who, and
/// how many cards, which ones, and any alarm or change, e.g. "alice with
/// writer-v1: 4 cards: P, U, A, G".
fn cell_name(props: &ViewCellProps, hidden: bool) -> String {
    let lang = props.lang;
    let (user, agent) = (&props.viewer.user, &props.viewer.agent);
    let who = pick!(lang, format!("{user} 使用 {agent}"), format!("{user} with {agent}"));
    if hidden {
        return pick!(lang, format!("{who}:先預測會取回哪些卡片"), format!("{who}: predict which cards it retrieves"));
    }
    let ids: Vec<&str> = props.list.shown.iter().map(|s| s.id.as_str()).collect();
    let more = props.list.total.saturating_sub(ids.len());
    let mut name = match (props.list.total, lang) {
        (0, _) => pick!(lang, format!("{who}:0 張卡片"), format!("{who}: no cards")),
        (n, Lang::ZhTw) => format!("{who}:{n} 張卡片:{}", ids.join("、")),
        (1, Lang::En) => format!("{who}: 1 card: {}", ids.join(", ")),
        (n, Lang::En) => format!("{who}: {n} cards: {}", ids.join(", ")),
    };
    if more > 0 {
        name.push_str(&pick!(lang, format!(" 等另 {more} 張"), format!(" and {more} more")));
    }
    if !props.list.leaks.is_empty() {
        name.push_str(&pick!(lang, format!(";{} 個外洩警報", props.list.leaks.len()), format!("; {}", crate::components::count(props.list.leaks.len(), "leak alarm", "leak alarms"))));
    }
    if !props.failing.is_empty() {
        name.push_str(&pick!(lang, format!(";{}", failing_mark(&props.failing, lang)), format!("; {}", failing_mark(&props.failing, lang))));
    }
    if let Some(delta) = &props.delta {
        let mut moved = Vec::new();
        if !delta.gained.is_empty() {
            moved.push(pick!(lang, format!("新進 {}", delta.gained.join("、")), format!("new {}", delta.gained.join(", "))));
        }
        if !delta.lost.is_empty() {
            moved.push(pick!(lang, format!("離開 {}", delta.lost.join("、")), format!("left {}", delta.lost.join(", "))));
        }
        let changes = if moved.is_empty() { String::new() } else { format!(" ({})", moved.join(pick!(lang, ",", ", "))) };
        name.push_str(&pick!(lang, format!(";剛剛有變動{changes}"), format!("; changed{changes}")));
    }
    name
}

/// The failing assertions' numbers, `1,3`.
fn failing_list(numbers: &[usize]) -> String {
    numbers.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}

/// A cell's mark for the failing assertions about it, in words: "✗
/// assertion 2 fails".
fn failing_mark(numbers: &[usize], lang: Lang) -> String {
    let list = failing_list(numbers);
    match numbers.len() {
        1 => pick!(lang, format!(" ✗ 斷言 {list} 不成立"), format!(" ✗ assertion {list} fails")),
        _ => pick!(lang, format!(" ✗ 斷言 {list} 不成立"), format!(" ✗ assertions {list} fail")),
    }
}
