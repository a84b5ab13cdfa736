//! What the last edit, undo or redo changed: the policy crate's [`Change`]
//! of the two evaluations the app holds (before and now), and the words
//! the strip shows and the live region says. Nothing here decides: the
//! crate compares, this module only keeps the evaluation of the work
//! before the step, so that it is not evaluated twice.

use std::rc::Rc;

use mixua_policy::{Change, Seen, ViewerId, Workspace};
use mixua_words::Lang;

use crate::derive::views::{Computed, Touched};
use crate::derive::checks::Logged;
use crate::store::state::{Doc, Notice, StepKind};

/// The four-scope answers of one evaluation, as the crate compares them,
/// with the probe's marks in each cell.
fn seen<'a>(ws: &'a Workspace, computed: &'a Computed) -> Seen<'a> {
    let viewers = || computed.viewers.iter().map(ViewerId::viewer);
    Seen::new(&ws.cards, viewers(), &computed.four.views, &computed.four.leaks, &computed.decided).with_findings(viewers(), &computed.reid, None)
}

/// The cells and cards an update touched, on one side.
fn part<'a>(ws: &'a Workspace, computed: &'a Computed, cells: &[usize], ids: &[&str]) -> Seen<'a> {
    let viewers = || computed.viewers.iter().map(ViewerId::viewer);
    Seen::part(&ws.cards, viewers(), &computed.four.views, &computed.four.leaks, &computed.decided, cells, ids)
        .with_findings(viewers(), &computed.reid, Some(cells))
}

/// The change from the work before a step to the work now: when the views
/// now were kept up to date from the views before (`touched`, what that
/// update touched), only the cells and cards it touched are compared;
/// otherwise every view. The marks of the re-identification probe are
/// compared in the same cells (a card's findings change only in the cells
/// it is in or was in, which the update touched).
pub fn change_of(before_ws: &Workspace, before: &Computed, now_ws: &Workspace, now: &Computed, touched: Option<&Touched>) -> Change {
    let Some(touched) = touched else {
        return Change::between(&seen(before_ws, before), &seen(now_ws, now));
    };
    // A card's id may be what changed: both its ids are compared.
    let ids: Vec<&str> = touched.cards.iter().flat_map(|&i| [before_ws.cards[i].id.as_str(), now_ws.cards[i].id.as_str()]).collect();
    let (cells, ids) = (&touched.cells, &ids);
    let part = |ws, c| part(ws, c, cells, ids);
    Change::between_parts(&part(before_ws, before), &part(now_ws, now), now.four.leak_count())
}

/// [`with_cache`], in the part that replays the cache (`acting`): the
/// first load carries neither (a work whose logs were replayed has it in).
pub type CacheChange = fn(Change, Option<&Logged>, &Rc<Workspace>, Option<&Logged>, &Rc<Workspace>) -> Change;

/// The change of the views (`change`) with what the response cache's
/// replay serves differently (the crate's `CacheChange`), when both works'
/// logs were replayed (lesson 2, lesson 3's cache exercise); else the
/// change of the views alone.
pub fn with_cache(change: Change, before: Option<&Logged>, before_ws: &Rc<Workspace>, now: Option<&Logged>, now_ws: &Rc<Workspace>) -> Change {
    match (before.and_then(|l| l.replay_of(before_ws)), now.and_then(|l| l.replay_of(now_ws))) {
        (Some(before), Some(now)) => change.with_cache(Some(before), Some(now)),
        _ => change,
    }
}

/// The evaluations of the last work shown and of the work before the last
/// step, by the identity of their workspace. The work before a step is
/// almost always the one shown just before it, so it is found here rather
/// than evaluated again. The same for the works' logs (their cache
/// replays), the last two read.
#[derive(Default)]
pub struct Kept {
    before: Option<(Rc<Workspace>, Rc<Computed>)>,
    shown: Option<(Rc<Workspace>, Rc<Computed>)>,
    logs: Vec<Rc<Logged>>,
}

impl Kept {
    /// The evaluation of `ws`, the work before the last step.
    pub fn before(&mut self, ws: &Rc<Workspace>) -> Rc<Computed> {
        let found = [&self.before, &self.shown].into_iter().flatten().find(|(w, _)| Rc::ptr_eq(w, ws)).map(|(_, c)| c.clone());
        let computed = found.unwrap_or_else(|| Rc::new(Computed::new(ws)));
        self.before = Some((ws.clone(), computed.clone()));
        computed
    }

    /// Remembers the evaluation shown now.
    pub fn shown(&mut self, ws: Rc<Workspace>, computed: Rc<Computed>) {
        self.shown = Some((ws, computed));
    }

    /// Remembers the log read now (the last two are kept).
    pub fn logged(&mut self, logged: Option<&Rc<Logged>>) {
        let Some(logged) = logged else { return };
        if !self.logs.iter().any(|l| Rc::ptr_eq(l, logged)) {
            self.logs.push(logged.clone());
            if self.logs.len() > 2 {
                self.logs.remove(0);
            }
        }
    }

    /// The log kept of the work `ws`, if any.
    pub fn log_of(&self, ws: &Rc<Workspace>) -> Option<Rc<Logged>> {
        self.logs.iter().find(|l| l.of_work(ws).is_some()).cloned()
    }
}

/// The cells a step changed (their views, alarms or re-identification
/// marks: the crate's `Change::touches`), in the chart's order, as
/// `user/agent` keys: what "N cells changed ↑" counts and goes to.
pub fn changed_cells(change: &Change, viewers: &[ViewerId]) -> Vec<String> {
    viewers.iter().filter(|v| change.touches(v)).map(ViewerId::key).collect()
}

/// What kind of step it was, as the strip and the live region begin.
pub fn step_label(kind: StepKind, lang: Lang) -> &'static str {
    match kind {
        StepKind::Edit => pick!(lang, "這次修改:", "This edit: "),
        StepKind::Undo => pick!(lang, "已復原:", "Undone: "),
        StepKind::Redo => pick!(lang, "已重做:", "Redone: "),
    }
}

/// The crate's change of the views in words (`mixua_words::change_parts`),
/// as the part the first screen does not carry (`later`, issue 28) has it:
/// only a step shows and says them, and the part is in long before the
/// first step but a typed query.
pub type ChangeWords = fn(&Change, Lang) -> Vec<String>;

/// The change in `words` once their part is in, else none: a step made
/// before the part is in (a query typed in the first second) is said with
/// its label alone, and its strip gets its words when the part comes (the
/// chart is drawn again then).
pub fn change_parts(change: &Change, lang: Lang, words: Option<ChangeWords>) -> Vec<String> {
    words.map(|words| words(change, lang)).unwrap_or_default()
}

/// The whole summary on one line, as the live region says it.
pub fn spoken(kind: StepKind, change: &Change, lang: Lang, words: Option<ChangeWords>) -> String {
    format!("{}{}", step_label(kind, lang), change_parts(change, lang, words).join(" · "))
}

/// What the live region says of the last step: its summary, then what
/// else it changed (lesson 3: the prompts and their settings, in words);
/// nothing while predicting, since the change would give answers away.
pub fn step_words(change: Option<&(StepKind, crate::store::shared::Shared<Change>)>, more: &[String], hides_answers: bool, lang: Lang, words: Option<ChangeWords>) -> Option<String> {
    let (kind, change) = change.filter(|_| !hides_answers)?;
    let words = spoken(*kind, change, lang, words);
    Some(if more.is_empty() { words } else { format!("{words} · {}", more.join(" · ")) })
}

/// When the live region speaks: once per edit, undo or redo (a run of
/// keystrokes in one field is one edit, said when the learner leaves the
/// field), and each new notice, said with the change it comes with.
#[derive(Default)]
pub struct Speech {
    seq: u32,
    /// The work last spoken for (`None` before the first render).
    doc: Option<Rc<Doc>>,
    notice: Option<Notice>,
    /// The summary held while the learner is typing in a field.
    held: Option<String>,
}

/// One announcement: its number (a new one is said even if the words are
/// the same) and its words.
pub type Said = (u32, String);

impl Speech {
    /// After a render of `doc` with `notice`: what to say now, if anything.
    /// `words` is the change summary (`None`: nothing to say about the work);
    /// `typing`: the step was a keystroke in a text field, so it is held.
    /// The first render says only its notice (a share link, a fresh start).
    pub fn rendered(&mut self, doc: &Rc<Doc>, words: Option<String>, notice: Option<(&Notice, String)>, typing: bool) -> Option<Said> {
        let mut say = Vec::new();
        if notice.as_ref().map(|(n, _)| *n) != self.notice.as_ref() {
            self.notice = notice.as_ref().map(|(n, _)| (*n).clone());
            say.extend(notice.map(|(_, text)| text));
        }
        if !self.doc.as_ref().is_some_and(|d| Rc::ptr_eq(d, doc)) {
            let first = self.doc.is_none();
            self.doc = Some(doc.clone());
            match words {
                _ if first => {}
                Some(words) if typing && say.is_empty() => self.held = Some(words),
                words => {
                    self.held = None;
                    say.extend(words);
                }
            }
        }
        if say.is_empty() {
            return None;
        }
        self.seq += 1;
        Some((self.seq, say.join(" ")))
    }

    /// The focus left a field: the summary held while typing, if any.
    pub fn left_field(&mut self) -> Option<Said> {
        let words = self.held.take()?;
        self.seq += 1;
        Some((self.seq, words))
    }
}
