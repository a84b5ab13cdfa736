//! Lesson 2's response cache: tick which fields make the cache key and
//! whether retiring a card purges, and read every logged read replayed
//! through it (the crate's `replay_cache`): answered fresh or served from
//! the cache, stale, or leaking a canary. The key, the purge and the
//! policy version decide what a reader is handed, so changing them is a
//! reviewer's act of the write path, with who and why.

use std::rc::Rc;

use mixua_words::explain::cache_text;
use mixua_policy::{Actor, KeyField, Refusal, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::inspector::acting::{refusal_beside, untick, who_and_why};
use crate::components::event_checked;
use crate::store::acts::Act;
use crate::derive::checks::{CacheLines, Listed};
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit};

#[derive(Properties, PartialEq)]
pub struct CachePanelProps {
    /// The write path its acts go through (the acting part's).
    pub write: crate::store::acts::WritePath,
    pub workspace: Shared<Workspace>,
    /// The logged reads replayed, in words: derived once per (work,
    /// language) by the root (`derive::CacheLines`), not in render.
    pub lines: Rc<CacheLines>,
    /// Who acts (the choice "Act as" shows).
    /// Who acts (`None`: the workspace has no one to act as).
    /// Everyone who may act (the choices).
    pub actors: std::rc::Rc<Vec<Actor>>,
    pub actor: Option<Actor>,
    /// The refusal of the last cache change tried here, if it was refused.
    pub refusal: Option<Refusal>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

fn field_name(field: KeyField, lang: Lang) -> &'static str {
    match field {
        KeyField::User => pick!(lang, "使用者", "user"),
        KeyField::Agent => pick!(lang, "Agent", "agent"),
        KeyField::Query => pick!(lang, "查詢", "query"),
        KeyField::PolicyVersion => pick!(lang, "政策版本", "policy version"),
    }
}

#[function_component(CachePanel)]
pub fn cache_panel(props: &CachePanelProps) -> Html {
    let write = props.write;
    let lang = props.lang;
    let ws = &*props.workspace;
    let replay = &*props.lines;
    let config = ws.cache.as_ref().and_then(|c| c.good()).cloned();
    let key: Vec<KeyField> = config.as_ref().map(|c| c.key.clone()).unwrap_or_default();
    let purge = config.as_ref().is_some_and(|c| c.purges());
    let reason = use_state(String::new);
    let (actor, why) = (props.actor.clone(), (*reason).clone());
    let set = move |key: Vec<KeyField>, purge: bool| -> Option<Action> {
        actor.clone().map(|actor| Edit::Act(Act::Cache { key, purge, actor, reason: why.clone() }, write).into())
    };

    let key_box = |field: KeyField| {
        let onaction = props.onaction.clone();
        let checked = key.contains(&field);
        let current = key.clone();
        let set = set.clone();
        let onchange = Callback::from(move |e: Event| {
            let mut key = current.clone();
            key.retain(|f| *f != field);
            if event_checked(&e) {
                key.push(field);
            }
            untick(&e);
            if let Some(action) = set(key, purge) {
                onaction.emit(action);
            }
        });
        html! {
            <label class="cache-key">
                <input type="checkbox" data-cache-key={field.as_str()} {checked} {onchange} />
                { field_name(field, lang) }
            </label>
        }
    };
    let on_purge = {
        let onaction = props.onaction.clone();
        let key = key.clone();
        let set = set.clone();
        Callback::from(move |e: Event| {
            let purge = event_checked(&e);
            untick(&e);
            if let Some(action) = set(key.clone(), purge) {
                onaction.emit(action);
            }
        })
    };
    let on_policy = {
        let onaction = props.onaction.clone();
        let (actor, reason) = (props.actor.clone(), (*reason).clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(actor) = actor.clone() {
                onaction.emit(Edit::Act(Act::Policy { actor, reason: reason.clone() }, write).into())
            }
        })
    };
    let (leaks, stale) = (replay.leaks, replay.stale);

    html! {
        <section class="panel cache" aria-labelledby="cache-title" data-panel="cache">
            <h2 id="cache-title">{ pick!(lang, "回應快取:重播記錄下來的查詢", "Response cache: the logged reads replayed") }</h2>
            { who_and_why(&props.actors, props.actor.as_ref(), &reason, "cache", lang, &props.onaction) }
            <fieldset class="cache-config">
                <legend>{ pick!(lang, "快取鍵由哪些欄位組成", "Which fields make the cache key") }</legend>
                { for KeyField::ALL.into_iter().map(key_box) }
            </fieldset>
            // Purging is a setting of its own, not a part of the key: its
            // own group and legend, so it never reads as a second "policy
            // version" box at the end of the key's line.
            <fieldset class="cache-purge-group">
                <legend>{ pick!(lang, "清除(不是快取鍵的一部分)", "Purging (not a part of the key)") }</legend>
                <label class="cache-purge">
                    <input type="checkbox" name="purge" checked={purge} onchange={on_purge} />
                    { pick!(lang, "卡片撤回、還原、到期或被取代時,清除含它的快取答案", "Purge the cached answers holding a card when it is revoked, rolled back, expired or superseded") }
                </label>
            </fieldset>
            <p class="cache-policy">
                <button type="button" data-action="policy" onclick={on_policy}>
                    { pick!(lang, format!("政策版本升一版(現在是 {})", ws.policy_version()), format!("New policy version (now {})", ws.policy_version())) }
                </button>
            </p>
            { refusal_beside(props.refusal.as_ref(), lang) }
            <p class="cache-now">{ cache_text(config.as_ref(), lang) }</p>
            <p class={classes!("cache-summary", (leaks > 0).then_some("alarm"))} data-cache-leaks={leaks.to_string()} data-cache-stale={stale.to_string()}>
                if leaks > 0 {
                    <span aria-hidden="true">{ "⚠ " }</span>
                    { pick!(lang, format!("{leaks} 次外洩:快取把別人的暗號交了出去!"), format!("{}: the cache handed over another user's canary!", crate::components::count(leaks, "leak", "leaks"))) }
                } else if stale > 0 {
                    <span aria-hidden="true">{ "✗ " }</span>
                    { pick!(lang, format!("{stale} 次過時:快取給了此刻不該給的卡片"), format!("{}: the cache served a card the reader may no longer read", crate::components::count(stale, "stale read", "stale reads"))) }
                } else {
                    <span aria-hidden="true">{ "✓ " }</span>
                    { pick!(lang, "每一次重播的查詢都乾淨:沒有過時、沒有外洩", "Every replayed read is clean: nothing stale, nothing leaked") }
                }
            </p>
            <ol class={classes!("reads", replay.listed.iter().any(|line| matches!(line, Listed::Gap { .. })).then_some("gapped"))} aria-label={pick!(lang, "重播的查詢", "Replayed reads")}>
                { for replay.listed.iter().map(|line| match line {
                    Listed::Read(read) => {
                        let mark = if read.leak { "⚠ " } else if read.stale { "✗ " } else if read.served { "↺ " } else { "" };
                        html! {
                            <li value={read.number.to_string()} data-served={read.served.to_string()} data-stale={read.stale.to_string()}
                                data-leak={read.leak.to_string()} data-reader={read.reader.clone()}
                                class={classes!(read.leak.then_some("leak"), read.stale.then_some("stale"))}>
                                <span aria-hidden="true">{ mark }</span>{ read.text.clone() }
                            </li>
                        }
                    }
                    Listed::Gap { reads, problems } => html! {
                        <li class="log-more" data-unlisted={reads.to_string()}>{ match problems {
                            0 => pick!(lang, format!("(這裡還有 {reads} 次沒有問題的查詢,不一一列出)"), format!("({} with no problem, not listed)", crate::components::count(*reads, "more read", "more reads"))),
                            _ => pick!(lang, format!("(這裡還有 {reads} 次查詢沒列出,其中 {problems} 次過時或外洩)"), format!("({} not listed, {problems} of them stale or leaking)", crate::components::count(*reads, "more read", "more reads"))),
                        } }</li>
                    },
                }) }
            </ol>
            if !replay.purges.is_empty() {
                <ul class="purges" aria-label={pick!(lang, "清除的快取答案", "Cached answers purged")}>
                    if replay.earlier_purges > 0 {
                        <li class="log-more">{ pick!(lang, 
                            format!("(前面還有 {} 次清除)", replay.earlier_purges),
                            format!("({} earlier)", crate::components::count(replay.earlier_purges, "purge", "purges")),
                        ) }</li>
                    }
                    { for replay.purges.iter().map(|(card, text)| html! { <li class="purge" data-purge={card.clone()}>{ text.clone() }</li> }) }
                </ul>
            }
        </section>
    }
}
