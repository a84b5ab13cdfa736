use mixua_policy::Policy;
use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::scores::Scorecards as Cards;
use crate::derive::views::Reference;
use crate::store::shared::Shared;

#[derive(Properties, PartialEq)]
pub struct ScorecardsProps {
    /// The three policies' scorecards, derived once per revision
    /// (`derive::scores`), with what "should see" is measured against,
    /// said in the caption.
    pub cards: Shared<Cards>,
    pub lang: Lang,
}

pub fn policy_name(policy: Policy, lang: Lang) -> &'static str {
    match policy {
        Policy::FourScope => pick!(lang, "四種範圍(MixUA)", "Four scopes (MixUA)"),
        Policy::GlobalOnly => pick!(lang, "只分享 GLOBAL(安全基準)", "Global only (safe baseline)"),
        Policy::UnsafePool => pick!(lang, "全部混在一起(反例)", "Everything pooled (anti-example)"),
    }
}

/// The scorecards' columns, by name: should-see retrieved, forbidden
/// appeared, identifying content appeared. Lesson 1's record of them
/// (`components/lesson/score_step.rs`) names its columns by the first two.
pub fn column_heads(lang: Lang) -> [&'static str; 3] {
    [
        pick!(lang, "該看到的有取回", "Should-see retrieved"),
        pick!(lang, "不該看到的出現了", "Forbidden appeared"),
        pick!(lang, "認得出身分的內容出現了", "Identifying content appeared"),
    ]
}

/// Should-see retrieved and forbidden appeared, for the three policies,
/// side by side and never merged into one number.
#[function_component(Scorecards)]
pub fn scorecards(props: &ScorecardsProps) -> Html {
    let lang = props.lang;
    let reference = &props.cards.reference;
    let basis = match reference {
        Reference::FourScopeNow => pick!(lang, 
            "「該看到」以目前卡片的四種範圍答案為準,所以四種範圍一定是 100%",
            "“should see” is the four-scope answer for the cards as they are now, so four scopes score 100% by construction",
        ),
        Reference::Snapshot(_) => pick!(lang, 
            "「該看到」以改動前記下的四種範圍答案為準,之後的改動不會移動它",
            "“should see” is the four-scope answer recorded before the changes; later changes don't move it",
        ),
    };
    // The columns' names: the table's heads, and again in each cell where a
    // narrow column stacks each row (`static/style.css`, `.scorecards`).
    let heads = column_heads(lang);
    // Hidden from assistive technology, which reads the column's head.
    let head = |i: usize| html! { <span class="cell-head" aria-hidden="true">{ heads[i] }</span> };
    html! {
        <div class="scorecards" data-scorecards="">
            <table>
                <caption>{ pick!(lang, "三張成績單", "Three scorecards") }<span class="note" data-reference={match reference { Reference::FourScopeNow => "four-scope-now", Reference::Snapshot(_) => "recorded" }}>{ format!(" ({basis})") }</span></caption>
                <thead>
                    <tr>
                        <td></td>
                        <th scope="col">{ heads[0] }
                            <span class="note">{ pick!(lang, "每個身分該看到的卡片,取回了幾張", "cards each viewer should see that it got") }</span></th>
                        <th scope="col">{ heads[1] }
                            <span class="note">{ pick!(lang, "(身分, 卡片) 組數:別人的 protected 卡,或帶著別人暗號的卡", "(viewer, card) pairs: another user's protected card, or a card carrying another user's canary") }</span></th>
                        <th scope="col">{ heads[2] }
                            <span class="note">{ pick!(lang, "(身分, 卡片) 組數:卡片的文字符合個人資料,只有另一位使用者對得上", "(viewer, card) pairs: the card's text names profile facts that only one other user holds") }</span></th>
                    </tr>
                </thead>
                <tbody>
                    { for props.cards.rows.iter().map(|row| {
                        let (p, s, identifying) = (row.policy, row.score, row.identifying);
                        let pct = (s.retrieved * 100).checked_div(s.expected).unwrap_or(100);
                        html! {
                            <tr data-score={format!("{p:?}")}>
                                <th scope="row">{ policy_name(p, lang) }</th>
                                <td data-retrieved={s.retrieved.to_string()} data-expected={s.expected.to_string()}>
                                    { head(0) }
                                    { format!("{}/{} ({pct}%)", s.retrieved, s.expected) }
                                </td>
                                <td data-forbidden={s.forbidden.to_string()} class={if s.forbidden > 0 { "bad" } else { "good" }}>
                                    { head(1) }
                                    <span aria-hidden="true">{ if s.forbidden > 0 { "⚠ " } else { "✓ " } }</span>
                                    { if s.forbidden > 0 { pick!(lang, format!("{} 組", s.forbidden), format!("{} pairs", s.forbidden)) } else { pick!(lang, "沒有".to_string(), "none".to_string()) } }
                                </td>
                                <td data-identifying={identifying.to_string()} class={if identifying > 0 { "warn" } else { "good" }}>
                                    { head(2) }
                                    <span aria-hidden="true">{ if identifying > 0 { "◎ " } else { "✓ " } }</span>
                                    { if identifying > 0 { pick!(lang, format!("{identifying} 組"), format!("{identifying} pairs")) } else { pick!(lang, "沒有".to_string(), "none".to_string()) } }
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
