use std::rc::Rc;

use mixua_policy::Lang;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::persist::{self, Problem, Saved};
use crate::state::{Action, AppState, Doc, Notice};

/// Starts a download of `text` as a file (an effect of a click, not of render).
pub fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Reads a picked or dropped file and loads it, or says what is wrong.
/// The current work changes only when the whole file loads.
pub fn import_file(file: web_sys::File, onaction: Callback<Action>) {
    let name = file.name();
    let size = file.size() as usize;
    if size > persist::MAX_FILE_BYTES {
        onaction.emit(Action::Notify(Notice::LoadFailed { source: name, problem: Problem::TooLarge { bytes: size } }));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let text = match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(value) => value.as_string().unwrap_or_default(),
            Err(_) => {
                onaction.emit(Action::Notify(Notice::LoadFailed {
                    source: name,
                    problem: Problem::NotJson { line: 0, column: 0, detail: "unreadable file".into() },
                }));
                return;
            }
        };
        match persist::from_json(&text) {
            Ok(saved) => onaction.emit(Action::Load { doc: saved.doc, source: name }),
            Err(problem) => onaction.emit(Action::Notify(Notice::LoadFailed { source: name, problem })),
        }
    });
}

/// The address of this page with a share link for `doc`.
pub fn share_url(doc: &Doc) -> String {
    let location = web_sys::window().expect("a window").location();
    let base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    );
    format!("{base}#{}", persist::encode_link(doc))
}

#[derive(Properties, PartialEq)]
pub struct FilesProps {
    pub state: Rc<AppState>,
    pub onaction: Callback<Action>,
}

/// Share, export, import and reset: the work leaves and enters here.
#[function_component(Files)]
pub fn files(props: &FilesProps) -> Html {
    let lang: Lang = props.state.ui.lang;
    let confirm_reset = use_state(|| false);
    let link = use_state(|| None::<String>);

    let share = {
        let doc = props.state.doc.clone();
        let link = link.clone();
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            let url = share_url(&doc);
            if let Some(window) = web_sys::window() {
                let _ = window.navigator().clipboard().write_text(&url);
            }
            link.set(Some(url));
            onaction.emit(Action::Notify(Notice::LinkCopied));
        })
    };
    let export = {
        let doc = props.state.doc.clone();
        Callback::from(move |_: MouseEvent| {
            download("mixua-workspace.json", &persist::to_json(&Saved { doc: (*doc).clone(), ..Saved::default() }));
        })
    };
    let export_report = {
        let doc = props.state.doc.clone();
        Callback::from(move |_: MouseEvent| {
            let ws = &doc.workspace;
            let report = mixua_policy::report(ws, &ws.query, false);
            download("memory-result.json", &serde_json::to_string_pretty(&report).expect("a report serializes"));
        })
    };
    let pick = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                import_file(file, onaction.clone());
            }
            input.set_value("");
        })
    };
    let ask_reset = {
        let confirm_reset = confirm_reset.clone();
        Callback::from(move |_: MouseEvent| confirm_reset.set(true))
    };
    let do_reset = {
        let confirm_reset = confirm_reset.clone();
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            confirm_reset.set(false);
            onaction.emit(Action::Load { doc: Doc::seed(), source: lang.pick("範例", "the seed").into() });
        })
    };
    let cancel_reset = {
        let confirm_reset = confirm_reset.clone();
        Callback::from(move |_: MouseEvent| confirm_reset.set(false))
    };

    html! {
        <section class="files" aria-label={lang.pick("儲存與分享", "Save and share")}>
            <button type="button" onclick={share} data-action="share">
                <span aria-hidden="true">{"⤴ "}</span>{ lang.pick("分享連結", "Share link") }
            </button>
            <button type="button" onclick={export} data-action="export">{ lang.pick("匯出工作區", "Export workspace") }</button>
            <button type="button" onclick={export_report} data-action="export-report">{ lang.pick("匯出報告", "Export report") }</button>
            <label class="file-pick">
                <span>{ lang.pick("匯入…", "Import…") }</span>
                <input type="file" name="import" accept=".json,application/json" onchange={pick} />
            </label>
            if *confirm_reset {
                <span class="confirm" role="group" aria-label={lang.pick("確認重設", "Confirm reset")}>
                    { lang.pick("換成範例卡片?(可以復原)", "Replace your work with the seed? (Undo brings it back)") }
                    <button type="button" class="danger" onclick={do_reset} data-action="confirm-reset">{ lang.pick("是,重設", "Yes, reset") }</button>
                    <button type="button" onclick={cancel_reset}>{ lang.pick("取消", "Cancel") }</button>
                </span>
            } else {
                <button type="button" onclick={ask_reset} data-action="reset">{ lang.pick("重設為範例", "Reset to the seed") }</button>
            }
            <a href="?fresh" target="_blank" rel="noopener">{ lang.pick("全新開始(新分頁)", "Fresh start (new tab)") }</a>
            if let Some(url) = &*link {
                <label class="share-out">
                    <span>{ lang.pick("分享連結:", "Share link: ") }</span>
                    <input name="share_link" readonly=true value={url.clone()} />
                </label>
            }
        </section>
    }
}
