"""Load benchmark: requests/second of the site's pages, as the people who use them see
them, against a bare Django page.

Run from the repository root::

    .venv/bin/python bench/load.py                      # SQLite
    .venv/bin/python bench/load.py --database postgres  # PostgreSQL (a *bench* database)

It builds a throw-away database with the site's content and its people
(``bench/personas.py``: an anonymous visitor; a signed-in learner with a few hundred
answers, ratings, a streak, a review queue and lessons; a teacher with two classes of
40 students and five assignments), starts gunicorn (2 workers) on a free 127.0.0.1
port with production settings (DEBUG off, manifest static files), and drives it with
wrk, each persona with its own cookies (a signed-in session and the CSRF cookie).
Pages: for every taught game its page, a lesson step with an exercise, one puzzle of
each kind and the daily puzzle; the learner's ``/me/`` and ``/review/``; the teacher's
``/me/``, class page, results grid, CSV, item picker and puzzle editor; and the answer
POST (right and wrong, a cheap kind and the dearest), each sent by a new visitor, so
that each is judged and recorded afresh.

Each page is measured in several rounds after the bare page of the same round, and
reported as the median of its per-round ratios to the bare page (a Django view
rendering a small template through the same middleware). Targets (issue 27): every
page >= 0.6, an answer >= 0.4. An empty page on the site's layout is measured too, for
reference, for each persona. ``--persona`` and ``--only`` (a part of a page's name)
pick what to measure.

This is a measurement, not a test: it exits 0 whenever the run itself worked,
whatever the figures; it exits non-zero when setup, a page's status, or wrk
fails. Only loopback traffic; about 15 minutes with the defaults.
"""

from __future__ import annotations

import argparse
import contextlib
import json
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
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, this module is ``__main__``; the benchmarks it imports (progress.py)
# import it as ``load``. One module under both names, so that their ``BenchError`` is
# the one ``run_bench`` catches (else a setup failure ends in a traceback).
if __name__ == "__main__":
    sys.modules.setdefault("load", sys.modules[__name__])

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TARGET = 0.6
ANSWER_TARGET = 0.4
DEFAULT_DATABASE_URL = "postgres://qipai:qipai@127.0.0.1:5432/qipai_bench"
PERSONAS = ("anonymous", "learner", "teacher")

BARE = "/bench/bare/"
# The layout alone (an empty page on base.html): not a target, it shows how
# much of the budget every page spends before its own content. It is measured for
# each signed-in persona too: finding who asks (their session and user) and their
# header are spent before any page of theirs shows anything.
LAYOUT = ("layout only", "/bench/layout/")


class BenchError(RuntimeError):
    """The run itself failed (setup, a page's status, wrk)."""


@dataclass
class Series:
    name: str
    path: str
    persona: str = ""
    cookie: str = ""  # the persona's session cookie
    post: dict | None = None  # an answer: the form sent, by a new visitor each time
    rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)

    @property
    def target(self) -> float | None:
        if self.path == LAYOUT[1]:
            return None
        return ANSWER_TARGET if self.post is not None else TARGET

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=3, help="seconds per measurement (3)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per page (2)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (16)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database for --database postgres (its name must contain 'bench')",
    )
    parser.add_argument(
        "--redis", action="store_true", help="a throw-away redis-server as the shared cache"
    )
    parser.add_argument(
        "--persona", action="append", choices=PERSONAS, help="only these people (all three)"
    )
    parser.add_argument("--only", action="append", help="only pages whose name holds this")
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
        with (
            tempfile.TemporaryDirectory(prefix="qipai-bench-") as tmp,
            contextlib.ExitStack() as stack,
        ):
            env = bench_environment(Path(tmp))
            label = "SQLite"
            if args.database == "postgres":
                label = postgres_database(env, args.database_url)
            if args.redis:
                env["REDIS_URL"] = stack.enter_context(redis_server(Path(tmp)))
                label += " + Redis"
            prepare(env)
            world = build_personas(env, Path(tmp) / "personas.json")
            pages = chosen_pages(world, args.persona or PERSONAS, args.only or [])
            with gunicorn(env, args.workers) as base:
                check_ok(base + BARE)
                for page in pages:
                    if page.post is None:
                        check_ok(base + page.path, page.cookie)
                    else:
                        page.cookie = csrf_cookie(base + page.path)
                        check_answer(base + page.path, page)
                print(
                    f"{gunicorn_version}, {args.workers} workers; wrk -t{args.threads} "
                    f"-c{args.connections} -d{args.duration}s, {args.rounds} rounds; {label}; "
                    f"{os.cpu_count()} CPUs shared with wrk"
                )
                for persona in ("learner", "teacher"):
                    facts = world[persona].get("facts", {})
                    if facts:
                        print(f"{persona}: " + ", ".join(f"{v} {k}" for k, v in facts.items()))
                run = Runner(wrk, base, args.threads, args.connections, Path(tmp))
                bare = measure(run, pages, args.duration, args.rounds)
                report(bare, pages)

    return run_bench(body)


@contextlib.contextmanager
def redis_server(tmp: Path) -> Iterator[str]:
    """Debian's redis-server on a unix socket in ``tmp``, nothing saved: its URL."""
    server = shutil.which("redis-server")
    if server is None:
        raise BenchError("--redis needs redis-server: apt-get install redis-server")
    socket_path = tmp / "redis.sock"
    process = subprocess.Popen(
        [server, "--port", "0", "--unixsocket", str(socket_path), "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while not socket_path.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise BenchError("redis-server did not start")
            time.sleep(0.05)
        yield f"unix://{socket_path}"
    finally:
        stop(process)


def postgres_database(env: dict[str, str], url: str) -> str:
    """A fresh PostgreSQL database for the run (its name must say "bench")."""
    from progress import _create_postgres_database

    name = url.rsplit("/", 1)[-1]
    if "bench" not in name:
        raise BenchError(f"{name!r} is not a benchmark database (no 'bench' in it)")
    _create_postgres_database(url, name, fresh=True)
    env["DATABASE_URL"] = url
    return f"PostgreSQL {name}"


def build_personas(env: dict[str, str], out: Path) -> dict:
    print("bench/personas.py", flush=True)
    done = subprocess.run(
        [PYTHON, str(ROOT / "bench" / "personas.py"), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if done.returncode != 0:
        raise BenchError(f"bench/personas.py failed:\n{done.stdout}{done.stderr}")
    return json.loads(out.read_text())


def chosen_pages(world: dict, personas, only: list[str]) -> list[Series]:
    """The pages to measure, persona by persona, then the answers."""
    pages = [Series(*LAYOUT)]
    for persona in personas:
        cookie = world[persona]["cookie"]
        if persona != "anonymous":
            pages.append(Series(*LAYOUT, persona, cookie))
        for name, path in world[persona]["pages"]:
            pages.append(Series(name, path, persona, cookie))
    if "anonymous" in personas:
        for answer in world["answers"]:
            pages.append(Series(answer["name"], answer["path"], "answer", post=answer["post"]))
    if only:
        pages = [p for p in pages if p.path == LAYOUT[1] or any(o in p.name for o in only)]
    return pages


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


def check_ok(url: str, cookie: str = "") -> None:
    """Each measured page must answer 200 itself (no redirect, no error page)."""
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with opener.open(request, timeout=30) as response:
            status = response.status
            body = response.read()
            kind = response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        raise BenchError(f"GET {url} answered {error.code}, not 200") from None
    if status != 200:
        raise BenchError(f"GET {url} answered {status}, not 200")
    if b"<html" not in body and not kind.startswith("text/csv"):
        raise BenchError(f"GET {url} did not return an HTML page")


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PLY = re.compile(r'name="ply" value="(\d+)"')


def csrf_cookie(url: str) -> str:
    """A visitor's CSRF cookie (no session): what a new visitor's first GET sets."""
    with urllib.request.urlopen(url, timeout=30) as response:
        for header in response.headers.get_all("Set-Cookie") or ():
            name, _, rest = header.partition("=")
            if name == "csrftoken":
                return f"csrftoken={rest.split(';', 1)[0]}"
    raise BenchError(f"GET {url} set no CSRF cookie")


def answer_body(page: Series) -> str:
    """The answer's form, with the CSRF token of the visitor's cookie."""
    token = page.cookie.split("=", 1)[1]
    fields = [("csrfmiddlewaretoken", token)]
    for key, value in page.post.items():
        for item in value if isinstance(value, list) else [value]:
            fields.append((key, str(item)))
    return urllib.parse.urlencode(fields)


def check_answer(url: str, page: Series) -> None:
    """An answer must be judged (200) and say the verdict it is measured as."""
    request = urllib.request.Request(
        url,
        data=answer_body(page).encode(),
        headers={"Cookie": page.cookie, "Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read().decode()
    except urllib.error.HTTPError as error:
        raise BenchError(f"POST {url} {page.post} answered {error.code}, not 200") from None
    verdict = re.search(r'class="play verdict-(\w+)"', body)
    expected = "correct" if page.name.endswith("right") else "wrong"
    if verdict is None or verdict.group(1) != expected:
        found = verdict.group(1) if verdict else "no verdict"
        raise BenchError(f"POST {url} {page.post}: {found}, not {expected}")


class Runner:
    def __init__(self, wrk: str, base: str, threads: int, connections: int, tmp: Path):
        self.wrk, self.base = wrk, base
        self.threads, self.connections = threads, connections
        self.tmp = tmp

    def __call__(self, page: Series | str, duration: int) -> float:
        path = page if isinstance(page, str) else page.path
        command = [
            self.wrk,
            f"-t{self.threads}",
            f"-c{self.connections}",
            f"-d{duration}s",
            "--timeout",
            "10s",
        ]
        if not isinstance(page, str) and page.post is not None:
            command += ["-s", str(self.script(page))]
        elif not isinstance(page, str) and page.cookie:
            command += ["-H", f"Cookie: {page.cookie}"]
        command.append(self.base + path)
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

    def script(self, page: Series) -> Path:
        """wrk's Lua script that POSTs ``page``'s answer, with no session cookie."""
        script = self.tmp / f"answer-{abs(hash(page.name))}.lua"
        script.write_text(
            'wrk.method = "POST"\n'
            f"wrk.body = {json.dumps(answer_body(page))}\n"
            'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n'
            f'wrk.headers["Cookie"] = {json.dumps(page.cookie)}\n'
        )
        return script


def measure(run: Runner, pages: list[Series], duration: int, rounds: int) -> Series:
    """Warm up, then in each round measure the bare page and then every page.

    Each ratio compares a page with the bare page of the same round, seconds
    apart, so that noise from other work on the machine mostly cancels; the
    pages take turns at going first.
    """
    bare = Series("bare template", BARE)
    print("warming up", flush=True)
    run(BARE, 1)
    for page in pages:
        run(page, 1)
    for number in range(rounds):
        print(f"round {number + 1}/{rounds}", flush=True)
        reference = run(BARE, duration)
        bare.rates.append(reference)
        shift = number * len(pages) // rounds
        for index, page in enumerate(pages[shift:] + pages[:shift]):
            if index and index % 12 == 0:  # the reference, again, every dozen pages
                reference = run(BARE, duration)
                bare.rates.append(reference)
            rate = run(page, duration)
            page.rates.append(rate)
            page.ratios.append(rate / reference)
    return bare


def report(bare: Series, pages: list[Series]) -> None:
    print()
    print(f"{'who':<9} {'page':<34} {'req/s':>7} {'ratio':>6} {'range':>11}  target")
    print(f"{'':<9} {bare.name:<34} {bare.median:>7.0f} {1:>6.2f}")
    below = 0
    for page in pages:
        ratio = statistics.median(page.ratios)
        spread = f"{min(page.ratios):.2f}-{max(page.ratios):.2f}"
        target = page.target
        if target is None:
            verdict = "(reference, no target)"
        elif ratio >= target:
            verdict = f"{target} PASS"
        else:
            verdict = f"{target} BELOW"
            below += 1
        print(
            f"{page.persona:<9} {page.name[:34]:<34} {page.median:>7.0f} {ratio:>6.2f} "
            f"{spread:>11}  {verdict}"
        )
    print(
        "\nreq/s: median over rounds; ratio: median of per-round ratios to the bare page "
        f"measured before it; {below} of {sum(p.target is not None for p in pages)} below target"
    )


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
