//! Result codes: round trip, checksum, version, the pack they belong to,
//! and (property) any single changed character is refused.

use mixua_course::result_code::{code_name, CODE_MAX, NAME_MAX};
use mixua_words::Lang;
use mixua_course::{
    builtin_pack, code_problem_words, decode, decode_for, encode, CellMark, CodeProblem, ExerciseResult,
    Results, Solved,
};
use proptest::prelude::*;

fn sample() -> Results {
    Results {
        pack: "lesson1".into(),
        version: 1,
        name: "陳小美".into(),
        exercises: vec![
            ExerciseResult {
                solved: Solved::Yes,
                hints: 1,
                solution_seen: false,
                cells: vec![CellMark::Right, CellMark::Wrong, CellMark::Right, CellMark::NotPredicted],
            },
            ExerciseResult { solved: Solved::WithSolution, hints: 2, solution_seen: true, cells: vec![] },
            ExerciseResult::default(),
        ],
    }
}

#[test]
fn a_code_is_short_and_reads_back() {
    let code = encode(&sample());
    assert!(code.starts_with("MX1-"), "{code}");
    assert!(code.len() < 80, "{} characters: {code}", code.len());
    assert_eq!(decode(&code), Ok(sample()));
    // Lower case, spaces and line breaks are forgiven.
    let messy = format!("  {}\n{} ", code[..20].to_lowercase(), &code[20..]);
    assert_eq!(decode(&messy), Ok(sample()));
}

#[test]
fn a_bad_code_is_refused_with_its_reason() {
    let code = encode(&sample());
    assert_eq!(decode(""), Err(CodeProblem::Empty));
    assert_eq!(decode("hello"), Err(CodeProblem::NotACode));
    assert_eq!(decode(&code.replacen("MX1-", "MX2-", 1)), Err(CodeProblem::UnknownVersion { version: "2".into() }));
    let mut flipped: Vec<char> = code.chars().collect();
    let at = 10;
    flipped[at] = if flipped[at] == '0' { '1' } else { '0' };
    let flipped: String = flipped.into_iter().collect();
    assert!(matches!(decode(&flipped), Err(CodeProblem::Checksum | CodeProblem::Malformed)), "{flipped}");
    assert_eq!(decode(&code.replacen('-', "-U", 1)), Err(CodeProblem::BadCharacter { at: 5, found: 'U' }));
    assert!(decode(&code[..code.len() - 3]).is_err());
    assert_eq!(decode(&"MX1-0".repeat(CODE_MAX)), Err(CodeProblem::TooLong));
    for problem in [CodeProblem::Checksum, CodeProblem::NotACode, CodeProblem::BadCharacter { at: 3, found: '!' }] {
        for lang in [Lang::ZhTw, Lang::En] {
            assert!(!code_problem_words(&problem, lang).is_empty());
        }
    }
}

#[test]
fn a_code_of_another_pack_or_version_is_refused_for_this_one() {
    let pack = builtin_pack("lesson1", Lang::En).unwrap();
    let code = encode(&sample());
    assert!(decode_for(&code, &pack).is_ok());
    let other = encode(&Results { pack: "lesson2".into(), ..sample() });
    assert_eq!(decode_for(&other, &pack), Err(CodeProblem::OtherPack { pack: "lesson2".into(), version: 1 }));
    let older = encode(&Results { version: 0, ..sample() });
    assert_eq!(decode_for(&older, &pack), Err(CodeProblem::OtherPack { pack: "lesson1".into(), version: 0 }));
}

#[test]
fn a_long_name_is_cut_and_hints_are_capped() {
    let long = Results { name: "x".repeat(100), exercises: vec![ExerciseResult { hints: 200, ..Default::default() }], ..sample() };
    let back = decode(&encode(&long)).unwrap();
    assert_eq!(back.name.chars().count(), NAME_MAX);
    assert_eq!(back.exercises[0].hints, 31);
}

fn results() -> impl Strategy<Value = Results> {
    let exercise = (0..3u8, 0..32u8, any::<bool>(), prop::collection::vec(0..3u8, 0..12)).prop_map(|(s, hints, seen, cells)| {
        ExerciseResult {
            solved: [Solved::Not, Solved::Yes, Solved::WithSolution][s as usize],
            hints,
            solution_seen: seen,
            cells: cells.into_iter().map(|c| [CellMark::NotPredicted, CellMark::Right, CellMark::Wrong][c as usize]).collect(),
        }
    });
    ("[a-z0-9_-]{1,32}", any::<u32>(), "\\PC{0,50}", prop::collection::vec(exercise, 0..20))
        .prop_map(|(pack, version, name, exercises)| Results { pack, version, name, exercises })
}

proptest! {
    #[test]
    fn encode_then_decode_gives_the_results_back(r in results()) {
        let back = decode(&encode(&r)).unwrap();
        prop_assert_eq!(back, Results { name: code_name(&r.name), ..r });
    }

    #[test]
    fn a_single_changed_character_is_refused(r in results(), at in any::<prop::sample::Index>(), with in "[ -~]|[一-龥]") {
        let code = encode(&r);
        let chars: Vec<char> = code.chars().collect();
        let at = at.index(chars.len());
        let with = with.chars().next().unwrap();
        // A change of case or a space is not a change: codes read both ways.
        prop_assume!(with.to_ascii_uppercase() != chars[at] && !with.is_whitespace());
        let mut changed = chars.clone();
        changed[at] = with;
        let changed: String = changed.into_iter().collect();
        prop_assert!(decode(&changed).is_err(), "{} read as {:?}", changed, decode(&changed));
    }
}

/// An exercise that asks for two cells one check at a time records both in
/// its code, and the cells as first revealed win over the ones put right
/// afterwards (what the class view's heatmap counts).
#[test]
fn a_code_keeps_every_predicted_cell_as_first_revealed() {
    use mixua_policy::ViewerId;
    use mixua_course::{exercise_result, seed_workspace, Evaluated, Facts, Learner, Pack};
    use std::collections::{BTreeMap, BTreeSet};
    let json = r#"{"format":1,"id":"two-cells","version":1,"title":{"en":"t"},"exercises":[{"title":{"en":"e"},"task":{"en":"t"},"start":"seed",
        "goal":[{"label":{"en":"a"},"check":{"predicted_right":{"cells":{"users":["alice"],"agents":["writer-v1"]}}}},
                {"label":{"en":"b"},"check":{"predicted_right":{"cells":{"users":["bob"],"agents":["checker-v1"]}}}}]}]}"#;
    let pack = Pack::from_json(json).expect("a pack");
    let exercise = &pack.exercises[0];
    let (aw, bc) = (ViewerId::new("alice", "writer-v1"), ViewerId::new("bob", "checker-v1"));
    assert_eq!(exercise.code_cells(), vec![aw.clone(), bc.clone()]);
    let ws = seed_workspace();
    assert_eq!(exercise.graded_cells(&ws), Some(BTreeSet::from([aw.clone(), bc.clone()])));

    // Both cells predicted right now (alice/writer-v1 gets P U A G; bob/checker-v1 G B).
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    let predictions = BTreeMap::from([(aw, ids(&["P", "U", "A", "G"])), (bc, ids(&["G", "B"]))]);
    let (answers, seen, refused, records) = (BTreeMap::new(), BTreeSet::new(), BTreeSet::new(), Vec::new());
    let learner = Learner { predictions: &predictions, revealed: true, answers: &answers, seen: &seen, refused: &refused, records: &records, tick: None };
    let evaluated = Evaluated::of(&ws);
    let facts = Facts::new(&ws, evaluated.views(), learner);
    let first = [CellMark::Wrong, CellMark::Right];
    let result = |first: Option<&[CellMark]>| exercise_result(exercise, true, false, 0, false, first, &facts).cells;
    assert_eq!(result(Some(&first)), first.to_vec(), "the first reveal is what the code says");
    assert_eq!(result(None), vec![CellMark::Right; 2], "solved, nothing recorded: right when solved");
    assert_eq!(result(Some(&[CellMark::Wrong])), vec![CellMark::Right; 2], "a record of another shape is not used");
}

/// A class's list of codes as Windows editors write it: a byte order mark
/// before the first code, CRLF line ends, a comment, a blank line; and a
/// second file appended after it with its own mark (the class view's drop).
#[test]
fn a_list_of_codes_reads_past_a_byte_order_mark() {
    let pack = builtin_pack("lesson1", Lang::En).unwrap();
    let code = encode(&Results { pack: "lesson1".into(), version: pack.version, name: "Ann".into(), exercises: Vec::new() });
    let text = format!("\u{FEFF}{code}\r\n# a comment\r\n\r\n{code}\n\u{FEFF}{code}\n");
    let lines = mixua_course::read_codes(&text, &pack);
    assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), [1, 4, 5]);
    for line in &lines {
        assert_eq!(line.read.as_ref().map(|r| r.name.as_str()), Ok("Ann"), "line {}", line.line);
    }
    assert_eq!(lines[0].text, code, "the line as written, without its mark");
}
