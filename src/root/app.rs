//! The root component: the page's layout. It holds the store and calls the
//! root's hooks in one order: the memos (`derive/per_revision.rs`, everything derived once
//! per revision) and the wiring (`root/effects.rs`, every effect: document
//! language, URL, storage, keys), never in the reducer or in render; then it
//! lays out the components, each given only what it shows.

use std::rc::Rc;

use mixua_policy::Workspace;
use yew::prelude::*;

use crate::components::announcer::Announcer;
use crate::components::later::{missing, Later};
use crate::parts::later::LaterPart;
use crate::components::chart::change_jump::ChangeJumpStandIn;
use crate::components::{
    lesson::assertions_panel::AssertionsPanelProps,
    lesson::lesson_tools::{self, LessonTools, ToolsAt}, menus::notice_bar::NoticeBar, inspector::panel_tabs::{self, PanelTabs},
    chart::query_bar::QueryBar, chart::seating_chart::SeatingChart, menus::top_bar::{self, TopBar},
};
use crate::store::lesson::Course;
use crate::derive::derived::{use_derived, Derived, Ready};
use crate::derive::per_revision::Views;
use crate::store::shared::Shared;
use crate::start::{use_start_advance, use_start_step, Started, Step};
use crate::store::state::{NoticeAt, Panel};
use crate::root::effects;
use crate::root::below::{self, Below};
use crate::root::columns::{self, LessonColumn, Side};

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Rendered at build time as a prerendered first screen (a lesson's
    /// start in a language, nothing read or saved): see `root/prerender.rs`.
    #[prop_or_default]
    pub prerender: Option<crate::start::Screen>,
    /// The start as `main.rs`'s tasks read it (else it is read at the
    /// first render).
    #[prop_or_default]
    pub start: Option<Started>,
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let prerender = props.prerender;
    let (root, onaction, latest_doc) = effects::use_root(prerender, props.start.clone());
    let store = &root.store;
    let state = store.get();
    let step_now = use_start_step(prerender.is_some() || state.ui.screen.classroom);
    let step = *step_now;
    let lang = state.ui.session.lang;
    // Lessons 2 and 3's acting panels: a part fetched when first wanted
    // (with the write path their acts go through, lesson 2's pack and
    // start, and the cache replay; the start has it in before its first
    // render, `main.rs`).
    let (acting, refetch) = crate::parts::use_part(state.ui.wants_acting(), || Box::pin(async { crate::parts::acting_in().await.map(drop) }), effects::parts_in(store, true, false));
    let acting_part = (acting == crate::parts::Part::In).then(crate::parts::acting::Acting::loaded);
    effects::use_document_lang(lang, store);
    // The start's writes after the first render, the prerendered screen
    // replaced, the first save (`start/mod.rs`).
    effects::use_start_effects(&root, onaction.clone(), step, state.ui.session.embed);
    // The panels the first screen does not show (the card inspector and a
    // card's Why, the editor, the people, the comparison, the Work menu's
    // contents): a part fetched once the first screen is shown (by the
    // effect above) and painted (`lazy::after_paint`), so the chart is
    // interactive before it; the start is ready with it.
    // The part that keeps the work (autosave, Recent work, files) comes
    // beside it (`crate::store::json_io`).
    let (later, retry_later) = crate::parts::use_part(
        step >= Step::Side,
        || {
            Box::pin(async {
                crate::parts::after_paint().await;
                let (later, hold) = futures_util::future::join(crate::parts::later::LaterPart::load(), crate::parts::hold::Hold::load()).await;
                later.and(hold).map(drop)
            })
        },
        effects::parts_in(store, false, true),
    );
    // The panels below the first screen come once it is in (or failed:
    // then each says so in its place).
    let later_part = (later == crate::parts::Part::In).then(crate::parts::later::LaterPart::loaded);
    use_start_advance(step_now, step >= Step::Side && later == crate::parts::Part::Out);
    // Everything the screen shows of the work, derived once per revision
    // (`derive/derived.rs`): the views now and shown, the cache's replay,
    // the change, the chart's cells, lesson 3's prompts, the assertions,
    // the lesson's checks, the live region's words. It is handed the
    // parts' functions it needs once they are in (derived again then): the
    // cache replay (when the lesson shows or checks the cache), the
    // assertions' judge and the change's words.
    // What the browser keeps beside the works, read and written by the
    // store (`store/autosave.rs`): the components only show it. The name is read
    // once the start is done (by the part that keeps the work, which comes
    // after the chart is interactive); the result code is made with it.
    let (student_name, onname) = crate::store::autosave::use_student_name(step == Step::Ready, crate::parts::later::keep);
    let ready = Ready {
        cached: state.ui.reads_cache().then_some(acting_part.map(|a| (a.replayed_log, a.cache_change))),
        judge: later_part.map(|l| l.derive_assertions),
        change_words: later_part.map(|l| l.change_words),
        code_of: later_part.map(|l| l.code_of),
        scores_of: later_part.map(|l| l.scores_of),
        checks: step >= Step::Side,
    };
    let Derived { views, cells, third, asserted, checks, words, graded, actor, actors, english_seed, scores, code } = use_derived(&state, &root.derived, ready, &student_name);
    let Views { now: computed_now, shown: computed, tick, logged: _, cache_lines, event_problems, flips, roster, rejected, change, changed_cells } = views;
    crate::components::lesson::lesson3::use_points_to(&state);
    let more_parts = asserted.more.clone();
    // The live region: each step's summary once (held while typing in a
    // field, said on leaving it), each new notice with it; the page's
    // language.
    let voice = effects::use_speech(Shared(state.doc.clone()), words, state.ui.screen.notice.clone(), store.typing.get(), lang);
    // Save at once when the page is hidden or closed; another tab's saves;
    // undo, redo and the classroom keys; a link pasted into this tab.
    crate::root::listeners::use_page_listeners(store);
    // Menus close on a press outside and on Escape.
    crate::root::listeners::use_menus();
    // The start has settled: panels far off screen may skip their rendering.
    let settled = effects::use_settled(step == Step::Ready);
    // The printed worksheet: built once printing is asked for.
    let print_asked = effects::use_print_asked();
    effects::use_recording(&checks, onaction.clone());
    let (saved_pack, onkeep) = crate::store::autosave::use_pack_in_progress(onaction.clone());
    let (onwork, ondragover, ondrop) = effects::use_work_actions(store, onaction.clone());
    let workspace: Shared<Workspace> = Shared(state.doc.workspace.clone());
    let doc = Shared(state.doc.clone());
    let ui = &state.ui;
    let hidden = |panel: Panel| ui.session.hidden.contains(panel);
    let classroom = ui.screen.classroom;
    let lesson_two = ui.session.course == Course::Two;
    // In classroom mode one panel shows at a time (the lesson stays).
    let shows = |panel: Panel| !hidden(panel) && (!classroom || ui.screen.panel == panel);
    // The prerendered first screen ends with the chart and its side panel:
    // the panels below the fold and the footer come with the app (below
    // everything prerendered, so nothing moves), and the page's HTML stays
    // small for the first paint.
    // They come in steps after the first screen (`start/mod.rs`).
    let below = |after: Step| prerender.is_none() && step >= after;
    let top = step >= Step::Top;
    // The selected card is edited beside the chart (not while predicting:
    // its verdict would give answers away).
    let inspected_card = ui
        .screen
        .selected
        .filter(|_| !ui.screen.mode.hides_answers() && !hidden(Panel::Editor))
        .and_then(|i| workspace.cards.get(i).map(|c| (i, c)));
    // A card is inspected: the page, the stage and the inspector column say so.
    let selecting = inspected_card.is_some().then_some("selecting");
    let chart_on = crate::root::requests::chart(&onaction);
    let chart = (shows(Panel::Chart) && step >= Step::Chart).then(|| html! {
        <SeatingChart
            doc={doc.clone()}
            computed={computed.clone()}
            mode={ui.screen.mode}
            selected={ui.screen.selected}
            inspected={ui.screen.viewer.clone()}
            expanded={ui.screen.expanded.clone()}
            cells={cells.clone()}
            about={ui.screen.about.clone()}
            graded={graded.filter(|_| !hidden(Panel::Lesson))}
            cache_leaks={cache_lines.as_ref().map_or(0, |c| c.leaks)}
            change={change.clone()}
            past={tick}
            bars={third.bars.clone()}
            prompt_of={third.prompt_of.clone()}
            more_parts={more_parts.clone()}
            failing={if ui.screen.mode.hides_answers() { Rc::default() } else { asserted.failing.clone() }}
            {lang}
            on={chart_on.clone()}
        />
    });
    // The panels the current exercise works in (the pack's `panels`, read
    // with the page's one list of panel names) are shown in the inspector
    // column beside the chart, not below it, so the exercise's instructions
    // name something on the first screen.
    let tools: Vec<Panel> = match ui.exercise() {
        Some(exercise) if !hidden(Panel::Lesson) && !classroom => exercise.panels.iter().filter_map(|p| Panel::parse(p)).collect(),
        _ => Vec::new(),
    };
    let tools = LessonTools {
        tools: Rc::new(tools), hidden: ui.session.hidden, lesson_two, lesson_three: third.on, people: shows(Panel::People), classroom,
        workspace: workspace.clone(), computed: computed.clone(), cache_lines, roster: roster.clone(), event_problems,
        actors, actor, selected: ui.screen.selected, refusal: ui.screen.refusal.clone(), refused_at: ui.screen.refused_at,
        history: ui.screen.history.clone(), change: change.as_ref().map(|(_, c)| c.clone()), tick, lang, onaction: onaction.clone(),
    };
    // The start is over once the parts this lesson shows are in (and the
    // part of the panels below the first screen).
    let acting_in = !ui.session.course.acts() || acting == crate::parts::Part::In;
    // Until then the inspector column says so, once (or why it can't be).
    let tools_at = |at| {
        let drawn = if acting_in { lesson_tools::view(&tools, at, acting_part.map(|a| a.tools)) } else { None };
        drawn.unwrap_or_else(|| if at == ToolsAt::Side { missing(acting, &refetch, lang, "tool") } else { Html::default() })
    };
    let memory = tools_at(ToolsAt::Memory);
    // The printed worksheet's exercise: the current step's title and task.
    let worksheet_exercise = ui.exercise().filter(|_| !hidden(Panel::Lesson)).map(|e| Rc::new((e.title.get(lang).to_string(), e.task.get(lang).to_string())));
    html! {
        <ContextProvider<Later> context={Later { part: later, retry: retry_later.clone(), draws: later_part.map(LaterPart::draws) }}>
        <div class={classes!("app", classroom.then_some("classroom"), ui.session.embed.then_some("embed"), third.on.then_some("lesson3"), selecting)} data-ready={(step == Step::Ready && acting_in && later == crate::parts::Part::In).then_some("")} data-settled={settled.then_some("")} {ondragover} {ondrop}>
            <a class="skip" href="#chart">{ pick!(lang, "跳到座位表", "Skip to the seating chart") }</a>
            if !ui.session.embed && top {
            { top_bar::view(TopBar {
                prefetch: crate::parts::work_menu::prefetch,
                course: ui.session.course, parts: ui.session.parts, carried: ui.carried_lesson(), classroom, latest_doc: latest_doc.clone(), recent: ui.screen.recent.clone(),
                said: ui.screen.notice.clone().filter(|_| ui.screen.notice_at == NoticeAt::Work),
                doc: doc.clone(), computed: computed_now.clone(), saved_pack: saved_pack.clone(), onkeep: onkeep.clone(),
                can_undo: !state.past.is_empty(), can_redo: !state.future.is_empty(),
                assertions: ui.screen.assertions, asserted: asserted.counts.filter(|_| !ui.screen.mode.hides_answers()),
                lang, onaction: onaction.clone(), onwork: onwork.clone(),
                tabs: if classroom { panel_tabs::view(&PanelTabs { panel: ui.screen.panel, hidden: ui.session.hidden, lesson_two, lang, onaction: onaction.clone() }) } else { Html::default() },
            }) }
            }

            // The Assertions panel: a drawer beside the page, opened from the
            // top bar (issue 53).
            if ui.screen.assertions && !ui.session.embed && top {
                { later_part.map(|l| (l.assertions_panel)(&AssertionsPanelProps {
                    workspace: workspace.clone(),
                    computed: computed_now.clone(),
                    judged: asserted.judged.clone(),
                    words: asserted.words.clone().map(Shared),
                    hidden: ui.screen.mode.hides_answers(),
                    lang,
                    onaction: onaction.clone(),
                    write: crate::derive::assertions::AssertionWrite(l.apply_assertion),
                })).unwrap_or_else(|| missing(later, &retry_later, lang, "assertions")) }
            }
            if top {
                <NoticeBar notice={ui.screen.notice.clone().filter(|_| ui.screen.notice_at == NoticeAt::Bar)} {lang} onaction={onaction.clone()} onwork={onwork.clone()} />
            }
            <Announcer voice={voice.clone()} />
            // "N cells changed ↑" beside a control whose edit changed cells
            // off screen (not while predicting: it would give answers away).
            <ChangeJumpStandIn step={changed_cells.filter(|_| !ui.screen.mode.hides_answers())} {lang} />
            <main>
                if !hidden(Panel::Query) && top {
                    <QueryBar query={workspace.query.clone()} {english_seed} {lang} onaction={onaction.clone()} />
                }
                if step >= Step::Chart {
                <div class={classes!("stage", selecting)}>
                    if lesson_two {
                        <div class="chart-col">
                            <>{ for chart }</>
                            // Time stays with the chart (in classroom mode
                            // pinned to the bottom of the screen); the rest
                            // of memory over time is a tab of its own there.
                            if shows(Panel::Chart) {
                                if !hidden(Panel::Timeline) {
                                    { tools_at(ToolsAt::Time) }
                                }
                            }
                            // Below the first screen: built with the panels
                            // below it, not in the chart's own task.
                            if !classroom && !hidden(Panel::Memory) && below(Step::Editor) {
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
                        { columns::lesson(LessonColumn {
                            ui, doc: &doc, computed: &computed_now, checks: &checks, scores: scores.as_ref(), code: code.as_ref(), student_name: &student_name, onname: &onname,
                            tick, missing: || missing(acting, &refetch, lang, "lesson"), onaction: &onaction,
                        }) }
                    }
                    if step >= Step::Side {
                        { columns::side(Side {
                            ui, workspace: &workspace, computed: &computed, prompt: crate::components::lesson::lesson3::side(&third, &state, &onaction), inspected: inspected_card, roster: &roster,
                            tools: tools_at(ToolsAt::Side), flips, rejected, chart_shown: shows(Panel::Chart), tick, lang, onaction: &onaction,
                        }) }
                    }
                </div>
                }
                { below::view(Below {
                    ui, workspace: &workspace, doc: &doc, computed: &computed, roster: &roster, scores: scores.as_ref(), arriving: step < Step::Ready,
                    editor: below(Step::Editor), people: below(Step::People) && !tools.tools.contains(&Panel::People), compare: below(Step::Compare),
                    fold: third.on && !classroom, memory: (classroom && lesson_two && shows(Panel::Memory)).then_some(memory), onaction: &onaction,
                }) }
            </main>
            if below(Step::Rest) {
                { below::rest(&workspace, ui.session.embed, print_asked, worksheet_exercise, lang) }
            }
        </div>
        </ContextProvider<Later>>
    }
}
