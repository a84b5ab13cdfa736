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
