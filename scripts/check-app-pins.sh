#!/usr/bin/env bash
# Checks what an app pays for adding Herald: makes a throwaway package with one target that
# links only HeraldNotificationService, depending on this checkout by path as an app does on
# the repository, resolves it, and lists the pins its Package.resolved gets. Fails when there
# are more than the phone side's budget (default 2: swift-crypto and swift-asn1, which
# swift-crypto needs), so a server dependency that slips into the root package is caught.
#
#   scripts/check-app-pins.sh [--maximum N]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
maximum=2
while [[ $# -gt 0 ]]; do
    case "$1" in
        --maximum) maximum="${2:?--maximum needs a number}"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "check-app-pins.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
app="$(mktemp -d "${TMPDIR:-/tmp}/herald-app-pins.XXXXXX")"
trap 'rm -rf "$app"' EXIT
mkdir -p "$app/Sources/NotificationService"
cat > "$app/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AppPins",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [.package(name: "Herald", path: "$root")],
    targets: [
        .target(name: "NotificationService", dependencies: [.product(name: "HeraldNotificationService", package: "Herald")]),
    ]
)
MANIFEST
echo 'import HeraldNotificationService' > "$app/Sources/NotificationService/NotificationService.swift"
if ! output="$(swift package resolve --package-path "$app" 2>&1)"; then
    echo "$output" >&2
    echo "check-app-pins.sh: the throwaway app package did not resolve" >&2
    exit 2
fi
pins="$(python3 -c 'import json,sys; print("\n".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' "$app/Package.resolved")"
count="$(grep -c . <<<"$pins" || true)"
echo "an app linking HeraldNotificationService pins $count packages: $(tr '\n' ' ' <<<"$pins")"
if (( count > maximum )); then
    echo "check-app-pins.sh: more than $maximum; the root package must depend on swift-crypto only (docs/architecture.md)" >&2
    exit 1
fi
