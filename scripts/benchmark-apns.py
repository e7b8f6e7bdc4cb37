#!/usr/bin/env python3
"""Notifications per second into one `herald apns-emulator`, from three senders in turn:

- Herald: `herald send apns --tokens-file` (its own HTTP/2 on swift-nio and swift-nio-ssl), at each --herald-concurrency and --herald-connections;
- aioapns: its `APNs` client with a .p8 key, pointed at the emulator (see `aioapns_send`),
  N coroutines gathered behind a semaphore of each --aioapns-concurrency;
- h2load: the same POST, path shape, headers and body, at each --h2load clients x streams:
  the HTTP/2 ceiling of this server on this machine.

Run it through scripts/benchmark-apns.sh, which builds herald and makes the virtual environment
this needs (aioapns and uvloop, and PyJWT and cryptography with them). Every configuration runs
--repeat times; its figure is the median, and a tool's figure is its best configuration. A run
counts only if every notification was answered 200, by the sender's own account; at the end the
emulator's stop line must report exactly as many accepted as were sent in all, and none refused.
Exits 1 if anything failed, 2 if a target was missed.

With --counts N,N (e.g. 1000,10000,100000,1000000) it measures memory and time by token count
instead: each sender (Herald; aioapns on uvloop with max_connections 2; h2load with 2 clients)
sends N notifications, and the script reports the wall time, notifications/s and the peak
resident memory of the sender's own process (GNU time's %M). Then each sends
--tls-records notifications through a TCP proxy that reads the TLS record headers on the wire
and counts the application-data records the client wrote, per request. It ends with markdown
tables for docs/benchmarks.md. Exits 1 if anything failed.
"""
import argparse
import asyncio
import json
import os
import platform
import re
import secrets
import select
import signal
import ssl
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEY_ID = "ABC123DEFG"
TEAM_ID = "TEAM123456"
TOPIC = "com.example.chat"
BODY = {"aps": {"alert": {"title": "Ada", "body": "Benchmark notification"}, "sound": "default"}}
TARGET_CLIENT_CPU_US = 15.0  # Herald's own CPU per notification, at its best configuration, at most 15 µs
TARGET_VS_H2LOAD = 0.8       # Herald's rate at least 0.8 of h2load's against the same emulator
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# --- the aioapns sender (runs in its own process: `benchmark-apns.py aioapns-send CONFIG`) ---

def aioapns_send(config):
    """Sends the tokens in config["tokens"] with aioapns and prints a JSON result.

    aioapns 4.0 has no option for the server: its connection pool connects to
    `pool.protocol_class.APNS_SERVER` and `.APNS_PORT` (api.push.apple.com:443), and sends
    APNS_SERVER as the `host` header. So the pool's protocol_class is replaced by a subclass of
    its production protocol with those two class attributes set to the emulator's host and
    port. Trust is aioapns's own `ssl_context` argument: a default context with the emulator's
    CA (its certificate names 127.0.0.1, so host name checking stays on), offering ALPN h2.
    Everything else is aioapns as shipped: key-based JWT auth, up to max_connections
    connections (10 unless config["max_connections"] says), streams per connection from the
    server's SETTINGS (500).

    Two ways to feed it. By default all the tokens are read first and N coroutines gathered
    behind a semaphore of config["concurrency"]. With config["stream"], config["concurrency"]
    workers take tokens from the file as they go, so the process holds no list of N tokens or N
    coroutines, and its peak memory is aioapns's own; the by-token-count pass uses that, with
    config["uvloop"] to run on uvloop instead of asyncio's own loop.
    """
    from aioapns import APNs, NotificationRequest, PushType
    from aioapns.connection import APNsProductionClientProtocol

    with open(config["key"]) as f:
        key = f.read()

    class EmulatorProtocol(APNsProductionClientProtocol):
        APNS_SERVER = config["host"]
        APNS_PORT = config["port"]

    async def main():
        context = ssl.create_default_context(cafile=config["ca"])
        context.set_alpn_protocols(["h2"])
        client = APNs(key=key, key_id=KEY_ID, team_id=TEAM_ID, topic=TOPIC, ssl_context=context,
                      max_connections=config.get("max_connections", 10))
        client.pool.protocol_class = EmulatorProtocol
        failures = {}
        sent = 0

        async def send(token):
            nonlocal sent
            sent += 1
            try:
                result = await client.send_notification(
                    NotificationRequest(device_token=token, message=BODY, push_type=PushType.ALERT))
                ok = result.is_successful
                name = f"{result.status} {result.description or ''}".strip()
            except Exception as error:  # a lost connection after aioapns's own attempts
                ok, name = False, type(error).__name__
            if not ok:
                failures[name] = failures.get(name, 0) + 1

        start = time.perf_counter()
        with open(config["tokens"]) as lines:
            tokens = (line.strip() for line in lines if line.strip())
            if config.get("stream"):
                async def worker():
                    for token in tokens:  # one shared iterator: each token goes to one worker
                        await send(token)
                await asyncio.gather(*(worker() for _ in range(config["concurrency"])))
            else:
                tokens = list(tokens)
                gate = asyncio.Semaphore(config["concurrency"])

                async def gated(token):
                    async with gate:
                        await send(token)
                start = time.perf_counter()
                await asyncio.gather(*(gated(token) for token in tokens))
        seconds = time.perf_counter() - start
        connections = len(client.pool.connections)
        client.pool.close()
        return {"sent": sent, "failed": sum(failures.values()), "failures": failures,
                "seconds": seconds, "connections": connections}

    if config.get("uvloop"):
        import uvloop
        result = uvloop.run(main())
    else:
        result = asyncio.run(main())
    print(json.dumps(result))


# --- measuring ---

class ConnectionCounter:
    """Polls /proc/net/tcp for the most client connections to the emulator open at once, and
    notes when the first one appeared."""

    def __init__(self, port):
        self.port = f"{port:04X}"
        self.most = 0
        self.first_seen = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.wait(0.05):
            with open("/proc/net/tcp") as f:
                rows = [line.split() for line in f.readlines()[1:]]
            # rem_address is HOST:PORT in hex; state 01 is ESTABLISHED.
            count = sum(1 for row in rows if row[2].endswith(":" + self.port) and row[3] == "01")
            self.most = max(self.most, count)
            if count and self.first_seen is None:
                self.first_seen = time.perf_counter()

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def process_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime + stime


def run_to_exit(command, timeout, work):
    """Runs `command` with its output in files; returns its CompletedProcess, its CPU seconds and
    its peak resident memory in MiB.

    The peak is GNU time's %M (`/usr/bin/time`): ru_maxrss of the command's own process, which
    time forks from itself. Not ru_maxrss from os.wait4 on a child of this script: Linux carries
    the parent's peak into a forked child's and keeps it across exec, so every sender would show
    at least this script's own 40-odd MiB. The CPU time is the child's, through time's rusage.
    A command still running after `timeout` seconds is killed with its process group, and its
    run fails.
    """
    peak_file = os.path.join(work, "sender.maxrss")
    with open(os.path.join(work, "sender.stdout"), "w+") as out, open(os.path.join(work, "sender.stderr"), "w+") as err:
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", peak_file, *command],
                                   stdout=out, stderr=err, start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            os.killpg(process.pid, signal.SIGKILL)
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if timed_out.is_set():
        stdout = f"timed out after {timeout:.0f} s\n" + stdout
    try:
        with open(peak_file) as f:
            peak = int(f.read().split()[-1]) / 1024  # the last line; a failed command's has a line before it
    except (OSError, ValueError, IndexError):
        peak = float("nan")
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr), usage.ru_utime + usage.ru_stime, peak


class TLSRecordCounter:
    """Counts the TLS records in one direction of one connection from their 5-byte headers
    (content type, version, length), skipping each record's body, into totals shared by all."""

    def __init__(self, totals):
        self.totals = totals  # content type -> [records, body bytes]
        self.header = b""
        self.left = 0  # body bytes of the current record still to come

    def feed(self, data):
        i = 0
        while i < len(data):
            if self.left:
                step = min(self.left, len(data) - i)
                self.left -= step
                i += step
                continue
            take = 5 - len(self.header)
            self.header += data[i:i + take]
            i += take
            if len(self.header) == 5:
                kind, length = self.header[0], int.from_bytes(self.header[3:5], "big")
                total = self.totals.setdefault(kind, [0, 0])
                total[0] += 1
                total[1] += length
                self.header, self.left = b"", length


class TLSRecordProxy:
    """A TCP proxy on 127.0.0.1 in front of the emulator that counts the TLS records each way.

    A sender pointed at its port goes through it unchanged (the emulator's certificate names
    127.0.0.1, whatever the port). Records of content type 23 (application data) are, after the
    handshake, the HTTP/2 frames: the client's count of them divided by the requests sent is
    the TLS records the client writes per request. Runs its own asyncio loop on a thread.
    """

    def __init__(self, host, port):
        self.target = (host, port)
        self.client_records, self.server_records = {}, {}
        self.open = 0
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        threading.Thread(target=self.run, args=(started,), daemon=True).start()
        started.wait(10)

    def run(self, started):
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self.serve, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        started.set()
        self.loop.run_forever()

    async def serve(self, client_reader, client_writer):
        self.open += 1
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
            await asyncio.gather(self.pipe(client_reader, server_writer, TLSRecordCounter(self.client_records)),
                                 self.pipe(server_reader, client_writer, TLSRecordCounter(self.server_records)))
        finally:
            self.open -= 1

    async def pipe(self, reader, writer, counter):
        try:
            while data := await reader.read(1 << 16):
                counter.feed(data)
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()  # one side closed: close the other, which ends the opposite pipe

    def reset(self):
        self.client_records, self.server_records = {}, {}

    def wait_closed(self, seconds=10):
        """Waits until every connection through the proxy has closed, so every byte is counted."""
        deadline = time.monotonic() + seconds
        while self.open and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.open == 0


class Bench:
    def __init__(self, args):
        self.args = args
        self.work = args.work_dir
        self.sent_total = 0
        self.problems = []
        self.rows = []  # one per configuration
        self.timeout = self.timeout_for(args.count)

    @staticmethod
    def timeout_for(n):
        return 60 + n / 200  # seconds per run; 160 s for 20,000

    # Files: key, tokens, body.

    def prepare(self):
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        key = ec.generate_private_key(ec.SECP256R1())
        self.key_pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
        self.key_file = self.path(f"AuthKey_{KEY_ID}.p8")
        self.ca_file = self.path("ca.pem")
        self.body_file = self.path("body.json")
        self.tokens_file = self.path("tokens.txt")
        self.one_token_file = self.path("one-token.txt")
        with open(self.key_file, "w") as f:
            f.write(self.key_pem)
        with open(self.body_file, "w") as f:
            json.dump(BODY, f, separators=(",", ":"))
        write_tokens(self.tokens_file, self.args.count)
        write_tokens(self.one_token_file, 1)

    def path(self, name):
        return os.path.join(self.work, name)

    # The emulator.

    def start_emulator(self):
        self.emulator_log = open(self.path("emulator.stderr"), "w+")
        self.emulator = subprocess.Popen(
            [self.args.herald, "apns-emulator", "--port", "0", "--key-file", self.key_file, "--key-id", KEY_ID,
             "--team-id", TEAM_ID, "--ca-out", self.ca_file],
            stdout=subprocess.PIPE, stderr=self.emulator_log, text=True)
        ready, _, _ = select.select([self.emulator.stdout], [], [], 60)
        line = self.emulator.stdout.readline() if ready else ""  # the ready line, written once it listens
        match = re.search(r"listening on (https://([^:/\s]+):(\d+))", line)
        if not match:
            self.emulator.kill()
            sys.exit(f"error: the emulator did not start: {line!r}; stderr: {self.read_emulator_log()}")
        self.url, self.host, self.port = match.group(1), match.group(2), int(match.group(3))
        print(f"emulator: {line.strip()}")

    def read_emulator_log(self):
        self.emulator_log.seek(0)
        return self.emulator_log.read()

    def stop_emulator(self):
        self.emulator.send_signal(signal.SIGINT)
        try:
            self.emulator.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.emulator.kill()
            self.problems.append("the emulator did not stop within 30 s of SIGINT")
        log = self.read_emulator_log()
        match = re.search(r"(\d+) received, (\d+) accepted, (\d+) refused, (\d+) faults injected", log)
        if not match:
            self.problems.append(f"no stop line from the emulator: {log.strip()!r}")
            return
        received, accepted, refused, faults = map(int, match.groups())
        print(f"emulator: {match.group(0)}; the senders sent {self.sent_total}")
        if accepted != self.sent_total or refused or faults or received != self.sent_total:
            self.problems.append(
                f"the emulator accepted {accepted} of {received} received ({refused} refused), "
                f"but the senders sent {self.sent_total}")

    # One timed run of any sender.

    def timed(self, command, timeout=None):
        emulator_before = process_cpu_seconds(self.emulator.pid)
        with ConnectionCounter(self.port) as counter:
            start = time.perf_counter()
            result, cpu, peak_rss = run_to_exit(command, timeout or self.timeout, self.work)
            wall = time.perf_counter() - start
        return result, {
            "wall": wall, "client_cpu": cpu, "peak_rss": peak_rss,
            "emulator_cpu": process_cpu_seconds(self.emulator.pid) - emulator_before, "connections": counter.most,
            "to_connect": counter.first_seen - start if counter.first_seen else None}

    def herald_command(self, tokens_file, concurrency, json_output=False, connections=1, url=None):
        return ([self.args.herald, "send", "apns", "--key-file", self.key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID,
                 "--topic", TOPIC, "--endpoint", url or self.url, "--ca-file", self.ca_file, "--tokens-file", tokens_file,
                 "--concurrency", str(concurrency), "--connections", str(connections)]
                + (["--json"] if json_output else []) + [self.body_file])

    def herald_startup(self):
        """The wall time of sending one notification: process start, key, TLS, one request."""
        times = []
        for _ in range(3):
            result, measured = self.timed(self.herald_command(self.one_token_file, 1))
            self.sent_total += 1
            if result.returncode != 0 or "Accepted for" not in result.stdout:
                self.problems.append(f"herald, one token: exit {result.returncode}: {result.stdout}{result.stderr}")
            times.append(measured["wall"])
        self.startup = statistics.median(times)
        print(f"herald start-up (one notification, median of 3): {self.startup * 1000:.0f} ms")

    def herald_run(self, concurrency, json_output=False, connections=1, n=None, tokens_file=None, url=None):
        n = n or self.args.count
        result, measured = self.timed(self.herald_command(tokens_file or self.tokens_file, concurrency, json_output, connections, url),
                                      timeout=self.timeout_for(n))
        self.sent_total += n
        if json_output:
            try:
                lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
            except ValueError:
                lines = []
            ok = result.returncode == 0 and len(lines) == n and all(line.get("status") == 200 for line in lines)
        else:
            ok = result.returncode == 0 and f"Sent {n} of {n} notifications" in result.stdout
        if not ok:
            self.problems.append(f"herald --concurrency {concurrency} --connections {connections} ({n} tokens): "
                                 f"exit {result.returncode}: {result.stdout[-2000:]}{result.stderr[-2000:]}")
        # Net of start-up: the one-notification send above measures what does not scale with N.
        measured["seconds"] = max(measured["wall"] - self.startup, 1e-9)
        return ok, measured

    def aioapns_run(self, concurrency, n=None, tokens_file=None, port=None, by_token_count=False, connections=10):
        """aioapns as in the throughput runs, or with by_token_count: tokens streamed, uvloop,
        at most `connections` connections (see aioapns_send)."""
        n = n or self.args.count
        config = self.path(f"aioapns-{concurrency}.json")
        with open(config, "w") as f:
            json.dump({"host": self.host, "port": port or self.port, "ca": self.ca_file, "key": self.key_file,
                       "tokens": tokens_file or self.tokens_file, "concurrency": concurrency, "max_connections": connections,
                       "stream": by_token_count, "uvloop": by_token_count}, f)
        result, measured = self.timed([sys.executable, os.path.abspath(__file__), "aioapns-send", config],
                                      timeout=self.timeout_for(n))
        self.sent_total += n
        try:
            report = json.loads(result.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            report = None
        ok = result.returncode == 0 and report is not None and report["sent"] == n and report["failed"] == 0
        if not ok:
            self.problems.append(f"aioapns concurrency {concurrency} ({n} tokens): exit {result.returncode}: "
                                 f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
            return False, measured
        measured["seconds"] = report["seconds"]  # from the first send to the last answer, in the process
        return ok, measured

    def h2load_run(self, clients, streams, n=None, url=None):
        import jwt
        n = n or self.args.count
        token = jwt.encode({"iss": TEAM_ID, "iat": int(time.time())}, self.key_pem, algorithm="ES256",
                           headers={"kid": KEY_ID})
        device = secrets.token_hex(32)
        command = ["h2load", "-n", str(n), "-c", str(clients), "-m", str(streams),
                   "-H", f"authorization: bearer {token}", "-H", f"apns-topic: {TOPIC}", "-H", "apns-push-type: alert",
                   "-d", self.body_file, f"{url or self.url}/3/device/{device}"]
        result, measured = self.timed(command, timeout=self.timeout_for(n))
        self.sent_total += n
        finished = re.search(r"finished in ([\d.]+)(m?s), ([\d.]+) req/s", result.stdout)
        codes = re.search(r"status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx", result.stdout)
        ok = result.returncode == 0 and finished and codes and int(codes.group(1)) == n
        if not ok:
            self.problems.append(f"h2load -c {clients} -m {streams} ({n} requests): exit {result.returncode}: "
                                 f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
            return False, measured
        seconds = float(finished.group(1)) / (1000 if finished.group(2) == "ms" else 1)
        measured["seconds"] = seconds  # h2load's own clock: from connecting to the last answer
        return ok, measured

    # A configuration, repeated.

    def measure(self, tool, setting, run):
        runs = []
        for _ in range(self.args.repeat):
            ok, measured = run()
            if not ok:
                print(f"  {tool:8} {setting:26} FAILED (see the end)", flush=True)
                self.rows.append({"tool": tool, "setting": setting, "ok": False})
                return
            runs.append(measured)
        n = self.args.count
        rates = sorted(n / r["seconds"] for r in runs)
        middle = sorted(runs, key=lambda r: n / r["seconds"])[len(runs) // 2]
        row = {"tool": tool, "setting": setting, "ok": True, "rate": statistics.median(rates),
               "gross": statistics.median(n / r["wall"] for r in runs), "spread": (rates[0], rates[-1]),
               "client_cpu": middle["client_cpu"], "emulator_cpu": middle["emulator_cpu"],
               "connections": middle["connections"], "wall": middle["wall"], "to_connect": middle["to_connect"],
               "peak_rss": middle["peak_rss"]}
        self.rows.append(row)
        # CPU per notification: what each side costs, whoever holds the two cores at the time.
        first = f", first connection after {row['to_connect']:.2f} s" if tool == "herald" and row["to_connect"] else ""
        print(f"  {tool:8} {setting:26} {row['rate']:7.0f}/s  (runs {rates[0]:.0f}..{rates[-1]:.0f}; wall {row['wall']:.2f} s = "
              f"{row['gross']:.0f}/s gross; CPU per notification: client {row['client_cpu'] / n * 1e6:.0f} µs, "
              f"emulator {row['emulator_cpu'] / n * 1e6:.0f} µs; peak RSS {row['peak_rss']:.0f} MiB; "
              f"{row['connections']} connection(s){first})", flush=True)

    def run(self):
        args = self.args
        self.prepare()
        self.start_emulator()
        try:
            print(f"{args.count} notifications per run, {args.repeat} runs per configuration, median reported")
            self.herald_startup()
            for c in args.herald_concurrency:
                for k in args.herald_connections:
                    self.measure("herald", f"--concurrency {c} --connections {k}", lambda c=c, k=k: self.herald_run(c, connections=k))
            best = self.best("herald", json_rows=False)
            if best is not None and args.herald_json:
                words = best["setting"].split()
                c, k = int(words[1]), int(words[3])
                self.measure("herald", f"--concurrency {c} --connections {k} --json",
                             lambda: self.herald_run(c, json_output=True, connections=k))
            for c in args.aioapns_concurrency:
                self.measure("aioapns", f"concurrency {c}", lambda c=c: self.aioapns_run(c))
            for clients, streams in args.h2load:
                self.measure("h2load", f"-c {clients} -m {streams}", lambda c=clients, m=streams: self.h2load_run(c, m))
        finally:
            self.stop_emulator()
        return self.report()

    def best(self, tool, json_rows=True):
        rows = [r for r in self.rows if r["tool"] == tool and r["ok"] and (json_rows or "--json" not in r["setting"])]
        return max(rows, key=lambda r: r["rate"]) if rows else None

    def report(self):
        best = {tool: self.best(tool, json_rows=False) for tool in ("herald", "aioapns", "h2load")}
        n = self.args.count
        print()
        print("=" * 78)
        print(f"APNs sending into herald apns-emulator, {n} notifications per run "
              f"(median of {self.args.repeat}; best configuration per tool)")
        print(f"  {'tool':8} {'configuration':30} {'notifications/s':>15} {'vs aioapns':>11} {'vs h2load':>10} "
              f"{'client CPU':>11} {'emulator CPU':>13}")
        for tool, row in best.items():
            if row is None:
                print(f"  {tool:8} {'-':30} {'FAILED':>15}")
                continue
            vs_aioapns = row["rate"] / best["aioapns"]["rate"] if best["aioapns"] else float("nan")
            vs_h2load = row["rate"] / best["h2load"]["rate"] if best["h2load"] else float("nan")
            print(f"  {tool:8} {row['setting']:30} {row['rate']:15.0f} {vs_aioapns:10.2f}x {vs_h2load:9.2f}x "
                  f"{row['client_cpu'] / n * 1e6:8.1f} µs {row['emulator_cpu'] / n * 1e6:10.1f} µs")
        missed = False
        if best["herald"] and best["h2load"]:
            client_cpu = best["herald"]["client_cpu"] / n * 1e6
            share = best["herald"]["rate"] / best["h2load"]["rate"]
            met_1, met_2 = client_cpu <= TARGET_CLIENT_CPU_US, share >= TARGET_VS_H2LOAD
            missed = not (met_1 and met_2)
            print(f"  target: Herald's client CPU per notification <= {TARGET_CLIENT_CPU_US:g} µs: {client_cpu:.1f} µs, "
                  f"{'met' if met_1 else 'NOT met'}")
            # Three decimals: at two, 0.7985 would print as 0.80 beside "NOT met".
            print(f"  target: Herald >= {TARGET_VS_H2LOAD:g} of h2load's rate: {share:.3f}, {'met' if met_2 else 'NOT met'}")
        print(f"  Herald's figure is net of start-up ({self.startup * 1000:.0f} ms: the wall time of a one-notification send);"
              f" aioapns's is timed inside its process, h2load's is its own 'finished in'. CPU is user + system time per"
              f" notification, of the sender's process (client) and of the emulator's during that sender's run, from the"
              f" median run.")
        print("=" * 78)
        if self.problems:
            print("\nFAILED:", file=sys.stderr)
            for problem in self.problems:
                print(f"  - {problem}", file=sys.stderr)
            return 1
        return 2 if missed else 0


def write_tokens(path, n):
    """N random 32-byte device tokens in hex, one a line."""
    with open(path, "w") as f:
        f.writelines(secrets.token_hex(32) + "\n" for _ in range(n))


class TokenCountBench(Bench):
    """--counts: time and peak memory by token count, then TLS records per request.

    For each count N, each sender sends N notifications --repeat times: Herald as
    `herald send apns --tokens-file` at --counts-concurrency and --counts-connections, aioapns on
    uvloop with max_connections = --counts-connections and --counts-aioapns-concurrency workers
    taking tokens from the file, and h2load with --counts-connections clients sharing
    --counts-concurrency streams. Its figures are the medians of the wall time (process start to
    exit, so start-up counts), N over that, and the peak resident memory of the sender's own
    process (see run_to_exit).

    Then, unless --tls-records 0, each sender sends that many once more through a
    TLSRecordProxy: the TLS application-data records it wrote, per request. The proxy slows the
    connection a little, so this pass's times are not figures of speed.
    """

    def __init__(self, args):
        super().__init__(args)
        self.startup = 0.0  # figures here are gross: start-up is part of sending N from the command line
        self.count_rows, self.tls_rows = [], []
        c, k, ac = args.counts_concurrency, args.counts_connections, args.counts_aioapns_concurrency
        streams = max(1, c // k)
        self.senders = {
            "Herald": (f"herald send apns --concurrency {c} --connections {k}",
                       lambda n, tokens, url, port: self.herald_run(c, connections=k, n=n, tokens_file=tokens, url=url)),
            "aioapns": (f"aioapns {self.aioapns_version()} on uvloop, max_connections={k}, {ac} in flight",
                        lambda n, tokens, url, port: self.aioapns_run(ac, n=n, tokens_file=tokens, port=port,
                                                                      by_token_count=True, connections=k)),
            "h2load": (f"h2load -c {k} -m {streams}", lambda n, tokens, url, port: self.h2load_run(k, streams, n=n, url=url)),
        }

    @staticmethod
    def aioapns_version():
        from importlib.metadata import version
        return version("aioapns")

    def run(self):
        args = self.args
        self.prepare()  # its tokens.txt, of --tls-records tokens, is the TLS pass's
        self.start_emulator()
        try:
            print(f"by token count: {', '.join(f'{n:,}' for n in args.counts)}; {args.repeat} run(s) each, median reported")
            for tool, (setting, _) in self.senders.items():
                print(f"  {tool:8} {setting}")
            for n in args.counts:
                tokens = self.path(f"tokens-{n}.txt")
                write_tokens(tokens, n)
                for tool, (_, send) in self.senders.items():
                    self.count_rows.append(self.measure_count(tool, n, lambda: send(n, tokens, self.url, self.port)))
                os.remove(tokens)
            if args.tls_records:
                self.count_tls_records(args.tls_records)
        finally:
            self.stop_emulator()
        return self.report()

    def measure_count(self, tool, n, send):
        runs = []
        for _ in range(self.args.repeat):
            ok, measured = send()
            if not ok:
                print(f"  {n:>9,} {tool:8} FAILED (see the end)", flush=True)
                return {"tool": tool, "n": n, "ok": False}
            runs.append(measured)
        row = {"tool": tool, "n": n, "ok": True, "wall": statistics.median(r["wall"] for r in runs),
               "peak_rss": statistics.median(r["peak_rss"] for r in runs),
               "cpu": statistics.median(r["client_cpu"] for r in runs), "connections": max(r["connections"] for r in runs),
               "walls": [r["wall"] for r in runs]}
        row["rate"] = n / row["wall"]
        print(f"  {n:>9,} {tool:8} {row['wall']:8.2f} s {row['rate']:8.0f}/s  peak RSS {row['peak_rss']:7.1f} MiB  "
              f"CPU {row['cpu']:.2f} s  {row['connections']} connection(s)  "
              f"(wall of each run: {', '.join(f'{w:.2f}' for w in row['walls'])} s)", flush=True)
        return row

    def count_tls_records(self, n):
        proxy = TLSRecordProxy(self.host, self.port)
        url = f"https://{self.host}:{proxy.port}"
        print(f"TLS records: {n:,} notifications per sender through a counting proxy on port {proxy.port}")
        for tool, (_, send) in self.senders.items():
            proxy.reset()
            ok, _ = send(n, self.tokens_file, url, proxy.port)
            if not proxy.wait_closed():
                self.problems.append(f"{tool}: a connection through the TLS-record proxy stayed open after the sender exited")
                ok = False
            if not ok:
                print(f"  {tool:8} FAILED (see the end)", flush=True)
                self.tls_rows.append({"tool": tool, "ok": False})
                continue
            records, record_bytes = proxy.client_records.get(23, [0, 0])
            answers = proxy.server_records.get(23, [0, 0])[0]
            row = {"tool": tool, "ok": True, "n": n, "records": records, "per_request": records / n,
                   "bytes_per_record": record_bytes / max(records, 1), "server_per_request": answers / n}
            self.tls_rows.append(row)
            print(f"  {tool:8} {records:8,} application-data records from the client = {row['per_request']:.3f} per request, "
                  f"{row['bytes_per_record']:.0f} bytes each on average; from the emulator {row['server_per_request']:.3f} "
                  f"per request", flush=True)

    def report(self):
        args = self.args
        print()
        print("=" * 78)
        print(f"APNs sending by token count into herald apns-emulator ({args.repeat} run(s) each, median). "
              "Markdown, for docs/benchmarks.md:")
        print()
        for tool, (setting, _) in self.senders.items():
            print(f"- {tool}: `{setting}`")
        print()
        print("| tokens | sender | wall time | notifications/s | peak RSS | CPU time | connections |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for row in self.count_rows:
            if not row["ok"]:
                print(f"| {row['n']:,} | {row['tool']} | FAILED | | | | |")
                continue
            print(f"| {row['n']:,} | {row['tool']} | {row['wall']:.2f} s | {row['rate']:,.0f} | {row['peak_rss']:.1f} MiB "
                  f"| {row['cpu']:.2f} s | {row['connections']} |")
        print()
        for tool in self.senders:
            rows = [r for r in self.count_rows if r["tool"] == tool and r["ok"]]
            if len(rows) >= 2:
                low, high = min(rows, key=lambda r: r["n"]), max(rows, key=lambda r: r["n"])
                per_token = (high["peak_rss"] - low["peak_rss"]) * (1 << 20) / (high["n"] - low["n"])
                print(f"- {tool}: peak RSS {per_token:+,.0f} bytes per token from {low['n']:,} to {high['n']:,} tokens")
        if self.tls_rows:
            print()
            print("| sender | requests | client's TLS application-data records | per request | bytes per record | emulator's per request |")
            print("|---|---:|---:|---:|---:|---:|")
            for row in self.tls_rows:
                if not row["ok"]:
                    print(f"| {row['tool']} | FAILED | | | | |")
                    continue
                print(f"| {row['tool']} | {row['n']:,} | {row['records']:,} | {row['per_request']:.3f} | "
                      f"{row['bytes_per_record']:.0f} | {row['server_per_request']:.3f} |")
        print("=" * 78)
        if self.problems:
            print("\nFAILED:", file=sys.stderr)
            for problem in self.problems:
                print(f"  - {problem}", file=sys.stderr)
            return 1
        return 0


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    h2load = subprocess.run(["h2load", "--version"], capture_output=True, text=True).stdout.strip()
    try:
        from importlib.metadata import version
        aioapns = version("aioapns")
    except Exception:
        aioapns = "?"
    return (f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {os.cpu_count()} CPUs ({model}); {platform.system()} {platform.release()}; "
            f"herald at {commit}; {h2load}; aioapns {aioapns}; Python {platform.python_version()}")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "aioapns-send":
        with open(sys.argv[2]) as f:
            aioapns_send(json.load(f))
        return 0

    def numbers(text):
        return [int(x) for x in text.split(",") if x]

    def pairs(text):
        return [tuple(int(y) for y in x.split("x")) for x in text.split(",") if x]

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--herald", required=True, help="the herald binary (release); benchmark-apns.sh passes it")
    parser.add_argument("--work-dir", required=True, help="an empty directory for the key, tokens and CA; benchmark-apns.sh makes it")
    parser.add_argument("--count", type=int, default=20000, help="notifications per run (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration; the median counts (default 3)")
    parser.add_argument("--herald-concurrency", type=numbers, default=[100, 500, 1000], metavar="N,N",
                        help="herald send apns --concurrency values (default 100,500,1000)")
    parser.add_argument("--no-herald-json", dest="herald_json", action="store_false",
                        help="skip the extra run of Herald's best setting with --json")
    parser.add_argument("--herald-connections", type=numbers, default=[1, 2, 4], metavar="N,N",
                        help="herald send apns --connections values (default 1,2,4)")
    parser.add_argument("--aioapns-concurrency", type=numbers, default=[100, 500, 1000], metavar="N,N",
                        help="notifications in flight in aioapns (default 100,500,1000)")
    parser.add_argument("--h2load", type=pairs, default=[(1, 100), (1, 500), (4, 100)], metavar="CxM,CxM",
                        help="h2load clients x streams per client (default 1x100,1x500,4x100)")
    counts = parser.add_argument_group(
        "by token count", "With --counts, the script runs the by-token-count pass and the TLS-record pass instead of the "
        "configurations above: time and peak memory of each sender at each count, then TLS records per request.")
    counts.add_argument("--counts", type=numbers, metavar="N,N",
                        help="token counts, e.g. 1000,10000,100000,1000000")
    counts.add_argument("--counts-concurrency", type=int, default=100, metavar="C",
                        help="notifications in flight for Herald (--concurrency) and h2load (clients x streams) (default 100)")
    counts.add_argument("--counts-connections", type=int, default=2, metavar="K",
                        help="connections: Herald's --connections, aioapns's max_connections, h2load's clients (default 2)")
    counts.add_argument("--counts-aioapns-concurrency", type=int, default=1000, metavar="C",
                        help="aioapns workers (notifications in flight); aioapns opens a further connection only when "
                             "those open have all their streams (500 here) busy, so 1000 makes it use 2 (default 1000)")
    counts.add_argument("--tls-records", type=int, default=10000, metavar="N",
                        help="notifications per sender in the TLS-record pass; 0 skips it (default 10000)")
    args = parser.parse_args()
    print(machine())
    busy = cpu_busy_share()
    print(f"CPUs busy before starting: {busy:.0%} over 1 s"
          + ("  -- something else is running: expect lower, more spread figures" if busy > 0.15 else ""))
    if args.counts:
        args.count = args.tls_records or 1  # the tokens.txt that prepare() writes is the TLS pass's
        return TokenCountBench(args).run()
    return Bench(args).run()


def cpu_busy_share(seconds=1.0):
    """The share of all CPUs' time not idle over the next `seconds`, from /proc/stat."""
    def sample():
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        return sum(values), values[3] + values[4]  # idle + iowait
    total_before, idle_before = sample()
    time.sleep(seconds)
    total_after, idle_after = sample()
    return 1 - (idle_after - idle_before) / max(total_after - total_before, 1)


if __name__ == "__main__":
    sys.exit(main())
