"""Synthetic classroom photos of students holding up answer cards, made from the cards
`qrquiz answer-cards print --png DIR` draws (DIR/card-N.png, upright, A at the top), with
what each photo holds: the cards, their answers, which are hidden, their markers' sides.

  make_photo(random, cards, kind, count, path) -> truth

kind is "12mp" (4000 x 3000, a phone photo), "1080p" or "720p" (webcam frames). Each card is
turned so its answer's letter is on top, leans in the plane by up to 25 degrees, is held at
up to 35 degrees out of the plane (a perspective), and has a marker side drawn from the
kind's range (25 to 300 px for photos). The room around is clutter: rectangles, outlines,
lines and text; half the cards have a hand holding their bottom edge (off the marker), a
few have a hand or a head over the marker (those are "hidden": a reader need not read
them, but must not misread them). Then uneven light, blur, noise and JPEG at quality 70-92.
Needs numpy and Pillow (scripts/install-deps)."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

SIZES = {"12mp": (4000, 3000), "1080p": (1920, 1080), "720p": (1280, 720)}
# Marker sides (px) per kind: the smallest and largest a card may have.
SIDES = {"12mp": (25, 300), "1080p": (25, 140), "720p": (25, 80)}
# The marker's black square spans 0.2 to 0.8 of the card's side (AnswerCardLayout).
MARKER_ORIGIN, MARKER_SIDE = 0.2, 0.6
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
WORDS = ("photosynthesis mitochondria quiz Monday homework chapter seven fractions capital Paris "
         "A B C D 1 2 3 4 answer question Tuesday lab safety goggles volcano river delta").split()


def homography(source, target):
    """The 3x3 map taking four source points to four target points."""
    rows = []
    for (x, y), (u, v) in zip(source, target):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vh = np.linalg.svd(np.array(rows, dtype=float))
    h = vh[-1].reshape(3, 3)
    return h / h[2, 2]


def apply(h, points):
    result = []
    for x, y in points:
        u, v, w = h @ np.array([x, y, 1.0])
        result.append((u / w, v / w))
    return result


def card_quad(random, centre, side, answer):
    """The card's corners in the photo (top-left, top-right, bottom-right, bottom-left of the
    card upright), for a card of `side` px turned so `answer` (0-3) is on top."""
    lean = math.radians(random.uniform(-25, 25))
    # Held out of the plane: up to 35 degrees about an axis in any direction.
    held = math.radians(random.uniform(0, 35))
    axis = random.uniform(0, 2 * math.pi)
    ax, ay = held * math.cos(axis), held * math.sin(axis)
    # Letter k on top: the card turned clockwise by (4 - k) quarter turns.
    turn = ((4 - answer) % 4) * math.pi / 2 + lean
    half = side / 2
    corners = []
    distance = side * 4.0
    for x, y in ((-half, -half), (half, -half), (half, half), (-half, half)):
        # Out-of-plane rotation about x then y, then a pinhole at `distance`.
        y1, z1 = y * math.cos(ax), y * math.sin(ax)
        x2, z2 = x * math.cos(ay) + z1 * math.sin(ay), -x * math.sin(ay) + z1 * math.cos(ay)
        scale = distance / (distance + z2)
        px, py = x2 * scale, y1 * scale
        rx = px * math.cos(turn) - py * math.sin(turn)
        ry = px * math.sin(turn) + py * math.cos(turn)
        corners.append((centre[0] + rx, centre[1] + ry))
    return corners


def clutter(random, image, kind):
    draw = ImageDraw.Draw(image)
    width, height = image.size
    scale = width / 1280
    for _ in range(int(random.uniform(40, 120))):
        x, y = random.uniform(0, width), random.uniform(0, height)
        w, h = random.uniform(10, 300) * scale, random.uniform(10, 300) * scale
        colour = tuple(int(random.uniform(0, 255)) for _ in range(3))
        if random.random() < 0.5:
            draw.rectangle([x, y, x + w, y + h], fill=colour)
        else:
            draw.rectangle([x, y, x + w, y + h], outline=colour, width=max(1, int(random.uniform(1, 6) * scale)))
    for _ in range(int(random.uniform(10, 40))):
        colour = tuple(int(random.uniform(0, 120)) for _ in range(3))
        draw.line([(random.uniform(0, width), random.uniform(0, height)),
                   (random.uniform(0, width), random.uniform(0, height))], fill=colour,
                  width=max(1, int(random.uniform(1, 5) * scale)))
    for _ in range(int(random.uniform(15, 40))):
        size = int(random.uniform(8, 40) * scale)
        font = ImageFont.truetype(FONT, max(6, size))
        text = " ".join(random.choice(WORDS) for _ in range(int(random.uniform(1, 6))))
        colour = tuple(int(random.uniform(0, 90)) for _ in range(3))
        draw.text((random.uniform(0, width), random.uniform(0, height)), text, fill=colour, font=font)
    # A few dark squares the size of markers: decoys for a detector.
    for _ in range(int(random.uniform(3, 10))):
        s = random.uniform(*SIDES[kind])
        x, y = random.uniform(0, width - s), random.uniform(0, height - s)
        draw.rectangle([x, y, x + s, y + s], fill=(20, 20, 20))


def skin(random):
    base = random.choice([(224, 172, 105), (198, 134, 66), (141, 85, 36), (255, 219, 172), (110, 70, 40)])
    return tuple(int(c * random.uniform(0.85, 1.05)) for c in base)


def hand_mask(size, centre, radius, angle, random):
    """A palm and four fingers pointing along `angle`, as a mask."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    cx, cy = centre
    draw.ellipse([cx - radius, cy - radius * 0.8, cx + radius, cy + radius * 0.8], fill=255)
    for index in range(4):
        offset = (index - 1.5) * radius * 0.45
        ox, oy = -math.sin(angle) * offset, math.cos(angle) * offset
        length = radius * random.uniform(1.2, 1.7)
        ex, ey = cx + ox + math.cos(angle) * length, cy + oy + math.sin(angle) * length
        draw.line([(cx + ox, cy + oy), (ex, ey)], fill=255, width=max(2, int(radius * 0.35)))
    return mask


def place(random, kind, count, sides=None):
    """Centres and card sides that do not overlap (larger cards nearer the bottom)."""
    width, height = SIZES[kind]
    low, high = sides or SIDES[kind]
    placed = []
    for _ in range(count):
        for _attempt in range(400):
            marker = math.exp(random.uniform(math.log(low), math.log(high)))
            side = marker / MARKER_SIDE
            # The front of the room (bottom of the picture) holds the larger cards.
            share = (marker - low) / max(1, high - low)
            y = random.uniform(max(side, height * (0.15 + 0.6 * share) - height * 0.25),
                               min(height - side, height * (0.15 + 0.6 * share) + height * 0.25))
            x = random.uniform(side, width - side)
            if all(math.hypot(x - px, y - py) > (side + ps) * 0.8 for px, py, ps in placed):
                placed.append((x, y, side))
                break
    return placed


def make_photo(random, cards, kind, count, path, sides=None):
    """Writes one photo to `path` (JPEG) and returns its truth: a list of
    {"card", "answer" (0-3), "hidden", "side" (marker px), "marker" (its corners)}. `sides`
    (smallest, largest) overrides the kind's marker sides."""
    width, height = SIZES[kind]
    base = tuple(int(random.uniform(60, 220)) for _ in range(3))
    photo = Image.new("RGB", (width, height), base)
    clutter(random, photo, kind)
    numbers = random.sample(sorted(cards), min(count, len(cards)))
    truth = []
    occluders = []
    for number, (x, y, side) in zip(numbers, place(random, kind, len(numbers), sides)):
        answer = int(random.uniform(0, 4)) % 4
        quad = card_quad(random, (x, y), side, answer)
        card = cards[number]
        # Resized close to its size in the photo first, so the warp below does not alias.
        target = max(24, int(side * 1.5))
        small = card.resize((target, target), Image.LANCZOS)
        square = [(0, 0), (target, 0), (target, target), (0, target)]
        left, top = int(min(p[0] for p in quad)) - 2, int(min(p[1] for p in quad)) - 2
        right, bottom = int(max(p[0] for p in quad)) + 3, int(max(p[1] for p in quad)) + 3
        box = (right - left, bottom - top)
        local = [(px - left, py - top) for px, py in quad]
        inverse = homography(local, square).flatten()[:8]
        warped = small.convert("RGB").transform(box, Image.PERSPECTIVE, tuple(inverse), Image.BICUBIC,
                                                fillcolor=(255, 255, 255))
        mask = Image.new("L", box, 0)
        ImageDraw.Draw(mask).polygon(local, fill=255)
        # Paper is not quite white under classroom light.
        tint = tuple(int(random.uniform(225, 255)) for _ in range(3))
        paper = Image.merge("RGB", [band.point(lambda v, t=t: v * t // 255) for band, t in zip(warped.split(), tint)])
        photo.paste(paper, (left, top), mask)
        to_photo = homography([(0, 0), (1, 0), (1, 1), (0, 1)], quad)
        m0, m1 = MARKER_ORIGIN, MARKER_ORIGIN + MARKER_SIDE
        marker = apply(to_photo, [(m0, m0), (m1, m0), (m1, m1), (m0, m1)])
        marker_side = sum(math.dist(marker[i], marker[(i + 1) % 4]) for i in range(4)) / 4
        truth.append({"card": number, "answer": answer, "hidden": False, "side": marker_side, "marker": marker,
                      "quad": quad})
        roll = random.random()
        if roll < 0.5:
            # A hand holding the card by its lowest edge, below the marker.
            lowest = max(range(4), key=lambda i: quad[i][1] + quad[(i + 1) % 4][1])
            a, b = quad[lowest], quad[(lowest + 1) % 4]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            outward = math.atan2(mid[1] - y, mid[0] - x)
            radius = side * 0.16
            centre = (mid[0] + math.cos(outward) * radius * 1.2, mid[1] + math.sin(outward) * radius * 1.2)
            occluders.append((centre, radius, outward + math.pi))
        elif roll < 0.58:
            # A hand or a head across the marker.
            radius = side * random.uniform(0.2, 0.4)
            centre = (x + random.uniform(-0.3, 0.3) * side, y + random.uniform(-0.3, 0.3) * side)
            occluders.append((centre, radius, random.uniform(0, 2 * math.pi)))
    for centre, radius, angle in occluders:
        reach = radius * 2.6
        left, top = int(centre[0] - reach), int(centre[1] - reach)
        box = (int(2 * reach) + 1, int(2 * reach) + 1)
        mask = hand_mask(box, (centre[0] - left, centre[1] - top), radius, angle, random)
        photo.paste(Image.new("RGB", box, skin(random)), (left, top), mask)
        hand = np.asarray(mask) > 0
        # A card whose marker, or the white border of one cell around it that a reader
        # needs, the hand touches is hidden.
        for entry in truth:
            cx = sum(p[0] for p in entry["marker"]) / 4
            cy = sum(p[1] for p in entry["marker"]) / 4
            grown = [(cx + (px - cx) * 1.25 - left, cy + (py - cy) * 1.25 - top) for px, py in entry["marker"]]
            if max(p[0] for p in grown) < 0 or min(p[0] for p in grown) > box[0]:
                continue
            if max(p[1] for p in grown) < 0 or min(p[1] for p in grown) > box[1]:
                continue
            marker = Image.new("L", box, 0)
            ImageDraw.Draw(marker).polygon(grown, fill=255)
            if np.any(hand & (np.asarray(marker) > 0)):
                entry["hidden"] = True
    photo = light_and_lens(random, photo)
    photo.save(path, "JPEG", quality=int(random.uniform(70, 92.99)))
    for entry in truth:
        del entry["quad"]
    return truth


def light_and_lens(random, photo):
    """Uneven light, blur and sensor noise."""
    width, height = photo.size
    pixels = np.asarray(photo).astype(np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = random.uniform(0, 2 * math.pi)
    ramp = (xx / width) * math.cos(angle) + (yy / height) * math.sin(angle)
    ramp = (ramp - ramp.min()) / max(1e-6, ramp.max() - ramp.min())
    low = random.uniform(0.5, 0.85)
    vignette = 1 - 0.25 * (((xx - width / 2) / width) ** 2 + ((yy - height / 2) / height) ** 2)
    light = (low + (1 - low) * ramp) * vignette
    pixels *= light[:, :, None]
    photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    # A phone's 12 MP is softer than its pixels (optics, demosaicing, processing); webcams
    # less so at their fewer pixels.
    blur = random.uniform(0, 1.4) if width > 2000 else random.uniform(0, 1.2)
    if blur > 0.2:
        photo = photo.filter(ImageFilter.GaussianBlur(blur))
    pixels = np.asarray(photo).astype(np.float32)
    noise = np.random.default_rng(int(random.uniform(0, 2**31))).normal(0, random.uniform(2, 8), pixels.shape)
    return Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8))
