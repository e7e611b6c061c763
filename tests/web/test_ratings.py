"""Puzzle ratings: Glicko-2 checked against the paper, then as a learner meets it on the site.

A learner's first try at a library puzzle is a rated game between the two;
replays, hinted tries, reviews and lesson exercises change nothing.
"""

import datetime
import math
import re
from unittest.mock import patch

import pytest

from accounts.services import learner_for_user
from puzzles import glicko2
from puzzles.models import START_RATING, Attempt, LearnerRating, Puzzle, RatingPoint, ReviewItem
from tests.conftest import make_user
from tests.helpers import (
    LADDER,
    SharedDatabase,
    answer,
    fail,
    frozen_clock,
    go_rating,
    log_in,
    make_puzzle,
    retry,
    snapshot,
    solve,
    text,
)

# test.pick puzzles (tests/kinds.py, a Go kind): c2 is right, any other point wrong.
TWO_MOVES = {
    "size": 5,
    "stones": {"c3": "white"},
    "line": [{"accept": ["c2"], "reply": "d3"}, {"accept": ["d4"]}],
}


@pytest.fixture
def clock():
    with frozen_clock() as clock:
        yield clock


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


# --- Glicko-2 against Glickman's "Example of the Glicko-2 system" ------------------------------


def test_the_papers_worked_example():
    player = glicko2.Rating(1500, 200, 0.06)
    games = [
        (glicko2.Rating(1400, 30), 1.0),
        (glicko2.Rating(1550, 100), 0.0),
        (glicko2.Rating(1700, 300), 0.0),
    ]
    new = glicko2.rate(player, games, tau=0.5)
    assert (new.rating - 1500) / 173.7178 == pytest.approx(-0.2069, abs=0.00005)
    assert new.deviation / 173.7178 == pytest.approx(0.8722, abs=0.00005)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)  # the paper cuts 0.059996
    # The paper rounds μ' before converting (1464.06); unrounded it is 1464.05.
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)


def test_a_newcomer_beating_a_new_puzzle_matches_the_formulas_by_hand():
    # Both 1500/350: μ = μ_j = 0, so E = 1/2 exactly, v = 4/g², and the sum of
    # step 4 is g/2. The volatility barely moves (σ' = 0.06 to 1e-6), so step 6
    # and 7 give φ' = 1/√(1/(φ² + σ²) + g²/4) and μ' = φ'² g/2.
    phi = 350 / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)
    phi_new = 1 / math.sqrt(1 / (phi * phi + 0.06**2) + g * g / 4)
    mu_new = phi_new**2 * g / 2
    new = glicko2.rate(glicko2.Rating(), [(glicko2.Rating(), 1.0)])
    assert new.rating == pytest.approx(1500 + 173.7178 * mu_new, abs=0.01)
    assert new.deviation == pytest.approx(173.7178 * phi_new, abs=0.01)
    assert (round(new.rating, 1), round(new.deviation, 1)) == (1662.3, 290.3)
    assert new.volatility == pytest.approx(0.06, abs=1e-6)
    loss = glicko2.rate(glicko2.Rating(), [(glicko2.Rating(), 0.0)])
    assert loss.rating == pytest.approx(3000 - new.rating)  # symmetric


def reference_rate(player, games, tau=0.5):
    """A second Glicko-2, written from the paper's formulas, with step 5 by bisection.

    The site's uses the paper's Illinois iteration; both must find the same root.
    """
    scale = 173.7178
    mu, phi, sigma = (player[0] - 1500) / scale, player[1] / scale, player[2]

    def g(phi_j):
        return 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)

    def e(mu_j, phi_j):
        return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))

    scaled = [((r - 1500) / scale, rd / scale, s) for r, rd, s in games]
    v = 1 / sum(g(p) ** 2 * e(m, p) * (1 - e(m, p)) for m, p, _ in scaled)
    total = sum(g(p) * (s - e(m, p)) for m, p, s in scaled)
    delta = v * total
    a = math.log(sigma**2)

    def f(x):
        return (
            math.exp(x)
            * (delta**2 - phi**2 - v - math.exp(x))
            / (2 * (phi**2 + v + math.exp(x)) ** 2)
            - (x - a) / tau**2
        )

    low, high = a - 40, a + 40  # f(low) > 0 > f(high)
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if f(middle) > 0 else (low, middle)
    sigma_new = math.exp(low / 2)
    phi_new = 1 / math.sqrt(1 / (phi**2 + sigma_new**2) + 1 / v)
    mu_new = mu + phi_new**2 * total
    return 1500 + scale * mu_new, scale * phi_new, sigma_new


@pytest.mark.parametrize(
    ("player", "games"),
    [
        ((1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]),
        ((1500, 350, 0.06), [(1500, 350, 1)]),
        # Far from 1500 (μ ≠ 0), where a μ-for-φ slip in step 5 would show.
        ((1900, 80, 0.06), [(1300, 60, 0)]),
        ((2400, 50, 0.06), [(900, 300, 0)]),
        ((1100, 150, 0.09), [(1800, 60, 1)]),
        ((1234, 300, 0.06), [(1200, 100, 0.5), (1250, 80, 1), (1300, 60, 1)]),
    ],
)
def test_agrees_with_an_independent_implementation(player, games):
    new = glicko2.rate(glicko2.Rating(*player), [(glicko2.Rating(r, rd), s) for r, rd, s in games])
    rating, deviation, volatility = reference_rate(player, games)
    assert new.rating == pytest.approx(rating, abs=1e-6)
    assert new.deviation == pytest.approx(deviation, abs=1e-6)
    assert new.volatility == pytest.approx(volatility, abs=1e-8)


def test_a_huge_upset_keeps_the_volatility_root_nearest_the_old_one():
    """A 700 beating a 2100: the paper's step-5 function has three roots here.

    The paper's bracket and iteration settle on the one beside ln σ², so the
    volatility moves a little instead of jumping to a far root.
    """
    new = glicko2.rate(glicko2.Rating(700, 120, 0.09), [(glicko2.Rating(2100, 45), 1.0)])
    assert new.volatility == pytest.approx(0.09, abs=0.0005)
    assert 700 < new.rating < 1000


def test_no_games_only_widens_the_deviation():
    new = glicko2.rate(glicko2.Rating(1500, 200, 0.06), [])
    assert new.rating == 1500
    assert new.deviation == pytest.approx(173.7178 * math.sqrt((200 / 173.7178) ** 2 + 0.0036))


def test_expected_score():
    assert glicko2.expected_score(glicko2.Rating(1500), glicko2.Rating(1500)) == 0.5
    strong, weak = glicko2.Rating(1900, 50), glicko2.Rating(1500, 50)
    assert glicko2.expected_score(strong, weak) == pytest.approx(
        1 - glicko2.expected_score(weak, strong)
    )
    assert glicko2.expected_score(strong, weak) > 0.9


# --- rated games on the site ----------------------------------------------------------------

NEWCOMER = glicko2.Rating(START_RATING)  # 1000/350/0.06: where every learner starts


def test_a_first_solve_is_a_rated_win_shown_on_the_page(client, learner_user):
    # The learner and the puzzle start level (1000/350): the hand-worked case, shifted.
    puzzle = make_puzzle("p", rating=START_RATING)
    page = text(solve(client, "p"))
    expected = glicko2.rate(NEWCOMER, [(glicko2.Rating(START_RATING, 350, 0.06), 1.0)])
    rating = go_rating(learner_user)
    assert rating.rating == pytest.approx(expected.rating)  # 1162.3
    assert rating.deviation == pytest.approx(expected.deviation)
    assert rating.games == 1 and rating.is_provisional
    # Shown provisional, moved as far as the deviation settled (350 to 290 of 240): +40.
    assert "Your rating: ≈1040? (provisional" in page and "+162" not in page
    attempt = Attempt.objects.get(puzzle=puzzle)
    assert (attempt.rating_before, round(attempt.rating_after, 2)) == (1000, 1162.31)
    puzzle.refresh_from_db()
    assert puzzle.plays == 1
    # A provisional learner does not move the puzzle.
    assert (puzzle.rating, puzzle.rating_deviation) == (1000, 350)


def test_a_first_failure_is_a_rated_loss(client, learner_user):
    make_puzzle("p", rating=START_RATING)
    page = text(fail(client, "p"))
    assert go_rating(learner_user).rating == pytest.approx(837.69, abs=0.01)
    assert "Your rating: ≈960? (provisional" in page and "-162" not in page


def shown_number(page: str) -> int:
    """The number of the verdict's "Your rating: …" line."""
    found = re.search(r"(?:Your rating: |你的等级分：)(?:≈|约 )?(\d+)", page)
    assert found, page
    return int(found.group(1))


@pytest.mark.parametrize("puzzle_rating", [450, 700, START_RATING, 1400])
def test_a_newcomer_missing_a_first_puzzle_sees_a_provisional_rating_and_no_big_drop(
    learner_user, puzzle_rating
):
    from django.test import Client

    make_puzzle("p", rating=puzzle_rating)
    chinese = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    chinese.force_login(learner_user)
    response = answer(chinese, "/puzzles/p/", "a1")
    page = text(response)
    # Underneath, Glicko-2 moves as it always did: a miss at 450 costs some 360.
    if puzzle_rating <= START_RATING:
        assert go_rating(learner_user).rating < START_RATING - 100
    assert re.search(r"你的等级分：约 \d+\?", page)
    assert not re.search(r"[（(][+-]\d+[）)]", page)  # no change while provisional
    assert START_RATING - 100 < shown_number(page) <= START_RATING


def test_the_question_mark_goes_away_once_the_rating_settles(client, learner_user):
    """Twenty-odd rated puzzles, alternately solved and missed, near the learner's level:
    the shown number never jumps by 100, then it is plain and changes are shown."""
    shown = [int(START_RATING)]
    for n in range(1, 41):
        rating = go_rating(learner_user)
        make_puzzle(f"p{n}", rating=rating.rating if rating else START_RATING)
        page = text((solve if n % 2 else fail)(client, f"p{n}"))
        shown.append(shown_number(page))
        if not go_rating(learner_user).is_provisional:
            break
        assert "Your rating: ≈" in page and "provisional" in page
        assert not re.search(r"\([+-]\d+\)", page)
    else:
        pytest.fail("still provisional after 40 rated puzzles")
    assert 15 <= n <= 30, n
    # Settled: a plain number and its change, counted from the number shown before.
    change = re.search(r"Your rating: (\d+) \(([+-]\d+)\)", page)
    assert change and "≈" not in page
    assert int(change.group(2)) == shown[-1] - shown[-2]
    assert max(abs(b - a) for a, b in zip(shown, shown[1:], strict=False)) < 100
    game_page = text(client.get("/learn/go/"))
    assert f"Your rating: {round(go_rating(learner_user).rating)}" in game_page
    assert "≈" not in game_page


def test_a_harder_puzzle_pays_more(client, learner_user):
    make_puzzle("hard", rating=1900)
    make_puzzle("easy", rating=1100)
    solve(client, "hard")
    gain_hard = Attempt.objects.get(puzzle__slug="hard").rating_change
    other = make_user("other")
    from django.test import Client

    other_client = Client(HTTP_ACCEPT_LANGUAGE="en")
    other_client.force_login(other)
    solve(other_client, "easy")
    gain_easy = Attempt.objects.get(puzzle__slug="easy").rating_change
    assert gain_hard > gain_easy > 0


def test_a_replay_changes_nothing(client, learner_user):
    solved, failed = make_puzzle("p"), make_puzzle("q")
    solve(client, "p")
    fail(client, "q")
    before = snapshot(learner_user, solved), snapshot(learner_user, failed)
    assert Attempt.objects.filter(rating_after__isnull=False).count() == 2
    retry(client, "p")
    page = text(solve(client, "p"))
    assert "Not rated" in page and "Your rating" not in page
    retry(client, "q")
    solve(client, "q")
    retry(client, "p")
    fail(client, "p")
    assert (snapshot(learner_user, solved), snapshot(learner_user, failed)) == before
    assert Attempt.objects.filter(rating_after__isnull=False).count() == 2


def test_a_hinted_first_attempt_changes_nothing(client, learner_user):
    ladder = make_puzzle("ladder", kind="go.capture", data={"sgf": LADDER})
    hinted = client.post("/puzzles/ladder/", {"action": "hint"})
    assert "Hint:" in text(hinted)
    answer(client, "/puzzles/ladder/", "C2", ply=0)
    page = text(answer(client, "/puzzles/ladder/", "C1", ply=2))
    assert "Correct!" in page and "Not rated" in page
    assert snapshot(learner_user, ladder) == (None, 1500, 350, 0)
    # The try was the first one: a later clean solve is a replay, unrated too.
    retry(client, "ladder")
    answer(client, "/puzzles/ladder/", "C2", ply=0)
    answer(client, "/puzzles/ladder/", "C1", ply=2)
    assert snapshot(learner_user, ladder) == (None, 1500, 350, 0)


def test_a_review_attempt_changes_nothing(client, learner_user, clock):
    puzzle = make_puzzle("p")
    fail(client, "p")
    after_loss = snapshot(learner_user, puzzle)
    clock.advance(days=1)
    page = text(solve(client, "p", url="/review/p/"))
    assert "Not rated" in page
    assert snapshot(learner_user, puzzle) == after_loss
    assert go_rating(learner_user).games == 1


def test_the_review_address_is_no_way_round_a_rated_first_try(client, learner_user):
    # A puzzle not in the queue, answered at its review address, is played as usual.
    untried = make_puzzle("untried", rating=START_RATING)
    page = text(solve(client, "untried", url="/review/untried/"))
    assert "Your rating: ≈1040?" in page
    assert Attempt.objects.get(puzzle=untried).mode == Attempt.Mode.PLAY
    assert go_rating(learner_user).games == 1


def test_a_lesson_exercise_changes_nothing(client, learner_user, content):
    exercise = Puzzle.objects.get(is_public=False)
    response = client.post("/learn/go/first-steps/2/", {"move": "c2", "ply": "0"})
    assert "Correct!" in text(response)
    assert Attempt.objects.get(puzzle=exercise).status == Attempt.Status.SOLVED
    assert snapshot(learner_user, exercise) == (None, 1500, 350, 0)
    assert not ReviewItem.objects.exists()


def established(user, **fields) -> LearnerRating:
    values = {"rating": 1500.0, "deviation": 80.0, "games": 40, **fields}
    return LearnerRating.objects.create(learner=learner_for_user(user), game="go", **values)


def test_an_established_learner_moves_the_puzzle(client, learner_user):
    learner = established(learner_user)
    puzzle = make_puzzle("p", rating=1500)
    fail(client, "p")
    puzzle.refresh_from_db()
    expected = glicko2.rate(glicko2.Rating(1500, 350), [(glicko2.Rating(1500, 80), 1.0)])
    # The learner failed: the puzzle won, so it is harder than it was thought.
    assert puzzle.rating == pytest.approx(expected.rating) and puzzle.rating > 1500
    assert puzzle.rating_deviation == pytest.approx(expected.deviation)
    assert puzzle.rating_deviation < 350
    assert puzzle.plays == 1
    learner.refresh_from_db()
    assert learner.rating < 1500 and learner.games == 41

    solved = make_puzzle("s", rating=1500)
    solve(client, "s")
    solved.refresh_from_db()
    assert solved.rating < 1500 and solved.plays == 1


def test_a_provisional_learner_does_not_move_the_puzzle(client, learner_user):
    established(learner_user, deviation=110.0)  # the threshold is still provisional
    puzzle = make_puzzle("p", rating=1500)
    fail(client, "p")
    puzzle.refresh_from_db()
    assert (puzzle.rating, puzzle.rating_deviation, puzzle.plays) == (1500, 350, 1)
    assert go_rating(learner_user).rating < 1500


def test_giving_up_a_first_attempt_with_try_again_is_a_rated_loss(client, learner_user):
    puzzle = make_puzzle("two", data=TWO_MOVES, rating=START_RATING)
    assert "Keep going" in text(answer(client, "/puzzles/two/", "c2", ply=0))
    retry(client, "two")
    given_up = Attempt.objects.get(puzzle=puzzle, is_first=True)
    assert given_up.status == Attempt.Status.FAILED
    assert given_up.rating_change == pytest.approx(-162.31, abs=0.01)
    assert go_rating(learner_user).games == 1
    assert ReviewItem.objects.filter(puzzle=puzzle, step=0).exists()
    # The fresh attempt is a replay: solving it changes nothing more.
    before = snapshot(learner_user, puzzle)
    answer(client, "/puzzles/two/", "c2", ply=0)
    assert "Correct!" in text(answer(client, "/puzzles/two/", "d4", ply=2))
    assert snapshot(learner_user, puzzle) == before


def test_try_again_on_a_finished_attempt_is_no_second_loss(client, learner_user):
    puzzle = make_puzzle("p")
    solve(client, "p")
    before = snapshot(learner_user, puzzle)
    retry(client, "p")
    retry(client, "p")  # abandons the untouched replay: unrated
    assert snapshot(learner_user, puzzle) == before


def test_one_rating_point_per_site_day(client, learner_user, clock):
    for slug in "abcde":
        make_puzzle(slug)
    clock.set("2025-03-10 09:00")
    solve(client, "a")
    clock.set("2025-03-10 23:59")
    fail(client, "b")
    points = list(RatingPoint.objects.filter(learner__user=learner_user))
    assert [point.date for point in points] == [datetime.date(2025, 3, 10)]
    assert points[0].rating == pytest.approx(go_rating(learner_user).rating)  # the day's last
    # 00:01 in Shanghai is still 2025-03-10 in UTC: a new site day all the same.
    clock.set("2025-03-11 00:01")
    solve(client, "c")
    clock.set("2025-03-13 08:00")
    solve(client, "d")
    dates = list(
        RatingPoint.objects.filter(learner__user=learner_user).values_list("date", flat=True)
    )
    assert [str(day) for day in dates] == ["2025-03-10", "2025-03-11", "2025-03-13"]
    assert RatingPoint.objects.order_by("date").last().rating == go_rating(learner_user).rating


# --- merging an anonymous visitor's rating into the account ---------------------------------


def test_on_log_in_the_account_keeps_its_rating_with_more_games(make_client, learner_user):
    established(learner_user, rating=1700.0, games=5)
    account = learner_for_user(learner_user)
    RatingPoint.objects.create(
        learner=account, game="go", date=datetime.date(2025, 1, 1), rating=1700, deviation=80
    )
    make_puzzle("a")
    make_puzzle("b")
    visitor = make_client()
    solve(visitor, "a")
    solve(visitor, "b")  # two games on the visitor's side: fewer than five
    log_in(visitor, "learner")
    rating = go_rating(learner_user)
    assert (rating.rating, rating.games) == (1700.0, 5)
    assert LearnerRating.objects.count() == 1
    # The visitor's day fills in the history where the account had none.
    assert RatingPoint.objects.filter(learner=account).count() == 2


def test_on_log_in_the_visitors_rating_with_more_games_wins(make_client, learner_user, clock):
    established(learner_user, rating=1300.0, deviation=300.0, games=1)
    account = learner_for_user(learner_user)
    RatingPoint.objects.create(
        learner=account, game="go", date=clock.today(), rating=1300, deviation=300
    )
    for slug in "abc":
        make_puzzle(slug)
    visitor = make_client()
    for slug in "abc":
        solve(visitor, slug)
    visitor_rating = LearnerRating.objects.get(learner__user__isnull=True)
    log_in(visitor, "learner")
    rating = go_rating(learner_user)
    assert rating.pk == visitor_rating.pk and rating.games == 3
    assert rating.rating == pytest.approx(visitor_rating.rating) and rating.rating > 1600
    point = RatingPoint.objects.get(learner=account)  # one a day: the kept rating's
    assert point.rating == pytest.approx(rating.rating)


@pytest.mark.django_db(transaction=True)
def test_two_first_answers_sent_at_once_make_one_rated_game(tmp_path):
    """A double click: both answers race to start the learner's first attempt."""
    import threading

    from accounts.models import Learner
    from puzzles import services

    puzzle = make_puzzle("p", rating=START_RATING)
    learner = Learner.objects.create()
    shared = SharedDatabase(tmp_path)
    together = threading.Barrier(2, timeout=20)
    real_get_kind = services.get_kind
    waited = threading.local()

    def kind_once_both_arrive(name):
        if not getattr(waited, "done", False):  # the first look-up, before the transaction
            waited.done = True
            together.wait()  # then both go on into their transactions at once
        return real_get_kind(name)

    with patch.object(services, "get_kind", kind_once_both_arrive):
        _, errors = shared.run_at_once(
            lambda: services.submit_answer(learner, puzzle, {"move": "c2"}, ply=0)
        )
    assert errors == [] or all("StaleAnswer" in error for error in errors)
    rows = shared.rows("SELECT is_first, rating_after IS NOT NULL FROM puzzles_attempt ORDER BY id")
    assert [tuple(bool(value) for value in row) for row in rows][:1] == [(True, True)]
    assert sum(1 for first, _ in rows if first) == 1
    assert sum(1 for _, rated in rows if rated) == 1
