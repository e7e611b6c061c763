"""Forms of the teacher's puzzle pages: they read what was typed or clicked.

Each form turns its fields into the values ``classrooms.authoring`` works with (a
board editor's set-up, cards, seats) and reports what it cannot read on the field
that holds it. Whether the puzzle is sound is the engine's to say, on save.
"""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from config.inputs import BoundedIntegerField
from engines.cards import SUIT_SYMBOLS
from engines.dagunzi import LEVELS
from engines.dagunzi.rules import VARIANTS
from engines.go import BLACK, WHITE
from engines.go import parse_point as go_point
from engines.renju import parse_point as renju_point
from puzzles import publishing
from puzzles.kinds import localized

from . import authoring
from .authoring import AuthoringError

COLOR_CHOICES = [("black", _("Black (黑)")), ("white", _("White (白)"))]


def _kind_choices(game: str):
    return [(kind, authoring.KIND_LABELS[kind]) for kind in authoring.GAME_KINDS[game]]


class PuzzleTextsForm(forms.Form):
    """Prompt, explanation and publishing, shared by every teacher's puzzle form."""

    prompt_zh = forms.CharField(
        label=_("Prompt in Chinese"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Say who plays and what to do, e.g. 黑先，吃掉△白子。"),
    )
    prompt_en = forms.CharField(
        label=_("Prompt in English"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("One language is enough: learners see the other language's text."),
    )
    explanation_zh = forms.CharField(
        label=_("Explanation in Chinese"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Shown after a correct answer."),
    )
    explanation_en = forms.CharField(
        label=_("Explanation in English"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    is_public = forms.BooleanField(
        label=_("Ask to publish it in the puzzle library"),
        required=False,
        help_text=_(
            "An editor reviews the puzzle first; until it is approved, only you, the teachers "
            "of your classes and your classes' students see it. Untick to make it private."
        ),
    )
    rating = BoundedIntegerField(
        label=_("Estimated rating"),
        required=False,
        min_value=authoring.RATING_RANGE[0],
        max_value=authoring.RATING_RANGE[1],
        help_text=_(
            "Where the puzzle starts on the learners' scale: a new learner is at 1000, "
            "a first capture about 600, 10 kyu about 1500. Needed to publish."
        ),
    )

    prompt_from_content = False  # an SGF's root comment may stand in for the prompt
    TEXT_FIELDS = (
        "prompt_zh",
        "prompt_en",
        "explanation_zh",
        "explanation_en",
        "is_public",
        "rating",
    )

    def content_fields(self):
        """The fields about the puzzle itself, before the texts."""
        return [bound for bound in self if bound.name not in self.TEXT_FIELDS]

    def check_texts(self, cleaned) -> None:
        if not (
            self.prompt_from_content
            or (cleaned.get("prompt_zh") or "").strip()
            or (cleaned.get("prompt_en") or "").strip()
        ):
            self.add_error("prompt_zh", _("Write the prompt in Chinese or in English (or both)."))
        if cleaned.get("is_public") and cleaned.get("rating") is None:
            self.add_error("rating", _("A published puzzle needs an estimated rating."))

    def texts(self) -> authoring.PuzzleTexts:
        return authoring.PuzzleTexts.from_fields(self.cleaned_data)

    @classmethod
    def initial_texts(cls, puzzle) -> dict:
        if puzzle is None:
            return {}
        return {
            "prompt_zh": puzzle.prompt_zh,
            "prompt_en": puzzle.prompt_en,
            "explanation_zh": puzzle.explanation_zh,
            "explanation_en": puzzle.explanation_en,
            "is_public": publishing.wants_library(puzzle),
            "rating": round(puzzle.rating),
        }


class BoardEditorForm(PuzzleTextsForm):
    """A board editor: the position as a text diagram, a tool, the clicked point."""

    game: str
    TOOLS: list
    ACTIONS: list

    at = forms.CharField(label=_("Clicked point"), required=False, max_length=5)

    def refreshed(self, changes: dict) -> BoardEditorForm:
        """The same form with the editor's new state, ready for the next click."""
        data = self.data.copy()
        for name, value in changes.items():
            data[name] = value
        for name in ("at", "action"):
            data.pop(name, None)
        return type(self)(data)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == "save":
            self.check_texts(cleaned)
        return cleaned

    def setup(self):
        """The position to draw: what could be read of it."""
        if self.is_bound:
            self.is_valid()
            found = self.cleaned_data.get("setup")
            return found if found is not None else self.fallback_setup()
        return self.initial_setup()

    def initial_setup(self):
        raise NotImplementedError

    def fallback_setup(self):
        raise NotImplementedError


GO_TOOLS = [
    ("black", _("Black stone ●")),
    ("white", _("White stone ○")),
    ("erase", _("Erase")),
    ("mark", _("△ Mark a stone the problem is about")),
    ("move", _("Next solution move")),
]


class GoEditorForm(BoardEditorForm):
    game = "go"

    kind = forms.ChoiceField(label=_("Kind"), choices=_kind_choices("go"), widget=forms.RadioSelect)
    to_move = forms.ChoiceField(
        label=_("Who plays first (the solver)"), choices=COLOR_CHOICES, widget=forms.RadioSelect
    )
    size = forms.TypedChoiceField(
        label=_("Board size"),
        choices=[(str(s), f"{s}×{s}") for s in authoring.GO_SIZES],
        coerce=int,
        required=False,
        empty_value=9,
    )
    diagram = forms.CharField(
        label=_("Position as a text diagram"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 10, "class": "diagram", "spellcheck": "false"}),
        help_text=_(
            "X black, O white, . empty; the top row first. Paste one here, then press "
            "“Show the diagram on the board”."
        ),
    )
    marked = forms.CharField(
        label=_("Marked stones (△)"),
        required=False,
        max_length=500,
        help_text=_(
            "For a capture, the opponent's stones to capture; for an escape, one chain "
            "of the solver's to save. E.g. C3 D3."
        ),
    )
    solution = forms.CharField(
        label=_("Solution"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
        help_text=_(
            "One line per variation, the solver's move first, the moves alternating: "
            "C3 D3 B2. The first line is the main line; the first reply written is the one "
            "the site plays. A line starting with x is a wrong try and its refutation: x D3 C3. "
            "Moves not written are judged by the engine."
        ),
    )
    tool = forms.ChoiceField(
        label=_("A click on the board"),
        choices=GO_TOOLS,
        widget=forms.RadioSelect,
        required=False,
    )
    action = forms.ChoiceField(
        label=_("Action"),
        required=False,
        choices=[(a, a) for a in ("update", "save", "clear", "undo", "solve")],
    )

    def clean(self):
        cleaned = super().clean()
        to_move = BLACK if cleaned.get("to_move", "black") == "black" else WHITE
        size = cleaned.get("size") or 9
        if cleaned.get("action") == "clear" and "size" in cleaned:
            cleaned["setup"] = authoring.GoSetup.empty(size, to_move)
            return cleaned
        if "diagram" not in cleaned:
            return cleaned
        try:
            setup = authoring.go_setup(cleaned["diagram"], to_move=to_move, size=size)
        except AuthoringError as error:
            self.add_error("diagram", str(error))
            return cleaned
        cleaned["setup"] = setup
        for name, read in (
            ("marked", lambda text: authoring.read_go_points(text, setup.size, _("Marked stones"))),
            ("solution", lambda text: authoring.read_solution(text, setup.size)),
        ):
            if name not in cleaned:
                continue
            try:
                value = read(cleaned[name])
            except AuthoringError as error:
                self.add_error(name, str(error))
                continue
            setattr(setup, "marked" if name == "marked" else "lines", value)
        if cleaned.get("at"):
            try:
                cleaned["at"] = go_point(cleaned["at"], setup.size)
            except ValueError:
                self.add_error(None, _("That point is not on the board."))
        else:
            cleaned["at"] = None
        return cleaned

    def initial_setup(self):
        initial = {**self.initial}
        to_move = BLACK if initial.get("to_move", "black") == "black" else WHITE
        try:
            return authoring.go_setup(
                initial.get("diagram", ""),
                to_move=to_move,
                marked=initial.get("marked", ""),
                solution=initial.get("solution", ""),
            )
        except AuthoringError:
            return authoring.GoSetup.empty()

    def fallback_setup(self):
        size = self.cleaned_data.get("size") or 9
        return authoring.GoSetup.empty(size if size in authoring.GO_SIZES else 9)

    def board(self):
        return authoring.go_editor_board(self.setup())


RENJU_TOOLS = [
    ("black", _("Black stone ●")),
    ("white", _("White stone ○")),
    ("erase", _("Erase")),
    ("mark", _("△ Mark the point asked about (for “Is the marked point forbidden?”)")),
]


class RenjuEditorForm(BoardEditorForm):
    game = "renju"

    kind = forms.ChoiceField(
        label=_("Kind"), choices=_kind_choices("renju"), widget=forms.RadioSelect
    )
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
            cleaned["setup"] = authoring.RenjuSetup(to_move=cleaned.get("to_move", "black"))
            return cleaned
        if "diagram" not in cleaned:
            return cleaned
        try:
            setup = authoring.renju_setup(
                cleaned["diagram"], to_move=cleaned.get("to_move", "black")
            )
        except AuthoringError as error:
            self.add_error("diagram", str(error))
            return cleaned
        cleaned["setup"] = setup
        if "question" in cleaned:
            try:
                setup.question = authoring.read_renju_point(cleaned["question"], _("Marked point"))
            except AuthoringError as error:
                self.add_error("question", str(error))
        if cleaned.get("at"):
            try:
                cleaned["at"] = renju_point(cleaned["at"])
            except ValueError:
                self.add_error(None, _("That point is not on the board."))
        else:
            cleaned["at"] = None
        return cleaned

    def initial_setup(self):
        try:
            return authoring.renju_setup(
                self.initial.get("diagram", ""),
                to_move=self.initial.get("to_move", "black"),
                question=self.initial.get("question", ""),
            )
        except AuthoringError:
            return authoring.RenjuSetup()

    def fallback_setup(self):
        return authoring.RenjuSetup()

    def board(self):
        return authoring.renju_editor_board(self.setup())


SEAT_CHOICES = [(seat, authoring.SEAT_LABELS[seat]) for seat in authoring.SEATS]
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
        for seat in authoring.SEATS:
            name = f"hand_{seat}"
            if name in cleaned:
                try:
                    hands[seat] = authoring.read_cards(cleaned[name], authoring.SEAT_LABELS[seat])
                except AuthoringError as error:
                    self.add_error(name, str(error))
        if "trick" in cleaned:
            try:
                cleaned["plays"] = authoring.read_trick(cleaned["trick"])
            except AuthoringError as error:
                self.add_error("trick", str(error))
        cleaned["hands"] = hands
        self.check_texts(cleaned)
        return cleaned

    def data_for_kind(self) -> dict:
        c = self.cleaned_data
        return authoring.dagunzi_data(
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


class SgfForm(PuzzleTextsForm):
    """A Go problem from an SGF file or pasted SGF text, with its solution tree."""

    prompt_from_content = True

    kind = forms.ChoiceField(label=_("Kind"), choices=_kind_choices("go"), widget=forms.RadioSelect)
    sgf_file = forms.FileField(
        label=_("SGF file"),
        required=False,
        help_text=_("At most 100 KB, UTF-8 (or a charset named in CA[...])."),
    )
    sgf_text = forms.CharField(
        label=_("Or paste the SGF text"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "The set-up (AB, AW), PL the solver, TR[..] on the stones the problem is about, "
            "and the solution tree: right moves marked TE[1] or “Correct”, wrong ones BM[1] "
            "or “Wrong”. With no prompt typed, the root comment C[...] is the prompt."
        ),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("sgf_file")
        if upload:
            if upload.size > authoring.SGF_MAX_BYTES:
                self.add_error(
                    "sgf_file",
                    _("The SGF is %(size)s KB; at most %(limit)s KB, please.")
                    % {
                        "size": (upload.size + 1023) // 1024,
                        "limit": authoring.SGF_MAX_BYTES // 1024,
                    },
                )
                return cleaned
            cleaned["sgf"] = upload.read(authoring.SGF_MAX_BYTES + 1)
        elif (cleaned.get("sgf_text") or "").strip():
            cleaned["sgf"] = cleaned["sgf_text"]
        elif "sgf_text" in cleaned:
            self.add_error("sgf_text", _("Choose an SGF file or paste the SGF text."))
        self.check_texts(cleaned)
        return cleaned


EDITOR_FORMS = {"go": GoEditorForm, "renju": RenjuEditorForm}
