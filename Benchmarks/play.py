#!/usr/bin/env python3
"""How fast `qrquiz play` shows its first question, and how much memory a game takes.

  python3 Benchmarks/play.py [--runs N]

- time from starting `qrquiz play` (full-screen, in a pseudo-terminal, 80x24) to the first
  question on the screen, against the time `qrquiz --help` takes to start and finish;
- the same in plain mode (standard input a pipe), to the first question printed;
- peak memory (wait4's maximum RSS) playing a 40 KB topic to the end.
The static release build (scripts/build-release) is measured. Medians."""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "pty_driver.py")
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 15


def topic_of(size, seed=40):
    """A topic of about `size` bytes of JSON: sets of six 4-answer questions."""
    rng = random.Random(seed)
    words = ["".join(rng.choice("aeioubcdfgklmnprst") for _ in range(rng.randint(3, 9))) for _ in range(2000)]
    sets, total = [], 0
    while total < size:
        questions = []
        for _ in range(6):
            question = {"question": " ".join(rng.choice(words) for _ in range(8)) + "?",
                        "answers": [" ".join(rng.choice(words) for _ in range(2)) + f" {i}" for i in range(4)],
                        "correctAnswers": [rng.randrange(4)]}
            questions.append(question)
        sets.append(questions)
        total = len(json.dumps({"options": {"name": "Forty"}, "sets": sets}))
    return {"options": {"name": "Forty", "questionsInRandomOrder": False}, "sets": sets}


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), QRQUIZ_CACHE_DIR=os.path.join(work, "cache"),
                   TERM="xterm-256color")
        topic = topic_of(40_000)
        path = os.path.join(work, "forty.json")
        with open(path, "w") as f:
            json.dump(topic, f)
        size = os.path.getsize(path)
        first_question, plain_first, help_times = [], [], []
        for _ in range(RUNS):
            start = time.perf_counter()
            subprocess.run([qrquiz, "--help"], capture_output=True, check=True)
            help_times.append(time.perf_counter() - start)

            steps = json.dumps([{"expect": "question 1/6", "timeout": 10}, {"send": "q"}])
            report = json.loads(subprocess.run(
                ["python3", DRIVER, "80", "24", steps, qrquiz, "play", path, "--set", "1", "--no-images"],
                env=env, capture_output=True, text=True, check=True).stdout)
            first_question.append(report["seconds"][0])

            start = time.perf_counter()
            process = subprocess.Popen([qrquiz, "play", path, "--set", "1", "--no-images"], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            while b"Question 1/6" not in process.stdout.readline():
                pass
            plain_first.append(time.perf_counter() - start)
            process.stdin.write(b"q\n")
            process.stdin.close()
            process.wait()

        # Play all of set 1 and the sampled quiz of every set, to the end; the peak RSS.
        answers = "1\n" * 6 + "n\n"
        script = f"""
import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
p.stdin.write({answers!r}.encode()); p.stdin.close()
_, status, usage = os.wait4(p.pid, 0)
print(usage.ru_maxrss)
"""
        peak = int(subprocess.run(["python3", "-c", script, qrquiz, "play", path, "--set", "1", "--no-images"],
                                  env=env, capture_output=True, text=True, check=True).stdout)
        ms = lambda values: statistics.median(values) * 1000
        print(f"{RUNS} runs each, medians; topic {size} bytes, {len(topic['sets'])} sets of 6 questions\n")
        print("| measure | qrquiz play | reference | ratio |")
        print("|---|---|---|---|")
        print(f"| start to first question, full-screen (pty 80×24) | {ms(first_question):.1f} ms | "
              f"`qrquiz --help` start to exit {ms(help_times):.1f} ms | {ms(first_question) / ms(help_times):.2f}× |")
        print(f"| start to first question, plain | {ms(plain_first):.1f} ms | "
              f"`qrquiz --help` {ms(help_times):.1f} ms | {ms(plain_first) / ms(help_times):.2f}× |")
        print(f"| peak memory, playing a set of the {size // 1000} KB topic to the end | {peak / 1024:.1f} MB | | |")


if __name__ == "__main__":
    main()
