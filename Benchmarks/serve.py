#!/usr/bin/env python3
"""`qrquiz serve` under load, side by side in one run with a plain C libmicrohttpd server
(Benchmarks/c/mhd_plain.c: the same daemon options, the same bytes and header lines) and
nginx (2 workers, the same files from disk), with wrk: 2 threads, 64 connections.

  python3 Benchmarks/serve.py [--seconds 8] [--runs 5]

Targets: a topic's JSON (/t/NAME.json, about 4 KB) and a cached question image
(/img/KEY, a 13 KB JPEG). Quotes median requests/s and p99 latency over the runs, qrquiz's
peak RSS under that load, and the time from starting `qrquiz serve` to its first page.
Installs wrk and nginx if missing (scripts/install-deps --benchmarks)."""
import argparse
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from topics import compact, make_topic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGE_URL = "https://images.example/benchmark.jpg"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port, path="/", timeout=20):
    """Seconds until a GET of `path` answers 200."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
                connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
                if connection.recv(12).startswith(b"HTTP/1.1 200"):
                    return time.perf_counter() - start
        except OSError:
            pass
        time.sleep(0.002)
    raise RuntimeError(f"nothing answered on port {port}")


def wrk(url, seconds):
    output = subprocess.run(["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", url], capture_output=True,
                            text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", output).groups()
    p99 = float(value) * {"us": 1e-3, "ms": 1, "s": 1e3}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise RuntimeError(f"{url}: {errors.group(1)} error responses")
    return rate, p99


def headers_of(port, path):
    """The header lines qrquiz sends for `path` (without Date and Content-Length)."""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = [line for line in head.decode().split("\r\n")[1:]
             if not line.lower().startswith(("date:", "content-length:", "connection:"))]
    return "\n".join(lines) + "\n", body


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    subprocess.run([os.path.join(ROOT, "scripts", "install-deps"), "--benchmarks"], check=True)
    bin_dir = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                             text=True).stdout.strip()
    qrquiz, bench = os.path.join(bin_dir, "qrquiz"), os.path.join(bin_dir, "qrquiz-bench")
    work = tempfile.mkdtemp(prefix="qrquiz-serve-bench-")
    # nginx's workers run as nobody: they must be able to read the files.
    os.chmod(work, 0o755)
    processes = []
    try:
        # A library with one ~4 KB topic that names a cached image.
        library = os.path.join(work, "library")
        os.makedirs(library)
        rng = random.Random(4)
        topic = make_topic(rng, 24, name="Benchmark")
        topic["sets"][0][0]["imageURL"] = IMAGE_URL
        with open(os.path.join(library, "Benchmark.json"), "w") as f:
            f.write(compact(topic))
        cache = os.path.join(work, "cache")
        # A 13 KB photo (JPEG) stands for a question's image.
        image = os.path.join(ROOT, "Tests", "QRQuizTestSupport", "Fixtures", "jpeg", "upright.jpg")
        subprocess.run([bench, "cache-put", cache, IMAGE_URL, image], check=True)

        # qrquiz serve, and the time to its first page.
        starts = []
        for _ in range(5):
            port = free_port()
            process = subprocess.Popen([qrquiz, "serve", library, "--port", str(port), "--cache-dir", cache],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            starts.append(wait_for(port))
            process.kill()
            process.wait()
        port = free_port()
        ours = subprocess.Popen([qrquiz, "serve", library, "--port", str(port), "--cache-dir", cache],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(ours)
        wait_for(port)
        key = subprocess.run([bench, "cache-key", IMAGE_URL], capture_output=True, text=True,
                             check=True).stdout.strip()
        paths = {"topic JSON": "/t/Benchmark.json", "cached image": f"/img/{key}"}
        servers = {"qrquiz serve": port}

        # The same bytes and header lines from plain C, and from nginx's disk.
        plain = os.path.join(work, "mhd_plain")
        subprocess.run(["cc", "-O2", os.path.join(ROOT, "Benchmarks", "c", "mhd_plain.c"), "-o", plain,
                        *subprocess.run(["pkg-config", "--cflags", "--libs", "libmicrohttpd"], capture_output=True,
                                        text=True, check=True).stdout.split()], check=True)
        docroot = os.path.join(work, "www")
        os.makedirs(docroot)
        plain_ports = {}
        for label, path in paths.items():
            header_text, body = headers_of(port, path)
            name = "topic.json" if label == "topic JSON" else "image.jpg"
            with open(os.path.join(docroot, name), "wb") as f:
                f.write(body)
            with open(os.path.join(work, name + ".headers"), "w") as f:
                f.write(header_text)
            plain_port = free_port()
            server = subprocess.Popen([plain, str(plain_port), os.path.join(docroot, name),
                                       os.path.join(work, name + ".headers")], stdout=subprocess.PIPE)
            processes.append(server)
            server.stdout.readline()
            plain_ports[label] = plain_port
        nginx_port = free_port()
        nginx_conf = os.path.join(work, "nginx.conf")
        with open(nginx_conf, "w") as f:
            f.write(f"""worker_processes 2; pid {work}/nginx.pid; error_log {work}/nginx.err;
events {{ worker_connections 1024; }}
http {{ access_log off; sendfile on; keepalive_requests 100000;
  types {{ application/json json; image/jpeg jpg; }}
  client_body_temp_path {work}/b; proxy_temp_path {work}/p; fastcgi_temp_path {work}/f; uwsgi_temp_path {work}/u;
  scgi_temp_path {work}/s;
  server {{ listen 127.0.0.1:{nginx_port}; root {docroot}; }} }}
""")
        nginx = subprocess.Popen(["nginx", "-c", nginx_conf, "-g", "daemon off;"], stderr=subprocess.DEVNULL)
        processes.append(nginx)
        wait_for(nginx_port, "/topic.json")

        rows = []
        for label, path in paths.items():
            name = "topic.json" if label == "topic JSON" else "image.jpg"
            targets = [("qrquiz serve", f"http://127.0.0.1:{port}{path}"),
                       ("plain C libmicrohttpd", f"http://127.0.0.1:{plain_ports[label]}{path}"),
                       ("nginx", f"http://127.0.0.1:{nginx_port}/{name}")]
            results = {name: [] for name, _ in targets}
            # Interleaved runs, so a slow moment of the machine hits every server alike.
            for _ in range(options.runs):
                for target, url in targets:
                    results[target].append(wrk(url, options.seconds))
            medians = {target: (statistics.median(r for r, _ in runs), statistics.median(p for _, p in runs))
                       for target, runs in results.items()}
            ours_rate = medians["qrquiz serve"][0]
            for target, (rate, p99) in medians.items():
                ratio = ours_rate / rate if target != "qrquiz serve" else 1.0
                rows.append(f"| {label} ({len(open(os.path.join(docroot, name), 'rb').read())} B) | {target} | "
                            f"{rate:,.0f} | {p99:.2f} | {'' if target == 'qrquiz serve' else f'{ratio:.2f}×'} |")
        print(f"wrk -t2 -c64 -d{options.seconds}s, median of {options.runs} interleaved runs\n")
        print("| resource | server | requests/s | p99 ms | qrquiz ÷ it |")
        print("|---|---|---|---|---|")
        print("\n".join(rows))
        print(f"\nqrquiz serve peak RSS after the load: {peak_rss_mb(ours.pid):.0f} MB")
        print(f"time from start to first page: median {statistics.median(starts) * 1e3:.0f} ms "
              f"(of {len(starts)})")
    finally:
        # SIGTERM first: nginx's master stops its workers on it (killed, it would leave
        # them running), and qrquiz serve stops cleanly.
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
