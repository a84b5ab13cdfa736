//! Lesson 3's prompt panel, in the inspector column: one viewer's prompt
//! for its task (what is loaded, layer by layer and in order, with tokens;
//! what was left out and why, in the crate's words), seed 003's metrics,
//! and "why didn't the agent use card X?", the crate's four questions with
//! the smallest edit. Everything shown is derived before render
//! (`lesson_three::PanelView`, `DiagnosisView`).

use std::rc::Rc;

use mixua_policy::ViewerId;
use mixua_words::prompt_words::rank_words;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::components::focus::focus_soon;
use crate::derive::prompts::{DiagnosisView, Line, PanelView};
use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq)]
pub struct PromptPanelProps {
    /// The chosen viewer's prompt (`None`: a chart without cells).
    pub view: Option<Rc<PanelView>>,
    /// Every viewer of the chart, for the picker.
    pub viewers: Rc<Vec<ViewerId>>,
    /// Every card id, for the diagnosis's picker.
    pub cards: Rc<Vec<String>>,
    /// The diagnosis asked for, if any.
    pub diagnosis: Option<Rc<DiagnosisView>>,
    /// Opened from a cell's bar: on a phone, a sheet over the lower part of
    /// the screen, with a Close button (and Escape).
    #[prop_or_default]
    pub sheet: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Asks for a card's diagnosis and moves the focus to it, so that a
/// keyboard user lands on the answers.
fn diagnose(onaction: &Callback<Action>, card: String) {
    onaction.emit(UiAction::Diagnose(Some(card)).into());
    focus_soon(vec!["[data-diagnosis] h3".into()]);
    // The whole answer in view in the inspector's column, not only its title.
    crate::components::focus::reveal_in_column("[data-diagnosis]".into());
}

#[function_component(PromptPanel)]
pub fn prompt_panel(props: &PromptPanelProps) -> Html {
    let lang = props.lang;
    let picked = use_state(|| None::<String>);
    let picker = use_node_ref();
    let Some(view) = props.view.as_ref() else {
        return html! {
            <section class="panel prompt-panel" data-panel="prompt" aria-labelledby="prompt-title">
                <h2 id="prompt-title">{ pick!(lang, "什麼會進提示詞", "What reaches the prompt") }</h2>
                <p>{ pick!(lang, "座位表上沒有格子。", "The chart has no cells.") }</p>
            </section>
        };
    };
    let key = view.viewer.key();
    let diagnose_button = |id: &str| {
        let (onaction, card) = (props.onaction.clone(), id.to_string());
        html! {
            <button type="button" class="link" data-action="diagnose" data-card={id.to_string()}
                aria-label={pick!(lang, format!("診斷 {id}:為什麼沒用到?"), format!("Diagnose {id}: why wasn't it used?"))}
                onclick={Callback::from(move |_: MouseEvent| diagnose(&onaction, card.clone()))}>
                { pick!(lang, "診斷", "diagnose") }
            </button>
        }
    };
    let line = |l: &Line| {
        let kind = html! { <span class={classes!("src", format!("src-{}", l.source.as_str()))} aria-hidden="true"></span> };
        match l.reason {
            None => html! {
                <li data-loaded={l.id.clone()} data-tokens={l.tokens.to_string()} data-rank={l.rank.map(|r| r.to_string())}>
                    // Its rank in the layer: a number, and in words for a
                    // screen reader (issue 50: an edit that swaps two cards
                    // shows where the learner looks).
                    if let Some(rank) = l.rank {
                        <span class="rank" aria-hidden="true">{ format!("#{rank}") }</span>
                        <span class="sr-only">{ rank_words(rank, lang) }{ " " }</span>
                    }
                    { kind }<strong class="badge">{ &l.id }</strong>{" "}{ &l.words }{" "}{ diagnose_button(&l.id) }
                </li>
            },
            Some(reason) => html! {
                <li data-dropped={l.id.clone()} data-reason={reason} data-card-tokens={l.tokens.to_string()}>
                    { kind }<strong class="badge">{ &l.id }</strong>{": "}{ &l.words }{" "}{ diagnose_button(&l.id) }
                </li>
            },
        }
    };
    let on_viewer = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| {
            if let Some(viewer) = ViewerId::parse_key(&event_value(&e)) {
                onaction.emit(UiAction::ShowPrompt(viewer).into());
            }
        })
    };
    let chosen_card = (*picked).clone().or_else(|| props.diagnosis.as_ref().map(|d| d.card.clone())).or_else(|| props.cards.first().cloned());
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(Some(event_value(&e))))
    };
    let on_diagnose = {
        let (onaction, card, picker) = (props.onaction.clone(), chosen_card.clone(), picker.clone());
        Callback::from(move |_: MouseEvent| {
            // The picker's value as it is now (a choice not rendered yet
            // included), else the one rendered.
            let now = picker.cast::<web_sys::HtmlSelectElement>().map(|s| s.value()).filter(|v| !v.is_empty());
            if let Some(card) = now.or_else(|| card.clone()) {
                diagnose(&onaction, card);
            }
        })
    };
    // The sheet closes with its button or Escape; the focus goes back to
    // the cell whose bar opened it.
    let close_sheet = {
        let (onaction, cell) = (props.onaction.clone(), crate::components::focus::cell_selector(&key));
        move || {
            onaction.emit(UiAction::PromptSheet(false).into());
            focus_soon(vec![cell.clone()]);
        }
    };
    let on_close = {
        let close = close_sheet.clone();
        Callback::from(move |_: MouseEvent| close())
    };
    let on_key = {
        let (close, sheet) = (close_sheet.clone(), props.sheet);
        Callback::from(move |e: KeyboardEvent| {
            if sheet && e.key() == "Escape" {
                e.stop_propagation();
                close();
            }
        })
    };
    let percent = view.startup_percent;
    let stale = view.stale_use;
    html! {
        <section class={classes!("panel", "prompt-panel", props.sheet.then_some("sheet"))} data-panel="prompt" data-prompt={key.clone()}
            aria-labelledby="prompt-title" tabindex="-1" onkeydown={on_key}>
            <div class="panel-head">
                <h2 id="prompt-title">{ pick!(lang, format!("{key} 的提示詞"), format!("{key}'s prompt")) }</h2>
                if props.sheet {
                    <button type="button" class="sheet-close" data-action="close-prompt" onclick={on_close}>
                        { pick!(lang, "關閉", "Close") }<span class="sr-only">{ pick!(lang, format!(" {key} 的提示詞"), format!(" {key}'s prompt")) }</span>
                    </button>
                }
            </div>
            <label class="prompt-viewer">
                { pick!(lang, "看誰的提示詞:", "Whose prompt: ") }
                <select name="prompt-viewer" onchange={on_viewer}>
                    { for props.viewers.iter().map(|v| html! {
                        <option value={v.key()} selected={*v == view.viewer}>{ format!("{} · {}", v.user, v.agent) }</option>
                    }) }
                </select>
            </label>
            <p class="prompt-query">{ pick!(lang, format!("任務的查詢:「{}」", view.query), format!("Task query: “{}”", view.query)) }</p>
            <ul class="prompt-metrics" aria-label={pick!(lang, "指標", "Metrics")}>
                <li data-metric="tokens" data-tokens={view.tokens.to_string()}>
                    { pick!(lang, format!("整個提示詞 {} 個詞元", view.tokens), format!("Whole prompt: {} tokens", view.tokens)) }
                </li>
                <li data-metric="startup" data-startup-tokens={view.startup.to_string()} data-baseline-tokens={view.baseline.to_string()}>
                    { pick!(lang, 
                        format!("啟動時 {} 個詞元,全部倒進去是 {}({percent}%)", view.startup, view.baseline),
                        format!("Startup: {} tokens; dumping everything in: {} ({percent}%)", view.startup, view.baseline),
                    ) }
                </li>
                { for view.budgets.iter().map(|(words, over)| html! {
                    <li data-metric="budget" data-over={over.to_string()} class={classes!(over.then_some("over"))}>
                        if *over { <span aria-hidden="true">{"✗ "}</span> }
                        { words }
                    </li>
                }) }
                if let Some((Some(hit), words)) = &view.hit {
                    <li data-metric="hit" data-hit-rate={hit.to_string()} class={classes!((*hit < 100).then_some("off"))}>
                        <span aria-hidden="true">{ if *hit == 100 { "✓ " } else { "✗ " } }</span>
                        { pick!(lang, format!("命中率 {hit}%({words})"), format!("Hit rate {hit}% ({words})")) }
                    </li>
                } else if let Some((None, _)) = &view.hit {
                    <li data-metric="hit" data-hit-rate="none" class="off">
                        { pick!(lang, "沒有標準答案集(gold):算不出命中率", "No gold set: no hit rate to measure") }
                    </li>
                }
                <li data-metric="stale" data-stale-use={stale.to_string()} class={classes!((stale > 0).then_some("off"))}>
                    if stale == 0 {
                        <span aria-hidden="true">{"✓ "}</span>{ pick!(lang, "過時的使用(提示詞與快取,應為 0):0", "Stale use, prompt and cache (must be 0): 0") }
                    } else {
                        <span aria-hidden="true">{"✗ "}</span>
                        { pick!(lang, format!("過時的使用(提示詞與快取,應為 0):{stale}:{}", view.stale.join(";")), format!("Stale use, prompt and cache (must be 0): {stale}: {}", view.stale.join("; "))) }
                    }
                </li>
            </ul>
            { for view.leaks.iter().map(|(token, words)| html! {
                <p class="leak" data-leak={token.clone()}><span class="icon" aria-hidden="true">{"⚠ "}</span>{ words }</p>
            }) }
            // "Card:", as exercise 3 names it: the card picked here is the
            // one Diagnose asks about (the settings' picker is named for
            // the prompt keys it shows).
            <div class="diagnose-form" role="group" aria-labelledby="diagnose-title">
                <h3 id="diagnose-title">{ pick!(lang, "為什麼沒用到這張卡?", "Why didn't the agent use a card?") }</h3>
                <label>
                    { pick!(lang, "卡片:", "Card: ") }
                    <select name="diagnose-card" ref={picker} onchange={on_pick}>
                        { for props.cards.iter().map(|id| html! {
                            <option value={id.clone()} selected={chosen_card.as_deref() == Some(id.as_str())}>{ id }</option>
                        }) }
                    </select>
                </label>
                <button type="button" data-action="diagnose" onclick={on_diagnose}>{ pick!(lang, "診斷", "Diagnose") }</button>
            </div>
            if let Some(d) = props.diagnosis.as_ref() {
                <section class="diagnosis" data-diagnosis={d.card.clone()} data-viewer={d.viewer.key()} data-stop={d.stop.unwrap_or("none")}
                    aria-labelledby="diagnosis-title">
                    <h3 id="diagnosis-title" tabindex="-1">{ pick!(lang, 
                        format!("{} 為什麼沒用到 {}?", d.viewer.key(), d.card),
                        format!("Why didn't {} use {}?", d.viewer.key(), d.card),
                    ) }</h3>
                    <ol>
                        { for d.answers.iter().map(|a| html! {
                            <li data-question={a.question} data-answer={a.answer} class={classes!(a.stop.then_some("wrong"), (a.answer == "not_asked").then_some("not-asked"))}>
                                <strong>{ a.asked }</strong>{" "}
                                <span class="answer">{ match a.answer {
                                    "yes" => pick!(lang, "是", "yes"),
                                    "no" => pick!(lang, "否", "no"),
                                    _ => pick!(lang, "沒有問", "not asked"),
                                } }</span>
                                {": "}{ &a.why }
                                if a.stop { <span class="stop-mark">{ pick!(lang, " ← 停在這裡", " ← stops here") }</span> }
                            </li>
                        }) }
                    </ol>
                    <p class="stop"><strong>{ &d.stop_words }</strong></p>
                    // The crate's answer in words: an edit only when the
                    // crate offers one (it passed the boundary test); the
                    // boundary, a retirement and a loaded card are answers,
                    // with nothing to click.
                    <p class="fix" data-fix={d.fix_kind}>{ &d.fix }</p>
                    <button type="button" class="link" data-action="close-diagnosis" onclick={{
                        let onaction = props.onaction.clone();
                        Callback::from(move |_: MouseEvent| {
                            onaction.emit(UiAction::Diagnose(None).into());
                            focus_soon(vec!["[data-panel=\"prompt\"] select[name=\"diagnose-card\"]".into()]);
                        })
                    }}>{ pick!(lang, "關閉診斷", "Close the diagnosis") }</button>
                </section>
            }
            { for view.layers.iter().map(|(layer, name, lines)| html! {
                <section class="prompt-layer" data-layer={layer.as_str()} aria-label={name.clone()}>
                    <h3>{ name }{ pick!(lang, format!("({} 張)", lines.len()), format!(" ({})", lines.len())) }</h3>
                    if lines.is_empty() {
                        <p class="empty">{ pick!(lang, "(沒有)", "(none)") }</p>
                    } else {
                        <ol>{ for lines.iter().map(line) }</ol>
                    }
                </section>
            }) }
            if !view.dropped.is_empty() {
                <section class="prompt-layer dropped" aria-label={pick!(lang, "沒載入", "Left out")}>
                    <h3>{ pick!(lang, format!("沒載入({} 張)", view.dropped.len()), format!("Left out ({})", view.dropped.len())) }</h3>
                    <ul>{ for view.dropped.iter().map(line) }</ul>
                </section>
            }
            { for view.notes.iter().map(|n| html! { <p class="note"><span aria-hidden="true">{"! "}</span>{ n }</p> }) }
        </section>
    }
}
