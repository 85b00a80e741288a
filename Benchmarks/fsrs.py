#!/usr/bin/env python3
"""FSRS-6 replay speed: a log of a million reviews (20,000 cards, 50 reviews each,
interleaved in time order; early, on-time and late reviews, all four ratings) through
`qrquiz review replay` (static release build) and through py-fsrs 6, the reference
(Tests/QRQuizTestSupport/Fixtures/fsrs_replay.py: the same CSV in, the same CSV out), in
the same run, alternating; medians of several runs and their ratio. Before timing, the two
outputs are checked to be the same bytes.

  python3 Benchmarks/fsrs.py [--runs N] [--reviews N]"""
import hashlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import measured  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
REVIEWS = int(sys.argv[sys.argv.index("--reviews") + 1]) if "--reviews" in sys.argv else 1_000_000
PER_CARD = 50
REFERENCE = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "fsrs_replay.py")


def write_log(path, rng):
    """A log of REVIEWS reviews: each card's gaps from a minute to months (log-uniform),
    so that reviews fall before, on and after their dues; ratings as students give them."""
    start = datetime(2026, 1, 5, 8, tzinfo=timezone.utc)
    rows = []
    for card in range(REVIEWS // PER_CARD):
        time = start + timedelta(seconds=rng.randrange(86400 * 30))
        for _ in range(PER_CARD):
            rating = rng.choices("1234", weights=(10, 15, 65, 10))[0]
            rows.append((time, f"card-{card},{time.strftime('%Y-%m-%dT%H:%M:%SZ')},{rating}\r\n"))
            time += timedelta(seconds=int(60 * 10 ** rng.uniform(0, 5.2)))
    rows.sort(key=lambda row: row[0])
    with open(path, "w", newline="") as f:
        f.write("card,time,rating\r\n")
        f.writelines(line for _, line in rows)
    return len(rows)


def digest(command):
    output = subprocess.run(command, check=True, capture_output=True).stdout
    return hashlib.sha256(output).hexdigest(), output.count(b"\n")


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    ours = [os.path.join(bin_dir, "qrquiz"), "review", "replay"]
    reference = ["python3", REFERENCE]
    with tempfile.TemporaryDirectory() as work:
        log = os.path.join(work, "reviews.csv")
        count = write_log(log, random.Random(51))
        mine, theirs = digest(ours + [log]), digest(reference + [log])
        assert mine == theirs, f"the outputs differ: qrquiz {mine}, py-fsrs {theirs}"
        times = {"qrquiz": [], "py-fsrs": []}
        for _ in range(RUNS):
            for name, command in (("qrquiz", ours), ("py-fsrs", reference)):
                run = measured(command + [log])
                assert run["status"] == 0, f"{name} failed: {run['stderr']}"
                times[name].append(run["seconds"])
        ours_s, reference_s = statistics.median(times["qrquiz"]), statistics.median(times["py-fsrs"])
        print(f"{count:,} reviews ({os.path.getsize(log) / 1e6:.0f} MB), {RUNS} runs each, medians; "
              f"outputs identical ({mine[1] - 1:,} rows)\n")
        print("| replay | time | reviews/s |")
        print("|---|---|---|")
        for name, seconds in (("qrquiz review replay", ours_s), ("py-fsrs 6 (fsrs_replay.py)", reference_s)):
            print(f"| {name} | {seconds:.2f} s | {count / seconds:,.0f} |")
        print(f"\nqrquiz is {reference_s / ours_s:.1f}x faster than py-fsrs on the same log")


if __name__ == "__main__":
    main()
