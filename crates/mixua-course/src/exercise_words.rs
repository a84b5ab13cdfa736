//! The words of exercises, packs and result codes, in both languages: a
//! check's item text (when the exercise gives none), why a pack or a code
//! is refused, and an exercise's mark.

use crate::exercise::{CardRef, Cells, Check, Exercise, Facts, Item};
use mixua_words::explain::{name_error_text, Lang};
use crate::pack::PackProblem;
use crate::result_code::{CodeProblem, Solved};

fn card(card: &CardRef, lang: Lang) -> String {
    match card {
        CardRef::Id(id) => id.clone(),
        CardRef::CopyOf { copy_of, agent } => pick!(lang, format!("{agent} 的 {copy_of} 副本"), format!("{agent}'s copy of {copy_of}")),
    }
}

fn cells(cells: &Cells, lang: Lang) -> String {
    let side = |names: &[String], every: (&str, &str)| {
        if names.is_empty() { pick!(lang, every.0, every.1).to_string() } else { names.join(", ") }
    };
    match (cells.users.is_empty(), cells.agents.is_empty()) {
        (true, true) => pick!(lang, "每個格子", "every cell").to_string(),
        _ => format!(
            "{} · {}",
            side(&cells.users, ("每位使用者", "every user")),
            side(&cells.agents, ("每個 Agent", "every agent"))
        ),
    }
}

/// An exercise's goal as the panel shows it: each item checked now, with
/// the exercise's words for it or, without them, the check's.
pub fn items(exercise: &Exercise, f: &Facts<'_>, lang: Lang) -> Vec<Item> {
    exercise
        .goal
        .iter()
        .map(|g| Item {
            label: match &g.label {
                Some(text) => text.get(lang).to_string(),
                None => check_words(&g.check, lang),
            },
            done: g.check.holds(f),
        })
        .collect()
}

/// A ranking weight's name ([`crate::exercise::WEIGHTS`]).
#[cfg(feature = "lesson3")]
fn weight_words(weight: &str, lang: Lang) -> &'static str {
    match weight {
        "relevance" => pick!(lang, "相關度", "relevance"),
        "recency" => pick!(lang, "新近度", "recency"),
        "review" => pick!(lang, "審查", "review"),
        _ => pick!(lang, "可信度", "reliability"),
    }
}

/// A check in words: what the lesson panel shows for a goal item that
/// brings no words of its own.
pub fn check_words(check: &Check, lang: Lang) -> String {
    macro_rules! l {
        ($zh:expr, $en:expr $(,)?) => {
            pick!(lang, $zh, $en)
        };
    }
    match check {
        Check::UserExists { user } => l!(format!("座位表上有使用者 {user}"), format!("The user {user} is in the chart")),
        Check::AgentExists { agent } => l!(format!("座位表上有 Agent {agent}"), format!("The agent {agent} is in the chart")),
        Check::UserCount { at_least } => l!(format!("座位表上至少有 {at_least} 個人"), format!("At least {at_least} users in the chart")),
        Check::Stranger => l!("有一位沒人認識的使用者".into(), "A user nobody knows is in the chart".into()),
        Check::Retrieves { cells: c, card: k } => {
            l!(format!("{} 取回 {}", cells(c, lang), card(k, lang)), format!("{} retrieves {}", cells(c, lang), card(k, lang)))
        }
        Check::NotRetrieves { cells: c, card: k } => {
            l!(format!("{} 取不到 {}", cells(c, lang), card(k, lang)), format!("{} does not retrieve {}", cells(c, lang), card(k, lang)))
        }
        Check::Reaches { card: k } => l!(format!("有人讀得到 {}", card(k, lang)), format!("{} reaches someone", card(k, lang))),
        Check::ReachesGroup { card: k, group } => {
            l!(format!("{} 正好給 {group} 的成員", card(k, lang)), format!("{} reaches exactly {group}'s members", card(k, lang)))
        }
        Check::NoLeak => l!("沒有外洩警報".into(), "No leak alarm".into()),
        Check::NoLeakAnywhere => l!(
            "沒有暗號流到別人那裡:格子、快取、提示詞都沒有".into(),
            "No canary reaches another user: in no view, cached answer or prompt".into(),
        ),
        Check::LeakBy { card } => l!(format!("{card} 造成外洩警報"), format!("{card} raises a leak alarm")),
        Check::SinglesOut { card: k } => {
            l!(format!("探測在 {} 裡認出了某個人", card(k, lang)), format!("The probe singles someone out in {}", card(k, lang)))
        }
        Check::ProbeClean { card: k } => l!(format!("探測在 {} 裡什麼都找不到", card(k, lang)), format!("The probe finds nothing in {}", card(k, lang))),
        Check::ScorecardsPerfect => l!(
            "兩張成績單:該看到的全部取回,不該看到的 0".into(),
            "Both scorecards: should-see retrieved full, forbidden appeared 0".into(),
        ),
        Check::Accepted { card: k, owner, scope } => {
            let what = match (k, owner) {
                (Some(k), _) => card(k, lang),
                (None, Some(o)) => l!(format!("{o} 的一張卡"), format!("a card of {o}'s")),
                (None, None) => l!("一張卡".into(), "a card".into()),
            };
            match scope {
                Some(s) => l!(format!("{what} 有效,範圍 {}", s.as_str()), format!("{what} is accepted as {}", s.as_str())),
                None => l!(format!("{what} 有效"), format!("{what} is accepted")),
            }
        }
        Check::Rejected { card: k, reason } => match reason {
            Some(r) => l!(format!("{} 被拒絕({r})", card(k, lang)), format!("{} is rejected ({r})", card(k, lang))),
            None => l!(format!("{} 被拒絕", card(k, lang)), format!("{} is rejected", card(k, lang))),
        },
        Check::Approved { card: k, approved: true } => l!(format!("{} 已核准分享", card(k, lang)), format!("{} has sharing approved", card(k, lang))),
        Check::Approved { card: k, approved: false } => {
            l!(format!("{} 沒有分享核准", card(k, lang)), format!("{} has no sharing approval", card(k, lang)))
        }
        Check::Stream { card: k, stream } => {
            let s = stream.as_str();
            l!(format!("{} 的內容流是 {s}", card(k, lang)), format!("{} is in the {s} stream", card(k, lang)))
        }
        Check::Absent { card } => l!(format!("沒有卡片 {card}"), format!("No card {card}")),
        Check::Owner { card: k, user, agent } => {
            let who = [user.as_deref(), agent.as_deref()].into_iter().flatten().collect::<Vec<_>>().join("/");
            l!(format!("{} 屬於 {who}", card(k, lang)), format!("{} belongs to {who}", card(k, lang)))
        }
        Check::Status { card: k, status } => {
            l!(format!("{} 的狀態是 {}", card(k, lang), status.as_str()), format!("{} is {}", card(k, lang), status.as_str()))
        }
        Check::Tombstone { card: k } => l!(format!("{} 只剩編號(已刪除)", card(k, lang)), format!("{} is only an id (deleted)", card(k, lang))),
        Check::Tier { card: k, tier } => {
            l!(format!("{} 放在 {}", card(k, lang), tier.as_str()), format!("{} is stored {}", card(k, lang), tier.as_str()))
        }
        Check::PublishedBy { card: k, reviewer: true } => {
            l!(format!("由審查者(不是寫的人)發布了 {}", card(k, lang)), format!("A reviewer, not its writer, published {}", card(k, lang)))
        }
        Check::PublishedBy { card: k, reviewer: false } => {
            l!(format!("{} 由不是寫的人發布", card(k, lang)), format!("{} was published by someone other than its writer", card(k, lang)))
        }
        Check::Logged { action, card, reason } => {
            let act = action.as_str();
            match reason {
                Some(r) => l!(format!("紀錄裡有 {card} 的 {act}({r})"), format!("The log shows {act} of {card} ({r})")),
                None => l!(format!("紀錄裡有 {card} 的 {act}"), format!("The log shows {act} of {card}")),
            }
        }
        Check::ClockAtLeast { tick } => l!(format!("時鐘走到時刻 {tick} 以後"), format!("The clock is at tick {tick} or later")),
        Check::Refused { act, .. } => l!(format!("「{act}」被寫入流程拒絕了"), format!("The write path refused “{act}”")),
        Check::RolledBackAsBefore { card, replaced } => l!(
            format!("{card} 已還原,各格子的 {replaced} 回到 {card} 之前"),
            format!("{card} is rolled back and every cell has {replaced} as before {card}"),
        ),
        Check::TracesClear { text } => l!(format!("{text} 不在任何格子、快取或紀錄裡"), format!("{text} is in no cell, cached answer or log line")),
        Check::CacheLeaks => l!("快取外洩了暗號".into(), "The cache leaked a canary".into()),
        Check::CacheClean => l!("每一次重播的查詢都乾淨".into(), "Every replayed read is clean".into()),
        Check::CachePurges => l!("快取會清除撤回的卡".into(), "The cache purges retired cards".into()),
        Check::StaleServed { card } => l!(format!("快取送出了過時的 {card}"), format!("The cache served a stale copy of {card}")),
        Check::BeforeDeletion { card } => l!(format!("看了 {card} 刪除之前的時刻"), format!("Looked at a tick before {card} was deleted")),
        Check::GroupSize { group, members } => l!(format!("{group} 正好 {members} 個人"), format!("{group} has exactly {members} members")),
        Check::AssertionsHold => l!("作品的斷言全部成立".into(), "All of the work's assertions hold".into()),
        #[cfg(feature = "lesson3")]
        Check::InPrompt { cells: c, card: k } => l!(
            format!("{} 的提示詞裡有 {}", cells(c, lang), card(k, lang)),
            format!("{}'s prompt holds {}", cells(c, lang), card(k, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::NotInPrompt { cells: c, card: k } => l!(
            format!("{} 的提示詞裡沒有 {}", cells(c, lang), card(k, lang)),
            format!("{}'s prompt does not hold {}", cells(c, lang), card(k, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::TotalBudgetAtMost { tokens } => {
            l!(format!("總預算不超過 {tokens} 個詞元"), format!("The total budget is at most {tokens} tokens"))
        }
        #[cfg(feature = "lesson3")]
        Check::StartupAtMost { cells: c, percent, baseline: None } => l!(
            format!("{} 啟動時載入的詞元不超過全部倒進去的 {percent}%", cells(c, lang)),
            format!("{} loads at most {percent}% of the dump-everything baseline at the start", cells(c, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::StartupAtMost { cells: c, percent, baseline: Some(_) } => l!(
            format!("{} 啟動時載入的詞元不超過全部倒進去的 {percent}%(以這個練習開始時的卡計算)", cells(c, lang)),
            format!(
                "{} loads at most {percent}% of the dump-everything baseline at the start (measured on the cards this exercise starts with)",
                cells(c, lang)
            ),
        ),
        #[cfg(feature = "lesson3")]
        Check::OnDemand { cells: c, source } => {
            let memory = mixua_words::prompt_words::source_words(*source, lang);
            l!(
                format!("{} 的{memory}按需讀取(依任務取回或由工具讀取),沒有一張被預算切掉", cells(c, lang)),
                format!("{}'s {memory} memory is read on demand (retrieved or by tool), none of it cut by a budget", cells(c, lang)),
            )
        }
        #[cfg(feature = "lesson3")]
        Check::WinsOnlyBy { cells: c, card, over, weight } => {
            let name = weight_words(weight, lang);
            l!(
                format!("在 {} 的排序裡,{card} 只靠「{name}」的權重勝過 {over}:不是改了卡的內容或可信度", cells(c, lang)),
                format!("In {}'s ranking, {card} beats {over} only through the {name} weight, not by editing a card's text or reliability", cells(c, lang)),
            )
        }
        #[cfg(feature = "lesson3")]
        Check::Diagnosed { cells: c, card } => l!(
            format!("替 {} 按了 {card} 的「診斷」", cells(c, lang)),
            format!("Pressed Diagnose on {card} for {}", cells(c, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::HitRate { cells: c, percent } => l!(
            format!("{} 的任務所需的卡至少 {percent}% 進了提示詞", cells(c, lang)),
            format!("At least {percent}% of {}'s task's needed cards reach the prompt", cells(c, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::NoStaleUse => l!("任務拿到的答案(提示詞或快取)都沒有用到過時的卡".into(), "No answer served to a task, from the prompt or the cache, uses a stale card".into()),
        #[cfg(feature = "lesson3")]
        Check::RanksAbove { cells: c, card, over } => l!(
            format!("在 {} 的排序裡,{card} 排在 {over} 前面,而且載入了", cells(c, lang)),
            format!("In {}'s ranking, {card} scores above {over} and is loaded", cells(c, lang)),
        ),
        #[cfg(feature = "lesson3")]
        Check::DiagnosisStops { cells: c, card, at } => l!(
            format!("{} 找不到 {card} 的診斷停在「{}」", cells(c, lang), mixua_words::prompt_words::question_words(*at, lang)),
            format!("{}'s diagnosis of {card} stops at “{}”", cells(c, lang), mixua_words::prompt_words::question_words(*at, lang)),
        ),
        Check::Predicted { cells: c } => l!(format!("{} 都做了預測", cells(c, lang)), format!("Predicted {}", cells(c, lang))),
        Check::Revealed => l!("按了揭曉".into(), "Revealed".into()),
        Check::PredictedRight { cells: c } => l!(format!("{} 的預測都對", cells(c, lang)), format!("{} predicted right", cells(c, lang))),
        Check::RecordedEach { .. } => l!(
            "改之前與每項改完後,都記錄了兩張成績單".into(),
            "Recorded both scorecards before and after each change".into(),
        ),
        Check::All { all } => all.iter().map(|c| check_words(c, lang)).collect::<Vec<_>>().join(pick!(lang, ",而且 ", "; and ")),
        Check::Once { of, .. } => l!(format!("曾經:{}", check_words(of, lang)), format!("Seen once: {}", check_words(of, lang))),
    }
}

/// Why a pack is not read, in words.
pub fn pack_problem_words(problem: &PackProblem, lang: Lang) -> String {
    macro_rules! l {
        ($zh:expr, $en:expr $(,)?) => {
            pick!(lang, $zh, $en)
        };
    }
    match problem {
        PackProblem::TooLarge { bytes } => l!(
            format!("練習包太大({bytes} 位元組,上限 {} 位元組)。", crate::pack::PACK_MAX_BYTES),
            format!("The pack is too large ({bytes} bytes; the limit is {}).", crate::pack::PACK_MAX_BYTES),
        ),
        PackProblem::NotAPack { message } => l!(format!("這不是練習包:{message}"), format!("This is not a pack: {message}")),
        PackProblem::UnknownFormat { format } => l!(
            format!("練習包的格式 {format} 是較新的版本,這個遊樂場讀不了。"),
            format!("The pack is in format {format}, newer than this playground reads."),
        ),
        PackProblem::BadId { id } => l!(
            format!("練習包的名稱「{id}」不能用:只能有英文字母、數字、- 和 _,最多 {} 個字元。", crate::pack::PACK_ID_MAX),
            format!("The pack id “{id}” can't be used: letters, digits, - and _ only, at most {}.", crate::pack::PACK_ID_MAX),
        ),
        PackProblem::Empty => l!("練習包裡沒有練習。".into(), "The pack has no exercise.".into()),
        PackProblem::Damaged => l!("連結不完整或被改過:完整性檢查不符。".into(), "The link is cut or changed: its integrity check fails.".into()),
        PackProblem::UnknownBuiltin { name } => l!(
            format!("沒有叫「{name}」的內建練習包(有 lesson1、lesson2)。"),
            format!("No built-in pack is called “{name}” (there are lesson1 and lesson2)."),
        ),
    }
}

/// Why a result code is refused, in words.
pub fn code_problem_words(problem: &CodeProblem, lang: Lang) -> String {
    macro_rules! l {
        ($zh:expr, $en:expr $(,)?) => {
            pick!(lang, $zh, $en)
        };
    }
    match problem {
        CodeProblem::Empty => l!("沒有代碼。".into(), "No code.".into()),
        CodeProblem::NotACode => l!("這不是成果代碼:代碼以 MX 開頭。".into(), "This is not a result code: codes start with MX.".into()),
        CodeProblem::UnknownVersion { version } => l!(
            format!("代碼版本「{version}」這裡讀不了(讀得了 MX1)。"),
            format!("Code version “{version}” can't be read here (MX1 can)."),
        ),
        CodeProblem::BadCharacter { at, found } => {
            // A character that shows nothing, or turns the line around, is
            // named by its code point instead.
            let found = if mixua_policy::viewer::check_visible(&found.to_string()).is_ok() {
                found.to_string()
            } else {
                format!("U+{:04X}", u32::from(*found))
            };
            l!(
                format!("第 {at} 個字元「{found}」不會出現在代碼裡:可能打錯了。"),
                format!("Character {at}, “{found}”, is never in a code: probably a typo."),
            )
        }
        CodeProblem::Checksum => l!(
            "檢查碼不符:代碼打錯了或被改過。".into(),
            "The checksum does not match: the code was mistyped or changed.".into(),
        ),
        CodeProblem::Malformed => l!("代碼不完整:可能少複製了一段。".into(), "The code is incomplete: part of it may be missing.".into()),
        CodeProblem::TooLong => l!("代碼太長了。".into(), "The code is too long.".into()),
        CodeProblem::OtherPack { pack, version } => l!(
            format!("這個代碼屬於另一個練習包({pack} 版本 {version})。"),
            format!("This code is for another pack ({pack}, version {version})."),
        ),
        CodeProblem::BadName { error } => l!(
            format!("代碼裡的名字無法照原樣顯示:{}。", name_error_text(error, Lang::ZhTw)),
            format!("The name in this code can't be shown as it is: {}.", name_error_text(error, Lang::En)),
        ),
    }
}

/// An exercise's mark in words (never colour alone).
pub fn solved_words(solved: Solved, lang: Lang) -> &'static str {
    match solved {
        Solved::Not => pick!(lang, "未完成", "not solved"),
        Solved::Yes => pick!(lang, "完成", "solved"),
        Solved::WithSolution => pick!(lang, "看了解答後完成", "solved with the solution"),
    }
}

/// How many hints were used, in words.
pub fn hints_words(hints: usize, lang: Lang) -> String {
    match hints {
        0 => pick!(lang, "沒用提示", "no hint").to_string(),
        1 => pick!(lang, "用了 1 個提示".to_string(), "1 hint".to_string()),
        n => pick!(lang, format!("用了 {n} 個提示"), format!("{n} hints")),
    }
}
