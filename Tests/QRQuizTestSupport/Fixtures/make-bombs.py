#!/usr/bin/env python3
"""Regenerates bombs/: small files that cost a decoder far more than their size.

  finders.png        18 KB, 6300 x 6300 pixels tiled with 68,000 QR finder patterns
                     (zbar's time grows faster than linearly with them: minutes)
  finders-small.png  its top-left 1050 x 1050 pixels (2,000 finders: about a second of
                     zbar passes, below the census, for the time-limit test)
  scans.jpg          156 KB, a 2000 x 2000 progressive JPEG whose last scan is repeated
                     10,000 times (each scan is a pass over every block)

usage: make-bombs.py OUTPUT_DIR"""
import io
import os
import struct
import sys

from PIL import Image

out = sys.argv[1]
module = 3
finder = [[1 if x in (0, 6) or y in (0, 6) or (2 <= x <= 4 and 2 <= y <= 4) else 0 for x in range(7)]
          for y in range(7)]
tile = Image.new("1", (8 * module, 8 * module), 1)
pixels = tile.load()
for y in range(7):
    for x in range(7):
        if finder[y][x]:
            for dy in range(module):
                for dx in range(module):
                    pixels[x * module + dx, y * module + dy] = 0
sheet = Image.new("1", (6300, 6300), 1)
for y in range(0, 6300, 8 * module):
    for x in range(0, 6300, 8 * module):
        sheet.paste(tile, (x, y))
sheet.save(os.path.join(out, "finders.png"), optimize=True)
sheet.crop((0, 0, 1050, 1050)).save(os.path.join(out, "finders-small.png"), optimize=True)

gray = Image.new("L", (2000, 2000), 128)
buffer = io.BytesIO()
gray.save(buffer, "JPEG", progressive=True, quality=90)
data = buffer.getvalue()
index, scans = 2, []
while index < len(data):
    marker = data[index + 1]
    if marker == 0xD9:
        break
    length = struct.unpack(">H", data[index + 2:index + 4])[0]
    if marker == 0xDA:
        end = index + 2 + length
        while not (data[end] == 0xFF and data[end + 1] != 0x00 and not 0xD0 <= data[end + 1] <= 0xD7):
            end += 1
        scans.append((index, end))
        index = end
    else:
        index += 2 + length
last = data[scans[-1][0]:scans[-1][1]]
with open(os.path.join(out, "scans.jpg"), "wb") as f:
    f.write(data[:scans[-1][1]] + last * 10000 + b"\xff\xd9")
