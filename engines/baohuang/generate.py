"""保皇 puzzles made at random and proven by the engine: open endings for
``baohuang.lead`` and what-beats-it questions for ``baohuang.legal``.

An ending deals 2 to 5 cards a seat from the four decks (often from a few ranks, so
that pairs and triples turn up; jokers now and then), with random roles (seat 0 the
emperor, the royalist or a rebel; now and then 独), a seat or two already out now
and then, and a set on the table now and then (an opponent's or the partner's, the
seats between having passed; sometimes its owner's last cards). Seat 0 is to play;
the goal is "first" (头科 for its side) or "win" (its side scores more). An ending
is kept when some first moves win and the winning ones are a strict minority of the
legal ones, solved within ``NODE_LIMIT`` positions:

>>> found = list(endings(2, seed=4))
>>> all(0 < len(f.solution.winning) and 2 * len(f.solution.winning) < len(f.solution.plays)
...     for f in found)
True

A legal puzzle comes from a real hand (``game.random_hand``, played on the way
``game.play_randomly`` plays it) at a moment seat 0 faces a set with jokers or of
three cards or more. Its options are sets of seat 0's own hand: two to four that
beat the table, and two or three that do not, each for another reason (one place
too low, a 小王 where a 大王 is needed, the wrong number of cards); the hand is
shown cropped to the ranks the options use and a few others:

>>> puzzle = next(legal_puzzles(1, seed=7))
>>> 2 <= sum(o.beats for o in puzzle.options) <= 4 and len(puzzle.hand) <= HAND_SHOWN
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from engines.cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, shoe
from engines.climbing.shedding import Search

from . import (
    DECKS,
    SEATS,
    SMALL,
    TWO,
    Roles,
    Set,
    beats,
    cards_for,
    legal_sets,
    set_of,
    sort_cards,
    value,
)
from .game import random_hand
from .rules import NO_JOKER_SETS
from .solver import PASS, BaohuangGame, Ending, SearchLimit, Solution, hand_key, solve, win_goal

__all__ = [
    "HAND_SHOWN",
    "NODE_LIMIT",
    "Found",
    "LegalPuzzle",
    "Moment",
    "Option",
    "Turn",
    "deal",
    "endings",
    "grade",
    "joker_reading",
    "legal_puzzles",
    "moments",
    "reason_of",
    "replay",
    "shape",
]

NODE_LIMIT = 200_000  # an ending that needs more is skipped, not solved
HAND_SHOWN = 15  # the most cards of a legal puzzle's hand shown
PASS_CHANCE = 0.3  # as ``game.play_randomly`` passes


# ---------------------------------------------------------------------------
# Endings


@dataclass(frozen=True)
class Found:
    """A kept ending, its goal and its solution."""

    ending: Ending
    goal: str
    solution: Solution
    # Whether the winning plays depend on the reading that jokers may go alone.
    joker_reading: bool = False

    @property
    def rating(self) -> int:
        """Bigger hands, a bigger search, more moves and fewer winning ones are
        harder; so are a set to answer and the score as the goal."""
        cards = sum(len(h) for h in self.ending.hands)
        moves, winning = len(self.solution.plays), len(self.solution.winning)
        value = 450 + 15 * cards + 60 * math.log10(max(self.solution.nodes, 1))
        value += 12 * min(moves, 15) - 40 * winning
        value += 60 if self.ending.table else 0
        value += 100 if self.goal == "win" else 0
        return max(500, min(1800, round(value / 5) * 5))


def _pool(rng: random.Random) -> list[Card]:
    """The four decks, or only a few of their ranks, with 0 to 3 jokers now and
    then: pairs and triples turn up."""
    naturals = [c for c in shoe(DECKS) if not c.is_joker]
    if rng.random() < 0.75:
        ranks = set(rng.sample(range(3, TWO + 1), rng.randint(3, 6)))
        naturals = [c for c in naturals if value(c) in ranks]
    jokers: list[Card] = []
    if rng.random() < 0.45:
        jokers = [rng.choice((SMALL_JOKER, BIG_JOKER)) for _ in range(rng.randint(1, 3))]
    rng.shuffle(naturals)
    return naturals[:40] + jokers


def deal(rng: random.Random, *, low: int = 2, high: int = 5) -> tuple[Ending, str]:
    """A random ending, seat 0 to play, ``low`` to ``high`` cards a seat still in,
    and its goal."""
    emperor = rng.randrange(SEATS)
    royalist = None
    if rng.random() >= 0.15:  # now and then 独
        royalist = rng.choice([s for s in range(SEATS) if s != emperor])
    roles = Roles(emperor, royalist)
    out = rng.sample(range(1, SEATS), rng.choices((0, 1, 2), weights=(6, 3, 1))[0])
    pool = _pool(rng)
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat in range(SEATS):
        n = 0 if seat in out else rng.randint(low, high)
        hands.append(pool[:n])
        del pool[:n]
    table = owner = None
    if rng.random() < 0.5:
        owner = rng.choice([s for s in range(1, SEATS) if s not in out])
        last = len(out) < 2 and rng.random() < 0.35  # the owner's last cards
        options = legal_sets(hands[owner])
        if not last:
            options = [s for s in options if s.size < len(hands[owner])]
        if options:
            chosen = rng.choice(options)
            table = cards_for(chosen, hands[owner])
            if last:
                hands[owner] = []
                out.append(owner)
            else:
                for card in table:
                    hands[owner].remove(card)
        else:
            owner = None
    goal = "first" if not out and rng.random() < 0.6 else "win"
    ending = Ending(
        hands=tuple(tuple(h) for h in hands),
        roles=roles,
        to_play=0,
        table=table,
        owner=owner,
        out=tuple(out),
    )
    return ending, goal


def grade(ending: Ending, goal: str, *, node_limit: int = NODE_LIMIT) -> Found | None:
    """The ending as a puzzle, or None: too big to solve, or nothing to find."""
    try:
        solution = solve(ending, goal, node_limit=node_limit)
    except SearchLimit:
        return None
    winning = len(solution.winning)
    if winning == 0 or 2 * winning >= len(solution.plays):
        return None
    return Found(ending, goal, solution, joker_reading(ending, goal, solution, node_limit))


def joker_reading(ending: Ending, goal: str, solution: Solution, node_limit: int) -> bool:
    """Whether the winning first moves would be others if jokers could not be played
    alone (``"no-joker-sets"``): the ending then depends on the reading."""
    cards = [c for h in ending.hands for c in h] + list(ending.table or ())
    if not any(CARDS[c].is_joker for c in cards):
        return False
    try:
        other = replace(ending, rules=NO_JOKER_SETS)
        strict = solve(other, goal, node_limit=node_limit)
    except (ValueError, SearchLimit):  # a table of jokers alone; too big to tell
        return True
    return set(strict.winning) != set(solution.winning)


def shape(ending: Ending) -> str:
    """``"lead"`` (seat 0 leads), ``"table"`` (a set to answer) or ``"last"`` (a set
    its owner went out with: 接风 if everyone passes)."""
    if ending.table is None:
        return "lead"
    return "last" if ending.owner in ending.out else "table"


def endings(
    count: int, seed: int, *, low: int = 2, high: int = 5, tries: int = 20_000
) -> Iterator[Found]:
    """``count`` kept endings (fewer if ``tries`` deals run out), the same for a seed:
    a tenth of them (rounded down) answering a player's last set, a third in all
    answering a set, the rest leads. Sets on the table are kept less often, so
    the shares are fixed: an ending of a shape already made enough is skipped."""
    rng = random.Random(seed)
    seen = set()
    wanted = {"last": count // 10, "table": count // 3 - count // 10}
    wanted["lead"] = count - sum(wanted.values())
    found = 0
    for _ in range(tries):
        if found >= count:
            return
        ending, goal = deal(rng, low=low, high=high)
        if wanted[shape(ending)] == 0:
            continue
        key = (ending.hands, ending.roles, ending.table, ending.owner, ending.out, goal)
        if key in seen:
            continue
        seen.add(key)
        graded = grade(ending, goal)
        if graded is not None:
            found += 1
            wanted[shape(ending)] -= 1
            yield graded


@dataclass(frozen=True)
class Turn:
    """One turn of a line played out from an ending: the seat, its cards (``None``:
    a pass), whether it leads a new round (``claimed``: by 接风, the last set's
    owner having gone out with it), the place it went out in (1 = 头科; ``None``:
    still in), and the seats before it that could not beat the set on top and
    passed (``unable``)."""

    seat: int
    cards: tuple[Card, ...] | None
    lead: bool = False
    claimed: bool = False
    place: int | None = None
    unable: tuple[int, ...] = ()


def replay(ending: Ending, goal: str, moves) -> list[Turn]:
    """``moves`` (``(seat, Set or PASS)`` pairs, seat 0's first) played out from
    ``ending`` with the cards they take from each hand and the turns as the solver
    keeps them: a seat that cannot beat the top passes, the round's last player
    leads the next, 接风 after a player went out with the last set. Each step is
    checked against the solver's own."""
    game = BaohuangGame(ending.roles, ending.rules)
    search = Search(game, win_goal if goal == "win" else "first", ending.side)
    hands = [Counter(h) for h in ending.hands]
    counts = tuple(hand_key(h) for h in ending.hands)
    top = ending.top.key if ending.table else None
    owner, order = ending.owner, tuple(ending.out)
    state: tuple | bool = (counts, 0, top, owner, order)
    turns: list[Turn] = []
    unable: tuple[int, ...] = ()
    claimed = False
    for seat, move in moves:
        if isinstance(state, bool) or state[1] != seat:
            raise ValueError(f"seat {seat} is not to play in this line")
        lead = state[2] is None
        if move is PASS:
            cards = None
            step = PASS
        else:
            cards = cards_for(move, hands[seat])
            hands[seat] -= Counter(cards)
            step = (move.key, hand_key(hands[seat].elements()))
        expected = search.step(state, step)
        counts, _seat, top, owner, order = state
        if cards is not None:
            counts = counts[:seat] + (step[1],) + counts[seat + 1 :]
            top, owner = move.key, seat
        place = None
        if cards is not None and not +hands[seat]:
            order = (*order, seat)
            place = len(order)
        turns.append(Turn(seat, cards, lead, lead and claimed, place, unable))
        state, unable, claimed = _after(game, counts, seat, top, owner, order)
        if isinstance(expected, bool):
            state = expected
        elif state != expected:  # pragma: no cover - the solver and this walk agree
            raise AssertionError(f"the line's turns differ from the solver's: {state} {expected}")
    return turns


def _after(game, counts, seat, top, owner, order):
    """The position after ``seat`` moved, walked as ``Search.step`` walks it, with
    the seats that passed because they could not beat the top, and whether the
    next lead is a 接风."""
    unable: list[int] = []

    def following(s):
        for step in range(1, SEATS + 1):
            if (s + step) % SEATS not in order:
                return (s + step) % SEATS
        return None

    first_after = owner if owner not in order else following(owner)
    while True:
        nxt = following(seat)
        if nxt is None:
            return None, tuple(unable), False
        if nxt == first_after and seat != owner:
            if owner not in order:
                return (counts, owner, None, None, order), tuple(unable), False
            leader = game.next_leader_of(owner, frozenset(order))
            return (counts, leader, None, None, order), tuple(unable), True
        if nxt == owner:
            return (counts, owner, None, None, order), tuple(unable), False
        if game.plays(counts[nxt], top):
            return (counts, nxt, top, owner, order), tuple(unable), False
        unable.append(nxt)
        seat = nxt


# ---------------------------------------------------------------------------
# What beats it?

REASONS = ("size", "small-joker", "low")


def reason_of(play: Set, top: Set) -> str | None:
    """Why ``play`` does not beat ``top``: ``"size"`` (another number of cards),
    ``"small-joker"`` (a 小王 against the table's 小王, where a 大王 would do),
    ``"low"`` (a card not higher than the one in its place); ``None`` if it beats."""
    if play.size != top.size:
        return "size"
    if beats(play, top):
        return None
    if _joker_raised(play, top) is not None:
        return "small-joker"
    return "low"


def failing(play: Set, top: Set) -> list[int]:
    """The places (0 first, from the highest card down) where ``play`` is not higher
    than ``top``; both the same size."""
    return [i for i, (a, b) in enumerate(zip(play.key, top.key, strict=True)) if a <= b]


def _joker_raised(play: Set, top: Set) -> Set | None:
    """``play`` with one 小王 turned into a 大王, when that alone would beat ``top``
    and the 小王 met the table's 小王."""
    if not play.small:
        return None
    raised = Set(play.rank, play.natural, play.small - 1, play.big + 1)
    at = failing(play, top)
    if len(at) == 1 and play.key[at[0]] == SMALL == top.key[at[0]] and beats(raised, top):
        return raised
    return None


@dataclass(frozen=True)
class Option:
    """One option of a legal puzzle: its cards, the set, and why it does not beat
    the table (``None``: it does)."""

    cards: tuple[Card, ...]
    set: Set
    reason: str | None

    @property
    def beats(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class LegalPuzzle:
    """Seat 0's (cropped) hand, the set on the table and who played it, and the
    options in the order shown. ``ways``: how many different sets of the shown hand
    beat the table."""

    hand: tuple[Card, ...]
    over: tuple[Card, ...]
    by: int
    options: tuple[Option, ...]
    ways: int

    @property
    def top(self) -> Set:
        return set_of(self.over)

    @property
    def rating(self) -> int:
        """A bigger set on the table, jokers on it and among the options, more
        options and more ways to beat it are harder."""
        top = self.top
        value = 450 + 40 * top.size + 70 * min(top.jokers, 3) + 25 * len(self.options)
        value += 10 * min(self.ways, 20)
        value += 20 * sum(o.set.jokers > 0 for o in self.options)
        value += 60 if any(o.reason == "small-joker" for o in self.options) else 0
        return max(500, min(1500, round(value / 5) * 5))


def _interesting(top: Set | None) -> bool:
    return top is not None and (top.jokers > 0 or top.size >= 3) and top.size <= 6


@dataclass(frozen=True)
class Moment:
    """Seat 0 to play in a real hand: its cards, the set on top, who played it and
    its cards."""

    hand: Counter
    top: Set
    by: int
    over: tuple[Card, ...]


def moments(seed: str) -> Iterator[Moment]:
    """A random hand played as ``game.play_randomly`` plays it: each time seat 0 is
    to play on a set with jokers or of 3 to 6 cards, that moment."""
    hand = random_hand(seed)
    rng = random.Random(f"{seed}/play")
    while hand.phase == "play":
        seat = hand.trick.to_play
        if seat == 0 and _interesting(hand.top):
            owner, over = hand.played[-1]
            assert owner == hand.trick.owner
            yield Moment(Counter(hand.hands[0]), hand.top, owner, tuple(sort_cards(over)))
        options = hand.legal(seat)
        if hand.top is not None and (not options or rng.random() < PASS_CHANCE):
            hand.pass_(seat, claim=hand.can_claim(seat))
            continue
        chosen = rng.choice(options)
        hand.play(seat, cards_for(chosen, hand.hands[seat]))


def _pick_right(rng: random.Random, found: list[Set]) -> list[Set]:
    """Two to four sets that beat, with jokers where the hand has such sets."""
    with_jokers = [s for s in found if s.jokers]
    plain = [s for s in found if not s.jokers]
    rng.shuffle(with_jokers)
    rng.shuffle(plain)
    want = min(rng.randint(2, 4), len(found))
    chosen: list[Set] = []
    while len(chosen) < want:
        for group in (with_jokers, plain):
            if group and len(chosen) < want:
                chosen.append(group.pop())
    return chosen


def _pick_wrong(rng: random.Random, sets: list[Set], top: Set) -> list[Set]:
    """Two or three sets of the hand that do not beat ``top``, each for another
    reason: one place too low, a 小王 where a 大王 is needed, the wrong size (a set
    that would look high enough)."""
    low = [s for s in sets if s.size == top.size and len(failing(s, top)) == 1]
    by_reason = {
        "low": [s for s in low if reason_of(s, top) == "low"],
        "small-joker": [s for s in low if reason_of(s, top) == "small-joker"],
        "size": [
            s
            for s in sets
            if abs(s.size - top.size) == 1 and s.size <= 7 and s.key[-1] > top.key[-1]
        ],
    }
    reasons = [r for r in REASONS if by_reason[r]]
    if len(reasons) < 2:
        return []
    if len(reasons) == 3 and rng.random() < 0.4:
        reasons.remove(rng.choice(("low", "size")))
    return [rng.choice(by_reason[r]) for r in reasons]


def _crop(rng: random.Random, hand: Counter, options: list[Set]) -> list[Card] | None:
    """The hand cut down to every card of the values the options use, then a few
    other values while at most ``HAND_SHOWN`` cards; ``None`` when the options'
    values alone hold too many."""
    cards = sort_cards(hand.elements())
    used = {v for s in options for v in s.counts()}
    shown = [c for c in cards if value(c) in used]
    if len(shown) > HAND_SHOWN:
        return None
    others = sorted({value(c) for c in cards} - used)
    rng.shuffle(others)
    for v in others[: rng.randint(1, 3)]:
        more = [c for c in cards if value(c) == v]
        if len(shown) + len(more) <= HAND_SHOWN:
            shown += more
    return sort_cards(shown)


def legal_puzzle(rng: random.Random, moment: Moment) -> LegalPuzzle | None:
    """A legal puzzle for seat 0 at ``moment``, or None."""
    top, mine = moment.top, moment.hand
    everything = legal_sets(mine)
    right = _pick_right(rng, legal_sets(mine, top))
    if len(right) < 2:
        return None
    wrong = _pick_wrong(rng, everything, top)
    if not wrong:
        return None
    chosen = right + wrong
    shown = _crop(rng, mine, chosen)
    if shown is None:
        return None
    rng.shuffle(chosen)
    options = tuple(Option(cards_for(s, shown), s, reason_of(s, top)) for s in chosen)
    return LegalPuzzle(
        hand=tuple(shown),
        over=moment.over,
        by=moment.by,
        options=options,
        ways=len(legal_sets(shown, top)),
    )


def legal_puzzles(count: int, seed: int, *, tries: int = 2_000) -> Iterator[LegalPuzzle]:
    """``count`` legal puzzles from as many random hands (one a hand, at a moment
    drawn along it; fewer if ``tries`` hands run out), the same for a seed."""
    seen = set()
    found = 0
    for number in range(tries):
        if found >= count:
            return
        rng = random.Random(f"{seed}/legal/{number}")
        for moment in moments(f"{seed}/{number}"):
            puzzle = legal_puzzle(rng, moment)
            if puzzle is None or rng.random() < 0.4:  # not always the hand's first
                continue
            key = (puzzle.top, frozenset(o.set for o in puzzle.options))
            if key in seen:
                continue
            seen.add(key)
            found += 1
            yield puzzle
            break
