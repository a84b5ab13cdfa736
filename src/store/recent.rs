//! Saved works: each piece of work has its own identity and its own storage
//! slot, and a short index lists them ("Recent work"). Pure bookkeeping:
//! the clock and the storage are the caller's (`store/browser.rs`, `root/app.rs`).
//!
//! The guarantee: no tab ever replaces work another tab saved. Every slot
//! carries a revision; a tab saves only over the revision it loaded or last
//! saved. When the slot moved on (another tab saved it), the tab's changes
//! go to a new slot, a copy that names the work it was forked from, and both
//! tabs are told.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use mixua_words::Lang;

/// How many works the index keeps. The oldest beyond it is dropped (with a
/// notice), never the one this tab shows.
pub const KEEP: usize = 20;

/// One saved work, as "Recent work" lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// Milliseconds since 1970 (the browser's clock, read by the caller).
    pub saved_at: f64,
    pub cards: usize,
    pub rev: u64,
    /// The work this one was copied from, when a tab's changes could not be
    /// saved over it because another tab had saved it first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<String>,
}

/// The index of saved works, most recently saved first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Index {
    pub works: Vec<Entry>,
}

/// A work's slot: the saved work (the workspace file format, with the
/// playground's extras), the revision it was saved at, and what the index
/// says of it (its name, the work it was copied from), so that a damaged
/// index can be rebuilt from the slots ([`rebuild`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slot {
    pub rev: u64,
    pub saved_at: f64,
    pub work: WorkText,
    /// Absent in slots saved before slots carried their name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<String>,
}

/// A saved work: the workspace file's JSON as written, kept as text and
/// stored inside its slot as it is. Never a `serde_json::Value`, whose map
/// keeps only the last of two equal keys: a card that writes a field twice
/// is rejected, and must still be when the work is read back.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WorkText(Box<RawValue>);

impl WorkText {
    /// Text that `serde_json` wrote (so it is JSON).
    pub fn written(json: String) -> WorkText {
        WorkText(RawValue::from_string(json).expect("serde_json wrote JSON"))
    }

    pub fn text(&self) -> &str {
        self.0.get()
    }

    /// How many cards the work has (0 when it has no list of them).
    pub fn cards(&self) -> usize {
        #[derive(Deserialize)]
        struct Cards {
            #[serde(default)]
            cards: Vec<serde::de::IgnoredAny>,
        }
        serde_json::from_str::<Cards>(self.text()).map_or(0, |c| c.cards.len())
    }
}

impl PartialEq for WorkText {
    fn eq(&self, other: &WorkText) -> bool {
        self.text() == other.text()
    }
}

/// The index as the slots tell it, for when the stored index can't be
/// read: every slot found is listed, newest first, so that no saved work
/// is left unreachable. A slot that can't be read itself (`None`) is
/// listed too, named by its id and marked, oldest, so that it can still be
/// opened (and then downloaded as it was).
pub fn rebuild(found: Vec<(String, Option<Slot>)>) -> Index {
    let mut works: Vec<Entry> = found
        .into_iter()
        .map(|(id, slot)| match slot {
            Some(slot) => Entry {
                name: slot.name.clone().unwrap_or_else(|| id.clone()),
                saved_at: slot.saved_at,
                cards: slot.work.cards(),
                rev: slot.rev,
                forked_from: slot.forked_from,
                id,
            },
            None => Entry { name: format!("⚠ {id}"), saved_at: 0.0, cards: 0, rev: 0, forked_from: None, id },
        })
        .collect();
    // Newest first, stably.
    mixua_policy::order::sort_small_by(&mut works, |a, b| a.saved_at < b.saved_at);
    Index { works }
}

/// What a save may do, given the revision in the slot now and the one this
/// tab is based on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Save {
    /// Nobody else saved since: write revision `next`.
    Over { next: u64 },
    /// Another tab saved revision `theirs` since this tab's `base`: this
    /// tab's work goes to a copy instead.
    Fork { theirs: u64, base: u64 },
}

/// Decides a save. A slot that vanished (dropped from the index, cleared)
/// is written afresh.
pub fn decide(stored: Option<u64>, base: u64) -> Save {
    match stored {
        Some(theirs) if theirs > base => Save::Fork { theirs, base },
        // A revision read from damaged storage may be the largest number:
        // the next one stays there rather than overflow.
        Some(theirs) => Save::Over { next: theirs.max(base).saturating_add(1) },
        None => Save::Over { next: base.saturating_add(1) },
    }
}

impl Index {
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.works.iter().find(|e| e.id == id)
    }

    /// Records a save: the entry moves to the front.
    pub fn touch(&mut self, entry: Entry) {
        self.works.retain(|e| e.id != entry.id);
        self.works.insert(0, entry);
    }

    pub fn remove(&mut self, id: &str) -> Option<Entry> {
        let at = self.works.iter().position(|e| e.id == id)?;
        Some(self.works.remove(at))
    }

    /// Drops the oldest works beyond `keep`, never `in_use`; returns what
    /// was dropped, so the caller can free their slots and say so.
    pub fn bound(&mut self, keep: usize, in_use: &str) -> Vec<Entry> {
        let mut dropped = Vec::new();
        while self.works.len() > keep {
            let Some(at) = self.works.iter().rposition(|e| e.id != in_use) else { break };
            dropped.push(self.works.remove(at));
        }
        dropped
    }

    /// Copies of `id` saved after `since`: another tab's changes to this
    /// work, kept apart because this tab had saved it first.
    pub fn forks_of(&self, id: &str, since: f64) -> Vec<&Entry> {
        self.works.iter().filter(|e| e.forked_from.as_deref() == Some(id) && e.saved_at > since).collect()
    }

    /// The most recently saved work: where a new tab picks up.
    pub fn latest(&self) -> Option<&Entry> {
        self.works.first()
    }
}

/// A new work's id: the clock and a random number, so two tabs (or two
/// browsers merged by a sync) never pick the same one.
pub fn new_id(now_ms: f64, random: f64) -> String {
    format!("w{:x}-{:06x}", now_ms as u64, (random * 16_777_216.0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebuilt_index_lists_every_slot_newest_first_the_unreadable_too() {
        let slot = |name: Option<&str>, saved_at: f64| Slot {
            rev: 2,
            saved_at,
            work: WorkText::written(r#"{"cards": [{}, {}]}"#.to_string()),
            name: name.map(str::to_string),
            forked_from: None,
        };
        let index = rebuild(vec![
            ("old".into(), Some(slot(Some("Work · 11-30 09:00"), 1.0))),
            ("bad".into(), None),
            ("new".into(), Some(slot(None, 5.0))),
        ]);
        let listed: Vec<(&str, &str, usize)> = index.works.iter().map(|e| (e.id.as_str(), e.name.as_str(), e.cards)).collect();
        assert_eq!(listed, [("new", "new", 2), ("old", "Work · 11-30 09:00", 2), ("bad", "⚠ bad", 0)]);
        assert_eq!(index.latest().map(|e| e.rev), Some(2));
    }

    fn entry(id: &str, saved_at: f64) -> Entry {
        Entry { id: id.into(), name: id.into(), saved_at, cards: 7, rev: 1, forked_from: None }
    }

    #[test]
    fn a_save_goes_over_only_the_revision_it_is_based_on() {
        assert_eq!(decide(None, 0), Save::Over { next: 1 });
        assert_eq!(decide(Some(3), 3), Save::Over { next: 4 });
        assert_eq!(decide(Some(4), 3), Save::Fork { theirs: 4, base: 3 });
        // A slot behind this tab (restored from an old copy) is not a conflict.
        assert_eq!(decide(Some(2), 5), Save::Over { next: 6 });
    }

    #[test]
    fn touching_moves_a_work_to_the_front_once() {
        let mut index = Index { works: vec![entry("a", 1.0), entry("b", 2.0)] };
        index.touch(entry("b", 3.0));
        assert_eq!(index.works.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(index.latest().unwrap().saved_at, 3.0);
    }

    #[test]
    fn the_bound_drops_the_oldest_but_never_the_work_in_use() {
        let mut index = Index::default();
        for n in 0..KEEP + 3 {
            index.touch(entry(&format!("w{n}"), n as f64));
        }
        // The oldest, w0, is the one this tab shows: it stays.
        let dropped = index.bound(KEEP, "w0");
        assert_eq!(dropped.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["w1", "w2", "w3"]);
        assert_eq!(index.works.len(), KEEP);
        assert!(index.get("w0").is_some());
        assert!(index.bound(KEEP, "w0").is_empty());
    }

    #[test]
    fn forks_are_found_by_origin_and_time() {
        let mut index = Index { works: vec![entry("a", 1.0)] };
        index.touch(Entry { forked_from: Some("a".into()), ..entry("b", 5.0) });
        assert_eq!(index.forks_of("a", 2.0).len(), 1);
        assert!(index.forks_of("a", 6.0).is_empty(), "seen: saved after the fork");
        assert!(index.forks_of("b", 0.0).is_empty());
    }

    #[test]
    fn ids_differ_by_clock_or_chance() {
        assert_ne!(new_id(1.0, 0.5), new_id(2.0, 0.5));
        assert_ne!(new_id(1.0, 0.25), new_id(1.0, 0.5));
        let index: Index = serde_json::from_str(r#"{"works":[{"id":"x","name":"n","saved_at":1,"cards":2,"rev":3}]}"#).unwrap();
        assert_eq!(index.works[0].forked_from, None);
    }
}

/// Which saved work this tab shows, and the revision it is based on.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkRef {
    pub id: String,
    pub name: String,
    /// The slot's revision this tab loaded or last saved.
    pub base: u64,
    /// Copied from another work (set when this tab forked it).
    pub forked_from: Option<String>,
}

impl WorkRef {
    /// A work not saved yet, named by the clock: "Work · 11-30 14:05".
    pub fn new(lang: Lang, id: String, stamp: &str) -> WorkRef {
        WorkRef { id, name: format!("{} · {stamp}", pick!(lang, "作品", "Work")), base: 0, forked_from: None }
    }

    pub fn saved(entry: Entry, slot: &Slot) -> WorkRef {
        WorkRef { id: entry.id, name: entry.name, base: slot.rev, forked_from: entry.forked_from }
    }
}
