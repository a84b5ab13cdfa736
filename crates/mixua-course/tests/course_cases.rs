//! Lesson 2's workspace and the helpers the playground's second lesson
//! asks of the crate, one case per exercise it makes possible.

use mixua_policy::{
    as_of, audit, delete, history, propose, publish, replay_cache, replay_cache_with, rollback, Action,
    CacheConfig, Evaluation, KeyField, Policy, Refusal, Status, Viewer, Workspace,
};
use mixua_words::Lang;
use mixua_course::{draft_copy, draft_version, lesson_two_workspace, log_history, next_id, traces};

fn ids(ws: &Workspace, viewer: &str) -> Vec<String> {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    let views = eval.views();
    let at = eval.viewers().position(|v| v.key() == viewer).unwrap_or_else(|| panic!("no viewer {viewer}"));
    views[at].iter().map(|&i| ws.cards[i].id.clone()).collect()
}

fn all_views(ws: &Workspace) -> Vec<Vec<String>> {
    let eval = Evaluation::new(ws, &ws.query, Policy::FourScope);
    eval.views().into_iter().map(|v| v.into_iter().map(|i| ws.cards[i].id.clone()).collect()).collect()
}

fn index(ws: &Workspace, id: &str) -> usize {
    ws.cards.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}"))
}

fn both() -> [Workspace; 2] {
    [lesson_two_workspace(Lang::ZhTw), lesson_two_workspace(Lang::En)]
}

#[test]
fn lesson_two_starts_with_a_clean_log_and_a_candidate_a() {
    for ws in both() {
        let audit = audit(&ws);
        assert!(audit.problems.is_empty(), "{:?}", audit.problems);
        assert!(audit.entries.iter().all(|e| e.problem.is_none()));
        assert_eq!(ws.clock(), 3);
        assert_eq!(ws.cards[index(&ws, "A")].status(), Status::Candidate);
        for viewer in ["alice/writer-v1", "bob/writer-v1", "carol/writer-v1"] {
            assert!(!ids(&ws, viewer).contains(&"A".to_string()), "{viewer}");
        }
        // The poisoned G2 is in effect and G is superseded.
        assert!(ids(&ws, "bob/checker-v1").contains(&"G2".to_string()));
        assert!(!ids(&ws, "bob/checker-v1").contains(&"G".to_string()));
        // As of the clock is now.
        assert_eq!(all_views(&as_of(&ws, 3).unwrap()), all_views(&ws));
    }
}

#[test]
fn exercise_1_a_writer_cannot_publish_its_own_card_a_reviewer_can() {
    let mut ws = lesson_two_workspace(Lang::En);
    assert!(matches!(publish(&mut ws, "A", "writer-v1"), Err(Refusal::NotAReviewer { .. })));
    assert!(matches!(publish(&mut ws, "A", "alice/writer-v1"), Err(Refusal::NotAReviewer { .. })));
    // A reviewer who wrote it is refused too.
    let mut reviewers_write = ws.clone();
    reviewers_write.reviewers = Some(mixua_policy::Kept::Good(vec!["dana".into(), "writer-v1".into()]));
    assert!(matches!(publish(&mut reviewers_write, "A", "writer-v1"), Err(Refusal::ReviewerIsWriter { .. })));
    publish(&mut ws, "A", "dana").unwrap();
    assert!(ids(&ws, "bob/writer-v1").contains(&"A".to_string()));
    assert!(!ids(&ws, "bob/checker-v1").contains(&"A".to_string()));
    let actions: Vec<(Action, String)> =
        ws.events().filter(|(_, e)| e.card.as_deref() == Some("A")).map(|(_, e)| (e.action, e.actor.to_string())).collect();
    assert_eq!(actions, vec![(Action::Propose, "alice/writer-v1".into()), (Action::Publish, "dana".into())]);
}

#[test]
fn exercise_2_a_copy_for_writer_v2_reaches_nobody_until_someone_else_publishes_it() {
    let mut ws = lesson_two_workspace(Lang::ZhTw);
    publish(&mut ws, "A", "dana").unwrap();
    ws.agents.push("writer-v2".into());
    // Before: writer-v2 sees no A.
    assert!(!ids(&ws, "bob/writer-v2").contains(&"A".to_string()));
    let writer = Viewer::new("alice", "writer-v2");
    let copy = draft_copy(&ws, index(&ws, "A"), writer).unwrap();
    assert_eq!((copy.id.as_str(), copy.owner_agent.as_str()), ("A2", "writer-v2"));
    propose(&mut ws, writer, copy).unwrap();
    assert!(!ids(&ws, "bob/writer-v2").contains(&"A2".to_string()));
    assert!(matches!(publish(&mut ws, "A2", "alice"), Err(Refusal::NotAReviewer { .. })));
    publish(&mut ws, "A2", "dana").unwrap();
    assert!(ids(&ws, "bob/writer-v2").contains(&"A2".to_string()));
    assert!(ids(&ws, "alice/writer-v2").contains(&"A2".to_string()));
    // A is unchanged for writer-v1.
    assert!(ids(&ws, "bob/writer-v1").contains(&"A".to_string()));
    assert!(!ids(&ws, "bob/writer-v1").contains(&"A2".to_string()));
}

#[test]
fn exercise_7_rolling_back_the_poisoned_g2_restores_the_views_from_before_it() {
    let mut ws = lesson_two_workspace(Lang::En);
    // G2 was published at tick 2; the views just before are those of tick 1.
    let before = all_views(&as_of(&ws, 1).unwrap());
    assert!(matches!(rollback(&mut ws, "G2", "dana", " "), Err(Refusal::NoReason { .. })));
    assert!(matches!(rollback(&mut ws, "G2", "bob", "bad"), Err(Refusal::NotAllowed { .. })));
    rollback(&mut ws, "G2", "dana", "poisoned: drops the re-check of totals").unwrap();
    assert_eq!(all_views(&ws), before);
    let g2 = history(&ws, "G2").unwrap();
    assert_eq!(g2.status, Status::RolledBack);
    assert_eq!(g2.events.len(), 3);
    // A write by bob/writer-v1 of a card owned by alice is refused.
    let version = draft_version(&ws, index(&ws, "G")).unwrap();
    assert_eq!(version.id, "G3");
    assert!(matches!(propose(&mut ws, Viewer::new("bob", "writer-v1"), version), Err(Refusal::NotWritersOwn { .. })));
}

#[test]
fn exercise_5_a_deleted_canary_is_found_nowhere_and_the_past_shows_a_tombstone() {
    let mut ws = lesson_two_workspace(Lang::ZhTw);
    let before = traces(&ws, "FAKE-ALICE-731");
    assert!(before.views.contains(&"alice/writer-v1".to_string()), "{before:?}");
    assert!(!before.reads.is_empty());
    delete(&mut ws, "U", "alice", "alice asked to be forgotten").unwrap();
    let after = traces(&ws, "FAKE-ALICE-731");
    assert!(after.is_clear(), "{after:?}");
    let past = as_of(&ws, 0).unwrap();
    let u = &past.cards[index(&past, "U")];
    assert!(u.is_tombstone() && u.lesson.is_empty());
}

#[test]
fn exercise_3_a_query_only_key_leaks_alices_canary_to_bob() {
    let ws = lesson_two_workspace(Lang::En);
    let safe = replay_cache(&ws);
    assert_eq!((safe.leaks().count(), safe.stale().count(), safe.served().count()), (0, 0, 0));
    let query_only = CacheConfig { key: vec![KeyField::Query], purge: Some(false) };
    let replay = replay_cache_with(&ws, Some(&query_only));
    let leak = replay.leaks().next().expect("a leak");
    assert_eq!((leak.viewer.as_str(), leak.token.as_str()), ("bob/checker-v1", "FAKE-ALICE-731"));
}

#[test]
fn opening_a_history_is_logged_without_any_text() {
    let mut ws = lesson_two_workspace(Lang::En);
    let event = log_history(&mut ws, "G2", "alice").unwrap();
    assert_eq!((event.action, event.tick), (Action::History, 3));
    assert!(audit(&ws).entries.iter().all(|e| e.problem.is_none()));
    assert!(matches!(log_history(&mut ws, "nope", "alice"), Err(Refusal::UnknownCard { .. })));
    assert!(matches!(log_history(&mut ws, "G2", " "), Err(Refusal::NoActor)));
    assert!(traces(&ws, "no re-check").events.is_empty());
}

#[test]
fn next_ids_count_up_from_the_stem() {
    let ws = lesson_two_workspace(Lang::En);
    assert_eq!(next_id(&ws, "G"), "G3");
    assert_eq!(next_id(&ws, "G2"), "G3");
    assert_eq!(next_id(&ws, "A"), "A2");
    assert_eq!(next_id(&ws, "7"), "72");
}

#[test]
fn exercise_4_a_revoked_card_is_served_stale_until_purging_is_on() {
    let mut ws = lesson_two_workspace(Lang::En);
    publish(&mut ws, "A", "dana").unwrap();
    let bob = Viewer::new("bob", "writer-v1");
    mixua_policy::log_read(&mut ws, bob, "report").unwrap();
    mixua_policy::revoke(&mut ws, "A", "dana", "no longer checked").unwrap();
    mixua_policy::log_read(&mut ws, bob, "report").unwrap();
    let stale: Vec<Vec<&str>> = replay_cache(&ws).stale().map(|r| r.stale.clone()).collect();
    assert_eq!(stale, vec![vec!["A"]]);
    let purging = CacheConfig { purge: Some(true), ..CacheConfig::safe(true) };
    assert_eq!(replay_cache_with(&ws, Some(&purging)).stale().count(), 0);
}

#[test]
fn exercise_7_the_sweep_expires_working_and_episodic_cards_and_keeps_the_held_rule() {
    let mut ws = lesson_two_workspace(Lang::En);
    for to in 4..=6 {
        mixua_policy::sweep(&mut ws, to, "retention").unwrap();
    }
    let expired: Vec<(String, String)> = ws
        .events()
        .filter(|(_, e)| e.action == Action::Expire)
        .map(|(_, e)| (e.card.as_deref().unwrap_or("").to_string(), e.reason.as_deref().unwrap_or("").to_string()))
        .collect();
    assert_eq!(expired, vec![("W".to_string(), "ttl:working".to_string()), ("E".to_string(), "ttl:episodic".to_string())]);
    // S is held: past its procedural time to live, still in every view.
    let eval = Evaluation::new(&ws, &ws.query, Policy::FourScope);
    let s = index(&ws, "S");
    assert!(eval.views().iter().all(|view| view.contains(&s)));
    // A tier changes no view.
    let before = all_views(&ws);
    std::rc::Rc::make_mut(&mut ws.cards[s]).life_mut().tier = Some("hot".into());
    assert_eq!(all_views(&ws), before);
}

#[test]
fn exercise_8_a_group_card_reaches_exactly_its_members() {
    let mut ws = lesson_two_workspace(Lang::En);
    ws.users.extend(["dave".to_string(), "erin".to_string()]);
    let reached = |ws: &Workspace| -> Vec<String> {
        ws.users.iter().filter(|u| ws.agents.iter().all(|a| ids(ws, &format!("{u}/{a}")).contains(&"T".to_string()))).cloned().collect()
    };
    assert_eq!(reached(&ws), ["alice", "carol"]);
    ws.groups = Some(mixua_policy::Kept::Good(mixua_policy::Groups(vec![(
        "report-team".into(),
        vec!["alice".into(), "carol".into(), "dave".into()],
    )])));
    assert_eq!(reached(&ws), ["alice", "carol", "dave"]);
    assert!(!ids(&ws, "bob/writer-v1").contains(&"T".to_string()));
}
