//! Every change to who can read what is an act of the write path: a
//! group's members, a hold, a kind's time to live, the cache's key and
//! purge, and the policy version. Who may do each, the refusal otherwise,
//! the event it logs, the past it replays to, and files written before
//! these were logged.

use mixua_words::explain::{event_text, refusal_text};
use mixua_policy::{
    as_of, audit, bump_policy, propose, publish, set_cache, set_hold, set_members, set_ttl, sweep, Action,
    CacheConfig, Card, Evaluation, Event, Groups, KeyField, Kept, Kind, Policy, Refusal, Retention, Setting,
    Viewer, Workspace,
};
use mixua_words::Lang;
use serde_json::json;

/// Two users, a reviewer `dana`, a group `team` (alice, carol), working
/// memory kept 3 ticks, and two published cards: T, alice's GROUP card for
/// the team, and W, bob's working memory (USER).
fn world() -> Workspace {
    let mut ws = Workspace {
        users: vec!["alice".into(), "bob".into(), "carol".into()],
        agents: vec!["w".into()],
        query: "報告".into(),
        ..Workspace::default()
    };
    ws.reviewers = Some(Kept::Good(vec!["dana".into()]));
    ws.groups = Some(Kept::Good(Groups(vec![("team".into(), vec!["alice".into(), "carol".into()])])));
    ws.retention = Some(Kept::Good(Retention(vec![("working".into(), json!(3))])));
    let mut team = card("T", "GROUP", "alice", "報告:團隊三行。");
    team.life_mut().group = Some("team".into());
    let mut working = card("W", "USER", "bob", "報告:草稿。");
    working.life_mut().kind = Some("working".into());
    done(propose(&mut ws, Viewer::new("alice", "w"), team));
    done(publish(&mut ws, "T", "dana"));
    done(propose(&mut ws, Viewer::new("bob", "w"), working));
    done(publish(&mut ws, "W", "bob"));
    ws
}

fn card(id: &str, scope: &str, user: &str, lesson: &str) -> Card {
    Card {
        id: id.into(),
        scope: scope.into(),
        owner_user: user.into(),
        owner_agent: "w".into(),
        stream: "reusable".into(),
        situation: "報告".into(),
        lesson: lesson.into(),
        source: "synthetic".into(),
        ..Card::default()
    }
}

fn done<T: std::fmt::Debug>(result: Result<T, Refusal>) -> T {
    result.unwrap_or_else(|refusal| panic!("refused: {refusal:?}"))
}

/// Does `viewer` (user/w) see card `id` at `tick` (`None`: now)?
fn sees(ws: &Workspace, user: &str, id: &str, tick: Option<u64>) -> bool {
    let eval = match tick {
        Some(t) => Evaluation::at(ws, &ws.query, Policy::FourScope, t),
        None => Evaluation::new(ws, &ws.query, Policy::FourScope),
    };
    let i = ws.cards.iter().position(|c| c.id == id).unwrap();
    let seen = eval.viewers().zip(eval.views()).any(|(v, view)| v.user == user && view.contains(&i));
    seen
}

type Act = fn(&mut Workspace, &str, &str) -> Result<Event, Refusal>;

/// Each act, done with a given actor and reason, changing something.
const ACTS: &[(&str, Act)] = &[
    ("members", |ws, who, why| set_members(ws, "team", &["alice".into()], who, why)),
    ("hold", |ws, who, why| set_hold(ws, "W", true, who, why)),
    ("ttl", |ws, who, why| set_ttl(ws, Kind::Working, Some(5), who, why)),
    ("cache", |ws, who, why| set_cache(ws, &[KeyField::Query], false, who, why)),
    ("policy", |ws, who, why| bump_policy(ws, who, why)),
];

/// Who may do which act: a listed reviewer may do each; the owner (bob, of
/// W) only holds their own card; anyone else is refused, in words.
#[test]
fn who_may_change_who_reads_what() {
    let table: &[(&str, &str, &str)] = &[
        ("members", "dana", "ok"),
        ("members", "alice", "reviewers_only"),
        ("members", "bob", "reviewers_only"),
        ("members", "", "no_actor"),
        ("hold", "bob", "ok"),
        ("hold", "dana", "ok"),
        ("hold", "alice", "not_allowed"),
        ("hold", "carol", "not_allowed"),
        ("ttl", "dana", "ok"),
        ("ttl", "bob", "reviewers_only"),
        ("cache", "dana", "ok"),
        ("cache", "alice", "reviewers_only"),
        ("policy", "dana", "ok"),
        ("policy", "carol", "reviewers_only"),
    ];
    for &(name, who, expected) in table {
        let (_, act) = ACTS.iter().find(|(n, _)| *n == name).unwrap();
        let mut ws = world();
        let before = ws.clone();
        match act(&mut ws, who, "the team changed") {
            Ok(event) => {
                assert_eq!(expected, "ok", "{name} by {who}");
                assert_eq!((event.action.as_str(), &*event.actor, event.reason.as_deref()), (name, who, Some("the team changed")));
                assert_eq!(ws.events().last().map(|(_, e)| e), Some(&event));
                assert!(audit(&ws).problems.is_empty() && audit(&ws).entries.iter().all(|e| e.problem.is_none()));
                for lang in [Lang::ZhTw, Lang::En] {
                    let line = event_text(&event, lang);
                    assert!(line.contains(who) && line.contains("the team changed"), "{line}");
                }
            }
            Err(refusal) => {
                assert_eq!(refusal.code(), expected, "{name} by {who}: {refusal:?}");
                assert_eq!(ws, before, "a refusal changes nothing");
                let (zh, en) = (refusal_text(&refusal, Lang::ZhTw), refusal_text(&refusal, Lang::En));
                assert!(zh != en && !zh.is_empty() && !en.is_empty());
            }
        }
    }
}

/// Each act needs a reason, and refuses a change that changes nothing.
#[test]
fn each_act_needs_a_reason_and_a_change() {
    for (name, act) in ACTS {
        let mut ws = world();
        let before = ws.clone();
        let who = "dana";
        assert_eq!(act(&mut ws, who, "  ").unwrap_err(), Refusal::NoReason { action: Action::parse(name).unwrap() });
        assert_eq!(ws, before);
        done(act(&mut ws, who, "why"));
        if *name != "policy" {
            let again = ws.clone();
            assert_eq!(act(&mut ws, who, "why").unwrap_err().code(), "unchanged", "{name}");
            assert_eq!(ws, again);
        }
    }
}

#[test]
fn members_are_users_of_the_chart_of_a_declared_group() {
    let mut ws = world();
    let before = ws.clone();
    let refused = |ws: &mut Workspace, group: &str, members: &[&str]| {
        let members: Vec<String> = members.iter().map(|m| m.to_string()).collect();
        set_members(ws, group, &members, "dana", "why").unwrap_err()
    };
    assert_eq!(refused(&mut ws, "team", &["alice", "nobody"]), Refusal::NotAUser { name: "nobody".into() });
    assert_eq!(refused(&mut ws, "ops", &["alice"]), Refusal::UnknownGroup { group: "ops".into() });
    assert_eq!(ws, before);
    // In the chart's user order, each once.
    done(set_members(&mut ws, "team", &["carol".into(), "bob".into(), "carol".into()], "dana", "why"));
    assert_eq!(ws.groups().unwrap().members("team").unwrap(), ["bob", "carol"]);
}

/// A setting that can't be read is kept as written, and not changed.
#[test]
fn an_unreadable_setting_is_kept_and_the_act_refused() {
    for (key, act) in [
        ("groups", ACTS[0].1),
        ("retention", ACTS[2].1),
        ("cache", ACTS[3].1),
    ] {
        let mut ws = world();
        let raw = json!({"broken": 7});
        match key {
            "groups" => ws.groups = Some(Kept::Bad(json!(["not", "an", "object"]))),
            "retention" => ws.retention = Some(Kept::Bad(raw)),
            _ => ws.cache = Some(Kept::Bad(raw)),
        }
        let before = ws.clone();
        assert_eq!(act(&mut ws, "dana", "why").unwrap_err(), Refusal::UnreadableSetting { key }, "{key}");
        assert_eq!(ws, before);
    }
    // One retention entry for the kind that can't be read is kept too.
    let mut ws = world();
    ws.retention = Some(Kept::Good(Retention(vec![("working".into(), json!("three"))])));
    assert_eq!(set_ttl(&mut ws, Kind::Working, Some(2), "dana", "why").unwrap_err(), Refusal::UnreadableSetting { key: "retention" });
}

/// Scrubbing back shows the members, hold and time to live of that tick:
/// `as_of` and `Evaluation::at` replay the log.
#[test]
fn the_past_keeps_its_members_hold_and_time_to_live() {
    let mut ws = world();
    done(sweep(&mut ws, 1, "retention"));
    // Tick 1: carol leaves the team; bob holds W.
    done(set_members(&mut ws, "team", &["alice".into()], "dana", "carol moved to sales"));
    done(set_hold(&mut ws, "W", true, "bob", "I still need it"));
    done(sweep(&mut ws, 2, "retention"));
    // Tick 2: working memory is kept 1 tick; the hold is let go.
    done(set_ttl(&mut ws, Kind::Working, Some(1), "dana", "shorter notes"));
    done(set_hold(&mut ws, "W", false, "dana", "the review is over"));
    done(set_cache(&mut ws, &KeyField::ALL, true, "dana", "safe key"));

    // Now: carol no longer reads T; W has expired (kept 1 tick from 0).
    assert!(!sees(&ws, "carol", "T", None) && sees(&ws, "alice", "T", None));
    assert!(!sees(&ws, "bob", "W", None));
    // At tick 0: carol was a member, W was kept 3 ticks and in effect.
    assert!(sees(&ws, "carol", "T", Some(0)) && sees(&ws, "bob", "W", Some(0)));
    let past = as_of(&ws, 0).unwrap();
    assert_eq!(past.groups().unwrap().members("team").unwrap(), ["alice", "carol"]);
    assert_eq!((past.ttl(Kind::Working), past.cache.clone()), (Some(3), None));
    assert!(!past.cards[1].life().unwrap().held());
    // At tick 1: carol had left; W was held.
    assert!(!sees(&ws, "carol", "T", Some(1)) && sees(&ws, "bob", "W", Some(1)));
    let past = as_of(&ws, 1).unwrap();
    assert_eq!(past.groups().unwrap().members("team").unwrap(), ["alice"]);
    assert!(past.cards[1].life().unwrap().held());
    assert_eq!(past.ttl(Kind::Working), Some(3));
    // At the clock: the state as it is.
    assert_eq!(as_of(&ws, 2).unwrap().groups(), ws.groups());
    assert_eq!(as_of(&ws, 2).unwrap().cache, Some(Kept::Good(CacheConfig::safe(true))));
}

/// The events read back from the file as they were written; a setting
/// event that can't be read is kept as written and set aside, with why.
#[test]
fn setting_events_round_trip_and_bad_ones_are_set_aside() {
    let mut ws = world();
    for (_, act) in ACTS {
        done(act(&mut ws, if std::ptr::eq(act, &ACTS[1].1) { "bob" } else { "dana" }, "why"));
    }
    let text = ws.to_json_pretty();
    let back = Workspace::from_json(&text).unwrap();
    assert_eq!(back, ws);
    assert_eq!(back.to_json_pretty(), text);
    let settings: Vec<&Setting> = back.events().filter_map(|(_, e)| e.setting.as_deref()).collect();
    assert_eq!(settings.len(), 4);

    let bad = [
        json!({"tick": 0, "action": "members", "actor": "dana", "reason": "why", "group": "team", "members": ["alice"]}),
        json!({"tick": 0, "action": "hold", "actor": "dana", "reason": "why", "card": "W", "hold": "yes"}),
        json!({"tick": 0, "action": "ttl", "actor": "dana", "reason": "why", "kind": "forever", "ttl": 3}),
        json!({"tick": 0, "action": "read", "actor": "bob/w", "query": "報告", "hold": true}),
        json!({"tick": 0, "action": "cache", "actor": "dana", "reason": "why"}),
    ];
    let mut file: serde_json::Value = serde_json::from_str(&world().to_json_pretty()).unwrap();
    file["events"].as_array_mut().unwrap().extend(bad.iter().cloned());
    let loaded = Workspace::from_json(&file.to_string()).unwrap();
    let audit = audit(&loaded);
    let problems: Vec<&str> = audit.entries.iter().filter_map(|e| e.problem.as_ref()).map(|p| p.code()).collect();
    assert_eq!(problems, ["unreadable"; 5]);
    assert!(loaded.to_json_pretty().contains("\"forever\""), "kept as written");
}

/// A workspace written before these acts were logged still opens with its
/// settings as they were, at every tick: members, retention, cache and
/// holds with no event behind them are simply the settings of every tick.
#[test]
fn an_old_workspace_opens_with_its_settings_as_they_were() {
    let old = r#"{
      "users": ["alice", "bob", "carol"], "agents": ["w"], "query": "報告", "canaries": {},
      "cards": [
        {"id": "T", "scope": "GROUP", "group": "team", "owner_user": "alice", "owner_agent": "w", "stream": "reusable",
         "share_approved": true, "situation": "報告", "lesson": "團隊三行", "source": "s", "status": "accepted",
         "approved_by": "dana", "valid_from": 1},
        {"id": "S", "scope": "USER", "owner_user": "bob", "owner_agent": "w", "stream": "reusable",
         "share_approved": false, "situation": "報告", "lesson": "安全規則", "source": "s", "status": "accepted",
         "kind": "working", "hold": true, "valid_from": 1}
      ],
      "clock": 4, "policy_version": 2, "reviewers": ["dana"],
      "groups": {"team": ["alice", "carol"]},
      "retention": {"working": 2},
      "cache": {"key": ["user", "query"], "purge": false},
      "events": [
        {"tick": 1, "action": "publish", "card": "T", "actor": "dana"},
        {"tick": 1, "action": "publish", "card": "S", "actor": "bob"},
        {"tick": 2, "action": "read", "actor": "carol/w", "query": "報告"}
      ]
    }"#;
    let ws = Workspace::from_json(old).unwrap();
    assert!(audit(&ws).problems.is_empty(), "{:?}", audit(&ws).problems);
    for tick in 0..=4 {
        let past = as_of(&ws, tick).unwrap();
        assert_eq!((past.groups(), &past.retention, &past.cache), (ws.groups(), &ws.retention, &ws.cache), "tick {tick}");
        assert!(past.cards.iter().find(|c| c.id == "S").unwrap().life().unwrap().held());
        assert_eq!(past.policy_version(), 2);
    }
    assert!(sees(&ws, "carol", "T", None) && sees(&ws, "carol", "T", Some(2)));
    // Held: never expires, whatever working memory's time to live.
    assert!(sees(&ws, "bob", "S", None));
    // And acting on it from now on logs each change.
    let mut ws = ws;
    done(set_members(&mut ws, "team", &["alice".into()], "dana", "carol left"));
    assert!(!sees(&ws, "carol", "T", Some(4)) && sees(&ws, "carol", "T", Some(3)));
}

/// The cache replay answers each read with the members of its time: carol
/// read T as a member; once she is removed, the cached answer that still
/// holds T is stale, unless purging drops it because T's readers changed.
#[test]
fn a_members_change_makes_a_cached_group_answer_stale_unless_purged() {
    use mixua_policy::{log_read, replay_cache_with};
    let mut ws = world();
    let carol = Viewer::new("carol", "w");
    done(log_read(&mut ws, carol, "報告"));
    done(set_members(&mut ws, "team", &["alice".into()], "dana", "carol moved"));
    done(log_read(&mut ws, carol, "報告"));

    let kept = replay_cache_with(&ws, Some(&CacheConfig::safe(false)));
    assert_eq!(kept.reads[0].hits, ["T"], "a member at tick 0");
    assert_eq!((kept.reads[1].cached.is_some(), kept.reads[1].stale.clone()), (true, vec!["T"]));

    let purged = replay_cache_with(&ws, Some(&CacheConfig::safe(true)));
    assert_eq!(purged.stale().count(), 0);
    assert_eq!(purged.reads[1].cached, None);
    assert!(purged.reads[1].hits.is_empty());
    let purge = &purged.purges[0];
    assert_eq!((purge.card, purge.dropped, purge.readers_changed), ("T", 1, true));
    assert!(mixua_words::explain::purge_text(purge, Lang::En).contains("who may read T changed"));
}
