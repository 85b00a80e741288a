#!/usr/bin/env python3
"""Phone-like captures of large topic QR codes: exact-text rate per group, wrong texts,
and time, for qrquiz, zxing-cpp and zbarimg side by side on the same images.

  python3 Benchmarks/captures.py [--count N] [--seed S] [--dir DIR] [--process]

The images come from Tests/QRQuizTests/Fixtures/make_captures.py (perspective up to 40°,
rotation, blur, noise, JPEG 30-60, uneven light, low contrast, busy backgrounds, tight
quiet zones, every PNG colour type); 300 with seed 15 unless told. Exact means the text
equals the .txt byte for byte; a wrong text is any other text returned. qrquiz runs in
process (qrquiz-bench scan, the same reader as `qrquiz decode`) and, like zxing-cpp, is
timed from decoded pixels; --process also times one `qrquiz decode` and one `zbarimg`
process per image."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import zxingcpp
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKER = os.path.join(ROOT, "Tests", "QRQuizTests", "Fixtures", "make_captures.py")
GROUPS = ["all", "perspective", "large", "tight", "rotation", "blur", "jpeg", "noise", "light", "contrast",
          "background"]


def expected(path):
    with open(os.path.splitext(path)[0] + ".txt", "rb") as f:
        return f.read().decode("utf-8")


def qrquiz_results(bench, files):
    lines = subprocess.run([bench, "scan", *files], capture_output=True, text=True, check=True).stdout
    results = {}
    for line in lines.splitlines():
        record = json.loads(line)
        results[record["file"]] = (record["texts"], record["scan_ms"] / 1e3, record.get("pass"))
    return results


def zxing_results(files):
    results = {}
    warnings.simplefilter("ignore")
    for path in files:
        image = Image.open(path)
        image.load()
        start = time.perf_counter()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        results[path] = ([r.text for r in found], time.perf_counter() - start, None)
    return results


def zbar_results(files):
    results = {}
    for path in files:
        start = time.perf_counter()
        run = subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True)
        elapsed = time.perf_counter() - start
        text = run.stdout.decode("utf-8", "replace")
        results[path] = ([text[:-1]] if text.endswith("\n") else [], elapsed, None)
    return results


def process_times(qrquiz, files):
    times = []
    for path in files:
        start = time.perf_counter()
        subprocess.run([qrquiz, "decode", "--raw", path], capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--dir", help="an existing capture set (else made in a temporary folder)")
    parser.add_argument("--process", action="store_true")
    options = parser.parse_args()
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as work:
        folder = options.dir or work
        if not options.dir:
            subprocess.run([sys.executable, MAKER, folder, str(options.count), str(options.seed)], check=True,
                           stderr=subprocess.DEVNULL)
        with open(os.path.join(folder, "groups.json")) as f:
            groups = json.load(f)
        files = [os.path.join(folder, name) for name in sorted(groups)]
        decoders = {"qrquiz": qrquiz_results(os.path.join(bin_dir, "qrquiz-bench"), files),
                    "zxing-cpp": zxing_results(files), "zbarimg": zbar_results(files)}
        print(f"{len(files)} captures (make_captures.py, seed {options.seed})\n")
        print("| decoder | " + " | ".join(f"{g} ({count(groups, g)})" for g in GROUPS)
              + " | wrong text | median ms |")
        print("|---" * (len(GROUPS) + 3) + "|")
        for name, results in decoders.items():
            cells = []
            for group in GROUPS:
                members = [p for p in files if group == "all" or group in groups[os.path.basename(p)]]
                exact = sum(expected(p) in results[p][0] for p in members)
                cells.append(f"{100 * exact / max(1, len(members)):.1f}%")
            wrong = sum(any(t != expected(p) for t in results[p][0]) for p in files)
            median = statistics.median(results[p][1] for p in files) * 1e3
            print(f"| {name} | " + " | ".join(cells) + f" | {wrong} | {median:.1f} |")
        print("\nqrquiz and zxing-cpp in process, from decoded pixels; zbarimg one process per image.")
        passes = {}
        for texts, _, found_by in decoders["qrquiz"].values():
            passes[found_by or "none"] = passes.get(found_by or "none", 0) + 1
        print("qrquiz passes that found them: " + ", ".join(f"{k} {v}" for k, v in sorted(passes.items())))
        if options.process:
            ours = statistics.median(process_times(os.path.join(bin_dir, "qrquiz"), files))
            zbar = statistics.median(r[1] for r in decoders["zbarimg"].values())
            print(f"one process per image: qrquiz {ours * 1e3:.1f} ms, zbarimg {zbar * 1e3:.1f} ms "
                  f"(ratio {ours / zbar:.2f}×)")


def count(groups, group):
    return len(groups) if group == "all" else sum(group in g for g in groups.values())


if __name__ == "__main__":
    main()
