//! What the work's assertions add to one edit in the app (issue 53; budget:
//! 2 ms over the same edit with none, at 1×), natively: the edit as the
//! root's memos pay for it, the views kept up to date from the work before
//! (`Computed::update_touched`), then, with assertions, judging them on
//! those views (`assertions::judge`) and finding what the step broke
//! (`assertions::broken`, against the judgement kept from the work
//! before). Two works: lesson 1's seed (4 cells, 7 cards) with 20
//! assertions, and lesson 3's (6 cells, 23 cards, a log) with the 20 of
//! the crate's own bench (reads, patterns, rejected, accepted, prompts,
//! no leak anywhere, three at earlier ticks). The edit unticks A's
//! approval. Figures only; it prints the differences at the end.
//!
//! cargo bench --bench assertions

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_playground::derive::assertions::{broken, judge, Judgement};
use mixua_playground::derive::views::Computed;
use mixua_policy::Workspace;
#[cfg(feature = "lesson3")]
use mixua_words::Lang;
use serde_json::{json, Value};

fn lesson_one() -> Value {
    let mut list = Vec::new();
    for cell in ["alice/writer-v1", "alice/checker-v1", "bob/writer-v1", "bob/checker-v1"] {
        list.push(json!({"check": {"retrieves": {"cells": cell, "card": "G"}}}));
        list.push(json!({"check": {"not_retrieves": {"cells": cell, "card": "X"}}}));
    }
    list.extend([
        json!({"check": {"retrieves": {"cells": "*/writer-v1", "card": "A"}}, "note": "writer rules are shared"}),
        json!({"check": {"not_retrieves": {"cells": "bob/*", "card": "P"}}}),
        json!({"check": {"not_retrieves": {"cells": "bob/*", "card": "U"}}}),
        json!({"check": {"retrieves": {"cells": "bob/*", "card": "B"}}}),
        json!({"check": {"not_retrieves": {"cells": "*/checker-v1", "card": "A"}}}),
        json!({"check": {"rejected": {"card": "X", "reason": "protected_shared"}}}),
        json!({"check": {"rejected": {"card": "Y"}}}),
        json!({"check": {"accepted": {"card": "A"}}}),
        json!("no_leak_anywhere"),
        json!("no_leak_anywhere"),
        json!({"check": {"retrieves": {"cells": "alice/writer-v1", "card": "P"}}}),
        json!({"check": {"retrieves": {"cells": "alice/*", "card": "U"}}}),
    ]);
    assert_eq!(list.len(), 20);
    Value::Array(list)
}

#[cfg(feature = "lesson3")]
fn lesson_three() -> Value {
    json!([
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
    ])
}

/// The work with A's approval flipped (the edit).
fn flipped(ws: &Workspace) -> Workspace {
    let mut after = ws.clone();
    let a = after.cards.iter_mut().find(|c| c.id == "A").expect("a card A");
    let approved = a.share_approved;
    Rc::make_mut(a).set_share_approved(!approved);
    after
}

/// One work's edit, without and with its assertions: (none, with) medians.
fn measure(c: &mut Criterion, name: &str, ws: Workspace, assertions: Value) -> (Duration, Duration) {
    let before_plain = ws.clone();
    let after_plain = flipped(&before_plain);
    let mut before = ws;
    before.assertions = Some(assertions);
    let after = flipped(&before);
    let kept_plain = Computed::new(&before_plain);
    let kept = Computed::new(&before);
    let judged_before: Judgement = judge(&before, &kept, None);
    assert_eq!(judged_before.rows.len(), 20, "{:?}", judged_before.problems);
    let edit = || black_box(Computed::update_touched(&before_plain, &kept_plain, black_box(&after_plain), None));
    let edit_with = || {
        let (now, touched) = Computed::update_touched(&before, &kept, black_box(&after), None);
        let judged = judge(&after, &now, None);
        black_box((broken(&judged_before, &judged), touched))
    };
    let mut group = c.benchmark_group(name);
    group.bench_function("edit, no assertions", |b| b.iter(edit));
    group.bench_function("edit, 20 assertions", |b| b.iter(edit_with));
    group.finish();
    let median = |f: &dyn Fn()| {
        let mut times: Vec<Duration> = (0..300)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect();
        times.sort();
        times[times.len() / 2]
    };
    (median(&|| drop(edit())), median(&|| drop(edit_with())))
}

fn bench(c: &mut Criterion) {
    #[allow(unused_mut)]
    let mut said = vec![("lesson 1's seed", measure(c, "assertions/lesson1", mixua_course::seed_workspace_en(), lesson_one()))];
    #[cfg(feature = "lesson3")]
    said.push((
        "lesson 3's work",
        measure(c, "assertions/lesson3", mixua_course::lesson_three::lesson_three_workspace(Lang::En), lesson_three()),
    ));
    for (what, (none, with)) in said {
        println!(
            "an edit of {what}: {:.3} ms with no assertion, {:.3} ms with 20: 20 assertions add {:.3} ms (budget 2 ms)",
            none.as_secs_f64() * 1e3,
            with.as_secs_f64() * 1e3,
            with.saturating_sub(none).as_secs_f64() * 1e3
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
