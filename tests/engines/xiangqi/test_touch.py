"""Touch-move, seed 004 附1-附5 (XQ-13 to XQ-17): vectors X27-X31 and each clause's
fallbacks in order."""

import pytest

from engines.xiangqi import Position, parse_square
from engines.xiangqi.touch import touch
from tests.engines.xiangqi.vectors import TOUCH_FEN


def allowed(fen, *points, at_once=False):
    ruling = touch(Position(fen), [parse_square(p) for p in points], at_once=at_once)
    return ruling.clause, ruling.why, {m.text() for m in ruling.moves}


def all_moves(fen):
    return {m.text() for m in Position(fen).legal_moves()}


def test_x27_own_piece_must_move():
    clause, why, moves = allowed(TOUCH_FEN, "c4")
    assert (clause, why) == ("附1", "move-touched")
    assert len(moves) == 13 and all(m.startswith("c4") for m in moves)


def test_x28_enemy_piece_must_be_taken():
    assert allowed(TOUCH_FEN, "c6") == ("附2", "take-touched", {"c4c6"})


def test_x29_enemy_piece_no_one_can_take_frees_the_move():
    clause, why, moves = allowed(TOUCH_FEN, "e8")
    assert (clause, why) == ("附2", "free")
    assert moves == all_moves(TOUCH_FEN) and len(moves) == 19


def test_x30_own_then_enemy_moves_the_own_piece_when_it_cannot_take():
    assert allowed(TOUCH_FEN, "f1", "c6") == (
        "附3",
        "move-touched",
        {"f1d2", "f1e3", "f1g3", "f1h2"},
    )


def test_x31_enemy_then_own_takes_with_another_piece_first():
    assert allowed(TOUCH_FEN, "c6", "f1") == ("附4", "take-touched", {"c4c6"})


def test_own_then_enemy_the_touched_piece_takes_first():
    assert allowed(TOUCH_FEN, "c4", "c6") == ("附3", "take-with-touched", {"c4c6"})
    assert allowed(TOUCH_FEN, "c6", "c4") == ("附4", "take-with-touched", {"c4c6"})


def test_at_once_is_handled_as_fu4():
    assert allowed(TOUCH_FEN, "f1", "c6", at_once=True) == ("附5", "take-touched", {"c4c6"})


def test_fu1_a_piece_that_cannot_move_frees_the_move():
    # The horse on e2 is pinned by the facing generals: it has no legal move.
    fen = "4k4/9/9/9/9/9/9/9/4N4/4K4 w"
    assert allowed(fen, "e2") == ("附1", "free", all_moves(fen))


def test_fu3_and_fu4_run_out_of_options():
    # Own pinned horse e2, enemy cannon a8 that nothing can take.
    fen = "4k4/9/c8/9/9/9/9/9/4N4/4K4 w"
    assert allowed(fen, "e2", "a8") == ("附3", "free", all_moves(fen))
    assert allowed(fen, "a8", "e2") == ("附4", "free", all_moves(fen))


def test_fu4_moves_the_own_piece_when_nothing_can_take():
    assert allowed(TOUCH_FEN, "e8", "f1") == (
        "附4",
        "move-touched",
        {"f1d2", "f1e3", "f1g3", "f1h2"},
    )


def test_nothing_touched_and_empty_points():
    assert allowed(TOUCH_FEN)[:2] == (None, "nothing-touched")
    with pytest.raises(ValueError):
        allowed(TOUCH_FEN, "e5")


def test_the_ruling_explains_itself():
    ruling = touch(Position(TOUCH_FEN), [parse_square("c6")])
    assert set(ruling.reason) == {"zh", "en"}
