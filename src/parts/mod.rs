//! Parts of the app that a student's first load does not carry (issue 28).
//!
//! A function marked `#[wasm_split(part)]` is moved, with everything only it
//! reaches, into a wasm chunk of its own (`part`) by the build's split step
//! (`scripts/link-wasm.sh`, `crates/mixua-split`); calling it first fetches
//! that chunk, so it is `async`. Every such function is here, one module
//! per part, declared once with [`part!`]: each a thin wrapper of a function
//! that stays where it belongs (the chunk holds what only the wrapper
//! reaches), and the part's handle, a struct of plain `fn` pointers that
//! answer at once, made only once the part is loaded. [`use_part`] fetches
//! a part when the root first wants it and draws the root again when it is
//! in; the root holds the handles and hands each function down (arguments,
//! props, `crate::components::later::Later`): no module but the root names
//! this one. On a native build (tests, the prerender) there is no chunk: a
//! part is always in.

pub mod about_me;
pub mod acting;
pub mod hold;
pub mod later;
pub mod lesson_two;
pub mod work_menu;

use std::future::Future;
use std::pin::Pin;

use futures_util::FutureExt;
use yew::prelude::*;

pub use wasm_split_helpers::SplitLoaderError;

pub use crate::store::arrival::Part;

/// A part's loader: `preload` of its `#[wasm_split]` function.
pub type Preload = fn() -> Pin<Box<dyn Future<Output = Result<(), SplitLoaderError>>>>;

/// Where a part's function lands when called through its handle while
/// its part is not in: never, since a handle is only made once every
/// function of its part is loaded ([`part!`]).
#[cold]
pub fn gone() -> ! {
    unreachable!()
}

/// The value of a part's function, if its chunk is in (else `None`: the
/// chunk's fetch is under way, or failed).
pub fn now<T>(call: impl Future<Output = Result<T, SplitLoaderError>>) -> Option<T> {
    call.now_or_never().and_then(Result::ok)
}

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
/// again once it is in (or failed); the callback fetches a failed part
/// again.
#[hook]
pub fn use_part(wanted: bool, preload: Preload) -> (Part, Callback<()>) {
    let part = use_state_eq(|| if cfg!(target_family = "wasm") { Part::Out } else { Part::In });
    {
        let part = part.clone();
        use_effect_with((wanted, *part), move |&(wanted, now)| {
            if wanted && now == Part::Out {
                wasm_bindgen_futures::spawn_local(async move {
                    part.set(if preload().await.is_ok() { Part::In } else { Part::Failed });
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

/// One part, declared once: `part! { pub struct Handle in chunk { fn f(a:
/// A) -> R { body } ... } }` makes, for each function, a module `f` with
/// the `#[wasm_split(chunk)]` function `f` (so `body`, and everything only
/// it reaches, goes into the chunk), its `preload`, and `now`, the same
/// function answering at once (for a loaded part only); and the part's
/// handle, a struct of those functions (plain `fn` pointers), which only
/// `Handle::load` makes: every function of the part loaded, so each
/// answers at once from then on. The root holds the handles and hands
/// each what it needs.
macro_rules! part {
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $handle:ident in $part:ident {
            $(
                $(#[doc = $fdoc:literal])*
                $(#[cfg($cfg:meta)])?
                fn $f:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block
            )*
        }
    ) => {
        $(
            $(#[doc = $fdoc])*
            $(#[cfg($cfg)])?
            #[allow(clippy::too_many_arguments)]
            pub mod $f {
                #[allow(unused_imports)]
                use super::*;

                #[::wasm_split_helpers::wasm_split($part, fallible, preload(preload))]
                pub fn $f($($arg: $ty),*) -> ::std::result::Result<$ret, $crate::parts::SplitLoaderError> {
                    ::std::result::Result::Ok($body)
                }

                /// The function, once its part is in.
                #[allow(dead_code)]
                pub fn now($($arg: $ty),*) -> $ret {
                    $crate::parts::now($f($($arg),*)).unwrap_or_else(|| $crate::parts::gone())
                }
            }
        )*

        $(#[doc = $doc])*
        // Not every function is asked for through the handle: the root
        // awaits some by their module's path (`f::f(..).await`).
        #[allow(dead_code)]
        #[derive(Clone, Copy)]
        $vis struct $handle {
            $(
                $(#[doc = $fdoc])*
                $(#[cfg($cfg)])?
                pub $f: fn($($ty),*) -> $ret,
            )*
        }

        /// Two handles are equal when each of their functions is the same.
        impl ::std::cmp::PartialEq for $handle {
            fn eq(&self, other: &$handle) -> bool {
                $(
                    $(#[cfg($cfg)])?
                    if self.$f as usize != other.$f as usize {
                        return false;
                    }
                )*
                true
            }
        }

        #[allow(dead_code)]
        impl $handle {
            /// The handle of a part whose `load` is done (the root's
            /// [`crate::parts::use_part`] says `Part::In`).
            pub fn loaded() -> $handle {
                $handle {
                    $(
                        $(#[cfg($cfg)])?
                        $f: $f::now,
                    )*
                }
            }

            /// Fetches the part and loads each of its functions: its handle,
            /// or `Err` when it can't be fetched.
            pub async fn load() -> ::std::result::Result<$handle, $crate::parts::SplitLoaderError> {
                $(
                    $(#[cfg($cfg)])?
                    $f::preload().await?;
                )*
                ::std::result::Result::Ok($handle {
                    $(
                        $(#[cfg($cfg)])?
                        $f: $f::now,
                    )*
                })
            }
        }
    };
}
pub(crate) use part;

/// Lessons 2 and 3's chunk, with both its handles' functions
/// ([`acting::Acting`], [`lesson_two::LessonTwo`]) in.
pub async fn acting_in() -> Result<(), SplitLoaderError> {
    let (acting, two) = futures_util::future::join(acting::Acting::load(), lesson_two::LessonTwo::load()).await;
    acting.and(two).map(drop)
}
