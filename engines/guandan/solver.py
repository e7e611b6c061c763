"""Open 掼蛋 endings solved, and a hand split into the fewest plays.

``solve(ending, goal)`` says whether the side to play (seat 0 and its partner, in a
puzzle) can force its goal against best defence: ``"first"``, one of them goes out
first (头游, GD-14/GD-24); ``"double"``, they go out first and second (the other
side's 双下, GD-14/GD-25). It gives every winning first play (and "pass" when
following) and, for each losing one, a short refutation line.

>>> ending = Ending(
...     hands=(parse_cards("♠A ♠3"), parse_cards("♣K"), parse_cards("♦5 ♦6"), parse_cards("♣Q ♣7")),
...     level=2, to_play=0)
>>> solution = solve(ending, "first")
>>> solution.value, [p.text() for p in solution.winning]
(True, ['♠A'])

Leading the ♠A wins: nobody can beat it, and then the ♠3 goes out. Leading the ♠3
lets seat 1 out with its ♣K:

>>> [(seat, move.text()) for seat, move in solution.refutations[solution.plays_by_text["♠3"]]]
[(1, '♣K')]

The search is ``engines.climbing.shedding``; this module gives it the game. A hand is
a count vector: the ranks of its natural cards with their suits forgotten, except
the cards that could still be part of a straight flush (a suit and five-rank window
where the hand holds enough of the suit, the wilds making up the rest), kept with
their suits; then the wilds and the jokers. Two hands with the same vector make the
same plays, card for card, and leave hands with the same vector again, so they have
the same value: suits only matter where a straight flush could still be made, and a
card that cannot be part of one now never can be later (hands only shrink). Plays
with the same reading that leave the same vector are searched once.

``min_partition(hand, level)`` splits a hand into the fewest plays (lesson 11, the
``guandan.partition`` puzzles): a dynamic programme over the ranks in natural order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from engines.cards import ACE, BIG_JOKER_ID, CARDS, SMALL_JOKER_ID, SUITS, Card, cards_text
from engines.climbing import partner_leads, shedding
from engines.climbing.shedding import GOALS, PASS, Search, SearchLimit, State
from engines.tricks.search import read_cards, read_seat

from . import (
    KINDS,
    Play,
    Reading,
    classify,
    legal_plays,
    level_name,
    parse_cards,
    parse_level,
    play_of,
    sort_cards,
    wild_card,
)
from .rules import DEFAULT, Rules, rules_for

__all__ = [
    "GOALS",
    "PASS",
    "Ending",
    "SearchLimit",
    "Solution",
    "Table",
    "greedy_partition",
    "hand_key",
    "min_partition",
    "parse_cards",
    "solve",
    "solve_json",
]

SEATS = 4
EMPTY = ((), (), 0, 0, 0)  # the empty hand's key; its number is 0


# ---------------------------------------------------------------------------
# Hands as count vectors


def _split(cards: Iterable[int], level: int) -> tuple[list[Card], int, int, int]:
    """A hand's natural cards, and how many wilds, small and big jokers it holds."""
    wild = wild_card(level)
    wilds = small = big = 0
    naturals = []
    for c in cards:
        if c == wild:
            wilds += 1
        elif c == SMALL_JOKER_ID:
            small += 1
        elif c == BIG_JOKER_ID:
            big += 1
        else:
            naturals.append(CARDS[c])
    return naturals, wilds, small, big


def hand_key(cards: Iterable[int], level: int) -> tuple:
    """The hand as the search counts it: ``(ranks, suited, wilds, small jokers, big
    jokers)``: the sorted ranks of the natural cards that cannot be part of a
    straight flush, the sorted cards that can, the number of wilds and jokers.

    >>> hand_key(parse_cards("♠3 ♥3 ♦9 SJ ♥5"), 5)
    ((3, 3, 9), (), 1, 1, 0)
    >>> hand_key(parse_cards("♠3 ♠4 ♠6 ♦9 ♥5"), 5)  # three spades and a wild: no flush
    ((3, 4, 6, 9), (), 1, 0, 0)
    >>> ranks, suited, *_ = hand_key(parse_cards("♠3 ♠4 ♠6 ♠7 ♦9 ♥5"), 5)
    >>> ranks, cards_text(suited)
    ((9,), '♠3 ♠4 ♠6 ♠7')
    """
    naturals, wilds, small, big = _split(cards, level)
    relevant: set[tuple[int, int]] = set()
    if len(naturals) + wilds >= 5:
        for suit in SUITS:
            present = {c.rank for c in naturals if c.suit == suit}
            if len(present) + wilds < 5:
                continue
            for top in range(5, ACE + 1):
                window = [ACE if r == 1 else r for r in range(top - 4, top + 1)]
                hit = [r for r in window if r in present]
                if len(hit) + wilds >= 5:
                    relevant.update((suit, r) for r in hit)
    suited = tuple(sorted(c for c in naturals if (c.suit, c.rank) in relevant))
    ranks = tuple(sorted(c.rank for c in naturals if (c.suit, c.rank) not in relevant))
    return (ranks, suited, wilds, small, big)


def top_of(reading: Reading) -> tuple:
    """What a play on top is to the plays after it: power, kind, size, value (a
    bomb's kind and size are in its power)."""
    if reading.power:
        return (reading.power, 0, 0, reading.value)
    return (0, KINDS.index(reading.kind), reading.size, reading.value)


def beats_top(play: tuple, over: tuple | None) -> bool:
    """``beats`` on ``top_of`` tuples."""
    if over is None:
        return True
    if play[0] != over[0]:
        return play[0] > over[0]
    if play[0] == 0 and (play[1] != over[1] or play[2] != over[2]):
        return False
    return play[3] > over[3]


def _without(cards: tuple, played: Iterable[int]) -> tuple:
    rest = list(cards)
    for c in played:
        rest.remove(c)
    return tuple(rest)


class GuandanGame:
    """掼蛋 for ``engines.climbing.shedding``: four seats, partners opposite, 接风.

    Hands and tops are numbered as they turn up (a hand's number stands for its
    ``hand_key``, a top's for its ``top_of``), so the search hashes small ints. A
    hand's plays come from ``legal_plays`` on one hand with its key (its
    representative), once per hand; the plays over a top are the leads that beat it.
    """

    seats = SEATS

    def __init__(self, level: int, rules: Rules = DEFAULT):
        self.level, self.rules = level, rules
        self.ids: dict[tuple, int] = {EMPTY: 0}
        self.rep: list[tuple] = [()]
        self.top_ids: dict[tuple, int] = {}
        self.tops: list[tuple] = []
        self._leads: dict[int, list] = {}
        self._follows: dict[tuple[int, int], list] = {}
        self._next_leader = partner_leads(SEATS)

    def side(self, seat: int) -> int:
        return seat % 2

    def is_empty(self, hand: int) -> bool:
        return hand == 0

    def next_leader_of(self, owner: int, gone) -> int | None:
        return self._next_leader(owner, gone)

    def key(self, cards: Iterable[int]) -> int:
        """The number of the hand ``cards``, which become its representative if it
        is new."""
        cards = tuple(cards)
        key = hand_key(cards, self.level)
        number = self.ids.get(key)
        if number is None:
            number = self.ids[key] = len(self.rep)
            self.rep.append(cards)
        return number

    def top(self, reading: Reading) -> int:
        """The number of the top ``reading`` makes."""
        top = top_of(reading)
        number = self.top_ids.get(top)
        if number is None:
            number = self.top_ids[top] = len(self.tops)
            self.tops.append(top)
        return number

    def leads(self, hand: int) -> list:
        moves = self._leads.get(hand)
        if moves is None:
            cards = self.rep[hand]
            found = {}
            for play in legal_plays(cards, None, self.level, self.rules):
                rest = self.key(_without(cards, play.cards))
                found.setdefault((self.top(play.reading), rest), len(play.cards))
            # Most cards first, then the lowest: shedding is what wins.
            ordered = sorted(found.items(), key=lambda item: (-item[1], self.tops[item[0][0]]))
            moves = self._leads[hand] = [move for move, _ in ordered]
        return moves

    def plays(self, hand: int, top: int | None) -> list:
        if top is None:
            return self.leads(hand)
        moves = self._follows.get((hand, top))
        if moves is None:
            over = self.tops[top]
            moves = self._follows[(hand, top)] = [
                m for m in self.leads(hand) if beats_top(self.tops[m[0]], over)
            ]
        return moves


# ---------------------------------------------------------------------------
# Endings


@dataclass(frozen=True)
class Table:
    """The play on the table: the play, who made it, how many have passed since."""

    play: Play
    owner: int
    passes: int = 0

    def to_json(self) -> dict:
        return {
            "cards": [CARDS[c].text() for c in self.play.cards],
            "reading": self.play.reading.text(),
            "owner": self.owner,
            "passes": self.passes,
        }


def _seats_between(first: int, last: int, gone) -> int:
    """The seats still in strictly after ``first`` and before ``last``."""
    n, seat = 0, (first + 1) % SEATS
    while seat != last:
        n += seat not in gone
        seat = (seat + 1) % SEATS
    return n


@dataclass(frozen=True)
class Ending:
    """An open ending: the four hands, the level, the play on the table (``None``:
    ``to_play`` leads), the seat to play and the seats already out, in order.

    Hands are card lists (``Card``, ints or texts such as ``"♥A"``), stored sorted.
    A table's owner that is out went out with that play (it is the last seat out).
    Every inconsistency raises ``ValueError`` saying what is wrong.
    """

    hands: tuple[tuple[Card, ...], ...]
    level: int
    to_play: int = 0
    table: Table | None = None
    out: tuple[int, ...] = ()
    rules: Rules = field(default=DEFAULT)

    def __post_init__(self):
        hands = self.hands
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise ValueError("hands must be a list of 4 hands")
        if len(hands) != SEATS:
            raise ValueError(f"there must be exactly 4 hands, not {len(hands)}")
        hands = tuple(read_cards(h, f"hand of seat {s}") for s, h in enumerate(hands))
        level = parse_level(self.level)
        to_play = read_seat(self.to_play, "to_play")
        out = tuple(read_seat(s, "a seat out") for s in self.out)
        if len(set(out)) != len(out) or len(out) > 2:
            raise ValueError(f"the seats out must be at most 2 different seats, not {out}")
        for seat in range(SEATS):
            if (seat in out) != (not hands[seat]):
                raise ValueError(
                    f"seat {seat} has no cards but is not out"
                    if seat not in out
                    else f"seat {seat} is out but holds cards"
                )
        if to_play in out:
            raise ValueError(f"seat {to_play} is out and cannot play")
        table = self.table
        seen = Counter(c for h in hands for c in h)
        if table is not None:
            if not isinstance(table, Table):
                raise ValueError("the table must be a Table (play, owner, passes)")
            owner = read_seat(table.owner, "the table's owner")
            if owner == to_play:
                raise ValueError("the table's owner is to play: everyone passed, the trick is over")
            if owner in out and out[-1] != owner:
                raise ValueError("a table's owner that is out must be the last seat out")
            passes = _seats_between(owner, to_play, set(out))
            if table.passes != passes:
                raise ValueError(
                    f"with seat {owner}'s play on the table and seat {to_play} to play, "
                    f"{passes} seat(s) have passed, not {table.passes}"
                )
            readings = classify(table.play.cards, level, self.rules)
            if table.play.reading not in readings:
                raise ValueError(f"{table.play.text()} cannot be read as the table says")
            seen.update(table.play.cards)
        over = [CARDS[c].text() for c, n in seen.items() if n > 2]
        if over:
            raise ValueError(f"two decks hold each card twice; too many {', '.join(over)}")
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "out", out)

    @property
    def side(self) -> int:
        """The side whose goal is searched: the seat to play's."""
        return self.to_play % 2

    def root_plays(self) -> list:
        """Every first move: the legal plays, then ``PASS`` when following."""
        over = self.table.play.reading if self.table else None
        plays: list = legal_plays(self.hands[self.to_play], over, self.level, self.rules)
        return plays + ([PASS] if self.table else [])

    @classmethod
    def from_json(cls, data: dict) -> Ending:
        """The ending from ``{"hands": [[...], [...], [...], [...]], "level": "10",
        "table": {"cards": [...], "reading": "pair of 9", "owner": 3, "passes": 0} or
        null, "to_play": 0, "out": [], "rules": "standard"}``; ``reading`` is needed
        only when the cards read several ways."""
        if not isinstance(data, dict):
            raise ValueError(f"an ending is a JSON object, not {type(data).__name__}")
        known = {"hands", "level", "table", "to_play", "out", "rules", "goal"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown keys {', '.join(map(repr, unknown))}")
        for key in ("hands", "level"):
            if key not in data:
                raise ValueError(f"the ending has no {key!r}")
        level = parse_level(data["level"])
        rules = rules_for(data.get("rules"))
        table = data.get("table")
        if table is not None:
            if not isinstance(table, dict) or "cards" not in table or "owner" not in table:
                raise ValueError('the table is {"cards": [...], "owner": seat, "passes": n}')
            cards = read_cards(table["cards"], "the table's play")
            play = play_of(cards, level, table.get("reading"), rules)
            table = Table(play, table["owner"], table.get("passes", 0))
        return cls(
            hands=tuple(data["hands"]) if isinstance(data["hands"], list) else data["hands"],
            level=level,
            to_play=data.get("to_play", 0),
            table=table,
            out=tuple(data.get("out", ())),
            rules=rules,
        )

    def to_json(self) -> dict:
        return {
            "hands": [[c.text() for c in sort_cards(h, self.level)] for h in self.hands],
            "level": level_name(self.level),
            "table": self.table.to_json() if self.table else None,
            "to_play": self.to_play,
            "out": list(self.out),
            "rules": self.rules.name,
        }


# ---------------------------------------------------------------------------
# Solving


@dataclass(frozen=True)
class Solution(shedding.Solution):
    """The climbing core's ``Solution``, a move said in JSON with the reading it was
    played as (a wild card's stand-in)."""

    @property
    def plays_by_text(self) -> dict:
        """Each first move by its text (``"pass"`` for a pass); with two readings of
        the same cards, the later one wins."""
        return {"pass" if m is PASS else m.text(): m for m in self.plays}

    @staticmethod
    def move_json(move):
        return "pass" if move is PASS else move.to_json()


class _Solver:
    """The game, the search and the ending's root position, kept together so that
    the root's moves and the refutation lines share one table."""

    def __init__(self, ending: Ending, goal: str, node_limit: int | None):
        self.ending = ending
        self.game = GuandanGame(ending.level, ending.rules)
        self.search = Search(self.game, goal, ending.side, node_limit)
        table = ending.table
        self.root = State(
            tuple(self.game.key(h) for h in ending.hands),
            ending.to_play,
            self.game.top(table.play.reading) if table else None,
            table.owner if table else None,
            ending.out,
        )


def _step_concrete(solver: _Solver, state: State, hands: list, move, over):
    """``state`` and the concrete hands after ``move``: (child or value, hands, over)."""
    seat = state[1]
    if move is PASS:
        child = solver.search.step(state, PASS)
    else:
        rest = _without(hands[seat], move.cards)
        child = solver.search.step(state, (solver.game.top(move.reading), solver.game.key(rest)))
        hands = hands[:seat] + [rest] + hands[seat + 1 :]
        over = move.reading
    if not isinstance(child, bool) and child[2] is None:
        over = None  # the trick is over
    return child, hands, over


def _value(solver: _Solver, child) -> bool:
    return child if isinstance(child, bool) else solver.search.wins(child)


def _refutation(solver: _Solver, first) -> list:
    """A line after the losing ``first`` move: the defence plays the first move that
    keeps its win, the side to play passes where it may (else its first play); seats
    that cannot beat the top are skipped. It stops after the defence's first play,
    once the game is decided, or after 8 moves."""
    ending = solver.ending
    ours = ending.side
    over = ending.table.play.reading if ending.table else None
    child, hands, over = _step_concrete(solver, solver.root, list(ending.hands), first, over)
    line: list = []
    while not isinstance(child, bool) and len(line) < 8:
        state = child
        seat = state[1]
        moves = legal_plays(hands[seat], over, ending.level, ending.rules)
        if state[2] is not None:
            moves = moves + [PASS] if seat % 2 != ours else [PASS, *moves]
        chosen = None
        for move in moves:
            after = _step_concrete(solver, state, hands, move, over)
            if _value(solver, after[0]) is False:
                chosen = move, after
                break
        if chosen is None:  # cannot happen: the position is lost
            break
        move, (child, hands, over) = chosen
        line.append((seat, move))
        if seat % 2 != ours and move is not PASS:
            break
    return line


def solve(ending: Ending, goal: str = "first", *, node_limit: int | None = None) -> Solution:
    """Every first move of ``ending``'s seat to play, won or lost for its side's
    ``goal`` (``"first"`` or ``"double"``), with a refutation of each lost one.

    ``SearchLimit`` when ``node_limit`` positions were not enough.
    """
    solver = _Solver(ending, goal, node_limit)
    values: dict = {}
    by_key: dict = {}
    over = ending.table.play.reading if ending.table else None
    for move in ending.root_plays():
        child, _, _ = _step_concrete(solver, solver.root, list(ending.hands), move, over)
        if child not in by_key:  # merged: the same position after two moves
            by_key[child] = _value(solver, child)
        values[move] = by_key[child]
    refutations = {m: _refutation(solver, m) for m, v in values.items() if not v}
    return Solution(
        goal=goal,
        value=any(values.values()),
        plays=values,
        refutations=refutations,
        nodes=solver.search.nodes,
    )


def solve_json(data: dict) -> dict:
    """The command line's ``solve``: ``{"hands": [4 lists], "level", "table": {...} or
    null, "to_play", "goal"}`` → ``{"value", "winning": [...], "nodes", ...}``."""
    if not isinstance(data, dict):
        raise ValueError("the input must be one JSON object")
    goal = data.get("goal", "first")
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
    return solve(Ending.from_json(data), goal).to_json()


# ---------------------------------------------------------------------------
# The fewest plays
#
# Suits never matter here: five cards that make a straight flush also make a
# straight, one play either way. So a hand is its natural cards' rank counts, its
# wilds and its jokers. The programme walks the ranks in natural order (A low first,
# then 2 … A); at each it picks the sequences (straights, tubes, plates) that start
# there, then splits what is left of the rank into groups of one rank (singles,
# pairs, triples, bombs; wilds may join a group). A full house is a triple and a pair
# of other ranks: instead of choosing partners, the programme counts triples and
# pairs, for in the end every triple can take any pair (a triple and a pair of the
# same rank are five of a kind, one play too). With T triples and P pairs the groups
# cost T + P - min(T, P) plays, so each pair or triple costs a half and the end adds
# |T - P| / 2: the programme counts in halves and carries d = T - P.

_SEQUENCES = ((5, 1), (3, 2), (2, 3))  # straight, tube, plate: (ranks, cards a rank)


@cache
def _group_options(naturals: int, wilds: int) -> tuple:
    """How ``naturals`` cards of one rank, with up to ``wilds`` wilds, split into
    groups: ``(half-plays, triples - pairs, wilds used)``, the cheapest for each
    (d, wilds)."""
    best: dict[tuple[int, int], int] = {}

    def walk(left: int, wilds_left: int, largest: int, cost: int, d: int) -> None:
        if left == 0:
            used = wilds - wilds_left
            if best.get((d, used), 99) > cost:
                best[(d, used)] = cost
            return
        for k in range(min(left, largest), 0, -1):
            for u in range(wilds_left + 1):
                size = k + u
                if size > 10:
                    continue
                step, dd = (2, 0) if size == 1 or size >= 4 else (1, -1 if size == 2 else 1)
                walk(left - k, wilds_left - u, k, cost + step, d + dd)

    walk(naturals, wilds, naturals, 0, 0)
    return tuple((cost, d, used) for (d, used), cost in best.items())


class _Partition:
    """The programme for one hand: ``best(…)`` memoised, ``groups()`` one optimum."""

    def __init__(self, counts: tuple, wilds: int, small: int, big: int, rules: Rules):
        self.counts, self.wilds, self.small, self.big = counts, wilds, small, big
        self.joker_pairs_match = rules.full_house_joker_pair
        self.memo: dict = {}

    def sequences(self, p: int, counts: tuple, wilds: int, kind: int):
        """Each way to take one sequence of ``kind`` starting at position ``p``
        (1 is A low): ``(counts after, wilds after, [(rank, naturals, wilds)])``."""
        length, each = _SEQUENCES[kind]
        if p + length - 1 > ACE:
            return
        ranks = [ACE if q == 1 else q for q in range(p, p + length)]
        choices = [[]]
        for rank in ranks:
            have = counts[rank]
            nxt = []
            for partial in choices:
                used = sum(u for _, _, u in partial)
                for k in range(min(have, each), -1, -1):
                    u = each - k
                    if used + u <= wilds:
                        nxt.append(partial + [(rank, k, u)])
            choices = nxt
        for choice in choices:
            if not any(k for _, k, _ in choice):
                continue
            after = list(counts)
            for rank, k, _ in choice:
                after[rank] -= k
            yield tuple(after), wilds - sum(u for _, _, u in choice), choice

    def final(self, wilds: int, d: int) -> tuple[int, list]:
        """The cheapest end: the wilds left (a single, or a pair that may join a
        triple) and the jokers (a single, a pair, four jokers)."""
        options = [(0, 0, [])]
        if wilds == 1:
            options = [(2, 0, [("wilds", 1)])]
        elif wilds == 2:
            options = [(1, -1, [("wilds", 2)])]
        jokers = []
        if self.small == 2 and self.big == 2:
            jokers.append((2, 0, [("jokers", 2, 2)]))
        pair_cost, pair_d = (1, -1) if self.joker_pairs_match else (2, 0)
        cost, dd, parts = 0, 0, []
        for which, n in (("small", self.small), ("big", self.big)):
            if n == 2:
                cost, dd = cost + pair_cost, dd + pair_d
            elif n == 1:
                cost += 2
            if n:
                parts.append((which, n))
        jokers.append((cost, dd, parts))
        best = None
        for c1, d1, p1 in options:
            for c2, d2, p2 in jokers:
                total = c1 + c2 + abs(d + d1 + d2)
                if best is None or total < best[0]:
                    best = (total, p1 + p2)
        return best

    def best(self, p: int, counts: tuple, wilds: int, d: int, kind: int) -> int:
        """The fewest half-plays from position ``p`` on, sequences of ``kind`` or
        later still allowed to start at ``p``."""
        key = (p, counts, wilds, d, kind)
        found = self.memo.get(key)
        if found is not None:
            return found
        if p > ACE:
            found = self.final(wilds, d)[0]
        else:
            found = self.after_sequences(p, counts, wilds, d)[0]
            for k in range(kind, len(_SEQUENCES)):
                for after, w, _ in self.sequences(p, counts, wilds, k):
                    found = min(found, 2 + self.best(p, after, w, d, k))
        self.memo[key] = found
        return found

    def after_sequences(self, p: int, counts: tuple, wilds: int, d: int):
        """The cheapest way on once no more sequences start at ``p``: the groups of
        rank ``p`` (none at A low), then the next position."""
        if p == 1:
            return self.best(2, counts, wilds, d, 0), None
        left = list(counts)
        left[p] = 0
        left = tuple(left)
        best = None
        for cost, dd, used in _group_options(counts[p], wilds):
            total = cost + self.best(p + 1, left, wilds - used, d + dd, 0)
            if best is None or total < best[0]:
                best = (total, (cost, dd, used))
        return best

    def groups(self) -> list:
        """One optimum as parts: ``("seq", [(rank, naturals, wilds)])``, ``("rank",
        rank, naturals, wilds)``, ``("wilds", n)``, ``("small"/"big", n)``,
        ``("jokers", 2, 2)``."""
        parts: list = []
        p, counts, wilds, d, kind = 1, self.counts, self.wilds, 0, 0
        while p <= ACE:
            target = self.best(p, counts, wilds, d, kind)
            moved = False
            for k in range(kind, len(_SEQUENCES)):
                for after, w, choice in self.sequences(p, counts, wilds, k):
                    if 2 + self.best(p, after, w, d, k) == target:
                        parts.append(("seq", choice))
                        counts, wilds, kind, moved = after, w, k, True
                        break
                if moved:
                    break
            if moved:
                continue
            if p > 1:
                _, (cost, dd, used) = self.after_sequences(p, counts, wilds, d)
                parts += _split_rank(p, counts[p], used, cost, dd)
                left = list(counts)
                left[p] = 0
                counts, wilds, d = tuple(left), wilds - used, d + dd
            p, kind = p + 1, 0
        parts += self.final(wilds, d)[1]
        return parts


def _split_rank(rank: int, naturals: int, wilds: int, cost: int, d: int) -> list:
    """Groups of ``rank`` with the given totals (as ``_group_options`` found them)."""

    def walk(left, wilds_left, largest, cost_left, d_left):
        if left == 0:
            return [] if wilds_left == 0 and cost_left == 0 and d_left == 0 else None
        for k in range(min(left, largest), 0, -1):
            for u in range(wilds_left + 1):
                size = k + u
                if size > 10:
                    continue
                step, dd = (2, 0) if size == 1 or size >= 4 else (1, -1 if size == 2 else 1)
                rest = walk(left - k, wilds_left - u, k, cost_left - step, d_left - dd)
                if rest is not None:
                    return [("rank", rank, k, u), *rest]
        return None

    return walk(naturals, wilds, naturals, cost, d)


def _hand_parts(hand: Iterable[int], level: int):
    naturals, wilds, small, big = _split(hand, level)
    counts = [0] * (ACE + 1)
    for card in naturals:
        counts[card.rank] += 1
    return tuple(counts), wilds, small, big


def min_partition(hand: Iterable[int], level: int, rules: Rules = DEFAULT) -> tuple[int, list]:
    """The fewest plays that empty ``hand``, and one way to do it (``Play``s).

    >>> count, plays = min_partition(parse_cards("♠3 ♦3 ♣3 ♠4 ♦4 ♣4 ♠9 ♦9 ♣K ♦K"), 7)
    >>> count, sorted(p.reading.kind for p in plays)
    (2, ['full-house', 'full-house'])
    """
    hand = [CARDS[c] for c in hand]
    counts, wilds, small, big = _hand_parts(hand, level)
    programme = _Partition(counts, wilds, small, big, rules)
    halves = programme.best(1, counts, wilds, 0, 0)
    return halves // 2, _plays_of(programme.groups(), hand, level, rules)


def _plays_of(parts: list, hand: list, level: int, rules: Rules) -> list[Play]:
    """The parts as plays of real cards from ``hand``: triples take pairs first."""
    wild = wild_card(level)
    pool: dict = {}
    for c in sort_cards(hand, level):
        key = "w" if c == wild else c.rank if not c.is_joker else c
        pool.setdefault(key, []).append(c)

    def take(key, n):
        have = pool.get(key, [])
        cards, pool[key] = have[:n], have[n:]
        return cards

    groups, triples, pairs = [], [], []
    for part in parts:
        if part[0] == "seq":
            groups.append([c for rank, k, u in part[1] for c in take(rank, k) + take("w", u)])
        elif part[0] == "rank":
            _, rank, k, u = part
            cards = take(rank, k) + take("w", u)
            (triples if len(cards) == 3 else pairs if len(cards) == 2 else groups).append(cards)
        elif part[0] == "wilds":
            (pairs if part[1] == 2 else groups).append(take("w", part[1]))
        elif part[0] == "jokers":
            groups.append(take(CARDS[SMALL_JOKER_ID], 2) + take(CARDS[BIG_JOKER_ID], 2))
        else:
            joker = CARDS[SMALL_JOKER_ID if part[0] == "small" else BIG_JOKER_ID]
            cards = take(joker, part[1])
            if part[1] == 2 and rules.full_house_joker_pair:
                pairs.append(cards)
            else:
                groups.append(cards)
    while triples and pairs:
        groups.append(triples.pop() + pairs.pop())
    groups += triples + pairs
    plays = []
    for cards in groups:
        readings = classify(cards, level, rules)
        if not readings:
            raise AssertionError(f"not a play: {cards_text(cards)}")
        plays.append(Play(tuple(sort_cards(cards, level)), readings[0]))
    return plays


def greedy_partition(hand: Iterable[int], level: int, rules: Rules = DEFAULT) -> list[Play]:
    """The obvious split: again and again, the lead with the most cards (the lowest
    of those), until the hand is empty. A reference for ``min_partition``."""
    cards = [CARDS[c] for c in hand]
    plays = []
    while cards:
        options = legal_plays(cards, None, level, rules)
        play = max(options, key=lambda p: (len(p.cards), -p.reading.value))
        plays.append(play)
        cards = list(_without(tuple(cards), play.cards))
    return plays
