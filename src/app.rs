//! The root component: holds the state, derives the views once per edit, and
//! keeps every side effect (document language, URL, storage, keys) in
//! effects and event handlers, never in the reducer or in render.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use mixua_policy::Workspace;
use mixua_words::Lang;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::acts::Place;
use crate::changed::{self, Speech};
use crate::components::announcer::{Announcer, Voice};
use crate::components::notice_bar::notice_text;
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
use crate::persist;
use crate::shared::Shared;
use crate::autosave::Store;
use crate::start::{use_start_step, Boot, Started, Step};
use crate::start_route::Route;
use crate::lessons::Lesson;
use crate::state::{Action, Mode, Notice, Panel, Recent, Ui, UiAction, WorkAction};
use crate::store;

/// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (Cmd on a Mac) undo and redo everywhere;
/// in classroom mode the arrow keys step through the lesson.
fn key_action(e: &web_sys::KeyboardEvent, ui: &Ui) -> Option<Vec<Action>> {
    let key = e.key();
    if e.ctrl_key() || e.meta_key() {
        return match key.as_str() {
            "z" | "Z" if e.shift_key() => Some(vec![Action::Redo]),
            "z" | "Z" => Some(vec![Action::Undo]),
            "y" | "Y" => Some(vec![Action::Redo]),
            _ => None,
        };
    }
    let typing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            // The chart's grid has arrow keys of its own.
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || el.closest("[role=grid]").ok().flatten().is_some()
        });
    if !ui.classroom || typing {
        return None;
    }
    let step = ui.lesson_step;
    let to = match key.as_str() {
        "ArrowRight" | "PageDown" => step + 1,
        "ArrowLeft" | "PageUp" => step.saturating_sub(1),
        _ => return None,
    };
    Some(crate::state::go_to_step(ui.course, step, to, ui.lang))
}

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
    // The views now: kept up to date from the last work's (an edit of one
    // card re-derives that card and the cells it reaches, `Computed::update`),
    // once per work revision, here and nowhere else.
    let last_derived = use_mut_ref(|| None::<(Rc<Workspace>, Rc<Computed>)>);
    let computed_now = Shared((*use_memo(Shared(state.doc.workspace.clone()), |ws| {
        let derived = derived.borrow_mut().take().filter(|(of, _)| Rc::ptr_eq(of, &ws.0));
        let computed = derived.map(|(_, computed)| Rc::new(computed)).unwrap_or_else(|| match &*last_derived.borrow() {
            Some((before_ws, before)) => Rc::new(Computed::update(before_ws, before, &ws.0)),
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
    // Lesson 2: the logged reads replayed through the response cache (the
    // crate's replay): how many canaries it leaked. Once per workspace.
    let cache = use_memo((Shared(state.doc.workspace.clone()), state.ui.course), |(ws, course)| {
        if *course != Course::Two {
            return 0;
        }
        mixua_policy::replay_cache(&ws.0).leaks().count()
    });
    let lang = state.ui.lang;
    // Lesson 3 (the `lesson3` feature): its prompts, derived once per work
    // revision, each cell's bar, the prompt settings' change, and the
    // inspector column's panels; nothing in a build without it.
    let third = crate::components::lesson3::use_lesson_three(&state, &onaction);

    // What the last edit, undo or redo changed: the crate's diff of the
    // evaluation before it (kept from the render before) and this one.
    let kept = use_mut_ref(changed::Kept::default);
    let before_ws = state.last.as_ref().map(|l| l.before.workspace.clone()).filter(|b| !Rc::ptr_eq(b, &state.doc.workspace));
    let before_computed = before_ws.as_ref().map(|ws| kept.borrow_mut().before(ws));
    kept.borrow_mut().shown(state.doc.workspace.clone(), computed.0.clone());
    let change = {
        let (now_ws, now) = (state.doc.workspace.clone(), computed.0.clone());
        let before = before_ws.clone().zip(before_computed);
        use_memo((before_ws.map(Shared), Shared(now_ws.clone())), move |_| {
            before.map(|(ws, c)| Shared::new(changed::change_of(&ws, &c, &now_ws, &now)))
        })
    };
    let change = state.last.as_ref().map(|l| l.kind).zip((*change).clone());

    // The live region: each step's summary once (held while typing in a
    // field, said on leaving it), each new notice with it.
    let speech = use_mut_ref(Speech::default);
    // Spoken through the region's own state: it renders alone, not the root.
    let voice = (*use_memo((), |_| Voice::default())).clone();
    let first_render = use_mut_ref(|| true);
    {
        let more = third.more_parts.clone();
        let words = change.as_ref().filter(|_| !state.ui.mode.hides_answers()).map(|(kind, c)| {
            let words = changed::spoken(*kind, c, lang);
            if more.is_empty() { words } else { format!("{words} · {}", more.join(" · ")) }
        });
        let notice = state.ui.notice.clone();
        let typed = store.typing.get();
        let (speech, said, first_render) = (speech.clone(), voice.clone(), first_render.clone());
        use_effect_with((Shared(state.doc.clone()), notice), move |(doc, notice)| {
            let first = first_render.replace(false);
            let notice = notice.as_ref().map(|n| (n, notice_text(n, lang).1));
            if let Some(say) = speech.borrow_mut().rendered(&doc.0, words, notice, typed) {
                if first {
                    // The region has only just been added to the page: a
                    // moment later, so that screen readers hear it.
                    Timeout::new(800, move || said.say(say)).forget();
                } else {
                    said.say(say);
                }
            }
        });
    }
    {
        let (speech, said) = (speech.clone(), voice.clone());
        use_effect_with((), move |_| {
            let left = EventListener::new(&gloo_utils::document(), "focusout", move |_| {
                if let Some(say) = speech.borrow_mut().left_field() {
                    said.say(say);
                }
            });
            move || drop(left)
        });
    }

    use_effect_with(lang, |lang| {
        if let Some(root) = gloo_utils::document().document_element() {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });

    // Once, after the first render: the storage writes the start asked for
    // and the link taken out of the address bar (`autosave::carry_out`),
    // and a work that has no slot yet marked to be saved.
    {
        let store = store.clone();
        let onaction = onaction.clone();
        let set_aside = set_aside.borrow_mut().take();
        let started = started.borrow_mut().take();
        let embed = state.ui.embed;
        use_effect_with((), move |_| {
            *store.saver.notify.borrow_mut() = Some(Rc::new(move |action| onaction.emit(action)));
            crate::autosave::carry_out(set_aside, started, embed);
            // A work not saved yet is saved when the start is done (below),
            // or at once if the page is hidden or closed before that.
            if store.saver.enabled && unsaved {
                store.saver.dirty.set(true);
            }
        });
    }
    // The app's first screen is whole: it replaces the prerendered one.
    use_effect_with(step >= Step::Side, |&whole| {
        if whole {
            crate::start::show();
        }
    });
    // When the start's last step is on the page (see `start.rs`), in a task
    // of its own: the first save of a work that has no slot yet, or Recent
    // work for a work read from its slot.
    {
        let store = store.clone();
        use_effect_with(step == Step::Ready, move |&ready| {
            if ready && store.saver.enabled {
                if unsaved {
                    store.saver.flush();
                    // Work from before works had slots now has one.
                    if !store.saver.failed.get() {
                        store::remove(store::LEGACY_KEY);
                    }
                } else {
                    let current = store.saver.work.borrow().id.clone();
                    store.dispatch(UiAction::SetRecent(Recent { works: store::index().works, current }).into());
                }
            }
        });
    }

    // Save at once when the page is hidden or closed; undo, redo and the
    // classroom keys anywhere on the page.
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            let (saver, typing) = (store.saver.clone(), store.clone());
            let pagehide = EventListener::new(&gloo_utils::window(), "pagehide", move |_| {
                typing.flush_typed();
                saver.flush()
            });
            let (window, restart) = (gloo_utils::window(), store.clone());
            let saver = store.saver.clone();
            let storage = EventListener::new(&gloo_utils::window(), "storage", move |event| {
                if let Some(key) = event.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key()) {
                    saver.storage_event(&key);
                }
            });
            let keys = EventListener::new_with_options(
                &gloo_utils::document(),
                "keydown",
                gloo_events::EventListenerOptions::enable_prevent_default(),
                move |event| {
                    let Some(e) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                    if let Some(actions) = key_action(e, &store.get().ui) {
                        e.prevent_default();
                        for action in actions {
                            store.dispatch(action);
                        }
                    }
                },
            );
            // A link pasted into this open tab (only the fragment changes)
            // opens as it does on load: this tab's work is saved first, then
            // the start is routed again, over what is now stored.
            let hash = EventListener::new(&gloo_utils::window(), "hashchange", move |_| {
                if window.location().hash().unwrap_or_default().trim_start_matches('#').is_empty() {
                    return;
                }
                restart.flush_typed();
                restart.saver.flush();
                let mut boot = Boot::read();
                boot.keep_step_in_lesson();
                if boot.route.opened_link {
                    restart.restart(boot.route);
                } else {
                    // A refused link (or this very work) changes nothing
                    // here, not even the undo history: only the refusal is
                    // said, and the link leaves the address bar.
                    crate::autosave::carry_out(None, None, boot.route.state.ui.embed);
                    let refused = boot.route.state.ui.notice.filter(|n| {
                        matches!(n, Notice::LoadFailed { .. } | Notice::Pack(crate::pack_link::PackNotice::Refused(_)))
                    });
                    if let Some(notice) = refused {
                        restart.dispatch(UiAction::Notify(notice).into());
                    }
                }
            });
            move || drop((pagehide, storage, keys, hash))
        });
    }

    // A step whose checks all hold is recorded as done when it happens, so
    // it stays done whatever later steps change; and what a step asks to
    // have been seen once (the pack's milestones: the alarm X causes, the
    // probe singling out alice, a tombstone in the past, a cache leak, a
    // stale copy) is remembered when it shows; and a step's predicted cells
    // as first revealed, for the result code.
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
        );
        Shared(use_memo(key, |(doc, computed, progress, (revealed, tick, course, lesson_step, lang, on))| {
            if !*on {
                return Checks::default();
            }
            let lesson = Lesson { doc, computed, revealed: *revealed, progress, tick: *tick };
            Checks::of(*course, *lesson_step, lesson, *lang)
        }))
    };
    {
        let (newly, seen, first) = (checks.newly.clone(), checks.seen.clone(), checks.first.clone());
        let onaction = onaction.clone();
        use_effect_with((newly, seen, first), move |(newly, seen, first)| {
            if let Some((step, marks)) = first {
                onaction.emit(UiAction::FirstMarks { step: *step, marks: marks.clone() }.into());
            }
            for key in seen {
                onaction.emit(UiAction::Seen(key.clone()).into());
            }
            if !newly.is_empty() {
                onaction.emit(UiAction::StepsDone(newly.clone()).into());
            }
        });
    }

    let onwork = {
        let store = store.clone();
        use_callback((), move |work: WorkAction, _| match work {
            WorkAction::Open(id) => store.saver.open(&id, &store),
            WorkAction::LoadTheirs => {
                let id = store.saver.work.borrow().id.clone();
                store.saver.open(&id, &store);
            }
            WorkAction::Import { saved, source } => {
                if saved.course.and_then(persist::portable).unwrap_or_default() == store.get().ui.course {
                    store.saver.import(saved.doc, source, &store);
                } else {
                    store.saver.open_new(*saved, source, &store);
                }
            }
        })
    };

    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let (onaction, onwork) = (onaction.clone(), onwork.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                crate::components::files::import_file(file, onaction.clone(), onwork.clone());
            }
        })
    };

    let workspace: Shared<Workspace> = Shared(state.doc.workspace.clone());
    let doc = Shared(state.doc.clone());
    let ui = &state.ui;
    let hidden = |key: &str| ui.hidden.iter().any(|h| h == key);
    let classroom = ui.classroom;
    let lesson_two = ui.course == Course::Two;
    // In classroom mode one panel shows at a time (the lesson stays).
    let shows = |panel: Panel| !hidden(panel.key()) && (!classroom || ui.panel == panel);
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
                { for Panel::ALL.into_iter().filter(|p| !hidden(p.key()) && (*p != Panel::Memory || lesson_two)).map(|p| tab(p, match p {
                    Panel::Chart => lang.pick("座位表", "Chart"),
                    Panel::Editor => lang.pick("卡片編輯器", "Card editor"),
                    Panel::People => lang.pick("使用者與 Agent", "Users & agents"),
                    Panel::Compare => lang.pick("三種做法", "Compare"),
                    Panel::Memory => lang.pick("隨時間", "Over time"),
                })) }
            </nav>
        }
    });
    let title = lang.pick("MixUA 記憶座位表", "MixUA Playground");
    // The selected card is edited beside the chart (not while predicting:
    // its verdict would give answers away).
    let inspected_card = ui
        .selected
        .filter(|_| !ui.mode.hides_answers() && !hidden("editor"))
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
            graded={(!hidden("lesson")).then(|| crate::course::graded_in(ui.course, ui.lesson_step, &workspace)).flatten()}
            cache_leaks={*cache}
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
    let actor = crate::acts::chosen_actor(&workspace, ui.actor.as_deref());
    let refused_at = |place: Place| ui.refusal.clone().filter(|_| ui.refused_at.unwrap_or(Place::ActAs) == place);
    // The panels the current exercise works in (the pack's `panels`) are
    // shown in the inspector column beside the chart, not below it, so the
    // exercise's instructions name something on the first screen.
    let tools: Vec<String> = if hidden("lesson") || classroom {
        Vec::new()
    } else {
        let pack = ui.course.pack(lang);
        pack.exercises.get(ui.lesson_step.min(pack.exercises.len() - 1)).map(|e| e.panels.clone()).unwrap_or_default()
    };
    let in_side = |panel: &str| tools.iter().any(|t| t == panel);
    let cache_panel = html! { <CachePanel workspace={workspace.clone()} actor={actor.clone()} refusal={refused_at(Place::Cache)} {lang} onaction={onaction.clone()} /> };
    let retention_panel = html! {
        <RetentionPanel workspace={workspace.clone()} selected={ui.selected} actor={actor.clone()}
            ttl_refusal={refused_at(Place::Ttl)} hold_refusal={refused_at(Place::Hold)} {lang} onaction={onaction.clone()} />
    };
    let groups_panel = html! { <GroupsPanel workspace={workspace.clone()} actor={actor.clone()} refusal={refused_at(Place::Groups)} {tick} {lang} onaction={onaction.clone()} /> };
    // Lesson 2's Act as is always in the inspector column: where the
    // exercise lists it, else after the panels it lists.
    let act_panel = (lesson_two && !hidden("act")).then(|| html! {
        <ActAs workspace={workspace.clone()} actor={ui.actor.clone()} selected={ui.selected}
            refusal={refused_at(Place::ActAs)} history={ui.history.clone()}
            change={change.as_ref().map(|(_, c)| c.clone())} {lang} onaction={onaction.clone()} />
    });
    let mut side_tools: Vec<(String, Html)> = Vec::new();
    for name in tools.iter().map(String::as_str).chain((!in_side("act")).then_some("act")) {
        let panel = match name {
            "act" => act_panel.clone(),
            "cache" if (lesson_two || third.on) && !hidden("cache") => Some(cache_panel.clone()),
            "retention" if lesson_two && !hidden("retention") => Some(retention_panel.clone()),
            "groups" if lesson_two && !hidden("groups") => Some(groups_panel.clone()),
            "people" if shows(Panel::People) => Some(html! { <People workspace={workspace.clone()} {lang} onaction={onaction.clone()} /> }),
            _ => None,
        };
        if let Some(panel) = panel {
            side_tools.push((name.to_string(), panel));
        }
    }
    let memory = if lesson_two { html! { <>
        if !hidden("cache") && !in_side("cache") {
            { cache_panel }
        }
        if !hidden("retention") && !in_side("retention") {
            { retention_panel }
        }
        if !hidden("groups") && !in_side("groups") {
            { groups_panel }
        }
        if !hidden("audit") {
            <AuditLog workspace={workspace.clone()} tick={tick} {lang} />
        }
    </> } } else { Html::default() };
    // The printed worksheet's exercise: the current step's title and task.
    let worksheet_exercise = (!hidden("lesson")).then(|| {
        let pack = ui.course.pack(lang);
        let step = &pack.exercises[ui.lesson_step.min(pack.exercises.len() - 1)];
        Rc::new((step.title.get(lang).to_string(), step.task.get(lang).to_string()))
    });
    let english_seed = !workspace.cards.iter().any(|c| c.situation.contains(mixua_course::SEED_QUERY));
    html! {
        <div class={classes!("app", classroom.then_some("classroom"), ui.embed.then_some("embed"))} data-ready={(step == Step::Ready).then_some("")} {ondragover} {ondrop}>
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
                    <Files doc={doc.clone()} course={ui.course} recent={ui.recent.clone()} {lang} onaction={onaction.clone()} onwork={onwork.clone()} />
                </details>
                if !classroom {
                    <Teacher doc={doc.clone()} computed={computed_now.clone()} {lang} onaction={onaction.clone()} />
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
                <NoticeBar notice={ui.notice.clone()} {lang} onaction={onaction.clone()} onwork={onwork.clone()} />
            }
            <Announcer voice={voice.clone()} />
            <main>
                if !hidden("query") && top {
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
                                if !hidden("timeline") {
                                    <Timeline workspace={workspace.clone()} computed={computed.clone()} tick={tick} {lang} onaction={onaction.clone()} />
                                }
                            }
                            if !classroom && !hidden(Panel::Memory.key()) {
                                { memory.clone() }
                            }
                        </div>
                    } else {
                        <>{ for chart }</>
                    }
                    // The lesson: the left column on a wide screen, beside
                    // the chart (issue 26: selecting or adding a card never
                    // covers it); after the chart and the inspector on a phone.
                    if step >= Step::Side && !hidden("lesson") {
                        <div class="lesson-col">
                            <LessonPanel
                                doc={doc.clone()}
                                computed={computed_now.clone()}
                                checks={checks.clone()}
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
                        if !hidden("prompt") {
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
                        { for side_tools.into_iter().map(|(name, panel)| html! {
                            <div class="tool" key={name.clone()} data-tool={name}>{ panel }</div>
                        }) }
                        if !hidden("why") {
                            <WhyPanel
                                workspace={workspace.clone()}
                                computed={computed.clone()}
                                selected={ui.selected}
                                viewer={ui.viewer.clone()}
                                hidden={ui.mode.hides_answers()}
                                {lang}
                                onaction={onaction.clone()}
                            />
                        }
                        if !hidden("rejected") && shows(Panel::Chart) {
                            <RejectedList workspace={workspace.clone()} computed={computed.clone()} {lang} onaction={onaction.clone()} />
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
                if below(Step::People) && shows(Panel::People) && !in_side("people") {
                    <People workspace={workspace.clone()} {lang} onaction={onaction.clone()} />
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
            if below(Step::Rest) {
                <Worksheet workspace={workspace.clone()} exercise={worksheet_exercise} {lang} />
            }
        </div>
    }
}
