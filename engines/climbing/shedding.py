"""A perfect-information search for climbing-game endings: every hand open, who can
force the first player out (头游), or the side's 1-2 finish (双下 of the others).

The game is a protocol (``SheddingGame``): the plays a hand can make over the play on
top, each as ``(top_after, hand_after)``, with hands and tops any hashable values the
game chooses (count vectors, say) and the plays already merged (two plays with the
same reading that leave hands the game counts as the same are one play). The search
keeps the turns the way ``ClimbingTrick`` does: a player who passed may play again
in the same trick, finished seats are skipped, the trick is over when every other
seat still in has passed after the top play, and when the top play's owner went out
with it the game's ``next_leader_of`` picks the leader (接风 in 掼蛋).

A position is an immutable ``State``: the hands, the seat to play, the top play and
its owner, and the seats out in order. The number of passes since the top play is
not part of it: only the owner can have gone out since then (going out takes a
play), so the passes are the seats still in between the owner and the seat to play.

The value is a boolean (the side reaches the goal or not), found by an AND/OR
search with a transposition table of exact values; the game ends as soon as the
goal is decided by the order of the seats out.

>>> class Counting:  # singles numbered 1.., a higher one beats; seats 0 and 2 partners
...     seats = 4
...     def side(self, seat): return seat % 2
...     def plays(self, hand, top):
...         return [(c, tuple(x for x in hand if x != c)) for c in hand
...                 if top is None or c > top]
...     def is_empty(self, hand): return not hand
...     def next_leader_of(self, owner, gone): return (owner + 2) % 4
>>> search = Search(Counting(), "first", side=0)
>>> search.wins(State(((5,), (9,), (1,), (2,)), 0, None, None, ()))
True
>>> search.wins(State(((5,), (9,), (1,), (2,)), 1, None, None, ()))
False
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

__all__ = [
    "GOALS",
    "PASS",
    "SearchLimit",
    "SheddingGame",
    "Search",
    "Solution",
    "State",
    "decided",
]

GOALS = ("first", "double")
PASS = None  # the move of a seat that passes


class SearchLimit(RuntimeError):
    """The search met its ``node_limit`` before it proved the value."""

    def __init__(self, nodes: int):
        self.nodes = nodes
        super().__init__(f"the search stopped at its node limit ({nodes} nodes)")


@dataclass(frozen=True)
class Solution:
    """Whether the side to play reaches ``goal``; every first move's value; for each
    losing one a line that refutes it, as ``(seat, move)`` pairs (``PASS`` for a
    pass), ending with the opponents' answer that beats it. A game's moves say
    themselves in JSON by ``move_json`` (their text, unless the game has more)."""

    goal: str
    value: bool
    plays: dict  # move or PASS -> bool
    refutations: dict  # each losing move -> [(seat, move or PASS), ...]
    nodes: int

    @property
    def winning(self) -> tuple:
        return tuple(m for m, v in self.plays.items() if v)

    @property
    def losing(self) -> tuple:
        return tuple(m for m, v in self.plays.items() if not v)

    @staticmethod
    def move_json(move):
        return "pass" if move is PASS else move.text()

    def to_json(self) -> dict:
        said = self.move_json
        return {
            "goal": self.goal,
            "value": self.value,
            "winning": [said(m) for m in self.winning],
            "refutations": [
                {"play": said(m), "line": [[s, said(a)] for s, a in line]}
                for m, line in self.refutations.items()
            ],
            "nodes": self.nodes,
        }


class SheddingGame(Protocol):
    seats: int

    def side(self, seat: int) -> int:
        """The side a seat plays for (partners share one)."""

    def plays(self, hand: Hashable, top: Hashable | None) -> Sequence[tuple[Hashable, Hashable]]:
        """Every distinct play of ``hand`` over ``top`` (``None``: a lead), each as
        ``(top_after, hand_after)``; the promising ones first helps the search."""

    def is_empty(self, hand: Hashable) -> bool: ...

    def next_leader_of(self, owner: int, gone: frozenset[int]) -> int | None:
        """Who leads when ``owner`` went out with the play nobody beat."""


class State(NamedTuple):
    hands: tuple  # one hand per seat, as the game writes them
    to_play: int
    top: Hashable | None  # the play to beat; None: ``to_play`` leads
    owner: int | None  # who played ``top``
    order: tuple[int, ...]  # the seats out, in the order they went out


def decided(goal: str, order: Sequence[int], side_of, side: int) -> bool | None:
    """Whether the finishing ``order`` so far decides the goal for ``side``.

    ``first``: the side's player is out first. ``double``: the side's players are out
    first and second. A game with a goal of its own (保皇's score) passes a function
    ``goal(order, side_of, side)`` that answers the same way.

    >>> decided("double", (0,), lambda s: s % 2, 0) is None
    True
    >>> decided("double", (0, 1), lambda s: s % 2, 0), decided("first", (3,), lambda s: s % 2, 0)
    (False, False)
    """
    if callable(goal):
        return goal(order, side_of, side)
    if not order:
        return None
    if side_of(order[0]) != side:
        return False
    if goal == "first":
        return True
    if len(order) < 2:
        return None
    return side_of(order[1]) == side


class Search:
    """The AND/OR search over one game for one ``side`` and ``goal``; ``nodes``
    counts the positions expanded, the table lasts as long as the object."""

    def __init__(self, game: SheddingGame, goal: str, side: int, node_limit: int | None = None):
        if not callable(goal) and goal not in GOALS:
            raise ValueError(f"the goal is one of {', '.join(GOALS)}, not {goal!r}")
        self.game, self.goal, self.side = game, goal, side
        self.seats = game.seats
        self.sides = tuple(game.side(s) for s in range(game.seats))
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple, bool] = {}
        self._next: dict[tuple, tuple] = {}
        self._decides: dict[tuple, bool] = {}
        self._control: dict[tuple, bool] = {}
        self._others: dict[tuple, tuple] = {}
        self._beatable: dict[tuple, bool] = {}

    # -- the turns -----------------------------------------------------------------

    def following(self, seat: int, gone) -> int | None:
        """The next seat after ``seat`` still in (``None``: nobody)."""
        nxt = self._next.get(gone)
        if nxt is None:
            nxt = self._next[gone] = tuple(self._following(s, gone) for s in range(self.seats))
        return nxt[seat]

    def _following(self, seat: int, gone) -> int | None:
        for step in range(1, self.seats + 1):
            nxt = (seat + step) % self.seats
            if nxt not in gone:
                return nxt
        return None

    def step(self, state: tuple, move) -> tuple | bool:
        """The position after ``move`` (``PASS`` or ``(top_after, hand_after)``), or
        the goal's value when the move decides it. Seats that cannot beat the top
        pass at once: the position returned is the next real choice. Positions are
        plain tuples in ``State``'s order (cheaper to build and hash)."""
        hands, seat, top, owner, order = state
        if move is PASS:
            if top is None:
                raise ValueError("the leader must play, not pass")
        else:
            top, hand_after = move
            owner = seat
            hands = hands[:seat] + (hand_after,) + hands[seat + 1 :]
            if self.game.is_empty(hand_after):
                order = order + (seat,)
                value = decided(self.goal, order, self.sides.__getitem__, self.side)
                if value is not None:
                    return value
        # ``seat`` has moved; pass round to the next seat with a choice.
        nexts = self._next.get(order)
        if nexts is None:
            self.following(seat, order)
            nexts = self._next[order]
        first_after = owner if owner not in order else nexts[owner]
        plays = self.game.plays
        while True:
            nxt = nexts[seat]
            if nxt is None:  # nobody else is in: nothing left to decide
                raise ValueError("the game is over but the goal is undecided")
            if nxt == first_after and seat != owner:  # everyone else has passed
                if owner not in order:
                    return (hands, owner, None, None, order)
                leader = self.game.next_leader_of(owner, frozenset(order))
                return (hands, leader, None, None, order)
            if nxt == owner:  # the owner alone is still in
                return (hands, owner, None, None, order)
            if plays(hands[nxt], top):
                return (hands, nxt, top, owner, order)
            seat = nxt  # nothing beats the top: a forced pass

    def moves(self, state: tuple) -> list:
        """The moves at ``state``, the mover's likelier good ones first: plays that
        go out, then the others as the game orders them; a pass first when the top
        play is a partner's, last otherwise."""
        hands, seat, top, owner, _ = state
        plays = self.game.plays(hands[seat], top)
        if top is None:
            return plays
        if self.sides[owner] == self.sides[seat]:
            empty = self.game.is_empty
            out = [m for m in plays if empty(m[1])]
            return out + [PASS] + [m for m in plays if not empty(m[1])]
        return [*plays, PASS]

    # -- the value -----------------------------------------------------------------

    def wins(self, state: tuple) -> bool:
        """Whether ``side`` reaches the goal from ``state`` against best play.

        The game's plays that go out come first (they shed the most cards), so a
        move that decides the game at once is seen before any deeper search."""
        table = self.table
        value = table.get(state)
        if value is not None:
            return value
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchLimit(self.nodes)
        hands, seat, top, _, order = state
        ours = self.sides[seat] == self.side
        result = not ours
        step, wins = self.step, self.wins
        if self._out_decides(seat, order) and self.control(
            hands[seat], top, tuple([hands[s] for s in self._others[(seat, order)]])
        ):
            table[state] = ours
            return ours
        for move in self.moves(state):
            child = step(state, move)
            if child is True or child is False:
                if child is ours:
                    result = ours
                    break
            elif wins(child) is ours:
                result = ours
                break
        table[state] = result
        return result

    def _out_decides(self, seat: int, order: tuple) -> bool:
        """Whether ``seat`` going out now decides the goal in its side's favour (and
        notes the other seats still in, for ``control``)."""
        known = self._decides.get((seat, order))
        if known is None:
            value = decided(self.goal, (*order, seat), self.sides.__getitem__, self.side)
            ours = self.sides[seat] == self.side
            known = self._decides[(seat, order)] = value is not None and value == ours
            self._others[(seat, order)] = tuple(
                s for s in range(self.seats) if s != seat and s not in order
            )
        return known

    def control(self, hand, top, others: tuple) -> bool:
        """Whether ``hand`` (facing ``top``; ``None``: to lead) can go out with plays
        that nobody holding ``others`` can beat, but the last: then it goes out
        whatever the others do (their hands only shrink, so what none of them can
        beat now none can beat later)."""
        key = (hand, top, others)
        known = self._control.get(key)
        if known is not None:
            return known
        plays, empty, beatable = self.game.plays, self.game.is_empty, self._beatable
        found = False
        for after, rest in plays(hand, top):
            if empty(rest):
                found = True
                break
            beaten = beatable.get((others, after))
            if beaten is None:
                beaten = beatable[(others, after)] = any(plays(o, after) for o in others)
            if not beaten and self.control(rest, None, others):
                found = True
                break
        self._control[key] = found
        return found

    def value_after(self, state: tuple, move) -> bool:
        """The value once ``move`` is made at ``state``."""
        child = self.step(state, move)
        return child if isinstance(child, bool) else self.wins(child)
