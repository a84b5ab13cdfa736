//! What one edit changed, on the seed: one tiny case per thing the summary
//! says. Each case is an edit of the seed and the summary expected in words
//! (the words are built from the `Change` value, so they test it too).

use mixua_policy::{change_between, Card, Change, Field, Presence, Workspace};
use mixua_words::{change_text, Lang};
use mixua_course::seed_workspace;

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

/// The seed, with `edit` applied.
fn edited(edit: impl FnOnce(&mut Workspace)) -> Workspace {
    let mut ws = seed_workspace();
    edit(&mut ws);
    ws
}

fn card<'w>(ws: &'w mut Workspace, id: &str) -> &'w mut Card {
    std::rc::Rc::make_mut(ws.cards.iter_mut().find(|c| c.id == id).expect("a seed card"))
}

/// The seed edited by `edit`: does the summary say `expected` (English)?
fn check(edit: impl FnOnce(&mut Workspace), expected: &str) -> Change {
    let after = edited(edit);
    let change = change_between(&seed_workspace(), &after);
    assert_eq!(change_text(&change, Lang::En), expected);
    change
}

/// The same edit undone: the seed edited, back to the seed.
fn check_undo(edit: impl FnOnce(&mut Workspace), expected: &str) {
    let before = edited(edit);
    assert_eq!(change_text(&change_between(&before, &seed_workspace()), Lang::En), expected);
}

#[test]
fn approving_y_puts_it_in_all_four_cells() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let change = check(
        |ws| card(ws, "Y").set_share_approved(true),
        "alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read Y · Y is accepted now · ◎ card Y now singles out alice in bob/writer-v1 and bob/checker-v1 · no alarm",
    );
    assert_eq!(change.cells.len(), 4);
    assert!(change.cells.iter().all(|c| c.presence == Presence::Kept && c.gained == ["Y"] && c.lost.is_empty()));
    assert_eq!(change.now_accepted, ["Y"]);
}

#[test]
fn undoing_y_says_it_left_and_is_rejected_again() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check_undo(
        |ws| card(ws, "Y").set_share_approved(true),
        "alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 no longer read Y · Y is rejected now (sharing not approved) · ◎ mark cleared: card Y no longer singles out alice in bob/writer-v1 and bob/checker-v1 · no alarm",
    );
}

#[test]
fn undoing_a_delete_says_what_came_back() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check_undo(
        |ws| ws.cards.retain(|c| c.id != "G"),
        "alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read G · no alarm",
    );
}

#[test]
fn deleting_a_users_card_touches_only_their_cells() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let change = check(|ws| ws.cards.retain(|c| c.id != "U"), "alice/writer-v1 and alice/checker-v1 no longer read U · no alarm");
    assert!(change.touches(&mixua_policy::ViewerId::new("alice", "checker-v1")));
    assert!(!change.touches(&mixua_policy::ViewerId::new("bob", "checker-v1")));
}

#[test]
fn x_made_reusable_raises_the_alarm_in_bobs_cells() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let change = check(
        |ws| card(ws, "X").set_text(Field::Stream, "reusable".into()),
        "alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read X · X is accepted now · \
         ⚠ leak alarm: alice's canary FAKE-ALICE-731 reaches bob/writer-v1 and bob/checker-v1 through card X",
    );
    assert_eq!(change.alarms_raised.len(), 2);
    assert_eq!(change.alarms_now, 2);
}

#[test]
fn the_alarm_clears_when_x_is_protected_again() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check_undo(
        |ws| card(ws, "X").set_text(Field::Stream, "reusable".into()),
        "alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 no longer read X · \
         X is rejected now (protected content can't be shared) · \
         ✓ alarm cleared: FAKE-ALICE-731 no longer reaches bob/writer-v1 and bob/checker-v1 through card X · no alarm now",
    );
}

#[test]
fn a_canary_typed_into_a_lesson_raises_an_alarm_without_moving_a_card() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let change = check(
        |ws| card(ws, "B").set_text(Field::Lesson, "報告 FAKE-ALICE-731".into()),
        "no cell changed · ⚠ leak alarm: alice's canary FAKE-ALICE-731 reaches bob/writer-v1 and bob/checker-v1 through card B",
    );
    assert!(change.cells.is_empty());
    assert!(change.touches(&mixua_policy::ViewerId::new("bob", "writer-v1")));
}

#[test]
fn rewording_a_lesson_changes_no_cell() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check(|ws| card(ws, "P").set_text(Field::Lesson, "報告只回兩行。".into()), "no cell changed · no alarm");
}

#[test]
fn a_new_user_comes_with_what_they_read() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check(
        |ws| ws.users.push("carol".into()),
        "carol/writer-v1 added, reading A and G · carol/checker-v1 added, reading G · no alarm",
    );
}

#[test]
fn a_removed_agent_is_said_once() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check(|ws| ws.agents.retain(|a| a != "checker-v1"), "alice/checker-v1 and bob/checker-v1 removed · no alarm");
}

#[test]
fn a_card_can_leave_and_another_enter_the_same_cell() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    // P moves from alice's writer to alice's checker.
    check(
        |ws| card(ws, "P").set_text(Field::OwnerAgent, "checker-v1".into()),
        "alice/writer-v1 no longer reads P · alice/checker-v1 now reads P · no alarm",
    );
}

#[test]
fn a_new_rejected_card_is_named() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    check(
        |ws| {
            let mut bad = (*ws.cards[0]).clone();
            bad.id = "N1".into();
            bad.set_text(Field::Scope, "global".into());
            ws.cards.push(bad.into());
        },
        "no cell changed · N1 is rejected now (unknown scope `global`) · no alarm",
    );
}

#[test]
fn an_alarm_that_stays_on_is_still_said() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let mut leaking = seed_workspace();
    card(&mut leaking, "X").set_text(Field::Stream, "reusable".into());
    let mut after = leaking.clone();
    card(&mut after, "P").set_text(Field::Lesson, "報告只回兩行。".into());
    assert_eq!(change_text(&change_between(&leaking, &after), Lang::En), "no cell changed · 2 leak alarms still on");
}

#[test]
fn the_summary_speaks_chinese_too() {
    let after = edited(|ws| card(ws, "Y").set_share_approved(true));
    if has(Lang::ZhTw) {
        assert_eq!(
            change_text(&change_between(&seed_workspace(), &after), Lang::ZhTw),
            "alice/writer-v1、alice/checker-v1、bob/writer-v1 和 bob/checker-v1 現在讀得到 Y · Y 現在通過檢查 · ◎ 卡片 Y 現在在 bob/writer-v1 和 bob/checker-v1 認出了 alice · 沒有警報"
        );
    }
}

#[test]
fn no_edit_no_change() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let change = change_between(&seed_workspace(), &seed_workspace());
    assert_eq!(change, Change::default());
    assert_eq!(change_text(&change, Lang::En), "no cell changed · no alarm");
}
