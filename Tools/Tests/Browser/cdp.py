#!/usr/bin/env python3
"""Drive a headless Chromium through the DevTools protocol, for Herald's browser tests.

    cdp.py CHROMIUM URL STEPS.json

Starts CHROMIUM headless with a throwaway profile, opens URL, waits for its load event, then
evaluates each JavaScript expression of the JSON list STEPS in the page, in order, awaiting
promises. Prints one JSON object: {"results": [value of each step], "console": [{"level",
"text"}], "exceptions": [text], "log": [{"level", "text", "url"}]}: every console message,
uncaught exception and browser log entry (failed loads, refused requests) the page produced.
Exits 1 when a step throws (its text is in "exceptions") and 2 on a usage or browser error.
Everything is bounded: 60 seconds in all. Standard library only.
"""
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

DEADLINE = time.monotonic() + 60


class WebSocket:
    """The client side of RFC 6455, text frames only: what the DevTools protocol uses."""

    def __init__(self, url):
        match = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the browser closed the DevTools connection during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n", 1)[0]:
            raise RuntimeError("DevTools handshake refused: " + response.split(b"\r\n", 1)[0].decode())
        self.buffer = response.split(b"\r\n\r\n", 1)[1]

    def send(self, text):
        data = text.encode()
        header = bytes([0x81])
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, count):
        while len(self.buffer) < count:
            self.sock.settimeout(max(0.1, DEADLINE - time.monotonic()))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("the browser closed the DevTools connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise RuntimeError("the browser closed the DevTools connection")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return json.loads(message)


class Page:
    def __init__(self, socket_url):
        self.ws = WebSocket(socket_url)
        self.next_id = 0
        self.console, self.exceptions, self.log, self.events = [], [], [], []

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = self.ws.receive()
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.note(message)

    def note(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            self.console.append({"level": params.get("type"), "text": text})
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.exceptions.append(details.get("exception", {}).get("description") or details.get("text", ""))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            self.log.append({"level": entry.get("level"), "text": entry.get("text"), "url": entry.get("url", "")})
        elif method:
            self.events.append(method)

    def wait_for(self, event):
        while event not in self.events:
            if time.monotonic() > DEADLINE:
                raise RuntimeError(f"no {event} within the time limit")
            self.note(self.ws.receive())


def main():
    global DEADLINE
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    chromium, url, steps_file = sys.argv[1:]
    with open(steps_file) as handle:
        steps = json.load(handle)
    profile = tempfile.mkdtemp(prefix="herald-cdp-")
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1000,1200", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in browser.stderr:
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                port = int(found.group(1))
                break
            if time.monotonic() > DEADLINE:
                break
        if port is None:
            print("the browser printed no DevTools address", file=sys.stderr)
            return 2
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            targets = json.load(response)
        target = next(t for t in targets if t.get("type") == "page")
        page = Page(target["webSocketDebuggerUrl"])
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            page.call(domain)
        page.call("Page.navigate", url=url)
        page.wait_for("Page.loadEventFired")
        results, failed = [], False
        for expression in steps:
            answer = page.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
            if "exceptionDetails" in answer:
                details = answer["exceptionDetails"]
                page.exceptions.append(details.get("exception", {}).get("description") or details.get("text", ""))
                failed = True
                break
            results.append(answer.get("result", {}).get("value"))
        # Let late console messages and log entries arrive, for a third of a second.
        DEADLINE = time.monotonic() + 0.3
        try:
            while True:
                page.note(page.ws.receive())
        except (socket.timeout, TimeoutError, RuntimeError):
            pass
        print(json.dumps({"results": results, "console": page.console, "exceptions": page.exceptions, "log": page.log}))
        return 1 if failed else 0
    except Exception as error:  # a browser or protocol failure: say which
        print(f"cdp.py: {error}", file=sys.stderr)
        return 2
    finally:
        browser.kill()
        browser.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
