#!/usr/bin/env python3
"""Synthetic phone-like captures of QR codes, reproducible from a seed: the capture set
the reader is measured and pinned on.

usage: make_captures.py OUTPUT_DIR COUNT SEED

Each image carries one to four kinds of damage (three or four in most), each drawn from a
range that runs from mild to what the best decoders only just read:

  blur         out of focus: a Gaussian of 0.2-0.5 modules
  motion       a shaken phone: a streak of 0.4-1.2 modules in any direction
  jpeg         quality 30-60 (40-60 on top of blur or motion), colour subsampled
  perspective  tilted 10-45 degrees away (the far side up to 40% shorter); with small
               modules the tilt is strong, 30-50 degrees
  small        the photo downscaled (area-averaged, as a sensor does) until the
               smallest module spans 1.5-2.5 pixels
  light        uneven: a gradient, a soft shadow edge, or a glare spot
  contrast     the grey levels squeezed into a band 50-110 wide
  noise        sensor noise, a Gaussian of 5-16 levels per pixel
  rotation     turned by any angle
  background   busy: shapes, text, checkered patches, square rings like finders
  colour       dark ink of some hue on coloured paper, under a colour cast
  inverted     light modules on a dark ground
  tight        a quiet zone of half a module or one, on a dark or busy surround

The symbols are made by qrencode (on PATH): mostly topics' JSON (450-2400 bytes, versions
15-40 at level L, as the app shares them), else a short text. Writes NNN.png or NNN.jpg
with NNN.txt (the exact text); groups.json: {file: [groups]}, the damage kinds plus
"large" (a topic) and the file's colour type; geometry.json: each image's symbol size and
the map from its framed symbol's pixels to the photo's."""
import io
import json
import math
import os
import random
import subprocess
import sys
import warnings

import numpy
from PIL import Image, ImageDraw, ImageFilter

OUT, COUNT, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
QRENCODE = "qrencode"
KINDS = ["blur", "motion", "jpeg", "perspective", "small", "light", "contrast", "noise", "rotation", "background",
         "colour", "inverted", "tight"]
rng = random.Random(SEED)
# qrencode writes a 1-bit palette with transparency, which Pillow warns about on reading.
warnings.simplefilter("ignore", UserWarning)
os.makedirs(OUT, exist_ok=True)

SYLLABLES = "ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa re si tu va we xo ya zu".split()
ACCENTED = ["café", "Zürich", "naïve", "Ålesund", "señor", "crème", "déjà"]


def word():
    if rng.random() < 0.05:
        return rng.choice(ACCENTED)
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))


def topic_json(size):
    """A topic's compact JSON of about `size` bytes (as the app writes it)."""
    questions, text = [], ""
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
    in byte mode (as the app shares topics), made by the qrencode tool; True is dark."""
    png = subprocess.run([QRENCODE, "-8", "-l", "L", "-s", "1", "-m", "0", "-o", "-"],
                         input=payload.encode(), capture_output=True, check=True).stdout
    return numpy.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128


def choose_kinds():
    """One to four damage kinds, three or four in most images; blur and motion blur
    are never both (either one already softens every edge)."""
    count = rng.choices([1, 2, 3, 4], weights=[1, 2, 3.5, 3.5])[0]
    while True:
        kinds = rng.sample(KINDS, count)
        if not ("blur" in kinds and "motion" in kinds):
            return kinds


def luma(colour):
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def random_colour(lowest, highest):
    """A colour of some hue whose luma lies between `lowest` and `highest`."""
    while True:
        colour = [rng.randint(0, 255) for _ in range(3)]
        if lowest <= luma(colour) <= highest and max(colour) - min(colour) > 60:
            return colour


def homography(source, target):
    """Coefficients PIL's PERSPECTIVE transform wants: target (output) to source (input)."""
    rows, values = [], []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        values += [u, v]
    return numpy.linalg.solve(numpy.array(rows, float), numpy.array(values, float)).tolist()


def apply(coefficients, x, y):
    a, b, c, d, e, f, g, h = coefficients
    w = g * x + h * y + 1
    return (a * x + b * y + c) / w, (d * x + e * y + f) / w


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


def smallest_module(forward, margin, scale, modules):
    """Pixels the smallest module spans in the photo: a module's sides measured at the
    symbol's four corners through `forward` (framed pixels to photo pixels)."""
    sides = []
    for u, v in ((0, 0), (modules - 1, 0), (0, modules - 1), (modules - 1, modules - 1)):
        x0, y0 = (margin + u) * scale, (margin + v) * scale
        origin = apply(forward, x0, y0)
        for dx, dy in ((scale, 0), (0, scale)):
            point = apply(forward, x0 + dx, y0 + dy)
            sides.append(math.hypot(point[0] - origin[0], point[1] - origin[1]))
    return min(sides)


def busy_background(width, height):
    """Clutter a photo holds around a code: shapes, text, checkered patches, and square
    rings that look like finder patterns to a detector."""
    canvas = Image.new("RGB", (width, height), tuple([rng.randint(120, 230)] * 3))
    draw = ImageDraw.Draw(canvas)

    def shade():
        grey = rng.randint(0, 255)
        return tuple([grey] * 3)

    for _ in range(rng.randint(40, 120)):
        x, y = rng.randrange(width), rng.randrange(height)
        size = rng.randint(4, max(8, width // 8))
        if rng.random() < 0.5:
            draw.rectangle([x, y, x + size, y + size // 2], fill=shade())
        else:
            draw.ellipse([x, y, x + size, y + size], outline=shade(), width=rng.randint(1, 4))
    for _ in range(rng.randint(2, 6)):
        x, y, cell = rng.randrange(width), rng.randrange(height), rng.randint(2, 8)
        for row in range(rng.randint(3, 10)):
            for column in range(rng.randint(3, 10)):
                if (row + column) % 2 == 0:
                    draw.rectangle([x + column * cell, y + row * cell, x + column * cell + cell - 1,
                                    y + row * cell + cell - 1], fill=(20, 20, 20))
    for _ in range(rng.randint(1, 5)):
        x, y, unit = rng.randrange(width), rng.randrange(height), rng.randint(2, 7)
        draw.rectangle([x, y, x + 7 * unit - 1, y + 7 * unit - 1], fill=(15, 15, 15))
        draw.rectangle([x + unit, y + unit, x + 6 * unit - 1, y + 6 * unit - 1], fill=(240, 240, 240))
        draw.rectangle([x + 2 * unit, y + 2 * unit, x + 5 * unit - 1, y + 5 * unit - 1], fill=(15, 15, 15))
    for _ in range(rng.randint(5, 20)):
        draw.text((rng.randrange(width), rng.randrange(height)), word() + " " + word(), fill=shade())
    return canvas


def uneven_light(pixels):
    """A gradient across the photo, a soft shadow edge, or a glare spot washing it out."""
    height, width = pixels.shape[:2]
    yy, xx = numpy.mgrid[0:height, 0:width]
    yy, xx = yy / height - 0.5, xx / width - 0.5
    angle = rng.uniform(0, math.tau)
    along = numpy.cos(angle) * xx + numpy.sin(angle) * yy
    style = rng.choice(["gradient", "shadow", "glare"])
    if style == "gradient":
        gain = numpy.clip(0.65 + 1.3 * along * rng.uniform(0.6, 1.0), 0.3, 1.0)
        return pixels * gain[..., None]
    if style == "shadow":
        edge = rng.uniform(-0.25, 0.25)
        softness = rng.uniform(0.01, 0.06)
        depth = rng.uniform(0.35, 0.6)
        gain = 1 - depth / (1 + numpy.exp(-(along - edge) / softness))
        return pixels * gain[..., None]
    cx, cy, radius = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), rng.uniform(0.12, 0.3)
    strength = rng.uniform(0.45, 0.75)
    glare = strength * numpy.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius ** 2))
    return pixels + (255 - pixels) * glare[..., None]


def motion_blurred(image, streak, angle):
    """The image averaged along a straight streak of `streak` pixels at `angle`."""
    steps = max(3, int(math.ceil(streak * 2)) | 1)
    total = numpy.zeros((image.height, image.width, 3))
    for index in range(steps):
        offset = (index / (steps - 1) - 0.5) * streak
        dx, dy = offset * math.cos(angle), offset * math.sin(angle)
        shifted = image.transform(image.size, Image.AFFINE, (1, 0, dx, 0, 1, dy), Image.BILINEAR)
        total += numpy.asarray(shifted, dtype=numpy.float64)
    return Image.fromarray(numpy.clip(total / steps, 0, 255).astype(numpy.uint8))


def capture(index, kinds):
    """One capture with damage `kinds`: its image, its text, whether it is a topic, its
    geometry."""
    large = rng.random() < 0.8
    if large:
        payload = topic_json(rng.randint(450, 2400))
    else:
        payload = rng.choice(["https://example.org/quiz/", "Quiz night ", "QRQuiz "]) + word() + str(rng.randint(1, 999))
    dark = symbol(payload)
    modules = dark.shape[0]
    scale = rng.choice([3, 3, 4, 4, 5, 6]) if modules > 100 else rng.randint(4, 8)
    # The quiet zone, in pixels of the framed symbol: four modules, or half to one.
    margin = rng.choice([0.5, 1.0]) if "tight" in kinds else 4.0
    margin_pixels = max(1, int(round(margin * scale)))
    side = modules * scale + 2 * margin_pixels
    ink, paper = [0, 0, 0], [255, 255, 255]
    if "colour" in kinds:
        ink, paper = random_colour(0, 95), random_colour(175, 255)
    if "inverted" in kinds:
        ink, paper = paper, ink
    framed = numpy.empty((side, side, 3), numpy.uint8)
    framed[:] = paper
    grid = numpy.kron(dark, numpy.ones((scale, scale), bool))
    inner = framed[margin_pixels:margin_pixels + modules * scale, margin_pixels:margin_pixels + modules * scale]
    inner[grid] = ink
    framed = Image.fromarray(framed)

    strong = "perspective" in kinds and "small" in kinds
    tilt_x = tilt_y = 0.0
    if "perspective" in kinds:
        tilt_x = math.radians(rng.uniform(30, 50) if strong else rng.uniform(10, 45)) * rng.choice([-1, 1])
        tilt_y = math.radians(rng.uniform(0, 25)) * rng.choice([-1, 1])
    spin = math.radians(rng.uniform(-180, 180) if "rotation" in kinds else rng.uniform(-3, 3))
    corners = projected_corners(side, tilt_x, tilt_y, spin)
    span = max(max(abs(x), abs(y)) for x, y in corners)
    canvas_side = int(2 * span * rng.uniform(1.15, 1.5))
    centre = canvas_side / 2
    target = [(x + centre, y + centre) for x, y in corners]
    source = [(0, 0), (side, 0), (side, side), (0, side)]
    backward = homography(source, target)
    warped = framed.transform((canvas_side, canvas_side), Image.PERSPECTIVE, backward, Image.BILINEAR)
    mask = Image.new("L", (side, side), 255).transform((canvas_side, canvas_side), Image.PERSPECTIVE, backward,
                                                        Image.BILINEAR)
    if "background" in kinds:
        image = busy_background(canvas_side, canvas_side)
    elif "tight" in kinds:
        # A thin quiet zone only matters against something dark around it.
        image = Image.new("RGB", (canvas_side, canvas_side), tuple([rng.randint(30, 140)] * 3))
    else:
        image = Image.new("RGB", (canvas_side, canvas_side), tuple([rng.randint(200, 255)] * 3))
    image.paste(warped, (0, 0), mask)
    forward = homography(target, source)

    if "small" in kinds:
        factor = rng.uniform(1.5, 2.5) / smallest_module(forward, margin_pixels / scale, scale, modules)
        if factor < 1:
            size = max(1, round(canvas_side * factor))
            image = image.resize((size, size), Image.BOX)
            forward = [c * factor for c in forward[:6]] + forward[6:]
    module_pixels = smallest_module(forward, margin_pixels / scale, scale, modules)

    pixels = numpy.asarray(image, dtype=numpy.float64)
    if "colour" in kinds:
        cast = numpy.array([rng.uniform(0.8, 1.0), rng.uniform(0.85, 1.0), rng.uniform(0.75, 1.0)])
        pixels = pixels * cast
    if "light" in kinds:
        pixels = uneven_light(pixels)
    if "contrast" in kinds:
        low = rng.randint(40, 110)
        pixels = low + pixels * rng.uniform(50, 110) / 255
    image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8))
    if "blur" in kinds:
        image = image.filter(ImageFilter.GaussianBlur(max(0.5, rng.uniform(0.2, 0.5) * module_pixels)))
    if "motion" in kinds:
        image = motion_blurred(image, max(1.0, rng.uniform(0.4, 1.2) * module_pixels), rng.uniform(0, math.pi))
    pixels = numpy.asarray(image, dtype=numpy.float64)
    if "noise" in kinds:
        noise = numpy.random.default_rng(SEED * 1000 + index).normal(0, rng.uniform(5, 16), pixels.shape[:2])
        pixels = pixels + noise[..., None]
    image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8))
    geometry = {"dimension": modules, "margin": margin_pixels / scale, "scale": scale, "forward": forward,
                "smallest_module": round(module_pixels, 2)}
    return image, payload, large, geometry


def save(image, name, kinds):
    """The capture as JPEG (when damaged so) or as a PNG of some colour type; its group."""
    colour = "colour" in kinds
    if "jpeg" in kinds:
        path = os.path.join(OUT, name + ".jpg")
        blurred = "blur" in kinds or "motion" in kinds
        quality = rng.randint(40, 60) if blurred else rng.randint(30, 60)
        (image if colour else image.convert("L").convert(rng.choice(["L", "RGB"]))).save(path, "JPEG",
                                                                                          quality=quality)
        return path, "jpeg-" + ("colour" if colour else "grey")
    mode = rng.choice(["RGB", "RGBA", "P"] if colour else ["L", "RGB", "RGBA", "P", "LA"])
    if not colour:
        image = image.convert("L")
    converted = image.convert(mode) if mode != "P" else image.convert("RGB").quantize(64 if not colour else 256)
    path = os.path.join(OUT, name + ".png")
    converted.save(path)
    return path, "png-" + mode


groups_of = {}
truth = {}
for index in range(COUNT):
    kinds = choose_kinds()
    image, payload, large, geometry = capture(index, kinds)
    name = f"{index:03d}"
    path, file_type = save(image, name, kinds)
    with open(os.path.join(OUT, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(payload)
    groups_of[os.path.basename(path)] = [k for k in KINDS if k in kinds] + (["large"] if large else []) + [file_type]
    truth[name] = geometry

with open(os.path.join(OUT, "groups.json"), "w") as f:
    json.dump(groups_of, f, indent=0)
with open(os.path.join(OUT, "geometry.json"), "w") as f:
    json.dump(truth, f)
