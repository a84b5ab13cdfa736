use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AnnouncerProps {
    /// How many announcements so far: a new number is a new announcement,
    /// even of the same words.
    pub seq: u32,
    pub text: String,
}

/// The one polite live region: what each edit, undo or redo changed, and
/// the notices (reset, import, share link, …). The root component decides
/// when to speak (once per step, never while the learner is still typing
/// in a field); this only shows it to assistive technology.
#[function_component(Announcer)]
pub fn announcer(props: &AnnouncerProps) -> Html {
    html! {
        <div class="sr-only" role="status" aria-live="polite" aria-atomic="true" data-announce={props.seq.to_string()}>
            // A new element per announcement, so screen readers say a
            // repeated sentence again.
            if !props.text.is_empty() {
                <p key={props.seq}>{ &props.text }</p>
            }
        </div>
    }
}
