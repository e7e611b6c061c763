"""The fewest-moves capture search of ``junqi.capture`` (the ``junqi.capture`` puzzles,
明棋) against iterative deepening over every sequence of moves (``oracle.fastest``),
on small random positions: the fewest moves, and at every placement on a fastest line
the moves that keep to one."""

import random

import pytest

from engines.junqi import (
    BOARD,
    OFFICERS,
    RANKS,
    Piece,
    Position,
    apply,
    area_points,
    moves,
    point,
)
from engines.junqi.capture import SearchLimit, fastest_lines, key
from tests.engines.junqi import oracle

NORTH_AREA = area_points("N")
NEAR = [*NORTH_AREA, *(point(f"C{i}") for i in range(1, 10)), *(point(f"S5{j}") for j in range(5))]


def small(rng) -> tuple[Position, tuple[int, int]]:
    """East's flag in North's headquarters with 0–3 more enemies (East's or West's)
    in North's area, and 1–3 of South's pieces in that area, the centre or on South's
    front railway; the target is the flag, or now and then another enemy."""
    flag = point(rng.choice(["N01", "N03"]))
    pieces = {flag: Piece(1, "flag")}
    for _ in range(rng.randint(0, 3)):
        p = rng.choice([q for q in NORTH_AREA if q not in pieces])
        pieces[p] = Piece(rng.choice([1, 3]), rng.choice(RANKS[:-1]))
    for _ in range(rng.randint(1, 3)):
        p = rng.choice([q for q in NEAR if q not in pieces and BOARD.kind(q) != "hq"])
        pieces[p] = Piece(0, rng.choice([*OFFICERS, "bomb"]))
    enemies = [p for p, piece in pieces.items() if piece.seat != 0]
    target = flag if rng.random() < 0.7 else rng.choice(enemies)
    return Position(pieces), target


def test_the_search_against_every_sequence_of_moves():
    rng = random.Random("junqi-capture")
    depths = []
    for _ in range(200):
        position, target = small(rng)
        own = [piece for piece in position.pieces.values() if piece.seat == 0]
        # three moves deep for one or two pieces without an engineer, else two
        most = 2 if len(own) == 3 or any(p.rank == "engineer" for p in own) else 3
        lines = fastest_lines(position, target, max_moves=most)
        depth, _first = oracle.fastest(position, target, most, moves, apply)
        assert lines.moves == depth
        depths.append(depth)
        if depth is None:
            assert lines.best == {}
            continue
        # every placement on a fastest line, walked from the start, and its moves
        reached = set()
        frontier = [(position, depth)]
        while frontier:
            here, left = frontier.pop()
            k = key(here, 0)
            if k in reached:
                continue
            reached.add(k)
            found, first = oracle.fastest(here, target, left, moves, apply)
            assert found == left
            assert lines.best[k] == sorted(first)
            for move in moves(here, 0):
                if move.text in first and left > 1:
                    frontier.append((apply(here, move), left - 1))
        assert set(lines.best) == reached
    assert {1, 2, 3, None} <= set(depths)


def test_an_engineer_digs_a_mine_and_takes_the_flag():
    position = Position(
        {
            point("S10"): Piece(0, "engineer"),
            point("N11"): Piece(1, "mine"),
            point("N01"): Piece(1, "flag"),
        }
    )
    lines = fastest_lines(position, point("N01"))
    assert lines.moves == 2 and lines.best[key(position, 0)] == ["S10-N11"]


def test_a_trade_of_equals_clears_the_line():
    position = Position(
        {
            point("S50"): Piece(0, "major"),
            point("S10"): Piece(0, "major"),
            point("C7"): Piece(1, "major"),
            point("N14"): Piece(1, "lieutenant"),
        }
    )
    lines = fastest_lines(position, point("N14"))
    assert lines.moves == 2
    first = lines.best[key(position, 0)]
    assert first == ["S50-C7"]
    after = apply(position, next(m for m in moves(position, 0) if m.text == "S50-C7"))
    assert lines.best[key(after, 0)] == ["S10-N14"]


def test_the_search_refuses_a_friendly_target_and_stops_at_its_limit():
    position = Position({point("S10"): Piece(0, "engineer"), point("N01"): Piece(1, "flag")})
    with pytest.raises(ValueError):
        fastest_lines(position, point("S10"))
    far = Position(
        {
            point("S10"): Piece(0, "marshal"),
            point("S14"): Piece(0, "general"),
            point("N01"): Piece(1, "flag"),
        }
    )
    with pytest.raises(SearchLimit):
        fastest_lines(far, point("N01"), max_positions=100)
