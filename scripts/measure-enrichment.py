#!/usr/bin/env python3
"""Measures what the issue asks to measure, not assert: herald preview's peak memory with a
10 MB attachment served from loopback (against the same payload without it), and its time to
content with a hanging avatar host and with an avatar cache hit.

    scripts/measure-enrichment.py            # builds herald in release mode first
    HERALD=path/to/herald scripts/measure-enrichment.py

Servers run on 127.0.0.1 only and stop with the script. Prints one line per figure and the
targets: attachment adds < 4 MB to peak memory; hanging host delivers within its deadline
+ 50 ms; cache hit delivers in < 10 ms.
"""
import http.server
import json
import os
import resource
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AVATAR_TIMEOUT = 1.0


def png(width, height, padding=0):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", b"\0" * padding) + chunk(b"IEND", b""))


class Files(http.server.BaseHTTPRequestHandler):
    files = {}

    def do_GET(self):
        body = self.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def serve_files(files):
    Files.files = files
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def serve_hanging():
    """Accepts connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []

    def accept():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            held.append(connection)
    threading.Thread(target=accept, daemon=True).start()
    return listener, f"http://127.0.0.1:{listener.getsockname()[1]}"


def payload(avatar=None, attachment=None):
    communication = {"sender_name": "Ann", "conversation_id": "c1"}
    if avatar:
        communication["avatar_url"] = avatar
    body = {"aps": {"alert": {"title": "Ann", "body": "Hi"}, "mutable-content": 1}, "communication": communication}
    if attachment:
        body["attachments"] = [{"url": attachment}]
    handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump(body, handle)
    handle.close()
    return handle.name


def run(herald, payload_file, *options):
    """Runs herald preview --json; returns (result, peak RSS in KiB of that run)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    process = subprocess.run([herald, "preview", "--json", "--allow-http", *options, payload_file],
                             capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return json.loads(process.stdout), after, before


def peak_rss(herald, payload_file, *options):
    # ru_maxrss of children is the maximum over all children so far: measure each case in a
    # fresh interpreter so the figure is that run's own.
    code = ("import resource,subprocess,sys;"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    output = subprocess.run([sys.executable, "-c", code, herald, "preview", "--json", "--allow-http", *options, payload_file],
                            capture_output=True, text=True, check=True)
    return int(output.stdout.strip())


def main():
    herald = os.environ.get("HERALD")
    if not herald:
        # The herald command is the Tools package's.
        tools = os.path.join(ROOT, "Tools")
        subprocess.run(["swift", "build", "-c", "release", "--product", "herald"], cwd=tools, check=True,
                       stdout=subprocess.DEVNULL)
        herald = os.path.join(tools, ".build", "release", "herald")
    work = tempfile.mkdtemp(prefix="herald-measure-")
    big = png(2000, 2000, padding=10_000_000 - 57)
    server, base = serve_files({"/big.png": big, "/avatar.png": png(512, 512, padding=20_000)})
    hanging, hanging_base = serve_hanging()
    try:
        attachments = os.path.join(work, "attachments")
        with_attachment = peak_rss(herald, payload(attachment=base + "/big.png"), "--attachments-dir", attachments,
                                   "--cache-dir", os.path.join(work, "c1"))
        without = peak_rss(herald, payload(), "--cache-dir", os.path.join(work, "c2"))
        added = (with_attachment - without) / 1024
        print(f"peak RSS with a {len(big) / 1e6:.1f} MB attachment: {with_attachment / 1024:.1f} MiB; "
              f"without: {without / 1024:.1f} MiB; the attachment adds {added:.1f} MiB (target < 4 MB)")

        hang = payload(avatar=hanging_base + "/avatar.png")
        result, _, _ = run(herald, hang, "--avatar-timeout", str(AVATAR_TIMEOUT), "--cache-dir", os.path.join(work, "c3"))
        status = result["communication"]["sender"]["avatar"]["status"]
        elapsed = result["elapsedMilliseconds"]
        print(f"hanging avatar host: avatar {status}, content after {elapsed} ms "
              f"(deadline {AVATAR_TIMEOUT * 1000:.0f} ms; target <= {AVATAR_TIMEOUT * 1000 + 50:.0f} ms)")

        cached = payload(avatar=base + "/avatar.png")
        cache = os.path.join(work, "c4")
        first, _, _ = run(herald, cached, "--cache-dir", cache)
        second, _, _ = run(herald, cached, "--cache-dir", cache)
        print(f"avatar cache: first run {first['communication']['sender']['avatar']['status']} in "
              f"{first['elapsedMilliseconds']} ms; second run {second['communication']['sender']['avatar']['status']} "
              f"in {second['elapsedMilliseconds']} ms (target < 10 ms)")
    finally:
        server.shutdown()
        hanging.close()


if __name__ == "__main__":
    main()
