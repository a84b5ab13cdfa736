//! The one reducer. Every change to what the learner sees goes through
//! [`Action`]; every decision about cards comes from `mixua_policy`.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_policy::{seed_workspace, Card, Field, Lang, Workspace};
use yew::Reducible;

/// How many undo steps are kept.
const HISTORY: usize = 200;

/// The learner's work: what undo, autosave, export and share links carry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Doc {
    /// Shared, so that edits to predictions alone keep the same workspace
    /// and nothing is re-evaluated.
    pub workspace: Rc<Workspace>,
    /// Per viewer key (`user/agent`), the card ids the learner expects it to see.
    pub predictions: BTreeMap<String, BTreeSet<String>>,
}

impl Doc {
    pub fn seed() -> Doc {
        Doc { workspace: Rc::new(seed_workspace()), predictions: BTreeMap::new() }
    }
}

/// Explore shows every view; Predict hides them until the learner reveals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Explore,
    Predict { revealed: bool },
}

/// The panels; in classroom mode one of them shows at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Panel {
    #[default]
    Chart,
    Editor,
    People,
    Compare,
}

impl Panel {
    pub const ALL: [Panel; 4] = [Panel::Chart, Panel::Editor, Panel::People, Panel::Compare];

    /// The name used by `?hide=`.
    pub fn key(self) -> &'static str {
        match self {
            Panel::Chart => "chart",
            Panel::Editor => "editor",
            Panel::People => "people",
            Panel::Compare => "compare",
        }
    }
}

/// A message for the learner, kept as data so it renders in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    NameEmpty,
    NameHasSlash(String),
    NameTaken(String),
    TokenEmpty,
    /// A workspace could not be loaded; the current work is unchanged.
    LoadFailed { source: String, problem: crate::persist::Problem },
    Loaded { source: String, cards: usize, rejected: usize },
    StorageUnavailable,
    /// Started from `?fresh`: the saved work is untouched and nothing is saved.
    FreshStart,
    /// A share link was opened over saved work, which is one undo away.
    OpenedLink,
    LinkCopied,
}

/// What the learner is looking at: not part of the work, not undone.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ui {
    pub lang: Lang,
    /// The card whose reach is shown, by index.
    pub selected: Option<usize>,
    /// The viewer (user, agent) whose decision on the selected card is explained.
    pub viewer: Option<(String, String)>,
    pub mode: Mode,
    pub notice: Option<Notice>,
    /// First card index shown in the editor (the editor pages long lists).
    pub editor_start: usize,
    pub lesson_step: usize,
    pub classroom: bool,
    /// The panel shown in classroom mode.
    pub panel: Panel,
    /// Panels hidden by `?hide=editor,compare`.
    pub hidden: Vec<String>,
    /// Lesson answers: step → chosen option.
    pub answers: BTreeMap<usize, usize>,
    /// Lesson steps where a check or an answer went wrong (a hint is shown).
    pub missed: BTreeSet<usize>,
    /// Exercise 5: the leak alarm caused by X has been seen.
    pub x_alarm_seen: bool,
    /// View cells (viewer keys) showing all their cards, not the first few.
    pub expanded: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppState {
    pub doc: Rc<Doc>,
    pub past: Vec<Rc<Doc>>,
    pub future: Vec<Rc<Doc>>,
    pub ui: Ui,
    /// The last text field typed into; consecutive keystrokes in one field
    /// are one undo step.
    coalesce: Option<(Option<usize>, Field)>,
}

impl AppState {
    pub fn new(doc: Doc, ui: Ui) -> AppState {
        AppState { doc: Rc::new(doc), past: Vec::new(), future: Vec::new(), ui, coalesce: None }
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

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    // Edits to the work (undoable).
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
    TogglePrediction { viewer: String, card: String },
    ClearPredictions,
    /// Replaces the work (import, share link, reset); one undo brings the
    /// previous work back.
    Load { doc: Doc, source: String },
    Undo,
    Redo,
    // What the learner looks at.
    Select(Option<usize>),
    Inspect { card: usize, user: String, agent: String },
    SetLang(Lang),
    SetMode(Mode),
    Notify(Notice),
    DismissNotice,
    EditorPage(usize),
    LessonStep(usize),
    /// Answers a lesson question; a wrong answer earns a hint.
    Answer { step: usize, option: usize },
    /// "Check my work": a step that is not done yet earns a hint.
    CheckStep(usize),
    XAlarmSeen,
    ExpandCell(String),
    SetClassroom(bool),
    ShowPanel(Panel),
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
    pub fn apply(&mut self, action: Action) -> bool {
        let coalesce_key = match &action {
            Action::SetQuery(_) => Some((None, Field::Situation)),
            Action::EditText { index, field, .. } => Some((Some(*index), *field)),
            _ => None,
        };
        match action {
            Action::Undo => return self.undo(),
            Action::Redo => return self.redo(),
            Action::Select(selected) => {
                self.ui.selected = selected.filter(|&i| i < self.doc.workspace.cards.len());
                if self.ui.selected.is_none() {
                    self.ui.viewer = None;
                }
            }
            Action::Inspect { card, user, agent } => {
                if card < self.doc.workspace.cards.len() {
                    self.ui.selected = Some(card);
                    self.ui.viewer = Some((user, agent));
                }
            }
            Action::SetLang(lang) => self.ui.lang = lang,
            Action::SetMode(mode) => self.ui.mode = mode,
            Action::Notify(notice) => self.ui.notice = Some(notice),
            Action::DismissNotice => self.ui.notice = None,
            Action::EditorPage(start) => self.ui.editor_start = start,
            Action::LessonStep(step) => {
                self.ui.lesson_step = step.min(crate::lessons::STEPS.len() - 1);
            }
            Action::Answer { step, option } => {
                self.ui.answers.insert(step, option);
                let right = crate::lessons::STEPS.get(step).and_then(|s| s.question.as_ref()).is_some_and(|q| q.answer == option);
                if !right {
                    self.ui.missed.insert(step);
                }
            }
            Action::CheckStep(step) => {
                let computed = crate::computed::Computed::new(self.workspace());
                if !crate::lessons::step_done(step, self, &computed) {
                    self.ui.missed.insert(step);
                }
            }
            Action::XAlarmSeen => {
                if self.ui.x_alarm_seen {
                    return false;
                }
                self.ui.x_alarm_seen = true;
            }
            Action::SetClassroom(on) => self.ui.classroom = on,
            Action::ShowPanel(panel) => self.ui.panel = panel,
            Action::ExpandCell(key) => {
                if self.ui.expanded.contains(&key) {
                    return false;
                }
                self.ui.expanded.push(key);
            }
            edit => {
                let mut doc = (*self.doc).clone();
                if let Err(notice) = self.edit(&mut doc, edit) {
                    self.ui.notice = Some(notice);
                    return true;
                }
                if doc == *self.doc {
                    return false;
                }
                let merge = coalesce_key.is_some() && coalesce_key == self.coalesce;
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
                return true;
            }
        }
        self.coalesce = None;
        true
    }

    fn undo(&mut self) -> bool {
        let Some(prev) = self.past.pop() else { return false };
        self.future.push(std::mem::replace(&mut self.doc, prev));
        self.coalesce = None;
        self.clamp();
        true
    }

    fn redo(&mut self) -> bool {
        let Some(next) = self.future.pop() else { return false };
        self.past.push(std::mem::replace(&mut self.doc, next));
        self.coalesce = None;
        self.clamp();
        true
    }

    /// Keeps UI pointers inside the current work.
    fn clamp(&mut self) {
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
    fn edit(&mut self, doc: &mut Doc, action: Action) -> Result<(), Notice> {
        let lang = self.ui.lang;
        // Work that leaves the cards alone must not copy them.
        match action {
            Action::TogglePrediction { viewer, card } => {
                let set = doc.predictions.entry(viewer.clone()).or_default();
                if !set.remove(&card) {
                    set.insert(card);
                }
                if set.is_empty() {
                    doc.predictions.remove(&viewer);
                }
                return Ok(());
            }
            Action::ClearPredictions => {
                doc.predictions.clear();
                return Ok(());
            }
            Action::Load { doc: loaded, source } => {
                let cards = loaded.workspace.cards.len();
                let rejected =
                    loaded.workspace.cards.iter().filter(|c| mixua_policy::check(c).is_err()).count();
                *doc = loaded;
                self.ui.selected = None;
                self.ui.viewer = None;
                self.ui.editor_start = 0;
                self.ui.notice = Some(Notice::Loaded { source, cards, rejected });
                return Ok(());
            }
            Action::RenameUser { from, to } => return rename(doc, Axis::User, &from, &to),
            Action::RenameAgent { from, to } => return rename(doc, Axis::Agent, &from, &to),
            _ => {}
        }
        let ws = Rc::make_mut(&mut doc.workspace);
        match action {
            Action::SetQuery(query) => ws.query = query,
            Action::EditText { index, field, value } => {
                if let Some(card) = ws.cards.get_mut(index) {
                    if field == Field::Id {
                        rename_predicted(&mut doc.predictions, &card.id, &value);
                    }
                    card.set_text(field, value);
                }
            }
            Action::SetApproved { index, approved } => {
                if let Some(card) = ws.cards.get_mut(index) {
                    card.set_share_approved(approved);
                }
            }
            Action::AddCard => {
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
                    lesson: lang.pick("新的經驗", "A new lesson").into(),
                    source: "playground".into(),
                    ..Card::default()
                };
                ws.cards.push(card);
                self.ui.selected = Some(ws.cards.len() - 1);
                self.ui.editor_start = (ws.cards.len() - 1) / crate::EDITOR_PAGE * crate::EDITOR_PAGE;
            }
            Action::DuplicateCard(index) => {
                if let Some(card) = ws.cards.get(index) {
                    let mut copy = card.clone();
                    copy.id = fresh_id(ws, &format!("{}-", card.id));
                    ws.cards.insert(index + 1, copy);
                    self.ui.selected = Some(index + 1);
                }
            }
            Action::DeleteCard(index) => {
                if index < ws.cards.len() {
                    ws.cards.remove(index);
                    self.ui.selected = match self.ui.selected {
                        Some(s) if s == index => None,
                        Some(s) if s > index => Some(s - 1),
                        other => other,
                    };
                }
            }
            Action::AddUser(name) => {
                let name = valid_name(&name, &ws.users)?;
                ws.users.push(name);
            }
            Action::AddAgent(name) => {
                let name = valid_name(&name, &ws.agents)?;
                ws.agents.push(name);
            }
            Action::RemoveUser(name) => {
                ws.users.retain(|u| *u != name);
                let prefix = format!("{name}/");
                doc.predictions.retain(|k, _| !k.starts_with(&prefix));
            }
            Action::RemoveAgent(name) => {
                ws.agents.retain(|a| *a != name);
                let suffix = format!("/{name}");
                doc.predictions.retain(|k, _| !k.ends_with(&suffix));
            }
            Action::AddCanary { user, token } => {
                let token = token.trim();
                if token.is_empty() {
                    return Err(Notice::TokenEmpty);
                }
                ws.canaries.add(&user, token);
            }
            Action::RemoveCanary { user, token } => ws.canaries.remove(&user, &token),
            other => unreachable!("not an edit: {other:?}"),
        }
        Ok(())
    }
}

/// A user or agent name: trimmed, not empty, no `/` (it separates user and
/// agent in a viewer key), not already taken.
fn valid_name(name: &str, taken: &[String]) -> Result<String, Notice> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Notice::NameEmpty);
    }
    if name.contains('/') {
        return Err(Notice::NameHasSlash(name.into()));
    }
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
    for card in &mut ws.cards {
        let owner = match axis {
            Axis::User => &mut card.owner_user,
            Axis::Agent => &mut card.owner_agent,
        };
        if owner == from {
            *owner = to.clone();
        }
    }
    if let Axis::User = axis {
        for (user, _) in &mut ws.canaries.0 {
            if user == from {
                *user = to.clone();
            }
        }
    }
    doc.predictions = std::mem::take(&mut doc.predictions)
        .into_iter()
        .map(|(key, ids)| {
            let (u, a) = key.split_once('/').unwrap_or((&key, ""));
            let key = match axis {
                Axis::User if u == from => format!("{to}/{a}"),
                Axis::Agent if a == from => format!("{u}/{to}"),
                _ => key.clone(),
            };
            (key, ids)
        })
        .collect();
    Ok(())
}

fn rename_predicted(predictions: &mut BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) {
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
