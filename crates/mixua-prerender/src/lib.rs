//! The playground's first screen as static HTML: the same Yew components
//! as the app (`mixua_playground::prerender::FirstScreen`), rendered
//! natively with Yew's server-side rendering, then put into the built
//! `index.html` in place of its `<div id="prerender"></div>`.

use mixua_playground::prerender::{FirstScreen, FirstScreenProps, LANGS};
use mixua_policy::Lang;

/// Where the first screens go in `index.html`.
pub const MARKER: &str = r#"<div id="prerender"></div>"#;

/// The first screen in one language: plain HTML, no hydration markers.
pub fn render(lang: Lang) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a tokio runtime");
    let local = tokio::task::LocalSet::new();
    runtime.block_on(local.run_until(
        yew::LocalServerRenderer::<FirstScreen>::with_props(FirstScreenProps { lang }).hydratable(false).render(),
    ))
}

/// `index.html` with the first screens (every language, the default one
/// first) in place of the marker; `None` when it has no marker (or more
/// than one).
pub fn inject(index_html: &str, screens: &[String]) -> Option<String> {
    (index_html.matches(MARKER).count() == 1).then(|| index_html.replacen(MARKER, &screens.concat(), 1))
}

/// Every prerendered language's first screen.
pub fn render_all() -> Vec<String> {
    LANGS.iter().map(|&lang| render(lang)).collect()
}
