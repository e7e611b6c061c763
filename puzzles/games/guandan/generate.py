"""Write 掼蛋 ending puzzles, dealt at random and proven by the solver, as TOML.

    python manage.py generate_puzzles guandan             # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles guandan --count 10 --seed 7 --out /tmp/guandan

``engines.guandan.generate`` deals the endings and keeps those where the winning
first plays are a strict minority; each becomes a ``guandan.lead`` puzzle, its
prompt and explanation written from the solver's result. ``load_content`` proves
every puzzle again.
"""

from __future__ import annotations

from engines.cards import cards_text
from engines.guandan import level_name, sort_cards
from engines.guandan.generate import Found, generate
from engines.guandan.solver import PASS
from puzzles.generating import EndingsGenerator, puzzle_table

from .words import reading_words, seat_words

GOAL_PROMPTS = {
    "first": (
        "怎么出能保证你们这一方拿到头游？",
        "Which play makes sure your side goes out first?",
    ),
    "double": (
        "怎么出能保证你和对家拿到头游和二游（让对手双下）？",
        "Which play makes sure you and your partner finish first and second?",
    ),
}


def prompt_words(found: Found) -> tuple[str, str]:
    ending = found.ending
    level = level_name(ending.level)
    goal_zh, goal_en = GOAL_PROMPTS[found.goal]
    if ending.table is None:
        turn_zh, turn_en = "你先出", "You lead"
    else:
        who_zh, who_en = seat_words(ending.table.owner)
        cards = cards_text(sort_cards(ending.table.play.cards, ending.level))
        turn_zh = f"{who_zh}出了 {cards}，轮到你（可以过）"
        turn_en = f"{who_en.capitalize()} played {cards}; your turn (you may pass)"
    zh = f"打{level}，明牌残局。{turn_zh}。{goal_zh}"
    en = f"Level {level}, every hand open. {turn_en}. {goal_en}"
    return zh, en


def move_words(move, level: int) -> tuple[str, str]:
    if move is PASS:
        return "过", "pass"
    cards = cards_text(sort_cards(move.cards, level))
    zh, en = reading_words(move.reading)
    return f"{cards}（{zh}）", f"{cards} ({en})"


def explanation_words(found: Found) -> tuple[str, str]:
    solution, level = found.solution, found.ending.level
    winning = [move_words(m, level) for m in solution.winning]
    losing = len(solution.plays) - len(solution.winning)
    zh = (
        "能赢的出法：" + "；".join(z for z, _e in winning) + "。"
        f"另外 {losing} 种出法，对手都有办法抢在前面。"
    )
    en = (
        "The plays that win: " + "; ".join(e for _z, e in winning) + ". "
        f"Against each of the other {losing}, the other side has a way through."
    )
    example = next(((m, line) for m, line in solution.refutations.items() if line), None)
    if example is not None:
        move, line = example
        first_zh, first_en = move_words(move, level)
        steps_zh = "，".join(f"{seat_words(s)[0]}{_step(m, level)[0]}" for s, m in line)
        steps_en = ", ".join(f"{seat_words(s)[1]} {_step(m, level, s)[1]}" for s, m in line)
        zh += f"比如出 {first_zh}：{steps_zh}。"
        en += f" For example, after {first_en}: {steps_en}."
    return zh, en


def _step(move, level: int, seat: int = 1) -> tuple[str, str]:
    """One turn of a line: ``出 ♠A`` / ``plays ♠A`` (``play`` for you)."""
    verb = "" if seat == 0 else "s"
    if move is PASS:
        return "过", f"pass{'es' if verb else ''}"
    cards = cards_text(sort_cards(move.cards, level))
    return f"出 {cards}", f"play{verb} {cards}"


def table(number: int, found: Found) -> str:
    ending = found.ending
    data = {
        "level": level_name(ending.level),
        "hands": [cards_text(sort_cards(h, ending.level)) for h in ending.hands],
        "goal": found.goal,
    }
    if ending.table is not None:
        reading = ending.table.play.reading
        kind_rank = f"{reading.kind} {_rank(reading)}" if reading.kind != "four-jokers" else None
        data["table"] = {
            "play": cards_text(sort_cards(ending.table.play.cards, ending.level)),
            "by": ending.table.owner,
            **({"as": kind_rank} if kind_rank else {}),
        }
    return puzzle_table(
        f"guandan-gen-{number:03}",
        "guandan.lead",
        found.rating,
        ["guandan-endgame"],
        prompt_words(found),
        explanation_words(found),
        data,
    )


def _rank(reading) -> str:
    return {15: "SJ", 16: "BJ"}.get(reading.rank) or level_name(reading.rank)


class Generator(EndingsGenerator):
    """Run as ``manage.py generate_puzzles guandan [options]``."""

    help = "Generate 掼蛋 ending puzzles (guandan.lead, solver-proven) from random deals."
    game = "guandan"

    @staticmethod
    def endings(count, *, seed):
        return generate(count, seed)

    table = staticmethod(table)

    @staticmethod
    def sort_key(found):
        return (found.rating, [cards_text(h) for h in found.ending.hands])
