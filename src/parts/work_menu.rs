//! The Work menu's part (`work_menu`): a share link's writer, the report
//! and the Cedar export, fetched when the menu is first pointed at, opened
//! or used.

use crate::store::lesson::WorkLesson;
use crate::store::work::Doc;

crate::parts::seam::part! {
    /// The Work menu's actions.
    pub struct WorkMenuPart in work_menu {
        /// A share link of `doc` in `course` (its deflate and base64 writer).
        fn share(doc: &Doc, course: WorkLesson) -> String {
            crate::components::menus::files::share_url(doc, course)
        }
        /// The report file of `doc`.
        fn report(doc: &Doc) -> String {
            crate::components::menus::files::report(doc)
        }
        /// The work as a Cedar policy set (the crate's `cedar::export_cedar`,
        /// at the work's clock): the schema, the policies and the entities.
        fn cedar(doc: &Doc) -> mixua_policy::CedarExport {
            mixua_policy::export_cedar(&doc.workspace, None)
        }
    }
}

/// The Work menu's actions as `crate::components::menus::files` asks for
/// them: this part fetched, or `None` when it can't be.
pub fn load() -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<crate::components::menus::files::WorkMenu>>>> {
    Box::pin(async {
        let part = WorkMenuPart::load().await.ok()?;
        Some(crate::components::menus::files::WorkMenu { share: part.share, report: part.report, cedar: part.cedar })
    })
}

/// Starts fetching the Work menu's part (when the menu is pointed at or
/// focused), so that its actions answer at once.
pub fn prefetch() {
    wasm_bindgen_futures::spawn_local(async {
        let _ = share::preload().await;
    });
}
