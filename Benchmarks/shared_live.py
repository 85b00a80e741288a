#!/usr/bin/env python3
"""One live game served by two `qrquiz serve` processes on one PostgreSQL database, against
the same game served by one process on SQLite (the laptop), in one run.

  python3 Benchmarks/shared_live.py [--players 1000] [--questions 5] [--qrquiz PATH]

N players (each on one of 64 source addresses, each holding an event stream and a
keep-alive connection for its answers) join and answer; on PostgreSQL every other player
is on the second process, the host and the projector on the first. Every player answers at
a random moment within 2 s of each question opening. Reported, for both set-ups:
- answers acknowledged: the time from sending an answer to its 202 (stored, and durable:
  SQLite's WAL with synchronous=FULL, PostgreSQL with fsync and synchronous_commit on),
  p50 and p99, and the ratio of the p99s (PostgreSQL on two processes ÷ SQLite on one);
- projector news: the time from an answer's 202 to the projector (on the first process)
  counting it in its `answered` event, p50 and p99; on PostgreSQL half of them were given
  on the other process and reach the projector through NOTIFY.

The PostgreSQL cluster is the benchmark's own, made with initdb under .build (on the
disk) with its durability on, and removed at the end (as root, run as the `postgres`
user, as scripts/with-postgresql does). Needs Debian's `postgresql`; no Python package."""
import argparse
import os
import random
import re
import resource
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import json
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import (ADDRESSES, ROOT, Streams, call, connect, free_port, open_stream, percentile,  # noqa: E402
                  release_qrquiz, request_bytes, start_serve)
from topics import compact, make_topic  # noqa: E402


class Cluster:
    """A PostgreSQL cluster of the benchmark's own, durable, on a Unix socket in `folder`."""

    def __init__(self, folder):
        self.folder = folder
        self.bin = sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: [int(p) for p in v.split(".")])[-1]
        self.bin = f"/usr/lib/postgresql/{self.bin}/bin"
        self.owner = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        if self.owner:
            shutil.chown(folder, "postgres")
        subprocess.run([*self.owner, f"{self.bin}/initdb", "-D", f"{folder}/data", "-U", "postgres", "-A", "trust",
                        "-E", "UTF8", "--locale=C.UTF-8"], check=True, capture_output=True)
        options = f"-k {folder} -p 5432 -c listen_addresses='' -c max_connections=100"
        subprocess.run([*self.owner, f"{self.bin}/pg_ctl", "-D", f"{folder}/data", "-l", f"{folder}/log", "-w",
                        "-o", options, "start"], check=True, capture_output=True)
        self.url = f"postgresql://postgres@/postgres?host={folder}&port=5432"

    def stop(self):
        subprocess.run([*self.owner, f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-m", "immediate", "-w",
                        "stop"], capture_output=True)


def play(servers, players, questions, rng):
    """One game on `servers` [(port, token)], the first hosting it; the answers' 202 times
    and the projector's news times (seconds)."""
    (host_port, token) = servers[0]
    host = connect(host_port)
    status, made = call(host, "POST", "/api/live", {"topic": "Live", "seconds": 30, "max_players": 10000},
                        {"Authorization": f"Bearer {token}"})
    assert status == 201, made
    pin, host_secret = made["pin"], made["host"]

    def join(number):
        port = servers[number % len(servers)][0]
        source = ADDRESSES[number % len(ADDRESSES)]
        connection = connect(port, source)
        status, body = call(connection, "POST", f"/api/live/{pin}/players", {"name": f"Player {number}"})
        assert status == 201, body
        return port, source, connection, body["secret"]
    with ThreadPoolExecutor(16) as pool:
        joined = list(pool.map(join, range(players)))
    streams = Streams([open_stream(port, f"/api/live/{pin}/events?secret={secret}", source)
                       for port, source, _, secret in joined])
    projector = open_stream(host_port, f"/api/live/{pin}/events?secret={host_secret}", "127.0.0.1")
    answerers = [connection for _, _, connection, _ in joined]
    for connection in answerers:
        connection.setblocking(False)
    answer_poll = select.epoll()
    by_descriptor = {connection.fileno(): position for position, connection in enumerate(answerers)}
    for connection in answerers:
        answer_poll.register(connection.fileno(), select.EPOLLIN)
    streams.drain(0.5)
    acknowledgements, news = [], []
    projected = b""

    def read_projector():
        """The projector's `answered` counts so far this question, each with when it came."""
        nonlocal projected
        try:
            while True:
                data = projector.recv(262144)
                if not data:
                    raise ConnectionError("the projector's stream closed")
                projected += data
        except BlockingIOError:
            pass
        now = time.perf_counter()
        counts = [int(value) for value in re.findall(rb'event: answered\r?\n(?:[^\n]*\n)*?data: \{[^\n]*"answered":(\d+)',
                                                      projected)]
        return counts, now

    for index in range(questions):
        projected = b""
        status, _ = call(host, "POST", f"/api/live/{pin}/next", {"secret": host_secret})
        assert status == 200
        started = time.perf_counter()
        streams.wait_for(b"event: question", started)
        schedule = sorted((started + rng.uniform(0, 2), position) for position in range(players))
        sent = [None] * players
        acked_at = []
        shown_at = {}
        pending = players
        buffers = [b""] * players
        next_send = 0
        while pending > 0 or len(shown_at) < players:
            now = time.perf_counter()
            if now - started > 120:
                raise TimeoutError(f"question {index}: {pending} answers pending, {len(shown_at)} shown")
            while next_send < players and schedule[next_send][0] <= now:
                position = schedule[next_send][1]
                body = json.dumps({"secret": joined[position][3], "question": index,
                                   "answers": [rng.randrange(4)]}).encode()
                answerers[position].send(request_bytes("POST", f"/api/live/{pin}/answers", body))
                sent[position] = time.perf_counter()
                next_send += 1
            wait = max(0, min(0.005, schedule[next_send][0] - time.perf_counter())) if next_send < players else 0.005
            for descriptor, _ in answer_poll.poll(wait):
                position = by_descriptor[descriptor]
                buffers[position] += answerers[position].recv(65536)
                head, separator, body = buffers[position].partition(b"\r\n\r\n")
                if separator:
                    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
                    if len(body) >= length:
                        assert head.startswith(b"HTTP/1.1 202"), head
                        done = time.perf_counter()
                        acknowledgements.append(done - sent[position])
                        acked_at.append(done)
                        buffers[position] = b""
                        pending -= 1
            streams.drain(0)
            # The k-th answer acknowledged is news once the projector counts k (the last
            # closes the question: its news is the `closed` event).
            counts, now = read_projector()
            highest = max(counts, default=0)
            if b"event: closed" in projected:
                highest = players
            for rank in range(len(shown_at) + 1, min(highest, len(acked_at)) + 1):
                shown_at[rank] = now
        news += [max(0.0, shown_at[rank] - acked_at[rank - 1]) for rank in range(1, players + 1)]
    for connection in streams.connections + answerers + [host, projector]:
        connection.close()
    return acknowledgements, news


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--qrquiz", help="the build to measure (default: scripts/build-release's)")
    options = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    qrquiz = release_qrquiz(options.qrquiz)
    work = tempfile.mkdtemp(prefix="qrquiz-shared-", dir=os.path.join(ROOT, ".build"))
    os.chmod(work, 0o755)
    library = os.path.join(work, "library")
    os.makedirs(library)
    with open(os.path.join(library, "Live.json"), "w") as handle:
        handle.write(compact(make_topic(random.Random(5), options.questions, name="Live")))
    results = {}
    cluster = None
    processes = []
    try:
        # One process on SQLite.
        environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "sqlite"),
                           QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
        server, port, token = start_serve(qrquiz, library, environment, ["--idle-timeout", "120"])
        processes.append(server)
        results["SQLite, one process"] = play([(port, token)], options.players, options.questions, random.Random(22))
        server.kill()
        # Two processes on PostgreSQL.
        folder = os.path.join(work, "pg")
        os.makedirs(folder)
        cluster = Cluster(folder)
        servers = []
        for name in ("a", "b"):
            environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, name),
                               QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
            server, port, token = start_serve(qrquiz, library, environment,
                                              ["--idle-timeout", "120", "--database", cluster.url])
            processes.append(server)
            servers.append((port, token))
        results["PostgreSQL, two processes"] = play(servers, options.players, options.questions, random.Random(22))
    finally:
        for process in processes:
            process.kill()
            process.wait()
        if cluster:
            cluster.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{options.players:,} players, {options.questions} questions, every player answering within 2 s of "
          f"each opening; {len(ADDRESSES)} source addresses\n")
    print("| set-up | answer 202 ms, p50 / p99 | projector news ms, p50 / p99 |")
    print("|---|---|---|")
    for name, (acks, news) in results.items():
        print(f"| {name} | {statistics.median(acks) * 1e3:.1f} / {percentile(acks, 0.99) * 1e3:.1f} | "
              f"{statistics.median(news) * 1e3:.0f} / {percentile(news, 0.99) * 1e3:.0f} |")
    sqlite, shared = results["SQLite, one process"], results["PostgreSQL, two processes"]
    print(f"\nanswers acknowledged, p99 of PostgreSQL on two processes ÷ SQLite on one: "
          f"{percentile(shared[0], 0.99) / percentile(sqlite[0], 0.99):.2f}×")


if __name__ == "__main__":
    main()
