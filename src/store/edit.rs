//! The reducer's edits of the work: each `Edit` applied to a copy of the
//! `Doc` (only the changed card is copied), refused with a `Notice`, or
//! coalesced with the keystroke before it into one undo step.

use std::rc::Rc;

use mixua_policy::policy::check_name;
use mixua_policy::{Card, Field, Workspace};

use crate::store::action::Edit;
use crate::store::notice::Notice;
use crate::store::state::{AppState, LastStep, StepKind, HISTORY};
use crate::store::work::Doc;

impl AppState {
    pub(crate) fn apply_edit(&mut self, edit: Edit) -> bool {
        // Keystrokes in one field of one card are one undo step (an id
        // typed letter by letter too: the card, by where it is).
        let coalesce_key = match &edit {
            Edit::SetQuery(_) => Some((None, Field::Situation)),
            Edit::EditText { card, field, .. } => Some((self.card_named(&self.doc.workspace, card).ok(), *field)),
            _ => None,
        };
        let mut doc = (*self.doc).clone();
        let said_before = self.ui.screen.notice.clone();
        let load = matches!(edit, Edit::Load { .. });
        if let Err(notice) = self.edit(&mut doc, edit) {
            match notice {
                Notice::Refused(refusal) => self.ui.screen.refusal = Some(refusal),
                other => self.ui.screen.notice = Some(other),
            }
            return true;
        }
        if doc == *self.doc {
            // Nothing in the work changed, but what the edit said is new (a
            // file loaded that equals the work shown: "Loaded …" still
            // answers the import).
            return load || self.ui.screen.notice != said_before;
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

    pub(crate) fn undo(&mut self) -> bool {
        let Some(prev) = self.past.pop() else { return false };
        self.renamed.clear();
        self.last = Some(LastStep { kind: StepKind::Undo, before: self.doc.clone() });
        self.future.push(std::mem::replace(&mut self.doc, prev));
        self.coalesce = None;
        self.clamp();
        true
    }

    pub(crate) fn redo(&mut self) -> bool {
        let Some(next) = self.future.pop() else { return false };
        self.renamed.clear();
        self.last = Some(LastStep { kind: StepKind::Redo, before: self.doc.clone() });
        self.past.push(std::mem::replace(&mut self.doc, next));
        self.coalesce = None;
        self.clamp();
        true
    }

    /// Keeps UI pointers inside the current work.
    fn clamp(&mut self) {
        if self.ui.screen.about.as_ref().is_some_and(|u| !self.doc.workspace.users.contains(u)) {
            self.ui.screen.about = None;
        }
        let n = self.doc.workspace.cards.len();
        if self.ui.screen.selected.is_some_and(|i| i >= n) {
            self.ui.screen.selected = None;
            self.ui.screen.viewer = None;
        }
        if self.ui.screen.editor_start >= n && n > 0 {
            self.ui.screen.editor_start = (n - 1) / crate::EDITOR_PAGE * crate::EDITOR_PAGE;
        }
    }

    /// One edit to a copy of the work. An invalid request (an empty or
    /// taken name) is refused with a notice and changes nothing.
    fn edit(&mut self, doc: &mut Doc, edit: Edit) -> Result<(), Notice> {
        let lang = self.ui.session.lang;
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
                self.renamed.clear();
                self.ui.screen.selected = None;
                self.ui.screen.viewer = None;
                self.ui.screen.editor_start = 0;
                self.ui.screen.tick = None;
                self.ui.screen.history = None;
                self.ui.screen.refusal = None;
                self.ui.screen.notice = Some(Notice::Loaded { source, cards, rejected });
                return Ok(());
            }
            Edit::Act(act, write) => {
                // The write path comes with the act (from the part the
                // panels that act are drawn by).
                return match (write.0)(Rc::make_mut(&mut doc.workspace), &act) {
                    Ok(()) => {
                        // An act happens now: the chart follows it.
                        self.ui.screen.tick = None;
                        self.ui.screen.refusal = None;
                        if let crate::store::acts::Act::History { card, .. } = &act {
                            self.ui.screen.history = Some(card.clone());
                        }
                        Ok(())
                    }
                    Err(refusal) => {
                        self.ui.progress.refused.insert(act.refusal_seen(&refusal));
                        self.ui.screen.refused_at = Some(act.place());
                        Err(Notice::Refused(refusal))
                    }
                };
            }
            #[cfg(feature = "lesson3")]
            Edit::Prompt(edit) => {
                // A refusal copies nothing: the work is left as it was.
                let mut ws = (*doc.workspace).clone();
                return match crate::store::prompt_settings::apply(&mut ws, &edit) {
                    Ok(()) => {
                        doc.workspace = Rc::new(ws);
                        Ok(())
                    }
                    Err(refusal) => Err(Notice::Prompt(refusal)),
                };
            }
            Edit::Assertion(edit, write) => {
                // Assertions are written by a part (`later`): the function
                // comes with the edit, from the panel that part draws. An
                // edit that changes nothing (the same assertion kept twice)
                // copies nothing.
                let mut ws = (*doc.workspace).clone();
                if (write.0)(&mut ws, &edit) {
                    doc.workspace = Rc::new(ws);
                }
                return Ok(());
            }
            // In a work with memory over time, who reads a card changes only
            // through the write path (an act, logged); a plain edit of it is
            // refused and changes nothing.
            ref e if doc.workspace.uses_time() && changes_readers(e) => return Err(Notice::ReadersThroughActs),
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
            Edit::EditText { card, field, value } => {
                let index = self.card_named(ws, &card)?;
                if field == Field::Id {
                    crate::store::card_edit::valid_id(ws, index, &value)?;
                    let old = ws.cards[index].id.clone();
                    rename_predicted(&mut doc.predictions, &old, &value);
                    self.renamed_card(&old, &value);
                }
                // Only the edited card is copied (the history keeps the old one).
                Rc::make_mut(&mut ws.cards[index]).set_text(field, value);
            }
            Edit::SetApproved { card, approved } => {
                let index = self.card_named(ws, &card)?;
                Rc::make_mut(&mut ws.cards[index]).set_share_approved(approved);
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
                self.ui.screen.selected = Some(ws.cards.len() - 1);
                self.ui.screen.editor_start = (ws.cards.len() - 1) / crate::EDITOR_PAGE * crate::EDITOR_PAGE;
            }
            Edit::DuplicateCard(card) => {
                let index = self.card_named(ws, &card)?;
                let mut copy = (*ws.cards[index]).clone();
                copy.id = fresh_id(ws, &format!("{}-", copy.id));
                ws.cards.insert(index + 1, Rc::new(copy));
                self.ui.screen.selected = Some(index + 1);
            }
            Edit::DeleteCard(card) => {
                let index = self.card_named(ws, &card)?;
                let gone = ws.cards.remove(index);
                self.forget_renames_to(&gone.id);
                self.ui.screen.selected = match self.ui.screen.selected {
                    Some(s) if s == index => None,
                    Some(s) if s > index => Some(s - 1),
                    other => other,
                };
            }
            Edit::AddUser(name) => ws.users.push(name),
            Edit::AddAgent(name) => ws.agents.push(name),
            Edit::RemoveUser(name) => {
                ws.users.retain(|u| *u != name);
                doc.predictions.retain(|v, _| v.user != name);
                self.ui.screen.expanded.retain(|v| v.user != name);
            }
            Edit::RemoveAgent(name) => {
                ws.agents.retain(|a| *a != name);
                doc.predictions.retain(|v, _| v.agent != name);
                self.ui.screen.expanded.retain(|v| v.agent != name);
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
            | Edit::Act(..)
            | Edit::Assertion(..) => {}
            #[cfg(feature = "lesson3")]
            Edit::Prompt(_) => {}
        }
        Ok(())
    }
}

/// Whether a plain edit can change who reads a card: a field that decides
/// readers (the crate's `Field::decides_readers`), an approval, a card
/// deleted or copied, a user or an agent removed or renamed.
pub fn changes_readers(edit: &Edit) -> bool {
    match edit {
        Edit::EditText { field, .. } => field.decides_readers(),
        Edit::SetApproved { .. }
        | Edit::DeleteCard(_)
        | Edit::DuplicateCard(_)
        | Edit::RemoveUser(_)
        | Edit::RemoveAgent(_)
        | Edit::RenameUser { .. }
        | Edit::RenameAgent { .. } => true,
        _ => false,
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

/// Which of the two axes an edit renames or removes.
#[derive(Clone, Copy)]
enum Axis {
    User,
    Agent,
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

fn rename_predicted(predictions: &mut crate::store::work::Predictions, from: &str, to: &str) {
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
