//! What of the course is in a part of the app (fetched when wanted), as
//! values the state keeps: the store and the derivation read them, and
//! never ask whether a part has arrived.

use mixua_course::{Facts, Pack};
use mixua_policy::Workspace;
use mixua_words::Lang;

/// Lesson 2's pack and start: in a part of the app (`acting`, fetched with
/// the acting panels), so a lesson-1 student's first load doesn't carry
/// them (issue 28). The root hands them to the state once that part is in
/// ([`CourseParts`]).
#[derive(Clone, Copy)]
pub struct LessonTwoFns {
    pub pack: fn() -> Pack,
    pub start: fn(Lang) -> Workspace,
}

/// What of the course is in a part of the app, fetched when wanted:
/// lesson 2's pack and start, and the assertions' "all hold" (a teacher's
/// goal, `Check::AssertionsHold`, in the `later` part). The root hands
/// each in once its part is in (`UiAction::PartsIn`); the state keeps them
/// (`UiSession::parts`), and the store and the derivation read them from
/// there as values: neither asks whether a part has arrived. `None`: not
/// in yet (what needs it says so, `Notice::PartMissing`, or is not
/// judged yet).
#[derive(Clone, Copy, Default)]
pub struct CourseParts {
    pub lesson_two: Option<LessonTwoFns>,
    pub all_hold: Option<fn(&Facts<'_>) -> bool>,
}

impl CourseParts {
    /// These parts and `more`'s: each function this or `more` has.
    pub fn with(self, more: CourseParts) -> CourseParts {
        CourseParts { lesson_two: self.lesson_two.or(more.lesson_two), all_hold: self.all_hold.or(more.all_hold) }
    }
}

/// Two functions are the same when they are at the same address (as the
/// parts' handles compare, `crate::parts::seam::part!`).
impl PartialEq for LessonTwoFns {
    fn eq(&self, other: &LessonTwoFns) -> bool {
        self.pack as usize == other.pack as usize && self.start as usize == other.start as usize
    }
}

impl PartialEq for CourseParts {
    fn eq(&self, other: &CourseParts) -> bool {
        self.lesson_two == other.lesson_two && self.all_hold.map(|f| f as usize) == other.all_hold.map(|f| f as usize)
    }
}

impl std::fmt::Debug for CourseParts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CourseParts").field("lesson_two", &self.lesson_two.is_some()).field("all_hold", &self.all_hold.is_some()).finish()
    }
}
