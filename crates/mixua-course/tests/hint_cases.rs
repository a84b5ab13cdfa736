//! A hint that names what a cell retrieves names all of it: exercise 3's
//! last hint lists every card carol's cells retrieve once she has a USER
//! card, in both languages (it once left out A, writer-v1's AGENT card).

use mixua_policy::Card;
use mixua_words::Lang;
use mixua_course::{builtin_pack, seed_workspace_en, Evaluated};

#[test]
fn exercise_3s_last_hint_names_every_card_carols_cells_retrieve() {
    let mut ws = seed_workspace_en();
    ws.users.push("carol".into());
    ws.cards.push(std::rc::Rc::new(Card {
        id: "C".into(),
        scope: "USER".into(),
        owner_user: "carol".into(),
        owner_agent: "writer-v1".into(),
        stream: "protected".into(),
        lesson: "carol likes tea".into(),
        situation: ws.query.clone(),
        ..Card::default()
    }));
    let evaluated = Evaluated::of(&ws);
    let mut retrieved: Vec<&str> = Vec::new();
    for (viewer, view) in evaluated.viewers.iter().zip(&evaluated.views) {
        if viewer.user == "carol" {
            for &i in view {
                let id = ws.cards[i].id.as_str();
                if id != "C" && !retrieved.contains(&id) {
                    retrieved.push(id);
                }
            }
        }
    }
    assert!(retrieved.contains(&"A") && retrieved.contains(&"G"), "carol's cells: {retrieved:?}");
    for lang in [Lang::En, Lang::ZhTw] {
        let pack = builtin_pack("lesson1", lang).expect("lesson 1 is built in");
        let hint = pack.exercises[2].hints.last().expect("exercise 3 has hints").get(lang);
        let words: Vec<&str> = hint.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        for id in &retrieved {
            assert!(words.contains(id), "{lang:?}: the hint leaves out {id}: {hint}");
        }
    }
}

/// Every exercise of the built-in packs names, for the app, the control
/// its first instruction is about (the journeys check it is on the first
/// screen) and, where it works in one, a panel the app knows.
#[test]
fn every_built_in_exercise_points_to_a_control_and_names_known_panels() {
    for name in ["lesson1", "lesson2"] {
        let pack = builtin_pack(name, Lang::En).expect("built in");
        for (n, e) in pack.exercises.iter().enumerate() {
            let to = e.points_to.as_deref().unwrap_or("");
            assert!(to.starts_with('['), "{name} exercise {}: points_to {to:?}", n + 1);
            for panel in &e.panels {
                assert!(["act", "cache", "retention", "groups", "people"].contains(&panel.as_str()), "{name} exercise {}: {panel}", n + 1);
            }
        }
    }
}
