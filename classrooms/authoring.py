"""Teacher-made puzzles: board editors, SGF uploads, the 打滚子 form, saving and seeing them.

Plain functions over models and primitives (no requests). The engines prove every
puzzle before it is saved: a puzzle is saved only after its kind's ``validate``
accepted the data built here, and a refusal is an ``AuthoringError`` whose message
says exactly why (the engine's own reason included).

The board editors keep their state in text, so a teacher's position survives every
click without JavaScript: a Go or Renju position is a text diagram (``X`` black,
``O`` white, ``.`` empty, the top row first); a Go solution is one line of moves
per variation, the solver's first (``C3 D3 B2``), a wrong try starting with ``x``
(``x D3 C3``: the first move of it that is not on a right line is the wrong one,
the rest is the refutation). The Go editor builds the SGF from that; the reader
(``engines.go.problems.verify``) proves every move of it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines import renju as renju_engine
from engines.cards import SUIT_SYMBOLS, parse_card
from engines.go import (
    BLACK,
    EMPTY,
    GTP_COLUMNS,
    WHITE,
    Board,
    IllegalMove,
    Move,
    opponent,
    parse_point,
    point_name,
    star_points,
)
from engines.go.problems import ProblemError
from engines.go.reading import attack, defend
from engines.go.sgf import Node, Problem, SgfError, read_problem, write_problem
from puzzles import publishing
from puzzles.boards import grid_board
from puzzles.games.renju.kinds import position as renju_position
from puzzles.kinds import InvalidPuzzle, OutOfBudget, UnknownKind, get_kind, localized
from puzzles.models import START_RATING, Puzzle
from puzzles.services import prepare_for_save

from .models import Classroom


class AuthoringError(ValueError):
    """A puzzle (or an editor action) the rules or the engine refuse; the message says why."""


# ---------------------------------------------------------------------------
# What teachers can make

KIND_LABELS = {
    "go.capture": gettext_lazy("Capture the marked stones (吃子)"),
    "go.escape": gettext_lazy("Save the marked stones (逃子)"),
    "renju.forbidden": gettext_lazy("Find every forbidden point for black (禁手)"),
    "renju.is_forbidden": gettext_lazy("Is the marked point forbidden for black?"),
    "renju.five": gettext_lazy("Win in one: make five (五连)"),
    "renju.vcf": gettext_lazy("Win by continuous fours (VCF, 连续冲四)"),
    "renju.trap": gettext_lazy("White's trap: fours that force black onto a forbidden point"),
    "renju.defend": gettext_lazy("Defend against the opponent's VCF"),
    "dagunzi.play": gettext_lazy("Which cards to play (all hands open, proven by the solver)"),
}
GAME_KINDS = {
    "go": ("go.capture", "go.escape"),
    "renju": (
        "renju.forbidden",
        "renju.is_forbidden",
        "renju.five",
        "renju.vcf",
        "renju.trap",
        "renju.defend",
    ),
    "dagunzi": ("dagunzi.play",),
}

SGF_MAX_BYTES = 100 * 1024
# The reader proves every solver's move of a tree, each in up to a few seconds on a
# big open board (the library's problems have at most 11 and verify in under 2 s).
MAX_TREE_MOVES = 150  # moves in a solution tree
MAX_SOLVER_MOVES = 24  # the solver's moves in it
MAX_LINES = 12  # solution lines typed in the Go editor
MAX_LINE_MOVES = 30
GO_SIZES = (9, 13, 19)
RATING_RANGE = (100, 3000)

BLACK_SYMBOLS = "Xx#●"
WHITE_SYMBOLS = "Oo○"
EMPTY_SYMBOLS = ".+┼"
WRONG_MARKS = ("x", "✗", "×", "wrong", "wrong:", "错")


def kind_label(kind: str) -> str:
    return str(KIND_LABELS.get(kind, kind))


def is_authored_kind(game: str, kind: str) -> bool:
    return kind in GAME_KINDS.get(game, ())


# ---------------------------------------------------------------------------
# Text diagrams, shared by the Go and Renju editors


def _diagram_rows(text: str) -> list[list[str]]:
    rows = []
    for line in str(text).strip().splitlines():
        cells = [ch for ch in line if not ch.isspace()]
        if cells:
            rows.append(cells)
    return rows


def _read_rows(rows: list[list[str]], size: int, row_name) -> list[int]:
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
                cells.append(BLACK)
            elif ch in WHITE_SYMBOLS:
                cells.append(WHITE)
            elif ch in EMPTY_SYMBOLS:
                cells.append(EMPTY)
            else:
                raise AuthoringError(
                    _(
                        "Row %(row)s of the diagram holds %(symbol)s: use X for black, O for "
                        "white and . for an empty point."
                    )
                    % {"row": row_name(y), "symbol": repr(ch)}
                )
    return cells


def _write_rows(cells: list[int], size: int) -> str:
    symbols = {EMPTY: ".", BLACK: "X", WHITE: "O"}
    return "\n".join(
        " ".join(symbols[c] for c in cells[y * size : (y + 1) * size]) for y in range(size)
    )


# ---------------------------------------------------------------------------
# The Go editor


@dataclass(frozen=True)
class SolutionLine:
    """A variation, the solver's move first; ``None`` is a pass."""

    moves: tuple[int | None, ...]
    wrong: bool = False


@dataclass
class GoSetup:
    """What the Go editor holds: the position, the marked stones and the solution lines."""

    size: int = 9
    cells: list[int] = field(default_factory=lambda: [EMPTY] * 81)
    to_move: int = BLACK
    marked: list[int] = field(default_factory=list)
    lines: list[SolutionLine] = field(default_factory=list)

    @classmethod
    def empty(cls, size: int = 9, to_move: int = BLACK) -> GoSetup:
        if size not in GO_SIZES:
            raise AuthoringError(_("The board is 9×9, 13×13 or 19×19."))
        return cls(size, [EMPTY] * (size * size), to_move)

    @property
    def solver(self) -> int:
        return self.to_move

    def name(self, point: int | None) -> str:
        return "pass" if point is None else point_name(point, self.size)

    # -- text in and out ---------------------------------------------------

    def diagram(self) -> str:
        return _write_rows(self.cells, self.size)

    def marked_text(self) -> str:
        return " ".join(self.name(p) for p in self.marked)

    def solution_text(self) -> str:
        return "\n".join(
            ("x " if line.wrong else "") + " ".join(self.name(p) for p in line.moves)
            for line in self.lines
        )


def read_go_diagram(text: str, size: int = 9) -> tuple[int, list[int]]:
    """(size, cells) from a text diagram; an empty diagram is an empty board of ``size``."""
    rows = _diagram_rows(text)
    if not rows:
        return size, [EMPTY] * (size * size)
    size = len(rows)
    if size not in GO_SIZES:
        raise AuthoringError(
            _("The diagram has %(count)s rows: a Go board here is 9×9, 13×13 or 19×19.")
            % {"count": size}
        )
    return size, _read_rows(rows, size, lambda y: size - y)


def read_go_points(text: str, size: int, what: str) -> list[int]:
    points = []
    for word in str(text).replace(",", " ").split():
        try:
            p = parse_point(word, size)
        except ValueError:
            raise AuthoringError(
                _("%(what)s: %(word)s is not a point of the %(size)s×%(size)s board.")
                % {"what": what, "word": word[:10], "size": size}
            ) from None
        if p not in points:
            points.append(p)
    return points


def read_solution(text: str, size: int) -> list[SolutionLine]:
    """Solution lines, one per line of text (``x`` first marks a wrong try)."""
    lines = []
    rows = [row for row in str(text).splitlines() if row.strip()]
    if len(rows) > MAX_LINES:
        raise AuthoringError(_("At most %(count)s solution lines, please.") % {"count": MAX_LINES})
    for number, row in enumerate(rows, start=1):
        words = row.replace(",", " ").split()
        wrong = words[0].lower() in WRONG_MARKS
        if wrong:
            words = words[1:]
        if not words:
            raise AuthoringError(_("Solution line %(line)s has no moves.") % {"line": number})
        if len(words) > MAX_LINE_MOVES:
            raise AuthoringError(
                _("Solution line %(line)s is longer than %(count)s moves.")
                % {"line": number, "count": MAX_LINE_MOVES}
            )
        moves: list[int | None] = []
        for word in words:
            if word.lower() == "pass":
                moves.append(None)
                continue
            try:
                moves.append(parse_point(word, size))
            except ValueError:
                raise AuthoringError(
                    _(
                        "Solution line %(line)s: %(word)s is not a point of the %(size)s×%(size)s "
                        "board."
                    )
                    % {"line": number, "word": word[:10], "size": size}
                ) from None
        lines.append(SolutionLine(tuple(moves), wrong))
    return lines


def go_setup(
    diagram: str, *, to_move: int, marked: str = "", solution: str = "", size: int = 9
) -> GoSetup:
    size, cells = read_go_diagram(diagram, size)
    return GoSetup(
        size,
        cells,
        to_move,
        read_go_points(marked, size, _("Marked stones")),
        read_solution(solution, size),
    )


def _go_board(setup: GoSetup) -> Board:
    black = [p for p, c in enumerate(setup.cells) if c == BLACK]
    white = [p for p, c in enumerate(setup.cells) if c == WHITE]
    try:
        return Board.setup(setup.size, black, white, setup.to_move)
    except ValueError as error:
        raise AuthoringError(
            _("The position cannot arise in a game: %(reason)s.") % {"reason": error}
        ) from None


def _reason(error: IllegalMove) -> str:
    return localized(error.reason)


def _play_line(board: Board, setup: GoSetup, number: int, line: SolutionLine) -> list[Move]:
    """Play a line on ``board`` (undone by the caller); an illegal move is an error."""
    played = []
    color = setup.solver
    for index, point in enumerate(line.moves, start=1):
        move = Move(color, point)
        try:
            board.play(move, enforce_turn=False)
        except IllegalMove as error:
            raise AuthoringError(
                _("Solution line %(line)s, move %(number)s (%(move)s): %(reason)s")
                % {
                    "line": number,
                    "number": index,
                    "move": setup.name(point),
                    "reason": _reason(error),
                }
            ) from None
        played.append(move)
        color = opponent(color)
    return played


def _tree(setup: GoSetup) -> list[Node]:
    """The solution tree from the lines: shared beginnings become one branch."""
    board = _go_board(setup)
    root: list[Node] = []
    paths: list[list[Node]] = []
    for number, line in enumerate(setup.lines, start=1):
        moves = _play_line(board.copy(), setup, number, line)
        children, path = root, []
        for move in moves:
            node = next((n for n in children if n.move == move), None)
            if node is None:
                node = Node(move)
                children.append(node)
            path.append(node)
            children = node.children
        paths.append(path)
    solver = setup.solver
    right = set()
    for line, path in zip(setup.lines, paths, strict=True):
        if not line.wrong:
            for node in path:
                if node.move.color == solver:
                    node.correct = True
                    right.add(id(node))
    for number, (line, path) in enumerate(zip(setup.lines, paths, strict=True), start=1):
        if line.wrong:
            node = next((n for n in path if n.move.color == solver and id(n) not in right), None)
            if node is None:
                raise AuthoringError(
                    _(
                        "Solution line %(line)s is marked wrong, but each of its moves is on a "
                        "right line."
                    )
                    % {"line": number}
                )
            node.correct = False
    return root


def go_problem_sgf(setup: GoSetup) -> str:
    """The SGF of the problem the editor holds (our convention: TE/BM marks, UTF-8)."""
    if not setup.marked:
        raise AuthoringError(
            _("Mark the stones the problem is about: choose the △ tool and click them.")
        )
    if not setup.lines:
        raise AuthoringError(
            _("Enter the solution: choose “Next solution move” and click the moves, or type them.")
        )
    tree = _tree(setup)
    check_tree_size(tree, setup.solver)
    problem = Problem(
        size=setup.size,
        black=[p for p, c in enumerate(setup.cells) if c == BLACK],
        white=[p for p, c in enumerate(setup.cells) if c == WHITE],
        to_move=setup.to_move,
        tree=tree,
        marked=sorted(setup.marked),
    )
    return write_problem(problem).decode("utf-8")


def go_setup_from_sgf(sgf: str) -> GoSetup:
    """The editor's view of a problem: set-up, marks and one line per leaf of its tree."""
    problem = read_problem(sgf)
    size = problem.size
    cells = [EMPTY] * (size * size)
    for p in problem.black:
        cells[p] = BLACK
    for p in problem.white:
        cells[p] = WHITE
    lines: list[SolutionLine] = []

    def walk(children: list[Node], path: list[Node]) -> None:
        for node in children:
            here = [*path, node]
            if node.children:
                walk(node.children, here)
                continue
            wrong = any(n.move.color == problem.to_move and not n.correct for n in here)
            lines.append(SolutionLine(tuple(n.move.point for n in here), wrong))

    walk(problem.tree, [])
    return GoSetup(size, cells, problem.to_move, list(problem.marked), lines)


def has_move_comments(problem: Problem) -> bool:
    """Whether the problem's tree has comments the board editor would not keep."""

    def any_comment(children: list[Node]) -> bool:
        return any(n.comment or any_comment(n.children) for n in children)

    return any_comment(problem.tree)


def apply_go_click(setup: GoSetup, tool: str, point: int) -> GoSetup:
    """The editor after a click on ``point`` with ``tool``."""
    cells, marked, lines = list(setup.cells), list(setup.marked), list(setup.lines)
    name = setup.name(point)
    if tool in ("black", "white"):
        cells[point] = BLACK if tool == "black" else WHITE
    elif tool == "erase":
        cells[point] = EMPTY
        if point in marked:
            marked.remove(point)
    elif tool == "mark":
        if point in marked:
            marked.remove(point)
        elif cells[point] == EMPTY:
            raise AuthoringError(
                _("%(point)s is empty: the △ goes on the stones the problem is about.")
                % {"point": name}
            )
        else:
            marked.append(point)
    elif tool == "move":
        main = lines[0] if lines else SolutionLine(())
        if len(main.moves) >= MAX_LINE_MOVES:
            raise AuthoringError(
                _("Solution line 1 is longer than %(count)s moves.") % {"count": MAX_LINE_MOVES}
            )
        longer = replace(main, moves=(*main.moves, point))
        _play_line(_go_board(setup), setup, 1, longer)
        lines = [longer, *lines[1:]]
    else:
        raise AuthoringError(_("Choose what a click does: a tool."))
    return replace(setup, cells=cells, marked=marked, lines=lines)


def undo_go_move(setup: GoSetup) -> GoSetup:
    if not setup.lines or not setup.lines[0].moves:
        raise AuthoringError(_("There is no solution move to take back."))
    main = setup.lines[0]
    rest = setup.lines[1:]
    lines = [replace(main, moves=main.moves[:-1]), *rest] if len(main.moves) > 1 else rest
    return replace(setup, lines=lines)


def go_engine_solution(setup: GoSetup, kind: str) -> GoSetup:
    """The solution the reader finds: its main line, and its refutations of likely tries."""
    if not setup.marked:
        raise AuthoringError(
            _("Mark the stones the problem is about first: choose the △ tool and click them.")
        )
    board = _go_board(setup)
    target = setup.marked[0]
    owner = opponent(setup.to_move) if kind == "go.capture" else setup.to_move
    if board.cells[target] != owner:
        whose = _("the opponent's") if kind == "go.capture" else _("the solver's")
        raise AuthoringError(
            _("The marked point %(point)s must hold %(whose)s stone.")
            % {"point": setup.name(target), "whose": whose}
        )
    reading = (attack if kind == "go.capture" else defend)(board, target)
    if not reading.complete:
        raise AuthoringError(
            _(
                "The reader could not settle this position within its bounds: enter the solution "
                "yourself."
            )
        )
    if not reading.success:
        raise AuthoringError(_("The reader finds no way to capture the marked stones."))
    if reading.move is None:
        raise AuthoringError(_("The marked stones are not in danger: nothing needs saving."))
    lines = [SolutionLine(tuple(reading.line))]
    chains = {min(board.chain(p).stones) for p in setup.marked if board.cells[p]}
    if len(chains) == 1:
        for move, refutation in list(reading.refutations.items())[:3]:
            lines.append(SolutionLine((move, *refutation), wrong=True))
    return replace(setup, lines=lines)


def go_editor_board(setup: GoSetup) -> str:
    """The whole board, a button on every point.

    The set-up stones stay as placed; the first solution line is drawn on top, its
    moves numbered where the set-up leaves the point empty, as problem books draw it.
    """
    size = setup.size
    cells = list(setup.cells)
    labels: dict[int, str] = {}
    if setup.lines:
        color = setup.solver
        for number, point in enumerate(setup.lines[0].moves, start=1):
            if point is not None and cells[point] == EMPTY:
                cells[point] = color
                labels[point] = str(number)
            color = opponent(color)

    def at(p: int) -> tuple[int, int]:
        return p % size, p // size

    colors = {BLACK: "black", WHITE: "white"}
    return grid_board(
        columns=size,
        rows=size,
        name_of=lambda xy: point_name(xy[1] * size + xy[0], size),
        stones={at(p): colors[c] for p, c in enumerate(cells) if c},
        marks={at(p): "target" for p in setup.marked},
        labels={at(p): t for p, t in labels.items()},
        stars=[at(p) for p in star_points(size)],
        column_labels=GTP_COLUMNS[:size],
        row_labels=[str(size - y) for y in range(size)],
        clickable=True,
        clickable_stones=True,
        field="at",
        label=_("Board editor"),
    )


# ---------------------------------------------------------------------------
# Go problems from SGF


def read_sgf_upload(raw: bytes | str) -> str:
    """An uploaded or pasted SGF, checked and rewritten in our convention (UTF-8)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8")
    if len(raw) > SGF_MAX_BYTES:
        raise AuthoringError(
            _("The SGF is %(size)s KB; at most %(limit)s KB, please.")
            % {"size": (len(raw) + 1023) // 1024, "limit": SGF_MAX_BYTES // 1024}
        )
    if not raw.strip():
        raise AuthoringError(_("Choose an SGF file or paste the SGF text."))
    try:
        problem = read_problem(raw)
    except ValueError as error:  # SgfError, and the odd complaint from sgfmill
        raise AuthoringError(_("The SGF cannot be read: %(reason)s") % {"reason": error}) from None
    except RecursionError:
        raise AuthoringError(
            _("The SGF cannot be read: its tree is too deep (at most %(count)s moves).")
            % {"count": MAX_TREE_MOVES}
        ) from None
    check_tree_size(problem.tree, problem.to_move)
    return write_problem(problem).decode("utf-8")


def check_tree_size(tree: list[Node], solver: int) -> None:
    moves, solver_moves = _count_moves(tree, solver)
    if moves > MAX_TREE_MOVES or solver_moves > MAX_SOLVER_MOVES:
        raise AuthoringError(
            _(
                "The solution tree is too big to prove: %(moves)s moves, %(solver)s of them "
                "the solver's (at most %(max_moves)s and %(max_solver)s)."
            )
            % {
                "moves": moves,
                "solver": solver_moves,
                "max_moves": MAX_TREE_MOVES,
                "max_solver": MAX_SOLVER_MOVES,
            }
        )


def _count_moves(children: list[Node], solver: int) -> tuple[int, int]:
    moves = solver_moves = 0
    stack = list(children)
    while stack:
        node = stack.pop()
        moves += 1
        solver_moves += node.move.color == solver
        stack.extend(node.children)
    return moves, solver_moves


def sgf_prompt(kind: str, sgf: str) -> dict[str, str] | None:
    """The SGF's root comment as a prompt (``zh: ...`` / ``en: ...``), if it has one."""
    try:
        return get_kind(kind).prompt({"sgf": sgf})
    except (InvalidPuzzle, UnknownKind):
        return None


# ---------------------------------------------------------------------------
# The Renju editor

RENJU = renju_engine.SIZE
RENJU_STARS = [renju_engine.parse_point(p) for p in ("d4", "l4", "h8", "d12", "l12")]


@dataclass
class RenjuSetup:
    cells: list[int] = field(default_factory=lambda: [EMPTY] * (RENJU * RENJU))
    to_move: str = "black"
    question: int | None = None  # renju.is_forbidden: the point asked about

    def diagram(self) -> str:
        return _write_rows(self.cells, RENJU)

    def question_text(self) -> str:
        return "" if self.question is None else renju_engine.point_name(self.question)


def read_renju_diagram(text: str) -> list[int]:
    rows = _diagram_rows(text)
    if not rows:
        return [EMPTY] * (RENJU * RENJU)
    if len(rows) != RENJU:
        raise AuthoringError(
            _("The diagram has %(count)s rows: a renju board has 15.") % {"count": len(rows)}
        )
    return _read_rows(rows, RENJU, lambda y: RENJU - y)


def read_renju_point(text: str, what: str) -> int | None:
    text = str(text).strip()
    if not text:
        return None
    try:
        return renju_engine.parse_point(text)
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
                % {"point": renju_engine.point_name(point)}
            )
        else:
            question = point
    else:
        raise AuthoringError(_("Choose what a click does: a tool."))
    return replace(setup, cells=cells, question=question)


def renju_data(setup: RenjuSetup, kind: str, *, rules: str = "renju", none: bool = False):
    data: dict[str, Any] = {
        "black": " ".join(
            renju_engine.point_name(p) for p, c in enumerate(setup.cells) if c == BLACK
        ),
        "white": " ".join(
            renju_engine.point_name(p) for p, c in enumerate(setup.cells) if c == WHITE
        ),
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
    board = renju_position(data)
    cells = [board[p] for p in range(RENJU * RENJU)]
    question = None
    if data.get("point"):
        question = read_renju_point(data["point"], _("Marked point"))
    return RenjuSetup(cells, str(data.get("to_move", "black")), question)


def renju_editor_board(setup: RenjuSetup) -> str:
    def at(p: int) -> tuple[int, int]:
        return p % RENJU, p // RENJU

    colors = {BLACK: "black", WHITE: "white"}
    marks = {} if setup.question is None else {at(setup.question): "target"}
    return grid_board(
        columns=RENJU,
        rows=RENJU,
        name_of=lambda xy: renju_engine.point_name(xy[1] * RENJU + xy[0]),
        stones={at(p): colors[c] for p, c in enumerate(setup.cells) if c},
        marks=marks,
        stars=[at(p) for p in RENJU_STARS],
        column_labels=renju_engine.COLUMNS,
        row_labels=[str(RENJU - y) for y in range(RENJU)],
        clickable=True,
        clickable_stones=True,
        field="at",
        label=_("Board editor"),
    )


# ---------------------------------------------------------------------------
# 打滚子 endings

# Play runs 南 → 东 → 北 → 西 (counter-clockwise): East is South's right (下家).
SEATS = ("south", "east", "north", "west")
SEAT_LABELS = {
    "south": gettext_lazy("South (南)"),
    "east": gettext_lazy("East (东)"),
    "north": gettext_lazy("North (北)"),
    "west": gettext_lazy("West (西)"),
}


def read_cards(text: str, what: str) -> list[str]:
    words = str(text).replace(",", " ").replace("，", " ").split()
    cards = []
    for word in words:
        try:
            cards.append(parse_card(word).text())
        except ValueError:
            raise AuthoringError(
                _(
                    "%(what)s: %(word)s is not a card (write ♠♥♣♦ or S H C D and a rank 2–10, J, "
                    "Q, K, A; BJ or SJ for the jokers)."
                )
                % {"what": what, "word": word[:10]}
            ) from None
    return cards


def read_trick(text: str) -> list[list[str]]:
    rows = [row for row in str(text).splitlines() if row.strip()]
    if len(rows) > 3:
        raise AuthoringError(
            _("A trick so far has at most three plays: the fourth is the learner's.")
        )
    return [
        read_cards(row, _("Trick, play %(number)s") % {"number": n})
        for n, row in enumerate(rows, 1)
    ]


def dagunzi_data(
    *,
    hands: Mapping[str, list[str]],
    trick: list[list[str]],
    to_play: str,
    dealer: str,
    level: int,
    trump: str,
    rules: str,
    follow: str,
    kitty_points: int,
) -> dict[str, Any]:
    """The ``dagunzi.play`` data, seats turned so that the seat to play is the learner's (0)."""
    turn = SEATS.index(to_play)
    order = [SEATS[(turn + i) % 4] for i in range(4)]
    return {
        "hands": [" ".join(hands[seat]) for seat in order],
        "trick": [list(play) for play in trick],
        "level": level,
        "trump": trump,
        "rules": rules,
        "follow": follow,
        "dealer": (SEATS.index(dealer) - turn) % 4,
        "kitty_points": kitty_points,
    }


def dagunzi_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The form's fields for a saved ending: the learner's seat shown as South."""
    hands = data.get("hands", ["", "", "", ""])
    fields = {
        f"hand_{seat}": hands[i] if isinstance(hands[i], str) else " ".join(hands[i])
        for i, seat in enumerate(SEATS)
    }
    fields.update(
        trick="\n".join(" ".join(play) for play in data.get("trick", [])),
        to_play="south",
        dealer=SEATS[data.get("dealer", 0) % 4],
        level=data.get("level", 7),
        trump=data.get("trump", SUIT_SYMBOLS[0]),
        rules=data.get("rules", "lianzhong"),
        follow=data.get("follow", "dead"),
        kitty_points=data.get("kitty_points", 0),
    )
    return fields


# ---------------------------------------------------------------------------
# Checking and saving


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


# How to make a puzzle that is too much to prove smaller, game by game.
SMALLER = {
    "go": gettext_lazy("fewer marked stones, fewer moves in the tree, a smaller board."),
    "renju": gettext_lazy("fewer stones on the board, a shorter win."),
    "dagunzi": gettext_lazy("fewer cards in the hands."),
}


def check_puzzle(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
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
            % {"nodes": f"{error.budget.nodes:,}", "how": SMALLER.get(kind.split(".")[0], "")}
        ) from None
    except (InvalidPuzzle, ProblemError, SgfError, ValueError) as error:
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
    if not is_authored_kind(game, kind):
        raise AuthoringError(_("Teachers cannot make puzzles of this kind here."))
    if not (texts.prompt_zh or texts.prompt_en):
        raise AuthoringError(_("Write the prompt in Chinese or in English (or both)."))
    prepared = check_puzzle(kind, data)
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


def save_sgf_puzzle(
    author, *, kind: str, sgf: bytes | str, texts: PuzzleTexts, puzzle: Puzzle | None = None
) -> Puzzle:
    """A Go problem from an SGF file; its root comment is the prompt when none is typed."""
    text = read_sgf_upload(sgf)
    if not (texts.prompt_zh or texts.prompt_en):
        prompt = sgf_prompt(kind, text)
        if not prompt:
            raise AuthoringError(
                _("Write the prompt in Chinese or in English, or put it in the SGF's root comment.")
            )
        texts = replace(texts, prompt_zh=prompt.get("zh", ""), prompt_en=prompt.get("en", ""))
    return save_puzzle(author, game="go", kind=kind, data={"sgf": text}, texts=texts, puzzle=puzzle)


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
# Who sees teacher puzzles


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
    from puzzles.games import get_game

    puzzles = teacher_puzzles(user).annotate(
        tries=Count("attempts", filter=~Q(attempts__learner__user_id=user.pk))
    )
    return [
        PuzzleRow(
            puzzle, str(get_game(puzzle.game) or puzzle.game), kind_label(puzzle.kind), puzzle.tries
        )
        for puzzle in puzzles
    ]


def is_visible_to_classes(user, puzzle: Puzzle) -> bool:
    """A private puzzle opens to the teachers of every class its author teaches, and
    to those classes' active students (membership and class not archived). One query."""
    return (
        Classroom.objects.filter(teachers=puzzle.author_id)
        .filter(
            Q(teachers=user)
            | Q(
                memberships__student=user,
                memberships__archived_at__isnull=True,
                archived_at__isnull=True,
            )
        )
        .exists()
    )


# ---------------------------------------------------------------------------
# The editors' actions, and what their forms start from


@dataclass
class EditorOutcome:
    """After an editor's post: the saved puzzle, or the editor's fields to show next."""

    puzzle: Puzzle | None = None
    changes: dict[str, str] = field(default_factory=dict)


def _go_step(setup: GoSetup, fields: Mapping[str, Any]) -> GoSetup:
    action = fields.get("action")
    if action == "undo":
        return undo_go_move(setup)
    if action == "solve":
        return go_engine_solution(setup, fields["kind"])
    if action != "clear" and fields.get("at") is not None:
        return apply_go_click(setup, fields.get("tool") or "black", fields["at"])
    return setup


def run_go_editor(fields: Mapping[str, Any], *, author, puzzle: Puzzle | None) -> EditorOutcome:
    setup = fields["setup"]
    if fields.get("action") == "save":
        data = {"sgf": go_problem_sgf(setup)}
        texts = PuzzleTexts.from_fields(fields)
        saved = save_puzzle(
            author, game="go", kind=fields["kind"], data=data, texts=texts, puzzle=puzzle
        )
        return EditorOutcome(puzzle=saved)
    setup = _go_step(setup, fields)
    return EditorOutcome(
        changes={
            "diagram": setup.diagram(),
            "marked": setup.marked_text(),
            "solution": setup.solution_text(),
            "size": str(setup.size),
        }
    )


def run_renju_editor(fields: Mapping[str, Any], *, author, puzzle: Puzzle | None) -> EditorOutcome:
    setup = fields["setup"]
    if fields.get("action") == "save":
        data = renju_data(
            setup, fields["kind"], rules=fields.get("rules", "renju"), none=fields.get("none")
        )
        texts = PuzzleTexts.from_fields(fields)
        saved = save_puzzle(
            author, game="renju", kind=fields["kind"], data=data, texts=texts, puzzle=puzzle
        )
        return EditorOutcome(puzzle=saved)
    if fields.get("action") != "clear" and fields.get("at") is not None:
        setup = apply_renju_click(setup, fields.get("tool") or "black", fields["at"])
    return EditorOutcome(changes={"diagram": setup.diagram(), "question": setup.question_text()})


EDITORS = {"go": run_go_editor, "renju": run_renju_editor}


def run_editor(game: str, fields: Mapping[str, Any], *, author, puzzle=None) -> EditorOutcome:
    """One post to a board editor: a click, a tool's action, or saving the puzzle."""
    return EDITORS[game](fields, author=author, puzzle=puzzle)


def save_dagunzi_puzzle(author, data: Mapping[str, Any], texts: PuzzleTexts, puzzle=None):
    return save_puzzle(
        author, game="dagunzi", kind="dagunzi.play", data=data, texts=texts, puzzle=puzzle
    )


def editor_fields(game: str, puzzle: Puzzle | None) -> dict[str, Any]:
    """Where a form starts: a new puzzle's defaults, or the saved puzzle as the teacher made it."""
    if game == "go":
        setup = go_setup_from_sgf(puzzle.data["sgf"]) if puzzle else GoSetup.empty()
        return {
            "kind": puzzle.kind if puzzle else "go.capture",
            "to_move": "black" if setup.to_move == BLACK else "white",
            "size": str(setup.size),
            "diagram": setup.diagram(),
            "marked": setup.marked_text(),
            "solution": setup.solution_text(),
            "tool": "black",
        }
    if game == "renju":
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
    if game == "dagunzi":
        return dagunzi_fields(puzzle.data) if puzzle else {"to_play": "south", "level": 7}
    raise AuthoringError(_("Teachers cannot make puzzles of this game here."))


def sgf_fields(puzzle: Puzzle | None) -> dict[str, Any]:
    if puzzle is None:
        return {"kind": "go.capture"}
    return {"kind": puzzle.kind, "sgf_text": puzzle.data.get("sgf", "")}


def own_puzzle(user, slug: str) -> Puzzle | None:
    """The user's own teacher-made puzzle, or None (someone else's is nobody's business)."""
    puzzle = Puzzle.objects.filter(slug=slug, author_id=user.pk).first()
    if puzzle is None or not is_authored_kind(puzzle.game, puzzle.kind):
        return None
    return puzzle


def edits_as_sgf(puzzle: Puzzle, mode: str | None) -> bool:
    """Go problems whose tree has comments are edited as SGF text (the editor would drop them)."""
    if puzzle.game != "go":
        return False
    try:
        problem = read_problem(puzzle.data.get("sgf", ""))
    except SgfError:
        return True
    if problem.size not in GO_SIZES:
        return True  # the editor's boards are 9x9, 13x13 and 19x19
    if mode in ("sgf", "editor"):
        return mode == "sgf"
    return has_move_comments(problem)
