//! What the native tests share: the parts' course functions, which a
//! native build has in (the app hands them to the state once a part is
//! in: `store::lesson::CourseParts`).

/// Every part's course functions.
#[allow(dead_code)]
pub fn parts() -> mixua_playground::store::lesson::CourseParts {
    mixua_playground::course_parts(true, true)
}

/// Lesson 2's pack and start, from its part.
#[allow(dead_code)]
pub fn two() -> Option<mixua_playground::store::lesson::LessonTwoFns> {
    parts().lesson_two
}
