//! `mixua export --cedar DIR`: the three files on the seed, the story (at a
//! tick) and lesson 3's start; bad input refused with exit status 2, words
//! in `--lang`, nothing written, and the workspace read never overwritten.

use std::path::PathBuf;
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("mixua-export-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).current_dir(&self.0).output().unwrap()
    }

    fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const FILES: [&str; 3] = ["schema.cedarschema", "policies.cedar", "entities.json"];

fn ok(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Exit status 2, the words on standard error, and nothing on standard output.
fn refused(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(output.stdout.is_empty());
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn the_seed_the_story_and_lesson_three_export_three_files() {
    let dir = Scratch::new("works");
    // The seed, without --workspace.
    let said = ok(&dir.run(&["export", "--cedar", "seed"]));
    for file in FILES {
        assert!(said.contains(&format!("seed/{file}")), "{said}");
    }
    assert!(said.contains("cedar authorize"), "{said}");
    let entities: serde_json::Value = serde_json::from_str(&dir.file("seed/entities.json")).unwrap();
    let cards = entities.as_array().unwrap().iter().filter(|e| e["uid"]["type"] == "MixUA::Card").count();
    assert_eq!(cards, 7);
    assert!(dir.file("seed/policies.cedar").contains("@id(\"protected-stays-private\")"));

    // The story, now and at tick 2: the files differ only in the entities.
    std::fs::write(dir.0.join("story.json"), ok(&dir.run(&["seed", "--story"]))).unwrap();
    ok(&dir.run(&["export", "--cedar", "now", "--workspace", "story.json"]));
    ok(&dir.run(&["export", "--cedar", "then", "--workspace", "story.json", "--at", "2"]));
    assert_eq!(dir.file("now/policies.cedar"), dir.file("then/policies.cedar"));
    assert_eq!(dir.file("now/schema.cedarschema"), dir.file("then/schema.cedarschema"));
    assert_ne!(dir.file("now/entities.json"), dir.file("then/entities.json"));
    // Twice the same bytes.
    ok(&dir.run(&["export", "--cedar", "again", "--workspace", "story.json", "--at", "2"]));
    assert_eq!(dir.file("then/entities.json"), dir.file("again/entities.json"));

    // Lesson 3's start, in Chinese words.
    std::fs::write(dir.0.join("l3.json"), ok(&dir.run(&["seed", "--lesson3"]))).unwrap();
    let said = ok(&dir.run(&["export", "--cedar", "l3", "--workspace", "l3.json", "--lang", "zh-TW"]));
    assert!(said.contains("已寫入"), "{said}");
}

#[test]
fn bad_input_is_refused_in_both_languages_and_nothing_is_written() {
    let dir = Scratch::new("refused");
    std::fs::write(dir.0.join("bad.json"), "{\"cards\": [").unwrap();
    std::fs::write(dir.0.join("other.json"), "{\"x\": 1}").unwrap();
    std::fs::write(dir.0.join("utf16.json"), [0xFF, 0xFE, b'{', 0, b'}', 0]).unwrap();
    std::fs::write(dir.0.join("a-file"), "not a directory").unwrap();
    let cases: [(&[&str], &str, &str); 6] = [
        (&["--workspace", "missing.json"], "cannot read `missing.json`", "讀不到 `missing.json`"),
        (&["--workspace", "bad.json"], "bad.json", "bad.json"),
        (&["--workspace", "other.json"], "no `cards`", "cards"),
        (&["--workspace", "utf16.json"], "UTF-16", "UTF-16"),
        (&["--at", "5"], "tick 5 is after the workspace's clock (0)", "時刻 5 在工作區的時鐘(0)之後"),
        (&["--cedar", "a-file"], "`a-file` exists and is not a directory", "`a-file` 已經存在,但不是資料夾"),
    ];
    for (args, en, zh) in cases {
        for (lang, words) in [("en", en), ("zh-TW", zh)] {
            let mut all = vec!["export"];
            if !args.contains(&"--cedar") {
                all.extend(["--cedar", "out"]);
            }
            all.extend(args);
            all.extend(["--lang", lang]);
            let said = refused(&dir.run(&all));
            assert!(said.contains(words), "{all:?}: {said}");
        }
    }
    assert!(!dir.0.join("out").exists(), "a refused run writes nothing");
    assert_eq!(std::fs::read_to_string(dir.0.join("a-file")).unwrap(), "not a directory");
    // A tick that is no number is refused by the parser, with status 2 too.
    assert_eq!(dir.run(&["export", "--cedar", "out", "--at", "-1"]).status.code(), Some(2));
}

#[test]
fn the_workspace_read_is_never_overwritten() {
    let dir = Scratch::new("input");
    let seed = ok(&dir.run(&["seed"]));
    // A workspace named like one of the three files, in the directory.
    std::fs::write(dir.0.join("entities.json"), &seed).unwrap();
    for lang in ["en", "zh-TW"] {
        let said = refused(&dir.run(&["export", "--cedar", ".", "--workspace", "entities.json", "--lang", lang]));
        assert!(said.contains("entities.json"), "{said}");
        assert!(said.contains("never overwrites") || said.contains("不會覆寫"), "{said}");
    }
    assert_eq!(dir.file("entities.json"), seed);
    assert!(!dir.0.join("schema.cedarschema").exists(), "nothing written");
}
