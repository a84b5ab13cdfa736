//! The teacher's "Share the pack" drawer: the pack in progress, its id,
//! title and version, its exercises, and the pack as a link or a file.

use mixua_course::{Pack, Text};
use mixua_words::Lang;
use yew::prelude::*;

use super::live::Live;
use crate::components::drawer::close_button;
use crate::components::event_value;
use crate::store::pack_link::{self, PackNotice};

/// What the drawer shows and changes.
pub(super) struct SharePack<'a, K: Fn(Pack) + Clone + 'static> {
    pub pack: &'a Live<Pack>,
    /// Keeps the pack in progress (in this browser too).
    pub keep: K,
    /// The link last made.
    pub link: &'a UseStateHandle<String>,
    /// The clipboard's answer to "Copy the pack link", and the link's length.
    pub copied: &'a UseStateHandle<Option<(bool, usize)>>,
    pub lang: Lang,
    pub onclose: &'a Callback<()>,
    pub onkeydown: Callback<KeyboardEvent>,
}

pub(super) fn view<K: Fn(Pack) + Clone + 'static>(share: SharePack<'_, K>) -> Html {
    let SharePack { pack, keep, link, copied, lang, onclose, onkeydown } = share;
    let p = &*pack;
    let set = |f: fn(&mut Pack, String)| {
        let (pack, keep) = (pack.clone(), keep.clone());
        Callback::from(move |e: Event| {
            let mut next = pack.get();
            f(&mut next, event_value(&e));
            keep(next);
        })
    };
    let make_link = {
        let (pack, link, copied) = (pack.clone(), (*link).clone(), (*copied).clone());
        Callback::from(move |_: MouseEvent| {
            let location = gloo_utils::window().location();
            let url = format!(
                "{}{}#{}",
                location.origin().unwrap_or_default(),
                // The page of the pack's lesson: lesson 3's for a pack
                // of lesson 3, else the students' page.
                crate::start::route::link_page(
                    &location.pathname().unwrap_or_default(),
                    if pack.lesson() == 3 { crate::store::lesson::WorkLesson::Three } else { crate::store::lesson::WorkLesson::One },
                ),
                pack_link::encode(&pack)
            );
            // Said beside the button once the clipboard has answered
            // (issue 26), not at the top of the page.
            let copying = gloo_utils::window().navigator().clipboard().write_text(&url);
            let (copied, chars) = (copied.clone(), url.len());
            wasm_bindgen_futures::spawn_local(async move {
                let ok = wasm_bindgen_futures::JsFuture::from(copying).await.is_ok();
                copied.set(Some((ok, chars)));
            });
            link.set(url);
        })
    };
    let download = {
        let pack = pack.clone();
        Callback::from(move |_: MouseEvent| crate::components::download::download(&format!("mixua-pack-{}.json", pack.id), &pack.to_json()))
    };
    let problem = (!mixua_course::pack::check_pack_id(&p.id)).then(|| mixua_course::PackProblem::BadId { id: p.id.clone() });
    html! {
        <section class="panel drawer" data-panel="share-pack" aria-labelledby="share-pack-title" {onkeydown}>
            { close_button(lang, onclose) }
            <h2 id="share-pack-title">{ pick!(lang, format!("練習包({} 題)", p.exercises.len()), format!("The pack ({})", crate::components::count(p.exercises.len(), "exercise", "exercises"))) }</h2>
            <label>{ pick!(lang, "名稱(英文字母、數字、- _)", "Id (letters, digits, - _)") }<input name="pack_id" value={p.id.clone()} onchange={set(|p, v| p.id = v.trim().to_string())} /></label>
            <label>{ pick!(lang, "標題", "Title") }<input name="pack_title" value={p.title.get(lang).to_string()} onchange={{
                let (pack, keep) = (pack.clone(), keep.clone());
                Callback::from(move |e: Event| { let mut next = pack.get(); next.title = text(lang, event_value(&e).trim()); keep(next); })
            }} /></label>
            <label>{ pick!(lang, "版本", "Version") }<input name="pack_version" type="number" min="0" value={p.version.to_string()} onchange={set(|p, v| p.version = v.parse().unwrap_or(p.version))} /></label>
            <ol>
                { for p.exercises.iter().enumerate().map(|(i, e)| {
                    let (pack, keep) = (pack.clone(), keep.clone());
                    let remove = Callback::from(move |_: MouseEvent| { let mut next = pack.get(); next.exercises.remove(i); keep(next); });
                    html! {
                        <li data-pack-exercise={i.to_string()}>
                            <strong>{ e.title.get(lang) }</strong>
                            { pick!(lang, format!(" · {} 個檢查 · {} 個提示{}", e.goal.len(), e.hints.len(), if e.solution.is_some() { " · 有解答" } else { "" }),
                                format!(" · {} · {}{}", crate::components::count(e.goal.len(), "check", "checks"), crate::components::count(e.hints.len(), "hint", "hints"), if e.solution.is_some() { " · a solution" } else { "" })) }
                            { " " }<button type="button" class="link" onclick={remove}>{ pick!(lang, "移除", "Remove") }</button>
                        </li>
                    }
                }) }
            </ol>
            if let Some(problem) = problem {
                <p class="notice problem">{ mixua_course::pack_problem_words(&problem, lang) }</p>
            } else if p.exercises.is_empty() {
                <p class="empty">{ pick!(lang, "練習包還是空的:先「把這個狀態做成練習」。", "The pack is empty: first make an exercise from a state.") }</p>
            } else {
                <p>
                    <button type="button" class="primary" data-action="copy-pack-link" onclick={make_link}>{ pick!(lang, "複製練習包連結", "Copy the pack link") }</button>{ " " }
                    <button type="button" data-action="download-pack" onclick={download}>{ pick!(lang, "下載練習包(JSON)", "Download the pack (JSON)") }</button>
                </p>
            }
            if let Some((ok, chars)) = **copied {
                <p class={classes!("field-said", if ok { "ok" } else { "problem" })} role="status" data-said="pack-link">
                    <span aria-hidden="true">{ if ok { "✓ " } else { "✗ " } }</span>
                    { if ok {
                        PackNotice::Copied { chars }.text(lang).1
                    } else {
                        pick!(lang, "瀏覽器不讓這裡複製:請選取下面的連結自己複製。", "The browser didn't let this page copy it: select the link below and copy it yourself.").to_string()
                    } }
                </p>
            }
            if !link.is_empty() {
                <label class="share-out">{ pick!(lang, format!("連結({} 個字元)", link.len()), format!("Link ({} characters)", link.len())) }<input name="pack_link" readonly=true value={(**link).clone()} /></label>
            }
            <button type="button" class="link" data-action="new-pack" onclick={{
                let keep = keep.clone();
                Callback::from(move |_: MouseEvent| keep(new_pack()))
            }}>{ pick!(lang, "開始新的練習包", "Start a new pack") }</button>
        </section>
    }
}

/// A text in the teacher's language (the other side falls back to it).
pub(super) fn text(lang: Lang, words: &str) -> Text {
    match lang {
        Lang::ZhTw => Text::new(words, ""),
        Lang::En => Text::new("", words),
    }
}

/// A new pack in progress.
pub(super) fn new_pack() -> Pack {
    Pack { format: 1, id: "my-pack".into(), version: 1, title: Text::default(), exercises: Vec::new() }
}
