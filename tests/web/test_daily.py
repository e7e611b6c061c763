"""The daily puzzle: one per game per Shanghai day, the same for everyone, chosen once; streaks."""

import datetime
import os
import subprocess
import sys
import threading
from pathlib import Path
from unittest.mock import patch

import pytest

from accounts.services import learner_for_user
from puzzles import daily
from puzzles.models import DailyPuzzle, DailySolve, Puzzle, PuzzleReport
from tests.helpers import SharedDatabase, answer, frozen_clock, make_puzzle, retry, solve, text

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2025, 3, 10)


@pytest.fixture
def clock():
    with frozen_clock() as clock:
        yield clock


def settled(slug, **fields):
    """Well rated and played enough: what the rule prefers."""
    values = {"plays": daily.MIN_PLAYS, "rating_deviation": daily.SETTLED_DEVIATION, **fields}
    return make_puzzle(slug, **values)


def chosen(date, game="go") -> str:
    return daily.choose(game, date).puzzle.slug


# --- the choice rule ------------------------------------------------------------------------


def test_a_settled_and_played_puzzle_is_preferred(db):
    make_puzzle("new")
    make_puzzle("unsettled", plays=50, rating_deviation=180)
    make_puzzle("rarely-played", plays=daily.MIN_PLAYS - 1, rating_deviation=60)
    settled("good")
    assert chosen(DAY) == "good"


def test_never_twice_while_fresh_ones_exist(db):
    slugs = {settled(f"s{number}").slug for number in range(8)}
    days = [DAY + datetime.timedelta(days=n) for n in range(8)]
    assert sorted(chosen(day) for day in days) == sorted(slugs)
    # Then the unsettled ones, before any repeat.
    make_puzzle("late")
    assert chosen(DAY + datetime.timedelta(days=8)) == "late"


def test_the_pick_is_spread_over_the_candidates(db):
    for number in range(20):
        settled(f"s{number:02}")
    # Each day picks afresh among what is left: not simply the oldest first.
    picks = [chosen(DAY + datetime.timedelta(days=n)) for n in range(5)]
    assert picks != sorted(picks)


def test_a_puzzle_with_an_open_report_is_skipped(db):
    reported = settled("reported")
    PuzzleReport.objects.create(puzzle=reported, reason="right-refused")
    make_puzzle("plain")
    assert chosen(DAY) == "plain"
    PuzzleReport.objects.update(resolved=True)
    assert chosen(DAY + datetime.timedelta(days=1)) == "reported"


def test_with_nothing_settled_any_fresh_puzzle_will_do(db):
    make_puzzle("a")
    make_puzzle("b", rating_deviation=90)  # settled, but played too little
    first = chosen(DAY)
    second = chosen(DAY + datetime.timedelta(days=1))
    assert {first, second} == {"a", "b"}


def test_when_all_had_their_day_the_longest_ago_comes_back(db):
    dates = {"a": "2025-01-05", "b": "2025-01-02", "c": "2025-01-09"}
    for slug, date in dates.items():
        puzzle = settled(slug)
        DailyPuzzle.objects.create(game="go", puzzle=puzzle, date=date)
    DailyPuzzle.objects.create(game="go", puzzle=Puzzle.objects.get(slug="c"), date="2024-12-01")
    assert chosen(DAY) == "b"  # c was daily long ago, but again since
    assert chosen(DAY + datetime.timedelta(days=1)) == "a"


def test_only_library_puzzles_of_the_game(db):
    settled("exercise", is_public=False)
    settled("renju-one", game="renju")
    assert daily.choose("go", DAY) is None
    assert chosen(DAY, game="renju") == "renju-one"


def test_a_teachers_published_puzzle_is_never_the_daily_puzzle(db):
    from tests.conftest import make_user

    settled("by-a-teacher", author=make_user("teacher", teacher=True))
    assert daily.choose("go", DAY) is None
    settled("editors")
    assert chosen(DAY) == "editors"


def test_chosen_once_and_kept_even_when_the_puzzles_change(db):
    first = settled("first")
    assert chosen(DAY) == "first"
    PuzzleReport.objects.create(puzzle=first, reason="unclear")
    settled("better")
    assert chosen(DAY) == "first"
    assert DailyPuzzle.objects.count() == 1


# --- the pages ------------------------------------------------------------------------------


@pytest.fixture
def library(db):
    return [settled(f"s{number}") for number in range(5)]


def todays_slug(clock) -> str:
    return DailyPuzzle.objects.get(game="go", date=clock.today()).puzzle.slug


def test_the_daily_page_serves_todays_puzzle_and_judges_answers(make_client, library, clock):
    client = make_client()
    page = client.get("/daily/go/")
    assert page.status_code == 200
    slug = todays_slug(clock)
    assert "Today's puzzle" in text(page) and f"Puzzle {slug}." in text(page)
    assert 'action="/daily/go/2025-03-10/#play"' in page.content.decode()
    verdict = text(solve(client, slug, url="/daily/go/2025-03-10/"))
    assert "Correct!" in verdict and "Your rating: " in verdict
    assert DailySolve.objects.filter(date=DAY, game="go").count() == 1


def test_the_same_puzzle_for_every_visitor(make_client, learner_user, library, clock):
    anonymous = text(make_client().get("/daily/go/"))
    member = text(make_client(learner_user).get("/daily/go/"))
    slug = todays_slug(clock)
    assert f"Puzzle {slug}." in anonymous and f"Puzzle {slug}." in member
    assert DailyPuzzle.objects.count() == 1


def test_another_day_is_shown_only_if_it_had_a_puzzle(make_client, library, clock):
    client = make_client()
    client.get("/daily/go/")
    clock.advance(days=2)
    assert client.get("/daily/go/2025-03-10/").status_code == 200
    assert "Today's puzzle" not in text(client.get("/daily/go/2025-03-10/"))
    # A past day nobody asked for is not chosen after the fact.
    assert client.get("/daily/go/2025-03-11/").status_code == 404
    assert client.get("/daily/go/2025-03-13/").status_code == 404  # the future
    assert not DailyPuzzle.objects.filter(date__in=["2025-03-11", "2025-03-13"]).exists()
    assert client.get("/daily/go/2025-03-12/").status_code == 200  # today, by date


@pytest.mark.parametrize("day", ["2025-13-01", "yesterday", "2025-3-1x", "0000-01-01"])
def test_a_bad_date_is_404(make_client, library, clock, day):
    assert make_client().get(f"/daily/go/{day}/").status_code == 404


def test_no_daily_puzzle_without_a_library(make_client, library, clock):
    assert make_client().get("/daily/renju/").status_code == 404
    assert make_client().get("/daily/chess/").status_code == 404


# --- unique under a race --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_threads_choosing_at_once_store_one(library, tmp_path):
    """Both threads have picked (different puzzles) before either stores its pick."""
    shared = SharedDatabase(tmp_path)
    offers = [library[0].slug, library[1].slug]
    together = threading.Barrier(2, timeout=20)
    real_pick = daily._pick

    def racing_pick(game, date):
        real_pick(game, date)
        turn = together.wait()  # 0 in one thread, 1 in the other
        return Puzzle.objects.get(slug=offers[turn])

    with patch.object(daily, "_pick", racing_pick):
        results, errors = shared.run_at_once(lambda: daily.choose("go", DAY).puzzle.slug)
    assert errors == []
    assert len(results) == 2 and results[0] == results[1] in offers
    assert shared.dailies() == [(DAY.isoformat(), results[0])]


# Each process: set up Django, pick by the real rule, wait at a rendezvous of
# files until the other process has picked too; then, so that a lost race would
# show, one offers the first library puzzle and the other the second.
CHILD = """
import sys, time
from pathlib import Path
import django
django.setup()
from puzzles import daily
from puzzles.models import Puzzle

meeting, name, offer = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
real_pick = daily._pick

def racing_pick(game, date):
    real_pick(game, date)
    (meeting / name).touch()
    deadline = time.monotonic() + 30
    while len(list(meeting.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    return Puzzle.objects.get(slug=offer)

daily._pick = racing_pick
chosen = daily.daily_puzzle("go")
print(chosen.date.isoformat(), chosen.puzzle.slug)
"""


@pytest.mark.django_db(transaction=True)
def test_two_processes_choosing_at_once_store_one(library, tmp_path):
    shared = SharedDatabase(tmp_path)
    meeting = tmp_path / "meeting"
    meeting.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": shared.url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_CONN_MAX_AGE": "0",
    }
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(meeting), name, puzzle.slug],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, puzzle in (("one", library[0]), ("two", library[1]))
    ]
    outputs = [child.communicate(timeout=60) for child in children]
    for child, (_, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
    reported = {out.strip() for out, _ in outputs}
    assert len(reported) == 1, outputs  # both processes report the same day and puzzle
    date, slug = reported.pop().split()
    assert slug in (library[0].slug, library[1].slug)
    assert shared.dailies() == [(date, slug)], outputs


# --- streaks --------------------------------------------------------------------------------


@pytest.fixture
def learner(learner_user):
    return learner_for_user(learner_user)


def solve_daily(client, clock, game="go"):
    """Open the game's daily puzzle and solve it (every test puzzle here: c2)."""
    page = client.get(f"/daily/{game}/")
    assert page.status_code == 200
    date = clock.today().isoformat()
    slug = DailyPuzzle.objects.get(game=game, date=date).puzzle.slug
    url = f"/daily/{game}/{date}/"
    retry(client, slug, url=url)  # a replay, if this puzzle was solved before
    return solve(client, slug, url=url)


@pytest.fixture
def member(make_client, learner_user, library):
    return make_client(learner_user)


def test_solving_the_daily_puzzle_counts_the_day_and_another_does_not(
    member, learner, library, clock
):
    member.get("/daily/go/")
    other = next(puzzle for puzzle in library if puzzle.slug != todays_slug(clock))
    solve(member, other.slug)
    assert daily.streak(learner) == (0, 0)
    failed = answer(member, f"/daily/go/{clock.today()}/", "a1")
    assert "Not this one." in text(failed)
    assert daily.streak(learner) == (0, 0)  # a failure is no solve
    retry(member, todays_slug(clock), url=f"/daily/go/{clock.today()}/")
    solve(member, todays_slug(clock), url=f"/daily/go/{clock.today()}/")
    assert daily.streak(learner) == (1, 1)


def test_yesterdays_puzzle_solved_today_counts_for_neither_day(member, learner, clock):
    member.get("/daily/go/")
    yesterday = clock.today()
    slug = todays_slug(clock)
    clock.advance(days=1)
    solve(member, slug, url=f"/daily/go/{yesterday}/")
    assert not DailySolve.objects.exists()
    assert daily.streak(learner) == (0, 0)


def test_days_in_a_row_a_missed_day_and_the_best(member, learner, clock):
    for _ in range(3):  # 10, 11, 12 March
        solve_daily(member, clock)
        clock.advance(days=1)
    assert daily.streak(learner) == (3, 3)  # the 13th, not solved yet: it still stands
    clock.advance(days=1)  # the 14th: the 13th was missed
    assert daily.streak(learner) == (0, 3)
    solve_daily(member, clock)
    assert daily.streak(learner) == (1, 3)
    assert daily.streak(learner, on=DAY + datetime.timedelta(days=2)) == (3, 3)


def test_midnight_in_shanghai_starts_a_new_day(member, learner, clock):
    clock.set("2025-03-10 23:59")  # 15:59 UTC
    solve_daily(member, clock)
    clock.set("2025-03-11 00:01")  # 16:01 UTC, the same UTC date
    solve_daily(member, clock)
    assert sorted(str(s.date) for s in DailySolve.objects.all()) == ["2025-03-10", "2025-03-11"]
    assert daily.streak(learner) == (2, 2)


def test_one_shanghai_day_on_two_utc_dates_is_one_day(member, learner, clock):
    settled("renju-one", game="renju")
    clock.set("2025-03-11 07:00")  # 2025-03-10 23:00 UTC
    solve_daily(member, clock)
    clock.set("2025-03-11 09:00")  # 2025-03-11 01:00 UTC
    solve_daily(member, clock, game="renju")
    solve_daily(member, clock)  # and the Go one again
    assert set(DailySolve.objects.values_list("date", flat=True)) == {datetime.date(2025, 3, 11)}
    assert daily.streak(learner) == (1, 1)


def test_an_anonymous_visitor_has_a_streak_too(make_client, library, clock):
    visitor = make_client()
    solve_daily(visitor, clock)
    learner = DailySolve.objects.get().learner
    assert daily.streak(learner) == (1, 1)
    assert daily.streak(None) == (0, 0)
