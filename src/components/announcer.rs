use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::derive::change::Said;

/// How the root speaks through the live region without rendering itself
/// again: the region keeps what it says as its own state, and the root
/// hands it each announcement here (kept until the region is there to
/// take it). Compared by identity, so the region's props never change.
#[derive(Clone, Default)]
pub struct Voice(Rc<RefCell<VoiceInner>>);

#[derive(Default)]
struct VoiceInner {
    /// The region's setter, once it is on the page.
    set: Option<UseStateSetter<Said>>,
    /// The latest announcement, for a region not on the page yet.
    pending: Option<Said>,
}

impl PartialEq for Voice {
    fn eq(&self, other: &Voice) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Voice {
    /// Says `said` now: only the live region renders again.
    pub fn say(&self, said: Said) {
        let mut inner = self.0.borrow_mut();
        match &inner.set {
            Some(set) => set.set(said),
            None => inner.pending = Some(said),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct AnnouncerProps {
    pub voice: Voice,
}

/// The one polite live region: what each edit, undo or redo changed, and
/// the notices (reset, import, share link, …). The root component decides
/// when to speak (once per step, never while the learner is still typing
/// in a field); this only shows it to assistive technology. What it says is
/// its own state (`Voice`), so speaking renders this region alone.
#[function_component(Announcer)]
pub fn announcer(props: &AnnouncerProps) -> Html {
    let said = {
        let voice = props.voice.clone();
        use_state(move || voice.0.borrow_mut().pending.take().unwrap_or_default())
    };
    {
        let (voice, set) = (props.voice.clone(), said.setter());
        use_effect_with(props.voice.clone(), move |_| {
            let pending = voice.0.borrow_mut().pending.take();
            if let Some(pending) = pending {
                set.set(pending);
            }
            voice.0.borrow_mut().set = Some(set);
            move || voice.0.borrow_mut().set = None
        });
    }
    let (seq, text) = &*said;
    html! {
        <div class="sr-only" role="status" aria-live="polite" aria-atomic="true" data-announce={seq.to_string()}>
            // A new element per announcement, so screen readers say a
            // repeated sentence again.
            if !text.is_empty() {
                <p key={*seq}>{ text }</p>
            }
        </div>
    }
}
