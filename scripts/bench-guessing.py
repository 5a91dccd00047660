#!/usr/bin/env python3
"""Guessing against the running server, in two parts.

Bursts: from one client, --burst wrong guesses released at once (each on its own connection, all connected first) at
each place a secret is checked — the admin sign-in, the API's secret (PATCH), a product's delete form, a v1 item's
password — and how many were checked (answered as wrong) and how many refused unchecked (429). Each entry point has a
loopback address of its own (127.0.0.2 …), so one burst's misses do not block the next.

Then legitimate API writes while 32 clients guess vendor secrets: the create time alone, then during the guessing,
and the ratio. Each guessing client has its own loopback address (127.0.0.10 …), as separate attackers would.

    swift build -c release --product openmarket-web
    scripts/bench-guessing.py [--binary .build/release/openmarket-web] [--burst 100] [--writes 20] [--guessers 32]
"""
import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDENTIFIER = "5e0b7c1a-7a1c-11ec-9173-0242ac120002"
SECRET = "bench-guessing-secret"


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def multipart(photo):
    boundary = "Boundary-" + uuid.uuid4().hex
    params = json.dumps({"name": "Bench mug", "description": "A mug listed by the benchmark.", "price": 12000,
                         "currency": "KRW", "discounted_price": 0, "stock": 3, "secret": SECRET})
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n"
            f"{params}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"mug.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def create(port, photo):
    body, content_type = multipart(photo)
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", "/api/products", body=body, headers={"identifier": IDENTIFIER, "Content-Type": content_type})
    response = conn.getresponse()
    response.read()
    if response.status != 201:
        sys.exit(f"a legitimate create answered {response.status}")
    return (time.perf_counter() - started) * 1000


def guess(port, source, stop, counts):
    while not stop.is_set():
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
            conn.request("PATCH", "/api/products/1", body=json.dumps({"stock": 1, "secret": uuid.uuid4().hex}),
                         headers={"identifier": IDENTIFIER, "Content-Type": "application/json"})
            status = conn.getresponse().status
            counts[status] = counts.get(status, 0) + 1
        except OSError:
            time.sleep(0.01)


def send_burst(port, source, count, request):
    """`count` requests from `source`, every connection open before the first is written to; the statuses."""
    connections, statuses, lock = [], [], threading.Lock()
    for index in range(count):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
        conn.connect()
        connections.append((index, conn))
    start = threading.Barrier(count)

    def run(index, conn):
        method, path, body, headers = request(index)
        start.wait()
        conn.request(method, path, body=body, headers=headers)
        status = conn.getresponse().status
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=run, args=pair) for pair in connections]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def form_token(port, path, source):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    conn.request("GET", path)
    response = conn.getresponse()
    page = response.read().decode()
    cookie = re.search(r"csrf=([0-9a-f]{64})", response.getheader("Set-Cookie") or "").group(1)
    return cookie, re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)


def bursts(port, count):
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    cookie, token = form_token(port, "/admin/login", "127.0.0.2")
    entry_points = [
        ("admin sign-in", "127.0.0.2", 401, lambda i: (
            "POST", "/admin/login", f"_csrf={token}&password=wrong{i}", {**form, "Cookie": f"csrf={cookie}"})),
        ("API secret (PATCH)", "127.0.0.3", 401, lambda i: (
            "PATCH", "/api/products/1", json.dumps({"stock": 1, "secret": f"wrong{i}"}),
            {"identifier": IDENTIFIER, "Content-Type": "application/json"})),
    ]
    delete_cookie, delete_token = form_token(port, "/products/2/delete", "127.0.0.4")
    entry_points.append(("delete form (product password)", "127.0.0.4", 403, lambda i: (
        "POST", "/products/2/delete", f"_csrf={delete_token}&password=wrong{i}", {**form, "Cookie": f"csrf={delete_cookie}"})))
    entry_points.append(("v1 item password (DELETE)", "127.0.0.5", 401, lambda i: (
        "DELETE", "/item/3", json.dumps({"password": f"wrong{i}"}), {"Content-Type": "application/json"})))
    for name, source, wrong, request in entry_points:
        statuses = send_burst(port, source, count, request)
        others = {status: statuses.count(status) for status in set(statuses) if status not in (wrong, 429)}
        print(f"{name}: {count} released at once, {statuses.count(wrong)} checked ({wrong}), {statuses.count(429)} refused (429)"
              + (f", other answers {others}" if others else ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--guessers", type=int, default=32)
    parser.add_argument("--burst", type=int, default=100, help="guesses per burst; 0 skips the bursts")
    args = parser.parse_args()
    photo = open(os.path.join(ROOT, "SampleData/images/mug-1.png"), "rb").read()
    port = free_port()
    server = subprocess.Popen(
        [args.binary, "--port", str(port), "--data-dir", tempfile.mkdtemp(prefix="openmarket-guess-"), "--root", ROOT,
         "--identifier", IDENTIFIER, "--secret", SECRET, "--log-level", "error"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/healthChecker")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        if args.burst:
            bursts(port, args.burst)
        create(port, photo)  # warm-up; it also makes this client a proven one for the identifier
        alone = [create(port, photo) for _ in range(args.writes)]
        stop, counts = threading.Event(), {}
        threads = [threading.Thread(target=guess, args=(port, f"127.0.0.{10 + i}", stop, counts), daemon=True)
                   for i in range(args.guessers)]
        for thread in threads:
            thread.start()
        time.sleep(2)
        attacked = [create(port, photo) for _ in range(args.writes)]
        stop.set()
        for thread in threads:
            thread.join(timeout=70)
        print(f"legitimate create, median of {args.writes}: alone {statistics.median(alone):.1f} ms, "
              f"while {args.guessers} clients guess {statistics.median(attacked):.1f} ms "
              f"(ratio {statistics.median(attacked) / statistics.median(alone):.2f})")
        print("guesses answered: " + ", ".join(f"{status}: {count}" for status, count in sorted(counts.items())))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
