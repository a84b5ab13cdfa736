//! `mixua grade`: the class's result codes as a table of students ×
//! exercises (text or CSV). Every code is read by the crate's
//! `read_codes`; a refused code is listed with the crate's reason.

use std::path::Path;

use mixua_words::Lang;
use mixua_course::{
    builtin_pack, code_problem_words, read_codes, CellMark, ExerciseResult, Pack, Results, Solved,
};

use std::io::Write;

use crate::{read_bounded, read_text, text_of, Failure, Language, Out, Outcome};

/// The long help of `mixua grade`.
pub const GRADE_ABOUT: &str = "\
A class's result codes as a table of students × exercises.

Each exercise's column: ✓ solved, ✓s solved with the solution, - not
solved, s the solution was seen, hN N hints used, R/N predicted cells right.
A code that is mistyped, changed or for another pack is listed as refused,
with the reason. The checksum catches mistakes; it is not a proof.";

/// What `mixua grade --help` ends with: its exit statuses and an example.
pub const GRADE_AFTER: &str = "\
Exit status: 0 every code read; 1 some code refused (the table is still
printed); 2 bad input (no pack, unreadable file, bad arguments).

Example:
  mixua grade --pack lesson1 codes.txt --csv > class.csv";

#[derive(clap::Args)]
pub struct GradeArgs {
    /// The pack the codes are for: a pack JSON file, or a built-in pack
    /// (lesson1, lesson2, lesson3)
    #[arg(long, value_name = "P")]
    pack: String,
    /// A text file with one result code per line (`-`: standard input);
    /// empty lines and lines starting with # are skipped
    #[arg(value_name = "CODES")]
    codes: String,
    /// Comma-separated values instead of a text table
    #[arg(long)]
    csv: bool,
    #[command(flatten)]
    language: Language,
}

/// One line of the codes file: the student's results or why they are refused.
struct Row {
    line: usize,
    read: Result<Results, String>,
}

pub fn cmd_grade(args: GradeArgs, out: &mut Out) -> Result<Outcome, Failure> {
    let lang = args.language.lang();
    let pack = load_pack(&args.pack, lang)?;
    let file = args.codes;
    let text = if file == "-" {
        let bytes = read_bounded(std::io::stdin().lock()).map_err(|why| Failure(format!("standard input: {why}")))?;
        text_of(bytes).map_err(|why| Failure(format!("standard input: {why}")))?
    } else {
        read_text(Path::new(&file))?
    };
    let rows: Vec<Row> = read_codes(&text, &pack)
        .into_iter()
        .map(|l| Row {
            line: l.line,
            read: l.read.map_err(|p| mixua_words::escape_controls(&code_problem_words(&p, lang)).into_owned()),
        })
        .collect();
    let table = if args.csv { csv_table(&pack, &rows, lang) } else { text_table(&pack, &rows, lang) };
    out.write_all(table.as_bytes())?;
    Ok(if rows.iter().any(|r| r.read.is_err()) { Outcome::CodesRefused } else { Outcome::Done })
}

fn load_pack(name: &str, lang: Lang) -> Result<Pack, Failure> {
    if Path::new(name).is_file() {
        let text = read_text(Path::new(name))?;
        return Pack::from_json(&text).map_err(|p| Failure(format!("{name}: {}", mixua_course::pack_problem_words(&p, lang))));
    }
    builtin_pack(name, lang).map_err(|p| Failure(mixua_course::pack_problem_words(&p, lang)))
}

/// The student's name as a cell: escaped, as is a refusal's reason (a
/// name from a code can't hold a line break or an escape sequence, in a
/// text table or a CSV file).
fn student(row: &Row, lang: Lang) -> String {
    match &row.read {
        Ok(r) if !r.name.is_empty() => mixua_words::escape_controls(&r.name).into_owned(),
        _ => pick!(lang, format!("(第 {} 行)", row.line), format!("(line {})", row.line)),
    }
}

/// One exercise's cell of the text table.
fn mark(e: &ExerciseResult) -> String {
    let mut text = match e.solved {
        Solved::Yes => "✓".to_string(),
        Solved::WithSolution => "✓s".to_string(),
        Solved::Not if e.solution_seen => "-s".to_string(),
        Solved::Not => "-".to_string(),
    };
    if e.hints > 0 {
        text.push_str(&format!(" h{}", e.hints));
    }
    if !e.cells.is_empty() {
        let right = e.cells.iter().filter(|c| **c == CellMark::Right).count();
        text.push_str(&format!(" {right}/{}", e.cells.len()));
    }
    text
}

fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(n)))
}

fn text_table(pack: &Pack, rows: &[Row], lang: Lang) -> String {
    let count = pack.exercises.len();
    let mut head = vec![pick!(lang, "學生", "student").to_string()];
    head.extend((1..=count).map(|n| n.to_string()));
    head.push(pick!(lang, "完成", "solved").to_string());
    let mut lines = vec![head];
    let mut refused = Vec::new();
    for row in rows {
        match &row.read {
            Ok(r) => {
                let mut line = vec![student(row, lang)];
                line.extend((0..count).map(|n| r.exercises.get(n).map(mark).unwrap_or_else(|| "?".into())));
                let solved = r.exercises.iter().filter(|e| e.solved != Solved::Not).count();
                line.push(format!("{solved}/{count}"));
                lines.push(line);
            }
            Err(reason) => refused.push(pick!(lang, 
                format!("第 {} 行:拒絕。{reason}", row.line),
                format!("line {}: refused. {reason}", row.line),
            )),
        }
    }
    let widths: Vec<usize> =
        (0..lines[0].len()).map(|c| lines.iter().map(|l| l[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = pick!(lang, 
        format!("練習包 {} 版本 {}:讀到 {} 份代碼,拒絕 {} 份\n\n", pack.id, pack.version, lines.len() - 1, refused.len()),
        format!("Pack {} version {}: {} codes read, {} refused\n\n", pack.id, pack.version, lines.len() - 1, refused.len()),
    );
    for line in &lines {
        let cells: Vec<String> = line.iter().zip(&widths).map(|(t, w)| pad(t, *w)).collect();
        out.push_str(cells.join(" | ").trim_end());
        out.push('\n');
    }
    out.push('\n');
    out.push_str(pick!(lang, 
        "✓ 完成 · ✓s 看了解答後完成 · - 未完成 · s 看了解答 · hN 用了 N 個提示 · R/N 預測的格子對了 R 個\n",
        "✓ solved · ✓s solved with the solution · - not solved · s solution seen · hN N hints · R/N predicted cells right\n",
    ));
    for r in refused {
        out.push_str(&r);
        out.push('\n');
    }
    out
}

/// One CSV cell. A cell that a spreadsheet would read as a formula (it
/// begins with `=`, `+`, `-`, `@`, a tab or a carriage return, after any
/// leading spaces: spreadsheets skip those, so " =1+1" is a formula too)
/// is neutralised with a leading `'`, as OWASP's CSV-injection guidance
/// says: quoting alone does not stop a spreadsheet from evaluating it. Then
/// a cell with a comma, a quote or a line break is quoted.
fn csv_field(text: &str) -> String {
    let formula = text.starts_with(['\t', '\r'])
        || text.trim_start_matches(char::is_whitespace).starts_with(['=', '+', '-', '@']);
    let text = if formula { format!("'{text}") } else { text.to_string() };
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

fn csv_table(pack: &Pack, rows: &[Row], lang: Lang) -> String {
    let count = pack.exercises.len();
    let mut head = vec!["line".to_string(), "student".into(), "status".into(), "reason".into()];
    for n in 1..=count {
        head.extend(["solved", "hints", "solution_seen", "cells_right", "cells_wrong"].map(|k| format!("ex{n}_{k}")));
    }
    let mut out = head.join(",") + "\n";
    for row in rows {
        let mut fields = vec![row.line.to_string(), csv_field(&student(row, lang))];
        match &row.read {
            Ok(r) => {
                fields.extend(["read".to_string(), String::new()]);
                for n in 0..count {
                    let e = r.exercises.get(n).cloned().unwrap_or_default();
                    let of = |m: CellMark| e.cells.iter().filter(|c| **c == m).count().to_string();
                    fields.extend([
                        e.solved.code().to_string(),
                        e.hints.to_string(),
                        e.solution_seen.to_string(),
                        of(CellMark::Right),
                        of(CellMark::Wrong),
                    ]);
                }
            }
            Err(reason) => {
                fields.extend(["refused".to_string(), csv_field(reason)]);
                fields.extend(std::iter::repeat_n(String::new(), count * 5));
            }
        }
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_neutralised_then_quoted() {
        for (cell, written) in [
            ("Mei", "Mei"),
            ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
            ("=1+2", "'=1+2"),
            ("+1", "'+1"),
            ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tcmd", "'\tcmd"),
            ("\rcmd", "\"'\rcmd\""),
            ("a,b", "\"a,b\""),
            ("a \"b\"", "\"a \"\"b\"\"\""),
            ("a=b", "a=b"),
            (" =1+1", "' =1+1"),
            ("  +1", "'  +1"),
            (" \t-2", "' \t-2"),
            ("\u{3000}@SUM(A1)", "'\u{3000}@SUM(A1)"),
            ("\n=1", "\"'\n=1\""),
            (" a", " a"),
            ("", ""),
        ] {
            assert_eq!(csv_field(cell), written, "{cell:?}");
        }
    }
}
