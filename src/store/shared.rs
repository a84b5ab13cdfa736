//! `Shared<T>`: an `Rc` compared by identity. Props that hold the workspace
//! or the derived views use it, so a component re-renders when a new value
//! was made (an edit), never after comparing 5,000 cards field by field.

use std::ops::Deref;
use std::rc::Rc;

#[derive(Debug, Default)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Rc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> From<Rc<T>> for Shared<T> {
    fn from(rc: Rc<T>) -> Shared<T> {
        Shared(rc)
    }
}

/// The latest value of something the root keeps, read when it is needed
/// (in an event handler), never in render: a component that only reads the
/// work on a click (share, export) takes this, and does not render again
/// on every edit. Copies of one `Latest` compare equal.
pub struct Latest<T>(pub Rc<dyn Fn() -> T>);

impl<T> Latest<T> {
    pub fn get(&self) -> T {
        (self.0)()
    }
}

impl<T> Clone for Latest<T> {
    fn clone(&self) -> Latest<T> {
        Latest(self.0.clone())
    }
}

impl<T> PartialEq for Latest<T> {
    fn eq(&self, other: &Latest<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// A part's function as the root hands it down (from the part's handle):
/// any two compare equal, since each part has one.
#[derive(Clone, Copy)]
pub struct Func<F>(pub F);

impl<F> PartialEq for Func<F> {
    fn eq(&self, _: &Func<F>) -> bool {
        true
    }
}
