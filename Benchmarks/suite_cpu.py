#!/usr/bin/env python3
"""Where the test suite's time goes: each suite run alone, its wall time and the whole
machine's busy CPU while it ran (from /proc/stat, so the processes a suite starts count too:
`qrquiz`, Chromium, python test servers). Run on an idle machine, after a test build.

  QRQUIZ_TEST_BUILD=1 swift build --build-tests
  python3 Benchmarks/suite_cpu.py [SUITE ...]      default: every suite, slowest first

Swift Testing's own "passed after" figures cannot say this: it starts every test at once,
so each one's time runs from the start of the run to its end. Each suite here pays a
`swift test` start of about 0.3 CPU-s besides."""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "Tests")


def busy_seconds():
    """The machine's busy CPU time so far, all cores, in seconds."""
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq = fields[:7]
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def suites():
    """Every `@Suite … struct NAME` in the tests, its traits on one line or several."""
    found = []
    for target in sorted(os.listdir(TESTS)):
        if not target.endswith("Tests"):
            continue
        for name in sorted(os.listdir(os.path.join(TESTS, target))):
            if name.endswith(".swift"):
                with open(os.path.join(TESTS, target, name), encoding="utf-8") as source:
                    suites = re.findall(r"@Suite\b.*?\bstruct (\w+)", source.read(), re.DOTALL)
                found += [f"{target}.{suite}" for suite in suites]
    return found


def main():
    environment = dict(os.environ, QRQUIZ_TEST_BUILD="1")
    rows = []
    for suite in sys.argv[1:] or suites():
        busy, start = busy_seconds(), time.monotonic()
        run = subprocess.run(["swift", "test", "--skip-build", "--filter", f"{suite}/"], cwd=ROOT,
                             env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rows.append((busy_seconds() - busy, time.monotonic() - start, suite, run.returncode))
    print(f"{'CPU s':>7} {'wall s':>7}  suite")
    for cpu, wall, suite, status in sorted(rows, reverse=True):
        print(f"{cpu:7.1f} {wall:7.1f}  {suite}{'' if status == 0 else f'  (failed: {status})'}")
    print(f"{sum(row[0] for row in rows):7.1f} {sum(row[1] for row in rows):7.1f}  all {len(rows)} suites")


if __name__ == "__main__":
    main()
