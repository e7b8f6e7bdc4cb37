#!/usr/bin/env bash
# Exactly once, at scale: runs Herald's two randomized interleaving tests with far more trials
# than `swift test` does (300 and 1,000):
#   - ServiceInterleavingTests: the iOS adapter itself (CommunicationNotificationService on the
#     Linux stand-in, on a manual clock): its pipeline, the session's one delivery guard, the
#     intent donation, the forward hook on its queue, forwardExpiry, and expiry at any moment,
#     two notifications at once;
#   - DeliveryInterleavingTests: EnrichmentSession alone, on a manual clock, with a forward hook.
#
#   scripts/interleavings.sh                  # 100,000 trials each, from each test's default seed
#   scripts/interleavings.sh 5000             # 5,000 trials each
#   scripts/interleavings.sh 100000 12345     # from seed 12345 (trial n runs from seed + n)
#
# It sets HERALD_INTERLEAVINGS (the count) and HERALD_INTERLEAVING_SEED (the seed, a decimal
# number) for `swift test --filter`. A failing trial prints its own seed; replay its schedule
# alone with
#   HERALD_INTERLEAVING_SEED=<that seed> HERALD_INTERLEAVINGS=1 swift test --filter <test>
# (the schedule replays exactly; the threads' timing cannot). Linux only: the adapter's test
# runs on the stand-in. On two cores shared with builds, 100,000 trials took 434 s for the
# adapter's (edits and deletes included) and 249 s for the session's, at about 100 MB
# (docs/extension-guide.md, section 12). Exit status 1 when either test fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
count="${1:-100000}"
seed="${2:-}"
if ! [[ "$count" =~ ^[0-9]+$ ]] || { [[ -n "$seed" ]] && ! [[ "$seed" =~ ^[0-9]+$ ]]; }; then
    echo "usage: scripts/interleavings.sh [count] [seed]   (whole numbers)" >&2
    exit 2
fi

cd "$root"
export HERALD_INTERLEAVINGS="$count"
if [[ -n "$seed" ]]; then export HERALD_INTERLEAVING_SEED="$seed"; fi
swift build --build-tests

status=0
for test in ServiceInterleavingTests DeliveryInterleavingTests; do
    started=$SECONDS
    if swift test --skip-build --filter "$test"; then result="passed"; else result="FAILED"; status=1; fi
    echo "== $test: $count trials ${seed:+from seed $seed }$result in $((SECONDS - started)) s"
done
exit "$status"
