//! The teacher's side: make an exercise from this state (the builder), the
//! pack in progress (kept in this browser), share it as a link and a file,
//! and the class view. Every check is the policy crate's: the builder picks
//! `Check` values and the crate evaluates and words them.

use std::rc::Rc;

use mixua_policy::Workspace;
use mixua_words::Lang;
use mixua_course::{
    check_words, CardRef, Cells, Check, Exercise, Goal, Pack, Start,
};
use yew::prelude::*;

use crate::components::drawer::{close_button, on_escape};

use crate::components::teacher::class_view::ClassView;
use crate::components::teacher::live::{typed, use_live};
use crate::components::teacher::share_pack::{self, new_pack, text, SharePack};
use crate::components::event_value;
use crate::derive::views::Computed;
use crate::store::work::Doc;
use crate::store::pack_link::PackNotice;
use crate::store::shared::Shared;
use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq)]
pub struct TeacherProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The pack in progress as the browser keeps it (`None` until read).
    #[prop_or_default]
    pub saved_pack: Option<Shared<Pack>>,
    /// Keeps the pack in progress (the root's store writes it).
    #[prop_or_default]
    pub onkeep: Callback<Pack>,
    /// The lesson the learner is on: the Teacher link opens it (`teach.html?lesson=N`).
    #[prop_or_default]
    pub course: crate::store::lesson::Course,
    /// What of the course is in a part (a goal's preview judges the
    /// assertions with it).
    #[prop_or_default]
    pub parts: crate::store::lesson::CourseParts,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

#[derive(Clone, Copy, PartialEq)]
enum Open {
    Builder,
    Share,
    Class,
}

/// The exercise being made.
#[derive(Clone, PartialEq, Default)]
struct Draft {
    start: Option<Rc<Workspace>>,
    title: String,
    task: String,
    goal: Vec<Check>,
    hints: Vec<String>,
    solution: Option<Rc<Workspace>>,
    cell: usize,
    card: String,
}

/// A start as the pack carries it: the seed (in the learner's language)
/// when it is the seed, else the workspace written out.
fn start_of(ws: &Workspace) -> Start {
    if *ws == mixua_course::seed_workspace() || *ws == mixua_course::seed_workspace_en() {
        Start::Seed
    } else {
        Start::Workspace(Box::new(ws.clone()))
    }
}

/// Whether each check holds on the work now (the crate evaluates it, on
/// the facts the lesson's checks read, with no progress yet).
fn preview(goal: &[Check], doc: &Doc, c: &Computed, parts: crate::store::lesson::CourseParts) -> Vec<bool> {
    let progress = crate::store::progress::Progress::default();
    // No exercise of a pack is read here, only the goal's checks: an empty
    // pack will do.
    let pack = new_pack();
    let lesson = crate::derive::course::Lesson { pack: &pack, doc, computed: c, revealed: true, progress: &progress, tick: None, cache: None, parts };
    crate::derive::course::with_facts(lesson, |facts| goal.iter().map(|check| check.holds(facts)).collect())
}

/// "Make an exercise", "Share the pack", "Class view" and the open drawer.
#[function_component(Teacher)]
pub fn teacher(props: &TeacherProps) -> Html {
    let lang = props.lang;
    let open = use_state(|| None::<Open>);
    let draft = use_live(Draft::default);
    let pack = use_live(new_pack);
    // The builder's answer to "Add to the pack": the pack's size then.
    let added = use_state_eq(|| None::<usize>);
    {
        // The pack in progress, once the root has read it.
        let pack = pack.clone();
        use_effect_with(props.saved_pack.clone(), move |saved| {
            if let Some(saved) = saved {
                pack.set((*saved.0).clone());
            }
        });
    }
    let link = use_state(String::new);
    // The answer to "Copy the pack link": copied or not, and its length.
    let copied = use_state_eq(|| None::<(bool, usize)>);
    let ws = &props.doc.workspace;

    let toggle = |which: Open| {
        let (open, draft, ws) = (open.clone(), draft.clone(), ws.clone());
        Callback::from(move |_: MouseEvent| {
            if *open == Some(which) {
                open.set(None);
                return;
            }
            if which == Open::Builder && draft.get().start.is_none() {
                // The current workspace is the start.
                draft.set(Draft { start: Some(ws.clone()), hints: vec![String::new()], ..Draft::default() });
            }
            open.set(Some(which));
            // Into the drawer, as a dialog takes the focus.
            crate::components::focus::focus_soon(vec![".drawer [data-action=\"close-drawer\"]".to_string()]);
        })
    };
    // The page makes room beside an open drawer (`body[data-drawer]` in
    // room.css; the body, outside the app's own elements, so no render
    // overwrites it, and no `:has()` rule matched over the whole page on
    // every edit).
    use_effect_with(open.is_some(), |&drawer| {
        let body = gloo_utils::body();
        if drawer {
            let _ = body.set_attribute("data-drawer", "");
        }
        move || {
            let _ = body.remove_attribute("data-drawer");
        }
    });
    // A drawer closes with its button or Escape; the focus goes back to
    // the Teacher menu.
    let onclose = {
        let open = open.clone();
        Callback::from(move |()| {
            open.set(None);
            crate::components::focus::focus_soon(vec![".teacher-menu summary".to_string()]);
        })
    };
    let onkeydown = on_escape(&onclose);
    let keep = {
        let (pack, onkeep) = (pack.clone(), props.onkeep.clone());
        move |next: Pack| {
            onkeep.emit(next.clone());
            pack.set(next);
        }
    };
    let edit = |f: fn(&mut Draft, String)| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let mut d = draft.get();
            f(&mut d, event_value(&e));
            draft.set(d);
        })
    };
    let with_draft = |f: Rc<dyn Fn(&mut Draft)>| {
        let draft = draft.clone();
        Callback::from(move |_: MouseEvent| {
            let mut d = draft.get();
            f(&mut d);
            draft.set(d);
        })
    };
    let viewers = &props.computed.viewers;
    let picked = |d: &Draft| -> (Cells, CardRef) {
        let v = viewers.get(d.cell).or(viewers.first());
        let cells = v.map(|v| Cells::one(&v.user, &v.agent)).unwrap_or_default();
        let card = if d.card.is_empty() { ws.cards.first().map(|c| c.id.clone()).unwrap_or_default() } else { d.card.clone() };
        (cells, CardRef::Id(card))
    };
    let add_check = |make: fn(Cells, CardRef) -> Check| {
        let draft = draft.clone();
        let (cells, card) = picked(&draft);
        Callback::from(move |_: MouseEvent| {
            let mut d = draft.get();
            let check = make(cells.clone(), card.clone());
            if !d.goal.contains(&check) {
                d.goal.push(check);
            }
            draft.set(d);
        })
    };

    let builder = (*open == Some(Open::Builder)).then(|| {
        let d = &*draft;
        let holds = preview(&d.goal, &props.doc, &props.computed, props.parts);
        let add = {
            let (draft, pack, keep, onaction, added) = (draft.clone(), pack.clone(), keep.clone(), props.onaction.clone(), added.clone());
            let (doc_ws, lang) = (ws.clone(), lang);
            Callback::from(move |_: MouseEvent| {
                let d = &draft.get();
                let start = d.start.clone().unwrap_or_else(|| doc_ws.clone());
                let exercise = Exercise {
                    title: text(lang, if d.title.trim().is_empty() { pick!(lang, "練習", "Exercise") } else { d.title.trim() }),
                    task: text(lang, d.task.trim()),
                    start: start_of(&start),
                    goal: d.goal.iter().map(|check| Goal { label: None, check: check.clone() }).collect(),
                    hints: d.hints.iter().map(|h| h.trim()).filter(|h| !h.is_empty()).map(|h| text(lang, h)).collect(),
                    solution: d.solution.as_ref().map(|s| Start::Workspace(Box::new((**s).clone()))),
                    question: None,
                    points_to: None,
                    panels: Vec::new(),
                    cell: None,
                };
                let mut next = pack.get();
                next.exercises.push(exercise);
                let count = next.exercises.len();
                keep(next);
                // The builder stays open and says so beside its button; the
                // chart goes back to this exercise's start (one Undo brings
                // the solution's edit back), so the next exercise never
                // silently starts from the solution.
                draft.set(Draft { start: Some(start.clone()), hints: vec![String::new()], ..Draft::default() });
                added.set(Some(count));
                if !Rc::ptr_eq(&doc_ws, &start) && *doc_ws != *start {
                    let doc = Doc { workspace: start, ..Doc::default() };
                    onaction.emit(crate::store::state::Edit::Load { doc, source: pick!(lang, "這一題的起點", "this exercise's start").into() }.into());
                }
            })
        };
        html! {
            <section class="panel drawer builder" data-panel="builder" aria-labelledby="builder-title" onkeydown={onkeydown.clone()}>
                { close_button(lang, &onclose) }
                <h2 id="builder-title">{ pick!(lang, "把這個狀態做成練習", "Make an exercise from this state") }</h2>
                <p class="lede">{ pick!(lang, 
                    format!("起點:打開時的座位表({} 張卡片)。改座位表可以做出解答;下面的檢查都對「現在」的座位表評估。", d.start.as_ref().map_or(0, |s| s.cards.len())),
                    format!("Start: the chart as it was when you opened this ({}). Change the chart to make a solution; the checks below are evaluated on the chart now.", crate::components::count(d.start.as_ref().map_or(0, |s| s.cards.len()), "card", "cards")),
                ) }</p>
                <button type="button" data-action="start-here" onclick={{
                    let ws = ws.clone();
                    with_draft(Rc::new(move |d: &mut Draft| d.start = Some(ws.clone())))
                }}>{ pick!(lang, "用現在的座位表當起點", "Use the chart now as the start") }</button>
                <label>{ pick!(lang, "標題", "Title") }<input name="exercise_title" value={d.title.clone()} oninput={edit(|d, v| d.title = v).reform(typed)} /></label>
                <label>{ pick!(lang, "說明", "Instructions") }<textarea name="exercise_task" value={d.task.clone()} oninput={edit(|d, v| d.task = v).reform(typed)} /></label>
                <fieldset>
                    <legend>{ pick!(lang, "檢查(按一下加入)", "Checks (click to add)") }</legend>
                    <label>{ pick!(lang, "格子", "Cell") }
                        <select name="check_cell" onchange={edit(|d, v| d.cell = v.parse().unwrap_or(0))}>
                            { for viewers.iter().enumerate().map(|(i, v)| html! { <option value={i.to_string()} selected={i == d.cell}>{ v.key() }</option> }) }
                        </select>
                    </label>
                    <label>{ pick!(lang, "卡片", "Card") }
                        <select name="check_card" onchange={edit(|d, v| d.card = v)}>
                            // Nothing picked yet: the first card is the one
                            // a check takes, so it is the one shown.
                            { for ws.cards.iter().enumerate().map(|(i, c)| html! {
                                <option value={c.id.clone()} selected={if d.card.is_empty() { i == 0 } else { c.id == d.card }}>{ &c.id }</option>
                            }) }
                        </select>
                    </label>
                    <div class="choices">
                        <button type="button" data-action="must-see" onclick={add_check(|cells, card| Check::Retrieves { cells, card })}>{ pick!(lang, "一定要看到", "Must see") }</button>
                        <button type="button" data-action="must-not-see" onclick={add_check(|cells, card| Check::NotRetrieves { cells, card })}>{ pick!(lang, "一定不能看到", "Must not see") }</button>
                        <button type="button" data-action="predict-cell" onclick={add_check(|cells, _| Check::PredictedRight { cells })}>{ pick!(lang, "這格要預測對", "Predict this cell right") }</button>
                        <button type="button" data-action="predict-all" onclick={add_check(|_, _| Check::PredictedRight { cells: Cells::every() })}>{ pick!(lang, "每格都要預測對", "Predict every cell right") }</button>
                        <button type="button" data-action="card-rejected" onclick={add_check(|_, card| Check::Rejected { card, reason: None })}>{ pick!(lang, "這張卡被拒絕", "Card is rejected") }</button>
                        <button type="button" data-action="no-leak" onclick={add_check(|_, _| Check::NoLeak)}>{ pick!(lang, "沒有外洩警報", "No leak alarm") }</button>
                        <button type="button" data-action="scorecards-perfect" onclick={add_check(|_, _| Check::ScorecardsPerfect)}>{ pick!(lang, "兩張成績單全對", "Both scorecards perfect") }</button>
                        // The work's own assertions as the goal (issue 53):
                        // the start carries them, the learner makes them pass.
                        <button type="button" data-action="assertions-hold" onclick={add_check(|_, _| Check::AssertionsHold)}>{ pick!(lang, "斷言全部成立", "All assertions pass") }</button>
                    </div>
                </fieldset>
                <h3>{ pick!(lang, "預覽:現在的座位表", "Preview: the chart now") }</h3>
                if d.goal.is_empty() {
                    <p class="empty">{ pick!(lang, "還沒有檢查。", "No check yet.") }</p>
                }
                <ul class="goal-list">
                    { for d.goal.iter().zip(holds).enumerate().map(|(i, (check, ok))| html! {
                        <li data-check={i.to_string()} data-holds={ok.to_string()}>
                            <span aria-hidden="true">{ if ok { "✓ " } else { "✗ " } }</span>
                            { check_words(check, lang) }{ ": " }
                            <strong>{ if ok { pick!(lang, "成立", "holds") } else { pick!(lang, "還不成立", "does not hold yet") } }</strong>{ " " }
                            <button type="button" class="link" onclick={with_draft(Rc::new(move |d: &mut Draft| { d.goal.remove(i); }))}>{ pick!(lang, "移除", "Remove") }</button>
                        </li>
                    }) }
                </ul>
                <fieldset>
                    <legend>{ pick!(lang, "提示(一次解鎖一個)", "Hints (unlocked one at a time)") }</legend>
                    <ol>
                        { for d.hints.iter().enumerate().map(|(i, h)| {
                            let draft = draft.clone();
                            let oninput = Callback::from(move |e: InputEvent| {
                                let mut d = draft.get();
                                d.hints[i] = event_value(&e);
                                draft.set(d);
                            });
                            html! {
                                <li>
                                    <textarea name="hint" aria-label={pick!(lang, format!("提示 {}", i + 1), format!("Hint {}", i + 1))} value={h.clone()} {oninput} />
                                    <button type="button" class="link" onclick={with_draft(Rc::new(move |d: &mut Draft| { d.hints.remove(i); }))}>{ pick!(lang, "移除", "Remove") }</button>
                                </li>
                            }
                        }) }
                    </ol>
                    <button type="button" data-action="add-hint" onclick={with_draft(Rc::new(|d: &mut Draft| d.hints.push(String::new())))}>{ pick!(lang, "加一個提示", "Add a hint") }</button>
                </fieldset>
                <p>
                    <button type="button" data-action="save-solution" onclick={{
                        let ws = ws.clone();
                        with_draft(Rc::new(move |d: &mut Draft| d.solution = Some(ws.clone())))
                    }}>{ pick!(lang, "把現在的狀態存成解答", "Save the current state as the solution") }</button>
                    { " " }
                    <span data-solution={d.solution.is_some().to_string()}>{ match &d.solution {
                        Some(s) => pick!(lang, format!("已存解答({} 張卡片)", s.cards.len()), format!("Solution saved ({})", crate::components::count(s.cards.len(), "card", "cards"))),
                        None => pick!(lang, "沒有解答".to_string(), "No solution".to_string()),
                    } }</span>
                </p>
                <button type="button" class="primary" data-action="add-to-pack" onclick={add}>{ pick!(lang, "加進練習包", "Add to the pack") }</button>
                if let Some(count) = *added {
                    <p class="added" role="status" data-added={count.to_string()}>
                        <span aria-hidden="true">{ "✓ " }</span>{ PackNotice::Added { exercises: count }.text(lang).1 }
                        { pick!(lang, " 座位表回到這一題的起點,下一題從這裡開始。", " The chart is back at this exercise's start: the next one begins here.") }
                    </p>
                }
            </section>
        }
    });

    let share = (*open == Some(Open::Share)).then(|| share_pack::view(SharePack { pack: &pack, keep: keep.clone(), link: &link, copied: &copied, lang, onclose: &onclose, onkeydown: onkeydown.clone() }));

    // A choice closes the menu, so it never lies over the toolbar while a
    // drawer is open.
    let button = |which: Open, action: &'static str, label: String| {
        let toggle = toggle(which);
        let onclick = Callback::from(move |e: MouseEvent| {
            if let Some(menu) = e.target_dyn_into::<web_sys::Element>().and_then(|b| b.closest("details").ok().flatten()) {
                let _ = menu.remove_attribute("open");
            }
            toggle.emit(e)
        });
        html! {
            <button type="button" data-action={action} aria-expanded={(*open == Some(which)).to_string()} {onclick}>{ label }</button>
        }
    };
    html! {
        <div class="teacher">
            // One small menu in the top bar: the chart keeps the first screen.
            <details class="files-menu teacher-menu">
                <summary>{ pick!(lang, "老師", "Teacher") }</summary>
                <nav class="files" aria-label={pick!(lang, "老師", "Teacher")}>
                    { button(Open::Builder, "build-exercise", pick!(lang, "做練習", "Make an exercise").into()) }
                    { button(Open::Share, "share-pack", pick!(lang, format!("練習包({})", pack.exercises.len()), format!("Pack ({})", pack.exercises.len()))) }
                    { button(Open::Class, "class-view", pick!(lang, "全班成果", "Class view").into()) }
                    // Classroom mode is for the projector: it waits here
                    // (issue 26: few controls on the first screen); the
                    // top bar shows it while it is on, to leave it.
                    <button type="button" data-action="classroom" aria-pressed="false" onclick={{
                        let onaction = props.onaction.clone();
                        Callback::from(move |e: MouseEvent| {
                            if let Some(menu) = e.target_dyn_into::<web_sys::Element>().and_then(|b| b.closest("details").ok().flatten()) {
                                let _ = menu.remove_attribute("open");
                            }
                            onaction.emit(UiAction::SetClassroom(true).into())
                        })
                    }}>{ pick!(lang, "教室模式", "Classroom mode") }</button>
                </nav>
            </details>
            <>{ for builder }</>
            <>{ for share }</>
            if *open == Some(Open::Class) {
                <ClassView pack={Rc::new(pack.get())} {lang} onclose={onclose.clone()} />
            }
        </div>
    }
}
