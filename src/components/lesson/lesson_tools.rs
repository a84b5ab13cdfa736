use std::rc::Rc;

use mixua_policy::{Actor, Change, EventProblem, Refusal, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::store::acts::Place;
use crate::components::{
    inspector::act_as::ActAs, time::audit_log::AuditLog, inspector::cache_panel::CachePanel, inspector::groups::GroupsPanel, inspector::retention::RetentionPanel,
    time::timeline::Timeline,
};
use crate::derive::views::Computed;
use crate::derive::checks::{CacheLines, Roster};
use crate::store::shared::Shared;
use crate::store::state::{Action, Panel, Panels};

/// Where a group of tools is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolsAt {
    /// The inspector column beside the chart: the panels the current
    /// exercise works in, then lesson 2's Act as.
    Side,
    /// Memory over time, below lesson 2's chart (or its tab in classroom
    /// mode): the rest of lesson 2's panels, and the audit log.
    Memory,
    /// Lesson 2's timeline, under the chart.
    Time,
}

/// What the acting panels show.
pub struct LessonTools {
    /// The panels the current exercise works in (the pack's `panels`):
    /// these go to the inspector column, so its instructions name something
    /// on the first screen.
    pub tools: Rc<Vec<Panel>>,
    /// The panels the page hides.
    pub hidden: Panels,
    /// This work is lesson 2's (its acting panels show).
    pub lesson_two: bool,
    /// This work is lesson 3's (its cache exercise shows the cache panel).
    pub lesson_three: bool,
    /// The people panel shows (not hidden; its tab, in classroom mode).
    pub people: bool,
    /// Classroom mode (the timeline is a thin strip).
    pub classroom: bool,
    pub workspace: Shared<Workspace>,
    /// The views as of the tick shown (the timeline's).
    pub computed: Shared<Computed>,
    /// The logged reads replayed through the cache, in words.
    pub cache_lines: Option<Rc<CacheLines>>,
    pub roster: Rc<Roster>,
    pub event_problems: Rc<Vec<Option<EventProblem>>>,
    /// Everyone who may act, and who acts (the learner's choice in Act as,
    /// or the workspace's first actor).
    pub actors: Rc<Vec<Actor>>,
    pub actor: Option<Actor>,
    pub selected: Option<usize>,
    /// The last refusal, and the control it is shown beside.
    pub refusal: Option<Refusal>,
    pub refused_at: Option<Place>,
    /// The card whose history was asked for (Act as shows it).
    pub history: Option<String>,
    /// What the last step changed (Act as says it after its act).
    pub change: Option<Shared<Change>>,
    /// The tick the chart shows, when it is not now.
    pub tick: Option<u64>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The acting panels of lessons 2 and 3 (Act as, the cache, retention,
/// groups, the audit log) and the people panel when an exercise works in
/// it, each where it belongs: `ToolsAt::Side` or `ToolsAt::Memory`.
///
/// Lessons 2 and 3's panels are a part of their own (`acting`): a
/// lesson-1 student never fetches them. `tools`: that part's [`panels`],
/// once it is in (`None` until then, and so is what this draws).
pub fn view(props: &LessonTools, at: ToolsAt, tools: Option<Tools>) -> Option<Html> {
    if props.lesson_two || props.lesson_three {
        return tools.map(|tools| tools(props, at));
    }
    let people = props.people && at == ToolsAt::Side && props.tools.contains(&Panel::People);
    Some(if people { tool(Panel::People, people_panel(props)) } else { Html::default() })
}

/// [`panels`] as the acting part has it.
pub type Tools = fn(&LessonTools, ToolsAt) -> Html;

/// A panel of the inspector column, in its keyed place.
fn tool(panel: Panel, shown: Html) -> Html {
    html! { <div class="tool" key={panel.key()} data-tool={panel.key()}>{ shown }</div> }
}

/// The people panel, when an exercise works in it (in every lesson: not in
/// the part).
fn people_panel(props: &LessonTools) -> Html {
    html! { <crate::components::inspector::people::PeopleStandIn roster={props.roster.clone()} lang={props.lang} onaction={props.onaction.clone()} /> }
}

/// Lessons 2 and 3's panels (in their part, `acting`).
pub fn panels(props: &LessonTools, at: ToolsAt, write: crate::store::acts::WritePath) -> Html {
    let lang = props.lang;
    let hidden = |panel: Panel| props.hidden.contains(panel);
    let in_side = |panel: Panel| props.tools.contains(&panel);
    let refused_at = |place: Place| props.refusal.clone().filter(|_| props.refused_at.unwrap_or(Place::ActAs) == place);
    let ws = &props.workspace;
    let onaction = &props.onaction;
    let lines = || props.cache_lines.clone().unwrap_or_default();
    let cache = || html! { <CachePanel {write} workspace={ws.clone()} lines={lines()} actors={props.actors.clone()} actor={props.actor.clone()} refusal={refused_at(Place::Cache)} {lang} onaction={onaction.clone()} /> };
    let retention = || html! {
        <RetentionPanel {write} workspace={ws.clone()} selected={props.selected} actors={props.actors.clone()} actor={props.actor.clone()}
            ttl_refusal={refused_at(Place::Ttl)} hold_refusal={refused_at(Place::Hold)} {lang} onaction={onaction.clone()} />
    };
    let groups = || html! { <GroupsPanel {write} workspace={ws.clone()} actors={props.actors.clone()} actor={props.actor.clone()} refusal={refused_at(Place::Groups)} tick={props.tick} {lang} onaction={onaction.clone()} /> };
    let lesson_two = props.lesson_two;
    match at {
        ToolsAt::Side => {
            // Lesson 2's Act as is always here: where the exercise lists
            // it, else after the panels it lists.
            let panels = props.tools.iter().copied().chain((!in_side(Panel::Act)).then_some(Panel::Act));
            let shown = panels.filter_map(|panel| {
                let shown = match panel {
                    Panel::Act if lesson_two && !hidden(Panel::Act) => html! {
                        <ActAs {write} workspace={ws.clone()} actors={props.actors.clone()} actor={props.actor.clone()} selected={props.selected}
                            refusal={refused_at(Place::ActAs)} history={props.history.clone()}
                            change={props.change.clone()} {lang} onaction={onaction.clone()} />
                    },
                    Panel::Cache if (lesson_two || props.lesson_three) && !hidden(Panel::Cache) => cache(),
                    Panel::Retention if lesson_two && !hidden(Panel::Retention) => retention(),
                    Panel::Groups if lesson_two && !hidden(Panel::Groups) => groups(),
                    Panel::People if props.people => people_panel(props),
                    _ => return None,
                };
                Some(tool(panel, shown))
            });
            html! { <>{ for shown }</> }
        }
        ToolsAt::Memory if lesson_two => html! { <>
            if !hidden(Panel::Cache) && !in_side(Panel::Cache) {
                { cache() }
            }
            if !hidden(Panel::Retention) && !in_side(Panel::Retention) {
                { retention() }
            }
            if !hidden(Panel::Groups) && !in_side(Panel::Groups) {
                { groups() }
            }
            if !hidden(Panel::Audit) {
                <AuditLog workspace={ws.clone()} problems={props.event_problems.clone()} tick={props.tick} {lang} />
            }
        </> },
        ToolsAt::Time if lesson_two => html! {
            <Timeline workspace={ws.clone()} computed={props.computed.clone()} tick={props.tick} classroom={props.classroom} {lang} onaction={onaction.clone()} />
        },
        ToolsAt::Memory | ToolsAt::Time => Html::default(),
    }
}
