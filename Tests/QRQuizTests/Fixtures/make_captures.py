#!/usr/bin/env python3
"""Synthetic phone-like captures of QR codes, reproducible from a seed: the capture set
the rectifying reader is measured and pinned on.

usage: make_captures.py OUTPUT_DIR COUNT SEED

The symbols are made by qrencode (on PATH). Writes NNN.png or NNN.jpg with NNN.txt
(the exact text), and groups.json: {file: [groups]} where the groups are perspective,
large (a topic's JSON in a version 15-40 symbol), tight (a quiet zone of one module),
blur, jpeg, noise, light (uneven), contrast (low), background (busy), rotation, and the
PNG colour type; and geometry.json: each image's symbol size and the map from its module
grid to pixels. Most images are topics' JSON as large symbols, photographed at up to 40
degrees from paper or a projector."""
import io
import json
import math
import os
import random
import subprocess
import sys

import numpy
from PIL import Image, ImageDraw, ImageFilter

OUT, COUNT, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
QRENCODE = "qrencode"
rng = random.Random(SEED)
os.makedirs(OUT, exist_ok=True)

SYLLABLES = "ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa re si tu va we xo ya zu".split()
ACCENTED = ["café", "Zürich", "naïve", "Ålesund", "señor", "crème", "déjà"]


def word():
    if rng.random() < 0.05:
        return rng.choice(ACCENTED)
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))


def topic_json(size):
    """A topic's compact JSON of about `size` bytes (as the app writes it)."""
    sets, questions, text = [], [], ""
    while True:
        count = rng.choice([3, 4])
        question = {"question": " ".join(word() for _ in range(rng.randint(3, 9))) + "?",
                    "answers": [" ".join(word() for _ in range(rng.randint(1, 3))) + f" {i}" for i in range(count)],
                    "correctAnswers": [rng.randrange(count)]}
        candidate = json.dumps({"options": {"name": word().title()}, "sets": [questions + [question]]},
                               ensure_ascii=False, separators=(",", ":"))
        if len(candidate.encode()) > size and questions:
            return text
        questions.append(question)
        text = candidate


def symbol(payload):
    """The payload as a 1-pixel-a-module symbol without quiet zone, error correction L
    in byte mode (as the app shares topics), made by the qrencode tool."""
    png = subprocess.run([QRENCODE, "-8", "-l", "L", "-s", "1", "-m", "0", "-o", "-"],
                         input=payload.encode(), capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


def homography(source, target):
    """Coefficients PIL's PERSPECTIVE transform wants: target (output) to source (input)."""
    rows, values = [], []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        values += [u, v]
    return numpy.linalg.solve(numpy.array(rows, float), numpy.array(values, float)).tolist()


def projected_corners(width, tilt_x, tilt_y, spin, distance=3.2):
    """The square's corners after tilting it in 3D and projecting it (a phone's view)."""
    corners = []
    for cx, cy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y, z = cx, cy, 0.0
        y, z = y * math.cos(tilt_x) - z * math.sin(tilt_x), y * math.sin(tilt_x) + z * math.cos(tilt_x)
        x, z = x * math.cos(tilt_y) + z * math.sin(tilt_y), -x * math.sin(tilt_y) + z * math.cos(tilt_y)
        x, y = x * math.cos(spin) - y * math.sin(spin), x * math.sin(spin) + y * math.cos(spin)
        scale = distance / (distance + z)
        corners.append((x * scale * width / 2, y * scale * width / 2))
    return corners


def background(width, height, busy):
    if not busy:
        shade = rng.randint(200, 255)
        return Image.new("L", (width, height), shade)
    canvas = Image.new("L", (width, height), rng.randint(120, 230))
    draw = ImageDraw.Draw(canvas)
    for _ in range(rng.randint(40, 120)):
        x, y = rng.randrange(width), rng.randrange(height)
        size = rng.randint(4, max(8, width // 8))
        shade = rng.randint(0, 255)
        if rng.random() < 0.5:
            draw.rectangle([x, y, x + size, y + size // 2], fill=shade)
        else:
            draw.ellipse([x, y, x + size, y + size], outline=shade, width=rng.randint(1, 4))
    for _ in range(rng.randint(5, 20)):
        draw.text((rng.randrange(width), rng.randrange(height)), word() + " " + word(), fill=rng.randint(0, 80))
    return canvas


groups_of = {}
truth = {}


def name_of(index):
    return f"{index:03d}"


for index in range(COUNT):
    groups = []
    large = rng.random() < 0.8
    if large:
        payload = topic_json(rng.randint(450, 2400))
        groups.append("large")
    else:
        payload = rng.choice(["https://example.org/quiz/", "Quiz night ", "QRQuiz "]) + word() + str(rng.randint(1, 999))
    code = symbol(payload)
    modules = code.width
    scale = rng.choice([3, 3, 4, 4, 5, 6]) if modules > 100 else rng.randint(4, 8)
    tight = rng.random() < 0.2
    margin = 1 if tight else 4
    if tight:
        groups.append("tight")
    side = (modules + 2 * margin) * scale
    framed = Image.new("L", (side, side), 255)
    framed.paste(code.resize((modules * scale, modules * scale), Image.NEAREST), (margin * scale, margin * scale))

    perspective = rng.random() < 0.55
    rotation = rng.random() < 0.35
    tilt_x = math.radians(rng.uniform(10, 40)) * rng.choice([-1, 1]) if perspective else 0.0
    tilt_y = math.radians(rng.uniform(0, 25)) * rng.choice([-1, 1]) if perspective else 0.0
    spin = math.radians(rng.uniform(-180, 180)) if rotation else math.radians(rng.uniform(-3, 3))
    if perspective:
        groups.append("perspective")
    if rotation:
        groups.append("rotation")
    corners = projected_corners(side, tilt_x, tilt_y, spin)
    busy = rng.random() < 0.3
    if busy:
        groups.append("background")
    span = max(max(abs(x), abs(y)) for x, y in corners)
    canvas_side = int(2 * span * rng.uniform(1.15, 1.5))
    center = canvas_side / 2
    target = [(x + center, y + center) for x, y in corners]
    source = [(0, 0), (side, 0), (side, side), (0, side)]
    warped = framed.transform((canvas_side, canvas_side), Image.PERSPECTIVE, homography(source, target),
                              Image.BILINEAR, fillcolor=0)
    mask = Image.new("L", (side, side), 255).transform((canvas_side, canvas_side), Image.PERSPECTIVE,
                                                          homography(source, target), Image.BILINEAR, fillcolor=0)
    image = background(canvas_side, canvas_side, busy)
    image.paste(warped, (0, 0), mask)
    # Where module point (u, v) lands: the framed square's pixel ((margin + u) · scale, …)
    # through the forward map, for tools that measure a detector's geometry.
    forward = homography(target, source)
    truth[name_of(index)] = {"dimension": modules, "margin": margin, "scale": scale, "forward": forward}

    pixels = numpy.asarray(image, dtype=numpy.float64)
    if rng.random() < 0.3:
        groups.append("light")
        yy, xx = numpy.mgrid[0:canvas_side, 0:canvas_side] / canvas_side
        angle = rng.uniform(0, math.tau)
        gradient = 0.35 + 0.65 * (0.5 + 0.5 * numpy.cos(angle) * (xx - 0.5) * 2 + 0.5 * numpy.sin(angle) * (yy - 0.5))
        pixels = pixels * numpy.clip(gradient, 0.3, 1.0)
    if rng.random() < 0.25:
        groups.append("contrast")
        low, high = rng.randint(50, 90), rng.randint(160, 200)
        pixels = low + pixels * (high - low) / 255
    if rng.random() < 0.35:
        groups.append("noise")
        pixels = pixels + numpy.random.default_rng(SEED * 1000 + index).normal(0, rng.uniform(4, 16), pixels.shape)
    image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8))
    if rng.random() < 0.35:
        groups.append("blur")
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.1)))

    name = name_of(index)
    if rng.random() < 0.4:
        groups.append("jpeg")
        path = os.path.join(OUT, name + ".jpg")
        image.convert("RGB").save(path, "JPEG", quality=rng.randint(30, 60))
    else:
        mode = rng.choice(["L", "RGB", "RGBA", "P", "LA"])
        groups.append("png-" + mode)
        converted = image.convert(mode) if mode != "P" else image.convert("RGB").quantize(64)
        path = os.path.join(OUT, name + ".png")
        converted.save(path)
    with open(os.path.join(OUT, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(payload)
    groups_of[os.path.basename(path)] = groups

with open(os.path.join(OUT, "groups.json"), "w") as f:
    json.dump(groups_of, f, indent=0)
with open(os.path.join(OUT, "geometry.json"), "w") as f:
    json.dump(truth, f)
