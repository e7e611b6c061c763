"""The Go problem library's first moves, judged by us and by GNU Go.

Shared by ``tests/peers/test_go_problems_gnugo.py`` and
``bench/go_problems_gnugo.py``.

- ``library()``: every shipped ``go.capture`` / ``go.escape`` problem
  (``content/go/puzzles/*.toml``) and lesson exercise (``content/go/lessons``,
  inline or a library slug), slugs as the content loader names them.
- ``our_verdicts(exercise)``: for every empty point, the solver's first move
  there judged as the site judges it: ``engines.go.problems.judge`` with what
  ``prepare`` read out in advance (the kind's ``known``); a move that needs
  more than a request's ``JUDGE_NODES`` is judged again with a load's
  ``PREPARE_NODES`` and flagged (the site would answer "not judged").
- ``gnugo_verdicts(gnugo, exercise)``: the same moves read by GNU Go over GTP.
  The set-up stones are ``play``-ed (no captures: the set-up is legal, so the
  order cannot matter), each legal first move is played, asked about, and taken
  back with ``undo``:

  * capture, one marked chain: gone after the move, or ``defend`` answers 0
    (its owner, moving first, cannot save it): the move works; 1: it fails;
  * save: ``attack`` answers 0 (the attacker, moving first, cannot capture
    it): the move works; 1: it fails;
  * capture, two marked chains (capturing either solves it): a chain gone, or
    one that ``defend`` says cannot be saved even alone, and the move works;
    neither attackable (``attack`` 0 for both), it fails; one attackable, the
    verdict is that chain's ``defend``; both attackable and each savable
    alone (a double threat), every defender reply near the chains is played
    out (the empty points within three steps of a marked stone, the liberties
    of the attacker's chains touching them, a pass) and the move fails if
    some reply leaves ``attack`` 0 on both. GNU Go's own ``defend_both`` is
    not used: its source calls it a "halfhearted attempt" that assumes one
    chain is lost whenever both are threatened by different moves;
  * GNU Go's ko answers (2 and 3: the aim is reached, or foiled, only through
    a ko) are the verdict ``ko``, their own category.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from engines.budget import Budget, OutOfBudget
from engines.go import BLACK, EMPTY, WHITE, Board, IllegalMove, Move, opponent, point_name
from engines.go.problems import (
    JUDGE_NODES,
    PREPARE_NODES,
    Known,
    Task,
    judge,
    prepare,
)

CONTENT = Path(__file__).resolve().parents[2] / "content" / "go"
AIMS = {"go.capture": "capture", "go.escape": "save"}
COLOR = {BLACK: "B", WHITE: "W"}

WORKS, FAILS, KO, ILLEGAL = "works", "fails", "ko", "illegal"


@dataclass(frozen=True)
class Exercise:
    slug: str
    kind: str  # go.capture or go.escape
    sgf: str
    source: str  # where it is written, relative to content/go

    @property
    def aim(self) -> str:
        return AIMS[self.kind]

    @cached_property
    def task(self) -> Task:
        return Task.from_sgf(self.sgf, self.aim)

    @property
    def size(self) -> int:
        return self.task.size

    def __str__(self) -> str:
        return self.slug


def library(root: Path = CONTENT) -> list[Exercise]:
    """Every capture and escape problem: the library's, then the lessons' exercises."""
    found: list[Exercise] = []
    by_slug: dict[str, Exercise] = {}
    for path in sorted((root / "puzzles").glob("*.toml")):
        for table in tomllib.loads(path.read_text(encoding="utf-8"))["puzzles"]:
            if table["kind"] not in AIMS:
                continue
            sgf = (root / "puzzles" / table["sgf"]).read_text(encoding="utf-8")
            where = f"puzzles/{path.name} ({table['sgf']})"
            exercise = Exercise(table["slug"], table["kind"], sgf, where)
            by_slug[exercise.slug] = exercise
            found.append(exercise)
    for path in sorted((root / "lessons").glob("*.toml")):
        lesson = tomllib.loads(path.read_text(encoding="utf-8"))
        slug = lesson.get("slug") or path.stem
        for number, step in enumerate(lesson["steps"], start=1):
            value = step.get("exercise")
            if isinstance(value, str):
                if value in by_slug:  # a library puzzle, already in the list
                    continue
                raise AssertionError(f"{path.name}: exercise {value!r} is not a Go puzzle")
            if isinstance(value, dict) and value.get("kind") in AIMS:
                where = f"lessons/{path.name} step {number}"
                found.append(
                    Exercise(f"go-{slug}-{number}", value["kind"], value["data"]["sgf"], where)
                )
    return found


def empty_points(exercise: Exercise) -> list[int]:
    board = exercise.task.problem.board()
    return [p for p, c in enumerate(board.cells) if c == EMPTY]


# ---------------------------------------------------------------------------
# Our verdicts


@dataclass(frozen=True)
class Ours:
    verdict: str  # works, fails, illegal
    status: str  # judge's: correct, continue, wrong, illegal
    in_tree: bool  # the authored tree judged it (a first move with its own node)
    line: tuple[str, ...] = ()  # the refutation shown, or the reply
    over_request_budget: bool = False  # needed more than JUDGE_NODES


def prepared(exercise: Exercise) -> Known:
    return prepare(exercise.task)


def our_verdict(exercise: Exercise, point: int, known: Known | None) -> Ours:
    task = exercise.task
    name = point_name(point, task.size)
    authored = {n.move.point for n in task.problem.tree}
    over = False
    try:
        result = judge(task, [], name, known=known, budget=Budget(JUDGE_NODES))
    except OutOfBudget:
        over = True
        result = judge(task, [], name, known=known, budget=Budget(PREPARE_NODES))
    verdict = {"correct": WORKS, "continue": WORKS, "wrong": FAILS, "illegal": ILLEGAL}
    line = result.refutation or ((result.reply,) if result.reply else ())
    return Ours(verdict[result.status], result.status, point in authored, line, over)


def our_verdicts(exercise: Exercise) -> dict[str, Ours]:
    """Every empty point's verdict, by its GTP name."""
    known = prepared(exercise)
    n = exercise.size
    return {point_name(p, n): our_verdict(exercise, p, known) for p in empty_points(exercise)}


# ---------------------------------------------------------------------------
# GNU Go's verdicts


@dataclass(frozen=True)
class Peer:
    verdict: str  # works, fails, ko, illegal
    detail: str = ""  # GNU Go's answers that decided it


def setup_commands(board: Board) -> list[str]:
    n = board.size
    commands = [f"boardsize {n}", "clear_board"]
    commands += [f"play B {point_name(p, n)}" for p in board.stones(BLACK)]
    commands += [f"play W {point_name(p, n)}" for p in board.stones(WHITE)]
    return commands


def _code(text: str) -> int:
    return int(text.split()[0])


def _single(aim: str, gone: bool, code: int | None) -> str:
    """The verdict on one chain from GNU Go's ``defend`` (capture) / ``attack`` (save)."""
    if gone:
        return WORKS if aim == "capture" else FAILS
    if code in (2, 3):
        return KO
    return WORKS if code == 0 else FAILS


def gnugo_verdicts(gnugo, exercise: Exercise) -> dict[str, Peer]:
    """GNU Go's verdict on every empty point of the start position, by GTP name."""
    task = exercise.task
    n = task.size
    board = task.problem.board()
    me = COLOR[task.problem.to_move]
    setup = setup_commands(board)
    targets = [point_name(t, n) for t in task.targets]
    names = [point_name(p, n) for p in empty_points(exercise)]
    replies = gnugo.batch(setup + [f"is_legal {me} {v}" for v in names])
    assert all(r.ok for r in replies), replies
    legal = [v for v, r in zip(names, replies[len(setup) :], strict=True) if r.text == "1"]
    verdicts = {v: Peer(ILLEGAL) for v in names if v not in legal}

    per_move = 1 + 3 * len(targets) + 1
    commands = []
    for v in legal:
        commands.append(f"play {me} {v}")
        for t in targets:
            commands += [f"color {t}", f"attack {t}", f"defend {t}"]
        commands.append("undo")
    replies = gnugo.batch(commands)
    double_threats = []
    for i, v in enumerate(legal):
        chunk = replies[i * per_move : (i + 1) * per_move]
        assert chunk[0].ok and chunk[-1].ok, (v, chunk)
        answers = []  # (gone, attack code, defend code)
        texts = []
        for j, t in enumerate(targets):
            color, att, dfn = chunk[1 + 3 * j : 4 + 3 * j]
            if color.text == "empty":
                answers.append((True, None, None))
                texts.append(f"{t} gone")
            else:
                answers.append((False, _code(att.text), _code(dfn.text)))
                texts.append(f"{t}: attack {att.text}, defend {dfn.text}")
        detail = "; ".join(texts)
        if len(targets) == 1:
            gone, att, dfn = answers[0]
            code = dfn if task.aim == "capture" else att
            verdicts[v] = Peer(_single(task.aim, gone, code), detail)
            continue
        # Capture, several chains: any one captured is enough.
        if any(gone or dfn == 0 for gone, _, dfn in answers):
            verdicts[v] = Peer(WORKS, detail)
            continue
        attackable = [a for a in answers if a[1] != 0]
        if not attackable:
            verdicts[v] = Peer(FAILS, detail)
        elif len(attackable) == 1:
            verdicts[v] = Peer(_single("capture", False, attackable[0][2]), detail)
        else:
            double_threats.append((v, detail))
    for v, detail in double_threats:
        verdicts[v] = _double_threat(gnugo, exercise, setup, v, detail)
    return verdicts


def defender_replies(board: Board, targets: list[int]) -> list[int]:
    """The defender's answers worth reading after a double threat: the empty points
    within three steps of a marked stone, and the liberties of the attacker's chains
    that touch the marked chains."""
    n = board.size
    stones = {s for t in targets if board.cells[t] != EMPTY for s in board.chain(t).stones}
    near = set()
    for s in stones:
        sy, sx = divmod(s, n)
        for p, c in enumerate(board.cells):
            y, x = divmod(p, n)
            if c == EMPTY and abs(y - sy) + abs(x - sx) <= 3:
                near.add(p)
        for q in board._neighbors[s]:
            if board.cells[q] not in (EMPTY, board.cells[s]):
                near |= board.chain(q).liberties
    return sorted(near)


def _double_threat(gnugo, exercise: Exercise, setup: list[str], move: str, detail: str) -> Peer:
    """Both marked chains threatened after ``move``: does some reply save both?"""
    task = exercise.task
    n = task.size
    me, them = COLOR[task.problem.to_move], COLOR[opponent(task.problem.to_move)]
    targets = [point_name(t, n) for t in task.targets]
    board = task.problem.board()
    board.play(Move.from_text(f"{me} {move}", n))
    candidates = [point_name(p, n) for p in defender_replies(board, list(task.targets))]
    replies = gnugo.batch(
        [*setup, f"play {me} {move}"] + [f"is_legal {them} {r}" for r in candidates]
    )
    answers = replies[len(setup) + 1 :]
    legal = [r for r, a in zip(candidates, answers, strict=True) if a.text == "1"] + ["pass"]
    commands = []
    for r in legal:
        commands.append(f"play {them} {r}")
        commands += [f"attack {t}" for t in targets]
        commands.append("undo")
    answers = gnugo.batch(commands)
    step = 2 + len(targets)
    ko = None
    for i, r in enumerate(legal):
        codes = [_code(a.text) for a in answers[i * step + 1 : (i + 1) * step - 1]]
        if all(c == 0 for c in codes):
            return Peer(FAILS, f"{detail}; after {them} {r} neither can be captured")
        if ko is None and 1 not in codes:
            ko = r
    if ko is not None:
        return Peer(KO, f"{detail}; after {them} {ko} only a ko captures")
    return Peer(WORKS, f"{detail}; each of {len(legal)} replies leaves a chain to capture")


def board_after(exercise: Exercise, line: list[str]) -> Board:
    """The start position with ``line`` (GTP names or ``pass``, the solver first) played."""
    board = exercise.task.problem.board()
    for name in line:
        board.play(name)  # checked: IllegalMove if the line is not legal
    return board


__all__ = [
    "FAILS",
    "ILLEGAL",
    "KO",
    "WORKS",
    "Exercise",
    "IllegalMove",
    "Ours",
    "Peer",
    "board_after",
    "gnugo_verdicts",
    "library",
    "our_verdicts",
]
