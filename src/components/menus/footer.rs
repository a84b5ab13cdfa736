use mixua_words::Lang;
use yew::prelude::*;

/// The page's footer: everything here is made up, and identity comes from
/// the chart, never from the query text.
pub fn view(lang: Lang) -> Html {
    html! {
        <footer class="foot">
            <p>{ pick!(lang, 
                "教具:所有卡片、使用者與暗號都是假的。身分來自上方座位表的列與欄,不是查詢文字。",
                "A teaching tool: every card, user and secret here is made up. Identity comes from the chart's rows and columns, never from the query text.",
            ) }</p>
        </footer>
    }
}
