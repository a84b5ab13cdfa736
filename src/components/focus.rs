//! Moving the keyboard focus on purpose: into and around the chart's grid,
//! to the why panel, and somewhere sensible when what had the focus goes
//! away. Effects of key presses and clicks, so they run in handlers, never
//! in render.

use wasm_bindgen::JsCast;

/// Focuses `el` if it is an element that can take focus.
pub fn focus_element(el: &web_sys::Element) -> bool {
    el.dyn_ref::<web_sys::HtmlElement>().is_some_and(|el| el.focus().is_ok())
}

/// After the next render, focuses the first element that matches one of
/// `selectors`, in order (tries again a few times while a render is still
/// pending). The browser scrolls only as much as it needs to.
pub fn focus_soon(selectors: Vec<String>) {
    focus_retry(selectors, 10);
}

fn focus_retry(selectors: Vec<String>, tries: u32) {
    gloo_timers::callback::Timeout::new(30, move || {
        let document = gloo_utils::document();
        let found = selectors.iter().find_map(|s| document.query_selector(s).ok().flatten());
        match found {
            Some(el) => {
                focus_element(&el);
            }
            None if tries > 0 => focus_retry(selectors, tries - 1),
            None => {}
        }
    })
    .forget();
}

/// Whether `el` is wholly inside the window (vertically).
pub fn in_view(el: &web_sys::Element) -> bool {
    let rect = el.get_bounding_client_rect();
    let height = gloo_utils::window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    rect.height() > 0.0 && rect.top() >= 0.0 && rect.bottom() <= height
}

/// Brings `el` into view (its top at the top of the window, under its
/// scroll margin) unless it is wholly in view already, then focuses it.
pub fn bring_and_focus(el: &web_sys::Element) -> bool {
    if !in_view(el) {
        el.scroll_into_view_with_bool(true);
    }
    focus_element(el)
}

/// The current exercise's title in the lesson panel, once the panel shows
/// step `step` (from 0), as a selector.
pub fn task_selector(step: usize) -> String {
    format!("[data-panel=\"lesson\"][data-lesson-step=\"{}\"] .exercise-title", step + 1)
}

/// After a step change to `step` (from 0): once the lesson panel shows the
/// new exercise, its title is brought into view and takes the focus, so
/// its task is read next (Next and Previous, the classroom's arrow keys).
/// An effect of the key press or click that changed the step, never of the
/// reducer.
pub fn focus_task(step: usize) {
    let from = gloo_utils::document().active_element();
    focus_task_retry(task_selector(step), 10, from);
}

fn focus_task_retry(selector: String, tries: u32, from: Option<web_sys::Element>) {
    gloo_timers::callback::Timeout::new(30, move || {
        // The learner moved the focus on meanwhile (into a field, say): it
        // stays where they put it. (A focus dropped to the page's body, as
        // when the pressed button is redrawn, is not a move.)
        let now = gloo_utils::document().active_element();
        let body = gloo_utils::document().body().map(web_sys::Element::from);
        if now.is_some() && now != from && now != body {
            return;
        }
        match gloo_utils::document().query_selector(&selector).ok().flatten() {
            Some(el) => {
                bring_and_focus(&el);
            }
            None if tries > 0 => focus_task_retry(selector, tries - 1, from),
            None => {}
        }
    })
    .forget();
}

/// The keyboard stop of a viewer's chart cell, as a selector.
pub fn cell_selector(key: &str) -> String {
    format!("td[data-view=\"{}\"] > [data-pos]", key.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A toolbar's keys (one Tab stop for a row of buttons, WAI-ARIA's
/// toolbar): the arrow keys, Home and End move the focus, and the one Tab
/// stop, among the toolbar's buttons; Enter or Space presses one, and so
/// does the move itself when `press` (the steps: the arrow keys go from step
/// to step, in classroom mode too). Put on the `role="toolbar"` element,
/// whose buttons carry `tabindex` 0 (one) or -1.
pub fn toolbar_keys(e: &web_sys::KeyboardEvent, press: bool) {
    let Some(from) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let Ok(Some(bar)) = from.closest("[role=toolbar]") else { return };
    let Ok(buttons) = bar.query_selector_all("button") else { return };
    let buttons: Vec<web_sys::Element> = (0..buttons.length()).filter_map(|i| buttons.item(i)?.dyn_into().ok()).collect();
    let Some(at) = buttons.iter().position(|b| *b == from) else { return };
    let last = buttons.len() - 1;
    let to = match e.key().as_str() {
        "ArrowRight" | "ArrowDown" => (at + 1).min(last),
        "ArrowLeft" | "ArrowUp" => at.saturating_sub(1),
        "Home" => 0,
        "End" => last,
        _ => return,
    };
    e.prevent_default();
    for (i, button) in buttons.iter().enumerate() {
        let _ = button.set_attribute("tabindex", if i == to { "0" } else { "-1" });
    }
    focus_element(&buttons[to]);
    if press && to != at {
        if let Some(button) = buttons[to].dyn_ref::<web_sys::HtmlElement>() {
            button.click();
        }
    }
}

/// The app's element `selector` names: in `#app`, never in the
/// prerendered first screen still on the page while the app builds its
/// own (lesson3.html's, `crate::root::prerender`), which has the same
/// panels.
#[cfg(feature = "lesson3")]
pub fn in_app(selector: &str) -> Option<web_sys::Element> {
    let document = gloo_utils::document();
    match document.get_element_by_id("app") {
        Some(app) => app.query_selector(selector).ok().flatten(),
        None => document.query_selector(selector).ok().flatten(),
    }
}

/// Once the element `selector` names is there (an answer just rendered:
/// a settings change's words, a diagnosis), scrolls the inspector column
/// it is in (on a wide screen it scrolls inside itself), or the phone's
/// sheet, just enough for
/// the element to be whole in view, its top first when it is taller than
/// the room. Never scrolls the page.
#[cfg(feature = "lesson3")]
pub fn reveal_in_column(selector: String) {
    reveal_retry(selector, 12);
}

#[cfg(feature = "lesson3")]
fn reveal_retry(selector: String, tries: u32) {
    gloo_timers::callback::Timeout::new(40, move || {
        let Some(el) = in_app(&selector) else {
            if tries > 0 {
                reveal_retry(selector, tries - 1);
            }
            return;
        };
        // The phone's sheet, else the inspector's column: the first of them
        // that scrolls inside itself.
        let scrolls = |c: &web_sys::Element| c.scroll_height() > c.client_height();
        let column = [".prompt-panel.sheet", ".side"].into_iter().find_map(|s| el.closest(s).ok().flatten().filter(scrolls));
        let Some(column) = column else { return };
        let inner = gloo_utils::window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(f64::MAX);
        let (at, r) = (column.get_bounding_client_rect(), el.get_bounding_client_rect());
        let (mut top, bottom) = (at.top().max(0.0), (at.top() + f64::from(column.client_height())).min(inner));
        // The sheet's heading (its Close button) stays at its top.
        if let Ok(Some(head)) = column.query_selector(":scope > .panel-head") {
            top = top.max(head.get_bounding_client_rect().bottom());
        }
        let delta = if r.top() < top {
            r.top() - top - 4.0
        } else if r.bottom() > bottom {
            (r.bottom() - bottom + 4.0).min(r.top() - top - 4.0)
        } else {
            return;
        };
        column.set_scroll_top(column.scroll_top() + delta as i32);
    })
    .forget();
}
