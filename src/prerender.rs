//! The first screen before the wasm arrives. At build time the native
//! `mixua-prerender` binary (`crates/mixua-prerender`, Yew's server-side
//! rendering, run by Trunk's post-build hook) renders [`FirstScreen`] into
//! `dist/index.html`, once per language: the same `App`, started on the
//! seed. It is marked as loading and is inert (nothing can be clicked or
//! typed before the app can keep it); the first paint picks the language
//! and hides the seed when the app will open something else (see the
//! script in `index.html`). When the wasm has started, the app builds its
//! own first screen into `#app`, hidden, in a few tasks, then
//! `start::show` removes the prerendered one and `#app` shows in the same
//! task, so in one frame.

use mixua_words::Lang;
use yew::prelude::*;

use crate::app::App;

/// The languages prerendered, the one `index.html` shows without
/// JavaScript first.
pub const LANGS: [Lang; 2] = [Lang::ZhTw, Lang::En];

#[derive(Properties, PartialEq)]
pub struct FirstScreenProps {
    pub lang: Lang,
}

/// The app as a fresh load in `lang` shows it, marked as loading.
#[function_component(FirstScreen)]
pub fn first_screen(props: &FirstScreenProps) -> Html {
    let lang = props.lang;
    html! {
        <div class="prerender" data-prerender={lang.tag()} lang={lang.tag()} aria-busy="true">
            <p class="loading" role="status">
                <span class="for-seed">{ pick!(lang, "載入中…(範例座位表,還不能操作)", "Loading… (the seed's chart, not usable yet)") }</span>
                <span class="for-own">{ pick!(lang, "載入中…正在打開你的作品", "Loading… opening your work") }</span>
            </p>
            <div class="prerender-page" inert=true>
                <App prerender={Some(lang)} />
            </div>
        </div>
    }
}
