//! Ambiguous cards fail closed: a card that writes a key twice is rejected
//! for everyone with the reason `duplicated_field`, in words, and stays
//! so through an export.

use mixua_policy::{check, check_filed, Evaluation, Filing, Policy, Rejection, Scope, Workspace};
use mixua_words::Lang;
use proptest::prelude::*;

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

/// The seed with one more card, written as raw JSON text (so that it can
/// hold a key twice, which no `serde_json::Value` can).
fn with_card(card: &str) -> Workspace {
    let seed = mixua_course::seed_workspace().to_json_pretty();
    let at = seed.find("\"cards\": [").unwrap() + "\"cards\": [".len();
    let text = format!("{}{card},{}", &seed[..at], &seed[at..]);
    Workspace::from_json(&text).unwrap()
}

const BASE: &str = r#""id": "Z", "owner_user": "alice", "owner_agent": "writer-v1", "stream": "reusable", "share_approved": true, "situation": "報告", "lesson": "z""#;

#[test]
fn a_card_that_writes_a_key_twice_is_rejected_naming_the_key() {
    for (card, expected) in [
        (format!(r#"{{{BASE}, "scope": "PAIR", "scope": "GLOBAL"}}"#), Err("scope")),
        (format!(r#"{{"scope": "GLOBAL", {BASE}, "scope": "GLOBAL"}}"#), Err("scope")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "owner_user": "bob"}}"#), Err("owner_user")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "share_approved": false}}"#), Err("share_approved")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "status": "candidate", "status": "accepted"}}"#), Err("status")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "colour": 1, "colour": 2}}"#), Err("colour")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "lesson": null}}"#), Err("lesson")),
        // Of two keys written twice, the one named comes first in the order
        // a card is written (id, scope, owners, stream, …), the order an
        // export writes it back in.
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "stream": "protected", "id": "Z"}}"#), Err("id")),
        (format!(r#"{{{BASE}, "scope": "GLOBAL"}}"#), Ok(Scope::Global)),
        (format!(r#"{{{BASE}, "scope": "GLOBAL", "colour": 1, "Scope": "PAIR"}}"#), Ok(Scope::Global)),
    ] {
        let workspace = with_card(&card);
        let z = &workspace.cards[0];
        let got = check(z).map(|accepted| accepted.scope);
        let want = expected.map_err(|key| Rejection::DuplicatedField { field: key.to_string() });
        assert_eq!(got, want, "{card}");
        // Rejected cards reach nobody: Z is in no view.
        let eval = Evaluation::new(&workspace, "報告", Policy::FourScope);
        let seen = eval.views().iter().any(|view| view.contains(&0));
        assert_eq!(seen, want.is_ok(), "{card}");
    }
}

#[test]
fn the_reason_is_worded_in_both_languages_and_in_the_report() {
    let workspace = with_card(&format!(r#"{{{BASE}, "scope": "PAIR", "scope": "GLOBAL"}}"#));
    let rejection = check(&workspace.cards[0]).unwrap_err();
    let en = mixua_words::explain::rejection_text(&rejection, Lang::En);
    let zh = mixua_words::explain::rejection_text(&rejection, Lang::ZhTw);
    if has(Lang::En) {
        assert!(en.starts_with("duplicated field `scope`") && en.contains("reaches nobody"), "{en}");
    }
    if has(Lang::ZhTw) {
        assert!(zh.contains("欄位 scope 重複") && zh.contains("誰都看不到"), "{zh}");
    }
    if has(Lang::En) {
        assert_eq!(mixua_words::explain::rejection_label(&rejection, Lang::En), "duplicated field `scope`");
    }
    let report = serde_json::to_value(mixua_words::report(&workspace, "報告", false)).unwrap();
    assert!(report["rejected_ids"].as_array().unwrap().contains(&"Z".into()), "{report}");
    let z = report["rejections"].as_array().unwrap().iter().find(|r| r["id"] == "Z").unwrap();
    assert_eq!(z["reason"], "duplicated_field");
}

#[test]
fn an_export_keeps_the_card_ambiguous_and_an_edit_of_the_field_settles_it() {
    let workspace = with_card(&format!(r#"{{{BASE}, "scope": "PAIR", "scope": "GLOBAL"}}"#));
    // Written back with both values, the earlier first: read again, the
    // card is the same and still rejected.
    let text = workspace.to_json_pretty();
    assert_eq!(text.matches("\"scope\": \"PAIR\"").count(), 1 + 1, "P's and Z's first");
    let again = Workspace::from_json(&text).unwrap();
    assert_eq!(again, workspace);
    assert_eq!(check(&again.cards[0]).unwrap_err(), Rejection::DuplicatedField { field: "scope".into() });
    // The learner types a scope: one value, no doubt left.
    let mut edited = again.clone();
    std::rc::Rc::make_mut(&mut edited.cards[0]).set_text(mixua_policy::Field::Scope, "GLOBAL".into());
    assert_eq!(check(&edited.cards[0]).map(|a| a.scope), Ok(Scope::Global));
    // Editing another field settles nothing.
    let mut other = again;
    std::rc::Rc::make_mut(&mut other.cards[0]).set_text(mixua_policy::Field::Lesson, "z2".into());
    assert!(check(&other.cards[0]).is_err());
}

#[test]
fn the_unsafe_pool_ignores_a_doubled_field_it_replaces_but_not_another() {
    let scope = with_card(&format!(r#"{{{BASE}, "scope": "PAIR", "scope": "GLOBAL"}}"#));
    assert_eq!(check_filed(&scope.cards[0], Filing::Pooled).map(|a| a.scope), Ok(Scope::Global));
    let owner = with_card(&format!(r#"{{{BASE}, "scope": "GLOBAL", "owner_user": "bob"}}"#));
    assert_eq!(
        check_filed(&owner.cards[0], Filing::Pooled),
        Err(Rejection::DuplicatedField { field: "owner_user".into() })
    );
}

/// A card's keys: the nine seed fields, two life fields and an unknown one.
const KEYS: [(&str, &str); 12] = [
    ("id", "\"Q\""),
    ("scope", "\"GLOBAL\""),
    ("owner_user", "\"alice\""),
    ("owner_agent", "\"writer-v1\""),
    ("stream", "\"reusable\""),
    ("share_approved", "true"),
    ("situation", "\"報告\""),
    ("lesson", "\"q\""),
    ("source", "\"s\""),
    ("status", "\"accepted\""),
    ("kind", "\"semantic\""),
    ("note", "1"),
];

proptest! {
    /// Any order of keys, some written more than once: the card is rejected
    /// as duplicated exactly when a key repeats, naming the repeated key
    /// that comes first in a card's written order (the order of `KEYS`;
    /// the oracle counts the keys of the list it wrote).
    #[test]
    fn a_card_is_duplicated_exactly_when_a_key_repeats(order in proptest::collection::vec(0..KEYS.len(), 1..20)) {
        let body: Vec<String> = order.iter().map(|&k| format!("\"{}\": {}", KEYS[k].0, KEYS[k].1)).collect();
        let workspace = Workspace::from_json(&format!("{{\"cards\": [{{{}}}]}}", body.join(", "))).unwrap();
        let first_again = (0..KEYS.len()).find(|k| order.iter().filter(|&&o| o == *k).count() > 1).map(|k| KEYS[k].0);
        match (check(&workspace.cards[0]), first_again) {
            (Err(Rejection::DuplicatedField { field }), Some(key)) => prop_assert_eq!(field, key),
            (Err(Rejection::DuplicatedField { field }), None) => prop_assert!(false, "{} named, none repeats", field),
            (_, Some(key)) => prop_assert!(false, "{} repeats, not rejected as duplicated", key),
            (_, None) => {}
        }
        // Written back and read again, it is judged the same.
        let again = Workspace::from_json(&workspace.to_json_pretty()).unwrap();
        prop_assert_eq!(check(&again.cards[0]), check(&workspace.cards[0]));
    }
}
