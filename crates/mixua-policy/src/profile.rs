//! Profile facts (a workspace's optional `profiles` key): a few facts about
//! each user, such as a job title or a weekday, that the re-identification
//! probe ([`crate::probe`]) looks for in what a viewer is handed.
//!
//! `{"alice": {"role": "polar researcher", "day": "Tuesday"}}`: user →
//! fact key → fact value. Read leniently, like the other optional keys: a
//! value that is not an object of objects (or names a user that can't be a
//! name) keeps the whole key as written, reported with its reason; one fact
//! that is not text is kept as written and set aside on its own
//! ([`Profiles::problems`]), and the other facts still count.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::Value;

use crate::log::{name, Expect, Lenient, Unreadable};
use crate::card::JsonKind;

/// One user's facts, in the order written: fact key → value as written
/// (text, or anything else kept as it was and set aside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub user: String,
    pub facts: Vec<(String, Value)>,
}

impl Profile {
    /// The facts the probe uses: text values that are not blank, as
    /// (key, value).
    pub fn facts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.facts.iter().filter_map(|(key, value)| match value {
            Value::String(text) if !text.trim().is_empty() => Some((key.as_str(), text.as_str())),
            _ => None,
        })
    }
}

/// Every user's profile, in the order written (a JSON object is read back
/// in key order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profiles(pub Vec<Profile>);

impl Profiles {
    /// A user's profile, if they have one.
    pub fn of_user(&self, user: &str) -> Option<&Profile> {
        self.0.iter().find(|p| p.user == user)
    }

    /// Sets one fact: replaces the value of the key if the user has it,
    /// else adds it (and the user's profile, if they had none).
    pub fn set(&mut self, user: &str, key: &str, value: &str) {
        let profile = match self.0.iter().position(|p| p.user == user) {
            Some(at) => &mut self.0[at],
            None => {
                self.0.push(Profile { user: user.to_string(), facts: Vec::new() });
                self.0.last_mut().expect("just pushed")
            }
        };
        match profile.facts.iter_mut().find(|(k, _)| k == key) {
            Some((_, old)) => *old = Value::from(value),
            None => profile.facts.push((key.to_string(), Value::from(value))),
        }
    }

    /// Removes one fact; a profile left without facts goes too.
    pub fn remove(&mut self, user: &str, key: &str) {
        for profile in self.0.iter_mut().filter(|p| p.user == user) {
            profile.facts.retain(|(k, _)| k != key);
        }
        self.0.retain(|p| !p.facts.is_empty());
    }

    /// Follows a renamed user.
    pub fn rename(&mut self, from: &str, to: &str) {
        for profile in self.0.iter_mut().filter(|p| p.user == from) {
            profile.user = to.to_string();
        }
    }

    /// The facts set aside, with whose they are and why: a value that is
    /// not text (it is kept as written, and the probe ignores it).
    pub fn problems(&self) -> Vec<(String, Unreadable)> {
        self.0
            .iter()
            .flat_map(|p| {
                p.facts.iter().filter(|(_, v)| !v.is_string()).map(|(key, value)| {
                    let why = Unreadable::WrongType { key: key.clone(), expected: Expect::Text, found: JsonKind::of(value) };
                    (p.user.clone(), why)
                })
            })
            .collect()
    }
}

impl Serialize for Profiles {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Facts<'a>(&'a [(String, Value)]);
        impl Serialize for Facts<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (key, value) in self.0 {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for profile in &self.0 {
            map.serialize_entry(&profile.user, &Facts(&profile.facts))?;
        }
        map.end()
    }
}

impl Lenient for Profiles {
    fn read(key: &str, value: &Value) -> Result<Profiles, Unreadable> {
        let wrong = |key: &str, value: &Value| Unreadable::WrongType {
            key: key.to_string(),
            expected: Expect::Object,
            found: JsonKind::of(value),
        };
        let Value::Object(users) = value else { return Err(wrong(key, value)) };
        let mut profiles = Vec::with_capacity(users.len());
        for (user, facts) in users {
            name(key, &Value::from(user.as_str()))?;
            let Value::Object(facts) = facts else { return Err(wrong(user, facts)) };
            profiles.push(Profile {
                user: user.clone(),
                facts: facts.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            });
        }
        Ok(Profiles(profiles))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kept;
    use serde_json::json;

    fn read(value: Value) -> Kept<Profiles> {
        Kept::read("profiles", value)
    }

    #[test]
    fn profiles_round_trip_in_key_order() {
        let value = json!({"bob": {"role": "analyst"}, "alice": {"role": "polar researcher", "day": "Tuesday"}});
        let Kept::Good(profiles) = read(value.clone()) else { panic!("readable") };
        // serde_json's map is ordered by key.
        assert_eq!(profiles.0[0].user, "alice");
        let facts: Vec<(&str, &str)> = profiles.of_user("alice").unwrap().facts().collect();
        assert_eq!(facts, [("day", "Tuesday"), ("role", "polar researcher")]);
        assert_eq!(serde_json::to_value(&profiles).unwrap(), value);
    }

    #[test]
    fn a_wrong_shape_keeps_the_key_as_written_with_a_reason() {
        let cases = [
            (json!(["alice"]), Unreadable::WrongType { key: "profiles".into(), expected: Expect::Object, found: JsonKind::Array }),
            (json!({"alice": "polar researcher"}), Unreadable::WrongType { key: "alice".into(), expected: Expect::Object, found: JsonKind::String }),
        ];
        for (value, why) in cases {
            let kept = read(value.clone());
            assert_eq!(kept, Kept::Bad(value));
            assert_eq!(kept.unreadable("profiles"), Some(why));
        }
        let kept = read(json!({"a/b": {"day": "Tuesday"}}));
        assert!(matches!(kept.unreadable("profiles"), Some(Unreadable::BadName { name, .. }) if name == "a/b"));
    }

    #[test]
    fn a_fact_that_is_not_text_is_set_aside_alone() {
        let Kept::Good(profiles) = read(json!({"alice": {"age": 42, "day": "Tuesday", "blank": "  "}})) else {
            panic!("readable")
        };
        let facts: Vec<(&str, &str)> = profiles.0[0].facts().collect();
        assert_eq!(facts, [("day", "Tuesday")]);
        assert_eq!(
            profiles.problems(),
            [("alice".to_string(), Unreadable::WrongType { key: "age".into(), expected: Expect::Text, found: JsonKind::Number })]
        );
        // Kept as written.
        assert_eq!(serde_json::to_value(&profiles).unwrap()["alice"]["age"], 42);
    }

    #[test]
    fn set_remove_and_rename_edit_one_fact() {
        let mut profiles = Profiles::default();
        profiles.set("alice", "day", "Monday");
        profiles.set("alice", "day", "Tuesday");
        profiles.set("alice", "role", "polar researcher");
        assert_eq!(profiles.of_user("alice").unwrap().facts().collect::<Vec<_>>(), [("day", "Tuesday"), ("role", "polar researcher")]);
        profiles.rename("alice", "ada");
        assert!(profiles.of_user("alice").is_none());
        profiles.remove("ada", "day");
        profiles.remove("ada", "role");
        assert_eq!(profiles, Profiles::default());
    }
}
