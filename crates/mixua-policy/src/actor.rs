//! Who acts on the write path: the workspace's list of those a learner (or
//! a script) may act as, each a typed value. The write path judges an act
//! by the actor's name ([`Actor::name`]); what kind of actor it is (a viewer
//! of the chart, a user, an agent, a reviewer) is known from the list, so
//! an act that needs a viewer (proposing, asking the query) never parses a
//! name to find one.

use crate::viewer::{Viewer, ViewerId};
use crate::workspace::Workspace;

/// One who may act.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Actor {
    /// A viewer of the chart, a user with an agent (`alice/writer-v1`): a
    /// writer proposes, a reader asks the query.
    Viewer(ViewerId),
    /// A user alone (`alice`): the owner of their cards.
    User(String),
    /// An agent alone (`writer-v1`).
    Agent(String),
    /// A listed reviewer (`dana`).
    Reviewer(String),
}

impl Actor {
    /// The name the write path judges and the log keeps: a viewer's
    /// `user/agent` key, else the name itself.
    pub fn name(&self) -> String {
        match self {
            Actor::Viewer(id) => id.key(),
            Actor::User(name) | Actor::Agent(name) | Actor::Reviewer(name) => name.clone(),
        }
    }

    /// The viewer of the chart, when the actor is one.
    pub fn viewer(&self) -> Option<Viewer<'_>> {
        match self {
            Actor::Viewer(id) => Some(id.viewer()),
            _ => None,
        }
    }
}

/// An actor is written as its name (in words, and as the value a control
/// offers).
impl std::fmt::Display for Actor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// Who may act in this workspace: every viewer of the chart, every user,
/// every agent and every reviewer, in that order, each name once (a name
/// that is both a user and a reviewer is listed as the user; the write path
/// judges the name either way).
pub fn actors(ws: &Workspace) -> Vec<Actor> {
    let viewers = ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| Actor::Viewer(ViewerId::new(u, a))));
    let users = ws.users.iter().map(|u| Actor::User(u.clone()));
    let agents = ws.agents.iter().map(|a| Actor::Agent(a.clone()));
    let reviewers = ws.reviewers().iter().map(|r| Actor::Reviewer(r.clone()));
    let mut all: Vec<Actor> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for actor in viewers.chain(users).chain(agents).chain(reviewers) {
        let name = actor.name();
        if !names.contains(&name) {
            names.push(name);
            all.push(actor);
        }
    }
    all
}

/// The actor of this workspace with this name, if there is one.
pub fn actor_named(ws: &Workspace, name: &str) -> Option<Actor> {
    actors(ws).into_iter().find(|a| a.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_names_each_actor_once_and_knows_its_kind() {
        let mut ws = crate::seed::seed_workspace();
        ws.users.push("dana".into());
        ws.reviewers = Some(crate::log::Kept::Good(vec!["dana".into(), "erin".into()]));
        let names: Vec<String> = actors(&ws).iter().map(Actor::name).collect();
        assert_eq!(
            names,
            [
                "alice/writer-v1", "alice/checker-v1", "bob/writer-v1", "bob/checker-v1", "dana/writer-v1", "dana/checker-v1",
                "alice", "bob", "dana", "writer-v1", "checker-v1", "erin",
            ]
        );
        assert_eq!(actor_named(&ws, "dana"), Some(Actor::User("dana".into())), "a user first");
        assert_eq!(actor_named(&ws, "erin"), Some(Actor::Reviewer("erin".into())));
        assert_eq!(actor_named(&ws, "bob/writer-v1").and_then(|a| a.viewer().map(|v| v.key())), Some("bob/writer-v1".into()));
        assert_eq!(actor_named(&ws, "writer-v1").and_then(|a| a.viewer().map(|v| v.key())), None);
        assert_eq!(actor_named(&ws, "mallory"), None, "only the list's names");
    }
}
