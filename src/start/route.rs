//! Where a page load goes: from the address (query and fragment), what is
//! stored and the tab's session, to the work that opens, the work set aside
//! and whether the tab saves. Pure: storage is read through
//! [`Stored`](crate::store::browser::Stored) (the browser's, or a map in the native
//! tests), the clock and the browser's language come in the [`Session`],
//! and the writes the start asks for are returned ([`Route::set_aside`],
//! [`Route::started`]) for an effect to carry out after the first render.
//! The browser side (`start/mod.rs`) reads the address and the session and
//! calls [`route`].

use std::rc::Rc;

use mixua_words::Lang;
use mixua_course::Pack;

use crate::store::lesson::{Course, Page, WorkLesson};
use crate::store::work::Doc;
use crate::store::persist::Saved;
use crate::store::state::{AppState, Edit, Notice, Ui};
use crate::store::browser::Stored;
pub use crate::store::recent::WorkRef;
pub use crate::start::address::{Address, Session};
pub use crate::start::pages::{link_page, open_saved, students_page, LESSON3_PAGE, TEACHER_PAGE};
pub use crate::start::stored::{unreadable_work, Found, NothingStored, Reader, StoredWork};

/// Where the start goes: the state, and what the start asks to be written
/// (by an effect after the first render, never by the start itself).
pub struct Route {
    pub state: AppState,
    /// The learner's own work, set aside before a link replaces it.
    pub set_aside: Option<Saved>,
    /// Whether this tab keeps its work: not in a `?fresh` or `?embed` start.
    pub autosave: bool,
    pub work: WorkRef,
    /// The start shows something not saved yet (a link, the seed, old work
    /// brought over from before works had slots).
    pub unsaved: bool,
    /// A teacher's pack a link started: to be kept in storage.
    pub started: Option<Pack>,
    /// A share or pack link replaced the work (not refused, not the same
    /// work): what a link pasted into an open tab opens.
    pub opened_link: bool,
    /// The teacher's pack [`Course::Pack`] runs (from the link, or the one
    /// a link started earlier), also put in the state (`UiSession::teachers_pack`).
    pub authored: Option<Pack>,
    /// The page this start goes on to instead (an address relative to the
    /// site's directory): the work, link or lesson asked for is another
    /// page's. Nothing is opened or saved here.
    pub go: Option<String>,
}

impl Route {
    /// A start that goes on to another page (`to`): nothing shown here is
    /// saved, nothing stored is touched.
    fn go(ui: Ui, to: String) -> Route {
        let state = AppState::new(Doc::default(), ui);
        let work = WorkRef { id: String::new(), name: String::new(), base: 0, forked_from: None };
        Route { state, set_aside: None, autosave: false, work, unsaved: false, started: None, opened_link: false, authored: None, go: Some(to) }
    }
}

/// `?lang=`, else the browser's language: 繁體中文 for Chinese, English
/// otherwise. A page built in one language (issue 28) is in that language:
/// its loader chose it (`?lang=`, else the last language chosen here, else
/// the browser's; Trunk.toml), and a switch opens the other one's build.
fn initial_lang(address: &Address, session: &Session) -> Lang {
    if let Some(built) = Lang::BUILT {
        return built;
    }
    if let Some(tag) = address.param("lang") {
        return Lang::from_tag(&tag);
    }
    if session.browser_lang.to_ascii_lowercase().starts_with("zh") {
        Lang::ZhTw
    } else {
        Lang::En
    }
}

/// A new work named after its lesson when it is lesson 2's or 3's.
fn new_work(lang: Lang, course: Course, session: &Session) -> WorkRef {
    let mut work = WorkRef::new(lang, session.new_id.clone(), &session.stamp);
    if !matches!(course, Course::One | Course::Pack) {
        let n = course.number();
        work.name = format!("{} · {}", pick!(lang, format!("第 {n} 課"), format!("Lesson {n}")), work.name);
    }
    work
}

/// The start: this tab's work (after a reload), else the most recently
/// saved work, else the seed (unless `?fresh`); then a share or pack link
/// over it (so the saved work stays one undo away); then URL flags. Reads
/// only. The lesson's exercises are not read here.
pub fn route(address: &Address, stored: &dyn Stored, session: &Session) -> Route {
    route_by(address, session, &StoredWork(stored))
}

/// The start of a page with nothing stored and no link in its address:
/// what [`route`] gives over empty storage (`tests/start_route.rs` holds
/// them equal), without any of the code that reads stored work or links,
/// so that a first visit needs none of it before the chart is interactive
/// (issue 28: `crate::store::json_io`).
pub fn route_plain(address: &Address, session: &Session) -> Route {
    route_by(address, session, &NothingStored)
}

/// [`route`], reading stored work and links through `reader`.
fn route_by<R: Reader>(address: &Address, session: &Session, reader: &R) -> Route {
    let mut ui = Ui::default();
    ui.session.parts = session.parts;
    ui.session.lang = initial_lang(address, session);
    // `?embed` (an iframe in slides or a course page) starts as `?fresh`
    // does: the seed (or the link, or the lesson), never the learner's
    // saved work, and nothing is saved.
    let embed = address.flag("embed");
    let fresh = address.flag("fresh") || embed;
    let mut work = WorkRef::new(ui.session.lang, session.new_id.clone(), &session.stamp);
    let mut unsaved = true;

    let page = address.page;
    let mut saved = None;
    let mut forks = Vec::new();
    // Anything stored that can't be read is said, kept as it was and
    // offered as a file; the start goes on without it.
    let mut unreadable = None;
    // The work another page handed over (`?work=ID`), else this tab's
    // (after a reload, or a page left for another in this tab), else the
    // latest saved.
    let handed = address.param("work").filter(|id| !id.is_empty());
    // A pack's work has its pack's lesson (the pack a link started).
    // This tab's work, when it is another page's (said at the start).
    let mut elsewhere = None;
    // A work of another lesson was this tab's (or handed over, or the
    // latest) and stays in its slot: opening this lesson is a switch,
    // said as one.
    let mut other_kept = false;
    let pack_lesson = |lesson: WorkLesson| (lesson == WorkLesson::Pack).then(|| reader.started_pack().map(|p| p.lesson())).flatten();
    let shown_here = |saved: &Saved| {
        let lesson = saved.lesson();
        lesson.course().is_some() && page.shows(lesson.home(pack_lesson(lesson)))
    };
    if !fresh {
        let found = reader.saved(handed.as_deref().or(session.tab_work.as_deref()));
        (saved, forks, unreadable) = (found.saved, found.forks, found.unreadable);
        if let Some(found) = found.work {
            work = found;
            unsaved = false;
        }
        // A work this page can't show is never opened here (as another
        // lesson) nor saved over: handed over, it goes on to its lesson's
        // page; this tab's or the latest, it stays in its slot, and the
        // page opens the latest work it shows.
        if let Some(other) = saved.as_ref().filter(|s| !shown_here(s)) {
            let lesson = other.lesson();
            let home = lesson.home(pack_lesson(lesson));
            if handed.as_deref().is_some_and(|id| id == work.id) {
                let query = address.query_for(&["lesson"], &[("work", &work.id), ("lang", ui.session.lang.tag())]);
                let to = format!("{}{query}", Page::of_lesson(home).file());
                return Route::go(ui, to);
            }
            // This tab's work (a reload) is another page's: said, with
            // where it is, so that it is never silently swapped.
            // (A switch of lesson, `?lesson=N`, says its own notice.)
            if handed.is_none() && address.param("lesson").is_none() && session.tab_work.as_deref() == Some(work.id.as_str()) {
                elsewhere = Some(Notice::TabWorkElsewhere { name: work.name.clone(), lesson: home });
            }
            forks.clear();
            saved = None;
            other_kept = true;
            work = WorkRef::new(ui.session.lang, session.new_id.clone(), &session.stamp);
            unsaved = true;
            if let Some((entry, slot, found)) = reader.latest(&shown_here) {
                work = WorkRef::saved(entry, &slot);
                saved = Some(found);
                unsaved = false;
            }
        }
    }
    // `?lesson=N` (the lesson switcher) opens that lesson's own work: the
    // most recent work of that lesson, else a new one; never this tab's
    // work of another lesson. That work stays in its slot (Recent work),
    // so nothing of it is lost. A lesson this page doesn't show is its
    // page's.
    let wanted = address.param("lesson").and_then(|l| WorkLesson::parse(&l));
    if let Some(want) = wanted.filter(|&w| !page.shows(w.number()) || w.course().is_none()) {
        let n = want.number().to_string();
        let query = address.query_for(&["work"], &[("lesson", &n), ("lang", ui.session.lang.tag())]);
        let mut to = format!("{}{query}", Page::of_lesson(want.number()).file());
        if !address.fragment.is_empty() {
            to = format!("{to}#{}", address.fragment);
        }
        return Route::go(ui, to);
    }
    let saved_lesson = saved.as_ref().map(Saved::lesson).unwrap_or(WorkLesson::One);
    let mut lesson = if saved.is_some() { saved_lesson } else { page.first_lesson() };
    let mut opened_lesson = None;
    // Lesson 3's page names its lesson in its address: a pack of lesson 3
    // stays open there.
    let same = |want: WorkLesson| {
        want == saved_lesson || (page == Page::LessonThree && saved_lesson.home(pack_lesson(saved_lesson)) == want.number())
    };
    if let Some(want) = wanted.filter(|&w| !same(w) || saved.is_none()) {
        if let Some((entry, slot, found)) = (!fresh).then(|| reader.latest(&|s: &Saved| s.lesson() == want)).flatten() {
            work = WorkRef::saved(entry, &slot);
            saved = Some(found);
            unsaved = false;
            opened_lesson = Some(Notice::OpenedLesson { course: want.course().unwrap_or_default() });
        } else if want != WorkLesson::One || saved.is_some() {
            // Said only when a work of another lesson stays behind in
            // Recent work: a first visit (nothing kept, or `?fresh`) has
            // nothing to add to what the lesson's own panel names, and
            // lesson 3's page names its lesson on every start.
            if saved.is_some() || other_kept {
                opened_lesson = Some(Notice::OpenedLesson { course: want.course().unwrap_or_default() });
            }
            saved = None;
            work = new_work(ui.session.lang, want.course().unwrap_or_default(), session);
            unsaved = true;
        }
        lesson = want;
    } else if saved.is_none() && lesson != WorkLesson::One {
        work = new_work(ui.session.lang, lesson.course().unwrap_or_default(), session);
    }
    // The switcher to this page's lesson from a work of another (lesson 3's
    // page from lesson 1's work): that work stays in its slot, and this
    // lesson's own latest work opens; said as a switch.
    if other_kept && opened_lesson.is_none() && wanted.is_some() {
        opened_lesson = lesson.course().map(|course| Notice::OpenedLesson { course });
    }
    // Every work here is one this page shows (checked above).
    let course = lesson.course().unwrap_or_default();
    ui.session.course = course;
    let mut authored = (course == Course::Pack).then(|| reader.started_pack()).flatten();
    let had_saved = saved.is_some();
    // Without saved work, the seed in the UI's language (`?seed=zh-TW` or
    // `?seed=en` picks one explicitly).
    let seed_lang = address.param("seed").map(|tag| Lang::from_tag(&tag)).unwrap_or(ui.session.lang);
    // Lesson 2's start is in its part, which the start has in by now
    // (`crate::start::acting_at_start`); if it could not be fetched, an
    // empty work that is never saved, and the notice says why.
    let mut part_missing = false;
    let mut doc = Doc::default();
    if saved.is_none() {
        doc = course.start_doc(seed_lang, session.parts.lesson_two).unwrap_or_else(|| {
            part_missing = true;
            Doc::default()
        });
    }
    if let Some(saved) = saved {
        doc = saved.doc;
        if address.param("lang").is_none() && Lang::BUILT.is_none() {
            ui.session.lang = saved.lang.unwrap_or(ui.session.lang);
        }
        ui.lesson_step = saved.lesson_step.unwrap_or(0);
        ui.progress = saved.progress.unwrap_or_default();
    }
    if let Some(step) = address.param("step").and_then(|s| s.parse::<usize>().ok()) {
        ui.lesson_step = step.saturating_sub(1);
    }
    if let Some(hide) = address.param("hide") {
        ui.session.hidden = crate::store::panels::Panels::parse(&hide);
    }
    if embed {
        ui.session.embed = true;
        ui.session.hidden = ui.session.hidden.union(crate::store::panels::hidden(address.param("panel").as_deref().unwrap_or("")));
    }
    ui.screen.classroom = address.flag("classroom");
    let mut state = AppState::new(doc, ui);
    if fresh && !embed {
        state.ui.screen.notice = Some(Notice::FreshStart);
    } else if !forks.is_empty() {
        state.ui.screen.notice = Some(Notice::ForkedElsewhere { names: forks });
    }
    if let Some(notice) = opened_lesson {
        state.ui.screen.notice = Some(notice);
    }
    // Where this tab's work went is what a reload most needs to hear.
    if let Some(notice) = elsewhere {
        state.ui.screen.notice = Some(notice);
    }
    let mut set_aside = None;
    let mut opened_link = false;
    let mut started = None;
    let fragment = address.fragment.as_str();
    let lang_tag = state.ui.session.lang.tag();
    if let Some(read) = reader.pack_link(fragment) {
        // A teacher's pack: its first exercise's start becomes a work of its
        // own, and the learner's own work is set aside as for a share link.
        use crate::store::pack_link::PackNotice;
        match read {
            // A pack of a lesson this page doesn't show opens on its
            // lesson's page, with that lesson's panels.
            Ok(pack) if !page.shows(pack.lesson()) => {
                let query = address.query_for(&["lesson", "work"], &[("lang", lang_tag)]);
                return Route::go(state.ui, format!("{}{query}#{fragment}", Page::of_lesson(pack.lesson()).file()));
            }
            Ok(pack) => 'open: {
                let lang = state.ui.session.lang;
                // Its first exercise starts in lesson 2's part, which could
                // not be fetched: the pack is not opened, the work stays as
                // it is, and the notice says why.
                let Some(start) = crate::store::lesson::start_workspace(&pack.exercises[0].start, lang, session.parts.lesson_two) else {
                    state.ui.screen.notice = Some(Notice::PartMissing);
                    break 'open;
                };
                let doc = Doc { workspace: Rc::new(start), ..Doc::default() };
                if had_saved && !fresh {
                    set_aside = Some(Saved { doc: (*state.doc).clone(), course: Some(lesson), ..Saved::default() });
                }
                let title = if pack.title.is_empty() { pack.id.clone() } else { pack.title.get(lang).to_string() };
                work = WorkRef::new(lang, session.new_id.clone(), &session.stamp);
                work.name = format!("{title} · {}", work.name);
                unsaved = true;
                state.apply(Edit::Load { doc, source: title.clone() });
                state.ui.lesson_step = 0;
                // The lesson panel runs the pack's exercises.
                state.ui.session.course = Course::Pack;
                state.ui.progress = Default::default();
                state.ui.screen.notice =
                    Some(Notice::Pack(PackNotice::Opened { title, exercises: pack.exercises.len(), kept: had_saved && !fresh }));
                opened_link = true;
                authored = Some(pack.clone());
                started = Some(pack);
            }
            Err(problem) => state.ui.screen.notice = Some(Notice::Pack(PackNotice::Refused(problem))),
        }
    } else if !fragment.is_empty() {
        let source = pick!(state.ui.session.lang, "分享連結", "the share link").to_string();
        match reader.share_link(fragment) {
            // Another page's lesson: the link goes on to that page.
            Ok(linked) if linked.lesson().course().is_none() || !page.shows(linked.lesson().number()) => {
                let to = Page::of_lesson(linked.lesson().number()).file();
                let query = address.query_for(&["lesson", "work"], &[("lang", lang_tag)]);
                return Route::go(state.ui, format!("{to}{query}#{fragment}"));
            }
            Ok(linked) if linked.doc == *state.doc && linked.lesson() == lesson => {}
            Ok(linked) if linked.lesson() != lesson => {
                // Another lesson's work (a lesson-2 link over lesson-1 work,
                // or the other way round): it opens in its own lesson, as a
                // work of its own, from that lesson's first step. The
                // learner's own work stays in its slot (Recent work); it is
                // not one Undo away, since Undo never changes the lesson.
                let course = linked.lesson().course().unwrap_or_default();
                work = new_work(state.ui.session.lang, course, session);
                unsaved = true;
                let mut ui = Ui { lesson_step: 0, progress: Default::default(), ..state.ui.clone() };
                ui.session.course = course;
                ui.screen.tick = None;
                state = AppState::new(linked.doc, ui);
                state.ui.screen.notice = (!embed).then_some(match had_saved && !fresh {
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
                    set_aside = Some(Saved { doc: (*state.doc).clone(), course: Some(lesson), ..Saved::default() });
                }
                work = WorkRef::new(state.ui.session.lang, session.new_id.clone(), &session.stamp);
                unsaved = true;
                state.apply(Edit::Load { doc: linked, source });
                // An embed shows the linked state quietly (it saves nothing).
                state.ui.screen.notice = (!embed).then_some(Notice::OpenedLink { kept: had_saved && !fresh });
                opened_link = true;
            }
            Err(problem) => state.ui.screen.notice = Some(Notice::LoadFailed { source, problem }),
        }
    }
    // Work set aside by an earlier link (an import, a reset) stays one undo
    // away until it is back: in its own lesson only (Undo never changes the
    // lesson).
    if !opened_link && !fresh {
        if let Some(previous) = reader.previous().filter(|p| p.lesson() == WorkLesson::from(state.ui.session.course)) {
            if previous.doc != *state.doc {
                state.past.insert(0, Rc::new(previous.doc));
                state.ui.screen.notice = Some(Notice::PreviousKept);
            }
        }
    }
    // What could not be read is said above anything else: it is what the
    // learner must know to get their work back.
    if let Some(notice) = unreadable {
        state.ui.screen.notice = Some(notice);
    }
    // A start is no edit: nothing is marked as changed.
    state.last = None;
    // The teacher's pack is the state's: the lesson reads it from there.
    state.ui.session.teachers_pack = authored.clone().map(std::rc::Rc::new);
    if part_missing {
        state.ui.screen.notice = Some(Notice::PartMissing);
    }
    Route { state, set_aside, autosave: !fresh && !part_missing, work, unsaved, started, opened_link, authored, go: None }
}

