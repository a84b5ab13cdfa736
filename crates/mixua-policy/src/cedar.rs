//! The workspace's reading rules and cards as a Cedar policy set (issue 54):
//! a schema, the policies, and the entities, as plain text. What a learner
//! settles on in the playground can then be run by Cedar's own tools.
//!
//! The export decides one question: may this viewer read this card. It is
//! the question the playground answers before it searches ([`crate::search`]
//! authorizes first), so the search, the cache, the prompt assembly and the
//! write path are not in it.
//!
//! The policies are the same text for every workspace: the four scopes (and
//! GROUP), the streams, the approval and the fail-closed refusals, each a
//! `permit` or a `forbid` with an `@id` from [`RULES`]. The entities carry the
//! workspace: users, agents, viewers (a user with an agent), groups with
//! their members, and the cards as of a tick. A card's scope and stream are
//! exported as the text written, so that an unknown one reaches the policies
//! and is refused there; what Cedar's types can't hold (a field of the wrong
//! JSON type, a key written twice, a malformed life field, a hidden character
//! in an owner's name, a card that is no object) is the crate's verdict,
//! exported as `well_formed`, and whether the card is in effect at the tick
//! as `in_effect`. Every read the crate refuses, the policies refuse too,
//! each with the `@id` [`cedar_policy_id`] names (the Cedar proof in
//! `crates/mixua-cli/tests/cedar.rs` asks Cedar's authorizer every read of
//! random workspaces).
//!
//! Only `std` and `serde_json` are used: the app, the CLI and the tests run
//! this same generator.

use serde_json::{json, Map, Value};

use crate::card::Card;
use crate::eval::Evaluation;
use crate::policy::{check_visible, Access, Gate, Policy, Rejection};
use crate::workspace::Workspace;

/// The namespace of every exported type.
pub const NAMESPACE: &str = "MixUA";

/// Allow or deny.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Permit,
    Forbid,
}

/// One exported policy: its `@id`, its effect, the comment that names the
/// playground's rule, and its condition (Cedar, on `principal` and
/// `resource`).
#[derive(Clone, Copy, Debug)]
pub struct CedarRule {
    pub id: &'static str,
    pub effect: Effect,
    /// The playground's rule, in its words (the comment above the policy).
    pub rule: &'static str,
    /// `when { … }` (or `unless { … }`) and its condition.
    pub condition: &'static str,
}

/// The exported policies, in the order they are written: one list, read by
/// the generator and by [`cedar_policy_id`].
pub const RULES: [CedarRule; 19] = [
    // The scopes: who a filed, accepted card lets in.
    CedarRule {
        id: "pair-owner",
        effect: Effect::Permit,
        rule: "PAIR: this user with this agent. The owner pair reads it.",
        condition: "when { resource.scope == \"PAIR\" && resource has owner_user && resource has owner_agent && principal.user == resource.owner_user && principal.agent == resource.owner_agent }",
    },
    CedarRule {
        id: "pair-other-viewer",
        effect: Effect::Forbid,
        rule: "PAIR: another user, or the same user with another agent, does not read it.",
        condition: "when { resource.scope == \"PAIR\" && resource has owner_user && resource has owner_agent && (principal.user != resource.owner_user || principal.agent != resource.owner_agent) }",
    },
    CedarRule {
        id: "user-owner",
        effect: Effect::Permit,
        rule: "USER: this user with any agent. The owner user reads it.",
        condition: "when { resource.scope == \"USER\" && resource has owner_user && principal.user == resource.owner_user }",
    },
    CedarRule {
        id: "user-other-user",
        effect: Effect::Forbid,
        rule: "USER: another user does not read it, with any agent.",
        condition: "when { resource.scope == \"USER\" && resource has owner_user && principal.user != resource.owner_user }",
    },
    CedarRule {
        id: "agent-owner",
        effect: Effect::Permit,
        rule: "AGENT: any user with this agent. The owner agent reads it for every user.",
        condition: "when { resource.scope == \"AGENT\" && resource has owner_agent && principal.agent == resource.owner_agent }",
    },
    CedarRule {
        id: "agent-other-agent",
        effect: Effect::Forbid,
        rule: "AGENT: another agent does not read it, for any user.",
        condition: "when { resource.scope == \"AGENT\" && resource has owner_agent && principal.agent != resource.owner_agent }",
    },
    CedarRule {
        id: "global-everyone",
        effect: Effect::Permit,
        rule: "GLOBAL: every user with every agent reads it.",
        condition: "when { resource.scope == \"GLOBAL\" }",
    },
    CedarRule {
        id: "group-member",
        effect: Effect::Permit,
        rule: "GROUP: the members of its declared group read it, with any agent.",
        condition: "when { resource.scope == \"GROUP\" && resource has group && principal.user in resource.group }",
    },
    CedarRule {
        id: "group-other-user",
        effect: Effect::Forbid,
        rule: "GROUP: a user outside the group does not read it.",
        condition: "when { resource.scope == \"GROUP\" && resource has group && !(principal.user in resource.group) }",
    },
    // Memory over time: the in-effect gate, asked first.
    CedarRule {
        id: "in-effect-only",
        effect: Effect::Forbid,
        rule: "Fail closed: a card not in effect at the tick (a candidate, rejected, revoked, deleted, rolled back, superseded, not yet or no longer valid, expired, on a cycle of versions) reaches nobody.",
        condition: "unless { resource.in_effect }",
    },
    // The content and filing gates: the fail-closed refusals.
    CedarRule {
        id: "unreadable-card",
        effect: Effect::Forbid,
        rule: "Fail closed: a card that can't be read as written (no object, a key written twice, a field of the wrong type, a malformed life field, a hidden character in an owner's name) reaches nobody.",
        condition: "unless { resource.well_formed }",
    },
    CedarRule {
        id: "known-scope",
        effect: Effect::Forbid,
        rule: "Fail closed: a scope that is not exactly PAIR, USER, AGENT, GLOBAL or GROUP (an empty one, `global`) reaches nobody.",
        condition: "unless { [\"PAIR\", \"USER\", \"AGENT\", \"GLOBAL\", \"GROUP\"].contains(resource.scope) }",
    },
    CedarRule {
        id: "owner-user-required",
        effect: Effect::Forbid,
        rule: "Fail closed: a card without an owner user reaches nobody.",
        condition: "unless { resource has owner_user }",
    },
    CedarRule {
        id: "owner-agent-required",
        effect: Effect::Forbid,
        rule: "Fail closed: a card without an owner agent reaches nobody.",
        condition: "unless { resource has owner_agent }",
    },
    CedarRule {
        id: "known-stream",
        effect: Effect::Forbid,
        rule: "Fail closed: a stream that is not exactly protected or reusable reaches nobody.",
        condition: "unless { resource.stream == \"protected\" || resource.stream == \"reusable\" }",
    },
    CedarRule {
        id: "protected-stays-private",
        effect: Effect::Forbid,
        rule: "The protected stream is personal content: it is never filed where other users read it (AGENT, GLOBAL, GROUP).",
        condition: "when { [\"AGENT\", \"GLOBAL\", \"GROUP\"].contains(resource.scope) && resource.stream == \"protected\" }",
    },
    CedarRule {
        id: "sharing-approved",
        effect: Effect::Forbid,
        rule: "Approval: reusable content crosses to other users (AGENT, GLOBAL, GROUP) only once a reviewer approved sharing it.",
        condition: "when { [\"AGENT\", \"GLOBAL\", \"GROUP\"].contains(resource.scope) && !resource.share_approved }",
    },
    CedarRule {
        id: "declared-group",
        effect: Effect::Forbid,
        rule: "Fail closed: a GROUP card for a group the workspace does not declare (or in a workspace that declares none) reaches nobody.",
        condition: "when { resource.scope == \"GROUP\" && !(resource has group) }",
    },
    CedarRule {
        id: "owner-in-group",
        effect: Effect::Forbid,
        rule: "Fail closed: nobody files into a team they are not in. A GROUP card whose owner is not a member reaches nobody.",
        condition: "when { resource.scope == \"GROUP\" && resource has group && resource has owner_user && !(resource.owner_user in resource.group) }",
    },
];

/// The exported policy with this `@id`.
pub fn rule(id: &str) -> Option<&'static CedarRule> {
    RULES.iter().find(|r| r.id == id)
}

/// The `@id` of the exported policy that forbids a card the content and
/// filing gates reject. Every such card is refused by that policy (and
/// maybe by others too).
pub fn cedar_rejection_id(rejection: &Rejection) -> &'static str {
    match rejection {
        Rejection::NotAnObject { .. }
        | Rejection::DuplicatedField { .. }
        | Rejection::WrongType { .. }
        | Rejection::BadLifeField { .. }
        | Rejection::HiddenCharacter { .. } => "unreadable-card",
        // GROUP is a scope only where the workspace declares groups.
        Rejection::UnknownScope { scope } if scope == "GROUP" => "declared-group",
        Rejection::UnknownScope { .. } => "known-scope",
        Rejection::MissingOwnerUser => "owner-user-required",
        Rejection::MissingOwnerAgent => "owner-agent-required",
        Rejection::UnknownStream { .. } => "known-stream",
        Rejection::ProtectedShared { .. } => "protected-stays-private",
        Rejection::NotApproved { .. } => "sharing-approved",
        Rejection::UnknownGroup { .. } => "declared-group",
        Rejection::OwnerOutsideGroup { .. } => "owner-in-group",
    }
}

/// The `@id` of the exported policy that permits or forbids this read
/// under the four-scope policy: the one the card inspector names beside
/// the playground's own reason. `None` only for [`Access::NotShared`], an
/// answer of the global-only baseline, which is not exported.
pub fn cedar_policy_id(access: &Access) -> Option<&'static str> {
    Some(match access {
        Access::Rejected { rejection } => cedar_rejection_id(rejection),
        Access::NotShared { .. } => return None,
        Access::NotInEffect { .. } => "in-effect-only",
        Access::Pair { user_matches: true, agent_matches: true } => "pair-owner",
        Access::Pair { .. } => "pair-other-viewer",
        Access::User { user_matches: true } => "user-owner",
        Access::User { user_matches: false } => "user-other-user",
        Access::Agent { agent_matches: true } => "agent-owner",
        Access::Agent { agent_matches: false } => "agent-other-agent",
        Access::Global => "global-everyone",
        Access::Group { member: true, .. } => "group-member",
        Access::Group { member: false, .. } => "group-other-user",
    })
}

/// The three files of an export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CedarExport {
    /// `schema.cedarschema`: the entity types and the `read` action.
    pub schema: String,
    /// `policies.cedar`: [`RULES`], each with its `@id` and comment.
    pub policies: String,
    /// `entities.json`: users, agents, viewers, groups, cards.
    pub entities_json: String,
}

impl CedarExport {
    /// The file names and their texts, in the order they are written.
    pub fn files(&self) -> [(&'static str, &str); 3] {
        [
            (SCHEMA_FILE, self.schema.as_str()),
            (POLICIES_FILE, self.policies.as_str()),
            (ENTITIES_FILE, self.entities_json.as_str()),
        ]
    }
}

pub const SCHEMA_FILE: &str = "schema.cedarschema";
pub const POLICIES_FILE: &str = "policies.cedar";
pub const ENTITIES_FILE: &str = "entities.json";

/// The schema: the same for every workspace.
pub const SCHEMA: &str = r#"// MixUA Playground: who may read which agent-memory card (issue 54).
// Generated by `mixua export --cedar` or the playground's Work menu.
namespace MixUA {
  // A declared group (a workspace's `groups` key); users are its members.
  entity Group;
  // A person. `in Group` is membership, as of the exported tick.
  entity User in [Group];
  // An AI agent.
  entity Agent;
  // Who reads: a user with an agent, one cell of the seating chart.
  entity Viewer {
    user: User,
    agent: Agent,
  };
  // A memory card as of the exported tick. Its scope and stream are the text
  // written, so that an unknown one reaches the policies and is refused
  // there. A missing owner (or group) is an absent attribute. What Cedar's
  // types can't hold is the playground's verdict: `well_formed` (false for a
  // card that is no object, writes a key twice, has a field of the wrong
  // JSON type or a malformed life field, or hides a character in an owner's
  // name) and `in_effect` (at the tick). `rejection` and `not_in_effect`
  // name the playground's reason, for people; no policy reads them.
  entity Card {
    id: String,
    scope: String,
    stream: String,
    share_approved: Bool,
    owner_user?: User,
    owner_agent?: Agent,
    group?: Group,
    well_formed: Bool,
    in_effect: Bool,
    rejection?: String,
    not_in_effect?: String,
  };
  // The one question exported: may this viewer read this card?
  action read appliesTo {
    principal: [Viewer],
    resource: [Card],
  };
}
"#;

/// The policies' text: [`RULES`], each with its comment and `@id`.
pub fn policies_text() -> String {
    let mut out = String::from(
        "// MixUA Playground: the four-scope reading rules as Cedar policies (issue 54).\n\
         // A read is allowed when a permit applies and no forbid does. The `@id`\n\
         // of each policy is the name the playground's card inspector gives.\n",
    );
    for rule in RULES {
        let effect = match rule.effect {
            Effect::Permit => "permit",
            Effect::Forbid => "forbid",
        };
        out.push('\n');
        out.push_str("// ");
        out.push_str(rule.rule);
        out.push('\n');
        out.push_str(&format!("@id(\"{}\")\n", rule.id));
        out.push_str(&format!(
            "{effect} (principal is {NAMESPACE}::Viewer, action == {NAMESPACE}::Action::\"read\", resource is {NAMESPACE}::Card)\n{};\n",
            rule.condition
        ));
    }
    out
}

/// A Cedar entity reference in entities.json.
fn uid(kind: &str, id: &str) -> Value {
    json!({ "type": format!("{NAMESPACE}::{kind}"), "id": id })
}

/// An attribute that refers to an entity.
fn entity_ref(kind: &str, id: &str) -> Value {
    json!({ "__entity": uid(kind, id) })
}

/// Does the card read as written, before any rule is asked of its values?
/// False for what Cedar's types can't hold: a card that is no object, a key
/// written twice, a field of the wrong JSON type, a malformed life field,
/// an owner's name with a control or invisible character. Every card the
/// content gate rejects for one of those ([`cedar_rejection_id`] says
/// `unreadable-card`) is not well formed, and every accepted card is.
pub fn well_formed(card: &Card) -> bool {
    card.not_an_object.is_none()
        && card.malformed.is_empty()
        && card.life().is_none_or(|life| life.duplicated.is_empty() && life.readable())
        && check_visible(&card.owner_user).is_ok()
        && check_visible(&card.owner_agent).is_ok()
}

/// The entity id of each card, in card order: its id when that is not empty,
/// written once, and holds no `#`; else its id, `#` and its place in the
/// list (a name with `#` is never a plain id, so the two can't meet).
pub fn card_uids(ws: &Workspace) -> Vec<String> {
    let plain = |id: &str| !id.is_empty() && !id.contains('#') && ws.cards.iter().filter(|c| c.id == id).count() == 1;
    ws.cards
        .iter()
        .enumerate()
        .map(|(i, card)| if plain(&card.id) { card.id.clone() } else { format!("{}#{i}", card.id) })
        .collect()
}

/// Sorts and dedups a list of names.
fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names.dedup();
    names
}

/// The export of a workspace: at `at` (a tick; `None`, its clock), what the
/// four-scope policy decides. Deterministic: every entity sorted by type,
/// then id.
pub fn export_cedar(ws: &Workspace, at: Option<u64>) -> CedarExport {
    let eval = match at {
        None => Evaluation::new(ws, "", Policy::FourScope),
        Some(tick) => Evaluation::at(ws, "", Policy::FourScope, tick),
    };
    let groups = eval.groups();
    let mut entities: Vec<Value> = Vec::new();

    // Groups, and who is in each (as of the tick).
    let mut group_names = Vec::new();
    let mut memberships: Vec<(String, String)> = Vec::new();
    if let Some(groups) = groups {
        for (group, members) in &groups.0 {
            group_names.push(group.clone());
            for member in members {
                memberships.push((member.clone(), group.clone()));
            }
        }
    }
    let group_names = sorted(group_names);
    for group in &group_names {
        entities.push(json!({ "uid": uid("Group", group), "attrs": {}, "parents": [] }));
    }

    // Users: the workspace's, the cards' owners, the groups' members.
    let mut users: Vec<String> = ws.users.clone();
    users.extend(ws.cards.iter().filter(|c| !c.owner_user.is_empty()).map(|c| c.owner_user.clone()));
    users.extend(memberships.iter().map(|(user, _)| user.clone()));
    for user in sorted(users) {
        let parents: Vec<Value> = sorted(memberships.iter().filter(|(u, _)| *u == user).map(|(_, g)| g.clone()).collect())
            .iter()
            .map(|g| uid("Group", g))
            .collect();
        entities.push(json!({ "uid": uid("User", &user), "attrs": {}, "parents": parents }));
    }

    // Agents: the workspace's and the cards' owners.
    let mut agents: Vec<String> = ws.agents.clone();
    agents.extend(ws.cards.iter().filter(|c| !c.owner_agent.is_empty()).map(|c| c.owner_agent.clone()));
    for agent in sorted(agents) {
        entities.push(json!({ "uid": uid("Agent", &agent), "attrs": {}, "parents": [] }));
    }

    // Viewers: every user with every agent of the chart.
    let mut viewers: Vec<(String, &str, &str)> =
        eval.viewers().map(|v| (v.key(), v.user, v.agent)).collect();
    viewers.sort();
    viewers.dedup();
    for (key, user, agent) in viewers {
        entities.push(json!({
            "uid": uid("Viewer", &key),
            "attrs": { "user": entity_ref("User", user), "agent": entity_ref("Agent", agent) },
            "parents": [],
        }));
    }

    // Cards, as of the tick.
    let uids = card_uids(ws);
    let mut cards: Vec<(usize, &String)> = uids.iter().enumerate().collect();
    cards.sort_by(|a, b| a.1.cmp(b.1));
    for (i, card_uid) in cards {
        let card = &ws.cards[i];
        let gate = eval.gate(i);
        let mut attrs = Map::new();
        attrs.insert("id".into(), Value::from(card.id.as_str()));
        // A value of the wrong type reads as empty (and the card is not well formed).
        let text = |field: crate::card::Field| if card.malformed(field).is_some() { "" } else { card.text(field) };
        attrs.insert("scope".into(), Value::from(text(crate::card::Field::Scope)));
        attrs.insert("stream".into(), Value::from(text(crate::card::Field::Stream)));
        attrs.insert("share_approved".into(), Value::from(card.share_approved));
        if !card.owner_user.is_empty() {
            attrs.insert("owner_user".into(), entity_ref("User", &card.owner_user));
        }
        if !card.owner_agent.is_empty() {
            attrs.insert("owner_agent".into(), entity_ref("Agent", &card.owner_agent));
        }
        if let Some(group) = card.life().and_then(|life| life.group.as_deref()) {
            if groups.is_some_and(|g| g.members(group).is_some()) {
                attrs.insert("group".into(), entity_ref("Group", group));
            }
        }
        attrs.insert("well_formed".into(), Value::from(well_formed(card)));
        attrs.insert("in_effect".into(), Value::from(!matches!(gate, Gate::NotInEffect { .. })));
        if let Err(rejection) = gate.checked() {
            attrs.insert("rejection".into(), Value::from(rejection.code()));
        }
        if let Some(why) = eval.not_in_effect(i) {
            attrs.insert("not_in_effect".into(), Value::from(why.code()));
        }
        entities.push(json!({ "uid": uid("Card", card_uid), "attrs": attrs, "parents": [] }));
    }

    let mut entities_json = serde_json::to_string_pretty(&Value::Array(entities)).expect("JSON values serialize");
    entities_json.push('\n');
    CedarExport { schema: SCHEMA.to_string(), policies: policies_text(), entities_json }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::seed_workspace;

    #[test]
    fn every_id_is_written_once_and_named_by_the_mapping() {
        let mut ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        ids.sort();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "an @id is written twice");
        let text = policies_text();
        for rule in RULES {
            assert_eq!(text.matches(&format!("@id(\"{}\")", rule.id)).count(), 1, "{}", rule.id);
        }
        let named = [
            cedar_policy_id(&Access::Global),
            cedar_policy_id(&Access::Pair { user_matches: true, agent_matches: false }),
            cedar_policy_id(&Access::Rejected { rejection: Rejection::UnknownScope { scope: "GROUP".into() } }),
            cedar_policy_id(&Access::Rejected { rejection: Rejection::MissingOwnerAgent }),
        ];
        for id in named.into_iter().flatten() {
            assert!(ids.contains(&id), "{id} is not an exported policy");
        }
    }

    #[test]
    fn the_seed_exports_deterministically_with_its_cards() {
        let ws = seed_workspace();
        let a = export_cedar(&ws, None);
        assert_eq!(a, export_cedar(&ws, None));
        let entities: Value = serde_json::from_str(&a.entities_json).unwrap();
        let cards: Vec<&Value> = entities.as_array().unwrap().iter().filter(|e| e["uid"]["type"] == "MixUA::Card").collect();
        assert_eq!(cards.len(), ws.cards.len());
        let x = cards.iter().find(|c| c["uid"]["id"] == "X").unwrap();
        assert_eq!(x["attrs"]["rejection"], "protected_shared");
        assert_eq!(x["attrs"]["well_formed"], true, "X is readable; the policies refuse it");
        assert_eq!(x["attrs"]["in_effect"], true);
    }
}
