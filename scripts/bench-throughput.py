#!/usr/bin/env python3
"""Throughput of each page against the stack's ceiling, in one run on one machine.

Starts a release build of openmarket-web (on --data-dir if given, else a fresh directory with the sample market),
signs in to the console, then runs wrk (one thread, 32 connections) against /healthChecker — the trivial answer
that is the ceiling of this stack — and each page, interleaved, and prints req/s, p50, p99 and the ratio of each
page's req/s to the ceiling's, and the server's processor time per request (user and system, from /proc): a
figure that other load on the machine hardly moves, unlike req/s. Each target is a TARGET line (MET or NOT MET).

With --random, the same run also asks for pages nobody asked for a moment ago, as a market's long tail does: random
list pages, random product pages, random searches (words drawn from the products' names) and the shopper mix (a
third of each), every request a URL drawn at random from the market in --data-dir (for example 100,000 products
filled by `openmarket-store-bench --fill-only`), and the server's peak memory at the end.

    scripts/bench                      # builds, installs wrk, runs this
    scripts/bench-throughput.py --binary .build/release/openmarket-web [--seconds 10] [--rounds 2] [--data-dir D --random]
"""
import argparse
import http.client
import json
import os
import re
import random
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADMIN_PASSWORD = "bench-admin-password"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    return response, data


def wait_ready(port, process, deadline=120):
    end = time.time() + deadline
    while time.time() < end:
        if process.poll() is not None:
            sys.exit("the server exited")
        try:
            if request(port, "GET", "/healthChecker")[0].status == 200:
                return
        except OSError:
            time.sleep(0.2)
    sys.exit("server did not start")


def admin_cookie(port):
    response, page = request(port, "GET", "/admin/login")
    csrf = re.search(r"csrf=([0-9a-f]{64})", response.getheader("Set-Cookie") or "").group(1)
    token = re.search(rb'name="_csrf" value="([0-9a-f]{64})"', page).group(1).decode()
    body = urllib.parse.urlencode({"_csrf": token, "password": ADMIN_PASSWORD})
    response, _ = request(port, "POST", "/admin/login", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrf={csrf}"})
    session = re.search(r"admin_session=([0-9a-f]{64})", response.getheader("Set-Cookie") or "")
    if not session:
        sys.exit(f"admin sign-in failed: {response.status}")
    return f"csrf={csrf}; admin_session={session.group(1)}"


def server_cpu_seconds(pid):
    """User and system time the server has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def random_workloads(data_dir, directory, count=50_000):
    """Lua scripts for wrk, each cycling through `count` URLs drawn at random from the market: {name: script}."""
    db = sqlite3.connect(f"file:{os.path.join(data_dir, 'market.sqlite')}?mode=ro", uri=True)
    ids = [row[0] for row in db.execute("SELECT id FROM product")]
    words = sorted({word for (name,) in db.execute("SELECT name FROM product ORDER BY random() LIMIT 20000")
                    for word in name.split() if len(word) >= 2 and not word.startswith("#")})
    db.close()
    if len(ids) < 1000 or not words:
        sys.exit(f"--random needs a market of at least 1,000 products in --data-dir (it has {len(ids)})")
    pages = (len(ids) + 19) // 20
    draw = random.Random(20261128)
    makers = {
        "random list pages": lambda: f"/products?page={draw.randint(1, pages)}",
        "random product pages": lambda: f"/products/{draw.choice(ids)}",
        "random searches": lambda: "/products?q=" + urllib.parse.quote(draw.choice(words)),
    }
    makers["shopper mix"] = lambda: draw.choice(list(makers.values())[:3])()
    scripts = {}
    for name, make in makers.items():
        paths = ",".join(json.dumps(make()) for _ in range(count))
        script = os.path.join(directory, name.replace(" ", "-") + ".lua")
        with open(script, "w") as file:
            file.write(f"local paths = {{{paths}}}\nlocal index = 0\n"
                       "request = function()\n  index = index % #paths + 1\n  return wrk.format(\"GET\", paths[index])\nend\n")
        scripts[name] = script
    return scripts


def peak_memory_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+) kB", status.read()).group(1)) / 1024


def wrk(port, path, seconds, connections, cookie=None, pid=None, script=None):
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", f"http://127.0.0.1:{port}{path}"]
    if script:
        command[1:1] = ["-s", script]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    cpu_before = server_cpu_seconds(pid)
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    cpu = server_cpu_seconds(pid) - cpu_before
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def millis(label):
        match = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)", output)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    timeouts = re.search(r"timeout (\d+)", output)
    return (rate, millis("50"), millis("99"), int(errors.group(1)) if errors else 0, int(timeouts.group(1)) if timeouts else 0,
            cpu / max(requests, 1) * 1e6)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--data-dir", help="an existing data directory (for example one filled to 1,000,000 products)")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds; the median of the rounds is shown")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--random", action="store_true", help="also random list, product and search pages, and their mix")
    args = parser.parse_args()
    if args.random and not args.data_dir:
        sys.exit("--random needs --data-dir with a filled market")

    # Directories this run makes, removed at its end (a given --data-dir is the caller's and stays).
    made = [] if args.data_dir else [tempfile.mkdtemp(prefix="openmarket-bench-")]
    data_dir = args.data_dir or made[0]
    port = free_port()
    env = dict(os.environ, OPENMARKET_ADMIN_PASSWORD=ADMIN_PASSWORD)
    server = subprocess.Popen(
        [args.binary, "--port", str(port), "--data-dir", data_dir, "--root", ROOT, "--log-level", "error"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port, server)
        listing = json.loads(request(port, "GET", "/api/products?page_no=1&items_per_page=1")[1])
        product = listing["pages"][0]["id"] if "pages" in listing else listing["products"][0]["id"]
        cookie = admin_cookie(port)
        targets = [
            ("/healthChecker", None),
            ("/products", None),
            (f"/products/{product}", None),
            ("/products/new", None),
            ("/api/products", None),
            ("/admin/products", cookie),
        ]
        if args.random:
            made.append(tempfile.mkdtemp(prefix="openmarket-bench-wrk-"))
        scripts = random_workloads(args.data_dir, made[-1]) if args.random else {}
        targets += [(name, None) for name in scripts]
        results = {path: [] for path, _ in targets}
        for _ in range(args.rounds):
            for path, cookie_header in targets:
                script = scripts.get(path)
                results[path].append(wrk(port, "/" if script else path, args.seconds, args.connections, cookie_header, server.pid, script))
        peak = peak_memory_mb(server.pid)
        ceiling = statistics.median(r[0] for r in results["/healthChecker"])
        print(f"wrk -t1 -c{args.connections} -d{args.seconds}s, {args.rounds} interleaved rounds (median), {os.cpu_count()} cores")
        print(f"{'path':<28}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'of ceiling':>12}{'errors':>8}{'cpu µs/req':>12}")
        for path, _ in targets:
            rounds = results[path]
            rate = statistics.median(r[0] for r in rounds)
            p50 = statistics.median(r[1] for r in rounds)
            p99 = statistics.median(r[2] for r in rounds)
            errors = sum(r[3] + r[4] for r in rounds)
            cpu = statistics.median(r[5] for r in rounds)
            print(f"{path:<28}{rate:>10.0f}{p50:>10.2f}{p99:>10.2f}{rate / ceiling:>11.0%}{errors:>8}{cpu:>12.1f}")
        # The targets: each page's share of the ceiling in this same run, its p99, and no failed answer.
        targets = [("/products", 0.6), (f"/products/{product}", 0.6), ("/api/products", 0.6)]
        if scripts:
            # Pages nobody asked for a moment ago: the cache-miss path, most of a real market's traffic.
            targets += [("random list pages", 0.4), ("random product pages", 0.4), ("random searches", 0.3), ("shopper mix", 0.3)]
        for path, share in targets:
            rounds = results[path]
            rate = statistics.median(r[0] for r in rounds) / ceiling
            p99 = statistics.median(r[2] for r in rounds)
            errors = sum(r[3] + r[4] for r in rounds)
            met = rate >= share and p99 < 20 and errors == 0
            print(f"TARGET {path}: ≥ {share:.0%} of the ceiling, p99 < 20 ms, no errors: {'MET' if met else 'NOT MET'} "
                  f"({rate:.0%}, p99 {p99:.2f} ms, {errors} errors)")
        if scripts:
            print(f"TARGET peak memory of the server over the run < 150 MB: {'MET' if peak < 150 else 'NOT MET'} ({peak:.0f} MB)")
    finally:
        server.terminate()
        server.wait(timeout=10)
        for directory in made:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
