"""Capture and escape problems (吃子题, 逃子题) found in engine-played games.

``play_game_number(n, seed)`` plays game ``n`` of a run with a simple fighting
player (saves its stones in atari, takes the opponent's, gives atari now and
then, plays near the stones): 9x9, 13x13 and a corner of 19x19 in turn, each
game from its own seeded generator, so a run is the same every time and the
same whatever the number of processes. ``problems_in(game)`` looks at every
position (and at the same stones with the other side to move) for small chains
short of liberties (``candidates``) and reads each one out (``read_out``):

- the reader (``engines.go.reading``) must prove the aim, and a move elsewhere
  must fail; every first move is then judged as the site judges a learner
  (``problems.prepare`` and ``problems.judge``), and the problem is kept only
  with one to ``MAX_ANSWERS`` working first moves, each readable within a
  request's budget, none of them needing a ko;
- ``classify`` names what the answers do from their lines and the shapes on the
  board (capture in one, atari, ladder, net, snapback, throw-in, double atari,
  capturing race; for escapes: extend, connect, capture, counter-atari, race,
  ladder breaker) and gives the themes; a problem it cannot name truly is
  dropped; ``rate`` gives the starting rating, a lone stone in atari at the
  bottom;
- ``to_problem`` writes the SGF: the prompt, every answer with its main line,
  the wrong first moves a learner is likely to try with the reader's refutation,
  each move commented in Chinese and English from what the board shows;
- ``prove`` reads that SGF back and runs ``problems.verify`` and
  ``problems.prepare`` on one budget (``LOAD_NODES``), as ``load_content``
  does: a problem that does not verify, or costs more, is dropped.

The reader is used only through its public functions, so the set can be made
again when the reader improves (``manage.py generate_puzzles go``). ``canonical``
gives the same key to a problem turned, mirrored or with the colours swapped.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ..budget import Budget, OutOfBudget
from . import (
    BLACK,
    EMPTY,
    WHITE,
    Board,
    IllegalMove,
    Move,
    opponent,
    point_name,
    reading,
)
from .problems import JUDGE_NODES, Known, Task, is_tenuki, judge, prepare, verify
from .sgf import Node, Problem, bilingual, write_problem

# ---------------------------------------------------------------------------
# The player


@dataclass(frozen=True)
class Game:
    """One engine-played game: its board size, the window it was played in (a
    corner of 19x19, or the whole board) and its moves."""

    number: int
    size: int
    moves: tuple[int, ...]
    window: tuple[int, int, int, int]  # x0, y0, x1, y1 inclusive


def _in_window(p: int, size: int, window) -> bool:
    y, x = divmod(p, size)
    return window[0] <= x <= window[2] and window[1] <= y <= window[3]


def _chains(board: Board, color: int) -> list:
    seen: set[int] = set()
    out = []
    for p, c in enumerate(board.cells):
        if c == color and p not in seen:
            chain = board.chain(p)
            seen.update(chain.stones)
            out.append(chain)
    return out


def _try(board: Board, p: int) -> bool:
    try:
        board.play(p)
    except IllegalMove:
        return False
    return True


def _own_liberties_after(board: Board, p: int) -> int | None:
    """Liberties of the mover's chain at ``p`` after playing there; None if illegal."""
    if not _try(board, p):
        return None
    try:
        return len(board.chain(p).liberties)
    finally:
        board.pop()


def _is_own_eye(board: Board, p: int, color: int) -> bool:
    return all(board.cells[q] == color for q in board._neighbors[p])


def _local_points(board: Board, window, reach: int = 2) -> list[int]:
    size = board.size
    found = set()
    for p, c in enumerate(board.cells):
        if not c:
            continue
        y, x = divmod(p, size)
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                if abs(dy) + abs(dx) > 3:
                    continue
                yy, xx = y + dy, x + dx
                if 0 <= yy < size and 0 <= xx < size:
                    q = yy * size + xx
                    if not board.cells[q] and _in_window(q, size, window):
                        found.add(q)
    return sorted(found)


def _line_of(p: int, size: int) -> int:
    """1 for the edge (first line), 2 for the second line, ..."""
    y, x = divmod(p, size)
    return min(x, y, size - 1 - x, size - 1 - y) + 1


def choose_move(board: Board, rng: random.Random, window=None) -> int | None:
    """A plausible fighting move for the side to move, with some chance in it.

    Saves its own stones in atari and takes the opponent's (mostly), gives
    atari sometimes, and otherwise plays near the stones, preferring contact
    with the opponent; never fills its own eye, never plays a self-atari.
    """
    size = board.size
    window = window or (0, 0, size - 1, size - 1)
    me, them = board.to_move, opponent(board.to_move)
    mine, theirs = _chains(board, me), _chains(board, them)
    # Save a chain in atari: capture a neighbour in atari or extend.
    weak = [c for c in mine if len(c.liberties) == 1]
    if weak and rng.random() < 0.8:
        options = []
        for chain in weak:
            (lib,) = chain.liberties
            options.append(lib)
            for t in theirs:
                if len(t.liberties) == 1 and any(
                    q in t.stones for s in chain.stones for q in board._neighbors[s]
                ):
                    options.extend(t.liberties)
        best, best_libs = None, 1
        for p in sorted(set(options)):
            libs = _own_liberties_after(board, p)
            if libs is not None and libs > best_libs:
                best, best_libs = p, libs
        if best is not None:
            return best
    # Take a chain in atari.
    prey = [c for c in theirs if len(c.liberties) == 1]
    if prey and rng.random() < 0.8:
        chain = max(prey, key=lambda c: (len(c.stones), min(c.stones)))
        (lib,) = chain.liberties
        if board.is_legal(lib):
            return lib
    # Give atari now and then.
    two = [c for c in theirs if len(c.liberties) == 2]
    if two and rng.random() < 0.3:
        chain = rng.choice(sorted(two, key=lambda c: min(c.stones)))
        libs = sorted(chain.liberties)
        rng.shuffle(libs)
        for p in libs:
            after = _own_liberties_after(board, p)
            if after is not None and after >= 2:
                return p
    # A local move.
    points = _local_points(board, window)
    if not points:
        points = [
            p for p in range(size * size) if not board.cells[p] and _in_window(p, size, window)
        ]
    last = board.move_stack[-1].point if board.move_stack else None
    weighted = []
    nbrs = board._neighbors
    for p in points:
        if _is_own_eye(board, p, me):
            continue
        around = [board.cells[q] for q in nbrs[p]]
        contact, own = around.count(them), around.count(me)
        weight = 1.0 + 2.0 * min(contact, 2) + (1.0 if own == 1 else 0.0)
        weight += 1.5 * _jump(board, p, me)
        if last is not None and _distance(p, last, size) <= 2:
            weight += 2.0
        if own >= 2:
            weight *= 0.3  # filling its own shape
        line = _line_of(p, size)
        if line == 1:
            weight *= 0.3 if contact else 0.03
        elif line == 2 and not contact:
            weight *= 0.4
        weighted.append((weight * weight * rng.random(), p))
    weighted.sort(reverse=True)
    for _weight, p in weighted[:12]:
        libs = _own_liberties_after(board, p)
        if libs is not None and libs >= 2 and (libs >= 3 or rng.random() < 0.4):
            return p
    return None


def _distance(p: int, q: int, size: int) -> int:
    (py, px), (qy, qx) = divmod(p, size), divmod(q, size)
    return max(abs(py - qy), abs(px - qx))


def _jump(board: Board, p: int, color: int) -> int:
    """1 when ``p`` is a one-space jump from a stone of ``color`` (the point between empty)."""
    size = board.size
    y, x = divmod(p, size)
    for dy, dx in ((0, 2), (0, -2), (2, 0), (-2, 0)):
        yy, xx = y + dy, x + dx
        if 0 <= yy < size and 0 <= xx < size:
            mid = (y + dy // 2) * size + x + dx // 2
            if board.cells[yy * size + xx] == color and not board.cells[mid]:
                return 1
    return 0


def _opening(size: int, window, rng: random.Random) -> list[int]:
    lines = (3, 4) if size >= 13 else (3, 4, 5)
    return [
        p for p in range(size * size) if _line_of(p, size) in lines and _in_window(p, size, window)
    ]


def play_game(number: int, size: int, rng: random.Random, *, moves: int, window=None) -> Game:
    window = window or (0, 0, size - 1, size - 1)
    board = Board(size)
    opening = _opening(size, window, rng)
    for _ in range(rng.randint(2, 4)):
        free = [p for p in opening if not board.cells[p]]
        board.play(rng.choice(free))
    while len(board.move_stack) < moves:
        move = choose_move(board, rng, window)
        if move is None:
            break
        board.play(move)
    return Game(number, size, tuple(m.point for m in board.move_stack), window)


def play_game_number(number: int, seed: int, most: int | None = None) -> Game:
    """Game ``number`` of the run ``seed``, from its own generator (so the same
    whatever else the run plays): 9x9, 13x13 and 19x19 corners in turn. ``most``
    cuts the game short after that many moves (a quick trial run)."""
    rng = random.Random(f"{seed}-{number}")
    kind = number % 3

    def length(low: int, high: int) -> int:
        moves = rng.randint(low, high)
        return moves if most is None else min(moves, most)

    if kind == 0:
        return play_game(number, 9, rng, moves=length(16, 44))
    if kind == 1:
        return play_game(number, 13, rng, moves=length(20, 60))
    x0, y0 = rng.choice([(0, 0), (9, 0), (0, 9), (9, 9)])
    window = (x0, y0, x0 + 9, y0 + 9)
    return play_game(number, 19, rng, moves=length(14, 40), window=window)


def play_games(count: int, *, seed: int) -> Iterator[Game]:
    """Games 0 to ``count - 1`` of the run ``seed`` (``play_game_number``)."""
    for number in range(count):
        yield play_game_number(number, seed)


def positions(game: Game, start: int = 6) -> Iterator[tuple[int, Board]]:
    """Every position of the game from move ``start`` on, with the player to move,
    then the same stones with the other player to move (as if the last player
    had played once more: a stone just put in atari can be taken at once)."""
    board = Board(game.size)
    for ply, p in enumerate(game.moves):
        board.play(p)
        if ply + 1 >= start:
            yield ply + 1, board.copy()
            other = Board.setup(
                game.size,
                board.stones(BLACK),
                board.stones(WHITE),
                opponent(board.to_move),
            )
            yield ply + 1, other


# ---------------------------------------------------------------------------
# Reading a problem out


MAX_ANSWERS = 2  # working first moves a kept problem may have
MAX_TARGET_STONES = 6
MAX_STONES = {9: 36, 13: 56, 19: 44}  # more than this is no longer a clear local fight
SCAN_NODES = 40_000  # what reading the start out in advance may cost (``prepare``)
WRONG_BRANCHES = 3  # likely wrong first moves given their own branch


def _is_ko_shape(cells, nbrs, point: int, taken: int) -> bool:
    other = 3 - cells[point]
    return all(q == taken or cells[q] == other for q in nbrs[point])


def is_ko_capture(board: Board, point: int, color: int | None = None) -> bool:
    """Whether ``color`` (the player to move), playing ``point``, takes a ko."""
    color = board.to_move if color is None else color
    if board.cells[point] != EMPTY:
        return False
    try:
        board.play(Move(color, point), enforce_turn=False)
    except IllegalMove:
        return False
    try:
        captured = board._undo[-1].captured
        return len(captured) == 1 and _is_ko_shape(
            board.cells, board._neighbors, point, captured[0]
        )
    finally:
        board.pop()


@dataclass
class Found:
    """A problem found in a game, proven, with everything its SGF needs."""

    size: int
    black: tuple[int, ...]
    white: tuple[int, ...]
    to_move: int
    aim: str  # "capture" or "save"
    targets: tuple[int, ...]  # one stone of each marked chain
    game: int = -1
    ply: int = 0
    answers: tuple[int, ...] = ()  # every working first move, the main one first
    lines: dict = field(default_factory=dict)  # answer -> main line (starting with it)
    wrong: dict = field(default_factory=dict)  # likely wrong first move -> refutation
    nodes: int = 0  # reading nodes spent finding and proving it
    kind: str = ""  # what the main answer does (``KINDS``)
    themes: tuple[str, ...] = ()
    rating: int = 0
    facts: dict = field(default_factory=dict)  # what the comments say, worked out

    @classmethod
    def at(cls, board: Board, aim: str, targets, game: int = -1, ply: int = 0) -> Found:
        return cls(
            board.size,
            tuple(board.stones(BLACK)),
            tuple(board.stones(WHITE)),
            board.to_move,
            aim,
            tuple(sorted(targets)),
            game,
            ply,
        )

    def board(self) -> Board:
        return Board.setup(self.size, self.black, self.white, self.to_move)

    def marked(self) -> list[int]:
        board = self.board()
        return sorted(s for t in self.targets for s in board.chain(t).stones)

    def task(self) -> Task:
        problem = Problem(
            self.size, list(self.black), list(self.white), self.to_move, marked=self.marked()
        )
        return Task(problem, self.aim, self.targets)

    @property
    def stones(self) -> int:
        return len(self.black) + len(self.white)

    @property
    def opponent(self) -> int:
        return opponent(self.to_move)


def _touches(board: Board, stones, other_stones) -> bool:
    nbrs = board._neighbors
    return any(q in other_stones for s in stones for q in nbrs[s])


def _clear(board: Board, targets: list) -> bool:
    """No chain in atari on the board but the targets and the chains next to them:
    nothing else urgent distracts from the fight."""
    involved: set[int] = set()
    for t in targets:
        involved |= t.stones
    for color in (BLACK, WHITE):
        for chain in _chains(board, color):
            if len(chain.liberties) == 1 and not (
                chain.stones & involved or _touches(board, chain.stones, involved)
            ):
                return False
    return True


def candidates(board: Board) -> Iterator[tuple[str, tuple[int, ...]]]:
    """The (aim, targets) worth reading in a position, the solver to move.

    Capture: an opponent chain of 1 to 3 liberties, or two opponent chains of two
    liberties that one move puts in atari together (a double atari). Save: a chain
    of the solver's of 1 to 3 liberties. Small chains only, and only when nothing
    else on the board is in atari.
    """
    me, them = board.to_move, opponent(board.to_move)
    theirs = [c for c in _chains(board, them) if len(c.liberties) <= 3]
    mine = [c for c in _chains(board, me) if len(c.liberties) <= 3]
    for chain in sorted(theirs, key=lambda c: min(c.stones)):
        if len(chain.stones) <= MAX_TARGET_STONES and _clear(board, [chain]):
            yield "capture", (min(chain.stones),)
    for chain in sorted(mine, key=lambda c: min(c.stones)):
        if len(chain.stones) <= MAX_TARGET_STONES and _clear(board, [chain]):
            yield "save", (min(chain.stones),)
    two = [c for c in theirs if len(c.liberties) == 2 and len(c.stones) <= MAX_TARGET_STONES]
    two.sort(key=lambda c: min(c.stones))
    for i, a in enumerate(two):
        for b in two[i + 1 :]:
            if a.liberties & b.liberties and _clear(board, [a, b]):
                yield "capture", (min(a.stones), min(b.stones))


def quick_look(board: Board, aim: str, targets) -> bool:
    """The cheap first filter, before the full scan: a move elsewhere fails, the
    reader proves the aim, and few of its own candidates work."""
    if len(targets) == 2:
        # A double atari: each chain alone escapes, the two together do not.
        return not any(reading.first_capture(board, t).success for t in targets)
    (target,) = targets
    if aim == "capture":
        tenuki, _line = reading.check_first_move(board, target, None, "capture")
        if tenuki:
            return False
        result = reading.attack(board, target)
        return result.complete and result.success and len(result.correct_moves) <= MAX_ANSWERS
    result = reading.defend(board, target)
    return (
        result.complete
        and result.success
        and result.move is not None
        and len(result.correct_moves) <= MAX_ANSWERS
    )


def _works(verdict) -> bool:
    return verdict.status in ("correct", "continue")


def scan(task: Task) -> tuple[tuple[int, ...], Known, int] | None:
    """Every working first move, on every empty point; None unless each reading
    finishes within a request's budget, a move elsewhere fails, and one to
    ``MAX_ANSWERS`` moves work.

    The check is the site's own: ``prepare`` reads the start out (the tenuki, the
    reader's candidates) and ``judge`` reads each point the tenuki's reading
    looked at (``Known.region``). A stone on any other point that takes nothing
    leaves every cell that reading looked at as it was, so the reader's verdict
    there is the tenuki's, at the tenuki's cost: one such point is judged to
    show that the cost fits a request. Returns (the working moves, what
    ``prepare`` read, the nodes spent).
    """
    board = task.problem.board()
    size = task.size
    try:
        budget = Budget(SCAN_NODES)
        known = prepare(task, budget)
        spent = budget.spent
        if known.tenuki is None or known.tenuki[0]:
            return None  # a move elsewhere does it: nothing to solve
        if sum(ok for ok, _ in known.moves.values()) > MAX_ANSWERS:
            return None
        working = []
        sampled = False
        for point in range(size * size):
            if board.cells[point] != EMPTY or is_tenuki(board, point, known):
                continue
            if point not in known.region and _takes_nothing(board, point):
                if sampled:
                    continue
                sampled = True
            budget = Budget(JUDGE_NODES)
            verdict = judge(task, [], point_name(point, size), known=known, budget=budget)
            spent += budget.spent
            if _works(verdict):
                working.append(point)
                if len(working) > MAX_ANSWERS:
                    return None
    except OutOfBudget:
        return None
    if not working:
        return None
    return tuple(working), known, spent


def _takes_nothing(board: Board, point: int) -> bool:
    """Whether the player to move may play ``point`` and it captures nothing."""
    try:
        board.play(point)
    except IllegalMove:
        return True  # not a move at all: judged illegal, never right
    try:
        return not board._undo[-1].captured
    finally:
        board.pop()


def takes_a_ko(found: Found, answer: int) -> bool:
    """Whether the reader's lines after ``answer`` take a ko anywhere: after each
    reply the reader considers, the line it reads on.

    The reader takes kos but does not fight them (there are no ko threats in a
    local reading): a problem is kept only when its answer works without one.
    The reader's public functions give its lines, not its whole proof, so this
    looks two plies deep (every reply to the answer) and along each line read
    from there; a ko deeper in a side line is not seen.
    """
    board = found.board()
    solver = found.to_move
    if _has_ko(found, (answer,)):
        return True
    board.play(Move(solver, answer), enforce_turn=False)
    for target in found.targets:
        if board.cells[target] == EMPTY:
            continue
        replies = reading.first_candidates(
            board, target, "save" if found.aim == "capture" else "capture"
        )
        for reply in replies:
            try:
                board.play(Move(found.opponent, reply), enforce_turn=False)
            except IllegalMove:
                continue
            try:
                if board.cells[target] == EMPTY:
                    continue
                if found.aim == "capture":
                    line = reading.first_capture(board, target, budget=Budget(JUDGE_NODES)).line
                else:
                    line = reading.defend(board, target, node_limit=JUDGE_NODES).line
            except OutOfBudget:
                return True
            finally:
                board.pop()
            if _has_ko(found, (answer, reply, *line)):
                return True
    return False


def _name(point: int, size: int) -> str:
    return point_name(point, size)


def main_line(found: Found, first: int) -> tuple[int, ...] | None:
    """The reader's main line after the answer ``first``: the opponent's strongest
    resistance, to the capture (a capture aim) or just the saving move (a save)."""
    board = found.board()
    if found.aim == "save":
        return (first,)
    if len(found.targets) == 1:
        ok, line = reading.check_first_move(
            board, found.targets[0], first, "capture", budget=Budget(JUDGE_NODES)
        )
        return line if ok else None
    # A double atari: the reply that saves the weaker chain, then take the other.
    task = found.task()
    solver = found.to_move
    verdict = judge(task, [], _name(first, found.size), budget=Budget(JUDGE_NODES))
    if verdict.status == "correct":
        return (first,)
    if verdict.status != "continue" or verdict.reply is None:
        return None
    reply = Move.from_text(verdict.reply, found.size).point
    board.play(Move(solver, first), enforce_turn=False)
    board.play(Move(opponent(solver), reply), enforce_turn=False)
    for target in found.targets:
        if board.cells[target] == opponent(solver):
            chain = board.chain(target)
            if len(chain.liberties) == 1:
                return (first, reply, *chain.liberties)
    return None


def refutation(found: Found, point: int) -> tuple[int, ...] | None:
    """The opponent's answer line to the wrong first move ``point`` (as the site
    shows it), or None when the move is illegal or works."""
    task = found.task()
    try:
        verdict = judge(task, [], _name(point, found.size), budget=Budget(JUDGE_NODES))
    except OutOfBudget:
        return None
    if verdict.status != "wrong" or not verdict.refutation:
        return None
    line = []
    for text in verdict.refutation:
        move = Move.from_text(text, found.size)
        if move.point is None:
            break
        line.append(move.point)
    return tuple(line) or None


def likely_wrong(found: Found, known: Known) -> list[int]:
    """The wrong first moves a learner is likely to try: the marked chains'
    liberties, captures next to them, then the reader's own candidates."""
    board = found.board()
    order: list[int] = []
    for target in found.targets:
        chain = board.chain(target)
        order.extend(sorted(chain.liberties))
        for enemy in _neighbour_chains(board, chain):
            if len(enemy.liberties) == 1:
                order.extend(enemy.liberties)
    for target in found.targets:
        order.extend(reading.first_candidates(board, target, found.aim))
    picked: list[int] = []
    for point in order:
        if point in picked or point in found.answers or len(picked) >= WRONG_BRANCHES:
            continue
        if board.cells[point] != EMPTY or not board.is_legal(point):
            continue
        if point in known.moves and known.moves[point][0]:
            continue
        picked.append(point)
    return picked


def _neighbour_chains(board: Board, chain) -> list:
    seen: set[int] = set()
    out = []
    other = opponent(chain.color)
    for s in sorted(chain.stones):
        for q in board._neighbors[s]:
            if board.cells[q] == other and q not in seen:
                enemy = board.chain(q)
                seen |= enemy.stones
                out.append(enemy)
    return out


def read_out(
    board: Board, aim: str, targets, *, game: int = -1, ply: int = 0, figures: Figures | None = None
) -> Found | None:
    """The problem (``aim`` on ``targets``, the player to move solving) proven and
    classified, or None when it is not one we keep (``figures`` counts why)."""
    figures = figures if figures is not None else Figures()
    found = Found.at(board, aim, targets, game, ply)
    if not quick_look(found.board(), aim, found.targets):
        figures.dropped["not a problem"] += 1
        return None
    task = found.task()
    scanned = scan(task)
    if scanned is None:
        figures.dropped["too many answers or too costly"] += 1
        return None
    answers, known, found.nodes = scanned
    found.facts["tenuki_line"] = known.tenuki[1]
    if any(takes_a_ko(found, a) for a in answers):
        figures.dropped["needs a ko"] += 1
        return None
    lines = {}
    for answer in answers:
        line = main_line(found, answer)
        if not line or _has_ko(found, line):
            figures.dropped["needs a ko"] += 1
            return None
        lines[answer] = line
    found.answers, found.lines = answers, lines
    for point in likely_wrong(found, known):
        line = refutation(found, point)
        if line and not _has_ko(found, (point, *line)):
            found.wrong[point] = line
    if not classify(found):
        figures.dropped["no name for it"] += 1
        return None
    found.rating = rate(found)
    return found


def _has_ko(found: Found, line) -> bool:
    board = found.board()
    color = found.to_move
    for point in line:
        if is_ko_capture(board, point, color):
            return True
        board.play(Move(color, point), enforce_turn=False)
        color = opponent(color)
    return False


# ---------------------------------------------------------------------------
# What a line does, move by move


@dataclass(frozen=True)
class Step:
    """One move of a line, and what it did."""

    point: int
    color: int
    captured: tuple[int, ...]  # the stones it took
    libs: tuple[int | None, ...]  # liberties of each marked chain after it (None: taken)
    own_libs: int  # liberties of the mover's chain at ``point`` after it
    alone: bool  # no stone of the mover's next to ``point`` before it (a lone stone)
    on_liberty: bool  # on a liberty of a marked chain
    joined: frozenset[int]  # stones of the mover's other chains it joined to a marked chain
    with_marked: bool = False  # the mover's chain at ``point`` holds a marked stone

    @property
    def took_target(self) -> bool:
        return None in self.libs


def replay(found: Found, line, board: Board | None = None) -> list[Step]:
    """Play ``line`` (the solver first) from the start and describe every move."""
    board = board or found.board()
    color = found.to_move
    marked = found.marked()
    steps = []
    for point in line:
        nbrs = board._neighbors[point]
        before = {}
        for t in found.targets:
            if board.cells[t] != EMPTY:
                before[t] = board.chain(t)
        on_liberty = any(point in chain.liberties for chain in before.values())
        alone = all(board.cells[q] != color for q in nbrs)
        own_before = {
            min(board.chain(q).stones): board.chain(q).stones
            for q in nbrs
            if board.cells[q] == color
        }
        board.play(Move(color, point), enforce_turn=False)
        captured = tuple(sorted(board._undo[-1].captured))
        libs = []
        for t in found.targets:
            libs.append(len(board.chain(t).liberties) if board.cells[t] != EMPTY else None)
        joined: set[int] = set()
        if any(board.cells[m] == color for m in marked):
            chain = board.chain(point).stones
            if any(m in chain for m in marked):
                for stones in own_before.values():
                    if not stones & set(marked):
                        joined |= stones
        steps.append(
            Step(
                point,
                color,
                captured,
                tuple(libs),
                len(board.chain(point).liberties),
                alone,
                on_liberty,
                frozenset(joined),
                any(m in board.chain(point).stones for m in marked),
            )
        )
        color = opponent(color)
    return steps


def _xy(point: int, size: int) -> tuple[int, int]:
    y, x = divmod(point, size)
    return x, y


def _diagonal(p: int, q: int, size: int) -> bool:
    (px, py), (qx, qy) = _xy(p, size), _xy(q, size)
    return abs(px - qx) == 1 and abs(py - qy) == 1


def _on_edge(points, size: int) -> bool:
    return any(_line_of(p, size) == 1 for p in points)


def ladder_shape(steps: list[Step], size: int) -> int:
    """The number of ataris when ``steps`` (the attacker first) is a ladder (征子),
    else 0: every attacking move an atari, every defence an extension to two
    liberties, at least three ataris, and the defender's stones running
    diagonally (a staircase), until the chain is taken."""
    attacks, defences = steps[0::2], steps[1::2]
    if not attacks or not attacks[-1].took_target:
        return 0
    ataris = attacks[:-1]
    if len(ataris) < 3 or any(s.libs[0] != 1 for s in ataris):
        return 0
    if any(not d.on_liberty or d.captured or d.libs[0] != 2 for d in defences):
        return 0
    run = [d.point for d in defences]
    if not any(_diagonal(a, b, size) for a, b in zip(run, run[1:], strict=False)):
        return 0
    return len(ataris)


def snapback_line(found: Found, first: int) -> tuple[int, int, int] | None:
    """(first, the opponent's capture, the recapture) when ``first`` is a snapback
    (倒扑): a lone stone in atari that, once taken, leaves the takers in atari, so
    that the solver takes them back, marked stones among them, more than one stone."""
    board = found.board()
    solver, other = found.to_move, found.opponent
    board.play(Move(solver, first), enforce_turn=False)
    chain = board.chain(first)
    if len(chain.liberties) != 1 or board._undo[-1].captured:
        return None
    (take,) = chain.liberties
    try:
        board.play(Move(other, take), enforce_turn=False)
    except IllegalMove:
        return None
    if board.cells[first] != EMPTY:
        return None
    for target in found.targets:
        if board.cells[target] != other:
            continue
        libs = board.chain(target).liberties
        if len(libs) != 1:
            continue
        (back,) = libs
        if is_ko_capture(board, back, solver):
            continue
        try:
            board.play(Move(solver, back), enforce_turn=False)
        except IllegalMove:
            continue
        taken = board._undo[-1].captured
        if len(taken) >= 2 and target in taken:
            return first, take, back
        board.pop()
    return None


KINDS = {
    # capture
    "capture-in-one": ("atari",),
    "atari": ("atari",),
    "double-atari": ("double-atari",),
    "ladder": ("ladder",),
    "net": ("net",),
    "snapback": ("snapback",),
    "throw-in": ("throw-in",),
    "race": ("capturing-race",),
    # save
    "escape-extend": ("escape",),
    "escape-connect": ("connect", "escape"),
    "escape-capture": ("escape",),
    "escape-counter-atari": ("escape", "atari"),
    "escape-race": ("capturing-race", "escape"),
    "escape-breaker": ("escape", "ladder-breaker"),
}


def _kind(found: Found, first: int, steps: list[Step]) -> str | None:
    """What the answer ``first`` does, told from its line and the shapes; None
    when it is none of the kinds we can name truly. Notes in ``found.facts``
    what the comments will say."""
    board = found.board()
    s0 = steps[0]
    if found.aim == "save":
        return _escape_kind(found, board, first, steps)
    if len(found.targets) == 2:
        return "double-atari" if s0.libs == (1, 1) else None
    (target,) = found.targets
    chain = board.chain(target)
    libs = len(chain.liberties)
    if s0.took_target:
        return "capture-in-one" if libs == 1 and len(steps) == 1 else None
    if s0.captured:
        return None  # takes something else first: not a kind we teach here
    if s0.own_libs == 1:  # a self-atari: a stone offered
        if not s0.alone:
            return None
        return "snapback" if snapback_line(found, first) else "throw-in"
    race = _race(found, board, chain)
    if race:
        if not s0.on_liberty:
            return None
        found.facts["race"] = min(min(c.stones) for c in race)
        return "race"
    attacks = steps[0::2]
    if s0.libs[0] == 1:
        if all(s.took_target or s.libs[0] == 1 for s in attacks) and attacks[-1].took_target:
            return "ladder" if ladder_shape(steps, found.size) else "atari"
        return None
    if s0.on_liberty or libs < 2 or first not in _second_liberty_reach(board, chain):
        return None
    found.facts["net_most"] = _most_after_extending(found, first)
    return "net"


def _most_after_extending(found: Found, first: int) -> int:
    """After the net ``first``, the most liberties the marked chain gets by
    extending to one of its liberties."""
    board = found.board()
    board.play(Move(found.to_move, first), enforce_turn=False)
    (target,) = found.targets
    most = 0
    for lib in sorted(board.chain(target).liberties):
        try:
            board.play(Move(found.opponent, lib), enforce_turn=False)
        except IllegalMove:
            continue
        most = max(most, len(board.chain(target).liberties))
        board.pop()
    return most


def _second_liberty_reach(board: Board, chain) -> set[int]:
    """The empty points one or two steps beyond the chain's liberties: where a net is."""
    reach = set()
    for lib in chain.liberties:
        for q in board._neighbors[lib]:
            if board.cells[q] == EMPTY:
                reach.add(q)
                reach.update(r for r in board._neighbors[q] if board.cells[r] == EMPTY)
    return reach - set(chain.liberties)


def _race(found: Found, board: Board, chain) -> list:
    """The solver's chains next to the marked chain that the opponent, moving
    first, goes after in its saving line (a capturing race, 对杀): at most 3
    liberties each, while the marked chain has 2 or more."""
    if len(chain.liberties) < 2:
        return []
    tenuki = found.facts.get("tenuki_line", ())
    short = [c for c in _neighbour_chains(board, chain) if len(c.liberties) <= 3]
    return [c for c in short if any(p in c.liberties for p in tenuki[0::2])]


def _escape_kind(found: Found, board: Board, first: int, steps: list[Step]) -> str | None:
    s0 = steps[0]
    (target,) = found.targets
    chain = board.chain(target)
    enemies = _neighbour_chains(board, chain)
    if s0.captured:
        if any(set(s0.captured) & e.stones for e in enemies):
            return "escape-capture"
        return None
    if s0.joined:
        return "escape-connect"
    if s0.on_liberty:
        return "escape-extend" if s0.libs[0] > len(chain.liberties) else None
    for enemy in enemies:
        if first in enemy.liberties:
            found.facts["enemy"] = min(enemy.stones)
            if len(enemy.liberties) == 2:
                return "escape-counter-atari"
            return "escape-race" if len(chain.liberties) >= 2 else None
    # Away from the fight: a ladder breaker, if the attack it stops is a ladder
    # and the stone stands on its path.
    tenuki = found.facts.get("tenuki_line", ())
    attack = replace(found, to_move=found.opponent, aim="capture")
    if tenuki and ladder_shape(replay(attack, tenuki), found.size):
        size = found.size
        if any(_distance(first, p, size) <= 1 for p in tenuki):
            return "escape-breaker"
    return None


def classify(found: Found) -> bool:
    """Name what every answer does (one kind for all of them), and the themes."""
    kinds = set()
    for answer in found.answers:
        steps = replay(found, found.lines[answer])
        if found.aim == "capture" and len(found.targets) == 1 and steps[0].libs[0] == 1:
            # An atari: show the chase the way it is taught, the chain running
            # (extending) each time, when that is how it ends, taken.
            line, escaped = chase(found, answer)
            if not escaped and replay(found, line)[-1].took_target:
                found.lines[answer] = line
                steps = replay(found, line)
        kinds.add(_kind(found, answer, steps))
    if len(kinds) != 1 or None in kinds:
        return False
    (kind,) = kinds
    found.kind = kind
    themes = list(KINDS[kind])
    if kind == "snapback":
        # Show the capture and the recapture (the opponent may resist otherwise:
        # the reader proved the answer against every reply).
        for answer in found.answers:
            found.lines[answer] = snapback_line(found, answer)
        themes.append("throw-in")  # the offered stone is a lone stone: 扑
    if kind == "ladder" and _breaker(found):
        themes.append("ladder-breaker")
    if kind == "atari" and _on_edge(found.marked(), found.size):
        themes.append("edge")
    found.themes = tuple(themes)
    return True


def _breaker(found: Found) -> int | None:
    """A stone of the opponent's that the ladder from the other side runs into
    (引征): the other atari is played out as a ladder (``chase``); when, after
    two ataris or more, an extension joins a stone that was on the board, the
    stone is the breaker and the chase becomes that wrong move's branch."""
    board = found.board()
    (target,) = found.targets
    start = board.chain(target)
    other = found.opponent
    for point in sorted(start.liberties):
        if point in found.answers:
            continue
        line, escaped = chase(found, point)
        if not escaped or len(line) < 4:
            continue
        probe = found.board()
        color = found.to_move
        for number, move in enumerate(line):
            probe.play(Move(color, move), enforce_turn=False)
            if color == other and number >= 3:
                joined = [
                    s
                    for s in sorted(probe.chain(target).stones)
                    if board.cells[s] == other and s not in start.stones
                ]
                if joined:
                    found.facts["breaker"] = joined[0]
                    found.facts["breaker_move"] = point
                    found.wrong[point] = line[1:]
                    return joined[0]
            color = opponent(color)
    return None


def chase(found: Found, first: int, limit: int = 40) -> tuple[tuple[int, ...], bool]:
    """A ladder played out from the atari ``first``: the defender extends, the
    attacker ataris again from the side that leaves the fewest liberties, until
    the chain is taken or has three liberties. Returns (the line, escaped)."""
    board = found.board()
    (target,) = found.targets
    solver, other = found.to_move, found.opponent
    line = [first]
    board.play(Move(solver, first), enforce_turn=False)
    while len(line) < limit:
        if board.cells[target] != other:
            return tuple(line), False
        libs = board.chain(target).liberties
        if len(libs) != 1:
            return tuple(line), len(libs) >= 3
        (run,) = libs
        try:
            board.play(Move(other, run), enforce_turn=False)
        except IllegalMove:
            return tuple(line), False
        line.append(run)
        libs = board.chain(target).liberties
        if len(libs) != 2:
            return tuple(line), len(libs) >= 3
        best = None
        for atari in sorted(libs):
            try:
                board.play(Move(solver, atari), enforce_turn=False)
            except IllegalMove:
                continue
            after = board.chain(target).liberties if board.cells[target] == other else ()
            score = 0
            if len(after) == 1:
                (next_run,) = after
                try:
                    board.play(Move(other, next_run), enforce_turn=False)
                    score = len(board.chain(target).liberties)
                    board.pop()
                except IllegalMove:
                    score = 0
            board.pop()
            if len(after) == 1 and (best is None or score < best[0]):
                best = (score, atari)
        if best is None:
            return tuple(line), True
        board.play(Move(solver, best[1]), enforce_turn=False)
        line.append(best[1])
    return tuple(line), False


# ---------------------------------------------------------------------------
# Difficulty


BASE_RATING = {
    "capture-in-one": 350,
    "escape-extend": 450,  # out of atari; 700 for a chain of two or three liberties
    "escape-capture": 500,  # 750 when the captured chain was not in atari
    "atari": 600,  # 550 on the edge
    "escape-connect": 600,  # 750 for a chain of two or three liberties
    "double-atari": 750,
    "ladder": 800,
    "escape-counter-atari": 900,
    "net": 1000,
    "snapback": 1050,
    "escape-race": 1100,
    "escape-breaker": 1100,
    "race": 1150,
    "throw-in": 1250,
}


def rate(found: Found) -> int:
    """The starting rating: the kind's base, then the line's length and quiet
    moves, the stones on the board (more to look at), the board size and the
    number of answers. Rounded to 25."""
    board = found.board()
    kind = found.kind
    main = found.lines[found.answers[0]]
    steps = replay(found, main)
    rating = BASE_RATING[kind]
    chain = board.chain(found.targets[0])
    libs = len(chain.liberties)
    if kind in ("escape-extend", "escape-connect") and libs >= 2:
        rating += 250 if kind == "escape-extend" else 150
    if kind == "escape-capture" and libs >= 2:
        rating += 150  # nothing in atari on its side: seeing the capture is the point
    if kind == "escape-extend" and libs == 1 and steps[0].libs[0] == 2:
        rating += 100  # out of atari, but only just
    if kind == "atari" and "edge" in found.themes:
        rating -= 50
    if kind == "capture-in-one":
        rating += 25 * min(len(chain.stones) - 1, 3)
    attacks = steps[0::2]
    quiet = sum(
        1
        for s in attacks[1:]
        if not s.took_target and not any(lib == 1 for lib in s.libs if lib is not None)
    )
    rating += 50 * quiet
    if kind == "ladder":
        rating += 20 * (ladder_shape(steps, found.size) - 3)
        if "ladder-breaker" in found.themes:
            rating += 150
    elif found.aim == "capture":
        rating += 15 * max(len(attacks) - 2, 0)
    rating += max(-30, min(75, 3 * (found.stones - 12)))
    rating += {9: 0, 13: 25, 19: 40}[found.size]
    if len(found.answers) > 1:
        rating -= 50
    return int(max(300, min(1600, round(rating / 25) * 25)))


# ---------------------------------------------------------------------------
# Words


COLOR = {BLACK: ("黑", "Black"), WHITE: ("白", "White")}


class Words:
    """The sentences of one problem's comments, in Chinese and English."""

    def __init__(self, found: Found):
        self.found = found
        self.size = found.size
        self.s_zh, self.s_en = COLOR[found.to_move]
        self.o_zh, self.o_en = COLOR[found.opponent]
        marked = found.marked()
        self.many = len(marked) > 1

    def p(self, point: int) -> str:
        return point_name(point, self.size)

    @property
    def marked_en(self) -> str:
        return "the marked stones" if self.many else "the marked stone"

    @property
    def they(self) -> str:
        return "they" if self.many else "it"

    @property
    def have(self) -> str:
        return "have" if self.many else "has"

    def marked_zh(self) -> str:
        owner = self.o_zh if self.found.aim == "capture" else self.s_zh
        return f"△{owner}子"

    def prompt(self) -> str:
        found = self.found
        if found.aim == "save":
            return bilingual(
                f"{self.s_zh}先，救出△{self.s_zh}子。",
                f"{self.s_en} to play: save {self.marked_en}.",
            )
        if len(found.targets) == 2:
            return bilingual(
                f"{self.s_zh}先，吃掉两块△{self.o_zh}子中的一块。",
                f"{self.s_en} to play: capture one of the two marked groups.",
            )
        return bilingual(
            f"{self.s_zh}先，吃掉△{self.o_zh}子。",
            f"{self.s_en} to play: capture {self.marked_en}.",
        )


NUMBERS_ZH = "零一两三四五六七八九十"


def _number_zh(n: int) -> str:
    return NUMBERS_ZH[n] if 0 <= n <= 10 else str(n)


def _libs_zh(k: int) -> str:
    return _number_zh(k)


def _libs_en(k: int) -> str:
    return "one liberty" if k == 1 else f"{k} liberties"


def _stones(n: int) -> tuple[str, str]:
    return (f"{_number_zh(n)}颗", "a stone" if n == 1 else f"{n} stones")


def step_words(
    w: Words, step: Step, *, again: bool = False, winning: bool = True
) -> tuple[str, str]:
    """What one move of a line does, said plainly (from the board, not guessed).

    ``again``: the mover's previous move in the line was an atari too;
    ``winning``: the line is the solver's winning line (a wrong move's line says
    nothing of where it ends up but what the board shows).
    """
    found = w.found
    p = w.p(step.point)
    solver = step.color == found.to_move
    libs = [k for k in step.libs if k is not None]
    k = min(libs) if libs else 0
    double = len(found.targets) > 1
    if found.aim == "capture":
        if solver:
            if step.took_target:
                zh, en = _stones(len(step.captured))
                return f"{w.s_zh}{p}提掉{zh}{w.o_zh}子。", f"{w.s_en} {p} captures {en}."
            if k == 1:
                if again:
                    return f"{w.s_zh}{p}再叫吃。", f"{w.s_en} {p}: atari again."
                return f"{w.s_zh}{p}叫吃。", f"{w.s_en} {p}: atari."
            if step.on_liberty and not double:
                return (
                    f"{w.s_zh}{p}紧气，{w.marked_zh()}只剩{_libs_zh(k)}口气。",
                    f"{w.s_en} {p} takes a liberty: {_libs_en(k)} left.",
                )
            if winning:
                return f"{w.s_zh}{p}，{w.o_zh}子还是逃不出去。", f"{w.s_en} {p}: still no way out."
            return f"{w.s_zh}{p}。", f"{w.s_en} {p}."
        # the defender: the liberties of its chain there, when that chain is a marked one
        here = step.own_libs
        if step.captured:
            zh, en = _stones(len(step.captured))
            if step.with_marked:
                return (
                    f"{w.o_zh}{p}提掉{zh}{w.s_zh}子，有了{_libs_zh(here)}口气。",
                    f"{w.o_en} {p} captures {en} and now has {_libs_en(here)}.",
                )
            return f"{w.o_zh}{p}提掉{zh}{w.s_zh}子。", f"{w.o_en} {p} captures {en}."
        if double and step.with_marked and k == 1:
            return (
                f"{w.o_zh}{p}救出一块，另一块还是只有一口气。",
                f"{w.o_en} {p} saves one group; the other still has only one liberty.",
            )
        if step.joined and step.with_marked:
            q = w.p(min(step.joined))
            return (
                f"{w.o_zh}{p}和{q}的{w.o_zh}子连上，有了{_libs_zh(here)}口气。",
                f"{w.o_en} {p} joins the stones at {q} and has {_libs_en(here)}.",
            )
        if step.on_liberty and step.with_marked:
            if here == 1:
                return (
                    f"{w.o_zh}{p}长出，还是只有一口气。",
                    f"{w.o_en} extends to {p} but still has only one liberty.",
                )
            return (
                f"{w.o_zh}{p}长出，有了{_libs_zh(here)}口气。",
                f"{w.o_en} extends to {p} and has {_libs_en(here)}.",
            )
        if double:
            return f"{w.o_zh}{p}。", f"{w.o_en} {p}."
        return (
            f"{w.o_zh}{p}，{w.marked_zh()}有{_libs_zh(k)}口气。",
            f"{w.o_en} {p}: {w.marked_en} {w.have} {_libs_en(k)}.",
        )
    # save: the solver's own moves, the attacker's replies
    if solver:
        if step.captured:
            zh, en = _stones(len(step.captured))
            return (
                f"{w.s_zh}{p}提掉{zh}{w.o_zh}子，{w.marked_zh()}有{_libs_zh(k)}口气。",
                f"{w.s_en} {p} captures {en}: {w.marked_en} {w.have} {_libs_en(k)}.",
            )
        return (
            f"{w.s_zh}{p}，{w.marked_zh()}有{_libs_zh(k)}口气。",
            f"{w.s_en} {p}: {w.marked_en} {w.have} {_libs_en(k)}.",
        )
    if step.took_target:
        return f"{w.o_zh}{p}提掉{w.marked_zh()}。", f"{w.o_en} {p} captures {w.marked_en}."
    if k == 1:
        return (
            f"{w.o_zh}{p}叫吃，{w.marked_zh()}只剩一口气。",
            f"{w.o_en} {p}: atari, one liberty left.",
        )
    return (
        f"{w.o_zh}{p}，{w.marked_zh()}只剩{_libs_zh(k)}口气。",
        f"{w.o_en} {p}: {_libs_en(k)} left.",
    )


def _line_words(w: Words, steps: list[Step], *, winning: bool) -> list[tuple[str, str]]:
    """``step_words`` for each of ``steps``, knowing whose last move was an atari."""
    words = []
    for number, step in enumerate(steps):
        previous = steps[number - 2] if number >= 2 else None
        again = previous is not None and not previous.took_target and 1 in previous.libs
        words.append(step_words(w, step, again=again, winning=winning))
    return words


def answer_words(found: Found, answer: int) -> list[tuple[str, str]]:
    """The comment of every move of the answer's main line: the first says what
    the move is and why it works, the others what each move does."""
    w = Words(found)
    line = found.lines[answer]
    steps = replay(found, line)
    board = found.board()
    p = w.p
    ME, THEM = (w.s_zh, w.s_en), (w.o_zh, w.o_en)
    kind = found.kind
    first = p(answer)
    s0 = steps[0]
    k0 = s0.libs[0]
    chain = board.chain(found.targets[0])
    if kind == "capture-in-one":
        zh_n, en_n = _stones(len(s0.captured))
        head = (
            f"正解。{w.marked_zh()}只剩{first}一口气（liberty）。{ME[0]}下在这里，"
            f"提掉{zh_n}{THEM[0]}子（capture）。",
            f"Correct. {w.marked_en.capitalize()} {w.have} only one liberty (气) left, "
            f"at {first}. {ME[1]} plays there and captures {en_n} (提子).",
        )
    elif kind == "atari":
        head = (
            f"正解。{first}叫吃（atari），{w.marked_zh()}只剩一口气，逃不出去。",
            f"Correct. {first} is atari (叫吃): {w.marked_en} {w.have} one liberty left "
            f"and cannot get away.",
        )
        if "edge" in found.themes:
            head = (
                head[0] + f"{THEM[0]}子贴在边上，没有地方长出气来。",
                head[1] + f" Against the edge, {w.they} find no room for new liberties.",
            )
    elif kind == "ladder":
        n = ladder_shape(steps, found.size)
        end = steps[-1].captured
        where = (
            ("边上", "the edge")
            if _on_edge(end, found.size)
            else (f"{ME[0]}子那里", f"{ME[1]}'s stones")
        )
        head = (
            f"正解。{first}叫吃，{THEM[0]}子长出后也只有两口气，{ME[0]}一路叫吃下去："
            f"这是征子（ladder）。一共叫吃{n}次，{THEM[0]}子被赶到{where[0]}，最后被提掉。",
            f"Correct. {first} is atari; each time {THEM[1]} extends, the stones have only two "
            f"liberties and {ME[1]} gives atari again: a ladder (征子). After {n} ataris "
            f"they are driven into {where[1]} and captured.",
        )
        if "breaker" in found.facts:
            b = p(found.facts["breaker"])
            head = (
                head[0]
                + f"要从这边征：从另一边叫吃，征子会撞上{b}的{THEM[0]}子（ladder breaker）。",
                head[1] + f" Chase from this side: from the other, the ladder runs into "
                f"the {THEM[1].lower()} stone at {b} (a ladder breaker, 引征).",
            )
    elif kind == "net":
        most = found.facts.get("net_most")
        head = (
            f"正解。{first}是枷（net）：不叫吃，而是在外面轻轻罩住。",
            f"Correct. {first} is a net (枷): no atari, just a loose cover from outside.",
        )
        if most is not None and most <= 2:
            head = (
                head[0] + f"{w.marked_zh()}不管往哪边长，最多只有{_libs_zh(most)}口气，逃不出去。",
                head[1] + f" Whichever way {w.they} extend, {w.they} have at most "
                f"{_libs_en(most)} and cannot get out.",
            )
        else:
            head = (
                head[0] + f"{w.marked_zh()}怎么走都逃不出去。",
                head[1] + f" There is no way out for {w.marked_en}.",
            )
    elif kind == "snapback":
        _first, take, back = found.lines[answer]
        n = len(steps[2].captured)
        same = back == answer
        head = (
            f"正解。{first}扑进去，故意送一颗子给{THEM[0]}吃。",
            f"Correct. Throw in at {first} (扑) and offer a stone.",
        )
        return [
            head,
            (f"{THEM[0]}{p(take)}提掉这颗子。", f"{THEM[1]} takes it at {p(take)}."),
            (
                f"{THEM[0]}提子后自己只剩一口气，{ME[0]}"
                + ("在原处再下一手" if same else f"下在{p(back)}")
                + f"，提掉{n}颗{THEM[0]}子：这就是倒扑（snapback）。",
                f"Having taken, {THEM[1]} is left with a single liberty: {ME[1]} plays "
                + ("on the same point again" if same else f"at {p(back)}")
                + f" and captures {n} stones. This is a snapback (倒扑).",
            ),
        ]
    elif kind == "throw-in":
        head = (
            f"正解。{first}扑（throw-in）：故意送一颗子，紧掉{THEM[0]}子的气。",
            f"Correct. {first} is a throw-in (扑): a stone offered to take away "
            f"{THEM[1]}'s liberties.",
        )
    elif kind == "double-atari":
        head = (
            f"正解。{first}同时叫吃两块{THEM[0]}子，这叫双叫吃（double atari）。"
            f"{THEM[0]}只能救一块。",
            f"Correct. {first} puts both {THEM[1].lower()} groups in atari at once: "
            f"a double atari (双叫吃). {THEM[1]} can save only one of them.",
        )
    elif kind == "race":
        short = found.facts["race"]
        t = len(chain.liberties)
        a = len(board.chain(short).liberties)
        head = (
            f"正解。{w.marked_zh()}有{_libs_zh(t)}口气，旁边{p(short)}的{ME[0]}子只有"
            f"{_libs_zh(a)}口气：这是对杀（capturing race）。{ME[0]}抢先在{first}紧气，"
            f"先把{THEM[0]}子吃掉。",
            f"Correct. {w.marked_en.capitalize()} {w.have} {_libs_en(t)}, the "
            f"{ME[1].lower()} stones next to {'them' if w.many else 'it'} at {p(short)} only "
            f"{_libs_en(a)}: a "
            f"capturing race (对杀). {ME[1]} fills a liberty first, at {first}, and wins it.",
        )
    elif kind == "escape-extend":
        t = len(chain.liberties)
        if t == 1:
            head = (
                f"正解。{w.marked_zh()}被叫吃，只剩{first}一口气。往这里长出去（extend），"
                f"有{_libs_zh(k0)}口气，{THEM[0]}棋吃不掉了。",
                f"Correct. {w.marked_en.capitalize()} {w.have} one liberty left, at {first}. "
                f"Extend (长) there: now {w.they} {w.have} {_libs_en(k0)} and {THEM[1]} "
                f"cannot capture {'them' if w.many else 'it'}.",
            )
        else:
            head = (
                f"正解。往{first}长出，{w.marked_zh()}有{_libs_zh(k0)}口气，逃出去了。",
                f"Correct. Extend to {first}: {w.marked_en} {w.have} {_libs_en(k0)} and get away.",
            )
    elif kind == "escape-connect":
        q = p(min(s0.joined))
        head = (
            f"正解。{first}接上（connect），{w.marked_zh()}和{q}的{ME[0]}子连成一块，"
            f"有{_libs_zh(k0)}口气。",
            f"Correct. {first} connects (连接) {w.marked_en} to the {ME[1].lower()} stones "
            f"at {q}: together they have {_libs_en(k0)}.",
        )
    elif kind == "escape-capture":
        zh_n, en_n = _stones(len(s0.captured))
        head = (
            f"正解。{first}提掉{zh_n}{THEM[0]}子，{w.marked_zh()}一下子有了{_libs_zh(k0)}口气。",
            f"Correct. {first} captures {en_n}, and {w.marked_en} suddenly "
            f"{w.have} {_libs_en(k0)}.",
        )
    elif kind == "escape-counter-atari":
        q = p(found.facts["enemy"])
        head = (
            f"正解。{first}反过来叫吃{q}的{THEM[0]}子（反叫吃，counter-atari），{w.marked_zh()}就得救了。",
            f"Correct. {first} gives atari in return to the {THEM[1].lower()} stones at {q}, "
            f"and {w.marked_en} {'are' if w.many else 'is'} saved.",
        )
    elif kind == "escape-race":
        q = found.facts["enemy"]
        t = len(chain.liberties)
        a = len(board.chain(q).liberties)
        head = (
            f"正解。{w.marked_zh()}有{_libs_zh(t)}口气，旁边{p(q)}的{THEM[0]}子有{_libs_zh(a)}"
            f"口气：这是对杀（capturing race）。{ME[0]}抢先在{first}紧{THEM[0]}子的气。",
            f"Correct. {w.marked_en.capitalize()} {w.have} {_libs_en(t)}, the "
            f"{THEM[1].lower()} stones next to {'them' if w.many else 'it'} at {p(q)} "
            f"{_libs_en(a)}: a capturing "
            f"race (对杀). {ME[1]} fills their liberty first, at {first}.",
        )
    elif kind == "escape-breaker":
        x = p(found.facts["tenuki_line"][0])
        head = (
            f"正解。{first}是引征（ladder breaker）。不走这里，{THEM[0]}在{x}叫吃，"
            f"征子就能吃掉{w.marked_zh()}；有了{first}这颗子，征子会撞上它，征不成了。",
            f"Correct. {first} is a ladder breaker (引征). Without it, {THEM[1]}'s atari at {x} "
            f"starts a ladder that captures {w.marked_en}; with it, the ladder runs into "
            f"this stone and fails.",
        )
    else:  # pragma: no cover - every kind has its words
        raise ValueError(kind)
    return [head, *_line_words(w, steps, winning=True)[1:]]


def wrong_words(found: Found, point: int, line) -> list[tuple[str, str]]:
    """The comments of a wrong first move's branch: why it fails, then each reply."""
    w = Words(found)
    p = w.p
    steps = replay(found, (point, *line))
    s0 = steps[0]
    ME, THEM = (w.s_zh, w.s_en), (w.o_zh, w.o_en)
    reply = steps[1] if len(steps) > 1 else None
    last = steps[-1]
    head_zh, head_en = "失败。", "Wrong."
    if found.aim == "capture":
        if found.facts.get("breaker_move") == point and "breaker" in found.facts:
            b = p(found.facts["breaker"])
            k = max(k for k in last.libs if k is not None)
            return [
                (
                    f"失败。从这边叫吃，征子的路上有{b}的{THEM[0]}子（ladder breaker）。"
                    f"一路追下去，{THEM[0]}子和它连上，有了{_libs_zh(k)}口气，逃掉了。",
                    f"Wrong. From this side the ladder runs into the {THEM[1].lower()} stone at "
                    f"{b} (a ladder breaker, 引征). As the chase goes on the stones join it, "
                    f"have {_libs_en(k)} and get away.",
                )
            ] + _line_words(w, steps, winning=False)[1:]
        if len(found.targets) == 2 and s0.libs.count(1) == 1:
            head_zh += "只叫吃了一块。"
            head_en += " This ataris only one group."
        elif s0.libs[0] == 1 and found.kind in ("net", "ladder", "snapback", "throw-in"):
            head_zh += "叫吃太急。"
            head_en += " The atari is too direct."
        elif not s0.on_liberty and s0.own_libs > 1 and found.kind != "net":
            head_zh += f"{p(point)}不是{w.marked_zh()}的气。"
            head_en += f" {p(point)} is not a liberty of {w.marked_en}."
        if reply is not None:
            zh, en = step_words(w, reply)
            head_zh += zh
            head_en += " " + en
        head_zh += f"{ME[0]}再也吃不掉{w.marked_zh()}了。"
        head_en += f" {ME[1]} can no longer capture {w.marked_en}."
    else:
        if reply is not None:
            zh, en = step_words(w, reply)
            head_zh += zh
            head_en += " " + en
        if last.took_target:
            head_zh += f"最后{w.marked_zh()}被提掉。" if len(steps) > 2 else ""
            head_en += (
                f" In the end {w.marked_en} {'are' if w.many else 'is'} captured."
                if len(steps) > 2
                else ""
            )
        else:
            head_zh += f"{w.marked_zh()}逃不出去。"
            head_en += f" {w.marked_en.capitalize()} cannot get away."
    words = [(head_zh, head_en)]
    # The reply's own words are in the head; later moves get theirs.
    words.append(("", ""))
    words.extend(_line_words(w, steps, winning=False)[2:])
    return words


def to_problem(found: Found, name: str = "") -> Problem:
    """The problem as our SGF writes it: the prompt, the answers with their main
    lines (the reply the site plays first), the likely wrong moves with theirs."""
    w = Words(found)
    solver = found.to_move
    tree = []

    def branch(line, words, correct: bool) -> Node:
        nodes = []
        color = solver
        for point, (zh, en) in zip(line, words, strict=True):
            comment = bilingual(zh, en) if zh else ""
            nodes.append(Node(Move(color, point), correct, comment))
            color = opponent(color)
        for parent, child in zip(nodes, nodes[1:], strict=False):
            parent.children.append(child)
        return nodes[0]

    for answer in found.answers:
        tree.append(branch(found.lines[answer], answer_words(found, answer), True))
    for point, line in found.wrong.items():
        tree.append(branch((point, *line), wrong_words(found, point, line), False))
    return Problem(
        found.size,
        list(found.black),
        list(found.white),
        solver,
        w.prompt(),
        tree,
        name,
        found.marked(),
    )


LOAD_NODES = 60_000  # what checking and preparing one problem may cost at load


def prove(found: Found, name: str = "") -> tuple[bytes, int] | None:
    """The problem's SGF, read back and proven as ``load_content`` does (``verify``,
    then ``prepare``, on one budget), and the nodes that took; None when the tree
    does not verify or the load would cost more than ``LOAD_NODES``. A wrong
    branch whose later moves the reader judges otherwise is cut to its reply."""
    for attempt in range(2):
        if attempt:
            found.wrong = {p: line[:1] for p, line in found.wrong.items()}
        text = write_problem(to_problem(found, name))
        task = Task.from_sgf(text, found.aim)
        budget = Budget(LOAD_NODES)
        try:
            errors = verify(task, budget)
            if errors:
                continue
            prepare(task, budget)
        except OutOfBudget:
            return None
        return text, budget.spent
    return None


# ---------------------------------------------------------------------------
# From games to a set of problems


def found_from_problem(problem: Problem, aim: str) -> Found:
    """A problem read from SGF, as ``Found`` (for ``canonical``: the library's own)."""
    board = problem.board()
    targets = sorted({min(board.chain(p).stones) for p in problem.marked})
    return Found.at(board, aim, targets)


def symmetries(size: int) -> list[tuple[int, ...]]:
    """The 8 maps of the square board onto itself, each as a table point -> point."""
    n = size - 1
    maps = []
    for swap in (False, True):
        for flip_x in (False, True):
            for flip_y in (False, True):
                table = []
                for p in range(size * size):
                    y, x = divmod(p, size)
                    if swap:
                        x, y = y, x
                    if flip_x:
                        x = n - x
                    if flip_y:
                        y = n - y
                    table.append(y * size + x)
                maps.append(tuple(table))
    return maps


def canonical(found: Found) -> str:
    """The same problem turned, mirrored or with the colours swapped has the same key."""
    size = found.size
    mine = set(found.black if found.to_move == BLACK else found.white)
    marked = set(found.marked())
    keys = []
    for f in symmetries(size):
        cells = ["."] * (size * size)
        for p in (*found.black, *found.white):
            cells[f[p]] = ("M" if p in mine else "T") if p not in marked else "A"
        keys.append("".join(cells))
    return f"{found.aim}:{size}:{min(keys)}"


def local_key(board: Board, aim: str, targets, reach: int = 3) -> tuple:
    """What a chain's fight looks like nearby: the same key on a later move of the
    same game is the same fight, read once."""
    size = board.size
    stones = set()
    for t in targets:
        stones |= board.chain(t).stones
    near = set()
    for s in stones:
        y, x = divmod(s, size)
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                if 0 <= y + dy < size and 0 <= x + dx < size:
                    near.add((y + dy) * size + x + dx)
    return (aim, board.to_move, tuple(sorted(stones)), tuple(board.cells[p] for p in sorted(near)))


def problems_in(game: Game, figures: Figures | None = None) -> Iterator[Found]:
    """The problems of one game, each fight once (later plies repeat earlier ones)."""
    figures = figures if figures is not None else Figures()
    read: set = set()
    kept: set = set()
    for ply, board in positions(game):
        if (
            board.is_over
            or len(board.stones(BLACK)) + len(board.stones(WHITE)) > MAX_STONES[game.size]
        ):
            continue
        figures.positions += 1
        for aim, targets in candidates(board):
            key = local_key(board, aim, targets)
            if key in read:
                continue
            read.add(key)
            figures.candidates += 1
            found = read_out(board, aim, targets, game=game.number, ply=ply, figures=figures)
            if found is None:
                continue
            same = (aim, tuple(sorted(found.marked())), found.answers)
            if same in kept:
                continue
            kept.add(same)
            yield found


@dataclass
class Figures:
    """What a run did: games played, positions and candidates read, why problems
    were dropped, and how many were kept."""

    games: int = 0
    positions: int = 0
    candidates: int = 0
    proven: int = 0
    dropped: Counter = field(default_factory=Counter)

    def add(self, other: Figures) -> None:
        self.games += other.games
        self.positions += other.positions
        self.candidates += other.candidates
        self.proven += other.proven
        self.dropped.update(other.dropped)


@dataclass(frozen=True)
class Written:
    """A kept problem: what was found, and its SGF as ``load_content`` will prove it."""

    found: Found
    sgf: bytes
    nodes: int  # what verifying and preparing it costs


def game_problems(number: int, seed: int, most: int | None = None) -> tuple[list[Written], Figures]:
    """Game ``number`` of the run ``seed`` (``most`` moves at most), played and
    read out, with its proven problems."""
    figures = Figures(games=1)
    written = []
    for found in problems_in(play_game_number(number, seed, most), figures):
        proven = prove(found)
        if proven is None:
            figures.dropped["does not load within the budget"] += 1
            continue
        figures.proven += 1
        written.append(Written(found, *proven))
    return written, figures


def _game_problems(args: tuple[int, int, int | None]) -> tuple[list[Written], Figures]:
    return game_problems(*args)


def run(
    games: int, *, seed: int, processes: int = 1, most: int | None = None
) -> Iterator[tuple[list[Written], Figures]]:
    """Every game's problems, game by game in order (the same whatever ``processes``)."""
    jobs = [(number, seed, most) for number in range(games)]
    if processes <= 1:
        yield from map(_game_problems, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        yield from pool.imap(_game_problems, jobs)
