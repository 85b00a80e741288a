#!/usr/bin/env python3
"""Regenerates jpeg/*.jpg: a QR code (made by `qrencode`) saved as JPEG with EXIF
orientations, as phones save photos. Needs `qrencode` and Pillow. The output is committed.

- upright.jpg          no EXIF
- rotated-6.jpg        pixels turned 90° counter-clockwise, EXIF orientation 6 (turn right to view)
- mirrored-2.jpg       pixels mirrored, EXIF orientation 2 (mirror to view)
- progressive.jpg      progressive JPEG, 4:2:0 colour
- photo-gps-6.jpg      a colour "phone photo" (320×200 upright, a red square at its top left)
                       stored turned, EXIF orientation 6, with a GPS position, a camera make
                       and a comment: what an uploaded picture must lose
- cmyk-adobe.jpg       the upright image in colour (the marker square cyan) as CMYK with
                       Adobe's APP14 marker, values inverted, as Photoshop saves
- ycck-adobe.jpg       the same as YCCK (APP14 transform 2)
- cmyk-plain.jpg       the same as CMYK without APP14, values as ink amounts
                       (the last three by write_cmyk_jpeg.c, compiled here: needs cc and libjpeg)
A corner marker (a black square at the top left of the upright image) lets tests check
that orientation was applied, not only that the code read."""
import os
import subprocess
import sys
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

# A phone photo: colour, stored turned, with the EXIF a phone writes (position included).
photo = Image.new("RGB", (320, 200), (70, 130, 180))
photo.paste((200, 30, 30), (0, 0, 60, 60))
data = Image.Exif()
data[0x0112] = 6
data[0x010F] = "QRQuizPhone"
gps = data.get_ifd(0x8825)
gps[1] = "N"
gps[2] = (40.0, 25.0, 0.0)
gps[3] = "W"
gps[4] = (3.0, 42.0, 0.0)
photo.transpose(Image.Transpose.ROTATE_90).save(
    os.path.join(out, "photo-gps-6.jpg"), quality=90, exif=data.tobytes(), comment=b"taken at home")

# Four-component JPEGs, as print workflows and Photoshop write them.
cyan = upright.convert("RGB")
cyan.paste((0, 255, 255), (0, 0, 40, 40))
with tempfile.TemporaryDirectory() as tmp:
    writer = os.path.join(tmp, "write_cmyk_jpeg")
    subprocess.run(["cc", "-O2", "-o", writer, os.path.join(here, "write_cmyk_jpeg.c"), "-ljpeg"], check=True)
    ppm = os.path.join(tmp, "colour.ppm")
    cyan.save(ppm)
    for kind, name in (("cmyk", "cmyk-adobe"), ("ycck", "ycck-adobe"), ("plain", "cmyk-plain")):
        subprocess.run([writer, kind, ppm, os.path.join(out, name + ".jpg")], check=True)
print("wrote JPEG fixtures to", out, file=sys.stderr)
