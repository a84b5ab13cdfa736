//! What the start reads of storage, through [`Reader`]: the latest work
//! of a lesson, a share link, work set aside, an index that can't be read
//! kept aside; or nothing at all ([`NothingStored`], a first visit).


use mixua_course::Pack;

use crate::store::persist::{self, Saved};
pub use crate::store::notice::unreadable_work;
use crate::store::state::{Notice, Unreadable};
use crate::store::browser::{self, Stored};
use crate::store::recent::{Entry, Slot};
use crate::store::recent::WorkRef;

/// What the start reads of stored work and links (JSON, all of it):
/// [`StoredWork`] reads storage, [`NothingStored`] stands for a first
/// visit. [`route_by`] is generic over it, so the reading code is compiled
/// only where storage is read.
pub trait Reader {
    /// This tab's work, else the most recently saved, else old work from
    /// before works had slots: what was found, and what could not be read.
    fn saved(&self, tab_work: Option<&str>) -> Found;
    /// The most recently saved work that `fits`.
    fn latest(&self, fits: &dyn Fn(&Saved) -> bool) -> Option<(Entry, Slot, Saved)>;
    /// The teacher's pack a link started earlier.
    fn started_pack(&self) -> Option<Pack>;
    /// A pack link read (`Some` only for a pack link).
    fn pack_link(&self, fragment: &str) -> Option<Result<Pack, crate::store::pack_link::LinkProblem>>;
    /// A share link read.
    fn share_link(&self, fragment: &str) -> Result<Saved, persist::Problem>;
    /// Work set aside by an earlier link.
    fn previous(&self) -> Option<Saved>;
}

/// What the start found stored.
#[derive(Default)]
pub struct Found {
    pub saved: Option<Saved>,
    /// The slot it was read from (none for old work from before slots).
    pub work: Option<WorkRef>,
    /// Other tabs' copies of it saved since.
    pub forks: Vec<String>,
    /// What could not be read, said.
    pub unreadable: Option<Notice>,
}

/// Storage as the start reads it.
pub struct StoredWork<'a>(pub &'a dyn Stored);

impl Reader for StoredWork<'_> {
    fn saved(&self, tab_work: Option<&str>) -> Found {
        let stored = self.0;
        let mut found = Found::default();
        let (index, damaged) = browser::index_read(stored);
        if let Some(text) = damaged {
            let works = index.works.len();
            let what = match browser::index_aside(stored, &text) {
                browser::Aside::Kept => Unreadable::Index { works },
                browser::Aside::Dropped => Unreadable::IndexNotKept { works },
            };
            found.unreadable = Some(Notice::Unreadable { what, file: "mixua-works-index.json".into(), text: text.into() });
        }
        let id = tab_work.filter(|id| index.get(id).is_some()).map(str::to_string).or_else(|| index.latest().map(|e| e.id.clone()));
        match id.and_then(|id| Some((index.get(&id)?.clone(), browser::slot_text(stored, &id)))) {
            Some((entry, browser::SlotText::Read(slot))) => match persist::from_stored(&slot.work) {
                Ok(read) => {
                    found.forks = index.forks_of(&entry.id, slot.saved_at).iter().map(|e| e.name.clone()).collect();
                    found.saved = Some(read);
                    found.work = Some(WorkRef::saved(entry, &slot));
                }
                Err(_) => {
                    let text = stored.text(&browser::slot_key(&entry.id)).unwrap_or_default();
                    found.unreadable = Some(unreadable_work(&entry, text));
                }
            },
            Some((entry, browser::SlotText::Unreadable(text))) => found.unreadable = Some(unreadable_work(&entry, text)),
            Some((_, browser::SlotText::Missing)) | None => {
                if let Some(legacy) = stored.text(browser::LEGACY_KEY) {
                    found.saved = persist::from_json(&legacy).ok();
                }
            }
        }
        found
    }

    fn latest(&self, fits: &dyn Fn(&Saved) -> bool) -> Option<(Entry, Slot, Saved)> {
        latest(self.0, fits)
    }

    fn started_pack(&self) -> Option<Pack> {
        crate::store::pack_link::started_in(self.0)
    }

    fn pack_link(&self, fragment: &str) -> Option<Result<Pack, crate::store::pack_link::LinkProblem>> {
        crate::store::pack_link::is_pack_link(fragment).then(|| crate::store::pack_link::decode(fragment))
    }

    fn share_link(&self, fragment: &str) -> Result<Saved, persist::Problem> {
        persist::decode_link(fragment)
    }

    fn previous(&self) -> Option<Saved> {
        self.0.text(browser::PREVIOUS_KEY).and_then(|text| persist::from_json(&text).ok())
    }
}

/// A first visit: nothing stored, no link.
pub struct NothingStored;

impl Reader for NothingStored {
    fn saved(&self, _: Option<&str>) -> Found {
        Found::default()
    }

    fn latest(&self, _: &dyn Fn(&Saved) -> bool) -> Option<(Entry, Slot, Saved)> {
        None
    }

    fn started_pack(&self) -> Option<Pack> {
        None
    }

    fn pack_link(&self, _: &str) -> Option<Result<Pack, crate::store::pack_link::LinkProblem>> {
        None
    }

    fn share_link(&self, _: &str) -> Result<Saved, persist::Problem> {
        Err(persist::Problem::NotALink)
    }

    fn previous(&self) -> Option<Saved> {
        None
    }
}


/// The most recently saved work that `fits`.
pub(crate) fn latest(stored: &dyn Stored, fits: &dyn Fn(&Saved) -> bool) -> Option<(Entry, Slot, Saved)> {
    let mut works = browser::index_in(stored).works;
    // Newest first, stably.
    mixua_policy::order::sort_small_by(&mut works, |a, b| a.saved_at.total_cmp(&b.saved_at).is_lt());
    works.into_iter().find_map(|entry| {
        let slot = browser::slot_in(stored, &entry.id)?;
        let saved = persist::from_stored(&slot.work).ok()?;
        fits(&saved).then_some((entry, slot, saved))
    })
}
