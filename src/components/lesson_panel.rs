use yew::prelude::*;

use super::scorecards::Scorecards;
use crate::computed::Computed;
use mixua_policy::Lang;

use crate::doc::Doc;
use crate::computed::Reference;
use crate::course::{items_in, step_done_in, Course};
use crate::lessons::{record, reference, t, Lesson, Progress, RECORD_STEP};
use crate::shared::Shared;
use crate::state::{Action, UiAction};

#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The predictions are revealed (steps 1 and 3 check them).
    pub revealed: bool,
    pub progress: Progress,
    pub step: usize,
    /// Which lesson's exercises (lesson 1 unless the work is lesson 2's).
    #[prop_or_default]
    pub course: Course,
    pub classroom: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The guided exercises: one step at a time, each checking itself.
#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonPanelProps) -> Html {
    let lang = props.lang;
    let lesson = Lesson { doc: &props.doc, computed: &props.computed, revealed: props.revealed, progress: &props.progress };
    let course = props.course;
    let steps = course.steps();
    let step_index = props.step.min(steps.len() - 1);
    let step = &steps[step_index];
    let done = step_done_in(course, step_index, lesson);
    let checklist = items_in(course, step_index, lesson, lang);
    let go = |to: usize| {
        let onaction = props.onaction.clone();
        let to = to.min(steps.len() - 1);
        Callback::from(move |_: MouseEvent| onaction.emit(UiAction::LessonStep(to).into()))
    };
    let check = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            if !done {
                onaction.emit(UiAction::Missed(step_index).into());
            }
        })
    };

    // Exercise 6: both scorecards, recorded before and after each change,
    // side by side, against one reference fixed by the first row.
    let records = (course == Course::One && step_index == RECORD_STEP).then(|| {
        let onclick = {
            let onaction = props.onaction.clone();
            let (row, reference) = (record(lesson), reference(lesson));
            Callback::from(move |_: MouseEvent| {
                onaction.emit(UiAction::Record { row: row.clone(), reference: reference.clone() }.into())
            })
        };
        let change_names = items_in(course, RECORD_STEP, lesson, lang);
        let mut made = vec![false; 4];
        let rows = props.progress.records.iter().enumerate().map(|(n, r)| {
            // The row is named after the changes made since the row before.
            let new: Vec<&str> = r.changes.iter().enumerate()
                .filter(|&(c, &done)| done && !made.get(c).copied().unwrap_or(false))
                .filter_map(|(c, _)| change_names.get(c).map(|i| i.label.as_str()))
                .collect();
            made = r.changes.clone();
            let what = if r.changes.iter().all(|c| !c) {
                lang.pick("改之前", "before any change").to_string()
            } else if new.is_empty() {
                lang.pick("(沒有新的改動)", "(no new change)").to_string()
            } else {
                lang.pick(format!("之後:{}", new.join("、")), format!("after: {}", new.join("; ")))
            };
            let tally = |t: &crate::lessons::Tally| html! {
                <>
                    <td>{ format!("{}/{}", t.retrieved, t.expected) }</td>
                    <td>{ if t.forbidden == 0 { lang.pick("✓ 沒有".to_string(), "✓ none".to_string()) } else { format!("⚠ {}", t.forbidden) } }</td>
                </>
            };
            html! {
                <tr data-record={n.to_string()}>
                    <th scope="row">{ what }</th>
                    { tally(&r.four) }
                    { tally(&r.global) }
                </tr>
            }
        });
        html! {
            <div class="records">
                <button type="button" {onclick} data-action="record">
                    { if props.progress.records.is_empty() {
                        lang.pick("記錄兩張成績單(改之前)", "Record both scorecards (before)")
                    } else {
                        lang.pick("記錄兩張成績單(這次改完後)", "Record both scorecards (after this change)")
                    } }
                </button>
                if !props.progress.records.is_empty() {
                    <div class="table-wrap">
                        <table class="record-table">
                            <caption>{ lang.pick("改前改後,兩張成績單並排", "Before and after: both scorecards side by side") }</caption>
                            <thead>
                                <tr>
                                    <td rowspan="2"></td>
                                    <th scope="colgroup" colspan="2">{ lang.pick("四種範圍", "Four scopes") }</th>
                                    <th scope="colgroup" colspan="2">{ lang.pick("只分享 GLOBAL", "Global only") }</th>
                                </tr>
                                <tr>
                                    <th scope="col">{ lang.pick("該看到的有取回", "Should-see retrieved") }</th>
                                    <th scope="col">{ lang.pick("不該看到的出現了", "Forbidden appeared") }</th>
                                    <th scope="col">{ lang.pick("該看到的有取回", "Should-see retrieved") }</th>
                                    <th scope="col">{ lang.pick("不該看到的出現了", "Forbidden appeared") }</th>
                                </tr>
                            </thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    </div>
                }
            </div>
        }
    });

    let question = step.question.as_ref().map(|q| {
        let chosen = props.progress.answers.get(&step_index).copied();
        html! {
            <fieldset class="question">
                <legend>{ t(lang, q.prompt) }</legend>
                { for q.options.iter().enumerate().map(|(i, option)| {
                    let onchange = {
                        let onaction = props.onaction.clone();
                        let right = i == q.answer;
                        Callback::from(move |_: Event| onaction.emit(UiAction::Answer { step: step_index, option: i, right }.into()))
                    };
                    let verdict = (chosen == Some(i)).then(|| if i == q.answer {
                        html! { <span class="ok">{ lang.pick(" ✓ 對", " ✓ right") }</span> }
                    } else {
                        html! { <span class="off">{ lang.pick(" ✗ 再想想", " ✗ not quite") }</span> }
                    });
                    html! {
                        <label class="option">
                            <input type="radio" name={format!("answer-{step_index}")} value={i.to_string()} checked={chosen == Some(i)} {onchange} />
                            { t(lang, *option) }<>{ for verdict }</>
                        </label>
                    }
                }) }
                if chosen == Some(q.answer) {
                    <p class="takeaway">{ t(lang, q.takeaway) }</p>
                }
            </fieldset>
        }
    });

    html! {
        <section class="panel lesson" aria-labelledby="lesson-title" data-panel="lesson"
            data-lesson={course.number().to_string()} data-lesson-step={(step_index + 1).to_string()} data-step-done={done.to_string()}>
            <div class="panel-head">
                <h2 id="lesson-title">{ match course {
                    Course::One => lang.pick("練習", "Exercises"),
                    Course::Two => lang.pick("第 2 課:記憶與時間", "Lesson 2: memory over time"),
                } }</h2>
                <nav class="steps" aria-label={lang.pick("練習步驟", "Exercise steps")}>
                    { for (0..steps.len()).map(|i| {
                        let finished = step_done_in(course, i, lesson);
                        html! {
                            <button type="button" onclick={go(i)} aria-current={(i == step_index).then_some("step")}
                                class={classes!((i == step_index).then_some("current"), finished.then_some("finished"))}
                                aria-label={lang.pick(format!("第 {} 步{}", i + 1, if finished { "(完成)" } else { "" }), format!("Step {}{}", i + 1, if finished { " (done)" } else { "" }))}>
                                { (i + 1).to_string() }{ if finished { "✓" } else { "" } }
                            </button>
                        }
                    }) }
                </nav>
            </div>
            <h3>{ t(lang, step.title) }</h3>
            <p class="task">{ t(lang, step.task) }</p>
            if !checklist.is_empty() {
                <ul class="checklist">
                    { for checklist.iter().map(|i| html! {
                        <li class={if i.done { "done" } else { "todo" }} data-done={i.done.to_string()}>
                            <span aria-hidden="true">{ if i.done { "✓ " } else { "○ " } }</span>
                            <span class="sr-only">{ if i.done { lang.pick("完成:", "done: ") } else { lang.pick("未完成:", "to do: ") } }</span>
                            { &i.label }
                        </li>
                    }) }
                </ul>
            }
            <>{ for question }</>
            if course == Course::Two && step_index == crate::lesson_two::SCORE_STEP {
                <Scorecards doc={props.doc.clone()} computed={props.computed.clone()} {lang} reference={Reference::FourScopeNow} />
            }
            if course == Course::One && step_index == RECORD_STEP {
                <Scorecards doc={props.doc.clone()} computed={props.computed.clone()} {lang}
                    reference={match &props.progress.reference {
                        Some(r) => Reference::Snapshot(std::rc::Rc::new(r.clone())),
                        None => Reference::FourScopeNow,
                    }} />
                { records }
            }
            <div class="lesson-foot" aria-live="polite">
                if done {
                    <p class="step-done" data-step-status="done"><span aria-hidden="true">{"★ "}</span>{ lang.pick("這一步完成了!", "This step is done!") }</p>
                } else if props.progress.missed.contains(&step_index) {
                    <p class="hint" data-step-status="hint"><strong>{ lang.pick("提示:", "Hint: ") }</strong>{ t(lang, step.hint) }</p>
                }
            </div>
            <div class="lesson-nav">
                <button type="button" onclick={go(step_index.saturating_sub(1))} disabled={step_index == 0}>{ lang.pick("← 上一步", "← Previous") }</button>
                <button type="button" class="primary" onclick={check} data-action="check-step">{ lang.pick("檢查我的進度", "Check my work") }</button>
                <button type="button" onclick={go(step_index + 1)} disabled={step_index + 1 >= steps.len()}>{ lang.pick("下一步 →", "Next →") }</button>
            </div>
            if props.classroom {
                <p class="kbd-hint">{ lang.pick("教室模式:用 ← → 切換步驟。", "Classroom mode: ← and → move between steps.") }</p>
            }
        </section>
    }
}
