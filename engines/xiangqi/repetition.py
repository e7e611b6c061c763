"""Repetition (棋例) and the end of a game: who loses a repeated position, or is it a draw.

A ruling is made when the position on the board occurs for the **third** time
(seed 003, XQ-06: "同一步棋不许连续重复三次"). The moves between the first and the
third occurrence (two turns of the cycle) are then judged, each as a check (将), a
chase (捉) or an allowed move (闲着):

* ``chinese`` (the default, XQ-R12 and seed 004's "三将未将死对方和三捉未捉着对方棋子者必须
  换招，不换招者为负", XQ-09): a side whose every move in the cycle checks or chases
  (长将, 长捉, or mixed, 一将一捉) is making a forbidden perpetual attack (长打). If one
  side alone does so, it loses; if both do or neither does, the game is drawn
  (不变作和).
* ``wxf`` (the Asian/WXF rules, as Fairy-Stockfish plays them): perpetual check is
  judged first: a side that checked on every move loses, unless both did (draw).
  Otherwise a side that chased **the same piece** on every move loses, unless both
  did; otherwise a draw. As in Fairy-Stockfish, the last mover's move into the
  first occurrence is judged with the cycle, and a pinned attacker still chases.
* ``none``: every repetition is a draw.

A chase (捉) is a move that creates a new attack by a horse, rook, cannon, elephant or
advisor (a general or a soldier attacking is never a chase) on an enemy piece other
than the general or a soldier still on its own side of the river, where the capture
would be legal and the piece is either worth more than the attacker (a rook attacked
by a horse or a cannon; a rook, cannon or horse by an elephant or advisor) or has no
legal recapture (无根). An attack on a piece of the same kind is an offer to exchange
(兑), not a chase, unless that piece could not take back: a pinned piece, or a horse
whose leg towards the attacker is blocked (Fairy-Stockfish's reading of the AXF
rules, which the differential tests hold us to).

>>> from engines.xiangqi import Position
>>> p = Position("3k5/9/9/9/9/9/9/9/9/4K3R w")
>>> p.play_moves("i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10")
>>> ruling(p) is None
True
>>> p.play("i9i10")
>>> ruling(p)
Ruling(result='black', rule='perpetual-check', offender='red')
"""

from __future__ import annotations

from dataclasses import dataclass

from . import (
    ADVISOR,
    CANNON,
    COLOR_NAMES,
    ELEPHANT,
    GENERAL,
    HORSE,
    ROOK,
    SOLDIER,
    Outcome,
    Position,
    own_side,
)

RULES = ("chinese", "wxf", "none")
DEFAULT_RULES = "chinese"
NATURAL_LIMIT = 60  # moves by each side without a capture (XQ-R13)

# Rule names of a ruling.
PERPETUAL_CHECK = "perpetual-check"  # 长将
PERPETUAL_CHASE = "perpetual-chase"  # 长捉
CHECK_AND_CHASE = "perpetual-attack"  # 一将一捉 and other mixes (Chinese rules)
MUTUAL = "mutual-perpetual"  # both sides attack perpetually: 不变作和
IDLE = "idle-repetition"  # neither does: a draw
REPETITION = "repetition"  # ``none``: every repetition draws

NAMES = {
    PERPETUAL_CHECK: ("长将", "perpetual check"),
    PERPETUAL_CHASE: ("长捉", "perpetual chase"),
    CHECK_AND_CHASE: ("长打（将捉交替）", "perpetual check and chase"),
    MUTUAL: ("双方长打，不变作和", "both sides attack perpetually: a draw"),
    IDLE: ("循环重复，不变作和", "repetition without perpetual attack: a draw"),
    REPETITION: ("重复局面，作和", "repetition: a draw"),
    "checkmate": ("将死", "checkmate"),
    "stalemate": ("困毙", "no legal move (stalemate)"),
    "natural-limit": ("自然限着，作和", "the move limit without a capture: a draw"),
}


@dataclass(frozen=True)
class Ruling:
    """``result`` is ``"red"``, ``"black"`` (the winner) or ``"draw"``; ``rule`` names
    the rule applied and ``offender`` the side that broke it (``None`` in a draw)."""

    result: str
    rule: str
    offender: str | None


@dataclass(frozen=True)
class MoveKind:
    """What one move of a cycle did: ``check`` and the points of the pieces it chases."""

    check: bool
    chased: frozenset[int]


# ---------------------------------------------------------------------------
# Chases


def _attacks(position: Position, color: int) -> set[tuple[int, int]]:
    """(attacker, target) pairs: ``color``'s pieces other than the general and
    soldiers that could move onto an enemy piece by their move rule."""
    board = position.board
    pairs = set()
    for frm, p in enumerate(board):
        if p and p >> 3 == color and p & 7 not in (GENERAL, SOLDIER):
            for m in position._piece_moves(frm, p):
                to = m & 127
                if board[to]:
                    pairs.add((frm, to))
    return pairs


def _is_legal_for(position: Position, color: int, code: int) -> bool:
    """Is ``code`` a legal move for ``color`` here (whoever is to move)?"""
    if position.turn == color:
        return code in position.legal_codes()
    position.turn ^= 1
    try:
        return code in position.legal_codes()
    finally:
        position.turn ^= 1


def _pinned(position: Position, sq: int) -> bool:
    """Does the piece on ``sq`` shield its own general (taking it away would expose
    the general to an attack, the facing general included, that is not there now)?"""
    board = position.board
    p = board[sq]
    color = p >> 3
    king = position.kings[color]
    if position._attacked(king, color):
        return False
    board[sq] = 0
    exposed = position._attacked(king, color)
    board[sq] = p
    return exposed


def chased(position: Position, rules: str = DEFAULT_RULES) -> frozenset[int]:
    """The points of the side to move's pieces that the last move chases (捉).
    Under the Chinese rules an attacker that could not legally take (pinned) chases
    nothing; ``wxf`` counts it, as Fairy-Stockfish does.

    >>> from engines.xiangqi import Position
    >>> p = Position("5k3/9/2c6/9/9/9/9/9/9/R3K4 w")
    >>> p.play("a1a8")
    >>> sorted(chased(p))  # the rook attacks the unprotected cannon on c8
    [65]
    >>> p = Position("2r2k3/9/2c6/9/9/9/9/9/9/R3K4 w")
    >>> p.play("a1a8")
    >>> sorted(chased(p))  # protected by the rook on c10
    []
    """
    if not position._stack:
        return frozenset()
    last = position._stack[-1][0]
    frm, to = last >> 7, last & 127
    us = position.turn  # the side chased
    them = 1 - us
    after = _attacks(position, them)
    position.pop()
    before = {((to if a == frm else a), t) for a, t in _attacks(position, them)}
    position.push(last)
    board = position.board
    found = set()
    for a, x in after - before:
        target = board[x]
        kind, attacker = target & 7, board[a] & 7
        if kind == GENERAL or (kind == SOLDIER and own_side(x, us)):
            continue
        code = (a << 7) | x
        if rules != "wxf" and not _is_legal_for(position, them, code):
            continue
        higher = (kind == ROOK and attacker in (HORSE, CANNON)) or (
            kind in (ROOK, CANNON, HORSE) and attacker in (ELEPHANT, ADVISOR)
        )
        if higher:
            found.add(x)
            continue
        if kind == attacker:
            # Like attacking like is an exchange offer (兑), not a chase, when the
            # piece attacked could take back by its move rule: a horse whose leg
            # is free, any other kind unless it is pinned to its general.
            if kind == HORSE:
                if any(m & 127 == a for m in position._piece_moves(x, target)):
                    continue
            elif not _pinned(position, x):
                continue
        position.turn ^= 1
        position.push(code)  # them takes; can us take back?
        protected = any(m & 127 == x for m in position.legal_codes())
        position.pop()
        position.turn ^= 1
        if not protected:
            found.add(x)
    return frozenset(found)


# ---------------------------------------------------------------------------
# Rulings


def cycle_start(position: Position) -> int | None:
    """The ply of the first of three occurrences of the current position, or
    ``None`` while it has not occurred three times."""
    keys = position.keys
    n = len(keys)
    key = position.key
    seen = 0
    # Nothing before the last capture can repeat: halfmoves counts the plies since.
    for k in range(n - 4, max(n - position.halfmoves, 0) - 1, -2):
        if keys[k] == key:
            seen += 1
            if seen == 2:
                return k
    return None


def cycle_moves(position: Position, start: int, rules: str = DEFAULT_RULES) -> list[MoveKind]:
    """Checks and chases of the moves after ply ``start``; the chased pieces are
    given as their points at ply ``start`` (so the same piece keeps one name).

    ``wxf`` also judges the move that led to ply ``start`` (the first occurrence),
    when the history has it, as Fairy-Stockfish does: a perpetual chase must then
    have begun one move before the cycle."""
    replay = position.copy()
    first = start - 1 if rules == "wxf" and start > 0 else start
    codes = []
    while len(replay._stack) > first:
        codes.append(replay._stack[-1][0])
        replay.pop()
    codes.reverse()
    names = {sq: sq for sq in range(90)}  # current point -> point at ``start``
    kinds = []
    for number, code in enumerate(codes):
        frm, to = code >> 7, code & 127
        replay.push(code)
        if first + number >= start:  # the move into the first occurrence keeps its points
            names[to] = names[frm]
        chases = frozenset(names[sq] for sq in chased(replay, rules))
        kinds.append(MoveKind(replay.is_check(), chases))
    return kinds


def ruling(position: Position, rules: str = DEFAULT_RULES) -> Ruling | None:
    """The ruling on the current position if it has just occurred for the third
    time (``None`` otherwise)."""
    if rules not in RULES:
        raise ValueError(f"unknown repetition rules {rules!r}; one of {', '.join(RULES)}")
    start = cycle_start(position)
    if start is None:
        return None
    if rules == "none":
        return Ruling("draw", REPETITION, None)
    kinds = cycle_moves(position, start, rules)
    last = position.turn ^ 1  # the side that made the last move
    # Moves alternate; the last one (index -1) is by ``last``.
    by_side = {last: kinds[-1::-2], 1 - last: kinds[-2::-2]}
    if rules == "wxf":
        checking = [side for side in (0, 1) if all(k.check for k in by_side[side])]
        if checking:
            return _verdict(checking, PERPETUAL_CHECK)
        chasing = []
        for side in (0, 1):
            common = None
            for k in by_side[side]:
                common = k.chased if common is None else common & k.chased
            if common:
                chasing.append(side)
        return _verdict(chasing, PERPETUAL_CHASE)
    offenders = [side for side in (0, 1) if all(k.check or k.chased for k in by_side[side])]
    if len(offenders) != 1:
        return _verdict(offenders, CHECK_AND_CHASE)
    moves = by_side[offenders[0]]
    if all(k.check for k in moves):
        rule = PERPETUAL_CHECK
    elif not any(k.check for k in moves):
        rule = PERPETUAL_CHASE
    else:
        rule = CHECK_AND_CHASE
    return _verdict(offenders, rule)


def _verdict(offenders: list[int], rule: str) -> Ruling:
    if not offenders:
        return Ruling("draw", IDLE, None)
    if len(offenders) == 2:
        return Ruling("draw", MUTUAL, None)
    side = offenders[0]
    return Ruling(COLOR_NAMES[1 - side], rule, COLOR_NAMES[side])


def result(
    position: Position, rules: str = DEFAULT_RULES, natural_limit: int | None = NATURAL_LIMIT
) -> Outcome | None:
    """How the game stands after its last move: mate or 困毙 (XQ-R11), a repetition
    ruling (XQ-R12), the natural limit of ``natural_limit`` moves a side without a
    capture (XQ-R13; ``None`` for no limit), or ``None`` while it goes on.

    >>> from engines.xiangqi import Position
    >>> result(Position("3k5/R8/9/9/9/9/9/9/9/4K4 b"))
    Outcome(winner='red', reason='stalemate', offender=None)
    """
    outcome = position.outcome()
    if outcome is not None:
        return outcome
    found = ruling(position, rules)
    if found is not None:
        winner = None if found.result == "draw" else found.result
        return Outcome(winner, found.rule, found.offender)
    if natural_limit is not None and position.halfmoves >= 2 * natural_limit:
        return Outcome(None, "natural-limit")
    return None


def tiebreak_by_material(position: Position) -> str | None:
    """Seed 004 (XQ-10): a drawn match game goes to the side with more pieces left;
    ``None`` when the counts are equal (the game is replayed). A match rule only:
    the game itself stays a draw.

    >>> from engines.xiangqi import Position
    >>> tiebreak_by_material(Position("4k4/9/9/9/9/9/9/9/4A4/3RK4 w"))
    'red'
    """
    counts = [0, 0]
    for p in position.board:
        if p:
            counts[p >> 3] += 1
    if counts[0] == counts[1]:
        return None
    return COLOR_NAMES[0] if counts[0] > counts[1] else COLOR_NAMES[1]


__all__ = [
    "RULES",
    "MoveKind",
    "Ruling",
    "chased",
    "cycle_start",
    "result",
    "ruling",
    "tiebreak_by_material",
]
