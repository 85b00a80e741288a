#!/usr/bin/env python3
"""Regenerates jpeg/*.jpg: a QR code (made by `qrencode`) saved as JPEG with EXIF
orientations, as phones save photos. Needs `qrencode` and Pillow. The output is committed.

- upright.jpg          no EXIF
- rotated-6.jpg        pixels turned 90° counter-clockwise, EXIF orientation 6 (turn right to view)
- mirrored-2.jpg       pixels mirrored, EXIF orientation 2 (mirror to view)
- progressive.jpg      progressive JPEG, 4:2:0 colour
A corner marker (a black square at the top left of the upright image) lets tests check
that orientation was applied, not only that the code read."""
import os
import subprocess
import tempfile

from PIL import Image

TEXT = "QRQuiz JPEG fixture"
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "jpeg")
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "expected.txt"), "w") as f:
    f.write(TEXT)

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "qr.png")
    subprocess.run(["qrencode", "-s", "6", "-m", "6", "-o", source, TEXT], check=True)
    qr = Image.open(source).convert("L")
# Wider than tall, with the marker at the top left, so orientation is visible.
upright = Image.new("L", (qr.width + 120, qr.height), 255)
upright.paste(qr, (120, 0))
upright.paste(0, (0, 0, 40, 40))


def exif(orientation):
    data = Image.Exif()
    data[0x0112] = orientation
    return data.tobytes()


upright.save(os.path.join(out, "upright.jpg"), quality=90)
upright.transpose(Image.Transpose.ROTATE_90).save(os.path.join(out, "rotated-6.jpg"), quality=90, exif=exif(6))
upright.transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(os.path.join(out, "mirrored-2.jpg"), quality=90, exif=exif(2))
upright.convert("RGB").save(os.path.join(out, "progressive.jpg"), quality=85, progressive=True, subsampling=2)
print("wrote JPEG fixtures to", out)
