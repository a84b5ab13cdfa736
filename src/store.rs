//! The browser's storage, through gloo: the only place that touches it.
//! Storage may be missing or disabled (a private window, a school policy);
//! gloo then throws, so availability is asked once here and every call
//! after that degrades to "nothing saved" instead.

use gloo_storage::{LocalStorage, Storage};
use serde_json::Value;

/// Where autosave keeps the work.
pub const WORK_KEY: &str = "mixua-playground/v1";

/// Where the learner's own work waits after a share link replaced it.
pub const PREVIOUS_KEY: &str = "mixua-playground/v1/before-link";

/// Whether this page may use `localStorage` at all (gloo has no such test:
/// its calls throw when storage is disabled).
pub fn available() -> bool {
    thread_local! {
        static AVAILABLE: bool = web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))));
    }
    AVAILABLE.with(|a| *a)
}

/// A stored JSON value, if there is one and it parses.
pub fn read(key: &str) -> Option<Value> {
    available().then(|| LocalStorage::get::<Value>(key).ok()).flatten()
}

/// Stores a JSON value; false when storage is unavailable or full.
pub fn write(key: &str, value: &Value) -> bool {
    available() && LocalStorage::set(key, value).is_ok()
}

pub fn remove(key: &str) {
    if available() {
        LocalStorage::delete(key);
    }
}
