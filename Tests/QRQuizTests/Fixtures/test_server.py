#!/usr/bin/env python3
"""A misbehaving HTTP server for the tests, on 127.0.0.1 with a port the OS picks.

usage: test_server.py ROOT PORT_FILE
Serves files under ROOT at /files/NAME and writes its port to PORT_FILE once listening.
Special paths (each test asks for the behaviour it needs):
  /status/CODE            answers CODE with a short body
  /slow/SECONDS/NAME      waits, then serves files/NAME
  /truncated/NAME         announces the full Content-Length, sends half, closes
  /oversized/BYTES        streams BYTES bytes without a Content-Length
  /announced/BYTES        announces Content-Length BYTES, sends nothing, closes
  /redirect/NAME          302 to /files/NAME
  /redirect-loop          302 to itself
  /redirect-to?URL        302 to URL (e.g. file:///etc/passwd)
It stops when the test kills it (SIGKILL)."""
import http.server
import os
import sys
import time
import urllib.parse

ROOT = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

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

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        segments = [urllib.parse.unquote(s) for s in parts.path.split("/")[1:]]
        kind = segments[0] if segments else ""
        try:
            if kind == "files":
                self.send_body(200, self.file_bytes(segments[1]))
            elif kind == "status":
                self.send_body(int(segments[1]), b"status page\n", "text/plain")
            elif kind == "slow":
                time.sleep(float(segments[1]))
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


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
temporary = sys.argv[2] + ".tmp"
with open(temporary, "w") as f:
    f.write(str(server.server_address[1]))
os.rename(temporary, sys.argv[2])
server.serve_forever()
