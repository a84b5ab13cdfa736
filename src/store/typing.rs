//! The typing hold: an edit made in a field that shows the learner's input
//! itself (a keystroke, a ticked box, a chosen option) is held until the
//! frame that shows it is painted, and applied right after it, so the
//! views never delay the field's own answer (what Event Timing and INP
//! measure; issue 25).
//!
//! The ordering rule: edits of the same field made while one is held
//! replace it (one step); any other action applies the held edit first,
//! draws it, and follows right after that render, in order. So the order
//! of actions is never changed, and an undo never meets a field that shows
//! a value the work no longer has. [`Store`](crate::store::autosave::Store)
//! runs the rule; this module says what is held.

use std::cell::RefCell;

use wasm_bindgen::JsCast;

use crate::store::state::{Action, Edit};

/// Is the focus in a field the learner types into?
pub(crate) fn typing_in_field() -> bool {
    let Some(el) = gloo_utils::document().active_element() else { return false };
    match el.dyn_ref::<web_sys::HtmlInputElement>() {
        Some(input) => matches!(input.type_().as_str(), "text" | "search" | ""),
        None => el.tag_name() == "TEXTAREA",
    }
}

/// A card field's edit, held until the frame that shows it in the field
/// is painted: a typed character, a ticked box or a chosen option shows at
/// once (the browser draws it), and the views follow one frame later (the
/// evaluation never delays the field's answer to the learner's input, what
/// the browser's Event Timing and INP measure; issue 25). Edits made in the
/// meantime to the same field replace it; anything else applies it first,
/// so the order of edits never changes.
#[derive(Default)]
pub struct Typed {
    pub(crate) pending: RefCell<Option<(HeldField, Action)>>,
    pub(crate) frame: RefCell<Option<gloo_render::AnimationFrame>>,
    /// Actions that came while a held edit was not drawn yet: the held
    /// edit is applied and drawn first, and these follow, in order, right
    /// after that render.
    pub(crate) waiting: RefCell<Vec<Action>>,
}

/// The field an edit was made in, when the field shows the learner's input
/// itself, before the app renders: a card's text (a keystroke), its
/// approval box, its scope, stream or owner; lesson 3's budgets, `top_k`,
/// layers, weights and a card's prompt keys.
#[derive(Clone, PartialEq)]
pub(crate) enum HeldField {
    Card(String, mixua_policy::Field),
    #[cfg(feature = "lesson3")]
    Prompt(crate::store::prompt_settings::PromptField),
}

pub(crate) fn typed(action: &Action) -> Option<HeldField> {
    match action {
        Action::Edit(Edit::EditText { card, field, .. }) => Some(HeldField::Card(card.clone(), *field)),
        Action::Edit(Edit::SetApproved { card, .. }) => Some(HeldField::Card(card.clone(), mixua_policy::Field::ShareApproved)),
        #[cfg(feature = "lesson3")]
        Action::Edit(Edit::Prompt(edit)) => Some(HeldField::Prompt(edit.field())),
        _ => None,
    }
}
