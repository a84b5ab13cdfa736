use std::rc::Rc;

use mixua_course::Pack;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::{lesson::lesson_switch::LessonSwitch, teacher::teacher::Teacher, menus::toolbar::Toolbar};
use crate::derive::views::Computed;
use crate::store::lesson::{Course, WorkLesson};
use crate::store::shared::{Latest, Shared};
use crate::store::state::{Action, Doc, Notice, Recent, WorkAction};

/// What the top bar shows.
pub struct TopBar {
    /// Starts fetching the Work menu's part (pointed at or focused).
    pub prefetch: fn(),
    /// The lesson of the work in this tab (the switcher, the Work menu).
    pub course: Course,
    /// What of the course is in a part (a reset to lesson 2's start, a
    /// teacher's goal's preview).
    pub parts: crate::store::lesson::CourseParts,
    /// The work's lesson as its link and file name it.
    pub carried: WorkLesson,
    pub classroom: bool,
    /// The work now, read only on a click (share, export).
    pub latest_doc: Latest<Rc<Doc>>,
    /// The saved works, for "Recent work".
    pub recent: Recent,
    /// The answer to the last action taken in the Work menu.
    pub said: Option<Notice>,
    /// The work and its views, for the Teacher menu's preview.
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The pack in progress as the browser keeps it, and what keeps it.
    pub saved_pack: Option<Shared<Pack>>,
    pub onkeep: Callback<Pack>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The Assertions panel is open.
    pub assertions: bool,
    /// The work's assertions now: how many pass, fail and are set aside
    /// (`None`: none judged yet, or hidden while predicting).
    pub asserted: Option<(usize, usize, usize)>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
    pub onwork: Callback<WorkAction>,
    /// Classroom mode's panel tabs, between the switcher and the menus.
    pub tabs: Html,
}

/// The top bar: the title, the lesson switcher, the Work menu (sharing,
/// files, reset, a fresh start and Recent work, in one menu so the chart
/// keeps the screen), the Teacher menu (not in classroom mode) and the
/// toolbar.
pub fn view(props: TopBar) -> Html {
    let (lang, prefetch) = (props.lang, props.prefetch);
    html! {
        <header class="top">
            <div class="brand">
                <h1>{ pick!(lang, "MixUA 記憶座位表", "MixUA Playground") }</h1>
                <p class="tagline">{ pick!(lang, 
                    "先決定誰能讀,再搜尋:共用 Agent 記憶的四種範圍",
                    "Decide who may read, then search: the four scopes of shared agent memory",
                ) }</p>
            </div>
            <LessonSwitch course={props.course} classroom={props.classroom} {lang} />
            { props.tabs }
            <details class="files-menu work-menu" data-menu="work" onpointerenter={move |_: PointerEvent| prefetch()} onfocusin={move |_: FocusEvent| prefetch()}>
                <summary>{ pick!(lang, "作品", "Work") }</summary>
                <crate::components::menus::files::FilesStandIn doc={props.latest_doc.clone()} course={props.course} lesson_two={props.parts.lesson_two} carried={props.carried} recent={props.recent.clone()}
                    said={props.said.clone()} {lang} onaction={props.onaction.clone()} onwork={props.onwork.clone()} />
            </details>
            { assertions_button(props.assertions, props.asserted, lang, &props.onaction) }
            if !props.classroom {
                <Teacher doc={props.doc.clone()} computed={props.computed.clone()} saved_pack={props.saved_pack.clone()}
                    onkeep={props.onkeep.clone()} course={props.course} parts={props.parts} {lang} onaction={props.onaction.clone()} />
            }
            <Toolbar {lang} classroom={props.classroom} can_undo={props.can_undo} can_redo={props.can_redo} onaction={props.onaction.clone()} />
        </header>
    }
}

/// The top bar's Assertions button (issue 53): it opens and closes the
/// panel, and says how the work's assertions stand, in words as well as
/// marks.
fn assertions_button(open: bool, asserted: Option<(usize, usize, usize)>, lang: Lang, onaction: &Callback<Action>) -> Html {
    let onclick = {
        let onaction = onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(crate::store::state::UiAction::ShowAssertions(!open).into()))
    };
    let tally = match asserted {
        Some((pass, fail, aside)) if pass + fail + aside > 0 => {
            let mut marks = format!("{pass} ✓");
            if fail > 0 {
                marks.push_str(&format!(" {fail} ✗"));
            }
            if aside > 0 {
                marks.push_str(&format!(" {aside} ⚠"));
            }
            let said = pick!(lang,
                format!("{pass} 條成立,{fail} 條不成立,{aside} 條略過"),
                format!("{pass} pass, {fail} fail, {aside} set aside"),
            );
            html! { <> <span class="tally" aria-hidden="true">{ marks }</span><span class="sr-only">{ said }</span> </> }
        }
        _ => Html::default(),
    };
    let failing = asserted.is_some_and(|(_, fail, aside)| fail + aside > 0);
    // A work with no assertions keeps the first screen's controls as they
    // were (at most 20, ../shared/DESIGN.md): the panel opens from the Work
    // menu, and from a cell's "Keep as an assertion"; once the work holds
    // one, the button and its tally are here.
    let any = asserted.is_some_and(|(pass, fail, aside)| pass + fail + aside > 0);
    if !open && !any {
        return Html::default();
    }
    html! {
        <button type="button" class={classes!("assertions-button", failing.then_some("failing"))} data-action="assertions"
            aria-expanded={open.to_string()} {onclick}>
            { pick!(lang, "斷言", "Assertions") }{ " " }{ tally }
        </button>
    }
}
