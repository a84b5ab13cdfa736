//! A pack: an ordered list of exercises with an id and a version, shared
//! as a JSON file or a link. The playground's lessons are the built-in
//! packs, written as `packs/lesson1.json`, `packs/lesson2.json` and
//! `packs/lesson3.json` in the same form as a pack a teacher writes, and
//! built from Rust values generated from them (`builtin.rs`, kept fresh by
//! `tests/builtin_packs.rs`), so that no JSON is read for them.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::exercise::{Check, Exercise, Facts, Milestone, Start, Text};

/// The largest pack (as JSON bytes) the playground reads: a link or a file
/// over it is refused before it is parsed.
pub const PACK_MAX_BYTES: usize = 256 * 1024;

/// The pack format this crate writes; a pack of a later format is refused.
pub const PACK_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    /// The pack format ([`PACK_FORMAT`]).
    #[serde(default = "format_one")]
    pub format: u32,
    /// A short name: letters, digits, `-` and `_` ([`check_pack_id`]).
    pub id: String,
    /// The teacher's version of the pack: result codes carry it.
    #[serde(default)]
    pub version: u32,
    #[serde(default, skip_serializing_if = "Text::is_empty")]
    pub title: Text,
    pub exercises: Vec<Exercise>,
}

fn format_one() -> u32 {
    PACK_FORMAT
}

/// Why a pack is not read, as a value (words: `exercise_words::pack_problem_words`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum PackProblem {
    /// Larger than [`PACK_MAX_BYTES`].
    TooLarge { bytes: usize },
    /// Not JSON shaped like a pack.
    NotAPack { message: String },
    /// A format this crate does not know.
    UnknownFormat { format: u32 },
    /// The id is empty, too long or has other characters than letters,
    /// digits, `-` and `_`.
    BadId { id: String },
    /// No exercise at all.
    Empty,
    /// The integrity check of a link failed: it was cut or changed.
    Damaged,
    /// No built-in pack has this name.
    UnknownBuiltin { name: String },
}

impl PackProblem {
    pub fn code(&self) -> &'static str {
        match self {
            PackProblem::TooLarge { .. } => "too_large",
            PackProblem::NotAPack { .. } => "not_a_pack",
            PackProblem::UnknownFormat { .. } => "unknown_format",
            PackProblem::BadId { .. } => "bad_id",
            PackProblem::Empty => "empty",
            PackProblem::Damaged => "damaged",
            PackProblem::UnknownBuiltin { .. } => "unknown_builtin",
        }
    }
}

/// The longest pack id.
pub const PACK_ID_MAX: usize = 32;

/// A pack id: 1 to [`PACK_ID_MAX`] ASCII letters, digits, `-` or `_`.
pub fn check_pack_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= PACK_ID_MAX && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Pack {
    /// Reads a pack from JSON, refusing it (with a reason) when too large,
    /// not a pack, of an unknown format, badly named or empty.
    pub fn from_json(text: &str) -> Result<Pack, PackProblem> {
        let text = mixua_policy::text::without_bom(text);
        if text.len() > PACK_MAX_BYTES {
            return Err(PackProblem::TooLarge { bytes: text.len() });
        }
        let mut pack: Pack = serde_json::from_str(text).map_err(|e| PackProblem::NotAPack { message: e.to_string() })?;
        // A pack ignores the keys it does not know, its workspaces' too:
        // their values are not kept, and neither is the list of their
        // names (a workspace file's list is for its audit, which a pack's
        // workspaces have none of), so the pack written back reads the same.
        for exercise in &mut pack.exercises {
            for start in std::iter::once(&mut exercise.start).chain(exercise.solution.as_mut()) {
                if let Start::Workspace(ws) = start {
                    ws.unknown_keys.clear();
                }
            }
        }
        if pack.format != PACK_FORMAT {
            return Err(PackProblem::UnknownFormat { format: pack.format });
        }
        if !check_pack_id(&pack.id) {
            return Err(PackProblem::BadId { id: pack.id });
        }
        if pack.exercises.is_empty() {
            return Err(PackProblem::Empty);
        }
        Ok(pack)
    }

    /// The pack as compact JSON (what a file or a link carries).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a pack always serializes")
    }

    /// The [`Check::Once`] milestones of the pack that hold now and are not
    /// remembered yet: the app remembers them.
    pub fn milestones(&self, f: &Facts<'_>) -> Vec<Milestone> {
        let mut checks = Vec::new();
        for exercise in &self.exercises {
            exercise.goal.iter().for_each(|g| g.check.walk(&mut checks));
        }
        let mut keys = BTreeSet::new();
        for c in checks {
            if let Check::Once { key, of } = c {
                if !f.learner.seen.contains(key) && !keys.contains(key) && of.holds(f) {
                    keys.insert(key.clone());
                }
            }
        }
        keys.into_iter().collect()
    }

    /// The built-in lesson a pack's exercises are in, read from their
    /// starts and solutions (what the pack carries, in its JSON and its
    /// link): 3 when any is lesson 3's (its start, or a workspace with the
    /// prompt assembly's settings or tasks, as a pack made on lesson 3
    /// writes), else 2 when any is lesson 2's start, else 1. A pack opens
    /// on that lesson's page, with that lesson's panels.
    pub fn lesson(&self) -> usize {
        let starts = || self.exercises.iter().flat_map(|e| std::iter::once(&e.start).chain(e.solution.as_ref()));
        let third = |start: &Start| match start {
            Start::LessonThree => true,
            Start::Workspace(ws) => ws.prompt.is_some() || ws.tasks.is_some(),
            _ => false,
        };
        if starts().any(third) {
            3
        } else if starts().any(|s| matches!(s, Start::LessonTwo)) {
            2
        } else {
            1
        }
    }

    /// Whether a check of this pack reads the cache replay
    /// ([`Check::reads_cache`]).
    pub fn reads_cache(&self) -> bool {
        self.exercises.iter().flat_map(|e| &e.goal).any(|g| g.check.reads_cache())
    }

    /// The exercises that hold now (with their answers) and are not in
    /// `done` yet: the app records them as solved.
    pub fn newly_done(&self, done: &BTreeSet<usize>, only: Option<usize>, f: &Facts<'_>) -> Vec<usize> {
        let holds: Vec<bool> = self.exercises.iter().enumerate().map(|(n, e)| e.holds(n, f)).collect();
        crate::solving::newly_solved(&holds, done, only)
    }
}

/// CRC-32 (IEEE 802.3, reflected, as zip and PNG use it), written out: a
/// changed or cut text gives another value.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// A pack's integrity value for a link: the CRC-32 of its JSON, as 8 hex
/// digits. The app puts it next to the compressed pack and checks it with
/// [`check_integrity`] before reading the pack.
pub fn integrity(json: &str) -> String {
    format!("{:08x}", crc32(json.as_bytes()))
}

/// Whether `json` has the integrity value `value`; [`PackProblem::Damaged`] if not.
pub fn check_integrity(json: &str, value: &str) -> Result<(), PackProblem> {
    if integrity(json).eq_ignore_ascii_case(value.trim()) { Ok(()) } else { Err(PackProblem::Damaged) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pack whose exercise starts from lesson 3's start (`"lesson_three"`,
    /// as the built-in lesson-3 pack writes) is read as lesson 3's in every
    /// build, also one without lesson 3 (the students' page), so that the
    /// page sends it on to lesson 3's page instead of refusing it as not a
    /// pack. Run without default features too (scripts/test.sh).
    #[test]
    fn a_pack_starting_from_lesson_three_is_lesson_threes_in_every_build() {
        let json = r#"{"format":1,"id":"l3-keyword","version":1,"title":{"zh-TW":"第三課","en":"Lesson 3"},
            "exercises":[{"title":{"zh-TW":"一","en":"One"},"task":{"zh-TW":"做","en":"Do"},"start":"lesson_three","goal":[{"check":"no_leak"}]}]}"#;
        let pack = Pack::from_json(json).expect("read in every build");
        assert_eq!(pack.exercises[0].start, Start::LessonThree);
        assert_eq!(pack.lesson(), 3);
    }
}
