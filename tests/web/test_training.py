"""Puzzle training: "next puzzle" aims near the learner's rating, never repeats a solve."""

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Learner
from accounts.services import learner_for_user
from puzzles import training
from puzzles.models import START_RATING, Attempt, LearnerRating, Puzzle, Theme
from tests.helpers import make_puzzle, solve, text

RATINGS = range(600, 2401, 100)  # 19 puzzles, one every hundred points
INDEX = "puzzles_puz_game_49514c_idx"  # on (game, is_public, rating)


@pytest.fixture(autouse=True)
def newcomers_start_at_1500(request, monkeypatch):
    """The library below is laid out round 1500: put a new learner's start there.

    A test marked ``real_start`` keeps the site's own START_RATING.
    """
    if "real_start" not in request.keywords:
        monkeypatch.setattr(LearnerRating._meta.get_field("rating"), "default", 1500.0)


@pytest.fixture
def library(db):
    """Go puzzles r600 ... r2400; the theme "atari" on r900, r1000, r1550 and r2200."""
    puzzles = {rating: make_puzzle(f"r{rating}", rating=rating) for rating in RATINGS}
    atari = Theme.objects.create(slug="atari", name_zh="叫吃", name_en="Atari")
    for rating in (900, 1000, 2200):
        puzzles[rating].themes.add(atari)
    puzzles[1550] = make_puzzle("r1550", rating=1550)
    puzzles[1550].themes.add(atari)
    # Not in the library, or another game: never picked for Go training.
    make_puzzle("exercise", rating=1500, is_public=False)
    make_puzzle("renju", rating=1500, game="renju")
    return puzzles


@pytest.fixture
def learner(db, learner_user):
    return learner_for_user(learner_user)


def picks(learner, tries=40, **options) -> set[int]:
    """The ratings of the puzzles picked over many draws."""
    return {
        training.pick_next(learner, "go", rng=random.Random(seed), **options).rating
        for seed in range(tries)
    }


def mark(learner, ratings, status):
    for rating in ratings:
        Attempt.objects.create(
            learner=learner,
            puzzle=Puzzle.objects.get(slug=f"r{rating}"),
            is_first=True,
            status=status,
        )


@pytest.mark.parametrize(
    ("difficulty", "nearest"),
    [
        ("easier", {1200, 1100, 1300}),
        ("normal", {1500, 1550, 1400}),
        ("harder", {1800, 1700, 1900}),
    ],
)
def test_the_pick_is_among_the_nearest_to_the_target(library, difficulty, nearest):
    chosen = picks(None, difficulty=difficulty)  # a newcomer: 1500
    assert chosen <= nearest
    assert len(chosen) > 1  # two learners at the same rating do not march in step


@pytest.mark.real_start
def test_a_newcomer_starts_at_the_sites_start_rating(library, learner):
    assert START_RATING == 1000
    assert picks(None) <= {1000, 900, 1100}
    assert picks(learner) <= {1000, 900, 1100}
    assert picks(learner, difficulty="easier") <= {700, 600, 800}


def test_the_target_is_the_learners_own_rating(library, learner):
    LearnerRating.objects.create(learner=learner, game="go", rating=1730, deviation=80)
    assert picks(learner) <= {1700, 1800, 1600}
    assert picks(learner, difficulty="easier") <= {1400, 1500, 1550}
    assert picks(learner, difficulty="harder") <= {2000, 2100, 1900}


def test_far_outside_the_library_the_pick_is_its_edge(library, learner):
    LearnerRating.objects.create(learner=learner, game="go", rating=3200, deviation=80)
    assert picks(learner, difficulty="harder") <= {2400, 2300, 2200}


def test_a_theme_narrows_the_pick(library):
    atari = Theme.objects.get(slug="atari")
    assert picks(None, theme=atari) <= {1550, 1000, 900}
    assert picks(None, theme=atari, difficulty="harder") <= {1550, 2200, 1000}


def test_a_solved_puzzle_never_comes_back_while_others_remain(library, learner):
    mark(learner, [1500, 1550, 1400, 1600, 1300], Attempt.Status.SOLVED)
    assert picks(learner) <= {1700, 1200, 1800}
    rest = [rating for rating in library if rating != 600]
    mark(learner, rest, Attempt.Status.SOLVED)
    assert picks(learner, tries=10) == {600}
    mark(learner, [600], Attempt.Status.SOLVED)
    assert training.pick_next(learner, "go") is None


def test_never_tried_puzzles_come_before_failed_ones(library, learner):
    mark(learner, [1500, 1550, 1400], Attempt.Status.FAILED)
    assert picks(learner) <= {1600, 1300, 1700}
    others = [rating for rating in library if rating not in (1500, 1550, 1400)]
    mark(learner, others, Attempt.Status.SOLVED)
    assert picks(learner) == {1500, 1550, 1400}  # failed, never solved: they come back
    mark(learner, [1550], Attempt.Status.SOLVED)  # solved on a later try
    assert picks(learner) == {1500, 1400}


THEME_INDEX = "puzzle_theme_by_rating"  # on the theme rows: (theme, game, is_public, rating)


def test_two_range_scans_ordered_by_rating_never_random(library, learner):
    mark(learner, [1500], Attempt.Status.SOLVED)
    with CaptureQueriesContext(connection) as captured:
        training.pick_next(learner, "go", theme=Theme.objects.get(slug="atari"))
        training.pick_next(learner, "go")
    statements = [query["sql"] for query in captured.captured_queries]
    assert not any("RANDOM" in sql.upper() or "RAND(" in sql.upper() for sql in statements)
    scans = [sql for sql in statements if "ORDER BY" in sql and "LIMIT" in sql]
    by_table = {
        table: [sql for sql in scans if f'FROM "{table}"' in sql]
        for table in ("puzzles_puzzle_themes", "puzzles_puzzle")
    }
    # Above and below the target, for the theme and for the whole library.
    assert [len(by_table[table]) for table in by_table] == [2, 2]
    for table, sqls in by_table.items():
        for sql in sqls:
            # By the rating column, named or (as values_list writes it) by position.
            assert re.search(rf'ORDER BY (1|"{table}"\."rating") (ASC|DESC) LIMIT', sql), sql
            assert f"LIMIT {training.NEAREST}" in sql
            assert f'"{table}"."rating" >=' in sql or f'"{table}"."rating" <' in sql
    with connection.cursor() as cursor:
        for index, sqls in (
            (THEME_INDEX, by_table["puzzles_puzzle_themes"]),
            (INDEX, by_table["puzzles_puzzle"]),
        ):
            for sql in sqls:
                if connection.vendor == "sqlite":
                    cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
                    plan = " ".join(str(row[-1]) for row in cursor.fetchall())
                    assert re.search(rf"USING (COVERING )?INDEX {index}\b", plan), plan
                    assert "TEMP B-TREE FOR ORDER BY" not in plan, plan  # no sort
                elif connection.vendor == "postgresql":
                    # A test table is small enough to read whole, or to sort after any
                    # index; with both made dear, show the index serves the order.
                    cursor.execute("SET LOCAL enable_seqscan = off")
                    cursor.execute("SET LOCAL enable_sort = off")
                    cursor.execute(f"EXPLAIN {sql}")
                    plan = " ".join(row[0] for row in cursor.fetchall())
                    assert f"Index Scan using {index}" in plan or (
                        f"Index Scan Backward using {index}" in plan
                    ), plan


def test_a_theme_rows_copy_of_the_rating_follows_the_puzzle(library, learner):
    from puzzles.models import PuzzleTheme

    atari = Theme.objects.get(slug="atari")
    puzzle = Puzzle.objects.get(slug="r1000")
    row = PuzzleTheme.objects.get(puzzle=puzzle, theme=atari)
    assert (row.game, row.is_public, row.rating) == ("go", True, 1000)
    puzzle.rating, puzzle.is_public = 1234, False
    puzzle.save()
    row.refresh_from_db()
    assert (row.rating, row.is_public) == (1234, False)
    # Themes added either way round get the copies.
    other = make_puzzle("late", rating=777)
    other.themes.add(atari)
    net = Theme.objects.create(slug="net", name_zh="枷吃", name_en="Net")
    net.puzzles.add(other, puzzle)
    copies = PuzzleTheme.objects.filter(puzzle=other).values_list("game", "is_public", "rating")
    assert set(copies) == {("go", True, 777)}
    assert PuzzleTheme.objects.get(puzzle=puzzle, theme=net).rating == 1234


# --- /puzzles/<game>/next/ ------------------------------------------------------------------


def slug_of(response) -> str:
    assert response.status_code == 302
    return response.url.split("/")[2]


def rating_of(response) -> float:
    return Puzzle.objects.get(slug=slug_of(response)).rating


def test_next_redirects_to_a_puzzle_near_the_learner(make_client, library):
    client = make_client()
    response = client.get("/puzzles/go/next/")
    assert response.url.startswith("/puzzles/r")
    assert rating_of(response) in {1500, 1550, 1400}
    assert client.get(response.url).status_code == 200
    assert not Learner.objects.exists()  # only looking creates nobody


def test_settings_from_the_query_are_kept_for_the_next_request(make_client, library, learner):
    client = make_client(learner.user)
    first = client.get("/puzzles/go/next/", {"difficulty": "harder", "theme": "atari"})
    assert rating_of(first) in {1550, 2200, 1000}
    learner.refresh_from_db()
    assert (learner.puzzle_difficulty, learner.puzzle_theme) == ("harder", "atari")
    for _ in range(5):
        assert rating_of(client.get("/puzzles/go/next/")) in {1550, 2200, 1000}
    client.get("/puzzles/go/next/", {"theme": ""})  # every theme again, still harder
    learner.refresh_from_db()
    assert (learner.puzzle_difficulty, learner.puzzle_theme) == ("harder", "")
    assert rating_of(client.get("/puzzles/go/next/")) in {1800, 1700, 1900}


def test_an_anonymous_visitors_settings_live_in_their_session(make_client, library):
    client = make_client()
    assert rating_of(client.get("/puzzles/go/next/?difficulty=easier")) in {1200, 1100, 1300}
    assert Learner.objects.get().puzzle_difficulty == "easier"
    assert rating_of(client.get("/puzzles/go/next/")) in {1200, 1100, 1300}
    assert rating_of(make_client().get("/puzzles/go/next/")) in {1500, 1550, 1400}


def test_next_skips_what_was_solved_on_the_site(make_client, library, learner):
    client = make_client(learner.user)
    seen = set()
    for _ in range(6):
        target = LearnerRating.objects.filter(learner=learner).first()
        target = target.rating if target else 1500
        response = client.get("/puzzles/go/next/")
        assert slug_of(response) not in seen
        unsolved = Puzzle.objects.filter(game="go", is_public=True).exclude(slug__in=seen)
        nearest = sorted(unsolved, key=lambda p: (abs(p.rating - target), p.pk))[:3]
        assert slug_of(response) in {puzzle.slug for puzzle in nearest}
        seen.add(slug_of(response))
        solve(client, slug_of(response))  # each solve raises the target


@pytest.mark.parametrize(
    "query",
    ["difficulty=extreme", "theme=no-such-theme", "theme=net", "theme=bad slug!", "difficulty=1"],
)
def test_bad_settings_are_refused(make_client, library, learner, query):
    Theme.objects.create(slug="net", name_zh="枷吃", name_en="Net")  # no Go puzzle has it
    client = make_client(learner.user)
    response = client.get(f"/puzzles/go/next/?{query}")
    assert response.status_code == 400
    learner.refresh_from_db()
    assert (learner.puzzle_difficulty, learner.puzzle_theme) == ("normal", "")


def test_an_unknown_game_is_404(make_client, library):
    assert make_client().get("/puzzles/chess/next/").status_code == 404


def test_when_everything_is_solved_the_page_says_so(make_client, library, learner):
    mark(learner, list(library), Attempt.Status.SOLVED)
    response = make_client(learner.user).get("/puzzles/go/next/?theme=atari")
    assert response.status_code == 200
    assert "You have solved every puzzle on the theme “Atari”" in text(response)
    response = make_client(learner.user).get("/puzzles/go/next/?theme=")
    assert "You have solved every puzzle in this game's library" in text(response)


# --- the ladder after lessons ---------------------------------------------------------------


@pytest.fixture
def ladder(library):
    """Beside the library: four easy atari puzzles (r400 ... r550) and two lessons,
    "capture" teaching atari, "board" teaching no theme."""
    from tutorials.models import Lesson

    atari = Theme.objects.get(slug="atari")
    for rating in (400, 450, 500, 550):
        library[rating] = make_puzzle(f"r{rating}", rating=rating)
        library[rating].themes.add(atari)
    capture = Lesson.objects.create(game="go", slug="capture", order=4, title_zh="提子")
    capture.themes.add(atari)
    Lesson.objects.create(game="go", slug="board", order=1, title_zh="棋盘")
    return library


def finish(learner, slug):
    from tutorials.models import Lesson, LessonProgress

    LessonProgress.objects.create(
        learner=learner,
        lesson=Lesson.objects.get(slug=slug),
        steps_done=[1],
        completed_at="2026-12-01T10:00:00Z",
    )


@pytest.mark.real_start
def test_practice_after_a_lesson_climbs_its_themes_easiest_first(ladder, learner):
    # A newcomer (1000, provisional) after the capture lesson: the easiest atari puzzles,
    # not the 1000-rated ones nearest their rating.
    assert picks(learner, lesson="capture") == {400, 450, 500}
    assert picks(None, lesson="capture") == {400, 450, 500}
    mark(learner, [400, 450, 500], Attempt.Status.SOLVED)
    assert picks(learner, lesson="capture") == {550, 900, 1000}
    # Every atari puzzle up to 200 above the target tried: the ladder widens to the
    # whole library, still from the bottom while the rating is provisional.
    mark(learner, [550, 900, 1000], Attempt.Status.FAILED)
    assert picks(learner, lesson="capture") == {600, 700, 800}


@pytest.mark.real_start
def test_finished_lessons_lead_practice_without_being_named(ladder, learner):
    assert picks(learner) <= {1000, 900, 1100}  # no lesson yet: near the rating
    finish(learner, "board")  # a lesson with no theme: the bottom of the library
    assert picks(learner) == {400, 450, 500}
    mark(learner, [400, 450, 500], Attempt.Status.SOLVED)
    assert picks(learner) == {550, 600, 700}
    finish(learner, "capture")
    assert picks(learner) == {550, 900, 1000}  # atari first now


@pytest.mark.real_start
def test_a_chosen_theme_comes_after_the_named_lesson_only(ladder, learner):
    net = Theme.objects.create(slug="net", name_zh="枷吃", name_en="Net")
    for rating in (1100, 1200):
        Puzzle.objects.get(slug=f"r{rating}").themes.add(net)
    finish(learner, "capture")
    assert picks(learner, theme=net) == {1100, 1200}  # the learner's choice stands
    assert picks(learner, theme=net, lesson="capture") == {400, 450, 500}


def test_an_established_learner_skips_what_is_surely_too_easy(ladder, learner):
    LearnerRating.objects.create(learner=learner, game="go", rating=1500, deviation=60)
    finish(learner, "capture")
    # From two deviations below (1380) to 200 above (1700): atari r1550 only.
    assert picks(learner) == {1550}
    mark(learner, [1550], Attempt.Status.SOLVED)
    assert picks(learner) <= {1500, 1400, 1600}  # then near the rating, as always


@pytest.mark.real_start
def test_the_practice_link_at_a_lessons_end(make_client, ladder):
    from tutorials.models import Lesson
    from tutorials.services import practice_url_for

    url = practice_url_for(Lesson.objects.get(slug="capture"))
    assert url == "/puzzles/go/next/?lesson=capture"
    client = make_client()
    assert rating_of(client.get(url)) in {400, 450, 500}
    assert not Learner.objects.exists()  # following it changes no setting
    assert client.get("/puzzles/go/next/?lesson=no-such-lesson").status_code == 400
    assert client.get("/puzzles/renju/next/?lesson=capture").status_code == 400
