//! The link codec, written once for both kinds of link the app makes: a
//! work's share link (`#v1.` + data, `store/persist.rs`) and a teacher's pack
//! link (`#p1.` + integrity value + `.` + data, `store/pack_link.rs`). A link is
//! a kind letter, a version number, a dot, then what that kind carries;
//! the data is base64url(zlib(text)), unpacked under a size limit. Pure:
//! what each kind carries, and its problems in words, are its module's.

use std::io::Read as _;

use base64::Engine as _;

/// Which link a fragment is, by its first letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `v`: a work (its workspace, predictions, progress and lesson).
    Work,
    /// `p`: a teacher's pack.
    Pack,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Work => 'v',
            Kind::Pack => 'p',
        }
    }
}

/// A link's head, read: its kind and version, and the rest after the dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head<'a> {
    pub kind: Kind,
    pub version: u32,
    pub rest: &'a str,
}

/// Reads a fragment's head (with or without the leading `#`): a kind
/// letter, a version in decimal digits, a dot. Anything else is no link
/// (`None`), including a version too large to be a number.
pub fn head(fragment: &str) -> Option<Head<'_>> {
    let fragment = fragment.trim_start_matches('#');
    let kind = [Kind::Work, Kind::Pack].into_iter().find(|k| fragment.starts_with(k.letter()))?;
    let (version, rest) = fragment[1..].split_once('.')?;
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Head { kind, version: version.parse().ok()?, rest })
}

/// A link of this kind and version: `v1.` + `rest`.
pub fn write(kind: Kind, version: u32, rest: &str) -> String {
    format!("{}{version}.{rest}", kind.letter())
}

/// Why a link's data could not be unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unpacked {
    /// Not base64url, not a whole zlib stream (cut off, altered), not UTF-8.
    Damaged,
    /// It unpacks to more than the limit.
    TooLarge { limit: usize },
}

/// A link's data: base64url(zlib(text)).
pub fn pack_text(text: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), 9);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// Reads what [`pack_text`] wrote, unpacking at most `limit` bytes: one
/// byte more is a link too large (a zlib bomb stops there), not a damaged
/// one. zlib's checksum catches a link that was cut off or altered.
pub fn unpack_text(data: &str, limit: usize) -> Result<String, Unpacked> {
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(data).map_err(|_| Unpacked::Damaged)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, limit).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => Unpacked::TooLarge { limit },
        _ => Unpacked::Damaged,
    })?;
    let mut text = String::new();
    bytes.as_slice().read_to_string(&mut text).map_err(|_| Unpacked::Damaged)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link's head as read: its kind, its version and the rest.
    type HeadRead<'a> = Option<(Kind, u32, &'a str)>;

    /// Each fragment and the head it reads as (`None`: no link).
    #[test]
    fn a_head_is_a_kind_a_version_in_digits_and_a_dot() {
        let cases: &[(&str, HeadRead)] = &[
            ("v1.eJxLTE", Some((Kind::Work, 1, "eJxLTE"))),
            ("#v1.eJxLTE", Some((Kind::Work, 1, "eJxLTE"))),
            ("p1.0a1b2c3d.eJx", Some((Kind::Pack, 1, "0a1b2c3d.eJx"))),
            ("v9.", Some((Kind::Work, 9, ""))),
            ("p12.x", Some((Kind::Pack, 12, "x"))),
            ("v007.x", Some((Kind::Work, 7, "x"))),
            ("hello", None),
            ("", None),
            ("#", None),
            ("v.abc", None),
            ("v1", None),
            ("v+1.abc", None),
            ("v-1.abc", None),
            ("v1a.abc", None),
            ("V1.abc", None),
            ("x1.abc", None),
            ("v99999999999.abc", None),
            ("v١.abc", None),
        ];
        for (fragment, want) in cases {
            let got = head(fragment).map(|h| (h.kind, h.version, h.rest));
            assert_eq!(got, *want, "{fragment:?}");
        }
    }

    #[test]
    fn what_is_written_reads_back() {
        for kind in [Kind::Work, Kind::Pack] {
            for version in [0, 1, 42, u32::MAX] {
                let rest = pack_text("{\"cards\":[]}");
                let link = write(kind, version, &rest);
                assert_eq!(head(&link), Some(Head { kind, version, rest: &rest }));
                assert_eq!(head(&format!("#{link}")), Some(Head { kind, version, rest: &rest }));
            }
        }
    }

    #[test]
    fn data_unpacks_within_its_limit_and_is_too_large_past_it() {
        assert_eq!(unpack_text(&pack_text("héllo"), 6), Ok("héllo".to_string()));
        assert_eq!(unpack_text(&pack_text("héllo"), 5), Err(Unpacked::TooLarge { limit: 5 }));
        assert_eq!(unpack_text(&pack_text(""), 0), Ok(String::new()));
        assert_eq!(unpack_text("%%", 10), Err(Unpacked::Damaged));
        let data = pack_text("a longer text that is cut short");
        assert_eq!(unpack_text(&data[..data.len() - 4], 100), Err(Unpacked::Damaged));
        // Not UTF-8 inside: damaged, never read lossily.
        let latin1 = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(b"caf\xe9", 9));
        assert_eq!(unpack_text(&latin1, 100), Err(Unpacked::Damaged));
    }
}
