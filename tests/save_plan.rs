//! What an autosave writes, decided over a map of stored texts
//! (`store::save_plan::plan_save`): the revision, the fork, the bound and
//! what is said, one case per row.

use std::collections::BTreeMap;

use mixua_playground::store::browser::{slot_json, slot_key, Stored, INDEX_KEY, PREVIOUS_KEY};
use mixua_playground::store::persist::{self, Saved};
use mixua_playground::store::recent::{Entry, Index, Slot, WorkRef, KEEP};
use mixua_playground::store::save_plan::plan_save;
use mixua_playground::store::state::Notice;
use mixua_playground::store::work::Doc;
use mixua_words::Lang;

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

fn saved(doc: Doc) -> Saved {
    Saved { doc, lang: Some(Lang::En), lesson_step: Some(0), progress: None, course: None }
}

fn work(id: &str, base: u64) -> WorkRef {
    WorkRef { id: id.into(), name: format!("Work {id}"), base, forked_from: None }
}

fn entry(id: &str, saved_at: f64) -> Entry {
    Entry { id: id.into(), name: format!("Work {id}"), saved_at, cards: 7, rev: 1, forked_from: None }
}

/// A storage holding `slots` (id, revision) and an index listing them, newest first.
fn storage(slots: &[(&str, u64)]) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut index = Index::default();
    for (n, (id, rev)) in slots.iter().enumerate() {
        let slot = Slot { rev: *rev, saved_at: n as f64, work: persist::to_stored(&saved(Doc::seed())), name: Some(format!("Work {id}")), forked_from: None };
        map.insert(slot_key(id), slot_json(&slot));
        index.works.push(entry(id, n as f64));
    }
    map.insert(INDEX_KEY.into(), serde_json::to_string(&index).unwrap());
    map
}

fn copy() -> WorkRef {
    work("copy", 0)
}

struct Case {
    what: &'static str,
    stored: BTreeMap<String, String>,
    work: WorkRef,
    /// The revision written, into which work, whether a copy was said.
    rev: u64,
    into: &'static str,
    forked: bool,
}

#[test]
fn revision_and_fork() {
    let mut unreadable = storage(&[("a", 3)]);
    unreadable.insert(slot_key("a"), "{not json".into());
    let cases = [
        Case { what: "a first save", stored: BTreeMap::new(), work: work("a", 0), rev: 1, into: "a", forked: false },
        Case { what: "over this tab's own revision", stored: storage(&[("a", 3)]), work: work("a", 3), rev: 4, into: "a", forked: false },
        Case { what: "another tab saved since", stored: storage(&[("a", 5)]), work: work("a", 3), rev: 1, into: "copy", forked: true },
        Case { what: "a slot that can't be read is never written over", stored: unreadable, work: work("a", 3), rev: 1, into: "copy", forked: true },
        Case { what: "a slot deleted elsewhere is written again", stored: storage(&[]), work: work("a", 4), rev: 5, into: "a", forked: false },
        Case { what: "the largest revision does not wrap", stored: storage(&[("a", u64::MAX)]), work: work("a", u64::MAX), rev: u64::MAX, into: "a", forked: false },
    ];
    for case in cases {
        let plan = plan_save(&case.stored as &dyn Stored, &case.work, &saved(Doc::seed()), 1000.0, Lang::En, &copy);
        assert_eq!(plan.slot.rev, case.rev, "{}: revision", case.what);
        assert_eq!(plan.work.id, case.into, "{}: slot", case.what);
        assert_eq!(plan.forked.is_some(), case.forked, "{}: a copy said", case.what);
        assert_eq!(plan.index.works[0].id, case.into, "{}: listed first", case.what);
        assert_eq!(plan.index.works[0].rev, case.rev, "{}: the index's revision", case.what);
        if case.forked {
            assert_eq!(plan.work.forked_from.as_deref(), Some("a"), "{}: the copy names its original", case.what);
            assert_eq!(plan.slot.forked_from.as_deref(), Some("a"), "{}", case.what);
            // In 繁體中文 where the build has no English (`only-zh`).
            let copy = if has(Lang::En) { "Work a (other tab)" } else { "Work a (另一分頁)" };
            assert_eq!(plan.forked, Some(Notice::ForkedHere { name: copy.into(), original: "Work a".into() }), "{}", case.what);
            // The original stays listed: nothing of it is lost.
            assert!(plan.index.works.iter().any(|e| e.id == "a") || case.stored.get(INDEX_KEY).is_none(), "{}", case.what);
        }
        // The base moves only once the caller has written the slot.
        assert_eq!(plan.work.base, if case.forked { 0 } else { case.work.base }, "{}: base", case.what);
    }
}

#[test]
fn the_index_is_bounded_and_never_drops_the_work_saved() {
    // KEEP works stored; saving a new one drops the oldest other work.
    let ids: Vec<String> = (0..KEEP).map(|n| format!("w{n}")).collect();
    let slots: Vec<(&str, u64)> = ids.iter().map(|id| (id.as_str(), 1)).collect();
    let stored = storage(&slots);
    let plan = plan_save(&stored as &dyn Stored, &work("new", 0), &saved(Doc::seed()), 1000.0, Lang::En, &copy);
    assert_eq!(plan.index.works.len(), KEEP);
    assert_eq!(plan.index.works[0].id, "new");
    assert_eq!(plan.dropped.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), [format!("w{}", KEEP - 1)]);
    assert_eq!(plan.dropped_notice, Some(Notice::DroppedOldest { names: vec![format!("Work w{}", KEEP - 1)] }));

    // Saving a work already listed drops nothing.
    let plan = plan_save(&stored as &dyn Stored, &work("w5", 1), &saved(Doc::seed()), 1000.0, Lang::En, &copy);
    assert!(plan.dropped.is_empty() && plan.dropped_notice.is_none());
    assert_eq!(plan.index.works.len(), KEEP);
    assert_eq!(plan.index.works[0].id, "w5");
}

#[test]
fn a_damaged_index_is_rebuilt_from_the_slots_not_emptied() {
    let mut stored = storage(&[("a", 2), ("b", 1)]);
    stored.insert(INDEX_KEY.into(), "[damaged".into());
    let plan = plan_save(&stored as &dyn Stored, &work("c", 0), &saved(Doc::seed()), 1000.0, Lang::En, &copy);
    let ids: Vec<&str> = plan.index.works.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids[0], "c");
    assert!(ids.contains(&"a") && ids.contains(&"b"), "the works in slots stay listed: {ids:?}");
}

#[test]
fn work_set_aside_by_a_link_is_forgotten_only_once_it_is_back() {
    let mut stored = storage(&[("a", 1)]);
    let seed = saved(Doc::seed());
    stored.insert(PREVIOUS_KEY.into(), persist::to_json(&seed));
    let back = plan_save(&stored as &dyn Stored, &work("a", 1), &seed, 1000.0, Lang::En, &copy);
    assert!(back.forget_set_aside);
    let other = saved(Doc::seed_in(Lang::En));
    assert_ne!(other.doc, seed.doc);
    let not_back = plan_save(&stored as &dyn Stored, &work("a", 1), &other, 1000.0, Lang::En, &copy);
    assert!(!not_back.forget_set_aside);
    // Set-aside text that can't be read is kept.
    stored.insert(PREVIOUS_KEY.into(), "{damaged".into());
    assert!(!plan_save(&stored as &dyn Stored, &work("a", 1), &seed, 1000.0, Lang::En, &copy).forget_set_aside);
}

#[test]
fn a_copy_is_named_in_the_learners_language() {
    let stored = storage(&[("a", 5)]);
    let plan = plan_save(&stored as &dyn Stored, &work("a", 3), &saved(Doc::seed()), 1000.0, Lang::ZhTw, &copy);
    // In English where the build has no 繁體中文 (`only-en`).
    assert_eq!(plan.work.name, if has(Lang::ZhTw) { "Work a (另一分頁)" } else { "Work a (other tab)" });
}
