//! Names that hide characters: a zero-width space makes `ali\u{200B}ce`
//! print as `alice`, and a right-to-left override (U+202E) turns the rest
//! of a line around. They are refused with words, as control characters
//! are, everywhere a name is read: the one name check, workspace files (and
//! so share links), the reviewers, and the learner's name in a result code.

use mixua_course::exercise_words::code_problem_words;
use mixua_words::explain::name_error_text;
use mixua_policy::format_char::is_format;
use mixua_policy::{audit, check_name, check_visible, NameError, Workspace, WorkspaceProblem};
use mixua_words::Lang;
use mixua_course::{decode, encode, seed_workspace, CodeProblem, Results};
use serde_json::{json, Value};
use unicode_general_category::{get_general_category, GeneralCategory};

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

/// The names an attacker would try, and what each is refused for.
const HIDDEN: &[(&str, NameError)] = &[
    ("ali\u{200B}ce", NameError::InvisibleCharacter { code: 0x200B }),
    ("ali\u{200D}ce", NameError::InvisibleCharacter { code: 0x200D }),
    ("\u{2060}alice", NameError::InvisibleCharacter { code: 0x2060 }),
    ("alice\u{FEFF}", NameError::InvisibleCharacter { code: 0xFEFF }),
    ("bob\u{202E}kcab", NameError::InvisibleCharacter { code: 0x202E }),
    ("bob\u{2066}x\u{2069}", NameError::InvisibleCharacter { code: 0x2066 }),
    ("bob\u{200F}", NameError::InvisibleCharacter { code: 0x200F }),
    ("al\u{00AD}ice", NameError::InvisibleCharacter { code: 0x00AD }),
    ("alice\u{E0041}", NameError::InvisibleCharacter { code: 0xE0041 }),
    ("a\u{0085}b", NameError::ControlCharacter { code: 0x85 }),
];

#[test]
fn the_format_table_is_unicode_16s_category_cf_code_point_by_code_point() {
    let mut count = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let cf = get_general_category(c) == GeneralCategory::Format;
        assert_eq!(is_format(c), cf, "U+{:04X}", c as u32);
        count += usize::from(cf);
    }
    assert_eq!(count, 170);
}

#[test]
fn every_hidden_character_in_a_name_is_refused_with_its_code_point() {
    for (name, error) in HIDDEN {
        assert_eq!(check_name(name), Err(*error), "{name:?}");
        assert_eq!(check_visible(name), Err(*error), "{name:?}");
        let code = match error {
            NameError::InvisibleCharacter { code } | NameError::ControlCharacter { code } => *code,
            _ => unreachable!(),
        };
        for lang in [Lang::En, Lang::ZhTw] {
            let words = name_error_text(error, lang);
            assert!(words.contains(&format!("U+{code:04X}")), "{words}");
        }
    }
    // What is visible is still a name: letters of any script, inner spaces,
    // a joining mark that shows.
    for name in ["alice", "王小明", "writer v1", "José", "नमस्ते"] {
        assert_eq!(check_name(name), Ok(()), "{name}");
    }
}

/// The seed file with one more user, agent, canary owner or reviewer.
fn seed_with_name(role: &str, name: &str) -> Result<Workspace, String> {
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    match role {
        "users" | "agents" => doc[role].as_array_mut().unwrap().push(json!(name)),
        "canaries" => {
            doc["canaries"].as_object_mut().unwrap().insert(name.to_string(), json!(["FAKE-X-1"]));
        }
        _ => doc["reviewers"] = json!(["dana", name]),
    }
    Workspace::from_json(&doc.to_string()).map_err(|e| e.message)
}

#[test]
fn a_file_naming_someone_with_a_hidden_character_is_refused_in_words() {
    for (name, _) in HIDDEN {
        for role in ["users", "agents", "canaries"] {
            let message = seed_with_name(role, name).expect_err(name);
            assert!(message.contains("can't be used"), "{message}");
            assert!(message.contains("U+"), "{message}");
        }
    }
}

#[test]
fn a_reviewer_with_a_hidden_character_sets_the_reviewers_aside() {
    let ws = seed_with_name("reviewers", "dana\u{200B}").unwrap();
    assert!(ws.reviewers().is_empty(), "{:?}", ws.reviewers());
    let problems = audit(&ws).problems;
    assert!(problems.iter().any(|p| matches!(p, WorkspaceProblem::UnreadableKey { key: "reviewers", .. })), "{problems:?}");
}

fn code_named(name: &str) -> String {
    encode(&Results { pack: "lesson1".into(), version: 1, name: name.into(), exercises: Vec::new() })
}

#[test]
fn a_result_code_whose_name_hides_a_character_is_refused_in_words() {
    for (name, error) in HIDDEN {
        let code = code_named(name);
        assert_eq!(decode(&code), Err(CodeProblem::BadName { error: *error }), "{name:?}");
        let problem = CodeProblem::BadName { error: *error };
        assert_eq!(problem.code(), "bad_name");
        let en = code_problem_words(&problem, Lang::En);
        let zh = code_problem_words(&problem, Lang::ZhTw);
        if has(Lang::En) {
            assert!(en.contains("name") && en.contains("U+"), "{en}");
        }
        if has(Lang::ZhTw) {
            assert!(zh.contains("名字") && zh.contains("U+"), "{zh}");
        }
    }
    assert_eq!(decode(&code_named("Ann Lee")).map(|r| r.name), Ok("Ann Lee".to_string()));
    assert_eq!(decode(&code_named("")).map(|r| r.name), Ok(String::new()));
}

#[test]
fn a_hidden_character_typed_into_a_code_is_named_by_its_code_point() {
    let code = code_named("Ann");
    let (head, tail) = code.split_at(6);
    let damaged = format!("{head}\u{202E}{tail}");
    let problem = decode(&damaged).unwrap_err();
    assert_eq!(problem, CodeProblem::BadCharacter { at: 7, found: '\u{202E}' });
    let words = code_problem_words(&problem, Lang::En);
    assert!(words.contains("U+202E") && !words.contains('\u{202E}'), "{words}");
}

/// A card whose owner's name hides a character would pass for the
/// lookalike's card (a GLOBAL card "by alice"): it is rejected for
/// everyone, with the field and the code point.
#[test]
fn a_card_whose_owner_hides_a_character_is_rejected() {
    use mixua_words::explain::rejection_text;
    use mixua_policy::{check, Field, Rejection};
    let mut ws = seed_workspace();
    let g = ws.cards.iter().position(|c| c.id == "G").unwrap();
    for (field, name) in [(Field::OwnerUser, "ali\u{200B}ce"), (Field::OwnerAgent, "writer\u{202E}-v1")] {
        let mut card = (*ws.cards[g]).clone();
        match field {
            Field::OwnerUser => card.owner_user = name.into(),
            _ => card.owner_agent = name.into(),
        }
        let rejection = check(&card).unwrap_err();
        let code = name.chars().find(|&c| is_format(c)).unwrap() as u32;
        assert_eq!(rejection, Rejection::HiddenCharacter { field, error: NameError::InvisibleCharacter { code } });
        assert!(rejection_text(&rejection, Lang::En).contains(&format!("U+{code:04X}")));
        assert!(rejection_text(&rejection, Lang::ZhTw).contains(&format!("U+{code:04X}")));
    }
    std::rc::Rc::make_mut(&mut ws.cards[g]).owner_user = "ali\u{200B}ce".into();
    let eval = mixua_policy::Evaluation::new(&ws, &ws.query, mixua_policy::Policy::FourScope);
    assert!(eval.views().iter().all(|view| !view.contains(&g)), "nobody reads it");
}

/// An event whose actor hides a character is set aside with its reason (the
/// log would show someone else); the write path refuses such an actor, so
/// it never logs one.
#[test]
fn an_actor_that_hides_a_character_is_set_aside_or_refused() {
    use mixua_policy::{revoke, EventProblem, Refusal};
    let mut doc: Value = serde_json::from_str(&seed_workspace().to_json_pretty()).unwrap();
    doc["reviewers"] = json!(["dana"]);
    doc["clock"] = json!(2);
    doc["events"] = json!([
        {"tick": 1, "action": "revoke", "card": "G", "actor": "dana\u{200B}", "reason": "outdated"},
        {"tick": 2, "action": "read", "actor": "bob\u{202E}/checker-v1", "query": "報告"},
    ]);
    let ws = Workspace::from_json(&doc.to_string()).unwrap();
    let problems: Vec<Option<EventProblem>> = audit(&ws).entries.into_iter().map(|e| e.problem).collect();
    assert_eq!(
        problems,
        [
            Some(EventProblem::HiddenActor { error: NameError::InvisibleCharacter { code: 0x200B } }),
            Some(EventProblem::HiddenActor { error: NameError::InvisibleCharacter { code: 0x202E } }),
        ]
    );
    let mut ws = seed_workspace();
    ws.reviewers = Some(mixua_policy::Kept::Good(vec!["dana".into()]));
    let before = ws.clone();
    let refusal = revoke(&mut ws, "G", "dana\u{200B}", "outdated").unwrap_err();
    assert_eq!(refusal, Refusal::HiddenActor { error: NameError::InvisibleCharacter { code: 0x200B } });
    assert_eq!(refusal.code(), "hidden_actor");
    assert_eq!(ws, before);
}
