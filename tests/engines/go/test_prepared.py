"""Judging from what was read out in advance (``prepare``) is judging by reading.

``prepare`` reads a problem's start once: the first moves that matter, and a move
elsewhere (a tenuki) with every point its reading looked at. A learner's first
move is then looked up, or, when it is a quiet stone outside that region, given
the tenuki's verdict. These tests hold the shortcut to the reader itself: every
legal first move of real problems, judged both ways, must come out the same.
"""

from pathlib import Path

import pytest

from engines.budget import Budget, OutOfBudget
from engines.go import parse_point, point_name
from engines.go.problems import Known, Task, is_tenuki, judge, prepare

SGF = Path(__file__).resolve().parents[3] / "content" / "go" / "puzzles" / "sgf"

# Ladders and their breakers, nets, a snapback, a double atari, escapes: on 9x9,
# 13x13 and 19x19 boards, where a far stone can break a ladder.
PROBLEMS = [
    ("ladder-005.sgf", "capture"),
    ("ladder-013.sgf", "capture"),
    ("breaker-002.sgf", "capture"),
    ("breaker-004.sgf", "capture"),
    ("net-006.sgf", "capture"),
    ("snapback-006.sgf", "capture"),
    ("double-atari-012.sgf", "capture"),
    ("ladder-001.sgf", "capture"),
    ("escape-001.sgf", "save"),
    ("escape-004.sgf", "save"),
]
PLENTY = 10**8


def task_of(name: str, aim: str) -> Task:
    return Task.from_sgf((SGF / name).read_text(encoding="utf-8"), aim)


@pytest.mark.parametrize(("name", "aim"), PROBLEMS, ids=[name for name, _ in PROBLEMS])
def test_every_first_move_judged_from_the_table_as_by_reading(name, aim):
    task = task_of(name, aim)
    known = Known.from_json(prepare(task).to_json())  # as stored, and read back
    board = task.problem.board()
    shortcuts = 0
    for point in range(task.size * task.size):
        text = point_name(point, task.size)
        looked_up = judge(task, [], text, known=known, budget=Budget(PLENTY))
        read = judge(task, [], text, budget=Budget(PLENTY))
        assert looked_up == read, text
        shortcuts += is_tenuki(board, point, known)
    # The shortcut is what makes the first move cheap: on a big board, most of
    # the board takes it (on a small one a ladder's reading covers much of it).
    assert shortcuts > (task.size * task.size // 2 if task.size == 19 else 0)


# The ladder of ladder-001 turned round: White to play, saving the marked stone.
# Running away fails (Black ladders it into the corner); a stone on the ladder's
# path breaks the ladder and saves it, wherever it stands on that path.
LADDER_TO_BREAK = (
    "(;GM[1]FF[4]SZ[19]PL[W]AB[do][ep][eq]AW[cn][dp][gq]TR[dp]C[Save it.]"
    ";W[cq]TE[1]C[A ladder breaker.])"
)


def test_a_ladder_breaker_is_read_out_not_taken_for_a_tenuki():
    task = Task.from_sgf(LADDER_TO_BREAK, "save")
    known = Known.from_json(prepare(task).to_json())
    board = task.problem.board()
    assert known.tenuki is not None and known.tenuki[0] is False  # a tenuki loses
    breakers = [p for p in ("C2", "D2", "D1") if judge(task, [], p).status == "correct"]
    assert breakers == ["C2", "D2", "D1"]
    for text in breakers:
        point = parse_point(text, 19)
        assert point in known.region and not is_tenuki(board, point, known)
        assert judge(task, [], text, known=known).status == "correct"
    # A stone far from the ladder's path is a tenuki, and loses like one.
    assert is_tenuki(board, parse_point("Q16", 19), known)
    assert judge(task, [], "Q16", known=known).status == "wrong"


def known_first_right(task: Task) -> str:
    node = next(n for n in task.problem.tree if n.correct)
    return point_name(node.move.point, task.size)


def test_a_move_that_needs_more_reading_than_a_request_allows_is_not_judged():
    task = task_of("breaker-004.sgf", "capture")
    # The first move, off the tree, whose reading costs the most.
    costs = []
    for point in range(task.size * task.size):
        spent = Budget(PLENTY)
        judge(task, [], point_name(point, task.size), budget=spent)
        costs.append((spent.spent, point))
    nodes, point = max(costs)
    text = point_name(point, task.size)
    assert nodes > 100
    with pytest.raises(OutOfBudget):
        judge(task, [], text, budget=Budget(nodes // 2))
    assert judge(task, [], text, budget=Budget(nodes)).status == "wrong"


def test_preparing_stops_at_its_budget():
    task = task_of("ladder-001.sgf", "capture")
    with pytest.raises(OutOfBudget):
        prepare(task, Budget(100))


def test_later_moves_are_read_when_they_come():
    """The table is the start's: after the first move and its reply, reading decides."""
    task = task_of("ladder-005.sgf", "capture")
    known = prepare(task)
    first = judge(task, [], known_first_right(task), known=known)
    assert first.status == "continue"
    moves = [first.move, first.reply]
    board = task.board(moves)
    for point in range(task.size * task.size):
        if board.cells[point]:
            continue
        text = point_name(point, task.size)
        assert judge(task, moves, text, known=known) == judge(task, moves, text)
