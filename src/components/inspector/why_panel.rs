use mixua_words::explain::{access_text, decision_text, flips_text, rejection_text};
use mixua_words::cedar_words::cedar_decision_text;
use mixua_words::probe_words::finding_text;
use std::rc::Rc;

use mixua_policy::flip::Flips;
use mixua_policy::{check, Viewer, ViewerId, Workspace};
use mixua_words::Lang;

use crate::derive::views::Computed;
use yew::prelude::*;

use crate::components::focus::{cell_selector, focus_soon};
use crate::store::shared::Shared;
use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq, Clone)]
pub struct WhyPanelProps {
    pub workspace: Shared<Workspace>,
    /// The memoised decisions: the same answers as the views.
    pub computed: Shared<Computed>,
    pub selected: Option<usize>,
    /// The viewer whose decision is explained in full.
    pub viewer: Option<ViewerId>,
    /// The smallest edits that flip the inspected viewer's decision on the
    /// selected card: evaluated once per (work, card, viewer) by the root
    /// (`derive::flips`), not in render.
    pub flips: Option<Rc<Flips>>,
    /// Predicting, before the reveal: reasons would give the answers away.
    pub hidden: bool,
    /// Lesson 2: the earlier tick the chart shows (`None`: now); an
    /// assertion kept then is about that tick.
    #[prop_or_default]
    pub tick: Option<u64>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
    /// The function that writes an assertion ("Keep as an assertion"),
    /// given by the part that draws the card's Why.
    #[prop_or_default]
    pub keep: Option<crate::derive::assertions::AssertionWrite>,
}

/// Why and why not: for the selected card, every viewer's decision in
/// words, and for the inspected viewer the smallest edits that flip it.
///
/// With no card selected (the first screen), it says how to ask; a card's
/// reasons are drawn by the part of the panels below the first screen
/// (`later`), fetched as soon as the chart is
/// interactive.
#[function_component(WhyPanel)]
pub fn why_panel(props: &WhyPanelProps) -> Html {
    let lang = props.lang;
    let hidden = props.hidden;
    if props.selected.is_some_and(|i| i < props.workspace.cards.len()) && !hidden {
        return html! { <WhyCardStandIn ..props.clone() /> };
    }
    html! {
        <section class="panel why" aria-labelledby="why-title" data-panel="why" tabindex="-1">
            <h2 id="why-title">{ pick!(lang, "為什麼?", "Why?") }</h2>
            <p>{ if hidden {
                pick!(lang, "預測模式中,說明會在揭曉後出現。", "In predict mode, the reasons appear after you reveal.")
            } else {
                pick!(lang, "點座位表裡的一張卡片,或編輯器裡的「看範圍」,這裡會說明誰讀得到、誰讀不到,以及為什麼。",
                    "Click a card in the chart, or “Show reach” in the editor: this panel says who can read it, who can't, and why.")
            } }</p>
        </section>
    }
}


/// The selected card's reasons: every viewer's decision in words, and for
/// the inspected viewer the smallest edits that flip it.
#[function_component(WhyCard)]
pub fn why_card(props: &WhyPanelProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let Some((index, card)) = props.selected.and_then(|i| ws.cards.get(i).map(|c| (i, c))) else {
        return Html::default();
    };

    // The cell this panel was opened from, when it was: Escape and
    // Deselect bring the focus back to it, so the focus is never lost.
    let back_to = props.viewer.as_ref().map(|v| cell_selector(&v.key()));
    let close = {
        let onaction = props.onaction.clone();
        let back_to = back_to.clone();
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Action::Ui(UiAction::Select(None)));
            focus_soon(back_to.iter().cloned().chain(["[data-panel=\"why\"]".to_string()]).collect());
        })
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            if let Some(cell) = &back_to {
                e.prevent_default();
                focus_soon(vec![cell.clone()]);
            }
        }
    });
    let gate = match check(card) {
        Ok(ok) => html! {
            <p class="gate ok" data-gate="accepted"><span aria-hidden="true">{"✓ "}</span>{ pick!(lang, 
                format!("通過內容與歸檔檢查:{} 範圍、{} 內容流。", ok.scope, ok.stream),
                format!("Passes the content and filing checks: scope {}, stream {}.", ok.scope, ok.stream),
            ) }</p>
        },
        Err(rejection) => html! {
            <p class="gate no" data-gate={rejection.code()}><span aria-hidden="true">{"✗ "}</span>{ pick!(lang, "被拒絕:", "Rejected: ") }{ rejection_text(&rejection, lang) }</p>
        },
    };

    let rows = ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| (u, a))).take(36).map(|(u, a)| {
        let viewer = Viewer::new(u, a);
        let decision = props.computed.access(ws, index, viewer);
        let allowed = decision.allowed();
        let onclick = {
            let onaction = props.onaction.clone();
            let viewer = ViewerId::from(viewer);
            Callback::from(move |_: MouseEvent| onaction.emit(UiAction::Inspect { card: index, viewer: viewer.clone() }.into()))
        };
        let current = props.viewer.as_ref().is_some_and(|v| v.is(viewer));
        // The probe's findings, once the card reaches this viewer.
        let reid: Vec<_> = props
            .computed
            .viewer_index(u, a)
            .map(|v| props.computed.reid_of(v, index))
            .unwrap_or_default()
            .into_iter()
            .filter(|f| f.singles_out())
            .collect();
        html! {
            <li class={classes!(if allowed { "yes" } else { "no" }, current.then_some("current"))} data-why={viewer.key()} data-allowed={allowed.to_string()}>
                <button type="button" class="link" {onclick} aria-current={current.then_some("true")}>
                    <span aria-hidden="true">{ if allowed { "✓ " } else { "✗ " } }</span>
                    <strong>{ viewer.key() }</strong>
                </button>
                { ": " }{ access_text(card, &decision, viewer, lang) }
                { for reid.iter().map(|f| html! {
                    <span class="reid-note" data-reid-why={f.user.clone()}>
                        <span aria-hidden="true">{" ◎ "}</span>
                        { pick!(lang, format!("(認得出 {})", f.user), format!(" (singles out {})", f.user)) }
                    </span>
                }) }
            </li>
        }
    });

    let focus = props.viewer.as_ref().map(|v| {
        let viewer = v.viewer();
        let decision = props.computed.access(ws, index, viewer);
        let findings = props.computed.viewer_index(viewer.user, viewer.agent).map(|v| props.computed.reid_of(v, index)).unwrap_or_default();
        // "Keep as an assertion" (issue 53): this viewer reads, or doesn't
        // read, this card, as the cell is now (in its view, not only let in
        // by the rule: the query must find it too).
        let reads = props.computed.viewer_index(viewer.user, viewer.agent).is_some_and(|v| props.computed.four.views[v].contains(&index));
        let kept = mixua_course::Assertion { at: props.tick, ..mixua_course::Assertion::reads(v, &card.id, reads) };
        let keep = props.keep.map(|write| crate::components::lesson::assertions_panel::keep_button(kept.clone(), mixua_course::assertion_words(&kept, lang), lang, write, &props.onaction));
        html! {
            <div class="focus" data-focus={viewer.key()}>
                <h3>{ pick!(lang, format!("{} 與卡片 {}", viewer.key(), card.id), format!("{} and card {}", viewer.key(), card.id)) }</h3>
                <p data-decision="">{ decision_text(card, &decision, viewer, &ws.query, lang) }</p>
                // The exported Cedar policy that decides the same read
                // (`mixua export --cedar`, the Work menu's Export as Cedar).
                if let Some(cedar) = cedar_decision_text(&decision, lang) {
                    <p class="cedar-id" data-cedar={mixua_policy::cedar_policy_id(&decision).unwrap_or_default()}>{ cedar }</p>
                }
                { for findings.iter().map(|f| html! {
                    <p class={classes!("reid", (!f.singles_out()).then_some("weak"))} data-reid-facts={f.facts.iter().map(|x| x.value.as_str()).collect::<Vec<_>>().join("|")}>
                        <span class="icon" aria-hidden="true">{ if f.singles_out() { "◎" } else { "◌" } }</span>
                        <strong>{ if f.singles_out() { pick!(lang, "重新識別:", "Re-identification: ") } else { pick!(lang, "範圍變小:", "Narrowed: ") } }</strong>
                        { finding_text(f, lang) }
                        { pick!(lang, "。沒有暗號,規則也照樣放行:標記說可以分享,不代表內容認不出人。",
                            ". No canary, and the rules let it through: a label that says shareable does not make the content anonymous.") }
                    </p>
                }) }
                if let Some(flips) = &props.flips {
                    <p data-flips="">{ flips_text(card, viewer, flips, lang) }</p>
                }
                { keep }
            </div>
        }
    });

    html! {
        <section class="panel why" aria-labelledby="why-title" data-panel="why" data-why-card={card.id.clone()} tabindex="-1" {onkeydown}>
            <div class="panel-head">
                <h2 id="why-title">{ pick!(lang, format!("為什麼?卡片 {}", card.id), format!("Why? Card {}", card.id)) }</h2>
                <button type="button" class="link" onclick={close}>{ pick!(lang, "取消選取", "Deselect") }</button>
            </div>
            <p class="card-summary">
                <span class="badge">{ &card.id }</span>
                { pick!(lang, 
                    format!("擁有者 {} / {} · 範圍 {} · 內容流 {} · 核准分享:{}", card.owner_user, card.owner_agent, card.scope, card.stream, if card.share_approved { "是" } else { "否" }),
                    format!("owner {} / {} · scope {} · stream {} · sharing approved: {}", card.owner_user, card.owner_agent, card.scope, card.stream, if card.share_approved { "yes" } else { "no" }),
                ) }
            </p>
            { gate }
            <>{ for focus }</>
            <h3 class="sub">{ pick!(lang, "每個身分的判斷", "Each viewer's decision") }</h3>
            <ul class="why-list">{ for rows }</ul>
        </section>
    }
}

crate::components::later::stand_in!(
    /// The card's Why, once the `later` part is in (its stand-in until then).
    WhyCardStandIn(why_card_stand_in, WhyPanelProps, "why") = why_card
);
