#!/usr/bin/env bash
# Builds the playground and serves it on http://127.0.0.1:8080, rebuilding
# when a source file changes. Installs what it needs first (scripts/setup.sh).
# Stop it with Ctrl-C. The built site is in dist/: any static host can serve it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh

# Trunk, wasm-bindgen (cargo install) and wasm-opt (npm package binaryen,
# which Trunk runs for the release build) must all be on PATH.
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "==> Building and serving the playground: open http://127.0.0.1:8080/ (Ctrl-C stops)"
exec trunk serve --release --offline --address 127.0.0.1 --port 8080 "$@"
