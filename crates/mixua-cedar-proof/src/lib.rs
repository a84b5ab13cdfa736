//! The Cedar proof lives in `tests/cedar.rs`: every read of random
//! workspaces exported by `mixua_policy::cedar` is decided by Cedar's own
//! authorizer exactly as the playground decides it (docs/cedar.md). This
//! crate has no code of its own.
