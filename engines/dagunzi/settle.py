"""Settling a hand: points, 抠底, who goes up, 喝血 (blood, tribute) and the online score.

The attackers' score S is the points of the tricks they won, plus twice the kitty's
points when they win the last trick (抠底; twice whatever the size of that play).

* S ≥ 120 with 抠底: the attackers take over (上台) and go up 1 level, plus 2 for each
  big joker and 1 for each small joker buried in the kitty.
* S ≥ 120 without 抠底: they take over without going up.
* S < 120 and the dealer side keeps the kitty (保底): the dealer side goes up the same way.
* S < 120 with 抠底: the hand is played again by the same dealer, no tribute.

Blood (paid at the next hand by the losing side): 2 per buried big joker and 1 per
small when S ≥ 120 (底王见血, 抠底 or not); one per 10 points above 150 or below 80.
干锅: the kitty's jokers add no levels and no blood.

>>> from engines.dagunzi.rules import LIANZHONG
>>> o = settle(LIANZHONG, trick_points=140, dug=True, kitty=parse_cards("BJ SJ ♠3 ♠4 ♥4 ♦6"),
...            levels=(7, 9), dealer_side=0)
>>> o.score, o.result, o.winner, o.levels, o.blood
(140, 'take-over', 1, (7, 10), 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engines.cards import BIG_JOKER, SMALL_JOKER, parse_cards
from engines.dagunzi import TOTAL_POINTS, points
from engines.dagunzi.rules import Rules

__all__ = ["Outcome", "level_after", "parse_cards", "score_blood", "settle"]

THRESHOLD = 120
TAKE_OVER, HOLD, REPLAY = "take-over", "hold", "replay"


@dataclass(frozen=True)
class Outcome:
    """What a hand's end means. Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3)."""

    score: int  # the attackers' points, kitty doubling included
    dug: bool  # 抠底
    kitty_points: int
    big_jokers: int  # buried in the kitty and counting (0 in 干锅)
    small_jokers: int
    result: str  # take-over, hold or replay
    winner: int | None  # the side that won the hand (None on a replay)
    gained: int  # levels the winner went up (after the 逢3/逢10 stops)
    levels: tuple[int, int]  # both sides' levels after the hand
    blood: int  # cards of tribute the loser pays at the next hand
    round_over: bool
    round_winner: int | None
    reason: str  # why the round ended, or ""
    online: tuple[int, int] = field(default=(0, 0))  # seed 001's score per player, by side

    def summary(self) -> dict:
        zh = {TAKE_OVER: "抓分方上台", HOLD: "庄家方保庄", REPLAY: "重打"}[self.result]
        en = {
            TAKE_OVER: "the attackers take over",
            HOLD: "the dealer side holds",
            REPLAY: "the hand is replayed",
        }[self.result]
        return {"zh": f"{self.score} 分，{zh}", "en": f"{self.score} points: {en}"}


def score_blood(rules: Rules, score: int) -> int:
    """Blood from the score alone: per 10 points over 150 or under 80.

    >>> from engines.dagunzi.rules import LIANZHONG
    >>> [score_blood(LIANZHONG, s) for s in (150, 155, 160, 200, 80, 75, 70, 0)]
    [0, 0, 1, 5, 0, 0, 1, 8]
    """
    if score > 150:
        over = score - 150
    elif score < 80:
        over = 80 - score
    else:
        return 0
    return -(-over // 10) if rules.blood_rounding == "up" else over // 10


def level_after(rules: Rules, level: int, gain: int, dealt_at_level: bool) -> int:
    """A side's new level; it stops at a mandatory level (逢3、逢10必打) it has not won.

    A side passes a mandatory level only by winning a hand as dealer at that level;
    a result above 10 means the side has passed 10 (打过10) and the round is over.

    >>> from engines.dagunzi.rules import LIANZHONG, DALIAN_DAILY
    >>> level_after(LIANZHONG, 8, 4, dealt_at_level=True), level_after(LIANZHONG, 10, 2, True)
    (10, 12)
    >>> level_after(LIANZHONG, 3, 1, dealt_at_level=False), level_after(DALIAN_DAILY, 3, 1, False)
    (3, 4)
    """
    target = level + gain
    for stop in sorted(rules.mandatory_levels):
        if (level < stop or (level == stop and not dealt_at_level)) and target > stop:
            return stop
    return target


def settle(
    rules: Rules,
    *,
    trick_points: int,
    dug: bool,
    kitty: Sequence[int],
    levels: tuple[int, int],
    dealer_side: int,
    ganguo: bool = False,
) -> Outcome:
    """The outcome of a hand from the attackers' trick points and who won the last trick."""
    attackers = 1 - dealer_side
    kitty_points = points(kitty)
    score = trick_points + (2 * kitty_points if dug else 0)
    big = 0 if ganguo else sum(1 for c in kitty if c == BIG_JOKER)
    small = 0 if ganguo else sum(1 for c in kitty if c == SMALL_JOKER)
    bonus = 2 * big + small
    new_levels = list(levels)
    online = [0, 0]
    if score >= THRESHOLD:
        result, winner = TAKE_OVER, attackers
        gain = 1 + bonus if dug else 0
        blood = bonus + score_blood(rules, score)
    elif dug:
        result, winner, gain, blood = REPLAY, None, 0, 0
    else:
        result, winner = HOLD, dealer_side
        gain = 1 + bonus
        blood = score_blood(rules, score)
    gained = 0
    if winner is not None:
        dealt = winner == dealer_side
        new = level_after(rules, levels[winner], gain, dealt)
        gained = new - levels[winner]
        new_levels[winner] = min(new, 10)  # above 10 = passed 10 (打过10)
        per_player = 3 * gained + (1 if result == TAKE_OVER else 0)
        online[winner], online[1 - winner] = per_player, -per_player
    round_over, round_winner, reason = False, None, ""
    if trick_points == 0 and score == 0:
        round_over, round_winner, reason = True, dealer_side, "zero"
    elif score >= TOTAL_POINTS:
        round_over, round_winner, reason = True, attackers, "all-points"
    elif big >= 3 and dug and score >= THRESHOLD:
        round_over, round_winner, reason = True, attackers, "three-big-jokers"
    elif winner is not None and levels[winner] + gained > 10:
        round_over, round_winner, reason = True, winner, "passed-ten"
    if reason in ("zero", "all-points", "three-big-jokers"):
        online[round_winner], online[1 - round_winner] = 50, -50
        blood = 0
        if result == REPLAY:
            result, winner = (HOLD, dealer_side) if reason == "zero" else (TAKE_OVER, attackers)
    if round_over:
        blood = 0
    return Outcome(
        score=score,
        dug=dug,
        kitty_points=kitty_points,
        big_jokers=big,
        small_jokers=small,
        result=result,
        winner=winner,
        gained=gained,
        levels=tuple(new_levels),
        blood=blood,
        round_over=round_over,
        round_winner=round_winner,
        reason=reason,
        online=tuple(online),
    )
