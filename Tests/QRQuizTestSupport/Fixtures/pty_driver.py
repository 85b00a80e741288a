#!/usr/bin/env python3
"""Runs a command in a real pseudo-terminal of a given size, plays a script of keys and
waits against it, and reports what a person would have seen and what was left behind.

usage: pty_driver.py COLUMNS ROWS SCRIPT_JSON COMMAND [ARG…]

SCRIPT_JSON is a list of steps:
  {"expect": "text"}                   wait until the screen shows text (fails the run if not)
  {"expect_any": ["a", "b"]}         wait until the screen shows one of them
  {"send": "1"}                        type these characters ("\\u0003" is Ctrl-C)
  {"snapshot": "name"}                 keep the screen's lines under this name
  {"signal": "TERM"}                   send the process a signal
The screen is emulated with pyte (VT100/xterm). The report, one JSON line on stdout:
  status (exit code, or -signal), screens (name -> lines), final (the last screen),
  raw (all output, as text), seconds (to each expect), failed (the step that timed out),
  restored (the terminal's ICANON and ECHO are back on after the process ended),
  maxrss_kb (the process's peak memory, from wait4).
Every wait ends as soon as what it waits for happens; its bound, HANG seconds, only calls a
program that never shows it hung (a busy machine makes a program slow, never that slow), and
stays below the tests' own wall-clock bound on this driver (Swift's HangLimit, ten minutes),
so the report still says which step failed. No step waits for a fixed time."""
import json
import os
import pty
import select
import signal
import struct
import fcntl
import sys
import termios
import time

import pyte

columns, rows, steps = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
command = sys.argv[4:]

pid, master = pty.fork()
if pid == 0:
    # The size is set here, on the child's own terminal before the program starts: set from
    # the parent after the fork, a program that asked first found a terminal of size 0×0.
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    os.environ["COLUMNS"], os.environ["LINES"] = str(columns), str(rows)
    os.execvp(command[0], command)

screen = pyte.Screen(columns, rows)
stream = pyte.ByteStream(screen)
raw = bytearray()
start = time.monotonic()
report = {"screens": {}, "seconds": [], "failed": None}
exited = None


def pump(timeout):
    """Reads what the program wrote for up to `timeout` seconds; False once it exited."""
    global exited
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return True
    try:
        data = os.read(master, 65536)
    except OSError:
        data = b""
    if not data:
        return False
    raw.extend(data)
    stream.feed(data)
    return True


def lines():
    return [line.rstrip() for line in screen.display]


def shows(text):
    """On one line, or across lines the terminal wrapped."""
    return any(text in line for line in lines()) or text in "".join(screen.display)


HANG = 300

for step in steps:
    if "expect" in step or "expect_any" in step:
        wanted = [step["expect"]] if "expect" in step else step["expect_any"]
        deadline = time.monotonic() + HANG
        while not any(shows(text) for text in wanted):
            if time.monotonic() > deadline or not pump(0.05):
                if not any(shows(text) for text in wanted):
                    report["failed"] = step
                break
        report["seconds"].append(round(time.monotonic() - start, 4))
        if report["failed"]:
            break
    elif "send" in step:
        os.write(master, step["send"].encode())
        pump(0.05)
    elif "snapshot" in step:
        pump(0.1)
        report["screens"][step["snapshot"]] = lines()
    elif "signal" in step:
        os.kill(pid, getattr(signal, "SIG" + step["signal"]))

# Let the program finish (or stop it once it hangs), then see how it left the terminal.
deadline = time.monotonic() + HANG
usage = None
while time.monotonic() < deadline:
    done, status, usage = os.wait4(pid, os.WNOHANG)
    if done:
        exited = status
        break
    pump(0.05)
if exited is None:
    os.kill(pid, signal.SIGKILL)
    _, exited, usage = os.wait4(pid, 0)
while pump(0.05):
    pass
attributes = termios.tcgetattr(master)
report["restored"] = bool(attributes[3] & termios.ICANON) and bool(attributes[3] & termios.ECHO)
report["status"] = os.waitstatus_to_exitcode(exited)
report["final"] = lines()
report["raw"] = raw.decode("utf-8", "replace")
report["maxrss_kb"] = usage.ru_maxrss if usage else None
print(json.dumps(report))
