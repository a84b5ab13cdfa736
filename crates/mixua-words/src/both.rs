//! The report's words in both languages, in a build with one (see
//! `lib.rs`): the same sources, under a `pick!` that chooses as the program
//! runs.

macro_rules! pick {
    ($lang:expr, $zh:expr, $en:expr $(,)?) => {
        ($lang).pick($zh, $en)
    };
}

#[path = "explain.rs"]
pub mod explain;
#[path = "probe_words.rs"]
pub mod probe_words;
