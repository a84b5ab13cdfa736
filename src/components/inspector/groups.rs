//! Lesson 2's groups, when the workspace declares them: tick who is a
//! member of each group. A GROUP card reaches exactly its group's members
//! (the crate's reading rule); the chart shows it. Changing the members is
//! a reviewer's act of the write path, logged with who and why; scrubbed
//! back, the panel says who the members were then.

use mixua_policy::{settings_at, Actor, Refusal, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::inspector::acting::{refusal_beside, untick, who_and_why};
use crate::components::event_checked;
use crate::store::acts::Act;
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit};

#[derive(Properties, PartialEq)]
pub struct GroupsProps {
    /// The write path its acts go through (the acting part's).
    pub write: crate::store::acts::WritePath,
    pub workspace: Shared<Workspace>,
    /// Who acts (the choice "Act as" shows).
    /// Who acts (`None`: the workspace has no one to act as).
    /// Everyone who may act (the choices).
    pub actors: std::rc::Rc<Vec<Actor>>,
    pub actor: Option<Actor>,
    /// The refusal of the last members change tried here, if it was refused.
    pub refusal: Option<Refusal>,
    /// The tick the chart shows, when it is not now.
    pub tick: Option<u64>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[function_component(GroupsPanel)]
pub fn groups_panel(props: &GroupsProps) -> Html {
    let write = props.write;
    let lang = props.lang;
    let ws = &*props.workspace;
    let reason = use_state(String::new);
    let Some(groups) = ws.groups() else { return html! {} };
    // The members as the log replays them to the tick the chart shows.
    let then = props.tick.map(|t| (t, settings_at(ws, t)));
    let group = |(name, members): &(String, Vec<String>)| {
        let boxes = ws.users.iter().map(|user| {
            let onaction = props.onaction.clone();
            let (group, user_, members_) = (name.clone(), user.clone(), members.clone());
            let (actor, reason) = (props.actor.clone(), (*reason).clone());
            let onchange = Callback::from(move |e: Event| {
                let mut members: Vec<String> = members_.iter().filter(|m| **m != user_).cloned().collect();
                if event_checked(&e) {
                    members.push(user_.clone());
                }
                untick(&e);
                if let Some(actor) = actor.clone() {
                    onaction.emit(Edit::Act(Act::Group { group: group.clone(), members, actor, reason: reason.clone() }, write).into());
                }
            });
            html! {
                <label class="member">
                    <input type="checkbox" data-group={name.clone()} data-member={user.clone()} checked={members.contains(user)} {onchange} />
                    { user }
                </label>
            }
        });
        let past = then.as_ref().and_then(|(t, past)| {
            let members = past.groups()?.members(name)?.to_vec();
            let list = if members.is_empty() { pick!(lang, "(沒有人)", "nobody").to_string() } else { members.join(pick!(lang, "、", ", ")) };
            Some(html! {
                <p class="then" data-then-members={members.join(",")}>
                    { pick!(lang, format!("時刻 {t} 的成員:{list}"), format!("Members at tick {t}: {list}")) }
                </p>
            })
        });
        html! {
            <fieldset class="group" data-group-set={name.clone()}>
                <legend>{ pick!(lang, format!("群組 {name}({} 人)", members.len()), format!("Group {name} ({} members)", members.len())) }</legend>
                { for boxes }
                { for past }
            </fieldset>
        }
    };
    html! {
        <section class="panel groups" aria-labelledby="groups-title" data-panel="groups">
            <h2 id="groups-title">{ pick!(lang, "群組", "Groups") }</h2>
            <p class="lede">{ pick!(lang, 
                "GROUP 卡只給群組的成員(用任何 Agent):四種範圍做不到「這個部門的這幾個人」。改成員會改變誰讀得到什麼:由名單上的審查者附原因來做,並記在紀錄裡。",
                "A GROUP card reaches exactly its group's members (with any agent): no four-scope card means “these people in one department”. Changing the members changes who can read what: a listed reviewer does it, with a reason, and the log keeps it.",
            ) }</p>
            { who_and_why(&props.actors, props.actor.as_ref(), &reason, "groups", lang, &props.onaction) }
            { for groups.0.iter().map(group) }
            { refusal_beside(props.refusal.as_ref(), lang) }
        </section>
    }
}
