"""Answer benchmark: how long judging takes, and answers under load.

Run from the repository root::

    .venv/bin/python bench/answers.py                      # SQLite
    .venv/bin/python bench/answers.py --database postgres  # PostgreSQL (DATABASE_URL)

1. **Judging.** Every shipped puzzle of the search kinds (Go capture and escape,
   Renju vcf, trap, defend and five, Dagunzi, Shengji and Guandan endings, Guandan's
   fewest plays, 跳棋's fewest moves home, farthest move and goal moves, 军棋's
   captures, moves and reach and who-can-get-there ticks, 保皇's endings, what-beats-it
   ticks, does-it-beat and who-is-the-royalist ticks) is judged
   for a seeded sample of first answers, legal and not (random points of the board,
   random cards or pairs of the hand, cards not in it, a piece moved to a hole it
   reaches or to any hole of the star), in this process, exactly as a request
   judges (the kind's ``parse_answer`` and ``check`` on the stored puzzle). It
   prints the median, the 99th percentile and the worst time per kind against the
   target (p99 <= 100 ms, worst <= 500 ms), how many answers the engine could not
   settle within a request's budget ("unjudged"), and for reference the time of a
   bare Django page rendered in the same process.
2. **Load.** gunicorn (production settings) and 64 learners, each with its own
   session, answering for 60 s: each opens a puzzle and answers it, then thinks a
   moment (1-5 s, quicker than anyone solves a puzzle) before the next, half of
   them on cheap puzzles and half on the slowest answers of part 1 (of 40
   puzzles), while one anonymous visitor posts the slowest answer of all
   again and again without pausing, a new visitor each time (no cookie: nothing
   is remembered, every copy is judged afresh). It prints errors (5xx, refused
   connections, timeouts: target 0), the 99th percentile of the cheap answers
   (target < 200 ms) and of the others, and checks that the attempts in the
   database are exactly the answers the site accepted.

A measurement, not a test: it exits 0 whatever the figures, and non-zero only
when the run itself fails. About two and a half minutes with the defaults.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from load import (  # bench/ is this script's own folder on sys.path
    BenchError,
    bench_environment,
    gunicorn,
    prepare,
    run_bench,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KINDS = (
    "go.capture",
    "go.escape",
    "renju.vcf",
    "renju.trap",
    "renju.defend",
    "renju.five",
    "dagunzi.play",
    "shengji.play",
    "guandan.lead",
    "guandan.partition",
    "tiaoqi.fewest",
    "tiaoqi.longest",
    "tiaoqi.move",
    "junqi.capture",
    "junqi.move",
    "junqi.reach",
    "junqi.who",
    "baohuang.beats",
    "baohuang.royalist",
    "baohuang.legal",
    "baohuang.lead",
)
P99_TARGET, WORST_TARGET = 100.0, 500.0  # ms, judging one answer
CHEAP_TARGET = 200.0  # ms, p99 of a cheap answer under load
DEFAULT_DATABASE_URL = "postgres://qipai:qipai@127.0.0.1:5432/qipai_bench"
VERDICT = re.compile(r'class="play verdict-(\w+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PLY = re.compile(r'name="ply" value="(\d+)"')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database for --database postgres (its name must contain 'bench')",
    )
    parser.add_argument("--sample", type=int, default=12, help="first answers per puzzle (12)")
    parser.add_argument("--clients", type=int, default=64, help="learners answering (64)")
    parser.add_argument("--duration", type=int, default=60, help="seconds of load (60)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (4)")
    parser.add_argument("--no-load", action="store_true", help="judging figures only")
    args = parser.parse_args()
    return run_bench(lambda: _run(args))


def _run(args) -> None:
    with tempfile.TemporaryDirectory(prefix="qipai-bench-answers-") as tmp:
        env = bench_environment(Path(tmp))
        label = "SQLite"
        if args.database == "postgres":
            from progress import _create_postgres_database

            name = args.database_url.rsplit("/", 1)[-1]
            if "bench" not in name:
                raise BenchError(f"{name!r} is not a benchmark database (no 'bench' in it)")
            _create_postgres_database(args.database_url, name, fresh=True)
            env["DATABASE_URL"] = args.database_url
            label = f"PostgreSQL {name}"
        prepare(env)
        os.environ.clear()
        os.environ.update(env)
        import django

        django.setup()
        print(f"\n{label}; {os.cpu_count()} CPUs\n")
        judged = judge_all(args.sample)
        report_judging(judged, bare_page_ms())
        if args.no_load:
            return
        with gunicorn(env, args.workers) as base:
            cheap, dear = answer_mix(judged)
            load = run_load(base.removeprefix("http://"), cheap, dear, args.clients, args.duration)
            report_load(load, args, label)


# --------------------------------------------------------------------------- judging


@dataclass(frozen=True)
class Answer:
    slug: str
    kind: str
    post: dict
    ms: float
    status: str
    public: bool  # a library puzzle, with a page of its own (not a lesson's exercise)


def sample_posts(puzzle, kind, rng: random.Random, count: int) -> list[dict]:
    """``count`` first answers a learner could send: legal and not, as they fall."""
    if puzzle.kind.startswith("go."):
        from engines.go import point_name

        size = kind.task(puzzle.kind_data).size
        points = rng.sample(range(size * size), min(count, size * size))
        return [{"move": point_name(p, size)} for p in points]
    if puzzle.kind.startswith("renju."):
        from engines.renju import point_name

        return [{"move": point_name(p)} for p in rng.sample(range(225), count)]
    if puzzle.kind.startswith("tiaoqi."):
        return _tiaoqi_moves(puzzle, kind, rng, count)
    if puzzle.kind.startswith("junqi."):
        return _junqi_answers(puzzle, kind, rng, count)
    if puzzle.kind.startswith("baohuang."):
        return _baohuang_answers(puzzle, kind, rng, count)
    from engines.cards import CARDS

    if puzzle.kind in ("shengji.play", "guandan.lead", "guandan.partition"):
        return _chosen_cards(puzzle, kind, rng, count)
    _order, _rules, hand, _hands, _trick = kind._read(puzzle.kind_data)
    held = sorted(set(hand))
    posts = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.6 or not held:
            card = rng.choice(held or list(CARDS))
            posts.append({"card": [card.text()]})
        elif roll < 0.85:
            card = rng.choice(held)
            posts.append({"card": [card.text()] * rng.choice((2, 3))})
        else:
            posts.append({"card": [rng.choice(list(CARDS)).text()]})  # may not be held
    return posts


def _chosen_cards(puzzle, kind, rng: random.Random, count: int) -> list[dict]:
    """Cards ticked in the hand and played: as many as the lead (Shengji), or a few
    (Guandan: one to five, now and then a pass), legal or not as they fall."""
    data = puzzle.kind_data
    if puzzle.kind == "shengji.play":
        _order, hands, trick = kind._read(data)
        hand, sizes = hands[0], [len(trick[0])] if trick else [1, 1, 2, 3]
    elif puzzle.kind == "guandan.lead":
        hand, sizes = kind._read(data)[2][0], [1, 1, 2, 2, 3, 5]
    else:
        hand, sizes = kind._read(data)[2], [1, 2, 3, 5, 6]
    posts = []
    for _ in range(count):
        if puzzle.kind == "guandan.lead" and rng.random() < 0.1:
            posts.append({"answer": "pass"})
            continue
        picked = rng.sample(hand, min(rng.choice(sizes), len(hand)))
        posts.append({"card": [c.text() for c in picked], "answer": "play"})
    return posts


def _baohuang_answers(puzzle, kind, rng: random.Random, count: int) -> list[dict]:
    """保皇: yes or no (beats); a few ticks and Done, the right ones about a third of the
    time (legal, royalist); a set of the hand that may go on the table (right or wrong,
    as the solver found it), a pass, or any few cards of the hand (lead)."""
    data = puzzle.kind_data
    if puzzle.kind == "baohuang.beats":
        return [{"answer": rng.choice(("yes", "no"))} for _ in range(count)]
    if puzzle.kind in ("baohuang.legal", "baohuang.royalist"):
        if puzzle.kind == "baohuang.legal":
            choices = [str(i) for i in range(len(kind.options(data)))]
            right = [str(i) for i, (_o, ok, _r) in enumerate(kind.judge(data)) if ok]
        else:
            choices = [str(o) for o in kind.options(data)]
            found = kind.candidates(data)
            right = [str(o) for o in kind.options(data) if (None if o == "alone" else o) in found]
        posts = []
        for _ in range(count):
            ticks = right if rng.random() < 0.3 else rng.sample(choices, rng.randint(0, 3))
            posts.append({"answer": "done", "option": list(ticks)})
        return posts
    from engines.baohuang import cards_for, legal_sets, set_of

    rules, _roles, hands, _goal, top, _out = kind._read(data)
    hand = hands[0]
    sets = legal_sets(hand, set_of(top[0], rules) if top else None, rules)
    posts = []
    for _ in range(count):
        roll = rng.random()
        if top and roll < 0.1:
            posts.append({"answer": "pass"})
            continue
        if sets and roll < 0.6:
            cards = cards_for(rng.choice(sets), hand)
        else:
            cards = rng.sample(hand, min(rng.choice((1, 2, 3, 4)), len(hand)))
        posts.append({"answer": "play", "card": [c.text() for c in cards]})
    return posts


def _tiaoqi_moves(puzzle, kind, rng: random.Random, count: int) -> list[dict]:
    from engines.tiaoqi import STAR, hole_name, reach

    board = kind.current(puzzle.kind_data, kind.start(puzzle.kind_data))
    own = [h for h, s in board.pieces.items() if s == board.to_move]
    return _from_to(own, STAR.points, lambda h: reach(board, h), hole_name, rng, count)


def _junqi_answers(puzzle, kind, rng: random.Random, count: int) -> list[dict]:
    """Moves as for 跳棋; for the ticking kinds, a point ticked, or Done."""
    from engines.junqi import BOARD, name, reach

    if puzzle.kind in ("junqi.reach", "junqi.who"):
        points = sorted(BOARD.points)
        return [
            {"answer": "done"} if rng.random() < 0.3 else {"move": name(rng.choice(points))}
            for _ in range(count)
        ]
    board = kind.current(puzzle.kind_data, kind.start(puzzle.kind_data))
    own = [p for p, piece in board.pieces.items() if piece.seat == board.to_move]
    return _from_to(own, BOARD.points, lambda p: reach(board, p), name, rng, count)


def _from_to(own, points, reach, name, rng: random.Random, count: int) -> list[dict]:
    """A piece of the side to move taken to a point it reaches (most of the time) or
    to any point of the board, or only picked up."""
    own, points = sorted(own), sorted(points)
    posts = []
    for _ in range(count):
        start = rng.choice(own)
        if rng.random() < 0.1:
            posts.append({"select": name(start)})
            continue
        reached = sorted(reach(start))
        end = rng.choice(reached if reached and rng.random() < 0.7 else points)
        posts.append({"move": f"{name(start)}-{name(end)}"})
    return posts


def judge_all(sample: int) -> list[Answer]:
    from puzzles.kinds import BadAnswer, get_kind
    from puzzles.models import Puzzle

    answers = []
    puzzles = list(Puzzle.objects.filter(kind__in=KINDS).order_by("kind", "slug"))
    print(f"judging {sample} first answers of each of {len(puzzles)} puzzles", flush=True)
    for puzzle in puzzles:
        kind = get_kind(puzzle.kind)
        data = puzzle.kind_data
        state = kind.start(data)
        rng = random.Random(f"answers-{puzzle.slug}")
        for post in sample_posts(puzzle, kind, rng, sample):
            start = time.perf_counter()
            try:
                answer = kind.parse_answer(data, state, post)
                status = kind.check(data, state, answer)[0].status
            except BadAnswer:
                status = "bad"
            ms = (time.perf_counter() - start) * 1000
            answers.append(Answer(puzzle.slug, puzzle.kind, post, ms, status, puzzle.is_public))
    return answers


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bare_page_ms() -> float:
    """The bare reference page, through the test client in this process."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    times = []
    for _ in range(300):
        start = time.perf_counter()
        client.get("/bench/bare/")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def report_judging(answers: list[Answer], bare: float) -> None:
    print(
        f"\n{'kind':<14} {'answers':>7} {'median':>8} {'p99':>8} {'worst':>8} {'unjudged':>9}"
        f"  target p99 <= {P99_TARGET:.0f} ms, worst <= {WORST_TARGET:.0f} ms"
    )
    for kind in KINDS:
        rows = [a for a in answers if a.kind == kind]
        if not rows:
            continue
        times = [a.ms for a in rows]
        p99, worst = percentile(times, 0.99), max(times)
        unjudged = sum(a.status == "unjudged" for a in rows)
        verdict = "PASS" if p99 <= P99_TARGET and worst <= WORST_TARGET else "ABOVE TARGET"
        print(
            f"{kind:<14} {len(rows):>7} {statistics.median(times):>6.1f}ms {p99:>6.1f}ms "
            f"{worst:>6.1f}ms {unjudged:>9}  {verdict}"
        )
    slowest = sorted(answers, key=lambda a: -a.ms)[:5]
    print("slowest:", ", ".join(f"{a.slug} {a.post} {a.ms:.0f} ms" for a in slowest))
    print(f"bare page in this process: {bare:.2f} ms (the p99 of a kind is that many pages)")


# --------------------------------------------------------------------------- load


def answer_mix(answers: list[Answer]) -> tuple[list[Answer], list[Answer]]:
    """Cheap answers (Renju fives, quick Go answers) and the slowest ones of part 1,
    of the library's puzzles (a lesson's exercise has no page of its own)."""
    counted = [a for a in answers if a.public and a.status in ("correct", "wrong", "continue")]
    cheap = [a for a in counted if a.ms < 2 and a.kind in ("renju.five", "go.escape")]
    dear, seen = [], set()
    for answer in sorted(counted, key=lambda a: -a.ms):  # the slowest of 40 puzzles
        if answer.slug not in seen and len(seen) < 40:
            seen.add(answer.slug)
            dear.append(answer)
    if not cheap or not dear:
        raise BenchError("part 1 found no cheap or no slow answers to mix")
    return cheap, dear


@dataclass
class Load:
    cheap_ms: list[float] = field(default_factory=list)
    dear_ms: list[float] = field(default_factory=list)
    hammer_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    statuses: dict = field(default_factory=dict)
    attempts_started: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, status: int) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1


class Visitor:
    """One browser: its own cookies, plain HTTP to gunicorn on loopback."""

    def __init__(self, base: str):
        self.host, self.port = base.split(":")
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, str]:
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=30)
        headers = {"Accept-Language": "en"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        payload = None
        if body is not None:
            payload = urlencode(body, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, payload, headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, text
        finally:
            connection.close()

    def answer(self, answer: Answer, load: Load) -> tuple[float, bool]:
        """Open the puzzle, post the answer on the board it shows; (ms, whether the
        site took it as the first answer of a new attempt)."""
        path = f"/puzzles/{answer.slug}/"
        status, page = self.request("GET", path)
        load.note(status)
        if status != 200:
            raise BenchError(f"GET {path} answered {status}")
        token, ply = TOKEN.search(page), PLY.search(page)
        if token is None:
            raise BenchError(f"no form on {path}")
        body = {**answer.post, "csrfmiddlewaretoken": token.group(1)}
        body["ply"] = ply.group(1) if ply else "0"
        start = time.perf_counter()
        status, page = self.request("POST", path, body)
        ms = (time.perf_counter() - start) * 1000
        load.note(status)
        if status >= 500:
            raise BenchError(f"POST {path} answered {status}")
        verdict = VERDICT.search(page)
        started = body["ply"] == "0" and status == 200 and verdict is not None
        started = started and verdict.group(1) in ("correct", "wrong", "continue")
        if started:
            with load.lock:
                load.attempts_started += 1
        return ms, started


def run_load(base, cheap, dear, clients: int, duration: int) -> Load:
    load = Load()
    stop_at = time.monotonic() + duration
    hammered = dear[0]

    def learner(number: int) -> None:
        rng = random.Random(number)
        visitor = Visitor(base)
        pool, into = (cheap, load.cheap_ms) if number % 2 else (dear, load.dear_ms)
        time.sleep(rng.uniform(0, 1.5))  # learners do not all arrive at once
        answered: dict[str, float] = {}
        while time.monotonic() < stop_at:
            # Not the same puzzle twice within half a minute: the site would take the
            # same answer again for a resent copy of the first (and count it once).
            now = time.monotonic()
            choices = [a for a in pool if now - answered.get(a.slug, -60) > 35]
            if not choices:
                time.sleep(1)
                continue
            answer = rng.choice(choices)
            answered[answer.slug] = now
            try:
                ms, _started = visitor.answer(answer, load)
                with load.lock:
                    into.append(ms)
            except (BenchError, OSError, http.client.HTTPException) as error:
                with load.lock:
                    load.errors.append(f"learner {number}: {error}")
            time.sleep(rng.uniform(1, 5))  # thinking before the next answer

    def hammer() -> None:
        while time.monotonic() < stop_at:
            try:
                ms, _started = Visitor(base).answer(hammered, load)  # a new visitor each time
                with load.lock:
                    load.hammer_ms.append(ms)
            except (BenchError, OSError, http.client.HTTPException) as error:
                with load.lock:
                    load.errors.append(f"hammer: {error}")

    print(
        f"\nload: {clients} learners for {duration} s and one visitor posting "
        f"{hammered.slug} {hammered.post} ({hammered.ms:.0f} ms to judge) without pause",
        flush=True,
    )
    threads = [threading.Thread(target=learner, args=(n,)) for n in range(clients)]
    threads.append(threading.Thread(target=hammer))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 120)
    if any(thread.is_alive() for thread in threads):
        raise BenchError("a client did not finish")
    return load


def attempts_in_database() -> int:
    from django.db import connection

    from puzzles.models import Attempt

    connection.close()  # see what the app servers wrote
    return Attempt.objects.count()


def report_load(load: Load, args, label: str) -> None:
    def line(name, values):
        if not values:
            return f"{name:<30} none"
        return (
            f"{name:<30} {len(values):>6} {statistics.median(values):>7.1f}ms "
            f"{percentile(values, 0.99):>7.1f}ms {max(values):>7.1f}ms"
        )

    attempts = attempts_in_database()
    cheap_p99 = percentile(load.cheap_ms, 0.99) if load.cheap_ms else float("inf")
    print(f"\n{label}, gunicorn {args.workers} workers")
    print(f"{'answers (POST)':<30} {'count':>6} {'median':>9} {'p99':>9} {'worst':>9}")
    print(line("cheap answers", load.cheap_ms))
    print(line("slow answers", load.dear_ms))
    print(line("hammering visitor", load.hammer_ms))
    print(f"responses by status: {dict(sorted(load.statuses.items()))}")
    print(
        f"errors: {len(load.errors)} (target 0)"
        + (f"; first: {load.errors[0]}" if load.errors else "")
    )
    verdict = "PASS" if cheap_p99 < CHEAP_TARGET else "ABOVE TARGET"
    print(f"cheap answer p99: {cheap_p99:.1f} ms (target < {CHEAP_TARGET:.0f} ms) {verdict}")
    same = "PASS" if attempts == load.attempts_started else "MISMATCH"
    print(
        f"attempts in the database: {attempts}; answers accepted on a fresh board: "
        f"{load.attempts_started}  {same}"
    )


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):
        sys.exit(main())
