#!/usr/bin/env python3
"""Photos of one QR code of version 35-40 through a strongly barrelled lens: make_scenes.py's
`high` kind with texts of 2.5-2.9 KB (versions 35-40 at level L), a barrel distortion of
0.10 (make_scenes.py draws up to 0.06 either way) and focus blur of at most 1.2 pixels.

  python3 Benchmarks/high_barrel_scenes.py OUTPUT_DIR SEED COUNT

Writes xNNN.jpg with xNNN.json as make_scenes.py does (no groups.json: list them as `high`
in a folder's groups.json for Benchmarks/photos.py --scenes)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests",
                                "QRQuizTestSupport", "Fixtures"))
import make_scenes  # noqa: E402


class BarrelledScenes(make_scenes.Scenes):
    def topic_text(self, size):
        return super().topic_text(self.rng.randint(2500, 2900))

    def lens(self, photo, blur, distortion=0.0):
        return super().lens(photo, blur=min(blur, 1.2), distortion=0.10 if distortion else 0.0)


def main():
    out, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    scenes = BarrelledScenes(out, seed, "qrquiz")
    for index in range(count):
        print(scenes.high(f"x{index:03d}", None), flush=True)


if __name__ == "__main__":
    main()
