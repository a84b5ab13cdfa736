//! MixUA Playground (placeholder shell until the app lands).
pub use mixua_policy;
