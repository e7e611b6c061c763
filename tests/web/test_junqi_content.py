"""The 四国军棋 lessons and puzzles we ship: they load, they are enough, every rule
is taught, and each exercise and puzzle is solved through its kind's own checker.

The answers are worked out here by the engine, never read from the file or from
what the kind stored: ``reach`` for the points a piece reaches, the own pieces whose
reach holds the target for "who", a move found by ``reach`` for "get there",
``fight`` for a battle, ``setup_faults`` and a small search for swaps that put a
set-up right, a line of ``fastest_lines`` for the fewest moves to take a piece, and
the board's kinds for "click a camp". Where a kind can say "wrong", a wrong answer
worked out the same way is judged wrong.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from django.conf import settings

from engines.junqi import (
    AREAS,
    BOARD,
    SEATS,
    area_points,
    fight,
    local,
    moves,
    name,
    parse_point,
    play,
    point,
    reach,
    setup_faults,
)
from engines.junqi.capture import fastest_lines, key
from puzzles.games.junqi.kinds import position
from puzzles.kinds import CONTINUE, CORRECT, MARKED, WRONG, get_kind
from puzzles.models import Puzzle
from tests.shipped import shipped_content
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "junqi" / "lessons"
THEMES = {
    "junqi-board",
    "junqi-pieces",
    "junqi-railway",
    "junqi-engineer",
    "junqi-bombs-mines",
    "junqi-setup",
    "junqi-flag",
    "junqi-camps",
    "junqi-rules",
}
KINDS = ("reach", "who", "move", "fight", "setup", "capture", "point")
MAX_SWAPS = 3  # the longest chain of swaps the search below tries
SEARCH = 60_000  # the placements a capture search may visit, as the loader allows


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "junqi"):
        yield


# ---------------------------------------------------------------------------
# The engine's answers


def after(data, state) -> object:
    """The puzzle's position after the attempt's moves (South keeps the move)."""
    board = position(data)
    for text in state.get("moves", []):
        start, end = (parse_point(t) for t in text.split("-"))
        board, _move = play(board, start, end)
    return board


def reached(data) -> list[str]:
    """Every point the ``junqi.reach`` puzzle's piece reaches."""
    return sorted(name(p) for p in reach(position(data), parse_point(data["piece"])))


def who(data) -> list[str]:
    """The pieces of the side to move whose reach holds the target."""
    board = position(data)
    target = parse_point(data["target"])
    return sorted(
        name(p)
        for p, piece in board.pieces.items()
        if piece.seat == board.to_move and target in reach(board, p)
    )


def own_moves(data) -> list[str]:
    """Every move of the side to move, or of the one piece the puzzle names."""
    found = [f"{name(m.start)}-{name(m.end)}" for m in moves(position(data))]
    if "piece" in data:
        found = [m for m in found if m.split("-")[0] == data["piece"].upper()]
    return sorted(found)


def arriving(data) -> list[str]:
    return [m for m in own_moves(data) if m.split("-")[1] == data["to"].upper()]


def placement(data) -> dict:
    return {parse_point(p): rank for p, rank in data["pieces"].items()}


def fixing_swaps(pieces: dict) -> list[tuple]:
    """The fewest swaps that make a set-up legal, each moving a piece that breaks a
    rule (breadth first, at most ``MAX_SWAPS``); [] for a legal one."""
    layer = [(dict(pieces), [])]
    seen = {tuple(sorted(pieces.items()))}
    for _depth in range(MAX_SWAPS + 1):
        found = []
        for now, swaps in layer:
            faults = setup_faults("S", now)
            if not faults:
                return swaps
            wrong = {p for _code, p in faults if p is not None}
            for a, b in combinations(sorted(now), 2):
                if not {a, b} & wrong or now[a] == now[b]:
                    continue
                swapped = dict(now)
                swapped[a], swapped[b] = now[b], now[a]
                seen_key = tuple(sorted(swapped.items()))
                if seen_key not in seen:
                    seen.add(seen_key)
                    found.append((swapped, [*swaps, (a, b)]))
        layer = found
    raise AssertionError(f"no {MAX_SWAPS} swaps make this set-up legal")


def fixable(data) -> bool:
    codes = {code for code, _p in setup_faults("S", placement(data))}
    return data.get("fix", True) and not codes & {"count", "outside", "camp"}


@functools.cache
def lines(data_json: str):
    """Every fastest line to the target from the puzzle's position (one search each)."""
    data = json.loads(data_json)
    target = parse_point(data["target"])
    return fastest_lines(position(data), target, max_moves=5, max_positions=SEARCH)


def fastest_next(data, state) -> str:
    board = after(data, state)
    return lines(json.dumps(data, sort_keys=True)).best[key(board, board.to_move)][0]


def points_asked(data) -> list[str]:
    """The points a ``junqi.point`` puzzle asks for: its kind, in its army's area."""
    area = AREAS[SEATS.index(data["area"])] if "area" in data else None
    return sorted(
        name(p)
        for p in BOARD.of_kind(data["ask"])
        if area is None or (local(p) or ("",))[0] == area
    )


def right_answers(puzzle: Puzzle, state) -> list[dict]:
    """The next answer(s), as form posts, that solve ``puzzle`` from ``state``."""
    data = puzzle.data
    kind = puzzle.kind.removeprefix("junqi.")
    if kind == "reach":
        return [{"move": p} for p in reached(data)] + [{"answer": "done"}]
    if kind == "who":
        return [{"move": p} for p in who(data)] + [{"answer": "done"}]
    if kind == "move":
        return [{"move": arriving(data)[0]}]
    if kind == "fight":
        return [{"answer": fight(data["attacker"], data["defender"])}]
    if kind == "setup":
        if "said" not in state:
            legal = not setup_faults("S", placement(data))
            return [{"answer": "legal" if legal else "illegal"}]
        now = get_kind(puzzle.kind).current(data, state)
        a, b = fixing_swaps(now)[0]
        return [{"move": f"{name(a)}-{name(b)}"}]
    if kind == "capture":
        return [{"move": fastest_next(data, state)}]
    if kind == "point":
        return [{"move": points_asked(data)[0]}]
    raise AssertionError(f"no engine answer for {puzzle.kind}")


def slower(data) -> str | None:
    """A first move after which the target cannot be taken in the moves left."""
    board = position(data)
    target = parse_point(data["target"])
    fewest = lines(json.dumps(data, sort_keys=True)).moves
    for move in moves(board):
        if move.end == target and move.result in ("attacker", "both", "flag"):
            continue  # it takes the target: only when one move is the fewest
        if fewest == 1:
            return move.text
        board_after, _move = play(board, move.start, move.end)
        rest = fastest_lines(board_after, target, max_moves=fewest - 1, max_positions=SEARCH)
        if rest.moves is None:
            return move.text
    return None


def wrong_answer(puzzle: Puzzle) -> dict | None:
    """A first answer the kind must judge wrong (None: the kind has none to give)."""
    data = puzzle.data
    kind = puzzle.kind.removeprefix("junqi.")
    if kind == "move":
        missed = [m for m in own_moves(data) if m not in arriving(data)]
        return {"move": missed[0]} if missed else None
    if kind == "fight":
        truth = fight(data["attacker"], data["defender"])
        return {"answer": next(a for a in ("attacker", "defender", "both") if a != truth)}
    if kind == "setup":
        return {"answer": "illegal" if not setup_faults("S", placement(data)) else "legal"}
    if kind == "capture":
        found = slower(data)
        return {"move": found} if found else None
    if kind == "point":
        asked = set(points_asked(data))
        return {"move": next(name(p) for p in sorted(BOARD.points) if name(p) not in asked)}
    raise AssertionError(f"no wrong answer for {puzzle.kind}")


def solve(puzzle: Puzzle) -> int:
    """Solve through the kind's checker; every board on the way must draw."""
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    answers = 0
    for _turn in range(12):
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
    if puzzle.kind in ("junqi.reach", "junqi.who"):
        truth = reached(puzzle.data) if puzzle.kind == "junqi.reach" else who(puzzle.data)
        marked = truth[1:]  # all but one
        if not truth:  # nothing is right: mark something anyway
            board = position(puzzle.data)
            if puzzle.kind == "junqi.reach":
                marked = [name(sorted(BOARD.neighbours[parse_point(data["piece"])])[0][1])]
            else:
                own = [p for p, piece in board.pieces.items() if piece.seat == board.to_move]
                marked = [name(min(own))]
        for p in marked:
            _verdict, state = kind.check(data, state, p)
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
def test_the_junqi_lessons_are_enough(shipped):
    lessons = Lesson.objects.filter(game="junqi").prefetch_related("steps", "themes")
    assert lessons.count() >= 8
    for lesson in lessons:
        assert 4 <= lesson.steps.count() <= 8, lesson.slug
        assert any(s.exercise_id for s in lesson.steps.all()), lesson.slug
        assert {t.slug for t in lesson.themes.all()} & THEMES, lesson.slug
    exercises = Counter(
        Puzzle.objects.filter(game="junqi", is_public=False).values_list("kind", flat=True)
    )
    for kind in KINDS:
        assert exercises[f"junqi.{kind}"] >= 1, exercises


def test_the_lessons_name_every_clause():
    """Each step names the clauses it teaches in a comment (``# JQ-04, JQ-R05``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"JQ-R?\d\d", comment))
    clauses = {f"JQ-{n:02}" for n in range(1, 17)} | {f"JQ-R{n:02}" for n in range(1, 10)}
    assert not clauses - named, f"no lesson step names {sorted(clauses - named)}"


def test_every_lesson_step_names_a_clause():
    for path in LESSONS.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        above = re.findall(r"^(.*)\n\[\[steps\]\]", text, re.M)
        assert len(above) == text.count("[[steps]]"), path.name
        assert all(line.startswith("# JQ-") for line in above), (path.name, above)


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_junqi_exercise_and_puzzle_is_solved_by_the_engine(shipped):
    solved = Counter()
    for puzzle in Puzzle.objects.filter(game="junqi").order_by("slug"):
        solve(puzzle)
        solved[puzzle.kind] += 1
    assert sum(solved.values()) >= 25, solved


@pytest.mark.django_db
def test_a_wrong_answer_is_judged_wrong(shipped):
    for puzzle in Puzzle.objects.filter(game="junqi").order_by("slug"):
        assert judged_wrong(puzzle) in (True, None), puzzle.slug


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="junqi"):
        for step in lesson.steps.all():
            if step.board:
                assert "junqi-board" in str(step.static_board), (lesson.slug, step.order)


@pytest.mark.django_db
def test_the_library_is_enough_and_the_first_day_puzzles_sit_at_the_bottom(shipped):
    library = Puzzle.objects.filter(game="junqi", is_public=True)
    assert library.count() >= 100
    first_day = sorted(library, key=lambda p: p.rating)[:10]
    assert all(p.rating < 500 for p in first_day), [(p.slug, p.rating) for p in first_day]


def test_the_answer_helpers_agree_with_the_engine_on_the_vectors():
    """J2, J12, J13, J14–J16 and a two-move capture through the helpers above, so a
    helper that drifted from the rules would be caught here and not only through a
    puzzle."""
    assert len(reached({"south": {"S10": "marshal"}, "piece": "S10"})) == 23  # J2
    j12 = {
        "south": {"S12": "engineer", "S50": "general", "S34": "major-general", "S22": "brigadier"},
        "east": {"S52": "lieutenant", "C9": "captain"},
    }
    assert who({**j12, "target": "C1"}) == ["S50"]
    assert who({**j12, "target": "C9"}) == ["S34"]
    assert who({**j12, "target": "N52"}) == []
    assert who({**j12, "target": "W14"}) == ["S50"]
    assert fight("engineer", "mine") == "attacker"  # J13
    assert fight("marshal", "mine") == "defender"
    base = dict(zip(legal_points(), army(), strict=True))
    assert fixing_swaps(base) == []
    bomb_in_front = swapped(base, "S51", "S22")  # J14
    assert setup_faults("S", bomb_in_front) and len(fixing_swaps(bomb_in_front)) == 1
    mine_forward = swapped(swapped(base, "S51", "S22"), "S11", "S33")
    assert len(fixing_swaps(mine_forward)) == 2
    assert points_asked({"ask": "hq", "area": "north"}) == ["N01", "N03"]
    dig = {
        "south": {"S10": "engineer"},
        "east": {"N11": "mine", "N01": "flag"},
        "target": "N01",
    }
    assert fastest_next(dig, {}) == "S10-N11"
    assert slower(dig)  # any other first move needs more than two


def legal_points() -> list:
    return [p for p in area_points("S") if BOARD.kind(p) != "camp"]


def army() -> list[str]:
    """South's 25 pieces in the order of ``legal_points``: rows 0 and 1 first, so the
    flag lands on S01 and the mines on the back rows, the bombs behind the front."""
    ranks = {point("S00"): "mine", point("S01"): "flag", point("S02"): "mine"}
    ranks |= {point("S11"): "mine", point("S22"): "bomb", point("S31"): "bomb"}
    officers = [
        "marshal",
        "general",
        "major-general",
        "major-general",
        "brigadier",
        "brigadier",
        "colonel",
        "colonel",
        "major",
        "major",
        "captain",
        "captain",
        "captain",
        "lieutenant",
        "lieutenant",
        "lieutenant",
        "engineer",
        "engineer",
        "engineer",
    ]
    return [ranks[p] if p in ranks else officers.pop() for p in legal_points()]


def swapped(pieces: dict, a: str, b: str) -> dict:
    now = dict(pieces)
    now[point(a)], now[point(b)] = pieces[point(b)], pieces[point(a)]
    return now
