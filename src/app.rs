//! The root component: holds the state, derives the views once per edit, and
//! keeps every side effect (document language, URL, storage, keys) in
//! effects and event handlers, never in the reducer or in render.

use std::cell::RefCell;
use std::rc::Rc;

use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::acts::Place;
use crate::changed;
use crate::components::announcer::Announcer;
use crate::components::{
    about_me::AboutMe, act_as::ActAs, audit_log::AuditLog, cache_panel::CachePanel, groups::GroupsPanel, retention::RetentionPanel,
    timeline::Timeline, card_editor::CardEditor, card_inspector::CardInspector, compare::Compare, files::Files,
    lesson_panel::LessonPanel, lesson_switch::LessonSwitch, notice_bar::NoticeBar,
    people::People, query_bar::QueryBar, rejected_list::RejectedList, seating_chart::SeatingChart, toolbar::Toolbar,
    why_panel::WhyPanel, worksheet::Worksheet, teacher::Teacher,
};
use crate::computed::Computed;
use crate::course::Course;
use crate::derive::Checks;
use crate::shared::Shared;
use crate::autosave::Store;
use crate::start::{use_start_step, Boot, Started, Step};
use crate::start_route::Route;
use crate::lessons::Lesson;
use crate::state::{Action, Mode, NoticeAt, Panel, UiAction};
use crate::wiring;

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Rendered at build time as the prerendered first screen (the seed in
    /// this language, nothing read or saved): see `prerender.rs`.
    #[prop_or_default]
    pub prerender: Option<Lang>,
    /// The start as `main.rs`'s tasks read it (else it is read at the
    /// first render).
    #[prop_or_default]
    pub start: Option<Started>,
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let rerender = use_force_update();
    let prerender = props.prerender;
    let start = props.start.clone();
    let store = {
        let rerender = rerender.clone();
        use_memo((), move |_| {
            let Boot { route, derived } = match prerender {
                Some(lang) => Boot::prerender(lang),
                None => start.unwrap_or_default().take(),
            };
            let Route { state, set_aside, autosave, work, unsaved, started, .. } = route;
            let store = Store::new(state, autosave, work, Rc::new(move || rerender.force_update()));
            (store, RefCell::new(set_aside), unsaved, RefCell::new(started), RefCell::new(derived))
        })
    };
    let (store, set_aside, unsaved, started, derived) = (&store.0, &store.1, store.2, &store.3, &store.4);
    let state = store.get();
    let step = use_start_step(prerender.is_some() || state.ui.classroom);
    let onaction = {
        let store = store.clone();
        use_callback((), move |action: Action, _| store.dispatch(action))
    };
    // The work now, for what reads it only on a click (share, export).
    let latest_doc = {
        let store = store.clone();
        (*use_memo((), move |_| crate::shared::Latest(Rc::new(move || store.get().doc.clone())))).clone()
    };
    // The views now: kept up to date from the last work's (an edit of one
    // card re-derives that card and the cells it reaches, `Computed::update`),
    // once per work revision, here and nowhere else.
    let last_derived = use_mut_ref(|| None::<(Rc<Workspace>, Rc<Computed>)>);
    // What the last update touched, with the views it started from: the
    // change summary compares only that (`changed::change_of`).
    let touched = use_mut_ref(|| None::<(Rc<Computed>, Rc<crate::computed::Touched>)>);
    let computed_now = Shared((*use_memo(Shared(state.doc.workspace.clone()), |ws| {
        let derived = derived.borrow_mut().take().filter(|(of, _)| Rc::ptr_eq(of, &ws.0));
        *touched.borrow_mut() = None;
        let computed = derived.map(|(_, computed)| Rc::new(computed)).unwrap_or_else(|| match &*last_derived.borrow() {
            Some((before_ws, before)) => {
                let (computed, what) = Computed::update_touched(before_ws, before, &ws.0);
                *touched.borrow_mut() = what.map(|what| (before.clone(), Rc::new(what)));
                Rc::new(computed)
            }
            None => Rc::new(Computed::new(&ws.0)),
        });
        *last_derived.borrow_mut() = Some((ws.0.clone(), computed.clone()));
        computed
    })).clone());
    // Lesson 2's timeline: the chart, alarms and scorecards as of the chosen
    // tick, memoised per (workspace, tick); now is the memo above. The
    // exercises always check the work now.
    let tick = state.ui.tick.filter(|&t| state.ui.course == Course::Two && t < state.doc.workspace.clock());
    let computed_past =
        use_memo((Shared(state.doc.workspace.clone()), tick), |(ws, tick)| tick.map(|t| Rc::new(Computed::at(&ws.0, t))));
    let computed = match &*computed_past {
        Some(past) => Shared(past.clone()),
        None => computed_now.clone(),
    };
    let lang = state.ui.lang;
    // Lesson 3 (the `lesson3` feature): its prompts, derived once per work
    // revision, each cell's bar, the prompt settings' change, and the
    // inspector column's panels; nothing in a build without it.
    let third = crate::components::lesson3::use_lesson_three(&state, &onaction);
    // Lesson 2: the logged reads replayed through the response cache (the
    // crate's replay), in words: how many canaries it leaked (the chart's
    // alarm) and every read (the cache panel). Once per (work, language).
    // Lesson 3's exercise 4 shows the same cache panel.
    let cache_lines = use_memo((Shared(state.doc.workspace.clone()), state.ui.course == Course::Two || third.on, lang), |(ws, cached, lang)| {
        cached.then(|| Rc::new(crate::derive::CacheLines::of(&ws.0, *lang)))
    });
    let cache_leaks = cache_lines.as_ref().as_ref().map_or(0, |c| c.leaks);
    // Lesson 2's audit log: why each event is set aside, once per work.
    let event_problems = use_memo((Shared(state.doc.workspace.clone()), state.ui.course), |(ws, course)| {
        Rc::new(if *course == Course::Two { crate::derive::event_problems(&ws.0) } else { Vec::new() })
    });
    // The why panel's flips for the card and viewer it explains, once per
    // (work, card, viewer), while answers show.
    let flips = use_memo(
        (Shared(state.doc.workspace.clone()), state.ui.selected, state.ui.viewer.clone(), state.ui.mode.hides_answers()),
        |(ws, selected, viewer, hides)| {
            selected.zip(viewer.as_ref()).filter(|_| !*hides).and_then(|(i, v)| crate::derive::flips(&ws.0, i, v)).map(Rc::new)
        },
    );
    // Who is in the chart (the people panel): made again per work, but
    // compared by value, so a card edit leaves the panel as it was.
    let roster = use_memo(Shared(state.doc.workspace.clone()), |ws| Rc::new(crate::derive::Roster::of(&ws.0)));
    // The rejected cards the list names, once per views shown.
    let rejected = use_memo(computed.clone(), |computed| Rc::new(crate::derive::Rejected::of(&state.doc.workspace, computed)));

    // What the last edit, undo or redo changed: the crate's diff of the
    // evaluation before it (kept from the render before) and this one.
    let kept = use_mut_ref(changed::Kept::default);
    let before_ws = state.last.as_ref().map(|l| l.before.workspace.clone()).filter(|b| !Rc::ptr_eq(b, &state.doc.workspace));
    let before_computed = before_ws.as_ref().map(|ws| kept.borrow_mut().before(ws));
    kept.borrow_mut().shown(state.doc.workspace.clone(), computed.0.clone());
    let change = {
        let (now_ws, now) = (state.doc.workspace.clone(), computed.0.clone());
        let before = before_ws.clone().zip(before_computed);
        let touched = touched.borrow().clone();
        let kept_now = computed_now.0.clone();
        use_memo((before_ws.map(Shared), Shared(now_ws.clone())), move |_| {
            before.map(|(ws, c)| {
                // What the update touched, if it started from these views.
                let touched = touched.filter(|(from, _)| Rc::ptr_eq(from, &c) && Rc::ptr_eq(&now, &kept_now));
                Shared::new(changed::change_of(&ws, &c, &now_ws, &now, touched.as_ref().map(|(_, t)| &**t)))
            })
        })
    };
    let change = state.last.as_ref().map(|l| l.kind).zip((*change).clone());

    // The live region: each step's summary once (held while typing in a
    // field, said on leaving it), each new notice with it; the page's
    // language.
    // Lesson 3 adds what the step changed in the prompts and their settings.
    let more = third.more_parts.clone();
    let words = change.as_ref().filter(|_| !state.ui.mode.hides_answers()).map(|(kind, c)| {
        let words = changed::spoken(*kind, c, lang);
        if more.is_empty() { words } else { format!("{words} · {}", more.join(" · ")) }
    });
    let voice = wiring::use_speech(Shared(state.doc.clone()), words, state.ui.notice.clone(), store.typing.get(), lang);
    wiring::use_document_lang(lang);
    // The start's writes after the first render, the prerendered screen
    // replaced, the first save (`start.rs`).
    wiring::use_start_effects(store, onaction.clone(), set_aside.borrow_mut().take(), started.borrow_mut().take(), unsaved, step, state.ui.embed);
    // Save at once when the page is hidden or closed; another tab's saves;
    // undo, redo and the classroom keys; a link pasted into this tab.
    wiring::use_page_listeners(store);
    // Menus close on a press outside and on Escape.
    wiring::use_menus();
    // The start has settled: panels far off screen may skip their rendering.
    let settled = wiring::use_settled(step == Step::Ready);
    // The printed worksheet: built once printing is asked for.
    let print_asked = wiring::use_print_asked();
    // The lesson's checks, once per (work, views, progress, reveal, tick,
    // step, language), here and nowhere else: the lesson panel reads them.
    // From the start's side step on, when the lesson panel shows (its own
    // task, not the first render's: `start.rs`).
    let checks = {
        let revealed = state.ui.mode == Mode::Predict { revealed: true };
        let key = (
            Shared(state.doc.clone()),
            computed_now.clone(),
            state.ui.progress.clone(),
            (revealed, tick, state.ui.course, state.ui.lesson_step, lang, step >= Step::Side),
            state.ui.teachers_pack.clone().map(Shared),
        );
        Shared(use_memo(key, |(doc, computed, progress, (revealed, tick, course, lesson_step, lang, on), teachers_pack)| {
            if !*on {
                return Checks::default();
            }
            let pack = crate::course::pack_of(*course, teachers_pack.as_ref().map(|p| &p.0), *lang);
            let lesson = Lesson { pack, doc, computed, revealed: *revealed, progress, tick: *tick };
            Checks::of(*course, *lesson_step, lesson, *lang)
        }))
    };
    wiring::use_recording(&checks, onaction.clone());
    // What the browser keeps beside the works, read and written by the
    // store (`autosave.rs`): the components only show it.
    let (student_name, onname) = crate::autosave::use_student_name();
    let (saved_pack, onkeep) = crate::autosave::use_pack_in_progress(onaction.clone());
    let (onwork, ondragover, ondrop) = wiring::use_work_actions(store, onaction.clone());
    let workspace: Shared<Workspace> = Shared(state.doc.workspace.clone());
    let doc = Shared(state.doc.clone());
    let ui = &state.ui;
    let hidden = |panel: Panel| ui.hidden.contains(panel);
    let classroom = ui.classroom;
    let lesson_two = ui.course == Course::Two;
    // In classroom mode one panel shows at a time (the lesson stays).
    let shows = |panel: Panel| !hidden(panel) && (!classroom || ui.panel == panel);
    // The prerendered first screen ends with the chart and its side panel:
    // the panels below the fold and the footer come with the app (below
    // everything prerendered, so nothing moves), and the page's HTML stays
    // small for the first paint.
    // They come in steps after the first screen (`start.rs`).
    let below = |after: Step| prerender.is_none() && step >= after;
    let top = step >= Step::Top;
    let tabs = classroom.then(|| {
        let tab = |panel: Panel, label: &'static str| {
            let onaction = onaction.clone();
            let current = ui.panel == panel;
            html! {
                <button type="button" aria-pressed={current.to_string()} data-panel-tab={panel.key()}
                    onclick={Callback::from(move |_: MouseEvent| onaction.emit(UiAction::ShowPanel(panel).into()))}>{ label }</button>
            }
        };
        html! {
            <nav class="panel-tabs" aria-label={lang.pick("面板", "Panels")}>
                { for Panel::TABS.into_iter().filter(|p| !hidden(*p) && (*p != Panel::Memory || lesson_two)).map(|p| tab(p, match p {
                    Panel::Chart => lang.pick("座位表", "Chart"),
                    Panel::Editor => lang.pick("卡片編輯器", "Card editor"),
                    Panel::People => lang.pick("使用者與 Agent", "Users & agents"),
                    Panel::Compare => lang.pick("三種做法", "Compare"),
                    _ => lang.pick("隨時間", "Over time"),
                })) }
            </nav>
        }
    });
    let title = lang.pick("MixUA 記憶座位表", "MixUA Playground");
    // The selected card is edited beside the chart (not while predicting:
    // its verdict would give answers away).
    let inspected_card = ui
        .selected
        .filter(|_| !ui.mode.hides_answers() && !hidden(Panel::Editor))
        .and_then(|i| workspace.cards.get(i).map(|c| (i, c)));
    // The presets follow the seed the cards come from: the Chinese seed's
    // query keeps its Chinese presets in an English UI.
    let chart = (shows(Panel::Chart) && step >= Step::Chart).then(|| html! {
        <SeatingChart
            doc={doc.clone()}
            computed={computed.clone()}
            mode={ui.mode}
            selected={ui.selected}
            inspected={ui.viewer.clone()}
            expanded={ui.expanded.clone()}
            about={ui.about.clone()}
            graded={(!hidden(Panel::Lesson)).then(|| crate::course::graded_in(ui.pack(), ui.lesson_step, &workspace)).flatten()}
            cache_leaks={cache_leaks}
            change={change.clone()}
            past={tick}
            bars={third.bars.clone()}
            prompt_of={third.prompt_of.clone()}
            more_parts={third.more_parts.clone()}
            {lang}
            onaction={onaction.clone()}
        />
    });
    // Who acts in every lesson-2 panel, and each refusal shown beside the
    // control that tried the act.
    // (Lesson 2 only: finding the actors reads every card.)
    // Who acts: lesson 2's panels, and lesson 3's cache panel (exercise 4).
    let actor = if lesson_two || third.on { crate::acts::chosen_actor(&workspace, ui.actor.as_ref()) } else { Default::default() };
    let refused_at = |place: Place| ui.refusal.clone().filter(|_| ui.refused_at.unwrap_or(Place::ActAs) == place);
    // The panels the current exercise works in (the pack's `panels`) are
    // shown in the inspector column beside the chart, not below it, so the
    // exercise's instructions name something on the first screen.
    // The pack's names are read with the page's one list of panel names.
    let tools: Vec<Panel> = if hidden(Panel::Lesson) || classroom {
        Vec::new()
    } else {
        let pack = ui.pack();
        pack.exercises.get(ui.lesson_step.min(pack.exercises.len() - 1)).map(|e| e.panels.iter().filter_map(|p| Panel::parse(p)).collect()).unwrap_or_default()
    };
    let in_side = |panel: Panel| tools.contains(&panel);
    let cache_panel = html! { <CachePanel workspace={workspace.clone()} lines={(*cache_lines).clone().unwrap_or_default()} actor={actor.clone()} refusal={refused_at(Place::Cache)} {lang} onaction={onaction.clone()} /> };
    let retention_panel = html! {
        <RetentionPanel workspace={workspace.clone()} selected={ui.selected} actor={actor.clone()}
            ttl_refusal={refused_at(Place::Ttl)} hold_refusal={refused_at(Place::Hold)} {lang} onaction={onaction.clone()} />
    };
    let groups_panel = html! { <GroupsPanel workspace={workspace.clone()} actor={actor.clone()} refusal={refused_at(Place::Groups)} {tick} {lang} onaction={onaction.clone()} /> };
    // Lesson 2's Act as is always in the inspector column: where the
    // exercise lists it, else after the panels it lists.
    let act_panel = (lesson_two && !hidden(Panel::Act)).then(|| html! {
        <ActAs workspace={workspace.clone()} actor={ui.actor.clone()} selected={ui.selected}
            refusal={refused_at(Place::ActAs)} history={ui.history.clone()}
            change={change.as_ref().map(|(_, c)| c.clone())} {lang} onaction={onaction.clone()} />
    });
    let mut side_tools: Vec<(Panel, Html)> = Vec::new();
    for panel in tools.iter().copied().chain((!in_side(Panel::Act)).then_some(Panel::Act)) {
        let shown = match panel {
            Panel::Act => act_panel.clone(),
            Panel::Cache if (lesson_two || third.on) && !hidden(Panel::Cache) => Some(cache_panel.clone()),
            Panel::Retention if lesson_two && !hidden(Panel::Retention) => Some(retention_panel.clone()),
            Panel::Groups if lesson_two && !hidden(Panel::Groups) => Some(groups_panel.clone()),
            Panel::People if shows(Panel::People) => Some(html! { <People roster={(*roster).clone()} {lang} onaction={onaction.clone()} /> }),
            _ => None,
        };
        if let Some(shown) = shown {
            side_tools.push((panel, shown));
        }
    }
    let memory = if lesson_two { html! { <>
        if !hidden(Panel::Cache) && !in_side(Panel::Cache) {
            { cache_panel }
        }
        if !hidden(Panel::Retention) && !in_side(Panel::Retention) {
            { retention_panel }
        }
        if !hidden(Panel::Groups) && !in_side(Panel::Groups) {
            { groups_panel }
        }
        if !hidden(Panel::Audit) {
            <AuditLog workspace={workspace.clone()} problems={(*event_problems).clone()} tick={tick} {lang} />
        }
    </> } } else { Html::default() };
    // The printed worksheet's exercise: the current step's title and task.
    let worksheet_exercise = (!hidden(Panel::Lesson)).then(|| {
        let pack = ui.pack();
        let step = &pack.exercises[ui.lesson_step.min(pack.exercises.len() - 1)];
        Rc::new((step.title.get(lang).to_string(), step.task.get(lang).to_string()))
    });
    let english_seed = !workspace.cards.iter().any(|c| c.situation.contains(mixua_course::SEED_QUERY));
    html! {
        <div class={classes!("app", classroom.then_some("classroom"), ui.embed.then_some("embed"))} data-ready={(step == Step::Ready).then_some("")} data-settled={settled.then_some("")} {ondragover} {ondrop}>
            <a class="skip" href="#chart">{ lang.pick("跳到座位表", "Skip to the seating chart") }</a>
            if !ui.embed && top {
            <header class="top">
                <div class="brand">
                    <h1>{ title }</h1>
                    <p class="tagline">{ lang.pick(
                        "先決定誰能讀,再搜尋:共用 Agent 記憶的四種範圍",
                        "Decide who may read, then search: the four scopes of shared agent memory",
                    ) }</p>
                </div>
                <LessonSwitch course={ui.course} {classroom} {lang} />
                <>{ for tabs }</>
                // One "Work" menu for sharing, files, reset, a fresh start
                // and Recent work, so the chart keeps the screen.
                <details class="files-menu work-menu" data-menu="work">
                    <summary>{ lang.pick("作品", "Work") }</summary>
                    <Files doc={latest_doc.clone()} course={ui.course} recent={ui.recent.clone()}
                        said={ui.notice.clone().filter(|_| ui.notice_at == NoticeAt::Work)}
                        {lang} onaction={onaction.clone()} onwork={onwork.clone()} />
                </details>
                if !classroom {
                    <Teacher doc={doc.clone()} computed={computed_now.clone()} saved_pack={saved_pack.clone()} onkeep={onkeep.clone()} {lang} onaction={onaction.clone()} />
                }
                <Toolbar
                    {lang}
                    {classroom}
                    can_undo={!state.past.is_empty()}
                    can_redo={!state.future.is_empty()}
                    onaction={onaction.clone()}
                />
            </header>
            }

            if top {
                <NoticeBar notice={ui.notice.clone().filter(|_| ui.notice_at == NoticeAt::Bar)} {lang} onaction={onaction.clone()} onwork={onwork.clone()} />
            }
            <Announcer voice={voice.clone()} />
            <main>
                if !hidden(Panel::Query) && top {
                    <QueryBar query={workspace.query.clone()} {english_seed} {lang} onaction={onaction.clone()} />
                }
                if step >= Step::Chart {
                <div class="stage">
                    if lesson_two {
                        <div class="chart-col">
                            <>{ for chart }</>
                            // Time stays with the chart (in classroom mode
                            // pinned to the bottom of the screen); the rest
                            // of memory over time is a tab of its own there.
                            if shows(Panel::Chart) {
                                if !hidden(Panel::Timeline) {
                                    <Timeline workspace={workspace.clone()} computed={computed.clone()} tick={tick} {lang} onaction={onaction.clone()} />
                                }
                            }
                            if !classroom && !hidden(Panel::Memory) {
                                { memory.clone() }
                            }
                        </div>
                    } else {
                        <>{ for chart }</>
                    }
                    // The lesson: the left column on a wide screen, beside
                    // the chart (issue 26: selecting or adding a card never
                    // covers it); after the chart and the inspector on a phone.
                    if step >= Step::Side && !hidden(Panel::Lesson) {
                        <div class="lesson-col">
                            <LessonPanel
                                doc={doc.clone()}
                                computed={computed_now.clone()}
                                checks={checks.clone()}
                                teachers_pack={ui.teachers_pack.clone()}
                                student_name={student_name.clone()}
                                onname={onname.clone()}
                                course={ui.course}
                                revealed={ui.mode == Mode::Predict { revealed: true }}
                                progress={ui.progress.clone()}
                                step={ui.lesson_step}
                                {tick}
                                {classroom}
                                {lang}
                                onaction={onaction.clone()}
                            />
                        </div>
                    }
                    if step >= Step::Side {
                    <aside class={classes!("side", inspected_card.is_some().then_some("selecting"))}>
                        if let Some(user) = ui.about.clone().filter(|_| !ui.mode.hides_answers()) {
                            <AboutMe workspace={workspace.clone()} {user} {lang} onaction={onaction.clone()} />
                        }
                        // Lesson 3's prompt panel and settings: first, beside
                        // the chart, where choosing a cell opens its prompt.
                        if !hidden(Panel::Prompt) {
                            { third.side }
                        }
                        if let Some((index, card)) = inspected_card {
                            <CardInspector
                                {index}
                                card={card.clone()}
                                users={Rc::new(workspace.users.clone())}
                                agents={Rc::new(workspace.agents.clone())}
                                rejection={computed.gates.get(index).and_then(|g| g.as_ref().err().cloned())}
                                leaks={computed.leaks_of(&card.id)}
                                {lang}
                                onaction={onaction.clone()}
                            />
                        }
                        // Lesson 2's acting tools: the inspector column, first,
                        // so the exercise's first instruction ("In Act as
                        // pick…") names something on the first screen; a
                        // card's history opens here, where it was asked for.
                        { for side_tools.into_iter().map(|(panel, shown)| html! {
                            <div class="tool" key={panel.key()} data-tool={panel.key()}>{ shown }</div>
                        }) }
                        if !hidden(Panel::Why) {
                            <WhyPanel
                                workspace={workspace.clone()}
                                computed={computed.clone()}
                                selected={ui.selected}
                                viewer={ui.viewer.clone()}
                                flips={(*flips).clone()}
                                hidden={ui.mode.hides_answers()}
                                {lang}
                                onaction={onaction.clone()}
                            />
                        }
                        if !hidden(Panel::Rejected) && shows(Panel::Chart) {
                            <RejectedList rejected={(*rejected).clone()} {lang} onaction={onaction.clone()} />
                        }
                    </aside>
                    }
                </div>
                }
                if below(Step::Editor) && shows(Panel::Editor) {
                    <CardEditor
                        workspace={workspace.clone()}
                        computed={computed.clone()}
                        selected={ui.selected}
                        start={ui.editor_start}
                        arriving={step < Step::Ready}
                        {lang}
                        onaction={onaction.clone()}
                    />
                }
                if below(Step::People) && shows(Panel::People) && !in_side(Panel::People) {
                    <People roster={(*roster).clone()} {lang} onaction={onaction.clone()} />
                }
                if classroom && lesson_two && shows(Panel::Memory) {
                    <div class="memory-tab">{ memory }</div>
                }
                if below(Step::Compare) && shows(Panel::Compare) {
                    <Compare doc={doc.clone()} computed={computed.clone()} hidden={ui.mode.hides_answers()} {lang} />
                }
            </main>
            if below(Step::Rest) && !ui.embed {
                <footer class="foot">
                    <p>{ lang.pick(
                        "教具:所有卡片、使用者與暗號都是假的。身分來自上方座位表的列與欄,不是查詢文字。",
                        "A teaching tool: every card, user and secret here is made up. Identity comes from the chart's rows and columns, never from the query text.",
                    ) }</p>
                </footer>
            }
            if below(Step::Rest) && print_asked {
                <Worksheet workspace={workspace.clone()} exercise={worksheet_exercise} {lang} />
            }
        </div>
    }
}
