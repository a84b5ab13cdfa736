//! Where a canary reaches another user: in a view, a cached answer or a
//! prompt. What both an exercise's "no leak anywhere" and an assertion ask.

use serde::Serialize;

use mixua_policy::eval::Leak;
#[cfg(not(feature = "lesson3"))]
use mixua_policy::eval::Evaluation;
#[cfg(not(feature = "lesson3"))]
use mixua_policy::policy::Policy;
#[cfg(feature = "lesson3")]
use mixua_policy::prompt::{task_for, Assembler};
use mixua_policy::viewer::ViewerId;
use mixua_policy::workspace::Workspace;

/// Where a canary reached another user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A view: what the viewer retrieves for the workspace's query.
    View,
    /// A cached answer handed to the wrong user.
    Cache,
    /// A viewer's prompt for their task.
    Prompt,
}

/// Every canary that reaches another user: in the views (for the
/// workspace's query), in the cache's replayed answers, and in each cell's
/// prompt for its task. A build without lesson 3 has no prompts: there,
/// every card a viewer may read is scanned, whatever the query (a prompt
/// only ever holds such cards), so the check fails closed.
/// The views' leaks (one list per viewer, in `viewers`' order) and the
/// cache's are the caller's, made once; the prompts are assembled here.
pub fn leaks_anywhere<'l>(
    ws: &Workspace,
    viewers: &[ViewerId],
    view_leaks: &[Vec<Leak>],
    cache_leaks: impl Iterator<Item = &'l Leak>,
) -> Vec<(Place, Leak)> {
    let mut out: Vec<(Place, Leak)> = view_leaks.iter().flatten().map(|l| (Place::View, l.clone())).collect();
    out.extend(cache_leaks.map(|l| (Place::Cache, l.clone())));
    out.extend(prompt_leaks(ws, viewers).into_iter().map(|l| (Place::Prompt, l)));
    out
}

/// The canaries in the cells' prompts that are not their own.
#[cfg(feature = "lesson3")]
fn prompt_leaks(ws: &Workspace, cells: &[ViewerId]) -> Vec<Leak> {
    // One assembler per query: most cells share the workspace's.
    let mut assemblers: Vec<(&str, Assembler<'_>)> = Vec::new();
    let mut out = Vec::new();
    for cell in cells {
        let (query, _) = task_for(ws, cell.viewer(), None);
        let at = match assemblers.iter().position(|(q, _)| *q == query) {
            Some(at) => at,
            None => {
                assemblers.push((query, Assembler::new(ws, query)));
                assemblers.len() - 1
            }
        };
        let assembler = &assemblers[at].1;
        out.extend(assembler.metrics(&assembler.prompt(cell.viewer()), None).leaks);
    }
    out
}

#[cfg(not(feature = "lesson3"))]
fn prompt_leaks(ws: &Workspace, _cells: &[ViewerId]) -> Vec<Leak> {
    Evaluation::new(ws, "", Policy::FourScope).leaks()
}
