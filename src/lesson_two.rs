//! Lesson 2, memory over time: its exercises are the policy crate's
//! built-in pack `lesson2` (the write path's results, the log, the cache,
//! the crate's `traces`), run by `course.rs`. What stays here is what the
//! app itself names: the step that shows both scorecards, and the keys of
//! the milestones the pack asks to have been seen once.

/// The step whose panel shows both scorecards (revoke, then clean).
pub const SCORE_STEP: usize = 5;

/// The milestone of a cache that leaked a canary.
pub const CACHE_LEAK_SEEN: &str = "cache-leak";

/// The milestone of a stale copy of a card served by the cache.
pub fn stale_seen(id: &str) -> String {
    format!("stale:{id}")
}

/// The milestone of an earlier tick looked at where a deleted card is only
/// a tombstone.
pub fn tombstone_seen(id: &str) -> String {
    format!("tombstone:{id}")
}
