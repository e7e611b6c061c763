"""Puzzle kinds: the only bridge from the web to the engines.

A kind (``go.capture``, ``renju.forbidden``, ``dagunzi.lead``, ...) knows how to

* ``validate(data)`` a puzzle's data with its engine (raise ``InvalidPuzzle``),
* ``prepare(data, budget)`` validate it and work out, once, what judging needs (the
  winning moves of each position, a solved ending...): the result is stored with
  the puzzle (``Puzzle.prepared``) and comes back to every later call inside the
  data, under ``PREPARED``, so that judging an answer only looks things up,
* ``start(data)`` an attempt (return the attempt's JSON state),
* ``parse_answer(data, state, post)`` read one answer from a form (raise ``BadAnswer``),
* ``check(data, state, answer)`` judge it, returning a ``Verdict`` and the new state:
  ``correct``; ``wrong`` with the refutation and an explanation; ``continue``
  with the reply the solution tree or the engine plays; ``illegal`` (the rules
  forbid that move: the attempt is unchanged, the learner tries again); or
  ``marked`` (a pick noted, judged later with the rest, as in "click every
  forbidden point, then Done"); or ``unjudged`` (the engine could not settle it
  within one request's budget: nothing changes, never a wrong verdict); or
  ``picked`` (a piece picked up, to be moved by the next click: nothing changes,
  the board shows where it can go; see ``puzzles.kinds.moves``),
* ``board(data, state, verdict, interactive)`` draw the board as HTML,
  inside its ``board_template``,
* optionally ``prompt(data)`` (the prompt when the content gives none, e.g. an SGF
  comment), ``hint(data, state)`` (words and board marks; a hinted solve is
  unrated) and ``solution(data)`` (the main line, shown after a failure).

Lesson exercises are puzzles of the same kinds: one checker serves both.
Kinds register themselves with ``@register`` when their module is imported;
each taught game's ``kinds`` module is imported at start-up (``puzzles.games``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Literal

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engines.budget import Budget, OutOfBudget  # noqa: F401 (re-exported to the web side)

CORRECT = "correct"
WRONG = "wrong"
CONTINUE = "continue"
ILLEGAL = "illegal"  # the rules forbid the move: nothing changes, the learner tries again
MARKED = "marked"  # an answer noted, not yet judged (a point picked for a set of answers)
# The engine could not settle the answer within what one request may cost: like an
# illegal move, nothing changes and the learner tries another (never a verdict).
UNJUDGED = "unjudged"
# A piece picked up (the first click of a move from one point to another): nothing
# is recorded; the board shows where it can go (``Verdict.picked``).
PICKED = "picked"


# The key under which a kind finds, inside the data it is given, what its
# ``prepare`` worked out when the puzzle was saved (``Puzzle.kind_data``).
PREPARED = "prepared"


class InvalidPuzzle(ValueError):
    """The puzzle's data is wrong: the reason names what and where."""


class BadAnswer(ValueError):
    """The submitted answer cannot be read (a tampered or malformed form)."""


class UnknownKind(LookupError):
    pass


Text = str | Mapping[str, str]


def both(zh: str, en: str) -> dict[str, str]:
    """A text in both languages, as kinds write their messages: ``localized``
    picks the learner's."""
    return {"zh": zh, "en": en}


def localized(text: Text | None) -> str:
    """Pick the active language's text from ``{"zh": ..., "en": ...}``.

    Plain strings (or lazy translations) are returned as they are.
    """
    if text is None:
        return ""
    if isinstance(text, Mapping):
        language = (get_language() or "zh-hans").lower()
        key = "en" if language.startswith("en") else "zh"
        return text.get(key) or text.get("zh") or text.get("en") or ""
    return str(text)


@dataclass(frozen=True)
class Verdict:
    status: Literal["correct", "wrong", "continue", "illegal", "marked", "unjudged", "picked"]
    message: Text = ""
    # A wrong answer's words that give the right one away ("the point: K10"): shown
    # only when the learner asks for the answer, or after a second miss in a lesson.
    # ``message`` says why the answer is wrong without telling the right one.
    answer: Text = ""
    explanation: Text = ""
    reply: str | None = None  # recorded in the attempt's moves
    reply_label: str = ""  # the reply as the learner reads it, when it differs
    refutation: tuple[str, ...] = field(default_factory=tuple)
    picked: str = ""  # PICKED: the point of the piece picked up

    @property
    def is_correct(self) -> bool:
        return self.status == CORRECT

    @property
    def is_wrong(self) -> bool:
        return self.status == WRONG

    @property
    def is_illegal(self) -> bool:
        return self.status == ILLEGAL

    @property
    def is_unjudged(self) -> bool:
        return self.status == UNJUDGED

    @property
    def changes_nothing(self) -> bool:
        """The attempt stays as it was: an illegal move, one the engine could not
        judge, or a piece only picked up."""
        return self.status in (ILLEGAL, UNJUDGED, PICKED)

    @property
    def is_final(self) -> bool:
        return self.status in (CORRECT, WRONG)

    @property
    def message_text(self) -> str:
        return localized(self.message)

    def to_json(self) -> dict[str, Any]:
        """The verdict as kept with the attempt it ended (texts in both languages
        where the kind gave both, else as read now)."""

        def text(value: Text) -> str | dict[str, str]:
            if isinstance(value, Mapping):
                return {key: str(words) for key, words in value.items()}
            return str(value)

        return {
            "status": self.status,
            "message": text(self.message),
            "answer": text(self.answer),
            "explanation": text(self.explanation),
            "reply": self.reply,
            "reply_label": self.reply_label,
            "refutation": list(self.refutation),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            status=data["status"],
            message=data.get("message", ""),
            answer=data.get("answer", ""),
            explanation=data.get("explanation", ""),
            reply=data.get("reply"),
            reply_label=data.get("reply_label", ""),
            refutation=tuple(data.get("refutation", ())),
        )

    @property
    def answer_text(self) -> str:
        return localized(self.answer)

    @property
    def explanation_text(self) -> str:
        return localized(self.explanation)


class PuzzleKind:
    """Base class of every kind; subclasses fill in the rules."""

    name: ClassVar[str]
    title: ClassVar[str] = ""  # what teachers pick it by: "Capture", "Best play"
    game: ClassVar[str]
    board_template: ClassVar[str] = "puzzles/boards/form.html"
    answer_field: ClassVar[str] = "move"
    typed_moves: ClassVar[bool] = False  # offer a box to type a coordinate
    typed_example: ClassVar[str] = "D4"  # the box's placeholder: a point in the game's notation
    typed_length: ClassVar[int] = 4  # the longest text the box takes
    from_to: ClassVar[bool] = False  # moves go from one point to another (kinds.moves)
    offers_hint: ClassVar[bool] = False  # ``hint`` gives words and marks
    # Engine nodes that ``prepare`` may spend on a teacher's save: a few seconds'
    # work at most, whatever was uploaded (the content loader allows more).
    save_budget: ClassVar[int] = 200_000

    def prompt(self, data: Mapping[str, Any]) -> Text | None:
        return None

    def hint(
        self, data: Mapping[str, Any], state: Mapping[str, Any]
    ) -> tuple[Text, Mapping[Any, str]] | None:
        """Words for the learner and marks for the board; None: no hint for this kind."""
        return None

    def move_label(self, text: str) -> str:
        """A move of the solution as the learner reads it (``"W D4"`` → ``白 D4``)."""
        return text

    def solution(self, data: Mapping[str, Any]) -> list[str] | None:
        """The main line as move texts; None when the kind's verdict already says it."""
        return None

    def validate(self, data: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def prepare(self, data: Mapping[str, Any], budget: Budget | None = None) -> dict[str, Any]:
        """Validate ``data`` and work out what judging it needs, as JSON.

        Called when the puzzle is saved (the content loader, a teacher's editor);
        the engine searches share ``budget`` (``OutOfBudget`` when it is spent; a
        kind's own default when None). Raise ``InvalidPuzzle`` for a puzzle whose
        answers could not all be judged quickly. Kinds whose answers are cheap to
        judge need nothing: ``{}``.
        """
        self.validate(data)
        return {}

    def prepared(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """What ``prepare`` stored for this puzzle, found in ``data``.

        Data that comes without it (a lesson's static board, a test, a puzzle
        saved before its kind prepared anything) is prepared here, once per
        process.
        """
        stored = data.get(PREPARED)
        if isinstance(stored, Mapping):
            return stored
        return _prepare_once(self.name, json.dumps(data, sort_keys=True, ensure_ascii=False))

    def start(self, data: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def parse_answer(
        self, data: Mapping[str, Any], state: Mapping[str, Any], post: Mapping[str, Any]
    ) -> Any:
        value = post.get(self.answer_field)
        if not isinstance(value, str) or not value.strip():
            raise BadAnswer(_("no move was given"))
        return value.strip()

    def check(
        self, data: Mapping[str, Any], state: Mapping[str, Any], answer: Any
    ) -> tuple[Verdict, dict[str, Any]]:
        raise NotImplementedError

    def answer_text(self, answer: Any) -> str:
        return str(answer)

    def board(
        self,
        data: Mapping[str, Any],
        state: Mapping[str, Any] | None,
        *,
        verdict: Verdict | None = None,
        interactive: bool = True,
    ) -> str:
        raise NotImplementedError


@lru_cache(maxsize=256)
def _prepare_once(kind: str, data_json: str) -> Mapping[str, Any]:
    return get_kind(kind).prepare(json.loads(data_json))


def with_prepared(data: Mapping[str, Any], prepared: Mapping[str, Any]) -> dict[str, Any]:
    """The data a kind is handed when judging: the puzzle's own, and what was prepared."""
    return {**data, PREPARED: prepared}


def unjudged() -> Verdict:
    """The verdict for an answer the engine could not settle within a request's budget."""
    return Verdict(
        UNJUDGED,
        message={
            "zh": "这一步要算的变化太多，这里来不及判断，没有算对也没有算错。换一步试试。",
            "en": "This move needs more reading than the site does for one answer, so it is"
            " neither right nor wrong here. Try another move.",
        },
    )


def toggle_mark(state: Mapping[str, Any], point: str) -> tuple[Verdict, dict[str, Any]]:
    """A point clicked in a marking task ("mark every ..., then Done"): marked, or
    unmarked if it was; the verdict says how many are marked."""
    marked = list(state.get("marked", []))
    if point in marked:
        marked.remove(point)
    else:
        marked.append(point)
    message = both(
        f"已标记 {len(marked)} 个点。找全后按“完成”。",
        f"{len(marked)} marked. Press Done when you have them all.",
    )
    return Verdict(MARKED, message=message), {"marked": marked}


def read_choice(post: Mapping[str, Any], allowed) -> str:
    """The ``answer`` a choice button posted, if it is one of ``allowed``."""
    value = post.get("answer")
    if value not in list(allowed):
        raise BadAnswer(_("that is not one of the choices"))
    return value


_REGISTRY: dict[str, PuzzleKind] = {}


def register(cls: type[PuzzleKind]) -> type[PuzzleKind]:
    """Class decorator: make a kind available under ``cls.name``."""
    _REGISTRY[cls.name] = cls()
    return cls


def get_kind(name: str) -> PuzzleKind:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownKind(f"unknown puzzle kind {name!r}") from None


def kind_title(name: str) -> str:
    """The kind's name as a teacher reads it; the kind's code when it has none."""
    kind = _REGISTRY.get(name)
    return str(kind.title) if kind is not None and kind.title else name


def kind_names() -> list[str]:
    return sorted(_REGISTRY)
