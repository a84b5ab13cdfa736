use yew::prelude::*;

use crate::components::lesson::score_step::ScoreStepStandIn;
use crate::derive::views::Computed;
use mixua_words::Lang;
use mixua_course::{hints_words, solved_words, Solved};

use crate::store::work::Doc;
use crate::store::lesson::Course;
use crate::derive::checks::Checks;
use crate::store::progress::Progress;
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit, UiAction};

/// The lesson panel's result code, under the name field: why the name is
/// left out, if it is (a name with a hidden character would be refused by
/// the teacher's class view, the crate's `check_visible`, so the code goes
/// without it until it is mended), then the code (`course::result_code_with`,
/// made per revision while it is open: `derive/result_code.rs`), with a
/// copy button. In the part the first screen does not carry (`later`,
/// issue 28): it is asked for under the lesson's marks, never at the start.
pub fn result_code(made: &crate::derive::course::ResultCode, lang: Lang) -> Html {
    let (code, problem) = (made.code.clone(), made.left_out);
    let copy = {
        let code = code.clone();
        Callback::from(move |_: MouseEvent| drop(gloo_utils::window().navigator().clipboard().write_text(&code)))
    };
    let left_out = |error: &mixua_policy::NameError| {
        let why = mixua_words::explain::name_error_text(error, lang);
        pick!(lang, format!("這個名字不會放進代碼:{why}。"), format!("This name is left out of the code: {why}."))
    };
    html! {
        <>
            if let Some(error) = problem {
                <p class="refusal" role="alert" data-name-problem={error.code()}>{ left_out(&error) }</p>
            }
            <label>{ pick!(lang, "成果代碼:交給老師", "Result code: hand it to your teacher") }
                <textarea name="result_code" readonly=true rows="3" value={code} />
            </label>
            <button type="button" data-action="copy-code" onclick={copy}>{ pick!(lang, "複製代碼", "Copy the code") }</button>
            <p class="kbd-hint">{ pick!(lang, "代碼附有檢查碼,打錯會被拒絕;它不是證明。", "The code carries a checksum, so a mistyped code is refused; it is not a proof.") }</p>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The lesson's checks, evaluated once by the root: what the panel
    /// shows as done, the step's items.
    pub checks: Shared<Checks>,
    /// The step shows the scorecards (`derive::scores::score_step`), and
    /// those derived for it once per revision (`None` while the part that
    /// makes and draws them is not in: its stand-in says so).
    pub score_step: bool,
    pub scorecards: Option<Shared<crate::derive::scores::Scorecards>>,
    /// The result code is open (`Screen::code_open`), and the code, made
    /// once its part is in (`None` until then: its place says so).
    pub code_open: bool,
    pub code: Option<Shared<crate::derive::course::ResultCode>>,
    /// The predictions are revealed (steps 1 and 3 check them).
    pub revealed: bool,
    pub progress: Progress,
    pub step: usize,
    /// The lesson's pack (`Ui::pack`): a built-in lesson's, or the teacher's.
    pub pack: Shared<mixua_course::Pack>,
    /// Which lesson's exercises (lesson 1 unless the work is lesson 2's).
    #[prop_or_default]
    pub course: Course,
    /// What of the course is in a part (`UiSession::parts`): lesson 2's
    /// start (a teacher's exercise, a solution), the assertions' judge.
    pub parts: crate::store::lesson::CourseParts,
    /// Lesson 2: the earlier tick looked at (`None`: now).
    #[prop_or_default]
    pub tick: Option<u64>,
    pub classroom: bool,
    pub lang: Lang,
    /// The name last written in a result code, as the browser keeps it.
    #[prop_or_default]
    pub student_name: String,
    /// Keeps a newly typed name (the root's store writes it).
    #[prop_or_default]
    pub onname: Callback<String>,
    pub onaction: Callback<Action>,
}

/// The guided exercises: one step at a time, each checked by the policy
/// crate against the lesson's built-in pack; the hint ladder, the solution
/// (after a confirmation), the marks and the result code.
#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonPanelProps) -> Html {
    let lang = props.lang;
    let pack = &*props.pack;
    let course = props.course;
    let steps = &pack.exercises;
    let step_index = props.step.min(steps.len() - 1);
    let step = &steps[step_index];
    let checks = &props.checks;
    let step_done = |i: usize| checks.done.get(i).copied().unwrap_or(false);
    let done = step_done(step_index);
    let checklist = &checks.items;
    // The solution waits for a confirmation; the result code opens on demand.
    let confirming = use_state_eq(|| false);
    // On a phone the exercise is folded to one line until opened (the
    // chart comes first); wider screens never fold it.
    let unfolded = use_state_eq(|| false);
    // The code, once asked for, under the name field: from the part the
    // first screen does not carry (`None` while it is not in: its place
    // says so).
    let later = use_context::<crate::components::later::Later>();
    let code = props.code.as_ref().and_then(|code| later.as_ref().and_then(|l| l.draws).map(|d| (d.result_code)(code, lang)));
    // `task`: the new exercise's title then takes the focus (Next and
    // Previous); a step's own button keeps it, so the arrow keys go on
    // moving along the steps.
    let go_to = |to: usize, task: bool| {
        let (onaction, pack, two) = (props.onaction.clone(), props.pack.clone(), props.parts.lesson_two);
        Callback::from(move |_: MouseEvent| {
            let to = to.min(pack.exercises.len().saturating_sub(1));
            for action in crate::store::state::go_to_step(course, &pack, step_index, to, lang, two) {
                onaction.emit(action);
            }
            if task && to != step_index {
                crate::components::focus::focus_task(to);
            }
        })
    };
    let go = |to: usize| go_to(to, false);
    // The steps' toolbar: the arrow keys go from step to step (the focus
    // with them).
    let step_keys = Callback::from(|e: KeyboardEvent| crate::components::focus::toolbar_keys(&e, true));
    let emit = |action: UiAction| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(action.clone().into()))
    };
    let check = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            if !done {
                onaction.emit(UiAction::Missed(step_index).into());
            }
        })
    };
    let shown = props.progress.hints_shown(step_index).min(step.hints.len());
    // The question still waits for its right answer.
    let question_open = step.question.as_ref().is_some_and(|q| props.progress.answers.get(&step_index) != Some(&q.answer));
    let toggle = |state: &UseStateHandle<bool>, to: bool| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.set(to))
    };
    let show_solution = step.solution.as_ref().map(|solution| {
        let (onaction, confirming, doc, two) = (props.onaction.clone(), confirming.clone(), props.doc.clone(), props.parts.lesson_two);
        let solution = solution.clone();
        Callback::from(move |_: MouseEvent| {
            confirming.set(false);
            // A solution in lesson 2's start needs its part: without it,
            // the solution is not shown, and the notice says why.
            let Some(workspace) = crate::store::lesson::start_workspace(&solution, lang, two) else {
                onaction.emit(UiAction::Notify(crate::store::state::Notice::PartMissing).into());
                return;
            };
            let doc = Doc { workspace: std::rc::Rc::new(workspace), predictions: doc.predictions.clone() };
            onaction.emit(Edit::Load { doc, source: pick!(lang, "解答", "the solution").to_string() }.into());
            onaction.emit(UiAction::SolutionSeen(step_index).into());
        })
    });

    let question = step.question.as_ref().map(|q| {
        let chosen = props.progress.answers.get(&step_index).copied();
        html! {
            <fieldset class="question">
                <legend>{ q.prompt.get(lang) }</legend>
                { for q.options.iter().enumerate().map(|(i, option)| {
                    let onchange = {
                        let onaction = props.onaction.clone();
                        let right = i == q.answer;
                        Callback::from(move |_: Event| onaction.emit(UiAction::Answer { step: step_index, option: i, right }.into()))
                    };
                    let verdict = (chosen == Some(i)).then(|| if i == q.answer {
                        html! { <span class="ok">{ pick!(lang, " ✓ 對", " ✓ right") }</span> }
                    } else {
                        html! { <span class="off">{ pick!(lang, " ✗ 再想想", " ✗ not quite") }</span> }
                    });
                    html! {
                        <label class="option">
                            <input type="radio" name={format!("answer-{step_index}")} value={i.to_string()} checked={chosen == Some(i)} {onchange} />
                            { option.get(lang) }<>{ for verdict }</>
                        </label>
                    }
                }) }
                if chosen == Some(q.answer) {
                    <p class="takeaway">{ q.takeaway.get(lang) }</p>
                }
            </fieldset>
        }
    });

    html! {
        <section class={classes!("panel", "lesson", (!*unfolded).then_some("folded"))} aria-labelledby="lesson-title" data-panel="lesson"
            data-lesson={course.number().to_string()} data-lesson-step={(step_index + 1).to_string()} data-step-done={done.to_string()}>
            <button type="button" class="fold-bar" data-action="unfold-lesson" aria-expanded={unfolded.to_string()}
                onclick={toggle(&unfolded, !*unfolded)}>
                <span aria-hidden="true">{ if *unfolded { "▾ " } else { "▸ " } }</span>
                { format!("{} {}", pick!(lang, "練習", "Exercise"), step.title.get(lang)) }
                { if done { " ✓" } else { "" } }
            </button>
            <div class="panel-head">
                <h2 id="lesson-title">{ match course {
                    Course::One => pick!(lang, "練習", "Exercises"),
                    Course::Two => pick!(lang, "第 2 課:記憶與時間", "Lesson 2: memory over time"),
                    #[cfg(feature = "lesson3")]
                    Course::Three => pack.title.get(lang),
                    Course::Pack => if pack.title.is_empty() { pack.id.as_str() } else { pack.title.get(lang) },
                } }</h2>
                // One Tab stop for the steps (a toolbar: the arrow keys,
                // Home and End move between them), so the first screen
                // stays a few controls.
                <div class="steps" role="toolbar" aria-label={pick!(lang, "練習步驟", "Exercise steps")} onkeydown={step_keys}>
                    { for (0..steps.len()).map(|i| {
                        let finished = step_done(i);
                        html! {
                            <button type="button" onclick={go(i)} aria-current={(i == step_index).then_some("step")}
                                tabindex={if i == step_index { "0" } else { "-1" }} data-step={(i + 1).to_string()}
                                class={classes!((i == step_index).then_some("current"), finished.then_some("finished"))}
                                aria-label={pick!(lang, format!("第 {} 步{}", i + 1, if finished { "(完成)" } else { "" }), format!("Step {}{}", i + 1, if finished { " (done)" } else { "" }))}>
                                { (i + 1).to_string() }{ if finished { "✓" } else { "" } }
                            </button>
                        }
                    }) }
                </div>
            </div>
            // Next and Previous bring the new task here, with the focus
            // (`focus::focus_task`).
            <h3 class="exercise-title" id="exercise-title" tabindex="-1">{ step.title.get(lang) }</h3>
            <p class="task">{ step.task.get(lang) }</p>
            // A question comes right after the task (an exercise may begin
            // with it), before the checklist.
            <>{ for question }</>
            if !checklist.is_empty() {
                <ul class="checklist">
                    { for checklist.iter().map(|i| html! {
                        <li class={if i.done { "done" } else { "todo" }} data-done={i.done.to_string()}>
                            <span aria-hidden="true">{ if i.done { "✓ " } else { "○ " } }</span>
                            <span class="sr-only">{ if i.done { pick!(lang, "完成:", "done: ") } else { pick!(lang, "未完成:", "to do: ") } }</span>
                            { &i.label }
                        </li>
                    }) }
                </ul>
            }
            // The score step (lesson 1's record, lesson 2's scorecards): its
            // scorecards are derived only while it is shown (`derive::scores`).
            if props.score_step {
                <ScoreStepStandIn cards={props.scorecards.clone()} doc={props.doc.clone()} computed={props.computed.clone()} checks={props.checks.clone()} revealed={props.revealed}
                    progress={props.progress.clone()} pack={props.pack.clone()} {course} parts={props.parts} tick={props.tick} {lang} onaction={props.onaction.clone()} />
            }
            <div class="lesson-foot" aria-live="polite">
                if done {
                    <p class="step-done" data-step-status="done"><span aria-hidden="true">{"★ "}</span>{ pick!(lang, "這一步完成了!", "This step is done!") }</p>
                } else if props.progress.missed.contains(&step_index) {
                    // A failed check answers with what is still missing
                    // (the checklist's open items, the question), never
                    // with a hint: hints are counted only when asked for.
                    <div class="missing" data-step-status="missing">
                        <strong>{ pick!(lang, "還沒完成,還缺:", "Not done yet. Still missing:") }</strong>
                        <ul>
                            { for checklist.iter().filter(|i| !i.done).map(|i| html! { <li data-missing="item">{ &i.label }</li> }) }
                            if question_open {
                                <li data-missing="question">{ pick!(lang, "回答上面的問題(答對才算)", "answer the question above (rightly)") }</li>
                            }
                        </ul>
                    </div>
                }
                if !done && shown > 0 {
                    <div class="hint" data-step-status="hint">
                        <strong>{ pick!(lang, "提示:", "Hint: ") }</strong>
                        <ol class="hints">
                            { for step.hints.iter().take(shown).enumerate().map(|(n, h)| html! { <li data-hint={(n + 1).to_string()}>{ h.get(lang) }</li> }) }
                        </ol>
                    </div>
                }
            </div>
            <div class="lesson-nav">
                // The first step has no step before it: no Previous there
                // (its place kept, so Next stays where it is).
                <button type="button" data-action="previous-step" onclick={go_to(step_index.saturating_sub(1), true)} disabled={step_index == 0}
                    class={classes!((step_index == 0).then_some("none"))}>{ pick!(lang, "← 上一步", "← Previous") }</button>
                <button type="button" data-action="next-step" onclick={go_to(step_index + 1, true)} disabled={step_index + 1 >= steps.len()}>{ pick!(lang, "下一步 →", "Next →") }</button>
            </div>
            <div class="lesson-nav lesson-help">
                <button type="button" class="primary" onclick={check} data-action="check-step">{ pick!(lang, "檢查我的進度", "Check my work") }</button>
                if !done && shown < step.hints.len() {
                    <button type="button" data-action="next-hint" onclick={emit(UiAction::NextHint(step_index))}>
                        { pick!(lang, format!("給我一個提示({}/{})", shown + 1, step.hints.len()), format!("Give me a hint ({}/{})", shown + 1, step.hints.len())) }
                    </button>
                }
                if show_solution.is_some() && !*confirming {
                    <button type="button" data-action="show-solution" onclick={toggle(&confirming, true)}>{ pick!(lang, "看解答…", "Show the solution…") }</button>
                }
            </div>
            if let (Some(onclick), true) = (show_solution, *confirming) {
                <div class="confirm" role="group" aria-label={pick!(lang, "確認看解答", "Confirm: show the solution")}>
                    <p>{ pick!(lang, 
                        "看了解答,這一步之後完成會記成「看了解答後完成」。解答會取代目前的工作(可以復原)。確定要看嗎?",
                        "If you see the solution, solving this step is recorded as “solved with the solution”. It replaces your current work (Undo brings it back). Show it?",
                    ) }</p>
                    <button type="button" class="primary" data-action="confirm-solution" {onclick}>{ pick!(lang, "看解答", "Show the solution") }</button>
                    <button type="button" data-action="cancel-solution" onclick={toggle(&confirming, false)}>{ pick!(lang, "取消", "Cancel") }</button>
                </div>
            }
            <ol class="marks" aria-label={pick!(lang, "各步驟的成績", "Your marks, step by step")}>
                { for (0..steps.len()).map(|i| {
                    let p = &props.progress;
                    let solved = Solved::of(step_done(i), p.assisted.contains(&i));
                    let hints = p.hints_shown(i);
                    let touched = solved != Solved::Not || hints > 0 || p.solution.contains(&i) || p.answers.contains_key(&i);
                    let mut words = format!("{} · {}", i + 1, solved_words(solved, lang));
                    if hints > 0 {
                        words = format!("{words} · {}", hints_words(hints, lang));
                    }
                    if p.solution.contains(&i) && solved != Solved::WithSolution {
                        words = format!("{words} · {}", pick!(lang, "看了解答", "solution seen"));
                    }
                    html! {
                        <li data-mark={solved.code()} data-hints={hints.to_string()} data-solution={p.solution.contains(&i).to_string()}>
                            <span aria-hidden="true">{ match solved { Solved::Yes => "✓ ", Solved::WithSolution => "◐ ", Solved::Not => "○ " } }</span>
                            { words }
                            if touched {
                                <button type="button" class="link" data-action="reset-exercise" onclick={emit(UiAction::ResetExercise(i))}
                                    aria-label={pick!(lang, format!("重設第 {} 步的成績", i + 1), format!("Reset step {}'s mark", i + 1))}>
                                    { pick!(lang, "重設", "reset") }
                                </button>
                            }
                        </li>
                    }
                }) }
            </ol>
            // The result code hands in these marks: it is asked for here,
            // under them, and opens right below.
            <div class="lesson-nav lesson-code">
                <button type="button" data-action="result-code" aria-expanded={props.code_open.to_string()} onclick={{
                    let (onaction, open) = (props.onaction.clone(), !props.code_open);
                    Callback::from(move |_: MouseEvent| onaction.emit(UiAction::ShowCode(open).into()))
                }}>
                    { pick!(lang, "我的成果代碼", "My result code") }
                </button>
            </div>
            if props.code_open {
                <div class="result-code">
                    <label>{ pick!(lang, "你的名字(可不填)", "Your name (optional)") }
                        // The name written last time comes back (the store
                        // keeps it, `use_student_name`).
                        <input name="student_name" value={props.student_name.clone()} maxlength="40"
                            oninput={let onname = props.onname.clone(); Callback::from(move |e: InputEvent| onname.emit(crate::components::event_value(&e)))} />
                    </label>
                    if let Some(code) = code {
                        { code }
                    } else {
                        { later.as_ref().map_or(Html::default(), |l| crate::components::later::missing(l.part, &l.retry, lang, "result-code-part")) }
                    }
                </div>
            }
            if props.classroom {
                <p class="kbd-hint">{ pick!(lang, "教室模式:用 ← → 切換步驟。", "Classroom mode: ← and → move between steps.") }</p>
            }
        </section>
    }
}
