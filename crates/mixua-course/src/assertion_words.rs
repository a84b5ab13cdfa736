//! The words of assertions (issue 53), in both languages: an assertion
//! (its check's words, at its tick), why it fails (the policy's reasons,
//! said as the why panel says them), and why one is set aside.

use mixua_policy::card::JsonKind;
use mixua_policy::viewer::ViewerId;
use mixua_policy::workspace::Workspace;
#[cfg(feature = "lesson3")]
use mixua_words::explain::access_text;
use mixua_words::explain::{decision_text, rejection_text, Lang};

use crate::assertion::{Assertion, AssertionProblem, Because, Place, Verdict};
use crate::exercise_words::check_words;

/// An assertion in words: its check, at its tick if it names one.
pub fn assertion_words(a: &Assertion, lang: Lang) -> String {
    let what = check_words(&a.check, lang);
    match a.at {
        Some(t) => pick!(lang, format!("時刻 {t}:{what}"), format!("At tick {t}: {what}")),
        None => what,
    }
}

fn place_words(place: Place, lang: Lang) -> &'static str {
    match place {
        Place::View => pick!(lang, "格子的結果", "a view"),
        Place::Cache => pick!(lang, "快取的回答", "a cached answer"),
        Place::Prompt => pick!(lang, "提示詞", "a prompt"),
    }
}

fn json_kind(kind: JsonKind, lang: Lang) -> &'static str {
    match kind {
        JsonKind::Null => pick!(lang, "空值 null", "null"),
        JsonKind::Boolean => pick!(lang, "布林值", "a boolean"),
        JsonKind::Number => pick!(lang, "數字", "a number"),
        JsonKind::String => pick!(lang, "文字", "text"),
        JsonKind::Array => pick!(lang, "陣列", "a list"),
        JsonKind::Object => pick!(lang, "物件", "an object"),
    }
}

/// The reading decision in words, for the card as the workspace holds it
/// (its code alone when the workspace has no such card).
fn decision(ws: &Workspace, cell: &ViewerId, card: &str, access: &mixua_policy::policy::Access, lang: Lang) -> String {
    match ws.cards.iter().find(|c| c.id == card) {
        Some(c) => decision_text(c, access, cell.viewer(), &ws.query, lang),
        None => access.code().to_string(),
    }
}

/// One reason an assertion fails, in a sentence.
pub fn because_words(ws: &Workspace, because: &Because, lang: Lang) -> String {
    match because {
        Because::AfterClock { tick, clock } => pick!(
            lang,
            format!("時刻 {tick} 在時鐘({clock})之後:那個時候還沒到"),
            format!("tick {tick} is after the clock ({clock}): that time has not come"),
        ),
        Because::NoCard { card } => pick!(lang, format!("沒有卡片 {card}"), format!("no card is {card}")),
        Because::NoCells => pick!(lang, "這些格子都不在座位表上".into(), "none of these cells is in the chart".into()),
        Because::NotInChart { cell } => pick!(lang, format!("{cell} 不在座位表上"), format!("{cell} is not in the chart")),
        Because::Reads { cell, card, access } => pick!(
            lang,
            format!("{cell} 讀得到 {card}:{}", decision(ws, cell, card, access, lang)),
            format!("{cell} reads {card}: {}", decision(ws, cell, card, access, lang)),
        ),
        Because::DoesNotRead { cell, card, access } => pick!(
            lang,
            format!("{cell} 讀不到 {card}:{}", decision(ws, cell, card, access, lang)),
            format!("{cell} does not read {card}: {}", decision(ws, cell, card, access, lang)),
        ),
        Because::Leak { place, leak } => pick!(
            lang,
            format!("{} 在{}裡拿到 {} 的暗號 {}(來自 {})", leak.viewer, place_words(*place, lang), leak.owner, leak.token, leak.card),
            format!("{} got {}'s canary {} from {} in {}", leak.viewer, leak.owner, leak.token, leak.card, place_words(*place, lang)),
        ),
        Because::Rejected { card, rejection } => pick!(
            lang,
            format!("{card} 被拒絕:{}", rejection_text(rejection, lang)),
            format!("{card} is rejected: {}", rejection_text(rejection, lang)),
        ),
        Because::Accepted { card } => pick!(lang, format!("{card} 有效,沒有被拒絕"), format!("{card} is accepted, not rejected")),
        #[cfg(feature = "lesson3")]
        Because::InPrompt { cell, card } => {
            pick!(lang, format!("{card} 在 {cell} 的提示詞裡"), format!("{card} is in {cell}'s prompt"))
        }
        #[cfg(feature = "lesson3")]
        Because::NotInPrompt { cell, card, dropped, access } => {
            let why = match (dropped, access, ws.cards.iter().find(|c| c.id == *card)) {
                (Some(reason), _, _) => mixua_words::prompt_words::drop_words(ws, reason, lang),
                (None, Some(access), Some(c)) => access_text(c, access, cell.viewer(), lang),
                (None, Some(access), None) => access.code().to_string(),
                (None, None, _) => String::new(),
            };
            pick!(lang, format!("{card} 不在 {cell} 的提示詞裡:{why}"), format!("{card} is not in {cell}'s prompt: {why}"))
        }
        Because::Unmet => pick!(lang, "不成立".into(), "it does not hold".into()),
    }
}

/// A verdict in words: `pass`, or every reason it fails, joined.
pub fn verdict_words(ws: &Workspace, verdict: &Verdict, lang: Lang) -> String {
    if verdict.pass {
        return pick!(lang, "成立".into(), "holds".into());
    }
    let reasons: Vec<String> = verdict.because.iter().map(|b| because_words(ws, b, lang)).collect();
    reasons.join(pick!(lang, ";", "; "))
}

/// What a step broke, for the change strip and the live region: the
/// assertion at `place` (from 0) held and now fails, with why.
pub fn now_fails_words(ws: &Workspace, place: usize, verdict: &Verdict, lang: Lang) -> String {
    let why = verdict_words(ws, verdict, lang);
    pick!(lang, format!("第 {} 條斷言現在不成立:{why}", place + 1), format!("assertion {} now fails: {why}", place + 1))
}

/// Why an assertion of a file is set aside, in a sentence.
pub fn problem_words(problem: &AssertionProblem, lang: Lang) -> String {
    let n = |index: &usize| index + 1;
    match problem {
        AssertionProblem::NotAList { found } => pick!(
            lang,
            format!("`assertions` 應該是一個清單,這裡卻是{},全部略過", json_kind(*found, lang)),
            format!("`assertions` should be a list, but it is {}; all of it is set aside", json_kind(*found, lang)),
        ),
        AssertionProblem::NotAnObject { index, found } => pick!(
            lang,
            format!("第 {} 條斷言是{},不是物件,略過", n(index), json_kind(*found, lang)),
            format!("assertion {} is {}, not an object; set aside", n(index), json_kind(*found, lang)),
        ),
        AssertionProblem::NoCheck { index } => pick!(
            lang,
            format!("第 {} 條斷言沒有 `check`,略過", n(index)),
            format!("assertion {} has no `check`; set aside", n(index)),
        ),
        AssertionProblem::UnknownKey { index, key } => pick!(
            lang,
            format!("第 {} 條斷言有斷言沒有的欄位 `{key}`(只有 check、at、note),略過", n(index)),
            format!("assertion {} has a key no assertion has, `{key}` (only check, at, note); set aside", n(index)),
        ),
        AssertionProblem::UnknownCheck { index, kind } => pick!(
            lang,
            format!("第 {} 條斷言的檢查 `{kind}` 不存在,略過", n(index)),
            format!("assertion {}: no check is called `{kind}`; set aside", n(index)),
        ),
        AssertionProblem::MissingField { index, kind, field } => pick!(
            lang,
            format!("第 {} 條斷言的檢查 `{kind}` 少了 `{field}`,略過", n(index)),
            format!("assertion {}: the check `{kind}` needs `{field}`; set aside", n(index)),
        ),
        AssertionProblem::LearnerCheck { index, kind } => pick!(
            lang,
            format!("第 {} 條斷言的檢查 `{kind}` 看的是學習者做了什麼,不是作品本身,不能當斷言,略過", n(index)),
            format!("assertion {}: the check `{kind}` is about what the learner did, not about the work, so it can't be an assertion; set aside", n(index)),
        ),
        AssertionProblem::AboutAssertions { index } => pick!(
            lang,
            format!("第 {} 條斷言問的是「斷言全部成立」,斷言不能拿自己當條件,略過", n(index)),
            format!("assertion {} asks whether the assertions hold, which no assertion can ask of itself; set aside", n(index)),
        ),
        AssertionProblem::BadTick { index } => pick!(
            lang,
            format!("第 {} 條斷言的 `at` 不是 0 以上的整數時刻,略過", n(index)),
            format!("assertion {}: `at` is not a whole tick, 0 or more; set aside", n(index)),
        ),
        AssertionProblem::BadNote { index } => pick!(
            lang,
            format!("第 {} 條斷言的 `note` 不是文字,略過", n(index)),
            format!("assertion {}: `note` is not text; set aside", n(index)),
        ),
        AssertionProblem::Unreadable { index, message } => pick!(
            lang,
            format!("第 {} 條斷言讀不懂({message}),略過", n(index)),
            format!("assertion {} can't be read ({message}); set aside", n(index)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assertion::{read, run};
    use crate::seed::seed_workspace_en;
    use serde_json::json;

    #[test]
    fn a_failing_read_says_the_rule_in_both_languages() {
        let mut ws = seed_workspace_en();
        let a = read(&json!([{"check": {"retrieves": {"cells": "bob/writer-v1", "card": "P"}}}]));
        let assertions: Vec<Assertion> = a.items.into_iter().map(|(_, a)| a).collect();
        let verdicts = run(&ws, &assertions, None);
        assert!(!verdicts[0].pass);
        let en = verdict_words(&ws, &verdicts[0], Lang::En);
        let zh = verdict_words(&ws, &verdicts[0], Lang::ZhTw);
        // A students' page's build has one language (mixua-words' `only-en`
        // or `only-zh`, issue 28) and scripts/test.sh tests it too: each
        // language's words are asserted where the build has them.
        let has = |lang: Lang| Lang::BUILT.is_none_or(|built| built == lang);
        if has(Lang::En) {
            assert!(en.starts_with("bob/writer-v1 does not read P: P is a PAIR card of alice with writer-v1"), "{en}");
        }
        if has(Lang::ZhTw) {
            assert!(zh.starts_with("bob/writer-v1 讀不到 P:"), "{zh}");
        }
        ws.query = String::new();
        for problem in read(&json!([{"check": "revealed"}, 3, {"check": "nope"}])).problems {
            assert!(!problem_words(&problem, Lang::En).is_empty());
            if Lang::BUILT.is_none() {
                assert_ne!(problem_words(&problem, Lang::En), problem_words(&problem, Lang::ZhTw));
            }
        }
    }
}
