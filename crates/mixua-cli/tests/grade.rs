//! `mixua grade`: codes in, a table of students × exercises out; a changed
//! code is listed as refused with its reason, and the exit status says so.

use std::path::PathBuf;
use std::process::{Command, Output};

use mixua_words::Lang;
use mixua_course::{builtin_pack, encode, CellMark, ExerciseResult, Results, Solved};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("mixua-grade-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).current_dir(&self.0).output().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn mei() -> String {
    let mut exercises = vec![ExerciseResult::default(); 7];
    exercises[0] = ExerciseResult {
        solved: Solved::Yes,
        hints: 1,
        solution_seen: false,
        cells: vec![CellMark::Right, CellMark::Right, CellMark::Wrong, CellMark::Right],
    };
    exercises[3] = ExerciseResult { solved: Solved::WithSolution, hints: 0, solution_seen: true, cells: vec![] };
    encode(&Results { pack: "lesson1".into(), version: 1, name: "Mei".into(), exercises })
}

fn tampered(code: &str) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    let at = chars.len() - 6;
    chars[at] = if chars[at] == '7' { '8' } else { '7' };
    chars.into_iter().collect()
}

#[test]
fn grade_prints_one_row_per_student_and_lists_a_refused_code() {
    let dir = Scratch::new("table");
    let codes = dir.write("codes.txt", &format!("# class 3B\n{}\n\n{}\n", mei(), tampered(&mei())));
    let o = dir.run(&["grade", "--pack", "lesson1", &codes]);
    assert_eq!(o.status.code(), Some(1), "a refused code: status 1");
    let text = out(&o);
    assert!(text.contains("1 codes read, 1 refused"), "{text}");
    let row = text.lines().find(|l| l.starts_with("Mei")).unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(cells, ["Mei", "✓ h1 3/4", "-", "-", "✓s", "-", "-", "-", "2/7"]);
    assert!(text.contains("line 4: refused. The checksum does not match"), "{text}");
}

#[test]
fn grade_reads_clean_codes_with_status_0_and_writes_csv() {
    let dir = Scratch::new("csv");
    let codes = dir.write("codes.txt", &format!("{}\n", mei()));
    let o = dir.run(&["grade", "--pack", "lesson1", &codes, "--csv"]);
    assert_eq!(o.status.code(), Some(0));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("line,student,status,reason,ex1_solved,ex1_hints,ex1_solution_seen,ex1_cells_right,ex1_cells_wrong,ex2_solved"));
    assert!(lines[1].starts_with("1,Mei,read,,solved,1,false,3,1,not,0,false,0,0,not,0,false,0,0,with_solution,0,true,0,0,"), "{}", lines[1]);
    assert_eq!(lines[1].split(',').count(), lines[0].split(',').count());
}

#[test]
fn grade_reads_a_pack_file_and_refuses_a_code_of_another_pack() {
    let dir = Scratch::new("file");
    let pack = dir.write("pack.json", &builtin_pack("lesson2", Lang::En).unwrap().to_json());
    let codes = dir.write("codes.txt", &format!("{}\n", mei()));
    let o = dir.run(&["grade", "--pack", &pack, &codes, "--lang", "zh-TW"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("這個代碼屬於另一個練習包(lesson1 版本 1)"), "{}", out(&o));
}

#[test]
fn grade_without_a_pack_or_with_a_missing_file_is_bad_input() {
    let dir = Scratch::new("bad");
    let codes = dir.write("codes.txt", "");
    for args in [
        vec!["grade", codes.as_str()],
        vec!["grade", "--pack", "lesson9", codes.as_str()],
        vec!["grade", "--pack", "lesson1", "missing.txt"],
        vec!["grade", "--pack", "lesson1", codes.as_str(), "--wat"],
    ] {
        let o = dir.run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        // Our own failures say `mixua: error:`, the parser's `error:`.
        assert!(String::from_utf8_lossy(&o.stderr).contains("error:"), "{args:?}");
    }
    let broken = dir.write("broken.json", "{\"id\":\"x\"");
    let o = dir.run(&["grade", "--pack", &broken, &codes]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a pack"));
}

#[test]
fn grade_csv_neutralises_student_names_a_spreadsheet_would_run() {
    let dir = Scratch::new("csv-injection");
    let code = |name: &str| {
        encode(&Results { pack: "lesson1".into(), version: 1, name: name.into(), exercises: vec![ExerciseResult::default(); 7] })
    };
    let names = ["=HYPERLINK(\"http://evil.example\",\"click\")", "+SUM(1)", "-1", "@cmd"];
    let codes: Vec<String> = names.iter().map(|n| code(n)).collect();
    let file = dir.write("codes.txt", &codes.join("\n"));
    let o = dir.run(&["grade", "--pack", "lesson1", &file, "--csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = out(&o);
    let students: Vec<&str> = text.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(students, ["\"'=HYPERLINK(\"\"http://evil.example\"\"", "'+SUM(1)", "'-1", "'@cmd"], "{text}");
    // No cell of any row begins with a formula character.
    for line in text.lines() {
        assert!(!line.split(',').any(|cell| cell.trim_start_matches('"').starts_with(['=', '+', '-', '@'])), "{line}");
    }
}

#[test]
fn grade_reads_past_a_byte_order_mark_in_the_codes_and_the_pack() {
    let dir = Scratch::new("bom");
    let bom = "\u{FEFF}";
    let pack = dir.write("pack.json", &format!("{bom}{}", builtin_pack("lesson1", Lang::En).unwrap().to_json()));
    let codes = dir.write("codes.txt", &format!("{bom}{}\r\n", mei()));
    let o = dir.run(&["grade", "--pack", &pack, &codes]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), String::from_utf8_lossy(&o.stderr));
    assert!(out(&o).contains("1 codes read, 0 refused"), "{}", out(&o));
    // A codes file saved as UTF-16 is named as such.
    let utf16: Vec<u8> = std::iter::once(0xFEFF_u16).chain(mei().encode_utf16()).flat_map(u16::to_le_bytes).collect();
    std::fs::write(dir.0.join("utf16.txt"), utf16).unwrap();
    let o = dir.run(&["grade", "--pack", "lesson1", "utf16.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("UTF-16 LE"), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A lesson-3 result code, made from a learner who works the five
/// exercises in order in one work (each solved as its hints say, its
/// check held then), reads back in the class view with each exercise
/// solved.
#[test]
fn a_lesson_three_code_reads_back_in_the_class_view() {
    use std::collections::{BTreeMap, BTreeSet};
    use mixua_course::lesson_three::solutions;
    use mixua_course::{exercise_result, Evaluated, Facts, Learner, Milestone};
    use mixua_policy::ViewerId;

    let pack = builtin_pack("lesson3", Lang::En).unwrap();
    let question = pack.exercises[2].question.as_ref().unwrap();
    let answers = BTreeMap::from([(2, question.answer)]);
    let seen: BTreeSet<Milestone> = [("alice", "writer-v1", "G"), ("bob", "checker-v1", "M"), ("bob", "checker-v1", "C"), ("alice", "checker-v1", "A")]
        .into_iter()
        .map(|(u, a, card)| Milestone::diagnosed(&ViewerId::new(u, a), card))
        .collect();
    let (predictions, refused) = (BTreeMap::new(), BTreeSet::new());
    let learner = Learner { predictions: &predictions, revealed: false, answers: &answers, seen: &seen, refused: &refused, records: &[], tick: None };
    let solved = solutions(Lang::En);
    let mut work = mixua_course::lesson_three::lesson_three_workspace(Lang::En);
    let mut exercises = Vec::new();
    for (n, exercise) in pack.exercises.iter().enumerate() {
        if let Some(w) = &solved[n] {
            work = w.clone();
        }
        let evaluated = Evaluated::of(&work);
        let facts = Facts::new(&work, evaluated.views(), learner);
        let done = exercise.holds(n, &facts);
        assert!(done, "exercise {} holds once solved in order", n + 1);
        exercises.push(exercise_result(exercise, done, false, 1, false, None, &facts));
    }
    let code = encode(&Results { pack: "lesson3".into(), version: pack.version, name: "Ana".into(), exercises });
    let dir = Scratch::new("lesson3");
    let codes = dir.write("codes.txt", &format!("{code}\n"));
    let o = dir.run(&["grade", "--pack", "lesson3", &codes]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), String::from_utf8_lossy(&o.stderr));
    let text = out(&o);
    let row = text.lines().find(|l| l.starts_with("Ana")).unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(cells, ["Ana", "✓ h1", "✓ h1", "✓ h1", "✓ h1", "✓ h1", "5/5"], "{text}");
}
