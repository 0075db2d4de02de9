#!/usr/bin/env python3
"""A misbehaving HTTP server for the services tests: every way a server can go wrong.

Python 3 standard library only, raw sockets: nothing here goes through
http.server, so it can break HTTP on purpose. It listens on 127.0.0.1 on two free
ports (two origins), and prints `PORT <first>` as its first line of output.

    python3 Fixtures/FaultServer/server.py --port 0 --watch-stdin

Endpoints (any method):
    /ok                     200 {"ok":true}
    /ports                  200 {"first": <port>, "second": <port>}
    /echo                   200 JSON: method, path, headers (names lowercased), body
    /close-mid-body         Content-Length 1000, 100 bytes, then the connection closes
    /trickle?bytes=N&ms=M   a JSON body of N bytes, one byte every M milliseconds
    /bad-chunking           chunked encoding with a chunk size that is not hex
    /huge-claim             Content-Length 2147483648, 16 bytes, then silence
    /big?bytes=N            N bytes of a JSON array, chunked, no Content-Length
    /redirect-loop          302 to itself, forever
    /redirect?to=URL&status=S   S (default 302) with Location URL
    /no-content             204, no body
    /not-modified           304, no body
    /reset                  accepts the request, then resets the connection (RST)
    /garbage                a status line that is not HTTP
    /stream/...             streaming bodies: see streams.py

With --watch-stdin, the server exits when its standard input closes.
"""

import argparse
import json
import os
import signal
import socket
import struct
import sys
import threading
import time
from urllib.parse import parse_qsl, urlsplit

import streams

PORTS = {}


def read_request(connection):
    """The request line, headers (lowercased names) and body, or None."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = (lines[0].split(" ", 2) + ["", ""])[:3]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length") or 0)
    if target.startswith("/stream/cut-upload"):
        # Reads only the start of the body: the endpoint then cuts the upload short.
        length = min(length, int(dict(parse_qsl(urlsplit(target).query)).get("after", "65536")))
    while len(rest) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        rest += chunk
    return method, target, headers, rest[:length]


def head(status, reason, headers):
    lines = ["HTTP/1.1 %d %s" % (status, reason)] + ["%s: %s" % pair for pair in headers] + ["", ""]
    return "\r\n".join(lines).encode("latin-1")


def respond(connection, status, reason, body=b"", content_type="application/json", extra=()):
    headers = [("Content-Length", str(len(body))), ("Connection", "close")]
    if body:
        headers.insert(0, ("Content-Type", content_type))
    connection.sendall(head(status, reason, list(extra) + headers) + body)


def handle(connection):
    request = read_request(connection)
    if request is None:
        return
    method, target, headers, body = request
    parts = urlsplit(target)
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    path = parts.path

    if path.startswith("/stream/") and streams.handle(connection, method, path, query, headers, body):
        return
    if path == "/ok":
        return respond(connection, 200, "OK", b'{"ok":true}')
    if path == "/ports":
        return respond(connection, 200, "OK", json.dumps(PORTS).encode())
    if path == "/echo":
        echoed = {"method": method, "path": target, "headers": headers, "body": body.decode("utf-8", "replace")}
        return respond(connection, 200, "OK", json.dumps(echoed).encode())
    if path == "/close-mid-body":
        connection.sendall(head(200, "OK", [("Content-Type", "application/json"), ("Content-Length", "1000")]))
        connection.sendall(b"[" + b"1," * 49 + b"1")
        return
    if path == "/trickle":
        size = int(query.get("bytes", "64"))
        delay = int(query.get("ms", "10")) / 1000
        payload = (b'{"pad":"' + b"x" * max(0, size - 11) + b'"}')[:max(size, 11)]
        connection.sendall(head(200, "OK", [("Content-Type", "application/json"),
                                            ("Content-Length", str(len(payload))), ("Connection", "close")]))
        for index in range(len(payload)):
            connection.sendall(payload[index:index + 1])
            time.sleep(delay)
        return
    if path == "/bad-chunking":
        connection.sendall(head(200, "OK", [("Content-Type", "application/json"),
                                            ("Transfer-Encoding", "chunked")]))
        connection.sendall(b"zz\r\n{\"a\":1}\r\n0\r\n\r\n")
        return
    if path == "/huge-claim":
        connection.sendall(head(200, "OK", [("Content-Type", "application/json"), ("Content-Length", "2147483648")]))
        connection.sendall(b'{"data":"xxxxxx')
        time.sleep(30)  # then nothing: the client must not wait for 2 GB
        return
    if path == "/big":
        size = int(query.get("bytes", "1048576"))
        connection.sendall(head(200, "OK", [("Content-Type", "application/json"),
                                            ("Transfer-Encoding", "chunked"), ("Connection", "close")]))
        sent = 0
        block = b"1," * 8192
        try:
            connection.sendall(b"1\r\n[\r\n")
            while sent < size:
                connection.sendall(b"%x\r\n%s\r\n" % (len(block), block))
                sent += len(block)
            connection.sendall(b"1\r\n1\r\n1\r\n]\r\n0\r\n\r\n")
        except OSError:
            pass  # the client stopped reading: that is the point
        return
    if path == "/redirect-loop":
        return respond(connection, 302, "Found", extra=[("Location", "/redirect-loop")])
    if path == "/redirect":
        status = int(query.get("status", "302"))
        return respond(connection, status, "Redirect", extra=[("Location", query.get("to", "/ok"))])
    if path == "/no-content":
        connection.sendall(head(204, "No Content", [("Connection", "close")]))
        return
    if path == "/not-modified":
        connection.sendall(head(304, "Not Modified", [("Connection", "close")]))
        return
    if path == "/reset":
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        return
    if path == "/garbage":
        connection.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        return
    respond(connection, 404, "Not Found", json.dumps({"error": "no route for %s" % path}).encode())


def serve(listener):
    while True:
        connection, _ = listener.accept()

        def run(connection=connection):
            try:
                handle(connection)
            except OSError:
                pass
            finally:
                connection.close()

        threading.Thread(target=run, daemon=True).start()


def listen():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    return listener


def main():
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, lambda number, frame: os._exit(0))

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="ignored: the ports are always free ones")
    parser.add_argument("--watch-stdin", action="store_true", help="exit when standard input closes")
    options = parser.parse_args()

    first, second = listen(), listen()
    PORTS["first"] = first.getsockname()[1]
    PORTS["second"] = second.getsockname()[1]
    threading.Thread(target=serve, args=(second,), daemon=True).start()
    print("PORT %d" % PORTS["first"], flush=True)

    if options.watch_stdin:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()

    try:
        serve(first)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
