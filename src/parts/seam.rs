//! The seam every part is declared through ([`part!`]) and the two calls
//! its handles make ([`now`], [`gone`]). A leaf: it names nothing of the
//! app, so a leaf handle (`hold`, `lesson_two`) that the store or the
//! derivation calls reaches nothing above them.

use std::future::Future;

use futures_util::FutureExt;

pub use wasm_split_helpers::SplitLoaderError;

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
                pub fn $f($($arg: $ty),*) -> ::std::result::Result<$ret, $crate::parts::seam::SplitLoaderError> {
                    ::std::result::Result::Ok($body)
                }

                /// The function, once its part is in.
                #[allow(dead_code)]
                pub fn now($($arg: $ty),*) -> $ret {
                    $crate::parts::seam::now($f($($arg),*)).unwrap_or_else(|| $crate::parts::seam::gone())
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
            pub async fn load() -> ::std::result::Result<$handle, $crate::parts::seam::SplitLoaderError> {
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
