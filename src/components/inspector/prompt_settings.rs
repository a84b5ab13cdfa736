//! Lesson 3's acting tools, in the inspector column: the budget of each
//! source (and the shared one), `top_k`, each source's layer, the ranking
//! weights, and the chosen card's prompt keys (risk, load, reliability).
//! Every change is one `Edit::Prompt` through the reducer: undoable, and
//! said in the change strip. A value that is not a whole number in range is
//! refused on its field, in both languages, and the work stays as it was.

use std::rc::Rc;

use mixua_policy::prompt::{BudgetOf, CardSetting, Layer, Source, WeightKey, Weights, DEFAULT_RELIABILITY, MAX_BUDGET, MAX_RELIABILITY, MAX_TOP_K, MAX_WEIGHT};
use mixua_words::prompt_words::{layer_words, source_words};
use mixua_words::Lang;
use serde_json::Value;
use yew::prelude::*;

use crate::components::{event_checked, event_value};
use crate::derive::prompts::budget_label;
use crate::store::prompt_settings::PromptEdit;
use crate::store::state::{Action, Edit, UiAction};

pub use crate::derive::lesson_three::CardKeysView;

#[derive(Properties, PartialEq)]
pub struct PromptSettingsProps {
    /// Each budget name with its tokens (`None`: none written).
    pub budgets: Vec<(BudgetOf, Option<u64>)>,
    pub top_k: Option<u64>,
    /// Each source's layer as written (`None`: its default).
    pub loads: Vec<(Source, Option<Layer>)>,
    pub weights: Weights,
    /// The workspace's `prompt` can't be read: shown, not edited.
    pub unreadable: bool,
    pub card: Option<CardKeysView>,
    pub cards: Rc<Vec<String>>,
    /// What the last step changed in the prompts and their settings, in
    /// words (the change strip's), said again beside the group of fields
    /// that made it.
    #[prop_or_default]
    pub said: Rc<Vec<String>>,
    /// The work now, and the work the last step started from, by identity:
    /// the words are said beside a group only when that step was the edit
    /// made there.
    #[prop_or_default]
    pub now: usize,
    #[prop_or_default]
    pub before: Option<usize>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The group of fields an edit was made in, and the work it was made on:
/// kept without a render of its own (the edit renders; a render before it,
/// with the old values, would put a just-ticked box back for a moment).
type SaidAt = Rc<std::cell::RefCell<Option<(&'static str, usize)>>>;

/// The last step's words, beside the group of fields it was made in.
fn said_beside(props: &PromptSettingsProps, at: &SaidAt, group: &'static str) -> Html {
    let here = matches!(*at.borrow(), Some((g, work)) if g == group && props.before == Some(work));
    if !here || props.said.is_empty() {
        return Html::default();
    }
    let lang = props.lang;
    html! {
        <p class="settings-said" data-said={group} role="status">
            <span aria-hidden="true">{ "↳ " }</span>{ pick!(lang, "改了:", "Changed: ") }{ props.said.join(pick!(lang, ";", "; ")) }
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct NumberProps {
    name: String,
    label: String,
    value: Option<u64>,
    /// The largest value taken.
    max: u64,
    /// An empty field means "none" (unlimited); else it is refused.
    empty_ok: bool,
    disabled: bool,
    lang: Lang,
    onset: Callback<Option<u64>>,
}

/// A whole-number field, committed when it changes (leaving it, or Enter):
/// one edit per change. A value it does not take stays on the field,
/// marked invalid with its message, and changes nothing.
#[function_component(NumberField)]
fn number_field(props: &NumberProps) -> Html {
    let lang = props.lang;
    let problem = use_state(|| None::<String>);
    let onchange = {
        let (problem, onset, max, empty_ok) = (problem.clone(), props.onset.clone(), props.max, props.empty_ok);
        Callback::from(move |e: Event| {
            let text = event_value(&e);
            let text = text.trim();
            let parsed = if text.is_empty() && empty_ok {
                Ok(None)
            } else {
                text.parse::<u64>().ok().filter(|n| *n <= max).map(Some).ok_or(())
            };
            match parsed {
                Ok(value) => {
                    problem.set(None);
                    onset.emit(value);
                }
                Err(()) => problem.set(Some(text.to_string())),
            }
        })
    };
    let message_id = format!("{}-problem", props.name);
    let message = problem.as_ref().map(|text| {
        let range = if props.empty_ok {
            pick!(lang, format!("0 到 {} 的整數,或留空表示不設限", props.max), format!("a whole number from 0 to {}, or empty for none", props.max))
        } else {
            pick!(lang, format!("0 到 {} 的整數", props.max), format!("a whole number from 0 to {}", props.max))
        };
        html! {
            <span class="field-problem" id={message_id.clone()} role="alert">
                { pick!(lang, format!("「{text}」不行:要{range}。沒有修改。"), format!("“{text}” won't do: {range}. Nothing changed.")) }
            </span>
        }
    });
    html! {
        <label class="number-field">
            <span>{ &props.label }</span>
            <input type="text" inputmode="numeric" name={props.name.clone()} value={props.value.map(|v| v.to_string()).unwrap_or_default()}
                placeholder={if props.empty_ok { pick!(lang, "不設限", "none") } else { "" }} disabled={props.disabled}
                aria-invalid={problem.is_some().then_some("true")} aria-describedby={problem.is_some().then(|| message_id.clone())}
                {onchange} />
            { for message }
        </label>
    }
}

fn edit(onaction: &Callback<Action>, at: (&SaidAt, &'static str, usize), make: impl Fn(Option<u64>) -> PromptEdit + 'static) -> Callback<Option<u64>> {
    let onaction = onaction.clone();
    let (said_at, group, now) = (at.0.clone(), at.1, at.2);
    Callback::from(move |v: Option<u64>| {
        said(&said_at, group, now);
        onaction.emit(Edit::Prompt(make(v)).into())
    })
}

/// Remembers the group an edit is made in (its words are said there), and
/// brings them into view once they are.
fn said(at: &SaidAt, group: &'static str, now: usize) {
    *at.borrow_mut() = Some((group, now));
    crate::components::focus::reveal_in_column(format!("[data-panel=\"prompt-settings\"] [data-said=\"{group}\"]"));
}

fn layer_select(name: String, label: String, current: Option<Layer>, default: String, disabled: bool, onset: Callback<Option<Layer>>) -> Html {
    let onchange = Callback::from(move |e: Event| onset.emit(Layer::parse(&event_value(&e))));
    html! {
        <label class="layer-field">
            <span>{ label }</span>
            <select {name} {disabled} {onchange}>
                <option value="" selected={current.is_none()}>{ default }</option>
                { for Layer::ALL.into_iter().map(|l| html! {
                    <option value={l.as_str()} selected={current == Some(l)}>{ l.as_str() }</option>
                }) }
            </select>
        </label>
    }
}

#[function_component(PromptSettings)]
pub fn prompt_settings(props: &PromptSettingsProps) -> Html {
    let lang = props.lang;
    let off = props.unreadable;
    let onaction = &props.onaction;
    let said_at: SaidAt = use_mut_ref(|| None);
    let now = props.now;
    let budgets = props.budgets.iter().map(|&(of, value)| {
        html! {
            <NumberField name={format!("budget-{}", of.as_str())} label={budget_label(of, lang)} {value} max={MAX_BUDGET} empty_ok={true}
                disabled={off} {lang} onset={edit(onaction, (&said_at, "budgets", now), move |tokens| PromptEdit::Budget { of, tokens })} />
        }
    });
    let loads = props.loads.iter().map(|&(source, layer)| {
        let (onaction, said_at) = (onaction.clone(), said_at.clone());
        let onset = Callback::from(move |layer: Option<Layer>| {
            said(&said_at, "loads", now);
            onaction.emit(Edit::Prompt(PromptEdit::Load { source, layer }).into())
        });
        let default = pick!(lang, 
            format!("預設({})", layer_words(Layer::default_for(source), lang)),
            format!("default ({})", layer_words(Layer::default_for(source), lang)),
        );
        layer_select(format!("load-{}", source.as_str()), source_words(source, lang).to_string(), layer, default, off, onset)
    });
    let w = props.weights;
    let weights = Weights::KEYS.into_iter().map(|key| {
        let label = match key {
            WeightKey::Relevance => pick!(lang, "相關度", "relevance"),
            WeightKey::Recency => pick!(lang, "新近度", "recency"),
            WeightKey::Review => pick!(lang, "審查", "review"),
            WeightKey::Reliability => pick!(lang, "可信度", "reliability"),
        };
        html! {
            <NumberField name={format!("weight-{}", key.as_str())} label={label.to_string()} value={Some(w.get(key))} max={MAX_WEIGHT} empty_ok={false}
                disabled={off} {lang} onset={edit(onaction, (&said_at, "weights", now), move |v| PromptEdit::Weight { key, value: v.unwrap_or(0) })} />
        }
    });
    let on_card = {
        let (onaction, cards) = (onaction.clone(), props.cards.clone());
        Callback::from(move |e: Event| {
            let id = event_value(&e);
            // The keys show here; no card editor opens (on a phone it
            // would be a sheet over them).
            onaction.emit(UiAction::PromptKeys(cards.iter().any(|c| *c == id).then_some(id)).into());
        })
    };
    let card = props.card.as_ref().map(|c| {
        let key_edit = |key: CardSetting| {
            let (onaction, card, said_at) = (onaction.clone(), c.id.clone(), said_at.clone());
            move |value: Option<Value>| {
                said(&said_at, "card", now);
                onaction.emit(Edit::Prompt(PromptEdit::CardKey { card: card.clone(), key, value }).into())
            }
        };
        let on_risk = {
            let set = key_edit(CardSetting::Risk);
            Callback::from(move |e: Event| set(event_checked(&e).then(|| Value::from("high"))))
        };
        let on_load = {
            let set = key_edit(CardSetting::Load);
            Callback::from(move |layer: Option<Layer>| set(layer.map(|l| Value::from(l.as_str()))))
        };
        let on_reliability = {
            let set = key_edit(CardSetting::Reliability);
            Callback::from(move |v: Option<u64>| set(v.map(Value::from)))
        };
        html! {
            <fieldset class="card-keys" data-card-keys={c.id.clone()}>
                <legend>{ pick!(lang, format!("卡片 {} 的提示詞欄位", c.id), format!("Card {}'s prompt keys", c.id)) }</legend>
                <label class="risk-field">
                    <input type="checkbox" name="risk" checked={c.risk_high} disabled={off} onchange={on_risk} />
                    { pick!(lang, "高風險(risk: high):必留,不會因預算被丟掉", "High risk (risk: high): hard-retained, never dropped for budget") }
                </label>
                { layer_select("load".into(), pick!(lang, "載入方式", "Load").into(), c.load, pick!(lang, "依種類預設", "by its kind").into(), off, on_load) }
                <NumberField name="reliability" label={pick!(lang, format!("可信度(0–{MAX_RELIABILITY},預設 {DEFAULT_RELIABILITY})"), format!("Reliability (0–{MAX_RELIABILITY}, default {DEFAULT_RELIABILITY})"))}
                    value={c.reliability} max={MAX_RELIABILITY} empty_ok={true} disabled={off} {lang} onset={on_reliability} />
                { for c.problems.iter().map(|(key, words)| html! {
                    <p class="field-problem" role="note" data-key-problem={key.clone()}>{ words }</p>
                }) }
                if let Some(uses) = c.uses {
                    <p class="uses" data-uses={uses.to_string()}>{ pick!(lang, 
                        format!("用過 {uses} 次:只顯示,從不拿來排序"),
                        format!("Used {uses} times: shown, never ranked"),
                    ) }</p>
                }
            </fieldset>
        }
    });
    let chosen = props.card.as_ref().map(|c| c.id.clone());
    html! {
        <section class="panel prompt-settings" data-panel="prompt-settings" aria-labelledby="prompt-settings-title">
            <h2 id="prompt-settings-title">{ pick!(lang, "提示詞的預算與排序", "Prompt budgets and ranking") }</h2>
            if off {
                <p class="field-problem" role="note">{ crate::store::prompt_settings::refusal_words(crate::store::prompt_settings::PromptRefusal::Unreadable, lang) }</p>
            }
            // How a budget counts, one click away (the fields come first).
            <details class="hint">
                <summary>{ pick!(lang, "預算怎麼算?", "How do budgets count?") }</summary>
                <p>{ pick!(lang, 
                    "每種記憶有自己的預算(詞元,估計值:中文一字一個,英文約四個字母一個);沒有自己預算的共用「共用」預算。留空表示不設限。",
                    "Each kind of memory has its own budget (tokens, an estimate: one per CJK character, about four Latin letters each); kinds without one share the shared budget. Empty means none.",
                ) }</p>
            </details>
            <label class="card-pick">
                { pick!(lang, "看這張卡的提示詞欄位:", "Prompt keys of card: ") }
                <select name="prompt-card" onchange={on_card} disabled={props.cards.is_empty()}>
                    <option value="" selected={chosen.is_none()}>{ pick!(lang, "(選一張卡)", "(choose a card)") }</option>
                    { for props.cards.iter().map(|id| html! { <option value={id.clone()} selected={chosen.as_deref() == Some(id.as_str())}>{ id }</option> }) }
                </select>
            </label>
            { for card }
            { said_beside(props, &said_at, "card") }
            <fieldset class="budgets">
                <legend>{ pick!(lang, "預算(詞元)", "Budgets (tokens)") }</legend>
                { for budgets }
                <NumberField name="top_k" label={pick!(lang, "取回前幾名(top_k)", "Retrieve the best (top_k)").to_string()} value={props.top_k} max={MAX_TOP_K}
                    empty_ok={true} disabled={off} {lang} onset={edit(onaction, (&said_at, "budgets", now), PromptEdit::TopK)} />
            </fieldset>
            { said_beside(props, &said_at, "budgets") }
            <fieldset class="loads">
                <legend>{ pick!(lang, "每種記憶的載入方式", "How each kind of memory loads") }</legend>
                { for loads }
            </fieldset>
            { said_beside(props, &said_at, "loads") }
            <fieldset class="weights">
                <legend>{ pick!(lang, "排序權重(使用次數不算)", "Ranking weights (usage is not one)") }</legend>
                { for weights }
            </fieldset>
            { said_beside(props, &said_at, "weights") }
        </section>
    }
}
