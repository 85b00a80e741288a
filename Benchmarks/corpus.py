#!/usr/bin/env python3
"""Real-photo QR decoding: exact-text rate and median time per image on the zxing
blackbox corpus (Corpus/qr-zxing), at rotations 0/90/180/270, side by side
with zbarimg and (when installed) zxing-cpp.

  python3 Benchmarks/corpus.py [--quick]

Exact means the decoded text equals the expected .txt byte for byte (read as UTF-8).
Times: one process per image for qrquiz and zbarimg (what a user runs); in-process times
from decoded pixels for qrquiz (qrquiz-bench scan) and zxing-cpp (Python binding).
Benchmarks/decode.py compares the speeds in more ways."""
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Corpus", "qr-zxing")
QUICK = "--quick" in sys.argv

try:
    import zxingcpp
    from PIL import Image
except ImportError:
    zxingcpp = None


def expected_text(path):
    with open(path[:-4] + ".txt", "rb") as f:
        return f.read().decode("utf-8")


def run_timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True)
    return time.perf_counter() - start, result


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    originals = sorted(glob.glob(os.path.join(CORPUS, "qrcode-*", "*.png")))
    if QUICK:
        originals = originals[::4]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for rotation in (0, 90, 180, 270):
            files = {}
            for path in originals:
                if rotation == 0:
                    files[path] = path
                    continue
                name = os.path.relpath(path, CORPUS).replace("/", "_")
                target = os.path.join(work, f"r{rotation}_{name}")
                Image.open(path).rotate(-rotation, expand=True).save(target)
                files[path] = target
            rows.append(measure(rotation, files, qrquiz, bench))
    print(f"{len(originals)} images of {CORPUS}\n")
    print("| rotation | qrquiz exact | qrquiz wrong text | zbarimg exact | zxing-cpp exact | qrquiz ms/image (process) "
          "| zbarimg ms/image (process) | ratio | qrquiz ms in-process (pixels) | zxing-cpp ms in-process (pixels) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    multi = os.path.join(CORPUS, "multi-qrcode-1", "1.png")
    with open(os.path.join(CORPUS, "multi-qrcode-1", "1.multi.json")) as f:
        want = sorted(json.load(f)["expected"])
    got = json.loads(subprocess.run([bench, "scan", multi], capture_output=True, text=True).stdout)["texts"]
    print(f"\nmulti-qrcode-1/1.png: qrquiz found {len(got)} of {len(want)} codes, "
          f"{'all exact' if sorted(got) == want else 'NOT all exact'}")
    large_photo(qrquiz)


def large_photo(qrquiz):
    """A 12 MP phone-like JPEG (Tests/QRQuizTestSupport/Fixtures/make_photo.py): time and peak RSS."""
    with tempfile.TemporaryDirectory() as work:
        photo = os.path.join(work, "photo.jpg")
        maker = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "make_photo.py")
        subprocess.run([sys.executable, maker, photo, "QRQuiz 12 MP"], check=True)
        rows = []
        for name, command in (("qrquiz", [qrquiz, "decode", "--raw", photo]), ("zbarimg", ["zbarimg", "-q", "--raw", photo])):
            runs = []
            for _ in range(5):
                result = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], capture_output=True, text=True)
                seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
                runs.append((float(seconds), int(kilobytes), result.stdout.strip() == "QRQuiz 12 MP"))
            runs.sort()
            seconds, kilobytes, found = runs[len(runs) // 2]
            rows.append(f"{name} {seconds:.2f} s, {kilobytes / 1024:.0f} MB peak RSS, {'read' if found else 'NOT read'}")
        print("12 MP photo (4000×3000 JPEG): " + "; ".join(rows))


def measure(rotation, files, qrquiz, bench):
    originals = list(files)
    # qrquiz in process: texts and times.
    scan = subprocess.run([bench, "scan", *files.values()], capture_output=True, text=True, check=True).stdout
    results = {json.loads(line)["file"]: json.loads(line) for line in scan.splitlines()}
    ours_ok = sum(expected_text(o) in results[files[o]]["texts"] for o in originals)
    # A wrong text: something read, but not the expected text.
    ours_wrong = sum(bool(results[files[o]]["texts"]) and expected_text(o) not in results[files[o]]["texts"]
                     for o in originals)
    ours_inprocess = statistics.median(results[files[o]]["scan_ms"] for o in originals)
    # One process per image.
    ours_times, zbar_times, zbar_ok = [], [], 0
    for original in originals:
        elapsed, _ = run_timed([qrquiz, "decode", "--raw", files[original]])
        ours_times.append(elapsed)
        elapsed, result = run_timed(["zbarimg", "-q", "--raw", files[original]])
        zbar_times.append(elapsed)
        text = result.stdout.decode("utf-8", "replace")
        zbar_ok += text.endswith("\n") and text[:-1] == expected_text(original)
    zxing_ok, zxing_times = "n/a", []
    if zxingcpp:
        count = 0
        for original in originals:
            image = Image.open(files[original])
            image.load()
            start = time.perf_counter()
            found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            zxing_times.append(time.perf_counter() - start)
            count += expected_text(original) in [r.text for r in found]
        zxing_ok = f"{100 * count / len(originals):.1f}%"
    ours_ms, zbar_ms = statistics.median(ours_times) * 1e3, statistics.median(zbar_times) * 1e3
    return (f"{rotation}°", f"{100 * ours_ok / len(originals):.1f}%", str(ours_wrong), f"{100 * zbar_ok / len(originals):.1f}%",
            zxing_ok, f"{ours_ms:.1f}", f"{zbar_ms:.1f}", f"{ours_ms / zbar_ms:.2f}×", f"{ours_inprocess:.1f}",
            f"{statistics.median(zxing_times) * 1e3:.1f}" if zxing_times else "n/a")


if __name__ == "__main__":
    main()
