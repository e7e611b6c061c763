"""Go puzzle kinds: every answer is judged by ``engines.go``.

* ``go.capture`` / ``go.escape``: an SGF problem with a solution tree (``data.sgf``);
  the tree answers in-tree moves, the reader (``engines.go.problems``) every other move.
* ``go.liberties``, ``go.legal``, ``go.point``, ``go.dead``, ``go.count``: a position
  (``diagram`` or ``sgf``) and a question the engine answers.
* ``go.nigiri`` and ``go.byoyomi``: the match procedures of seed 000.

The data formats are in ``content/go/README.md``.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.budget import Budget, OutOfBudget
from engines.go import (
    BLACK,
    EMPTY,
    Board,
    IllegalMove,
    Move,
    opponent,
    parse_color,
    parse_point,
    point_name,
    result_text,
    star_points,
)
from engines.go.match import byoyomi_left, nigiri
from engines.go.problems import PREPARE_NODES, Known, ProblemError, Task, judge, prepare, verify
from engines.go.reading import defend
from engines.go.sgf import SgfError, read_game, split_bilingual
from puzzles.boards import choice_buttons
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    PuzzleKind,
    Verdict,
    both,
    read_choice,
    register,
    unjudged,
)
from puzzles.kinds.goals import PointGoalKind
from puzzles.kinds.inputs import number_input, read_number

from .draw import draw, stones_svg
from .words import COLOR_WORDS, count_text, move_words, point_list, result_words


def _color(data: Mapping[str, Any]) -> int:
    try:
        return parse_color(str(data.get("to_move", "black")))
    except ValueError:
        raise InvalidPuzzle("to_move must be black or white") from None


@lru_cache(maxsize=512)
def _position(diagram: str | None, sgf: str | None, to_move: int, moves: tuple[str, ...]):
    if sgf is not None:
        try:
            record = read_game(sgf)
            board = record.board()
        except (SgfError, IllegalMove, ValueError) as error:
            raise InvalidPuzzle(f"bad SGF: {error}") from None
    else:
        try:
            board = Board.from_text(diagram, to_move)
        except (IllegalMove, ValueError) as error:
            raise InvalidPuzzle(f"bad diagram: {error}") from None
    for number, text in enumerate(moves, start=1):
        try:
            board.play(Move.from_text(text, board.size), enforce_turn=False)
        except (IllegalMove, ValueError) as error:
            raise InvalidPuzzle(f"move {number} ({text}): {error}") from None
    return board


def position(data: Mapping[str, Any]) -> Board:
    """A fresh copy of the puzzle's position, the player to move set."""
    diagram, sgf = data.get("diagram"), data.get("sgf")
    if (diagram is None) == (sgf is None):
        raise InvalidPuzzle("give the position as a diagram or as sgf, one of them")
    if not isinstance(diagram or sgf, str):
        raise InvalidPuzzle("the position must be text")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidPuzzle('moves must be a list of texts such as "B D4"')
    return _position(diagram, sgf, _color(data), tuple(moves)).copy()


def _point(board: Board, text: Any, what: str = "point") -> int:
    try:
        return parse_point(str(text), board.size)
    except ValueError as error:
        raise InvalidPuzzle(f"{what}: {error}") from None


class GoKind(PuzzleKind):
    game = "go"

    def start(self, data):
        return {}

    def answer_text(self, answer):
        return str(answer)

    def read_point(self, data, state, post) -> str:
        """The clicked or typed point, named the engine's way (``"d4"`` → ``"D4"``)."""
        text = PuzzleKind.parse_answer(self, data, state, post)
        board = position(data)
        try:
            return point_name(parse_point(text, board.size), board.size)
        except ValueError as error:
            raise BadAnswer(str(error)) from None


# ---------------------------------------------------------------------------
# Capture and escape problems


@lru_cache(maxsize=512)
def _task(sgf: str, aim: str) -> Task:
    return Task.from_sgf(sgf, aim)


class ProblemKind(GoKind):
    """A problem with a solution tree; ``aim`` is the engine's "capture" or "save"."""

    aim: str
    typed_moves = True
    offers_hint = True

    def task(self, data) -> Task:
        sgf = data.get("sgf")
        if not isinstance(sgf, str):
            raise InvalidPuzzle("the problem needs its SGF text")
        try:
            return _task(sgf, self.aim)
        except ProblemError as error:
            raise InvalidPuzzle(str(error)) from None

    def validate(self, data, budget=None):
        errors = verify(self.task(data), budget)
        if errors:
            more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
            raise InvalidPuzzle("; ".join(errors[:3]) + more)

    def prepare(self, data, budget=None):
        """The tree proven, and the first moves it does not judge read out (``Known``)."""
        budget = budget or Budget(PREPARE_NODES)
        self.validate(data, budget)
        return {"first": prepare(self.task(data), budget).to_json()}

    def known(self, data) -> Known | None:
        first = self.prepared(data).get("first")
        return None if first is None else Known.from_json(first)

    def start(self, data):
        return {"moves": [], "shown": []}

    def prompt(self, data):
        comment = self.task(data).problem.comment
        return split_bilingual(comment) if comment else None

    def parse_answer(self, data, state, post):
        text = super().parse_answer(data, state, post)
        task = self.task(data)
        color = "B" if task.problem.to_move == BLACK else "W"
        if text.lower() == "pass":
            return f"{color} pass"
        try:
            return f"{color} {point_name(parse_point(text, task.size), task.size)}"
        except ValueError as error:
            raise BadAnswer(str(error)) from None

    def check(self, data, state, answer):
        task = self.task(data)
        moves = list(state.get("moves", []))
        try:
            result = judge(task, moves, answer, known=None if moves else self.known(data))
        except ProblemError:
            raise BadAnswer(_("this problem has changed; press Try again")) from None
        except OutOfBudget:
            return unjudged(), state
        comment = result.comment or {}
        if result.status == "illegal":
            return Verdict(ILLEGAL, message=result.reason), state
        if result.status == "wrong":
            message = comment or self.wrong_words(task, result.refutation)
            verdict = Verdict(
                WRONG,
                message=message,
                refutation=tuple(move_words(m) for m in result.refutation),
            )
            return verdict, {"moves": moves, "shown": [result.move, *result.refutation]}
        if result.status == "continue":
            verdict = Verdict(
                CONTINUE,
                message=comment,
                reply=result.reply,
                reply_label=move_words(result.reply),
            )
            return verdict, {"moves": [*moves, result.move, result.reply], "shown": []}
        message = comment or self.right_words()
        return Verdict(CORRECT, message=message), {"moves": [*moves, result.move], "shown": []}

    def wrong_words(self, task: Task, refutation) -> dict[str, str]:
        if not refutation:
            return both("这步棋不行。", "That move does not work.")
        first = refutation[0].split()[1]
        if self.aim == "capture":
            return both(
                f"对方在 {first} 应，△的棋子就吃不掉了。",
                f"The answer at {first} saves the marked stones.",
            )
        return both(
            f"对方在 {first} 应，△的棋子还是逃不掉。",
            f"The answer at {first} still captures the marked stones.",
        )

    def right_words(self) -> dict[str, str]:
        if self.aim == "capture":
            return both("吃掉了！", "Captured!")
        return both("逃出来了！", "Saved!")

    def hint(self, data, state):
        task = self.task(data)
        board = task.board(state.get("moves", []))
        chains = [board.chain(t) for t in task.live_targets(board)]
        liberties = set().union(*(chain.liberties for chain in chains)) if chains else set()
        names = point_list(board, liberties)
        if len(liberties) == 1:
            # The first-day problems (one stone in atari) come before the lesson on
            # liberties: their hint says what a liberty is without the word.
            zh = f"△的棋子旁边只剩 {names} 这一个空点。"
            en = f"Only one point next to the marked stones is still empty: {names}."
        elif liberties:
            zh = f"数一数△棋子的气：{names}。"
            en = f"Count the marked stones' liberties: {names}."
        else:
            zh, en = "△的棋子已经没有了。", "The marked stones are already off the board."
        return both(zh, en), dict.fromkeys(liberties, "good")

    def move_label(self, text):
        return move_words(text)

    def solution(self, data):
        """The authored main line: the first right move and the first replies after it."""
        task = self.task(data)
        line, children = [], task.problem.tree
        while children:
            node = next((n for n in children if n.correct), None)
            if node is None:
                break
            line.append(node.move.text(task.size))
            children = node.children
        return line

    def board(self, data, state, *, verdict=None, interactive=True):
        task = self.task(data)
        state = state or self.start(data)
        board = task.board(state.get("moves", []))
        marks = {
            s: "target"
            for t in task.problem.marked
            if board.cells[t] != EMPTY
            for s in board.chain(t).stones
        }
        labels = {}
        moves = state.get("moves", [])
        if moves:
            last = Move.from_text(moves[-1], task.size)
            if last.point is not None:
                marks[last.point] = "last"
        shown = state.get("shown") or state.get("solution") or []
        for number, text in enumerate(shown, start=1):
            move = Move.from_text(text, task.size)
            try:
                board.play(move, enforce_turn=False)
            except IllegalMove:
                break
            if move.point is not None:
                labels[move.point] = str(number)
        if state.get("shown") and shown:
            first = Move.from_text(shown[0], task.size)
            if first.point is not None:
                marks[first.point] = "bad"
        if state.get("hint") and interactive:
            hint_marks = self.hint(data, state)[1]
            marks.update({p: m for p, m in hint_marks.items() if p not in marks})
        extra = {m.point for n in task.problem.tree for m in [n.move] if m.point is not None}
        for p in marks:
            if marks[p] == "target" and board.cells[p] == EMPTY:
                marks[p] = "bad"
        return draw(board, marks=marks, labels=labels, clickable=interactive, extra=extra)


@register
class CaptureKind(ProblemKind):
    name = "go.capture"
    title = gettext_lazy("Capture")
    aim = "capture"


@register
class EscapeKind(ProblemKind):
    name = "go.escape"
    title = gettext_lazy("Escape")
    aim = "save"


# ---------------------------------------------------------------------------
# Liberties


@register
class LibertiesKind(GoKind):
    name = "go.liberties"
    title = gettext_lazy("Count the liberties")

    def _target(self, data, board):
        p = _point(board, data.get("point"))
        if board.cells[p] == EMPTY:
            raise InvalidPuzzle(f"there is no stone at {data.get('point')}")
        return p

    def validate(self, data):
        board = position(data)
        self._target(data, board)

    def parse_answer(self, data, state, post):
        return int(read_number(post))

    def check(self, data, state, answer):
        board = position(data)
        chain = board.chain(self._target(data, board))
        count = len(chain.liberties)
        names = point_list(board, chain.liberties)
        stones = len(chain.stones)
        zh = f"这块棋（{stones}子）有 {count} 口气：{names}。"
        plural = "s" if stones > 1 else ""
        en = f"This chain ({stones} stone{plural}) has {count} liberties: {names}."
        state = {"answer": answer}
        if answer == count:
            return Verdict(CORRECT, message=both(zh, en)), state
        why = both(
            f"不是 {answer} 口。再数一遍：气是和这块棋横着或竖着紧挨着的空点，斜着的不算，"
            "几颗子共用的空点只算一口。",
            f"Not {answer}. Count again: a liberty is an empty point right next to the chain"
            " along a line (diagonals do not count), and a point shared by several stones"
            " counts once.",
        )
        return Verdict(WRONG, message=why, answer=both(zh, en)), state

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        target = self._target(data, board)
        marks = dict.fromkeys(board.chain(target).stones, "target")
        # The liberties are the answer: drawn once it is right, or shown on request.
        if (verdict is not None and verdict.is_correct) or (state or {}).get("answer_shown"):
            marks.update(dict.fromkeys(board.chain(target).liberties, "good"))
        html_board = draw(board, marks=marks, clickable=False)
        if not interactive:
            return html_board
        return mark_safe(html_board + number_input(_("Liberties:")))  # noqa: S308


# ---------------------------------------------------------------------------
# Legal moves: may the player to move play here?

LEGAL_CHOICES = ("legal", "suicide", "superko")


def _legality(board: Board, point: int) -> str:
    try:
        board.play(point)
    except IllegalMove as error:
        return error.code
    board.pop()
    return "legal"


@register
class LegalKind(GoKind):
    name = "go.legal"
    title = gettext_lazy("Legal or not")

    def validate(self, data):
        board = position(data)
        if "point" in data:
            p = _point(board, data["point"])
            if board.cells[p] != EMPTY:
                raise InvalidPuzzle(f"{data['point']} is occupied: ask about an empty point")
        elif data.get("find") == "forbidden":
            if not self._forbidden(board):
                raise InvalidPuzzle("there is no forbidden point to find")
        else:
            raise InvalidPuzzle('go.legal needs a point, or find = "forbidden"')

    def _forbidden(self, board: Board) -> set[int]:
        return {
            p
            for p, c in enumerate(board.cells)
            if c == EMPTY and _legality(board, p) in ("suicide", "superko")
        }

    def parse_answer(self, data, state, post):
        if "point" in data:
            return read_choice(post, list(LEGAL_CHOICES))
        return self.read_point(data, state, post)

    def _words(self, code: str, point: str, color: int) -> dict[str, str]:
        zh_color, en_color = COLOR_WORDS[color]
        if code == "legal":
            return both(f"{zh_color}棋可以下在 {point}。", f"{en_color} may play at {point}.")
        reason = IllegalMove(code).reason
        return both(
            f"{zh_color}棋不能下在 {point}。{reason['zh']}",
            f"{en_color} may not play at {point}. {reason['en']}",
        )

    def check(self, data, state, answer):
        board = position(data)
        color = board.to_move
        if "point" in data:
            p = _point(board, data["point"])
            truth = _legality(board, p)
            words = self._words(truth, point_name(p, board.size), color)
            status = CORRECT if answer == truth else WRONG
            return Verdict(status, message=words), {"answer": answer}
        p = parse_point(answer, board.size)
        if board.cells[p] != EMPTY:
            return Verdict(ILLEGAL, message=IllegalMove("occupied").reason), state
        truth = _legality(board, p)
        words = self._words(truth, answer, color)
        if truth == "legal":
            return Verdict(WRONG, message=words), {"answer": answer}
        return Verdict(CORRECT, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        marks = {}
        if board.move_stack and board.move_stack[-1].point is not None:
            marks[board.move_stack[-1].point] = "last"
        if "point" in data:
            marks[_point(board, data["point"])] = "target"
            html_board = draw(board, marks=marks, clickable=False)
            if not interactive:
                return html_board
            choices = [
                ("legal", _("Yes, it may play there")),
                ("suicide", _("No: a forbidden point (suicide)")),
                ("superko", _("No: it would repeat the board (ko)")),
            ]
            return mark_safe(html_board + choice_buttons(choices))  # noqa: S308
        answer = (state or {}).get("answer")
        if answer and verdict is not None:
            p = parse_point(answer, board.size)
            marks[p] = "good" if verdict.is_correct else "bad"
        return draw(board, marks=marks, clickable=interactive)


# ---------------------------------------------------------------------------
# Points: click the right point (the board's geometry, or a simple aim)

POINT_GOALS = ("tengen", "star", "name", "connect", "atari", "capture")


@register
class PointKind(GoKind, PointGoalKind):
    name = "go.point"
    title = gettext_lazy("Find the point")
    goals = POINT_GOALS

    def _stones(self, data, board) -> list[int]:
        stones = data.get("stones")
        if not isinstance(stones, list) or len(stones) < 2:
            raise InvalidPuzzle("connect needs at least two stones")
        points = [_point(board, s, "stones") for s in stones]
        if any(board.cells[p] != board.to_move for p in points):
            raise InvalidPuzzle("the stones to connect must be the mover's")
        return points

    def _succeeds(self, data, board: Board, p: int) -> bool:
        """Whether playing at ``p`` (legal, already played on ``board``) meets the goal."""
        goal = self.goal(data)
        size = board.size
        if goal == "tengen":
            return size % 2 == 1 and p == (size // 2) * size + size // 2
        if goal == "star":
            return p in star_points(size)
        if goal == "name":
            return p == _point(board, data.get("point"))
        if goal == "connect":
            stones = [parse_point(s, board.size) for s in data["stones"]]
            return len({min(board.chain(s).stones) for s in stones}) == 1
        target = _point(board, data.get("point"))
        if goal == "atari":
            return board.cells[target] != EMPTY and len(board.chain(target).liberties) == 1
        return board.cells[target] == EMPTY  # capture

    def answers(self, data) -> list[int]:
        board = position(data)
        found = []
        for p, c in enumerate(board.cells):
            if c != EMPTY:
                continue
            try:
                board.play(p)
            except IllegalMove:
                continue
            if self._succeeds(data, board, p):
                found.append(p)
            board.pop()
        return found

    def check_goal(self, data):
        board = position(data)
        goal = self.goal(data)
        if goal == "connect":
            points = self._stones(data, board)
            if len({min(board.chain(p).stones) for p in points}) == 1:
                raise InvalidPuzzle("the stones are already connected")
        elif goal in ("name", "atari", "capture"):
            p = _point(board, data.get("point"))
            if goal == "name" and board.cells[p] != EMPTY:
                raise InvalidPuzzle(f"{data.get('point')} is occupied")
            if goal in ("atari", "capture") and board.cells[p] != opponent(board.to_move):
                raise InvalidPuzzle(f"{data.get('point')} must hold the opponent's stone")

    def parse_answer(self, data, state, post):
        return self.read_point(data, state, post)

    def _after(self, data, answer) -> tuple[Board, int]:
        """The board after the learner's stone (``IllegalMove`` if the rules forbid it)."""
        board = position(data)
        p = parse_point(answer, board.size)
        board.play(p)
        return board, p

    def refuse(self, data, answer):
        try:
            self._after(data, answer)
        except IllegalMove as error:
            return Verdict(ILLEGAL, message=error.reason)
        return None

    def meets(self, data, answer):
        board, p = self._after(data, answer)
        return self._succeeds(data, board, p)

    def right(self, data, answer):
        goal = self.goal(data)
        words = {
            "tengen": both(f"对，{answer} 是天元。", f"Yes: {answer} is the centre, tengen."),
            "star": both(f"对，{answer} 是星位。", f"Yes: {answer} is a star point."),
            "name": both(f"对，这就是 {answer}。", f"Yes, this is {answer}."),
            "connect": both("连上了：现在它们是一块棋。", "Connected: they are one chain now."),
            "atari": both("叫吃！这块棋只剩一口气了。", "Atari! The chain has one liberty left."),
            "capture": both("提掉了！", "Captured!"),
        }
        return words[goal]

    def wrong(self, data, answer):
        goal = self.goal(data)
        board, _p = self._after(data, answer)
        if goal == "tengen":
            return both(
                f"{answer} 不在正中央：天元的上下左右，到边上的线一样多。",
                f"{answer} is not the centre: tengen has as many lines on every side.",
            )
        if goal == "star":
            return both(
                f"{answer} 不是星位：星位是棋盘上画着小圆点的点。",
                f"{answer} is not a star point: star points are the ones drawn with a dot.",
            )
        if goal == "name":
            return both(
                f"你点的是 {answer}。字母是从左数第几列，数字是从下数第几行。",
                f"You clicked {answer}. The letter is the column from the left, the number"
                " the row from the bottom.",
            )
        if goal == "connect":
            return both(
                f"下在 {answer} 后它们还没有连在一起：要横着或竖着紧挨着才算相连，斜着不算。",
                f"After {answer} they are still apart: stones connect only side by side"
                " along the lines, never diagonally.",
            )
        target = _point(board, data.get("point"))
        libs = len(board.chain(target).liberties)
        return both(
            f"下在 {answer} 后，这块棋还有 {libs} 口气。",
            f"After {answer} the chain still has {libs} liberties.",
        )

    def answer_words(self, data):
        board = position(data)
        answers = self.answers(data)
        names = point_list(board, answers)
        return both(
            f"正确的点：{names.replace(', ', '、')}。",
            f"The right point{'s' if len(answers) > 1 else ''}: {names}.",
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        marks = {}
        goal = data.get("goal")
        if goal in ("atari", "capture") and "point" in data:
            target = _point(board, data["point"])
            marks.update(dict.fromkeys(board.chain(target).stones, "target"))
        if goal == "connect":
            marks.update({_point(board, s): "target" for s in data.get("stones", [])})
        answer = (state or {}).get("answer")
        if answer and verdict is not None and verdict.status != ILLEGAL:
            p = parse_point(answer, board.size)
            with contextlib.suppress(IllegalMove):
                board.play(p)
            marks = {q: m for q, m in marks.items() if board.cells[q] != EMPTY}
            marks[p] = "good" if verdict.is_correct else "bad"
            if state.get("answer_shown"):  # the right points, once asked for
                marks.update(dict.fromkeys(self.answers(data), "good"))
        # Finding points by the board's geometry needs the whole board in view.
        whole = goal in ("tengen", "star", "name")
        return draw(board, marks=marks, clickable=interactive, whole=whole)


# ---------------------------------------------------------------------------
# Dead stones


@register
class DeadKind(GoKind):
    name = "go.dead"
    title = gettext_lazy("Dead or alive")

    def _dead(self, data, board) -> list[int]:
        """One point of each dead chain (its smallest), from the author's list."""
        dead = data.get("dead")
        if not isinstance(dead, list) or not dead:
            raise InvalidPuzzle("dead must list at least one dead stone")
        chains = set()
        for text in dead:
            p = _point(board, text, "dead")
            if board.cells[p] == EMPTY:
                raise InvalidPuzzle(f"no stone at {text} to be dead")
            chains.add(min(board.chain(p).stones))
        return sorted(chains)

    def validate(self, data):
        board = position(data)
        for p in self._dead(data, board):
            reading = defend(board, p)
            if reading.success or not reading.complete:
                raise InvalidPuzzle(
                    f"the reader cannot prove the stones at {point_name(p, board.size)} dead"
                )

    def start(self, data):
        return {"marked": []}

    def parse_answer(self, data, state, post):
        return self.read_point(data, state, post)

    def check(self, data, state, answer):
        board = position(data)
        p = parse_point(answer, board.size)
        if board.cells[p] == EMPTY:
            message = both("请点一块棋子。", "Click a stone.")
            return Verdict(ILLEGAL, message=message), state
        chain = min(board.chain(p).stones)
        marked = list(state.get("marked", []))
        if chain in marked:
            message = both("这块棋已经标记为死子了。", "These stones are already marked dead.")
            return Verdict(ILLEGAL, message=message), state
        dead = self._dead(data, board)
        if chain not in dead:
            message = both(
                f"{answer} 的棋是活棋，不能当死子拿掉。",
                f"The stones at {answer} are alive: they stay on the board.",
            )
            return Verdict(WRONG, message=message), {"marked": marked, "wrong": answer}
        marked.append(chain)
        if set(marked) >= set(dead):
            return Verdict(CORRECT, message=self._score_words(board, dead)), {"marked": marked}
        left = len(dead) - len(marked)
        message = both(f"对，是死子。还有 {left} 块。", f"Yes, dead. {left} more to find.")
        return Verdict(CONTINUE, message=message), {"marked": marked}

    def _score_words(self, board, dead):
        stones = [s for p in dead for s in board.chain(p).stones]
        black = sum(1 for s in stones if board.cells[s] == BLACK)
        white = len(stones) - black
        return both(
            f"全部找到：拿掉黑死子 {black} 个、白死子 {white} 个。",
            f"All found: {black} dead black and {white} dead white stones come off.",
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        state = state or {}
        marks = {}
        for chain in state.get("marked", []):
            marks.update(dict.fromkeys(board.chain(chain).stones, "bad"))
        if state.get("wrong"):
            marks[parse_point(state["wrong"], board.size)] = "target"
        return draw(board, marks=marks, clickable=interactive, clickable_stones=True)


# ---------------------------------------------------------------------------
# Counting (数子法)


def _margin_choices(margin: Fraction) -> list[Fraction]:
    """The true result and near misses a learner might compute, without repeats."""
    options = {margin, -margin, margin + Fraction(1, 2), margin - Fraction(1, 2), margin + 1}
    return sorted(options, reverse=True)


@register
class CountKind(GoKind):
    name = "go.count"
    title = gettext_lazy("Count the score")

    def _komi(self, data) -> Fraction:
        komi = data.get("komi", 7.5)
        if not isinstance(komi, int | float) or not 0 <= komi <= 50:
            raise InvalidPuzzle("komi is a number of points from 0 to 50")
        return Fraction(komi).limit_denominator(8)

    def _score(self, data):
        """(black's count, black's margin in stones, the board or None)."""
        komi = self._komi(data)
        if "diagram" not in data and "sgf" not in data:
            size, black = data.get("size", 19), data.get("black")
            if not isinstance(size, int) or not 5 <= size <= 19:
                raise InvalidPuzzle("size must be a whole number from 5 to 19")
            if not isinstance(black, int | float) or not 0 <= black <= size * size:
                raise InvalidPuzzle("black must be black's count, from 0 to the board's points")
            black = Fraction(black).limit_denominator(2)
            return black, black - Fraction(size * size, 2) - komi / 2, None
        board = position(data)
        board.komi = float(komi)
        dead = [_point(board, p, "dead") for p in data.get("dead", [])]
        for p in dead:
            if board.cells[p] == EMPTY:
                raise InvalidPuzzle(f"no stone at {point_name(p, board.size)} to be dead")
        chains = {s for p in dead for s in board.chain(p).stones}
        score = board.score(sorted(chains))
        return score.black, score.black_margin, board

    def validate(self, data):
        ask = data.get("ask", "black")
        if ask not in ("black", "result"):
            raise InvalidPuzzle('ask must be "black" or "result"')
        board = self._score(data)[2]
        if ask == "black" and board is None:
            raise InvalidPuzzle("asking for black's count needs a position")

    def parse_answer(self, data, state, post):
        if data.get("ask", "black") == "black":
            return str(read_number(post, halves=True))
        margin = self._score(data)[1]
        return read_choice(post, [str(m) for m in _margin_choices(margin)])

    def check(self, data, state, answer):
        black, margin, board = self._score(data)
        zh_result, en_result = result_text(margin)
        komi = self._komi(data) / 2
        size = board.size if board is not None else data.get("size", 19)
        par = Fraction(size * size, 2)
        zh_count = count_text(black)
        en_count = count_text(black, en=True)
        words = both(
            f"黑方共 {zh_count} 子；归本数 {count_text(par)}，贴 {count_text(komi)} 子，"
            f"所以{zh_result}。",
            f"Black has {en_count} stones; half the board is {count_text(par, en=True)}, "
            f"komi is {count_text(komi, en=True)} stones, so: {en_result}.",
        )
        if data.get("ask", "black") == "black":
            right = Fraction(answer) == black
            why = both(
                "再数一遍：黑方的子数，是盘上的黑子（死子先拿掉）加上黑棋围住的空点。",
                "Count again: black's count is black's stones on the board (dead ones taken"
                " off first) plus the empty points black surrounds.",
            )
        else:
            right = Fraction(answer) == margin
            why = both(
                "再算一遍：黑方的子数先和归本数（棋盘的一半）比，再减去黑棋要贴的子。",
                "Work it out again: compare black's count with half the board, then take off"
                " the stones black gives as komi.",
            )
        if right:
            return Verdict(CORRECT, message=words), {"answer": answer}
        return Verdict(WRONG, message=why, answer=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        ask = data.get("ask", "black")
        parts = []
        if "diagram" in data or "sgf" in data:
            board = position(data)
            dead = [_point(board, p, "dead") for p in data.get("dead", [])]
            marks = {s: "bad" for p in dead for s in board.chain(p).stones}
            parts.append(draw(board, marks=marks, clickable=False))
        else:
            black = Fraction(data["black"]).limit_denominator(2)
            parts.append(
                '<p class="answer-list">'
                + html.escape(
                    _("Board %(size)s×%(size)s; black's count: %(black)s stones.")
                    % {"size": data.get("size", 19), "black": count_text(black, en=True)}
                )
                + "</p>"
            )
        if interactive:
            if ask == "black":
                parts.append(number_input(_("Black's count (stones):"), step="0.5"))
            else:
                margin = self._score(data)[1]
                parts.append(
                    choice_buttons([(str(m), result_words(m)) for m in _margin_choices(margin)])
                )
        return mark_safe("".join(parts))  # noqa: S308


# ---------------------------------------------------------------------------
# 猜先 and 读秒


@register
class NigiriKind(GoKind):
    name = "go.nigiri"
    title = gettext_lazy("Nigiri")

    def validate(self, data):
        try:
            nigiri(data.get("grabbed"), data.get("shown"))
        except ValueError as error:
            raise InvalidPuzzle(str(error)) from None
        if data["grabbed"] > 60:
            raise InvalidPuzzle("a hand holds at most 60 stones")

    def parse_answer(self, data, state, post):
        return read_choice(post, ["guesser", "holder"])

    def check(self, data, state, answer):
        grabbed, shown = data["grabbed"], data["shown"]
        truth = nigiri(grabbed, shown)
        parity_zh, parity_en = ("单数", "odd") if grabbed % 2 else ("双数", "even")
        guess_zh = "一颗黑子：猜单" if shown == 1 else "两颗黑子：猜双"
        guess_en = "one black stone: a guess of odd" if shown == 1 else "two: a guess of even"
        taker_zh = "猜先的一方" if truth == "guesser" else "握子的一方"
        taker_en = "the guesser" if truth == "guesser" else "the player who grabbed"
        words = both(
            f"手里有 {grabbed} 颗白子，是{parity_zh}；出示的是{guess_zh}。所以{taker_zh}执黑先下。",
            f"The hand holds {grabbed} white stones, {parity_en}; the guess was {guess_en}. "
            f"So {taker_en} takes black and plays first.",
        )
        return Verdict(CORRECT if answer == truth else WRONG, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        picture = stones_svg(data["grabbed"], data["shown"])
        if not interactive:
            return mark_safe(picture)  # noqa: S308
        choices = [
            ("guesser", _("The guesser (who showed black) takes black")),
            ("holder", _("The player who grabbed takes black")),
        ]
        count = html.escape(_("Stones in the hand: %(n)s") % {"n": data["grabbed"]})
        return mark_safe(  # noqa: S308
            f'{picture}<p class="answer-list">{count}</p>' + choice_buttons(choices)
        )


@register
class ByoYomiKind(GoKind):
    name = "go.byoyomi"
    title = gettext_lazy("Byo-yomi")

    def validate(self, data):
        reserve, moves = data.get("reserve"), data.get("moves")
        if not isinstance(moves, list) or not moves or len(moves) > 30:
            raise InvalidPuzzle("moves lists the seconds of 1 to 30 moves")
        try:
            byoyomi_left(reserve, moves)
        except ValueError as error:
            raise InvalidPuzzle(str(error)) from None

    def parse_answer(self, data, state, post):
        return int(read_number(post))

    def check(self, data, state, answer):
        left = byoyomi_left(data["reserve"], data["moves"])
        used = data["reserve"] - left
        if left:
            words = both(
                f"每满60秒用掉1分钟，共用掉 {used} 分钟，还剩 {left} 分钟。",
                f"Each full 60 seconds uses a minute: {used} used, {left} left.",
            )
        else:
            words = both(
                "保留的时间全部用完：超时了。",
                "Every reserved minute is used: the time has run out.",
            )
        status = CORRECT if answer == left else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        rows = "".join(
            "<li>" + html.escape(_("Move %(n)s: %(s)s seconds") % {"n": n, "s": s}) + "</li>"
            for n, s in enumerate(data["moves"], start=1)
        )
        reserve = html.escape(_("Minutes kept for byo-yomi: %(m)s") % {"m": data["reserve"]})
        listing = f'<p class="answer-list">{reserve}</p><ol class="answer-list">{rows}</ol>'
        if not interactive:
            return mark_safe(listing)  # noqa: S308
        controls = number_input(_("Minutes left:"))
        return mark_safe(listing + controls)  # noqa: S308
