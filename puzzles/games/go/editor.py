"""Teachers' Go problems: a board editor, and SGF files with a solution tree.

The board editor keeps its state in text, so a teacher's position survives every
click without JavaScript: the position is a text diagram (``X`` black, ``O``
white, ``.`` empty, the top row first); a solution is one line of moves per
variation, the solver's first (``C3 D3 B2``), a wrong try starting with ``x``
(``x D3 C3``: the first move of it that is not on a right line is the wrong one,
the rest is the refutation). The editor builds the SGF from that; the reader
(``engines.go.problems.verify``) proves every move of it when it is saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

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
from engines.go.reading import attack, defend
from engines.go.sgf import Node, Problem, SgfError, read_problem, write_problem
from puzzles.authoring import (
    BOARD_EDITOR,
    AuthoringError,
    Editor,
    EditorOutcome,
    Mode,
    PuzzleTexts,
    Stones,
    diagram_rows,
    read_rows,
    save_form,
    save_puzzle,
    write_rows,
)
from puzzles.authoring_forms import COLOR_CHOICES, BoardEditorForm, PuzzleTextsForm
from puzzles.boards import grid_board
from puzzles.kinds import InvalidPuzzle, UnknownKind, get_kind, localized
from puzzles.models import Puzzle

KINDS = {
    "go.capture": _("Capture the marked stones (吃子)"),
    "go.escape": _("Save the marked stones (逃子)"),
}
STONES = Stones(EMPTY, BLACK, WHITE)

SGF_MAX_BYTES = 100 * 1024
# The reader proves every solver's move of a tree, each in up to a few seconds on a
# big open board (the library's problems have at most 11 and verify in under 2 s).
MAX_TREE_MOVES = 150  # moves in a solution tree
MAX_SOLVER_MOVES = 24  # the solver's moves in it
MAX_LINES = 12  # solution lines typed in the editor
MAX_LINE_MOVES = 30
GO_SIZES = (9, 13, 19)
WRONG_MARKS = ("x", "✗", "×", "wrong", "wrong:", "错")


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
        return write_rows(self.cells, self.size, STONES)

    def marked_text(self) -> str:
        return " ".join(self.name(p) for p in self.marked)

    def solution_text(self) -> str:
        return "\n".join(
            ("x " if line.wrong else "") + " ".join(self.name(p) for p in line.moves)
            for line in self.lines
        )


def read_go_diagram(text: str, size: int = 9) -> tuple[int, list[int]]:
    """(size, cells) from a text diagram; an empty diagram is an empty board of ``size``."""
    rows = diagram_rows(text)
    if not rows:
        return size, [EMPTY] * (size * size)
    size = len(rows)
    if size not in GO_SIZES:
        raise AuthoringError(
            _("The diagram has %(count)s rows: a Go board here is 9×9, 13×13 or 19×19.")
            % {"count": size}
        )
    return size, read_rows(rows, size, lambda y: size - y, STONES)


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
        wrong = bool(words) and words[0].lower() in WRONG_MARKS
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
    if b"\x00" in raw:  # not text; and no database keeps it in a text column
        raise AuthoringError(_("The SGF cannot be read: it holds a NUL byte, so it is not text."))
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


def mode_for(puzzle: Puzzle, asked: str | None) -> str:
    """Problems whose tree has comments are edited as SGF text (the board editor
    would drop them), and so are those it cannot draw; else the mode asked for."""
    try:
        problem = read_problem(puzzle.data.get("sgf", ""))
    except SgfError:
        return "sgf"
    if problem.size not in GO_SIZES:
        return "sgf"  # the editor's boards are 9x9, 13x13 and 19x19
    if asked in ("sgf", "editor"):
        return asked
    return "sgf" if has_move_comments(problem) else "editor"


# ---------------------------------------------------------------------------
# The forms

GO_TOOLS = [
    ("black", _("Black stone ●")),
    ("white", _("White stone ○")),
    ("erase", _("Erase")),
    ("mark", _("△ Mark a stone the problem is about")),
    ("move", _("Next solution move")),
]


class GoEditorForm(BoardEditorForm):
    BOARD_ACTIONS = (
        ("undo", _("Take back the last solution move")),
        ("solve", _("Let the engine find the solution")),
    )
    SETTINGS = ("to_move", "marked", "solution", "size")
    CLEAR_LABEL = _("Start an empty board of this size")

    kind = forms.ChoiceField(label=_("Kind"), choices=list(KINDS.items()), widget=forms.RadioSelect)
    to_move = forms.ChoiceField(
        label=_("Who plays first (the solver)"), choices=COLOR_CHOICES, widget=forms.RadioSelect
    )
    size = forms.TypedChoiceField(
        label=_("Board size"),
        choices=[(str(s), f"{s}×{s}") for s in GO_SIZES],
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
            cleaned["setup"] = GoSetup.empty(size, to_move)
            return cleaned
        if "diagram" not in cleaned:
            return cleaned
        try:
            setup = go_setup(cleaned["diagram"], to_move=to_move, size=size)
        except AuthoringError as error:
            self.add_error("diagram", str(error))
            return cleaned
        cleaned["setup"] = setup
        for name, read in (
            ("marked", lambda text: read_go_points(text, setup.size, _("Marked stones"))),
            ("solution", lambda text: read_solution(text, setup.size)),
        ):
            if name not in cleaned:
                continue
            try:
                value = read(cleaned[name])
            except AuthoringError as error:
                self.add_error(name, str(error))
                continue
            setattr(setup, "marked" if name == "marked" else "lines", value)
        self.read_click(cleaned, lambda text: parse_point(text, setup.size))
        return cleaned

    def initial_setup(self):
        initial = {**self.initial}
        to_move = BLACK if initial.get("to_move", "black") == "black" else WHITE
        try:
            return go_setup(
                initial.get("diagram", ""),
                to_move=to_move,
                marked=initial.get("marked", ""),
                solution=initial.get("solution", ""),
            )
        except AuthoringError:
            return GoSetup.empty()

    def fallback_setup(self):
        size = self.cleaned_data.get("size") or 9
        return GoSetup.empty(size if size in GO_SIZES else 9)

    def board(self):
        return go_editor_board(self.setup())


class SgfForm(PuzzleTextsForm):
    """A Go problem from an SGF file or pasted SGF text, with its solution tree."""

    prompt_from_content = True

    kind = forms.ChoiceField(label=_("Kind"), choices=list(KINDS.items()), widget=forms.RadioSelect)
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
            if upload.size > SGF_MAX_BYTES:
                self.add_error(
                    "sgf_file",
                    _("The SGF is %(size)s KB; at most %(limit)s KB, please.")
                    % {
                        "size": (upload.size + 1023) // 1024,
                        "limit": SGF_MAX_BYTES // 1024,
                    },
                )
                return cleaned
            cleaned["sgf"] = upload.read(SGF_MAX_BYTES + 1)
        elif (cleaned.get("sgf_text") or "").strip():
            cleaned["sgf"] = cleaned["sgf_text"]
        elif "sgf_text" in cleaned:
            self.add_error("sgf_text", _("Choose an SGF file or paste the SGF text."))
        self.check_texts(cleaned)
        return cleaned


# ---------------------------------------------------------------------------
# The editor


def _go_step(setup: GoSetup, fields: Mapping[str, Any]) -> GoSetup:
    action = fields.get("action")
    if action == "undo":
        return undo_go_move(setup)
    if action == "solve":
        return go_engine_solution(setup, fields["kind"])
    if action != "clear" and fields.get("at") is not None:
        return apply_go_click(setup, fields.get("tool") or "black", fields["at"])
    return setup


def run_board(form, *, author, puzzle: Puzzle | None) -> EditorOutcome:
    fields = form.cleaned_data
    setup = fields["setup"]
    if fields.get("action") == "save":
        data = {"sgf": go_problem_sgf(setup)}
        return save_form(
            form, author=author, puzzle=puzzle, game="go", kind=fields["kind"], data=data
        )
    setup = _go_step(setup, fields)
    return EditorOutcome(
        changes={
            "diagram": setup.diagram(),
            "marked": setup.marked_text(),
            "solution": setup.solution_text(),
            "size": str(setup.size),
        }
    )


def board_fields(puzzle: Puzzle | None) -> dict[str, Any]:
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


def run_sgf(form, *, author, puzzle: Puzzle | None) -> EditorOutcome:
    data = form.cleaned_data
    saved = save_sgf_puzzle(
        author, kind=data["kind"], sgf=data["sgf"], texts=form.texts(), puzzle=puzzle
    )
    return EditorOutcome(puzzle=saved)


def sgf_fields(puzzle: Puzzle | None) -> dict[str, Any]:
    if puzzle is None:
        return {"kind": "go.capture"}
    return {"kind": puzzle.kind, "sgf_text": puzzle.data.get("sgf", "")}


EDITOR = Editor(
    game="go",
    kinds=KINDS,
    smaller=_("fewer marked stones, fewer moves in the tree, a smaller board."),
    modes=(
        Mode(
            "editor",
            GoEditorForm,
            run_board,
            board_fields,
            button=_("Go: board editor"),
            template=BOARD_EDITOR,
            offer_new=_("Or place the stones on a board editor"),
            offer_edit=_("Edit it on the board instead (comments on moves are not kept)"),
        ),
        Mode(
            "sgf",
            SgfForm,
            run_sgf,
            sgf_fields,
            button=_("Go: upload an SGF"),
            secondary=True,
            offer_new=_("Or upload an SGF file with a solution tree"),
            offer_edit=_("Edit it as SGF text instead"),
        ),
    ),
    pick=mode_for,
)
