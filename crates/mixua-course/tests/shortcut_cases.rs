//! Lesson 3's exercises need their idea: each shortcut a learner could take
//! instead (issue 49) is a row of one table, (exercise, the edit, what the
//! learner did), and none of them passes. Each row starts where the
//! exercise starts when the lesson is worked in order: the previous
//! exercise's solution. Each row's base passes once solved the way the
//! exercise means, so a row that fails to pass is failing for its shortcut.
#![cfg(feature = "lesson3")]

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_course::lesson_three::{lesson_three_workspace, solutions};
use mixua_course::{builtin_pack, items, Evaluated, Facts, Learner, Milestone, Pack};
use mixua_policy::card::Card;
use mixua_policy::prompt::{set_card_key, task_for, PromptConfig, Weights};
use mixua_policy::{Kept, ViewerId, Workspace};
use mixua_words::Lang;
use serde_json::Value;

/// What the learner has done, owned.
#[derive(Default, Clone)]
struct Learn {
    answers: BTreeMap<usize, usize>,
    seen: BTreeSet<Milestone>,
}

fn with_facts<T>(w: &Workspace, l: &Learn, f: impl FnOnce(&Facts<'_>) -> T) -> T {
    let evaluated = Evaluated::of(w);
    let predictions = BTreeMap::new();
    let refused = BTreeSet::new();
    let learner = Learner {
        predictions: &predictions,
        revealed: false,
        answers: &l.answers,
        seen: &l.seen,
        refused: &refused,
        records: &[],
        tick: None,
    };
    f(&Facts::new(w, evaluated.views(), learner))
}

fn holds(pack: &Pack, n: usize, w: &Workspace, l: &Learn) -> bool {
    with_facts(w, l, |f| pack.exercises[n].holds(n, f))
}

fn card_mut<'w>(w: &'w mut Workspace, id: &str) -> &'w mut Card {
    let c = w.cards.iter_mut().find(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}"));
    Rc::make_mut(c)
}

fn config(w: &mut Workspace, edit: impl FnOnce(&mut PromptConfig)) {
    let mut config = w.prompt_config().cloned().unwrap_or_default();
    edit(&mut config);
    w.prompt = Some(Kept::Good(config));
}

fn weights(w: &mut Workspace, edit: impl FnOnce(&mut Weights)) {
    config(w, |c| {
        let mut weights = c.weights.unwrap_or_default();
        edit(&mut weights);
        c.weights = Some(weights);
    });
}

/// The learner pressed Diagnose on each of the four reports, for the
/// viewer the report names.
fn diagnosed_all() -> BTreeSet<Milestone> {
    [("alice", "writer-v1", "G"), ("bob", "checker-v1", "M"), ("bob", "checker-v1", "C"), ("alice", "checker-v1", "A")]
        .into_iter()
        .map(|(u, a, card)| Milestone::diagnosed(&ViewerId::new(u, a), card))
        .collect()
}

fn right_answer(pack: &Pack) -> Learn {
    let q = pack.exercises[2].question.as_ref().expect("exercise 3 asks");
    Learn { answers: BTreeMap::from([(2, q.answer)]), ..Learn::default() }
}

type Edit = fn(&mut Workspace, Lang);

/// One shortcut: the exercise (0-based), what it is, the edit, and what
/// the learner did besides.
struct Shortcut {
    exercise: usize,
    what: &'static str,
    edit: Edit,
    learner: fn(&Pack) -> Learn,
}

fn nothing(_: &Pack) -> Learn {
    Learn::default()
}

fn shortcuts() -> Vec<Shortcut> {
    vec![
        // Exercise 1: the history stays bob's.
        Shortcut {
            exercise: 0,
            what: "H6–H8 handed to alice, so that S fits",
            edit: |w, _| {
                for id in ["H6", "H7", "H8"] {
                    card_mut(w, id).owner_user = "alice".into();
                }
            },
            learner: nothing,
        },
        Shortcut {
            exercise: 0,
            what: "H6–H8 handed to bob's other agent",
            edit: |w, _| {
                for id in ["H6", "H7", "H8"] {
                    card_mut(w, id).owner_agent = "writer-v1".into();
                }
            },
            learner: nothing,
        },
        Shortcut {
            exercise: 0,
            what: "the shared budget raised to 400",
            edit: |w, _| config(w, |c| c.set_budget("shared", Some(400))),
            learner: nothing,
        },
        // Exercise 2: layering, the history retrieved and not cut.
        Shortcut {
            exercise: 1,
            what: "a shared budget of 50 cuts the history off",
            edit: |w, _| config(w, |c| c.set_budget("shared", Some(50))),
            learner: nothing,
        },
        Shortcut {
            exercise: 1,
            what: "one large card that no task reads raises the baseline",
            edit: |w, _| {
                let mut big = (**w.cards.iter().find(|c| c.id == "W").unwrap()).clone();
                big.id = "BIG".into();
                big.lesson = "Archive of every figure ever checked.".into();
                big.situation = "archive".into();
                set_card_key(&mut big, "tokens", Some(Value::from(5000)));
                // Never loaded: a tool would fetch it, and no task does.
                set_card_key(&mut big, "load", Some(Value::from("tool")));
                w.cards.push(Rc::new(big));
            },
            learner: nothing,
        },
        // Exercise 3: Diagnose run on each report's card.
        Shortcut {
            exercise: 2,
            what: "the right option chosen without pressing Diagnose",
            edit: |_, _| {},
            learner: right_answer,
        },
        Shortcut {
            exercise: 2,
            what: "Diagnose pressed for the wrong viewers",
            edit: |_, _| {},
            learner: |pack| Learn {
                seen: [("bob", "writer-v1", "G"), ("alice", "checker-v1", "M"), ("alice", "checker-v1", "C"), ("bob", "checker-v1", "A")]
                    .into_iter()
                    .map(|(u, a, card)| Milestone::diagnosed(&ViewerId::new(u, a), card))
                    .collect(),
                ..right_answer(pack)
            },
        },
        Shortcut {
            exercise: 2,
            what: "the four reports diagnosed, the question answered in the order the task lists the questions",
            edit: |_, _| {},
            learner: |pack| {
                let q = pack.exercises[2].question.as_ref().unwrap();
                let in_order = q.options.iter().position(|o| o.en.starts_with("(1) written (2) retrievable (3) in the prompt (4) forgotten"));
                Learn { answers: BTreeMap::from([(2, in_order.unwrap_or(q.options.len()))]), seen: diagnosed_all() }
            },
        },
        // Exercise 5: only the ranking's weights.
        Shortcut {
            exercise: 4,
            what: "“totals” deleted from F's text",
            edit: |w, lang| {
                let query = mixua_course::lesson_three::totals_query(lang);
                let f = card_mut(w, "F");
                f.lesson = f.lesson.replace(query, "");
            },
            learner: nothing,
        },
        Shortcut {
            exercise: 4,
            what: "R's reliability set to 100",
            edit: |w, _| set_card_key(card_mut(w, "R"), "reliability", Some(Value::from(100))),
            learner: nothing,
        },
        Shortcut {
            exercise: 4,
            what: "F's reliability set to 10",
            edit: |w, _| set_card_key(card_mut(w, "F"), "reliability", Some(Value::from(10))),
            learner: nothing,
        },
        Shortcut {
            exercise: 4,
            what: "the review weight raised and F's text edited too",
            edit: |w, lang| {
                weights(w, |x| x.review = 2);
                let query = mixua_course::lesson_three::totals_query(lang);
                let f = card_mut(w, "F");
                f.lesson = f.lesson.replace(query, "");
            },
            learner: nothing,
        },
    ]
}

/// Where exercise `n` starts when the lesson is worked in order.
fn base(lang: Lang, n: usize) -> Workspace {
    match n {
        0 => lesson_three_workspace(lang),
        n => solutions(lang)[..n].iter().rev().flatten().next().cloned().unwrap_or_else(|| lesson_three_workspace(lang)),
    }
}

#[test]
fn a_shortcut_does_not_pass() {
    let mut passed = Vec::new();
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        for s in shortcuts() {
            let mut w = base(lang, s.exercise);
            (s.edit)(&mut w, lang);
            if holds(&pack, s.exercise, &w, &(s.learner)(&pack)) {
                passed.push(format!("exercise {} ({lang:?}): {}", s.exercise + 1, s.what));
            }
        }
    }
    assert!(passed.is_empty(), "shortcuts that pass:\n{}", passed.join("\n"));
}

/// The rows' bases are honest: each exercise passes there once solved as
/// it means (its own solution, the four reports diagnosed and answered).
#[test]
fn each_exercise_passes_on_its_solution_from_the_previous_end() {
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        let solved = solutions(lang);
        for n in [0, 1, 3, 4] {
            assert!(holds(&pack, n, solved[n].as_ref().unwrap(), &Learn::default()), "exercise {} ({lang:?})", n + 1);
        }
        let diagnosed = Learn { seen: diagnosed_all(), ..right_answer(&pack) };
        assert!(holds(&pack, 2, &base(lang, 2), &diagnosed), "exercise 3 ({lang:?})");
    }
}

/// Exercise 5 says, in words, why an edit of F's text or of a card's
/// reliability does not count: the item left open names them.
#[test]
fn exercise_five_says_why_editing_the_cards_does_not_count() {
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        // Each of these edits makes R outrank F with no weight changed.
        let mut no_totals = base(lang, 4);
        let f = card_mut(&mut no_totals, "F");
        f.lesson = f.lesson.replace(mixua_course::lesson_three::totals_query(lang), "");
        let mut unreliable = base(lang, 4);
        set_card_key(card_mut(&mut unreliable, "F"), "reliability", Some(Value::from(10)));
        for w in [no_totals, unreliable] {
            let shown = with_facts(&w, &Learn::default(), |f| items(&pack.exercises[4], f, lang));
            assert!(shown[0].done, "{lang:?}: R outranks F there: {shown:?}");
            let open: Vec<String> = shown.into_iter().filter(|i| !i.done).map(|i| i.label).collect();
            let words = open.join(" ");
                let (text, reliability, weight) = match lang {
                Lang::En => ("F's text", "reliability", "review weight"),
                Lang::ZhTw => ("F 的內容", "可信度", "審查的權重"),
            };
            for said in [text, reliability, weight] {
                assert!(words.contains(said), "{lang:?}: {said:?} is not said in {open:?}");
            }
        }
    }
}

/// A check item that already holds shows as done: exercise 1's total
/// budget is 200 at the start, and exercise 1's history is bob's.
#[test]
fn an_item_that_holds_at_the_start_shows_as_done() {
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        let w = lesson_three_workspace(lang);
        let shown = with_facts(&w, &Learn::default(), |f| items(&pack.exercises[0], f, lang));
        let total = shown.iter().find(|i| i.label.contains("200")).expect("the total budget's item");
        assert!(total.done, "{lang:?}: {shown:?}");
        assert!(!shown.iter().all(|i| i.done), "{lang:?}: exercise 1 is not solved at the start");
        // The task's viewer for the prompt is alice/writer-v1 in exercise 5.
        let (query, _) = task_for(&w, ViewerId::new("alice", "writer-v1").viewer(), None);
        assert_eq!(query, mixua_course::lesson_three::totals_query(lang));
    }
}


/// Exercise 5's second item, "R wins through the review weight", is not
/// ticked while R does not win (at the exercise's start, with nothing done
/// yet): a ticked item there would tell the learner it was done already.
/// It is ticked once the review weight makes R win, and not when R wins by
/// an edit of F's reliability.
#[test]
fn exercise_five_wins_by_review_is_open_until_r_wins() {
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        let start = base(lang, 4);
        let shown = with_facts(&start, &Learn::default(), |f| items(&pack.exercises[4], f, lang));
        assert!(shown.iter().all(|i| !i.done), "{lang:?}: at exercise 5's start nothing is done: {shown:?}");
        let solved = solutions(lang)[4].clone().expect("exercise 5's solution");
        let shown = with_facts(&solved, &Learn::default(), |f| items(&pack.exercises[4], f, lang));
        assert!(shown.iter().all(|i| i.done), "{lang:?}: solved: {shown:?}");
        let mut unreliable = base(lang, 4);
        set_card_key(card_mut(&mut unreliable, "F"), "reliability", Some(Value::from(10)));
        let shown = with_facts(&unreliable, &Learn::default(), |f| items(&pack.exercises[4], f, lang));
        assert!(shown[0].done && !shown[1].done, "{lang:?}: R wins by F's reliability: {shown:?}");
    }
}
