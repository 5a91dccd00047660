#!/usr/bin/env python3
"""Throughput of one and of three instances on one PostgreSQL behind nginx, in one run on one machine.

Starts scripts/cluster with three instances of the release build, runs wrk (one thread, 32 connections) through
nginx against /healthChecker, the list, a product page and the API's list, then the same with one instance behind
the same nginx, and prints req/s, p50 and p99 of each and the ratio of three instances to one. Figures only.

    swift build -c release --product openmarket-web
    scripts/bench-cluster.py [--binary .build/release/openmarket-web] [--seconds 10] [--rounds 2]
"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bench_throughput", os.path.join(ROOT, "scripts", "bench-throughput.py"))
throughput = importlib.util.module_from_spec(spec)
spec.loader.exec_module(throughput)


def run(instances, args):
    directory = tempfile.mkdtemp(prefix=f"openmarket-bench-cluster-{instances}-")
    port = throughput.free_port()
    script = os.path.join(ROOT, "scripts", "cluster")
    env = dict(os.environ, OPENMARKET_LOG_LEVEL="error")
    subprocess.run(["bash", script, "start", directory, "--instances", str(instances), "--port", str(port),
                    "--binary", args.binary], check=True, env=env, stdout=subprocess.DEVNULL)
    try:
        listing = json.loads(throughput.request(port, "GET", "/api/products?page_no=1&items_per_page=1")[1])
        product = listing["pages"][0]["id"]
        paths = ["/healthChecker", "/products", f"/products/{product}", "/api/products"]
        results = {path: [] for path in paths}
        for _ in range(args.rounds):
            for path in paths:
                results[path].append(throughput.wrk(port, path, args.seconds, args.connections))
        return {path: tuple(statistics.median(r[i] for r in rounds) for i in range(3)) + (sum(r[3] + r[4] for r in rounds),)
                for path, rounds in results.items()}, version(directory)
    finally:
        subprocess.run(["bash", script, "stop", directory], check=False, stdout=subprocess.DEVNULL)
        shutil.rmtree(directory, ignore_errors=True)


def version(directory):
    url = open(os.path.join(directory, "postgres", "url")).read().strip()
    answer = subprocess.run(["psql", "-X", "-tA", url, "-c", "SHOW server_version"], capture_output=True, text=True)
    return answer.stdout.strip() or "unknown"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/openmarket-web"))
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2, help="rounds per path; the median is shown")
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    three, pg = run(3, args)
    one, _ = run(1, args)
    print(f"through nginx, wrk -t1 -c{args.connections} -d{args.seconds}s, {args.rounds} rounds (median), "
          f"{os.cpu_count()} cores, PostgreSQL {pg}")
    print(f"{'path':<24}{'1: req/s':>10}{'p50':>8}{'p99':>8}{'3: req/s':>10}{'p50':>8}{'p99':>8}{'3 / 1':>8}{'errors':>8}")
    for path in one:
        a, b = one[path], three[path]
        print(f"{path:<24}{a[0]:>10.0f}{a[1]:>8.2f}{a[2]:>8.2f}{b[0]:>10.0f}{b[1]:>8.2f}{b[2]:>8.2f}"
              f"{b[0] / a[0]:>8.2f}{a[3] + b[3]:>8}")


if __name__ == "__main__":
    main()
