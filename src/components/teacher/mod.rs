//! The teacher's tools: the pack builder and the class view (the `teacher`
//! feature); without it, a link to the page that has them.

#[cfg(feature = "teacher")]
pub mod class_view;
#[cfg(feature = "teacher")]
mod live;
#[cfg(feature = "teacher")]
mod share_pack;
#[cfg(feature = "teacher")]
pub mod teacher;
#[cfg(not(feature = "teacher"))]
#[path = "teacher_page.rs"]
pub mod teacher;
