//! What one edit changed, said in words: the one-line summary of a
//! [`Change`] (the policy's value, `mixua_policy::change`), in 繁體中文 and
//! English.

use mixua_policy::cache::{CacheChange, CacheLeak, StaleCopy};
use mixua_policy::change::{CellChange, Change, Mark, Presence};
use mixua_policy::eval::Leak;
use mixua_policy::probe::Identification;

use crate::explain::{rejection_label, Lang};

/// How many names a list spells out before "and N more".
const NAMED: usize = 6;

/// "a", "a and b", "a, b and c", "a, b, … and 3 more" (、 and 和 in 繁體中文).
fn list(items: &[&str], lang: Lang) -> String {
    let (shown, more) = if items.len() > NAMED {
        (&items[..NAMED - 1], items.len() - (NAMED - 1))
    } else {
        (items, 0)
    };
    let sep = pick!(lang, "、", ", ");
    if more > 0 {
        return pick!(lang, 
            format!("{} 等 {} 個", shown.join(sep), items.len()),
            format!("{} and {more} more", shown.join(sep)),
        );
    }
    match shown {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => pick!(lang, 
            format!("{} 和 {last}", rest.join(sep)),
            format!("{} and {last}", rest.join(sep)),
        ),
    }
}

/// Two cells said together: removed ones always, others when they gained
/// and lost the same cards.
fn alike(a: &CellChange, b: &CellChange) -> bool {
    a.presence == b.presence && (a.presence == Presence::Removed || (a.gained == b.gained && a.lost == b.lost))
}

/// The re-identification marks that appeared (`raised`) or cleared, said
/// together when they differ only by cell: "◎ card Y now singles out alice
/// in bob/writer-v1 and bob/checker-v1".
fn mark_parts(marks: &[Mark], raised: bool, lang: Lang) -> Vec<String> {
    let mut grouped: Vec<(&Mark, Vec<&str>)> = Vec::new();
    for mark in marks {
        match grouped.iter_mut().find(|(m, _)| m.card == mark.card && m.user == mark.user && m.kind == mark.kind) {
            Some((_, cells)) => cells.push(&mark.viewer),
            None => grouped.push((mark, vec![&mark.viewer])),
        }
    }
    let mut parts = Vec::new();
    for (mark, cells) in grouped.iter().take(NAMED) {
        let (card, user, cells) = (&mark.card, &mark.user, list(cells, lang));
        parts.push(match (mark.kind, raised) {
            (Identification::Reidentification, true) => pick!(lang,
                format!("◎ 卡片 {card} 現在在 {cells} 認出了 {user}"),
                format!("◎ card {card} now singles out {user} in {cells}"),
            ),
            (Identification::Reidentification, false) => pick!(lang,
                format!("◎ 標記解除:卡片 {card} 不再在 {cells} 認出 {user}"),
                format!("◎ mark cleared: card {card} no longer singles out {user} in {cells}"),
            ),
            (Identification::Narrowed, true) => pick!(lang,
                format!("◌ 卡片 {card} 現在在 {cells} 縮小了 {user} 的範圍"),
                format!("◌ card {card} now narrows down who {user} is in {cells}"),
            ),
            (Identification::Narrowed, false) => pick!(lang,
                format!("◌ 標記解除:卡片 {card} 不再在 {cells} 縮小 {user} 的範圍"),
                format!("◌ mark cleared: card {card} no longer narrows down who {user} is in {cells}"),
            ),
        });
    }
    let more: usize = grouped.iter().skip(NAMED).map(|(_, cells)| cells.len()).sum();
    if more > 0 {
        parts.push(match raised {
            true => pick!(lang,
                format!("另有 {more} 個重新識別標記出現"),
                if more == 1 { "1 more re-identification mark appeared".into() } else { format!("{more} more re-identification marks appeared") },
            ),
            false => pick!(lang,
                format!("另有 {more} 個重新識別標記解除"),
                if more == 1 { "1 more re-identification mark cleared".into() } else { format!("{more} more re-identification marks cleared") },
            ),
        });
    }
    parts
}

/// What the response cache serves differently, in parts: stale copies
/// served or no longer served, canaries handed over or no longer.
pub fn cache_change_parts(cache: &CacheChange, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    // Stale copies said together when the same reader got the same cards.
    fn stale(copies: &[StaleCopy]) -> Vec<(&StaleCopy, Vec<String>)> {
        let mut grouped: Vec<(&StaleCopy, Vec<String>)> = Vec::new();
        for copy in copies {
            match grouped.iter_mut().find(|(c, _)| c.viewer == copy.viewer && c.cards == copy.cards) {
                Some((_, ticks)) => ticks.push(copy.tick.to_string()),
                None => grouped.push((copy, vec![copy.tick.to_string()])),
            }
        }
        grouped
    }
    let ticks = |t: &[String]| list(&t.iter().map(String::as_str).collect::<Vec<_>>(), lang);
    for (copy, at) in stale(&cache.stale_served).iter().take(NAMED) {
        let (cards, who, at) = (copy.cards.join(pick!(lang, "、", ", ")), &copy.viewer, ticks(at));
        parts.push(pick!(lang,
            format!("⚠ 過時的副本:回應快取在時刻 {at} 把 {cards} 交給 {who},它已經不能讀了"),
            format!("⚠ stale copy: the response cache served {cards} to {who} at tick {at}, no longer theirs to read"),
        ));
    }
    for (copy, at) in stale(&cache.stale_cleared).iter().take(NAMED) {
        let (cards, who, at) = (copy.cards.join(pick!(lang, "、", ", ")), &copy.viewer, ticks(at));
        parts.push(pick!(lang,
            format!("✓ 過時的副本沒了:回應快取在時刻 {at} 不再把 {cards} 交給 {who}"),
            format!("✓ stale copy gone: the response cache no longer serves {cards} to {who} at tick {at}"),
        ));
    }
    let more = stale(&cache.stale_served).len().saturating_sub(NAMED) + stale(&cache.stale_cleared).len().saturating_sub(NAMED);
    if more > 0 {
        parts.push(pick!(lang,
            format!("另有 {more} 個過時副本改變"),
            if more == 1 { "1 more stale copy changed".into() } else { format!("{more} more stale copies changed") },
        ));
    }
    // Canaries handed over, said together when only the reader differs.
    fn leaks(leaks: &[CacheLeak]) -> Vec<(&Leak, Vec<&str>)> {
        let mut grouped: Vec<(&Leak, Vec<&str>)> = Vec::new();
        for CacheLeak { leak, .. } in leaks {
            match grouped.iter_mut().find(|(l, _)| l.card == leak.card && l.token == leak.token && l.owner == leak.owner) {
                Some((_, viewers)) if viewers.contains(&leak.viewer.as_str()) => {}
                Some((_, viewers)) => viewers.push(&leak.viewer),
                None => grouped.push((leak, vec![&leak.viewer])),
            }
        }
        grouped
    }
    for (leak, viewers) in leaks(&cache.leaks_raised).iter().take(NAMED) {
        let who = list(viewers, lang);
        parts.push(pick!(lang,
            format!("⚠ 快取外洩:回應快取把 {} 的暗號 {} 經由卡片 {} 交給了 {who}", leak.owner, leak.token, leak.card),
            format!("⚠ cache leak: the response cache hands {}'s canary {} to {who} through card {}", leak.owner, leak.token, leak.card),
        ));
    }
    for (leak, viewers) in leaks(&cache.leaks_cleared).iter().take(NAMED) {
        let who = list(viewers, lang);
        parts.push(pick!(lang,
            format!("✓ 快取外洩解除:回應快取不再經由卡片 {} 把 {} 交給 {who}", leak.card, leak.token),
            format!("✓ cache leak cleared: the response cache no longer hands {} to {who} through card {}", leak.token, leak.card),
        ));
    }
    parts
}

/// The summary as short parts, in order: the views, the cards' verdicts,
/// the re-identification marks, the response cache, then the alarms
/// (always last, and always said: "no alarm" too).
pub fn change_parts(change: &Change, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    // Viewers that changed alike are said together.
    let mut groups: Vec<(&CellChange, Vec<String>)> = Vec::new();
    for cell in &change.cells {
        match groups.iter_mut().find(|(c, _)| alike(c, cell)) {
            Some((_, keys)) => keys.push(cell.viewer.key()),
            None => groups.push((cell, vec![cell.viewer.key()])),
        }
    }
    // A big edit (an import, a GLOBAL card over 100 viewers) is said in
    // its first few groups and a count of the rest: the strip stays a
    // strip, and the live region does not read out a hundred cells.
    let more_cells: usize = groups.iter().skip(NAMED).map(|(_, keys)| keys.len()).sum();
    for (cell, keys) in groups.iter().take(NAMED) {
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let who = list(&keys, lang);
        let ids = |ids: &[String]| list(&ids.iter().map(String::as_str).collect::<Vec<_>>(), lang);
        let (gained, lost) = (ids(&cell.gained), ids(&cell.lost));
        // English agrees with one viewer or many.
        let read = if keys.len() == 1 { "reads" } else { "read" };
        parts.push(match (cell.presence, cell.gained.is_empty(), cell.lost.is_empty()) {
            (Presence::Added, true, _) => pick!(lang, 
                format!("新增 {who}:什麼都讀不到"),
                format!("{who} added, reading nothing"),
            ),
            (Presence::Added, false, _) => pick!(lang, 
                format!("新增 {who}:讀得到 {gained}"),
                format!("{who} added, reading {gained}"),
            ),
            (Presence::Removed, _, _) => pick!(lang, format!("移除 {who}"), format!("{who} removed")),
            (Presence::Kept, false, true) => pick!(lang, 
                format!("{who} 現在讀得到 {gained}"),
                format!("{who} now {read} {gained}"),
            ),
            (Presence::Kept, true, false) => pick!(lang, 
                format!("{who} 不再讀得到 {lost}"),
                format!("{who} no longer {read} {lost}"),
            ),
            (Presence::Kept, _, _) => pick!(lang, 
                format!("{who} 現在讀得到 {gained},不再讀得到 {lost}"),
                format!("{who} now {read} {gained} and no longer {read} {lost}"),
            ),
        });
    }
    if more_cells > 0 {
        parts.push(pick!(lang, 
            format!("另有 {more_cells} 格改變"),
            if more_cells == 1 { "1 more cell changed".into() } else { format!("{more_cells} more cells changed") },
        ));
    }
    // A cell whose marks changed did change: "no cell changed" is said
    // only when no cell shows anything new.
    if change.cells.is_empty() && !change.any_mark() {
        parts.push(pick!(lang, "沒有格子改變", "no cell changed").into());
    }
    for id in change.now_accepted.iter().take(NAMED) {
        parts.push(pick!(lang, format!("{id} 現在通過檢查"), format!("{id} is accepted now")));
    }
    if let Some(more) = change.now_accepted.len().checked_sub(NAMED).filter(|&n| n > 0) {
        parts.push(pick!(lang, 
            format!("另有 {more} 張卡片現在通過檢查"),
            if more == 1 { "1 more card is accepted now".into() } else { format!("{more} more cards are accepted now") },
        ));
    }
    for (id, rejection) in change.now_rejected.iter().take(NAMED) {
        parts.push(pick!(lang, 
            format!("{id} 現在被拒絕({})", rejection_label(rejection, lang)),
            format!("{id} is rejected now ({})", rejection_label(rejection, lang)),
        ));
    }
    if let Some(more) = change.now_rejected.len().checked_sub(NAMED).filter(|&n| n > 0) {
        parts.push(pick!(lang, 
            format!("另有 {more} 張卡片現在被拒絕"),
            if more == 1 { "1 more card is rejected now".into() } else { format!("{more} more cards are rejected now") },
        ));
    }
    parts.extend(mark_parts(&change.marks_raised, true, lang));
    parts.extend(mark_parts(&change.marks_cleared, false, lang));
    parts.extend(cache_change_parts(&change.cache, lang));
    // Alarms that differ only by viewer are said together.
    fn alarms(leaks: &[Leak]) -> Vec<(&Leak, Vec<&str>)> {
        let mut grouped: Vec<(&Leak, Vec<&str>)> = Vec::new();
        for leak in leaks {
            match grouped
                .iter_mut()
                .find(|(l, _)| l.card == leak.card && l.token == leak.token && l.owner == leak.owner)
            {
                Some((_, viewers)) => viewers.push(&leak.viewer),
                None => grouped.push((leak, vec![&leak.viewer])),
            }
        }
        grouped
    }
    let (raised, cleared) = (alarms(&change.alarms_raised), alarms(&change.alarms_cleared));
    for (leak, viewers) in raised.iter().take(NAMED) {
        let who = list(viewers, lang);
        parts.push(pick!(lang, 
            format!(
                "⚠ 外洩警報:{} 的暗號 {} 經由卡片 {} 到了 {who}",
                leak.owner, leak.token, leak.card
            ),
            format!(
                "⚠ leak alarm: {}'s canary {} reaches {who} through card {}",
                leak.owner, leak.token, leak.card
            ),
        ));
    }
    let more: usize = raised.iter().skip(NAMED).map(|(_, v)| v.len()).sum();
    if more > 0 {
        parts.push(pick!(lang, 
            format!("⚠ 另有 {more} 個外洩警報響起"),
            if more == 1 { "⚠ 1 more leak alarm raised".into() } else { format!("⚠ {more} more leak alarms raised") },
        ));
    }
    for (leak, viewers) in cleared.iter().take(NAMED) {
        let who = list(viewers, lang);
        parts.push(pick!(lang, 
            format!("✓ 警報解除:{} 不再經由卡片 {} 到 {who}", leak.token, leak.card),
            format!(
                "✓ alarm cleared: {} no longer reaches {who} through card {}",
                leak.token, leak.card
            ),
        ));
    }
    let more: usize = cleared.iter().skip(NAMED).map(|(_, v)| v.len()).sum();
    if more > 0 {
        parts.push(pick!(lang, 
            format!("✓ 另有 {more} 個警報解除"),
            if more == 1 { "✓ 1 more alarm cleared".into() } else { format!("✓ {more} more alarms cleared") },
        ));
    }
    // The response cache's canaries are alarms too (the chart raises them).
    let (cache, alarms_now) = (&change.cache, change.alarms_now + change.cache.leaks_now);
    let cache_alarm = !cache.leaks_raised.is_empty() || !cache.leaks_cleared.is_empty();
    if change.alarms_raised.is_empty() && change.alarms_cleared.is_empty() && !cache_alarm {
        parts.push(match alarms_now {
            0 => pick!(lang, "沒有警報", "no alarm").into(),
            n => pick!(lang, 
                format!("仍有 {n} 個外洩警報"),
                if n == 1 {
                    "1 leak alarm still on".into()
                } else {
                    format!("{n} leak alarms still on")
                },
            ),
        });
    } else if alarms_now == 0 {
        parts.push(pick!(lang, "現在沒有警報", "no alarm now").into());
    }
    parts
}

/// The small button beside a control whose edit changed cells that are off
/// screen: "4 cells changed ↑" (↓ when the cells are below), which takes
/// the learner to the chart.
pub fn cells_changed_jump(n: usize, up: bool, lang: Lang) -> String {
    let arrow = if up { "↑" } else { "↓" };
    pick!(lang,
        format!("{n} 個格子改變了 {arrow}"),
        if n == 1 { format!("1 cell changed {arrow}") } else { format!("{n} cells changed {arrow}") },
    )
}

/// What it does, said after its visible words to assistive technology
/// (its name begins with what it shows).
pub fn cells_changed_jump_more(lang: Lang) -> &'static str {
    pick!(lang, ":到座位表上第一個改變的格子", ": go to the first in the chart")
}

/// The way back from the chart to the control the edit was made with
/// (↓ when it is below the chart).
pub fn back_to_control(down: bool, lang: Lang) -> String {
    let arrow = if down { "↓" } else { "↑" };
    pick!(lang, format!("{arrow} 回到剛才修改的地方"), format!("{arrow} Back to where you made the edit"))
}

/// The summary on one line: its parts joined with " · ".
pub fn change_text(change: &Change, lang: Lang) -> String {
    change_parts(change, lang).join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_naturally() {
        assert_eq!(list(&[], Lang::En), "");
        assert_eq!(list(&["a"], Lang::En), "a");
        assert_eq!(list(&["a", "b"], Lang::En), "a and b");
        assert_eq!(list(&["a", "b", "c"], Lang::En), "a, b and c");
        assert_eq!(list(&["a", "b", "c"], Lang::ZhTw), "a、b 和 c");
        assert_eq!(
            list(&["1", "2", "3", "4", "5", "6", "7"], Lang::En),
            "1, 2, 3, 4, 5 and 2 more"
        );
    }

    /// A big change is said in its first groups and verdicts and a count of
    /// the rest, in both languages.
    #[test]
    fn a_big_change_is_said_in_part_and_counted() {
        use crate::explain::Lang;
        use mixua_policy::{Change, ViewerId};
        use mixua_policy::change::{CellChange, Presence};
        use mixua_policy::policy::Rejection;
        let cell = |n: usize| CellChange {
            viewer: ViewerId { user: format!("u{n}"), agent: "a".into() },
            presence: Presence::Kept,
            gained: vec![format!("C{n}")],
            lost: Vec::new(),
        };
        let change = Change {
            cells: (0..10).map(cell).collect(),
            now_rejected: (0..9).map(|n| (format!("R{n}"), Rejection::NotApproved { scope: mixua_policy::Scope::Global })).collect(),
            ..Change::default()
        };
        let parts = change_parts(&change, Lang::En);
        assert_eq!(parts.iter().filter(|p| p.contains(" now reads ")).count(), NAMED);
        assert!(parts.contains(&"4 more cells changed".to_string()), "{parts:?}");
        assert_eq!(parts.iter().filter(|p| p.ends_with("(sharing not approved)")).count(), NAMED);
        assert!(parts.contains(&"3 more cards are rejected now".to_string()), "{parts:?}");
        let zh = change_parts(&change, Lang::ZhTw);
        assert!(zh.contains(&"另有 4 格改變".to_string()) && zh.contains(&"另有 3 張卡片現在被拒絕".to_string()), "{zh:?}");
    }
}
