//! `mixua grade` on a code the app made (kept in `codes/fair-hints.txt`,
//! checked against the app by the root package's `fair_hints` test): the
//! table counts the hints the student asked for, as the student's marks
//! and the class view do; a failed "Check my work" or a wrong answer is no
//! hint.

use std::process::Command;

#[test]
fn grade_counts_only_the_hints_asked_for() {
    let codes = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/codes/fair-hints.txt");
    let o = Command::new(env!("CARGO_BIN_EXE_mixua")).args(["grade", "--pack", "lesson1", codes]).output().unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "{text}");
    let row = text.lines().find(|l| l.starts_with("Lin")).unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    // Exercise 1: checked, nothing done, no hint; exercise 2: one hint
    // asked for; exercise 4: the whole ladder (two hints), never more.
    assert!(!cells[1].contains('h'), "a failed check counted as a hint: {row}");
    assert!(cells[2].contains("h1") && !cells[2].contains("h2"), "{row}");
    assert!(cells[4].contains("h2") && !cells[4].contains("h3"), "{row}");
    for untouched in [3, 5, 6, 7] {
        assert!(!cells[untouched].contains('h'), "exercise {untouched}: {row}");
    }
}
