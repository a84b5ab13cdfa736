#!/usr/bin/env bash
# Runs every test of the project, after installing what they need
# (scripts/setup.sh). This is the README's test command and what CI runs
# (.ci/run). Works with no terminal and no standard input (CI=true).
#
# Steps; each one runs even when an earlier one failed, so one run reports
# every failure (the size check and the browser journeys need the build, so
# they are skipped when it fails). Two lanes run at the same time, each
# printing its log when it is done (issue 52: on 2 cores the release build
# leaves a core idle in its single-threaded link and wasm-opt phases):
#   native lane, in target/:
#   1. Rust tests: the policy crate, the CLI and the app's reducer
#      (cargo test --workspace, less the Cedar proof), then the Cedar proof
#      in a cargo invocation of its own (cargo test -p mixua-cedar-proof),
#      then the crates as the students' pages build them (index.html's
#      without lesson 3, with both languages and with each one alone;
#      lesson3.html's prerendered first screens)
#   2. the Criterion benches compile (cargo build --benches -p mixua-policy -p
#      mixua-words -p mixua-course: the dev profile, so it reuses step 1's
#      build; `cargo bench` runs them, optimised, by hand)
#   web lane, in target/web/ (a target folder of its own, so that the two
#   lanes' cargo runs don't wait on each other's lock):
#   3. the release build of the playground into dist/ (trunk build)
#   then, once both are done:
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

# Each step's result, one file per step, named by its order.
RESULTS=$(mktemp -d -t mixua-test-XXXXXX)
trap 'rm -rf "${RESULTS}"' EXIT

# run ORDER NAME COMMAND…: runs a step, prints it, and keeps its result.
run() {
  local order=$1 name=$2 started=$SECONDS status=0
  shift 2
  printf '\n==> %s\n    $ %s\n' "$name" "$*"
  "$@" </dev/null || status=$?
  local took=$((SECONDS - started))
  if ((status == 0)); then
    printf '%s\tok       %ss\n' "$name" "$took" >"${RESULTS}/${order}"
  else
    printf '%s\tFAILED   %ss (exit %s)\n' "$name" "$took" "$status" >"${RESULTS}/${order}"
  fi
  return 0
}

skip_step() {
  printf '%s\tskipped  (%s)\n' "$2" "$3" >"${RESULTS}/$1"
  printf '\n==> %s\n    skipped: %s\n' "$2" "$3"
}

# The crates as the students' pages build them, where step 1's workspace
# features (the teacher's page's: every feature) can't reach: index.html's
# (no lesson 3, no teacher's tools) as each language's students' page
# builds it (only-en, only-zh: the words crate with one language's
# sentences, issue 28; no page ships both without lesson 3), then lesson3.html's
# prerendered first screens (lesson 3, no teacher's tools). All run in the
# dev profile, reusing step 1's dependencies (only the workspace's own
# crates build again per feature set); any failing fails the step.
page_builds() {
  local status=0
  cargo test --no-fail-fast -p mixua-course -p mixua-playground --no-default-features --features only-en || status=$?
  cargo test --no-fail-fast -p mixua-course -p mixua-playground --no-default-features --features only-zh || status=$?
  cargo test --no-fail-fast -p mixua-prerender --features lesson3 || status=$?
  return "$status"
}

native_lane() {
  run 1 "Rust tests (policy, CLI, app reducer)" cargo test --no-fail-fast --workspace --exclude mixua-cedar-proof
  run 2 "Cedar decides as the playground (crates/mixua-cedar-proof)" cargo test -p mixua-cedar-proof
  # The students' page is built without lesson 3: what its crates read
  # there (a pack of lesson 3, sent on to lesson3.html) is tested in that
  # build too.
  run 3 "The students' pages' builds: course crate and app without lesson 3 or the teacher's tools (English alone, 繁體中文 alone, as index.html ships them), and lesson3.html's prerendered screens" page_builds
  run 4 "Criterion benches compile" cargo build --benches -p mixua-policy -p mixua-words -p mixua-course
}

web_lane() {
  # The prerender step (scripts/pages.sh) is a native build: it goes to the
  # native lane's target folder, where step 1 has built what it needs.
  CARGO_TARGET_DIR="$PWD/target/web" MIXUA_NATIVE_TARGET="$PWD/target" \
    run 5 "Release build of the playground (dist/)" trunk build --release --offline
}

LOGS="${RESULTS}/logs"
mkdir -p "${LOGS}"
native_lane >"${LOGS}/native" 2>&1 &
native=$!
web_lane >"${LOGS}/web" 2>&1 &
web=$!
wait "${native}" || true
cat "${LOGS}/native"
wait "${web}" || true
cat "${LOGS}/web"

if [[ "$(cut -f2 "${RESULTS}/5")" == ok* ]]; then
  # Sizes are deterministic for a build: a lesson-1 student's first load
  # (wasm + data, gzip -9) must stay within scripts/size-budget.json.
  run 6 "First load size within budget (scripts/size.mjs)" node scripts/size.mjs --check
  run 7 "Browser journeys (tests/e2e, Playwright + Chromium)" node --test --test-concurrency="${MIXUA_JOURNEYS:-2}" tests/e2e/
else
  skip_step 6 "First load size within budget (scripts/size.mjs)" "the build failed"
  skip_step 7 "Browser journeys (tests/e2e, Playwright + Chromium)" "the build failed"
fi

failed=0
total=0
printf '\n==> Summary of scripts/test.sh\n'
for file in $(ls "${RESULTS}" | grep -E '^[0-9]+$' | sort -n); do
  IFS=$'\t' read -r name result <"${RESULTS}/${file}"
  printf '    %-26s %s\n' "${result}" "${name}"
  total=$((total + 1))
  [[ "${result}" == ok* ]] || failed=$((failed + 1))
done
if ((failed > 0)); then
  printf 'test.sh: %d of %d steps did not succeed\n' "$failed" "$total"
  exit 1
fi
printf 'test.sh: all %d steps succeeded\n' "$total"
