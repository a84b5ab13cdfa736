//! The inspector column on the right: what is chosen (a card, a cell's Why,
//! a prompt), the card editor, and the acting panels of lesson 2.

pub mod card_inspector;
pub mod card_editor;
pub mod card_row;
pub mod why_panel;
#[cfg(feature = "lesson3")]
pub mod prompt_panel;
#[cfg(feature = "lesson3")]
pub mod prompt_settings;
pub mod act_as;
pub mod acting;
pub mod groups;
pub mod retention;
pub mod about_me;
pub mod cache_panel;
pub mod panel_tabs;
pub mod people;
pub mod compare;
