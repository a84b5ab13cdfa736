//! The Teacher menu of a build without the teacher's tools (no `teacher`
//! feature): a link to the page that has them, `teach.html`, which opens
//! on the same work (the work is autosaved in this browser, and the tab's
//! work id is kept for the tab, so the page picks it up from storage).

use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::views::Computed;
use crate::store::work::Doc;
use crate::store::shared::Shared;
use crate::store::state::Action;

/// The same props as the tools' `Teacher`, so that the layout names one
/// component either way.
#[derive(Properties, PartialEq)]
pub struct TeacherProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The teacher's tools' props, unused by the link that stands in.
    #[prop_or_default]
    pub saved_pack: Option<Shared<mixua_course::Pack>>,
    #[prop_or_default]
    pub onkeep: Callback<mixua_course::Pack>,
    /// The lesson the learner is on: the Teacher link opens it (`teach.html?lesson=N`).
    #[prop_or_default]
    pub course: crate::store::lesson::Course,
    #[prop_or_default]
    pub parts: crate::store::lesson::CourseParts,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[function_component(Teacher)]
pub fn teacher(props: &TeacherProps) -> Html {
    let lang = props.lang;
    // The lesson the learner is on opens there (its own work, as the lesson
    // switcher's `?lesson=N` does); a teacher's pack is the tab's work.
    let lesson = match props.course.number() {
        0 => String::new(),
        n => format!("&lesson={n}"),
    };
    let href = format!("{}?lang={}{lesson}", crate::start::route::TEACHER_PAGE, lang.tag());
    html! {
        <div class="teacher">
            <a class="files-menu teacher-menu" data-action="teacher-page" {href}>{ pick!(lang, "老師", "Teacher") }</a>
        </div>
    }
}
