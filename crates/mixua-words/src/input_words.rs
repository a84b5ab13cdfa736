//! Plain words, in 繁體中文 and English, for input that is not read at
//! all: bytes that are not UTF-8 text ([`TextProblem`]) and files that are
//! not workspaces ([`LoadError`]). Built from the reason values only.

use crate::explain::Lang;
use mixua_policy::text::TextProblem;
use mixua_policy::workspace::{LoadError, LoadReason};

/// Why bytes are not read as text, naming the encoding they are in.
pub fn text_problem_words(problem: &TextProblem, lang: Lang) -> String {
    match problem {
        TextProblem::OtherEncoding { encoding, marked } => {
            let name = encoding.name();
            let how = match (marked, lang) {
                (true, Lang::ZhTw) => format!("開頭是 {name} 的位元組順序記號(BOM)"),
                (true, Lang::En) => format!("it starts with the {name} byte-order mark"),
                (false, Lang::ZhTw) => "每個字元之間夾著零位元組".to_string(),
                (false, Lang::En) => "its characters have zero bytes between them".to_string(),
            };
            pick!(lang, 
                format!("這是 {name} 編碼的文字({how}),不是 UTF-8。請另存成 UTF-8 再試一次。"),
                format!("this is text in {name} ({how}), not UTF-8: save it as UTF-8 and try again."),
            )
        }
        TextProblem::NotUtf8 { line, column, byte } => pick!(lang, 
            format!("第 {line} 行第 {column} 欄的位元組 0x{byte:02X} 不是 UTF-8:這不是 UTF-8 文字(也許是 Big5 或 Latin-1)。請另存成 UTF-8 再試一次。"),
            format!("the byte 0x{byte:02X} at line {line}, column {column} is not UTF-8: this is not UTF-8 text (Big5 or Latin-1, perhaps); save it as UTF-8 and try again."),
        ),
        TextProblem::TooLarge { limit } => pick!(lang, 
            format!("太大了:超過 {} MB({limit} 位元組)的上限,一個檔案最多只能這麼大;沒有讀取。", limit / (1024 * 1024)),
            format!("too large: more than the {} MB limit ({limit} bytes) a file may hold; it was not read.", limit / (1024 * 1024)),
        ),
    }
}

/// Why a command refuses to write its output file `out`: it is the file
/// being read (`input`), by the same name, through a symbolic link or as
/// another hard link to it, and writing would replace it. Nothing is
/// written.
pub fn overwrite_words(out: &str, input: &str, lang: Lang) -> String {
    pick!(lang, 
        format!("「{out}」就是正在讀的工作區「{input}」:寫進去會把工作區換成報告。什麼都沒有寫;請用 --out 指定另一個檔案,或用 --out - 只印到標準輸出。"),
        format!("`{out}` is the workspace being read (`{input}`): writing there would replace the workspace with the report. Nothing was written; give --out another file, or --out - for standard output only."),
    )
}

/// Why a file is not read as a workspace, with where, when the JSON reader
/// knows.
pub fn load_error_words(error: &LoadError, lang: Lang) -> String {
    match &error.reason {
        LoadReason::Json if error.line > 0 => pick!(lang, 
            format!("第 {} 行第 {} 欄:無法讀成工作區:{}", error.line, error.column, error.message),
            format!("line {}, column {}: can't be read as a workspace: {}", error.line, error.column, error.message),
        ),
        LoadReason::Json => pick!(lang, 
            format!("無法讀成工作區:{}", error.message),
            format!("can't be read as a workspace: {}", error.message),
        ),
        LoadReason::NoCards { pack, unknown } => {
            let mut words = pick!(lang, 
                "這不是工作區檔案:裡面沒有 cards 卡片清單。".to_string(),
                "this is not a workspace file: it has no `cards` list.".to_string(),
            );
            if *pack {
                words.push_str(pick!(lang, 
                    "它看起來是練習包(有 exercises):請當練習包開啟,不要當工作區匯入。",
                    " It looks like an exercise pack (it has `exercises`): open it as a pack, not as a workspace.",
                ));
            }
            if !unknown.is_empty() {
                let keys: Vec<String> = unknown.iter().map(|key| pick!(lang, key.clone(), format!("`{key}`"))).collect();
                words.push_str(&pick!(lang, 
                    format!("工作區沒有這些欄位:{}。", keys.join("、")),
                    format!(" Keys no workspace has: {}.", keys.join(", ")),
                ));
            }
            words
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_policy::text::{decode_text, Encoding};
    use mixua_policy::workspace::Workspace;

    #[test]
    fn every_text_problem_names_the_encoding_or_the_place_in_both_languages() {
        for (problem, named) in [
            (TextProblem::OtherEncoding { encoding: Encoding::Utf16Le, marked: true }, "UTF-16 LE"),
            (TextProblem::OtherEncoding { encoding: Encoding::Utf16Be, marked: false }, "UTF-16 BE"),
            (TextProblem::OtherEncoding { encoding: Encoding::Utf32Le, marked: true }, "UTF-32 LE"),
            (TextProblem::NotUtf8 { line: 3, column: 7, byte: 0xA4 }, "0xA4"),
        ] {
            let (zh, en) = (text_problem_words(&problem, Lang::ZhTw), text_problem_words(&problem, Lang::En));
            assert!(zh.contains(named) && en.contains(named), "{zh} / {en}");
            assert!(zh.contains("UTF-8") && en.contains("UTF-8"), "{zh} / {en}");
            assert_ne!(zh, en);
        }
        let words = text_problem_words(&decode_text(&[0xFF, 0xFE, b'{', 0]).unwrap_err(), Lang::En);
        assert!(words.contains("UTF-16 LE byte-order mark"), "{words}");
    }

    #[test]
    fn too_large_names_the_limit_in_both_languages() {
        let problem = TextProblem::TooLarge { limit: mixua_policy::MAX_FILE_BYTES };
        let (zh, en) = (text_problem_words(&problem, Lang::ZhTw), text_problem_words(&problem, Lang::En));
        assert!(en.starts_with("too large") && en.contains("5 MB") && en.contains("5242880"), "{en}");
        assert!(zh.contains("太大") && zh.contains("5 MB") && zh.contains("5242880"), "{zh}");
    }

    #[test]
    fn a_file_without_cards_is_refused_in_words_that_say_a_pack_is_a_pack() {
        let pack = Workspace::from_json(r#"{"format": 1, "id": "lesson1", "exercises": []}"#).unwrap_err();
        assert_eq!(pack.reason, LoadReason::NoCards { pack: true, unknown: vec!["format".into(), "id".into(), "exercises".into()] });
        let en = load_error_words(&pack, Lang::En);
        assert!(en.contains("no `cards` list") && en.contains("exercise pack") && en.contains("`exercises`"), "{en}");
        let zh = load_error_words(&pack, Lang::ZhTw);
        assert!(zh.contains("沒有 cards") && zh.contains("練習包"), "{zh}");
        let empty = Workspace::from_json("{}").unwrap_err();
        assert_eq!(empty.reason, LoadReason::NoCards { pack: false, unknown: vec![] });
        assert!(!load_error_words(&empty, Lang::En).contains("pack"));
        let json = Workspace::from_json("{\"cards\": [").unwrap_err();
        assert!(load_error_words(&json, Lang::ZhTw).starts_with("第 1 行第"), "{}", load_error_words(&json, Lang::ZhTw));
    }
}
