"""Teachers' 象棋 puzzles: a position as FEN (as Xiangqi software copies it), the
kind, and what it asks; the engine proves every one on save (every mating first
move, the longest defence, the refutation of every other move)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from puzzles.authoring import Editor, EditorOutcome, Mode, save_form
from puzzles.authoring_forms import PuzzleTextsForm
from puzzles.kinds import InvalidPuzzle, get_kind
from puzzles.models import Puzzle

from .kinds import position

KINDS = {
    "xiangqi.mate": _("Mate in 1, 2 or 3 (every mating first move counts)"),
    "xiangqi.win": _("Win material (every move that wins enough counts)"),
}
DEPTHS = [(1, _("Mate in 1")), (2, _("Mate in 2")), (3, _("Mate in 3"))]
GAINS = [
    (100, _("a soldier (1)")),
    (200, _("an advisor, an elephant or a soldier across the river (2)")),
    (400, _("a horse (4)")),
    (450, _("a cannon (4.5)")),
    (900, _("a chariot (9)")),
]


class XiangqiForm(PuzzleTextsForm):
    prompt_from_content = True  # an empty prompt becomes the kind's own ("红先，两步杀。")

    kind = forms.ChoiceField(label=_("Kind"), choices=list(KINDS.items()), widget=forms.RadioSelect)
    fen = forms.CharField(
        label=_("Position (FEN)"),
        max_length=120,
        widget=forms.TextInput(attrs={"spellcheck": "false", "autocomplete": "off"}),
        help_text=_(
            "As Xiangqi programs copy it: rank 10 first, upper case Red, lower case Black "
            "(K A B N R C P), then w (Red to move) or b. "
            "Example: 3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w"
        ),
    )
    depth = forms.TypedChoiceField(
        label=_("Mate in"),
        choices=DEPTHS,
        coerce=int,
        initial=1,
        help_text=_("For a mate: the shortest mate there is."),
    )
    gain = forms.TypedChoiceField(
        label=_("The right move wins at least"),
        choices=GAINS,
        coerce=int,
        initial=400,
        help_text=_("For winning material, counted after the engine's reply."),
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("fen"):
            try:
                position({"fen": cleaned["fen"]})
            except InvalidPuzzle as error:
                self.add_error("fen", str(error))
                return cleaned
        texts = cleaned.get("prompt_zh") or cleaned.get("prompt_en")
        if cleaned.get("kind") in KINDS and cleaned.get("fen") and not self.errors and not texts:
            prompt = get_kind(cleaned["kind"]).prompt(self.data_for_kind())
            cleaned["prompt_zh"], cleaned["prompt_en"] = prompt["zh"], prompt["en"]
        self.check_texts(cleaned)
        return cleaned

    def data_for_kind(self) -> dict[str, Any]:
        c = self.cleaned_data
        data: dict[str, Any] = {"fen": " ".join(c["fen"].split())}
        if c["kind"] == "xiangqi.mate":
            data["depth"] = c["depth"]
        else:
            data["gain"] = c["gain"]
        return data


def run_form(form, *, author, puzzle: Puzzle | None) -> EditorOutcome:
    kind = form.cleaned_data["kind"]
    return save_form(
        form, author=author, puzzle=puzzle, game="xiangqi", kind=kind, data=form.data_for_kind()
    )


def form_fields(puzzle: Puzzle | None) -> dict[str, Any]:
    if puzzle is None:
        return {"kind": "xiangqi.mate", "depth": 1, "gain": 400}
    data = puzzle.data
    return {
        "kind": puzzle.kind,
        "fen": data.get("fen", ""),
        "depth": data.get("depth", 1),
        "gain": data.get("gain", 400),
    }


EDITOR = Editor(
    game="xiangqi",
    kinds=KINDS,
    smaller=_("fewer pieces, or a shorter mate."),
    modes=(
        Mode(
            "position",
            XiangqiForm,
            run_form,
            form_fields,
            button=_("Xiangqi: a position"),
            intro=_(
                "Paste the position as FEN. The engine proves the puzzle when you save: a mate "
                "must be the shortest there is, and every first move that mates in time will "
                "count as right."
            ),
        ),
    ),
)
