//! The lesson panel's result code, made once per revision while it is open
//! (and again when the name changes), never in render: by the part that
//! makes codes (`later`), handed in as [`CodeOf`] once it is in.

use std::rc::Rc;

use yew::prelude::*;

use crate::derive::course::{CodeOf, Lesson, ResultCode};
use crate::derive::views::Computed;
use crate::store::progress::Progress;
use crate::store::shared::Shared;
use crate::store::state::{AppState, Mode};
use crate::store::work::Doc;

/// What a code reads: the work, its views now and the pack (by identity),
/// the progress, the reveal, the tick, the parts, the name, and the part's
/// function.
#[derive(PartialEq)]
struct Key {
    doc: Shared<Doc>,
    now: Shared<Computed>,
    pack: Shared<mixua_course::Pack>,
    progress: Progress,
    revealed: bool,
    tick: Option<u64>,
    parts: crate::store::lesson::CourseParts,
    name: String,
    code_of: usize,
}

/// The result code while the panel has it open and its part is in (`None`
/// otherwise: the panel says the part is on its way).
#[hook]
pub fn use_result_code(state: &AppState, now: &Shared<Computed>, tick: Option<u64>, name: &str, code_of: Option<CodeOf>) -> Option<Rc<ResultCode>> {
    let memo = use_mut_ref(|| None::<(Key, Rc<ResultCode>)>);
    let ui = &state.ui;
    let code_of = code_of.filter(|_| ui.screen.code_open)?;
    let key = Key {
        doc: Shared(state.doc.clone()),
        now: now.clone(),
        pack: Shared(ui.shared_pack().clone()),
        progress: ui.progress.clone(),
        revealed: ui.screen.mode == Mode::Predict { revealed: true },
        tick,
        parts: ui.session.parts,
        name: name.to_string(),
        code_of: code_of as usize,
    };
    let mut memo = memo.borrow_mut();
    if let Some((kept, code)) = memo.as_ref() {
        if *kept == key {
            return Some(code.clone());
        }
    }
    let lesson = Lesson {
        pack: &key.pack,
        doc: &key.doc,
        computed: &key.now,
        revealed: key.revealed,
        progress: &key.progress,
        tick: key.tick,
        cache: None,
        parts: key.parts,
    };
    let code = Rc::new(code_of(lesson, &key.name));
    *memo = Some((key, code.clone()));
    Some(code)
}
