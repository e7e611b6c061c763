"""SGF in and out: Go problems with solution trees, and game records (sgfmill underneath).

>>> problem = read_problem("(;SZ[5]AB[bb][cb]AW[ab][bc][ca][cc][db]PL[W];W[ba]C[RIGHT])")
>>> [move.text(5) for move in problem.answers()]
['W B5']
>>> problem.board().to_move == WHITE
True
>>> read_problem(write_problem(problem)) == problem
True

What we read
------------
* ``SZ`` (5 to 19; SGF's default 19), ``GM`` (must be 1, Go), ``PL`` (else the colour of
  the first move, else black), ``AB``/``AW``/``AE`` setup stones (compressed lists such as
  ``AB[aa:cc]`` too), ``TR`` triangles in a problem's set-up (the stones it is about),
  ``C`` comments, ``GN`` name, ``KM`` komi, ``RE`` result, ``PB``/``PW``.
  Setup-only nodes straight after the root (one child each) are folded into the set-up;
  setup stones anywhere else in a problem tree, or after a game's first move, are an error.
* Text is UTF-8 unless ``CA`` names another charset (``CA[GB2312]`` is honoured); bytes
  that are not valid in that charset are an error, not mojibake.
* Moves: ``B[dd]``/``W[dd]``, a pass as ``B[]`` (or ``B[tt]`` on boards up to 19x19).
  Every move of a problem tree and of a game is played through ``engines.go.Board``;
  an illegal one is an ``SgfError`` naming where it is
  (``move 2 of branch B[cd] (B[cd] W[dd]): suicide``).
* A node without a move inside a problem tree is folded into the move before it (its
  comment joins that move's comment, its marks apply to that move).

Right and wrong in a solution tree
----------------------------------
The *solver* is the player to move in the problem. Every node's ``correct`` says whether
the solver succeeds after that move. Marks we accept, as public collections write them:

* ``RIGHT`` anywhere in a comment (goproblems.com), or a comment line starting with
  ``Correct`` (``C[Correct!]``), ``正解`` or ``正确``: right for the solver. A line
  starting with ``Wrong``/``Incorrect``, ``失败``, ``错误`` or ``错解``, or the word
  ``WRONG``: wrong.
* ``TE`` (tesuji) and ``BM`` (bad move), with SGF's meaning: good or bad *for the player
  who made the move*. On the solver's move ``TE`` is right and ``BM`` wrong; on the
  opponent's reply ``TE`` (a refutation) is wrong for the solver and ``BM`` (a blunder) right.
* ``GB``/``GW`` (good for black/white): right when good for the solver.

A marked node has the value of its mark (properties win over the comment). An unmarked
node with children takes the best child for the solver when the solver moves next, and
the worst when the opponent does (every reply must be answered). An unmarked leaf
inherits the nearest mark above it; a branch that ends without any "right" mark is wrong.

What we write (our convention)
------------------------------
* ``FF[4]GM[1]CA[UTF-8]SZ[..]``, ``AB``/``AW``, ``PL`` always, ``C``/``GN`` when set.
* ``TE[1]`` on every right move of the solver and ``BM[1]`` on every wrong one. The
  opponent's replies carry no mark unless their verdict differs from what an unmarked
  reply would get by the rules above; then ``BM[1]`` (a blunder: right for the solver) or
  ``TE[1]`` (a refutation: wrong for the solver). Reading what we wrote gives the same tree.
* Passes as ``B[]``. Comments as they are; for two languages we write one line per
  language, ``zh: ...`` then ``en: ...`` (``bilingual`` and ``split_bilingual``). SGF turns
  tabs into spaces; nothing else in a comment changes.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sgfmill import sgf, sgf_grammar

from . import (
    BLACK,
    COLOR_NAMES,
    EMPTY,
    MAX_SIZE,
    MIN_SIZE,
    SGF_LETTERS,
    WHITE,
    Board,
    IllegalMove,
    Move,
    check_size,
    opponent,
    point_name,
    sgf_name,
)

__all__ = [
    "GameRecord",
    "Node",
    "Problem",
    "SgfError",
    "bilingual",
    "read_game",
    "read_problem",
    "split_bilingual",
    "write_game",
    "write_problem",
]


class SgfError(ValueError):
    """SGF we cannot use; the message says what is wrong and where."""


# ---------------------------------------------------------------------------
# Data


@dataclass
class Node:
    """A move in a solution tree; ``correct`` is from the solver's side (None: derive)."""

    move: Move
    correct: bool | None = None
    comment: str = ""
    children: list[Node] = field(default_factory=list)


@dataclass
class Problem:
    size: int
    black: list[int] = field(default_factory=list)
    white: list[int] = field(default_factory=list)
    to_move: int = BLACK
    comment: str = ""
    tree: list[Node] = field(default_factory=list)
    name: str = ""
    marked: list[int] = field(default_factory=list)  # TR triangles in the set-up

    def board(self, rules: str = "chinese") -> Board:
        """A board with the problem's stones, the solver to move."""
        return Board.setup(self.size, self.black, self.white, self.to_move, rules)

    def settled(self) -> Problem:
        """A copy with every ``correct`` decided, the way reading decides it.

        ``None`` on a node with children: the best child for the solver when the solver
        moves next, else the worst; ``None`` on a leaf: the nearest decided node above it,
        else wrong. Reading always returns a settled problem.
        """

        def settle(node: Node, inherited: bool | None) -> Node:
            here = inherited if node.correct is None else node.correct
            children = [settle(child, here) for child in node.children]
            if node.correct is not None:
                value = node.correct
            elif children:
                value = _combine(node.move, [c.correct for c in children], self.to_move)
            else:
                value = bool(inherited)
            return Node(node.move, value, node.comment, children)

        tree = [settle(node, None) for node in self.tree]
        return replace(
            self,
            black=list(self.black),
            white=list(self.white),
            marked=list(self.marked),
            tree=tree,
        )

    def answers(self) -> list[Move]:
        """The solver's first moves that the tree marks right."""
        return [n.move for n in self.tree if n.move.color == self.to_move and n.correct]


@dataclass
class GameRecord:
    size: int = 19
    komi: float = 7.5
    black: list[int] = field(default_factory=list)  # set-up stones (handicap)
    white: list[int] = field(default_factory=list)
    to_move: int = BLACK
    moves: list[Move] = field(default_factory=list)
    result: str = ""  # RE as written: "B+R", "W+1.5", "0"
    comment: str = ""
    black_player: str = ""
    white_player: str = ""

    def board(self, rules: str = "chinese") -> Board:
        """The final position: set-up, then every move."""
        board = Board.setup(self.size, self.black, self.white, self.to_move, rules, self.komi)
        for move in self.moves:
            board.play(move, enforce_turn=False)
        return board


def bilingual(zh: str, en: str) -> str:
    """One comment in two languages, our way: ``zh: ...`` then ``en: ...``."""
    return f"zh: {zh}\nen: {en}"


def split_bilingual(text: str) -> dict[str, str]:
    """``{"zh": ..., "en": ...}`` from a comment; a one-language comment serves both.

    >>> split_bilingual("zh: 正解。\\nen: Correct.")
    {'zh': '正解。', 'en': 'Correct.'}
    >>> split_bilingual("RIGHT")
    {'zh': 'RIGHT', 'en': 'RIGHT'}
    """
    parts: dict[str, list[str]] = {}
    current = None
    for line in text.split("\n"):
        match = re.match(r"(zh|en):\s?(.*)", line)
        if match:
            current = match.group(1)
            parts.setdefault(current, []).append(match.group(2))
        elif current is None:
            return {"zh": text, "en": text}
        else:
            parts[current].append(line)
    joined = {lang: "\n".join(lines) for lang, lines in parts.items()}
    zh = joined.get("zh", joined.get("en", ""))
    return {"zh": zh, "en": joined.get("en", zh)}


# ---------------------------------------------------------------------------
# Parsing helpers


def _parse(data: bytes | str) -> tuple[sgf.Sgf_game, int]:
    """The sgfmill game and the board size, after checking GM, SZ and the charset."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    elif not isinstance(data, bytes | bytearray):
        raise TypeError(f"SGF must be bytes or str, not {type(data).__name__}")
    data = bytes(data)
    try:
        coarse = sgf_grammar.parse_sgf_game(data)
    except ValueError as error:
        if "no SGF data" in str(error):
            raise SgfError("not SGF: no game tree '(;' found") from None
        raise SgfError(f"malformed SGF: {error}") from None
    properties = coarse.sequence[0]

    def raw(prop: str) -> str | None:
        values = properties.get(prop)
        return values[0].decode("latin-1").strip() if values else None

    gm = raw("GM")
    if gm is not None and gm != "1":
        raise SgfError(f"not a Go game: GM[{gm}] (Go is GM[1])")
    size = 19 if raw("SZ") is None else raw("SZ")
    try:
        size = check_size(int(size))
    except ValueError:
        raise SgfError(
            f"bad board size SZ[{size}]: a number from {MIN_SIZE} to {MAX_SIZE}"
        ) from None
    charset = raw("CA") or "UTF-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        raise SgfError(f"unknown charset CA[{charset}]") from None
    try:
        data.decode(charset)
    except UnicodeDecodeError as error:
        raise SgfError(
            f"the text is not valid {charset} (byte 0x{data[error.start]:02x} at offset "
            f"{error.start}); say which charset it is in CA[...]"
        ) from None
    return sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=charset), size


def _point(raw: bytes, size: int, where: str) -> int:
    text = raw.decode("latin-1")
    if len(text) == 2 and all(c in SGF_LETTERS for c in text):
        x, y = SGF_LETTERS.index(text[0]), SGF_LETTERS.index(text[1])
        if x < size and y < size:
            return y * size + x
        raise SgfError(f"{where}: [{text}] is off the {size}x{size} board")
    raise SgfError(f"{where}: [{text}] is not a point")


def _points(node, prop: str, size: int) -> list[int]:
    if not node.has_property(prop):
        return []
    points = []
    for raw in node.get_raw_list(prop):
        first, colon, last = raw.partition(b":")
        if not colon:
            points.append(_point(raw, size, prop))
            continue
        y0, x0 = divmod(_point(first, size, prop), size)
        y1, x1 = divmod(_point(last, size, prop), size)
        if x1 < x0 or y1 < y0:
            raise SgfError(f"{prop}: [{raw.decode('latin-1')}] is not a rectangle")
        points.extend(y * size + x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    return points


def _text(node, prop: str) -> str:
    if not node.has_property(prop):
        return ""
    try:
        return node.get(prop)
    except (ValueError, UnicodeDecodeError) as error:
        raise SgfError(f"bad text in {prop}: {error}") from None


def _move(node, size: int) -> Move | None:
    """The node's move, or None; two moves in one node are an error."""
    found = []
    for color, prop in ((BLACK, "B"), (WHITE, "W")):
        if node.has_property(prop):
            found.extend((color, prop, raw) for raw in node.get_raw_list(prop))
    if not found:
        return None
    if len(found) > 1:
        listed = " ".join(f"{prop}[{raw.decode('latin-1')}]" for _, prop, raw in found)
        raise SgfError(f"two moves in one node: {listed}")
    color, prop, raw = found[0]
    if raw == b"" or (raw == b"tt" and size <= 19):
        return Move(color, None)
    return Move(color, _point(raw, size, f"move {prop}"))


def _move_sgf(move: Move, size: int) -> str:
    where = "" if move.point is None else sgf_name(move.point, size)
    return f"{COLOR_NAMES[move.color]}[{where}]"


def _setup(game, size: int):
    """Set-up stones from the root and the setup-only nodes straight after it."""
    root = game.get_root()
    cells = [EMPTY] * (size * size)
    comments = []
    marked: list[int] = []
    node = root
    while True:
        black, white = _points(node, "AB", size), _points(node, "AW", size)
        both = set(black) & set(white)
        if both:
            names = ", ".join(point_name(p, size) for p in sorted(both))
            raise SgfError(f"setup: {names} in both AB and AW")
        for p in black:
            cells[p] = BLACK
        for p in white:
            cells[p] = WHITE
        for p in _points(node, "AE", size):
            cells[p] = EMPTY
        marked.extend(p for p in _points(node, "TR", size) if p not in marked)
        comment = _text(node, "C")
        if comment:
            comments.append(comment)
        if len(node) != 1:
            break
        child = node[0]
        if child.has_property("B") or child.has_property("W") or not child.has_setup_stones():
            break
        node = child
    black = [p for p, c in enumerate(cells) if c == BLACK]
    white = [p for p, c in enumerate(cells) if c == WHITE]
    return black, white, "\n\n".join(comments), node, sorted(marked)


def _to_move(root, first: Move | None) -> int:
    if root.has_property("PL"):
        raw = root.get_raw("PL").decode("latin-1").strip().upper()
        if raw in ("B", "1", "BLACK"):
            return BLACK
        if raw in ("W", "2", "WHITE"):
            return WHITE
        raise SgfError(f"bad player to move PL[{raw}]")
    return first.color if first is not None else BLACK


def _board(size, black, white, to_move, rules, komi=None) -> Board:
    try:
        return Board.setup(size, black, white, to_move, rules, komi)
    except ValueError as error:
        raise SgfError(f"setup stones without liberties: {error}") from None


# ---------------------------------------------------------------------------
# Marks: right and wrong

_RIGHT_WORD = re.compile(r"\bRIGHT\b")
_WRONG_WORD = re.compile(r"\bWRONG\b")
_RIGHT_LINE = re.compile(r"^\s*(?:(?:zh|en):\s*)?(?:correct\b|正解|正确)", re.I | re.M)
_WRONG_LINE = re.compile(
    r"^\s*(?:(?:zh|en):\s*)?(?:wrong\b|incorrect\b|失败|错误|错解)", re.I | re.M
)


def _comment_mark(comment: str) -> bool | None:
    right = bool(_RIGHT_WORD.search(comment) or _RIGHT_LINE.search(comment))
    wrong = bool(_WRONG_WORD.search(comment) or _WRONG_LINE.search(comment))
    if right != wrong:
        return right
    return None


def _property_mark(node, mover: int, solver: int, where: str) -> bool | None:
    """TE/BM for the mover, GB/GW for a colour, turned into the solver's verdict."""
    marks = set()
    if node.has_property("TE"):
        marks.add(mover == solver)
    if node.has_property("BM"):
        marks.add(mover != solver)
    if node.has_property("GB"):
        marks.add(solver == BLACK)
    if node.has_property("GW"):
        marks.add(solver == WHITE)
    if len(marks) > 1:
        raise SgfError(f"{where}: contradictory marks (TE/BM/GB/GW)")
    return marks.pop() if marks else None


@dataclass
class _Raw:
    """A tree node as read, before the verdicts are settled."""

    move: Move
    comment: str
    mark: bool | None
    children: list[_Raw]


def _settle(raw: _Raw, inherited: bool | None, solver: int) -> Node:
    here = raw.mark if raw.mark is not None else inherited
    children = [_settle(child, here, solver) for child in raw.children]
    if raw.mark is not None:
        value = raw.mark
    elif not children:
        value = bool(here)
    else:
        value = _combine(raw.move, [c.correct for c in children], solver)
    return Node(raw.move, value, raw.comment, children)


def _combine(move: Move, values: list[bool], solver: int) -> bool:
    """Solver to move next: one good continuation is enough; opponent: all must be good."""
    return any(values) if opponent(move.color) == solver else all(values)


# ---------------------------------------------------------------------------
# Problems


def read_problem(data: bytes | str, rules: str = "chinese") -> Problem:
    """A problem: set-up, player to move, comment and the solution tree, checked."""
    game, size = _parse(data)
    root = game.get_root()
    black, white, comment, top, marked = _setup(game, size)
    if _move(root, size) is not None:
        raise SgfError("the root node holds a move; a problem's moves start below it")
    first = _first_move(top, size)
    to_move = _to_move(root, first)
    board = _board(size, black, white, to_move, rules)

    def walk(node, path: list[str], mover_marks: list) -> list[_Raw]:
        """The moves below ``node``; moveless nodes fold into ``mover_marks``."""
        out: list[_Raw] = []
        for child in node:
            move = _move_or_error(child, size, path)
            if move is None:
                if child.has_setup_stones():
                    raise SgfError(f"{_where(path)}: setup stones inside the solution tree")
                mover_marks.append(child)
                out.extend(walk(child, path, mover_marks))
                continue
            here = [*path, _move_sgf(move, size)]
            try:
                board.play(move, enforce_turn=False)
            except IllegalMove as error:
                raise SgfError(f"{_where(here)}: {error.code}: {error.reason['en']}") from None
            folded: list = []
            try:
                kids = walk(child, here, folded)
            finally:
                board.pop()
            texts = [_text(n, "C") for n in [child, *folded]]
            text = "\n\n".join(t for t in texts if t)
            mark = None
            for n in [child, *folded]:
                found = _property_mark(n, move.color, to_move, _where(here))
                if found is not None:
                    mark = found
            if mark is None:
                mark = _comment_mark(text)
            out.append(_Raw(move, text, mark, kids))
        return out

    folded_top: list = []
    raws = walk(top, [], folded_top)
    extra = [_text(n, "C") for n in folded_top]
    comment = "\n\n".join(t for t in [comment, *extra] if t)
    tree = [_settle(raw, None, to_move) for raw in raws]
    return Problem(size, black, white, to_move, comment, tree, _text(root, "GN"), marked)


def _first_move(node, size: int) -> Move | None:
    while len(node):
        node = node[0]
        try:
            move = _move(node, size)
        except SgfError:
            return None
        if move is not None:
            return move
    return None


def _move_or_error(node, size: int, path: list[str]) -> Move | None:
    try:
        return _move(node, size)
    except SgfError as error:
        raise SgfError(f"{_where(path, next_move=True)}: {error}") from None


def _where(path: list[str], next_move: bool = False) -> str:
    if next_move:
        if not path:
            return "first move of a branch"
        return f"move {len(path) + 1} of branch {path[0]} (after {' '.join(path)})"
    if not path:
        return "the set-up"
    if len(path) == 1:
        return f"move 1 of branch {path[0]}"
    return f"move {len(path)} of branch {path[0]} ({' '.join(path)})"


def write_problem(problem: Problem) -> bytes:
    """SGF text (UTF-8 bytes) in our convention; ``read_problem`` gives it back."""
    size = check_size(problem.size)
    game = sgf.Sgf_game(size)
    root = game.get_root()
    _write_setup(root, problem.black, problem.white, size)
    root.set("PL", COLOR_NAMES[problem.to_move].lower())
    if problem.marked:
        root.set_raw_list("TR", [sgf_name(p, size).encode() for p in problem.marked])
    if problem.name:
        root.set("GN", problem.name)
    if problem.comment:
        root.set("C", problem.comment)

    solver = problem.to_move

    def write(parent, node: Node, inherited: bool | None) -> None:
        """``node`` is settled; ``inherited`` is the mark a reader carries down to it."""
        child = parent.new_child()
        _write_move(child, node.move, size)
        if node.comment:
            child.set("C", node.comment)
        # What a reader would make of this node without a TE/BM property.
        mark = _comment_mark(node.comment)
        if mark is not None:
            unmarked = mark
        elif node.children:
            unmarked = _combine(node.move, [c.correct for c in node.children], solver)
        else:
            unmarked = bool(inherited)
        if node.move.color == solver or node.correct != unmarked:
            # TE: good for the player who moved; BM: bad for that player.
            good_for_mover = node.correct if node.move.color == solver else not node.correct
            child.set_raw("TE" if good_for_mover else "BM", b"1")
            mark = node.correct
        for grandchild in node.children:
            write(child, grandchild, inherited if mark is None else mark)

    for node in problem.settled().tree:
        write(root, node, None)
    return game.serialise()


# ---------------------------------------------------------------------------
# Games


def read_game(data: bytes | str, rules: str = "chinese") -> GameRecord:
    """A game record: the main line (first variation at every branch), checked."""
    game, size = _parse(data)
    root = game.get_root()
    black, white, comment, top, _marked = _setup(game, size)
    komi = 7.5
    if root.has_property("KM"):
        raw = root.get_raw("KM").decode("latin-1")
        try:
            komi = float(raw)
        except ValueError:
            raise SgfError(f"bad komi KM[{raw}]") from None
    moves = []
    node = top
    first = _move(root, size)
    if first is not None:
        raise SgfError("the root node holds a move; moves start below it")
    while len(node):
        node = node[0]
        try:
            move = _move(node, size)
        except SgfError as error:
            raise SgfError(f"move {len(moves) + 1}: {error}") from None
        if node.has_setup_stones():
            raise SgfError(f"setup stones after the start, at move {len(moves) + 1}")
        if move is not None:
            moves.append(move)
    to_move = _to_move(root, moves[0] if moves else None)
    board = _board(size, black, white, to_move, rules, komi)
    for number, move in enumerate(moves, 1):
        try:
            board.play(move, enforce_turn=False)
        except IllegalMove as error:
            raise SgfError(
                f"move {number} {_move_sgf(move, size)}: {error.code}: {error.reason['en']}"
            ) from None
    return GameRecord(
        size,
        komi,
        black,
        white,
        to_move,
        moves,
        _text(root, "RE"),
        comment,
        _text(root, "PB"),
        _text(root, "PW"),
    )


def write_game(record: GameRecord) -> bytes:
    size = check_size(record.size)
    game = sgf.Sgf_game(size)
    root = game.get_root()
    root.set_raw("RU", b"Chinese")
    root.set("KM", record.komi)
    _write_setup(root, record.black, record.white, size)
    root.set("PL", COLOR_NAMES[record.to_move].lower())
    for prop, value in (
        ("PB", record.black_player),
        ("PW", record.white_player),
        ("RE", record.result),
        ("C", record.comment),
    ):
        if value:
            root.set(prop, value)
    node = root
    for move in record.moves:
        node = node.new_child()
        _write_move(node, move, size)
    return game.serialise()


def _write_setup(root, black: Iterable[int], white: Iterable[int], size: int) -> None:
    for prop, points in (("AB", black), ("AW", white)):
        values = [sgf_name(p, size).encode() for p in sorted(points)]
        if values:
            root.set_raw_list(prop, values)


def _write_move(node, move: Move, size: int) -> None:
    where = b"" if move.point is None else sgf_name(move.point, size).encode()
    node.set_raw(COLOR_NAMES[move.color], where)
