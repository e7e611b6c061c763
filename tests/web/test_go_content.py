"""The Go lessons and puzzles we ship: they load, they are enough, and each one is solvable.

Loading runs every puzzle through its kind (the reader proves every SGF solution
tree); then every exercise and puzzle is solved here through the kind's own
checker, the way a learner's answers are judged.
"""

from collections import Counter

import pytest

from engines.go import parse_point, point_name
from engines.go.match import byoyomi_left, nigiri
from puzzles.games.go.kinds import POINT_GOALS, position
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content
from tutorials.models import Lesson


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    """Go's lessons and problems (the whole folder loads in the tap-target test)."""
    with shipped_content(django_db_blocker, "go"):
        yield


def answers(puzzle: Puzzle) -> list[dict]:
    """The posts that solve ``puzzle``, worked out from the engine, not from the file."""
    kind, data = get_kind(puzzle.kind), puzzle.data
    if puzzle.kind in ("go.capture", "go.escape"):
        return [{"move": text.split()[1]} for text in kind.solution(data)[::2]]
    if puzzle.kind == "go.liberties":
        board = position(data)
        chain = board.chain(parse_point(data["point"], board.size))
        return [{"answer": str(len(chain.liberties))}]
    if puzzle.kind == "go.legal":
        board = position(data)
        if "point" in data:
            try:
                board.play(parse_point(data["point"], board.size))
                return [{"answer": "legal"}]
            except Exception as error:  # IllegalMove
                return [{"answer": error.code}]
        return [{"move": point_name(min(kind._forbidden(board)), board.size)}]
    if puzzle.kind == "go.point":
        assert data["goal"] in POINT_GOALS
        return [{"move": point_name(kind.answers(data)[0], position(data).size)}]
    if puzzle.kind == "go.dead":
        board = position(data)
        return [{"move": point_name(p, board.size)} for p in kind._dead(data, board)]
    if puzzle.kind == "go.count":
        black, margin, _ = kind._score(data)
        value = black if data.get("ask", "black") == "black" else margin
        return [{"answer": str(value)}]
    if puzzle.kind == "go.nigiri":
        return [{"answer": nigiri(data["grabbed"], data["shown"])}]
    if puzzle.kind == "go.byoyomi":
        return [{"answer": str(byoyomi_left(data["reserve"], data["moves"]))}]
    raise AssertionError(f"no solver for {puzzle.kind}")


def solve(puzzle: Puzzle) -> None:
    kind = get_kind(puzzle.kind)
    state = kind.start(puzzle.data)
    posts = answers(puzzle)
    for number, post in enumerate(posts, start=1):
        answer = kind.parse_answer(puzzle.data, state, post)
        verdict, state = kind.check(puzzle.data, state, answer)
        if number < len(posts):
            assert verdict.status == CONTINUE, f"{puzzle.slug}: {post} was {verdict.status}"
        else:
            assert verdict.status == CORRECT, f"{puzzle.slug}: {post} was {verdict.status}"
    kind.board(puzzle.data, state)


@pytest.mark.django_db
def test_the_go_lessons_cover_the_course(shipped):
    lessons = list(Lesson.objects.filter(game="go").prefetch_related("steps__exercise"))
    assert len(lessons) >= 12
    for lesson in lessons:
        steps = list(lesson.steps.all())
        exercises = [step for step in steps if step.exercise_id]
        assert len(exercises) >= 4, f"{lesson.slug} has {len(exercises)} exercises"
        assert steps[-1].exercise_id, f"{lesson.slug} does not end with a check"
        for step in steps:
            assert step.text_zh and step.text_en
            if step.board:
                step.static_board  # noqa: B018  draws without error


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_go_lesson_exercise_is_solvable(shipped):
    exercises = Puzzle.objects.filter(game="go", lesson_steps__isnull=False).distinct()
    assert exercises.count() >= 48
    for puzzle in exercises:
        solve(puzzle)


@pytest.mark.django_db
def test_the_go_library_has_150_problems_across_the_themes(shipped):
    library = Puzzle.objects.filter(game="go", is_public=True).prefetch_related("themes")
    sgf = [p for p in library if p.kind in ("go.capture", "go.escape")]
    assert len(sgf) >= 150
    themes = Counter(theme.slug for puzzle in library for theme in puzzle.themes.all())
    for theme in (
        "atari",
        "double-atari",
        "ladder",
        "ladder-breaker",
        "net",
        "snapback",
        "throw-in",
        "escape",
        "capturing-race",
        "ko",
    ):
        assert themes[theme] >= 5, f"only {themes[theme]} puzzles of {theme}"
    for puzzle in library:
        assert puzzle.themes.all(), f"{puzzle.slug} has no theme"
        assert puzzle.prompt_zh != puzzle.prompt_en, f"{puzzle.slug}: prompt not translated"
    ratings = sorted(p.rating for p in library)
    assert ratings[0] <= 700 and ratings[-1] >= 1400


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_go_library_puzzle_is_solvable(shipped):
    for puzzle in Puzzle.objects.filter(game="go", is_public=True):
        solve(puzzle)


def test_every_library_puzzle_has_a_small_picture(shipped, db):
    """The home page's daily puzzles and a teacher's picker show one for each."""
    for puzzle in Puzzle.objects.filter(game="go", is_public=True):
        picture = str(thumbnail(puzzle))
        assert "<svg" in picture or 'class="card ' in picture, puzzle.slug
