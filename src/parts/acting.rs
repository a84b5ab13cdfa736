//! Lessons 2 and 3's part (`acting`): their panels (Act as, the cache,
//! retention, groups, the audit log) and the write path their acts go
//! through, and the cache replay (lesson 2's pack and start, in the same
//! chunk, are `lesson_two.rs`'s). A
//! lesson-1 student never fetches it (issue 28).

use std::rc::Rc;

use mixua_policy::{Refusal, Workspace};
use yew::Html;

use crate::components::lesson::lesson_tools::{LessonTools, ToolsAt};
use crate::derive::checks::Logged;
use crate::store::acts::Act;

crate::parts::seam::part! {
    /// Lessons 2 and 3's part.
    pub struct Acting in acting {
        /// Lessons 2 and 3's panels, each where it belongs.
        fn tools(props: &LessonTools, at: ToolsAt) -> Html {
            crate::components::lesson::lesson_tools::panels(props, at, crate::store::acts::WritePath(super::apply::now))
        }
        /// The write path (`crate::store::acts::apply`).
        fn apply(ws: &mut Workspace, act: &Act) -> Result<(), Refusal> {
            crate::store::acts::apply(ws, act)
        }
        /// A work's log read and its cache replayed.
        fn replayed_log(ws: Rc<Workspace>) -> Logged {
            Logged::replayed(ws)
        }
        /// A step's change with what the cache's replay serves differently.
        fn cache_change(change: mixua_policy::Change, before: Option<&Logged>, before_ws: &Rc<Workspace>, now: Option<&Logged>, now_ws: &Rc<Workspace>) -> mixua_policy::Change {
            crate::derive::change::with_cache(change, before, before_ws, now, now_ws)
        }
    }
}
