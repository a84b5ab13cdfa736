//! "What do you keep about me?": the viewing right. Acting as a user picked
//! from the chart (never typed), it lists what the policy crate's `about`
//! returns, with export (JSON of just those entries) and delete: the
//! editor's delete, or, in a work with memory over time (lesson 2), the
//! write path's delete with a reason, as the user (the crate decides who
//! may: the owner or a reviewer).

use mixua_policy::about::{About, Owned};
use mixua_words::explain::{not_in_effect_label, rejection_label, status_name};
use mixua_words::probe_words::{canary_card_text, finding_label, finding_text, readers_text};
use mixua_policy::Workspace;
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::event_value;
use crate::store::shared::Shared;
use crate::store::acts::Act;
use crate::store::state::{Action, Edit, UiAction};

#[derive(Properties, PartialEq, Clone)]
pub struct AboutMeProps {
    pub workspace: Shared<Workspace>,
    /// The user acted as: one of the chart's users.
    pub user: String,
    pub lang: Lang,
    pub onaction: Callback<Action>,
    /// The write path a Delete goes through in a work with memory over
    /// time (the acting part's, given by the part that draws this).
    #[prop_or_default]
    pub write: Option<crate::store::acts::WritePath>,
}

/// Why nobody can read an owned card, in words (rejected, or not in effect).
fn why_nobody(owned: &Owned<'_>, lang: Lang) -> Option<String> {
    match (&owned.not_in_effect, &owned.rejection) {
        (Some(why), _) => Some(not_in_effect_label(why, lang)),
        (None, Some(rejection)) => Some(rejection_label(rejection, lang)),
        (None, None) => None,
    }
}

#[function_component(AboutMe)]
pub fn about_me(props: &AboutMeProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let user = props.user.as_str();
    // Derived on render only while the panel is open; the component renders
    // again only when the work, the user or the language changes.
    let about: About<'_> = mixua_policy::about(ws, user);
    // Memory over time: deleting is an act of the write path, with a reason.
    let over_time = ws.uses_time();
    let reason = use_state(String::new);
    let on_reason = {
        let reason = reason.clone();
        Callback::from(move |e: InputEvent| reason.set(event_value(&e)))
    };

    let close = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(UiAction::AboutMe(None).into()))
    };
    let pick = {
        let onaction = props.onaction.clone();
        Callback::from(move |e: Event| onaction.emit(UiAction::AboutMe(Some(event_value(&e))).into()))
    };
    let export = {
        let json = serde_json::to_string_pretty(&about).expect("the list serializes");
        let name = format!("about-{user}.json");
        Callback::from(move |_: MouseEvent| crate::components::download::download(&name, &json))
    };
    let delete = |id: &str| {
        let (onaction, write) = (props.onaction.clone(), props.write);
        let label = pick!(lang, format!("刪除卡片 {id}"), format!("Delete card {id}"));
        let (card, actor, why) = (id.to_string(), user.to_string(), reason.trim().to_string());
        let no_reason = over_time && why.is_empty();
        let onclick = Callback::from(move |_: MouseEvent| {
            let edit = match write.filter(|_| over_time) {
                Some(write) => Edit::Act(Act::Delete { card: card.clone(), actor: mixua_policy::Actor::User(actor.clone()), reason: why.clone() }, write),
                None => Edit::DeleteCard(card.clone()),
            };
            onaction.emit(edit.into())
        });
        html! {
            <button type="button" class="danger" data-action="about-delete" data-card={id.to_string()} aria-label={label}
                disabled={no_reason} aria-describedby={over_time.then_some("about-reason-note")} {onclick}>
                { pick!(lang, "刪除", "Delete") }
            </button>
        }
    };

    // A list, not a wide table: the panel sits in the narrow column beside
    // the chart.
    let owned_items = about.owned.iter().map(|o| {
        let canary = about.canaries.iter().find(|c| c.index == o.index);
        let linked = about.linked.iter().find(|l| l.finding.index == o.index);
        html! {
            <li data-about-owned={o.id.to_string()}
                data-carries-canary={canary.map(|c| c.token.to_string())}
                data-identifies={linked.filter(|l| l.finding.singles_out()).map(|_| user.to_string())}>
                <span class="badge">{ o.id }</span>{" "}
                // A status only where cards have a life over time; without
                // one every card reads "accepted", even one the gates reject.
                { format!("{} · {} · ", o.scope, o.stream) }
                if over_time { { format!("{} · ", status_name(o.status, lang)) } }
                { readers_text(&o.readers, why_nobody(o, lang), lang) }
                if let Some(c) = canary {
                    {" "}<span class="mark canary"><span aria-hidden="true">{"⚑ "}</span>
                        { pick!(lang, format!("帶著暗號 {}", c.token), format!("carries the canary {}", c.token)) }</span>
                }
                if let Some(l) = linked {
                    {" "}<span class={classes!("mark", if l.finding.singles_out() { "reid" } else { "weak" })}>
                        <span aria-hidden="true">{ if l.finding.singles_out() { "◎ " } else { "◌ " } }</span>
                        { finding_label(&l.finding, lang) }</span>
                }
                {" "}{ delete(o.id) }
            </li>
        }
    });

    let none = || html! { <p class="none">{ pick!(lang, "(沒有)", "(none)") }</p> };
    let list_or_none = |items: Vec<Html>| if items.is_empty() { none() } else { html! { <ul class="about-list">{ for items }</ul> } };

    let canaries = about
        .canaries
        .iter()
        .map(|c| html! {
            <li data-about-canary={c.id.to_string()}>
                <span aria-hidden="true">{"⚑ "}</span>{ canary_card_text(c, lang) }{" "}{ delete(c.id) }
            </li>
        })
        .collect();
    let linked = about
        .linked
        .iter()
        .map(|l| html! {
            <li data-about-linked={l.finding.card.clone()} data-kind={if l.finding.singles_out() { "reidentification" } else { "narrowed" }}>
                <span aria-hidden="true">{ if l.finding.singles_out() { "◎ " } else { "◌ " } }</span>
                { finding_text(&l.finding, lang) }{" · "}{ readers_text(&l.readers, None, lang) }{" "}{ delete(&l.finding.card) }
            </li>
        })
        .collect();
    let kept = |entries: &[mixua_policy::about::Entry<'_>], what: &'static str| -> Vec<Html> {
        entries
            .iter()
            // A tombstone is already deleted: only its id is left to show.
            .map(|e| html! {
                <li data-about-kept={what} data-card={e.id.to_string()}>
                    { e.id }{" "}
                    if what != "tombstone" { { delete(e.id) } }
                </li>
            })
            .collect()
    };

    html! {
        <section class="panel about-me" aria-labelledby="about-title" data-panel="about-me" data-about-user={user.to_string()}>
            <div class="panel-head">
                <h2 id="about-title">{ pick!(lang, "記了我什麼?", "What do you keep about me?") }</h2>
                <button type="button" class="link" onclick={close}>{ pick!(lang, "關閉", "Close") }</button>
            </div>
            <div class="about-who">
                <label for="about-user">{ pick!(lang, "以這位使用者的身分查看:", "Acting as: ") }</label>
                <select id="about-user" name="about_user" onchange={pick}>
                    { for ws.users.iter().map(|u| html! { <option value={u.clone()} selected={u == user}>{ u }</option> }) }
                </select>
            </div>
            <p class="lede">{ pick!(lang, 
                format!("這份工作區記下的一切與 {user} 有關的東西:她/他的卡片、帶著她/他暗號的卡片,以及重新識別探測認為指向她/他的卡片。可以匯出,也可以刪除。"),
                format!("Everything this workspace keeps about {user}: their cards, the cards carrying their canary, and the cards the re-identification probe links to them. Export it, or delete."),
            ) }</p>
            <h3>{ pick!(lang, format!("{user} 擁有的卡片({} 張)", about.owned.len()), format!("Cards {user} owns ({})", about.owned.len())) }</h3>
            if about.owned.is_empty() {
                { none() }
            } else {
                <ul class="about-list">{ for owned_items }</ul>
            }
            <h3>{ pick!(lang, format!("帶著 {user} 暗號的卡片"), format!("Cards carrying {user}'s canary")) }</h3>
            { list_or_none(canaries) }
            <h3>{ pick!(lang, format!("探測認為指向 {user} 的卡片"), format!("Cards the probe links to {user}")) }</h3>
            { list_or_none(linked) }
            if let Some(candidates) = &about.candidates {
                <h3>{ pick!(lang, format!("{user} 的候選卡(尚未發布)"), format!("{user}'s candidates (not published)")) }</h3>
                { list_or_none(kept(candidates, "candidate")) }
            }
            if let Some(tombstones) = &about.tombstones {
                <h3>{ pick!(lang, format!("{user} 的墓碑(只剩代號)"), format!("{user}'s tombstones (id only)")) }</h3>
                { list_or_none(kept(tombstones, "tombstone")) }
            }
            <div class="about-actions">
                <button type="button" data-action="about-export" onclick={export}>
                    { pick!(lang, "匯出這份清單(JSON)", "Export this list (JSON)") }
                </button>
                if over_time {
                    <label for="about-reason">{ pick!(lang, format!("以 {user} 的身分刪除的原因(必填,別引用卡片內容)"), format!("Why {user} deletes it (required; don't quote the card)")) }</label>
                    <textarea id="about-reason" name="about_reason" rows="2" value={(*reason).clone()} oninput={on_reason} />
                    <p class="note" id="about-reason-note">{ pick!(lang, 
                        "這份工作有時間軸:刪除走寫入路徑,要寫原因;只有擁有者或審核者能刪,日誌記下誰在何時為何刪除(不記內容),卡片只剩代號。",
                        "This work has a timeline: delete goes through the write path and needs a reason; only the owner or a reviewer may delete, the log keeps who deleted it, when and why (never the text), and only the card's id is left.",
                    ) }</p>
                } else {
                    <p class="note">{ pick!(lang, 
                        "刪除就是編輯器裡的刪除,可以復原。這只是教具:真正的系統還需要同意、紀錄與刪除的原因。",
                        "Delete is the editor's delete, and can be undone. A teaching tool: a real system also needs consent, a log and a reason for each deletion.",
                    ) }</p>
                }
            </div>
        </section>
    }
}
