#!/usr/bin/env python3
"""Server time per page: starts a release build of openmarket-web on a fresh data directory with the sample
market, sends each page N times over loopback (one keep-alive connection, after a warm-up) and prints the
median and 90th percentile in milliseconds.

    swift build -c release --product openmarket-web
    scripts/bench-pages.py [--requests 100] [--binary .build/release/openmarket-web]
"""
import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthChecker")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    sys.exit("server did not start")


def measure(conn, method, path, count, headers=None, body=None):
    times = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status >= 500:
            sys.exit(f"{path} answered {response.status}")
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    args = parser.parse_args()
    port = free_port()
    data = tempfile.mkdtemp(prefix="openmarket-bench-")
    server = subprocess.Popen(
        [args.binary, "--port", str(port), "--data-dir", data, "--root", ROOT, "--log-level", "error"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/products")
        listing = conn.getresponse().read().decode()
        product = re.search(r'href="/products/(\d+)"', listing).group(1)
        image = re.search(r'src="(/images/[^"]+)"', listing).group(1)
        pages = [
            ("list /products", "GET", "/products", None),
            ("list page 2, list view", "GET", "/products?page=2&view=list", None),
            ("search ?q=camera", "GET", "/products?q=camera", None),
            ("detail /products/{id}", "GET", f"/products/{product}", None),
            ("upload form /products/new", "GET", "/products/new", None),
            ("edit form /products/{id}/edit", "GET", f"/products/{product}/edit", None),
            ("delete confirm /products/{id}/delete", "GET", f"/products/{product}/delete", None),
            ("404 page", "GET", "/products/999999", None),
            ("API list /api/products", "GET", "/api/products?page_no=1&items_per_page=20", None),
            ("API detail /api/products/{id}", "GET", f"/api/products/{product}", None),
            ("image " + image[:20] + "…", "GET", image, None),
        ]
        print(f"{'page':40} {'median ms':>10} {'p90 ms':>8}   ({args.requests} requests each, after 10 warm-up)")
        for label, method, path, body in pages:
            measure(conn, method, path, 10)
            times = sorted(measure(conn, method, path, args.requests))
            p90 = times[int(len(times) * 0.9) - 1]
            print(f"{label:40} {statistics.median(times):10.2f} {p90:8.2f}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
