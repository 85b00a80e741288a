#!/usr/bin/env python3
"""The whole test suite in one run, the machine's busy CPU sampled every second: how long
it took, how many core-seconds were used, and how many sat idle (seconds when fewer than
all cores were busy). Idle core-seconds in a run that is not alone on the machine are
tests waiting on something, not on the processor. Run on an idle machine, after a test
build.

  QRQUIZ_TEST_BUILD=1 swift build --build-tests
  python3 Benchmarks/suite_timeline.py [--seconds]     --seconds prints each second too"""
import os
import subprocess
import sys
import time

from suite_cpu import ROOT, busy_seconds


def main():
    environment = dict(os.environ, QRQUIZ_TEST_BUILD="1")
    cores = os.cpu_count()
    run = subprocess.Popen(["swift", "test", "--skip-build"], cwd=ROOT, env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start, last = time.monotonic(), busy_seconds()
    samples = []
    while run.poll() is None:
        time.sleep(1)
        busy = busy_seconds()
        samples.append((time.monotonic() - start, busy - last))
        last = busy
    wall = time.monotonic() - start
    used = sum(busy for _, busy in samples)
    if "--seconds" in sys.argv:
        for at, busy in samples:
            print(f"{at:7.1f} s  {busy:4.2f} cores busy")
    print(f"{'green' if run.returncode == 0 else f'FAILED ({run.returncode})'}: {wall:.0f} s, "
          f"{used:.0f} CPU-s used of {wall * cores:.0f} ({cores} cores), "
          f"{wall * cores - used:.0f} core-seconds idle")


if __name__ == "__main__":
    main()
