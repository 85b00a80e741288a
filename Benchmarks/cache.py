#!/usr/bin/env python3
"""Image cache benchmark: 1000 distinct images (10-200 KB) from a local server that adds
20 ms to every request (Tests/QRQuizTestSupport/Fixtures/test_server.py).

  python3 Benchmarks/cache.py [--quick]

- cold `qrquiz prefetch` against the ideal (requests x latency / concurrency) and against
  sequential curl;
- warm `qrquiz prefetch` (everything fresh), per image;
- peak RSS for 1000 x 200 KB, against 1000 x 10 KB (it should not grow with image size)."""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "test_server.py")
QUICK = "--quick" in sys.argv
COUNT = 200 if QUICK else 1000
LATENCY_MS = 20
CONCURRENCY = 6


def start_server(work):
    port_file = os.path.join(work, "port")
    server = subprocess.Popen([sys.executable, SERVER, work, port_file], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    while not os.path.exists(port_file):
        time.sleep(0.05)
    with open(port_file) as f:
        return server, int(f.read())


def topic(path, urls):
    questions = [{"question": f"Q{i}", "answers": ["a", "b"], "correctAnswers": [0], "imageURL": url}
                 for i, url in enumerate(urls)]
    with open(path, "w") as f:
        json.dump({"options": {"name": "Bench"}, "sets": [questions]}, f)


def prefetch(qrquiz, topic_path, cache_dir):
    """Runs one prefetch; returns (seconds, peak RSS in KB)."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", qrquiz, "prefetch", topic_path, "--allow-http",
                             "--cache-dir", cache_dir, "--concurrency", str(CONCURRENCY), "--max-size", "2G"],
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"prefetch failed: {result.stderr}")
    return elapsed, int(result.stderr.strip().splitlines()[-1])


def main():
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz = os.path.join(bin_dir, "qrquiz")
    work = tempfile.mkdtemp(prefix="qrquiz-cache-bench-")
    server, port = start_server(work)
    try:
        rng = random.Random(6)
        base = f"http://127.0.0.1:{port}"
        mixed = [f"{base}/synthetic/{rng.randint(10_000, 200_000)}/m{i}.png?delay={LATENCY_MS}" for i in range(COUNT)]
        topic_path = os.path.join(work, "mixed.json")
        topic(topic_path, mixed)
        cache_dir = os.path.join(work, "cache")

        cold, cold_rss = prefetch(qrquiz, topic_path, cache_dir)
        ideal = COUNT * LATENCY_MS / 1000 / CONCURRENCY
        warm_runs = sorted(prefetch(qrquiz, topic_path, cache_dir)[0] for _ in range(5))
        warm = warm_runs[2]

        curl_urls = mixed[: 100 if QUICK else 300]
        start = time.perf_counter()
        for url in curl_urls:
            subprocess.run(["curl", "-s", "-o", os.devnull, url], check=True)
        curl = (time.perf_counter() - start) / len(curl_urls) * COUNT

        # What this server allows six clients at once: curl processes, six at a time.
        fresh_urls = [url.replace("/m", "/x") for url in mixed]
        start = time.perf_counter()
        subprocess.run(["xargs", "-P", str(CONCURRENCY), "-n", "1", "curl", "-s", "-o", os.devnull],
                       input="\n".join(fresh_urls), text=True, check=True)
        parallel_curl = time.perf_counter() - start

        rss = {}
        for size in (10_000, 200_000):
            urls = [f"{base}/synthetic/{size}/s{size}-{i}.png" for i in range(COUNT)]
            path = os.path.join(work, f"size{size}.json")
            topic(path, urls)
            rss[size] = prefetch(qrquiz, path, os.path.join(work, f"cache{size}"))[1]

        print(f"{COUNT} images, {LATENCY_MS} ms added per request, concurrency {CONCURRENCY}\n")
        print("| benchmark | qrquiz | reference | ratio |")
        print("|---|---|---|---|")
        print(f"| cold prefetch | {cold:.2f} s | ideal {ideal:.2f} s | {cold / ideal:.2f}× (target ≤ 1.3×) |")
        print(f"| cold prefetch | {cold:.2f} s | sequential curl {curl:.2f} s (extrapolated) | "
              f"{curl / cold:.1f}× faster |")
        print(f"| cold prefetch | {cold:.2f} s | curl, {CONCURRENCY} processes at a time {parallel_curl:.2f} s | "
              f"{parallel_curl / cold:.2f}× faster |")
        print(f"| warm prefetch (all fresh), per image | {warm / COUNT * 1e3:.3f} ms | target < 1 ms | |")
        print(f"| peak RSS, {COUNT} × 200 KB | {rss[200_000] / 1024:.0f} MB | {COUNT} × 10 KB: "
              f"{rss[10_000] / 1024:.0f} MB | target < 100 MB, flat |")
        print(f"| peak RSS, cold mixed run | {cold_rss / 1024:.0f} MB | | |")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
