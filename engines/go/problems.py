"""Capture and escape problems (吃子题, 逃子题): check an authored solution, judge a learner.

A problem is an SGF file (see ``engines.go.sgf``): the set-up, ``PL`` the solver, ``TR``
triangles on the stones it is about, and a solution tree. The *aim* is ``capture`` (the
marked stones are the opponent's: capture one marked chain) or ``save`` (they are the
solver's, one chain: save it).

>>> task = Task.from_sgf('''(;SZ[7]PL[B]AB[cc][dd][ce]AW[cd]TR[cd]
...     ;B[bd]C[zh: 正解。
... en: Right.])''', "capture")
>>> [point_name(p, 7) for p in task.targets]
['C4']
>>> verify(task)
[]
>>> judge(task, [], "B4").status, judge(task, [], "E2").status
('correct', 'wrong')

``verify`` proves the authored tree with the reader (every move marked right must be
right, every move marked wrong must fail, the set-up must be legal and the marked
stones in danger; a move marked right that the reader cannot prove gets a second
look from the proof search of ``engines.go.proof``); ``judge`` decides one move of a
learner who has played ``moves`` so far: in the tree, the tree's verdict and reply;
outside it, the reader's.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from ..budget import Budget, OutOfBudget
from . import EMPTY, Board, IllegalMove, Move, ReadCells, opponent, point_name
from .proof import Memo, Proof, prove
from .reading import check_first_move, first_candidates, first_capture
from .sgf import Node, Problem, SgfError, read_problem, split_bilingual

AIMS = ("capture", "save")
REFUTATION_PLIES = 5  # how much of a refutation line is shown
# Reading nodes (stones played) one answer may cost on a request: at most a
# quarter of a second here (about 12 microseconds a node). A move that needs
# more is not judged (``OutOfBudget``): 3 of the 1,550 moves the reader would try
# at the library's later positions; the first moves that need much are read out
# in advance (``prepare``).
JUDGE_NODES = 20_000
# What checking and preparing one problem may cost when it is loaded or saved.
PREPARE_NODES = 2_000_000
# The proof search's second look at a move the author marks right and the reader
# cannot prove (``engines.go.proof``: no cut-offs, for the long chases). The
# library's longest, net-013 C18, takes about 450,000 nodes (5 s); a teacher's
# save gets at most half of what is left of its budget.
DEEP_NODES = 500_000


class ProblemError(ValueError):
    """The problem is wrong; the message says what and where."""


@dataclass(frozen=True)
class Task:
    problem: Problem  # settled
    aim: str
    targets: tuple[int, ...]

    @classmethod
    def from_sgf(cls, text: str | bytes, aim: str) -> Task:
        if aim not in AIMS:
            raise ProblemError(f"aim must be one of {', '.join(AIMS)}, not {aim!r}")
        try:
            problem = read_problem(text).settled()
        except SgfError as error:
            raise ProblemError(str(error)) from None
        if not problem.marked:
            raise ProblemError("no marked stones: put TR[..] on the stones the problem is about")
        board = problem.board()
        owner = opponent(problem.to_move) if aim == "capture" else problem.to_move
        for p in problem.marked:
            if board.cells[p] != owner:
                whose = "the opponent's" if aim == "capture" else "the solver's"
                raise ProblemError(
                    f"marked point {point_name(p, problem.size)} must hold {whose} stone"
                )
        chains = {min(board.chain(p).stones) for p in problem.marked}
        if aim == "save" and len(chains) != 1:
            raise ProblemError("a save problem marks exactly one chain")
        return cls(problem, aim, tuple(sorted(chains)))

    @property
    def size(self) -> int:
        return self.problem.size

    def name(self, point: int | None) -> str:
        return "pass" if point is None else point_name(point, self.size)

    def board(self, moves: list[str] = ()) -> Board:
        """The position after ``moves`` (texts such as ``"B D4"``), the next player to move."""
        board = self.problem.board()
        for text in moves:
            board.play(Move.from_text(text, self.size), enforce_turn=False)
        return board

    def live_targets(self, board: Board) -> list[int]:
        owner = opponent(self.problem.to_move) if self.aim == "capture" else self.problem.to_move
        return [t for t in self.targets if board.cells[t] == owner]

    def achieved(self, board: Board) -> bool:
        """Capture: a marked chain is gone. (A save is proven by reading, not seen.)"""
        return self.aim == "capture" and len(self.live_targets(board)) < len(self.targets)


@dataclass(frozen=True)
class Judgement:
    status: str  # "correct", "wrong", "continue", "illegal"
    move: str = ""  # the learner's move as played ("B D4")
    reply: str | None = None  # the opponent's answer when the problem goes on
    refutation: tuple[str, ...] = ()  # the opponent's answer line to a wrong move
    comment: dict[str, str] = field(default_factory=dict)  # the author's words, if any
    reason: dict[str, str] = field(default_factory=dict)  # why an illegal move is illegal
    in_tree: bool = False  # still on the authored tree after this move and the reply


def _tree_node(task: Task, moves: list[str]) -> list[Node] | None:
    """The authored continuations after ``moves``; None once the learner left the tree."""
    children = task.problem.tree
    for text in moves:
        move = Move.from_text(text, task.size)
        for node in children:
            if node.move == move:
                children = node.children
                break
        else:
            return None
    return children


def _first_line(node: Node) -> tuple[Node, ...]:
    line = []
    while node.children and len(line) < REFUTATION_PLIES:
        node = node.children[0]
        line.append(node)
    return tuple(line)


def _read(
    task: Task,
    board: Board,
    point: int | None,
    budget: Budget,
    *,
    deep: bool = False,
    memo: Memo | None = None,
) -> tuple[bool, tuple[int, ...]]:
    """The reader's verdict on the solver's ``point`` here, with its line.

    With several marked chains (a double atari) capturing any one is enough:
    ``point`` is right when one chain falls against every defence of that chain
    alone, or when after it every defence still leaves some chain capturable.
    ``point`` None reads a move elsewhere that changes nothing here (a tenuki):
    a right line then has no first move. The searches spend ``budget``
    (``OutOfBudget`` when it is not enough). ``deep``: a capture the reader calls
    wrong is read again by the proof search, which finds the captures that need
    more moves than the reader's cut-offs allow; its proof stands (``memo``:
    what the proofs of this problem's earlier positions learned).
    """
    ok, line = _read_fast(task, board, point, budget)
    if ok or not deep:
        return ok, line
    proof = _second_look(task, board, point, budget, memo)
    return (True, proof.line) if proof is not None and proof.status else (ok, line)


def _second_look(
    task: Task, board: Board, point: int | None, budget: Budget, memo: Memo | None
) -> Proof | None:
    """The proof search on a capture the reader calls wrong (None: not read,
    a save or no budget left). A save is not trusted to it: its escape is a
    count of liberties, which a capture proof can afford and a save cannot."""
    if task.aim != "capture":
        return None
    proof = None
    for shared in (memo, None) if memo is not None else (None,):
        # What other lines taught can also lead the search astray: a proof
        # not found with it is looked for again from nothing. Each look takes
        # at most half of what is left, so that a move that fails leaves the
        # rest of the check its budget (and the author a clear reason).
        limit = min(DEEP_NODES, budget.left // 2)
        if limit < 1:
            break
        proof = prove(
            board, task.live_targets(board), point, task.aim, node_limit=limit, memo=shared
        )
        budget.spend(proof.nodes)
        if proof.status is not None:
            break
    return proof


def _read_fast(
    task: Task, board: Board, point: int | None, budget: Budget
) -> tuple[bool, tuple[int, ...]]:
    refutation: tuple[int, ...] = ()
    targets = task.live_targets(board)
    for target in targets:
        ok, line = check_first_move(
            board, target, point, task.aim, budget=budget, ply=len(board.move_stack)
        )
        if ok:
            return True, line
        if len(line) > len(refutation):
            refutation = line
    if task.aim == "capture" and len(targets) > 1:
        ok, line = _read_together(task, board, point, budget)
        if ok or line:
            return ok, line
    return False, refutation


def _read_together(
    task: Task, board: Board, point: int | None, budget: Budget
) -> tuple[bool, tuple[int, ...]]:
    """Capture aim, several chains: after ``point``, does every defence lose one?

    Returns (True, main line) or (False, the defence that saves them all).
    """
    first = () if point is None else (point,)
    if point is not None:
        try:
            board.play(Move(task.problem.to_move, point), enforce_turn=False)
        except IllegalMove:
            return False, ()
    try:
        if task.achieved(board):
            return True, first
        defender = opponent(task.problem.to_move)
        main: tuple[int, ...] = ()
        for reply in _strongest_first(task, board, defender, _defences(task, board)):
            board.play(Move(defender, reply), enforce_turn=False)
            try:
                follow = next(
                    (
                        reading.line
                        for t in _weakest_first(task, board)
                        if (
                            reading := first_capture(
                                board, t, budget=budget, ply=len(board.move_stack)
                            )
                        ).success
                    ),
                    None,
                )
            finally:
                board.pop()
            if follow is None:
                return False, (reply,)
            if not main:
                main = (*first, reply, *follow)
        return True, main or first
    finally:
        if point is not None:
            board.pop()


def _liberties(board: Board, targets: list[int]) -> list[int]:
    return sorted(len(board.chain(t).liberties) for t in targets)


def _strongest_first(task: Task, board: Board, defender: int, replies: list[int]) -> list[int]:
    """The legal ``replies``, those that leave the weakest marked chain most liberties first.

    A defence that saves every chain is usually the one that strengthens the weakest:
    tried first, it ends the reading of a wrong move early (the proof that each chain
    is safe is the expensive part) and it is the answer a learner should see.
    """
    ranked = []
    for reply in replies:
        try:
            board.play(Move(defender, reply), enforce_turn=False)
        except IllegalMove:
            continue
        try:
            libs = _liberties(board, task.live_targets(board))
        finally:
            board.pop()
        ranked.append((-libs[0] if libs else 0, -sum(libs), reply))
    return [reply for *_key, reply in sorted(ranked)]


def _weakest_first(task: Task, board: Board) -> list[int]:
    """The live marked chains, each once (two may have joined), fewest liberties first."""
    chains = {board.chain(t) for t in task.live_targets(board)}
    return [min(c.stones) for c in sorted(chains, key=lambda c: (len(c.liberties), min(c.stones)))]


def _defences(task: Task, board: Board) -> list[int]:
    """The defender's candidate answers: the marked chains' liberties, and the
    liberties of the attacker's chains next to them that are short of liberties."""
    moves: list[int] = []
    attacker = task.problem.to_move
    for target in task.live_targets(board):
        chain = board.chain(target)
        moves.extend(chain.liberties)
        for stone in chain.stones:
            for n in board._neighbors[stone]:
                if board.cells[n] == attacker:
                    enemy = board.chain(n)
                    if len(enemy.liberties) <= 2:
                        moves.extend(enemy.liberties)
    return sorted(set(moves))


def _comment(node: Node) -> dict[str, str]:
    return split_bilingual(node.comment) if node.comment else {}


def judge(
    task: Task,
    moves: list[str],
    text: str,
    *,
    known: Known | None = None,
    budget: Budget | None = None,
) -> Judgement:
    """Judge the solver's move ``text`` (``"D4"``) after ``moves`` (``["B C3", "W D3"]``).

    ``moves`` must be a line this function accepted before (the learner's moves and
    the replies it chose); anything else raises ``ProblemError``. ``known`` is what
    ``prepare`` read out for the first move; a move it does not settle is read now,
    within ``budget`` (``JUDGE_NODES`` when None): ``OutOfBudget`` when that is
    not enough, and nothing is judged.
    """
    try:
        board = task.board(moves)
    except (IllegalMove, ValueError):
        raise ProblemError("the moves so far are not a line of this problem") from None
    if board.to_move != task.problem.to_move:
        raise ProblemError("it is not the solver's turn")
    size = task.size
    try:
        move = board.play(text)
    except IllegalMove as error:
        return Judgement("illegal", reason=error.reason)
    except ValueError as error:
        raise ProblemError(str(error)) from None
    board.pop()
    played = move.text(size)
    if move.point is None:
        return Judgement(
            "wrong",
            played,
            comment={"zh": "停一手解决不了问题。", "en": "Passing does not solve the problem."},
        )
    budget = budget or Budget(JUDGE_NODES)
    known = known if not moves else None
    children = _tree_node(task, moves)
    node = next((n for n in children or () if n.move == move), None)
    if node is not None and node.correct is False:
        line = _first_line(node)
        refutation = tuple(n.move.text(size) for n in line)
        if not refutation:
            _, read_line = _read_known(task, board, move.point, known, budget)
            refutation = _texts(board, read_line[:REFUTATION_PLIES], opponent(move.color))
        return Judgement("wrong", played, refutation=refutation, comment=_comment(node))
    if node is not None:
        board.play(move)
        if task.achieved(board) or not node.children:
            return Judgement("correct", played, comment=_comment(node), in_tree=True)
        reply = node.children[0]
        mine, theirs = _comment(node), _comment(reply)
        comment = {lang: f"{mine[lang]} {theirs[lang]}" for lang in mine} if theirs else mine
        return Judgement(
            "continue",
            played,
            reply=reply.move.text(size),
            comment=(comment if mine else theirs),
            in_tree=True,
        )
    ok, line = _read_known(task, board, move.point, known, budget)
    if not ok:
        shown = _texts(board, line[:REFUTATION_PLIES], opponent(move.color))
        return Judgement("wrong", played, refutation=shown)
    board.play(move)
    if task.achieved(board) or len(line) < 2 or task.aim == "save":
        # A save proven by reading is done: every attack has an answer.
        return Judgement("correct", played)
    (reply,) = _texts(board, line[1:2], opponent(move.color))
    return Judgement("continue", played, reply=reply)


def _texts(board: Board, points: tuple[int, ...], first: int) -> tuple[str, ...]:
    """Moves as texts (``"W D4"``), colours alternating from ``first``."""
    out, color = [], first
    for p in points:
        out.append(Move(color, p).text(board.size))
        color = opponent(color)
    return tuple(out)


# ---------------------------------------------------------------------------
# Reading out in advance what judging needs


Verdict = tuple[bool, tuple[int, ...]]  # right?, and the line (see ``_read``)


@dataclass(frozen=True)
class Known:
    """A problem's start position, read out in advance (``prepare``).

    ``moves``: the verdict of each first move that matters (the reader's own
    candidates, the authored wrong moves without a refutation line). ``tenuki``:
    the verdict of a move elsewhere, which changes nothing here, with the line
    after it; ``region``: every point that reading looked at. A quiet stone on
    any other point (its neighbours empty) leaves every step of the reading as it
    was, since no point it stands on is ever looked at: its verdict is the tenuki's.
    """

    moves: dict[int, Verdict]
    tenuki: Verdict | None = None
    region: frozenset[int] = frozenset()

    def to_json(self) -> dict:
        return {
            "moves": {str(p): [ok, list(line)] for p, (ok, line) in self.moves.items()},
            "tenuki": None if self.tenuki is None else [self.tenuki[0], list(self.tenuki[1])],
            "region": sorted(self.region),
        }

    @classmethod
    def from_json(cls, data: dict) -> Known:
        tenuki = data.get("tenuki")
        return cls(
            moves={int(p): (bool(ok), tuple(line)) for p, (ok, line) in data["moves"].items()},
            tenuki=None if tenuki is None else (bool(tenuki[0]), tuple(tenuki[1])),
            region=frozenset(data.get("region", ())),
        )


def is_tenuki(board: Board, point: int, known: Known) -> bool:
    """Whether the solver's stone at ``point`` on the start position is sure to
    change nothing that ``known``'s tenuki reading looked at (see ``Known``)."""
    if known.tenuki is None or point in known.region or board.cells[point] != EMPTY:
        return False
    return all(board.cells[q] == EMPTY for q in board._neighbors[point])


def _read_known(
    task: Task, board: Board, point: int, known: Known | None, budget: Budget
) -> Verdict:
    """``_read``'s verdict, from ``known`` where it settles the move, else read now."""
    if known is not None:
        if point in known.moves:
            return known.moves[point]
        if is_tenuki(board, point, known):
            ok, line = known.tenuki
            return (True, (point, *line)) if ok else (False, line)
    return _read(task, board, point, budget)


def _read_tenuki(task: Task, board: Board, budget: Budget) -> tuple[Verdict, frozenset[int]]:
    """The verdict of a move elsewhere, and every point its reading looked at.

    The reading runs on cells that note each point read, and with the position's
    history forgotten but for the position itself: the tenuki stone that is not on
    the board would make every later position differ from every earlier one.
    """
    cells, seen = board.cells, board._seen
    read: set[int] = set()
    board.cells = ReadCells(cells, read)
    board._seen = {board._key(board.hash, opponent(task.problem.to_move))}
    try:
        verdict = _read(task, board, None, budget)
    finally:
        board.cells, board._seen = cells, seen
    return verdict, frozenset(read)


def prepare(task: Task, budget: Budget | None = None) -> Known:
    """What judging a first move needs, read out now: the tenuki, and each first
    move that matters which the authored tree does not judge by itself.

    The first move is where a learner tries anything at all; later moves are
    read when they come, within ``JUDGE_NODES``. ``OutOfBudget`` when ``budget``
    (``PREPARE_NODES`` when None) is not enough.
    """
    budget = budget or Budget(PREPARE_NODES)
    board = task.problem.board()
    tenuki, region = _read_tenuki(task, board, budget)
    authored = {n.move.point: n for n in task.problem.tree if n.move.point is not None}
    wanted = {p for t in task.live_targets(board) for p in first_candidates(board, t, task.aim)}
    verdicts = {}
    for point in sorted(wanted | set(authored)):
        node = authored.get(point)
        if node is not None and (node.correct or node.children):
            continue  # the tree judges it
        try:
            board.play(Move(task.problem.to_move, point))
        except IllegalMove:
            continue
        board.pop()
        verdicts[point] = _read(task, board, point, budget)
    return Known(verdicts, tenuki, region)


def verify(task: Task, budget: Budget | None = None) -> list[str]:
    """Everything wrong with the problem, proven by the reader; [] when it is sound.

    ``OutOfBudget`` when the reading needs more than ``budget`` (``PREPARE_NODES``
    when None).
    """
    budget = budget or Budget(PREPARE_NODES)
    problem = task.problem
    errors: list[str] = []
    board = problem.board()
    size = problem.size
    if not problem.tree:
        return ["the solution tree is empty"]
    if not any(n.correct for n in problem.tree if n.move.color == problem.to_move):
        errors.append("no first move is marked right")
    if task.aim == "save":
        danger = first_capture(board, task.targets[0], budget=budget)
        if not danger.success:
            errors.append("the marked stones are not in danger: nothing needs saving")

    memos: dict[tuple[int, ...], Memo] = {}  # by the marked chains still on the board

    def walk(children: list[Node], path: list[str]) -> None:
        for node in children:
            here = [*path, node.move.text(size)]
            where = " ".join(here)
            if node.move.color == problem.to_move:
                if node.move.point is None:
                    if node.correct:
                        errors.append(f"{where}: a pass cannot be right")
                elif not task.live_targets(board):
                    errors.append(f"{where}: the tree goes on after the marked stones are gone")
                else:
                    # A move marked right gets the proof search's second look.
                    deep = bool(node.correct)
                    memo = (
                        memos.setdefault(tuple(task.live_targets(board)), Memo()) if deep else None
                    )
                    ok, _ = _read(task, board, node.move.point, budget, deep=deep, memo=memo)
                    if ok != bool(node.correct):
                        marked = "right" if node.correct else "wrong"
                        proven = "works" if ok else "fails"
                        errors.append(f"{where}: marked {marked}, but the reader says it {proven}")
            board.play(node.move, enforce_turn=False)
            try:
                walk(node.children, here)
            finally:
                board.pop()

    walk(problem.tree, [])
    return errors


def main(argv: list[str] | None = None) -> int:
    """``python -m engines.go.problems capture|save FILE.sgf ...``: verify problem files."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] not in AIMS:
        print("usage: python -m engines.go.problems capture|save FILE.sgf ...", file=sys.stderr)
        return 2
    aim, failed = args[0], 0
    for path in args[1:]:
        try:
            with open(path, "rb") as handle:
                task = Task.from_sgf(handle.read(), aim)
            errors = verify(task)
        except (OSError, ProblemError) as error:
            errors = [str(error)]
        for error in errors:
            print(f"{path}: {error}")
        failed += bool(errors)
    print(f"{len(args) - 1 - failed} sound, {failed} with errors", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = [
    "AIMS",
    "JUDGE_NODES",
    "Judgement",
    "Known",
    "OutOfBudget",
    "ProblemError",
    "Task",
    "judge",
    "prepare",
    "verify",
]
