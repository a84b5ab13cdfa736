//! How long the policy takes on a large workspace: 20,000 cards, 10 users,
//! 10 agents (100 viewers). Figures only; nothing here asserts on time.
//!
//! cargo bench -p mixua-words --bench report

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mixua_policy::Workspace;
use mixua_words::report;

#[path = "../../mixua-policy/examples/gen_workspace/generator.rs"]
mod generator;

fn bench_report(c: &mut Criterion) {
    let workspace = generator::generate(20_000, 10, 10, 1);
    let json = workspace.to_json_pretty();
    let query = workspace.query.clone();

    let mut group = c.benchmark_group("20k_cards_100_viewers");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(json.len() as u64));

    group.bench_function("parse", |b| b.iter(|| Workspace::from_json(black_box(&json)).unwrap()));

    group.bench_function("report", |b| b.iter(|| report(black_box(&workspace), black_box(&query), false)));

    // Printing: serde_json's pretty printer against the report's own writer
    // (the same bytes; the CLI uses the latter).
    let mut printed = report(&workspace, &query, false);
    group.bench_function("print_serde_pretty", |b| b.iter(|| serde_json::to_vec_pretty(black_box(&printed)).unwrap()));
    group.bench_function("print_fast", |b| b.iter(|| mixua_words::report::to_json_pretty(black_box(&mut printed))));

    group.bench_function("parse_report_print", |b| {
        b.iter(|| {
            let workspace = Workspace::from_json(black_box(&json)).unwrap();
            let mut report = report(&workspace, &workspace.query, false);
            mixua_words::report::to_json_pretty(&mut report)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_report);
criterion_main!(benches);
