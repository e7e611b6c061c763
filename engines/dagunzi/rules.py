"""The rule sets of 打滚子: one dataclass, named variants in ``VARIANTS``.

Seeds 000 (the 大连 newspaper rules and the 温莎小镇法 competition code) and 001 (the
联众 online rule book) agree on most of the game; where they differ, each reading
is a field here and each seed a named variant: ``lianzhong`` (001), ``dalian``
(000's rules), ``windsor`` (000's 温莎小镇法 competition code) and ``dalian-daily``
(000's 大连日报 variant). Code reads the fields (``rules.joker_buriers``,
``rules.ganguo``...), never a variant's name.

Where neither seed speaks, the engine reads the rules as follows (each is tested):

* 逢3、逢10必打: a side passes a mandatory level only by winning a hand as dealer at
  it; attackers who take over at or below it stop there ("打来打去没出3").
* A trick is won only by a play of the lead's shape (a 棒 by a 棒, a 滚子 by a
  滚子), in the led suit or in trumps; the trick's winner leads next.
* The first-hand kitty flip compares plain ranks (2 lowest, A highest) and flips
  again on a joker; the trump suit of a grab made with the last card drawn is that
  of the kitty's first suited card.
* Three small jokers override three level cards; three big jokers are final.
* "Smallest" kitty cards to take back: side before trump, then rank with 2 lowest.
* The next dealer: the dealer's partner when the dealer side holds, the old
  dealer's 下家 when the attackers take over, the same dealer on a replay.
* Blood owed when a round ends (past 10, 0 or 300 points, three big jokers) is not
  carried into the next round, which starts with a new grab.
* The 温莎 partner's jokers, buried before the dealer sees the kitty, stay in it; the
  dealer exchanges the rest.
* 大连日报 "把把都扣令": the dealer must bury a joker when holding one; in 干锅 he
  swaps it for the smallest kitty card, as the others do, and it counts.

>>> VARIANTS["lianzhong"].flip_wins, VARIANTS["dalian"].flip_wins
('lowest', 'highest')
>>> VARIANTS["lianzhong"].with_follow("live").follow
'live'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

DEAD, LIVE = "dead", "live"  # 死棒, 活棒


@dataclass(frozen=True)
class Rules:
    name: str
    # Shown to teachers and learners: the rules' names as players know them.
    title_zh: str
    title_en: str
    # 死棒 (a led 棒 or 滚子 must be matched in shape when you can) or 活棒 (suit only).
    follow: str = DEAD
    # First hand, nobody grabs the big joker: each seat flips a kitty card and the
    # highest (seed 000) or the lowest (seed 001) card deals.
    flip_wins: str = "lowest"
    # Three identical level cards override a single one (001: "3个相同的反2个或1个的");
    # seed 000 says only "两张反一张，三张反两张".
    three_over_one: bool = True
    # The declarer may add to their own declaration (001: "自己可以加固自己的亮牌").
    reinforce: bool = True
    # Who may bury jokers after the dealer: "others" (001: 其他用户) or "partner" (000: 其对家).
    joker_buriers: str = "others"
    # 001 rule 8: a dealer's bury of only points, or points and jokers, also bars the others
    # (both seeds bar them after an all-points bury).
    bar_after_points_and_jokers: bool = True
    # 干锅: "plain" = the shown kitty is all trumps or has no trump (001's first wording);
    # "permanent-either" = 常主 (2s and jokers) count on either side (000, "（含常主）").
    ganguo: str = "plain"
    # Levels a side may not pass without dealing them (逢3、逢10必打).
    mandatory_levels: frozenset = frozenset({3, 10})
    # 大连日报: the dealer must bury a joker (扣令) every hand he holds one, 干锅 included.
    always_bury: bool = False
    # Seed 000: kitty cards taken back after burying jokers may not make a 滚子.
    picked_no_gunzi: bool = False
    # 温莎小镇法: the partner buries jokers before the dealer sees the kitty; a misplayed
    # card taken back becomes dead (it cannot join a 棒 or 滚子).
    partner_buries_first: bool = False
    dead_cards: bool = False
    # Score blood above 150 / below 80: one per full 10 points ("down") or per started 10.
    blood_rounding: str = "down"
    # Who draws the first card of a round: "lots" (000: 3-6 drawn, the 6 first) or "random".
    first_deal: str = "random"

    def with_follow(self, follow: str) -> Rules:
        if follow not in (DEAD, LIVE):
            raise ValueError(f"follow must be {DEAD!r} (死棒) or {LIVE!r} (活棒), not {follow!r}")
        return replace(self, follow=follow)


LIANZHONG = Rules(
    name="lianzhong",
    title_zh="联众规则",
    title_en="Lianzhong rules",
)
DALIAN = Rules(
    name="dalian",
    title_zh="大连规则",
    title_en="Dalian rules",
    flip_wins="highest",
    three_over_one=False,
    reinforce=False,
    joker_buriers="partner",
    bar_after_points_and_jokers=False,
    first_deal="lots",
    ganguo="permanent-either",
    picked_no_gunzi=True,
)
WINDSOR = replace(
    DALIAN,
    name="windsor",
    title_zh="温莎小镇法（大连的比赛规则）",
    title_en="Windsor Town code (Dalian competition rules)",
    partner_buries_first=True,
    dead_cards=True,
)
DALIAN_DAILY = replace(
    DALIAN,
    name="dalian-daily",
    title_zh="大连日报打法：逢3不必打，把把都扣令",
    title_en="Dalian Daily: 3 is not mandatory, a joker is buried every hand",
    mandatory_levels=frozenset({10}),
    always_bury=True,
)

VARIANTS: dict[str, Rules] = {r.name: r for r in (LIANZHONG, DALIAN, WINDSOR, DALIAN_DAILY)}
DEFAULT = LIANZHONG


def rules_for(name: str, follow: str | None = None) -> Rules:
    """The named variant, optionally with 死棒/活棒 chosen."""
    try:
        rules = VARIANTS[name]
    except KeyError:
        raise ValueError(f"no rule set {name!r}; known: {', '.join(VARIANTS)}") from None
    return rules.with_follow(follow) if follow else rules
