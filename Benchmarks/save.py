#!/usr/bin/env python3
"""Saving a big topic in the editor against validating the same bytes, in one run:
`PUT /api/topics/NAME` of a topic of 40,000 questions (about 2.8 MB) to `qrquiz serve
--allow-edit`, saved over itself, against `qrquiz validate` of the same file. A save
parses and validates the topic as `validate` does, then stamps its edit times, keeps the
old version and writes the new one: it should cost about what `validate` costs, not a
multiple of it (it was 22 s against 0.86 s: matching questions to the saved ones was
quadratic).

  python3 Benchmarks/save.py [--questions 40000] [--runs 5] [--qrquiz PATH]

Quotes the median of each over the runs and their ratio (save ÷ validate)."""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from topics import compact  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def put(port, token, body):
    """Seconds for one PUT of `body` over the topic, and its status."""
    head = (f"PUT /api/topics/Big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f"Authorization: Bearer {token}\r\nIf-Match: *\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=300) as connection:
        connection.sendall(head + body)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    seconds = time.perf_counter() - start
    return seconds, int(received.split(b" ", 2)[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--qrquiz", help="a qrquiz binary to measure (default: the release build, made now)")
    options = parser.parse_args()
    qrquiz = options.qrquiz
    if qrquiz is None:
        bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                                 text=True).stdout.strip()
        qrquiz = os.path.join(bin_dir, "qrquiz")
    work = tempfile.mkdtemp(prefix="qrquiz-save-bench-")
    library = os.path.join(work, "library")
    os.makedirs(library)
    # Short questions, as a spreadsheet's vocabulary list is: 40,000 of them fit the
    # editor's 4 MiB (make_topic's longer ones would not).
    questions = [{"question": f"Word {number}?", "answers": [f"Yes {number}", "No", "Maybe"],
                  "correctAnswers": [0]} for number in range(options.questions)]
    body = compact({"options": {"name": "Big"},
                    "sets": [questions[start:start + 8] for start in range(0, len(questions), 8)]}).encode()
    path = os.path.join(library, "Big.json")
    with open(path, "wb") as handle:
        handle.write(body)
    copy = os.path.join(work, "Big.json")
    with open(copy, "wb") as handle:
        handle.write(body)
    port = free_port()
    environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
                       QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
    server = subprocess.Popen([qrquiz, "serve", library, "--port", str(port), "--allow-edit"], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        token = None
        while token is None:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("qrquiz serve did not start")
            match = re.search(r"\?token=([0-9a-f]{32})", line)
            token = match.group(1) if match else None
        validates, saves = [], []
        # Interleaved, so both see the same load on the machine.
        for _ in range(options.runs):
            start = time.perf_counter()
            subprocess.run([qrquiz, "validate", copy], check=True, capture_output=True, env=environment)
            validates.append(time.perf_counter() - start)
            seconds, status = put(port, token, body)
            assert status == 200, status
            saves.append(seconds)
    finally:
        server.kill()
        server.wait()
    validate, save = statistics.median(validates), statistics.median(saves)
    print(f"{options.questions:,} questions, {len(body) / 1e6:.1f} MB, median of {options.runs}:")
    print("| what | seconds |")
    print("|---|---|")
    print(f"| qrquiz validate | {validate:.2f} |")
    print(f"| PUT /api/topics/Big (saved over itself) | {save:.2f} |")
    print(f"| save ÷ validate | {save / validate:.2f}× |")
    json.dump({"validate": validate, "save": save, "ratio": save / validate}, sys.stderr)


if __name__ == "__main__":
    main()
