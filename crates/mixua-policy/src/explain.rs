//! Plain words for the policy's reason values, in 繁體中文 and English.
//! Every sentence here is built from a decision value; nothing re-derives a
//! decision.

use crate::card::{Card, JsonKind};
use crate::flip::{Edit, Flips};
use crate::policy::{Access, NameError, Rejection, Viewer};
use crate::score::ForbiddenReason;

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
        Access::NotShared { scope } => lang.pick(
            format!("{id} 是有效的 {scope} 卡,但只分享 GLOBAL 卡的基準做法不分享它,所以誰都讀不到"),
            format!("{id} is an accepted {scope} card, but the global-only baseline shares only GLOBAL cards, so nobody reads it"),
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

/// Why a viewer must not be handed a card (the forbidden scorecard).
pub fn forbidden_text(card: &Card, reason: &ForbiddenReason, viewer: Viewer<'_>, lang: Lang) -> String {
    let (id, who) = (&card.id, viewer.key());
    match reason {
        ForbiddenReason::OthersProtected { owner } => lang.pick(
            format!("{id} 是 {owner} 受保護的個人內容,{who} 不該看到"),
            format!("{id} is {owner}'s protected (personal) content, which {who} must not see"),
        ),
        ForbiddenReason::OthersCanary { token, owner } => lang.pick(
            format!("{id} 把 {owner} 的暗號 {token} 交給了 {who}"),
            format!("{id} hands {owner}'s canary {token} to {who}"),
        ),
    }
}

/// Why a name can't be a user's or an agent's ([`crate::policy::check_name`]).
/// The name itself is left to the caller, who knows where it was typed.
pub fn name_error_text(error: &NameError, lang: Lang) -> String {
    match error {
        NameError::Empty => lang.pick("名稱是空的".to_string(), "it is empty".to_string()),
        NameError::Slash => lang.pick(
            "名稱含有 /,而 / 在檢視者代號裡用來分隔使用者與 Agent".to_string(),
            "it contains `/`, which separates the user from the agent in a viewer key".to_string(),
        ),
        NameError::SurroundingSpace => lang.pick(
            "名稱前後有空白:看起來和另一個名稱一樣,卻會是另一個人".to_string(),
            "it starts or ends with whitespace, so it would look like another name and yet be someone else".to_string(),
        ),
        NameError::ControlCharacter { code } => lang.pick(
            format!("名稱含有控制字元 U+{code:04X},看不見也打不回來"),
            format!("it holds the control character U+{code:04X}, which can be neither seen nor typed back"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Scope;
    use crate::seed::seed_workspace;

    const LANGS: [Lang; 2] = [Lang::ZhTw, Lang::En];

    /// Every value of the reading gate, so a new variant cannot go unworded.
    fn every_access() -> Vec<Access> {
        let mut all = vec![Access::Rejected { rejection: Rejection::MissingOwnerUser }, Access::Global];
        all.extend(Scope::ALL.map(|scope| Access::NotShared { scope }));
        for user_matches in [false, true] {
            all.push(Access::User { user_matches });
            all.push(Access::Agent { agent_matches: user_matches });
            for agent_matches in [false, true] {
                all.push(Access::Pair { user_matches, agent_matches });
            }
        }
        all
    }

    #[test]
    fn every_access_is_worded_in_both_languages_and_differently() {
        let card = &seed_workspace().cards[0];
        let viewer = Viewer::new("bob", "checker-v1");
        for access in every_access() {
            // An exhaustive match: adding a variant fails to compile here
            // until it is added to `every_access`.
            match access {
                Access::Rejected { .. }
                | Access::NotShared { .. }
                | Access::Pair { .. }
                | Access::User { .. }
                | Access::Agent { .. }
                | Access::Global => {}
            }
            let zh = access_text(card, &access, viewer, Lang::ZhTw);
            let en = access_text(card, &access, viewer, Lang::En);
            assert!(zh.contains(&card.id) && en.contains(&card.id), "{access:?}");
            assert_ne!(zh, en, "{access:?}");
        }
        let en: std::collections::HashSet<String> =
            every_access().iter().map(|a| access_text(card, a, viewer, Lang::En)).collect();
        assert_eq!(en.len(), every_access().len(), "two decisions read the same");
    }

    #[test]
    fn not_shared_names_the_baseline_and_the_scope() {
        let card = &seed_workspace().cards[1];
        let access = Access::NotShared { scope: Scope::User };
        let en = access_text(card, &access, Viewer::new("alice", "writer-v1"), Lang::En);
        assert!(en.contains("USER") && en.contains("global-only baseline"), "{en}");
        let zh = access_text(card, &access, Viewer::new("alice", "writer-v1"), Lang::ZhTw);
        assert!(zh.contains("USER") && zh.contains("GLOBAL"), "{zh}");
        let decision = decision_text(card, &access, Viewer::new("alice", "writer-v1"), "報告", Lang::En);
        assert!(decision.ends_with('.'), "{decision}");
    }

    #[test]
    fn every_name_error_is_worded_in_both_languages() {
        let all = [NameError::Empty, NameError::Slash, NameError::SurroundingSpace, NameError::ControlCharacter { code: 9 }];
        for error in all {
            let (zh, en) = (name_error_text(&error, Lang::ZhTw), name_error_text(&error, Lang::En));
            assert!(!zh.is_empty() && !en.is_empty() && zh != en, "{error:?}");
        }
        assert!(name_error_text(&NameError::ControlCharacter { code: 9 }, Lang::En).contains("U+0009"));
        assert!(name_error_text(&NameError::ControlCharacter { code: 9 }, Lang::ZhTw).contains("U+0009"));
    }

    #[test]
    fn every_forbidden_reason_is_worded_in_both_languages() {
        let card = &seed_workspace().cards[1];
        let viewer = Viewer::new("bob", "writer-v1");
        let all = [
            ForbiddenReason::OthersProtected { owner: "alice".into() },
            ForbiddenReason::OthersCanary { token: "FAKE-ALICE-731".into(), owner: "alice".into() },
        ];
        for reason in &all {
            for lang in LANGS {
                let text = forbidden_text(card, reason, viewer, lang);
                assert!(text.contains("U") && text.contains("alice") && text.contains("bob/writer-v1"), "{text}");
            }
        }
        assert!(forbidden_text(card, &all[1], viewer, Lang::En).contains("FAKE-ALICE-731"));
    }
}
