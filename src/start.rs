//! The start in steps. Before the first render, `main.rs` reads the work,
//! its lesson's exercises and derives its views, each a task of its own
//! (`app::read_start`, `app::lesson_start`, `app::derive_start`); the
//! lesson's checks run from the side step on. The app then builds what the prerendered first
//! screen shows (the top bar and the query, then the chart, then its side
//! panel, each a task of its own) into `#app` while `#app` is hidden: laid
//! out over the prerendered screen but invisible (`static/style.css`), so
//! each step's style and layout are done in its own frame and the
//! prerendered screen, inert and marked as loading, stays on screen; once
//! that first screen is whole it
//! replaces the prerendered one in one frame ([`show`]). The panels below
//! it (the card editor, users and agents, the comparison, the footer and
//! the printed worksheet) then arrive one per task, in page order (each
//! added below everything already there, so nothing moves), and the first
//! save of a work not saved yet comes last, in a task of its own (or at
//! `pagehide`, if the page goes before that). Between the steps the page
//! answers a tap or a key, and no single task holds the page for the whole
//! start (Lighthouse's total blocking time counts only each task's time
//! over 50 ms). The last step marks the app `data-ready` (what the
//! journeys wait for). Classroom mode, which shows one panel at a time,
//! and the build-time first screen render everything at once.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

/// What each step adds (the app's first render is step 0).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Step {
    /// The start itself (the work read, its views derived), into `#app`
    /// while it is still hidden (the prerendered screen stays on screen).
    First = 0,
    /// The top bar, the notices and the query.
    Top,
    /// The chart (lesson 2: with time and memory over time).
    Chart,
    /// The chart's side panel: the first screen is whole, and replaces the
    /// prerendered one in one frame ([`show`]).
    Side,
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
/// step per task until [`Step::Ready`]. `all_at_once` (the build-time first
/// screen, classroom mode, where one panel shows at a time) starts ready.
#[hook]
pub fn use_start_step(all_at_once: bool) -> Step {
    let step = use_state_eq(|| if all_at_once { Step::Ready } else { Step::First });
    {
        let step = step.clone();
        use_effect_with(*step, move |&now| {
            // The next step is a task of its own, queued once this step's
            // render is on the page (a timer, not an animation frame: a tab
            // opened in the background starts too).
            let timer = (now != Step::Ready).then(|| Timeout::new(0, move || step.set(now.next())));
            move || drop(timer)
        });
    }
    *step
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
}
