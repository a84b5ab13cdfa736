//! Unicode's format characters (general category Cf): characters that
//! print nothing and yet change the text, such as the zero-width space
//! (U+200B), the zero-width joiners, the byte order mark (U+FEFF), the soft
//! hyphen (U+00AD), the bidirectional controls (U+202A–U+202E, U+2066–
//! U+2069, U+200E, U+200F, U+061C) and the tag characters. A name holding
//! one can print exactly like another name, or turn around the text after
//! it on a terminal, so names refuse them ([`crate::viewer::check_name`]).
//!
//! The table is the whole of category Cf in **Unicode 16.0.0**
//! (`DerivedGeneralCategory.txt`), checked by hand and tested code point by
//! code point against an independent table of the same version. It is kept
//! here rather than taken from a crate: 21 ranges cost a few hundred bytes
//! of wasm, where a crate of every category would cost kilobytes.

/// The Cf ranges of Unicode 16.0.0, inclusive, in order.
const FORMAT: [(u32, u32); 21] = [
    (0x00AD, 0x00AD),   // soft hyphen
    (0x0600, 0x0605),   // Arabic number signs
    (0x061C, 0x061C),   // Arabic letter mark (bidi)
    (0x06DD, 0x06DD),   // Arabic end of ayah
    (0x070F, 0x070F),   // Syriac abbreviation mark
    (0x0890, 0x0891),   // Arabic pound and piastre marks above
    (0x08E2, 0x08E2),   // Arabic disputed end of ayah
    (0x180E, 0x180E),   // Mongolian vowel separator
    (0x200B, 0x200F),   // zero-width space, non-joiner, joiner; LRM, RLM
    (0x202A, 0x202E),   // bidi embeddings and overrides
    (0x2060, 0x2064),   // word joiner, invisible operators
    (0x2066, 0x206F),   // bidi isolates; deprecated format characters
    (0xFEFF, 0xFEFF),   // zero-width no-break space (byte order mark)
    (0xFFF9, 0xFFFB),   // interlinear annotation
    (0x110BD, 0x110BD), // Kaithi number sign
    (0x110CD, 0x110CD), // Kaithi number sign above
    (0x13430, 0x1343F), // Egyptian hieroglyph format controls
    (0x1BCA0, 0x1BCA3), // shorthand format controls
    (0x1D173, 0x1D17A), // musical symbol beams and phrases
    (0xE0001, 0xE0001), // language tag
    (0xE0020, 0xE007F), // tag characters
];

/// Is `c` a format character (Unicode 16.0 general category Cf)?
pub fn is_format(c: char) -> bool {
    let c = c as u32;
    // Below the first range (U+00AD): every ASCII name is checked here, and
    // a log of 10,000 events checks one name per event (issue 25).
    if c < FORMAT[0].0 {
        return false;
    }
    // The table is sorted and its ranges are disjoint: the one range that
    // may hold `c` is the last that starts at or before it.
    let at = FORMAT.partition_point(|&(start, _)| start <= c);
    at > 0 && c <= FORMAT[at - 1].1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_disjoint() {
        for pair in FORMAT.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:x?}");
        }
        // 170 code points in all, as Unicode 16.0 counts Cf.
        assert_eq!(FORMAT.iter().map(|(a, b)| b - a + 1).sum::<u32>(), 170);
    }

    #[test]
    fn the_characters_names_hide_are_format_characters() {
        for c in ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{202E}', '\u{202A}', '\u{2066}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}', '\u{E0041}', '\u{E007F}'] {
            assert!(is_format(c), "U+{:04X}", c as u32);
        }
        for c in ['a', '王', ' ', '\u{3000}', '\t', '\u{00AC}', '\u{00AE}', '\u{2065}', '\u{2070}', '\u{FEFE}', '\u{E0000}', '\u{E0080}', '\u{10FFFF}'] {
            assert!(!is_format(c), "U+{:04X}", c as u32);
        }
    }
}
