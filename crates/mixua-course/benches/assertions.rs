//! What 20 assertions add to one edit (issue 53; budget: 2 ms over the
//! same edit with none, at 1×). The edit is lesson 3's workspace with a
//! card's approval flipped; the app then evaluates the work once (its
//! memos: views, leaks, scorecards, probe) and, with assertions, runs them
//! on those facts. The 20 mix every kind an author writes: reads and
//! doesn't read for a cell or a pattern, rejected and accepted, in the
//! prompt and not, no leak anywhere, and three at earlier ticks.
//!
//! cargo bench -p mixua-course --bench assertions
//!
//! Figures only; it prints the difference at the end.

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_course::assertion::{read, run_with};
use mixua_course::lesson_three::lesson_three_workspace;
use mixua_course::{Assertion, Evaluated, Facts, Learner};
use mixua_policy::Workspace;
use mixua_words::Lang;
use serde_json::json;

fn twenty() -> Vec<Assertion> {
    let written = json!([
        {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "S"}}},
        {"check": {"retrieves": {"cells": "*/writer-v1", "card": "A"}}},
        {"check": {"not_retrieves": {"cells": "bob/*", "card": "E"}}},
        {"check": {"not_retrieves": {"cells": "carol/*", "card": "W"}}},
        {"check": {"retrieves": {"cells": "*/*", "card": "G2"}}},
        {"check": {"not_retrieves": {"cells": "*/*", "card": "G"}}},
        {"check": {"retrieves": {"cells": "alice/*", "card": "F"}}},
        {"check": {"not_retrieves": {"cells": "bob/writer-v1", "card": "M"}}},
        {"check": {"rejected": {"card": "X", "reason": "protected_shared"}}},
        {"check": {"rejected": {"card": "Y"}}},
        {"check": {"accepted": {"card": "R"}}},
        {"check": {"in_prompt": {"cells": "bob/checker-v1", "card": "W"}}},
        {"check": {"not_in_prompt": {"cells": "*/checker-v1", "card": "F"}}},
        {"check": {"in_prompt": {"cells": "alice/writer-v1", "card": "R"}}},
        {"check": {"not_in_prompt": {"cells": "carol/*", "card": "E"}}},
        "no_leak_anywhere",
        {"check": "no_leak_anywhere", "note": "twice: each is its own check"},
        {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "G"}}, "at": 1},
        {"check": {"not_retrieves": {"cells": "*/*", "card": "G2"}}, "at": 1},
        {"check": {"retrieves": {"cells": "alice/writer-v1", "card": "A"}}, "at": 2},
    ]);
    let read = read(&written);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    read.items.into_iter().map(|(_, a)| a).collect()
}

fn edited() -> Workspace {
    let mut ws = lesson_three_workspace(Lang::En);
    let a = ws.cards.iter_mut().find(|c| c.id == "A").unwrap();
    let approved = a.share_approved;
    Rc::make_mut(a).set_share_approved(!approved);
    ws
}

/// The edit as the app pays for it: the work evaluated once.
fn edit(ws: &Workspace) -> Evaluated {
    Evaluated::of(ws)
}

/// The edit, then the assertions on its facts.
fn edit_with(ws: &Workspace, assertions: &[Assertion]) -> usize {
    let evaluated = Evaluated::of(ws);
    let (predictions, answers, seen, refused) = Default::default();
    let learner = Learner { predictions: &predictions, revealed: false, answers: &answers, seen: &seen, refused: &refused, records: &[], tick: None };
    let facts = Facts::new(ws, evaluated.views(), learner);
    run_with(ws, &facts, assertions, None).iter().filter(|v| v.pass).count()
}

fn bench_assertions(c: &mut Criterion) {
    let ws = edited();
    let assertions = twenty();
    let mut group = c.benchmark_group("lesson3_edit");
    group.bench_function("no_assertions", |b| b.iter(|| edit(black_box(&ws))));
    group.bench_function("twenty_assertions", |b| b.iter(|| edit_with(black_box(&ws), black_box(&assertions))));
    group.finish();
    // The difference, as the budget states it: the median of many runs each.
    let median = |f: &dyn Fn()| {
        let mut times: Vec<Duration> = (0..200)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect();
        times.sort();
        times[times.len() / 2]
    };
    let none = median(&|| {
        black_box(edit(black_box(&ws)));
    });
    let with = median(&|| {
        black_box(edit_with(black_box(&ws), black_box(&assertions)));
    });
    println!(
        "an edit of lesson 3's work: {:.3} ms with no assertion, {:.3} ms with 20: 20 assertions add {:.3} ms (budget 2 ms)",
        none.as_secs_f64() * 1e3,
        with.as_secs_f64() * 1e3,
        with.saturating_sub(none).as_secs_f64() * 1e3
    );
}

criterion_group!(benches, bench_assertions);
criterion_main!(benches);
