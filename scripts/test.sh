#!/usr/bin/env bash
# Runs every test of the project, after installing what they need
# (scripts/setup.sh). This is the README's test command and what CI runs
# (.ci/run). Works with no terminal and no standard input (CI=true).
#
# Steps, in order; each one runs even when an earlier one failed, so one run
# reports every failure (the size check and the browser journeys need the
# build, so they are skipped when it fails):
#   1. Rust tests, natively: the policy crate, the CLI and the app's reducer
#      (cargo test --workspace, less the Cedar proof), then the Cedar proof
#      in a cargo invocation of its own (cargo test -p mixua-cedar-proof)
#   2. the Criterion benches compile (cargo build --benches -p mixua-policy -p
#      mixua-words -p mixua-course: the dev profile, so it reuses step 1's
#      build; `cargo bench` runs them, optimised, by hand)
#   3. the release build of the playground into dist/ (trunk build)
#   4. the size check: what a lesson-1 and a lesson-2 student's first load
#      fetches (wasm + data, gzip -9), and index.html itself, against
#      scripts/size-budget.json
#      (node scripts/size.mjs --check)
#   5. the browser journeys in tests/e2e/ against dist/ (node --test, two
#      files at a time: each journey has its own server and browser)
# The script exits non-zero when any step failed and ends with a summary.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh </dev/null

# Trunk, wasm-bindgen (cargo install) and wasm-opt (npm package binaryen,
# which Trunk runs for the release build) must all be on PATH.
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

steps=()
results=()

# run NAME COMMAND...: runs one step, records ok/FAILED and its duration.
run() {
  local name=$1 started=$SECONDS status=0
  shift
  printf '\n==> %s\n    $ %s\n' "$name" "$*"
  "$@" </dev/null || status=$?
  local took=$((SECONDS - started))
  steps+=("$name")
  if ((status == 0)); then
    results+=("ok       ${took}s")
  else
    results+=("FAILED   ${took}s (exit ${status})")
  fi
  return 0
}

skip_step() {
  steps+=("$1")
  results+=("skipped  ($2)")
  printf '\n==> %s\n    skipped: %s\n' "$1" "$2"
}

run "Rust tests (policy, CLI, app reducer)" cargo test --workspace --exclude mixua-cedar-proof
# Alone: cedar-policy would switch serde_json's preserve_order on for every
# crate tested in the same invocation (crates/mixua-cedar-proof/Cargo.toml).
run "Cedar decides as the playground (crates/mixua-cedar-proof)" cargo test -p mixua-cedar-proof
# The students' page is built without lesson 3: what its crates read there
# (a pack of lesson 3, sent on to lesson3.html) is tested in that build too.
run "Course crate without lesson 3 (the students' page's build)" cargo test -p mixua-course --no-default-features --lib
run "Criterion benches compile" cargo build --benches -p mixua-policy -p mixua-words -p mixua-course

run "Release build of the playground (dist/)" trunk build --release --offline

if [[ "${results[-1]}" == ok* ]]; then
  # Sizes are deterministic for a build: a lesson-1 student's first load
  # (wasm + data, gzip -9) must stay within scripts/size-budget.json.
  run "First load size within budget (scripts/size.mjs)" node scripts/size.mjs --check
  run "Browser journeys (tests/e2e, Playwright + Chromium)" node --test --test-concurrency="${MIXUA_JOURNEYS:-2}" tests/e2e/
else
  skip_step "First load size within budget (scripts/size.mjs)" "the build failed"
  skip_step "Browser journeys (tests/e2e, Playwright + Chromium)" "the build failed"
fi

failed=0
printf '\n==> Summary of scripts/test.sh\n'
for i in "${!steps[@]}"; do
  printf '    %-26s %s\n' "${results[$i]}" "${steps[$i]}"
  [[ "${results[$i]}" == ok* ]] || failed=$((failed + 1))
done
if ((failed > 0)); then
  printf 'test.sh: %d of %d steps did not succeed\n' "$failed" "${#steps[@]}"
  exit 1
fi
printf 'test.sh: all %d steps succeeded\n' "${#steps[@]}"
