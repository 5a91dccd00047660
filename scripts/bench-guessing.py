#!/usr/bin/env python3
"""Legitimate API writes while 32 clients guess vendor secrets: the create time alone, then during the guessing,
and the ratio. Each guessing client has its own loopback address (127.0.0.10 …), as separate attackers would.

    swift build -c release --product openmarket-web
    scripts/bench-guessing.py [--binary .build/release/openmarket-web] [--writes 20] [--guessers 32]
"""
import argparse
import http.client
import json
import os
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--guessers", type=int, default=32)
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
