use mixua_policy::Policy;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::lesson::scorecards::{policy_name, Scorecards};
use crate::derive::scores::Scores;
use crate::derive::views::Computed;
use crate::store::work::Doc;
use crate::store::shared::Shared;

#[derive(Properties, PartialEq, Clone)]
pub struct CompareProps {
    pub doc: Shared<Doc>,
    pub computed: Shared<Computed>,
    /// The policies' scorecards and totals, derived once per revision by
    /// the part that draws this (so always made once it is drawn).
    pub scores: Option<Shared<Scores>>,
    /// Predicting, before the reveal: the comparison would give answers away.
    pub hidden: bool,
    pub lang: Lang,
}

fn policy_note(policy: Policy, lang: Lang) -> &'static str {
    match policy {
        Policy::FourScope => pick!(lang, "個人經驗跟著人走,Agent 經驗跟著 Agent 走。", "Personal lessons follow their user; agent lessons follow their agent."),
        Policy::GlobalOnly => pick!(lang, "安全,但每個人只拿到公共經驗。", "Safe, but everyone gets only the public lessons."),
        Policy::UnsafePool => pick!(lang, "每張卡都當成已核准的 GLOBAL:暗號會外洩。", "Every card treated as approved GLOBAL: canaries leak."),
    }
}

/// The same cards under the three policies, side by side.
#[function_component(Compare)]
pub fn compare(props: &CompareProps) -> Html {
    let lang = props.lang;
    let ws = &*props.doc.workspace;
    let computed = &props.computed;
    // A big chart shows its totals first; the per-viewer rows on request.
    let big = computed.viewers.len() > 16;
    let rows_open = use_state(|| false);
    let show_rows = !big || *rows_open;
    if props.hidden {
        return html! {
            <section class="compare" aria-labelledby="compare-title" data-panel="compare">
                <h2 id="compare-title">{ pick!(lang, "三種做法比一比", "Three policies compared") }</h2>
                <p>{ pick!(lang, "揭曉後才顯示。", "Shown after you reveal.") }</p>
            </section>
        };
    }
    let Some(scores) = props.scores.as_ref() else { return Html::default() };
    let totals = scores.totals.map(|t| (t.shown, t.leaks, t.forbidden));
    let cell = |policy: Policy, position: usize| {
        let outcome = computed.outcome(policy);
        let ids: Vec<&str> = outcome.views[position].iter().take(30).map(|&i| ws.cards[i].id.as_str()).collect();
        let more = outcome.views[position].len().saturating_sub(30);
        let leaks = &outcome.leaks[position];
        html! {
            <td data-policy={format!("{policy:?}")}>
                <span class="ids">{ if ids.is_empty() { "—".to_string() } else { ids.join(" ") } }</span>
                if more > 0 { <span class="more">{ format!(" +{more}") }</span> }
                { for leaks.iter().take(3).map(|l| html! {
                    <span class="leak-chip" data-leak={l.token.clone()}>
                        <span aria-hidden="true">{"⚠ "}</span>{ pick!(lang, format!("外洩 {}({})", l.token, l.card), format!("leak {} ({})", l.token, l.card)) }
                    </span>
                }) }
                if leaks.len() > 3 {
                    <span class="leak-chip more">{ pick!(lang, format!("⚠ 另有 {} 個外洩", leaks.len() - 3), format!("⚠ {} more leaks", leaks.len() - 3)) }</span>
                }
            </td>
        }
    };
    html! {
        <section class="compare" aria-labelledby="compare-title" data-panel="compare">
            <h2 id="compare-title">{ pick!(lang, "三種做法比一比", "Three policies compared") }</h2>
            <p class="lede">{ pick!(lang, 
                "同一批卡片、同一句查詢,只換分享方式。三張成績單分開看:該看到的有沒有取回,不該看到的有沒有出現,認得出身分的內容有沒有出現。",
                "Same cards, same query, only the way of sharing changes. Three scorecards, kept apart: did each viewer get what it needs, did anything forbidden show up, and did anything that singles a person out?",
            ) }</p>
            <Scorecards cards={Shared(scores.compared.clone())} {lang} />
            // A wide chart scrolls inside this box: it takes the focus so the
            // keyboard can scroll it too.
            <div class="table-wrap" tabindex="0" role="region" aria-label={pick!(lang, "三種做法的比較表", "Policies compared, per viewer")}>
                <table class="compare-table">
                    <caption class="sr-only">{ pick!(lang, "每個身分在三種做法下取回的卡片", "What each viewer retrieves under each policy") }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ pick!(lang, "身分", "Viewer") }</th>
                            { for Policy::ALL.iter().map(|&p| html! {
                                <th scope="col">{ policy_name(p, lang) }<span class="note">{ policy_note(p, lang) }</span></th>
                            }) }
                        </tr>
                    </thead>
                    <tbody>
                        if big {
                            <tr>
                                <td colspan="4">
                                    <button type="button" class="link" aria-expanded={show_rows.to_string()} onclick={{
                                        let rows_open = rows_open.clone();
                                        Callback::from(move |_: MouseEvent| rows_open.set(!*rows_open))
                                    }}>
                                        { if show_rows {
                                            pick!(lang, "收起每個身分的列".to_string(), "Hide the per-viewer rows".to_string())
                                        } else {
                                            pick!(lang, format!("顯示 {} 個身分的列", computed.viewers.len()), format!("Show the {} per-viewer rows", computed.viewers.len()))
                                        } }
                                    </button>
                                </td>
                            </tr>
                        }
                        { for computed.viewers.iter().enumerate().take(if show_rows { 100 } else { 0 }).map(|(i, viewer)| html! {
                            <tr>
                                <th scope="row">{ viewer.key() }</th>
                                { for Policy::ALL.iter().map(|&p| cell(p, i)) }
                            </tr>
                        }) }
                    </tbody>
                    <tfoot>
                        <tr>
                            <th scope="row">{ pick!(lang, "合計", "Total") }</th>
                            { for totals.iter().map(|(hits, leaks, _)| html! {
                                <td data-leaks={leaks.to_string()}>
                                    { pick!(lang, format!("取回 {hits} 次 · "), format!("{hits} retrieved · ")) }
                                    if *leaks > 0 {
                                        <strong class="bad"><span aria-hidden="true">{"⚠ "}</span>{ pick!(lang, format!("{leaks} 個暗號外洩"), format!("{leaks} canary leaks")) }</strong>
                                    } else {
                                        <span class="good"><span aria-hidden="true">{"✓ "}</span>{ pick!(lang, "沒有外洩", "no leaks") }</span>
                                    }
                                </td>
                            }) }
                        </tr>
                    </tfoot>
                </table>
            </div>
            <p class="count-note" data-count-note="">{ {
                let (_, leaks, forbidden) = totals[2];
                pick!(lang, 
                    format!("兩個數字算的東西不同。「不該看到的出現了」算 (身分, 卡片) 組數:把別人的 protected 卡、或帶著別人暗號的卡交給某個身分,就算一組;全部混在一起時共 {forbidden} 組。「暗號外洩」只算暗號:某個格子裡出現別人的假祕密,就算一次;全部混在一起時共 {leaks} 次。別人的 protected 卡不一定含暗號,所以前者可以比後者多。"),
                    format!("The two numbers count different things. “Forbidden appeared” counts (viewer, card) pairs: one for each time a viewer is handed another user's protected card or a card carrying another user's canary; pooled, that is {forbidden}. “Canary leaks” count only fake secrets: one for each time another user's canary shows up in a view; pooled, that is {leaks}. Another user's protected card need not hold a canary, so the first can be larger."),
                )
            } }</p>
        </section>
    }
}

crate::components::later::stand_in!(
    /// The comparison, once the `later` part is in (its stand-in until then).
    CompareStandIn(compare_stand_in, CompareProps, "compare") = compare
);
