use mixua_words::Lang;
use yew::prelude::*;

use crate::store::state::{Action, Panel, Panels, UiAction};

/// What classroom mode's tabs show.
pub struct PanelTabs {
    /// The panel shown now.
    pub panel: Panel,
    /// The panels the page hides (`?hide=`): they get no tab.
    pub hidden: Panels,
    /// Memory over time is a tab of its own only in lesson 2.
    pub lesson_two: bool,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// Classroom mode's tabs: one panel shows at a time (the lesson stays),
/// the one pressed here.
pub fn view(props: &PanelTabs) -> Html {
    let lang = props.lang;
    let tab = |panel: Panel| {
        let onaction = props.onaction.clone();
        let label = match panel {
            Panel::Chart => pick!(lang, "座位表", "Chart"),
            Panel::Editor => pick!(lang, "卡片編輯器", "Card editor"),
            Panel::People => pick!(lang, "使用者與 Agent", "Users & agents"),
            Panel::Compare => pick!(lang, "三種做法", "Compare"),
            _ => pick!(lang, "隨時間", "Over time"),
        };
        html! {
            <button type="button" aria-pressed={(props.panel == panel).to_string()} data-panel-tab={panel.key()}
                onclick={Callback::from(move |_: MouseEvent| onaction.emit(UiAction::ShowPanel(panel).into()))}>{ label }</button>
        }
    };
    let shown = Panel::TABS.into_iter().filter(|p| !props.hidden.contains(*p) && (*p != Panel::Memory || props.lesson_two));
    html! {
        <nav class="panel-tabs" aria-label={pick!(lang, "面板", "Panels")}>
            { for shown.map(tab) }
        </nav>
    }
}
