//! The learner's work: what undo, autosave, export and share links carry.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use mixua_policy::{ViewerId, Workspace};
use mixua_words::Lang;
use mixua_course::{seed_workspace, seed_workspace_en};

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
    /// The seed as the CLI and the fixture have it (in Chinese).
    pub fn seed() -> Doc {
        Doc { workspace: Rc::new(seed_workspace()), predictions: BTreeMap::new() }
    }

    /// The seed in the learner's language: a fresh start or a reset in
    /// English gets cards and a query an English-speaking class can read.
    pub fn seed_in(lang: Lang) -> Doc {
        match lang {
            Lang::ZhTw => Doc::seed(),
            Lang::En => Doc { workspace: Rc::new(seed_workspace_en()), predictions: BTreeMap::new() },
        }
    }
}
