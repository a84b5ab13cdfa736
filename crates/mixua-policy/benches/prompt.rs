//! Prompt assembly for 100 viewers (10 users x 10 agents) over 1,000
//! cards: the per-card work once, then every viewer's prompt. Figures
//! only; nothing here asserts on time. Budget (issue 29): 5 ms.
//!
//! cargo bench -p mixua-policy --bench prompt

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_policy::prompt::Assembler;
use mixua_policy::Workspace;

fn workspace() -> Workspace {
    let users: Vec<String> = (0..10).map(|u| format!("u{u}")).collect();
    let agents: Vec<String> = (0..10).map(|a| format!("a{a}")).collect();
    let scopes = ["PAIR", "USER", "AGENT", "GLOBAL"];
    let kinds = ["working", "episodic", "semantic", "procedural", "meta", ""];
    let cards: Vec<serde_json::Value> = (0..1000)
        .map(|i| {
            let mut c = serde_json::json!({
                "id": format!("c{i}"), "scope": scopes[i % 4], "owner_user": users[i % 10], "owner_agent": agents[(i / 10) % 10],
                "stream": "reusable", "share_approved": true, "situation": "report",
                "lesson": if i % 3 == 0 { format!("report note {i}") } else { format!("報告第 {i} 則筆記") },
            });
            if !kinds[i % 6].is_empty() {
                c["kind"] = kinds[i % 6].into();
            }
            if i % 50 == 0 {
                c["risk"] = "high".into();
            }
            c
        })
        .collect();
    let file = serde_json::json!({"users": users, "agents": agents, "query": "report", "cards": cards,
        "prompt": {"budgets": {"episodic": 200, "procedural": 300, "shared": 600}, "top_k": 20}});
    Workspace::from_json(&file.to_string()).unwrap()
}

fn bench_prompt(c: &mut Criterion) {
    let ws = workspace();
    c.bench_function("prompt/100_viewers_x_1000_cards", |b| {
        b.iter(|| {
            let assembler = Assembler::new(black_box(&ws), "report");
            black_box(assembler.prompts())
        })
    });
}

criterion_group!(benches, bench_prompt);
criterion_main!(benches);
