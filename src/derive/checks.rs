//! What the lesson panel and the root read of the lesson's checks, worked
//! out once per (work, views, progress, reveal, tick, step, language) in one
//! place (the root's memo), never in render. Every answer is the crate's:
//! one `Facts` is built and every exercise of the pack is evaluated against
//! it once, so the cache replay and the log's texts that lesson 2's checks
//! read are made once too, however many exercises ask.

use std::rc::Rc;

use mixua_policy::CacheReplay;
use mixua_words::Lang;
use mixua_course::{solving, CellMark, Item};

use crate::derive::course::with_facts;

use crate::store::lesson::Course;
use crate::derive::course::Lesson;
use crate::store::progress::RECORD_STEP;

/// The lesson's checks, evaluated once.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Checks {
    /// Per step: done (recorded in the progress, or holding now).
    pub done: Vec<bool>,
    /// The shown step's items, in the learner's language.
    pub items: Vec<Item>,
    /// Lesson 1's record step: its items (which of its changes are made),
    /// when that step is shown.
    pub record_items: Vec<Item>,
    /// Steps that hold now and are not recorded yet: the root records them.
    pub newly: Vec<usize>,
    /// Milestones that hold now and are not remembered yet.
    pub seen: Vec<mixua_course::Milestone>,
    /// The shown step's predicted cells as first revealed, when they are to
    /// be recorded now.
    pub first: Option<(usize, Vec<CellMark>)>,
}

impl Checks {
    /// Every check of the lesson's pack, against one `Facts`.
    pub fn of(course: Course, step: usize, lesson: Lesson<'_>, lang: Lang) -> Checks {
        let pack = lesson.pack;
        let step = step.min(pack.exercises.len().saturating_sub(1));
        let progress = lesson.progress;
        with_facts(lesson, |f| {
            let holds: Vec<bool> = pack.exercises.iter().enumerate().map(|(n, e)| e.holds(n, f)).collect();
            let done = holds.iter().enumerate().map(|(n, &h)| solving::is_done(&progress.done, n, h)).collect();
            let newly = solving::newly_solved(&holds, &progress.done, course.only_step(step));
            let items = pack.exercises.get(step).map(|e| mixua_course::items(e, f, lang)).unwrap_or_default();
            let record_items = if course == Course::One && step == RECORD_STEP { items.clone() } else { Vec::new() };
            let first = (lesson.revealed && !progress.first_marks.contains_key(&step))
                .then(|| pack.exercises.get(step).map(|e| mixua_course::cell_marks(e, f)))
                .flatten()
                .filter(|marks| !marks.is_empty())
                .map(|marks| (step, marks));
            Checks { done, items, record_items, newly, seen: pack.milestones(f), first }
        })
    }
}

/// The rejected cards the list names (the first [`REJECTED_LISTED`], by
/// index, with their ids and the crate's reason) and how many there are:
/// derived once per views, so the list renders again only when it changed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Rejected {
    pub total: usize,
    pub listed: Vec<(usize, String, mixua_policy::Rejection)>,
}

/// Rejected cards listed by name; the rest are counted.
pub const REJECTED_LISTED: usize = 30;

impl Rejected {
    /// A card that is not in effect (a candidate, a tombstone, …) is
    /// stopped by that gate first, and says so in lesson 2's timeline: it is
    /// not listed here under a later gate's reason.
    pub fn of(ws: &mixua_policy::Workspace, computed: &crate::derive::views::Computed) -> Rejected {
        let mut rejected = Rejected::default();
        for (i, gate) in computed.gates.iter().enumerate() {
            if matches!(computed.decided.get(i), Some(mixua_policy::Gate::NotInEffect { .. })) {
                continue;
            }
            if let Err(rejection) = gate {
                if rejected.listed.len() < REJECTED_LISTED {
                    rejected.listed.push((i, ws.cards[i].id.clone(), rejection.clone()));
                }
                rejected.total += 1;
            }
        }
        rejected
    }
}

/// Lesson 2's response cache as the chart and the cache panel show it: every
/// logged read replayed through the cache (the crate's `replay_cache`), once
/// per (work, language), in words.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CacheLines {
    /// Reads that handed another user's canary over.
    pub leaks: usize,
    /// Reads served a card the reader may no longer read.
    pub stale: usize,
    /// How many reads were replayed.
    pub total: usize,
    /// The reads the panel lists, in log order, with the gaps between them:
    /// every read that leaked or was stale (the first [`READS_LISTED`] of
    /// them), and the newest [`READS_LISTED`]. A log of thousands of reads
    /// is read by its counts; listing every read made each act lay out a
    /// list hundreds of thousands of pixels tall (issue 25).
    pub listed: Vec<Listed>,
    /// Purges before the ones listed (the newest [`READS_LISTED`]).
    pub earlier_purges: usize,
    /// Purges: the card and the words.
    pub purges: Vec<(String, String)>,
}

/// Reads listed of each kind (problems, newest).
pub const READS_LISTED: usize = 40;

/// One line of the cache panel's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listed {
    Read(ReadLine),
    /// Reads not listed here: how many, and how many of them were stale
    /// or leaked (more than [`READS_LISTED`] such reads).
    Gap { reads: usize, problems: usize },
}

/// One replayed read, as the cache panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadLine {
    /// Its place among the replayed reads, from 1 (the list's number).
    pub number: usize,
    pub served: bool,
    pub stale: bool,
    pub leak: bool,
    pub reader: String,
    pub text: String,
}

/// What the screen reads of one work's log (lesson 2, and lesson 3's cache
/// exercise), made once per work revision and shared: the crate's
/// `Timeline` (the log checked once: the gates at the clock, why each
/// event is set aside) and the logged reads replayed through the response
/// cache on it (the cache panel's lines and the lesson's checks).
pub struct LogView<'w> {
    pub timeline: mixua_policy::Timeline<'w>,
    /// The replay, when something shows it.
    pub replay: Option<CacheReplay<'w>>,
}

/// [`Logged::replayed`], as the part with the write path (`acting`) has
/// it: the root hands it over once that part is in.
pub type Replay = fn(Rc<mixua_policy::Workspace>) -> Logged;

self_cell::self_cell!(
    /// A work's [`LogView`], kept with the work it borrows from.
    pub struct Logged {
        owner: Rc<mixua_policy::Workspace>,
        #[covariant]
        dependent: LogView,
    }
);

impl Logged {
    /// The work's log read once; with `replay` (the acting part's
    /// [`Replay`], once it is in), its cache replayed too (else not yet:
    /// the views are derived again once it is,
    /// `crate::derive::per_revision::use_views`).
    pub fn of(ws: Rc<mixua_policy::Workspace>, replay: Option<Replay>) -> Logged {
        if let Some(replay) = replay {
            return replay(ws);
        }
        Logged::new(ws, |ws| LogView { timeline: mixua_policy::Timeline::new(ws), replay: None })
    }

    /// The work's log read once and its cache replayed (the replay is in
    /// the part with the write path, which calls this).
    pub fn replayed(ws: Rc<mixua_policy::Workspace>) -> Logged {
        Logged::new(ws, |ws| {
            let timeline = mixua_policy::Timeline::new(ws);
            let replay = Some(mixua_policy::replay_cache_on(ws, &timeline));
            LogView { timeline, replay }
        })
    }

    /// What the log shows, if it is of the work `ws` (the same revision).
    pub fn of_work(&self, ws: &Rc<mixua_policy::Workspace>) -> Option<&LogView<'_>> {
        Rc::ptr_eq(self.borrow_owner(), ws).then(|| self.borrow_dependent())
    }

    /// The cache replay, if it is of the work `ws` and was made.
    pub fn replay_of(&self, ws: &Rc<mixua_policy::Workspace>) -> Option<&CacheReplay<'_>> {
        self.of_work(ws).and_then(|l| l.replay.as_ref())
    }
}

impl CacheLines {
    pub fn of(replay: &CacheReplay<'_>, lang: Lang) -> CacheLines {
        let reads = &replay.reads;
        let problem = |n: &usize| !reads[*n].stale.is_empty() || !reads[*n].leaks.is_empty();
        // Only the reads listed are put in words.
        let mut shown: Vec<usize> = (0..reads.len()).filter(problem).take(READS_LISTED).collect();
        shown.extend(reads.len().saturating_sub(READS_LISTED)..reads.len());
        shown.sort_unstable();
        shown.dedup();
        let mut listed = Vec::with_capacity(shown.len() + 2);
        let mut next = 0;
        for n in shown {
            if n > next {
                listed.push(Listed::Gap { reads: n - next, problems: (next..n).filter(problem).count() });
            }
            let read = &reads[n];
            listed.push(Listed::Read(ReadLine {
                number: n + 1,
                served: read.cached.is_some(),
                stale: !read.stale.is_empty(),
                leak: !read.leaks.is_empty(),
                reader: read.viewer.to_string(),
                text: mixua_words::explain::cached_read_text(read, lang),
            }));
            next = n + 1;
        }
        CacheLines {
            leaks: replay.leaks().count(),
            stale: replay.stale().count(),
            total: reads.len(),
            listed,
            earlier_purges: replay.purges.len().saturating_sub(READS_LISTED),
            purges: replay
                .purges
                .iter()
                .skip(replay.purges.len().saturating_sub(READS_LISTED))
                .map(|p| (p.card.to_string(), mixua_words::explain::purge_text(p, lang)))
                .collect(),
        }
    }
}

/// Why each logged event is set aside (`None`: it is not), by its place in
/// the log: the crate's `Timeline` of the work, checked once per work
/// (`Logged`), for the audit log.
pub fn event_problems(timeline: &mixua_policy::Timeline<'_>) -> Vec<Option<mixua_policy::EventProblem>> {
    (0..timeline.workspace.log().len()).map(|n| timeline.problem(n).cloned()).collect()
}

/// The smallest edits that flip `viewer`'s decision on card `index` (the
/// why panel's focus): one four-scope evaluation of the work now, made once
/// per (work, card, viewer) by the root, never in render.
pub fn flips(ws: &mixua_policy::Workspace, index: usize, viewer: &mixua_policy::ViewerId) -> Option<mixua_policy::flip::Flips> {
    (index < ws.cards.len()).then(|| {
        mixua_policy::Evaluation::new(ws, &ws.query, mixua_policy::Policy::FourScope).flips(index, viewer.viewer())
    })
}

/// Who is in the chart, and their canaries and profile facts: what the
/// users-and-agents panel shows. Compared by value, so a card edit (which
/// changes none of it) does not render the panel again.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Roster {
    pub users: Vec<String>,
    pub agents: Vec<String>,
    pub canaries: mixua_policy::workspace::Canaries,
    pub profiles: Option<mixua_policy::Kept<mixua_policy::Profiles>>,
    /// The work has memory over time: users and agents are not removed or
    /// renamed by a plain edit (`Notice::ReadersThroughActs`).
    pub locked: bool,
}

impl Roster {
    pub fn of(ws: &mixua_policy::Workspace) -> Roster {
        Roster { users: ws.users.clone(), agents: ws.agents.clone(), canaries: ws.canaries.clone(), profiles: ws.profiles.clone(), locked: ws.uses_time() }
    }

    /// The profiles, when they could be read.
    pub fn profiles(&self) -> Option<&mixua_policy::Profiles> {
        self.profiles.as_ref().and_then(mixua_policy::Kept::good)
    }
}

