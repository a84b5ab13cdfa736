use mixua_policy::explain::name_error_text;
use mixua_policy::Lang;
use yew::prelude::*;

use crate::state::{Action, Notice, UiAction};

#[derive(Properties, PartialEq)]
pub struct NoticeBarProps {
    pub notice: Option<Notice>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

/// The words for a notice, in the learner's language.
pub fn notice_text(notice: &Notice, lang: Lang) -> (bool, String) {
    match notice {
        Notice::BadName { name, error } => (true, lang.pick(
            format!("「{name}」不能當名稱:{}", name_error_text(error, lang)),
            format!("“{name}” can't be a name: {}", name_error_text(error, lang)),
        )),
        Notice::NameTaken(n) => (true, lang.pick(format!("「{n}」已經存在。"), format!("“{n}” already exists."))),
        Notice::TokenEmpty => (true, lang.pick("暗號不能是空的。", "A canary token can't be empty.").into()),
        Notice::LoadFailed { source, problem } => (true, lang.pick(
            format!("無法載入 {source}:{}。目前的內容沒有變動。", problem.text(lang)),
            format!("Couldn't load {source}: {}. Your current work is unchanged.", problem.text(lang)),
        )),
        Notice::FreshStart => (false, lang.pick(
            "全新開始:這裡是範例卡片,你存好的內容沒有被動到,這個分頁的修改也不會自動儲存。",
            "Fresh start: these are the seed cards. Your saved work is untouched, and changes in this tab are not saved.",
        ).into()),
        Notice::OpenedLink { kept: false } => (false, lang.pick(
            "已開啟分享連結。這個瀏覽器之前沒有存過內容;之後的修改會自動儲存。",
            "Opened the share link. This browser had no saved work before; your changes from here on are saved.",
        ).into()),
        Notice::OpenedLink { kept: true } => (false, lang.pick(
            "已開啟分享連結。你原本的內容還在:按一次「復原」就回來。",
            "Opened the share link. Your own work is kept: one Undo brings it back.",
        ).into()),
        Notice::LinkCopied => (false, lang.pick(
            "分享連結已複製。貼給別人,他們會看到一模一樣的內容。",
            "Share link copied. Whoever opens it sees exactly this state.",
        ).into()),
        Notice::Loaded { source, cards, rejected } => (false, lang.pick(
            format!("已載入 {source}:{cards} 張卡片,其中 {rejected} 張被拒絕。按「復原」可回到先前的內容。"),
            format!("Loaded {source}: {cards} cards, {rejected} rejected. Undo brings your previous work back."),
        )),
        Notice::StorageUnavailable => (true, lang.pick(
            "瀏覽器無法儲存(儲存空間已滿或被停用):你的內容只保留在這個分頁中,請用「匯出」備份。",
            "The browser can't save (storage is full or disabled): your work lives in this tab only; export it to keep a copy.",
        ).into()),
    }
}

/// A polite live region: messages are announced, never only coloured.
#[function_component(NoticeBar)]
pub fn notice_bar(props: &NoticeBarProps) -> Html {
    let lang = props.lang;
    let Some(notice) = &props.notice else {
        return html! { <div class="notice-slot" aria-live="polite" role="status"></div> };
    };
    let (problem, text) = notice_text(notice, lang);
    let dismiss = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(Action::Ui(UiAction::DismissNotice)))
    };
    html! {
        <div class="notice-slot" aria-live="polite" role="status">
            <p class={classes!("notice", problem.then_some("problem"))} data-notice={if problem { "error" } else { "info" }}>
                <span aria-hidden="true">{ if problem { "⚠ " } else { "ℹ " } }</span>
                <strong>{ if problem { lang.pick("注意:", "Note: ") } else { "" } }</strong>
                { text }
                <button type="button" class="link" onclick={dismiss}>{ lang.pick("關閉", "Dismiss") }</button>
            </p>
        </div>
    }
}
