"""The shipped Xiangqi lessons and puzzles: enough of each kind, every one solved by
the engine's own choice through the kind (as a learner's answers are judged, from
what was stored when it loaded), every lesson board drawn, the rules taught, and
the first-day puzzles at the bottom of the library."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from engines.xiangqi import Move, square_name
from engines.xiangqi import repetition as repetitions
from engines.xiangqi.notation import chinese, parse_any, wxf
from engines.xiangqi.search import best_moves, mates
from engines.xiangqi.touch import touch
from puzzles.games.xiangqi.kinds import position
from puzzles.kinds import CONTINUE, CORRECT, MARKED, get_kind
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "xiangqi" / "lessons"


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "xiangqi"):
        yield


def engine_answer(puzzle: Puzzle, state) -> list[dict]:
    """The next answer(s) that solve ``puzzle`` from ``state``, chosen by the engine
    on its own (not read from what the kind stored)."""
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    board = position(data)
    if puzzle.kind == "xiangqi.mate":
        current = kind.current(data, state)
        left = data.get("depth", 1) - len(state.get("moves", [])) // 2
        return [{"move": mates(current, left).first_moves[0].text()}]
    if puzzle.kind == "xiangqi.legal":
        if "move" in data:
            legal = board.why_illegal(Move.from_text(data["move"])) is None
            return [{"answer": "legal" if legal else "illegal"}]
        points = board.destinations(parse(data["piece"]))
        return [{"move": square_name(t)} for t, why in points.items() if why is None] + [
            {"answer": "done"}
        ]
    if puzzle.kind == "xiangqi.move":
        return [{"move": goal_move(data, board).text()}]
    if puzzle.kind == "xiangqi.win":
        return [{"move": best_moves(board, data.get("depth", 3)).best_moves[0].text()}]
    if puzzle.kind == "xiangqi.repetition":
        return [{"answer": repetitions.ruling(board, data.get("rules", "chinese")).result}]
    if puzzle.kind == "xiangqi.touch":
        touched = [parse(p) for p in data["touched"]]
        return [{"move": touch(board, touched, data.get("at_once", False)).moves[0].text()}]
    if puzzle.kind == "xiangqi.notation":
        write = chinese if data.get("style", "chinese") == "chinese" else wxf
        return [{"answer": write(board, data["move"])}]
    raise AssertionError(f"no engine answer for {puzzle.kind}")


def parse(point: str) -> int:
    from engines.xiangqi import parse_square

    return parse_square(point)


def goal_move(data, board) -> Move:
    goal = data["goal"]
    if goal == "notation":
        return parse_any(board, data["notation"])
    for move in board.legal_moves():
        if "piece" in data and square_name(move.from_square) != data["piece"]:
            continue
        if goal == "check" and board.gives_check(move.code):
            return move
        if goal in ("capture", "to") and square_name(move.to_square) == data["target"]:
            return move
        if goal in ("escape", "legal"):
            return move
    raise AssertionError(f"no move meets {data}")


def solve(puzzle: Puzzle) -> None:
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    for _turn in range(8):
        for post in engine_answer(puzzle, state):
            answer = kind.parse_answer(data, state, post)
            verdict, state = kind.check(data, state, answer)
            assert verdict.status in (CORRECT, CONTINUE, MARKED), (
                f"{puzzle.slug}: {post} was {verdict.status}: {verdict.message_text}"
            )
            kind.board(data, state, verdict=verdict, interactive=not verdict.is_final)
            if verdict.is_correct:
                return
    raise AssertionError(f"{puzzle.slug}: not solved")


@pytest.mark.django_db
def test_xiangqi_content_is_enough(shipped):
    lessons = Lesson.objects.filter(game="xiangqi").prefetch_related("steps")
    assert lessons.count() >= 12
    for lesson in lessons:
        exercises = [s for s in lesson.steps.all() if s.exercise_id]
        assert len(exercises) >= 2, f"{lesson.slug} has {len(exercises)} exercises"
    library = Puzzle.objects.filter(game="xiangqi", is_public=True)
    assert library.count() >= 200
    by_kind = Counter(library.values_list("kind", flat=True))
    for kind in (
        "xiangqi.mate",
        "xiangqi.legal",
        "xiangqi.win",
        "xiangqi.repetition",
        "xiangqi.touch",
        "xiangqi.notation",
    ):
        assert by_kind[kind] >= 3, by_kind
    mates_by_depth = Counter(p.data.get("depth", 1) for p in library.filter(kind="xiangqi.mate"))
    assert all(mates_by_depth[depth] >= 10 for depth in (1, 2, 3)), mates_by_depth
    assert library.exclude(slug__startswith="xiangqi-gen-").count() >= 50


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_xiangqi_puzzle_and_exercise_is_solved_by_the_engine(shipped):
    solved = 0
    for puzzle in Puzzle.objects.filter(game="xiangqi"):
        solve(puzzle)
        solved += 1
    assert solved >= 200


@pytest.mark.django_db
def test_every_lesson_board_draws(shipped):
    for lesson in Lesson.objects.filter(game="xiangqi"):
        for step in lesson.steps.all():
            if step.board:
                assert "xiangqi-board" in str(step.static_board), f"{lesson.slug} {step.order}"


RULES_TAUGHT = [f"R{n:02d}" for n in (*range(1, 13), 16)] + [
    "XQ-05",
    "XQ-06",
    "XQ-09",
    "XQ-13",
    "XQ-14",
    "XQ-15",
    "XQ-16",
]


def test_the_lessons_teach_every_rule_of_play():
    """Each step names the rule clauses it teaches in a comment (``# R05 X9``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"\b(?:XQ-)?R\d\d\b|\bXQ-\d\d\b", comment))
    named = {n.removeprefix("XQ-") if n.startswith("XQ-R") else n for n in named}
    missing = [rule for rule in RULES_TAUGHT if rule not in named]
    assert not missing, f"no lesson step names {missing}"


@pytest.mark.django_db
def test_the_first_day_puzzles_sit_at_the_bottom(shipped):
    first_day = Puzzle.objects.filter(game="xiangqi", slug__contains="first-day")
    assert first_day.count() >= 8
    rest = Puzzle.objects.filter(game="xiangqi", is_public=True).exclude(pk__in=first_day)
    assert max(p.rating for p in first_day) < min(p.rating for p in rest)


@pytest.mark.django_db
def test_every_library_puzzle_has_a_small_picture(shipped):
    for puzzle in Puzzle.objects.filter(game="xiangqi", is_public=True):
        assert "<svg" in str(thumbnail(puzzle)), puzzle.slug
