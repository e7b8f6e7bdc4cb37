#!/usr/bin/env bash
# Reports uses, in the phone-side modules, of toolchain APIs newer than the iOS/macOS floor,
# which Linux compiles without a word and Xcode rejects. See scripts/check-apple-availability.py
# for how, and its --help for the options.
#
#   scripts/check-apple-availability.sh                          # the floor Package.swift declares
#   scripts/check-apple-availability.sh --ios 15.0 --macos 12.0
#
# Builds into .build-availability (never .build). Exit status 1 when something is found.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec python3 "$root/scripts/check-apple-availability.py" "$@"
