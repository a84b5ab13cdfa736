use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::course::Course;

#[derive(Properties, PartialEq)]
pub struct LessonSwitchProps {
    /// The lesson of the work in this tab.
    pub course: Course,
    pub classroom: bool,
    pub lang: Lang,
}

/// The lesson switcher in the top bar: one link per built-in lesson
/// (`Course::LESSONS`), each opening that lesson's own most recent work as
/// `?lesson=N` does (this tab's work is saved first, at `pagehide`, and
/// stays in its lesson). The language and classroom mode go along.
#[function_component(LessonSwitch)]
pub fn lesson_switch(props: &LessonSwitchProps) -> Html {
    let lang = props.lang;
    let classroom = if props.classroom { "&classroom" } else { "" };
    html! {
        <nav class="lessons" aria-label={pick!(lang, "課程", "Lessons")} data-menu="lessons">
            { for Course::LESSONS.iter().enumerate().map(|(i, &course)| {
                let n = course.number();
                let current = course == props.course;
                html! {
                    <>
                        if i > 0 {
                            <span class="sep" aria-hidden="true">{ " · " }</span>
                        }
                        <a href={format!("?lesson={n}&lang={}{classroom}", lang.tag())} data-lesson-link={n.to_string()}
                            aria-current={current.then_some("page")}>
                            { pick!(lang, format!("第 {n} 課"), format!("Lesson {n}")) }
                        </a>
                    </>
                }
            }) }
            // A lesson this build does not carry: its link opens the page
            // that does (the address `?lesson=N` is sent on there).
            { for Course::ELSEWHERE.iter().map(|&n| html! {
                <>
                    <span class="sep" aria-hidden="true">{ " · " }</span>
                    <a href={format!("?lesson={n}&lang={}{classroom}", lang.tag())} data-lesson-link={n.to_string()}>
                        { pick!(lang, format!("第 {n} 課"), format!("Lesson {n}")) }
                    </a>
                </>
            }) }
        </nav>
    }
}
