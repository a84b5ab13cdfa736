use mixua_policy::Scope;
use mixua_words::Lang;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScopeLegendProps {
    pub scope: Option<Scope>,
    pub card: Option<String>,
    pub lang: Lang,
}

/// The 2×2 of scopes: one user or all users × one agent or all agents,
/// with the selected card's scope marked in words as well as colour.
#[function_component(ScopeLegend)]
pub fn scope_legend(props: &ScopeLegendProps) -> Html {
    let lang = props.lang;
    let cell = |scope: Scope| {
        let this = props.scope == Some(scope);
        let what = match scope {
            Scope::Pair => pick!(lang, "只有這位使用者+這個 Agent", "this user with this agent"),
            Scope::User => pick!(lang, "這位使用者,任何 Agent", "this user, any agent"),
            Scope::Agent => pick!(lang, "任何使用者,這個 Agent", "any user, this agent"),
            Scope::Global => pick!(lang, "所有人", "everyone"),
            Scope::Group => pick!(lang, "這個群組的成員", "this group's members"),
        };
        html! {
            <td class={classes!("scope", this.then_some("this"))} data-scope={scope.as_str()}>
                <strong>{ scope.as_str() }</strong>
                <span class="what">{ what }</span>
                if this {
                    <span class="mark">{ "◉ " }{ pick!(lang, format!("卡片 {}", props.card.clone().unwrap_or_default()), format!("card {}", props.card.clone().unwrap_or_default())) }</span>
                }
            </td>
        }
    };
    html! {
        <figure class="legend">
            <table>
                <caption>{ match (&props.card, props.scope) {
                    (Some(id), Some(s)) => pick!(lang, format!("卡片 {id} 的範圍是 {s}"), format!("Card {id} is filed as {s}")),
                    (Some(id), None) => pick!(lang, format!("卡片 {id} 的範圍無效"), format!("Card {id} has no valid scope")),
                    _ => pick!(lang, "四種範圍是兩條軸的組合,不是四個等級".into(), "Four scopes: two axes, not four levels".into()),
                } }</caption>
                <thead>
                    <tr>
                        <td></td>
                        <th scope="col">{ pick!(lang, "一個 Agent", "one agent") }</th>
                        <th scope="col">{ pick!(lang, "所有 Agent", "all agents") }</th>
                    </tr>
                </thead>
                <tbody>
                    <tr><th scope="row">{ pick!(lang, "一位使用者", "one user") }</th>{ cell(Scope::Pair) }{ cell(Scope::User) }</tr>
                    <tr><th scope="row">{ pick!(lang, "所有使用者", "all users") }</th>{ cell(Scope::Agent) }{ cell(Scope::Global) }</tr>
                </tbody>
            </table>
            <figcaption>{ pick!(lang, 
                "AGENT 與 GLOBAL 會跨使用者:只收可重用(reusable)且已核准分享的內容。",
                "AGENT and GLOBAL cross users: they take only reusable content whose sharing is approved.",
            ) }</figcaption>
        </figure>
    }
}
