//! The root component ([`app`], the page's layout) and its effects
//! ([`effects`]: storage, the address, keys, the document's language), each
//! a hook of its own, never in the reducer or in render; and the same root
//! rendered at build time as the first screens ([`prerender`]).

pub mod app;
pub(crate) mod effects;
pub(crate) mod listeners;
pub(crate) mod below;
pub(crate) mod columns;
pub mod prerender;
pub(crate) mod requests;

/// Fetches lesson 2's part (`crate::start::Started::acts`,
/// `crate::start::acting_at_start`) before the start reads the lesson; a
/// failed fetch is the root's to say (its place in the lesson and the
/// inspector) and the start's (`crate::start::route::route`). Lesson 2's
/// pack and start, for the start to hand the state (`None`: not fetched).
pub async fn fetch_acting() -> Option<crate::store::lesson::LessonTwoFns> {
    crate::parts::acting_in().await.ok()
}

/// Fetches the part that keeps the work before a start that reads stored
/// work or a link (`crate::store::json_io::needed_at_start`): the start
/// over them, or `None` when it can't be fetched.
pub async fn fetch_keep() -> Option<crate::start::Stored> {
    crate::parts::later::LaterPart::load().await.ok().map(|part| part.route)
}
