"""Teachers' 打滚子 endings: every hand open, the double-dummy solver proves the best plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from config.inputs import BoundedIntegerField
from engines.cards import SUIT_SYMBOLS, parse_card
from engines.dagunzi import LEVELS
from engines.dagunzi.rules import VARIANTS
from puzzles.authoring import AuthoringError, Editor, EditorOutcome, Mode, save_form
from puzzles.authoring_forms import PuzzleTextsForm
from puzzles.kinds import localized
from puzzles.models import Puzzle

KIND = "dagunzi.play"

# Play runs 南 → 东 → 北 → 西 (counter-clockwise): East is South's right (下家).
SEATS = ("south", "east", "north", "west")
SEAT_LABELS = {
    "south": _("South (南)"),
    "east": _("East (东)"),
    "north": _("North (北)"),
    "west": _("West (西)"),
}


def read_cards(text: str, what: str) -> list[str]:
    words = str(text).replace(",", " ").replace("，", " ").split()
    cards = []
    for word in words:
        try:
            cards.append(parse_card(word).text())
        except ValueError:
            raise AuthoringError(
                _(
                    "%(what)s: %(word)s is not a card (write ♠♥♣♦ or S H C D and a rank 2–10, J, "
                    "Q, K, A; BJ or SJ for the jokers)."
                )
                % {"what": what, "word": word[:10]}
            ) from None
    return cards


def read_trick(text: str) -> list[list[str]]:
    rows = [row for row in str(text).splitlines() if row.strip()]
    if len(rows) > 3:
        raise AuthoringError(
            _("A trick so far has at most three plays: the fourth is the learner's.")
        )
    return [
        read_cards(row, _("Trick, play %(number)s") % {"number": n})
        for n, row in enumerate(rows, 1)
    ]


def dagunzi_data(
    *,
    hands: Mapping[str, list[str]],
    trick: list[list[str]],
    to_play: str,
    dealer: str,
    level: int,
    trump: str,
    rules: str,
    follow: str,
    kitty_points: int,
) -> dict[str, Any]:
    """The ``dagunzi.play`` data, seats turned so that the seat to play is the learner's (0)."""
    turn = SEATS.index(to_play)
    order = [SEATS[(turn + i) % 4] for i in range(4)]
    return {
        "hands": [" ".join(hands[seat]) for seat in order],
        "trick": [list(play) for play in trick],
        "level": level,
        "trump": trump,
        "rules": rules,
        "follow": follow,
        "dealer": (SEATS.index(dealer) - turn) % 4,
        "kitty_points": kitty_points,
    }


def dagunzi_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The form's fields for a saved ending: the learner's seat shown as South."""
    hands = data.get("hands", ["", "", "", ""])
    fields = {
        f"hand_{seat}": hands[i] if isinstance(hands[i], str) else " ".join(hands[i])
        for i, seat in enumerate(SEATS)
    }
    fields.update(
        trick="\n".join(" ".join(play) for play in data.get("trick", [])),
        to_play="south",
        dealer=SEATS[data.get("dealer", 0) % 4],
        level=data.get("level", 7),
        trump=data.get("trump", SUIT_SYMBOLS[0]),
        rules=data.get("rules", "lianzhong"),
        follow=data.get("follow", "dead"),
        kitty_points=data.get("kitty_points", 0),
    )
    return fields


SEAT_CHOICES = [(seat, SEAT_LABELS[seat]) for seat in SEATS]
SUIT_CHOICES = [
    (symbol, format_lazy("{} {}", symbol, name))
    for symbol, name in zip(
        SUIT_SYMBOLS, (_("spades"), _("hearts"), _("clubs"), _("diamonds")), strict=True
    )
]


HAND_LABELS = {
    "south": _("South's hand (南)"),
    "east": _("East's hand (东)"),
    "north": _("North's hand (北)"),
    "west": _("West's hand (西)"),
}


def _hand_field(seat: str):
    return forms.CharField(
        label=HAND_LABELS[seat],
        max_length=400,
        required=False,
        help_text=_("Cards separated by spaces: ♥A ♥A ♠10 BJ (or HA HA S10 BJ).")
        if seat == "south"
        else "",
    )


def _rule_choices():
    """The seeds' rule sets, named in the page's language (read at each render)."""
    return [(name, localized({"zh": r.title_zh, "en": r.title_en})) for name, r in VARIANTS.items()]


class DagunziForm(PuzzleTextsForm):
    """An ending with every hand open: the solver proves which plays are best."""

    hand_south = _hand_field("south")
    hand_east = _hand_field("east")
    hand_north = _hand_field("north")
    hand_west = _hand_field("west")
    trick = forms.CharField(
        label=_("The trick so far"),
        required=False,
        max_length=400,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One play per line, the lead first; the seats before the one to play made them. "
            "Empty: the seat to play leads."
        ),
    )
    to_play = forms.ChoiceField(
        label=_("Seat to play (the learner)"),
        choices=SEAT_CHOICES,
        help_text=_("Play runs South → East → North → West: East is South's right (下家)."),
    )
    dealer = forms.ChoiceField(label=_("Dealer (庄家)"), choices=SEAT_CHOICES)
    level = forms.TypedChoiceField(
        label=_("Level (级)"), choices=[(str(n), str(n)) for n in LEVELS], coerce=int
    )
    trump = forms.ChoiceField(label=_("Trump suit"), choices=SUIT_CHOICES)
    rules = forms.ChoiceField(
        label=_("Rule set"),
        choices=_rule_choices,
    )
    follow = forms.ChoiceField(
        label=_("Following a 棒 or 滚子"),
        choices=[
            ("dead", _("死棒: match the shape when you can")),
            ("live", _("活棒: follow suit only")),
        ],
    )
    kitty_points = BoundedIntegerField(
        label=_("Points in the kitty (底牌分)"),
        min_value=0,
        max_value=60,
        initial=0,
        help_text=_("Doubled for the attackers if they win the last trick (抠底)."),
    )

    def clean(self):
        cleaned = super().clean()
        hands = {}
        for seat in SEATS:
            name = f"hand_{seat}"
            if name in cleaned:
                try:
                    hands[seat] = read_cards(cleaned[name], SEAT_LABELS[seat])
                except AuthoringError as error:
                    self.add_error(name, str(error))
        if "trick" in cleaned:
            try:
                cleaned["plays"] = read_trick(cleaned["trick"])
            except AuthoringError as error:
                self.add_error("trick", str(error))
        cleaned["hands"] = hands
        self.check_texts(cleaned)
        return cleaned

    def data_for_kind(self) -> dict:
        c = self.cleaned_data
        return dagunzi_data(
            hands=c["hands"],
            trick=c["plays"],
            to_play=c["to_play"],
            dealer=c["dealer"],
            level=c["level"],
            trump=c["trump"],
            rules=c["rules"],
            follow=c["follow"],
            kitty_points=c["kitty_points"],
        )


def run_form(form, *, author, puzzle: Puzzle | None) -> EditorOutcome:
    data = form.data_for_kind()
    return save_form(form, author=author, puzzle=puzzle, game="dagunzi", kind=KIND, data=data)


def form_fields(puzzle: Puzzle | None) -> dict[str, Any]:
    return dagunzi_fields(puzzle.data) if puzzle else {"to_play": "south", "level": 7}


EDITOR = Editor(
    game="dagunzi",
    kinds={
        KIND: _("Which cards to play (all hands open, proven by the solver)"),
    },
    smaller=_("fewer cards in the hands."),
    modes=(
        Mode(
            "ending",
            DagunziForm,
            run_form,
            form_fields,
            button=_("Dagunzi: an ending"),
            intro=_(
                "Every hand is open: the double-dummy solver finds the best plays, and the "
                "learner must find one of them. Keep the ending small (a few cards each) so "
                "that it can be proven."
            ),
        ),
    ),
)
