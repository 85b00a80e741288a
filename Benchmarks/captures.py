#!/usr/bin/env python3
"""Phone-like captures of topic QR codes: the exact-text rate per kind of damage, wrong
texts and time, for qrquiz, zxing-cpp and zbarimg side by side on the same images, and
for the union of the two references (an image either of them reads).

  python3 Benchmarks/captures.py [--count N] [--seed S] [--dir DIR] [--process] [--missed]

The images come from Tests/QRQuizTestSupport/Fixtures/make_captures.py: one to four kinds of
damage each, three or four in most (blur, motion blur, JPEG, perspective, small modules
down to 1.5 pixels, uneven light, low contrast, noise, rotation, busy backgrounds,
colour, inversion, a thin quiet zone); 300 with seed 15 unless told. Seed 15 is the one
the decoder was tuned on; report a fresh seed beside it. Exact means the text equals the
.txt byte for byte; a wrong text is any other text returned.

qrquiz runs in process (qrquiz-bench scan, the same reader as `qrquiz decode`) and, like
zxing-cpp, is timed from decoded pixels; zbarimg runs once per image with -Sbinary (its
exact bytes, read as UTF-8: its text mode re-encodes some, which is not a misread). With
--dir, the references' results are kept in the folder (references.json) and reused, so
that only qrquiz runs again. --missed lists the images a reference reads and qrquiz does
not; --process also times one `qrquiz decode` and one `zbarimg` process per image."""
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
MAKER = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "make_captures.py")
KINDS = ["blur", "motion", "jpeg", "perspective", "small", "light", "contrast", "noise", "rotation", "background",
         "colour", "inverted", "tight"]
GROUPS = ["all", "3-4 kinds"] + KINDS


def expected(path):
    with open(os.path.splitext(path)[0] + ".txt", "rb") as f:
        return f.read().decode("utf-8")


def qrquiz_results(bench, files):
    lines = subprocess.run([bench, "scan", *files], capture_output=True, text=True, check=True).stdout
    results = {}
    for line in lines.splitlines():
        record = json.loads(line)
        results[record["file"]] = {"texts": record["texts"], "seconds": record["scan_ms"] / 1e3,
                                   "pass": record.get("pass")}
    return results


def zxing_results(files):
    results = {}
    warnings.simplefilter("ignore")
    for path in files:
        image = Image.open(path)
        image.load()
        start = time.perf_counter()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        results[path] = {"texts": [r.text for r in found], "seconds": time.perf_counter() - start}
    return results


def zbar_results(files):
    results = {}
    for path in files:
        start = time.perf_counter()
        run = subprocess.run(["zbarimg", "-q", "--raw", "-Sbinary", path], capture_output=True)
        elapsed = time.perf_counter() - start
        # In binary mode zbarimg writes the symbol's bytes alone, no newline after them.
        texts = [run.stdout.decode("utf-8", "replace")] if run.stdout else []
        results[path] = {"texts": texts, "seconds": elapsed}
    return results


def references(folder, files, cached):
    """zxing-cpp's and zbarimg's results, from the folder's cache when it holds these files."""
    cache = os.path.join(folder, "references.json")
    if cached and os.path.exists(cache):
        with open(cache) as f:
            kept = json.load(f)
        if sorted(kept["zxing-cpp"]) == sorted(files):
            return kept
    results = {"zxing-cpp": zxing_results(files), "zbarimg": zbar_results(files)}
    if cached:
        with open(cache, "w") as f:
            json.dump(results, f)
    return results


def process_times(qrquiz, files):
    times = []
    for path in files:
        start = time.perf_counter()
        subprocess.run([qrquiz, "decode", "--raw", path], capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def members(group, files, groups):
    if group == "all":
        return files
    if group == "3-4 kinds":
        return [p for p in files if sum(k in KINDS for k in groups[os.path.basename(p)]) >= 3]
    return [p for p in files if group in groups[os.path.basename(p)]]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--dir", help="a folder for the capture set: made there unless it holds one")
    parser.add_argument("--process", action="store_true")
    parser.add_argument("--missed", action="store_true")
    options = parser.parse_args()
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as work:
        folder = options.dir or work
        if not os.path.exists(os.path.join(folder, "groups.json")):
            subprocess.run([sys.executable, MAKER, folder, str(options.count), str(options.seed)], check=True)
        with open(os.path.join(folder, "groups.json")) as f:
            groups = json.load(f)
        files = [os.path.join(folder, name) for name in sorted(groups)]
        decoders = references(folder, files, cached=options.dir is not None)
        decoders = {"qrquiz": qrquiz_results(os.path.join(bin_dir, "qrquiz-bench"), files), **decoders}
        read = {name: {p for p in files if expected(p) in results[p]["texts"]} for name, results in decoders.items()}
        read["zxing-cpp ∪ zbarimg"] = read["zxing-cpp"] | read["zbarimg"]
        read["all three"] = read["zxing-cpp ∪ zbarimg"] | read["qrquiz"]
        print(f"{len(files)} captures (make_captures.py, seed {options.seed})\n")
        print("| decoder | " + " | ".join(f"{g} ({len(members(g, files, groups))})" for g in GROUPS)
              + " | wrong text | median ms |")
        print("|---" * (len(GROUPS) + 3) + "|")
        for name, found in read.items():
            cells = []
            for group in GROUPS:
                chosen = members(group, files, groups)
                cells.append(f"{100 * len(found.intersection(chosen)) / max(1, len(chosen)):.1f}%")
            wrong = median = ""
            if name in decoders:
                results = decoders[name]
                wrong = str(sum(any(t != expected(p) for t in results[p]["texts"]) for p in files))
                median = f"{statistics.median(results[p]['seconds'] for p in files) * 1e3:.1f}"
            print(f"| {name} | " + " | ".join(cells) + f" | {wrong} | {median} |")
        print("\nqrquiz and zxing-cpp in process, from decoded pixels; zbarimg one process per image.")
        passes = {}
        for result in decoders["qrquiz"].values():
            passes[result["pass"] or "none"] = passes.get(result["pass"] or "none", 0) + 1
        print("qrquiz passes that found them: " + ", ".join(f"{k} {v}" for k, v in sorted(passes.items())))
        missed = sorted(read["zxing-cpp ∪ zbarimg"] - read["qrquiz"])
        print(f"read by a reference, not by qrquiz: {len(missed)}; by qrquiz alone: "
              f"{len(read['qrquiz'] - read['zxing-cpp ∪ zbarimg'])}")
        if options.missed:
            for path in missed:
                by = [n for n in ("zxing-cpp", "zbarimg") if path in read[n]]
                print(f"  {os.path.basename(path)} ({', '.join(by)}): {' '.join(groups[os.path.basename(path)])}")
        if options.process:
            ours = statistics.median(process_times(os.path.join(bin_dir, "qrquiz"), files))
            zbar = statistics.median(r["seconds"] for r in decoders["zbarimg"].values())
            print(f"one process per image: qrquiz {ours * 1e3:.1f} ms, zbarimg {zbar * 1e3:.1f} ms "
                  f"(ratio {ours / zbar:.2f}×)")


if __name__ == "__main__":
    main()
