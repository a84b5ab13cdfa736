use std::rc::Rc;

use mixua_policy::{Card, Field, Leak, Rejection, Scope, Stream};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::{focus_after_render, verdict, CardEdits};
use crate::store::state::{Action, Edit, UiAction};

#[derive(Properties, PartialEq)]
pub struct CardRowProps {
    pub index: usize,
    pub card: std::rc::Rc<Card>,
    pub users: Rc<Vec<String>>,
    pub agents: Rc<Vec<String>>,
    pub rejection: Option<Rejection>,
    /// Canaries this card hands to other users (the four-scope evaluation's leaks).
    pub leaks: Vec<Leak>,
    pub selected: bool,
    /// The work has memory over time: who reads the card changes only
    /// through Act as, so those controls are read-only here.
    pub locked: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Options for a select: the known values, plus the card's current value
/// when it is not one of them (an unknown scope, a user not in the chart),
/// so nothing the learner imported is silently changed.
pub fn options(known: &[&str], current: &str, lang: Lang) -> Html {
    let extra = (!known.contains(&current)).then(|| {
        let label = if current.is_empty() {
            pick!(lang, "(缺少)".to_string(), "(missing)".to_string())
        } else {
            pick!(lang, format!("{current}(不在表中)"), format!("{current} (unknown)"))
        };
        html! { <option value={current.to_string()} selected=true>{ label }</option> }
    });
    html! {
        <>
            { for extra }
            { for known.iter().map(|v| html! { <option value={v.to_string()} selected={*v == current}>{ *v }</option> }) }
        </>
    }
}

/// One card in the editor: every field editable, with its verdict.
#[function_component(CardRow)]
pub fn card_row(props: &CardRowProps) -> Html {
    let lang = props.lang;
    let card = &props.card;
    let index = props.index;
    let label = |what: &str| format!("{what} ({})", if card.id.is_empty() { format!("#{}", index + 1) } else { card.id.clone() });

    let edits = CardEdits::new(&card.id, props.onaction.clone());
    let text = |field: Field| edits.text(field);
    let choose = |field: Field| edits.choose(field);
    let approve = edits.approve();
    let act = |action: Action| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(action.clone()))
    };

    let scopes: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
    let streams: Vec<&str> = Stream::ALL.iter().map(|s| s.as_str()).collect();
    let users: Vec<&str> = props.users.iter().map(String::as_str).collect();
    let agents: Vec<&str> = props.agents.iter().map(String::as_str).collect();

    let verdict = verdict(props.rejection.as_ref(), &props.leaks, lang);
    // "Show reach" brings the chart, the card's inspector and the why panel
    // into view, with focus on the inspector.
    let show_reach = {
        let onaction = props.onaction.clone();
        let selected = props.selected;
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Action::Ui(UiAction::Select(if selected { None } else { Some(index) })));
            if !selected {
                focus_after_render("#inspector-title".into());
            }
        })
    };
    macro_rules! th {
        ($zh:expr, $en:expr $(,)?) => {
            pick!(lang, $zh, $en)
        };
    }
    // After a delete the focus goes to the delete button of the row that
    // takes this one's place, else the row before, else "Add card": it is
    // never left on a button that is gone.
    let delete = {
        let (onaction, id) = (props.onaction.clone(), card.id.clone());
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Action::Edit(Edit::DeleteCard(id.clone())));
            let row = |i: usize| format!("tr[data-index=\"{i}\"] button.danger");
            let mut targets = vec![row(index)];
            targets.extend(index.checked_sub(1).map(row));
            targets.push("[data-action=\"add-card\"]".into());
            crate::components::focus::focus_soon(targets);
        })
    };

    // An id the work refused (empty, or another card's) leaves the field
    // when the learner does: it shows the id the card kept, never one the
    // card does not have (the notice says why).
    let keep_id = {
        let id = card.id.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if input.value() != id {
                    input.set_value(&id);
                }
            }
        })
    };
    let locked = props.locked;
    let described = locked.then_some("editor-locked");
    html! {
        <tr data-card={card.id.clone()} data-index={index.to_string()}
            class={classes!(props.rejection.is_some().then_some("rejected"), props.selected.then_some("selected"))}>
            <th scope="row">
                <input name="id" class="id" value={card.id.clone()} oninput={text(Field::Id)} onchange={keep_id}
                    aria-label={pick!(lang, format!("卡片 #{} 的 id", index + 1), format!("Id of card #{}", index + 1))} />
            </th>
            <td data-label={th!("範圍", "Scope")}>
                <select name="scope" onchange={choose(Field::Scope)} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "範圍", "Scope"))}>
                    { options(&scopes, &card.scope, lang) }
                </select>
            </td>
            <td data-label={th!("擁有者", "Owner user")}>
                <select name="owner_user" onchange={choose(Field::OwnerUser)} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "擁有者使用者", "Owner user"))}>
                    { options(&users, &card.owner_user, lang) }
                </select>
            </td>
            <td data-label={th!("擁有 Agent", "Owner agent")}>
                <select name="owner_agent" onchange={choose(Field::OwnerAgent)} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "擁有 Agent", "Owner agent"))}>
                    { options(&agents, &card.owner_agent, lang) }
                </select>
            </td>
            <td data-label={th!("內容流", "Stream")}>
                <select name="stream" onchange={choose(Field::Stream)} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "內容流", "Stream"))}>
                    { options(&streams, &card.stream, lang) }
                </select>
            </td>
            <td class="center" data-label={th!("核准分享", "Sharing approved")}>
                <input type="checkbox" name="share_approved" checked={card.share_approved} onchange={approve} disabled={locked} aria-describedby={described}
                    aria-label={label(pick!(lang, "已核准分享", "Sharing approved"))} />
            </td>
            <td data-label={th!("情境", "Situation")}>
                <input name="situation" value={card.situation.clone()} oninput={text(Field::Situation)}
                    aria-label={label(pick!(lang, "情境", "Situation"))} />
            </td>
            <td class="text" data-label={th!("經驗", "Lesson")}>
                <textarea name="lesson" rows="2" value={card.lesson.clone()} oninput={text(Field::Lesson)}
                    aria-label={label(pick!(lang, "經驗", "Lesson"))} />
            </td>
            <td class="status" data-label={th!("判定", "Verdict")}>{ verdict }</td>
            <td class="actions"><div class="stack">
                <button type="button" onclick={show_reach}
                    aria-pressed={props.selected.to_string()} aria-label={label(pick!(lang, "看範圍", "Show reach"))}>
                    { pick!(lang, "看範圍", "Show reach") }
                </button>
                <button type="button" onclick={act(Action::Edit(Edit::DuplicateCard(card.id.clone())))} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "複製", "Duplicate"))}>
                    { pick!(lang, "複製", "Duplicate") }
                </button>
                <button type="button" class="danger" onclick={delete} disabled={locked} aria-describedby={described} aria-label={label(pick!(lang, "刪除", "Delete"))}>
                    { pick!(lang, "刪除", "Delete") }
                </button>
            </div></td>
        </tr>
    }
}
