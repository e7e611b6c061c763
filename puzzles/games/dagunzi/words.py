"""Dagunzi's words: plays, suits, seats, trick winners and solved endings, both languages."""

from __future__ import annotations

from collections.abc import Sequence

from engines.cards import cards_text
from engines.dagunzi import TRUMP, Order, group_size, suit_names, trick_winner
from engines.dagunzi.settle import HOLD, REPLAY, TAKE_OVER
from puzzles.kinds import both
from puzzles.kinds.cards import seat_words


def play_text(play: Sequence[int]) -> str:
    return cards_text(play)


def suit_words(suit: int) -> tuple[str, str]:
    names = suit_names(suit)
    return names["suit_zh"], names["suit_en"]


def winner_words(plays: Sequence[Sequence[int]], order: Order, leader: int) -> dict[str, str]:
    """Why the winning play wins, and why each other play does not."""
    win = trick_winner(plays, order)
    best = plays[win]
    who_zh, who_en = seat_words(leader + win)
    zh = [f"{who_zh}的 {play_text(best)} 赢这一轮。"]
    en = [f"{who_en} {'win' if (leader + win) % 4 == 0 else 'wins'} with {play_text(best)}."]
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
    lead, best, play = plays[0], plays[win], plays[i]
    n, led = len(lead), order.suit_of[lead[0]]
    led_zh, led_en = suit_words(led)
    who_zh, who_en = seat_words(leader + i)
    label = f"{who_en}, {play_text(play)}:"
    suits = {order.suit_of[c] for c in play}
    if n > 1 and group_size(play) != n:
        shape = "棒子" if n == 2 else "滚子"
        return both(
            f"{who_zh}出的不是{shape}，赢不了。", f"{label} not a {shape}, so it cannot win."
        )
    if suits - {led, TRUMP} or len(suits) > 1:
        return both(
            f"{who_zh}垫了别的花色，赢不了。",
            f"{label} a discard from another suit, which never wins.",
        )
    if order.strength[play[0]] == order.strength[best[0]] and (
        order.suit_of[play[0]] == order.suit_of[best[0]]
    ):
        return both(
            f"{who_zh}的牌一样大，但出得晚：先出的赢。",
            f"{label} as high, but played later: the first played wins.",
        )
    if order.suit_of[best[0]] == TRUMP and order.suit_of[play[0]] != TRUMP:
        return both(
            f"{who_zh}跟的是{led_zh}，被主牌杀了。", f"{label} {led_en}, beaten by the trump."
        )
    return both(f"{who_zh}的牌小，有人比它大。", f"{label} lower: another play beats it.")


def ending_words(solution, play, best: str, *, attacking: bool, right: bool) -> dict[str, str]:
    """The solver's numbers as the learner's side sees them.

    Only the attackers score (the kitty counts for them, doubled, if they win the last
    trick: 抠底); the dealer's side plays to hold them down and keep the last trick.
    """
    after, top = solution.values[play], solution.attackers
    if attacking:
        if right:
            return both(
                f"对：双方都打最好，你们（抓分方）从这里能拿到 {top} 分"
                "（抠底的话，底牌分翻倍算在里面）。",
                f"Right: with best play on both sides your side (the attackers) takes {top} "
                "points from here, the doubled kitty included if you win the last trick (抠底).",
            )
        return both(
            f"这样你们（抓分方）最多只能拿 {after} 分；有一种打法能拿 {top} 分。",
            f"After that your side (the attackers) can take only {after} points; one play"
            f" here takes {top}.",
        )
    if right:
        return both(
            f"对：双方都打最好，抓分方从这里最多只能拿 {top} 分（含抠底翻倍）。",
            f"Right: with best play on both sides the attackers take at most {top} points "
            "from here, a doubled kitty (抠底) included.",
        )
    return both(
        f"这样抓分方能拿到 {after} 分；有一种打法只让他们拿 {top} 分。",
        f"After that the attackers can take {after} points; one play here holds them to {top}.",
    )


RESULT_WORDS = {
    TAKE_OVER: ("抓分方上台", "The attackers take over"),
    HOLD: ("庄家方保庄", "The dealer side holds"),
    REPLAY: ("重打", "The hand is replayed"),
}
