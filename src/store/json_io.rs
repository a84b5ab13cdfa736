//! The keeping of the learner's work, in the `later` part (issue 28, beside the panels below the first screen): everything that reads or writes it as JSON. Storage's index
//! and work slots, the start over stored work or a link, autosave, Recent
//! work, opening a saved work, importing a file, the work a link set aside
//! and the name in the result code.
//!
//! A first visit (nothing stored, no link in the address) starts without
//! it (the start's `route_plain`). The root fetches the part once
//! the first screen is painted, with the panels below it. A page that has
//! something stored or a link fetches it before its start
//! ([`needed_at_start`]).
//!
//! Each function here is called through that part (the store asks for it
//! with the loader the root gives, `crate::store::saver::Keep`), and so
//! are the saver's that write and read storage. [`run`] calls one at once
//! when the part is in, else once it has come. When the part can't be
//! fetched, the caller says so
//! ([`crate::store::state::Notice::PartMissing`]) and nothing is written.

use std::future::Future;

use futures_util::FutureExt;

use yew::Callback;

use crate::store::persist::{Problem, Saved};
use crate::store::state::{Action, Notice, NoticeAt, Recent, UiAction, WorkAction};
use crate::store::browser;

/// Whether this page's start reads stored work or a link, so that the
/// part must be in before the start: the address has a fragment, or
/// anything of the playground's is stored (this tab's work included).
pub fn needed_at_start() -> bool {
    let fragment = gloo_utils::window().location().hash().unwrap_or_default();
    !fragment.trim_start_matches('#').is_empty() || browser::anything_stored()
}

/// Runs `call` now if everything it awaits is in, else once it is (in a
/// task of its own).
pub fn run(call: impl Future<Output = ()> + 'static) {
    let mut call = Box::pin(call);
    if (&mut call).now_or_never().is_none() {
        wasm_bindgen_futures::spawn_local(call);
    }
}

/// Recent work as the index lists it, `current` the tab's.
pub fn recent(current: &str) -> Recent {
    Recent { works: browser::index().works, current: current.to_string(), read_at: js_sys::Date::now() }
}

/// What a start asks storage for, once it is on screen: the pack a link
/// started kept, the learner's own work set aside (one Undo away, even
/// after a reload), and the link taken out of the address bar, so that a
/// reload restores the autosaved work rather than the link (an embed saves
/// nothing: its link stays).
pub fn carry_out(set_aside: &Option<Saved>, started: &Option<mixua_course::Pack>, embed: bool) {
    if let Some(pack) = started {
        crate::store::pack_link::start_pack(pack);
    }
    if let Some(own) = set_aside {
        browser::write_text(browser::PREVIOUS_KEY, &crate::store::persist::to_json(own));
    }
    let window = gloo_utils::window();
    // A work handed over by another page (`?work=ID`) is this tab's work
    // from now on (its session names it): the address drops it, so that a
    // reload after opening another work opens that one.
    let search = window.location().search().unwrap_or_default();
    let handed = web_sys::UrlSearchParams::new_with_str(&search).ok().filter(|params| params.has("work"));
    if let Some(params) = &handed {
        params.delete("work");
    }
    if !embed && (handed.is_some() || !window.location().hash().unwrap_or_default().is_empty()) {
        let search = match &handed {
            Some(params) => String::from(params.to_string()),
            None => search.trim_start_matches('?').to_string(),
        };
        let search = if search.is_empty() { String::new() } else { format!("?{search}") };
        let url = format!("{}{search}", window.location().pathname().unwrap_or_default());
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
}

/// Reads a picked or dropped file and loads it, or says what is wrong,
/// `at` the control that asked (`crate::components::menus::files::import_file`).
pub fn import_file(
    file: &web_sys::File,
    at: NoticeAt,
    onaction: &Callback<Action>,
    onwork: &Callback<WorkAction>,
) {
    let file = gloo_file::File::from(file.clone());
    let (name, size) = (file.name(), file.size() as usize);
    let refuse = {
        let onaction = onaction.clone();
        move |source: String, problem: Problem| {
            onaction.emit(UiAction::Notify(Notice::LoadFailed { source, problem }).into());
            onaction.emit(UiAction::PlaceNotice(at).into());
        }
    };
    if size > crate::store::persist::MAX_FILE_BYTES {
        refuse(name, Problem::TooLarge { bytes: size });
        return;
    }
    let onwork = onwork.clone();
    wasm_bindgen_futures::spawn_local(async move {
        // Read as bytes, so that the crate decides how they become text
        // (a UTF-8 byte-order mark dropped, another encoding named).
        match gloo_file::futures::read_as_bytes(&file).await {
            Err(err) => refuse(name, Problem::NotJson { line: 0, column: 0, detail: format!("unreadable file: {err}") }),
            Ok(bytes) => match crate::store::persist::from_bytes(&bytes) {
                Ok(saved) => onwork.emit(WorkAction::Import { saved: Box::new(saved), source: name, at }),
                Err(problem) => refuse(name, problem),
            },
        }
    });
}

/// The name the learner last wrote in a result code.
pub fn student_name() -> String {
    browser::student_name()
}

/// Keeps the name the learner wrote in a result code.
pub fn set_student_name(name: &str) {
    browser::set_student_name(name);
}
