#!/usr/bin/env python3
"""Phone photos holding several codes (sheets of 40-60, exposure, pairs, high versions,
compact topics): codes read per kind and time, for qrquiz, zxing-cpp and zbarimg in one
run, scored as the published QR benchmarks score them (codes read, at most the codes
there, per photo).

  python3 Benchmarks/scenes.py [--count N] [--seed S] [--dir DIR] [--missed]

The photos come from Tests/QRQuizTestSupport/Fixtures/make_scenes.py (40 with seed 1
unless told; with --dir, made there once and reused, with the references' results). A
code is read when its exact text is among those a decoder returns; a wrong text is any
text returned that no code there holds.

Time, in one run on the same files: qrquiz as `qrquiz decode --each --jobs 1` (one
process, its whole wall time, start-up included) against zxing-cpp in this Python process
(Image.open, load and read_barcodes per file, summed: decoding the JPEG included, as
qrquiz's is) and zbarimg one process per file. Per kind, the share of zxing-cpp's time."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings

import zxingcpp
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKER = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "make_scenes.py")
KINDS = ["sheet", "exposure", "pair", "high", "compact"]
warnings.simplefilter("ignore")


def expected(path):
    with open(os.path.splitext(path)[0] + ".json", encoding="utf-8") as f:
        return json.load(f)["texts"]


def qrquiz_results(qrquiz, files):
    """Every file's texts from one `qrquiz decode --each --jobs 1`, and its wall time."""
    start = time.perf_counter()
    run = subprocess.run([qrquiz, "decode", "--each", "--jobs", "1", *files], capture_output=True,
                         text=True)
    elapsed = time.perf_counter() - start
    results = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        results[record["file"]] = record.get("texts", [])
    return results, elapsed


def qrquiz_times(bench, files):
    """Each file's own time in process (qrquiz-bench scan: decoding the file included)."""
    lines = subprocess.run([bench, "scan", *files], capture_output=True, text=True, check=True).stdout
    return {record["file"]: record["ms"] / 1e3 for record in map(json.loads, lines.splitlines())}


def zxing_results(files):
    results, times = {}, {}
    for path in files:
        start = time.perf_counter()
        image = Image.open(path)
        image.load()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        times[path] = time.perf_counter() - start
        results[path] = [r.text for r in found]
    return results, times


def zbar_results(files):
    """zbarimg's texts, one process a file. In binary mode (its exact bytes: its text mode
    re-encodes some UTF-8 as Shift_JIS) it writes every symbol's bytes one after another
    with nothing between, so each code there whose bytes it holds counts as one text, and
    whatever bytes are left over as one wrong text."""
    results, times = {}, {}
    for path in files:
        start = time.perf_counter()
        run = subprocess.run(["zbarimg", "-q", "--raw", "-Sbinary", path], capture_output=True)
        times[path] = time.perf_counter() - start
        left, texts = run.stdout, []
        for text in sorted(set(expected(path)), key=len, reverse=True):
            data = text.encode()
            while data in left:
                left = left.replace(data, b"", 1)
                texts.append(text)
        if left.strip():
            texts.append(left.decode("utf-8", "replace"))
        results[path] = texts
    return results, times


def score(files, results):
    """Codes read (each code's text found, at most once), codes there, wrong texts."""
    read = there = wrong = 0
    for path in files:
        texts = expected(path)
        found = results[path]
        # A text held by two codes counts once for each time it was returned.
        read += sum(min(texts.count(t), found.count(t)) for t in set(texts))
        there += len(texts)
        wrong += sum(t not in texts for t in found)
    return read, there, wrong


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", help="a folder for the photos: made there unless it holds them")
    parser.add_argument("--missed", action="store_true")
    parser.add_argument("--bin", help="the folder of a qrquiz and qrquiz-bench built already (to compare builds)")
    options = parser.parse_args()
    bin_dir = options.bin or subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True,
                                            capture_output=True, text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    with tempfile.TemporaryDirectory() as work:
        folder = options.dir or work
        if not os.path.exists(os.path.join(folder, "groups.json")):
            subprocess.run([sys.executable, MAKER, folder, str(options.count), str(options.seed), "--qrquiz", qrquiz],
                           check=True)
        with open(os.path.join(folder, "groups.json")) as f:
            groups = json.load(f)
        files = [os.path.join(folder, name) for name in sorted(groups)]
        # Warm the page cache before anything is timed.
        subprocess.run([qrquiz, "decode", "--each", "--jobs", "1", *files[:5]], capture_output=True)
        cache = os.path.join(folder, "references.json")
        if options.dir and os.path.exists(cache):
            with open(cache) as f:
                kept = json.load(f)
        else:
            kept = {"zxing-cpp": zxing_results(files), "zbarimg": zbar_results(files)}
            if options.dir:
                with open(cache, "w") as f:
                    json.dump(kept, f)
        ours, wall = qrquiz_results(qrquiz, files)
        # zxing-cpp timed again in the same run as qrquiz, whatever the cache holds.
        zxing, zxing_times = zxing_results(files)
        ours_times = qrquiz_times(bench, files)
        decoders = {"qrquiz": ours, "zxing-cpp": zxing, "zbarimg": kept["zbarimg"][0]}
        kinds = [k for k in KINDS if any(groups[os.path.basename(p)] == [k] for p in files)]
        members = {k: [p for p in files if groups[os.path.basename(p)] == [k]] for k in kinds}
        print(f"{len(files)} photos (make_scenes.py, seed {options.seed})\n")
        print("| decoder | all | " + " | ".join(f"{k} ({len(members[k])} photos)" for k in kinds)
              + " | mean of the kinds | wrong texts |")
        print("|---" * (len(kinds) + 4) + "|")
        for name, results in decoders.items():
            read, there, wrong = score(files, results)
            cells = [f"{100 * read / there:.1f}% ({read}/{there})"]
            shares = []
            for kind in kinds:
                r, t, _ = score(members[kind], results)
                shares.append(r / t)
                cells.append(f"{100 * r / t:.1f}% ({r}/{t})")
            print(f"| {name} | " + " | ".join(cells) + f" | {100 * sum(shares) / len(shares):.1f}% | {wrong} |")
        zxing_total = sum(zxing_times.values())
        print(f"\ntime, one run: qrquiz decode --each --jobs 1 {wall:.2f} s; zxing-cpp in Python {zxing_total:.2f} s"
              f" (ratio {wall / zxing_total:.2f}×); zbarimg {sum(kept['zbarimg'][1].values()):.2f} s"
              " (one process a photo, from the references' run)")
        print("per kind, in process (qrquiz-bench scan against zxing-cpp, both from the file):")
        for kind in kinds:
            ours_sum = sum(ours_times[p] for p in members[kind])
            theirs_sum = sum(zxing_times[p] for p in members[kind])
            print(f"  {kind}: qrquiz {ours_sum:.2f} s, zxing-cpp {theirs_sum:.2f} s ({ours_sum / theirs_sum:.2f}×)")
        if options.missed:
            for path in files:
                texts = expected(path)
                for name in ("qrquiz", "zxing-cpp"):
                    got = sum(t in decoders[name][path] for t in set(texts))
                    if got < len(set(texts)):
                        print(f"  {os.path.basename(path)} {groups[os.path.basename(path)][0]}: {name} read "
                              f"{got} of {len(set(texts))}")


if __name__ == "__main__":
    main()
