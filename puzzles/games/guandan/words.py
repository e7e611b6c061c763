"""掼蛋's words: what a play is and why it does or does not beat another, both languages.

Every sentence says what the engine decided and why, in the words players use.
"""

from __future__ import annotations

from engines.cards import RANK_NAMES
from engines.guandan import (
    BOMB,
    FOUR_JOKERS,
    FULL_HOUSE,
    PAIR,
    PLATE,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    TUBE,
    Reading,
    level_name,
)
from puzzles.kinds import both

__all__ = ["beats_words", "kind_words", "rank_words", "reading_words"]

KIND_WORDS = {
    SINGLE: ("单张", "single"),
    PAIR: ("对子", "pair"),
    TRIPLE: ("三张", "triple"),
    FULL_HOUSE: ("三带二", "full house"),
    STRAIGHT: ("顺子", "straight"),
    TUBE: ("三连对", "tube"),
    PLATE: ("钢板", "plate"),
    BOMB: ("炸弹", "bomb"),
    STRAIGHT_FLUSH: ("同花顺", "straight flush"),
    FOUR_JOKERS: ("四王", "four jokers"),
}


def kind_words(kind: str) -> tuple[str, str]:
    return KIND_WORDS[kind]


def rank_words(rank: int) -> tuple[str, str]:
    """``A`` / ``A``; the jokers by name."""
    if rank == 15:
        return "小王", "small joker"
    if rank == 16:
        return "大王", "big joker"
    name = RANK_NAMES[14 if rank == 1 else rank]
    return name, name


_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}


def plural(rank: int) -> str:
    """``10s``, ``aces``, ``small jokers``."""
    en = rank_words(rank)[1]
    if rank >= 15:
        return en + "s"
    return _PLURAL.get(en, en + "s")


def _run(reading: Reading) -> list[str]:
    length = {STRAIGHT: 5, STRAIGHT_FLUSH: 5, TUBE: 3, PLATE: 2}[reading.kind]
    return [rank_words(r)[0] for r in range(reading.rank - length + 1, reading.rank + 1)]


def reading_words(reading: Reading) -> tuple[str, str]:
    """``顺子 3-4-5-6-7`` / ``straight 3-4-5-6-7``, ``一对 10`` / ``pair of 10s``."""
    kind = reading.kind
    zh_kind, en_kind = KIND_WORDS[kind]
    zh_rank, en_rank = rank_words(reading.rank)
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        run = "-".join(_run(reading))
        return f"{zh_kind} {run}", f"{en_kind} {run}"
    if kind == TUBE:
        run = "".join(r * 2 for r in _run(reading))
        return f"{zh_kind} {run}", f"{en_kind} {run}"
    if kind == PLATE:
        run = "".join(r * 3 for r in _run(reading))
        return f"{zh_kind} {run}", f"{en_kind} {run}"
    en_many = plural(reading.rank)
    if kind == BOMB:
        return f"{reading.size} 张 {zh_rank} 的炸弹", f"bomb of {reading.size} {en_many}"
    if kind == FOUR_JOKERS:
        return "四王（天王炸）", "four jokers"
    if kind == SINGLE:
        return f"单张 {zh_rank}", f"single {en_rank}"
    if kind == PAIR:
        return f"一对 {zh_rank}", f"pair of {en_many}"
    if kind == TRIPLE:
        return f"三个 {zh_rank}", f"three {en_many}"
    return f"三带二（三个 {zh_rank}）", f"full house with three {en_many}"


def _rank_order(reading: Reading, level: int) -> tuple[str, str]:
    """Where the ranks come from, when the level card's place matters."""
    if reading.kind in (STRAIGHT, STRAIGHT_FLUSH, TUBE, PLATE):
        return "连牌按自然顺序比最大的一张", "sequences compare by their top card in natural order"
    name = level_name(level)
    return (
        f"打 {name} 时 {name} 是级牌，比 A 大，只比大小王小",
        f"at level {name} the {name}s are level cards, above A and below the jokers",
    )


def beats_words(play: Reading, over: Reading, level: int) -> tuple[bool, dict[str, str]]:
    """Whether ``play`` goes on top of ``over``, and why, as a teacher would say it."""
    p_zh, p_en = reading_words(play)
    o_zh, o_en = reading_words(over)
    if play.power and not over.power:
        return True, both(
            f"{p_zh}是炸弹，炸弹能打任何普通牌型，包括{o_zh}。",
            f"{p_en} is a bomb, and a bomb beats any ordinary play, {o_en} included.",
        )
    if over.power and not play.power:
        return False, both(
            f"桌上是{o_zh}，是炸弹；{p_zh}不是炸弹，只有更大的炸弹才能打它。",
            f"The table holds {o_en}, a bomb: only a bigger bomb beats it, and {p_en} is none.",
        )
    if play.power != over.power:
        ladder_zh = "四张炸弹 < 五张炸弹 < 同花顺 < 六张 < 七张 < 八张 < 九张 < 十张炸弹 < 四王"
        ladder_en = (
            "4-card bomb < 5-card bomb < straight flush < 6 < 7 < 8 < 9 < 10-card bomb"
            " < four jokers"
        )
        higher = play.power > over.power
        return higher, both(
            f"炸弹按这个顺序比：{ladder_zh}。{p_zh}{'大于' if higher else '小于'}{o_zh}。",
            f"Bombs climb {ladder_en}. {p_en} is {'above' if higher else 'below'} {o_en}.",
        )
    if play.kind != over.kind:
        return False, both(
            f"牌型不同：桌上是{KIND_WORDS[over.kind][0]}，只能用更大的"
            f"{KIND_WORDS[over.kind][0]}或者炸弹来打，{p_zh}不行。",
            f"Different kinds: the table holds a {KIND_WORDS[over.kind][1]}, so only a higher "
            f"{KIND_WORDS[over.kind][1]} or a bomb goes on it, not {p_en}.",
        )
    why_zh, why_en = _rank_order(play, level)
    if play.value > over.value:
        return True, both(
            f"同样的牌型、同样的张数，{p_zh}比{o_zh}大（{why_zh}）。",
            f"Same kind, same size, and {p_en} is higher than {o_en} ({why_en}).",
        )
    if play.value == over.value:
        return False, both(
            f"{p_zh}和{o_zh}一样大，一样大不能压（逢人配凑成的和天然的一样大）。",
            f"{p_en} and {o_en} are equal, and equal never beats (a wild-made play is "
            "worth the same as a natural one).",
        )
    return False, both(
        f"{p_zh}比{o_zh}小（{why_zh}）。",
        f"{p_en} is lower than {o_en} ({why_en}).",
    )
