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
# (scripts/test.sh or --release makes one), so the links between pages work;
# with none, they are built after the page is served.
# index is the students' page in 繁體中文 (lessons 1 and 2), index-en the
# same in English, lesson3 is lesson3.html, teach is teach.html.
# After a test build (dist/ exists), that release site is served at once
# while the page's first development build compiles; Trunk takes over when
# it is done.
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

# A page's development build is served from a folder of its own, so that
# it never replaces the release build in dist/ (what scripts/test.sh's size
# check and journeys, and a static host, take).
dist="$PWD/target/serve-dist"

# The other pages are served from the last whole build: scripts/test.sh's
# (its release build is in target/web/, a target folder of its own, so
# pages.sh keeps that site in target/web/pages/site) or serve.sh
# --release's (target/pages/site), whichever is newer.
target="${CARGO_TARGET_DIR:-$PWD/target}"
site=""
for dir in "$target/pages/site" "$PWD/target/web/pages/site"; do
  if [[ -d "$dir" && ( -z "$site" || "$dir" -nt "$site" ) ]]; then
    site="$dir"
  fi
done
if [[ -z "$site" ]]; then
  # None yet (a fresh clone): the page in use is served first, and the
  # other pages are built after it has been served, in a target folder of
  # their own (so a rebuild of the page never waits on their lock) and at a
  # lower priority; they are served from the next rebuild of the page on,
  # or at once if it comes first (copied into what Trunk serves).
  site="$target/serve-site/pages/site"
  echo "==> No whole build of the site yet: $page is served first, the other pages are built after it (development profile)"
  (
    # $$ is Trunk's once the script execs it: gone, there is nothing to wait for.
    until curl -fs -o /dev/null "http://127.0.0.1:8080/"; do
      kill -0 $$ 2>/dev/null || exit 0
      sleep 2
    done
    echo "==> Building the other pages (scripts/pages.sh), after $page"
    if CARGO_TARGET_DIR="$target/serve-site" MIXUA_NATIVE_TARGET="$target" nice -n 10 \
      trunk build --offline --dist "$target/serve-site/dist" >"$target/serve-site.log" 2>&1; then
      cp -Rn "$site"/. "$dist"/ 2>/dev/null || true
      echo "==> The other pages are built (their log: $target/serve-site.log)"
    else
      echo "serve.sh: the other pages' build failed: see $target/serve-site.log" >&2
    fi
  ) &
fi
export MIXUA_SITE="$site"

export MIXUA_SERVE="$page"
case "$page" in
  index) args=(index.html); open="" ;;
  index-en) args=(--features only-en index.html); open="?lang=en" ;;
  *) args=(--html-output "$page.html" "$page.html"); open="$page.html" ;;
esac
# After a test build, its release site (dist/) is served at once while the
# page's development build compiles (from nothing, the first time: minutes),
# so the playground is open in seconds; Trunk takes over once that build is
# done, and from then on a saved file reloads the page.
if [[ -f dist/index.html && -z "${MIXUA_SERVE_NO_FIRST:-}" ]]; then
  echo "==> Serving the last release build (dist/) while $page's development build compiles: open http://127.0.0.1:8080/$open"
  python3 -m http.server 8080 --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
  first=$!
  trap 'kill "$first" 2>/dev/null || true' EXIT
  trunk build --offline --dist "$dist" "${args[@]}"
  kill "$first" 2>/dev/null || true
  wait "$first" 2>/dev/null || true
  trap - EXIT
  echo "==> $page's development build is ready: reload the page once; from now on a saved file reloads it"
fi
echo "==> Building $page and serving the playground: open http://127.0.0.1:8080/$open (Ctrl-C stops)"
exec trunk serve "${serve[@]}" --dist "$dist" "${args[@]}"
