//! A byte order mark in front of what the curriculum reads: the policy's
//! text reader (`mixua_policy::text`) against the seed, a pack and a list of
//! result codes.

use mixua_policy::text::{decode_text, BOM};

/// Every reader of the crate reads past a leading mark that a caller
/// left in (a browser's file reader, a paste): a workspace, a pack and a
/// list of result codes, where the mark would otherwise be refused as
/// "expected value" or "not a code".
#[test]
fn every_reader_reads_past_a_byte_order_mark() {
    let marked = |text: &str| format!("{BOM}{text}");
    let seed = mixua_course::seed_workspace();
    assert_eq!(mixua_policy::Workspace::from_json(&marked(&seed.to_json_pretty())).unwrap(), seed);
    let pack = mixua_course::builtin_pack("lesson1", mixua_words::Lang::En).unwrap();
    assert_eq!(mixua_course::Pack::from_json(&marked(&pack.to_json())).unwrap(), pack);
    let results = mixua_course::Results { pack: "lesson1".into(), version: pack.version, name: "Mei".into(), exercises: vec![] };
    let code = mixua_course::encode(&results);
    assert_eq!(mixua_course::read_codes(&marked(&code), &pack)[0].read.as_ref().unwrap().name, "Mei");
    // Through bytes, as the CLI reads a file.
    let bytes = [&[0xEF, 0xBB, 0xBF][..], code.as_bytes()].concat();
    assert_eq!(decode_text(&bytes), Ok(code.as_str()));
}
