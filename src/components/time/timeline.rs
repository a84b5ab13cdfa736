//! Lesson 2's timeline under the chart: the ticks of the workspace's clock
//! with their events, a scrubber and step buttons, and "Now". The chart,
//! its alarms and the scorecards show the state as of the chosen tick; the
//! cards not in effect then are listed with the crate's reason.

use mixua_words::explain::{not_in_effect_label, not_in_effect_text, time_details_label};
use mixua_policy::{Action as LogAction, Gate, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{Action, UiAction};

/// Ticks listed around the chosen one: a long history is scrubbed, not
/// printed whole.
const TICKS_SHOWN: u64 = 12;

/// Cards listed as not in effect before "and N more".
const NOT_IN_EFFECT_SHOWN: usize = 16;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub workspace: Shared<Workspace>,
    /// The views as of the chosen tick.
    pub computed: Shared<Computed>,
    /// The chosen tick (`None`: now).
    pub tick: Option<u64>,
    /// Classroom mode: a thin strip (its title, the scrubber, Now) pinned
    /// under the chart; the ticks' events and the cards not in effect open
    /// on demand, above it (issue 50: three users' cards at 24 px and the
    /// lesson's key row, bob's, stay on the projector's first screen).
    #[prop_or_default]
    pub classroom: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// A short name of what happened, for a tick's list.
fn happened(action: LogAction, lang: Lang) -> &'static str {
    match action {
        LogAction::Propose => pick!(lang, "提出", "proposed"),
        LogAction::Publish => pick!(lang, "發布", "published"),
        LogAction::Reject => pick!(lang, "退回", "rejected"),
        LogAction::Revoke => pick!(lang, "撤回", "revoked"),
        LogAction::Delete => pick!(lang, "刪除", "deleted"),
        LogAction::Rollback => pick!(lang, "還原", "rolled back"),
        LogAction::Expire => pick!(lang, "到期", "expired"),
        LogAction::Read => pick!(lang, "查詢", "read"),
        LogAction::Policy => pick!(lang, "政策", "policy"),
        LogAction::History => pick!(lang, "查看歷史", "history"),
        LogAction::Members => pick!(lang, "群組成員", "members"),
        LogAction::Hold => pick!(lang, "保留", "hold"),
        LogAction::Ttl => pick!(lang, "保留期限", "time to live"),
        LogAction::Cache => pick!(lang, "快取", "cache"),
    }
}

#[function_component(Timeline)]
pub fn timeline(props: &TimelineProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let clock = ws.clock();
    let shown = props.tick.unwrap_or(clock).min(clock);
    let now = shown == clock;
    let go = |tick: u64| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(UiAction::SetTick(Some(tick)).into()))
    };
    let scrub = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(tick) = event_value(&e).parse::<u64>() {
                onaction.emit(UiAction::SetTick(Some(tick)).into());
            }
        })
    };
    let to_now = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(UiAction::SetTick(None).into()))
    };

    // The window of ticks around the chosen one.
    let first = shown.saturating_sub(TICKS_SHOWN / 2).min(clock.saturating_sub(TICKS_SHOWN - 1));
    let last = (first + TICKS_SHOWN - 1).min(clock);
    // Per tick, what happened, each kind of event once with what it named:
    // "published S, W".
    let mut per_tick: Vec<Vec<(LogAction, Vec<String>)>> = vec![Vec::new(); (last - first + 1) as usize];
    for (_, event) in ws.events() {
        if (first..=last).contains(&event.tick) {
            let what = event.card.as_deref().unwrap_or(&event.actor).to_string();
            let list = &mut per_tick[(event.tick - first) as usize];
            match list.iter_mut().find(|(action, _)| *action == event.action) {
                Some((_, names)) if !names.contains(&what) => names.push(what),
                Some(_) => {}
                None => list.push((event.action, vec![what])),
            }
        }
    }
    let ticks = per_tick.into_iter().enumerate().map(|(n, events)| {
        let tick = first + n as u64;
        let current = tick == shown;
        let label = if tick == clock { pick!(lang, format!("t = {tick}(現在)"), format!("t = {tick} (now)")) } else { format!("t = {tick}") };
        html! {
            <li key={tick.to_string()} class={classes!("time-tick", current.then_some("current"))}>
                <button type="button" data-tick={tick.to_string()} aria-pressed={current.to_string()} onclick={go(tick)}>{ label }</button>
                <ul class="tick-events">
                    { for events.iter().map(|(action, names)| html! {
                        <li data-kind={action.as_str()}>{ format!("{} {}", happened(*action, lang), names.join(pick!(lang, "、", ", "))) }</li>
                    }) }
                </ul>
            </li>
        }
    });

    let not_in_effect: Vec<(String, String, String)> = ws
        .cards
        .iter()
        .zip(&props.computed.decided)
        .filter_map(|(card, gate)| match gate {
            Gate::NotInEffect { why, .. } if why.code() != "not_written_yet" => {
                Some((card.id.clone(), not_in_effect_label(why, lang), not_in_effect_text(why, lang)))
            }
            _ => None,
        })
        .collect();
    let more_count = not_in_effect.len().saturating_sub(NOT_IN_EFFECT_SHOWN);
    let more = html! {
        <>
            <ol class="ticks" tabindex="0" aria-label={pick!(lang, "時刻與事件", "Ticks and their events")}>{ for ticks }</ol>
            if !not_in_effect.is_empty() {
                // Pinned under the chart it scrolls on one line: reachable
                // from the keyboard too.
                <div class="not-in-effect" tabindex="0" role="group" aria-label={pick!(lang, "不生效的卡片", "Cards not in effect")}>
                    <h3>{ pick!(lang, format!("時刻 {shown} 不生效的卡片"), format!("Not in effect at tick {shown}")) }</h3>
                    <ul>
                        { for not_in_effect.iter().take(NOT_IN_EFFECT_SHOWN).map(|(id, label, text)| html! {
                            <li data-not-in-effect={id.clone()}>
                                <s class="card-id">{ id }</s>{ " — " }<strong>{ label }</strong>{ pick!(lang, ":", ": ") }{ text }
                            </li>
                        }) }
                        if more_count > 0 {
                            <li>{ pick!(lang, format!("還有 {more_count} 張"), format!("and {more_count} more")) }</li>
                        }
                    </ul>
                </div>
            }
        </>
    };

    html! {
        <section class="panel timeline" aria-labelledby="timeline-title" data-panel="timeline" data-shown-tick={shown.to_string()}>
            <div class="panel-head">
                <h2 id="timeline-title">
                    { if now {
                        pick!(lang, format!("時間軸:現在(時刻 {clock})"), format!("Timeline: now (tick {clock})"))
                    } else {
                        pick!(lang, format!("時間軸:時刻 {shown} / {clock}(過去)"), format!("Timeline: tick {shown} of {clock} (the past)"))
                    } }
                </h2>
                <div class="time-controls" role="group" aria-label={pick!(lang, "選擇時刻", "Choose a tick")}>
                    <button type="button" data-action="tick-back" onclick={go(shown.saturating_sub(1))} disabled={shown == 0}
                        aria-label={pick!(lang, "早一個時刻", "One tick earlier")}>{ "◀" }</button>
                    <input type="range" name="tick" min="0" max={clock.to_string()} value={shown.to_string()} oninput={scrub}
                        aria-label={pick!(lang, "時刻", "Tick")}
                        aria-valuetext={pick!(lang, format!("時刻 {shown} / {clock}"), format!("tick {shown} of {clock}"))} />
                    <button type="button" data-action="tick-forward" onclick={go((shown + 1).min(clock))} disabled={now}
                        aria-label={pick!(lang, "晚一個時刻", "One tick later")}>{ "▶" }</button>
                    <button type="button" class={classes!(now.then_some("primary"))} data-action="now" aria-pressed={now.to_string()} onclick={to_now}>
                        { pick!(lang, "現在", "Now") }
                    </button>
                </div>
                if props.classroom {
                    <details class="time-more" data-action="time-more">
                        <summary>{ time_details_label(not_in_effect.len(), lang) }</summary>
                        { more.clone() }
                    </details>
                }
            </div>
            if !now {
                <p class="past-note" role="status">
                    <strong>{ pick!(lang, "過去:", "The past: ") }</strong>
                    { pick!(lang, 
                        format!("座位表、警報和成績單都是時刻 {shown} 的樣子。按「現在」回來;操作一律發生在現在。"),
                        format!("The chart, its alarms and the scorecards show tick {shown}. Press Now to come back; every act happens now."),
                    ) }
                </p>
            }
            if !props.classroom {
                { more }
            }
        </section>
    }
}
