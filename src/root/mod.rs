//! The root component ([`app`], the page's layout) and its effects
//! ([`effects`]: storage, the address, keys, the document's language), each
//! a hook of its own, never in the reducer or in render.

pub mod app;
pub(crate) mod effects;
pub(crate) mod listeners;
pub(crate) mod below;
pub(crate) mod columns;
