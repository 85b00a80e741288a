#!/usr/bin/env python3
"""The hostile imports of issue 21, timed and weighed (static release build, one run each):
what a stranger's file costs `qrquiz import` and `qrquiz generate image-quiz`, and what it
gets (written, or refused with its numbers).

  python3 Benchmarks/hostile.py

The same shapes as Tests/QRQuizTests/ImportTrustTests.swift, which bound them; this prints
the figures. Before the trust pass: 23 s for the CSV of 160,000 sets, 18 s for 140,000
Open Trivia DB categories, ~10 min for a 16 MiB CSV, 972 MB and 19 s for 16 MiB of GIFT,
692 MB for a CSV broken on its last line, 26 s for 16,000 image-quiz pairs."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import measured  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROW = "What is the capital of this country?,Paris,Rome,Madrid,Berlin,A\n"


def inputs():
    """(label, file name, text, command after the binary and before the file)."""
    trivia = [json.dumps({"type": "boolean", "category": f"C{i}", "question": f"Q{i}?", "correct_answer": "True",
                          "incorrect_answers": ["False"]}, separators=(",", ":")) for i in range(140_000)]
    return [
        ("CSV, 160,000 rows each in its own set (3.4 MB)", "sets.csv",
         "question,a,b,correct,set\n" + "".join(f"Q{r}?,x,y,A,S{r}\n" for r in range(160_000)), ["import"]),
        ("Open Trivia DB, 140,000 categories", "trivia.json",
         '{"response_code":0,"results":[' + ",".join(trivia) + "]}", ["import"]),
        ("CSV, 16 MiB of questions", "big.csv", "question,a,b,c,d,correct\n" + ROW * (16_700_000 // len(ROW)),
         ["import"]),
        ("GIFT, 3.5 MB of true/false", "tf.gift", "Q{T}\n\n" * (3_500_000 // 6), ["import"]),
        ("GIFT, 16 MiB of true/false", "huge.gift", "Q{T}\n\n" * ((16 << 20) // 6), ["import"]),
        ("GIFT, 300 answers, the right one last", "many.gift",
         "Q {" + " ".join(f"~w{i}" for i in range(299)) + " =right}\n", ["import"]),
        ("CSV, 13.6 MB, its last row never closed", "broken.csv",
         "question,a,b,c,d,correct\n" + ROW * (13_600_000 // len(ROW)) + '"never closed,a,b,c,d,A\n', ["import"]),
        ("image quiz of 16,000 pairs", "pairs.csv",
         "name,image\n" + "".join(f"Name {p},https://example.org/{p}.png\n" for p in range(16_000)),
         ["generate", "image-quiz", "--no-prefetch"]),
    ]


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    print("| input | exit | time | peak memory | what it said (first line) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        # Nothing of the user's: the topic library and image cache are the run's own.
        os.environ.update(XDG_DATA_HOME=os.path.join(work, "data"), QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
        for label, name, text, command in inputs():
            path = os.path.join(work, name)
            with open(path, "w") as handle:
                handle.write(text)
            run = measured([qrquiz, *command, path, "-o", os.path.join(work, "out.json")])
            said = run["stderr"].strip().splitlines()
            first = said[-1 if run["status"] == 0 else 0].replace(work + "/", "") if said else ""
            print(f"| {label} | {run['status']} | {run['seconds']:.2f} s | {run['peak_kb'] / 1024:.0f} MB | {first[:110]} |")
            os.remove(path)


if __name__ == "__main__":
    main()
