#!/usr/bin/env python3
"""Answer cards in a live game, through the server: webcam frames of a class posted to
`qrquiz serve` as the host screen's camera posts them (one in flight, the next once the
last is answered), and how many frames a second one core reads, frame in to projector
grid out.

  python3 Benchmarks/cards_live.py [--students 30] [--seconds 20] [--seed 33] [--qrquiz PATH]

A class of STUDENTS (`qrquiz class new`), their cards (`qrquiz answer-cards print --png`),
1280 x 720 JPEG frames of all of them (Benchmarks/classroom_photos.py: turned to random
answers, leaning, held at an angle, hands, clutter, blur, noise), a game of one question
with the class; frames posted for SECONDS. Quoted: frames posted and read a second (wall,
one in flight), the server's CPU per frame (utime + stime of the whole process over the
run: HTTP, JPEG decoding, reading the cards, the game, its journal and the host's events),
frames a second that makes on one core, the request's wall time (median, p95), the
scanner's own `ms`, cards seen per frame, and how soon the host's stream shows a frame's
cards (`seen` in its `answered` event: batched at most 4 times a second)."""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classroom_photos import make_photo  # noqa: E402
from live import (  # noqa: E402
    call, connect, cpu_seconds, open_stream, percentile, read_response, release_qrquiz, request_bytes, start_serve)


def seen_on_stream(stream, count, started, deadline=10):
    """Seconds from `started` until the host's stream says `count` cards are seen."""
    data = b""
    while time.perf_counter() - started < deadline:
        try:
            chunk = stream.recv(65536)
        except BlockingIOError:
            time.sleep(0.002)
            continue
        data += chunk
        for match in re.finditer(rb'"seen":\[([0-9,]*)\]', data):
            if len([n for n in match.group(1).split(b",") if n]) >= count:
                return time.perf_counter() - started
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--qrquiz", help="a qrquiz binary to measure (default: the release build, made now)")
    options = parser.parse_args()
    qrquiz = release_qrquiz(options.qrquiz)
    work = tempfile.mkdtemp(prefix="qrquiz-cards-live-bench-")
    environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"),
                       QRQUIZ_CACHE_DIR=os.path.join(work, "cache"))
    names = os.path.join(work, "class.txt")
    with open(names, "w") as handle:
        handle.write("".join(f"Student {number}\n" for number in range(1, options.students + 1)))
    subprocess.run([qrquiz, "class", "new", "Bench", "--students", names], env=environment, check=True,
                   capture_output=True)
    cards_dir = os.path.join(work, "cards")
    subprocess.run([qrquiz, "answer-cards", "print", "--count", str(options.students), "--png", cards_dir],
                   check=True, capture_output=True)
    cards = {n: Image.open(os.path.join(cards_dir, f"card-{n}.png")).convert("L")
             for n in range(1, options.students + 1)}
    rng = random.Random(options.seed)
    frames = []
    for index in range(8):
        path = os.path.join(work, f"frame-{index}.jpg")
        make_photo(rng, cards, "720p", options.students, path)
        with open(path, "rb") as handle:
            frames.append(handle.read())
    library = os.path.join(work, "library")
    os.makedirs(library)
    with open(os.path.join(library, "Quiz.json"), "w") as handle:
        handle.write('{"options":{"name":"Quiz"},"sets":[[{"question":"Which?","answers":["A","B","C","D"],'
                     '"correct":0}]]}')
    server, port, token = start_serve(qrquiz, library, environment)
    try:
        teacher = connect(port)
        status, made = call(teacher, "POST", "/api/live", {"topic": "Quiz", "seconds": 600, "class": "Bench"},
                            {"Authorization": f"Bearer {token}"})
        assert status == 201, made
        pin, host = made["pin"], made["host"]
        projector = open_stream(port, f"/api/live/{pin}/events?secret={host}", "127.0.0.1")
        status, _ = call(teacher, "POST", f"/api/live/{pin}/next", {"secret": host})
        assert status == 200
        camera = connect(port)
        headers = {"Authorization": f"Bearer {host}", "Content-Type": "image/jpeg"}
        # The first frame: how soon the projector shows what it read.
        started = time.perf_counter()
        camera.sendall(request_bytes("POST", f"/api/live/{pin}/scan", frames[0], headers))
        status, body = read_response(camera)
        assert status == 200, body
        first_seen = len(json.loads(body)["seen"])
        to_projector = seen_on_stream(projector, first_seen, started)
        walls, scanner_ms, seen = [], [], []
        cpu_before = cpu_seconds(server.pid)
        run_started = time.perf_counter()
        index = 0
        while time.perf_counter() - run_started < options.seconds:
            frame = frames[index % len(frames)]
            index += 1
            started = time.perf_counter()
            camera.sendall(request_bytes("POST", f"/api/live/{pin}/scan", frame, headers))
            status, body = read_response(camera)
            walls.append(time.perf_counter() - started)
            assert status == 200, body
            answer = json.loads(body)
            scanner_ms.append(answer["ms"])
            seen.append(len(answer["seen"]))
        elapsed = time.perf_counter() - run_started
        cpu = cpu_seconds(server.pid) - cpu_before
    finally:
        server.kill()
        server.wait()
    count = len(walls)
    print(f"{options.students} students, 1280 x 720 JPEG frames ({len(frames[0]) // 1024} KiB), "
          f"{count} frames in {elapsed:.1f} s, one in flight")
    print("| measure | value |")
    print("|---|---|")
    print(f"| frames a second (wall, one in flight) | {count / elapsed:.1f} |")
    print(f"| server CPU per frame | {cpu / count * 1000:.1f} ms |")
    print(f"| frames a second on one core (1 / CPU per frame) | {count / cpu:.1f} |")
    print(f"| request wall time, median / p95 | {percentile(walls, 0.5) * 1000:.1f} / "
          f"{percentile(walls, 0.95) * 1000:.1f} ms |")
    print(f"| the scanner's own time (`ms`), median | {percentile(scanner_ms, 0.5):.1f} ms |")
    print(f"| cards seen per frame, median (of {options.students}, some hidden by hands) | "
          f"{percentile(seen, 0.5)} |")
    shown = "not shown" if to_projector is None else f"{to_projector * 1000:.0f} ms"
    print(f"| first frame posted to the projector's grid | {shown} |")


if __name__ == "__main__":
    main()
