//! A pack carries its lesson in its exercises' starts (issue 48): the page
//! it opens on and the panels it shows follow from it.

#[cfg(feature = "lesson3")]
use mixua_course::lesson_three_pack;
use mixua_course::{lesson_one_pack, lesson_two_pack, Pack, Start};
use mixua_words::Lang;

#[test]
#[cfg(feature = "lesson3")]
fn a_packs_lesson_is_read_from_its_starts() {
    assert_eq!(lesson_one_pack(Lang::En).lesson(), 1);
    assert_eq!(lesson_two_pack().lesson(), 2);
    assert_eq!(lesson_three_pack(Lang::En).lesson(), 3);
    // A teacher's pack made on lesson 3's page: its start is lesson 3's
    // workspace as written (with the prompt assembly's settings).
    let mut pack: Pack = lesson_one_pack(Lang::En);
    assert_eq!(pack.lesson(), 1);
    let third = mixua_course::lesson_three::lesson_three_workspace(Lang::En);
    pack.exercises[1].solution = Some(Start::Workspace(Box::new(third.clone())));
    assert_eq!(pack.lesson(), 3, "a solution in lesson 3 is enough");
    // Read back from its JSON (what its link carries), it is still lesson 3's.
    let back = Pack::from_json(&pack.to_json()).unwrap();
    assert_eq!(back.lesson(), 3);
    // A start of lesson 2 makes lesson 2's, unless lesson 3 is there too.
    let mut two = lesson_one_pack(Lang::En);
    two.exercises[0].start = Start::LessonTwo;
    assert_eq!(two.lesson(), 2);
    two.exercises[2].start = Start::Workspace(Box::new(third));
    assert_eq!(two.lesson(), 3);
}

/// The students' page's build has no lesson 3, yet a pack that starts on
/// it is still read as lesson 3's (and sent on to lesson3.html), never as
/// lesson 1's.
#[test]
fn without_lesson_three_a_pack_of_it_is_still_lesson_threes() {
    assert_eq!(lesson_one_pack(Lang::En).lesson(), 1);
    assert_eq!(lesson_two_pack().lesson(), 2);
    let mut pack: Pack = lesson_one_pack(Lang::En);
    pack.exercises[1].start = Start::LessonThree;
    assert_eq!(pack.lesson(), 3);
    let back = Pack::from_json(&pack.to_json()).unwrap();
    assert_eq!(back.lesson(), 3);
}
