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


def _rank_order(play: Reading, over: Reading, level: int) -> tuple[str, str]:
    """Where the ranks come from, when it is worth saying: a sequence holding the
    level rank, or a level card against an A."""
    if play.kind in (STRAIGHT, STRAIGHT_FLUSH, TUBE, PLATE):
        if play.kind == over.kind and (_holds(play, level) or _holds(over, level)):
            return (
                "连牌里的级牌按本来的位置算，比最大的一张",
                "in a sequence the level card sits at its own place; the top card decides",
            )
        return "", ""
    if level not in (play.rank, over.rank):
        return "", ""
    name = level_name(level)
    return (
        f"打 {name} 时 {name} 是级牌，比 A 大，只比大小王小",
        f"at level {name} the {name}s are level cards, above A and below the jokers",
    )


def _holds(reading: Reading, level: int) -> bool:
    length = {STRAIGHT: 5, STRAIGHT_FLUSH: 5, TUBE: 3, PLATE: 2}[reading.kind]
    ranks = {14 if r == 1 else r for r in range(reading.rank - length + 1, reading.rank + 1)}
    return level in ranks


def beats_words(play: Reading, over: Reading, level: int) -> tuple[bool, dict[str, str]]:
    """Whether ``play`` goes on top of ``over``, and why, as a teacher would say it."""
    p_zh, p_en = reading_words(play)
    o_zh, o_en = reading_words(over)
    big = p_en[:1].upper() + p_en[1:]  # the play, starting a sentence
    if play.power and not over.power:
        return True, both(
            f"{p_zh}是炸弹，炸弹能打任何普通牌型，包括{o_zh}。",
            f"{big} is a bomb, and a bomb beats any ordinary play, {o_en} included.",
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
            f"Bombs climb {ladder_en}. {big} is {'above' if higher else 'below'} {o_en}.",
        )
    if play.kind != over.kind:
        return False, both(
            f"牌型不同：桌上是{KIND_WORDS[over.kind][0]}，只能用更大的"
            f"{KIND_WORDS[over.kind][0]}或者炸弹来打，{p_zh}不行。",
            f"Different kinds: the table holds a {KIND_WORDS[over.kind][1]}, so only a higher "
            f"{KIND_WORDS[over.kind][1]} or a bomb goes on it, not {p_en}.",
        )
    why_zh, why_en = _rank_order(play, over, level)
    why_zh, why_en = (f"（{why_zh}）", f" ({why_en})") if why_zh else ("", "")
    if play.value > over.value:
        return True, both(
            f"同样的牌型、同样的张数，{p_zh}比{o_zh}大{why_zh}。",
            f"Same kind, same size, and {p_en} is higher than {o_en}{why_en}.",
        )
    if play.value == over.value:
        wild = play.stands_for or over.stands_for
        return False, both(
            f"{p_zh}和{o_zh}一样大，一样大不能压"
            + ("（逢人配凑成的和天然的一样大）" if wild else "")
            + "。",
            f"{big} and {o_en} are equal, and equal never beats"
            + (" (a play made with a wild is worth the same as a natural one)" if wild else "")
            + ".",
        )
    return False, both(f"{p_zh}比{o_zh}小{why_zh}。", f"{big} is lower than {o_en}{why_en}.")


# ---------------------------------------------------------------------------
# Finishing order, tribute, levels

PLACE_WORDS = (
    ("头游", "first out (头游)"),
    ("二游", "second"),
    ("三游", "third"),
    ("末游", "last (末游)"),
)
SEAT_WORDS = (
    ("你", "you"),
    ("下家", "the player on your right"),
    ("对家", "your partner"),
    ("上家", "the player on your left"),
)


def seat_words(seat: int) -> tuple[str, str]:
    """The seat as a sentence names it, counted from the learner (seat 0)."""
    return SEAT_WORDS[seat % 4]


def does(seat: int, verb: str) -> str:
    """``you lead`` / ``your partner leads``: the seat and the verb, agreeing."""
    return f"{seat_words(seat)[1]} {verb}{'' if seat == 0 else 's'}"


def order_words(order) -> tuple[str, str]:
    """``头游 你，二游 下家，…`` / ``first out (头游) you, second …``."""
    zh = "，".join(f"{PLACE_WORDS[i][0]} {seat_words(s)[0]}" for i, s in enumerate(order))
    en = ", ".join(f"{PLACE_WORDS[i][1]} {seat_words(s)[1]}" for i, s in enumerate(order))
    return zh, en


def tribute_words(plan, ask: str, rules) -> dict[str, str]:
    """What the tribute is this time, and who leads, as the rules say it."""
    first = seat_words(plan.leader)
    if plan.resisted:
        if "double" in plan.notes:
            return both(
                "上一副是双下，但两个输家手里加起来有两张大王：可以抗贡，不用进贡，头游先出牌。",
                "The last hand was a 双下, but the two losers hold both big jokers between them: "
                "they refuse tribute (抗贡). Nothing is paid, and first out leads.",
            )
        return both(
            "末游手里有两张大王：可以抗贡，不用进贡，头游先出牌。",
            "The last player holds both big jokers: they refuse tribute (抗贡). Nothing is "
            "paid, and first out leads.",
        )
    parts_zh, parts_en = [], []
    for payment in plan.payments:
        payer, receiver = seat_words(payment.payer), seat_words(payment.receiver)
        card = " / ".join(c.text() for c in payment.choices)
        parts_zh.append(f"{payer[0]}进贡给{receiver[0]}：手里最大的牌（红桃级牌除外）{card}")
        pays = "pay" if payment.payer == 0 else "pays"
        parts_en.append(
            f"{payer[1]} {pays} {receiver[1]} the highest card but a heart level card: {card}"
        )
    zh, en = "；".join(parts_zh) + "。", "; ".join(parts_en) + "."
    en = en[0].upper() + en[1:]
    if plan.kind == "double":
        if "equal" in plan.notes:
            zh += "两张贡牌一样大，头游拿他下家的那张，这一家先出牌。"
            en += (
                " The two tributes are equal, so first out takes the card of the player on "
                "their right, who leads."
            )
        else:
            zh += "大的那张给头游，进贡大的那一家先出牌。"
            en += " The bigger goes to first out, and its payer leads."
    else:
        zh += "末游先出牌。"
        en += " The last player leads."
    if ask == "return":
        back = plan.returns[0] if plan.returns else None
        anything = plan.kind == "double" and rules.double_return == "any"
        if anything:
            zh += "双下时赢家还牌可以还任意一张（竞赛规则要求 10 或以下）。"
            en += (
                " After a 双下 a winner may return any card (the 2022 competition rules ask "
                "for 10 or lower)."
            )
        else:
            zh += "还牌要还一张 10 或以下的牌；按打牌的大小算，级牌比 A 还大，不算。"
            en += (
                " The return is a card of 10 or lower, by the playing order: a level card "
                "ranks above A, so it never counts."
            )
        if back is not None and not anything:
            zh += "可以还：" + " ".join(c.text() for c in back.choices) + "。"
            en += " You may return: " + " ".join(c.text() for c in back.choices) + "."
    if ask == "leader":
        zh += f"所以先出牌的是{first[0]}。"
        en += f" So {does(plan.leader, 'lead')}."
    return both(zh, en)


def settle_words(settlement, before: int, after: int, won: bool, order, *, ace_hand: bool):
    """Who won the hand, how many levels, and what comes of it (GD-25, GD-26)."""
    from engines.guandan import level_name

    places = {"1-2": ("第二", "second"), "1-3": ("第三", "third"), "1-4": ("末游", "last")}
    where = places[settlement.result]
    team = ("你们", "your side") if settlement.team == 0 else ("对手", "the other side")
    first = seat_words(order[0])
    zh = f"头游是{first[0]}，他的对家是{where[0]}：{team[0]}赢了这一副，升 {settlement.gained} 级"
    mate = "your partner" if order[0] == 0 else "their partner"
    en = (
        f"First out was {first[1]} and {mate} came {where[1]}: {team[1]} won the "
        f"hand and go up {settlement.gained} level{'s' if settlement.gained > 1 else ''}"
    )
    b, a = level_name(before), level_name(after)
    if won:
        zh += "。这一副打的是 A，他们已经到 A，对家又不是末游：赢得整场比赛！"
        en += (
            ". The hand was played at A, they were at A, and the partner was not last: "
            "they win the match!"
        )
    elif ace_hand and before == 14 and settlement.result == "1-4":
        zh += "。打 A 时对家是末游，不能算过 A：还留在 A，比赛继续。"
        en += (
            ". At A, winning with the partner last does not win the match: they stay at A "
            "and play on."
        )
    elif after == before:
        zh += f"，但已经在 {b}，最多打到 A，还留在 {b}。"
        en += f", but they are at {b} already, and nobody goes past A."
    elif before + settlement.gained > 14:
        zh += f"：从 {b} 升，最多到 A，下一副打 A。"
        en += f": from {b} they stop at A, the highest level, and the next hand is played at A."
    else:
        zh += f"：从 {b} 升到 {a}，下一副打 {a}。"
        en += f": from {b} to {a}, so the next hand is played at {a}."
    return both(zh, en)
