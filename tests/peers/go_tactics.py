"""Tactical positions for the reader, shared by the peer test and the benchmark.

Each position is ``Tactic(size, black, white, target)`` with GTP vertices; the
question is whether the chain at ``target`` can be captured (its opponent
moving first) and whether it can be saved (its owner moving first).

- ``ladder_positions()``: ladders (征子) generated systematically on 9x9, 13x13
  and 19x19 in all eight orientations, without a breaker, with a white ladder
  breaker on the ladder's path, and with a white stone off the path;
- ``SAMPLED``: positions drawn at random (stones scattered in a corner or edge
  region, a target of 2 or 3 liberties picked; seed 1 of the generator used
  while writing the reader), kept when GNU Go's answers carry no ko code:
  nets, throw-ins, escapes by capture and short races turn up among them;
  it ends with ``THEMED``, hand-made positions for themes the sampler rarely
  hits: capturing races (对杀) of 2 and 3 liberties with and without a shared
  liberty, a race lost by one liberty (both chains as targets), and a double
  atari (双叫吃); the same boards are rows of ``tests/engines/go/test_reading.py``;
- ``KNOWN_DIFFERENCES``: sampled positions where our reader and GNU Go 3.8
  disagree, with what reading them further showed. They are not in the peer
  test's set.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.go import BLACK, WHITE, Board, parse_point, point_name


@dataclass(frozen=True)
class Tactic:
    size: int
    black: tuple[str, ...]
    white: tuple[str, ...]
    target: str
    label: str = ""

    def board(self) -> Board:
        n = self.size
        return Board.setup(
            n, [parse_point(p, n) for p in self.black], [parse_point(p, n) for p in self.white]
        )

    @property
    def target_point(self) -> int:
        return parse_point(self.target, self.size)


_COLUMNS = "ABCDEFGHJKLMNOPQRST"


def _symmetry(x: int, y: int, n: int, s: int) -> tuple[int, int]:
    if s & 1:
        x = n - 1 - x
    if s & 2:
        y = n - 1 - y
    if s & 4:
        x, y = y, x
    return x, y


def ladder(size: int, symmetry: int, white_extra=(), black_extra=(), label="") -> Tactic:
    """A ladder shape at the 4-4 point running towards the far corner.

    In canonical coordinates (x right, y up from the 4-4 point) white is at
    (0, 0) with black at (-1, 0), (-1, 1) and (0, -1): an atari at (1, 0) or
    (0, 1) starts the ladder along the diagonal; ``white_extra`` may hold a
    breaker on that path. Off-board extras are dropped.
    """

    def vertex(dx: int, dy: int) -> str | None:
        x, y = 3 + dx, size - 4 - dy
        if not (0 <= x < size and 0 <= y < size):
            return None
        x, y = _symmetry(x, y, size, symmetry)
        return f"{_COLUMNS[x]}{size - y}"

    black = [vertex(-1, 0), vertex(-1, 1), vertex(0, -1)] + [vertex(*d) for d in black_extra]
    white = [vertex(0, 0)] + [vertex(*d) for d in white_extra]
    return Tactic(
        size,
        tuple(v for v in black if v),
        tuple(v for v in white if v),
        vertex(0, 0),
        label or f"ladder {size}x{size} #{symmetry}",
    )


def ladder_positions() -> list[Tactic]:
    positions = []
    for size in (9, 13, 19):
        for s in range(8):
            positions.append(ladder(size, s))
            for k in (2, 4, 6, 9):
                if k + 4 >= size or (size + s + k) % 3:
                    continue
                on_path = ((k, k + 1),) if s % 2 else ((k + 1, k),)
                positions.append(
                    ladder(size, s, on_path, label=f"ladder {size}x{size} #{s} breaker {k}")
                )
                positions.append(
                    ladder(size, s, ((k + 4, k),), label=f"ladder {size}x{size} #{s} off {k}")
                )
    return positions


def _tactic(size: int, black: str, white: str, target: str) -> Tactic:
    return Tactic(size, tuple(black.split()), tuple(white.split()), target, f"sampled {target}")


_RANDOM = [
    _tactic(*row)
    for row in [
        (9, "B7 G6 A3 D3 D2 G2", "A7 G7 D4 G4 C3 G1", "C3"),
        (13, "A10 G8 G7 F6 G5 B4", "B10 G9 A8 D7 G6 E4", "B10"),
        (19, "C7 E6 B5 F4 E3 A2 C2 B1", "C4 E4 C3 D3 C1 F1", "A2"),
        (9, "A9 B6 B5 A4 B4 C4 E4", "B9 C9 E8 A7 C7 F6 F4", "A7"),
        (13, "H10 L10 J8 M7 N7 K6 K5 L5", "K9 H8 H6 L6 H5 J5 N5", "L6"),
        (9, "C7 D7 E7 G7 H7 C6 F5 C2 H2", "G6 C5 D5 E5 C3 E2 D1 J1", "D1"),
        (9, "E9 H8 D6 F6 D4 G4", "E8 H7 J7 J5 E4", "D4"),
        (19, "O18 R18 S18 Q17 R15 Q14", "P19 Q19 P17 S17 P15 S15", "S17"),
        (9, "G9 D8 G6 J6 D4 J4 C3 H3", "D9 F9 F8 J8 H7 J7 H4 D3", "H3"),
        (13, "D9 B8 A7 C7 D7 B6", "A9 E8 A6 D6 B5", "B5"),
        (19, "A18 B17 C16 D16 E14 F14", "C18 F17 E16 A15 D15 B14", "E16"),
        (9, "A8 D8 G8 B7 C7 D4 G3", "D7 E7 A6 C6 E5 G5", "C6"),
        (9, "A6 B6 D4 F4 A2 C2", "E7 C6 A5 A4 B2 E2", "A5"),
        (9, "J6 D5 H5 D4 D3 J2 H1", "D6 F6 E5 G4 J4 F2 H2", "J2"),
        (9, "D5 D4 A2 C2 A1", "B4 E4 A3 C1", "E4"),
        (9, "C5 E3 E2", "D5 A3 C3", "D5"),
        (9, "H8 D6 E6 H6 C5 J4 J3 J2", "G7 H7 J7 C6 F6 E5 C4 D3", "E5"),
        (13, "M13 L12 M10 N10", "N12 J11 L10", "M13"),
        (9, "A9 C9 E8 C6", "D8 A5 D5", "E8"),
        (19, "A18 C18 D18 C16 C14 E14", "C19 E19 F18 B17 A16 B16", "C16"),
        (9, "G8 H6 H4 J4 J3", "H8 G6 G4 H3", "G8"),
        (19, "A6 B6 D6 C5 F5 C4 F4", "F6 E4 E3 B2 C2 B1", "F6"),
        (13, "K10 H8 J7 M7 J6 K6 G5 N5 L4 N4", "L10 G8 K8 N8 G7 L6 L5 H4 K4", "H8"),
        (9, "J8 H7 J7 E6 H6 F3 J3", "G8 E7 G7 J5 D4 G4 J4", "J5"),
        (19, "T7 Q6 P5 Q4 N3 S3 R2 O1 R1 S1", "P7 S7 O6 O5 Q5 T4 T3 S2 N1 P1", "T4"),
        (9, "F8 J8 J7 G6 J5", "E8 H8 F7 H6 F5", "H6"),
        (9, "C8 H6 C5 D5 C4 G4 H4 J4 D3 J3", "C7 J6 F5 G5 J5 F4 D2 F2 G2 J2", "D3"),
        (9, "B6 E6 D4 B3 F3 A2 B2 E2 D1", "A6 E5 A4 A3 D3 C2 D2 B1", "A6"),
        (9, "B8 B5 D5 E5 B4 D4 C3 D3", "E8 F8 E7 B6 D6 F6 E4", "B6"),
        (9, "F7 G6 C5 E5 H5 D4 C2 F1", "F6 F5 C4 G4 E3 G2 J2 H1", "E5"),
        (13, "E10 D8 G8 C5 E5 E4 G4", "D9 F9 B8 E7 G7 A6 F5", "A6"),
        (9, "G7 F6 J6 C5 D5 E4 F3 F1 J1", "J7 C6 D6 H5 J5 G4 C3 D1", "F1"),
        (9, "A4 B4 B3 E3", "B7 B6 C3", "C3"),
        (13, "N13 H11 G10 L10 G9 H9 J8 J7 K7 N7", "K12 L12 N12 G11 J11 L11 K10 K9 G8", "N12"),
        (9, "A9 B8 A7 D6", "E8 C7 A6", "A7"),
        (9, "A9 D9 F9 C7 D6 G4 A3", "B8 C8 F7 B5 G5 B4", "A9"),
        (9, "B9 F9 A8 A6 A5 F4 B3 F3", "B8 F8 D7 D6 G6 D5 A3", "A8"),
        (9, "B5 B4 C4 D4 E4", "B7 A6 D5 A3 C3", "D5"),
        (19, "C13 E13 F13 C12 E12 G12 C9 E7 F7", "D13 G13 C11 G10 E9 E8 F8 G7", "C11"),
        (13, "N13 N11 L10 N9", "K13 L11 K9 L9", "N9"),
        (9, "J9 C8 H7 J7 F6 G3 H3", "E9 F9 H9 D8 E7 J6 D3", "H9"),
        (9, "F7 D6 D5 D4 D3 G3 H3", "E8 D7 H7 F5 J5 H4 J3", "D7"),
        (19, "C13 F11 C9 E8", "B10 C10 E10 D8", "D8"),
        (9, "B8 C6 D6 A5 C5 D5 B4 C4 E3", "D9 E9 F9 D7 G7 B5 F5 F3", "D7"),
        (9, "D7 F7 D6 G6 C5 E5 C4 G4 D3 G3 J2 G1", "J7 C6 E6 F6 H5 E4 H4 J3 D2 F2 G2 D1", "J2"),
        (9, "F8 H7 H6 E5", "E9 G9 E8 F6", "G9"),
        (19, "N19 S18 O17 P17 P16 N15 Q14 R13", "R19 S16 T16 P15 Q15 T15 O13 S13", "S13"),
        (19, "P19 S18 O15 T15 P14 R14 P13 S13", "N19 N18 S17 O16 T16 R15 T14", "O16"),
        (13, "J10 H9 J8 M8 M7 N7 G5 M5 G4", "G10 K9 G6 L6 H5 J5 K5 M4", "G6"),
        (19, "T13 O9 T9 O8", "O13 T11 R10 T10", "T9"),
    ]
]


def _from_text(text: str, target: str, label: str) -> Tactic:
    board = Board.from_text(text)
    n = board.size
    return Tactic(
        n,
        tuple(point_name(p, n) for p in board.stones(BLACK)),
        tuple(point_name(p, n) for p in board.stones(WHITE)),
        target,
        label,
    )


# Races on the first line between two big walls: white's (columns A-D, left)
# and black's (columns E-J, right), each with a wide territory behind it.
_WALLS = "...OX....\n" * 6 + "OOOOXXXXX\n"
RACE_3_3 = _WALLS + "OXXXOOOX.\nO......X."  # 3 against 3, no shared liberty
RACE_3_3_SHARED = _WALLS + "OXXXOOOX.\nO...O..X."  # 3 against 3, D1 shared
RACE_2_2_SHARED = _WALLS + "OXXXOOOX.\nOO..O.XX."  # 2 against 2, D1 shared
RACE_2_3 = _WALLS + "OXXXOOOX.\nOO.....X."  # black 2 against white 3
# B D6 ataris C6 and D7 at once; the single atari B6 lets white connect at D6.
DOUBLE_ATARI = """
.........
.........
..XOXOX..
..O......
..XX.....
.........
..O...O..
.........
.........
"""

THEMED = [
    _from_text(RACE_3_3, "E2", "race 3-3"),
    _from_text(RACE_3_3_SHARED, "E2", "race 3-3 shared"),
    _from_text(RACE_2_2_SHARED, "E2", "race 2-2 shared"),
    _from_text(RACE_2_3, "D2", "race lost"),
    _from_text(RACE_2_3, "E2", "race won"),
    _from_text(DOUBLE_ATARI, "C6", "double atari"),
]

SAMPLED = _RANDOM + THEMED


# (size, black, white, target, what further reading showed)
KNOWN_DIFFERENCES = [
    (
        19,
        "E6 E5 F4 G2 B1 E1 F1 G1",
        "B7 G7 A6 A5 A4 B3 A2 F2",
        "F2",
        "GNU Go misses E3 at the root (after W E3 its own `attack F2` answers 0): we say saved.",
    ),
    (
        9,
        "E8 D7 G7 D6 H5 E4 H4 J4",
        "D9 E9 E7 J7 D5 F5 G5 G4",
        "E7",
        "GNU Go misses E6 at the root (after E6 F7 F6 F8 G8 D8 G9 its `defend E7` is 0).",
    ),
    (
        19,
        "D12 B11 C9 D9",
        "A12 E11 D8",
        "A12",
        "GNU Go nets the first-line stone with B13 and reads 4-liberty chains deeper than we do.",
    ),
    (
        9,
        "C7 G7 E6 E5 H4 F3 J3",
        "F6 H5 D4 D3 F2 D1 F1",
        "H5",
        "GNU Go's G5 wins after W H6 B G6 by reading the 4-liberty chain further than our cut-off.",
    ),
    (
        19,
        "P5 S4 S3 S2",
        "T5 P4 Q3",
        "T5",
        "As A12: a net on a first-line stone beyond our horizon.",
    ),
    (
        9,
        "H5 F4 E2 G2 J2",
        "E5 J4 E3 E1 J1",
        "J4",
        "GNU Go's net at H6 after W J5 is beyond our horizon: we call J5 a save.",
    ),
]
