//! What every drawer has (the teacher's tools, the class view, the
//! assertions panel): a Close button and Escape to close it.

use mixua_words::Lang;
use yew::prelude::*;

/// A drawer's close button, in words (Escape closes it too).
pub fn close_button(lang: Lang, onclose: &Callback<()>) -> Html {
    html! {
        <button type="button" class="drawer-close" data-action="close-drawer" onclick={onclose.reform(|_: MouseEvent| ())}>
            { pick!(lang, "× 關閉", "× Close") }
        </button>
    }
}

/// Escape in a drawer closes it.
pub fn on_escape(onclose: &Callback<()>) -> Callback<KeyboardEvent> {
    let onclose = onclose.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            onclose.emit(())
        }
    })
}
