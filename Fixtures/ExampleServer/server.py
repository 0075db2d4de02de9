#!/usr/bin/env python3
"""The Argonaut example server: the NewsFeed API, and endpoints for the tests.

Python 3 standard library only. It listens on 127.0.0.1, on a free port unless
told otherwise, and prints `PORT <number>` as its first line of output.

    python3 Fixtures/ExampleServer/server.py            # PORT 54321
    python3 Fixtures/ExampleServer/server.py --port 8080

The example API (the sample data is in data/):
    POST /login               {"userName": "ada", "password": "lovelace"} -> 200 data/login.json
                              any other credentials -> 401 {"error": "invalid credentials"}
    GET  /newsFeed?userId=ada -> 200 data/newsFeed.json; another user -> 404 JSON

For the tests:
    GET  /status/<code>?body=json|text|html|empty   that status with that kind of body
    GET  /invalid-json        200, application/json, a body that is not JSON
    GET  /wrong-shape         200, a news feed whose second post lacks "postDate"
    GET  /slow?ms=<n>         answers {"slept": n} after n milliseconds
    ANY  /echo/<anything>     the request as JSON: method, raw path and query, decoded
                              path segments and query pairs, headers, body
    ANY  /middleware/<test>/… endpoints for the middleware tests, with counters per
                              test id (see the MIDDLEWARE block below)

With --watch-stdin, the server exits when its standard input closes, so that it
never outlives the program that started it.
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
USERS = {"ada": "lovelace"}


def sample(name):
    with open(os.path.join(DATA, name), "rb") as file:
        return file.read()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "ArgonautExample/1"

    def log_message(self, format, *args):  # quiet: the tests read stdout
        pass

    def do_GET(self):
        self.route()

    def do_POST(self):
        self.route()

    def do_PUT(self):
        self.route()

    def do_PATCH(self):
        self.route()

    def do_DELETE(self):
        self.route()

    # Helpers

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send(self, status, body=b"", content_type="application/json"):
        try:
            self.send_response(status)
            if body or content_type:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout or a cancel in the tests)

    def send_json(self, status, value):
        self.send(status, json.dumps(value, ensure_ascii=False).encode("utf-8"))

    # Routing

    def route(self):
        raw = self.path
        parts = urlsplit(raw)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        body = self.read_body()
        path = parts.path

        if path == "/login" and self.command == "POST":
            return self.login(body)
        if path == "/newsFeed" and self.command == "GET":
            return self.news_feed(query)
        if path.startswith("/status/"):
            return self.status(path[len("/status/"):], query.get("body", "json"))
        if path == "/invalid-json":
            return self.send(200, b'{"userName": "ada", "email": }')
        if path == "/wrong-shape":
            return self.send_json(200, {"posts": [
                {"title": "One", "postDate": "2024-01-01", "headline": "fine"},
                {"title": "Two", "headline": "no date"},
            ]})
        if path == "/slow":
            milliseconds = int(query.get("ms", "2000"))
            time.sleep(milliseconds / 1000)
            return self.send_json(200, {"slept": milliseconds})
        if path == "/echo" or path.startswith("/echo/"):
            return self.echo(raw, parts, body)
        if path.startswith("/middleware/"):
            return middleware_route(self, path, query)
        if resources_route(self, path, query, body):
            return
        self.send_json(404, {"error": "no route for %s %s" % (self.command, path)})

    def login(self, body):
        try:
            credentials = json.loads(body)
        except ValueError:
            return self.send_json(400, {"error": "the body must be JSON"})
        name = credentials.get("userName") if isinstance(credentials, dict) else None
        password = credentials.get("password") if isinstance(credentials, dict) else None
        if name in USERS and USERS[name] == password:
            return self.send(200, sample("login.json"))
        self.send_json(401, {"error": "invalid credentials"})

    def news_feed(self, query):
        user = query.get("userId")
        if not user:
            return self.send_json(400, {"error": "userId is required"})
        if user not in USERS:
            return self.send_json(404, {"error": "no such user: %s" % user})
        self.send(200, sample("newsFeed.json"))

    def status(self, code, kind):
        try:
            status = int(code)
        except ValueError:
            return self.send_json(400, {"error": "not a status: %s" % code})
        if kind == "text":
            return self.send(status, ("status %d, as text" % status).encode(), "text/plain; charset=utf-8")
        if kind == "html":
            page = "<!DOCTYPE html>\n<html>\n  <body>\n    <h1>Error %d</h1>\n  </body>\n</html>\n" % status
            return self.send(status, page.encode(), "text/html; charset=utf-8")
        if kind == "empty":
            return self.send(status, b"", "")
        self.send_json(status, {"error": "status %d" % status, "code": status})

    def echo(self, raw, parts, body):
        text = body.decode("utf-8", errors="replace")
        try:
            parsed = json.loads(body) if body else None
        except ValueError:
            parsed = None
        self.send_json(200, {
            "method": self.command,
            "rawPath": parts.path,
            "rawQuery": parts.query,
            "raw": raw,
            "segments": [unquote(segment) for segment in parts.path.split("/")[1:]],
            "query": [[name, value] for name, value in parse_qsl(parts.query, keep_blank_values=True)],
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": text,
            "json": parsed,
        })


# MIDDLEWARE: endpoints for the tests of RetryMiddleware, AuthMiddleware and
# CacheMiddleware (Tests/ArgonautServicesTests/Middleware/). Every path starts with
# /middleware/<test>/, where <test> is an id that each test picks; the counters are
# kept per id, so tests running in parallel never see each other's counts.
#
#   ANY  …/flaky?failures=N&status=503&retry-after=1
#                     the first N requests get that status (with that Retry-After,
#                     if given); later ones get 200 {"hits": n}
#   GET  …/protected  200 {"hits": n} with the id's current token
#                     (Authorization: Bearer <token>), else 401; none is valid
#                     before the first refresh
#   POST …/refresh    makes a new token the id's current one: 200 {"token": "…"}
#   GET  …/etag       ETag "v1", Cache-Control: no-cache; If-None-Match "v1" gets 304.
#                     Counts "etag" and "notModified", and also "etag <Authorization>"
#                     and "notModified <Authorization>" for a request that has one
#   GET  …/github?item=N&weak=1
#                     GitHub's API: {"item": N, "version": 1} with ETag "item-N-v1"
#                     (W/"item-N-v1" with weak=1), Cache-Control: private, max-age=60,
#                     s-maxage=60, and GitHub's two Vary lines (Accept, Authorization,
#                     Cookie, X-GitHub-OTP; Accept-Encoding, Accept, X-Requested-With).
#                     An If-None-Match that lists the tag (weak comparison, any list)
#                     gets 304 with the same fields, whatever the token. Counts
#                     "github", "github <Authorization>", "conditional" (a request with
#                     If-None-Match), "notModified" and "notModified <Authorization>"
#   GET  …/last-modified
#                     Last-Modified, max-age=0; If-Modified-Since equal to it gets 304
#   GET  …/fresh      Cache-Control: max-age=3600
#   GET  …/held       counted, then held until …/release: 200 {"hits": n}, max-age=3600
#   POST …/release    lets every held request of the id answer
#   GET  …/stats      the id's counters: {"flaky": n, "protected": n, …} (not counted)
#   GET  …/arrived?name=held&count=N
#                     waits until the counter `name` has reached N (the server's own
#                     signal that those requests arrived), then answers with the
#                     id's counters, as …/stats does (not counted)
#   GET  …/rate-limited?failures=N&reset=EPOCH
#                     GitHub's rate limit: the first N requests get 403 with
#                     X-RateLimit-Remaining: 0 and X-RateLimit-Reset: EPOCH; later
#                     ones 200 {"hits": n} with X-RateLimit-Remaining: 59
#   GET  …/forbidden  403 {"message": "Must have admin rights"}, X-RateLimit-Remaining: 58
#   GET  …/echo-auth?status=403
#                     echoes the Authorization it got, in the body {"seen": "…"} and
#                     in the header X-Seen-Authorization, with that status (a server
#                     that leaks credentials back, for the redaction tests)

MIDDLEWARE_LOCK = threading.Lock()
MIDDLEWARE_COUNTED = threading.Condition(MIDDLEWARE_LOCK)  # notified at every count
MIDDLEWARE_COUNTERS = {}  # test id -> {counter name -> count}
MIDDLEWARE_TOKENS = {}  # test id -> the valid token
MIDDLEWARE_RELEASES = {}  # test id -> threading.Event set by …/release
LAST_MODIFIED = "Sun, 06 Nov 1994 08:49:37 GMT"


def middleware_count(test, name):
    with MIDDLEWARE_COUNTED:
        counters = MIDDLEWARE_COUNTERS.setdefault(test, {})
        counters[name] = counters.get(name, 0) + 1
        MIDDLEWARE_COUNTED.notify_all()
        return counters[name]


def middleware_route(handler, path, query):
    parts = path.split("/")  # ["", "middleware", test, endpoint]
    if len(parts) != 4 or not parts[2]:
        return handler.send_json(404, {"error": "expected /middleware/<test>/<endpoint>"})
    test, endpoint = parts[2], parts[3]

    def reply(status, value, headers=None):
        body = json.dumps(value).encode("utf-8") if value is not None else b""
        try:
            handler.send_response(status)
            # A dict, or a list of (name, value) pairs for a field sent on several lines.
            for name, header in headers.items() if isinstance(headers, dict) else (headers or []):
                handler.send_header(name, header)
            if body:
                handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    if endpoint == "stats":
        with MIDDLEWARE_LOCK:
            return reply(200, dict(MIDDLEWARE_COUNTERS.get(test, {})))
    if endpoint == "arrived":
        name, count = query.get("name", ""), int(query.get("count", "1"))
        with MIDDLEWARE_COUNTED:
            # The bound only keeps a lost test from pinning a thread; the test's own
            # deadline is the same.
            MIDDLEWARE_COUNTED.wait_for(lambda: MIDDLEWARE_COUNTERS.get(test, {}).get(name, 0) >= count, 600)
            counters = dict(MIDDLEWARE_COUNTERS.get(test, {}))
        return reply(200, counters)
    if endpoint == "rate-limited":
        hits = middleware_count(test, "rateLimited")
        if hits <= int(query.get("failures", "1")):
            return reply(403, {"message": "API rate limit exceeded"},
                         {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": query.get("reset", "0")})
        return reply(200, {"hits": hits}, {"X-RateLimit-Remaining": "59"})
    if endpoint == "forbidden":
        middleware_count(test, "forbidden")
        return reply(403, {"message": "Must have admin rights"}, {"X-RateLimit-Remaining": "58"})
    if endpoint == "echo-auth":
        seen = handler.headers.get("Authorization", "")
        return reply(int(query.get("status", "403")), {"error": "forbidden", "seen": seen},
                     {"X-Seen-Authorization": seen})
    if endpoint == "flaky":
        hits = middleware_count(test, "flaky")
        if hits <= int(query.get("failures", "1")):
            headers = {"Retry-After": query["retry-after"]} if "retry-after" in query else {}
            return reply(int(query.get("status", "503")), {"error": "try again", "hits": hits}, headers)
        return reply(200, {"hits": hits})
    if endpoint == "protected":
        hits = middleware_count(test, "protected")
        with MIDDLEWARE_LOCK:
            valid = MIDDLEWARE_TOKENS.get(test)
        if valid is None or handler.headers.get("Authorization") != "Bearer " + valid:
            middleware_count(test, "unauthorized")
            return reply(401, {"error": "invalid token"})
        return reply(200, {"hits": hits})
    if endpoint == "refresh" and handler.command == "POST":
        number = middleware_count(test, "refresh")
        token = "token-%s-%d" % (test, number)
        with MIDDLEWARE_LOCK:
            MIDDLEWARE_TOKENS[test] = token
        return reply(200, {"token": token})
    if endpoint == "etag":
        authorization = handler.headers.get("Authorization")
        names = ["etag"] + (["etag " + authorization] if authorization else [])
        headers = {"ETag": '"v1"', "Cache-Control": "no-cache"}
        if handler.headers.get("If-None-Match") == '"v1"':
            names += ["notModified"] + (["notModified " + authorization] if authorization else [])
        for name in names:
            middleware_count(test, name)
        if "notModified" in names:
            return reply(304, None, headers)
        return reply(200, {"version": 1}, headers)
    if endpoint == "github":
        item, authorization = query.get("item", "0"), handler.headers.get("Authorization")
        opaque = '"item-%s-v1"' % item
        headers = [
            ("ETag", ("W/" if query.get("weak") == "1" else "") + opaque),
            ("Cache-Control", "private, max-age=60, s-maxage=60"),
            ("Vary", "Accept, Authorization, Cookie, X-GitHub-OTP"),
            ("Vary", "Accept-Encoding, Accept, X-Requested-With"),
        ]
        listed = [tag.strip() for tag in handler.headers.get("If-None-Match", "").split(",") if tag.strip()]
        matched = any((tag[2:] if tag.startswith("W/") else tag) == opaque for tag in listed)
        names = ["github"] + (["github " + authorization] if authorization else [])
        names += ["conditional"] if listed else []
        if matched:
            names += ["notModified"] + (["notModified " + authorization] if authorization else [])
        for name in names:
            middleware_count(test, name)
        return reply(304 if matched else 200, None if matched else {"item": int(item), "version": 1}, headers)
    if endpoint == "last-modified":
        middleware_count(test, "lastModified")
        headers = {"Last-Modified": LAST_MODIFIED, "Cache-Control": "max-age=0"}
        if handler.headers.get("If-Modified-Since") == LAST_MODIFIED:
            middleware_count(test, "notModified")
            return reply(304, None, headers)
        return reply(200, {"modified": LAST_MODIFIED}, headers)
    if endpoint == "fresh":
        hits = middleware_count(test, "fresh")
        return reply(200, {"hits": hits}, {"Cache-Control": "max-age=3600"})
    if endpoint in ("held", "release"):
        with MIDDLEWARE_LOCK:
            release = MIDDLEWARE_RELEASES.setdefault(test, threading.Event())
        if endpoint == "release":
            release.set()
            return reply(200, {"released": True})
        hits = middleware_count(test, "held")
        release.wait(600)  # the test releases it; the bound only keeps a lost test from pinning a thread
        return reply(200, {"hits": hits}, {"Cache-Control": "max-age=3600"})
    handler.send_json(404, {"error": "no middleware endpoint %s" % endpoint})
# ---------------------------------------------------------------------------
# Resources (issue #13): images, text, 204, GitHub-style pages, uploads.
#
#   GET    /resources/avatar.png    200 image/png: the 8-byte PNG signature, then "ARGONAUT"
#   GET    /resources/latin1        200 text/plain; charset=iso-8859-1: "café au lait" in Latin-1
#   DELETE /resources/item          204, no body
#   GET    /github/events?page=N    page N (1-3) of two events; Link to the next, last, first and
#                                   previous pages (absolute URLs); X-RateLimit-Limit: 60,
#                                   X-RateLimit-Remaining: 60 - N, X-RateLimit-Reset
#   GET    /github/relative?page=N  the same pages, with relative Link targets, quoted parameters
#                                   holding commas and semicolons, and two Link fields
#   GET    /github/loop?page=N      page 2's next link leads back to page 1
#   GET    /github/bad-link         a Link header that does not parse
#   GET    /github/limited          403 {"message": "API rate limit exceeded"}, X-RateLimit-Remaining: 0
#   ANY    /upload                  {"method", "contentType", "contentLength", "transferEncoding",
#                                   "length", "body": base64 of the raw body as received,
#                                   "parts": multipart/form-data parts as a stdlib parser reads them}

GITHUB_PAGES = 3


def github_events(page):
    return [{"id": str(page * 100 + index), "type": "PushEvent" if index == 1 else "WatchEvent",
             "actor": {"login": "ada"}, "repo": {"name": "argonaut/argonaut"}} for index in (1, 2)]


def resources_route(handler, path, query, body):
    """Serves the resources endpoints; False when `path` is not one of them."""
    if path == "/resources/avatar.png":
        handler.send(200, b"\x89PNG\r\n\x1a\nARGONAUT", "image/png")
    elif path == "/resources/latin1":
        handler.send(200, "café au lait".encode("latin-1"), "text/plain; charset=iso-8859-1")
    elif path == "/resources/item" and handler.command == "DELETE":
        handler.send(204, b"", "")
    elif path in ("/github/events", "/github/relative", "/github/loop"):
        github_page(handler, path, query)
    elif path == "/github/bad-link":
        github_send(handler, 200, github_events(1), ['<http://127.0.0.1/x>; rel="next", http://no-brackets; rel=last'], 1)
    elif path == "/github/limited":
        github_send(handler, 403, {"message": "API rate limit exceeded"}, [], GITHUB_PAGES + 57)
    elif path == "/upload":
        upload(handler, body)
    else:
        return False
    return True


def github_page(handler, path, query):
    try:
        page = int(query.get("page", "1"))
    except ValueError:
        page = 0
    if not 1 <= page <= GITHUB_PAGES:
        return handler.send_json(404, {"message": "Not Found"})
    base = "http://%s:%d" % handler.server.server_address[:2]
    links = []
    if path == "/github/events":
        def url(number):
            return "%s/github/events?page=%d" % (base, number)
        parts = []
        if page < GITHUB_PAGES:
            parts += ['<%s>; rel="next"' % url(page + 1), '<%s>; rel="last"' % url(GITHUB_PAGES)]
        if page > 1:
            parts += ['<%s>; rel="first"' % url(1), '<%s>; rel="prev"' % url(page - 1)]
        links = [", ".join(parts)] if parts else []
    elif path == "/github/relative":
        if page > 1:  # a field of its own, before the one with the next link
            links.append('</github/relative?page=1>; rel="first"; title="one, two; three"')
        if page < GITHUB_PAGES:
            # a quoted parameter holding a comma and a semicolon, rel with two relations,
            # a parameter without a value, and a target relative to the path
            links.append('<relative?page=%d>; title="next, please; now"; rel="next last-but-one"; crossorigin'
                         % (page + 1))
    else:  # /github/loop: 1 -> 2 -> 1
        links = ['<%s/github/loop?page=%d>; rel="next"' % (base, 2 if page == 1 else 1)]
    github_send(handler, 200, github_events(page), links, page)


def github_send(handler, status, value, links, used):
    body = json.dumps(value).encode("utf-8")
    try:
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(body)))
        for link in links:
            handler.send_header("Link", link)
        handler.send_header("X-RateLimit-Limit", "60")
        handler.send_header("X-RateLimit-Remaining", str(max(0, 60 - used)))
        handler.send_header("X-RateLimit-Reset", "1700000000")
        handler.end_headers()
        handler.wfile.write(body)
    except (BrokenPipeError, ConnectionResetError):
        pass


def upload(handler, body):
    import base64
    from email.parser import BytesParser
    from email.policy import HTTP
    content_type = handler.headers.get("Content-Type") or ""
    parts = []
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body)
        for part in message.iter_parts():
            parts.append({
                "name": part.get_param("name", header="content-disposition"),
                "filename": part.get_filename(),
                "contentType": part.get_content_type() if part.get("Content-Type") else None,
                "body": base64.b64encode(part.get_payload(decode=True) or b"").decode("ascii"),
            })
    handler.send_json(200, {
        "method": handler.command,
        "contentType": content_type,
        "contentLength": handler.headers.get("Content-Length"),
        "transferEncoding": handler.headers.get("Transfer-Encoding"),
        "length": len(body),
        "body": base64.b64encode(body).decode("ascii"),
        "parts": parts,
    })


# ---------------------------------------------------------------------------


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


def main():
    # A child of a multithreaded program may inherit a mask that blocks SIGTERM:
    # unblock everything, so that a plain `kill` stops the server.
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, lambda number, frame: os._exit(0))

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="the port; 0 (the default) picks a free one")
    parser.add_argument("--watch-stdin", action="store_true", help="exit when standard input closes")
    options = parser.parse_args()

    server = Server(("127.0.0.1", options.port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)

    if options.watch_stdin:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()

    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
