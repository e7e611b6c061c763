"""Mate in N with every winning first move (X17-X22), node budgets, the best
defence, and the material searcher."""

import pytest

from engines.budget import Budget
from engines.xiangqi import Position
from engines.xiangqi.search import best_defence, best_moves, material, mates
from tests.engines.xiangqi.vectors import MATES


@pytest.mark.parametrize("name", sorted(MATES))
def test_every_winning_first_move(name):
    fen, depth, expected = MATES[name]
    found = mates(Position(fen), depth)
    assert found.proven
    assert {m.text() for m in found.first_moves} == expected


def test_stalemating_counts_as_a_win_x17():
    position = Position(MATES["X17"][0])
    position.play("a9f9")
    assert not position.is_check() and position.legal_moves() == []


@pytest.mark.parametrize("name", ["X21", "X22"])
def test_mate_in_two_has_no_mate_in_one(name):
    fen, _, _ = MATES[name]
    assert mates(Position(fen), 1).first_moves == ()


def test_a_longer_depth_keeps_the_faster_mates():
    fen, _, expected = MATES["X18"]
    assert expected <= {m.text() for m in mates(Position(fen), 2).first_moves}


def test_a_spent_budget_leaves_moves_unsettled():
    fen, _, _ = MATES["X21"]
    found = mates(Position(fen), 2, max_nodes=50)
    assert not found.proven and found.unsettled
    budget = Budget(100_000)
    found = mates(Position(fen), 2, budget=budget)
    assert found.proven and 0 < budget.spent == found.nodes
    with pytest.raises(ValueError):
        mates(Position(fen), 0)


def test_best_defence_holds_out_longest():
    position = Position(MATES["X21"][0])
    position.play("d3e3")
    reply = best_defence(position, 2)
    assert reply is not None
    position.play(reply)
    assert mates(position, 1).first_moves  # mate follows whatever Black did


def test_material_search_wins_the_loose_piece():
    # The cannon on c6 hangs: the rook takes it.
    position = Position("5k3/9/9/9/2c6/9/9/9/9/2R1K4 w")
    assert material(position) == 900 - 450
    found = best_moves(position, 2)
    assert [m.text() for m in found.best_moves] == ["c1c6"]
    assert found.score == 900 and found.complete


def test_material_search_sees_mate():
    found = best_moves(Position(MATES["X18"][0]), 1)
    assert [m.text() for m in found.best_moves] == ["h3e3"]
    assert found.score > 50_000


def naive_wins(position: Position, n: int) -> bool:
    """Plain recursion, no table, no ordering: the definition of a win within n."""
    for move in position.legal_moves():
        position.push(move)
        try:
            replies = position.legal_moves()
            if not replies:
                return True
            if n > 1 and all(_naive_loses(position, reply, n - 1) for reply in replies):
                return True
        finally:
            position.pop()
    return False


def _naive_loses(position: Position, reply, n: int) -> bool:
    position.push(reply)
    try:
        return naive_wins(position, n)
    finally:
        position.pop()


def naive_first_moves(position: Position, n: int) -> set[str]:
    found = set()
    for move in position.legal_moves():
        position.push(move)
        replies = position.legal_moves()
        if not replies or (n > 1 and all(_naive_loses(position, r, n - 1) for r in replies)):
            found.add(move.text())
        position.pop()
    return found


def test_mate_search_agrees_with_plain_recursion_on_random_endings():
    import random

    rng = random.Random(7)
    starts = [fen for fen, _, _ in MATES.values()]
    compared = with_mates = 0
    for _ in range(24):
        position = Position(rng.choice(starts))
        for _ply in range(rng.randint(0, 6)):
            codes = position.legal_codes()
            if not codes:
                break
            position.push(rng.choice(codes))
        if not position.legal_codes():
            continue
        fresh = Position(position.fen())
        found = {m.text() for m in mates(fresh, 2).first_moves}
        assert found == naive_first_moves(fresh, 2), fresh.fen()
        compared += 1
        with_mates += bool(found)
    assert compared >= 15 and with_mates >= 3
