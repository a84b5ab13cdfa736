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
