//! The store: [`Store`] holds the state and runs the reducer (the latest
//! state readable outside render, for the save at `pagehide`), applying a
//! field's edit by the typing hold's rule (`crate::store::typing`) and
//! telling the saver (`crate::store::saver`) after each change. The root
//! component (`root/app.rs`) creates one and wires the page's events to it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
#[cfg(any(feature = "only-en", feature = "only-zh"))]
use mixua_words::Lang;

use crate::store::recent::WorkRef;
use crate::store::state::{Action, AppState, Edit, Notice, UiAction};
use crate::store::lesson::{Page, WorkLesson};
use crate::store::browser::{self, Stored as _};
use crate::store::persist::{self, Saved};
use crate::store::state::Recent;
use crate::store::saver::{new_work, Keep, Saver};
use crate::store::typing::{typed, typing_in_field, Typed};


/// The state and its reducer. Unlike `use_reducer`, the latest state is
/// readable outside render, so the save at `pagehide` writes the latest
/// work even while a big re-render is still pending.
#[derive(Clone)]
pub struct Store {
    current: Rc<RefCell<Rc<AppState>>>,
    rerender: Rc<dyn Fn()>,
    pub saver: Rc<Saver>,
    typed: Rc<Typed>,
    /// The last change to the work was a keystroke in a text field: its
    /// summary waits until the learner leaves the field.
    pub typing: Rc<Cell<bool>>,
}

impl Store {
    /// The store of a start's state; `autosave`: whether the tab saves, into
    /// `work`; `rerender`: how the root is asked to render again.
    pub fn new(state: AppState, autosave: bool, work: WorkRef, rerender: Rc<dyn Fn()>, keep: Keep) -> Store {
        let current = Rc::new(RefCell::new(Rc::new(state)));
        let saver = Rc::new(Saver {
            enabled: autosave,
            current: current.clone(),
            work: RefCell::new(work),
            timer: RefCell::new(None),
            dirty: Cell::new(false),
            failed: Cell::new(false),
            notify: RefCell::new(None),
            keep,
        });
        Store { current, rerender, saver, typed: Rc::default(), typing: Rc::new(Cell::new(false)) }
    }

    /// This open tab starts again on a start's `state` (a link pasted into
    /// its address; the start's route, passed in by the root): as a load would, with the
    /// writes the start asks for (the work `set_aside`, the pack `started`),
    /// its `work`, saved a moment later when `unsaved`.
    pub fn restart(&self, state: AppState, set_aside: Option<Saved>, work: WorkRef, unsaved: bool, started: Option<mixua_course::Pack>) {
        let embed = state.ui.session.embed;
        let keep = self.saver.keep;
        crate::store::json_io::run(async move {
            if let Some(keeping) = keep().await {
                (keeping.carry_out)(&set_aside, &started, embed);
            }
        });
        *self.saver.work.borrow_mut() = work;
        *self.current.borrow_mut() = Rc::new(state);
        self.typing.set(false);
        if unsaved {
            self.saver.changed();
        }
        (self.rerender)();
    }

    pub fn get(&self) -> Rc<AppState> {
        self.current.borrow().clone()
    }

    pub fn dispatch(&self, action: Action) {
        if !self.typed.waiting.borrow().is_empty() {
            return self.typed.waiting.borrow_mut().push(action);
        }
        let Some(key) = typed(&action) else {
            if self.typed.pending.borrow().is_none() {
                return self.apply(action);
            }
            // A held edit the field shows but the app has not drawn yet (a
            // tick and Ctrl+Z in the same moment): it is applied and drawn
            // first, and this action after that render, so that every field
            // is drawn from the work again. Applied together, an undo would
            // bring back the very card the last render drew, no row would
            // render, and the box would stay ticked while the work says it
            // is not. Yew renders in a microtask queued by the held edit's
            // `rerender`; this one is queued after it.
            self.flush_typed();
            self.typed.waiting.borrow_mut().push(action);
            let store = self.clone();
            wasm_bindgen_futures::spawn_local(async move { store.apply_waiting() });
            return;
        };
        let earlier = self.typed.pending.replace(Some((key.clone(), action)));
        if let Some((earlier_key, earlier)) = earlier {
            if earlier_key != key {
                // Another field's keystroke goes first, in order.
                self.apply(earlier);
            }
        }
        if self.typed.frame.borrow().is_none() {
            let store = self.clone();
            let frame = gloo_render::request_animation_frame(move |_| {
                // Runs before this frame's paint; the edit runs right after it.
                Timeout::new(0, move || store.flush_typed()).forget();
            });
            *self.typed.frame.borrow_mut() = Some(frame);
        }
    }

    fn apply_waiting(&self) {
        let waiting = self.typed.waiting.take();
        for action in waiting {
            self.dispatch(action);
        }
    }

    /// Applies every held and waiting edit now, in order (before the save
    /// when the page is hidden, before a pasted link's start).
    pub fn settle(&self) {
        self.flush_typed();
        while !self.typed.waiting.borrow().is_empty() {
            self.apply_waiting();
            self.flush_typed();
        }
    }

    /// Applies a held edit now (before any other action).
    fn flush_typed(&self) {
        let frame = self.typed.frame.borrow_mut().take();
        drop(frame);
        let pending = self.typed.pending.borrow_mut().take();
        if let Some((_, action)) = pending {
            self.apply(action);
        }
    }

    fn apply(&self, action: Action) {
        let typed = matches!(action, Action::Edit(Edit::EditText { .. } | Edit::SetQuery(_))) && typing_in_field();
        let now = self.get();
        let next = yew::Reducible::reduce(now.clone(), action);
        if Rc::ptr_eq(&now, &next) {
            return;
        }
        let saves = !Rc::ptr_eq(&now.doc, &next.doc)
            || now.ui.session.lang != next.ui.session.lang
            || now.ui.lesson_step != next.ui.lesson_step
            || now.ui.progress != next.ui.progress;
        if !Rc::ptr_eq(&now.doc, &next.doc) {
            self.typing.set(typed);
        }
        *self.current.borrow_mut() = next;
        if saves {
            self.saver.changed();
        }
        (self.rerender)();
    }
}

/// Opens the page in `to` (a page built in one language, issue 28: the
/// other language's words come as that language's build), nothing lost:
/// the held edits applied, the work saved into this tab's slot (the start
/// opens it again), the language kept for the next start, then the same
/// address with `?lang=`. Where the work can't be saved (`?fresh`,
/// `?embed`, storage refused) it goes with the address, as a share link.
/// If the part that does this can't be fetched, the language stays.
/// Only in such a build: elsewhere the language switches in place.
#[cfg(any(feature = "only-en", feature = "only-zh"))]
pub fn switch_lang(store_: &Store, to: Lang) {
    let store_ = store_.clone();
    crate::store::json_io::run(async move {
        if let Some(keeping) = (store_.saver.keep)().await {
            store_.settle();
            (keeping.open_in)(&store_.saver, &store_.get(), to);
        } else {
            store_.saver.part_missing();
            if let Some(built) = Lang::BUILT {
                store_.dispatch(Action::Ui(UiAction::SetLang(built)));
            }
        }
    });
}

/// [`switch_lang`]'s saving and leaving, in the part that keeps the work
/// (the store's held edits already applied to `state`).
#[cfg(any(feature = "only-en", feature = "only-zh"))]
pub fn open_in(saver: &Saver, state: &AppState, to: Lang) {
    let mut saved = false;
    if saver.enabled {
        saver.save();
        saved = !saver.failed.get();
    }
    browser::write_text(browser::LANG_KEY, to.tag());
    let location = gloo_utils::window().location();
    let Ok(url) = location.href().and_then(|href| web_sys::Url::new(&href)) else {
        return;
    };
    url.search_params().set("lang", to.tag());
    if !saved {
        url.set_hash(&persist::encode_link(&state.doc, state.ui.carried_lesson()));
    }
    let _ = location.replace(&url.href());
}

/// The name the learner last wrote in a result code, as the browser keeps
/// it (read once `ready`, after the first render: the build-time prerender
/// has no storage), and the callback that keeps a new one. The lesson
/// panel takes both as props and never touches storage itself. `keep`:
/// the part that keeps the work.
#[yew::hook]
pub fn use_student_name(ready: bool, keep: Keep) -> (String, yew::Callback<String>) {
    let name = yew::use_state_eq(String::new);
    {
        let name = name.clone();
        yew::use_effect_with(ready, move |&ready| {
            if ready {
                crate::store::json_io::run(async move {
                    if let Some(keeping) = keep().await {
                        name.set((keeping.student_name)());
                    }
                })
            }
        });
    }
    let onname = {
        let name = name.clone();
        yew::Callback::from(move |typed: String| {
            let kept = typed.clone();
            crate::store::json_io::run(async move {
                if let Some(keeping) = keep().await {
                    (keeping.set_student_name)(&kept);
                }
            });
            name.set(typed)
        })
    };
    ((*name).clone(), onname)
}

/// The teacher's pack in progress as the browser keeps it (read once, after
/// the first render), and the callback that keeps a new one, telling the
/// learner when storage is unavailable. The teacher's tools take both as
/// props and never touch storage themselves.
#[yew::hook]
pub fn use_pack_in_progress(onaction: yew::Callback<Action>) -> (Option<crate::store::shared::Shared<mixua_course::Pack>>, yew::Callback<mixua_course::Pack>) {
    let saved = yew::use_state(|| None::<crate::store::shared::Shared<mixua_course::Pack>>);
    {
        let saved = saved.clone();
        // Only the build with the teacher's tools shows it.
        yew::use_effect_with((), move |_| {
            if cfg!(feature = "teacher") {
                saved.set(crate::store::pack_link::saved_pack().map(|p| crate::store::shared::Shared(Rc::new(p))));
            }
        });
    }
    let keep = yew::Callback::from(move |next: mixua_course::Pack| {
        // Only the teacher's tools keep a pack in progress: without them,
        // none of this is in the build.
        if cfg!(feature = "teacher") && !crate::store::pack_link::save_pack(&next) {
            onaction.emit(UiAction::Notify(Notice::StorageUnavailable).into());
        }
    });
    ((*saved).clone(), keep)
}

// Opening a work, a file or a reset: the saver's slot and the store's
// state change together (in the `later` part, with the code that reads
// stored work).
impl Saver {
    /// Opens a saved work in this tab (from Recent work, or the other tab's
    /// version of this one), and this tab goes on with that work.
    pub fn open(&self, id: &str, store_: &Store) {
        // What this tab has not saved yet is saved first, where it belongs.
        self.save();
        let index = browser::index();
        let Some(entry) = index.get(id).cloned() else { return };
        // A work that can't be read is said, kept as it was and offered as
        // a file; this tab stays on its work.
        let slot = match browser::slot_text(&browser::Browser, id) {
            browser::SlotText::Read(slot) => slot,
            browser::SlotText::Unreadable(text) => return self.tell(UiAction::Notify(crate::store::notice::unreadable_work(&entry, text))),
            browser::SlotText::Missing => return,
        };
        let Ok(saved) = persist::from_stored(&slot.work) else {
            let text = browser::Browser.text(&browser::slot_key(id)).unwrap_or_default();
            return self.tell(UiAction::Notify(crate::store::notice::unreadable_work(&entry, text)));
        };
        // A teacher's pack's work runs the pack its link started.
        let lesson = saved.lesson();
        let teachers_pack = (lesson == WorkLesson::Pack).then(crate::store::pack_link::started_pack).flatten().map(Rc::new);
        // Another page's work opens on its page, handed over by its id
        // (this tab's work is saved above); never here as another lesson.
        let course = match persist::open_saved(lesson, teachers_pack.as_ref().map(|p| p.lesson()), Page::THIS) {
            Ok(course) => course,
            Err(page) => {
                let lang = self.current.borrow().ui.session.lang;
                let to = format!("{}?work={id}&lang={}", page.file(), lang.tag());
                let _ = gloo_utils::window().location().assign(&to);
                return;
            }
        };
        *self.work.borrow_mut() = WorkRef { id: entry.id.clone(), name: entry.name.clone(), base: slot.rev, forked_from: entry.forked_from };
        browser::set_tab_work(id);
        store_.dispatch(Action::Open {
            doc: saved.doc,
            name: entry.name,
            course,
            teachers_pack,
            lesson_step: saved.lesson_step.unwrap_or(0),
            progress: Box::new(saved.progress.unwrap_or_default()),
        });
        // Opening is not a change of that work: nothing to save.
        self.dirty.set(false);
        self.timer.borrow_mut().take();
        store_.dispatch(UiAction::SetRecent(Recent { works: index.works, current: id.to_string(), read_at: js_sys::Date::now() }).into());
    }

    /// A file of this lesson: as a share link does, it becomes a work of
    /// its own, and this tab's work, saved where it belongs first (Recent
    /// work), is set aside so that it stays one Undo away even after a
    /// reload.
    pub fn import(self: &Rc<Self>, doc: crate::store::work::Doc, source: String, store_: &Store) {
        if self.enabled {
            self.save();
            let state = store_.get();
            let own = Saved { doc: (*state.doc).clone(), course: Some(state.ui.work_lesson()), ..Saved::default() };
            browser::write_text(browser::PREVIOUS_KEY, &persist::to_json(&own));
            let mut work = new_work(state.ui.session.lang);
            work.name = format!("{source} · {}", work.name);
            *self.work.borrow_mut() = work;
        }
        store_.dispatch(Edit::Load { doc, source }.into());
    }

    /// A file of another lesson: this tab's work is saved where it belongs
    /// and stays in Recent work; the file becomes a new work of its own in
    /// its lesson, saved at once.
    pub fn open_new(self: &Rc<Self>, saved: Saved, source: String, store_: &Store) {
        self.save();
        let lang = store_.get().ui.session.lang;
        // The caller checked that this page shows it (`persist::on_page`).
        let Ok(course) = persist::on_page(saved.lesson(), None, Page::THIS) else { return };
        let mut work = new_work(lang);
        work.name = format!("{source} · {}", work.name);
        let name = work.name.clone();
        *self.work.borrow_mut() = work;
        store_.dispatch(Action::Open { doc: saved.doc, name, course, teachers_pack: None, lesson_step: 0, progress: Box::default() });
        self.changed();
    }
}

