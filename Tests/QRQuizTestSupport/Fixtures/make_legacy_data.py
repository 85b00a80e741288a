#!/usr/bin/env python3
"""Makes the data folder of qrquiz 0.5.0 that the takeover test reads
(Tests/QRQuizTestSupport/Fixtures/legacy-0.5/), with the 0.5.0 release itself: a teacher's
term on it, then the server killed mid-question.

  python3 make_legacy_data.py QRQUIZ_0_5_0 OUT

QRQUIZ_0_5_0 is `qrquiz` built from commit b8f6de0 (the last of 0.5.0). OUT gets `data/`
(what $XDG_DATA_HOME/qrquiz held) and `expected/`: what 0.5.0 itself answered about that
folder (`qrquiz live --results`, `class show`, `assign --list`, `assign --results --json`,
`profile list --json`, `stats --json`), which the new release must answer the same after
taking the folder over.

What is in it: classes 9B (a student with extra time and no speed scoring, one removed,
their card retired; results links given) and 9C; profiles Ada (who plays) and Bob, with
statistics for Ada and the default player; two finished live games (one of class 9B
answering on phones and by name, one of anyone, a tie, a removed player); a live game
killed mid-question with answers given; homework of class 9B and homework open to anyone,
with attempts. Due times are in 2099, so the answers never change with the day the test
runs.
"""
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    while True:
        port = random.randint(20000, 30000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue


def call(port, method, path, payload=None, headers=None, raw=None):
    body = raw if raw is not None else (json.dumps(payload).encode() if payload is not None else b"")
    connection = socket.create_connection(("127.0.0.1", port))
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    data = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
    connection.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    try:
        return status, json.loads(rest) if rest.strip() else None
    except ValueError:
        return status, rest.decode("utf-8", "replace")


def main():
    qrquiz, out = sys.argv[1], os.path.abspath(sys.argv[2])
    if os.path.exists(out):
        shutil.rmtree(out)
    home = os.path.join(out, "home")
    xdg = os.path.join(out, "xdg")
    data = os.path.join(xdg, "qrquiz")
    topics = os.path.join(data, "topics")
    os.makedirs(topics)
    os.makedirs(home)
    shutil.copy(os.path.join(HERE, "live", "Capitals.json"), os.path.join(topics, "Capitals.json"))
    environment = dict(os.environ, HOME=home, XDG_DATA_HOME=xdg, XDG_CACHE_HOME=os.path.join(out, "cache"),
                       LC_ALL="C.UTF-8", TZ="UTC")

    def run(*arguments, stdin=""):
        result = subprocess.run([qrquiz, *arguments], env=environment, input=stdin, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{arguments}: {result.returncode} {result.stderr}")
        return result.stdout

    roster = os.path.join(out, "9B.txt")
    with open(roster, "w") as file:
        file.write("Ada Lovelace\nŁukasz Nowak\nGrace Hopper\nAlan Turing\nZoë Ångström\n")
    run("class", "new", "9B", "--students", roster)
    run("class", "set", "9B", "Ada Lovelace", "--extra-time", "1.5", "--no-speed")
    run("class", "remove", "9B", "Alan Turing")
    run("class", "add", "9B", "Katherine Johnson")
    run("class", "new", "9C", "--students", "-", stdin="Mary Jackson\nDorothy Vaughan\n")
    run("profile", "add", "Ada")
    run("profile", "add", "Bob", "--image", "https://example.org/bob.png")
    run("profile", "use", "Ada")
    run("play", "Capitals", "--set", "1", "--no-images", stdin="1\n1\n3\n1\n")
    run("profile", "use", "--default")
    run("play", "Capitals", "--set", "2", "--no-images", stdin="1\n")
    run("profile", "use", "Ada")

    port = free_port()
    server = subprocess.Popen([qrquiz, "serve", topics, "--port", str(port)], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    token = None
    while token is None:
        line = server.stdout.readline()
        if not line:
            sys.exit("qrquiz serve did not start")
        match = re.search(r"\?token=([0-9a-f]{32})", line)
        token = match.group(1) if match else None
    teacher = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    cookie = {"Cookie": f"qrquiz_teacher={token}"}

    def game(players, answers, end=True, class_name=None):
        body = {"topic": "Capitals", "set": 1, "seconds": 600}
        if class_name:
            body["class"] = class_name
        status, made = call(port, "POST", "/api/live", body, teacher)
        assert status == 201, made
        pin, host = made["pin"], made["host"]
        secrets = {}
        for name in players:
            status, joined = call(port, "POST", f"/api/live/{pin}/players", {"name": name})
            assert status == 201, joined
            secrets[name] = joined["secret"]
        for question, picks in enumerate(answers):
            # The host presses next until this question is open (one that everyone answered
            # has closed by itself).
            for _ in range(3):
                status, phase = call(port, "POST", f"/api/live/{pin}/next", {"secret": host})
                assert status == 200, phase
                if phase["phase"] == "question" and phase.get("question") == question:
                    break
            for name, pick in picks.items():
                status, answered = call(port, "POST", f"/api/live/{pin}/answers",
                                        {"secret": secrets[name], "question": question, "answers": pick})
                assert status == 202, answered
        if end:
            if "Mallory" in secrets:
                call(port, "POST", f"/api/live/{pin}/kick", {"secret": host, "name": "Mallory"})
            status, ended = call(port, "POST", f"/api/live/{pin}/end", {"secret": host})
            assert status == 200 and ended["saved"], ended
        return pin

    game(["Ada Lovelace", "lukasz nowak", "Grace Hopper", "Visitor"],
         [{"Ada Lovelace": [0], "lukasz nowak": [1], "Grace Hopper": [0]},
          {"Ada Lovelace": [0, 2], "Grace Hopper": [0], "Visitor": [0, 2]},
          {"Ada Lovelace": [1], "lukasz nowak": [1]}], class_name="9B")
    game(["Tie One", "Tie Two", "Mallory"],
         [{"Tie One": [0], "Tie Two": [0], "Mallory": [0]}, {"Tie One": [1], "Tie Two": [1]}])
    call(port, "POST", "/classes/9B/links", headers=dict(cookie, **{"Content-Type": "application/x-www-form-urlencoded"}),
         raw=f"csrf={form_token(port, cookie)}".encode())

    codes = []
    for class_name, students in (("9B", ["Ada Lovelace", "grace hopper", "Zoe Angstrom"]), (None, ["Someone", "Other"])):
        body = {"topic": "Capitals", "due": "2099-06-30T17:00:00Z", "attempts": 2}
        if class_name:
            body["class"] = class_name
        status, made = call(port, "POST", "/api/assignments", body, teacher)
        assert status == 201, made
        code = made["code"]
        codes.append(code)
        for number, name in enumerate(students):
            status, joined = call(port, "POST", f"/api/assignments/{code}/students", {"name": name})
            assert status == 201, joined
            secret = joined["secret"]
            for step in range(2 + number):
                status, question = call(port, "GET", f"/api/assignments/{code}/next?secret={secret}")
                if status != 200 or question["done"]:
                    break
                call(port, "POST", f"/api/assignments/{code}/answers",
                     {"secret": secret, "index": question["index"], "answers": [step % len(question["answers"])]})
            if number == 0:
                call(port, "POST", f"/api/assignments/{code}/attempts", {"secret": secret})

    # The lesson in progress when the laptop's battery died: a question open, answers given.
    game(["Ada Lovelace", "Grace Hopper", "Dorothy"], [{"Ada Lovelace": [0], "Dorothy": [2]}], end=False,
         class_name="9B")
    time.sleep(0.5)
    server.kill()
    server.wait()

    expected = os.path.join(out, "expected")
    os.makedirs(expected)

    def keep(name, *arguments):
        # Bytes as they were printed (a CSV's line ends are \r\n).
        result = subprocess.run([qrquiz, *arguments], env=environment, capture_output=True)
        if result.returncode != 0:
            sys.exit(f"{arguments}: {result.returncode} {result.stderr}")
        with open(os.path.join(expected, name), "wb") as file:
            file.write(result.stdout)

    keep("live-results.txt", "live", "--results")
    keep("class-9B.txt", "class", "show", "9B")
    keep("class-9C.txt", "class", "show", "9C")
    keep("class-list.txt", "class", "list")
    keep("assign-list.txt", "assign", "--list")
    for code in codes:
        keep(f"assign-{code}.json", "assign", "--results", code, "--json")
        keep(f"assign-{code}.csv", "assign", "--results", code, "--csv")
    keep("profile-list.json", "profile", "list", "--json")
    keep("stats-Ada.json", "stats", "--json", "--profile", "Ada")
    run("profile", "use", "--default")
    keep("stats-default.json", "stats", "--json")
    run("profile", "use", "Ada")

    # The fixture: the data folder without the teacher's token (each run makes its own).
    os.remove(os.path.join(data, "teacher-token"))
    shutil.move(data, os.path.join(out, "data"))
    for folder in ("home", "xdg", "cache"):
        shutil.rmtree(os.path.join(out, folder), ignore_errors=True)
    os.remove(roster)


def form_token(port, cookie):
    status, page = call(port, "GET", "/t/Capitals", headers=cookie)
    match = re.search(r'name="csrf" value="([0-9a-f]{32})"', page if isinstance(page, str) else "")
    return match.group(1) if match else ""


if __name__ == "__main__":
    main()
