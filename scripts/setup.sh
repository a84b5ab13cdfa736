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
#
# --from-scratch [DIR] proves the install steps on a machine that already has
# the tools: it installs Trunk and the wasm-bindgen CLI into DIR (default: a
# new temporary folder) with an empty crate cache there, puts DIR/bin first on
# PATH so nothing already installed is found, reinstalls the npm packages and
# runs apt-get even when Chromium is there. Every step prints how long it took.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

FROM_SCRATCH=0
TOOL_ROOT="${CARGO_HOME:-$HOME/.cargo}"
case "${1:-}" in
  --from-scratch)
    FROM_SCRATCH=1
    TOOL_ROOT="${2:-$(mktemp -d -t mixua-setup-XXXXXX)}"
    mkdir -p "${TOOL_ROOT}"
    TOOL_ROOT="$(cd "${TOOL_ROOT}" && pwd)"
    [[ -z "$(ls -A "${TOOL_ROOT}")" ]] || { printf 'setup.sh: error: %s is not empty\n' "${TOOL_ROOT}" >&2; exit 1; }
    # rustup's cargo and rustc stay where they are; the crate cache and every
    # `cargo install` go to the empty root.
    export PATH="${TOOL_ROOT}/bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
    export CARGO_HOME="${TOOL_ROOT}"
    ;;
  "") ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  *) printf 'setup.sh: error: unknown argument %s (try --help)\n' "$1" >&2; exit 2 ;;
esac

# `cargo install` puts binaries here; a fresh shell may not have it on PATH.
export PATH="${TOOL_ROOT}/bin:$PATH"
SETUP_STARTED=$SECONDS

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

# install_crate CRATE VERSION BINARY: `cargo install` of exactly VERSION into
# the tool root. First with --locked (the versions the crate was released
# with); when that cannot resolve against the registry this machine reaches
# (it has happened: a registry without the locked webpki-roots), the same
# version again without --locked. Either way the installed binary must then
# report VERSION, or setup stops.
install_crate() {
  local crate=$1 version=$2 binary=$3 opt=${4:-3} started=$SECONDS log status=0 got
  log=$(mktemp -t "mixua-install-${crate}-XXXXXX.log")
  # A tool's own release profile may ask for whole-program optimisation
  # (Trunk's: fat LTO, one codegen unit), which makes its compile on 2 cores
  # one long single-threaded link. These tools are built without it: the
  # same version from the same locked sources, compiled in parallel. OPT
  # (the 4th argument, default 3) is the optimisation level: Trunk only
  # starts other programs (cargo, wasm-bindgen, wasm-opt) and copies a few
  # files, so it is compiled at 1, which compiles faster; the wasm-bindgen
  # CLI rewrites every build's wasm, so it keeps 3.
  local fast=(env CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL="${opt}")
  "${fast[@]}" cargo install --locked --root "${TOOL_ROOT}" "${crate}" --version "${version}" --force >"${log}" 2>&1 || status=$?
  if ((status != 0)); then
    say "the locked install of ${crate} ${version} failed ($(grep -m1 '^error' "${log}" | cut -c1-200)); installing the same version without --locked"
    status=0
    "${fast[@]}" cargo install --root "${TOOL_ROOT}" "${crate}" --version "${version}" --force >"${log}" 2>&1 || status=$?
  fi
  if ((status != 0)); then
    tail -n 40 "${log}" >&2
    die "cargo install ${crate} ${version} failed (exit ${status}); its last lines are above"
  fi
  rm -f "${log}"
  got=$("${TOOL_ROOT}/bin/${binary}" --version 2>/dev/null || true)
  [[ "${got}" == "${binary} ${version}" ]] || die "after installing ${crate} ${version}, '${binary} --version' says '${got:-nothing}'"
  printf '    took %ss: %s\n' "$((SECONDS - started))" "${got}"
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
if ((FROM_SCRATCH == 0)) && rustup target list --installed | grep -qx "${WASM_TARGET}"; then
  skip "already installed"
else
  timed rustup target add "${WASM_TARGET}"
fi

# The steps below are independent of each other: Trunk's and the
# wasm-bindgen CLI's compiles, the crates' download, Debian's packages and
# the npm packages run at the same time (on 2 cores, a compile leaves time
# idle in its single-threaded phases, and the downloads wait on the
# network), each into a log of its own, printed in order when all are done.
# The first that failed stops setup, with its log.

# --- Trunk --------------------------------------------------------------------
step_trunk() {
  say "Trunk ${TRUNK_VERSION}"
  wait_for_other_install trunk
  if ((FROM_SCRATCH == 0)) && [[ "$(trunk --version 2>/dev/null || true)" == "trunk ${TRUNK_VERSION}" ]]; then
    skip "$(trunk --version) ($(command -v trunk))"
  else
    say "cargo install --locked trunk --version ${TRUNK_VERSION} (compiles from source; about 5 minutes on 2 cores)"
    install_crate trunk "${TRUNK_VERSION}" trunk 1
  fi
}

# --- Crates -----------------------------------------------------------------
# Writes Cargo.lock if it is missing and downloads every crate for every
# target, so that `trunk build --offline` (which passes --offline to cargo)
# and `cargo test` find them all.
step_crates() {
  say "Crates in Cargo.lock (cargo fetch)"
  timed cargo fetch
}

# --- wasm-bindgen CLI, at the version Cargo.lock pins ------------------------
# Trunk refuses (in --offline mode) a wasm-bindgen CLI whose version differs
# from the wasm-bindgen crate in Cargo.lock.
step_bindgen() {
  local wasm_bindgen_versions wasm_bindgen_version installed=""
  wasm_bindgen_versions=$(awk '
    /^\[\[package\]\]/ { name = "" }
    /^name = /         { name = $3 }
    /^version = / && name == "\"wasm-bindgen\"" { gsub(/"/, "", $3); print $3 }
  ' Cargo.lock)
  wasm_bindgen_version=$(printf '%s\n' "${wasm_bindgen_versions}" | head -n 1)
  say "wasm-bindgen CLI ${wasm_bindgen_version:-(none needed)}"
  if [[ -z "${wasm_bindgen_version}" ]]; then
    skip "Cargo.lock has no wasm-bindgen crate yet, so there is nothing to match"
    return 0
  fi
  if [[ $(printf '%s\n' "${wasm_bindgen_versions}" | wc -l) -gt 1 ]]; then
    die "Cargo.lock holds several wasm-bindgen versions (${wasm_bindgen_versions//$'\n'/, }): keep one"
  fi
  wait_for_other_install wasm-bindgen-cli
  ((FROM_SCRATCH == 1)) || installed=$(wasm-bindgen --version 2>/dev/null || true)
  if [[ "${installed}" == "wasm-bindgen ${wasm_bindgen_version}" ]]; then
    skip "${installed} ($(command -v wasm-bindgen))"
  else
    if [[ -n "${installed}" ]]; then
      say "found ${installed} at $(command -v wasm-bindgen), but Cargo.lock pins ${wasm_bindgen_version}: installing that one"
    fi
    say "cargo install wasm-bindgen-cli --version ${wasm_bindgen_version} (about 2 minutes on 2 cores)"
    install_crate wasm-bindgen-cli "${wasm_bindgen_version}" wasm-bindgen
  fi
}

# --- Chromium, ChromeDriver and a CJK font, from Debian -----------------------
step_debian() {
  local apt_packages=()
  say "Chromium, ChromeDriver and a Traditional Chinese font (Debian packages)"
  ((FROM_SCRATCH == 0)) && [[ -x /usr/bin/chromium ]] || apt_packages+=(chromium)
  ((FROM_SCRATCH == 0)) && [[ -x /usr/bin/chromedriver ]] || apt_packages+=(chromium-driver)
  if ((FROM_SCRATCH == 1)) || ! { command -v fc-list >/dev/null && fc-list ':lang=zh-tw' family | grep -q .; }; then
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
}

# --- npm packages --------------------------------------------------------------
# playwright-core and axe-core for the browser tests; binaryen for wasm-opt,
# which Trunk runs on the release build (scripts/serve.sh and scripts/test.sh
# put node_modules/.bin on PATH). playwright-core brings no browser of its own:
# it drives /usr/bin/chromium, so never run `npx playwright install`.
step_npm() {
  say "npm packages ($(node -p 'Object.keys(require("./package.json").devDependencies ?? {}).join(", ")'))"
  if ((FROM_SCRATCH == 0)) && [[ -f node_modules/.package-lock.json && ! package-lock.json -nt node_modules/.package-lock.json ]]; then
    skip "node_modules matches package-lock.json"
  else
    timed env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  fi
  if [[ -x node_modules/.bin/wasm-opt ]]; then
    skip "$(node_modules/.bin/wasm-opt --version) (node_modules/.bin)"
  fi
}

# Runs the steps at once, each into its own log; prints the logs in order,
# and stops at the first step that failed.
STEP_LOGS=$(mktemp -d -t mixua-setup-steps-XXXXXX)
names=(trunk bindgen crates debian npm)
pids=()
for name in "${names[@]}"; do
  ( "step_${name}" ) >"${STEP_LOGS}/${name}.log" 2>&1 </dev/null &
  pids+=($!)
done
failed=""
for i in "${!names[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  cat "${STEP_LOGS}/${names[$i]}.log"
  if ((status != 0)) && [[ -z "${failed}" ]]; then failed="${names[$i]} (exit ${status})"; fi
done
rm -rf "${STEP_LOGS}"
[[ -z "${failed}" ]] || die "the ${failed} step failed; its lines are above"

if ((FROM_SCRATCH == 1)); then
  say "from scratch: tools in ${TOOL_ROOT}/bin ($("${TOOL_ROOT}/bin/trunk" --version), $("${TOOL_ROOT}/bin/wasm-bindgen" --version)); delete the folder when done"
fi
say "setup done in $((SECONDS - SETUP_STARTED))s"
