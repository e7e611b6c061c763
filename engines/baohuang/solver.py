"""Open 保皇 endings solved: can the side to play still get 头科, or win the hand?

Every hand open, the search (``engines.climbing.shedding``) plays the rest of the
hand out both ways. The side of a seat is the roles' (the emperor and the royalist
against the rebels; the emperor alone after a 独). Two goals:

* ``"first"``: a player of the side goes out first (头科);
* ``"win"``: the side scores more than the other when the hand ends (BH-31: +4,
  +2, 0, −2, −4 by place; a draw is not a win).

>>> ending = Ending(hands=(parse_cards("♠2 ♠4"), parse_cards("♣K ♣3"), (), parse_cards("♦5 BJ"),
...     parse_cards("♣Q ♣7")), roles=Roles(emperor=0, royalist=3), out=(2,))
>>> solve(ending, "first").value
False
>>> solution = solve(ending, "win")
>>> solution.value, [p.text() for p in solution.winning]
(True, ['4', '2'])

Seat 2, a rebel, went out first, so 头科 is gone; but whichever card the emperor
leads, its side takes second and third place (+2 + 0 against +4 − 2 − 4).

Suits never matter in play, so a hand is counted by value (3 … A, 2, 小王, 大王):
two hands with the same counts make the same sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engines.cards import CARDS, Card, parse_cards
from engines.climbing.shedding import PASS, Search, SearchLimit, Solution, State

from . import (
    BIG,
    COPIES,
    DECKS,
    PLACE_POINTS,
    SEATS,
    Roles,
    Set,
    legal_sets,
    set_of,
    sort_cards,
    value,
)
from .rules import DEFAULT, Rules, rules_for

__all__ = ["GOALS", "PASS", "Ending", "SearchLimit", "Solution", "solve", "solve_json"]

GOALS = ("first", "win")
N = BIG - 2  # values 3 … 17 as indexes 0 … 14


def hand_key(cards: Iterable[int]) -> tuple[int, ...]:
    """A hand as its counts of each value, 3 first, 大王 last."""
    counts = [0] * N
    for c in cards:
        counts[value(c) - 3] += 1
    return tuple(counts)


def win_goal(order: Sequence[int], side_of, side: int) -> bool | None:
    """Whether the finishing ``order`` so far decides that ``side`` scores more than
    the other side, whatever the places still to come."""
    known = sum(PLACE_POINTS[i] for i, s in enumerate(order) if side_of(s) == side)
    rest = [s for s in range(SEATS) if s not in order]
    ours = sum(1 for s in rest if side_of(s) == side)
    left = sorted(PLACE_POINTS[len(order) :])
    worst = known + sum(left[:ours])
    best = known + sum(left[len(left) - ours :]) if ours else known
    # The sides' points add up to 0: the side wins when its own total is above 0.
    if worst > 0:
        return True
    if best <= 0:
        return False
    return None


class BaohuangGame:
    """The game as ``engines.climbing.shedding`` plays it: hands as value counts,
    the top as a set's key."""

    seats = SEATS

    def __init__(self, roles: Roles, rules: Rules = DEFAULT):
        self.roles, self.rules = roles, rules
        self._plays: dict = {}

    def side(self, seat: int) -> int:
        return self.roles.side(seat)

    def is_empty(self, hand) -> bool:
        return not any(hand)

    def next_leader_of(self, owner: int, gone) -> int | None:
        """接风: the next player still in after the one who went out (BH-29, R05)."""
        for step in range(1, SEATS + 1):
            seat = (owner + step) % SEATS
            if seat not in gone:
                return seat
        return None

    def plays(self, hand, top):
        key = (hand, top)
        found = self._plays.get(key)
        if found is None:
            found = self._plays[key] = self._make(hand, top)
        return found

    def _make(self, hand, top):
        counts = Counter({v + 3: n for v, n in enumerate(hand) if n})
        sets = legal_sets_from_counts(counts, top, self.rules)
        moves = []
        for s in sets:
            after = list(hand)
            for v, n in s.counts().items():
                after[v - 3] -= n
            moves.append((s.key, tuple(after)))
        # Going out first, then the biggest sets, lowest first.
        moves.sort(key=lambda m: (any(m[1]), -len(m[0]), m[0][::-1]))
        return moves


def legal_sets_from_counts(counts: Counter, top: tuple | None, rules: Rules) -> list[Set]:
    """``legal_sets`` for a hand given as value counts and a top given as its key."""
    cards = []
    for v, n in counts.items():
        cards += [_card_of(v)] * n
    found = legal_sets(cards, None if top is None else _set_of_key(top), rules)
    return found


def _card_of(v: int) -> Card:
    if v >= 16:
        return CARDS[52 + v - 16]
    rank = 2 if v == 15 else v
    return CARDS[rank - 2]  # a spade: suits never matter in play


def _set_of_key(key: tuple) -> Set:
    big = key.count(BIG)
    small = key.count(BIG - 1)
    natural = len(key) - big - small
    return Set(key[-1] if natural else None, natural, small, big)


# ---------------------------------------------------------------------------
# Endings


@dataclass(frozen=True)
class Ending:
    """An open ending: the five hands (seat 0 first; an out seat holds nothing), the
    roles, the set on the table and who played it (``None``: ``to_play`` leads), the
    seat to play and the seats out in the order they went out. Every inconsistency
    raises ``ValueError`` saying what is wrong."""

    hands: tuple[tuple[Card, ...], ...]
    roles: Roles
    to_play: int = 0
    table: tuple[Card, ...] | None = None
    owner: int | None = None
    out: tuple[int, ...] = ()
    rules: Rules = field(default=DEFAULT)

    def __post_init__(self):
        hands = self.hands
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise ValueError("hands must be a list of 5 hands")
        if len(hands) != SEATS:
            raise ValueError(f"there must be exactly 5 hands, not {len(hands)}")
        hands = tuple(tuple(sort_cards(_cards(h, f"seat {s}'s hand"))) for s, h in enumerate(hands))
        out = tuple(self.out)
        for seat in (self.to_play, *out):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
                raise ValueError(f"a seat is 0 to 4, not {seat!r}")
        if len(set(out)) != len(out) or len(out) > 3:
            raise ValueError(f"the seats out are at most 3 different seats, not {out}")
        for seat in range(SEATS):
            if (seat in out) != (not hands[seat]):
                raise ValueError(
                    f"seat {seat} has no cards but is not out"
                    if seat not in out
                    else f"seat {seat} is out but holds cards"
                )
        if self.to_play in out:
            raise ValueError(f"seat {self.to_play} is out and cannot play")
        seen = Counter(c for h in hands for c in h)
        table = self.table
        if table is not None:
            table = tuple(sort_cards(_cards(table, "the table")))
            try:
                set_of(table, self.rules)
            except ValueError as error:
                raise ValueError(f"the table holds no set: {error}") from None
            owner = self.owner
            if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < SEATS:
                raise ValueError("a set on the table needs its owner, a seat 0 to 4")
            if owner == self.to_play:
                raise ValueError("the table's owner is to play: everyone passed, the round is over")
            if owner in out and out[-1] != owner:
                raise ValueError("a table's owner that is out must be the last seat out")
            seen.update(table)
        elif self.owner is not None:
            raise ValueError("an owner without a set on the table")
        over = [CARDS[c].text() for c, n in seen.items() if n > COPIES]
        if over:
            raise ValueError(
                f"{DECKS} decks hold each card {COPIES} times; too many {', '.join(over)}"
            )
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "out", out)

    @property
    def side(self) -> int:
        return self.roles.side(self.to_play)

    @property
    def top(self) -> Set | None:
        return set_of(self.table, self.rules) if self.table else None

    def root_plays(self) -> list:
        """Every first move: the legal sets, then ``PASS`` when following."""
        plays: list = legal_sets(self.hands[self.to_play], self.top, self.rules)
        return plays + ([PASS] if self.table else [])

    @classmethod
    def from_json(cls, data: dict) -> Ending:
        """``{"hands": [five card lists], "emperor": 0, "royalist": 3 or null,
        "table": {"cards": [...], "owner": 4} or null, "to_play": 0, "out": [],
        "rules": "standard"}``."""
        if not isinstance(data, dict):
            raise ValueError(f"an ending is a JSON object, not {type(data).__name__}")
        known = {"hands", "emperor", "royalist", "table", "to_play", "out", "rules", "goal"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown keys {', '.join(map(repr, unknown))}")
        for key in ("hands", "emperor"):
            if key not in data:
                raise ValueError(f"the ending has no {key!r}")
        roles = Roles(
            _seat(data["emperor"], "emperor"), _seat(data.get("royalist"), "royalist", True)
        )
        table = data.get("table")
        if table is not None and (not isinstance(table, dict) or set(table) != {"cards", "owner"}):
            raise ValueError('the table is {"cards": [...], "owner": seat}')
        out = data.get("out", [])
        if not isinstance(out, list):
            raise ValueError("out is a list of seats")
        return cls(
            hands=data["hands"],
            roles=roles,
            to_play=data.get("to_play", 0),
            table=table and table["cards"],
            owner=table and table["owner"],
            out=tuple(out),
            rules=rules_for(data.get("rules")),
        )


def _seat(value, what: str, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise ValueError(f"{what} must be a seat, 0 to 4")
    return value


def _cards(value, what: str) -> list[Card]:
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, (list, tuple)):
        if all(isinstance(c, int) and not isinstance(c, bool) for c in value):
            return [CARDS[c] for c in value]
        if all(isinstance(c, str) for c in value):
            return parse_cards(value)
    raise ValueError(f'{what} must be cards, such as "♠9 ♥9 SJ"')


# ---------------------------------------------------------------------------
# Solving


class _Solver:
    def __init__(self, ending: Ending, goal: str, node_limit: int | None):
        if goal not in GOALS:
            raise ValueError(f"the goal is one of {', '.join(GOALS)}, not {goal!r}")
        self.ending = ending
        self.game = BaohuangGame(ending.roles, ending.rules)
        self.search = Search(
            self.game, win_goal if goal == "win" else "first", ending.side, node_limit
        )
        self.root = State(
            tuple(hand_key(h) for h in ending.hands),
            ending.to_play,
            ending.top.key if ending.table else None,
            ending.owner,
            ending.out,
        )

    def step(self, state, move):
        """The position (or the decided value) after ``move`` (a Set or PASS)."""
        if move is PASS:
            return self.search.step(state, PASS)
        hand = list(state[0][state[1]])
        for v, n in move.counts().items():
            hand[v - 3] -= n
        return self.search.step(state, (move.key, tuple(hand)))

    def value(self, child) -> bool:
        return child if isinstance(child, bool) else self.search.wins(child)

    def moves(self, state) -> list:
        hands, seat, top, _, _ = state
        counts = Counter({v + 3: n for v, n in enumerate(hands[seat]) if n})
        sets = legal_sets_from_counts(counts, top, self.ending.rules)
        return sets + ([PASS] if top is not None else [])


def _refutation(solver: _Solver, first) -> list:
    """A line after the losing ``first`` move: each seat's first move that keeps the
    result, the side to play passing where it may; it stops once the defence has
    played, the hand is decided, or after 8 moves."""
    ours = solver.ending.side
    child = solver.step(solver.root, first)
    line: list = []
    while not isinstance(child, bool) and len(line) < 8:
        state = child
        seat = state[1]
        moves = solver.moves(state)
        mine = solver.game.side(seat) == ours
        if mine and state[2] is not None:
            moves = [PASS, *moves[:-1]]
        chosen = None
        for move in moves:
            after = solver.step(state, move)
            if solver.value(after) is False:
                chosen = move, after
                break
        if chosen is None:
            break
        move, child = chosen
        line.append((seat, move))
        if not mine and move is not PASS:
            break
    return line


def solve(ending: Ending, goal: str = "first", *, node_limit: int | None = None) -> Solution:
    """Every first move of the seat to play, won or lost for its side's ``goal``,
    with a refutation of each lost one. ``SearchLimit`` when ``node_limit``
    positions were not enough."""
    solver = _Solver(ending, goal, node_limit)
    values: dict = {}
    for move in ending.root_plays():
        values[move] = solver.value(solver.step(solver.root, move))
    refutations = {m: _refutation(solver, m) for m, v in values.items() if not v}
    return Solution(
        goal=goal,
        value=any(values.values()),
        plays=values,
        refutations=refutations,
        nodes=solver.search.nodes,
    )


def solve_json(data: dict, *, node_limit: int | None = 2_000_000) -> dict:
    """The CLI's ``solve``: an ending as ``Ending.from_json`` reads it, ``goal``."""
    ending = Ending.from_json(data)
    goal = data.get("goal", "first")
    return solve(ending, goal, node_limit=node_limit).to_json()
