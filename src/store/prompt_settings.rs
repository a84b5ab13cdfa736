//! Lesson 3's settings as edits of the work (budgets, `top_k`, layers,
//! ranking weights, a card's prompt keys), each carried by `Edit::Prompt`
//! through the one reducer and checked by the crate's limits; and which
//! viewer's prompt the panel shows. What the screen shows of the prompts
//! is derived above the store (`derive/prompts.rs`).

use std::rc::Rc;

use mixua_policy::log::bounded;
use mixua_policy::prompt::{set_card_key, BudgetOf, CardSetting, Layer, PromptConfig, Source, WeightKey, MAX_TOP_K};
use mixua_policy::{Kept, ViewerId, Workspace};
use mixua_words::Lang;
use serde_json::Value;

/// A change to lesson 3's prompt settings, carried by `Edit::Prompt`.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptEdit {
    /// A source's budget (or `shared`'s), in tokens; `None` removes it.
    Budget { of: BudgetOf, tokens: Option<u64> },
    /// The retrieved layer's bound; `None`: every match.
    TopK(Option<u64>),
    /// A source's layer; `None`: its default.
    Load { source: Source, layer: Option<Layer> },
    /// One ranking weight.
    Weight { key: WeightKey, value: u64 },
    /// One of a card's prompt keys (`risk`, `load`, `reliability`), by the
    /// card's id; `None` removes it.
    CardKey { card: String, key: CardSetting, value: Option<Value> },
}

/// The field a prompt edit is made in (the typing hold keeps one edit per
/// field).
#[derive(Clone, Debug, PartialEq)]
pub enum PromptField {
    Budget(BudgetOf),
    TopK,
    Load(Source),
    Weight(WeightKey),
    Card(String, CardSetting),
}

impl PromptEdit {
    pub fn field(&self) -> PromptField {
        match self {
            PromptEdit::Budget { of, .. } => PromptField::Budget(*of),
            PromptEdit::TopK(_) => PromptField::TopK,
            PromptEdit::Load { source, .. } => PromptField::Load(*source),
            PromptEdit::Weight { key, .. } => PromptField::Weight(*key),
            PromptEdit::CardKey { card, key, .. } => PromptField::Card(card.clone(), *key),
        }
    }
}

/// Why a prompt edit changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptRefusal {
    /// The workspace's `prompt` key can't be read: it is kept as written,
    /// never edited over.
    Unreadable,
    /// A value outside what the key takes (a reliability above 100, a
    /// risk not `high` or `normal`), or no one card has the id.
    OutOfRange,
}

/// The words of a refusal, in both languages.
pub fn refusal_words(r: PromptRefusal, lang: Lang) -> &'static str {
    match r {
        PromptRefusal::Unreadable => pick!(lang, 
            "這份工作的提示詞設定(prompt)讀不了:保留原樣,不在上面修改。",
            "This work's prompt settings (prompt) can't be read: they are kept as written, not edited over.",
        ),
        PromptRefusal::OutOfRange => pick!(lang, "這個值不在允許的範圍內,沒有修改。", "That value is out of range: nothing changed."),
    }
}

/// Applies one prompt edit to the workspace, or refuses it unchanged.
pub fn apply(ws: &mut Workspace, edit: &PromptEdit) -> Result<(), PromptRefusal> {
    if let PromptEdit::CardKey { card, key, value } = edit {
        // The crate's rule for the key's values (and its ranges), as the
        // file is read: what it would set aside is refused here.
        let valid = value.as_ref().is_none_or(|v| key.check(v).is_ok());
        // The one card with the id: none, or several, edits none.
        let mut at = ws.cards.iter().enumerate().filter(|(_, c)| c.id == *card).map(|(i, _)| i);
        let (true, Some(index), None) = (valid, at.next(), at.next()) else {
            return Err(PromptRefusal::OutOfRange);
        };
        // Only the edited card is copied (the history keeps the old one).
        set_card_key(Rc::make_mut(&mut ws.cards[index]), key.as_str(), value.clone());
        return Ok(());
    }
    let mut config = match &ws.prompt {
        Some(Kept::Bad(_)) => return Err(PromptRefusal::Unreadable),
        Some(Kept::Good(config)) => config.clone(),
        None => PromptConfig::default(),
    };
    // The crate's ranges, as the file is read.
    let out_of_range = |_| PromptRefusal::OutOfRange;
    match edit {
        PromptEdit::Budget { of, tokens } => {
            if let Some(t) = tokens {
                of.check(*t).map_err(out_of_range)?;
            }
            config.set_budget(of.as_str(), *tokens);
        }
        PromptEdit::TopK(k) => {
            if let Some(k) = k {
                bounded("prompt.top_k", &Value::from(*k), MAX_TOP_K).map_err(out_of_range)?;
            }
            config.set_top_k(*k);
        }
        PromptEdit::Load { source, layer } => config.set_load(*source, *layer),
        PromptEdit::Weight { key, value } => {
            key.check(*value).map_err(out_of_range)?;
            config.set_weight(*key, *value);
        }
        PromptEdit::CardKey { .. } => {}
    }
    // A config with nothing in it is the same as no key: a file without it.
    ws.prompt = (config != PromptConfig::default()).then_some(Kept::Good(config));
    Ok(())
}

/// The viewer whose prompt the panel shows: the one chosen, else the cell
/// the current exercise is about (the pack's `cell`, when it is in the
/// chart), else [`default_viewer`].
pub fn prompt_viewer(chosen: Option<&ViewerId>, exercise_cell: Option<&str>, ws: &Workspace) -> Option<ViewerId> {
    chosen.cloned().or_else(|| in_chart(exercise_cell, ws)).or_else(|| default_viewer(ws))
}

/// The cell the current exercise is about (the pack's `cell`), when it is
/// in the chart.
pub fn in_chart(cell: Option<&str>, ws: &Workspace) -> Option<ViewerId> {
    let in_chart = |v: &ViewerId| ws.users.contains(&v.user) && ws.agents.contains(&v.agent);
    cell.and_then(ViewerId::parse_key).filter(in_chart)
}

/// The default viewer of the prompt panel: the first task's, else the
/// chart's first cell.
pub fn default_viewer(ws: &Workspace) -> Option<ViewerId> {
    ws.tasks()
        .and_then(|t| t.0.first())
        .map(|t| t.viewer.clone())
        .or_else(|| Some(ViewerId::new(ws.users.first()?, ws.agents.first()?)))
}
