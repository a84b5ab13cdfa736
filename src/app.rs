//! The root component: owns the reducer, derives the views, and keeps every
//! side effect (document language, URL, storage, keys) in effects.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mixua_policy::Lang;
use yew::prelude::*;

use crate::components::{
    card_editor::CardEditor, compare::Compare, people::People, query_bar::QueryBar,
    rejected_list::RejectedList, seating_chart::SeatingChart, toolbar::Toolbar, why_panel::WhyPanel,
};
use crate::computed::Computed;
use crate::persist::{self, Saved};
use crate::state::{Action, AppState, Doc, Notice, Panel, Ui};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;

/// Compares by identity: a new `Rc` means an edit happened, and comparing
/// 5,000 cards field by field on every render would be waste.
#[derive(Clone)]
struct Same<T>(Rc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Same<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// `?lang=`, else the browser's language: 繁體中文 for Chinese, English otherwise.
fn initial_lang() -> Lang {
    let window = web_sys::window().expect("a window");
    let search = window.location().search().unwrap_or_default();
    if let Some(tag) = query_param(&search, "lang") {
        return Lang::from_tag(&tag);
    }
    let nav = window.navigator().language().unwrap_or_default();
    if nav.to_ascii_lowercase().starts_with("zh") {
        Lang::ZhTw
    } else {
        Lang::En
    }
}

/// One parameter of a `?a=b&c=d` string, percent-decoded.
pub(crate) fn query_param(search: &str, name: &str) -> Option<String> {
    search.trim_start_matches('?').split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then(|| {
            js_sys::decode_uri_component(&v.replace('+', " ")).map(String::from).unwrap_or_default()
        })
    })
}

/// Where autosave keeps the work.
const STORAGE_KEY: &str = "mixua-playground/v1";

/// Where the learner's own work waits after a share link replaced it.
const PREVIOUS_KEY: &str = "mixua-playground/v1/before-link";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether this tab keeps its work: not in a `?fresh` start.
fn autosaves() -> bool {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    query_param(&search, "fresh").is_none()
}

/// The start: saved work (unless `?fresh`), then a share link over it (so
/// the saved work stays one undo away), then URL flags.
fn initial_state() -> AppState {
    let window = web_sys::window().expect("a window");
    let search = window.location().search().unwrap_or_default();
    let hash = window.location().hash().unwrap_or_default();
    let mut ui = Ui { lang: initial_lang(), ..Ui::default() };
    let fresh = !autosaves();

    let mut had_saved = false;
    let saved = if fresh {
        None
    } else {
        storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).and_then(|t| persist::from_json(&t).ok())
    };
    let mut doc = Doc::seed();
    if let Some(saved) = saved {
        had_saved = true;
        doc = saved.doc;
        if query_param(&search, "lang").is_none() {
            ui.lang = saved.lang.unwrap_or(ui.lang);
        }
        ui.lesson_step = saved.lesson_step.unwrap_or(0);
    }
    if let Some(step) = query_param(&search, "step").and_then(|s| s.parse::<usize>().ok()) {
        ui.lesson_step = step.saturating_sub(1);
    }
    if let Some(hide) = query_param(&search, "hide") {
        ui.hidden = hide.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    }
    if query_param(&search, "classroom").is_some() {
        ui.classroom = true;
    }
    let mut state = AppState::new(doc, ui);
    if fresh {
        state.ui.notice = Some(Notice::FreshStart);
    }
    let fragment = hash.trim_start_matches('#');
    let mut opened_link = false;
    if !fragment.is_empty() {
        let source = state.ui.lang.pick("分享連結", "the share link").to_string();
        match persist::decode_link(fragment) {
            Ok(linked) if linked == *state.doc => {}
            Ok(linked) => {
                // The learner's own work is set aside in storage before
                // autosave writes the link's state, so it survives a reload.
                if had_saved && !fresh {
                    let own = persist::to_storage(&Saved { doc: (*state.doc).clone(), ..Saved::default() });
                    if let Some(s) = storage() {
                        let _ = s.set_item(PREVIOUS_KEY, &own);
                    }
                }
                state.apply(Action::Load { doc: linked, source });
                state.ui.notice = Some(Notice::OpenedLink);
                opened_link = true;
            }
            Err(problem) => state.ui.notice = Some(Notice::LoadFailed { source, problem }),
        }
    }
    // Work set aside by an earlier link stays one undo away until it is back.
    if !opened_link && !fresh {
        let previous = storage().and_then(|s| s.get_item(PREVIOUS_KEY).ok().flatten());
        if let Some(previous) = previous.and_then(|t| persist::from_json(&t).ok()) {
            if previous.doc != *state.doc {
                state.past.insert(0, Rc::new(previous.doc));
                state.ui.notice = Some(Notice::OpenedLink);
            }
        }
    }
    state
}

/// Saves the work a moment after the last change (typing a lesson is one
/// save, not one per key), and at once when the page is hidden or closed.
/// A full or disabled storage is said once; the work goes on in memory.
struct Saver {
    pending: RefCell<Option<Saved>>,
    scheduled: Cell<bool>,
    failed: Cell<bool>,
    dispatcher: yew::functional::UseReducerDispatcher<AppState>,
}

impl Saver {
    fn queue(self: &Rc<Self>, saved: Saved) {
        *self.pending.borrow_mut() = Some(saved);
        if self.scheduled.replace(true) {
            return;
        }
        let me = self.clone();
        let tick = Closure::once_into_js(move || me.flush());
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(tick.unchecked_ref(), 300);
        }
    }

    fn flush(&self) {
        self.scheduled.set(false);
        let Some(saved) = self.pending.borrow_mut().take() else { return };
        let store = storage();
        let ok = store.as_ref().is_some_and(|s| s.set_item(STORAGE_KEY, &persist::to_storage(&saved)).is_ok());
        if !ok && !self.failed.get() {
            self.dispatcher.dispatch(Action::Notify(Notice::StorageUnavailable));
        }
        self.failed.set(!ok);
        // Work set aside by a share link is forgotten once it is back.
        if let Some(s) = store {
            if let Ok(Some(previous)) = s.get_item(PREVIOUS_KEY) {
                let now = persist::to_storage(&Saved { doc: saved.doc.clone(), ..Saved::default() });
                if now == previous {
                    let _ = s.remove_item(PREVIOUS_KEY);
                }
            }
        }
    }
}

/// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (Cmd on a Mac) undo and redo everywhere;
/// in classroom mode the arrow keys step through the lesson.
fn key_action(e: &web_sys::KeyboardEvent, state: &AppState) -> Option<Action> {
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
    if !state.ui.classroom || typing {
        return None;
    }
    match key.as_str() {
        "ArrowRight" | "PageDown" => Some(Action::LessonStep(state.ui.lesson_step + 1)),
        "ArrowLeft" | "PageUp" => Some(Action::LessonStep(state.ui.lesson_step.saturating_sub(1))),
        _ => None,
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    let computed = use_memo(Same(state.doc.workspace.clone()), |ws| Computed::new(&ws.0));
    let onaction = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    let lang = state.ui.lang;

    use_effect_with(lang, |lang| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });

    // A share link has been read into the state: take it out of the address
    // bar, so a reload restores the (autosaved) work rather than the link.
    use_effect_with((), |_| {
        if let Some(window) = web_sys::window() {
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
        }
    });

    // Autosave on every change of the work, language or lesson step.
    let saver = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            Rc::new(Saver { pending: RefCell::new(None), scheduled: Cell::new(false), failed: Cell::new(false), dispatcher })
        })
    };
    {
        let saver = (*saver).clone();
        use_effect_with((Same(state.doc.clone()), lang, state.ui.lesson_step), move |(doc, lang, step)| {
            if autosaves() {
                saver.queue(Saved { doc: (*doc.0).clone(), lang: Some(*lang), lesson_step: Some(*step) });
            }
        });
    }
    {
        let saver = (*saver).clone();
        use_effect_with((), move |_| {
            let flush = Closure::<dyn Fn()>::new(move || saver.flush());
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback("pagehide", flush.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback("pagehide", flush.as_ref().unchecked_ref());
                }
            }
        });
    }

    // Keyboard shortcuts, registered once; the handler reads the latest
    // state through a shared cell.
    // One shared copy of this render's state serves the children's props and
    // the key handler.
    let shared = Rc::new((*state).clone());
    let latest = use_mut_ref(|| None::<Rc<AppState>>);
    *latest.borrow_mut() = Some(shared.clone());
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let handler = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                let Some(current) = latest.borrow().clone() else { return };
                if let Some(action) = key_action(&e, &current) {
                    e.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = &document {
                let _ = doc.add_event_listener_with_callback("keydown", handler.as_ref().unchecked_ref());
            }
            move || {
                if let Some(doc) = document {
                    let _ = doc.remove_event_listener_with_callback("keydown", handler.as_ref().unchecked_ref());
                }
            }
        });
    }

    // Exercise 5 remembers that the alarm X causes has been seen.
    {
        let dispatcher = state.dispatcher();
        let x_leaks = computed.four.leaks.iter().flatten().any(|l| l.card == "X");
        use_effect_with(x_leaks, move |leaking| {
            if *leaking {
                dispatcher.dispatch(Action::XAlarmSeen);
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

    let ws = &state.doc.workspace;
    let hidden = |key: &str| state.ui.hidden.iter().any(|h| h == key);
    let classroom = state.ui.classroom;
    // In classroom mode one panel shows at a time (the lesson stays).
    let shows = |panel: Panel| !hidden(panel.key()) && (!classroom || state.ui.panel == panel);
    let tabs = classroom.then(|| {
        let tab = |panel: Panel, label: &'static str| {
            let onaction = onaction.clone();
            let current = state.ui.panel == panel;
            html! {
                <button type="button" aria-pressed={current.to_string()} data-panel-tab={panel.key()}
                    onclick={Callback::from(move |_: MouseEvent| onaction.emit(Action::ShowPanel(panel)))}>{ label }</button>
            }
        };
        html! {
            <nav class="panel-tabs" aria-label={lang.pick("面板", "Panels")}>
                { for Panel::ALL.into_iter().filter(|p| !hidden(p.key())).map(|p| tab(p, match p {
                    Panel::Chart => lang.pick("座位表", "Seating chart"),
                    Panel::Editor => lang.pick("卡片編輯器", "Card editor"),
                    Panel::People => lang.pick("使用者與 Agent", "Users and agents"),
                    Panel::Compare => lang.pick("三種做法", "Policies compared"),
                })) }
            </nav>
        }
    });
    let title = lang.pick("MixUA 記憶座位表", "MixUA Playground");
    html! {
        <div class={classes!("app", state.ui.classroom.then_some("classroom"))} {ondragover} {ondrop}>
            <a class="skip" href="#chart">{ lang.pick("跳到座位表", "Skip to the seating chart") }</a>
            <header class="top">
                <div class="brand">
                    <h1>{ title }</h1>
                    <p class="tagline">{ lang.pick(
                        "先決定誰能讀,再搜尋:共用 Agent 記憶的四種範圍",
                        "Decide who may read, then search: the four scopes of shared agent memory",
                    ) }</p>
                </div>
                <Toolbar
                    {lang}
                    classroom={state.ui.classroom}
                    can_undo={!state.past.is_empty()}
                    can_redo={!state.future.is_empty()}
                    onaction={onaction.clone()}
                />
            </header>
            <crate::components::files::Files state={shared.clone()} onaction={onaction.clone()} />
            <crate::components::notice_bar::NoticeBar notice={state.ui.notice.clone()} {lang} onaction={onaction.clone()} />
            <main>
                <QueryBar query={ws.query.clone()} {lang} onaction={onaction.clone()} />
                { for tabs }
                <div class="stage">
                    if shows(Panel::Chart) {
                        <SeatingChart
                            state={shared.clone()}
                            computed={computed.clone()}
                            onaction={onaction.clone()}
                        />
                    }
                    <aside class="side">
                        if !hidden("lesson") {
                            <crate::components::lesson_panel::LessonPanel state={shared.clone()} computed={computed.clone()} onaction={onaction.clone()} />
                        }
                        if !hidden("why") {
                            <WhyPanel state={shared.clone()} onaction={onaction.clone()} />
                        }
                        if !hidden("rejected") && shows(Panel::Chart) {
                            <RejectedList state={shared.clone()} computed={computed.clone()} onaction={onaction.clone()} />
                        }
                    </aside>
                </div>
                if shows(Panel::Editor) {
                    <CardEditor state={shared.clone()} computed={computed.clone()} onaction={onaction.clone()} />
                }
                if shows(Panel::People) {
                    <People workspace={ws.clone()} {lang} onaction={onaction.clone()} />
                }
                if shows(Panel::Compare) {
                    <Compare state={shared.clone()} computed={computed.clone()} onaction={onaction.clone()} />
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
