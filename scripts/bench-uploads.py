#!/usr/bin/env python3
"""Peak memory of the server during concurrent 5-photo uploads through the HTML form, and its cold start.

Starts a release build on a data directory (--data-dir, for example one holding a filled market.sqlite, else a fresh
one) once, so that its first-start work is done, then again, measuring the time from exec to the first answer of
/healthChecker (cold start), then runs --clients concurrent uploaders (each: open the form, post 5 photos) for
--rounds rounds and prints the server's peak resident memory (VmHWM) and the answers it gave.

    swift build -c release --product openmarket-web
    scripts/bench-uploads.py [--binary .build/release/openmarket-web] [--clients 32] [--photo-kb 290]
    scripts/bench-uploads.py --phone-photos     # five 12-megapixel JPEGs of about 4 MB each, shrunk by the server
"""
import argparse
import http.client
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def photo(kilobytes):
    """A real PNG from the sample data, padded after its end with random bytes to the size asked."""
    base = open(os.path.join(ROOT, "SampleData/images/bicycle-2.png"), "rb").read()
    return base + random.randbytes(max(0, kilobytes * 1024 - len(base)))


def start(binary, data_dir):
    """Starts the server; returns it, its port and the seconds from exec to its first /healthChecker answer."""
    port = free_port()
    started = time.perf_counter()
    server = subprocess.Popen([binary, "--port", str(port), "--data-dir", data_dir, "--root", ROOT, "--log-level", "error"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthChecker")
            if conn.getresponse().status == 200:
                return server, port, time.perf_counter() - started
        except OSError:
            if server.poll() is not None:
                sys.exit("the server exited")
            time.sleep(0.01)


def upload(port, photos, results):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", "/products/new")
    response = conn.getresponse()
    page = response.read()
    cookie = re.search(r"(csrf=[0-9a-f]{64})", response.getheader("Set-Cookie") or "").group(1)
    token = re.search(rb'name="_csrf" value="([0-9a-f]{64})"', page).group(1).decode()
    boundary = "----bench" + uuid.uuid4().hex
    fields = {"_csrf": token, "name": "업로드 벤치 상품", "description": "동시 업로드 측정용 상품입니다.", "price": "15000",
              "currency": "KRW", "discounted_price": "0", "stock": "3", "password": "bench-pass-1",
              "seller_name": "벤치 판매자"}
    body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode() for k, v in fields.items())
    for index, data in enumerate(photos):
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"photo{index}.png\"\r\n"
                 f"Content-Type: image/png\r\n\r\n").encode() + data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", "/products", body=body, headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie})
    status = conn.getresponse().status
    results.append(status)


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--data-dir")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--photo-kb", type=int, default=290)
    parser.add_argument("--phone-photos", action="store_true",
                        help="upload the image benchmark's synthetic 12-megapixel JPEG (about 4 MB) five times per form")
    args = parser.parse_args()
    phone = None
    if args.phone_photos:
        subprocess.run(["swift", "build", "-c", "release", "--product", "openmarket-image-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        phone = os.path.join(tempfile.mkdtemp(prefix="openmarket-phone-"), "phone.jpg")
        subprocess.run([os.path.join(ROOT, ".build/release/openmarket-image-bench"), "--save-synthetic", phone], check=True)
    data_dir = args.data_dir or tempfile.mkdtemp(prefix="openmarket-uploads-")
    # A first start on a data directory creates the admin password and the demo vendor, each hashed with bcrypt
    # (seconds, once); the cold start that counts is the next one, of a market that exists.
    first_server, port, first = start(args.binary, data_dir)
    first_server.terminate()
    first_server.wait(timeout=30)
    server, port, cold = start(args.binary, data_dir)
    try:
        idle = peak_rss_mb(server.pid)
        photos = [open(phone, "rb").read() if phone else photo(args.photo_kb) for _ in range(5)]
        size = f"{len(photos[0]) // 1024} KB"
        results = []
        began = time.perf_counter()
        for _ in range(args.rounds):
            threads = [threading.Thread(target=upload, args=(port, photos, results)) for _ in range(args.clients)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        elapsed = time.perf_counter() - began
        counts = {status: results.count(status) for status in sorted(set(results))}
        print(f"first start on the data directory (creates the admin password and the demo vendor): {first * 1000:.0f} ms")
        print(f"cold start (exec → first /healthChecker answer): {cold * 1000:.0f} ms; resident after start {idle:.0f} MB")
        peak = peak_rss_mb(server.pid)
        print(f"{args.rounds} × {args.clients} concurrent uploads of 5 × {size} photos in {elapsed:.1f} s: peak resident memory "
              f"{peak:.0f} MB; answers {counts}")
        # The targets: a start under half a second, and memory under 150 MB while every upload is taken (a
        # refused or failed upload would not count).
        print(f"TARGET cold start < 500 ms: {'MET' if cold < 0.5 else 'NOT MET'} ({cold * 1000:.0f} ms)")
        uploaded = all(status == 303 for status in results) and len(results) == args.rounds * args.clients
        print(f"TARGET peak resident memory < 150 MB during the uploads, every upload taken: "
              f"{'MET' if peak < 150 and uploaded else 'NOT MET'} ({peak:.0f} MB, answers {counts})")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
