//! Where a wasm chunk the first load does not carry is: a state of the
//! screen (a panel drawn, or its place saying it is on its way or failed),
//! never of the reducer or the derivation, which are handed a chunk's
//! functions once it is in.

/// Where a part's chunk is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Not wanted yet, or being fetched.
    Out,
    /// Fetched and instantiated: its functions answer at once.
    In,
    /// Its fetch failed (offline before the service worker kept it): the
    /// part's place says so, and wanting it again fetches it again.
    Failed,
}
