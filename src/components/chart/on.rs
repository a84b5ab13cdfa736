//! What the chart and its cells ask for, each request one action
//! (`crate::store::action::On`), made by the root (`root/requests.rs`).

use mixua_policy::ViewerId;

use crate::store::action::On;
use crate::store::state::Mode;

/// What the chart asks for: its cells' requests, the mode (explore,
/// predict, reveal), back to now from lesson 2's past, and whose "about
/// me" opens. Made by the root, the same from render to render.
#[derive(Clone, PartialEq)]
pub struct ChartOn {
    pub cell: CellOn,
    pub mode: On<Mode>,
    pub tick: On<Option<u64>>,
    pub about: On<Option<String>>,
}

/// What a cell asks for: why a card is or is not in a view (the why panel
/// opens on it), the whole list, a prediction ticked or not, lesson 3's
/// prompt and its sheet.
#[derive(Clone, PartialEq)]
pub struct CellOn {
    pub inspect: On<(usize, ViewerId)>,
    pub expand: On<ViewerId>,
    pub predict: On<(ViewerId, String)>,
    #[cfg(feature = "lesson3")]
    pub prompt: On<ViewerId>,
    #[cfg(feature = "lesson3")]
    pub sheet: On<bool>,
}
