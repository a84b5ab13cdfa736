//! Plain words (繁體中文, English) for the re-identification probe's
//! findings and for the viewing-right list, built from their values as
//! [`crate::explain`] does for every other decision.

use mixua_policy::about::{About, CarriesCanary, Owned};
use super::explain::{not_in_effect_label, rejection_label, status_name};
use super::explain::Lang;
use mixua_policy::probe::{Finding, Identification};

fn join(items: &[String], lang: Lang) -> String {
    items.join(pick!(lang, "、", ", "))
}

/// The facts a finding names, quoted: 「極地研究員」+「週二」 / *polar
/// researcher* + *Tuesday*.
pub fn facts_text(finding: &Finding, lang: Lang) -> String {
    let quoted: Vec<String> = finding
        .facts
        .iter()
        .map(|f| pick!(lang, format!("「{}」", f.value), format!("“{}”", f.value)))
        .collect();
    quoted.join(" + ")
}

/// One finding in a sentence: "Y names “polar researcher” + “Tuesday”:
/// only alice matches".
pub fn finding_text(finding: &Finding, lang: Lang) -> String {
    let (id, facts) = (&finding.card, facts_text(finding, lang));
    match finding.kind {
        Identification::Reidentification => pick!(lang, 
            format!("{id} 提到 {facts}:只有 {} 符合,等於認出了這個人", finding.user),
            format!("{id} names {facts}: only {} matches, so it singles them out", finding.user),
        ),
        Identification::Narrowed => pick!(lang, 
            format!("{id} 提到 {facts}:有 {} 位使用者符合({}),還認不出是誰,但範圍變小了", finding.k, join(&finding.matching, lang)),
            format!(
                "{id} names {facts}: {} users match ({}), so it narrows the guess without singling anyone out",
                finding.k,
                join(&finding.matching, lang)
            ),
        ),
    }
}

/// A short label for a mark: "identifies alice" / "narrows to 2".
pub fn finding_label(finding: &Finding, lang: Lang) -> String {
    match finding.kind {
        Identification::Reidentification => {
            pick!(lang, format!("認得出 {}", finding.user), format!("identifies {}", finding.user))
        }
        Identification::Narrowed => pick!(lang, format!("縮小到 {} 人", finding.k), format!("narrows to {} people", finding.k)),
    }
}

/// Who can read a card now, or why nobody can.
pub fn readers_text(readers: &[String], why_nobody: Option<String>, lang: Lang) -> String {
    match (readers.is_empty(), why_nobody) {
        (false, _) => pick!(lang, format!("讀得到:{}", join(readers, lang)), format!("read by {}", join(readers, lang))),
        (true, Some(why)) => pick!(lang, format!("沒有人讀得到({why})"), format!("read by nobody ({why})")),
        (true, None) => pick!(lang, "沒有人讀得到".to_string(), "read by nobody".to_string()),
    }
}

/// A card the user owns, in one line.
pub fn owned_text(owned: &Owned<'_>, lang: Lang) -> String {
    let why = match (&owned.not_in_effect, &owned.rejection) {
        (Some(why), _) => Some(not_in_effect_label(why, lang)),
        (None, Some(rejection)) => Some(rejection_label(rejection, lang)),
        (None, None) => None,
    };
    let status = status_name(owned.status, lang);
    // Scope and stream are the words of the file, the same in both languages.
    format!("{} · {} · {} · {status} · {}", owned.id, owned.scope, owned.stream, readers_text(&owned.readers, why, lang))
}

/// A card carrying the user's canary, in one line.
pub fn canary_card_text(card: &CarriesCanary<'_>, lang: Lang) -> String {
    pick!(lang, 
        format!("{} 帶著暗號 {}(擁有者 {})· {}", card.id, card.token, card.owner, readers_text(&card.readers, None, lang)),
        format!("{} carries the canary {} (owned by {}) · {}", card.id, card.token, card.owner, readers_text(&card.readers, None, lang)),
    )
}

/// The whole list, as lines under headings (what `mixua about` prints).
pub fn about_lines(about: &About<'_>, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let user = about.user;
    let mut section = |heading: String, items: Vec<String>, none: &str| {
        lines.push(heading);
        if items.is_empty() {
            lines.push(format!("  {none}"));
        }
        lines.extend(items.into_iter().map(|item| format!("  {item}")));
    };
    let none = pick!(lang, "(沒有)", "(none)");
    section(
        pick!(lang, format!("{user} 擁有的卡片:"), format!("cards {user} owns:")),
        about.owned.iter().map(|o| owned_text(o, lang)).collect(),
        none,
    );
    section(
        pick!(lang, format!("帶著 {user} 暗號的卡片:"), format!("cards carrying {user}'s canary:")),
        about.canaries.iter().map(|c| canary_card_text(c, lang)).collect(),
        none,
    );
    section(
        pick!(lang, format!("探測認為指向 {user} 的卡片:"), format!("cards the probe links to {user}:")),
        about
            .linked
            .iter()
            .map(|l| format!("{} · {}", finding_text(&l.finding, lang), readers_text(&l.readers, None, lang)))
            .collect(),
        none,
    );
    if let Some(candidates) = &about.candidates {
        section(
            pick!(lang, format!("{user} 的候選卡(尚未發布):"), format!("{user}'s candidates (not published):")),
            candidates.iter().map(|c| c.id.to_string()).collect(),
            none,
        );
    }
    if let Some(tombstones) = &about.tombstones {
        section(
            pick!(lang, format!("{user} 的墓碑(只剩代號):"), format!("{user}'s tombstones (id only):")),
            tombstones.iter().map(|c| c.id.to_string()).collect(),
            none,
        );
    }
    lines
}
