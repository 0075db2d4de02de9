"""Streaming endpoints of the fault server: bodies sent in awkward chunks, over time,
cut short, or too big to hold, for the tests of events, lines, bytes and downloads.

    POST /stream/echo?split=N&ms=M&type=T&status=S&drop=1&id=X
        the request's body sent back with Transfer-Encoding: chunked, N bytes per
        chunk (default 1), M milliseconds apart (default 1), as content type T
        (default text/event-stream) and status S (default 200); with drop=1 the
        connection closes before the last chunk. With id=X, the server waits after
        the body for the client to close the connection, and records it.
    GET /stream/closed?id=X       long-polls until connection X was closed by the client
    GET /stream/trickle?count=N&ms=M   N events, one every M milliseconds
    GET /stream/reconnect?session=S&connections=K&retry=R
        each connection sends `retry: R` (default 10; none: no retry field) and one
        event with id <n>, then closes;
        after K connections, 204. Records each request's Last-Event-ID.
    GET /stream/reconnect-log?session=S   the Last-Event-ID headers received, as JSON
    GET /stream/dead-after-first?session=S
        the first connection sends `retry: 10` and one event then closes; later ones
        close before any response
    GET /stream/pattern?bytes=N   N bytes, byte i being i % 251, with Content-Length,
        generated as they are sent (nothing stored); with drop=K, closes after K bytes
    GET /stream/pressure?id=X&bytes=N
        N pattern bytes; records how many had been sent when a send first blocked
        for 5 s (the client stopped reading: long enough that a busy machine is not
        taken for a reader that stopped), then sends the rest
    GET /stream/pressure-state?id=X   long-polls until connection X blocked, as JSON
    PUT/POST /stream/sink          reads the body, answers {"received": <bytes>}
    PUT/POST /stream/cut-upload?after=N&how=H
        reads N bytes of the body (default 65536), then cuts the upload short: H is
        close (the default), reset (RST), or early (a 413 answer, then close)
    GET /stream/flood?kind=K&bytes=N&status=S&type=T
        N bytes (default 256 MiB) as fast as the client takes them, chunked, with
        status S (default 200) and content type T: kind bytes (pattern bytes), sse
        (`data: {...}` events), ndjson (JSON lines), bad-ndjson (a bad first line,
        then JSON lines), long-line (one SSE line that never ends); stops when the
        client closes
    GET /stream/gzip?framing=F
        a gzip body (Content-Encoding: gzip) of 199,936 pattern bytes cut to a third:
        framing length (a Content-Length of the cut body), chunked (chunked, ended
        properly), close (no length: the connection closes), short (the Content-Length
        of the whole compressed body, then a close), whole (the whole body, intact),
        corrupt (whole, with a run of zeros in the middle), negotiated (as length
        when the request accepts gzip; otherwise the 199,936 bytes unencoded, with
        their Content-Length, cut to a third by a close)
"""

import gzip

import json
import socket
import struct
import threading
import time

CLOSED = {}
RECONNECTS = {}
PRESSURE = {}
CONDITION = threading.Condition()


def chunked_head(status, content_type):
    reason = {200: "OK", 204: "No Content", 503: "Service Unavailable", 404: "Not Found"}.get(status, "Status")
    return ("HTTP/1.1 %d %s\r\nContent-Type: %s\r\nTransfer-Encoding: chunked\r\nCache-Control: max-age=600\r\n"
            "ETag: \"stream\"\r\nConnection: close\r\n\r\n" % (status, reason, content_type)).encode("latin-1")


def send_chunk(connection, data):
    connection.sendall(b"%x\r\n%s\r\n" % (len(data), data))


def wait_for_close(connection, key):
    """Blocks until the client closes the connection, then records it."""
    try:
        while connection.recv(65536):
            pass
    except OSError:
        pass
    with CONDITION:
        CLOSED[key] = True
        CONDITION.notify_all()


def pattern(start, count):
    return bytes((index % 251) for index in range(start, start + count))


PATTERN_BLOCK = pattern(0, 251 * 261)  # 65511 bytes, a whole number of periods


def pattern_bytes(offset, count):
    """`count` pattern bytes from `offset`, from the precomputed block."""
    start = offset % 251
    out = bytearray()
    while count > 0:
        piece = PATTERN_BLOCK[start:start + count]
        out += piece
        count -= len(piece)
        start = 0
    return bytes(out)


def handle(connection, method, path, query, headers, body):
    """Answers a /stream/ request; returns False when the path is not one."""
    if path == "/stream/echo":
        split = max(1, int(query.get("split", "1")))
        delay = int(query.get("ms", "1")) / 1000
        status = int(query.get("status", "200"))
        connection.sendall(chunked_head(status, query.get("type", "text/event-stream")))
        try:
            for start in range(0, len(body), split):
                send_chunk(connection, body[start:start + split])
                if delay:
                    time.sleep(delay)
        except OSError:
            # The client closed the connection before the whole body was sent.
            if "id" in query:
                with CONDITION:
                    CLOSED[query["id"]] = True
                    CONDITION.notify_all()
            return True
        if query.get("drop") == "1":
            return True
        if "id" in query:
            wait_for_close(connection, query["id"])
            return True
        connection.sendall(b"0\r\n\r\n")
        return True
    if path == "/stream/closed":
        key = query.get("id", "")
        with CONDITION:
            CONDITION.wait_for(lambda: CLOSED.get(key), timeout=600)
        respond_json(connection, {"closed": bool(CLOSED.get(key))})
        return True
    if path == "/stream/trickle":
        count = int(query.get("count", "10"))
        delay = int(query.get("ms", "10")) / 1000
        connection.sendall(chunked_head(200, "text/event-stream"))
        for index in range(count):
            send_chunk(connection, b"data: %d\n\n" % index)
            time.sleep(delay)
        connection.sendall(b"0\r\n\r\n")
        return True
    if path == "/stream/reconnect":
        session = query.get("session", "")
        limit = int(query.get("connections", "3"))
        with CONDITION:
            log = RECONNECTS.setdefault(session, [])
            log.append(headers.get("last-event-id"))
            number = len(log)
        if number > limit:
            connection.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            return True
        connection.sendall(chunked_head(200, "text/event-stream"))
        retry = query.get("retry", "10")
        field = b"retry: %d\n" % int(retry) if retry != "none" else b""
        send_chunk(connection, field + b"id: %d\ndata: event %d\n\n" % (number, number))
        connection.sendall(b"0\r\n\r\n")
        return True
    if path == "/stream/reconnect-log":
        with CONDITION:
            respond_json(connection, RECONNECTS.get(query.get("session", ""), []))
        return True
    if path == "/stream/dead-after-first":
        session = query.get("session", "")
        with CONDITION:
            log = RECONNECTS.setdefault(session, [])
            log.append(headers.get("last-event-id"))
            number = len(log)
        if number > 1:
            return True  # closes before any response
        connection.sendall(chunked_head(200, "text/event-stream"))
        send_chunk(connection, b"retry: 10\nid: 1\ndata: only\n\n")
        connection.sendall(b"0\r\n\r\n")
        return True
    if path == "/stream/pattern":
        size = int(query.get("bytes", "1048576"))
        drop = int(query.get("drop", str(size)))
        connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n"
                            "Connection: close\r\n\r\n" % size).encode("latin-1"))
        sent = 0
        try:
            while sent < drop:
                count = min(len(PATTERN_BLOCK), drop - sent)
                connection.sendall(pattern_bytes(sent, count))
                sent += count
        except OSError:
            pass
        return True
    if path == "/stream/pressure":
        key = query.get("id", "")
        size = int(query.get("bytes", "1048576"))
        connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n"
                            "Connection: close\r\n\r\n" % size).encode("latin-1"))
        sent = 0
        connection.settimeout(5)
        try:
            while sent < size:
                data = pattern_bytes(sent, min(len(PATTERN_BLOCK), size - sent))
                view = memoryview(data)
                while view:
                    try:
                        count = connection.send(view)
                    except socket.timeout:
                        with CONDITION:
                            if key not in PRESSURE:
                                PRESSURE[key] = sent
                                CONDITION.notify_all()
                        connection.settimeout(None)
                        continue
                    view = view[count:]
                    sent += count
        except OSError:
            pass
        with CONDITION:
            PRESSURE.setdefault(key, None)
            CONDITION.notify_all()
        return True
    if path == "/stream/pressure-state":
        key = query.get("id", "")
        with CONDITION:
            CONDITION.wait_for(lambda: key in PRESSURE, timeout=600)
            respond_json(connection, {"blockedAt": PRESSURE.get(key)})
        return True
    if path == "/stream/sink":
        respond_json(connection, {"received": len(body)})
        return True
    if path == "/stream/cut-upload":
        how = query.get("how", "close")
        if how == "reset":
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        elif how == "early":
            connection.sendall(b"HTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        return True
    if path == "/stream/flood":
        flood(connection, query)
        return True
    if path == "/stream/gzip":
        framing = query.get("framing", "length")
        if framing == "negotiated":
            if "gzip" not in headers.get("accept-encoding", ""):
                connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                                    "Content-Length: %d\r\nConnection: close\r\n\r\n" % len(GZIP_BODY)).encode("latin-1")
                                   + GZIP_BODY[:len(GZIP_BODY) // 3])
                return True
            framing = "length"
        send_gzip(connection, framing)
        return True
    return False


def flood_block(kind):
    """About 64 KiB of the body of a /stream/flood of `kind`."""
    if kind == "sse":
        return b"".join(b'data: {"index": %d, "text": "a token of text"}\n\n' % index for index in range(1500))
    if kind in ("ndjson", "bad-ndjson"):
        return b"".join(b'{"index": %d, "text": "a line of text"}\n' % index for index in range(1800))
    if kind == "long-line":
        return b"x" * 65536
    return PATTERN_BLOCK


def flood(connection, query):
    kind = query.get("kind", "bytes")
    size = int(query.get("bytes", str(256 << 20)))
    status = int(query.get("status", "200"))
    default_type = {"sse": "text/event-stream", "ndjson": "application/x-ndjson",
                    "bad-ndjson": "application/x-ndjson", "long-line": "text/event-stream"}
    connection.sendall(chunked_head(status, query.get("type", default_type.get(kind, "application/octet-stream"))))
    block = flood_block(kind)
    sent = 0
    try:
        if kind == "bad-ndjson":
            send_chunk(connection, b"{not json\n")
        elif kind == "long-line":
            send_chunk(connection, b"data: ")
        while sent < size:
            piece = block[:size - sent]
            send_chunk(connection, piece)
            sent += len(piece)
        connection.sendall(b"0\r\n\r\n")
    except OSError:
        pass


GZIP_BODY = pattern(0, 199936)
GZIP_WHOLE = gzip.compress(GZIP_BODY)


def send_gzip(connection, framing):
    whole = GZIP_WHOLE
    cut = whole[:len(whole) // 3]
    base = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n"
    if framing == "chunked":
        connection.sendall((base + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode("latin-1"))
        send_chunk(connection, cut)
        connection.sendall(b"0\r\n\r\n")
    elif framing == "close":
        connection.sendall((base + "Connection: close\r\n\r\n").encode("latin-1") + cut)
    elif framing == "short":
        connection.sendall((base + "Content-Length: %d\r\nConnection: close\r\n\r\n" % len(whole)).encode("latin-1")
                           + cut)
    else:
        body = {"whole": whole, "corrupt": whole[:100] + bytes(200) + whole[300:]}.get(framing, cut)
        connection.sendall((base + "Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body)).encode("latin-1")
                           + body)


def respond_json(connection, value):
    data = json.dumps(value).encode()
    connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                        "Connection: close\r\n\r\n" % len(data)).encode("latin-1") + data)
