//! A teacher's goal "make all assertions pass", in the chunk below the first
//! screen (`later`) but a handle of its own, so that the lesson's checks
//! that ask it reach nothing of the panels that chunk draws. Fetched with
//! [`super::later::LaterPart`], wherever it is.

use mixua_course::Facts;

crate::parts::seam::part! {
    /// The assertions' "all hold".
    pub struct Hold in later {
        /// Whether every assertion of a pack's exercise holds.
        fn all_hold(f: &Facts<'_>) -> bool {
            mixua_course::assertion::all_hold(f)
        }
    }
}
