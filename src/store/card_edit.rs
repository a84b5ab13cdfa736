//! The edits of one card, by its id: which card an edit names, and the
//! rule for an edit of the id itself. A card is named by the id its
//! control showed; an edit made before the screen showed a new id (a
//! keystroke held for the frame, an action waiting behind it) still finds
//! its card through the renames remembered here. An id no card has, one
//! several cards have (a file may write one twice), an empty id or one
//! another card has edits nothing and is said: never two cards, never the
//! wrong one.

use mixua_policy::Workspace;

use crate::store::notice::{CardIdProblem, Notice};
use crate::store::state::AppState;

/// How many renames are remembered for the edits made before the screen
/// showed them.
const RENAMES: usize = 16;

/// The one card with this id: `None` for none, a problem for several.
fn only(ws: &Workspace, id: &str) -> Result<Option<usize>, CardIdProblem> {
    let mut at = ws.cards.iter().enumerate().filter(|(_, c)| c.id == id).map(|(i, _)| i);
    match (at.next(), at.next()) {
        (Some(i), None) => Ok(Some(i)),
        (None, _) => Ok(None),
        (Some(_), Some(_)) => Err(CardIdProblem::Shared(id.to_string())),
    }
}

impl AppState {
    /// Where the card an edit names is in `ws`: the one card with that id,
    /// else the one it was renamed to since.
    pub(crate) fn card_named(&self, ws: &Workspace, id: &str) -> Result<usize, Notice> {
        let found = match only(ws, id) {
            Ok(Some(i)) => Ok(i),
            Ok(None) => match self.renamed.iter().rev().find(|(from, _)| from == id) {
                Some((_, to)) => only(ws, to).and_then(|i| i.ok_or_else(|| CardIdProblem::Gone(id.to_string()))),
                None => Err(CardIdProblem::Gone(id.to_string())),
            },
            Err(problem) => Err(problem),
        };
        found.map_err(Notice::CardId)
    }

    /// Remembers that the card `from` is now `to`, for the edits that
    /// still name an id it had.
    pub(crate) fn renamed_card(&mut self, from: &str, to: &str) {
        for (_, now) in self.renamed.iter_mut().filter(|(_, now)| now == from) {
            *now = to.to_string();
        }
        self.renamed.push((from.to_string(), to.to_string()));
        if self.renamed.len() > RENAMES {
            self.renamed.remove(0);
        }
    }

    /// Forgets the renames that lead to a card now gone (deleted).
    pub(crate) fn forget_renames_to(&mut self, id: &str) {
        self.renamed.retain(|(_, now)| now != id);
    }
}

/// A new id for the card at `index`: not empty, and no other card's.
pub fn valid_id(ws: &Workspace, index: usize, id: &str) -> Result<(), Notice> {
    if id.trim().is_empty() {
        return Err(Notice::CardId(CardIdProblem::Empty));
    }
    if ws.cards.iter().enumerate().any(|(i, c)| i != index && c.id == id) {
        return Err(Notice::CardId(CardIdProblem::Taken(id.to_string())));
    }
    Ok(())
}
