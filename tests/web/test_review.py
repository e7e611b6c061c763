"""The review queue: a missed puzzle comes back after 1, 3, 7 and 21 days."""

import datetime

import pytest

from accounts.models import Learner
from accounts.services import learner_for_user
from puzzles import review
from puzzles.models import Attempt, ReviewItem
from tests.helpers import (
    LADDER,
    answer,
    fail,
    frozen_clock,
    log_in,
    make_puzzle,
    snapshot,
    solve,
    text,
)


@pytest.fixture
def clock():
    with frozen_clock() as clock:
        yield clock


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


@pytest.fixture
def learner(learner_user):
    return learner_for_user(learner_user)


def item(slug) -> ReviewItem | None:
    return ReviewItem.objects.filter(puzzle__slug=slug).first()


def schedule(slug) -> tuple[int, str] | None:
    found = item(slug)
    return None if found is None else (found.step, str(found.due))


def review_solve(client, slug):
    return solve(client, slug, url=f"/review/{slug}/")


def test_a_failed_library_puzzle_is_due_tomorrow(client, clock):
    make_puzzle("p")
    fail(client, "p")
    assert schedule("p") == (0, "2025-03-11")


def test_a_solved_puzzle_and_a_lesson_exercise_are_not_queued(client, clock, content):
    make_puzzle("p")
    solve(client, "p")
    page = client.post("/learn/go/first-steps/2/", {"move": "a1", "ply": "0"})
    assert "Not this one." in text(page)
    assert not ReviewItem.objects.exists()


def test_the_schedule_is_1_3_7_and_21_days_then_the_puzzle_leaves(client, clock):
    make_puzzle("p")
    fail(client, "p")  # 10 March
    for wall_time, after in [
        ("2025-03-11 08:00", (1, "2025-03-14")),
        ("2025-03-14 21:00", (2, "2025-03-21")),
        ("2025-03-21 00:05", (3, "2025-04-11")),
    ]:
        clock.set(wall_time)
        review_solve(client, "p")
        assert schedule("p") == after
    clock.set("2025-04-11 23:55")
    review_solve(client, "p")
    assert schedule("p") is None
    assert Attempt.objects.filter(mode=Attempt.Mode.REVIEW, status="solved").count() == 4


def test_a_late_review_counts_from_the_day_it_is_done(client, clock):
    make_puzzle("p")
    fail(client, "p")
    clock.set("2025-03-20 10:00")  # due on the 11th, done nine days late
    review_solve(client, "p")
    assert schedule("p") == (1, "2025-03-23")


@pytest.mark.parametrize("step", [0, 1, 2, 3])
def test_a_failure_at_any_step_starts_over(client, learner, clock, step):
    puzzle = make_puzzle("p")
    Attempt.objects.create(learner=learner, puzzle=puzzle, is_first=True, status="failed")
    ReviewItem.objects.create(learner=learner, puzzle=puzzle, step=step, due="2025-03-10")
    assert "Not this one." in text(fail(client, "p", url="/review/p/"))
    assert schedule("p") == (0, "2025-03-11")


def test_a_failure_outside_review_starts_over_too(client, learner, clock):
    puzzle = make_puzzle("p")
    solve(client, "p")
    ReviewItem.objects.create(learner=learner, puzzle=puzzle, step=2, due="2025-03-15")
    client.post("/puzzles/p/", {"action": "retry"})
    fail(client, "p")
    assert schedule("p") == (0, "2025-03-11")


def test_solving_before_it_is_due_or_outside_review_changes_nothing(client, clock):
    make_puzzle("p")
    fail(client, "p")
    review_solve(client, "p")  # the same day: not due yet
    assert schedule("p") == (0, "2025-03-11")
    clock.advance(days=1)
    client.post("/puzzles/p/", {"action": "retry"})
    solve(client, "p")  # due, but solved as a plain puzzle
    assert schedule("p") == (0, "2025-03-11")
    review_solve(client, "p")
    assert schedule("p") == (1, "2025-03-14")


def test_a_hinted_review_stays_on_its_step_and_comes_back_tomorrow(client, learner, clock):
    ladder = make_puzzle("ladder", kind="go.capture", data={"sgf": LADDER})
    assert "Not this one." in text(answer(client, "/puzzles/ladder/", "B1"))
    ReviewItem.objects.filter(puzzle=ladder).update(step=2, due="2025-03-10")
    assert "Hint:" in text(client.post("/review/ladder/", {"action": "hint"}))
    answer(client, "/review/ladder/", "C2", ply=0)
    assert "Correct!" in text(answer(client, "/review/ladder/", "C1", ply=2))
    assert Attempt.objects.filter(mode="review", hinted=True, status="solved").exists()
    assert schedule("ladder") == (2, "2025-03-11")
    clock.advance(days=1)
    answer(client, "/review/ladder/", "C2", ply=0)
    answer(client, "/review/ladder/", "C1", ply=2)
    assert schedule("ladder") == (3, "2025-04-01")  # remembered this time: 21 days


def test_review_attempts_are_unrated(client, learner_user, clock):
    puzzle = make_puzzle("p")
    fail(client, "p")
    rated = snapshot(learner_user, puzzle)
    for _ in range(2):
        clock.advance(days=5)
        page = text(review_solve(client, "p"))
        assert "Not rated" in page and "Your rating" not in page
    assert snapshot(learner_user, puzzle) == rated


# --- the pages ------------------------------------------------------------------------------


def test_the_queue_lists_what_is_due_across_games(client, clock):
    make_puzzle("go-one")
    make_puzzle("renju-one", game="renju")  # the test kind serves any game's puzzles
    make_puzzle("later")
    make_puzzle("fine")
    fail(client, "renju-one")
    fail(client, "go-one")
    solve(client, "fine")
    assert "Nothing is due for review" in text(client.get("/review/"))
    clock.advance(days=1)
    fail(client, "later")  # due the day after
    page = text(client.get("/review/"))
    assert "Review 2 puzzles" in page
    assert "Puzzle renju-one." in page and "五子棋 Renju" in page
    assert "Puzzle go-one." in page and "围棋 Go" in page
    due, coming = page.split("Coming up")
    assert "Puzzle later." not in due and "Puzzle fine." not in page
    assert "tomorrow · 围棋 Go · Puzzle later." in coming  # not due yet: listed, not linked
    assert page.index("Puzzle renju-one.") < page.index("Puzzle go-one.")  # the older first
    html = client.get("/review/").content.decode()
    assert 'href="/review/renju-one/"' in html
    review_solve(client, "renju-one")
    assert "Review 1 puzzle " in text(client.get("/review/"))
    assert "Correct!" in text(review_solve(client, "go-one"))
    clock.advance(days=1)
    due = text(client.get("/review/")).split("Coming up")[0]
    assert "Puzzle later." in due and "Puzzle go-one." not in due


def test_the_queue_shows_what_is_coming_up_and_when(client, learner, clock):
    for slug in ("a", "b", "c"):
        make_puzzle(slug)
    fail(client, "a")  # due tomorrow
    clock.advance(days=1)
    review_solve(client, "a")  # step 2: due in 3 days
    fail(client, "b")  # due tomorrow
    assert "Nothing is due for review" in text(client.get("/review/"))
    page = text(client.get("/review/")).split("Coming up")[1]
    assert page.index("tomorrow · 围棋 Go · Puzzle b.") < page.index(
        "in 3 days · 围棋 Go · Puzzle a."
    )
    html = client.get("/review/").content.decode()
    assert '<time datetime="2025-03-14">in 3 days</time>' in html
    zh = text(client.get("/review/", headers={"accept-language": "zh-hans"}))
    assert "明天 · 围棋 Go" in zh and "3 天后 · 围棋 Go" in zh
    for n in range(review.UPCOMING + 2):
        make_puzzle(f"more-{n}")
        fail(client, f"more-{n}")
    page = text(client.get("/review/"))
    assert page.count(" · 围棋 Go · ") == review.UPCOMING
    assert "and 4 more later" in page


def test_a_review_item_that_is_due_opens_in_the_review_player(client, clock):
    make_puzzle("p")
    fail(client, "p")
    early = client.get("/review/p/")
    assert early.status_code == 302 and early.url == "/puzzles/p/"
    assert "not due for review" in text(client.get(early.url))
    clock.advance(days=1)
    page = client.get("/review/p/")
    assert page.status_code == 200
    assert 'action="/review/p/#play"' in page.content.decode()


def test_a_visitor_with_nothing_to_review(make_client, db):
    assert "Nothing is due for review" in text(make_client().get("/review/"))
    assert not Learner.objects.exists()


def test_a_puzzle_taken_out_of_the_library_leaves_the_queue(client, learner, clock):
    puzzle = make_puzzle("p")
    fail(client, "p")
    puzzle.is_public = False
    puzzle.save()
    assert review.due_items(learner, today=datetime.date(2025, 3, 12)) == []


def test_merging_keeps_the_lower_step(make_client, learner, clock):
    both, visitor_only, account_only, lower_on_account = (
        make_puzzle(slug) for slug in ("both", "visitor-only", "account-only", "lower")
    )
    ReviewItem.objects.create(learner=learner, puzzle=both, step=2, due="2025-03-15")
    ReviewItem.objects.create(learner=learner, puzzle=account_only, step=3, due="2025-03-30")
    ReviewItem.objects.create(learner=learner, puzzle=lower_on_account, step=1, due="2025-03-12")
    visitor = make_client()
    fail(visitor, "both")
    fail(visitor, "visitor-only")
    anonymous = Learner.objects.get(user__isnull=True)
    ReviewItem.objects.create(learner=anonymous, puzzle=lower_on_account, step=3, due="2025-03-11")
    log_in(visitor, "learner")
    assert not Learner.objects.filter(user__isnull=True).exists()
    kept = {
        each.puzzle.slug: (each.step, str(each.due))
        for each in ReviewItem.objects.filter(learner=learner)
    }
    assert kept == {
        "both": (0, "2025-03-11"),
        "visitor-only": (0, "2025-03-11"),
        "account-only": (3, "2025-03-30"),
        "lower": (1, "2025-03-12"),
    }
    assert ReviewItem.objects.count() == 4
