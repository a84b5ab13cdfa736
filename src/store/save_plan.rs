//! What one autosave writes, decided without touching storage: the pure
//! half of [`Saver::save`](crate::store::saver::Saver::save), tested
//! natively (`tests/save_plan.rs`) over a map of stored texts, the way
//! `start::route` is. The browser's writes are the caller's.
//!
//! The rules, in order: a slot that can't be read is never written over,
//! and a slot another tab saved since this tab's base is never written
//! over either: the work then goes to a copy ("(other tab)"), said once.
//! The index lists the work first and keeps at most
//! [`KEEP`](crate::store::recent::KEEP) works, dropping the oldest that
//! is not this one. Work set aside by a share link is forgotten once the
//! work saved is that work again.

use mixua_words::Lang;

use crate::store::browser::{self, Stored};
use crate::store::persist::{self, Saved};
use crate::store::recent::{self, Entry, Index, Save, Slot, WorkRef, KEEP};
use crate::store::state::Notice;

/// What a save writes and says, in the order the caller does it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavePlan {
    /// The work this tab goes on with: the same, or a copy when another
    /// tab saved first. Its base becomes `slot.rev` once the slot is
    /// written (the caller's).
    pub work: WorkRef,
    /// What goes into `work`'s slot.
    pub slot: Slot,
    /// The index once the slot is written: the work first, bounded.
    pub index: Index,
    /// Works the bound dropped: their slots are removed.
    pub dropped: Vec<Entry>,
    /// Said before writing (a copy made) and after it (the oldest
    /// dropped): the caller says the latter only if the slot was written.
    pub forked: Option<Notice>,
    pub dropped_notice: Option<Notice>,
    /// Whether the work set aside by a share link is this work again, so
    /// that it can be forgotten.
    pub forget_set_aside: bool,
}

/// The plan for saving `saved` as `work`, over what `stored` holds now.
/// `now` is the browser's clock; `copy` names a new work when one is
/// needed (a fork).
pub fn plan_save(stored: &dyn Stored, work: &WorkRef, saved: &Saved, now: f64, lang: Lang, copy: &dyn Fn() -> WorkRef) -> SavePlan {
    let mut work = work.clone();
    let stored_rev = match browser::slot_text(stored, &work.id) {
        browser::SlotText::Missing => None,
        browser::SlotText::Read(slot) => Some(slot.rev),
        // Unreadable: treated as the largest revision, so it is forked
        // around and never written over.
        browser::SlotText::Unreadable(_) => Some(u64::MAX),
    };
    let mut forked = None;
    let rev = match recent::decide(stored_rev, work.base) {
        Save::Over { next } => next,
        Save::Fork { .. } => {
            let original = work.name.clone();
            let mut fresh = copy();
            fresh.name = format!("{original} {}", pick!(lang, "(另一分頁)", "(other tab)"));
            fresh.forked_from = Some(work.id.clone());
            work = fresh;
            forked = Some(Notice::ForkedHere { name: work.name.clone(), original });
            1
        }
    };
    let slot = Slot { rev, saved_at: now, work: persist::to_stored(saved), name: Some(work.name.clone()), forked_from: work.forked_from.clone() };
    let mut index = browser::index_in(stored);
    index.touch(Entry {
        id: work.id.clone(),
        name: work.name.clone(),
        saved_at: now,
        cards: saved.doc.workspace.cards.len(),
        rev,
        forked_from: work.forked_from.clone(),
    });
    let dropped = index.bound(KEEP, &work.id);
    let dropped_notice = (!dropped.is_empty()).then(|| Notice::DroppedOldest { names: dropped.iter().map(|e| e.name.clone()).collect() });
    let forget_set_aside = stored.text(browser::PREVIOUS_KEY).and_then(|text| persist::from_json(&text).ok()).is_some_and(|previous| previous.doc == saved.doc);
    SavePlan { work, slot, index, dropped, forked, dropped_notice, forget_set_aside }
}
