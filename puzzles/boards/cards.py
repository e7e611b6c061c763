"""A card table drawn on the server: 3 to 6 seats, the trick, trump, level and score.

Like ``boards.py``, built by plain Python. Every card is text (``♥A``) with an
accessible name (``红桃A``); the learner's own cards are real controls: a checkbox
per card when several may be chosen (a 棒 or 滚子), or a submit button per card
when one click answers. Both work with the keyboard and without JavaScript.

Seats are shown from the learner's chair, as play runs counter-clockwise: the
player after them (下家) on their right, the one before (上家) on their left, and
the others across the table (at four seats, the partner 对家 opposite). A hand
of any size wraps, grouped by suit when asked; face-down cards are drawn
overlapping, their number written beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engines.cards import CARDS, SUIT_SYMBOLS, Card

from .svg import escape

SUIT_CLASS = ("spades", "hearts", "clubs", "diamonds")


def card_name(card: int) -> str:
    """The accessible name: ``红桃A ♥A`` in Chinese, ``A of hearts`` in English."""
    card = CARDS[card]
    if _english():
        return f"{card.en()} ({card.text()})"
    return f"{card.zh()} {card.text()}"


def _english() -> bool:
    return (get_language() or "zh-hans").lower().startswith("en")


def _face(card: Card) -> str:
    if card.is_joker:
        big = card.rank == 16
        if _english():
            top, bottom = ("BJ" if big else "SJ"), "★"
        else:
            top, bottom = ("大" if big else "小"), "王"
        return (
            f'<span class="card-face" aria-hidden="true"><span class="card-rank">'
            f'{top}</span><span class="card-suit">{bottom}</span></span>'
        )
    rank = card.text()[1:]
    return (
        f'<span class="card-face" aria-hidden="true"><span class="card-rank">{rank}</span>'
        f'<span class="card-suit">{SUIT_SYMBOLS[card.suit]}</span></span>'
    )


def _classes(card: Card, extra: str = "") -> str:
    if card.is_joker:
        colour = "joker-big" if card.rank == 16 else "joker-small"
    else:
        colour = SUIT_CLASS[card.suit]
    return f"card card-{colour}" + (f" {extra}" if extra else "")


def card_span(card: int, extra: str = "") -> str:
    """One card, shown only."""
    card = CARDS[card]
    name = escape(card_name(card))
    return (
        f'<span class="{_classes(card, extra)}" role="img" aria-label="{name}">{_face(card)}</span>'
    )


def cards_row(cards: Iterable[int], extra: str = "", marks: Mapping[int, str] | None = None) -> str:
    """Cards shown in a row; ``marks`` gives some a class of their own (a wild card)."""
    marks = marks or {}
    return "".join(card_span(c, marks.get(c, extra)) for c in cards)


def hand_controls(
    cards: Sequence[int],
    *,
    mode: str,
    field: str = "card",
    selected: Iterable[int] = (),
    marks: Mapping[int, str] | None = None,
    by_suit: bool = False,
    group_by: Callable[[Card], Any] | None = None,
    fan: bool = False,
) -> str:
    """The learner's hand: ``mode`` is ``"select"`` (checkboxes), ``"click"`` (a
    submit button per card) or ``"show"`` (plain cards). ``by_suit`` keeps each run
    of cards of one suit (the jokers together) in a group that wraps as one, so a
    long hand stays readable on a phone: sort the hand first. ``group_by`` groups
    runs by any key instead (保皇's ranks, where suits do not matter); ``fan`` lays
    each group's cards overlapping, their corners showing, so that a 43-card hand
    takes a few rows on a phone."""
    marks = marks or {}
    chosen = list(selected)
    parts = []
    groups = []
    for card in cards:
        card = CARDS[card]
        name = escape(card_name(card))
        mark = marks.get(card, "")
        if mode == "select":
            checked = ""
            if card in chosen:
                chosen.remove(card)
                checked = " checked"
            parts.append(
                f'<label class="{_classes(card, mark)}"><input type="checkbox" '
                f'class="card-check" name="{escape(field)}" value="{escape(card.text())}"'
                f"{checked}>{_face(card)}"
                f'<span class="visually-hidden">{name}</span></label>'
            )
        elif mode == "click":
            # Named by its content, as a checkbox card is: an aria-label would be a name
            # without the visible "BJ" once its "(BJ)" is read as an aside (axe's
            # label-content-name-mismatch on "big joker (BJ)").
            parts.append(
                f'<button type="submit" class="{_classes(card, mark)}" name="{escape(field)}" '
                f'value="{escape(card.text())}">{_face(card)}'
                f'<span class="visually-hidden">{name}</span></button>'
            )
        else:
            parts.append(card_span(card, mark))
        if group_by is not None:
            groups.append(group_by(card))
        else:
            groups.append(-1 if card.is_joker else card.suit)
    if not by_suit and group_by is None:
        return "".join(parts)
    runs: list[list[str]] = []
    for index, part in enumerate(parts):
        if index == 0 or groups[index] != groups[index - 1]:
            runs.append([])
        runs[-1].append(part)
    group = "card-group card-fan" if fan else "card-group"
    return "".join(f'<span class="{group}">{"".join(run)}</span>' for run in runs)


# Where each seat sits, counted from the learner's (0) in the order of play.
PLACES = {
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top-right", "top-left", "left"),
    6: ("bottom", "right", "top-right", "top", "top-left", "left"),
}
# The order a reader meets them in: across the top, then the sides, then the learner.
READING_ORDER = ("top-left", "top", "top-right", "left", "right", "bottom")


def seat_label(seat: int, you: int, seats: int = 4) -> str:
    """A seat as the learner sees it from their chair."""
    place = PLACES[seats][(seat - you) % seats]
    if seats == 4 and place == "top":
        return _("Partner (对家)")
    return {
        "bottom": _("You"),
        "right": _("Right (下家)"),
        "left": _("Left (上家)"),
        "top": _("Across (对面)"),
        "top-right": _("Across, right"),
        "top-left": _("Across, left"),
    }[place]


def face_down(count: int) -> str:
    """A number of face-down cards: backs overlapping, and the number written. No
    cards at all is a seat that has gone out, said in words."""
    if count == 0:
        out = escape(_("Out of cards"))
        return f'<p class="hand-out">{out}</p>'
    words = escape(_("%(n)s cards, face down") % {"n": count})
    crowd = " many" if count > 13 else ""
    backs = '<span class="card card-back" aria-hidden="true"></span>' * count
    return (
        f'<div class="hand hand-hidden{crowd}" role="img" aria-label="{words}">{backs}'
        f'<span class="back-count" aria-hidden="true">{count}</span></div>'
    )


def card_table(
    *,
    you: int,
    hand: str,
    others: Mapping[int, Sequence[int] | int] | None = None,
    trick: Sequence[tuple[int, Sequence[int]]] = (),
    trump: int | None = None,
    no_trump: bool = False,
    level: int | str | None = None,
    dealer: int | None = None,
    score: int | None = None,
    kitty: Sequence[int] | None = None,
    winner: int | None = None,
    label: str = "",
    note: str = "",
    seats: int = 4,
    names: Mapping[int, str] | None = None,
    marks: Mapping[int, str] | None = None,
) -> SafeString:
    """The table of ``seats`` players from seat ``you``'s chair. ``hand`` is the
    learner's hand, already built (``hand_controls``); ``others`` maps a seat to its
    open cards or, as an int, a number of face-down cards; ``trick`` holds (seat,
    cards) in play order; ``winner`` marks the seat winning the trick; ``names``
    gives a seat a name of the game's own (皇帝, 保皇派) said after its place;
    ``marks`` a class to some cards wherever they lie open (掼蛋's wild cards)."""
    if seats not in PLACES:
        raise ValueError(f"a card table has 3 to 6 seats, not {seats}")
    names = names or {}

    def who(seat: int) -> str:
        place = seat_label(seat, you, seats)
        return f"{place} · {names[seat]}" if seat in names else place

    others = others or {}
    trump_word, level_word, dealer_word = _("Trump"), _("Level"), _("Dealer")
    points_word, dealer_badge_word, kitty_word = (
        _("Attackers’ points"),
        _("dealer"),
        _("Kitty (底牌)"),
    )
    facts = []
    if trump is not None:
        suit = f'<strong class="suit-{SUIT_CLASS[trump]}">{SUIT_SYMBOLS[trump]}</strong>'
        facts.append((trump_word, suit))
    elif no_trump:
        no_trump_word = _("No-trump (无主)")
        facts.append((trump_word, f"<strong>{escape(no_trump_word)}</strong>"))
    if level is not None:
        facts.append((level_word, f"<strong>{level}</strong>"))
    if dealer is not None:
        facts.append((dealer_word, f"<strong>{escape(who(dealer))}</strong>"))
    if score is not None:
        facts.append((points_word, f"<strong>{score}</strong>"))
    info = [f'<span class="table-fact">{escape(word)} {value}</span>' for word, value in facts]

    def seat_box(seat: int) -> str:
        where = PLACES[seats][(seat - you) % seats]
        shown = others.get(seat)
        if seat == you:
            if not hand:
                return ""  # nothing in the learner's hand to show
            body = f'<div class="hand hand-you">{hand}</div>'
        elif isinstance(shown, int):
            body = face_down(shown)
        elif shown:
            body = f'<div class="hand">{cards_row(shown, marks=marks)}</div>'
        else:
            body = ""
        if seat != you and shown is None:
            return ""  # a seat the puzzle says nothing about
        dealer_badge = (
            f' <span class="badge">{escape(dealer_badge_word)}</span>' if seat == dealer else ""
        )
        return (
            f'<section class="seat seat-{where}" aria-label="{escape(who(seat))}">'
            f'<h3 class="seat-name">{escape(who(seat))}{dealer_badge}</h3>'
            f"{body}</section>"
        )

    trick_html = ""
    if trick:
        entries = []
        for seat, cards in trick:
            win = " is-winning" if seat == winner else ""
            entries.append(
                f'<li class="played{win}"><span class="played-by">'
                f"{escape(who(seat))}</span>{cards_row(cards, marks=marks)}</li>"
            )
        title = escape(_("This trick"))
        trick_html = (
            f'<section class="trick" aria-label="{title}"><h3 class="seat-name">{title}</h3>'
            f'<ol class="trick-plays">{"".join(entries)}</ol></section>'
        )

    kitty_html = ""
    if kitty:
        kitty_html = (
            f'<section class="kitty" aria-label="{escape(kitty_word)}">'
            f'<h3 class="seat-name">{escape(kitty_word)}</h3>'
            f"{cards_row(kitty, marks=marks)}</section>"
        )
    place_of = {PLACES[seats][(seat - you) % seats]: seat for seat in range(seats)}
    boxes = "".join(seat_box(place_of[p]) for p in READING_ORDER if p in place_of)
    group = escape(label or _("Card table"))
    note_html = f'<p class="table-note">{escape(note)}</p>' if note else ""
    return mark_safe(  # noqa: S308 - every interpolated value is escaped or built escaped
        # A heading of its own (seen by screen readers only), so that the seats'
        # headings (h3) follow the page's h1 without skipping a level.
        f'<div class="card-table" role="group" aria-label="{group}">'
        f'<h2 class="visually-hidden">{group}</h2><div class="table-info">{"".join(info)}</div>'
        f'<div class="table-seats seats-{seats}">{boxes}{trick_html}</div>'
        f"{kitty_html}{note_html}</div>"
    )
