use gloo_timers::callback::Timeout;
use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::inspector::card_row::CardRow;
use crate::components::focus_after_render;
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit, UiAction};
use crate::EDITOR_PAGE;

#[derive(Properties, PartialEq, Clone)]
pub struct CardEditorProps {
    pub workspace: Shared<Workspace>,
    pub computed: Shared<Computed>,
    pub selected: Option<usize>,
    /// First card index of the page shown.
    pub start: usize,
    /// Mounted by the start (src/start/mod.rs): the rows come a few per task.
    pub arriving: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Every card, editable in place, a page at a time.
#[function_component(CardEditor)]
pub fn card_editor(props: &CardEditorProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let users = use_memo(ws.users.clone(), |u| u.clone());
    let agents = use_memo(ws.agents.clone(), |a| a.clone());
    let total = ws.cards.len();
    // Memory over time: who reads changes only through Act as (a memo per
    // work revision, not a scan per render).
    let locked = *use_memo(props.workspace.clone(), |ws| ws.uses_time());
    let start = props.start.min(total.saturating_sub(1) / EDITOR_PAGE * EDITOR_PAGE);
    let end = (start + EDITOR_PAGE).min(total);
    // At the start the page's rows come in four batches, a task each, so that
    // no task builds (and styles and lays out) the whole table; from then
    // on, all at once.
    let shown = use_state_eq(|| if props.arriving { 0 } else { usize::MAX });
    {
        let shown = shown.clone();
        let rows = end - start;
        use_effect_with(*shown, move |&now| {
            // `now` is usize::MAX once every row is built: no overflow (a
            // debug build's panic) in a sum that is then unused.
            let next = now.saturating_add(rows.div_ceil(4).max(2));
            let timer = (now < rows).then(|| Timeout::new(0, move || shown.set(if next >= rows { usize::MAX } else { next })));
            move || drop(timer)
        });
    }
    let built = end.min(start.saturating_add(*shown));
    let page = |to: usize| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(Action::Ui(UiAction::EditorPage(to))))
    };
    // The new card's row comes into view with focus on its first field.
    let add = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            onaction.emit(Action::Edit(Edit::AddCard));
            focus_after_render(format!("tr[data-index=\"{total}\"] input[name=\"id\"]"));
        })
    };
    let pager = (total > EDITOR_PAGE).then(|| html! {
        <nav class="pager" aria-label={pick!(lang, "卡片分頁", "Card pages")}>
            <button type="button" onclick={page(start.saturating_sub(EDITOR_PAGE))} disabled={start == 0}>
                { pick!(lang, "← 上一頁", "← Previous") }
            </button>
            <span>{ pick!(lang, format!("第 {}–{} 張,共 {total} 張", start + 1, end), format!("Cards {}–{} of {total}", start + 1, end)) }</span>
            <button type="button" onclick={page(start + EDITOR_PAGE)} disabled={end >= total}>
                { pick!(lang, "下一頁 →", "Next →") }
            </button>
        </nav>
    });
    html! {
        <section class="editor" aria-labelledby="editor-title" data-panel="editor">
            <div class="panel-head">
                <h2 id="editor-title">{ pick!(lang, "卡片編輯器", "Card editor") }</h2>
                <button type="button" class="primary" onclick={add} data-action="add-card">{ pick!(lang, "新增卡片", "Add card") }</button>
            </div>
            <p class="lede">{ pick!(lang, 
                "每個欄位都能改,所有格子會立刻重算。protected 是個人內容,只能放 USER 或 PAIR;AGENT 和 GLOBAL 要 reusable 而且核准分享。",
                "Change any field and every view updates at once. Protected is personal content and may live only in USER or PAIR; AGENT and GLOBAL need reusable content and approved sharing.",
            ) }</p>
            if locked {
                <p class="note" id="editor-locked" data-readers-locked="editor">{ crate::components::menus::notice_bar::readers_through_acts(lang) }</p>
            }
            { pager.clone() }
            <div class="table-wrap">
                <table class="cards">
                    <caption class="sr-only">{ pick!(lang, "記憶卡片", "Memory cards") }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{"id"}</th>
                            <th scope="col">{ pick!(lang, "範圍", "Scope") }</th>
                            <th scope="col">{ pick!(lang, "擁有者", "Owner user") }</th>
                            <th scope="col">{ pick!(lang, "擁有 Agent", "Owner agent") }</th>
                            <th scope="col">{ pick!(lang, "內容流", "Stream") }</th>
                            <th scope="col">{ pick!(lang, "核准分享", "Sharing approved") }</th>
                            <th scope="col">{ pick!(lang, "情境", "Situation") }</th>
                            <th scope="col">{ pick!(lang, "經驗", "Lesson") }</th>
                            <th scope="col">{ pick!(lang, "判定", "Verdict") }</th>
                            <th scope="col">{ pick!(lang, "動作", "Actions") }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (start..built).map(|i| html! {
                            <CardRow
                                key={i}
                                index={i}
                                card={ws.cards[i].clone()}
                                users={users.clone()}
                                agents={agents.clone()}
                                rejection={props.computed.gates.get(i).and_then(|g| g.as_ref().err().cloned())}
                                leaks={props.computed.leaks_of(&ws.cards[i].id)}
                                selected={props.selected == Some(i)}
                                {locked}
                                {lang}
                                onaction={props.onaction.clone()}
                            />
                        }) }
                    </tbody>
                </table>
            </div>
            if total == 0 {
                <p class="empty">{ pick!(lang, "還沒有卡片。按「新增卡片」開始。", "No cards yet. Press “Add card” to start.") }</p>
            }
            { pager }
        </section>
    }
}

crate::components::later::stand_in!(
    /// The card editor, once the `later` part is in (its stand-in until then).
    CardEditorStandIn(card_editor_stand_in, CardEditorProps, "editor") = card_editor
);
