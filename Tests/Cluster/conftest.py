"""Three instances of the front end on one PostgreSQL behind nginx, started by scripts/cluster for the whole run."""

import os
import random
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port_block(size: int) -> int:
    """A port P such that P…P+size-1 are free now, below the kernel's ephemeral range.

    Inside that range, a connection the instances open while the others start (to PostgreSQL, or curl's probes) may
    take a port of the block as its own local port between this check and an instance's bind; below it, none can.
    The range 20000…32767 is also apart from the one scripts/postgres-cluster picks its port from.
    """
    try:
        ephemeral_low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        ephemeral_low = 32768
    ceiling = min(ephemeral_low, 32768) - size
    for _ in range(200):
        first = random.randrange(20000, ceiling)
        free = True
        for port in range(first, first + size):
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    free = False
                    break
        if free:
            return first
    raise RuntimeError("no block of free ports on loopback")


class Cluster:
    INSTANCES = 3

    def __init__(self, directory: Path, port: int):
        self.directory = directory
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.instances = [f"http://127.0.0.1:{port + k}" for k in range(1, self.INSTANCES + 1)]
        settings = dict(
            line.split("=", 1) for line in (directory / "cluster.env").read_text().splitlines() if "=" in line)
        self.identifier = settings["identifier"].strip("'")
        self.secret = settings["secret"].strip("'")
        self.admin_password = (directory / "admin-password").read_text().strip()

    def script(self, *arguments: str) -> None:
        subprocess.run(["bash", str(ROOT / "scripts" / "cluster"), *arguments], check=True, timeout=300)

    def restart(self) -> None:
        self.script("restart", str(self.directory))

    def kill(self, instance: int) -> None:
        self.script("kill", str(self.directory), str(instance))

    def revive(self, instance: int) -> None:
        self.script("revive", str(self.directory), str(instance))


@pytest.fixture(scope="session")
def cluster():
    binary = os.environ.get("OPENMARKET_BINARY") or str(ROOT / ".build" / "debug" / "openmarket-web")
    artifacts = Path(os.environ.get("CLUSTER_ARTIFACTS", ROOT / "cluster-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    directory = Path(tempfile.mkdtemp(prefix="openmarket-cluster."))
    port = free_port_block(Cluster.INSTANCES + 1)
    try:
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "cluster"), "start", str(directory), "--port", str(port), "--binary", binary],
            check=True, timeout=600)
        yield Cluster(directory, port)
    finally:
        subprocess.run(["bash", str(ROOT / "scripts" / "cluster"), "stop", str(directory)], timeout=300)
        for log in directory.glob("instance-*.log"):
            (artifacts / log.name).write_bytes(log.read_bytes())
        subprocess.run(["rm", "-rf", str(directory)])
