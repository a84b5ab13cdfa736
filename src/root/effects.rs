//! The root's wiring: each effect and event handler of the root component
//! (`root/app.rs`) as a hook of its own, so that the root keeps the layout. The
//! app's side effects are here and in the store (`store/autosave.rs`), never in
//! the reducer or in render.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use mixua_words::Lang;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::store::autosave::Store;
use crate::derive::change::Speech;
use crate::components::announcer::Voice;
use crate::components::menus::notice_bar::notice_text;
use crate::derive::checks::Checks;
use crate::store::work::Doc;
use crate::store::persist::{self, Saved};
use crate::store::shared::{Latest, Shared};
use crate::start::{Boot, Screen, Started, Step};
use crate::start::route::Route;
use crate::store::state::{Action, Notice, NoticeAt, UiAction, WorkAction};

/// The root's store, and what the start hands over once (taken by the
/// first render's effects and derivation).
pub struct Root {
    pub store: Store,
    /// Saved work a share link set aside, written after the first render.
    pub set_aside: RefCell<Option<Saved>>,
    /// The work has no slot yet: saved once the start is done.
    pub unsaved: bool,
    /// The teacher's pack a link started, kept after the first render.
    pub started: RefCell<Option<mixua_course::Pack>>,
    /// The start's views of its work, derived in a task of their own.
    pub derived: RefCell<Option<(Rc<mixua_policy::Workspace>, crate::derive::views::Computed)>>,
}

/// The root's store, made once from the start (`main.rs`'s tasks, else read
/// at the first render; or the build-time first screen for `prerender`),
/// with the one callback every component dispatches through and the work
/// now, for what reads it only on a click (share, export).
#[hook]
pub fn use_root(prerender: Option<Screen>, start: Option<Started>) -> (Rc<Root>, Callback<Action>, Latest<Rc<Doc>>) {
    let rerender = use_force_update();
    let root = use_memo((), move |_| {
        let Boot { route, derived } = match prerender {
            Some(screen) => Boot::prerender(screen),
            None => start.unwrap_or_default().take(),
        };
        let Route { state, set_aside, autosave, work, unsaved, started, .. } = route;
        let store = Store::new(state, autosave, work, Rc::new(move || rerender.force_update()), crate::parts::later::keep);
        Root { store, set_aside: RefCell::new(set_aside), unsaved, started: RefCell::new(started), derived: RefCell::new(derived) }
    });
    let onaction = {
        let store = root.store.clone();
        use_callback((), move |action: Action, _| store.dispatch(action))
    };
    let latest_doc = {
        let store = root.store.clone();
        (*use_memo((), move |_| Latest(Rc::new(move || store.get().doc.clone())))).clone()
    };
    (root, onaction, latest_doc)
}

/// The live region: each step's summary once (held while typing in a
/// field, said on leaving it), each new notice with it. The voice it speaks
/// through, for the announcer.
#[hook]
pub fn use_speech(doc: Shared<Doc>, words: Option<String>, notice: Option<Notice>, typed: bool, lang: Lang) -> Voice {
    let speech = use_mut_ref(Speech::default);
    // Spoken through the region's own state: it renders alone, not the root.
    let voice = (*use_memo((), |_| Voice::default())).clone();
    let first_render = use_mut_ref(|| true);
    {
        let (speech, said, first_render) = (speech.clone(), voice.clone(), first_render.clone());
        use_effect_with((doc, notice), move |(doc, notice)| {
            let first = first_render.replace(false);
            let notice = notice.as_ref().map(|n| (n, notice_text(n, lang).1));
            if let Some(say) = speech.borrow_mut().rendered(&doc.0, words, notice, typed) {
                if first {
                    // The region has only just been added to the page: said
                    // once it has been drawn (in the accessibility tree), so
                    // that screen readers hear the change, not a region
                    // that arrived already holding it.
                    after_two_frames(move || said.say(say));
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
    voice
}

/// The page's language follows the UI's, and a tab that keeps its work
/// (not `?fresh`, not `?embed`) keeps it for the next start
/// ([`crate::store::browser::LANG_KEY`]). A page built in one language (issue 28)
/// opens the other language's build instead ([`crate::store::autosave::switch_lang`]).
/// Hands the state the course's functions of a part once it is in
/// (`crate::parts::course_parts`): lesson 2's pack and start with
/// `acting`, the assertions' judge with `later`. The state keeps them
/// (`UiSession::parts`); the lesson's pack and checks are read again with
/// them.
pub fn parts_in(store: &Store, acting: bool, later: bool) -> Callback<()> {
    let store = store.clone();
    Callback::from(move |()| store.dispatch(UiAction::PartsIn(crate::parts::course_parts(acting, later)).into()))
}

#[hook]
pub fn use_document_lang(lang: Lang, store: &Store) {
    let store = store.clone();
    use_effect_with(lang, move |lang| {
        #[cfg(any(feature = "only-en", feature = "only-zh"))]
        if Lang::BUILT.is_some_and(|built| built != *lang) {
            crate::store::autosave::switch_lang(&store, *lang);
            return;
        }
        if store.saver.enabled {
            crate::store::browser::write_text(crate::store::browser::LANG_KEY, lang.tag());
        }
        if let Some(root) = gloo_utils::document().document_element() {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });
}

/// Whether printing has been asked for (the browser's `beforeprint`, or the
/// print media taking effect): the printed worksheet is built then, not on
/// every edit while nobody prints; once built it stays.
#[hook]
pub fn use_print_asked() -> bool {
    let asked = use_state_eq(|| false);
    {
        let asked = asked.clone();
        use_effect_with((), move |_| {
            let window = gloo_utils::window();
            let before = {
                let asked = asked.clone();
                EventListener::new(&window, "beforeprint", move |_| asked.set(true))
            };
            let media = window.match_media("print").ok().flatten().map(|print| {
                if print.matches() {
                    asked.set(true);
                }
                EventListener::new(&print, "change", move |_| asked.set(true))
            });
            move || drop((before, media))
        });
    }
    *asked
}

/// The start's effects. Once, after the first render: the storage writes
/// the start asked for and the link taken out of the address bar
/// (`autosave::carry_out`), and a work that has no slot yet marked to be
/// saved. Then the app's first screen replaces the prerendered one, and
/// when the start's last step is on the page, the first save or Recent
/// work.
#[hook]
pub fn use_start_effects(root: &Root, onaction: Callback<Action>, step: Step, embed: bool) {
    let (store, unsaved) = (&root.store, root.unsaved);
    let (set_aside, started) = (root.set_aside.take(), root.started.take());
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            *store.saver.notify.borrow_mut() = Some(Rc::new(move |action| onaction.emit(action)));
            // A first visit has nothing to carry out: the part that writes
            // storage is not asked for before the chart is interactive.
            if set_aside.is_some() || started.is_some() || crate::store::json_io::needed_at_start() {
                crate::store::json_io::run(async move {
                    let _ = crate::parts::later::carry_out::carry_out(&set_aside, &started, embed).await;
                });
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
    // When the start's last step is on the page (see `start/mod.rs`), in a task
    // of its own: the first save of a work that has no slot yet, or Recent
    // work for a work read from its slot.
    {
        let store = store.clone();
        use_effect_with(step == Step::Ready, move |&ready| {
            if ready && store.saver.enabled {
                crate::store::json_io::run(async move {
                    if unsaved {
                        // Work from before works had slots now has one too.
                        if crate::parts::later::first_save::first_save(&store.saver).await.is_err() {
                            store.saver.part_missing();
                        }
                    } else {
                        let current = store.saver.work.borrow().id.clone();
                        if let Ok(recent) = crate::parts::later::recent::recent(&current).await {
                            store.dispatch(UiAction::SetRecent(recent).into());
                        }
                    }
                });
            }
        });
    }
}

/// A step whose checks all hold is recorded as done when it happens, so it
/// stays done whatever later steps change; what a step asks to have been
/// seen once (the pack's milestones: the alarm X causes, the probe singling
/// out alice, a tombstone in the past, a cache leak, a stale copy) is
/// remembered when it shows; and a step's predicted cells as first
/// revealed, for the result code.
#[hook]
pub fn use_recording(checks: &Checks, onaction: Callback<Action>) {
    {
        let (newly, seen, first) = (checks.newly.clone(), checks.seen.clone(), checks.first.clone());
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
}

/// What the Work menu and a dropped file ask of the store: open a saved
/// work, load the other tab's, import a file (as a work of its own when it
/// is another lesson's). Returns the work callback and the page's drag and
/// drop handlers.
#[hook]
pub fn use_work_actions(store: &Store, onaction: Callback<Action>) -> (Callback<WorkAction>, Callback<DragEvent>, Callback<DragEvent>) {
    let onwork = {
        let store = store.clone();
        use_callback((), move |work: WorkAction, _| {
            let store = store.clone();
            // Opening and importing are the part's that keeps the work (in
            // since the first screen was painted).
            crate::store::json_io::run(async move {
                // What the action said (opened, refused) shows beside the
                // control that asked: the Work menu, or the top bar.
                let said_before = store.get().ui.screen.notice.clone();
                let saver = store.saver.clone();
                let (done, at) = match work {
                    WorkAction::Open(id) => (crate::parts::later::open::open(&saver, &id, &store).await, NoticeAt::Work),
                    WorkAction::LoadTheirs => {
                        let id = saver.work.borrow().id.clone();
                        (crate::parts::later::open::open(&saver, &id, &store).await, NoticeAt::Bar)
                    }
                    WorkAction::Reset { doc, source } => (crate::parts::later::import::import(&saver, &doc, &source, &store).await, NoticeAt::Work),
                    WorkAction::Import { mut saved, source, at } => {
                        // A file names lesson 1, 2 or 3 (a pack's exercise
                        // leaves as one of them): another page's lesson is
                        // refused with where to open it, never opened here
                        // as another lesson.
                        let arrival = persist::file_arrival(&saved, crate::store::lesson::Page::THIS);
                        saved.course = saved.course.and_then(persist::portable);
                        let done = match arrival {
                            Err(problem) => {
                                store.dispatch(UiAction::Notify(Notice::LoadFailed { source, problem }).into());
                                Ok(())
                            }
                            Ok(course) if course == store.get().ui.session.course => crate::parts::later::import::import(&saver, &saved.doc, &source, &store).await,
                            Ok(_) => crate::parts::later::open_new::open_new(&saver, &saved, &source, &store).await,
                        };
                        (done, at)
                    }
                };
                if done.is_err() {
                    store.dispatch(UiAction::Notify(Notice::PartMissing).into());
                }
                if store.get().ui.screen.notice != said_before {
                    store.dispatch(UiAction::PlaceNotice(at).into());
                }
            });
        })
    };

    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let (onaction, onwork) = (onaction.clone(), onwork.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                import_file(file, NoticeAt::Bar, onaction.clone(), onwork.clone());
            }
        })
    };
    (onwork, ondragover, ondrop)
}

/// Runs `then` once two frames have been drawn (after a rendering update of
/// its own: layout and the sizes it records).
fn after_two_frames(then: impl FnOnce() + 'static) {
    use wasm_bindgen::closure::Closure;
    let second = move || {
        let then = Closure::once_into_js(then);
        let _ = gloo_utils::window().request_animation_frame(then.unchecked_ref());
    };
    let first = Closure::once_into_js(second);
    let _ = gloo_utils::window().request_animation_frame(first.unchecked_ref());
}

/// Whether the start has settled: two frames after its last step (`ready`),
/// every panel below the first screen has been laid out once and its size
/// remembered (`contain-intrinsic-size: auto`). Only then may those far off
/// screen skip their rendering (`data-settled`, `static/style.css`), so they
/// keep their true height and the page's height never changes as they come
/// into view.
#[hook]
pub fn use_settled(ready: bool) -> bool {
    let settled = use_state_eq(|| false);
    {
        let settled = settled.clone();
        use_effect_with(ready, move |&ready| {
            if ready {
                after_two_frames(move || settled.set(true));
            }
        });
    }
    *settled
}

/// Reads a dropped file and loads it, or says what is wrong, `at` the
/// control that asked, with the part that keeps the work
/// (`crate::store::json_io::import_file`). The current work changes only
/// when the whole file loads.
fn import_file(file: web_sys::File, at: NoticeAt, onaction: Callback<Action>, onwork: Callback<WorkAction>) {
    crate::store::json_io::run(async move {
        if crate::parts::later::import_file::import_file(&file, at, &onaction, &onwork).await.is_err() {
            crate::components::menus::files::part_missing_at(&onaction, at);
        }
    });
}
