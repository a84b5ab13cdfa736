//! The learner's work as text: the workspace file (the same format the CLI
//! reads, plus a `playground` key the CLI ignores), and share links that
//! carry it compressed in the URL fragment. Pure functions: the effects
//! that call them live in the root component.

use std::collections::BTreeMap;
use mixua_policy::Workspace;
use mixua_words::Lang;
use serde::{Deserialize, Serialize};

use crate::store::work::{Doc, Predictions};
use crate::store::link::{self, Head, Kind, Unpacked};
use crate::store::progress::Progress;
use crate::store::lesson::{Course, Page, WorkLesson};

/// The link format this build writes and reads.
pub const LINK_VERSION: u32 = 1;

/// Files larger than this are refused before parsing: the policy crate's
/// limit, the same the CLI reads files with.
pub const MAX_FILE_BYTES: usize = mixua_policy::MAX_FILE_BYTES;

/// A decompressed share link may not grow beyond this (a hostile link
/// could otherwise expand without bound): the size of a file.
const MAX_LINK_JSON: usize = MAX_FILE_BYTES;

/// The state beyond the workspace itself that the file carries.
#[derive(Serialize, Deserialize, Default, Debug, PartialEq)]
struct Extras {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    predictions: Predictions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lesson_step: Option<usize>,
    /// The exercises done and answered: saved with the work (autosave and
    /// export), never in share links.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    progress: Option<Progress>,
    /// Which lesson the work is (absent: lesson 1). Read on its own and
    /// strictly ([`lesson_written`]): here it is only written.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    course: Option<WorkLesson>,
}

/// Everything that a reload must restore.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Saved {
    pub doc: Doc,
    pub lang: Option<Lang>,
    pub lesson_step: Option<usize>,
    pub progress: Option<Progress>,
    /// The work's lesson as written (`None`: lesson 1's, as written by the
    /// CLI or before works named their lesson).
    pub course: Option<WorkLesson>,
}

impl Saved {
    /// The work's lesson (absent: lesson 1).
    pub fn lesson(&self) -> WorkLesson {
        self.course.unwrap_or_default()
    }
}

/// Why a file or link could not be loaded. The current work is never
/// touched when one of these comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    TooLarge { bytes: usize },
    NotJson { line: usize, column: usize, detail: String },
    WrongShape { line: usize, column: usize, detail: String },
    NewerLink { version: u32 },
    NotALink,
    DamagedLink,
    /// Bytes that are not UTF-8 text (another encoding, named): the crate's
    /// reason.
    Text(mixua_policy::TextProblem),
    /// A link that unpacks to more than a file may hold (a zlib bomb, or
    /// simply too much): refused before it is read.
    LinkTooLarge,
    /// A file of a lesson this page does not have (lesson 3's work
    /// imported on the students' page): opened here, it would lose its
    /// lesson, its progress and its answers, so it is refused with where to
    /// open it.
    OtherPage { lesson: usize },
    /// A `playground.course` that is not one of the lessons' written forms
    /// (`"1"`, `"2"`, `"3"`, `"pack"`): the number `3`, another text, a
    /// damaged `playground`. Which lesson the work is can't be told, so it
    /// is not opened as any (`found`: what is written, shortened).
    UnknownLesson { found: String },
}

/// A size in megabytes (10^6 bytes) with one decimal, rounded: integer
/// arithmetic, so the wasm carries no float formatting.
fn megabytes(bytes: usize) -> String {
    let tenths = (bytes as u64 + 50_000) / 100_000;
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl Problem {
    /// The problem in the learner's language.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Problem::TooLarge { bytes } => pick!(lang, 
                format!("檔案有 {} MB,超過上限 {} MB", megabytes(*bytes), MAX_FILE_BYTES / (1024 * 1024)),
                format!("the file is {} MB, over the {} MB limit", megabytes(*bytes), MAX_FILE_BYTES / (1024 * 1024)),
            ),
            Problem::NotJson { line, column, detail } => pick!(lang, 
                format!("這不是有效的 JSON(第 {line} 行第 {column} 欄:{detail})"),
                format!("this is not valid JSON (line {line}, column {column}: {detail})"),
            ),
            Problem::WrongShape { line, column, detail } => pick!(lang, 
                format!("JSON 的形狀不是工作區(第 {line} 行第 {column} 欄:{detail})"),
                format!("the JSON is not shaped like a workspace (line {line}, column {column}: {detail})"),
            ),
            Problem::NewerLink { version } => pick!(lang, 
                format!("這個分享連結來自較新的版本(v{version}),這裡只讀得懂 v{LINK_VERSION}"),
                format!("this share link comes from a newer version (v{version}); this playground reads v{LINK_VERSION}"),
            ),
            Problem::NotALink => pick!(lang, 
                "網址後面的內容不是分享連結".to_string(),
                "the part after # is not a share link".to_string(),
            ),
            Problem::Text(problem) => mixua_words::text_problem_words(problem, lang),
            Problem::LinkTooLarge => pick!(lang, 
                format!("分享連結解開後太大(超過 {} MB),沒有打開", MAX_FILE_BYTES / (1024 * 1024)),
                format!("the share link is too large: it unpacks to more than {} MB", MAX_FILE_BYTES / (1024 * 1024)),
            ),
            Problem::OtherPage { lesson } => pick!(lang, 
                format!("這是第 {lesson} 課的作品,這一頁沒有第 {lesson} 課:請按上方的「第 {lesson} 課」,在那裡匯入"),
                format!("this is lesson {lesson}'s work, and this page has no lesson {lesson}: open “Lesson {lesson}” at the top and import it there"),
            ),
            Problem::UnknownLesson { found } => pick!(lang, 
                format!("看不出這是哪一課的作品(playground.course 寫的是 {found},只能是 \"1\"、\"2\"、\"3\" 或 \"pack\"),所以沒有打開"),
                format!("which lesson this work is can't be told (playground.course says {found}; it must be \"1\", \"2\", \"3\" or \"pack\"), so it was not opened"),
            ),
            Problem::DamagedLink => pick!(lang, 
                "分享連結不完整或被改過(可能複製時被截斷)".to_string(),
                "the share link is incomplete or altered (perhaps cut off when copied)".to_string(),
            ),
        }
    }
}

/// The workspace file: the CLI's format, plus a `playground` key with
/// predictions (and, for autosave, language and lesson step).
pub fn to_json(saved: &Saved) -> String {
    serde_json::to_string_pretty(&File::of(saved)).expect("a workspace serializes")
}

/// The same, compact, for the browser's storage (a slot's `work`).
pub fn to_stored(saved: &Saved) -> crate::store::recent::WorkText {
    crate::store::recent::WorkText::written(serde_json::to_string(&File::of(saved)).expect("a workspace serializes"))
}

/// The file as written: the workspace's own keys, then the playground's.
/// It is written straight to text, never through a `serde_json::Value`: a
/// map keeps only the last of two equal keys, so a card that writes a
/// field twice (which the crate rejects, `Rejection::DuplicatedField`)
/// would come back from a save, an export or a link with its last value
/// only, and accepted.
#[derive(Serialize)]
struct File<'a> {
    #[serde(flatten)]
    workspace: &'a Workspace,
    #[serde(skip_serializing_if = "Option::is_none")]
    playground: Option<Extras>,
}

impl<'a> File<'a> {
    fn of(saved: &'a Saved) -> File<'a> {
        let extras = Extras {
            predictions: saved.doc.predictions.clone(),
            lang: saved.lang.map(|l| l.tag().to_string()),
            lesson_step: saved.lesson_step,
            progress: saved.progress.clone().filter(|p| *p != Progress::default()),
            course: saved.course.filter(|c| *c != WorkLesson::One),
        };
        File { workspace: &saved.doc.workspace, playground: Some(extras).filter(|e| *e != Extras::default()) }
    }
}

/// Reads a workspace file's bytes: UTF-8, with or without a byte-order
/// mark (what Windows editors write); another encoding is refused with its
/// name (the crate's `decode_text`, the CLI's reading too).
pub fn from_bytes(bytes: &[u8]) -> Result<Saved, Problem> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Problem::TooLarge { bytes: bytes.len() });
    }
    let text = mixua_policy::decode_text(bytes).map_err(Problem::Text)?;
    // A lesson this build doesn't have is refused before its workspace is
    // read (this build may not read all of it).
    if let Some(lesson) = lesson_written(text)?.filter(|l| l.course().is_none()) {
        return Err(Problem::OtherPage { lesson: lesson.number() });
    }
    from_json(text)
}

/// A work of `lesson` arriving on `page` (a file, a link, a saved work):
/// `Ok` when the page shows it, else the refusal that says where it opens
/// (`pack_lesson`: a pack work's own lesson, [`WorkLesson::home`]).
pub fn on_page(lesson: WorkLesson, pack_lesson: Option<usize>, page: Page) -> Result<crate::store::lesson::Course, Problem> {
    let home = lesson.home(pack_lesson);
    match lesson.course() {
        Some(course) if page.shows(home) => Ok(course),
        _ => Err(Problem::OtherPage { lesson: home }),
    }
}

/// A file picked or dropped on `page`: the lesson it opens in here (a
/// pack's exercise left as lesson 1's or 3's, [`portable`]), or the
/// refusal that says where it opens.
pub fn file_arrival(saved: &Saved, page: Page) -> Result<crate::store::lesson::Course, Problem> {
    on_page(saved.course.and_then(portable).unwrap_or_default(), None, page)
}

/// The lesson a file names (its `playground.course`), read strictly: `None`
/// when it names none (lesson 1), a refusal when what it names is not a
/// lesson's written form, or when the `playground` it would be in is not
/// an object.
pub fn lesson_written(text: &str) -> Result<Option<WorkLesson>, Problem> {
    #[derive(Deserialize)]
    struct File {
        #[serde(default)]
        playground: Option<serde_json::Value>,
    }
    let shortened = |value: &serde_json::Value| {
        let text = value.to_string();
        match text.char_indices().nth(40) {
            Some((at, _)) => format!("{}…", &text[..at]),
            None => text,
        }
    };
    let Ok(File { playground }) = serde_json::from_str::<File>(mixua_policy::without_bom(text)) else {
        return Ok(None);
    };
    match playground {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Object(map)) => match map.get("course") {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(value) => WorkLesson::deserialize(value).map(Some).map_err(|_| Problem::UnknownLesson { found: shortened(value) }),
        },
        Some(other) => Err(Problem::UnknownLesson { found: shortened(&other) }),
    }
}

/// The lesson a file names (its `playground.course`) when it is one of
/// `elsewhere`, the lessons another page of the site has
/// (`Course::ELSEWHERE`).
pub fn lesson_elsewhere(text: &str, elsewhere: &[usize]) -> Option<usize> {
    let lesson = lesson_written(text).ok()??.number();
    elsewhere.contains(&lesson).then_some(lesson)
}

/// Reads a workspace file (ours or any the CLI reads), as text (a leading
/// byte-order mark is dropped).
pub fn from_json(text: &str) -> Result<Saved, Problem> {
    let text = mixua_policy::without_bom(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(Problem::TooLarge { bytes: text.len() });
    }
    let workspace = Workspace::from_json(text).map_err(|err| {
        // Valid JSON that is not a workspace is a shape problem; anything
        // else is not JSON at all.
        let is_json = serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok();
        let (line, column, detail) = (err.line, err.column, err.message);
        if is_json {
            Problem::WrongShape { line, column, detail }
        } else {
            Problem::NotJson { line, column, detail }
        }
    })?;
    // The lesson is read strictly: a work whose lesson can't be told is
    // opened as none.
    let course = lesson_written(text)?;
    // The other extras are optional: a damaged one loses only the extras.
    let extras: Extras = serde_json::from_str::<ExtrasOnly>(text).map(|e| e.playground).unwrap_or_default();
    Ok(Saved {
        doc: Doc { workspace: std::rc::Rc::new(workspace), predictions: extras.predictions },
        lang: extras.lang.as_deref().map(Lang::from_tag),
        lesson_step: extras.lesson_step,
        progress: extras.progress.map(Progress::migrated),
        course,
    })
}

/// Reads what [`to_stored`] wrote (the browser's storage).
pub fn from_stored(work: &crate::store::recent::WorkText) -> Result<Saved, Problem> {
    from_json(work.text())
}

#[derive(Deserialize)]
struct ExtrasOnly {
    #[serde(default)]
    playground: Extras,
}

/// The lesson a work names when it leaves this browser (a link, a file):
/// lesson 2 or 3, or nothing (lesson 1). A teacher's pack's exercise leaves as
/// lesson 1's work, since whoever opens it may not have the pack.
pub fn portable(course: impl Into<WorkLesson>) -> Option<WorkLesson> {
    Some(course.into()).filter(|c| !matches!(c, WorkLesson::One | WorkLesson::Pack))
}

/// `v1.` + base64url(zlib(file JSON)) (`store/link.rs`, the one link codec).
/// The link names its lesson
/// ([`portable`]).
pub fn encode_link(doc: &Doc, course: impl Into<WorkLesson>) -> String {
    let json = to_json(&Saved { doc: doc.clone(), course: portable(course), ..Saved::default() });
    link::write(Kind::Work, LINK_VERSION, &link::pack_text(&json))
}

/// Reads a share link fragment (with or without the leading `#`): the work
/// and its lesson (links carry nothing else).
pub fn decode_link(fragment: &str) -> Result<Saved, Problem> {
    let Some(Head { kind: Kind::Work, version, rest: data }) = link::head(fragment) else {
        return Err(Problem::NotALink);
    };
    if version > LINK_VERSION {
        return Err(Problem::NewerLink { version });
    }
    if version != LINK_VERSION {
        return Err(Problem::NotALink);
    }
    let text = link::unpack_text(data, MAX_LINK_JSON).map_err(|problem| match problem {
        Unpacked::TooLarge { .. } => Problem::LinkTooLarge,
        Unpacked::Damaged => Problem::DamagedLink,
    })?;
    from_json(&text)
        .map(|saved| Saved { doc: saved.doc, course: saved.course.and_then(portable), ..Saved::default() })
        .map_err(|problem| match problem {
            // A link whose lesson can't be told says so.
            Problem::UnknownLesson { .. } => problem,
            _ => Problem::DamagedLink,
        })
}

/// A saved work opened from Recent work on `page`: the lesson it opens in
/// here, or the page it opens on instead (handed over by its id,
/// `?work=`), never here as another lesson (`pack_lesson`: a pack work's
/// pack's lesson).
pub fn open_saved(lesson: WorkLesson, pack_lesson: Option<usize>, page: Page) -> Result<Course, Page> {
    on_page(lesson, pack_lesson, page).map_err(|_| Page::of_lesson(lesson.home(pack_lesson)))
}
