"""四国军棋: a piece's reach on full boards, one player's legal moves, self-play and the
fewest-moves capture search, each against a reference in the same run.

    .venv/bin/python bench/junqi_engine.py [--positions 2000] [--seed 2026]

1. ``--positions`` boards from random play (four random legal set-ups, then 0 to 12
   random legal moves: 90 to 100 pieces): ``reach`` for every piece of the seat to
   move that can move, engineers and other pieces apart, median and worst, against
   the tests' slow references on the same pieces (``oracle.engineer_reach``: every
   simple railway path; ``oracle.line_reach``: each line and arc walked point by
   point; both with the road steps), which must agree. Target (``junqi.md`` §5):
   < 0.2 ms median.
2. On the same boards, every legal move of the seat to move (``moves``), median and
   worst, against the references for all its pieces. Target: < 5 ms.
3. 10,000 random legal moves of self-play through ``Game.play`` (each move chosen
   from ``moves``, new games from random set-ups when one ends), against the
   ``moves`` calls alone in the same run. Target: < 10 s.
4. Small open-board capture positions (1–3 of South's pieces, East's flag and 0–3
   more enemies): ``fastest_lines`` to depth 3, median and worst, against
   iterative deepening over every sequence of moves on the same positions, which
   must agree on the fewest moves. Target: < 2 s.

A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.junqi import (  # noqa: E402
    AREAS,
    BOARD,
    OFFICERS,
    RANKS,
    Piece,
    Position,
    apply,
    area_points,
    is_movable,
    moves,
    pieces_of,
    point,
    random_setup,
    reach,
)
from engines.junqi.capture import fastest_lines  # noqa: E402
from engines.junqi.game import Game  # noqa: E402
from tests.engines.junqi import oracle  # noqa: E402


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.3f} ms"


def full_boards(rng: random.Random, count: int) -> list[Position]:
    boards = []
    while len(boards) < count:
        pieces = pieces_of((seat, random_setup(AREAS[seat], rng)) for seat in range(4))
        game = Game(Position(pieces))
        for _ in range(rng.randint(0, 12)):
            if game.result is not None:
                break
            choice = rng.choice(moves(game.position))
            game.play(choice.start, choice.end)
        if game.result is None:
            boards.append(game.position)
    return boards


def slow_reach(position: Position, start) -> set:
    if position.pieces[start].rank == "engineer":
        rail = oracle.engineer_reach(position, start)
    else:
        rail = oracle.line_reach(position, start)
    return set(rail) | oracle.road_reach(position, start)


def reach_and_moves(boards: list[Position]) -> None:
    ours = {"engineer": [], "other": []}
    slow = {"engineer": [], "other": []}
    player, player_slow = [], []
    for position in boards:
        seat = position.to_move
        mine = [
            p for p, piece in position.pieces.items() if piece.seat == seat and is_movable(p, piece)
        ]
        for p in mine:
            kind = "engineer" if position.pieces[p].rank == "engineer" else "other"
            start = time.perf_counter()
            found = reach(position, p)
            middle = time.perf_counter()
            expected = slow_reach(position, p)
            slow[kind].append(time.perf_counter() - middle)
            ours[kind].append(middle - start)
            assert set(found) == expected, "the reference disagrees"
        start = time.perf_counter()
        moves(position)
        middle = time.perf_counter()
        for p in mine:
            slow_reach(position, p)
        player_slow.append(time.perf_counter() - middle)
        player.append(middle - start)
    pieces = sum(len(p.pieces) for p in boards) / len(boards)
    print(f"{len(boards)} boards from random play, {pieces:.1f} pieces on average")
    for kind, label in (("engineer", "engineers"), ("other", "other pieces")):
        times, ref = ours[kind], slow[kind]
        median = statistics.median(times)
        print(
            f"reach, {label} ({len(times)}): median {ms(median)} (target < 0.2 ms), worst "
            f"{ms(max(times))}; reference median {ms(statistics.median(ref))}, worst "
            f"{ms(max(ref))}, ratio {statistics.median(ref) / median:.1f}x"
        )
    median = statistics.median(player)
    print(
        f"all legal moves of the seat to move: median {ms(median)} (target < 5 ms), worst "
        f"{ms(max(player))}; reference median {ms(statistics.median(player_slow))}, ratio "
        f"{statistics.median(player_slow) / median:.1f}x"
    )


def self_play(seed: int, count: int = 10_000) -> None:
    rng = random.Random(f"{seed}-self-play")
    played = games = 0
    generating = 0.0
    start = time.perf_counter()
    while played < count:
        pieces = pieces_of((seat, random_setup(AREAS[seat], rng)) for seat in range(4))
        game = Game(Position(pieces))
        games += 1
        while game.result is None and played < count:
            before = time.perf_counter()
            legal = moves(game.position)
            generating += time.perf_counter() - before
            choice = rng.choice(legal)
            game.play(choice.start, choice.end)
            played += 1
    total = time.perf_counter() - start
    print(
        f"self-play, {count} random moves in {games} games: {total:.2f} s (target < 10 s), "
        f"{count / total:.0f} moves a second; generating the moves alone {generating:.2f} s, "
        f"ratio {total / generating:.1f}x"
    )


NORTH = area_points("N")
NEAR = [*NORTH, *(point(f"C{i}") for i in range(1, 10)), *(point(f"S5{j}") for j in range(5))]


def small(rng: random.Random) -> tuple[Position, tuple[int, int]]:
    flag = point(rng.choice(["N01", "N03"]))
    pieces = {flag: Piece(1, "flag")}
    for _ in range(rng.randint(0, 3)):
        p = rng.choice([q for q in NORTH if q not in pieces])
        pieces[p] = Piece(rng.choice([1, 3]), rng.choice(RANKS[:-1]))
    for _ in range(rng.randint(1, 3)):
        p = rng.choice([q for q in NEAR if q not in pieces and BOARD.kind(q) != "hq"])
        pieces[p] = Piece(0, rng.choice([*OFFICERS, "bomb"]))
    return Position(pieces), flag


def captures(seed: int, count: int = 100) -> None:
    rng = random.Random(f"{seed}-capture")
    ours, slow, depths, sizes = [], [], [], []
    for _ in range(count):
        position, target = small(rng)
        start = time.perf_counter()
        lines = fastest_lines(position, target, max_moves=3)
        middle = time.perf_counter()
        depth, _first = oracle.fastest(position, target, 3, moves, apply)
        slow.append(time.perf_counter() - middle)
        ours.append(middle - start)
        assert lines.moves == depth, "the reference disagrees"
        depths.append(depth)
        sizes.append(lines.positions)
    median = statistics.median(ours)
    found = sorted(d for d in depths if d is not None)
    print(
        f"fastest_lines to depth 3, {count} small positions: median {ms(median)}, worst "
        f"{ms(max(ours))} (target < 2 s); placements searched median "
        f"{statistics.median(sizes):.0f}, most {max(sizes)}; the flag in 1/2/3 moves: "
        f"{found.count(1)}/{found.count(2)}/{found.count(3)}, not within 3: "
        f"{depths.count(None)}; reference (every sequence) median "
        f"{ms(statistics.median(slow))}, worst {ms(max(slow))}, ratio "
        f"{statistics.median(slow) / median:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"四国军棋 reach, moves, self-play and captures, seed {args.seed}\n")
    boards = full_boards(random.Random(f"{args.seed}-boards"), args.positions)
    reach_and_moves(boards)
    self_play(args.seed)
    captures(args.seed)


if __name__ == "__main__":
    main()
