"""The daily puzzle: one per game per day, the same for everyone, chosen once.

Days are the site's calendar days (``TIME_ZONE``, Asia/Shanghai). The first
request of a day that needs a game's daily puzzle chooses it, by this rule:

1. Only library puzzles of the game with no open report.
2. Prefer a puzzle that was never a daily puzzle, is **well rated** — its
   rating has settled (deviation at most ``SETTLED_DEVIATION``) — and was
   **played enough** (at least ``MIN_PLAYS`` rated plays).
3. While the site is young and none is both, take any that was never daily.
4. When every puzzle has had its day, take the one whose last day is longest ago.

Among the candidates of the first tier that has any, the pick is a hash of
(game, date) into the candidates in id order: stable, spread out, and found
with one counted, indexed query and one offset — never ``ORDER BY RANDOM()``.

The choice is stored as a ``DailyPuzzle`` row, unique on (game, date): two
processes choosing at once both try to insert, one wins, and the other reads
the winner's row. After that the day's puzzle never changes, even if the
puzzles change later.
"""

from __future__ import annotations

import datetime
import hashlib

from django.db import IntegrityError, transaction
from django.db.models import Exists, Max, OuterRef, QuerySet
from django.utils import timezone

from accounts.kept import kept
from accounts.models import Learner

from . import content_cache
from .access import library_games
from .games import GAMES
from .models import Attempt, DailyPuzzle, DailySolve, Puzzle, PuzzleReport

MIN_PLAYS = 20
SETTLED_DEVIATION = 100.0


def today() -> datetime.date:
    return timezone.localdate()


def daily_puzzle(game: str, date: datetime.date | None = None) -> DailyPuzzle | None:
    """The game's daily puzzle for ``date`` (today by default), choosing it if need be.

    Only today's is ever chosen: another day has one only if it was chosen on
    its day. None when the game has no library puzzle (or the day had none).
    """
    date = date or today()
    # A day's puzzle never changes once chosen: kept with the content, whose cache also
    # drops it when a puzzle is edited.
    return content_cache.cached(("daily-puzzle", game, date), lambda: _find(game, date))


def _stored(game: str, date: datetime.date) -> DailyPuzzle | None:
    return DailyPuzzle.objects.filter(game=game, date=date).select_related("puzzle").first()


def _find(game: str, date: datetime.date) -> DailyPuzzle | None:
    found = _stored(game, date)
    if found is not None or date != today():
        return found
    return choose(game, date)


def choose(game: str, date: datetime.date) -> DailyPuzzle | None:
    """Choose and store the game's puzzle for ``date``; the stored one if already chosen."""
    puzzle = _pick(game, date)
    if puzzle is None:
        return None
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(game=game, date=date, puzzle=puzzle)
    except IntegrityError:
        pass  # another process chose first: theirs stands
    return DailyPuzzle.objects.select_related("puzzle").get(game=game, date=date)


def _pick(game: str, date: datetime.date) -> Puzzle | None:
    open_report = PuzzleReport.objects.filter(puzzle=OuterRef("pk"), resolved=False)
    been_daily = DailyPuzzle.objects.filter(puzzle=OuterRef("pk"))
    # The editors' library only: a teacher's published puzzle trains learners but is
    # not the whole site's puzzle of the day.
    library = Puzzle.objects.filter(game=game, is_public=True, author__isnull=True).exclude(
        Exists(open_report)
    )
    fresh = library.exclude(Exists(been_daily))
    settled = fresh.filter(plays__gte=MIN_PLAYS, rating_deviation__lte=SETTLED_DEVIATION)
    for tier in (settled, fresh):
        puzzle = _hash_pick(tier, game, date)
        if puzzle is not None:
            return puzzle
    return library.annotate(last_daily=Max("dailies__date")).order_by("last_daily", "pk").first()


def _hash_pick(candidates: QuerySet, game: str, date: datetime.date) -> Puzzle | None:
    count = candidates.count()
    if not count:
        return None
    digest = hashlib.sha256(f"{game}:{date.isoformat()}".encode()).digest()
    index = int.from_bytes(digest[:8], "big") % count
    return candidates.order_by("pk")[index]


def todays_puzzles() -> list[DailyPuzzle]:
    """Today's daily puzzle of every game that has a library, in the games' order.

    Cached per day for the process: the home page asks on every request.
    """
    date = today()

    def load():
        games = library_games()
        dailies = (daily_puzzle(game.slug, date) for game in GAMES if game.slug in games)
        return [daily for daily in dailies if daily is not None]

    return content_cache.cached(("daily", date), load)


def record_result(attempt: Attempt) -> None:
    """Count the day for the learner's streak if this solved that day's daily puzzle."""
    if attempt.status != Attempt.Status.SOLVED or not attempt.puzzle.is_public:
        return
    day = timezone.localdate(attempt.finished_at or timezone.now())
    game = attempt.puzzle.game
    # The day's puzzle, kept with the content as its page keeps it (usually no query);
    # never chosen here, inside the answer's transaction.
    chosen = content_cache.cached(("daily-puzzle", game, day), lambda: _stored(game, day))
    if chosen is None or chosen.puzzle_id != attempt.puzzle_id:
        return
    # get_or_create takes care of a concurrent request that counted the day first.
    DailySolve.objects.get_or_create(learner=attempt.learner, game=game, date=day)


def streak(learner: Learner | None, *, on: datetime.date | None = None) -> tuple[int, int]:
    """(current, best): days in a row on which the learner solved a daily puzzle.

    The current streak still stands on a day the learner has not solved yet,
    if they solved yesterday's; it is 0 once a whole day has passed without.
    """
    if learner is None:
        return 0, 0
    on = on or today()
    days = [day for day in solved_days(learner) if day <= on]
    best = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    one_day = datetime.timedelta(days=1)
    current = run if previous is not None and on - previous <= one_day else 0
    return current, best


def solved_days(learner: Learner) -> tuple[datetime.date, ...]:
    """The days on which the learner solved a daily puzzle, in order: one query, kept
    under the learner's revision."""
    return kept(
        learner,
        ("daily-days",),
        lambda: tuple(
            sorted(set(DailySolve.objects.filter(learner=learner).values_list("date", flat=True)))
        ),
    )


def merge(source: Learner, target: Learner) -> None:
    """Daily solves are days: move the ones the target lacks."""
    for solve in DailySolve.objects.filter(learner=source):
        exists = DailySolve.objects.filter(learner=target, game=solve.game, date=solve.date)
        if exists.exists():
            solve.delete()
        else:
            solve.learner = target
            solve.save(update_fields=["learner"])
