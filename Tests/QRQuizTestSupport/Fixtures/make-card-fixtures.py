#!/usr/bin/env python3
"""Regenerates cards/*.jpg from the cards `qrquiz answer-cards print --png` draws (give the
built qrquiz as the first argument). Needs Pillow. The output is committed.

- rotated-6.jpg   card 2 on a grey page, its pixels turned 90 degrees counter-clockwise (as
                  read without its EXIF, B is on top) and EXIF orientation 6 (turn right to
                  view): shown upright, A is on top.
- between-levels.jpg  not made here: the region (0, 768)-(640, 1408) of the photo
                  12mp-speed-12mp-7.jpg of `Benchmarks/cards.py --seed 33 --keep DIR`, in grey on
                  a flat 1600 x 1600 page at the same place: card 11 held at C, a marker of 131 px
                  whose box at a slant fell between two searched levels and was once missed."""
import os
import subprocess
import sys
import tempfile

from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "cards")
os.makedirs(out, exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.argv[1], "answer-cards", "print", "--cards", "2", "--png", tmp], check=True)
    card = Image.open(os.path.join(tmp, "card-2.png")).convert("L").resize((300, 300), Image.LANCZOS)
page = Image.new("L", (480, 400), 170)
page.paste(card, (90, 50))
stored = page.rotate(90, expand=True)
exif = Image.Exif()
exif[0x0112] = 6
stored.save(os.path.join(out, "rotated-6.jpg"), quality=88, exif=exif)
