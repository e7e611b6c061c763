"""Move notation both ways (XQ-R16): Chinese (中文纵线记谱), WXF and coordinates.

Chinese: the piece, its file, the action and a number. Files are counted from
each side's own right: Red's 一 to 九 (Chinese numerals), Black's １ to ９
(full-width digits in print). 进 is forward, 退 backward, 平 sideways; a piece
moving straight gives the number of ranks it moves, a horse, elephant or advisor
(and any 平 move) the file it lands on. Two like pieces on one file are told
apart by 前 (the front one) and 后 (the rear); three soldiers by 前/中/后, four
or five by 一 to 五 from the front; where two files hold several soldiers, the
file number replaces the piece's name (前七). Advisors and elephants never need
前/后: the action tells them apart.

WXF: the same in Latin letters and digits (K A E H R C P; files 1-9 from the mover's
right; ``+`` forward, ``-`` back, ``=`` sideways); a front or rear piece replaces its
file by ``+`` or ``-`` (``R++3``), and soldiers three or more on a file, or two on
each of two files, are written with their place from the front and their file
(``15=6``), as pyffish writes them. pyffish names a front or rear piece by its file
where that is not ambiguous (``C5+5``); ``parse_wxf`` reads that form too.

>>> from engines.xiangqi import Position
>>> p = Position()
>>> names = []
>>> for move in "h3e3 h10g8 h1g3 i10h10 i1h1 b8b4".split():
...     names.append(chinese(p, move))
...     p.play(move)
>>> " ".join(names)
'炮二平五 马８进７ 马二进三 车９平８ 车一平二 炮２进４'
>>> p = Position()
>>> parse_chinese(p, "炮二平五").text(), wxf(p, "h3e3"), parse_wxf(p, "C2=5").text()
('h3e3', 'C2=5', 'h3e3')
>>> chinese(Position("5k3/9/9/9/9/4R4/9/4R4/9/3K5 w"), "e5e8")
'前车进三'
"""

from __future__ import annotations

from . import (
    ADVISOR,
    CANNON,
    ELEPHANT,
    GENERAL,
    HORSE,
    RED,
    ROOK,
    SOLDIER,
    IllegalMove,
    Move,
    Position,
    file_of,
    rank_of,
)

RED_NAMES = {GENERAL: "帅", ADVISOR: "仕", ELEPHANT: "相", HORSE: "马", ROOK: "车", CANNON: "炮"}
RED_NAMES[SOLDIER] = "兵"
BLACK_NAMES = {GENERAL: "将", ADVISOR: "士", ELEPHANT: "象", HORSE: "马", ROOK: "车", CANNON: "炮"}
BLACK_NAMES[SOLDIER] = "卒"
RED_NUMBERS = "一二三四五六七八九"
BLACK_NUMBERS = "１２３４５６７８９"
WXF_LETTERS = {GENERAL: "K", ADVISOR: "A", ELEPHANT: "E", HORSE: "H", ROOK: "R", CANNON: "C"}
WXF_LETTERS[SOLDIER] = "P"

# Every glyph a reader may type, to one canonical letter (traditional forms,
# 砲/包 for the cannon, both sides' names for each piece).
_GLYPHS = {
    **dict.fromkeys("帅帥将將", "K"),
    **dict.fromkeys("仕士", "A"),
    **dict.fromkeys("相象", "E"),
    **dict.fromkeys("马馬傌", "H"),
    **dict.fromkeys("车車俥", "R"),
    **dict.fromkeys("炮砲包", "C"),
    **dict.fromkeys("兵卒", "P"),
}
_DIGITS = {**{ch: str(i + 1) for i, ch in enumerate(RED_NUMBERS)}}
_DIGITS.update({ch: str(i + 1) for i, ch in enumerate(BLACK_NUMBERS)})
_DIGITS.update({str(i): str(i) for i in range(1, 10)})
_WORDS = {"进": "+", "進": "+", "退": "-", "平": "=", "前": "f", "中": "m", "后": "r", "後": "r"}


def _side_file(sq: int, color: int) -> int:
    """1-9, counted from ``color``'s own right."""
    return 9 - file_of(sq) if color == RED else file_of(sq) + 1


def _forward(frm: int, to: int, color: int) -> int:
    dr = rank_of(to) - rank_of(frm)
    return dr if color == RED else -dr


def _tandem(position: Position, frm: int) -> tuple[int, int, bool]:
    """(place from the front, how many, several files) for the like pieces on
    ``frm``'s file; several files matters for soldiers only."""
    board = position.board
    p = board[frm]
    color = p >> 3
    f = file_of(frm)
    same = [sq for sq in range(f, 90, 9) if board[sq] == p]
    same.sort(key=lambda sq: -rank_of(sq) if color == RED else rank_of(sq))
    several = False
    if p & 7 == SOLDIER:
        files = [
            other
            for other in range(9)
            if other != f and sum(1 for sq in range(other, 90, 9) if board[sq] == p) >= 2
        ]
        several = bool(files)
    return same.index(frm), len(same), several


def _parts(position: Position, move: Move) -> tuple[int, int, str, int, tuple[int, int, bool]]:
    frm, to = move.from_square, move.to_square
    p = position.board[frm]
    if not p:
        raise IllegalMove("no-piece", move.text())
    color, kind = p >> 3, p & 7
    forward = _forward(frm, to, color)
    action = "+" if forward > 0 else "-" if forward < 0 else "="
    if action == "=" or kind in (ADVISOR, ELEPHANT, HORSE):
        number = _side_file(to, color)
    else:
        number = abs(forward)
    tandem = (0, 1, False) if kind in (ADVISOR, ELEPHANT) else _tandem(position, frm)
    return color, kind, action, number, tandem


def _move(position: Position, move: Move | str) -> Move:
    if isinstance(move, str):
        move = Move.from_text(move)
    if move.code not in position.legal_codes():
        raise IllegalMove(position.why_illegal(move) or "bad-move", move.text())
    return move


def chinese(position: Position, move: Move | str) -> str:
    """The Chinese name of a legal move: ``炮二平五``, ``马８进７``, ``前车进三``."""
    return _chinese(position, _move(position, move))


def _chinese(position: Position, move: Move) -> str:
    color, kind, action, number, (place, count, several) = _parts(position, move)
    names = RED_NAMES if color == RED else BLACK_NAMES
    numbers = RED_NUMBERS if color == RED else BLACK_NUMBERS
    verb = {"+": "进", "-": "退", "=": "平"}[action]
    if count == 1:
        head = names[kind] + numbers[_side_file(move.from_square, color) - 1]
    else:
        if count == 2:
            prefix = "前后"[place]
        elif count == 3:
            prefix = "前中后"[place]
        else:
            prefix = "一二三四五"[place]
        if several:
            head = prefix + numbers[_side_file(move.from_square, color) - 1]
        else:
            head = prefix + names[kind]
    return head + verb + numbers[number - 1]


def wxf(position: Position, move: Move | str) -> str:
    """The WXF name of a legal move: ``C2=5``, ``H8+7``, ``R++3``."""
    return _wxf(position, _move(position, move))


def _wxf(position: Position, move: Move, tandem: bool = True) -> str:
    color, kind, action, number, (place, count, several) = _parts(position, move)
    letter = WXF_LETTERS[kind]
    file_number = _side_file(move.from_square, color)
    if count == 1 or not tandem:
        head = f"{letter}{file_number}"
    elif count == 2 and not several:
        head = letter + "+-"[place]
    else:
        head = f"{place + 1}{file_number}"
    return f"{head}{action}{number}"


def _canonical_chinese(text: str) -> str:
    out = []
    for ch in text.strip():
        if ch in _GLYPHS:
            out.append(_GLYPHS[ch])
        elif ch in _DIGITS:
            out.append(_DIGITS[ch])
        elif ch in _WORDS:
            out.append(_WORDS[ch])
        elif not ch.isspace():
            out.append(ch)
    return "".join(out)


def parse_chinese(position: Position, text: str) -> Move:
    """The legal move a Chinese name describes (full-width or plain digits, simplified
    or traditional glyphs); ``IllegalMove("bad-move")`` if none does."""
    wanted = _canonical_chinese(text)
    for code in position.legal_codes():
        move = Move.from_code(code)
        if _canonical_chinese(_chinese(position, move)) == wanted:
            return move
    raise IllegalMove("bad-move", text)


def _canonical_wxf(text: str) -> str:
    text = text.strip().upper().replace(".", "=")
    return text.replace("B", "E").replace("N", "H")


def parse_wxf(position: Position, text: str) -> Move:
    """The legal move a WXF name describes (``C2=5``; B and N read as E and H).
    A piece of a tandem may also be named by its file (``C5+5`` for ``C-+5``), as
    pyffish writes it where that is not ambiguous."""
    wanted = _canonical_wxf(text)
    moves = [Move.from_code(code) for code in position.legal_codes()]
    for move in moves:
        if _wxf(position, move) == wanted:
            return move
    by_file = [move for move in moves if _wxf(position, move, tandem=False) == wanted]
    if len(by_file) == 1:
        return by_file[0]
    raise IllegalMove("bad-move", text)


def iccs(move: Move | str) -> str:
    """The ICCS form (ranks 0-9, upper case files): ``h3e3`` is ``H2-E2``."""
    if isinstance(move, str):
        move = Move.from_text(move)
    a, b = move.from_square, move.to_square
    return f"{'ABCDEFGHI'[file_of(a)]}{rank_of(a)}-{'ABCDEFGHI'[file_of(b)]}{rank_of(b)}"


def parse_iccs(text: str) -> Move:
    """``H2-E2`` (or ``h2e2``) to the move ``h3e3``."""
    raw = text.strip().lower().replace("-", "")
    if len(raw) != 4 or not (raw[1].isdigit() and raw[3].isdigit()):
        raise IllegalMove("bad-move", text)
    return Move.from_text(f"{raw[0]}{int(raw[1]) + 1}{raw[2]}{int(raw[3]) + 1}")


def parse_any(position: Position, text: str) -> Move:
    """A legal move from coordinates (``h3e3``), ICCS, WXF or Chinese."""
    text = text.strip()
    for parse in (
        lambda t: Move.from_text(t),
        lambda t: parse_wxf(position, t),
        lambda t: parse_chinese(position, t),
    ):
        try:
            move = parse(text)
        except (IllegalMove, ValueError):
            continue
        if move.code in position.legal_codes():
            return move
    raise IllegalMove("bad-move", text)


def line(position: Position, moves, style: str = "chinese") -> list[str]:
    """Names of a line of moves played from ``position`` (left unchanged)."""
    name = {"chinese": chinese, "wxf": wxf, "coordinates": lambda p, m: m.text()}[style]
    p = position.copy()
    out = []
    for move in moves:
        move = _move(p, move)
        out.append(name(p, move))
        p.push(move)
    return out


__all__ = [
    "chinese",
    "iccs",
    "line",
    "parse_any",
    "parse_chinese",
    "parse_iccs",
    "parse_wxf",
    "wxf",
]
