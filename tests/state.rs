//! The reducer, natively: every edit goes through `Action`, undo restores
//! the work, and refused edits change nothing but the notice.

use mixua_playground::computed::Computed;
use mixua_playground::state::{Action, AppState, Doc, Notice, Ui, Edit};
use mixua_policy::{Field, ViewerId};

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
    assert!(s.apply(Action::Edit(Edit::SetApproved { index: y, approved: true })));
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
    let x = index_of(&s, "X");
    s.apply(Action::Edit(Edit::EditText { index: x, field: Field::Stream, value: "reusable".into() }));
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
    s.apply(Action::Edit(Edit::EditText { index: n, field: Field::OwnerUser, value: "carol".into() }));
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
        ("  ", Notice::NameEmpty),
        ("alice", Notice::NameTaken("alice".into())),
        ("a/b", Notice::NameHasSlash("a/b".into())),
    ] {
        s.apply(Action::Edit(Edit::AddUser(name.into())));
        assert_eq!(s.ui.notice, Some(notice));
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
    let g = index_of(&s, "G");
    s.apply(Action::Edit(Edit::DeleteCard(g)));
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

#[test]
fn predictions_toggle_and_follow_renames() {
    let mut s = seed();
    s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid("bob/writer-v1"), card: "A".into() }));
    s.apply(Action::Edit(Edit::RenameAgent { from: "writer-v1".into(), to: "writer-v2".into() }));
    assert!(s.doc.predictions[&vid("bob/writer-v2")].contains("A"));
    s.apply(Action::Edit(Edit::TogglePrediction { viewer: vid("bob/writer-v2"), card: "A".into() }));
    assert!(s.doc.predictions.is_empty());
}
