use mixua_words::explain::rejection_text;
use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::computed::Computed;
use crate::shared::Shared;
use crate::state::{Action, UiAction};

/// Rejected cards listed by name; the rest are counted.
const LISTED: usize = 30;

#[derive(Properties, PartialEq)]
pub struct RejectedListProps {
    pub workspace: Shared<Workspace>,
    pub computed: Shared<Computed>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Cards that reach nobody, each with the policy's reason in plain words.
#[function_component(RejectedList)]
pub fn rejected_list(props: &RejectedListProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    // A card that is not in effect (a candidate, a tombstone, …) is
    // stopped by that gate first, and says so in lesson 2's timeline: it is
    // not listed here under a later gate's reason.
    let rejected: Vec<(usize, &mixua_policy::Rejection)> = props
        .computed
        .gates
        .iter()
        .enumerate()
        .filter(|(i, _)| !matches!(props.computed.decided.get(*i), Some(mixua_policy::Gate::NotInEffect { .. })))
        .filter_map(|(i, g)| g.as_ref().err().map(|r| (i, r)))
        .collect();
    let shown = rejected.iter().take(LISTED).map(|&(i, rejection)| {
        let card = &ws.cards[i];
        let select = {
            let onaction = props.onaction.clone();
            Callback::from(move |_: MouseEvent| {
                onaction.emit(Action::Ui(UiAction::Select(Some(i))));
                // Its editor opens at the top of this column: go there.
                super::focus_after_render("#inspector-title".into());
            })
        };
        html! {
            <li data-rejected={card.id.clone()} data-reason={rejection.code()} key={i}>
                <button type="button" class="link" onclick={select}>
                    <span class="badge">{ if card.id.is_empty() { format!("#{}", i + 1) } else { card.id.clone() } }</span>
                </button>
                { " " }{ rejection_text(rejection, lang) }
            </li>
        }
    });
    html! {
        <section class="panel rejected" aria-labelledby="rejected-title" data-panel="rejected">
            <h2 id="rejected-title">
                <span aria-hidden="true">{"⊘ "}</span>
                { lang.pick(format!("被拒絕的卡片({})", rejected.len()), format!("Rejected cards ({})", rejected.len())) }
            </h2>
            <p class="lede">{ lang.pick("不合規則的卡片誰都讀不到(預設拒絕)。", "A card that breaks a rule reaches nobody (fail closed).") }</p>
            if rejected.is_empty() {
                <p class="empty">{ lang.pick("沒有被拒絕的卡片。", "No card is rejected.") }</p>
            } else {
                <ul class="rejected-list">{ for shown }</ul>
                if rejected.len() > LISTED {
                    <p>{ lang.pick(format!("……還有 {} 張", rejected.len() - LISTED), format!("…and {} more", rejected.len() - LISTED)) }</p>
                }
            }
        </section>
    }
}
