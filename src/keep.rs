//! The keeping of the learner's work, a part of its own (`crate::lazy`,
//! issue 28): everything that reads or writes it as JSON. Storage's index
//! and work slots, the start over stored work or a link, autosave, Recent
//! work, opening a saved work, importing a file, the work a link set aside
//! and the name in the result code.
//!
//! A first visit (nothing stored, no link in the address) starts without
//! it ([`crate::start_route::route_plain`]). The root fetches it once the
//! first screen is painted, beside the panels below it. A page that has
//! something stored or a link fetches it before its start
//! ([`needed_at_start`]).
//!
//! Each function here is a part's function. [`run`] calls it at once when
//! the part is in, else once it has come. When the part can't be fetched,
//! the caller says so ([`crate::state::Notice::PartMissing`]) and nothing
//! is written.

use std::future::Future;
use std::rc::Rc;

use futures_util::FutureExt;
use wasm_split_helpers::wasm_split;

use crate::autosave::{Saver, Store};
use crate::doc::Doc;
use crate::lazy::SplitLoaderError;
use crate::persist::{Problem, Saved};
use crate::start_route::{Address, Route, Session};
use crate::state::Recent;
use crate::store;

/// Whether this page's start reads stored work or a link, so that the
/// part must be in before the start: the address has a fragment, or
/// anything of the playground's is stored (this tab's work included).
pub fn needed_at_start() -> bool {
    let fragment = gloo_utils::window().location().hash().unwrap_or_default();
    !fragment.trim_start_matches('#').is_empty() || store::anything_stored()
}

/// Every function of the part, fetched and loaded (each loads on its own
/// first call, so each is loaded here: from then on, [`run`] calls them at
/// once).
pub async fn preload() -> Result<(), SplitLoaderError> {
    preload_route().await?;
    preload_flush().await?;
    preload_first_save().await?;
    preload_recent().await?;
    preload_storage_event().await?;
    preload_open().await?;
    preload_import().await?;
    preload_open_new().await?;
    preload_carry_out().await?;
    preload_read_file().await?;
    preload_student_name().await?;
    preload_set_student_name().await
}

/// Runs `call` now if everything it awaits is in, else once it is (in a
/// task of its own).
pub fn run(call: impl Future<Output = ()> + 'static) {
    let mut call = Box::pin(call);
    if (&mut call).now_or_never().is_none() {
        wasm_bindgen_futures::spawn_local(call);
    }
}

/// The start over what is stored and the address's link
/// ([`crate::start_route::route`]), this tab's work read from its session.
#[wasm_split(keep, fallible, preload(preload_route))]
pub fn route(address: &Address, session: &Session) -> Result<Route, SplitLoaderError> {
    let session = Session { tab_work: store::tab_work(), ..session.clone() };
    Ok(crate::start_route::route(address, &store::Browser, &session))
}

/// Autosave: the work into this tab's slot ([`Saver::save`]).
#[wasm_split(keep, fallible, preload(preload_flush))]
pub fn flush(saver: &Saver) -> Result<(), SplitLoaderError> {
    saver.save();
    Ok(())
}

/// The first save of a work that has no slot yet; old work from before
/// works had slots is then in one, and its old key goes.
#[wasm_split(keep, fallible, preload(preload_first_save))]
pub fn first_save(saver: &Saver) -> Result<(), SplitLoaderError> {
    saver.save();
    if !saver.failed.get() {
        store::remove(store::LEGACY_KEY);
    }
    Ok(())
}

/// Recent work as the index lists it, `current` the tab's.
#[wasm_split(keep, fallible, preload(preload_recent))]
pub fn recent(current: &str) -> Result<Recent, SplitLoaderError> {
    Ok(Recent { works: store::index().works, current: current.to_string(), read_at: js_sys::Date::now() })
}

/// Another tab wrote storage ([`Saver::storage_event`]).
#[wasm_split(keep, fallible, preload(preload_storage_event))]
pub fn storage_event(saver: &Saver, key: &str) -> Result<(), SplitLoaderError> {
    saver.storage_event(key);
    Ok(())
}

/// Opens a saved work in this tab ([`Saver::open`]).
#[wasm_split(keep, fallible, preload(preload_open))]
pub fn open(saver: &Saver, id: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.open(id, store_);
    Ok(())
}

/// A file of this lesson, as a work of its own ([`Saver::import`]).
#[wasm_split(keep, fallible, preload(preload_import))]
pub fn import(saver: &Rc<Saver>, doc: &Doc, source: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.import(doc.clone(), source.to_string(), store_);
    Ok(())
}

/// A file of another lesson, as a new work in its lesson ([`Saver::open_new`]).
#[wasm_split(keep, fallible, preload(preload_open_new))]
pub fn open_new(saver: &Rc<Saver>, saved: &Saved, source: &str, store_: &Store) -> Result<(), SplitLoaderError> {
    saver.open_new(saved.clone(), source.to_string(), store_);
    Ok(())
}

/// What a start asks storage for once it is on screen
/// ([`crate::autosave::carry_out`]).
#[wasm_split(keep, fallible, preload(preload_carry_out))]
pub fn carry_out(set_aside: &Option<Saved>, started: &Option<mixua_course::Pack>, embed: bool) -> Result<(), SplitLoaderError> {
    crate::autosave::carry_out(set_aside.clone(), started.clone(), embed);
    Ok(())
}

/// A file's bytes read as a work ([`crate::persist::from_bytes`]).
#[wasm_split(keep, fallible, preload(preload_read_file))]
pub fn read_file(bytes: &[u8]) -> Result<Result<Saved, Problem>, SplitLoaderError> {
    Ok(crate::persist::from_bytes(bytes))
}

/// The name the learner last wrote in a result code.
#[wasm_split(keep, fallible, preload(preload_student_name))]
pub fn student_name() -> Result<String, SplitLoaderError> {
    Ok(store::student_name())
}

/// Keeps the name the learner wrote in a result code.
#[wasm_split(keep, fallible, preload(preload_set_student_name))]
pub fn set_student_name(name: &str) -> Result<(), SplitLoaderError> {
    store::set_student_name(name);
    Ok(())
}
