//! The reducer, natively: every edit goes through `Action`, undo restores
//! the work, and refused edits change nothing but the notice.

use mixua_playground::derive::views::Computed;
use mixua_playground::store::state::{Action, AppState, Doc, Edit, Mode, Notice, Panel, Ui, UiAction, HISTORY};
use mixua_policy::policy::NameError;
use mixua_policy::{Field, ViewerId};

mod common;
use common::*;


/// A viewer from its `user/agent` key.
fn vid(key: &str) -> ViewerId {
    ViewerId::parse_key(key).expect("a user/agent key")
}

fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

fn ids(state: &AppState, user: &str, agent: &str) -> Vec<String> {
    let computed = Computed::new(state.workspace());
    let v = computed.viewer_index(user, agent).expect("viewer exists");
    computed.four.views[v].iter().map(|&i| state.workspace().cards[i].id.clone()).collect()
}

fn index_of(state: &AppState, id: &str) -> usize {
    state.workspace().cards.iter().position(|c| c.id == id).expect("card exists")
}

#[test]
fn seed_views_are_the_seeds() {
    let s = seed();
    assert_eq!(ids(&s, "alice", "writer-v1"), ["P", "U", "A", "G"]);
    assert_eq!(ids(&s, "alice", "checker-v1"), ["U", "G"]);
    assert_eq!(ids(&s, "bob", "writer-v1"), ["A", "G", "B"]);
    assert_eq!(ids(&s, "bob", "checker-v1"), ["G", "B"]);
}

#[test]
fn approving_y_shows_it_everywhere_and_undo_hides_it_again() {
    let mut s = seed();
    let y = index_of(&s, "Y");
    assert!(s.apply(Action::Edit(Edit::SetApproved { card: "Y".into(), approved: true })));
    for (u, a) in [("alice", "writer-v1"), ("alice", "checker-v1"), ("bob", "writer-v1"), ("bob", "checker-v1")] {
        assert!(ids(&s, u, a).contains(&"Y".to_string()), "{u}/{a}");
    }
    assert_eq!(Computed::new(s.workspace()).four.leak_count(), 0);
    assert!(s.apply(Action::Undo));
    assert_eq!(*s.doc, Doc::seed());
    assert!(s.apply(Action::Redo));
    assert!(s.workspace().cards[y].share_approved);
}

#[test]
fn reusable_x_leaks_alices_canary_to_bob() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::EditText { card: "X".into(), field: Field::Stream, value: "reusable".into() }));
    let computed = Computed::new(s.workspace());
    let bob = computed.viewer_index("bob", "checker-v1").unwrap();
    assert_eq!(computed.four.leaks[bob].len(), 1);
    assert_eq!(computed.four.leaks[bob][0].token, "FAKE-ALICE-731");
}

#[test]
fn carol_with_a_user_card_sees_it_alone() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::AddUser("carol".into())));
    s.apply(Action::Edit(Edit::AddCard));
    let n = s.workspace().cards.len() - 1;
    s.apply(Action::Edit(Edit::EditText { card: s.workspace().cards[n].id.clone(), field: Field::OwnerUser, value: "carol".into() }));
    let id = s.workspace().cards[n].id.clone();
    for user in ["alice", "bob", "carol"] {
        for agent in ["writer-v1", "checker-v1"] {
            assert_eq!(ids(&s, user, agent).contains(&id), user == "carol", "{user}/{agent}");
        }
    }
}

#[test]
fn typing_in_one_field_is_one_undo_step() {
    let mut s = seed();
    for q in ["報", "報告", "報告X"] {
        s.apply(Action::Edit(Edit::SetQuery(q.into())));
    }
    assert_eq!(s.past.len(), 1);
    s.apply(Action::Undo);
    assert_eq!(s.workspace().query, "報告");
}

#[test]
fn refused_names_change_nothing_but_the_notice() {
    let mut s = seed();
    let before = s.doc.clone();
    for (name, notice) in [
        ("  ", Notice::BadName { name: "".into(), error: NameError::Empty }),
        ("alice", Notice::NameTaken("alice".into())),
        ("a/b", Notice::BadName { name: "a/b".into(), error: NameError::Slash }),
        ("a\tb", Notice::BadName { name: "a\tb".into(), error: NameError::ControlCharacter { code: 9 } }),
        ("ali\u{200b}ce", Notice::BadName { name: "ali\u{200b}ce".into(), error: NameError::InvisibleCharacter { code: 0x200b } }),
        ("bob\u{202e}", Notice::BadName { name: "bob\u{202e}".into(), error: NameError::InvisibleCharacter { code: 0x202e } }),
    ] {
        s.apply(Action::Edit(Edit::AddUser(name.into())));
        assert_eq!(s.ui.screen.notice, Some(notice));
        assert_eq!(s.doc, before);
    }
    assert!(s.past.is_empty());
}

#[test]
fn renaming_a_user_follows_cards_and_canaries() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::RenameUser { from: "alice".into(), to: "amy".into() }));
    assert!(s.workspace().cards.iter().filter(|c| c.id == "U").all(|c| c.owner_user == "amy"));
    assert_eq!(s.workspace().canaries.of_user("amy"), ["FAKE-ALICE-731".to_string()]);
    assert_eq!(ids(&s, "amy", "checker-v1"), ["U", "G"]);
}

#[test]
fn deleting_a_card_removes_it_from_every_view() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::DeleteCard("G".into())));
    let computed = Computed::new(s.workspace());
    for view in &computed.four.views {
        assert!(view.iter().all(|&i| s.workspace().cards[i].id != "G"));
    }
}

#[test]
fn load_replaces_the_work_and_one_undo_brings_it_back() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::SetQuery("mine".into())));
    let mine = s.doc.clone();
    let mut other = Doc::seed();
    std::rc::Rc::make_mut(&mut other.workspace).cards.truncate(2);
    s.apply(Action::Edit(Edit::Load { doc: other.clone(), source: "file".into() }));
    assert_eq!(*s.doc, other);
    s.apply(Action::Undo);
    assert_eq!(s.doc, mine);
}

/// A file equal to the work shown (a lesson's start exported at once, then
/// imported on a fresh page) still answers: "Loaded …", with no undo step,
/// since nothing changed. Before, the answer was dropped with the no-op.
#[test]
fn loading_a_file_equal_to_the_work_still_says_it_was_loaded() {
    let mut s = seed();
    let same = (*s.doc).clone();
    assert!(s.apply(Action::Edit(Edit::Load { doc: same.clone(), source: "same.json".into() })), "the state changed: the answer");
    assert_eq!(*s.doc, same);
    assert!(s.past.is_empty(), "no undo step for a load that changed nothing");
    assert!(matches!(&s.ui.screen.notice, Some(Notice::Loaded { source, .. }) if source == "same.json"), "{:?}", s.ui.screen.notice);
    // Twice in a row: said again.
    s.ui.screen.notice = Some(Notice::Loaded { source: "same.json".into(), cards: 0, rejected: 0 });
    assert!(s.apply(Action::Edit(Edit::Load { doc: same, source: "same.json".into() })));
}

#[test]
fn predictions_toggle_and_follow_renames() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid("bob/writer-v1"), card: "A".into() }));
    s.apply(Action::Edit(Edit::RenameAgent { from: "writer-v1".into(), to: "writer-v2".into() }));
    assert!(s.doc.predictions[&vid("bob/writer-v2")].contains("A"));
    s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid("bob/writer-v2"), card: "A".into() }));
    assert!(s.doc.predictions.is_empty());
}

#[test]
fn duplicating_a_card_inserts_a_copy_with_a_fresh_id_after_it() {
    let mut s = seed();
    let a = index_of(&s, "A");
    assert!(s.apply(Edit::DuplicateCard("A".into())));
    let copy = &s.workspace().cards[a + 1];
    assert_eq!(copy.id, "A-1");
    assert_eq!(copy.lesson, s.workspace().cards[a].lesson);
    assert_eq!(s.ui.screen.selected, Some(a + 1));
    // The copy is evaluated like the original: an AGENT card of writer-v1.
    assert_eq!(ids(&s, "bob", "writer-v1"), ["A", "A-1", "G", "B"]);
    assert!(s.apply(Action::Undo));
    assert_eq!(*s.doc, Doc::seed());
}

#[test]
fn removing_a_user_drops_the_row_and_its_predictions_only() {
    let mut s = seed();
    s.apply(Edit::TogglePrediction { viewer: vid("bob/writer-v1"), card: "A".into() });
    s.apply(Edit::TogglePrediction { viewer: vid("alice/writer-v1"), card: "P".into() });
    s.apply(UiAction::ExpandCell(vid("bob/checker-v1")));
    assert!(s.apply(Edit::RemoveUser("bob".into())));
    assert_eq!(s.workspace().users, ["alice"]);
    assert_eq!(s.doc.predictions.keys().map(|v| v.key()).collect::<Vec<_>>(), ["alice/writer-v1"]);
    assert!(s.ui.screen.expanded.is_empty());
    // Bob's cards stay (they are data); they just have no row to show in.
    assert!(s.workspace().cards.iter().any(|c| c.id == "B"));
    assert_eq!(Computed::new(s.workspace()).viewers.len(), 2);
}

#[test]
fn removing_an_agent_drops_the_column_and_its_predictions_only() {
    let mut s = seed();
    s.apply(Edit::TogglePrediction { viewer: vid("bob/checker-v1"), card: "G".into() });
    s.apply(Edit::TogglePrediction { viewer: vid("bob/writer-v1"), card: "A".into() });
    assert!(s.apply(Edit::RemoveAgent("checker-v1".into())));
    assert_eq!(s.workspace().agents, ["writer-v1"]);
    assert_eq!(s.doc.predictions.keys().map(|v| v.key()).collect::<Vec<_>>(), ["bob/writer-v1"]);
}

#[test]
fn canaries_are_added_trimmed_refused_empty_and_removed() {
    let mut s = seed();
    assert!(s.apply(Edit::AddCanary { user: "bob".into(), token: "  FAKE-BOB-999 ".into() }));
    assert_eq!(s.workspace().canaries.of_user("bob"), ["FAKE-BOB-852".to_string(), "FAKE-BOB-999".to_string()]);
    let before = s.doc.clone();
    s.apply(Edit::AddCanary { user: "bob".into(), token: "   ".into() });
    assert_eq!(s.ui.screen.notice, Some(Notice::TokenEmpty));
    assert_eq!(s.doc, before);
    assert!(s.apply(Edit::RemoveCanary { user: "alice".into(), token: "FAKE-ALICE-731".into() }));
    assert!(s.workspace().canaries.of_user("alice").is_empty());
    // Without the canary registered, X made reusable leaks nothing detectable.
    s.apply(Edit::EditText { card: "X".into(), field: Field::Stream, value: "reusable".into() });
    assert_eq!(Computed::new(s.workspace()).four.leak_count(), 0);
}

#[test]
fn history_keeps_the_last_200_steps() {
    let mut s = seed();
    for n in 0..HISTORY + 25 {
        assert!(s.apply(Edit::SetApproved { card: "Y".into(), approved: n % 2 == 0 }));
    }
    assert_eq!(s.past.len(), HISTORY);
    let mut undone = 0;
    while s.apply(Action::Undo) {
        undone += 1;
    }
    assert_eq!(undone, HISTORY);
    assert_eq!(s.future.len(), HISTORY);
}

#[test]
fn a_new_edit_clears_redo() {
    let mut s = seed();
    s.apply(Edit::SetQuery("x".into()));
    s.apply(Action::Undo);
    assert_eq!(s.future.len(), 1);
    s.apply(Edit::AddCard);
    assert!(s.future.is_empty());
    assert!(!s.apply(Action::Redo));
}

#[test]
fn an_edit_that_changes_nothing_is_no_undo_step() {
    let mut s = seed();
    assert!(!s.apply(Edit::SetApproved { card: "Y".into(), approved: false }));
    assert!(!s.apply(Edit::RenameUser { from: "alice".into(), to: "alice".into() }));
    assert!(s.past.is_empty());
}

#[test]
fn ui_moves_are_not_undone() {
    let mut s = seed();
    let g = index_of(&s, "G");
    assert!(s.apply(UiAction::Inspect { card: g, viewer: vid("bob/checker-v1") }));
    assert_eq!((s.ui.screen.selected, s.ui.screen.viewer.clone()), (Some(g), Some(vid("bob/checker-v1"))));
    assert!(!s.apply(UiAction::Inspect { card: 99, viewer: vid("bob/checker-v1") }), "no such card");
    assert!(s.apply(UiAction::Select(None)));
    assert_eq!((s.ui.screen.selected, s.ui.screen.viewer.clone()), (None, None));
    for action in [
        UiAction::SetLang(mixua_words::Lang::En),
        UiAction::SetMode(Mode::Predict { revealed: false }),
        UiAction::EditorPage(0),
        UiAction::LessonStep(3),
        UiAction::SetClassroom(true),
        UiAction::ShowPanel(Panel::Editor),
        UiAction::Notify(Notice::LinkCopied),
        UiAction::DismissNotice,
    ] {
        assert!(s.apply(action.clone()), "{action:?}");
    }
    assert_eq!(s.ui.lesson_step, 3);
    assert!(s.ui.screen.classroom);
    assert!(s.past.is_empty(), "no UI move is an undo step");
    // Idempotent moves report no change, so nothing re-renders.
    assert!(s.apply(UiAction::Seen("x-alarm".into())));
    assert!(!s.apply(UiAction::Seen("x-alarm".into())));
    assert!(s.apply(UiAction::ExpandCell(vid("alice/writer-v1"))));
    assert!(!s.apply(UiAction::ExpandCell(vid("alice/writer-v1"))));
    assert!(s.apply(UiAction::Missed(2)));
    assert!(!s.apply(UiAction::Missed(2)));
}

#[test]
fn answers_are_kept_and_a_wrong_one_is_a_miss_without_a_hint() {
    let mut s = seed();
    s.apply(UiAction::Answer { step: 1, option: 0, right: false });
    assert!(s.ui.progress.missed.contains(&1));
    assert_eq!(s.ui.progress.hints_shown(1), 0);
    s.apply(UiAction::Answer { step: 1, option: 1, right: true });
    assert_eq!(s.ui.progress.answers[&1], 1);
}

#[test]
fn deleting_the_selected_card_deselects_and_later_selections_shift() {
    let mut s = seed();
    let y = index_of(&s, "Y");
    s.apply(UiAction::Select(Some(y)));
    s.apply(Edit::DeleteCard("G".into()));
    assert_eq!(s.ui.screen.selected, Some(y - 1), "Y moved up one");
    s.apply(Edit::DeleteCard("Y".into()));
    assert_eq!(s.ui.screen.selected, None);
}

/// The findings of the probe in one viewer's cell, as (card, user, k).
fn reid(state: &AppState, user: &str, agent: &str) -> Vec<(String, String, usize)> {
    let computed = Computed::new(state.workspace());
    let v = computed.viewer_index(user, agent).expect("viewer exists");
    computed.reid[v].iter().map(|f| (f.card.clone(), f.user.clone(), f.k)).collect()
}

#[test]
fn approving_y_flags_alice_in_bobs_cells_and_not_in_hers() {
    let mut s = seed();
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    let found = vec![("Y".to_string(), "alice".to_string(), 1)];
    assert_eq!(reid(&s, "bob", "writer-v1"), found);
    assert_eq!(reid(&s, "bob", "checker-v1"), found);
    assert!(reid(&s, "alice", "writer-v1").is_empty());
    // No canary alarm all the same.
    assert_eq!(Computed::new(s.workspace()).four.leak_count(), 0);
}

#[test]
fn profile_facts_are_set_trimmed_replaced_removed_and_undone() {
    let mut s = seed();
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    // Bob becomes a polar researcher too: for carol, Y's job title points at
    // two people (k = 2), but the job and the weekday together still point
    // at alice alone.
    s.apply(Edit::AddUser("carol".into()));
    assert_eq!(reid(&s, "carol", "writer-v1"), [("Y".to_string(), "alice".to_string(), 1)]);
    assert!(s.apply(Edit::SetProfileFact { user: "bob".into(), key: " 職業 ".into(), value: " 極地研究員 ".into() }));
    let bob = s.workspace().profiles().unwrap().of_user("bob").unwrap().facts().collect::<Vec<_>>();
    assert_eq!(bob, [("值班日", "週四"), ("職業", "極地研究員")]);
    assert_eq!(reid(&s, "carol", "writer-v1"), [("Y".to_string(), "alice".to_string(), 1), ("Y".to_string(), "bob".to_string(), 2)]);
    // And on Tuesdays too: now nobody is singled out for carol.
    s.apply(Edit::SetProfileFact { user: "bob".into(), key: "值班日".into(), value: "週二".into() });
    assert_eq!(reid(&s, "carol", "writer-v1"), [("Y".to_string(), "alice".to_string(), 2), ("Y".to_string(), "bob".to_string(), 2)]);
    // A new user's first fact makes their profile.
    s.apply(Edit::SetProfileFact { user: "carol".into(), key: "city".into(), value: "Oslo".into() });
    assert!(s.workspace().profiles().unwrap().of_user("carol").is_some());
    s.apply(Edit::RemoveProfileFact { user: "carol".into(), key: "city".into() });
    assert!(s.workspace().profiles().unwrap().of_user("carol").is_none());
    // Each change is one undo step.
    s.apply(Action::Undo);
    s.apply(Action::Undo);
    s.apply(Action::Undo);
    assert_eq!(reid(&s, "carol", "writer-v1"), [("Y".to_string(), "alice".to_string(), 1), ("Y".to_string(), "bob".to_string(), 2)]);
}

#[test]
fn an_empty_fact_or_unreadable_profiles_change_nothing_but_the_notice() {
    let mut s = seed();
    let before = s.doc.clone();
    s.apply(Edit::SetProfileFact { user: "alice".into(), key: " ".into(), value: "x".into() });
    assert_eq!(s.ui.screen.notice, Some(Notice::FactEmpty));
    s.apply(Edit::SetProfileFact { user: "alice".into(), key: "city".into(), value: "".into() });
    assert_eq!(s.doc, before);
    assert!(s.past.is_empty());
    let mut ws = (*s.doc.workspace).clone();
    ws.profiles = Some(mixua_policy::Kept::Bad(serde_json::json!(["alice"])));
    s.apply(Edit::Load { doc: Doc { workspace: std::rc::Rc::new(ws), predictions: Default::default() }, source: "file".into() });
    let loaded = s.doc.clone();
    s.apply(Edit::SetProfileFact { user: "alice".into(), key: "city".into(), value: "Oslo".into() });
    assert_eq!(s.ui.screen.notice, Some(Notice::ProfilesUnreadable));
    assert_eq!(s.doc, loaded, "the profiles are kept as written");
}

#[test]
fn renaming_a_user_follows_their_profile() {
    let mut s = seed();
    s.apply(Edit::RenameUser { from: "alice".into(), to: "ada".into() });
    let profiles = s.workspace().profiles().unwrap();
    assert!(profiles.of_user("alice").is_none());
    assert_eq!(profiles.of_user("ada").unwrap().facts().count(), 2);
}

/// A work opened from Recent work (or a file of the other lesson) brings
/// its own lesson, step and progress: lesson 2's work never shows lesson 1's
/// exercises, and one work's progress never lands in another's slot.
#[test]
fn opening_a_work_brings_its_lesson_step_and_progress() {
    use mixua_playground::store::lesson::Course;
    use mixua_playground::store::progress::Progress;
    let mut s = seed();
    s.apply(Action::Ui(UiAction::StepsDone(vec![0, 1])));
    assert_ne!(s.ui.progress, Progress::default());
    let lesson_two = Doc { workspace: std::rc::Rc::new(mixua_course::lesson_two_workspace(mixua_words::Lang::En)), ..Doc::default() };
    s.apply(Action::Open { doc: lesson_two.clone(), name: "L2".into(), course: Course::Two, teachers_pack: None, lesson_step: 3, progress: Box::default() });
    assert_eq!((s.ui.session.course, s.ui.lesson_step), (Course::Two, 3));
    assert_eq!(s.ui.progress, Progress::default());
    assert_eq!(*s.doc, lesson_two);
    assert!(s.past.is_empty());
    // A step beyond the lesson's last is its last.
    s.apply(Action::Open { doc: Doc::seed(), name: "L1".into(), course: Course::One, teachers_pack: None, lesson_step: 99, progress: Box::default() });
    assert_eq!((s.ui.session.course, s.ui.lesson_step), (Course::One, Course::One.exercise_count(two()) - 1));
}

/// Going to a step: the built-in lessons only change the step; a teacher's
/// pack first loads the exercise's own start (undoable), unless it is the
/// step already shown. Buttons and classroom arrow keys share this.
#[test]
fn a_packs_step_begins_from_its_own_start() {
    use mixua_playground::store::lesson::Course;
    use mixua_playground::store::state::go_to_step;
    use mixua_words::Lang;
    assert_eq!(go_to_step(Course::One, &Course::One.builtin(Lang::En, two()).expect("a built-in pack"), 0, 2, Lang::En, two()), vec![Action::Ui(UiAction::LessonStep(2))]);
    let pack = Course::Two.builtin(Lang::En, two()).expect("a built-in pack");
    let actions = go_to_step(Course::Pack, &pack, 0, 2, Lang::En, two());
    let [Action::Edit(Edit::Load { doc, .. }), Action::Ui(UiAction::LessonStep(2))] = actions.as_slice() else {
        panic!("a load, then the step: {actions:?}")
    };
    assert_eq!(*doc.workspace, pack.exercises[2].start.workspace(Lang::En));
    assert_eq!(go_to_step(Course::Pack, &pack, 2, 2, Lang::En, two()), vec![Action::Ui(UiAction::LessonStep(2))]);
    let last = pack.exercises.len() - 1;
    assert_eq!(go_to_step(Course::Pack, &pack, last, last + 1, Lang::En, two()), vec![Action::Ui(UiAction::LessonStep(last))]);
}

/// Issue 26: an answer shows beside the control that asked for it. A
/// notice placed in the Work menu stays there until a new notice comes,
/// which goes to the top bar unless it is placed too; nothing to place
/// changes nothing.
#[test]
fn a_notice_is_placed_beside_its_control_until_the_next_one() {
    use mixua_playground::store::state::NoticeAt;
    let mut s = seed();
    assert!(!s.apply(UiAction::PlaceNotice(NoticeAt::Work)), "no notice: nothing to place");
    s.apply(UiAction::Notify(Notice::LinkCopied));
    assert_eq!(s.ui.screen.notice_at, NoticeAt::Bar);
    assert!(s.apply(UiAction::PlaceNotice(NoticeAt::Work)));
    assert_eq!((s.ui.screen.notice.clone(), s.ui.screen.notice_at), (Some(Notice::LinkCopied), NoticeAt::Work));
    // An edit that says nothing keeps the answer where it is.
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    assert_eq!(s.ui.screen.notice_at, NoticeAt::Work);
    // A load says what it loaded: in the top bar, unless placed.
    s.apply(Edit::Load { doc: Doc::seed(), source: "a file".into() });
    assert!(matches!(s.ui.screen.notice, Some(Notice::Loaded { .. })));
    assert_eq!(s.ui.screen.notice_at, NoticeAt::Bar);
}

/// An autosave reads the Recent work list again after each save; a list
/// that shows the same (the same works, names, cards and minutes ago)
/// changes nothing, so the root does not render again for it.
#[test]
fn a_save_that_shows_nothing_new_in_recent_work_changes_nothing() {
    use mixua_playground::store::state::Recent;
    use mixua_playground::store::recent::Entry;
    let entry = |id: &str, saved_at: f64, cards: usize, rev: u64| Entry { id: id.into(), name: format!("Work {id}"), saved_at, cards, rev, forked_from: None };
    let mut state = seed();
    let first = Recent { works: vec![entry("a", 1_000.0, 7, 1), entry("b", 0.0, 7, 1)], current: "a".into(), read_at: 2_000.0 };
    assert!(state.apply(UiAction::SetRecent(first.clone())));
    // Saved again a second later: a new revision, still "just now".
    let again = Recent { works: vec![entry("a", 2_000.0, 7, 2), entry("b", 0.0, 7, 1)], current: "a".into(), read_at: 3_000.0 };
    assert!(!state.apply(UiAction::SetRecent(again)), "the list shows the same");
    // A card added: the list says 8 cards.
    let more = Recent { works: vec![entry("a", 3_000.0, 8, 3), entry("b", 0.0, 7, 1)], current: "a".into(), read_at: 4_000.0 };
    assert!(state.apply(UiAction::SetRecent(more)));
    // Two minutes later, the other work's "ago" moved on.
    let later = Recent { works: vec![entry("a", 124_000.0, 8, 4), entry("b", 0.0, 7, 1)], current: "a".into(), read_at: 124_000.0 };
    assert!(state.apply(UiAction::SetRecent(later)));
}

/// Lesson 3's settings show a card's prompt keys without selecting it: no
/// card editor opens (on a phone a sheet, which would cover the keys and
/// their answer: issue 50); a card chosen in the chart shows its keys again.
#[cfg(feature = "lesson3")]
#[test]
fn the_settings_card_picker_shows_keys_and_selects_nothing() {
    let mut s = seed();
    let g = index_of(&s, "G");
    assert!(s.apply(UiAction::PromptKeys(Some("U".into()))));
    assert_eq!((s.ui.screen.prompt_keys.as_deref(), s.ui.screen.selected), (Some("U"), None));
    assert!(!s.apply(UiAction::PromptKeys(Some("U".into()))), "the same card again changes nothing");
    s.apply(UiAction::Select(Some(g)));
    assert_eq!((s.ui.screen.prompt_keys.as_deref(), s.ui.screen.selected), (None, Some(g)));
}
