"""Write 升级 endgame puzzles, dealt at random and proven by the solver, as TOML.

    python manage.py generate_puzzles shengji             # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles shengji --count 10 --seed 7 --out /tmp/shengji

``engines.shengji.generate`` deals the endings and keeps those where the best plays
are a minority and matter (at least 10 points); each becomes a ``shengji.play``
puzzle, its prompt and explanation written from the solver's numbers.
``load_content`` proves every puzzle again.
"""

from __future__ import annotations

from engines.cards import SUIT_SYMBOLS, cards_text
from engines.shengji import level_name
from engines.shengji.generate import Found, endings
from puzzles.generating import EndingsGenerator, puzzle_table

FILE_NAME = "generated-endings.toml"


def plays_words(plays) -> tuple[str, str]:
    texts = [cards_text(p) for p in plays]
    return "（或 ".join(texts) + "）" * (len(texts) - 1), " or ".join(texts)


def prompt_words(found: Found) -> tuple[str, str]:
    """Seat 0 leads or follows; the attackers want points, the dealer's side denies them."""
    ending = found.ending
    trump_zh = "无主" if ending.trump is None else f"{SUIT_SYMBOLS[ending.trump]}主"
    trump_en = "no-trump" if ending.trump is None else f"{SUIT_SYMBOLS[ending.trump]} trump"
    level = level_name(ending.level)
    if found.learner_attacks:
        side_zh, side_en = "你们是抓分方", "your side attacks"
        goal_zh, goal_en = "怎么出能拿到最多的分？", "Which play gets your side the most points?"
    else:
        side_zh, side_en = "你们是庄家方", "your side deals"
        goal_zh = "怎么出能让抓分方拿的分最少？"
        goal_en = "Which play holds the attackers to the fewest points?"
    turn_zh, turn_en = (
        ("轮到你跟牌", "Your turn to follow") if ending.trick else ("你先出", "You lead")
    )
    zh = f"打{level}，{trump_zh}。{turn_zh}，{side_zh}：{goal_zh}"
    en = f"Level {level}, {trump_en}. {turn_en}; {side_en}. {goal_en}"
    if ending.kitty_points:
        zh += (
            f"底牌有 {ending.kitty_points} 分：抓分方赢了最后一轮，"
            "就按最后一轮首家的牌型翻倍拿走（抠底）。"
        )
        en += (
            f" The kitty holds {ending.kitty_points} points, multiplied for the attackers if "
            "they win the last trick (×2 a single, ×4 a pair, ×8 a tractor of two pairs)."
        )
    return zh, en


def explanation_words(found: Found) -> tuple[str, str]:
    """The solver's numbers, in the attackers' points as the verdicts speak."""
    solution = found.solution
    best_zh, best_en = plays_words(solution.best)
    worst = cards_text(found.worst_play)
    top, after = solution.attackers, solution.values[found.worst_play]
    if found.learner_attacks:
        zh = (
            f"最好的出法：{best_zh}。双方都打最好，你们（抓分方）从这里能拿到 {top} 分。"
            f"最差的是 {worst}：只能拿 {after} 分，少了 {found.margin} 分。"
        )
        en = (
            f"Best: {best_en}. With best play on both sides your side (the attackers) takes "
            f"{top} points from here. The worst play, {worst}, leaves you {after}: "
            f"{found.margin} points fewer."
        )
    else:
        zh = (
            f"最好的出法：{best_zh}。双方都打最好，抓分方从这里最多只能拿 {top} 分。"
            f"最差的是 {worst}：抓分方能拿到 {after} 分，多了 {found.margin} 分。"
        )
        en = (
            f"Best: {best_en}. With best play on both sides the attackers take at most {top} "
            f"points from here. The worst play, {worst}, lets them take {after}: "
            f"{found.margin} points more."
        )
    return zh, en


def table(number: int, found: Found) -> str:
    ending = found.ending
    return puzzle_table(
        f"shengji-gen-{number:03}",
        "shengji.play",
        found.rating,
        ["shengji-endgame"],
        prompt_words(found),
        explanation_words(found),
        {
            "level": level_name(ending.level),
            "trump": "NT" if ending.trump is None else SUIT_SYMBOLS[ending.trump],
            "dealer": ending.dealer,
            "kitty_points": ending.kitty_points,
            "hands": [cards_text(h) for h in ending.hands],
            "trick": [[c.text() for c in p] for p in ending.trick],
        },
    )


class Generator(EndingsGenerator):
    """Run as ``manage.py generate_puzzles shengji [options]``."""

    help = "Generate 升级 endgame puzzles (shengji.play, solver-proven) from random deals."
    game = "shengji"
    endings = staticmethod(endings)
    table = staticmethod(table)

    @staticmethod
    def sort_key(found):
        return (found.rating, found.ending.hands)
