"""SGF for Renju and Gomoku (``GM[4]``), in and out (sgfmill underneath).

>>> record = read_sgf("(;FF[4]GM[4]SZ[15]RU[Renju];B[hh];W[ii];B[hi])")
>>> record.board.text()
'h8 i7 h7'
>>> record.board.variant
'renju'
>>> read_sgf(write_sgf(record.board)).board.text()
'h8 i7 h7'

What we read
------------
* ``GM`` must be 4 and ``SZ`` 15 (SGF's default size, 19, is not a renju board).
* ``RU``: ``Renju``/``RIF`` (or absent) is the seed's renju rules; ``Gomoku``,
  ``Freestyle`` or ``Free`` is free gomoku.
* ``AB``/``AW`` set-up stones and ``PL`` (else black) in the root: a problem's diagram.
  Then the main line's moves, ``B[hh]``/``W[ii]``, a pass as ``B[]``, each played
  through the engine: an occupied point, a first move off the centre or a move after
  the end is an ``SgfError`` naming the move. Black's forbidden moves are accepted
  (as over the board: they stand unless white points them out), so real game
  records with a foul still load; the board then says ``pending_foul``.
* ``PB``, ``PW``, ``RE``, ``GN`` and the root comment ``C`` are kept as text.

What we write: ``FF[4]GM[4]CA[UTF-8]SZ[15]RU[..]``, set-up stones and ``PL`` when
the position was set up, the moves, and whichever of ``PB``/``PW``/``RE``/``GN``/``C``
are given.
"""

from __future__ import annotations

from dataclasses import dataclass

from sgfmill import sgf

from . import (
    BLACK,
    SIZE,
    WHITE,
    Board,
    IllegalMove,
    get_variant,
    point_name,
)

RULE_NAMES = {
    "renju": "renju",
    "rif": "renju",
    "gomoku": "gomoku",
    "freestyle": "gomoku",
    "free": "gomoku",
}
WRITTEN_RULES = {"renju": "Renju", "gomoku": "Gomoku"}


class SgfError(ValueError):
    """The SGF text is not a renju or gomoku record we can read; says where."""


@dataclass
class Record:
    board: Board
    black_name: str = ""
    white_name: str = ""
    result: str = ""
    name: str = ""
    comment: str = ""


def _point(row_col: tuple[int, int]) -> int:
    row, col = row_col
    return (SIZE - 1 - row) * SIZE + col


def _row_col(point: int) -> tuple[int, int]:
    y, x = divmod(point, SIZE)
    return SIZE - 1 - y, x


def _text(node, prop: str) -> str:
    try:
        return node.get(prop) if node.has_property(prop) else ""
    except ValueError as error:
        raise SgfError(f"bad {prop}: {error}") from None


def read_sgf(data: bytes | str) -> Record:
    """Read a GM[4] record: the set-up, then the main line played out."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        game = sgf.Sgf_game.from_bytes(raw)
    except ValueError as error:
        raise SgfError(f"not SGF: {error}") from None
    root = game.get_root()
    gm = root.get_raw("GM") if root.has_property("GM") else b"1"
    if gm.strip() != b"4":
        raise SgfError(f"GM[{gm.decode('ascii', 'replace')}] is not Renju/Gomoku (GM[4])")
    if game.get_size() != SIZE:
        raise SgfError(f"SZ[{game.get_size()}]: renju is played on 15x15 (SZ[15])")
    rules = _text(root, "RU").strip().lower() or "renju"
    if rules not in RULE_NAMES:
        raise SgfError(f"RU[{rules}]: unknown rule set (Renju or Gomoku)")
    variant = get_variant(RULE_NAMES[rules])
    try:
        black, white, empty = root.get_setup_stones()
    except ValueError as error:
        raise SgfError(f"bad set-up stones: {error}") from None
    if empty:
        raise SgfError("AE (removing stones) has no place in a renju record")
    to_move = BLACK
    if root.has_property("PL"):
        to_move = BLACK if root.get("PL") == "b" else WHITE
    try:
        if black or white:
            board = variant.setup(
                sorted(_point(p) for p in black), sorted(_point(p) for p in white), to_move
            )
        else:
            board = variant()
    except ValueError as error:
        raise SgfError(f"set-up: {error}") from None
    number = 0
    for node in game.get_main_sequence()[1:]:
        try:
            color, where = node.get_move()
        except ValueError as error:
            raise SgfError(f"move {number + 1}: {error}") from None
        if color is None:
            if node.has_setup_stones():
                raise SgfError(f"set-up stones after move {number}: only the root sets up")
            continue
        number += 1
        mover = BLACK if color == "b" else WHITE
        if mover != board.to_move:
            raise SgfError(
                f"move {number}: it is not {'black' if mover == BLACK else 'white'}'s turn"
            )
        point = None if where is None else _point(where)
        try:
            board.play(point, allow_foul=True)
        except IllegalMove as error:
            name = "pass" if point is None else point_name(point)
            raise SgfError(f"move {number} ({name}): {error.reason['en']}") from None
    return Record(
        board=board,
        black_name=_text(root, "PB"),
        white_name=_text(root, "PW"),
        result=_text(root, "RE"),
        name=_text(root, "GN"),
        comment=_text(root, "C"),
    )


def write_sgf(
    board: Board,
    *,
    black_name: str = "",
    white_name: str = "",
    result: str = "",
    name: str = "",
    comment: str = "",
) -> bytes:
    """The record of ``board``: its set-up (if any) and every move played."""
    game = sgf.Sgf_game(SIZE)
    root = game.get_root()
    root.set_raw("GM", b"4")
    root.set("CA", "UTF-8")
    root.set("RU", WRITTEN_RULES[board.variant])
    if board.setup_black or board.setup_white:
        root.set_setup_stones(
            {_row_col(p) for p in board.setup_black}, {_row_col(p) for p in board.setup_white}
        )
        first = board.move_stack[0].color if board.move_stack else board.to_move
        root.set("PL", "b" if first == BLACK else "w")
    for prop, value in (
        ("PB", black_name),
        ("PW", white_name),
        ("RE", result),
        ("GN", name),
        ("C", comment),
    ):
        if value:
            root.set(prop, value)
    node = root
    for move in board.move_stack:
        node = node.new_child()
        where = None if move.point is None else _row_col(move.point)
        node.set_move("b" if move.color == BLACK else "w", where)
    return game.serialise()
