"""Differential tests: our Go engine against GNU Go, command by command over GTP.

Random games (seeded, so every failure names a reproducible game) are played
through our GTP front end in process; the same commands then go to GNU Go
(``gnugo --mode gtp --chinese-rules`` with the matching superko flag) and every
reply must agree:

- ``is_legal`` for every attempted move. The generator aims at the hard cases:
  the point of a stone just captured (ko recaptures), liberties of chains in
  atari next to the last move (captures, escapes, self-atari), points with no
  empty neighbour (suicides, captures, eye fills) and occupied points, before
  trying random empty points;
- every legal move is played in both, then ``list_stones black``/``white``
  (compared as sets) and ``captures black``/``white``;
- a side passes when every legal move it has would fill its own eye (an empty
  point whose neighbours are all its stones, none of them in atari); the game
  ends when both pass. When no chain is then in atari ("settled", every game
  with these seeds), every empty point is a one-point eye that the opponent
  cannot enter, every chain has at least two of them and is alive, and there is
  no dame: the area count with all stones alive is the real result. We compare
  our ``final_score`` with GNU Go's ``final_score`` (which judges life and
  death itself, and agrees because nothing is dead), and with an independent
  count of GNU Go's final stones.

Findings, each resolved in this file rather than in the engine (no engine bug
turned up):

- GNU Go's ``final_score`` judges life and death. Games first ended when
  neither side had a legal move outside its own eyes; a ko captured in the
  last moves could then leave a stone in atari that superko kept alive, which
  GNU Go counted dead (16 of 300 9x9 games). Filling one's own eye is now
  allowed when it saves a chain in atari (it connects the ko), and every game
  ends settled. Each score is also checked against an independent count of GNU
  Go's stones (``count_from_stones``), which is what decides an unsettled game.
- GNU Go remembers 500 moves (``MAX_MOVE_HISTORY``); past that it folds the
  oldest into a new starting position and misses some repetitions we refuse
  (seen in 9 of 100 19x19 games with an earlier generator). Such superko-only
  refusals after move 500 are tolerated and counted.
- A ko retake right after an out-of-turn capture (GTP allows those) is legal
  under our situational superko and refused by GNU Go, see the last test.

Several games share one GNU Go process (``clear_board`` between them) and each
batch of commands is written in one go, so the whole file takes well under a
minute. Games with situational superko (our default rules, ``chinese``) and a
smaller batch with positional superko (``chinese-positional``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from engines.go import BLACK, EMPTY, WHITE, IllegalMove, Move, point_name
from engines.go.gtp import GtpEngine
from tests.peers.gnugo import GnuGo, require_gnugo

KOMI = 7.5
COLOR_WORD = {BLACK: "b", WHITE: "w"}


@dataclass
class Game:
    """One game's commands and our replies to them."""

    label: str
    size: int
    commands: list[str] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)
    settled: bool = True
    score: str = ""  # our final_score of an unsettled game
    superko: dict[int, bool] = field(default_factory=dict)  # refused is_legal: for superko?

    def run(self, gtp: GtpEngine, command: str) -> str:
        reply = gtp.handle(command)
        self.commands.append(command)
        self.replies.append(reply)
        return reply


def _atari_liberties(board, last: int | None) -> list[int]:
    """Liberties of the chains in atari (or with two liberties) next to the last move."""
    if last is None:
        return []
    found: list[int] = []
    seen: set[int] = set()
    for q in (last, *board._neighbors[last]):
        if board.cells[q] == EMPTY or q in seen:
            continue
        chain = board.chain(q)
        seen |= chain.stones
        if len(chain.liberties) <= 2:
            found.extend(sorted(chain.liberties))
    return found


def play_random_game(size: int, rules: str, seed: str, gtp: GtpEngine) -> Game:
    """A random game through our GTP engine; returns its commands and our replies."""
    rng = random.Random(seed)
    game = Game(seed, size)
    game.run(gtp, "clear_board")
    board = gtp.board
    nbrs = board._neighbors
    area = size * size
    last: int | None = None  # the last stone played
    ko: int | None = None  # the point of a single stone just captured
    passes = 0
    color = BLACK
    limit = 4 * area  # far more moves than a random game takes
    while passes < 2 and len(board.move_stack) < limit:
        word = COLOR_WORD[color]
        cells = board.cells

        def own_eye(p: int, cells=cells, color=color) -> bool:
            """All neighbours ours, and no chain of ours needs p as its last liberty."""
            if any(cells[q] != color for q in nbrs[p]):
                return False
            return all(len(board.chain(q).liberties) > 1 for q in nbrs[p])

        def attempt(p: int, kind: str, word=word, own_eye=own_eye, color=color) -> bool:
            """is_legal, in both engines; True when this move should be played."""
            game.kinds[kind] += 1
            legal = game.run(gtp, f"is_legal {word} {point_name(p, size)}") == "= 1"
            if legal:
                game.kinds[kind + " (legal)"] += 1
            elif board.cells[p] == EMPTY:
                game.superko[len(game.commands) - 1] = _is_superko(board, color, p)
            return legal and not own_eye(p)

        chosen: int | None = None
        roll = rng.random()
        if roll < 0.15 and ko is not None:
            chosen = ko if attempt(ko, "ko recapture") else None
        elif roll < 0.4:
            libs = _atari_liberties(board, last)
            if libs:
                p = rng.choice(libs)
                chosen = p if attempt(p, "atari liberty") else None
        elif roll < 0.55:
            empties = [p for p in range(area) if cells[p] == EMPTY]
            rng.shuffle(empties)
            for p in empties[:8]:
                if all(cells[q] != EMPTY for q in nbrs[p]):
                    chosen = p if attempt(p, "no empty neighbour") else None
                    break
        elif roll < 0.65:
            occupied = [p for p in range(area) if cells[p] != EMPTY]
            if occupied:
                attempt(rng.choice(occupied), "occupied")
        if chosen is None:
            empties = [p for p in range(area) if cells[p] == EMPTY]
            rng.shuffle(empties)
            for p in empties:
                if not own_eye(p) and attempt(p, "random"):
                    chosen = p
                    break
        if chosen is None:
            game.run(gtp, f"play {word} pass")
            passes += 1
            last = ko = None
        else:
            enemies = [q for q in nbrs[chosen] if cells[q] == 3 - color]
            before = board.captures[color]
            reply = game.run(gtp, f"play {word} {point_name(chosen, size)}")
            assert reply == "=", (seed, reply)
            taken = [q for q in enemies if cells[q] == EMPTY]
            ko = taken[0] if board.captures[color] - before == 1 else None
            passes = 0
            last = chosen
            for command in (
                "list_stones black",
                "list_stones white",
                "captures black",
                "captures white",
            ):
                game.run(gtp, command)
        color = 3 - color
    assert passes == 2, f"{seed}: no end after {limit} moves"
    game.kinds["moves"] += len(board.move_stack)
    game.settled = _settled(board)
    game.kinds["settled" if game.settled else "unsettled"] += 1
    game.run(gtp, "list_stones black")
    game.run(gtp, "list_stones white")
    game.score = gtp.handle("final_score")
    if game.settled:
        game.run(gtp, "final_score")
    return game


def _is_superko(board, color: int, point: int) -> bool:
    """Whether our engine refuses this move for superko (and nothing else)."""
    try:
        board.play(Move(color, point), enforce_turn=False)
    except IllegalMove as error:
        return error.code == "superko"
    board.pop()
    raise AssertionError("is_legal said no to a legal move")


def _settled(board) -> bool:
    """No chain in atari: every stone is alive, the area count is the result."""
    seen: set[int] = set()
    for p, c in enumerate(board.cells):
        if c != EMPTY and p not in seen:
            chain = board.chain(p)
            if len(chain.liberties) < 2:
                return False
            seen |= chain.stones
    return True


def count_from_stones(size: int, black: str, white: str, komi: float) -> str:
    """An independent area count of GNU Go's stones, all alive, in GNU Go's format.

    Empty regions reaching only one colour belong to it; others are split evenly.
    """
    names = [f"{'ABCDEFGHJKLMNOPQRST'[x]}{size - y}" for y in range(size) for x in range(size)]
    index = {name: i for i, name in enumerate(names)}
    owner = {index[v]: "b" for v in black.split()} | {index[v]: "w" for v in white.split()}
    totals = {"b": float(sum(v == "b" for v in owner.values())), "w": 0.0}
    totals["w"] = float(len(owner)) - totals["b"]
    done: set[int] = set()
    for start in range(size * size):
        if start in owner or start in done:
            continue
        region, borders, todo = 0, set(), [start]
        done.add(start)
        while todo:
            i = todo.pop()
            region += 1
            y, x = divmod(i, size)
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < size and 0 <= nx < size:
                    j = ny * size + nx
                    if j in owner:
                        borders.add(owner[j])
                    elif j not in done:
                        done.add(j)
                        todo.append(j)
        if len(borders) == 1:
            totals[borders.pop()] += region
        else:
            totals["b"] += region / 2
            totals["w"] += region / 2
    margin = totals["b"] - totals["w"] - komi
    return "0" if margin == 0 else f"{'B' if margin > 0 else 'W'}+{abs(margin):.1f}"


def _same(command: str, ours: str, theirs: str) -> bool:
    if command.startswith("list_stones"):
        return sorted(ours.split()) == sorted(theirs.split())
    return ours == theirs


GNUGO_HISTORY = 500


def _moves_before(game: Game, index: int) -> int:
    return sum(1 for command in game.commands[:index] if command.startswith("play "))


def compare(gnugo: GnuGo, games: list[Game]) -> tuple[list[str], int]:
    """Send the games' commands to GNU Go: the first disagreement of each game,
    and how many superko refusals past GNU Go's move history were tolerated."""
    problems = []
    tolerated = 0
    for game in games:
        theirs = gnugo.batch(game.commands)
        for index, (command, ours, reply) in enumerate(
            zip(game.commands, game.replies, theirs, strict=True)
        ):
            gnu = ("= " if reply.ok else "? ") + reply.text
            ok, text = ours[0] == "=", ours[1:].strip()
            if (
                text == "0"
                and reply.text == "1"
                and game.superko.get(index)
                and _moves_before(game, index) >= GNUGO_HISTORY
            ):
                # GNU Go remembers only its last 500 moves (MAX_MOVE_HISTORY in
                # its board.h; older ones are folded into a new initial
                # position), so past move 500 it can miss a repetition that we
                # refuse. Counted, and only ever allowed for superko refusals.
                tolerated += 1
                continue
            if not (ok == reply.ok and _same(command, text, reply.text)):
                moves = [c for c in game.commands[:index] if c.startswith("play")]
                problems.append(
                    f"game {game.label}, command {index} {command!r}: ours {ours!r}, "
                    f"GNU Go {gnu!r}; after {len(moves)} moves: {' / '.join(moves[-6:])}"
                )
                break
        else:
            # Our count against an independent count of GNU Go's final stones,
            # all alive. For a settled game GNU Go's own final_score was also
            # compared above; for an unsettled one (a chain left in atari by a
            # ko that superko keeps open) GNU Go's final_score would judge that
            # chain dead, so only the independent count applies.
            stones = theirs[-3:-1] if game.settled else theirs[-2:]
            counted = count_from_stones(game.size, stones[0].text, stones[1].text, KOMI)
            if game.score != f"= {counted}":
                problems.append(
                    f"game {game.label}: our score {game.score!r}, "
                    f"GNU Go's stones count {counted!r}"
                )
    return problems, tolerated


def run_batch(size: int, rules: str, superko: str, games: int, per_process: int) -> Counter:
    require_gnugo()
    totals: Counter = Counter()
    problems: list[str] = []
    gtp = GtpEngine(rules, komi=KOMI, size=size)
    options = ["--chinese-rules", f"--{superko}-superko"]
    with GnuGo(options) as gnugo:
        gnugo.send(f"boardsize {size}")
        gnugo.send(f"komi {KOMI}")
        for start in range(0, games, per_process):
            chunk = [
                play_random_game(size, rules, f"{rules}-{size}-{i}", gtp)
                for i in range(start, min(games, start + per_process))
            ]
            found, tolerated = compare(gnugo, chunk)
            problems += found
            totals["superko past GNU Go's history"] += tolerated
            for game in chunk:
                totals += game.kinds
    assert not problems, "\n".join(problems)
    # GNU Go's own final_score was compared in (nearly) every game.
    assert totals["settled"] >= 0.95 * games, totals
    print(f"{size}x{size} {rules}: {games} games, {dict(sorted(totals.items()))}")
    return totals


def test_random_games_9x9_situational():
    totals = run_batch(9, "chinese", "situational", games=300, per_process=50)
    # The generator really produced the hard cases, legal and illegal.
    assert totals["ko recapture"] - totals["ko recapture (legal)"] > 300
    assert totals["no empty neighbour"] > 1000
    assert totals["no empty neighbour"] - totals["no empty neighbour (legal)"] > 300  # suicides
    assert totals["atari liberty"] > 3000 and totals["occupied"] > 1000


def test_random_games_19x19_situational():
    totals = run_batch(19, "chinese", "situational", games=100, per_process=10)
    assert totals["ko recapture"] - totals["ko recapture (legal)"] > 300
    assert totals["moves"] > 100 * 300


def test_random_games_9x9_positional():
    totals = run_batch(9, "chinese-positional", "positional", games=100, per_process=50)
    assert totals["ko recapture"] > 100


@pytest.fixture
def gnugo_situational():
    with GnuGo(["--chinese-rules", "--situational-superko"]) as gnugo:
        yield gnugo


def test_error_replies_match_gnugo(gnugo_situational):
    """Where GTP fixes the error text, ours is GNU Go's.

    (GNU Go accepts boards from 1x1; we accept 5x5 to 19x19, so only sizes both
    refuse are compared.)
    """
    gtp = GtpEngine(komi=KOMI)
    script = [
        "boardsize 9",
        "boardsize 30",
        "play b e5",
        "play w e5",
        "7 play b e5",
        "undo",
        "undo",
        "frobnicate",
        "is_legal b e5",
        "is_legal w e5",
        "protocol_version",
        "known_command play",
        "known_command frobnicate",
    ]
    theirs = gnugo_situational.batch(script)
    for command, reply in zip(script, theirs, strict=True):
        ours = gtp.handle(command)
        gnu = ("=" if reply.ok else "?") + ("7" if command.startswith("7 ") else "")
        gnu += f" {reply.text}" if reply.text else ""
        assert ours == gnu, command


def test_out_of_turn_ko_retake_is_a_documented_difference(gnugo_situational):
    """GTP lets White capture a ko out of turn; Black retakes at once.

    The board repeats, but the player to move differs (Black faced it before,
    White faces it now), so situational superko as the seed words it (the
    opponent may not face a position it faced before) allows the retake, and
    positional superko forbids it (tests/engines/go/test_gtp.py). GNU Go checks
    the simple ko rule before any superko rule and refuses it under both flags.
    Random games alternate colours, where both engines always agree.
    """
    setup = [
        "boardsize 5",
        *(f"play b {v}" for v in ("B3", "A2", "C2", "B1")),
        *(f"play w {v}" for v in ("C3", "D2", "C1")),
        "play w B2",
    ]
    ours = GtpEngine("chinese", size=5)
    for command in setup:
        assert ours.handle(command) == "="
    replies = gnugo_situational.batch([*setup, "is_legal b C2"])
    assert all(reply.ok for reply in replies)
    assert (ours.handle("is_legal b C2"), replies[-1].text) == ("= 1", "0")
