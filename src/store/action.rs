//! Everything that can happen to the state: an `Edit` of the work
//! (undoable, saved, shared), a `UiAction` (what the learner looks at),
//! undo and redo, or opening a work; and the work menu's `WorkAction`s.

use std::rc::Rc;

use mixua_policy::{Field, ViewerId};
use mixua_words::Lang;

use crate::store::notice::{Notice, NoticeAt};
use crate::store::ui::{Mode, Recent};
use crate::store::panels::Panel;
use crate::store::progress::Progress;
use crate::store::work::Doc;

/// What the learner asks of saved works; these touch storage, so the root
/// component carries them out (they are not reducer actions).
#[derive(Clone, Debug, PartialEq)]
pub enum WorkAction {
    /// Open a work from Recent work in this tab.
    Open(String),
    /// Load the version another tab saved of the work this tab shows.
    LoadTheirs,
    /// A file the learner picked or dropped: in this lesson it replaces the
    /// work (one Undo away); another lesson's file opens as a work of its
    /// own in its lesson, and this work stays in Recent work.
    /// `at`: where its answer shows (the Work menu for its Import, the
    /// top bar for a dropped file).
    Import { saved: Box<crate::store::persist::Saved>, source: String, at: NoticeAt },
    /// Reset this lesson's work to its start (`doc`): as an import does,
    /// the start becomes a new work of this lesson, and the work reset
    /// stays in its slot (Recent work) and one Undo away. No other
    /// lesson's work is touched.
    Reset { doc: Box<crate::store::work::Doc>, source: String },
}

/// Everything the reducer does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A change to the work: undoable, saved, shared.
    Edit(Edit),
    /// A change to what the learner looks at: neither undone nor shared.
    Ui(UiAction),
    Undo,
    Redo,
    /// Shows another saved work (from Recent work): its own history starts
    /// afresh, as the undo steps belonged to the work that was here, which
    /// stays in its own slot.
    /// The work keeps its lesson, step and progress.
    Open {
        doc: Doc,
        name: String,
        course: crate::store::lesson::Course,
        /// The teacher's pack, for a teacher's pack's work.
        teachers_pack: Option<Rc<mixua_course::Pack>>,
        lesson_step: usize,
        progress: Box<Progress>,
    },
}

/// A change to the work. A card is named by its id as the control showed
/// it (an edit of the id names the old one): an id no card has, or one
/// several cards have, edits nothing and is said (`crate::store::card_edit`).
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    SetQuery(String),
    EditText { card: String, field: Field, value: String },
    SetApproved { card: String, approved: bool },
    AddCard,
    DuplicateCard(String),
    DeleteCard(String),
    AddUser(String),
    RenameUser { from: String, to: String },
    RemoveUser(String),
    AddAgent(String),
    RenameAgent { from: String, to: String },
    RemoveAgent(String),
    AddCanary { user: String, token: String },
    RemoveCanary { user: String, token: String },
    /// Sets one profile fact of a user (adds it, or replaces the value of
    /// that key): what the re-identification probe looks for.
    SetProfileFact { user: String, key: String, value: String },
    RemoveProfileFact { user: String, key: String },
    TogglePrediction { viewer: ViewerId, card: String },
    /// Replaces the work (import, share link, reset); one undo brings the
    /// previous work back.
    Load { doc: Doc, source: String },
    /// Lesson 2: an act through the policy's write path (propose, publish,
    /// reject, revoke, delete, roll back, advance the clock, …). A refusal
    /// changes nothing and is shown with its reason. With the write path
    /// it goes through, from the acting part.
    Act(crate::store::acts::Act, crate::store::acts::WritePath),
    /// Lesson 3: a budget, `top_k`, a layer, a ranking weight or a card's
    /// prompt key. A refused value changes nothing and is said.
    #[cfg(feature = "lesson3")]
    Prompt(crate::store::prompt_settings::PromptEdit),
    /// The work's assertions (issue 53): one kept, edited or removed, each
    /// one undoable step. With the function that writes it, from the
    /// `later` part.
    Assertion(AssertionEdit, AssertionWrite),
}

/// A change to the work's assertions: one undoable edit each. An entry is
/// carried as the file writes it (its JSON), so that the reducer, in every
/// page's first load, carries none of the vocabulary's code.
#[derive(Clone, Debug, PartialEq)]
pub enum AssertionEdit {
    /// Adds one at the end of the list (nothing, when the same one is
    /// there already).
    Add(serde_json::Value),
    /// Replaces the entry at `index` (a note edited, the opposite
    /// expected; a wrong entry mended).
    Replace { index: usize, entry: serde_json::Value },
    /// Removes the entry at `index`.
    Remove(usize),
}

impl AssertionEdit {
    /// Keeps `assertion`.
    pub fn add(assertion: &mixua_course::assertion::Assertion) -> AssertionEdit {
        AssertionEdit::Add(assertion.to_value())
    }

    /// Puts `assertion` at `index`.
    pub fn replace(index: usize, assertion: &mixua_course::assertion::Assertion) -> AssertionEdit {
        AssertionEdit::Replace { index, entry: assertion.to_value() }
    }
}

/// The function that writes an assertion edit into the work (the `later`
/// part's, handed to the control that makes the edit): the reducer runs it
/// and never waits for the part. Two are equal when they are the same
/// function.
#[derive(Clone, Copy, Debug)]
pub struct AssertionWrite(pub fn(&mut mixua_policy::Workspace, &AssertionEdit) -> bool);

impl PartialEq for AssertionWrite {
    fn eq(&self, other: &AssertionWrite) -> bool {
        self.0 as usize == other.0 as usize
    }
}

/// A change to what the learner looks at.
#[derive(Clone, Debug, PartialEq)]
pub enum UiAction {
    Select(Option<usize>),
    Inspect { card: usize, viewer: ViewerId },
    SetLang(Lang),
    SetMode(Mode),
    Notify(Notice),
    /// The current notice answers a control of this place: it is shown
    /// there (a new notice goes back to the top bar unless placed too).
    PlaceNotice(NoticeAt),
    DismissNotice,
    EditorPage(usize),
    LessonStep(usize),
    /// Answers a lesson question (a wrong one is recorded as a miss, which
    /// shows what is missing, not a hint). Whether it is
    /// right is the lesson's to say, so it comes with the answer.
    Answer { step: usize, option: usize, right: bool },
    /// "Check my work" found the step not done yet: what is still missing is
    /// shown (no hint: hints are counted only when asked for).
    Missed(usize),
    /// These steps' checks all hold now: recorded, so done stays done.
    StepsDone(Vec<usize>),
    /// A step's predicted cells as first revealed (kept once per step).
    FirstMarks { step: usize, marks: Vec<mixua_course::CellMark> },
    /// Starts the exercises over (the work is kept).
    ResetProgress,
    /// Exercise 6: a row of both scorecards; the first one also fixes the
    /// reference they are measured against.
    Record { row: crate::store::progress::Record, reference: crate::store::work::Predictions },
    /// Unlocks the next hint of a step's ladder.
    NextHint(usize),
    /// The learner confirmed seeing a step's solution (loaded as an edit).
    SolutionSeen(usize),
    /// Forgets one step's progress (solved, answers, hints, solution).
    ResetExercise(usize),
    /// Opens (with a user of the chart) or closes the "What do you keep
    /// about me?" panel.
    AboutMe(Option<String>),
    ExpandCell(ViewerId),
    /// The saved works changed (this tab or another saved).
    SetRecent(Recent),
    SetClassroom(bool),
    ShowPanel(Panel),
    /// Lesson 2: show the chart as of this tick (`None`: now).
    SetTick(Option<u64>),
    /// Lesson 2: who acts, by name, as a control offers the crate's list
    /// of actors; a name not on it changes nothing.
    SetActor(String),
    /// Lesson 2: close the open history.
    CloseHistory,
    /// A milestone of the pack held (a `Check::Once` key: `x-alarm`,
    /// `stale:A`, …), remembered once.
    Seen(mixua_course::Milestone),
    /// Lesson 3: open this cell's prompt in the inspector.
    #[cfg(feature = "lesson3")]
    ShowPrompt(ViewerId),
    /// Lesson 3: diagnose this card for the prompt's viewer (`None`: close).
    #[cfg(feature = "lesson3")]
    Diagnose(Option<String>),
    /// Lesson 3: the card whose prompt keys the settings show.
    #[cfg(feature = "lesson3")]
    PromptKeys(Option<String>),
    /// Lesson 3: open (a cell's bar was chosen) or close the prompt's sheet
    /// (a phone's way of showing it).
    #[cfg(feature = "lesson3")]
    PromptSheet(bool),
    /// Opens or closes the Assertions panel.
    ShowAssertions(bool),
    /// Opens or closes the lesson panel's result code.
    ShowCode(bool),
    /// Functions of a part that has come in (the root hands them in): the
    /// state keeps them with those it has.
    PartsIn(crate::store::lesson::CourseParts),
}

/// Going from lesson step `from` to `to`: a teacher's pack's exercise
/// begins from its own start (an undoable load) before the step changes;
/// the built-in lessons run on one continuing work. The lesson panel's
/// buttons and the classroom's arrow keys both go this way.
pub fn go_to_step(course: crate::store::lesson::Course, pack: &mixua_course::Pack, from: usize, to: usize, lang: Lang, lesson_two: Option<crate::store::lesson::LessonTwoFns>) -> Vec<Action> {
    let Some(last) = pack.exercises.len().checked_sub(1) else { return Vec::new() };
    let to = to.min(last);
    let mut actions = Vec::new();
    if course == crate::store::lesson::Course::Pack && to != from {
        let exercise = &pack.exercises[to];
        // A start in lesson 2's part, which is not in: the step stays, and
        // the notice says why.
        let Some(workspace) = crate::store::lesson::start_workspace(&exercise.start, lang, lesson_two) else {
            return vec![UiAction::Notify(Notice::PartMissing).into()];
        };
        let workspace = Rc::new(workspace);
        let source = exercise.title.get(lang).to_string();
        actions.push(Edit::Load { doc: Doc { workspace, ..Doc::default() }, source }.into());
    }
    actions.push(UiAction::LessonStep(to).into());
    // The cell the exercise is about: its prompt opens with the step.
    #[cfg(feature = "lesson3")]
    if let Some(viewer) = pack.exercises[to].cell.as_deref().and_then(ViewerId::parse_key) {
        actions.push(UiAction::ShowPrompt(viewer).into());
    }
    actions
}

impl From<Edit> for Action {
    fn from(edit: Edit) -> Action {
        Action::Edit(edit)
    }
}

impl From<UiAction> for Action {
    fn from(ui: UiAction) -> Action {
        Action::Ui(ui)
    }
}

/// One kind of request a component makes (`onselect`, `onquery`…): the
/// component sends a value, and `make` makes the one action it stands
/// for, so the component never holds the dispatcher. Made by the root from
/// its dispatcher, which never changes: it compares equal from one render
/// to the next, and a component renders only when what it shows changes.
pub struct On<A> {
    to: yew::Callback<Action>,
    make: fn(A) -> Action,
}

impl<A> On<A> {
    pub fn new(to: &yew::Callback<Action>, make: fn(A) -> Action) -> On<A> {
        On { to: to.clone(), make }
    }

    pub fn emit(&self, value: A) {
        self.to.emit((self.make)(value));
    }
}

impl<A> Clone for On<A> {
    fn clone(&self) -> On<A> {
        On { to: self.to.clone(), make: self.make }
    }
}

/// The same dispatcher and the same action (compared by the function's
/// address, as [`AssertionWrite`] is).
impl<A> PartialEq for On<A> {
    fn eq(&self, other: &On<A>) -> bool {
        self.to == other.to && self.make as usize == other.make as usize
    }
}
