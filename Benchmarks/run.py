#!/usr/bin/env python3
"""QRQuiz benchmarks against the reference tools, in one run. Quotes medians and ratios.

  python3 Benchmarks/run.py [--quick]

- encode in process: qrquiz-bench (the library) vs c/encode_png.c (the same libqrencode +
  libpng calls in plain C), median ns per topic, same topics, scale and margin;
- batch: one `qrquiz encode --out-dir` over 1000 topics vs 1000 `qrencode` processes;
- PNG size: our files vs qrencode's at the same scale and margin;
- decode: `qrquiz decode FILE` vs `zbarimg FILE`, per file.
Run scripts/install-deps first (it installs qrencode and zbarimg)."""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from topics import compact, make_topic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUICK = "--quick" in sys.argv
MARGIN = 4
# qrencode's default scale (3 px per module) and qrquiz's (8).
SCALES = (3, 8)


def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def timed(fn, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def encode_benchmarks(files, scale, c_bench, bench, qrquiz, work):
    rows = []
    # 1. In-process encode + PNG.
    sample = files[:100]
    iterations = "5" if QUICK else "15"
    args = [iterations, str(scale), str(MARGIN), *sample]
    c_ns = int(sh(c_bench, *args))
    swift_ns = int(sh(bench, "encode", *args))
    topic_ns = int(sh(bench, "encode-topic", *args))
    rows.append((f"scale {scale}: encode + PNG in process, per topic", f"{swift_ns / 1e3:.0f} µs", "plain C",
                 f"{c_ns / 1e3:.0f} µs", f"{swift_ns / c_ns:.2f}× (target ≤ 1.25×)"))
    rows.append((f"scale {scale}: … with validation and normalisation", f"{topic_ns / 1e3:.0f} µs", "plain C",
                 f"{c_ns / 1e3:.0f} µs", f"{topic_ns / c_ns:.2f}×"))

    # 2. Batch: one qrquiz process vs one qrencode process per topic.
    ours_dir, theirs_dir = os.path.join(work, f"ours-{scale}"), os.path.join(work, f"theirs-{scale}")
    os.makedirs(ours_dir)
    os.makedirs(theirs_dir)
    runs = 3 if QUICK else 5

    def ours(jobs):
        def run():
            # The same symbols as qrencode: plain JSON, any version up to 40.
            subprocess.run([qrquiz, "encode", *files, "--out-dir", ours_dir, "--scale", str(scale),
                            "--margin", str(MARGIN), "--jobs", str(jobs), "--format", "json",
                            "--max-version", "40"], check=True)
        return run

    def theirs():
        for path in files:
            out = os.path.join(theirs_dir, os.path.basename(path)[:-5] + ".png")
            subprocess.run(["qrencode", "-l", "L", "-8", "-s", str(scale), "-m", str(MARGIN), "-r", path,
                            "-o", out], check=True)

    theirs_s = timed(theirs, runs)
    for jobs in (1, os.cpu_count()):
        ours_s = timed(ours(jobs), runs)
        rows.append((f"scale {scale}: {len(files)} topics → PNG, --jobs {jobs}", f"{ours_s:.2f} s (1 process)",
                     "qrencode", f"{theirs_s:.2f} s ({len(files)} processes)",
                     f"{theirs_s / ours_s:.1f}× faster (target ≥ 3×)"))

    # 3. PNG sizes at the same scale and margin.
    larger = ours_total = theirs_total = 0
    for path in files:
        name = os.path.basename(path)[:-5] + ".png"
        a, b = os.path.getsize(os.path.join(ours_dir, name)), os.path.getsize(os.path.join(theirs_dir, name))
        ours_total += a
        theirs_total += b
        larger += a > b
    rows.append((f"scale {scale}: PNG bytes, all files", f"{ours_total}", "qrencode", f"{theirs_total}",
                 f"{ours_total / theirs_total:.3f}×; {larger} of {len(files)} files larger (target 0)"))
    return rows


def main():
    bin_dir = sh(os.path.join(ROOT, "scripts", "build-release")).strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    work = tempfile.mkdtemp(prefix="qrquiz-bench-")
    c_bench = os.path.join(work, "encode_png")
    flags = sh("pkg-config", "--cflags", "--libs", "libqrencode", "libpng").split()
    sh("gcc", "-O2", "-o", c_bench, os.path.join(ROOT, "Benchmarks/c/encode_png.c"), *flags)

    rng = random.Random(2026)
    count = 200 if QUICK else 1000
    topic_dir = os.path.join(work, "topics")
    os.makedirs(topic_dir)
    files = []
    for i in range(count):
        path = os.path.join(topic_dir, f"t{i:04}.json")
        with open(path, "w") as f:
            f.write(compact(make_topic(rng, rng.randint(1, 14), name=f"Topic {i}")))
        files.append(path)
    sizes = sorted(os.path.getsize(p) for p in files)
    print(f"{count} topics, JSON {sizes[0]}..{sizes[-1]} bytes (median {sizes[len(sizes) // 2]}); "
          f"margin {MARGIN}, level L, {os.cpu_count()} cores\n")

    rows = []
    for scale in SCALES:
        rows += encode_benchmarks(files, scale, c_bench, bench, qrquiz, work)

    # 4. Decode one file per process.
    images = [os.path.join(work, "ours-8", os.path.basename(p)[:-5] + ".png") for p in files[:20]]
    decode_runs = 3 if QUICK else 5

    def per_file(command):
        def run():
            for image in images:
                subprocess.run([*command, image], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return timed(run, decode_runs) / len(images)

    ours_d, theirs_d = per_file([qrquiz, "decode"]), per_file(["zbarimg", "-q", "--raw", "-Sbinary"])
    rows.append(("decode a PNG (one process per file)", f"{ours_d * 1e3:.1f} ms", "zbarimg", f"{theirs_d * 1e3:.1f} ms",
                 f"{ours_d / theirs_d:.2f}×"))

    print("| benchmark | qrquiz | reference | reference time | ratio |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
