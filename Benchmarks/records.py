#!/usr/bin/env python3
"""A data folder with a teacher's years of live games: 2,000 finished games (30 players and
10 questions each, the last 400 of class 9B), and how long `qrquiz serve` takes to start on
it (from its start to the teacher's address printed, when it answers) and to open class
9B's gradebook the first time, against qrquiz 0.5.0 on the same games in the same run.

  python3 Benchmarks/records.py [--games 2000] [--runs 5] [--qrquiz PATH] [--baseline PATH]

The games are made as 0.5.0 saved them (a results file each); this build takes the folder
over on its first start (timed apart: once), then starts on its records. Medians of --runs
starts, each on a fresh copy of the folder for 0.5.0 and on the taken-over records for this
build. Needs no package beyond Python's."""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline import baseline_qrquiz  # noqa: E402
from live import call, connect, free_port  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def results(number, rng, class_name):
    """A finished game's results as 0.5.0 wrote them."""
    created = time.gmtime(1_700_000_000 + number * 3600)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", created)
    questions = [{"index": index, "set": 1, "text": f"Question {index + 1}?", "answers": ["A", "B", "C", "D"],
                  "right": [0], "picks": [8, 8, 7, 7]} for index in range(10)]
    players = []
    for seat in range(30):
        name = f"Student {seat + 1}" if class_name else f"Player {number}-{seat}"
        right = rng.randrange(11)
        answers = [{"question": index, "picks": [0 if index < right else 1], "outcome":
                    "right" if index < right else "wrong", "points": 900 if index < right else 0, "by": "phone"}
                   for index in range(10)]
        players.append({"name": name, "score": right * 900, "correct": right, "wrong": 10 - right,
                        "unanswered": 0, "rank": seat + 1, "answers": answers})
    players.sort(key=lambda player: -player["score"])
    return {"pin": f"{number:06d}", "topic": "Capitals", "title": "Capitals", "scoring": "speed", "seconds": 20,
            "created": stamp, "class": class_name, "ended": stamp, "questions": questions, "players": players}


def make_folder(data, games):
    rng = random.Random(48)
    results_folder = os.path.join(data, "live", "results")
    os.makedirs(results_folder)
    for number in range(games):
        class_name = "9B" if number >= games - 400 else None
        stem = time.strftime("%Y-%m-%d-%H%M", time.gmtime(1_700_000_000 + number * 3600)) + f"-Capitals-{number:06d}"
        with open(os.path.join(results_folder, stem + ".json"), "w") as file:
            json.dump(results(number, rng, class_name), file)
    classes = os.path.join(data, "classes")
    os.makedirs(classes)
    with open(os.path.join(classes, "9B.json"), "w") as file:
        json.dump({"format": 1, "name": "9B", "nextCard": 31, "removed": [],
                   "students": [{"card": seat + 1, "name": f"Student {seat + 1}"} for seat in range(30)]}, file)


def start(qrquiz, library, environment):
    """Seconds from starting `qrquiz serve` to its teacher's address printed; the server,
    its port and token."""
    port = free_port()
    started = time.perf_counter()
    server = subprocess.Popen([qrquiz, "serve", library, "--port", str(port)], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    token = None
    while token is None:
        line = server.stdout.readline()
        if not line:
            server.kill()
            raise RuntimeError("qrquiz serve did not start")
        match = re.search(r"\?token=([0-9a-f]{32})", line)
        token = match.group(1) if match else None
    return time.perf_counter() - started, server, port, token


def measure(qrquiz, library, environment):
    """One start and one first gradebook of class 9B: their seconds."""
    seconds, server, port, token = start(qrquiz, library, environment)
    try:
        sent = time.perf_counter()
        status, _ = call(connect(port), "GET", "/api/classes/9B/gradebook.json",
                         headers={"Authorization": f"Bearer {token}"})
        assert status == 200, status
        return seconds, time.perf_counter() - sent
    finally:
        server.kill()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--qrquiz")
    parser.add_argument("--baseline")
    options = parser.parse_args()
    qrquiz = options.qrquiz or os.path.join(
        subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                       text=True).stdout.strip(), "qrquiz")
    old = options.baseline or baseline_qrquiz()
    work = tempfile.mkdtemp(prefix="qrquiz-records-bench-", dir=os.path.join(ROOT, ".build"))
    try:
        library = os.path.join(work, "library")
        os.makedirs(library)
        shutil.copy(os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "live", "Capitals.json"), library)
        pristine = os.path.join(work, "pristine", "qrquiz")
        make_folder(pristine, options.games)
        ours = os.path.join(work, "ours")
        shutil.copytree(pristine, os.path.join(ours, "qrquiz"))
        environment = dict(os.environ, XDG_DATA_HOME=ours, QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
        taken = measure(qrquiz, library, environment)
        print(f"first start of this build, taking {options.games:,} games over: {taken[0]:.2f} s", file=sys.stderr)
        mine, theirs = [], []
        for run in range(options.runs):
            mine.append(measure(qrquiz, library, environment))
            copy = os.path.join(work, f"old-{run}")
            shutil.copytree(pristine, os.path.join(copy, "qrquiz"))
            theirs.append(measure(old, library, dict(environment, XDG_DATA_HOME=copy)))
            shutil.rmtree(copy)
            print(f"run {run + 1}: {mine[-1]}, 0.5.0 {theirs[-1]}", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    start_ours, start_old = statistics.median(m[0] for m in mine), statistics.median(t[0] for t in theirs)
    book_ours, book_old = statistics.median(m[1] for m in mine), statistics.median(t[1] for t in theirs)
    print(f"{options.games:,} finished games (30 players, 10 questions each), medians of {options.runs} runs:\n")
    print("| | this build | qrquiz 0.5.0 | this ÷ 0.5.0 |")
    print("|---|---:|---:|---:|")
    print(f"| `serve` start-up to its address printed | {start_ours * 1000:.0f} ms | {start_old * 1000:.0f} ms | "
          f"{start_ours / start_old:.2f}× |")
    print(f"| class 9B's gradebook, first request | {book_ours * 1000:.0f} ms | {book_old * 1000:.0f} ms | "
          f"{book_ours / book_old:.2f}× |")
    print(f"\nthis build's first start, taking the {options.games:,} games over: {taken[0]:.2f} s")


if __name__ == "__main__":
    main()
