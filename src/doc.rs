//! The learner's work: what undo, autosave, export and share links carry.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_policy::{seed_workspace, ViewerId, Workspace};

/// Per viewer, the card ids the learner expects it to retrieve.
pub type Predictions = BTreeMap<ViewerId, BTreeSet<String>>;

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Doc {
    /// Shared, so that edits to predictions alone keep the same workspace
    /// and nothing is re-evaluated.
    pub workspace: Rc<Workspace>,
    pub predictions: Predictions,
}

impl Doc {
    pub fn seed() -> Doc {
        Doc { workspace: Rc::new(seed_workspace()), predictions: BTreeMap::new() }
    }
}
