#!/usr/bin/env bash
# Runs every test of Herald's two packages: the phone side at the repository root (what an app
# adds), then the server and desk side in Tools/ (which depends on the root by path). Extra
# arguments go to both `swift test` runs, for example `--filter Lint` or `--parallel`.
# Exit status: the first failing run's, after both have run.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
echo "== the phone side (Package.swift)"
swift test "$@" || status=$?
echo "== the server and desk side (Tools/Package.swift)"
# SwiftPM 6.3 keeps Tools/'s build plan when files are only added to the root package (a path
# dependency of Tools/), and then compiles the root's modules without them ("cannot find X in
# scope"). Without the plan it plans again, in seconds, and keeps what it compiled.
rm -f Tools/.build/debug.yaml Tools/.build/release.yaml Tools/.build/*/debug/description.json Tools/.build/*/release/description.json
swift test --package-path Tools "$@" || { tools=$?; [[ $status -ne 0 ]] || status=$tools; }
exit "$status"
