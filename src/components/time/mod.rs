//! Memory over time (lesson 2): the timeline and the audit log of acts.

pub mod timeline;
pub mod audit_log;
