"""Judging a move in a Renju puzzle played out against the engine: the engine
decides what the move is and how the other side answers; the web's kind only
puts the result into words (as ``engines.go.problems.judge`` does for Go).

Two puzzles are played out:

* **win by fours** (VCF, and the forbidden-point trap): the solver plays fours,
  the engine blocks. ``judge_four`` says what a move is (five, a foul, a four
  that wins or not, a quiet move) and which block or reply the defender picks.
* **defend**: the opponent threatens to win by fours; ``judge_defence`` says
  whether a move stops it, counters with fours of its own, or fails, and with
  which line the opponent refutes it.

What is expensive (the winning fours of each position, the defences) is worked
out once when the puzzle is saved (``solver.vcf_tree``, ``solver.defence_tree``)
and handed in here as ``Known`` / ``KnownDefence``; what is not stored is
searched within ``nodes``, and a result that search cannot settle says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import BLACK, WHITE, Board, Foul, opponent
from .solver import four_reply, placed, quick_line, quick_wins, vcf, verify_line

# What a move is, in a win by fours
OCCUPIED = "occupied"  # the point holds a stone: nothing changes
FIVE = "five"  # five in a row: the puzzle is solved
FOUL = "foul"  # a forbidden point for black: the opponent points it out and wins
MISSED_FOUR = "missed-four"  # the defender already had a four, and this does not block it
QUIET = "quiet"  # not a four: the defender is free (``reply``, and ``reply_kind``)
DOUBLE = "double"  # two ways to five: the defender blocks one
TRAP = "trap"  # black's only block is a forbidden point: white wins
FOUR = "four"  # a four that keeps a win: the defender blocks at ``reply``
FOUR_FAILS = "four-fails"  # a four after whose block no win is left
FOUR_UNSETTLED = "four-unsettled"  # a four the search could not settle in time
UNKNOWN = "unknown"  # a position the stored tree never reached (the puzzle changed)

# How the defender answers a quiet move
COUNTER = "counter"  # with fours of its own that win
STOP = "stop"  # with the stone that stops the attacker's fours

# What a defence is
DEFENDS = "defends"  # it stops the threat
COUNTER_DOUBLE = "counter-double"  # a four with two ways to five: it wins
COUNTER_TRAP = "counter-trap"  # a four black can block only on a forbidden point: it wins
COUNTER_SAFE = "counter-safe"  # a four whose block also stops the threat
COUNTER_GOES_ON = "counter-goes-on"  # a four answered by a block; the threat remains
COUNTER_FAILS = "counter-fails"  # a four after whose block nothing defends
FAILS = "fails"  # the threat goes on: ``line`` is how the opponent wins


@dataclass(frozen=True)
class Known:
    """What saving the puzzle stored for a position of a win by fours."""

    wins: Mapping[int, Sequence[int]]  # winning four → the rest of the win ([] if kept)
    line: Sequence[int]  # the shortest win from here
    counter: Sequence[int] = ()  # the defender's own win, if it has one
    stop: int | None = None  # where the defender stops the attacker, if found


@dataclass(frozen=True)
class FourResult:
    outcome: str
    reply: int | None = None  # the defender's answer (its block, or its reply to a quiet move)
    reply_kind: str = ""  # QUIET: COUNTER, STOP, or "" (the defender need not answer)
    five: int | None = None  # MISSED_FOUR: where the defender makes five
    foul: Foul | None = None  # FOUL, and TRAP: the block black may not make
    row: tuple[int, ...] = ()  # FIVE: the five
    line: tuple[int, ...] = ()  # FOUR: the rest of the win to carry on with, if not kept


def black_foul(board: Board, color: int, point: int) -> Foul | None:
    """The foul ``color``'s stone at ``point`` would be: only black has any."""
    return board.forbidden(point) if color == BLACK else None


def stops(board: Board, stop: int, attacker: int, nodes: int) -> bool:
    """Whether the defender's stone at ``stop`` leaves the attacker no VCF, proven
    by a search of at most ``nodes``."""
    if board[stop] or (attacker == WHITE and board.is_forbidden(stop)):
        return False
    with placed(board, ((stop, opponent(attacker)),)):
        after = vcf(board, attacker=attacker, max_nodes=nodes)
    return after.proven and not after.win


def judge_four(
    board: Board,
    attacker: int,
    point: int,
    *,
    known: Known | None,
    kept: Callable[[int, int], bool],
    carried: Sequence[int] = (),
    nodes: int,
) -> FourResult:
    """The attacker's move at ``point`` in a win by fours, ``board`` as the attempt
    stands (the attacker to move). ``known``: what was stored for this position
    (None beside a win in one, or past a tree cut short: then ``carried`` is the
    win the attempt carries); ``kept(four, block)``: whether the position after
    that four and its block was stored. Searches take at most ``nodes``."""
    defender = opponent(attacker)
    if board[point]:
        return FourResult(OCCUPIED)
    if board.makes_five(point, attacker):
        with placed(board, ((point, attacker),)):
            row = tuple(board.outcome().line)
        return FourResult(FIVE, row=row)
    if foul := black_foul(board, attacker, point):
        return FourResult(FOUL, foul=foul)
    threats = board.five_points(defender)
    if threats and point not in threats:
        return FourResult(MISSED_FOUR, five=threats[0])
    if not board.fours_made(point, attacker):
        return _quiet(board, attacker, point, known, carried, nodes)
    how, block = four_reply(board, attacker, point)
    if how == "double":
        return FourResult(DOUBLE, reply=block)
    if how == "foul":
        with placed(board, ((point, attacker),)):
            foul = board.forbidden(block)
        return FourResult(TRAP, reply=block, foul=foul)
    if known is not None:
        if point not in known.wins:
            return FourResult(FOUR_FAILS, reply=block)
        return FourResult(FOUR, reply=block, line=tuple(known.wins[point]))
    if not carried and not quick_wins(board, attacker):
        return FourResult(UNKNOWN)
    wins, line = _beyond(board, attacker, point, block, kept, carried, nodes)
    if wins is None:
        return FourResult(FOUR_UNSETTLED, reply=block)
    if not wins:
        return FourResult(FOUR_FAILS, reply=block)
    return FourResult(FOUR, reply=block, line=tuple(line))


def _beyond(board, attacker, point, block, kept, carried, nodes) -> tuple[bool | None, list]:
    """A four from a position that was not stored: whether it wins (None: not
    settled within ``nodes``), and the win to carry on with (if the position it
    leads to was not stored either)."""
    if kept(point, block):
        return True, []
    carried = list(carried)
    if carried[:2] == [point, block] and len(carried) > 2:
        return True, carried[2:]
    with placed(board, ((point, attacker), (block, opponent(attacker)))):
        if quick := quick_wins(board, attacker):
            return True, quick_line(quick)
        if carried and verify_line(board, carried, attacker=attacker):
            return True, carried
        after = vcf(board, attacker=attacker, max_nodes=nodes)
    if after.win:
        return True, list(after.line)
    return (False if after.proven else None), []


def _quiet(board, attacker, point, known, carried, nodes) -> FourResult:
    """Not a four: the defender is free. Its answer: its own VCF if that still
    passes, else a stop proven within ``nodes``, else none shown."""
    defender = opponent(attacker)
    if known is not None:
        stop = known.stop
    elif carried:
        stop = carried[0]
    else:  # the first point of a win in one, as the position stands
        quick = quick_wins(board, attacker)
        stop = quick_line(quick)[0] if quick else None
    with placed(board, ((point, attacker),)):
        counter = list(known.counter) if known is not None else []
        if counter and verify_line(board, counter, attacker=defender):
            return FourResult(QUIET, reply=counter[0], reply_kind=COUNTER)
        if stop is not None and stops(board, stop, attacker, nodes):
            return FourResult(QUIET, reply=stop, reply_kind=STOP)
    return FourResult(QUIET)


@dataclass(frozen=True)
class KnownDefence:
    """What saving a defence puzzle stored for a position."""

    threat: Sequence[int]  # the opponent's winning line if nothing is done
    stops: Sequence[int]  # the quiet moves that stop it
    counters: Mapping[int, tuple[str, int, Sequence[int]]]  # four → (how, block, the line after)
    refute: Mapping[int, Sequence[int]]  # a move → the opponent's win after it, if not the threat


@dataclass(frozen=True)
class DefenceResult:
    outcome: str
    reply: int | None = None  # the opponent's block of a counter-four
    foul: Foul | None = None  # FOUL: why black may not play there
    line: tuple[int, ...] = ()  # COUNTER_FAILS, FAILS: the opponent's win
    others: tuple[int, ...] = ()  # DEFENDS: the other moves that would do


def judge_defence(
    board: Board, me: int, point: int, *, known: KnownDefence | None
) -> DefenceResult:
    """The defender's (``me``) move at ``point``, ``board`` as the attempt stands,
    judged from what was stored for the position."""
    if board[point]:
        return DefenceResult(OCCUPIED)
    if board.makes_five(point, me):
        return DefenceResult(FIVE)
    if foul := black_foul(board, me, point):
        return DefenceResult(FOUL, foul=foul)
    if known is None:
        return DefenceResult(UNKNOWN)
    if point in known.stops:
        return DefenceResult(DEFENDS, others=tuple(p for p in known.stops if p != point))
    if point in known.counters:
        how, block, later = known.counters[point]
        outcome = {
            "double": COUNTER_DOUBLE,
            "foul": COUNTER_TRAP,
            "safe": COUNTER_SAFE,
            "continue": COUNTER_GOES_ON,
        }.get(how, COUNTER_FAILS)
        line = tuple(later) if outcome == COUNTER_FAILS else ()
        return DefenceResult(outcome, reply=block, line=line)
    return DefenceResult(FAILS, line=tuple(known.refute.get(point, known.threat)))
