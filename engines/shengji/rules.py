"""The rule options of 升级: one dataclass, the competition rules as the default.

Seed 003 (the 升级 competition rules) stops in its clause 9; what it lost — the
kitty multiplier, the throw penalty, the level table, the next dealer — is read
from the common rule set, each reading a field here (``shengji.md`` note (a)–(j)):

* ``ace_links_level``: the trump A pair and a side level pair make a tractor.
* ``jokers_need_declaration``: a joker pair may turn a declaration to no-trump, but
  not declare first (the seed's clause 5 "不能直接亮无主"); off by default, since
  clause 6 ends "如果开始即直接用王反成无主牌，那么该局打无主".
* ``kitty_joker``: when nobody declares and the kitty is turned up, a joker is
  skipped (``"skip"``) or makes the hand no-trump (``"no-trump"``).
* ``throw_penalty``: points per card a failed throw takes back (0: none);
  ``throw_check``: whose hands a throw is checked against (``"others"`` or
  ``"opponents"``).
* ``kitty_multiplier``: ``"unit"`` (×2 for a single, ×4 for a pair, ×2^(k+1) for a
  tractor of k pairs, by the last trick's lead) or ``"double"`` (always ×2).
* ``final_level``: the level a team must get through to win the match: 10 in the
  qualifying rounds (clause 2), A in the final (clause 3 "冠亚军决赛先通过A").

>>> DEFAULT.final_level, FINAL.final_level
(10, 14)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["DEFAULT", "FINAL", "VARIANTS", "Rules", "rules_for"]


@dataclass(frozen=True)
class Rules:
    name: str
    title_zh: str
    title_en: str
    ace_links_level: bool = True
    jokers_need_declaration: bool = False
    kitty_joker: str = "skip"
    throw_penalty: int = 10
    throw_check: str = "others"
    kitty_multiplier: str = "unit"
    final_level: int = 10

    def __post_init__(self):
        if self.kitty_joker not in ("skip", "no-trump"):
            raise ValueError(f"kitty_joker is 'skip' or 'no-trump', not {self.kitty_joker!r}")
        if self.throw_check not in ("others", "opponents"):
            raise ValueError(f"throw_check is 'others' or 'opponents', not {self.throw_check!r}")
        if self.kitty_multiplier not in ("unit", "double"):
            raise ValueError(
                f"kitty_multiplier is 'unit' or 'double', not {self.kitty_multiplier!r}"
            )
        if self.final_level not in range(3, 15):
            raise ValueError(f"final_level is 3 to 14 (A), not {self.final_level!r}")
        if isinstance(self.throw_penalty, bool) or not 0 <= self.throw_penalty <= 100:
            raise ValueError(f"throw_penalty is 0 to 100 points a card, not {self.throw_penalty!r}")


DEFAULT = Rules("competition", "竞赛规则", "competition rules")
FINAL = replace(
    DEFAULT, name="final", title_zh="竞赛规则（决赛）", title_en="competition final", final_level=14
)
VARIANTS = {rules.name: rules for rules in (DEFAULT, FINAL)}


def rules_for(name: str) -> Rules:
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"no such rule set: {name!r} (one of {', '.join(VARIANTS)})") from None
