"""What the exercise partial needs, shared by the puzzle player and the lesson player."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.learners import get_learner

from . import content_cache, services
from .kinds import BadAnswer, Verdict, get_kind, localized
from .models import Attempt, Puzzle


@dataclass
class Play:
    puzzle: Puzzle
    attempt: Attempt | None
    state: dict[str, Any]
    verdict: Verdict | None
    board: str
    board_template: str
    ply: int
    finished: bool
    solved_before: bool
    notice: str = ""
    hint: str = ""  # the hint's words, once asked for
    can_hint: bool = False
    can_reveal: bool = False  # a failed attempt whose kind can show the solution
    solution: list[str] | None = None  # the main line, once shown
    answer_shown: bool = False  # the wrong verdict's words that tell the right answer
    answer_in_words: bool = False  # what "show" shows: those words (else the main line)
    typed_moves: bool = False
    typed_example: str = ""
    typed_length: int = 4
    from_to: bool = False  # a move goes from one point to another (typed: e3e5)
    opened: str = ""  # a fresh board's signed moment of showing (``opened_stamp``)


def build_play(
    puzzle: Puzzle,
    attempt: Attempt | None,
    *,
    verdict: Verdict | None = None,
    solved_before: bool = False,
    notice: str = "",
    show_solution: bool = False,
) -> Play:
    kind = get_kind(puzzle.kind)
    playing = attempt is not None and attempt.status == Attempt.Status.PLAYING
    finished = attempt is not None and not playing and (verdict is not None or show_solution)
    state = attempt.state if (playing or finished) else kind.start(puzzle.kind_data)
    # The answer in words, where the wrong verdict has them: shown with the miss still
    # on the board; else the kind's main line, played out from the start.
    words = finished and services.answer_words(attempt)
    if show_solution and words:
        verdict = Verdict.from_json(attempt.state["verdict"])
        state = {**state, "answer_shown": True}  # a board may draw the answer now
    solution = kind.solution(puzzle.kind_data) if show_solution and not words else None
    if solution is not None:
        state = {**kind.start(puzzle.kind_data), "solution": solution}
    hinted = not finished and kind.offers_hint and state.get("hint")
    hint = kind.hint(puzzle.kind_data, state) if hinted else None
    failed = finished and attempt.status == Attempt.Status.FAILED
    if playing or finished or verdict is not None:
        board = _drawn(kind, puzzle, state, verdict, interactive=not finished)
    else:
        # A fresh board is the same for every visitor: drawn once per language.
        board = content_cache.cached(
            ("fresh-board", puzzle.pk, get_language()),
            lambda: kind.board(puzzle.kind_data, state, interactive=True),
        )
    return Play(
        puzzle=puzzle,
        attempt=attempt,
        state=state,
        verdict=verdict,
        board=board,
        board_template=kind.board_template,
        ply=attempt.ply if playing else 0,
        finished=finished,
        solved_before=solved_before,
        notice=notice,
        hint=localized(hint[0]) if hint else "",
        can_hint=not finished and kind.offers_hint and not state.get("hint"),
        can_reveal=failed
        and not show_solution
        and (words or kind.solution(puzzle.kind_data) is not None),
        answer_shown=show_solution and bool(words),
        answer_in_words=bool(words),
        solution=[kind.move_label(move) for move in solution] if solution else solution,
        typed_moves=kind.typed_moves and not finished,
        typed_example=kind.typed_example,
        typed_length=kind.typed_length,
        from_to=kind.from_to,
    )


# A board after a move is the same for everyone who played those moves on that puzzle
# (the right answer, the usual miss): the latest few hundred drawn are kept.
_boards = content_cache.Shelf(300)


def _drawn(kind, puzzle: Puzzle, state, verdict: Verdict | None, *, interactive: bool) -> str:
    """``kind.board`` for this moment of ``puzzle``, drawn at most once per language."""
    key = _moment(puzzle, state, verdict, interactive)
    board = _boards.get(key) if key is not None else None
    if board is None:
        made_in = content_cache.generation()
        board = kind.board(puzzle.kind_data, state, verdict=verdict, interactive=interactive)
        if key is not None:
            _boards.put(key, board, made_in)
    return board


def _moment(puzzle: Puzzle, state, verdict: Verdict | None, interactive: bool) -> tuple | None:
    """What a board after a move is drawn from, as a key; None when it cannot be one
    (an unsaved puzzle, keys JSON cannot write)."""
    if puzzle.pk is None:
        return None
    try:
        return (
            puzzle.pk,
            get_language(),
            interactive,
            json.dumps(state, sort_keys=True, default=repr),
            json.dumps(verdict.to_json(), sort_keys=True, default=repr) if verdict else "",
        )
    except TypeError:
        return None


OPENED_SALT = "puzzles.play.opened"


def opened_stamp(request: HttpRequest, puzzle: Puzzle) -> str:
    """When a signed-in learner was shown a fresh board, signed, for the answer's form.

    Attempts begin with the first answer; the thinking before it is time spent too (a
    teacher's results show it). The board's form carries the moment back with the
    answer, so showing a board writes nothing. Anonymous visitors get none.
    """
    if not request.user.is_authenticated:
        return ""
    return signing.dumps([puzzle.pk, timezone.now().isoformat()], salt=OPENED_SALT)


def read_opened(request: HttpRequest, puzzle: Puzzle) -> datetime.datetime | None:
    """The moment the answer's board was shown (``opened_stamp``), if the form carries
    a sound one for this puzzle; the attempt's start is capped by the services."""
    text = request.POST.get("opened")
    if not text:
        return None
    try:
        pk, when = signing.loads(text, salt=OPENED_SALT)
        opened = datetime.datetime.fromisoformat(when)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    if pk != puzzle.pk or opened.tzinfo is None or opened > timezone.now():
        return None
    return opened


def current_play(request: HttpRequest, puzzle: Puzzle, *, notice: str = "") -> Play:
    """The exercise as the learner left it: an unfinished attempt, or a fresh board."""
    learner = get_learner(request)
    attempt, solved_before = services.current_and_solved(learner, puzzle)
    if attempt is not None and attempt.status != Attempt.Status.PLAYING:
        attempt = None
    play = build_play(puzzle, attempt, solved_before=solved_before, notice=notice)
    if attempt is None:
        play.opened = opened_stamp(request, puzzle)
    return play


def handle_post(
    request: HttpRequest,
    puzzle: Puzzle,
    *,
    mode: str = Attempt.Mode.PLAY,
    show_answer_after: int | None = None,
) -> tuple[Play, int]:
    """Act on a POST to an exercise: an answer, "try again", a hint or the solution.

    A new attempt starts in ``mode`` (ordinary play, or a review). With
    ``show_answer_after``, a miss that is the learner's n-th at this exercise
    shows the answer with its verdict (a lesson: a second miss).

    Returns the play to render and the HTTP status. A malformed answer (400) or
    one made on a board that has moved on (409) changes nothing: the learner
    sees the board as it stands with a notice, and no progress is lost.
    """
    action = request.POST.get("action")
    learner = get_learner(request)  # made only once there is something to keep
    if action == "retry":
        if learner is None:
            return current_play(request, puzzle), 200
        attempt = services.restart(learner, puzzle, mode=mode)
        return build_play(puzzle, attempt, solved_before=services.has_solved(learner, puzzle)), 200
    if action == "hint":
        if not get_kind(puzzle.kind).offers_hint:
            return current_play(request, puzzle, notice=_("There is no hint here.")), 400
        learner = get_learner(request, create=True)
        attempt = services.take_hint(
            learner, puzzle, mode=mode, opened_at=read_opened(request, puzzle)
        )
        return build_play(puzzle, attempt, solved_before=services.has_solved(learner, puzzle)), 200
    if action == "solution":
        attempt = services.reveal_solution(learner, puzzle) if learner is not None else None
        if attempt is None:
            notice = _("The solution is shown after an attempt has failed.")
            return current_play(request, puzzle, notice=notice), 400
        solved_before = services.has_solved(learner, puzzle)
        return build_play(puzzle, attempt, show_solution=True, solved_before=solved_before), 200
    try:
        raw_ply = request.POST.get("ply")
        ply = int(raw_ply) if raw_ply not in (None, "") else None
        # Judged before anything is written, outside any transaction: an answer
        # that cannot be read leaves no trace, not even a new visitor's row.
        judged = services.judge_answer(learner, puzzle, request.POST, ply=ply, mode=mode)
        if judged.verdict.changes_nothing:  # illegal, or not judged: try another
            solved_before = services.has_solved(learner, puzzle)
            return build_play(
                puzzle, judged.attempt, verdict=judged.verdict, solved_before=solved_before
            ), 200
        learner = learner or get_learner(request, create=True)
        outcome = services.record_answer(
            learner, puzzle, judged, mode=mode, opened_at=read_opened(request, puzzle)
        )
    except (BadAnswer, ValueError) as error:
        reason = str(error) if isinstance(error, BadAnswer) else _("the move counter is damaged")
        notice = _("That answer could not be read (%(reason)s).") % {"reason": reason}
        return current_play(request, puzzle, notice=notice), 400
    except services.StaleAnswer:
        notice = _("This board had moved on since you loaded it; here it is as it stands now.")
        return current_play(request, puzzle, notice=notice), 409
    if (
        show_answer_after is not None
        and outcome.verdict.is_wrong
        and services.misses(learner, puzzle) >= show_answer_after
        and services.reveal_solution(learner, puzzle) is not None
    ):
        solved_before = services.has_solved(learner, puzzle)
        return build_play(
            puzzle, outcome.attempt, show_solution=True, solved_before=solved_before
        ), 200
    # Solved by this very answer: no need to ask the database.
    solved = outcome.attempt is not None and outcome.attempt.status == Attempt.Status.SOLVED
    play = build_play(
        puzzle,
        outcome.attempt,
        verdict=outcome.verdict,
        solved_before=solved or services.has_solved(learner, puzzle),
    )
    return play, 200
