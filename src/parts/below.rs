//! The panels a first screen does not show, in the `later` part
//! (`crate::parts`, issue 28, with the keeping of the work, `crate::store::json_io`):
//! the card inspector and the card's Why (a card selected), the card
//! editor, the people and the comparison (below the chart), the Work
//! menu's contents and a scoring step's scorecards; and what only a step
//! after the first shows (a reveal's explanations, a step's change in
//! words, the result code). The root fetches it once the first
//! screen is shown, so the chart is interactive before it, and hands it to
//! their components as a context (`lazy::Later`); the start is ready with
//! it.

/// The part of the panels below the first screen. Each function of a
/// part loads on its own first call (the part's file is fetched once), so
/// each is loaded here: from then on, each draws at once (`lazy::now`).
pub async fn preload() -> Result<(), crate::parts::SplitLoaderError> {
    crate::components::inspector::card_inspector::preload_card_inspector().await?;
    crate::components::inspector::why_panel::preload_why_card().await?;
    crate::components::inspector::card_editor::preload_card_editor().await?;
    crate::components::inspector::people::preload_people().await?;
    crate::components::inspector::compare::preload_compare().await?;
    crate::components::menus::files::preload_files().await?;
    crate::components::chart::seating_chart::preload_explained().await?;
    crate::derive::change::preload_change_words().await?;
    crate::components::chart::change_jump::preload_change_jump().await?;
    crate::components::lesson::lesson_panel::preload_result_code().await?;
    crate::components::lesson::assertions_panel::preload_assertions_panel().await?;
    crate::derive::assertions::preload().await?;
    crate::derive::course::preload_all_hold().await?;
    crate::components::lesson::score_step::preload_score_step().await
}
