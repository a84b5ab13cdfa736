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

use crate::changed::{self, Speech};
use crate::components::announcer::Announcer;
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
use crate::persist::{self, Saved};
use crate::shared::Shared;
use crate::start::{use_start_step, Step};
use crate::lessons::Lesson;
use crate::state::{Action, AppState, Doc, Edit, Mode, Notice, Panel, Recent, Ui, UiAction, WorkAction};
use crate::store;
use crate::works::{self, Entry, Save, Slot};

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

/// Which saved work this tab shows, and the revision it is based on.
#[derive(Clone, Debug, PartialEq)]
struct WorkRef {
    id: String,
    name: String,
    /// The slot's revision this tab loaded or last saved.
    base: u64,
    /// Copied from another work (set when this tab forked it).
    forked_from: Option<String>,
}

impl WorkRef {
    /// A work not saved yet, named by the clock: "Work · 11-30 14:05".
    fn new(lang: Lang) -> WorkRef {
        let now = js_sys::Date::new_0();
        let name = format!(
            "{} · {:02}-{:02} {:02}:{:02}",
            lang.pick("作品", "Work"),
            now.get_month() + 1,
            now.get_date(),
            now.get_hours(),
            now.get_minutes()
        );
        WorkRef { id: works::new_id(js_sys::Date::now(), js_sys::Math::random()), name, base: 0, forked_from: None }
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
    work: WorkRef,
    /// The start shows something not saved yet (a link, the seed, old work
    /// brought over from before works had slots).
    unsaved: bool,
    /// A teacher's pack the link started (kept for the lesson panel).
    started: Option<mixua_policy::Pack>,
}

impl Boot {
    /// A saved, linked or asked-for step past the lesson's end opens its
    /// last step (this reads the lesson's exercises).
    fn keep_step_in_lesson(&mut self) {
        let ui = &mut self.state.ui;
        ui.lesson_step = ui.lesson_step.min(ui.course.pack(ui.lang).exercises.len() - 1);
    }

    /// The build-time first screen: the seed in `lang`, as a fresh load
    /// without saved work starts (no browser is asked anything).
    fn prerender(lang: Lang) -> Boot {
        let state = AppState::new(Doc::seed_in(lang), Ui { lang, ..Ui::default() });
        let work = WorkRef { id: String::new(), name: String::new(), base: 0, forked_from: None };
        Boot { state, set_aside: None, autosave: false, work, unsaved: false, started: None }
    }
}

thread_local! {
    /// The start read before the first render ([`read_start`]), and its
    /// views ([`derive_start`]): each a task of its own (`main.rs`), which
    /// the first render takes over.
    static READ: RefCell<Option<Boot>> = const { RefCell::new(None) };
    static DERIVED: RefCell<Option<(Rc<Workspace>, Computed)>> = const { RefCell::new(None) };
}

/// The start's first task: the work read ([`read_work`]).
pub fn read_start() {
    let boot = read_work();
    READ.with(|r| *r.borrow_mut() = Some(boot));
}

/// The start's second task: the lesson's exercises read, its step kept
/// within them.
pub fn lesson_start() {
    READ.with(|r| {
        if let Some(boot) = r.borrow_mut().as_mut() {
            boot.keep_step_in_lesson();
            // The checks read the English pack (`course.rs`).
            boot.state.ui.course.pack(Lang::En);
        }
    });
}

/// The start's third task: the read work's views.
pub fn derive_start() {
    let Some(ws) = READ.with(|r| r.borrow().as_ref().map(|b| b.state.doc.workspace.clone())) else {
        return;
    };
    let computed = Computed::new(&ws);
    DERIVED.with(|d| *d.borrow_mut() = Some((ws, computed)));
}

/// The start: this tab's work (after a reload), else the most recently
/// saved work, else the seed (unless `?fresh`); then a share link over it
/// (so the saved work stays one undo away); then URL flags. Reads only.
/// The lesson's exercises are not read here ([`Boot::keep_step_in_lesson`]).
fn read_work() -> Boot {
    let address = Address::read();
    let mut ui = Ui { lang: initial_lang(&address), ..Ui::default() };
    // `?embed` (an iframe in slides or a course page) starts as `?fresh`
    // does: the seed (or the link, or the lesson), never the learner's
    // saved work, and nothing is saved.
    let embed = address.flag("embed");
    let fresh = address.flag("fresh") || embed;
    let mut work = WorkRef::new(ui.lang);
    let mut unsaved = true;

    let mut saved = None;
    let mut forks = Vec::new();
    if !fresh {
        let index = store::index();
        let id = store::tab_work().filter(|id| index.get(id).is_some()).or_else(|| index.latest().map(|e| e.id.clone()));
        if let Some((entry, slot)) = id.and_then(|id| Some((index.get(&id)?.clone(), store::slot(&id)?))) {
            forks = index.forks_of(&entry.id, slot.saved_at).iter().map(|e| e.name.clone()).collect();
            saved = persist::from_value(slot.work).ok();
            work = WorkRef { id: entry.id, name: entry.name, base: slot.rev, forked_from: entry.forked_from };
            unsaved = false;
        } else if let Some(legacy) = store::read(store::LEGACY_KEY) {
            saved = persist::from_value(legacy).ok();
        }
    }
    // `?lesson=2` (or `?lesson=1`) opens that lesson's own work: the most
    // recent work of that lesson, else a new one. The other lesson's work
    // stays in its slot (Recent work), so nothing of it is lost.
    let wanted = address.param("lesson").and_then(|l| Course::parse(&l));
    let mut course = saved.as_ref().and_then(|s: &Saved| s.course).unwrap_or_default();
    let mut opened_lesson = None;
    if let Some(want) = wanted.filter(|&w| w != course || saved.is_none()) {
        if let Some((entry, slot, found)) = (!fresh).then(|| latest_of(want)).flatten() {
            work = WorkRef { id: entry.id, name: entry.name, base: slot.rev, forked_from: entry.forked_from };
            saved = Some(found);
            unsaved = false;
            opened_lesson = Some(Notice::OpenedLesson { course: want, kept: true });
        } else if want == Course::Two || saved.is_some() {
            opened_lesson = Some(Notice::OpenedLesson { course: want, kept: saved.is_some() });
            saved = None;
            work = WorkRef::new(ui.lang);
            if want == Course::Two {
                work.name = format!("{} · {}", ui.lang.pick("第 2 課", "Lesson 2"), work.name);
            }
            unsaved = true;
        }
        course = want;
    }
    ui.course = course;
    if course == Course::Pack {
        if let Some(pack) = crate::pack_link::started_pack() {
            Course::set_authored(pack);
        }
    }
    let had_saved = saved.is_some();
    // Without saved work, the seed in the UI's language (`?seed=zh-TW` or
    // `?seed=en` picks one explicitly).
    let seed_lang = address.param("seed").map(|tag| Lang::from_tag(&tag)).unwrap_or(ui.lang);
    let mut doc = course.start_doc(seed_lang);
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
    if let Some(hide) = address.param("hide") {
        ui.hidden = hide.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    }
    if embed {
        ui.embed = true;
        ui.hidden.extend(crate::embed::hidden(address.param("panel").as_deref().unwrap_or("")));
    }
    ui.classroom = address.flag("classroom");
    let mut state = AppState::new(doc, ui);
    if fresh && !embed {
        state.ui.notice = Some(Notice::FreshStart);
    } else if !forks.is_empty() {
        state.ui.notice = Some(Notice::ForkedElsewhere { names: forks });
    }
    if let Some(notice) = opened_lesson {
        state.ui.notice = Some(notice);
    }
    let mut set_aside = None;
    let mut opened_link = false;
    let mut started = None;
    if crate::pack_link::is_pack_link(&address.fragment) {
        // A teacher's pack: its first exercise's start becomes a work of its
        // own, and the learner's own work is set aside as for a share link.
        use crate::pack_link::PackNotice;
        match crate::pack_link::decode(&address.fragment) {
            Ok(pack) => {
                let lang = state.ui.lang;
                let doc = Doc { workspace: Rc::new(pack.exercises[0].start.workspace(lang)), ..Doc::default() };
                if had_saved && !fresh {
                    set_aside = Some(Saved { doc: (*state.doc).clone(), ..Saved::default() });
                }
                let title = if pack.title.is_empty() { pack.id.clone() } else { pack.title.get(lang).to_string() };
                work = WorkRef::new(lang);
                work.name = format!("{title} · {}", work.name);
                unsaved = true;
                state.apply(Edit::Load { doc, source: title.clone() });
                state.ui.lesson_step = 0;
                // The lesson panel runs the pack's exercises.
                state.ui.course = Course::Pack;
                state.ui.progress = Default::default();
                Course::set_authored(pack.clone());
                state.ui.notice = Some(Notice::Pack(PackNotice::Opened { title, exercises: pack.exercises.len(), kept: had_saved && !fresh }));
                opened_link = true;
                started = Some(pack);
            }
            Err(problem) => state.ui.notice = Some(Notice::Pack(PackNotice::Refused(problem))),
        }
    } else if !address.fragment.is_empty() {
        let source = state.ui.lang.pick("分享連結", "the share link").to_string();
        match persist::decode_link(&address.fragment) {
            Ok(linked) if linked.doc == *state.doc && linked.course.unwrap_or_default() == state.ui.course => {}
            Ok(linked) if linked.course.unwrap_or_default() != state.ui.course => {
                // Another lesson's work (a lesson-2 link over lesson-1 work,
                // or the other way round): it opens in its own lesson, as a
                // work of its own, from that lesson's first step. The
                // learner's own work stays in its slot (Recent work); it is
                // not one Undo away, since Undo never changes the lesson.
                let course = linked.course.unwrap_or_default();
                work = WorkRef::new(state.ui.lang);
                if course == Course::Two {
                    work.name = format!("{} · {}", state.ui.lang.pick("第 2 課", "Lesson 2"), work.name);
                }
                unsaved = true;
                let ui = Ui { course, lesson_step: 0, progress: Default::default(), tick: None, ..state.ui.clone() };
                state = AppState::new(linked.doc, ui);
                state.ui.notice = (!embed).then_some(match had_saved && !fresh {
                    true => Notice::OpenedLinkOtherLesson { course },
                    false => Notice::OpenedLink { kept: false },
                });
                opened_link = true;
            }
            Ok(Saved { doc: linked, .. }) => {
                // The link becomes a work of its own; the learner's own work
                // stays in its slot, and is also set aside so that it is one
                // Undo away, even after a reload.
                if had_saved && !fresh {
                    set_aside = Some(Saved { doc: (*state.doc).clone(), ..Saved::default() });
                }
                work = WorkRef::new(state.ui.lang);
                unsaved = true;
                state.apply(Edit::Load { doc: linked, source });
                // An embed shows the linked state quietly (it saves nothing).
                state.ui.notice = (!embed).then_some(Notice::OpenedLink { kept: had_saved && !fresh });
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
    // A start is no edit: nothing is marked as changed.
    state.last = None;
    Boot { state, set_aside, autosave: !fresh, work, unsaved, started }
}

/// The most recently saved work of a lesson, read from storage.
fn latest_of(course: Course) -> Option<(Entry, Slot, Saved)> {
    let mut works = store::index().works;
    // Newest first, stably.
    mixua_policy::order::sort_small_by(&mut works, |a, b| a.saved_at.total_cmp(&b.saved_at).is_lt());
    works.into_iter().find_map(|entry| {
        let slot = store::slot(&entry.id)?;
        let saved = persist::from_value(slot.work.clone()).ok()?;
        (saved.course.unwrap_or_default() == course).then_some((entry, slot, saved))
    })
}

/// The state and its reducer. Unlike `use_reducer`, the latest state is
/// readable outside render, so the save at `pagehide` writes the latest
/// work even while a big re-render is still pending.
#[derive(Clone)]
struct Store {
    current: Rc<RefCell<Rc<AppState>>>,
    rerender: Rc<dyn Fn()>,
    saver: Rc<Saver>,
    typed: Rc<Typed>,
    /// The last change to the work was a keystroke in a text field: its
    /// summary waits until the learner leaves the field.
    typing: Rc<Cell<bool>>,
}

/// Is the focus in a field the learner types into?
fn typing_in_field() -> bool {
    let Some(el) = gloo_utils::document().active_element() else { return false };
    match el.dyn_ref::<web_sys::HtmlInputElement>() {
        Some(input) => matches!(input.type_().as_str(), "text" | "search" | ""),
        None => el.tag_name() == "TEXTAREA",
    }
}

/// A keystroke's edit, held until the frame that shows the typed character
/// is painted: the field answers at once and the views follow one frame
/// later (the evaluation never delays the echo of a key). Keys typed in the
/// meantime into the same field replace it; anything else applies it first,
/// so the order of edits never changes.
#[derive(Default)]
struct Typed {
    pending: RefCell<Option<((usize, mixua_policy::Field), Action)>>,
    frame: RefCell<Option<gloo_render::AnimationFrame>>,
}

/// The card and field of a keystroke in a free-text card field (not a
/// select: a choice is applied at once).
fn typed(action: &Action) -> Option<(usize, mixua_policy::Field)> {
    use mixua_policy::Field;
    match action {
        Action::Edit(Edit::EditText { index, field, .. }) if !matches!(field, Field::Scope | Field::Stream | Field::ShareApproved) => {
            Some((*index, *field))
        }
        _ => None,
    }
}

impl Store {
    fn get(&self) -> Rc<AppState> {
        self.current.borrow().clone()
    }

    fn dispatch(&self, action: Action) {
        let Some(key) = typed(&action) else {
            self.flush_typed();
            return self.apply(action);
        };
        let earlier = self.typed.pending.replace(Some((key, action)));
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

    /// Applies a held keystroke now (before any other action, and before
    /// the save when the page is hidden).
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
            || now.ui.lang != next.ui.lang
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

/// How the saver tells the learner (a full or disabled storage, another
/// tab's save).
type Notify = Rc<dyn Fn(Action)>;

/// Saves the work a moment after the last change (typing a lesson is one
/// save, not one per key), and at once when the page is hidden or closed,
/// into this tab's work slot, never over a revision another tab saved.
/// A full or disabled storage is said once; the work goes on in memory.
struct Saver {
    enabled: bool,
    /// The state to save from: always the latest.
    current: Rc<RefCell<Rc<AppState>>>,
    work: RefCell<WorkRef>,
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

    fn tell(&self, action: impl Into<Action>) {
        if let Some(notify) = self.notify.borrow().clone() {
            notify(action.into());
        }
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
            course: Some(state.ui.course),
        };
        let now = js_sys::Date::now();
        let mut work = self.work.borrow().clone();
        let mut index = store::index();
        let rev = match works::decide(store::slot(&work.id).map(|s| s.rev), work.base) {
            Save::Over { next } => next,
            Save::Fork { .. } => {
                // Another tab saved this work first: this tab's changes go
                // to a copy, and this tab goes on with the copy.
                let original = work.name.clone();
                let mut copy = WorkRef::new(state.ui.lang);
                copy.name = format!("{original} {}", state.ui.lang.pick("(另一分頁)", "(other tab)"));
                copy.forked_from = Some(work.id.clone());
                work = copy;
                self.tell(UiAction::Notify(Notice::ForkedHere { name: work.name.clone(), original }));
                1
            }
        };
        let slot = Slot { rev, saved_at: now, work: persist::to_value(&saved) };
        let mut ok = store::write_slot(&work.id, &slot);
        if ok {
            work.base = rev;
            index.touch(Entry {
                id: work.id.clone(),
                name: work.name.clone(),
                saved_at: now,
                cards: saved.doc.workspace.cards.len(),
                rev,
                forked_from: work.forked_from.clone(),
            });
            let dropped = index.bound(works::KEEP, &work.id);
            for gone in &dropped {
                store::remove(&store::slot_key(&gone.id));
            }
            ok = store::write_index(&index);
            store::set_tab_work(&work.id);
            if !dropped.is_empty() {
                self.tell(UiAction::Notify(Notice::DroppedOldest { names: dropped.into_iter().map(|e| e.name).collect() }));
            }
            self.tell(UiAction::SetRecent(Recent { works: index.works.clone(), current: work.id.clone() }));
        }
        *self.work.borrow_mut() = work;
        if !ok && !self.failed.get() {
            self.tell(UiAction::Notify(Notice::StorageUnavailable));
        }
        self.failed.set(!ok);
        // Work set aside by a share link is forgotten once it is back.
        if let Some(previous) = store::read(store::PREVIOUS_KEY).and_then(|v| persist::from_value(v).ok()) {
            if previous.doc == *state.doc {
                store::remove(store::PREVIOUS_KEY);
            }
        }
    }

    /// Another tab wrote storage: a newer save of this tab's work is said
    /// at once (the next change here will go to a copy), and Recent work
    /// follows the index.
    fn storage_event(&self, key: &str) {
        let work = self.work.borrow().clone();
        if store::slot_id(key) == Some(work.id.as_str()) {
            if store::slot(&work.id).is_some_and(|s| s.rev > work.base) {
                self.tell(UiAction::Notify(Notice::ChangedElsewhere { name: work.name.clone() }));
            }
        } else if store::is_index_key(key) {
            self.tell(UiAction::SetRecent(Recent { works: store::index().works, current: work.id }));
        }
    }

    /// Opens a saved work in this tab (from Recent work, or the other tab's
    /// version of this one), and this tab goes on with that work.
    fn open(&self, id: &str, store_: &Store) {
        // What this tab has not saved yet is saved first, where it belongs.
        self.flush();
        let index = store::index();
        let (Some(entry), Some(slot)) = (index.get(id).cloned(), store::slot(id)) else { return };
        let Ok(saved) = persist::from_value(slot.work) else { return };
        *self.work.borrow_mut() = WorkRef { id: entry.id.clone(), name: entry.name.clone(), base: slot.rev, forked_from: entry.forked_from };
        store::set_tab_work(id);
        let course = saved.course.unwrap_or_default();
        if course == Course::Pack {
            if let Some(pack) = crate::pack_link::started_pack() {
                Course::set_authored(pack);
            }
        }
        store_.dispatch(Action::Open {
            doc: saved.doc,
            name: entry.name,
            course,
            lesson_step: saved.lesson_step.unwrap_or(0),
            progress: Box::new(saved.progress.unwrap_or_default()),
        });
        // Opening is not a change of that work: nothing to save.
        self.dirty.set(false);
        self.timer.borrow_mut().take();
        store_.dispatch(UiAction::SetRecent(Recent { works: index.works, current: id.to_string() }).into());
    }

    /// A file of another lesson: this tab's work is saved where it belongs
    /// and stays in Recent work; the file becomes a new work of its own in
    /// its lesson, saved at once.
    fn open_new(self: &Rc<Self>, saved: Saved, source: String, store_: &Store) {
        self.flush();
        let lang = store_.get().ui.lang;
        let course = saved.course.and_then(persist::portable).unwrap_or_default();
        let mut work = WorkRef::new(lang);
        work.name = format!("{source} · {}", work.name);
        let name = work.name.clone();
        *self.work.borrow_mut() = work;
        store_.dispatch(Action::Open { doc: saved.doc, name, course, lesson_step: 0, progress: Box::default() });
        self.changed();
    }
}


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
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let rerender = use_force_update();
    let prerender = props.prerender;
    let store = {
        let rerender = rerender.clone();
        use_memo((), move |_| {
            let Boot { state, set_aside, autosave, work, unsaved, started } = match prerender {
                Some(lang) => Boot::prerender(lang),
                None => {
                    // What `read_start` read (else read now), its step kept
                    // within its lesson (a no-op after `lesson_start`).
                    let mut boot = READ.with(|r| r.borrow_mut().take()).unwrap_or_else(read_work);
                    boot.keep_step_in_lesson();
                    boot
                }
            };
            let current = Rc::new(RefCell::new(Rc::new(state)));
            let saver = Rc::new(Saver {
                enabled: autosave,
                current: current.clone(),
                work: RefCell::new(work),
                timer: RefCell::new(None),
                dirty: Cell::new(false),
                failed: Cell::new(false),
                notify: RefCell::new(None),
            });
            let store = Store {
                current,
                rerender: Rc::new(move || rerender.force_update()),
                saver,
                typed: Rc::default(),
                typing: Rc::new(Cell::new(false)),
            };
            (store, RefCell::new(set_aside), unsaved, RefCell::new(started))
        })
    };
    let (store, set_aside, unsaved, started) = (&store.0, &store.1, store.2, &store.3);
    let state = store.get();
    let step = use_start_step(prerender.is_some() || state.ui.classroom);
    let onaction = {
        let store = store.clone();
        use_callback((), move |action: Action, _| store.dispatch(action))
    };
    let computed_now = Shared(use_memo(Shared(state.doc.workspace.clone()), |ws| {
        let derived = DERIVED.with(|d| d.borrow_mut().take()).filter(|(of, _)| Rc::ptr_eq(of, &ws.0));
        derived.map(|(_, computed)| computed).unwrap_or_else(|| Computed::new(&ws.0))
    }));
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
    let said = use_state(|| (0u32, String::new()));
    let first_render = use_mut_ref(|| true);
    {
        let words = change.as_ref().filter(|_| !state.ui.mode.hides_answers()).map(|(kind, c)| changed::spoken(*kind, c, lang));
        let notice = state.ui.notice.clone();
        let typed = store.typing.get();
        let (speech, said, first_render) = (speech.clone(), said.clone(), first_render.clone());
        use_effect_with((Shared(state.doc.clone()), notice), move |(doc, notice)| {
            let first = first_render.replace(false);
            let notice = notice.as_ref().map(|n| (n, notice_text(n, lang).1));
            if let Some(say) = speech.borrow_mut().rendered(&doc.0, words, notice, typed) {
                if first {
                    // The region has only just been added to the page: a
                    // moment later, so that screen readers hear it.
                    Timeout::new(800, move || said.set(say)).forget();
                } else {
                    said.set(say);
                }
            }
        });
    }
    {
        let (speech, said) = (speech.clone(), said.clone());
        use_effect_with((), move |_| {
            let left = EventListener::new(&gloo_utils::document(), "focusout", move |_| {
                if let Some(say) = speech.borrow_mut().left_field() {
                    said.set(say);
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

    // Once, after the first render: the storage writes the start asked for,
    // the share link taken out of the address bar (so a reload restores the
    // autosaved work rather than the link), and a work that has no slot
    // yet marked to be saved.
    {
        let store = store.clone();
        let onaction = onaction.clone();
        let set_aside = set_aside.borrow_mut().take();
        let started = started.borrow_mut().take();
        let embed = state.ui.embed;
        use_effect_with((), move |_| {
            if let Some(pack) = started {
                crate::pack_link::start_pack(&pack);
            }
            *store.saver.notify.borrow_mut() = Some(Rc::new(move |action| onaction.emit(action)));
            if let Some(own) = set_aside {
                store::write(store::PREVIOUS_KEY, &persist::to_value(&own));
            }
            let window = gloo_utils::window();
            // An embed saves nothing: its link stays in the address.
            if !embed && !window.location().hash().unwrap_or_default().is_empty() {
                let url = format!(
                    "{}{}",
                    window.location().pathname().unwrap_or_default(),
                    window.location().search().unwrap_or_default()
                );
                if let Ok(history) = window.history() {
                    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
                }
            }
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
            move || drop((pagehide, storage, keys))
        });
    }

    // A step whose checks all hold is recorded as done when it happens, so
    // it stays done whatever later steps change; and what a step asks to
    // have been seen once (the pack's milestones: the alarm X causes, the
    // probe singling out alice, a tombstone in the past, a cache leak, a
    // stale copy) is remembered when it shows; and a step's predicted cells
    // as first revealed, for the result code.
    {
        let lesson = Lesson {
            doc: &state.doc,
            computed: &computed_now,
            revealed: state.ui.mode == Mode::Predict { revealed: true },
            progress: &state.ui.progress,
            tick,
        };
        // From the start's side step on, when the lesson panel shows (its
        // own task, not the first render's: `start.rs`).
        let checks = step >= Step::Side;
        let newly = if checks { crate::course::newly_done_in(state.ui.course, state.ui.lesson_step, lesson) } else { Vec::new() };
        let seen = if checks { crate::course::milestones_in(state.ui.course, lesson) } else { Vec::new() };
        let first = checks.then(|| crate::course::first_reveal_in(state.ui.course, state.ui.lesson_step, lesson)).flatten();
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
                    store.dispatch(Edit::Load { doc: saved.doc, source }.into());
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
            {lang}
            onaction={onaction.clone()}
        />
    });
    // The panel the current exercise works in (the pack's `panel`) is
    // shown in the inspector column beside the chart, not below it, so the
    // exercise's instructions name something on the first screen.
    let tools: Vec<String> = if hidden("lesson") || classroom {
        Vec::new()
    } else {
        let pack = ui.course.pack(lang);
        pack.exercises.get(ui.lesson_step.min(pack.exercises.len() - 1)).map(|e| e.panels.clone()).unwrap_or_default()
    };
    let in_side = |panel: &str| tools.iter().any(|t| t == panel);
    let cache_panel = html! { <CachePanel workspace={workspace.clone()} {lang} onaction={onaction.clone()} /> };
    let retention_panel = html! { <RetentionPanel workspace={workspace.clone()} selected={ui.selected} {lang} onaction={onaction.clone()} /> };
    let groups_panel = html! { <GroupsPanel workspace={workspace.clone()} {lang} onaction={onaction.clone()} /> };
    // Lesson 2's Act as is always in the inspector column: where the
    // exercise lists it, else after the panels it lists.
    let act_panel = (lesson_two && !hidden("act")).then(|| html! {
        <ActAs workspace={workspace.clone()} actor={ui.actor.clone()} selected={ui.selected}
            refusal={ui.refusal.clone()} history={ui.history.clone()}
            change={change.as_ref().map(|(_, c)| c.clone())} {lang} onaction={onaction.clone()} />
    });
    let mut side_tools: Vec<(String, Html)> = Vec::new();
    for name in tools.iter().map(String::as_str).chain((!in_side("act")).then_some("act")) {
        let panel = match name {
            "act" => act_panel.clone(),
            "cache" if lesson_two && !hidden("cache") => Some(cache_panel.clone()),
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
    let english_seed = !workspace.cards.iter().any(|c| c.situation.contains(mixua_policy::SEED_QUERY));
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
            <Announcer seq={said.0} text={said.1.clone()} />
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
