#!/usr/bin/env python3
"""Import throughput: a 10,000-question GIFT file and a 10,000-row CSV through
`qrquiz import` (static release build), questions per second and peak memory (wait4's
maximum RSS), medians of several runs.

  python3 Benchmarks/import.py [--runs N]"""
import os
import random
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import measured  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
COUNT = 10_000


def words(rng, count):
    return " ".join("".join(rng.choice("aeioubcdfgklmnprstv") for _ in range(rng.randint(3, 8))) for _ in range(count))


def gift(path, rng):
    with open(path, "w") as f:
        for set_number in range(10):
            f.write(f"$CATEGORY: Category {set_number}\n\n")
            for index in range(COUNT // 10):
                answers = [words(rng, 2) + f" {i}" for i in range(4)]
                right = rng.randrange(4)
                block = " ".join(("=" if i == right else "~") + a for i, a in enumerate(answers))
                f.write(f"::Q{set_number}.{index}:: {words(rng, 10)}? {{{block}}}\n\n")


def csv(path, rng):
    with open(path, "w") as f:
        f.write("question,answer 1,answer 2,answer 3,answer 4,correct,set\n")
        for index in range(COUNT):
            answers = [words(rng, 2) + f" {i}" for i in range(4)]
            f.write(f"\"{words(rng, 10)}?\",{','.join(answers)},{'ABCD'[rng.randrange(4)]},Set {index % 10}\n")


def measure(qrquiz, path):
    seconds, peaks = [], []
    for _ in range(RUNS):
        run = measured([qrquiz, "import", path, "-o", os.devnull])
        assert run["status"] == 0, f"import failed: {path}: {run['stderr']}"
        seconds.append(run["seconds"])
        peaks.append(run["peak_kb"])
    return statistics.median(seconds), max(peaks)


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    rng = random.Random(10)
    with tempfile.TemporaryDirectory() as work:
        files = {"GIFT": os.path.join(work, "q.gift"), "CSV": os.path.join(work, "q.csv")}
        gift(files["GIFT"], rng)
        csv(files["CSV"], rng)
        print(f"{COUNT} questions each, {RUNS} runs, medians\n")
        print("| file | size | time | questions/s | peak memory |")
        print("|---|---|---|---|---|")
        for name, path in files.items():
            seconds, peak = measure(qrquiz, path)
            print(f"| {name} | {os.path.getsize(path) / 1e6:.1f} MB | {seconds:.2f} s | {COUNT / seconds:,.0f} | "
                  f"{peak / 1024:.0f} MB |")


if __name__ == "__main__":
    main()
