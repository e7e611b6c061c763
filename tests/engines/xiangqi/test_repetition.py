"""Repetition rulings (XQ-R12; seeds XQ-06, XQ-09): vectors X23-X26, the Chinese
rules' mixed cases against WXF, the natural limit (XQ-R13) and the match
tie-break by pieces left (XQ-10, X34)."""

import pytest

from engines.xiangqi import Position, parse_square
from engines.xiangqi.repetition import (
    RULES,
    Ruling,
    chased,
    cycle_start,
    result,
    ruling,
    tiebreak_by_material,
)
from tests.engines.xiangqi.vectors import REPETITIONS


def played(fen: str, moves: str) -> Position:
    position = Position(fen)
    position.play_moves(moves)
    return position


@pytest.mark.parametrize("name", sorted(REPETITIONS))
@pytest.mark.parametrize("rules", ["chinese", "wxf"])
def test_vectors_x23_to_x26(name, rules):
    fen, moves, expected = REPETITIONS[name]
    position = played(fen, moves)
    assert ruling(position, rules) == Ruling(*expected)
    # One ply earlier the position had occurred only twice: no ruling yet.
    position.pop()
    assert ruling(position, rules) is None


def test_the_ruling_comes_at_the_third_occurrence_x23():
    fen, moves, _ = REPETITIONS["X23"]
    texts = moves.split()
    for plies in range(len(texts)):
        assert ruling(played(fen, " ".join(texts[:plies]))) is None, plies
    assert cycle_start(played(fen, moves)) == 1


def test_rules_none_draws_every_repetition():
    fen, moves, _ = REPETITIONS["X23"]
    assert ruling(played(fen, moves), "none") == Ruling("draw", "repetition", None)
    with pytest.raises(ValueError):
        ruling(Position(), "fide")
    assert RULES == ("chinese", "wxf", "none")


def test_a_capture_breaks_the_count():
    # The same shuffle, but Black's first move takes a soldier: the position
    # before the capture never comes back.
    position = played("3k5/9/9/9/9/9/9/9/9/4K3R w", "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9")
    assert ruling(position) is None


# Chases (捉)


def test_chase_of_an_unprotected_piece_x24():
    position = played("5k3/9/2c6/9/9/9/9/9/9/R3K4 w", "a1a8")
    assert chased(position) == {parse_square("c8")}


def test_no_chase_of_a_protected_piece_x25():
    assert chased(played("2r2k3/9/2c6/9/9/9/9/9/9/R3K4 w", "a1a8")) == set()


def test_a_horse_attacking_a_rook_chases_it_even_when_protected():
    # The horse i6 goes to h8 and attacks the rook on f9, which the general on e9
    # protects: a rook attacked by a horse is chased all the same.
    position = played("3a5/4kr3/9/9/8N/9/9/9/9/3K5 w", "i6h8")
    assert parse_square("f9") in chased(position)


def test_an_exchange_offer_is_no_chase():
    # Rook against rook on an open file: the black rook can take back at once.
    position = played("3k5/9/9/9/9/r8/9/9/9/4K3R w", "i1i5")
    assert chased(position) == set()


def test_generals_and_uncrossed_soldiers_are_never_chased():
    assert chased(played("5k3/9/9/9/4p4/9/9/9/9/R3K4 w", "a1a6")) == set()  # e6 not crossed
    crossed = played("5k3/9/9/9/9/9/4p4/9/9/R3K4 w", "a1a4")
    assert chased(crossed) == {parse_square("e4")}  # a crossed soldier can be chased


def test_a_general_or_soldier_attacking_is_no_chase():
    position = played("5k3/9/9/9/9/9/9/9/3c5/4K4 w", "e1e2")  # the general now attacks d2
    assert chased(position) == set()


# Mixed cases: where the Chinese rules and WXF differ


def check_and_chase_game():
    """Red alternates a check and a chase of an unprotected cannon (一将一捉);
    Black's moves are idle."""
    fen = "3k5/9/9/9/9/9/9/2c6/9/R3K4 w"
    moves = "a1a10 d10d9 a10a3 d9d10 a3a10 d10d9 a10a3 d9d10 a3a10"
    return played(fen, moves)


def test_check_and_chase_loses_under_chinese_rules_only():
    position = check_and_chase_game()
    assert ruling(position) == Ruling("black", "perpetual-attack", "red")
    # WXF: not every move is a check, and the chased piece is not chased on every move.
    assert ruling(position, "wxf") == Ruling("draw", "idle-repetition", None)


def test_both_sides_chasing():
    # Red's rook chases the cannon (a8/a7 against c8/c7); each flight of the cannon
    # attacks an unprotected red horse over a screen (e8, e7), g7 and g8 in turn.
    # Chinese rules: both sides attack on every move, a draw (不变作和). WXF counts
    # only the same piece chased on every move: Red chases the one cannon, Black
    # two horses by turns, so Red alone is chasing and loses (pyffish agrees).
    fen = "3k5/9/2c1b1N2/4p1N2/9/9/9/9/9/R3K4 w"
    moves = "a1a8 c8c7 a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8"
    position = played(fen, moves)
    assert ruling(position) == Ruling("draw", "mutual-perpetual", None)
    assert ruling(position, "wxf") == Ruling("black", "perpetual-chase", "red")


# Two games from the pyffish differential where the rule sets part (pyffish's
# ruling in brackets).

GAME_660 = (
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "b3b10 b8b6 a1a3 h8h1 i1h1 i10i8 h1i1 i8i10 i1h1 i10i8 h3b3 i8h8 g4g5 a10b10 a3a1 b6h6 "
    "b3b5 d10e9 g1e3 h8b8 e3g1 b8h8 g1e3 h8b8 e3g1 b8h8",
)
GAME_1917 = (
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
    "h1f2 c5d3 c2c10 d10e9 i4i5 b10b6 g4g5 b6b10 h4e4 b10b6 e4h4 b6b10 h4e4 b10b6 c10d10 "
    "b6b1 d1e2 b1b6 e2d1 b6b1 d1e2 b1b6 e2d1",
)


def test_wxf_judges_the_move_into_the_cycle_too():
    # Black's rook chases the cannon on b5 on every move of the cycle (h8b8 directly,
    # b8h8 by uncovering the rook on b10), but not on the move before it (b6h6):
    # the Chinese rules judge the cycle alone, WXF as Fairy-Stockfish (draw).
    position = played(*GAME_660)
    assert ruling(position) == Ruling("red", "perpetual-chase", "black")
    assert ruling(position, "wxf") == Ruling("draw", "idle-repetition", None)


def test_a_pinned_attacker_chases_under_wxf_only():
    # e2d1 frees the horse f2's leg, so it attacks the horse on d3; but f2 is pinned
    # by the cannon on f6 (screen f5) against the general on f1, so it could not
    # take. Chinese rules: no chase, a draw. WXF (Fairy-Stockfish, Black wins):
    # Red chases d3 on every move.
    position = played(*GAME_1917)
    assert chased(position) == set()
    assert parse_square("d3") in chased(position, "wxf")
    assert ruling(position) == Ruling("draw", "idle-repetition", None)
    assert ruling(position, "wxf") == Ruling("black", "perpetual-chase", "red")


# The end of a game


def test_result_joins_mate_stalemate_repetition_and_the_natural_limit():
    assert result(Position("3k5/R8/9/9/9/9/9/9/9/4K4 b")).reason == "stalemate"
    mate = played("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "b1b10")
    assert (mate.outcome().winner, result(mate).reason) == ("red", "checkmate")
    fen, moves, _ = REPETITIONS["X23"]
    outcome = result(played(fen, moves))
    assert (outcome.winner, outcome.reason, outcome.offender) == ("black", "perpetual-check", "red")
    assert result(Position()) is None
    limit = Position("5k3/9/9/9/9/9/9/9/9/R3K4 w - - 119 60")
    assert result(limit) is None
    limit.play("a1a2")
    assert (result(limit).winner, result(limit).reason) == (None, "natural-limit")
    assert result(limit, natural_limit=None) is None


def test_tiebreak_by_pieces_left_x34():
    seven_six = Position("3akab2/9/4b4/9/p8/9/P8/9/R8/2BAKAB2 w")
    assert tiebreak_by_material(seven_six) == "red"
    seven_seven = Position("3akab2/9/4b4/9/p7p/9/P8/9/R8/2BAKAB2 w")
    assert tiebreak_by_material(seven_seven) is None  # a replay
    assert tiebreak_by_material(Position("3akab2/9/4b4/9/9/9/9/9/9/4K4 w")) == "black"
