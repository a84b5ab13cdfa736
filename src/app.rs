//! The root component: owns the reducer, derives the views, and keeps every
//! side effect (document language, URL, storage, keys) in effects.

use std::rc::Rc;

use mixua_policy::Lang;
use yew::prelude::*;

use crate::components::{
    card_editor::CardEditor, compare::Compare, people::People, query_bar::QueryBar,
    rejected_list::RejectedList, seating_chart::SeatingChart, toolbar::Toolbar, why_panel::WhyPanel,
};
use crate::computed::Computed;
use crate::state::{Action, AppState, Doc, Ui};

/// Compares the work by identity: a new `Rc` means an edit happened, and
/// comparing 5,000 cards field by field on every render would be waste.
#[derive(Clone)]
struct Same(Rc<Doc>);

impl PartialEq for Same {
    fn eq(&self, other: &Same) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// `?lang=`, else the browser's language: 繁體中文 for Chinese, English otherwise.
fn initial_lang() -> Lang {
    let window = web_sys::window().expect("a window");
    let search = window.location().search().unwrap_or_default();
    if let Some(tag) = query_param(&search, "lang") {
        return Lang::from_tag(&tag);
    }
    let nav = window.navigator().language().unwrap_or_default();
    if nav.to_ascii_lowercase().starts_with("zh") {
        Lang::ZhTw
    } else {
        Lang::En
    }
}

/// One parameter of a `?a=b&c=d` string, percent-decoded.
pub(crate) fn query_param(search: &str, name: &str) -> Option<String> {
    search.trim_start_matches('?').split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then(|| {
            js_sys::decode_uri_component(&v.replace('+', " ")).map(String::from).unwrap_or_default()
        })
    })
}

fn initial_state() -> AppState {
    let ui = Ui { lang: initial_lang(), ..Ui::default() };
    AppState::new(Doc::seed(), ui)
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    let computed = use_memo(Same(state.doc.clone()), |doc| Computed::new(&doc.0.workspace));
    let onaction = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    let lang = state.ui.lang;

    use_effect_with(lang, |lang| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });

    let ws = &state.doc.workspace;
    let title = lang.pick("MixUA 記憶座位表", "MixUA Playground");
    html! {
        <div class={classes!("app", state.ui.classroom.then_some("classroom"))}>
            <a class="skip" href="#chart">{ lang.pick("跳到座位表", "Skip to the seating chart") }</a>
            <header class="top">
                <div class="brand">
                    <h1>{ title }</h1>
                    <p class="tagline">{ lang.pick(
                        "先決定誰能讀,再搜尋:共用 Agent 記憶的四種範圍",
                        "Decide who may read, then search: the four scopes of shared agent memory",
                    ) }</p>
                </div>
                <Toolbar
                    {lang}
                    classroom={state.ui.classroom}
                    can_undo={!state.past.is_empty()}
                    can_redo={!state.future.is_empty()}
                    onaction={onaction.clone()}
                />
            </header>
            <crate::components::notice_bar::NoticeBar notice={state.ui.notice.clone()} {lang} onaction={onaction.clone()} />
            <main>
                <QueryBar query={ws.query.clone()} {lang} onaction={onaction.clone()} />
                <div class="stage">
                    <SeatingChart
                        state={Rc::new((*state).clone())}
                        computed={computed.clone()}
                        onaction={onaction.clone()}
                    />
                    <aside class="side">
                        <WhyPanel state={Rc::new((*state).clone())} onaction={onaction.clone()} />
                        <RejectedList state={Rc::new((*state).clone())} computed={computed.clone()} onaction={onaction.clone()} />
                    </aside>
                </div>
                <CardEditor state={Rc::new((*state).clone())} computed={computed.clone()} onaction={onaction.clone()} />
                <People workspace={Rc::new(ws.clone())} {lang} onaction={onaction.clone()} />
                <Compare state={Rc::new((*state).clone())} computed={computed.clone()} />
            </main>
            <footer class="foot">
                <p>{ lang.pick(
                    "教具:所有卡片、使用者與暗號都是假的。身分來自上方座位表的列與欄,不是查詢文字。",
                    "A teaching tool: every card, user and secret here is made up. Identity comes from the chart's rows and columns, never from the query text.",
                ) }</p>
            </footer>
        </div>
    }
}
