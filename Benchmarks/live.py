#!/usr/bin/env python3
"""A live game under load: N simulated players on loopback, each on one of 64 source
addresses (127.0.0.2 … 127.0.0.65: a school's Wi-Fi, not one address), each holding an
event stream and a keep-alive connection for its answers, against `qrquiz serve` (release
build, journal on disk), and in the same run against a plain C libmicrohttpd program that
fans the same event bytes out to the same number of streams (Benchmarks/c/sse_fanout.c).

  python3 Benchmarks/live.py [--players 200,1000,2000] [--questions 10] [--qrquiz PATH] [--baseline [PATH]]

--baseline runs the same games, in the same run, against qrquiz 0.5.0 (built from its
commit by Benchmarks/baseline.py, or the binary at PATH) and prints the ratio of the
acknowledged answers' p99 and of the fan-out's median (this build ÷ 0.5.0).

For each N it reports, over the questions:
- fan-out: the time from the host's `next` to the last player receiving the question,
  median and p99 (qrquiz and plain C, and their ratio);
- answers: every player answers at a random moment within 2 s of the question opening;
  the time from sending the answer to its 202 (journaled and fsynced first), p50 and p99;
- qrquiz serve's peak RSS, and its CPU-seconds per question (user + system).
The load generator shares the machine's two cores with the server: its own time to read
N sockets is in every figure, for both servers alike. Needs no package beyond Python's."""
import argparse
import json
import os
import random
import re
import resource
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline import baseline_qrquiz  # noqa: E402
from topics import compact, make_topic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADDRESSES = [f"127.0.0.{2 + index}" for index in range(64)]


def free_port():
    """A free port below the ephemeral range (32768 and up here), so that none of the
    thousands of client sockets of a run can hold it when a server wants it."""
    while True:
        port = random.randint(20000, 30000)
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
                return port
            except OSError:
                continue


def connect(port, source="127.0.0.1"):
    connection = socket.socket()
    connection.bind((source, 0))
    connection.connect(("127.0.0.1", port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def request_bytes(method, path, body=b"", headers=None):
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def read_response(connection):
    """Status and body of one response on a blocking keep-alive connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
    while len(body) < length:
        body += connection.recv(65536)
    return int(head.split(b" ")[1]), body


def call(connection, method, path, payload=None, headers=None):
    body = json.dumps(payload).encode() if payload is not None else b""
    connection.sendall(request_bytes(method, path, body, headers))
    status, body = read_response(connection)
    return status, (json.loads(body) if body.strip() else None)


def open_stream(port, path, source):
    """A connection that has sent GET `path` and read the response's head."""
    connection = connect(port, source)
    connection.sendall(request_bytes("GET", path))
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            raise ConnectionError(f"stream refused: {data[:200]!r}")
        data += chunk
    if not data.startswith(b"HTTP/1.1 200"):
        raise ConnectionError(f"stream refused: {data[:200]!r}")
    connection.setblocking(False)
    return connection


def start_serve(qrquiz, library, environment, extra=()):
    """`qrquiz serve LIBRARY` on a free port: the process, its port and the teacher's token
    it printed."""
    port = free_port()
    server = subprocess.Popen([qrquiz, "serve", library, "--port", str(port), *extra], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    token = None
    while token is None:
        line = server.stdout.readline()
        if not line:
            server.kill()
            raise RuntimeError("qrquiz serve did not start")
        match = re.search(r"\?token=([0-9a-f]{32})", line)
        token = match.group(1) if match else None
    return server, port, token


def release_qrquiz(given):
    """The qrquiz binary a benchmark measures: `given`, else the release build, made now."""
    if given:
        return given
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bin_dir = subprocess.run([os.path.join(root, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    return os.path.join(bin_dir, "qrquiz")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Streams:
    """N event streams read through one epoll: which have received a marker since when."""

    def __init__(self, connections):
        self.connections = connections
        self.poll = select.epoll()
        self.index = {connection.fileno(): position for position, connection in enumerate(connections)}
        self.tails = [b""] * len(connections)
        for connection in connections:
            self.poll.register(connection.fileno(), select.EPOLLIN)

    def drain(self, timeout, on_event=None):
        """Reads what has come within `timeout` seconds; calls on_event(position, bytes)."""
        for descriptor, _ in self.poll.poll(timeout):
            position = self.index[descriptor]
            try:
                data = self.connections[position].recv(262144)
            except BlockingIOError:
                continue
            if not data:
                raise ConnectionError(f"stream {position} closed")
            if on_event:
                # A marker may straddle two reads.
                on_event(position, self.tails[position] + data)
                self.tails[position] = data[-64:]

    def wait_for(self, marker, started, deadline=30, received=None):
        """Seconds from `started` until each stream receives `marker` (`received`: those
        already seen)."""
        received = received or [None] * len(self.connections)
        left = sum(1 for value in received if value is None)

        def seen(position, data):
            nonlocal left
            if received[position] is None and marker in data:
                received[position] = time.perf_counter() - started
                left -= 1
        while left > 0:
            if time.perf_counter() - started > deadline:
                raise TimeoutError(f"{left} of {len(received)} streams never received {marker!r}")
            self.drain(0.05, seen)
        return received


def run_qrquiz(qrquiz, work, players, questions, rng):
    library = os.path.join(work, "library")
    os.makedirs(library, exist_ok=True)
    with open(os.path.join(library, "Live.json"), "w") as handle:
        handle.write(compact(make_topic(random.Random(5), questions, name="Live")))
    data = os.path.join(work, f"data-{players}")
    environment = dict(os.environ, XDG_DATA_HOME=data, QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
    server, port, token = start_serve(qrquiz, library, environment, ["--idle-timeout", "120"])
    try:
        host = connect(port)
        status, made = call(host, "POST", "/api/live", {"topic": "Live", "seconds": 30, "max_players": 10000},
                            {"Authorization": f"Bearer {token}"})
        assert status == 201, made
        pin, host_secret = made["pin"], made["host"]

        # Players join from their own addresses, several at once (as a class does).
        def join(number):
            source = ADDRESSES[number % len(ADDRESSES)]
            connection = connect(port, source)
            status, body = call(connection, "POST", f"/api/live/{pin}/players", {"name": f"Player {number}"})
            assert status == 201, body
            return source, connection, body["secret"]
        with ThreadPoolExecutor(16) as pool:
            joined = list(pool.map(join, range(players)))
        streams = Streams([open_stream(port, f"/api/live/{pin}/events?secret={secret}", source)
                           for source, _, secret in joined])
        answerers = [connection for _, connection, _ in joined]
        for connection in answerers:
            connection.setblocking(False)
        answer_poll = select.epoll()
        by_descriptor = {connection.fileno(): position for position, connection in enumerate(answerers)}
        for connection in answerers:
            answer_poll.register(connection.fileno(), select.EPOLLIN)
        streams.drain(0.5)
        question_event = None
        fanouts, acknowledgements = [], []
        cpu_before = cpu_seconds(server.pid)
        for index in range(questions):
            started = time.perf_counter()
            status, _ = call(host, "POST", f"/api/live/{pin}/next", {"secret": host_secret})
            assert status == 200
            marker = b"event: question"
            if question_event is None:
                # The bytes of one player's question event, for the C reference to send.
                captured = []

                def capture(position, data):
                    if position == 0 and marker in data:
                        captured.append(data)
                received = [None] * players
                left = players

                def seen(position, data):
                    nonlocal left
                    capture(position, data)
                    if received[position] is None and marker in data:
                        received[position] = time.perf_counter() - started
                        left -= 1
                while left > 0:
                    streams.drain(0.05, seen)
                block = captured[0][captured[0].index(b"id: "):]
                question_event = block[:block.index(b"\n\n") + 2]
            else:
                received = streams.wait_for(marker, started)
            fanouts.append(max(received))
            # Every player answers within 2 s of the opening.
            schedule = sorted((started + rng.uniform(0, 2), position) for position in range(players))
            sent = [None] * players
            pending = players
            buffers = [b""] * players
            next_send = 0
            closed = [None] * players

            def closing(position, data):
                if closed[position] is None and b"event: closed" in data:
                    closed[position] = 0
            while pending > 0:
                now = time.perf_counter()
                while next_send < players and schedule[next_send][0] <= now:
                    position = schedule[next_send][1]
                    body = json.dumps({"secret": joined[position][2], "question": index,
                                       "answers": [rng.randrange(4)]}).encode()
                    answerers[position].send(request_bytes("POST", f"/api/live/{pin}/answers", body))
                    sent[position] = time.perf_counter()
                    next_send += 1
                wait = max(0, min(0.01, schedule[next_send][0] - time.perf_counter())) if next_send < players else 0.01
                for descriptor, _ in answer_poll.poll(wait):
                    position = by_descriptor[descriptor]
                    buffers[position] += answerers[position].recv(65536)
                    head, separator, body = buffers[position].partition(b"\r\n\r\n")
                    if separator:
                        length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
                        if len(body) >= length:
                            assert head.startswith(b"HTTP/1.1 202"), head
                            acknowledgements.append(time.perf_counter() - sent[position])
                            buffers[position] = b""
                            pending -= 1
                streams.drain(0, closing)
            # The last answer closed the question: everyone gets their points.
            streams.wait_for(b"event: closed", time.perf_counter(), received=closed)
        cpu = (cpu_seconds(server.pid) - cpu_before) / questions
        rss = peak_rss_mb(server.pid)
        for connection in streams.connections + answerers + [host]:
            connection.close()
        return {"fanout": fanouts, "acks": acknowledgements, "cpu": cpu, "rss": rss, "event": question_event}
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def run_plain_c(binary, work, players, questions, event):
    path = os.path.join(work, "event.txt")
    with open(path, "wb") as handle:
        handle.write(event)
    port = free_port()
    server = subprocess.Popen([binary, str(port), path], stdout=subprocess.PIPE)
    try:
        server.stdout.readline()
        streams = Streams([open_stream(port, "/events", ADDRESSES[number % len(ADDRESSES)]) for number in range(players)])
        host = connect(port)
        fanouts = []
        for _ in range(questions):
            started = time.perf_counter()
            host.sendall(request_bytes("POST", "/next"))
            read_response(host)
            fanouts.append(max(streams.wait_for(b"event: question", started)))
            # A pause as long as a question takes to answer, as in the game.
            time.sleep(0.5)
        for connection in streams.connections + [host]:
            connection.close()
        return fanouts
    finally:
        server.kill()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", default="200,1000,2000")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--qrquiz", help="the build to measure (default: scripts/build-release's)")
    parser.add_argument("--baseline", nargs="?", const="", default=None,
                        help="also run qrquiz 0.5.0 (this binary, or built from its commit)")
    options = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    qrquiz = release_qrquiz(options.qrquiz)
    # On the disk, not in memory: the journal's fsync is part of every answer's time.
    work = tempfile.mkdtemp(prefix="qrquiz-live-bench-", dir=os.path.join(ROOT, ".build"))
    plain = os.path.join(work, "sse_fanout")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libmicrohttpd"], capture_output=True, text=True,
                           check=True).stdout.split()
    subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks", "c", "sse_fanout.c"), "-o", plain, *flags,
                    "-lpthread"], check=True)
    baseline = None if options.baseline is None else (options.baseline or baseline_qrquiz())
    rng = random.Random(22)
    rows = []
    compared = []
    for players in [int(value) for value in options.players.split(",")]:
        ours = run_qrquiz(qrquiz, work, players, options.questions, rng)
        if baseline:
            old = run_qrquiz(baseline, work, players, options.questions, random.Random(22))
            ours_p99, old_p99 = percentile(ours["acks"], 0.99), percentile(old["acks"], 0.99)
            compared.append(
                f"| {players:,} | {statistics.median(ours['acks']) * 1e3:.1f} / {ours_p99 * 1e3:.1f} | "
                f"{statistics.median(old['acks']) * 1e3:.1f} / {old_p99 * 1e3:.1f} | {ours_p99 / old_p99:.2f}× | "
                f"{statistics.median(ours['fanout']) / statistics.median(old['fanout']):.2f}× |")
            print(compared[-1], file=sys.stderr)
        theirs = run_plain_c(plain, work, players, options.questions, ours["event"])
        fan_median, fan_p99 = statistics.median(ours["fanout"]) * 1e3, percentile(ours["fanout"], 0.99) * 1e3
        c_median, c_p99 = statistics.median(theirs) * 1e3, percentile(theirs, 0.99) * 1e3
        rows.append(
            f"| {players:,} | {fan_median:.0f} / {fan_p99:.0f} | {c_median:.0f} / {c_p99:.0f} | "
            f"{fan_median / c_median:.2f}× | {statistics.median(ours['acks']) * 1e3:.1f} / "
            f"{percentile(ours['acks'], 0.99) * 1e3:.1f} | {ours['rss']:.0f} | {ours['cpu']:.2f} |")
        print(rows[-1], file=sys.stderr)
    print(f"{options.questions} questions per game; every player answers within 2 s of each question opening; "
          f"{len(ADDRESSES)} source addresses\n")
    print("| players | fan-out ms, median / p99 | plain C fan-out ms | qrquiz ÷ C (median) | "
          "answer 202 ms, p50 / p99 | peak RSS MB | CPU s per question |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    if compared:
        print("\nAgainst qrquiz 0.5.0 in the same run (its moves journaled in a file per game):\n")
        print("| players | answer 202 ms, p50 / p99 | 0.5.0: p50 / p99 | p99 ÷ 0.5.0 | fan-out median ÷ 0.5.0 |")
        print("|---|---|---|---|---|")
        print("\n".join(compared))


if __name__ == "__main__":
    main()
