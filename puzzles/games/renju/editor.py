"""Teachers' Renju puzzles: a board editor for every kind a teacher can make.

The position survives every click as a text diagram (``X`` black, ``O`` white,
``.`` empty, the top row first); the kind's engine proves the puzzle on save.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engines.renju import BLACK, COLUMNS, EMPTY, SIZE, WHITE, parse_point, point_name
from puzzles.authoring import (
    BOARD_EDITOR,
    AuthoringError,
    Editor,
    EditorOutcome,
    Mode,
    Stones,
    diagram_rows,
    read_rows,
    save_form,
    write_rows,
)
from puzzles.authoring_forms import COLOR_CHOICES, BoardEditorForm
from puzzles.boards import grid_board
from puzzles.models import Puzzle

from .draw import STARS
from .kinds import position

KINDS = {
    "renju.forbidden": _("Find every forbidden point for black (禁手)"),
    "renju.is_forbidden": _("Is the marked point forbidden for black?"),
    "renju.five": _("Win in one: make five (五连)"),
    "renju.vcf": _("Win by continuous fours (VCF, 连续冲四)"),
    "renju.trap": _("White's trap: fours that force black onto a forbidden point"),
    "renju.defend": _("Defend against the opponent's VCF"),
}
STONES = Stones(EMPTY, BLACK, WHITE)


@dataclass
class RenjuSetup:
    cells: list[int] = field(default_factory=lambda: [EMPTY] * (SIZE * SIZE))
    to_move: str = "black"
    question: int | None = None  # renju.is_forbidden: the point asked about

    def diagram(self) -> str:
        return write_rows(self.cells, SIZE, STONES)

    def question_text(self) -> str:
        return "" if self.question is None else point_name(self.question)


def read_renju_diagram(text: str) -> list[int]:
    rows = diagram_rows(text)
    if not rows:
        return [EMPTY] * (SIZE * SIZE)
    if len(rows) != SIZE:
        raise AuthoringError(
            _("The diagram has %(count)s rows: a renju board has 15.") % {"count": len(rows)}
        )
    return read_rows(rows, SIZE, lambda y: SIZE - y, STONES)


def read_renju_point(text: str, what: str) -> int | None:
    text = str(text).strip()
    if not text:
        return None
    try:
        return parse_point(text)
    except ValueError:
        raise AuthoringError(
            _("%(what)s: %(word)s is not a point of the board (a1 to o15).")
            % {"what": what, "word": text[:10]}
        ) from None


def renju_setup(diagram: str, *, to_move: str, question: str = "") -> RenjuSetup:
    return RenjuSetup(
        read_renju_diagram(diagram), to_move, read_renju_point(question, _("Marked point"))
    )


def apply_renju_click(setup: RenjuSetup, tool: str, point: int) -> RenjuSetup:
    cells, question = list(setup.cells), setup.question
    if tool in ("black", "white", "erase"):
        cells[point] = {"black": BLACK, "white": WHITE, "erase": EMPTY}[tool]
        question = None if question == point else question  # the question is an empty point
    elif tool == "mark":
        if question == point:
            question = None
        elif cells[point]:
            raise AuthoringError(
                _("%(point)s holds a stone: the question is about an empty point.")
                % {"point": point_name(point)}
            )
        else:
            question = point
    else:
        raise AuthoringError(_("Choose what a click does: a tool."))
    return replace(setup, cells=cells, question=question)


def renju_data(setup: RenjuSetup, kind: str, *, rules: str = "renju", none: bool = False):
    data: dict[str, Any] = {
        "black": " ".join(point_name(p) for p, c in enumerate(setup.cells) if c == BLACK),
        "white": " ".join(point_name(p) for p, c in enumerate(setup.cells) if c == WHITE),
        "to_move": setup.to_move,
    }
    if rules != "renju":
        data["rules"] = rules
    if kind == "renju.is_forbidden":
        if setup.question is None:
            raise AuthoringError(
                _(
                    "Mark the point the question is about: choose the △ tool and click an empty "
                    "point."
                )
            )
        data["point"] = setup.question_text()
    if kind == "renju.forbidden" and none:
        data["none"] = True
    return data


def renju_setup_from_data(data: Mapping[str, Any]) -> RenjuSetup:
    board = position(data)
    cells = [board[p] for p in range(SIZE * SIZE)]
    question = None
    if data.get("point"):
        question = read_renju_point(data["point"], _("Marked point"))
    return RenjuSetup(cells, str(data.get("to_move", "black")), question)


def renju_editor_board(setup: RenjuSetup) -> str:
    def at(p: int) -> tuple[int, int]:
        return p % SIZE, p // SIZE

    colors = {BLACK: "black", WHITE: "white"}
    marks = {} if setup.question is None else {at(setup.question): "target"}
    return grid_board(
        columns=SIZE,
        rows=SIZE,
        name_of=lambda xy: point_name(xy[1] * SIZE + xy[0]),
        stones={at(p): colors[c] for p, c in enumerate(setup.cells) if c},
        marks=marks,
        stars=[at(p) for p in STARS],
        column_labels=COLUMNS,
        row_labels=[str(SIZE - y) for y in range(SIZE)],
        clickable=True,
        clickable_stones=True,
        field="at",
        label=_("Board editor"),
    )


RENJU_TOOLS = [
    ("black", _("Black stone ●")),
    ("white", _("White stone ○")),
    ("erase", _("Erase")),
    ("mark", _("△ Mark the point asked about (for “Is the marked point forbidden?”)")),
]


class RenjuEditorForm(BoardEditorForm):
    SETTINGS = ("to_move", "question", "none", "rules")

    kind = forms.ChoiceField(label=_("Kind"), choices=list(KINDS.items()), widget=forms.RadioSelect)
    to_move = forms.ChoiceField(
        label=_("Side to move"), choices=COLOR_CHOICES, widget=forms.RadioSelect
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        choices=[
            ("renju", _("Renju: black has forbidden moves (禁手)")),
            ("gomoku", _("Free gomoku: no forbidden moves")),
        ],
    )
    diagram = forms.CharField(
        label=_("Position as a text diagram"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 15, "class": "diagram", "spellcheck": "false"}),
        help_text=_("15 rows of 15: X black, O white, . empty; the top row (15) first."),
    )
    question = forms.CharField(
        label=_("Marked point (△)"),
        required=False,
        max_length=5,
        help_text=_("For “Is the marked point forbidden?”: the empty point asked about, e.g. h8."),
    )
    none = forms.BooleanField(
        label=_("“No forbidden point” may be the answer"),
        required=False,
        help_text=_("For “Find every forbidden point”: allow a position without any."),
    )
    tool = forms.ChoiceField(
        label=_("A click on the board"),
        choices=RENJU_TOOLS,
        widget=forms.RadioSelect,
        required=False,
    )
    action = forms.ChoiceField(
        label=_("Action"), required=False, choices=[(a, a) for a in ("update", "save", "clear")]
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == "clear":
            cleaned["setup"] = RenjuSetup(to_move=cleaned.get("to_move", "black"))
            return cleaned
        if "diagram" not in cleaned:
            return cleaned
        try:
            setup = renju_setup(cleaned["diagram"], to_move=cleaned.get("to_move", "black"))
        except AuthoringError as error:
            self.add_error("diagram", str(error))
            return cleaned
        cleaned["setup"] = setup
        if "question" in cleaned:
            try:
                setup.question = read_renju_point(cleaned["question"], _("Marked point"))
            except AuthoringError as error:
                self.add_error("question", str(error))
        self.read_click(cleaned, parse_point)
        return cleaned

    def initial_setup(self):
        try:
            return renju_setup(
                self.initial.get("diagram", ""),
                to_move=self.initial.get("to_move", "black"),
                question=self.initial.get("question", ""),
            )
        except AuthoringError:
            return RenjuSetup()

    def fallback_setup(self):
        return RenjuSetup()

    def board(self):
        return renju_editor_board(self.setup())


def run_board(form, *, author, puzzle: Puzzle | None) -> EditorOutcome:
    fields = form.cleaned_data
    setup = fields["setup"]
    if fields.get("action") == "save":
        kind = fields["kind"]
        data = renju_data(setup, kind, rules=fields.get("rules", "renju"), none=fields.get("none"))
        return save_form(form, author=author, puzzle=puzzle, game="renju", kind=kind, data=data)
    if fields.get("action") != "clear" and fields.get("at") is not None:
        setup = apply_renju_click(setup, fields.get("tool") or "black", fields["at"])
    return EditorOutcome(changes={"diagram": setup.diagram(), "question": setup.question_text()})


def board_fields(puzzle: Puzzle | None) -> dict[str, Any]:
    data = puzzle.data if puzzle else {}
    setup = renju_setup_from_data(data) if puzzle else RenjuSetup()
    return {
        "kind": puzzle.kind if puzzle else "renju.forbidden",
        "to_move": setup.to_move,
        "rules": data.get("rules", "renju"),
        "diagram": setup.diagram(),
        "question": setup.question_text(),
        "none": bool(data.get("none")),
        "tool": "black",
    }


EDITOR = Editor(
    game="renju",
    kinds=KINDS,
    smaller=_("fewer stones on the board, a shorter win."),
    modes=(
        Mode(
            "editor",
            RenjuEditorForm,
            run_board,
            board_fields,
            button=_("Renju: board editor"),
            template=BOARD_EDITOR,
        ),
    ),
)
