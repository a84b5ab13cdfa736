//! The report: the seed program's `memory-result.json`, plus the reasons
//! behind it. The first four keys (`query`, `views`, `global_only_ids`,
//! `rejected_ids`) are exactly the seed's.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use mixua_policy::eval::{canaries_in_pool, global_only_ids, Evaluation, Leak, Policy};
// Each message in both languages, in every build (`crate::both`).
#[cfg(any(feature = "only-en", feature = "only-zh"))]
use crate::both::{explain::{not_in_effect_text, rejection_text, Lang}, probe_words::finding_text};
#[cfg(not(any(feature = "only-en", feature = "only-zh")))]
use crate::{explain::{not_in_effect_text, rejection_text, Lang}, probe_words::finding_text};
use mixua_policy::lifecycle::NotInEffect;
use mixua_policy::policy::{Access, Hit, Rejection};
use mixua_policy::workspace::Workspace;
use mixua_policy::probe::{Finding, Probe};

/// Views in viewer order (users outer, agents inner), written as a JSON
/// object keyed `"user/agent"`.
#[derive(Debug, PartialEq)]
pub struct Views<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Views<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

#[derive(Debug, Serialize)]
pub struct RejectedCard<'w> {
    pub id: &'w str,
    /// Position in the workspace's card list, as ids may repeat or be empty.
    pub index: usize,
    #[serde(flatten)]
    pub rejection: Rejection,
    pub message: String,
    pub message_zh: String,
}

/// A card the in-effect gate stops: not in effect at the report's tick.
#[derive(Debug, Serialize)]
pub struct DormantCard<'w> {
    pub id: &'w str,
    /// Position in the workspace's card list.
    pub index: usize,
    /// The reason's code (`revoked`, `superseded`, `ttl:working`, …).
    pub reason: &'static str,
    pub why: NotInEffect,
    pub message: String,
    pub message_zh: String,
}

/// Why a card that matches the query is or is not in one view.
#[derive(Debug, Serialize)]
pub struct Explanation<'w> {
    pub id: &'w str,
    pub visible: bool,
    #[serde(flatten)]
    pub access: Access,
}

/// A probe finding in a view, with its words.
#[derive(Debug, Serialize)]
pub struct ReportedFinding {
    #[serde(flatten)]
    pub finding: Finding,
    pub message: String,
    pub message_zh: String,
}

#[derive(Debug, Serialize)]
pub struct UnsafePool<'w> {
    /// Registered canaries anywhere in the pooled cards.
    pub canaries_in_pool: Vec<&'w str>,
    /// Card ids each viewer retrieves once everything is pooled.
    pub views: Views<Vec<&'w str>>,
    /// Canaries that reach another user's view once everything is pooled.
    pub leaks: Vec<Leak>,
}

/// The global-only baseline, for the same query: only GLOBAL cards shared.
#[derive(Debug, Serialize)]
pub struct GlobalOnly<'w> {
    /// Card ids each viewer retrieves under the baseline.
    pub views: Views<Vec<&'w str>>,
    pub leaks: Vec<Leak>,
}

/// The two other policies of the seed, side by side with the four-scope
/// views (`mixua report --compare`).
#[derive(Debug, Serialize)]
pub struct Compare<'w> {
    pub global_only: GlobalOnly<'w>,
    pub unsafe_pool: UnsafePool<'w>,
}

/// What a report holds beyond the seed's keys and their reasons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReportOptions {
    /// Per-view explanations: the scope rule behind every matching card.
    pub explain: bool,
    /// The global-only and unsafe-pool policies' views and leaks.
    pub compare: bool,
}

#[derive(Debug, Serialize)]
pub struct Report<'w> {
    pub query: &'w str,
    pub views: Views<Vec<Hit<'w>>>,
    pub global_only_ids: Vec<&'w str>,
    pub rejected_ids: Vec<&'w str>,
    /// The seed's flag: the unsafe pool holds every registered canary.
    pub unsafe_pool_contains_both_fake_secrets: bool,
    pub rejections: Vec<RejectedCard<'w>>,
    /// Canary leaks under the four-scope policy (empty when it holds).
    pub leaks: Vec<Leak>,
    /// Only for a workspace with `profiles`: per view, what the
    /// re-identification probe finds in the cards it retrieves
    /// ([`mixua_policy::probe`]), with words in both languages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reidentifications: Option<Views<Vec<ReportedFinding>>>,
    /// Only for a workspace that uses memory over time: the tick the report
    /// describes (its clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Only for a workspace that uses memory over time: the cards that are
    /// not in effect at that tick, with why. (They are not in
    /// `rejected_ids`: the in-effect gate is asked first.)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_in_effect: Option<Vec<DormantCard<'w>>>,
    /// Only with `compare`: the global-only baseline and the unsafe pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<Compare<'w>>,
    /// Only with `explain`: per view, every accepted card that matches the
    /// query, with the scope rule that let it in or kept it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanations: Option<Views<Vec<Explanation<'w>>>>,
}

/// Evaluates a workspace for a query, with explanations when asked: the
/// seed's keys and their reasons. [`report_with`] gives the other options.
pub fn report<'w>(workspace: &'w Workspace, query: &'w str, explain: bool) -> Report<'w> {
    report_with(workspace, query, ReportOptions { explain, compare: false })
}

/// Card ids per viewer, keyed `user/agent`.
fn id_views<'w>(eval: &Evaluation<'w>) -> Views<Vec<&'w str>> {
    let cards = &eval.workspace.cards;
    Views(
        eval.viewers()
            .zip(eval.views())
            .map(|(viewer, view)| (viewer.key(), view.iter().map(|&i| cards[i].id.as_str()).collect()))
            .collect(),
    )
}

/// Evaluates a workspace for a query under the chosen options.
pub fn report_with<'w>(workspace: &'w Workspace, query: &'w str, options: ReportOptions) -> Report<'w> {
    let four = Evaluation::new(workspace, query, Policy::FourScope);
    let probe = workspace.profiles.is_some().then(|| Probe::new(&workspace.cards, workspace.profiles()));
    let mut views = Vec::new();
    let mut leaks = Vec::new();
    let mut reidentifications = Vec::new();
    for (viewer, view) in four.viewers().zip(four.views()) {
        leaks.extend(four.leaks_in(viewer, &view));
        if let Some(probe) = &probe {
            let found = probe.in_view(&workspace.cards, &view, viewer.user).into_iter().map(|finding| ReportedFinding {
                message: finding_text(&finding, Lang::En),
                message_zh: finding_text(&finding, Lang::ZhTw),
                finding,
            });
            reidentifications.push((viewer.key(), found.collect()));
        }
        views.push((viewer.key(), view.iter().map(|&i| Hit::of(&workspace.cards[i])).collect()));
    }

    let rejections = four
        .gates
        .iter()
        .enumerate()
        .filter(|&(index, _)| four.not_in_effect(index).is_none())
        .filter_map(|(index, gate)| {
            let rejection = gate.as_ref().err()?.clone();
            Some(RejectedCard {
                id: &workspace.cards[index].id,
                index,
                message: rejection_text(&rejection, Lang::En),
                message_zh: rejection_text(&rejection, Lang::ZhTw),
                rejection,
            })
        })
        .collect();

    let canaries_in_pool = canaries_in_pool(workspace);
    let all_canaries: Vec<&str> = workspace.canaries.iter().map(|(_, t)| t).collect();
    let unsafe_pool_contains_both_fake_secrets =
        !all_canaries.is_empty() && all_canaries.iter().all(|t| canaries_in_pool.contains(t));

    let compare = options.compare.then(|| {
        let global = Evaluation::new(workspace, query, Policy::GlobalOnly);
        let pool = Evaluation::new(workspace, query, Policy::UnsafePool);
        Compare {
            global_only: GlobalOnly { views: id_views(&global), leaks: global.leaks() },
            unsafe_pool: UnsafePool { canaries_in_pool, views: id_views(&pool), leaks: pool.leaks() },
        }
    });

    let explanations = options.explain.then(|| {
        Views(
            four.viewers()
                .map(|viewer| {
                    let rows = (0..workspace.cards.len())
                        .filter(|&i| four.gates[i].is_ok() && four.not_in_effect(i).is_none())
                        .filter(|&i| mixua_policy::policy::matches_query(&workspace.cards[i], query))
                        .map(|i| {
                            let access = four.access(i, viewer);
                            Explanation { id: &workspace.cards[i].id, visible: access.allowed(), access }
                        })
                        .collect();
                    (viewer.key(), rows)
                })
                .collect(),
        )
    });

    let (at, not_in_effect) = if workspace.uses_time() {
        let dormant = (0..workspace.cards.len())
            .filter_map(|index| {
                let why = four.not_in_effect(index)?.clone();
                Some(DormantCard {
                    id: &workspace.cards[index].id,
                    index,
                    reason: why.code(),
                    message: not_in_effect_text(&why, Lang::En),
                    message_zh: not_in_effect_text(&why, Lang::ZhTw),
                    why,
                })
            })
            .collect();
        (Some(workspace.clock()), Some(dormant))
    } else {
        (None, None)
    };

    Report {
        query,
        views: Views(views),
        global_only_ids: global_only_ids(workspace),
        rejected_ids: four.rejected_ids(),
        unsafe_pool_contains_both_fake_secrets,
        rejections,
        leaks,
        reidentifications: probe.map(|_| Views(reidentifications)),
        at,
        not_in_effect,
        compare,
        explanations,
    }
}

/// How a report is written: indented as the seed program writes it, or on
/// one line for scripts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Pretty,
    Compact,
}

/// The report as pretty JSON, byte for byte what `serde_json::to_string_pretty`
/// writes, but faster on big reports.
pub fn to_json_pretty(report: &mut Report<'_>) -> Vec<u8> {
    to_json(report, Format::Pretty)
}

/// The report in either format, byte for byte what serde_json writes
/// (`to_vec_pretty` or `to_vec`).
pub fn to_json(report: &mut Report<'_>, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    write_json(report, format, &mut out).expect("writing to memory cannot fail");
    out
}

/// [`to_json_pretty`] into any writer.
pub fn write_json_pretty<W: std::io::Write>(report: &mut Report<'_>, out: &mut W) -> std::io::Result<()> {
    write_json(report, Format::Pretty, out)
}

/// The report into any writer, a chunk at a time, so a big report never has
/// to sit in memory whole. The views (nearly all of the text, the same few
/// cards repeated across viewers) are written directly, each card's entry
/// escaped once and then copied; the rest goes through serde_json.
pub fn write_json<W: std::io::Write>(report: &mut Report<'_>, format: Format, out: &mut W) -> std::io::Result<()> {
    let views = std::mem::replace(&mut report.views, Views(Vec::new()));
    let rest = match format {
        Format::Pretty => serde_json::to_vec_pretty(&*report),
        Format::Compact => serde_json::to_vec(&*report),
    }
    .expect("a report always serializes");
    report.views = views;

    // `"views": {}` is the second key at the top level; a string value can
    // never hold this text unescaped, as its quotes would be escaped.
    let empty: &[u8] = match format {
        Format::Pretty => b"\n  \"views\": {}",
        Format::Compact => b",\"views\":{}",
    };
    let at = rest
        .windows(empty.len())
        .position(|w| w == empty)
        .expect("the report has a views key")
        + empty.len()
        - 2;
    out.write_all(&rest[..at])?;
    let mut chunk = Vec::with_capacity(64 * 1024);
    write_views(&mut chunk, &report.views, format, &mut |chunk: &mut Vec<u8>| {
        let result = out.write_all(chunk);
        chunk.clear();
        result
    })?;
    out.write_all(&chunk)?;
    out.write_all(&rest[at + 2..])
}

/// Writes the views into `out`, handing it to `flush` whenever it grows past
/// 64 KiB.
fn write_views(
    out: &mut Vec<u8>,
    views: &Views<Vec<Hit<'_>>>,
    format: Format,
    flush: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if views.0.is_empty() {
        out.extend_from_slice(b"{}");
        return Ok(());
    }
    let pretty = format == Format::Pretty;
    // The punctuation of each format: around a view, around a card entry.
    let (open, view_indent, colon, list_open, list_close, sep, close) = if pretty {
        (&b"{\n"[..], &b"    "[..], &b": "[..], &b"[\n"[..], &b"    ]"[..], &b"\n"[..], &b"  }"[..])
    } else {
        (&b"{"[..], &b""[..], &b":"[..], &b"["[..], &b"]"[..], &b""[..], &b"}"[..])
    };
    // One escaped entry per card, found again by the address of its lesson.
    let mut cache: std::collections::HashMap<(usize, usize), Vec<u8>> = std::collections::HashMap::new();
    out.extend_from_slice(open);
    for (n, (key, hits)) in views.0.iter().enumerate() {
        out.extend_from_slice(view_indent);
        serde_json::to_writer(&mut *out, key).expect("a string serializes");
        out.extend_from_slice(colon);
        if hits.is_empty() {
            out.extend_from_slice(b"[]");
        } else {
            out.extend_from_slice(list_open);
            for (m, hit) in hits.iter().enumerate() {
                let entry = cache.entry((hit.id.as_ptr() as usize, hit.lesson.as_ptr() as usize)).or_insert_with(|| {
                    let mut e = if pretty { b"      {\n        \"id\": ".to_vec() } else { b"{\"id\":".to_vec() };
                    serde_json::to_writer(&mut e, hit.id).expect("a string serializes");
                    e.extend_from_slice(if pretty { b",\n        \"lesson\": " } else { b",\"lesson\":" });
                    serde_json::to_writer(&mut e, hit.lesson).expect("a string serializes");
                    e.extend_from_slice(if pretty { b"\n      }" } else { b"}" });
                    e
                });
                out.extend_from_slice(entry);
                if m + 1 < hits.len() {
                    out.push(b',');
                }
                out.extend_from_slice(sep);
                if out.len() > 64 * 1024 {
                    flush(out)?;
                }
            }
            out.extend_from_slice(list_close);
        }
        if n + 1 < views.0.len() {
            out.push(b',');
        }
        out.extend_from_slice(sep);
    }
    out.extend_from_slice(close);
    Ok(())
}
