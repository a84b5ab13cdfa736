//! The start in steps. Before the first render, `main.rs` reads the work,
//! its lesson's exercises and derives its views, each a task of its own
//! ([`Started::read`], [`Started::lesson`], [`Started::derive`], handing the
//! start from task to task and to the root as a value); the
//! lesson's checks run from the side step on. The app then builds what the prerendered first
//! screen shows (the top bar and the query, then the chart, then its side
//! panel, each a task of its own) into `#app` while `#app` is hidden: laid
//! out over the prerendered screen but invisible (`static/style.css`), so
//! each step's style and layout are done in its own frame and the
//! prerendered screen, inert and marked as loading, stays on screen; once
//! that first screen is whole it
//! replaces the prerendered one in one frame ([`show`]). The panels below
//! it (the card editor, users and agents, the comparison, the footer and
//! the printed worksheet) then arrive, once the part most of them are in
//! has come (`later`), one per task, in page order (each
//! added below everything already there, so nothing moves), and the first
//! save of a work not saved yet comes last, in a task of its own (or at
//! `pagehide`, if the page goes before that). Between the steps the page
//! answers a tap or a key, and no single task holds the page for the whole
//! start (Lighthouse's total blocking time counts only each task's time
//! over 50 ms). The last step marks the app `data-ready` (what the
//! journeys wait for). Classroom mode, which shows one panel at a time,
//! and the build-time first screen render everything at once.

pub mod address;
pub mod pages;
pub mod route;
pub mod stored;

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::views::Computed;
use route::{Address, Route, Session, WorkRef};
use crate::store::state::{AppState, Doc, Ui};

/// One build-time first screen (`crate::root::prerender`): a lesson's start in a
/// language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub lang: Lang,
    pub course: crate::store::lesson::Course,
}

/// The start as read, and its views once derived.
pub struct Boot {
    pub route: Route,
    /// The views of the route's workspace, derived in a task of their own.
    pub derived: Option<(Rc<Workspace>, Computed)>,
}

/// The start over what is stored and the address's link
/// (the later part's `route`), as the part that keeps the work has it:
/// a start that reads stored work or a link fetches that part first
/// (`main.rs`) and hands this to [`Started::read`].
pub type Stored = fn(&Address, &Session) -> Route;

impl Boot {
    /// A build-time first screen: the start of its lesson in its language,
    /// as a fresh load without saved work starts (no browser is asked
    /// anything): lesson 1's seed, or lesson 2's start as `?lesson=2`
    /// opens it (a first visit: no notice, nothing of another lesson is
    /// kept).
    pub fn prerender(screen: Screen) -> Boot {
        let Screen { lang, course } = screen;
        // A build-time screen, natively: every part is in.
        let parts = crate::parts::course_parts(cfg!(not(target_family = "wasm")), cfg!(not(target_family = "wasm")));
        let doc = course.start_doc(lang, parts.lesson_two).unwrap_or_else(|| Doc::seed_in(lang));
        let state = AppState::new(doc, Ui::new(course, lang, parts));
        let work = WorkRef { id: String::new(), name: String::new(), base: 0, forked_from: None };
        let route = Route { state, set_aside: None, autosave: false, work, unsaved: false, started: None, opened_link: false, authored: None, go: None };
        Boot { route, derived: None }
    }

    /// The start read from this page's address, storage and session (the
    /// teacher's pack it runs handed to the course). Stored work and links
    /// are read by the part that keeps the work (`crate::store::json_io`), which
    /// must be in by then when [`crate::store::json_io::needed_at_start`]; a first
    /// visit needs none of it. When that part could not be fetched, the
    /// start is a first visit's that saves nothing, and says so: what is
    /// stored stays as it is.
    pub fn read(stored: Option<Stored>, lesson_two: Option<crate::store::lesson::LessonTwoFns>) -> Boot {
        let window = gloo_utils::window();
        let location = window.location();
        let search = web_sys::UrlSearchParams::new_with_str(&location.search().unwrap_or_default())
            .unwrap_or_else(|_| web_sys::UrlSearchParams::new().expect("an empty UrlSearchParams"));
        let address = Address {
            params: Address::NAMES.iter().filter_map(|&name| Some((name.to_string(), search.get(name)?))).collect(),
            fragment: location.hash().unwrap_or_default().trim_start_matches('#').to_string(),
            page: crate::store::lesson::Page::THIS,
        };
        let new = crate::store::saver::new_work(Lang::En);
        let session = Session {
            browser_lang: window.navigator().language().unwrap_or_default(),
            // Read with what is stored (the later part's `route`).
            tab_work: None,
            new_id: new.id,
            stamp: crate::store::saver::stamp(),
            // Lesson 2's, when the address asks for it: the start fetched
            // its part first (`main.rs`).
            parts: crate::store::lesson::CourseParts { lesson_two, all_hold: None },
        };
        if !crate::store::json_io::needed_at_start() {
            return Boot { route: route::route_plain(&address, &session), derived: None };
        }
        let route = stored.map(|stored| stored(&address, &session)).unwrap_or_else(|| {
            let mut route = route::route_plain(&address, &session);
            route.autosave = false;
            route.state.ui.screen.notice = Some(crate::store::state::Notice::PartMissing);
            route
        });
        // The work, link or lesson is another page's: that page opens it
        // (this one saves nothing).
        if let Some(to) = &route.go {
            let _ = location.replace(to);
        }
        Boot { route, derived: None }
    }

    /// A saved, linked or asked-for step past the lesson's end opens its
    /// last step (this reads the lesson's exercises).
    pub fn keep_step_in_lesson(&mut self) {
        let ui = &mut self.route.state.ui;
        // No exercises: lesson 2's part is not in (`crate::store::lesson::Packs`),
        // and the step stays as saved.
        if let Some(last) = ui.pack().exercises.len().checked_sub(1) {
            ui.lesson_step = ui.lesson_step.min(last);
        }
    }
}

/// The start handed from task to task before the first render (`main.rs`)
/// and then to the root component (its props): a value passed along, not a
/// global. Compared by identity.
#[derive(Clone, Default)]
pub struct Started(Rc<RefCell<Option<Boot>>>);

impl PartialEq for Started {
    fn eq(&self, other: &Started) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Started {
    /// The start's first task: the work read.
    pub fn read(&self, stored: Option<Stored>, lesson_two: Option<crate::store::lesson::LessonTwoFns>) {
        *self.0.borrow_mut() = Some(Boot::read(stored, lesson_two));
    }

    /// Lesson 2's pack and start, fetched (`main.rs`) because the work read
    /// wants them ([`Started::acts`]): the state is handed them before the
    /// lesson's exercises are read (`None`: the fetch failed; the root says
    /// so and fetches again).
    pub fn lesson_two_in(&self, lesson_two: Option<crate::store::lesson::LessonTwoFns>) {
        if let Some(boot) = self.0.borrow_mut().as_mut() {
            let parts = &mut boot.route.state.ui.session.parts;
            *parts = parts.with(crate::store::lesson::CourseParts { lesson_two, all_hold: None });
        }
    }

    /// Whether the start goes on to another page ([`Route::go`]).
    pub fn leaving(&self) -> bool {
        self.0.borrow().as_ref().is_some_and(|boot| boot.route.go.is_some())
    }

    /// Whether the work read wants lesson 2's part (the acting panels, the
    /// write path, lesson 2's pack and start,
    /// `crate::root::fetch_acting`): a lesson acted on over
    /// time, or a teacher's pack with an exercise in lesson 2's start
    /// (`crate::store::state::Ui::wants_acting`). It is fetched before the
    /// lesson's exercises are read (`main.rs`), so that the first screen
    /// has them.
    pub fn acts(&self) -> bool {
        self.0.borrow().as_ref().is_some_and(|boot| boot.route.state.ui.wants_acting())
    }

    /// The start's second task: the lesson's exercises read, its step kept
    /// within them.
    pub fn lesson(&self) {
        if let Some(boot) = self.0.borrow_mut().as_mut() {
            boot.keep_step_in_lesson();
        }
    }

    /// The start's third task: the read work's views.
    pub fn derive(&self) {
        if let Some(boot) = self.0.borrow_mut().as_mut() {
            let ws = boot.route.state.doc.workspace.clone();
            let computed = Computed::new(&ws);
            boot.derived = Some((ws, computed));
        }
    }

    /// What the tasks read (else read now), its step kept within its
    /// lesson (a no-op after [`Started::lesson`]).
    pub fn take(&self) -> Boot {
        let mut boot = self.0.borrow_mut().take().unwrap_or_else(|| Boot::read(None, None));
        boot.keep_step_in_lesson();
        boot
    }
}

/// Whether the address asks for what reads lesson 2's part before the work
/// is read ([`Started::acts`] is after): `?lesson=2` (or 3), whose new
/// work starts from lesson 2's start, or a pack link, whose first exercise
/// may. The start fetches it first (`main.rs`); a lesson-1 student's
/// address never asks.
pub fn acting_at_start() -> bool {
    let location = gloo_utils::window().location();
    let search = web_sys::UrlSearchParams::new_with_str(&location.search().unwrap_or_default()).ok();
    let lesson = search.and_then(|s| s.get("lesson")).and_then(|l| crate::store::lesson::Course::parse(&l));
    let fragment = location.hash().unwrap_or_default();
    lesson.is_some_and(crate::store::lesson::Course::acts) || crate::store::pack_link::is_pack_link(fragment.trim_start_matches('#'))
}

/// What each step adds (the app's first render is step 0).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Step {
    /// The start itself (the work read, its views derived), into `#app`
    /// while it is still hidden (the prerendered screen stays on screen).
    First = 0,
    /// The top bar, the notices and the query.
    Top,
    /// The chart (lesson 2: with time).
    Chart,
    /// The chart's side panel: the first screen is whole, and replaces the
    /// prerendered one in one frame ([`show`]).
    Side,
    /// The card editor (and lesson 2's memory over time, below its chart).
    Editor,
    People,
    Compare,
    /// The footer and the printed worksheet.
    Rest,
    /// Everything is there; the first save of an unsaved work.
    Ready,
}

impl Step {
    fn next(self) -> Step {
        match self {
            Step::First => Step::Top,
            Step::Top => Step::Chart,
            Step::Chart => Step::Side,
            Step::Side => Step::Editor,
            Step::Editor => Step::People,
            Step::People => Step::Compare,
            Step::Compare => Step::Rest,
            Step::Rest | Step::Ready => Step::Ready,
        }
    }
}

/// The start's current step: [`Step::First`] on the first render, then one
/// step per task until [`Step::Ready`] ([`use_start_advance`] moves it).
/// `all_at_once` (the build-time first screen, classroom mode, where one
/// panel shows at a time) starts ready.
#[hook]
pub fn use_start_step(all_at_once: bool) -> UseStateHandle<Step> {
    use_state_eq(|| if all_at_once { Step::Ready } else { Step::First })
}

/// Moves the start on, a step per task, except while `hold`: the panels
/// below the first screen wait there for their part (`later`),
/// so that each still arrives in its own task (the card editor's rows a few
/// per task) once it is in.
#[hook]
pub fn use_start_advance(step: UseStateHandle<Step>, hold: bool) {
    use_effect_with((*step, hold), move |&(now, hold)| {
        // The next step is a task of its own, queued once this step's
        // render is on the page (a timer, not an animation frame: a tab
        // opened in the background starts too).
        let timer = (now != Step::Ready && !hold).then(|| Timeout::new(0, move || step.set(now.next())));
        move || drop(timer)
    });
}

/// The app's first screen is whole: the prerendered first screens go and
/// `#app` shows, in the same task (so in one frame: no frame shows neither
/// or both).
pub fn show() {
    let document = gloo_utils::document();
    while let Ok(Some(screen)) = document.query_selector(".prerender") {
        screen.remove();
    }
    if let Some(root) = document.get_element_by_id("app") {
        let _ = root.remove_attribute("hidden");
    }
    // The chart is interactive from here: what the page fetched before
    // this mark is its first load (`scripts/size.mjs`); the part of the
    // panels below comes after it (`later`).
    if let Some(performance) = gloo_utils::window().performance() {
        let _ = performance.mark("mixua-interactive");
    }
}
