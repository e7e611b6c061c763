"""The slow, obvious references the 保皇 tests and the bench hold the engine against,
each written from seed 003's words and ``baohuang.md`` without the engine's code:
this module imports only ``engines.cards``, so a misreading the engine and a
reference share is the only way a bug can hide.

A card stands for its value in the order of BH-09 (大花 > 小花 > 2 > A > … > 3):
3 … 14 for 3 … A, 15 for a 2, 16 for 小王, 17 for 大王; a set is the tuple of its
cards' values, highest first.

* ``is_set``: BH-07/08 (N ≥ 1 cards of one rank plus any jokers), BH-R02 (jokers
  alone, an option).
* ``beats_by_pairing``: the play beats the table when its cards can be paired one to
  one with the table's so that each of its cards is higher than the card it meets
  ("在花和牌点两个方面都大过此牌"): every pairing is tried. The engine compares the
  two sets sorted, position by position (BH-R01); that this is the same thing is
  what the tests check.
* ``beats_by_words``: the seed's own cases (the spec's formulation (b)): a set with a
  大王 is never beaten (BH-11); one with 小王 only by big jokers, at least one for
  each of its small ones, and a higher rank (BH-12); a plain set by a higher rank,
  jokers in the play only helping (BH-10).
* ``legal_by_subsets``: every sub-multiset of a hand that is a set and beats the top.
* ``side_totals``: BH-31's points, added up by side.
* ``minimax_values``: an open ending played out to the end by brute force (every
  move, no table), the turns as BH-06/25/29 and R05 give them.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engines.cards import CARDS

SMALL, BIG, TWO = 16, 17, 15
POINTS = (4, 2, 0, -2, -4)  # 头科, 二科, 第三, 二落, 大落 (BH-31)
SEATS = 5


def value_of(card) -> int:
    """BH-09: 大王 17, 小王 16, 2 15, A 14 … 3 3."""
    card = CARDS[card]
    if card.is_joker:
        return BIG if card.rank == 16 else SMALL
    return TWO if card.rank == 2 else card.rank


def values(cards) -> tuple[int, ...]:
    return tuple(sorted((value_of(c) for c in cards), reverse=True))


# ---------------------------------------------------------------------------
# Sets and what beats what


def is_set(vals, joker_only: bool = True) -> bool:
    """BH-07: N cards of one rank (N ≥ 1) + X 小王 + Y 大王; BH-R02: N = 0 allowed."""
    if not vals:
        return False
    ranks = {v for v in vals if v < SMALL}
    if len(ranks) > 1:
        return False
    return bool(ranks) or joker_only


def beats_by_pairing(play, top) -> bool:
    """Same number of cards (BH-15), and some pairing of the play's cards with the
    table's puts a higher card against every card (BH-12's "both ways bigger")."""
    if len(play) != len(top):
        return False

    def pair(mine: tuple, theirs: tuple) -> bool:
        if not mine:
            return True
        first, rest = mine[0], mine[1:]
        for v in set(theirs):  # identical values are interchangeable
            if first > v:
                at = theirs.index(v)
                if pair(rest, theirs[:at] + theirs[at + 1 :]):
                    return True
        return False

    return pair(tuple(play), tuple(top))


def beats_by_words(play, top) -> bool:
    """The seed's cases, one by one."""
    if len(play) != len(top):  # BH-15: 张数相同
        return False
    p, t = Counter(play), Counter(top)
    p_rank = [v for v in p if v < SMALL]
    t_rank = [v for v in t if v < SMALL]
    if t[BIG]:  # BH-11: 挂大花的牌是最大的
        return False
    if t[SMALL] and p[BIG] < t[SMALL]:
        # BH-12: 挂小花的牌必须用挂大花的牌来管, bigger in jokers (and in rank, below)
        return False
    # BH-10, BH-14: the rank must be higher; a side with no natural cards has no rank
    # to compare (jokers are above every rank).
    if p_rank and t_rank:
        return p_rank[0] > t_rank[0]
    if t_rank:  # the play is jokers alone: each is above any rank
        return True
    # The table is jokers alone (小王 only, by now): the play's big jokers cover them
    # all, and it has nothing else.
    return p[BIG] == len(play)


# ---------------------------------------------------------------------------
# Legal sets


def legal_by_subsets(hand, top, joker_only: bool = True) -> set[tuple[int, ...]]:
    """Every distinct set (as its values) among the sub-multisets of ``hand`` that
    goes on ``top`` (``None``: a lead)."""
    hand_values = [value_of(c) for c in hand]
    found = set()
    for size in range(1, len(hand_values) + 1):
        if top is not None and size != len(top):
            continue
        for picked in combinations(hand_values, size):
            vals = tuple(sorted(picked, reverse=True))
            if vals in found or not is_set(vals, joker_only):
                continue
            if top is None or beats_by_pairing(vals, top):
                found.add(vals)
    return found


# ---------------------------------------------------------------------------
# Scores


def side_totals(places, emperor: int, royalist: int | None, multiplier: int = 1):
    """BH-31: the emperor's side's points and the rebels', by place."""
    ours = sum(POINTS[i] * multiplier for i, s in enumerate(places) if s in (emperor, royalist))
    theirs = sum(
        POINTS[i] * multiplier for i, s in enumerate(places) if s not in (emperor, royalist)
    )
    return ours, theirs


# ---------------------------------------------------------------------------
# Open endings by brute force


def _moves(hand: tuple, top):
    """Every distinct set of ``hand`` (values) that goes on ``top``, and what is left."""
    found = {}
    for size in range(1, len(hand) + 1):
        if top is not None and size != len(top):
            continue
        for picked in combinations(range(len(hand)), size):
            vals = tuple(sorted((hand[i] for i in picked), reverse=True))
            if vals in found or not is_set(vals):
                continue
            if top is None or beats_by_pairing(vals, top):
                rest = [hand[i] for i in range(len(hand)) if i not in picked]
                found[vals] = tuple(rest)
    return found


def minimax_values(hands, emperor, royalist, to_play, table, owner, out, goal):
    """Each first move of ``to_play`` (a set's values, or ``"pass"``) and whether its
    side reaches ``goal`` against best play: ``"first"`` (头科 for the side) or
    ``"win"`` (the side's BH-31 total above the other's).

    The rules played: the seat to play plays a set that beats the top, or passes
    (BH-14/15, BH-27; a leader must play); passing does not stop a player from
    playing later in the same round (一轮 lasts until everyone passes, BH-06). A
    round ends when every other player still holding cards has passed since the top
    set; its owner leads the next (BH-25), or, if the owner went out with it, the
    next player still in after the owner (接风, BH-29, R05). The hand ends when one
    player is left (BH-30); that player is last. No table, no pruning but the
    obvious any/all of a boolean minimax.
    """
    side = {s: s in (emperor, royalist) for s in range(SEATS)}
    ours = side[to_play]

    def result(order) -> bool:
        if goal == "first":
            return side[order[0]] == ours
        total = sum(POINTS[i] for i, s in enumerate(order) if side[s] == ours)
        return total > 0

    def still_in(hands_):
        return [s for s in range(SEATS) if hands_[s]]

    def after_seat(seat, hands_):
        for step in range(1, SEATS + 1):
            s = (seat + step) % SEATS
            if hands_[s]:
                return s
        return None

    def value(hands_, seat, top, owner_, passes, order) -> bool:
        if goal == "first" and order:
            return result(order)  # the first out is known; the rest cannot change it
        left = still_in(hands_)
        if len(left) <= 1:
            return result(order + tuple(left))
        mover_ours = side[seat] == ours
        for _move, child in successors(hands_, seat, top, owner_, passes, order):
            if value(*child) == mover_ours:
                return mover_ours
        return not mover_ours

    def successors(hands_, seat, top, owner_, passes, order):
        for vals, rest in _moves(hands_[seat], top).items():
            new_hands = hands_[:seat] + (rest,) + hands_[seat + 1 :]
            new_order = order + ((seat,) if not rest else ())
            yield vals, turn_after(new_hands, seat, vals, seat, 0, new_order)
        if top is not None:
            yield "pass", turn_after(hands_, seat, top, owner_, passes + 1, order)

    def turn_after(hands_, seat, top, owner_, passes, order):
        """The position once ``seat`` has played or passed."""
        left = still_in(hands_)
        others = [s for s in left if s != owner_]
        if len(left) > 1 and passes >= len(others):  # everyone else passed: round over
            leader = owner_ if hands_[owner_] else after_seat(owner_, hands_)
            return hands_, leader, None, None, 0, order
        return hands_, after_seat(seat, hands_), top, owner_, passes, order

    hands = tuple(tuple(sorted(h, reverse=True)) for h in hands)
    order = tuple(out)
    if table is None:
        root = (hands, to_play, None, None, 0, order)
    else:
        # The seats still in between the owner and the seat to play have passed.
        passes, s = 0, (owner + 1) % SEATS
        while s != to_play:
            passes += bool(hands[s])
            s = (s + 1) % SEATS
        root = (hands, to_play, tuple(table), owner, passes, order)
    return {move: value(*child) for move, child in successors(*root)}
