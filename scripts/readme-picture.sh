#!/usr/bin/env bash
# Makes docs/images/preview.png, the README's picture, and docs/images/playground.png, the
# playground's in docs/playground.md, with Herald's own commands: serves Examples/picture/ (an
# avatar, an app icon and a photo, all made for Herald) on a loopback port, fills that port into
# Examples/picture/group-message.template.json, and runs
#   herald preview --allow-http PAYLOAD --png docs/images/preview.png --app-icon … --app-name Rope
# then points Examples/onesignal-request.json's media at that port, starts
#   herald playground --allow-fetch --allow-http REQUEST --app-icon … --app-name Rope
# and takes a screenshot of its page. It needs a headless Chromium (apt-get install chromium, or
# HERALD_CHROMIUM). Extra arguments go to herald preview.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Tools --product herald >&2
herald="$(swift build --package-path Tools --show-bin-path)/herald"
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory Examples/picture >/dev/null 2>&1 &
server=$!
playground=""
trap 'kill "$server"; [ -z "$playground" ] || kill -INT "$playground"; rm -rf "$work"' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/maya.png", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
PY
sed "s/PORT/$port/g" Examples/picture/group-message.template.json > "$work/group-message.json"
mkdir -p docs/images
"$herald" preview --allow-http "$work/group-message.json" --cache-dir "$work/cache" --attachments-dir "$work/attachments" \
    --png docs/images/preview.png --app-icon Examples/picture/app-icon.png --app-name Rope "$@"

sed -e "s#https://cdn.example.com/avatars/user-1842.jpg#http://127.0.0.1:$port/maya.png#" \
    -e "s#https://cdn.example.com/media/crag-sunrise.jpg#http://127.0.0.1:$port/crag-sunrise.png#" \
    Examples/onesignal-request.json > "$work/onesignal-request.json"
"$herald" playground --port 0 --allow-fetch --allow-http "$work/onesignal-request.json" \
    --app-icon Examples/picture/app-icon.png --app-name Rope > "$work/playground.out" &
playground=$!
for _ in $(seq 100); do grep -q "listening on" "$work/playground.out" && break; sleep 0.1; done
address="$(grep -o 'http://127.0.0.1:[0-9]*/[0-9a-f]*/' "$work/playground.out")"
chromium="${HERALD_CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}"
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1180 --virtual-time-budget=5000 \
    --screenshot=docs/images/playground.png "$address" 2>/dev/null
echo "wrote docs/images/preview.png and docs/images/playground.png" >&2
