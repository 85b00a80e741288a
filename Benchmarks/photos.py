#!/usr/bin/env python3
"""Every kind of photo in one run: codes read per kind and the time per photo, for qrquiz,
zxing-cpp (its defaults, QR codes only) and zbarimg, scored as the published QR benchmarks
score them (codes read, at most the codes there, per photo; then per kind and overall).

  python3 Benchmarks/photos.py [--scenes DIR] [--count N] [--seed S] [--bin DIR] [--missed]

The photos, one kind a row:

  zxing     the zxing project's real photos (Corpus/qr-zxing, Apache-2.0), a kind a folder:
            qrcode-1 … qrcode-6 (one code each) and multi-qrcode-1 (four codes)
  captures  the project's own captures kept as files (Tests/QRQuizTestSupport/Fixtures:
            captures, hard-captures, faint), one code each
  scenes    phone photos of many codes from make_scenes.py (30 with seed 1 unless told;
            with --scenes, made there once and reused, or any folder holding photos with
            their groups.json, as make_scenes.py writes it): a `qrquiz sheet` of 40-60 codes,
            three codes under- or over-exposed, two codes, one code of version 20-40 on
            curled paper through a distorting lens, a compact topic's grid of codes

A code is read when its exact text is among those a decoder returns for its photo (a text
held by two codes counts as often as it is returned); a wrong text is one no code there
holds.

Time, in one run on the same files, each photo from its file (decoding the PNG or JPEG
included): qrquiz in process (`qrquiz-bench scan`, the reader `qrquiz decode` runs) and
zxing-cpp in this Python process (Image.open, load, read_barcodes), each photo's processor
time on its thread, which the other work of a shared machine inflates less than the
elapsed time; the ratio is of the medians, per kind and over every photo. Also the whole
run's elapsed time as the issue asks for it: one `qrquiz decode --each --jobs 1` process
over every file against zxing-cpp's elapsed time summed. zbarimg runs one process a file
(binary mode: its exact bytes; see `zbar_results`)."""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
import warnings

import zxingcpp
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Corpus", "qr-zxing")
FIXTURES = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures")
MAKER = os.path.join(FIXTURES, "make_scenes.py")
SCENE_KINDS = ["sheet", "exposure", "pair", "high", "compact"]
warnings.simplefilter("ignore")
Image.MAX_IMAGE_PIXELS = None


def zxing_photos():
    """(kind, path, texts) of the zxing corpus."""
    photos = []
    for folder in sorted(glob.glob(os.path.join(CORPUS, "qrcode-*"))):
        kind = "zxing " + os.path.basename(folder)
        for path in sorted(glob.glob(os.path.join(folder, "*.png")), key=lambda p: int(os.path.basename(p)[:-4])):
            with open(path[:-4] + ".txt", "rb") as f:
                photos.append((kind, path, [f.read().decode("utf-8")]))
    for path in sorted(glob.glob(os.path.join(CORPUS, "multi-qrcode-*", "*.png"))):
        with open(path[:-4] + ".multi.json", encoding="utf-8") as f:
            photos.append(("zxing multi-qrcode", path, json.load(f)["expected"]))
    return photos


def capture_photos():
    """(kind, path, texts) of the captures kept as fixtures."""
    photos = []
    for folder in ("captures", "hard-captures", "faint"):
        for path in sorted(glob.glob(os.path.join(FIXTURES, folder, "*.*"))):
            if path.endswith((".png", ".jpg")):
                with open(os.path.splitext(path)[0] + ".txt", "rb") as f:
                    photos.append((f"{folder} (fixtures)", path, [f.read().decode("utf-8")]))
    return photos


def scene_photos(folder, count, seed, qrquiz):
    """(kind, path, texts) of the scenes in `folder`, made there first unless it holds them,
    and whether they were made now."""
    made = not os.path.exists(os.path.join(folder, "groups.json"))
    if made:
        subprocess.run([sys.executable, MAKER, folder, str(count), str(seed), "--qrquiz", qrquiz], check=True)
    with open(os.path.join(folder, "groups.json")) as f:
        groups = json.load(f)
    photos = []
    for name in sorted(groups):
        path = os.path.join(folder, name)
        with open(os.path.splitext(path)[0] + ".json", encoding="utf-8") as f:
            photos.append((groups[name][0], path, json.load(f)["texts"]))
    # Kinds in make_scenes.py's order (a kind it does not make, named by hand, after them).
    order = lambda kind: SCENE_KINDS.index(kind) if kind in SCENE_KINDS else len(SCENE_KINDS)
    return sorted(photos, key=lambda p: (order(p[0]), p[0], p[1])), made


def qrquiz_results(bench, files):
    """Each file's texts and processor seconds (qrquiz-bench scan, from the file)."""
    run = subprocess.run([bench, "scan", *files], capture_output=True, text=True, check=True)
    results, times = {}, {}
    for record in map(json.loads, run.stdout.splitlines()):
        results[record["file"]] = record["texts"]
        times[record["file"]] = record["cpu_ms"] / 1e3
    return results, times


def qrquiz_wall(qrquiz, files):
    """Elapsed seconds of one `qrquiz decode --each --jobs 1` over every file."""
    start = time.perf_counter()
    subprocess.run([qrquiz, "decode", "--each", "--jobs", "1", *files], capture_output=True)
    return time.perf_counter() - start


def zxing_results(files):
    """Each file's texts and processor seconds, and the elapsed seconds of them all."""
    results, times, wall = {}, {}, 0.0
    for path in files:
        start, cpu = time.perf_counter(), time.thread_time()
        image = Image.open(path)
        image.load()
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        times[path] = time.thread_time() - cpu
        wall += time.perf_counter() - start
        results[path] = [r.text for r in found]
    return results, times, wall


def zbar_results(photos):
    """zbarimg's texts, one process a file. In binary mode (its exact bytes: its text mode
    re-encodes some UTF-8 as Shift_JIS) it writes every symbol's bytes one after another
    with nothing between, so each code there whose bytes it holds counts as one text, and
    whatever bytes are left over as one wrong text."""
    results = {}
    for _, path, expected in photos:
        run = subprocess.run(["zbarimg", "-q", "--raw", "-Sbinary", path], capture_output=True)
        left, texts = run.stdout, []
        for text in sorted(set(expected), key=len, reverse=True):
            data = text.encode()
            while data in left:
                left = left.replace(data, b"", 1)
                texts.append(text)
        if left.strip():
            texts.append(left.decode("utf-8", "replace"))
        results[path] = texts
    return results


def score(photos, results):
    """Codes read (each code's text found, at most as often as it is there), codes there,
    wrong texts."""
    read = there = wrong = 0
    for _, path, texts in photos:
        found = results[path]
        read += sum(min(texts.count(t), found.count(t)) for t in set(texts))
        there += len(texts)
        wrong += sum(t not in texts for t in found)
    return read, there, wrong


def median_ms(times, photos):
    return 1000 * statistics.median(times[path] for _, path, _ in photos)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", help="a folder for the scenes: made there unless it holds them")
    parser.add_argument("--count", type=int, default=30, help="scenes to make (when the folder holds none)")
    parser.add_argument("--seed", type=int, default=1, help="the scenes' seed (when the folder holds none)")
    parser.add_argument("--bin", help="the folder of a qrquiz and qrquiz-bench built already (to compare builds)")
    parser.add_argument("--missed", action="store_true", help="list the photos zxing-cpp reads more of")
    options = parser.parse_args()
    bin_dir = options.bin or subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True,
                                            capture_output=True, text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    scenes = options.scenes or os.path.join("/tmp", f"qrquiz-scenes-{options.seed}-{options.count}")
    scene, made = scene_photos(scenes, options.count, options.seed, qrquiz)
    photos = zxing_photos() + capture_photos() + scene
    files = [path for _, path, _ in photos]
    # Warm the page cache before anything is timed.
    for path in files:
        with open(path, "rb") as f:
            f.read()
    zbar = zbar_results(photos)
    wall = qrquiz_wall(qrquiz, files)
    ours, ours_times = qrquiz_results(bench, files)
    zxing, zxing_times, zxing_wall = zxing_results(files)
    decoders = {"qrquiz": ours, "zxing-cpp": zxing, "zbarimg": zbar}
    kinds = list(dict.fromkeys(kind for kind, _, _ in photos))
    members = {kind: [p for p in photos if p[0] == kind] for kind in kinds}

    # What the scenes are: made now from the seed, or whatever the folder held (the seed and
    # count asked for say nothing of a folder made before or put together by hand).
    scene_kinds = ", ".join(f"{kind} {sum(p[0] == kind for p in scene)}" for kind in dict.fromkeys(p[0] for p in scene))
    origin = (f"made now by make_scenes.py, seed {options.seed}" if made
              else f"read from {os.path.abspath(scenes)}, as the folder holds them")
    print(f"{len(photos)} photos; {len(scene)} scenes ({scene_kinds}), {origin}\n")
    print("| kind | photos | codes | qrquiz | zxing-cpp | zbarimg | qrquiz ms | zxing-cpp ms | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    shares = {name: [] for name in decoders}
    for kind in kinds:
        cells = []
        for name, results in decoders.items():
            read, there, _ = score(members[kind], results)
            shares[name].append(read / there)
            cells.append(f"{100 * read / there:.1f}% ({read})")
        ours_ms, theirs_ms = median_ms(ours_times, members[kind]), median_ms(zxing_times, members[kind])
        print(f"| {kind} | {len(members[kind])} | {there} | " + " | ".join(cells)
              + f" | {ours_ms:.1f} | {theirs_ms:.1f} | {ours_ms / theirs_ms:.2f}× |")
    totals = {name: score(photos, results) for name, results in decoders.items()}
    there = totals["qrquiz"][1]
    print(f"| **all codes** | {len(photos)} | {there} | "
          + " | ".join(f"**{100 * r / there:.1f}%** ({r})" for r, _, _ in totals.values())
          + f" | {median_ms(ours_times, photos):.1f} | {median_ms(zxing_times, photos):.1f} | "
          f"{median_ms(ours_times, photos) / median_ms(zxing_times, photos):.2f}× |")
    print(f"| mean of the {len(kinds)} kinds | | | "
          + " | ".join(f"{100 * sum(s) / len(s):.1f}%" for s in shares.values()) + " | | | |")
    print("| wrong texts | | | " + " | ".join(str(w) for _, _, w in totals.values()) + " | | | |")
    print(f"\nmedians: each photo's processor time from its file, qrquiz-bench scan against zxing-cpp in Python;"
          f"\nthe whole run, elapsed: qrquiz decode --each --jobs 1 {wall:.2f} s, zxing-cpp {zxing_wall:.2f} s"
          f" ({wall / zxing_wall:.2f}×)")
    if options.missed:
        for kind, path, texts in photos:
            got = {name: score([(kind, path, texts)], decoders[name])[0] for name in ("qrquiz", "zxing-cpp")}
            if got["qrquiz"] < max(got.values()) or got["qrquiz"] < len(texts):
                print(f"  {kind} {os.path.relpath(path, ROOT) if path.startswith(ROOT) else path}: qrquiz "
                      f"{got['qrquiz']}, zxing-cpp {got['zxing-cpp']} of {len(texts)}")


if __name__ == "__main__":
    main()
