//! Plain words (繁體中文, English) for the prompt assembly and the "why
//! didn't the agent use it?" diagnosis, built from their values as
//! [`crate::explain`] does for every other decision.

use mixua_policy::boundary::Boundary;
use mixua_policy::card::Scope;
use mixua_policy::diagnose::{Diagnosis, Fix, Question, Why};
use mixua_policy::effect::NotInEffect;
use mixua_policy::policy::Access;
use mixua_policy::viewer::ViewerId;
use crate::explain::{access_text, crossing_words, not_in_effect_text, rejection_text, risk_note, stamp_text, unreadable_text, Lang};
use mixua_policy::prompt::{
    AnswerFrom, BudgetUse, DropReason, HitRate, Layer, Metrics, Note, Prompt, PromptChange, SettingChange, Source, StaleAnswer, SHARED,
};
use mixua_policy::viewer::Viewer;
use mixua_policy::workspace::Workspace;

fn ids(ws: &Workspace, cards: &[usize], lang: Lang) -> String {
    let names: Vec<&str> = cards.iter().map(|&i| ws.cards[i].id.as_str()).collect();
    names.join(pick!(lang, "、", ", "))
}

/// A layer's name.
pub fn layer_words(layer: Layer, lang: Lang) -> &'static str {
    match layer {
        Layer::Always => pick!(lang, "一律載入", "always in"),
        Layer::Retrieved => pick!(lang, "依任務取回", "retrieved"),
        Layer::Tool => pick!(lang, "工具按需讀取", "by tool"),
    }
}

/// A loaded card's place in its layer of the prompt (from 1), for a
/// screen reader beside the number shown: "rank 2 in this layer".
pub fn rank_words(rank: usize, lang: Lang) -> String {
    pick!(lang, format!("本層排第 {rank}"), format!("rank {rank} in this layer"))
}

/// A source's name (a kind of memory, or none).
pub fn source_words(source: Source, lang: Lang) -> &'static str {
    match source {
        Source::Working => pick!(lang, "工作記憶", "working"),
        Source::Episodic => pick!(lang, "事件記憶", "episodic"),
        Source::Semantic => pick!(lang, "語意記憶", "semantic"),
        Source::Procedural => pick!(lang, "程序記憶", "procedural"),
        Source::Meta => pick!(lang, "後設記憶", "meta"),
        Source::Untyped => pick!(lang, "未分類", "untyped"),
    }
}

/// A budget's name: a source's, or the shared one.
pub fn budget_words(name: &str, lang: Lang) -> String {
    match Source::parse(name) {
        Some(source) => source_words(source, lang).to_string(),
        None if name == SHARED => pick!(lang, "共用", "shared").to_string(),
        None => name.to_string(),
    }
}

/// Why a card was left out, in a sentence.
pub fn drop_words(ws: &Workspace, reason: &DropReason, lang: Lang) -> String {
    match reason {
        DropReason::NoMatch { query } => {
            pick!(lang, format!("任務的查詢「{query}」找不到它"), format!("the task's query “{query}” does not find it"))
        }
        DropReason::BelowTopK { k, rank } => {
            pick!(lang, format!("排第 {rank},在前 {k} 名之外"), format!("ranked {rank}, below the top {k}"))
        }
        DropReason::ToolOnly => pick!(lang, "只由工具按需讀取,不預先載入".into(), "loaded only by a tool, on demand".into()),
        DropReason::TooLarge { budget, tokens, room } => pick!(lang, 
            format!("它一張就要 {tokens} 個詞元,{}預算只剩 {room}", budget_words(budget, lang)),
            format!("it alone takes {tokens} tokens; the {} budget leaves {room}", budget_words(budget, lang)),
        ),
        DropReason::CrowdedOut { budget, limit, by } => pick!(lang, 
            format!("{}預算({limit} 個詞元)被排在前面的 {} 用完了", budget_words(budget, lang), ids(ws, by, lang)),
            format!("crowded out of the {} budget ({limit} tokens) by {}, ranked ahead", budget_words(budget, lang), ids(ws, by, lang)),
        ),
        DropReason::Behind { budget, at } => pick!(lang, 
            format!("{}預算在 {} 放不下時就停了,排在後面的不會插隊", budget_words(budget, lang), ws.cards[*at].id),
            format!("the {} budget stopped at {}, which did not fit; nothing ranked lower jumps ahead", budget_words(budget, lang), ws.cards[*at].id),
        ),
    }
}

/// A note of the assembly, in a sentence.
pub fn note_words(ws: &Workspace, note: &Note, lang: Lang) -> String {
    match note {
        Note::HardOverBudget { budget, limit, used, cards } => pick!(lang, 
            format!("高風險的卡({})就用了 {used} 個詞元,超過{}預算 {limit};它們照樣載入", ids(ws, cards, lang), budget_words(budget, lang)),
            format!("the high-risk cards ({}) alone take {used} tokens, over the {} budget of {limit}; they are loaded all the same", ids(ws, cards, lang), budget_words(budget, lang)),
        ),
        Note::CardKey { card, why } => pick!(lang, 
            format!("{} 的提示詞欄位讀不了,先放一邊{}:{}", ws.cards[*card].id, risk_note(why, lang), unreadable_text(why, lang)),
            format!("{}'s prompt key is set aside{}: {}", ws.cards[*card].id, risk_note(why, lang), unreadable_text(why, lang)),
        ),
        Note::SetAside { key, why } => pick!(lang, 
            format!("提示詞設定 {key} 讀不了,只擱置這一項,其他預算、top_k 與權重照常:{}", unreadable_text(why, lang)),
            format!("the prompt setting `{key}` is set aside on its own; the other budgets, top_k and weights hold: {}", unreadable_text(why, lang)),
        ),
    }
}

/// One of a card's prompt keys set aside, as its field says it.
pub fn card_key_problem_words(why: &mixua_policy::log::Unreadable, lang: Lang) -> String {
    let key = why.key();
    pick!(lang, 
        format!("{key} 先放一邊(照原樣保留){}:{}", risk_note(why, lang), unreadable_text(why, lang)),
        format!("`{key}` is set aside (kept as written){}: {}", risk_note(why, lang), unreadable_text(why, lang)),
    )
}

/// One budget's use: "shared: 186 / 200 tokens (working 12, …)".
pub fn budget_use_words(b: &BudgetUse, lang: Lang) -> String {
    let parts: Vec<String> = b.sources.iter().map(|(s, t)| format!("{} {t}", source_words(*s, lang))).collect();
    let limit = match b.limit {
        Some(limit) => format!("{} / {limit}", b.used),
        None => pick!(lang, format!("{}(不設限)", b.used), format!("{} (unlimited)", b.used)),
    };
    let detail = if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) };
    let over = if b.is_over() { pick!(lang, ",超過預算", ", over budget") } else { "" };
    pick!(lang, format!("{}:{limit} 詞元{detail}{over}", budget_words(&b.budget, lang)), format!("{}: {limit} tokens{detail}{over}", budget_words(&b.budget, lang)))
}

/// The hit rate, in words: "hit rate 66% (2/3); missing S", or "no gold set".
pub fn hit_words(hit: &HitRate, lang: Lang) -> String {
    let Some(percent) = hit.percent() else {
        return pick!(lang, "沒有標準答案集(gold),算不出命中率".into(), "no gold set: no hit rate to measure".into());
    };
    let missing = if hit.missing.is_empty() { String::new() } else { pick!(lang, format!(",缺 {}", hit.missing.join("、")), format!("; missing {}", hit.missing.join(", "))) };
    pick!(lang, 
        format!("命中率 {percent}%({}/{}){missing}", hit.reached.len(), hit.gold),
        format!("hit rate {percent}% ({}/{}){missing}", hit.reached.len(), hit.gold),
    )
}

/// One stale answer, in words.
pub fn stale_answer_words(answer: &StaleAnswer, lang: Lang) -> String {
    let cards = answer.cards.join(pick!(lang, "、", ", "));
    let t = answer.tick;
    match answer.from {
        AnswerFrom::Prompt => pick!(lang, 
            format!("時刻 {t} 的提示詞用到不再生效的 {cards}"),
            format!("the prompt at tick {t} holds {cards}, no longer in effect"),
        ),
        AnswerFrom::Cache { cached_at, .. } => pick!(lang, 
            format!("時刻 {t} 的查詢由快取回答(時刻 {cached_at} 存的),裡面還有不再生效的 {cards}"),
            format!("the read at tick {t} was answered from the cache (saved at tick {cached_at}) with {cards}, no longer in effect"),
        ),
    }
}

/// Stale use, in a sentence: how many answers served to the task rest on a
/// stale card (must be 0), and which.
pub fn stale_use_words(m: &Metrics, lang: Lang) -> String {
    let n = m.stale_use();
    if n == 0 {
        return pick!(lang, "過時的使用(應為 0):0 ✓".into(), "stale use (must be 0): 0 ✓".into());
    }
    let each: Vec<String> = m.stale_answers.iter().map(|a| stale_answer_words(a, lang)).collect();
    pick!(lang, 
        format!("過時的使用(應為 0):{n} ✗:{}", each.join(";")),
        format!("stale use (must be 0): {n} ✗: {}", each.join("; ")),
    )
}

/// The metrics, one line each.
pub fn metrics_words(_ws: &Workspace, m: &Metrics, lang: Lang) -> Vec<String> {
    let mut lines = vec![
        pick!(lang, 
            format!("啟動時 {} 個詞元,全部倒進去是 {}({}%)", m.startup_tokens, m.baseline_tokens, m.startup_percent()),
            format!("startup {} tokens; dumping everything in: {} ({}%)", m.startup_tokens, m.baseline_tokens, m.startup_percent()),
        ),
        pick!(lang, format!("整個提示詞 {} 個詞元", m.prompt_tokens), format!("whole prompt {} tokens", m.prompt_tokens)),
    ];
    lines.extend(m.budgets.iter().map(|b| budget_use_words(b, lang)));
    if let Some(hit) = &m.hit {
        lines.push(hit_words(hit, lang));
    }
    lines.push(stale_use_words(m, lang));
    for leak in &m.leaks {
        lines.push(pick!(lang, 
            format!("外洩警報:{} 的暗號經由 {} 進了提示詞", leak.owner, leak.card),
            format!("leak alarm: {}'s canary reached the prompt through {}", leak.owner, leak.card),
        ));
    }
    lines
}

/// A whole prompt as text: the layers in order with tokens, the drops with
/// their reasons, the notes.
pub fn prompt_words(ws: &Workspace, p: &Prompt, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    for layer in [Layer::Always, Layer::Retrieved] {
        lines.push(format!("[{}]", layer_words(layer, lang)));
        for l in p.loaded.iter().filter(|l| l.layer == layer) {
            lines.push(pick!(lang, 
                format!("  {} ({}, {} 詞元)", ws.cards[l.card].id, source_words(l.source, lang), l.tokens),
                format!("  {} ({}, {} tokens)", ws.cards[l.card].id, source_words(l.source, lang), l.tokens),
            ));
        }
    }
    lines.push(format!("[{}]", layer_words(Layer::Tool, lang)));
    for card in p.layer(Layer::Tool) {
        lines.push(format!("  {}", ws.cards[card].id));
    }
    let dropped: Vec<_> = p.dropped.iter().filter(|d| d.reason != DropReason::ToolOnly).collect();
    if !dropped.is_empty() {
        lines.push(pick!(lang, "[沒載入]".into(), "[left out]".into()));
        for d in dropped {
            lines.push(format!("  {}: {}", ws.cards[d.card].id, drop_words(ws, &d.reason, lang)));
        }
    }
    for note in &p.notes {
        lines.push(format!("  ! {}", note_words(ws, note, lang)));
    }
    lines
}

/// A question of the diagnosis.
pub fn question_words(q: Question, lang: Lang) -> &'static str {
    match q {
        Question::Written => pick!(lang, "寫進去了嗎?", "Was it written?"),
        Question::Retrievable => pick!(lang, "取得回來嗎?", "Can it be retrieved?"),
        Question::InPrompt => pick!(lang, "進了提示詞嗎?", "Did it reach the prompt?"),
        Question::Forgotten => pick!(lang, "被遺忘了嗎?", "Was it forgotten?"),
    }
}

/// The reason behind one answer.
pub fn why_words(ws: &Workspace, viewer: Viewer<'_>, card: &str, why: &Why, lang: Lang) -> String {
    let found = ws.cards.iter().find(|c| c.id == card);
    match why {
        Why::NoSuchCard => pick!(lang, format!("沒有任何卡叫 {card}"), format!("no card is called {card}")),
        Why::InStore => pick!(lang, "寫進了記憶庫,已發布".into(), "written to the store and published".into()),
        Why::NotStored { why } => not_in_effect_text(why, lang),
        Why::NotReadable { access } => match found {
            Some(c) => pick!(lang, 
                format!("{}:這是規則在運作,不是故障", access_text(c, access, viewer, lang)),
                format!("{}: this is the rules working, not a fault", access_text(c, access, viewer, lang)),
            ),
            None => String::new(),
        },
        Why::NoMatch { query } => {
            pick!(lang, format!("任務的查詢「{query}」找不到它"), format!("the task's query “{query}” does not find it"))
        }
        Why::BelowTopK { k, rank } => pick!(lang, format!("排第 {rank},在前 {k} 名之外"), format!("ranked {rank}, below the top {k}")),
        Why::Found { layer } => pick!(lang, format!("讀得到,屬於「{}」", layer_words(*layer, lang)), format!("readable, {}", layer_words(*layer, lang))),
        Why::Loaded { position, of, tokens, conflicts } => {
            let mut text = pick!(lang, 
                format!("載入了,在提示詞第 {position} 張(共 {of} 張),{tokens} 個詞元:記憶這一環做到了"),
                format!("loaded, card {position} of {of} in the prompt, {tokens} tokens: memory did its part"),
            );
            if !conflicts.is_empty() {
                let names = conflicts.join(pick!(lang, "、", ", "));
                text.push_str(&pick!(lang, 
                    format!(";但同一個任務裡,和它一起載入的 {names} 說的正好相反(工作區標記它們互相衝突)"),
                    format!("; but {names}, loaded beside it for the same task, says the opposite (the workspace marks them as conflicting)"),
                ));
            }
            text
        }
        Why::Dropped { reason } => drop_words(ws, reason, lang),
        Why::InEffect => pick!(lang, "目前生效".into(), "in effect now".into()),
        Why::Retired { why, act } => {
            // The stamp is already in the words of an act that carries
            // one; a newer version or an expiry gets the log's.
            let extra = match why {
                NotInEffect::Superseded { .. } | NotInEffect::Expired { .. } => stamp_text(act, lang),
                _ => String::new(),
            };
            format!("{}{extra}", not_in_effect_text(why, lang))
        }
        Why::NotAsked => pick!(lang, "前面的答案已經排除".into(), "ruled out by an earlier answer".into()),
        Why::OutOfEffect => pick!(lang, 
            "它目前不生效,任何提示詞都不會有它(原因見「被遺忘了嗎?」)".into(),
            "it is not in effect, so no prompt holds it (“Was it forgotten?” says why)".into(),
        ),
    }
}

fn join_viewers(viewers: &[ViewerId], lang: Lang) -> String {
    let names: Vec<String> = viewers.iter().map(ViewerId::key).collect();
    names.join(pick!(lang, "、", ", "))
}

/// A card outside the viewer's rights: the rules working, who may read it
/// and why, no edit, and the legitimate route where there is one.
pub fn boundary_words(ws: &Workspace, card: &str, b: &Boundary, lang: Lang) -> String {
    let Some(c) = ws.cards.iter().find(|c| c.id == card) else { return String::new() };
    let (ou, oa) = (&c.owner_user, &c.owner_agent);
    let who = join_viewers(&b.readers, lang);
    let readers = match &b.access {
        Access::Rejected { rejection } => pick!(lang, 
            format!("沒有人讀得到 {card}:{}", rejection_text(rejection, lang)),
            format!("Nobody reads {card}: {}", rejection_text(rejection, lang)),
        ),
        _ if b.readers.is_empty() => pick!(lang, format!("座位表上沒有人讀得到 {card}"), format!("Nobody on the chart reads {card}")),
        Access::Pair { .. } => pick!(lang, 
            format!("只有 {who} 讀得到 {card}:PAIR 卡只屬於 {ou} 與 {oa} 這一對"),
            format!("Only {who} may read {card}: a PAIR card belongs to {ou} with {oa} alone"),
        ),
        Access::User { .. } => pick!(lang, 
            format!("只有 {who} 讀得到 {card}:USER 卡跟著 {ou},不給別的使用者"),
            format!("Only {who} may read {card}: a USER card follows {ou}, and no other user"),
        ),
        Access::Agent { .. } => pick!(lang, 
            format!("只有 {who} 讀得到 {card}:AGENT 卡只給透過 {oa} 工作的人"),
            format!("Only {who} may read {card}: an AGENT card is for those working with {oa}"),
        ),
        Access::Group { group, .. } => pick!(lang, 
            format!("只有 {who} 讀得到 {card}:GROUP 卡只給群組「{group}」的成員"),
            format!("Only {who} may read {card}: a GROUP card is for the members of `{group}`"),
        ),
        _ => pick!(lang, format!("只有 {who} 讀得到 {card}"), format!("Only {who} may read {card}")),
    };
    let mut text = pick!(lang, 
        format!("這是規則在運作,不是故障。{readers}。不提供任何對 {card} 的修改。"),
        format!("this is the rules working, not a fault. {readers}. No edit of {card} is offered."),
    );
    if let Some(route) = &b.route {
        let owner = route.owner.key();
        text.push(' ');
        text.push_str(&match (route.scope, route.reviewed) {
            (Scope::Pair, _) => pick!(lang, 
                format!("需要這一課的話,{owner} 可以經過寫入流程重寫一張規則接受的卡(個人內容留在 PAIR 或 USER):這是一張新卡,不是修改 {card}。"),
                format!("Where the lesson is needed, {owner} can write it again as a card the gates accept (personal content stays PAIR or USER), through the write path: a new card, not an edit of {card}."),
            ),
            (Scope::User, _) => pick!(lang, 
                format!("要讓 {ou} 的其他 Agent 也用到這一課,{ou} 可以經過寫入流程另寫一張 USER 卡(跟著 {ou} 到每個 Agent):這是提案,不是修改 {card}。"),
                format!("Where the lesson should reach {ou}'s other agents, {ou} can write a USER card of it (it follows {ou} to every agent) through the write path: a proposal, not an edit of {card}."),
            ),
            (scope, _) => pick!(lang, 
                format!("如果這一課本身可以分享,正當的路是:{owner} 另寫一張不含個人細節的 reusable {scope} 卡,再由不是寫的人的審查者核准(第 2 課的寫入流程)。這是提案,絕不是換掉 {card} 的擁有者,也絕不是把 protected 改成 reusable。"),
                format!("Where the lesson itself could be shared, the legitimate route is a proposal: {owner} writes a new reusable {scope} card without the personal details, and a reviewer who did not write it approves it (lesson 2's write path). Never a change of {card}'s owner, never protected made reusable."),
            ),
        });
    }
    text
}

/// What to do about the answer, in words.
pub fn fix_words(ws: &Workspace, card: &str, fix: &Fix, lang: Lang) -> String {
    match fix {
        Fix::Write => pick!(lang, format!("寫一張 {card}(經過寫入流程)"), format!("write {card} (through the write path)")),
        Fix::Publish => pick!(lang, format!("發布 {card}(由不是寫的人的審查者,或本人的 PAIR/USER 卡)"), format!("publish {card} (by a reviewer who did not write it, or its owner for PAIR/USER)")),
        Fix::Boundary(b) => boundary_words(ws, card, b, lang),
        Fix::MatchQuery { query } => pick!(lang, format!("在 {card} 的情境裡加上「{query}」"), format!("add “{query}” to {card}'s situation")),
        Fix::RaiseTopK { to } => pick!(lang, format!("把 top_k 提高到 {to}"), format!("raise top_k to {to}")),
        Fix::RaiseBudget { budget, to } => pick!(lang, 
            format!("把{}預算提高到 {to} 個詞元", budget_words(budget, lang)),
            format!("raise the {} budget to {to} tokens", budget_words(budget, lang)),
        ),
        Fix::SetLoad { layer } => pick!(lang, format!("{card} 的載入方式改成「{}」", layer_words(*layer, lang)), format!("set {card}'s load to “{}”", layer_words(*layer, lang))),
        Fix::UseNewer { by, act } => pick!(lang, 
            format!("{by} 已取代它{}:用的是新版本,不必找回", stamp_text(act, lang)),
            format!("{by} replaced it{}: the newer version is in use, nothing to bring back", stamp_text(act, lang)),
        ),
        Fix::Retired { act } => pick!(lang, 
            format!("{card} 是有意被撤下的{}:不必找回;若這一課仍然需要,經過寫入流程寫一個新版本", stamp_text(act, lang)),
            format!("{card} was retired on purpose{}: nothing to bring back; if the lesson is still needed, write a new version through the write path", stamp_text(act, lang)),
        ),
        Fix::Wait { until } => pick!(lang, format!("{card} 從時刻 {until} 起生效:不必改,等它生效"), format!("{card} takes effect at tick {until}: nothing to change, wait")),
        Fix::Withheld { crossing } => pick!(lang, 
            format!("不提供修改:能讓 {card} 進提示詞的那一個改動會越過界線({})", crossing_words(crossing, lang)),
            format!("no edit offered: the one that would get {card} in crosses the boundary ({})", crossing_words(crossing, lang)),
        ),
        Fix::Nothing => pick!(lang, format!("{card} 在提示詞裡,記憶這一環不必改"), format!("{card} is in the prompt: nothing to change in memory")),
    }
}

/// The label of what to do: an edit is the smallest edit; the boundary,
/// a retirement and a card in the prompt are answers, not edits.
pub fn fix_label(fix: &Fix, lang: Lang) -> &'static str {
    match fix {
        Fix::MatchQuery { .. } | Fix::RaiseTopK { .. } | Fix::RaiseBudget { .. } | Fix::SetLoad { .. } => {
            pick!(lang, "最小的修改:", "Smallest edit: ")
        }
        Fix::Boundary(_) => pick!(lang, "界線守住了:", "The boundary holds: "),
        Fix::UseNewer { .. } | Fix::Retired { .. } => pick!(lang, "遺忘是有意的:", "Forgotten on purpose: "),
        Fix::Withheld { .. } => pick!(lang, "沒有安全的修改:", "No safe edit: "),
        Fix::Nothing => pick!(lang, "記憶做到了:", "Memory did its part: "),
        Fix::Write | Fix::Publish | Fix::Wait { .. } => pick!(lang, "要做的事:", "What to do: "),
    }
}

/// The whole line of what to do: its label, the fix and the further ones.
pub fn fix_line(ws: &Workspace, d: &Diagnosis, lang: Lang) -> String {
    let mut fix = fix_words(ws, &d.card, &d.fix, lang);
    for then in &d.then {
        fix.push_str(&pick!(lang, format!(";再{}", fix_words(ws, &d.card, then, lang)), format!("; then {}", fix_words(ws, &d.card, then, lang))));
    }
    format!("{}{fix}", fix_label(&d.fix, lang))
}

/// Where the diagnosis stops, in a sentence.
pub fn stop_words(d: &Diagnosis, lang: Lang) -> String {
    match d.stop {
        Some(q) => pick!(lang, format!("答案停在:{}", question_words(q, lang)), format!("The answer stops at: {}", question_words(q, lang))),
        None => pick!(lang, format!("{} 在提示詞裡", d.card), format!("{} is in the prompt", d.card)),
    }
}

/// A whole diagnosis as text: the four answers (the one it stops at
/// marked), the stop, what to do.
pub fn diagnosis_words(ws: &Workspace, d: &Diagnosis, lang: Lang) -> Vec<String> {
    let viewer = d.viewer.viewer();
    let mut lines: Vec<String> = d
        .answers
        .iter()
        .map(|a| {
            let yes = match (a.asked(), a.yes) {
                (false, _) => pick!(lang, "沒有問", "not asked"),
                (true, true) => pick!(lang, "是", "yes"),
                (true, false) => pick!(lang, "否", "no"),
            };
            let mark = if Some(a.question) == d.stop { " ←" } else { "" };
            format!("{} {yes}: {}{mark}", question_words(a.question, lang), why_words(ws, viewer, &d.card, &a.why, lang))
        })
        .collect();
    lines.push(stop_words(d, lang));
    lines.push(fix_line(ws, d, lang));
    lines
}

/// A prompt's change in a step: "bob/checker-v1's prompt: now holds S; no
/// longer H6", and the cards that changed places: "R now ranks above F".
pub fn prompt_change_words(c: &PromptChange, lang: Lang) -> String {
    let who = c.viewer.key();
    let sep = pick!(lang, "、", ", ");
    let (gained, lost) = (c.gained.join(sep), c.lost.join(sep));
    let held = match (c.gained.is_empty(), c.lost.is_empty()) {
        (true, true) => None,
        (false, true) => Some(pick!(lang, format!("{who} 的提示詞多了 {gained}"), format!("{who}'s prompt now holds {gained}"))),
        (true, false) => Some(pick!(lang, format!("{who} 的提示詞少了 {lost}"), format!("{who}'s prompt no longer holds {lost}"))),
        _ => Some(pick!(lang,
            format!("{who} 的提示詞多了 {gained},少了 {lost}"),
            format!("{who}'s prompt now holds {gained} and no longer {lost}"),
        )),
    };
    // At most three pairs by name; more is said as a count.
    let pairs: Vec<String> = c
        .moved_up
        .iter()
        .take(3)
        .map(|(a, b)| pick!(lang, format!("{a} 排到了 {b} 前面"), format!("{a} now ranks above {b}")))
        .collect();
    let more = c.moved_up.len().saturating_sub(3);
    let mut order = pairs.join(sep);
    if more > 0 {
        order = pick!(lang, format!("{order} 等 {} 組換了位置", c.moved_up.len()), format!("{order} and {more} more pairs swapped"));
    }
    match (held, order.is_empty()) {
        (Some(held), true) => held,
        (Some(held), false) => pick!(lang, format!("{held};順序改變:{order}"), format!("{held}; order changed: {order}")),
        (None, _) => pick!(lang, format!("{who} 的提示詞順序改變:{order}"), format!("{who}'s prompt order changed: {order}")),
    }
}

/// A change of the prompt's settings, in a phrase: "shared budget 200 → 150".
pub fn setting_change_words(c: &SettingChange, lang: Lang) -> String {
    let tokens = |t: &Option<u64>| match t {
        Some(t) => t.to_string(),
        None => pick!(lang, "不設限", "unlimited").to_string(),
    };
    match c {
        SettingChange::Budget { budget, from, to } => pick!(lang, 
            format!("{}預算 {} → {}", budget_words(budget, lang), tokens(from), tokens(to)),
            format!("{} budget {} → {}", budget_words(budget, lang), tokens(from), tokens(to)),
        ),
        SettingChange::TopK { from, to } => format!("top_k {} → {}", tokens(from), tokens(to)),
        SettingChange::Load { source, from, to } => {
            let layer = |l: &Option<Layer>| match l {
                Some(l) => layer_words(*l, lang).to_string(),
                None => layer_words(Layer::default_for(*source), lang).to_string(),
            };
            pick!(lang, 
                format!("{}的載入方式 {} → {}", source_words(*source, lang), layer(from), layer(to)),
                format!("{} memory loads {} → {}", source_words(*source, lang), layer(from), layer(to)),
            )
        }
        SettingChange::Weight { weight, from, to } => {
            let name = match *weight {
                "relevance" => pick!(lang, "相關度", "relevance"),
                "recency" => pick!(lang, "新近度", "recency"),
                "review" => pick!(lang, "審查", "review"),
                _ => pick!(lang, "可信度", "reliability"),
            };
            pick!(lang, format!("排序權重「{name}」{from} → {to}"), format!("ranking weight {name} {from} → {to}"))
        }
        SettingChange::CardKey { card, key, from, to } => {
            let value = |v: &Option<String>| v.clone().unwrap_or_else(|| pick!(lang, "(未設)", "(unset)").to_string());
            format!("{card}.{key} {} → {}", value(from), value(to))
        }
    }
}
