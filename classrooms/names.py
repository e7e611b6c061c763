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


def _syllables(han: str) -> list[tuple[str, str]]:
    """(letters, tone) of each character: 张三 → [("zhang", "1"), ("san", "1")]."""
    found = lazy_pinyin(han, style=Style.TONE3, neutral_tone_with_five=True)
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
        sounds += _syllables(han.group())
        at = han.end()
    sounds += [(word, "") for word in _words(name[at:])]
    return (
        tuple(letters for letters, _tone in sounds),
        tuple(tone for _letters, tone in sounds),
        name.casefold(),
        name,
    )
