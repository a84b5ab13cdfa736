use std::rc::Rc;

use mixua_words::explain::rejection_text;
use mixua_words::Lang;
use yew::prelude::*;

use crate::derive::checks::Rejected;
use crate::store::action::On;

#[derive(Properties, PartialEq)]
pub struct RejectedListProps {
    /// The rejected cards, derived once per views (`derive::Rejected`):
    /// compared by value, so an edit that rejects or accepts no card does
    /// not render the list again.
    pub rejected: Rc<Rejected>,
    pub lang: Lang,
    /// Selects a card (its editor and its why open beside the chart).
    pub onselect: On<Option<usize>>,
}

/// Cards that reach nobody, each with the policy's reason in plain words.
#[function_component(RejectedList)]
pub fn rejected_list(props: &RejectedListProps) -> Html {
    let lang = props.lang;
    let rejected = &props.rejected;
    let shown = rejected.listed.iter().map(|(i, id, rejection)| {
        let i = *i;
        let select = {
            let onselect = props.onselect.clone();
            Callback::from(move |_: MouseEvent| {
                onselect.emit(Some(i));
                // Its editor opens at the top of this column: go there.
                crate::components::focus_after_render("#inspector-title".into());
            })
        };
        html! {
            <li data-rejected={id.clone()} data-reason={rejection.code()} key={i}>
                <button type="button" class="link" onclick={select}>
                    <span class="badge">{ if id.is_empty() { format!("#{}", i + 1) } else { id.clone() } }</span>
                </button>
                { " " }{ rejection_text(rejection, lang) }
            </li>
        }
    });
    html! {
        <section class="panel rejected" aria-labelledby="rejected-title" data-panel="rejected">
            <h2 id="rejected-title">
                <span aria-hidden="true">{"⊘ "}</span>
                { pick!(lang, format!("被拒絕的卡片({})", rejected.total), format!("Rejected cards ({})", rejected.total)) }
            </h2>
            <p class="lede">{ pick!(lang, "不合規則的卡片誰都讀不到(預設拒絕)。", "A card that breaks a rule reaches nobody (fail closed).") }</p>
            if rejected.total == 0 {
                <p class="empty">{ pick!(lang, "沒有被拒絕的卡片。", "No card is rejected.") }</p>
            } else {
                <ul class="rejected-list">{ for shown }</ul>
                if rejected.total > rejected.listed.len() {
                    <p>{ pick!(lang, format!("……還有 {} 張", rejected.total - rejected.listed.len()), format!("…and {} more", rejected.total - rejected.listed.len())) }</p>
                }
            }
        </section>
    }
}
