fn main() {
    // The prerendered first screen goes and the app renders into `#app` in
    // its place: the render runs in the next microtask, before the browser
    // can paint again, so no frame shows neither or both.
    mixua_playground::prerender::take_over();
    match gloo_utils::document().get_element_by_id("app") {
        Some(root) => yew::Renderer::<mixua_playground::App>::with_root(root).render(),
        None => yew::Renderer::<mixua_playground::App>::new().render(),
    };
}
