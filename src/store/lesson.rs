//! Which lesson a work is (saved with it), the page each lesson opens
//! on, its pack and where it starts: lesson 1 and 2's built-in packs
//! (lesson 2's in the `acting` part), lesson 3's, or a teacher's pack.

use std::rc::Rc;

use mixua_policy::Workspace;
use mixua_words::Lang;
use mixua_course::Pack;

pub use crate::store::course_parts::{CourseParts, LessonTwoFns};
use serde::{Deserialize, Serialize};

/// Which lesson a work belongs to: the seating chart (lesson 1), or memory
/// over time (lesson 2, on its own workspace with a clock and a log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Course {
    #[default]
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
    /// What reaches the prompt (lesson 3, on its own workspace with
    /// budgets and tasks): only in a build with the `lesson3` feature.
    #[cfg(feature = "lesson3")]
    #[serde(rename = "3")]
    Three,
    /// A teacher's pack, opened from a pack link (the pack is kept in the
    /// browser; the start and opening a work put it in the state,
    /// `UiSession::teachers_pack`).
    #[serde(rename = "pack")]
    Pack,
}

/// A work's lesson as it is written and carried (a saved slot's, a file's
/// and a share link's `playground.course`): every lesson of the site,
/// whichever page reads it, so that a page without lesson 3 still knows a
/// lesson-3 work for what it is. Exactly the text `"1"`, `"2"`, `"3"` or
/// `"pack"`; anything else (the number `3`, another text) is refused
/// ([`crate::store::persist::Problem::UnknownLesson`]), never read as lesson 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, PartialOrd, Ord, Hash)]
pub enum WorkLesson {
    #[default]
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "3")]
    Three,
    /// A teacher's pack's exercise (the pack is kept in the browser; its
    /// own lesson is [`mixua_course::Pack::lesson`]).
    #[serde(rename = "pack")]
    Pack,
}

impl WorkLesson {
    pub const ALL: [WorkLesson; 4] = [WorkLesson::One, WorkLesson::Two, WorkLesson::Three, WorkLesson::Pack];

    /// `?lesson=N`: a built-in lesson of the site, whether this build has
    /// it or not.
    pub fn parse(text: &str) -> Option<WorkLesson> {
        match text.trim() {
            "1" => Some(WorkLesson::One),
            "2" => Some(WorkLesson::Two),
            "3" => Some(WorkLesson::Three),
            _ => None,
        }
    }

    /// The lesson's number (a pack: 0).
    pub fn number(self) -> usize {
        match self {
            WorkLesson::One => 1,
            WorkLesson::Two => 2,
            WorkLesson::Three => 3,
            WorkLesson::Pack => 0,
        }
    }

    /// The lesson as this build runs it (`None`: lesson 3, in a build
    /// without it).
    pub fn course(self) -> Option<Course> {
        match self {
            WorkLesson::One => Some(Course::One),
            WorkLesson::Two => Some(Course::Two),
            #[cfg(feature = "lesson3")]
            WorkLesson::Three => Some(Course::Three),
            #[cfg(not(feature = "lesson3"))]
            WorkLesson::Three => None,
            WorkLesson::Pack => Some(Course::Pack),
        }
    }

    /// The built-in lesson whose page and panels the work has: its own, or
    /// for a pack's work, the pack's (`pack_lesson`, 1 when the pack is not
    /// at hand).
    pub fn home(self, pack_lesson: Option<usize>) -> usize {
        match self {
            WorkLesson::Pack => pack_lesson.unwrap_or(1),
            other => other.number(),
        }
    }
}

impl From<Course> for WorkLesson {
    fn from(course: Course) -> WorkLesson {
        match course {
            Course::One => WorkLesson::One,
            Course::Two => WorkLesson::Two,
            #[cfg(feature = "lesson3")]
            Course::Three => WorkLesson::Three,
            Course::Pack => WorkLesson::Pack,
        }
    }
}

/// The site's pages (scripts/pages.sh), each a build of its own: which
/// lessons' work each shows, and where the others' goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Page {
    /// `index.html`: a student's lessons 1 and 2 (and packs of theirs).
    Students,
    /// `lesson3.html`: lesson 3 (and packs of it).
    LessonThree,
    /// `teach.html`: every lesson, and the teacher's tools.
    Teacher,
}

impl Page {
    /// This build's page.
    pub const THIS: Page = if cfg!(feature = "teacher") {
        Page::Teacher
    } else if cfg!(feature = "lesson3") {
        Page::LessonThree
    } else {
        Page::Students
    };

    pub const ALL: [Page; 3] = [Page::Students, Page::LessonThree, Page::Teacher];

    /// Whether this page shows the work of built-in lesson `lesson` (1, 2,
    /// 3; a pack's work: its pack's, [`WorkLesson::home`]).
    pub fn shows(self, lesson: usize) -> bool {
        match self {
            Page::Students => matches!(lesson, 1 | 2),
            Page::LessonThree => lesson == 3,
            Page::Teacher => matches!(lesson, 1..=3),
        }
    }

    /// The lesson a start opens when nothing says which.
    pub fn first_lesson(self) -> WorkLesson {
        match self {
            Page::LessonThree => WorkLesson::Three,
            _ => WorkLesson::One,
        }
    }

    /// The page a student opens lesson `lesson`'s work on.
    pub fn of_lesson(lesson: usize) -> Page {
        if lesson == 3 {
            Page::LessonThree
        } else {
            Page::Students
        }
    }

    /// The page's file, relative to the site's directory (the students'
    /// page is the directory itself).
    pub fn file(self) -> &'static str {
        match self {
            Page::Students => "./",
            Page::LessonThree => "lesson3.html",
            Page::Teacher => "teach.html",
        }
    }
}

impl Default for Page {
    fn default() -> Page {
        Page::THIS
    }
}

/// The built-in packs a state reads, each read from the curriculum crate the
/// first time it is asked for (per lesson and language) and kept: a memo of
/// a pure function, held as data by the state that reads it (`UiSession::packs`,
/// shared by every state the reducer makes from it), never a global.
/// Two memos are equal when they have read the same packs (each cell
/// compared as a value: one read and one not are not equal).
///
/// Lesson 2's pack is in a part of the app (`lesson_two_pack`):
/// until that part is in, the lesson has a pack with no exercises, which is
/// not kept (the pack is read again when asked next), and the lesson panel
/// shows its part's place instead (the root).
#[derive(Default, PartialEq)]
pub struct Packs {
    /// By lesson (1, 2, 3) and language (繁體中文, English).
    read: [[std::cell::OnceCell<Rc<Pack>>; 2]; 3],
    /// The pack of a lesson whose part is not in yet: no exercises.
    waiting: std::cell::OnceCell<Rc<Pack>>,
}

impl Packs {
    /// The lesson's built-in pack in `lang` ([`Course::Pack`]: lesson 1's),
    /// or one without exercises while its part is not in (`lesson_two`).
    pub fn get(&self, course: Course, lang: Lang, lesson_two: Option<LessonTwoFns>) -> &Rc<Pack> {
        let at = match course {
            Course::One | Course::Pack => 0,
            Course::Two => 1,
            #[cfg(feature = "lesson3")]
            Course::Three => 2,
        };
        let lang_at = match lang {
            Lang::ZhTw => 0,
            Lang::En => 1,
        };
        let cell = &self.read[at][lang_at];
        if let Some(pack) = cell.get() {
            return pack;
        }
        match course.builtin(lang, lesson_two) {
            Some(pack) => cell.get_or_init(|| Rc::new(pack)),
            None => self.waiting.get_or_init(|| {
                Rc::new(Pack { format: mixua_course::pack::PACK_FORMAT, id: String::new(), version: 0, title: Default::default(), exercises: Vec::new() })
            }),
        }
    }
}

impl std::fmt::Debug for Packs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Packs")
    }
}

/// The pack a lesson runs: a built-in lesson's (from `packs`), or for
/// [`Course::Pack`] the teacher's pack the state holds (without it, storage
/// cleared, lesson 1's exercises: never a panel without exercises).
pub fn pack_of<'a>(course: Course, teachers_pack: Option<&'a Rc<Pack>>, packs: &'a Packs, lang: Lang, lesson_two: Option<LessonTwoFns>) -> &'a Rc<Pack> {
    match (course, teachers_pack) {
        (Course::Pack, Some(pack)) => pack,
        _ => packs.get(course, lang, lesson_two),
    }
}

impl Course {
    /// `?lesson=N`.
    pub fn parse(text: &str) -> Option<Course> {
        match text.trim() {
            "1" => Some(Course::One),
            "2" => Some(Course::Two),
            #[cfg(feature = "lesson3")]
            "3" => Some(Course::Three),
            _ => None,
        }
    }

    pub fn number(self) -> usize {
        match self {
            Course::One => 1,
            Course::Two => 2,
            #[cfg(feature = "lesson3")]
            Course::Three => 3,
            Course::Pack => 0,
        }
    }

    /// The lesson's built-in pack (its solutions in `lang`), read anew from
    /// the curriculum crate (a state keeps the ones it reads: [`Packs`]); a
    /// teacher's pack is not built in, it is the state's ([`pack_of`]), so here
    /// [`Course::Pack`] has lesson 1's. `None`: lesson 2's, without its
    /// part's functions (`lesson_two`: not in yet).
    pub fn builtin(self, lang: Lang, lesson_two: Option<LessonTwoFns>) -> Option<Pack> {
        match self {
            Course::Two => lesson_two.map(|two| (two.pack)()),
            #[cfg(feature = "lesson3")]
            Course::Three => Some(mixua_course::lesson_three_pack(lang)),
            Course::One | Course::Pack => Some(mixua_course::lesson_one_pack(lang)),
        }
    }

    /// The built-in lessons, in the order the lesson switcher lists them
    /// (a new built-in lesson is one more entry here and in [`Course::parse`]).
    #[cfg(feature = "lesson3")]
    pub const LESSONS: &'static [Course] = &[Course::One, Course::Two, Course::Three];
    #[cfg(not(feature = "lesson3"))]
    pub const LESSONS: &'static [Course] = &[Course::One, Course::Two];

    /// Lessons a build without them still links to, by number: the page
    /// that has them opens (`?lesson=3` goes to `lesson3.html`).
    #[cfg(feature = "lesson3")]
    pub const ELSEWHERE: &'static [usize] = &[];
    #[cfg(not(feature = "lesson3"))]
    pub const ELSEWHERE: &'static [usize] = &[3];

    /// The work a lesson starts from: the seed (in `lang`) for lesson 1 and
    /// a teacher's pack, lesson 2's own workspace (written through the
    /// write path) for lesson 2. The start and "Reset" both read it.
    /// `None`: lesson 2's, without its part's functions (`lesson_two`).
    pub fn start_doc(self, lang: Lang, lesson_two: Option<LessonTwoFns>) -> Option<crate::store::work::Doc> {
        Some(match self {
            Course::One | Course::Pack => crate::store::work::Doc::seed_in(lang),
            Course::Two => crate::store::work::Doc { workspace: Rc::new((lesson_two?.start)(lang)), ..Default::default() },
            #[cfg(feature = "lesson3")]
            Course::Three => crate::store::work::Doc {
                workspace: Rc::new(mixua_course::lesson_three::lesson_three_workspace(lang)),
                ..Default::default()
            },
        })
    }

    /// Whether this lesson's work is acted on over time (lessons 2 and 3):
    /// it shows the acting panels and the timeline, and acts through the
    /// write path, which come in a part fetched when wanted (`acting`).
    pub fn acts(self) -> bool {
        match self {
            Course::Two => true,
            #[cfg(feature = "lesson3")]
            Course::Three => true,
            _ => false,
        }
    }

    /// Which step alone may be recorded as solved while `shown` is worked
    /// on: a teacher's exercises each start from their own state, so only
    /// the one being worked on; the built-in lessons run on one continuing
    /// work, so any (`None`).
    pub fn only_step(self, shown: usize) -> Option<usize> {
        (self == Course::Pack).then_some(shown)
    }

    /// How many exercises a built-in lesson has (lesson 2: none without
    /// its part's functions).
    pub fn exercise_count(self, lesson_two: Option<LessonTwoFns>) -> usize {
        self.builtin(Lang::En, lesson_two).map_or(0, |pack| pack.exercises.len())
    }
}

/// The workspace an exercise's start (or solution) stands for, lesson 2's
/// from its part's functions: `None` without them (`lesson_two`).
pub fn start_workspace(start: &mixua_course::Start, lang: Lang, lesson_two: Option<LessonTwoFns>) -> Option<Workspace> {
    match start {
        mixua_course::Start::LessonTwo => lesson_two.map(|two| (two.start)(lang)),
        // Any other start: the closure is never called.
        other => Some(other.workspace_with(lang, |_| Workspace::default())),
    }
}

/// Whether a pack has an exercise that starts from lesson 2 (or has its
/// solution there): a teacher's pack that does wants lesson 2's part.
pub fn uses_lesson_two(pack: &Pack) -> bool {
    let two = |start: &mixua_course::Start| matches!(start, mixua_course::Start::LessonTwo);
    pack.exercises.iter().any(|e| two(&e.start) || e.solution.as_ref().is_some_and(two))
}

