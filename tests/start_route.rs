//! Where a page load goes, natively: each start the teaching guide
//! promises (docs/teaching.md: URL flags, links, Recent work), from the
//! address, what is stored and the tab's session to the work that opens
//! and the work set aside.

use std::collections::BTreeMap;
use std::rc::Rc;

use mixua_playground::course::Course;
use mixua_playground::pack_link;
use mixua_playground::persist::{self, Saved};
use mixua_playground::start_route::{route, Address, Route, Session};
use mixua_playground::state::{Doc, Notice, Panel, Unreadable};
use mixua_playground::store::{self, Stored};
use mixua_playground::works::{Entry, Index, Slot};
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
    fn with(mut self, id: &str, doc: Doc, course: Course) -> Storage {
        let saved_at = self.index.works.len() as f64 + 1.0;
        let saved = Saved { doc: doc.clone(), lang: Some(Lang::En), course: Some(course), ..Saved::default() };
        let slot = Slot { rev: 3, saved_at, work: persist::to_stored(&saved), name: Some(format!("name of {id}")), forked_from: None };
        self.map.insert(store::slot_key(id), serde_json::to_string(&slot).unwrap());
        let cards = doc.workspace.cards.len();
        self.index.touch(Entry { id: id.into(), name: format!("name of {id}"), saved_at, cards, rev: 3, forked_from: None });
        self.map.insert(store::INDEX_KEY.into(), serde_json::to_string(&self.index).unwrap());
        self
    }

    fn set_aside(mut self, doc: Doc) -> Storage {
        let text = persist::to_json(&Saved { doc, ..Saved::default() });
        self.map.insert(store::PREVIOUS_KEY.into(), text);
        self
    }
}

fn session(tab: Option<&str>) -> Session {
    Session { browser_lang: "en-GB".into(), tab_work: tab.map(str::to_string), new_id: "new".into(), stamp: "12-01 14:05".into() }
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
        course: route.state.ui.course,
        unsaved: route.unsaved,
        autosave: route.autosave,
        undo_to: route.state.past.last().map(|d| d.workspace.query.clone()),
        set_aside: route.set_aside.as_ref().map(|s| s.doc.workspace.query.clone()),
        notice: route.state.ui.notice.clone(),
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
    assert_eq!((route.state.ui.course, route.authored), (Course::Pack, Some(pack())));
    assert_eq!(route.state.ui.pack(), &pack());
}

#[test]
fn lesson_two_opens_its_own_work_and_lesson_one_comes_back() {
    // No lesson-2 work yet: a new one, named after the lesson; lesson 1's
    // work stays in its slot.
    let storage = two_works();
    let route = start(&[("lesson", "2")], "", &storage, Some("w1"));
    assert_eq!(route.work.name, "Lesson 2 · Work · 12-01 14:05");
    assert_eq!(outcome(&route), Outcome {
        work: "new".into(), shows: mixua_course::lesson_two_workspace(Lang::En).query, course: Course::Two,
        unsaved: true, autosave: true, undo_to: None, set_aside: None,
        notice: Some(Notice::OpenedLesson { course: Course::Two, kept: true }),
    });
    // With lesson-2 work saved (and the tab now on it), `?lesson=1` goes
    // back to the latest lesson-1 work, and `?lesson=2` to lesson 2's.
    let storage = two_works().with("l2", lesson_two("second"), Course::Two);
    check(&[("lesson", "1")], "", &storage, Some("l2"), Outcome {
        work: "w2".into(), shows: "latest".into(), course: Course::One, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: Some(Notice::OpenedLesson { course: Course::One, kept: true }),
    });
    check(&[("lesson", "2")], "", &storage, Some("w1"), Outcome {
        work: "l2".into(), shows: "second".into(), course: Course::Two, unsaved: false, autosave: true,
        undo_to: None, set_aside: None, notice: Some(Notice::OpenedLesson { course: Course::Two, kept: true }),
    });
    // Already in that lesson: nothing to say.
    let got = outcome(&start(&[("lesson", "2")], "", &storage, Some("l2")));
    assert_eq!((got.work.as_str(), got.notice), ("l2", None));
}

#[test]
fn fresh_starts_on_the_seed_and_saves_nothing() {
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
    let storage = two_works();
    let route = start(&[("embed", ""), ("panel", "chart")], "", &storage, Some("w1"));
    assert!(route.state.ui.embed);
    assert!(route.state.ui.hidden.contains(Panel::Editor), "{:?}", route.state.ui.hidden);
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
    // Unavailable storage reads as nothing stored (`store::Browser`); the
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
    assert_eq!((ui.lang, ui.lesson_step, ui.classroom), (Lang::ZhTw, 2, true));
    assert_eq!(ui.hidden.iter().collect::<Vec<_>>(), [Panel::People, Panel::Compare]);
    // The saved language wins over the browser's, `?lang=` over both.
    let route = start(&[], "", &storage, Some("w1"));
    assert_eq!(route.state.ui.lang, Lang::En);
    let fresh = route_in_browser_lang("zh-TW");
    assert_eq!(fresh.state.ui.lang, Lang::ZhTw);
}

fn route_in_browser_lang(tag: &str) -> Route {
    let session = Session { browser_lang: tag.into(), ..session(None) };
    route(&Address::default(), &BTreeMap::new() as &dyn Stored, &session)
}

/// The notice for something unreadable: what, the file offered, the text.
fn unreadable(route: &Route) -> Option<(Unreadable, String, String)> {
    match route.state.ui.notice.clone()? {
        Notice::Unreadable { what, file, text } => Some((what, file, text.to_string())),
        _ => None,
    }
}

#[test]
fn a_damaged_index_is_rebuilt_from_the_slots_and_kept_as_it_was() {
    let mut storage = two_works();
    storage.map.insert(store::INDEX_KEY.into(), r#"{"rev":"#.into());
    // The latest slot opens, as with the index it had.
    let route = start(&[], "", &storage, None);
    assert_eq!((route.work.id.as_str(), route.work.name.as_str()), ("w2", "name of w2"));
    assert_eq!(route.state.doc.workspace.query, "latest");
    assert_eq!(
        unreadable(&route),
        Some((Unreadable::Index { works: 2 }, "mixua-works-index.json".into(), r#"{"rev":"#.into()))
    );
    // Every slot is listed, with its own name: nothing is unreachable.
    let names: Vec<String> = store::index_in(&storage.map).works.into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["name of w2", "name of w1"]);
    // A readable index that is not an index is damaged too.
    storage.map.insert(store::INDEX_KEY.into(), r#"{"works": 5}"#.into());
    assert!(matches!(unreadable(&start(&[], "", &storage, Some("w1"))), Some((Unreadable::Index { works: 2 }, ..))));
}

#[test]
fn a_second_damaged_index_is_said_not_kept_when_an_earlier_one_is_kept_aside() {
    assert!(store::INDEX_ASIDE_KEY.starts_with(store::UNREADABLE_PREFIX));
    let mut storage = two_works();
    storage.map.insert(store::INDEX_KEY.into(), r#"{"rev":"#.into());
    // Nothing aside yet: this damaged list is the one kept.
    assert_eq!(store::index_aside(&storage.map, r#"{"rev":"#), store::Aside::Kept);
    // An earlier damaged list is kept aside (storage keeps one, never
    // written over): this one is not kept, and the notice says so, while
    // it still offers this one, as it was, for download.
    storage.map.insert(store::INDEX_ASIDE_KEY.into(), "[earlier".into());
    assert_eq!(store::index_aside(&storage.map, r#"{"rev":"#), store::Aside::Dropped);
    let route = start(&[], "", &storage, None);
    assert_eq!(
        unreadable(&route),
        Some((Unreadable::IndexNotKept { works: 2 }, "mixua-works-index.json".into(), r#"{"rev":"#.into()))
    );
    // The same text as the one aside is the copy kept.
    storage.map.insert(store::INDEX_ASIDE_KEY.into(), r#"{"rev":"#.into());
    assert!(matches!(unreadable(&start(&[], "", &storage, None)), Some((Unreadable::Index { works: 2 }, ..))));
}

#[test]
fn a_damaged_slot_is_said_offered_as_it_was_and_never_opened_as_the_tabs_work() {
    for damaged in [r#"{"rev":1,"saved_at":"#, r#"{"rev":1,"saved_at":2,"work":{"cards":5}}"#] {
        let mut storage = two_works();
        storage.map.insert(store::slot_key("w1"), damaged.into());
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
    storage.map.insert(store::INDEX_KEY.into(), "]".into());
    storage.map.insert(store::slot_key("w3"), "not json".into());
    let ids: Vec<String> = store::index_in(&storage.map).works.into_iter().map(|e| e.id).collect();
    assert_eq!(ids, ["w2", "w1", "w3"]);
    assert!(matches!(unreadable(&start(&[], "", &storage, None)), Some((Unreadable::Index { works: 3 }, ..))));
}

/// A link made on the teacher's page opens on the students' page; other
/// pages keep their own path (a file merely ending in the same letters too).
#[test]
fn a_link_made_on_the_teachers_page_opens_on_the_students_page() {
    use mixua_playground::start_route::students_page;
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
    use mixua_playground::start_route::route_plain;
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
