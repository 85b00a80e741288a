#!/usr/bin/env python3
"""The hostile inputs of issues 21 and 35, timed and weighed (static release build, one run
each): what a stranger's file, image or server costs `qrquiz`, and what it gets (written, or
refused with its numbers).

  python3 Benchmarks/hostile.py

The same shapes as Tests/QRQuizEndToEndTests/ImportTrustTests.swift, HostileInputTests.swift and
DownloadLimitTests.swift, which bound them by the program's own limits, counts of work and
ratios of sizes, never by seconds (a busy machine exceeds any): the seconds are here. Each
table's last column is the figure before the limit (the reference), and the ceiling the
tests once held, where there is one.

Imports, before the trust pass: 23 s for the CSV of 160,000 sets, 18 s for 140,000 Open
Trivia DB categories, ~10 min for a 16 MiB CSV, 972 MB and 19 s for 16 MiB of GIFT, 692 MB
for a CSV broken on its last line, 26 s for 16,000 image-quiz pairs."""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import measured  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures")
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


def images_and_documents(work):
    """(label, command after the binary, the figure before the limit; the tests' old ceiling)."""
    ones = os.path.join(work, "ones.json")
    count = ((16 << 20) - 20) // 2
    with open(ones, "w") as handle:
        handle.write('{"sets":[' + "1," * (count - 1) + "1]}")
    bombs = os.path.join(FIXTURES, "bombs")
    return [
        ("6300 x 6300 PNG tiled with finder patterns (18 KB)", ["decode", os.path.join(bombs, "finders.png")],
         "66 s; 6 s"),
        ("progressive JPEG of 10,000 scans (156 KB)", ["decode", os.path.join(bombs, "scans.jpg")], "27 s; 3 s"),
        ("2,000 finder patterns, --time-limit 0.3", ["decode", "--time-limit", "0.3",
                                                     os.path.join(bombs, "finders-small.png")], "every pass, a sixth of a second each; 1.3 s"),
        ("16 MiB of wrong types (eight million problems)", ["validate", ones], "3.4 GB, 770 MB out; 300 MB"),
    ]


def downloads(server, work):
    """(label, command after the binary): each hostile answer of the test server."""
    def url(path):
        return f"http://127.0.0.1:{server}{path}"
    rows = []
    for path in ["/endless", "/endless-chunked", "/lying-length", "/gzip-bomb", "/endless-headers"]:
        rows.append((f"topic from {path}", ["validate", url(path)], "10 s, 110 MB"))
    for path in ["/trickle", "/silent", "/lying-short"]:
        rows.append((f"topic from {path}, --timeout 2", ["validate", "--timeout", "2", url(path)], "3.5 s"))
        rows.append((f"image from {path}, --timeout 2",
                     ["image", url(path), "-o", os.path.join(work, "out.png"), "--allow-http", "--timeout", "2"], "3.5 s"))
    return rows


def table(title, rows, work, output=True):
    print(f"\n{title}\n")
    print("| input | exit | time | peak memory | what it said (first line) | before; the tests' old bound |")
    print("|---|---|---|---|---|---|")
    for label, command, before in rows:
        extra = ["-o", os.path.join(work, "out.json")] if output else []
        run = measured([QRQUIZ, *command, *extra])
        said = run["stderr"].strip().splitlines()
        first = said[-1 if run["status"] == 0 else 0].replace(work + "/", "") if said else ""
        print(f"| {label} | {run['status']} | {run['seconds']:.2f} s | {run['peak_kb'] / 1024:.0f} MB "
              f"| {first[:110]} | {before} |")


def start_server(work):
    """The tests' misbehaving server (Fixtures/test_server.py) on a port of its own."""
    port_file = os.path.join(work, "port")
    os.makedirs(os.path.join(work, "served"))
    process = subprocess.Popen(["python3", os.path.join(FIXTURES, "test_server.py"), os.path.join(work, "served"),
                                port_file], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not os.path.exists(port_file):
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            sys.exit("the test server did not start")
        time.sleep(0.01)
    with open(port_file) as handle:
        return process, int(handle.read())


QRQUIZ = None


def main():
    global QRQUIZ
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    QRQUIZ = os.path.join(bin_dir, "qrquiz")
    with tempfile.TemporaryDirectory() as work:
        # Nothing of the user's: the topic library and image cache are the run's own.
        os.environ.update(XDG_DATA_HOME=os.path.join(work, "data"), QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
        print("Imports\n")
        print("| input | exit | time | peak memory | what it said (first line) |")
        print("|---|---|---|---|---|")
        for label, name, text, command in inputs():
            path = os.path.join(work, name)
            with open(path, "w") as handle:
                handle.write(text)
            run = measured([QRQUIZ, *command, path, "-o", os.path.join(work, "out.json")])
            said = run["stderr"].strip().splitlines()
            first = said[-1 if run["status"] == 0 else 0].replace(work + "/", "") if said else ""
            print(f"| {label} | {run['status']} | {run['seconds']:.2f} s | {run['peak_kb'] / 1024:.0f} MB | {first[:110]} |")
            os.remove(path)
        table("Images and documents", images_and_documents(work), work, output=False)
        server, port = start_server(work)
        try:
            table("Downloads", downloads(port, work), work, output=False)
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
