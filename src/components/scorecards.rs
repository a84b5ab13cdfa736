use mixua_policy::{Lang, Policy};
use yew::prelude::*;

use crate::computed::Computed;
use crate::doc::Doc;
use crate::shared::Shared;

#[derive(Properties, PartialEq)]
pub struct ScorecardsProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    pub lang: Lang,
}

pub fn policy_name(policy: Policy, lang: Lang) -> &'static str {
    match policy {
        Policy::FourScope => lang.pick("四種範圍(MixUA)", "Four scopes (MixUA)"),
        Policy::GlobalOnly => lang.pick("只分享 GLOBAL(安全基準)", "Global only (safe baseline)"),
        Policy::UnsafePool => lang.pick("全部混在一起(反例)", "Everything pooled (anti-example)"),
    }
}

/// Should-see retrieved and forbidden appeared, for the three policies,
/// side by side and never merged into one number.
#[function_component(Scorecards)]
pub fn scorecards(props: &ScorecardsProps) -> Html {
    let lang = props.lang;
    let ws = &*props.doc.workspace;
    let predictions = &props.doc.predictions;
    let basis = if predictions.is_empty() {
        lang.pick("預期:四種範圍規則的答案", "expected: the four-scope answer")
    } else {
        lang.pick("預期:有預測的格子用你的預測", "expected: your predictions where you made them")
    };
    html! {
        <div class="scorecards" data-scorecards="">
            <table>
                <caption>{ lang.pick("兩張成績單", "Two scorecards") }<span class="note">{ format!(" ({basis})") }</span></caption>
                <thead>
                    <tr>
                        <td></td>
                        <th scope="col">{ lang.pick("該看到的有取回", "Should-see retrieved") }</th>
                        <th scope="col">{ lang.pick("不該看到的出現了", "Forbidden appeared") }</th>
                    </tr>
                </thead>
                <tbody>
                    { for Policy::ALL.iter().map(|&p| {
                        let s = props.computed.score(ws, predictions, p);
                        let pct = (s.retrieved * 100).checked_div(s.expected).unwrap_or(100);
                        html! {
                            <tr data-score={format!("{p:?}")}>
                                <th scope="row">{ policy_name(p, lang) }</th>
                                <td data-retrieved={s.retrieved.to_string()} data-expected={s.expected.to_string()}>
                                    { format!("{}/{} ({pct}%)", s.retrieved, s.expected) }
                                </td>
                                <td data-forbidden={s.forbidden.to_string()} class={if s.forbidden > 0 { "bad" } else { "good" }}>
                                    <span aria-hidden="true">{ if s.forbidden > 0 { "⚠ " } else { "✓ " } }</span>
                                    { if s.forbidden > 0 { lang.pick(format!("{} 次", s.forbidden), format!("{} times", s.forbidden)) } else { lang.pick("沒有".to_string(), "none".to_string()) } }
                                </td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
