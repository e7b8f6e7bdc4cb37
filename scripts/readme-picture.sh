#!/usr/bin/env bash
# Makes docs/images/preview.png, the README's picture, with Herald's own command: serves
# Examples/picture/ (an avatar, an app icon and a photo, all made for Herald) on a loopback
# port, fills that port into Examples/picture/group-message.template.json, and runs
#   herald preview --allow-http PAYLOAD --png docs/images/preview.png --app-icon … --app-name Rope
# It needs a headless Chromium (apt-get install chromium). Extra arguments go to herald preview.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product herald >&2
herald="$(swift build --show-bin-path)/herald"
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory Examples/picture >/dev/null 2>&1 &
server=$!
trap 'kill "$server"; rm -rf "$work"' EXIT
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
