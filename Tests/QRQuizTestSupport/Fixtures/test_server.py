#!/usr/bin/env python3
"""A misbehaving HTTP server for the tests, on 127.0.0.1 with a port the OS picks.

usage: test_server.py ROOT PORT_FILE
Serves files under ROOT at /files/NAME and writes its port to PORT_FILE once listening.
Special paths (each test asks for the behaviour it needs):
  /status/CODE            answers CODE with a short body
  /slow/SECONDS/NAME      waits, then serves files/NAME
  /together/N/NAME        serves files/NAME once N requests under /together/N/ have come
                          (whatever their NAME): each waits for the others, so a client
                          that asks for them one after another never gets the first
  /truncated/NAME         announces the full Content-Length, sends half, closes
  /oversized/BYTES        streams BYTES bytes without a Content-Length
  /announced/BYTES        announces Content-Length BYTES, sends nothing, closes
  /partial/NAME           206 Partial Content with the first half of files/NAME
  /redirect/NAME          302 to /files/NAME
  /redirect-loop          302 to itself
  /redirect-to?URL        302 to URL (e.g. file:///etc/passwd)
  /cached/NAME?max-age=N&etag=1&last-modified=1&no-store=1
                          serves files/NAME with caching headers; answers 304 to a matching
                          If-None-Match or If-Modified-Since
  /flaky/N/NAME           answers 503 (Retry-After: 0) to the first N requests, then serves
  /too-many/N/NAME        answers 429 (Retry-After: 1) to the first N requests, then serves
  /synthetic/BYTES/ID.png a PNG-signed body of BYTES bytes, distinct per ID
  /requests               JSON: how many requests each path got, and the validators seen
Hostile shapes, for the download limits (each answers 200 unless said):
  /endless                a fast body with no Content-Length, endless to any cap (it ends
                          after ENDLESS bytes, so a client whose cap failed stops too)
  /endless-chunked        the same, chunked
  /gzip-bomb              Content-Encoding: gzip, 256 KiB that inflate to 256 MiB of zeros
  /lying-length           announces 100 bytes, then sends an endless body
  /lying-short            announces 10 MB, sends 10 bytes, then stays open and silent
  /trickle                no Content-Length; one byte every 100 ms, forever
  /silent                 accepts, never answers
  /endless-headers        a status line, then header lines forever
Every path accepts a ?delay=MS query: the answer waits that long (the benchmark's latency).
It stops when the test kills it (SIGKILL)."""
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse
import zlib

ROOT = sys.argv[1]
LOCK = threading.Lock()
COUNTS = {}
VALIDATORS = []
ETAG_TIME = "Wed, 21 Oct 2015 07:28:00 GMT"
# More than any download cap (16 and 20 MiB), and no more than a client whose cap failed can
# hold: an "endless" body or header list ends after this many bytes.
ENDLESS = 1 << 30
TOGETHER = threading.Condition()
ARRIVED = {}


def gzip_bomb():
    """256 gzip members of a MiB of zeros each, one after another (gzip allows that): made
    in a millisecond at start-up, so its answer never waits on compressing 256 MiB, which
    on a busy machine outlasted the downloads' deadlines."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    member = compressor.compress(b"\0" * (1 << 20)) + compressor.flush()
    return member * 256


GZIP_BOMB = gzip_bomb()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # As production servers do (nginx's tcp_nodelay): without it, headers and body go out
    # as two small writes and Nagle plus delayed ACKs stall kept-alive connections by 40 ms.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="application/octet-stream", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def file_bytes(self, name):
        path = os.path.join(ROOT, os.path.basename(name))
        with open(path, "rb") as f:
            return f.read()

    def redirect(self, location):
        self.send_body(302, b"", headers=[("Location", location)])

    def count(self, path):
        with LOCK:
            COUNTS[path] = COUNTS.get(path, 0) + 1
            return COUNTS[path]

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        segments = [urllib.parse.unquote(s) for s in parts.path.split("/")[1:]]
        kind = segments[0] if segments else ""
        query = dict(urllib.parse.parse_qsl(parts.query))
        seen = self.count(parts.path) if kind != "requests" else 0
        if "delay" in query:
            time.sleep(int(query["delay"]) / 1000)
        try:
            if kind == "requests":
                with LOCK:
                    body = json.dumps({"counts": COUNTS, "validators": VALIDATORS}).encode()
                self.send_body(200, body, "application/json")
            elif kind == "cached":
                self.cached(segments[1], query)
            elif kind in ("flaky", "too-many"):
                if seen <= int(segments[1]):
                    status, retry = (503, "0") if kind == "flaky" else (429, "1")
                    self.send_body(status, b"try later\n", "text/plain", [("Retry-After", retry)])
                else:
                    self.send_body(200, self.file_bytes(segments[2]), "image/png")
            elif kind == "synthetic":
                size = int(segments[1])
                seed = segments[2].encode()
                filler = (seed * (size // max(len(seed), 1) + 1))[: max(0, size - 8)]
                self.send_body(200, b"\x89PNG\r\n\x1a\n" + filler, "image/png",
                               [("Cache-Control", "max-age=3600")])
            elif kind == "files":
                self.send_body(200, self.file_bytes(segments[1]))
            elif kind == "text":
                self.send_body(200, b"<html>not an image</html>", "image/png")
            elif kind == "status":
                self.send_body(int(segments[1]), b"status page\n", "text/plain")
            elif kind == "slow":
                time.sleep(float(segments[1]))
                self.send_body(200, self.file_bytes(segments[2]))
            elif kind == "together":
                with TOGETHER:
                    ARRIVED[segments[1]] = ARRIVED.get(segments[1], 0) + 1
                    TOGETHER.notify_all()
                    TOGETHER.wait_for(lambda: ARRIVED[segments[1]] >= int(segments[1]))
                self.send_body(200, self.file_bytes(segments[2]))
            elif kind == "truncated":
                body = self.file_bytes(segments[1])
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
            elif kind == "oversized":
                remaining = int(segments[1])
                self.send_response(200)
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                chunk = b"x" * 65536
                while remaining > 0:
                    self.wfile.write(chunk[: min(remaining, len(chunk))])
                    remaining -= len(chunk)
            elif kind == "announced":
                self.send_response(200)
                self.send_header("Content-Length", segments[1])
                self.end_headers()
                self.close_connection = True
            elif kind == "partial":
                body = self.file_bytes(segments[1])
                half = body[: len(body) // 2]
                self.send_body(206, half, "image/png",
                               [("Content-Range", "bytes 0-%d/%d" % (len(half) - 1, len(body)))])
            elif kind in HOSTILE:
                HOSTILE[kind](self)
            elif kind == "redirect":
                self.redirect("/files/" + segments[1])
            elif kind == "redirect-loop":
                self.redirect("/redirect-loop")
            elif kind == "redirect-to":
                self.redirect(urllib.parse.unquote(parts.query))
            else:
                self.send_body(404, b"not found\n", "text/plain")
        except (BrokenPipeError, ConnectionResetError):
            pass
        except FileNotFoundError:
            self.send_body(404, b"no such file\n", "text/plain")


    def cached(self, name, query):
        body = self.file_bytes(name)
        etag = '"v1-%d"' % len(body)
        headers = []
        if query.get("no-store"):
            headers.append(("Cache-Control", "no-store"))
        elif "max-age" in query:
            headers.append(("Cache-Control", "max-age=" + query["max-age"]))
        if query.get("etag"):
            headers.append(("ETag", etag))
        if query.get("last-modified"):
            headers.append(("Last-Modified", ETAG_TIME))
        if_none_match = self.headers.get("If-None-Match")
        if_modified_since = self.headers.get("If-Modified-Since")
        with LOCK:
            VALIDATORS.append({"path": self.path, "if-none-match": if_none_match,
                               "if-modified-since": if_modified_since})
        if (query.get("etag") and if_none_match == etag) or (
                query.get("last-modified") and if_modified_since == ETAG_TIME):
            self.send_response(304)
            for header in headers:
                self.send_header(*header)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_body(200, body, "image/png", headers)


def endless(handler, chunked=False, announced=None):
    handler.send_response(200)
    if chunked:
        handler.send_header("Transfer-Encoding", "chunked")
    elif announced is not None:
        handler.send_header("Content-Length", str(announced))
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.close_connection = True
    chunk = b"x" * 65536
    piece = b"%x\r\n" % len(chunk) + chunk + b"\r\n" if chunked else chunk
    for _ in range(ENDLESS // len(chunk)):
        handler.wfile.write(piece)


def lying_short(handler):
    handler.send_response(200)
    handler.send_header("Content-Length", "10000000")
    handler.end_headers()
    handler.wfile.write(b"0123456789")
    handler.wfile.flush()
    time.sleep(3600)


def trickle(handler):
    handler.send_response(200)
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.close_connection = True
    while True:
        handler.wfile.write(b"x")
        handler.wfile.flush()
        time.sleep(0.1)


def gzip_body(handler):
    handler.send_body(200, GZIP_BOMB, "application/json", [("Content-Encoding", "gzip")])


def endless_headers(handler):
    handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
    for number in range(ENDLESS // 1000):
        handler.wfile.write(b"X-Filler-%d: %s\r\n" % (number, b"y" * 1000))


HOSTILE = {
    "endless": endless,
    "endless-chunked": lambda handler: endless(handler, chunked=True),
    "gzip-bomb": gzip_body,
    "lying-length": lambda handler: endless(handler, announced=100),
    "lying-short": lying_short,
    "trickle": trickle,
    "silent": lambda handler: time.sleep(3600),
    "endless-headers": endless_headers,
}


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
temporary = sys.argv[2] + ".tmp"
with open(temporary, "w") as f:
    f.write(str(server.server_address[1]))
os.rename(temporary, sys.argv[2])
server.serve_forever()
