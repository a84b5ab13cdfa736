//! What the change summary adds to one edit of the seed workspace: the
//! diff of two evaluations that the app already holds, and its words.
//! Figures only; nothing here asserts on time.
//!
//! cargo bench -p mixua-course --bench change

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_policy::{change_between, Change, Evaluation, Gate, Leak, Policy, Seen, Workspace};
use mixua_words::{change_text, Lang};
use mixua_course::seed_workspace;

/// What the app keeps per edit (its `Computed`): views, leaks and gates.
struct Kept {
    views: Vec<Vec<usize>>,
    leaks: Vec<Vec<Leak>>,
    gates: Vec<Gate>,
}

fn kept(ws: &Workspace) -> Kept {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let views = eval.views();
    let leaks = eval.viewers().zip(&views).map(|(v, view)| eval.leaks_in(v, view)).collect();
    let gates = (0..ws.cards.len()).map(|i| eval.gate(i).clone()).collect();
    Kept { views, leaks, gates }
}

fn seen<'a>(ws: &'a Workspace, kept: &'a Kept) -> Seen<'a> {
    let viewers = ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| mixua_policy::Viewer::new(u, a)));
    Seen::new(&ws.cards, viewers, &kept.views, &kept.leaks, &kept.gates)
}

fn bench_change(c: &mut Criterion) {
    let before = seed_workspace();
    let mut after = before.clone();
    // Exercise 3: approve Y, and all four cells change.
    std::rc::Rc::make_mut(after.cards.iter_mut().find(|c| c.id == "Y").unwrap()).set_share_approved(true);
    let (kb, ka) = (kept(&before), kept(&after));

    let mut group = c.benchmark_group("seed_edit");
    // What the app does per edit, on top of evaluating the edit: the diff
    // of the two kept evaluations and the summary's words.
    group.bench_function("diff_and_words", |b| {
        b.iter(|| {
            let change = Change::between(&seen(black_box(&before), &kb), &seen(black_box(&after), &ka));
            change_text(&change, Lang::En)
        })
    });
    // The whole pipeline: both workspaces evaluated, then diffed.
    group.bench_function("evaluate_both_and_diff", |b| {
        b.iter(|| change_between(black_box(&before), black_box(&after)))
    });
    group.finish();
}

criterion_group!(benches, bench_change);
criterion_main!(benches);
