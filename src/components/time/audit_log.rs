//! Lesson 2's audit log: who did what, when and why, in the crate's words
//! (an event never holds a card's text), up to the tick the chart shows,
//! scrolled to its newest lines; and `card_history`, a card's history
//! (opening it is itself logged), shown where it was asked for (Act as).

use mixua_words::explain::{event_problem_text, event_text, not_in_effect_text, status_name};
use mixua_policy::{history, EventProblem, Kept, Workspace};
use mixua_words::Lang;
use std::rc::Rc;
use yew::prelude::*;

use crate::store::shared::Shared;
use crate::store::state::{Action, UiAction};

/// A card's history (versions, status, why it is not in effect, its
/// events), with a Close button; `None` when the card has none.
pub fn card_history(ws: &Workspace, id: &str, lang: Lang, onaction: &Callback<Action>) -> Option<Html> {
    let h = history(ws, id)?;
    let close = {
        let onaction = onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(UiAction::CloseHistory.into()))
    };
    Some(html! {
        <div class="history" data-history={h.card.clone()}>
            <div class="panel-head">
                <h3>{ pick!(lang, format!("{} 的歷史", h.card), format!("History of {}", h.card)) }</h3>
                <button type="button" data-action="close-history" onclick={close}>{ pick!(lang, "關閉", "Close") }</button>
            </div>
            <p>
                { pick!(lang, "版本:", "Versions: ") }<strong>{ h.versions.join(" → ") }</strong>
                { pick!(lang, format!(";目前是「{}」", status_name(h.status, lang)), format!("; now {}", status_name(h.status, lang))) }
            </p>
            if let Some(why) = &h.not_in_effect {
                <p class="not-in-effect-why">{ pick!(lang, "不生效:", "Not in effect: ") }{ not_in_effect_text(why, lang) }</p>
            }
            <ol>
                { for h.events.iter().map(|entry| html! {
                    <li data-history-event={entry.index.to_string()}>{ event_text(entry.event, lang) }</li>
                }) }
            </ol>
        </div>
    })
}

/// Log lines listed before "N earlier events".
const LINES_SHOWN: usize = 40;

#[derive(Properties, PartialEq)]
pub struct AuditLogProps {
    pub workspace: Shared<Workspace>,
    /// Why each event is set aside, by its place in the log: the crate's
    /// `Timeline`, checked once per work by the root (`derive::event_problems`).
    pub problems: Rc<Vec<Option<EventProblem>>>,
    /// The tick the chart shows (`None`: now).
    pub tick: Option<u64>,
    pub lang: Lang,
}

#[function_component(AuditLog)]
pub fn audit_log(props: &AuditLogProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let clock = ws.clock();
    let shown = props.tick.unwrap_or(clock);
    let log = ws.log();
    let problem = |n: usize| props.problems.get(n).and_then(Option::as_ref);
    // The events up to the tick shown (entries that can't be read are
    // listed where they are, with why they are set aside).
    let upto: Vec<usize> = (0..log.len()).filter(|&n| log[n].good().is_none_or(|e| e.tick <= shown)).collect();
    let later = log.len() - upto.len();
    let earlier = upto.len().saturating_sub(LINES_SHOWN);
    // Keyed by its place in the log: a new event adds its line and the
    // oldest shown goes, instead of every line shown taking the text of the
    // next one.
    let line = |n: usize| match &log[n] {
        Kept::Good(event) => {
            let problem = problem(n);
            html! {
                <li key={n} data-event={n.to_string()} data-actor={event.actor.to_string()} data-kind={event.action.as_str()}
                    data-card={event.card.as_deref().map(str::to_string)} class={classes!(problem.is_some().then_some("set-aside"))}>
                    { event_text(event, lang) }
                    if let Some(problem) = problem {
                        <span class="set-aside-why">{ pick!(lang, " (略過:", " (set aside: ") }{ event_problem_text(problem, lang) }{ ")" }</span>
                    }
                </li>
            }
        }
        Kept::Bad(_) => html! {
            <li key={n} data-event={n.to_string()} data-kind="unreadable" class="set-aside">
                { problem(n).map(|p| event_problem_text(p, lang)).unwrap_or_default() }
            </li>
        },
    };

    // The newest lines are the ones an exercise asks about: the box is
    // scrolled to its end whenever the lines shown change.
    let log_box = use_node_ref();
    {
        let log_box = log_box.clone();
        use_effect_with((upto.len(), later), move |_| {
            if let Some(el) = log_box.cast::<web_sys::Element>() {
                el.set_scroll_top(el.scroll_height());
            }
        });
    }

    html! {
        <section class="panel audit" aria-labelledby="audit-title" data-panel="audit">
            <details open=true>
                <summary>
                    <h2 id="audit-title">{ pick!(lang, "稽核紀錄:誰、何時、做了什麼、為什麼", "Audit log: who did what, when and why") }</h2>
                </summary>
                if earlier > 0 {
                    <p class="log-more">{ pick!(lang, format!("(前面還有 {earlier} 筆)"), format!("({earlier} earlier events)")) }</p>
                }
                <ol class="log" ref={log_box} tabindex="0" aria-label={pick!(lang, "事件", "Events")}>
                    { for upto.iter().skip(earlier).map(|&n| line(n)) }
                </ol>
                if later > 0 {
                    <p class="log-more">{ pick!(lang, 
                        format!("時刻 {shown} 之後還有 {later} 筆(按「現在」看全部)"),
                        format!("{later} later events after tick {shown} (press Now to see them)"),
                    ) }</p>
                }
            </details>
        </section>
    }
}
