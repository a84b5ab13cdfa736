//! The report: the seed program's `memory-result.json`, plus the reasons
//! behind it. The first four keys (`query`, `views`, `global_only_ids`,
//! `rejected_ids`) are exactly the seed's.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::eval::{canaries_in_pool, global_only_ids, Evaluation, Leak, Policy};
use crate::explain::{rejection_text, Lang};
use crate::policy::{Access, Hit, Rejection};
use crate::workspace::Workspace;

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

/// Why a card that matches the query is or is not in one view.
#[derive(Debug, Serialize)]
pub struct Explanation<'w> {
    pub id: &'w str,
    pub visible: bool,
    #[serde(flatten)]
    pub access: Access,
}

#[derive(Debug, Serialize)]
pub struct UnsafePool<'w> {
    /// Registered canaries anywhere in the pooled cards.
    pub canaries_in_pool: Vec<&'w str>,
    /// Canaries that reach another user's view once everything is pooled.
    pub leaks: Vec<Leak>,
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
    pub unsafe_pool: UnsafePool<'w>,
    /// Only with `explain`: per view, every accepted card that matches the
    /// query, with the scope rule that let it in or kept it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanations: Option<Views<Vec<Explanation<'w>>>>,
}

/// Evaluates a workspace for a query (the workspace's own unless given).
pub fn report<'w>(workspace: &'w Workspace, query: &'w str, explain: bool) -> Report<'w> {
    let four = Evaluation::new(workspace, query, Policy::FourScope);
    let mut views = Vec::new();
    let mut leaks = Vec::new();
    for (viewer, view) in four.viewers().zip(four.views()) {
        leaks.extend(four.leaks_in(viewer, &view));
        views.push((viewer.key(), view.iter().map(|&i| Hit::of(&workspace.cards[i])).collect()));
    }

    let rejections = four
        .gates
        .iter()
        .enumerate()
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

    let pool = Evaluation::new(workspace, query, Policy::UnsafePool);
    let canaries_in_pool = canaries_in_pool(workspace);
    let all_canaries: Vec<&str> = workspace.canaries.iter().map(|(_, t)| t).collect();

    let explanations = explain.then(|| {
        Views(
            four.viewers()
                .map(|viewer| {
                    let rows = (0..workspace.cards.len())
                        .filter(|&i| four.gates[i].is_ok())
                        .filter(|&i| crate::policy::matches_query(&workspace.cards[i], query))
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

    Report {
        query,
        views: Views(views),
        global_only_ids: global_only_ids(workspace),
        rejected_ids: four.rejected_ids(),
        unsafe_pool_contains_both_fake_secrets: !all_canaries.is_empty()
            && all_canaries.iter().all(|t| canaries_in_pool.contains(t)),
        rejections,
        leaks,
        unsafe_pool: UnsafePool { canaries_in_pool, leaks: pool.leaks() },
        explanations,
    }
}

/// The report as pretty JSON, byte for byte what `serde_json::to_string_pretty`
/// writes, but faster on big reports: the views (nearly all of the text,
/// the same few cards repeated across viewers) are written directly, each
/// card's entry escaped once and then copied.
pub fn to_json_pretty(report: &mut Report<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    write_json_pretty(report, &mut out).expect("writing to memory cannot fail");
    out
}

/// [`to_json_pretty`] into any writer, a chunk at a time, so a big report
/// never has to sit in memory whole.
pub fn write_json_pretty<W: std::io::Write>(report: &mut Report<'_>, out: &mut W) -> std::io::Result<()> {
    let views = std::mem::replace(&mut report.views, Views(Vec::new()));
    let rest = serde_json::to_vec_pretty(&*report).expect("a report always serializes");
    report.views = views;

    // `"views": {}` is the second key at the top level; a string value can
    // never hold this text unescaped, as newlines in strings are escaped.
    const EMPTY: &[u8] = b"\n  \"views\": {}";
    let at = rest
        .windows(EMPTY.len())
        .position(|w| w == EMPTY)
        .expect("the report has a views key")
        + EMPTY.len()
        - 2;
    out.write_all(&rest[..at])?;
    let mut chunk = Vec::with_capacity(64 * 1024);
    write_views(&mut chunk, &report.views, &mut |chunk: &mut Vec<u8>| {
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
    flush: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if views.0.is_empty() {
        out.extend_from_slice(b"{}");
        return Ok(());
    }
    // One escaped entry per card, found again by the address of its lesson.
    let mut cache: std::collections::HashMap<(usize, usize), Vec<u8>> = std::collections::HashMap::new();
    out.extend_from_slice(b"{\n");
    for (n, (key, hits)) in views.0.iter().enumerate() {
        out.extend_from_slice(b"    ");
        serde_json::to_writer(&mut *out, key).expect("a string serializes");
        out.extend_from_slice(b": ");
        if hits.is_empty() {
            out.extend_from_slice(b"[]");
        } else {
            out.extend_from_slice(b"[\n");
            for (m, hit) in hits.iter().enumerate() {
                let entry = cache.entry((hit.id.as_ptr() as usize, hit.lesson.as_ptr() as usize)).or_insert_with(|| {
                    let mut e = b"      {\n        \"id\": ".to_vec();
                    serde_json::to_writer(&mut e, hit.id).expect("a string serializes");
                    e.extend_from_slice(b",\n        \"lesson\": ");
                    serde_json::to_writer(&mut e, hit.lesson).expect("a string serializes");
                    e.extend_from_slice(b"\n      }");
                    e
                });
                out.extend_from_slice(entry);
                if m + 1 < hits.len() {
                    out.push(b',');
                }
                out.push(b'\n');
                if out.len() > 64 * 1024 {
                    flush(out)?;
                }
            }
            out.extend_from_slice(b"    ]");
        }
        if n + 1 < views.0.len() {
            out.push(b',');
        }
        out.push(b'\n');
    }
    out.extend_from_slice(b"  }");
    Ok(())
}
