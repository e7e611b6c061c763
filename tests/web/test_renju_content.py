"""The Renju lessons and puzzles we ship: they load, they are enough, and each one is solvable.

Loading proves every puzzle with the engine; then every exercise and puzzle is
solved here through its kind's own checker, with answers worked out by the engine
(never read from the file), the way a learner's answers are judged.
"""

import re
from collections import Counter

import pytest

from engines.renju import parse_points, point_name
from engines.renju.solver import vcf, verify_line
from puzzles.games.renju.kinds import position
from puzzles.kinds import CONTINUE, CORRECT, MARKED, get_kind
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content, solve_through_kind
from tutorials.models import Lesson


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    """Only the Renju folder (and the themes): the Go library takes half a minute."""
    with shipped_content(django_db_blocker, "renju"):
        yield


def first_posts(puzzle: Puzzle, state) -> list[dict]:
    """The next answer(s) that solve ``puzzle`` from ``state``, from the engine."""
    kind, data = get_kind(puzzle.kind), puzzle.data
    if puzzle.kind == "renju.forbidden":
        points = sorted(point_name(p) for p in position(data).forbidden_points())
        return [{"move": p} for p in points] + [{"answer": "done"}]
    if puzzle.kind == "renju.is_forbidden":
        board = position(data)
        return [{"answer": kind.truth(board, kind_point(data))}]
    if puzzle.kind == "renju.five":
        board = position(data)
        return [{"move": point_name(board.five_points(board.to_move)[0])}]
    if puzzle.kind in ("renju.vcf", "renju.trap"):
        board = kind.current(data, state)
        result = vcf(board, attacker=position(data).to_move)
        return [{"move": point_name(result.line[0])}]
    if puzzle.kind == "renju.defend":
        board = kind.current(data, state)
        return [{"move": point_name(kind.analysis(board).stops[0])}]
    if puzzle.kind == "renju.point":
        return [{"move": point_name(kind.answers(data)[0])}]
    if puzzle.kind == "renju.claim":
        return [{"answer": "claim" if position(data).pending_foul else "play"}]
    raise AssertionError(f"no solver for {puzzle.kind}")


def kind_point(data):
    from engines.renju import parse_point

    return parse_point(data["point"])


def solve(puzzle: Puzzle) -> int:
    return solve_through_kind(puzzle, first_posts, turns=40, statuses=(CORRECT, CONTINUE, MARKED))


@pytest.mark.django_db
def test_renju_content_is_enough(shipped):
    lessons = Lesson.objects.filter(game="renju").prefetch_related("steps")
    assert lessons.count() >= 8
    for lesson in lessons:
        exercises = [s for s in lesson.steps.all() if s.exercise_id]
        assert len(exercises) >= 4, f"{lesson.slug} has {len(exercises)} exercises"
    library = Puzzle.objects.filter(game="renju", is_public=True)
    assert library.count() >= 150
    by_kind = Counter(library.values_list("kind", flat=True))
    for kind in (
        "renju.forbidden",
        "renju.is_forbidden",
        "renju.five",
        "renju.vcf",
        "renju.defend",
        "renju.trap",
    ):
        assert by_kind[kind] >= 5, by_kind
    hand_made = library.exclude(slug__startswith="renju-gen-")
    assert hand_made.count() >= 40
    assert library.filter(slug__startswith="renju-gen-").count() >= 100


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_renju_puzzle_and_exercise_is_solvable(shipped):
    solved = 0
    for puzzle in Puzzle.objects.filter(game="renju").exclude(kind="renju.diagram"):
        solve(puzzle)
        solved += 1
    assert solved >= 150


@pytest.mark.django_db
def test_every_lesson_board_draws(shipped):
    for lesson in Lesson.objects.filter(game="renju"):
        for step in lesson.steps.all():
            if step.board:
                assert "grid-board" in str(step.static_board)


@pytest.mark.django_db
def test_a_generated_win_on_a_forbidden_block_says_so(shipped):
    """The line each generated VCF or trap explanation gives wins, played by the engine;
    it ends on black's forced block at a forbidden point exactly when the text says so."""
    wins = Puzzle.objects.filter(
        kind__in=("renju.vcf", "renju.trap"), slug__startswith="renju-gen-"
    )
    fouls = 0
    for puzzle in wins:
        en = puzzle.explanation_en
        line = re.findall(r"(?:Black|White) ([a-o]\d+)\b", en)
        line += re.findall(r"only block is ([a-o]\d+)", en)
        finish = verify_line(position(puzzle.data), parse_points(" ".join(line)))
        assert finish, f"{puzzle.slug}: the line does not win"
        says = "forbidden for Black" in en and "禁手" in puzzle.explanation_zh
        assert says == (finish == "foul"), puzzle.slug
        fouls += finish == "foul"
    assert wins.count() >= 30 and fouls >= 10


def test_the_first_day_puzzles_sit_at_the_bottom_with_one_double_three(shipped):
    first_day = Puzzle.objects.filter(slug__startswith="renju-first-three-")
    assert first_day.count() >= 4
    rest = Puzzle.objects.filter(game="renju", is_public=True).exclude(pk__in=first_day)
    lowest_other = min(puzzle.rating for puzzle in rest)
    for puzzle in first_day:
        board = position(puzzle.data)
        assert list(board.forbidden_kinds().values()) == ["double-three"], puzzle.slug
        assert len(parse_points(puzzle.data["black"])) <= 5  # an almost empty board
        assert puzzle.rating < lowest_other
        hint, _ = get_kind(puzzle.kind).hint(puzzle.data, {})
        assert hint["en"] == "There is one forbidden point here."


def test_every_library_puzzle_has_a_small_picture(shipped, db):
    """The home page's daily puzzles and a teacher's picker show one for each."""
    for puzzle in Puzzle.objects.filter(game="renju", is_public=True):
        picture = str(thumbnail(puzzle))
        assert "<svg" in picture or 'class="card ' in picture, puzzle.slug
