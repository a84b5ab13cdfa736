//! The lesson panel's result code, made once per revision while it is open
//! (and again when the name changes), never in render: by the part that
//! makes codes (`later`), handed in as [`CodeOf`] once it is in.

use std::rc::Rc;


use crate::derive::checks::Checks;
use crate::derive::course::{CodeOf, Lesson, ResultCode};
use crate::derive::views::Computed;
use crate::store::shared::Shared;
use crate::store::state::{AppState, Mode};

/// What a code reads: the lesson's checks (by identity: the checks are
/// made again whenever the work, its views now, the pack, the progress,
/// the reveal, the tick or the parts change, everything a code reads), the
/// name, and the part's function.
#[derive(PartialEq)]
pub struct Key {
    checks: Shared<Checks>,
    name: String,
    code_of: usize,
}

/// The code last made, with what it was made from.
pub type Memo = Option<(Key, Rc<ResultCode>)>;

/// The result code while the panel has it open and its part is in (`None`
/// otherwise: the panel says the part is on its way), made again only when
/// what it reads changes (`memo`: `use_derived`'s).
#[allow(clippy::too_many_arguments)]
pub fn result_code(state: &AppState, now: &Shared<Computed>, tick: Option<u64>, checks: &Shared<Checks>, name: &str, code_of: Option<CodeOf>, memo: &mut Memo) -> Option<Rc<ResultCode>> {
    let ui = &state.ui;
    let code_of = code_of.filter(|_| ui.screen.code_open)?;
    let key = Key { checks: checks.clone(), name: name.to_string(), code_of: code_of as usize };
    if let Some((kept, code)) = memo.as_ref() {
        if *kept == key {
            return Some(code.clone());
        }
    }
    let lesson = Lesson {
        pack: ui.shared_pack(),
        doc: &state.doc,
        computed: now,
        revealed: ui.screen.mode == Mode::Predict { revealed: true },
        progress: &ui.progress,
        tick,
        cache: None,
        parts: ui.session.parts,
    };
    let code = Rc::new(code_of(lesson, name));
    *memo = Some((key, code.clone()));
    Some(code)
}
