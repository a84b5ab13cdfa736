use mixua_words::Lang;
use yew::prelude::*;

use crate::store::state::{Action, UiAction};

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub lang: Lang,
    pub classroom: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub onaction: Callback<Action>,
}

/// Undo, redo, leaving classroom mode, and the language.
#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let lang = props.lang;
    let other = pick!(lang, Lang::En, Lang::ZhTw);
    let act = |action: Action| {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(action.clone()))
    };
    html! {
        <nav class="toolbar" aria-label={pick!(lang, "工具列", "Toolbar")}>
            <button type="button" onclick={act(Action::Undo)} disabled={!props.can_undo}
                title={pick!(lang, "復原 (Ctrl+Z)", "Undo (Ctrl+Z)")}>
                <span aria-hidden="true">{"↶ "}</span><span class="word">{ pick!(lang, "復原", "Undo") }</span>
            </button>
            <button type="button" onclick={act(Action::Redo)} disabled={!props.can_redo}
                title={pick!(lang, "重做 (Ctrl+Shift+Z)", "Redo (Ctrl+Shift+Z)")}>
                <span aria-hidden="true">{"↷ "}</span><span class="word">{ pick!(lang, "重做", "Redo") }</span>
            </button>
            // Classroom mode is turned on from the Teacher menu; while it
            // is on (the menu is gone), this pressed button leaves it.
            if props.classroom {
                <button type="button" aria-pressed="true" data-action="classroom"
                    onclick={act(Action::Ui(UiAction::SetClassroom(false)))}>
                    { pick!(lang, "教室模式", "Classroom mode") }
                </button>
            }
            <button type="button" class="lang" onclick={act(Action::Ui(UiAction::SetLang(other)))}
                lang={other.tag()} aria-label={pick!(lang, "Switch to English", "切換成繁體中文")}>
                { pick!(lang, "English", "繁體中文") }
            </button>
        </nav>
    }
}
