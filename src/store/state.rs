//! The one reducer. Every change goes through [`Action`]: an [`Edit`] of the
//! work (undoable) or a [`UiAction`] (what the learner looks at). It decides
//! nothing about cards (that is `mixua_policy`'s) and has no effects: saving,
//! the URL and the clock live in the root component.

use std::rc::Rc;

use mixua_policy::{Field, Workspace};
use yew::Reducible;

pub use crate::store::work::Doc;
pub use crate::store::action::{go_to_step, Action, Edit, UiAction, WorkAction};
pub use crate::store::notice::{Notice, NoticeAt, Unreadable};
pub use crate::store::ui::{LastStep, Mode, Recent, StepKind, Ui, HISTORY};
use crate::store::progress::Progress;

/// The page's panels and sets of them (`?hide=`, `&panel=`, classroom
/// mode's tabs): one typed list, in `start/panels.rs`.
pub use crate::store::panels::{Panel, Panels};

#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub doc: Rc<Doc>,
    pub past: Vec<Rc<Doc>>,
    pub future: Vec<Rc<Doc>>,
    pub ui: Ui,
    /// The last text field typed into; consecutive keystrokes in one field
    /// are one undo step.
    pub(crate) coalesce: Option<(Option<usize>, Field)>,
    /// The cards renamed since the work was loaded, from the id an edit
    /// named to the id the card has now (`crate::store::card_edit`).
    pub(crate) renamed: Vec<(String, String)>,
    /// The last edit, undo or redo (`None` at the start and after opening
    /// another work).
    pub last: Option<LastStep>,
}

impl AppState {
    pub fn new(doc: Doc, ui: Ui) -> AppState {
        AppState { doc: Rc::new(doc), past: Vec::new(), future: Vec::new(), ui, coalesce: None, renamed: Vec::new(), last: None }
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

/// Lesson 3: the diagnosis shown now (the prompt's viewer, the card
/// diagnosed) is remembered as a milestone, which an exercise may ask for
/// (`Check::Diagnosed`). Whether that was new.
#[cfg(feature = "lesson3")]
fn diagnosed(ui: &mut Ui, ws: &Workspace) -> bool {
    let viewer = crate::store::prompt_settings::prompt_viewer(ui.screen.prompt.as_ref(), ui.exercise().and_then(|e| e.cell.as_deref()), ws);
    match (viewer, ui.screen.diagnose.as_ref()) {
        (Some(viewer), Some(card)) => ui.progress.seen.insert(mixua_course::Milestone::diagnosed(&viewer, card)),
        _ => false,
    }
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
        let notice_before = self.ui.screen.notice.clone();
        let changed = self.apply_action(action);
        if changed && self.ui.screen.notice != notice_before {
            self.ui.screen.notice_at = NoticeAt::Bar;
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
                self.ui.session.course = course;
                self.ui.session.teachers_pack = teachers_pack;
                // No exercises: lesson 2's part is not in, and the step
                // stays as saved (`crate::store::lesson::Packs`).
                let last = self.ui.pack().exercises.len().checked_sub(1);
                self.ui.lesson_step = last.map_or(lesson_step, |last| lesson_step.min(last));
                self.ui.progress = *progress;
                self.ui.screen.tick = None;
                self.past.clear();
                self.future.clear();
                self.coalesce = None;
                self.renamed.clear();
                self.last = None;
                self.ui.screen.selected = None;
                self.ui.screen.viewer = None;
                self.ui.screen.editor_start = 0;
                self.ui.screen.notice = Some(Notice::OpenedWork { name });
                true
            }
        }
    }

    fn ui_action(&mut self, action: UiAction) -> bool {
        let ui = &mut self.ui;
        match action {
            UiAction::Select(selected) => {
                ui.screen.selected = selected.filter(|&i| i < self.doc.workspace.cards.len());
                // A card chosen in the chart: its keys show in the settings.
                #[cfg(feature = "lesson3")]
                {
                    ui.screen.prompt_keys = None;
                }
                if ui.screen.selected.is_none() {
                    ui.screen.viewer = None;
                }
            }
            UiAction::Inspect { card, viewer } => {
                if card >= self.doc.workspace.cards.len() {
                    return false;
                }
                ui.screen.selected = Some(card);
                ui.screen.viewer = Some(viewer);
            }
            UiAction::SetLang(lang) => ui.session.lang = lang,
            UiAction::SetMode(mode) => ui.screen.mode = mode,
            UiAction::Notify(notice) => ui.screen.notice = Some(notice),
            UiAction::PlaceNotice(at) => {
                if ui.screen.notice.is_none() || ui.screen.notice_at == at {
                    return false;
                }
                ui.screen.notice_at = at;
            }
            UiAction::DismissNotice => ui.screen.notice = None,
            UiAction::EditorPage(start) => ui.screen.editor_start = start,
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
                if ui.screen.about == user {
                    return false;
                }
                ui.screen.about = user;
            }
            UiAction::SetClassroom(on) => ui.screen.classroom = on,
            UiAction::ShowPanel(panel) => ui.screen.panel = panel,
            UiAction::ExpandCell(viewer) => return ui.screen.expanded.insert(viewer),
            UiAction::SetTick(tick) => {
                let clock = self.doc.workspace.clock();
                let tick = tick.filter(|&t| t < clock);
                if ui.screen.tick == tick {
                    return false;
                }
                ui.screen.tick = tick;
            }
            UiAction::SetActor(name) => {
                let Some(actor) = mixua_policy::actor_named(&self.doc.workspace, &name) else {
                    return false;
                };
                ui.screen.actor = Some(actor);
                ui.screen.refusal = None;
            }
            UiAction::CloseHistory => return ui.screen.history.take().is_some(),
            UiAction::Seen(what) => return ui.progress.seen.insert(what),
            #[cfg(feature = "lesson3")]
            UiAction::ShowPrompt(viewer) => {
                if ui.screen.prompt.as_ref() == Some(&viewer) {
                    return false;
                }
                ui.screen.prompt = Some(viewer);
                // An open diagnosis now answers for this viewer.
                diagnosed(ui, &self.doc.workspace);
            }
            #[cfg(feature = "lesson3")]
            UiAction::PromptKeys(card) => {
                if ui.screen.prompt_keys == card {
                    return false;
                }
                ui.screen.prompt_keys = card;
            }
            #[cfg(feature = "lesson3")]
            UiAction::PromptSheet(open) => {
                if ui.screen.prompt_sheet == open {
                    return false;
                }
                ui.screen.prompt_sheet = open;
            }
            #[cfg(feature = "lesson3")]
            UiAction::Diagnose(card) => {
                if ui.screen.diagnose == card {
                    return diagnosed(ui, &self.doc.workspace);
                }
                ui.screen.diagnose = card;
                diagnosed(ui, &self.doc.workspace);
            }
            UiAction::ShowAssertions(open) => {
                if ui.screen.assertions == open {
                    return false;
                }
                ui.screen.assertions = open;
            }
            UiAction::ShowCode(open) => {
                if ui.screen.code_open == open {
                    return false;
                }
                ui.screen.code_open = open;
            }
            UiAction::PartsIn(parts) => {
                let with = ui.session.parts.with(parts);
                if ui.session.parts == with {
                    return false;
                }
                ui.session.parts = with;
            }
            UiAction::SetRecent(recent) => {
                if ui.screen.recent.shows_same(&recent) {
                    return false;
                }
                ui.screen.recent = recent;
            }
        }
        true
    }

}

