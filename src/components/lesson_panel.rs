use yew::prelude::*;

use super::scorecards::Scorecards;
use crate::computed::Computed;
use mixua_policy::Lang;

use crate::doc::Doc;
use crate::lessons::{items, step_done, t, Lesson, Progress, STEPS};
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
    pub classroom: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The guided exercises: one step at a time, each checking itself.
#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonPanelProps) -> Html {
    let lang = props.lang;
    let lesson = Lesson { doc: &props.doc, computed: &props.computed, revealed: props.revealed, progress: &props.progress };
    let step_index = props.step.min(STEPS.len() - 1);
    let step = &STEPS[step_index];
    let done = step_done(step_index, lesson);
    let checklist = items(step_index, lesson, lang);
    let go = |to: usize| {
        let onaction = props.onaction.clone();
        let to = to.min(STEPS.len() - 1);
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
                            { t(lang, *option) }{ for verdict }
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
            data-lesson-step={(step_index + 1).to_string()} data-step-done={done.to_string()}>
            <div class="panel-head">
                <h2 id="lesson-title">{ lang.pick("練習", "Exercises") }</h2>
                <nav class="steps" aria-label={lang.pick("練習步驟", "Exercise steps")}>
                    { for (0..STEPS.len()).map(|i| {
                        let finished = step_done(i, lesson);
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
            { for question }
            if step_index == STEPS.len() - 1 {
                <Scorecards doc={props.doc.clone()} computed={props.computed.clone()} {lang} />
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
                <button type="button" onclick={go(step_index + 1)} disabled={step_index + 1 >= STEPS.len()}>{ lang.pick("下一步 →", "Next →") }</button>
            </div>
            if props.classroom {
                <p class="kbd-hint">{ lang.pick("教室模式:用 ← → 切換步驟。", "Classroom mode: ← and → move between steps.") }</p>
            }
        </section>
    }
}
