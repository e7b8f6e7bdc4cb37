#!/usr/bin/env bash
# Benchmark: Herald's decode + preview + lint of every payload fixture against Foundation's
# JSONSerialization parse of the same bytes, then the ratio of the two medians.
#
#   scripts/benchmark.sh                      # every benchmark, from any directory
#   scripts/benchmark.sh --filter 'Herald.*|Baseline.*'   # the two headline ones only
#
# Extra arguments go to `swift package benchmark` (for example --filter, --skip); keep the
# default text format, which this script reads. HERALD_BENCHMARK_FIXTURES=<dir> runs over
# another directory of *.json payloads. The benchmark package lives in Benchmarks/, apart from
# the main package, so `swift test` never builds its dependencies. See docs/benchmarks.md.
# Exits 0 when the target is met and 2 when it is missed; a build or run that fails exits non-zero too.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
baseline_name="Baseline JSONSerialization"
herald_name="Herald decode-preview-lint"
target_ratio="2"

output="$(mktemp)"
trap 'rm -f "$output"' EXIT

cd "$root/Benchmarks"
swift package benchmark --target HeraldPipeline --no-progress "$@" | tee "$output"

# The p50 of the wall-clock row in one benchmark's table, in microseconds (the unit the
# benchmarks are configured with; checked against the row's label).
median_microseconds() {
    awk -F'│' -v name="$1" '
        function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
        { gsub(/\033\[[0-9;]*m/, "") }
        $0 == name { inside = 1; column = 0; next }
        inside && column == 0 && /│ *Metric *│/ {
            for (i = 1; i <= NF; i++) if (trim($i) == "p50") column = i
            next
        }
        inside && column > 0 && /│ *Time \(wall clock\)/ {
            if (trim($2) !~ /\(μs\)/) { print "unit is not μs: " trim($2) > "/dev/stderr"; exit 1 }
            print trim($column); exit 0
        }
    ' "$output"
}

baseline="$(median_microseconds "$baseline_name")"
herald="$(median_microseconds "$herald_name")"
if [[ -z "$baseline" || -z "$herald" ]]; then
    echo "error: no wall-clock median for '$baseline_name' and '$herald_name' in the output above;" \
        "run without a --filter that skips them" >&2
    exit 1
fi

fixtures="${HERALD_BENCHMARK_FIXTURES:-$root/Tests/HeraldCoreTests/Fixtures/payloads}"
count="$(find "$fixtures" -maxdepth 1 -name '*.json' | wc -l | tr -d ' ')"

awk -v baseline="$baseline" -v herald="$herald" -v target="$target_ratio" -v count="$count" 'BEGIN {
    ratio = herald / baseline
    print ""
    print "========================================"
    print "Herald vs JSONSerialization (median wall clock per pass over " count " fixtures)"
    printf "  baseline  JSONSerialization.jsonObject   %8d μs\n", baseline
    printf "  herald    decode + preview + lint        %8d μs\n", herald
    printf "  ratio     herald / baseline              %8.2fx  (target: within %sx: %s)\n",
        ratio, target, ratio <= target ? "met" : "NOT met"
    print "========================================"
    exit ratio <= target ? 0 : 2
}'
