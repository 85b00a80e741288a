#!/usr/bin/env python3
"""Answer cards, read from classroom photos, against libapriltag's own detector, in one run:

  python3 Benchmarks/cards.py [--quick] [--seed N] [--keep DIR]

1. cards: `qrquiz answer-cards print --count 40 --png DIR` (the cards a class prints);
2. photos (Benchmarks/classroom_photos.py, seeded): 12 MP phone photos and 1080p and 720p
   webcam frames of 8-40 cards, turned to each answer, leaning +-25 degrees, held at up to
   35 degrees, marker sides 25-300 px, hands and heads, clutter, uneven light, blur, noise,
   JPEG 70-92; among them 12 MP photos of 40 cards and 720p frames of 30, timed;
3. the reference: libapriltag's tag36h11 detector as shipped, quad_decimate 2, one thread, on
   the decoded pixels (Benchmarks/c/apriltag_detect.c; the detection alone is timed);
   ours: qrquiz-bench cards (the scanner `qrquiz answer-cards scan` uses), from the JPEG's
   bytes to the answers, one thread. Both run twice, alternating, three times a photo each;
   medians of wall time and of the thread's CPU time (the machine is shared: CPU time is
   what one core spends, wall time what a busy machine gave);
4. accuracy: unhidden cards read with the right answer, wrong answers (hidden cards
   included), card numbers read that are not in the photo; by marker side; the smallest
   side from which 99% are read, and what that means in a room; mirrored photos (none may
   give a card), and the same photos read with --mirrored.
Needs scripts/install-deps (libapriltag-dev, numpy and Pillow)."""
import argparse
import collections
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classroom_photos import make_photo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = os.path.join(ROOT, "Benchmarks", "c", "apriltag_detect.c")


def run_json(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {os.path.basename(r["file"]): r for r in map(json.loads, out.splitlines())}


def letter(corners):
    """The answer (0-3) libapriltag's corners give, as the scanner reads it (CardOrientation):
    the card's up from the bottom edge's middle to the top edge's; None between two letters."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    angle = math.atan2((x2 + x3 - x0 - x1) / 2, (y0 + y1 - y2 - y3) / 2)
    turns = round(angle / (math.pi / 2))
    if abs(angle - turns * math.pi / 2) > math.radians(35):
        return None
    return (-turns) % 4


def reference_ids(detector, cards_dir, work):
    """tag id -> card number, from the reference reading each clean card."""
    paths = []
    for number in range(1, 41):
        path = os.path.join(work, f"clean-{number}.jpg")
        Image.open(os.path.join(cards_dir, f"card-{number}.png")).convert("L").save(path, quality=95)
        paths.append(path)
    found = run_json([detector, "1", "1", *paths])
    return {found[os.path.basename(p)]["detections"][0]["id"]: n for n, p in zip(range(1, 41), paths)}


def accuracy(truth, reads):
    """Pooled figures and per-side bins."""
    right = total = wrong = phantom = 0
    bins = collections.defaultdict(lambda: [0, 0])
    for name, cards in truth.items():
        placed = {c["card"]: c for c in cards}
        got = reads.get(name, {})
        for card, answer in got.items():
            if card not in placed:
                phantom += 1
            elif placed[card]["answer"] != answer:
                wrong += 1
        for card, entry in placed.items():
            if entry["hidden"]:
                continue
            total += 1
            ok = got.get(card) == entry["answer"]
            right += ok
            side = 5 * int(entry["side"] // 5) if entry["side"] >= 20 else 2 * int(entry["side"] // 2)
            bins[min(side, 150)][0] += ok
            bins[min(side, 150)][1] += 1
    return {"right": right, "total": total, "wrong": wrong, "phantom": phantom, "bins": dict(bins)}


def smallest_at_99(bins):
    """The smallest side from which 99% of the cards that large or larger are read, and from
    which every 5 px band up to 40 px is read at 95% or more (so a good tail cannot hide a
    bad band)."""
    sides = sorted(bins)
    for start in sides:
        read = sum(bins[s][0] for s in sides if s >= start)
        seen = sum(bins[s][1] for s in sides if s >= start)
        bands = [bins[s][0] / bins[s][1] for s in sides if start <= s < 40]
        if seen and read / seen >= 0.99 and all(rate >= 0.95 for rate in bands):
            return start
    return None


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer photos")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--keep", help="keep the cards and photos in this folder")
    options = parser.parse_args()
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    with tempfile.TemporaryDirectory() as scratch:
        work = options.keep or scratch
        os.makedirs(work, exist_ok=True)
        detector = os.path.join(scratch, "apriltag_detect")
        subprocess.run(["cc", "-O2", "-o", detector, REFERENCE, "-lapriltag", "-ljpeg", "-lm"], check=True)
        cards_dir = os.path.join(work, "cards")
        subprocess.run([qrquiz, "answer-cards", "print", "--count", "40", "--png", cards_dir], check=True,
                       capture_output=True)
        cards = {n: Image.open(os.path.join(cards_dir, f"card-{n}.png")).convert("L") for n in range(1, 41)}

        rng = random.Random(options.seed)
        scale = 1 if not options.quick else 3
        # (kind, cards a photo or None for 8-40, photos, group, marker sides or None for the kind's)
        plan = [("12mp", 40, 8 // scale, "speed-12mp", None), ("12mp", None, 8 // scale, "", None),
                ("1080p", None, 12 // scale, "", None), ("720p", 30, 16 // scale, "speed-720p", None),
                ("720p", None, 12 // scale, "", None),
                # Below the range asked for, to find where reading stops.
                ("1080p", 40, 6 // scale, "range", (10, 30))]
        truth, groups = {}, collections.defaultdict(list)
        for kind, count, photos, group, sides in plan:
            for index in range(photos):
                name = f"{kind}-{group or 'mixed'}-{index}.jpg"
                truth[name] = make_photo(rng, cards, kind, count or rng.randint(8, 40), os.path.join(work, name),
                                         sides=sides)
                groups[group or kind].append(name)
        with open(os.path.join(work, "truth.json"), "w") as f:
            json.dump(truth, f)
        paths = [os.path.join(work, name) for name in sorted(truth)]
        placed = sum(len(t) for name, t in truth.items() if name not in groups["range"])
        hidden = sum(c["hidden"] for name, t in truth.items() if name not in groups["range"] for c in t)
        print(f"{len(paths) - len(groups['range'])} photos, {placed} cards ({hidden} hidden by a hand or a head), "
              f"and {len(groups['range'])} 1080p frames of 40 cards with markers of 10-30 px; {os.cpu_count()} cores\n")

        # Twice each, alternating, so a burst of load elsewhere hits both.
        ours_runs, reference_runs = [], []
        for _ in range(2):
            ours_runs.append(run_json([bench, "cards", "--runs", "3", *paths]))
            reference_runs.append(run_json([detector, "2", "3", *paths]))
        ids = reference_ids(detector, cards_dir, scratch)

        def timing(runs, name, key):
            return median([run[name][key] for run in runs])

        ours_reads = {name: {c["card"]: "ABCD".index(c["answer"]) for c in ours_runs[0][name]["cards"]}
                      for name in truth}
        reference_reads = {name: {ids.get(d["id"], -1 - d["id"]): letter(d["corners"])
                                  for d in reference_runs[0][name]["detections"]} for name in truth}
        # The photos made to the figures, and all of them (with the range set's
        # markers under 25 px) for the sides.
        in_range = {name: cards for name, cards in truth.items() if name not in groups["range"]}
        ours, reference = accuracy(in_range, ours_reads), accuracy(in_range, reference_reads)
        ours_sides, reference_sides = accuracy(truth, ours_reads), accuracy(truth, reference_reads)

        rows = []
        for label, result in (("qrquiz", ours), ("libapriltag, quad_decimate 2", reference)):
            rows.append((f"accuracy, markers 25-300 px: {label}", f"{100 * result['right'] / result['total']:.2f}% "
                         f"({result['right']}/{result['total']} unhidden)",
                         f"{result['wrong']} wrong answers", f"{result['phantom']} cards not in the photo"))
        for group, cards_in, label in (("speed-12mp", 40, "12 MP photo"), ("speed-720p", 30, "1280x720 frame")):
            names = groups[group]
            ours_cpu = median([timing(ours_runs, n, "cpu_ms") for n in names])
            ours_wall = median([timing(ours_runs, n, "ms") for n in names])
            ref_cpu = median([timing(reference_runs, n, "cpu_ms") for n in names])
            ref_wall = median([timing(reference_runs, n, "ms") for n in names])
            ratio = median([timing(ours_runs, n, "cpu_ms") / timing(reference_runs, n, "cpu_ms") for n in names])
            decode = median([timing(ours_runs, n, "decode_cpu_ms") for n in names])
            rows.append((f"{label}, {cards_in} cards: JPEG bytes to answers (ours) / detection on pixels (ref)",
                         f"CPU {ours_cpu:.1f} ms, wall {ours_wall:.1f} ms (of which JPEG decoding CPU {decode:.1f} ms)",
                         f"CPU {ref_cpu:.1f} ms, wall {ref_wall:.1f} ms",
                         f"{ours_cpu / ref_cpu:.2f}x CPU (per photo, median {ratio:.2f}x); "
                         f"{ours_wall / ref_wall:.2f}x wall"))
            if group == "speed-720p":
                rows.append(("1280x720 frames a second, one core", f"{1000 / ours_cpu:.0f} (CPU), "
                             f"{1000 / ours_wall:.0f} (wall, busy machine)", f"{1000 / ref_cpu:.0f} (CPU)",
                             "target >= 15"))

        print("| measure | qrquiz | libapriltag (quad_decimate 2, 1 thread) | |")
        print("|---|---|---|---|")
        for row in rows:
            print("| " + " | ".join(row) + " |")

        print("\nread right by marker side, every photo (unhidden cards, px: read/seen):")
        for label, result in (("qrquiz", ours_sides), ("libapriltag", reference_sides)):
            bins = result["bins"]
            print(f"  {label:12} " + " ".join(f"{s}{'+' if s == 150 else ''}:{bins[s][0]}/{bins[s][1]}"
                                              for s in sorted(bins)))
        side = smallest_at_99(ours_sides["bins"])
        reference_side = smallest_at_99(reference_sides["bins"])
        print(f"\nsmallest marker side read at 99% and more: qrquiz {side} px, libapriltag {reference_side} px")
        room(side)
        mirrors(qrquiz, work, sorted(truth)[:6], truth)


def room(side):
    """What a marker side in pixels means for cards in a classroom."""
    if side is None:
        return
    # Markers are 0.6 of the card's side (AnswerCardLayout); cards on A4 at 1, 2 and 4 a page.
    cards = {"1 a page (185 mm)": 185, "2 a page (129 mm)": 129, "4 a page (88 mm)": 88}
    cameras = {"12 MP phone photo (4000 px, 69 degrees across)": (4000, 69),
               "720p webcam (1280 px, 60 degrees across)": (1280, 60)}
    print(f"a marker of {side} px, the farthest a card may be from the camera:")
    for camera, (pixels, fov) in cameras.items():
        spans = []
        for label, card in cards.items():
            marker = card * 0.6 / 1000
            distance = marker * pixels / (2 * side * math.tan(math.radians(fov / 2)))
            spans.append(f"{label}: {distance:.1f} m")
        print(f"  {camera}: " + "; ".join(spans))


def mirrors(qrquiz, work, names, truth):
    """Mirrored photos give no card; read with --mirrored, they give the same as unmirrored."""
    mirrored = []
    for name in names:
        path = os.path.join(work, "mirror-" + name)
        Image.open(os.path.join(work, name)).transpose(Image.FLIP_LEFT_RIGHT).save(path, quality=92)
        mirrored.append(path)
    plain = subprocess.run([qrquiz, "answer-cards", "scan", "--json", *mirrored], capture_output=True, text=True)
    cards = sum(len(json.loads(line).get("cards", [])) for line in plain.stdout.splitlines())
    undone = subprocess.run([qrquiz, "answer-cards", "scan", "--json", "--mirrored", *mirrored], capture_output=True,
                            text=True)
    wrong = right = 0
    for line in undone.stdout.splitlines():
        record = json.loads(line)
        placed = {c["card"]: c["answer"] for c in truth[os.path.basename(record["file"])[len("mirror-"):]]}
        for card in record["cards"]:
            if placed.get(card["card"]) == "ABCD".index(card["answer"]):
                right += 1
            else:
                wrong += 1
    print(f"\nmirrored photos ({len(mirrored)}): {cards} cards read (must be 0); read with --mirrored: "
          f"{right} right, {wrong} wrong")


if __name__ == "__main__":
    main()
