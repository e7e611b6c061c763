"""The tactical reader on hand-made positions, one per theme.

Each row: the board (X black, O white), the target, whether the attacker
(moving first) captures, whether the defender (moving first) saves, the first
moves known to be correct for each, and wrong first moves that must get a
refutation. Every position here was also put to GNU Go 3.8 (``attack`` /
``defend``) when it was written, with the same verdicts.
"""

from __future__ import annotations

import pytest

from engines.go import BLACK, EMPTY, WHITE, Board, Move, parse_point, point_name
from engines.go.reading import (
    Reading,
    attack,
    check_first_move,
    defend,
    first_capture,
    is_capturable,
)
from tests.peers.go_tactics import (
    DOUBLE_ATARI,
    RACE_2_2_SHARED,
    RACE_2_3,
    RACE_3_3,
    RACE_3_3_SHARED,
)

LADDER = """
.............
.............
.............
.............
.............
.............
.............
.............
..X..........
..XO.........
...X.........
.............
.............
"""

# The same ladder with a white ladder breaker on its path (H6).
LADDER_BROKEN = LADDER.replace("\n.............\n..X..........", "\n.......O.....\n..X..........")

NET = """
.........
.........
.........
.........
..X......
..XO.....
...X.....
.........
.........
"""

SNAPBACK = """
.........
.........
.........
.........
.........
.........
XXXXX....
XOOOX....
XO..X....
"""

THROW_IN = """
.........
.........
.........
.........
.........
XXXX.....
OOOX.....
.O.OX....
.OXOX....
"""

ESCAPE_BY_CAPTURE = """
.........
.........
.........
..XO.....
.XOXO....
....O....
...O.....
.........
.........
"""

ESCAPE_BY_EXTENDING = """
.........
.........
.........
....O....
...OXO...
.........
.........
.........
.........
"""

ATARI = """
.........
.........
.........
....X....
...XO....
....X....
.........
.........
.........
"""

SAFE = """
.........
.........
.........
....X....
...XO....
.........
.........
.........
.........
"""

# (name, board, target, capture?, save?, correct captures, correct saves, wrong captures)
CASES = [
    ("atari", ATARI, "E5", True, True, {"F5", "F6", "G5", "F4"}, {"F5"}, {"A1", "G6"}),
    ("ladder works", LADDER, "D4", True, True, {"E4"}, {"D5", "E4"}, {"D5", "F4"}),
    ("ladder broken", LADDER_BROKEN, "D4", False, True, set(), set(), {"E4", "D5", "E5"}),
    ("net", NET, "D4", True, True, {"E4"}, {"E4", "D5"}, {"D5", "E5", "F4"}),
    ("snapback", SNAPBACK, "B2", True, False, {"C1", "D1"}, set(), set()),
    ("throw-in", THROW_IN, "B2", True, True, {"C2"}, {"C2"}, {"A1", "A2"}),
    ("escape by capture", ESCAPE_BY_CAPTURE, "D5", True, True, {"D4", "C4"}, {"C4"}, set()),
    ("escape by extending", ESCAPE_BY_EXTENDING, "E5", True, True, {"E4"}, {"E4"}, set()),
    ("safe chain", SAFE, "E5", False, True, set(), set(), {"F5", "E4"}),
    # Capturing races (对杀) on the first line between two big walls (see
    # tests/peers/go_tactics.py): black B2-D2 against white E2-G2.
    # 3 against 3, no shared liberty: whoever moves first wins by filling the
    # other's liberties; filling one's own (B1, C1) loses. Black D1 is not a
    # loss: it keeps three liberties and makes E1 shared (GNU Go agrees).
    (
        "race 3-3",
        RACE_3_3,
        "E2",
        True,
        True,
        {"D1", "E1", "F1", "G1"},
        {"B1", "C1", "D1"},
        {"B1", "C1"},
    ),
    # 3 against 3 with D1 shared: fill an outside liberty (F1, G1); the shared
    # D1 first loses (white fills B1, C1 first and wins by a move).
    (
        "race 3-3 shared",
        RACE_3_3_SHARED,
        "E2",
        True,
        True,
        {"F1", "G1"},
        {"B1", "C1", "D1"},
        {"D1", "B1", "C1"},
    ),
    # 2 against 2 with D1 shared: only the outside liberty F1 wins.
    ("race 2-2 shared", RACE_2_2_SHARED, "E2", True, True, {"F1"}, {"C1", "D1"}, {"D1", "C1"}),
    # Black 2 against white 3, no shared liberty: black is a liberty short.
    # The black chain is dead whoever moves (no save), the white one cannot be
    # captured (no capture): every first move tried gets a refutation.
    ("race lost", RACE_2_3, "D2", True, False, {"C1", "D1", "E1"}, set(), set()),
    ("race won", RACE_2_3, "E2", False, True, set(), set(), {"E1", "F1", "G1", "C1", "D1"}),
    # Double atari (双叫吃): B D6 ataris C6 and D7 together (see below).
    ("double atari", DOUBLE_ATARI, "C6", True, True, {"D6"}, {"B6", "D6"}, {"B6", "B7"}),
]
IDS = [case[0] for case in CASES]


def names(points, size):
    return {point_name(p, size) for p in points}


@pytest.mark.parametrize(
    ("name", "text", "target", "capture", "save", "captures", "saves", "wrong"), CASES, ids=IDS
)
def test_verdicts(name, text, target, capture, save, captures, saves, wrong):
    board = Board.from_text(text)
    n = board.size
    t = parse_point(target, n)
    a = attack(board, t)
    d = defend(board, t)
    assert isinstance(a, Reading) and a.complete and d.complete
    assert a.success == capture
    assert d.success == save
    assert is_capturable(board, t) == capture
    # The first-success search reaches attack's verdict by attack's main line.
    first = first_capture(board, t)
    assert first.complete and (first.success, first.line) == (a.success, a.line)
    if capture:
        assert point_name(a.move, n) in captures
        assert a.line[0] == a.move
        assert a.move in a.correct_moves
        assert names(a.correct_moves, n) <= captures
    else:
        assert a.move is None and a.line == ()
    if save and saves:
        assert point_name(d.move, n) in saves
    for move in captures:
        correct, line = check_first_move(board, t, parse_point(move, n), "capture")
        assert correct, move
        assert line[0] == parse_point(move, n)
    for move in saves:
        assert check_first_move(board, t, parse_point(move, n), "save")[0], move
    for move in wrong:
        correct, refutation = check_first_move(board, t, parse_point(move, n), "capture")
        assert not correct, move
        assert refutation, move
        assert a.refutations.get(parse_point(move, n), refutation) == refutation


def test_ladder_main_line_runs_to_the_edge():
    board = Board.from_text(LADDER)
    reading = attack(board, parse_point("D4", 13))
    # Atari after atari up the diagonal: the defender's stones all go on it.
    assert len(reading.line) >= 15
    assert [point_name(p, 13) for p in reading.line[:4]] == ["E4", "D5", "D6", "E5"]
    # Replaying the line captures the chain.
    replay = board.copy()
    for p in reading.line:
        replay.play(p)  # black (the attacker) first, then alternating

    assert replay[parse_point("D4", 13)] == 0


def test_ladder_breaker_is_the_difference():
    works = attack(Board.from_text(LADDER), parse_point("D4", 13))
    broken = attack(Board.from_text(LADDER_BROKEN), parse_point("D4", 13))
    assert works.success and not broken.success
    # In the broken ladder the atari is refuted by running out.
    refutation = broken.refutations[parse_point("E4", 13)]
    assert point_name(refutation[0], 13) == "D5"


# A net (枷) on the side of a ladder breaker: White C3 breaks the ladder, so
# the ataris at E4 and D5 fail, and a loose net is needed.
NET_BESIDE_A_BREAKER = """
.........
.........
.........
...XX....
....OX...
.....X...
..O......
.........
.........
"""


@pytest.mark.parametrize("move", ["D4", "C4", "D3"])
def test_a_net_from_the_breakers_side_captures(move):
    # C4 and D3 leave White D4 to join the stone: the net then covers the
    # joined stones' liberties (D3 or C4), and they cannot get out.
    board = Board.from_text(NET_BESIDE_A_BREAKER)
    correct, line = check_first_move(board, parse_point("E5", 9), parse_point(move, 9))
    assert correct, move
    after = board.copy()
    for point in line:  # the main line is legal and ends with the stones taken
        after.play(point, enforce_turn=False)
    assert after.cells[parse_point("E5", 9)] == EMPTY


@pytest.mark.parametrize(("move", "escape"), [("E4", "D5"), ("D5", "E4"), ("C5", "E4")])
def test_a_net_beside_a_breaker_refutes_the_ataris(move, escape):
    board = Board.from_text(NET_BESIDE_A_BREAKER)
    correct, refutation = check_first_move(board, parse_point("E5", 9), parse_point(move, 9))
    assert not correct
    assert point_name(refutation[0], 9) == escape


def test_snapback_line_recaptures_at_the_throw_in_point():
    board = Board.from_text(SNAPBACK)
    correct, line = check_first_move(board, parse_point("B2", 9), parse_point("C1", 9))
    assert correct
    assert [point_name(p, 9) for p in line] == ["C1", "D1", "C1"]


def test_wrong_save_gets_the_capturing_line():
    board = Board.from_text(ESCAPE_BY_CAPTURE)
    correct, refutation = check_first_move(
        board, parse_point("D5", 9), parse_point("D4", 9), "save"
    )
    assert not correct
    assert [point_name(p, 9) for p in refutation] == ["C4"]


def test_a_chain_with_five_liberties_needs_no_move():
    board = Board.from_text(SAFE)
    reading = defend(board, parse_point("E5", 9))
    assert reading.success and reading.move is None


def moves(board, names):
    """Play GTP-named moves, alternating from the side to move."""
    for name in names:
        board.play(name)
    return board


@pytest.mark.parametrize(
    ("text", "shared", "outside"),
    [(RACE_3_3_SHARED, "D1", ("F1", "G1")), (RACE_2_2_SHARED, "D1", ("F1",))],
    ids=["3-3", "2-2"],
)
def test_race_fill_outside_liberties_before_the_shared_one(text, shared, outside):
    board = Board.from_text(text)
    target = parse_point("E2", 9)
    for move in outside:
        correct, line = check_first_move(board, target, parse_point(move, 9))
        assert correct, move
        # The main line ends with the white chain off the board.
        replay = moves(board.copy(), [point_name(p, 9) for p in line])
        assert replay[target] == 0
    correct, refutation = check_first_move(board, target, parse_point(shared, 9))
    assert not correct
    # White's answer fills one of black's own outside liberties.
    black_libs = board.chain(parse_point("D2", 9)).liberties
    assert refutation and refutation[0] in black_libs and refutation[0] != parse_point(shared, 9)
    # After the shared fill and that answer, black is captured or in atari
    # with white still out of atari.
    after = moves(board.copy(), [shared, point_name(refutation[0], 9)])
    d2 = parse_point("D2", 9)
    assert after[d2] == 0 or len(after.chain(d2).liberties) == 1
    assert len(after.chain(target).liberties) >= 2


def test_lost_race_every_defence_is_refuted():
    """A dead shape that cannot be saved: black is a liberty short."""
    board = Board.from_text(RACE_2_3)
    target = parse_point("D2", 9)
    reading = defend(board, target)
    assert not reading.success and reading.complete and reading.move is None
    tried = names(reading.refutations, 9)
    # Its own liberties, white's liberties: all tried, all answered.
    assert {"C1", "D1", "E1", "F1", "G1"} <= tried
    for move in ("C1", "D1", "E1", "F1", "G1", "J1", "G6"):
        correct, refutation = check_first_move(board, target, parse_point(move, 9), "save")
        assert not correct, move
        assert refutation, move
        # The refutation leaves black captured, or in atari with no legal
        # way out (the line stops where black has no move left to try).
        replay = board.copy()
        replay.play(Move(BLACK, parse_point(move, 9)))
        for p in refutation:
            replay.play(p)
        assert replay[target] == 0 or len(replay.chain(target).liberties) == 1, move


def test_won_race_every_attack_is_refuted():
    """A chain that cannot be captured: white is a liberty ahead."""
    board = Board.from_text(RACE_2_3)
    target = parse_point("E2", 9)
    reading = attack(board, target)
    assert not reading.success and reading.complete
    assert {"E1", "F1", "G1"} <= names(reading.refutations, 9)
    for move, reply in reading.refutations.items():
        assert reply, point_name(move, 9)
        # White answers by filling a black liberty and stays ahead.
        assert reply[0] in {parse_point("C1", 9), parse_point("D1", 9), parse_point("E1", 9)}
    correct, refutation = check_first_move(board, target, parse_point("E1", 9))
    assert not correct and refutation


def test_double_atari_takes_the_connection():
    """B D6 ataris C6 and D7 at once. The plain atari B6 fails: white connects
    C6 to D7 at D6. After the double atari white can keep only one of them:
    saving D7 (D8) lets black take C6 at B6, saving C6 (B6) lets black take
    D7 at D8; the reader, asked about C6 alone, finds D6 and nothing else."""
    board = Board.from_text(DOUBLE_ATARI)
    c6, d7, d6 = (parse_point(v, 9) for v in ("C6", "D7", "D6"))
    reading = attack(board, c6)
    assert reading.success and reading.move == d6
    assert reading.correct_moves == (d6,)
    assert reading.refutations[parse_point("B6", 9)][0] == d6
    after = moves(board.copy(), ["D6"])
    assert len(after.chain(c6).liberties) == 1 and len(after.chain(d7).liberties) == 1
    saved_d7 = moves(after.copy(), ["D8"])
    assert len(saved_d7.chain(d7).liberties) >= 3
    capture = attack(saved_d7, c6)
    assert capture.success and point_name(capture.move, 9) == "B6"
    saved_c6 = moves(after.copy(), ["B6"])
    capture = attack(saved_c6, d7)
    assert capture.success and point_name(capture.move, 9) == "D8"
    # White to move saves C6 by taking the double-atari point itself.
    assert check_first_move(board, c6, d6, "save")[0]


# Black C4, B3, C2 around white C3 on 5x5. The reader used to call W D3 a
# save: after W D3 B D2 W D4 it never tried B4, which connects the black
# C4 stone (two liberties, about to be counter-ataried) before closing in;
# with it, the white chain has three liberties and no room for two eyes.
# GNU Go's `defend C3` is 0, and after W D3 its `attack C3` is 1 D2: GNU Go
# was right. (The old reading after D2 D4 was refuted only by leaving B4.)
SMALL_DEAD = """
.....
..X..
.XO..
..X..
.....
"""


def test_small_board_dead_stone_cannot_be_saved():
    board = Board.from_text(SMALL_DEAD, to_move=WHITE)
    c3 = parse_point("C3", 5)
    reading = defend(board, c3)
    assert reading.complete and not reading.success
    assert parse_point("D3", 5) in reading.refutations
    for point in range(25):
        if board.is_legal(point):
            correct, refutation = check_first_move(board, c3, point, "save")
            assert not correct and refutation, point_name(point, 5)
    # The line the reader used to miss: W D3 B D2 W D4 B B4.
    after = moves(board.copy(), ["D3", "D2", "D4"])
    correct, line = check_first_move(after, c3, parse_point("B4", 5))
    assert correct and point_name(line[0], 5) == "B4"
    assert not defend(moves(after, ["B4"]), c3).success


def test_small_board_dead_stone_agrees_with_gnugo():
    from tests.peers.gnugo import GnuGo, require_gnugo

    require_gnugo()
    board = Board.from_text(SMALL_DEAD, to_move=WHITE)
    c3 = parse_point("C3", 5)
    setup = ["boardsize 5", "clear_board", "play B C4", "play B B3", "play B C2", "play W C3"]
    with GnuGo(["--chinese-rules"]) as gnugo:
        replies = gnugo.batch([*setup, "defend C3", "play W D3", "attack C3"])
    assert all(reply.ok for reply in replies)
    assert replies[-3].text == "0"
    code, move = replies[-1].text.split()
    assert code == "1"
    # GNU Go's capture after W D3 is one our reader proves too.
    after = moves(board.copy(), ["D3"])
    assert check_first_move(after, c3, parse_point(move, 5))[0]
    assert not defend(board, c3).success
