"""Students' names in the order a Chinese teacher's class list has them.

Chinese names go by their pinyin, syllable by syllable (阿明 ā míng before
Anna), and Latin names by their letters among them, not all Latin names before
all Chinese ones (as comparing code points would put them). Same spelling: by
tone (李 lǐ before 利 lì), then by the characters themselves, so the order is
total and stable.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from pypinyin import Style, lazy_pinyin

# Han characters (the unified ideographs and their extensions A and compatibility forms).
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Runs of letters and digits outside Han, read as one word each.
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    """Latin (or other) letters without accents, case folded: "Zoë" → "zoe"."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return [word.casefold() for word in _WORD.findall(plain)]


# Surnames read otherwise than the character's everyday reading (曾 zēng, not céng),
# the well-established ones: a name's first character is its surname.
SURNAMES = {
    "曾": "zeng1", "单": "shan4", "解": "xie4", "仇": "qiu2", "朴": "piao2", "查": "zha1",
    "翟": "zhai2", "区": "ou1", "乐": "yue4", "盖": "ge3", "缪": "miao4", "覃": "qin2",
    "召": "shao4", "秘": "bi4", "种": "chong2", "员": "yun4", "隗": "wei3", "繁": "po2",
    "句": "gou1", "折": "she2", "华": "hua4", "任": "ren2", "纪": "ji3", "过": "guo1",
    "宁": "ning4", "燕": "yan1",
}  # fmt: skip


def _syllables(han: str, *, surname: bool = False) -> list[tuple[str, str]]:
    """(letters, tone) of each character: 张三 → [("zhang", "1"), ("san", "1")];
    with ``surname``, the first character read as a surname (曾 zeng)."""
    found = lazy_pinyin(han, style=Style.TONE3, neutral_tone_with_five=True)
    if surname and han[0] in SURNAMES:
        found[0] = SURNAMES[han[0]]
    return [
        (syllable.rstrip("12345"), syllable.lstrip("abcdefghijklmnopqrstuvwxyzü"))
        for syllable in found
    ]


@lru_cache(maxsize=4096)
def name_key(name: str) -> tuple:
    """The sort key of a display name: ``sorted(names, key=name_key)``.

    >>> sorted(["张三", "李四", "Anna", "王五", "Bob", "阿明"], key=name_key)
    ['阿明', 'Anna', 'Bob', '李四', '王五', '张三']
    """
    name = name.strip()
    sounds: list[tuple[str, str]] = []
    at = 0
    for han in _HAN.finditer(name):
        sounds += [(word, "") for word in _words(name[at : han.start()])]
        sounds += _syllables(han.group(), surname=han.start() == 0)
        at = han.end()
    sounds += [(word, "") for word in _words(name[at:])]
    return (
        tuple(letters for letters, _tone in sounds),
        tuple(tone for _letters, tone in sounds),
        name.casefold(),
        name,
    )
