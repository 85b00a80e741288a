#!/usr/bin/env python3
"""Import and export throughput: a 10,000-question GIFT file, a 10,000-row CSV and a
10,000-question Moodle XML bank through `qrquiz import`, and the Moodle bank's topic out
through `qrquiz export` to each format (static release build): questions per second and
peak memory (wait4's maximum RSS), medians of several runs. The Moodle XML import is timed
beside `xmllint --noout` (libxml2 only parsing the same file, the reference) in the same
run, as a ratio.

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


def moodle(path, rng):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')
        for index in range(COUNT):
            if index % 1000 == 0:
                f.write(f'  <question type="category"><category><text>$course$/top/Bank/Unit {index // 1000}'
                        '</text></category></question>\n')
            right = rng.randrange(4)
            answers = "".join(f'    <answer fraction="{100 if i == right else 0}" format="html"><text>'
                              f'{words(rng, 2)} {i}</text><feedback format="html"><text></text></feedback>'
                              '</answer>\n' for i in range(4))
            f.write(f'  <question type="multichoice">\n    <name><text>Q{index}</text></name>\n'
                    f'    <questiontext format="html"><text><![CDATA[<p>{words(rng, 10)}?</p>]]></text></questiontext>\n'
                    f'    <single>true</single>\n{answers}  </question>\n')
        f.write("</quiz>\n")


def measure(command):
    seconds, peaks = [], []
    for _ in range(RUNS):
        run = measured(command)
        assert run["status"] == 0, f"failed: {command}: {run['stderr']}"
        seconds.append(run["seconds"])
        peaks.append(run["peak_kb"])
    return statistics.median(seconds), max(peaks)


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    rng = random.Random(10)
    with tempfile.TemporaryDirectory() as work:
        files = {"GIFT": os.path.join(work, "q.gift"), "CSV": os.path.join(work, "q.csv"),
                 "Moodle XML": os.path.join(work, "q.xml")}
        gift(files["GIFT"], rng)
        csv(files["CSV"], rng)
        moodle(files["Moodle XML"], rng)
        print(f"{COUNT} questions each, {RUNS} runs, medians\n")
        print("| file | size | time | questions/s | peak memory |")
        print("|---|---|---|---|---|")
        for name, path in files.items():
            seconds, peak = measure([qrquiz, "import", path, "-o", os.devnull])
            print(f"| {name} | {os.path.getsize(path) / 1e6:.1f} MB | {seconds:.2f} s | {COUNT / seconds:,.0f} | "
                  f"{peak / 1024:.0f} MB |")
        ours, _ = measure([qrquiz, "import", files["Moodle XML"], "-o", os.devnull])
        reference, _ = measure(["xmllint", "--noout", "--nonet", files["Moodle XML"]])
        print(f"\nMoodle XML import {ours:.2f} s against xmllint's parse alone {reference:.2f} s: "
              f"{ours / reference:.2f}x (qrquiz also converts, checks and writes the topic)\n")
        topic = os.path.join(work, "bank.json")
        subprocess.run([qrquiz, "import", files["Moodle XML"], "-o", topic], check=True, capture_output=True)
        print("| export | time | questions/s | peak memory |")
        print("|---|---|---|---|")
        for format in ["moodle-xml", "qti", "gift", "aiken"]:
            seconds, peak = measure([qrquiz, "export", topic, "--to", format, "-o", os.path.join(work, "out")])
            print(f"| {format} | {seconds:.2f} s | {COUNT / seconds:,.0f} | {peak / 1024:.0f} MB |")


if __name__ == "__main__":
    main()
