#!/usr/bin/env python3
"""How soon the projector shows a join and an answer: `qrquiz serve`'s host stream, and
players joining and answering one at a time, spaced out as a class's are (each a moment
after the previous one showed). For each it times the span from the move's answer (201
for a join, 202 for an answer) to the host's event that shows it (`lobby` with the name,
`answered` with the new count); news is batched at most 4 times a second, so every
figure should be under 0.25 s plus the time to send it.

  python3 Benchmarks/projector.py [--players 40] [--qrquiz PATH]

Quotes median and p99 of each (it was 1–5 s: nothing woke the server's ticker, which
slept until its next keep-alive)."""
import argparse
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import call, connect, open_stream, percentile, release_qrquiz, start_serve  # noqa: E402


def wait_for(stream, pattern, started, deadline=30):
    """Seconds from `started` until `pattern` shows on `stream` (what came before dropped)."""
    data = b""
    while time.perf_counter() - started < deadline:
        try:
            chunk = stream.recv(1 << 20)
        except BlockingIOError:
            time.sleep(0.0005)
            continue
        if not chunk:
            raise ConnectionError("the host's stream closed")
        data += chunk
        if re.search(pattern, data):
            return time.perf_counter() - started
    raise TimeoutError(f"{pattern!r} never showed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--qrquiz", help="a qrquiz binary to measure (default: the release build, made now)")
    options = parser.parse_args()
    qrquiz = release_qrquiz(options.qrquiz)
    work = tempfile.mkdtemp(prefix="qrquiz-projector-bench-")
    library = os.path.join(work, "library")
    os.makedirs(library)
    with open(os.path.join(library, "Live.json"), "w") as handle:
        handle.write('{"options":{"name":"Live"},"sets":[[{"question":"2 + 2?","answers":["3","4"],'
                     '"correctAnswers":[1]}]]}')
    environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
                       QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
    server, port, token = start_serve(qrquiz, library, environment)
    try:
        teacher = connect(port)
        status, made = call(teacher, "POST", "/api/live", {"topic": "Live", "seconds": 600, "max_players": 1000},
                            {"Authorization": f"Bearer {token}"})
        assert status == 201, made
        pin, host = made["pin"], made["host"]
        projector = open_stream(port, f"/api/live/{pin}/events?secret={host}", "127.0.0.1")
        joins, secrets = [], []
        for number in range(options.players):
            connection = connect(port, f"127.0.0.{2 + number % 60}")
            status, body = call(connection, "POST", f"/api/live/{pin}/players", {"name": f"Player {number}"})
            started = time.perf_counter()
            assert status == 201, body
            secrets.append((connection, body["secret"]))
            joins.append(wait_for(projector, rf'"names":\[[^\]]*"Player {number}"'.encode(), started))
        status, _ = call(teacher, "POST", f"/api/live/{pin}/next", {"secret": host})
        assert status == 200
        answers = []
        for count, (connection, secret) in enumerate(secrets[:-1], start=1):
            status, body = call(connection, "POST", f"/api/live/{pin}/answers",
                                {"secret": secret, "question": 0, "answers": [1]})
            started = time.perf_counter()
            assert status == 202, body
            answers.append(wait_for(projector, rf'event: answered\ndata: {{[^}}]*"answered":{count},'.encode(),
                                    started))
    finally:
        server.kill()
        server.wait()
    print(f"{options.players} players, one at a time; seconds from the move's answer to the projector's event:")
    print("| what | median | p99 |")
    print("|---|---|---|")
    for name, values in (("a join (its name)", joins), ("an answer (the count)", answers)):
        print(f"| {name} | {percentile(values, 0.5):.3f} | {percentile(values, 0.99):.3f} |")


if __name__ == "__main__":
    main()
