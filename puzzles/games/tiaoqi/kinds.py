"""跳棋 puzzle kinds: every answer is judged by ``engines.tiaoqi``.

* ``tiaoqi.reach``: tick every hole a piece can reach in one move, then Done; each
  wrong tick is explained by the rule that forbids it (taken, 隔空跳, two pieces at
  once, a step and a jump, the target lock).
* ``tiaoqi.move``: play one move that meets a goal (reach a hole, jump, chain at
  least N jumps, end in the target camp, step): lesson exercises.
* ``tiaoqi.longest``: the move that goes farthest (rows gained towards the target,
  or jumps in one chain); every move that ties is right.
* ``tiaoqi.fewest``: bring every piece of the side into its target camp in the
  fewest moves, the other pieces standing still; every move of every fastest line
  is accepted, the site says how many are left, and a move off every fastest line
  is refuted. The lines are worked out when the puzzle is saved.
* ``tiaoqi.legal``: is this move legal? The rule either way.
* ``tiaoqi.result``: who wins a race, from the moves each side fills its target
  on (equal moves draw, CC-R06) and 消极 (CC-R08).
* ``tiaoqi.camp``: click a hole of a named camp (your home, your target).
* ``tiaoqi.board``: a lesson picture.

Moves are two clicks (a piece, then where it stops; ``puzzles.kinds.moves``) or
typed (``c4-e6``). The data formats are in ``content/tiaoqi/README.md``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.tiaoqi import (
    CAMPS,
    OPPOSITE,
    SEATINGS,
    IllegalMove,
    Move,
    Position,
    camp_of,
    forward,
    hole_name,
    parse_hole,
    play,
    reach,
)
from engines.tiaoqi.fewest import SearchLimit, fastest_lines
from engines.tiaoqi.game import race
from engines.tiaoqi.rules import Rules
from puzzles.boards import choice_buttons, submit_button
from puzzles.boards import draw as draw_picture
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    PREPARED,
    WRONG,
    InvalidPuzzle,
    PuzzleKind,
    Verdict,
    both,
    localized,
    read_choice,
    register,
    toggle_mark,
)
from puzzles.kinds.moves import (
    FromTo,
    Pick,
    arrange,
    not_movable,
    picked,
    read_clicked,
    read_move,
)
from puzzles.kinds.ticks import judge_ticks, read_tick, tick_marks
from puzzles.pictures import LessonPicture, register_picture

from .draw import SEAT_COLORS, SIDE_COLORS, picture, two_player_view
from .words import (
    COLORS,
    SIDES,
    holes_text,
    jumps_both,
    move_text,
    moves_both,
    path_text,
    reason,
    side_both,
)

Hole = tuple[int, int, int]

FEWEST_POSITIONS = 200_000  # what the content loader may search for one puzzle
SAVE_POSITIONS = 40_000  # and a teacher's save
MAX_FEWEST = 12  # the longest finish a puzzle asks for
MARKS = ("good", "bad", "target", "last", "cross", "lifted", "picked")
RULE_OPTIONS = ("pieces", "target_lock", "home_exit_deadline")


# ---------------------------------------------------------------------------
# Reading the data


def _hole(value: Any, where: str) -> Hole:
    try:
        return parse_hole(value)
    except ValueError:
        raise InvalidPuzzle(
            f"{where}: {value!r} is not a hole (a1 to a17, e9 the centre)"
        ) from None


def _holes(data: Mapping[str, Any], key: str) -> list[Hole]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise InvalidPuzzle(f'{key} must list holes, such as ["e5", "f6"]')
    found = [_hole(v, key) for v in value]
    if len(set(found)) != len(found):
        raise InvalidPuzzle(f"{key} names a hole twice")
    return found


def rules(data: Mapping[str, Any]) -> Rules:
    options = data.get("rules", {})
    if not isinstance(options, Mapping) or set(options) - set(RULE_OPTIONS):
        raise InvalidPuzzle(f"rules is a table of {', '.join(RULE_OPTIONS)}")
    try:
        return Rules(**options)
    except (TypeError, ValueError) as error:
        raise InvalidPuzzle(f"rules: {error}") from None


def side_of(data: Mapping[str, Any], key: str = "to_move") -> int:
    value = data.get(key, "red")
    if value not in SIDES:
        raise InvalidPuzzle(f'{key} is "red" or "green"')
    return SIDES.index(value)


def position(data: Mapping[str, Any]) -> Position:
    """The puzzle's position: ``red`` and ``green`` holes, ``to_move``, ``rules``."""
    red, green = _holes(data, "red"), _holes(data, "green")
    both_sides = set(red) & set(green)
    if both_sides:
        raise InvalidPuzzle(f"{holes_text(both_sides, False)} is both red and green")
    placed = {**dict.fromkeys(red, 0), **dict.fromkeys(green, 1)}
    return Position(placed, side_of(data), rules=rules(data))


def _move(data: Mapping[str, Any], key: str = "move") -> tuple[Hole, Hole]:
    value = data.get(key)
    if not isinstance(value, str) or value.count("-") != 1:
        raise InvalidPuzzle(f'{key} is a move from one hole to another, such as "c4-e6"')
    start, end = value.split("-")
    return _hole(start.strip(), key), _hole(end.strip(), key)


def _whole(data, key: str, default: int | None, low: int, high: int) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidPuzzle(f"{key} is a whole number from {low} to {high}")
    return value


POSITION = frozenset({"red", "green", "to_move", "rules"})


def _only(data: Mapping[str, Any], keys) -> None:
    """Refuse a key the kind does not read (a misspelt ``piece`` would silently let
    every piece move)."""
    unknown = sorted(set(data) - set(keys) - {PREPARED})
    if unknown:
        raise InvalidPuzzle(
            f"unknown data: {', '.join(unknown)} (this kind reads {', '.join(sorted(keys))})"
        )


def _read_point(text: str) -> str:
    return hole_name(parse_hole(text))


def _why(board: Position, start: Hole, end: Hole) -> str | None:
    """The rule that forbids ``start`` → ``end`` for the piece's own side, or None."""
    moving = board.copy()
    moving.to_move = board.pieces.get(start, board.to_move)
    try:
        play(moving, start, end)
    except IllegalMove as error:
        return error.code
    return None


# ---------------------------------------------------------------------------
# The base of the kinds with a position


class TiaoqiKind(PuzzleKind):
    game = "tiaoqi"
    typed_moves = True
    from_to = True
    typed_example = "c4-e6"
    typed_length = 8
    save_budget = SAVE_POSITIONS

    def start(self, data):
        return {"moves": []}

    def piece(self, data) -> Hole | None:
        """The one piece the puzzle moves, if it names one."""
        return _hole(data["piece"], "piece") if "piece" in data else None

    def current(self, data, state) -> Position:
        """The position after the attempt's moves (only the side to move moves)."""
        board = position(data)
        for text in (state or {}).get("moves", []):
            start, end = (parse_hole(t) for t in text.split("-"))
            board, _move = play(board, start, end)
            board.to_move = 1 - board.to_move
        return board

    def movable(self, data, board: Position) -> set[Hole]:
        """The pieces the learner may pick up: the one the puzzle names, or all."""
        chosen = self.piece(data)
        if chosen is not None:
            return {chosen} if board.pieces.get(chosen) == board.to_move else set()
        return {h for h, s in board.pieces.items() if s == board.to_move}

    def view(self, data) -> frozenset[Hole]:
        """The holes shown: both players' camps and the middle, and the side camps
        only where the puzzle has something (a piece, a mark, a reachable hole)."""
        board = position(data)
        relevant = set(board.pieces)
        for start in self.movable(data, board):
            relevant |= set(reach(board, start))
        return two_player_view(relevant)

    def parse_answer(self, data, state, post):
        return read_move(post, _read_point)

    def answer_text(self, answer):
        return answer.point if isinstance(answer, Pick) else f"{answer.start}-{answer.end}"

    def pick(self, data, board: Position, answer: Pick | FromTo) -> Verdict | None:
        """A pick (nothing recorded) or the refusal of a piece the learner may not
        move; None for a move to judge."""
        start = parse_hole(answer.point if isinstance(answer, Pick) else answer.start)
        if start not in self.movable(data, board):
            side = board.pieces.get(start)
            return not_movable(
                "none" if side is None else "own" if side == board.to_move else "theirs"
            )
        if isinstance(answer, Pick):
            name = hole_name(start)
            return picked(
                name,
                both(
                    f"拿起了 {name} 的棋子。再点它要停的位置。",
                    f"The piece on {name} is picked up: now click where it stops.",
                ),
            )
        return None

    def legal_move(self, data, board: Position, answer) -> Move | Verdict:
        refused = self.pick(data, board, answer)
        if refused is not None:
            return refused
        try:
            _after, move = play(board, parse_hole(answer.start), parse_hole(answer.end))
        except IllegalMove as error:
            return Verdict(ILLEGAL, message=reason(error.code))
        return move

    def controls(self, data, board: Position, verdict: Verdict | None, **options) -> str:
        lifted = verdict.picked if verdict is not None and verdict.picked else ""
        targets = {hole_name(h) for h in reach(board, parse_hole(lifted))} if lifted else ()
        shown = picture(_colored(board), view=self.view(data), clickable=True, **options)
        movable = {hole_name(h) for h in self.movable(data, board)}
        return draw_picture(arrange(shown, movable=movable, picked=lifted, targets=targets))

    def drawn(self, data, board: Position, **options) -> str:
        return draw_picture(picture(_colored(board), view=self.view(data), **options))


def _colored(board: Position) -> dict[Hole, str]:
    return {hole: SIDE_COLORS[side] for hole, side in board.pieces.items()}


# ---------------------------------------------------------------------------
# Tick every hole a piece can reach


@register
class ReachKind(TiaoqiKind):
    name = "tiaoqi.reach"
    title = gettext_lazy("Where can it go?")
    typed_moves = False
    from_to = False

    def validate(self, data):
        _only(data, POSITION | {"piece"})
        board = position(data)
        start = _hole(data.get("piece"), "piece")
        if start not in board.pieces:
            raise InvalidPuzzle(f"piece: there is no piece on {data.get('piece')}")

    def start(self, data):
        return {"marked": []}

    def movable(self, data, board):
        return {_hole(data.get("piece"), "piece")}

    def prompt(self, data):
        start = hole_name(_hole(data.get("piece"), "piece"))
        return both(
            f"把 {start} 的棋子这一步能走到的位置全部点出来，再按“完成”。",
            f"Mark every hole the piece on {start} can reach in one move, then press Done.",
        )

    def truth(self, data) -> set[str]:
        board = position(data)
        return {hole_name(h) for h in reach(board, _hole(data["piece"], "piece"))}

    def parse_answer(self, data, state, post):
        return read_tick(post, _read_point)

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        start = _hole(data["piece"], "piece")
        if answer != "done":
            if answer == hole_name(start):
                words = both(
                    "点它能走到的位置，不是棋子本身。",
                    "Mark the holes it can reach, not the piece itself.",
                )
                return Verdict(ILLEGAL, message=words), state
            return toggle_mark(state, answer)
        board = position(data)
        found = reach(board, start)
        truth = {hole_name(h) for h in found}
        chains = [m for m in found.values() if len(m) > 2]
        if not truth:
            right = both("对：它这一步哪儿也去不了。", "Right: it cannot move at all.")
        else:
            right = both(f"全部找到，一共 {len(truth)} 个位置。", f"All {len(truth)} found.")
        if chains:
            route = "-".join(hole_name(h) for h in max(chains, key=len))
            right = both(
                right["zh"] + f"最远的一串连跳：{route}。",
                right["en"] + f" The longest chain: {route}.",
            )
        return judge_ticks(
            state,
            truth,
            lambda name: reason(_why(board, start, parse_hole(name)) or "not-a-move"),
            right=right,
            answer=both(
                f"能走到的位置：{holes_text(truth, True)}。",
                f"It can reach: {holes_text(truth, False)}.",
            ),
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        start = _hole(data["piece"], "piece")
        found = reach(board, start)
        truth = {hole_name(h) for h in found}
        marks = {parse_hole(n): m for n, m in tick_marks(state, truth, verdict).items()}
        marks[start] = "lifted"
        chains = []
        solved = verdict is not None and verdict.is_correct
        if state.get("judged") and (state.get("answer_shown") or solved):
            jumps = [p for p in found.values() if len(p) > 2]
            if jumps:
                chains.append((max(jumps, key=len), "good"))
        clickable = interactive and not state.get("judged")
        shown = picture(
            _colored(board), marks=marks, chains=chains, view=self.view(data), clickable=clickable
        )
        if clickable:
            shown.toggle = "picked"
            for spot in shown.spots:
                if spot.name == hole_name(start):
                    spot.clickable = False
        drawn = draw_picture(shown)
        if not interactive:
            return drawn
        return mark_safe(drawn + submit_button(_("Done: these are all")))  # noqa: S308


# ---------------------------------------------------------------------------
# Play one move that meets a goal


GOALS = ("to", "jump", "target", "step")


@register
class MoveKind(TiaoqiKind):
    name = "tiaoqi.move"
    title = gettext_lazy("Play a move")

    def goal(self, data) -> str:
        goal = data.get("goal")
        if goal not in GOALS:
            raise InvalidPuzzle(f"goal is one of {', '.join(GOALS)}")
        return goal

    def meets(self, data, board: Position, move: Move) -> bool:
        goal = self.goal(data)
        if goal == "to":
            return move.end == _hole(data.get("to"), "to")
        if goal == "jump":
            return move.jumps >= _whole(data, "jumps", 1, 1, 20)
        if goal == "target":  # into the camp: a piece already there moving inside does not count
            target = board.target(board.to_move)
            return move.end in target and move.start not in target
        return not move.is_jump

    def answers(self, data) -> list[Move]:
        board = position(data)
        found = []
        for start in sorted(self.movable(data, board)):
            for end, path in sorted(reach(board, start).items()):
                move = Move(start, end, path)
                if self.meets(data, board, move):
                    found.append(move)
        return found

    def validate(self, data):
        _only(data, POSITION | {"goal", "to", "jumps", "piece"})
        board = position(data)
        self.goal(data)
        chosen = self.piece(data)
        if chosen is not None and board.pieces.get(chosen) != board.to_move:
            raise InvalidPuzzle(f"piece: no piece of the side to move on {data['piece']}")
        if self.goal(data) == "to":
            _hole(data.get("to"), "to")
        _whole(data, "jumps", 1, 1, 20)
        if not self.answers(data):
            raise InvalidPuzzle("no legal move meets the goal")

    def goal_words(self, data) -> dict[str, str]:
        goal = self.goal(data)
        if goal == "to":
            to = hole_name(_hole(data["to"], "to"))
            return both(f"走到 {to}", f"reach {to}")
        if goal == "jump":
            count = _whole(data, "jumps", 1, 1, 20)
            if count == 1:
                return both("跳一次", "jump")
            return both(f"一步连跳 {count} 次或更多", f"chain {count} jumps or more in one move")
        if goal == "target":
            return both("走进对面的目标阵地", "move into your target camp")
        return both("走一步（不跳）", "make a step (no jump)")

    def prompt(self, data):
        board = position(data)
        side = side_both(board.to_move)
        goal = self.goal_words(data)
        chosen = self.piece(data)
        if chosen is not None:
            name = hole_name(chosen)
            return both(
                f"{side['zh']}走：用 {name} 的棋子{goal['zh']}。",
                f"{side['en']} to move: with the piece on {name}, {goal['en']}.",
            )
        return both(f"{side['zh']}走：{goal['zh']}。", f"{side['en']} to move: {goal['en']}.")

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, board, answer)
        if isinstance(move, Verdict):
            return move, state
        right = self.answers(data)
        done = {"moves": [move_text(move)], "path": path_text(move)}
        if self.meets(data, board, move):
            how = jumps_both(move.jumps)
            return Verdict(
                CORRECT,
                message=both(
                    f"对！{path_text(move)}（{how['zh']}）。",
                    f"Right! {path_text(move)} ({how['en']}).",
                ),
            ), done
        goal = self.goal_words(data)
        how = jumps_both(move.jumps)
        message = both(
            f"{path_text(move)} 可以走（{how['zh']}），但没有做到：{goal['zh']}。",
            f"{path_text(move)} is legal ({how['en']}), but it does not {goal['en']}.",
        )
        listed = moves_both(right)
        answer_words = both(f"可以这样走：{listed['zh']}。", f"Moves that do: {listed['en']}.")
        return Verdict(WRONG, message=message, answer=answer_words), {**done, "wrong": True}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        marks = {}
        if self.goal(data) == "to":
            marks[_hole(data["to"], "to")] = "target"
        if state.get("path"):
            path = [parse_hole(h) for h in state["path"].split("-")]
            kind = "bad" if state.get("wrong") else "good"
            after = board.copy()
            after.pieces[path[-1]] = after.pieces.pop(path[0])
            return self.drawn(data, after, marks=marks, chains=[(path, kind)])
        if not interactive:
            return self.drawn(data, board, marks=marks)
        return self.controls(data, board, verdict, marks=marks)


# ---------------------------------------------------------------------------
# The move that goes farthest


MEASURES = ("ahead", "jumps")


@register
class LongestKind(TiaoqiKind):
    name = "tiaoqi.longest"
    title = gettext_lazy("Farthest move")

    def measure(self, data) -> str:
        measure = data.get("measure", "ahead")
        if measure not in MEASURES:
            raise InvalidPuzzle('measure is "ahead" (rows gained) or "jumps" (the longest chain)')
        return measure

    def value(self, data, board: Position, move: Move) -> int:
        if self.measure(data) == "jumps":
            return move.jumps
        return forward(board.to_move, move)

    def scored(self, data) -> list[tuple[int, Move]]:
        board = position(data)
        return [
            (self.value(data, board, Move(start, end, path)), Move(start, end, path))
            for start in sorted(self.movable(data, board))
            for end, path in sorted(reach(board, start).items())
        ]

    def validate(self, data):
        _only(data, POSITION | {"measure", "piece"})
        board = position(data)
        self.measure(data)
        chosen = self.piece(data)
        if chosen is not None and board.pieces.get(chosen) != board.to_move:
            raise InvalidPuzzle(f"piece: no piece of the side to move on {data['piece']}")
        values = [value for value, _move in self.scored(data)]
        if not values or max(values) <= 0:
            raise InvalidPuzzle("no move goes forward")
        if min(values) == max(values):
            raise InvalidPuzzle("every move goes as far: nothing to find")

    def unit(self, data, count: int) -> dict[str, str]:
        if self.measure(data) == "jumps":
            return jumps_both(count)
        if count < 0:
            return both(f"后退 {-count} 行", f"{-count} row{'s' * (count != -1)} back")
        return both(f"前进 {count} 行", f"{count} row{'s' * (count != 1)} forward")

    def prompt(self, data):
        board = position(data)
        side = side_both(board.to_move)
        chosen = self.piece(data)
        if self.measure(data) == "jumps":
            task = both("走出一串最长的连跳", "play the longest chain of jumps")
        else:
            task = both("走一步向前走得最远的棋", "play the move that goes farthest forward")
        if chosen is None:
            return both(f"{side['zh']}走：{task['zh']}。", f"{side['en']} to move: {task['en']}.")
        name = hole_name(chosen)
        return both(
            f"{side['zh']}走：用 {name} 的棋子{task['zh']}。",
            f"{side['en']} to move: with the piece on {name}, {task['en']}.",
        )

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, board, answer)
        if isinstance(move, Verdict):
            return move, state
        scored = self.scored(data)
        best = max(value for value, _m in scored)
        right = [m for value, m in scored if value == best]
        got = self.value(data, board, move)
        done = {"moves": [move_text(move)], "path": path_text(move)}
        gained = self.unit(data, got)
        if got == best:
            others = len(right) - 1
            more = both(
                f"另有 {others} 步一样远。" if others else "",
                f" {others} other move{'s' * (others > 1)} go{'es' * (others == 1)} as far."
                if others
                else "",
            )
            return Verdict(
                CORRECT,
                message=both(
                    f"对！{path_text(move)}，{gained['zh']}。{more['zh']}",
                    f"Right! {path_text(move)}: {gained['en']}.{more['en']}",
                ),
            ), done
        top = self.unit(data, best)
        listed = moves_both(right)
        if self.measure(data) == "jumps":
            more = both("还有跳得更多的连跳。", "A longer chain exists.")
            best_words = both("最长的是", "Longest:")
        else:
            more = both("还有走得更远的。", "A move goes farther.")
            best_words = both("最远的是", "Farthest:")
        message = both(
            f"{path_text(move)} {gained['zh']}，{more['zh']}",
            f"{path_text(move)}: {gained['en']}. {more['en']}",
        )
        answer_words = both(
            f"{best_words['zh']} {listed['zh']}：{top['zh']}。",
            f"{best_words['en']} {listed['en']} ({top['en']}).",
        )
        return Verdict(WRONG, message=message, answer=answer_words), {**done, "wrong": True}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        chains = []
        if state.get("path"):
            chains.append(
                (
                    [parse_hole(h) for h in state["path"].split("-")],
                    "bad" if state.get("wrong") else "good",
                )
            )
        if state.get("answer_shown"):
            scored = self.scored(data)
            best = max(value for value, _m in scored)
            chains += [(m.path, "good") for value, m in scored if value == best][:3]
        if chains or not interactive:
            return self.drawn(data, board, chains=chains)
        return self.controls(data, board, verdict)


# ---------------------------------------------------------------------------
# Home in the fewest moves


def _key(holes) -> str:
    return " ".join(sorted(hole_name(h) for h in holes))


@register
class FewestKind(TiaoqiKind):
    name = "tiaoqi.fewest"
    title = gettext_lazy("Fewest moves home")

    def validate(self, data):
        _only(data, POSITION | {"moves"})
        board = position(data)
        side = board.to_move
        own = [h for h, s in board.pieces.items() if s == side]
        if not own:
            raise InvalidPuzzle("the side to move has no pieces")
        if len([h for h in own if h not in board.target(side)]) > 4:
            raise InvalidPuzzle("at most four pieces still to bring home")
        _whole(data, "moves", None, 1, MAX_FEWEST)

    def prepare(self, data, budget=None):
        self.validate(data)
        board = position(data)
        limit = FEWEST_POSITIONS if budget is None else min(budget.left, FEWEST_POSITIONS)
        try:
            lines = fastest_lines(board, max_positions=limit)
        except SearchLimit:
            raise InvalidPuzzle(
                f"the search for the fewest moves needs more than {limit:,} positions"
            ) from None
        if lines.moves is None:
            raise InvalidPuzzle("these pieces can never all get home")
        if lines.moves == 0:
            raise InvalidPuzzle("the pieces are home already")
        if lines.moves > MAX_FEWEST:
            raise InvalidPuzzle(f"it takes {lines.moves} moves: at most {MAX_FEWEST}")
        stated = _whole(data, "moves", None, 1, MAX_FEWEST)
        if stated is not None and stated != lines.moves:
            raise InvalidPuzzle(f"moves says {stated}, but the fewest is {lines.moves}")
        if budget is not None:
            budget.spend(lines.positions)
        best = {_key(holes): [move_text(m) for m in found] for holes, found in lines.best.items()}
        return {"moves": lines.moves, "best": best}

    def count(self, data) -> int:
        return self.prepared(data)["moves"]

    def prompt(self, data):
        board = position(data)
        side = side_both(board.to_move)
        n = self.count(data)
        return both(
            f"{side['zh']}走，对方不动：用 {n} 步把你的棋子全部走进对面的目标阵地。",
            f"{side['en']} to move, the other side standing still: bring all your pieces into"
            f" the target camp in {n} move{'s' * (n > 1)}.",
        )

    def movable(self, data, board):
        return {h for h, s in board.pieces.items() if s == board.to_move}

    def view(self, data):
        board = position(data)
        relevant = set(board.pieces)
        for key in self.prepared(data)["best"]:
            relevant |= {parse_hole(name) for name in key.split()}
        return two_player_view(relevant)

    def own(self, board: Position) -> list[Hole]:
        return [h for h, s in board.pieces.items() if s == board.to_move]

    def solution(self, data):
        board = position(data)
        best = self.prepared(data)["best"]
        line = []
        for _i in range(self.count(data)):
            found = best.get(_key(self.own(board)))
            if not found:
                break
            line.append(found[0])
            start, end = (parse_hole(t) for t in found[0].split("-"))
            board, _move = play(board, start, end)
            board.to_move = 1 - board.to_move
        return line

    def check(self, data, state, answer):
        board = self.current(data, state)
        move = self.legal_move(data, board, answer)
        if isinstance(move, Verdict):
            return move, state
        played = list(state.get("moves", []))
        best = self.prepared(data)["best"]
        here = best.get(_key(self.own(board)), [])
        text = move_text(move)
        n = self.count(data)
        if text in here:
            left = n - len(played) - 1
            state = {"moves": [*played, text]}
            if left == 0:
                return Verdict(
                    CORRECT,
                    message=both(
                        f"对！{n} 步全部进营，这是最少的步数。",
                        f"Right! All home in {n} move{'s' * (n > 1)}: no one can do it in fewer.",
                    ),
                ), state
            return Verdict(
                CONTINUE,
                message=both(
                    f"好棋（{path_text(move)}）。还剩 {left} 步，继续。",
                    f"Good ({path_text(move)}). {left} move{'s' * (left > 1)} to go.",
                ),
            ), state
        left = n - len(played)
        listed = moves_both([_stored(board, t) for t in here])
        message = both(
            f"{path_text(move)} 可以走，但走了它，剩下的 {left - 1} 步里进不了营：要多花步数。",
            f"{path_text(move)} is legal, but after it the pieces cannot all be home in the"
            f" {left - 1} move{'s' * (left != 2)} left.",
        )
        answer_words = both(
            f"这里能保持最少步数的走法：{listed['zh']}。",
            f"Moves that keep to the fewest from here: {listed['en']}.",
        )
        return Verdict(WRONG, message=message, answer=answer_words), {
            "moves": played,
            "wrong": path_text(move),
        }

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = self.current(data, state)
        marks = dict.fromkeys(board.target(board.to_move), "target")
        for hole in board.pieces:
            marks.pop(hole, None)
        chains = []
        if state.get("wrong"):
            chains.append(([parse_hole(h) for h in state["wrong"].split("-")], "bad"))
        if state.get("answer_shown"):
            here = self.prepared(data)["best"].get(_key(self.own(board)), [])
            chains += [(_stored(board, t).path, "good") for t in here[:3]]
        if chains or not interactive:
            return self.drawn(data, board, marks=marks, chains=chains)
        return self.controls(data, board, verdict, marks=marks)


def _stored(board: Position, text: str) -> Move:
    """A move kept as ``c4-e6``, with its path found again."""
    start, end = (parse_hole(t) for t in text.split("-"))
    return Move(start, end, reach(board, start)[end])


# ---------------------------------------------------------------------------
# Is this move legal?


@register
class LegalKind(TiaoqiKind):
    name = "tiaoqi.legal"
    title = gettext_lazy("Legal or not")
    typed_moves = False
    from_to = False

    def validate(self, data):
        _only(data, POSITION | {"move"})
        board = position(data)
        start, _end = _move(data)
        if start not in board.pieces:
            raise InvalidPuzzle(f"move: there is no piece on {hole_name(start)}")

    def start(self, data):
        return {}

    def prompt(self, data):
        start, end = (hole_name(h) for h in _move(data))
        return both(
            f"{start} 的棋子一步走到 {end}（箭头），合规吗？",
            f"May the piece on {start} move to {end} in one move (the arrow)?",
        )

    def parse_answer(self, data, state, post):
        return read_choice(post, ("legal", "illegal"))

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        board = position(data)
        start, end = _move(data)
        why = _why(board, start, end)
        if why is None:
            path = reach(board, start)[end]
            route = "-".join(hole_name(h) for h in path)
            how = jumps_both(Move(start, end, path).jumps)
            words = both(f"合规：{route}（{how['zh']}）。", f"Legal: {route} ({how['en']}).")
        else:
            words = reason(why)
        truth = "legal" if why is None else "illegal"
        status = CORRECT if answer == truth else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        start, end = _move(data)
        shown = self.drawn(data, board, chains=[((start, end), "target")], marks={start: "lifted"})
        if not interactive:
            return shown
        buttons = choice_buttons([("legal", _("Legal")), ("illegal", _("Not legal"))])
        return mark_safe(shown + buttons)  # noqa: S308 (both built escaped)

    def view(self, data):
        board = position(data)
        return two_player_view(set(board.pieces) | set(_move(data)))


# ---------------------------------------------------------------------------
# Who wins the race


@register
class ResultKind(PuzzleKind):
    name = "tiaoqi.result"
    title = gettext_lazy("Who wins?")
    game = "tiaoqi"
    answer_field = "answer"

    def facts(self, data) -> tuple[int, tuple[int | None, int | None], tuple[int, int], Rules]:
        first = side_of(data, "first")
        finishes = tuple(_whole(data, color, None, 1, 400) for color in SIDES)
        if finishes == (None, None):
            raise InvalidPuzzle("give the move on which red, green or both fill their target")
        home = data.get("home", {})
        if not isinstance(home, Mapping) or set(home) - set(SIDES):
            raise InvalidPuzzle("home is a table such as { green = 31 }")
        left = tuple(_whole(home, color, 0, 0, 400) for color in SIDES)
        return first, finishes, left, rules(data)

    def validate(self, data):
        _only(data, {"first", "red", "green", "home", "rules"})
        first, finishes, left, chosen = self.facts(data)
        for side in (0, 1):
            if finishes[side] is not None and left[side] >= finishes[side]:
                raise InvalidPuzzle("a side cannot fill its target with a piece still at home")
        try:
            race(first, finishes, left, chosen)
        except ValueError as error:
            raise InvalidPuzzle(str(error)) from None

    def start(self, data):
        return {}

    def prompt(self, data):
        return both("这盘棋谁赢？", "Who wins this game?")

    def parse_answer(self, data, state, post):
        return read_choice(post, ("red", "green", "draw"))

    def answer_text(self, answer):
        return str(answer)

    def truth(self, data):
        first, finishes, left, chosen = self.facts(data)
        return race(first, finishes, left, chosen)

    def check(self, data, state, answer):
        result, played = self.truth(data)
        first, finishes, left, chosen = self.facts(data)
        truth = "draw" if result.winner is None else SIDES[result.winner]
        if result.reason == "blocking":
            loser = side_both(1 - result.winner)
            deadline = chosen.home_exit_deadline
            words = both(
                f"{loser['zh']}走完第 {deadline} 步时还有棋子留在自己家里，判消极失败。",
                f"{loser['en']} still has a piece at home after its move {deadline}: it loses"
                " for blocking (消极).",
            )
        elif result.winner is None:
            n = finishes[first]
            words = both(
                f"双方都用 {n} 步占满对面阵地，步数相同，和棋。",
                f"Both fill their target in {n} moves: equal moves, a draw.",
            )
        else:
            winner = side_both(result.winner)
            n = finishes[result.winner]
            if result.winner == first:
                other = side_both(1 - first)
                words = both(
                    f"{winner['zh']}第 {n} 步占满；{other['zh']}还能走第 {n} 步，但占不满，"
                    f"{winner['zh']}胜。",
                    f"{winner['en']} fills its target on move {n}; {other['en']} still plays its"
                    f" move {n} but does not fill its own: {winner['en']} wins.",
                )
            else:
                words = both(
                    f"{winner['zh']}后走，却在第 {n} 步先占满，对方没占满，{winner['zh']}胜。",
                    f"{winner['en']} moves second but fills its target first, on move {n}:"
                    f" {winner['en']} wins.",
                )
        status = CORRECT if answer == truth else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        first, finishes, left, chosen = self.facts(data)
        rows = []
        # Translators: between the facts of one side in a race ("moves first; fills …").
        separator = _("; ")
        for side, color in enumerate(SIDES):
            name = side_both(side)
            facts = []
            if side == first:
                facts.append(_("moves first"))
            if finishes[side] is not None:
                facts.append(_("fills its target on its move %(n)s") % {"n": finishes[side]})
            else:
                facts.append(_("does not fill its target"))
            if left[side]:
                facts.append(_("a piece stays at home until its move %(n)s") % {"n": left[side]})
            rows.append(
                f'<tr><th scope="row"><span class="race-dot race-dot-{color}"></span>'
                f"{html.escape(localized(name))}</th>"
                f"<td>{html.escape(separator.join(str(f) for f in facts))}</td></tr>"
            )
        table = f'<table class="race-table">{"".join(rows)}</table>'
        if not interactive:
            return mark_safe(table)  # noqa: S308 (built escaped)
        buttons = choice_buttons(
            [("red", _("Red wins")), ("green", _("Green wins")), ("draw", _("Draw"))]
        )
        return mark_safe(table + buttons)  # noqa: S308 (built escaped)


# ---------------------------------------------------------------------------
# Click a hole of a camp


ASKS = ("target", "home")


def _start_pieces(players: int) -> dict[Hole, str]:
    return {hole: SEAT_COLORS[camp] for camp in SEATINGS[players] for hole in CAMPS[camp]}


def _players(data) -> int:
    value = data.get("players", 2)
    if value not in SEATINGS:
        raise InvalidPuzzle(f"players is one of {', '.join(map(str, SEATINGS))}")
    return value


def _seat(data, players: int) -> str:
    color = data.get("color", "red")
    seats = {SEAT_COLORS[camp]: camp for camp in SEATINGS[players]}
    if color not in seats:
        raise InvalidPuzzle(f"color: nobody plays {color!r} with {players} players")
    return seats[color]


@register
class CampKind(PuzzleKind):
    name = "tiaoqi.camp"
    title = gettext_lazy("Find the camp")
    game = "tiaoqi"

    def camp(self, data) -> str:
        ask = data.get("ask")
        if ask not in ASKS:
            raise InvalidPuzzle(f"ask is one of {', '.join(ASKS)}")
        seat = _seat(data, _players(data))
        return seat if ask == "home" else OPPOSITE[seat]

    def validate(self, data):
        _only(data, {"ask", "color", "players"})
        self.camp(data)

    def start(self, data):
        return {}

    def prompt(self, data):
        color = data.get("color", "red")
        zh, en = COLORS[color]
        if data.get("ask") == "home":
            return both(
                f"点一下{zh}方的家（出发的阵地）里的任意一个位置。",
                f"Click any hole of {en}'s home, the camp it starts from.",
            )
        return both(
            f"点一下{zh}方要占领的目标阵地里的任意一个位置。",
            f"Click any hole of {en}'s target, the camp it must fill.",
        )

    def parse_answer(self, data, state, post):
        return read_clicked(post, _read_point)

    def check(self, data, state, answer):
        hole = parse_hole(answer)
        camp = self.camp(data)
        where = camp_of(hole)
        state = {"clicked": answer}
        if where == camp:
            return Verdict(
                CORRECT, message=both(f"对，{answer} 在这个阵地里。", f"Right: {answer} is in it.")
            ), state
        if where is None:
            words = both(
                f"{answer} 在中间的六边形里，不在任何阵地。",
                f"{answer} is in the middle hexagon, not in a camp.",
            )
        else:
            words = both(f"{answer} 在另一个阵地里。", f"{answer} is in another camp.")
        return Verdict(WRONG, message=words), {**state, "wrong": True}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        players = _players(data)
        marks = {}
        if state.get("clicked"):
            marks[parse_hole(state["clicked"])] = "bad" if state.get("wrong") else "good"
        if state.get("answer_shown"):
            marks.update(dict.fromkeys(CAMPS[self.camp(data)], "target"))
        clickable = interactive and not state
        return draw_picture(
            picture(
                _start_pieces(players), marks=marks, seats=SEATINGS[players], clickable=clickable
            )
        )


# ---------------------------------------------------------------------------
# A lesson picture


@register_picture
class Diagram(LessonPicture):
    """The star: ``players`` (2, 3, 4 or 6: the start of that seating) or pieces by
    colour (``red``, ``green``, ...); ``marks`` ({hole: mark}), ``labels`` ({hole:
    text}), ``chains`` (paths drawn hop by hop: ``"c4-e6-g6"`` or ``"c4-e6 bad"``),
    ``view`` = "full" (default) or "two" (without the side camps nobody uses)."""

    name = "tiaoqi.board"
    game = "tiaoqi"

    def pieces(self, data) -> dict[Hole, str]:
        if "players" in data:
            return _start_pieces(_players(data))
        placed: dict[Hole, str] = {}
        for color in COLORS:
            for hole in _holes(data, color):
                if hole in placed:
                    raise InvalidPuzzle(f"{hole_name(hole)} holds two pieces")
                placed[hole] = color
        return placed

    def seats(self, data) -> tuple[str, ...]:
        if "players" in data:
            return SEATINGS[_players(data)]
        used = {color for color in COLORS if data.get(color)}
        return tuple(
            camp
            for camp, color in SEAT_COLORS.items()
            if color in used or camp in ("south", "north")
        )

    @staticmethod
    def chains(data) -> list[tuple[list[Hole], str]]:
        value = data.get("chains", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidPuzzle('chains lists paths, such as ["c4-e6-g6", "a1-b2 bad"]')
        found = []
        for text in value:
            path, _, kind = text.partition(" ")
            holes = [_hole(h, "chains") for h in path.split("-")]
            if len(holes) < 2:
                raise InvalidPuzzle(f"chains: {text!r} needs two holes or more")
            found.append((holes, kind.strip() or "good"))
        return found

    def validate(self, data):
        _only(data, {"players", *COLORS, "marks", "labels", "chains", "view"})
        self.pieces(data)
        self.chains(data)
        for key in ("marks", "labels"):
            value = data.get(key, {})
            if not isinstance(value, Mapping):
                raise InvalidPuzzle(f"{key} is a table of hole = ...")
            for hole, mark in value.items():
                _hole(hole, key)
                if key == "marks" and mark not in MARKS:
                    raise InvalidPuzzle(f"marks: {mark!r} is not one of {', '.join(MARKS)}")
        if data.get("view", "full") not in ("full", "two"):
            raise InvalidPuzzle('view is "full" or "two"')

    def draw(self, data):
        pieces = self.pieces(data)
        view = None
        if data.get("view") == "two":
            marked = {parse_hole(h) for h in data.get("marks", {})}
            view = two_player_view(set(pieces) | marked)
        return draw_picture(
            picture(
                pieces,
                marks={parse_hole(h): m for h, m in data.get("marks", {}).items()},
                labels={parse_hole(h): str(t) for h, t in data.get("labels", {}).items()},
                chains=self.chains(data),
                seats=self.seats(data),
                view=view,
            )
        )


__all__ = ["position", "rules"]
