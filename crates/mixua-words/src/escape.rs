//! Text from a file or an argument (a card's id, its lesson, an actor, a
//! reason, a query), made safe to print on a terminal: every control
//! character is written as an escape (`\u{1b}`), never raw. A raw escape
//! sequence in a card id could clear the screen, move the cursor or set the
//! window's title; a carriage return could print one line over another;
//! a bidirectional control could turn the rest of the line around. The
//! JSON the shells print is escaped by its writer already; this is for
//! every text rendering (the CLI's text output, its messages).

use std::borrow::Cow;
use std::fmt::Write;

/// Must `c` never be printed raw? The control characters (C0, DEL and C1,
/// Unicode's category Cc) and the bidirectional controls (embeddings,
/// overrides, isolates and marks): these print nothing and change what the
/// terminal shows.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character [`is_hidden`] written as `\u{…}` (hex, as
/// Rust writes it): an ESC is `\u{1b}`, a line feed `\u{a}`. For one value
/// within a line: a line feed in an id can't start a line of its own.
/// Text with nothing to escape is borrowed as it is.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_with(text, |_| false)
}

/// The same, keeping line feeds: for output that is lines already (a
/// table), whose user-given values were escaped with [`escape_controls`].
pub fn escape_controls_in_lines(text: &str) -> Cow<'_, str> {
    escape_with(text, |c| c == '\n')
}

fn escape_with(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let hidden = |c: char| is_hidden(c) && !keep(c);
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            let _ = write!(escaped, "\\u{{{:x}}}", c as u32);
        } else {
            escaped.push(c);
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidirectional_characters_are_escaped_and_nothing_else() {
        assert_eq!(escape_controls("A\u{1b}[2J"), "A\\u{1b}[2J");
        assert_eq!(escape_controls("a\nb\rc\td\u{7f}e\u{85}f\u{9b}"), "a\\u{a}b\\u{d}c\\u{9}d\\u{7f}e\\u{85}f\\u{9b}");
        assert_eq!(escape_controls("x\u{202E}y\u{2066}z\u{200F}"), "x\\u{202e}y\\u{2066}z\\u{200f}");
        assert_eq!(escape_controls("\0"), "\\u{0}");
        for plain in ["", "G2", "報告的經驗", "a b", "👩\u{200D}💻", "\\u{1b}"] {
            assert!(matches!(escape_controls(plain), Cow::Borrowed(_)), "{plain:?}");
        }
    }

    #[test]
    fn lines_keep_their_line_feeds_and_lose_everything_else() {
        assert_eq!(escape_controls_in_lines("a\u{1b}]0;x\u{7}\nb\r\n"), "a\\u{1b}]0;x\\u{7}\nb\\u{d}\n");
    }
}
