"""Every winning way at once: ``vcf_tree`` and ``defence_tree`` against fresh searches,
and ``verify_line`` against real and broken lines."""

from __future__ import annotations

import pytest

from engines.renju import BLACK, WHITE, Board, names, opponent, parse_points
from engines.renju.solver import (
    defence_tree,
    defences,
    placed,
    region,
    vcf,
    vcf_tree,
    verify_line,
)

from .positions import CASES
from .shipped import board as shipped
from .tactics import DEFEND, FOUR_THREE, TRAP, fresh_verdict, tactical_positions

# ---------------------------------------------------------------------------
# verify_line


def winning_lines():
    """(board, attacker, line, finish) of real VCFs: random crowded positions, a trap."""
    for board in tactical_positions(60, seed=7):
        for attacker in (BLACK, WHITE):
            result = vcf(board, attacker=attacker)
            if result.win:
                yield board, attacker, result.line, result.finish
    trap = Board.setup(**TRAP)
    yield trap, WHITE, vcf(trap).line, "foul"
    for slug in ("renju-gen-vcf-031", "renju-gen-vcf-038", "renju-gen-trap-037"):
        board = shipped(slug)
        result = vcf(board)
        yield board, board.to_move, result.line, result.finish


def test_verify_line_accepts_every_real_vcf():
    lines = list(winning_lines())
    assert len(lines) >= 30
    finishes = set()
    for board, attacker, line, finish in lines:
        before = board.diagram()
        assert verify_line(board, line, attacker=attacker) == finish, board.diagram()
        assert board.diagram() == before
        finishes.add(finish)
    assert finishes == {"five", "double", "foul"}


def broken(line: list[int], board: Board) -> dict[str, list[int]]:
    """Ways to spoil a winning line of at least three moves."""
    empty = [p for p in board.empty_points() if p not in line]
    spoilt = {
        "cut short": line[:-1],
        "a reply that is not the block": [line[0], empty[0], *line[2:]],
        "the first move twice": [line[0], line[1], line[0], *line[3:]],
        "a stone already on the board": [board.stones(BLACK)[0], *line[1:]],
        "a quiet move first": [empty[-1], line[1], *line[2:]],
        "no moves at all": [],
        "off the board": [225, *line[1:]],
    }
    return spoilt


def test_verify_line_rejects_broken_lines():
    checked = 0
    for board, attacker, line, _finish in winning_lines():
        if len(line) < 3:
            continue
        for why, bad in broken(line, board).items():
            assert verify_line(board, bad, attacker=attacker) == "", (why, names(bad))
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize(
    "black,white,to_move,line,why",
    [
        # White's c3-c6 four threatens c7: black's k8 four-three ignores it.
        (
            "c2 h8 i8 j8 k9 k10 d7 e7 f7",
            "c3 c4 c5 c6 g7 g8 h10 i11",
            BLACK,
            "k8 l8 k11",
            "the defender's four is not answered",
        ),
        # k8 would be black's four-three, but with k11 it makes two fours: a foul.
        (
            "h8 i8 j8 k9 k10 k11",
            "g8 k12 h10 i11 m3 c12",
            BLACK,
            "k8",
            "black's forbidden four",
        ),
        # White's f4 four must be blocked at j8, which is no foul without j9: no trap.
        ("h8 i8 j7 e3 k9", "i7 h6 g5 a1 o15 o13", WHITE, "f4 j8", "black's block is allowed"),
    ],
)
def test_verify_line_rejects(black, white, to_move, line, why):
    board = Board.setup(black, white, to_move)
    assert verify_line(board, parse_points(line)) == "", why


# ---------------------------------------------------------------------------
# vcf_tree


def tree_positions(board: Board, tree):
    for key, node in tree.positions.items():
        with placed(board, key):
            yield key, node


SMALL_TREES = [
    ("four-three", lambda: Board.setup(**FOUR_THREE)),
    ("trap", lambda: Board.setup(**TRAP)),
    ("renju-teach-034", lambda: shipped("renju-teach-034")),
    ("renju-gen-vcf-009", lambda: shipped("renju-gen-vcf-009")),
    ("renju-gen-trap-034", lambda: shipped("renju-gen-trap-034")),
    ("renju-gen-vcf-015", lambda: shipped("renju-gen-vcf-015")),
    ("renju-gen-vcf-031", lambda: shipped("renju-gen-vcf-031")),
]


@pytest.mark.parametrize("name,make", SMALL_TREES, ids=[name for name, _ in SMALL_TREES])
def test_every_point_of_every_position_as_a_fresh_search_sees_it(name, make):
    """Brute force: each empty point of each position of the tree, classified afresh."""
    board = make()
    attacker = board.to_move
    tree = vcf_tree(board)
    assert tree.proven and tree.win
    losing = quick = 0
    for key, node in tree_positions(board, tree):
        for point in board.empty_points():
            fresh = fresh_verdict(board, attacker, point)
            assert (point in node.wins) == bool(fresh), (name, key, point)
            losing += fresh is False
        # ...and the exhaustive search's own list of first moves agrees.
        assert set(node.wins) == set(vcf(board, all_first_moves=True).first_moves)
        quick += node.quick
    assert quick  # every win ends in a win in one move
    assert losing or len(tree.positions) < 5  # the bigger trees have fours that lose


def test_the_tree_holds_every_child_and_the_shortest_line():
    for slug in ("renju-gen-vcf-031", "renju-gen-vcf-038", "renju-gen-trap-037"):
        board = shipped(slug)
        attacker, defender = board.to_move, opponent(board.to_move)
        tree = vcf_tree(board)
        assert tree.proven and tree.complete
        edges = 0
        for key, node in tree_positions(board, tree):
            assert node.wins and node.line[0] in node.wins
            assert verify_line(board, node.line, attacker=attacker) == node.finish
            # No win is shorter than the one kept (the first found may be longer).
            assert len(node.line) <= len(vcf(board, attacker=attacker).line)
            for move, (how, block, _rest, _finish) in node.wins.items():
                if how == "four":
                    child = tuple(sorted((*key, (move, attacker), (block, defender))))
                    assert child in tree.positions
                    edges += 1
        assert len(tree.positions) <= edges + 1  # transpositions share an entry
    # The same board afterwards, the same side to move.
    assert board.diagram() == shipped("renju-gen-trap-037").diagram()
    assert board.to_move == shipped("renju-gen-trap-037").to_move


def test_the_start_of_a_tree_is_the_exhaustive_search():
    for case in CASES:
        board, _point = case.board()
        for attacker in (BLACK, WHITE):
            tree = vcf_tree(board, attacker=attacker)
            # Black's many ways to win in some of them are more than a puzzle's tree
            # holds; the start is classified all the same.
            assert tree.proven and (tree.complete or "positions" in tree.reason), case.name
            wins = set(vcf(board, attacker=attacker, all_first_moves=True).first_moves)
            found = tree.positions[()].wins
            fives = {p for p, (how, *_rest) in found.items() if how == "five"}
            # With a five to make, the exhaustive search names the fives alone.
            assert (fives or set(found)) == wins, case.name
            assert tree.win == bool(wins)


def test_a_tree_stopped_by_its_bounds_keeps_whole_positions_and_the_way_beyond():
    board = shipped("renju-gen-vcf-032")
    attacker, defender = board.to_move, opponent(board.to_move)
    whole = vcf_tree(board)
    assert whole.proven and whole.complete
    # Not even the start within 5 nodes: no proof at all.
    tree = vcf_tree(board, max_nodes=5)
    assert not tree.proven and "5 nodes" in tree.reason and tree.nodes <= 6
    for bounds in ({"max_positions": 5}, {"max_nodes": 1_000}):
        tree = vcf_tree(board, **bounds)
        assert tree.proven and not tree.complete, bounds
        assert "positions" in tree.reason or "nodes" in tree.reason
        assert tree.nodes <= bounds.get("max_nodes", whole.nodes)
        beyond = 0
        for key, node in tree_positions(board, tree):
            # A kept position is whole: the same wins as in the whole tree.
            assert node.wins == whole.positions[key].wins
            for move, (how, block, rest, finish) in node.wins.items():
                child = tuple(sorted((*key, (move, attacker), (block, defender))))
                if how == "four" and child not in tree.positions:
                    with placed(board, ((move, attacker), (block, defender))):
                        assert verify_line(board, rest, attacker=attacker) == finish
                    beyond += 1
            assert verify_line(board, node.line, attacker=attacker) == node.finish
        assert beyond


def test_beside_a_win_in_one_the_tree_keeps_no_position_after_a_four_that_keeps_one():
    """g8 makes a straight four for black (k8 would be a double-four): every four on
    the board that leaves a win in one is a win, and the tree stops there."""
    board = Board.setup(black="h8 i8 j8 c3 d3 e3 k9 k10 k11", white="b3 k12 a1 a3 a5 o1 o3 o5 c12")
    tree = vcf_tree(board)
    root = tree.positions[()]
    assert root.quick and root.line == parse_points("g8") and root.finish == "double"
    kept = {names([m]) for m, (how, *_r) in root.wins.items() if how == "quick"}
    assert "f3" in kept
    for move, (how, block, rest, finish) in root.wins.items():
        with placed(board, ((move, BLACK), (block, WHITE))):
            if how == "quick":
                assert verify_line(board, rest, attacker=BLACK) == finish
    assert tree.complete and len(tree.positions) < 10


def test_the_tree_keeps_what_refutes_a_quiet_move():
    """Where the defender has a VCF of his own, a quiet move of the attacker's loses
    to it; elsewhere the defender stops the attacker on a point of the win: the tree
    keeps both, each proven afresh here."""
    counters = stops = 0
    for slug in ("renju-gen-vcf-031", "renju-gen-vcf-016", "renju-teach-038"):
        board = shipped(slug)
        attacker, defender = board.to_move, opponent(board.to_move)
        tree = vcf_tree(board)
        for _key, node in tree_positions(board, tree):
            if node.counter:
                assert verify_line(board, node.counter, attacker=defender)
                counters += 1
            if node.stop is not None:
                assert node.stop in [*node.line, *node.wins]
                with placed(board, ((node.stop, defender),)):
                    after = vcf(board, attacker=attacker, max_nodes=10**6)
                assert after.proven and not after.win
                stops += 1
    assert counters >= 20 and stops >= 20


# ---------------------------------------------------------------------------
# defences and defence_tree


def test_a_quiet_move_outside_the_region_leaves_the_threat_winning():
    """Brute force over every empty point: outside the region the threat line still
    wins as it is; inside it, the refutation kept is a real win."""
    for make in (lambda: Board.setup(**DEFEND), lambda: shipped("renju-teach-053")):
        board = make()
        defender, attacker = board.to_move, opponent(board.to_move)
        found = defences(board)
        area = set(region(board, attacker, found.threat))
        assert set(found.region) == area
        for point in board.empty_points():
            if point in found.stops or point in found.counters:
                continue
            if defender == BLACK and board.is_forbidden(point):
                continue
            with placed(board, ((point, defender),)):
                line = found.refutation(point)
                assert verify_line(board, line, attacker=attacker), names([point])
                if point not in area:
                    assert line == found.threat.line


def test_defences_count_their_nodes_and_spend_a_budget():
    from engines.budget import Budget, OutOfBudget

    board = Board.setup(**DEFEND)
    found = defences(board)
    assert found.nodes > found.threat.nodes
    budget = Budget(found.nodes)
    assert defences(board, budget=budget).stops == found.stops
    assert budget.spent == found.nodes
    with pytest.raises(OutOfBudget):
        defences(board, budget=Budget(found.nodes - 1))


def test_the_defence_tree_follows_counter_fours():
    board = Board.setup(
        black="g8 a1 a3 o1 o3 b2 c2 d2", white="h8 i8 j8 k9 k10 a2 o15 o13", to_move=BLACK
    )
    tree = defence_tree(board)
    assert tree.proven
    root = tree.positions[()]
    assert names(root.defences.stops) == "k7, k8, k11, l8"
    how, block, _line = root.counters[parse_points("e2")[0]]
    assert (how, names([block])) == ("continue", "f2")
    after = tree.positions[tuple(sorted([(parse_points("e2")[0], BLACK), (block, WHITE)]))]
    assert names(after.defences.stops) == "k7, k8, k11, l8"
    # Every position's lists are those a fresh search gives.
    for key, node in tree.positions.items():
        with placed(board, key):
            fresh = defences(board)
            assert node.defences.stops == fresh.stops
            assert node.defences.counters == fresh.counters
            assert node.defences.threat.line == fresh.threat.line


def test_the_defence_tree_says_which_bound_it_hit():
    board = shipped("renju-teach-055")
    assert defence_tree(board).proven
    tree = defence_tree(board, max_nodes=100)
    assert not tree.proven and "100 nodes" in tree.reason
    tree = defence_tree(board, max_positions=1)
    assert not tree.proven and "more than 1 positions" in tree.reason
