//! Plain words for the policy's reason values, in 繁體中文 and English.
//! Every sentence here is built from a decision value; nothing re-derives a
//! decision.

use crate::card::{Card, JsonKind};
use crate::flip::{Edit, Flips};
use crate::policy::{Access, Rejection, Viewer};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    ZhTw,
    En,
}

impl Lang {
    /// `en…` is English; anything else, including `zh-TW`, is 繁體中文.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("en") {
            Lang::En
        } else {
            Lang::ZhTw
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Lang::ZhTw => "zh-TW",
            Lang::En => "en",
        }
    }

    /// Picks the sentence for this language.
    pub fn pick<T>(self, zh: T, en: T) -> T {
        match self {
            Lang::ZhTw => zh,
            Lang::En => en,
        }
    }
}

fn kind(kind: JsonKind, lang: Lang) -> &'static str {
    match lang {
        Lang::En => kind.as_str(),
        Lang::ZhTw => match kind {
            JsonKind::Null => "空值 null",
            JsonKind::Boolean => "布林值",
            JsonKind::Number => "數字",
            JsonKind::String => "文字",
            JsonKind::Array => "陣列",
            JsonKind::Object => "物件",
        },
    }
}

/// Why a card reaches nobody.
pub fn rejection_text(rejection: &Rejection, lang: Lang) -> String {
    match rejection {
        Rejection::NotAnObject { found } => lang.pick(
            format!("這一筆是{},不是卡片物件,所以不採用", kind(*found, lang)),
            format!("this entry is a {}, not a card object, so it is not used", kind(*found, lang)),
        ),
        Rejection::WrongType { field, expected, found } => lang.pick(
            format!(
                "欄位 {field} 應該是{},這裡卻是{};型別不對的卡片一律不採用",
                kind(*expected, lang),
                kind(*found, lang)
            ),
            format!(
                "`{field}` must be a {}, but it is a {}; a card with a mistyped field is never trusted",
                kind(*expected, lang),
                kind(*found, lang)
            ),
        ),
        Rejection::UnknownScope { scope } if scope.is_empty() => lang.pick(
            "沒有寫範圍:卡片必須註明誰能讀(PAIR、USER、AGENT 或 GLOBAL)".to_string(),
            "the scope is missing: a card must say who may read it (PAIR, USER, AGENT or GLOBAL)".to_string(),
        ),
        Rejection::UnknownScope { scope } => lang.pick(
            format!("「{scope}」不是範圍:只接受一字不差的 PAIR、USER、AGENT、GLOBAL"),
            format!("`{scope}` is not a scope: only PAIR, USER, AGENT and GLOBAL, spelled exactly so, are accepted"),
        ),
        Rejection::MissingOwnerUser => lang.pick(
            "沒有擁有者使用者:不知道這是誰的記憶,就不能決定誰可讀".to_string(),
            "the owner user is missing: without knowing whose memory it is, nobody can be let in".to_string(),
        ),
        Rejection::MissingOwnerAgent => lang.pick(
            "沒有擁有者 Agent:不知道是哪個 Agent 學到的,就不能決定誰可讀".to_string(),
            "the owner agent is missing: without knowing which agent learned it, nobody can be let in".to_string(),
        ),
        Rejection::UnknownStream { stream } if stream.is_empty() => lang.pick(
            "沒有寫內容流:必須註明是 protected(個人)還是 reusable(可重用)".to_string(),
            "the stream is missing: the card must say whether it is protected (personal) or reusable".to_string(),
        ),
        Rejection::UnknownStream { stream } => lang.pick(
            format!("「{stream}」不是內容流:只接受 protected 或 reusable"),
            format!("`{stream}` is not a stream: only protected and reusable are accepted"),
        ),
        Rejection::ProtectedShared { scope } => lang.pick(
            format!("受保護的個人內容不能分享給擁有者以外的人:{scope} 卡會被其他使用者讀到,只能放在 USER 或 PAIR"),
            format!("protected (personal) content can't be shared beyond its owner: a {scope} card reaches other users, so it may only be USER or PAIR"),
        ),
        Rejection::NotApproved { scope } => lang.pick(
            format!("分享尚未核准:{scope} 卡會被其他使用者讀到,必須先有人核准(share_approved 為 true)"),
            format!("sharing is not approved: a {scope} card reaches other users, so someone must approve it first (share_approved true)"),
        ),
    }
}

/// A short label for a rejection, for tight spaces (the editor's verdict
/// column); [`rejection_text`] gives the whole reason.
pub fn rejection_label(rejection: &Rejection, lang: Lang) -> String {
    match rejection {
        Rejection::NotAnObject { .. } => lang.pick("不是卡片物件", "not a card object").into(),
        Rejection::WrongType { field, .. } => lang.pick(format!("{field} 型別錯誤"), format!("{field} has the wrong type")),
        Rejection::UnknownScope { scope } if scope.is_empty() => lang.pick("缺少範圍", "no scope").into(),
        Rejection::UnknownScope { scope } => lang.pick(format!("未知範圍「{scope}」"), format!("unknown scope `{scope}`")),
        Rejection::MissingOwnerUser => lang.pick("缺少擁有者使用者", "no owner user").into(),
        Rejection::MissingOwnerAgent => lang.pick("缺少擁有 Agent", "no owner agent").into(),
        Rejection::UnknownStream { stream } if stream.is_empty() => lang.pick("缺少內容流", "no stream").into(),
        Rejection::UnknownStream { stream } => lang.pick(format!("未知內容流「{stream}」"), format!("unknown stream `{stream}`")),
        Rejection::ProtectedShared { .. } => lang.pick("受保護內容不能跨人分享", "protected content can't be shared").into(),
        Rejection::NotApproved { .. } => lang.pick("分享尚未核准", "sharing not approved").into(),
    }
}

/// Why the scope rule lets this viewer in or keeps them out.
pub fn access_text(card: &Card, access: &Access, viewer: Viewer<'_>, lang: Lang) -> String {
    let (id, ou, oa) = (&card.id, &card.owner_user, &card.owner_agent);
    let (vu, va) = (viewer.user, viewer.agent);
    match *access {
        Access::Rejected { ref rejection } => lang.pick(
            format!("{id} 被拒絕,任何人都讀不到:{}", rejection_text(rejection, lang)),
            format!("{id} is rejected, so nobody reads it: {}", rejection_text(rejection, lang)),
        ),
        Access::Pair { user_matches: true, agent_matches: true } => lang.pick(
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡,正好是 {vu}/{va},所以讀得到"),
            format!("{id} is a PAIR card of {ou} with {oa}, which is exactly {vu}/{va}, so it is readable"),
        ),
        Access::Pair { user_matches: true, agent_matches: false } => lang.pick(
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;使用者相同,但 {va} 是另一個 Agent,PAIR 卡不跟著換 Agent"),
            format!("{id} is a PAIR card of {ou} with {oa}; the user matches, but {va} is another agent, and PAIR cards stay with one agent"),
        ),
        Access::Pair { user_matches: false, agent_matches: true } => lang.pick(
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;Agent 相同,但 {vu} 不是 {ou}"),
            format!("{id} is a PAIR card of {ou} with {oa}; the agent matches, but {vu} is not {ou}"),
        ),
        Access::Pair { user_matches: false, agent_matches: false } => lang.pick(
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;{vu}/{va} 的使用者和 Agent 都不同"),
            format!("{id} is a PAIR card of {ou} with {oa}; {vu}/{va} differs in both user and agent"),
        ),
        Access::User { user_matches: true } => lang.pick(
            format!("{id} 是 {ou} 的 USER 卡,跟著 {ou} 換到任何 Agent,所以讀得到"),
            format!("{id} is a USER card of {ou}: it follows {ou} to every agent, so it is readable"),
        ),
        Access::User { user_matches: false } => lang.pick(
            format!("{id} 是 {ou} 的 USER 卡,只跟著 {ou};{vu} 是另一位使用者"),
            format!("{id} is a USER card of {ou}: it follows only {ou}, and {vu} is someone else"),
        ),
        Access::Agent { agent_matches: true } => lang.pick(
            format!("{id} 是 {oa} 的 AGENT 卡:任何使用者透過 {oa} 都讀得到"),
            format!("{id} is an AGENT card of {oa}: any user working with {oa} reads it"),
        ),
        Access::Agent { agent_matches: false } => lang.pick(
            format!("{id} 是 {oa} 的 AGENT 卡:只有透過 {oa} 才讀得到,{vu}/{va} 用的是 {va}"),
            format!("{id} is an AGENT card of {oa}: only viewers working with {oa} read it, and {vu}/{va} uses {va}"),
        ),
        Access::Global => lang.pick(
            format!("{id} 是 GLOBAL 卡,通過分享檢查後所有人都讀得到"),
            format!("{id} is a GLOBAL card: it passed the sharing checks, so everyone reads it"),
        ),
    }
}

/// The whole decision for one card and one viewer: the gates, then the
/// query, which is searched only among what the viewer may read.
pub fn decision_text(card: &Card, access: &Access, viewer: Viewer<'_>, query: &str, lang: Lang) -> String {
    let why = access_text(card, access, viewer, lang);
    if !access.allowed() {
        return lang.pick(format!("{why}。"), format!("{why}."));
    }
    if crate::policy::matches_query(card, query) {
        lang.pick(
            format!("{why};它也符合查詢「{query}」,所以出現在 {} 的結果中。", viewer.key()),
            format!("{why}; it also matches the query “{query}”, so {} retrieves it.", viewer.key()),
        )
    } else {
        lang.pick(
            format!("{why};但它的情境和內容都不含查詢「{query}」,所以搜尋不會回傳它。"),
            format!("{why}; but neither its situation nor its lesson contains the query “{query}”, so the search does not return it."),
        )
    }
}

/// One edit, in words.
pub fn edit_text(edit: &Edit, lang: Lang) -> String {
    match edit {
        Edit::Scope(s) => lang.pick(format!("範圍改成 {s}"), format!("scope set to {s}")),
        Edit::Stream(s) => lang.pick(format!("內容流改成 {s}"), format!("stream set to {s}")),
        Edit::ShareApproved(true) => lang.pick("核准分享".into(), "sharing approved".into()),
        Edit::ShareApproved(false) => lang.pick("撤回分享核准".into(), "sharing approval revoked".into()),
        Edit::OwnerUser(u) => lang.pick(format!("擁有者改成 {u}"), format!("owner user changed to {u}")),
        Edit::OwnerAgent(a) => lang.pick(format!("擁有 Agent 改成 {a}"), format!("owner agent changed to {a}")),
    }
}

fn join(items: &[String], lang: Lang) -> String {
    items.join(lang.pick("、", ", "))
}

/// The smallest edits that would flip the decision, in words.
pub fn flips_text(card: &Card, viewer: Viewer<'_>, flips: &Flips, lang: Lang) -> String {
    let id = &card.id;
    let who = viewer.key();
    let sharing: Vec<String> = flips.sharing().map(|o| edit_text(&o.edit, lang)).collect();
    let reassigning: Vec<String> =
        flips.flips.iter().filter(|o| o.edit.reassigns()).map(|o| edit_text(&o.edit, lang)).collect();
    let mut out = if !sharing.is_empty() {
        if flips.allowed_now {
            lang.pick(
                format!("只要一個改動,{who} 就讀不到 {id}:{}。", join(&sharing, lang)),
                format!("One edit would hide {id} from {who}: {}.", join(&sharing, lang)),
            )
        } else {
            lang.pick(
                format!("只要一個改動,{who} 就讀得到 {id}:{}。", join(&sharing, lang)),
                format!("One edit would let {who} read {id}: {}.", join(&sharing, lang)),
            )
        }
    } else if !flips.blocked.is_empty() {
        let tried: Vec<String> = flips.blocked.iter().map(|o| edit_text(&o.edit, lang)).collect();
        let reason = match &flips.blocked[0].access {
            Access::Rejected { rejection } => rejection_text(rejection, lang),
            _ => String::new(),
        };
        lang.pick(
            format!(
                "{who} 要讀到 {id},只能{},但那樣它會被拒絕({reason}):沒有任何單一改動能安全地分享它。",
                join(&tried, lang)
            ),
            format!(
                "{who} would read {id} only with {}, but then it would be rejected ({reason}): there is no one-field edit that shares it safely.",
                join(&tried, lang)
            ),
        )
    } else if reassigning.is_empty() {
        lang.pick(
            "沒有任何單一欄位的改動能改變這個結果。".to_string(),
            "No one-field edit changes this decision.".to_string(),
        )
    } else {
        String::new()
    };
    if !reassigning.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&lang.pick(
            format!("換擁有者也會改變結果({}),但那是把卡片交給別人,不是分享。", join(&reassigning, lang)),
            format!("Changing an owner would also do it ({}), but that hands the card to someone else; it is not sharing.", join(&reassigning, lang)),
        ));
    }
    out
}
