//! The one reducer. Every change goes through [`Action`]: an [`Edit`] of the
//! work (undoable) or a [`UiAction`] (what the learner looks at). It decides
//! nothing about cards (that is `mixua_policy`'s) and has no effects: saving,
//! the URL and the clock live in the root component.

use std::collections::BTreeSet;
use std::rc::Rc;

use mixua_policy::policy::{check_name, NameError};
use mixua_policy::{Card, Field, ViewerId, Workspace};
use mixua_words::Lang;
use yew::Reducible;

pub use crate::doc::Doc;
use crate::lessons::Progress;

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

/// The page's panels and sets of them (`?hide=`, `&panel=`, classroom
/// mode's tabs): one typed list, in `embed.rs`.
pub use crate::embed::{Panel, Panels};

/// A message for the learner, kept as data so it renders in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A typed name the policy refuses (empty, holds `/`, …).
    BadName { name: String, error: NameError },
    NameTaken(String),
    TokenEmpty,
    /// A profile fact needs both a key and a value.
    FactEmpty,
    /// The workspace's `profiles` can't be read; it is kept as written, and
    /// not edited over.
    ProfilesUnreadable,
    /// A workspace could not be loaded; the current work is unchanged.
    LoadFailed { source: String, problem: crate::persist::Problem },
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
    OpenedLinkOtherLesson { course: crate::course::Course },
    LinkCopied,
    /// The browser refused the clipboard: the link is shown to copy.
    LinkNotCopied,
    /// The part of the app an action needs could not be downloaded
    /// (offline before the service worker kept it): nothing was done, and
    /// the work is as it was (`crate::lazy`).
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
    OpenedLesson { course: crate::course::Course },
    /// The write path refused an act (shown beside the act buttons).
    Refused(mixua_policy::Refusal),
    /// Lesson 3: a prompt setting was refused, and nothing changed.
    #[cfg(feature = "lesson3")]
    Prompt(crate::lesson_three::PromptRefusal),
    /// A teacher's pack: opened, refused, or its link copied.
    Pack(crate::pack_link::PackNotice),
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
    Import { saved: Box<crate::persist::Saved>, source: String, at: NoticeAt },
    /// Reset this lesson's work to its start (`doc`): as an import does,
    /// the start becomes a new work of this lesson, and the work reset
    /// stays in its slot (Recent work) and one Undo away. No other
    /// lesson's work is touched.
    Reset { doc: Box<crate::doc::Doc>, source: String },
}

/// What "Recent work" shows: the saved works and the one this tab shows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Recent {
    pub works: Vec<crate::works::Entry>,
    pub current: String,
    /// When the list was read (ms since the epoch, passed in by the effect
    /// that read it): each work's "saved … ago" is measured from it, so
    /// render never reads the clock.
    pub read_at: f64,
}

impl Recent {
    /// How many whole minutes before the list was read `entry` was saved:
    /// what its "saved … ago" says.
    pub fn minutes_ago(&self, entry: &crate::works::Entry) -> u64 {
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

/// What the learner is looking at: not part of the work, not undone.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ui {
    pub lang: Lang,
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
    pub lesson_step: usize,
    pub classroom: bool,
    /// The panel shown in classroom mode.
    pub panel: Panel,
    /// Panels hidden by `?hide=editor,compare` (and by `?embed`).
    pub hidden: Panels,
    /// The exercises done, answered and missed.
    pub progress: Progress,
    /// View cells showing all their cards, not the first few.
    pub expanded: BTreeSet<ViewerId>,
    pub recent: Recent,
    /// Which lesson this work is: the seating chart (1) or memory over time (2).
    pub course: crate::course::Course,
    /// The teacher's pack a [`Course::Pack`](crate::course::Course::Pack)
    /// work runs (from its link, kept in the browser): handed in by the
    /// start and by opening a work, read through [`Ui::pack`].
    pub teachers_pack: Option<Rc<mixua_course::Pack>>,
    /// The built-in packs this state has read (each once), read through
    /// [`Ui::pack`].
    pub packs: Rc<crate::course::Packs>,
    /// Lesson 2: the tick the chart shows (`None`: now, the clock).
    pub tick: Option<u64>,
    /// Lesson 2: who acts (a `user/agent`, a user, an agent or a reviewer).
    pub actor: Option<mixua_policy::Actor>,
    /// Lesson 2: the last act the write path refused, with its reason.
    pub refusal: Option<mixua_policy::Refusal>,
    /// Lesson 2: where that refusal is shown (beside the control that
    /// tried the act).
    pub refused_at: Option<crate::acts::Place>,
    /// Lesson 2: the card whose history is open.
    pub history: Option<String>,
    /// The user whose "What do you keep about me?" panel is open.
    pub about: Option<String>,
    /// `?embed`: just the chart and the panels `&panel=` names, for an
    /// iframe; no bar, no files, no footer, nothing read or saved.
    pub embed: bool,
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
}

impl Ui {
    /// The lesson's pack: a built-in lesson's (its solutions in the UI's
    /// language), or the teacher's pack this state holds.
    pub fn pack(&self) -> &mixua_course::Pack {
        self.shared_pack()
    }

    /// The work's lesson as it is saved in this browser.
    pub fn work_lesson(&self) -> crate::course::WorkLesson {
        self.course.into()
    }

    /// The work's lesson as it leaves this browser (a link, a file): a
    /// teacher's pack's exercise leaves as its pack's lesson when that is
    /// lesson 3 (its workspace has lesson 3's settings), else as lesson 1's
    /// (whoever opens it may not have the pack).
    pub fn carried_lesson(&self) -> crate::course::WorkLesson {
        use crate::course::WorkLesson;
        match self.course {
            crate::course::Course::Pack if self.pack().lesson() == 3 => WorkLesson::Three,
            course => crate::persist::portable(course).unwrap_or_default(),
        }
    }

    /// Whether lesson 3's panels show: its work, or a pack of lesson 3
    /// ([`mixua_course::Pack::lesson`]).
    pub fn lesson_three_panels(&self) -> bool {
        self.carried_lesson() == crate::course::WorkLesson::Three
    }

    /// The same pack, as the `Rc` the state keeps (a prop compared by
    /// identity).
    pub fn shared_pack(&self) -> &Rc<mixua_course::Pack> {
        crate::course::pack_of(self.course, self.teachers_pack.as_ref(), &self.packs, self.lang)
    }

    /// Whether this state wants lesson 2's part (`crate::lazy`: the acting
    /// panels, the write path, lesson 2's pack and start, the cache
    /// replay): a lesson acted on over time, a pack that checks the cache,
    /// or a teacher's pack with an exercise in lesson 2's start.
    pub fn wants_acting(&self) -> bool {
        self.reads_cache() || (self.course == crate::course::Course::Pack && crate::course::uses_lesson_two(self.pack()))
    }

    /// Whether this state replays the cache (in lesson 2's part): a lesson
    /// acted on over time shows it, and a pack may check it
    /// (`mixua_course::Pack::reads_cache`).
    pub fn reads_cache(&self) -> bool {
        self.course.acts() || self.pack().reads_cache()
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

#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub doc: Rc<Doc>,
    pub past: Vec<Rc<Doc>>,
    pub future: Vec<Rc<Doc>>,
    pub ui: Ui,
    /// The last text field typed into; consecutive keystrokes in one field
    /// are one undo step.
    coalesce: Option<(Option<usize>, Field)>,
    /// The last edit, undo or redo (`None` at the start and after opening
    /// another work).
    pub last: Option<LastStep>,
}

impl AppState {
    pub fn new(doc: Doc, ui: Ui) -> AppState {
        AppState { doc: Rc::new(doc), past: Vec::new(), future: Vec::new(), ui, coalesce: None, last: None }
    }

    pub fn workspace(&self) -> &Workspace {
        &self.doc.workspace
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(Doc::seed(), Ui::default())
    }
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
        course: crate::course::Course,
        /// The teacher's pack, for a teacher's pack's work.
        teachers_pack: Option<Rc<mixua_course::Pack>>,
        lesson_step: usize,
        progress: Box<Progress>,
    },
}

/// A change to the work.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    SetQuery(String),
    EditText { index: usize, field: Field, value: String },
    SetApproved { index: usize, approved: bool },
    AddCard,
    DuplicateCard(usize),
    DeleteCard(usize),
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
    /// changes nothing and is shown with its reason.
    Act(crate::acts::Act),
    /// Lesson 3: a budget, `top_k`, a layer, a ranking weight or a card's
    /// prompt key. A refused value changes nothing and is said.
    #[cfg(feature = "lesson3")]
    Prompt(crate::lesson_three::PromptEdit),
    /// The work's assertions (issue 53): one kept, edited or removed, each
    /// one undoable step.
    Assertion(crate::assertions::AssertionEdit),
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
    Record { row: crate::lessons::Record, reference: crate::doc::Predictions },
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
}

/// Lesson 3: the diagnosis shown now (the prompt's viewer, the card
/// diagnosed) is remembered as a milestone, which an exercise may ask for
/// (`Check::Diagnosed`). Whether that was new.
#[cfg(feature = "lesson3")]
fn diagnosed(ui: &mut Ui, ws: &Workspace) -> bool {
    let viewer = crate::lesson_three::prompt_viewer(ui, ws);
    match (viewer, ui.diagnose.as_ref()) {
        (Some(viewer), Some(card)) => ui.progress.seen.insert(mixua_course::Milestone::diagnosed(&viewer, card)),
        _ => false,
    }
}

/// Going from lesson step `from` to `to`: a teacher's pack's exercise
/// begins from its own start (an undoable load) before the step changes;
/// the built-in lessons run on one continuing work. The lesson panel's
/// buttons and the classroom's arrow keys both go this way.
pub fn go_to_step(course: crate::course::Course, pack: &mixua_course::Pack, from: usize, to: usize, lang: Lang) -> Vec<Action> {
    let Some(last) = pack.exercises.len().checked_sub(1) else { return Vec::new() };
    let to = to.min(last);
    let mut actions = Vec::new();
    if course == crate::course::Course::Pack && to != from {
        let exercise = &pack.exercises[to];
        // A start in lesson 2's part, which is not in: the step stays, and
        // the notice says why.
        let Some(workspace) = crate::course::start_workspace(&exercise.start, lang) else {
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

/// Which of the two axes an edit renames or removes.
#[derive(Clone, Copy)]
enum Axis {
    User,
    Agent,
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let changed = next.apply(action);
        if changed {
            Rc::new(next)
        } else {
            self
        }
    }
}

impl AppState {
    /// Applies one action in place. Returns whether anything changed.
    pub fn apply(&mut self, action: impl Into<Action>) -> bool {
        let action = action.into();
        // A new notice shows in the top bar unless it is placed beside its
        // control (`UiAction::PlaceNotice`, dispatched right after it).
        let notice_before = self.ui.notice.clone();
        let changed = self.apply_action(action);
        if changed && self.ui.notice != notice_before {
            self.ui.notice_at = NoticeAt::Bar;
        }
        changed
    }

    fn apply_action(&mut self, action: Action) -> bool {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Ui(ui) => {
                let changed = self.ui_action(ui);
                if changed {
                    self.coalesce = None;
                }
                changed
            }
            Action::Edit(edit) => self.apply_edit(edit),
            Action::Open { doc, name, course, teachers_pack, lesson_step, progress } => {
                self.doc = Rc::new(doc);
                self.ui.course = course;
                self.ui.teachers_pack = teachers_pack;
                // No exercises: lesson 2's part is not in, and the step
                // stays as saved (`crate::course::Packs`).
                let last = self.ui.pack().exercises.len().checked_sub(1);
                self.ui.lesson_step = last.map_or(lesson_step, |last| lesson_step.min(last));
                self.ui.progress = *progress;
                self.ui.tick = None;
                self.past.clear();
                self.future.clear();
                self.coalesce = None;
                self.last = None;
                self.ui.selected = None;
                self.ui.viewer = None;
                self.ui.editor_start = 0;
                self.ui.notice = Some(Notice::OpenedWork { name });
                true
            }
        }
    }

    fn ui_action(&mut self, action: UiAction) -> bool {
        let ui = &mut self.ui;
        match action {
            UiAction::Select(selected) => {
                ui.selected = selected.filter(|&i| i < self.doc.workspace.cards.len());
                // A card chosen in the chart: its keys show in the settings.
                #[cfg(feature = "lesson3")]
                {
                    ui.prompt_keys = None;
                }
                if ui.selected.is_none() {
                    ui.viewer = None;
                }
            }
            UiAction::Inspect { card, viewer } => {
                if card >= self.doc.workspace.cards.len() {
                    return false;
                }
                ui.selected = Some(card);
                ui.viewer = Some(viewer);
            }
            UiAction::SetLang(lang) => ui.lang = lang,
            UiAction::SetMode(mode) => ui.mode = mode,
            UiAction::Notify(notice) => ui.notice = Some(notice),
            UiAction::PlaceNotice(at) => {
                if ui.notice.is_none() || ui.notice_at == at {
                    return false;
                }
                ui.notice_at = at;
            }
            UiAction::DismissNotice => ui.notice = None,
            UiAction::EditorPage(start) => ui.editor_start = start,
            UiAction::LessonStep(step) => ui.lesson_step = step,
            UiAction::Answer { step, option, right } => {
                ui.progress.answers.insert(step, option);
                if !right {
                    ui.progress.missed.insert(step);
                }
            }
            UiAction::Missed(step) => return ui.progress.missed.insert(step),
            UiAction::FirstMarks { step, marks } => {
                if ui.progress.first_marks.contains_key(&step) {
                    return false;
                }
                ui.progress.first_marks.insert(step, marks);
            }
            UiAction::StepsDone(steps) => {
                let p = &mut ui.progress;
                let mut any = false;
                for step in steps {
                    any |= mixua_course::solving::record_solved(&mut p.done, &mut p.assisted, &p.solution, step);
                }
                return any;
            }
            UiAction::NextHint(step) => {
                let shown = ui.progress.hints_shown(step);
                ui.progress.hints.insert(step, shown + 1);
            }
            UiAction::SolutionSeen(step) => return ui.progress.solution.insert(step),
            UiAction::ResetExercise(step) => ui.progress.reset(step),
            UiAction::ResetProgress => ui.progress = Progress::default(),
            UiAction::Record { row, reference } => {
                ui.progress.reference.get_or_insert(reference);
                ui.progress.records.push(row);
            }
            UiAction::AboutMe(user) => {
                // Only a user of the chart can be acted as.
                let user = user.filter(|u| self.doc.workspace.users.contains(u));
                if ui.about == user {
                    return false;
                }
                ui.about = user;
            }
            UiAction::SetClassroom(on) => ui.classroom = on,
            UiAction::ShowPanel(panel) => ui.panel = panel,
            UiAction::ExpandCell(viewer) => return ui.expanded.insert(viewer),
            UiAction::SetTick(tick) => {
                let clock = self.doc.workspace.clock();
                let tick = tick.filter(|&t| t < clock);
                if ui.tick == tick {
                    return false;
                }
                ui.tick = tick;
            }
            UiAction::SetActor(name) => {
                let Some(actor) = mixua_policy::actor_named(&self.doc.workspace, &name) else {
                    return false;
                };
                ui.actor = Some(actor);
                ui.refusal = None;
            }
            UiAction::CloseHistory => return ui.history.take().is_some(),
            UiAction::Seen(what) => return ui.progress.seen.insert(what),
            #[cfg(feature = "lesson3")]
            UiAction::ShowPrompt(viewer) => {
                if ui.prompt.as_ref() == Some(&viewer) {
                    return false;
                }
                ui.prompt = Some(viewer);
                // An open diagnosis now answers for this viewer.
                diagnosed(ui, &self.doc.workspace);
            }
            #[cfg(feature = "lesson3")]
            UiAction::PromptKeys(card) => {
                if ui.prompt_keys == card {
                    return false;
                }
                ui.prompt_keys = card;
            }
            #[cfg(feature = "lesson3")]
            UiAction::PromptSheet(open) => {
                if ui.prompt_sheet == open {
                    return false;
                }
                ui.prompt_sheet = open;
            }
            #[cfg(feature = "lesson3")]
            UiAction::Diagnose(card) => {
                if ui.diagnose == card {
                    return diagnosed(ui, &self.doc.workspace);
                }
                ui.diagnose = card;
                diagnosed(ui, &self.doc.workspace);
            }
            UiAction::ShowAssertions(open) => {
                if ui.assertions == open {
                    return false;
                }
                ui.assertions = open;
            }
            UiAction::SetRecent(recent) => {
                if ui.recent.shows_same(&recent) {
                    return false;
                }
                ui.recent = recent;
            }
        }
        true
    }

    fn apply_edit(&mut self, edit: Edit) -> bool {
        let coalesce_key = match &edit {
            Edit::SetQuery(_) => Some((None, Field::Situation)),
            Edit::EditText { index, field, .. } => Some((Some(*index), *field)),
            _ => None,
        };
        let mut doc = (*self.doc).clone();
        let said_before = self.ui.notice.clone();
        let load = matches!(edit, Edit::Load { .. });
        if let Err(notice) = self.edit(&mut doc, edit) {
            match notice {
                Notice::Refused(refusal) => self.ui.refusal = Some(refusal),
                other => self.ui.notice = Some(other),
            }
            return true;
        }
        if doc == *self.doc {
            // Nothing in the work changed, but what the edit said is new (a
            // file loaded that equals the work shown: "Loaded …" still
            // answers the import).
            return load || self.ui.notice != said_before;
        }
        let merge = coalesce_key.is_some() && coalesce_key == self.coalesce;
        if !merge || self.last.is_none() {
            self.last = Some(LastStep { kind: StepKind::Edit, before: self.doc.clone() });
        }
        if !merge {
            self.past.push(self.doc.clone());
            if self.past.len() > HISTORY {
                self.past.remove(0);
            }
        }
        self.future.clear();
        self.doc = Rc::new(doc);
        self.coalesce = coalesce_key;
        self.clamp();
        true
    }

    fn undo(&mut self) -> bool {
        let Some(prev) = self.past.pop() else { return false };
        self.last = Some(LastStep { kind: StepKind::Undo, before: self.doc.clone() });
        self.future.push(std::mem::replace(&mut self.doc, prev));
        self.coalesce = None;
        self.clamp();
        true
    }

    fn redo(&mut self) -> bool {
        let Some(next) = self.future.pop() else { return false };
        self.last = Some(LastStep { kind: StepKind::Redo, before: self.doc.clone() });
        self.past.push(std::mem::replace(&mut self.doc, next));
        self.coalesce = None;
        self.clamp();
        true
    }

    /// Keeps UI pointers inside the current work.
    fn clamp(&mut self) {
        if self.ui.about.as_ref().is_some_and(|u| !self.doc.workspace.users.contains(u)) {
            self.ui.about = None;
        }
        let n = self.doc.workspace.cards.len();
        if self.ui.selected.is_some_and(|i| i >= n) {
            self.ui.selected = None;
            self.ui.viewer = None;
        }
        if self.ui.editor_start >= n && n > 0 {
            self.ui.editor_start = (n - 1) / crate::EDITOR_PAGE * crate::EDITOR_PAGE;
        }
    }

    /// One edit to a copy of the work. An invalid request (an empty or
    /// taken name) is refused with a notice and changes nothing.
    fn edit(&mut self, doc: &mut Doc, edit: Edit) -> Result<(), Notice> {
        let lang = self.ui.lang;
        // Work that leaves the cards alone must not copy them.
        let edit = match edit {
            Edit::TogglePrediction { viewer, card } => {
                let set = doc.predictions.entry(viewer.clone()).or_default();
                if !set.remove(&card) {
                    set.insert(card);
                }
                if set.is_empty() {
                    doc.predictions.remove(&viewer);
                }
                return Ok(());
            }
            Edit::Load { doc: loaded, source } => {
                let cards = loaded.workspace.cards.len();
                let rejected =
                    loaded.workspace.cards.iter().filter(|c| mixua_policy::check(c).is_err()).count();
                *doc = loaded;
                self.ui.selected = None;
                self.ui.viewer = None;
                self.ui.editor_start = 0;
                self.ui.tick = None;
                self.ui.history = None;
                self.ui.refusal = None;
                self.ui.notice = Some(Notice::Loaded { source, cards, rejected });
                return Ok(());
            }
            Edit::Act(act) => {
                // The write path is a part (`crate::lazy`), in whenever a
                // panel that acts is drawn; were it not, nothing is done.
                let Some(applied) = crate::lazy::now(crate::acts::apply_part(Rc::make_mut(&mut doc.workspace), &act)) else {
                    return Err(Notice::PartMissing);
                };
                return match applied {
                    Ok(()) => {
                        // An act happens now: the chart follows it.
                        self.ui.tick = None;
                        self.ui.refusal = None;
                        if let crate::acts::Act::History { card, .. } = &act {
                            self.ui.history = Some(card.clone());
                        }
                        Ok(())
                    }
                    Err(refusal) => {
                        self.ui.progress.refused.insert(act.refusal_seen(&refusal));
                        self.ui.refused_at = Some(act.place());
                        Err(Notice::Refused(refusal))
                    }
                };
            }
            #[cfg(feature = "lesson3")]
            Edit::Prompt(edit) => {
                // A refusal copies nothing: the work is left as it was.
                let mut ws = (*doc.workspace).clone();
                return match crate::lesson_three::apply(&mut ws, &edit) {
                    Ok(()) => {
                        doc.workspace = Rc::new(ws);
                        Ok(())
                    }
                    Err(refusal) => Err(Notice::Prompt(refusal)),
                };
            }
            Edit::Assertion(edit) => {
                // Assertions are read and written by a part (`crate::lazy`),
                // in whenever a control that edits them is drawn; were it
                // not, nothing is done. An edit that changes nothing (the
                // same assertion kept twice) copies nothing.
                let mut ws = (*doc.workspace).clone();
                return match crate::lazy::now(crate::assertions::apply_part(&mut ws, &edit)) {
                    None => Err(Notice::PartMissing),
                    Some(changed) => {
                        if changed {
                            doc.workspace = Rc::new(ws);
                        }
                        Ok(())
                    }
                };
            }
            Edit::RenameUser { from, to } => return rename(doc, Axis::User, &from, &to),
            Edit::RenameAgent { from, to } => return rename(doc, Axis::Agent, &from, &to),
            Edit::AddCanary { token, .. } if token.trim().is_empty() => return Err(Notice::TokenEmpty),
            Edit::SetProfileFact { key, value, .. } if key.trim().is_empty() || value.trim().is_empty() => {
                return Err(Notice::FactEmpty)
            }
            Edit::SetProfileFact { .. } | Edit::RemoveProfileFact { .. }
                if matches!(doc.workspace.profiles, Some(mixua_policy::Kept::Bad(_))) =>
            {
                return Err(Notice::ProfilesUnreadable)
            }
            Edit::AddUser(name) => Edit::AddUser(valid_name(&name, &doc.workspace.users)?),
            Edit::AddAgent(name) => Edit::AddAgent(valid_name(&name, &doc.workspace.agents)?),
            other => other,
        };
        let ws = Rc::make_mut(&mut doc.workspace);
        match edit {
            Edit::SetQuery(query) => ws.query = query,
            Edit::EditText { index, field, value } => {
                // Only the edited card is copied (the history keeps the old one).
                if let Some(card) = ws.cards.get_mut(index).map(Rc::make_mut) {
                    if field == Field::Id {
                        rename_predicted(&mut doc.predictions, &card.id, &value);
                    }
                    card.set_text(field, value);
                }
            }
            Edit::SetApproved { index, approved } => {
                if let Some(card) = ws.cards.get_mut(index).map(Rc::make_mut) {
                    card.set_share_approved(approved);
                }
            }
            Edit::AddCard => {
                let card = Card {
                    id: fresh_id(ws, "N"),
                    scope: "USER".into(),
                    owner_user: ws.users.first().cloned().unwrap_or_default(),
                    owner_agent: ws.agents.first().cloned().unwrap_or_default(),
                    stream: "protected".into(),
                    share_approved: false,
                    // The situation is the current query, so a new card shows
                    // up in the views at once.
                    situation: ws.query.clone(),
                    lesson: pick!(lang, "新的經驗", "A new lesson").into(),
                    source: "playground".into(),
                    ..Card::default()
                };
                ws.cards.push(Rc::new(card));
                self.ui.selected = Some(ws.cards.len() - 1);
                self.ui.editor_start = (ws.cards.len() - 1) / crate::EDITOR_PAGE * crate::EDITOR_PAGE;
            }
            Edit::DuplicateCard(index) => {
                if let Some(card) = ws.cards.get(index) {
                    let mut copy = (**card).clone();
                    copy.id = fresh_id(ws, &format!("{}-", card.id));
                    ws.cards.insert(index + 1, Rc::new(copy));
                    self.ui.selected = Some(index + 1);
                }
            }
            Edit::DeleteCard(index) => {
                if index < ws.cards.len() {
                    ws.cards.remove(index);
                    self.ui.selected = match self.ui.selected {
                        Some(s) if s == index => None,
                        Some(s) if s > index => Some(s - 1),
                        other => other,
                    };
                }
            }
            Edit::AddUser(name) => ws.users.push(name),
            Edit::AddAgent(name) => ws.agents.push(name),
            Edit::RemoveUser(name) => {
                ws.users.retain(|u| *u != name);
                doc.predictions.retain(|v, _| v.user != name);
                self.ui.expanded.retain(|v| v.user != name);
            }
            Edit::RemoveAgent(name) => {
                ws.agents.retain(|a| *a != name);
                doc.predictions.retain(|v, _| v.agent != name);
                self.ui.expanded.retain(|v| v.agent != name);
            }
            Edit::AddCanary { user, token } => ws.canaries.add(&user, token.trim()),
            Edit::RemoveCanary { user, token } => ws.canaries.remove(&user, &token),
            Edit::SetProfileFact { user, key, value } => {
                let profiles = ws.profiles.get_or_insert_with(|| mixua_policy::Kept::Good(Default::default()));
                if let mixua_policy::Kept::Good(profiles) = profiles {
                    profiles.set(&user, key.trim(), value.trim());
                }
            }
            Edit::RemoveProfileFact { user, key } => {
                if let Some(mixua_policy::Kept::Good(profiles)) = &mut ws.profiles {
                    profiles.remove(&user, &key);
                }
            }
            // Handled above without touching the cards.
            Edit::TogglePrediction { .. }
            | Edit::Load { .. }
            | Edit::RenameUser { .. }
            | Edit::RenameAgent { .. }
            | Edit::Act(_)
            | Edit::Assertion(_) => {}
            #[cfg(feature = "lesson3")]
            Edit::Prompt(_) => {}
        }
        Ok(())
    }
}

/// A typed user or agent name: trimmed, then checked by the policy (the
/// same check that refuses it in a file, a share link or the CLI), and not
/// already taken.
pub fn valid_name(name: &str, taken: &[String]) -> Result<String, Notice> {
    let name = name.trim();
    check_name(name).map_err(|error| Notice::BadName { name: name.into(), error })?;
    if taken.iter().any(|t| t == name) {
        return Err(Notice::NameTaken(name.into()));
    }
    Ok(name.to_string())
}

/// Renames a user or agent everywhere it appears: the axis, the owners of
/// cards, the canaries and the predictions.
fn rename(doc: &mut Doc, axis: Axis, from: &str, to: &str) -> Result<(), Notice> {
    let ws = Rc::make_mut(&mut doc.workspace);
    let names = match axis {
        Axis::User => &ws.users,
        Axis::Agent => &ws.agents,
    };
    if from == to.trim() {
        return Ok(());
    }
    let to = valid_name(to, names)?;
    let names = match axis {
        Axis::User => &mut ws.users,
        Axis::Agent => &mut ws.agents,
    };
    for name in names.iter_mut().filter(|n| *n == from) {
        *name = to.clone();
    }
    // Only the cards the name owns are copied; the rest stay shared with
    // the history.
    for card in ws.cards.iter_mut() {
        let owner = match axis {
            Axis::User => &card.owner_user,
            Axis::Agent => &card.owner_agent,
        };
        if owner == from {
            let card = Rc::make_mut(card);
            match axis {
                Axis::User => card.owner_user = to.clone(),
                Axis::Agent => card.owner_agent = to.clone(),
            }
        }
    }
    if let Axis::User = axis {
        for (user, _) in &mut ws.canaries.0 {
            if user == from {
                *user = to.clone();
            }
        }
        if let Some(mixua_policy::Kept::Good(profiles)) = &mut ws.profiles {
            profiles.rename(from, &to);
        }
    }
    // Inserted one by one, not collected (a collected map sorts its input:
    // kilobytes of wasm per type).
    for (mut viewer, ids) in std::mem::take(&mut doc.predictions) {
        match axis {
            Axis::User if viewer.user == from => viewer.user = to.clone(),
            Axis::Agent if viewer.agent == from => viewer.agent = to.clone(),
            _ => {}
        }
        doc.predictions.insert(viewer, ids);
    }
    Ok(())
}

fn rename_predicted(predictions: &mut crate::doc::Predictions, from: &str, to: &str) {
    for ids in predictions.values_mut() {
        if ids.remove(from) {
            ids.insert(to.to_string());
        }
    }
}

/// The first id `{prefix}{n}` (n = 1, 2, …) no card has.
fn fresh_id(ws: &Workspace, prefix: &str) -> String {
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .find(|id| !ws.cards.iter().any(|c| c.id == *id))
        .expect("an unused id exists")
}
