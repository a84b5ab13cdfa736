//! The site's pages as the start routes between them: which page a
//! lesson's work opens on, and the links that carry it there.



use crate::store::lesson::WorkLesson;

pub use crate::store::persist::open_saved;

/// The site's page for the teacher's tools (scripts/pages.sh): a build with
/// every lesson and the Teacher menu. The students' pages never carry them.
pub const TEACHER_PAGE: &str = "teach.html";

/// The students' page for a link made on `pathname` (this page's path): a
/// link a teacher shares (a pack, a work) opens on the students' page, so
/// that students never download the teacher's tools. Any other page keeps
/// its own path.
pub fn students_page(pathname: &str) -> &str {
    pathname.strip_suffix(TEACHER_PAGE).filter(|dir| dir.is_empty() || dir.ends_with('/')).unwrap_or(pathname)
}

/// Lesson 3's page (scripts/pages.sh): the build with the `lesson3` feature.
pub const LESSON3_PAGE: &str = "lesson3.html";

/// The page a share link of a work of `course` opens on, made on
/// `pathname` (this page's path): lesson 3's own page for its work (the
/// students' page has no lesson 3), else the students' page, whether made
/// on the teacher's page or on lesson 3's (whose wasm a lesson-1 student
/// need not load).
pub fn link_page(pathname: &str, course: impl Into<WorkLesson>) -> std::borrow::Cow<'_, str> {
    let dir = &pathname[..pathname.rfind('/').map_or(0, |i| i + 1)];
    if course.into() == WorkLesson::Three {
        return format!("{dir}{LESSON3_PAGE}").into();
    }
    if pathname.ends_with(LESSON3_PAGE) {
        return dir.into();
    }
    students_page(pathname).into()
}
