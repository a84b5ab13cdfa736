//! Where a page load goes, natively: each start the teaching guide
//! promises (docs/teaching.md: URL flags, links, Recent work), from the
//! address, what is stored and the tab's session to the work that opens
//! and the work set aside.
// The students' build (no lesson 3) runs the tests that play one page;
// the table of every page needs every page's features.
#![cfg_attr(not(feature = "lesson3"), allow(dead_code, unused_imports))]

use std::collections::BTreeMap;
use std::rc::Rc;

use mixua_playground::store::lesson::{Course, Page, WorkLesson};
use mixua_playground::store::pack_link;
use mixua_playground::store::persist::{self, Saved};
use mixua_playground::start::route::{route, Address, Route, Session};
use mixua_playground::store::state::{Doc, Notice, Panel, Unreadable};
use mixua_playground::store::browser::{self, Stored};
use mixua_playground::store::recent::{Entry, Index, Slot};
use mixua_words::Lang;
use mixua_course::{Check, Exercise, Goal, Pack, Start, Text};

/// The seed with its query changed to `text`: a learner's own work, told
/// apart from the seed and from each other by that text.
fn work(text: &str) -> Doc {
    let mut doc = Doc::seed_in(Lang::En);
    Rc::make_mut(&mut doc.workspace).query = text.to_string();
    doc
}

fn lesson_two(text: &str) -> Doc {
    let mut doc = Doc { workspace: Rc::new(mixua_course::lesson_two_workspace(Lang::En)), ..Doc::default() };
    Rc::make_mut(&mut doc.workspace).query = text.to_string();
    doc
}

/// Storage with saved works in it, as the autosave writes them.
#[derive(Default)]
struct Storage {
    map: BTreeMap<String, String>,
    index: Index,
}

impl Storage {
    /// A saved work: its slot and its line in the index (saved later than
    /// the ones before, so the last one added is the latest).
    fn with(mut self, id: &str, doc: Doc, course: impl Into<WorkLesson>) -> Storage {
        let saved_at = self.index.works.len() as f64 + 1.0;
        let saved = Saved { doc: doc.clone(), lang: Some(Lang::En), course: Some(course.into()), ..Saved::default() };
        let slot = Slot { rev: 3, saved_at, work: persist::to_stored(&saved), name: Some(format!("name of {id}")), forked_from: None };
        self.map.insert(browser::slot_key(id), serde_json::to_string(&slot).unwrap());
        let cards = doc.workspace.cards.len();
        self.index.touch(Entry { id: id.into(), name: format!("name of {id}"), saved_at, cards, rev: 3, forked_from: None });
        self.map.insert(browser::INDEX_KEY.into(), serde_json::to_string(&self.index).unwrap());
        self
    }

    fn set_aside(mut self, doc: Doc) -> Storage {
        let text = persist::to_json(&Saved { doc, ..Saved::default() });
        self.map.insert(browser::PREVIOUS_KEY.into(), text);
        self
    }
}

fn session(tab: Option<&str>) -> Session {
    Session { browser_lang: "en-GB".into(), tab_work: tab.map(str::to_string), new_id: "new".into(), stamp: "12-01 14:05".into(), parts: parts() }
}

fn pack() -> Pack {
    Pack {
        format: 1,
        id: "class-7b".into(),
        version: 1,
        title: Text::new("誰讀什麼", "Who reads what"),
        exercises: vec![Exercise {
            title: Text::new("", "No leak"),
            task: Text::new("", "Make the alarm go away."),
            start: Start::Seed,
            goal: vec![Goal { label: None, check: Check::NoLeak }],
            hints: vec![],
            solution: None,
            question: None,
            points_to: None,
            panels: Vec::new(),
            cell: None,
        }],
    }
}

/// What a start comes to, in the terms the teaching guide (docs/teaching.md) promises.
#[derive(Debug, PartialEq)]
struct Outcome {
    /// The work this tab goes on with (`new`: a new work).
    work: String,
    /// The query of the work on the chart (which work it is).
    shows: String,
    course: Course,
    /// Not saved yet: saved at the end of the start.
    unsaved: bool,
    autosave: bool,
    /// The query of the work one Undo away, if any.
    undo_to: Option<String>,
    /// The query of the work set aside in storage.
    set_aside: Option<String>,
    notice: Option<Notice>,
}

fn outcome(route: &Route) -> Outcome {
    Outcome {
        work: route.work.id.clone(),
        shows: route.state.doc.workspace.query.clone(),
        course: route.state.ui.session.course,
        unsaved: route.unsaved,
        autosave: route.autosave,
        undo_to: route.state.past.last().map(|d| d.workspace.query.clone()),
        set_aside: route.set_aside.as_ref().map(|s| s.doc.workspace.query.clone()),
        notice: route.state.ui.screen.notice.clone(),
    }
}

fn start(params: &[(&str, &str)], fragment: &str, storage: &Storage, tab: Option<&str>) -> Route {
    route(&Address::new(params, fragment), &storage.map as &dyn Stored, &session(tab))
}

fn check(params: &[(&str, &str)], fragment: &str, storage: &Storage, tab: Option<&str>, expected: Outcome) {
    let got = outcome(&start(params, fragment, storage, tab));
    assert_eq!(got, expected, "start with {params:?} #{fragment}");
}

fn seed_query() -> String {
    Doc::seed_in(Lang::En).workspace.query.clone()
}

fn two_works() -> Storage {
    Storage::default().with("w1", work("mine"), Course::One).with("w2", work("latest"), Course::One)
}

#[test]
fn a_fresh_browser_starts_on_the_seed_as_a_new_work() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let seed = seed_query();
    check(&[], "", &Storage::default(), None, Outcome {
        work: "new".into(), shows: seed, course: Course::One, unsaved: true, autosave: true,
        undo_to: None, set_aside: None, notice: None,
    });
}

#[test]
fn a_reload_opens_the_tabs_own_work_and_a_new_tab_the_latest() {
    let storage = two_works();
    let reload = Outcome {
        work: "w1".into(), shows: "mine".into(), course: Course::One, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: None,
    };
    check(&[], "", &storage, Some("w1"), reload);
    let new_tab = Outcome {
        work: "w2".into(), shows: "latest".into(), course: Course::One, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: None,
    };
    check(&[], "", &storage, None, new_tab);
    // A tab whose work was dropped from the index picks up the latest.
    let gone = Outcome { work: "w2".into(), shows: "latest".into(), ..outcome(&start(&[], "", &storage, None)) };
    check(&[], "", &storage, Some("dropped"), gone);
}

#[test]
fn a_share_link_over_saved_work_sets_it_aside_one_undo_away() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let storage = two_works();
    let link = persist::encode_link(&work("linked"), Course::One);
    check(&[], &link, &storage, Some("w1"), Outcome {
        work: "new".into(), shows: "linked".into(), course: Course::One, unsaved: true, autosave: true,
        undo_to: Some("mine".into()), set_aside: Some("mine".into()), notice: Some(Notice::OpenedLink { kept: true }),
    });
    // Into a fresh browser: nothing to keep.
    check(&[], &link, &Storage::default(), None, Outcome {
        work: "new".into(), shows: "linked".into(), course: Course::One, unsaved: true, autosave: true,
        undo_to: Some(seed_query()), set_aside: None, notice: Some(Notice::OpenedLink { kept: false }),
    });
    // The same work as the saved one: nothing changes, nothing is set aside.
    let same = persist::encode_link(&work("mine"), Course::One);
    let got = outcome(&start(&[], &same, &storage, Some("w1")));
    assert_eq!((got.work.as_str(), got.set_aside, got.undo_to), ("w1", None, None));
}

#[test]
fn after_a_reload_the_work_a_link_set_aside_is_still_one_undo_away() {
    let storage = Storage::default().with("w3", work("linked"), Course::One).set_aside(work("mine"));
    check(&[], "", &storage, Some("w3"), Outcome {
        work: "w3".into(), shows: "linked".into(), course: Course::One, unsaved: false, autosave: true,
        undo_to: Some("mine".into()), set_aside: None, notice: Some(Notice::PreviousKept),
    });
}

#[test]
fn a_damaged_share_link_changes_nothing_and_says_why() {
    let storage = two_works();
    let route = start(&[], "v1.AAAA", &storage, Some("w1"));
    let got = outcome(&route);
    assert_eq!((got.work.as_str(), got.shows.as_str(), got.set_aside), ("w1", "mine", None));
    assert!(matches!(got.notice, Some(Notice::LoadFailed { .. })), "{:?}", got.notice);
    assert!(!route.opened_link);
}

#[test]
fn a_pack_link_opens_its_first_exercise_as_a_new_work_and_sets_the_own_aside() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let storage = two_works();
    let link = pack_link::encode(&pack());
    let route = start(&[], &link, &storage, Some("w1"));
    assert_eq!(route.started, Some(pack()));
    assert_eq!(route.authored, Some(pack()));
    assert_eq!(route.state.ui.pack(), &pack(), "the pack is the state's, for the lesson to read");
    assert!(route.opened_link);
    assert!(route.work.name.starts_with("Who reads what · "), "{}", route.work.name);
    let got = outcome(&route);
    assert_eq!(got, Outcome {
        work: "new".into(), shows: seed_query(), course: Course::Pack, unsaved: true, autosave: true,
        undo_to: Some("mine".into()), set_aside: Some("mine".into()),
        notice: Some(Notice::Pack(pack_link::PackNotice::Opened { title: "Who reads what".into(), exercises: 1, kept: true })),
    });
    // A reload of the pack's work runs the pack kept in storage.
    let mut storage = Storage::default().with("wp", work("in the pack"), Course::Pack);
    storage.map.insert(pack_link::STARTED_KEY.into(), serde_json::Value::String(pack().to_json()).to_string());
    let route = start(&[], "", &storage, Some("wp"));
    assert_eq!((route.state.ui.session.course, route.authored), (Course::Pack, Some(pack())));
    assert_eq!(route.state.ui.pack(), &pack());
}

#[test]
fn lesson_two_opens_its_own_work_and_lesson_one_comes_back() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    // No lesson-2 work yet: a new one, named after the lesson; lesson 1's
    // work stays in its slot.
    let storage = two_works();
    let route = start(&[("lesson", "2")], "", &storage, Some("w1"));
    assert_eq!(route.work.name, "Lesson 2 · Work · 12-01 14:05");
    assert_eq!(outcome(&route), Outcome {
        work: "new".into(), shows: mixua_course::lesson_two_workspace(Lang::En).query, course: Course::Two,
        unsaved: true, autosave: true, undo_to: None, set_aside: None,
        notice: Some(Notice::OpenedLesson { course: Course::Two }),
    });
    // With lesson-2 work saved (and the tab now on it), `?lesson=1` goes
    // back to the latest lesson-1 work, and `?lesson=2` to lesson 2's.
    let storage = two_works().with("l2", lesson_two("second"), Course::Two);
    check(&[("lesson", "1")], "", &storage, Some("l2"), Outcome {
        work: "w2".into(), shows: "latest".into(), course: Course::One, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: Some(Notice::OpenedLesson { course: Course::One }),
    });
    check(&[("lesson", "2")], "", &storage, Some("w1"), Outcome {
        work: "l2".into(), shows: "second".into(), course: Course::Two, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: Some(Notice::OpenedLesson { course: Course::Two }),
    });
    // Already in that lesson: nothing to say.
    let got = outcome(&start(&[("lesson", "2")], "", &storage, Some("l2")));
    assert_eq!((got.work.as_str(), got.notice), ("l2", None));
}

#[test]
fn fresh_starts_on_the_seed_and_saves_nothing() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let storage = two_works().set_aside(work("older"));
    check(&[("fresh", "")], "", &storage, Some("w1"), Outcome {
        work: "new".into(), shows: seed_query(), course: Course::One, unsaved: true, autosave: false,
        undo_to: None, set_aside: None, notice: Some(Notice::FreshStart),
    });
    // A link into a fresh start sets nothing aside: the saved work is
    // never read.
    let link = persist::encode_link(&work("linked"), Course::One);
    let got = outcome(&start(&[("fresh", "")], &link, &storage, Some("w1")));
    assert_eq!((got.shows.as_str(), got.set_aside, got.autosave), ("linked", None, false));
}

#[test]
fn an_embed_shows_the_seed_or_its_link_quietly_and_saves_nothing() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let storage = two_works();
    let route = start(&[("embed", ""), ("panel", "chart")], "", &storage, Some("w1"));
    assert!(route.state.ui.session.embed);
    assert!(route.state.ui.session.hidden.contains(Panel::Editor), "{:?}", route.state.ui.session.hidden);
    assert_eq!(outcome(&route), Outcome {
        work: "new".into(), shows: seed_query(), course: Course::One, unsaved: true, autosave: false,
        undo_to: None, set_aside: None, notice: None,
    });
    let link = persist::encode_link(&work("linked"), Course::One);
    let got = outcome(&start(&[("embed", "")], &link, &storage, Some("w1")));
    assert_eq!((got.shows.as_str(), got.set_aside, got.notice, got.autosave), ("linked", None, None, false));
}

#[test]
fn without_storage_the_start_is_a_fresh_browsers_and_still_tries_to_save() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    // Unavailable storage reads as nothing stored (`browser::Browser`); the
    // saver says so at its first save.
    let nothing = Storage::default();
    let got = outcome(&start(&[], "", &nothing, Some("w1")));
    assert_eq!((got.work.as_str(), got.shows, got.autosave, got.unsaved), ("new", seed_query(), true, true));
    let link = persist::encode_link(&work("linked"), Course::One);
    let got = outcome(&start(&[], &link, &nothing, None));
    assert_eq!((got.shows.as_str(), got.set_aside), ("linked", None));
}

#[test]
fn url_flags_set_language_step_and_panels() {
    let storage = two_works();
    let route = start(&[("lang", "zh-TW"), ("step", "3"), ("hide", "people, compare"), ("classroom", "")], "", &storage, Some("w1"));
    let ui = &route.state.ui;
    // A page built in one language (`only-en`, `only-zh`, issue 28) starts
    // in it whatever the address or the browser asks (`initial_lang`): its
    // loader chose that build, and a switch opens the other one's.
    let lang = |asked: Lang| Lang::BUILT.unwrap_or(asked);
    assert_eq!((ui.session.lang, ui.lesson_step, ui.screen.classroom), (lang(Lang::ZhTw), 2, true));
    assert_eq!(ui.session.hidden.iter().collect::<Vec<_>>(), [Panel::People, Panel::Compare]);
    // The saved language wins over the browser's, `?lang=` over both.
    let route = start(&[], "", &storage, Some("w1"));
    assert_eq!(route.state.ui.session.lang, lang(Lang::En));
    let fresh = route_in_browser_lang("zh-TW");
    assert_eq!(fresh.state.ui.session.lang, lang(Lang::ZhTw));
}

fn route_in_browser_lang(tag: &str) -> Route {
    let session = Session { browser_lang: tag.into(), ..session(None) };
    route(&Address::default(), &BTreeMap::new() as &dyn Stored, &session)
}

/// The notice for something unreadable: what, the file offered, the text.
fn unreadable(route: &Route) -> Option<(Unreadable, String, String)> {
    match route.state.ui.screen.notice.clone()? {
        Notice::Unreadable { what, file, text } => Some((what, file, text.to_string())),
        _ => None,
    }
}

#[test]
fn a_damaged_index_is_rebuilt_from_the_slots_and_kept_as_it_was() {
    let mut storage = two_works();
    storage.map.insert(browser::INDEX_KEY.into(), r#"{"rev":"#.into());
    // The latest slot opens, as with the index it had.
    let route = start(&[], "", &storage, None);
    assert_eq!((route.work.id.as_str(), route.work.name.as_str()), ("w2", "name of w2"));
    assert_eq!(route.state.doc.workspace.query, "latest");
    assert_eq!(
        unreadable(&route),
        Some((Unreadable::Index { works: 2 }, "mixua-works-index.json".into(), r#"{"rev":"#.into()))
    );
    // Every slot is listed, with its own name: nothing is unreachable.
    let names: Vec<String> = browser::index_in(&storage.map).works.into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["name of w2", "name of w1"]);
    // A readable index that is not an index is damaged too.
    storage.map.insert(browser::INDEX_KEY.into(), r#"{"works": 5}"#.into());
    assert!(matches!(unreadable(&start(&[], "", &storage, Some("w1"))), Some((Unreadable::Index { works: 2 }, ..))));
}

#[test]
fn a_second_damaged_index_is_said_not_kept_when_an_earlier_one_is_kept_aside() {
    assert!(browser::INDEX_ASIDE_KEY.starts_with(browser::UNREADABLE_PREFIX));
    let mut storage = two_works();
    storage.map.insert(browser::INDEX_KEY.into(), r#"{"rev":"#.into());
    // Nothing aside yet: this damaged list is the one kept.
    assert_eq!(browser::index_aside(&storage.map, r#"{"rev":"#), browser::Aside::Kept);
    // An earlier damaged list is kept aside (storage keeps one, never
    // written over): this one is not kept, and the notice says so, while
    // it still offers this one, as it was, for download.
    storage.map.insert(browser::INDEX_ASIDE_KEY.into(), "[earlier".into());
    assert_eq!(browser::index_aside(&storage.map, r#"{"rev":"#), browser::Aside::Dropped);
    let route = start(&[], "", &storage, None);
    assert_eq!(
        unreadable(&route),
        Some((Unreadable::IndexNotKept { works: 2 }, "mixua-works-index.json".into(), r#"{"rev":"#.into()))
    );
    // The same text as the one aside is the copy kept.
    storage.map.insert(browser::INDEX_ASIDE_KEY.into(), r#"{"rev":"#.into());
    assert!(matches!(unreadable(&start(&[], "", &storage, None)), Some((Unreadable::Index { works: 2 }, ..))));
}

#[test]
fn a_damaged_slot_is_said_offered_as_it_was_and_never_opened_as_the_tabs_work() {
    // Starts the English page (the seed's query `report`, English names): a build in 繁體中文 alone (`only-zh`) starts in 繁體中文; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    for damaged in [r#"{"rev":1,"saved_at":"#, r#"{"rev":1,"saved_at":2,"work":{"cards":5}}"#] {
        let mut storage = two_works();
        storage.map.insert(browser::slot_key("w1"), damaged.into());
        let route = start(&[], "", &storage, Some("w1"));
        // A new work on the seed: the damaged slot is not this tab's to save over.
        assert_eq!((route.work.id.as_str(), route.unsaved), ("new", true), "{damaged}");
        assert_eq!(route.state.doc.workspace.query, seed_query());
        let (what, file, text) = unreadable(&route).expect("a notice");
        assert_eq!((what, file.as_str()), (Unreadable::Work { name: "name of w1".into() }, "mixua-unreadable-w1.json"));
        // The file offered holds what was stored, as it was.
        assert_eq!(text, damaged);
    }
}

#[test]
fn a_damaged_index_with_a_damaged_slot_lists_that_slot_too() {
    let mut storage = two_works();
    storage.map.insert(browser::INDEX_KEY.into(), "]".into());
    storage.map.insert(browser::slot_key("w3"), "not json".into());
    let ids: Vec<String> = browser::index_in(&storage.map).works.into_iter().map(|e| e.id).collect();
    assert_eq!(ids, ["w2", "w1", "w3"]);
    assert!(matches!(unreadable(&start(&[], "", &storage, None)), Some((Unreadable::Index { works: 3 }, ..))));
}

/// A link made on the teacher's page opens on the students' page; other
/// pages keep their own path (a file merely ending in the same letters too).
#[test]
fn a_link_made_on_the_teachers_page_opens_on_the_students_page() {
    use mixua_playground::start::route::students_page;
    for (made_on, opens_on) in [
        ("/teach.html", "/"),
        ("/class/teach.html", "/class/"),
        ("/", "/"),
        ("/index.html", "/index.html"),
        ("/lesson3.html", "/lesson3.html"),
        ("/preteach.html", "/preteach.html"),
        ("teach.html", ""),
    ] {
        assert_eq!(students_page(made_on), opens_on, "a link made on {made_on}");
    }
}

/// A first visit (nothing stored, no link) starts without the code that
/// reads stored work and links (`route_plain`, issue 28), exactly where
/// `route` goes over empty storage, whatever the address's flags.
#[test]
fn a_first_visit_starts_as_the_full_route_does_over_empty_storage() {
    use mixua_playground::start::route::route_plain;
    let empty = BTreeMap::<String, String>::new();
    let flags: [&[(&str, &str)]; 14] = [
        &[],
        &[("lang", "zh-TW")],
        &[("lang", "en")],
        &[("lesson", "2")],
        &[("lesson", "1")],
        &[("lesson", "3")],
        &[("lesson", "pack")],
        &[("fresh", "")],
        &[("embed", ""), ("panel", "chart")],
        &[("step", "3"), ("lang", "zh-TW")],
        &[("hide", "editor,people")],
        &[("classroom", "")],
        &[("seed", "zh-TW"), ("lang", "en")],
        &[("lesson", "2"), ("fresh", ""), ("step", "2")],
    ];
    for params in flags {
        for browser in ["en-GB", "zh-TW"] {
            let address = Address::new(params, "");
            let session = Session { browser_lang: browser.into(), ..session(None) };
            let (plain, full) = (route_plain(&address, &session), route(&address, &empty, &session));
            let what = format!("{params:?} in a {browser} browser");
            assert_eq!(plain.state, full.state, "{what}");
            assert_eq!(plain.work, full.work, "{what}");
            assert_eq!((plain.autosave, plain.unsaved, plain.opened_link), (full.autosave, full.unsaved, full.opened_link), "{what}");
            assert!(plain.set_aside.is_none() && plain.started.is_none() && plain.authored.is_none(), "{what}");
        }
    }
}


// ---------------------------------------------------------------------
// The routing table (issue 48): every page of the site × every lesson a
// work can be × every way a work comes in → where it goes. Data: each row
// is written out below; the table is checked whole, and every row that
// differs is listed.

#[cfg(feature = "lesson3")]
fn lesson_three(text: &str) -> Doc {
    let mut doc = Doc { workspace: Rc::new(mixua_course::lesson_three::lesson_three_workspace(Lang::En)), ..Doc::default() };
    Rc::make_mut(&mut doc.workspace).query = text.to_string();
    doc
}

/// The students' build has no lesson 3 to start from: a lesson-3 work is
/// a work saved as lesson 3's (its lesson is the row's), here with the
/// seed's cards; the routes must be the same.
#[cfg(not(feature = "lesson3"))]
fn lesson_three(text: &str) -> Doc {
    work(text)
}

/// A teacher's pack made on lesson 3's page: its exercise starts from a
/// lesson-3 workspace, as the Teacher menu writes it (in the students'
/// build, from lesson 3's start, which that build can name but not make).
fn pack_of_lesson_three() -> Pack {
    let mut pack = pack();
    pack.id = "class-7b-l3".into();
    #[cfg(feature = "lesson3")]
    {
        pack.exercises[0].start = Start::Workspace(Box::new((*lesson_three("pack start").workspace).clone()));
    }
    #[cfg(not(feature = "lesson3"))]
    {
        pack.exercises[0].start = Start::LessonThree;
    }
    pack
}

/// The works a row is about: lessons 1, 2, 3, and a pack's exercise (a
/// pack of lesson 1, and one of lesson 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    L1,
    L2,
    L3,
    Pack1,
    Pack3,
}

impl Kind {
    const ALL: [Kind; 5] = [Kind::L1, Kind::L2, Kind::L3, Kind::Pack1, Kind::Pack3];

    fn lesson(self) -> WorkLesson {
        match self {
            Kind::L1 => WorkLesson::One,
            Kind::L2 => WorkLesson::Two,
            Kind::L3 => WorkLesson::Three,
            Kind::Pack1 | Kind::Pack3 => WorkLesson::Pack,
        }
    }

    fn doc(self) -> Doc {
        match self {
            Kind::L1 | Kind::Pack1 => work("the work"),
            Kind::L2 => lesson_two("the work"),
            Kind::L3 | Kind::Pack3 => lesson_three("the work"),
        }
    }

    fn pack(self) -> Option<Pack> {
        match self {
            Kind::Pack1 => Some(pack()),
            Kind::Pack3 => Some(pack_of_lesson_three()),
            _ => None,
        }
    }

    /// Storage holding this work (`w`) and the pack it runs, and a work of
    /// another lesson (`other`, saved earlier).
    fn stored(self) -> Storage {
        let other = match self {
            Kind::L1 | Kind::Pack1 => (lesson_two("other"), WorkLesson::Two),
            _ => (work("other"), WorkLesson::One),
        };
        let mut storage = Storage::default().with("other", other.0, other.1).with("w", self.doc(), self.lesson());
        if let Some(pack) = self.pack() {
            storage.map.insert(pack_link::STARTED_KEY.into(), serde_json::Value::String(pack.to_json()).to_string());
        }
        storage
    }
}

/// The ways a work comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// A new tab on the page: the latest work saved is this one.
    Start,
    /// A reload of a tab whose work this is (its session names it).
    Tab,
    /// Another page hands it over (`?work=ID`).
    Handed,
    /// The switcher's link to this work's lesson, from a work of another.
    Switcher,
    /// Its file, imported.
    File,
    /// Its share link.
    ShareLink,
    /// Its pack's link (a pack's work only).
    PackLink,
    /// Opened from Recent work.
    Recent,
    /// Work → Reset, with this work open.
    Reset,
}

const WAYS: [Way; 9] = [Way::Start, Way::Tab, Way::Handed, Way::Switcher, Way::File, Way::ShareLink, Way::PackLink, Way::Recent, Way::Reset];

/// Where a work goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Goes {
    /// Opens here, in this lesson: a stored work (`stored`: the one asked
    /// for, or the page's own latest), or a new work (a link's, a file's,
    /// a reset's, a fresh start's).
    Here { lesson: WorkLesson, stored: bool },
    /// The page goes on to another page, with what it was given.
    To(String),
    /// Refused, with these words' problem.
    Refused(persist::Problem),
    /// Not a way this work comes in.
    NoSuchWay,
}

fn here(lesson: WorkLesson, stored: bool) -> Goes {
    Goes::Here { lesson, stored }
}

fn routed(route: &Route) -> Goes {
    if let Some(to) = &route.go {
        // The page only (the query and fragment carry the work).
        return Goes::To(to.split(['?', '#']).next().unwrap_or_default().to_string());
    }
    let ui = &route.state.ui;
    here(ui.work_lesson(), !route.unsaved)
}

fn page_address(page: Page, params: &[(&str, &str)], fragment: &str) -> Address {
    // Lesson 3's page always names its lesson (lesson3.html's first script).
    let mut params = params.to_vec();
    if page == Page::LessonThree && !params.iter().any(|(k, _)| *k == "lesson") {
        params.push(("lesson", "3"));
    }
    Address::new(&params, fragment).on(page)
}

fn start_on(page: Page, params: &[(&str, &str)], fragment: &str, storage: &Storage, tab: Option<&str>) -> Route {
    route(&page_address(page, params, fragment), &storage.map as &dyn Stored, &session(tab))
}

/// Where `kind`'s work goes on `page` by `way`: what the app's own code
/// decides (the start's route, the import's and Recent work's choices).
fn arrive(page: Page, kind: Kind, way: Way) -> Goes {
    let storage = kind.stored();
    match way {
        Way::Start => routed(&start_on(page, &[], "", &storage, None)),
        Way::Tab => routed(&start_on(page, &[], "", &storage, Some("w"))),
        Way::Handed => routed(&start_on(page, &[("work", "w")], "", &storage, Some("other"))),
        Way::Switcher => match kind.lesson() {
            WorkLesson::Pack => Goes::NoSuchWay,
            lesson => {
                let n = lesson.number().to_string();
                routed(&start_on(page, &[("lesson", &n)], "", &storage, Some("other")))
            }
        },
        Way::File => {
            let file = persist::to_json(&Saved { doc: kind.doc(), course: persist::portable(carried(kind)), ..Saved::default() });
            match persist::from_bytes(file.as_bytes()).and_then(|saved| persist::file_arrival(&saved, page)) {
                Ok(course) => here(course.into(), false),
                Err(problem) => Goes::Refused(problem),
            }
        }
        Way::ShareLink => {
            let link = persist::encode_link(&kind.doc(), carried(kind));
            routed(&start_on(page, &[], &link, &Storage::default(), None))
        }
        Way::PackLink => match kind.pack() {
            Some(pack) => routed(&start_on(page, &[], &pack_link::encode(&pack), &storage, None)),
            None => Goes::NoSuchWay,
        },
        Way::Recent => {
            let saved = persist::from_stored(&browser::slot_in(&storage.map, "w").unwrap().work).unwrap();
            let pack_lesson = kind.pack().map(|p| p.lesson());
            match mixua_playground::start::route::open_saved(saved.lesson(), pack_lesson, page) {
                Ok(course) => here(course.into(), true),
                Err(to) => Goes::To(to.file().to_string()),
            }
        }
        Way::Reset => {
            // The page opens the work handed to it; Reset then starts a
            // new work of the lesson shown (`WorkAction::Reset`).
            let route = start_on(page, &[("work", "w")], "", &storage, None);
            match routed(&route) {
                Goes::Here { lesson, .. } => {
                    let ui = &route.state.ui;
                    assert!(ui.session.course.start_doc(Lang::En, two()).is_some() || ui.session.course == Course::Two, "a start to reset to");
                    here(lesson, false)
                }
                other => other,
            }
        }
    }
}

/// The lesson a work leaves the browser as (its link, its file): what the
/// Work menu's share and export name (`Ui::carried_lesson`).
fn carried(kind: Kind) -> WorkLesson {
    let mut ui = mixua_playground::store::state::Ui::new(kind.lesson().course().unwrap(), Default::default(), parts());
    ui.session.teachers_pack = kind.pack().map(Rc::new);
    ui.carried_lesson()
}

/// The table: (page, work, way) → where it goes.
fn expected(page: Page, kind: Kind, way: Way) -> Goes {
    use Kind::*;
    use Page::*;
    use Way::*;
    let students = || Goes::To("./".into());
    let lesson3 = || Goes::To("lesson3.html".into());
    let other_page = |lesson| Goes::Refused(persist::Problem::OtherPage { lesson });
    let l = kind.lesson();
    match (page, kind, way) {
        (_, L1 | L2 | L3, PackLink) | (_, Pack1 | Pack3, Switcher) => Goes::NoSuchWay,
        // The teacher's page shows every lesson: each opens as itself.
        (Teacher, _, Start | Tab | Handed | Switcher | Recent) => here(l, true),
        (Teacher, Pack1, File | ShareLink) => here(WorkLesson::One, false),
        (Teacher, Pack3, File | ShareLink) => here(WorkLesson::Three, false),
        (Teacher, _, File | ShareLink) => here(l, false),
        (Teacher, _, PackLink | Reset) => here(l, false),
        // The students' page: lessons 1 and 2, and packs of theirs.
        (Students, L1 | L2 | Pack1, Start | Tab | Handed | Switcher | Recent) => here(l, true),
        (Students, L1 | L2, File | ShareLink | Reset) => here(l, false),
        (Students, Pack1, File | ShareLink) => here(WorkLesson::One, false),
        (Students, Pack1, PackLink | Reset) => here(WorkLesson::Pack, false),
        // Lesson 3's work is never opened there: a new tab and a reload
        // open the students' own latest work (lesson 1's, here), and it
        // stays in its slot; handed over, linked or opened from Recent
        // work, it goes on to lesson 3's page; its file is refused with
        // where to open it.
        (Students, L3 | Pack3, Start | Tab) => here(WorkLesson::One, true),
        (Students, L3 | Pack3, Handed | Switcher | ShareLink | PackLink | Recent | Reset) => lesson3(),
        (Students, L3 | Pack3, File) => other_page(3),
        // Lesson 3's page: lesson 3, and packs of it.
        (LessonThree, L3 | Pack3, Start | Tab | Handed | Switcher | Recent) => here(l, true),
        (LessonThree, L3, File | ShareLink | Reset) => here(l, false),
        (LessonThree, Pack3, File | ShareLink) => here(WorkLesson::Three, false),
        (LessonThree, Pack3, PackLink | Reset) => here(WorkLesson::Pack, false),
        // Lessons 1 and 2 are the students' page's: a new tab and a reload
        // start on lesson 3 (nothing of it stored here: a new work).
        (LessonThree, L1 | L2 | Pack1, Start | Tab) => here(WorkLesson::Three, false),
        (LessonThree, L1 | L2 | Pack1, Handed | Switcher | ShareLink | PackLink | Recent | Reset) => students(),
        (LessonThree, L1 | Pack1, File) => other_page(1),
        (LessonThree, L2, File) => other_page(2),
    }
}

// It plays every page of the site (lesson3.html and teach.html too) in
// one program, which only a build with every page's features is.
#[test]
#[cfg(feature = "lesson3")]
fn every_page_routes_every_lessons_work_by_every_way_to_its_lesson() {
    let mut wrong = Vec::new();
    let mut rows = 0;
    for page in Page::ALL {
        for kind in Kind::ALL {
            for way in WAYS {
                let (got, want) = (arrive(page, kind, way), expected(page, kind, way));
                rows += 1;
                if got != want {
                    wrong.push(format!("{page:?} × {kind:?} × {way:?}: got {got:?}, want {want:?}"));
                }
            }
        }
    }
    assert_eq!(rows, 3 * 5 * 9);
    assert!(wrong.is_empty(), "{} of {rows} rows differ:\n{}", wrong.len(), wrong.join("\n"));
}

/// No way in ever opens a work as another lesson than its own: checked
/// over the whole table, whatever the expected column says.
// It plays every page of the site (lesson3.html and teach.html too) in
// one program, which only a build with every page's features is.
#[test]
#[cfg(feature = "lesson3")]
fn no_way_in_opens_a_work_as_another_lesson() {
    for page in Page::ALL {
        for kind in [Kind::L1, Kind::L2, Kind::L3] {
            for way in WAYS {
                if let Goes::Here { lesson, .. } = arrive(page, kind, way) {
                    if matches!(way, Way::Handed | Way::Switcher | Way::File | Way::ShareLink | Way::Recent | Way::Reset) {
                        assert_eq!(lesson, kind.lesson(), "{page:?} × {kind:?} × {way:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_works_lesson_is_read_exactly_as_written_or_refused_in_words() {
    use persist::Problem;
    let file = |course: &str| format!(r#"{{"cards":[],"playground":{{"course":{course},"lang":"en"}}}}"#);
    for (written, lesson) in [(r#""1""#, WorkLesson::One), (r#""2""#, WorkLesson::Two), (r#""3""#, WorkLesson::Three), (r#""pack""#, WorkLesson::Pack)] {
        assert_eq!(persist::from_json(&file(written)).map(|s| s.lesson()), Ok(lesson), "{written}");
    }
    assert_eq!(persist::from_json(r#"{"cards":[]}"#).map(|s| s.course), Ok(None), "no lesson written: lesson 1");
    for written in ["3", "1", r#""three""#, r#"" 3""#, r#""Lesson 3""#, "true", "[3]", r#"{"n":3}"#] {
        let got = persist::from_json(&file(written));
        assert!(matches!(got, Err(Problem::UnknownLesson { .. })), "{written}: {got:?}");
        let words = (got.as_ref().unwrap_err().text(Lang::En), got.as_ref().unwrap_err().text(Lang::ZhTw));
        assert!(!has(Lang::En) || words.0.contains("which lesson"), "{words:?}");
        assert!(!has(Lang::ZhTw) || words.1.contains("哪一課"), "{words:?}");
        // Imported or linked, it is refused the same way.
        assert!(matches!(persist::from_bytes(file(written).as_bytes()), Err(Problem::UnknownLesson { .. })), "{written}");
    }
    // A damaged `playground` can't say which lesson either.
    assert!(matches!(persist::from_json(r#"{"cards":[],"playground":"3"}"#), Err(Problem::UnknownLesson { .. })));
    // The other extras may be damaged: the lesson still reads.
    let damaged = r#"{"cards":[],"playground":{"course":"3","lesson_step":"two"}}"#;
    assert_eq!(persist::from_json(damaged).map(|s| s.lesson()), Ok(WorkLesson::Three));
}

#[cfg(feature = "lesson3")]
#[test]
fn a_lesson_three_file_exported_reads_back_as_lesson_three() {
    let mut doc = lesson_three("mine");
    let viewer = mixua_policy::ViewerId::new("alice", "writer-v1");
    doc.predictions.insert(viewer, Default::default());
    let file = persist::to_json(&Saved { doc: doc.clone(), course: persist::portable(Course::Three), ..Saved::default() });
    let back = persist::from_bytes(file.as_bytes()).unwrap();
    assert_eq!((back.lesson(), back.doc.workspace.query.as_str()), (WorkLesson::Three, "mine"));
    assert_eq!(persist::file_arrival(&back, Page::LessonThree), Ok(Course::Three));
    assert_eq!(persist::file_arrival(&back, Page::Teacher), Ok(Course::Three));
}

// ---------------------------------------------------------------------
// The property: no sequence of lesson switches, resets, edits, imports,
// links and Recent work, across the site's pages and tabs, changes
// another lesson's saved work. The browser's stores are modelled here: a
// map for local storage, and per tab the work it shows and its state; the
// start is the app's own `route`, and a save writes what the saver writes
// (`autosave::Saver::save`: the slot over the revision the tab is based
// on, else a copy).

mod model {
    use super::*;
    use mixua_playground::start::route::WorkRef;
    use mixua_playground::store::state::AppState;
    use mixua_playground::store::recent::{self, Save};

    pub struct Tab {
        pub page: Page,
        pub work: WorkRef,
        pub state: AppState,
        pub autosave: bool,
    }

    #[derive(Default)]
    pub struct Browser {
        pub map: BTreeMap<String, String>,
        pub tabs: Vec<Tab>,
        pub clock: u64,
    }

    impl Browser {
        fn tick(&mut self) -> u64 {
            self.clock += 1;
            self.clock
        }

        /// The saver's save of tab `t` (`Saver::save`).
        pub fn save(&mut self, t: usize) {
            if !self.tabs[t].autosave {
                return;
            }
            let now = self.tick() as f64;
            let tab = &self.tabs[t];
            let saved = Saved {
                doc: (*tab.state.doc).clone(),
                lang: Some(tab.state.ui.session.lang),
                lesson_step: Some(tab.state.ui.lesson_step),
                progress: Some(tab.state.ui.progress.clone()),
                course: Some(tab.state.ui.work_lesson()),
            };
            let mut work = tab.work.clone();
            let stored = browser::slot_in(&self.map, &work.id).map(|s| s.rev);
            let rev = match recent::decide(stored, work.base) {
                Save::Over { next } => next,
                Save::Fork { .. } => {
                    let id = format!("fork{}", self.clock);
                    work = WorkRef { id, name: format!("{} (other tab)", work.name), base: 0, forked_from: Some(work.id.clone()) };
                    1
                }
            };
            let slot = Slot { rev, saved_at: now, work: persist::to_stored(&saved), name: Some(work.name.clone()), forked_from: work.forked_from.clone() };
            self.map.insert(browser::slot_key(&work.id), serde_json::to_string(&slot).unwrap());
            let mut index = browser::index_in(&self.map);
            index.touch(Entry { id: work.id.clone(), name: work.name.clone(), saved_at: now, cards: saved.doc.workspace.cards.len(), rev, forked_from: work.forked_from.clone() });
            self.map.insert(browser::INDEX_KEY.into(), serde_json::to_string(&index).unwrap());
            work.base = rev;
            self.tabs[t].work = work;
        }

        /// A page load in tab `t` (a new tab when `t` is past the last),
        /// following the pages it goes on to, as the browser does.
        pub fn load(&mut self, t: usize, page: Page, params: &[(&str, &str)], fragment: &str) {
            let tab_work = self.tabs.get(t).map(|tab| tab.work.id.clone()).filter(|id| browser::slot_in(&self.map, id).is_some());
            if t < self.tabs.len() {
                self.save(t);
            }
            let (mut page, mut params, mut fragment): (Page, Vec<(String, String)>, String) =
                (page, params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), fragment.to_string());
            for _hop in 0..3 {
                let mut with_lesson = params.clone();
                if page == Page::LessonThree && !with_lesson.iter().any(|(k, _)| k == "lesson") {
                    with_lesson.push(("lesson".into(), "3".into()));
                }
                let address = Address { params: with_lesson, fragment: fragment.clone(), page };
                let now = self.tick();
                let session = Session { browser_lang: "en".into(), tab_work: tab_work.clone(), new_id: format!("n{now}"), stamp: "12-01 14:05".into(), parts: parts() };
                let route = route(&address, &self.map as &dyn Stored, &session);
                if let Some(to) = &route.go {
                    let (path, rest) = to.split_once('?').unwrap_or((to, ""));
                    let (query, hash) = rest.split_once('#').unwrap_or((rest, ""));
                    page = if path == "lesson3.html" { Page::LessonThree } else { Page::Students };
                    params = query.split('&').filter(|p| !p.is_empty()).map(|p| {
                        let (k, v) = p.split_once('=').unwrap_or((p, ""));
                        (k.to_string(), v.to_string())
                    }).collect();
                    fragment = hash.to_string();
                    continue;
                }
                // What the start asks to be written (`keep::carry_out`).
                if let Some(own) = &route.set_aside {
                    self.map.insert(browser::PREVIOUS_KEY.into(), persist::to_json(own));
                }
                if let Some(pack) = &route.started {
                    self.map.insert(pack_link::STARTED_KEY.into(), serde_json::Value::String(pack.to_json()).to_string());
                }
                let tab = Tab { page, work: route.work, state: route.state, autosave: route.autosave };
                if t < self.tabs.len() {
                    self.tabs[t] = tab;
                } else {
                    self.tabs.push(tab);
                }
                let t = t.min(self.tabs.len() - 1);
                if route.unsaved {
                    self.save(t);
                }
                return;
            }
            panic!("a page load that goes from page to page");
        }

        /// An edit in tab `t`: the query written, then saved.
        pub fn edit(&mut self, t: usize, text: &str) {
            let tab = &mut self.tabs[t];
            tab.state.apply(mixua_playground::store::state::Edit::SetQuery(text.to_string()));
            self.save(t);
        }

        /// Work → Reset in tab `t` (`WorkAction::Reset`, `Saver::import`):
        /// this work saved, set aside in its lesson, and the lesson's start
        /// loaded as a new work.
        pub fn reset(&mut self, t: usize) {
            self.save(t);
            let Some(doc) = self.tabs[t].state.ui.session.course.start_doc(Lang::En, two()) else { return };
            let own = Saved { doc: (*self.tabs[t].state.doc).clone(), course: Some(self.tabs[t].state.ui.work_lesson()), ..Saved::default() };
            self.map.insert(browser::PREVIOUS_KEY.into(), persist::to_json(&own));
            let now = self.tick();
            self.tabs[t].work = WorkRef { id: format!("r{now}"), name: "reset".into(), base: 0, forked_from: None };
            self.tabs[t].state.apply(mixua_playground::store::state::Edit::Load { doc, source: "the seed".into() });
            self.save(t);
        }

        /// Undo in tab `t`, then saved.
        pub fn undo(&mut self, t: usize) {
            if self.tabs[t].state.apply(mixua_playground::store::state::Action::Undo) {
                self.save(t);
            }
        }

        /// Each saved work's lesson and text, by id.
        pub fn works(&self) -> BTreeMap<String, (WorkLesson, String)> {
            browser::index_in(&self.map)
                .works
                .into_iter()
                .filter_map(|e| {
                    let slot = browser::slot_in(&self.map, &e.id)?;
                    let saved = persist::from_stored(&slot.work).ok()?;
                    Some((e.id, (saved.lesson(), slot.work.text().to_string())))
                })
                .collect()
        }
    }
}

use proptest::prelude::*;

mod common;
use common::*;


/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

#[derive(Clone, Debug)]
enum Step {
    /// A tab (0..3, a new one past the last) loads a page.
    Open { tab: usize, page: Page },
    /// The switcher's lesson in a tab.
    Switch { tab: usize, lesson: usize },
    Edit { tab: usize },
    Reset { tab: usize },
    Undo { tab: usize },
    /// A tab opens a saved work from Recent work (the n-th listed).
    Recent { tab: usize, nth: usize },
    /// A tab's work shared as a link and opened on a page.
    Share { from: usize, tab: usize, page: Page },
}

fn step() -> impl Strategy<Value = Step> {
    let page = prop_oneof![Just(Page::Students), Just(Page::LessonThree), Just(Page::Teacher)];
    prop_oneof![
        (0..3usize, page.clone()).prop_map(|(tab, page)| Step::Open { tab, page }),
        (0..3usize, 1..=3usize).prop_map(|(tab, lesson)| Step::Switch { tab, lesson }),
        (0..3usize).prop_map(|tab| Step::Edit { tab }),
        (0..3usize).prop_map(|tab| Step::Reset { tab }),
        (0..3usize).prop_map(|tab| Step::Undo { tab }),
        (0..3usize, 0..4usize).prop_map(|(tab, nth)| Step::Recent { tab, nth }),
        (0..3usize, 0..3usize, page).prop_map(|(from, tab, page)| Step::Share { from, tab, page }),
    ]
}

/// Runs `steps` and checks, after each, that every saved work of a lesson
/// other than the one the acting tab shows is as it was, and that no
/// saved work ever changed its lesson.
fn run(steps: &[Step]) -> Result<(), TestCaseError> {
    let mut browser = model::Browser::default();
    browser.load(0, Page::Students, &[], "");
    let mut edits = 0;
    for (n, step) in steps.iter().enumerate() {
        let before = browser.works();
        let tabs = browser.tabs.len();
        let t_of = |tab: usize| tab.min(tabs);
        // The lesson the acting tab works in, after the step (a page load
        // may change it): only its works may change.
        let acting = match step.clone() {
            Step::Open { tab, page } => {
                browser.load(t_of(tab), page, &[], "");
                t_of(tab)
            }
            Step::Switch { tab, lesson } => {
                let t = tab.min(tabs - 1);
                let page = browser.tabs[t].page;
                let n = lesson.to_string();
                browser.load(t, page, &[("lesson", &n)], "");
                t
            }
            Step::Edit { tab } => {
                edits += 1;
                let t = tab.min(tabs - 1);
                browser.edit(t, &format!("edit {edits}"));
                t
            }
            Step::Reset { tab } => {
                let t = tab.min(tabs - 1);
                browser.reset(t);
                t
            }
            Step::Undo { tab } => {
                let t = tab.min(tabs - 1);
                browser.undo(t);
                t
            }
            Step::Recent { tab, nth } => {
                let t = tab.min(tabs - 1);
                let ids: Vec<String> = browser::index_in(&browser.map).works.into_iter().map(|e| e.id).collect();
                let Some(id) = ids.get(nth % ids.len().max(1)).cloned() else { continue };
                let page = browser.tabs[t].page;
                browser.load(t, page, &[("work", &id)], "");
                t
            }
            Step::Share { from, tab, page } => {
                let from = from.min(tabs - 1);
                let link = persist::encode_link(&browser.tabs[from].state.doc, browser.tabs[from].state.ui.carried_lesson());
                browser.load(t_of(tab), page, &[], &link);
                t_of(tab).min(browser.tabs.len() - 1)
            }
        };
        let lesson = browser.tabs[acting].state.ui.work_lesson();
        let after = browser.works();
        for (id, (was_lesson, was_text)) in &before {
            match after.get(id) {
                Some((now_lesson, now_text)) => {
                    prop_assert_eq!(now_lesson, was_lesson, "step {} {:?}: work {} changed its lesson", n, step, id);
                    if *was_lesson != lesson {
                        prop_assert_eq!(now_text, was_text, "step {} {:?}: {:?}'s work {} changed by a tab in {:?}", n, step, was_lesson, id, lesson);
                    }
                }
                None => prop_assert!(false, "step {} {:?}: work {} is gone", n, step, id),
            }
        }
    }
    Ok(())
}

#[cfg(feature = "lesson3")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    // Every page of the site played in one program: a build with every
    // page's features.
    #[test]
    fn no_switch_reset_or_edit_on_any_page_changes_another_lessons_work(steps in proptest::collection::vec(step(), 1..24)) {
        run(&steps)?;
    }
}

/// The reproductions of issue 48, as steps of the model.
// It plays every page of the site (lesson3.html and teach.html too) in
// one program, which only a build with every page's features is.
#[test]
#[cfg(feature = "lesson3")]
fn the_issue_reproductions_leave_each_lessons_work_its_own() {
    use Step::*;
    // 1. Lesson 3 → Lesson 1 → Reset → Lesson 3.
    run(&[
        Open { tab: 0, page: Page::Students },
        Edit { tab: 0 },
        Open { tab: 0, page: Page::LessonThree },
        Edit { tab: 0 },
        Switch { tab: 0, lesson: 1 },
        Reset { tab: 0 },
        Switch { tab: 0, lesson: 3 },
    ])
    .unwrap();
    let mut browser = model::Browser::default();
    browser.load(0, Page::Students, &[], "");
    browser.edit(0, "zed");
    browser.load(0, Page::LessonThree, &[], "");
    browser.edit(0, "budget 272");
    let l3 = browser.tabs[0].work.id.clone();
    browser.load(0, Page::LessonThree, &[("lesson", "1")], "");
    assert_eq!((browser.tabs[0].page, browser.tabs[0].state.doc.workspace.query.as_str()), (Page::Students, "zed"));
    browser.reset(0);
    browser.load(0, Page::Students, &[("lesson", "3")], "");
    assert_eq!((browser.tabs[0].page, browser.tabs[0].work.id.as_str()), (Page::LessonThree, l3.as_str()));
    assert_eq!(browser.tabs[0].state.doc.workspace.query, "budget 272");
    // 2. Lesson 3 in one tab, the students' page in a new tab, one edit there.
    let mut browser = model::Browser::default();
    browser.load(0, Page::LessonThree, &[], "");
    browser.edit(0, "budget 272");
    let l3 = browser.tabs[0].work.id.clone();
    browser.load(1, Page::Students, &[], "");
    assert_eq!(browser.tabs[1].state.ui.session.course, Course::One);
    assert_ne!(browser.tabs[1].work.id, l3);
    browser.edit(1, "approve Y");
    assert_eq!(browser.works()[&l3].0, WorkLesson::Three);
    browser.load(0, Page::LessonThree, &[], "");
    assert_eq!(browser.tabs[0].state.doc.workspace.query, "budget 272");
}

/// A page that sends a start on keeps the address's flags (an embed stays
/// an embed), names the language, and carries the link or the work.
#[cfg(feature = "lesson3")]
#[test]
fn a_start_sent_to_another_page_keeps_its_flags() {
    let link = persist::encode_link(&lesson_three("linked"), Course::Three);
    let route = start_on(Page::Students, &[("embed", ""), ("panel", "chart"), ("hide", "people, compare")], &link, &Storage::default(), None);
    assert_eq!(route.go, Some(format!("lesson3.html?embed&panel=chart&hide=people%2C%20compare&lang=en#{link}").replace("%2C", ",")));
    assert!(!route.autosave);
    let storage = Kind::L3.stored();
    let route = start_on(Page::Students, &[("work", "w"), ("classroom", ""), ("lang", "zh-TW")], "", &storage, None);
    assert_eq!(route.go.as_deref(), Some("lesson3.html?classroom&work=w&lang=zh-TW"));
    let route = start_on(Page::LessonThree, &[("lesson", "1"), ("lang", "en")], "", &Kind::L1.stored(), None);
    assert_eq!(route.go.as_deref(), Some("./?lesson=1&lang=en"));
}

/// A reload of a tab whose work is another page's lesson (a lesson-3 work,
/// reloaded on the students' page after the address was changed by hand):
/// the page opens its own latest work and says where the tab's work is;
/// the work itself stays in its slot, untouched. A new tab says nothing:
/// it never showed that work.
#[test]
fn a_reload_of_another_pages_work_says_where_it_is_and_leaves_it() {
    let storage = Kind::L3.stored();
    let before = storage.map.clone();
    let route = start_on(Page::Students, &[], "", &storage, Some("w"));
    assert_eq!(routed(&route), here(WorkLesson::One, true));
    match &route.state.ui.screen.notice {
        Some(Notice::TabWorkElsewhere { lesson: 3, name }) => assert!(!name.is_empty()),
        other => panic!("the reload should say where the tab's work is, got {other:?}"),
    }
    assert!(route.set_aside.is_none() && route.started.is_none(), "nothing is written over it");
    assert_eq!(storage.map, before);
    let new_tab = start_on(Page::Students, &[], "", &storage, None);
    assert!(!matches!(new_tab.state.ui.screen.notice, Some(Notice::TabWorkElsewhere { .. })));
    // A switch of lesson (`?lesson=1`) is a move the learner made, not a
    // reload: it opens lesson 1's own latest work, as the table says.
    let switched = start_on(Page::Students, &[("lesson", "1")], "", &storage, Some("w"));
    assert_eq!(routed(&switched), here(WorkLesson::One, true));
    assert!(!matches!(switched.state.ui.screen.notice, Some(Notice::TabWorkElsewhere { .. })), "{:?}", switched.state.ui.screen.notice);
}

/// "Opened lesson N" is said when a work of another lesson stays behind in
/// Recent work (the switcher's link from another lesson's work, or lesson
/// 3's page opened over a work of lessons 1–2), never on a start that keeps
/// nothing behind (issue 50: lesson 3's page named its lesson on every
/// first visit, in a notice over its first screen).
// Plays every page of the site (lesson3.html too) in one program, which
// only a build with every page's features is.
#[cfg(feature = "lesson3")]
fn expected_opened(page: Page, kind: Kind, way: Way) -> Option<Notice> {
    use Kind::*;
    use Page::*;
    use Way::*;
    let opened = |course| Some(Notice::OpenedLesson { course });
    match (page, kind, way) {
        // The switcher, from a work of another lesson, to this work's lesson.
        (Teacher | Students, L1, Switcher) => opened(Course::One),
        (Teacher | Students, L2, Switcher) => opened(Course::Two),
        (Teacher | LessonThree, L3, Switcher) => opened(Course::Three),
        // Lesson 3's page over a work of lessons 1–2 (a new tab, a reload):
        // that work stays in its slot, lesson 3 opens as a work of its own.
        (LessonThree, L1 | L2 | Pack1, Start | Tab) => opened(Course::Three),
        _ => None,
    }
}

#[test]
#[cfg(feature = "lesson3")]
fn opened_lesson_is_said_only_when_another_lessons_work_stays_behind() {
    let mut wrong = Vec::new();
    for page in Page::ALL {
        for kind in Kind::ALL {
            for way in [Way::Start, Way::Tab, Way::Handed, Way::Switcher] {
                if way == Way::Switcher && kind.lesson() == WorkLesson::Pack {
                    continue;
                }
                let storage = kind.stored();
                let n = kind.lesson().number().to_string();
                let route = match way {
                    Way::Start => start_on(page, &[], "", &storage, None),
                    Way::Tab => start_on(page, &[], "", &storage, Some("w")),
                    Way::Handed => start_on(page, &[("work", "w")], "", &storage, Some("other")),
                    _ => start_on(page, &[("lesson", &n)], "", &storage, Some("other")),
                };
                if route.go.is_some() {
                    continue;
                }
                let said = route.state.ui.screen.notice.clone().filter(|n| matches!(n, Notice::OpenedLesson { .. }));
                if said != expected_opened(page, kind, way) {
                    wrong.push(format!("{page:?} × {kind:?} × {way:?}: said {said:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // A first visit keeps nothing behind: no notice, on every page and
    // lesson (lesson 3's page always names its lesson in its address).
    for page in Page::ALL {
        for lesson in ["1", "2", "3"] {
            let route = start_on(page, &[("lesson", lesson)], "", &Storage::default(), None);
            if route.go.is_none() {
                assert_eq!(route.state.ui.screen.notice, None, "{page:?}, ?lesson={lesson}, a first visit");
            }
        }
    }
    // `?fresh` says it is a fresh start, not which lesson opened.
    let route = start_on(Page::LessonThree, &[("fresh", "")], "", &Kind::L1.stored(), Some("w"));
    assert_eq!(route.state.ui.screen.notice, Some(Notice::FreshStart));
}

/// Lesson 2's start is in a part: the route reads it from the session's
/// parts (`Session::parts`, what the start has in), never from whether a
/// part happens to have arrived. Without them, lesson 2's first visit is
/// an empty work that is never saved, and the notice says why; with them,
/// its start, saved as a new work.
#[test]
fn lesson_twos_start_comes_from_the_sessions_parts() {
    let empty = BTreeMap::<String, String>::new();
    let address = Address::new(&[("lesson", "2")], "");
    let without = Session { parts: Default::default(), ..session(None) };
    let got = route(&address, &empty, &without);
    assert_eq!(got.state.ui.session.course, Course::Two);
    assert_eq!(got.state.ui.screen.notice, Some(Notice::PartMissing));
    assert!(!got.autosave, "an empty stand-in is never saved");
    assert!(got.state.workspace().cards.is_empty());
    assert!(got.state.ui.pack().exercises.is_empty());
    let with = route(&address, &empty, &session(None));
    assert_eq!(with.state.ui.screen.notice, None);
    assert!(with.autosave);
    assert_eq!(*with.state.doc.workspace, mixua_course::lesson_two_workspace(with.state.ui.session.lang));
    assert_eq!(with.state.ui.pack().exercises.len(), Course::Two.exercise_count(two()));
    assert!(with.state.ui.pack().exercises.len() > 1);
}
