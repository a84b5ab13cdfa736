//! Lesson 2's retention: each kind's time to live, and the selected card's
//! tier and hold; "Advance the clock" runs the crate's sweep, and each
//! expiry appears in the log with its `ttl:<kind>` reason. A time to live
//! (a reviewer's) and a hold (the card's owner's or a reviewer's) change
//! who can read what, so each is an act of the write path, with who and
//! why; a tier changes no reader and stays a plain edit.

use mixua_words::explain::kind_name;
use mixua_policy::{Actor, Card, Kind, Refusal, Tier, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::components::inspector::acting::{refusal_beside, unset, untick, who_and_why};
use crate::components::{event_checked, event_value};
use crate::store::acts::Act;
use crate::store::shared::Shared;
use crate::store::state::{Action, Edit};

#[derive(Properties, PartialEq)]
pub struct RetentionProps {
    /// The write path its acts go through (the acting part's).
    pub write: crate::store::acts::WritePath,
    pub workspace: Shared<Workspace>,
    /// The selected card (by index), whose tier and hold are edited.
    pub selected: Option<usize>,
    /// Who acts (the choice "Act as" shows).
    /// Who acts (`None`: the workspace has no one to act as).
    /// Everyone who may act (the choices).
    pub actors: std::rc::Rc<Vec<Actor>>,
    pub actor: Option<Actor>,
    /// The refusal of the last time to live set here, if it was refused.
    pub ttl_refusal: Option<Refusal>,
    /// The refusal of the last hold tried here, if it was refused.
    pub hold_refusal: Option<Refusal>,
    pub lang: Lang,
    pub onaction: Callback<Action>,
}

fn tier_name(tier: Tier, lang: Lang) -> &'static str {
    match tier {
        Tier::Hot => pick!(lang, "熱(hot)", "hot"),
        Tier::Warm => pick!(lang, "溫(warm)", "warm"),
        Tier::Cold => pick!(lang, "冷(cold)", "cold"),
    }
}

#[function_component(RetentionPanel)]
pub fn retention_panel(props: &RetentionProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let reason = use_state(String::new);
    let write = props.write;
    let emit = move |act: Act| -> Action { Edit::Act(act, write).into() };
    let ttl_input = |kind: Kind| {
        let onaction = props.onaction.clone();
        let now = ws.ttl(kind).map(|t| t.to_string()).unwrap_or_default();
        let (actor, reason, shown) = (props.actor.clone(), (*reason).clone(), now.clone());
        let onchange = Callback::from(move |e: Event| {
            let text = event_value(&e);
            let ttl = text.trim().parse::<u64>().ok();
            // The field shows the setting: an allowed change re-renders it.
            unset(&e, &shown);
            // Empty means kept for ever; anything else that is not a whole
            // number changes nothing.
            if let Some(actor) = actor.clone().filter(|_| ttl.is_some() || text.trim().is_empty()) {
                onaction.emit(emit(Act::Ttl { kind, ttl, actor, reason: reason.clone() }));
            }
        });
        let id = format!("ttl-{}", kind.as_str());
        html! {
            <div class="ttl">
                <label for={id.clone()}>{ kind_name(kind, lang) }</label>
                <input type="number" min="0" step="1" id={id.clone()} name={id} value={now}
                    placeholder="∞" {onchange} />
            </div>
        }
    };
    let card: Option<&Card> = props.selected.and_then(|i| ws.cards.get(i)).map(|c| &**c).filter(|c| !c.is_tombstone());
    let card_controls = card.map(|card| {
        let life = card.life();
        let tier = life.and_then(|l| l.tier());
        let held = life.is_some_and(|l| l.held());
        let id = card.id.clone();
        let on_tier = {
            let (onaction, id) = (props.onaction.clone(), id.clone());
            Callback::from(move |e: Event| {
                let tier = Tier::parse(&event_value(&e));
                onaction.emit(emit(Act::Tier { card: id.clone(), tier }));
            })
        };
        let on_hold = {
            let (onaction, id) = (props.onaction.clone(), id.clone());
            let (actor, reason) = (props.actor.clone(), (*reason).clone());
            Callback::from(move |e: Event| {
                let hold = event_checked(&e);
                untick(&e);
                if let Some(actor) = actor.clone() {
                    onaction.emit(emit(Act::Hold { card: id.clone(), hold, actor, reason: reason.clone() }))
                }
            })
        };
        let kind = life.and_then(|l| l.kind()).map(|k| kind_name(k, lang)).unwrap_or(pick!(lang, "(沒有類別)", "(no kind)"));
        html! {
            <div class="card-retention" data-retention-card={id.clone()}>
                <p>{ pick!(lang, format!("卡片 {id}:{kind}記憶"), format!("Card {id}: {kind} memory")) }</p>
                <label>
                    <span>{ pick!(lang, "存放層", "Tier") }</span>
                    <select name="tier" onchange={on_tier}>
                        <option value="" selected={tier.is_none()}>{ pick!(lang, "(沒有)", "(none)") }</option>
                        { for Tier::ALL.into_iter().map(|t| html! { <option value={t.as_str()} selected={tier == Some(t)}>{ tier_name(t, lang) }</option> }) }
                    </select>
                </label>
                <label class="hold">
                    <input type="checkbox" name="hold" checked={held} onchange={on_hold} />
                    { pick!(lang, "保留(永不被清掉:安全規則、法律保留;擁有者或審查者)", "Hold (never swept: a safety rule, a legal hold; its owner or a reviewer)") }
                </label>
                { refusal_beside(props.hold_refusal.as_ref(), lang) }
            </div>
        }
    });
    let advance = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(emit(Act::Advance)))
    };
    html! {
        <section class="panel retention" aria-labelledby="retention-title" data-panel="retention">
            <h2 id="retention-title">{ pick!(lang, "保留期限與存放層", "Retention and tiers") }</h2>
            { who_and_why(&props.actors, props.actor.as_ref(), &reason, "retention", lang, &props.onaction) }
            <fieldset class="ttls">
                <legend>{ pick!(lang, "每種記憶保留幾個時刻(空白:永久;審查者)", "Ticks each kind of memory is kept (empty: for ever; a reviewer)") }</legend>
                { for Kind::ALL.into_iter().map(ttl_input) }
            </fieldset>
            { refusal_beside(props.ttl_refusal.as_ref(), lang) }
            { for card_controls }
            <button type="button" data-action="advance" onclick={advance}>
                { pick!(lang, format!("時鐘往前一格(現在是時刻 {})", ws.clock()), format!("Advance the clock (now tick {})", ws.clock())) }
            </button>
        </section>
    }
}
