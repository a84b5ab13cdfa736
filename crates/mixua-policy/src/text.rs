//! Text as it arrives from a file or a paste: bytes read as UTF-8, with a
//! UTF-8 byte-order mark (what Windows editors write) dropped, and any
//! other encoding refused with its name. The one place that decides how
//! bytes become text, for the CLI's files and the playground's imports alike.

use serde::Serialize;

/// The byte-order mark as a character (U+FEFF), as it stands at the start
/// of text that was decoded with it kept.
pub const BOM: char = '\u{FEFF}';

/// The most bytes a file may hold: 5 MiB (5,242,880 bytes). The playground
/// refuses a larger import, and a share link that unpacks to more; the
/// CLI stops reading any file or standard input one byte past it
/// ([`TextProblem::TooLarge`]), so an endless input (`/dev/zero`) ends at
/// once instead of filling the memory.
pub const MAX_FILE_BYTES: usize = 5 * 1024 * 1024;

/// A Unicode encoding other than UTF-8, recognised by its byte-order mark
/// or by the zero bytes of ASCII text written in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Encoding {
    Utf16Le,
    Utf16Be,
    Utf32Le,
    Utf32Be,
}

impl Encoding {
    /// The encoding's usual name, the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf16Le => "UTF-16 LE",
            Encoding::Utf16Be => "UTF-16 BE",
            Encoding::Utf32Le => "UTF-32 LE",
            Encoding::Utf32Be => "UTF-32 BE",
        }
    }
}

/// Why bytes are not read as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum TextProblem {
    /// The text is in another Unicode encoding: `marked` when it starts
    /// with that encoding's byte-order mark, else recognised by its layout
    /// (ASCII with zero bytes between).
    OtherEncoding { encoding: Encoding, marked: bool },
    /// Not UTF-8: the first byte that can't be read, at a 1-based line and
    /// column (the column counts characters).
    NotUtf8 { line: usize, column: usize, byte: u8 },
    /// More than `limit` bytes ([`MAX_FILE_BYTES`]): not read at all.
    TooLarge { limit: usize },
}

/// Reads bytes as UTF-8 text, without a leading UTF-8 byte-order mark.
/// Text in UTF-16 or UTF-32 (with or without its mark) and bytes that are
/// not UTF-8 are refused with a reason that names what they are and where.
pub fn decode_text(bytes: &[u8]) -> Result<&str, TextProblem> {
    if let Some(encoding) = other_encoding(bytes) {
        return Err(TextProblem::OtherEncoding { encoding, marked: marked(bytes, encoding) });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(without_bom(text)),
        Err(err) => {
            let good = &bytes[..err.valid_up_to()];
            // Everything before the error is valid UTF-8.
            let before = std::str::from_utf8(good).unwrap_or_default();
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
            Err(TextProblem::NotUtf8 { line, column, byte: bytes[err.valid_up_to()] })
        }
    }
}

/// Text without a leading byte-order mark, for text that was decoded
/// elsewhere (a browser's file reader, a paste) with the mark kept.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The encoding the bytes are in, when it is a Unicode encoding other than
/// UTF-8: by its byte-order mark (UTF-32's first, as UTF-32 LE's mark
/// begins with UTF-16 LE's), or by a first character that is ASCII with
/// zero bytes beside it, which no UTF-8 text starts with.
fn other_encoding(bytes: &[u8]) -> Option<Encoding> {
    const MARKS: [(&[u8], Encoding); 4] = [
        (&[0x00, 0x00, 0xFE, 0xFF], Encoding::Utf32Be),
        (&[0xFF, 0xFE, 0x00, 0x00], Encoding::Utf32Le),
        (&[0xFE, 0xFF], Encoding::Utf16Be),
        (&[0xFF, 0xFE], Encoding::Utf16Le),
    ];
    if let Some((_, encoding)) = MARKS.iter().find(|(mark, _)| bytes.starts_with(mark)) {
        return Some(*encoding);
    }
    let ascii = |b: u8| b != 0 && b.is_ascii();
    match bytes {
        [a, 0, 0, 0, ..] if ascii(*a) => Some(Encoding::Utf32Le),
        [0, 0, 0, a, ..] if ascii(*a) => Some(Encoding::Utf32Be),
        [a, 0, ..] if ascii(*a) => Some(Encoding::Utf16Le),
        [0, a, ..] if ascii(*a) => Some(Encoding::Utf16Be),
        _ => None,
    }
}

fn marked(bytes: &[u8], encoding: Encoding) -> bool {
    match encoding {
        Encoding::Utf16Le => bytes.starts_with(&[0xFF, 0xFE]),
        Encoding::Utf16Be => bytes.starts_with(&[0xFE, 0xFF]),
        Encoding::Utf32Le => bytes.starts_with(&[0xFF, 0xFE, 0x00, 0x00]),
        Encoding::Utf32Be => bytes.starts_with(&[0x00, 0x00, 0xFE, 0xFF]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool, mark: bool) -> Vec<u8> {
        let units = mark.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
        units.flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
    }

    fn utf32(text: &str, big_endian: bool, mark: bool) -> Vec<u8> {
        let chars = mark.then_some(0xFEFF).into_iter().chain(text.chars().map(u32::from));
        chars.flat_map(|c| if big_endian { c.to_be_bytes() } else { c.to_le_bytes() }).collect()
    }

    #[test]
    fn utf8_is_read_with_or_without_its_byte_order_mark() {
        assert_eq!(decode_text(b"{\"cards\": []}"), Ok("{\"cards\": []}"));
        assert_eq!(decode_text(b"\xEF\xBB\xBF{\"cards\": []}"), Ok("{\"cards\": []}"));
        assert_eq!(decode_text("\u{FEFF}報告".as_bytes()), Ok("報告"));
        assert_eq!(decode_text(b""), Ok(""));
        assert_eq!(decode_text(b"\xEF\xBB\xBF"), Ok(""));
        // Only a leading mark is dropped: one inside the text is text.
        assert_eq!(decode_text("a\u{FEFF}b".as_bytes()), Ok("a\u{FEFF}b"));
        assert_eq!(without_bom("\u{FEFF}\u{FEFF}x"), "\u{FEFF}x");
    }

    #[test]
    fn other_unicode_encodings_are_named_with_or_without_a_mark() {
        let json = "{\"cards\": []}";
        for (bytes, encoding, marked) in [
            (utf16(json, false, true), Encoding::Utf16Le, true),
            (utf16(json, true, true), Encoding::Utf16Be, true),
            (utf16(json, false, false), Encoding::Utf16Le, false),
            (utf16(json, true, false), Encoding::Utf16Be, false),
            (utf32(json, false, true), Encoding::Utf32Le, true),
            (utf32(json, true, true), Encoding::Utf32Be, true),
            (utf32(json, false, false), Encoding::Utf32Le, false),
            (utf32(json, true, false), Encoding::Utf32Be, false),
            (utf16("", false, true), Encoding::Utf16Le, true),
        ] {
            assert_eq!(decode_text(&bytes), Err(TextProblem::OtherEncoding { encoding, marked }), "{bytes:x?}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused_at_their_line_and_column() {
        assert_eq!(decode_text(b"ab\xFFc"), Err(TextProblem::NotUtf8 { line: 1, column: 3, byte: 0xFF }));
        // A character cut after its first byte, on line 2 after 14 characters.
        let mut cut = "{\n  \"query\": \"報告".as_bytes().to_vec();
        cut.extend_from_slice(&[0xE5, 0x20]);
        assert_eq!(decode_text(&cut), Err(TextProblem::NotUtf8 { line: 2, column: 15, byte: 0xE5 }));
        // Latin-1, as an old editor might save `café`.
        assert_eq!(decode_text(b"caf\xE9"), Err(TextProblem::NotUtf8 { line: 1, column: 4, byte: 0xE9 }));
    }
}
