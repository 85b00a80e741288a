#!/usr/bin/env python3
"""Writes a 12-megapixel phone-like photo (4000x3000 JPEG: sensor noise, slight blur, a
tilted QR code holding TEXT) for the large-photo test. usage: make_photo.py OUT TEXT"""
import random
import subprocess
import sys
import tempfile

from PIL import Image, ImageFilter

out, text = sys.argv[1], sys.argv[2]
with tempfile.NamedTemporaryFile(suffix=".png") as code:
    subprocess.run(["qrencode", "-s", "12", "-m", "4", "-o", code.name, text], check=True)
    qr = Image.open(code.name).convert("L")
random.seed(12)
photo = Image.effect_noise((4000, 3000), 40).point(lambda v: 128 + (v - 128) // 3)
photo.paste(qr.rotate(17, expand=True, fillcolor=255), (1700, 1200))
photo.filter(ImageFilter.GaussianBlur(1.2)).save(out, quality=88)
