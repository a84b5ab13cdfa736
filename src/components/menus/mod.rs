//! The menus and bars around the chart: the top bar, the toolbar, the Work
//! menu's files, notices and the footer.

pub mod top_bar;
pub mod toolbar;
pub mod files;
pub mod footer;
pub mod notice_bar;
