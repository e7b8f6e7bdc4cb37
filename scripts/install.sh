#!/usr/bin/env bash
# Installs the `herald` command into PREFIX/bin (default /usr/local), so it runs without
# rebuilding as `swift run` does.
#
#   scripts/install.sh [--prefix DIR] [--binary FILE]
#
# Without --binary it builds the release binary first (`swift build -c release --package-path
# Tools --product herald`, a few minutes the first time). --binary installs one already built. PREFIX may also
# come from the environment. Remove it with `rm PREFIX/bin/herald`.
#
# On Linux the binary uses the Swift runtime of the toolchain that built it (its libraries are
# found through the toolchain's path), so keep that toolchain installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${PREFIX:-/usr/local}"
binary=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
        --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [[ -z "$binary" ]]; then
    swift build -c release --package-path "$root/Tools" --product herald
    binary="$(swift build -c release --package-path "$root/Tools" --show-bin-path)/herald"
fi
if [[ ! -x "$binary" ]]; then
    echo "install.sh: $binary is not an executable herald" >&2
    exit 2
fi
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/herald"
echo "installed $("$prefix/bin/herald" --version) as $prefix/bin/herald"
