"""打滚子 puzzle kinds: every answer is judged by ``engines.dagunzi``.

* ``dagunzi.play``: which card or cards do you play here? The accepted answers are
  proven by the double-dummy solver when all four hands are open, or given by the
  author for a convention (a signal), with the explanation; an illegal play is
  refused with the engine's reason and the learner tries again.
* ``dagunzi.legal``: which of these plays are legal (死棒 or 活棒)?
* ``dagunzi.winner``: who wins this trick?
* ``dagunzi.order``: sort these cards, highest first, for this level and trump.
* ``dagunzi.settle``: score the hand: points, result, levels or blood.
* ``dagunzi.bury``: is this bury allowed, and which kitty cards come back?

The data formats are in ``content/dagunzi/README.md``.
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
from engines.cards import Card, parse_card, parse_suit
from engines.dagunzi import (
    DEAD,
    LIVE,
    IllegalPlay,
    Order,
    check_play,
    group_size,
    legal_plays,
    points,
    trick_winner,
)
from engines.dagunzi.kitty import IllegalBury, check_bury, check_joker_bury
from engines.dagunzi.rules import rules_for
from engines.dagunzi.settle import HOLD, REPLAY, TAKE_OVER, settle
from engines.dagunzi.solver import Ending, SearchLimit, solution_from_json, solve
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards.cards import card_table, cards_row, hand_controls
from puzzles.kinds import (
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    Verdict,
    both,
    read_choice,
    register,
)
from puzzles.kinds import cards as card_kinds
from puzzles.kinds.cards import (
    CardKind,
    cards_of,
    getlist,
    plays_of,
    seat_of,
    selected_cards,
    solve_within,
)
from puzzles.kinds.inputs import number_input, read_number
from puzzles.pictures import register_picture

from .words import RESULT_WORDS, ending_words, play_text, why_it_loses, winner_words

NODE_LIMIT = 400_000  # a puzzle ending must be proven well inside this


def order_of(data: Mapping[str, Any]) -> Order:
    try:
        trump = parse_suit(data.get("trump"))
        level = data.get("level")
        if not isinstance(level, int) or isinstance(level, bool):
            raise ValueError("level must be 3 to 10")
        return Order(level, trump)
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def rules_of(data: Mapping[str, Any]):
    follow = data.get("follow", DEAD)
    if follow not in (DEAD, LIVE):
        raise InvalidPuzzle('follow must be "dead" (死棒) or "live" (活棒)')
    try:
        return rules_for(data.get("rules", "lianzhong"), follow)
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None


def follow_note(follow: str) -> str:
    """The following rule in force, said with what it means (a table shows it)."""
    if follow == DEAD:
        return _("Rule: 死棒 (a led 棒 or 滚子 must be matched when you can)")
    return _("Rule: 活棒 (only the suit must be followed)")


_seat = seat_of
_getlist = getlist


def _selected_cards(post: Mapping[str, Any]) -> tuple[Card, ...]:
    return selected_cards(post)


class DagunziKind(CardKind):
    game = "dagunzi"
    decks = 3

    def order_of(self, data):
        return order_of(data)


# ---------------------------------------------------------------------------
# Who wins the trick?


@register
class WinnerKind(DagunziKind, card_kinds.TrickWinnerKind):
    """Four plays of a trick: which one wins it?"""

    name = "dagunzi.winner"
    title = gettext_lazy("Who wins the trick")

    def check_lead(self, lead, order):
        if not group_size(lead):
            raise InvalidPuzzle("the lead must be a single, a 棒 or a 滚子")

    trick_winner = staticmethod(trick_winner)
    winner_words = staticmethod(winner_words)
    why_it_loses = staticmethod(why_it_loses)


# ---------------------------------------------------------------------------
# Sort the cards


@register
class OrderKind(DagunziKind, card_kinds.SortKind):
    """Pick the cards from the highest down, as a player sorts a hand."""

    name = "dagunzi.order"
    title = gettext_lazy("Card order")


# ---------------------------------------------------------------------------
# Which plays are legal?


@register
class LegalKind(DagunziKind, card_kinds.TickKind):
    """Tick every legal play among the options, then Done."""

    name = "dagunzi.legal"
    title = gettext_lazy("Legal plays")

    def _read(self, data):
        order = order_of(data)
        rules = rules_of(data)
        hand = cards_of(data, "hand")
        trick = plays_of(data, "trick")
        options = plays_of(data, "options")
        return order, rules, hand, trick, options

    def judge(self, data):
        order, rules, hand, trick, options = self._read(data)
        found = []
        for option in options:
            try:
                check_play(hand, trick, option, order, follow=rules.follow)
                found.append((tuple(option), True, None))
            except IllegalPlay as error:
                found.append((tuple(option), False, error.reason))
        return found

    def validate(self, data):
        hand, trick = self._read(data)[2:4]
        if trick and not group_size(trick[0]):
            raise InvalidPuzzle("the lead must be a single, a 棒 or a 滚子")
        self.validate_options(data, hand)

    def table(self, data):
        order, rules, hand, trick, options = self._read(data)
        leader = (0 - len(trick)) % 4
        return card_table(
            you=0,
            hand=hand_controls(order.sorted(hand), mode="show"),
            trick=[((leader + i) % 4, p) for i, p in enumerate(trick)],
            trump=order.trump,
            level=order.level,
            note=follow_note(rules.follow),
        )


# ---------------------------------------------------------------------------
# Which card do you play?


def _solve(key: str, budget: Budget):
    """Solve the ending, its nodes spent from ``budget`` (see ``solve_within``)."""
    ending = Ending.from_json(json.loads(key))
    return solve_within(solve, ending, budget, NODE_LIMIT, SearchLimit)


@register
class PlayKind(DagunziKind):
    """Choose the card (or 棒, or 滚子) to play; checked by the solver or the author."""

    name = "dagunzi.play"
    title = gettext_lazy("Best play")

    def _read(self, data):
        order = order_of(data)
        rules = rules_of(data)
        you = 0
        trick = plays_of(data, "trick")
        if "hands" in data:
            hands = data["hands"]
            if not isinstance(hands, list) or len(hands) != 4:
                raise InvalidPuzzle("hands lists the four seats' cards, yours first")
            hands = [cards_of({"hands": h}, "hands", required=False) for h in hands]
            hand = hands[you]
        else:
            hand = cards_of(data, "hand")
            hands = None
        return order, rules, hand, hands, trick

    def ending_json(self, data) -> str:
        order, rules, _hand, hands, trick = self._read(data)
        return json.dumps(
            {
                "hands": [[c.text() for c in h] for h in hands],
                "trick": [[c.text() for c in p] for p in trick],
                "to_play": 0,
                "level": order.level,
                "trump": "♠♥♣♦"[order.trump],
                "dealer": _seat(data, "dealer", 0),
                "kitty_points": data.get("kitty_points", 0),
                "variant": rules.follow,
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    def accepted(self, data) -> tuple[set[tuple[Card, ...]], Any]:
        """The accepted plays, and the solution when the solver proved them (solved
        when the puzzle was saved: see ``prepare``)."""
        if "accepted" in data:
            return {tuple(sorted(p)) for p in plays_of(data, "accepted")}, None
        solution = solution_from_json(self.prepared(data)["solution"])
        return set(solution.best), solution

    def prepare(self, data, budget=None):
        """A solver-proven ending is solved once, here: judging reads the values."""
        if "accepted" in data:
            self.validate(data)
            return {}
        return {"solution": self._proven(data, budget).to_json()}

    def _proven(self, data, budget=None):
        """The solution of a solver-proven ending; ``InvalidPuzzle`` if it is no puzzle."""
        order, rules, hand, hands, trick = self._read(data)
        if hands is None:
            raise InvalidPuzzle("give all four hands (solver-proven) or the accepted plays")
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
        if "accepted" not in data:
            self._proven(data, budget)
            return
        order, rules, hand, hands, trick = self._read(data)
        accepted, _solution = self.accepted(data)
        for play in accepted:
            try:
                check_play(hand, trick, play, order, follow=rules.follow)
            except IllegalPlay as error:
                raise InvalidPuzzle(
                    f"accepted play {play_text(play)} is illegal: {error}"
                ) from None
        if len(legal_plays(hand, trick, order, follow=rules.follow)) == len(accepted):
            raise InvalidPuzzle("every legal play is accepted: there is nothing to find")

    def parse_answer(self, data, state, post):
        return _selected_cards(post)

    def check(self, data, state, answer):
        order, rules, hand, hands, trick = self._read(data)
        try:
            play = check_play(hand, trick, answer, order, follow=rules.follow)
        except IllegalPlay as error:
            return Verdict(ILLEGAL, message=error.reason), state
        accepted, solution = self.accepted(data)
        right = play in accepted
        new_state = {"played": [c.text() for c in play], "judged": True}
        best = " / ".join(play_text(p) for p in sorted(accepted))
        if solution is None:
            if right:
                return Verdict(CORRECT, message=both("对。", "Right.")), new_state
            return Verdict(
                WRONG,
                message=both(
                    "这样出牌可以，但不是这里的好打法。",
                    "That is legal, but not the play here.",
                ),
                answer=both(f"好打法：{best}。", f"The play: {best}."),
            ), new_state
        return Verdict(
            CORRECT if right else WRONG,
            message=ending_words(
                solution, play, best, attacking=_seat(data, "dealer", 0) % 2 == 1, right=right
            ),
            answer="" if right else both(f"好打法：{best}。", f"The play: {best}."),
        ), new_state

    def solution(self, data):
        accepted, _solution = self.accepted(data)
        return [play_text(p) for p in sorted(accepted)]

    def board(self, data, state, *, verdict=None, interactive=True):
        order, rules, hand, hands, trick = self._read(data)
        state = state or {}
        leader = (0 - len(trick)) % 4
        others: dict[int, Any] = {}
        shown = set(data.get("open", [1, 2, 3] if hands else []))
        counts = data.get("counts", {})
        for seat in (1, 2, 3):
            if hands is not None:
                others[seat] = order.sorted(hands[seat]) if seat in shown else len(hands[seat])
            elif str(seat) in counts:
                others[seat] = counts[str(seat)]
        played = [parse_card(t) for t in state.get("played", [])]
        trick_rows = [((leader + i) % 4, p) for i, p in enumerate(trick)]
        if played:
            trick_rows.append((0, played))
        mode = "select" if interactive else "show"
        left = Counter(hand) - Counter(played)
        table = card_table(
            you=0,
            hand=hand_controls(order.sorted(left.elements()), mode=mode),
            others=others,
            trick=trick_rows,
            trump=order.trump,
            level=order.level,
            dealer=_seat(data, "dealer", 0),
            score=data.get("score"),
            kitty=cards_of(data, "kitty", required=False) or None,
            note=follow_note(rules.follow),
        )
        if not interactive:
            return table
        return mark_safe(table + submit_button(_("Play the chosen cards"), "play"))  # noqa: S308


# ---------------------------------------------------------------------------
# Settle the hand

ASKS = ("score", "result", "levels", "blood")


@register
class SettleKind(DagunziKind):
    """The last trick is over: how many points, who goes up, how much blood?"""

    name = "dagunzi.settle"
    title = gettext_lazy("Settle the hand")

    def outcome(self, data):
        rules = rules_of(data)
        levels = data.get("levels", [3, 3])
        if not (
            isinstance(levels, list)
            and len(levels) == 2
            and all(isinstance(v, int) and 3 <= v <= 10 for v in levels)
        ):
            raise InvalidPuzzle("levels are the two sides' levels, each 3 to 10")
        trick_points = data.get("trick_points")
        if not isinstance(trick_points, int) or not 0 <= trick_points <= 300 or trick_points % 5:
            raise InvalidPuzzle("trick_points is the attackers' points in tricks, 0 to 300")
        kitty = cards_of(data, "kitty")
        if len(kitty) != 6:
            raise InvalidPuzzle("the kitty has six cards")
        if trick_points + points(kitty) > 300:
            raise InvalidPuzzle("the trick points and the kitty add up to more than 300")
        return settle(
            rules,
            trick_points=trick_points,
            dug=bool(data.get("dug")),
            kitty=kitty,
            levels=tuple(levels),
            dealer_side=_seat(data, "dealer", 0) % 2,
            ganguo=bool(data.get("ganguo")),
        )

    def validate(self, data):
        if data.get("ask") not in ASKS:
            raise InvalidPuzzle(f"ask is one of {', '.join(ASKS)}")
        self.outcome(data)

    def parse_answer(self, data, state, post):
        if data.get("ask") == "result":
            return read_choice(post, list(RESULT_WORDS))
        return int(read_number(post))

    def truth(self, data, outcome):
        ask = data["ask"]
        return {
            "score": outcome.score,
            "result": outcome.result,
            "levels": outcome.gained,
            "blood": outcome.blood,
        }[ask]

    def check(self, data, state, answer):
        outcome = self.outcome(data)
        truth = self.truth(data, outcome)
        result_zh, result_en = RESULT_WORDS[outcome.result]
        doubled = (
            (
                f"抠底，底牌 {outcome.kitty_points} 分翻倍，",
                f"抠底: the kitty's {outcome.kitty_points} points count twice; ",
            )
            if outcome.dug
            else ("", "")
        )
        zh = (
            f"{doubled[0]}抓分方一共 {outcome.score} 分：{result_zh}"
            f"{f'，升 {outcome.gained} 级' if outcome.gained else ''}"
            f"{f'，下一把进贡 {outcome.blood} 张（喝血）' if outcome.blood else ''}。"
        )
        en = (
            f"{doubled[1]}the attackers have {outcome.score} points. {result_en}"
            f"{f', up {outcome.gained} level(s)' if outcome.gained else ''}"
            f"{f'; {outcome.blood} card(s) of tribute next hand' if outcome.blood else ''}."
        )
        if outcome.round_over:
            zh += "这一轮结束。"
            en += " The round is over."
        state = {"answer": answer, "judged": True}
        if answer == truth:
            return Verdict(CORRECT, message=both(zh, en)), state
        why = both(
            "再算一遍：先数抓分方的分（抠底时底牌的分翻倍），再看这些分数对应的结果。",
            "Work it out again: count the attackers' points first (the kitty's twice if"
            " they dug it), then see what that score means.",
        )
        return Verdict(WRONG, message=why, answer=both(zh, en)), state

    def board(self, data, state, *, verdict=None, interactive=True):
        kitty = cards_of(data, "kitty")
        dealer = _seat(data, "dealer", 0)
        levels = data.get("levels", [3, 3])
        facts = [
            (_("Attackers’ points in tricks"), str(data.get("trick_points"))),
            (
                _("Last trick won by"),
                _("the attackers (抠底)") if data.get("dug") else _("the dealer side (保底)"),
            ),
            (
                _("Levels (dealer side, attackers)"),
                f"{levels[dealer % 2]}, {levels[1 - dealer % 2]}",
            ),
        ]
        if data.get("ganguo"):
            facts.append((_("Kitty"), _("干锅 (all trumps or all side cards)")))
        rows = "".join(
            f'<tr><th scope="row">{html.escape(k)}</th><td>{html.escape(v)}</td></tr>'
            for k, v in facts
        )
        kitty_word = _("Kitty (底牌)")
        picture = (
            f'<div class="card-table"><section class="kitty"><h3 class="seat-name">'
            f"{html.escape(kitty_word)}</h3>{cards_row(kitty)}</section>"
            f'<table class="facts">{rows}</table></div>'
        )
        if not interactive:
            return mark_safe(picture)  # noqa: S308
        if data.get("ask") == "result":
            controls = choice_buttons(
                [
                    (TAKE_OVER, _("The attackers take over (上台)")),
                    (HOLD, _("The dealer side holds (保庄)")),
                    (REPLAY, _("The hand is replayed (重打)")),
                ]
            )
        else:
            label = {
                "score": _("Attackers’ points"),
                "levels": _("Levels gained"),
                "blood": _("Cards of tribute"),
            }[data["ask"]]
            controls = number_input(field_id="settle-answer", label=label)
        return mark_safe(picture + controls)  # noqa: S308


# ---------------------------------------------------------------------------
# Burying


@register
class BuryKind(DagunziKind):
    """Is this bury allowed? Which kitty cards must come back for the jokers?"""

    name = "dagunzi.bury"
    title = gettext_lazy("Burying")

    def _read(self, data):
        order = order_of(data)
        rules = rules_of(data)
        dealer = _seat(data, "dealer", 0)
        seat = _seat(data, "seat", 0)
        hand = cards_of(data, "hand")
        kitty = cards_of(data, "kitty")
        cards = cards_of(data, "cards")
        dealer_bury = cards_of(data, "dealer_bury", required=False) or None
        return order, rules, dealer, seat, hand, kitty, cards, dealer_bury

    def joker_bury(self, data, picks=None) -> list[Card]:
        """The cards the seat takes back for its jokers (``IllegalBury`` if it may not)."""
        order, rules, dealer, seat, hand, kitty, cards, dealer_bury = self._read(data)
        return check_joker_bury(
            rules,
            seat,
            dealer,
            hand,
            kitty,
            cards,
            picks,
            order,
            dealer_bury=dealer_bury,
            ganguo=bool(data.get("ganguo")),
        )

    def judge(self, data, picks=None):
        """None if allowed, else the ``IllegalBury``; with picks, the take-back check."""
        order, rules, dealer, seat, hand, kitty, cards, dealer_bury = self._read(data)
        try:
            if seat == dealer and data.get("ask") == "allowed":
                check_bury(rules, hand + kitty, cards)
            else:
                self.joker_bury(data, picks)
        except IllegalBury as error:
            return error
        return None

    def validate(self, data):
        if data.get("ask") not in ("allowed", "takeback"):
            raise InvalidPuzzle('ask is "allowed" or "takeback"')
        kitty = self._read(data)[5]
        if len(kitty) != 6:
            raise InvalidPuzzle("the kitty has six cards")
        error = self.judge(data) if data["ask"] == "takeback" else None
        if error is not None:
            raise InvalidPuzzle(f"this joker bury is not allowed: {error}")

    def parse_answer(self, data, state, post):
        if data.get("ask") == "allowed":
            return read_choice(post, ["yes", "no"])
        words = _getlist(post, "card")
        try:
            return tuple(sorted(parse_card(w) for w in words))
        except (ValueError, TypeError):
            raise BadAnswer(_("that is not a playing card")) from None

    def check(self, data, state, answer):
        order, rules, dealer, seat, hand, kitty, cards, dealer_bury = self._read(data)
        if data["ask"] == "allowed":
            error = self.judge(data)
            truth = "yes" if error is None else "no"
            message = error.reason if error else both("可以这样扣。", "This bury is allowed.")
            status = CORRECT if answer == truth else WRONG
            return Verdict(status, message=message), {"answer": answer, "judged": True}
        if Counter(answer) - Counter(kitty):
            return Verdict(
                ILLEGAL, message=both("只能从底牌里捡。", "Take the cards from the kitty.")
            ), state
        forced = self.joker_bury(data)
        error = self.judge(data, picks=list(answer))
        size_ok = len(answer) == len(cards)
        words = " ".join(c.text() for c in forced)
        if error is None and size_ok:
            return Verdict(
                CORRECT,
                message=both(
                    f"对：扣 {len(cards)} 张王，捡回最小的 {len(cards)} 张（{words}）。"
                    "先看是不是主牌，再看点数，最后看花色。",
                    f"Right: {len(cards)} joker(s) in, the {len(cards)} smallest back ({words}): "
                    "side cards before trumps, then by rank, then the suit is yours to choose.",
                ),
            ), {"answer": [c.text() for c in answer], "judged": True}
        return Verdict(
            WRONG,
            message=both(
                f"捡回的应该是最小的 {len(cards)} 张。分牌和王不能捡；先看是不是主牌，再看点数。",
                f"Take back the {len(cards)} smallest. Points and jokers never come "
                "back; side cards come before trumps, then by rank.",
            ),
            answer=both(f"该捡回的是：{words}。", f"The cards to take back: {words}."),
        ), {"answer": [c.text() for c in answer], "judged": True}

    def board(self, data, state, *, verdict=None, interactive=True):
        order, rules, dealer, seat, hand, kitty, cards, dealer_bury = self._read(data)
        state = state or {}
        ask = data["ask"]
        kitty_mode = "select" if interactive and ask == "takeback" else "show"
        kitty_html = hand_controls(
            sorted(kitty, key=lambda c: (order.is_trump(c), c.rank, c.suit)), mode=kitty_mode
        )
        who = _("You are the dealer (庄家)") if seat == dealer else _("The dealer is another seat")
        kitty_word = _("Kitty (底牌)")
        bury_label = _("Buried") if seat == dealer else _("Jokers you bury")
        picture = card_table(
            you=0,
            hand=hand_controls(order.sorted(hand), mode="show"),
            trump=order.trump,
            level=order.level,
            note=who,
        )
        extra = (
            f'<section class="kitty"><h3 class="seat-name">{html.escape(kitty_word)}</h3>'
            f'<div class="hand">{kitty_html}</div></section>'
            f'<section class="kitty"><h3 class="seat-name">{html.escape(bury_label)}</h3>'
            f"{cards_row(cards)}</section>"
        )
        if dealer_bury:
            buried_word = _("The dealer buried")
            extra += (
                f'<section class="kitty"><h3 class="seat-name">'
                f"{html.escape(buried_word)}</h3>{cards_row(dealer_bury)}</section>"
            )
        body = picture + extra
        if not interactive:
            return mark_safe(body)  # noqa: S308
        if ask == "allowed":
            choices = choice_buttons(
                [("yes", _("This bury is allowed")), ("no", _("This bury is not allowed"))]
            )
            return mark_safe(body + choices)  # noqa: S308
        return mark_safe(body + submit_button(_("Take these back")))  # noqa: S308


# ---------------------------------------------------------------------------
# Lessons: count the points, and plain drawings


@register
class CountKind(DagunziKind, card_kinds.CountKind):
    """How many points are in these cards (5 = 5, 10 = 10, K = 10)?"""

    name = "dagunzi.count"
    title = gettext_lazy("Count the points")


@register_picture
class Table(card_kinds.TablePicture):
    """A lesson's picture: a hand, the trick, other seats; nothing to answer."""

    name = "dagunzi.table"
    game = "dagunzi"

    def order_of(self, data):
        return order_of(data)
