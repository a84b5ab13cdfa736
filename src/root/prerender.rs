//! The first screen before the wasm arrives. At build time the native
//! `mixua-prerender` binary (`crates/mixua-prerender`, Yew's server-side
//! rendering, run by Trunk's post-build hook) renders [`FirstScreen`] into
//! `dist/index.html`, once per [`SCREENS`]: the same `App`, started on
//! lesson 1's seed, or on lesson 2's start as `?lesson=2` opens it, in
//! each language. It is marked as loading and is inert (nothing can be
//! clicked or typed before the app can keep it); the first paint picks the
//! language and the lesson, and hides the start when the app will open
//! something else (see the script in `index.html`). When the wasm has
//! started, the app builds its own first screen into `#app`, hidden, in a
//! few tasks, then `start::show` removes the prerendered ones and `#app`
//! shows in the same task, so in one frame.

use mixua_words::Lang;
use yew::prelude::*;

use crate::root::app::App;
use crate::store::lesson::Course;
pub use crate::start::Screen;

/// The screens prerendered into `index.html`, the one it shows without
/// JavaScript first: lesson 1 in 繁體中文.
pub const SCREENS: [Screen; 4] = [
    Screen { lang: Lang::ZhTw, course: Course::One },
    Screen { lang: Lang::En, course: Course::One },
    Screen { lang: Lang::ZhTw, course: Course::Two },
    Screen { lang: Lang::En, course: Course::Two },
];

/// The screens prerendered into `lesson3.html` (by a build with the
/// `lesson3` feature, whose app is that page's), the one it shows without
/// JavaScript first: lesson 3 in 繁體中文.
#[cfg(feature = "lesson3")]
pub const LESSON3_SCREENS: [Screen; 2] = [Screen { lang: Lang::ZhTw, course: Course::Three }, Screen { lang: Lang::En, course: Course::Three }];

/// The page this build is (`crate::store::lesson::Page::THIS`) and the screens
/// prerendered into it: `lesson3.html`'s in a build for that page, else
/// `index.html`'s.
pub fn screens() -> (&'static str, &'static [Screen]) {
    #[cfg(feature = "lesson3")]
    if crate::store::lesson::Page::THIS == crate::store::lesson::Page::LessonThree {
        return ("lesson3.html", &LESSON3_SCREENS);
    }
    ("index.html", &SCREENS)
}

#[derive(Properties, PartialEq)]
pub struct FirstScreenProps {
    pub screen: Screen,
}

/// The app as a fresh load of `screen` shows it, marked as loading.
#[function_component(FirstScreen)]
pub fn first_screen(props: &FirstScreenProps) -> Html {
    let Screen { lang, course } = props.screen;
    html! {
        <div class="prerender" data-prerender={lang.tag()} data-lesson={course.number().to_string()} lang={lang.tag()} aria-busy="true">
            <p class="loading" role="status">
                <span class="for-seed">{ match course {
                    Course::Two => pick!(lang, "載入中…(第 2 課的座位表,還不能操作)", "Loading… (lesson 2's chart, not usable yet)"),
                    #[cfg(feature = "lesson3")]
                    Course::Three => pick!(lang, "載入中…(第 3 課的座位表,還不能操作)", "Loading… (lesson 3's chart, not usable yet)"),
                    _ => pick!(lang, "載入中…(範例座位表,還不能操作)", "Loading… (the seed's chart, not usable yet)"),
                } }</span>
                <span class="for-own">{ pick!(lang, "載入中…正在打開你的作品", "Loading… opening your work") }</span>
            </p>
            <div class="prerender-page" inert=true>
                <App prerender={Some(props.screen)} />
            </div>
        </div>
    }
}
