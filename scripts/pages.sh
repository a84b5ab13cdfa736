#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): finishes the build of index.html
# into the whole site.
#
# 1. The prerendered first screen goes into the built index.html
#    (crates/mixua-prerender).
# 2. The site's other pages are built, each with its own wasm (issue 28: a
#    student's first load carries only what a student uses), and put beside
#    index.html in Trunk's staging directory, so that `trunk build` and
#    `trunk serve` make the whole site:
#      lesson3.html  lesson 3 (the app's `lesson3` feature)
#      teach.html    the teacher's tools and every lesson (default features)
#    index.html itself is a student's lessons 1 and 2 (no default features).
#    Each page is a Trunk build of its own HTML file (same Trunk.toml, same
#    loader), into target/pages/<page>/, whose files are then copied in:
#    every built file is named by its content's hash, so nothing collides.
#
# A page's own build runs this hook too; MIXUA_PAGE marks it, and it does
# nothing there.
#
# MIXUA_PAGES names the pages to build (default: "lesson3 teach"); while
# working on one page, `MIXUA_PAGES= trunk build --release --offline` builds
# index.html alone, about three times faster (docs/development.md).
set -euo pipefail

if [[ -n "${MIXUA_PAGE:-}" ]]; then
  exit 0
fi
: "${TRUNK_STAGING_DIR:?run by Trunk as its post-build hook (see Trunk.toml)}"

cargo run --quiet --locked -p mixua-prerender

profile=()
if [[ "${TRUNK_PROFILE:-}" == release ]]; then
  profile=(--release)
fi
for page in ${MIXUA_PAGES-lesson3 teach}; do
  out="target/pages/$page"
  echo "==> The site's page $page.html (scripts/pages.sh)"
  MIXUA_PAGE="$page" trunk build "${profile[@]}" --offline --html-output "$page.html" --dist "$out" "$page.html"
  cp -R "$out"/. "$TRUNK_STAGING_DIR"/
done
