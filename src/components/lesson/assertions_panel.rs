//! The Assertions panel (issue 53): what the work's author says must hold
//! of it, each assertion passing or failing, live on every edit, with the
//! crate's reasons; each one's note edited, its opposite expected, or it
//! removed, and one added, by keyboard too, each one undoable step. A
//! drawer beside the page (as the teacher's are), opened from the top bar.
//!
//! It shows what the root derived once per work revision
//! (`memos::use_assertions`): the verdicts and their words; nothing is
//! judged here.

use std::rc::Rc;

use mixua_course::{Assertion, CardRef, Cells, Check};
use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::components::focus::{cell_selector, focus_soon};
use crate::derive::assertions::{AssertionEdit, AssertionWrite, Opaque, PanelWords};
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit, UiAction};

#[derive(Properties, PartialEq, Clone)]
pub struct AssertionsPanelProps {
    pub workspace: Shared<Workspace>,
    /// The views now: the chart's cells, which the form offers.
    pub computed: Shared<Computed>,
    /// The assertions judged now (`None`: not yet, the part is coming).
    pub judged: Option<Opaque>,
    /// Their words, in the page's language.
    pub words: Option<Shared<PanelWords>>,
    /// Predicting, before the reveal: a verdict would give answers away.
    pub hidden: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
    /// The function that writes the work's assertions (the `later`
    /// part's, which draws this panel).
    pub write: AssertionWrite,
}

/// The kinds of assertion the panel's form adds: about one cell and one
/// card, one card, or the whole work.
const KINDS: &[&str] = &[
    "retrieves",
    "not_retrieves",
    "rejected",
    "accepted",
    "no_leak_anywhere",
    #[cfg(feature = "lesson3")]
    "in_prompt",
    #[cfg(feature = "lesson3")]
    "not_in_prompt",
];

fn kind_words(kind: &str, lang: Lang) -> &'static str {
    match kind {
        "retrieves" => pick!(lang, "讀得到這張卡片", "reads the card"),
        "not_retrieves" => pick!(lang, "讀不到這張卡片", "doesn't read the card"),
        "rejected" => pick!(lang, "這張卡片被拒絕", "the card is rejected"),
        "accepted" => pick!(lang, "這張卡片有效", "the card is accepted"),
        "no_leak_anywhere" => pick!(lang, "任何地方都沒有外洩", "no leak anywhere"),
        "in_prompt" => pick!(lang, "卡片在這格的提示詞裡", "the card is in the cell's prompt"),
        _ => pick!(lang, "卡片不在這格的提示詞裡", "the card is not in the cell's prompt"),
    }
}

/// The check the form makes of a kind, a cell and a card.
fn check_of(kind: &str, cell: Option<&mixua_policy::ViewerId>, card: &str) -> Option<Check> {
    let cells = || cell.map(|c| Cells::one(&c.user, &c.agent));
    let card = CardRef::id(card);
    Some(match kind {
        "retrieves" => Check::Retrieves { cells: cells()?, card },
        "not_retrieves" => Check::NotRetrieves { cells: cells()?, card },
        "rejected" => Check::Rejected { card, reason: None },
        "accepted" => Check::Accepted { card: Some(card), owner: None, scope: None },
        "no_leak_anywhere" => Check::NoLeakAnywhere,
        #[cfg(feature = "lesson3")]
        "in_prompt" => Check::InPrompt { cells: cells()?, card },
        #[cfg(feature = "lesson3")]
        "not_in_prompt" => Check::NotInPrompt { cells: cells()?, card },
        _ => return None,
    })
}

/// The opposite of an assertion about a cell and a card ("reads" ↔
/// "doesn't read"), if it has one the panel offers.
fn opposite(check: &Check) -> Option<Check> {
    Some(match check.clone() {
        Check::Retrieves { cells, card } => Check::NotRetrieves { cells, card },
        Check::NotRetrieves { cells, card } => Check::Retrieves { cells, card },
        #[cfg(feature = "lesson3")]
        Check::InPrompt { cells, card } => Check::NotInPrompt { cells, card },
        #[cfg(feature = "lesson3")]
        Check::NotInPrompt { cells, card } => Check::InPrompt { cells, card },
        _ => return None,
    })
}

/// The selector of a row's control, for the focus.
fn row_control(number: usize, action: &str) -> String {
    format!("[data-assertions] [data-assertion=\"{number}\"] [data-action=\"{action}\"]")
}

#[function_component(AssertionsPanel)]
pub fn assertions_panel(props: &AssertionsPanelProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let viewers = &props.computed.viewers;
    // The form's choices: a cell (by its key), a card, a kind.
    let cell = use_state(String::new);
    let card = use_state(String::new);
    let kind = use_state(|| KINDS[0].to_string());
    let note = use_state(String::new);

    // The page makes room beside the drawer (`body[data-drawer]`, as the
    // teacher's drawers do).
    use_effect_with((), |_| {
        let body = gloo_utils::body();
        let _ = body.set_attribute("data-drawer", "");
        move || {
            let _ = body.remove_attribute("data-drawer");
        }
    });

    let close = {
        let onaction = props.onaction.clone();
        Callback::from(move |()| {
            onaction.emit(UiAction::ShowAssertions(false).into());
            focus_soon(vec!["[data-action=\"assertions\"]".to_string()]);
        })
    };
    let onkeydown = {
        let close = close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                close.emit(());
            }
        })
    };
    let write = props.write;
    let edit = move |edit: AssertionEdit| Action::Edit(Edit::Assertion(edit, write));

    let pending = props.judged.is_none();
    let judged = props.judged.as_ref().and_then(Opaque::judgement);
    let words = props.words.as_ref();
    let rows = judged.map(|j| j.rows.clone()).unwrap_or_default();
    let row = |(n, r): (usize, &crate::derive::assertions::Judged)| {
        let number = r.place + 1;
        let row_words = words.and_then(|w| w.rows.get(n));
        let what = row_words.map(|w| w.what.clone()).unwrap_or_default();
        let pass = r.verdict.pass;
        let note_now = r.assertion.note.clone().unwrap_or_default();
        let on_note = {
            let (onaction, a, place) = (props.onaction.clone(), r.assertion.clone(), r.place);
            Callback::from(move |e: Event| {
                let text = event_value(&e);
                let text = text.trim();
                let assertion = Assertion { note: (!text.is_empty()).then(|| text.to_string()), ..a.clone() };
                onaction.emit(edit(AssertionEdit::replace(place, &assertion)));
            })
        };
        let negate = opposite(&r.assertion.check).map(|check| {
            let (onaction, a, place) = (props.onaction.clone(), r.assertion.clone(), r.place);
            let onclick = Callback::from(move |_: MouseEvent| {
                let assertion = Assertion { check: check.clone(), ..a.clone() };
                onaction.emit(edit(AssertionEdit::replace(place, &assertion)));
            });
            html! {
                <button type="button" class="link" data-action="negate-assertion" {onclick}>
                    { pick!(lang, "改成相反的預期", "Expect the opposite") }
                </button>
            }
        });
        let remove = {
            let (onaction, place, last) = (props.onaction.clone(), r.place, rows.len());
            Callback::from(move |_: MouseEvent| {
                onaction.emit(edit(AssertionEdit::Remove(place)));
                // The focus stays in the panel: the row that takes this
                // one's place, else the one before, else the panel.
                let mut to = Vec::new();
                if place + 1 < last {
                    to.push(row_control(place + 1, "remove-assertion"));
                }
                if place > 0 {
                    to.push(row_control(place, "remove-assertion"));
                }
                to.push("[data-assertions]".to_string());
                focus_soon(to);
            })
        };
        // A failing one's cells: the first one shown in the chart, with
        // the focus on it (beside a drawer the chart may be below).
        let show = r.verdict.cells().first().filter(|_| !pass && !props.hidden).map(|cell| {
            let key = cell.key();
            let onclick = {
                let key = key.clone();
                Callback::from(move |_: MouseEvent| focus_soon(vec![cell_selector(&key)]))
            };
            html! {
                <button type="button" class="link" data-action="show-assertion-cell" data-cell={key.clone()} {onclick}>
                    { pick!(lang, format!("看 {key} 這一格"), format!("Show {key} in the chart")) }
                </button>
            }
        });
        let note_id = format!("assertion-note-{number}");
        html! {
            <li data-assertion={number.to_string()} data-pass={(!props.hidden).then(|| pass.to_string())}
                class={classes!("assertion", (!props.hidden).then_some(if pass { "pass" } else { "fail" }))}>
                <p class="assert-what">
                    if !props.hidden {
                        <span class="mark" aria-hidden="true">{ if pass { "✓ " } else { "✗ " } }</span>
                    }
                    <strong>{ format!("{number}. ") }</strong>{ what }
                </p>
                if props.hidden {
                    <p class="assert-verdict">{ pick!(lang, "預測中:揭曉後才顯示結果。", "Predicting: the verdict shows after you reveal.") }</p>
                } else if pass {
                    <p class="assert-verdict" data-verdict="pass"><strong>{ pick!(lang, "成立", "Holds") }</strong></p>
                } else {
                    <p class="assert-verdict" data-verdict="fail">
                        <strong>{ pick!(lang, "不成立:", "Fails: ") }</strong>
                        { row_words.map(|w| w.verdict.clone()).unwrap_or_default() }
                    </p>
                }
                if !note_now.is_empty() {
                    <p class="assert-note" data-note="">{ pick!(lang, "為什麼:", "Why: ") }{ &note_now }</p>
                }
                <div class="assert-tools">
                    <label for={note_id.clone()}>{ pick!(lang, "註記", "Note") }<span class="sr-only">{ pick!(lang, format!("(第 {number} 條)"), format!(" (assertion {number})")) }</span></label>
                    <input id={note_id} name="assertion_note" value={note_now.clone()} onchange={on_note}
                        placeholder={pick!(lang, "為什麼一定要成立?", "Why must it hold?")} />
                    <>{ for show }</>
                    <>{ for negate }</>
                    <button type="button" class="link" data-action="remove-assertion" onclick={remove}
                        aria-label={pick!(lang, format!("移除第 {number} 條斷言"), format!("Remove assertion {number}"))}>
                        { pick!(lang, "移除", "Remove") }
                    </button>
                </div>
            </li>
        }
    };

    // The form: a cell, a card and a kind, then Add.
    let chosen_cell = viewers.iter().find(|v| v.key() == *cell).or(viewers.first()).cloned();
    let chosen_card = if ws.cards.iter().any(|c| c.id == *card) { (*card).clone() } else { ws.cards.first().map(|c| c.id.clone()).unwrap_or_default() };
    let add = {
        let (onaction, kind, note, chosen_cell, chosen_card) = (props.onaction.clone(), kind.clone(), note.clone(), chosen_cell.clone(), chosen_card.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(check) = check_of(&kind, chosen_cell.as_ref(), &chosen_card) else { return };
            let text = note.trim();
            let assertion = Assertion { note: (!text.is_empty()).then(|| text.to_string()), ..Assertion::new(check) };
            onaction.emit(edit(AssertionEdit::add(&assertion)));
            note.set(String::new());
        })
    };
    let set = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: Event| state.set(event_value(&e)))
    };
    let needs_cell = !matches!(kind.as_str(), "rejected" | "accepted" | "no_leak_anywhere");
    let needs_card = kind.as_str() != "no_leak_anywhere";
    let (pass, fail, aside) = judged.map(|j| j.counts()).unwrap_or_default();

    html! {
        <section class="panel drawer assertions-panel" data-assertions="" aria-labelledby="assertions-title" tabindex="-1" {onkeydown}>
            <button type="button" class="drawer-close" data-action="close-assertions" onclick={close.reform(|_: MouseEvent| ())}>
                { pick!(lang, "× 關閉", "× Close") }
            </button>
            <h2 id="assertions-title">{ pick!(lang, "斷言", "Assertions") }</h2>
            <p class="lede">{ pick!(lang,
                "寫下這份作品一定要成立的事:每次修改都會重新檢查。不成立的會說明原因,並在座位表上標出那一格。",
                "What must hold of this work, checked again on every edit. A failing one says why and marks its cell in the chart.",
            ) }</p>
            if pending {
                <p class="part-loading" aria-busy="true">{ pick!(lang, "檢查中…", "Checking…") }</p>
            } else if rows.is_empty() && aside == 0 {
                <p class="empty">{ pick!(lang,
                    "還沒有斷言。在「為什麼?」裡按「留作斷言」,或用下面的表單加入。",
                    "No assertion yet. Use “Keep as an assertion” in a card's Why, or the form below.",
                ) }</p>
            } else if !props.hidden {
                <p class="assert-summary" data-assert-summary="">
                    { pick!(lang, format!("{pass} 條成立 · {fail} 條不成立"), format!("{pass} pass · {fail} fail")) }
                    if aside > 0 { { pick!(lang, format!(" · {aside} 條略過"), format!(" · {aside} set aside")) } }
                </p>
            }
            <ol class="assertion-list">
                { for rows.iter().enumerate().map(row) }
            </ol>
            if aside > 0 {
                <h3 class="sub">{ pick!(lang, "略過的(讀不懂)", "Set aside (can't be read)") }</h3>
                <ul class="assertion-problems">
                    { for judged.into_iter().flat_map(|j| j.problems.iter()).enumerate().map(|(i, p)| html! {
                        <li data-assertion-problem={p.code()}>
                            <span aria-hidden="true">{ "⚠ " }</span>
                            { words.and_then(|w| w.problems.get(i).cloned()).unwrap_or_default() }
                        </li>
                    }) }
                </ul>
            }
            <form class="assert-add" onsubmit={add}>
                <fieldset>
                    <legend>{ pick!(lang, "加入一條斷言", "Add an assertion") }</legend>
                    <label>{ pick!(lang, "哪一種", "Kind") }
                        <select name="assertion_kind" onchange={set(&kind)}>
                            { for KINDS.iter().map(|k| html! { <option value={*k} selected={*k == kind.as_str()}>{ kind_words(k, lang) }</option> }) }
                        </select>
                    </label>
                    if needs_cell {
                        <label>{ pick!(lang, "格子", "Cell") }
                            <select name="assertion_cell" onchange={set(&cell)}>
                                { for viewers.iter().map(|v| html! {
                                    <option value={v.key()} selected={chosen_cell.as_ref() == Some(v)}>{ v.key() }</option>
                                }) }
                            </select>
                        </label>
                    }
                    if needs_card {
                        <label>{ pick!(lang, "卡片", "Card") }
                            <select name="assertion_card" onchange={set(&card)}>
                                { for ws.cards.iter().map(|c| html! {
                                    <option value={c.id.clone()} selected={c.id == chosen_card}>{ &c.id }</option>
                                }) }
                            </select>
                        </label>
                    }
                    <label>{ pick!(lang, "註記(選填)", "Note (optional)") }
                        <input name="assertion_new_note" value={(*note).clone()} oninput={{
                            let note = note.clone();
                            Callback::from(move |e: InputEvent| note.set(crate::components::event_value(&e)))
                        }} />
                    </label>
                    <button type="submit" data-action="add-assertion">{ pick!(lang, "加入", "Add") }</button>
                </fieldset>
            </form>
        </section>
    }
}

/// The why panel's "Keep as an assertion": "this viewer reads (or doesn't
/// read) this card", as the cell is now, one undoable edit; the panel opens
/// to show it.
pub fn keep_button(assertion: Assertion, words: String, lang: Lang, write: AssertionWrite, onaction: &Callback<Action>) -> Html {
    let onclick = {
        let onaction = onaction.clone();
        let assertion = Rc::new(assertion);
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Edit::Assertion(AssertionEdit::add(&assertion), write).into());
            onaction.emit(UiAction::ShowAssertions(true).into());
        })
    };
    html! {
        <p class="keep-assertion">
            <button type="button" data-action="keep-assertion" {onclick}>
                { pick!(lang, "留作斷言", "Keep as an assertion") }
            </button>
            <span class="keep-what">{ pick!(lang, format!("「{words}」"), format!(" “{words}”")) }</span>
        </p>
    }
}
