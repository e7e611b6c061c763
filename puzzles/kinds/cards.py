"""What the card games' puzzle kinds share: reading cards from a puzzle's data and
from a form, and the kinds whose judging is the same in every trick-taking game —
sort a hand (``SortKind``), count the points (``CountKind``), tick every option
that is right, each explained (``TickKind``).

A game's kind subclasses one of these and says what differs: its ``order_of(data)``
(an ``engines.tricks.Order``), how many decks its shoe holds, the facts its table
shows (``table_facts``), and for a ``TickKind`` how each option is judged.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from engines.cards import Card, cards_text, parse_card
from engines.tricks import Order, points
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards.cards import card_table, cards_row, hand_controls, seat_label
from puzzles.pictures import LessonPicture

from . import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    PuzzleKind,
    Verdict,
    both,
    read_choice,
)
from .inputs import number_input, read_number

__all__ = [
    "CardKind",
    "CountKind",
    "SortKind",
    "TablePicture",
    "TickKind",
    "TrickWinnerKind",
    "cards_of",
    "getlist",
    "plays_of",
    "seat_of",
    "seat_words",
    "selected_cards",
    "solve_within",
]


def cards_of(data: Mapping[str, Any], key: str, *, required: bool = True) -> list[Card]:
    """The cards under ``key``: a string ``"♥A ♥A BJ"`` or a list of card texts."""
    value = data.get(key)
    if value is None and not required:
        return []
    try:
        if isinstance(value, str):
            return [parse_card(w) for w in value.replace(",", " ").split()]
        if isinstance(value, list):
            return [parse_card(w) for w in value]
    except ValueError as error:
        raise InvalidPuzzle(f"{key}: {error}") from None
    raise InvalidPuzzle(f'{key} must be cards, such as "♥A ♥A BJ"')


def plays_of(data: Mapping[str, Any], key: str) -> list[list[Card]]:
    """A list of plays under ``key`` (each as ``cards_of`` reads it)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise InvalidPuzzle(f"{key} must be a list of plays")
    return [cards_of({key: play}, key) for play in value]


def seat_of(data: Mapping[str, Any], key: str, default: int | None = None, seats: int = 4) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise InvalidPuzzle(f"{key} must be a seat, 0 to {seats - 1}")
    return value


def getlist(post: Mapping[str, Any], key: str) -> list[str]:
    """Every value a form sent under ``key`` (a QueryDict or a plain dict)."""
    if hasattr(post, "getlist"):
        return post.getlist(key)
    value = post.get(key, [])
    return value if isinstance(value, list) else [value]


def selected_cards(post: Mapping[str, Any], key: str = "card", *, most: int = 3) -> tuple:
    """The cards ticked in a hand (1 to ``most``), sorted; ``BadAnswer`` otherwise."""
    words = getlist(post, key)
    if not words or len(words) > most:
        if most == 3:
            raise BadAnswer(_("choose one, two or three cards"))
        raise BadAnswer(_("choose 1 to %(most)s cards") % {"most": most})
    try:
        return tuple(sorted(parse_card(w) for w in words))
    except (ValueError, TypeError):
        raise BadAnswer(_("that is not a playing card")) from None


def seat_words(relative: int) -> tuple[str, str]:
    """Seat names counted from the learner (seat 0 of a puzzle is "you")."""
    return [
        ("你", "You"),
        ("下家", "Your right (下家)"),
        ("对家", "Your partner (对家)"),
        ("上家", "Your left (上家)"),
    ][relative % 4]


class CardKind(PuzzleKind):
    """A card game's kind: ``order_of`` and ``table_facts`` are the game's."""

    decks: ClassVar[int] = 1

    def order_of(self, data: Mapping[str, Any]) -> Order:  # pragma: no cover - abstract
        raise NotImplementedError

    def table_facts(self, order: Order) -> dict[str, Any]:
        """What the table's header shows: the trump suit and the level."""
        return {"trump": order.trump, "level": order.level}

    def check_copies(self, cards: Sequence[int]) -> None:
        if any(k > self.decks for k in Counter(cards).values()):
            words = {2: "two", 3: "three"}.get(self.decks, str(self.decks))
            raise InvalidPuzzle(f"{words} decks hold each card {words} times")

    def start(self, data):
        return {}

    def answer_text(self, answer):
        if isinstance(answer, tuple):
            return cards_text(answer)
        return str(answer)


# ---------------------------------------------------------------------------
# Sort the cards


class SortKind(CardKind):
    """Pick the cards from the highest down, as a player sorts a hand."""

    def validate(self, data):
        self.order_of(data)
        cards = cards_of(data, "cards")
        if len(cards) < 3 or len(cards) > 13:
            raise InvalidPuzzle("give 3 to 13 cards to sort")
        self.check_copies(cards)

    def start(self, data):
        return {"placed": []}

    def parse_answer(self, data, state, post):
        try:
            return parse_card(post.get("card", ""))
        except (ValueError, TypeError):
            raise BadAnswer(_("that is not a playing card")) from None

    @staticmethod
    def remaining(data, state) -> Counter:
        return Counter(cards_of(data, "cards")) - Counter(
            parse_card(t) for t in state.get("placed", [])
        )

    @staticmethod
    def allowed(order: Order, left: Counter, placed: Sequence[Card]) -> set[Card]:
        """The cards that may come next: the highest trump; else the highest card of
        the side suit being laid out, or of any side suit when none is open."""
        trumps = [c for c in left if left[c] and order.is_trump(c)]
        if trumps:
            top = max(order.strength[c] for c in trumps)
            return {c for c in trumps if order.strength[c] == top}
        open_suit = None
        if placed and not order.is_trump(placed[-1]):
            suit = order.suit_of[placed[-1]]
            if any(left[c] and order.suit_of[c] == suit for c in left):
                open_suit = suit
        allowed = set()
        for suit in {order.suit_of[c] for c in left if left[c]}:
            if open_suit is not None and suit != open_suit:
                continue
            cards = [c for c in left if left[c] and order.suit_of[c] == suit]
            top = max(order.strength[c] for c in cards)
            allowed |= {c for c in cards if order.strength[c] == top}
        return allowed

    def check(self, data, state, answer):
        order = self.order_of(data)
        placed = [parse_card(t) for t in state.get("placed", [])]
        left = self.remaining(data, state)
        if not left[answer]:
            return Verdict(
                ILLEGAL, message=both("这张牌不在要排的牌里。", "That card is not left to sort.")
            ), state
        allowed = self.allowed(order, left, placed)
        if answer not in allowed:
            right = " ".join(c.text() for c in order.sorted(allowed))
            sorted_all = " ".join(c.text() for c in order.sorted(left.elements()))
            return Verdict(
                WRONG,
                message=both(
                    f"{answer.text()} 还不该出场：剩下的牌里还有比它大的。",
                    f"Not {answer.text()} yet: a higher card is still left.",
                ),
                answer=both(
                    f"下一张应该是 {right}。剩下的牌从大到小是：{sorted_all}。",
                    f"Next comes {right}. The cards left, high to low: {sorted_all}.",
                ),
            ), {"placed": [c.text() for c in placed], "judged": True}
        placed.append(answer)
        state = {"placed": [c.text() for c in placed]}
        if sum(left.values()) == 1:
            return Verdict(
                CORRECT,
                message=both(
                    "排好了：" + " ".join(c.text() for c in placed),
                    "Sorted: " + " ".join(c.text() for c in placed),
                ),
            ), {**state, "judged": True}
        return Verdict(
            CONTINUE, message=both(f"对，{answer.text()}。", f"Yes, {answer.text()}.")
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        order = self.order_of(data)
        state = state or {}
        placed = [parse_card(t) for t in state.get("placed", [])]
        left = self.remaining(data, state)
        if state.get("judged") or not interactive:
            rest = hand_controls(order.sorted(left.elements()), mode="show")
        else:
            # Shown in the order given, so the layout gives nothing away.
            given = list(cards_of(data, "cards"))
            shown = Counter(given) - left
            rest_cards = []
            for card in given:
                if shown[card]:
                    shown[card] -= 1
                    continue
                rest_cards.append(card)
            rest = hand_controls(rest_cards, mode="click")
        row = cards_row(placed) if placed else ""
        sorted_label = html.escape(_("Sorted so far"))
        left_label = html.escape(_("Still to place: click the highest"))
        table = card_table(you=0, hand=rest, label=_("Sort the cards"), **self.table_facts(order))
        return mark_safe(  # noqa: S308 - built escaped
            f'<div class="sort-row"><h3 class="seat-name">{sorted_label}</h3>'
            f'<div class="hand">{row}</div></div>'
            f'<p class="table-note">{left_label}</p>{table}'
        )


# ---------------------------------------------------------------------------
# Count the points


class CountKind(CardKind):
    """How many points are in these cards (5 = 5, 10 = 10, K = 10)?"""

    most_cards: ClassVar[int] = 24

    def validate(self, data):
        cards = cards_of(data, "cards")
        if not 1 <= len(cards) <= self.most_cards:
            raise InvalidPuzzle(f"give 1 to {self.most_cards} cards to count")
        self.check_copies(cards)

    def parse_answer(self, data, state, post):
        return int(read_number(post))

    def check(self, data, state, answer):
        cards = cards_of(data, "cards")
        scoring = [c for c in cards if points([c])]
        total = points(cards)
        listed = " + ".join(f"{c.text()} {points([c])}" for c in scoring) or "0"
        message = both(
            f"分牌：{listed}，一共 {total} 分（5 是 5 分，10 和 K 是 10 分）。",
            f"Point cards: {listed}: {total} points (a 5 is 5, a 10 or a K is 10).",
        )
        state = {"answer": answer, "judged": True}
        if answer == total:
            return Verdict(CORRECT, message=message), state
        why = both(
            f"不是 {answer} 分。再数一遍：5 是 5 分，10 和 K 是 10 分，别的牌不算分。",
            f"Not {answer}. Count again: a 5 is worth 5, a 10 or a K 10, other cards nothing.",
        )
        return Verdict(WRONG, message=why, answer=message), state

    def board(self, data, state, *, verdict=None, interactive=True):
        cards = cards_of(data, "cards")
        picture = f'<div class="card-table"><div class="hand">{cards_row(cards)}</div></div>'
        if not interactive:
            return mark_safe(picture)  # noqa: S308
        return mark_safe(picture + number_input(field_id="count-answer", label=_("Points")))  # noqa: S308


# ---------------------------------------------------------------------------
# Who wins the trick?


class TrickWinnerKind(CardKind):
    """Four plays of a trick (``plays``, the lead first, led by ``leader``): which one
    wins it? A game's subclass gives ``trick_winner``, the words (``winner_words``,
    ``why_it_loses``) and ``check_lead``."""

    def trick_winner(self, plays, order) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def winner_words(self, plays, order, leader) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def why_it_loses(self, plays, order, leader, i) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def check_lead(self, lead, order) -> None:
        """``InvalidPuzzle`` when the game forbids this lead."""

    def shown(self, play, order):
        """A play as the table shows it."""
        return play

    def _read(self, data):
        return self.order_of(data), plays_of(data, "plays"), seat_of(data, "leader", 0)

    def validate(self, data):
        order, plays, _leader = self._read(data)
        if len(plays) != 4:
            raise InvalidPuzzle("a trick has four plays, the lead first")
        self.check_lead(plays[0], order)
        if any(len(p) != len(plays[0]) for p in plays):
            raise InvalidPuzzle("every play has as many cards as the lead")
        self.check_copies([c for p in plays for c in p])

    def parse_answer(self, data, state, post):
        return read_choice(post, ["0", "1", "2", "3"])

    def check(self, data, state, answer):
        order, plays, leader = self._read(data)
        win = self.trick_winner(plays, order)
        state = {"answer": answer, "judged": True}
        words = self.winner_words(plays, order, leader)
        if int(answer) == win:
            return Verdict(CORRECT, message=words), state
        why = self.why_it_loses(plays, order, leader, int(answer))
        return Verdict(WRONG, message=why, answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        order, plays, leader = self._read(data)
        trick = [((leader + i) % 4, self.shown(p, order)) for i, p in enumerate(plays)]
        shown = (verdict is not None and verdict.is_correct) or (state or {}).get("answer_shown")
        winner = (leader + self.trick_winner(plays, order)) % 4 if shown else None
        table = card_table(
            you=0,
            hand="",
            trick=trick,
            dealer=data.get("dealer"),
            winner=winner,
            label=_("Who wins this trick?"),
            **self.table_facts(order),
        )
        if not interactive:
            return table
        choices = []
        for i, play in enumerate(plays):
            seat = (leader + i) % 4
            who = _("You") if seat == 0 else seat_label(seat, 0)
            choices.append((str(i), f"{who}: {cards_text(self.shown(play, order))}"))
        return mark_safe(table + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# Tick every option that is right


class TickKind(CardKind):
    """Tick every right option among ``options`` (groups of cards), then Done; each
    option is explained. A subclass gives ``judge(data)``: for each option, whether
    it is right and the reason (``{"zh", "en"}`` or ``None``), and ``table``."""

    most_options: ClassVar[int] = 8
    # How a right and a wrong option are said, before the reason.
    right_words: ClassVar[tuple[str, str]] = ("可以。", "legal.")
    wrong_words: ClassVar[tuple[str, str]] = ("不行，", "illegal. ")
    missed_words: ClassVar[tuple[str, str, str]] = (
        "还有 {n} 种可以出的没有勾上。",
        "{n} legal play not ticked.",
        "{n} legal plays not ticked.",
    )

    def options(self, data) -> list[list[Card]]:
        return plays_of(data, "options")

    def judge(self, data) -> list[tuple[tuple[Card, ...], bool, dict | None]]:
        raise NotImplementedError  # pragma: no cover - abstract

    def table(self, data) -> str:
        raise NotImplementedError  # pragma: no cover - abstract

    def legend(self) -> str:
        return _("Legal plays")

    def done_label(self) -> str:
        return _("Done: these are the legal ones")

    def validate_options(self, data, hand: Sequence[int] | None = None) -> None:
        options = self.options(data)
        if not options or len(options) > self.most_options:
            raise InvalidPuzzle(f"give 1 to {self.most_options} options")
        if hand is not None:
            for option in options:
                if Counter(option) - Counter(hand):
                    raise InvalidPuzzle(f"option {cards_text(option)} is not in the hand")
        if len({tuple(sorted(o)) for o in options}) != len(options):
            raise InvalidPuzzle("two options are the same play")

    def parse_answer(self, data, state, post):
        if post.get("answer") != "done":
            raise BadAnswer(_("press Done to answer"))
        count = len(data.get("options", []))
        picked = set()
        for value in getlist(post, "option"):
            if value not in [str(i) for i in range(count)]:
                raise BadAnswer(_("that is not one of the choices"))
            picked.add(int(value))
        return tuple(sorted(picked))

    def answer_text(self, answer):
        return ",".join(str(i) for i in answer) or "none"

    def _line(self, option, right, reason) -> tuple[str, str]:
        words = self.right_words if right else self.wrong_words
        reason = reason or {"zh": "", "en": ""}
        text = cards_text(option)
        return (f"{text}：{words[0]}{reason['zh']}", f"{text}: {words[1]}{reason['en']}".rstrip())

    def check(self, data, state, answer):
        judged = self.judge(data)
        truth = {i for i, (_option, right, _reason) in enumerate(judged) if right}
        lines = [self._line(*entry) for entry in judged]
        zh, en = [z for z, _e in lines], [e for _z, e in lines]
        state = {"picked": list(answer), "judged": True}
        if set(answer) == truth:
            return Verdict(CORRECT, message=both("".join(zh), " ".join(en))), state
        # Why the options ticked wrongly are wrong; what was missed, only on request.
        why_zh = [lines[i][0] for i in sorted(set(answer) - truth)]
        why_en = [lines[i][1] for i in sorted(set(answer) - truth)]
        missed = len(truth - set(answer))
        if missed:
            why_zh.append(self.missed_words[0].format(n=missed))
            why_en.append(self.missed_words[1 if missed == 1 else 2].format(n=missed))
        return Verdict(
            WRONG,
            message=both("".join(why_zh), " ".join(why_en)),
            answer=both("".join(zh), " ".join(en)),
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        table = self.table(data)
        order = self.order_of(data)
        if not interactive:
            rows = "".join(
                f'<div class="hand">{cards_row(order.sorted(option))}</div>'
                for option in self.options(data)
            )
            return mark_safe(table + rows)  # noqa: S308 - built escaped
        state = state or {}
        picked = set(state.get("picked", []))
        boxes = "".join(
            f'<label class="option"><input type="checkbox" name="option" value="{i}"'
            f"{' checked' if i in picked else ''}> {cards_row(order.sorted(option))}</label>"
            for i, option in enumerate(self.options(data))
        )
        return mark_safe(  # noqa: S308 - built escaped
            table + f'<fieldset class="options"><legend>{html.escape(self.legend())}'
            f"</legend>{boxes}</fieldset>" + submit_button(self.done_label())
        )


# ---------------------------------------------------------------------------
# Solving an open ending within a budget, and the lessons' table picture


def solve_within(solve, ending, budget, node_limit: int, stopped: type[Exception]):
    """``solve(ending, node_limit=...)`` with its nodes spent from ``budget``.

    ``OutOfBudget`` when the budget stopped the solver; the solver's ``stopped``
    error (its node limit) when the ending is too large for any puzzle.
    """
    limit = min(node_limit, budget.left)
    try:
        solution = solve(ending, node_limit=limit)
    except stopped:
        if limit < node_limit:
            budget.spend(budget.left + 1)
        raise
    budget.spend(solution.nodes)
    return solution


class TablePicture(LessonPicture):
    """A lesson's picture of a card table: a hand, the trick, other seats (their
    open cards, or a number face down), the kitty; nothing to answer. A game's
    subclass gives ``order_of`` and ``table_facts``."""

    def order_of(self, data):  # pragma: no cover - abstract
        raise NotImplementedError

    def table_facts(self, order) -> dict[str, Any]:
        return {"trump": order.trump, "level": order.level}

    def marks(self, order) -> dict[int, str]:
        """Cards the hand marks (a class per card), such as a game's wild cards."""
        return {}

    def validate(self, data):
        self.order_of(data)
        cards_of(data, "hand", required=False)
        plays_of(data, "trick")
        cards_of(data, "kitty", required=False)

    def draw(self, data):
        order = self.order_of(data)
        hand = cards_of(data, "hand", required=False)
        trick = plays_of(data, "trick")
        leader = data.get("leader", (0 - len(trick)) % 4)
        others = {}
        for seat, cards in (data.get("others") or {}).items():
            others[int(seat)] = (
                order.sorted(cards_of({"c": cards}, "c")) if not isinstance(cards, int) else cards
            )
        return card_table(
            you=0,
            hand=hand_controls(order.sorted(hand), mode="show", marks=self.marks(order)),
            others=others,
            trick=[((leader + i) % 4, order.sorted(p)) for i, p in enumerate(trick)],
            dealer=data.get("dealer"),
            kitty=cards_of(data, "kitty", required=False) or None,
            **self.table_facts(order),
        )
