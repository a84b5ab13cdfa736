//! Card edits name a card by its id, natively, against hostile input: an
//! edit of the id itself (it names the old id), an empty id or one another
//! card has while typing, a work with one id written twice, an id no card
//! has, and edits made before the screen showed a rename. Each edits one
//! card or none (and says why), never two, never panics; the selection
//! stays on its card.

use std::rc::Rc;

use mixua_playground::store::notice::CardIdProblem;
use mixua_playground::store::state::{AppState, Doc, Edit, Notice, Ui, UiAction};
use mixua_policy::Field;

fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

fn index_of(state: &AppState, id: &str) -> usize {
    state.workspace().cards.iter().position(|c| c.id == id).expect("card exists")
}

fn set_id(card: &str, value: &str) -> Edit {
    Edit::EditText { card: card.into(), field: Field::Id, value: value.into() }
}

/// The edit changed nothing in the work, left no undo step, and said this.
fn refused(state: &mut AppState, edit: Edit, said: CardIdProblem) {
    let (before, steps) = (state.doc.clone(), state.past.len());
    state.apply(edit.clone());
    assert_eq!(state.doc, before, "{edit:?} changed the work");
    assert_eq!(state.past.len(), steps, "{edit:?} left an undo step");
    assert_eq!(state.ui.screen.notice, Some(Notice::CardId(said)), "{edit:?}");
}

#[test]
fn an_id_edit_names_the_old_id_and_typing_it_is_one_undo_step() {
    let mut s = seed();
    let y = index_of(&s, "Y");
    s.apply(UiAction::Select(Some(y)));
    assert!(s.apply(set_id("Y", "Y2")));
    assert!(s.apply(set_id("Y2", "Y27")));
    assert_eq!(s.workspace().cards[y].id, "Y27");
    assert_eq!(s.ui.screen.selected, Some(y), "the selection stays on the card renamed");
    // Later edits name the new id.
    assert!(s.apply(Edit::SetApproved { card: "Y27".into(), approved: true }));
    assert!(s.workspace().cards[y].share_approved);
    s.apply(mixua_playground::store::state::Action::Undo);
    s.apply(mixua_playground::store::state::Action::Undo);
    assert_eq!(s.workspace().cards[y].id, "Y", "the id typed letter by letter is one step");
}

#[test]
fn an_edit_made_before_the_rename_showed_still_finds_its_card() {
    // A keystroke in the id field is held for a frame, and a click made
    // meanwhile follows it: the click's edit names the id the screen
    // showed, which the card no longer has.
    let mut s = seed();
    let y = index_of(&s, "Y");
    assert!(s.apply(set_id("Y", "Yes")));
    assert!(s.apply(Edit::SetApproved { card: "Y".into(), approved: true }));
    assert!(s.apply(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: "kept".into() }));
    assert!(s.workspace().cards[y].share_approved);
    assert_eq!(s.workspace().cards[y].lesson, "kept");
    assert_eq!(s.workspace().cards.iter().filter(|c| c.share_approved).count(), seed().workspace().cards.iter().filter(|c| c.share_approved).count() + 1);
    // A new card that takes the old id is itself, not the renamed one.
    assert!(s.apply(Edit::AddCard));
    let n = s.workspace().cards.len() - 1;
    let new = s.workspace().cards[n].id.clone();
    assert!(s.apply(set_id(&new, "Y")));
    assert!(s.apply(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: "the new one".into() }));
    assert_eq!(s.workspace().cards[n].lesson, "the new one");
    assert_eq!(s.workspace().cards[y].lesson, "kept");
}

#[test]
fn an_empty_id_or_one_another_card_has_is_refused_in_words() {
    let mut s = seed();
    refused(&mut s, set_id("Y", ""), CardIdProblem::Empty);
    refused(&mut s, set_id("Y", "   "), CardIdProblem::Empty);
    refused(&mut s, set_id("Y", "A"), CardIdProblem::Taken("A".into()));
    // Typing on past the taken id: the card is renamed once it is unique.
    assert!(s.apply(set_id("Y", "A2")));
    assert!(s.workspace().cards.iter().any(|c| c.id == "A2"));
    assert!(s.workspace().cards.iter().any(|c| c.id == "A"));
    // Its own id again is no change and no refusal.
    let before = s.doc.clone();
    s.apply(set_id("A2", "A2"));
    assert_eq!(s.doc, before);
}

#[test]
fn an_id_no_card_has_edits_nothing() {
    let mut s = seed();
    for edit in [
        Edit::SetApproved { card: "nobody".into(), approved: true },
        Edit::EditText { card: "nobody".into(), field: Field::Lesson, value: "x".into() },
        set_id("nobody", "Z"),
        Edit::DeleteCard("nobody".into()),
        Edit::DuplicateCard("nobody".into()),
    ] {
        refused(&mut s, edit, CardIdProblem::Gone("nobody".into()));
    }
    // A card deleted, then an edit that still names it.
    assert!(s.apply(Edit::DeleteCard("G".into())));
    refused(&mut s, Edit::SetApproved { card: "G".into(), approved: true }, CardIdProblem::Gone("G".into()));
}

#[test]
fn an_id_two_cards_have_edits_neither() {
    let mut s = seed();
    let mut doc = Doc::seed();
    let a = doc.workspace.cards.iter().position(|c| c.id == "A").unwrap();
    let copy = doc.workspace.cards[a].clone();
    Rc::make_mut(&mut doc.workspace).cards.push(copy);
    assert!(s.apply(Edit::Load { doc, source: "two A".into() }));
    let shared = CardIdProblem::Shared("A".into());
    for edit in [
        Edit::SetApproved { card: "A".into(), approved: false },
        Edit::EditText { card: "A".into(), field: Field::Lesson, value: "which?".into() },
        set_id("A", "A9"),
        Edit::DeleteCard("A".into()),
        Edit::DuplicateCard("A".into()),
    ] {
        refused(&mut s, edit, shared.clone());
    }
    // The other cards are edited as ever, and taking the shared id is refused.
    assert!(s.apply(Edit::EditText { card: "Y".into(), field: Field::Lesson, value: "fine".into() }));
    refused(&mut s, set_id("Y", "A"), CardIdProblem::Taken("A".into()));
}

#[test]
fn the_selection_stays_on_its_card_across_edits() {
    let mut s = seed();
    let y = index_of(&s, "Y");
    let g = index_of(&s, "G");
    assert!(g < y, "the seed has G before Y");
    s.apply(UiAction::Select(Some(y)));
    // An edit of another card, a refused edit, an id edit: still Y.
    s.apply(Edit::EditText { card: "A".into(), field: Field::Lesson, value: "other".into() });
    s.apply(set_id("Y", "A"));
    assert_eq!(s.ui.screen.selected, Some(y));
    // A card before it deleted: the selection moves up with it.
    s.apply(Edit::DeleteCard("G".into()));
    assert_eq!(s.workspace().cards[s.ui.screen.selected.unwrap()].id, "Y");
    // Its copy is selected, right after it.
    s.apply(Edit::DuplicateCard("Y".into()));
    let copy = s.ui.screen.selected.unwrap();
    assert_eq!(s.workspace().cards[copy - 1].id, "Y");
    assert_eq!(s.workspace().cards[copy].id, "Y-1");
    // Deleted: nothing is selected.
    s.apply(Edit::DeleteCard("Y-1".into()));
    assert_eq!(s.ui.screen.selected, None);
}
