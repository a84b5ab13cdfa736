//! What each panel that changes who can read what (groups, retention,
//! cache) shows beside its controls: who acts (the same choice as "Act
//! as"), why (the reason its event keeps), and, when the write path refused
//! an act tried here, the refusal in the crate's words.

use mixua_words::explain::refusal_text;
use mixua_policy::{Actor, Refusal};
use mixua_words::Lang;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::event_value;
use crate::store::state::{Action, UiAction};

/// The actor and reason fields of one panel (`panel` names their ids).
pub fn who_and_why(
    actors: &[Actor],
    actor: Option<&Actor>,
    reason: &UseStateHandle<String>,
    panel: &'static str,
    lang: Lang,
    onaction: &Callback<Action>,
) -> Html {
    let on_actor = {
        let onaction = onaction.clone();
        Callback::from(move |e: Event| onaction.emit(UiAction::SetActor(event_value(&e)).into()))
    };
    let on_reason = {
        let reason = reason.clone();
        Callback::from(move |e: InputEvent| reason.set(event_value(&e)))
    };
    let (actor_id, reason_id) = (format!("{panel}-actor"), format!("{panel}-reason"));
    html! {
        <div class="who-why">
            <label for={actor_id.clone()}>{ pick!(lang, "誰在操作", "Who acts") }</label>
            <select id={actor_id} name="panel-actor" onchange={on_actor}>
                { for actors.iter().map(|a| html! { <option selected={Some(a) == actor} value={a.name()}>{ a.name() }</option> }) }
            </select>
            <label for={reason_id.clone()}>{ pick!(lang, "原因(每個變更都要;只說為什麼)", "Why (every change needs one; say why, not what)") }</label>
            <input type="text" id={reason_id} name="panel-reason" value={(**reason).clone()} oninput={on_reason} />
        </div>
    }
}

/// The refusal of an act tried with the control just before it.
pub fn refusal_beside(refusal: Option<&Refusal>, lang: Lang) -> Html {
    match refusal {
        Some(refusal) => html! {
            <p class="refusal" role="alert" data-refusal={refusal.code()}>
                <span aria-hidden="true">{ "✗ " }</span><strong>{ pick!(lang, "被拒絕:", "Refused: ") }</strong>{ refusal_text(refusal, lang) }
            </p>
        },
        None => Html::default(),
    }
}

/// Puts a checkbox back as it was before the click: the workspace decides
/// what it shows, so a refused act leaves it as the setting is, and an
/// allowed one re-renders it.
pub fn untick(e: &Event) {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.set_checked(!input.checked());
    }
}

/// Puts a text or number field back to the setting's value, for the same
/// reason.
pub fn unset(e: &Event, value: &str) {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.set_value(value);
    }
}
