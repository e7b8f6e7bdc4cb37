#!/usr/bin/env bash
# Times `herald doctor --json` on each real project in Tools/Tests/HeraldDoctorTests/Fixtures/xcode
# (the target: under a second each). Usage: scripts/doctor-timing.sh [HERALD_BINARY]
# Without an argument it builds and uses the release binary. Results go to docs/doctor.md by hand.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
herald="${1:-}"
if [[ -z "$herald" ]]; then
    swift build -c release --package-path "$root/Tools" --product herald >/dev/null
    herald="$(swift build -c release --package-path "$root/Tools" --show-bin-path)/herald"
fi
fixtures="$root/Tools/Tests/HeraldDoctorTests/Fixtures/xcode"
for path in element-hq-element-x-ios nextcloud-talk-ios mastodon-mastodon-ios deltachat-deltachat-ios \
    Dimillian-IceCubesApp revoltchat-ios Finb-Bark monal-im-Monal/Monal mattermost-mattermost-mobile/app.json \
    invertase-notifee/tests_react_native/ios; do
    start=$(date +%s%N)
    # 0 no errors, 1 a check found one (some of these projects have real mistakes); anything
    # else means the project was not read, and its time would say nothing.
    status=0
    "$herald" doctor --json "$fixtures/$path" >/dev/null || status=$?
    end=$(date +%s%N)
    if ((status > 1)); then echo "doctor-timing.sh: herald doctor exited $status on $path" >&2; exit 1; fi
    printf '%-45s %5d ms\n' "$path" $(((end - start) / 1000000))
done
