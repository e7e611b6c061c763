"""The rules of play, clause by clause (xiangqi.md §1b, XQ-R01 to XQ-R11), with the
spec's vectors X9-X16, FEN in and out, and the reasons a move is refused."""

import pytest

from engines.xiangqi import (
    BLACK,
    CANNON,
    RED,
    SOLDIER,
    START_FEN,
    BadPosition,
    IllegalMove,
    Move,
    Position,
    parse_square,
    piece,
    square_name,
)


def destinations(fen: str, point: str) -> set[str]:
    position = Position(fen)
    sq = parse_square(point)
    return {square_name(m.to_square) for m in position.legal_moves() if m.from_square == sq}


def legal(fen: str) -> set[str]:
    return {m.text() for m in Position(fen).legal_moves()}


# XQ-R01: the board, the palaces, Red first


def test_start_position_board_and_red_moves_first():
    position = Position()
    assert position.fen() == START_FEN
    assert position.turn == RED
    assert len(position.pieces(RED)) == len(position.pieces(BLACK)) == 16
    assert square_name(position.kings[RED]) == "e1"
    assert square_name(position.kings[BLACK]) == "e10"
    assert len(position.legal_moves()) == 44


def test_fen_round_trip_and_other_letters():
    fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
    assert Position(fen).fen() == fen
    # CPW letters: H (horse) and E (elephant) read as N and B; "r" as Red to move.
    assert Position("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").fen() == (
        START_FEN
    )


@pytest.mark.parametrize(
    "fen",
    [
        "",
        "rnbakabnr/9/1c5c1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",  # 10 points
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",  # side
        "rnbaxabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",  # letter
        "9/9/9/9/9/9/9/9/9/4K4 w",  # no black general
        "3k5/9/9/9/9/9/9/9/9/K8 w",  # general outside the palace
        "3k5/9/9/9/9/4B4/9/9/9/4K4 w",  # elephant across the river
        "3k5/9/9/9/9/9/9/9/A8/3K5 w",  # advisor outside the palace
        "4k4/9/9/9/9/9/9/9/9/4K4 b",  # generals facing, Red not to move: in check
    ],
)
def test_bad_fens_are_refused(fen):
    with pytest.raises(BadPosition):
        Position(fen)


def test_a_refusal_is_a_value_error_with_a_reason_in_both_languages():
    with pytest.raises(ValueError) as caught:
        Position("9/9")
    assert caught.value.code == "bad-fen"
    assert set(caught.value.reason) == {"zh", "en"}


# XQ-R02, XQ-R03: general and advisors in the palace


def test_general_steps_orthogonally_inside_the_palace():
    assert destinations("5k3/9/9/9/9/9/9/9/9/3K5 w", "d1") == {"d2", "e1"}
    assert destinations("3k5/9/9/9/9/9/9/4K4/9/9 w", "e3") == {"e2", "f3"}  # d3: facing
    position = Position("5k3/9/9/9/9/9/9/3K5/9/9 w")
    assert position.why_illegal(Move.from_text("d3c3")) == "palace"
    assert position.why_illegal(Move.from_text("d3e4")) == "general-move"


def test_advisor_x15():
    assert destinations("5k3/9/9/9/9/9/9/9/4A4/3K5 w", "e2") == {"d3", "f1", "f3"}
    position = Position("5k3/9/9/9/9/9/9/3A5/9/4K4 w")
    assert destinations(position.fen(), "d3") == {"e2"}
    assert position.why_illegal(Move.from_text("d3c4")) == "palace"


# XQ-R04: elephants, 塞象眼, the river


def test_elephant_eye_x10():
    assert destinations("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w", "c1") == {"a3"}
    assert destinations("5k3/9/9/9/9/9/9/9/9/2B1K4 w", "c1") == {"a3", "e3"}
    position = Position("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w")
    assert position.why_illegal(Move.from_text("c1e3")) == "elephant-eye"


def test_elephant_never_crosses_the_river_x11():
    assert destinations("5k3/9/9/9/9/2B6/9/9/9/4K4 w", "c5") == {"a3", "e3"}
    position = Position("5k3/9/9/9/9/2B6/9/9/9/4K4 w")
    assert position.why_illegal(Move.from_text("c5e7")) == "river"
    black = Position("4k4/9/9/9/2b6/9/9/9/9/3K5 b")
    assert destinations(black.fen(), "c6") == {"a8", "e8"}


# XQ-R05: horses, 蹩马腿


def test_horse_leg_x9():
    assert destinations("5k3/9/9/9/9/9/9/9/1R7/1N2K4 w", "b1") == {"d2"}
    assert destinations("5k3/9/9/9/9/9/9/9/9/1N2K4 w", "b1") == {"a3", "c3", "d2"}
    assert destinations("5k3/9/9/9/9/9/9/9/1R7/1NB1K4 w", "b1") == set()
    position = Position("5k3/9/9/9/9/9/9/9/1R7/1N2K4 w")
    assert position.why_illegal(Move.from_text("b1c3")) == "horse-leg"
    assert position.why_illegal(Move.from_text("b1b3")) == "horse-move"


@pytest.mark.parametrize(
    ("leg", "lost"),
    [("e6", {"d7", "f7"}), ("e4", {"d3", "f3"}), ("d5", {"c6", "c4"}), ("f5", {"g6", "g4"})],
)
def test_horse_legs_in_all_four_directions(leg, lost):
    free = "5k3/9/9/9/9/4N4/9/9/9/3K5 w"
    assert destinations(free, "e5") == {"d7", "f7", "d3", "f3", "c6", "c4", "g6", "g4"}
    position = Position(free)
    position.board[parse_square(leg)] = Position("4k4/9/9/9/9/9/9/9/9/p2K5 w").board[0]
    blocked = destinations(position.fen(), "e5")
    assert blocked == destinations(free, "e5") - lost


# XQ-R06, XQ-R07: rooks and cannons, one screen


def test_rook_moves_along_lines_until_blocked():
    assert destinations("5k3/9/9/9/9/9/9/9/9/R3K4 w", "a1") == {
        *(f"a{r}" for r in range(2, 11)),
        "b1",
        "c1",
        "d1",
    }
    position = Position("5k3/9/9/9/9/9/9/N8/9/R3K4 w")
    assert position.why_illegal(Move.from_text("a1a5")) == "line-blocked"


def test_cannon_screen_x12():
    fen = "5k3/p8/9/9/9/P8/9/9/9/C3K4 w"
    assert destinations(fen, "a1") == {"a2", "a3", "a4", "b1", "c1", "d1", "a9"}
    two_screens = "5k3/p8/9/p8/9/P8/9/9/9/C3K4 w"
    assert "a7" in destinations(two_screens, "a1") and "a9" not in destinations(two_screens, "a1")
    no_screen = "5k3/p8/9/9/9/9/9/9/9/C3K4 w"
    assert "a9" not in destinations(no_screen, "a1")
    assert Position(no_screen).why_illegal(Move.from_text("a1a9")) == "cannon-screen"
    assert Position(two_screens).why_illegal(Move.from_text("a1a9")) == "cannon-screen"


# XQ-R08: soldiers


def test_soldiers_x14():
    assert destinations("5k3/9/9/9/4P4/9/9/9/9/4K4 w", "e6") == {"d6", "e7", "f6"}
    assert destinations("5k3/9/9/9/9/9/4P4/9/9/4K4 w", "e4") == {"e5"}
    assert destinations("3k4P/9/9/9/9/9/9/9/9/4K4 w", "i10") == {"h10"}
    position = Position("5k3/9/9/9/9/9/4P4/9/9/4K4 w")
    assert position.why_illegal(Move.from_text("e4d4")) == "soldier-sideways"
    assert position.why_illegal(Move.from_text("e4e3")) == "soldier-move"
    black = Position("4k4/9/9/9/9/4p4/9/9/9/3K5 b")
    assert destinations(black.fen(), "e5") == {"d5", "e4", "f5"}


# XQ-R09: no facing generals; pins


def test_facing_generals_pin_x13():
    assert legal("4k4/9/9/9/9/9/9/9/4N4/4K4 w") == {"e1d1", "e1f1"}
    position = Position("4k4/9/9/9/9/9/9/9/4N4/4K4 w")
    assert position.why_illegal(Move.from_text("e2c3")) == "facing-generals"
    # The general may not step onto the open file either.
    assert "d1" not in destinations("3k5/9/9/9/9/9/9/9/9/4K4 w", "e1")


# XQ-R10: never leave your general in check


def test_check_must_be_answered():
    checked = Position("5k3/9/9/9/9/9/9/9/9/r2K5 w")
    assert checked.is_check()
    assert {m.text() for m in checked.legal_moves()} == {"d1d2"}
    assert checked.why_illegal(Move.from_text("d1e1")) == "self-check"
    pinned = Position("5k3/9/3r5/9/9/9/9/3R5/9/3K5 w")  # the rook on d3 shields d1
    assert not pinned.is_check()
    assert pinned.why_illegal(Move.from_text("d3a3")) == "self-check"
    assert {"d3d8", "d3d4", "d3d2"} <= {m.text() for m in pinned.legal_moves()}


def test_every_checker_kind_gives_check():
    cases = {
        "rook": "3k5/9/9/9/9/9/9/9/9/3r1K3 w",
        "horse": "3k5/9/9/9/9/9/9/4n4/9/5K3 w",
        "cannon": "3k5/9/9/5c3/9/9/5p3/9/9/5K3 w",
        "soldier": "3k5/9/9/9/9/9/9/9/5p3/5K3 w",
        "soldier-beside": "3k5/9/9/9/9/9/9/9/9/4pK3 w",
    }
    for name, fen in cases.items():
        assert Position(fen).is_check(), name
    # A horse with its leg blocked gives no check.
    assert not Position("3k5/9/9/9/9/9/9/4n4/4A4/5K3 w").is_check()


# XQ-R11: mate and 困毙 both lose


def test_stalemate_loses_x16():
    position = Position("3k5/R8/9/9/9/9/9/9/9/4K4 b")
    assert not position.is_check()
    assert position.legal_moves() == []
    assert position.is_stalemate() and not position.is_checkmate()
    outcome = position.outcome()
    assert (outcome.winner, outcome.reason) == ("red", "stalemate")


def test_checkmate_loses():
    position = Position("4k4/R8/9/9/9/9/9/9/9/1R1K5 w")
    position.play("b1b10")
    assert position.is_checkmate()
    assert position.outcome().winner == "red"
    assert position.outcome().reason == "checkmate"
    with pytest.raises(IllegalMove) as caught:
        position.play("e10e9")
    assert caught.value.code == "game-over"


# Moves: texts, push/pop, errors


def test_move_texts_round_trip():
    for text in ("h3e3", "h10g8", "a1a10", "i10i9"):
        assert Move.from_text(text).text() == text
    assert Move.from_text("H3-E3").text() == "h3e3"
    for bad in ("", "h3", "z1a1", "a0a1", "a11a1", "h3e3e3"):
        with pytest.raises(IllegalMove):
            Move.from_text(bad)


def test_push_pop_restores_everything():
    position = Position()
    before = (position.fen(), position.key, list(position.board))
    for text in ["h3e3", "h10g8", "h1g3", "i10h10", "e3e7", "g8e7"]:
        position.play(text)
    # e3e7 takes a black soldier, g8e7 the red cannon back.
    assert position.captures == [0, 0, 0, 0, piece(SOLDIER, BLACK), piece(CANNON, RED)]
    while position.move_stack:
        position.pop()
    assert (position.fen(), position.key, list(position.board)) == before


def test_keys_follow_the_position_not_the_path():
    a = Position()
    a.play_moves("h3e3 h10g8 b1c3")
    b = Position()
    b.play_moves("b1c3 h10g8 h3e3")
    assert a.key == b.key == Position(a.fen()).key


def test_refusals_carry_codes():
    position = Position()
    for move, code in (
        ("e5e6", "no-piece"),
        ("a7a6", "not-your-piece"),
        ("a1a4", "own-piece"),
        ("c1e3", None),
        ("b3b10", None),
    ):
        assert position.why_illegal(Move.from_text(move)) == code, move
    with pytest.raises(IllegalMove) as caught:
        position.play("c1c3")
    assert caught.value.code == "elephant-move"
    assert "zh" in caught.value.reason


# Destinations with reasons (the "tick every legal destination" exercises)


def reasons(fen: str, point: str) -> dict[str, str | None]:
    position = Position(fen)
    return {square_name(t): why for t, why in position.destinations(parse_square(point)).items()}


def test_destinations_explain_every_point_of_the_pattern():
    assert reasons("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w", "c1") == {"a3": None, "e3": "elephant-eye"}
    assert reasons("5k3/9/9/9/9/2B6/9/9/9/4K4 w", "c5") == {
        "a3": None,
        "e3": None,
        "a7": "river",
        "e7": "river",
    }
    general = reasons("5k3/9/9/9/9/9/9/3K5/9/9 w", "d3")
    assert general == {"c3": "palace", "d2": None, "d4": "palace", "e3": None}
    soldier = reasons("5k3/9/9/9/9/9/4P4/9/9/4K4 w", "e4")
    assert soldier == {
        "d4": "soldier-sideways",
        "e3": "soldier-move",
        "e5": None,
        "f4": "soldier-sideways",
    }
    pinned = reasons("4k4/9/9/9/9/9/9/9/4N4/4K4 w", "e2")
    assert set(pinned.values()) == {"facing-generals"}
    cannon = reasons("5k3/p8/9/9/9/P8/9/9/9/C3K4 w", "a1")
    assert {t for t, why in cannon.items() if why is None} == {
        "a2",
        "a3",
        "a4",
        "b1",
        "c1",
        "d1",
        "a9",
    }
    assert cannon["a5"] == "own-piece" and cannon["a10"] == "line-blocked"
    assert cannon["e1"] == "own-piece" and cannon["f1"] == "line-blocked"


def test_destinations_of_the_side_not_to_move():
    assert reasons("4k4/9/9/9/9/9/9/9/4N4/4K4 b", "e10") == {"d10": None, "e9": None, "f10": None}
    with pytest.raises(ValueError):
        Position().destinations(parse_square("e5"))
