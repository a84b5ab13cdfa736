//! What the learner is told: a notice (a refusal, what a load did, what
//! can't be read and is kept aside), and where it shows.

use std::rc::Rc;

use mixua_policy::policy::NameError;


/// A message for the learner, kept as data so it renders in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A typed name the policy refuses (empty, holds `/`, …).
    BadName { name: String, error: NameError },
    NameTaken(String),
    /// A card edit that names no one card, or an id edit refused: nothing
    /// changed.
    CardId(CardIdProblem),
    TokenEmpty,
    /// A profile fact needs both a key and a value.
    FactEmpty,
    /// A plain edit that would change who reads, in a work with memory over
    /// time: there only the write path (Act as) changes it, with an actor,
    /// a reason and an event (`Field::decides_readers`).
    ReadersThroughActs,
    /// The workspace's `profiles` can't be read; it is kept as written, and
    /// not edited over.
    ProfilesUnreadable,
    /// A workspace could not be loaded; the current work is unchanged.
    LoadFailed { source: String, problem: crate::store::persist::Problem },
    Loaded { source: String, cards: usize, rejected: usize },
    StorageUnavailable,
    /// Started from `?fresh`: the saved work is untouched and nothing is saved.
    FreshStart,
    /// A share link was opened; `kept`: over saved work, which is one
    /// undo away (a fresh browser had none to keep).
    OpenedLink { kept: bool },
    /// After a reload: the work a link or an import set aside is still one
    /// Undo away.
    PreviousKept,
    /// A share link of the other lesson opened as a work of its own in that
    /// lesson; the learner's own work is in Recent work.
    OpenedLinkOtherLesson { course: crate::store::lesson::Course },
    LinkCopied,
    /// The browser refused the clipboard: the link is shown to copy.
    LinkNotCopied,
    /// The part of the app an action needs could not be downloaded
    /// (offline before the service worker kept it): nothing was done, and
    /// the work is as it was.
    PartMissing,
    /// Another tab just saved the work this tab shows. The next change here
    /// goes to a separate copy; the other tab's version can be loaded.
    ChangedElsewhere { name: String },
    /// This tab's changes could not go over the work another tab had saved
    /// first, so they were kept as a copy; both are in Recent work.
    ForkedHere { name: String, original: String },
    /// Another tab's changes to this work were kept as a copy.
    ForkedElsewhere { names: Vec<String> },
    /// Storage keeps a bounded number of works: these oldest ones went.
    DroppedOldest { names: Vec<String> },
    /// A work from Recent work was opened in this tab.
    OpenedWork { name: String },
    /// After a reload, this tab's work is another page's lesson (`lesson`):
    /// it stays in its slot (Recent work) and opens on that page; this page
    /// opened its own latest work instead.
    TabWorkElsewhere { name: String, lesson: usize },
    /// `?lesson=N` opened that lesson's own work, and the other lesson's
    /// work stays in Recent work (a first visit says nothing).
    OpenedLesson { course: crate::store::lesson::Course },
    /// The write path refused an act (shown beside the act buttons).
    Refused(mixua_policy::Refusal),
    /// Lesson 3: a prompt setting was refused, and nothing changed.
    #[cfg(feature = "lesson3")]
    Prompt(crate::store::prompt_settings::PromptRefusal),
    /// A teacher's pack: opened, refused, or its link copied.
    Pack(crate::store::pack_link::PackNotice),
    /// Something stored could not be read. It is kept as it was (never
    /// written over), and offered for download as `file`.
    Unreadable { what: Unreadable, file: String, text: Rc<str> },
}

/// Where the current notice is shown (issue 26: an action answers beside
/// its control).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NoticeAt {
    /// The top bar: what concerns the whole work (a link opened, another
    /// tab's save, storage), or an action with no control (a dropped file).
    #[default]
    Bar,
    /// Inside the Work menu, under the control that was used.
    Work,
}

/// What in storage could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// The list of saved works; it was rebuilt from the `works` found, and
    /// its damaged text is kept aside as it was.
    Index { works: usize },
    /// The same, when an earlier damaged list is kept aside already:
    /// storage keeps one, so that earlier one stays and this one is not
    /// kept (it is offered for download, now only).
    IndexNotKept { works: usize },
    /// A saved work, by the name Recent work gives it.
    Work { name: String },
}

/// The notice for a saved work that can't be read: its text as stored,
/// offered as a file named after the work's id.
pub fn unreadable_work(entry: &crate::store::recent::Entry, text: String) -> Notice {
    let what = Unreadable::Work { name: entry.name.clone() };
    Notice::Unreadable { what, file: format!("mixua-unreadable-{}.json", entry.id), text: text.into() }
}

/// Why a card edit changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardIdProblem {
    /// No card has the id the edit names (deleted since).
    Gone(String),
    /// Several cards have it: which one is meant can't be told.
    Shared(String),
    /// An id edit to an empty id.
    Empty,
    /// An id edit to the id another card has.
    Taken(String),
}
