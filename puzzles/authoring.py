"""Teacher-made puzzles, whatever the game: editors, saving, publishing, deleting.

Plain functions over models and primitives (no requests). A game that teachers
can make puzzles for declares an ``Editor`` as ``EDITOR`` in its package's
``editor`` module (``puzzles.games.<game>.editor``): the kinds a teacher may make,
and one or more ``Mode``\\s of making them (a board editor, an SGF upload, a plain
form), each a form that reads what the teacher typed or clicked and a ``run``
that turns it into the next state of the editor or a saved puzzle. The pages
(``classrooms.puzzle_views``) only decide who may author and show the modes.

The engines prove every puzzle before it is saved: a puzzle is saved only after
its kind's ``prepare`` accepted the data the editor built, within what one save
may cost, and a refusal is an ``AuthoringError`` whose message says exactly why
(the engine's own reason included).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from . import publishing
from .games import get_game, taught_games
from .kinds import InvalidPuzzle, OutOfBudget, UnknownKind, kind_title
from .models import START_RATING, Puzzle
from .services import prepare_for_save

RATING_RANGE = (100, 3000)

# The page a mode is drawn on: a board editor (every click posts the whole form
# and only saving stores anything) or a plain form.
BOARD_EDITOR = "classrooms/puzzles/editor.html"
PLAIN_FORM = "classrooms/puzzles/form.html"


class AuthoringError(ValueError):
    """A puzzle (or an editor action) the rules or the engine refuse; the message says why."""


@dataclass
class PuzzleTexts:
    prompt_zh: str = ""
    prompt_en: str = ""
    explanation_zh: str = ""
    explanation_en: str = ""
    is_public: bool = False
    rating: int | None = None

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> PuzzleTexts:
        return cls(
            prompt_zh=fields.get("prompt_zh", "").strip(),
            prompt_en=fields.get("prompt_en", "").strip(),
            explanation_zh=fields.get("explanation_zh", "").strip(),
            explanation_en=fields.get("explanation_en", "").strip(),
            is_public=bool(fields.get("is_public")),
            rating=fields.get("rating"),
        )


@dataclass
class EditorOutcome:
    """After an editor's post: the saved puzzle, or the editor's fields to show next."""

    puzzle: Puzzle | None = None
    changes: dict[str, str] = field(default_factory=dict)


# ``run(form, author=..., puzzle=...)``: one valid post of the mode's form.
Run = Callable[..., EditorOutcome]


@dataclass(frozen=True)
class Mode:
    """One way of making a game's puzzles."""

    name: str  # in URLs: new/<game>/<name>/ and edit/?mode=<name>
    form: type  # reads the teacher's input; a ``PuzzleTextsForm``
    run: Run
    initial: Callable[[Puzzle | None], dict[str, Any]]  # the form's fields to start from
    button: Any  # the list page's link to a new puzzle: "Go: board editor"
    template: str = PLAIN_FORM
    secondary: bool = False  # the list page shows its link as a lesser button
    offer_new: Any = ""  # the link to it from another mode's new-puzzle page
    offer_edit: Any = ""  # the link to it from another mode's edit page
    intro: Any = ""  # a few words above the form


@dataclass(frozen=True)
class Editor:
    """How teachers make one game's puzzles."""

    game: str
    kinds: Mapping[str, Any]  # kind → what teachers pick it by, in the order shown
    smaller: Any  # how to make a puzzle that is too much to prove smaller
    modes: tuple[Mode, ...]
    # Which mode edits a saved puzzle, given the one asked for (None: not said).
    pick: Callable[[Puzzle, str | None], str] | None = None

    def mode(self, name: str | None = None) -> Mode | None:
        if name is None:
            return self.modes[0]
        return next((mode for mode in self.modes if mode.name == name), None)

    def mode_for(self, puzzle: Puzzle, asked: str | None) -> Mode:
        if self.pick is not None:
            return self.mode(self.pick(puzzle, asked)) or self.modes[0]
        return self.mode(asked) or self.modes[0]


def editor(game: str) -> Editor | None:
    """The game's editor, or None when teachers cannot make its puzzles here."""
    found = get_game(game)
    module = found.part("editor") if found is not None else None
    return getattr(module, "EDITOR", None)


def editors() -> list[Editor]:
    """Every game's editor, in the catalogue's order."""
    return [e for e in (editor(game.slug) for game in taught_games()) if e is not None]


def kind_label(game: str, kind: str) -> str:
    found = editor(game)
    label = found.kinds.get(kind) if found is not None else None
    return str(label) if label else kind_title(kind)


def is_authored_kind(game: str, kind: str) -> bool:
    found = editor(game)
    return found is not None and kind in found.kinds


# ---------------------------------------------------------------------------
# Text diagrams, for board editors: a position survives every click as text

BLACK_SYMBOLS = "Xx#●"
WHITE_SYMBOLS = "Oo○"
EMPTY_SYMBOLS = ".+┼"


@dataclass(frozen=True)
class Stones:
    """A game's codes for an empty point, a black stone and a white one."""

    empty: int
    black: int
    white: int


def diagram_rows(text: str) -> list[list[str]]:
    """The diagram's rows of symbols, blank lines and spaces left out."""
    rows = []
    for line in str(text).strip().splitlines():
        cells = [ch for ch in line if not ch.isspace()]
        if cells:
            rows.append(cells)
    return rows


def read_rows(rows: list[list[str]], size: int, row_name, stones: Stones) -> list[int]:
    """The cells of a ``size``×``size`` diagram, the top row first."""
    cells = []
    for y, row in enumerate(rows):
        if len(row) != size:
            raise AuthoringError(
                _(
                    "Row %(row)s of the diagram has %(count)s points; a %(size)s×%(size)s board "
                    "needs %(size)s."
                )
                % {"row": row_name(y), "count": len(row), "size": size}
            )
        for ch in row:
            if ch in BLACK_SYMBOLS:
                cells.append(stones.black)
            elif ch in WHITE_SYMBOLS:
                cells.append(stones.white)
            elif ch in EMPTY_SYMBOLS:
                cells.append(stones.empty)
            else:
                raise AuthoringError(
                    _(
                        "Row %(row)s of the diagram holds %(symbol)s: use X for black, O for "
                        "white and . for an empty point."
                    )
                    % {"row": row_name(y), "symbol": repr(ch)}
                )
    return cells


def write_rows(cells: list[int], size: int, stones: Stones) -> str:
    symbols = {stones.empty: ".", stones.black: "X", stones.white: "O"}
    return "\n".join(
        " ".join(symbols[c] for c in cells[y * size : (y + 1) * size]) for y in range(size)
    )


# ---------------------------------------------------------------------------
# Checking and saving


def check_puzzle(kind: str, data: Mapping[str, Any], *, smaller: Any = "") -> dict[str, Any]:
    """The kind's engine proof, within what one save may cost; what it prepared for
    judging. Its refusal, word for word, as an ``AuthoringError``."""
    try:
        return prepare_for_save(kind, data)
    except UnknownKind:
        raise AuthoringError(_("There is no puzzle kind %(kind)s.") % {"kind": kind}) from None
    except OutOfBudget as error:
        raise AuthoringError(
            _(
                "Proving this puzzle needs more than %(nodes)s positions of reading, the most "
                "one save may take. Make it smaller: %(how)s"
            )
            % {"nodes": f"{error.budget.nodes:,}", "how": smaller}
        ) from None
    except (InvalidPuzzle, ValueError) as error:
        raise AuthoringError(
            _("The engine refused the puzzle: %(reason)s") % {"reason": error}
        ) from None


def new_slug(author) -> str:
    """``t<author id>-<random>``: never from what the teacher typed."""
    return f"t{author.pk}-{secrets.token_hex(5)}"


def save_puzzle(
    author,
    *,
    game: str,
    kind: str,
    data: Mapping[str, Any],
    texts: PuzzleTexts,
    puzzle: Puzzle | None = None,
) -> Puzzle:
    """Prove the puzzle with its engine, then create it (or update ``puzzle``)."""
    found = editor(game)
    if found is None or kind not in found.kinds:
        raise AuthoringError(_("Teachers cannot make puzzles of this kind here."))
    if not (texts.prompt_zh or texts.prompt_en):
        raise AuthoringError(_("Write the prompt in Chinese or in English (or both)."))
    prepared = check_puzzle(kind, data, smaller=found.smaller)
    values = {
        "game": game,
        "kind": kind,
        "data": dict(data),
        "prepared": prepared,
        "prompt_zh": texts.prompt_zh,
        "prompt_en": texts.prompt_en,
        "explanation_zh": texts.explanation_zh,
        "explanation_en": texts.explanation_en,
    }
    # "Publish" asks for review; a changed library puzzle goes back to review.
    values.update(publishing.fields_on_save(puzzle, values, texts.is_public))
    if puzzle is not None:
        for name, value in values.items():
            setattr(puzzle, name, value)
        if texts.rating is not None and round(puzzle.rating) != texts.rating:
            puzzle.rating = float(texts.rating)
        puzzle.save()
        return puzzle
    rating = float(texts.rating if texts.rating is not None else START_RATING)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Puzzle.objects.create(
                    slug=new_slug(author), author=author, rating=rating, **values
                )
        except IntegrityError:  # a slug drawn twice: draw again
            continue
    raise AuthoringError(_("No free name was found for the puzzle; please try again."))


def save_form(form, *, author, puzzle: Puzzle | None, game: str, kind: str, data) -> EditorOutcome:
    """Save the puzzle an editor's form describes: ``data`` for its kind, and the
    form's texts."""
    texts = PuzzleTexts.from_fields(form.cleaned_data)
    saved = save_puzzle(author, game=game, kind=kind, data=data, texts=texts, puzzle=puzzle)
    return EditorOutcome(puzzle=saved)


def set_published(puzzle: Puzzle, published: bool) -> Puzzle:
    """Ask for the library (staff review the puzzle first), or make it private at once."""
    return publishing.ask(puzzle) if published else publishing.make_private(puzzle)


def learner_attempts(puzzle: Puzzle) -> int:
    """Attempts by anyone but the author (whose own tries do not count as progress)."""
    return puzzle.attempts.exclude(learner__user_id=puzzle.author_id).count()


def delete_puzzle(puzzle: Puzzle) -> None:
    if learner_attempts(puzzle):
        raise AuthoringError(
            _(
                "Learners have tried this puzzle: deleting it would wipe their progress. "
                "Unpublish it instead, or leave it private."
            )
        )
    puzzle.delete()


# ---------------------------------------------------------------------------
# A teacher's own puzzles


def teacher_puzzles(user):
    """The puzzles this teacher made, newest first (the assignment picker uses this)."""
    if not user.is_authenticated:
        return Puzzle.objects.none()
    return Puzzle.objects.filter(author=user).order_by("-created_at", "-pk")


@dataclass(frozen=True)
class PuzzleRow:
    puzzle: Puzzle
    game_name: str
    kind_label: str
    tries: int


def puzzle_rows(user) -> list[PuzzleRow]:
    """The teacher's puzzles as the list page shows them, with the learners' tries."""
    puzzles = teacher_puzzles(user).annotate(
        tries=Count("attempts", filter=~Q(attempts__learner__user_id=user.pk))
    )
    return [
        PuzzleRow(
            puzzle,
            str(get_game(puzzle.game) or puzzle.game),
            kind_label(puzzle.game, puzzle.kind),
            puzzle.tries,
        )
        for puzzle in puzzles
    ]


def own_puzzle(user, slug: str) -> Puzzle | None:
    """The user's own teacher-made puzzle, or None (someone else's is nobody's business)."""
    puzzle = Puzzle.objects.filter(slug=slug, author_id=user.pk).first()
    if puzzle is None or not is_authored_kind(puzzle.game, puzzle.kind):
        return None
    return puzzle
