"""Black's forbidden moves (禁手), position by position, as seed 003 and RIF define them."""

import pytest

from engines.renju import (
    BLACK,
    DOUBLE_FOUR,
    DOUBLE_THREE,
    OVERLINE,
    WHITE,
    Board,
    FreeBoard,
    IllegalMove,
    names,
    parse_point,
    point_name,
)

from .positions import CASES, Case

SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (14 - x, y),
    lambda x, y: (x, 14 - y),
    lambda x, y: (14 - x, 14 - y),
    lambda x, y: (y, x),
    lambda x, y: (14 - y, x),
    lambda x, y: (y, 14 - x),
    lambda x, y: (14 - y, 14 - x),
]


def transformed(board: Board, point: int, symmetry) -> tuple[Board, int]:
    def move(p):
        x, y = symmetry(p % 15, p // 15)
        return y * 15 + x

    black = [move(p) for p in board.stones(BLACK)]
    white = [move(p) for p in board.stones(WHITE)]
    return Board.setup(black, white), move(point)


def verdict(board: Board, point: int) -> str | None:
    if board.makes_five(point, BLACK):
        return "five"
    foul = board.forbidden(point)
    return foul.kind if foul else None


def test_the_table_is_big_enough():
    assert len(CASES) >= 60
    kinds = {case.expect for case in CASES}
    assert kinds == {DOUBLE_THREE, DOUBLE_FOUR, OVERLINE, "five", None}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_verdict(case: Case):
    board, point = case.board()
    assert verdict(board, point) == case.expect, case.why
    # The fast path (the whole board at once) agrees with the detailed one.
    kinds = board.forbidden_kinds()
    assert kinds.get(point) == (case.expect if case.expect != "five" else None)
    assert set(board.forbidden_points()) == set(kinds)
    assert board.is_forbidden(point) == (case.expect in (DOUBLE_THREE, DOUBLE_FOUR, OVERLINE))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_verdict_under_every_symmetry(case: Case):
    """Turned and mirrored, every position keeps its verdict (all four directions agree)."""
    board, point = case.board()
    whole = board.forbidden_kinds()
    for symmetry in SYMMETRIES[1:]:
        turned, at = transformed(board, point, symmetry)
        assert verdict(turned, at) == case.expect
        assert len(turned.forbidden_kinds()) == len(whole)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_free_gomoku_forbids_nothing(case: Case):
    board, point = case.board()
    free = FreeBoard.setup(board.stones(BLACK), board.stones(WHITE))
    assert free.forbidden(point) is None
    assert free.forbidden_points() == {}
    # Six or more wins in free gomoku: the overline cases are fives there.
    assert free.makes_five(point, BLACK) == (case.expect in ("five", OVERLINE))


def test_the_rows_that_make_a_double_three_are_reported():
    board = Board.setup(black="g8 h9 h10 f8", white="")
    foul = board.forbidden(parse_point("h8"))
    assert foul.kind == DOUBLE_THREE
    assert sorted(names(shape.stones) for shape in foul.shapes) == ["f8, g8, h8", "h8, h9, h10"]
    assert all(shape.kind == "three" for shape in foul.shapes)
    assert foul.reason["zh"].startswith("三三禁手")


def test_a_one_line_double_four_reports_both_fours():
    board = Board.setup(black="d8 f8 g8 j8", white="")
    foul = board.forbidden(parse_point("h8"))
    assert foul.kind == DOUBLE_FOUR
    assert sorted(point_name(s.points[0]) for s in foul.shapes) == ["e8", "i8"]
    assert {s.direction for s in foul.shapes} == {"horizontal"}


def test_a_false_three_says_which_point_fails_and_why():
    case = next(c for c in CASES if c.name.startswith("false 3x3: the row's"))
    board, point = case.board()
    analysis = board.analyse(point)
    (false,) = analysis.of_kind("false-three")
    ((where, why),) = false.why
    assert why == DOUBLE_FOUR
    assert analysis.foul is None
    assert len(analysis.of_kind("three")) == 1
    assert board.forbidden(where) is None  # without the stone at * it is no double-four


def test_overline_reports_the_whole_row():
    board = Board.setup(black="c8 d8 e8 g8 h8 i8 j8")
    foul = board.forbidden(parse_point("f8"))
    assert foul.kind == OVERLINE
    assert names(foul.shapes[0].stones) == "c8, d8, e8, f8, g8, h8, i8, j8"


# ---------------------------------------------------------------------------
# Playing: the checked path


def test_black_may_not_play_a_forbidden_point():
    board = Board.from_moves("h8 h9 i8 i9 j9 g9 j7 k9")
    before = board.diagram()
    with pytest.raises(IllegalMove) as caught:
        board.play("j8")
    assert caught.value.code == DOUBLE_THREE
    assert board.diagram() == before and board.to_move == BLACK
    assert parse_point("j8") not in board.legal_moves()


def test_white_may_play_any_shape():
    """White has no forbidden moves: a double-three for white is just a good move."""
    board = Board.setup(black="a1 a3 a5 o1", white="g8 h9 h10 f8", to_move=WHITE)
    board.play("h8")
    assert board.outcome() is None
    board = Board.setup(black="a1 a3 a5 a7 o1 o3", white="c8 d8 e8 g8 h8", to_move=WHITE)
    board.play("f8")
    assert board.outcome().winner == WHITE  # six in a row wins for white


def test_a_five_wins_even_when_it_makes_a_forbidden_shape():
    case = next(c for c in CASES if c.name == "five with an overline in another line wins")
    board, point = case.board()
    board.play(point)
    outcome = board.outcome()
    assert outcome.winner == BLACK and outcome.reason == "five"
    assert len(outcome.line) == 5


def test_black_overline_is_not_a_win():
    board = Board.setup(black="c8 d8 e8 g8 h8 o1", white="a1 a3 a5 a7 a9")
    with pytest.raises(IllegalMove) as caught:
        board.play("f8")
    assert caught.value.code == OVERLINE
    free = FreeBoard.setup(black="c8 d8 e8 g8 h8 o1", white="a1 a3 a5 a7 a9")
    free.play("f8")
    assert free.outcome().winner == BLACK


def test_the_first_move_is_tengen():
    board = Board()
    with pytest.raises(IllegalMove) as caught:
        board.play("a1")
    assert caught.value.code == "centre"
    assert board.legal_moves() == [parse_point("h8")]
    board.play("h8")
    assert board.to_move == WHITE


def test_occupied_and_game_over():
    board = Board.from_moves("h8 a1 i8 a2 j8 a3 k8 a4")
    with pytest.raises(IllegalMove) as caught:
        board.play("h8")
    assert caught.value.code == "occupied"
    board.play("l8")
    assert board.outcome().winner == BLACK
    with pytest.raises(IllegalMove) as caught:
        board.play("m8")
    assert caught.value.code == "game-over"
    assert board.legal_moves() == []


def test_pop_undoes_everything():
    board = Board.from_moves("h8 a1 i8 a2 j8 a3 k8 a4")
    snapshot = (board.diagram(), board.to_move, board.text())
    board.play("l8")
    assert board.is_over
    board.pop()
    assert (board.diagram(), board.to_move, board.text()) == snapshot
    assert not board.is_over


# ---------------------------------------------------------------------------
# Seed rule 6: the foul must be pointed out at once


def test_white_claims_a_forbidden_move_at_once():
    board = Board.from_moves("h8 h9 i8 i9 j9 g9 j7 k9")
    board.play("j8", allow_foul=True)
    assert board.pending_foul.kind == DOUBLE_THREE
    outcome = board.claim_foul()
    assert outcome.winner == WHITE and outcome.reason == "foul"
    assert outcome.foul.point == parse_point("j8")


def test_a_foul_not_claimed_at_once_stands():
    board = Board.from_moves("h8 h9 i8 i9 j9 g9 j7 k9")
    board.play("j8", allow_foul=True)
    board.play("a1")  # white plays on instead of pointing it out
    assert board.pending_foul is None
    assert board.outcome() is None
    with pytest.raises(IllegalMove) as caught:
        board.claim_foul()
    assert caught.value.code == "no-foul"
    # The game goes on with the stone where it is.
    assert board[parse_point("j8")] == BLACK


def test_there_is_nothing_to_claim_after_a_legal_move():
    board = Board.from_moves("h8 h9")
    board.play("i8")
    with pytest.raises(IllegalMove):
        board.claim_foul()


def test_a_game_from_moves_refuses_a_foul_unless_told():
    moves = "h8 h9 i8 i9 j9 g9 j7 k9 j8"
    with pytest.raises(IllegalMove) as caught:
        Board.from_moves(moves)
    assert caught.value.code == DOUBLE_THREE
    assert Board.from_moves(moves, allow_fouls=True).pending_foul is not None


# ---------------------------------------------------------------------------
# Coordinates


@pytest.mark.parametrize(
    "name,point", [("a15", 0), ("o15", 14), ("h8", 112), ("a1", 210), ("o1", 224), ("H8", 112)]
)
def test_point_names(name, point):
    assert parse_point(name) == point
    assert point_name(point) == name.lower()


@pytest.mark.parametrize("bad", ["", "h", "h0", "h16", "p1", "z9", "88", "h08", "hh8", 5, None])
def test_bad_point_names(bad):
    with pytest.raises(ValueError):
        parse_point(bad)


def test_every_point_round_trips():
    assert all(parse_point(point_name(p)) == p for p in range(225))


def test_set_up_refuses_a_finished_position_and_doubles():
    with pytest.raises(ValueError, match="five"):
        Board.setup(black="a1 b1 c1 d1 e1")
    with pytest.raises(ValueError, match="twice"):
        Board.setup(black="h8", white="h8")
