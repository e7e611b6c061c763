"""保皇 puzzle kinds: every answer is judged by ``engines.baohuang``.

* ``baohuang.valid``: are these cards a set?
* ``baohuang.beats``: does this set beat the one on the table?
* ``baohuang.legal``: tick every set that beats the table (each explained).
* ``baohuang.royalist``: who can the royalist be, from what you have seen?
* ``baohuang.role``: may you call, who is offered the role next, how many 2s travel
  with the 大王, who is the royalist once the card is called?
* ``baohuang.next``: who leads the next round (接风 included)?
* ``baohuang.score``: the sides' points and who won.
* ``baohuang.tribute``: which cards you pay, which you receive, how many change hands.
* ``baohuang.lead``: which set do you play? Every play the solver proves reaches the
  goal is right (solved when the puzzle is saved).
* ``baohuang.table``: a lesson's picture of the five seats.

The data formats are in ``content/baohuang/README.md``. The learner is seat 0; play
runs 0 → 1 → 2 → 3 → 4 (counter-clockwise), so seat 1 is the right (下家) and seat
4 the left (上家).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from html import escape
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.baohuang import (
    COPIES,
    PLACE_POINTS,
    SEATS,
    TWO,
    IllegalSet,
    Roles,
    beats,
    callable_cards,
    next_offered,
    royalist_candidates,
    royalist_of,
    rules_for,
    score,
    set_of,
    sort_cards,
    tribute_plan,
    value,
)
from engines.baohuang.solver import PASS, Ending, SearchLimit, solve
from engines.budget import Budget
from engines.cards import CARDS, Card, cards_text, parse_card
from engines.climbing import ClimbingTrick
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards.cards import card_table, cards_row, hand_controls, seat_label
from puzzles.kinds import (
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
from puzzles.kinds.cards import CardKind, cards_of, getlist, selected_cards, solve_within
from puzzles.kinds.inputs import number_input, read_number
from puzzles.pictures import LessonPicture, register_picture

from .words import beats_words, cap, does, place_words, role_words, seat_words, valid_words

ALONE = "alone"  # the answer "独: the emperor plays alone"


def rules_of(data: Mapping[str, Any]):
    try:
        return rules_for(data.get("rules"))
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def read_cards(data: Mapping[str, Any], key: str, *, required: bool = True) -> list[Card]:
    cards = cards_of(data, key, required=required)
    if required and not cards:
        raise InvalidPuzzle(f"{key} holds no card")
    return cards


def read_seat(data: Mapping[str, Any], key: str, *, default: int | None = None) -> int:
    seat = data.get(key, default)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise InvalidPuzzle(f"{key} must be a seat, 0 to 4")
    return seat


def read_roles(data: Mapping[str, Any]) -> Roles:
    """``emperor``, ``royalist`` (a seat; absent or ``"alone"`` for 独) and
    ``open_alone`` (明独)."""
    emperor = read_seat(data, "emperor")
    royalist = data.get("royalist", ALONE)
    open_alone = data.get("open_alone", False)
    if not isinstance(open_alone, bool):
        raise InvalidPuzzle("open_alone is true or false")
    if royalist != ALONE:
        royalist = read_seat(data, "royalist")
    try:
        return Roles(emperor, None if royalist == ALONE else royalist, open_alone=open_alone)
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def hand_html(cards, mode: str = "show", field: str = "card") -> str:
    """A hand sorted as players hold it, 大王 down to 3, grouped by rank: a 43-card
    hand wraps rank by rank and stays readable on a phone."""
    return hand_controls(sort_cards(cards), mode=mode, field=field, group_by=value, fan=True)


def row(cards) -> str:
    return cards_row(sort_cards(cards))


def role_names(roles: Roles | None = None, *, emperor: int | None = None) -> dict[int, str]:
    """The names a table shows after the seats' places: the emperor, and the royalist
    and the rebels where the puzzle says who they are."""
    names: dict[int, str] = {}
    if roles is None:
        if emperor is not None:
            names[emperor] = _("Emperor (皇帝)")
        return names
    for seat in range(SEATS):
        role = roles.role(seat)
        names[seat] = {
            "emperor": _("Emperor (皇帝)"),
            "royalist": _("Royalist (保皇派)"),
            "rebel": _("Rebel (革命党)"),
        }[role]
    if roles.alone:
        names[roles.emperor] = (
            _("Emperor, alone (明独)") if roles.open_alone else _("Emperor, alone (独)")
        )
    return names


def check_copies(cards) -> None:
    over = [CARDS[c].text() for c, n in Counter(cards).items() if n > COPIES]
    if over:
        raise InvalidPuzzle(f"four decks hold each card four times; too many {', '.join(over)}")


def listed(words) -> str:
    """Words in a row as the learner's language lists them: 、 in Chinese."""
    return ("、" if _zh() else ", ").join(words)


def table(*, label: str, hand: str = "", **kwargs) -> str:
    return card_table(you=0, hand=hand, seats=SEATS, label=label, **kwargs)


class _Order:
    """What the shared tick kind sorts options by."""

    @staticmethod
    def sorted(cards):
        return sort_cards(cards)


class BaohuangKind(CardKind):
    game = "baohuang"
    decks = COPIES

    def order_of(self, data):
        return _Order()

    def table_facts(self, order):
        return {}


def yes_no(data, state, answer, right: bool, reason: dict):
    state = {"answer": answer, "judged": True}
    return Verdict(CORRECT if (answer == "yes") == right else WRONG, message=reason), state


# ---------------------------------------------------------------------------
# Is it a set?


@register
class ValidKind(BaohuangKind):
    """Are these cards one set (一套牌)? Yes or no, with the rule."""

    name = "baohuang.valid"
    title = gettext_lazy("Is it a set?")

    def validate(self, data):
        rules_of(data)
        cards = read_cards(data, "cards")
        if len(cards) > 16:
            raise InvalidPuzzle("give 1 to 16 cards")
        check_copies(cards)

    def parse_answer(self, data, state, post):
        return read_choice(post, ["yes", "no"])

    def check(self, data, state, answer):
        right, reason = valid_words(read_cards(data, "cards"), rules_of(data))
        return yes_no(data, state, answer, right, reason)

    def board(self, data, state, *, verdict=None, interactive=True):
        cards = read_cards(data, "cards")
        picture = table(label=_("Are these cards one set?"), hand=hand_html(cards))
        if not interactive:
            return picture
        return mark_safe(  # noqa: S308 - built escaped
            picture + choice_buttons([("yes", _("Yes, it is a set")), ("no", _("No"))])
        )


# ---------------------------------------------------------------------------
# Does it beat the table?


def read_set(data, key: str, rules):
    cards = read_cards(data, key)
    try:
        return cards, set_of(cards, rules)
    except IllegalSet as error:
        raise InvalidPuzzle(f"{key} is no set: {error.reason['en']}") from None


@register
class BeatsKind(BaohuangKind):
    """May your set go on the table's? Yes or no, compared card by card."""

    name = "baohuang.beats"
    title = gettext_lazy("Does it beat?")

    def _read(self, data):
        rules = rules_of(data)
        play_cards, play = read_set(data, "play", rules)
        over_cards, over = read_set(data, "over", rules)
        by = read_seat(data, "by", default=4)
        if by == 0:
            raise InvalidPuzzle("by: the set on the table is another seat's")
        return play_cards, play, over_cards, over, by

    def validate(self, data):
        play_cards, _play, over_cards, _over, _by = self._read(data)
        check_copies(play_cards + over_cards)

    def parse_answer(self, data, state, post):
        return read_choice(post, ["yes", "no"])

    def check(self, data, state, answer):
        _pc, play, _oc, over, _by = self._read(data)
        right, reason = beats_words(play, over)
        return yes_no(data, state, answer, right, reason)

    def board(self, data, state, *, verdict=None, interactive=True):
        play_cards, _play, over_cards, _over, by = self._read(data)
        picture = table(
            label=_("Does your set beat the table?"),
            hand=hand_html(play_cards),
            trick=[(by, sort_cards(over_cards))],
        )
        if not interactive:
            return picture
        return mark_safe(  # noqa: S308 - built escaped
            picture + choice_buttons([("yes", _("Yes, it beats it")), ("no", _("No"))])
        )


# ---------------------------------------------------------------------------
# Tick every set that beats the table


@register
class LegalKind(BaohuangKind, card_kinds.TickKind):
    """Tick every option (a set from your hand) that may go on the table."""

    name = "baohuang.legal"
    title = gettext_lazy("What beats it?")
    right_words = ("能管。", "beats it.")
    wrong_words = ("不行，", "does not beat it. ")
    missed_words = (
        "还有 {n} 套能管的没有勾上。",
        "{n} set that beats it not ticked.",
        "{n} sets that beat it not ticked.",
    )

    def _read(self, data):
        rules = rules_of(data)
        over_cards, over = read_set(data, "over", rules)
        hand = read_cards(data, "hand", required=False)
        by = read_seat(data, "by", default=4)
        if by == 0:
            raise InvalidPuzzle("by: the set on the table is another seat's")
        return rules, over_cards, over, hand, by

    def judge(self, data):
        rules, _oc, over, _hand, _by = self._read(data)
        found = []
        for option in self.options(data):
            right, reason = valid_words(option, rules)
            if right:
                right, reason = beats_words(set_of(option, rules), over)
            found.append((tuple(sort_cards(option)), right, None if right else reason))
        return found

    def validate(self, data):
        _rules, over_cards, _over, hand, _by = self._read(data)
        self.validate_options(data, hand or None)
        check_copies(hand + over_cards)
        for option in self.options(data):
            check_copies(option + ([] if hand else over_cards))
        judged = self.judge(data)
        if len(judged) > 1 and all(right for _o, right, _r in judged):
            raise InvalidPuzzle("every option beats the table: there is nothing to find")

    def legend(self):
        return _("Sets that beat the table")

    def done_label(self):
        return _("Done: these beat it")

    def table(self, data):
        _rules, over_cards, _over, hand, by = self._read(data)
        return table(
            label=_("Which sets beat the table?"),
            hand=hand_html(hand) if hand else "",
            trick=[(by, sort_cards(over_cards))],
        )


# ---------------------------------------------------------------------------
# Who can the royalist be?


def _played(data) -> list[tuple[int, list[Card]]]:
    entries = data.get("played", [])
    if not isinstance(entries, list):
        raise InvalidPuzzle('played lists [seat, "cards"] in the order they were played')
    found = []
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidPuzzle('each entry of played is [seat, "cards"]')
        seat = read_seat({"seat": entry[0]}, "seat")
        found.append((seat, read_cards({"cards": entry[1]}, "cards")))
    return found


def _called(data, rules) -> Card:
    try:
        card = parse_card(data.get("called", ""))
    except (ValueError, TypeError):
        raise InvalidPuzzle('called is the card the emperor called, such as "♠7"') from None
    if card not in callable_cards([card] * 3, rules):
        raise InvalidPuzzle(f"{card.text()} cannot be called: not a joker, not a 2")
    return card


@register
class RoyalistKind(BaohuangKind):
    """The emperor called a card; from your hand and what has been played, tick every
    seat that can be the royalist (and 独 if the emperor may hold the fourth copy)."""

    name = "baohuang.royalist"
    title = gettext_lazy("Who is the royalist?")

    def _read(self, data):
        rules = rules_of(data)
        emperor = read_seat(data, "emperor")
        if emperor == 0:
            raise InvalidPuzzle("the learner is not the emperor: the emperor knows its hand")
        called = _called(data, rules)
        hand = read_cards(data, "hand")
        played = _played(data)
        out = data.get("out", [])
        if not isinstance(out, list) or 0 in out:
            raise InvalidPuzzle("out lists the seats that have played all their cards (not 0)")
        out = [read_seat({"s": s}, "s") for s in out]
        return rules, emperor, called, hand, played, out

    def candidates(self, data) -> set:
        _rules, emperor, called, hand, played, out = self._read(data)
        return royalist_candidates(
            emperor=emperor, called=called, me=0, my_hand=hand, played=played, out=out
        )

    def options(self, data) -> list:
        emperor = self._read(data)[1]
        return [s for s in range(SEATS) if s != emperor] + [ALONE]

    def validate(self, data):
        _rules, emperor, called, hand, played, out = self._read(data)
        # The three copies the emperor showed are still in its hand until it plays them.
        by_emperor = sum(1 for s, cards in played for c in cards if c == called and s == emperor)
        everything = hand + [c for _s, cards in played for c in cards]
        check_copies(everything + [called] * max(0, 3 - by_emperor))
        shown = sum(1 for s, cards in played for c in cards if c == called and s != emperor)
        if shown + hand.count(called) > 1:
            raise InvalidPuzzle("the emperor showed three copies: only one is elsewhere")
        for seat in out:
            if not any(s == seat for s, _c in played):
                raise InvalidPuzzle(f"seat {seat} is out but played nothing")

    def parse_answer(self, data, state, post):
        if post.get("answer") != "done":
            raise BadAnswer(_("press Done to answer"))
        allowed = {str(o): o for o in self.options(data)}
        picked = set()
        for word in getlist(post, "option"):
            if word not in allowed:
                raise BadAnswer(_("that is not one of the choices"))
            picked.add(allowed[word])
        return tuple(sorted(picked, key=str))

    def answer_text(self, answer):
        return ",".join(str(a) for a in answer) or "none"

    def _who(self, option) -> tuple[str, str]:
        if option == ALONE:
            return "皇帝自己（打独）", "the emperor alone (独)"
        return seat_words(option)

    def explain(self, data) -> dict:
        _rules, emperor, called, hand, played, out = self._read(data)
        found = self.candidates(data)
        c = called.text()
        if found == {0}:
            return both(
                f"皇帝叫的是 {c}，亮了三张，第四张在你手里：你就是保皇派。别声张，暗中帮皇帝。",
                f"The emperor called {c} and showed three; the fourth is in your hand: you are "
                "the royalist. Keep it to yourself and help the emperor quietly.",
            )
        if found == {None}:
            return both(
                f"皇帝自己打出了四张 {c}：第四张也在他手里，这一局他打独，一打四。",
                f"The emperor has played all four {c}: the fourth was in its own hand, so it "
                "plays alone (独), one against four.",
            )
        revealed = [s for s in found if any(s == p and called in cards for p, cards in played)]
        if revealed:  # the seat that played the fourth copy (not one left by elimination)
            seat = revealed[0]
            zh, en = seat_words(seat)
            return both(
                f"{zh}打出了 {c}，皇帝亮过三张，这第四张在谁手里谁就是保皇派：就是{zh}。",
                f"{cap(en)} played a {c}. The emperor showed the other three, so whoever "
                f"held the fourth is the royalist: {en}.",
            )
        names_zh = "、".join(self._who(o)[0] for o in self.options(data) if _key(o) in found)
        names_en = ", ".join(self._who(o)[1] for o in self.options(data) if _key(o) in found)
        notes_zh, notes_en = (
            [f"第四张 {c} 不在你手里，你不是保皇派。"],
            [f"The fourth {c} is not in your hand, so you are not the royalist."],
        )
        gone = [s for s in out if s != emperor]
        if gone:
            words = [seat_words(s) for s in gone]
            notes_zh.append(f"{'、'.join(w[0] for w in words)}已经出完牌，没出过 {c}，也不是。")
            notes_en.append(
                f"{cap(' and '.join(w[1] for w in words))} went out without "
                f"playing a {c}: not them either."
            )
        if emperor in out:
            notes_zh.append("皇帝出完了牌，只打出过三张，所以不是打独。")
            notes_en.append("The emperor went out having played only three: not 独.")
        if len(found) == 1:
            return both(
                "".join(notes_zh) + f"只剩下：{names_zh}。",
                " ".join(notes_en) + f" It can only be {names_en}.",
            )
        return both(
            "".join(notes_zh) + f"还可能是：{names_zh}。",
            " ".join(notes_en) + f" It can still be: {names_en}.",
        )

    def check(self, data, state, answer):
        found = self.candidates(data)
        picked = {_key(a) for a in answer}
        state = {"picked": [str(a) for a in answer], "judged": True}
        words = self.explain(data)
        if picked == found:
            return Verdict(CORRECT, message=words), state
        wrong = [a for a in answer if _key(a) not in found]
        missed = [o for o in self.options(data) if _key(o) in found and o not in answer]
        parts_zh, parts_en = [], []
        if wrong:
            parts_zh.append("不可能是" + "、".join(self._who(a)[0] for a in wrong) + "。")
            parts_en.append("It cannot be " + " or ".join(self._who(a)[1] for a in wrong) + ".")
        if missed:
            parts_zh.append(f"还有 {len(missed)} 种可能没有勾上。")
            parts_en.append(
                f"{len(missed)} possibilit{'y' if len(missed) == 1 else 'ies'} not ticked."
            )
        return Verdict(
            WRONG, message=both("".join(parts_zh), " ".join(parts_en)), answer=words
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        _rules, emperor, called, hand, played, out = self._read(data)
        counts = Counter()
        for seat, cards in played:
            counts[seat] += len(cards)
        picture = table(
            label=_("Who can the royalist be?"),
            hand=hand_html(hand),
            trick=[(s, sort_cards(c)) for s, c in played],
            names=role_names(emperor=emperor),
            note=_("The emperor called %(card)s and showed three of them.")
            % {"card": called.text()}
            + (
                " "
                + _("Out of cards: %(seats)s.")
                % {"seats": listed(seat_label(s, 0, 5) for s in out)}
                if out
                else ""
            ),
        )
        if not interactive:
            return picture
        picked = set((state or {}).get("picked", []))
        boxes = "".join(
            f'<label class="option"><input type="checkbox" name="option" value="{o}"'
            f"{' checked' if str(o) in picked else ''}> {escape(self._label(o))}</label>"
            for o in self.options(data)
        )
        legend = escape(_("Who can be the royalist?"))
        return mark_safe(  # noqa: S308 - built escaped
            picture
            + f'<fieldset class="options"><legend>{legend}</legend>{boxes}</fieldset>'
            + submit_button(_("Done: these are possible"))
        )

    @staticmethod
    def _label(option) -> str:
        if option == ALONE:
            return str(_("Nobody: the emperor holds it (独)"))
        return seat_label(option, 0, SEATS) if option else str(_("You"))


def _key(option):
    return None if option == ALONE else option


# ---------------------------------------------------------------------------
# The emperor's role: calling, passing it on, the royalist


@register
class RoleKind(BaohuangKind):
    """The role phase (BH-18…24), by ``ask``: ``call`` (click a card you may call, or
    say you cannot), ``next`` (who is offered the role now), ``twos`` (how many 2s
    travel with the 大王 now), ``holder`` (every hand open: who is the royalist once
    the emperor calls?)."""

    name = "baohuang.role"
    title = gettext_lazy("The emperor's role")
    ASKS = ("call", "next", "twos", "holder")
    NONE = "none"

    def _ask(self, data) -> str:
        ask = data.get("ask")
        if ask not in self.ASKS:
            raise InvalidPuzzle(f"ask is one of {', '.join(self.ASKS)}")
        return ask

    def _refusers(self, data) -> tuple[int, list[bool]]:
        """``first`` and, for each seat that refused in turn from it, whether it holds
        a 2 of its own (``twos``; for ``next`` only their number counts)."""
        first = read_seat(data, "first")
        refused = data.get("refused")
        if (
            not isinstance(refused, list)
            or not 1 <= len(refused) <= SEATS
            or not all(isinstance(r, bool) for r in refused)
        ):
            raise InvalidPuzzle(
                "refused lists, for each seat that refused in turn, whether it has a 2"
            )
        return first, refused

    def _holder(self, data):
        rules = rules_of(data)
        emperor = read_seat(data, "emperor")
        called = _called(data, rules)
        given = data.get("hands")
        if not isinstance(given, Mapping) or str(emperor) not in given:
            raise InvalidPuzzle(
                'hands gives the open hands, the emperor\'s among them: {"2" = "..."}'
            )
        hands = [Counter() for _ in range(SEATS)]
        for seat, cards in given.items():
            s = read_seat({"s": int(seat) if str(seat).isdigit() else seat}, "s")
            hands[s] = Counter(read_cards({"c": cards}, "c"))
        open_alone = data.get("open_alone", False)
        if not isinstance(open_alone, bool):
            raise InvalidPuzzle("open_alone is true or false")
        check_copies([c for h in hands for c in h.elements()])
        if sum(h[called] for h in hands) != COPIES:
            raise InvalidPuzzle(f"show where all four {called.text()} are")
        try:
            roles = royalist_of(hands, emperor, called, open_alone=open_alone)
        except ValueError as error:
            raise InvalidPuzzle(str(error)) from None
        return emperor, called, hands, roles

    def validate(self, data):
        ask = self._ask(data)
        if ask == "call":
            hand = read_cards(data, "hand")
            check_copies(hand)
            rules_of(data)
        elif ask in ("next", "twos"):
            self._refusers(data)
        else:
            self._holder(data)

    def choices(self, data) -> list[str]:
        ask = self._ask(data)
        if ask == "next":
            return [str(s) for s in range(SEATS)]
        if ask == "holder":
            emperor = read_seat(data, "emperor")
            return [str(s) for s in range(SEATS) if s != emperor] + [ALONE]
        return []

    def parse_answer(self, data, state, post):
        ask = self._ask(data)
        if ask == "call":
            if post.get("answer") == self.NONE:
                return self.NONE
            try:
                return parse_card(post.get("card", ""))
            except (ValueError, TypeError):
                raise BadAnswer(_("that is not a playing card")) from None
        if ask == "twos":
            return int(read_number(post))
        return read_choice(post, self.choices(data))

    def answer_text(self, answer):
        return answer.text() if isinstance(answer, Card) else str(answer)

    def truth(self, data):
        """The right answer and the words that explain it."""
        ask = self._ask(data)
        if ask == "call":
            hand = read_cards(data, "hand")
            options = callable_cards(hand, rules_of(data))
            if not options:
                return self.NONE, both(
                    "手里没有三张点数、花色都相同的牌（大小王和2不算），叫不了牌，只能把皇帝让给下一位。",
                    "No three identical cards (same rank and suit; jokers and 2s do not count): "
                    "you cannot call, so the role passes on.",
                )
            names = " ".join(c.text() for c in options)
            return options, both(
                f"能叫的牌：{names}。皇帝亮出三张一模一样的牌，第四张在谁手里谁就是保皇派。",
                f"You may call {names}: the emperor shows three identical cards, and whoever "
                "holds the fourth is the royalist.",
            )
        if ask in ("next", "twos"):
            first, refused = self._refusers(data)
            seat = first
            for _r in refused:
                seat = next_offered(seat)
            second = len(refused) == SEATS
            if second:
                seat = first
            twos = sum(1 for r in refused[1:] if r)
            if ask == "twos":
                return twos, both(
                    "第一个放弃的人只让出大王；之后每个放弃的人再带一张2（没有就免）："
                    f"现在跟着大王的2有 {twos} 张。",
                    "The first to refuse passes on the big joker alone; each one after adds a 2 "
                    f"of their own (if they have one). 2s travelling with it now: {twos}.",
                )
            s_zh, s_en = seat_words(seat)
            if second:
                return str(seat), both(
                    f"五家都放弃了：大王和一路带来的2都回到最先被选中的{s_zh}手里，由{s_zh}再选一次；"
                    "再放弃，这局重新发牌。",
                    f"All five refused: the big joker and the 2s go back to the first seat chosen, "
                    f"{s_en}, who chooses once more; a second refusal means a redeal.",
                )
            return str(seat), both(
                f"皇帝一职顺时针传，也就是传给上家（出牌是逆时针的）：现在轮到{s_zh}。",
                f"The role passes clockwise, which is to the player on the left (上家), since "
                f"play runs counter-clockwise: now it is {s_en}.",
            )
        emperor, called, hands, roles = self._holder(data)
        c = called.text()
        if roles.open_alone:
            return ALONE, both(
                f"皇帝亮出了全部四张 {c}：明独，一打四，得分和进贡都翻倍。",
                f"The emperor showed all four {c}: 明独, one against four, score and tribute "
                "doubled.",
            )
        if roles.alone:
            return ALONE, both(
                f"四张 {c} 都在皇帝手里：他打独，一打四；别人只知道他叫了 {c}。",
                f"All four {c} are in the emperor's hand: it plays alone (独), one against "
                f"four, and nobody else knows it yet.",
            )
        s_zh = seat_words(roles.royalist)[0]
        return str(roles.royalist), both(
            f"皇帝亮出三张 {c}，第四张在{s_zh}手里：{s_zh}就是保皇派。",
            f"The emperor shows three {c}; {does(roles.royalist, 'hold')} the fourth, so "
            f"{'you are' if roles.royalist == 0 else 'that player is'} the royalist.",
        )

    def check(self, data, state, answer):
        right, words = self.truth(data)
        ask = self._ask(data)
        new_state = {"answer": self.answer_text(answer), "judged": True}
        if ask == "call" and isinstance(answer, Card):
            hand = read_cards(data, "hand")
            if answer not in hand:
                return Verdict(
                    ILLEGAL, message=both("手里没有这张牌。", "That card is not in your hand.")
                ), state
            ok = right != self.NONE and answer in right
            if ok:
                return Verdict(
                    CORRECT,
                    message=both(
                        f"可以叫 {answer.text()}。" + words["zh"],
                        f"Yes, {answer.text()}. " + words["en"],
                    ),
                ), new_state
            if answer.is_joker or value(answer) == TWO:
                why = both("大小王和2不能叫。", "Jokers and 2s cannot be called.")
            else:
                why = both(
                    f"{answer.text()} 你只有 {hand.count(answer)} 张，要三张一模一样的才能叫。",
                    f"You hold {hand.count(answer)} {answer.text()}: calling needs three "
                    "identical cards.",
                )
            return Verdict(WRONG, message=why, answer=words), new_state
        if answer == right:
            return Verdict(CORRECT, message=words), new_state
        return Verdict(WRONG, message=both("不对。", "No."), answer=words), new_state

    def board(self, data, state, *, verdict=None, interactive=True):
        ask = self._ask(data)
        if ask == "call":
            hand = read_cards(data, "hand")
            picture = table(
                label=_("You are offered the emperor's role"),
                hand=hand_html(hand, "click" if interactive else "show"),
                note=_("Click a card you can call, or say you cannot."),
            )
            if not interactive:
                return picture
            return mark_safe(  # noqa: S308 - built escaped
                picture + choice_buttons([(self.NONE, _("I cannot call"))])
            )
        if ask in ("next", "twos"):
            first, refused = self._refusers(data)
            seat, order = first, []
            for _r in refused:
                order.append(seat)
                seat = next_offered(seat)
            refusals = listed(
                seat_label(s, 0, SEATS)
                + (" " + str(_("(has a 2)")) if has and ask == "twos" else "")
                for s, has in zip(order, refused, strict=True)
            )
            picture = table(
                label=_("The emperor's role goes round"),
                others=dict.fromkeys(range(1, SEATS), 43),
                note=_("Refused, in turn: %(seats)s.") % {"seats": refusals},
            )
            if not interactive:
                return picture
            if ask == "twos":
                box = number_input(_("2s with the big joker"), field_id="twos")
                return mark_safe(picture + box)  # noqa: S308
            choices = [(str(s), seat_label(s, 0, SEATS)) for s in range(SEATS)]
            return mark_safe(picture + choice_buttons(choices))  # noqa: S308
        emperor, called, hands, roles = self._holder(data)
        picture = table(
            label=_("Who is the royalist?"),
            hand=hand_html(hands[0].elements()) if hands[0] else "",
            others={s: sort_cards(hands[s].elements()) for s in range(1, SEATS) if hands[s]},
            names=role_names(emperor=emperor),
            note=_("The emperor calls %(card)s.") % {"card": called.text()},
        )
        if not interactive:
            return picture
        choices = [
            (
                o,
                str(_("Nobody: the emperor plays alone"))
                if o == ALONE
                else seat_label(int(o), 0, SEATS),
            )
            for o in self.choices(data)
        ]
        return mark_safe(picture + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# Who leads the next round? (接风)


@register
class NextKind(BaohuangKind):
    """A whole round: who leads the next one? When a player went out with a set
    nobody beat, the next player still in takes the lead (接风, BH-29)."""

    name = "baohuang.next"
    title = gettext_lazy("Who leads next?")

    def _read(self, data):
        rules = rules_of(data)
        plays = data.get("plays")
        if not isinstance(plays, list) or not plays:
            raise InvalidPuzzle(
                'plays lists the round: [seat, "cards"], [seat, "pass"] or [seat, "claim"]'
            )
        read = []
        for entry in plays:
            if not isinstance(entry, list) or len(entry) != 2:
                raise InvalidPuzzle(
                    'each play is [seat, "cards"], [seat, "pass"] or [seat, "claim"]'
                )
            seat = read_seat({"seat": entry[0]}, "seat")
            word = entry[1]
            cards = word if word in ("pass", "claim") else read_cards({"p": word}, "p")
            read.append((seat, cards))
        left = data.get("left")
        if not isinstance(left, Mapping) or sorted(left) != [str(s) for s in range(SEATS)]:
            raise InvalidPuzzle('left gives each seat\'s cards after the round: {"0" = 3, ...}')
        counts = {}
        for seat, n in left.items():
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 60:
                raise InvalidPuzzle("left: each seat holds 0 to 60 cards")
            counts[int(seat)] = n
        return rules, read, counts

    def trick_of(self, data) -> ClimbingTrick:
        rules, plays, left = self._read(data)
        played = {s for s, _c in plays}
        out = {s for s in range(SEATS) if left[s] == 0 and s not in played}
        try:
            trick = ClimbingTrick(leader=plays[0][0], seats=SEATS, beats=beats, out=out)
            for i, (seat, cards) in enumerate(plays):
                if cards in ("pass", "claim"):
                    if cards == "claim" and not (
                        trick.owner in trick.finished and seat == trick.following(trick.owner)
                    ):
                        raise InvalidPuzzle(
                            f"seat {seat} may not claim: only the player after one who went out"
                        )
                    trick.pass_(seat)
                    continue
                played_set = set_of(cards, rules)
                later = sum(len(c) for s, c in plays[i + 1 :] if s == seat and isinstance(c, list))
                trick.play(seat, played_set, left=left[seat] + later)
        except ValueError as error:  # IllegalTurn, IllegalSet
            raise InvalidPuzzle(f"the round: {error}") from None
        if not trick.is_over:
            raise InvalidPuzzle("the round is not over: every other seat still in must pass")
        return trick

    def validate(self, data):
        self.trick_of(data)
        check_copies(
            [c for _s, cards in self._read(data)[1] if isinstance(cards, list) for c in cards]
        )

    def choices(self, data) -> list[int]:
        left = self._read(data)[2]
        return [s for s in range(SEATS) if left[s] > 0]

    def parse_answer(self, data, state, post):
        return int(read_choice(post, [str(s) for s in self.choices(data)]))

    def check(self, data, state, answer):
        trick = self.trick_of(data)
        leader, owner = trick.next_leader, trick.owner
        o_zh, o_en = seat_words(owner)
        l_zh, l_en = seat_words(leader)
        if owner in trick.finished:
            words = both(
                f"{o_zh}出的是最后一套牌（底牌），没人管：由下一个还有牌的人（{l_zh}）接风，出下一轮。",
                f"{cap(o_en)} went out with a set nobody beat: as the next player still in, "
                f"{does(leader, 'take')} the lead (接风).",
            )
        else:
            words = both(
                f"其他人都过了，{o_zh}是这一轮最后出牌的人，由{o_zh}出下一轮。",
                f"Everyone else passed: as the last to play in this round, "
                f"{does(owner, 'lead')} the next.",
            )
        state = {"answer": answer, "judged": True}
        if answer == leader:
            return Verdict(CORRECT, message=words), state
        return Verdict(WRONG, message=both("不是这一家。", "Not that seat."), answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        _rules, plays, left = self._read(data)
        passes = []
        for seat, cards in plays:
            if cards == "pass":
                passes.append(seat_label(seat, 0, SEATS))
            elif cards == "claim":
                passes.append(seat_label(seat, 0, SEATS) + " " + str(_("(claims the lead, 接风)")))
        picture = table(
            label=_("Who leads the next round?"),
            others={s: left[s] for s in range(1, SEATS)},
            trick=[(s, sort_cards(c)) for s, c in plays if isinstance(c, list)],
            note=_("Cards left: %(counts)s. Passed, in turn: %(passes)s.")
            % {
                "counts": listed(f"{seat_label(s, 0, SEATS)} {left[s]}" for s in range(SEATS)),
                "passes": listed(passes) or "—",
            },
        )
        if not interactive:
            return picture
        return mark_safe(  # noqa: S308 - built escaped
            picture
            + choice_buttons([(str(s), seat_label(s, 0, SEATS)) for s in self.choices(data)])
        )


# ---------------------------------------------------------------------------
# Scores


def signed(n: int) -> str:
    """``+4``, ``0``, ``-2``."""
    return f"{n:+d}" if n else "0"


def read_order(data) -> tuple[int, ...]:
    order = data.get("order")
    if (
        not isinstance(order, list)
        or any(isinstance(s, bool) for s in order)
        or sorted(order) != list(range(SEATS))
    ):
        raise InvalidPuzzle(
            "order lists the five seats from 头科 (first out) to 大落, e.g. [0, 2, 4, 1, 3]"
        )
    return tuple(order)


def order_words(order, roles: Roles) -> tuple[str, str]:
    zh, en = [], []
    for place, seat in enumerate(order, start=1):
        r_zh, r_en = role_words(roles.role(seat))
        p_zh, p_en = place_words(place)
        points = PLACE_POINTS[place - 1]
        zh.append(f"{p_zh}{r_zh} {signed(points)}")
        en.append(f"{p_en} {r_en} {signed(points)}")
    return "，".join(zh), "; ".join(en)


@register
class ScoreKind(BaohuangKind):
    """A finished hand: the emperor's side's points (``ask = "side"``) or who won
    (``ask = "winner"``)."""

    name = "baohuang.score"
    title = gettext_lazy("Count the score")
    ASKS = ("side", "winner")

    def _read(self, data):
        ask = data.get("ask", "side")
        if ask not in self.ASKS:
            raise InvalidPuzzle("ask is 'side' (the emperor's side's points) or 'winner'")
        return ask, read_order(data), read_roles(data), rules_of(data)

    def validate(self, data):
        self._read(data)

    def totals(self, data) -> list[int]:
        """Every total the emperor's side could have scored with these roles."""
        _ask, _order, roles, rules = self._read(data)
        from itertools import permutations

        return sorted({score(p, roles, rules).emperors for p in permutations(range(SEATS))})

    def choices(self, data) -> list[tuple[str, str]]:
        ask = self._read(data)[0]
        if ask == "winner":
            return [
                ("emperor", _("The emperor's side")),
                ("rebels", _("The rebels")),
                ("draw", _("A draw")),
            ]
        return [(str(t), signed(t)) for t in self.totals(data)]

    def parse_answer(self, data, state, post):
        return read_choice(post, [v for v, _label in self.choices(data)])

    def check(self, data, state, answer):
        ask, order, roles, rules = self._read(data)
        result = score(order, roles, rules)
        o_zh, o_en = order_words(order, roles)
        double = result.multiplier > 1
        words = both(
            f"{o_zh}。"
            + ("明独翻倍。" if double else "")
            + f"皇帝一方 {signed(result.emperors)}，革命党 {signed(result.rebels)}："
            + {"emperor": "皇帝一方赢", "rebels": "革命党赢", None: "两边都是 0，平局"}[
                result.winner
            ]
            + "。",
            f"{o_en}."
            + (" 明独 doubles it." if double else "")
            + f" The emperor's side {signed(result.emperors)}, the rebels {signed(result.rebels)}: "
            + {
                "emperor": "the emperor's side wins",
                "rebels": "the rebels win",
                None: "0 each, a draw",
            }[result.winner]
            + ".",
        )
        right = str(result.emperors) if ask == "side" else (result.winner or "draw")
        state = {"answer": answer, "judged": True}
        if answer == right:
            return Verdict(CORRECT, message=words), state
        return Verdict(WRONG, message=both("不对。", "No."), answer=words), state

    def board(self, data, state, *, verdict=None, interactive=True):
        ask, order, roles, _rules = self._read(data)
        names = role_names(roles)
        rows = []
        for place, seat in enumerate(order, start=1):
            p_zh, p_en = place_words(place)
            rows.append(
                f"<li><strong>{escape(p_zh if _zh() else p_en)}</strong> "
                f"{escape(seat_label(seat, 0, SEATS))} · {escape(names[seat])}</li>"
            )
        title = escape(_("The hand is over: the places"))
        picture = (
            f'<div class="card-table" role="group" aria-label="{title}">'
            f'<h2 class="visually-hidden">{title}</h2>'
            f'<ol class="finish-order">{"".join(rows)}</ol></div>'
        )
        if not interactive:
            return mark_safe(picture)  # noqa: S308 - built escaped
        return mark_safe(picture + choice_buttons(self.choices(data)))  # noqa: S308


def _zh() -> bool:
    from django.utils.translation import get_language

    return not (get_language() or "zh-hans").lower().startswith("en")


# ---------------------------------------------------------------------------
# Tribute


def held_first(plan, hands):
    """``plan`` with each payment's first option (the cards the words name) one that
    its payer still holds once its earlier payments are made: two payments of one
    payer (独, 明独) never name the same card twice."""
    left = [Counter(h) for h in hands]
    payments = []
    for p in plan.payments:
        first = next((o for o in p.options if not Counter(o) - left[p.payer]), p.options[0])
        left[p.payer] -= Counter(first)
        payments.append(replace(p, options=(first, *(o for o in p.options if o != first))))
    return replace(plan, payments=tuple(payments))


@register
class TributeKind(BaohuangKind):
    """Tribute before the next hand (BH-32…37), from the last hand's ``order`` and
    roles and the new ``hands`` of the seats that pay. ``ask``: ``pay`` (seat 0 pays:
    pick the cards), ``get`` (tick the cards ``seat`` receives, seat 0 by default),
    ``count`` (how many cards change hands)."""

    name = "baohuang.tribute"
    title = gettext_lazy("Tribute")
    ASKS = ("pay", "get", "count")

    def _read(self, data):
        ask = data.get("ask")
        if ask not in self.ASKS:
            raise InvalidPuzzle(f"ask is one of {', '.join(self.ASKS)}")
        order, roles, rules = read_order(data), read_roles(data), rules_of(data)
        given = data.get("hands", {})
        if not isinstance(given, Mapping):
            raise InvalidPuzzle('hands gives the new hands of the seats that pay: {"0" = "..."}')
        hands = [Counter() for _ in range(SEATS)]
        for seat, cards in given.items():
            if seat not in [str(s) for s in range(SEATS)]:
                raise InvalidPuzzle(f"hands: {seat!r} is not a seat (0 to 4)")
            hands[int(seat)] = Counter(read_cards({"c": cards}, "c"))
        seat = read_seat(data, "seat", default=0)
        return ask, order, roles, rules, hands, seat

    def plan(self, data):
        ask, order, roles, rules, hands, _seat = self._read(data)
        try:
            plan = tribute_plan(roles, order, hands, rules)
        except ValueError as error:
            raise InvalidPuzzle(f"hands: every seat that pays needs its cards ({error})") from None
        return held_first(plan, hands)

    def validate(self, data):
        ask, _order, _roles, _rules, hands, seat = self._read(data)
        check_copies([c for h in hands for c in h.elements()])
        plan = self.plan(data)
        if ask == "pay" and not any(p.payer == 0 for p in plan.payments):
            raise InvalidPuzzle("ask = pay: seat 0 pays nothing in this plan")
        if ask == "get" and not plan.payments:
            raise InvalidPuzzle("ask = get: nobody pays after a draw")

    def paid_cards(self, data) -> list[Card]:
        """Every card that changes hands (each payment's first option), biggest first."""
        return sort_cards(c for p in self.plan(data).payments for c in p.options[0])

    def parse_answer(self, data, state, post):
        ask = self._read(data)[0]
        if ask == "count":
            return int(read_number(post))
        if ask == "pay":
            if post.get("answer") != "done":
                raise BadAnswer(_("press Done to answer"))
            return selected_cards(post, most=8)
        if post.get("answer") != "done":
            raise BadAnswer(_("press Done to answer"))
        allowed = {c.text() for c in self.paid_cards(data)} | {"none"}
        picked = getlist(post, "option")
        if any(p not in allowed for p in picked):
            raise BadAnswer(_("that is not one of the choices"))
        return tuple(sorted(set(picked)))

    def answer_text(self, answer):
        if isinstance(answer, int):
            return str(answer)
        return " ".join(a.text() if isinstance(a, Card) else a for a in answer) or "none"

    def explain(self, data) -> dict:
        ask, order, roles, rules, hands, _seat = self._read(data)
        plan = self.plan(data)
        if plan.kind == "none":
            return both(
                "上一局两边都是 0 分，平局：没有进贡。", "The last hand was a draw: no tribute."
            )
        lines_zh, lines_en = [], []
        for p in plan.payments:
            f_zh, f_en = seat_words(p.payer)
            t_zh, t_en = seat_words(p.receiver)
            cards = cards_text(sort_cards(p.options[0]))
            lines_zh.append(f"{f_zh} → {t_zh}：{cards}")
            lines_en.append(f"{cap(f_en)} → {t_en}: {cards}")
        rule = {
            "won": (
                "皇帝一方赢了：三个革命党各进贡自己最大的一张，保皇派拿中间大小的那张，另两张归皇帝。",
                "The emperor's side won: each rebel pays its biggest card; the royalist gets the "
                "middle one, the emperor the other two.",
            ),
            "lost": (
                "皇帝一方输了：皇帝进贡最大的两张，保皇派进贡最大的一张，革命党按出完牌的先后从大到小拿。",
                "The emperor's side lost: the emperor pays its two biggest cards, the royalist its "
                "biggest; the rebels take them biggest first, in the order they went out.",
            ),
            "alone-won": (
                "皇帝打独赢了：另外四家各进贡一张最大的给皇帝。",
                "The emperor won alone: each of the four pays it their biggest card.",
            ),
            "alone-lost": (
                "皇帝打独输了：皇帝进贡四张最大的，四家按出完牌的先后从大到小各拿一张。",
                "The emperor lost alone: it pays its four biggest cards, one to each of the "
                "four, biggest first in the order they went out.",
            ),
        }[plan.kind]
        double = roles.open_alone and rules.open_alone_doubles
        if double:
            rule = (rule[0] + "明独翻倍：每家两张。", rule[1] + " 明独 doubles it: two cards each.")
        return both(rule[0] + "；".join(lines_zh) + "。", rule[1] + " " + ". ".join(lines_en) + ".")

    def check(self, data, state, answer):
        ask, _order, _roles, _rules, hands, seat = self._read(data)
        plan = self.plan(data)
        words = self.explain(data)
        new_state = {"answer": self.answer_text(answer), "judged": True}
        if ask == "count":
            right = sum(p.count for p in plan.payments)
            ok = answer == right
        elif ask == "pay":
            if Counter(answer) - hands[0]:
                return Verdict(
                    ILLEGAL, message=both("手里没有这些牌。", "Those cards are not in your hand.")
                ), state
            due = sorted(value(c) for p in plan.payments if p.payer == 0 for c in p.options[0])
            ok = sorted(value(c) for c in answer) == due
        else:
            got = {c.text() for p in plan.payments if p.receiver == seat for c in p.options[0]}
            # Nothing ticked says "no card": a seat may receive none (a rebel whose
            # side lost pays and gets nothing).
            ok = (set(answer) or {"none"}) == (got or {"none"})
        if ok:
            return Verdict(CORRECT, message=words), new_state
        return Verdict(WRONG, message=both("不对。", "No."), answer=words), new_state

    def board(self, data, state, *, verdict=None, interactive=True):
        ask, order, roles, _rules, hands, seat = self._read(data)
        places = listed(
            f"{place_words(i)[1 - _zh()]} {seat_label(s, 0, SEATS)}"
            for i, s in enumerate(order, start=1)
        )
        mode = "select" if ask == "pay" and interactive else "show"
        picture = table(
            label=_("Tribute before the new hand"),
            hand=hand_html(hands[0].elements(), mode) if hands[0] else "",
            others={s: sort_cards(hands[s].elements()) for s in range(1, SEATS) if hands[s]},
            names=role_names(roles),
            note=_("Roles and places of the last hand: %(places)s.") % {"places": places},
        )
        if not interactive:
            return picture
        if ask == "count":
            return mark_safe(picture + number_input(_("Cards that change hands"), field_id="count"))  # noqa: S308
        if ask == "pay":
            return mark_safe(picture + submit_button(_("Pay these cards")))  # noqa: S308
        options = sorted(
            {c.text(): c for c in self.paid_cards(data)}.values(), key=lambda c: -value(c)
        )
        picked = set((state or {}).get("answer", "").split())
        boxes = "".join(
            f'<label class="option"><input type="checkbox" name="option" value="{c.text()}"'
            f"{' checked' if c.text() in picked else ''}> {cards_row([c])}</label>"
            for c in options
        )
        whose = seat_label(seat, 0, SEATS)
        legend = escape(_("The cards that go to: %(seat)s") % {"seat": whose})
        return mark_safe(  # noqa: S308 - built escaped
            picture
            + f'<fieldset class="options"><legend>{legend}</legend>{boxes}</fieldset>'
            + submit_button(_("Done"))
        )


# ---------------------------------------------------------------------------
# Which set do you play? (open endings, proven by the solver)


def joker_names(text: str) -> str:
    """A set as the solver writes it (``BJ SJ 9 9``) with the jokers named as Chinese
    players call them (``大王 小王 9 9``)."""
    return " ".join({"BJ": "大王", "SJ": "小王"}.get(word, word) for word in text.split())


NODE_LIMIT = 1_000_000
PASS_TEXT = "pass"  # noqa: S105 - the word a pass is stored as
GOALS = ("first", "win")
GOAL_WORDS = {  # (zh, en for a side, en for the emperor alone)
    "first": ("{side}一定能拿到头科", "your side goes out first (头科)", "you go out first (头科)"),
    "win": ("{side}一定赢下这一局", "your side wins the hand", "you win the hand"),
}


def goal_words(goal: str, roles: Roles) -> tuple[str, str]:
    """The goal said to seat 0: its side's, or its own for an emperor alone (独)."""
    alone = roles.alone and roles.emperor == 0
    zh, en_side, en_alone = GOAL_WORDS[goal]
    return zh.format(side="你" if alone else "你们这一方"), en_alone if alone else en_side


@register
class LeadKind(BaohuangKind):
    """Seat 0 plays (or passes) in an open ending; every play that forces the goal
    is right. Solved when the puzzle is saved: judging reads the stored result."""

    name = "baohuang.lead"
    title = gettext_lazy("Best play")

    def _read(self, data):
        rules = rules_of(data)
        roles = read_roles(data)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise InvalidPuzzle("hands lists the five seats' cards, yours first")
        hands = [read_cards({"hand": h}, "hand", required=False) for h in hands]
        if not hands[0]:
            raise InvalidPuzzle("seat 0 (the learner) must hold cards")
        if any(len(h) > 8 for h in hands):
            raise InvalidPuzzle("an ending holds at most 8 cards a seat")
        goal = data.get("goal", "first")
        if goal not in GOALS:
            raise InvalidPuzzle("goal is 'first' (头科 for your side) or 'win' (your side wins)")
        top = None
        tab = data.get("table")
        if tab is not None:
            if not isinstance(tab, Mapping) or set(tab) != {"play", "by"}:
                raise InvalidPuzzle('table is { play = "♠9 ♠9", by = 4 }')
            cards, _set = read_set(tab, "play", rules)
            by = read_seat(tab, "by")
            if by == 0:
                raise InvalidPuzzle("table: the set on top is another seat's")
            top = (cards, by)
        out = data.get("out", [])
        if not isinstance(out, list):
            raise InvalidPuzzle("out lists the seats already out, in the order they went out")
        out = [read_seat({"s": s}, "s") for s in out]
        return rules, roles, hands, goal, top, out

    def ending(self, data) -> Ending:
        rules, roles, hands, goal, top, out = self._read(data)
        try:
            return Ending(
                hands=tuple(hands),
                roles=roles,
                to_play=0,
                table=tuple(top[0]) if top else None,
                owner=top[1] if top else None,
                out=tuple(out),
                rules=rules,
            )
        except ValueError as error:
            raise InvalidPuzzle(f"the ending is not valid: {error}") from None

    def prepare(self, data, budget=None):
        """The ending is solved once, here: judging reads the stored values."""
        goal = self._read(data)[3]
        ending = self.ending(data)
        try:
            solution = solve_within(
                lambda e, node_limit: solve(e, goal, node_limit=node_limit),
                ending,
                budget or Budget(NODE_LIMIT),
                NODE_LIMIT,
                SearchLimit,
            )
        except SearchLimit:
            raise InvalidPuzzle("the solver could not prove this ending: make it smaller") from None
        values = list(solution.plays.values())
        if all(values):
            raise InvalidPuzzle("every play reaches the goal: there is nothing to find")
        if not any(values):
            raise InvalidPuzzle("no play reaches the goal: the puzzle has no answer")
        moves = []
        for move, wins in solution.plays.items():
            entry = {"wins": wins, "set": PASS_TEXT if move is PASS else move.text()}
            if not wins:
                entry["line"] = [
                    [seat, PASS_TEXT if m is PASS else m.text()]
                    for seat, m in solution.refutations.get(move, [])
                ]
            moves.append(entry)
        return {"moves": moves, "nodes": solution.nodes}

    def validate(self, data, budget=None):
        rules, roles, hands, goal, top, out = self._read(data)
        check_copies([c for h in hands for c in h] + (list(top[0]) if top else []))
        self.prepare(data, budget)

    def moves(self, data) -> list[dict]:
        return self.prepared(data)["moves"]

    def parse_answer(self, data, state, post):
        if post.get("answer") == "pass":
            return PASS_TEXT
        return selected_cards(post, most=8)

    def answer_text(self, answer):
        return answer if answer == PASS_TEXT else cards_text(answer)

    def refuse(self, data, answer) -> dict | None:
        """Why the rules forbid ``answer`` here, or None."""
        rules, roles, hands, goal, top, out = self._read(data)
        if answer == PASS_TEXT:
            if top is None:
                return both("该你发牌：必须出牌，不能过。", "You lead: you must play, not pass.")
            return None
        if Counter(answer) - Counter(hands[0]):
            return both("手里没有这些牌。", "Those cards are not in your hand.")
        right, reason = valid_words(answer, rules)
        if not right:
            return reason
        if top is not None:
            right, reason = beats_words(set_of(answer, rules), set_of(top[0], rules))
            if not right:
                return reason
        return None

    def check(self, data, state, answer):
        reason = self.refuse(data, answer)
        if reason is not None:
            return Verdict(ILLEGAL, message=reason), state
        rules = self._read(data)[0]
        key = PASS_TEXT if answer == PASS_TEXT else set_of(answer, rules).text()
        entries = [m for m in self.moves(data) if m["set"] == key]
        if not entries:  # cannot happen: the solver lists every legal set
            return Verdict(
                ILLEGAL, message=both("这样出不行。", "That play is not allowed.")
            ), state
        entry = entries[0]
        _rules, roles, _hands, goal, _top, _out = self._read(data)
        goal_zh, goal_en = goal_words(goal, roles)
        new_state = {"played": self.answer_text(answer), "judged": True}
        best = [m["set"] for m in self.moves(data) if m["wins"]]
        best_zh = " / ".join("过" if b == PASS_TEXT else joker_names(b) for b in best)
        best_en = " / ".join(best)
        if entry["wins"]:
            return Verdict(
                CORRECT,
                message=both(f"不管别人怎么应，{goal_zh}。", f"Whatever the others do, {goal_en}."),
            ), new_state
        line = entry.get("line", [])
        steps_zh = "，".join(
            seat_words(s)[0] + ("过" if m == PASS_TEXT else "出 " + joker_names(m)) for s, m in line
        )
        steps_en = ", ".join(
            does(s, "pass") if m == PASS_TEXT else does(s, "play") + " " + m for s, m in line
        )
        return Verdict(
            WRONG,
            message=both(
                f"这样出，{goal_zh.replace('一定', '就不一定')}：{steps_zh}。",
                f"After that the other side can stop it: {steps_en}.",
            ),
            answer=both(f"能成的出法：{best_zh}。", f"The plays that work: {best_en}."),
        ), new_state

    def solution(self, data):
        return [m["set"] for m in self.moves(data) if m["wins"]]

    def board(self, data, state, *, verdict=None, interactive=True):
        rules, roles, hands, goal, top, out = self._read(data)
        state = state or {}
        played = state.get("played")
        trick = []
        if top is not None:
            trick.append((top[1], sort_cards(top[0])))
        left = Counter(hands[0])
        if played and played != PASS_TEXT:
            cards = read_cards({"p": played}, "p")
            trick.append((0, sort_cards(cards)))
            left -= Counter(cards)
        others = {s: sort_cards(hands[s]) if hands[s] else 0 for s in range(1, SEATS)}
        gone = listed(seat_label(s, 0, SEATS) for s in out)
        note = _("Open ending: every hand is shown.")
        if gone:
            note += " " + _("Out of cards, in order: %(seats)s.") % {"seats": gone}
        picture = table(
            label=_("Open ending"),
            hand=hand_html(list(left.elements()), "select" if interactive else "show"),
            others=others,
            trick=trick,
            names=role_names(roles),
            note=note,
        )
        if not interactive:
            return picture
        buttons = [("play", _("Play the chosen cards"))]
        if top is not None:
            buttons.append(("pass", _("Pass")))
        return mark_safe(picture + choice_buttons(buttons))  # noqa: S308


# ---------------------------------------------------------------------------
# A lesson's picture


@register_picture
class Table(LessonPicture):
    """A lesson's picture of the five seats: your hand, the round so far
    (``trick``: [seat, "cards"] in turn), the other seats (their open cards, or a
    number face down), the roles (``emperor``, ``royalist``) and a ``note``."""

    name = "baohuang.table"
    game = "baohuang"

    def _read(self, data):
        hand = read_cards(data, "hand", required=False)
        trick = []
        for entry in data.get("trick", []):
            if not isinstance(entry, list) or len(entry) != 2:
                raise InvalidPuzzle('each entry of trick is [seat, "cards"]')
            trick.append(
                (read_seat({"s": entry[0]}, "s"), sort_cards(read_cards({"c": entry[1]}, "c")))
            )
        others = {}
        for seat, cards in (data.get("others") or {}).items():
            s = read_seat({"s": int(seat) if str(seat).isdigit() else seat}, "s")
            others[s] = (
                cards if isinstance(cards, int) else sort_cards(read_cards({"c": cards}, "c"))
            )
        names = {}
        if "emperor" in data:
            names = (
                role_names(read_roles(data))
                if "royalist" in data
                else role_names(emperor=read_seat(data, "emperor"))
            )
        note = data.get("note", {"zh": "", "en": ""})
        if not (isinstance(note, Mapping) and set(note) == {"zh", "en"}) or not all(
            isinstance(v, str) for v in note.values()
        ):
            raise InvalidPuzzle('note is said in both languages: { zh = "…", en = "…" }')
        return hand, trick, others, names

    def validate(self, data):
        hand, trick, others, _names = self._read(data)
        cards = hand + [c for _s, t in trick for c in t]
        cards += [c for o in others.values() if not isinstance(o, int) for c in o]
        check_copies(cards)

    def draw(self, data):
        hand, trick, others, names = self._read(data)
        return table(
            label=str(_("Card table")),
            hand=hand_html(hand) if hand else "",
            others=others,
            trick=trick,
            names=names,
            note=localized(data.get("note")),
        )


__all__ = [
    "BeatsKind",
    "LeadKind",
    "LegalKind",
    "NextKind",
    "RoleKind",
    "RoyalistKind",
    "ScoreKind",
    "Table",
    "TributeKind",
    "ValidKind",
]
