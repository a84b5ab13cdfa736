//! The panels below the first screen, laid out by the root: the card table,
//! the people, the three policies (folded under "More" in lesson 3), the
//! classroom's memory tab, the footer and the printed worksheet.

use std::rc::Rc;

use mixua_policy::Workspace;
use mixua_words::{pick, Lang};
use yew::prelude::*;

use crate::components::inspector::card_editor::CardEditorStandIn;
use crate::components::inspector::compare::CompareStandIn;
use crate::components::inspector::people::PeopleStandIn;
use crate::components::lesson::worksheet::Worksheet;
use crate::derive::checks::Roster;
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{Action, Panel, Ui};
use crate::store::work::Doc;

/// What the panels below show, and which of them the start has added.
pub struct Below<'a> {
    pub ui: &'a Ui,
    pub workspace: &'a Shared<Workspace>,
    pub doc: &'a Shared<Doc>,
    pub computed: &'a Shared<Computed>,
    pub roster: &'a Rc<Roster>,
    /// The policies' scorecards and totals (`None` before the side step).
    pub scores: Option<&'a Rc<crate::derive::scores::Scores>>,
    /// The start is still adding panels.
    pub arriving: bool,
    /// The start has added the card table, the people (when the lesson's
    /// tools don't show them beside the chart) and the comparison.
    pub editor: bool,
    pub people: bool,
    pub compare: bool,
    /// Lesson 3 outside classroom mode: the three open on demand, never as
    /// page height under the one screen (issue 50).
    pub fold: bool,
    /// Lesson 2's memory panel, as a classroom tab of its own.
    pub memory: Option<Html>,
    pub onaction: &'a Callback<Action>,
}

pub fn view(below: Below<'_>) -> Html {
    let Below { ui, workspace, doc, computed, roster, scores, arriving, editor, people, compare, fold, memory, onaction } = below;
    let lang = ui.session.lang;
    let shows = |panel: Panel| !ui.session.hidden.contains(panel) && (!ui.screen.classroom || ui.screen.panel == panel);
    let editor = (editor && shows(Panel::Editor)).then(|| html! {
        <CardEditorStandIn
            workspace={workspace.clone()}
            computed={computed.clone()}
            selected={ui.screen.selected}
            start={ui.screen.editor_start}
            {arriving}
            {lang}
            onaction={onaction.clone()}
        />
    });
    let people = (people && shows(Panel::People)).then(|| html! { <PeopleStandIn roster={roster.clone()} {lang} onaction={onaction.clone()} /> });
    // Its stand-in says so in its place while the part that draws it (and
    // makes its scores) is not in.
    let compare = (compare && shows(Panel::Compare)).then(|| html! {
        <CompareStandIn doc={doc.clone()} computed={computed.clone()} scores={scores.cloned().map(Shared)} hidden={ui.screen.mode.hides_answers()} {lang} />
    });
    if fold && (editor.is_some() || people.is_some() || compare.is_some()) {
        return html! {
            <details class="more-panels" data-panel="more">
                <summary>{ pick!(lang, "更多:所有卡片、使用者與 Agent、三種做法", "More: every card, the people and agents, the three policies") }</summary>
                { stable(editor, people, None, compare) }
            </details>
        };
    }
    // Elsewhere, each in its own place, as the start adds it.
    stable(editor, people, memory.map(|memory| html! { <div class="memory-tab">{ memory }</div> }), compare)
}

/// The panels in their places: four children, each there or empty, so a
/// panel the start adds never shifts one already shown (Yew matches
/// unkeyed children from the end: a shifted panel would be mounted anew,
/// and the card table would build its rows again).
fn stable(editor: Option<Html>, people: Option<Html>, memory: Option<Html>, compare: Option<Html>) -> Html {
    html! {
        <>
            if let Some(editor) = editor { { editor } }
            if let Some(people) = people { { people } }
            if let Some(memory) = memory { { memory } }
            if let Some(compare) = compare { { compare } }
        </>
    }
}

/// The footer (not in an embedded page) and, once printing is asked for, the
/// printed worksheet with the current exercise.
pub fn rest(workspace: &Shared<Workspace>, embed: bool, print_asked: bool, exercise: Option<Rc<(String, String)>>, lang: Lang) -> Html {
    html! {
        <>
            if !embed {
                { crate::components::menus::footer::view(lang) }
            }
            if print_asked {
                <Worksheet workspace={workspace.clone()} {exercise} {lang} />
            }
        </>
    }
}
