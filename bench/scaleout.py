"""Scale-out benchmark: two app servers on one PostgreSQL and a shared Redis.

Run from the repository root (PostgreSQL running, ``redis-server`` and ``wrk``
installed)::

    .venv/bin/python bench/scaleout.py

It builds the load benchmark's throw-away site (``bench/load.py``: a fresh PostgreSQL
database whose name says "bench", the content, the people of ``bench/personas.py``)
with a throw-away ``redis-server`` as the shared cache, starts two gunicorn instances
on two ports (``--workers`` each, 1 by default: on a small machine each instance is
one core's worth), and then:

1. **Checks what must hold across servers**, with requests sent to both at once:
   - one daily puzzle per game and day: today's are forgotten before the servers
     start, then every game's daily page is asked for by many visitors at once on
     both; each game must have one puzzle for the day, the same on every page;
   - log-in throttling counted once: wrong passwords for one account, sent in turn
     to both servers, up to the limit (five); the right password is then refused on
     either server (each server counting its own would let it in);
   - no answer lost or doubled: new visitors answer at once on both servers; each
     answer judged is one attempt, and the site holds exactly as many attempts as
     answers were judged;
   - an answer sent twice at once, once to each server (a double click behind a
     round-robin balancer), by a signed-in learner: one attempt, the same verdict.
2. **Measures throughput**: for each page, requests/second with the load on one
   server (wrk, 2 threads, 16 connections), then the same load split across both (one
   wrk per server, 1 thread and 8 connections each, at the same time: their rates
   added up). Rounds alternate one and two; the table shows medians and the ratio of
   two against one.

A measurement, not a test: it exits 0 when the run worked, 1 when it failed (a
server, a status, wrk) and 3 when an invariant did not hold.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import load
from load import (
    BARE,
    DEFAULT_DATABASE_URL,
    PYTHON,
    ROOT,
    BenchError,
    Runner,
    Series,
    bench_environment,
    build_personas,
    check_answer,
    check_ok,
    csrf_cookie,
    postgres_database,
    prepare,
    redis_server,
    run_bench,
)

# The pages whose throughput is measured: (persona, name as bench/personas.py has it).
PAGES = (
    ("learner", "go game page"),
    ("learner", "go.capture puzzle"),
    ("learner", "/me/"),
    ("teacher", "results grid"),
    ("anonymous", "go daily"),
    ("answer", "renju.five right"),
    ("answer", "go.capture wrong"),
)
ANSWERS_AT_ONCE = 200  # new visitors' answers, split across both servers
LOGIN_LIMIT = 5  # wrong passwords per account (ACCOUNT_RATE_LIMITS["login_failed"])
PUBLIC_HOST = "127.0.0.1"  # the name both servers are reached by (DJANGO_ALLOWED_HOSTS)


class InvariantBroken(BenchError):
    """Something that must hold across servers did not."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per measurement (5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per page (3)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers per server (1)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
        help="the PostgreSQL database (its name must contain 'bench')",
    )
    args = parser.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        print("bench/scaleout.py needs wrk: apt-get install wrk", file=sys.stderr)
        return 2
    broken: list[str] = []

    def body():
        with (
            tempfile.TemporaryDirectory(prefix="qipai-scaleout-") as tmp,
            contextlib.ExitStack() as stack,
        ):
            env = bench_environment(Path(tmp))
            label = postgres_database(env, args.database_url)
            env["REDIS_URL"] = stack.enter_context(redis_server(Path(tmp)))
            prepare(env)
            world = build_personas(env, Path(tmp) / "personas.json")
            forget_todays_daily_puzzles(env)
            first = stack.enter_context(load.gunicorn(env, args.workers))
            second = stack.enter_context(load.gunicorn(env, args.workers))
            bases = (first, second)
            print(
                f"two gunicorn instances, {args.workers} worker(s) each; {label} + Redis; "
                f"{os.cpu_count()} CPUs shared by both, the database, Redis and wrk",
                flush=True,
            )
            print("\nwhat must hold across servers", flush=True)
            for check in (
                one_daily_puzzle_per_game,
                throttling_counted_once,
                no_answer_lost_or_doubled,
                a_double_answer_counted_once,
            ):
                try:
                    print(f"  held: {check(env, bases, world)}", flush=True)
                except InvariantBroken as error:
                    broken.append(str(error))
                    print(f"  BROKEN: {error}", flush=True)
            print("\nthroughput: the load on one server, then split across two", flush=True)
            throughput(wrk, bases, world, Path(tmp), args.duration, args.rounds)

    status = run_bench(body)
    if status == 0 and broken:
        print(f"\n{len(broken)} invariant(s) broken", file=sys.stderr)
        return 3
    return status


def django(env: dict[str, str], code: str):
    """Run ``code`` (which sets ``result``) in the site's Django; ``result`` as JSON."""
    script = (
        "import json, django\ndjango.setup()\n"
        + code
        + "\nprint('RESULT=' + json.dumps(result, default=str))\n"
    )
    done = subprocess.run(
        [PYTHON, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    found = re.search(r"^RESULT=(.*)$", done.stdout, re.MULTILINE)
    if done.returncode != 0 or found is None:
        raise BenchError(f"a look into the database failed:\n{done.stdout}{done.stderr}")
    return json.loads(found.group(1))


def forget_todays_daily_puzzles(env: dict[str, str]) -> None:
    django(
        env,
        "from puzzles.daily import today\nfrom puzzles.models import DailyPuzzle\n"
        "result = DailyPuzzle.objects.filter(date=today()).delete()[0]",
    )


class Browser:
    """A visitor's browser: its own cookies, talking to whichever server it is sent to.

    Cookies are kept by hand: the site marks them Secure (production settings), and the
    benchmark speaks plain http on loopback."""

    def __init__(self, cookie: str = ""):
        self.cookies = dict(part.strip().split("=", 1) for part in cookie.split(";") if "=" in part)
        self.opener = urllib.request.build_opener(load._NoRedirect)

    def request(self, url: str, data: dict | None = None) -> tuple[int, str]:
        """(status, body) of a GET, or of a POST of ``data`` with the CSRF token."""
        body = None
        if data is not None:
            if "csrftoken" not in self.cookies:
                self.request(url)  # a first look sets the CSRF cookie
            fields = {**data, "csrfmiddlewaretoken": self.cookies["csrftoken"]}
            body = urllib.parse.urlencode(fields, doseq=True).encode()
        # Both servers are reached by one name, as behind a load balancer that passes
        # the visitor's Host on (allauth counts failed log-ins per host and account).
        request = urllib.request.Request(url, data=body, headers={"Host": PUBLIC_HOST})
        if self.cookies:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        try:
            with self.opener.open(request, timeout=30) as response:
                status, text, headers = response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            status, text, headers = error.code, error.read().decode(), error.headers
        for header in headers.get_all("Set-Cookie") or ():
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return status, text


def at_once(jobs):
    """Run the callables together (16 at a time); their results in order."""
    with ThreadPoolExecutor(max_workers=16) as pool:
        return list(pool.map(lambda job: job(), jobs))


def one_daily_puzzle_per_game(env, bases, world) -> str:
    games = [path for name, path in world["anonymous"]["pages"] if name.endswith(" daily")]
    jobs = []
    for path in games:
        for n in range(8):
            url = bases[n % 2] + path
            jobs.append(lambda url=url, path=path: (path, Browser().request(url)))
    shown: dict[str, set[str]] = {}
    for path, (status, body) in at_once(jobs):
        puzzle = re.search(r"/puzzles/([a-z0-9-]+)/", body)
        if status != 200 or puzzle is None:
            raise InvariantBroken(f"{path} answered {status}, showing no puzzle")
        shown.setdefault(path, set()).add(puzzle.group(1))
    stored = django(
        env,
        "from django.db.models import Count\nfrom puzzles.daily import today\n"
        "from puzzles.models import DailyPuzzle\n"
        "result = list(DailyPuzzle.objects.filter(date=today()).values('game')"
        ".annotate(n=Count('pk')).values_list('game', 'n'))",
    )
    doubled = [game for game, n in stored if n != 1]
    if doubled or len(stored) != len(games):
        raise InvariantBroken(f"daily puzzles stored for today: {stored}")
    differing = {path: slugs for path, slugs in shown.items() if len(slugs) != 1}
    if differing:
        raise InvariantBroken(f"different daily puzzles shown for one game: {differing}")
    return (
        f"one daily puzzle per game and day ({len(games)} games, {len(jobs)} first visits "
        f"at once on both servers; each game's pages show the one stored)"
    )


def throttling_counted_once(env, bases, world) -> str:
    django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "for name in ('scaleout-guessed', 'scaleout-control'):\n"
        "    get_user_model().objects.create_user(name, password='the-right-one-9')\n"
        "result = True",
    )

    def log_in(base, username, password) -> int:
        status, _ = Browser().request(
            base + "/accounts/login/", {"login": username, "password": password}
        )
        return status

    for n in range(LOGIN_LIMIT):
        status = log_in(bases[n % 2], "scaleout-guessed", f"wrong-{n}")
        if status != 200:  # the form again, saying the password is wrong
            raise InvariantBroken(f"a wrong password answered {status}, not 200")
    let_in = [log_in(base, "scaleout-guessed", "the-right-one-9") == 302 for base in bases]
    if any(let_in):
        raise InvariantBroken(
            f"after {LOGIN_LIMIT} wrong passwords sent to both servers, the right one was "
            f"let in by server(s) {[n + 1 for n, yes in enumerate(let_in) if yes]}"
        )
    # Not refused for some other reason: another account logs in on either server.
    if not all(log_in(base, "scaleout-control", "the-right-one-9") == 302 for base in bases):
        raise InvariantBroken("a right password was refused without any wrong one before")
    return (
        f"log-in throttling counted once ({LOGIN_LIMIT} wrong passwords split across the "
        "servers; then the right one refused by both, while another account logs in)"
    )


def no_answer_lost_or_doubled(env, bases, world) -> str:
    answers = world["answers"]
    before = django(env, "from puzzles.models import Attempt\nresult = Attempt.objects.count()")
    pages = [Series(a["name"], a["path"], "answer", post=a["post"]) for a in answers]

    def answer(n: int):
        page = pages[n % len(pages)]
        base = bases[n % 2]
        status, body = Browser().request(base + page.path, page.post)
        verdict = re.search(r'class="play verdict-(\w+)"', body)
        return status, verdict.group(1) if verdict else None

    results = at_once([lambda n=n: answer(n) for n in range(ANSWERS_AT_ONCE)])
    judged = sum(1 for status, verdict in results if status == 200 and verdict)
    after = django(env, "from puzzles.models import Attempt\nresult = Attempt.objects.count()")
    if judged != ANSWERS_AT_ONCE:
        failures = [r for r in results if r[0] != 200 or not r[1]][:5]
        raise InvariantBroken(f"{ANSWERS_AT_ONCE - judged} answers not judged: {failures}")
    if after - before != judged:
        raise InvariantBroken(f"{judged} answers judged, {after - before} attempts recorded")
    return (
        f"no answer lost or doubled ({judged} new visitors' answers at once on both "
        f"servers: {after - before} attempts, one each)"
    )


def a_double_answer_counted_once(env, bases, world) -> str:
    cookie = django(
        env,
        "import sys; sys.path.insert(0, 'bench')\nfrom personas import make_user, signed_in\n"
        "result = signed_in(make_user('scaleout-double'))",
    )
    answer = world["answers"][0]
    learner = Browser(cookie)
    barrier = threading.Barrier(2)

    def send(base):
        barrier.wait()
        return learner.request(base + answer["path"], answer["post"])

    results = at_once([lambda base=base: send(base) for base in bases])
    verdicts = [re.search(r'class="play verdict-(\w+)"', body) for _, body in results]
    verdicts = [found.group(1) if found else None for found in verdicts]
    attempts = django(
        env,
        "from puzzles.models import Attempt\n"
        "result = Attempt.objects.filter(learner__user__username='scaleout-double').count()",
    )
    if attempts != 1 or len(set(verdicts)) != 1 or None in verdicts:
        raise InvariantBroken(
            f"one answer sent to both servers at once: {attempts} attempts, verdicts {verdicts}"
        )
    return f"an answer sent to both servers at once counted once (1 attempt, both '{verdicts[0]}')"


def throughput(wrk, bases, world, tmp: Path, duration: int, rounds: int) -> None:
    pages = []
    for persona, name in PAGES:
        if persona == "answer":
            found = next(a for a in world["answers"] if a["name"] == name)
            page = Series(name, found["path"], "answer", post=found["post"])
            page.cookie = csrf_cookie(bases[0] + page.path)
            check_answer(bases[0] + page.path, page)
        else:
            path = dict(map(tuple, world[persona]["pages"]))[name]
            page = Series(name, path, persona, world[persona]["cookie"])
            for base in bases:
                check_ok(base + page.path, page.cookie)
        pages.append(page)
    one = Runner(wrk, bases[0], 2, 16, tmp)
    each = [Runner(wrk, base, 1, 8, tmp) for base in bases]
    for runner in (one, *each):
        runner(BARE, 1)  # warm up every worker
    rows = []
    for page in pages:
        alone, split = [], []
        for _ in range(rounds):
            alone.append(one(page, duration))
            with ThreadPoolExecutor(max_workers=2) as pool:
                split.append(sum(pool.map(lambda runner, page=page: runner(page, duration), each)))
        rows.append((page, statistics.median(alone), statistics.median(split)))
    print(f"\n{'who':<9} {'page':<24} {'one server':>11} {'two servers':>12} {'two/one':>8}")
    for page, alone, split in rows:
        print(
            f"{page.persona:<9} {page.name:<24} {alone:>9.0f}/s {split:>10.0f}/s "
            f"{split / alone:>8.2f}"
        )
    print(f"\nreq/s: median over {rounds} rounds of {duration} s; two: both wrk runs added up")


if __name__ == "__main__":
    sys.exit(main())
