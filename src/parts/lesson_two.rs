//! Lesson 2's pack and start, in lessons 2 and 3's chunk (`acting`) but a
//! handle of their own, so that what asks for them (the store's lessons)
//! reaches nothing of the panels that chunk also draws. Fetched with
//! [`super::acting::Acting`], wherever it is.

use mixua_policy::Workspace;
use mixua_words::Lang;

crate::parts::seam::part! {
    /// Lesson 2's pack and start.
    pub struct LessonTwo in acting {
        /// Lesson 2's built-in pack.
        fn lesson_two_pack() -> mixua_course::Pack {
            mixua_course::lesson_two_pack()
        }
        /// Lesson 2's starting workspace (written through the write path).
        fn lesson_two_start(lang: Lang) -> Workspace {
            mixua_course::lesson_two_workspace(lang)
        }
    }
}
