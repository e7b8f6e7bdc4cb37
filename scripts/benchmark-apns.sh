#!/usr/bin/env bash
# Benchmark: notifications per second into `herald apns-emulator` from Herald's client
# (`herald send apns`), from the Python client aioapns, and from h2load, the raw HTTP/2
# ceiling of the same server. All three run in one go on this machine, against one emulator.
#
#   scripts/benchmark-apns.sh                     # 20,000 notifications per run
#   scripts/benchmark-apns.sh --count 50000 --herald-concurrency 100,500,1000
#   scripts/benchmark-apns.sh --counts 1000,10000,100000,1000000
#                                                 # time and peak memory by token count, and
#                                                 # TLS records per request, instead
#   scripts/benchmark-apns.sh --help              # every option of the driver
#
# This script builds herald in release mode (scratch path .build-bench), installs h2load
# (Debian's nghttp2-client) and GNU time (/usr/bin/time) if they are missing, makes a
# throwaway virtual environment with aioapns and uvloop from PyPI, and then hands over to
# scripts/benchmark-apns.py, which does the measuring. Everything it makes goes in one temporary directory, removed at the end.
# AIOAPNS_VERSION picks the aioapns release (default 4.0: the driver points it at the
# emulator through internals read from that release). See docs/benchmarks.md, "APNs sending".
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
aioapns_version="${AIOAPNS_VERSION:-4.0}"

for argument in "$@"; do
    if [[ "$argument" == -h || "$argument" == --help ]]; then
        exec python3 "$root/scripts/benchmark-apns.py" --help
    fi
done

cd "$root"
echo "== building herald (release, .build-bench)" >&2
swift build -c release --package-path Tools --product herald --scratch-path .build-bench >&2
herald="$(swift build -c release --package-path Tools --scratch-path .build-bench --show-bin-path)/herald"

# h2load is Debian's nghttp2-client; /usr/bin/time (GNU time, package time) gives each sender's peak memory.
missing=()
if ! command -v h2load >/dev/null; then missing+=(nghttp2-client); fi
if [[ ! -x /usr/bin/time ]]; then missing+=(time); fi
if (( ${#missing[@]} )); then
    echo "== installing ${missing[*]}" >&2
    sudo=""
    if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
    $sudo apt-get install -y "${missing[@]}" >&2 || { $sudo apt-get update >&2 && $sudo apt-get install -y "${missing[@]}" >&2; }
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/herald-apns-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "== virtual environment with aioapns $aioapns_version and uvloop" >&2
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check "aioapns==$aioapns_version" uvloop >&2

"$work/venv/bin/python" "$root/scripts/benchmark-apns.py" --herald "$herald" --work-dir "$work" "$@"
