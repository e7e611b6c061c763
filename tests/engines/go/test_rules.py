"""围棋 rules as tables: seeds 000 and 002, position by position.

Boards are written as text, top row first: ``X`` black, ``O`` white, ``.`` empty.
Moves are GTP names (``C4``: column C, row 4 counted from the bottom).
"""

import random
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sgfmill import boards as sgfmill_boards

from engines.go import (
    BLACK,
    EMPTY,
    REASONS,
    WHITE,
    Board,
    IllegalMove,
    Move,
    Score,
    parse_point,
    point_name,
    zobrist,
)


def names(points, size):
    return sorted(point_name(p, size) for p in points)


def board_at(text, to_move=BLACK, rules="chinese"):
    return Board.from_text(text, to_move=to_move, rules=rules)


def assert_illegal(board, move, code, **kwargs):
    before = (list(board.cells), board.hash, board.to_move, dict(board.captures))
    history = len(board.move_stack)
    with pytest.raises(IllegalMove) as caught:
        board.play(move, **kwargs)
    assert caught.value.code == code
    # A refused move leaves no trace.
    assert (list(board.cells), board.hash, board.to_move, dict(board.captures)) == before
    assert len(board.move_stack) == history
    assert not board.is_legal(move, **kwargs)
    return caught.value


# ---------------------------------------------------------------------------
# 第二条 下法: black first, alternate, one stone at a time, stones never move


def test_black_plays_first_and_the_sides_alternate():
    board = Board(9)
    assert board.to_move == BLACK
    played = [board.play(m) for m in ("E5", "C3", "G7", "pass", "D4")]
    assert [m.color for m in played] == [BLACK, WHITE, BLACK, WHITE, BLACK]
    assert board.to_move == WHITE
    assert [m.text(9) for m in board.move_stack] == ["B E5", "W C3", "B G7", "W pass", "B D4"]
    # One stone per move, and it stays where it was put.
    assert len(board.stones(BLACK)) == 3 and len(board.stones(WHITE)) == 1
    assert board[parse_point("E5", 9)] == BLACK


@pytest.mark.parametrize(
    "moves, wrong",
    [
        ([], "W E5"),  # white cannot start
        (["E5"], "B D4"),  # black cannot play twice
        (["E5", "D4"], "W C3"),
        (["pass"], "B C3"),  # a pass is a turn too
    ],
)
def test_not_your_turn(moves, wrong):
    board = Board(9)
    for m in moves:
        board.play(m)
    assert_illegal(board, wrong, "not-your-turn")
    # GTP may place several stones of one colour in a row.
    board.play(wrong, enforce_turn=False)
    assert board.to_move == (WHITE if wrong.startswith("B") else BLACK)


def test_setup_position_chooses_who_moves():
    board = Board.setup(9, black=[parse_point("E5", 9)], to_move=WHITE)
    assert board.play("D4").color == WHITE
    assert_illegal(board, "W C3", "not-your-turn")


# ---------------------------------------------------------------------------
# 虚着 pass; 终局 end of the game


def test_pass_changes_the_turn_and_nothing_else():
    board = Board(9)
    board.play("E5")
    cells, board_hash = list(board.cells), board.hash
    move = board.play("pass")
    assert move == Move(WHITE, None) and move.is_pass and move.text() == "W pass"
    assert board.cells == cells and board.hash == board_hash
    assert board.to_move == BLACK and board.passes == 1 and not board.is_over


def test_a_move_between_passes_keeps_the_game_going():
    board = Board(9)
    for m in ("pass", "E5", "pass", "D4"):
        board.play(m)
    assert board.passes == 0 and board.result is None
    board.play("pass")
    assert board.passes == 1 and not board.is_over


@pytest.mark.parametrize("after", ["E5", "pass", "B E5", "W E5"])
def test_two_passes_in_a_row_end_the_game(after):
    board = Board(9)
    board.play("C3")
    board.play("pass")
    board.play("pass")
    assert board.is_over and board.result == "passes"
    assert board.legal_moves() == []
    error = assert_illegal(board, after, "game-over", enforce_turn=False)
    assert error.reason["en"] == "The game is over."
    # Undoing the second pass reopens the game.
    board.pop()
    assert not board.is_over and board.passes == 1
    board.play("E5")


@pytest.mark.parametrize(
    "who, result", [(None, "resign-B"), (BLACK, "resign-B"), (WHITE, "resign-W")]
)
def test_resignation_ends_the_game(who, result):
    board = Board(9)
    board.resign(who)
    assert board.is_over and board.result == result
    assert_illegal(board, "E5", "game-over")
    with pytest.raises(IllegalMove) as caught:
        board.resign()
    assert caught.value.code == "game-over"


def test_the_player_to_move_resigns_by_default():
    board = Board(9)
    board.play("E5")
    board.resign()
    assert board.result == "resign-W"


# ---------------------------------------------------------------------------
# Off the board, occupied


@pytest.mark.parametrize("move", [81, -1, 1000, "J10", "A10", "Z1", "ka", "zz", Move(BLACK, 81)])
def test_off_the_board(move):
    assert_illegal(Board(9), move, "off-board")


@pytest.mark.parametrize("move", ["I5", "E", "55", "hello", "E5 E5"])
def test_bad_move_text_is_a_value_error(move):
    with pytest.raises(ValueError):
        Board(9).play(move)


@pytest.mark.parametrize("first, second", [("E5", "E5"), ("E5", "ee"), ("ee", "E5")])
def test_occupied(first, second):
    board = Board(9)
    board.play(first)
    error = assert_illegal(board, second, "occupied")
    assert "E5" in str(error)


def test_every_illegal_move_code_has_a_reason_in_chinese_and_english():
    assert set(REASONS) == {
        "occupied",
        "suicide",
        "superko",
        "not-your-turn",
        "off-board",
        "game-over",
    }
    for code in REASONS:
        error = IllegalMove(code, "E5")
        assert error.code == code
        assert any("\u4e00" <= ch <= "\u9fff" for ch in error.reason["zh"]), code
        assert error.reason["en"].isascii() and error.reason["en"].endswith("."), code
        assert str(error).startswith(f"{code}: ") and "(E5)" in str(error)
        assert isinstance(error, ValueError)
    assert "禁着点" in REASONS["suicide"][0]
    assert "全局同形" in REASONS["superko"][0]


# ---------------------------------------------------------------------------
# 第三条 气: liberties and chains

CROSS = """
.....
.....
..X..
.....
.....
"""


@pytest.mark.parametrize(
    "position, at, stones, liberties",
    [
        (CROSS, "C3", 1, ["B3", "C2", "C4", "D3"]),  # a lone stone in the middle: 4
        ("..X..\n.....\n.....\n.....\n.....", "C5", 1, ["B5", "C4", "D5"]),  # edge: 3
        ("X....\n.....\n.....\n.....\n.....", "A5", 1, ["A4", "B5"]),  # corner: 2
        # Two stones side by side share nothing: 6 liberties.
        (".....\n.....\n.XX..\n.....\n.....", "B3", 2, ["A3", "B2", "B4", "C2", "C4", "D3"]),
        # Corner pair: 3.
        ("XX...\n.....\n.....\n.....\n.....", "B5", 2, ["A4", "B4", "C5"]),
        # An L of three: a liberty touching two stones counts once.
        (".....\n.X...\n.XX..\n.....\n.....", "C3", 3, ["A3", "A4", "B2", "B5", "C2", "C4", "D3"]),
        # A neighbour of the other colour takes a liberty away.
        (".....\n..O..\n..X..\n.....\n.....", "C3", 1, ["B3", "C2", "D3"]),
        (".....\n..O..\n.OX..\n..O..\n.....", "C3", 1, ["D3"]),  # atari
        # Diagonal stones are not connected.
        (".....\n.X...\n..X..\n.....\n.....", "C3", 1, ["B3", "C2", "C4", "D3"]),
        # The whole bottom row, one liberty left.
        (".....\n.....\n.....\nOOOO.\nXXXXX", "A1", 5, ["E2"]),
        # A white ring in the corner: one liberty inside, six outside.
        ("OOO..\nO.O..\nOOO..\n.....\n.....", "A5", 8, ["A2", "B2", "B4", "C2", "D3", "D4", "D5"]),
        (
            # A ring: the white chain's liberties are inside and out.
            ".....\n.OOO.\n.O.O.\n.OOO.\n.....",
            "B4",
            8,
            ["A2", "A3", "A4", "B1", "B5", "C1", "C3", "C5", "D1", "D5", "E2", "E3", "E4"],
        ),
    ],
)
def test_liberties_and_chains(position, at, stones, liberties):
    board = board_at(position)
    point = parse_point(at, board.size)
    chain = board.chain(point)
    assert chain.color == board[point]
    assert len(chain.stones) == stones and point in chain.stones
    assert names(chain.liberties, board.size) == liberties


def test_chain_of_an_empty_point_is_an_error():
    with pytest.raises(ValueError, match="no stone at C3"):
        Board(5).chain(parse_point("C3", 5))


# ---------------------------------------------------------------------------
# 第四条 提子: the two kinds of capture


@pytest.mark.parametrize(
    "position, to_move, move, captured",
    [
        (".....\n..X..\n.XO..\n..X..\n.....", BLACK, "D3", ["C3"]),  # one stone, middle
        ("O....\nX....\n.....\n.....\n.....", BLACK, "B5", ["A5"]),  # corner stone
        ("XOOX.\n.X...\n.....\n.....\n.....", BLACK, "C4", ["B5", "C5"]),  # edge pair
        (".X.X.\nXO.OX\n.X.X.\n.....\n.....", BLACK, "C4", ["B4", "D4"]),  # two chains
        (".....\n..O..\n.OX..\n..O..\n.....", WHITE, "D3", ["C3"]),  # white captures
        (".....\n.....\nXXXXX\nOOOOO\n.....", BLACK, "A1", []),  # B1..E1 still free
    ],
)
def test_capture_when_the_opponent_has_no_liberties(position, to_move, move, captured):
    """第四条一: 下子后，对方棋子无气，应立即提取."""
    board = board_at(position, to_move)
    size = board.size
    others = len(board.stones(3 - to_move))
    board.play(move)
    for name in captured:
        assert board[parse_point(name, size)] == EMPTY, name
    assert len(board.stones(3 - to_move)) == others - len(captured)
    assert board.captures[to_move] == len(captured)
    assert board[parse_point(move, size)] == to_move


@pytest.mark.parametrize(
    "position, to_move, move, captured",
    [
        # The black stone at A5 has no liberty when it lands, nor has the white chain.
        (".OX..\nOOX..\nXXX..\n.....\n.....", BLACK, "A5", ["A4", "B4", "B5"]),
        # A ko: the capturing stone is surrounded by white when it is played.
        (".XO..\nXO.O.\n.XO..\n.....\n.....", BLACK, "C4", ["B4"]),
        # Into the last liberty of a five-stone chain.
        ("XO.OX\nXOOOX\nXXXXX\n.....\n.....", BLACK, "C5", ["B4", "B5", "C4", "D4", "D5"]),
        # White in the middle of four black stones in atari: all four go.
        ("..O..\n.OXO.\nOX.XO\n.OXO.\n..O..", WHITE, "C3", ["B3", "C2", "C4", "D3"]),
        # A capturing race (对杀): both chains have one shared liberty; the mover wins.
        (".....\n.....\nXXXXX\nOOOOO\n.XXXX", BLACK, "A1", ["A2", "B2", "C2", "D2", "E2"]),
        (".....\n.....\nXXXXX\nOOOOO\n.XXXX", WHITE, "A1", ["B1", "C1", "D1", "E1"]),
    ],
)
def test_capture_when_both_sides_have_no_liberties(position, to_move, move, captured):
    """第四条二: 双方棋子都呈无气状态，应立即提取对方无气之子 — the mover's stone stays."""
    board = board_at(position, to_move)
    size = board.size
    point = parse_point(move, size)
    # Played without capturing, the mover's chain would have no liberty at all.
    board.cells[point] = to_move
    assert not board.chain(point).liberties
    board.cells[point] = EMPTY
    others = len(board.stones(3 - to_move))
    board.play(move)
    assert board[point] == to_move
    for name in captured:
        assert board[parse_point(name, size)] == EMPTY, name
    assert len(board.stones(3 - to_move)) == others - len(captured)
    assert board.captures[to_move] == len(captured)
    # Now the mover's stone breathes through the captured points.
    assert board.chain(point).liberties


# ---------------------------------------------------------------------------
# 第五条 禁着点: forbidden points

SUICIDES = [
    # A single stone into the opponent's eye (corner).
    (".O...\nO....\n.....\n.....\n.....", BLACK, "A5"),
    # ... in the middle.
    (".....\n..O..\n.O.O.\n..O..\n.....", BLACK, "C3"),
    # ... on the edge, for white.
    (".X.X.\n..X..\n.....\n.....\n.....", WHITE, "C5"),
    # A three-stone chain filling its own last liberty.
    ("XXO..\n.O...\nO....\n.....\n.....", BLACK, "A4"),
    # A bigger chain: black fills the last liberty of the black group.
    ("XXXO.\nX.XO.\nXXXO.\nOOOO.\n.....", BLACK, "B4"),
]


@pytest.mark.parametrize("position, to_move, move", SUICIDES)
def test_forbidden_points(position, to_move, move):
    """第五条: the stone would have no liberties and captures nothing."""
    board = board_at(position, to_move)
    error = assert_illegal(board, move, "suicide")
    assert error.reason["zh"].startswith("禁着点")
    assert move in str(error)
    assert Move(to_move, parse_point(move, board.size)) not in board.legal_moves()


@pytest.mark.parametrize(
    "position, to_move, move",
    [
        # Looks like suicide, but it captures (第四条二 makes it legal).
        (".OX..\nOOX..\nXXX..\n.....\n.....", BLACK, "A5"),
        (".XO..\nXO.O.\n.XO..\n.....\n.....", BLACK, "C4"),
        # Surrounded, but connected to a friendly chain that still breathes.
        (".O...\nOX...\n.....\n.....\n.....", WHITE, "A5"),
        ("XXO..\n.O...\n.....\n.....\n.....", BLACK, "A4"),
        # The opponent may always fill its own eye point (it has liberties).
        (".O...\nO....\n.....\n.....\n.....", WHITE, "A5"),
    ],
)
def test_points_that_look_forbidden_but_are_legal(position, to_move, move):
    board = board_at(position, to_move)
    assert board.is_legal(move)
    board.play(move)
    assert board[parse_point(move, board.size)] == to_move


# ---------------------------------------------------------------------------
# 第六条 禁止全局同形: simple ko, and where the two superko flavours differ

KO = """
.XO..
XO.O.
.XO..
.....
.....
"""


@pytest.mark.parametrize("rules", ["chinese", "chinese-positional"])
def test_simple_ko_cannot_be_retaken_at_once(rules):
    board = board_at(KO, rules=rules)
    board.play("C4")  # black takes the ko
    assert board[parse_point("B4", 5)] == EMPTY
    error = assert_illegal(board, "B4", "superko")
    assert "全局同形" in error.reason["zh"]


@pytest.mark.parametrize("rules", ["chinese", "chinese-positional"])
def test_ko_can_be_retaken_after_a_threat_and_an_answer(rules):
    board = board_at(KO, rules=rules)
    board.play("C4")
    board.play("E1")  # white's ko threat (劫材) elsewhere
    board.play("E2")  # black answers
    board.play("B4")  # now the whole board differs: white retakes
    assert board[parse_point("C4", 5)] == EMPTY and board[parse_point("B4", 5)] == WHITE
    # And black cannot retake at once either.
    assert_illegal(board, "C4", "superko")


# Two kos, far apart. In the top-left ko black can take at C8 (state "w": a white
# stone sits in it); in the bottom-left ko white can take at C2 (state "b").
DOUBLE_KO = """
.XO......
XO.O.....
.XO......
.........
.........
.........
.OX......
OX.X.....
.OX......
"""


@pytest.mark.parametrize("rules, last_is_legal", [("chinese", True), ("chinese-positional", False)])
def test_situational_and_positional_superko_differ(rules, last_is_legal):
    """A repetition of the board with the *other* player to move.

    Start S (black to move). Black takes ko 1 (C8), white takes ko 2 (C2); black may
    not retake ko 2 at once (simple ko), so black passes; white retakes ko 1 (B8).
    Black now retakes ko 2 (B2): the stones are exactly those of S, but with *white*
    to move, whereas S had black to move.

    Situational superko (the seed: 不得使对方重复面临曾出现过的局面 — white has never
    faced this board) allows it; positional superko (the board alone) forbids it.
    GNU Go 3.8 (`--situational-superko` / `--positional-superko`) answers the same.
    """
    board = board_at(DOUBLE_KO, rules=rules)
    start = list(board.cells)
    for move in ("C8", "C2"):
        board.play(move)
    assert_illegal(board, "B2", "superko")  # simple ko, both flavours
    board.play("pass")
    board.play("B8")
    if last_is_legal:
        board.play("B2")
        assert board.cells == start and board.to_move == WHITE
    else:
        assert_illegal(board, "B2", "superko")


def test_unknown_rules_are_refused():
    with pytest.raises(ValueError, match="unknown rules"):
        Board(9, rules="japanese")


# ---------------------------------------------------------------------------
# 第九条 计算胜负: area counting (数子法)


def walls(size, columns, gap=False, dead=()):
    """A finished game with a black wall and a white wall running top to bottom.

    Row ``r`` gives black ``columns[r]`` points (its wall stone included); with
    ``gap`` one empty point (dame) separates the walls in every row. ``dead`` puts
    white stones inside black's area at ``(row, 0)``.
    """
    rows = []
    for r, k in enumerate(columns):
        row = "." * (k - 1) + "X" + ("." if gap else "") + "O" + "." * (size - k - 1 - gap)
        if r in dead:
            row = "O" + row[1:]
        rows.append(row)
    return "\n".join(rows)


@pytest.mark.parametrize(
    "columns, gap, black, zh, en, points",
    [
        # The seed's own examples (黑贴3又3/4子, 归本数 180.5).
        ([9] * 5 + [10] * 14, False, 185, "黑胜3/4子", "Black wins by 3/4 stone", "B+1.5"),
        ([9] * 6 + [10] * 13, False, 184, "黑负1/4子", "White wins by 1/4 stone", "W+0.5"),
        (
            [9] * 15 + [10] * 4,
            True,
            Fraction(369, 2),
            "黑胜1/4子",
            "Black wins by 1/4 stone",
            "B+0.5",
        ),
        # Others: a bigger margin, a white win of whole stones.
        ([10] * 19, False, 190, "黑胜5又3/4子", "Black wins by 5 3/4 stones", "B+11.5"),
        ([9] * 19, False, 171, "黑负13又1/4子", "White wins by 13 1/4 stones", "W+26.5"),
    ],
)
def test_the_seed_examples_on_19x19(columns, gap, black, zh, en, points):
    score = board_at(walls(19, columns, gap)).score()
    assert score.black == black
    assert score.black + score.white == 361
    assert score.dame == (19 if gap else 0)
    assert score.par == Fraction(361, 2)
    assert (score.text_zh(), score.text_en(), score.points_text()) == (zh, en, points)
    assert score.winner == (BLACK if points.startswith("B") else WHITE)


@pytest.mark.parametrize(
    "black, zh, points",
    [
        (185, "黑胜3/4子", "B+1.5"),
        (184, "黑负1/4子", "W+0.5"),
        (Fraction(369, 2), "黑胜1/4子", "B+0.5"),
        (180, "黑负4又1/4子", "W+8.5"),
    ],
)
def test_score_text_from_counts(black, zh, points):
    score = Score(19, Fraction(black), 361 - Fraction(black), 0)
    assert score.text_zh() == zh and score.points_text() == points


def test_a_draw_needs_a_komi_that_can_tie():
    score = Score(9, Fraction(43), Fraction(38), 0, komi=Fraction(5))
    assert score.black_margin == 0 and score.winner is None
    assert (score.text_zh(), score.text_en(), score.points_text()) == ("和棋", "Draw", "0")


def test_dame_are_split_half_and_half():
    score = board_at(walls(9, [4] * 9, gap=True)).score()
    assert score.dame == 9
    assert score.black == score.white == Fraction(81, 2)  # 36 + 9/2 each
    assert score.text_zh() == "黑负3又3/4子" and score.points_text() == "W+7.5"


def test_dead_stones_are_removed_before_counting():
    position = walls(9, [5] * 9, dead=(3, 6))
    board = board_at(position)
    dead = [parse_point("A6", 9), parse_point("A3", 9)]
    assert all(board[p] == WHITE for p in dead)
    # Counted as alive, the white stones turn black's area into dame.
    alive = board.score()
    assert alive.dame > 0 and alive.black < 45
    # Agreed dead, they leave the board and their points go to black.
    score = board.score(dead=dead)
    assert (score.black, score.white, score.dame) == (45, 36, 0)
    assert score.text_zh() == "黑胜3/4子" and score.points_text() == "B+1.5"
    # Scoring does not change the board.
    assert all(board[p] == WHITE for p in dead)


def test_dead_points_must_hold_stones():
    with pytest.raises(ValueError, match="no stone at E5"):
        Board(9).score(dead=[parse_point("E5", 9)])


@pytest.mark.parametrize("size", [5, 9, 13, 19])
def test_empty_board(size):
    score = Board(size).score()
    assert score.black == score.white == Fraction(size * size, 2)
    assert score.dame == size * size
    assert score.text_zh() == "黑负3又3/4子" and score.points_text() == "W+7.5"


@pytest.mark.parametrize(
    "size, par, columns, black, zh, points",
    [
        # 归本数 is half the points on any board.
        (9, Fraction(81, 2), [5] * 9, 45, "黑胜3/4子", "B+1.5"),
        (9, Fraction(81, 2), [5] * 8 + [4], 44, "黑负1/4子", "W+0.5"),
        (13, Fraction(169, 2), [7] * 13, 91, "黑胜2又3/4子", "B+5.5"),
        (5, Fraction(25, 2), [3] * 5, 15, "黑负1又1/4子", "W+2.5"),
    ],
)
def test_small_boards(size, par, columns, black, zh, points):
    score = board_at(walls(size, columns)).score()
    assert score.par == par
    assert score.black == black and score.white == size * size - black
    assert score.text_zh() == zh and score.points_text() == points


def test_komi_follows_the_board():
    board = Board.setup(9, komi=5.5)
    assert board.score().points_text() == "W+5.5"


# ---------------------------------------------------------------------------
# push/pop: undo everything, come back exactly


def snapshot(board):
    return (
        list(board.cells),
        board.hash,
        dict(board.captures),
        board.to_move,
        list(board.move_stack),
        board.passes,
        board.result,
        frozenset(board._seen),
    )


def hash_of(board):
    table = zobrist(board.size)
    value = 0
    for p, color in enumerate(board.cells):
        if color:
            value ^= table[p][color]
    return value


@settings(max_examples=60, deadline=None)
@example(size=9, rules="chinese", seed=1, length=400)  # long games: captures, kos, passes
@example(size=9, rules="chinese-positional", seed=2, length=400)
@example(size=5, rules="chinese", seed=3, length=300)
@given(
    size=st.sampled_from([5, 7, 9]),
    rules=st.sampled_from(["chinese", "chinese-positional"]),
    seed=st.integers(min_value=0, max_value=2**32),
    length=st.integers(min_value=0, max_value=250),
)
def test_random_play_then_undo_everything_returns_to_the_start(size, rules, seed, length):
    board = Board(size, rules=rules)
    peer = sgfmill_boards.Board(size)
    start = snapshot(board)
    history = []
    rng = random.Random(seed)
    for choice in (rng.randrange(10_000) for _ in range(length)):
        if board.is_over:
            break
        # Mostly empty points (suicide and ko attempts included), sometimes anything.
        empties = [p for p, c in enumerate(board.cells) if c == EMPTY]
        if choice % 30 == 0 or not empties:
            point = None
        elif choice % 7 == 0:
            point = choice % (size * size)
        else:
            point = empties[choice % len(empties)]
        before = snapshot(board)
        try:
            move = board.play(point)
        except IllegalMove as error:
            assert error.code in {"occupied", "suicide", "superko"}
            assert snapshot(board) == before
            continue
        history.append(before)
        if move.point is not None:
            y, x = divmod(move.point, size)
            peer.play(size - 1 - y, x, "b" if move.color == BLACK else "w")
        # Same stones as sgfmill's board after every move; the hash follows the stones.
        ours = {(size - 1 - p // size, p % size) for p, c in enumerate(board.cells) if c}
        assert ours == {point for _, point in peer.list_occupied_points()}
        assert board.hash == hash_of(board)
        assert sum(board.captures.values()) == len(board.move_stack) - len(
            [m for m in board.move_stack if m.is_pass]
        ) - len(board.stones(BLACK)) - len(board.stones(WHITE))
    while history:
        board.pop()
        assert snapshot(board) == history.pop()
    assert snapshot(board) == start
    with pytest.raises(IndexError):
        board.pop()


def test_pop_restores_captured_stones():
    board = board_at(".....\n..X..\n.XO..\n..X..\n.....")
    board.play("D3")
    assert board.captures[BLACK] == 1
    assert board.pop() == Move(BLACK, parse_point("D3", 5))
    assert board[parse_point("C3", 5)] == WHITE and board.captures[BLACK] == 0
    assert board.to_move == BLACK


def test_copy_is_independent():
    board = Board(9)
    board.play("E5")
    other = board.copy()
    other.play("D4")
    assert board[parse_point("D4", 9)] == EMPTY and board.to_move == WHITE
    assert len(other.move_stack) == 2 and len(board.move_stack) == 1
