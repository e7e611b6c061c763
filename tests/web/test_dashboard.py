"""The learner dashboard at /me/: per game lessons, puzzles, rating and its history,
themes, recent attempts, reviews due, and the daily streak — for a visitor and an account.
"""

import datetime
import re
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts import kept
from accounts.models import Learner
from puzzles.charts import ChartPoint, downsample, rating_chart, rating_ticks
from puzzles.dashboard import ThemeScore, strongest_and_weakest
from puzzles.models import (
    Attempt,
    DailyPuzzle,
    DailySolve,
    LearnerRating,
    Puzzle,
    RatingPoint,
    ReviewItem,
    Theme,
    shown_rating,
)

PASSWORD = "a-long-test-password"
SVG = "{http://www.w3.org/2000/svg}"

# A one-move test.pick puzzle: c2 solves it, a1 fails it.
PICK = {"size": 5, "stones": {"c3": "white", "b3": "black"}, "line": [{"accept": ["c2"]}]}


def text(html: str) -> str:
    """The page as a reader sees it: tags dropped, white space collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def section(page: str, game: str) -> str:
    """The HTML of one game's section of the dashboard."""
    match = re.search(
        rf'<section class="game-progress" aria-labelledby="progress-{game}">.*?</section>',
        page,
        flags=re.S,
    )
    assert match, f"no section for {game}"
    return match.group(0)


def dashboard(client) -> str:
    response = client.get("/me/")
    assert response.status_code == 200
    return response.content.decode()


def make_puzzle(slug, *, game="go", themes=(), public=True, rating=1500):
    puzzle = Puzzle.objects.create(
        slug=slug,
        game=game,
        kind="test.pick",
        data=PICK,
        prompt_zh=f"黑先 {slug}",
        prompt_en=f"Black to play: {slug}",
        is_public=public,
        rating=rating,
    )
    for slug_ in themes:
        theme, _ = Theme.objects.get_or_create(
            slug=slug_, defaults={"name_zh": slug_, "name_en": slug_.title()}
        )
        puzzle.themes.add(theme)
    return puzzle


def solve(client, slug):
    page = client.post(f"/puzzles/{slug}/", {"move": "c2", "ply": "0"}).content.decode()
    assert "Correct!" in page


def fail(client, slug):
    page = client.post(f"/puzzles/{slug}/", {"move": "a1", "ply": "0"}).content.decode()
    assert "Not this one." in page


def retry(client, slug):
    client.post(f"/puzzles/{slug}/", {"action": "retry"})


# --- what a learner sees ---------------------------------------------------------


def test_a_new_visitor_sees_the_games_with_zeros_and_gets_no_learner(make_client, content):
    page = text(dashboard(make_client()))
    assert "You are not signed in" in page
    assert "0 of 1 lessons" in page
    assert "0 puzzles solved" in page
    assert "No rating yet" in page
    assert "Solve a puzzle to start your rating." in page
    assert "Your streak: 0 days." in page
    assert "Best: 0 days." in page
    assert not Learner.objects.exists()


def test_a_teacher_with_no_progress_sees_zeros_then_their_own(make_client, content):
    from tests.conftest import make_user

    teacher = make_client(make_user("teacher", teacher=True))
    other = make_client(make_user("other", teacher=True))
    assert "0 puzzles solved" in text(dashboard(teacher))
    solve(other, "pick-one")
    # The zeros are everyone's with nothing of their own: someone else's solve is not in them.
    assert "0 puzzles solved" in text(dashboard(teacher))
    assert "1 puzzle solved" in text(dashboard(other))
    solve(teacher, "pick-one")
    assert "1 puzzle solved" in text(dashboard(teacher))


def test_only_games_with_lessons_or_library_puzzles_are_shown(make_client, content):
    make_puzzle("renju-one", game="renju")
    make_puzzle("xiangqi-private", game="xiangqi", public=False)
    page = dashboard(make_client())
    assert 'id="progress-go"' in page
    assert 'id="progress-renju"' in page
    assert 'id="progress-xiangqi"' not in page  # only a private puzzle: nothing to show
    assert 'id="progress-dagunzi"' not in page
    renju = section(page, "renju")
    assert "<progress" not in renju  # no lessons in Renju yet
    assert "0 puzzles solved" in renju
    # Today's daily puzzle of each game with a library is one click away.
    assert 'href="/daily/go/"' in page and 'href="/daily/renju/"' in page
    assert 'href="/daily/xiangqi/"' not in page


def test_a_game_with_lessons_only_shows_its_lessons(make_client, content):
    Puzzle.objects.update(is_public=False)  # the library is empty; the exercises stay
    page = text(dashboard(make_client()))
    assert "0 of 1 lessons" in page
    assert "puzzles solved" not in page
    assert "Rating history" not in page
    assert "Today's puzzle" not in page


def test_an_anonymous_solver_sees_rating_chart_and_table(make_client, content):
    client = make_client()
    solve(client, "pick-one")
    client.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})
    client.post("/puzzles/pick-two/", {"move": "d4", "ply": "2"})

    page = dashboard(client)
    go = section(page, "go")
    rating = LearnerRating.objects.get(learner__user__isnull=True, game="go")
    label = f"≈{shown_rating(rating.rating, rating.deviation)}?"  # two games: provisional
    assert "2 puzzles solved" in text(go)
    assert f"Your rating: {label}" in text(go)
    assert "provisional" in text(go)
    # The chart: a picture with a name, and the numbers as a table behind it.
    assert re.search(r'<svg [^>]*class="rating-chart"[^>]* role="img"', go)
    today = timezone.localdate().isoformat()
    shown = shown_rating(rating.rating, rating.deviation)
    assert f"Rating history: {shown} on {today}" in go
    assert "Rating history as a table" in go
    rows = re.findall(r"<tr><td><time[^>]*>([\d-]+)</time></td><td>([^<]+)</td></tr>", go)
    assert rows == [(today, label)]


def test_rating_history_is_drawn_and_tabled_day_by_day(make_client, learner_user, content):
    learner = Learner.objects.create(user=learner_user)
    LearnerRating.objects.create(learner=learner, game="go", rating=1623.4, deviation=80)
    start = datetime.date(2026, 10, 1)
    ratings = [1500, 1540, 1580, 1610, 1623.4]
    deviations = [300, 200, 120, 90, 80]
    for day, (rating, deviation) in enumerate(zip(ratings, deviations, strict=True)):
        RatingPoint.objects.create(
            learner=learner,
            game="go",
            date=start + datetime.timedelta(days=day * 10),
            rating=rating,
            deviation=deviation,
        )
    go = section(dashboard(make_client(learner_user)), "go")
    assert "Your rating: 1623" in text(go)
    assert "1623?" not in go and "provisional" not in go
    # While provisional, shown as far from 1000 as the deviation settled: 1500 at 300
    # is 1000 + 500 × 50/240, 1540 at 200 is 1000 + 540 × 150/240.
    assert "Rating history: from 1104 to 1623 between 2026-10-01 and 2026-11-10" in go
    rows = re.findall(r"<tr><td><time[^>]*>([\d-]+)</time></td><td>([^<]+)</td></tr>", go)
    assert rows == [
        ("2026-10-01", "≈1104?"),
        ("2026-10-11", "≈1338?"),
        ("2026-10-21", "≈1556?"),
        ("2026-10-31", "1610"),
        ("2026-11-10", "1623"),
    ]
    assert "older" not in text(go)


def test_a_long_history_tables_the_latest_days(make_client, learner_user, content):
    learner = Learner.objects.create(user=learner_user)
    LearnerRating.objects.create(learner=learner, game="go", rating=1600, deviation=60)
    start = datetime.date(2025, 1, 1)
    RatingPoint.objects.bulk_create(
        RatingPoint(
            learner=learner,
            game="go",
            date=start + datetime.timedelta(days=day),
            rating=1500 + day,
            deviation=60,
        )
        for day in range(300)
    )
    go = section(dashboard(make_client(learner_user)), "go")
    rows = re.findall(r"<tr><td><time[^>]*>([\d-]+)</time></td><td>([^<]+)</td></tr>", go)
    assert len(rows) == 30
    assert rows[-1] == ("2025-10-27", "1799")
    assert rows[0] == ("2025-09-28", "1770")
    assert "270 older days are omitted" in text(go)
    # The chart draws every day's trend, thinned out, from the first day to the last.
    assert "from 1500 to 1799 between 2025-01-01 and 2025-10-27" in go
    [line] = re.findall(r'<path class="chart-line" d="([^"]+)"', go)
    assert 100 <= line.count("L") + 1 <= 120


def test_strongest_and_weakest_themes_count_first_attempts(make_client, content):
    client = make_client()
    for n in range(3):
        make_puzzle(f"atari-{n}", themes=["atari"])
        make_puzzle(f"net-{n}", themes=["net"])
        make_puzzle(f"ladder-{n}", themes=["ladder"])
    for n in range(3):
        solve(client, f"atari-{n}")
    solve(client, "net-0")
    fail(client, "net-1")
    fail(client, "net-2")
    # A replay solved after a failure does not turn the failure into a success.
    retry(client, "net-2")
    solve(client, "net-2")
    solve(client, "ladder-0")
    solve(client, "ladder-1")  # only two tries at ladders: not judged yet

    go = text(section(dashboard(client), "go"))
    strongest = go.split("Strongest themes")[1].split("Weakest themes")[0]
    weakest = go.split("Weakest themes")[1].split("Recent attempts")[0]
    assert "Atari : solved 3 of 3 (100%)" in strongest
    assert "Net : solved 1 of 3 (33%)" in weakest
    assert "Net" not in strongest and "Atari" not in weakest
    assert "Ladder" not in go


def test_recent_attempts_link_back_with_result_and_rating_change(make_client, content):
    client = make_client()
    fail(client, "pick-one")
    retry(client, "pick-one")
    solve(client, "pick-one")
    # A lesson exercise is not a library puzzle: not listed, not counted.
    lesson = client.post("/learn/go/first-steps/2/", {"move": "c2", "ply": "0"})
    assert "Correct!" in lesson.content.decode()

    go = section(dashboard(client), "go")
    rows = re.findall(r"<tr>\s*<td><a href=\"([^\"]+)\">.*?</tr>", go, flags=re.S)
    assert rows == ["/puzzles/pick-one/", "/puzzles/pick-one/"]
    today = timezone.localdate().isoformat()
    table = text(go.split("Recent attempts")[1])
    # Newest first: the replay (not rated), then the rated failure, whose change a
    # newcomer is not shown (the rating is provisional).
    assert re.search(
        rf"Black to play: find the right point\. solved {today} "
        rf"Black to play: find the right point\. failed {today} ",
        table,
    )
    # Once the rating has settled, a rated attempt shows its change.
    learner = Learner.objects.get(user__isnull=True)
    LearnerRating.objects.filter(learner=learner).update(deviation=90)
    make_puzzle("settled", rating=900)
    fail(client, "settled")
    settled = Attempt.objects.get(puzzle__slug="settled")
    assert settled.rating_change_label.startswith("-")
    table = text(section(dashboard(client), "go").split("Recent attempts")[1])
    assert f"failed {settled.rating_change_label} {today}" in table
    assert "1 puzzle solved" in text(go)


def test_recent_attempts_are_per_game_and_at_most_ten(make_client, learner_user, content):
    learner = Learner.objects.create(user=learner_user)
    renju = make_puzzle("renju-one", game="renju")
    go_puzzles = [make_puzzle(f"go-{n}") for n in range(12)]
    for puzzle in go_puzzles:
        Attempt.objects.create(
            learner=learner, puzzle=puzzle, status="solved", finished_at=timezone.now()
        )
    Attempt.objects.create(learner=learner, puzzle=renju, status="failed", is_first=True)
    Attempt.objects.create(learner=learner, puzzle=go_puzzles[0], status="playing")
    page = dashboard(make_client(learner_user))
    go_links = re.findall(r'<td><a href="/puzzles/([^/]+)/"', section(page, "go"))
    assert go_links == [f"go-{n}" for n in range(11, 1, -1)]  # the newest ten
    assert re.findall(r'<td><a href="/puzzles/([^/]+)/"', section(page, "renju")) == ["renju-one"]


def forget_kept_pages():
    cache.clear()
    kept.clear()


def test_reviews_due_are_counted_and_linked(make_client, content):
    client = make_client()
    fail(client, "pick-one")
    fail(client, "pick-two")
    go = section(dashboard(client), "go")
    assert "due for review" not in go  # failed today: due tomorrow
    # Days pass: moved here by moving the items' days back. The page keeps a learner's
    # progress under the day, and a new day is a new key; here the day stays, so the
    # kept page is dropped instead.
    ReviewItem.objects.filter(puzzle__slug="pick-one").update(due=timezone.localdate())
    forget_kept_pages()
    go = section(dashboard(client), "go")
    assert re.search(r'<a href="/review/">1 puzzle due for review</a>', go)
    ReviewItem.objects.update(due=timezone.localdate() - datetime.timedelta(days=2))
    forget_kept_pages()
    assert '<a href="/review/">2 puzzles due for review</a>' in dashboard(client)


def test_the_progress_kept_between_views_changes_with_the_next_answer(make_client, content):
    client = make_client()
    fail(client, "pick-one")
    dashboard(client)
    with CaptureQueriesContext(connection) as from_memory:
        page = dashboard(client)
    assert "/puzzles/pick-one/" in section(page, "go")
    assert "/puzzles/pick-two/" not in section(page, "go")
    fail(client, "pick-two")
    with CaptureQueriesContext(connection) as worked_out:
        page = dashboard(client)
    assert "/puzzles/pick-two/" in section(page, "go")
    # Kept, the progress costs no query instead of the ones that work it out.
    assert len(from_memory) <= len(worked_out) - 6


def test_streak_counts_days_with_a_daily_puzzle_solved(make_client, content):
    client = make_client()
    today = timezone.localdate()
    DailyPuzzle.objects.create(game="go", date=today, puzzle=Puzzle.objects.get(slug="pick-one"))
    page = client.post(f"/daily/go/{today.isoformat()}/", {"move": "c2", "ply": "0"})
    assert "Correct!" in page.content.decode()
    learner = Learner.objects.get()
    days_ago = [1, 5, 6, 7]  # yesterday and today: 2; best: three days in a row
    DailySolve.objects.bulk_create(
        DailySolve(learner=learner, game="go", date=today - datetime.timedelta(days=n))
        for n in days_ago
    )
    page = text(dashboard(client))
    assert "Your streak: 2 days." in page
    assert "Best: 3 days." in page
    assert "days in a row with a daily puzzle solved" in page


def main_content(page: str) -> str:
    """The page's <main>, without the notice for visitors who are not signed in."""
    main = re.search(r"<main[^>]*>.*</main>", page, flags=re.S).group(0)
    main = re.sub(r'<p class="notice">.*?</p>', "", main, flags=re.S)
    return re.sub(r"\s+", " ", main)


def test_signing_up_keeps_every_number_of_the_dashboard(make_client, content):
    client = make_client()
    for n in range(3):
        make_puzzle(f"atari-{n}", themes=["atari"])
        make_puzzle(f"renju-{n}", game="renju", themes=["atari"])
    for n in range(3):
        solve(client, f"atari-{n}")
        fail(client, f"renju-{n}")
    fail(client, "pick-one")
    ReviewItem.objects.filter(puzzle__slug="pick-one").update(due=timezone.localdate())
    learner = Learner.objects.get()
    DailySolve.objects.create(
        learner=learner, game="go", date=timezone.localdate() - datetime.timedelta(days=1)
    )
    client.post("/learn/go/first-steps/1/", {"action": "next"})
    before = dashboard(client)
    assert "You are not signed in" in before
    assert "3 puzzles solved" in text(section(before, "go"))
    assert "1 puzzle due for review" in before
    assert "Your streak: 1 day." in text(before)
    assert "solved 0 of 3 (0%)" in section(before, "renju")

    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    after = dashboard(client)
    assert "You are not signed in" not in after
    assert Learner.objects.get().user == get_user_model().objects.get(username="newcomer")
    assert main_content(after) == main_content(before)


# --- a bounded number of queries -------------------------------------------------


def give_history(learner, *, attempts: int, games: list[str]):
    """``attempts`` finished first attempts per game, with ratings, history, reviews."""
    today = timezone.localdate()
    now = timezone.now()
    theme, _ = Theme.objects.get_or_create(
        slug="atari", defaults={"name_zh": "叫吃", "name_en": "Atari"}
    )
    for game in games:
        puzzles = Puzzle.objects.bulk_create(
            Puzzle(
                slug=f"{game}-{learner.pk}-{n}",
                game=game,
                kind="test.pick",
                data=PICK,
                prompt_zh="黑先",
                prompt_en="Black to play",
            )
            for n in range(attempts)
        )
        Puzzle.themes.through.objects.bulk_create(
            Puzzle.themes.through(puzzle_id=puzzle.pk, theme_id=theme.pk) for puzzle in puzzles
        )
        Attempt.objects.bulk_create(
            Attempt(
                learner=learner,
                puzzle=puzzle,
                is_first=True,
                status="solved" if n % 3 else "failed",
                finished_at=now,
                rating_before=1500,
                rating_after=1510,
            )
            for n, puzzle in enumerate(puzzles)
        )
        LearnerRating.objects.create(learner=learner, game=game, rating=1600, deviation=60)
        RatingPoint.objects.bulk_create(
            RatingPoint(
                learner=learner,
                game=game,
                date=today - datetime.timedelta(days=n),
                rating=1500 + n,
                deviation=60,
            )
            for n in range(attempts)
        )
        ReviewItem.objects.bulk_create(
            ReviewItem(learner=learner, puzzle=puzzle, due=today) for puzzle in puzzles[:5]
        )
        DailySolve.objects.bulk_create(
            DailySolve(learner=learner, game=game, date=today - datetime.timedelta(days=n))
            for n in range(min(attempts, 20))
        )


def queries_of_dashboard(client) -> int:
    dashboard(client)  # warm the content cache, as a running site has it
    with CaptureQueriesContext(connection) as captured:
        page = dashboard(client)
    assert "puzzles solved" in page
    return len(captured)


# Session, user, learner, profile (the page's header); completed lessons; solved
# counts, ratings, rating history, themes, recent attempts (2), reviews due, streak;
# the assignments of the learner's classes.
MAX_QUERIES = 14


def test_the_dashboard_takes_a_few_queries_however_long_the_history(
    make_client, content, django_assert_max_num_queries
):
    small, large = (get_user_model().objects.create_user(n, password=PASSWORD) for n in "ab")
    give_history(Learner.objects.create(user=small), attempts=5, games=["go"])
    give_history(Learner.objects.create(user=large), attempts=200, games=["go", "renju", "xiangqi"])
    small_client, large_client = make_client(small), make_client(large)
    few, many = queries_of_dashboard(small_client), queries_of_dashboard(large_client)
    assert few == many
    with django_assert_max_num_queries(MAX_QUERIES):
        page = dashboard(large_client)
    assert "133 puzzles solved" in text(section(page, "xiangqi"))  # every third one failed
    assert "5 puzzles due for review" in section(page, "renju")
    assert "Your streak: 20 days." in text(page)


# --- the pieces ------------------------------------------------------------------


def scores(*rows):
    return [ThemeScore(name, name, solved, total) for name, solved, total in rows]


@pytest.mark.parametrize(
    ("rows", "strongest", "weakest"),
    [
        ([], [], []),
        ([("a", 3, 3)], ["a"], []),
        ([("a", 1, 2), ("b", 2, 2)], [], []),  # too few tries to judge
        ([("a", 1, 4), ("b", 3, 3)], ["b"], ["a"]),
        ([("a", 1, 4), ("b", 3, 3), ("c", 2, 3)], ["b", "c"], ["a"]),
        (
            [("a", 1, 4), ("b", 3, 3), ("c", 2, 3), ("d", 0, 9), ("e", 9, 10), ("f", 5, 5)],
            ["f", "b", "e"],
            ["d", "a", "c"],
        ),
        # Ties: more attempts behind the same rate rank first, both ways.
        ([("a", 3, 3), ("b", 6, 6), ("c", 0, 3), ("d", 0, 6)], ["b", "a"], ["d", "c"]),
        (
            [(name, n, 10) for n, name in enumerate("abcdefgh")],
            ["h", "g", "f"],
            ["a", "b", "c"],
        ),
    ],
)
def test_strongest_and_weakest_themes_never_overlap(rows, strongest, weakest):
    strong, weak = strongest_and_weakest(scores(*rows))
    assert [s.name for s in strong] == strongest
    assert [s.name for s in weak] == weakest


def chart(points, **kwargs):
    """The chart as XML, checked to be well formed."""
    svg = rating_chart(points, **kwargs)
    return svg, ET.fromstring(svg)  # noqa: S314 - our own output


def days(*ratings, start=datetime.date(2026, 10, 1), step=1):
    return [
        ChartPoint(start + datetime.timedelta(days=n * step), rating)
        for n, rating in enumerate(ratings)
    ]


def test_no_points_no_chart():
    assert rating_chart([]) == ""


def test_one_point_is_a_dot_with_its_date():
    svg, root = chart(days(1500))
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 400 200"
    assert root.get("aria-labelledby") == "rating-title rating-desc"
    assert root.find(f"{SVG}title").get("id") == "rating-title"
    assert root.find(f"{SVG}desc").text == "Rating history: 1500 on 2026-10-01"
    assert len(root.findall(f"{SVG}circle")) == 1
    assert not [p for p in root.findall(f"{SVG}path") if p.get("class") == "chart-line"]
    labels = [t.text for t in root.findall(f"{SVG}text")]
    assert "2026-10-01" in labels
    assert "1500" in labels


def test_many_points_make_a_line_with_round_rating_ticks_and_end_dates():
    points = days(1500, 1480, 1530, 1590, 1623, step=15)
    svg, root = chart(points, chart_id="rating-go")
    assert root.get("aria-labelledby") == "rating-go-title rating-go-desc"
    assert root.find(f"{SVG}desc").text == (
        "Rating history: from 1500 to 1623 between 2026-10-01 and 2026-11-30"
    )
    [line] = [p for p in root.findall(f"{SVG}path") if p.get("class") == "chart-line"]
    assert line.get("d").count("L") == 4
    assert len(root.findall(f"{SVG}circle")) == 5
    labels = [t.text for t in root.findall(f"{SVG}text")]
    ticks = [int(label) for label in labels if label.isdigit()]
    assert 3 <= len(ticks) <= 5
    assert ticks[0] <= 1480 and ticks[-1] >= 1623
    assert all(tick % 10 == 0 for tick in ticks)
    assert [label for label in labels if "-" in label] == ["2026-10-01", "2026-11-30"]
    # Higher ratings are drawn higher up.
    ys = [float(pair.split()[1]) for pair in re.split("[ML]", line.get("d"))[1:]]
    assert ys[4] < ys[0] < ys[1]


def test_a_long_history_is_thinned_out_keeping_the_ends():
    points = days(*range(1000, 1500))
    assert len(downsample(points)) == 120
    assert downsample(points)[0] == points[0] and downsample(points)[-1] == points[-1]
    assert downsample(points[:50]) == points[:50]
    svg, root = chart(points)
    [line] = [p for p in root.findall(f"{SVG}path") if p.get("class") == "chart-line"]
    assert line.get("d").count("L") == 119
    assert len(root.findall(f"{SVG}circle")) == 1  # too many to dot: only the latest
    assert "from 1000 to 1499" in root.find(f"{SVG}desc").text


def test_chart_text_is_escaped():
    svg, root = chart(days(1500, 1510), chart_id='x"><script>')
    assert "<script>" not in svg
    assert root.find(f"{SVG}title").get("id") == 'x"><script>-title'


@pytest.mark.parametrize(
    ("low", "high"),
    [(1500, 1500), (1400, 1500), (1480, 1520), (1450, 1650), (1000, 2400), (1234, 1237)],
)
def test_rating_ticks_are_three_to_five_round_numbers_around_the_line(low, high):
    ticks = rating_ticks(low, high)
    assert 3 <= len(ticks) <= 5
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() in (10, 20, 25, 50, 100, 200, 250, 500, 1000)
