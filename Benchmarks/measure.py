"""One process measured as the kernel sees it: wall time, peak memory (wait4's maximum
RSS) and exit status. The child is started from a small Python of its own, so the
benchmark's memory (its inputs, built in this process) is never counted as the child's."""
import json
import subprocess

_MEASURE = """
import json, os, subprocess, sys, time
start = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, usage = os.wait4(p.pid, 0)
print(json.dumps({"seconds": time.perf_counter() - start, "peak_kb": usage.ru_maxrss,
                  "status": os.waitstatus_to_exitcode(status), "stderr": err.decode("utf-8", "replace")}))
"""


def measured(command):
    """Runs `command` (a list) and returns {"seconds", "peak_kb", "status", "stderr"}."""
    return json.loads(subprocess.run(["python3", "-c", _MEASURE, *command], capture_output=True, text=True,
                                     check=True).stdout)
