"""掼蛋 puzzle kinds: every answer is judged by ``engines.guandan``.

* ``guandan.order``: sort these cards, highest first, at this level.
* ``guandan.classify``: what combination is this? (every reading a wild allows is right)
* ``guandan.beats``: may this play go on top of the one on the table?
* ``guandan.legal``: tick every option that beats the table (each explained).
* ``guandan.next``: who leads the next trick (接风 included)?
* ``guandan.table``: a lesson's picture.

The data formats are in ``content/guandan/README.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.cards import Card, cards_text
from engines.climbing import ClimbingTrick, partner_leads
from engines.guandan import (
    KINDS,
    Reading,
    beats,
    classify,
    level_name,
    level_value,
    parse_level,
    sort_cards,
    wild_card,
)
from engines.guandan.rules import rules_for
from engines.tricks import Order
from puzzles.boards import choice_buttons
from puzzles.boards.cards import card_span, card_table, hand_controls, seat_label
from puzzles.kinds import (
    CORRECT,
    WRONG,
    InvalidPuzzle,
    Verdict,
    both,
    localized,
    read_choice,
    register,
)
from puzzles.kinds import cards as card_kinds
from puzzles.kinds.cards import CardKind, cards_of, seat_of
from puzzles.pictures import register_picture

from .words import beats_words, kind_words, rank_words, reading_words


def rules_of(data: Mapping[str, Any]):
    try:
        return rules_for(data.get("rules"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def level_of(data: Mapping[str, Any], default: int | None = None) -> int:
    if "level" not in data and default is not None:
        return default
    try:
        return parse_level(data.get("level"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


class GuandanOrder(Order):
    """The order a 掼蛋 player sorts a hand by: one run, 大王 down to 2, the level
    cards above A (no trump suit: every card is "side" for the shared sort kinds)."""

    __slots__ = ()

    def classify(self, card):
        return 0, level_value(card, self.level)


@cache
def order_for(level: int) -> GuandanOrder:
    return GuandanOrder.build(level, None)


def facts(level: int) -> dict[str, Any]:
    """The table's header: the level, and which card is wild."""
    wild = wild_card(level)
    return {
        "level": level_name(level),
        "note": _("Wild (逢人配): %(card)s, the heart level card") % {"card": wild.text()},
    }


def hand_of(cards, level: int, mode: str = "show") -> str:
    """A hand in hand order, the wild cards marked."""
    wild = wild_card(level)
    return hand_controls(sort_cards(cards, level), mode=mode, marks={wild: "wild"})


def row(cards, level: int) -> str:
    """Cards shown in hand order, the wild ones marked."""
    wild = wild_card(level)
    return "".join(card_span(c, "wild" if c == wild else "") for c in sort_cards(cards, level))


def both_words(words: tuple[str, str]) -> dict[str, str]:
    return both(*words)


def read_cards(data: Mapping[str, Any], key: str, *, required: bool = True) -> list[Card]:
    cards = cards_of(data, key, required=required)
    for card in set(cards):
        if cards.count(card) > 2:
            raise InvalidPuzzle(f"{key}: two decks hold each card twice, not {card.text()} × 3")
    return cards


def readings_of(cards, level: int, rules) -> list[Reading]:
    try:
        return classify(cards, level, rules)
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def pick_reading(cards, level: int, rules, chosen: str | None, what: str) -> Reading:
    """The one reading of ``cards`` (``chosen`` names it when they read several ways)."""
    readings = readings_of(cards, level, rules)
    if not readings:
        raise InvalidPuzzle(f"{what}: {cards_text(cards)} is no combination")
    if chosen is not None:
        spec = parse_spec(chosen)
        picked = [r for r in readings if matches(r, spec)]
        if not picked:
            raise InvalidPuzzle(f"{what}: {cards_text(cards)} cannot be read as {chosen!r}")
        return picked[0]
    if len(readings) > 1:
        texts = ", ".join(r.text() for r in readings)
        raise InvalidPuzzle(f"{what}: {cards_text(cards)} reads several ways ({texts}): say which")
    return readings[0]


# ---------------------------------------------------------------------------
# Readings written in the content: "straight 7", "bomb 9", "four-jokers", "none"

_RANKS = {"SJ": 15, "BJ": 16, **{name: r for r, name in ((r, level_name(r)) for r in range(2, 15))}}


def parse_spec(text: Any) -> tuple[str, int | None] | None:
    """``"straight 7"`` → ``("straight", 7)``; ``"none"`` → ``None``."""
    if not isinstance(text, str):
        raise InvalidPuzzle(f"a reading is a string such as 'straight 7', not {text!r}")
    words = text.split()
    if words == ["none"]:
        return None
    if words == ["four-jokers"]:
        return ("four-jokers", None)
    if len(words) != 2 or words[0] not in KINDS or words[1].upper() not in _RANKS:
        raise InvalidPuzzle(
            f"not a reading: {text!r} (write a kind and a rank, such as 'straight 7' or"
            " 'pair SJ', or 'four-jokers' or 'none')"
        )
    return (words[0], _RANKS[words[1].upper()])


def matches(reading: Reading, spec: tuple[str, int | None]) -> bool:
    kind, rank = spec
    return reading.kind == kind and (rank is None or reading.rank == rank)


def spec_words(spec) -> tuple[str, str]:
    if spec is None:
        return "不成牌型", "not a combination"
    kind, rank = spec
    if rank is None:
        return kind_words(kind)
    zh, en = kind_words(kind)
    r_zh, r_en = rank_words(rank)
    if kind in ("straight", "straight-flush", "tube", "plate"):
        return f"{zh}（到 {r_zh}）", f"{en} to {r_en}"
    return f"{zh}（{r_zh}）", f"{en} of {r_en}"


def readings_words(readings: list[Reading]) -> tuple[str, str]:
    if not readings:
        return "不成牌型", "not a combination"
    words = [reading_words(r) for r in readings]
    return "，或 ".join(z for z, _e in words), ", or ".join(e for _z, e in words)


class GuandanKind(CardKind):
    game = "guandan"
    decks = 2

    def order_of(self, data):
        return order_for(level_of(data))

    def table_facts(self, order):
        return facts(order.level)


# ---------------------------------------------------------------------------
# Sort


@register
class OrderKind(GuandanKind, card_kinds.SortKind):
    """Pick the cards from the highest down: jokers, level cards, A … 2."""

    name = "guandan.order"
    title = gettext_lazy("Card order")


# ---------------------------------------------------------------------------
# What is this play?


@register
class ClassifyKind(GuandanKind):
    """Which combination are these cards? Every reading a wild allows is right."""

    name = "guandan.classify"
    title = gettext_lazy("Name the combination")

    def _read(self, data):
        level = level_of(data)
        cards = read_cards(data, "cards")
        options = data.get("options")
        if not isinstance(options, list) or not 2 <= len(options) <= 6:
            raise InvalidPuzzle("options lists 2 to 6 readings, such as 'straight 7' or 'none'")
        specs = [parse_spec(o) for o in options]
        if len(set(specs)) != len(specs):
            raise InvalidPuzzle("two options are the same reading")
        return level, cards, specs

    def validate(self, data):
        level, cards, specs = self._read(data)
        if not 1 <= len(cards) <= 10:
            raise InvalidPuzzle("give 1 to 10 cards")
        readings = readings_of(cards, level, rules_of(data))
        right = [self._right(readings, s) for s in specs]
        if not any(right):
            raise InvalidPuzzle(f"no option is right: the cards are {readings_words(readings)[1]}")
        if all(right):
            raise InvalidPuzzle("every option is right: there is nothing to find")

    @staticmethod
    def _right(readings, spec) -> bool:
        if spec is None:
            return not readings
        return any(matches(r, spec) for r in readings)

    def parse_answer(self, data, state, post):
        return int(read_choice(post, [str(i) for i in range(len(data.get("options", [])))]))

    def check(self, data, state, answer):
        level, cards, specs = self._read(data)
        readings = readings_of(cards, level, rules_of(data))
        zh, en = readings_words(readings)
        several = len(readings) > 1
        truth = both(
            f"{cards_text(cards)}：{zh}。"
            + ("几种读法都对，出牌时说明按哪一种。" if several else ""),
            f"{cards_text(cards)}: {en}."
            + (" Each reading is right; when you play it, you say which one." if several else ""),
        )
        state = {"answer": answer, "judged": True}
        if self._right(readings, specs[answer]):
            return Verdict(CORRECT, message=truth), state
        s_zh, s_en = spec_words(specs[answer])
        return Verdict(
            WRONG,
            message=both(f"不是{s_zh}。", f"Not {s_en}."),
            answer=truth,
        ), state

    def answer_text(self, answer):
        return str(answer)

    def board(self, data, state, *, verdict=None, interactive=True):
        level, cards, specs = self._read(data)
        table = (
            card_table(you=0, hand="", label=_("What combination is this?"), **facts(level))
            + f'<div class="hand">{row(cards, level)}</div>'
        )
        if not interactive:
            return mark_safe(table)  # noqa: S308 - built escaped
        choices = []
        for i, spec in enumerate(specs):
            zh, en = spec_words(spec)
            choices.append((str(i), localized(both(zh, en))))
        return mark_safe(table + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# Does it beat the table?


def beats_verdict(play, over: Reading, level: int, rules) -> tuple[bool, dict]:
    """Whether the cards ``play`` may go on ``over``, and why. Cards that read
    several ways are taken as the player would declare them: a reading that beats."""
    readings = readings_of(play, level, rules)
    if not readings:
        return False, both(
            f"{cards_text(play)} 不成牌型，不能出。",
            f"{cards_text(play)} is not a combination, so it cannot be played.",
        )
    results = [(r, *beats_words(r, over, level)) for r in readings]
    winning = [entry for entry in results if entry[1]]
    reading, right, reason = winning[0] if winning else results[0]
    if len(readings) > 1 and winning:
        zh, en = reading_words(reading)
        reason = both(f"按{zh}出：" + reason["zh"], f"Played as {en}: " + reason["en"])
    return right, reason


@register
class BeatsKind(GuandanKind):
    """May this play go on top of the one on the table? Yes or no, with the rule."""

    name = "guandan.beats"
    title = gettext_lazy("Does it beat?")

    def _read(self, data):
        level, rules = level_of(data), rules_of(data)
        play = read_cards(data, "play")
        over_cards = read_cards(data, "over")
        over = pick_reading(over_cards, level, rules, data.get("over_as"), "over")
        return level, rules, play, over_cards, over

    def verdict_of(self, data) -> tuple[bool, dict]:
        level, rules, play, _over_cards, over = self._read(data)
        return beats_verdict(play, over, level, rules)

    def validate(self, data):
        level, rules, play, over_cards, _over = self._read(data)
        self.check_copies(play + over_cards)

    def parse_answer(self, data, state, post):
        return read_choice(post, ["yes", "no"])

    def check(self, data, state, answer):
        right, reason = self.verdict_of(data)
        state = {"answer": answer, "judged": True}
        if (answer == "yes") == right:
            return Verdict(CORRECT, message=reason), state
        return Verdict(WRONG, message=reason), state

    def board(self, data, state, *, verdict=None, interactive=True):
        level, _rules, play, over_cards, _over = self._read(data)
        table = card_table(
            you=0,
            hand=hand_of(play, level),
            trick=[(3, sort_cards(over_cards, level))],
            label=_("Does your play beat the table?"),
            **facts(level),
        )
        if not interactive:
            return table
        return mark_safe(  # noqa: S308 - built escaped
            table + choice_buttons([("yes", _("Yes, it beats it")), ("no", _("No"))])
        )


# ---------------------------------------------------------------------------
# Tick every play that beats the table


@register
class LegalKind(GuandanKind, card_kinds.TickKind):
    """Tick every option that may go on top of the table's play."""

    name = "guandan.legal"
    title = gettext_lazy("What beats it?")
    right_words = ("能压。", "beats it.")
    wrong_words = ("不能压：", "does not beat it. ")
    missed_words = (
        "还有 {n} 手能压的牌没有勾上。",
        "{n} play that beats it not ticked.",
        "{n} plays that beat it not ticked.",
    )

    def _read(self, data):
        level, rules = level_of(data), rules_of(data)
        over_cards = read_cards(data, "over")
        over = pick_reading(over_cards, level, rules, data.get("over_as"), "over")
        hand = read_cards(data, "hand", required=False)
        return level, rules, over_cards, over, hand

    def judge(self, data):
        level, rules, _over_cards, over, _hand = self._read(data)
        found = []
        for option in self.options(data):
            right, reason = beats_verdict(option, over, level, rules)
            found.append((tuple(option), right, None if right else reason))
        return found

    def validate(self, data):
        level, rules, over_cards, over, hand = self._read(data)
        self.validate_options(data, hand or None)
        for option in self.options(data):
            self.check_copies(option + ([] if hand else over_cards))
        self.check_copies(hand + over_cards)
        judged = self.judge(data)
        if all(right for _o, right, _r in judged) and len(judged) > 1:
            raise InvalidPuzzle("every option beats the table: there is nothing to find")

    def legend(self):
        return _("Plays that beat the table")

    def done_label(self):
        return _("Done: these beat it")

    def table(self, data):
        level, _rules, over_cards, _over, hand = self._read(data)
        return card_table(
            you=0,
            hand=hand_of(hand, level) if hand else "",
            trick=[(3, sort_cards(over_cards, level))],
            label=_("Which plays beat the table?"),
            **facts(level),
        )


# ---------------------------------------------------------------------------
# Who leads the next trick?


@register
class NextKind(GuandanKind):
    """A whole trick: who leads the next one? (接风 when the winner went out.)"""

    name = "guandan.next"
    title = gettext_lazy("Who leads next?")

    def _read(self, data):
        level, rules = level_of(data, default=2), rules_of(data)
        plays = data.get("plays")
        if not isinstance(plays, list) or not plays:
            raise InvalidPuzzle('plays lists the trick: [seat, "cards"] or [seat, "pass"]')
        read = []
        for entry in plays:
            if not isinstance(entry, list) or len(entry) != 2:
                raise InvalidPuzzle('each play is [seat, "cards"] or [seat, "pass"]')
            seat = seat_of({"seat": entry[0]}, "seat")
            cards = None if entry[1] == "pass" else read_cards({"play": entry[1]}, "play")
            read.append((seat, cards))
        left = data.get("left")
        if not isinstance(left, Mapping) or sorted(left) != ["0", "1", "2", "3"]:
            raise InvalidPuzzle('left gives each seat\'s cards after the trick: {"0" = 0, ...}')
        counts = {}
        for seat, n in left.items():
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 27:
                raise InvalidPuzzle("left: each seat holds 0 to 27 cards")
            counts[int(seat)] = n
        return level, rules, read, counts

    def trick_of(self, data) -> ClimbingTrick:
        level, rules, plays, left = self._read(data)
        played = {s for s, cards in plays}
        out = {s for s in range(4) if left[s] == 0 and s not in played}
        top: Reading | None = None
        try:
            trick = ClimbingTrick(
                leader=plays[0][0], seats=4, beats=beats, out=out, next_leader_of=partner_leads()
            )
            for i, (seat, cards) in enumerate(plays):
                if cards is None:
                    trick.pass_(seat)
                    continue
                readings = [r for r in readings_of(cards, level, rules) if beats(r, top)]
                if not readings:
                    raise InvalidPuzzle(f"{cards_text(cards)} does not beat the play before it")
                later = sum(len(c) for s, c in plays[i + 1 :] if s == seat and c)
                trick.play(seat, readings[0], left=left[seat] + later)
                top = readings[0]
        except ValueError as error:  # IllegalTurn, a bad seat
            raise InvalidPuzzle(f"the trick: {error}") from None
        if not trick.is_over:
            raise InvalidPuzzle("the trick is not over: every other seat still in must pass")
        return trick

    def validate(self, data):
        self.trick_of(data)

    def choices(self, data) -> list[int]:
        _level, _rules, _plays, left = self._read(data)
        return [s for s in range(4) if left[s] > 0]

    def parse_answer(self, data, state, post):
        return int(read_choice(post, [str(s) for s in self.choices(data)]))

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        trick = self.trick_of(data)
        leader = trick.next_leader
        owner = trick.owner
        state = {"answer": answer, "judged": True}
        o_zh, o_en = seat_names(owner)
        l_zh, l_en = seat_names(leader)
        if owner in trick.finished:
            words = both(
                f"{o_zh}出的牌没人要，而且这手牌出完了，就由对家接风：{l_zh}出下一轮。",
                f"Nobody beat the last play, made by {o_en} with the last card in hand: the "
                f"partner takes the lead (接风), so {l_en} leads next.",
            )
        else:
            words = both(
                f"其他人都过了，牌回到{o_zh}手上：{o_zh}赢了这一轮，接着出下一轮。",
                f"Everyone else passed and play came back to {o_en}, who won the trick and "
                "leads the next.",
            )
        if answer == leader:
            return Verdict(CORRECT, message=words), state
        return Verdict(WRONG, message=both("不是这一家。", "Not that seat."), answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        level, _rules, plays, left = self._read(data)
        trick_rows = [(seat, sort_cards(cards, level)) for seat, cards in plays if cards]
        passes = [seat_label(seat, 0) for seat, cards in plays if cards is None]
        others = {s: left[s] for s in (1, 2, 3)}
        table = card_table(
            you=0,
            hand="",
            others=others,
            trick=trick_rows,
            label=_("Who leads the next trick?"),
            note=_("Cards left: %(counts)s. Passed, in turn: %(passes)s.")
            % {
                "counts": ", ".join(f"{seat_label(s, 0)} {left[s]}" for s in range(4)),
                "passes": ", ".join(passes) or "—",
            },
            level=level_name(level),
        )
        if not interactive:
            return table
        choices = [(str(s), seat_label(s, 0)) for s in self.choices(data)]
        return mark_safe(table + choice_buttons(choices))  # noqa: S308


def seat_names(seat: int) -> tuple[str, str]:
    """The seat as a sentence names it, counted from the learner."""
    return [
        ("你", "you"),
        ("下家", "the player on your right"),
        ("对家", "your partner"),
        ("上家", "the player on your left"),
    ][seat % 4]


# ---------------------------------------------------------------------------
# A lesson's picture


@register_picture
class Table(card_kinds.TablePicture):
    """A lesson's picture of the table: a hand, a trick, the other seats."""

    name = "guandan.table"
    game = "guandan"

    def order_of(self, data):
        return order_for(level_of(data))

    def table_facts(self, order):
        return facts(order.level)

    def marks(self, order):
        return {wild_card(order.level): "wild"}


__all__ = [
    "BeatsKind",
    "ClassifyKind",
    "LegalKind",
    "NextKind",
    "OrderKind",
    "Table",
]
