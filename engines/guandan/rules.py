"""The rule options of 掼蛋: one dataclass, seed 004's rules as the default.

Seed 004 (职工棋牌比赛规则, "扑克牌掼蛋比赛规则") is the default; where it is silent the
2022 competition rules (《竞技掼蛋竞赛规则(试行)》) fill in, and where the two differ
the competition reading is a named option (``guandan.md`` GD-R01…GD-R14):

* ``full_house_joker_pair``: a pair of small or big jokers may be a full house's
  pair (999 + SJ SJ).
* ``allow_under_declare_sf``: five suited consecutive cards may also be played as
  a plain straight (off: they are a straight flush and nothing else).
* ``double_return``: the card a winner returns after a 双下: ``"any"`` (the seed's
  "还一张任意牌") or ``"le10"`` (the competition rules: 10 or lower, as after a
  single loss).
* ``a_attempts``: how many failed hands at A send a team back to 2 (0: never).
* ``announce_at``: a player says how many cards they hold at this many or fewer.

>>> DEFAULT.double_return, COMPETITION.double_return
('any', 'le10')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COMPETITION", "DEFAULT", "VARIANTS", "Rules", "rules_for"]


@dataclass(frozen=True)
class Rules:
    name: str
    title_zh: str
    title_en: str
    full_house_joker_pair: bool = True
    allow_under_declare_sf: bool = False
    double_return: str = "any"
    a_attempts: int = 0
    announce_at: int = 6

    def __post_init__(self):
        if self.double_return not in ("any", "le10"):
            raise ValueError(f"double_return is 'any' or 'le10', not {self.double_return!r}")
        if isinstance(self.a_attempts, bool) or not 0 <= self.a_attempts <= 10:
            raise ValueError(f"a_attempts is 0 (never) to 10, not {self.a_attempts!r}")
        if isinstance(self.announce_at, bool) or not 0 <= self.announce_at <= 27:
            raise ValueError(f"announce_at is 0 to 27 cards, not {self.announce_at!r}")


DEFAULT = Rules("standard", "职工比赛规则", "tournament rules")
COMPETITION = Rules(
    "competition-2022", "2022 竞技规则", "2022 competition rules", double_return="le10"
)
VARIANTS = {rules.name: rules for rules in (DEFAULT, COMPETITION)}


def rules_for(name: str | None) -> Rules:
    """The rules called ``name`` (``None``: the default)."""
    if name is None:
        return DEFAULT
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(
            f"no such Guandan rules: {name!r} (known: {', '.join(VARIANTS)})"
        ) from None
