//! Parts of the app that a student's first load does not carry (issue 28).
//!
//! A function marked `#[wasm_split(part)]` is moved, with everything only it
//! reaches, into a wasm chunk of its own (`part`) by the build's split step
//! (`scripts/link-wasm.sh`, `crates/mixua-split`); calling it first fetches
//! that chunk, so it is `async`. Every such function is here, one module
//! per part, declared once with [`seam::part!`]: each a thin wrapper of a function
//! that stays where it belongs (the chunk holds what only the wrapper
//! reaches), and the part's handle, a struct of plain `fn` pointers that
//! answer at once, made only once the part is loaded. [`use_part`] fetches
//! a part when the root first wants it and draws the root again when it is
//! in; the root holds the handles and hands each function down (arguments,
//! props, the components' contexts of the `later` part). Besides the root,
//! two calls name a part: lesson 2's pack and start (the store's `lesson`)
//! and "every assertion holds" (the derivation's `course`), each through a
//! leaf handle that names nothing above the store (`lesson_two`, `hold`).
//! On a native build (tests, the prerender) there is no chunk: a part is
//! always in.

pub mod about_me;
pub mod acting;
pub mod hold;
pub mod later;
pub mod lesson_two;
pub mod seam;
pub mod work_menu;

use std::future::Future;
use std::pin::Pin;

use yew::prelude::*;

pub use seam::SplitLoaderError;

pub use crate::store::arrival::Part;

/// A part's loader: `preload` of its `#[wasm_split]` function.
pub type Preload = fn() -> Pin<Box<dyn Future<Output = Result<(), SplitLoaderError>>>>;

/// Resolves two frames from now: after the next frame's paint (the first
/// screen's, when it was just shown), so that a fetch started then is
/// neither in the way of that paint nor counted before it (a page's largest
/// paint waits for every request it saw start before it, in Lighthouse's
/// simulation of a slow network). It resolves in a task of its own, after
/// that frame's callbacks, so that what the caller starts then (a part's
/// fetches) is not added to a frame's task. At once natively.
pub async fn after_paint() {
    #[cfg(target_family = "wasm")]
    {
        for _ in 0..2 {
            let frame = js_sys::Promise::new(&mut |resolve, _| {
                let _ = gloo_utils::window().request_animation_frame(&resolve);
            });
            let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
        }
        let task = js_sys::Promise::new(&mut |resolve, _| {
            let _ = gloo_utils::window().set_timeout_with_callback(&resolve);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(task).await;
    }
}

/// Where a part is: fetched when `wanted` first holds, the root drawn
/// again once it is in (or failed), `arrived` told first when it is in;
/// the callback fetches a failed part again.
#[hook]
pub fn use_part(wanted: bool, preload: Preload, arrived: Callback<()>) -> (Part, Callback<()>) {
    let part = use_state_eq(|| if cfg!(target_family = "wasm") { Part::Out } else { Part::In });
    {
        let part = part.clone();
        use_effect_with((wanted, *part), move |&(wanted, now)| {
            if wanted && now == Part::Out {
                wasm_bindgen_futures::spawn_local(async move {
                    let is_in = preload().await.is_ok();
                    if is_in {
                        arrived.emit(());
                    }
                    part.set(if is_in { Part::In } else { Part::Failed });
                });
            }
        });
    }
    let retry = {
        let part = part.clone();
        Callback::from(move |()| part.set(Part::Out))
    };
    (*part, retry)
}


/// Lesson 2's pack and start as the state keeps them, from its loaded
/// handle.
fn lesson_two_fns(two: lesson_two::LessonTwo) -> crate::store::lesson::LessonTwoFns {
    crate::store::lesson::LessonTwoFns { pack: two.lesson_two_pack, start: two.lesson_two_start }
}

/// The course's functions of a part that is in (the root's `use_part`
/// says `Part::In`): lesson 2's pack and start with `acting`, the
/// assertions' judge with `later`. What the root hands the state
/// (`UiSession::parts`): the store and the derivation read them there.
pub fn course_parts(acting: bool, later: bool) -> crate::store::lesson::CourseParts {
    crate::store::lesson::CourseParts {
        lesson_two: acting.then(|| lesson_two_fns(lesson_two::LessonTwo::loaded())),
        all_hold: later.then(|| hold::Hold::loaded().all_hold),
    }
}

/// Lessons 2 and 3's chunk, with both its handles' functions
/// ([`acting::Acting`], [`lesson_two::LessonTwo`]) in: lesson 2's pack and
/// start, for the state.
pub async fn acting_in() -> Result<crate::store::lesson::LessonTwoFns, SplitLoaderError> {
    let (acting, two) = futures_util::future::join(acting::Acting::load(), lesson_two::LessonTwo::load()).await;
    acting.and(two).map(lesson_two_fns)
}
