//! "Why didn't the agent use card X?" tells the truth (issue 49): every
//! edit it suggests, applied, stays inside the boundary (no owner changed,
//! nothing personal made reusable, no canary and no re-identification
//! reaching one more viewer), and a card not in effect is answered as
//! retired, with no budget, `top_k` or query advice. Checked against an
//! independent oracle (the owners and streams compared field by field, the
//! leak scan and the third scorecard counted before and after), over random
//! workspaces built like `tests/incremental.rs`'s and on lesson 3's start.
#![cfg(feature = "lesson3")]

use proptest::prelude::*;
use serde_json::{json, Value};

use mixua_course::lesson_three::lesson_three_workspace;
use mixua_policy::diagnose::{apply_fix, diagnose, Diagnosis, Fix, Question};
use mixua_policy::policy::labelled_stream;
use mixua_policy::prompt::{task_for, Assembler};
use mixua_policy::{in_effect, Evaluation, Policy, Probe, Stream, Viewer, Workspace};
use mixua_words::Lang;

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];
const AGENTS: [&str; 3] = ["writer-v1", "checker-v1", "w2"];
const SCOPES: [&str; 5] = ["PAIR", "USER", "AGENT", "GLOBAL", "global"];
const STREAMS: [&str; 3] = ["protected", "reusable", "odd"];
const TEXTS: [&str; 6] = ["Report", "report totals", "FAKE-ALICE-1 report", "FAKE-BOB-2", "Tuesday polar report", "notes"];

/// A random workspace: a few users and agents, cards of any filing (some
/// rejected), canaries and profile facts as in `tests/incremental.rs`, and
/// memory over time: candidates, revoked, deleted, rolled-back cards, a
/// validity window that ended, newer versions, prompt budgets and `top_k`.
fn any_workspace() -> impl Strategy<Value = Workspace> {
    let card = (
        (0..SCOPES.len(), 0..NAMES.len(), 0..AGENTS.len(), 0..STREAMS.len(), any::<bool>()),
        (0..TEXTS.len(), 0..TEXTS.len(), 0..8usize, 0..6usize, proptest::option::of(0..40u64)),
    );
    (1..=3usize, 1..=3usize, prop::collection::vec(card, 0..9), 0..TEXTS.len(), any::<bool>(), 0..80u64, proptest::option::of(0..4u64))
        .prop_map(|(users, agents, cards, query, profiles, shared, top_k)| {
            let cards: Vec<Value> = cards
                .iter()
                .enumerate()
                .map(|(n, ((scope, user, agent, stream, approved), (situation, lesson, status, newer, tokens)))| {
                    let mut c = json!({
                        "id": format!("c{n}"), "scope": SCOPES[*scope], "owner_user": NAMES[*user], "owner_agent": AGENTS[*agent],
                        "stream": STREAMS[*stream], "share_approved": approved, "situation": TEXTS[*situation], "lesson": TEXTS[*lesson],
                    });
                    match status {
                        1 => c["status"] = json!("candidate"),
                        2 => c["status"] = json!("revoked"),
                        3 => c["status"] = json!("deleted"),
                        4 => c["status"] = json!("rolled_back"),
                        5 => {
                            c["valid_from"] = json!(0);
                            c["valid_to"] = json!(1);
                        }
                        _ => {}
                    }
                    // A newer version of an earlier card.
                    if *newer < n && *newer < 3 {
                        c["supersedes"] = json!(format!("c{newer}"));
                    }
                    if let Some(t) = tokens {
                        c["tokens"] = json!(t);
                    }
                    c
                })
                .collect();
            let mut file = json!({
                "users": NAMES[..users], "agents": AGENTS[..agents], "clock": 2,
                "query": TEXTS[query].split(' ').next().unwrap(),
                "canaries": {"alice": ["FAKE-ALICE-1"], "bob": ["FAKE-BOB-2"]},
                "cards": cards, "prompt": {"budgets": {"shared": shared}},
            });
            if let Some(k) = top_k {
                file["prompt"]["top_k"] = json!(k);
            }
            if profiles {
                file["profiles"] = json!({ "alice": { "day": "Tuesday", "role": "polar" }, "bob": { "day": "Thursday" } });
            }
            Workspace::from_json(&file.to_string()).unwrap_or_else(|e| panic!("{e}: {file}"))
        })
}

fn viewers(ws: &Workspace) -> Vec<Viewer<'_>> {
    ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| Viewer::new(u, a))).collect()
}

/// The leaks and the re-identifications of a workspace, counted as the
/// chart's alarm and third scorecard count them (every card each viewer
/// may read).
fn leaks_and_reids(ws: &Workspace) -> (usize, usize) {
    let eval = Evaluation::new(ws, "", Policy::FourScope);
    let views = eval.views();
    let probe = Probe::new(&ws.cards, ws.profiles());
    (eval.leaks().len(), mixua_policy::score::identifying(&eval, &views, &probe))
}

/// Why an applied edit crosses the boundary, by the oracle: `None` when it
/// does not.
fn crossing(before: &Workspace, after: &Workspace) -> Option<String> {
    for (b, a) in before.cards.iter().zip(&after.cards) {
        if (b.owner_user.as_str(), b.owner_agent.as_str()) != (a.owner_user.as_str(), a.owner_agent.as_str()) {
            return Some(format!("{}: owner {}/{} → {}/{}", b.id, b.owner_user, b.owner_agent, a.owner_user, a.owner_agent));
        }
        if labelled_stream(b) == Some(Stream::Protected) && labelled_stream(a) != Some(Stream::Protected) {
            return Some(format!("{}: protected → {}", b.id, a.stream));
        }
    }
    let ((leaks, reids), (leaks_after, reids_after)) = (leaks_and_reids(before), leaks_and_reids(after));
    if leaks_after > leaks {
        return Some(format!("leaks {leaks} → {leaks_after}"));
    }
    if reids_after > reids {
        return Some(format!("re-identifications {reids} → {reids_after}"));
    }
    None
}

/// Every edit a diagnosis suggests (its fix, then the further ones), each
/// applied on top of the one before, with the workspace after it.
fn suggested_edits(ws: &Workspace, d: &Diagnosis) -> Vec<(Fix, Workspace)> {
    let mut out = Vec::new();
    let mut now = ws.clone();
    for fix in std::iter::once(&d.fix).chain(&d.then) {
        let Some(next) = apply_fix(&now, &d.card, fix) else { break };
        out.push((fix.clone(), next.clone()));
        now = next;
    }
    out
}

/// Advice about the prompt's settings or the card's retrieval.
fn prompt_advice(fix: &Fix) -> bool {
    matches!(fix, Fix::RaiseBudget { .. } | Fix::RaiseTopK { .. } | Fix::MatchQuery { .. } | Fix::SetLoad { .. })
}

/// The diagnoses over every viewer × card of a workspace that suggest an
/// edit crossing the boundary, each as "viewer card: fix (why)", and how
/// many diagnoses were asked.
fn crossings(ws: &Workspace) -> (usize, Vec<String>) {
    let mut asked = 0;
    let mut out = Vec::new();
    for v in viewers(ws) {
        let (query, _) = task_for(ws, v, None);
        for c in &ws.cards {
            asked += 1;
            let d = diagnose(ws, v, &c.id, query);
            // A diagnosis counts once, at its first crossing edit.
            if let Some(line) =
                suggested_edits(ws, &d).into_iter().find_map(|(fix, after)| crossing(ws, &after).map(|why| format!("{} {}: {fix:?} ({why})", v.key(), c.id)))
            {
                out.push(line);
            }
        }
    }
    (asked, out)
}

/// The count of the note: on lesson 3's start, in both languages,
/// no suggested edit crosses the boundary. (Before the boundary was an
/// answer, 44 of 138 did in English.)
#[test]
fn no_suggested_edit_crosses_the_boundary_on_lesson_three_s_start() {
    let mut all = Vec::new();
    for lang in [Lang::En, Lang::ZhTw] {
        let ws = lesson_three_workspace(lang);
        let (asked, crossed) = crossings(&ws);
        println!("{lang:?}: {} of {asked} diagnoses suggest an edit that crosses the boundary", crossed.len());
        for line in crossed.iter().take(5) {
            println!("  {line}");
        }
        all.extend(crossed);
    }
    assert!(all.is_empty(), "{:#?}", all);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// For every viewer × card: every edit the diagnosis suggests, applied,
    /// changes no owner, turns nothing personal reusable and raises neither
    /// the leak count nor the re-identification count; every card not in
    /// effect stops at "written" or "forgotten", with no budget, `top_k`,
    /// query or load advice; questions 2 and 3 say "yes" only for a card
    /// the prompt holds; "stops here" marks one question at most.
    #[test]
    fn the_diagnosis_never_advises_crossing_the_boundary(ws in any_workspace()) {
        let effects = in_effect(&ws);
        for v in viewers(&ws) {
            let (query, _) = task_for(&ws, v, None);
            let p = Assembler::new(&ws, query).prompt(v);
            for (i, c) in ws.cards.iter().enumerate() {
                let d = diagnose(&ws, v, &c.id, query);
                for (fix, after) in suggested_edits(&ws, &d) {
                    prop_assert!(crossing(&ws, &after).is_none(), "{} {}: {:?} crosses: {:?}", v.key(), c.id, fix, crossing(&ws, &after));
                }
                if effects.as_ref().is_some_and(|e| e[i].is_some()) {
                    prop_assert!(matches!(d.stop, Some(Question::Written | Question::Forgotten)), "{} {}: stops at {:?}", v.key(), c.id, d.stop);
                    for fix in std::iter::once(&d.fix).chain(&d.then) {
                        prop_assert!(!prompt_advice(fix), "{} {} is not in effect, yet: {:?}", v.key(), c.id, fix);
                    }
                }
                let held = p.view.contains(&i) && !matches!(p.dropped(i).map(|d| d.reason.code()), Some("no_match" | "below_top_k"));
                prop_assert!(!d.answer(Question::Retrievable).yes || held, "{} {}: retrievable yes, but the prompt does not hold it", v.key(), c.id);
                prop_assert_eq!(d.answer(Question::InPrompt).yes, p.is_loaded(i), "{} {}", v.key(), c.id);
                prop_assert!(d.answers.iter().filter(|a| a.is_wrong()).count() <= 1, "{} {}: {:?}", v.key(), c.id, d.answers);
            }
        }
    }
}
