fn main() {
    // The app builds its first screen into `#app`, hidden, while the
    // prerendered first screen stays; `start::show` swaps them in one frame
    // once the app's first screen is whole (see `src/start.rs`).
    // The start is in tasks of their own, none of them the one that finished
    // compiling the wasm: the work read, its lesson's exercises, its views, then
    // the first render.
    gloo_timers::callback::Timeout::new(0, || {
        mixua_playground::read_start();
        gloo_timers::callback::Timeout::new(0, mixua_playground::lesson_start).forget();
        gloo_timers::callback::Timeout::new(0, mixua_playground::derive_start).forget();
        gloo_timers::callback::Timeout::new(0, render).forget();
    })
    .forget();
}

fn render() {
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
}
