//! What a page load starts from, besides storage: the address (the
//! query's parameters and the fragment) and the tab's session (its
//! language, the clock, what this tab had).



use crate::store::lesson::Page;

/// The page's address: the query's parameters (decoded) and the fragment
/// (without `#`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Address {
    pub params: Vec<(String, String)>,
    pub fragment: String,
    /// The page loaded (this build's, [`Page::THIS`]).
    pub page: Page,
}

impl Address {
    /// The query parameters the start reads (the browser side asks for
    /// these names only).
    pub const NAMES: [&'static str; 10] = ["lang", "embed", "fresh", "lesson", "seed", "step", "hide", "panel", "classroom", "work"];

    /// An address from its parameters and fragment (`#` optional).
    pub fn new(params: &[(&str, &str)], fragment: &str) -> Address {
        Address {
            params: params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            fragment: fragment.trim_start_matches('#').to_string(),
            page: Page::THIS,
        }
    }

    /// The same address on another page of the site.
    pub fn on(self, page: Page) -> Address {
        Address { page, ..self }
    }

    pub(crate) fn param(&self, name: &str) -> Option<String> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    /// This address's query for another page: its parameters but `drop`'s,
    /// then `add`'s, encoded (`?…`, empty when there are none).
    pub fn query_for(&self, drop: &[&str], add: &[(&str, &str)]) -> String {
        fn encode(text: &str) -> String {
            text.bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => (b as char).to_string(),
                    _ => format!("%{b:02X}"),
                })
                .collect()
        }
        let kept = self.params.iter().filter(|(k, _)| !drop.contains(&k.as_str()) && !add.iter().any(|(a, _)| a == k));
        let pairs: Vec<String> = kept
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .chain(add.iter().copied())
            .map(|(k, v)| if v.is_empty() { encode(k) } else { format!("{}={}", encode(k), encode(v)) })
            .collect();
        if pairs.is_empty() { String::new() } else { format!("?{}", pairs.join("&")) }
    }

    pub(crate) fn flag(&self, name: &str) -> bool {
        self.params.iter().any(|(k, _)| k == name)
    }
}

/// What the start knows of this tab and this moment, besides storage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Session {
    /// The browser's language tag (`navigator.language`).
    pub browser_lang: String,
    /// The work this tab showed before a reload (session storage).
    pub tab_work: Option<String>,
    /// The id a new work takes ([`crate::store::recent::new_id`]).
    pub new_id: String,
    /// The clock as a new work's name shows it ("11-30 14:05").
    pub stamp: String,
    /// What of the course is in a part now (lesson 2's pack and start,
    /// when the start fetched its part first: `main.rs`).
    pub parts: crate::store::lesson::CourseParts,
}
