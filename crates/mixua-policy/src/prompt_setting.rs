//! The keys an edit of lesson 3's settings names, typed: a budget's target
//! (a source or `shared`), a ranking weight, a card's prompt key the
//! learner sets (`risk`, `load`, `reliability`). Each has its spelling in
//! the file; a value is checked by the same rule and limit the file is read
//! with ([`crate::prompt_keys`]), so the app and the file never disagree.

use serde_json::Value;

use crate::log::{bounded, Unreadable};
pub use crate::prompt_keys::WeightKey;
use crate::prompt_keys::{read_card_key, Source, MAX_BUDGET, MAX_RELIABILITY, MAX_WEIGHT, SHARED};

/// What a budget bounds: one source's cards, or the cards of every source
/// without a budget of its own ([`SHARED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BudgetOf {
    Source(Source),
    Shared,
}

impl BudgetOf {
    /// Each source (in [`Source::ALL`]'s order), then `shared`.
    pub const ALL: [BudgetOf; 7] = [
        BudgetOf::Source(Source::ALL[0]),
        BudgetOf::Source(Source::ALL[1]),
        BudgetOf::Source(Source::ALL[2]),
        BudgetOf::Source(Source::ALL[3]),
        BudgetOf::Source(Source::ALL[4]),
        BudgetOf::Source(Source::ALL[5]),
        BudgetOf::Shared,
    ];

    /// Its key in `prompt.budgets`.
    pub fn as_str(self) -> &'static str {
        match self {
            BudgetOf::Source(source) => source.as_str(),
            BudgetOf::Shared => SHARED,
        }
    }

    pub fn parse(text: &str) -> Option<BudgetOf> {
        BudgetOf::ALL.into_iter().find(|b| b.as_str() == text)
    }

    /// A budget's tokens, checked as the file's are (0 to [`MAX_BUDGET`]).
    pub fn check(self, tokens: u64) -> Result<u64, Unreadable> {
        bounded(&format!("prompt.budgets.{}", self.as_str()), &Value::from(tokens), MAX_BUDGET)
    }
}

impl WeightKey {
    pub fn parse(text: &str) -> Option<WeightKey> {
        crate::prompt_keys::Weights::KEYS.into_iter().find(|k| k.as_str() == text)
    }

    /// A weight, checked as the file's are (0 to [`MAX_WEIGHT`]).
    pub fn check(self, value: u64) -> Result<u64, Unreadable> {
        bounded(&format!("prompt.weights.{}", self.as_str()), &Value::from(value), MAX_WEIGHT)
    }
}

/// A card's prompt key the learner sets. The others a card may write
/// (`tokens`, `uses`, `conflicts_with`) are read, never edited here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardSetting {
    Risk,
    Load,
    Reliability,
}

impl CardSetting {
    pub const ALL: [CardSetting; 3] = [CardSetting::Risk, CardSetting::Load, CardSetting::Reliability];

    /// Its key on the card.
    pub fn as_str(self) -> &'static str {
        match self {
            CardSetting::Risk => "risk",
            CardSetting::Load => "load",
            CardSetting::Reliability => "reliability",
        }
    }

    pub fn parse(text: &str) -> Option<CardSetting> {
        CardSetting::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// The largest number it takes, for a key that is a number.
    pub fn max(self) -> Option<u64> {
        match self {
            CardSetting::Reliability => Some(MAX_RELIABILITY),
            CardSetting::Risk | CardSetting::Load => None,
        }
    }

    /// A value checked by the rule a file's card is read with
    /// ([`read_card_key`]): what a file would set aside is refused.
    pub fn check(self, value: &Value) -> Result<(), Unreadable> {
        read_card_key(self.as_str(), value).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip() {
        for b in BudgetOf::ALL {
            assert_eq!(BudgetOf::parse(b.as_str()), Some(b));
        }
        for w in crate::prompt_keys::Weights::KEYS {
            assert_eq!(WeightKey::parse(w.as_str()), Some(w));
        }
        for k in CardSetting::ALL {
            assert_eq!(CardSetting::parse(k.as_str()), Some(k));
            assert!(crate::prompt_keys::CARD_KEYS.contains(&k.as_str()));
        }
        assert_eq!(BudgetOf::parse("gossip"), None);
        assert_eq!(WeightKey::parse("uses"), None);
        assert_eq!(CardSetting::parse("uses"), None);
    }

    #[test]
    fn limits_are_the_files() {
        assert!(BudgetOf::Shared.check(MAX_BUDGET).is_ok());
        assert!(BudgetOf::Shared.check(MAX_BUDGET + 1).is_err());
        assert!(WeightKey::Review.check(MAX_WEIGHT + 1).is_err());
        assert!(CardSetting::Reliability.check(&Value::from(MAX_RELIABILITY + 1)).is_err());
        assert!(CardSetting::Risk.check(&Value::from("HIGH")).is_err());
        assert!(CardSetting::Load.check(&Value::from("tool")).is_ok());
    }
}
