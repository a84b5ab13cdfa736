fn main() {
    // The app builds its first screen into `#app`, hidden, while the
    // prerendered first screen stays; `start::show` swaps them in one frame
    // once the app's first screen is whole (see `src/start/mod.rs`).
    // The start is in tasks of their own, none of them the one that finished
    // compiling the wasm: the work read, its lesson's exercises, its views, then
    // the first render.
    // The start is handed from task to task, then to the app, as a value.
    // Stored work or a link is read by the part that keeps the work: a
    // start that reads one fetches it first (a first visit never does).
    // So is lesson 2's, when the address asks for it (`?lesson=2`, a pack
    // link): a lesson-1 student's first visit fetches neither.
    let start = mixua_playground::start::Started::default();
    gloo_timers::callback::Timeout::new(0, move || {
        let keep = mixua_playground::store::json_io::needed_at_start();
        let acting = mixua_playground::start::acting_at_start();
        if keep || acting {
            wasm_bindgen_futures::spawn_local(async move {
                let keep = async {
                    if keep {
                        mixua_playground::fetch_keep().await
                    } else {
                        None
                    }
                };
                let acting = async {
                    if acting {
                        mixua_playground::fetch_acting().await
                    } else {
                        None
                    }
                };
                let (stored, two) = futures_util::future::join(keep, acting).await;
                gloo_timers::callback::Timeout::new(0, move || tasks(start, stored, two)).forget();
            });
        } else {
            tasks(start, None, None);
        }
    })
    .forget();
}

fn tasks(start: mixua_playground::start::Started, stored: Option<mixua_playground::start::Stored>, two: Option<mixua_playground::store::lesson::LessonTwoFns>) {
    start.read(stored, two);
    // The work, link or lesson asked for is another page's: that page is on
    // its way, and this one starts nothing (it shows, and saves, nothing).
    if start.leaving() {
        return;
    }
    // A lesson acted on over time has its part in before its exercises are
    // read (lesson 2's pack is in it); if it can't be fetched, the lesson's
    // place says so and fetches it again (the root).
    if start.acts() {
        wasm_bindgen_futures::spawn_local(async move {
            let two = mixua_playground::fetch_acting().await;
            start.lesson_two_in(two);
            gloo_timers::callback::Timeout::new(0, move || lesson_tasks(start)).forget();
        });
    } else {
        lesson_tasks(start);
    }
}

fn lesson_tasks(start: mixua_playground::start::Started) {
    let lesson = start.clone();
    gloo_timers::callback::Timeout::new(0, move || lesson.lesson()).forget();
    let derive = start.clone();
    gloo_timers::callback::Timeout::new(0, move || derive.derive()).forget();
    gloo_timers::callback::Timeout::new(0, move || render(start)).forget();
}

fn render(start: mixua_playground::start::Started) {
    let props = mixua_playground::AppProps { prerender: None, start: Some(start) };
    match gloo_utils::document().get_element_by_id("app") {
        Some(root) => {
            let _ = root.set_attribute("hidden", "");
            yew::Renderer::<mixua_playground::App>::with_root_and_props(root, props).render()
        }
        None => {
            mixua_playground::start::show();
            yew::Renderer::<mixua_playground::App>::with_props(props).render()
        }
    };
}
