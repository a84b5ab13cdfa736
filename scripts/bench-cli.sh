#!/usr/bin/env bash
# Times the whole `mixua report` run (read, parse, evaluate, print, write) on
# a generated workspace of 20,000 cards × 10 users × 10 agents, and prints
# min / median / max in milliseconds. It prints figures only: it never fails
# because a run was slow (benchmarks are not tests).
#
# Usage: scripts/bench-cli.sh            (RUNS=20 by default)
#        RUNS=50 scripts/bench-cli.sh
set -euo pipefail

cd "$(dirname "$0")/.."
runs="${RUNS:-20}"
budget_ms=30
target="${CARGO_TARGET_DIR:-target}"

echo "building the release CLI and the workspace generator…"
cargo build --release --quiet -p mixua-cli
cargo build --release --quiet -p mixua-policy --example gen_workspace

tmp="$(mktemp -d "${TMPDIR:-/tmp}/mixua-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
workspace="$tmp/workspace-20k.json"
out="$tmp/memory-result.json"
mixua="$target/release/mixua"

"$target/release/examples/gen_workspace" 20000 10 10 1 > "$workspace"
"$mixua" report --workspace "$workspace" --out "$out" > /dev/null   # warm-up
echo "workspace: $(wc -c < "$workspace") bytes; report: $(wc -c < "$out") bytes"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

if command -v hyperfine > /dev/null; then
    hyperfine --warmup 2 --runs "$runs" --export-csv "$tmp/times.csv" \
        "$mixua report --workspace $workspace --out $out"
    # Columns: command,mean,stddev,median,user,system,min,max (seconds).
    read -r min median max < <(awk -F, 'NR == 2 { printf "%.1f %.1f %.1f\n", $7 * 1000, $4 * 1000, $8 * 1000 }' "$tmp/times.csv")
else
    times=()
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        "$mixua" report --workspace "$workspace" --out "$out" > /dev/null
        end=$(date +%s%N)
        times+=("$(( (end - start) / 1000 ))")   # microseconds
    done
    read -r min median max < <(printf '%s\n' "${times[@]}" | sort -n | awk '
        { t[NR] = $1 }
        END {
            median = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
            printf "%.1f %.1f %.1f\n", t[1] / 1000, median / 1000, t[NR] / 1000
        }')
fi

echo "mixua report, 20,000 cards × 10 users × 10 agents, $runs runs:"
echo "  min ${min} ms   median ${median} ms   max ${max} ms   (budget: under ${budget_ms} ms)"
