//! The page's listeners, each a hook the root calls once: saving when the
//! page is hidden, another tab's saves, undo/redo and the classroom's keys,
//! a link pasted into the open tab, and menus that close as menus do.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::start::Boot;
use crate::store::autosave::Store;
use crate::store::state::{Action, Notice, Ui, UiAction};

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
            // The chart's grid and the toolbars (the steps, the about-me
            // users) have arrow keys of their own.
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || el.closest("[role=grid], [role=toolbar]").ok().flatten().is_some()
        });
    if !ui.screen.classroom || typing {
        return None;
    }
    let step = ui.lesson_step;
    let to = match key.as_str() {
        "ArrowRight" | "PageDown" => step + 1,
        "ArrowLeft" | "PageUp" => step.saturating_sub(1),
        _ => return None,
    };
    Some(crate::store::state::go_to_step(ui.session.course, ui.pack(), step, to, ui.session.lang, ui.session.parts.lesson_two))
}

/// Save at once when the page is hidden or closed; another tab's saves;
/// undo, redo and the classroom keys anywhere on the page; a link pasted
/// into this open tab.
#[hook]
pub fn use_page_listeners(store: &Store) {
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            let (saver, typing) = (store.saver.clone(), store.clone());
            let pagehide = EventListener::new(&gloo_utils::window(), "pagehide", move |_| {
                typing.settle();
                saver.flush()
            });
            let (window, restart) = (gloo_utils::window(), store.clone());
            let saver = store.saver.clone();
            let storage = EventListener::new(&gloo_utils::window(), "storage", move |event| {
                if let Some(key) = event.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key()) {
                    let saver = saver.clone();
                    crate::store::json_io::run(async move {
                        let _ = crate::parts::later::storage_event::storage_event(&saver, &key).await;
                    });
                }
            });
            let keys = EventListener::new_with_options(
                &gloo_utils::document(),
                "keydown",
                gloo_events::EventListenerOptions::enable_prevent_default(),
                move |event| {
                    let Some(e) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                    let from = store.get().ui.lesson_step;
                    if let Some(actions) = key_action(e, &store.get().ui) {
                        e.prevent_default();
                        // A step changed by the classroom's arrow keys: the
                        // new task takes the focus, as Next gives it.
                        let to = actions.iter().find_map(|a| match a {
                            Action::Ui(UiAction::LessonStep(to)) => Some(*to),
                            _ => None,
                        });
                        for action in actions {
                            store.dispatch(action);
                        }
                        if let Some(to) = to.filter(|&to| to != from) {
                            crate::components::focus::focus_task(to);
                        }
                    }
                },
            );
            // A link pasted into this open tab (only the fragment changes)
            // opens as it does on load: this tab's work is saved first, then
            // the start is routed again, over what is now stored.
            let hash = EventListener::new(&gloo_utils::window(), "hashchange", move |_| {
                if window.location().hash().unwrap_or_default().trim_start_matches('#').is_empty() {
                    return;
                }
                let restart = restart.clone();
                // The link is read by the part that keeps the work (in by
                // now, unless it could not be fetched).
                crate::store::json_io::run(async move {
                    let Ok(later) = crate::parts::later::LaterPart::load().await else {
                        return restart.dispatch(UiAction::Notify(Notice::PartMissing).into());
                    };
                    restart.settle();
                    restart.saver.flush();
                    // The parts this tab has in, as its state has them.
                    let parts = restart.get().ui.session.parts;
                    let mut boot = Boot::read(Some(later.route), parts.lesson_two);
                    boot.route.state.ui.session.parts = parts;
                    // Another page's link: that page is on its way.
                    if boot.route.go.is_some() {
                        return;
                    }
                    boot.keep_step_in_lesson();
                    if boot.route.opened_link {
                        let crate::start::route::Route { state, set_aside, work, unsaved, started, .. } = boot.route;
                        restart.restart(state, set_aside, work, unsaved, started);
                    } else {
                        // A refused link (or this very work) changes nothing
                        // here, not even the undo history: only the refusal is
                        // said, and the link leaves the address bar.
                        let _ = crate::parts::later::carry_out::carry_out(&None, &None, boot.route.state.ui.session.embed).await;
                        let refused = boot.route.state.ui.screen.notice.filter(|n| {
                            matches!(n, Notice::LoadFailed { .. } | Notice::Pack(crate::store::pack_link::PackNotice::Refused(_)))
                        });
                        if let Some(notice) = refused {
                            restart.dispatch(UiAction::Notify(notice).into());
                        }
                    }
                });
            });
            move || drop((pagehide, storage, keys, hash))
        });
    }
}

/// An open menu: a `details` styled as one (`files-menu`).
const OPEN_MENU: &str = "details.files-menu[open]";

/// Closes every open menu that `close` picks.
fn close_menus(close: impl Fn(&web_sys::Element) -> bool) {
    let Ok(open) = gloo_utils::document().query_selector_all(OPEN_MENU) else { return };
    for menu in (0..open.length()).filter_map(|i| open.item(i)).filter_map(|n| n.dyn_into::<web_sys::Element>().ok()) {
        if close(&menu) {
            let _ = menu.remove_attribute("open");
        }
    }
}

/// The menus (the top bar's Work and Teacher, the query's examples) close
/// as menus do: on a press outside them (which still goes where it was
/// aimed) and on Escape, which gives the focus back to the menu's button
/// when it was inside.
#[hook]
pub fn use_menus() {
    use_effect_with((), |_| {
        let document = gloo_utils::document();
        let outside = EventListener::new(&document, "pointerdown", |event| {
            let inside = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|t| t.closest(OPEN_MENU).ok().flatten());
            close_menus(|menu| inside.as_ref() != Some(menu));
        });
        let escape = EventListener::new(&document, "keydown", |event| {
            if event.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(|e| e.key() == "Escape") {
                let focused = gloo_utils::document().active_element().and_then(|f| f.closest(OPEN_MENU).ok().flatten());
                close_menus(|_| true);
                if let Some(summary) = focused.and_then(|menu| menu.query_selector("summary").ok().flatten()) {
                    if let Ok(summary) = summary.dyn_into::<web_sys::HtmlElement>() {
                        let _ = summary.focus();
                    }
                }
            }
        });
        move || drop((outside, escape))
    });
}

