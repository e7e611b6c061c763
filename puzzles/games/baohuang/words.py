"""保皇's words: sets, why one beats another or not, seats and roles, both languages.

Every sentence says what the engine decided and why, in the words players use.
"""

from __future__ import annotations

from engines.baohuang import BIG, SMALL, IllegalSet, Set, place_name, set_of, value_name, why_not
from puzzles.kinds import both

__all__ = [
    "beats_words",
    "cap",
    "does",
    "place_words",
    "role_words",
    "seat_words",
    "set_words",
    "valid_words",
]


def value_words(v: int) -> tuple[str, str]:
    """``9`` / ``9``; the jokers by name."""
    if v == BIG:
        return "大王", "big joker"
    if v == SMALL:
        return "小王", "small joker"
    name = value_name(v)
    return name, name


def set_words(s: Set) -> tuple[str, str]:
    """``大王 小王 9 9`` / ``BJ SJ 9 9``: the set from its highest card down."""
    zh = " ".join(value_words(v)[0] for v in s.key)
    return zh, s.text()


FACE_EN = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}  # "three aces", not "three As"


def counted(s: Set) -> tuple[str, str]:
    """``两个小王带三个9`` / ``two small jokers with three 9s``."""
    numbers_zh = "零一两三四五六七八九十"
    # Up to sixteen: four decks hold sixteen cards of a rank.
    numbers_en = (
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
    )

    def zh_n(n: int) -> str:
        if n <= 10:
            return numbers_zh[n]
        return ("十" + "一二三四五六七八九"[n - 11]) if n < 20 else str(n)

    def en_n(n: int) -> str:
        return numbers_en[n] if n < len(numbers_en) else str(n)

    parts_zh, parts_en = [], []
    if s.big:
        parts_zh.append(f"{zh_n(s.big)}个大王")
        parts_en.append(f"{en_n(s.big)} big joker{'s' if s.big > 1 else ''}")
    if s.small:
        parts_zh.append(f"{zh_n(s.small)}个小王")
        parts_en.append(f"{en_n(s.small)} small joker{'s' if s.small > 1 else ''}")
    if s.rank is None:
        return "加".join(parts_zh), " and ".join(parts_en)
    name = value_name(s.rank)
    name_en = FACE_EN.get(name, name)
    natural_zh = f"{zh_n(s.natural)}张{name}"
    natural_en = f"{en_n(s.natural)} {name_en}{'s' if s.natural > 1 else ''}"
    if not parts_zh:
        return natural_zh, natural_en
    return "加".join(parts_zh) + f"带{natural_zh}", " and ".join(parts_en) + f" with {natural_en}"


def valid_words(cards, rules) -> tuple[bool, dict]:
    """Whether ``cards`` make a set, and why."""
    try:
        found = set_of(cards, rules)
    except IllegalSet as error:
        return False, both(f"不是一套牌：{error.reason['zh']}", f"Not a set. {error.reason['en']}")
    zh, en = counted(found)
    if found.rank is None:
        return True, both(
            f"是一套牌：{zh}。这里按大多数人的玩法，大小王可以单独出。",
            f"A set: {en}. As most people play, jokers may go on their own.",
        )
    if found.jokers:
        return True, both(
            f"是一套牌：{zh}。点数相同，挂上大小王也行（挂花），花色不论。",
            f"A set: {en}. One rank, with jokers added (挂花); suits do not matter.",
        )
    return True, both(
        f"是一套牌：{zh}。点数相同就行，花色不论。",
        f"A set: {en}. All of one rank; suits do not matter.",
    )


def beats_words(play: Set, top: Set) -> tuple[bool, dict]:
    """Whether ``play`` beats ``top``, and why: the position-by-position comparison
    (BH-R01), with the rules' own words where they apply (BH-11, BH-12, BH-15)."""
    p_zh, p_en = set_words(play)
    t_zh, t_en = set_words(top)
    reason = why_not(play, top)
    if reason == "size":
        return False, both(
            f"张数不同：桌上是 {top.size} 张，这里是 {play.size} 张。要出一样多的张数。",
            f"Not the same number of cards: the table has {top.size}, this is {play.size}. "
            "A set must match the table's size.",
        )
    if reason is None:
        return True, both(
            f"从大到小排好，逐张比：{p_zh} 对 {t_zh}，每一张都更大，能管上。",
            f"Sorted high to low and compared card by card, {p_en} against {t_en}: every "
            "card is higher, so it beats the table.",
        )
    at = next(i for i, (a, b) in enumerate(zip(play.key, top.key, strict=True)) if a <= b)
    a_zh, a_en = value_words(play.key[at])
    b_zh, b_en = value_words(top.key[at])
    same = play.key[at] == top.key[at]
    compare_zh = f"第 {at + 1} 张是{a_zh}对{b_zh}，{'一样大' if same else '更小'}，管不上。"
    compare_en = (
        f"card {at + 1} is {a_en} against {b_en}: "
        f"{'only equal' if same else 'lower'}, so it does not beat it."
    )
    if top.key[0] == BIG:
        extra = (
            "挂大王的牌最大，谁也管不了。",
            " A set with a big joker is the biggest: nothing beats it.",
        )
    elif top.small and play.key[at] <= SMALL and top.key[at] >= SMALL:
        # Every small joker on the table needs a big joker over it; a rank too, when the
        # table has one (jokers alone have none).
        rank = top.rank is not None
        extra = (
            "挂小王的牌，每个小王都要有一个大王压住" + ("，点数也要更大。" if rank else "。"),
            " A set with small jokers is beaten only by one with big jokers in their places"
            + (", and a higher rank." if rank else "."),
        )
    else:
        extra = ("", "")
    return False, both(
        f"从大到小排好，逐张比：{p_zh} 对 {t_zh}，{compare_zh}{extra[0]}",
        f"Sorted high to low, {p_en} against {t_en}: {compare_en}{extra[1]}",
    )


SEAT_WORDS = (
    ("你", "you"),
    ("下家", "the player on your right (下家)"),
    ("对面右边那家", "the player across on the right"),
    ("对面左边那家", "the player across on the left"),
    ("上家", "the player on your left (上家)"),
)


def seat_words(seat: int) -> tuple[str, str]:
    """Seat names counted from the learner (seat 0), play running 0 → 1 → … → 4."""
    return SEAT_WORDS[seat % 5]


def cap(text: str) -> str:
    """A seat's English name at the start of a sentence."""
    return text[:1].upper() + text[1:]


def does(seat: int, verb: str) -> str:
    """``you pass`` / ``the player on your right (下家) passes``."""
    name = seat_words(seat)[1]
    return (
        f"{name} {verb}"
        if seat == 0
        else f"{name} {verb}es"
        if verb.endswith("ss")
        else f"{name} {verb}s"
    )


ROLE_WORDS = {
    "emperor": ("皇帝", "the emperor"),
    "royalist": ("保皇派", "the royalist"),
    "rebel": ("革命党", "a rebel"),
}


def role_words(role: str) -> tuple[str, str]:
    return ROLE_WORDS[role]


def place_words(place: int) -> tuple[str, str]:
    """``头科`` / ``1st (头科)``."""
    return place_name(place), f"{place_name(place, 1)} ({place_name(place)})"
