//! The scorecards of a step that shows them (lesson 1's exercise 6, with
//! its record of both scorecards before and after each change; lesson 2's
//! scoring step), in the part the first screen does not carry (`later`,
//! issue 28): a lesson reaches those steps long after the part is in.

use mixua_words::Lang;
use yew::prelude::*;

use crate::components::lesson::scorecards::Scorecards;
use crate::derive::views::Computed;
use crate::derive::course::{record, reference};
use crate::store::lesson::Course;
use crate::derive::checks::Checks;
use crate::store::work::Doc;
use crate::derive::course::Lesson;
use crate::store::progress::Progress;
use crate::store::shared::Shared;
use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq, Clone)]
pub struct ScoreStepProps {
    /// The step's scorecards, derived once per revision by the part that
    /// draws this (so always made once it is drawn).
    pub cards: Option<Shared<crate::derive::scores::Scorecards>>,
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The step's checks: exercise 6's first four items name its changes.
    pub checks: Shared<Checks>,
    pub revealed: bool,
    pub progress: Progress,
    pub pack: Shared<mixua_course::Pack>,
    pub course: Course,
    pub parts: crate::store::lesson::CourseParts,
    pub tick: Option<u64>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Lesson 1's exercise 6: both scorecards against the reference its first
/// row fixed, and the record; lesson 2's step: the scorecards now.
#[function_component(ScoreStep)]
pub fn score_step(props: &ScoreStepProps) -> Html {
    let lang = props.lang;
    // Exercise 6: both scorecards, recorded before and after each change,
    // side by side, against one reference fixed by the first row.
    let records = (props.course == Course::One).then(|| {
        let onclick = {
            // The row is measured when the button is pressed, not at
            // every render.
            let onaction = props.onaction.clone();
            let (pack, doc, computed, progress, revealed, tick, parts) =
                (props.pack.clone(), props.doc.clone(), props.computed.clone(), props.progress.clone(), props.revealed, props.tick, props.parts);
            Callback::from(move |_: MouseEvent| {
                let lesson = Lesson { pack: &pack, doc: &doc, computed: &computed, revealed, progress: &progress, tick, cache: None, parts };
                onaction.emit(UiAction::Record { row: record(lesson), reference: reference(lesson) }.into())
            })
        };
        let change_names = &props.checks.record_items;
        let mut made = vec![false; 4];
        let policies = [pick!(lang, "四種範圍", "Four scopes"), pick!(lang, "只分享 GLOBAL", "Global only")];
        let heads = crate::components::lesson::scorecards::column_heads(lang);
        let rows = props.progress.records.iter().enumerate().map(|(n, r)| {
            // The row is named after the changes made since the row before.
            let new: Vec<&str> = r.changes.iter().enumerate()
                .filter(|&(c, &done)| done && !made.get(c).copied().unwrap_or(false))
                .filter_map(|(c, _)| change_names.get(c).map(|i| i.label.as_str()))
                .collect();
            made = r.changes.clone();
            let what = if r.changes.iter().all(|c| !c) {
                pick!(lang, "改之前", "before any change").to_string()
            } else if new.is_empty() {
                pick!(lang, "(沒有新的改動)", "(no new change)").to_string()
            } else {
                pick!(lang, format!("之後:{}", new.join("、")), format!("after: {}", new.join("; ")))
            };
            // Each cell named by its heads where a narrow column stacks
            // the row (as in `Scorecards`; hidden from assistive
            // technology, which reads the table's heads).
            let tally = |t: &crate::store::progress::Tally, policy: &str| html! {
                <>
                    <td><span class="cell-head" aria-hidden="true">{ format!("{policy} · {}", heads[0]) }</span>{ format!("{}/{}", t.retrieved, t.expected) }</td>
                    <td><span class="cell-head" aria-hidden="true">{ format!("{policy} · {}", heads[1]) }</span>{ if t.forbidden == 0 { pick!(lang, "✓ 沒有".to_string(), "✓ none".to_string()) } else { format!("⚠ {}", t.forbidden) } }</td>
                </>
            };
            html! {
                <tr data-record={n.to_string()}>
                    <th scope="row">{ what }</th>
                    { tally(&r.four, policies[0]) }
                    { tally(&r.global, policies[1]) }
                </tr>
            }
        });
        html! {
            <div class="records">
                <button type="button" {onclick} data-action="record">
                    { if props.progress.records.is_empty() {
                        pick!(lang, "記錄兩張成績單(改之前)", "Record both scorecards (before)")
                    } else {
                        pick!(lang, "記錄兩張成績單(這次改完後)", "Record both scorecards (after this change)")
                    } }
                </button>
                if !props.progress.records.is_empty() {
                    <div class="table-wrap">
                        <table class="record-table">
                            <caption>{ pick!(lang, "改前改後,兩張成績單並排", "Before and after: both scorecards side by side") }</caption>
                            <thead>
                                <tr>
                                    <td rowspan="2"></td>
                                    <th scope="colgroup" colspan="2">{ policies[0] }</th>
                                    <th scope="colgroup" colspan="2">{ policies[1] }</th>
                                </tr>
                                <tr>
                                    <th scope="col">{ heads[0] }</th>
                                    <th scope="col">{ heads[1] }</th>
                                    <th scope="col">{ heads[0] }</th>
                                    <th scope="col">{ heads[1] }</th>
                                </tr>
                            </thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    </div>
                }
            </div>
        }
    });

    html! {
        <>
            if let Some(cards) = props.cards.clone() {
                <Scorecards {cards} {lang} />
            }
            { for records }
        </>
    }
}

crate::components::later::stand_in!(
    /// A scoring step's scorecards, once the `later` part is in (its stand-in until then).
    ScoreStepStandIn(score_step_stand_in, ScoreStepProps, "score-step") = score_step
);
