#!/usr/bin/env bash
# Serves the playground on http://127.0.0.1:8080 and rebuilds the page you
# work on when a source file changes (the browser reloads by itself).
# Installs what it needs first (scripts/setup.sh). Stop it with Ctrl-C.
#
#   bash scripts/serve.sh [PAGE]     PAGE: index (default), index-en, lesson3, teach
#   bash scripts/serve.sh --release  the whole site as scripts/test.sh builds it
#
# With a PAGE, only that page is built, in the development profile (no
# wasm-opt, no prerendered first screen): a saved file is on the page in
# seconds. The site's other pages are served from the last whole build
# (scripts/test.sh or --release makes one), so the links between pages work.
# index is the students' page in 繁體中文 (lessons 1 and 2), index-en the
# same in English, lesson3 is lesson3.html, teach is teach.html.
# --release builds every page as the test command does (several minutes);
# the built site is in dist/, and any static host can serve it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

page="${1:-index}"
case "$page" in
  index | index-en | lesson3 | teach | --release) ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  *) printf 'serve.sh: error: unknown page %s (index, index-en, lesson3, teach or --release)\n' "$page" >&2; exit 2 ;;
esac

bash scripts/setup.sh

# Trunk, wasm-bindgen (cargo install) and wasm-opt (npm package binaryen,
# which Trunk runs for the release build) must all be on PATH.
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
serve=(--offline --address 127.0.0.1 --port 8080)

if [[ "$page" == --release ]]; then
  echo "==> Building every page and serving the playground: open http://127.0.0.1:8080/ (Ctrl-C stops)"
  exec trunk serve --release "${serve[@]}"
fi

# The other pages are served from the last whole build: a fresh clone makes
# one first (every page, development profile, a few minutes once).
if [[ ! -d "${CARGO_TARGET_DIR:-$PWD/target}/pages/site" ]]; then
  echo "==> No whole build of the site yet: building every page once (development profile)"
  trunk build --offline
fi

export MIXUA_SERVE="$page"
case "$page" in
  index) args=(index.html); open="" ;;
  index-en) args=(--features only-en index.html); open="?lang=en" ;;
  *) args=(--html-output "$page.html" "$page.html"); open="$page.html" ;;
esac
echo "==> Building $page and serving the playground: open http://127.0.0.1:8080/$open (Ctrl-C stops)"
exec trunk serve "${serve[@]}" "${args[@]}"
