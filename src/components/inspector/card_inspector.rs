use std::rc::Rc;

use mixua_policy::{Card, Field, Leak, Rejection, Scope, Stream};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::inspector::card_row::options;
use crate::components::{verdict, CardEdits};
use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq, Clone)]
pub struct CardInspectorProps {
    pub index: usize,
    pub card: std::rc::Rc<Card>,
    pub users: Rc<Vec<String>>,
    pub agents: Rc<Vec<String>>,
    pub rejection: Option<Rejection>,
    /// Canaries this card hands to other users.
    pub leaks: Vec<Leak>,
    /// The work has memory over time: scope, owners, stream and approval
    /// change only through Act as.
    pub locked: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The selected card, editable beside the chart: change a field here and
/// the cells, the alarm and the verdict change in view.
#[function_component(CardInspector)]
pub fn card_inspector(props: &CardInspectorProps) -> Html {
    let lang = props.lang;
    let card = &props.card;
    let edits = CardEdits::new(&card.id, props.onaction.clone());
    let text = |field: Field| edits.text(field);
    let choose = |field: Field| edits.choose(field);
    let approve = edits.approve();
    let close = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Action::Ui(UiAction::Select(None)));
            // The inspector is gone: the focus goes to the chart, not the page.
            crate::components::focus::focus_soon(vec!["#chart".into()]);
        })
    };
    let scopes: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
    let streams: Vec<&str> = Stream::ALL.iter().map(|s| s.as_str()).collect();
    let users: Vec<&str> = props.users.iter().map(String::as_str).collect();
    let agents: Vec<&str> = props.agents.iter().map(String::as_str).collect();
    let id = |name: &str| format!("inspect-{name}");
    let locked = props.locked;
    let described = locked.then_some("inspector-locked");
    html! {
        <section class="panel inspector" aria-labelledby="inspector-title" data-inspector={card.id.clone()}>
            <div class="panel-head">
                <h2 id="inspector-title" tabindex="-1">
                    { pick!(lang, "編輯卡片 ", "Edit card ") }<span class="badge">{ &card.id }</span>
                </h2>
                <button type="button" class="link" onclick={close}>{ pick!(lang, "關閉", "Close") }</button>
            </div>
            <p class="inspector-verdict">{ verdict(props.rejection.as_ref(), &props.leaks, lang) }</p>
            if locked {
                <p class="note" id="inspector-locked" data-readers-locked="inspector">{ crate::components::menus::notice_bar::readers_through_acts(lang) }</p>
            }
            <div class="fields">
                <label for={id("scope")}>{ pick!(lang, "範圍", "Scope") }</label>
                <select id={id("scope")} name="scope" onchange={choose(Field::Scope)} disabled={locked} aria-describedby={described}>{ options(&scopes, &card.scope, lang) }</select>
                <label for={id("stream")}>{ pick!(lang, "內容流", "Stream") }</label>
                <select id={id("stream")} name="stream" onchange={choose(Field::Stream)} disabled={locked} aria-describedby={described}>{ options(&streams, &card.stream, lang) }</select>
                <label for={id("owner_user")}>{ pick!(lang, "擁有者", "Owner user") }</label>
                <select id={id("owner_user")} name="owner_user" onchange={choose(Field::OwnerUser)} disabled={locked} aria-describedby={described}>{ options(&users, &card.owner_user, lang) }</select>
                <label for={id("owner_agent")}>{ pick!(lang, "擁有 Agent", "Owner agent") }</label>
                <select id={id("owner_agent")} name="owner_agent" onchange={choose(Field::OwnerAgent)} disabled={locked} aria-describedby={described}>{ options(&agents, &card.owner_agent, lang) }</select>
                <span class="check">
                    <input type="checkbox" id={id("share_approved")} name="share_approved" checked={card.share_approved} onchange={approve} disabled={locked} aria-describedby={described} />
                    <label for={id("share_approved")}>{ pick!(lang, "核准分享", "Sharing approved") }</label>
                </span>
                <label for={id("situation")}>{ pick!(lang, "情境", "Situation") }</label>
                <input id={id("situation")} name="situation" value={card.situation.clone()} oninput={text(Field::Situation)} />
                <label for={id("lesson")} class="wide">{ pick!(lang, "經驗", "Lesson") }</label>
                <textarea id={id("lesson")} name="lesson" class="wide" rows="2" value={card.lesson.clone()} oninput={text(Field::Lesson)} />
            </div>
        </section>
    }
}

crate::components::later::stand_in!(
    /// The card inspector, once the `later` part is in (its stand-in until then).
    CardInspectorStandIn(card_inspector_stand_in, CardInspectorProps, "inspector") = card_inspector
);
