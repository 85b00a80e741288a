#!/usr/bin/env python3
"""Homework under load: 1,000 students doing an assignment of 10 questions within 10
minutes, against `qrquiz serve` (every move on disk before its answer),
each student from one of 64 source addresses (127.0.0.2 … 127.0.0.65: a school's Wi-Fi).

  python3 Benchmarks/assignments.py [--students 1000] [--minutes 10] [--questions 10]
                                    [--qrquiz PATH] [--baseline [PATH]]

Each student starts at a random moment of the window, joins, then reads the next question
and answers it, with 1-4 s of thought between answers (the window's last starters finish
after it). It reports the time from sending a join or an answer to its acknowledgement
(stored and on disk first), p50 and p99, the server's peak RSS, and its CPU-seconds
per thousand answers. The load generator shares the machine's two cores with the server.
By default the server is scripts/build-release's; --qrquiz uses another build. --baseline
runs the same students, in the same run, against qrquiz 0.5.0 (built from its commit by
Benchmarks/baseline.py, or the binary at PATH) and prints the ratios of the p99s.
Needs no package beyond Python's."""
import argparse
import heapq
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline import baseline_qrquiz  # noqa: E402
from live import ADDRESSES, call, connect, cpu_seconds, free_port, peak_rss_mb, percentile  # noqa: E402
from topics import compact, make_topic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--qrquiz")
    parser.add_argument("--baseline", nargs="?", const="", default=None,
                        help="also run qrquiz 0.5.0 (this binary, or built from its commit)")
    options = parser.parse_args()
    qrquiz = options.qrquiz
    if qrquiz is None:
        bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                                 text=True).stdout.strip()
        qrquiz = os.path.join(bin_dir, "qrquiz")
    ours = run(qrquiz, options)
    if options.baseline is not None:
        old = run(options.baseline or baseline_qrquiz(), options)
        print("qrquiz 0.5.0, same students:")
        for name, ratio in (("join", 0), ("answer", 1)):
            mine, theirs = (ours[0], old[0]) if ratio == 0 else (ours[1], old[1])
            print(f"  {name} acknowledged p99: this build {percentile(mine, 0.99) * 1000:.1f} ms, "
                  f"0.5.0 {percentile(theirs, 0.99) * 1000:.1f} ms: "
                  f"{percentile(mine, 0.99) / percentile(theirs, 0.99):.2f}×")


def run(qrquiz, options):
    """One run of the students against `qrquiz`: their join and answer acknowledgement times."""
    # On the disk, not in memory: the journal's fsync is part of every answer's time.
    work = tempfile.mkdtemp(prefix="qrquiz-assignments-bench-", dir=os.path.join(ROOT, ".build"))
    library = os.path.join(work, "library")
    os.makedirs(library)
    with open(os.path.join(library, "Homework.json"), "w") as handle:
        handle.write(compact(make_topic(random.Random(7), options.questions, name="Homework")))
    port = free_port()
    environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
                       QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
    server = subprocess.Popen([qrquiz, "serve", library, "--port", str(port), "--idle-timeout", "120"],
                              env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        token = None
        while token is None:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("qrquiz serve did not start")
            match = re.search(r"\?token=([0-9a-f]{32})", line)
            token = match.group(1) if match else None
        due = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + options.minutes * 60 + 600))
        status, made = call(connect(port), "POST", "/api/assignments",
                            {"topic": "Homework", "due": due, "max_students": 10000},
                            {"Authorization": f"Bearer {token}"})
        assert status == 201, made
        code = made["code"]
        rng = random.Random(34)
        window = options.minutes * 60
        joins, answers, failures = [], [], []
        lock = threading.Lock()
        start = time.monotonic()
        cpu_before = cpu_seconds(server.pid)

        def student(number):
            time.sleep(max(0, start + rng.random() * window - time.monotonic()))
            connection = connect(port, ADDRESSES[number % len(ADDRESSES)])
            sent = time.perf_counter()
            status, body = call(connection, "POST", f"/api/assignments/{code}/students",
                                {"name": f"Student {number}"})
            with lock:
                joins.append(time.perf_counter() - sent)
            if status != 201:
                failures.append(("join", status, body))
                return
            secret = body["secret"]
            local = random.Random(number)
            while True:
                status, question = call(connection, "GET", f"/api/assignments/{code}/next?secret={secret}")
                if status != 200 or question["done"]:
                    break
                time.sleep(local.uniform(1, 4))
                sent = time.perf_counter()
                status, body = call(connection, "POST", f"/api/assignments/{code}/answers",
                                    {"secret": secret, "index": question["index"],
                                     "answers": [local.randrange(len(question["answers"]))]})
                with lock:
                    answers.append(time.perf_counter() - sent)
                if status != 200:
                    failures.append(("answer", status, body))
                    break
            connection.close()

        # A thread per student sleeps until their start: 1,000 threads, mostly asleep.
        with ThreadPoolExecutor(max_workers=options.students) as pool:
            list(pool.map(student, range(options.students)))
        elapsed = time.monotonic() - start
        cpu = cpu_seconds(server.pid) - cpu_before
        rss = peak_rss_mb(server.pid)
    finally:
        server.kill()
        server.wait()
    print(f"{options.students} students, {options.questions} questions, a {options.minutes:g}-minute window "
          f"(all done after {elapsed:.0f} s), {len(failures)} failures {failures[:3]}")
    print(f"join acknowledged:   p50 {percentile(joins, 0.5) * 1000:.1f} ms, p99 {percentile(joins, 0.99) * 1000:.1f} ms")
    print(f"answer acknowledged: p50 {percentile(answers, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(answers, 0.99) * 1000:.1f} ms ({len(answers)} answers, each on disk first)")
    print(f"qrquiz serve: peak RSS {rss:.1f} MB, {cpu / max(1, len(answers)) * 1000:.2f} CPU-s per 1,000 answers")
    return joins, answers


if __name__ == "__main__":
    main()
