//! Files and share links, natively: what goes out comes back identical, and
//! anything damaged is refused with a reason instead of half-loading.

use mixua_playground::store::persist::{decode_link, encode_link, from_json, to_json, Problem, Saved, MAX_FILE_BYTES};
use mixua_playground::store::lesson::Course;
use mixua_playground::store::progress::Progress;
use mixua_playground::store::state::Doc;
use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use mixua_course::seed_workspace;

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

fn doc_with_prediction() -> Doc {
    let mut doc = Doc::seed();
    doc.predictions.entry(ViewerId::new("bob", "writer-v1")).or_default().insert("A".into());
    doc
}

#[test]
fn file_round_trip_keeps_work_predictions_language_and_step() {
    let mut progress = Progress::default();
    progress.done.extend([0, 3]);
    progress.answers.insert(1, 1);
    let saved = Saved { doc: doc_with_prediction(), lang: Some(Lang::En), lesson_step: Some(3), progress: Some(progress), course: None };
    assert_eq!(from_json(&to_json(&saved)).unwrap(), saved);
}

#[test]
fn exported_file_is_a_cli_workspace() {
    let text = to_json(&Saved { doc: doc_with_prediction(), ..Saved::default() });
    assert_eq!(Workspace::from_json(&text).unwrap(), seed_workspace());
}

#[test]
fn cli_seed_workspace_imports() {
    let saved = from_json(&seed_workspace().to_json_pretty()).unwrap();
    assert_eq!(saved.doc, Doc::seed());
}

#[test]
fn unknown_fields_are_ignored() {
    let text = r#"{"users":["a"],"agents":["w"],"extra":1,"cards":[{"id":"Q","scope":"USER","owner_user":"a","owner_agent":"w","stream":"protected","colour":"red"}]}"#;
    let saved = from_json(text).unwrap();
    assert_eq!(saved.doc.workspace.cards[0].id, "Q");
}

#[test]
fn not_json_and_wrong_shape_are_told_apart() {
    assert!(matches!(from_json("{\"cards\": [1,"), Err(Problem::NotJson { .. })));
    assert!(matches!(from_json("hello"), Err(Problem::NotJson { .. })));
    assert!(matches!(from_json("[1, 2]"), Err(Problem::WrongShape { .. })));
    assert!(matches!(from_json(r#"{"cards": 5}"#), Err(Problem::WrongShape { .. })));
    assert!(matches!(from_json(r#"{"users": [1]}"#), Err(Problem::WrongShape { .. })));
}

#[test]
fn problems_name_the_position_in_both_languages() {
    let problem = from_json("{\n  \"cards\": [1,").unwrap_err();
    if has(Lang::En) {
        assert!(problem.text(Lang::En).contains("line 2"), "{}", problem.text(Lang::En));
    }
    if has(Lang::ZhTw) {
        assert!(problem.text(Lang::ZhTw).contains("第 2 行"), "{}", problem.text(Lang::ZhTw));
    }
}

#[test]
fn wrong_field_types_load_as_rejected_cards() {
    let text = r#"{"cards":[{"id":"Q","scope":"PAIR","owner_user":"a","owner_agent":"w","stream":"protected","share_approved":"yes"}]}"#;
    let saved = from_json(text).unwrap();
    assert!(mixua_policy::check(&saved.doc.workspace.cards[0]).is_err());
}

#[test]
fn oversized_files_are_refused_before_parsing() {
    let big = format!("{{\"query\": \"{}\"}}", "x".repeat(MAX_FILE_BYTES));
    assert!(matches!(from_json(&big), Err(Problem::TooLarge { .. })));
}

#[test]
fn a_refused_size_is_said_in_megabytes_with_one_decimal() {
    for (bytes, said) in [(10_500_000, "10.5 MB"), (5_242_881, "5.2 MB"), (5_250_000, "5.3 MB"), (999_999, "1.0 MB")] {
        let en = Problem::TooLarge { bytes }.text(Lang::En);
        if has(Lang::En) {
            assert!(en.starts_with(&format!("the file is {said}, over the 5 MB limit")), "{bytes}: {en}");
        }
        if has(Lang::ZhTw) {
            assert!(Problem::TooLarge { bytes }.text(Lang::ZhTw).contains(&format!("檔案有 {said}")));
        }
    }
}

#[test]
fn share_link_round_trip() {
    let doc = doc_with_prediction();
    let link = encode_link(&doc, Course::One);
    assert!(link.starts_with("v1."), "{link}");
    assert_eq!(decode_link(&link).unwrap().doc, doc);
    assert_eq!(decode_link(&format!("#{link}")).unwrap().doc, doc);
    assert_eq!(decode_link(&link).unwrap().course, None);
}

/// A link names its lesson: lesson 2's work opens as lesson 2. A pack's
/// exercise is shared as lesson 1's work (whoever opens it may not have the
/// pack), and a link carries no progress or language.
#[test]
fn share_links_name_their_lesson() {
    let two = Doc { workspace: std::rc::Rc::new(mixua_course::lesson_two_workspace(Lang::En)), ..Doc::default() };
    let opened = decode_link(&encode_link(&two, Course::Two)).unwrap();
    assert_eq!((opened.doc, opened.course), (two.clone(), Some(Course::Two.into())));
    assert_eq!(decode_link(&encode_link(&two, Course::Pack)).unwrap().course, None);
    let saved = decode_link(&encode_link(&Doc::seed(), Course::Two)).unwrap();
    assert_eq!((saved.lang, saved.lesson_step, saved.progress), (None, None, None));
}

#[test]
fn damaged_links_are_refused() {
    let link = encode_link(&Doc::seed(), Course::One);
    let truncated = &link[..link.len() - 7];
    assert_eq!(decode_link(truncated), Err(Problem::DamagedLink));
    let mut tampered: Vec<char> = link.chars().collect();
    let middle = tampered.len() / 2;
    tampered[middle] = if tampered[middle] == 'A' { 'B' } else { 'A' };
    assert_eq!(decode_link(&tampered.into_iter().collect::<String>()), Err(Problem::DamagedLink));
    assert_eq!(decode_link("v1.%%%"), Err(Problem::DamagedLink));
    assert_eq!(decode_link("v1."), Err(Problem::DamagedLink));
}

#[test]
fn links_from_a_newer_version_say_so() {
    assert_eq!(decode_link("v9.abc"), Err(Problem::NewerLink { version: 9 }));
    assert_eq!(decode_link("hello"), Err(Problem::NotALink));
}

/// A zlib bomb: a short link that unpacks to far more than a file may
/// hold. It is refused as too large (not as cut off), before it is read.
#[test]
fn a_link_that_unpacks_past_the_file_limit_is_too_large_not_damaged() {
    use mixua_playground::store::link::{pack_text, unpack_text, Unpacked};
    for size in [MAX_FILE_BYTES + 1, 4 * MAX_FILE_BYTES] {
        let json = format!("{{\"query\":\"{}\"}}", " ".repeat(size));
        let link = format!("v1.{}", pack_text(&json));
        assert!(link.len() < size / 100, "a bomb is short: {} characters", link.len());
        assert_eq!(decode_link(&link), Err(Problem::LinkTooLarge));
        if has(Lang::En) {
            assert!(Problem::LinkTooLarge.text(Lang::En).contains("too large"));
        }
        if has(Lang::ZhTw) {
            assert!(Problem::LinkTooLarge.text(Lang::ZhTw).contains("太大"));
        }
    }
    // Within the limit it unpacks whole; the one codec reads what it wrote.
    assert_eq!(unpack_text(&pack_text("héllo"), 6), Ok("héllo".to_string()));
    assert_eq!(unpack_text(&pack_text("héllo"), 5), Err(Unpacked::TooLarge { limit: 5 }));
    assert_eq!(unpack_text("%%", 10), Err(Unpacked::Damaged));
}

/// A file a Windows editor saved (UTF-8 with a byte-order mark) imports as
/// the same file without it; a file in another encoding is refused with
/// words that name the encoding, in both languages.
#[test]
fn a_utf8_bom_is_read_and_other_encodings_are_named() {
    use mixua_playground::store::persist::from_bytes;
    let text = to_json(&Saved { doc: doc_with_prediction(), ..Saved::default() });
    let with_bom = [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat();
    assert_eq!(from_bytes(&with_bom), from_json(&text));
    assert_eq!(from_json(&format!("\u{FEFF}{text}")), from_json(&text));
    assert!(from_bytes(&with_bom).is_ok());
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let problem = from_bytes(&utf16).unwrap_err();
    assert!(matches!(problem, Problem::Text(_)), "{problem:?}");
    assert!(problem.text(Lang::En).contains("UTF-16 LE"), "{}", problem.text(Lang::En));
    assert!(problem.text(Lang::ZhTw).contains("UTF-16 LE"), "{}", problem.text(Lang::ZhTw));
}

/// A card that writes `scope` twice is rejected by the crate
/// (`DuplicatedField`), and stays so through every way the app keeps or
/// hands on the work: the export and import of a file, a share link, the
/// autosave's slot read back by a reload, and the work a link sets aside.
/// A `serde_json::Value` on the way keeps only the last `scope`, and the
/// card would come back accepted, shared with everyone.
#[test]
fn a_field_written_twice_stays_rejected_through_save_export_link_and_reload() {
    use mixua_playground::start::route::{route, Address, Session};
    use mixua_playground::store::browser;
    use mixua_playground::store::recent::{Entry, Index, Slot};
    use mixua_policy::{check, Rejection};
    use std::collections::BTreeMap;

    let card = r#"{"id":"D","scope":"USER","owner_user":"alice","owner_agent":"writer-v1","stream":"reusable","lesson":"Check headings.","share_approved":true,"scope":"AGENT"}"#;
    let file = format!(r#"{{"users":["alice","bob"],"agents":["writer-v1"],"cards":[{card}],"playground":{{"lang":"en"}}}}"#);
    // The same card with its last `scope` only (what a map keeps) is
    // accepted: the doubled key is the one reason it is refused.
    let once = card.replacen(r#""scope":"USER","#, "", 1);
    let once = Workspace::from_json(&format!(r#"{{"cards":[{once}]}}"#)).unwrap();
    assert!(check(&once.cards[0]).is_ok(), "{:?}", check(&once.cards[0]));
    let doubled = Rejection::DuplicatedField { field: "scope".into() };

    let imported = from_json(&file).unwrap();
    assert_eq!(check(&imported.doc.workspace.cards[0]), Err(doubled.clone()), "imported");

    let exported = from_json(&to_json(&imported)).unwrap();
    let linked = decode_link(&encode_link(&imported.doc, Course::One)).unwrap();

    // The autosave's slot, stored as the browser's storage stores it, then a
    // reload of the tab that showed it.
    let slot = Slot { rev: 1, saved_at: 1.0, work: mixua_playground::store::persist::to_stored(&imported), name: Some("w".into()), forked_from: None };
    let mut index = Index::default();
    index.touch(Entry { id: "w".into(), name: "w".into(), saved_at: 1.0, cards: 1, rev: 1, forked_from: None });
    let mut stored = BTreeMap::new();
    stored.insert(browser::slot_key("w"), browser::slot_json(&slot));
    stored.insert(browser::INDEX_KEY.to_string(), serde_json::to_string(&index).unwrap());
    let session = Session { browser_lang: "en".into(), tab_work: Some("w".into()), new_id: "new".into(), stamp: "12-01 14:05".into(), parts: parts() };
    let reloaded = route(&Address::new(&[], ""), &stored, &session);
    assert_eq!(reloaded.work.id, "w", "the reload opens the saved work");
    let from_slot = mixua_playground::store::persist::from_stored(&browser::slot_in(&stored, "w").unwrap().work).unwrap();

    // A share link opened over it sets the work aside (as a file's text).
    let set_aside = route(&Address::new(&[], &encode_link(&Doc::seed(), Course::One)), &stored, &session).set_aside.unwrap();
    let aside_text = to_json(&set_aside);
    let mut with_aside = BTreeMap::new();
    with_aside.insert(browser::PREVIOUS_KEY.to_string(), aside_text.clone());
    let undo_to = route(&Address::new(&[], ""), &with_aside, &session).state.past.first().cloned().unwrap();

    for (way, workspace) in [
        ("exported and imported", &exported.doc.workspace),
        ("a share link", &linked.doc.workspace),
        ("the slot read back", &from_slot.doc.workspace),
        ("the reload", &reloaded.state.doc.workspace),
        ("the work set aside", &undo_to.workspace),
    ] {
        assert_eq!(check(&workspace.cards[0]), Err(doubled.clone()), "{way}");
        assert_eq!(**workspace, *imported.doc.workspace, "{way}");
    }
    // The text written keeps both keys, the first one first.
    for text in [to_json(&imported), browser::slot_json(&slot), aside_text] {
        let first = text.find(r#""USER""#).expect("the first scope is written");
        assert!(text[first..].contains(r#""AGENT""#), "{text}");
    }
}

/// A file of a lesson another page has (lesson 3's work on the students'
/// page) is told by its `playground.course`; anything else is not.
#[test]
fn a_file_of_a_lesson_on_another_page_is_told_apart() {
    use mixua_playground::store::persist::lesson_elsewhere;
    let third = r#"{"cards":[],"playground":{"course":"3","lesson_step":2}}"#;
    assert_eq!(lesson_elsewhere(third, &[3]), Some(3));
    assert_eq!(lesson_elsewhere(&format!("\u{feff}{third}"), &[3]), Some(3), "a byte-order mark first");
    assert_eq!(lesson_elsewhere(third, &[]), None, "a page that has lesson 3");
    assert_eq!(lesson_elsewhere(r#"{"cards":[],"playground":{"course":"2"}}"#, &[3]), None);
    assert_eq!(lesson_elsewhere(r#"{"cards":[]}"#, &[3]), None);
    assert_eq!(lesson_elsewhere(r#"{"cards":[],"playground":{"course":"pack"}}"#, &[3]), None);
    assert_eq!(lesson_elsewhere("not json", &[3]), None);
}

/// A work's assertions (issue 53) go out and come back with it: an export,
/// a share link and the browser's storage carry them as written, a wrong
/// one included (it is set aside where it is read, never dropped).
#[test]
fn assertions_travel_with_the_work_through_export_link_and_storage() {
    use mixua_playground::store::persist::{from_stored, to_stored};
    let mut ws = seed_workspace();
    let assertions = serde_json::json!([
        {"check": {"retrieves": {"cells": "bob/writer-v1", "card": "A"}}, "note": "kept"},
        {"check": "made_up"},
    ]);
    ws.assertions = Some(assertions.clone());
    let doc = Doc { workspace: std::rc::Rc::new(ws), ..Doc::default() };
    let saved = Saved { doc: doc.clone(), ..Saved::default() };
    for back in [from_json(&to_json(&saved)).unwrap(), decode_link(&encode_link(&doc, Course::One)).unwrap(), from_stored(&to_stored(&saved)).unwrap()] {
        assert_eq!(back.doc.workspace.assertions.as_ref(), Some(&assertions));
        assert_eq!(back.doc, doc);
    }
    // A work without them writes no key.
    assert!(!to_json(&Saved::default()).contains("assertions"));
}
