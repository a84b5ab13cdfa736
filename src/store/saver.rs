//! The saver: the work written a moment after the last change, and at once
//! when the page is hidden, into this tab's slot, by the plan
//! [`plan_save`](crate::store::save_plan::plan_save) makes; and its calls
//! into the `later` part, which holds the code that writes JSON.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_split_helpers::wasm_split;


use crate::derive::course::{Page, WorkLesson};
use crate::parts::SplitLoaderError;
use crate::store::autosave::{new_work, Store};
use crate::store::browser::{self, Stored as _};
use crate::store::persist::{self, Saved};
use crate::store::recent::WorkRef;
use crate::store::state::{Action, AppState, Edit, Notice, Recent, UiAction};

/// How the saver tells the learner (a full or disabled storage, another
/// tab's save).
pub type Notify = Rc<dyn Fn(Action)>;

/// Saves the work a moment after the last change (typing a lesson is one
/// save, not one per key), and at once when the page is hidden or closed,
/// into this tab's work slot, never over a revision another tab saved.
/// A full or disabled storage is said once; the work goes on in memory.
pub struct Saver {
    pub enabled: bool,
    /// The state to save from: always the latest.
    pub(crate) current: Rc<RefCell<Rc<AppState>>>,
    pub work: RefCell<WorkRef>,
    pub(crate) timer: RefCell<Option<Timeout>>,
    pub dirty: Cell<bool>,
    pub failed: Cell<bool>,
    pub notify: RefCell<Option<Notify>>,
}

impl Saver {
    pub fn changed(self: &Rc<Self>) {
        if !self.enabled {
            return;
        }
        self.dirty.set(true);
        let me = self.clone();
        // Replacing the timer cancels the one before: the save waits for a pause.
        *self.timer.borrow_mut() = Some(Timeout::new(300, move || me.flush()));
    }

    fn tell(&self, action: impl Into<Action>) {
        if let Some(notify) = self.notify.borrow().clone() {
            notify(action.into());
        }
    }

    /// Saves now, if anything changed since the last save: at once when
    /// the part that writes the work is in (`crate::store::json_io`), else as soon
    /// as it has come (the changes stay marked until then).
    pub fn flush(self: &Rc<Self>) {
        self.timer.borrow_mut().take();
        if !self.dirty.get() {
            return;
        }
        let me = self.clone();
        crate::store::json_io::run(async move {
            if flush(&me).await.is_err() {
                me.part_missing();
            }
        });
    }

    /// The part that writes the work could not be fetched: said once, and
    /// the work goes on in memory, still marked as changed.
    pub fn part_missing(&self) {
        if !self.failed.replace(true) {
            self.tell(UiAction::Notify(Notice::PartMissing));
        }
    }

    /// The save itself (`crate::store::json_io`'s): the latest work into this tab's
    /// slot, never over a revision another tab saved.
    pub fn save(&self) {
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
            course: Some(state.ui.work_lesson()),
        };
        let work = self.work.borrow().clone();
        let lang = state.ui.lang;
        let plan = crate::store::save_plan::plan_save(&browser::Browser, &work, &saved, js_sys::Date::now(), lang, &|| new_work(lang));
        if let Some(forked) = plan.forked {
            self.tell(UiAction::Notify(forked));
        }
        let mut work = plan.work;
        let mut ok = browser::write_slot(&work.id, &plan.slot);
        if ok {
            work.base = plan.slot.rev;
            for gone in &plan.dropped {
                browser::remove(&browser::slot_key(&gone.id));
            }
            ok = browser::write_index(&plan.index);
            browser::set_tab_work(&work.id);
            if let Some(dropped) = plan.dropped_notice {
                self.tell(UiAction::Notify(dropped));
            }
            self.tell(UiAction::SetRecent(Recent { works: plan.index.works, current: work.id.clone(), read_at: js_sys::Date::now() }));
        }
        *self.work.borrow_mut() = work;
        if !ok && !self.failed.get() {
            self.tell(UiAction::Notify(Notice::StorageUnavailable));
        }
        self.failed.set(!ok);
        // Work set aside by a share link is forgotten once it is back.
        if plan.forget_set_aside {
            browser::remove(browser::PREVIOUS_KEY);
        }
    }

    /// Another tab wrote storage: a newer save of this tab's work is said
    /// at once (the next change here will go to a copy), and Recent work
    /// follows the index.
    pub fn storage_event(&self, key: &str) {
        let work = self.work.borrow().clone();
        if browser::slot_id(key) == Some(work.id.as_str()) {
            if browser::slot(&work.id).is_some_and(|s| s.rev > work.base) {
                self.tell(UiAction::Notify(Notice::ChangedElsewhere { name: work.name.clone() }));
            }
        } else if browser::is_index_key(key) {
            self.tell(UiAction::SetRecent(Recent { works: browser::index().works, current: work.id, read_at: js_sys::Date::now() }));
        }
    }

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
            browser::SlotText::Unreadable(text) => return self.tell(UiAction::Notify(crate::start::route::unreadable_work(&entry, text))),
            browser::SlotText::Missing => return,
        };
        let Ok(saved) = persist::from_stored(&slot.work) else {
            let text = browser::Browser.text(&browser::slot_key(id)).unwrap_or_default();
            return self.tell(UiAction::Notify(crate::start::route::unreadable_work(&entry, text)));
        };
        // A teacher's pack's work runs the pack its link started.
        let lesson = saved.lesson();
        let teachers_pack = (lesson == WorkLesson::Pack).then(crate::store::pack_link::started_pack).flatten().map(Rc::new);
        // Another page's work opens on its page, handed over by its id
        // (this tab's work is saved above); never here as another lesson.
        let course = match crate::start::route::open_saved(lesson, teachers_pack.as_ref().map(|p| p.lesson()), Page::THIS) {
            Ok(course) => course,
            Err(page) => {
                let lang = self.current.borrow().ui.lang;
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
            let mut work = new_work(state.ui.lang);
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
        let lang = store_.get().ui.lang;
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

// The saver's writing and reading, in the part that keeps the work
// (`crate::store::json_io`): each called through [`crate::store::json_io::run`].

/// Autosave: the work into this tab's slot ([`Saver::save`]).
#[wasm_split(later, fallible, preload(preload_flush))]
pub fn flush(saver: &Saver) -> Result<(), SplitLoaderError> {
    saver.save();
    Ok(())
}

/// The first save of a work that has no slot yet; old work from before
/// works had slots is then in one, and its old key goes.
#[wasm_split(later, fallible, preload(preload_first_save))]
pub fn first_save(saver: &Saver) -> Result<(), SplitLoaderError> {
    saver.save();
    if !saver.failed.get() {
        browser::remove(browser::LEGACY_KEY);
    }
    Ok(())
}

/// Another tab wrote storage ([`Saver::storage_event`]).
#[wasm_split(later, fallible, preload(preload_storage_event))]
pub fn storage_event(saver: &Saver, key: &str) -> Result<(), SplitLoaderError> {
    saver.storage_event(key);
    Ok(())
}

/// Opens a saved work in this tab ([`Saver::open`]).
#[wasm_split(later, fallible, preload(preload_open))]
pub fn open(saver: &Saver, id: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.open(id, store_);
    Ok(())
}

/// A file of this lesson, as a work of its own ([`Saver::import`]).
#[wasm_split(later, fallible, preload(preload_import))]
pub fn import(saver: &Rc<Saver>, doc: &crate::store::work::Doc, source: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.import(doc.clone(), source.to_string(), store_);
    Ok(())
}

/// A file of another lesson, as a new work in its lesson ([`Saver::open_new`]).
#[wasm_split(later, fallible, preload(preload_open_new))]
pub fn open_new(saver: &Rc<Saver>, saved: &Saved, source: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.open_new(saved.clone(), source.to_string(), store_);
    Ok(())
}
