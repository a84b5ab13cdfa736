//! A file the learner downloads (an export, a pack, a report): an effect
//! of a click, never of render. Used by the menus, the inspector and the
//! teacher's tools.

use wasm_bindgen::JsCast;

/// Starts a download of `text` as a file (an effect of a click, not of render).
pub fn download(name: &str, text: &str) {
    download_as(name, text, "application/json");
}

/// Starts a download of `text` as a file of the given type.
pub fn download_as(name: &str, text: &str, mime: &str) {
    let blob = gloo_file::Blob::new_with_options(text, Some(mime));
    // The object URL is revoked when `url` is dropped, after the click.
    let url = gloo_file::ObjectUrl::from(blob);
    if let Ok(a) = gloo_utils::document().create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
}
