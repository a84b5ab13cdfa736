#!/usr/bin/env bash
# Installs everything the playground needs to build, serve and test, on a
# fresh Debian 12 machine with rustup, Node.js 20 and npm: the wasm32 target,
# Trunk, the wasm-bindgen CLI matching Cargo.lock, Debian's Chromium and
# ChromeDriver (plus a font with Traditional Chinese glyphs, so screenshots
# show 繁體中文 rather than boxes), every crate the build needs, and the npm
# packages (Playwright and axe-core for the browser tests, binaryen for
# wasm-opt).
#
# Safe to run again: each step first checks what is there and skips itself
# when the right version is already installed. scripts/serve.sh and
# scripts/test.sh run it first, so nobody has to remember to.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# `cargo install` puts binaries here; a fresh shell may not have it on PATH.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

TRUNK_VERSION=0.21.14
WASM_TARGET=wasm32-unknown-unknown

say() { printf '==> %s\n' "$*"; }
skip() { printf '    ok: %s\n' "$*"; }
die() { printf 'setup.sh: error: %s\n' "$*" >&2; exit 1; }

# Runs a step and prints how long it took.
timed() {
  local started=$SECONDS
  "$@"
  printf '    took %ss\n' "$((SECONDS - started))"
}

# Another shell (a second terminal, an editor task) may already be compiling
# the same crate; a second concurrent `cargo install` would only double the
# work, so wait for the first one and then look again.
wait_for_other_install() {
  local crate=$1 waited=0
  while pgrep -f "^[^ ]*cargo install .*${crate}( |$)" >/dev/null 2>&1; do
    if ((waited == 0)); then say "another 'cargo install ${crate}' is running; waiting for it"; fi
    sleep 10
    waited=$((waited + 10))
    if ((waited >= 3600)); then die "gave up waiting for another 'cargo install ${crate}' after an hour"; fi
  done
  if ((waited > 0)); then skip "the other install of ${crate} finished after ${waited}s"; fi
}

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

# --- tools that a fresh machine must already have --------------------------
command -v rustup >/dev/null || die "rustup not found: install Rust with rustup first (https://rustup.rs)"
command -v cargo >/dev/null || die "cargo not found on PATH"
command -v node >/dev/null || die "node not found: install Node.js 20 or newer"
command -v npm >/dev/null || die "npm not found: install npm with Node.js"
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || die "Node.js $(node --version) is too old: the browser tests need 20 or newer"

# --- Rust target for the browser ---------------------------------------------
say "Rust target ${WASM_TARGET}"
if rustup target list --installed | grep -qx "${WASM_TARGET}"; then
  skip "already installed"
else
  timed rustup target add "${WASM_TARGET}"
fi

# --- Trunk --------------------------------------------------------------------
say "Trunk ${TRUNK_VERSION}"
wait_for_other_install trunk
if [[ "$(trunk --version 2>/dev/null || true)" == "trunk ${TRUNK_VERSION}" ]]; then
  skip "$(trunk --version)"
else
  say "cargo install --locked trunk --version ${TRUNK_VERSION} (compiles from source; about 12 minutes on 2 cores)"
  timed cargo install --locked trunk --version "${TRUNK_VERSION}" --force
fi

# --- Crates -----------------------------------------------------------------
# Writes Cargo.lock if it is missing and downloads every crate for every
# target, so that `trunk build --offline` (which passes --offline to cargo)
# and `cargo test` find them all.
say "Crates in Cargo.lock (cargo fetch)"
timed cargo fetch

# --- wasm-bindgen CLI, at the version Cargo.lock pins ------------------------
# Trunk refuses (in --offline mode) a wasm-bindgen CLI whose version differs
# from the wasm-bindgen crate in Cargo.lock.
wasm_bindgen_versions=$(awk '
  /^\[\[package\]\]/ { name = "" }
  /^name = /         { name = $3 }
  /^version = / && name == "\"wasm-bindgen\"" { gsub(/"/, "", $3); print $3 }
' Cargo.lock)
wasm_bindgen_version=$(printf '%s\n' "${wasm_bindgen_versions}" | head -n 1)
say "wasm-bindgen CLI ${wasm_bindgen_version:-(none needed)}"
if [[ -z "${wasm_bindgen_version}" ]]; then
  skip "Cargo.lock has no wasm-bindgen crate yet, so there is nothing to match"
else
  if [[ $(printf '%s\n' "${wasm_bindgen_versions}" | wc -l) -gt 1 ]]; then
    die "Cargo.lock holds several wasm-bindgen versions (${wasm_bindgen_versions//$'\n'/, }): keep one"
  fi
  wait_for_other_install wasm-bindgen-cli
  if [[ "$(wasm-bindgen --version 2>/dev/null || true)" == "wasm-bindgen ${wasm_bindgen_version}" ]]; then
    skip "$(wasm-bindgen --version)"
  else
    say "cargo install --locked wasm-bindgen-cli --version ${wasm_bindgen_version} (about 6 minutes on 2 cores)"
    timed cargo install --locked wasm-bindgen-cli --version "${wasm_bindgen_version}" --force
  fi
fi

# --- Chromium, ChromeDriver and a CJK font, from Debian -----------------------
say "Chromium, ChromeDriver and a Traditional Chinese font (Debian packages)"
apt_packages=()
[[ -x /usr/bin/chromium ]] || apt_packages+=(chromium)
[[ -x /usr/bin/chromedriver ]] || apt_packages+=(chromium-driver)
if ! { command -v fc-list >/dev/null && fc-list ':lang=zh-tw' family | grep -q .; }; then
  apt_packages+=(fonts-noto-cjk)
fi
if ((${#apt_packages[@]} == 0)); then
  skip "$(/usr/bin/chromium --version 2>/dev/null | head -n 1), $(/usr/bin/chromedriver --version 2>/dev/null | cut -d' ' -f1-2)"
else
  say "apt-get install ${apt_packages[*]} (about 1 to 2 minutes)"
  export DEBIAN_FRONTEND=noninteractive
  timed as_root apt-get update -q
  timed as_root apt-get install -y -q "${apt_packages[@]}"
fi

# --- npm packages --------------------------------------------------------------
# playwright-core and axe-core for the browser tests; binaryen for wasm-opt,
# which Trunk runs on the release build (scripts/serve.sh and scripts/test.sh
# put node_modules/.bin on PATH). playwright-core brings no browser of its own:
# it drives /usr/bin/chromium, so never run `npx playwright install`.
say "npm packages ($(node -p 'Object.keys(require("./package.json").devDependencies ?? {}).join(", ")'))"
if [[ -f node_modules/.package-lock.json && ! package-lock.json -nt node_modules/.package-lock.json ]]; then
  skip "node_modules matches package-lock.json"
else
  timed env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
if [[ -x node_modules/.bin/wasm-opt ]]; then
  skip "$(node_modules/.bin/wasm-opt --version) (node_modules/.bin)"
fi

say "setup done"
