#!/usr/bin/env python3
"""Saving a big topic in the editor against validating the same bytes, in one run:
`PUT /api/topics/NAME` of a topic of 40,000 questions (about 2.8 MB) to `qrquiz serve
--allow-edit`, saved over itself, against `qrquiz validate` of the same file. A save
parses and validates the topic as `validate` does, then stamps its edit times, keeps the
old version and writes the new one: it should cost about what `validate` costs, not a
multiple of it (it was 22 s against 0.86 s: matching questions to the saved ones was
quadratic; then 3.7×: the topic was read and validated four times). Each run also saves
the topic with one question edited, as the editor does: `If-Match` with the ETag of the
version read, and a topic the server must serve anew.

  python3 Benchmarks/save.py [--questions 40000] [--runs 5] [--qrquiz PATH]

Quotes the median of each over the runs and their ratios to validate."""
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


def put(port, token, body, tag="*"):
    """Seconds for one PUT of `body` over the topic (`If-Match: tag`), and its status."""
    head = (f"PUT /api/topics/Big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f"Authorization: Bearer {token}\r\nIf-Match: {tag}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=300) as connection:
        connection.sendall(head + body)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    seconds = time.perf_counter() - start
    return seconds, int(received.split(b" ", 2)[1])


def get(port):
    """The topic's JSON as the editor reads it, and its ETag."""
    head = b"GET /api/topics/Big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=300) as connection:
        connection.sendall(head)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    headers, body = received.split(b"\r\n\r\n", 1)
    assert headers.startswith(b"HTTP/1.1 200"), headers
    return body, re.search(rb"\r\nETag: ([^\r]*)", headers, re.IGNORECASE).group(1).decode()


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
        validates, saves, edits = [], [], []
        # Interleaved, so all see the same load on the machine.
        for run in range(options.runs):
            start = time.perf_counter()
            subprocess.run([qrquiz, "validate", copy], check=True, capture_output=True, env=environment)
            validates.append(time.perf_counter() - start)
            # As the editor saves: what it read, one question changed, with that version's ETag.
            saved, tag = get(port)
            topic = json.loads(saved)
            topic["sets"][run // 8][run % 8]["question"] = f"Word {run}, edited?"
            seconds, status = put(port, token, compact(topic).encode(), tag)
            assert status == 200, status
            edits.append(seconds)
            # The topic as saved, over itself: nothing changes.
            saved, _ = get(port)
            seconds, status = put(port, token, saved)
            assert status == 200, status
            saves.append(seconds)
    finally:
        server.kill()
        server.wait()
    validate, save, edit = (statistics.median(times) for times in (validates, saves, edits))
    print(f"{options.questions:,} questions, {len(body) / 1e6:.1f} MB, median of {options.runs}:")
    print("| what | seconds | ÷ validate |")
    print("|---|---|---|")
    print(f"| qrquiz validate | {validate:.2f} | 1 |")
    print(f"| PUT /api/topics/Big, saved over itself (If-Match: *) | {save:.2f} | {save / validate:.2f}× |")
    print(f"| PUT /api/topics/Big, one question edited (If-Match: its ETag) | {edit:.2f} | {edit / validate:.2f}× |")
    json.dump({"validate": validate, "save": save, "ratio": save / validate, "edit": edit,
               "edit_ratio": edit / validate}, sys.stderr)


if __name__ == "__main__":
    main()
