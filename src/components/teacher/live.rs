//! The teacher's drawers' state: a value its handlers read as it is now
//! ([`Live`]), and text fields that keep what is typed as it is typed.

use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

use yew::prelude::*;

/// A component's state that its handlers read as it is now: `get` is the
/// latest value set, while rendering reads the value shown (`Deref`). Two
/// changes in one task (a field left by pressing a button: its `change`,
/// then the button's `click`) each start from the one before, never from the
/// value last rendered, so the second never undoes the first (a hint typed
/// and then "Add to the pack" at once, the pack's id then its title).
pub(crate) struct Live<T: 'static> {
    shown: UseStateHandle<T>,
    latest: Rc<RefCell<T>>,
}

impl<T> Clone for Live<T> {
    fn clone(&self) -> Self {
        Live { shown: self.shown.clone(), latest: self.latest.clone() }
    }
}

impl<T: Clone> Live<T> {
    pub(crate) fn get(&self) -> T {
        self.latest.borrow().clone()
    }

    pub(crate) fn set(&self, value: T) {
        *self.latest.borrow_mut() = value.clone();
        self.shown.set(value);
    }
}

impl<T> Deref for Live<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.shown
    }
}

#[hook]
pub(crate) fn use_live<T: Clone + 'static>(init: fn() -> T) -> Live<T> {
    let shown = use_state(init);
    let latest = {
        let first = (*shown).clone();
        use_mut_ref(move || first)
    };
    Live { shown, latest }
}

/// The builder's text fields keep the draft as typed (`input`), not when
/// left (`change`): a field's value is never older than what it shows, so a
/// render in between (another field left, under load) never puts an older
/// value back into it, and "Add to the pack" reads every field as typed.
pub(crate) fn typed(e: InputEvent) -> Event {
    (**e).clone()
}
