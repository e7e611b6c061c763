"""掼蛋 puzzle kinds: every answer is judged by ``engines.guandan``.

* ``guandan.order``: sort these cards, highest first, at this level.
* ``guandan.classify``: what combination is this? (every reading a wild allows is right)
* ``guandan.beats``: may this play go on top of the one on the table?
* ``guandan.legal``: tick every option that beats the table (each explained).
* ``guandan.next``: who leads the next trick (接风 included)?
* ``guandan.tribute``: which card to pay or return, 抗贡, who leads the new hand.
* ``guandan.settle``: levels gained, the next level, has the match been won?
* ``guandan.lead``: which combination do you play? Every play the solver proves
  forces the goal is right (solved when the puzzle is saved).
* ``guandan.partition``: split a hand into the fewest plays.
* ``guandan.table``: a lesson's picture.

The data formats are in ``content/guandan/README.md``.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.budget import Budget
from engines.cards import Card, cards_text, parse_card
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
from engines.guandan.hand import Match, tribute_plan
from engines.guandan.rules import rules_for
from engines.guandan.solver import (
    PASS,
    Ending,
    SearchLimit,
    greedy_partition,
    min_partition,
    solve,
)
from engines.tricks import Order
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards.cards import card_table, cards_row, hand_controls, seat_label
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    Verdict,
    both,
    localized,
    read_choice,
    register,
)
from puzzles.kinds import cards as card_kinds
from puzzles.kinds.cards import CardKind, cards_of, seat_of, selected_cards, solve_within
from puzzles.kinds.inputs import number_input, read_number
from puzzles.pictures import register_picture

from .words import (
    beats_words,
    does,
    kind_words,
    order_words,
    plural,
    rank_words,
    reading_words,
    seat_words,
    settle_words,
    tribute_words,
)


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
        "marks": {wild: "wild"},
    }


def hand_of(cards, level: int, mode: str = "show") -> str:
    """A hand in hand order, the wild cards marked."""
    wild = wild_card(level)
    return hand_controls(sort_cards(cards, level), mode=mode, marks={wild: "wild"})


def row(cards, level: int) -> str:
    """Cards shown in hand order, the wild ones marked."""
    return cards_row(sort_cards(cards, level), marks={wild_card(level): "wild"})


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
    """An option as its button says it: ``顺子（到 7）`` / ``straight to 7``."""
    if spec is None:
        return "不成牌型", "not a combination"
    kind, rank = spec
    if rank is None:
        return kind_words(kind)
    zh, en = kind_words(kind)
    r_zh, r_en = rank_words(rank)
    many = plural(rank)
    if kind in ("straight", "straight-flush", "tube", "plate"):
        return f"{zh}（到 {r_zh}）", f"{en} to {r_en}"
    return f"{zh}（{r_zh}）", {
        "single": f"single {r_en}",
        "pair": f"pair of {many}",
        "triple": f"three {many}",
        "full-house": f"full house with three {many}",
        "bomb": f"bomb of {many}",
    }[kind]


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
            message=both("它成牌型。", "It is a combination.")
            if specs[answer] is None
            else both(f"不是{s_zh}。", f"Not {s_en}."),
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
        o_zh, o_en = seat_words(owner)
        l_zh = seat_words(leader)[0]
        if owner in trick.finished:
            words = both(
                f"{o_zh}出的牌没人要，而且这手牌出完了，就由对家接风：{l_zh}出下一轮。",
                f"Nobody beat the last play, made by {o_en} with the last card in hand: the "
                f"partner takes the lead (接风), so {does(leader, 'lead')} next.",
            )
        else:
            words = both(
                f"其他人都过了，牌回到{o_zh}手上：{o_zh}赢了这一轮，接着出下一轮。",
                f"Everyone else passed, so the trick goes to {o_en}, and so does the next lead.",
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
    "LeadKind",
    "LegalKind",
    "NextKind",
    "PartitionKind",
    "OrderKind",
    "SettleKind",
    "Table",
    "TributeKind",
]


# ---------------------------------------------------------------------------
# Tribute, return, 抗贡


def order_of_finish(data: Mapping[str, Any]) -> tuple[int, ...]:
    order = data.get("order")
    if (
        not isinstance(order, list)
        or sorted(order) != [0, 1, 2, 3]
        or any(isinstance(s, bool) for s in order)
    ):
        raise InvalidPuzzle("order lists the four seats from first out to last, e.g. [0, 1, 2, 3]")
    return tuple(order)


def losers_of(order) -> list[int]:
    """The seats that owe tribute: both opponents after a 双下, else the last."""
    if order[0] % 2 == order[1] % 2:
        return [s for s in range(4) if s % 2 != order[0] % 2]
    return [order[3]]


@register
class TributeKind(GuandanKind):
    """Which card do you pay, or give back? Is it 抗贡? Who leads the new hand?"""

    name = "guandan.tribute"
    title = gettext_lazy("Tribute")
    ASKS = ("pay", "return", "leader")

    def _read(self, data):
        level, rules = level_of(data), rules_of(data)
        order = order_of_finish(data)
        given = data.get("hands")
        if not isinstance(given, Mapping) or "0" not in given:
            raise InvalidPuzzle(
                'hands gives the new hands that matter, seat 0 always: {"0" = "..."}'
            )
        hands = [Counter() for _ in range(4)]
        for seat, cards in given.items():
            if seat not in ("0", "1", "2", "3"):
                raise InvalidPuzzle(f"hands: {seat!r} is not a seat (0 to 3)")
            hands[int(seat)] = Counter(read_cards({"hand": cards}, "hand"))
        ask = data.get("ask")
        if ask not in self.ASKS:
            raise InvalidPuzzle("ask is 'pay', 'return' or 'leader'")
        return level, rules, order, hands, {int(s) for s in given}, ask

    def plan_of(self, data):
        level, rules, order, hands, given, ask = self._read(data)
        missing = [s for s in losers_of(order) if s not in given]
        if missing:
            raise InvalidPuzzle(f"give the new hand of seat {missing[0]}: it owes tribute")
        try:
            return tribute_plan(order, hands, level, rules)
        except ValueError as error:
            raise InvalidPuzzle(f"the tribute: {error}") from None

    def validate(self, data):
        level, rules, order, hands, given, ask = self._read(data)
        self.check_copies(list(sum(hands, Counter()).elements()))
        plan = self.plan_of(data)
        mine = set(hands[0])
        if ask == "pay":
            if 0 not in losers_of(order):
                raise InvalidPuzzle(
                    "ask 'pay': seat 0 must owe tribute (the last, or a 双下 loser)"
                )
            if not plan.resisted and mine <= set(plan.payment_of(0).choices):
                raise InvalidPuzzle("every card in the hand is the tribute: nothing to find")
        if ask == "return":
            if plan.resisted or 0 not in {r.giver for r in plan.returns}:
                raise InvalidPuzzle("ask 'return': seat 0 must receive tribute")
            if mine <= set(plan.return_of(0).choices):
                raise InvalidPuzzle("every card in the hand may go back: nothing to find")

    def parse_answer(self, data, state, post):
        ask = data.get("ask")
        if ask == "leader":
            return int(read_choice(post, ["0", "1", "2", "3"]))
        if ask == "pay" and post.get("answer") == "resist":
            return "resist"
        try:
            return parse_card(post.get("card", ""))
        except (ValueError, TypeError):
            raise BadAnswer(_("that is not a playing card")) from None

    def answer_text(self, answer):
        return answer.text() if isinstance(answer, Card) else str(answer)

    def check(self, data, state, answer):
        level, rules, order, hands, given, ask = self._read(data)
        plan = self.plan_of(data)
        words = tribute_words(plan, ask, rules)
        state = {"answer": self.answer_text(answer), "judged": True}
        if isinstance(answer, Card) and not hands[0][answer]:
            return Verdict(
                ILLEGAL, message=both("这张牌不在你手里。", "That card is not in your hand.")
            ), {}
        if ask == "leader":
            right = answer == plan.leader
        elif ask == "pay":
            right = answer == "resist" if plan.resisted else answer in plan.payment_of(0).choices
        else:
            right = answer in plan.return_of(0).choices
        if right:
            return Verdict(CORRECT, message=words), state
        if answer == "resist":
            why = both(
                "不能抗贡：抗贡要输家手里有两张大王（双下时两个输家合起来两张）。",
                "No refusing: 抗贡 needs both big jokers in the losers' hands (after a 双下, "
                "between the two of them).",
            )
        elif isinstance(answer, Card) and ask == "pay":
            why = both(
                f"{answer.text()} 不是你最大的牌：进贡要给手里最大的一张（红桃级牌除外）。",
                f"{answer.text()} is not your highest card: the tribute is the highest card "
                "you hold, a heart level card excepted.",
            )
        elif isinstance(answer, Card):
            why = both(f"{answer.text()} 不能还。", f"{answer.text()} may not go back.")
        else:
            why = both("不是这一家先出。", "That seat does not lead.")
        return Verdict(WRONG, message=why, answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        level, rules, order, hands, given, ask = self._read(data)
        clickable = interactive and ask in ("pay", "return")
        received = read_cards(data, "received", required=False)
        zh, en = order_words(order)
        note = localized(both("上一副：" + zh + "。", "Last hand: " + en + "."))
        if received:
            note += " " + _("You received: %(cards)s") % {"cards": cards_text(received)}
        table = card_table(
            you=0,
            hand=hand_of(list(hands[0].elements()), level, "click" if clickable else "show"),
            others={s: sort_cards(hands[s].elements(), level) for s in given if s != 0},
            label=_("Tribute"),
            level=level_name(level),
            note=note,
            marks={wild_card(level): "wild"},
        )
        if not interactive:
            return table
        if ask == "leader":
            choices = [(str(s), seat_label(s, 0)) for s in range(4)]
            return mark_safe(table + choice_buttons(choices))  # noqa: S308
        if ask == "pay":
            return mark_safe(  # noqa: S308
                table + choice_buttons([("resist", _("No tribute: refuse it (抗贡)"))])
            )
        return table


# ---------------------------------------------------------------------------
# Levels after a hand


@register
class SettleKind(GuandanKind):
    """How many levels, the next hand's level, or has the match been won?"""

    name = "guandan.settle"
    title = gettext_lazy("Levels")
    ASKS = ("gain", "next", "match")

    def _read(self, data):
        order = order_of_finish(data)
        levels = data.get("levels", [2, 2])
        if not isinstance(levels, list) or len(levels) != 2:
            raise InvalidPuzzle("levels is [team 0+2, team 1+3], each 2 to 14 (A)")
        try:
            levels = [parse_level(v) for v in levels]
        except ValueError as error:
            raise InvalidPuzzle(f"levels: {error}") from None
        playing = data.get("playing", 0)
        if playing not in (0, 1) or isinstance(playing, bool):
            raise InvalidPuzzle("playing is the team whose level the hand was played at: 0 or 1")
        ask = data.get("ask")
        if ask not in self.ASKS:
            raise InvalidPuzzle("ask is 'gain', 'next' or 'match'")
        return order, levels, playing, ask

    def outcome(self, data):
        order, levels, playing, ask = self._read(data)
        match = Match(rules_of(data))
        match.levels, match.declarer = list(levels), playing
        ace_hand = match.level == 14
        settlement, won = match.score(order)
        team = settlement.team
        return settlement, levels[team], match.levels[team], won is not None, ace_hand

    def validate(self, data):
        order, levels, playing, ask = self._read(data)
        settlement, before, after, won, ace_hand = self.outcome(data)
        if ask == "next" and won:
            raise InvalidPuzzle("ask 'next': the match is over after this hand")

    def parse_answer(self, data, state, post):
        ask = data.get("ask")
        if ask == "gain":
            return int(read_number(post))
        if ask == "next":
            return parse_level(read_choice(post, [level_name(r) for r in range(2, 15)]))
        return read_choice(post, ["yes", "no"])

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        order, levels, playing, ask = self._read(data)
        settlement, before, after, won, ace_hand = self.outcome(data)
        words = settle_words(settlement, before, after, won, order, ace_hand=ace_hand)
        truth = {"gain": settlement.gained, "next": after, "match": "yes" if won else "no"}[ask]
        state = {"answer": answer, "judged": True}
        if answer == truth:
            return Verdict(CORRECT, message=words), state
        if ask == "match":  # yes or no: the reason gives nothing more away
            return Verdict(WRONG, message=words), state
        shown = level_name(answer) if ask == "next" else answer
        return Verdict(WRONG, message=both(f"不是 {shown}。", f"Not {shown}."), answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        order, levels, playing, ask = self._read(data)
        zh, en = order_words(order)
        ours, theirs = (level_name(v) for v in levels)
        played = level_name(levels[playing])
        facts_zh = f"这一副的名次：{zh}。你们在 {ours}，对手在 {theirs}；这副打的是 {played}。"
        facts_en = (
            f"This hand: {en}. Your side is at {ours}, the other side at {theirs}; the hand "
            f"was played at {played}."
        )
        table = card_table(
            you=0,
            hand="",
            label=_("Levels after the hand"),
            level=level_name(levels[playing]),
            note=localized(both(facts_zh, facts_en)),
        )
        if not interactive:
            return table
        if ask == "gain":
            return mark_safe(table + number_input(label=_("Levels gained")))  # noqa: S308
        if ask == "next":
            choices = [(level_name(r), level_name(r)) for r in range(2, 15)]
            return mark_safe(table + choice_buttons(choices))  # noqa: S308
        return mark_safe(  # noqa: S308
            table + choice_buttons([("yes", _("Yes, they win the match")), ("no", _("No"))])
        )


# ---------------------------------------------------------------------------
# Which combination do you lead? (open endings, proven by the solver)

NODE_LIMIT = 1_000_000  # a puzzle ending must be proven well inside this
PASS_TEXT = "pass"  # noqa: S105 - the word a pass is stored as


def _solve(key: str, budget: Budget):
    """Solve the ending, its nodes spent from ``budget`` (see ``solve_within``)."""
    data = json.loads(key)
    goal = data.pop("goal")
    ending = Ending.from_json(data)
    return solve_within(
        lambda e, node_limit: solve(e, goal, node_limit=node_limit),
        ending,
        budget,
        NODE_LIMIT,
        SearchLimit,
    )


@register
class LeadKind(GuandanKind):
    """Seat 0 plays (or passes) in an open ending; every play that forces the goal
    is right. Solved when the puzzle is saved: judging reads the stored result."""

    name = "guandan.lead"
    title = gettext_lazy("Best play")
    GOALS = ("first", "double")

    def _read(self, data):
        level, rules = level_of(data), rules_of(data)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise InvalidPuzzle("hands lists the four seats' cards, yours first")
        hands = [read_cards({"hand": h}, "hand", required=False) for h in hands]
        if not hands[0]:
            raise InvalidPuzzle("seat 0 (the learner) must hold cards")
        if any(len(h) > 8 for h in hands):
            raise InvalidPuzzle("an ending holds at most 8 cards a seat")
        goal = data.get("goal", "first")
        if goal not in self.GOALS:
            raise InvalidPuzzle("goal is 'first' (头游 for your side) or 'double' (1-2)")
        table = data.get("table")
        top = None
        if table is not None:
            if not isinstance(table, Mapping) or "play" not in table or "by" not in table:
                raise InvalidPuzzle('table is { play = "♠9 ♠9", by = 3 }')
            cards = read_cards(table, "play")
            by = seat_of(table, "by")
            if by == 0:
                raise InvalidPuzzle("table: the play on top is another seat's")
            top = (cards, by, pick_reading(cards, level, rules, table.get("as"), "table"))
        return level, rules, hands, goal, top

    def ending_json(self, data) -> str:
        level, rules, hands, goal, top = self._read(data)
        out = [s for s in range(4) if not hands[s]]
        table = None
        if top is not None:
            cards, by, reading = top
            if by in out:  # it went out with that play: the last seat out
                out = [s for s in out if s != by] + [by]
            passes = sum(1 for s in range(by + 1, 4) if s not in out)
            table = {
                "cards": [c.text() for c in cards],
                "reading": reading.text(),
                "owner": by,
                "passes": passes,
            }
        return json.dumps(
            {
                "hands": [[c.text() for c in h] for h in hands],
                "level": level_name(level),
                "table": table,
                "to_play": 0,
                "out": out,
                "rules": rules.name,
                "goal": goal,
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    def prepare(self, data, budget=None):
        """The ending is solved once, here: judging reads the stored values."""
        level = level_of(data)
        try:
            solution = _solve(self.ending_json(data), budget or Budget(NODE_LIMIT))
        except SearchLimit:
            raise InvalidPuzzle("the solver could not prove this ending: make it smaller") from None
        except ValueError as error:
            raise InvalidPuzzle(f"the ending is not valid: {error}") from None
        values = list(solution.plays.values())
        if all(values):
            raise InvalidPuzzle("every play reaches the goal: there is nothing to find")
        if not any(values):
            raise InvalidPuzzle("no play reaches the goal: the puzzle has no answer")
        moves = []
        for move, wins in solution.plays.items():
            entry = {"wins": wins}
            if move is PASS:
                entry["cards"] = PASS_TEXT
            else:
                entry["cards"] = cards_text(sorted(move.cards))
                entry["shown"] = cards_text(sort_cards(move.cards, level))
                entry["reading"] = move.reading.text()
                entry["words"] = list(reading_words(move.reading))
            if not wins:
                entry["line"] = [
                    [
                        seat,
                        PASS_TEXT
                        if answer is PASS
                        else cards_text(sort_cards(answer.cards, level)),
                    ]
                    for seat, answer in solution.refutations.get(move, [])
                ]
            moves.append(entry)
        return {"moves": moves, "nodes": solution.nodes}

    def validate(self, data, budget=None):
        level, rules, hands, goal, top = self._read(data)
        self.check_copies([c for h in hands for c in h] + (list(top[0]) if top else []))
        self.prepare(data, budget)

    def moves(self, data) -> list[dict]:
        return self.prepared(data)["moves"]

    def parse_answer(self, data, state, post):
        if post.get("answer") == "pass":
            return PASS_TEXT
        return selected_cards(post, most=10)

    def answer_text(self, answer):
        return answer if answer == PASS_TEXT else cards_text(answer)

    def refuse(self, data, answer) -> dict | None:
        """Why the rules forbid ``answer`` here, or None."""
        level, rules, hands, goal, top = self._read(data)
        if answer == PASS_TEXT:
            if top is None:
                return both("首家必须出牌，不能过。", "You lead: you must play, not pass.")
            return None
        if Counter(answer) - Counter(hands[0]):
            return both("手里没有这些牌。", "Those cards are not in your hand.")
        if not readings_of(answer, level, rules):
            return both(
                f"{cards_text(answer)} 不成牌型。", f"{cards_text(answer)} is not a combination."
            )
        if top is not None:
            right, reason = beats_verdict(answer, top[2], level, rules)
            if not right:
                return reason
        return None

    def check(self, data, state, answer):
        reason = self.refuse(data, answer)
        if reason is not None:
            return Verdict(ILLEGAL, message=reason), state
        text = self.answer_text(answer)
        entries = [m for m in self.moves(data) if m["cards"] == text]
        if not entries:  # cannot happen: the solver lists every legal play
            return Verdict(
                ILLEGAL, message=both("这样出不行。", "That play is not allowed.")
            ), state
        winning = [m for m in entries if m["wins"]]
        goal = data.get("goal", "first")
        goal_zh, goal_en = GOAL_WORDS[goal]
        new_state = {"played": text, "judged": True}
        best = [m for m in self.moves(data) if m["wins"]]
        best_zh = " / ".join(dict.fromkeys(_move_text(m, 0) for m in best))
        best_en = " / ".join(dict.fromkeys(_move_text(m, 1) for m in best))
        if winning:
            entry = winning[0]
            how = "" if answer == PASS_TEXT else entry["words"]
            return Verdict(
                CORRECT,
                message=both(
                    (f"按{how[0]}出，" if how and len(entries) > 1 else "")
                    + f"对方怎么应都挡不住：{goal_zh}。",
                    (f"Played as {how[1]}: " if how and len(entries) > 1 else "")
                    + f"whatever they do, {goal_en}.",
                ),
            ), new_state
        line = entries[0].get("line", [])
        steps_zh = "，".join(
            f"{seat_words(s)[0]}{'过' if m == PASS_TEXT else '出 ' + m}" for s, m in line
        )
        steps_en = ", ".join(
            f"{seat_words(s)[1]} {'passes' if m == PASS_TEXT else 'plays ' + m}" for s, m in line
        )
        return Verdict(
            WRONG,
            message=both(
                f"这样出{goal_zh.replace('一定', '就不一定')}：{steps_zh}。",
                f"After that they can stop it: {steps_en}.",
            ),
            answer=both(f"能赢的出法：{best_zh}。", f"The plays that win: {best_en}."),
        ), new_state

    def solution(self, data):
        return list(dict.fromkeys(_move_text(m, 1) for m in self.moves(data) if m["wins"]))

    def board(self, data, state, *, verdict=None, interactive=True):
        level, rules, hands, goal, top = self._read(data)
        state = state or {}
        played = state.get("played")
        trick = []
        if top is not None:
            trick.append((top[1], sort_cards(top[0], level)))
        left = Counter(hands[0])
        if played and played != PASS_TEXT:
            cards = read_cards({"p": played}, "p")
            trick.append((0, sort_cards(cards, level)))
            left -= Counter(cards)
        table = card_table(
            you=0,
            hand=hand_of(list(left.elements()), level, "select" if interactive else "show"),
            others={s: sort_cards(hands[s], level) for s in (1, 2, 3)},
            trick=trick,
            label=_("Open ending: every hand is shown"),
            **facts(level),
        )
        if not interactive:
            return table
        buttons = [("play", _("Play the chosen cards"))]
        if top is not None:
            buttons.append(("pass", _("Pass")))
        return mark_safe(table + choice_buttons(buttons))  # noqa: S308


GOAL_WORDS = {
    "first": ("你们一定能拿到头游", "your side goes out first (头游)"),
    "double": ("你和对家一定能拿到头游和二游", "you and your partner finish first and second"),
}


def _move_text(entry: dict, lang: int) -> str:
    if entry["cards"] == PASS_TEXT:
        return ("过", "pass")[lang]
    return entry.get("shown", entry["cards"])


# ---------------------------------------------------------------------------
# The fewest plays


@register
class PartitionKind(GuandanKind):
    """Split the hand into plays, one at a time; right when it takes the fewest."""

    name = "guandan.partition"
    title = gettext_lazy("Fewest plays")

    def _read(self, data):
        level, rules = level_of(data), rules_of(data)
        cards = read_cards(data, "cards")
        if not 4 <= len(cards) <= 16:
            raise InvalidPuzzle("give 4 to 16 cards to split")
        return level, rules, cards

    def prepare(self, data, budget=None):
        level, rules, cards = self._read(data)
        self.check_copies(cards)
        count, plays = min_partition(cards, level, rules)
        greedy = greedy_partition(cards, level, rules)
        if len(greedy) <= count:
            raise InvalidPuzzle(
                "pairs and triples alone already reach the fewest plays: nothing to find"
            )
        return {"fewest": count, "plays": [cards_text(p.cards) for p in plays]}

    def validate(self, data, budget=None):
        self.prepare(data, budget)

    def start(self, data):
        return {"groups": []}

    def parse_answer(self, data, state, post):
        return selected_cards(post, most=16)

    def answer_text(self, answer):
        return cards_text(answer)

    def remaining(self, data, state) -> Counter:
        level, rules, cards = self._read(data)
        left = Counter(cards)
        for group in state.get("groups", []):
            left -= Counter(read_cards({"g": group}, "g"))
        return left

    def check(self, data, state, answer):
        level, rules, cards = self._read(data)
        state = {"groups": list((state or {}).get("groups", []))}
        left = self.remaining(data, state)
        if Counter(answer) - left:
            return Verdict(
                ILLEGAL, message=both("这些牌不都在剩下的牌里。", "Those cards are not all left.")
            ), state
        readings = readings_of(answer, level, rules)
        if not readings:
            return Verdict(
                ILLEGAL,
                message=both(
                    f"{cards_text(answer)} 不成牌型，不能一手出。",
                    f"{cards_text(answer)} is not a combination: it cannot go in one play.",
                ),
            ), state
        stored = self.prepared(data)
        fewest = stored["fewest"]
        state["groups"].append(cards_text(answer))
        left -= Counter(answer)
        used = len(state["groups"])
        best_zh = "、".join(stored["plays"])
        answer_words = both(
            f"最少 {fewest} 手：{best_zh}。",
            f"The fewest is {fewest}: {' | '.join(stored['plays'])}.",
        )
        r_zh, r_en = reading_words(readings[0])
        if not left:
            if used == fewest:
                return Verdict(
                    CORRECT,
                    message=both(
                        f"{used} 手出完，这是最少的。", f"Out in {used} plays: the fewest there is."
                    ),
                ), {**state, "judged": True}
            return Verdict(
                WRONG,
                message=both(
                    f"用了 {used} 手，还能更少。", f"{used} plays: it can be done in fewer."
                ),
                answer=answer_words,
            ), {**state, "judged": True}
        rest, _plays = min_partition(list(left.elements()), level, rules)
        if used + rest > fewest:
            return Verdict(
                WRONG,
                message=both(
                    f"{r_zh}这样拆，剩下的牌至少还要 {rest} 手，一共 {used + rest} 手，多了。",
                    f"With {r_en} taken out, the rest needs at least {rest} more: {used + rest} "
                    "in all, too many.",
                ),
                answer=answer_words,
            ), {**state, "judged": True}
        return Verdict(CONTINUE, message=both(f"好，{r_zh}。", f"Good: {r_en}.")), state

    def board(self, data, state, *, verdict=None, interactive=True):
        level, rules, cards = self._read(data)
        state = state or {}
        left = self.remaining(data, state)
        groups = "".join(
            f'<div class="hand">{row(read_cards({"g": g}, "g"), level)}</div>'
            for g in state.get("groups", [])
        )
        done = html.escape(_("Plays so far"))
        table = card_table(
            you=0,
            hand=hand_of(
                list(left.elements()),
                level,
                "select" if interactive and not state.get("judged") else "show",
            ),
            label=_("Split the hand into the fewest plays"),
            **facts(level),
        )
        shown = (
            f'<div class="sort-row"><h3 class="seat-name">{done}</h3>{groups}</div>'
            if groups
            else ""
        )
        if not interactive or state.get("judged"):
            return mark_safe(shown + table)  # noqa: S308 - built escaped
        return mark_safe(  # noqa: S308 - built escaped
            shown + table + submit_button(_("These cards are one play"), "play")
        )
