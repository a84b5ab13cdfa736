//! Lesson 2's "Act as": pick who acts (from the chart's users and agents
//! and the reviewers, never typed) and a card, then propose, publish,
//! reject, revoke, delete, roll back, open its history, ask the query or
//! advance the clock. The policy's write path decides; a refusal is shown
//! in its words.

use std::rc::Rc;

use mixua_words::explain::{refusal_text, status_name};
use mixua_policy::{Actor, Refusal, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::store::acts::{Act, Draft};
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit, UiAction};

#[derive(Properties, PartialEq)]
pub struct ActAsProps {
    /// The write path its acts go through (the acting part's).
    pub write: crate::store::acts::WritePath,
    pub workspace: Shared<Workspace>,
    /// Everyone who may act, and who acts (the learner's choice while it is
    /// one of them, else the first).
    pub actors: Rc<Vec<Actor>>,
    pub actor: Option<Actor>,
    /// The selected card (by index): the card acted on.
    pub selected: Option<usize>,
    pub refusal: Option<Refusal>,
    /// The card whose history was asked for: shown here, under the button
    /// that asked for it.
    #[prop_or_default]
    pub history: Option<String>,
    /// What the last step changed (the crate's `Change`): said beside the
    /// buttons after an act of this panel succeeds.
    #[prop_or_default]
    pub change: Option<Shared<mixua_policy::Change>>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[function_component(ActAs)]
pub fn act_as(props: &ActAsProps) -> Html {
    let write = props.write;
    let lang = props.lang;
    let ws = &*props.workspace;
    let reason = use_state(String::new);
    let draft = use_state(|| Draft::Version);
    let (choices, actor) = (&props.actors, props.actor.clone());
    let card = props.selected.and_then(|i| ws.cards.get(i)).or_else(|| ws.cards.first()).map(|c| c.id.clone()).unwrap_or_default();
    let selected = props.selected.filter(|&i| i < ws.cards.len()).unwrap_or(0);
    // The last act pressed here: its words, and the workspace it made
    // (known from the first render after it). Its answer shows while that
    // workspace is the one shown, so a later edit elsewhere never borrows it.
    let acted = use_state(|| None::<(String, Option<usize>)>);
    let ws_ptr = std::rc::Rc::as_ptr(&props.workspace.0) as usize;
    {
        let acted = acted.clone();
        use_effect_with(ws_ptr, move |&ptr| {
            if let Some((words, None)) = &*acted {
                acted.set(Some((words.clone(), Some(ptr))));
            }
        });
    }

    let on_actor = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| onaction.emit(UiAction::SetActor(event_value(&e)).into()))
    };
    let on_card = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| {
            if let Ok(i) = event_value(&e).parse::<usize>() {
                onaction.emit(UiAction::Select(Some(i)).into());
            }
        })
    };
    let on_reason = {
        let reason = reason.clone();
        Callback::from(move |e: InputEvent| reason.set(event_value(&e)))
    };
    let on_draft = {
        let draft = draft.clone();
        Callback::from(move |e: Event| draft.set(if event_value(&e) == "copy" { Draft::Copy } else { Draft::Version }))
    };
    // One button per act; each reads the current choices when clicked.
    let button = |name: &'static str, label: &'static str, make: Rc<dyn Fn(Actor, String, String, Draft) -> Act>| {
        let onaction = props.onaction.clone();
        let (actor, card, reason, draft) = (actor.clone(), card.clone(), reason.clone(), draft.clone());
        let acted = acted.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            // Nobody to act as: the workspace has no viewer, user, agent or
            // reviewer, and the list offers none.
            let Some(actor) = actor.clone() else { return };
            let act = make(actor, card.clone(), (*reason).clone(), *draft);
            acted.set(act_words(&act, lang).map(|w| (w, None)));
            let retires = matches!(act, Act::Revoke { .. } | Act::Delete { .. } | Act::Rollback { .. } | Act::Reject { .. });
            onaction.emit(Edit::Act(act, write).into());
            if retires {
                reason.set(String::new());
            }
        });
        html! { <button type="button" data-action={name} {onclick}>{ label }</button> }
    };
    let with_reason = |name: &'static str, label: &'static str, f: fn(String, Actor, String) -> Act| {
        button(name, label, Rc::new(move |actor, card, reason, _| f(card, actor, reason)))
    };
    let status_of = |i: usize| {
        let card = &ws.cards[i];
        if card.life().is_none() {
            String::new()
        } else {
            format!(" · {}", status_name(card.status(), lang))
        }
    };

    html! {
        <section class="panel act" aria-labelledby="act-title" data-panel="act">
            <h2 id="act-title">{ pick!(lang, "以誰的身分操作", "Act as") }</h2>
            <div class="act-choices">
                <label>
                    <span>{ pick!(lang, "誰在操作", "Who acts") }</span>
                    <select name="actor" onchange={on_actor}>
                        { for choices.iter().map(|a| html! { <option value={a.name()} selected={Some(a) == actor.as_ref()}>{ a.name() }</option> }) }
                    </select>
                </label>
                <label>
                    <span>{ pick!(lang, "哪張卡片", "Which card") }</span>
                    <select name="act-card" onchange={on_card}>
                        { for (0..ws.cards.len()).map(|i| html! {
                            <option value={i.to_string()} selected={i == selected}>{ format!("{}{}", ws.cards[i].id, status_of(i)) }</option>
                        }) }
                    </select>
                </label>
            </div>
            <div class="act-buttons" role="group" aria-label={pick!(lang, "寫入路徑", "The write path")}>
                <label class="draft">
                    <span>{ pick!(lang, "要提出的是", "What to propose") }</span>
                    <select name="draft" onchange={on_draft}>
                        <option value="version" selected={*draft == Draft::Version}>{ pick!(lang, "這張的新版本", "a new version of it") }</option>
                        <option value="copy" selected={*draft == Draft::Copy}>{ pick!(lang, "我自己的副本", "my own copy") }</option>
                    </select>
                </label>
                { button("propose", pick!(lang, "提出", "Propose"), Rc::new(|actor, card, _, draft| Act::Propose { card, actor, draft })) }
                { button("publish", pick!(lang, "發布", "Publish"), Rc::new(|actor, card, _, _| Act::Publish { card, actor })) }
                { with_reason("reject", pick!(lang, "退回", "Reject"), |card, actor, reason| Act::Reject { card, actor, reason }) }
                { with_reason("revoke", pick!(lang, "撤回", "Revoke"), |card, actor, reason| Act::Revoke { card, actor, reason }) }
                { with_reason("delete", pick!(lang, "刪除", "Delete"), |card, actor, reason| Act::Delete { card, actor, reason }) }
                { with_reason("rollback", pick!(lang, "還原", "Roll back"), |card, actor, reason| Act::Rollback { card, actor, reason }) }
                { button("history", pick!(lang, "歷史", "History"), Rc::new(|actor, card, _, _| Act::History { card, actor })) }
                { button("read", pick!(lang, "查詢一次", "Ask the query"), Rc::new(|actor, _, _, _| Act::Ask { actor })) }
                { button("advance", pick!(lang, "時鐘往前一格", "Advance the clock"), Rc::new(|_, _, _, _| Act::Advance)) }
            </div>
            <>{ for props.history.as_deref().and_then(|id| crate::components::time::audit_log::card_history(ws, id, lang, &props.onaction)) }</>
            if let (Some((words, Some(ptr))), None) = (&*acted, &props.refusal) {
                if *ptr == ws_ptr {
                    <p class="acted" role="status" data-acted="ok">
                        <span aria-hidden="true">{ "✓ " }</span><strong>{ words.clone() }</strong>
                        { props.change.as_ref().map(|change| format!(": {}", mixua_words::change_parts(change, lang).join(" · "))).unwrap_or_default() }
                    </p>
                }
            }
            if let Some(refusal) = &props.refusal {
                <p class="refusal" role="alert" data-refusal={refusal.code()}>
                    <span aria-hidden="true">{ "✗ " }</span><strong>{ pick!(lang, "被拒絕:", "Refused: ") }</strong>{ refusal_text(refusal, lang) }
                </p>
            }
            <label class="reason">
                <span>{ pick!(lang, "原因(退回、撤回、刪除、還原時必填;只說為什麼,不要引用內容)", "Reason (needed to reject, revoke, delete or roll back; say why, don't quote the card)") }</span>
                <textarea name="reason" rows="2" value={(*reason).clone()} oninput={on_reason} />
            </label>
        </section>
    }
}

/// What an act of this panel did, in words (the chart's change follows
/// them, in the crate's words); `None` for History, which opens below.
fn act_words(act: &Act, lang: Lang) -> Option<String> {
    Some(match act {
        Act::Propose { card, actor, .. } => pick!(lang, format!("{actor} 提出了 {card} 的草稿"), format!("{actor} proposed a draft of {card}")),
        Act::Publish { card, actor } => pick!(lang, format!("{actor} 發布了 {card}"), format!("{actor} published {card}")),
        Act::Reject { card, actor, .. } => pick!(lang, format!("{actor} 退回了 {card}"), format!("{actor} rejected {card}")),
        Act::Revoke { card, actor, .. } => pick!(lang, format!("{actor} 撤回了 {card}"), format!("{actor} revoked {card}")),
        Act::Delete { card, actor, .. } => pick!(lang, format!("{actor} 刪除了 {card}"), format!("{actor} deleted {card}")),
        Act::Rollback { card, actor, .. } => pick!(lang, format!("{actor} 還原了 {card}"), format!("{actor} rolled back {card}")),
        Act::Ask { actor } => pick!(lang, format!("{actor} 查詢了一次"), format!("{actor} asked the query")),
        Act::Advance => pick!(lang, "時鐘往前走了一格".to_string(), "The clock moved one tick".to_string()),
        _ => return None,
    })
}
