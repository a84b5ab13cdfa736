use mixua_words::Lang;
use yew::prelude::*;

use crate::store::lesson::{Course, WorkLesson};
use crate::store::persist::{self, Saved};
use crate::store::shared::Latest;
use std::rc::Rc;
use crate::components::download::{download, download_as};
use crate::store::state::{WorkAction, Action, Doc, Notice, NoticeAt, Recent, UiAction};


/// The Work menu's actions, in a part of their own (`work_menu`): fetched
/// when the menu is first pointed at, opened or used.
#[derive(Clone, Copy)]
pub struct WorkMenu {
    /// A share link of `doc` in `course` ([`share_url`]).
    pub share: fn(&Doc, WorkLesson) -> String,
    /// The report file of `doc` ([`report`]).
    pub report: fn(&Doc) -> String,
    /// The work as a Cedar policy set.
    pub cedar: fn(&Doc) -> mixua_policy::CedarExport,
}

/// Fetches the Work menu's part: its actions, or `None` when it can't be
/// fetched.
pub type LoadWorkMenu = fn() -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<WorkMenu>>>>;

/// The report file of `doc`, byte for byte what `mixua report` writes by
/// default (the report and its writer), in the Work menu's part.
pub fn report(doc: &Doc) -> String {
    let ws = &doc.workspace;
    let mut report = mixua_words::report(ws, &ws.query, false);
    let mut bytes = mixua_words::report::to_json(&mut report, mixua_words::Format::Pretty);
    bytes.push(b'\n');
    String::from_utf8(bytes).expect("serde_json writes UTF-8")
}

/// Says that the part an action needed could not be downloaded, beside the
/// Work menu's controls.
fn part_missing(onaction: &Callback<Action>) {
    part_missing_at(onaction, NoticeAt::Work);
}

/// Says that the part an action needed could not be downloaded, `at` the
/// control that asked.
pub fn part_missing_at(onaction: &Callback<Action>, at: NoticeAt) {
    onaction.emit(Action::Ui(UiAction::Notify(Notice::PartMissing)));
    onaction.emit(Action::Ui(UiAction::PlaceNotice(at)));
}

/// The address of this page (the students' page, when made on the
/// teacher's; lesson 3's page for its work) with a share link for `doc` in
/// `course`.
pub fn share_url(doc: &Doc, course: WorkLesson) -> String {
    let location = gloo_utils::window().location();
    let base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        crate::start::route::link_page(&location.pathname().unwrap_or_default(), course)
    );
    format!("{base}#{}", persist::encode_link(doc, course))
}

#[derive(Properties, PartialEq, Clone)]
pub struct FilesProps {
    /// The work now, read when it is shared or exported (not a prop that
    /// changes on every edit).
    pub doc: Latest<Rc<Doc>>,
    /// The work's lesson (the reset's).
    pub course: Course,
    /// Lesson 2's start, once its part is in (a reset to it).
    pub lesson_two: Option<crate::store::lesson::LessonTwoFns>,
    /// The work's lesson as its link and file name it
    /// (`crate::store::state::Ui::carried_lesson`).
    pub carried: WorkLesson,
    /// The saved works, for "Recent work".
    pub recent: Recent,
    /// The answer to the last action taken here (share, import, reset,
    /// opening a saved work), shown beside the controls, not at the top
    /// of the page.
    #[prop_or_default]
    pub said: Option<Notice>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
    pub onwork: Callback<WorkAction>,
    /// Fetches the Work menu's actions (given by the part that draws this).
    #[prop_or_default]
    pub work_menu: Option<crate::store::shared::Func<LoadWorkMenu>>,
}

/// "3 min ago", from the saved time and now (both ms since 1970).
fn ago(minutes: u64, lang: Lang) -> String {
    match minutes {
        0 => pick!(lang, "剛剛".to_string(), "just now".to_string()),
        m if m < 60 => pick!(lang, format!("{m} 分鐘前"), format!("{m} min ago")),
        m if m < 60 * 24 => pick!(lang, format!("{} 小時前", m / 60), format!("{} h ago", m / 60)),
        m => pick!(lang, format!("{} 天前", m / (60 * 24)), format!("{} days ago", m / (60 * 24))),
    }
}

/// Share, export, import and reset: the work leaves and enters here.
#[function_component(Files)]
pub fn files(props: &FilesProps) -> Html {
    let lang = props.lang;
    let confirm_reset = use_state(|| false);
    let link = use_state(|| None::<String>);
    // The Work menu's actions, fetched when first used (`None`: they could
    // not be, which is said).
    let menu = props.work_menu.map(|f| f.0);
    let load = move || async move {
        match menu {
            Some(load) => load().await,
            None => None,
        }
    };

    let share = {
        let (doc, course) = (props.doc.clone(), props.carried);
        let link = link.clone();
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            let doc = doc.get();
            let (link, onaction) = (link.clone(), onaction.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Some(url) = load().await.map(|menu| (menu.share)(&doc, course)) else {
                    return part_missing(&onaction);
                };
                // Said once the clipboard has answered: copied, or (refused,
                // as a browser may) the link to copy by hand, right below.
                let copied = gloo_utils::window().navigator().clipboard().write_text(&url);
                link.set(Some(url));
                let notice = match wasm_bindgen_futures::JsFuture::from(copied).await {
                    Ok(_) => Notice::LinkCopied,
                    Err(_) => Notice::LinkNotCopied,
                };
                onaction.emit(Action::Ui(UiAction::Notify(notice)));
                onaction.emit(Action::Ui(UiAction::PlaceNotice(NoticeAt::Work)));
            });
        })
    };
    let export = {
        let (doc, course) = (props.doc.clone(), persist::portable(props.carried));
        Callback::from(move |_: MouseEvent| {
            download("mixua-workspace.json", &persist::to_json(&Saved { doc: (*doc.get()).clone(), course, ..Saved::default() }));
        })
    };
    let export_report = {
        let (doc, onaction) = (props.doc.clone(), props.onaction.clone());
        Callback::from(move |_: MouseEvent| {
            let (doc, onaction) = (doc.get(), onaction.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match load().await.map(|menu| (menu.report)(&doc)) {
                    Some(text) => download("memory-result.json", &text),
                    None => part_missing(&onaction),
                }
            });
        })
    };
    let export_cedar = {
        let (doc, onaction) = (props.doc.clone(), props.onaction.clone());
        Callback::from(move |_: MouseEvent| {
            let (doc, onaction) = (doc.get(), onaction.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match load().await.map(|menu| (menu.cedar)(&doc)) {
                    // Three files, each its own download.
                    Some(export) => {
                        for (name, text) in export.files() {
                            let mime = if name.ends_with(".json") { "application/json" } else { "text/plain" };
                            download_as(name, text, mime);
                        }
                    }
                    None => part_missing(&onaction),
                }
            });
        })
    };
    let pick = {
        let (onaction, onwork) = (props.onaction.clone(), props.onwork.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            // Answered in the menu the file was picked from, when it is
            // open (where the learner looks); else in the top bar.
            let open = input.closest("details[open]").ok().flatten().is_some();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                crate::store::json_io::import_file(&file, if open { NoticeAt::Work } else { NoticeAt::Bar }, &onaction, &onwork);
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
        let (onaction, onwork) = (props.onaction.clone(), props.onwork.clone());
        let (course, two) = (props.course, props.lesson_two);
        Callback::from(move |_: MouseEvent| {
            confirm_reset.set(false);
            // Lesson 2's start is in its part: without it, Reset says so
            // and changes nothing.
            match course.start_doc(lang, two) {
                Some(doc) => onwork.emit(WorkAction::Reset { doc: Box::new(doc), source: pick!(lang, "範例", "the seed").into() }),
                None => onaction.emit(UiAction::Notify(Notice::PartMissing).into()),
            }
            onaction.emit(Action::Ui(UiAction::PlaceNotice(NoticeAt::Work)));
        })
    };
    let cancel_reset = {
        let confirm_reset = confirm_reset.clone();
        Callback::from(move |_: MouseEvent| confirm_reset.set(false))
    };

    // Reset names the lesson it resets: each lesson keeps its own work.
    let n = props.course.number();
    let (reset_label, reset_question) = match props.course {
        Course::Pack => (
            pick!(lang, "重設為範例".to_string(), "Reset to the seed".to_string()),
            pick!(lang, "換成範例卡片?(可以復原)".to_string(), "Replace your work with the seed? (Undo brings it back)".to_string()),
        ),
        _ => (
            pick!(lang, format!("重設第 {n} 課"), format!("Reset lesson {n}")),
            pick!(lang, 
                format!("把第 {n} 課的作品換回它的起點?(可以復原;其他課的作品不受影響)"),
                format!("Replace your lesson {n} work with its starting cards? (Undo brings it back; other lessons' work stays.)"),
            ),
        ),
    };
    // The Assertions panel (issue 53), for a work that holds none yet: the
    // top bar shows its button once it holds one.
    let open_assertions = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(menu) = gloo_utils::document().query_selector("details[data-menu=\"work\"]").ok().flatten() {
                let _ = menu.remove_attribute("open");
            }
            onaction.emit(crate::store::state::UiAction::ShowAssertions(true).into());
        })
    };
    html! {
        <section class="files" aria-label={pick!(lang, "儲存與分享", "Save and share")}>
            <button type="button" onclick={share} data-action="share">
                <span aria-hidden="true">{"⤴ "}</span>{ pick!(lang, "分享連結", "Share link") }
            </button>
            <button type="button" onclick={export} data-action="export">{ pick!(lang, "匯出工作區", "Export workspace") }</button>
            <button type="button" onclick={export_report} data-action="export-report">{ pick!(lang, "匯出報告", "Export report") }</button>
            <button type="button" onclick={export_cedar} data-action="export-cedar" title={mixua_words::cedar_words::export_cedar_title(lang)}>
                { mixua_words::cedar_words::export_cedar_label(lang) }
            </button>
            <button type="button" onclick={open_assertions} data-action="open-assertions">{ pick!(lang, "斷言…", "Assertions…") }</button>
            <label class="file-pick">
                <span>{ pick!(lang, "匯入…", "Import…") }</span>
                <input type="file" name="import" accept=".json,application/json" onchange={pick} />
            </label>
            if *confirm_reset {
                <span class="confirm" role="group" aria-label={pick!(lang, "確認重設", "Confirm reset")}>
                    { reset_question }
                    <button type="button" class="danger" onclick={do_reset} data-action="confirm-reset">{ pick!(lang, "是,重設", "Yes, reset") }</button>
                    <button type="button" onclick={cancel_reset}>{ pick!(lang, "取消", "Cancel") }</button>
                </span>
            } else {
                <button type="button" onclick={ask_reset} data-action="reset" data-resets={props.course.number().to_string()}>{ reset_label }</button>
            }
            <a href="?fresh" target="_blank" rel="noopener">{ pick!(lang, "全新開始(新分頁)", "Fresh start (new tab)") }</a>
            // What the last action here did, beside these controls (the
            // live region says it too).
            if props.said.is_some() {
                <div class="work-said" data-said="work">
                    <crate::components::menus::notice_bar::NoticeBar notice={props.said.clone()} {lang} onaction={props.onaction.clone()} onwork={props.onwork.clone()} />
                </div>
            }
            if let Some(url) = &*link {
                <label class="share-out">
                    <span>{ pick!(lang, "分享連結:", "Share link: ") }</span>
                    <input name="share_link" readonly=true value={url.clone()} />
                </label>
            }
            // There before anything is saved (hidden, its place kept): the
            // first save, right after the start, moves nothing below it.
            // Shown once there is another work to go back to (this tab's
            // own work alone is nothing to pick from).
            <details class={classes!("recent", (props.recent.works.len() < 2).then_some("none"))} data-panel="recent">
                <summary>{ pick!(lang, format!("最近的作品({})", props.recent.works.len()), format!("Recent work ({})", props.recent.works.len())) }</summary>
                <ul>
                    { for props.recent.works.iter().map(|entry| {
                        let current = entry.id == props.recent.current;
                        let open = {
                            let onwork = props.onwork.clone();
                            let id = entry.id.clone();
                            Callback::from(move |_: MouseEvent| onwork.emit(WorkAction::Open(id.clone())))
                        };
                        html! {
                            <li key={entry.id.clone()} data-work={entry.id.clone()} data-current={current.to_string()}>
                                <strong>{ &entry.name }</strong>
                                { " · " }{ ago(props.recent.minutes_ago(entry), lang) }
                                { " · " }{ pick!(lang, format!("{} 張卡片", entry.cards), crate::components::count(entry.cards, "card", "cards")) }
                                if current {
                                    { " · " }<em>{ pick!(lang, "這個分頁", "this tab") }</em>
                                } else {
                                    { " " }
                                    <button type="button" class="link" onclick={open} data-action="open-work"
                                        aria-label={pick!(lang, format!("打開 {}", entry.name), format!("Open {}", entry.name))}>
                                        { pick!(lang, "打開", "Open") }
                                    </button>
                                }
                            </li>
                        }
                    }) }
                </ul>
            </details>
        </section>
    }
}

crate::components::later::stand_in!(
    /// The Work menu's contents, once the `later` part is in (its stand-in until then).
    FilesStandIn(files_stand_in, FilesProps, "files-body") = files
);
