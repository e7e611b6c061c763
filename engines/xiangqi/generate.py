"""Puzzles from engine-played games: mates in 1 to 3, and tactics that win material.

A weak, seeded player (``play_game``: a few random opening moves, then the material
searcher at a small depth, choosing at random among the best moves and now and then
blundering) plays games. At each position of a game we look for

* a mate (将死 or 困毙) in 1, 2 or 3 for the side to move, with at most three
  winning first moves (``find_mate``; mates in 3 only where the search is cheap:
  few pieces left, or the game's final attack); the position is then *trimmed*:
  pieces that change neither the shortest win nor the set of winning first moves
  are taken off while the position stays legal (``trim``), so that the proof stays
  small; the defences to a mate in 2 or 3 give shorter mates too (``follow_ups``);
* a tactic: the searcher at depth 3 wins at least a horse's worth more than the
  material on the board, with one or two first moves doing it, while no move wins
  much at depth 1, when only loose pieces are taken (``find_win``).

Nothing here asks Fairy-Stockfish; ``puzzles.games.xiangqi.generate`` confirms each
find with it before writing.

>>> games = play_games(1, seed=3, max_plies=12)
>>> len(games[0].move_stack) > 0
True
>>> puzzle = find_mate(Position("3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w"))
>>> puzzle.depth, puzzle.first_moves
(2, ('d3e3',))
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import (
    GENERAL,
    BadPosition,
    Move,
    Position,
)
from .search import MATE, MateSearch, _Spent, best_defence, best_moves, material, mates

# -- the player -------------------------------------------------------------------


def choose_move(position: Position, rng: random.Random, depth: int = 1, blunder: float = 0.1):
    """A move for the side to move: one of the searcher's best at ``depth`` plies,
    or (with probability ``blunder``) any legal move; ``None`` when there is none."""
    codes = position.legal_codes()
    if not codes:
        return None
    if rng.random() < blunder:
        return Move.from_code(rng.choice(codes))
    found = best_moves(position, depth, max_nodes=20_000)
    if not found.best_moves:
        return Move.from_code(rng.choice(codes))
    return rng.choice(found.best_moves)


def play_game(
    rng: random.Random, max_plies: int = 160, opening: tuple[int, int] = (4, 10)
) -> Position:
    """One game from the start: ``opening`` random plies (a range), then ``choose_move``
    (depth 2 now and then, depth 1 otherwise) until the game ends or ``max_plies``."""
    position = Position()
    random_plies = rng.randint(*opening)
    for ply in range(max_plies):
        codes = position.legal_codes()
        if not codes:
            break
        if ply < random_plies:
            move = Move.from_code(rng.choice(codes))
        else:
            move = choose_move(position, rng, depth=2 if rng.random() < 0.15 else 1)
        position.push(move)
        if position.halfmoves >= 60:  # nothing happens any more
            break
    return position


def play_games(count: int, seed: int = 2026, max_plies: int = 160) -> list[Position]:
    """``count`` games, the same for the same ``seed``."""
    rng = random.Random(seed)
    return [play_game(rng, max_plies) for _ in range(count)]


def positions(game: Position, skip: int = 0) -> Iterator[Position]:
    """Every position of a played game (after the first ``skip`` plies), as a fresh
    position without history (a puzzle starts from its FEN)."""
    replay = Position()
    for number, move in enumerate(game.move_stack):
        if number >= skip:
            yield Position(fen_of(replay))
        replay.push(move)
    if replay.has_legal_move():
        yield Position(fen_of(replay))


def fen_of(position: Position) -> str:
    """The FEN as puzzles write it: the board and the side to move."""
    return position.board_fen() + (" w" if position.turn == 0 else " b")


# -- mates ------------------------------------------------------------------------


@dataclass(frozen=True)
class MatePuzzle:
    """A mate in ``depth`` (the shortest) for the side to move of ``fen``."""

    fen: str
    depth: int
    first_moves: tuple[str, ...]  # every first move winning within ``depth``
    line: tuple[str, ...]  # a main line: the fastest win against the longest defence
    stalemate: bool  # the main line ends in 困毙, not 将死
    pieces: int
    quiet: bool  # the main line's first move neither checks nor captures
    source: str = ""  # the game position before trimming


def mate_length(position: Position, most: int, max_nodes: int) -> int | None:
    """The shortest win (at most ``most`` moves) for the side to move, or ``None``
    (also when ``max_nodes`` run out)."""
    try:
        return MateSearch(position, max_nodes).mate_length(most)
    except _Spent:
        return None


def main_line(position: Position, depth: int) -> tuple[list[str], bool]:
    """The fastest win against the longest defence, and whether it ends in 困毙."""
    p = position.copy()
    line = []
    for left in range(depth, 0, -1):
        best, best_length = None, None
        for move in mates(p, left).first_moves:
            p.push(move)
            length = 1 + _longest(p, left - 1) if p.has_legal_move() else 1
            p.pop()
            if best is None or length < best_length:
                best, best_length = move, length
        if best is None:  # cannot happen for a proven mate
            break
        p.push(best)
        line.append(best.text())
        if not p.has_legal_move():
            return line, not p.is_check()
        reply = best_defence(p, left - 1)
        p.push(reply)
        line.append(reply.text())
    return line, False


def _longest(position: Position, left: int) -> int:
    """The longest the defender (to move, lost within ``left`` more moves) holds out."""
    longest = 0
    for code in position.legal_codes():
        position.push(code)
        longest = max(longest, MateSearch(position).mate_length(left) or left)
        position.pop()
    return longest


def find_mate(
    position: Position, most: int = 3, max_first: int = 3, max_nodes: int = 150_000
) -> MatePuzzle | None:
    """The side to move's shortest win (within ``most`` moves) when it has at most
    ``max_first`` winning first moves, else ``None``."""
    if not position.has_legal_move():
        return None
    depth = mate_length(position, most, max_nodes)
    if depth is None:
        return None
    found = mates(position, depth, max_nodes=max_nodes * 4)
    if not found.proven or not found.first_moves or len(found.first_moves) > max_first:
        return None
    return describe_mate(position, depth, found.first_moves)


def describe_mate(position: Position, depth: int, first_moves, source: str = "") -> MatePuzzle:
    line, stalemate = main_line(position, depth)
    first = Move.from_text(line[0])
    quiet = not position.board[first.to_square] and not position.gives_check(first)
    return MatePuzzle(
        fen=fen_of(position),
        depth=depth,
        first_moves=tuple(m if isinstance(m, str) else m.text() for m in first_moves),
        line=tuple(line),
        stalemate=stalemate,
        pieces=len(position.pieces()),
        quiet=quiet,
        source=source,
    )


def winning_set(position: Position, depth: int) -> tuple[str, ...] | None:
    """The winning first moves within ``depth`` when ``depth`` is the shortest win,
    else ``None``."""
    if depth > 1 and mates(position, depth - 1).first_moves:
        return None
    found = mates(position, depth)
    if not found.proven or not found.first_moves:
        return None
    return tuple(m.text() for m in found.first_moves)


def without(position: Position, sq: int) -> Position | None:
    """The position with the piece on ``sq`` taken off, or ``None`` if that is not
    a legal position."""
    board = position.board[:]
    board[sq] = 0
    other = position.copy()
    other.board = board
    try:
        return Position(fen_of(other))
    except BadPosition:
        return None


def shrink(position: Position, order: list[int], keeps) -> Position:
    """Take off the pieces on ``order`` (the generals never) while ``keeps(smaller)``
    holds: in halves first, in the order given (put the likeliest first), then one
    by one until no piece more can go. Every step is a legal position."""
    order = list(order)
    size = max(1, len(order) // 2)
    while True:
        changed = False
        start = 0
        while start < len(order):
            group = order[start : start + size]
            smaller = position
            for sq in group:
                smaller = without(smaller, sq) if smaller is not None else None
            if smaller is not None and smaller.has_legal_move() and keeps(smaller):
                position = smaller
                del order[start : start + size]
                changed = True
            else:
                start += size
        if size > 1:
            size //= 2
        elif not changed:
            return position


def _distance(a: int, b: int) -> int:
    return abs(a % 9 - b % 9) + abs(a // 9 - b // 9)


def trim(puzzle: MatePuzzle, rng: random.Random | None = None) -> MatePuzzle:
    """Take pieces off while the shortest win and the winning first moves stay the
    same; pieces far from the losing general go first."""
    position = Position(puzzle.fen)
    wanted = tuple(puzzle.first_moves)
    general = position.kings[1 - position.turn]
    order = [sq for sq, p in position.pieces() if p & 7 != GENERAL]
    if rng is not None:
        rng.shuffle(order)
    order.sort(key=lambda sq: -_distance(sq, general))
    position = shrink(position, order, lambda p: winning_set(p, puzzle.depth) == wanted)
    if position.board == Position(puzzle.fen).board:
        return puzzle
    return describe_mate(position, puzzle.depth, wanted, source=puzzle.source or puzzle.fen)


def scan_mates(
    game: Position, skip: int = 6, small: int = 14, tail: int = 16
) -> Iterator[MatePuzzle]:
    """The mates ``find_mate`` finds in a played game: mates in 1 and 2 everywhere,
    mates in 3 where at most ``small`` pieces are left (the proof stays cheap) and
    in the game's last ``tail`` plies (its final attack), within a node budget."""
    every = list(positions(game, skip))
    for number, position in enumerate(every):
        if len(position.pieces()) <= small:
            found = find_mate(position, 3)
        elif number >= len(every) - tail:
            found = find_mate(position, 3, max_nodes=60_000)
        else:
            found = find_mate(position, 2)
        if found is not None:
            yield found


# -- tactics ----------------------------------------------------------------------


@dataclass(frozen=True)
class WinPuzzle:
    """A first move (or two) that wins at least ``gain`` within ``depth`` plies."""

    fen: str
    depth: int
    gain: int
    first_moves: tuple[str, ...]
    line: tuple[str, ...]
    best_gain: int
    next_gain: int  # the best any other first move wins
    pieces: int
    quiet: bool


def move_gains(position: Position, depth: int, max_nodes: int = 400_000) -> dict[str, int]:
    """What each first move wins (material after ``depth`` plies and the captures that
    follow, minus material now), or ``{}`` if the search ran out of nodes."""
    base = material(position)
    gains = {}
    p = position.copy()
    for code in p.legal_codes():
        p.push(code)
        if not p.has_legal_move():
            score = MATE
        else:
            found = best_moves(p, depth - 1, max_nodes=max_nodes)
            if not found.complete:
                p.pop()
                return {}
            score = -found.score
        p.pop()
        gains[Move.from_code(code).text()] = score - base
    return gains


def find_win(
    position: Position, depth: int = 3, least: int = 400, max_nodes: int = 120_000
) -> WinPuzzle | None:
    """A tactic: one or two first moves win at least ``least`` at ``depth`` plies
    (not by mate), every other move wins at most half as much, and no move wins
    ``least`` at depth 1 (the win is not a loose piece any capture takes)."""
    quick = best_moves(position, 1, max_nodes=max_nodes)
    base = material(position)
    if not quick.complete or quick.score - base >= 200:
        return None
    if depth > 2:  # a cheaper look first: most positions have nothing
        near = best_moves(position, 2, max_nodes=30_000)
        if not near.complete or near.score - base < least:
            return None
    deep = best_moves(position, depth, max_nodes=max_nodes)
    if not deep.complete or deep.score - base < least or deep.score >= MATE - 100:
        return None
    if mate_length(position, 2, 50_000) is not None:
        return None
    gains = move_gains(position, depth, max_nodes)
    if not gains:
        return None
    ranked = sorted(gains.items(), key=lambda item: (-item[1], item[0]))
    best_gain = ranked[0][1]
    if best_gain >= MATE - 100:
        return None
    right = [m for m, g in ranked if g >= best_gain - 100][:3]
    if len(right) > 2:
        return None
    gain = min(gains[m] for m in right) // 50 * 50
    others = [g for m, g in ranked if m not in right]
    next_gain = others[0] if others else -MATE
    if gain < least or next_gain > gain - 200:  # the right moves stand out clearly
        return None
    first = Move.from_text(ranked[0][0])
    line = list(deep.line) if deep.line and deep.line[0].text() in right else [first]
    return WinPuzzle(
        fen=fen_of(position),
        depth=depth,
        gain=gain,
        first_moves=tuple(sorted(right)),
        line=tuple(m.text() for m in line),
        best_gain=best_gain,
        next_gain=next_gain,
        pieces=len(position.pieces()),
        quiet=not position.board[first.to_square] and not position.gives_check(first),
    )


def scan_wins(game: Position, skip: int = 8, small: int = 22) -> Iterator[WinPuzzle]:
    """The tactics ``find_win`` finds in a played game, where at most ``small``
    pieces are left (the searches stay cheap, and the puzzle small)."""
    for position in positions(game, skip):
        if len(position.pieces()) > small:
            continue
        found = find_win(position)
        if found is not None:
            yield found


def _keeps_tactic(position: Position, puzzle: WinPuzzle) -> bool:
    """A quick test for ``trim_win``: the searcher still wins ``gain`` with one of the
    right moves only, and nothing is loose at depth 1."""
    if not position.has_legal_move():
        return False
    base = material(position)
    quick = best_moves(position, 1, max_nodes=20_000)
    if not quick.complete or quick.score - base >= 200:
        return False
    deep = best_moves(position, puzzle.depth, max_nodes=60_000)
    return (
        deep.complete
        and puzzle.gain <= deep.score - base < MATE - 100
        and {m.text() for m in deep.best_moves} <= set(puzzle.first_moves)
    )


def trim_win(puzzle: WinPuzzle, rng: random.Random | None = None) -> WinPuzzle:
    """Take pieces off while the tactic stays the same: the same right first moves,
    winning at least as much. Pieces far from the first move go first, in halves,
    then one by one; the result is proved again by ``find_win``."""
    position = Position(puzzle.fen)
    first = Move.from_text(puzzle.first_moves[0])

    def distance(sq: int) -> int:
        return min(
            abs(sq % 9 - t % 9) + abs(sq // 9 - t // 9)
            for t in (first.from_square, first.to_square)
        )

    order = [sq for sq, p in position.pieces() if p & 7 != GENERAL]
    if rng is not None:
        rng.shuffle(order)
    order.sort(key=distance, reverse=True)
    position = shrink(position, order, lambda p: _keeps_tactic(p, puzzle))
    if position.board == Position(puzzle.fen).board:
        return puzzle
    found = find_win(position, puzzle.depth)
    if found is None or found.first_moves != puzzle.first_moves or found.gain < puzzle.gain:
        return puzzle
    return found


# -- a whole harvest --------------------------------------------------------------


@dataclass
class Harvest:
    """What one game gave: its mates and tactics (trimmed), and counts of what was
    looked at."""

    mates: list[MatePuzzle]
    wins: list[WinPuzzle]
    plies: int = 0


def follow_ups(puzzle: MatePuzzle, most: int = 2) -> Iterator[MatePuzzle]:
    """Shorter mates met on the way: after the main line's first move, each defence
    that leaves a mate with few winning first moves (at most ``most`` of them)."""
    position = Position(puzzle.fen)
    position.push(Move.from_text(puzzle.line[0]))
    given = 0
    for code in position.legal_codes():
        position.push(code)
        found = find_mate(Position(fen_of(position)), puzzle.depth - 1)
        position.pop()
        if found is not None:
            yield found
            given += 1
            if given == most:
                return


def harvest_game(seed: int, number: int, max_plies: int = 160, tactics: bool = True) -> Harvest:
    """Play game ``number`` of the set seeded ``seed`` and keep what it gives."""
    rng = random.Random(seed * 100_003 + number)
    game = play_game(rng, max_plies)
    found: dict[str, MatePuzzle] = {}
    for puzzle in scan_mates(game):
        family = [puzzle]
        if puzzle.depth > 1:
            family += list(follow_ups(puzzle))
        for member in family:
            small = trim(member, rng)
            found.setdefault(small.fen, small)
    wins: dict[str, WinPuzzle] = {}
    if tactics:
        for puzzle in scan_wins(game):
            small = trim_win(puzzle, rng)
            wins.setdefault(small.fen, small)
    return Harvest(list(found.values()), list(wins.values()), len(game.move_stack))


__all__ = [
    "Harvest",
    "follow_ups",
    "harvest_game",
    "MatePuzzle",
    "WinPuzzle",
    "choose_move",
    "describe_mate",
    "find_mate",
    "find_win",
    "move_gains",
    "play_game",
    "play_games",
    "positions",
    "scan_mates",
    "scan_wins",
    "shrink",
    "trim",
    "trim_win",
    "winning_set",
]
