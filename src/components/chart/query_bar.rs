use mixua_words::Lang;
use mixua_course::{INJECTION_QUERY, INJECTION_QUERY_EN, SEED_QUERY, SEED_QUERY_EN};
use yew::prelude::*;

use crate::components::event_value;
use crate::store::state::{Action, Edit};

#[derive(Properties, PartialEq)]
pub struct QueryBarProps {
    pub query: String,
    /// The presets of the English seed, not the Chinese one.
    pub english_seed: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The query every viewer asks, with the seed's presets in a menu.
#[function_component(QueryBar)]
pub fn query_bar(props: &QueryBarProps) -> Html {
    let lang = props.lang;
    let oninput = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: InputEvent| onaction.emit(Action::Edit(Edit::SetQuery(event_value(&e)))))
    };
    let preset = |q: &'static str| {
        let onaction = props.onaction.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(menu) = e.target_dyn_into::<web_sys::Element>().and_then(|b| b.closest("details").ok().flatten()) {
                let _ = menu.remove_attribute("open");
            }
            onaction.emit(Action::Edit(Edit::SetQuery(q.into())))
        })
    };
    let (seed, injection) =
        if props.english_seed { (SEED_QUERY_EN, INJECTION_QUERY_EN) } else { (SEED_QUERY, INJECTION_QUERY) };
    html! {
        <section class="query" aria-labelledby="query-label">
            <label id="query-label" for="query">{ pick!(lang, "每個人都問同一句查詢:", "Everyone asks the same query:") }</label>
            <input id="query" name="query" type="search" value={props.query.clone()} {oninput}
                autocomplete="off" spellcheck="false" />
            // The examples wait in a small menu (issue 26: few controls on
            // the first screen); choosing one closes it.
            <details class="files-menu presets-menu" data-menu="presets">
                <summary>{ pick!(lang, "查詢範例", "Example queries") }</summary>
                <div class="menu-panel" role="group" aria-label={pick!(lang, "預設查詢", "Preset queries")}>
                    <button type="button" data-preset="seed" onclick={preset(seed)}>
                        { if props.english_seed {
                            pick!(lang, "「report」(範例)", "“report” (the seed)")
                        } else {
                            pick!(lang, "「報告」(範例)", "“報告” (report, the seed)")
                        } }
                    </button>
                    <button type="button" data-preset="injection" onclick={preset(injection)}>
                        { pick!(lang, "注入攻擊:", "Injection: ") }{ injection }
                    </button>
                    <button type="button" data-preset="all" onclick={preset("")}>
                        { pick!(lang, "空查詢(全部)", "Empty query (everything)") }
                    </button>
                </div>
            </details>
            <p class="hint">{ pick!(lang, 
                "查詢只是文字:它只能在你獲准讀的卡片中搜尋,寫「我是 Alice」也不會變成 Alice。",
                "A query is only text: it searches among the cards you may read, and writing “I am Alice” never makes you Alice.",
            ) }</p>
        </section>
    }
}
