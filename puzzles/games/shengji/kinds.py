"""升级 puzzle kinds: every answer is judged by ``engines.shengji``.

* ``shengji.count``: how many points in these cards?
* ``shengji.order``: sort these cards, highest first, for this level and trump.
* ``shengji.tractor``: which of these are tractors (each explained)?
* ``shengji.follow``: tick every legal follow to the lead (each explained).
* ``shengji.winner``: who wins this trick?
* ``shengji.throw``: does this throw stand, and if not, which unit is forced?
* ``shengji.declare``: what is trump after these shows; may this player show these?
* ``shengji.settle``: the attackers' points, the result, the levels gained.
* ``shengji.bury``: bury 8 cards meeting the goals the lesson sets.
* ``shengji.play``: which cards do you play? Every play the double-dummy solver
  proves optimal is accepted (solved when the puzzle is saved).
* ``shengji.table``: a lesson's picture.

The data formats are in ``content/shengji/README.md``.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.budget import Budget
from engines.cards import SUIT_SYMBOLS, Card, cards_text, parse_card
from engines.shengji import (
    IllegalPlay,
    Order,
    check_follow,
    check_throw,
    lead_units,
    level_name,
    parse_level,
    parse_trump,
    points,
    trick_winner,
)
from engines.shengji.declare import IllegalDeclaration, check_declaration, kitty_trump
from engines.shengji.hand import settle
from engines.shengji.kitty import GOALS, unmet
from engines.shengji.rules import rules_for
from engines.shengji.solver import Ending, SearchLimit, solution_from_json, solve
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards.cards import card_table, cards_row, hand_controls, seat_label
from puzzles.kinds import (
    CORRECT,
    ILLEGAL,
    WRONG,
    InvalidPuzzle,
    Verdict,
    both,
    localized,
    read_choice,
    register,
)
from puzzles.kinds import cards as card_kinds
from puzzles.kinds.cards import CardKind, cards_of, plays_of, seat_of, selected_cards, solve_within
from puzzles.kinds.inputs import number_input, read_number
from puzzles.pictures import register_picture

from .words import (
    RESULT_WORDS,
    ending_words,
    settle_words,
    throw_words,
    tractor_reason,
    trump_words,
    why_it_loses,
    winner_words,
)


def rules_of(data: Mapping[str, Any]):
    try:
        return rules_for(data.get("rules", "competition"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def level_of(data: Mapping[str, Any]) -> int:
    try:
        return parse_level(data.get("level"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def order_of(data: Mapping[str, Any]) -> Order:
    if "trump" not in data:
        raise InvalidPuzzle('trump is missing: a suit such as "♥", or "NT"')
    try:
        trump = parse_trump(data.get("trump"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None
    return Order(level_of(data), trump, ace_links_level=rules_of(data).ace_links_level)


def facts(order: Order) -> dict[str, Any]:
    return {
        "trump": order.trump,
        "no_trump": order.trump is None,
        "level": level_name(order.level),
    }


class ShengjiKind(CardKind):
    game = "shengji"
    decks = 2

    def order_of(self, data):
        return order_of(data)

    def table_facts(self, order):
        return facts(order)


# ---------------------------------------------------------------------------
# Count, sort


@register
class CountKind(ShengjiKind, card_kinds.CountKind):
    """How many points are in these cards (5 = 5, 10 = 10, K = 10)?"""

    name = "shengji.count"
    title = gettext_lazy("Count the points")
    most_cards = 30


@register
class OrderKind(ShengjiKind, card_kinds.SortKind):
    """Pick the cards from the highest down, as a player sorts a hand."""

    name = "shengji.order"
    title = gettext_lazy("Card order")


# ---------------------------------------------------------------------------
# Tractors


@register
class TractorKind(ShengjiKind, card_kinds.TickKind):
    """Tick every option that is a tractor (one option: yes or no)."""

    name = "shengji.tractor"
    title = gettext_lazy("Tractors")
    right_words = ("", "")
    wrong_words = ("不是拖拉机：", "not a tractor. ")
    missed_words = (
        "还有 {n} 个拖拉机没有勾上。",
        "{n} tractor not ticked.",
        "{n} tractors not ticked.",
    )

    def judge(self, data):
        order = order_of(data)
        found = []
        for option in self.options(data):
            right, reason = tractor_reason(option, order)
            found.append((tuple(option), right, reason))
        return found

    def validate(self, data):
        order_of(data)
        self.validate_options(data)
        for option in self.options(data):
            self.check_copies(option)
            if len(option) < 2:
                raise InvalidPuzzle("each option is two or more cards")

    def parse_answer(self, data, state, post):
        if len(data.get("options", [])) == 1:
            return (0,) if read_choice(post, ["yes", "no"]) == "yes" else ()
        return super().parse_answer(data, state, post)

    def legend(self):
        return _("Tractors")

    def done_label(self):
        return _("Done: these are the tractors")

    def table(self, data):
        return card_table(you=0, hand="", label=_("Which are tractors?"), **facts(order_of(data)))

    def board(self, data, state, *, verdict=None, interactive=True):
        options = self.options(data)
        if len(options) != 1:
            return super().board(data, state, verdict=verdict, interactive=interactive)
        order = order_of(data)
        picture = mark_safe(  # noqa: S308 - built escaped
            self.table(data) + f'<div class="hand">{cards_row(order.sorted(options[0]))}</div>'
        )
        if not interactive:
            return picture
        return mark_safe(  # noqa: S308
            picture
            + choice_buttons([("yes", _("It is a tractor")), ("no", _("It is not a tractor"))])
        )


# ---------------------------------------------------------------------------
# Following


@register
class FollowKind(ShengjiKind, card_kinds.TickKind):
    """Tick every legal follow among the options, then Done."""

    name = "shengji.follow"
    title = gettext_lazy("Legal follows")

    def _read(self, data):
        order = order_of(data)
        hand = cards_of(data, "hand")
        lead = cards_of(data, "lead")
        trick = plays_of(data, "trick")
        return order, hand, lead, trick

    def judge(self, data):
        order, hand, lead, _trick = self._read(data)
        found = []
        for option in self.options(data):
            try:
                check_follow(hand, lead, option, order)
                found.append((tuple(option), True, None))
            except IllegalPlay as error:
                found.append((tuple(option), False, error.reason))
        return found

    def validate(self, data):
        order, hand, lead, trick = self._read(data)
        try:
            lead_units(lead, order)
        except IllegalPlay as error:
            raise InvalidPuzzle(f"the lead: {error}") from None
        if len(trick) > 2:
            raise InvalidPuzzle("trick holds the plays after the lead: at most two")
        if any(len(p) != len(lead) for p in trick):
            raise InvalidPuzzle("every play has as many cards as the lead")
        if len(hand) < len(lead):
            raise InvalidPuzzle("the hand has fewer cards than the lead")
        self.check_copies(hand + lead + [c for p in trick for c in p])
        self.validate_options(data, hand)
        if any(len(o) != len(lead) for o in self.options(data)):
            raise InvalidPuzzle("every option has as many cards as the lead")

    def table(self, data):
        order, hand, lead, trick = self._read(data)
        leader = (-1 - len(trick)) % 4
        plays = [lead, *trick]
        return card_table(
            you=0,
            hand=hand_controls(order.sorted(hand), mode="show"),
            trick=[((leader + i) % 4, order.sorted(p)) for i, p in enumerate(plays)],
            **facts(order),
        )


# ---------------------------------------------------------------------------
# Who wins the trick?


@register
class WinnerKind(ShengjiKind, card_kinds.TrickWinnerKind):
    """Four plays of a trick: which one wins it?"""

    name = "shengji.winner"
    title = gettext_lazy("Who wins the trick")

    def check_lead(self, lead, order):
        try:
            lead_units(lead, order)
        except IllegalPlay as error:
            raise InvalidPuzzle(f"the lead: {error}") from None

    def shown(self, play, order):
        return order.sorted(play)

    trick_winner = staticmethod(trick_winner)
    winner_words = staticmethod(winner_words)
    why_it_loses = staticmethod(why_it_loses)


# ---------------------------------------------------------------------------
# Throws


@register
class ThrowKind(ShengjiKind):
    """The learner throws; the other hands are open: does it stand, or what is forced?"""

    name = "shengji.throw"
    title = gettext_lazy("Throwing")

    def _read(self, data):
        order = order_of(data)
        throw = cards_of(data, "throw")
        others = data.get("others")
        if not isinstance(others, list) or len(others) != 3:
            raise InvalidPuzzle("others lists the three other hands: seats 1, 2 and 3")
        others = [cards_of({"others": h}, "others", required=False) for h in others]
        return order, throw, others

    def result(self, data):
        order, throw, others = self._read(data)
        try:
            return check_throw(throw, others, order)
        except IllegalPlay as error:
            raise InvalidPuzzle(f"the throw: {error}") from None

    def validate(self, data):
        order, throw, others = self._read(data)
        result = self.result(data)
        if len(result.units) < 2:
            raise InvalidPuzzle("a throw is two or more units of one suit")
        self.check_copies(throw + [c for h in others for c in h])

    def truth(self, data) -> str:
        result = self.result(data)
        if result.ok:
            return "ok"
        return str([u.cards for u in result.units].index(result.forced))

    def parse_answer(self, data, state, post):
        count = len(self.result(data).units)
        return read_choice(post, ["ok", *[str(i) for i in range(count)]])

    def check(self, data, state, answer):
        result = self.result(data)
        words = throw_words(result, rules_of(data).throw_penalty)
        state = {"answer": answer, "judged": True}
        if answer == self.truth(data):
            return Verdict(CORRECT, message=words), state
        if answer == "ok":
            why = both(
                "这次甩牌会失败：有人能管住其中一组。看看别人的牌。",
                "This throw fails: someone can beat one of its units. Look at the other hands.",
            )
        elif result.ok:
            why = both(
                "这次甩牌能成功：别人手里没有比其中任何一组更大的同样牌型。",
                "This throw stands: no one holds a higher unit of the same shape as any of it.",
            )
        else:
            why = both(
                "不是这一组：被管住的组里，要出最小的那一组。",
                "Not that unit: of the units someone beats, the smallest must be played.",
            )
        return Verdict(WRONG, message=why, answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        order, throw, others = self._read(data)
        table = card_table(
            you=0,
            hand="",
            others={seat: order.sorted(h) for seat, h in enumerate(others, start=1)},
            trick=[(0, order.sorted(throw))],
            label=_("Does this throw stand?"),
            **facts(order),
        )
        if not interactive:
            return table
        choices = [("ok", _("The throw stands"))]
        for i, unit in enumerate(self.result(data).units):
            choices.append(
                (str(i), _("It fails: play %(cards)s") % {"cards": cards_text(unit.cards)})
            )
        return mark_safe(table + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# Declaring


TRUMP_CHOICES = ("♠", "♥", "♣", "♦", "NT")


@register
class DeclareKind(ShengjiKind):
    """Shows during the deal: what is trump now, or may this seat show these cards?"""

    name = "shengji.declare"
    title = gettext_lazy("Declaring trumps")

    def _shows(self, data):
        shows = data.get("shows", [])
        if not isinstance(shows, list):
            raise InvalidPuzzle("shows lists [seat, cards] in the order they were made")
        read = []
        for show in shows:
            if not isinstance(show, list) or len(show) != 2:
                raise InvalidPuzzle("each show is [seat, cards]")
            seat = seat_of({"seat": show[0]}, "seat")
            read.append((seat, cards_of({"cards": show[1]}, "cards")))
        return read

    def trace(self, data):
        """Each show with the declaration it made or the reason it was refused; the
        declaration standing at the end."""
        level, rules = level_of(data), rules_of(data)
        current, steps = None, []
        for seat, cards in self._shows(data):
            try:
                current = check_declaration(seat, cards, level, current=current, rules=rules)
                steps.append((seat, cards, None))
            except IllegalDeclaration as error:
                steps.append((seat, cards, error))
        return current, steps

    def trump(self, data) -> str:
        current, _steps = self.trace(data)
        if current is not None:
            suit = current.suit
        else:
            kitty = cards_of(data, "kitty", required=False)
            if not kitty:
                raise InvalidPuzzle("nobody declared and no kitty is given")
            suit = kitty_trump(kitty, rules_of(data))
        return "NT" if suit is None else SUIT_SYMBOLS[suit]

    def can(self, data) -> IllegalDeclaration | None:
        current, _steps = self.trace(data)
        try:
            check_declaration(
                seat_of(data, "seat"),
                cards_of(data, "cards"),
                level_of(data),
                current=current,
                rules=rules_of(data),
            )
        except IllegalDeclaration as error:
            return error
        return None

    def validate(self, data):
        ask = data.get("ask")
        if ask not in ("trump", "can"):
            raise InvalidPuzzle('ask is "trump" or "can"')
        self.trace(data)
        if ask == "trump":
            self.trump(data)
        else:
            self.can(data)

    def parse_answer(self, data, state, post):
        if data["ask"] == "trump":
            return read_choice(post, TRUMP_CHOICES)
        return read_choice(post, ["yes", "no"])

    def story(self, data) -> dict[str, str]:
        """Every show, accepted or refused with the reason, and the trump it leaves."""
        current, steps = self.trace(data)
        zh, en = [], []
        for seat, cards, error in steps:
            who_zh, who_en = card_kinds.seat_words(seat)
            text = cards_text(cards)
            if error is None:
                names = trump_words(cards[0].suit if not cards[0].is_joker else None)
                zh.append(f"{who_zh}亮 {text}：{names[0]}。")
                en.append(f"{who_en}: {text} — {names[1]}.")
            else:
                zh.append(f"{who_zh}亮 {text}：不算，{error.reason['zh']}")
                en.append(f"{who_en}: {text} does not count. {error.reason['en']}")
        if current is None and cards_of(data, "kitty", required=False):
            suit = self.trump(data)
            name = trump_words(None if suit == "NT" else SUIT_SYMBOLS.index(suit))
            zh.append(f"没人亮主：庄家翻底牌，第一张（王跳过）定主：{name[0]}。")
            en.append(
                f"Nobody declared: the dealer turns up the kitty and its first card (jokers "
                f"skipped) names trumps: {name[1]}."
            )
        return both("".join(zh), " ".join(en))

    def check(self, data, state, answer):
        state = {"answer": answer, "judged": True}
        story = self.story(data)
        if data["ask"] == "trump":
            truth = self.trump(data)
            if answer == truth:
                return Verdict(CORRECT, message=story), state
            return Verdict(
                WRONG,
                message=both(
                    "不对。一张一张看：后亮的要比前面的多，而且要换花色；一对王反无主。",
                    "Not so. Go through the shows one by one: an override needs more cards of "
                    "another suit; a joker pair makes it no-trump.",
                ),
                answer=story,
            ), state
        error = self.can(data)
        truth = "yes" if error is None else "no"
        why = error.reason if error else both("可以亮。", "Yes, this show counts.")
        return Verdict(CORRECT if answer == truth else WRONG, message=why), state

    def board(self, data, state, *, verdict=None, interactive=True):
        rows = []
        for seat, cards in self._shows(data):
            who = _("You") if seat == 0 else seat_label(seat, 0)
            rows.append(
                f'<li class="played"><span class="played-by">{html.escape(str(who))}</span>'
                f"{cards_row(cards)}</li>"
            )
        title = html.escape(_("Shown during the deal, in order"))
        level_word = _("Level")
        body = (
            f'<div class="card-table"><div class="table-info"><span class="table-fact">'
            f"{html.escape(level_word)} <strong>{level_name(level_of(data))}</strong></span></div>"
        )
        if rows:
            body += (
                f'<section class="trick"><h3 class="seat-name">{title}</h3>'
                f'<ol class="trick-plays">{"".join(rows)}</ol></section>'
            )
        kitty = cards_of(data, "kitty", required=False)
        if kitty:
            kitty_word = html.escape(_("Kitty (底牌), turned up in order"))
            body += (
                f'<section class="kitty"><h3 class="seat-name">{kitty_word}</h3>'
                f"{cards_row(kitty)}</section>"
            )
        if data.get("ask") == "can":
            seat = seat_of(data, "seat")
            who = _("You") if seat == 0 else seat_label(seat, 0)
            now = html.escape(_("%(who)s would show") % {"who": who})
            body += (
                f'<section class="kitty"><h3 class="seat-name">{now}</h3>'
                f"{cards_row(cards_of(data, 'cards'))}</section>"
            )
        body += "</div>"
        if not interactive:
            return mark_safe(body)  # noqa: S308 - built escaped
        if data.get("ask") == "can":
            controls = choice_buttons(
                [("yes", _("Yes, it counts")), ("no", _("No, it does not count"))]
            )
        else:
            controls = choice_buttons(
                [(s, s) for s in TRUMP_CHOICES[:4]] + [("NT", _("No-trump (无主)"))]
            )
        return mark_safe(body + controls)  # noqa: S308


# ---------------------------------------------------------------------------
# Settling


ASKS = ("points", "result", "levels")


@register
class SettleKind(ShengjiKind):
    """The last trick is over: the attackers' points, who goes up, by how many levels."""

    name = "shengji.settle"
    title = gettext_lazy("Settle the hand")

    def outcome(self, data):
        order = order_of(data)
        levels = data.get("levels", [2, 2])
        if not (
            isinstance(levels, list)
            and len(levels) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 14 for v in levels)
        ):
            raise InvalidPuzzle("levels are the two teams' levels, each 2 to 14 (A)")
        trick_points = data.get("trick_points")
        if (
            not isinstance(trick_points, int)
            or isinstance(trick_points, bool)
            or not 0 <= trick_points <= 200
            or trick_points % 5
        ):
            raise InvalidPuzzle("trick_points is the attackers' points in tricks, 0 to 200")
        kitty = cards_of(data, "kitty")
        if len(kitty) != 8:
            raise InvalidPuzzle("the kitty has eight cards")
        if trick_points + points(kitty) > 200:
            raise InvalidPuzzle("the trick points and the kitty add up to more than 200")
        last = cards_of(data, "last", required=False)
        if last:
            try:
                lead_units(last, order)
            except IllegalPlay as error:
                raise InvalidPuzzle(f"last: {error}") from None
        penalties = data.get("penalties", 0)
        if not isinstance(penalties, int) or isinstance(penalties, bool) or penalties % 10:
            raise InvalidPuzzle("penalties is a whole number of points, a multiple of 10")
        self.check_copies(kitty)
        return settle(
            trick_points,
            points(kitty),
            attackers_won_last=bool(last),
            last_lead=last,
            order=order,
            penalties=penalties,
            rules=rules_of(data),
        )

    def validate(self, data):
        if data.get("ask") not in ASKS:
            raise InvalidPuzzle(f"ask is one of {', '.join(ASKS)}")
        seat_of(data, "dealer", 0)
        self.outcome(data)

    def parse_answer(self, data, state, post):
        if data.get("ask") == "result":
            return read_choice(post, list(RESULT_WORDS))
        return int(read_number(post))

    def check(self, data, state, answer):
        outcome = self.outcome(data)
        truth = {
            "points": outcome.attackers,
            "result": outcome.winner,
            "levels": outcome.levels,
        }[data["ask"]]
        words = settle_words(outcome)
        state = {"answer": answer, "judged": True}
        if answer == truth:
            return Verdict(CORRECT, message=words), state
        why = both(
            "再算一遍：先数抓分方的分（最后一轮抓分方赢了，底牌的分要乘倍数），再查升级表。",
            "Work it out again: count the attackers' points first (the kitty's multiplied if "
            "they won the last trick), then look the total up in the level table.",
        )
        return Verdict(WRONG, message=why, answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        kitty = cards_of(data, "kitty")
        last = cards_of(data, "last", required=False)
        dealer = seat_of(data, "dealer", 0)
        levels = data.get("levels", [2, 2])
        rows = [
            (_("Attackers’ points in tricks"), str(data.get("trick_points"))),
            (
                _("Last trick won by"),
                _("the attackers, leading %(cards)s (抠底)") % {"cards": cards_text(last)}
                if last
                else _("the dealer’s side"),
            ),
            (
                _("Levels (dealer’s side, attackers)"),
                f"{level_name(levels[dealer % 2])}, {level_name(levels[1 - dealer % 2])}",
            ),
        ]
        if data.get("penalties"):
            rows.append((_("Throw penalties for the attackers"), str(data["penalties"])))
        body = "".join(
            f'<tr><th scope="row">{html.escape(str(k))}</th><td>{html.escape(v)}</td></tr>'
            for k, v in rows
        )
        kitty_word = html.escape(_("Kitty (底牌)"))
        picture = (
            f'<div class="card-table"><section class="kitty"><h3 class="seat-name">'
            f"{kitty_word}</h3>{cards_row(kitty)}</section>"
            f'<table class="facts">{body}</table></div>'
        )
        if not interactive:
            return mark_safe(picture)  # noqa: S308
        if data.get("ask") == "result":
            controls = choice_buttons(
                [
                    ("dealer", _("The dealer’s side holds (保庄)")),
                    ("attackers", _("The attackers take over (上台)")),
                ]
            )
        else:
            label = {"points": _("Attackers’ points"), "levels": _("Levels gained")}[data["ask"]]
            controls = number_input(field_id="settle-answer", label=label)
        return mark_safe(picture + controls)  # noqa: S308


# ---------------------------------------------------------------------------
# Burying


def bury_exists(hand, order, goals) -> list[Card] | None:
    """An 8-card bury meeting every goal, found constructively (``None`` if none)."""
    held = Counter(hand)
    allowed = Counter(
        {
            c: k
            for c, k in held.items()
            if not ("no-trumps" in goals and order.is_trump(c))
            and not ("no-points" in goals and points([c]))
        }
    )
    keep_pairs = "keep-pairs" in goals
    suits = [None]
    if "void" in goals:
        suits = sorted({order.suit_of[c] for c in held if not order.is_trump(c)})
    for suit in suits:
        base = Counter()
        if suit is not None:
            whole = Counter({c: k for c, k in held.items() if order.suit_of[c] == suit})
            if whole - allowed or sum(whole.values()) > 8:
                continue
            base = whole
        rest = allowed - base
        need = 8 - sum(base.values())
        units = []
        for c, k in rest.items():
            if keep_pairs and k == 2:
                units.append([c, c])
            else:
                units.extend([[c]] * k)
        units.sort(key=len)
        singles = [u for u in units if len(u) == 1]
        pairs = [u for u in units if len(u) == 2]
        for n_pairs in range(min(len(pairs), need // 2) + 1):
            n_singles = need - 2 * n_pairs
            if n_singles <= len(singles):
                cards = list(base.elements())
                for u in pairs[:n_pairs] + singles[:n_singles]:
                    cards += u
                if not unmet(hand, cards, order, goals):
                    return cards
    return None


@register
class BuryKind(ShengjiKind):
    """The dealer has picked up the kitty: choose 8 cards to bury, meeting the goals."""

    name = "shengji.bury"
    title = gettext_lazy("Burying the kitty")

    def _read(self, data):
        goals = data.get("goals")
        if not isinstance(goals, list) or not goals or any(g not in GOALS for g in goals):
            raise InvalidPuzzle(f"goals is a list of: {', '.join(GOALS)}")
        return order_of(data), cards_of(data, "hand"), goals

    def validate(self, data):
        order, hand, goals = self._read(data)
        if len(hand) != 33:
            raise InvalidPuzzle("the dealer's hand with the kitty is 33 cards")
        self.check_copies(hand)
        if bury_exists(hand, order, goals) is None:
            raise InvalidPuzzle("no bury meets every goal")
        ranked = order.sorted(hand)
        if not any(unmet(hand, cards, order, goals) for cards in (ranked[:8], ranked[-8:])):
            raise InvalidPuzzle("every bury meets the goals: there is nothing to choose")

    def parse_answer(self, data, state, post):
        return selected_cards(post, most=8)

    def check(self, data, state, answer):
        order, hand, goals = self._read(data)
        if len(answer) != 8:
            return Verdict(ILLEGAL, message=both("要正好扣 8 张。", "Bury exactly 8 cards.")), state
        if Counter(answer) - Counter(hand):
            return Verdict(
                ILLEGAL, message=both("这些牌不在你手里。", "You don't hold those.")
            ), state
        missed = unmet(hand, answer, order, goals)
        state = {"buried": [c.text() for c in answer], "judged": True}
        asked = both("".join(GOALS[g][0] for g in goals), " ".join(GOALS[g][1] for g in goals))
        if not missed:
            return Verdict(
                CORRECT,
                message=both(f"可以：{asked['zh']}都做到了。", f"Good: {asked['en']} All met."),
            ), state
        example = cards_text(order.sorted(bury_exists(hand, order, goals)))
        return Verdict(
            WRONG,
            message=both(
                "没做到：" + "".join(GOALS[g][0] for g in missed),
                "Missed: " + " ".join(GOALS[g][1] for g in missed),
            ),
            answer=both(f"比如可以扣：{example}。", f"For example, bury {example}."),
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        order, hand, goals = self._read(data)
        state = state or {}
        buried = Counter(parse_card(t) for t in state.get("buried", []))
        left = Counter(hand) - buried
        mode = "select" if interactive else "show"
        table = card_table(
            you=0,
            hand=hand_controls(order.sorted(left.elements()), mode=mode),
            note=localized(
                both("".join(GOALS[g][0] for g in goals), " ".join(GOALS[g][1] for g in goals))
            ),
            label=_("Bury 8 cards"),
            **facts(order),
        )
        if not interactive:
            return table
        return mark_safe(table + submit_button(_("Bury these 8"), "bury"))  # noqa: S308


# ---------------------------------------------------------------------------
# Lessons: the table


@register_picture
class Table(card_kinds.TablePicture):
    """A lesson's picture: a hand, the trick, other seats; nothing to answer."""

    name = "shengji.table"
    game = "shengji"

    def order_of(self, data):
        return order_of(data)

    def table_facts(self, order):
        return facts(order)


# ---------------------------------------------------------------------------
# Which cards do you play? (open endings, proven by the solver)

NODE_LIMIT = 400_000  # a puzzle ending must be proven well inside this


def _solve(key: str, budget: Budget):
    """Solve the ending, its nodes spent from ``budget`` (see ``solve_within``)."""
    ending = Ending.from_json(json.loads(key))
    return solve_within(solve, ending, budget, NODE_LIMIT, SearchLimit)


@register
class PlayKind(ShengjiKind):
    """Choose the cards to play in an open ending; every optimal play is accepted."""

    name = "shengji.play"
    title = gettext_lazy("Best play")

    def _read(self, data):
        order = order_of(data)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise InvalidPuzzle("hands lists the four seats' cards, yours first")
        hands = [cards_of({"hands": h}, "hands", required=False) for h in hands]
        return order, hands, plays_of(data, "trick")

    def ending_json(self, data) -> str:
        order, hands, trick = self._read(data)
        return json.dumps(
            {
                "hands": [[c.text() for c in h] for h in hands],
                "trick": [[c.text() for c in p] for p in trick],
                "to_play": 0,
                "level": level_name(order.level),
                "trump": "NT" if order.trump is None else SUIT_SYMBOLS[order.trump],
                "dealer": seat_of(data, "dealer", 0),
                "kitty_points": data.get("kitty_points", 0),
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    def prepare(self, data, budget=None):
        """The ending is solved once, here: judging reads the stored values."""
        return {"solution": self._proven(data, budget).to_json()}

    def _proven(self, data, budget=None):
        try:
            solution = _solve(self.ending_json(data), budget or Budget(NODE_LIMIT))
        except SearchLimit:
            raise InvalidPuzzle("the solver could not prove this ending: make it smaller") from None
        except ValueError as error:
            raise InvalidPuzzle(f"the ending is not valid: {error}") from None
        if len(set(solution.values.values())) == 1:
            raise InvalidPuzzle("every legal play scores the same: there is nothing to find")
        return solution

    def validate(self, data, budget=None):
        self._proven(data, budget)

    def solution_of(self, data):
        return solution_from_json(self.prepared(data)["solution"])

    def parse_answer(self, data, state, post):
        return selected_cards(post, most=len(self._read(data)[1][0]) or 1)

    def refuse(self, data, play) -> dict | None:
        """Why the rules forbid ``play`` here (a failed throw included), or None."""
        order, hands, trick = self._read(data)
        hand = hands[0]
        try:
            if trick:
                check_follow(hand, trick[0], play, order)
                return None
            if Counter(play) - Counter(hand):
                raise IllegalPlay("not-in-hand", cards=cards_text(play))
            result = check_throw(play, hands[1:], order)
        except IllegalPlay as error:
            return error.reason
        if not result.ok:
            return throw_words(result, rules_of(data).throw_penalty)
        return None

    def check(self, data, state, answer):
        reason = self.refuse(data, answer)
        if reason is not None:
            return Verdict(ILLEGAL, message=reason), state
        solution = self.solution_of(data)
        play = tuple(sorted(answer))
        if play not in solution.values:
            return Verdict(
                ILLEGAL, message=both("这样出不行。", "That play is not allowed here.")
            ), state
        right = play in solution.best
        best = " / ".join(cards_text(p) for p in solution.best)
        new_state = {"played": [c.text() for c in play], "judged": True}
        attacking = seat_of(data, "dealer", 0) % 2 == 1
        return Verdict(
            CORRECT if right else WRONG,
            message=ending_words(solution, play, attacking=attacking, right=right),
            answer="" if right else both(f"好打法：{best}。", f"The play: {best}."),
        ), new_state

    def solution(self, data):
        return [cards_text(p) for p in self.solution_of(data).best]

    def board(self, data, state, *, verdict=None, interactive=True):
        order, hands, trick = self._read(data)
        state = state or {}
        leader = (0 - len(trick)) % 4
        played = [parse_card(t) for t in state.get("played", [])]
        rows = [((leader + i) % 4, order.sorted(p)) for i, p in enumerate(trick)]
        if played:
            rows.append((0, order.sorted(played)))
        left = Counter(hands[0]) - Counter(played)
        table = card_table(
            you=0,
            hand=hand_controls(
                order.sorted(left.elements()), mode="select" if interactive else "show"
            ),
            others={seat: order.sorted(hands[seat]) for seat in (1, 2, 3)},
            trick=rows,
            dealer=seat_of(data, "dealer", 0),
            **facts(order),
        )
        if not interactive:
            return table
        return mark_safe(table + submit_button(_("Play the chosen cards"), "play"))  # noqa: S308
