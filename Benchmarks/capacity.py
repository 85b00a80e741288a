#!/usr/bin/env python3
"""How much topic fits how many symbols: the app's plain-JSON form against the compact
form, at qrquiz's defaults (level L, version 25). Topics come from Benchmarks/topics.py
(pseudo-word text that compresses like real quiz text).

  python3 Benchmarks/capacity.py"""
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from topics import compact, topic_of_size  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAIN_V25_L, PLAIN_V40_L = 1273, 2953  # ISO/IEC 18004 byte capacities


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    rng = random.Random(2026)
    print("| topic JSON | plain JSON, v25 L | plain JSON, v40 L | compact, v25 L |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for target in (1_273, 3_300, 10_000, 40_000):
            path = os.path.join(work, "topic.json")
            with open(path, "w") as f:
                f.write(compact(topic_of_size(rng, target, name="Capacity")))
            size = os.path.getsize(path)
            parts_dir = os.path.join(work, f"parts-{target}")
            os.makedirs(parts_dir)
            subprocess.run([qrquiz, "encode", path, "--format", "compact", "--layout", "files",
                            "-o", os.path.join(parts_dir, "t.png")], check=True, capture_output=True)
            symbols = len(os.listdir(parts_dir))
            plain25 = f"{math.ceil(size / PLAIN_V25_L)} (not app-readable when > 1)"
            plain40 = "1" if size <= PLAIN_V40_L else "does not fit"
            print(f"| {size} B | {plain25} | {plain40} | {symbols} |")
        # The largest generated topic one compact symbol holds (it depends on compression).
        largest = 0
        for target in range(2_000, 6_000, 100):
            path = os.path.join(work, "probe.json")
            with open(path, "w") as f:
                f.write(compact(topic_of_size(random.Random(target), target, name="Capacity")))
            parts_dir = os.path.join(work, f"probe-{target}")
            os.makedirs(parts_dir)
            subprocess.run([qrquiz, "encode", path, "--format", "compact", "--layout", "files",
                            "-o", os.path.join(parts_dir, "t.png")], check=True, capture_output=True)
            if len(os.listdir(parts_dir)) == 1:
                largest = max(largest, os.path.getsize(path))
        print(f"\nOne symbol at level L, version 25: plain JSON up to {PLAIN_V25_L} B (the app's form); "
              f"compact up to about {largest} B of generated topic JSON.")


if __name__ == "__main__":
    main()
