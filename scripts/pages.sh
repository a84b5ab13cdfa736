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
#      lesson3.html  lesson 3 (the app's `lesson3` feature), with lesson
#                    3's own prerendered first screens (mixua-prerender
#                    built with that feature)
#      teach.html    the teacher's tools and every lesson (default features)
#    index.html itself is a student's lessons 1 and 2 (no default features),
#    built once per language (issue 28: a student fetches one language's
#    words; `pick!` in crates/mixua-words): Trunk's own build is the
#    繁體中文 one (Trunk.toml's `only-zh`), and this hook builds the English
#    one (`index-en`, `only-en`), whose files the page names in
#    <script id="mixua-build-en">; the loader (Trunk.toml) fetches the
#    build of the page's language.
#    Each page is a Trunk build of its own HTML file (same Trunk.toml, same
#    loader), into target/pages/<page>/, whose files are then copied in:
#    every built file is named by its content's hash, so nothing collides.
#
# A page's own build runs this hook too; MIXUA_PAGE marks it, and it does
# nothing there.
#
# MIXUA_PAGES names the pages to build (default: "index-en lesson3 teach");
# while working on one page, `MIXUA_PAGES= trunk build --release --offline`
# builds index.html alone, in 繁體中文 only, about four times faster
# (docs/development.md).
set -euo pipefail

if [[ -n "${MIXUA_PAGE:-}" ]]; then
  exit 0
fi
: "${TRUNK_STAGING_DIR:?run by Trunk as its post-build hook (see Trunk.toml)}"

# parts DIR HTML: the parts of the page DIR/HTML (issue 28): the chunks
# its wasm fetches when a part is first wanted (src/parts/mod.rs) and the
# JavaScript that fetches them, which the split step
# (scripts/link-wasm.sh) left in <target>/wasm-parts/<id>/, where the
# page's wasm-bindgen glue names <id>. They are copied beside the page,
# optimised as Trunk optimises the main module (the page's own
# data-wasm-opt-params, in a release build), told the glue's name, and
# listed in the page, so that the service worker keeps them with it (and
# each part's files, for the loader).
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
parts() {
  local dir="$1" html="$2" glue id list="" file
  glue="$(grep -o 'mixua-playground-[0-9a-f]*\.js' "$dir/$html" | head -n 1)"
  id="$(grep -o 'mixua-parts-[0-9a-f]*\.js' "$dir/$glue" | head -n 1 | sed 's/^mixua-parts-//; s/\.js$//')"
  if [[ -z "$id" ]]; then
    return 0
  fi
  local from="$target_dir/wasm-parts/$id"
  [[ -f "$from/files.txt" ]] || { echo "pages.sh: the parts of $html ($from) are missing: rebuild" >&2; exit 1; }
  local params
  params="$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' "$html" | head -n 1)"
  while read -r file; do
    case "$file" in
      *.js) sed "s#\"./main.js\"#\"./$glue\"#" "$from/$file" >"$dir/$file" ;;
      *.wasm)
        if [[ "${TRUNK_PROFILE:-}" == release ]]; then
          # shellcheck disable=SC2086 # the page's parameters, word by word
          wasm-opt -Oz $params "$from/$file" -o "$dir/$file"
        else
          cp "$from/$file" "$dir/$file"
        fi
        ;;
    esac
    list+="${list:+,}\"./$file\""
  done <"$from/files.txt"
  sed -i "s#</head>#<script type=\"application/json\" id=\"mixua-parts\">[$list]</script></head>#" "$dir/$html"
  # Each part's files, for the loader (Trunk.toml) to fetch the parts the
  # start will want beside the main wasm.
  sed -i "s#</head>#<script type=\"application/json\" id=\"mixua-part-files\">$(cat "$from/parts.json")</script></head>#" "$dir/$html"
}
# Serve mode (scripts/serve.sh PAGE, issue 52): Trunk builds only the page
# being worked on ($MIXUA_SERVE, one of index, index-en, lesson3, teach),
# in the development profile and without the prerendered first screen (the
# app draws it; the release build has it), so a saved file is on the page
# in seconds. The site's other pages come from the last whole build
# (target/pages/site, kept below), so links between the pages still work.
if [[ -n "${MIXUA_SERVE:-}" ]]; then
  html=index.html
  case "$MIXUA_SERVE" in lesson3 | teach) html="$MIXUA_SERVE.html" ;; esac
  parts "$TRUNK_STAGING_DIR" "$html"
  # The last whole build that serve.sh found (MIXUA_SITE: the test
  # command's, or serve.sh --release's).
  site="${MIXUA_SITE:-$target_dir/pages/site}"
  if [[ -d "$site" ]]; then
    # The page just built wins over its last whole build (no clobbering).
    cp -Rn "$site"/. "$TRUNK_STAGING_DIR"/
    # The students' page in 繁體中文 names its English build, so that the
    # language switch still opens it.
    if [[ "$MIXUA_SERVE" == index ]]; then
      en="$(grep -o '<script type="application/json" id="mixua-build-en">[^<]*</script>' "$site/index.html" | head -n 1 || true)"
      if [[ -n "$en" ]]; then
        sed -i "s#</head>#${en//#/\\#}</head>#" "$TRUNK_STAGING_DIR/index.html"
      fi
    fi
  else
    echo "pages.sh: no whole build of the site yet (bash scripts/serve.sh --release, or scripts/test.sh, makes one): only $html is served" >&2
  fi
  exit 0
fi

# A native build: in the native target folder when the caller names one
# (scripts/test.sh builds the site in a folder of its own beside it).
CARGO_TARGET_DIR="${MIXUA_NATIVE_TARGET:-$target_dir}" cargo run --quiet --locked -p mixua-prerender

parts "$TRUNK_STAGING_DIR" index.html

profile=()
if [[ "${TRUNK_PROFILE:-}" == release ]]; then
  profile=(--release)
fi
# The JSON text of <script id="ID"> in FILE.
json_of() {
  sed -n "s#.*<script type=\"application/json\" id=\"$2\">\([^<]*\)</script>.*#\1#p" "$1" | head -n 1
}
for page in ${MIXUA_PAGES-index-en lesson3 teach}; do
  out="target/pages/$page"
  rm -rf "$out"
  if [[ "$page" == index-en ]]; then
    echo "==> index.html in English (scripts/pages.sh)"
    MIXUA_PAGE="$page" trunk build "${profile[@]}" --offline --features only-en --dist "$out" index.html
    parts "$out" index.html
    glue="$(grep -o 'mixua-playground-[0-9a-f]*\.js' "$out/index.html" | head -n 1)"
    wasm="$(grep -o 'mixua-playground-[0-9a-f]*_bg\.wasm' "$out/index.html" | head -n 1)"
    build="{\"js\":\"./$glue\",\"wasm\":\"./$wasm\",\"parts\":$(json_of "$out/index.html" mixua-parts),\"partFiles\":$(json_of "$out/index.html" mixua-part-files)}"
    rm "$out/index.html"
    cp -R "$out"/. "$TRUNK_STAGING_DIR"/
    sed -i "s#</head>#<script type=\"application/json\" id=\"mixua-build-en\">$build</script></head>#" "$TRUNK_STAGING_DIR/index.html"
    continue
  fi
  echo "==> The site's page $page.html (scripts/pages.sh)"
  MIXUA_PAGE="$page" trunk build "${profile[@]}" --offline --html-output "$page.html" --dist "$out" "$page.html"
  if [[ "$page" == lesson3 ]]; then
    # Lesson 3's first screens, from a native build of that page's app.
    CARGO_TARGET_DIR="${MIXUA_NATIVE_TARGET:-$target_dir}" cargo run --quiet --locked -p mixua-prerender --features lesson3 -- "$out/lesson3.html"
  fi
  parts "$out" "$page.html"
  cp -R "$out"/. "$TRUNK_STAGING_DIR"/
done

# 3. What the page's comments say stays in the sources: the built pages
#    drop their HTML comments and the whole-line comments of their inline
#    scripts (index.html's own, the loader's from Trunk.toml, the service
#    worker's registration). index.html with its prerendered screens then
#    arrives in a network's first round trip: a new connection sends about
#    14.6 kB (ten TCP segments) before it waits for the first
#    acknowledgement, and the page's first paint waits for the whole page
#    (its `blocking=render` end mark). scripts/size.mjs --check holds the
#    page to it (scripts/size-budget.json, `first_page`).
for html in "$TRUNK_STAGING_DIR"/*.html; do
  perl -0pi -e 's/<!--.*?-->//gs; s{(<script\b[^>]*>)(.*?)(</script>)}{ my ($open, $code, $close) = ($1, $2, $3); $code =~ s/^[ \t]*\/\/[^\n]*\n//gm; "$open$code$close" }gse' "$html"
done

# 4. The whole site, kept for scripts/serve.sh PAGE: it builds one page and
#    serves the others from here.
rm -rf "$target_dir/pages/site"
mkdir -p "$target_dir/pages"
cp -R "$TRUNK_STAGING_DIR"/. "$target_dir/pages/site"/
