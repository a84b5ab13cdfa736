//! The playground's first screen as static HTML: the same Yew components
//! as the app (`mixua_playground::prerender::FirstScreen`), rendered
//! natively with Yew's server-side rendering, then put into the built
//! `index.html` in place of its `<div id="prerender"></div>`.

use mixua_playground::prerender::{FirstScreen, FirstScreenProps, Screen};
#[cfg(test)]
use mixua_playground::prerender::SCREENS;

/// Where the first screens go in `index.html`.
pub const MARKER: &str = r#"<div id="prerender"></div>"#;

/// One first screen: plain HTML, no hydration markers.
pub fn render(screen: Screen) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a tokio runtime");
    let local = tokio::task::LocalSet::new();
    runtime.block_on(local.run_until(
        yew::LocalServerRenderer::<FirstScreen>::with_props(FirstScreenProps { screen }).hydratable(false).render(),
    ))
}

/// `index.html` with the first screens (every lesson and language, the
/// default one first) in place of the marker; `None` when it has no marker (or more
/// than one).
pub fn inject(index_html: &str, screens: &[String]) -> Option<String> {
    (index_html.matches(MARKER).count() == 1).then(|| index_html.replacen(MARKER, &screens.concat(), 1))
}

/// The page this build prerenders (`index.html`, or `lesson3.html` with
/// the `lesson3` feature) and its first screens, in order
/// (`mixua_playground::prerender::screens`).
pub fn render_all() -> (&'static str, Vec<String>) {
    let (page, screens) = mixua_playground::prerender::screens();
    (page, screens.iter().map(|&screen| render(screen)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_playground::derive::views::Computed;
    use mixua_playground::store::lesson::Course;
    use mixua_words::Lang;

    /// The card ids listed in the cell `data-view="key"` of `html`, in order.
    fn cell_ids(html: &str, key: &str) -> Option<Vec<String>> {
        let start = html.find(&format!(r#"data-view="{key}""#))?;
        let cell = &html[start..start + html[start..].find("</td>")?];
        Some(cell.split(r#"data-card-id=""#).skip(1).map(|rest| rest[..rest.find('"').unwrap()].to_string()).collect())
    }

    #[test]
    fn every_cell_lists_what_the_policy_gives_that_viewer_in_each_lesson_and_language() {
        for screen in SCREENS {
            let html = render(screen);
            let ws = screen.course.start_doc(screen.lang, mixua_playground::course_parts(true, true).lesson_two).expect("a native build has every lesson's start").workspace;
            let computed = Computed::new(&ws);
            assert!(computed.viewers.len() >= 4, "{screen:?}");
            for (viewer, view) in computed.viewers.iter().zip(&computed.four.views) {
                let want: Vec<String> = view.iter().map(|&i| ws.cards[i].id.clone()).collect();
                assert_eq!(cell_ids(&html, &viewer.key()), Some(want), "{} in {screen:?}", viewer.key());
            }
            assert!(html.contains(&format!(r#"value="{}""#, ws.query)), "the query");
            assert!(html.contains(screen.lang.pick("<h1>MixUA 記憶座位表</h1>", "<h1>MixUA Playground</h1>")));
        }
    }

    /// lesson3.html's screens (a build with the `lesson3` feature): lesson
    /// 3's start in each language, each cell what the policy gives its
    /// viewer, marked as loading lesson 3's chart.
    #[cfg(feature = "lesson3")]
    #[test]
    fn lesson_three_is_its_page_s_own_start() {
        use mixua_playground::prerender::LESSON3_SCREENS;
        assert_eq!(mixua_playground::prerender::screens().1, &LESSON3_SCREENS[..], "this build is lesson3.html's");
        for screen in LESSON3_SCREENS {
            let html = render(screen);
            assert!(html.contains(r#"data-lesson="3""#), "{screen:?}");
            assert!(html.contains(screen.lang.pick("載入中…(第 3 課的座位表", "Loading… (lesson 3's chart")), "{screen:?}");
            let ws = screen.course.start_doc(screen.lang, mixua_playground::course_parts(true, true).lesson_two).expect("lesson 3's start").workspace;
            let computed = Computed::new(&ws);
            assert!(computed.viewers.len() >= 4, "{screen:?}");
            for (viewer, view) in computed.viewers.iter().zip(&computed.four.views) {
                let want: Vec<String> = view.iter().map(|&i| ws.cards[i].id.clone()).collect();
                assert_eq!(cell_ids(&html, &viewer.key()), Some(want), "{} in {screen:?}", viewer.key());
            }
            assert!(html.contains(r#"id="chart""#) && !html.contains("<footer"), "the chart, not the panels below it");
            assert!(!html.contains("<!--") && !html.contains("<script"));
        }
    }

    #[test]
    fn lesson_two_is_its_own_start() {
        for lang in [Lang::ZhTw, Lang::En] {
            let one = render(Screen { lang, course: Course::One });
            let two = render(Screen { lang, course: Course::Two });
            assert!(one.contains(r#"data-lesson="1""#) && two.contains(r#"data-lesson="2""#));
            let seed = Course::One.start_doc(lang, mixua_playground::course_parts(true, true).lesson_two).unwrap().workspace;
            let start = Course::Two.start_doc(lang, mixua_playground::course_parts(true, true).lesson_two).unwrap().workspace;
            assert_ne!(seed.cards.len(), start.cards.len(), "lesson 2 starts from its own cards");
            // A first visit keeps nothing of another lesson: no notice
            // (as the app's start says none); lesson 2's time under its chart.
            assert!(!two.contains(lang.pick("已打開第 2 課", "Opened lesson 2")), "no notice in {}", lang.tag());
            assert!(two.contains(r#"class="panel timeline""#) && !one.contains(r#"class="panel timeline""#));
        }
    }

    #[test]
    fn the_screen_is_marked_loading_inert_and_in_one_language() {
        for screen in SCREENS {
            let (lang, html) = (screen.lang, render(screen));
            let open = &html[..html.find('>').unwrap()];
            assert!(open.contains(r#"aria-busy="true""#) && open.contains(&format!(r#"lang="{}""#, lang.tag())), "{open}");
            assert!(html.contains(r#"class="prerender-page""#) && html.contains("inert"));
            assert!(html.contains(lang.pick("載入中…", "Loading…")));
            // Plain HTML: no hydration markers, no script.
            assert!(!html.contains("<!--") && !html.contains("<script"));
        }
        for course in [Course::One, Course::Two] {
            assert!(!render(Screen { lang: Lang::ZhTw, course }).contains("Seating chart"), "no English in the 繁體中文 screen");
        }
    }

    #[test]
    fn the_screen_ends_with_the_chart_and_its_side_panel() {
        for screen in SCREENS {
            let html = render(screen);
            assert!(html.contains(r#"id="chart""#) && html.contains(r#"class="side"#), "the chart and its side panel");
            // The panels below the fold and the footer come with the app.
            for below in [r#"data-panel="editor""#, r#"data-panel="people""#, r#"data-panel="compare""#, "<footer"] {
                assert!(!html.contains(below), "{below} in {screen:?}");
            }
        }
    }

    #[test]
    fn the_screens_replace_exactly_one_marker() {
        let screens = vec!["<p>zh</p>".to_string(), "<p>en</p>".to_string()];
        let page = format!("<body><div id=\"app\"></div>{MARKER}</body>");
        assert_eq!(inject(&page, &screens).as_deref(), Some(r#"<body><div id="app"></div><p>zh</p><p>en</p></body>"#));
        assert_eq!(inject("<body></body>", &screens), None);
        assert_eq!(inject(&format!("{MARKER}{MARKER}"), &screens), None);
    }
}
