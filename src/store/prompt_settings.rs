//! Lesson 3's settings as edits of the work (budgets, `top_k`, layers,
//! ranking weights, a card's prompt keys), each carried by `Edit::Prompt`
//! through the one reducer and checked by the crate's limits; and which
//! viewer's prompt the panel shows. What the screen shows of the prompts
//! is derived in `crate::derive::prompts`.

use std::rc::Rc;

use mixua_policy::log::bounded;
use mixua_policy::prompt::{read_card_key, set_card_key, Layer, PromptConfig, Source, MAX_BUDGET, MAX_TOP_K, MAX_WEIGHT, SHARED};
use mixua_policy::{Kept, ViewerId, Workspace};
use mixua_words::Lang;
use serde_json::Value;

/// A change to lesson 3's prompt settings, carried by `Edit::Prompt`.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptEdit {
    /// A source's budget (or `shared`'s), in tokens; `None` removes it.
    Budget { name: String, tokens: Option<u64> },
    /// The retrieved layer's bound; `None`: every match.
    TopK(Option<u64>),
    /// A source's layer; `None`: its default.
    Load { source: Source, layer: Option<Layer> },
    /// One ranking weight ([`Weights::KEYS`]).
    Weight { name: String, value: u64 },
    /// One of a card's prompt keys (`risk`, `load`, `reliability`), by the
    /// card's id; `None` removes it.
    CardKey { card: String, key: String, value: Option<Value> },
}

/// Why a prompt edit changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptRefusal {
    /// The workspace's `prompt` key can't be read: it is kept as written,
    /// never edited over.
    Unreadable,
    /// A value outside what the key takes (a reliability above 100, a
    /// weight name or card key this lesson does not edit, no such card).
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
        let valid = value.as_ref().is_none_or(|v| read_card_key(key, v).is_ok());
        let index = ws.cards.iter().position(|c| c.id == *card);
        let (true, Some(index)) = (valid && ["risk", "load", "reliability"].contains(&key.as_str()), index) else {
            return Err(PromptRefusal::OutOfRange);
        };
        // Only the edited card is copied (the history keeps the old one).
        set_card_key(Rc::make_mut(&mut ws.cards[index]), key, value.clone());
        return Ok(());
    }
    let mut config = match &ws.prompt {
        Some(Kept::Bad(_)) => return Err(PromptRefusal::Unreadable),
        Some(Kept::Good(config)) => config.clone(),
        None => PromptConfig::default(),
    };
    // The crate's ranges, as the file is read.
    let within = |n: u64, max: u64| bounded("", &Value::from(n), max).map_err(|_| PromptRefusal::OutOfRange);
    match edit {
        PromptEdit::Budget { name, tokens } => {
            if name != SHARED && Source::parse(name).is_none() {
                return Err(PromptRefusal::OutOfRange);
            }
            if let Some(t) = tokens {
                within(*t, MAX_BUDGET)?;
            }
            config.set_budget(name, *tokens);
        }
        PromptEdit::TopK(k) => {
            if let Some(k) = k {
                within(*k, MAX_TOP_K)?;
            }
            config.set_top_k(*k);
        }
        PromptEdit::Load { source, layer } => config.set_load(*source, *layer),
        PromptEdit::Weight { name, value } => {
            within(*value, MAX_WEIGHT)?;
            if !config.set_weight(name, *value) {
                return Err(PromptRefusal::OutOfRange);
            }
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
