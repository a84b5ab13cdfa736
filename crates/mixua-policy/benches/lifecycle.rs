//! How long memory over time takes: a workspace of 1,000 cards whose log
//! holds 10,000 events (proposals, reviews, versions, rollbacks,
//! retirements, expiries, reads), 10 users × 10 agents. Figures only;
//! nothing here asserts on time. The goal is each well under a frame
//! (≤ 5 ms natively).
//!
//! cargo bench -p mixua-policy --bench lifecycle

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_policy::{
    as_of, audit, delete, log_read, propose, publish, reject, replay_cache, revoke, rollback, set_members, set_ttl, sweep, CacheConfig, Kind,
    Card, Evaluation, Groups, Kept, Policy, Retention, Timeline, Viewer, Workspace,
};

// Only its random numbers and its query are used here.
#[allow(dead_code)]
#[path = "../examples/gen_workspace/generator.rs"]
mod generator;

use generator::Lcg;

const USERS: [&str; 10] = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const AGENTS: [&str; 10] = [
    "writer-v1", "checker-v1", "planner-v1", "coder-v2", "reviewer-v1",
    "translator-v1", "summarizer-v3", "tester-v1", "search-v2", "editor-v1",
];
const SCOPES: [&str; 5] = ["PAIR", "USER", "AGENT", "GLOBAL", "GROUP"];
const KINDS: [Option<&str>; 4] = [None, Some("working"), Some("episodic"), Some("semantic")];

/// A deterministic history of exactly `events` events over exactly `cards`
/// cards, every change made through the write path.
fn history(cards: usize, events: usize, seed: u64) -> Workspace {
    let mut rng = Lcg::new(seed);
    let mut ws = Workspace {
        users: USERS.iter().map(|s| s.to_string()).collect(),
        agents: AGENTS.iter().map(|s| s.to_string()).collect(),
        query: generator::QUERY.to_string(),
        ..Workspace::default()
    };
    for user in USERS {
        ws.canaries.add(user, &format!("FAKE-{}-1", user.to_uppercase()));
    }
    ws.reviewers = Some(Kept::Good(vec!["dana".into()]));
    ws.groups = Some(Kept::Good(Groups(vec![
        ("north".into(), USERS[..5].iter().map(|s| s.to_string()).collect()),
        ("south".into(), USERS[5..].iter().map(|s| s.to_string()).collect()),
    ])));
    ws.retention = Some(Kept::Good(Retention(vec![("episodic".into(), 400.into()), ("working".into(), 60.into())])));
    ws.cache = Some(Kept::Good(CacheConfig::safe(true)));
    let log_len = |ws: &Workspace| ws.log().len();
    let mut made = 0;
    while made < cards || log_len(&ws) < events {
        let room = events.saturating_sub(log_len(&ws));
        let roll = rng.below(100);
        if made < cards && room >= 2 && (roll < 30 || room <= 2 * (cards - made)) {
            // A new card (one in ten a new version of an accepted one),
            // published, or one in ten rejected.
            let u = rng.below(10);
            let a = rng.below(10);
            let scope = SCOPES[rng.below(5)];
            let mut card = Card {
                id: format!("c{made:04}"),
                scope: scope.into(),
                owner_user: USERS[u].into(),
                owner_agent: AGENTS[a].into(),
                stream: if matches!(scope, "PAIR" | "USER") && rng.chance(60) { "protected" } else { "reusable" }.into(),
                situation: if rng.chance(30) { "報告" } else { "週報" }.into(),
                lesson: format!("第 {made} 張:輸出前先核對總數。"),
                source: "synthetic".into(),
                ..Card::default()
            };
            let life = card.life_mut();
            life.kind = KINDS[rng.below(4)].map(str::to_string);
            if scope == "GROUP" {
                life.group = Some(if u < 5 { "north" } else { "south" }.into());
            }
            if rng.chance(10) {
                let own: Vec<String> = ws
                    .cards
                    .iter()
                    .filter(|c| c.owner_user == USERS[u] && c.owner_agent == AGENTS[a] && c.status() == mixua_policy::Status::Accepted)
                    .map(|c| c.id.clone())
                    .collect();
                if let Some(base) = own.last() {
                    card.life_mut().supersedes = Some(base.clone());
                    card.scope = ws.cards.iter().find(|c| &c.id == base).unwrap().scope.clone();
                    card.life_mut().group = ws.cards.iter().find(|c| &c.id == base).unwrap().life().and_then(|l| l.group.clone());
                }
            }
            let id = card.id.clone();
            let crosses = !matches!(card.scope.as_str(), "PAIR" | "USER");
            propose(&mut ws, Viewer::new(USERS[u], AGENTS[a]), card).expect("a fresh id by its own writer");
            made += 1;
            let reviewer = if crosses { "dana" } else { USERS[u] };
            if rng.chance(10) {
                reject(&mut ws, &id, reviewer, "not checked").expect("a candidate");
            } else if publish(&mut ws, &id, reviewer).is_err() {
                reject(&mut ws, &id, reviewer, "fails the checks").expect("a candidate");
            }
        } else if room == 0 {
            break;
        } else if roll < 34 && made > 0 {
            // Retire one: revoke, delete or roll back.
            let i = rng.below(ws.cards.len());
            let (id, owner) = (ws.cards[i].id.clone(), ws.cards[i].owner_user.clone());
            let _ = match rng.below(3) {
                0 => revoke(&mut ws, &id, &owner, "outdated"),
                1 => delete(&mut ws, &id, &owner, "asked to forget"),
                _ => rollback(&mut ws, &id, "dana", "poisoned"),
            };
        } else if roll < 36 {
            let to = ws.clock() + 1 + rng.below(3) as u64;
            let _ = sweep(&mut ws, to, "retention");
        } else {
            let viewer = Viewer::new(USERS[rng.below(10)], AGENTS[rng.below(10)]);
            let query = if rng.chance(80) { generator::QUERY } else { "總數" };
            log_read(&mut ws, viewer, query).expect("a viewer of the chart");
        }
    }
    // A sweep may log several expiries at once; keep exactly `events`.
    if let Some(Kept::Good(log)) = &mut ws.events {
        log.truncate(events);
    }
    ws
}

fn bench_lifecycle(c: &mut Criterion) {
    let ws = history(1_000, 10_000, 7);
    let clock = ws.clock();
    assert_eq!((ws.cards.len(), ws.log().len()), (1_000, 10_000));
    let problems = audit(&ws).entries.iter().filter(|e| e.problem.is_some()).count();
    println!("workspace: {} cards, {} events, clock {clock}, {problems} events set aside", ws.cards.len(), ws.log().len());

    let mut group = c.benchmark_group("1k_cards_10k_events");
    group.sample_size(30);

    // `as_of` a tick: the workspace as it was (replayed from the log), and
    // every view of it. The tick moves on each time, over the whole clock.
    let mut tick = 0;
    group.bench_function("as_of_any_tick_with_views", |b| {
        b.iter(|| {
            tick = (tick + 37) % (clock + 1);
            let past = as_of(black_box(&ws), tick).unwrap();
            Evaluation::new(&past, &past.query, Policy::FourScope).views().len()
        })
    });
    group.bench_function("views_at_any_tick", |b| {
        b.iter(|| {
            tick = (tick + 37) % (clock + 1);
            Evaluation::at(black_box(&ws), &ws.query, Policy::FourScope, tick).views().len()
        })
    });

    // A full replay: check every event of the log and replay it to the clock.
    group.bench_function("full_replay", |b| b.iter(|| Timeline::new(black_box(&ws)).effects_at(clock).len()));

    // Now: the in-effect gate from the cards as written, and every view.
    group.bench_function("views_now", |b| {
        b.iter(|| Evaluation::new(black_box(&ws), &ws.query, Policy::FourScope).views().len())
    });

    // Every logged read replayed through the cache.
    group.bench_function("cache_replay", |b| b.iter(|| replay_cache(black_box(&ws)).reads.len()));

    // The same with 20 changes of who may read what at the end of the log
    // (members and TTLs by the reviewer): a past tick undoes them, and the
    // cache replay rebuilds the settings before each one.
    let mut set = ws.clone();
    for k in 0..20 {
        let members: Vec<String> = USERS[..5].iter().take(1 + k % 5).map(|s| s.to_string()).collect();
        if k % 2 == 0 {
            set_members(&mut set, "north", &members, "dana", "reorganised").unwrap();
        } else {
            set_ttl(&mut set, Kind::Working, Some(60 + k as u64), "dana", "longer notes").unwrap();
        }
    }
    group.bench_function("views_at_any_tick_20_settings", |b| {
        b.iter(|| {
            tick = (tick + 37) % (clock + 1);
            Evaluation::at(black_box(&set), &set.query, Policy::FourScope, tick).views().len()
        })
    });
    group.bench_function("cache_replay_20_settings", |b| b.iter(|| replay_cache(black_box(&set)).reads.len()));
    group.finish();
}

criterion_group!(benches, bench_lifecycle);
criterion_main!(benches);
