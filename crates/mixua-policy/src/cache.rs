//! A simulated response cache, replayed over the logged reads.
//!
//! Seed 000: a response cache must be keyed by user, agent and policy
//! version, and derived copies cleaned up after a revocation. Replaying the
//! log's `read` events through a cache keyed as configured shows which reads
//! were served from the cache, which of those were stale (the reader may
//! not read a served card at that tick) and which handed over another
//! user's canary. A key of the query alone leaks across users; a key of
//! user, agent, query and policy version does not.

use std::collections::HashMap;

use serde::Serialize;

use crate::eval::{foreign, Leak, Policy};
use crate::lifecycle::Timeline;
use crate::log::{Action, Setting};
use crate::policy::{matches_query, Gate, Hit};
use crate::viewer::ViewerId;
use crate::workspace::Workspace;

pub use crate::workspace::{CacheConfig, KeyField};

/// One logged read, replayed through the cache. It borrows its names and
/// ids from the workspace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CachedRead<'w> {
    /// Its place in the log.
    pub index: usize,
    pub tick: u64,
    /// The `user/agent` who asked.
    pub viewer: &'w str,
    pub query: &'w str,
    /// When the answer was served from the cache: the tick it was cached at
    /// and whom for. `None`: answered fresh (and then cached).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cached: Option<(u64, &'w str)>,
    /// The card ids handed over.
    pub hits: Vec<&'w str>,
    /// Of those, the ones the reader may not read at that tick.
    pub stale: Vec<&'w str>,
    /// Canaries of other users in what was handed over.
    pub leaks: Vec<Leak>,
}

/// Cached answers dropped when a card stopped being in effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Purge<'w> {
    /// The place in the log of the event that purged.
    pub index: usize,
    pub tick: u64,
    pub card: &'w str,
    /// How many cached answers held it.
    pub dropped: usize,
    /// It was purged because who may read it changed (a group's members,
    /// its hold, its kind's time to live), not because it was retired.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub readers_changed: bool,
}

/// Every logged read, replayed through a cache.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CacheReplay<'w> {
    /// The cache the reads went through; `None`: no cache, every read fresh.
    pub config: Option<CacheConfig>,
    pub reads: Vec<CachedRead<'w>>,
    pub purges: Vec<Purge<'w>>,
}

impl<'w> CacheReplay<'w> {
    /// Reads served from the cache.
    pub fn served(&self) -> impl Iterator<Item = &CachedRead<'w>> {
        self.reads.iter().filter(|r| r.cached.is_some())
    }

    /// Reads that handed over a card the reader may not read.
    pub fn stale(&self) -> impl Iterator<Item = &CachedRead<'w>> {
        self.reads.iter().filter(|r| !r.stale.is_empty())
    }

    /// Every canary that a read handed to the wrong user.
    pub fn leaks(&self) -> impl Iterator<Item = &Leak> {
        self.reads.iter().flat_map(|r| r.leaks.iter())
    }
}

/// A cached answer.
struct Cached<'w> {
    tick: u64,
    viewer: &'w str,
    cards: Vec<usize>,
}

/// Replays the logged reads through the workspace's own cache (none when
/// it configures none, or configures one that can't be read).
pub fn replay_cache(workspace: &Workspace) -> CacheReplay<'_> {
    replay_cache_with(workspace, workspace.cache.as_ref().and_then(|c| c.good()))
}

/// Replays the logged reads through the cache `config` (`None`: no cache).
/// Answers come from the four-scope policy at each read's tick. A deleted
/// card's answers are always dropped, purge or not: its text must be in no
/// cache entry.
pub fn replay_cache_with<'w>(workspace: &'w Workspace, config: Option<&CacheConfig>) -> CacheReplay<'w> {
    replay_through(workspace, config, &Timeline::new(workspace))
}

/// [`replay_cache`] on a [`Timeline`] of `workspace` already made (a shell
/// that keeps one per revision, shared with what else reads the log).
pub fn replay_cache_on<'w>(workspace: &'w Workspace, timeline: &Timeline<'w>) -> CacheReplay<'w> {
    replay_through(workspace, workspace.cache.as_ref().and_then(|c| c.good()), timeline)
}

fn replay_through<'w>(workspace: &'w Workspace, config: Option<&CacheConfig>, timeline: &Timeline<'w>) -> CacheReplay<'w> {
    let cards = &workspace.cards;
    // The settings that decide who reads what (groups' members, holds,
    // times to live) as they stood before each setting event of the log;
    // after the last one, they are the workspace's own. Each read is
    // answered with the settings of its place in the log.
    let changes = timeline.setting_changes();
    let epochs: Vec<Workspace> = changes
        .iter()
        .map(|&from| {
            let mut then = workspace.clone();
            timeline.undo_settings_from(&mut then, from);
            then
        })
        .collect();
    let epoch_timelines: Vec<Timeline> = epochs.iter().map(Timeline::new).collect();
    let settings_of = |k: usize| -> (&Workspace, &Timeline) {
        match (epochs.get(k), epoch_timelines.get(k)) {
            (Some(ws), Some(tl)) => (ws, tl),
            _ => (workspace, timeline),
        }
    };
    let mut epoch = 0;
    let (mut settings, mut tl) = settings_of(epoch);
    let mut groups = settings.groups();
    // The content and filing gates do not change with time, only with the
    // declared groups.
    let mut gates: Vec<Gate> = cards.iter().map(|c| Policy::FourScope.gate_in(c, groups)).collect();
    let mut matching: HashMap<&str, Vec<usize>> = HashMap::new();
    // The registered canaries each card hands its reader, found once.
    let tokens: Vec<(&str, &str)> = workspace.canaries.iter().collect();
    let mut carried: Vec<Option<Vec<usize>>> = vec![None; cards.len()];
    let mut states = timeline.start_states();
    let mut cache: HashMap<Vec<String>, Cached<'w>> = HashMap::new();
    let mut reads = Vec::new();
    let mut purges = Vec::new();
    let mut version = timeline.initial_policy_version();

    let purge_for = |cache: &mut HashMap<Vec<String>, Cached<'w>>,
                     index: usize,
                     tick: u64,
                     card: usize,
                     purges: &mut Vec<Purge<'w>>,
                     readers_changed: bool| {
        let before = cache.len();
        // A cached answer's cards are in card order.
        cache.retain(|_, cached| cached.cards.binary_search(&card).is_err());
        purges.push(Purge { index, tick, card: &cards[card].id, dropped: before - cache.len(), readers_changed });
    };
    let purge = |cache: &mut HashMap<Vec<String>, Cached<'w>>, index: usize, tick: u64, card: usize, purges: &mut Vec<Purge<'w>>| {
        purge_for(cache, index, tick, card, purges, false)
    };

    // Which cards are in effect, worked out again only when a card's status
    // or the tick has changed since the last read.
    let mut effective: Vec<bool> = Vec::new();
    let mut effective_at: Option<u64> = None;
    for (index, event, card) in timeline.applied() {
        let purges_on = config.is_some_and(|c| c.purges());
        if let Some(setting) = event.setting.as_deref() {
            epoch += 1;
            let (next, next_tl) = settings_of(epoch);
            if purges_on {
                // Who may read a card changed: a cached answer holding it
                // is dropped, as when it is retired.
                let regrouped = match setting {
                    Setting::Members { group, .. } => Some(group.as_str()),
                    _ => None,
                };
                for (i, card) in cards.iter().enumerate() {
                    let in_group = regrouped.is_some_and(|g| card.life().and_then(|l| l.group.as_deref()) == Some(g));
                    let changed = in_group || tl.is_in_effect(i, &states, event.tick) != next_tl.is_in_effect(i, &states, event.tick);
                    if changed && cache.values().any(|c| c.cards.binary_search(&i).is_ok()) {
                        purge_for(&mut cache, index, event.tick, i, &mut purges, true);
                    }
                }
            }
            (settings, tl) = (next, next_tl);
            groups = settings.groups();
            gates = cards.iter().map(|c| Policy::FourScope.gate_in(c, groups)).collect();
            matching.clear();
            effective_at = None;
        }
        if let (Some(i), Some((_, to))) = (card, event.action.transition()) {
            states[i].status = to;
            states[i].last = Some(index);
            if effective_at == Some(event.tick) {
                for j in tl.touched_by(i) {
                    effective[j] = tl.is_in_effect(j, &states, event.tick);
                }
            } else {
                effective_at = None;
            }
        }
        if event.action == Action::Policy {
            version = event.version.unwrap_or(version);
        }
        match (event.action, card) {
            (Action::Delete, Some(i)) => purge(&mut cache, index, event.tick, i, &mut purges),
            (Action::Revoke | Action::Rollback | Action::Expire, Some(i)) if purges_on => {
                purge(&mut cache, index, event.tick, i, &mut purges)
            }
            (Action::Publish, Some(i)) if purges_on => {
                let base = cards[i].life().and_then(|l| l.supersedes.as_deref()).and_then(|id| timeline.card(id));
                if let Some(base) = base {
                    purge(&mut cache, index, event.tick, base, &mut purges);
                }
            }
            _ => {}
        }
        if event.action != Action::Read {
            continue;
        }
        let Some((user, agent)) = ViewerId::split_key(&event.actor) else { continue };
        let viewer = crate::policy::Viewer::new(user, agent);
        let query: &'w str = event.query.as_deref().unwrap_or("");
        let tick = event.tick;
        if effective_at != Some(tick) {
            effective = (0..cards.len()).map(|i| tl.is_in_effect(i, &states, tick)).collect();
            effective_at = Some(tick);
        }
        let may_read = |i: usize| effective[i] && gates[i].allowed_in(&cards[i], viewer, groups);
        let key: Vec<String> = config
            .map(|c| {
                c.key
                    .iter()
                    .map(|field| match field {
                        KeyField::User => user.to_string(),
                        KeyField::Agent => agent.to_string(),
                        KeyField::Query => query.to_string(),
                        KeyField::PolicyVersion => version.to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let served = config.and_then(|_| cache.get(&key));
        let (hits, cached) = match served {
            Some(entry) => (entry.cards.clone(), Some((entry.tick, entry.viewer))),
            None => {
                let candidates = matching.entry(query).or_insert_with(|| {
                    (0..cards.len()).filter(|&i| gates[i].open_scope().is_some() && matches_query(&cards[i], query)).collect()
                });
                let fresh: Vec<usize> = candidates.iter().copied().filter(|&i| may_read(i)).collect();
                if config.is_some() {
                    cache.insert(key, Cached { tick, viewer: &event.actor, cards: fresh.clone() });
                }
                (fresh, None)
            }
        };
        let stale = hits.iter().copied().filter(|&i| !may_read(i)).map(|i| cards[i].id.as_str()).collect();
        let own = workspace.canaries.of_user(viewer.user);
        let mut leaks = Vec::new();
        for &i in &hits {
            let found = carried[i].get_or_insert_with(|| {
                let hit = Hit::of(&cards[i]);
                (0..tokens.len()).filter(|&t| hit.contains(tokens[t].1)).collect()
            });
            for &(owner, token) in found.iter().map(|&t| &tokens[t]) {
                if foreign(owner, token, viewer.user, own) {
                    leaks.push(Leak {
                        viewer: event.actor.to_string(),
                        card: cards[i].id.clone(),
                        token: token.to_string(),
                        owner: owner.to_string(),
                    });
                }
            }
        }
        reads.push(CachedRead {
            index,
            tick,
            viewer: &event.actor,
            query,
            cached,
            hits: hits.iter().map(|&i| cards[i].id.as_str()).collect(),
            stale,
            leaks,
        });
    }
    CacheReplay { config: config.cloned(), reads, purges }
}

/// A stale copy the cache served: one replayed read (its place in the log,
/// who asked, at which tick) handed over cards the reader may not read
/// then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaleCopy {
    pub index: usize,
    pub tick: u64,
    /// The `user/agent` who asked.
    pub viewer: String,
    /// The cards served that the reader may not read, by id.
    pub cards: Vec<String>,
}

/// A canary the cache handed to the wrong reader, at one replayed read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CacheLeak {
    /// The read's place in the log.
    pub index: usize,
    pub leak: Leak,
}

/// What a step changed in the cache's replay: the stale copies and the
/// canaries handed over that it serves now and did not, and those it no
/// longer serves (a purge, a key that tells readers apart, an undo).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CacheChange {
    pub stale_served: Vec<StaleCopy>,
    pub stale_cleared: Vec<StaleCopy>,
    pub leaks_raised: Vec<CacheLeak>,
    pub leaks_cleared: Vec<CacheLeak>,
    /// How many canaries the replay hands over after the step.
    pub leaks_now: usize,
}

impl CacheChange {
    /// The change from the replay `before` to the replay `after` (`None`:
    /// no replay on that side, which serves nothing). A read is the same
    /// read on both sides when it is at the same place in the log (the log
    /// only grows; an undo takes back its last events).
    pub fn between(before: Option<&CacheReplay<'_>>, after: Option<&CacheReplay<'_>>) -> CacheChange {
        let (was, is) = (before.map_or(&[][..], |r| &r.reads[..]), after.map_or(&[][..], |r| &r.reads[..]));
        // The reads are in log order: the same read is found by its place.
        let find = |reads: &'_ [CachedRead<'_>], at: &CachedRead<'_>| -> Option<usize> {
            reads.binary_search_by_key(&at.index, |r| r.index).ok().filter(|&n| reads[n].viewer == at.viewer)
        };
        let stale_in = |from: &[CachedRead<'_>], other: &[CachedRead<'_>]| -> Vec<StaleCopy> {
            from.iter()
                .filter(|r| !r.stale.is_empty() && find(other, r).is_none_or(|n| other[n].stale != r.stale))
                .map(|r| StaleCopy {
                    index: r.index,
                    tick: r.tick,
                    viewer: r.viewer.to_string(),
                    cards: r.stale.iter().map(|s| s.to_string()).collect(),
                })
                .collect()
        };
        let leaks_in = |from: &[CachedRead<'_>], other: &[CachedRead<'_>]| -> Vec<CacheLeak> {
            from.iter()
                .filter(|r| !r.leaks.is_empty())
                .flat_map(|r| {
                    let there = find(other, r).map_or(&[][..], |n| &other[n].leaks[..]);
                    r.leaks.iter().filter(move |l| !there.contains(l)).map(move |l| CacheLeak { index: r.index, leak: l.clone() })
                })
                .collect()
        };
        CacheChange {
            stale_served: stale_in(is, was),
            stale_cleared: stale_in(was, is),
            leaks_raised: leaks_in(is, was),
            leaks_cleared: leaks_in(was, is),
            leaks_now: is.iter().map(|r| r.leaks.len()).sum(),
        }
    }

    /// Nothing the cache serves changed.
    pub fn is_empty(&self) -> bool {
        self.stale_served.is_empty() && self.stale_cleared.is_empty() && self.leaks_raised.is_empty() && self.leaks_cleared.is_empty()
    }
}
