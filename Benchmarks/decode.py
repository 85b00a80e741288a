#!/usr/bin/env python3
"""Reading photos, against the fastest decoders, in one run (medians):

  python3 Benchmarks/decode.py [--count N]

1. start-up: `qrquiz --version` against `zbarimg --version`;
2. in process, one core: qrquiz (qrquiz-bench scan, the reader `qrquiz decode` uses) against
   zxing-cpp's Python binding, per image of the zxing corpus (Corpus/qr-zxing) and of the
   captures (Tests/QRQuizTestSupport/Fixtures/make_captures.py, 300 with seed 15): from decoded
   pixels (what read_barcodes times) and from the file (decoding included: libpng/libjpeg
   for qrquiz, Pillow for zxing-cpp); exact and wrong texts alongside;
3. one process per image: `qrquiz decode --raw` against `zbarimg -q --raw`;
4. a batch: `qrquiz decode --each --jobs 2` over every image of both sets, in images per
   second, against zxing-cpp reading the same files in one Python process and zbarimg in
   a shell loop.
Needs scripts/install-deps (zbarimg, and zxing-cpp and Pillow from PyPI)."""
import argparse
import glob
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
warnings.simplefilter("ignore")


def expected(path):
    with open(os.path.splitext(path)[0] + ".txt", "rb") as f:
        return f.read().decode("utf-8")


def median_ms(values):
    return statistics.median(values) * 1e3


def process_time(command, runs=1):
    """Seconds one run of `command` takes, the median of `runs`."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def qrquiz_in_process(bench, files):
    lines = subprocess.run([bench, "scan", *files], capture_output=True, text=True, check=True).stdout
    return {record["file"]: record for record in map(json.loads, lines.splitlines())}


def zxing_in_process(files):
    results = {}
    for path in files:
        start = time.perf_counter()
        image = Image.open(path)
        image.load()
        loaded = time.perf_counter()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        done = time.perf_counter()
        results[path] = {"texts": [r.text for r in found], "scan": done - loaded, "total": done - start}
    return results


def rates(files, texts_of):
    exact = sum(expected(p) in texts_of(p) for p in files)
    wrong = sum(any(t != expected(p) for t in texts_of(p)) for p in files)
    return f"{100 * exact / len(files):.1f}% exact, {wrong} wrong"


def in_process_rows(name, files, bench, target):
    ours = qrquiz_in_process(bench, files)
    theirs = zxing_in_process(files)
    ours_scan = median_ms([ours[p]["scan_ms"] / 1e3 for p in files])
    ours_total = median_ms([ours[p]["ms"] / 1e3 for p in files])
    theirs_scan = median_ms([theirs[p]["scan"] for p in files])
    theirs_total = median_ms([theirs[p]["total"] for p in files])
    return [
        (f"{name}: from pixels, per image", f"{ours_scan:.2f} ms", f"{theirs_scan:.2f} ms",
         f"{ours_scan / theirs_scan:.2f}× (target ≤ {target}×)"),
        (f"{name}: from the file, per image", f"{ours_total:.2f} ms", f"{theirs_total:.2f} ms",
         f"{ours_total / theirs_total:.2f}×"),
        (f"{name}: texts", rates(files, lambda p: ours[p]["texts"]), rates(files, lambda p: theirs[p]["texts"]), ""),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=300, help="captures to make (seed 15)")
    options = parser.parse_args()
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    corpus = sorted(glob.glob(os.path.join(ROOT, "Corpus", "qr-zxing", "qrcode-*", "*.png")))
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, MAKER, work, str(options.count), "15"], check=True, stderr=subprocess.DEVNULL)
        captures = sorted(p for p in glob.glob(os.path.join(work, "*")) if p.endswith((".png", ".jpg")))
        everything = corpus + captures
        print(f"{len(corpus)} corpus images, {len(captures)} captures; {os.cpu_count()} cores\n")

        # Warm the page cache and the binaries before anything is timed.
        subprocess.run([qrquiz, "decode", "--each", *everything], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rows = []
        ours = process_time([qrquiz, "--version"], runs=200)
        theirs = process_time(["zbarimg", "--version"], runs=200)
        rows.append(("start-up (--version)", f"{ours * 1e3:.1f} ms", f"zbarimg {theirs * 1e3:.1f} ms",
                     f"{ours / theirs:.2f}×"))
        rows += in_process_rows("corpus", corpus, bench, 1.25)
        rows += in_process_rows("captures", captures, bench, 2)

        # One process per image.
        ours = statistics.median(process_time([qrquiz, "decode", "--raw", p]) for p in everything)
        theirs = statistics.median(process_time(["zbarimg", "-q", "--raw", p]) for p in everything)
        rows.append(("one process per image (both sets)", f"{ours * 1e3:.1f} ms", f"zbarimg {theirs * 1e3:.1f} ms",
                     f"{ours / theirs:.2f}× (target ≤ 1.0×)"))

        # A batch: images per second, three runs each, the median.
        list_file = os.path.join(work, "list")
        with open(list_file, "w") as f:
            f.write("\n".join(everything))
        batch = process_time([qrquiz, "decode", "--each", "--jobs", "2", *everything], runs=3)
        zxing_script = ("import sys, zxingcpp, warnings\nfrom PIL import Image\nwarnings.simplefilter('ignore')\n"
                        "for p in open(sys.argv[1]).read().split('\\n'):\n"
                        "    zxingcpp.read_barcodes(Image.open(p), formats=zxingcpp.BarcodeFormat.QRCode)\n")
        zxing = process_time([sys.executable, "-c", zxing_script, list_file], runs=3)
        loop = process_time(["sh", "-c", 'while read -r f; do zbarimg -q --raw "$f"; done < "$1"', "sh", list_file],
                            runs=3)
        count = len(everything)
        rows.append(("batch: decode --each --jobs 2", f"{count / batch:.0f} images/s",
                     f"zxing-cpp (Python, 1 process) {count / zxing:.0f} images/s", f"{zxing / batch:.2f}× as fast"))
        rows.append(("", "", f"zbarimg (shell loop) {count / loop:.0f} images/s", f"{loop / batch:.2f}× as fast"))

    print("| benchmark | qrquiz | reference | ratio |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
