use std::rc::Rc;

use mixua_policy::{Field, Workspace};
use mixua_words::Lang;
use yew::prelude::*;

use crate::store::shared::Shared;

/// Cards listed on the printed page; a longer workspace says how many more.
const PRINTED_CARDS: usize = 40;

/// The columns of the printed card list: a field and its heading.
const COLUMNS: [(Field, &str, &str); 8] = [
    (Field::Id, "id", "id"),
    (Field::Scope, "範圍", "Scope"),
    (Field::OwnerUser, "擁有者", "Owner user"),
    (Field::OwnerAgent, "擁有 Agent", "Owner agent"),
    (Field::Stream, "內容流", "Stream"),
    (Field::ShareApproved, "核准分享", "Sharing approved"),
    (Field::Situation, "情境", "Situation"),
    (Field::Lesson, "經驗", "Lesson"),
];

#[derive(Properties, PartialEq)]
pub struct WorksheetProps {
    pub workspace: Shared<Workspace>,
    /// The current exercise's title and task (none when the lesson is hidden).
    pub exercise: Option<Rc<(String, String)>>,
    pub lang: Lang,
}

/// The printed worksheet (print stylesheet only, `static/room.css`): the
/// exercise, the cards listed, and a blank seating chart to fill in by hand.
/// On screen it is not shown at all.
#[function_component(Worksheet)]
pub fn worksheet(props: &WorksheetProps) -> Html {
    let lang = props.lang;
    let ws = &*props.workspace;
    let more = ws.cards.len().saturating_sub(PRINTED_CARDS);
    html! {
        <section class="worksheet" data-worksheet="">
            <h2>{ pick!(lang, "MixUA 記憶座位表 · 練習單", "MixUA Playground · worksheet") }</h2>
            <p class="ws-name">{ pick!(lang, "姓名:", "Name: ") }<span class="ws-line"></span></p>
            if let Some(exercise) = &props.exercise {
                <h3>{ &exercise.0 }</h3>
                <p>{ &exercise.1 }</p>
            }
            <p>{ pick!(lang, "查詢:", "Query: ") }<strong>{ &ws.query }</strong></p>
            <table class="ws-cards">
                <caption>{ pick!(lang, format!("卡片({} 張)", ws.cards.len()), format!("Cards ({})", ws.cards.len())) }</caption>
                <thead><tr>{ for COLUMNS.iter().map(|c| html! { <th scope="col">{ pick!(lang, c.1, c.2) }</th> }) }</tr></thead>
                <tbody>
                    { for ws.cards.iter().take(PRINTED_CARDS).map(|card| html! {
                        <tr>{ for COLUMNS.iter().map(|c| html! { <td>{ cell(card.text(c.0), c.0, lang) }</td> }) }</tr>
                    }) }
                </tbody>
            </table>
            if more > 0 {
                <p>{ pick!(lang, format!("還有 {more} 張卡片沒有列出。"), format!("{more} more cards are not listed.")) }</p>
            }
            <table class="ws-chart">
                <caption>{ pick!(lang, 
                    "座位表:在每一格寫下那位使用者和那個 Agent 取回的卡片",
                    "Seating chart: write in each cell the cards that user with that agent retrieves",
                ) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ pick!(lang, "使用者 ╲ Agent", "user ╲ agent") }</th>
                        { for ws.agents.iter().map(|a| html! { <th scope="col">{ a }</th> }) }
                    </tr>
                </thead>
                <tbody>
                    { for ws.users.iter().map(|u| html! {
                        <tr><th scope="row">{ u }</th>{ for ws.agents.iter().map(|_| html! { <td></td> }) }</tr>
                    }) }
                </tbody>
            </table>
        </section>
    }
}

/// A card's field on paper: "sharing approved" as yes or no in words (a
/// value that is neither is printed as written).
fn cell(text: &str, field: Field, lang: Lang) -> String {
    match (field, text) {
        (Field::ShareApproved, "true") => pick!(lang, "是", "yes").to_string(),
        (Field::ShareApproved, "false") => pick!(lang, "否", "no").to_string(),
        _ => text.to_string(),
    }
}
