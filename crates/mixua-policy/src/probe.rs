//! The re-identification probe. A canary catches only its own exact token;
//! it never sees a combination of clues such as "the only polar researcher
//! on Tuesday". The probe looks, in what a viewer is handed (a card's id and
//! lesson), for the profile facts of the workspace's users
//! ([`Profiles`]), and asks who else holds every fact named.
//!
//! - A fact is **named** by a card when its value, trimmed, appears in the
//!   card's id or lesson: exact text, case-insensitive for Latin script
//!   (ASCII, Latin-1 and Latin Extended-A letters), plain for everything
//!   else (CJK has no case).
//! - For each user whose facts a card names, the **matching users** are
//!   those holding every one of those facts (the same values, case aside),
//!   the viewer left out: the viewer knows whether it is them.
//! - Exactly one matching user is a **re-identification**: the card singles
//!   them out. More than one (k) is a weaker warning, reported with k.
//! - A viewer is never flagged for their own facts.
//!
//! Every finding is a value with its reasons: the facts named and the users
//! they match. The heuristic is plain text matching; what it cannot catch
//! (paraphrase, spelling, facts no profile holds, inference across cards)
//! is said in docs/file-format.md.

use serde::Serialize;

use crate::card::Card;
use crate::profile::Profiles;

/// One profile fact, as the probe found it named.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Fact {
    pub key: String,
    pub value: String,
}

/// How strongly a card points at a user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Identification {
    /// Exactly one user other than the viewer holds every fact named: the
    /// card singles that user out.
    Reidentification,
    /// k > 1 users hold them: the card narrows the guess to k people.
    Narrowed,
}

/// One finding: a card names facts of a user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The card's id, and its position (ids may repeat or be empty).
    pub card: String,
    pub index: usize,
    /// The user whose facts the card names.
    pub user: String,
    pub kind: Identification,
    /// How many users (other than the viewer) hold every fact named.
    pub k: usize,
    /// The facts named, in the user's profile order.
    pub facts: Vec<Fact>,
    /// The users (other than the viewer) holding every one of them, in
    /// profile order; `user` is one of them.
    pub matching: Vec<String>,
}

impl Finding {
    /// Does the card single out its user (k = 1)?
    pub fn singles_out(&self) -> bool {
        self.kind == Identification::Reidentification
    }
}

/// One user's facts as the probe reads them: (key, value, normalised value).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Person {
    user: String,
    facts: Vec<(String, String, String)>,
}

impl Person {
    fn holds(&self, normal: &str) -> bool {
        self.facts.iter().any(|(_, _, n)| n == normal)
    }
}

/// What a card names of one person: which facts, and every person holding
/// all of them (the person included). It does not depend on the viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Clue {
    person: usize,
    facts: Vec<usize>,
    holders: Vec<usize>,
}

/// What one card names of each person.
fn clues_of(people: &[Person], card: &Card) -> Vec<Clue> {
    let (id, lesson) = (folded(&card.id), folded(&card.lesson));
    let named = |n: &str| id.contains(n) || lesson.contains(n);
    people
        .iter()
        .enumerate()
        .filter_map(|(p, person)| {
            let facts: Vec<usize> = (0..person.facts.len()).filter(|&f| named(&person.facts[f].2)).collect();
            if facts.is_empty() {
                return None;
            }
            let holders =
                (0..people.len()).filter(|&q| facts.iter().all(|&f| people[q].holds(&person.facts[f].2))).collect();
            Some(Clue { person: p, facts, holders })
        })
        .collect()
}

/// One character with Latin case folded: ASCII, Latin-1 and Latin
/// Extended-A capitals to their small letters. Everything else (CJK has no
/// case) is compared as written. Written out rather than `to_lowercase`,
/// whose Unicode tables would weigh on the playground's download for
/// scripts the probe does not claim to fold.
fn fold(c: char) -> char {
    let n = c as u32;
    let small = match n {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE => n + 0x20,
        // İ: `to_lowercase` gives i and a combining dot; plain i is closer.
        0x130 => 0x69,
        0x100..=0x137 | 0x14A..=0x177 if n & 1 == 0 => n + 1,
        0x139..=0x148 | 0x179..=0x17E if n & 1 == 1 => n + 1,
        0x178 => 0xFF,
        _ => n,
    };
    char::from_u32(small).unwrap_or(c)
}

/// Text as the probe compares it: Latin case folded ([`fold`]).
fn folded(text: &str) -> String {
    text.chars().map(fold).collect()
}

/// A fact value as the probe compares it: trimmed, case folded.
fn normal(text: &str) -> String {
    folded(text.trim())
}

/// The probe over one workspace's cards: what each card names is found
/// once; each viewer's findings are then a filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    people: Vec<Person>,
    /// Per card, in card order.
    clues: Vec<Vec<Clue>>,
}

impl Probe {
    /// Probes every card against the profiles (none: nothing is found).
    pub fn new(cards: &[std::rc::Rc<Card>], profiles: Option<&Profiles>) -> Probe {
        let people: Vec<Person> = profiles
            .map(|p| p.0.as_slice())
            .unwrap_or(&[])
            .iter()
            .map(|profile| Person {
                user: profile.user.clone(),
                facts: profile.facts().map(|(k, v)| (k.to_string(), v.to_string(), normal(v))).collect(),
            })
            .filter(|person| !person.facts.is_empty())
            .collect();
        if people.is_empty() {
            return Probe { people, clues: cards.iter().map(|_| Vec::new()).collect() };
        }
        let clues = cards.iter().map(|card| clues_of(&people, card)).collect();
        Probe { people, clues }
    }

    /// The probe after card `index` became `card` (the profiles unchanged):
    /// only that card is probed again. A caller that keeps the probe up to
    /// date card by card (the app) gets what [`Probe::new`] would.
    pub fn reprobe(&mut self, index: usize, card: &Card) {
        if let Some(clues) = self.clues.get_mut(index) {
            *clues = if self.people.is_empty() { Vec::new() } else { clues_of(&self.people, card) };
        }
    }

    /// Are there any profile facts at all?
    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// What card `index` tells `viewer` (a user name; `None`: nobody in
    /// particular, as when a user asks what is kept about them) about the
    /// other users, one finding per user whose facts it names.
    pub fn findings(&self, cards: &[std::rc::Rc<Card>], index: usize, viewer: Option<&str>) -> Vec<Finding> {
        let not_viewer = |p: &usize| Some(self.people[*p].user.as_str()) != viewer;
        self.clues[index]
            .iter()
            .filter(|clue| not_viewer(&clue.person))
            .map(|clue| {
                let person = &self.people[clue.person];
                let matching: Vec<String> =
                    clue.holders.iter().filter(|p| not_viewer(p)).map(|&p| self.people[p].user.clone()).collect();
                let k = matching.len();
                Finding {
                    card: cards[index].id.clone(),
                    index,
                    user: person.user.clone(),
                    kind: if k == 1 { Identification::Reidentification } else { Identification::Narrowed },
                    k,
                    facts: clue
                        .facts
                        .iter()
                        .map(|&f| Fact { key: person.facts[f].0.clone(), value: person.facts[f].1.clone() })
                        .collect(),
                    matching,
                }
            })
            .collect()
    }

    /// Every finding in one view (card indices), in view order.
    pub fn in_view(&self, cards: &[std::rc::Rc<Card>], view: &[usize], viewer: &str) -> Vec<Finding> {
        if self.is_empty() {
            return Vec::new();
        }
        view.iter().flat_map(|&i| self.findings(cards, i, Some(viewer))).collect()
    }

    /// Does card `index` single out a user other than `viewer`?
    pub fn singles_out(&self, index: usize, viewer: &str) -> bool {
        self.clues[index].iter().any(|clue| {
            let others = |p: &&usize| self.people[**p].user != viewer;
            self.people[clue.person].user != viewer && clue.holders.iter().filter(others).count() == 1
        })
    }

    /// How many cards of one view single out a user other than the viewer:
    /// the view's share of the third scorecard, "identifying content
    /// appeared" (the scorecards' `identifying`).
    pub fn identifying_in(&self, view: &[usize], viewer: &str) -> usize {
        if self.is_empty() {
            return 0;
        }
        view.iter().filter(|&&i| self.singles_out(i, viewer)).count()
    }
}

/// The probe on one card: [`Probe::findings`] for a card on its own.
pub fn probe_card(card: &Card, viewer: Option<&str>, profiles: &Profiles) -> Vec<Finding> {
    let cards = [std::rc::Rc::new(card.clone())];
    Probe::new(&cards, Some(profiles)).findings(&cards, 0, viewer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_capitals_fold_and_the_rest_is_kept() {
        assert_eq!(folded("ÀÉÎÕÜ ÆØÞ × ĀĞİĲŁŃŒŠŸŽ ABC xyz 週二 Σ"), "àéîõü æøþ × āğiĳłńœšÿž abc xyz 週二 Σ");
        // The same as `to_lowercase` on the Latin letters it folds.
        for c in ('A'..='Z').chain('\u{C0}'..='\u{17F}').filter(|&c| c != '\u{130}') {
            let lower: String = c.to_lowercase().collect();
            assert_eq!(fold(c).to_string(), lower, "{c} U+{:04X}", c as u32);
        }
    }
}
