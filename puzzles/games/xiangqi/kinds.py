"""Xiangqi puzzle kinds: every answer is judged by ``engines.xiangqi``.

* ``xiangqi.mate``: mate in 1 to 3. Every first move that wins in time is right
  (将死 or 困毙); the site answers with the defence that holds out longest, and
  answers a wrong move with the defence that refutes it. The whole tree is worked
  out when the puzzle is saved (``engines.xiangqi.problems.mate_tree``).
* ``xiangqi.legal``: tick every point a piece may go to (each wrong tick explained
  by the rule that forbids it), or say whether one move is legal.
* ``xiangqi.move``: play a move that meets a goal (give check, take a piece, reach
  a point, answer the check, play the move written): lesson exercises.
* ``xiangqi.win``: win material; every move winning at least the puzzle's gain is
  right, read when the puzzle is saved (``problems.material_moves``).
* ``xiangqi.repetition``: a cycle played three times: who loses, or is it a draw?
* ``xiangqi.touch``: the pieces touched; play a move the touch-move rules allow.
* ``xiangqi.notation``: type the name of the move drawn (Chinese or WXF).
* ``xiangqi.board``: a lesson picture.

Moves are two clicks (a piece, then where it goes; ``puzzles.kinds.moves``) or
typed: coordinates (``h3e3``) or the notation players write (炮二平五, C2=5).
The data formats are in ``content/xiangqi/README.md``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.xiangqi import (
    BLACK,
    BadPosition,
    IllegalMove,
    Move,
    Position,
    parse_square,
    problems,
    repetition,
    square_name,
)
from engines.xiangqi import touch as touching
from engines.xiangqi.notation import chinese, parse_any, parse_chinese, parse_wxf, wxf
from puzzles.boards import choice_buttons, escape, submit_button
from puzzles.boards import draw as draw_picture
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
    localized,
    read_choice,
    register,
    toggle_mark,
    unjudged,
)
from puzzles.kinds.moves import (
    MOVE,
    SELECT,
    FromTo,
    Pick,
    arrange,
    not_movable,
    picked,
)
from puzzles.kinds.ticks import judge_ticks, read_tick
from puzzles.pictures import LessonPicture, register_picture

from .draw import draw, picture
from .words import (
    NUMBERS_EN,
    NUMBERS_ZH,
    SHORT,
    end_both,
    joined,
    line_both,
    mate_prompt,
    move_both,
    piece_both,
    reason,
    side,
)

# What the content loader may spend proving a puzzle, and a teacher's save.
PREPARE_NODES = 3_000_000
SAVE_NODES = 300_000
MAX_DEPTH = 3  # the longest mate a puzzle asks for
WIN_DEPTH = 3  # plies a "win material" puzzle is read to, unless it says
MAX_WIN_DEPTH = 5
WIN_GAIN = 200  # material a "win material" move must win, unless the puzzle says
MAX_SHOWN = 6  # moves named in an answer, at most


# ---------------------------------------------------------------------------
# The position


def position(data: Mapping[str, Any]) -> Position:
    """The puzzle's position: its FEN, and the moves played from it."""
    fen = data.get("fen")
    if not isinstance(fen, str) or not fen.strip():
        raise InvalidPuzzle('fen is needed: the position, as "4k4/9/…/4K4 w"')
    try:
        board = Position(fen.strip())
    except (BadPosition, ValueError, IndexError) as error:
        raise InvalidPuzzle(f"fen is not a position: {error}") from None
    _replay(board, _moves(data.get("moves", "")), "moves")
    return board


def _moves(value: Any) -> list[str]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v for text in value for v in text.replace(",", " ").split()]
    if not isinstance(value, str):
        raise InvalidPuzzle('moves must list moves, such as "h3e3 h10g8"')
    return value.replace(",", " ").split()


def _replay(board: Position, moves: list[str], where: str) -> Position:
    for text in moves:
        try:
            board.play(text)
        except IllegalMove as error:
            raise InvalidPuzzle(f"{where}: {text} cannot be played: {error.code}") from None
    return board


def _point(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidPuzzle(f'{key} must name a point, such as "e3"')
    try:
        return parse_square(value)
    except ValueError:
        raise InvalidPuzzle(f"{key}: {value!r} is not a point (a1 to i10)") from None


def _move(data: Mapping[str, Any], key: str = "move") -> Move:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidPuzzle(f'{key} must be a move, such as "h3e3"')
    try:
        return Move.from_text(value)
    except IllegalMove:
        raise InvalidPuzzle(f"{key}: {value!r} is not a move (h3e3)") from None


def _whole(data: Mapping[str, Any], key: str, default: int, low: int, high: int, what: str) -> int:
    """A whole number of the data, from ``low`` to ``high`` (``what`` says what it is)."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidPuzzle(f"{what}, {low} to {high}")
    return value


def _read_point(text: str) -> str:
    return square_name(parse_square(text))


_COORDINATES = re.compile(r"\s*([a-iA-I](?:10|[1-9]))\s*[-–—>→ ]?\s*([a-iA-I](?:10|[1-9]))\s*")


def read_move(board: Position, post: Mapping[str, Any]) -> Pick | FromTo:
    """A click (a piece picked up, or a whole move) or a typed move: coordinates
    (``h3e3``, ``h3-e3``) or notation (炮二平五, C2=5)."""
    chosen = post.get(SELECT)
    if isinstance(chosen, str) and chosen.strip():
        try:
            return Pick(_read_point(chosen.strip()[:4]))
        except ValueError:
            raise BadAnswer(
                _("%(text)s is not a point of the board") % {"text": chosen[:4]}
            ) from None
    text = post.get(MOVE)
    if not isinstance(text, str) or not text.strip():
        raise BadAnswer(_("no move was given"))
    text = text.strip()[:16]
    found = _COORDINATES.fullmatch(text)
    if found:
        start, end = (_read_point(group) for group in found.groups())
        if start == end:
            raise BadAnswer(_("a move goes from one point to another"))
        return FromTo(start, end)
    try:
        move = parse_any(board, text)
    except (IllegalMove, ValueError):
        raise BadAnswer(
            _(
                "%(text)s is not a legal move here (click a piece, then its point; or type"
                " h2e2 or 炮二平五)"
            )
            % {"text": text}
        ) from None
    return FromTo(square_name(move.from_square), square_name(move.to_square))


def _own(board: Position) -> set[str]:
    return {
        square_name(sq) for sq, code in enumerate(board.board) if code and code >> 3 == board.turn
    }


def _targets(board: Position, point: str) -> set[str]:
    sq = parse_square(point)
    return {square_name(t) for t, why in board.destinations(sq).items() if why is None}


class XiangqiKind(PuzzleKind):
    game = "xiangqi"
    typed_moves = True
    from_to = True
    typed_example = gettext_lazy("h2e2 or 炮二平五")
    typed_length = 16
    save_budget = SAVE_NODES

    def start(self, data):
        return {"moves": []}

    def current(self, data, state) -> Position:
        return _replay(position(data), list((state or {}).get("moves", [])), "state")

    def parse_answer(self, data, state, post):
        return read_move(self.current(data, state), post)

    def answer_text(self, answer):
        return answer.point if isinstance(answer, Pick) else answer.text

    def movable(self, data, state, board: Position) -> set[str]:
        """The points of the pieces the learner may pick up."""
        return _own(board)

    def pick(self, data, state, board: Position, answer: Pick | FromTo) -> Verdict | None:
        """A pick (nothing recorded) or a refusal of a move from a point the learner
        may not move from; None for a move to judge."""
        start = answer.point if isinstance(answer, Pick) else answer.start
        if start not in self.movable(data, state, board):
            code = board.board[parse_square(start)]
            return not_movable(
                "none" if not code else "own" if code >> 3 == board.turn else "theirs"
            )
        if isinstance(answer, Pick):
            name = piece_both(board.board[parse_square(start)])
            return picked(
                start,
                both(
                    f"拿起了{name['zh']}（{start}）。再点它要去的点。",
                    f"Your {name['en'].split(' ', 1)[1]} on {start} is picked up: "
                    "now click where it goes.",
                ),
            )
        return None

    def legal_move(self, data, state, board: Position, answer) -> Move | Verdict:
        """The learner's move, or the verdict that stops it (a piece picked up, a
        piece this exercise does not move, a move the rules forbid): then nothing
        changes."""
        refused = self.pick(data, state, board, answer)
        if refused is not None:
            return refused
        move = Move(parse_square(answer.start), parse_square(answer.end))
        return self.refuse(board, move) or move

    def refuse(self, board: Position, move: Move) -> Verdict | None:
        """The engine's reason, when the rules forbid the move."""
        why = board.why_illegal(move)
        if why is None:
            return None
        return Verdict(ILLEGAL, message=reason(why))

    def controls(self, data, state, board: Position, verdict: Verdict | None, **options) -> str:
        """The board with a from-to form: the learner's pieces can be picked, and the
        picked one's legal points played."""
        lifted = verdict.picked if verdict is not None and verdict.picked else ""
        targets = _targets(board, lifted) if lifted else ()
        shown = picture(board, clickable=True, **options)
        return draw_picture(
            arrange(shown, movable=self.movable(data, state, board), picked=lifted, targets=targets)
        )


def _names(board: Position, moves) -> dict[str, str]:
    """Moves as players write them, joined ("车二进九、车九平四")."""
    moves = sorted(moves)
    shown = [move_both(board, m) for m in moves[:MAX_SHOWN]]
    words = joined(shown, zh="、", en=", ")
    if len(moves) > MAX_SHOWN:
        more = len(moves) - MAX_SHOWN
        words = both(words["zh"] + f" 等 {len(moves)} 步", words["en"] + f" and {more} more")
    return words


# ---------------------------------------------------------------------------
# Mate in N


@register
class MateKind(XiangqiKind):
    name = "xiangqi.mate"
    title = gettext_lazy("Mate in N")

    def depth(self, data) -> int:
        return _whole(data, "depth", 1, 1, MAX_DEPTH, "depth must be a whole number")

    def validate(self, data):
        self.depth(data)
        if position(data).outcome() is not None:
            raise InvalidPuzzle("the game is already over in this position")

    def prepare(self, data, budget=None):
        self.validate(data)
        nodes = PREPARE_NODES if budget is None else min(budget.left, PREPARE_NODES)
        try:
            tree = problems.mate_tree(position(data), self.depth(data), max_nodes=nodes)
        except problems.Unproven as error:
            raise InvalidPuzzle(str(error)) from None
        return {"tree": tree}

    def prompt(self, data):
        return mate_prompt(position(data).turn, self.depth(data))

    def node(self, data, state) -> dict | None:
        """The stored node for the attempt's position (None: the tree has none)."""
        node = self.prepared(data)["tree"]
        moves = list(state.get("moves", []))
        for mine, reply in zip(moves[::2], moves[1::2], strict=False):
            won = node["wins"].get(mine)
            if won is None or won.get("reply") != reply:
                return None
            node = won["next"]
        return node if len(moves) % 2 == 0 else None

    def check(self, data, state, answer):
        board = self.current(data, state)
        refused = self.pick(data, state, board, answer)
        if refused is not None:
            return refused, state
        moves = list(state.get("moves", []))
        found = problems.judge_mate(board, self.node(data, state), answer.text)
        if found.outcome == problems.ILLEGAL:
            return Verdict(ILLEGAL, message=reason(found.reason)), state
        if found.outcome == problems.UNKNOWN:
            return unjudged(), state
        mine = found.move.text()
        if found.outcome == problems.WIN and found.end:
            loser = board.turn ^ 1
            return Verdict(CORRECT, message=end_both(found.end, loser)), {"moves": [*moves, mine]}
        after = board.copy()
        after.push(found.move)
        reply = found.reply.text()
        named = move_both(after, reply)
        label = localized(named)
        defender = side(after.turn)
        if found.outcome == problems.WIN:
            message = both(
                f"好棋！{defender['zh']}最顽强的应法是 {named['zh']}。继续。",
                f"Good! {defender['en']}'s best defence: {named['en']}. Go on.",
            )
            return Verdict(CONTINUE, message=message, reply=reply, reply_label=label), {
                "moves": [*moves, mine, reply]
            }
        left = self.depth(data) - len(moves) // 2
        node = self.node(data, state) or {"wins": {}}
        winning = _names(board, node["wins"])
        line = line_both(board, problems.main_line(node)) if node["wins"] else both("", "")
        answer_words = both(
            f"能赢的走法：{winning['zh']}。例如：{line['zh']}",
            f"Moves that win: {winning['en']}. For example: {line['en']}",
        )
        message = both(
            f"这步之后{defender['zh']}有应法，{NUMBERS_ZH[left]}步之内杀不了了。",
            f"{defender['en']} has an answer to it: no mate within {NUMBERS_EN[left]} "
            "of your moves any more.",
        )
        return Verdict(WRONG, message=message, answer=answer_words, refutation=(label,)), {
            "moves": moves,
            "wrong": mine,
            "shown": reply,
        }

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = self.current(data, state)
        arrows = []
        if state.get("answer_shown"):  # the winning moves, from where the miss was made
            node = self.node(data, state)
            arrows += [(m, "good") for m in sorted(node["wins"])] if node else []
        elif state.get("wrong"):  # the miss and the defence that refutes it, played
            arrows.append((state["wrong"], "bad"))
            board.push(Move.from_text(state["wrong"]))
            if state.get("shown"):
                board.push(Move.from_text(state["shown"]))
        if not interactive:
            return draw(board, arrows=arrows)
        return self.controls(data, state, board, verdict, arrows=arrows)


# ---------------------------------------------------------------------------
# Legal moves


def _outside(board: Position, sq: int, target: int) -> dict[str, str]:
    code = board.board[sq]
    name = piece_both(code)
    return both(
        f"{name['zh']}的走法到不了这里。",
        f"not a point the {name['en'].split(' ', 1)[1]}'s move can reach.",
    )


@register
class LegalKind(XiangqiKind):
    """Tick every point a piece may go to (``piece``), or judge one move (``move``)."""

    name = "xiangqi.legal"
    title = gettext_lazy("Legal moves")
    typed_moves = False
    from_to = False

    def mode(self, data) -> str:
        if ("piece" in data) == ("move" in data):
            raise InvalidPuzzle("give either piece (tick its points) or move (legal or not)")
        return "piece" if "piece" in data else "move"

    def validate(self, data):
        board = position(data)
        if self.mode(data) == "piece":
            sq = _point(data, "piece")
            if not board.board[sq]:
                raise InvalidPuzzle(f"no piece on {data['piece']}")
        else:
            move = _move(data)
            code = board.board[move.from_square]
            if not code:
                raise InvalidPuzzle(f"no piece on {square_name(move.from_square)}")
            if code >> 3 != board.turn:
                raise InvalidPuzzle("move: the piece is not the side to move's")

    def start(self, data):
        return {"marked": []} if self.mode(data) == "piece" else {}

    def prompt(self, data):
        board = position(data)
        if self.mode(data) == "piece":
            sq = _point(data, "piece")
            name = piece_both(board.board[sq])
            return both(
                f"把{name['zh']}（{square_name(sq)}）现在能走到的点全部点出来，再按“完成”。",
                f"Mark every point the {name['en']} on {square_name(sq)} can move to now, "
                "then press Done.",
            )
        move = _move(data)
        name = piece_both(board.board[move.from_square])
        start, end = square_name(move.from_square), square_name(move.to_square)
        return both(
            f"{name['zh']}从 {start} 走到 {end}（箭头），合规吗？",
            f"May the {name['en']} go from {start} to {end} (the arrow)?",
        )

    def truth(self, data) -> dict[int, str | None]:
        return position(data).destinations(_point(data, "piece"))

    def parse_answer(self, data, state, post):
        if self.mode(data) == "move":
            return read_choice(post, ("legal", "illegal"))
        return read_tick(post, _read_point)

    def check(self, data, state, answer):
        if self.mode(data) == "move":
            return self._check_move(data, answer)
        board = position(data)
        sq = _point(data, "piece")
        if answer != "done":
            if answer == square_name(sq):
                words = both(
                    "点这个棋子能走到的点，不是棋子本身。",
                    "Mark the points it can go to, not the piece itself.",
                )
                return Verdict(ILLEGAL, message=words), state
            return toggle_mark(state, answer)
        destinations = self.truth(data)
        truth = {square_name(t) for t, why in destinations.items() if why is None}
        if not truth:
            right = both("对：它现在一步也走不了。", "Right: it cannot move at all now.")
        elif len(truth) == 1:
            right = both("对，它只能走这一个点。", "Right: that is its only point.")
        else:
            right = both(f"全部找到，一共 {len(truth)} 个点。", f"All {len(truth)} found.")
        # Why the other points of its pattern are refused, one line a rule (a blocked
        # line and its own pieces go without saying).
        by_rule: dict[str, list[str]] = {}
        for t, why in destinations.items():
            if why is not None and why not in ("own-piece", "line-blocked"):
                by_rule.setdefault(why, []).append(square_name(t))
        refused = [
            both(
                f"{'、'.join(points)}：{reason(why)['zh']}",
                f"{', '.join(points)}: {reason(why)['en']}",
            )
            for why, points in by_rule.items()
        ]
        if refused:
            right = joined([right, *refused], zh="", en=" ")

        def why_not(name: str) -> dict[str, str]:
            target = parse_square(name)
            why = destinations.get(target)
            return _outside(board, sq, target) if why is None else reason(why)

        return judge_ticks(
            state,
            truth,
            why_not,
            right=right,
            answer=both(
                "能走到的点：" + "、".join(sorted(truth)) + "。",
                "It can go to: " + ", ".join(sorted(truth)) + ".",
            ),
            unit="个点",
        )

    def _check_move(self, data, answer):
        board = position(data)
        move = _move(data)
        why = board.why_illegal(move)
        truth = "legal" if why is None else "illegal"
        words = move_both(board, move) if why is None else reason(why)
        if why is None:
            words = both(f"{words['zh']}合规，可以走。", f"{words['en']} is legal.")
        status = CORRECT if answer == truth else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        if self.mode(data) == "move":
            move = _move(data)
            shown = draw(board, arrows=[(move.text(), "target")], last_move=False)
            if not interactive:
                return shown
            buttons = choice_buttons([("legal", _("Legal")), ("illegal", _("Not legal"))])
            return mark_safe(shown + buttons)  # noqa: S308 (both built escaped)
        sq = _point(data, "piece")
        marks: dict[str, str] = {square_name(sq): "lifted"}
        marked = set(state.get("marked", []))
        if state.get("judged"):
            truth = {square_name(t) for t, why in self.truth(data).items() if why is None}
            show_missed = state.get("answer_shown") or (verdict is not None and verdict.is_correct)
            for name in marked:
                marks[name] = "good" if name in truth else "bad"
            if show_missed:
                marks.update(dict.fromkeys(truth - marked, "cross"))
        else:
            marks.update(dict.fromkeys(marked, "picked"))
        shown = picture(board, marks=marks, clickable=interactive and not state.get("judged"))
        if not state.get("judged"):
            shown.toggle = "picked"
            for spot in shown.spots:
                if spot.name == square_name(sq):
                    spot.clickable = False
        drawn = draw_picture(shown)
        if not interactive:
            return drawn
        return mark_safe(drawn + submit_button(_("Done: these are all")))  # noqa: S308


# ---------------------------------------------------------------------------
# Play a move that meets a goal


GOALS = ("check", "capture", "to", "escape", "notation", "legal")


@register
class MoveKind(XiangqiKind):
    name = "xiangqi.move"
    title = gettext_lazy("Play the move")

    def goal(self, data) -> str:
        goal = data.get("goal")
        if goal not in GOALS:
            raise InvalidPuzzle(f"goal must be one of {', '.join(GOALS)}")
        return goal

    def piece(self, data) -> str | None:
        return square_name(_point(data, "piece")) if "piece" in data else None

    def written(self, data, board: Position) -> Move:
        text = data.get("notation")
        if not isinstance(text, str):
            raise InvalidPuzzle('goal "notation" needs notation, such as "炮二平五"')
        try:
            return parse_any(board, text)
        except (IllegalMove, ValueError):
            raise InvalidPuzzle(f"notation: {text!r} is not a legal move here") from None

    def meets(self, data, board: Position, move: Move) -> bool:
        goal = self.goal(data)
        piece = self.piece(data)
        if piece is not None and square_name(move.from_square) != piece:
            return False
        if goal == "check":
            return board.gives_check(move.code)
        if goal == "capture":
            return move.to_square == _point(data, "target")
        if goal == "to":
            return move.to_square == _point(data, "target")
        if goal == "notation":
            return move == self.written(data, board)
        return True  # escape, legal: any legal move

    def answers(self, data) -> list[Move]:
        board = position(data)
        return [m for m in board.legal_moves() if self.meets(data, board, m)]

    def validate(self, data):
        board = position(data)
        goal = self.goal(data)
        if self.piece(data) is not None:
            code = board.board[_point(data, "piece")]
            if not code or code >> 3 != board.turn:
                raise InvalidPuzzle("piece: no piece of the side to move there")
        if goal in ("capture", "to"):
            target = _point(data, "target")
            code = board.board[target]
            if goal == "capture" and (not code or code >> 3 == board.turn):
                raise InvalidPuzzle("target: no piece of the opponent's there")
        if goal == "escape" and not board.is_check():
            raise InvalidPuzzle('goal "escape": the side to move is not in check')
        if goal == "notation":
            self.written(data, board)
        if not self.answers(data):
            raise InvalidPuzzle("no legal move meets the goal")

    def movable(self, data, state, board):
        piece = self.piece(data)
        return {piece} if piece is not None else _own(board)

    def prompt(self, data):
        board = position(data)
        who = SHORT[board.turn]
        goal = self.goal(data)
        if goal == "check":
            return both(f"{who[0]}先：走一步棋将军。", f"{who[1]} to play: give check.")
        if goal == "capture":
            target = _point(data, "target")
            name = piece_both(board.board[target])
            return both(
                f"{who[0]}先：吃掉{name['zh']}（{square_name(target)}）。",
                f"{who[1]} to play: take the {name['en']} on {square_name(target)}.",
            )
        if goal == "to":
            target = square_name(_point(data, "target"))
            return both(f"{who[0]}先：走到 {target}。", f"{who[1]} to play: reach {target}.")
        if goal == "escape":
            return both(f"{who[0]}方被将军了。应将！", f"{who[1]} is in check. Answer it!")
        if goal == "notation":
            move = self.written(data, board)
            return both(
                f"走出：{chinese(board, move)}。",
                f"Play {wxf(board, move)} ({chinese(board, move)}).",
            )
        return both(f"{who[0]}先：走一步合规的棋。", f"{who[1]} to play: make any legal move.")

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, state, board, answer)
        if isinstance(move, Verdict):
            return move, state
        words = move_both(board, move)
        state = {"moves": [move.text()]}
        if self.meets(data, board, move):
            return Verdict(
                CORRECT, message=both(f"{words['zh']}，对了。", f"{words['en']}: right.")
            ), state
        return Verdict(
            WRONG, message=self.missed(data, board, move, words), answer=self.answer_words(data)
        ), state

    def missed(self, data, board: Position, move: Move, words) -> dict[str, str]:
        goal = self.goal(data)
        if goal == "check":
            return both(
                f"{words['zh']}没有将军：对方的将（帅）没有被攻击。",
                f"{words['en']} gives no check: the general is not attacked.",
            )
        if goal == "capture":
            return both(
                f"{words['zh']}没有吃到目标棋子。", f"{words['en']} does not take the marked piece."
            )
        if goal == "to":
            return both(
                f"{words['zh']}没有走到目标点。", f"{words['en']} does not reach the marked point."
            )
        if goal == "notation":
            meant = self.written(data, board)
            return both(
                f"这步记作 {words['zh']}，不是 {chinese(board, meant)}。",
                f"That move is {words['en']} ({words['zh']}), not {wxf(board, meant)}.",
            )
        return both("这步不对。", "Not this move.")

    def answer_words(self, data) -> dict[str, str]:
        board = position(data)
        names = _names(board, [m.text() for m in self.answers(data)])
        return both(f"可以走：{names['zh']}。", f"Moves that do it: {names['en']}.")

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        marks = {}
        if self.goal(data) in ("capture", "to"):
            marks[square_name(_point(data, "target"))] = "target"
        arrows = []
        if state.get("moves"):
            good = verdict is not None and verdict.is_correct
            arrows.append((state["moves"][0], "good" if good else "bad"))
        if state.get("answer_shown"):
            arrows += [(m.text(), "good") for m in self.answers(data)[:MAX_SHOWN]]
        if not interactive:
            return draw(board, marks=marks, arrows=arrows)
        return self.controls(data, state, board, verdict, marks=marks, arrows=arrows)


# ---------------------------------------------------------------------------
# Win material


def _value_words(gain: int) -> dict[str, str]:
    return both(f"{gain / 100:g} 分", f"{gain / 100:g} points")


@register
class WinKind(XiangqiKind):
    name = "xiangqi.win"
    title = gettext_lazy("Win material")

    def settings(self, data) -> tuple[int, int]:
        depth = _whole(
            data, "depth", WIN_DEPTH, 1, MAX_WIN_DEPTH, "depth must be a whole number of plies"
        )
        gain = _whole(data, "gain", WIN_GAIN, 100, 2000, "gain must be the material won")
        return depth, gain

    def validate(self, data):
        self.settings(data)
        if position(data).outcome() is not None:
            raise InvalidPuzzle("the game is already over in this position")

    def prepare(self, data, budget=None):
        self.validate(data)
        depth, gain = self.settings(data)
        nodes = PREPARE_NODES if budget is None else min(budget.left, PREPARE_NODES)
        try:
            read = problems.material_moves(position(data), depth, max_nodes=nodes)
        except problems.Unproven as error:
            raise InvalidPuzzle(str(error)) from None
        right = [m for m, r in read["moves"].items() if r["score"] - read["start"] >= gain]
        if not right:
            raise InvalidPuzzle(f"no move wins {gain} or more within {depth} plies")
        if len(right) == len(read["moves"]):
            raise InvalidPuzzle("every move wins: nothing to find")
        return read

    def prompt(self, data):
        who = SHORT[position(data).turn]
        return both(f"{who[0]}先：得子。", f"{who[1]} to play and win material.")

    def right(self, data) -> list[str]:
        read = self.prepared(data)
        gain = self.settings(data)[1]
        return sorted(m for m, r in read["moves"].items() if r["score"] - read["start"] >= gain)

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, state, board, answer)
        if isinstance(move, Verdict):
            return move, state
        read = self.prepared(data)
        found = read["moves"].get(move.text())
        if found is None:
            return unjudged(), state
        state = {"moves": [move.text()], "line": found["line"]}
        line = line_both(board, [move.text(), *found["line"]])
        won = found["score"] - read["start"]
        if move.text() in self.right(data):
            if found["score"] > problems.MATE // 2:
                message = both(f"这步能杀棋！变化：{line['zh']}", f"It even mates: {line['en']}")
            else:
                value = _value_words(won)
                message = both(
                    f"对了，净得 {value['zh']}（车 9、炮 4.5、马 4、仕相 2、兵 1）。"
                    f"变化：{line['zh']}",
                    f"Right: a net gain of {value['en']} (chariot 9, cannon 4.5, horse 4, "
                    f"advisor or elephant 2, soldier 1). The line: {line['en']}",
                )
            return Verdict(CORRECT, message=message), state
        reply = found["line"][0] if found["line"] else None
        after = board.copy()
        after.push(move)
        label = localized(move_both(after, reply)) if reply else ""
        if won < 0:
            why = both(f"这步反而丢子。变化：{line['zh']}", f"That loses material: {line['en']}")
        else:
            why = both(f"这步得不到子。变化：{line['zh']}", f"That wins nothing: {line['en']}")
        right = _names(board, self.right(data))
        answer_words = both(
            f"得子的走法：{right['zh']}。", f"Moves that win material: {right['en']}."
        )
        return Verdict(
            WRONG, message=why, answer=answer_words, refutation=(label,) if label else ()
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        arrows = []
        if state.get("moves"):
            good = verdict is not None and verdict.is_correct
            arrows.append((state["moves"][0], "good" if good else "bad"))
            if state.get("line"):
                arrows.append((state["line"][0], "last"))
        if state.get("answer_shown"):
            arrows += [(m, "good") for m in self.right(data)[:MAX_SHOWN]]
        if not interactive:
            return draw(board, arrows=arrows)
        return self.controls(data, state, board, verdict, arrows=arrows)


# ---------------------------------------------------------------------------
# Repetition rulings

RULE_WORDS = {
    repetition.PERPETUAL_CHECK: ("长将", "perpetual check (长将)"),
    repetition.PERPETUAL_CHASE: ("长捉", "perpetual chase (长捉)"),
    repetition.CHECK_AND_CHASE: ("一将一捉（长打）", "check and chase in turn (一将一捉)"),
    repetition.MUTUAL: ("双方都在长打，不变作和", "both sides attack every move: a draw"),
    repetition.IDLE: ("双方都是闲着，不变作和", "neither side checks or chases: a draw"),
    repetition.REPETITION: ("重复局面作和", "a repeated position: a draw"),
}
RULES_NAMES = {
    "chinese": ("中国象棋竞赛规则", "the Chinese competition rules"),
    "wxf": ("亚洲象棋联合会规则", "the WXF (Asian) rules"),
}


@register
class RepetitionKind(XiangqiKind):
    name = "xiangqi.repetition"
    title = gettext_lazy("Repetition ruling")
    typed_moves = False
    from_to = False

    def rules(self, data) -> str:
        rules = data.get("rules", repetition.DEFAULT_RULES)
        if rules not in RULES_NAMES:
            raise InvalidPuzzle(f"rules must be one of {', '.join(RULES_NAMES)}")
        return rules

    def ruling(self, data) -> repetition.Ruling:
        board = position(data)
        found = repetition.ruling(board, self.rules(data))
        if found is None:
            raise InvalidPuzzle("the moves do not bring a position back for the third time")
        return found

    def validate(self, data):
        self.ruling(data)

    def start(self, data):
        return {}

    def prompt(self, data):
        rules = RULES_NAMES[self.rules(data)]
        return both(
            f"同一局面第三次出现。按{rules[0]}，怎么判？",
            f"The same position has come up a third time. How do {rules[1]} rule?",
        )

    def parse_answer(self, data, state, post):
        return read_choice(post, ("red", "black", "draw"))

    def check(self, data, state, answer):
        found = self.ruling(data)
        zh, en = RULE_WORDS[found.rule]
        if found.offender is not None:
            offender = side(0 if found.offender == "red" else BLACK)
            words = both(
                f"{offender['zh']}{zh}，判{offender['zh']}负。",
                f"{offender['en']} is making {en}, and loses.",
            )
        else:
            words = both(f"{zh}。", f"{en[0].upper()}{en[1:]}.")
        status = CORRECT if answer == found.result else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        start = Position(data["fen"].strip())
        cycle = line_both(start, _moves(data.get("moves", "")))
        moves_html = f'<p class="moves xiangqi-record">{escape(localized(cycle))}</p>'
        shown = draw(board)
        if not interactive:
            return mark_safe(shown + moves_html)  # noqa: S308 (built escaped)
        buttons = choice_buttons(
            [("black", _("Red loses")), ("red", _("Black loses")), ("draw", _("Draw"))]
        )
        return mark_safe(shown + moves_html + buttons)  # noqa: S308


# ---------------------------------------------------------------------------
# Touch-move


@register
class TouchKind(XiangqiKind):
    name = "xiangqi.touch"
    title = gettext_lazy("Touch-move")

    def touched(self, data) -> list[int]:
        points = data.get("touched")
        if (
            not isinstance(points, list)
            or not points
            or not all(isinstance(p, str) for p in points)
        ):
            raise InvalidPuzzle('touched must list the points touched, such as ["f1", "c6"]')
        board = position(data)
        found = []
        for text in points:
            try:
                sq = parse_square(text)
            except ValueError:
                raise InvalidPuzzle(f"touched: {text!r} is not a point") from None
            if not board.board[sq]:
                raise InvalidPuzzle(f"touched: no piece on {text}")
            found.append(sq)
        return found

    def ruling(self, data) -> touching.TouchRuling:
        return touching.touch(position(data), self.touched(data), bool(data.get("at_once", False)))

    def validate(self, data):
        if not self.ruling(data).moves:
            raise InvalidPuzzle("no move is allowed: the game is over")

    def prompt(self, data):
        board = position(data)
        names = []
        for sq in self.touched(data):
            name = piece_both(board.board[sq])
            point = square_name(sq)
            names.append(both(f"{name['zh']}（{point}）", f"{name['en']} on {point}"))
        who = SHORT[board.turn]
        if data.get("at_once"):
            listed = joined(names, zh="和", en=" and ")
            return both(
                f"轮到{who[0]}方。{who[0]}方同时摸了{listed['zh']}。按摸子走子的规定走一步。",
                f"{who[1]} to move touched the {listed['en']} at the same time. "
                "Play a move the touch-move rule allows.",
            )
        listed = joined(names, zh="，再摸了", en=", then the ")
        return both(
            f"轮到{who[0]}方。{who[0]}方先摸了{listed['zh']}。按摸子走子的规定走一步。",
            f"{who[1]} to move touched first the {listed['en']}. "
            "Play a move the touch-move rule allows.",
        )

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, state, board, answer)
        if isinstance(move, Verdict):
            return move, state
        found = self.ruling(data)
        allowed = {m.text() for m in found.moves}
        number = (found.clause or "").removeprefix("附")
        clause = both(f"第{number}条", f"rule {number}")
        why = found.reason
        prefix = (
            both(f"（摸子走子规定{clause['zh']}）", f" (touch-move, {clause['en']})")
            if found.clause
            else both("", "")
        )
        state = {"moves": [move.text()]}
        if move.text() in allowed:
            return Verdict(
                CORRECT, message=both(why["zh"] + prefix["zh"], why["en"] + prefix["en"])
            ), state
        names = _names(board, allowed)
        return Verdict(
            WRONG,
            message=both(
                "这步不符合规定：" + why["zh"] + prefix["zh"],
                "Not allowed: " + why["en"] + prefix["en"],
            ),
            answer=both(f"可以走：{names['zh']}。", f"Allowed: {names['en']}."),
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        marks = {square_name(sq): "target" for sq in self.touched(data)}
        arrows = []
        if state.get("moves"):
            good = verdict is not None and verdict.is_correct
            arrows.append((state["moves"][0], "good" if good else "bad"))
        if not interactive:
            return draw(board, marks=marks, arrows=arrows)
        return self.controls(data, state, board, verdict, marks=marks, arrows=arrows)


# ---------------------------------------------------------------------------
# Notation


STYLES = ("chinese", "wxf")


@register
class NotationKind(XiangqiKind):
    name = "xiangqi.notation"
    title = gettext_lazy("Write the move")
    typed_moves = False
    from_to = False

    def style(self, data) -> str:
        style = data.get("style", "chinese")
        if style not in STYLES:
            raise InvalidPuzzle(f"style must be one of {', '.join(STYLES)}")
        return style

    def validate(self, data):
        self.style(data)
        board = position(data)
        move = _move(data)
        if not board.is_legal(move):
            raise InvalidPuzzle(f"move: {move.text()} is not legal here")

    def start(self, data):
        return {}

    def written(self, data) -> str:
        board = position(data)
        move = _move(data)
        return chinese(board, move) if self.style(data) == "chinese" else wxf(board, move)

    def prompt(self, data):
        if self.style(data) == "chinese":
            return both(
                "箭头这步棋用中文记谱法怎么写？",
                "Write the arrowed move in Chinese notation (炮二平五).",
            )
        return both(
            "箭头这步棋用 WXF 记法怎么写？（如 C2=5）",
            "Write the arrowed move in WXF notation (C2=5).",
        )

    def parse_answer(self, data, state, post):
        text = post.get("answer")
        if not isinstance(text, str) or not text.strip():
            raise BadAnswer(_("no move was written"))
        return text.strip()[:16]

    def check(self, data, state, answer):
        board = position(data)
        move = _move(data)
        read = parse_chinese if self.style(data) == "chinese" else parse_wxf
        written = self.written(data)
        state = {"answer": answer}
        try:
            meant = read(board, answer)
        except (IllegalMove, ValueError):
            if self.style(data) == "chinese":
                words = both(
                    f"“{answer}”不是一步棋的写法：棋子、纵线、进退平、数字，如“炮二平五”。",
                    f"“{answer}” is not a move in Chinese notation: piece, file, 进/退/平, number.",
                )
            else:
                words = both(
                    f"“{answer}”不是 WXF 写法：棋子字母、纵线、+ - =、数字，如 C2=5。",
                    f"“{answer}” is not WXF: piece letter, file, + - or =, number, as C2=5.",
                )
            return Verdict(ILLEGAL, message=words), {}
        if meant == move:
            return Verdict(CORRECT, message=both(f"对，{written}。", f"Right: {written}.")), state
        other = move_both(board, meant)
        return Verdict(
            WRONG,
            message=both(
                f"“{answer}”是另一步棋（{other['zh']}），不是箭头这步。",
                f"“{answer}” is another move ({other['en']}), not the arrowed one.",
            ),
            answer=both(f"箭头这步记作 {written}。", f"The arrowed move is {written}."),
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        move = _move(data)
        shown = draw(board, arrows=[(move.text(), "target")], last_move=False)
        if not interactive:
            return shown
        label = _("The move:")
        button = _("Answer")  # outside the f-string, where makemessages finds it
        # An example of the form, never the answer itself.
        examples = ("炮二平五", "马二进三") if self.style(data) == "chinese" else ("C2=5", "H2+3")
        example = examples[1] if self.written(data) == examples[0] else examples[0]
        field = (
            '<div class="answer-controls">'
            f'<label for="notation-answer">{escape(label)}</label>'
            f'<input type="text" id="notation-answer" name="answer" autocomplete="off" '
            f'spellcheck="false" maxlength="16" placeholder="{html.escape(example)}" required>'
            f'<button type="submit" class="button">{escape(button)}</button></div>'
        )
        return mark_safe(shown + field)  # noqa: S308 (built escaped)


# ---------------------------------------------------------------------------
# Lesson pictures


@register_picture
class Diagram(LessonPicture):
    """A position with marks and arrows: ``fen``, ``moves``, ``marks`` ({point: mark}),
    ``arrows`` (moves drawn, ``"h3e3"`` or ``"h3e3 bad"``), ``labels`` ({point: text})."""

    name = "xiangqi.board"
    game = "xiangqi"
    MARKS = ("good", "bad", "target", "last", "cross", "lifted")

    def validate(self, data):
        position(data)
        marks = data.get("marks", {})
        if not isinstance(marks, Mapping):
            raise InvalidPuzzle("marks must be a table of point = mark")
        for point, mark in marks.items():
            _point({"p": point}, "p")
            if mark not in self.MARKS:
                raise InvalidPuzzle(f"marks: {mark!r} is not one of {', '.join(self.MARKS)}")
        for text in self._arrows(data):
            _move({"m": text[0]}, "m")
        labels = data.get("labels", {})
        if not isinstance(labels, Mapping):
            raise InvalidPuzzle("labels must be a table of point = text")
        for point in labels:
            _point({"p": point}, "p")

    @staticmethod
    def _arrows(data) -> list[tuple[str, str]]:
        arrows = data.get("arrows", [])
        if not isinstance(arrows, list) or not all(isinstance(a, str) for a in arrows):
            raise InvalidPuzzle('arrows must list moves, such as ["h3e3", "b1c3 bad"]')
        found = []
        for text in arrows:
            move, _, kind = text.partition(" ")
            found.append((move, kind.strip() or "good"))
        return found

    def draw(self, data):
        board = position(data)
        return draw(
            board,
            marks=data.get("marks", {}),
            labels={k: str(v) for k, v in data.get("labels", {}).items()},
            arrows=self._arrows(data),
        )
