"""Each page takes a fixed number of queries: the same for a learner who answered
three puzzles and one who answered forty, for a class of two and a class of twelve.

Every page is visited once before it is counted, as a running site has its content
cache warm.
"""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import learner_for_user
from classrooms import assignments
from classrooms import services as classes
from puzzles import services
from puzzles.models import DailySolve, Puzzle
from tests.conftest import make_user
from tests.helpers import make_puzzle

# The most queries a page may take: on every signed-in page the session first, then
# the user with their profile and learner (one query, ``accounts.backends``). What a
# page shows of a learner's progress is kept under their revision (``accounts.kept``):
# once seen, no query.
BUDGET = {
    "/": 2,
    "/learn/go/": 2,
    "/learn/go/first-steps/2/": 2,
    "/puzzles/pick-one/": 2,
    "/daily/go/": 2,
    "/review/": 2,
    "/me/": 4,  # and the classes: a student's homework, a teacher's classes
    # A teacher's: the class with whether they teach it is one query (``access``).
    "class page": 7,
    "results grid": 6,  # the grid kept under what it is made of (``results_key``)
    "results CSV": 6,
    "item picker": 5,
}


def count(client, url: str) -> int:
    first = client.get(url)
    assert first.status_code == 200, (url, first.status_code)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def answer_many(learner, puzzles) -> None:
    """A miss at every other puzzle, a solve at the rest: a history and a review queue."""
    for n, puzzle in enumerate(puzzles):
        move = "a1" if n % 2 else "c2"
        services.submit_answer(learner, puzzle, {"move": move, "ply": "0"}, ply=0)


def learner_world(name: str, answers: int, *, games=("go", "renju")):
    user = make_user(name)
    learner = learner_for_user(user)
    library = list(Puzzle.objects.filter(is_public=True, kind="test.pick").order_by("slug"))
    answer_many(learner, library[:answers])
    DailySolve.objects.bulk_create(
        DailySolve(learner=learner, game=game, date=timezone.localdate() - datetime.timedelta(n))
        for n in range(1, answers // 4 + 2)
        for game in games
    )
    return user


@pytest.fixture
def library(content):
    for n in range(40):
        make_puzzle(f"lib-{n:02}", game="go" if n % 2 else "renju", themes=["atari"])


@pytest.mark.parametrize(
    "url",
    ["/", "/learn/go/", "/learn/go/first-steps/2/", "/puzzles/pick-one/", "/daily/go/", "/review/",
     "/me/"],
)  # fmt: skip
def test_a_learner_s_pages_do_not_grow_with_the_history(make_client, library, url):
    few = count(make_client(learner_world("few", 3)), url)
    many = count(make_client(learner_world("many", 40)), url)
    assert few == many, f"{url}: {few} queries with 3 answers, {many} with 40"
    assert many <= BUDGET[url], (url, many)


# An answer, right or wrong, takes a fixed number of statements whatever the learner's
# history: the learner's row (locked and counted), their attempt, their rating and the
# day's point of it, the puzzle's count, the review queue; a new visitor's also makes
# the learner and the session. (Savepoints count: Django makes one per nested block.)
ANSWER_BUDGET = {"learner": 18, "new visitor": 24}


def count_answer(client, url: str, move: str) -> int:
    # As on a running site, the day's puzzles are chosen (the home page) and the
    # learner has the board in front of them.
    assert client.get("/").status_code == 200
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {"move": move, "ply": "0"})
    assert response.status_code == 200
    verdict = "correct" if move == "c2" else "wrong"
    assert f'class="play verdict-{verdict}"' in response.content.decode()
    return len(captured)


@pytest.mark.parametrize("move", ["c2", "a1"])
def test_an_answer_does_not_grow_with_the_history(make_client, library, move):
    url = make_puzzle("zz-fresh", game="go").url  # after the 40 the histories answer
    few = count_answer(make_client(learner_world("few", 3)), url, move)
    many = count_answer(make_client(learner_world("many", 40)), url, move)
    assert few == many, f"{move}: {few} queries with 3 answers, {many} with 40"
    assert many <= ANSWER_BUDGET["learner"], many
    visitor = count_answer(make_client(), url, move)
    assert visitor <= ANSWER_BUDGET["new visitor"], visitor


def class_world(name: str, students: int, items: int):
    teacher = make_user(f"{name}-teacher", teacher=True)
    classroom = classes.create_classroom(teacher, name=name, game="go")
    library = list(Puzzle.objects.filter(is_public=True, kind="test.pick").order_by("slug"))
    work = assignments.create_assignment(
        classroom, teacher, title="Homework", due_at=timezone.now() + datetime.timedelta(days=2)
    )
    assignments.add_items(work, puzzles=library[:items])
    for n in range(students):
        student = make_user(f"{name}-student-{n}")
        classes.join(student, classroom.join_code)
        answer_many(learner_for_user(student), library[: items - n % 3])
    base = f"/classes/{classroom.pk}"
    return teacher, {
        "/me/": "/me/",
        "class page": f"{base}/",
        "results grid": f"{base}/assignments/{work.pk}/",
        "results CSV": f"{base}/assignments/{work.pk}/results.csv",
        "item picker": f"{base}/assignments/{work.pk}/items/",
    }


@pytest.mark.parametrize(
    "page", ["/me/", "class page", "results grid", "results CSV", "item picker"]
)
def test_a_teacher_s_pages_do_not_grow_with_the_class(make_client, library, page):
    small_teacher, small = class_world("small", students=2, items=4)
    large_teacher, large = class_world("large", students=12, items=12)
    few = count(make_client(small_teacher), small[page])
    many = count(make_client(large_teacher), large[page])
    assert few == many, f"{page}: {few} queries for 2 students, {many} for 12"
    assert many <= BUDGET[page], (page, many)


def test_a_session_from_before_the_backends_were_renamed_stays_signed_in(make_client, content):
    from django.contrib.auth import BACKEND_SESSION_KEY

    user = make_user("old-timer")
    client = make_client()
    client.force_login(user, backend="accounts.backends.ModelBackend")
    session = client.session
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session.save()
    assert "old-timer" in client.get("/me/").content.decode()
    assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.ModelBackend"
