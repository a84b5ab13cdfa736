//! The two columns beside the chart, laid out by the root: the lesson on
//! the left, and the inspector column (who a user is, lesson 3's prompt, the
//! selected card, the lesson's tools, the why panel, the rejected cards),
//! each component given only what it shows.

use std::rc::Rc;

use mixua_policy::{flip::Flips, Card, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::chart::rejected_list::RejectedList;
use crate::components::lesson::lesson_panel::LessonPanel;
use crate::parts::about_me::LazyAboutMe;
use crate::components::inspector::why_panel::WhyPanel;
use crate::components::inspector::card_inspector::CardInspectorStandIn;
use crate::derive::checks::{Checks, Rejected, Roster};
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{Action, Mode, Panel, Ui};
use crate::store::work::Doc;

/// What the column shows, as the root derived it.
pub struct Side<'a> {
    pub ui: &'a Ui,
    pub workspace: &'a Shared<Workspace>,
    pub computed: &'a Shared<Computed>,
    /// Lesson 3's prompt panel and settings (nothing elsewhere).
    pub prompt: Html,
    /// The card being inspected, with its position.
    pub inspected: Option<(usize, &'a Rc<Card>)>,
    pub roster: &'a Rc<Roster>,
    /// The lesson's acting tools that belong in this column.
    pub tools: Html,
    pub flips: Option<Rc<Flips>>,
    pub rejected: Rc<Rejected>,
    /// The rejected list is shown (the chart is).
    pub chart_shown: bool,
    pub tick: Option<u64>,
    pub lang: Lang,
    pub onaction: &'a Callback<Action>,
}

pub fn side(side: Side<'_>) -> Html {
    let Side { ui, workspace, computed, prompt, inspected, roster, tools, flips, rejected, chart_shown, tick, lang, onaction } = side;
    let hidden = |panel: Panel| ui.session.hidden.contains(panel);
    let selecting = inspected.is_some().then_some("selecting");
    html! {
        <aside class={classes!("side", selecting)}>
            if let Some(user) = ui.screen.about.clone().filter(|_| !ui.screen.mode.hides_answers()) {
                <LazyAboutMe workspace={workspace.clone()} {user} {lang} onaction={onaction.clone()} />
            }
            // Lesson 3's prompt panel and settings: first, beside the chart,
            // where choosing a cell opens its prompt.
            if !hidden(Panel::Prompt) {
                { prompt }
            }
            if let Some((index, card)) = inspected {
                <CardInspectorStandIn
                    {index}
                    card={card.clone()}
                    users={Rc::new(workspace.users.clone())}
                    agents={Rc::new(workspace.agents.clone())}
                    rejection={computed.gates.get(index).and_then(|g| g.as_ref().err().cloned())}
                    leaks={computed.leaks_of(&card.id)}
                    locked={roster.locked}
                    {lang}
                    onaction={onaction.clone()}
                />
            }
            // Lesson 2's acting tools: first in the column, so the
            // exercise's first instruction ("In Act as pick…") names
            // something on the first screen; a card's history opens here,
            // where it was asked for.
            { tools }
            if !hidden(Panel::Why) {
                <WhyPanel
                    workspace={workspace.clone()}
                    computed={computed.clone()}
                    selected={ui.screen.selected}
                    viewer={ui.screen.viewer.clone()}
                    {flips}
                    hidden={ui.screen.mode.hides_answers()}
                    {tick}
                    {lang}
                    onaction={onaction.clone()}
                />
            }
            if !hidden(Panel::Rejected) && chart_shown {
                <RejectedList {rejected} {lang} onselect={crate::root::requests::select(onaction)} />
            }
        </aside>
    }
}

/// What the lesson column shows.
pub struct LessonColumn<'a, M: Fn() -> Html> {
    pub ui: &'a Ui,
    pub doc: &'a Shared<Doc>,
    /// The views now (the lesson checks the present, not a past tick).
    pub computed: &'a Shared<Computed>,
    pub checks: &'a Shared<Checks>,
    /// The policies' scorecards (the score step's among them).
    pub scores: Option<&'a Rc<crate::derive::scores::Scores>>,
    /// The result code, while it is open.
    pub code: Option<&'a Rc<crate::derive::course::ResultCode>>,
    pub student_name: &'a String,
    pub onname: &'a Callback<String>,
    pub tick: Option<u64>,
    /// The pack's place while its part is on its way (lesson 2's pack is in
    /// its acting part: `crate::store::lesson::Packs`).
    pub missing: M,
    pub onaction: &'a Callback<Action>,
}

/// The lesson: the left column on a wide screen, beside the chart (issue 26:
/// selecting or adding a card never covers it); after the chart and the
/// inspector on a phone.
pub fn lesson<M: Fn() -> Html>(column: LessonColumn<'_, M>) -> Html {
    let LessonColumn { ui, doc, computed, checks, scores, code, student_name, onname, tick, missing, onaction } = column;
    html! {
        <div class="lesson-col">
            if ui.pack().exercises.is_empty() {
                { missing() }
            } else {
                <LessonPanel
                    doc={doc.clone()}
                    computed={computed.clone()}
                    checks={checks.clone()}
                    score_step={crate::derive::scores::score_step(ui).is_some()}
                    scorecards={scores.and_then(|s| s.stepped.clone()).map(Shared)}
                    code={code.cloned().map(Shared)}
                    code_open={ui.screen.code_open}
                    pack={Shared(ui.shared_pack().clone())}
                    student_name={student_name.clone()}
                    onname={onname.clone()}
                    course={ui.session.course}
                    parts={ui.session.parts}
                    revealed={ui.screen.mode == Mode::Predict { revealed: true }}
                    progress={ui.progress.clone()}
                    step={ui.lesson_step}
                    {tick}
                    classroom={ui.screen.classroom}
                    lang={ui.session.lang}
                    onaction={onaction.clone()}
                />
            }
        </div>
    }
}
