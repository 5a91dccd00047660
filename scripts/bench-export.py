#!/usr/bin/env python3
"""Time to export N products as CSV from the admin console (release build, loopback, real SQLite file).

Starts the server once on a fresh data directory to create the market, stops it, adds N products by copying
the sample rows with Python's sqlite3 (so the triggers keep the search index and the counter right), starts the
server again, signs in as admin and downloads /admin/export.csv several times, printing the median, the rows per
second and the server's resident memory before and at its highest during the downloads, with a TARGET line.
With --data-dir, exports the market already there (for example 1,000,000 products filled by the store bench).

    swift build -c release --product openmarket-web
    scripts/bench-export.py [--products 10000] [--runs 5] [--data-dir DIR]
"""
import argparse
import csv
import http.client
import http.cookies
import io
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "bench-admin-password"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, data, port):
    server = subprocess.Popen(
        [binary, "--port", str(port), "--data-dir", data, "--root", ROOT, "--log-level", "error", "--admin-password", PASSWORD],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.time() + 60
    while time.time() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthChecker")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit("server did not start")


def fill(data, count):
    db = sqlite3.connect(os.path.join(data, "market.sqlite"))
    existing = db.execute("SELECT count(*) FROM product").fetchone()[0]
    rows = db.execute(
        "SELECT vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt FROM product").fetchall()
    with db:
        for index in range(count - existing):
            vendor, name, description, currency, price, discount, stock, created = rows[index % len(rows)]
            db.execute(
                "INSERT INTO product (vendorId, name, description, currency, priceMinor, discountMinor, stock, createdAt) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (vendor, f"{name} #{index}", description, currency, price, discount, stock, created))
    total = db.execute("SELECT total FROM productCounter").fetchone()[0]
    db.close()
    return total


def cookies_of(response):
    jar = {}
    for header in response.msg.get_all("Set-Cookie") or []:
        cookie = http.cookies.SimpleCookie(header)
        for key, morsel in cookie.items():
            jar[key] = morsel.value
    return jar


def sign_in(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/admin/login")
    response = conn.getresponse()
    page = response.read().decode()
    jar = cookies_of(response)
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page).group(1)
    body = urllib.parse.urlencode({"_csrf": token, "password": PASSWORD, "next": "/admin/products"})
    conn.request("POST", "/admin/login", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrf={jar['csrf']}"})
    response = conn.getresponse()
    response.read()
    jar.update(cookies_of(response))
    if "admin_session" not in jar:
        sys.exit(f"sign-in failed: {response.status}")
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def resident_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1)) / 1024


class MemoryWatch(threading.Thread):
    """The server's highest resident memory while it runs, read every 50 ms."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.highest, self.done = pid, resident_mb(pid), threading.Event()

    def run(self):
        while not self.done.wait(0.05):
            self.highest = max(self.highest, resident_mb(self.pid))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--products", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--data-dir", help="a data directory whose market is exported as it is (no fill)")
    parser.add_argument("--target-rows", type=float, default=150_000, help="the rows per second the TARGET line asks for")
    args = parser.parse_args()
    port = free_port()
    if args.data_dir:
        data = args.data_dir
        with sqlite3.connect(f"file:{os.path.join(data, 'market.sqlite')}?mode=ro", uri=True) as db:
            total = db.execute("SELECT total FROM productCounter").fetchone()[0]
    else:
        data = tempfile.mkdtemp(prefix="openmarket-export-bench-")
        server = start(args.binary, data, port)
        server.terminate()
        server.wait(timeout=10)
        total = fill(data, args.products)
    server = start(args.binary, data, port)
    try:
        cookie = sign_in(port)
        before = resident_mb(server.pid)
        watch = MemoryWatch(server.pid)
        watch.start()
        times, first_bytes = [], []
        for _ in range(args.runs + 1):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            start_time = time.perf_counter()
            conn.request("GET", "/admin/export.csv", headers={"Cookie": cookie})
            response = conn.getresponse()
            first = response.read(1)
            first_bytes.append(time.perf_counter() - start_time)
            body = first + response.read()
            times.append(time.perf_counter() - start_time)
        # Read as a spreadsheet would (a description may hold line breaks), once, after the timed runs.
        rows = sum(1 for _ in csv.reader(io.StringIO(body.decode("utf-8-sig"), newline=""))) - 1
        watch.done.set()
        watch.join()
        times, first_bytes = times[1:], first_bytes[1:]
        rate = rows / statistics.median(times)
        growth = watch.highest - before
        print(f"products in market: {total}; CSV rows: {rows}; CSV bytes: {len(body):,}")
        print(f"export time (s): median {statistics.median(times):.3f}, min {min(times):.3f}, max {max(times):.3f} "
              f"over {args.runs} runs after 1 warm-up; first byte median {statistics.median(first_bytes) * 1000:.1f} ms")
        print(f"rows per second: {rate:,.0f}; server memory {before:.0f} MB before, {watch.highest:.0f} MB at most during the exports")
        met = rate >= args.target_rows and growth < 64 and rows == total
        print(f"TARGET CSV export through HTTP ≥ {args.target_rows:,.0f} rows/s, memory growth < 64 MB, every row: "
              f"{'MET' if met else 'NOT MET'} ({rate:,.0f} rows/s, +{growth:.0f} MB, {rows} of {total} rows)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
