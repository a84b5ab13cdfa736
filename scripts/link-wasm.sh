#!/usr/bin/env bash
# Cargo's linker for the browser build (.cargo/config.toml, issue 28): the
# Rust toolchain's own wasm linker (rust-lld), then the split step
# (crates/mixua-split) on what it linked. Each function marked
# `#[wasm_split(part)]` goes into a chunk of its own, fetched when first
# wanted (src/parts/mod.rs); the main module is left where cargo asked for it,
# and the chunks in <target>/wasm-parts/<id>/, which scripts/pages.sh copies
# into the site. The link keeps its relocations (`--emit-relocs`, set with
# this linker), which the split step reads.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sysroot="$(rustc --print sysroot)"
host="$(rustc -vV | sed -n 's/^host: //p')"
"${sysroot}/lib/rustlib/${host}/bin/rust-lld" "$@"

out=""
prev=""
for arg in "$@"; do
  if [[ "${prev}" == "-o" ]]; then out="${arg}"; fi
  prev="${arg}"
done
[[ -n "${out}" ]] || { echo "link-wasm.sh: no -o among the linker's arguments" >&2; exit 1; }
# Only the app's binary has split points; any other wasm (none today) is
# left as linked.
if ! grep -q "__wasm_split_unstable" "${out}"; then
  exit 0
fi
# <target>/wasm32-unknown-unknown/<profile>/deps/<name>.wasm
target="$(cd "$(dirname "${out}")/../../.." && pwd)"
# The split step, built natively in a target folder of its own (this runs
# inside cargo's build of the wasm, which holds the wasm's target folder).
CARGO_TARGET_DIR="${target}/split-step" cargo build --quiet --locked --offline \
  --manifest-path "${root}/Cargo.toml" -p mixua-split
"${target}/split-step/debug/mixua-split" "${out}" "${target}/wasm-parts"
