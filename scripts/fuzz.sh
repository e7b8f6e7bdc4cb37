#!/usr/bin/env bash
# Fuzzing: builds Herald's libFuzzer targets (the Fuzz/ package, docs/fuzzing.md) in release
# mode with -sanitize=fuzzer,address and runs each for a while, one after another.
#
#   scripts/fuzz.sh [--seconds N] [--work-dir DIR] [--no-build] [--list] [TARGET...]
#
#   --seconds N     how long each target runs (default 60)
#   --work-dir DIR  corpora, crash inputs and logs (default Fuzz/.build/fuzz, outside git)
#   --no-build      run what the last build left
#   --list          print the target names and exit
#   TARGET...       some of: payload layout-definition media-sniffer sealed-content
#                   apns-request apns-response hpack-response provider-token doctor-files
#                   signed-build (default: all)
#
# Each target starts from the corpus earlier runs left in DIR/corpus/TARGET, plus seeds built
# afresh in DIR/seeds/TARGET: the payload fixtures (Tests/HeraldCoreTests/Fixtures, Examples), the Xcode project fixtures
# (Tools/Tests/HeraldDoctorTests/Fixtures/xcode) and what the target builds itself (signed tokens,
# sealed boxes, media headers, small projects). Per target it prints executions, executions per second, corpus
# size and the result, and appends a line to DIR/campaigns.tsv. A crash (a trap, an invariant,
# an ASan report, a timeout or running out of memory) keeps its input in DIR/crashes/TARGET/
# and the log in DIR/logs/TARGET.log; replay it with `Fuzz/.build/release/fuzz-TARGET FILE`.
#
# Exit status: 0 no crash; 1 a target crashed; 2 usage errors, or no libFuzzer in this toolchain
# (Linux toolchains from swift.org have it; Xcode's does not).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
all_targets=(payload layout-definition media-sniffer sealed-content apns-request apns-response hpack-response provider-token doctor-files
    signed-build)

seconds=60
work="$root/Fuzz/.build/fuzz"
build=1
targets=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
        --work-dir) work="${2:?--work-dir needs a directory}"; shift 2 ;;
        --no-build) build=0; shift ;;
        --list) printf '%s\n' "${all_targets[@]}"; exit 0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
        *)
            [[ " ${all_targets[*]} " == *" $1 "* ]] || { echo "error: no target $1; targets: ${all_targets[*]}" >&2; exit 2; }
            targets+=("$1"); shift ;;
    esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "error: --seconds takes a whole number above 0, not $seconds" >&2; exit 2; }
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
mkdir -p "$work"
work="$(cd "$work" && pwd)"

# libFuzzer ships with swift.org's Linux toolchains, not with Xcode's: say so rather than fail
# somewhere inside the build.
probe="$work/probe"
mkdir -p "$probe"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }\n' > "$probe/probe.swift"
if ! swiftc -parse-as-library -sanitize=fuzzer,address "$probe/probe.swift" -o "$probe/probe" > "$probe/probe.log" 2>&1; then
    echo "error: this Swift toolchain cannot build with -sanitize=fuzzer,address (no libFuzzer or ASan):" >&2
    tail -5 "$probe/probe.log" >&2
    echo "Fuzzing needs a Linux toolchain from swift.org; see docs/fuzzing.md." >&2
    exit 2
fi

# SwiftPM links an executable with `--defsym main=<module>_main`, and -sanitize=fuzzer links all
# of libFuzzer, its main included: gold fails on the pair (with an internal error), lld lets the
# definition win, so the targets link with the toolchain's lld, named in a toolset file.
lld="$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld"
[[ -x "$lld" ]] || lld="$(command -v ld.lld || true)"
[[ -n "$lld" ]] || { echo "error: no ld.lld beside swiftc or on PATH; the fuzz targets link with lld" >&2; exit 2; }
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" > "$work/toolset.json"
swift_build=(swift build -c release --package-path "$root/Fuzz" -Xswiftc -sanitize=fuzzer,address --toolset "$work/toolset.json")
if [[ $build == 1 ]]; then
    echo "building Fuzz/ (release, -sanitize=fuzzer,address)"
    start=$SECONDS
    # Product by product: a plain `swift build` would build every target of the root package's
    # dependencies too (AsyncHTTPClient, swift-certificates, ...), which no fuzz target links.
    # The log is long (the sanitizer makes every link verbose): it goes to a file.
    mkdir -p "$work/logs"
    # SwiftPM 6.3 keeps its build plan when files are only added to Herald (a path dependency
    # here), and then compiles HeraldCore without them ("cannot find 'ProviderRequest' in scope"
    # after a folder of sources was added). Without the plan it plans again, in seconds,
    # and keeps what it compiled.
    rm -f "$root/Fuzz/.build/release.yaml" "$root"/Fuzz/.build/*/release/description.json
    for target in "${targets[@]}"; do
        if ! "${swift_build[@]}" --product "fuzz-$target" > "$work/logs/build-$target.log" 2>&1; then
            grep -E "error:" -A3 "$work/logs/build-$target.log" | head -40 >&2
            echo "error: building fuzz-$target failed; the log is $work/logs/build-$target.log" >&2
            exit 2
        fi
    done
    echo "built in $((SECONDS - start)) s"
fi
# What the build left (not --show-bin-path, which waits while another build holds the lock).
bin="$(ls -d "$root"/Fuzz/.build/*-linux-gnu/release 2>/dev/null | head -1)"
for target in "${targets[@]}"; do
    [[ -x "$bin/fuzz-$target" ]] || { echo "error: fuzz-$target is not built under Fuzz/.build; run without --no-build" >&2; exit 2; }
done

payload_files() {
    find "$root/Tests/HeraldCoreTests/Fixtures/payloads" -maxdepth 1 -type f \( -name '*.json' -o -name '*.txt' \) ! -name 'INDEX.md'
    find "$root/Examples" -maxdepth 1 -type f -name '*.json'
}

# Seeds for one target into $2: fixture files, then what the target writes itself.
build_seeds() {
    local target="$1" dir="$2" file index=0
    rm -rf "$dir"
    mkdir -p "$dir"
    case "$target" in
        payload)
            while read -r file; do cp "$file" "$dir/$index-$(basename "$file")"; index=$((index + 1)); done < <(payload_files) ;;
        layout-definition)
            for file in "$root"/Examples/layouts/*.json; do
                cp "$file" "$dir/definition-$(basename "$file")"
                local payload
                for payload in "$root"/Examples/*.json; do
                    { cat "$file"; printf '\0'; cat "$payload"; } > "$dir/$(basename "$file" .json)-$(basename "$payload")"
                done
            done
            printf '%s' '{"extends":"fcm","communication":{"senderName":["/a/b","/c~1d"],"recipients":["/r"]},"attachments":[{"url":"/img","type":"/t"}]}' > "$dir/extends-fcm.json"
            printf '%s' '{"name":"flat","communication":{"senderName":["/from"],"groupName":["/room"]},"attachments":["/media"]}' > "$dir/flat.json" ;;
        sealed-content)
            while read -r file; do { printf '\0'; cat "$file"; } > "$dir/payload-$index"; index=$((index + 1)); done < <(payload_files) ;;
        apns-request)
            while read -r file; do
                { printf 'POST\n/3/device/%s\napns-topic: com.example.app\napns-push-type: alert\n\n' "$(printf 'ab%.0s' {1..32})"; cat "$file"; } > "$dir/request-$index"
                index=$((index + 1))
            done < <(payload_files) ;;
        doctor-files)
            # Mode byte 0: each file read alone as a property list.
            while read -r file; do { printf '\0'; cat "$file"; } > "$dir/list-$index-$(basename "$file")"; index=$((index + 1)); done < <(
                find "$root/Tools/Tests/HeraldDoctorTests/Fixtures/xcode" -type f \( -name '*.pbxproj' -o -name '*.plist' -o -name '*.entitlements' \) | sort) ;;
    esac
    HERALD_FUZZ_WRITE_SEEDS="$dir" "$bin/fuzz-$target"
}

max_len() {
    case "$1" in
        payload|sealed-content) echo 8192 ;;  # past APNs's 4096 bytes, so payload-too-large is reached
        media-sniffer) echo 32768 ;;  # a JPEG's EXIF segment before the frame header
        doctor-files) echo 65536 ;;  # the smaller real project.pbxproj files whole
        signed-build) echo 65536 ;;  # the seed .ipa (a 4 KiB page of Mach-O per executable) whole, with room to grow
        *) echo 4096 ;;
    esac
}

dictionary() {
    case "$1" in
        payload|layout-definition|sealed-content) echo "$root/Fuzz/Dictionaries/json.dict" ;;
        apns-request|apns-response|provider-token) echo "$root/Fuzz/Dictionaries/apns.dict" ;;
        doctor-files) echo "$root/Fuzz/Dictionaries/doctor.dict" ;;
    esac
}

# A value from libFuzzer's final statistics (-print_final_stats=1) in a log.
stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

# No leak detection, neither per input nor at exit: Swift keeps enum tags in a reference's spare
# bits (the storage of a Data held in a `static let`), so LeakSanitizer sees no pointer to such
# memory and reports it leaked. ASan's memory errors, traps, timeouts and -rss_limit_mb count.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
failed=()
[[ -f "$work/campaigns.tsv" ]] || printf 'date\ttarget\tseconds\texecutions\texec_per_s\tcorpus_units\tcorpus_size\tresult\n' > "$work/campaigns.tsv"
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target" seeds="$work/seeds/$target" crashes="$work/crashes/$target" log="$work/logs/$target.log"
    mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
    build_seeds "$target" "$seeds"
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" -print_final_stats=1
        -detect_leaks=0 -artifact_prefix="$crashes/")
    dict="$(dictionary "$target")"
    [[ -n "$dict" ]] && options+=(-dict="$dict")
    date="$(date -u +%Y-%m-%dT%H:%MZ)"
    marker="$work/logs/.$target.started"
    touch "$marker"
    status=0
    "$bin/fuzz-$target" "${options[@]}" "$corpus" "$seeds" > "$log" 2>&1 || status=$?
    executions="$(stat number_of_executed_units "$log")"
    per_second="$(stat average_exec_per_sec "$log")"
    # The last status line's "corp: UNITS/SIZE": the corpus libFuzzer kept in memory.
    corp="$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | sed 's/corp: //' || true)"
    found="$(find "$crashes" -type f -newer "$marker" | head -1)"
    if [[ $status -ne 0 || -n "$found" ]]; then
        result="CRASH (exit $status) input: ${found:-none written, see $log}"
        failed+=("$target")
    else
        result="no crash"
    fi
    printf '%-18s %s executions in %s s, %s exec/s, corpus %s units/%s: %s\n' "$target:" "${executions:-?}" "$seconds" \
        "${per_second:-?}" "${corp%%/*}" "${corp#*/}" "$result"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$date" "$target" "$seconds" "${executions:-?}" "${per_second:-?}" "${corp%%/*}" \
        "${corp#*/}" "${result%% input*}" >> "$work/campaigns.tsv"
    if [[ " ${failed[*]} " == *" $target "* ]]; then
        grep -m1 -A12 -E '^==[0-9]+==ERROR|Fatal error|invariant failed|ERROR: libFuzzer' "$log" | sed 's/^/    /' || true
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzzing found crashes in: ${failed[*]} (inputs under $work/crashes, logs under $work/logs)" >&2
    exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${seconds} s each, no crash"
