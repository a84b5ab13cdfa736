//! What the learner looks at and has done beside the work: the screen's
//! state (`Ui`), the mode, Recent work, and the last step taken.

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_policy::ViewerId;
use mixua_words::Lang;

use crate::store::notice::{Notice, NoticeAt};
use crate::store::panels::{Panel, Panels};
use crate::store::progress::Progress;
use crate::store::work::Doc;

/// How many undo steps are kept.
pub const HISTORY: usize = 200;

/// Explore shows every view; Predict hides them until the learner reveals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Explore,
    Predict { revealed: bool },
}

impl Mode {
    /// Predicting, before the reveal: the views and their reasons are hidden.
    pub fn hides_answers(self) -> bool {
        matches!(self, Mode::Predict { revealed: false })
    }
}

/// What "Recent work" shows: the saved works and the one this tab shows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Recent {
    pub works: Vec<crate::store::recent::Entry>,
    pub current: String,
    /// When the list was read (ms since the epoch, passed in by the effect
    /// that read it): each work's "saved … ago" is measured from it, so
    /// render never reads the clock.
    pub read_at: f64,
}

impl Recent {
    /// How many whole minutes before the list was read `entry` was saved:
    /// what its "saved … ago" says.
    pub fn minutes_ago(&self, entry: &crate::store::recent::Entry) -> u64 {
        ((self.read_at - entry.saved_at) / 60_000.0).max(0.0) as u64
    }

    /// Whether the Recent work list would show the same as `other`: the
    /// same works, names, card counts and minutes ago, the same one this
    /// tab's. Each autosave reads the list again; when it shows nothing
    /// new, the root is not rendered again for it (issue 25: one render per
    /// action).
    pub fn shows_same(&self, other: &Recent) -> bool {
        self.current == other.current
            && self.works.len() == other.works.len()
            && self.works.iter().zip(&other.works).all(|(a, b)| {
                a.id == b.id && a.name == b.name && a.cards == b.cards && self.minutes_ago(a) == other.minutes_ago(b)
            })
    }
}

/// What the learner is looking at and has done beside the work: not part
/// of the work, not undone. Three parts: what is on the screen now, this
/// tab's session, and the progress saved with the work.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ui {
    pub screen: Screen,
    pub session: UiSession,
    /// Saved with the work: the lesson's current step.
    pub lesson_step: usize,
    /// Saved with the work: the exercises done, answered and missed.
    pub progress: Progress,
}

/// This tab's session as the screen uses it: its language, which lesson
/// its work is (and the packs it runs), and what the page's address asked
/// for. (What the start reads of the tab is `start::address::Session`.)
#[derive(Clone, Debug, PartialEq, Default)]
pub struct UiSession {
    pub lang: Lang,
    /// Which lesson this work is: the seating chart (1) or memory over time (2).
    pub course: crate::store::lesson::Course,
    /// The teacher's pack a [`Course::Pack`](crate::store::lesson::Course::Pack)
    /// work runs (from its link, kept in the browser): handed in by the
    /// start and by opening a work, read through [`Ui::pack`].
    pub teachers_pack: Option<Rc<mixua_course::Pack>>,
    /// The built-in packs this state has read (each once), read through
    /// [`Ui::pack`]; one memo, shared by every state made from one start.
    pub packs: Rc<crate::store::lesson::Packs>,
    /// What of the course is in a part of the app, as the root has
    /// handed it in (lesson 2's pack and start, the assertions' judge).
    pub parts: crate::store::lesson::CourseParts,
    /// Panels hidden by `?hide=editor,compare` (and by `?embed`).
    pub hidden: Panels,
    /// `?embed`: just the chart and the panels `&panel=` names, for an
    /// iframe; no bar, no files, no footer, nothing read or saved.
    pub embed: bool,
}

/// What is on the screen now: what is selected, open, shown and said.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Screen {
    /// The card whose reach is shown, by index.
    pub selected: Option<usize>,
    /// The viewer whose decision on the selected card is explained.
    pub viewer: Option<ViewerId>,
    pub mode: Mode,
    pub notice: Option<Notice>,
    /// Where that notice is shown: beside the control whose action it
    /// answers (the Work menu's share, import, reset and opening a saved
    /// work), or the top bar, which keeps what concerns the whole work.
    pub notice_at: NoticeAt,
    /// First card index shown in the editor (the editor pages long lists).
    pub editor_start: usize,
    pub classroom: bool,
    /// The panel shown in classroom mode.
    pub panel: Panel,
    /// View cells showing all their cards, not the first few.
    pub expanded: BTreeSet<ViewerId>,
    pub recent: Recent,
    /// Lesson 2: the tick the chart shows (`None`: now, the clock).
    pub tick: Option<u64>,
    /// Lesson 2: who acts (a `user/agent`, a user, an agent or a reviewer).
    pub actor: Option<mixua_policy::Actor>,
    /// Lesson 2: the last act the write path refused, with its reason.
    pub refusal: Option<mixua_policy::Refusal>,
    /// Lesson 2: where that refusal is shown (beside the control that
    /// tried the act).
    pub refused_at: Option<crate::store::acts::Place>,
    /// Lesson 2: the card whose history is open.
    pub history: Option<String>,
    /// The user whose "What do you keep about me?" panel is open.
    pub about: Option<String>,
    /// Lesson 3: the cell whose prompt the inspector shows (`None`: the
    /// first task's viewer).
    #[cfg(feature = "lesson3")]
    pub prompt: Option<ViewerId>,
    /// Lesson 3: the card diagnosed for that viewer ("why didn't the agent
    /// use it?").
    #[cfg(feature = "lesson3")]
    pub diagnose: Option<String>,
    /// Lesson 3: the card whose prompt keys the settings show, chosen in
    /// their "Card:" picker (`None`: the card selected in the chart). It
    /// opens no card editor: on a phone that is a sheet, which would cover
    /// the keys and their answer (issue 50).
    /// By id: a card deleted or moved is never shown in its place.
    #[cfg(feature = "lesson3")]
    pub prompt_keys: Option<String>,
    /// Lesson 3: the learner opened a cell's prompt from its bar in the
    /// chart: on a phone it is a sheet over the lower part of the screen
    /// (as a selected card's editor is) until closed.
    #[cfg(feature = "lesson3")]
    pub prompt_sheet: bool,
    /// The Assertions panel is open (issue 53).
    pub assertions: bool,
    /// The lesson panel's result code is open (made while it is).
    pub code_open: bool,
}

impl Ui {
    /// A session of this lesson in this language, with the parts that are
    /// in, nothing on screen yet.
    pub fn new(course: crate::store::lesson::Course, lang: Lang, parts: crate::store::lesson::CourseParts) -> Ui {
        Ui { session: UiSession { course, lang, parts, ..UiSession::default() }, ..Ui::default() }
    }

    /// The lesson's pack: a built-in lesson's (its solutions in the UI's
    /// language), or the teacher's pack this state holds.
    pub fn pack(&self) -> &mixua_course::Pack {
        self.shared_pack()
    }

    /// The work's lesson as it is saved in this browser.
    pub fn work_lesson(&self) -> crate::store::lesson::WorkLesson {
        self.session.course.into()
    }

    /// The work's lesson as it leaves this browser (a link, a file): a
    /// teacher's pack's exercise leaves as its pack's lesson when that is
    /// lesson 3 (its workspace has lesson 3's settings), else as lesson 1's
    /// (whoever opens it may not have the pack).
    pub fn carried_lesson(&self) -> crate::store::lesson::WorkLesson {
        use crate::store::lesson::WorkLesson;
        match self.session.course {
            crate::store::lesson::Course::Pack if self.pack().lesson() == 3 => WorkLesson::Three,
            course => crate::store::persist::portable(course).unwrap_or_default(),
        }
    }

    /// Whether lesson 3's panels show: its work, or a pack of lesson 3
    /// ([`mixua_course::Pack::lesson`]).
    pub fn lesson_three_panels(&self) -> bool {
        self.carried_lesson() == crate::store::lesson::WorkLesson::Three
    }

    /// The same pack, as the `Rc` the state keeps (a prop compared by
    /// identity).
    pub fn shared_pack(&self) -> &Rc<mixua_course::Pack> {
        crate::store::lesson::pack_of(self.session.course, self.session.teachers_pack.as_ref(), &self.session.packs, self.session.lang, self.session.parts.lesson_two)
    }

    /// Whether this state wants lesson 2's part (`acting`: the acting
    /// panels, the write path, lesson 2's pack and start, the cache
    /// replay): a lesson acted on over time, a pack that checks the cache,
    /// or a teacher's pack with an exercise in lesson 2's start.
    pub fn wants_acting(&self) -> bool {
        self.reads_cache() || (self.session.course == crate::store::lesson::Course::Pack && crate::store::lesson::uses_lesson_two(self.pack()))
    }

    /// Whether this state replays the cache (in lesson 2's part): a lesson
    /// acted on over time shows it, and a pack may check it
    /// (`mixua_course::Pack::reads_cache`).
    pub fn reads_cache(&self) -> bool {
        self.session.course.acts() || self.pack().reads_cache()
    }

    /// The exercise of the lesson's current step (`None` only for a pack
    /// without exercises, which the crate does not read).
    pub fn exercise(&self) -> Option<&mixua_course::Exercise> {
        let exercises = &self.pack().exercises;
        exercises.get(self.lesson_step.min(exercises.len().saturating_sub(1)))
    }
}

/// The last edit, undo or redo: which it was, and the work it started from
/// (a run of keystrokes in one field is one step). The change summary
/// compares the work with it; it stays until the next step.
#[derive(Clone, Debug, PartialEq)]
pub struct LastStep {
    pub kind: StepKind,
    pub before: Rc<Doc>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Edit,
    Undo,
    Redo,
}
