//! "N cells changed ↑": an edit made where none of the cells it changed
//! can be seen (a long card list below the chart, a phone) gets a small
//! button right after the control it was made with (the next Tab stop, so
//! the keyboard finds it as the mouse does). It takes the learner to the
//! chart's first changed cell, and there a "Back to where you made the
//! edit" in the change strip takes them back to the control.
//!
//! Which cells changed is the root's (`changed::changed_cells`, from the
//! crate's `Change`); where the control is and whether the cells are on
//! screen is the browser's, asked after the step is drawn (an effect of the
//! step, never the reducer's or render's). The button is drawn by this
//! component into a place it puts beside the control (a portal).

use std::cell::RefCell;

use gloo_events::EventListener;
use mixua_words::{back_to_control, cells_changed_jump, cells_changed_jump_more, Lang};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::focus::{bring_and_focus, cell_selector, focus_element};
use crate::store::shared::Shared;
use crate::store::state::StepKind;

#[derive(Properties, PartialEq, Clone)]
pub struct ChangeJumpProps {
    /// The last step (edit, undo, redo) and the cells it changed, as
    /// `user/agent` keys in the chart's order (`None`: no step, or its
    /// change is not shown, as while predicting).
    pub step: Option<(StepKind, Shared<Vec<String>>)>,
    pub lang: Lang,
}

/// Where the button is: beside the control (go to the chart), or in the
/// change strip (back to the control).
#[derive(Clone, Copy, PartialEq)]
enum Phase {
    Go { up: bool },
    Back { down: bool },
}

#[derive(Clone, PartialEq)]
struct Jump {
    phase: Phase,
    /// How many cells changed, and the first of them.
    count: usize,
    first: String,
    /// The element put in the page for the button (a new one per phase).
    host: web_sys::Element,
}

/// The control the step was made with: the focused element, else the last
/// one focused if it is still in the page (a control that went away with
/// the edit has no place to answer beside). Never one in the chart.
fn control(last: &RefCell<Option<web_sys::Element>>) -> Option<web_sys::Element> {
    let document = gloo_utils::document();
    let active = document.active_element().filter(|el| el.tag_name() != "BODY");
    let el = active.or_else(|| last.borrow().clone().filter(|el| el.is_connected()))?;
    let in_chart = el.closest("#chart, .grid, .jump-host").ok().flatten().is_some();
    (!in_chart).then_some(el)
}

/// A cell's place relative to the window: `Some(true)` above it,
/// `Some(false)` below it, `None` at least partly on screen (or not drawn).
fn off_screen(key: &str) -> Option<bool> {
    let cell = gloo_utils::document().query_selector(&format!("td[data-view=\"{}\"]", key.replace('\\', "\\\\").replace('"', "\\\""))).ok()??;
    let rect = cell.get_bounding_client_rect();
    let height = gloo_utils::window().inner_height().ok()?.as_f64()?;
    if rect.height() == 0.0 {
        return None;
    }
    if rect.bottom() <= 0.0 {
        Some(true)
    } else if rect.top() >= height {
        Some(false)
    } else {
        None
    }
}

/// A new place for the button, put right after `el` (or, `inside`, as its
/// last child).
fn host_at(el: &web_sys::Element, inside: bool) -> Option<web_sys::Element> {
    let host = gloo_utils::document().create_element("span").ok()?;
    host.set_class_name("jump-host");
    let placed = if inside { el.append_child(&host).map(|_| ()) } else { el.after_with_node_1(&host) };
    placed.ok().map(|_| host)
}

#[function_component(ChangeJumpStandIn)]
pub fn change_jump_stand_in(props: &ChangeJumpProps) -> Html {
    // Nothing stands in for it: the strip's words say what changed.
    let draws = use_context::<crate::components::later::Later>().and_then(|l| l.draws);
    draws.map(|d| (d.change_jump)(props)).unwrap_or_default()
}

#[function_component(ChangeJump)]
pub fn change_jump(props: &ChangeJumpProps) -> Html {
    let lang = props.lang;
    let jump = use_state_eq(|| None::<Jump>);
    // The control the edit was made with (kept while the learner is in the
    // chart, for the way back), and the last element focused outside the
    // chart (a click on a control that is then drawn again).
    let control_of = use_mut_ref(|| None::<web_sys::Element>);
    let last_focus = use_mut_ref(|| None::<web_sys::Element>);
    {
        let last_focus = last_focus.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo_utils::document(), "focusin", move |e| {
                let el = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                if let Some(el) = el.filter(|el| el.closest("#chart, .grid, .jump-host").ok().flatten().is_none()) {
                    *last_focus.borrow_mut() = Some(el);
                }
            });
            move || {
                drop(listener);
                // Gone (predicting hides the step's change): so are the
                // places it put in the page.
                if let Ok(hosts) = gloo_utils::document().query_selector_all(".jump-host") {
                    for n in 0..hosts.length() {
                        if let Some(host) = hosts.item(n).and_then(|h| h.dyn_into::<web_sys::Element>().ok()) {
                            host.remove();
                        }
                    }
                }
            }
        });
    }
    // Each new step: the button goes, and comes back beside the control
    // when none of the cells the step changed is on screen. Asked once the
    // step is drawn (a moment later: the chart's cells render in the same
    // pass as this).
    {
        let (jump, control_of, last_focus) = (jump.clone(), control_of.clone(), last_focus.clone());
        use_effect_with(props.step.clone(), move |step| {
            if let Some(old) = &*jump {
                old.host.remove();
            }
            jump.set(None);
            let edit = step.clone().filter(|(kind, cells)| *kind == StepKind::Edit && !cells.is_empty());
            let timer = edit.map(|(_, cells)| {
                gloo_timers::callback::Timeout::new(0, move || {
                    let Some(control) = control(&last_focus) else { return };
                    let places: Option<Vec<bool>> = cells.iter().map(|key| off_screen(key)).collect();
                    // Every changed cell off screen: the first one's side.
                    let Some(up) = places.and_then(|p| p.first().copied()) else { return };
                    // After the control's label when it is in one (the
                    // button is then no part of the control's name).
                    let anchor = control.closest("label").ok().flatten().unwrap_or_else(|| control.clone());
                    let Some(host) = host_at(&anchor, false) else { return };
                    *control_of.borrow_mut() = Some(control);
                    jump.set(Some(Jump { phase: Phase::Go { up }, count: cells.len(), first: cells[0].clone(), host }));
                })
            });
            move || drop(timer)
        });
    }
    let Some(now) = (*jump).clone() else { return Html::default() };
    let button = match now.phase {
        Phase::Go { up } => {
            let onclick = {
                let (jump, now, control_of) = (jump.clone(), now.clone(), control_of.clone());
                Callback::from(move |_: MouseEvent| {
                    let document = gloo_utils::document();
                    let Some(cell) = document.query_selector(&cell_selector(&now.first)).ok().flatten() else { return };
                    now.host.remove();
                    // The way back waits in the change strip, the chart's
                    // line above the cells (else right after the cell).
                    let strip = document.query_selector(".chart .change-strip").ok().flatten();
                    let host = match &strip {
                        Some(strip) => host_at(strip, true),
                        None => host_at(&cell, false),
                    };
                    bring_and_focus(&cell);
                    // The control below the chart, or above it.
                    let down = control_of.borrow().as_ref().is_none_or(|c| {
                        c.get_bounding_client_rect().top() >= cell.get_bounding_client_rect().top()
                    });
                    jump.set(host.map(|host| Jump { phase: Phase::Back { down }, host, ..now.clone() }));
                })
            };
            html! {
                <button type="button" class="jump" data-jump="go" data-cells={now.count.to_string()} {onclick}>
                    { cells_changed_jump(now.count, up, lang) }
                    <span class="sr-only">{ cells_changed_jump_more(lang) }</span>
                </button>
            }
        }
        Phase::Back { down } => {
            let onclick = {
                let (jump, now, control_of) = (jump.clone(), now.clone(), control_of.clone());
                Callback::from(move |_: MouseEvent| {
                    now.host.remove();
                    jump.set(None);
                    if let Some(control) = control_of.borrow_mut().take().filter(|c| c.is_connected()) {
                        bring_and_focus(&control);
                    }
                })
            };
            html! {
                <button type="button" class="jump" data-jump="back" {onclick}>{ back_to_control(down, lang) }</button>
            }
        }
    };
    // Escape puts the button away (beside the control, the focus stays
    // there).
    let onkeydown = {
        let (jump, now, control_of) = (jump.clone(), now.clone(), control_of.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                now.host.remove();
                jump.set(None);
                if let Some(control) = control_of.borrow().clone().filter(|c| c.is_connected()) {
                    focus_element(&control);
                }
            }
        })
    };
    // A new place is a new portal (its events are listened to at its host).
    let place = matches!(now.phase, Phase::Back { .. }) as u8;
    html! {
        <Portal key={place} host={now.host.clone()}>
            <span class="jump-wrap" {onkeydown}>{ button }</span>
        </Portal>
    }
}

#[derive(Properties, PartialEq)]
struct PortalProps {
    host: web_sys::Element,
    children: Html,
}

/// Its children drawn into `host`, elsewhere in the page.
#[function_component(Portal)]
fn portal(props: &PortalProps) -> Html {
    create_portal(props.children.clone(), props.host.clone())
}
