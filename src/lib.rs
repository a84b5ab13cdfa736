//! MixUA Playground: a Yew shell over the policy and course crates, in
//! layers that only look down: [`start`] (where a page load goes) and
//! [`root`] (the layout and its effects) over [`components`] (what the
//! screen shows), over [`derive`] (everything derived from the work, once
//! per revision), over [`store`] (the work, the one reducer, its keeping).
//! [`parts`] is the seam of the wasm parts a first load does not carry.

// A build in one language (`pick!`) leaves the other's helpers unused.
#![cfg_attr(any(feature = "only-en", feature = "only-zh"), allow(unused_variables, unused_imports, dead_code))]

#[macro_use]
extern crate mixua_words;

pub mod derive;
pub mod start;
pub mod store;

mod components;
mod parts;
mod root;

pub use root::app::{App, AppProps};
pub use parts::course_parts;
pub use root::{fetch_acting, fetch_keep, prerender};

/// Cards per editor page: long workspaces stay usable.
pub const EDITOR_PAGE: usize = 25;

/// Cards listed per view cell before "show all": a view of hundreds of
/// cards is counted, not printed.
pub const CELL_LIMIT: usize = 40;
