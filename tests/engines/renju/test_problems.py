"""``engines.renju.problems``: the engine decides what a move in a played-out
puzzle is and how the other side answers, checked against fresh searches."""

from __future__ import annotations

from engines.renju import BLACK, WHITE, Board, opponent, parse_point
from engines.renju import problems as p
from engines.renju.solver import defence_tree, vcf

from .tactics import DEFEND, TRAP, fresh_verdict, tactical_positions

NODES = 1_000_000


def never_kept(four, block):
    return False


def test_every_four_is_judged_as_a_fresh_search_says():
    """In random crowded positions where the attacker has a VCF, every empty point
    is judged; a four wins exactly when a fresh search after its block wins."""
    fours = 0
    for board in tactical_positions(60, seed=11):
        for attacker in (BLACK, WHITE):
            board.to_move = attacker
            found = vcf(board, attacker=attacker)
            if not found.win or board.five_points(attacker):
                continue
            for point in board.empty_points():
                result = p.judge_four(
                    board, attacker, point, known=None, kept=never_kept,
                    carried=found.line, nodes=NODES,
                )  # fmt: skip
                truth = fresh_verdict(board, attacker, point)
                if truth is None:
                    assert result.outcome in (p.QUIET, p.FOUL, p.MISSED_FOUR, p.FIVE), point
                    continue
                fours += 1
                wins = result.outcome in (p.FOUR, p.DOUBLE, p.TRAP)
                assert wins == truth, (board, attacker, point, result)
                if result.outcome in (p.FOUR, p.FOUR_FAILS):
                    assert result.reply in board.fours_made(point, attacker)
    assert fours > 100


def test_a_five_a_foul_and_a_quiet_move():
    board = Board.setup("h8 i8 j8 k8 c3 d4 e5", "h9 i9 j9 a1 a15 o1", BLACK)
    assert p.judge_four(board, BLACK, parse_point("l8"), known=None, kept=never_kept,
                        nodes=NODES).outcome == p.FIVE  # fmt: skip
    assert p.judge_four(board, BLACK, parse_point("g8"), known=None, kept=never_kept,
                        nodes=NODES).row  # fmt: skip
    assert p.judge_four(board, BLACK, parse_point("h8"), known=None, kept=never_kept,
                        nodes=NODES).outcome == p.OCCUPIED  # fmt: skip


def test_the_trap_is_blacks_forbidden_block():
    board = Board.setup(**TRAP)
    line = list(vcf(board).line)
    results = []
    while line:  # white's fours, each answered by the block the engine picks
        result = p.judge_four(board, WHITE, line[0], known=None, kept=never_kept,
                              carried=line, nodes=NODES)  # fmt: skip
        results.append(result.outcome)
        if result.outcome != p.FOUR:
            break
        board.push_color(line[0], WHITE)
        board.push_color(result.reply, BLACK)
        line = line[2:] if len(line) > 2 and line[1] == result.reply else list(result.line)
    assert results[-1] == p.TRAP and set(results[:-1]) <= {p.FOUR}


def test_a_quiet_move_is_answered_by_a_stop_that_holds():
    stopped = 0
    for board in tactical_positions(20, seed=5):
        for attacker in (BLACK, WHITE):
            board.to_move = attacker
            found = vcf(board, attacker=attacker)
            if (
                not found.win
                or board.five_points(attacker)
                or board.five_points(opponent(attacker))
            ):
                continue
            for point in board.empty_points()[:40]:
                if board.fours_made(point, attacker) or p.black_foul(board, attacker, point):
                    continue
                result = p.judge_four(board, attacker, point, known=None, kept=never_kept,
                                      carried=found.line, nodes=NODES)  # fmt: skip
                assert result.outcome == p.QUIET
                if result.reply_kind == p.STOP:
                    stopped += 1
                    board.push_color(point, attacker)
                    board.push_color(result.reply, opponent(attacker))
                    assert not vcf(board, attacker=attacker, max_nodes=NODES).win
                    board.pop()
                    board.pop()
    assert stopped > 10


def test_every_defence_is_judged_from_the_stored_tree():
    board = Board.setup(**DEFEND)
    tree = defence_tree(board, max_nodes=2_000_000, max_positions=100, search_nodes=NODES)
    root = tree.positions[()]
    known = p.KnownDefence(
        threat=root.defences.threat.line,
        stops=root.defences.stops,
        counters=root.counters,
        refute=root.defences.refutations,
    )
    outcomes = {}
    for point in board.empty_points():
        result = p.judge_defence(board, BLACK, point, known=known)
        outcomes[point] = result.outcome
        if point in root.defences.stops:
            assert result.outcome == p.DEFENDS
        elif result.outcome == p.FAILS:
            assert result.line  # the opponent's win is shown
    assert p.DEFENDS in outcomes.values() and p.FAILS in outcomes.values()
    assert p.judge_defence(board, BLACK, parse_point("h8"), known=known).outcome == p.OCCUPIED
    assert p.judge_defence(board, BLACK, parse_point("a5"), known=None).outcome in (
        p.UNKNOWN, p.FOUL,
    )  # fmt: skip
