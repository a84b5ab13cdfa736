//! A teacher's pack as a link and as a file, and the pack in progress kept
//! in the browser. Pure apart from [`saved_pack`] / [`save_pack`] (through
//! `store`). The pack's rules (its shape, id, size cap and integrity value)
//! are the policy crate's: `Pack::from_json`, `integrity`, `check_integrity`.
//!
//! A link is `#p1.` + the crate's integrity value of the pack's JSON (8 hex
//! digits) + `.` + base64url(zlib(JSON)), versioned like the work's `#v1.`
//! links (`store/persist.rs`); both are read and written by the one link codec,
//! `store/link.rs`.

use mixua_words::Lang;
use mixua_course::{check_integrity, integrity, Pack, PackProblem, PACK_MAX_BYTES};

use crate::store::link::{self, Head, Kind, Unpacked};

/// The pack link format this build writes and reads.
pub const PACK_LINK_VERSION: u32 = 1;

/// The longest pack link read (characters after `#`): a longer one is
/// refused before it is decoded.
pub const PACK_LINK_MAX: usize = 64 * 1024;

/// Where the teacher's pack in progress is kept.
const PACK_KEY: &str = "mixua-playground/v2/teacher-pack";

/// Why a pack link is not opened. Nothing is changed when one comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// The link is longer than [`PACK_LINK_MAX`].
    TooLong { chars: usize },
    /// A pack link from a later build.
    Newer { version: u32 },
    /// The crate's reason: cut or changed (integrity), too large, not a pack, …
    Pack(PackProblem),
}

impl LinkProblem {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LinkProblem::TooLong { chars } => pick!(lang, 
                format!("練習包連結太長({chars} 個字元,上限 {PACK_LINK_MAX}),沒有打開。"),
                format!("The pack link is too long ({chars} characters; the limit is {PACK_LINK_MAX}); it was not opened."),
            ),
            LinkProblem::Newer { version } => pick!(lang, 
                format!("這個練習包連結來自較新的版本(p{version}),這裡只讀得懂 p{PACK_LINK_VERSION}。"),
                format!("This pack link comes from a newer version (p{version}); this playground reads p{PACK_LINK_VERSION}."),
            ),
            LinkProblem::Pack(problem) => mixua_course::pack_problem_words(problem, lang),
        }
    }
}

/// What the learner is told about a pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackNotice {
    /// A pack link was opened: its first exercise is on the chart; `kept`:
    /// the learner's own work is one Undo away (and in Recent work).
    Opened { title: String, exercises: usize, kept: bool },
    /// A pack link could not be opened; nothing changed.
    Refused(LinkProblem),
    /// The pack's link was copied.
    Copied { chars: usize },
    /// An exercise was added to the pack in progress.
    Added { exercises: usize },
}

impl PackNotice {
    /// (a problem?, the words).
    pub fn text(&self, lang: Lang) -> (bool, String) {
        match self {
            PackNotice::Opened { title, exercises, kept } => (false, pick!(lang, 
                format!("已打開練習包「{title}」({exercises} 題),第 1 題在座位表上。{}", if *kept { "你原本的內容還在:按一次「復原」就回來。" } else { "" }),
                format!("Opened the pack “{title}” ({}); exercise 1 is on the chart.{}", mixua_words::explain::count(*exercises, "exercise", "exercises"), if *kept { " Your own work is kept: one Undo brings it back." } else { "" }),
            )),
            PackNotice::Refused(problem) => (true, pick!(lang, 
                format!("練習包連結打不開:{} 目前的內容沒有變動。", problem.text(lang)),
                format!("The pack link can't be opened: {} Your current work is unchanged.", problem.text(lang)),
            )),
            PackNotice::Added { exercises } => (false, pick!(lang, 
                format!("已加進練習包:現在有 {exercises} 題(存在這個瀏覽器裡)。"),
                format!("Added to the pack: it has {} now (kept in this browser).", mixua_words::explain::count(*exercises, "exercise", "exercises")),
            )),
            PackNotice::Copied { chars } => (false, pick!(lang, 
                format!("練習包連結已複製({chars} 個字元)。"),
                format!("Pack link copied ({chars} characters)."),
            )),
        }
    }
}

/// Whether a URL fragment is a pack link (`p1.…`), not a work's `v1.` link.
pub fn is_pack_link(fragment: &str) -> bool {
    link::head(fragment).is_some_and(|h| h.kind == Kind::Pack)
}

/// `p1.<integrity>.<base64url(zlib(JSON))>`.
pub fn encode(pack: &Pack) -> String {
    let json = pack.to_json();
    link::write(Kind::Pack, PACK_LINK_VERSION, &format!("{}.{}", integrity(&json), link::pack_text(&json)))
}

/// Reads a pack link (with or without `#`): the size caps, the crate's
/// integrity check, then the crate's reading of the pack.
pub fn decode(fragment: &str) -> Result<Pack, LinkProblem> {
    let damaged = LinkProblem::Pack(PackProblem::Damaged);
    let fragment = fragment.trim_start_matches('#');
    if fragment.len() > PACK_LINK_MAX {
        return Err(LinkProblem::TooLong { chars: fragment.chars().count() });
    }
    let Some(Head { kind: Kind::Pack, version, rest }) = link::head(fragment) else {
        return Err(damaged);
    };
    if version > PACK_LINK_VERSION {
        return Err(LinkProblem::Newer { version });
    }
    // An older version than this build writes was never made: fail closed.
    if version != PACK_LINK_VERSION {
        return Err(damaged);
    }
    let (sum, data) = rest.split_once('.').ok_or(damaged.clone())?;
    // One byte over the cap is enough to say it is too large.
    let text = link::unpack_text(data, PACK_MAX_BYTES + 1).map_err(|problem| match problem {
        Unpacked::TooLarge { limit } => LinkProblem::Pack(PackProblem::TooLarge { bytes: limit }),
        Unpacked::Damaged => damaged.clone(),
    })?;
    check_integrity(&text, sum).map_err(LinkProblem::Pack)?;
    Pack::from_json(&text).map_err(LinkProblem::Pack)
}

/// The teacher's pack in progress, if one is kept and still reads.
pub fn saved_pack() -> Option<Pack> {
    kept(PACK_KEY)
}

/// Where the pack a learner opened from a link is kept.
pub const STARTED_KEY: &str = "mixua-playground/v2/started-pack";

/// Keeps the pack a learner opened from a link (the lesson panel runs it).
pub fn start_pack(pack: &Pack) -> bool {
    keep(STARTED_KEY, pack)
}

/// The pack a learner opened from a link, if any.
pub fn started_pack() -> Option<Pack> {
    started_in(&crate::store::browser::Browser)
}

/// The pack a learner opened from a link, as `stored` keeps it.
pub fn started_in(stored: &dyn crate::store::browser::Stored) -> Option<Pack> {
    serde_json::from_str(crate::store::browser::value_in(stored, STARTED_KEY)?.as_str()?).ok()
}

/// A pack is stored as its JSON text (the same reading and writing as a
/// link's: no second serde instantiation for the pack's many types).
fn keep(key: &str, pack: &Pack) -> bool {
    crate::store::browser::write(key, &serde_json::Value::String(pack.to_json()))
}

fn kept(key: &str) -> Option<Pack> {
    serde_json::from_str(crate::store::browser::read(key)?.as_str()?).ok()
}

/// Keeps the teacher's pack in progress; false when storage is unavailable.
pub fn save_pack(pack: &Pack) -> bool {
    keep(PACK_KEY, pack)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_course::{Check, Exercise, Goal, Start, Text};

    fn pack() -> Pack {
        Pack {
            format: 1,
            id: "class-7b".into(),
            version: 2,
            title: Text::new("", "Who reads what"),
            exercises: vec![Exercise {
                title: Text::new("", "No leak"),
                task: Text::new("", "Make the alarm go away."),
                start: Start::Seed,
                goal: vec![Goal { label: None, check: Check::NoLeak }],
                hints: vec![Text::new("", "Look at X.")],
                solution: None,
                question: None,
                points_to: None,
                panels: Vec::new(),
                cell: None,
            }],
        }
    }

    #[test]
    fn a_link_round_trips_and_is_told_apart_from_a_work_link() {
        let link = encode(&pack());
        assert!(link.starts_with("p1."), "{link}");
        assert!(is_pack_link(&link) && is_pack_link(&format!("#{link}")));
        assert!(!is_pack_link("v1.eJxLTE"));
        assert_eq!(decode(&format!("#{link}")), Ok(pack()));
    }

    #[test]
    fn a_changed_or_cut_link_is_refused_with_the_crates_reason() {
        let link = encode(&pack());
        // Another integrity value: the crate's check refuses it.
        let (head, tail) = link.split_at(3);
        let changed = format!("{head}{}{}", if tail.starts_with('0') { '1' } else { '0' }, &tail[1..]);
        assert_eq!(decode(&changed), Err(LinkProblem::Pack(PackProblem::Damaged)));
        // Cut short: the zlib stream is incomplete.
        assert_eq!(decode(&link[..link.len() - 6]), Err(LinkProblem::Pack(PackProblem::Damaged)));
        assert_eq!(decode("p1.garbage"), Err(LinkProblem::Pack(PackProblem::Damaged)));
        assert_eq!(decode("p9.00000000.AAAA"), Err(LinkProblem::Newer { version: 9 }));
        // A version before this build's was never written: refused, not read.
        assert_eq!(decode(&format!("p0.{}", &link[3..])), Err(LinkProblem::Pack(PackProblem::Damaged)));
        // A work's link is no pack link.
        assert_eq!(decode("v1.eJxLTE"), Err(LinkProblem::Pack(PackProblem::Damaged)));
        let long = format!("p1.00000000.{}", "A".repeat(PACK_LINK_MAX));
        assert!(matches!(decode(&long), Err(LinkProblem::TooLong { .. })));
    }

    #[test]
    fn a_pack_that_inflates_past_the_cap_is_refused_as_too_large() {
        let json = format!("{{\"id\":\"x\",\"exercises\":[],\"pad\":\"{}\"}}", " ".repeat(PACK_MAX_BYTES + 10));
        let link = format!("p1.{}.{}", integrity(&json), link::pack_text(&json));
        assert!(link.len() < PACK_LINK_MAX);
        assert!(matches!(decode(&link), Err(LinkProblem::Pack(PackProblem::TooLarge { .. }))));
        for lang in [Lang::En, Lang::ZhTw] {
            assert!(!LinkProblem::Pack(PackProblem::Damaged).text(lang).is_empty());
        }
    }
}
