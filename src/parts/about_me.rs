//! "About me", a part of its own (`about_me`): fetched when a learner
//! first asks what the memory holds about a user, with lessons 2 and 3's
//! part (`acting`) for its Delete's write path.

use yew::prelude::*;

use crate::components::inspector::about_me::{AboutMe, AboutMeProps};

crate::parts::seam::part! {
    /// "About me"'s part.
    pub struct AboutMePart in about_me {
        /// [`AboutMe`], drawn.
        fn draw(props: &AboutMeProps) -> Html {
            let write = Some(crate::store::acts::WritePath(crate::parts::acting::apply::now));
            html! { <AboutMe {write} ..props.clone() /> }
        }
    }
}

/// "About me"'s part, and the write path its Delete goes through.
async fn preload() -> Result<AboutMePart, crate::parts::SplitLoaderError> {
    let part = AboutMePart::load().await?;
    crate::parts::acting::Acting::load().await?;
    Ok(part)
}

/// [`AboutMe`], drawn once its part (and the write path) is in; until then
/// [`crate::parts::missing`] stands in its place. Mounting it is wanting
/// the part.
#[function_component(LazyAboutMe)]
pub fn lazy_about_me(props: &AboutMeProps) -> Html {
    let (part, retry) = crate::parts::use_part(true, || Box::pin(async { preload().await.map(drop) }), Callback::noop());
    let drawn = (part == crate::parts::Part::In).then(|| draw::now(props));
    drawn.unwrap_or_else(|| crate::components::later::missing(part, &retry, props.lang, "about-me"))
}
