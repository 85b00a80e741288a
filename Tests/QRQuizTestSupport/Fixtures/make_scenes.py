#!/usr/bin/env python3
"""Phone photos of scenes holding several QR codes, reproducible from a seed: the photos
the reader is measured on for many codes at once, exposure and high versions.

usage: make_scenes.py OUTPUT_DIR COUNT SEED [--qrquiz PATH] [--kinds KIND,...]

Each photo is 4032x3024 (a 12 MP phone; some exposure and pair photos 2016x1512), a JPEG
of quality 82-94 with its colour subsampled, as a phone writes it, through a lens: the
scene seen in perspective, slightly out of focus, darker towards the corners, with sensor
noise. The kinds, one a photo, taken in turn:

  sheet     one `qrquiz sheet` of 40-60 small topics (three to five A4 pages at 300 dpi,
            captioned) laid out in a grid on a desk, each page a little askew
  exposure  three codes on a page, the photo under-exposed (the levels squeezed into the
            bottom fifth to third, the noise amplified with them) or over-exposed (the
            paper clipped to white, the ink washed out to mid-grey, glare)
  pair      two codes on a page, a plain photo
  high      one code of version 20-40 (a topic's JSON) filling half the frame or more, on
            paper curled round a cylinder, through a lens with barrel or pincushion
            distortion
  compact   a topic too large for one code, in the compact form `qrquiz encode` writes (a
            labelled grid of several codes), photographed

Writes NNN.jpg with NNN.json: {"kind": KIND, "texts": [every code's exact text]}, and
groups.json: {file: [kind]}. A sheet's and a compact grid's texts are read from the clean
page by zxing-cpp, and the photo is only kept when that reads every code the page holds.
Needs qrencode, numpy, scipy, Pillow and zxing-cpp; --qrquiz (default: qrquiz on PATH)
for `sheet` and `compact`."""
import argparse
import io
import json
import math
import os
import random
import subprocess
import tempfile
import warnings

import numpy
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter
from scipy import ndimage

KINDS = ["sheet", "exposure", "pair", "high", "compact"]
warnings.simplefilter("ignore", UserWarning)
Image.MAX_IMAGE_PIXELS = None

SYLLABLES = "ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa re si tu va we xo ya zu".split()
ACCENTED = ["café", "Zürich", "naïve", "Ålesund", "señor", "crème", "déjà"]


class Scenes:
    def __init__(self, out, seed, qrquiz):
        self.out, self.qrquiz = out, qrquiz
        self.rng = random.Random(seed)
        self.noise = numpy.random.default_rng(seed)

    # Payloads.

    def word(self):
        if self.rng.random() < 0.05:
            return self.rng.choice(ACCENTED)
        return "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(1, 3)))

    def topic(self, questions, words=(2, 6), name=None):
        """A topic of `questions` questions, as JSON a teacher's file holds."""
        rng = self.rng
        sets = []
        # Every question of a set has as many answers as its first.
        count = rng.choice([2, 3, 4])
        for _ in range(questions):
            sets.append({"question": " ".join(self.word() for _ in range(rng.randint(*words))) + "?",
                         "answers": [self.word() + f" {i}" for i in range(count)],
                         "correctAnswers": [rng.randrange(count)]})
        return {"options": {"name": name or (self.word().title() + " " + self.word())}, "sets": [sets]}

    def topic_text(self, size):
        """A topic's compact JSON of about `size` bytes, as the app shares it."""
        questions, text = 1, ""
        while True:
            candidate = json.dumps(self.topic(questions, words=(3, 9)), ensure_ascii=False, separators=(",", ":"))
            if len(candidate.encode()) > size and text:
                return text
            text, questions = candidate, questions + 1

    def short_text(self):
        return self.rng.choice(["https://example.org/quiz/", "Quiz night ", "QRQuiz ", "Room "]) + self.word() + str(
            self.rng.randint(1, 999))

    @staticmethod
    def symbol(payload, level="L"):
        """The payload's symbol, one pixel a module, no quiet zone; True is dark."""
        png = subprocess.run(["qrencode", "-8", "-l", level, "-s", "1", "-m", "0", "-o", "-"],
                             input=payload.encode(), capture_output=True, check=True).stdout
        return numpy.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128

    # Scenes, flat: an RGB image of paper (and what lies around it) with its codes' texts.

    def page_of_codes(self, payloads, module_mm, width_mm=210, height_mm=297, dpmm=8):
        """Codes placed apart on a white page, `dpmm` pixels a millimetre; also each
        code's square (quiet zone included) in the page's pixels."""
        page = Image.new("L", (int(width_mm * dpmm), int(height_mm * dpmm)), 255)
        taken = []
        for payload in payloads:
            dark = self.symbol(payload)
            side_mm = (dark.shape[0] + 8) * module_mm
            for _ in range(200):
                x = self.rng.uniform(10, max(11, width_mm - 10 - side_mm))
                y = self.rng.uniform(10, max(11, height_mm - 10 - side_mm))
                if all(x + side_mm < a or a + s < x or y + side_mm < b or b + s < y for a, b, s in taken):
                    break
            taken.append((x, y, side_mm))
            scale = max(1, round(module_mm * dpmm))
            code = Image.fromarray(((~dark) * 255).astype(numpy.uint8)).resize(
                (dark.shape[0] * scale, dark.shape[0] * scale), Image.NEAREST)
            code = code.resize((round(dark.shape[0] * module_mm * dpmm),) * 2, Image.NEAREST)
            page.paste(code, (round((x + 4 * module_mm) * dpmm), round((y + 4 * module_mm) * dpmm)))
        squares = [[(x * dpmm, y * dpmm), ((x + s) * dpmm, y * dpmm), ((x + s) * dpmm, (y + s) * dpmm),
                    (x * dpmm, (y + s) * dpmm)] for x, y, s in taken]
        return page, squares

    def sheet_pages(self, work):
        """The pages of one `qrquiz sheet` of 40-60 small topics (three to five A4 pages)."""
        count = self.rng.randint(40, 60)
        files = []
        for index in range(count):
            path = os.path.join(work, f"t{index}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(self.topic(1, words=(1, 3)), f, ensure_ascii=False)
            files.append(path)
        subprocess.run([self.qrquiz, "sheet", *files, "--paper", "a4", "-o", os.path.join(work, "sheet.png")],
                       check=True, capture_output=True)
        written = sorted((p for p in os.listdir(work) if p.startswith("sheet")),
                         key=lambda p: int(p[len("sheet-"):-len(".png")]) if "-" in p else 0)
        return [Image.open(os.path.join(work, p)).convert("L") for p in written], count

    def compact_grid(self, work):
        """A topic in compact symbols, as `qrquiz encode` lays them out in one image."""
        path = os.path.join(work, "big.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.topic(self.rng.randint(60, 140), words=(4, 10)), f, ensure_ascii=False)
        out = os.path.join(work, "big.png")
        subprocess.run([self.qrquiz, "encode", path, "--format", "compact", "--max-version",
                        str(self.rng.choice([10, 12, 15])), "--scale", "4", "-o", out], check=True,
                       capture_output=True)
        return Image.open(out).convert("L")

    # The camera.

    @staticmethod
    def homography(source, target):
        rows, values = [], []
        for (x, y), (u, v) in zip(source, target):
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
            values += [u, v]
        solution = numpy.linalg.solve(numpy.array(rows, float), numpy.array(values, float))
        return numpy.append(solution, 1).reshape(3, 3)

    @staticmethod
    def apply(matrix, points):
        points = numpy.asarray(points, float)
        mapped = numpy.c_[points, numpy.ones(len(points))] @ matrix.T
        return mapped[:, :2] / mapped[:, 2:]

    def view(self, corners, width, height, tilt, spin, fill):
        """The photo's points of a flat scene's `corners` (mm) seen by a camera tilted by
        `tilt` degrees about a random axis and turned by `spin`, the scene filling `fill`
        of the frame."""
        rng = self.rng
        corners = numpy.asarray(corners, float)
        centre = corners.mean(axis=0)
        points = corners - centre
        axis = rng.uniform(0, math.tau)
        ax, ay = math.cos(axis), math.sin(axis)
        t, s = math.radians(tilt), math.radians(spin)
        projected = []
        for x, y in points:
            # Rotate about the in-plane axis (ax, ay) by t: the depth grows across it.
            along = x * ax + y * ay
            across = -x * ay + y * ax
            depth = across * math.sin(t)
            across *= math.cos(t)
            x3, y3 = along * ax - across * ay, along * ay + across * ax
            distance = 2.2 * max(numpy.ptp(points[:, 0]), numpy.ptp(points[:, 1]))
            factor = distance / (distance + depth)
            x3, y3 = x3 * factor, y3 * factor
            projected.append((x3 * math.cos(s) - y3 * math.sin(s), x3 * math.sin(s) + y3 * math.cos(s)))
        projected = numpy.array(projected)
        span = projected.max(axis=0) - projected.min(axis=0)
        scale = fill * min(width / span[0], height / span[1])
        offset = numpy.array([width, height]) / 2 - (projected.max(axis=0) + projected.min(axis=0)) / 2 * scale
        slack = (numpy.array([width, height]) - span * scale) / 2
        offset += [rng.uniform(-0.8, 0.8) * slack[0], rng.uniform(-0.8, 0.8) * slack[1]]
        return projected * scale + offset

    def desk(self, width, height):
        """A desk under the pages: wood grain or a grey table, with some clutter."""
        rng = self.rng
        if rng.random() < 0.5:
            base = numpy.array([rng.randint(110, 170), rng.randint(80, 120), rng.randint(50, 80)], numpy.float32)
            grain = ndimage.gaussian_filter1d(self.noise.normal(0, 1, (height // 8, width // 8)).astype(numpy.float32),
                                              6, axis=1)
            grain = numpy.asarray(Image.fromarray(grain).resize((width, height), Image.BILINEAR))
            pixels = base[None, None, :] * (1 + 0.35 * grain[..., None])
        else:
            grey = rng.randint(60, 170)
            pixels = numpy.full((height, width, 3), grey, numpy.float32)
        image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8))
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randint(0, 6)):
            x, y = rng.randrange(width), rng.randrange(height)
            size = rng.randint(width // 30, width // 8)
            colour = tuple(rng.randint(0, 255) for _ in range(3))
            if rng.random() < 0.5:
                draw.ellipse([x, y, x + size, y + size], fill=colour)
            else:
                draw.rectangle([x, y, x + size, y + size // 3], fill=colour)
        return image

    def paste(self, photo, flat, matrix, paper, ink, supersample):
        """`flat` (grey, white paper) seen through `matrix` (flat pixels to photo pixels),
        its white as `paper` and its black as `ink`, pasted into `photo`."""
        # Shrink the flat image near the photo's scale first (area-averaged, as a sensor
        # does), so the warp samples it without aliasing.
        corners = [(0, 0), (flat.width, 0), (flat.width, flat.height), (0, flat.height)]
        mapped = self.apply(matrix, corners)
        scale = min(1.0, supersample * max(numpy.linalg.norm(mapped[1] - mapped[0]) / flat.width,
                                           numpy.linalg.norm(mapped[3] - mapped[0]) / flat.height))
        if scale < 1:
            size = (max(1, round(flat.width * scale)), max(1, round(flat.height * scale)))
            flat = flat.resize(size, Image.BOX)
            matrix = matrix @ numpy.diag([1 / scale, 1 / scale, 1])
        inverse = numpy.linalg.inv(matrix)
        inverse /= inverse[2, 2]
        coefficients = inverse.flatten()[:8].tolist()
        warped = flat.transform(photo.size, Image.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=255)
        mask = Image.new("L", flat.size, 255).transform(photo.size, Image.PERSPECTIVE, coefficients,
                                                          Image.BILINEAR)
        level = numpy.asarray(warped, numpy.float32)[..., None] / 255
        coloured = numpy.asarray(ink, numpy.float32) + level * (numpy.asarray(paper, numpy.float32) -
                                                                numpy.asarray(ink, numpy.float32))
        photo.paste(Image.fromarray(numpy.clip(coloured, 0, 255).astype(numpy.uint8)), (0, 0), mask)

    def lens(self, photo, blur, distortion=0.0):
        """Focus, barrel (k > 0) or pincushion distortion, light falling off to the corners."""
        if distortion:
            width, height = photo.size
            yy, xx = numpy.mgrid[0:height, 0:width].astype(numpy.float32)
            cx, cy, norm = width / 2, height / 2, math.hypot(width, height) / 2
            dx, dy = (xx - cx) / norm, (yy - cy) / norm
            factor = 1 + distortion * (dx * dx + dy * dy)
            sx, sy = cx + dx * factor * norm, cy + dy * factor * norm
            pixels = numpy.asarray(photo, numpy.float32)
            channels = [ndimage.map_coordinates(pixels[..., c], [sy, sx], order=1, mode="nearest")
                        for c in range(3)]
            photo = Image.fromarray(numpy.clip(numpy.stack(channels, -1), 0, 255).astype(numpy.uint8))
        if blur > 0:
            photo = photo.filter(ImageFilter.GaussianBlur(blur))
        return photo

    def sensor(self, photo, gain=1.0, gamma=1.0, falloff=0.3, noise=3.0, glare=0.0):
        """Exposure (`gain`, then clipped), a tone curve, vignetting, noise growing with the
        square root of the light (shot noise) and amplified with a low gain."""
        width, height = photo.size
        pixels = numpy.asarray(photo, numpy.float32) / 255
        yy, xx = numpy.ogrid[0:height, 0:width]
        radius = ((xx - width / 2) ** 2 + (yy - height / 2) ** 2) / ((width / 2) ** 2 + (height / 2) ** 2)
        pixels = pixels * (1 - falloff * radius)[..., None].astype(numpy.float32)
        if glare:
            gx, gy = self.rng.uniform(0.2, 0.8) * width, self.rng.uniform(0.2, 0.8) * height
            spread = self.rng.uniform(0.15, 0.35) * width
            spot = glare * numpy.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * spread ** 2))
            pixels = pixels + spot[..., None].astype(numpy.float32)
        pixels = numpy.clip(pixels * gain, 0, 1)
        shot = self.noise.standard_normal(pixels.shape[:2], dtype=numpy.float32)[..., None]
        pixels = pixels + shot * (noise / 255) * numpy.sqrt(numpy.maximum(pixels, 0.02)) / max(gain, 0.25) ** 0.5
        pixels = numpy.clip(pixels, 0, 1) ** (1 / gamma)
        return Image.fromarray((pixels * 255 + 0.5).astype(numpy.uint8))

    def save(self, photo, name, kind, texts):
        path = os.path.join(self.out, name + ".jpg")
        photo.save(path, "JPEG", quality=self.rng.randint(82, 94), subsampling=2)
        with open(os.path.join(self.out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump({"kind": kind, "texts": texts}, f, ensure_ascii=False)
        return os.path.basename(path)

    @staticmethod
    def clean_texts(image, expected):
        """The texts of every code on a clean page, or None when zxing-cpp does not read
        `expected` of them."""
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        texts = [r.text for r in found]
        return texts if len(set(texts)) == expected else None

    def paper_colours(self, bright=True):
        rng = self.rng
        paper = [rng.randint(225, 250), rng.randint(222, 248), rng.randint(210, 240)] if bright else [200] * 3
        ink = [rng.randint(15, 45)] * 3
        return paper, ink

    # The kinds.

    def sheet(self, name, work):
        pages, count = self.sheet_pages(work)
        texts = []
        for image in pages:
            texts += [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
        if len(set(texts)) != count:
            return None
        rng = self.rng
        dpmm = 300 / 25.4
        # The pages in a grid on the desk, in mm, each a little askew; the photo upright
        # when the grid is.
        columns = math.ceil(math.sqrt(len(pages)))
        rows = math.ceil(len(pages) / columns)
        width, height = (4032, 3024) if columns * 210 >= rows * 297 else (3024, 4032)
        placed = []
        for index, image in enumerate(pages):
            w, h = image.width / dpmm, image.height / dpmm
            angle = math.radians(rng.uniform(-4, 4))
            centre = ((index % columns) * (w + 12) + w / 2 + rng.uniform(-6, 6),
                      (index // columns) * (h + 12) + h / 2 + rng.uniform(-6, 6))
            corners = []
            for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
                corners.append((centre[0] + x * math.cos(angle) - y * math.sin(angle),
                                centre[1] + x * math.sin(angle) + y * math.cos(angle)))
            placed.append((image, corners))
        every = [c for _, corners in placed for c in corners]
        photo_points = self.view(every, width, height, rng.uniform(0, 28), rng.uniform(-10, 10),
                                 fill=rng.uniform(0.88, 0.97))
        photo = self.desk(width, height)
        paper, ink = self.paper_colours()
        for index, (image, corners) in enumerate(placed):
            page_points = [(0, 0), (image.width, 0), (image.width, image.height), (0, image.height)]
            matrix = self.homography(page_points, photo_points[4 * index:4 * index + 4])
            self.paste(photo, image, matrix, paper, ink, supersample=1.5)
        photo = self.lens(photo, blur=rng.uniform(0.5, 1.4))
        photo = self.sensor(photo, falloff=rng.uniform(0.1, 0.4), noise=rng.uniform(2, 6))
        return self.save(photo, name, "sheet", texts)

    def codes_on_paper(self, name, kind, payloads, module_mm, width, height, tilt, exposure):
        rng = self.rng
        page, squares = self.page_of_codes(payloads, module_mm)
        corners = [(0, 0), (210, 0), (210, 297), (0, 297)]
        spin = rng.uniform(-180, 180) if rng.random() < 0.3 else rng.uniform(-12, 12)
        fill = rng.uniform(0.75, 1.15)
        # The page may run off the frame; its codes may not.
        for _ in range(50):
            points = self.view(corners, width, height, tilt, spin, fill)
            matrix = self.homography([(0, 0), (page.width, 0), (page.width, page.height), (0, page.height)],
                                     points)
            inside = self.apply(matrix, [c for square in squares for c in square])
            if inside.min() >= 0 and (inside[:, 0].max() < width) and (inside[:, 1].max() < height):
                break
            fill *= 0.97
        photo = self.desk(width, height)
        paper, ink = self.paper_colours()
        self.paste(photo, page, matrix, paper, ink, supersample=1.5)
        photo = self.lens(photo, blur=rng.uniform(0.4, 1.2) * width / 4032)
        photo = self.sensor(photo, **{"falloff": rng.uniform(0.1, 0.4), "noise": rng.uniform(2, 5), **exposure})
        return self.save(photo, name, kind, payloads)

    def exposure(self, name, _work):
        rng = self.rng
        payloads = [self.short_text() if rng.random() < 0.5 else self.topic_text(rng.randint(80, 300))
                    for _ in range(3)]
        if rng.random() < 0.5:
            exposure = {"gain": rng.uniform(0.12, 0.3), "gamma": rng.uniform(1.0, 1.4), "noise": rng.uniform(3, 6)}
        else:
            exposure = {"gain": rng.uniform(1.5, 2.6), "gamma": rng.uniform(0.8, 1.3), "glare": rng.uniform(0, 0.2)}
        width, height = rng.choice([(4032, 3024), (2016, 1512)])
        return self.codes_on_paper(name, "exposure", payloads, rng.uniform(0.5, 1.0), width, height,
                                   rng.uniform(0, 35), exposure)

    def pair(self, name, _work):
        rng = self.rng
        payloads = [self.short_text() if rng.random() < 0.4 else self.topic_text(rng.randint(80, 600))
                    for _ in range(2)]
        width, height = rng.choice([(4032, 3024), (2016, 1512)])
        return self.codes_on_paper(name, "pair", payloads, rng.uniform(0.5, 1.0), width, height, rng.uniform(0, 40),
                                   {})

    def high(self, name, _work):
        rng = self.rng
        text = self.topic_text(rng.randint(850, 2900))
        dark = self.symbol(text)
        modules = dark.shape[0]
        scale = 6
        side = (modules + 8) * scale
        flat = Image.new("L", (side, side), 255)
        code = Image.fromarray(((~dark) * 255).astype(numpy.uint8)).resize((modules * scale,) * 2, Image.NEAREST)
        flat.paste(code, (4 * scale, 4 * scale))
        width, height = 4032, 3024
        fill = rng.uniform(0.5, 0.95)
        tilt = rng.uniform(0, 35)
        # Paper curled round a cylinder: its columns drawn nearer the middle and shaded.
        curl = rng.uniform(0, 0.25)
        if curl:
            pixels = numpy.asarray(flat, numpy.float32)
            xs = numpy.linspace(-1, 1, side)
            bent = numpy.sin(xs * curl * math.pi / 2) / math.sin(curl * math.pi / 2) if curl > 1e-3 else xs
            source = numpy.interp(xs, bent, numpy.arange(side, dtype=float))
            rows = numpy.arange(side, dtype=float)[:, None].repeat(side, 1)
            pixels = ndimage.map_coordinates(pixels, [rows, source[None, :].repeat(side, 0)], order=1, cval=255)
            flat = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8))
        points = self.view([(0, 0), (side, 0), (side, side), (0, side)], width, height, tilt,
                           rng.uniform(-180, 180) if rng.random() < 0.3 else rng.uniform(-10, 10), fill)
        matrix = self.homography([(0, 0), (side, 0), (side, side), (0, side)], points)
        photo = self.desk(width, height)
        paper, ink = self.paper_colours()
        self.paste(photo, flat, matrix, paper, ink, supersample=1.5)
        photo = self.lens(photo, blur=rng.uniform(0.6, 1.8), distortion=rng.uniform(-0.06, 0.06))
        photo = self.sensor(photo, falloff=rng.uniform(0.1, 0.4), noise=rng.uniform(2, 5),
                            glare=rng.choice([0, 0, rng.uniform(0.1, 0.4)]))
        return self.save(photo, name, "high", [text])

    def compact(self, name, work):
        grid = self.compact_grid(work)
        found = zxingcpp.read_barcodes(grid, formats=zxingcpp.BarcodeFormat.QRCode)
        texts = [r.text for r in found]
        if not texts:
            return None
        rng = self.rng
        width, height = 4032, 3024
        side = (grid.width, grid.height)
        points = self.view([(0, 0), (side[0], 0), side, (0, side[1])], width, height, rng.uniform(0, 30),
                           rng.uniform(-10, 10), fill=rng.uniform(0.7, 0.95))
        matrix = self.homography([(0, 0), (side[0], 0), side, (0, side[1])], points)
        photo = self.desk(width, height)
        paper, ink = self.paper_colours()
        self.paste(photo, grid, matrix, paper, ink, supersample=1.5)
        photo = self.lens(photo, blur=rng.uniform(0.5, 1.3))
        photo = self.sensor(photo, falloff=rng.uniform(0.1, 0.4), noise=rng.uniform(2, 5))
        return self.save(photo, name, "compact", texts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("count", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--qrquiz", default="qrquiz")
    parser.add_argument("--kinds", default=",".join(KINDS))
    options = parser.parse_args()
    kinds = options.kinds.split(",")
    os.makedirs(options.out, exist_ok=True)
    scenes = Scenes(options.out, options.seed, options.qrquiz)
    groups = {}
    index = 0
    while len(groups) < options.count:
        kind = kinds[index % len(kinds)]
        with tempfile.TemporaryDirectory() as work:
            made = getattr(scenes, kind)(f"{len(groups):03d}", work)
        index += 1
        if made:
            groups[made] = [kind]
        elif index > 4 * options.count:
            raise SystemExit("make_scenes.py: too many scenes could not be made")
    with open(os.path.join(options.out, "groups.json"), "w") as f:
        json.dump(groups, f, indent=0)


if __name__ == "__main__":
    main()
