"""Problems found in engine-played games: proven by the reader, named truly, rated, written."""

import functools

import pytest

from engines.go import EMPTY, WHITE, Board, parse_point, point_name
from engines.go.generate import (
    Found,
    canonical,
    play_game_number,
    prove,
    read_out,
    to_problem,
)
from engines.go.problems import Task, judge, verify
from engines.go.sgf import split_bilingual

# The easiest problems of the hand-written library start here (basics.toml).
LIBRARY_EASIEST = 550


@functools.cache
def found(diagram: str, aim: str, target: str, to_move: int = 1) -> Found:
    board = Board.from_text(diagram, to_move)
    result = read_out(board, aim, (parse_point(target, board.size),))
    assert result is not None, "not kept"
    return result


# A white stone in atari, its way out leading to its friends: black takes it at
# once, and only there. (9x9, the top row first.)
ONE_IN_ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . O O . . . .
. . . . . . . . .
. . . X O X . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# A lone black stone in atari, black to play: it runs out by extending.
RUN_OUT = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . O . . . .
. . . O X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def working_moves(item: Found) -> list[int]:
    """Every first move that works, as the site judges a learner's click."""
    task = item.task()
    board = item.board()
    works = []
    for point in range(item.size * item.size):
        if board.cells[point] == EMPTY:
            verdict = judge(task, [], point_name(point, item.size))
            if verdict.status in ("correct", "continue"):
                works.append(point)
    return works


def test_a_stone_in_atari_is_a_first_day_capture():
    item = found(ONE_IN_ATARI, "capture", "E5")
    assert item.kind == "capture-in-one"
    assert item.themes == ("atari",)
    assert item.answers == (parse_point("E6", 9),)
    assert working_moves(item) == list(item.answers)
    assert item.rating < LIBRARY_EASIEST


def test_running_out_of_atari_is_a_first_day_escape():
    item = found(RUN_OUT, "save", "E5")
    assert item.kind == "escape-extend"
    assert item.answers == (parse_point("E4", 9),)
    assert working_moves(item) == list(item.answers)
    assert item.rating < LIBRARY_EASIEST


def test_the_written_problem_proves_and_says_what_happens():
    item = found(ONE_IN_ATARI, "capture", "E5")
    proven = prove(item)
    assert proven is not None
    sgf, nodes = proven
    task = Task.from_sgf(sgf, "capture")
    assert verify(task) == [] and nodes > 0
    problem = task.problem
    assert split_bilingual(problem.comment) == {
        "zh": "黑先，吃掉△白子。",
        "en": "Black to play: capture the marked stone.",
    }
    right = split_bilingual(problem.tree[0].comment)
    assert right["zh"].startswith("正解。△白子只剩E6一口气（liberty）")
    assert "captures a stone" in right["en"]


def test_a_problem_turned_or_with_the_colours_swapped_is_the_same():
    item = found(ONE_IN_ATARI, "capture", "E5")
    colours = ONE_IN_ATARI.replace("X", "x").replace("O", "X").replace("x", "O")
    swapped = Board.from_text(colours, WHITE)
    turned = Board.from_text("\n".join(line[::-1] for line in ONE_IN_ATARI.splitlines()))
    other = read_out(swapped, "capture", (parse_point("E5", 9),))
    mirror = read_out(turned, "capture", (parse_point("E5", 9),))
    assert canonical(item) == canonical(other) == canonical(mirror)
    assert canonical(item) != canonical(found(RUN_OUT, "save", "E5"))


def test_nothing_to_solve_is_not_kept():
    # Three liberties in the open: no move captures it.
    board = Board.from_text(ONE_IN_ATARI.replace(". . . X O X . . .", ". . . . O X . . ."))
    assert read_out(board, "capture", (parse_point("E5", 9),)) is None


@pytest.mark.parametrize("number", [0, 1, 2])
def test_games_are_the_same_for_the_same_seed(number):
    game = play_game_number(number, seed=7)
    assert game == play_game_number(number, seed=7)
    assert game != play_game_number(number, seed=8)
    assert game.size == (9, 13, 19)[number]
    assert play_game_number(number, seed=7, most=10).moves == game.moves[:10]


def test_the_sgf_comments_never_speak_of_how_the_problem_was_made():
    for item in (found(ONE_IN_ATARI, "capture", "E5"), found(RUN_OUT, "save", "E5")):
        problem = to_problem(item)
        texts = [problem.comment]
        stack = list(problem.tree)
        while stack:
            node = stack.pop()
            texts.append(node.comment)
            stack.extend(node.children)
        for text in texts:
            assert "seed" not in text.lower() and "generat" not in text.lower()
