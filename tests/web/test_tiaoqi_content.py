"""The 跳棋 lessons and puzzles we ship: they load, they are enough, the rules are
all taught, and each exercise and puzzle is solved through its kind's own checker.

The answers are worked out here by the engine, never read from the file or from
what the kind stored: ``reach`` for the holes a piece reaches, a move found among
``moves`` for a goal, the engine's best by the puzzle's measure, a line of
``fastest_lines`` for the fewest moves, ``play`` for a legal-or-not, ``race`` for a
result and the camp's holes for a camp. Where a kind can say "wrong", a wrong answer
worked out the same way is judged wrong.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from engines.tiaoqi import (
    CAMPS,
    OPPOSITE,
    SEATINGS,
    STAR,
    IllegalMove,
    Move,
    camp_of,
    hole_name,
    moves,
    parse_hole,
    play,
    reach,
)
from engines.tiaoqi.fewest import fastest_lines
from engines.tiaoqi.game import race
from puzzles.games.tiaoqi.draw import SEAT_COLORS
from puzzles.games.tiaoqi.kinds import position, rules
from puzzles.kinds import CONTINUE, CORRECT, MARKED, WRONG, get_kind
from puzzles.models import Puzzle
from tests.shipped import shipped_content
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "tiaoqi" / "lessons"
SIDES = ("red", "green")


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "tiaoqi"):
        yield


# ---------------------------------------------------------------------------
# The engine's answers


def text(move: Move) -> str:
    return f"{hole_name(move.start)}-{hole_name(move.end)}"


def own_moves(data) -> list[Move]:
    """Every move of the side to move, or of the one piece the puzzle names."""
    board = position(data)
    found = moves(board)
    if "piece" in data:
        found = [m for m in found if m.start == parse_hole(data["piece"])]
    return found


def meets(data, move: Move) -> bool:
    """The goal of a ``tiaoqi.move`` exercise, read from the engine's move."""
    goal = data["goal"]
    if goal == "to":
        return move.end == parse_hole(data["to"])
    if goal == "jump":
        return move.jumps >= data.get("jumps", 1)
    if goal == "target":  # into the camp, from outside it
        target = position(data).target(position(data).to_move)
        return move.end in target and move.start not in target
    return not move.is_jump


def gain(data, move: Move) -> int:
    """A move's worth by the ``tiaoqi.longest`` measure: jumps, or rows towards the target."""
    if data.get("measure", "ahead") == "jumps":
        return move.jumps
    rows = move.start[2] - move.end[2]  # red heads north, where z falls
    return rows if position(data).to_move == 0 else -rows


def legal(data) -> bool:
    start, end = (parse_hole(h) for h in data["move"].split("-"))
    board = position(data)
    board.to_move = board.pieces[start]
    try:
        play(board, start, end)
    except IllegalMove:
        return False
    return True


def race_truth(data) -> str:
    first = SIDES.index(data.get("first", "red"))
    finishes = tuple(data.get(color) for color in SIDES)
    left = tuple(data.get("home", {}).get(color, 0) for color in SIDES)
    result, _played = race(first, finishes, left, rules(data))
    return "draw" if result.winner is None else SIDES[result.winner]


def camp(data) -> frozenset:
    players = data.get("players", 2)
    seat = {SEAT_COLORS[c]: c for c in SEATINGS[players]}[data.get("color", "red")]
    return CAMPS[seat if data["ask"] == "home" else OPPOSITE[seat]]


@functools.cache
def lines_home(data_json: str):
    """Every fastest line home from the puzzle's position (one search per puzzle)."""
    return fastest_lines(position(json.loads(data_json)))


def fastest(data, state) -> Move:
    """The next move of a fastest line home from where the attempt stands."""
    board = position(data)
    for played in state.get("moves", []):
        start, end = (parse_hole(h) for h in played.split("-"))
        board, _move = play(board, start, end)
        board.to_move = 1 - board.to_move
    here = frozenset(h for h, s in board.pieces.items() if s == board.to_move)
    return lines_home(json.dumps(data, sort_keys=True)).best[here][0]


def right_answers(puzzle: Puzzle, state) -> list[dict]:
    """The next answer(s), as form posts, that solve ``puzzle`` from ``state``."""
    data = puzzle.kind_data
    if puzzle.kind == "tiaoqi.reach":
        holes = reach(position(data), parse_hole(data["piece"]))
        return [{"move": hole_name(h)} for h in holes] + [{"answer": "done"}]
    if puzzle.kind == "tiaoqi.move":
        return [{"move": text(next(m for m in own_moves(data) if meets(data, m)))}]
    if puzzle.kind == "tiaoqi.longest":
        return [{"move": text(max(own_moves(data), key=lambda m: gain(data, m)))}]
    if puzzle.kind == "tiaoqi.fewest":
        return [{"move": text(fastest(data, state))}]
    if puzzle.kind == "tiaoqi.legal":
        return [{"answer": "legal" if legal(data) else "illegal"}]
    if puzzle.kind == "tiaoqi.result":
        return [{"answer": race_truth(data)}]
    if puzzle.kind == "tiaoqi.camp":
        return [{"move": hole_name(min(camp(data)))}]
    raise AssertionError(f"no engine answer for {puzzle.kind}")


def wrong_answer(puzzle: Puzzle) -> dict | None:
    """A first answer the kind must judge wrong (None: the kind has none to give)."""
    data = puzzle.kind_data
    if puzzle.kind == "tiaoqi.move":
        missed = [m for m in own_moves(data) if not meets(data, m)]
        return {"move": text(missed[0])} if missed else None
    if puzzle.kind == "tiaoqi.longest":
        best = max(gain(data, m) for m in own_moves(data))
        return {"move": text(next(m for m in own_moves(data) if gain(data, m) < best))}
    if puzzle.kind == "tiaoqi.fewest":
        board = position(data)
        here = frozenset(h for h, s in board.pieces.items() if s == board.to_move)
        right = {text(m) for m in lines_home(json.dumps(data, sort_keys=True)).best[here]}
        slower = [m for m in moves(board) if text(m) not in right]
        return {"move": text(slower[0])} if slower else None
    if puzzle.kind == "tiaoqi.legal":
        return {"answer": "illegal" if legal(data) else "legal"}
    if puzzle.kind == "tiaoqi.result":
        return {"answer": next(a for a in ("red", "green", "draw") if a != race_truth(data))}
    if puzzle.kind == "tiaoqi.camp":
        return {"move": hole_name(min(h for h in STAR.points if h not in camp(data)))}
    if puzzle.kind == "tiaoqi.reach":  # Done with one hole missing (or one too many)
        return None
    raise AssertionError(f"no wrong answer for {puzzle.kind}")


def solve(puzzle: Puzzle) -> int:
    """Solve through the kind's checker; every board on the way must draw."""
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    answers = 0
    for _turn in range(20):
        for post in right_answers(puzzle, state):
            answer = kind.parse_answer(data, state, post)
            verdict, state = kind.check(data, state, answer)
            answers += 1
            assert verdict.status in (CORRECT, CONTINUE, MARKED), (
                f"{puzzle.slug}: {post} was {verdict.status}: {verdict.message_text}"
            )
            kind.board(data, state, verdict=verdict, interactive=not verdict.is_final)
            if verdict.is_correct:
                return answers
    raise AssertionError(f"{puzzle.slug}: not solved")


def judged_wrong(puzzle: Puzzle) -> bool | None:
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    if puzzle.kind == "tiaoqi.reach":
        holes = sorted(reach(position(data), parse_hole(data["piece"])))
        for hole in holes[1:]:  # all but one
            _verdict, state = kind.check(data, state, hole_name(hole))
        if not holes:  # a piece that cannot move: mark a neighbour anyway
            (_d, hole), *_rest = STAR.neighbours[parse_hole(data["piece"])]
            _verdict, state = kind.check(data, state, hole_name(hole))
        verdict, _state = kind.check(data, state, "done")
        return verdict.status == WRONG
    post = wrong_answer(puzzle)
    if post is None:
        return None
    verdict, _state = kind.check(data, state, kind.parse_answer(data, state, post))
    return verdict.status == WRONG


# ---------------------------------------------------------------------------
# The tests


@pytest.mark.django_db
def test_the_tiaoqi_lessons_are_enough(shipped):
    lessons = Lesson.objects.filter(game="tiaoqi").prefetch_related("steps", "themes")
    assert lessons.count() >= 8
    for lesson in lessons:
        assert 4 <= lesson.steps.count() <= 8, lesson.slug
        assert any(s.exercise_id for s in lesson.steps.all()), lesson.slug
        assert {t.slug for t in lesson.themes.all()} & {
            "tiaoqi-board",
            "tiaoqi-steps",
            "tiaoqi-jumps",
            "tiaoqi-ladders",
            "tiaoqi-endgame",
            "tiaoqi-rules",
        }, lesson.slug
    exercises = Counter(
        Puzzle.objects.filter(game="tiaoqi", is_public=False).values_list("kind", flat=True)
    )
    for kind in ("reach", "move", "longest", "fewest", "legal", "result", "camp"):
        assert exercises[f"tiaoqi.{kind}"] >= 1, exercises


def test_the_lessons_name_every_clause():
    """Each step names the clauses it teaches in a comment (``# CC-05, CC-07``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"CC-R?\d\d", comment))
    clauses = {f"CC-{n:02}" for n in range(1, 11)} | {f"CC-R{n:02}" for n in range(1, 9)}
    assert not clauses - named, f"no lesson step names {sorted(clauses - named)}"


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_tiaoqi_exercise_and_puzzle_is_solved_by_the_engine(shipped):
    solved = Counter()
    for puzzle in Puzzle.objects.filter(game="tiaoqi").order_by("slug"):
        solve(puzzle)
        solved[puzzle.kind] += 1
    assert sum(solved.values()) >= 25, solved


@pytest.mark.django_db
def test_a_wrong_answer_is_judged_wrong(shipped):
    for puzzle in Puzzle.objects.filter(game="tiaoqi").order_by("slug"):
        assert judged_wrong(puzzle) in (True, None), puzzle.slug


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="tiaoqi"):
        for step in lesson.steps.all():
            if step.board:
                assert "tiaoqi-board" in str(step.static_board), (lesson.slug, step.order)


@pytest.mark.django_db
def test_the_library_is_enough_and_the_first_day_puzzles_sit_at_the_bottom(shipped):
    library = Puzzle.objects.filter(game="tiaoqi", is_public=True)
    assert library.count() >= 100
    first_day = sorted(library, key=lambda p: p.rating)[:10]
    assert all(p.rating < 500 for p in first_day), [(p.slug, p.rating) for p in first_day]


def test_the_answer_helpers_agree_with_the_engine_on_the_vectors():
    """C3, C4, C8 and C11 through the helpers above, so a helper that drifted from the
    rules would be caught here and not only through a puzzle."""
    c3 = {"red": ["e9"], "green": ["f9", "h9"], "piece": "e9"}
    assert {hole_name(h) for h in reach(position(c3), parse_hole("e9"))} >= {"g9", "i9"}
    assert not legal({"red": ["e9"], "green": ["g9"], "move": "e9-i9"})  # C4
    assert legal({"red": ["e9", "f9"], "move": "e9-g9"})  # C8
    assert race_truth({"first": "red", "red": 31, "green": 32}) == "red"  # C11
    assert race_truth({"first": "red", "red": 31, "green": 31}) == "draw"  # C10
    assert camp_of(min(camp({"ask": "target"}))) == "north"
    assert camp_of(min(camp({"ask": "target", "color": "yellow", "players": 3}))) == "south-west"
