//! Plain words for the policy's reason values, in 繁體中文 and English.
//! Every sentence here is built from a decision value; nothing re-derives a
//! decision.

use serde_json::Value;

use mixua_policy::audit::WorkspaceProblem;
use mixua_policy::boundary::Crossing;
use mixua_policy::cache::{CacheConfig, CachedRead, Purge};
use mixua_policy::card::{Card, JsonKind, Kind, LifeField, Status};
use mixua_policy::flip::{Edit, Flips};
use mixua_policy::lifecycle::{NotInEffect, Stamp};
use mixua_policy::log::{Action, Event, EventProblem, Expect, Setting, Unreadable};
use mixua_policy::policy::{Access, NameError, Rejection, Viewer};
use mixua_policy::score::ForbiddenReason;
use mixua_policy::write::{Expiry, Refusal};

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

    /// The one language of a build made in one (feature `only-en` or
    /// `only-zh`: a student's page, issue 28); `None` where it has both.
    pub const BUILT: Option<Lang> = if cfg!(feature = "only-en") {
        Some(Lang::En)
    } else if cfg!(feature = "only-zh") {
        Some(Lang::ZhTw)
    } else {
        None
    };

    /// Picks the sentence for this language (a build in one language says
    /// it with `pick!`, which never compiles the other in).
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
        Rejection::NotAnObject { found } => pick!(lang, 
            format!("這一筆是{},不是卡片物件,所以不採用", kind(*found, lang)),
            format!("this entry is a {}, not a card object, so it is not used", kind(*found, lang)),
        ),
        Rejection::DuplicatedField { field } => pick!(lang, 
            format!("欄位 {field} 重複:這張卡片把它寫了兩次以上,不知道該採用哪一個,所以誰都看不到它。請只留一個。"),
            format!("duplicated field `{field}`: the card writes it more than once, and which value counts is ambiguous, so it reaches nobody. Keep one."),
        ),
        Rejection::WrongType { field, expected, found } => pick!(lang, 
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
        Rejection::UnknownScope { scope } if scope.is_empty() => pick!(lang, 
            "沒有寫範圍:卡片必須註明誰能讀(PAIR、USER、AGENT 或 GLOBAL)".to_string(),
            "the scope is missing: a card must say who may read it (PAIR, USER, AGENT or GLOBAL)".to_string(),
        ),
        Rejection::UnknownScope { scope } => pick!(lang, 
            format!("「{scope}」不是範圍:只接受一字不差的 PAIR、USER、AGENT、GLOBAL"),
            format!("`{scope}` is not a scope: only PAIR, USER, AGENT and GLOBAL, spelled exactly so, are accepted"),
        ),
        Rejection::MissingOwnerUser => pick!(lang, 
            "沒有擁有者使用者:不知道這是誰的記憶,就不能決定誰可讀".to_string(),
            "the owner user is missing: without knowing whose memory it is, nobody can be let in".to_string(),
        ),
        Rejection::HiddenCharacter { field, error } => pick!(lang, 
            format!("欄位 {field} 的名稱藏有字元:{};這張卡會被當成另一個人的", name_error_text(error, lang)),
            format!("the {field} name hides a character: {}; the card would pass for someone else's", name_error_text(error, lang)),
        ),
        Rejection::MissingOwnerAgent => pick!(lang, 
            "沒有擁有者 Agent:不知道是哪個 Agent 學到的,就不能決定誰可讀".to_string(),
            "the owner agent is missing: without knowing which agent learned it, nobody can be let in".to_string(),
        ),
        Rejection::UnknownStream { stream } if stream.is_empty() => pick!(lang, 
            "沒有寫內容流:必須註明是 protected(個人)還是 reusable(可重用)".to_string(),
            "the stream is missing: the card must say whether it is protected (personal) or reusable".to_string(),
        ),
        Rejection::UnknownStream { stream } => pick!(lang, 
            format!("「{stream}」不是內容流:只接受 protected 或 reusable"),
            format!("`{stream}` is not a stream: only protected and reusable are accepted"),
        ),
        Rejection::ProtectedShared { scope } => pick!(lang, 
            format!("受保護的個人內容不能分享給擁有者以外的人:{scope} 卡會被其他使用者讀到,只能放在 USER 或 PAIR"),
            format!("protected (personal) content can't be shared beyond its owner: {} {scope} card reaches other users, so it may only be USER or PAIR", article(&scope.to_string())),
        ),
        Rejection::NotApproved { scope } => pick!(lang, 
            format!("分享尚未核准:{scope} 卡會被其他使用者讀到,必須先有人核准(share_approved 為 true)"),
            format!("sharing is not approved: {} {scope} card reaches other users, so someone must approve it first (share_approved true)", article(&scope.to_string())),
        ),
        Rejection::BadLifeField { field, value } => match (field, value) {
            (LifeField::ValidTo, Value::Number(n)) if n.as_u64().is_some() => pick!(lang, 
                format!("valid_to 是 {value},沒有晚於 valid_from:有效期在開始前就結束的卡片一律不採用"),
                format!("`valid_to` is {value}, which is not after `valid_from`: a card whose validity ends before it begins is never trusted"),
            ),
            _ => pick!(lang, 
                format!("欄位 {field} 的值 {value} 無法解讀:應該是{};看不懂時間狀態的卡片一律不採用", life_expect(*field, lang)),
                format!("`{field}` is {value}, which can't be read: it must be {}; a card whose life over time can't be read is never trusted", life_expect(*field, lang)),
            ),
        },
        Rejection::UnknownGroup { group } if group.is_empty() => pick!(lang, 
            "GROUP 卡沒有寫群組:必須註明是工作區宣告的哪一個群組".to_string(),
            "the GROUP card names no group: it must name one that the workspace declares".to_string(),
        ),
        Rejection::UnknownGroup { group } => pick!(lang, 
            format!("「{group}」不是這個工作區宣告的群組:沒有宣告的群組,GROUP 卡就誰都不給"),
            format!("`{group}` is not a group this workspace declares: without a declared group, a GROUP card reaches nobody"),
        ),
        Rejection::OwnerOutsideGroup { group } => pick!(lang, 
            format!("擁有者不是群組「{group}」的成員:不能把卡片放進自己不在的群組"),
            format!("the owner is not a member of `{group}`: nobody files a card into a group they are not in"),
        ),
    }
}

/// What a life field must hold, for [`Rejection::BadLifeField`].
fn life_expect(field: LifeField, lang: Lang) -> String {
    let words = |all: &[&str]| all.join(pick!(lang, "、", ", "));
    match field {
        LifeField::Status => pick!(lang, 
            format!("{} 其中之一", words(&Status::ALL.map(Status::as_str))),
            format!("one of {}", words(&Status::ALL.map(Status::as_str))),
        ),
        LifeField::Kind => pick!(lang, 
            format!("{} 其中之一", words(&Kind::ALL.map(Kind::as_str))),
            format!("one of {}", words(&Kind::ALL.map(Kind::as_str))),
        ),
        LifeField::Tier => pick!(lang, "hot、warm 或 cold".into(), "hot, warm or cold".into()),
        LifeField::ValidFrom | LifeField::ValidTo => {
            pick!(lang, "時刻,也就是 0 以上的整數".into(), "a tick: a whole number, 0 or more".into())
        }
        LifeField::Hold => pick!(lang, "true 或 false".into(), "true or false".into()),
        LifeField::WrittenBy => pick!(lang, 
            "「使用者/Agent」,例如 alice/writer-v1".into(),
            "a user/agent key, e.g. alice/writer-v1".into(),
        ),
        LifeField::Supersedes | LifeField::Group => pick!(lang, "不是空的文字".into(), "text that is not empty".into()),
        LifeField::ApprovedBy => pick!(lang, "文字".into(), "text".into()),
    }
}

/// A short label for a rejection, for tight spaces (the editor's verdict
/// column); [`rejection_text`] gives the whole reason.
pub fn rejection_label(rejection: &Rejection, lang: Lang) -> String {
    match rejection {
        Rejection::NotAnObject { .. } => pick!(lang, "不是卡片物件", "not a card object").into(),
        Rejection::DuplicatedField { field } => pick!(lang, format!("欄位 {field} 重複"), format!("duplicated field `{field}`")),
        Rejection::WrongType { field, .. } => pick!(lang, format!("{field} 型別錯誤"), format!("{field} has the wrong type")),
        Rejection::UnknownScope { scope } if scope.is_empty() => pick!(lang, "缺少範圍", "no scope").into(),
        Rejection::UnknownScope { scope } => pick!(lang, format!("未知範圍「{scope}」"), format!("unknown scope `{scope}`")),
        Rejection::MissingOwnerUser => pick!(lang, "缺少擁有者使用者", "no owner user").into(),
        Rejection::MissingOwnerAgent => pick!(lang, "缺少擁有 Agent", "no owner agent").into(),
        Rejection::HiddenCharacter { field, .. } => pick!(lang, format!("{field} 藏有字元"), format!("{field} hides a character")),
        Rejection::UnknownStream { stream } if stream.is_empty() => pick!(lang, "缺少內容流", "no stream").into(),
        Rejection::UnknownStream { stream } => pick!(lang, format!("未知內容流「{stream}」"), format!("unknown stream `{stream}`")),
        Rejection::ProtectedShared { .. } => pick!(lang, "受保護內容不能跨人分享", "protected content can't be shared").into(),
        Rejection::NotApproved { .. } => pick!(lang, "分享尚未核准", "sharing not approved").into(),
        Rejection::BadLifeField { field, .. } => pick!(lang, format!("{field} 無法解讀"), format!("{field} can't be read")),
        Rejection::UnknownGroup { group } if group.is_empty() => pick!(lang, "缺少群組", "no group").into(),
        Rejection::UnknownGroup { group } => pick!(lang, format!("未知群組「{group}」"), format!("unknown group `{group}`")),
        Rejection::OwnerOutsideGroup { .. } => pick!(lang, "擁有者不在群組內", "owner outside the group").into(),
    }
}

/// Why the scope rule lets this viewer in or keeps them out.
pub fn access_text(card: &Card, access: &Access, viewer: Viewer<'_>, lang: Lang) -> String {
    let (id, ou, oa) = (&card.id, &card.owner_user, &card.owner_agent);
    let (vu, va) = (viewer.user, viewer.agent);
    match *access {
        Access::Rejected { ref rejection } => pick!(lang, 
            format!("{id} 被拒絕,任何人都讀不到:{}", rejection_text(rejection, lang)),
            format!("{id} is rejected, so nobody reads it: {}", rejection_text(rejection, lang)),
        ),
        Access::NotShared { scope } => pick!(lang, 
            format!("{id} 是有效的 {scope} 卡,但只分享 GLOBAL 卡的基準做法不分享它,所以誰都讀不到"),
            format!("{id} is an accepted {scope} card, but the global-only baseline shares only GLOBAL cards, so nobody reads it"),
        ),
        Access::Pair { user_matches: true, agent_matches: true } => pick!(lang, 
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡,正好是 {vu}/{va},所以讀得到"),
            format!("{id} is a PAIR card of {ou} with {oa}, which is exactly {vu}/{va}, so it is readable"),
        ),
        Access::Pair { user_matches: true, agent_matches: false } => pick!(lang, 
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;使用者相同,但 {va} 是另一個 Agent,PAIR 卡不跟著換 Agent"),
            format!("{id} is a PAIR card of {ou} with {oa}; the user matches, but {va} is another agent, and PAIR cards stay with one agent"),
        ),
        Access::Pair { user_matches: false, agent_matches: true } => pick!(lang, 
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;Agent 相同,但 {vu} 不是 {ou}"),
            format!("{id} is a PAIR card of {ou} with {oa}; the agent matches, but {vu} is not {ou}"),
        ),
        Access::Pair { user_matches: false, agent_matches: false } => pick!(lang, 
            format!("{id} 是 {ou} 與 {oa} 這一對的 PAIR 卡;{vu}/{va} 的使用者和 Agent 都不同"),
            format!("{id} is a PAIR card of {ou} with {oa}; {vu}/{va} differs in both user and agent"),
        ),
        Access::User { user_matches: true } => pick!(lang, 
            format!("{id} 是 {ou} 的 USER 卡,跟著 {ou} 換到任何 Agent,所以讀得到"),
            format!("{id} is a USER card of {ou}: it follows {ou} to every agent, so it is readable"),
        ),
        Access::User { user_matches: false } => pick!(lang, 
            format!("{id} 是 {ou} 的 USER 卡,只跟著 {ou};{vu} 是另一位使用者"),
            format!("{id} is a USER card of {ou}: it follows only {ou}, and {vu} is someone else"),
        ),
        Access::Agent { agent_matches: true } => pick!(lang, 
            format!("{id} 是 {oa} 的 AGENT 卡:任何使用者透過 {oa} 都讀得到"),
            format!("{id} is an AGENT card of {oa}: any user working with {oa} reads it"),
        ),
        Access::Agent { agent_matches: false } => pick!(lang, 
            format!("{id} 是 {oa} 的 AGENT 卡:只有透過 {oa} 才讀得到,{vu}/{va} 用的是 {va}"),
            format!("{id} is an AGENT card of {oa}: only viewers working with {oa} read it, and {vu}/{va} uses {va}"),
        ),
        Access::Global => pick!(lang, 
            format!("{id} 是 GLOBAL 卡,通過分享檢查後所有人都讀得到"),
            format!("{id} is a GLOBAL card: it passed the sharing checks, so everyone reads it"),
        ),
        Access::Group { ref group, member: true } => pick!(lang, 
            format!("{id} 是群組「{group}」的 GROUP 卡:{vu} 是成員,用任何 Agent 都讀得到"),
            format!("{id} is a GROUP card of `{group}`: {vu} is a member, so it is readable with any agent"),
        ),
        Access::Group { ref group, member: false } => pick!(lang, 
            format!("{id} 是群組「{group}」的 GROUP 卡:只有成員讀得到,{vu} 不是成員"),
            format!("{id} is a GROUP card of `{group}`: only its members read it, and {vu} is not one"),
        ),
        Access::NotInEffect { ref why } => pick!(lang, 
            format!("{id} 目前不生效,任何人都讀不到:{}", not_in_effect_text(why, lang)),
            format!("{id} is not in effect, so nobody reads it: {}", not_in_effect_text(why, lang)),
        ),
    }
}

/// Who did it, when, and why, after a statement about a card.
pub fn stamp_text(stamp: &Option<Stamp>, lang: Lang) -> String {
    match stamp {
        None => String::new(),
        Some(Stamp { by, at, reason: None }) => pick!(lang, format!("(時刻 {at},{by})"), format!(" (by {by} at tick {at})")),
        Some(Stamp { by, at, reason: Some(reason) }) => pick!(lang, 
            format!("(時刻 {at},{by},原因:「{reason}」)"),
            format!(" (by {by} at tick {at}, because “{reason}”)"),
        ),
    }
}

/// A kind of memory, as the learner says it.
pub fn kind_name(kind: Kind, lang: Lang) -> &'static str {
    match lang {
        Lang::En => kind.as_str(),
        Lang::ZhTw => match kind {
            Kind::Working => "工作",
            Kind::Episodic => "情景",
            Kind::Semantic => "語意",
            Kind::Procedural => "程序",
            Kind::Meta => "後設",
        },
    }
}

/// A card's status, as the learner says it.
pub fn status_name(status: Status, lang: Lang) -> &'static str {
    match status {
        Status::Candidate => pick!(lang, "候選", "candidate"),
        Status::Accepted => pick!(lang, "已接受", "accepted"),
        Status::Rejected => pick!(lang, "已退回", "rejected"),
        Status::Revoked => pick!(lang, "已撤回", "revoked"),
        Status::Deleted => pick!(lang, "已刪除", "deleted"),
        Status::RolledBack => pick!(lang, "已還原", "rolled back"),
    }
}

/// What doing an action is called ("to …").
fn action_verb(action: Action, lang: Lang) -> &'static str {
    match action {
        Action::Propose => pick!(lang, "提出", "propose"),
        Action::Publish => pick!(lang, "發布", "publish"),
        Action::Reject => pick!(lang, "退回", "reject"),
        Action::Revoke => pick!(lang, "撤回", "revoke"),
        Action::Delete => pick!(lang, "刪除", "delete"),
        Action::Rollback => pick!(lang, "還原", "roll back"),
        Action::Expire => pick!(lang, "標為到期", "expire"),
        Action::Read => pick!(lang, "讀取", "read"),
        Action::Policy => pick!(lang, "變更政策", "change the policy of"),
        Action::History => pick!(lang, "查看歷史", "open the history of"),
        Action::Members => pick!(lang, "變更群組成員", "change a group's members"),
        Action::Hold => pick!(lang, "保留或取消保留", "hold or let go of"),
        Action::Ttl => pick!(lang, "變更保留期限", "change a time to live"),
        Action::Cache => pick!(lang, "變更快取設定", "change the cache"),
    }
}

/// What has been done ("… was …").
fn action_done(action: Action) -> &'static str {
    match action {
        Action::Propose => "proposed",
        Action::Publish => "published",
        Action::Reject => "rejected",
        Action::Revoke => "revoked",
        Action::Delete => "deleted",
        Action::Rollback => "rolled back",
        Action::Expire => "expired",
        Action::Read => "read",
        Action::Policy => "changed",
        Action::History => "looked up",
        Action::Members => "given new members",
        Action::Hold => "held or let go",
        Action::Ttl => "given a new time to live",
        Action::Cache => "changed",
    }
}

/// A cycle of versions as a chain that comes back to where it starts:
/// `A → G → A`, or `A → A` for a card that replaces itself. Each card is
/// followed by the one that replaces it.
pub fn cycle_chain(cycle: &[String]) -> String {
    let mut chain = cycle.join(" → ");
    if let Some(first) = cycle.first() {
        chain.push_str(" → ");
        chain.push_str(first);
    }
    chain
}

/// Why a card is not in effect (the in-effect gate), after "it is not in
/// effect:".
pub fn not_in_effect_text(why: &NotInEffect, lang: Lang) -> String {
    match why {
        NotInEffect::Deleted { stamp } => pick!(lang, 
            format!("它已被刪除,只留下編號{}", stamp_text(stamp, lang)),
            format!("it was deleted, and only its id is left{}", stamp_text(stamp, lang)),
        ),
        NotInEffect::NotWrittenYet { proposed_at } => pick!(lang, 
            format!("這個時刻它還沒被寫下(時刻 {proposed_at} 才提出)"),
            format!("at this tick it had not been written yet (it was proposed at tick {proposed_at})"),
        ),
        NotInEffect::CycleOfVersions { cycle } => pick!(lang, 
            format!("它在一個版本循環裡({}):每一版都說自己取代了前一版,沒有哪一版是最新的,所以都不生效", cycle_chain(cycle)),
            format!(
                "it is on a cycle of versions ({}): each says it replaces the one before, so none of them is the newest, and none is in effect",
                cycle_chain(cycle)
            ),
        ),
        NotInEffect::LogDisagrees { written, logged, stamp } => pick!(lang, 
            format!(
                "卡片上寫的狀態是「{}」,它自己的事件紀錄卻是「{}」{}:兩者不一致,分不出哪個對,所以在兩者一致之前它不生效",
                status_name(*written, lang),
                status_name(*logged, lang),
                stamp_text(stamp, lang)
            ),
            format!(
                "its status as written is {}, but its own log says {}{}: the two disagree, and which is true can't be told, so it is not in effect until they agree",
                status_name(*written, lang),
                status_name(*logged, lang),
                stamp_text(stamp, lang)
            ),
        ),
        NotInEffect::Candidate { stamp } => pick!(lang, 
            format!("它還是候選卡,等待審查{}", stamp_text(stamp, lang)),
            format!("it is a candidate waiting for review{}", stamp_text(stamp, lang)),
        ),
        NotInEffect::Rejected { stamp } => pick!(lang, 
            format!("它在審查時被退回{}", stamp_text(stamp, lang)),
            format!("it was rejected in review{}", stamp_text(stamp, lang)),
        ),
        NotInEffect::Revoked { stamp } => pick!(lang, 
            format!("它已被撤回{}", stamp_text(stamp, lang)),
            format!("it was revoked{}", stamp_text(stamp, lang)),
        ),
        NotInEffect::RolledBack { stamp, restores: Some(base) } => pick!(lang, 
            format!("這個版本已被還原{},改由它取代的前一版 {base} 重新生效", stamp_text(stamp, lang)),
            format!("this version was rolled back{}, and the version it replaced, {base}, is in effect again", stamp_text(stamp, lang)),
        ),
        NotInEffect::RolledBack { stamp, restores: None } => pick!(lang, 
            format!("這個版本已被還原{}", stamp_text(stamp, lang)),
            format!("this version was rolled back{}", stamp_text(stamp, lang)),
        ),
        NotInEffect::NotYetValid { valid_from } => pick!(lang, 
            format!("它從時刻 {valid_from} 起才生效"),
            format!("it takes effect only from tick {valid_from}"),
        ),
        NotInEffect::NoLongerValid { valid_to } => pick!(lang, 
            format!("它的有效期在時刻 {valid_to} 結束了"),
            format!("its validity ended at tick {valid_to}"),
        ),
        NotInEffect::Superseded { by } => {
            pick!(lang, format!("它已被新版本 {by} 取代"), format!("a newer version, {by}, replaces it"))
        }
        NotInEffect::Expired { kind, ttl, at } => pick!(lang, 
            format!("它是{}記憶,只保留 {ttl} 個時刻,已在時刻 {at} 到期({})", kind_name(*kind, lang), kind.ttl_reason()),
            format!("it is {kind} memory, kept {ttl} ticks, and it expired at tick {at} ({})", kind.ttl_reason()),
        ),
    }
}

/// A short label for the in-effect gate's answer, for tight spaces.
pub fn not_in_effect_label(why: &NotInEffect, lang: Lang) -> String {
    match why {
        NotInEffect::Deleted { .. } => pick!(lang, "已刪除", "deleted").into(),
        NotInEffect::NotWrittenYet { .. } => pick!(lang, "尚未寫下", "not written yet").into(),
        NotInEffect::CycleOfVersions { .. } => pick!(lang, "版本循環", "a cycle of versions").into(),
        NotInEffect::LogDisagrees { .. } => pick!(lang, "與紀錄不一致", "disagrees with its log").into(),
        NotInEffect::Candidate { .. } => pick!(lang, "候選中", "candidate").into(),
        NotInEffect::Rejected { .. } => pick!(lang, "審查退回", "rejected in review").into(),
        NotInEffect::Revoked { .. } => pick!(lang, "已撤回", "revoked").into(),
        NotInEffect::RolledBack { .. } => pick!(lang, "已還原", "rolled back").into(),
        NotInEffect::NotYetValid { .. } => pick!(lang, "尚未生效", "not yet valid").into(),
        NotInEffect::NoLongerValid { .. } => pick!(lang, "有效期已過", "validity ended").into(),
        NotInEffect::Superseded { by } => pick!(lang, format!("已被 {by} 取代"), format!("superseded by {by}")),
        NotInEffect::Expired { kind, .. } => pick!(lang, format!("已到期({})", kind.ttl_reason()), format!("expired ({})", kind.ttl_reason())),
    }
}

/// Why the write path refused a change.
pub fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
    match refusal {
        Refusal::NotInChart { viewer } => pick!(lang, 
            format!("{viewer} 不在座位表的使用者 × Agent 之中:寫入者和讀者都必須是表上的一格"),
            format!("{viewer} is not a user × agent of the chart: a writer or a reader must be one of its cells"),
        ),
        Refusal::NoActor => pick!(lang, 
            "沒有寫是誰做的:每個動作都要記下執行者".to_string(),
            "nobody is named: every action records who did it".to_string(),
        ),
        Refusal::HiddenActor { error } => pick!(lang, 
            format!("執行者的名稱藏有字元,紀錄上會像是別人做的:{}", name_error_text(error, lang)),
            format!("the actor's name hides a character, so the log would show someone else: {}", name_error_text(error, lang)),
        ),
        Refusal::NoReason { action } => pick!(lang, 
            format!("{}必須附上原因", action_verb(*action, lang)),
            format!("to {} needs a reason", action_verb(*action, lang)),
        ),
        Refusal::ReasonQuotesCard => pick!(lang, 
            "原因引用了卡片內容或它帶的暗號:原因只說為什麼,不重複內容,這樣刪除後內容才不會留在紀錄裡".to_string(),
            "the reason quotes the card's lesson or a canary it holds: a reason says why, never what, so that deleting the card leaves its text nowhere".to_string(),
        ),
        Refusal::EmptyId => pick!(lang, "新卡片沒有編號".to_string(), "the new card has no id".to_string()),
        Refusal::DuplicateId { id } => pick!(lang, 
            format!("已經有編號 {id} 的卡片:新版本請用新編號,並在 supersedes 寫上舊版"),
            format!("a card with the id {id} already exists: write a new version under a new id that supersedes it"),
        ),
        Refusal::UnknownCard { id } => pick!(lang, format!("沒有編號 {id} 的卡片"), format!("there is no card with the id {id}")),
        Refusal::AmbiguousCard { id } => pick!(lang, 
            format!("有好幾張卡片都叫 {id},無法確定是哪一張"),
            format!("several cards have the id {id}, so it names none of them"),
        ),
        Refusal::NotWritersOwn { writer, owner_user, owner_agent } => pick!(lang, 
            format!("{writer} 只能寫自己的記憶:擁有者必須是 {writer},這張卻寫成 {owner_user}/{owner_agent}"),
            format!("{writer} may only write its own memory: the owner must be {writer}, not {owner_user}/{owner_agent}"),
        ),
        Refusal::Unreadable { rejection } => pick!(lang, 
            format!("這張卡片無法解讀,不能寫入或變更:{}", rejection_text(rejection, lang)),
            format!("the card can't be read well enough to file or change: {}", rejection_text(rejection, lang)),
        ),
        Refusal::WrongStatus { action, status } => pick!(lang, 
            format!("這張卡片目前是「{}」,不能{}", status_name(*status, lang), action_verb(*action, lang)),
            format!("a {} card can't be {}", status_name(*status, lang), action_done(*action)),
        ),
        Refusal::NotAReviewer { actor } => pick!(lang, 
            format!("{actor} 不在審查者名單上:會跨使用者的卡片(AGENT、GLOBAL、GROUP)只能由名單上的審查者發布"),
            format!("{actor} is not a listed reviewer: a card that crosses users (AGENT, GLOBAL, GROUP) is published only by a listed reviewer"),
        ),
        Refusal::ReviewerIsWriter { actor, writer } => pick!(lang, 
            format!("{actor} 就是這張卡的寫入者({writer}):審查權必須和內容提供者分開"),
            format!("{actor} wrote this card ({writer}): whoever supplies the content must not approve sharing it"),
        ),
        Refusal::NotTheOwner { actor, owner } => pick!(lang, 
            format!("PAIR 與 USER 卡只有擁有者本人讀得到,所以要由擁有者 {owner} 同意才發布,{actor} 不行"),
            format!("a PAIR or USER card reaches only its owner, so only its owner, {owner}, consents to publishing it, not {actor}"),
        ),
        Refusal::CheckFails { rejection } => pick!(lang, 
            format!("發布前的檢查沒有通過:{}", rejection_text(rejection, lang)),
            format!("publishing it would let through a card the checks reject: {}", rejection_text(rejection, lang)),
        ),
        Refusal::UnknownBase { base } => pick!(lang, 
            format!("要取代的版本 {base} 不存在"),
            format!("the version it replaces, {base}, does not exist"),
        ),
        Refusal::OtherOwnersBase { base } => pick!(lang, 
            format!("要取代的版本 {base} 屬於別人:不能用「新版本」蓋掉別人的卡片"),
            format!("the version it replaces, {base}, belongs to someone else: nobody can bury another's card under a newer version"),
        ),
        Refusal::StaleBase { base, current: Some(current) } => pick!(lang, 
            format!("{base} 已經不是目前的版本(目前是 {current}):這個新版本是依過時的版本寫的,請依目前的版本重寫"),
            format!("{base} is no longer the current version ({current} is): this new version was written against a stale base, so write it again against the current one"),
        ),
        Refusal::StaleBase { base, current: None } => pick!(lang, 
            format!("{base} 已經不是生效中的版本:這個新版本是依過時的版本寫的"),
            format!("{base} is no longer a version in effect: this new version was written against a stale base"),
        ),
        Refusal::NothingToRollBack { id } => pick!(lang, 
            format!("{id} 沒有取代任何舊版本,沒有東西可以還原;要停用它請撤回"),
            format!("{id} replaces no earlier version, so there is nothing to roll back to; revoke it to stop it"),
        ),
        Refusal::CannotRestore { base, status } => pick!(lang, 
            format!("前一版 {base} 目前是「{}」,無法重新生效", status_name(*status, lang)),
            format!("the earlier version, {base}, is {} and can't take effect again", status_name(*status, lang)),
        ),
        Refusal::NotAllowed { actor, action } => pick!(lang, 
            format!("只有擁有者或名單上的審查者可以{}這張卡,{actor} 不行", action_verb(*action, lang)),
            format!("only the owner or a listed reviewer may {} this card, not {actor}", action_verb(*action, lang)),
        ),
        Refusal::UnreadableLog => pick!(lang, 
            "事件紀錄(events)無法解讀,不能再往後追加".to_string(),
            "the event log (`events`) can't be read, so nothing can be added to it".to_string(),
        ),
        Refusal::TimeBackwards { to, clock } => pick!(lang, 
            format!("時鐘只能往前走:現在是時刻 {clock},不能回到 {to}"),
            format!("the clock only moves forward: it is at tick {clock}, not back to {to}"),
        ),
        Refusal::ReviewersOnly { actor, action } => pick!(lang, 
            format!("{actor} 不在審查者名單上:{}會改變誰讀得到什麼,只有名單上的審查者可以做", action_verb(*action, lang)),
            format!(
                "{actor} is not a listed reviewer: to {} changes who can read what, so only a listed reviewer may do it",
                action_verb(*action, lang)
            ),
        ),
        Refusal::UnknownGroup { group } => pick!(lang, 
            format!("工作區沒有宣告叫 {group} 的群組"),
            format!("the workspace declares no group called {group}"),
        ),
        Refusal::NotAUser { name } => pick!(lang, 
            format!("{name} 不是座位表上的使用者:群組成員必須是表上的使用者"),
            format!("{name} is not a user of the chart: a group's members must be users of the chart"),
        ),
        Refusal::UnreadableSetting { key } => pick!(lang, 
            format!("{key} 無法解讀,照原樣保留,不能變更"),
            format!("`{key}` can't be read, so it is kept as written and can't be changed"),
        ),
        Refusal::Unchanged { action } => pick!(lang, 
            format!("已經是這個設定了,{}不會改變任何事", action_verb(*action, lang)),
            format!("it is already set that way: to {} now would change nothing", action_verb(*action, lang)),
        ),
    }
}

/// One event of the log, as a line of the audit.
pub fn event_text(event: &Event, lang: Lang) -> String {
    let (t, who) = (event.tick, &event.actor);
    let card = event.card.as_deref().unwrap_or("?");
    let why = match &event.reason {
        Some(reason) => pick!(lang, format!(",原因:「{reason}」"), format!(": “{reason}”")),
        None => String::new(),
    };
    match event.action {
        Action::Propose => pick!(lang, format!("時刻 {t}:{who} 提出候選卡 {card}"), format!("tick {t}: {who} proposed the candidate {card}")),
        Action::Publish => pick!(lang, format!("時刻 {t}:{who} 發布了 {card}{why}"), format!("tick {t}: {who} published {card}{why}")),
        Action::Reject => pick!(lang, format!("時刻 {t}:{who} 退回了 {card}{why}"), format!("tick {t}: {who} rejected {card}{why}")),
        Action::Revoke => pick!(lang, format!("時刻 {t}:{who} 撤回了 {card}{why}"), format!("tick {t}: {who} revoked {card}{why}")),
        Action::Delete => pick!(lang, format!("時刻 {t}:{who} 刪除了 {card}{why}"), format!("tick {t}: {who} deleted {card}{why}")),
        Action::Rollback => pick!(lang, format!("時刻 {t}:{who} 還原了 {card}{why}"), format!("tick {t}: {who} rolled back {card}{why}")),
        Action::Expire => {
            let reason = event.reason.as_deref().unwrap_or("?");
            pick!(lang, format!("時刻 {t}:{who} 讓 {card} 到期({reason})"), format!("tick {t}: {who} expired {card} ({reason})"))
        }
        Action::Read => {
            let query = event.query.as_deref().unwrap_or("");
            pick!(lang, format!("時刻 {t}:{who} 查詢「{query}」"), format!("tick {t}: {who} asked “{query}”"))
        }
        Action::History => {
            pick!(lang, format!("時刻 {t}:{who} 查看了 {card} 的歷史"), format!("tick {t}: {who} opened the history of {card}"))
        }
        Action::Members | Action::Hold | Action::Ttl | Action::Cache => setting_text(event, lang, &why),
        Action::Policy => {
            let version = event.version.map_or_else(|| "?".to_string(), |v| v.to_string());
            pick!(lang, 
                format!("時刻 {t}:{who} 把政策版本改成 {version}{why}"),
                format!("tick {t}: {who} set the policy version to {version}{why}"),
            )
        }
    }
}

/// A list of names, or "nobody".
fn names_text(names: &[String], lang: Lang) -> String {
    if names.is_empty() {
        pick!(lang, "(沒有人)", "nobody").to_string()
    } else {
        names.join(pick!(lang, "、", ", "))
    }
}

/// A time to live, in words.
fn ttl_text(ttl: Option<u64>, lang: Lang) -> String {
    match ttl {
        Some(1) => pick!(lang, "1 個時刻", "1 tick").to_string(),
        Some(t) => pick!(lang, format!("{t} 個時刻"), format!("{t} ticks")),
        None => pick!(lang, "永久", "for ever").to_string(),
    }
}

/// A `members`, `hold`, `ttl` or `cache` event, as a line of the audit:
/// who set what, what it was before, and why.
fn setting_text(event: &Event, lang: Lang, why: &str) -> String {
    let (t, who) = (event.tick, &event.actor);
    let card = event.card.as_deref().unwrap_or("?");
    match event.setting.as_deref() {
        Some(Setting::Members { group, members, before }) => pick!(lang, 
            format!("時刻 {t}:{who} 把群組 {group} 的成員改成 {}(原本是 {}){why}", names_text(members, lang), names_text(before, lang)),
            format!("tick {t}: {who} set the members of group {group} to {} (were {}){why}", names_text(members, lang), names_text(before, lang)),
        ),
        Some(Setting::Hold { hold: true }) => pick!(lang, 
            format!("時刻 {t}:{who} 保留了 {card}(永不被清掉){why}"),
            format!("tick {t}: {who} held {card} (never swept){why}"),
        ),
        Some(Setting::Hold { hold: false }) => pick!(lang, 
            format!("時刻 {t}:{who} 取消保留 {card}(它又可能到期){why}"),
            format!("tick {t}: {who} let go of {card} (it can expire again){why}"),
        ),
        Some(Setting::Ttl { kind, ttl, before }) => pick!(lang, 
            format!("時刻 {t}:{who} 把{}記憶的保留期限改成 {}(原本是 {}){why}", kind_name(*kind, lang), ttl_text(*ttl, lang), ttl_text(*before, lang)),
            format!("tick {t}: {who} set {kind} memory's time to live to {} (was {}){why}", ttl_text(*ttl, lang), ttl_text(*before, lang)),
        ),
        Some(Setting::Cache { config, before }) => pick!(lang, 
            format!("時刻 {t}:{who} 把快取改成「{}」(原本是「{}」){why}", cache_text(Some(config), lang), cache_text(before.as_ref(), lang)),
            format!("tick {t}: {who} set the cache to “{}” (was “{}”){why}", cache_text(Some(config), lang), cache_text(before.as_ref(), lang)),
        ),
        None => pick!(lang, 
            format!("時刻 {t}:{who} {}(沒有寫改成什麼){why}", action_verb(event.action, lang)),
            format!("tick {t}: {who} did “{}” (without saying what it set){why}", action_verb(event.action, lang)),
        ),
    }
}

/// What a key needs, in words.
fn expect_text(expect: Expect, lang: Lang) -> &'static str {
    match expect {
        Expect::Tick => pick!(lang, "0 以上的整數", "a whole number, 0 or more"),
        Expect::Text => pick!(lang, "文字", "text"),
        Expect::Flag => pick!(lang, "true 或 false", "true or false"),
        Expect::Names => pick!(lang, "名稱清單", "a list of names"),
        Expect::Object => pick!(lang, "物件", "an object"),
        Expect::List => pick!(lang, "清單", "a list"),
        Expect::Ids => pick!(lang, "卡片編號清單(每個都是文字)", "a list of card ids (each text)"),
    }
}

/// What an unreadable card key counts as, when it is `risk` (not high).
pub fn risk_note(why: &Unreadable, lang: Lang) -> &'static str {
    if why.key() == "risk" {
        pick!(lang, ",當作不是高風險", "; it counts as not high")
    } else {
        ""
    }
}

/// Why a value could not be read.
pub fn unreadable_text(why: &Unreadable, lang: Lang) -> String {
    match why {
        Unreadable::WrongType { key, expected, found } => pick!(lang, 
            format!("{key} 應該是{},這裡卻是{}", expect_text(*expected, lang), self::kind(*found, lang)),
            format!("`{key}` must be {}, but it is a {}", expect_text(*expected, lang), self::kind(*found, lang)),
        ),
        Unreadable::Missing { key } => pick!(lang, format!("缺少 {key}"), format!("`{key}` is missing")),
        Unreadable::UnknownKey { key } => {
            pick!(lang, format!("不認得的欄位 {key}"), format!("`{key}` is not a key this version knows"))
        }
        Unreadable::UnknownWord { key, word } => pick!(lang, 
            format!("{key} 裡的「{word}」不是認得的值"),
            format!("`{word}` is not a known value of `{key}`"),
        ),
        Unreadable::BadName { key, name, error } => pick!(lang, 
            format!("{key} 裡的名稱 {name:?} 不能用:{}", name_error_text(error, lang)),
            format!("the name {name:?} in `{key}` can't be used: {}", name_error_text(error, lang)),
        ),
        Unreadable::OutOfRange { key, max, written } => pick!(lang, 
            format!("{key} 寫的是 {written},超出範圍:應該是 0 到 {max} 的整數"),
            format!("`{key}` is {written}, out of range: it must be a whole number from 0 to {max}"),
        ),
        Unreadable::Duplicated { key } => pick!(lang, 
            format!("{key} 寫了不只一次,不知道該算哪一個,所以都不算"),
            format!("`{key}` is written more than once: which one counts is ambiguous, so none does"),
        ),
        Unreadable::Repeated { key, item } => pick!(lang, 
            format!("{key} 裡的 {item} 列了不只一次;每一項只能列一次"),
            format!("`{item}` is listed more than once in `{key}`; each may be listed only once"),
        ),
    }
}

/// Why an event of the log is set aside.
pub fn event_problem_text(problem: &EventProblem, lang: Lang) -> String {
    match problem {
        EventProblem::Unreadable { why } => {
            pick!(lang, format!("無法解讀:{}", unreadable_text(why, lang)), format!("it can't be read: {}", unreadable_text(why, lang)))
        }
        EventProblem::NoActor => pick!(lang, "沒有記下執行者".to_string(), "it names no actor".to_string()),
        EventProblem::HiddenActor { error } => pick!(lang, 
            format!("執行者的名稱藏有字元,看起來會像別人:{}", name_error_text(error, lang)),
            format!("the actor's name hides a character, so it would look like someone else: {}", name_error_text(error, lang)),
        ),
        EventProblem::NoReason => pick!(lang, "沒有附上原因".to_string(), "it gives no reason".to_string()),
        EventProblem::NoCard => pick!(lang, "沒有指明是哪張卡片".to_string(), "it names no card".to_string()),
        EventProblem::UnknownCard { card } => {
            pick!(lang, format!("工作區裡沒有卡片 {card}"), format!("the workspace has no card {card}"))
        }
        EventProblem::AmbiguousCard { card } => {
            pick!(lang, format!("好幾張卡片都叫 {card}"), format!("several cards have the id {card}"))
        }
        EventProblem::TimeBackwards { tick, previous } => pick!(lang, 
            format!("時間倒流:時刻 {tick} 早於前一個事件的時刻 {previous}"),
            format!("time goes backwards: tick {tick} is before the previous event's tick {previous}"),
        ),
        EventProblem::AfterClock { tick, clock } => pick!(lang, 
            format!("時刻 {tick} 晚於工作區的時鐘 {clock}"),
            format!("tick {tick} is after the workspace's clock, {clock}"),
        ),
        EventProblem::WrongStatus { action, status } => pick!(lang, 
            format!("那時卡片是「{}」,不能{}", status_name(*status, lang), action_verb(*action, lang)),
            format!("the card was {} then, and a {} card can't be {}", status_name(*status, lang), status_name(*status, lang), action_done(*action)),
        ),
        EventProblem::AlreadyProposed { card } => {
            pick!(lang, format!("{card} 已經提出過了"), format!("{card} was already proposed"))
        }
        EventProblem::NotAViewer { actor } => pick!(lang, 
            format!("執行者「{actor}」不是「使用者/Agent」的形式"),
            format!("the actor `{actor}` is not a user/agent key"),
        ),
        EventProblem::NoVersion => pick!(lang, "沒有寫新的政策版本".to_string(), "it gives no new policy version".to_string()),
        EventProblem::NoSetting => pick!(lang, "沒有寫設定改成什麼".to_string(), "it does not say what it set".to_string()),
    }
}

/// What of a workspace as a whole is set aside, and why.
pub fn workspace_problem_text(problem: &WorkspaceProblem, lang: Lang) -> String {
    match problem {
        WorkspaceProblem::UnreadableKey { key, why } => {
            let clock = if *key == "clock" {
                pick!(lang, "(時鐘改以最後一個事件的時刻為準)", " (the clock is the latest event's tick instead)")
            } else {
                ""
            };
            pick!(lang, 
                format!("{key} 無法解讀,照原樣保留但不採用{clock}:{}", unreadable_text(why, lang)),
                format!("`{key}` can't be read; it is kept as written and not used{clock}: {}", unreadable_text(why, lang)),
            )
        }
        WorkspaceProblem::UnknownKey { key, near } => {
            let near = near.map(|near| pick!(lang, format!("(是要寫 {near} 嗎?)"), format!(" (did you mean `{near}`?)")));
            let near = near.unwrap_or_default();
            pick!(lang, 
                format!("{key} 不是工作區的欄位,已略過,也不會寫回{near}"),
                format!("`{key}` is not a workspace key: it is ignored and not written back{near}"),
            )
        }
        WorkspaceProblem::RetentionEntry { why } => pick!(lang, 
            format!("保留期限裡有一項被擱置,其他照常:{}", unreadable_text(why, lang)),
            format!("one retention entry is set aside, the others apply: {}", unreadable_text(why, lang)),
        ),
        WorkspaceProblem::ProfileFact { user, why } => pick!(lang, 
            format!("{user} 的個人資料有一項被擱置,其他照常:{}", unreadable_text(why, lang)),
            format!("one of {user}'s profile facts is set aside, the others count: {}", unreadable_text(why, lang)),
        ),
        WorkspaceProblem::PromptEntry { key, why } => pick!(lang, 
            format!("提示詞設定 {key} 被擱置(照原樣保留),其他設定照常:{}", unreadable_text(why, lang)),
            format!("the prompt setting `{key}` is set aside (kept as written), the other settings hold: {}", unreadable_text(why, lang)),
        ),
        WorkspaceProblem::CardKey { card, why } => pick!(lang, 
            format!("{card} 的提示詞欄位被擱置(照原樣保留){}:{}", risk_note(why, lang), unreadable_text(why, lang)),
            format!("{card}'s prompt key is set aside (kept as written){}: {}", risk_note(why, lang), unreadable_text(why, lang)),
        ),
        WorkspaceProblem::StatusDisagrees { card, written, replayed } => pick!(lang, 
            format!(
                "{card} 寫的狀態是「{}」,但事件紀錄重播到現在是「{}」;兩者不一致,所以它不生效,直到兩者一致",
                status_name(*written, lang),
                status_name(*replayed, lang)
            ),
            format!(
                "{card} is written as {}, but its log replays to {}; the two disagree, so it is not in effect until they agree",
                status_name(*written, lang),
                status_name(*replayed, lang)
            ),
        ),
        WorkspaceProblem::CycleOfVersions { cards } => pick!(lang, 
            format!(
                "版本循環:{},這幾張卡片互相取代,沒有哪一版是最新的;在其中一張不再用 supersedes 指向循環裡的卡片之前,它們都不生效",
                cycle_chain(cards)
            ),
            format!(
                "a cycle of versions: {}; these cards replace one another, so none is the newest, and none is in effect until one of them stops naming a card of the cycle in `supersedes`",
                cycle_chain(cards)
            ),
        ),
    }
}

/// A card a sweep expired.
pub fn expiry_text(expiry: &Expiry, lang: Lang) -> String {
    let Expiry { card, kind, ttl, at } = expiry;
    pick!(lang, 
        format!("{card} 到期:{}記憶只保留 {ttl} 個時刻,時刻 {at} 到期({})", kind_name(*kind, lang), kind.ttl_reason()),
        format!("{card} expired: {kind} memory is kept {ttl} ticks, and its time ran out at tick {at} ({})", kind.ttl_reason()),
    )
}

/// How a simulated cache is keyed, in words.
pub fn cache_text(config: Option<&CacheConfig>, lang: Lang) -> String {
    let Some(config) = config else {
        return pick!(lang, "沒有快取:每次查詢都重新回答".to_string(), "no cache: every read is answered fresh".to_string());
    };
    let fields: Vec<&str> = config.key.iter().map(|f| f.as_str()).collect();
    let fields = if fields.is_empty() { pick!(lang, "(無)", "(nothing)").to_string() } else { fields.join(pick!(lang, "、", ", ")) };
    match (config.purges(), lang) {
        (true, Lang::ZhTw) => format!("快取鍵:{fields};卡片撤回、刪除、還原、到期或被取代時清除含它的答案"),
        (false, Lang::ZhTw) => format!("快取鍵:{fields};不清除(只有刪除會清)"),
        (true, Lang::En) => format!("cache keyed by {fields}; answers holding a card are purged when it is revoked, deleted, rolled back, expired or superseded"),
        (false, Lang::En) => format!("cache keyed by {fields}; no purge (only a deletion purges)"),
    }
}

/// One logged read, replayed through the cache.
pub fn cached_read_text(read: &CachedRead<'_>, lang: Lang) -> String {
    let (t, who, q) = (read.tick, &read.viewer, &read.query);
    let hits = if read.hits.is_empty() { pick!(lang, "(沒有卡片)", "(no cards)").to_string() } else { read.hits.join(pick!(lang, "、", ", ")) };
    let mut out = match &read.cached {
        None => pick!(lang, format!("時刻 {t}:{who} 查詢「{q}」,重新取得 {hits}"), format!("tick {t}: {who} asked “{q}” and got a fresh answer: {hits}")),
        Some((at, whom)) => pick!(lang, 
            format!("時刻 {t}:{who} 查詢「{q}」,拿到快取裡時刻 {at} 替 {whom} 存的答案:{hits}"),
            format!("tick {t}: {who} asked “{q}” and was served the answer cached at tick {at} for {whom}: {hits}"),
        ),
    };
    if !read.stale.is_empty() {
        let stale = read.stale.join(pick!(lang, "、", ", "));
        out.push_str(&pick!(lang, format!(";其中 {stale} 此刻不該給這位讀者(過時的快取)"), format!("; {stale} must not reach this reader now (stale)")));
    }
    for leak in &read.leaks {
        out.push_str(&pick!(lang, 
            format!(";把 {} 的暗號 {} 交了出去", leak.owner, leak.token),
            format!("; it handed over {}'s canary {}", leak.owner, leak.token),
        ));
    }
    out
}

/// Cached answers dropped when a card stopped being in effect.
pub fn purge_text(purge: &Purge<'_>, lang: Lang) -> String {
    let Purge { tick, card, dropped, readers_changed, .. } = purge;
    let answers = if *dropped == 1 { "answer holding it was" } else { "answers holding it were" };
    if *readers_changed {
        return pick!(lang, 
            format!("時刻 {tick}:誰讀得到 {card} 改變了,清除了 {dropped} 筆含它的快取答案"),
            format!("tick {tick}: who may read {card} changed, and {dropped} cached {answers} dropped"),
        );
    }
    pick!(lang, 
        format!("時刻 {tick}:{card} 不再生效,清除了 {dropped} 筆含它的快取答案"),
        format!("tick {tick}: {card} stopped being in effect, and {dropped} cached {answers} dropped"),
    )
}

/// Why a viewer must not be handed a card (the forbidden scorecard).
pub fn forbidden_text(card: &Card, reason: &ForbiddenReason, viewer: Viewer<'_>, lang: Lang) -> String {
    let (id, who) = (&card.id, viewer.key());
    match reason {
        ForbiddenReason::OthersProtected { owner } => pick!(lang, 
            format!("{id} 是 {owner} 受保護的個人內容,{who} 不該看到"),
            format!("{id} is {owner}'s protected (personal) content, which {who} must not see"),
        ),
        ForbiddenReason::OthersCanary { token, owner } => pick!(lang, 
            format!("{id} 把 {owner} 的暗號 {token} 交給了 {who}"),
            format!("{id} hands {owner}'s canary {token} to {who}"),
        ),
    }
}

/// Why a name can't be a user's or an agent's ([`mixua_policy::policy::check_name`]).
/// The name itself is left to the caller, who knows where it was typed.
/// The English words are the error's own (a workspace file's load error
/// carries them, in one language), so they are written once, beside it.
pub fn name_error_text(error: &NameError, lang: Lang) -> String {
    pick!(
        lang,
        match error {
            NameError::Empty => "名稱是空的".to_string(),
            NameError::Slash => "名稱含有 /,而 / 在檢視者代號裡用來分隔使用者與 Agent".to_string(),
            NameError::SurroundingSpace => "名稱前後有空白:看起來和另一個名稱一樣,卻會是另一個人".to_string(),
            NameError::ControlCharacter { code } => format!("名稱含有控制字元 U+{code:04X},看不見也打不回來"),
            NameError::InvisibleCharacter { code } => {
                format!("名稱含有看不見或會改變文字方向的字元 U+{code:04X}:它會印得和另一個名稱一模一樣,或把後面的文字倒過來")
            }
        },
        error.to_string()
    )
}

/// A count in English, with the noun in the singular for one ("1 hint",
/// "2 hints"); Chinese needs no plural, so its words don't call this.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The whole decision for one card and one viewer: the gates, then the
/// query, which is searched only among what the viewer may read.
pub fn decision_text(card: &Card, access: &Access, viewer: Viewer<'_>, query: &str, lang: Lang) -> String {
    let why = access_text(card, access, viewer, lang);
    if !access.allowed() {
        return pick!(lang, format!("{why}。"), format!("{why}."));
    }
    if mixua_policy::policy::matches_query(card, query) {
        pick!(lang, 
            format!("{why};它也符合查詢「{query}」,所以出現在 {} 的結果中。", viewer.key()),
            format!("{why}; it also matches the query “{query}”, so {} retrieves it.", viewer.key()),
        )
    } else {
        pick!(lang, 
            format!("{why};但它的情境和內容都不含查詢「{query}」,所以搜尋不會回傳它。"),
            format!("{why}; but neither its situation nor its lesson contains the query “{query}”, so the search does not return it."),
        )
    }
}

/// One edit, in words.
pub fn edit_text(edit: &Edit, lang: Lang) -> String {
    match edit {
        Edit::Scope(s) => pick!(lang, format!("範圍改成 {s}"), format!("scope set to {s}")),
        Edit::Stream(s) => pick!(lang, format!("內容流改成 {s}"), format!("stream set to {s}")),
        Edit::ShareApproved(true) => pick!(lang, "核准分享".into(), "sharing approved".into()),
        Edit::ShareApproved(false) => pick!(lang, "撤回分享核准".into(), "sharing approval revoked".into()),
        Edit::OwnerUser(u) => pick!(lang, format!("擁有者改成 {u}"), format!("owner user changed to {u}")),
        Edit::OwnerAgent(a) => pick!(lang, format!("擁有 Agent 改成 {a}"), format!("owner agent changed to {a}")),
    }
}

fn join(items: &[String], lang: Lang) -> String {
    items.join(pick!(lang, "、", ", "))
}

/// The smallest edits that would flip the decision, in words.
pub fn flips_text(card: &Card, viewer: Viewer<'_>, flips: &Flips, lang: Lang) -> String {
    let id = &card.id;
    let who = viewer.key();
    if let Some(why) = &flips.not_in_effect {
        let label = not_in_effect_label(why, lang);
        return pick!(lang, 
            format!("{id} 目前不生效({label}),改範圍、內容流、核准或擁有者都不會讓 {who} 讀到它。"),
            format!("{id} is not in effect ({label}), so no edit of its scope, stream, approval or owner lets {who} read it."),
        );
    }
    let sharing: Vec<String> = flips.sharing().filter(|o| o.crossing.is_none()).map(|o| edit_text(&o.edit, lang)).collect();
    // An edit that would make personal content reusable is what would have
    // to be different, never a fix: said as such, after the rest.
    let crossing: Vec<String> = flips
        .sharing()
        .filter_map(|o| o.crossing.as_ref().map(|c| format!("{} ({})", edit_text(&o.edit, lang), crossing_words(c, lang))))
        .collect();
    let reassigning: Vec<String> =
        flips.flips.iter().filter(|o| o.edit.reassigns()).map(|o| edit_text(&o.edit, lang)).collect();
    let mut out = if !sharing.is_empty() {
        if flips.allowed_now {
            pick!(lang, 
                format!("只要一個改動,{who} 就讀不到 {id}:{}。", join(&sharing, lang)),
                format!("One edit would hide {id} from {who}: {}.", join(&sharing, lang)),
            )
        } else {
            pick!(lang, 
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
        pick!(lang, 
            format!(
                "{who} 要讀到 {id},只能{},但那樣它會被拒絕({reason}):沒有任何單一改動能安全地分享它。",
                join(&tried, lang)
            ),
            format!(
                "{who} would read {id} only with {}, but then it would be rejected ({reason}): there is no one-field edit that shares it safely.",
                join(&tried, lang)
            ),
        )
    } else if reassigning.is_empty() && crossing.is_empty() {
        pick!(lang, 
            "沒有任何單一欄位的改動能改變這個結果。".to_string(),
            "No one-field edit changes this decision.".to_string(),
        )
    } else {
        String::new()
    };
    if !crossing.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&pick!(lang, 
            format!("要不同的話得是:{}。那會越過界線,只是假設,不是修正。", join(&crossing, lang)),
            format!("What would have to be different: {}. That crosses the boundary, so it is a counterfactual, not a fix.", join(&crossing, lang)),
        ));
    }
    if !reassigning.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&pick!(lang, 
            format!("換擁有者也會改變結果({}),但那是把卡片交給別人,不是分享。", join(&reassigning, lang)),
            format!("Changing an owner would also do it ({}), but that hands the card to someone else; it is not sharing.", join(&reassigning, lang)),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mixua_policy::card::Scope;
    use crate::seed::seed_workspace;

    #[test]
    fn an_unknown_workspace_key_is_named_with_the_key_it_is_near() {
        let ws = mixua_policy::Workspace::from_json(r#"{"Users": ["a"], "cards": [], "notes": "x"}"#).unwrap();
        let problems = mixua_policy::audit::audit(&ws).problems;
        let words = workspace_problem_text(&problems[0], Lang::En);
        assert_eq!(words, "`Users` is not a workspace key: it is ignored and not written back (did you mean `users`?)");
        assert!(workspace_problem_text(&problems[1], Lang::ZhTw).contains("notes 不是工作區的欄位"));
    }

    const LANGS: [Lang; 2] = [Lang::ZhTw, Lang::En];

    /// Every value of the reading gate, so a new variant cannot go unworded.
    fn every_access() -> Vec<Access> {
        let mut all = vec![
            Access::Rejected { rejection: Rejection::MissingOwnerUser },
            Access::Global,
            Access::Group { group: "team".into(), member: true },
            Access::Group { group: "team".into(), member: false },
            Access::NotInEffect { why: NotInEffect::Revoked { stamp: None } },
        ];
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
                | Access::Global
                | Access::Group { .. }
                | Access::NotInEffect { .. } => {}
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
        let all = [
            NameError::Empty,
            NameError::Slash,
            NameError::SurroundingSpace,
            NameError::ControlCharacter { code: 9 },
            NameError::InvisibleCharacter { code: 0x200B },
        ];
        for error in all {
            let (zh, en) = (name_error_text(&error, Lang::ZhTw), name_error_text(&error, Lang::En));
            assert!(!zh.is_empty() && !en.is_empty() && zh != en, "{error:?}");
        }
        assert!(name_error_text(&NameError::ControlCharacter { code: 9 }, Lang::En).contains("U+0009"));
        assert!(name_error_text(&NameError::ControlCharacter { code: 9 }, Lang::ZhTw).contains("U+0009"));
        assert!(name_error_text(&NameError::InvisibleCharacter { code: 0x202E }, Lang::En).contains("U+202E"));
        assert!(name_error_text(&NameError::InvisibleCharacter { code: 0x202E }, Lang::ZhTw).contains("U+202E"));
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
    fn both(zh: String, en: String, what: &str) {
        assert!(!zh.is_empty() && !en.is_empty(), "{what}: empty");
        assert_ne!(zh, en, "{what}: the same in both languages");
        assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{what}: no Chinese in {zh}");
    }

    fn stamp() -> Option<Stamp> {
        Some(Stamp { by: "dana".into(), at: 3, reason: Some("why".into()) })
    }

    /// Every value of the in-effect gate; the match fails to compile when a
    /// variant is added and not listed here.
    fn every_not_in_effect() -> Vec<NotInEffect> {
        let all = vec![
            NotInEffect::Deleted { stamp: stamp() },
            NotInEffect::NotWrittenYet { proposed_at: 4 },
            NotInEffect::Candidate { stamp: None },
            NotInEffect::Rejected { stamp: stamp() },
            NotInEffect::Revoked { stamp: stamp() },
            NotInEffect::RolledBack { stamp: stamp(), restores: Some("G2".into()) },
            NotInEffect::RolledBack { stamp: None, restores: None },
            NotInEffect::NotYetValid { valid_from: 9 },
            NotInEffect::NoLongerValid { valid_to: 2 },
            NotInEffect::Superseded { by: "G2".into() },
            NotInEffect::Expired { kind: Kind::Working, ttl: 3, at: 5 },
            NotInEffect::CycleOfVersions { cycle: vec!["A".into(), "G".into()] },
            NotInEffect::LogDisagrees { written: Status::Accepted, logged: Status::Revoked, stamp: stamp() },
        ];
        for why in &all {
            match why {
                NotInEffect::Deleted { .. }
                | NotInEffect::NotWrittenYet { .. }
                | NotInEffect::CycleOfVersions { .. }
                | NotInEffect::LogDisagrees { .. }
                | NotInEffect::Candidate { .. }
                | NotInEffect::Rejected { .. }
                | NotInEffect::Revoked { .. }
                | NotInEffect::RolledBack { .. }
                | NotInEffect::NotYetValid { .. }
                | NotInEffect::NoLongerValid { .. }
                | NotInEffect::Superseded { .. }
                | NotInEffect::Expired { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_not_in_effect_is_worded_in_both_languages_and_differently() {
        let all = every_not_in_effect();
        for why in &all {
            both(not_in_effect_text(why, Lang::ZhTw), not_in_effect_text(why, Lang::En), why.code());
            both(not_in_effect_label(why, Lang::ZhTw), not_in_effect_label(why, Lang::En), why.code());
        }
        let en: std::collections::HashSet<String> = all.iter().map(|w| not_in_effect_text(w, Lang::En)).collect();
        assert_eq!(en.len(), all.len(), "two reasons read the same");
        let expired = not_in_effect_text(&all[10], Lang::En);
        assert!(expired.contains("ttl:working") && expired.contains("tick 5"), "{expired}");
        let zh = not_in_effect_text(&all[4], Lang::ZhTw);
        assert!(zh.contains("dana") && zh.contains("why") && zh.contains('3'), "{zh}");
    }

    #[test]
    fn every_ttl_reason_is_ttl_and_its_kind() {
        for kind in Kind::ALL {
            assert_eq!(kind.ttl_reason(), format!("ttl:{kind}"));
            assert_eq!(NotInEffect::Expired { kind, ttl: 1, at: 1 }.code(), format!("ttl:{kind}"));
            both(kind_name(kind, Lang::ZhTw).into(), kind_name(kind, Lang::En).into(), kind.as_str());
        }
        for status in Status::ALL {
            both(status_name(status, Lang::ZhTw).into(), status_name(status, Lang::En).into(), status.as_str());
        }
    }

    fn every_refusal() -> Vec<Refusal> {
        let rejection = Rejection::ProtectedShared { scope: Scope::Global };
        let all = vec![
            Refusal::NotInChart { viewer: "erin/w".into() },
            Refusal::NoActor,
            Refusal::HiddenActor { error: NameError::InvisibleCharacter { code: 0x202E } },
            Refusal::NoReason { action: Action::Delete },
            Refusal::ReasonQuotesCard,
            Refusal::EmptyId,
            Refusal::DuplicateId { id: "A".into() },
            Refusal::UnknownCard { id: "Q".into() },
            Refusal::AmbiguousCard { id: "A".into() },
            Refusal::NotWritersOwn { writer: "bob/w".into(), owner_user: "alice".into(), owner_agent: "w".into() },
            Refusal::Unreadable { rejection: rejection.clone() },
            Refusal::WrongStatus { action: Action::Publish, status: Status::Revoked },
            Refusal::NotAReviewer { actor: "erin".into() },
            Refusal::ReviewerIsWriter { actor: "alice".into(), writer: "alice/w".into() },
            Refusal::NotTheOwner { actor: "dana".into(), owner: "alice".into() },
            Refusal::CheckFails { rejection },
            Refusal::UnknownBase { base: "G".into() },
            Refusal::OtherOwnersBase { base: "G".into() },
            Refusal::StaleBase { base: "G".into(), current: Some("G2".into()) },
            Refusal::StaleBase { base: "G".into(), current: None },
            Refusal::NothingToRollBack { id: "A".into() },
            Refusal::CannotRestore { base: "G".into(), status: Status::Revoked },
            Refusal::NotAllowed { actor: "erin".into(), action: Action::Revoke },
            Refusal::UnreadableLog,
            Refusal::TimeBackwards { to: 1, clock: 4 },
            Refusal::ReviewersOnly { actor: "alice".into(), action: Action::Members },
            Refusal::UnknownGroup { group: "ops".into() },
            Refusal::NotAUser { name: "nobody".into() },
            Refusal::UnreadableSetting { key: "retention" },
            Refusal::Unchanged { action: Action::Ttl },
        ];
        for refusal in &all {
            match refusal {
                Refusal::NotInChart { .. }
                | Refusal::NoActor
                | Refusal::HiddenActor { .. }
                | Refusal::NoReason { .. }
                | Refusal::ReasonQuotesCard
                | Refusal::EmptyId
                | Refusal::DuplicateId { .. }
                | Refusal::UnknownCard { .. }
                | Refusal::AmbiguousCard { .. }
                | Refusal::NotWritersOwn { .. }
                | Refusal::Unreadable { .. }
                | Refusal::WrongStatus { .. }
                | Refusal::NotAReviewer { .. }
                | Refusal::ReviewerIsWriter { .. }
                | Refusal::NotTheOwner { .. }
                | Refusal::CheckFails { .. }
                | Refusal::UnknownBase { .. }
                | Refusal::OtherOwnersBase { .. }
                | Refusal::StaleBase { .. }
                | Refusal::NothingToRollBack { .. }
                | Refusal::CannotRestore { .. }
                | Refusal::NotAllowed { .. }
                | Refusal::UnreadableLog
                | Refusal::TimeBackwards { .. }
                | Refusal::ReviewersOnly { .. }
                | Refusal::UnknownGroup { .. }
                | Refusal::NotAUser { .. }
                | Refusal::UnreadableSetting { .. }
                | Refusal::Unchanged { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_refusal_is_worded_in_both_languages_and_differently() {
        let all = every_refusal();
        for refusal in &all {
            both(refusal_text(refusal, Lang::ZhTw), refusal_text(refusal, Lang::En), refusal.code());
        }
        let en: std::collections::HashSet<String> = all.iter().map(|r| refusal_text(r, Lang::En)).collect();
        assert_eq!(en.len(), all.len(), "two refusals read the same");
    }

    fn every_unreadable() -> Vec<Unreadable> {
        let all = vec![
            Unreadable::WrongType { key: "clock".into(), expected: Expect::Tick, found: JsonKind::Number },
            Unreadable::Missing { key: "tick".into() },
            Unreadable::UnknownKey { key: "colour".into() },
            Unreadable::UnknownWord { key: "action".into(), word: "forget".into() },
            Unreadable::BadName { key: "reviewers".into(), name: "a/b".into(), error: NameError::Slash },
            Unreadable::OutOfRange { key: "tokens".into(), max: 100_000, written: "18446744073709551615".into() },
            Unreadable::Duplicated { key: "prompt.budgets.shared".into() },
            Unreadable::Repeated { key: "gold".into(), item: "S".into() },
        ];
        for why in &all {
            match why {
                Unreadable::WrongType { .. }
                | Unreadable::Missing { .. }
                | Unreadable::UnknownKey { .. }
                | Unreadable::UnknownWord { .. }
                | Unreadable::BadName { .. }
                | Unreadable::OutOfRange { .. }
                | Unreadable::Duplicated { .. }
                | Unreadable::Repeated { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_log_problem_is_worded_in_both_languages_and_differently() {
        let mut problems: Vec<EventProblem> =
            every_unreadable().into_iter().map(|why| EventProblem::Unreadable { why }).collect();
        problems.extend([
            EventProblem::NoActor,
            EventProblem::HiddenActor { error: NameError::InvisibleCharacter { code: 0x200B } },
            EventProblem::NoReason,
            EventProblem::NoCard,
            EventProblem::UnknownCard { card: "Q".into() },
            EventProblem::AmbiguousCard { card: "A".into() },
            EventProblem::TimeBackwards { tick: 1, previous: 3 },
            EventProblem::AfterClock { tick: 9, clock: 6 },
            EventProblem::WrongStatus { action: Action::Publish, status: Status::Accepted },
            EventProblem::AlreadyProposed { card: "A".into() },
            EventProblem::NotAViewer { actor: "alice".into() },
            EventProblem::NoVersion,
            EventProblem::NoSetting,
        ]);
        for problem in &problems {
            match problem {
                EventProblem::Unreadable { .. }
                | EventProblem::NoActor
                | EventProblem::HiddenActor { .. }
                | EventProblem::NoReason
                | EventProblem::NoCard
                | EventProblem::UnknownCard { .. }
                | EventProblem::AmbiguousCard { .. }
                | EventProblem::TimeBackwards { .. }
                | EventProblem::AfterClock { .. }
                | EventProblem::WrongStatus { .. }
                | EventProblem::AlreadyProposed { .. }
                | EventProblem::NotAViewer { .. }
                | EventProblem::NoVersion
                | EventProblem::NoSetting => {}
            }
            both(event_problem_text(problem, Lang::ZhTw), event_problem_text(problem, Lang::En), problem.code());
        }
        let en: std::collections::HashSet<String> = problems.iter().map(|p| event_problem_text(p, Lang::En)).collect();
        assert_eq!(en.len(), problems.len());

        let workspace_problems = [
            WorkspaceProblem::UnreadableKey { key: "clock", why: every_unreadable().remove(0) },
            WorkspaceProblem::UnreadableKey { key: "groups", why: every_unreadable().remove(4) },
            WorkspaceProblem::RetentionEntry { why: every_unreadable().remove(3) },
            WorkspaceProblem::StatusDisagrees { card: "A".into(), written: Status::Accepted, replayed: Status::Revoked },
            WorkspaceProblem::ProfileFact { user: "alice".into(), why: every_unreadable().remove(0) },
            WorkspaceProblem::CycleOfVersions { cards: vec!["A".into(), "G".into()] },
            WorkspaceProblem::UnknownKey { key: "Cards".into(), near: Some("cards") },
            WorkspaceProblem::UnknownKey { key: "notes".into(), near: None },
            WorkspaceProblem::PromptEntry { key: "prompt.budgets.episodic".into(), why: every_unreadable().remove(0) },
            WorkspaceProblem::CardKey { card: "S".into(), why: Unreadable::UnknownWord { key: "risk".into(), word: "HIGH".into() } },
        ];
        for problem in &workspace_problems {
            match problem {
                WorkspaceProblem::UnknownKey { .. }
                | WorkspaceProblem::UnreadableKey { .. }
                | WorkspaceProblem::RetentionEntry { .. }
                | WorkspaceProblem::ProfileFact { .. }
                | WorkspaceProblem::StatusDisagrees { .. }
                | WorkspaceProblem::CycleOfVersions { .. }
                | WorkspaceProblem::PromptEntry { .. }
                | WorkspaceProblem::CardKey { .. } => {}
            }
            both(workspace_problem_text(problem, Lang::ZhTw), workspace_problem_text(problem, Lang::En), "workspace problem");
        }
    }

    #[test]
    fn every_event_is_worded_in_both_languages_and_differently() {
        let mut lines = std::collections::HashSet::new();
        for action in Action::ALL {
            let mut event = Event::on_card(2, action, "G2", "dana", Some("because"));
            event.query = Some("報告".into());
            event.version = Some(2);
            let (zh, en) = (event_text(&event, Lang::ZhTw), event_text(&event, Lang::En));
            both(zh.clone(), en.clone(), action.as_str());
            assert!(zh.contains("dana") && en.contains("dana") && en.contains("tick 2"), "{en}");
            lines.insert(en);
        }
        assert_eq!(lines.len(), Action::ALL.len());
    }

    #[test]
    fn every_new_rejection_is_worded_in_both_languages() {
        let all = [
            Rejection::BadLifeField { field: LifeField::Kind, value: Value::from("weekly") },
            Rejection::BadLifeField { field: LifeField::ValidTo, value: Value::from(1) },
            Rejection::BadLifeField { field: LifeField::Hold, value: Value::from("yes") },
            Rejection::UnknownGroup { group: String::new() },
            Rejection::UnknownGroup { group: "team".into() },
            Rejection::OwnerOutsideGroup { group: "team".into() },
            Rejection::DuplicatedField { field: "scope".into() },
            Rejection::HiddenCharacter { field: mixua_policy::card::Field::OwnerUser, error: NameError::InvisibleCharacter { code: 0x200B } },
        ];
        for rejection in &all {
            both(rejection_text(rejection, Lang::ZhTw), rejection_text(rejection, Lang::En), rejection.code());
            both(rejection_label(rejection, Lang::ZhTw), rejection_label(rejection, Lang::En), rejection.code());
        }
        assert!(rejection_text(&all[0], Lang::En).contains("episodic"), "the known kinds are listed");
        assert!(rejection_text(&all[6], Lang::En).starts_with("duplicated field `scope`"), "{}", rejection_text(&all[6], Lang::En));
        assert!(rejection_text(&all[1], Lang::En).contains("not after"), "{}", rejection_text(&all[1], Lang::En));
        let fraction = Rejection::BadLifeField { field: LifeField::ValidTo, value: serde_json::json!(2.5) };
        assert!(rejection_text(&fraction, Lang::En).contains("a whole number"), "{}", rejection_text(&fraction, Lang::En));
        for field in LifeField::ALL {
            both(life_expect(field, Lang::ZhTw), life_expect(field, Lang::En), field.as_str());
        }
    }

    #[test]
    fn cache_reads_and_purges_are_worded_in_both_languages() {
        use mixua_policy::cache::KeyField;
        let read = CachedRead {
            index: 3,
            tick: 1,
            viewer: "bob/checker-v1",
            query: "報告",
            cached: Some((0, "alice/writer-v1")),
            hits: vec!["P", "U"],
            stale: vec!["P", "U"],
            leaks: vec![mixua_policy::eval::Leak {
                viewer: "bob/checker-v1".into(),
                card: "U".into(),
                token: "FAKE-ALICE-731".into(),
                owner: "alice".into(),
            }],
        };
        let (zh, en) = (cached_read_text(&read, Lang::ZhTw), cached_read_text(&read, Lang::En));
        both(zh.clone(), en.clone(), "cached read");
        assert!(en.contains("stale") && en.contains("FAKE-ALICE-731") && en.contains("alice/writer-v1"), "{en}");
        assert!(zh.contains("FAKE-ALICE-731"), "{zh}");
        let purge = Purge { index: 4, tick: 2, card: "A", dropped: 1, readers_changed: false };
        both(purge_text(&purge, Lang::ZhTw), purge_text(&purge, Lang::En), "purge");
        for config in [None, Some(CacheConfig { key: vec![KeyField::Query], purge: None }), Some(CacheConfig::safe(true))] {
            both(cache_text(config.as_ref(), Lang::ZhTw), cache_text(config.as_ref(), Lang::En), "cache");
        }
        let expiry = Expiry { card: "W".into(), kind: Kind::Working, ttl: 3, at: 5 };
        both(expiry_text(&expiry, Lang::ZhTw), expiry_text(&expiry, Lang::En), "expiry");
        assert!(expiry_text(&expiry, Lang::En).contains("ttl:working"));
    }

    #[test]
    fn flips_of_a_card_not_in_effect_say_so() {
        let card = &seed_workspace().cards[0];
        let flips = Flips { not_in_effect: Some(NotInEffect::Revoked { stamp: None }), ..Flips::default() };
        let viewer = Viewer::new("alice", "writer-v1");
        both(flips_text(card, viewer, &flips, Lang::ZhTw), flips_text(card, viewer, &flips, Lang::En), "flips");
        assert!(flips_text(card, viewer, &flips, Lang::En).contains("not in effect (revoked)"));
    }
}

/// "a" or "an" before a word as it is read aloud: "an AGENT card", "a
/// GLOBAL card", "a USER card" (said "you-ser").
fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'a' | 'e' | 'i' | 'o') => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod article_tests {
    #[test]
    fn agent_takes_an() {
        assert_eq!(super::article("AGENT"), "an");
        assert_eq!(super::article("GLOBAL"), "a");
        assert_eq!(super::article("USER"), "a");
    }
}

/// Why an edit would cross the boundary, in a phrase.
pub fn crossing_words(crossing: &Crossing, lang: Lang) -> String {
    match crossing {
        Crossing::OwnerChanged { card, from, to, .. } => pick!(lang, 
            format!("它會把 {card} 從 {from} 交給 {to}:那是換手,不是分享"),
            format!("it would hand {card} from {from} to {to}: that is a change of hands, not sharing"),
        ),
        Crossing::ProtectedMadeReusable { card } => pick!(lang, 
            format!("它會把 {card} 的個人內容(protected)變成可重用(reusable)"),
            format!("it would turn {card}'s personal (protected) content reusable"),
        ),
        Crossing::CanaryReaches { viewer, card, owner } => pick!(lang, 
            format!("{owner} 的暗號會經由 {card} 到達 {viewer}"),
            format!("{owner}'s canary would reach {viewer} through {card}"),
        ),
        Crossing::Reidentifies { viewer, card, user } => pick!(lang, 
            format!("{card} 會讓 {viewer} 認出 {user}"),
            format!("{card} would single out {user} to {viewer}"),
        ),
    }
}

/// The classroom's thin timeline folds its ticks' events and the cards
/// not in effect behind one button: its name, with how many cards are
/// not in effect at the tick shown.
pub fn time_details_label(not_in_effect: usize, lang: Lang) -> String {
    match not_in_effect {
        0 => pick!(lang, "時刻與事件".to_string(), "Ticks and events".to_string()),
        n => pick!(lang, format!("時刻與事件 · {n} 張不生效"), format!("Ticks and events · {n} not in effect")),
    }
}
