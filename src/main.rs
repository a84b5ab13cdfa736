fn main() {
    // The app builds its first screen into `#app`, hidden, while the
    // prerendered first screen stays; `start::show` swaps them in one frame
    // once the app's first screen is whole (see `src/start.rs`).
    // The first render is a task of its own, not the one that finished
    // compiling the wasm.
    gloo_timers::callback::Timeout::new(0, || {
        match gloo_utils::document().get_element_by_id("app") {
            Some(root) => {
                let _ = root.set_attribute("hidden", "");
                yew::Renderer::<mixua_playground::App>::with_root(root).render()
            }
            None => {
                mixua_playground::start::show();
                yew::Renderer::<mixua_playground::App>::new().render()
            }
        };
    })
    .forget();
}
