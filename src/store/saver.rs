//! The saver: the work written a moment after the last change, and at once
//! when the page is hidden, into this tab's slot, by the plan
//! [`plan_save`](crate::store::save_plan::plan_save) makes; and its calls
//! into the `later` part, which holds the code that writes JSON.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use mixua_words::Lang;


use crate::store::browser;
use crate::store::persist::Saved;
use crate::store::recent::{self, WorkRef};
use crate::store::state::{Action, AppState, Notice, Recent, UiAction};

/// What the store asks of the part that keeps the work (`later`, which
/// holds the code that writes and reads JSON), once it is in.
#[derive(Clone, Copy)]
pub struct Keeping {
    /// Autosave: the work into this tab's slot ([`Saver::save`]).
    pub flush: fn(&Saver),
    /// What a start asks storage for, once it is on screen
    /// (`crate::store::json_io::carry_out`).
    pub carry_out: fn(&Option<Saved>, &Option<mixua_course::Pack>, bool),
    /// The switch to the other language's build
    /// (the store's `open_in`), with the work as it is now.
    #[cfg(any(feature = "only-en", feature = "only-zh"))]
    pub open_in: fn(&Saver, &AppState, Lang),
    /// The name last written in a result code, and its keeping.
    pub student_name: fn() -> String,
    pub set_student_name: fn(&str),
}

/// Fetches the part that keeps the work (at once when it is in): its
/// functions, or `None` when it can't be fetched. The root gives it.
pub type Keep = fn() -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Keeping>>>>;

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
    /// The part that keeps the work, fetched when first needed.
    pub keep: Keep,
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

    pub(crate) fn tell(&self, action: impl Into<Action>) {
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
            match (me.keep)().await {
                Some(keeping) => (keeping.flush)(&me),
                None => me.part_missing(),
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

    /// The first save of a work that has no slot yet; old work from before
    /// works had slots is then in one, and its old key goes.
    pub fn first_save(&self) {
        self.save();
        if !self.failed.get() {
            browser::remove(browser::LEGACY_KEY);
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
            lang: Some(state.ui.session.lang),
            lesson_step: Some(state.ui.lesson_step),
            progress: Some(state.ui.progress.clone()),
            course: Some(state.ui.work_lesson()),
        };
        let work = self.work.borrow().clone();
        let lang = state.ui.session.lang;
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

}

/// A work not saved yet, named by the browser's clock now.
pub fn new_work(lang: Lang) -> WorkRef {
    WorkRef::new(lang, recent::new_id(js_sys::Date::now(), js_sys::Math::random()), &stamp())
}

/// The browser's clock as a new work's name shows it: "11-30 14:05".
pub fn stamp() -> String {
    let now = js_sys::Date::new_0();
    format!("{:02}-{:02} {:02}:{:02}", now.get_month() + 1, now.get_date(), now.get_hours(), now.get_minutes())
}
