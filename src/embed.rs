//! `?embed`: the chart for an iframe in slides or a course page, with only
//! the panels `&panel=` names (the same names `?hide=` takes). Pure: the
//! start (`app.rs`) turns the URL into the panels hidden.

/// Every panel a `?hide=` or `&panel=` can name, in page order: the query
/// bar, lesson 2's panels under the chart (timeline, response cache,
/// retention, groups, audit log), the side column (the exercises, Act as,
/// why / why not, the rejected cards) and the panels under the stage (the
/// card editor, users and agents, the three policies compared).
pub const PANELS: [&str; 13] = [
    "query", "timeline", "cache", "retention", "groups", "audit", "lesson", "act", "why", "rejected", "editor", "people", "compare",
];

/// The panels an embed hides: all but those `panel` names (comma-separated,
/// e.g. `why` or `lesson,why`). The chart itself always shows.
pub fn hidden(panel: &str) -> Vec<String> {
    let shown: Vec<&str> = panel.split(',').map(str::trim).collect();
    PANELS.iter().filter(|p| !shown.contains(p)).map(|p| p.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embed_shows_only_the_named_panels() {
        assert_eq!(hidden("").len(), PANELS.len());
        let why = hidden("why");
        assert!(!why.contains(&"why".to_string()));
        assert_eq!(why.len(), PANELS.len() - 1);
        let two = hidden(" lesson , why,unknown");
        assert!(!two.iter().any(|p| p == "lesson" || p == "why"));
        assert!(two.iter().any(|p| p == "query" && two.contains(&"editor".to_string())));
    }
}
