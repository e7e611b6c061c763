"""The people of the load benchmark, built in a benchmark's database through the
site's own services, and the pages each of them visits.

Run by ``bench/load.py`` in the throw-away site it serves (the environment names the
database and the settings)::

    python bench/personas.py OUT.json

* **learner**: a signed-in learner with a history: a few hundred answers (legal and
  not, as ``bench/answers.py`` samples them) to library puzzles of every game, spread
  over the last two months, so that ratings, rating history and a review queue
  follow; a daily-puzzle streak; lessons begun and finished; homework in a class.
* **teacher**: two classes of 40 students each and five assignments (puzzles and
  lessons, due dates), the students' answers to them, and a puzzle of the teacher's
  own.
* **anonymous**: no cookie at all.

It writes, as JSON, each persona's cookies (a session signed in with the site's own
session engine, and the CSRF cookie a browser has from its first page) and the pages
to measure: for every taught game the game page, a lesson step with an exercise, one
puzzle of each kind and the daily puzzle; the learner's ``/me/`` and ``/review/``; the
teacher's ``/me/``, class page, results grid, CSV, item picker and puzzle editor; and
the answers to post (right and wrong, cheap and expensive kinds).
"""

from __future__ import annotations

import datetime
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

LEARNER_ANSWERS = 300  # answers in the learner's history
STUDENTS_PER_CLASS = 40
ASSIGNMENTS = ((0, 6, 2), (0, 8, 1), (0, 5, 0), (1, 7, 2), (1, 6, 1))  # class, puzzles, lessons
PASSWORD = "bench-persona-password"  # noqa: S105 - a throw-away database's users
# The answers posted under load: a cheap kind (the engine looks a verdict up) and the
# dearest of the library (a Go capture read within the request's budget).
CHEAP_KIND = "renju.five"
DEAR_KIND = "go.capture"


def main(out: Path) -> int:
    import django

    django.setup()
    from django.db import connection

    rng = random.Random(2026)
    world = {
        "anonymous": {"cookie": "", "pages": []},
        "learner": build_learner(rng),
        "teacher": build_teacher(rng),
    }
    world["anonymous"]["pages"] = game_pages(rng)
    world["learner"]["pages"] = world["learner"]["pages"] + game_pages(rng)
    world["answers"] = answers(rng)
    out.write_text(json.dumps(world, ensure_ascii=False, indent=1))
    connection.close()
    return 0


def game_pages(rng) -> list[list[str]]:
    """For every taught game: its page, a lesson step with an exercise, a library
    puzzle of each kind and the daily puzzle."""
    from puzzles.games import taught_games
    from puzzles.models import Puzzle
    from tutorials.models import Step

    pages = [["home", "/"]]
    for game in taught_games():
        slug = game.slug
        pages.append([f"{slug} game page", f"/learn/{slug}/"])
        step = (
            Step.objects.filter(lesson__game=slug, exercise__isnull=False)
            .select_related("lesson")
            .order_by("lesson__order", "order")
            .first()
        )
        if step is not None:
            pages.append([f"{slug} lesson step", f"/learn/{slug}/{step.lesson.slug}/{step.order}/"])
        kinds = (
            Puzzle.objects.filter(game=slug, is_public=True)
            .order_by("kind")
            .values_list("kind", flat=True)
            .distinct()
        )
        for kind in kinds:
            puzzle = (
                Puzzle.objects.filter(kind=kind, is_public=True).order_by("-rating", "slug").first()
            )
            pages.append([f"{kind} puzzle", f"/puzzles/{puzzle.slug}/"])
        pages.append([f"{slug} daily", f"/daily/{slug}/"])
    return pages


def signed_in(user) -> str:
    """The cookies of ``user``'s browser: the session, made as logging in makes it, and
    the CSRF cookie every page with a form (the log-out button) gave it."""
    from django.conf import settings
    from django.middleware.csrf import _get_new_csrf_string
    from django.test import Client

    client = Client()
    client.force_login(user, backend="accounts.backends.ModelBackend")
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (
        f"{settings.SESSION_COOKIE_NAME}={session}; "
        f"{settings.CSRF_COOKIE_NAME}={_get_new_csrf_string()}"
    )


def make_user(username: str, *, teacher: bool = False):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    if teacher:
        user.profile.is_teacher = True
        user.profile.save()
    return user


def answerable() -> list:
    """The library puzzles whose answers ``bench/answers.py`` knows how to sample (the
    kinds of every game but Xiangqi's)."""
    from answers import KINDS

    from puzzles.models import Puzzle

    return list(Puzzle.objects.filter(is_public=True, kind__in=KINDS).order_by("pk"))


def answer_some(learner, puzzles, count: int, rng, *, days: int) -> None:
    """``count`` answers by ``learner`` to ``puzzles`` (legal and not), through the
    site's services, then spread back over the last ``days`` days."""
    from answers import sample_posts

    from puzzles import services
    from puzzles.kinds import BadAnswer, get_kind
    from puzzles.models import Attempt

    now = datetime.datetime.now(datetime.UTC)
    done = 0
    for puzzle in rng.sample(puzzles, min(count, len(puzzles))):
        kind = get_kind(puzzle.kind)
        for post in sample_posts(puzzle, kind, rng, rng.choice((1, 1, 2))):
            try:
                services.submit_answer(learner, puzzle, post, ply=None)
            except (BadAnswer, services.StaleAnswer):
                continue  # a sample the board would not send
            done += 1
    # Back in time: a few attempts a day, oldest first.
    attempts = list(
        Attempt.objects.filter(learner=learner).order_by("pk").values_list("pk", flat=True)
    )
    for index, pk in enumerate(attempts):
        when = now - datetime.timedelta(
            days=days * (len(attempts) - index) / len(attempts), minutes=rng.random() * 60
        )
        Attempt.objects.filter(pk=pk).update(started_at=when, finished_at=when)
    return done


def build_learner(rng) -> dict:
    from accounts.services import learner_for_user
    from puzzles.daily import today
    from puzzles.games import taught_games
    from puzzles.models import DailySolve, RatingPoint, ReviewItem
    from tutorials.models import Lesson, LessonProgress

    user = make_user("bench-learner")
    learner = learner_for_user(user)
    answer_some(learner, answerable(), LEARNER_ANSWERS, rng, days=60)
    day = today()
    # Two months of rating history in each game the learner has a rating in.
    RatingPoint.objects.bulk_create(
        RatingPoint(
            learner=learner,
            game=rating.game,
            date=day - datetime.timedelta(days=n),
            rating=rating.rating - n * rng.uniform(0, 4),
            deviation=min(350.0, rating.deviation + n),
        )
        for rating in learner.ratings.all()
        for n in range(1, 61)
    )
    DailySolve.objects.bulk_create(
        DailySolve(learner=learner, game=game.slug, date=day - datetime.timedelta(days=n))
        for n in range(1, 15)
        for game in taught_games()[:3]
    )
    now = datetime.datetime.now(datetime.UTC)
    for index, lesson in enumerate(Lesson.objects.order_by("game", "order")[:24]):
        steps = list(lesson.steps.order_by("order").values_list("order", flat=True))
        finished = index % 3 != 2
        LessonProgress.objects.create(
            learner=learner,
            lesson=lesson,
            steps_done=steps if finished else steps[: len(steps) // 2],
            completed_at=now if finished else None,
        )
    return {
        "cookie": signed_in(user),
        "pages": [["/me/", "/me/"], ["/review/", "/review/"]],
        "facts": {
            "attempts": learner.attempts.count(),
            "ratings": learner.ratings.count(),
            "rating points": learner.rating_points.count(),
            "review items": ReviewItem.objects.filter(learner=learner).count(),
            "daily solves": learner.daily_solves.count(),
            "lessons": learner.lesson_progress.count(),
        },
    }


def build_teacher(rng) -> dict:
    from accounts.services import learner_for_user
    from classrooms import assignments, services
    from puzzles import authoring
    from puzzles import services as puzzle_services
    from puzzles.models import Puzzle
    from tutorials.models import Lesson

    teacher = make_user("bench-teacher", teacher=True)
    classes = [
        services.create_classroom(teacher, name=f"Bench class {n + 1}", game="go") for n in range(2)
    ]
    students = []
    for n, classroom in enumerate(classes):
        for s in range(STUDENTS_PER_CLASS):
            student = make_user(f"bench-student-{n}-{s}")
            services.join(student, classroom.join_code)
            students.append((classroom, student))
    library = answerable()
    lessons = list(Lesson.objects.order_by("game", "order"))
    now = datetime.datetime.now(datetime.UTC)
    made = []
    for number, (which, n_puzzles, n_lessons) in enumerate(ASSIGNMENTS):
        assignment = assignments.create_assignment(
            classes[which],
            teacher,
            title=f"Homework {number + 1}",
            due_at=now + datetime.timedelta(days=number - 1),
        )
        puzzles = rng.sample(library, n_puzzles)
        assignments.add_items(assignment, puzzles=puzzles, lessons=rng.sample(lessons, n_lessons))
        made.append((assignment, puzzles))
    # Each student has worked through part of their class's homework.
    for classroom, student in students:
        learner = learner_for_user(student)
        mine = [p for a, ps in made if a.classroom_id == classroom.pk for p in ps]
        answer_some(learner, mine, rng.randrange(len(mine) + 1), rng, days=7)
    own = next(p for p in library if authoring.is_authored_kind(p.game, p.kind))
    puzzle = Puzzle.objects.create(
        game=own.game,
        kind=own.kind,
        slug="bench-teacher-puzzle",
        data=own.data,
        prepared=puzzle_services.prepare_for_save(own.kind, own.data),
        prompt_zh=own.prompt_zh,
        prompt_en=own.prompt_en,
        author=teacher,
        is_public=False,
    )
    first, first_puzzles = made[0]
    return {
        "cookie": signed_in(teacher),
        "pages": [
            ["/me/", "/me/"],
            ["class page", f"/classes/{classes[0].pk}/"],
            ["results grid", f"/classes/{classes[0].pk}/assignments/{first.pk}/"],
            ["results CSV", f"/classes/{classes[0].pk}/assignments/{first.pk}/results.csv"],
            ["item picker", f"/classes/{classes[0].pk}/assignments/{first.pk}/items/"],
            ["puzzle editor", f"/classes/puzzles/{puzzle.slug}/edit/"],
        ],
        "facts": {
            "classes": len(classes),
            "students": len(students),
            "assignments": len(made),
        },
    }


def answers(rng) -> list[dict]:
    """Answers to post: right and wrong, to a cheap kind and to the dearest."""
    from answers import sample_posts

    from puzzles.kinds import BadAnswer, get_kind
    from puzzles.models import Puzzle

    found = []
    for kind_name in (CHEAP_KIND, DEAR_KIND):
        kind = get_kind(kind_name)
        for puzzle in Puzzle.objects.filter(kind=kind_name, is_public=True).order_by("slug"):
            data = puzzle.kind_data
            state = kind.start(data)
            right = wrong = None
            # The authored line's first move, then every point (Renju's board is cheap to
            # judge), then a sample.
            tries = [{"move": m} for m in (kind.solution(data) or [])[:1]]
            if kind_name.startswith("renju."):
                from engines.renju import point_name

                tries += [{"move": point_name(p)} for p in range(225)]
            for post in tries + sample_posts(puzzle, kind, rng, 40):
                try:
                    answer = kind.parse_answer(data, state, post)
                except BadAnswer:
                    continue
                status = kind.check(data, state, answer)[0].status
                if status == "correct" and right is None:
                    right = post
                elif status == "wrong" and wrong is None:
                    wrong = post
                if right and wrong:
                    break
            if right is not None and wrong is not None:
                found += [
                    {
                        "name": f"{kind_name} right",
                        "path": f"/puzzles/{puzzle.slug}/",
                        "post": right,
                    },
                    {
                        "name": f"{kind_name} wrong",
                        "path": f"/puzzles/{puzzle.slug}/",
                        "post": wrong,
                    },
                ]
                break
    return found


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
