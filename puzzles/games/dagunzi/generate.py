"""Write 打滚子 endgame puzzles, dealt at random and proven by the solver, as TOML.

    python manage.py generate_puzzles dagunzi             # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles dagunzi --count 10 --seed 7 --out /tmp/dagunzi

``engines.dagunzi.generate`` deals the endings and keeps those where the best plays
are a minority and matter (at least 10 points); each becomes a ``dagunzi.play``
puzzle in the ``hands`` form, with its prompt and its explanation written from the
solver's numbers. ``load_content`` proves every puzzle again.
"""

from __future__ import annotations

import json

from engines.cards import SUIT_SYMBOLS, cards_text
from engines.dagunzi import LIVE
from engines.dagunzi.generate import Found, endings
from puzzles.generating import EndingsGenerator

FILE_NAME = "generated-endings.toml"


def toml_value(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def plays_words(plays) -> tuple[str, str]:
    texts = [cards_text(p) for p in plays]
    return "（或 ".join(texts) + "）" * (len(texts) - 1), " or ".join(texts)


def prompt_words(found: Found) -> tuple[str, str]:
    """Seat 0 leads or follows; the attackers want points, the dealer's side denies them."""
    ending = found.ending
    if found.learner_attacks:
        side_zh, side_en = "你们是抓分方", "your side attacks (抓分方)"
        goal_zh = "哪张牌（或哪手牌）能让你们拿到最多的分？"
        goal_en = "Which play gets your side the most points?"
    else:
        side_zh, side_en = "你们是庄家方", "your side deals (庄家方)"
        goal_zh = "哪张牌（或哪手牌）能让抓分方拿的分最少？"
        goal_en = "Which play holds the attackers to the fewest points?"
    if ending.trick:
        zh = f"轮到你跟牌，{side_zh}：{goal_zh}"
        en = f"Your turn to follow; {side_en}. {goal_en}"
    else:
        zh = f"你先出，{side_zh}：{goal_zh}"
        en = f"You lead; {side_en}. {goal_en}"
    if ending.kitty_points:
        zh += f"底牌有 {ending.kitty_points} 分，抓分方赢了最后一轮就翻倍拿走（抠底）。"
        en += (
            f" The kitty holds {ending.kitty_points} points, doubled for the attackers "
            "if they win the last trick (抠底)."
        )
    if ending.follow == LIVE:
        zh += "（活棒）"
        en += " (活棒: only the suit must be followed.)"
    return zh, en


def explanation_words(found: Found) -> tuple[str, str]:
    """The solver's numbers, in the attackers' points as the verdicts speak."""
    solution = found.solution
    best_zh, best_en = plays_words(solution.best)
    worst = cards_text(found.worst_play)
    top, after = solution.attackers, solution.values[found.worst_play]
    kitty = found.ending.kitty_points > 0
    if found.learner_attacks:
        zh = (
            f"最好的出法：{best_zh}。双方都打最好，你们（抓分方）从这里能拿到 {top} 分"
            f"{'（抠底的话，底牌分翻倍算在里面）' if kitty else ''}。"
            f"最差的是 {worst}：只能拿 {after} 分，少了 {found.margin} 分。"
        )
        en = (
            f"Best: {best_en}. With best play on both sides your side (the attackers) "
            f"takes {top} points from here"
            f"{', the doubled kitty included if you win the last trick' if kitty else ''}. "
            f"The worst play, {worst}, leaves you {after}: {found.margin} points fewer."
        )
    else:
        zh = (
            f"最好的出法：{best_zh}。双方都打最好，抓分方从这里最多只能拿 {top} 分"
            f"{'（含抠底翻倍）' if kitty else ''}。"
            f"最差的是 {worst}：抓分方能拿到 {after} 分，多了 {found.margin} 分。"
        )
        en = (
            f"Best: {best_en}. With best play on both sides the attackers take at most "
            f"{top} points from here{', a doubled kitty included' if kitty else ''}. "
            f"The worst play, {worst}, lets them take {after}: {found.margin} points more."
        )
    return zh, en


def puzzle_table(number: int, found: Found) -> str:
    ending = found.ending
    prompt = prompt_words(found)
    explanation = explanation_words(found)
    lines = [
        "[[puzzles]]",
        f"slug = {toml_value(f'dagunzi-gen-{number:03}')}",
        'kind = "dagunzi.play"',
        f"rating = {found.rating}",
        'themes = ["dagunzi-endgame"]',
        f"prompt = {{ zh = {toml_value(prompt[0])}, en = {toml_value(prompt[1])} }}",
        f"explanation = {{ zh = {toml_value(explanation[0])}, en = {toml_value(explanation[1])} }}",
        f"data.level = {ending.level}",
        f"data.trump = {toml_value(SUIT_SYMBOLS[ending.trump])}",
        f"data.dealer = {ending.dealer}",
        f"data.kitty_points = {ending.kitty_points}",
        f"data.hands = {toml_value([cards_text(h) for h in ending.hands])}",
        f"data.trick = {toml_value([[c.text() for c in p] for p in ending.trick])}",
    ]
    if ending.follow == LIVE:
        lines.append('data.follow = "live"')
    return "\n".join(lines) + "\n"


class Generator(EndingsGenerator):
    """Run as ``manage.py generate_puzzles dagunzi [options]``."""

    help = "Generate 打滚子 endgame puzzles (dagunzi.play, solver-proven) from random deals."
    game = "dagunzi"
    endings = staticmethod(endings)
    table = staticmethod(puzzle_table)
