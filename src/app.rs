//! The root component: holds the state, derives the views once per edit, and
//! keeps every side effect (document language, URL, storage, keys) in
//! effects and event handlers, never in the reducer or in render.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use mixua_policy::{Lang, Workspace};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::{
    card_editor::CardEditor, card_inspector::CardInspector, compare::Compare, files::Files, lesson_panel::LessonPanel, notice_bar::NoticeBar,
    people::People, query_bar::QueryBar, rejected_list::RejectedList, seating_chart::SeatingChart, toolbar::Toolbar,
    why_panel::WhyPanel,
};
use crate::computed::Computed;
use crate::persist::{self, Saved};
use crate::shared::Shared;
use crate::lessons::Lesson;
use crate::state::{Action, AppState, Doc, Edit, Mode, Notice, Panel, Ui, UiAction};
use crate::store;

/// The page's address: the query string and the fragment.
struct Address {
    search: web_sys::UrlSearchParams,
    fragment: String,
}

impl Address {
    fn read() -> Address {
        let location = gloo_utils::window().location();
        let search = location.search().unwrap_or_default();
        Address {
            search: web_sys::UrlSearchParams::new_with_str(&search)
                .unwrap_or_else(|_| web_sys::UrlSearchParams::new().expect("an empty UrlSearchParams")),
            fragment: location.hash().unwrap_or_default().trim_start_matches('#').to_string(),
        }
    }

    fn param(&self, name: &str) -> Option<String> {
        self.search.get(name)
    }

    fn flag(&self, name: &str) -> bool {
        self.search.has(name)
    }
}

/// `?lang=`, else the browser's language: 繁體中文 for Chinese, English otherwise.
fn initial_lang(address: &Address) -> Lang {
    if let Some(tag) = address.param("lang") {
        return Lang::from_tag(&tag);
    }
    let nav = gloo_utils::window().navigator().language().unwrap_or_default();
    if nav.to_ascii_lowercase().starts_with("zh") {
        Lang::ZhTw
    } else {
        Lang::En
    }
}

/// How the page starts: the state, and the storage writes the start asks
/// for (done by an effect after the first render, not here).
struct Boot {
    state: AppState,
    /// The learner's own work, set aside before a share link replaces it.
    set_aside: Option<Saved>,
    /// Whether this tab keeps its work: not in a `?fresh` start.
    autosave: bool,
}

/// The start: saved work (unless `?fresh`), then a share link over it (so
/// the saved work stays one undo away), then URL flags. Reads only.
fn boot() -> Boot {
    let address = Address::read();
    let mut ui = Ui { lang: initial_lang(&address), ..Ui::default() };
    let fresh = address.flag("fresh");

    let saved = if fresh { None } else { store::read(store::WORK_KEY).and_then(|v| persist::from_value(v).ok()) };
    let had_saved = saved.is_some();
    // Without saved work, the seed in the UI's language (`?seed=zh-TW` or
    // `?seed=en` picks one explicitly).
    let seed_lang = address.param("seed").map(|tag| Lang::from_tag(&tag)).unwrap_or(ui.lang);
    let mut doc = Doc::seed_in(seed_lang);
    if let Some(saved) = saved {
        doc = saved.doc;
        if address.param("lang").is_none() {
            ui.lang = saved.lang.unwrap_or(ui.lang);
        }
        ui.lesson_step = saved.lesson_step.unwrap_or(0);
        ui.progress = saved.progress.unwrap_or_default();
    }
    if let Some(step) = address.param("step").and_then(|s| s.parse::<usize>().ok()) {
        ui.lesson_step = step.saturating_sub(1);
    }
    ui.lesson_step = ui.lesson_step.min(crate::lessons::STEPS.len() - 1);
    if let Some(hide) = address.param("hide") {
        ui.hidden = hide.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    }
    ui.classroom = address.flag("classroom");
    let mut state = AppState::new(doc, ui);
    if fresh {
        state.ui.notice = Some(Notice::FreshStart);
    }
    let mut set_aside = None;
    let mut opened_link = false;
    if !address.fragment.is_empty() {
        let source = state.ui.lang.pick("分享連結", "the share link").to_string();
        match persist::decode_link(&address.fragment) {
            Ok(linked) if linked == *state.doc => {}
            Ok(linked) => {
                // The learner's own work is set aside in storage before
                // autosave writes the link's state, so it survives a reload.
                if had_saved && !fresh {
                    set_aside = Some(Saved { doc: (*state.doc).clone(), ..Saved::default() });
                }
                state.apply(Edit::Load { doc: linked, source });
                state.ui.notice = Some(Notice::OpenedLink { kept: had_saved && !fresh });
                opened_link = true;
            }
            Err(problem) => state.ui.notice = Some(Notice::LoadFailed { source, problem }),
        }
    }
    // Work set aside by an earlier link stays one undo away until it is back.
    if !opened_link && !fresh {
        if let Some(previous) = store::read(store::PREVIOUS_KEY).and_then(|v| persist::from_value(v).ok()) {
            if previous.doc != *state.doc {
                state.past.insert(0, Rc::new(previous.doc));
                state.ui.notice = Some(Notice::OpenedLink { kept: true });
            }
        }
    }
    Boot { state, set_aside, autosave: !fresh }
}

/// The state and its reducer. Unlike `use_reducer`, the latest state is
/// readable outside render, so the save at `pagehide` writes the latest
/// work even while a big re-render is still pending.
#[derive(Clone)]
struct Store {
    current: Rc<RefCell<Rc<AppState>>>,
    rerender: Rc<dyn Fn()>,
    saver: Rc<Saver>,
}

impl Store {
    fn get(&self) -> Rc<AppState> {
        self.current.borrow().clone()
    }

    fn dispatch(&self, action: Action) {
        let now = self.get();
        let next = yew::Reducible::reduce(now.clone(), action);
        if Rc::ptr_eq(&now, &next) {
            return;
        }
        let saves = !Rc::ptr_eq(&now.doc, &next.doc)
            || now.ui.lang != next.ui.lang
            || now.ui.lesson_step != next.ui.lesson_step
            || now.ui.progress != next.ui.progress;
        *self.current.borrow_mut() = next;
        if saves {
            self.saver.changed();
        }
        (self.rerender)();
    }
}

/// How the saver tells the learner (a full or disabled storage).
type Notify = Rc<dyn Fn(Action)>;

/// Saves the work a moment after the last change (typing a lesson is one
/// save, not one per key), and at once when the page is hidden or closed.
/// A full or disabled storage is said once; the work goes on in memory.
struct Saver {
    enabled: bool,
    /// The state to save from: always the latest.
    current: Rc<RefCell<Rc<AppState>>>,
    timer: RefCell<Option<Timeout>>,
    dirty: Cell<bool>,
    failed: Cell<bool>,
    notify: RefCell<Option<Notify>>,
}

impl Saver {
    fn changed(self: &Rc<Self>) {
        if !self.enabled {
            return;
        }
        self.dirty.set(true);
        let me = self.clone();
        // Replacing the timer cancels the one before: the save waits for a pause.
        *self.timer.borrow_mut() = Some(Timeout::new(300, move || me.flush()));
    }

    fn flush(&self) {
        self.timer.borrow_mut().take();
        if !self.dirty.replace(false) {
            return;
        }
        let state = self.current.borrow().clone();
        let saved = Saved {
            doc: (*state.doc).clone(),
            lang: Some(state.ui.lang),
            lesson_step: Some(state.ui.lesson_step),
            progress: Some(state.ui.progress.clone()),
        };
        let ok = store::write(store::WORK_KEY, &persist::to_value(&saved));
        if !ok && !self.failed.get() {
            if let Some(notify) = self.notify.borrow().clone() {
                notify(UiAction::Notify(Notice::StorageUnavailable).into());
            }
        }
        self.failed.set(!ok);
        // Work set aside by a share link is forgotten once it is back.
        if let Some(previous) = store::read(store::PREVIOUS_KEY).and_then(|v| persist::from_value(v).ok()) {
            if previous.doc == *state.doc {
                store::remove(store::PREVIOUS_KEY);
            }
        }
    }
}

/// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (Cmd on a Mac) undo and redo everywhere;
/// in classroom mode the arrow keys step through the lesson.
fn key_action(e: &web_sys::KeyboardEvent, ui: &Ui) -> Option<Action> {
    let key = e.key();
    if e.ctrl_key() || e.meta_key() {
        return match key.as_str() {
            "z" | "Z" if e.shift_key() => Some(Action::Redo),
            "z" | "Z" => Some(Action::Undo),
            "y" | "Y" => Some(Action::Redo),
            _ => None,
        };
    }
    let typing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
    if !ui.classroom || typing {
        return None;
    }
    let last = crate::lessons::STEPS.len() - 1;
    match key.as_str() {
        "ArrowRight" | "PageDown" => Some(UiAction::LessonStep((ui.lesson_step + 1).min(last)).into()),
        "ArrowLeft" | "PageUp" => Some(UiAction::LessonStep(ui.lesson_step.saturating_sub(1)).into()),
        _ => None,
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let rerender = use_force_update();
    let store = {
        let rerender = rerender.clone();
        use_memo((), move |_| {
            let Boot { state, set_aside, autosave } = boot();
            let current = Rc::new(RefCell::new(Rc::new(state)));
            let saver = Rc::new(Saver {
                enabled: autosave,
                current: current.clone(),
                timer: RefCell::new(None),
                dirty: Cell::new(false),
                failed: Cell::new(false),
                notify: RefCell::new(None),
            });
            let store = Store { current, rerender: Rc::new(move || rerender.force_update()), saver };
            (store, RefCell::new(set_aside))
        })
    };
    let (store, set_aside) = (&store.0, &store.1);
    let state = store.get();
    let onaction = {
        let store = store.clone();
        use_callback((), move |action: Action, _| store.dispatch(action))
    };
    let computed = use_memo(Shared(state.doc.workspace.clone()), |ws| Computed::new(&ws.0));
    let computed = Shared(computed);
    let lang = state.ui.lang;

    use_effect_with(lang, |lang| {
        if let Some(root) = gloo_utils::document().document_element() {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });

    // Once, after the first render: the storage writes the start asked for,
    // the share link taken out of the address bar (so a reload restores the
    // autosaved work rather than the link), and the first save.
    {
        let store = store.clone();
        let onaction = onaction.clone();
        let set_aside = set_aside.borrow_mut().take();
        use_effect_with((), move |_| {
            *store.saver.notify.borrow_mut() = Some(Rc::new(move |action| onaction.emit(action)));
            if let Some(own) = set_aside {
                store::write(store::PREVIOUS_KEY, &persist::to_value(&own));
            }
            let window = gloo_utils::window();
            if !window.location().hash().unwrap_or_default().is_empty() {
                let url = format!(
                    "{}{}",
                    window.location().pathname().unwrap_or_default(),
                    window.location().search().unwrap_or_default()
                );
                if let Ok(history) = window.history() {
                    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
                }
            }
            store.saver.changed();
        });
    }

    // Save at once when the page is hidden or closed; undo, redo and the
    // classroom keys anywhere on the page.
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            let saver = store.saver.clone();
            let pagehide = EventListener::new(&gloo_utils::window(), "pagehide", move |_| saver.flush());
            let keys = EventListener::new_with_options(
                &gloo_utils::document(),
                "keydown",
                gloo_events::EventListenerOptions::enable_prevent_default(),
                move |event| {
                    let Some(e) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                    if let Some(action) = key_action(e, &store.get().ui) {
                        e.prevent_default();
                        store.dispatch(action);
                    }
                },
            );
            move || drop((pagehide, keys))
        });
    }

    // A step whose checks all hold is recorded as done when it happens, so
    // it stays done whatever later steps change.
    {
        let lesson = Lesson {
            doc: &state.doc,
            computed: &computed,
            revealed: state.ui.mode == Mode::Predict { revealed: true },
            progress: &state.ui.progress,
        };
        let newly = crate::lessons::newly_done(lesson);
        let onaction = onaction.clone();
        use_effect_with(newly, move |newly| {
            if !newly.is_empty() {
                onaction.emit(UiAction::StepsDone(newly.clone()).into());
            }
        });
    }

    // Exercise 5 remembers that the alarm X causes has been seen.
    {
        let onaction = onaction.clone();
        let x_leaks = computed.four.leaks.iter().flatten().any(|l| l.card == "X");
        use_effect_with(x_leaks, move |leaking| {
            if *leaking {
                onaction.emit(UiAction::XAlarmSeen.into());
            }
        });
    }

    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let onaction = onaction.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                crate::components::files::import_file(file, onaction.clone());
            }
        })
    };

    let workspace: Shared<Workspace> = Shared(state.doc.workspace.clone());
    let doc = Shared(state.doc.clone());
    let ui = &state.ui;
    let hidden = |key: &str| ui.hidden.iter().any(|h| h == key);
    let classroom = ui.classroom;
    // In classroom mode one panel shows at a time (the lesson stays).
    let shows = |panel: Panel| !hidden(panel.key()) && (!classroom || ui.panel == panel);
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
                { for Panel::ALL.into_iter().filter(|p| !hidden(p.key())).map(|p| tab(p, match p {
                    Panel::Chart => lang.pick("座位表", "Chart"),
                    Panel::Editor => lang.pick("卡片編輯器", "Card editor"),
                    Panel::People => lang.pick("使用者與 Agent", "Users & agents"),
                    Panel::Compare => lang.pick("三種做法", "Compare"),
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
    let english_seed = !workspace.cards.iter().any(|c| c.situation.contains(mixua_policy::SEED_QUERY));
    html! {
        <div class={classes!("app", classroom.then_some("classroom"))} {ondragover} {ondrop}>
            <a class="skip" href="#chart">{ lang.pick("跳到座位表", "Skip to the seating chart") }</a>
            <header class="top">
                <div class="brand">
                    <h1>{ title }</h1>
                    <p class="tagline">{ lang.pick(
                        "先決定誰能讀,再搜尋:共用 Agent 記憶的四種範圍",
                        "Decide who may read, then search: the four scopes of shared agent memory",
                    ) }</p>
                </div>
                <>{ for tabs }</>
                if classroom {
                    // One menu for the files, so the chart keeps the screen.
                    <details class="files-menu">
                        <summary>{ lang.pick("檔案與分享", "Files and sharing") }</summary>
                        <Files doc={doc.clone()} {lang} onaction={onaction.clone()} />
                    </details>
                }
                <Toolbar
                    {lang}
                    {classroom}
                    can_undo={!state.past.is_empty()}
                    can_redo={!state.future.is_empty()}
                    onaction={onaction.clone()}
                />
            </header>
            if !classroom {
                <Files doc={doc.clone()} {lang} onaction={onaction.clone()} />
            }
            <NoticeBar notice={ui.notice.clone()} {lang} onaction={onaction.clone()} />
            <main>
                <QueryBar query={workspace.query.clone()} {english_seed} {lang} onaction={onaction.clone()} />
                <div class="stage">
                    if shows(Panel::Chart) {
                        <SeatingChart
                            doc={doc.clone()}
                            computed={computed.clone()}
                            mode={ui.mode}
                            selected={ui.selected}
                            inspected={ui.viewer.clone()}
                            expanded={ui.expanded.clone()}
                            graded={(!hidden("lesson")).then(|| crate::lessons::graded_viewers(ui.lesson_step, &workspace)).flatten()}
                            {lang}
                            onaction={onaction.clone()}
                        />
                    }
                    <aside class={classes!("side", inspected_card.is_some().then_some("selecting"))}>
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
                        if !hidden("lesson") {
                            <LessonPanel
                                doc={doc.clone()}
                                computed={computed.clone()}
                                revealed={ui.mode == Mode::Predict { revealed: true }}
                                progress={ui.progress.clone()}
                                step={ui.lesson_step}
                                {classroom}
                                {lang}
                                onaction={onaction.clone()}
                            />
                        }
                        if !hidden("why") {
                            <WhyPanel
                                workspace={workspace.clone()}
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
                </div>
                if shows(Panel::Editor) {
                    <CardEditor
                        workspace={workspace.clone()}
                        computed={computed.clone()}
                        selected={ui.selected}
                        start={ui.editor_start}
                        {lang}
                        onaction={onaction.clone()}
                    />
                }
                if shows(Panel::People) {
                    <People workspace={workspace.clone()} {lang} onaction={onaction.clone()} />
                }
                if shows(Panel::Compare) {
                    <Compare doc={doc.clone()} computed={computed.clone()} hidden={ui.mode.hides_answers()} {lang} />
                }
            </main>
            <footer class="foot">
                <p>{ lang.pick(
                    "教具:所有卡片、使用者與暗號都是假的。身分來自上方座位表的列與欄,不是查詢文字。",
                    "A teaching tool: every card, user and secret here is made up. Identity comes from the chart's rows and columns, never from the query text.",
                ) }</p>
            </footer>
        </div>
    }
}
