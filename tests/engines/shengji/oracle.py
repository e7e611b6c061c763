"""A slow, obvious model of the 升级 rules that the engine's tests are checked against.

Written from the rules text alone (the brief "shengji_rules.md" and the spec
shared/rules/games/shengji.md, SJ-11…SJ-22 and notes d–f), never from
``engines.shengji``: this module imports nothing from the engine, so a
misreading shared by both is the only way a bug can hide. Everything is
exhaustive search: every sub-multiset, every split of a play into units, every
assignment of pairs to a lead's tractors. Only ``engines.cards`` is used, for the
card values.

A unit is ``(length, cards)``: length 0 for a single, 1 for a pair, k ≥ 2 for a
tractor of k pairs; ``cards`` is a sorted tuple.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import cache, lru_cache
from itertools import product

from engines.cards import CARDS, RANKS, SUITS

TRUMP = 4


class Model:
    """Effective suit and slot of every card for one level and trump (None = no-trump).

    Straight from "Effective suit and slot": the side ladder is 2..A without the
    level rank; the trump ladder continues it with the off-suit level cards (one
    shared slot), the trump-suit level card, SJ and BJ, one slot apart, with a gap
    of one slot under the off-suit level cards when ``ace_links_level`` is off.
    """

    def __init__(self, level: int, trump: int | None, ace_links_level: bool = True):
        self.level, self.trump, self.ace_links_level = level, trump, ace_links_level
        ladder = [rank for rank in RANKS if rank != level]  # 12 ranks, consecutive slots
        self.suit: dict[int, int] = {}
        self.by_suit: dict[int, list[int]] = defaultdict(list)
        self.slot: dict[int, int] = {}
        for card in CARDS:
            if card.is_joker or card.rank == level or card.suit == trump:
                self.suit[card] = TRUMP
            else:
                self.suit[card] = card.suit
            self.by_suit[self.suit[card]].append(card)
            if card.is_joker:
                continue
            if card.rank != level:
                self.slot[card] = ladder.index(card.rank)
        if trump is None:
            level_slot = 0  # NT: the level cards of all four suits, then SJ, BJ
            for card in CARDS[:52]:
                if card.rank == level:
                    self.slot[card] = level_slot
            self.slot[CARDS[52]], self.slot[CARDS[53]] = level_slot + 1, level_slot + 2
        else:
            off_level = len(ladder) if ace_links_level else len(ladder) + 1
            for card in CARDS[:52]:
                if card.rank == level:
                    self.slot[card] = off_level + 1 if card.suit == trump else off_level
            self.slot[CARDS[52]], self.slot[CARDS[53]] = off_level + 2, off_level + 3

    def cards_of(self, suit: int) -> list[int]:
        """The distinct cards of one effective suit."""
        return self.by_suit[suit]

    def suits_present(self) -> list[int]:
        """The effective suits that hold cards (the trump suit's own suit holds none)."""
        return [suit for suit in (*SUITS, TRUMP) if self.cards_of(suit)]

    # -- units ---------------------------------------------------------------

    def units_of_length(self, cards, length: int) -> list[tuple[int, tuple]]:
        """Every unit of that shape the cards (one effective suit) hold, once per card choice.

        A tractor of k is k pairs at k consecutive slots, any one pair per slot,
        possibly inside a longer run (SJ-11, note d).
        """
        counts = Counter(cards)
        if length == 0:
            return [(0, (card,)) for card in sorted(counts)]
        pairs_at = defaultdict(list)
        for card, count in counts.items():
            if count >= 2:
                pairs_at[self.slot[card]].append(card)
        if length == 1:
            return [(1, (card, card)) for slot in sorted(pairs_at) for card in pairs_at[slot]]
        found = []
        for start in sorted(pairs_at):
            slots = range(start, start + length)
            if all(pairs_at.get(slot) for slot in slots):
                for choice in product(*(pairs_at[slot] for slot in slots)):
                    found.append((length, tuple(sorted(choice * 2))))
        return found

    def top(self, unit) -> int:
        return max(self.slot[card] for card in unit[1])

    def decompose(self, cards) -> list[tuple[int, tuple]]:
        """Maximal runs of pairs at consecutive slots (one pair per slot), then singles.

        Only the off-suit level slot can hold two pairs; a run takes one of them and
        a leftover is a plain pair ("Units").
        """
        counts = Counter(cards)
        pairs_at = defaultdict(list)
        for card in sorted(counts):
            if counts[card] == 2:
                pairs_at[self.slot[card]].append(card)
        units = []
        while pairs_at:
            slot = min(pairs_at)
            run = []
            while pairs_at.get(slot):
                run.append(pairs_at[slot].pop())
                if not pairs_at[slot]:
                    del pairs_at[slot]
                slot += 1
            units.append((len(run), tuple(sorted(run * 2))))
        units += [(0, (card,)) for card in sorted(counts) if counts[card] == 1]
        return units

    def shape(self, cards) -> tuple[int, ...]:
        """The multiset of unit lengths, largest first."""
        return tuple(sorted((length for length, _ in self.decompose(cards)), reverse=True))

    def splits(self, cards, shape):
        """Every way to cut ``cards`` into units of exactly the lengths in ``shape``."""
        if not shape:
            if not cards:
                yield []
            return
        for unit in self.units_of_length(cards, shape[0]):
            rest = Counter(cards)
            rest.subtract(unit[1])
            remaining = sorted(rest.elements())
            for tail in self.splits(remaining, shape[1:]):
                yield [unit, *tail]

    # -- following -----------------------------------------------------------

    def legal_follows(self, hand, lead) -> set[tuple[int, ...]]:
        """Every legal follow ("Following", policy standard), by brute force."""
        n = len(lead)
        led = self.suit[lead[0]]
        in_suit = sorted(card for card in hand if self.suit[card] == led)
        others = sorted(card for card in hand if self.suit[card] != led)
        if len(in_suit) <= n:
            return {
                tuple(sorted(in_suit + list(extra)))
                for extra in sub_multisets(others, n - len(in_suit))
            }
        units = self.decompose(lead)
        tractors = tuple(sorted((length for length, _ in units if length >= 2), reverse=True))
        lead_pairs = sum(length for length, _ in units)
        best, legal = None, set()
        for play in sub_multisets(in_suit, n):
            # play is sorted, so the two copies of a pair sit side by side
            twins = zip(play, play[1:], strict=False)
            pair_slots = tuple(sorted(self.slot[a] for a, b in twins if a == b))
            score = (tractor_cover(pair_slots, tractors), min(len(pair_slots), lead_pairs))
            if best is None or score > best:
                best, legal = score, {play}
            elif score == best:
                legal.add(play)
        return legal

    # -- trick winner --------------------------------------------------------

    def play_value(self, play, lead_shape) -> int | None:
        """The value of a play of one effective suit against a lead's shape, None if it can't match.

        The top slot of the unit standing for the lead's biggest unit (the
        longest; pair over single), maximised over every split ("Trick winner").
        """
        biggest = lead_shape[0]
        values = [
            max(self.top(unit) for unit in split if unit[0] == biggest)
            for split in self.splits(sorted(play), lead_shape)
        ]
        return max(values) if values else None

    def trick_winner(self, plays) -> int:
        led = self.suit[plays[0][0]]
        shape = self.shape(plays[0])
        best, best_key = 0, (led == TRUMP, self.play_value(plays[0], shape))
        for index, play in enumerate(plays[1:], start=1):
            suits = {self.suit[card] for card in play}
            if suits not in ({led}, {TRUMP}):
                continue
            value = self.play_value(play, shape)
            if value is None:
                continue
            key = (suits == {TRUMP}, value)
            if key > best_key:
                best, best_key = index, key
        return best

    # -- throws --------------------------------------------------------------

    def check_throw(self, throw, other_hands) -> tuple[bool, set[tuple[int, ...]]]:
        """(ok, the set of acceptable forced plays) by the throw check (note e).

        A unit fails when another hand holds a same-shape unit of the same suit
        with a strictly higher top. The forced play is the failing unit with the
        lowest top, then the fewest cards; several units can tie on both (two
        off-suit level singles), so every tied one is returned.
        """
        led = self.suit[throw[0]]
        units = self.decompose(throw)
        if len(units) == 1:
            return True, {tuple(sorted(throw))}
        failing = []
        for unit in units:
            for hand in other_hands:
                suited = [card for card in hand if self.suit[card] == led]
                if any(
                    self.top(theirs) > self.top(unit)
                    for theirs in self.units_of_length(suited, unit[0])
                ):
                    failing.append(unit)
                    break
        if not failing:
            return True, {tuple(sorted(throw))}
        key = min((self.top(unit), len(unit[1])) for unit in failing)
        return False, {unit[1] for unit in failing if (self.top(unit), len(unit[1])) == key}


@lru_cache(maxsize=200_000)
def tractor_cover(pair_slots: tuple[int, ...], tractors: tuple[int, ...]) -> int:
    """Tr: the most pairs covered by disjoint runs matched to the lead's tractors.

    ``pair_slots`` has one entry per pair of the play (a slot may repeat: the
    off-suit level cards). Each lead tractor of k takes k pairs at k consecutive
    slots or stays unmatched; every choice is tried.
    """
    if not tractors:
        return 0
    length, rest = tractors[0], tractors[1:]
    best = tractor_cover(pair_slots, rest)
    for start in sorted(set(pair_slots)):
        run = range(start, start + length)
        if all(slot in pair_slots for slot in run):
            left = list(pair_slots)
            for slot in run:
                left.remove(slot)
            best = max(best, length + tractor_cover(tuple(left), rest))
    return best


def sub_multisets(cards, size: int) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of ``size`` cards, each a sorted tuple, once.

    The same set as ``set(combinations(sorted(cards), size))``, without walking
    every combination (a test checks the two agree).
    """
    counts = sorted(Counter(cards).items())
    left = [sum(count for _, count in counts[index:]) for index in range(len(counts) + 1)]

    @cache
    def tails(index: int, need: int) -> list[tuple[int, ...]]:
        """The sub-multisets of ``need`` cards drawn from counts[index:]."""
        if need == 0:
            return [()]
        if left[index] < need:
            return []
        card, count = counts[index]
        return [
            (card,) * take + tail
            for take in range(min(count, need), -1, -1)
            for tail in tails(index + 1, need - take)
        ]

    return tails(0, size)
