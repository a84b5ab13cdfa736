//! Lesson 2's groups, when the workspace declares them: tick who is a
//! member of each group. A GROUP card reaches exactly its group's members
//! (the crate's reading rule); the chart shows it.

use mixua_policy::{Lang, Workspace};
use yew::prelude::*;

use super::event_checked;
use crate::acts::Act;
use crate::shared::Shared;
use crate::state::{Action, Edit};

#[derive(Properties, PartialEq)]
pub struct GroupsProps {
    pub workspace: Shared<Workspace>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[function_component(GroupsPanel)]
pub fn groups_panel(props: &GroupsProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let Some(groups) = ws.groups() else { return html! {} };
    let group = |(name, members): &(String, Vec<String>)| {
        let boxes = ws.users.iter().map(|user| {
            let onaction = props.onaction.clone();
            let (group, user_, members_) = (name.clone(), user.clone(), members.clone());
            let onchange = Callback::from(move |e: Event| {
                let mut members: Vec<String> = members_.iter().filter(|m| **m != user_).cloned().collect();
                if event_checked(&e) {
                    members.push(user_.clone());
                }
                onaction.emit(Edit::Act(Act::Group { group: group.clone(), members }).into());
            });
            html! {
                <label class="member">
                    <input type="checkbox" data-group={name.clone()} data-member={user.clone()} checked={members.contains(user)} {onchange} />
                    { user }
                </label>
            }
        });
        html! {
            <fieldset class="group" data-group-set={name.clone()}>
                <legend>{ lang.pick(format!("群組 {name}({} 人)", members.len()), format!("Group {name} ({} members)", members.len())) }</legend>
                { for boxes }
            </fieldset>
        }
    };
    html! {
        <section class="panel groups" aria-labelledby="groups-title" data-panel="groups">
            <h2 id="groups-title">{ lang.pick("群組", "Groups") }</h2>
            <p class="lede">{ lang.pick(
                "GROUP 卡只給群組的成員(用任何 Agent):四種範圍做不到「這個部門的這幾個人」。",
                "A GROUP card reaches exactly its group's members (with any agent): no four-scope card means “these people in one department”.",
            ) }</p>
            { for groups.0.iter().map(group) }
        </section>
    }
}
