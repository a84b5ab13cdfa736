//! Every edit says what it did (issue 50, item 4): the re-identification
//! marks that appear or clear, the stale copies the response cache serves
//! or no longer serves, and a change of order in a prompt, each a value of
//! the policy crate said by the words crate, on the lessons' own works.

use mixua_course::{lesson_two_workspace, seed_workspace};
use mixua_policy::{
    change_between, log_read, publish, replay_cache, revoke, set_cache, Card, CacheChange, Field, KeyField, Viewer, Workspace,
};
use mixua_words::{cache_change_parts, change_parts, change_text, Lang};

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

fn card<'w>(ws: &'w mut Workspace, id: &str) -> &'w mut Card {
    std::rc::Rc::make_mut(ws.cards.iter_mut().find(|c| c.id == id).expect("a seed card"))
}

/// Lesson 1's exercise 7: Y approved (since exercise 4), then its lesson
/// rewritten without the clues.
fn y_approved() -> Workspace {
    let mut ws = seed_workspace();
    card(&mut ws, "Y").set_share_approved(true);
    ws
}

#[test]
fn approving_y_says_the_marks_that_appear() {
    let change = change_between(&seed_workspace(), &y_approved());
    assert!(!change.marks_raised.is_empty(), "{change:?}");
    assert!(change.marks_raised.iter().all(|m| m.card == "Y"));
    let text = change_text(&change, Lang::En);
    if has(Lang::En) {
        assert!(text.contains("◎ card Y now singles out alice in bob/writer-v1 and bob/checker-v1"), "{text}");
    }
    let zh = change_text(&change, Lang::ZhTw);
    if has(Lang::ZhTw) {
        assert!(zh.contains("◎ 卡片 Y 現在在 bob/writer-v1 和 bob/checker-v1 認出了 alice"), "{zh}");
    }
}

#[test]
fn rewriting_y_says_the_marks_that_clear_and_not_no_cell_changed() {
    let before = y_approved();
    let mut after = before.clone();
    card(&mut after, "Y").set_text(Field::Lesson, "Reports: prefer blue".into());
    let change = change_between(&before, &after);
    assert!(change.cells.is_empty(), "Y reaches the same cells");
    assert!(change.marks_raised.is_empty());
    let cleared = change.marks_cleared.len();
    assert!(cleared > 0, "{change:?}");
    // Every mark Y made, in every cell, is said cleared.
    let marks_before = change_between(&seed_workspace(), &before).marks_raised.len();
    assert_eq!(cleared, marks_before);
    let parts = change_parts(&change, Lang::En);
    if has(Lang::En) {
        assert!(!parts.iter().any(|p| p == "no cell changed"), "{parts:?}");
    }
    if has(Lang::En) {
        assert!(parts.iter().any(|p| p == "◎ mark cleared: card Y no longer singles out alice in bob/writer-v1 and bob/checker-v1"), "{parts:?}");
    }
    if has(Lang::En) {
        assert_eq!(parts.last().map(String::as_str), Some("no alarm"));
    }
    let zh = change_parts(&change, Lang::ZhTw);
    if has(Lang::ZhTw) {
        assert!(zh.iter().any(|p| p == "◎ 標記解除:卡片 Y 不再在 bob/writer-v1 和 bob/checker-v1 認出 alice"), "{zh:?}");
    }
    // The cells the marks were in are the cells the change touches.
    assert!(change.touches(&mixua_policy::ViewerId::new("bob", "checker-v1")));
    // Undone, the marks are said to appear again.
    let back = change_between(&after, &before);
    assert_eq!(back.marks_raised.len(), cleared);
}

#[test]
fn a_stale_copy_served_by_the_cache_is_said_and_so_is_its_purge() {
    // Lesson 2's exercise 6: A revoked, then asked for again.
    let mut ws = lesson_two_workspace(Lang::En);
    publish(&mut ws, "A", "dana").unwrap();
    let bob = Viewer::new("bob", "writer-v1");
    log_read(&mut ws, bob, "report").unwrap();
    revoke(&mut ws, "A", "dana", "no longer checked").unwrap();
    let before = ws.clone();
    log_read(&mut ws, bob, "report").unwrap();
    let (b, a) = (replay_cache(&before), replay_cache(&ws));
    let served = CacheChange::between(Some(&b), Some(&a));
    assert_eq!(served.stale_served.len(), 1, "{served:?}");
    assert_eq!((served.stale_served[0].viewer.as_str(), served.stale_served[0].cards.clone()), ("bob/writer-v1", vec!["A".to_string()]));
    let tick = served.stale_served[0].tick;
    let parts = cache_change_parts(&served, Lang::En);
    if has(Lang::En) {
        assert_eq!(parts, [format!("⚠ stale copy: the response cache served A to bob/writer-v1 at tick {tick}, no longer theirs to read")]);
    }
    let zh = cache_change_parts(&served, Lang::ZhTw);
    if has(Lang::ZhTw) {
        assert_eq!(zh, [format!("⚠ 過時的副本:回應快取在時刻 {tick} 把 A 交給 bob/writer-v1,它已經不能讀了")]);
    }
    // The change of the whole step says it beside the views' change.
    let change = change_between(&before, &ws).with_cache(Some(&b), Some(&a));
    let text = change_text(&change, Lang::En);
    if has(Lang::En) {
        assert!(text.starts_with("no cell changed · ⚠ stale copy: "), "{text}");
    }
    if has(Lang::En) {
        assert!(text.ends_with(" · no alarm"), "{text}");
    }

    // Purging on: the stale copy is no longer served.
    let stale = ws.clone();
    set_cache(&mut ws, &KeyField::ALL, true, "dana", "stale copies").unwrap();
    let (b, a) = (replay_cache(&stale), replay_cache(&ws));
    let purged = CacheChange::between(Some(&b), Some(&a));
    assert_eq!((purged.stale_served.len(), purged.stale_cleared.len()), (0, 1), "{purged:?}");
    if has(Lang::En) {
        assert_eq!(
            cache_change_parts(&purged, Lang::En),
            [format!("✓ stale copy gone: the response cache no longer serves A to bob/writer-v1 at tick {tick}")]
        );
    }
    // Nothing changed in the cache: nothing said of it.
    assert!(CacheChange::between(Some(&a), Some(&a)).is_empty());
}

#[test]
fn a_cache_leak_is_an_alarm_of_the_step() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    // Lesson 2's exercise 5: a key of the query alone hands alice's canary
    // over to another user.
    let mut ws = lesson_two_workspace(Lang::En);
    let before = ws.clone();
    set_cache(&mut ws, &[KeyField::Query], false, "dana", "faster").unwrap();
    let (b, a) = (replay_cache(&before), replay_cache(&ws));
    let change = change_between(&before, &ws).with_cache(Some(&b), Some(&a));
    assert!(!change.cache.leaks_raised.is_empty(), "{change:?}");
    let text = change_text(&change, Lang::En);
    assert!(text.contains("⚠ cache leak: the response cache hands alice's canary FAKE-ALICE-731 to "), "{text}");
    assert!(!text.ends_with("no alarm"), "a cache leak is an alarm: {text}");
}

#[cfg(feature = "lesson3")]
#[test]
fn raising_the_review_weight_says_r_now_ranks_above_f() {
    use mixua_course::lesson_three::solutions;
    use mixua_policy::prompt::{prompt_changes, task_for, Assembler, PromptConfig, Weights};
    use mixua_policy::Kept;
    use mixua_words::prompt_words::prompt_change_words;
    // Lesson 3's exercise 5 starts where exercise 4's solution ends.
    let before = solutions(Lang::En)[3].clone().expect("exercise 4 has a solution");
    let mut after = before.clone();
    let mut config: PromptConfig = after.prompt_config().cloned().unwrap_or_default();
    let weights = config.weights.unwrap_or_default();
    config.weights = Some(Weights { review: 2, ..weights });
    after.prompt = Some(Kept::Good(config));
    let prompts = |ws: &Workspace| -> Vec<mixua_policy::prompt::Prompt> {
        let mut out = Vec::new();
        for user in &ws.users {
            for agent in &ws.agents {
                let viewer = Viewer::new(user, agent);
                let (query, _) = task_for(ws, viewer, None);
                out.push(Assembler::new(ws, query).prompt(viewer));
            }
        }
        out
    };
    let changes = prompt_changes(&before, &prompts(&before), &after, &prompts(&after));
    let alice = changes.iter().find(|c| c.viewer.key() == "alice/writer-v1").expect("alice/writer-v1's prompt changed");
    assert!(alice.moved_up.contains(&("R".to_string(), "F".to_string())), "{alice:?}");
    let words = prompt_change_words(alice, Lang::En);
    assert!(words.contains("R now ranks above F"), "{words}");
    assert!(prompt_change_words(alice, Lang::ZhTw).contains("R 排到了 F 前面"));
}
