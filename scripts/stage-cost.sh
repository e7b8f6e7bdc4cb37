#!/usr/bin/env bash
# CI's guard on the speed of decode + preview + lint: counts the instructions of one pass of
# each stage (parse, payload, preview, lint) over the payload fixtures under valgrind's
# callgrind, and fails when a stage costs more than its committed baseline times the margin.
# Instruction counts do not depend on the machine's load, so the check cannot flake the way a
# wall-clock one would; see docs/benchmarks.md, "The CI guard".
#
#   scripts/stage-cost.sh                  # build, count, compare with the baseline
#   scripts/stage-cost.sh --update         # count and write the counts as the new baseline
#   scripts/stage-cost.sh --all            # also count the whole pipeline and JSONSerialization
#   scripts/stage-cost.sh --margin 1.5     # the factor over the baseline that fails (default 1.5)
#   scripts/stage-cost.sh --no-build       # use the StageCost binary already built
#
# Builds Benchmarks/'s StageCost executable (release; only Herald's modules and swift-crypto,
# not the benchmark package). Needs valgrind (Debian: apt-get install valgrind). Exits 0 when
# every stage is within the margin, 1 when one is over it, 2 on a usage or setup error.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
baseline_file="$root/Benchmarks/stage-cost-baseline.txt"
margin=1.5
update=false
build=true
stages=(parse payload preview lint)
while [[ $# -gt 0 ]]; do
    case "$1" in
        --update) update=true; shift ;;
        --all) stages=(baseline pipeline "${stages[@]}"); shift ;;
        --margin) margin="${2:?--margin needs a factor, such as 1.5}"; shift 2 ;;
        --no-build) build=false; shift ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "stage-cost.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "stage-cost.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }

if $build; then
    # SwiftPM reuses its build plan while no manifest changed, and that plan lists the source
    # files of Herald's modules (a path dependency of Benchmarks/) as they were: a file added
    # since is not compiled, and the build fails with "cannot find ... in scope". Planning
    # afresh costs a few seconds.
    rm -f "$root/Benchmarks/.build/release/description.json"
    swift build --package-path "$root/Benchmarks" -c release --product StageCost >&2
fi
binary="$(swift build --package-path "$root/Benchmarks" -c release --show-bin-path)/StageCost"
[[ -x "$binary" ]] || { echo "stage-cost.sh: no $binary; run without --no-build" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/herald-stage-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# A copy without debug info: valgrind 3.19 cannot read the DWARF 5 that Swift writes, and
# callgrind needs only the symbol names. The toolchain's llvm-objcopy does it where binutils is
# missing.
objcopy="$(command -v objcopy || command -v llvm-objcopy || true)"
[[ -n "$objcopy" ]] || { echo "stage-cost.sh: needs objcopy (binutils) or llvm-objcopy" >&2; exit 2; }
"$objcopy" --strip-debug "$binary" "$work/StageCost"
binary="$work/StageCost"

# The instructions callgrind counts inside runMeasuredPass, the one counted pass of a stage.
# Hashing is made deterministic so that dictionaries are laid out alike in every run.
count() {
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='*runMeasuredPass*' --callgrind-out-file="$work/$1.out" \
        "$binary" "$1" >"$work/$1.log" 2>&1; then
        cat "$work/$1.log" >&2
        echo "stage-cost.sh: StageCost $1 failed under valgrind" >&2
        exit 2
    fi
    awk '/Collected :/ { print $NF }' "$work/$1.log"
}

# The committed figure for a stage, or nothing.
baseline_of() {
    if [[ -f "$baseline_file" ]]; then awk -v stage="$1" '!/^#/ && $1 == stage { print $2 }' "$baseline_file"; fi
}

failed=false
declare -A counted
printf '%-9s %15s %15s %8s\n' stage instructions baseline ratio
for stage in "${stages[@]}"; do
    counted[$stage]="$(count "$stage")"
    [[ -n "${counted[$stage]}" ]] || { echo "stage-cost.sh: no instruction count for $stage" >&2; exit 2; }
    base="$(baseline_of "$stage")"
    if [[ -z "$base" ]]; then
        printf '%-9s %15s %15s %8s\n' "$stage" "${counted[$stage]}" - -
        continue
    fi
    verdict="$(awk -v now="${counted[$stage]}" -v base="$base" -v margin="$margin" 'BEGIN {
        ratio = now / base
        verdict = (ratio > margin) ? "OVER" : ((ratio < 1 / margin) ? "(well under: update the baseline)" : "")
        printf "%.2fx %s", ratio, verdict
    }')"
    printf '%-9s %15s %15s %s\n' "$stage" "${counted[$stage]}" "$base" "$verdict"
    [[ "$verdict" == *OVER* ]] && failed=true
done

if $update; then
    {
        echo "# Instructions of one pass over the payload fixtures, per stage, counted by scripts/stage-cost.sh"
        echo "# (valgrind callgrind, release build). CI fails when a stage exceeds its figure times the"
        echo "# margin. Update on purpose only: scripts/stage-cost.sh --update, and say why in the commit."
        for stage in parse payload preview lint; do
            echo "$stage ${counted[$stage]:-$(baseline_of "$stage")}"
        done
    } >"$baseline_file"
    echo "stage-cost.sh: wrote $baseline_file"
    exit 0
fi
[[ -f "$baseline_file" ]] || { echo "stage-cost.sh: no baseline $baseline_file; run with --update" >&2; exit 2; }
if $failed; then
    echo "stage-cost.sh: a stage costs more than ${margin}x its baseline (above); find out why before updating the baseline" >&2
    exit 1
fi
echo "stage-cost.sh: every stage within ${margin}x of its baseline"
