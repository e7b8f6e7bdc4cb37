#!/usr/bin/env bash
# Builds the documentation of the modules an app links, as one combined DocC archive, and fails
# on any warning docc or the plugin prints (a link that does not resolve, a parameter that is
# not documented, a topic that names nothing). See docs/documentation.md.
#
#   scripts/build-docs.sh                     # build, check, say where the archive is
#   scripts/build-docs.sh --scratch-path DIR  # build in DIR instead of .build
#
# HeraldNotificationService and HeraldApp have catalogs; HeraldCore, HeraldSealing and
# HeraldEnrichment are documented from their doc comments alone. They are built together, each
# with its dependencies' archives (swift-docc-plugin's combined documentation), so that a page
# links to a type of another module as ``/HeraldCore/Decision``. The plugin is a dependency of
# the package only when HERALD_DOCS=1 asks for it (Package.swift), which this script sets.
# Exit status 1 when docc warned, 2 when the build itself failed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch-path) scratch=(--scratch-path "${2:?--scratch-path needs a folder}"); shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-docs.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
# In dependency order: each module's archive must exist before a module that links to it.
targets=(HeraldCore HeraldSealing HeraldEnrichment HeraldNotificationService HeraldApp)
output="$(mktemp "${TMPDIR:-/tmp}/herald-docs.XXXXXX")"
trap 'rm -f "$output"' EXIT
status=0
HERALD_DOCS=1 swift package --package-path "$root" "${scratch[@]}" generate-documentation \
    --enable-experimental-combined-documentation "${targets[@]/#/--target=}" >"$output" 2>&1 || status=$?
if (( status != 0 )); then
    cat "$output" >&2
    echo "build-docs.sh: generate-documentation failed (exit $status)" >&2
    exit 2
fi
# The plugin's and docc's diagnostics, from the first module's symbol extraction on: what
# SwiftPM prints before (resolving, compiling) is not the documentation's. docc prints each as
# "warning: …" with the source lines under it.
diagnostics="$(sed -n '/^Extracting symbol information for /,$p' "$output" | grep -c -E '(^|: )(warning|error):' || true)"
if (( diagnostics > 0 )); then
    cat "$output" >&2
    echo "build-docs.sh: $diagnostics documentation warning(s); fix them (docs/documentation.md)" >&2
    exit 1
fi
grep -A1 'Generated combined documentation archive at' "$output" || true
echo "build-docs.sh: ${#targets[@]} modules documented, no warnings"
