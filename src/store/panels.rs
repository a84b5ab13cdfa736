//! The page's panels as a typed set: every panel a `?hide=` or `&panel=`
//! can name (one list of names, [`Panel::ALL`]), parsed once from the URL
//! at the start into the [`Panels`] it hides; and `?embed`, the chart for an
//! iframe in slides or a course page, with only the panels `&panel=` names.
//! Pure: the start (`start/route.rs`) reads the URL, the layout (`root/app.rs`)
//! asks the set.

/// A panel of the page, in page order: the query bar; the chart; lesson 2's
/// panels under it (timeline, response cache, retention, groups, audit log,
/// and all of memory over time as classroom mode's tab); the side column
/// (the exercises, Act as, why / why not, the rejected cards); the panels
/// under the stage (the card editor, users and agents, the three policies
/// compared).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Panel {
    Query,
    #[default]
    Chart,
    Timeline,
    Cache,
    Retention,
    Groups,
    Audit,
    /// Lesson 2's log, cache, retention and groups (a work with a timeline).
    Memory,
    Lesson,
    Act,
    Why,
    Rejected,
    Editor,
    People,
    Compare,
    /// Lesson 3's prompt panel and its budgets (in the side column).
    Prompt,
}

impl Panel {
    /// Every panel, in page order: the one list of their names.
    pub const ALL: [Panel; 16] = [
        Panel::Query, Panel::Chart, Panel::Timeline, Panel::Cache, Panel::Retention, Panel::Groups, Panel::Audit, Panel::Memory,
        Panel::Lesson, Panel::Act, Panel::Why, Panel::Rejected, Panel::Editor, Panel::People, Panel::Compare, Panel::Prompt,
    ];

    /// Classroom mode's tabs (one of them shows at a time).
    pub const TABS: [Panel; 5] = [Panel::Chart, Panel::Editor, Panel::People, Panel::Compare, Panel::Memory];

    /// The name `?hide=`, `&panel=` and a pack's `panels` use.
    pub fn key(self) -> &'static str {
        match self {
            Panel::Query => "query",
            Panel::Chart => "chart",
            Panel::Timeline => "timeline",
            Panel::Cache => "cache",
            Panel::Retention => "retention",
            Panel::Groups => "groups",
            Panel::Audit => "audit",
            Panel::Memory => "memory",
            Panel::Lesson => "lesson",
            Panel::Act => "act",
            Panel::Why => "why",
            Panel::Rejected => "rejected",
            Panel::Editor => "editor",
            Panel::People => "people",
            Panel::Compare => "compare",
            Panel::Prompt => "prompt",
        }
    }

    /// The panel of a name (surrounding spaces ignored); an unknown name
    /// is none.
    pub fn parse(name: &str) -> Option<Panel> {
        let name = name.trim();
        Panel::ALL.into_iter().find(|p| p.key() == name)
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of panels (a bit per panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Panels(u16);

impl Panels {
    /// The panels a comma-separated list names (`editor,compare`); names
    /// it does not know are left out.
    pub fn parse(list: &str) -> Panels {
        list.split(',').filter_map(Panel::parse).fold(Panels::default(), |set, p| set.with(p))
    }

    pub fn with(self, panel: Panel) -> Panels {
        Panels(self.0 | panel.bit())
    }

    pub fn union(self, other: Panels) -> Panels {
        Panels(self.0 | other.0)
    }

    pub fn contains(self, panel: Panel) -> bool {
        self.0 & panel.bit() != 0
    }

    /// The set's panels, in page order.
    pub fn iter(self) -> impl Iterator<Item = Panel> {
        Panel::ALL.into_iter().filter(move |p| self.contains(*p))
    }
}

/// The panels an embed hides: all but those `panel` names (comma-separated,
/// e.g. `why` or `lesson,why`). The chart itself always shows, and memory
/// over time as a whole (its panels are named one by one).
pub fn hidden(panel: &str) -> Panels {
    let shown = Panels::parse(panel);
    Panel::ALL.into_iter().filter(|p| !matches!(p, Panel::Chart | Panel::Memory) && !shown.contains(*p)).fold(Panels::default(), |set, p| set.with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_read_back_as_its_panel() {
        for panel in Panel::ALL {
            assert_eq!(Panel::parse(panel.key()), Some(panel));
            assert_eq!(Panel::parse(&format!(" {} ", panel.key())), Some(panel));
        }
        assert_eq!(Panel::parse("charts"), None);
        let set = Panels::parse("people, compare,unknown,,people");
        assert_eq!(set.iter().collect::<Vec<_>>(), [Panel::People, Panel::Compare]);
    }

    #[test]
    fn an_embed_shows_only_the_named_panels() {
        let all = hidden("");
        assert_eq!(all.iter().count(), Panel::ALL.len() - 2);
        assert!(!all.contains(Panel::Chart) && !all.contains(Panel::Memory));
        let why = hidden("why");
        assert!(!why.contains(Panel::Why));
        assert_eq!(why.iter().count(), Panel::ALL.len() - 3);
        let two = hidden(" lesson , why,unknown");
        assert!(!two.contains(Panel::Lesson) && !two.contains(Panel::Why));
        assert!(two.contains(Panel::Query) && two.contains(Panel::Editor));
    }
}
