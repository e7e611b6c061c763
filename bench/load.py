"""Load benchmark: requests/second of the site's pages against a bare Django page.

Run from the repository root::

    .venv/bin/python bench/load.py

It builds a throw-away SQLite database with the site's content, starts gunicorn
(2 workers) on a free 127.0.0.1 port with production settings (DEBUG off,
manifest static files), and drives it with wrk. Each page is measured in
several rounds after the bare page of the same round, and reported as the
median of its per-round ratios to the bare page (a Django view rendering a
small template through the same middleware). Target: every page >= 0.5. An
empty page on the site's layout is measured too, for reference.

This is a measurement, not a test: it exits 0 whenever the run itself worked,
whatever the figures; it exits non-zero when setup, a page's status, or wrk
fails. Only loopback traffic; about a minute and a half with the defaults.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TARGET = 0.5

BARE = "/bench/bare/"
# The layout alone (an empty page on base.html): not a target, it shows how
# much of the budget every page spends before its own content.
LAYOUT = ("layout only", "/bench/layout/")
PAGES = [
    ("home", "/"),
    ("Go game page", "/learn/go/"),
    ("lesson player (9x9)", "/learn/go/capture/2/"),
    ("puzzle player (19x19 corner)", "/puzzles/go-ladder-001/"),
]


class BenchError(RuntimeError):
    """The run itself failed (setup, a page's status, wrk)."""


@dataclass
class Series:
    name: str
    path: str
    rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per measurement (5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per page (3)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (16)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    args = parser.parse_args()
    for option in ("duration", "rounds", "threads", "connections", "workers"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1")
    if args.connections < args.threads:
        parser.error("--connections must be at least --threads (wrk needs one per thread)")

    wrk = shutil.which("wrk")
    if wrk is None:
        print(
            "bench/load.py needs wrk, the HTTP load generator: "
            "install it with `apt-get install wrk` (Debian/Ubuntu) and run again.",
            file=sys.stderr,
        )
        return 2
    try:
        gunicorn_version = subprocess.run(
            [PYTHON, "-m", "gunicorn", "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except subprocess.CalledProcessError:
        print("gunicorn is not installed in this Python environment.", file=sys.stderr)
        return 2

    def body():
        with tempfile.TemporaryDirectory(prefix="qipai-bench-") as tmp:
            env = bench_environment(Path(tmp))
            prepare(env)
            with gunicorn(env, args.workers) as base:
                for _name, path in [("bare", BARE), LAYOUT, *PAGES]:
                    check_ok(base + path)
                print(
                    f"{gunicorn_version}, {args.workers} workers; wrk -t{args.threads} "
                    f"-c{args.connections} -d{args.duration}s, {args.rounds} rounds; SQLite; "
                    f"{os.cpu_count()} CPUs shared with wrk"
                )
                run = Runner(wrk, base, args.threads, args.connections)
                bare, pages = measure(run, args.duration, args.rounds)
                report(bare, pages)

    return run_bench(body)


def run_bench(body) -> int:
    """Run a benchmark's ``body``: 0 when it ran, whatever its figures; 1 when the run
    itself failed (``BenchError``); 130 when interrupted by Ctrl-C or a plain ``kill``
    (servers and temporary files are cleaned up on the way out either way)."""
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        body()
    except BenchError as error:
        print(f"\nbench failed: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt


@contextlib.contextmanager
def gunicorn(env: dict[str, str], workers: int) -> Iterator[str]:
    """gunicorn serving the site on a free loopback port: its base URL, until the
    block ends (then it stops, workers and all)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_gunicorn(env, port, workers)
    try:
        wait_until_up(server, base + BARE)
        yield base
    finally:
        stop(server)


def bench_environment(tmp: Path, *, host: str = "127.0.0.1") -> dict[str, str]:
    """This process's environment with production settings for a throw-away site in ``tmp``.

    The caller's own DJANGO_*, QIPAI_* and DATABASE_URL settings are dropped.
    Shared with ``progress.py``.
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "QIPAI_")) and key != "DATABASE_URL"
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=host,
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SQLITE_PATH=str(tmp / "bench.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        QIPAI_BENCH_VIEWS="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def prepare(env: dict[str, str]) -> None:
    """A fresh database with the site's content, and the static files' manifest."""
    for command in (
        ["migrate", "--noinput"],
        ["load_content"],
        ["collectstatic", "--noinput"],
    ):
        print(f"manage.py {' '.join(command)}", flush=True)
        done = subprocess.run(
            [PYTHON, "manage.py", *command],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise BenchError(f"manage.py {command[0]} failed:\n{done.stdout}{done.stderr}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_gunicorn(env: dict[str, str], port: int, workers: int) -> subprocess.Popen:
    command = [
        PYTHON,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    # Its own process group, so that stopping it reaches the workers too.
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def wait_until_up(server: subprocess.Popen, url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchError(f"gunicorn exited with status {server.returncode} while starting")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise BenchError(f"gunicorn did not answer {url} within {timeout:.0f} s")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def check_ok(url: str) -> None:
    """Each measured page must answer 200 itself (no redirect, no error page)."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            status = response.status
            body = response.read()
    except urllib.error.HTTPError as error:
        raise BenchError(f"GET {url} answered {error.code}, not 200") from None
    if status != 200:
        raise BenchError(f"GET {url} answered {status}, not 200")
    if b"<html" not in body:
        raise BenchError(f"GET {url} did not return an HTML page")


class Runner:
    def __init__(self, wrk: str, base: str, threads: int, connections: int):
        self.wrk, self.base = wrk, base
        self.threads, self.connections = threads, connections

    def __call__(self, path: str, duration: int) -> float:
        command = [
            self.wrk,
            f"-t{self.threads}",
            f"-c{self.connections}",
            f"-d{duration}s",
            "--timeout",
            "10s",
            self.base + path,
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=duration + 30, check=False
            )
        except subprocess.TimeoutExpired:
            raise BenchError(f"wrk on {path} did not finish") from None
        output = done.stdout + done.stderr
        if done.returncode != 0:
            raise BenchError(f"wrk on {path} failed:\n{output}")
        bad = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", output)
        if bad:
            raise BenchError(f"{path}: {bad.group(1)} error responses under load:\n{output}")
        errors = re.search(r"Socket errors:.*", output)
        if errors and re.search(r"timeout [1-9]", errors.group(0)):
            raise BenchError(f"{path}: requests timed out under load:\n{output}")
        rate = re.search(r"Requests/sec:\s*([\d.]+)", output)
        if not rate:
            raise BenchError(f"could not read wrk's output for {path}:\n{output}")
        return float(rate.group(1))


def measure(run: Runner, duration: int, rounds: int) -> tuple[Series, list[Series]]:
    """Warm up, then in each round measure the bare page and then every page.

    Each ratio compares a page with the bare page of the same round, seconds
    apart, so that noise from other work on the machine mostly cancels; the
    pages take turns at going first.
    """
    bare = Series("bare template", BARE)
    pages = [Series(name, path) for name, path in [LAYOUT, *PAGES]]
    print("warming up", flush=True)
    for path in [BARE, *(page.path for page in pages)]:
        run(path, 1)
    for number in range(rounds):
        print(f"round {number + 1}/{rounds}", flush=True)
        reference = run(BARE, duration)
        bare.rates.append(reference)
        shift = number % len(pages)
        for page in pages[shift:] + pages[:shift]:
            rate = run(page.path, duration)
            page.rates.append(rate)
            page.ratios.append(rate / reference)
    return bare, pages


def report(bare: Series, pages: list[Series]) -> None:
    print()
    print(f"{'page':<15} {'path':<26} {'req/s':>8} {'ratio':>6} {'range':>11}  target {TARGET}")
    print(f"{bare.name:<15} {bare.path:<26} {bare.median:>8.0f} {1:>6.2f}")
    for page in pages:
        ratio = statistics.median(page.ratios)
        spread = f"{min(page.ratios):.2f}-{max(page.ratios):.2f}"
        if page.path == LAYOUT[1]:
            verdict = "(reference, no target)"
        else:
            verdict = "PASS" if ratio >= TARGET else "BELOW TARGET"
        print(
            f"{page.name:<15} {page.path:<26} {page.median:>8.0f} {ratio:>6.2f} {spread:>11}  "
            f"{verdict}"
        )
    print("\nreq/s: median over rounds; ratio: median of per-round ratios to the bare page")


def stop(server: subprocess.Popen) -> None:
    """Stop gunicorn and its workers (its process group), forcefully if it lingers."""
    if server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=5)


if __name__ == "__main__":
    sys.exit(main())
