//! Result codes: a short text a learner hands in at the end of a pack,
//! `MX1-` and then Crockford base 32 of: the pack's id and version, an
//! optional name, and per exercise whether it was solved (or solved with
//! the solution), how many hints were used, whether the solution was seen,
//! and which predicted cells were right or wrong; then a CRC-32 of all of
//! it. A mistyped or changed code is refused with a reason
//! ([`CodeProblem`]). The checksum catches mistakes; it is not a proof:
//! anyone can write a valid code.

use serde::{Deserialize, Serialize};

use crate::exercise::{Exercise, Facts};
use crate::pack::{crc32, Pack, PACK_ID_MAX};
use mixua_policy::viewer::{check_visible, NameError};

/// The code format: `MX1-`.
pub const CODE_VERSION: u32 = 1;

/// The longest name a code carries (characters; a longer one is cut).
pub const NAME_MAX: usize = 40;

/// The longest code read (characters).
pub const CODE_MAX: usize = 2000;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// How an exercise ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Solved {
    #[default]
    Not,
    Yes,
    /// Solved after seeing the solution.
    WithSolution,
}

impl Solved {
    /// Solved or not, and whether the solution was seen before it was.
    pub fn of(solved: bool, solution_first: bool) -> Solved {
        match (solved, solution_first) {
            (false, _) => Solved::Not,
            (true, false) => Solved::Yes,
            (true, true) => Solved::WithSolution,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Solved::Not => "not",
            Solved::Yes => "solved",
            Solved::WithSolution => "with_solution",
        }
    }
}

/// One predicted cell of an exercise, as the code records it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CellMark {
    #[default]
    NotPredicted,
    Right,
    Wrong,
}

/// What a code says of one exercise.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ExerciseResult {
    pub solved: Solved,
    /// Hints unlocked (at most 31 are counted).
    pub hints: u8,
    pub solution_seen: bool,
    /// The exercise's predicted cells ([`Exercise::code_cells`]), in order.
    pub cells: Vec<CellMark>,
}

/// What a code carries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    pub pack: String,
    pub version: u32,
    /// The learner's name, as typed (may be empty).
    pub name: String,
    pub exercises: Vec<ExerciseResult>,
}

/// Why a code is refused, as a value (words: `exercise_words::code_problem_words`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum CodeProblem {
    Empty,
    /// It does not start with `MX<version>-`.
    NotACode,
    /// A version this crate does not read.
    UnknownVersion { version: String },
    /// A character that is never in a code (1-based place in the code).
    BadCharacter { at: usize, found: char },
    /// The checksum does not match: mistyped or changed.
    Checksum,
    /// Cut short or with bytes left over.
    Malformed,
    TooLong,
    /// A valid code of another pack (or another version of it).
    OtherPack { pack: String, version: u32 },
    /// The learner's name in it holds a control character or an invisible
    /// or direction-changing one ([`check_visible`]): it would print like
    /// another student's name, or turn a table's row around.
    BadName { error: NameError },
}

impl CodeProblem {
    pub fn code(&self) -> &'static str {
        match self {
            CodeProblem::Empty => "empty",
            CodeProblem::NotACode => "not_a_code",
            CodeProblem::UnknownVersion { .. } => "unknown_version",
            CodeProblem::BadCharacter { .. } => "bad_character",
            CodeProblem::Checksum => "checksum",
            CodeProblem::Malformed => "malformed",
            CodeProblem::TooLong => "too_long",
            CodeProblem::OtherPack { .. } => "other_pack",
            CodeProblem::BadName { .. } => "bad_name",
        }
    }
}

/// The marks of an exercise's predicted cells now (right, wrong, or not
/// predicted), in [`Exercise::code_cells`] order.
pub fn cell_marks(exercise: &Exercise, f: &Facts<'_>) -> Vec<CellMark> {
    f.code_cells(exercise)
        .iter()
        .map(|cell| match f.predicted(cell) {
            None => CellMark::NotPredicted,
            Some(true) => CellMark::Right,
            Some(false) => CellMark::Wrong,
        })
        .collect()
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    put_varint(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// A name cut to [`NAME_MAX`] characters, trimmed.
pub fn code_name(name: &str) -> String {
    name.trim().chars().take(NAME_MAX).collect::<String>().trim().to_string()
}

/// The code of these results.
pub fn encode(results: &Results) -> String {
    let mut bytes = vec![CODE_VERSION as u8];
    let pack: String = results.pack.chars().take(PACK_ID_MAX).collect();
    put_text(&mut bytes, &pack);
    put_varint(&mut bytes, u64::from(results.version));
    put_text(&mut bytes, &code_name(&results.name));
    put_varint(&mut bytes, results.exercises.len() as u64);
    for e in &results.exercises {
        let solved = match e.solved {
            Solved::Not => 0,
            Solved::Yes => 1,
            Solved::WithSolution => 2,
        };
        bytes.push(solved | (u8::from(e.solution_seen) << 2) | (e.hints.min(31) << 3));
        put_varint(&mut bytes, e.cells.len() as u64);
        for chunk in e.cells.chunks(4) {
            let mut b = 0u8;
            for (n, mark) in chunk.iter().enumerate() {
                let m = match mark {
                    CellMark::NotPredicted => 0,
                    CellMark::Right => 1,
                    CellMark::Wrong => 2,
                };
                b |= m << (2 * n);
            }
            bytes.push(b);
        }
    }
    let sum = crc32(&bytes);
    bytes.extend_from_slice(&sum.to_be_bytes());
    format!("MX{CODE_VERSION}-{}", base32(&bytes))
}

fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, CodeProblem> {
        let b = *self.bytes.get(self.at).ok_or(CodeProblem::Malformed)?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, CodeProblem> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(CodeProblem::Malformed)
    }

    fn text(&mut self, max: usize) -> Result<String, CodeProblem> {
        let len = self.varint()? as usize;
        if len > max * 4 || self.at + len > self.bytes.len() {
            return Err(CodeProblem::Malformed);
        }
        let text = std::str::from_utf8(&self.bytes[self.at..self.at + len]).map_err(|_| CodeProblem::Malformed)?;
        self.at += len;
        Ok(text.to_string())
    }
}

/// Reads a code (spaces and line breaks anywhere are ignored; lower case
/// reads as upper case), refusing it with a reason.
pub fn decode(code: &str) -> Result<Results, CodeProblem> {
    let text: String = code.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
    if text.is_empty() {
        return Err(CodeProblem::Empty);
    }
    if text.chars().count() > CODE_MAX {
        return Err(CodeProblem::TooLong);
    }
    let rest = text.strip_prefix("MX").ok_or(CodeProblem::NotACode)?;
    let (version, body) = rest.split_once('-').ok_or(CodeProblem::NotACode)?;
    if version != CODE_VERSION.to_string() {
        return Err(CodeProblem::UnknownVersion { version: version.chars().take(8).collect() });
    }
    let offset = text.len() - body.len();
    let mut bytes = Vec::with_capacity(body.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (n, c) in body.chars().enumerate() {
        let Some(value) = ALPHABET.iter().position(|&a| a as char == c) else {
            return Err(CodeProblem::BadCharacter { at: offset + n + 1, found: c });
        };
        acc = (acc << 5) | value as u32;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    // The bits left over are padding: zero in any code this crate wrote.
    if acc != 0 || bits >= 5 || bytes.len() < 5 {
        return Err(CodeProblem::Malformed);
    }
    let (payload, sum) = bytes.split_at(bytes.len() - 4);
    if crc32(payload).to_be_bytes() != sum {
        return Err(CodeProblem::Checksum);
    }
    let mut r = Reader { bytes: payload, at: 0 };
    if u32::from(r.byte()?) != CODE_VERSION {
        return Err(CodeProblem::Malformed);
    }
    let pack = r.text(PACK_ID_MAX)?;
    // No pack id holds a hidden character (they are letters, digits, `-`
    // and `_`), so a code whose does was not written by this crate.
    check_visible(&pack).map_err(|_| CodeProblem::Malformed)?;
    let version = u32::try_from(r.varint()?).map_err(|_| CodeProblem::Malformed)?;
    let name = r.text(NAME_MAX)?;
    check_visible(&name).map_err(|error| CodeProblem::BadName { error })?;
    let count = r.varint()? as usize;
    if count > payload.len() {
        return Err(CodeProblem::Malformed);
    }
    let mut exercises = Vec::with_capacity(count);
    for _ in 0..count {
        let b = r.byte()?;
        let solved = match b & 3 {
            0 => Solved::Not,
            1 => Solved::Yes,
            2 => Solved::WithSolution,
            _ => return Err(CodeProblem::Malformed),
        };
        let cells_len = r.varint()? as usize;
        if cells_len > payload.len() * 4 {
            return Err(CodeProblem::Malformed);
        }
        let mut cells = Vec::with_capacity(cells_len);
        for n in 0..cells_len {
            if n % 4 == 0 {
                r.byte()?;
            }
            let m = (r.bytes[r.at - 1] >> (2 * (n % 4))) & 3;
            cells.push(match m {
                0 => CellMark::NotPredicted,
                1 => CellMark::Right,
                2 => CellMark::Wrong,
                _ => return Err(CodeProblem::Malformed),
            });
        }
        exercises.push(ExerciseResult { solved, hints: b >> 3, solution_seen: b & 4 != 0, cells });
    }
    if r.at != payload.len() {
        return Err(CodeProblem::Malformed);
    }
    Ok(Results { pack, version, name, exercises })
}

/// Reads a code meant for `pack`: a valid code of another pack or version
/// is refused too.
pub fn decode_for(code: &str, pack: &Pack) -> Result<Results, CodeProblem> {
    let results = decode(code)?;
    if results.pack != pack.id || results.version != pack.version {
        return Err(CodeProblem::OtherPack { pack: results.pack, version: results.version });
    }
    Ok(results)
}

/// One line of a list of result codes, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeLine<'t> {
    /// Its line number, from 1.
    pub line: usize,
    /// The line as written.
    pub text: &'t str,
    /// The student's results, or why the code is refused.
    pub read: Result<Results, CodeProblem>,
}

/// Reads a class's list of result codes for `pack`, one per line: blank
/// lines and lines starting with `#` are skipped. A UTF-8 byte order mark
/// (what Windows editors write before a file's text) is not part of the
/// line it starts: the first line, or any line where the class view has
/// appended a dropped file. The one reader of such a list: `mixua grade`
/// and the class view.
pub fn read_codes<'t>(text: &'t str, pack: &Pack) -> Vec<CodeLine<'t>> {
    text.lines()
        .map(mixua_policy::text::without_bom)
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| CodeLine { line: n + 1, text: l, read: decode_for(l, pack) })
        .collect()
}

/// What a code says of one exercise, from the learner's progress: solved
/// (`done`) and whether the solution was seen before it was (`assisted`),
/// the hints the learner asked for (never more than the exercise's ladder
/// holds: a failed check or a wrong answer unlocks none, so the code, the
/// learner's marks and the class view count the same hints), the solution
/// seen. The predicted cells are marked as
/// they were first revealed (`first`, recorded by the app) when that is
/// known; else a solved exercise's were right when it was solved (its goal
/// asked for it), and an unsolved one's are marked as they are now.
pub fn exercise_result(
    exercise: &Exercise,
    done: bool,
    assisted: bool,
    hints: usize,
    solution_seen: bool,
    first: Option<&[CellMark]>,
    f: &Facts<'_>,
) -> ExerciseResult {
    let solved = Solved::of(done, assisted);
    let count = f.code_cells(exercise).len();
    let cells = match first {
        // The cells as first revealed: what the class got wrong at first
        // stays in the code after the learner put it right.
        Some(marks) if marks.len() == count => marks.to_vec(),
        _ if done && count > 0 => vec![CellMark::Right; count],
        _ => cell_marks(exercise, f),
    };
    let hints = hints.min(exercise.hints.len()).min(31) as u8;
    ExerciseResult { solved, hints, solution_seen, cells }
}
