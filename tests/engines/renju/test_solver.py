"""VCF, its defences, and the short VCT: positions worked out by hand, and brute force."""

from __future__ import annotations

from engines.renju import BLACK, WHITE, Board, FreeBoard, names, opponent, parse_point
from engines.renju.solver import defences, four_moves, region, vcf, vct

from .tactics import FOUR_THREE, tactical_positions


def line_names(result) -> list[str]:
    from engines.renju import point_name

    return [point_name(p) for p in result.line]


def test_four_three_wins():
    board = Board.setup(**FOUR_THREE)
    result = vcf(board, all_first_moves=True)
    assert result.win and result.proven
    assert line_names(result)[:2] == ["k8", "l8"]
    assert result.finish == "double"
    assert names(result.first_moves) == "k8"


def test_the_search_leaves_the_board_as_it_was():
    board = Board.setup(**FOUR_THREE)
    before = board.diagram()
    vcf(board, all_first_moves=True)
    defences(board)
    vct(board, depth=1)
    assert board.diagram() == before and board.to_move == BLACK


def test_a_four_three_that_is_a_double_four_is_no_way_to_win():
    """With k11 black too, k8 makes two fours: forbidden, and nothing else wins."""
    board = Board.setup(black="h8 i8 j8 k9 k10 k11", white="g8 k12 h10 i11 m3 c12")
    assert board.forbidden(parse_point("k8")).kind == "double-four"
    result = vcf(board)
    assert not result.win and result.proven
    # In free gomoku the same double-four simply wins.
    free = FreeBoard.setup(black=board.stones(BLACK), white=board.stones(WHITE))
    assert vcf(free).win


def test_white_wins_by_forcing_black_onto_a_forbidden_point():
    # White's f4 makes a four whose only open end is j8 (e3 is black): a double-three for
    # black. (k9 black keeps white from simply playing j8 for a straight four.)
    board = Board.setup(black="h8 i8 j9 j7 e3 k9", white="i7 h6 g5 a1 o15 o13", to_move=WHITE)
    assert board.forbidden(parse_point("j8")).kind == "double-three"
    result = vcf(board, all_first_moves=True)
    assert result.win and result.finish == "foul"
    assert line_names(result) == ["f4", "j8"]
    assert parse_point("f4") in result.first_moves
    # Without forbidden moves black simply blocks at j8.
    free = FreeBoard.setup(board.stones(BLACK), board.stones(WHITE), to_move=WHITE)
    assert not vcf(free).win


def test_white_may_win_with_a_double_four():
    board = Board.setup(black="a1 a3 a5 a7 o1 o3", white="c3 c4 c5 d6 e6 f6", to_move=WHITE)
    result = vcf(board)
    assert result.win and line_names(result) == ["c6"] and result.finish == "double"


def test_black_may_not_win_with_a_double_four():
    board = Board.setup(black="c3 c4 c5 d6 e6 f6", white="c2 g6 a9 o1 o3 o5")
    assert board.is_forbidden(parse_point("c6"))
    assert not vcf(board).win
    free = FreeBoard.setup(board.stones(BLACK), board.stones(WHITE))
    assert line_names(vcf(free)) == ["c6"]


def test_the_attacker_must_first_block_the_defenders_four():
    white_four = "c3 c4 c5 c6"
    # White threatens c7; black's c7 is also a four, so black blocks and then wins by 4-3.
    board = Board.setup(black="c2 d7 e7 f7 h8 i8 j8 k9 k10", white=f"{white_four} g7 g8 h10 i11")
    result = vcf(board)
    assert result.win and line_names(result)[:4] == ["c7", "b7", "k8", "l8"]
    # Without the four at c7 the block is a quiet move: no VCF, though k8 is a 4-3.
    board = Board.setup(black="c2 h8 i8 j8 k9 k10", white=f"{white_four} g8 h10 i11")
    result = vcf(board)
    assert not result.win and result.proven


def test_a_five_on_the_board_for_the_taking():
    board = Board.setup(black="d4 e4 f4 g4", white="c4 a1 a3 a5")
    assert line_names(vcf(board)) == ["h4"]


def test_the_node_budget_says_unproven():
    board = Board.setup(**FOUR_THREE)
    result = vcf(board, max_nodes=1)
    assert not result.win and not result.proven


def test_defences_against_a_four_three():
    board = Board.setup(black="g8 a1 a3 o1 o3", white="h8 i8 j8 k9 k10", to_move=BLACK)
    result = defences(board)
    assert result.threat.win and result.proven
    assert names(result.stops) == "k7, k8, k11, l8"
    assert result.counters == []


def test_a_defence_must_not_be_forbidden_for_black():
    """Black's natural block is a double-three: it is no defence."""
    board = Board.setup(
        black="h8 i8 j9 j7 e3 a1 a3", white="i7 h6 g5 f4 o15 o13 o11", to_move=BLACK
    )
    # White's f4-i7 four already threatens j8 (its other end, e3, is black).
    assert board.five_points(WHITE) == [parse_point("j8")]
    result = defences(board)
    assert result.stops == []


def test_the_region_holds_the_proof():
    board = Board.setup(black="g8 a1 a3 o1 o3", white="h8 i8 j8 k9 k10", to_move=BLACK)
    threat = vcf(board, attacker=WHITE)
    area = region(board, WHITE, threat)
    assert {parse_point(p) for p in ["k8", "l8", "k7", "k11"]} <= area
    assert parse_point("a15") not in area


def test_four_moves():
    board = Board.setup(**FOUR_THREE)
    assert names(four_moves(board, BLACK)) == "k8, l8"


def test_vct_finds_a_white_double_three():
    board = Board.setup(black="a1 a3 a5 o1 o3 o5", white="h8 i8 j9 j10", to_move=WHITE)
    assert not vcf(board).win
    result = vct(board, depth=1)
    assert result.win and result.line[0] == parse_point("j8")


def test_vct_does_not_let_black_make_a_double_three():
    board = Board.setup(black="h8 i8 j9 j10", white="a1 a3 a5 o1 o3 o5")
    assert not vct(board, depth=1).win
    free = FreeBoard.setup(black="h8 i8 j9 j10", white="a1 a3 a5 o1 o3 o5")
    assert vct(free, depth=1).win


def test_vct_one_open_three_is_not_enough():
    board = Board.setup(black="a1 a3 a5 o1 o3 o5", white="h8 i8", to_move=WHITE)
    assert not vct(board, depth=1).win


# ---------------------------------------------------------------------------
# Brute force: a plain search over every empty point, no tables, no shortcuts


def brute_vcf(board: Board, attacker: int, fours: int) -> bool:
    """Every empty point tried, every reply recomputed from the whole board."""
    defender = opponent(attacker)
    empty = board.empty_points()
    if any(board.makes_five(p, attacker) for p in empty):
        return True
    threats = [p for p in empty if board.makes_five(p, defender)]
    if len(threats) >= 2 or fours == 0:
        return False
    for move in threats or empty:
        if not board.fours_made(move, attacker):
            continue
        if attacker == BLACK and board.is_forbidden(move):
            continue
        board.push_color(move, attacker)
        try:
            fives = [p for p in board.empty_points() if board.makes_five(p, attacker)]
            if len(fives) >= 2:
                return True
            block = fives[0]
            if defender == BLACK and board.is_forbidden(block):
                return True
            board.push_color(block, defender)
            try:
                if brute_vcf(board, attacker, fours - 1):
                    return True
            finally:
                board.pop()
        finally:
            board.pop()
    return False


def test_vcf_agrees_with_brute_force():
    """Both searches stop after three fours; within that bound they must agree."""
    wins = long = 0
    for board in tactical_positions(100, seed=1):
        for attacker in (BLACK, WHITE):
            fast = vcf(board, attacker=attacker, max_fours=3)
            slow = brute_vcf(board, attacker, 3)
            assert fast.win == slow, board.diagram()
            wins += fast.win
            if fast.win:
                replay_wins(board, attacker, fast)
                long += len(fast.line) >= 3
    # The positions are not all dead ends, nor all one-move wins.
    assert wins >= 30 and long >= 5, (wins, long)


def replay_wins(board: Board, attacker: int, result) -> None:
    """Play the line out: every attacking move a legal four, every reply forced."""
    copy = board.copy()
    defender = opponent(attacker)
    for number, point in enumerate(result.line):
        color = attacker if number % 2 == 0 else defender
        if color == BLACK and not (result.finish == "foul" and number == len(result.line) - 1):
            assert not copy.is_forbidden(point) or copy.makes_five(point, BLACK)
        if color == attacker:
            assert copy.makes_five(point, attacker) or copy.fours_made(point, attacker)
        else:
            assert copy.five_points(attacker) == [point]
        copy.push_color(point, color)
    if result.finish == "five":
        assert copy.outcome() is not None and copy.outcome().winner == attacker
    elif result.finish == "double":
        assert len(copy.five_points(attacker)) >= 2
    else:
        assert result.finish == "foul"
