#!/usr/bin/env python3
"""Regenerates png/*.png: one QR code (made by the reference `qrencode`) saved in every
PNG colour type, bit depth and interlace mode, to prove the reader handles them all.
Needs `qrencode`, Pillow and pypng (pip install pypng). The output is committed."""
import os, subprocess, tempfile
import png  # pypng: writes every colour type and bit depth, interlaced or not
from PIL import Image

TEXT = "QRQuiz PNG fixture: every colour type"
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "png")
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "expected.txt"), "w") as f:
    f.write(TEXT)

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "qr.png")
    subprocess.run(["qrencode", "-s", "4", "-m", "4", "-o", source, TEXT], check=True)
    image = Image.open(source).convert("L")
width, height = image.size
dark = [[image.getpixel((x, y)) < 128 for x in range(width)] for y in range(height)]

def rows(value):
    return [[value(d) for d in row] for row in dark]

def flat(value):  # for multi-channel: flatten tuples per pixel
    return [[c for d in row for c in value(d)] for row in dark]

def save(name, rows_, **info):
    with open(os.path.join(out, name + ".png"), "wb") as f:
        png.Writer(width, height, **info).write(f, rows_)

for depth in (1, 2, 4, 8, 16):
    top = (1 << depth) - 1
    save(f"gray{depth}", rows(lambda d: 0 if d else top), greyscale=True, bitdepth=depth)
save("gray8-interlaced", rows(lambda d: 0 if d else 255), greyscale=True, bitdepth=8, interlace=True)
save("gray-alpha8", flat(lambda d: (0, 255) if d else (0, 0)), greyscale=True, alpha=True, bitdepth=8)
save("rgb8", flat(lambda d: (20, 30, 90) if d else (250, 250, 240)), greyscale=False, bitdepth=8)
save("rgb16", flat(lambda d: (0, 0, 0) if d else (65535, 65535, 65535)), greyscale=False, bitdepth=16)
# Transparent black background: readable only when composited over white.
save("rgba8-transparent", flat(lambda d: (0, 0, 0, 255) if d else (0, 0, 0, 0)), greyscale=False, alpha=True, bitdepth=8)
save("rgba8-interlaced", flat(lambda d: (0, 0, 0, 255) if d else (255, 255, 255, 255)), greyscale=False, alpha=True, bitdepth=8, interlace=True)
for depth in (1, 2, 4, 8):
    save(f"palette{depth}", rows(lambda d: 1 if d else 0), palette=[(255, 255, 255), (0, 0, 0)], bitdepth=depth)
# Palette with tRNS, as qrencode writes: the light entry fully transparent.
save("palette1-trns", rows(lambda d: 1 if d else 0), palette=[(0, 0, 0, 0), (0, 0, 0, 255)], bitdepth=1)
save("palette8-trns-interlaced", rows(lambda d: 1 if d else 0), palette=[(0, 0, 0, 0), (0, 0, 0, 255)], bitdepth=8, interlace=True)
print("wrote", len(os.listdir(out)) - 1, "PNG fixtures to", out)
