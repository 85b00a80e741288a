#!/usr/bin/env python3
"""Runs a command and reports, as one JSON line on stdout, its exit status, its peak
resident memory (the kernel's maximum RSS of exactly that child, from wait4) and its
wall-clock seconds; the command's stderr, and the first 64 KiB of its stdout, are passed
along in the JSON.

usage: peak_memory.py COMMAND [ARG…]"""
import json
import os
import subprocess
import sys
import tempfile
import time

with tempfile.TemporaryFile() as stderr, tempfile.TemporaryFile() as stdout:
    start = time.monotonic()
    process = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    stderr.seek(0)
    stdout.seek(0)
    print(json.dumps({
        "status": os.waitstatus_to_exitcode(status),
        "maxrss_kb": usage.ru_maxrss,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 3),
        "stderr": stderr.read().decode("utf-8", "replace"),
        "stdout": stdout.read(65536).decode("utf-8", "replace"),
    }))
