"""The rule options of 保皇: one dataclass, seed 003's 保皇竞赛规则 as the default.

Where the rules contradict themselves or are silent, ``baohuang.md`` reads them
(BH-R01…R10) and the decisions table of ``rules/games/README.md`` keeps the other
reading as an option:

* ``joker_only_sets``: jokers may be played without a natural card (a lone 大王,
  小王 + 大王; BH-R02). The rules define a set as N ≥ 1 cards of one rank plus
  jokers, but rank the jokers as cards; off, a joker only ever goes with a rank.
* ``call_excludes_twos``: the calling triple may be neither jokers nor 2s (BH-22/23,
  BH-R03); off, only jokers are excluded (BH-19's shorter wording).
* ``open_alone_doubles``: 明独 doubles the score and every tribute count (BH-24,
  BH-R07).

>>> DEFAULT.joker_only_sets, NO_JOKER_SETS.joker_only_sets, TWOS_CALL.call_excludes_twos
(True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "NO_JOKER_SETS", "TWOS_CALL", "VARIANTS", "Rules", "rules_for"]


@dataclass(frozen=True)
class Rules:
    name: str = "standard"
    joker_only_sets: bool = True
    call_excludes_twos: bool = True
    open_alone_doubles: bool = True

    def __post_init__(self):
        for key in ("joker_only_sets", "call_excludes_twos", "open_alone_doubles"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} is true or false")


DEFAULT = Rules()
NO_JOKER_SETS = Rules("no-joker-sets", joker_only_sets=False)
TWOS_CALL = Rules("twos-call", call_excludes_twos=False)
VARIANTS = {rules.name: rules for rules in (DEFAULT, NO_JOKER_SETS, TWOS_CALL)}


def rules_for(name: str | None) -> Rules:
    """The rules called ``name`` (``None``: the default)."""
    if name is None:
        return DEFAULT
    if not isinstance(name, str) or name not in VARIANTS:
        raise ValueError(f"no such Baohuang rules: {name!r} (known: {', '.join(VARIANTS)})")
    return VARIANTS[name]
