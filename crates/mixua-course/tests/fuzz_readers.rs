//! Fuzzing as a standing test: every reader of the crate that takes text
//! from outside (a workspace file, a pack's JSON and a pack link's
//! integrity value, a result code and a list of them) gets arbitrary
//! bytes, and mutations of valid inputs, byte by byte and value by value.
//! Each must give a value or a refusal with its reason in words, never
//! panic. Time is bounded by the input, not measured: each case is at most
//! a few kilobytes, and the cases are few enough for CI (about 2 s here).
//!
//! The app's own codecs (share links, pack links, stored works) are fuzzed
//! natively in the app's `tests/fuzz_readers.rs`.

use mixua_course::exercise_words::{code_problem_words, pack_problem_words};
use mixua_policy::{audit, Evaluation, Policy, Workspace};
use mixua_words::{report, Lang};
use mixua_course::{
    builtin_pack, check_integrity, decode, decode_for, encode, integrity, read_codes, seed_workspace,
    story_workspace, Pack, PACK_MAX_BYTES,
};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

// ---------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------

/// Pieces a hostile or clumsy editor puts into JSON.
const TOKENS: &[&str] = &[
    "\"", "{", "}", "[", "]", ",", ":", "null", "true", "-1", "0", "1e999", "18446744073709551616", "\\", "\\u0000",
    "\\ud800", "\u{FEFF}", "\u{202E}", "\u{200B}", "\"\":\"\"", "\"supersedes\":\"A\"", "\"status\":\"deleted\"",
    "\"scope\":\"GLOBAL\"", "\"cards\":[]", "\"events\":{}", "\"clock\":-3", "/", "\n", "\r\n", "\t",
];

/// One change to a text, byte-wise: places are indices into the text as it
/// is when the change is made.
#[derive(Clone, Debug)]
enum Bytes {
    Flip(Index, u8),
    Insert(Index, usize),
    Delete(Index, u8),
    Repeat(Index, u8),
    Cut(Index),
}

fn byte_change() -> impl Strategy<Value = Bytes> {
    prop_oneof![
        any::<(Index, u8)>().prop_map(|(i, b)| Bytes::Flip(i, b)),
        (any::<Index>(), 0..TOKENS.len()).prop_map(|(i, t)| Bytes::Insert(i, t)),
        any::<(Index, u8)>().prop_map(|(i, n)| Bytes::Delete(i, n)),
        any::<(Index, u8)>().prop_map(|(i, n)| Bytes::Repeat(i, n)),
        any::<Index>().prop_map(Bytes::Cut),
    ]
}

/// The text after the changes, at most `cap` bytes (not always UTF-8).
fn mutated(text: &str, changes: &[Bytes], cap: usize) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for change in changes {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
        let len = bytes.len();
        match change {
            Bytes::Flip(i, b) if len > 0 => {
                let i = at(i, len);
                bytes[i] ^= b | 1;
            }
            Bytes::Insert(i, t) => {
                let i = at(i, len + 1);
                bytes.splice(i..i, TOKENS[*t].bytes());
            }
            Bytes::Delete(i, n) if len > 0 => {
                let i = at(i, len);
                bytes.drain(i..(i + usize::from(*n) % 16 + 1).min(len));
            }
            Bytes::Repeat(i, n) if len > 0 => {
                let i = at(i, len);
                let piece = bytes[i..(i + usize::from(*n) % 64 + 1).min(len)].to_vec();
                bytes.splice(i..i, piece);
            }
            Bytes::Cut(i) => bytes.truncate(at(i, len + 1)),
            _ => {}
        }
        bytes.truncate(cap);
    }
    bytes
}

/// One change to a JSON document, value-wise: the `n`th node (in a walk of
/// the document) is replaced, removed, or doubled.
#[derive(Clone, Debug)]
enum Values {
    Replace(Index, Value),
    Remove(Index),
    Double(Index),
    /// The `n`th leaf is pushed to an extreme of its own kind (a number to
    /// the largest or a negative one, a string to a hostile one, a boolean
    /// flipped), so the file still has its shape and reads on.
    Extreme(Index, u8),
}

/// Small JSON values of every kind, with the numbers and strings that
/// stress a reader.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop_oneof![Just(-1i64), Just(0), Just(1), Just(i64::MAX), any::<i64>()].prop_map(Value::from),
        Just(serde_json::json!(u64::MAX)),
        Just(serde_json::json!(1.5)),
        prop_oneof![
            Just(String::new()),
            Just("GLOBAL".to_string()),
            Just("deleted".to_string()),
            Just("G".to_string()),
            Just("alice/writer-v1".to_string()),
            Just("ali\u{200B}ce".to_string()),
            ".{0,12}".prop_map(|s: String| s),
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec(("[a-z_]{1,8}", inner), 0..4).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn value_change() -> impl Strategy<Value = Values> {
    prop_oneof![
        3 => (any::<Index>(), json_value()).prop_map(|(i, v)| Values::Replace(i, v)),
        1 => any::<Index>().prop_map(Values::Remove),
        1 => any::<Index>().prop_map(Values::Double),
        3 => any::<(Index, u8)>().prop_map(|(i, k)| Values::Extreme(i, k)),
    ]
}

fn count(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count).sum(),
        Value::Object(map) => map.values().map(count).sum(),
        _ => 0,
    }
}

/// Applies `change` to the `n`th node below `value` (0 is `value` itself).
fn apply_at(value: &mut Value, n: &mut usize, change: &Values) -> bool {
    if *n == 0 {
        if let Values::Replace(_, new) = change {
            *value = new.clone();
        }
        return true;
    }
    *n -= 1;
    match value {
        Value::Array(items) => {
            for k in 0..items.len() {
                if *n == 0 && !matches!(change, Values::Replace(..)) {
                    match change {
                        Values::Remove(_) => drop(items.remove(k)),
                        _ => items.insert(k, items[k].clone()),
                    }
                    return true;
                }
                if apply_at(&mut items[k], n, change) {
                    return true;
                }
            }
        }
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for key in keys {
                if *n == 0 && matches!(change, Values::Remove(_)) {
                    map.remove(&key);
                    return true;
                }
                if apply_at(map.get_mut(&key).unwrap(), n, change) {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
}

/// The JSON pointers of every leaf.
fn leaves(value: &Value, path: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().enumerate().for_each(|(k, v)| leaves(v, format!("{path}/{k}"), out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| leaves(v, format!("{path}/{}", k.replace('~', "~0").replace('/', "~1")), out)),
        _ => out.push(path),
    }
}

fn extreme(leaf: &Value, k: u8) -> Value {
    match leaf {
        Value::Number(_) => [serde_json::json!(u64::MAX), serde_json::json!(-1), serde_json::json!(i64::MIN), serde_json::json!(0), serde_json::json!(1e300)][usize::from(k) % 5].clone(),
        Value::String(_) => Value::from(["", "\u{202E}x", "GLOBAL", "deleted", "G", "a/b", &"x".repeat(300)][usize::from(k) % 7]),
        Value::Bool(b) => Value::Bool(!b),
        Value::Null | Value::Array(_) | Value::Object(_) => Value::from(u64::MAX),
    }
}

fn changed_json(text: &str, changes: &[Values]) -> String {
    let mut doc: Value = serde_json::from_str(text).unwrap();
    for change in changes {
        match change {
            Values::Extreme(i, k) => {
                let mut paths = Vec::new();
                leaves(&doc, String::new(), &mut paths);
                if paths.is_empty() {
                    continue;
                }
                let path = &paths[i.index(paths.len())];
                let leaf = doc.pointer_mut(path).expect("a leaf's pointer");
                *leaf = extreme(leaf, *k);
            }
            Values::Replace(i, _) | Values::Remove(i) | Values::Double(i) => {
                let mut n = i.index(count(&doc));
                apply_at(&mut doc, &mut n, change);
            }
        }
    }
    doc.to_string()
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

// ---------------------------------------------------------------------------
// What each reader must do
// ---------------------------------------------------------------------------

/// A workspace file: read, and then everything a shell does with it runs;
/// or refused with a message.
fn read_workspace(text: &str) -> Result<(), TestCaseError> {
    match Workspace::from_json(text) {
        Ok(ws) => {
            let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
            let _ = eval.views();
            let _ = report(&ws, &ws.query, true);
            let _ = audit(&ws);
            assemble_and_diagnose(&ws, 2);
            // What was read writes back into a file that reads again.
            let again = Workspace::from_json(&ws.to_json_pretty());
            prop_assert!(again.is_ok(), "{:?}", again.err());
        }
        Err(error) => prop_assert!(!error.message.trim().is_empty()),
    }
    Ok(())
}

/// Lesson 3's assembly and diagnosis over what was read: every viewer's
/// prompt for its task, its metrics and words, and the diagnosis of the
/// first `cards` cards (and one that does not exist). None panics in a
/// debug build, where an overflow would.
#[cfg(feature = "lesson3")]
fn assemble_and_diagnose(ws: &Workspace, cards: usize) {
    use mixua_policy::diagnose::diagnose;
    use mixua_policy::prompt::{task_for, Assembler};
    use mixua_words::prompt_words::{diagnosis_words, metrics_words, prompt_words};
    for user in ws.users.iter().take(3) {
        for agent in ws.agents.iter().take(3) {
            let viewer = mixua_policy::Viewer::new(user, agent);
            let (query, gold) = task_for(ws, viewer, None);
            let a = Assembler::new(ws, query);
            let p = a.prompt(viewer);
            let m = a.metrics(&p, gold);
            let _ = (prompt_words(ws, &p, Lang::En), metrics_words(ws, &m, Lang::ZhTw), m.startup_percent());
            for id in ws.cards.iter().take(cards).map(|c| c.id.as_str()).chain(["NOPE"]) {
                let d = diagnose(ws, viewer, id, query);
                let _ = diagnosis_words(ws, &d, Lang::En);
            }
        }
    }
}

#[cfg(not(feature = "lesson3"))]
fn assemble_and_diagnose(_: &Workspace, _: usize) {}

/// Arbitrary values for lesson 3's prompt keys: the workspace's `prompt`
/// (and its `tasks`) and a card's `load`, `risk`, `tokens`, `reliability`
/// and `uses`. The keys are mostly the ones each object knows, so that the
/// values reach the assembly; the values are mostly the extremes (the
/// largest numbers, a negative, a fraction, text) and any JSON.
#[cfg(feature = "lesson3")]
fn prompt_keys() -> impl Strategy<Value = (Value, Vec<(usize, &'static str, Value)>, Option<Value>)> {
    let number = || {
        prop_oneof![
            3 => Just(serde_json::json!(u64::MAX)),
            1 => Just(serde_json::json!(u64::MAX - 1)),
            1 => Just(serde_json::json!(-1)),
            1 => Just(serde_json::json!(200.0)),
            1 => Just(serde_json::json!(1e300)),
            1 => Just(serde_json::json!("200")),
            2 => Just(serde_json::json!(100_000)),
            1 => Just(serde_json::json!(1_000_000)),
            2 => Just(serde_json::json!(0)),
            2 => any::<u64>().prop_map(Value::from),
            1 => json_value(),
        ]
    };
    let object = |names: &'static [&'static str], value: BoxedStrategy<Value>| {
        prop::collection::vec((prop::sample::select(names), value), 0..6)
            .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
    };
    // Whole numbers only, half the time: a `prompt` every key of which a
    // reader without ranges would take.
    let whole = || prop_oneof![Just(serde_json::json!(u64::MAX)), Just(serde_json::json!(0)), any::<u64>().prop_map(Value::from)];
    let layer = prop_oneof![Just(Value::from("always")), Just(Value::from("tool")), Just(Value::from("retrieved")), json_value()].boxed();
    let budgets = prop_oneof![
        object(&["shared", "episodic", "procedural", "semantic", "working", "meta", "untyped", "dreams"], number().boxed()),
        object(&["shared", "episodic", "procedural", "semantic"], whole().boxed()),
    ];
    let weights = prop_oneof![
        object(&["relevance", "recency", "review", "reliability", "usage"], number().boxed()),
        object(&["relevance", "recency", "review", "reliability"], whole().boxed()),
    ];
    let load = object(&["episodic", "procedural", "semantic", "working", "meta", "untyped", "dreams"], layer);
    let prompt = (budgets, weights, load, prop_oneof![number(), whole()], json_value(), any::<u8>().prop_map(|m| m & !(m >> 3 & 16))).prop_map(|(budgets, weights, load, top_k, other, mask)| {
        let mut p = serde_json::Map::new();
        for (bit, key, value) in [(1, "budgets", budgets), (2, "weights", weights), (4, "load", load), (8, "top_k", top_k), (16, "other", other)] {
            if mask & bit != 0 {
                p.insert(key.into(), value);
            }
        }
        Value::Object(p)
    });
    let keys = prop::collection::vec(
        (
            0usize..64,
            prop::sample::select(vec!["load", "risk", "tokens", "tokens", "reliability", "uses"]),
            prop_oneof![
                4 => number(),
                2 => Just(Value::from("high")),
                1 => Just(Value::from("HIGH")),
                1 => Just(Value::from("always")),
            ],
        ),
        0..16,
    );
    let tasks = prop::option::of(json_value());
    (prompt, keys, tasks)
}

/// A pack's JSON: read (and written back the same), or refused in words.
fn read_pack(text: &str) -> Result<(), TestCaseError> {
    match Pack::from_json(text) {
        Ok(pack) => prop_assert_eq!(Pack::from_json(&pack.to_json()), Ok(pack)),
        Err(problem) => {
            for lang in [Lang::En, Lang::ZhTw] {
                prop_assert!(!pack_problem_words(&problem, lang).trim().is_empty());
            }
        }
    }
    Ok(())
}

/// A result code, alone and in a list: read, or refused in words.
fn read_code(text: &str) -> Result<(), TestCaseError> {
    let pack = builtin_pack("lesson1", Lang::En).unwrap();
    match decode(text) {
        Ok(results) => prop_assert!(results.exercises.len() <= text.len()),
        Err(problem) => {
            for lang in [Lang::En, Lang::ZhTw] {
                prop_assert!(!code_problem_words(&problem, lang).trim().is_empty());
            }
        }
    }
    let _ = decode_for(text, &pack);
    for line in read_codes(text, &pack) {
        prop_assert!(line.line >= 1);
    }
    Ok(())
}

fn seed_text() -> String {
    seed_workspace().to_json_pretty()
}

fn story_text() -> String {
    story_workspace().to_json_pretty()
}

#[cfg(feature = "lesson3")]
fn lesson_three_text() -> String {
    mixua_course::lesson_three::lesson_three_workspace(Lang::En).to_json_pretty()
}

fn lesson_text(name: &str) -> String {
    builtin_pack(name, Lang::En).unwrap().to_json()
}

fn a_code() -> String {
    let pack = builtin_pack("lesson1", Lang::En).unwrap();
    let results = mixua_course::Results {
        pack: pack.id.clone(),
        version: pack.version,
        name: "陳小美".into(),
        exercises: pack
            .exercises
            .iter()
            .map(|e| mixua_course::ExerciseResult { hints: 1, cells: vec![mixua_course::CellMark::Right; e.code_cells().len()], ..Default::default() })
            .collect(),
    };
    encode(&results)
}

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A code around any payload, with its checksum right: what gets past the
/// checksum to the reading of the payload itself. (Base 32 written again
/// here, from the format's description, so the test does not use the
/// crate's own writer.)
fn code_of_payload(payload: &[u8]) -> String {
    let mut bytes = payload.to_vec();
    bytes.extend_from_slice(&mixua_course::crc32(payload).to_be_bytes());
    let mut out = String::from("MX1-");
    let (mut acc, mut bits) = (0u64, 0u32);
    for &b in &bytes {
        acc = (acc << 8) | u64::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The payload of a valid code (the bytes before its checksum).
fn payload_of(code: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let (mut acc, mut bits) = (0u64, 0u32);
    for c in code["MX1-".len()..].bytes() {
        acc = (acc << 5) | ALPHABET.iter().position(|&a| a == c).unwrap() as u64;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    bytes.truncate(bytes.len() - 4);
    bytes
}

/// The per-case cap on a text's size: a few kilobytes keeps every case
/// short, and still holds the valid inputs whole.
const CAP: usize = 16 * 1024;

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn the_workspace_reader_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        read_workspace(&lossy(&bytes))?;
    }

    #[test]
    fn the_workspace_reader_takes_any_byte_change_of_a_valid_file(
        story in any::<bool>(),
        changes in prop::collection::vec(byte_change(), 1..6),
    ) {
        let text = if story { story_text() } else { seed_text() };
        read_workspace(&lossy(&mutated(&text, &changes, CAP)))?;
    }

    #[test]
    fn the_workspace_reader_takes_any_value_change_of_a_valid_file(
        story in any::<bool>(),
        changes in prop::collection::vec(value_change(), 1..5),
    ) {
        let text = if story { story_text() } else { seed_text() };
        read_workspace(&changed_json(&text, &changes))?;
    }

    #[test]
    fn the_pack_reader_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        read_pack(&lossy(&bytes))?;
    }

    #[test]
    fn the_pack_reader_takes_any_change_of_a_valid_pack(
        two in any::<bool>(),
        bytes in prop::collection::vec(byte_change(), 0..5),
        values in prop::collection::vec(value_change(), 0..4),
    ) {
        let text = lesson_text(if two { "lesson2" } else { "lesson1" });
        read_pack(&lossy(&mutated(&changed_json(&text, &values), &bytes, PACK_MAX_BYTES)))?;
    }

    /// A pack link's integrity value is checked before the pack is read:
    /// a changed pack or a changed value is refused as damaged; both
    /// unchanged, it reads.
    #[test]
    fn a_pack_links_integrity_refuses_any_change(
        sum_changes in prop::collection::vec(byte_change(), 0..3),
        pack_changes in prop::collection::vec(byte_change(), 0..3),
    ) {
        let text = lesson_text("lesson1");
        let sum = integrity(&text);
        let changed_sum = lossy(&mutated(&sum, &sum_changes, 64));
        let changed_text = lossy(&mutated(&text, &pack_changes, PACK_MAX_BYTES));
        match check_integrity(&changed_text, &changed_sum) {
            Ok(()) => {
                // Only a change that left both as they were (or a change of
                // case or surrounding space in the value) passes.
                prop_assert_eq!(&changed_text, &text);
                prop_assert_eq!(changed_sum.trim().to_ascii_lowercase(), sum);
                read_pack(&changed_text)?;
            }
            Err(problem) => prop_assert_eq!(problem.code(), "damaged"),
        }
    }

    #[test]
    fn the_code_reader_takes_any_text(text in ".{0,300}", bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        read_code(&text)?;
        read_code(&lossy(&bytes))?;
        read_code(&format!("MX1-{text}"))?;
    }

    #[test]
    fn the_code_reader_takes_any_change_of_a_valid_code(
        changes in prop::collection::vec(byte_change(), 1..4),
        lines in 1..4usize,
    ) {
        let code = a_code();
        let changed = lossy(&mutated(&code, &changes, 4096));
        read_code(&changed)?;
        read_code(&vec![changed.as_str(); lines].join("\n"))?;
    }

    /// Past the checksum: any payload, and any change of a valid code's
    /// payload, under a checksum that matches.
    #[test]
    fn the_code_reader_takes_any_payload_under_a_right_checksum(
        payload in prop::collection::vec(any::<u8>(), 0..200),
        changes in prop::collection::vec(any::<(Index, u8, u8)>(), 1..6),
    ) {
        let code = code_of_payload(&payload);
        read_code(&code)?;
        let mut valid = payload_of(&a_code());
        for (at, byte, how) in &changes {
            let i = at.index(valid.len());
            match how % 3 {
                0 => valid[i] = *byte,
                1 => valid.insert(i, *byte),
                _ => drop(valid.remove(i)),
            }
            if valid.is_empty() {
                valid.push(1);
            }
        }
        read_code(&code_of_payload(&valid))?;
    }
}

proptest! {
    // Each case assembles and diagnoses for up to nine viewers: fewer cases.
    #![proptest_config(config(32))]

    #[cfg(feature = "lesson3")]
    #[test]
    fn lesson_three_s_assembly_and_diagnosis_take_any_prompt_keys((prompt, keys, tasks) in prompt_keys()) {
        let mut doc: Value = serde_json::from_str(&lesson_three_text()).unwrap();
        doc["prompt"] = prompt;
        if let Some(tasks) = tasks {
            doc["tasks"] = tasks;
        }
        let cards = doc["cards"].as_array_mut().unwrap();
        let n = cards.len();
        for (at, key, value) in keys {
            cards[at % n][key] = value;
        }
        let text = doc.to_string();
        let ws = Workspace::from_json(&text).map_err(|e| TestCaseError::fail(e.message))?;
        assemble_and_diagnose(&ws, 3);
        let _ = audit(&ws);
        // What was read writes back into a file that reads again, the same.
        let again = Workspace::from_json(&ws.to_json_pretty()).map_err(|e| TestCaseError::fail(e.message))?;
        prop_assert_eq!(again.prompt_config(), ws.prompt_config());
    }
}

/// The mutations reach past the first line of each reader: of the changed
/// files, some still read (and so are evaluated) and some are refused (a
/// check that the generators are neither all refused at the door nor all
/// harmless).
#[test]
fn the_mutations_reach_deep_into_the_readers() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let story = story_text();
    let (mut read, mut refused) = ([0; 2], [0; 2]);
    for _ in 0..64 {
        let values = prop::collection::vec(value_change(), 1..3).new_tree(&mut runner).unwrap().current();
        let bytes = prop::collection::vec(byte_change(), 1..3).new_tree(&mut runner).unwrap().current();
        for (kind, text) in [changed_json(&story, &values), lossy(&mutated(&story, &bytes, CAP))].iter().enumerate() {
            match Workspace::from_json(text) {
                Ok(_) => read[kind] += 1,
                Err(_) => refused[kind] += 1,
            }
        }
    }
    assert!(read.iter().all(|&n| n > 0) && refused.iter().all(|&n| n > 0), "read {read:?}, refused {refused:?}");
}

#[test]
fn the_tests_base32_writes_what_the_crate_reads() {
    let code = a_code();
    assert_eq!(code_of_payload(&payload_of(&code)), code);
}
