"""SGF for problems and games: the conventions of public collections, ours, round-trips,
and malformed files that must fail with a message naming what is wrong."""

import doctest
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import boards as sgfmill_boards
from sgfmill import sgf as sgfmill_sgf
from sgfmill import sgf_moves

import engines.go.sgf as go_sgf
from engines.go import BLACK, EMPTY, WHITE, Board, IllegalMove, Move, parse_point
from engines.go.sgf import (
    GameRecord,
    Node,
    Problem,
    SgfError,
    bilingual,
    read_game,
    read_problem,
    split_bilingual,
    write_game,
    write_problem,
)

DATA = Path(__file__).parent / "data"
PROBLEM_FILES = ["goproblems_right.sgf", "correct_comments.sgf", "te_bm.sgf", "gb2312.sgf"]
PROBLEM_FILES += ["ours.sgf"]


def test_doctests():
    result = doctest.testmod(go_sgf)
    assert result.attempted >= 5 and result.failed == 0


def node_at(problem, *moves):
    """The node reached by ``moves`` (``"B E3"``, ``"W pass"``) from the root."""
    nodes, found = problem.tree, None
    for text in moves:
        move = Move.from_text(text, problem.size)
        matches = [n for n in nodes if n.move == move]
        assert len(matches) == 1, f"{text} after {found}"
        found = matches[0]
        nodes = found.children
    return found


# ---------------------------------------------------------------------------
# The problem files: one per convention


@pytest.mark.parametrize(
    "name, size, to_move, answers, verdicts",
    [
        (
            # goproblems.com: RIGHT in the comment of the last node; all else is wrong.
            "goproblems_right.sgf",
            9,
            BLACK,
            ["B E3"],
            {
                ("B E3",): True,
                ("B E3", "W E1"): True,
                ("B E3", "W E1", "B F1"): True,
                ("B E3", "W F1", "B E1"): True,
                ("B E1",): False,
                ("B E1", "W E3"): False,
                ("B F1",): False,
                ("B F1", "W E3", "B D3", "W F4"): False,
            },
        ),
        (
            # C[Correct!] and 正解 at the ends; "Wrong" in a move-less last node; no PL.
            "correct_comments.sgf",
            9,
            WHITE,
            ["W E7"],
            {
                ("W E7",): True,
                ("W E7", "B E9", "W F9"): True,
                ("W E7", "B F9", "W E9"): True,
                ("W E9",): False,
                ("W E9", "B E7"): False,
            },
        ),
        (
            # TE on the good moves, BM on the bad first moves; replies unmarked.
            "te_bm.sgf",
            9,
            BLACK,
            ["B E3"],
            {
                ("B E3",): True,
                ("B E3", "W E1"): True,
                ("B E3", "W F1", "B E1"): True,
                ("B E1",): False,
                ("B E1", "W E3"): False,  # a TE reply: the refutation
                ("B F1",): False,
                ("B F1", "W E3"): False,  # an unmarked leaf inherits BM
            },
        ),
        (
            # A Chinese collection: CA[GB2312], 正解 / 失败, 13x13.
            "gb2312.sgf",
            13,
            BLACK,
            ["B E3"],
            {
                ("B E3",): True,
                ("B E3", "W E1", "B F1"): True,
                ("B E3", "W F1", "B E1"): True,
                ("B E1",): False,
                ("B E1", "W E3"): False,
            },
        ),
        (
            # Ours: TE/BM on every move of the solver, BM on the opponent's blunder.
            "ours.sgf",
            9,
            BLACK,
            ["B E3"],
            {
                ("B E3",): True,
                ("B E3", "W E1", "B F1"): True,
                ("B E3", "W pass", "B E1"): True,
                ("B E1",): False,
                ("B E1", "W E3"): False,
                ("B E1", "W A9"): True,  # white's blunder: black would capture
            },
        ),
    ],
)
def test_problem_files(name, size, to_move, answers, verdicts):
    problem = read_problem((DATA / name).read_bytes())
    assert problem.size == size and problem.to_move == to_move
    assert [m.text(size) for m in problem.answers()] == answers
    for path, expected in verdicts.items():
        assert node_at(problem, *path).correct is expected, path
    # Every node is decided; every answer can be played on the problem's board.
    stack = list(problem.tree)
    while stack:
        node = stack.pop()
        assert isinstance(node.correct, bool)
        stack.extend(node.children)
    board = problem.board()
    for move in problem.answers():
        assert board.is_legal(move)


def test_problem_board_and_comments():
    problem = read_problem((DATA / "gb2312.sgf").read_bytes())
    assert problem.name == "推向一线"
    assert problem.comment == "黑先吃白子。"
    assert node_at(problem, "B E3", "W E1", "B F1").comment == "正解：提两子。"
    board = problem.board()
    assert board.size == 13 and board.to_move == BLACK
    assert board[parse_point("E2", 13)] == WHITE
    assert sorted(board.stones(BLACK)) == sorted(parse_point(p, 13) for p in ("D2", "F2", "D1"))
    # Playing the main line captures the white stones.
    for text in ("E3", "E1", "F1"):
        board.play(text)
    assert board.captures[BLACK] == 2


def test_move_less_node_folds_into_the_move_before():
    problem = read_problem((DATA / "correct_comments.sgf").read_bytes())
    assert node_at(problem, "W E9", "B E7").comment == "Wrong: black escapes."
    assert node_at(problem, "W E9", "B E7").children == []


def test_ours_bilingual_comments():
    problem = read_problem((DATA / "ours.sgf").read_bytes())
    assert split_bilingual(problem.comment) == {
        "zh": "黑先吃白子。",
        "en": "Black to play: capture the white stone.",
    }
    assert split_bilingual(node_at(problem, "B E1").comment)["en"] == "Wrong way."


@pytest.mark.parametrize("name", PROBLEM_FILES)
def test_problem_round_trips(name):
    problem = read_problem((DATA / name).read_bytes())
    assert problem.settled() == problem
    written = write_problem(problem)
    assert written.startswith(b"(;FF[4]") and b"CA[UTF-8]" in written
    assert read_problem(written) == problem
    assert write_problem(read_problem(written)) == written


def test_ours_is_exactly_what_we_write():
    data = (DATA / "ours.sgf").read_bytes()
    assert write_problem(read_problem(data)) == data
    # TE on black's right moves, BM on the wrong one and on white's blunder only.
    assert data.count(b"TE[1]") == 3 and data.count(b"BM[1]") == 2


@pytest.mark.parametrize(
    "text, expected",
    [
        ("zh: 正解。\nen: Correct.", {"zh": "正解。", "en": "Correct."}),
        ("en: Only English", {"zh": "Only English", "en": "Only English"}),
        ("zh: 两行\n第二行\nen: two\nlines", {"zh": "两行\n第二行", "en": "two\nlines"}),
        ("plain text", {"zh": "plain text", "en": "plain text"}),
        ("", {"zh": "", "en": ""}),
    ],
)
def test_split_bilingual(text, expected):
    assert split_bilingual(text) == expected


def test_bilingual_round_trips_through_sgf():
    comment = bilingual("黑先，[提]子\\", "Black to play ] \\ done")
    problem = Problem(9, [parse_point("E5", 9)], [], BLACK, comment, [])
    back = read_problem(write_problem(problem))
    assert back.comment == comment
    assert split_bilingual(back.comment) == {
        "zh": "黑先，[提]子\\",
        "en": "Black to play ] \\ done",
    }


# ---------------------------------------------------------------------------
# Each convention on its own, in tiny files (B to play on an empty 9x9 board)


def verdict(sgf, *path):
    return node_at(read_problem(sgf), *path).correct


@pytest.mark.parametrize(
    "sgf, path, expected",
    [
        ("(;SZ[9];B[aa]C[RIGHT])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[That is RIGHT, well done])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[right])", ["B A9"], False),  # goproblems writes RIGHT
        ("(;SZ[9];B[aa]C[Correct])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[Correct!])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[correct.])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[正解])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[正确！])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[zh: 正解\nen: Correct])", ["B A9"], True),
        ("(;SZ[9];B[aa]C[Wrong])", ["B A9"], False),
        ("(;SZ[9];B[aa]C[Incorrect])", ["B A9"], False),
        ("(;SZ[9];B[aa]C[失败])", ["B A9"], False),
        ("(;SZ[9];B[aa])", ["B A9"], False),  # a branch with no right mark is wrong
        ("(;SZ[9];B[aa]C[Nice try])", ["B A9"], False),
        ("(;SZ[9];B[aa]TE[1])", ["B A9"], True),
        ("(;SZ[9];B[aa]TE[2])", ["B A9"], True),
        ("(;SZ[9];B[aa]BM[1])", ["B A9"], False),
        ("(;SZ[9];B[aa]GB[1])", ["B A9"], True),
        ("(;SZ[9];B[aa]GW[1])", ["B A9"], False),
        # Properties win over the comment.
        ("(;SZ[9];B[aa]TE[1]C[Wrong])", ["B A9"], True),
        # A mark carries down to unmarked replies; a mere comment does not stop it.
        ("(;SZ[9];B[aa]TE[1];W[bb]C[not correct yet])", ["B A9", "W B8"], True),
        ("(;SZ[9];B[aa]BM[1];W[bb])", ["B A9", "W B8"], False),
        # TE on the opponent's reply is a refutation; BM on it a blunder.
        ("(;SZ[9];B[aa];W[bb]TE[1])", ["B A9"], False),
        ("(;SZ[9];B[aa];W[bb]BM[1])", ["B A9"], True),
        # Every reply of the opponent must be answered ...
        ("(;SZ[9];B[aa](;W[bb];B[cc]C[RIGHT])(;W[cc]))", ["B A9"], False),
        ("(;SZ[9];B[aa](;W[bb];B[cc]C[RIGHT])(;W[cc];B[bb]C[RIGHT]))", ["B A9"], True),
        # ... but one good answer of the solver is enough.
        ("(;SZ[9];B[aa];W[bb](;B[cc])(;B[dd]C[RIGHT]))", ["B A9", "W B8"], True),
        ("(;SZ[9];B[aa];W[bb](;B[cc])(;B[dd]C[RIGHT]))", ["B A9", "W B8", "B C7"], False),
        # A mark in a move-less node after the last move applies to that move.
        ("(;SZ[9];B[aa];C[RIGHT])", ["B A9"], True),
        # Passes are moves too (B[] and the old B[tt]).
        ("(;SZ[9];B[aa];W[];B[bb]C[RIGHT])", ["B A9", "W pass"], True),
        ("(;SZ[19];B[aa];W[tt];B[bb]C[RIGHT])", ["B A19", "W pass"], True),
    ],
)
def test_conventions(sgf, path, expected):
    assert verdict(sgf, *path) is expected
    # Whatever the source convention, ours keeps every verdict.
    problem = read_problem(sgf)
    assert read_problem(write_problem(problem)) == problem


@pytest.mark.parametrize(
    "sgf, to_move",
    [
        ("(;SZ[9];W[aa])", WHITE),  # no PL: the first move's colour
        ("(;SZ[9]PL[W];W[aa])", WHITE),
        ("(;SZ[9]PL[B])", BLACK),
        ("(;SZ[9])", BLACK),
        ("(;SZ[9]PL[w];B[aa])", WHITE),  # PL wins over the first move
    ],
)
def test_player_to_move(sgf, to_move):
    assert read_problem(sgf).to_move == to_move


@pytest.mark.parametrize(
    "sgf, black, white",
    [
        ("(;SZ[5]AB[aa:bb]AW[cc])", ["A5", "A4", "B5", "B4"], ["C3"]),  # compressed list
        ("(;SZ[5]AB[aa][bb]AE[aa])", ["B4"], []),  # AE removes
        ("(;SZ[5]AB[aa];AW[cc];B[dd])", ["A5"], ["C3"]),  # a setup-only node after the root
        ("(;SZ[5]AW[ee];AB[aa];AE[ee]C[x];B[dd])", ["A5"], []),
    ],
)
def test_setup_stones(sgf, black, white):
    problem = read_problem(sgf)
    assert sorted(problem.black) == sorted(parse_point(p, 5) for p in black)
    assert sorted(problem.white) == sorted(parse_point(p, 5) for p in white)
    assert [n.move.text(5) for n in problem.tree] == (["B D2"] if "B[dd]" in sgf else [])


def test_str_bytes_and_junk_before_the_game_read_the_same():
    text = "(;SZ[9]C[黑先];B[aa]C[正解])"
    expected = read_problem(text)
    assert read_problem(text.encode()) == expected
    assert read_problem("\ufeff" + text) == expected  # a byte-order mark
    assert read_problem(b"Some header\n" + text.encode()) == expected
    assert expected.comment == "黑先"


def test_a_hand_made_problem_with_undecided_nodes_is_settled_when_written():
    e5 = parse_point("E5", 9)
    problem = Problem(
        9,
        tree=[
            Node(
                Move(BLACK, e5),
                None,
                "",
                [
                    Node(Move(WHITE, e5 + 1), None),  # a leaf under nothing decided: wrong
                    Node(Move(WHITE, e5 - 1), True),
                ],
            ),
            Node(Move(BLACK, 0), True, "", [Node(Move(WHITE, 1))]),  # inherits right
        ],
    )
    back = read_problem(write_problem(problem))
    assert back == problem.settled()
    assert [n.correct for n in back.tree] == [False, True]
    assert [n.correct for n in back.tree[0].children] == [False, True]
    assert back.tree[1].children[0].correct is True


# ---------------------------------------------------------------------------
# Malformed SGF: a clear error naming what is wrong


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "not SGF"),
        (b"hello, world", "not SGF"),
        (b"GM[1]SZ[9]", "not SGF"),
        (b"(;SZ[9]", "malformed SGF"),
        (b"(;SZ[9];B[aa]", "malformed SGF"),
        (b"(;SZ[4])", r"bad board size SZ\[4\]"),
        (b"(;SZ[25])", r"bad board size SZ\[25\]"),
        (b"(;SZ[abc])", r"bad board size SZ\[abc\]"),
        (b"(;SZ[9:7])", r"bad board size SZ\[9:7\]"),
        (b"(;GM[4]SZ[15])", r"not a Go game: GM\[4\]"),
        (b"(;SZ[9];B[zz])", r"move B: \[zz\] is off the 9x9 board"),
        (b"(;SZ[9];B[ja])", r"\[ja\] is off the 9x9 board"),
        (b"(;SZ[9];B[abc])", r"\[abc\] is not a point"),
        (b"(;SZ[9];B[A1])", r"\[A1\] is not a point"),
        (b"(;SZ[9]AB[zz])", r"AB: \[zz\] is off the 9x9 board"),
        (b"(;SZ[9]AW[aa:zz])", r"AW: \[zz\] is off"),
        (b"(;SZ[9]AB[cc:aa])", r"AB: \[cc:aa\] is not a rectangle"),
        (b"(;SZ[9];B[aa]W[bb])", r"two moves in one node: B\[aa\] W\[bb\]"),
        (b"(;SZ[9];B[aa][bb])", r"two moves in one node: B\[aa\] B\[bb\]"),
        (b"(;SZ[9];B[aa];W[bb]B[cc])", r"move 2 of branch B\[aa\].*two moves in one node"),
        (b"(;SZ[9]AB[aa]AW[aa])", "A9 in both AB and AW"),
        (b"(;SZ[5]AB[aa]AW[ba][ab])", "setup stones without liberties.*A5"),
        (b"(;SZ[9]C[caf\xe9])", r"not valid UTF-8 \(byte 0xe9 at offset 12\)"),
        (b"(;CA[UTF-8]SZ[9]C[\xff])", "not valid UTF-8"),
        (b"(;CA[klingon]SZ[9])", r"unknown charset CA\[klingon\]"),
        (b"(;SZ[9]PL[X])", r"bad player to move PL\[X\]"),
        (b"(;SZ[9]B[aa])", "the root node holds a move"),
        (b"(;SZ[9];B[aa];AB[bb])", "move 1 of branch B\\[aa\\]: setup stones inside"),
        (b"(;SZ[9];B[aa]TE[1]BM[1])", "move 1 of branch B\\[aa\\]: contradictory marks"),
        (b"(;SZ[9];B[aa]TE[1]GW[1])", "contradictory marks"),
    ],
)
def test_malformed_problems(data, message):
    with pytest.raises(SgfError, match=message):
        read_problem(data)


def test_sgf_error_is_a_value_error():
    assert issubclass(SgfError, ValueError)
    with pytest.raises(TypeError):
        read_problem(42)


# Illegal moves inside the tree: the engine decides, the error names the node.
@pytest.mark.parametrize(
    "sgf, message",
    [
        (
            "(;SZ[5]AW[ba][ab];B[aa])",
            r"move 1 of branch B\[aa\]: suicide: Forbidden point",
        ),
        (
            "(;SZ[5]AW[ba][ab];B[cc];W[bb];B[aa])",
            r"move 3 of branch B\[cc\] \(B\[cc\] W\[bb\] B\[aa\]\): suicide",
        ),
        ("(;SZ[5]AB[cc];B[cc])", r"move 1 of branch B\[cc\]: occupied"),
        ("(;SZ[5];B[cc];W[cc])", r"move 2 of branch B\[cc\] \(B\[cc\] W\[cc\]\): occupied"),
        (
            # A ko: black takes (C4), white retakes at once (B4).
            "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])",
            r"move 2 of branch B\[cb\] \(B\[cb\] W\[bb\]\): superko",
        ),
        (
            # The second branch is checked from the start position, not after the first.
            "(;SZ[5](;B[cc])(;B[dd];W[cc];B[cc]))",
            r"move 3 of branch B\[dd\].*occupied",
        ),
        ("(;SZ[5];B[];W[];B[aa])", r"move 3 of branch B\[\].*game-over"),
    ],
)
def test_illegal_moves_in_a_tree(sgf, message):
    with pytest.raises(SgfError, match=message):
        read_problem(sgf)


def test_sibling_branches_start_from_the_same_position():
    # B[cc] in one branch must not block B[cc] in the next.
    problem = read_problem("(;SZ[5](;B[cc]C[RIGHT])(;B[dd];W[cc]))")
    assert [n.correct for n in problem.tree] == [True, False]


def test_a_ko_retaken_after_a_threat_is_fine():
    sgf = "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[ee];B[ed];W[bb]C[RIGHT])"
    problem = read_problem(sgf)
    assert node_at(problem, "B C4", "W E1", "B E2", "W B4").correct is True


# ---------------------------------------------------------------------------
# Games


def test_read_the_game_record():
    data = (DATA / "game_9x9.sgf").read_bytes()
    record = read_game(data)
    assert (record.size, record.komi, record.result) == (9, 7.5, "B+20.5")
    assert (record.black_player, record.white_player) == ("qipai-random-b", "qipai-random-w")
    assert len(record.moves) == 112 and record.moves[-2:] == [Move(BLACK, None), Move(WHITE, None)]
    board = record.board()
    assert board.result == "passes"
    assert board.captures == {BLACK: 32, WHITE: 6}
    assert board.score().points_text() == record.result
    # sgfmill's own replay of the file ends with the same stones.
    game = sgfmill_sgf.Sgf_game.from_bytes(data)
    peer, plays = sgf_moves.get_setup_and_moves(game, sgfmill_boards.Board(9))
    for colour, move in plays:
        if move is not None:
            peer.play(move[0], move[1], colour)
    theirs = {(8 - row, col): colour for colour, (row, col) in peer.list_occupied_points()}
    ours = {divmod(p, 9): "b" if c == BLACK else "w" for p, c in enumerate(board.cells) if c}
    assert ours == theirs


def test_game_round_trips():
    data = (DATA / "game_9x9.sgf").read_bytes()
    record = read_game(data)
    assert write_game(record) == data
    assert read_game(write_game(record)) == record


def test_a_handicap_game():
    record = GameRecord(
        size=9,
        komi=0.5,
        black=[parse_point("G7", 9), parse_point("C3", 9)],  # in point order, as read
        to_move=WHITE,
        moves=[Move(WHITE, parse_point("E5", 9)), Move(BLACK, parse_point("D5", 9))],
        result="B+R",
    )
    data = write_game(record)
    assert b"AB[gc][cg]" in data and b"PL[W]" in data and b"KM[0.5]" in data
    back = read_game(data)
    assert back == record
    board = back.board()
    assert board.komi == 0.5 and board.to_move == WHITE and len(board.stones(BLACK)) == 3


def test_game_defaults_and_main_line():
    record = read_game("(;SZ[9];B[ee](;W[dd];B[cc])(;W[ff]))")
    assert record.komi == 7.5 and record.result == "" and record.to_move == BLACK
    assert [m.text(9) for m in record.moves] == ["B E5", "W D6", "B C7"]


@pytest.mark.parametrize(
    "data, message",
    [
        ("(;SZ[9]KM[lots])", r"bad komi KM\[lots\]"),
        ("(;SZ[9];B[ee];W[ee])", r"move 2 W\[ee\]: occupied"),
        ("(;SZ[9];B[ee];W[zz])", r"move 2: move W: \[zz\] is off the 9x9 board"),
        ("(;SZ[9];B[ee];AB[aa])", "setup stones after the start, at move 2"),
        ("(;SZ[9];B[ee]W[dd])", "move 1: two moves in one node"),
        ("(;SZ[30])", "bad board size"),
        ("nothing", "not SGF"),
    ],
)
def test_malformed_games(data, message):
    with pytest.raises(SgfError, match=message):
        read_game(data)


# ---------------------------------------------------------------------------
# Random trees: whatever verdicts and comments, ours writes them back exactly

COMMENTS = ["", "RIGHT", "Correct!", "Wrong", "正解", "失败", "Good", "zh: 好\nen: Good"]


def random_tree(rng, board, depth):
    nodes = []
    if depth == 0:
        return nodes
    legal = board.legal_moves()
    moves = rng.sample(legal, min(len(legal), rng.randint(1, 3)))
    for move in moves:
        board.play(move, enforce_turn=False)
        children = random_tree(rng, board, depth - 1)
        board.pop()
        correct = rng.choice([True, False, None, None])
        nodes.append(Node(move, correct, rng.choice(COMMENTS), children))
    return nodes


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), to_move=st.sampled_from([BLACK, WHITE]))
def test_random_trees_round_trip(seed, to_move):
    rng = random.Random(seed)
    board = Board.setup(5, black=[6, 7], white=[17, 18], to_move=to_move)
    problem = Problem(5, [6, 7], [17, 18], to_move, rng.choice(COMMENTS), [])
    problem.tree = random_tree(rng, board, 3)
    written = write_problem(problem)
    back = read_problem(written)
    assert back == problem.settled()
    assert write_problem(back) == written


def test_board_of_a_problem_uses_the_rules():
    problem = read_problem("(;SZ[9]AB[ee]PL[W])")
    board = problem.board(rules="chinese-positional")
    assert board.rules.superko == "positional" and board.to_move == WHITE
    assert board[parse_point("E5", 9)] == BLACK and board[parse_point("D4", 9)] == EMPTY
    with pytest.raises(IllegalMove):
        board.play("E5")
