//! The browser's storage, through gloo: the only place that touches it.
//! Storage may be missing or disabled (a private window, a school policy);
//! gloo then throws, so availability is asked once here and every call
//! after that degrades to "nothing saved" instead.
//!
//! Layout: an index of saved works, one slot per work (see `store/recent.rs`),
//! and, per tab (session storage, kept across a reload of that tab only),
//! the id of the work the tab shows.

use std::collections::BTreeMap;

use gloo_storage::{LocalStorage, SessionStorage, Storage};
use serde_json::Value;

use crate::store::recent::{Index, Slot};

/// Where autosave kept the one work before works had slots; read once to
/// bring that work over.
pub const LEGACY_KEY: &str = "mixua-playground/v1";

/// Where the learner's own work waits after a share link replaced it.
pub const PREVIOUS_KEY: &str = "mixua-playground/v1/before-link";

/// The name a learner writes in their result code: the learner's, not a
/// work's, so it is kept apart from the works and typed once.
const NAME_KEY: &str = "mixua-playground/v2/student-name";

pub const INDEX_KEY: &str = "mixua-playground/v2/works";
pub const SLOT_PREFIX: &str = "mixua-playground/v2/work/";
const TAB_KEY: &str = "mixua-playground/v2/tab-work";

/// Whether this page may use `localStorage` at all (gloo has no such test:
/// its calls throw when storage is disabled).
pub fn available() -> bool {
    thread_local! {
        static AVAILABLE: bool = web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))));
    }
    AVAILABLE.with(|a| *a)
}

fn session_available() -> bool {
    thread_local! {
        static AVAILABLE: bool = web_sys::window().is_some_and(|w| matches!(w.session_storage(), Ok(Some(_))));
    }
    AVAILABLE.with(|a| *a)
}

/// What is stored, as text per key: the browser's storage ([`Browser`]),
/// or a map (the native tests of the start, `start/route.rs`). The start
/// reads through it, so that where it goes is a function of what is
/// stored.
pub trait Stored {
    /// The text stored under `key`, as stored (damaged or not).
    fn text(&self, key: &str) -> Option<String>;
    /// Every key stored.
    fn keys(&self) -> Vec<String>;
}

/// The browser's `localStorage` (nothing when it is unavailable).
pub struct Browser;

impl Stored for Browser {
    fn text(&self, key: &str) -> Option<String> {
        available().then(|| LocalStorage::raw().get_item(key).ok().flatten()).flatten()
    }

    fn keys(&self) -> Vec<String> {
        if !available() {
            return Vec::new();
        }
        let storage = LocalStorage::raw();
        (0..storage.length().unwrap_or(0)).filter_map(|i| storage.key(i).ok().flatten()).collect()
    }
}

impl Stored for BTreeMap<String, String> {
    fn text(&self, key: &str) -> Option<String> {
        self.get(key).cloned()
    }

    fn keys(&self) -> Vec<String> {
        BTreeMap::keys(self).cloned().collect()
    }
}

/// The language last shown in this browser, as a tag (`zh-TW`, `en`):
/// what a page built in one language opens in when its address names none
/// (read before the wasm, by the first screen's script in index.html and
/// the loader in Trunk.toml; issue 28). Outside [`KEY_PREFIX`]: it is no
/// work, and a start that finds it alone still needs nothing stored read.
pub const LANG_KEY: &str = "mixua-playground-lang";

/// What every key of the playground's starts with.
pub const KEY_PREFIX: &str = "mixua-playground/";

/// Whether anything of the playground's is stored (works, the index, work
/// set aside, a teacher's pack, a name, text kept aside), or this tab has
/// a work: asked of the keys only, nothing read (`crate::store::json_io`: a first
/// visit's start needs none of the code that reads them).
pub fn anything_stored() -> bool {
    Browser.keys().iter().any(|key| key.starts_with(KEY_PREFIX))
        || (session_available() && SessionStorage::raw().get_item(TAB_KEY).ok().flatten().is_some())
}

/// A stored JSON value, if there is one and it parses.
pub fn value_in(stored: &dyn Stored, key: &str) -> Option<Value> {
    serde_json::from_str(&stored.text(key)?).ok()
}

/// A stored JSON value, if there is one and it parses.
pub fn read(key: &str) -> Option<Value> {
    value_in(&Browser, key)
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

/// The name the learner last wrote in a result code ("" if none).
pub fn student_name() -> String {
    read(NAME_KEY).and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

pub fn set_student_name(name: &str) {
    if name.is_empty() {
        remove(NAME_KEY);
    } else {
        write(NAME_KEY, &Value::String(name.to_string()));
    }
}

pub fn slot_key(id: &str) -> String {
    format!("{SLOT_PREFIX}{id}")
}

/// The work id a storage key belongs to, for `storage` events.
pub fn slot_id(key: &str) -> Option<&str> {
    key.strip_prefix(SLOT_PREFIX)
}

pub fn is_index_key(key: &str) -> bool {
    key == INDEX_KEY
}

/// Where text that could not be read is kept, as it was, before anything
/// is written over its key.
pub const UNREADABLE_PREFIX: &str = "mixua-playground/v2/unreadable/";

pub fn index() -> Index {
    index_in(&Browser)
}

/// The index of saved works; rebuilt from the slots when it can't be read.
pub fn index_in(stored: &dyn Stored) -> Index {
    index_read(stored).0
}

/// The index of saved works, and the stored index's text when it could not
/// be read (the index is then rebuilt from the work slots, which carry
/// their own name and time, so that no work is left unreachable).
pub fn index_read(stored: &dyn Stored) -> (Index, Option<String>) {
    let Some(text) = stored.text(INDEX_KEY) else { return (Index::default(), None) };
    match serde_json::from_str::<Index>(&text) {
        Ok(index) => (index, None),
        Err(_) => {
            let found = stored
                .keys()
                .into_iter()
                .filter_map(|key| Some(slot_id(&key)?.to_string()))
                .map(|id| {
                    let slot = slot_in(stored, &id);
                    (id, slot)
                })
                .collect();
            (crate::store::recent::rebuild(found), Some(text))
        }
    }
}

/// Where a damaged index is kept aside, as it was: one copy only.
pub const INDEX_ASIDE_KEY: &str = "mixua-playground/v2/unreadable/works";

/// Whether a damaged index's text will be kept aside ([`INDEX_ASIDE_KEY`])
/// when the index is next written: storage keeps one damaged copy, and
/// never writes over it. So it is kept when nothing is aside yet (or this
/// very text is), and dropped when an earlier damaged copy is kept there.
pub fn index_aside(stored: &dyn Stored, damaged: &str) -> Aside {
    match stored.text(INDEX_ASIDE_KEY) {
        Some(earlier) if earlier != damaged => Aside::Dropped,
        _ => Aside::Kept,
    }
}

/// What becomes of a damaged index's text ([`index_aside`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aside {
    /// It is kept aside as it was.
    Kept,
    /// An earlier damaged copy is kept aside, and this one is not: it is
    /// dropped when the index is next written.
    Dropped,
}

/// Writes the index; an index stored that can't be read is first kept
/// aside as it was ([`INDEX_ASIDE_KEY`]), never written over, unless an
/// earlier damaged copy is kept there already ([`index_aside`]: the notice
/// said which one is kept).
pub fn write_index(index: &Index) -> bool {
    if let Some(text) = Browser.text(INDEX_KEY).filter(|t| serde_json::from_str::<Index>(t).is_err()) {
        if Browser.text(INDEX_ASIDE_KEY).is_none() && !write_text(INDEX_ASIDE_KEY, &text) {
            return false;
        }
    }
    write(INDEX_KEY, &serde_json::to_value(index).expect("an index serializes"))
}

/// Stores text as it is; false when storage is unavailable or full.
pub fn write_text(key: &str, text: &str) -> bool {
    available() && LocalStorage::raw().set_item(key, text).is_ok()
}

pub fn slot(id: &str) -> Option<Slot> {
    slot_in(&Browser, id)
}

pub fn slot_in(stored: &dyn Stored, id: &str) -> Option<Slot> {
    serde_json::from_str(&stored.text(&slot_key(id))?).ok()
}

/// A work's slot as stored: nothing, a slot, or text that can't be read
/// as one (kept as it was, offered for download).
#[derive(Clone, Debug, PartialEq)]
pub enum SlotText {
    Missing,
    Read(Slot),
    Unreadable(String),
}

pub fn slot_text(stored: &dyn Stored, id: &str) -> SlotText {
    match stored.text(&slot_key(id)) {
        None => SlotText::Missing,
        Some(text) => match serde_json::from_str(&text) {
            Ok(slot) => SlotText::Read(slot),
            Err(_) => SlotText::Unreadable(text),
        },
    }
}

pub fn write_slot(id: &str, slot: &Slot) -> bool {
    write_text(&slot_key(id), &slot_json(slot))
}

/// A slot's stored text. Written as text: a `Value` would keep only the
/// last of a key written twice in the work (`works::WorkText`).
pub fn slot_json(slot: &Slot) -> String {
    serde_json::to_string(slot).expect("a slot serializes")
}

/// The work this tab showed before a reload.
pub fn tab_work() -> Option<String> {
    session_available().then(|| SessionStorage::get::<String>(TAB_KEY).ok()).flatten()
}

pub fn set_tab_work(id: &str) {
    if session_available() {
        let _ = SessionStorage::set(TAB_KEY, id);
    }
}
