"""The games Qipai School teaches, in the order the home page shows them.

Each game keeps its place until it is taught, puzzled and engine-checked;
its names are shown side by side in both languages on purpose.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Game:
    slug: str
    name_zh: str
    name_en: str
    blurb: str

    def __str__(self):
        return f"{self.name_zh} {self.name_en}"


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
