//! The audit: the whole log, each event with the reason it is set aside if
//! it is, what of the workspace's optional keys could not be read, where
//! the cards and their log disagree, and the cache replayed over the reads.
//! Everything here is a value; the `explain` module puts it in words.

use serde::Serialize;

use crate::cache::{replay_cache, CacheReplay};
use crate::card::Status;
use crate::lifecycle::Timeline;
use crate::log::{Event, EventProblem, Kept, Unreadable};
use crate::workspace::Workspace;

/// Something of the workspace as a whole that is set aside, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum WorkspaceProblem {
    /// An optional key can't be read; it is kept as written and does
    /// nothing (for `clock`: the clock is the latest event's tick).
    UnreadableKey { key: &'static str, why: Unreadable },
    /// One entry of `retention` is set aside; the others apply.
    RetentionEntry { why: Unreadable },
    /// One profile fact is set aside (it is not text); the others count.
    ProfileFact { user: String, why: Unreadable },
    /// One value of `prompt` is set aside on its own key (`key`: where, as
    /// `prompt.budgets.shared`); the other settings hold.
    PromptEntry { key: String, why: Unreadable },
    /// One of a card's prompt keys (`risk`, `tokens`, …) is set aside, kept
    /// as written; an unreadable `risk` counts as not high.
    CardKey { card: String, why: Unreadable },
    /// A top-level key no workspace has: ignored, and not written back.
    /// `near` is the workspace key it differs from only in case (`Cards`).
    UnknownKey {
        key: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        near: Option<&'static str>,
    },
    /// A card's status as written is not where its log leads at the clock.
    /// Which is true can't be told, so the card is not in effect now
    /// ([`NotInEffect::LogDisagrees`](crate::NotInEffect::LogDisagrees)).
    StatusDisagrees { card: String, written: Status, replayed: Status },
    /// The cards replace one another round a cycle (or one replaces
    /// itself): none of them is in effect. In the order of
    /// [`NotInEffect::CycleOfVersions`](crate::NotInEffect::CycleOfVersions).
    CycleOfVersions { cards: Vec<String> },
}

/// One entry of the log in the audit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AuditEntry<'w> {
    pub index: usize,
    /// The event, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<&'w Event>,
    /// Why it is set aside, if it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<EventProblem>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Audit<'w> {
    /// The logical clock the workspace is at.
    pub clock: u64,
    pub policy_version: u64,
    pub entries: Vec<AuditEntry<'w>>,
    pub problems: Vec<WorkspaceProblem>,
    /// The logged reads through the configured cache, when the log has reads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache: Option<CacheReplay<'w>>,
}

/// The workspace's top-level keys that no workspace has, as problems (the
/// first of the audit's; the CLI also says them on every read).
pub fn unknown_keys(workspace: &Workspace) -> Vec<WorkspaceProblem> {
    workspace
        .unknown_keys
        .iter()
        .map(|key| WorkspaceProblem::UnknownKey {
            key: key.clone(),
            near: crate::workspace::WORKSPACE_KEYS.into_iter().find(|known| known.eq_ignore_ascii_case(key)),
        })
        .collect()
}

/// Audits a workspace.
pub fn audit(workspace: &Workspace) -> Audit<'_> {
    let timeline = Timeline::new(workspace);
    let entries = workspace
        .log()
        .iter()
        .enumerate()
        .map(|(index, entry)| AuditEntry { index, event: entry.good(), problem: timeline.problem(index).cloned() })
        .collect();

    let mut problems = unknown_keys(workspace);
    let mut unreadable = |key: &'static str, why: Option<Unreadable>| {
        if let Some(why) = why {
            problems.push(WorkspaceProblem::UnreadableKey { key, why });
        }
    };
    unreadable("clock", workspace.clock.as_ref().and_then(|k| k.unreadable("clock")));
    unreadable("policy_version", workspace.policy_version.as_ref().and_then(|k| k.unreadable("policy_version")));
    unreadable("reviewers", workspace.reviewers.as_ref().and_then(|k| k.unreadable("reviewers")));
    unreadable("groups", workspace.groups.as_ref().and_then(|k| k.unreadable("groups")));
    unreadable("retention", workspace.retention.as_ref().and_then(|k| k.unreadable("retention")));
    unreadable("cache", workspace.cache.as_ref().and_then(|k| k.unreadable("cache")));
    unreadable("events", workspace.events.as_ref().and_then(|k| k.unreadable("events")));
    unreadable("profiles", workspace.profiles.as_ref().and_then(|k| k.unreadable("profiles")));
    unreadable("prompt", workspace.prompt.as_ref().and_then(|k| k.unreadable("prompt")));
    unreadable("tasks", workspace.tasks.as_ref().and_then(|k| k.unreadable("tasks")));
    if let Some(profiles) = workspace.profiles() {
        problems.extend(profiles.problems().into_iter().map(|(user, why)| WorkspaceProblem::ProfileFact { user, why }));
    }
    if let Some(config) = workspace.prompt_config() {
        problems.extend(config.aside.iter().map(|a| WorkspaceProblem::PromptEntry { key: a.path(), why: a.why.clone() }));
    }
    for card in &workspace.cards {
        for why in crate::prompt_keys::CardKeys::of(card).problems {
            problems.push(WorkspaceProblem::CardKey { card: card.id.clone(), why });
        }
    }
    if let Some(Kept::Good(retention)) = &workspace.retention {
        problems.extend(retention.problems().into_iter().map(|why| WorkspaceProblem::RetentionEntry { why }));
    }
    problems.extend(timeline.disagreements().into_iter().map(|(i, written, replayed)| {
        WorkspaceProblem::StatusDisagrees { card: workspace.cards[i].id.clone(), written, replayed }
    }));

    problems.extend(timeline.cycles().map(|cycle| WorkspaceProblem::CycleOfVersions {
        cards: cycle.iter().map(|&i| workspace.cards[i].id.clone()).collect(),
    }));

    let has_reads = workspace.events().any(|(_, e)| e.action == crate::log::Action::Read);
    Audit {
        clock: workspace.clock(),
        policy_version: workspace.policy_version(),
        entries,
        problems,
        cache: has_reads.then(|| replay_cache(workspace)),
    }
}
