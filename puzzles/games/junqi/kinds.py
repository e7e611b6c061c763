"""四国军棋 puzzle kinds: every answer is judged by ``engines.junqi``.

Puzzles are played open (明棋): the learner sees every rank the puzzle gives, and
South, at the bottom, moves.

* ``junqi.reach``: tick every point a piece can reach in one move, then Done; each
  wrong tick is explained by the rule that forbids it (a right-angle turn, a piece
  in the way, a camp, an ally, the headquarters).
* ``junqi.who``: tick every piece of yours that can reach a point this move.
* ``junqi.move``: move a piece (or the one named) to a point: lesson exercises.
* ``junqi.fight``: what happens when one piece attacks another.
* ``junqi.setup``: is this set-up legal? If not, swap pieces until it is.
* ``junqi.capture``: take the flag, or a named piece, in the fewest moves while
  every other piece stands still; every move of every fastest line is accepted.
  The lines are worked out when the puzzle is saved.
* ``junqi.point``: click a point of a kind (a camp, a headquarters, a railway node,
  a road point).
* ``junqi.board``: a lesson picture.

Moves are two clicks (a piece, then where it goes; ``puzzles.kinds.moves``) or
typed (``S10-N14``). The data formats are in ``content/junqi/README.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.junqi import (
    AREAS,
    BOARD,
    OFFICERS,
    IllegalMove,
    Piece,
    Position,
    area_points,
    fight,
    is_movable,
    local,
    name,
    parse_point,
    parse_rank,
    play,
    reach,
    setup_faults,
    why,
)
from engines.junqi.capture import SearchLimit, fastest_lines, key
from engines.junqi.rules import Rules
from puzzles.boards import choice_buttons, submit_button
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

from .draw import picture, view_of
from .draw import render as draw_picture
from .words import (
    SEAT_KEYS,
    moves_both,
    path_text,
    point_order,
    points_text,
    rank_both,
    reason,
    result_both,
    seat_both,
    setup_reason,
)

Point = tuple[int, int]

CAPTURE_POSITIONS = 60_000  # what the content loader may search for one puzzle
SAVE_POSITIONS = 20_000  # and a teacher's save
MAX_CAPTURE = 5  # the longest capture a puzzle asks for
MARKS = ("good", "bad", "target", "last", "cross", "lifted", "picked")
RULE_OPTIONS = ("bomb_takes_flag", "flag_shown", "defeated_leave", "no_capture_limit")
POSITION = frozenset({*SEAT_KEYS, "to_move", "rules"})
KIND_WORDS = {
    "camp": ("行营", "camp"),
    "hq": ("司令部", "headquarters"),
    "rail": ("铁路上的结点", "railway node"),
    "road": ("只通公路的点", "road point"),
}


# ---------------------------------------------------------------------------
# Reading the data


def _point(value: Any, where: str) -> Point:
    try:
        return parse_point(value)
    except ValueError:
        raise InvalidPuzzle(f"{where}: {value!r} is not a point (S10, N52, C5, ...)") from None


def _rank(value: Any, where: str) -> str:
    try:
        return parse_rank(value)
    except ValueError as error:
        raise InvalidPuzzle(f"{where}: {error}") from None


def _placed(value: Any, where: str) -> dict[Point, str]:
    if not isinstance(value, Mapping):
        raise InvalidPuzzle(f'{where} is a table of point = piece, such as {{ S10 = "engineer" }}')
    return {_point(p, where): _rank(r, where) for p, r in value.items()}


def rules(data: Mapping[str, Any]) -> Rules:
    options = data.get("rules", {})
    if not isinstance(options, Mapping) or set(options) - set(RULE_OPTIONS):
        raise InvalidPuzzle(f"rules is a table of {', '.join(RULE_OPTIONS)}")
    try:
        return Rules(**options)
    except (TypeError, ValueError) as error:
        raise InvalidPuzzle(f"rules: {error}") from None


def seat_of(data: Mapping[str, Any], key_: str = "to_move") -> int:
    value = data.get(key_, "south")
    if value not in SEAT_KEYS:
        raise InvalidPuzzle(f"{key_} is one of {', '.join(SEAT_KEYS)}")
    return SEAT_KEYS.index(value)


def position(data: Mapping[str, Any]) -> Position:
    """The puzzle's position: pieces by seat (``south = { S10 = "engineer" }``), the
    seat to move, the rules."""
    pieces: dict[Point, Piece] = {}
    for seat, seat_key in enumerate(SEAT_KEYS):
        for p, rank in _placed(data.get(seat_key, {}), seat_key).items():
            if p in pieces:
                raise InvalidPuzzle(f"{name(p)} holds two pieces")
            pieces[p] = Piece(seat, rank)
    return Position(pieces, seat_of(data), rules=rules(data))


def _only(data: Mapping[str, Any], keys) -> None:
    """Refuse a key the kind does not read (a misspelt ``piece`` would silently let
    every piece move)."""
    unknown = sorted(set(data) - set(keys) - {PREPARED})
    if unknown:
        raise InvalidPuzzle(
            f"unknown data: {', '.join(unknown)} (this kind reads {', '.join(sorted(keys))})"
        )


def _whole(data, key_: str, default: int | None, low: int, high: int) -> int | None:
    value = data.get(key_, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidPuzzle(f"{key_} is a whole number from {low} to {high}")
    return value


def _read_point(text: str) -> str:
    return name(parse_point(text))


def shown(board: Position) -> dict[Point, tuple[int, str | None]]:
    """Every piece with its rank: puzzles are open (明棋)."""
    return {p: (piece.seat, piece.rank) for p, piece in board.pieces.items()}


def piece_both(board: Position, p: Point) -> dict[str, str]:
    """``S10 的工兵`` / ``the Engineer on S10``."""
    piece = board.pieces[p]
    rank = rank_both(piece.rank)
    return both(f"{name(p)} 的{rank['zh']}", f"the {rank['en']} on {name(p)}")


# ---------------------------------------------------------------------------
# The base of the kinds with a position


class JunqiKind(PuzzleKind):
    game = "junqi"
    typed_moves = True
    from_to = True
    typed_example = "S10-N14"
    typed_length = 8
    save_budget = SAVE_POSITIONS

    def start(self, data):
        return {"moves": []}

    def piece(self, data) -> Point | None:
        """The one piece the puzzle moves, if it names one."""
        return _point(data["piece"], "piece") if "piece" in data else None

    def current(self, data, state) -> Position:
        """The position after the attempt's moves (only the seat to move moves)."""
        board = position(data)
        for text in (state or {}).get("moves", []):
            start, end = (parse_point(t) for t in text.split("-"))
            board, _move = play(board, start, end)
        return board

    def movable(self, data, board: Position) -> set[Point]:
        """The pieces the learner may pick up: the one the puzzle names, or all that
        ever move."""
        chosen = self.piece(data)
        own = {
            p
            for p, piece in board.pieces.items()
            if piece.seat == board.to_move and is_movable(p, piece)
        }
        return own & {chosen} if chosen is not None else own

    def relevant(self, data) -> set[Point]:
        board = position(data)
        found = set(board.pieces)
        for start in self.movable(data, board):
            found |= set(reach(board, start))
        return found

    def view(self, data) -> frozenset[Point]:
        return view_of(self.relevant(data))

    def parse_answer(self, data, state, post):
        return read_move(post, _read_point)

    def answer_text(self, answer):
        return answer.point if isinstance(answer, Pick) else f"{answer.start}-{answer.end}"

    def pick(self, data, board: Position, answer: Pick | FromTo) -> Verdict | None:
        """A pick (nothing recorded) or the refusal of a piece the learner may not
        move; None for a move to judge."""
        start = parse_point(answer.point if isinstance(answer, Pick) else answer.start)
        if start not in self.movable(data, board):
            piece = board.pieces.get(start)
            if piece is None:
                return not_movable("none")
            if piece.seat != board.to_move:
                return not_movable("theirs")
            if not is_movable(start, piece):
                code = piece.rank if piece.rank in ("mine", "flag") else "hq"
                return Verdict(ILLEGAL, message=reason(code))
            return not_movable("own")
        if isinstance(answer, Pick):
            words = piece_both(board, start)
            return picked(
                name(start),
                both(
                    f"拿起了 {words['zh']}。再点它要去的位置。",
                    f"You picked up {words['en']}: now click where it goes.",
                ),
            )
        return None

    def legal_move(self, data, board: Position, answer):
        refused = self.pick(data, board, answer)
        if refused is not None:
            return refused
        try:
            _after, move = play(board, parse_point(answer.start), parse_point(answer.end))
        except IllegalMove as error:
            return Verdict(ILLEGAL, message=reason(error.code))
        return move

    def controls(self, data, board: Position, verdict: Verdict | None, **options) -> str:
        lifted = verdict.picked if verdict is not None and verdict.picked else ""
        targets = {name(p) for p in reach(board, parse_point(lifted))} if lifted else ()
        drawn = picture(shown(board), view=self.view(data), clickable=True, **options)
        movable = {name(p) for p in self.movable(data, board)}
        return draw_picture(arrange(drawn, movable=movable, picked=lifted, targets=targets))

    def drawn(self, data, board: Position, **options) -> str:
        return draw_picture(picture(shown(board), view=self.view(data), **options))


def _fight_words(move) -> dict[str, str]:
    """What a move's battle did, for a verdict."""
    if move.defender is None:
        return both("", "")
    attacker, defender = rank_both(move.piece.rank), rank_both(move.defender.rank)
    result = result_both(move.result)
    return both(
        f"{attacker['zh']}碰{defender['zh']}：{result['zh']}。",
        f"{attacker['en']} attacks {defender['en']}: {result['en'].lower()}.",
    )


# ---------------------------------------------------------------------------
# Tick every point a piece can reach


@register
class ReachKind(JunqiKind):
    name = "junqi.reach"
    title = gettext_lazy("Where can it go?")
    typed_moves = False
    from_to = False

    def validate(self, data):
        _only(data, POSITION | {"piece"})
        board = position(data)
        start = _point(data.get("piece"), "piece")
        if start not in board.pieces:
            raise InvalidPuzzle(f"piece: there is no piece on {name(start)}")

    def start(self, data):
        return {"marked": []}

    def movable(self, data, board):
        return {_point(data.get("piece"), "piece")}

    def prompt(self, data):
        board = position(data)
        words = piece_both(board, _point(data["piece"], "piece"))
        return both(
            f"把 {words['zh']}这一步能到的位置（能走到或能攻击的）全部点出来，再按“完成”。",
            f"Mark every point {words['en']} can reach in one move (to go to or to attack),"
            " then press Done.",
        )

    def parse_answer(self, data, state, post):
        return read_tick(post, _read_point)

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        start = _point(data["piece"], "piece")
        if answer != "done":
            if answer == name(start):
                words = both(
                    "点它能到的位置，不是棋子本身。",
                    "Mark the points it can reach, not the piece itself.",
                )
                return Verdict(ILLEGAL, message=words), state
            return toggle_mark(state, answer)
        board = position(data)
        truth = {name(p) for p in reach(board, start)}
        if not truth:
            right = both("对：它这一步哪儿也去不了。", "Right: it cannot move at all.")
        else:
            right = both(f"全部找到，一共 {len(truth)} 个位置。", f"All {len(truth)} found.")
        return judge_ticks(
            state,
            truth,
            lambda text: reason(why(board, start, parse_point(text)) or "not-a-move"),
            right=right,
            answer=both(
                f"能到的位置：{points_text(truth, True)}。",
                f"It can reach: {points_text(truth, False)}.",
            ),
            order=point_order,
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        start = _point(data["piece"], "piece")
        truth = {name(p) for p in reach(board, start)}
        marks = {parse_point(t): m for t, m in tick_marks(state, truth, verdict).items()}
        marks[start] = "lifted"
        clickable = interactive and not state.get("judged")
        drawn = picture(shown(board), marks=marks, view=self.view(data), clickable=clickable)
        if clickable:
            drawn.toggle = "picked"
            for spot in drawn.spots:
                if spot.name == name(start):
                    spot.clickable = False
        html = draw_picture(drawn)
        if not interactive:
            return html
        return mark_safe(html + submit_button(_("Done: these are all")))  # noqa: S308


# ---------------------------------------------------------------------------
# Which of your pieces can reach a point?


@register
class WhoKind(JunqiKind):
    name = "junqi.who"
    title = gettext_lazy("Who can get there?")
    typed_moves = False
    from_to = False

    def target(self, data) -> Point:
        return _point(data.get("target"), "target")

    def validate(self, data):
        _only(data, POSITION | {"target"})
        board = position(data)
        target = self.target(data)
        if not any(piece.seat == board.to_move for piece in board.pieces.values()):
            raise InvalidPuzzle("the side to move has no pieces")
        if target in board.pieces and board.pieces[target].seat == board.to_move:
            raise InvalidPuzzle(f"target: {name(target)} holds a piece of the side to move")

    def start(self, data):
        return {"marked": []}

    def own(self, board: Position) -> list[Point]:
        return [p for p, piece in board.pieces.items() if piece.seat == board.to_move]

    def truth(self, data) -> set[str]:
        board = position(data)
        target = self.target(data)
        return {name(p) for p in self.own(board) if target in reach(board, p)}

    def relevant(self, data):
        board = position(data)
        return set(board.pieces) | {self.target(data)}

    def prompt(self, data):
        target = name(self.target(data))
        return both(
            f"你的哪些棋子这一步能到 {target}？全部点出来，再按“完成”（一个也没有就直接按）。",
            f"Which of your pieces can reach {target} this move? Mark them all (none, if"
            " none can), then press Done.",
        )

    def parse_answer(self, data, state, post):
        return read_tick(post, _read_point)

    def answer_text(self, answer):
        return str(answer)

    def check(self, data, state, answer):
        board = position(data)
        target = self.target(data)
        if answer != "done":
            p = parse_point(answer)
            piece = board.pieces.get(p)
            if piece is None or piece.seat != board.to_move:
                words = both("点你自己的棋子（南家的）。", "Mark your own pieces (South's).")
                return Verdict(ILLEGAL, message=words), state
            return toggle_mark(state, answer)
        truth = self.truth(data)
        here = name(target)
        if not truth:
            right = both(
                f"对：这一步谁也到不了 {here}。", f"Right: none of them can reach {here} this move."
            )
            answer_words = both("这一步谁也到不了。", "None of them can get there this move.")
        else:
            right = both(
                f"对，能到的是 {points_text(truth, True)}。", f"Right: {points_text(truth, False)}."
            )
            answer_words = both(
                f"能到 {here} 的：{points_text(truth, True)}。",
                f"These reach {here}: {points_text(truth, False)}.",
            )
        return judge_ticks(
            state,
            truth,
            lambda text: reason(why(board, parse_point(text), target) or "not-a-move"),
            right=right,
            answer=answer_words,
            order=point_order,
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = position(data)
        target = self.target(data)
        truth = self.truth(data)
        marks = {parse_point(t): m for t, m in tick_marks(state, truth, verdict).items()}
        marks[target] = "target"
        paths = []
        solved = verdict is not None and verdict.is_correct
        if state.get("judged") and (state.get("answer_shown") or solved):
            paths = [(reach(board, parse_point(t))[target], "good") for t in sorted(truth)]
        clickable = interactive and not state.get("judged")
        drawn = picture(
            shown(board), marks=marks, paths=paths, view=self.view(data), clickable=clickable
        )
        if clickable:
            drawn.toggle = "picked"
            own = {name(p) for p in self.own(board)}
            for spot in drawn.spots:
                spot.clickable = spot.name in own
        html = draw_picture(drawn)
        if not interactive:
            return html
        return mark_safe(html + submit_button(_("Done: these are all")))  # noqa: S308


# ---------------------------------------------------------------------------
# Move a piece to a point


@register
class MoveKind(JunqiKind):
    name = "junqi.move"
    title = gettext_lazy("Get there")

    def target(self, data) -> Point:
        return _point(data.get("to"), "to")

    def answers(self, data) -> list[str]:
        board = position(data)
        target = self.target(data)
        return sorted(
            f"{name(p)}-{name(target)}"
            for p in self.movable(data, board)
            if target in reach(board, p)
        )

    def validate(self, data):
        _only(data, POSITION | {"piece", "to"})
        board = position(data)
        chosen = self.piece(data)
        if chosen is not None and (
            chosen not in board.pieces or board.pieces[chosen].seat != board.to_move
        ):
            raise InvalidPuzzle(f"piece: the side to move has no piece on {name(chosen)}")
        if not self.answers(data):
            raise InvalidPuzzle(f"no piece can reach {name(self.target(data))} in one move")

    def relevant(self, data):
        return super().relevant(data) | {self.target(data)}

    def prompt(self, data):
        target = name(self.target(data))
        board = position(data)
        chosen = self.piece(data)
        if chosen is not None:
            words = piece_both(board, chosen)
            return both(
                f"一步把 {words['zh']}走到 {target}。",
                f"Move {words['en']} to {target} in one move.",
            )
        return both(f"一步走到 {target}：哪个子能去？", f"Get a piece to {target} in one move.")

    def check(self, data, state, answer):
        board = position(data)
        move = self.legal_move(data, board, answer)
        if isinstance(move, Verdict):
            return move, state
        fought = _fight_words(move)
        if move.end == self.target(data):
            words = both(f"对：{path_text(move)}。", f"Right: {path_text(move)}.")
            return Verdict(
                CORRECT,
                message=both(words["zh"] + fought["zh"], f"{words['en']} {fought['en']}".strip()),
            ), {"moves": [move.text], "path": path_text(move)}
        listed = moves_both(self.answers(data))
        return Verdict(
            WRONG,
            message=both(
                f"{path_text(move)} 可以走，但没到 {name(self.target(data))}。",
                f"{path_text(move)} is legal, but it does not reach {name(self.target(data))}.",
            ),
            answer=both(f"能到的走法：{listed['zh']}。", f"Moves that get there: {listed['en']}."),
        ), {"wrong": path_text(move)}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        board = self.current(data, state)
        marks = {self.target(data): "target"}
        paths = []
        for key_, kind in (("path", "good"), ("wrong", "bad")):
            if state.get(key_):
                paths.append(([parse_point(t) for t in state[key_].split("-")], kind))
        if state.get("answer_shown"):
            for text in self.answers(data)[:3]:
                start = parse_point(text.split("-")[0])
                paths.append((reach(position(data), start)[self.target(data)], "good"))
        if paths or not interactive:
            return self.drawn(data, board, marks=marks, paths=paths)
        return self.controls(data, board, verdict, marks=marks)


# ---------------------------------------------------------------------------
# What happens when two pieces meet?


@register
class FightKind(PuzzleKind):
    name = "junqi.fight"
    title = gettext_lazy("Who wins the battle?")
    game = "junqi"
    answer_field = "answer"

    def facts(self, data) -> tuple[str, str, Rules]:
        attacker = _rank(data.get("attacker"), "attacker")
        defender = _rank(data.get("defender"), "defender")
        if attacker not in (*OFFICERS, "bomb"):
            raise InvalidPuzzle(f"attacker: a {attacker} never moves, so it never attacks")
        chosen = rules(data)
        if attacker == "bomb" and defender == "flag" and not chosen.bomb_takes_flag:
            raise InvalidPuzzle("under these rules a bomb may not attack the flag")
        return attacker, defender, chosen

    def validate(self, data):
        _only(data, {"attacker", "defender", "rules"})
        self.facts(data)

    def start(self, data):
        return {}

    def prompt(self, data):
        attacker, defender, _rules = self.facts(data)
        a, d = rank_both(attacker), rank_both(defender)
        return both(
            f"你的{a['zh']}去攻击对方的{d['zh']}，结果是什么？",
            f"Your {a['en']} attacks an enemy {d['en']}. What happens?",
        )

    def choices(self, data) -> list[str]:
        _a, defender, _rules = self.facts(data)
        if defender == "flag":
            return ["attacker", "defender", "both", "flag"]
        return ["attacker", "defender", "both"]

    def parse_answer(self, data, state, post):
        return read_choice(post, self.choices(data))

    def check(self, data, state, answer):
        attacker, defender, _rules = self.facts(data)
        truth = fight(attacker, defender)
        a, d = rank_both(attacker), rank_both(defender)
        result = result_both(truth)
        why_words = _why_fight(attacker, defender)
        words = both(
            f"{a['zh']}碰{d['zh']}：{result['zh']}。{why_words['zh']}",
            f"{a['en']} against {d['en']}: {result['en'].lower()}. {why_words['en']}",
        )
        status = CORRECT if answer == truth else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        attacker, defender, _rules = self.facts(data)
        # The attacker on S50 and the defender on S52, a point apart so that the arrow
        # between them shows; nothing else is drawn.
        a, d = (6, 11), (8, 11)
        shown_picture = picture(
            {a: (0, attacker), d: (1, defender)},
            paths=[((a, d), "target")],
            view=frozenset({a, d}),
            label=_("The attacker (left) and the defender (right)"),
        )
        shown_picture.kind += " junqi-pair"
        drawn = draw_picture(shown_picture)
        if not interactive:
            return drawn
        labels = {
            "attacker": _("The attacker wins"),
            "defender": _("The defender wins"),
            "both": _("Both are removed"),
            "flag": _("The flag is taken"),
        }
        buttons = choice_buttons([(c, labels[c]) for c in self.choices(data)])
        return mark_safe(drawn + buttons)  # noqa: S308 (both built escaped)


def _why_fight(attacker: str, defender: str) -> dict[str, str]:
    """The rule behind a battle's result, as the rules say it."""
    if defender == "flag":
        return both("任何能走的棋子都能扛旗。", "Any piece that moves can take the flag.")
    if attacker == "bomb" or defender == "bomb":
        return both("炸弹碰到任何棋子，双方一起消失。", "A bomb and whatever it meets both go.")
    if defender == "mine":
        if attacker == "engineer":
            return both("只有工兵能挖地雷。", "Only an engineer can dig up a mine.")
        return both(
            "地雷比除工兵以外的所有棋子都大，地雷留在原地。",
            "A mine beats every piece but the engineer, and stays where it is.",
        )
    if attacker == defender:
        return both("一样大的两个子同归于尽。", "Equal ranks remove each other.")
    return both(
        "大小顺序：司令 > 军长 > 师长 > 旅长 > 团长 > 营长 > 连长 > 排长 > 工兵。",
        "The order: Field Marshal > General > Major General > Brigadier > Colonel > Major >"
        " Captain > Lieutenant > Engineer.",
    )


# ---------------------------------------------------------------------------
# Is this set-up legal? Fix it


SETUP_ASKS = ("legal", "illegal")


@register
class SetupKind(PuzzleKind):
    name = "junqi.setup"
    title = gettext_lazy("Set up your army")
    game = "junqi"
    from_to = True

    def placement(self, data) -> dict[Point, str]:
        return _placed(data.get("pieces"), "pieces")

    def validate(self, data):
        _only(data, {"pieces", "fix"})
        placement = self.placement(data)
        if not placement:
            raise InvalidPuzzle("pieces: a set-up needs its pieces")
        if any((local(p) or ("",))[0] != "S" for p in placement):
            raise InvalidPuzzle("pieces: a set-up is South's, on points S00 … S54")
        if not isinstance(data.get("fix", True), bool):
            raise InvalidPuzzle("fix is true or false")
        faults = setup_faults("S", placement)
        if self.fixing(data) and faults and not self._fixable(placement):
            raise InvalidPuzzle("fix: this set-up cannot be put right by swapping pieces")

    @staticmethod
    def _fixable(placement: Mapping[Point, str]) -> bool:
        return not any(
            code in ("count", "outside", "camp") for code, _p in setup_faults("S", placement)
        )

    def fixing(self, data) -> bool:
        return data.get("fix", True)

    def start(self, data):
        return {}

    def current(self, data, state) -> dict[Point, str]:
        placement = self.placement(data)
        for text in (state or {}).get("swaps", []):
            a, b = (parse_point(t) for t in text.split("-"))
            placement[a], placement[b] = placement[b], placement[a]
        return placement

    def prompt(self, data):
        # The same words whatever the answer: a prompt that spoke of swaps only when
        # the set-up breaks a rule would give the answer away. How to swap is said
        # once the learner has found it illegal.
        return both("这样布阵合规吗？", "Is this set-up legal?")

    def parse_answer(self, data, state, post):
        if post.get("answer") in SETUP_ASKS:
            return post["answer"]
        return read_move(post, _read_point)

    def answer_text(self, answer):
        if isinstance(answer, Pick):
            return answer.point
        if isinstance(answer, FromTo):
            return f"{answer.start}-{answer.end}"
        return str(answer)

    def check(self, data, state, answer):
        state = dict(state or {})
        placement = self.current(data, state)
        faults = setup_faults("S", placement)
        if isinstance(answer, str):
            if state.get("said"):
                return Verdict(ILLEGAL, message=both("先把布阵改对。", "Now put it right.")), state
            truth = "illegal" if faults else "legal"
            if answer != truth:
                if truth == "legal":
                    words = both(
                        "其实合规：军旗在司令部，地雷在最后两行，炸弹不在第一行，25 个子一个不差。",
                        "It is legal: the flag is in a headquarters, the mines on the last two"
                        " rows, no bomb on the front row, and all 25 pieces are there.",
                    )
                else:
                    words = _faults_words(faults)
                return Verdict(WRONG, message=words), {**state, "said": answer, "done": True}
            if truth == "legal":
                words = both(
                    "对，合规：军旗在司令部，地雷都在最后两行，炸弹都不在第一行。",
                    "Right, it is legal: the flag is in a headquarters, every mine on the last"
                    " two rows, no bomb on the front row.",
                )
                return Verdict(CORRECT, message=words), {**state, "said": answer, "done": True}
            if not self.fixing(data) or not self._fixable(placement):
                return Verdict(CORRECT, message=_faults_words(faults)), {
                    **state,
                    "said": answer,
                    "done": True,
                }
            words = _faults_words(faults)
            return Verdict(
                CONTINUE,
                message=both(
                    f"对，不合规。{words['zh']}现在交换棋子把它改对：先点一个子，再点要和它"
                    "换位的子。",
                    f"Right, it is not legal. {words['en']} Now put it right: click a piece,"
                    " then the piece to swap it with.",
                ),
            ), {**state, "said": answer}
        if not state.get("said") or state.get("done"):
            words = both("先回答：合规还是不合规？", "First say: legal or not?")
            return Verdict(ILLEGAL, message=words), state
        a = parse_point(answer.point if isinstance(answer, Pick) else answer.start)
        if a not in placement:
            return not_movable("none"), state
        if isinstance(answer, Pick):
            rank = rank_both(placement[a])
            return picked(
                name(a),
                both(
                    f"拿起了 {name(a)} 的{rank['zh']}。再点要和它换位的子。",
                    f"You picked up the {rank['en']} on {name(a)}: now click the piece to swap"
                    " it with.",
                ),
            ), state
        b = parse_point(answer.end)
        if b not in placement:
            return not_movable("none"), state
        after = dict(placement)
        after[a], after[b] = after[b], after[a]
        now = setup_faults("S", after)
        swap = f"{name(a)}-{name(b)}"
        if len(now) < len(faults) and not {p for _c, p in now} - {p for _c, p in faults}:
            swaps = [*state.get("swaps", []), swap]
            if not now:
                return Verdict(
                    CORRECT,
                    message=both(
                        "改好了：现在这个布阵合规。", "Put right: the set-up is legal now."
                    ),
                ), {**state, "swaps": swaps, "done": True}
            left = _faults_words(now)
            return Verdict(
                CONTINUE,
                message=both(f"好，还有问题：{left['zh']}", f"Good. Still wrong: {left['en']}"),
            ), {**state, "swaps": swaps}
        if len(now) >= len(faults) and not {p for _c, p in now} - {p for _c, p in faults}:
            words = both(
                f"这样换（{swap}）没有改掉任何一个错误。",
                f"That swap ({swap}) puts nothing right.",
            )
        else:
            new = [(c, p) for c, p in now if p not in {q for _c, q in faults}]
            broken = _faults_words(new)
            words = both(
                f"这样换（{swap}）会出新的错：{broken['zh']}",
                f"That swap ({swap}) breaks a rule: {broken['en']}",
            )
        return Verdict(WRONG, message=words), {**state, "wrong": swap}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        placement = self.current(data, state)
        faults = setup_faults("S", placement)
        marks = {}
        if state.get("said") and (state.get("done") or state.get("answer_shown")):
            marks = {p: "bad" for _c, p in faults if p is not None}
        if state.get("wrong"):
            for text in state["wrong"].split("-"):
                marks[parse_point(text)] = "bad"
        pieces = {p: (0, rank) for p, rank in placement.items()}
        view = frozenset(area_points("S"))
        fixing = bool(state.get("said")) and not state.get("done") and interactive
        drawn = picture(pieces, marks=marks, view=view, clickable=fixing)
        if fixing:
            lifted = verdict.picked if verdict is not None and verdict.picked else ""
            own = {name(p) for p in placement}
            targets = own - {lifted} if lifted else ()
            arrange(drawn, movable=own, picked=lifted, targets=targets)
            for spot in drawn.spots:  # every other piece is a target: no dots over them
                if spot.mark == "dest":
                    spot.mark = ""
            return draw_picture(drawn)
        html = draw_picture(drawn)
        if not interactive or state.get("said"):
            return html
        buttons = choice_buttons([("legal", _("Legal")), ("illegal", _("Not legal"))])
        return mark_safe(html + buttons)  # noqa: S308 (both built escaped)


def _faults_words(faults) -> dict[str, str]:
    """The rules a set-up breaks, each once, with the points that break them."""
    parts = []
    for code in dict.fromkeys(c for c, _p in faults):
        where = [name(p) for c, p in faults if c == code and p is not None]
        words = setup_reason(code)
        if where:
            parts.append(
                both(f"{words['zh']}（{'、'.join(where)}）", f"{words['en']} ({', '.join(where)})")
            )
        else:
            parts.append(words)
    return both("".join(p["zh"] for p in parts), " ".join(p["en"] for p in parts))


# ---------------------------------------------------------------------------
# Take the flag (or a piece) in the fewest moves


@register
class CaptureKind(JunqiKind):
    name = "junqi.capture"
    title = gettext_lazy("Fewest moves to take it")

    def target(self, data) -> Point:
        return _point(data.get("target"), "target")

    def validate(self, data):
        _only(data, POSITION | {"target", "moves"})
        board = position(data)
        target = self.target(data)
        piece = board.pieces.get(target)
        if piece is None:
            raise InvalidPuzzle(f"target: there is no piece on {name(target)}")
        if piece.seat % 2 == board.to_move % 2:
            raise InvalidPuzzle("target: that piece is not an enemy's")
        _whole(data, "moves", None, 1, MAX_CAPTURE)

    def prepare(self, data, budget=None):
        self.validate(data)
        board = position(data)
        limit = CAPTURE_POSITIONS if budget is None else min(budget.left, CAPTURE_POSITIONS)
        try:
            lines = fastest_lines(
                board, self.target(data), max_moves=MAX_CAPTURE, max_positions=limit
            )
        except SearchLimit:
            raise InvalidPuzzle(
                f"the search for the fewest moves needs more than {limit:,} positions"
            ) from None
        if lines.moves is None:
            raise InvalidPuzzle(f"the target cannot be taken in {MAX_CAPTURE} moves")
        stated = _whole(data, "moves", None, 1, MAX_CAPTURE)
        if stated is not None and stated != lines.moves:
            raise InvalidPuzzle(f"moves says {stated}, but the fewest is {lines.moves}")
        if budget is not None:
            budget.spend(lines.positions)
        return {"moves": lines.moves, "best": lines.best}

    def count(self, data) -> int:
        return self.prepared(data)["moves"]

    def relevant(self, data):
        board = position(data)
        found = set(board.pieces)
        for key_ in self.prepared(data)["best"]:
            for text in self.prepared(data)["best"][key_]:
                found |= {parse_point(t) for t in text.split("-")}
        return found

    def prompt(self, data):
        board = position(data)
        target = self.target(data)
        n = self.count(data)
        piece = board.pieces[target]
        if piece.rank == "flag":
            what = both(f"扛走 {name(target)} 的军旗", f"take the flag on {name(target)}")
        else:
            rank = rank_both(piece.rank)
            what = both(
                f"吃掉 {name(target)} 的{rank['zh']}", f"remove the {rank['en']} on {name(target)}"
            )
        return both(
            f"南家走，别的棋子都不动：用 {n} 步{what['zh']}。",
            f"South to move, every other piece standing still: {what['en']} in {n}"
            f" move{'s' * (n > 1)}.",
        )

    def solution(self, data):
        board = position(data)
        best = self.prepared(data)["best"]
        line = []
        for _i in range(self.count(data)):
            found = best.get(key(board, board.to_move))
            if not found:
                break
            line.append(found[0])
            start, end = (parse_point(t) for t in found[0].split("-"))
            board, _move = play(board, start, end)
        return line

    def check(self, data, state, answer):
        board = self.current(data, state)
        move = self.legal_move(data, board, answer)
        if isinstance(move, Verdict):
            return move, state
        played = list(state.get("moves", []))
        here = self.prepared(data)["best"].get(key(board, board.to_move), [])
        n = self.count(data)
        fought = _fight_words(move)
        if move.text in here:
            left = n - len(played) - 1
            state = {"moves": [*played, move.text]}
            if left == 0:
                return Verdict(
                    CORRECT,
                    message=both(
                        f"{fought['zh']}对！{n} 步拿下，这是最少的步数。",
                        f"{fought['en']} Right! Done in {n} move{'s' * (n > 1)}: no one can do"
                        " it in fewer.".strip(),
                    ),
                ), state
            return Verdict(
                CONTINUE,
                message=both(
                    f"好棋（{path_text(move)}）。{fought['zh']}还剩 {left} 步，继续。",
                    f"Good ({path_text(move)}). {fought['en']} {left} move{'s' * (left > 1)}"
                    " to go.",
                ),
            ), state
        left = n - len(played)
        listed = moves_both(here)
        if left == 1:
            message = both(
                f"{path_text(move)} 可以走，但这一步拿不下目标。{fought['zh']}",
                f"{path_text(move)} is legal, but it does not take the target. {fought['en']}",
            )
        else:
            message = both(
                f"{path_text(move)} 可以走，但走了它，剩下的 {left - 1} 步里拿不下目标。"
                f"{fought['zh']}",
                f"{path_text(move)} is legal, but after it the target cannot be taken in the"
                f" {left - 1} move{'s' * (left != 2)} left. {fought['en']}",
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
        target = self.target(data)
        marks = {target: "target"} if target in board.pieces else {}
        paths = []
        if state.get("wrong"):
            paths.append(([parse_point(t) for t in state["wrong"].split("-")], "bad"))
        if state.get("answer_shown"):
            here = self.prepared(data)["best"].get(key(board, board.to_move), [])
            for text in here[:3]:
                start, end = (parse_point(t) for t in text.split("-"))
                paths.append((reach(board, start)[end], "good"))
        if paths or not interactive:
            return self.drawn(data, board, marks=marks, paths=paths)
        return self.controls(data, board, verdict, marks=marks)


# ---------------------------------------------------------------------------
# Click a point of a kind


@register
class PointKind(PuzzleKind):
    name = "junqi.point"
    title = gettext_lazy("Find the point")
    game = "junqi"

    def ask(self, data) -> str:
        ask = data.get("ask")
        if ask not in KIND_WORDS:
            raise InvalidPuzzle(f"ask is one of {', '.join(KIND_WORDS)}")
        return ask

    def area(self, data) -> str | None:
        """The army whose area the point must be in (``area = "north"``), if named."""
        if "area" not in data:
            return None
        return AREAS[seat_of(data, "area")]

    def validate(self, data):
        _only(data, {"ask", "area"})
        self.ask(data)
        area = self.area(data)
        if area is not None and not set(BOARD.of_kind(self.ask(data))) & set(area_points(area)):
            raise InvalidPuzzle("area: that army's area has no such point")

    def start(self, data):
        return {}

    def right(self, data, p: Point) -> bool:
        area = self.area(data)
        in_area = area is None or (local(p) or ("",))[0] == area
        return BOARD.kind(p) == self.ask(data) and in_area

    def prompt(self, data):
        zh, en = KIND_WORDS[self.ask(data)]
        article = "an" if en[0] in "aeiou" else "a"
        if "area" in data:
            seat = seat_both(seat_of(data, "area"))
            return both(
                f"在{seat['zh']}的阵地里点一个{zh}。",
                f"Click {article} {en} in {seat['en']}'s area.",
            )
        return both(f"在棋盘上点一个{zh}。", f"Click {article} {en} on the board.")

    def parse_answer(self, data, state, post):
        return read_clicked(post, _read_point)

    def check(self, data, state, answer):
        p = parse_point(answer)
        ask = self.ask(data)
        kind = BOARD.kind(p)
        state = {"clicked": answer}
        zh, en = KIND_WORDS[kind]
        en = f"{'an' if en[0] in 'aeiou' else 'a'} {en}"
        if self.right(data, p):
            words = both(f"对，{answer} 是{zh}。", f"Right: {answer} is {en}.")
            return Verdict(CORRECT, message=words), state
        words = both(f"{answer} 是{zh}。", f"{answer} is {en}.")
        if kind == ask:  # the right kind in another army's area
            where = local(p)
            if where is None:
                owner = both("中央", "the centre")
            else:
                seat = seat_both(AREAS.index(where[0]))
                owner = both(f"{seat['zh']}的阵地里", f"{seat['en']}'s area")
            words = both(
                f"{answer} 是{zh}，不过在{owner['zh']}。",
                f"{answer} is {en}, but in {owner['en']}.",
            )
        return Verdict(WRONG, message=words), {**state, "wrong": True}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or {}
        marks = {}
        if state.get("clicked"):
            marks[parse_point(state["clicked"])] = "bad" if state.get("wrong") else "good"
        if state.get("answer_shown"):
            kind_points = BOARD.of_kind(self.ask(data))
            marks.update({p: "target" for p in kind_points if self.right(data, p)})
        view = view_of((), ("S", self.area(data) or "S"))
        return draw_picture(
            picture({}, marks=marks, view=view, clickable=interactive and not state)
        )


# ---------------------------------------------------------------------------
# A lesson picture


@register_picture
class Diagram(LessonPicture):
    """The board: pieces by seat (``south = { S10 = "engineer" }``, ``east``...; a
    rank of ``"?"`` for a hidden piece), ``marks`` ({point: mark}), ``labels``
    ({point: text}), ``paths`` (moves drawn point by point: ``"S10-S20-S30"`` or
    ``"S10-S11 bad"``), ``view`` = "auto" (default: South, the centre and the areas
    used), "full" or "south" (South's area alone)."""

    name = "junqi.board"
    game = "junqi"

    def pieces(self, data) -> dict[Point, tuple[int, str | None]]:
        placed: dict[Point, tuple[int, str | None]] = {}
        for seat, seat_key in enumerate(SEAT_KEYS):
            value = data.get(seat_key, {})
            if not isinstance(value, Mapping):
                raise InvalidPuzzle(f"{seat_key} is a table of point = piece")
            for p, rank in value.items():
                where = _point(p, seat_key)
                if where in placed:
                    raise InvalidPuzzle(f"{name(where)} holds two pieces")
                placed[where] = (seat, None if rank == "?" else _rank(rank, seat_key))
        return placed

    @staticmethod
    def paths(data) -> list[tuple[list[Point], str]]:
        value = data.get("paths", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidPuzzle('paths lists moves, such as ["S10-S20-S30", "S10-S11 bad"]')
        found = []
        for text in value:
            path, _, kind = text.partition(" ")
            points = [_point(p, "paths") for p in path.split("-")]
            if len(points) < 2:
                raise InvalidPuzzle(f"paths: {text!r} needs two points or more")
            found.append((points, kind.strip() or "good"))
        return found

    def validate(self, data):
        _only(data, {*SEAT_KEYS, "marks", "labels", "paths", "view"})
        self.pieces(data)
        self.paths(data)
        for key_ in ("marks", "labels"):
            value = data.get(key_, {})
            if not isinstance(value, Mapping):
                raise InvalidPuzzle(f"{key_} is a table of point = ...")
            for p, mark in value.items():
                _point(p, key_)
                if key_ == "marks" and mark not in MARKS:
                    raise InvalidPuzzle(f"marks: {mark!r} is not one of {', '.join(MARKS)}")
        if data.get("view", "auto") not in ("auto", "full", "south"):
            raise InvalidPuzzle('view is "auto", "full" or "south"')

    def draw(self, data):
        pieces = self.pieces(data)
        marks = {_point(p, "marks"): m for p, m in data.get("marks", {}).items()}
        paths = self.paths(data)
        chosen = data.get("view", "auto")
        if chosen == "full":
            view = None
        elif chosen == "south":
            view = frozenset(area_points("S"))
        else:
            used = set(pieces) | set(marks) | {p for path, _k in paths for p in path}
            view = view_of(used)
        return draw_picture(
            picture(
                pieces,
                marks=marks,
                labels={_point(p, "labels"): str(t) for p, t in data.get("labels", {}).items()},
                paths=paths,
                view=view,
            )
        )


__all__ = ["position", "rules"]
