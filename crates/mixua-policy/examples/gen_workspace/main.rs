//! Prints a generated workspace as JSON (the playground's file format), for
//! timing the whole `mixua` CLI run. Deterministic: the same arguments give
//! the same bytes.
//!
//! Usage: cargo run --release -p mixua-policy --example gen_workspace -- [CARDS] [USERS] [AGENTS] [SEED]
//! (defaults: 20000 10 10 1)

mod generator;

use std::io::Write;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or_else(|_| panic!("`{a}` is not a number")))
        .collect();
    let arg = |i: usize, default: usize| args.get(i).copied().unwrap_or(default);
    let workspace = generator::generate(arg(0, 20_000), arg(1, 10), arg(2, 10), arg(3, 1) as u64);
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", workspace.to_json_pretty());
}
