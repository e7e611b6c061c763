"""升级's words: tractors, trick winners, throws, declarations and settlements, both languages.

Every sentence says what the engine decided and why, in the words players use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.cards import CARDS, SUIT_EN, SUIT_ZH, cards_text
from engines.shengji import TRUMP, Order, ThrowCheck, decompose, level_name, trick_winner
from engines.shengji.hand import Settlement
from engines.tricks import suit_names
from engines.tricks.units import split_value
from puzzles.kinds import both
from puzzles.kinds.cards import seat_words

__all__ = [
    "shape_words",
    "throw_words",
    "tractor_reason",
    "trump_words",
    "why_it_loses",
    "winner_words",
]


def trump_words(trump: int | None) -> tuple[str, str]:
    """红桃主 / hearts trump, 无主 / no-trump."""
    if trump is None:
        return "无主", "no-trump"
    return f"{SUIT_ZH[trump]}主", f"{SUIT_EN[trump]} trump"


def shape_words(length: int) -> tuple[str, str]:
    if length == 0:
        return "单张", "single"
    if length == 1:
        return "对子", "pair"
    count = "两三四五六七八九十"[length - 2] if length <= 10 else str(length)
    return f"{count}连对拖拉机", f"tractor of {length} pairs"


# ---------------------------------------------------------------------------
# Tractors


def tractor_reason(cards: Sequence[int], order: Order) -> tuple[bool, dict[str, str]]:
    """Whether ``cards`` are a tractor, and why, as a teacher would say it."""
    cards = [CARDS[c] for c in cards]
    level = level_name(order.level)
    suits = {order.suit_of[c] for c in cards}
    counts = Counter(cards)
    if len(suits) > 1:
        levels = [c for c in cards if not c.is_joker and c.rank == order.level]
        side = [c for c in cards if not order.is_trump(c)]
        if levels and side and any(c.suit == levels[0].suit for c in side):
            card = levels[0]
            return False, both(
                f"{card.text()} 是级牌，算主牌，不能和{SUIT_ZH[card.suit]}的副牌连成拖拉机。",
                f"{card.text()} is a level card, so a trump: it never makes a tractor with the "
                f"side {SUIT_EN[card.suit]} around it.",
            )
        return False, both(
            "这些牌不是同一门：拖拉机要么全是同一花色的副牌，要么全是主牌。",
            "These cards are not all of one suit: a tractor is all one side suit, or all trumps.",
        )
    singles = [c for c, k in counts.items() if k < 2]
    if singles or len(cards) < 4:
        if len(cards) < 4 and not singles:
            return False, both(
                "只有一对：拖拉机至少要两对相连。", "Only one pair: a tractor is two or more pairs."
            )
        same_rank = [c for c in singles if sum(1 for d in singles if d.rank == c.rank) > 1]
        if same_rank:
            a, b = same_rank[:2]
            return False, both(
                f"{a.text()} 和 {b.text()} 不是对子：对子要两张一模一样（花色、点数都相同）。",
                f"{a.text()} and {b.text()} are no pair: a pair is two identical cards, same "
                "suit and same rank.",
            )
        return False, both(
            f"{' '.join(c.text() for c in order.sorted(singles))} 不成对：拖拉机全由对子组成。",
            f"{' '.join(c.text() for c in order.sorted(singles))}: not in pairs. A tractor is "
            "made only of pairs.",
        )
    units = decompose(cards, order)
    if len(units) == 1 and units[0].is_tractor:
        notes_zh, notes_en = [], []
        ranks = sorted({c.rank for c in cards if not c.is_joker and c.rank != order.level})
        if (
            not any(order.is_trump(c) and (c.is_joker or c.rank == order.level) for c in cards)
            and ranks
            and ranks[0] < order.level < ranks[-1]
        ):
            notes_zh.append(f"打{level}时{level}是级牌，不在副牌里，所以它两边的牌相连")
            notes_en.append(
                f"at level {level} the {level}s are trumps, so the ranks either side of it meet"
            )
        if any(c.is_joker or c.rank == order.level for c in cards) and len(ranks) < len(counts):
            notes_zh.append("主牌从上到下是：大王、小王、主级牌、副级牌、主花色A……，挨着的对子相连")
            notes_en.append(
                "the trumps run big joker, small joker, the trump suit's level card, the other "
                "level cards, then the trump suit's A down: neighbouring pairs link"
            )
        extra_zh = "；" + "；".join(notes_zh) if notes_zh else ""
        extra_en = "; " + "; ".join(notes_en) if notes_en else ""
        return True, both(
            f"{units[0].length} 对相连，是拖拉机{extra_zh}。",
            f"{units[0].length} pairs in a row: a tractor{extra_en}.",
        )
    # All pairs of one suit, but not one run.
    pairs = sorted(set(cards), key=lambda c: order.strength[c])
    for low, high in zip(pairs, pairs[1:], strict=False):
        gap = order.strength[high] - order.strength[low]
        if gap == 0:
            return False, both(
                f"{low.text()}{low.text()} 和 {high.text()}{high.text()} 一样大（都是副级牌），"
                "一样大的对子不相连。",
                f"{low.text()} {low.text()} and {high.text()} {high.text()} rank the same (both "
                "side level cards), and equal pairs do not link.",
            )
        if gap > 1:
            if not low.is_joker and not high.is_joker and low.rank == 2 and high.rank == 14:
                return False, both(
                    "A 和 2 不相连：拖拉机不能从 A 绕回 2。",
                    "A and 2 are not neighbours: a tractor never wraps round from A to 2.",
                )
            if (
                order.is_trump(high)
                and not high.is_joker
                and high.rank == order.level
                and not order.ace_links_level
            ):
                return False, both(
                    "按这套规则，主 A 和级牌不相连。",
                    "Under these rules the trump A does not link to the level cards.",
                )
            return False, both(
                f"{low.text()} 和 {high.text()} 之间隔着别的牌，不相连。",
                f"{low.text()} and {high.text()} are not neighbours: there is a rank between them.",
            )
    return False, both("这些对子连不成一个拖拉机。", "These pairs do not make one tractor.")


# ---------------------------------------------------------------------------
# Who wins the trick


def _who(relative: int) -> tuple[str, str]:
    return seat_words(relative)


def winner_words(plays: Sequence[Sequence[int]], order: Order, leader: int) -> dict[str, str]:
    """Why the winning play wins, and why each other play does not."""
    win = trick_winner(plays, order)
    best = plays[win]
    who_zh, who_en = _who(leader + win)
    verb = "win" if (leader + win) % 4 == 0 else "wins"
    zh = [f"{who_zh}的 {cards_text(best)} 赢这一轮。"]
    en = [f"{who_en} {verb} with {cards_text(best)}."]
    for i in range(len(plays)):
        if i != win:
            words = why_it_loses(plays, order, leader, i)
            zh.append(words["zh"])
            en.append(words["en"])
    return both("".join(zh), " ".join(en))


def why_it_loses(
    plays: Sequence[Sequence[int]], order: Order, leader: int, i: int
) -> dict[str, str]:
    """Why play ``i`` of the trick does not win it (it must not be the winner)."""
    win = trick_winner(plays, order)
    units = decompose(plays[0], order)
    led = units[0].suit
    play, best = plays[i], plays[win]
    who_zh, who_en = _who(leader + i)
    label = f"{who_en}, {cards_text(play)}:"
    names = suit_names(led)
    suits = {order.suit_of[c] for c in play}
    if i == 0:
        if order.suit_of[best[0]] == TRUMP and led != TRUMP:
            return both(
                f"{who_zh}首出的{names['suit_zh']}被主牌毙了。",
                f"{label} the lead, ruffed by trumps.",
            )
        return both(f"{who_zh}首出的牌被压住了。", f"{label} the lead, beaten by a higher play.")
    if len(suits) > 1 or not suits <= {led, TRUMP}:
        return both(
            f"{who_zh}垫了牌（不全是{names['suit_zh']}，也不全是主牌），垫牌赢不了。",
            f"{label} a discard (neither all {names['suit_en']} nor all trumps), which never wins.",
        )
    shapes = [u.length for u in units]
    if split_value(play, shapes, order, units[0].length) is None:
        lead_shape = "、".join(shape_words(u.length)[0] for u in units if u.length)
        lead_shape_en = ", ".join(shape_words(u.length)[1] for u in units if u.length)
        if suits == {TRUMP} and led != TRUMP:
            return both(
                f"{who_zh}用主牌毙，但首家有{lead_shape}，毙牌也要有同样的牌型，所以不算大。",
                f"{label} trumps, but the lead holds a {lead_shape_en}, and a ruff must match "
                "that shape to count.",
            )
        return both(
            f"{who_zh}没有跟出首家的牌型（{lead_shape}），赢不了。",
            f"{label} it does not match the lead's shape ({lead_shape_en}), so it cannot win.",
        )
    if order.suit_of[best[0]] == TRUMP and suits != {TRUMP}:
        return both(
            f"{who_zh}跟的是{names['suit_zh']}，被主牌毙了。",
            f"{label} {names['suit_en']}, beaten by the trumps.",
        )
    mine = split_value(play, shapes, order, units[0].length)
    theirs = split_value(best, shapes, order, units[0].length) if win else units[0].top
    if mine == theirs:
        return both(
            f"{who_zh}的牌一样大，但出得晚：一样大的先出的赢。",
            f"{label} as high, but played later: between equal plays the first wins.",
        )
    if suits == {TRUMP} and led != TRUMP:
        return both(
            f"{who_zh}也毙了，但主牌比别人的小。",
            f"{label} a ruff too, but a lower one: it is over-ruffed.",
        )
    return both(f"{who_zh}的牌小，有人比它大。", f"{label} lower: another play beats it.")


# ---------------------------------------------------------------------------
# Throws


def throw_words(result: ThrowCheck, penalty_per_card: int) -> dict[str, str]:
    """Why a throw stands, or who beats which unit and what the leader plays instead."""
    if result.ok:
        parts = " + ".join(cards_text(u.cards) for u in result.units)
        return both(
            f"甩牌成功：{parts}，每一组别人都管不住（没有更大的同样牌型）。",
            f"The throw stands: {parts} — nobody holds a higher unit of the same shape.",
        )
    zh, en = [], []
    for unit, seat, better in result.failing:
        who_zh, who_en = seat_words(seat + 1)
        shape_zh, shape_en = shape_words(unit.length)
        zh.append(
            f"{who_zh}有 {cards_text(better.cards)}，比你的{shape_zh} {cards_text(unit.cards)} 大"
        )
        who_en = who_en[0].lower() + who_en[1:]
        en.append(
            f"{who_en} holds {cards_text(better.cards)}, higher than your {shape_en} "
            f"{cards_text(unit.cards)}"
        )
    forced = cards_text(result.forced)
    back = result.taken_back
    penalty = result.penalty(penalty_per_card)
    fine_zh = f"，收回 {back} 张，罚 {penalty} 分" if penalty else f"，收回 {back} 张"
    fine_en = (
        f"; {back} cards go back to the hand and cost {penalty} points"
        if penalty
        else f"; {back} cards go back to the hand"
    )
    return both(
        "甩牌失败：" + "；".join(zh) + f"。只能出最小的那一组被管住的牌：{forced}{fine_zh}。",
        "The throw fails: " + "; ".join(en) + f". The smallest unit that can be beaten must be "
        f"played: {forced}{fine_en}.",
    )


# ---------------------------------------------------------------------------
# Settling


RESULT_WORDS = {
    "dealer": ("庄家方保庄（守住了）", "The dealer's side holds"),
    "attackers": ("抓分方上台", "The attackers take over"),
}


def settle_words(result: Settlement) -> dict[str, str]:
    """How the points add up, and what they mean for the levels."""
    zh, en = [f"牌里抓到 {result.trick_points} 分"], [f"{result.trick_points} points in tricks"]
    if result.multiplier:
        kitty = result.kitty_points * result.multiplier
        zh.append(f"抠底：底牌 {result.kitty_points} 分 × {result.multiplier} = {kitty} 分")
        en.append(
            f"the kitty's {result.kitty_points} points × {result.multiplier} = {kitty} "
            "(they won the last trick)"
        )
    elif result.kitty_points:
        zh.append(f"底牌的 {result.kitty_points} 分不算（最后一轮是庄家方赢的）")
        en.append(
            f"the kitty's {result.kitty_points} points do not count (the dealer's side won "
            "the last trick)"
        )
    if result.penalties:
        sign = "+" if result.penalties > 0 else ""
        zh.append(f"甩牌罚分 {sign}{result.penalties} 分")
        en.append(f"throw penalties {sign}{result.penalties}")
    total = result.attackers
    winner_zh, winner_en = RESULT_WORDS[result.winner]
    if result.levels:
        plural = "level" if result.levels == 1 else "levels"
        up_zh, up_en = f"，升 {result.levels} 级", f", up {result.levels} {plural}"
    else:
        up_zh, up_en = "，不升级", ", no levels gained"
    return both(
        "；".join(zh) + f"。抓分方一共 {total} 分：{winner_zh}{up_zh}。",
        "; ".join(en) + f". The attackers have {total}: {winner_en.lower()}{up_en}.",
    )


def ending_words(solution, play, *, attacking: bool, right: bool) -> dict[str, str]:
    """The solver's numbers as the learner's side sees them: only the attackers score
    (the kitty multiplied for them if they win the last trick: 抠底)."""
    after, top = solution.values[play], solution.attackers
    if attacking:
        if right:
            return both(
                f"对：双方都打最好，你们（抓分方）从这里能拿到 {top} 分（抠底的底分算在里面）。",
                f"Right: with best play on both sides your side (the attackers) takes {top} "
                "points from here, the multiplied kitty included if you win the last trick.",
            )
        return both(
            f"这样你们（抓分方）最多只能拿 {after} 分；有一种打法能拿 {top} 分。",
            f"After that your side (the attackers) can take only {after} points; one play"
            f" here takes {top}.",
        )
    if right:
        return both(
            f"对：双方都打最好，抓分方从这里最多只能拿 {top} 分（含抠底）。",
            f"Right: with best play on both sides the attackers take at most {top} points "
            "from here, the kitty included if they win the last trick.",
        )
    return both(
        f"这样抓分方能拿到 {after} 分；有一种打法只让他们拿 {top} 分。",
        f"After that the attackers can take {after} points; one play here holds them to {top}.",
    )
