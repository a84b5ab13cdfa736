use std::rc::Rc;

use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::derive::checks::Roster;
use crate::store::state::{Action, Edit};

#[derive(Properties, PartialEq, Clone)]
pub struct PeopleProps {
    /// The users, agents, canaries and profiles (not the cards).
    pub roster: Rc<Roster>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[derive(Properties, PartialEq)]
struct AddFormProps {
    name: &'static str,
    /// Unique element id for the input.
    id: AttrValue,
    label: AttrValue,
    button: AttrValue,
    placeholder: AttrValue,
    /// A user's or agent's name: checked here first (the reducer's own
    /// check, `edit::valid_name`, against these names), so its problem
    /// sits on the field and its success beside the button.
    #[prop_or_default]
    names: Option<Rc<Vec<String>>>,
    /// What a success says (the name is put in for `{}`).
    #[prop_or_default]
    added: Option<&'static str>,
    lang: Lang,
    onadd: Callback<String>,
}

/// A one-field form: Enter or the button adds, then the field clears. A
/// name's problem sits on the field (`aria-invalid`, described by the
/// message) and the work is left as it was; a success is said beside the
/// button. The example is a placeholder in the muted style, written as
/// "e.g. …" so it never reads as a value.
#[function_component(AddForm)]
fn add_form(props: &AddFormProps) -> Html {
    let text = use_state(String::new);
    // The field's answer: Err(problem) or Ok(success), until the next edit.
    let answer = use_state(|| None::<Result<String, String>>);
    let lang = props.lang;
    let oninput = {
        let (text, answer) = (text.clone(), answer.clone());
        Callback::from(move |e: InputEvent| {
            text.set(event_value(&e));
            if matches!(*answer, Some(Err(_))) {
                answer.set(None);
            }
        })
    };
    let onsubmit = {
        let (text, answer) = (text.clone(), answer.clone());
        let onadd = props.onadd.clone();
        let (names, added) = (props.names.clone(), props.added);
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(names) = &names {
                match crate::store::edit::valid_name(&text, names) {
                    Err(notice) => {
                        answer.set(Some(Err(crate::components::menus::notice_bar::notice_text(&notice, lang).1)));
                        return;
                    }
                    Ok(name) => {
                        if let Some(added) = added {
                            answer.set(Some(Ok(added.replace("{}", &name))));
                        }
                    }
                }
            }
            onadd.emit((*text).clone());
            text.set(String::new());
        })
    };
    let id = props.id.clone();
    let said = format!("{id}-said");
    let problem = matches!(*answer, Some(Err(_)));
    html! {
        <form class="add" {onsubmit}>
            <label for={id.clone()}>{ props.label.clone() }</label>
            <input id={id} name={props.name} value={(*text).clone()} {oninput} autocomplete="off"
                placeholder={pick!(lang, format!("例如 {}", props.placeholder), format!("e.g. {}", props.placeholder))}
                aria-invalid={problem.then_some("true")} aria-describedby={answer.is_some().then(|| said.clone())} />
            <button type="submit">{ props.button.clone() }</button>
            if let Some(answer) = &*answer {
                <p id={said} class={classes!("field-said", if answer.is_ok() { "ok" } else { "problem" })} role="status"
                    data-said={if answer.is_ok() { "ok" } else { "problem" }}>
                    <span aria-hidden="true">{ if answer.is_ok() { "✓ " } else { "✗ " } }</span>
                    { match answer { Ok(t) | Err(t) => t.clone() } }
                </p>
            }
        </form>
    }
}

#[derive(Properties, PartialEq)]
struct FactFormProps {
    user: String,
    lang: Lang,
    onadd: Callback<(String, String)>,
}

/// A profile fact: a key and a value; Enter or the button adds it (or
/// replaces the value of that key), then both fields clear.
#[function_component(FactForm)]
fn fact_form(props: &FactFormProps) -> Html {
    let (key, value) = (use_state(String::new), use_state(String::new));
    let input = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| state.set(event_value(&e)))
    };
    let onsubmit = {
        let (key, value, onadd) = (key.clone(), value.clone(), props.onadd.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            onadd.emit(((*key).clone(), (*value).clone()));
            key.set(String::new());
            value.set(String::new());
        })
    };
    let (lang, user) = (props.lang, &props.user);
    let (key_id, value_id) = (format!("profile-key-{user}"), format!("profile-value-{user}"));
    html! {
        <form class="add fact-form" {onsubmit}>
            // Each label stays beside its own field when the row wraps.
            <span class="pair">
                <label for={key_id.clone()}>{ pick!(lang, format!("{user} 的資料項目"), format!("Fact about {user}")) }</label>
                <input id={key_id} name="profile_key" value={(*key).clone()} oninput={input(&key)} placeholder={pick!(lang, "職業", "role")} autocomplete="off" />
            </span>
            <span class="pair">
                <label for={value_id.clone()}>{ pick!(lang, "內容", "value") }</label>
                <input id={value_id} name="profile_value" value={(*value).clone()} oninput={input(&value)} placeholder={pick!(lang, "極地研究員", "polar researcher")} autocomplete="off" />
            </span>
            <button type="submit">{ pick!(lang, "加入資料", "Add fact") }</button>
        </form>
    }
}

/// A user's or agent's row head: its name, editable, and its Remove
/// button. One function, not generic, for both lists: each `html!` written
/// out is its own code in the wasm (issue 28).
#[inline(never)]
fn name_row(input_name: &'static str, name: &str, label: String, remove: String, remove_text: &'static str, onchange: Callback<Event>, onremove: Callback<MouseEvent>, locked: bool) -> Html {
    let described = locked.then_some("people-locked");
    html! {
        <div class="name-row">
            <input name={input_name} value={name.to_string()} {onchange} aria-label={label} disabled={locked} aria-describedby={described} />
            <button type="button" class="danger" onclick={onremove} aria-label={remove} disabled={locked} aria-describedby={described}>{ remove_text }</button>
        </div>
    }
}

/// A canary or a profile fact with its × button (one function for both,
/// as [`name_row`]): `canary` or `fact` is its `data-*` attribute.
#[inline(never)]
fn token(canary: Option<&str>, fact: Option<&str>, content: Html, remove: String, onremove: Callback<MouseEvent>) -> Html {
    html! {
        <span class={if fact.is_some() { "token fact" } else { "token" }} data-canary={canary.map(str::to_string)} data-fact={fact.map(str::to_string)}>
            { content }
            <button type="button" class="x" onclick={onremove} aria-label={remove}>{"×"}</button>
        </span>
    }
}

/// Users (with their canaries) and agents: add, rename, remove.
#[function_component(People)]
pub fn people(props: &PeopleProps) -> Html {
    let lang = props.lang;
    let ws = &*props.roster;
    let emit = |f: fn(String) -> Action| {
        let onaction = props.onaction.clone();
        Callback::from(move |name: String| onaction.emit(f(name)))
    };
    let rename = |from: String, user: bool| {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| {
            let to = event_value(&e);
            onaction.emit(if user {
                Action::Edit(Edit::RenameUser { from: from.clone(), to })
            } else {
                Action::Edit(Edit::RenameAgent { from: from.clone(), to })
            })
        })
    };
    let click = |action: Action| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(action.clone()))
    };

    // Profile facts: what the re-identification probe looks for.
    let unreadable = matches!(ws.profiles, Some(mixua_policy::Kept::Bad(_)));
    let profile = |user: &String| {
        let facts: Vec<(String, String)> = ws
            .profiles()
            .and_then(|p| p.of_user(user))
            .map(|p| p.facts().map(|(k, v)| (k.to_string(), v.to_string())).collect())
            .unwrap_or_default();
        let onadd = {
            let onaction = props.onaction.clone();
            let user = user.clone();
            Callback::from(move |(key, value): (String, String)| {
                onaction.emit(Action::Edit(Edit::SetProfileFact { user: user.clone(), key, value }))
            })
        };
        html! {
            <div class="profile" data-profile={user.clone()}>
                <span class="label">{ pick!(lang, "個人資料:", "Profile facts: ") }</span>
                if unreadable {
                    <span class="none">{ pick!(lang, "(檔案裡的個人資料無法解讀,照原樣保留)", "(the file's profiles can't be read; kept as written)") }</span>
                } else if facts.is_empty() {
                    <span class="none">{ pick!(lang, "(無)", "(none)") }</span>
                }
                { for facts.iter().map(|(k, v)| token(
                    None,
                    Some(k),
                    html! { <span>{ format!("{k}: ") }<strong>{ v }</strong></span> },
                    pick!(lang, format!("移除 {user} 的資料 {k}"), format!("Remove {user}'s fact {k}")),
                    click(Action::Edit(Edit::RemoveProfileFact { user: user.clone(), key: k.clone() })),
                )) }
                if !unreadable {
                    <FactForm user={user.clone()} {lang} {onadd} />
                }
            </div>
        }
    };

    let user_items = ws.users.iter().map(|user| {
        let tokens = ws.canaries.of_user(user);
        let add_canary = {
            let onaction = props.onaction.clone();
            let user = user.clone();
            Callback::from(move |token: String| onaction.emit(Action::Edit(Edit::AddCanary { user: user.clone(), token })))
        };
        html! {
            <li key={user.clone()} data-user={user.clone()}>
                { name_row(
                    "user_name",
                    user,
                    pick!(lang, format!("使用者 {user} 的名稱"), format!("Name of user {user}")),
                    pick!(lang, format!("移除使用者 {user}"), format!("Remove user {user}")),
                    pick!(lang, "移除", "Remove"),
                    rename(user.clone(), true),
                    click(Action::Edit(Edit::RemoveUser(user.clone()))),
                    ws.locked,
                ) }
                <div class="canaries">
                    <span class="label">{ pick!(lang, "暗號:", "Canaries: ") }</span>
                    if tokens.is_empty() {
                        <span class="none">{ pick!(lang, "(無)", "(none)") }</span>
                    }
                    { for tokens.iter().map(|t| token(
                        Some(t),
                        None,
                        html! { <code>{ t }</code> },
                        pick!(lang, format!("移除暗號 {t}"), format!("Remove canary {t}")),
                        click(Action::Edit(Edit::RemoveCanary { user: user.clone(), token: t.clone() })),
                    )) }
                </div>
                <AddForm name="new_canary" id={AttrValue::from(format!("new-canary-{user}"))}
                    label={AttrValue::from(pick!(lang, format!("{user} 的新暗號"), format!("New canary for {user}")))}
                    button={AttrValue::from(pick!(lang, "登記暗號", "Register canary"))}
                    placeholder={AttrValue::from(format!("FAKE-{}-000", user.to_uppercase()))}
                    {lang} onadd={add_canary} />
                { profile(user) }
            </li>
        }
    });
    let agent_items = ws.agents.iter().map(|agent| html! {
        <li key={agent.clone()} data-agent={agent.clone()}>
            { name_row(
                "agent_name",
                agent,
                pick!(lang, format!("Agent {agent} 的名稱"), format!("Name of agent {agent}")),
                pick!(lang, format!("移除 Agent {agent}"), format!("Remove agent {agent}")),
                pick!(lang, "移除", "Remove"),
                rename(agent.clone(), false),
                click(Action::Edit(Edit::RemoveAgent(agent.clone()))),
                ws.locked,
            ) }
        </li>
    });

    html! {
        <section class="people" aria-labelledby="people-title" data-panel="people">
            <h2 id="people-title">{ pick!(lang, "使用者、Agent 與暗號", "Users, agents and canaries") }</h2>
            <p class="lede">{ pick!(lang, 
                "暗號是假的祕密(例如 FAKE-ALICE-731):只要有人看到別人的暗號,就是外洩。",
                "A canary is a fake secret (like FAKE-ALICE-731): anyone who sees another user's canary is looking at a leak.",
            ) }</p>
            <p class="lede">{ pick!(lang, 
                "個人資料(例如職業、值班日)是重新識別探測要找的線索:卡片的文字若提到只有另一位使用者對得上的資料,就等於認出了她/他。",
                "Profile facts (a job, a weekday) are the clues the re-identification probe looks for: a card whose text names facts only one other user holds singles that user out.",
            ) }</p>
            <div class="people-cols">
                <div>
                    <h3>{ pick!(lang, "使用者(列)", "Users (rows)") }</h3>
                    <AddForm name="new_user" id="new-user"
                        label={AttrValue::from(pick!(lang, "新使用者", "New user"))}
                        button={AttrValue::from(pick!(lang, "新增使用者", "Add user"))}
                        placeholder={AttrValue::from("carol")}
                        names={Rc::new(ws.users.clone())}
                        added={pick!(lang, "已新增使用者 {}:座位表多了一列。", "Added the user {}: a new row in the chart.")}
                        {lang} onadd={emit(|name| Action::Edit(Edit::AddUser(name)))} />
                    <ul class="people-list">{ for user_items }</ul>
                </div>
                <div>
                    <h3>{ pick!(lang, "Agent(欄)", "Agents (columns)") }</h3>
                    <AddForm name="new_agent" id="new-agent"
                        label={AttrValue::from(pick!(lang, "新 Agent", "New agent"))}
                        button={AttrValue::from(pick!(lang, "新增 Agent", "Add agent"))}
                        placeholder={AttrValue::from("writer-v2")}
                        names={Rc::new(ws.agents.clone())}
                        added={pick!(lang, "已新增 Agent {}:座位表多了一欄。", "Added the agent {}: a new column in the chart.")}
                        {lang} onadd={emit(|name| Action::Edit(Edit::AddAgent(name)))} />
                    <ul class="people-list">{ for agent_items }</ul>
                </div>
            </div>
            // Why the names and Remove are disabled: after the lists, so the
            // add forms (lesson 2's exercise 8 adds two users) stay where
            // the exercise points.
            if ws.locked {
                <p class="note" id="people-locked" data-readers-locked="people">{ crate::components::menus::notice_bar::readers_through_acts(lang) }</p>
            }
        </section>
    }
}

crate::components::later::stand_in!(
    /// The people panel, once the `later` part is in (its stand-in until then).
    PeopleStandIn(people_stand_in, PeopleProps, "people") = people
);
