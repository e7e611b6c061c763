"""The games Qipai School teaches, in the order the home page shows them: the
one registry every central page, form and command reads.

A game is taught once it has a package of its own, ``puzzles.games.<slug>``,
the only web code that knows its rules: ``kinds`` (its puzzle kinds and lesson
pictures, which register themselves when imported), and, where the game has
them, ``editor`` (teacher authoring) and ``generate`` (puzzle generators). Its
content lives in ``content/<slug>/``, its engine in ``engines/``. Every seed
game has its entry here already; teaching one is adding that package, nothing
else names a game.

A game not yet taught keeps its place in the catalogue ("coming soon"); its names
are shown side by side in both languages on purpose.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Game:
    slug: str
    name_zh: str
    name_en: str
    blurb: str

    def __str__(self):
        return f"{self.name_zh} {self.name_en}"

    @property
    def package(self) -> str:
        return f"{__name__}.{self.slug}"

    @cached_property
    def taught(self) -> bool:
        """Whether the game has its package (``puzzles.games.<slug>``)."""
        return importlib.util.find_spec(self.package) is not None

    def part(self, name: str) -> ModuleType | None:
        """The game package's module ``name`` (``kinds``, ``editor``,
        ``generate``...), or None when the game has none."""
        if not self.taught:
            return None
        module = f"{self.package}.{name}"
        try:
            return importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:
                raise
            return None


GAMES = (
    Game("go", "围棋", "Go", _("Surround territory and capture stones, under Chinese rules.")),
    Game("renju", "五子棋", "Renju", _("Five in a row, with black's forbidden moves.")),
    Game("dagunzi", "打滚子", "Dagunzi", _("Dalian's four-player game with three decks.")),
    Game("xiangqi", "象棋", "Xiangqi", _("Chinese chess: checkmate the general.")),
    Game("shengji", "升级", "Shengji", _("Tractor: climb the levels with your partner.")),
    Game("guandan", "掼蛋", "Guandan", _("Partners race out with bombs and wild cards.")),
    Game("junqi", "四国军棋", "Junqi", _("Four-nation army chess on railways.")),
    Game("tiaoqi", "跳棋", "Chinese checkers", _("Hop across the star in long chains.")),
    Game("baohuang", "保皇", "Baohuang", _("Five players, four decks: protect the emperor.")),
)

GAMES_BY_SLUG = {game.slug: game for game in GAMES}
GAME_CHOICES = [(game.slug, f"{game.name_zh} {game.name_en}") for game in GAMES]


def get_game(slug: str) -> Game | None:
    return GAMES_BY_SLUG.get(slug)


def taught_games() -> list[Game]:
    return [game for game in GAMES if game.taught]


def load_kinds() -> None:
    """Import every taught game's kinds (they register themselves)."""
    for game in taught_games():
        if game.part("kinds") is None:
            raise ImportError(f"{game.package} has no kinds module")
