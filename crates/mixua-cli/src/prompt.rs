//! `mixua prompt` and `mixua diagnose`: what reaches one viewer's prompt,
//! and why a card did or did not. The crate assembles and diagnoses
//! ([`mixua_policy::prompt`], [`mixua_policy::diagnose`]); this prints.

use std::io::Write;

use clap::Args;
use serde_json::{json, Value};

use mixua_policy::diagnose::{diagnose, Diagnosis, Why};
use mixua_policy::prompt::{task_for, Assembler, CardKeys, Note, Prompt};
use mixua_words::prompt_words::{diagnosis_words, fix_line, metrics_words, note_words, prompt_words, why_words};
use mixua_policy::{Viewer, ViewerId, Workspace};
use mixua_words::Lang;

use crate::{load, say, Failure, Language, Out, Source};

pub const PROMPT_ABOUT: &str = "\
What reaches one viewer's prompt for a task.

Starts from exactly the cards the viewer may read now (the in-effect and
reading gates) and assembles three layers: always in (stable rules and
goals), retrieved (the cards the query finds, ranked, the best top_k) and by
tool (referenced, never loaded). Each source (a card's kind) draws on its
budget, or on the shared one. Prints what is loaded in order with its tokens,
what is left out and why, and the metrics: startup tokens against the
dump-everything baseline, each budget's use, the task's hit rate (none for
an empty gold set), stale use (answers served to the task, by the prompt or
the response cache, that rest on a card no longer in effect) and the leak
alarm. A prompt setting that can't be read is set aside on its own key, and
said; the others hold. Tokens are an estimate (one per CJK character, one per
four other characters), not a model's tokenizer.

Without --query, the viewer's first task in the workspace's `tasks` gives
the query (and the gold set), else the workspace's own query.";

pub const DIAGNOSE_ABOUT: &str = "\
Why didn't the agent use this card? The four questions, in order:
written? retrievable? in the prompt? forgotten? Each answer comes with the
crate's reason, and the diagnosis stops at one question:

- a card not in effect (replaced, revoked, deleted, expired, rolled back) is
  answered as retired first: it stops at forgotten? (written? for a
  deletion or a candidate), with the act, its tick and its actor, and no
  budget, top_k or query advice;
- a card outside the viewer's rights stops at retrievable?: the boundary
  holds, which is the rules working. It names who may read the card and
  why, offers no edit of it, and names the legitimate route (the owner
  writes a new card without the personal details; a reviewer approves);
- otherwise at the first no, with the smallest edit that gets the card in,
  offered only if it changes no owner, makes nothing personal reusable and
  lets no canary or re-identification reach anyone new;
- a card in the prompt: memory did its part (its place and tokens, and any
  card loaded beside it that the workspace marks as conflicting).

An unknown card is refused (exit 2).";

#[derive(Args)]
pub struct PromptArgs {
    #[command(flatten)]
    source: Source,
    /// The identity asking, e.g. bob/checker-v1
    #[arg(long, value_name = "USER/AGENT")]
    viewer: String,
    /// The task's query (default: the viewer's first task's, else the workspace's)
    #[arg(long, value_name = "Q")]
    query: Option<String>,
    #[command(flatten)]
    language: Language,
    /// Print the prompt and its metrics as JSON instead
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
pub struct DiagnoseArgs {
    #[command(flatten)]
    source: Source,
    /// The identity asking, e.g. bob/checker-v1
    #[arg(long, value_name = "USER/AGENT")]
    viewer: String,
    /// The card's id
    #[arg(long, value_name = "ID")]
    card: String,
    /// The task's query (default: the viewer's first task's, else the workspace's)
    #[arg(long, value_name = "Q")]
    query: Option<String>,
    #[command(flatten)]
    language: Language,
    /// Print the diagnosis as JSON instead
    #[arg(long)]
    pub json: bool,
}

/// A `user/agent` argument, each name passing the policy's name check.
fn viewer_arg(arg: &str) -> Result<ViewerId, Failure> {
    let Some(id) = ViewerId::parse_key(arg) else {
        return Err(Failure(format!("`{arg}` is not USER/AGENT (one `/` between two names), e.g. bob/checker-v1")));
    };
    for name in [&id.user, &id.agent] {
        if let Err(error) = mixua_policy::policy::check_name(name) {
            let why = mixua_words::explain::name_error_text(&error, Lang::En);
            return Err(Failure(format!("`{name}` in `{arg}` can't be a name: {why}")));
        }
    }
    Ok(id)
}

/// Is the viewer among the workspace's users × agents?
fn in_chart(ws: &Workspace, v: Viewer<'_>) -> bool {
    ws.users.iter().any(|u| u == v.user) && ws.agents.iter().any(|a| a == v.agent)
}

fn not_in_chart(ws: &Workspace, v: Viewer<'_>, lang: Lang, out: &mut Out) -> Result<(), Failure> {
    if !in_chart(ws, v) {
        let key = v.key();
        say!(
            out,
            "{}",
            pick!(lang, 
                format!("注意:{key} 不在這個工作區的使用者 × Agent 表中;仍照規則組合。"),
                format!("note: {key} is not among this workspace's users × agents; the rules apply all the same."),
            )
        )?;
    }
    Ok(())
}

/// A value with card indices (`by`, `at`, `cards`, `card`) turned into ids.
fn with_ids(ws: &Workspace, mut value: Value) -> Value {
    let id = |v: &Value| v.as_u64().and_then(|i| ws.cards.get(i as usize)).map_or(Value::Null, |c| Value::from(c.id.as_str()));
    if let Value::Object(map) = &mut value {
        for key in ["at", "card"] {
            if let Some(v) = map.get_mut(key) {
                if v.is_u64() {
                    *v = id(v);
                }
            }
        }
        for key in ["by", "cards"] {
            if let Some(Value::Array(items)) = map.get_mut(key) {
                items.iter_mut().for_each(|v| *v = id(v));
            }
        }
    }
    value
}

/// The prompt and its metrics as JSON, card ids instead of indices.
pub fn prompt_json(ws: &Workspace, a: &Assembler<'_>, p: &Prompt, gold: Option<&[String]>) -> Value {
    let m = a.metrics(p, gold);
    let ids = |cards: &[usize]| -> Vec<&str> { cards.iter().map(|&i| ws.cards[i].id.as_str()).collect() };
    let mut notes: Vec<Value> = p.notes.iter().map(|n| with_ids(ws, serde_json::to_value(n).expect("a note serializes"))).collect();
    if !in_chart(ws, p.viewer.viewer()) {
        // As the text output says it.
        notes.insert(0, json!({"note": "viewer_not_in_chart", "viewer": p.viewer.key()}));
    }
    json!({
        "viewer": p.viewer.key(),
        "query": p.query,
        "top_k": p.top_k,
        "loaded": p.loaded.iter().map(|l| json!({
            "id": ws.cards[l.card].id, "layer": l.layer, "source": l.source, "class": l.class, "tokens": l.tokens, "score": l.score,
        })).collect::<Vec<_>>(),
        "dropped": p.dropped.iter().map(|d| json!({
            "id": ws.cards[d.card].id, "layer": d.layer, "source": d.source, "tokens": d.tokens,
            "reason": with_ids(ws, serde_json::to_value(&d.reason).expect("a reason serializes")),
        })).collect::<Vec<_>>(),
        "notes": notes,
        "metrics": {
            "startup_tokens": m.startup_tokens,
            "prompt_tokens": m.prompt_tokens,
            "baseline_tokens": m.baseline_tokens,
            "budgets": m.budgets,
            "startup_percent": m.startup_percent(),
            // `percent` is null for an empty gold set: no gold set, no rate.
            "hit_rate": m.hit.as_ref().map(|h| json!({"percent": h.percent(), "gold": h.gold, "reached": h.reached, "missing": h.missing})),
            "stale": ids(&m.stale),
            "stale_use": m.stale_use(),
            "stale_answers": m.stale_answers,
            "leaks": m.leaks,
        },
    })
}

pub fn cmd_prompt(opts: PromptArgs, out: &mut Out) -> Result<(), Failure> {
    let id = viewer_arg(&opts.viewer)?;
    let lang = opts.language.lang();
    let ws = load(opts.source.workspace.as_deref())?;
    let viewer = id.viewer();
    let (query, gold) = task_for(&ws, viewer, opts.query.as_deref());
    let a = Assembler::new(&ws, query);
    let p = a.prompt(viewer);
    if opts.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&prompt_json(&ws, &a, &p, gold)).expect("json"))?;
        return Ok(());
    }
    not_in_chart(&ws, viewer, lang, out)?;
    say!(out, "{} · {}", id.key(), pick!(lang, format!("查詢「{query}」"), format!("query “{query}”")))?;
    for line in prompt_words(&ws, &p, lang) {
        say!(out, "{line}")?;
    }
    say!(out, "{}", pick!(lang, "[指標]", "[metrics]"))?;
    for line in metrics_words(&ws, &a.metrics(&p, gold), lang) {
        say!(out, "  {line}")?;
    }
    Ok(())
}

/// An answer's reason as JSON, cards by id: a drop reason inside it names
/// its cards (`by`, `at`) by index in the crate, as `prompt --json`'s do.
/// (Every other reason, and every fix, already names cards by id; an `at`
/// there is a tick.)
fn why_json(ws: &Workspace, why: &Why) -> Value {
    let mut value = serde_json::to_value(why).expect("a reason serializes");
    if let (Why::Dropped { .. }, Some(reason)) = (why, value.get_mut("reason")) {
        *reason = with_ids(ws, reason.take());
    }
    value
}

/// The diagnosis as JSON, cards by id everywhere.
pub fn diagnosis_json(ws: &Workspace, d: &Diagnosis, lang: Lang) -> Value {
    let viewer = d.viewer.viewer();
    let answers: Vec<Value> = d
        .answers
        .iter()
        .map(|a| {
            json!({
                "question": a.question,
                "answer": match (a.asked(), a.yes) { (false, _) => "not_asked", (true, true) => "yes", (true, false) => "no" },
                "wrong": a.is_wrong(),
                "why": why_json(ws, &a.why),
                "words": why_words(ws, viewer, &d.card, &a.why, lang),
            })
        })
        .collect();
    json!({
        "viewer": d.viewer.key(), "card": d.card, "query": d.query, "answers": answers, "stop": d.stop,
        "fix": d.fix, "then": d.then,
        "words": fix_line(ws, d, lang),
        "notes": setting_notes(ws, &d.card).iter().map(|n| with_ids(ws, serde_json::to_value(n).expect("a note serializes"))).collect::<Vec<_>>(),
    })
}

/// What the diagnosis says besides its answers, as the prompt says it:
/// the prompt settings set aside, and the card's own keys set aside.
fn setting_notes(ws: &Workspace, card: &str) -> Vec<Note> {
    let mut notes: Vec<Note> = ws
        .prompt_config()
        .map(|c| c.aside.iter().map(|a| Note::SetAside { key: a.path(), why: a.why.clone() }).collect())
        .unwrap_or_default();
    if let Some(i) = ws.cards.iter().position(|c| c.id == card) {
        notes.extend(CardKeys::of(&ws.cards[i]).problems.into_iter().map(|why| Note::CardKey { card: i, why }));
    }
    notes
}

pub fn cmd_diagnose(opts: DiagnoseArgs, out: &mut Out) -> Result<(), Failure> {
    let id = viewer_arg(&opts.viewer)?;
    let lang = opts.language.lang();
    let ws = load(opts.source.workspace.as_deref())?;
    // An unknown card is bad input: no diagnosis to give.
    if !ws.cards.iter().any(|c| c.id == opts.card) {
        let card = &opts.card;
        return Err(Failure(pick!(lang, 
            format!("沒有這張卡:這個工作區沒有任何卡叫 `{card}`(mixua prompt 會列出每張卡)"),
            format!("no such card: no card in this workspace is called `{card}` (mixua prompt lists every card)"),
        )));
    }
    let viewer = id.viewer();
    let (query, _) = task_for(&ws, viewer, opts.query.as_deref());
    let d = diagnose(&ws, viewer, &opts.card, query);
    if opts.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&diagnosis_json(&ws, &d, lang)).expect("json"))?;
        return Ok(());
    }
    not_in_chart(&ws, viewer, lang, out)?;
    say!(out, "{} · {} · {}", id.key(), d.card, pick!(lang, format!("查詢「{query}」"), format!("query “{query}”")))?;
    for line in diagnosis_words(&ws, &d, lang) {
        say!(out, "{line}")?;
    }
    for note in setting_notes(&ws, &opts.card) {
        writeln!(out, "  ! {}", note_words(&ws, &note, lang))?;
    }
    Ok(())
}
