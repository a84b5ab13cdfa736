//! The built-in packs in the form any pack has, built from the generated
//! values in [`crate::builtin`] (no JSON is read), each with its
//! exercises' solutions in the learner's language.

use mixua_words::explain::Lang;

use crate::builtin;
use crate::exercise::Start;
use crate::pack::{Pack, PackProblem};
use crate::seed::{seed_workspace, seed_workspace_en};

/// The built-in packs, by name (`lesson1`, `lesson2`, `lesson3`).
#[cfg(feature = "lesson3")]
pub const BUILTIN_PACKS: &[&str] = &["lesson1", "lesson2", "lesson3"];
/// The built-in packs, by name (`lesson1`, `lesson2`).
#[cfg(not(feature = "lesson3"))]
pub const BUILTIN_PACKS: &[&str] = &["lesson1", "lesson2"];

/// A built-in pack, in the form any pack has, built from the generated
/// values (no JSON is read): [`lesson_one_pack`], [`lesson_two_pack`] or
/// lesson 3's, by name.
pub fn builtin_pack(name: &str, lang: Lang) -> Result<Pack, PackProblem> {
    match name {
        "lesson1" | "1" => Ok(lesson_one_pack(lang)),
        "lesson2" | "2" => Ok(lesson_two_pack()),
        #[cfg(feature = "lesson3")]
        "lesson3" | "3" => Ok(lesson_three_pack(lang)),
        _ => Err(PackProblem::UnknownBuiltin { name: name.to_string() }),
    }
}

/// Lesson 1's pack: its exercise 4 has the seed (in `lang`) with Y
/// approved as its solution. A pack of its own function, so that a program
/// that reads only this one (a lesson-1 student's first load, issue 28)
/// carries none of the others.
pub fn lesson_one_pack(lang: Lang) -> Pack {
    let mut pack = builtin::lesson1();
    let mut ws = match lang {
        Lang::ZhTw => seed_workspace(),
        Lang::En => seed_workspace_en(),
    };
    ws.cards.iter_mut().filter(|c| c.id == "Y").for_each(|c| std::rc::Rc::make_mut(c).share_approved = true);
    if let Some(e) = pack.exercises.get_mut(3) {
        e.solution = Some(Start::Workspace(Box::new(ws)));
    }
    pack
}

/// Lesson 2's pack (the same in both languages: its texts carry both).
pub fn lesson_two_pack() -> Pack {
    builtin::lesson2()
}

/// Lesson 3's pack: each exercise's solution is its start with the fix
/// made, in `lang`.
#[cfg(feature = "lesson3")]
pub fn lesson_three_pack(lang: Lang) -> Pack {
    let mut pack = builtin::lesson3();
    for (n, solved) in crate::lesson_three::solutions(lang).into_iter().enumerate() {
        if let (Some(e), Some(ws)) = (pack.exercises.get_mut(n), solved) {
            e.solution = Some(Start::Workspace(Box::new(ws)));
        }
    }
    pack
}
