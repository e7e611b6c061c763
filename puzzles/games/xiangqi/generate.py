"""Write Xiangqi mates and material tactics found in engine-played games into the content folder.

    python manage.py generate_puzzles xiangqi            # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles xiangqi --games 6 --out /tmp/xiangqi

``engines.xiangqi.generate`` plays the games and finds, at each position, mates in
1 to 3 (every winning first move, at most three of them; the position trimmed to
the pieces that matter) and tactics that win material. Each is confirmed here by
Fairy-Stockfish (a mate only when it reports mate in exactly the same number of
moves; a tactic only when its best move is one of ours), and kept only when its
proof is cheap (``load_content`` proves every puzzle again). The set is chosen
game by game in turn, so that no one game fills it, and each position (or its
mirror image) once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engines.xiangqi import BLACK, RED, Move, Position, problems
from engines.xiangqi.generate import harvest_game
from engines.xiangqi.notation import line as name_line
from puzzles.generating import puzzle_table

MATE_FILE = "generated-mate.toml"
WIN_FILE = "generated-tactics.toml"
# Nodes a proof may take (the load runs it again): mate in 3 and 2, and a tactic.
PROOF_NODES = {1: 20_000, 2: 40_000, 3: 100_000}
WIN_NODES = 60_000

NUMBERS_ZH = {1: "一", 2: "两", 3: "三"}
NUMBERS_EN = {1: "one", 2: "two", 3: "three"}
NAMES_ZH = {
    RED: {1: "帅", 2: "仕", 3: "相", 4: "马", 5: "车", 6: "炮", 7: "兵"},
    BLACK: {1: "将", 2: "士", 3: "象", 4: "马", 5: "车", 6: "炮", 7: "卒"},
}
NAMES_EN = {1: "general", 2: "advisor", 3: "elephant", 4: "horse", 5: "chariot", 6: "cannon"}
NAMES_EN[7] = "soldier"


def mirror_key(fen: str) -> str:
    """The position and its left-right mirror image are one puzzle."""
    board, side = fen.split()[:2]
    rows = board.split("/")

    def expand(row: str) -> str:
        return "".join("." * int(c) if c.isdigit() else c for c in row)

    plain = "/".join(expand(r) for r in rows)
    mirrored = "/".join(expand(r)[::-1] for r in rows)
    return min(plain, mirrored) + " " + side


def same_idea(puzzle) -> tuple:
    """Two positions with the same right first moves and the same main line differ
    only by a piece that plays no part: one puzzle."""
    return (puzzle.fen.split()[1], puzzle.first_moves, puzzle.line)


def sides(fen: str) -> tuple[int, str, str, str, str]:
    """The side to move: its colour, and both sides' names in Chinese and English."""
    if fen.split()[1] == "b":
        return BLACK, "黑", "红", "Black", "Red"
    return RED, "红", "黑", "Red", "Black"


class Stockfish:
    """Fairy-Stockfish over UCI, playing xiangqi."""

    def __init__(self, path: str):
        self.process = subprocess.Popen(  # noqa: S603 (the program the user named or found)
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, command: str) -> None:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def wait_for(self, word: str) -> list[str]:
        lines = []
        while True:
            text = self.process.stdout.readline()
            if not text:
                raise CommandError("Fairy-Stockfish stopped")
            lines.append(text.strip())
            if text.startswith(word):
                return lines

    def analyse(self, fen: str, depth: int, moves=()) -> tuple[str, str | None]:
        """(the best move, the last score as ``"mate 2"`` or ``"cp 35"``), searching
        only ``moves`` when given."""
        self.send("ucinewgame")
        self.send(f"position fen {fen} - - 0 1")
        only = f" searchmoves {' '.join(moves)}" if moves else ""
        self.send(f"go depth {depth}{only}")
        lines = self.wait_for("bestmove")
        score = None
        for text in lines:
            words = text.split()
            if words and words[0] == "info" and "score" in words:
                at = words.index("score")
                score = f"{words[at + 1]} {words[at + 2]}"
        return lines[-1].split()[1], score

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def find_stockfish(given: str | None) -> str | None:
    for candidate in (given, shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


# -- words ------------------------------------------------------------------------


def line_names(fen: str, moves) -> tuple[list[str], list[str]]:
    position = Position(fen)
    return name_line(position, moves, "chinese"), name_line(position, moves, "wxf")


def mate_words(puzzle) -> tuple[tuple[str, str], tuple[str, str]]:
    """The prompt and the explanation of a mate."""
    _, zh_us, zh_them, en_us, en_them = sides(puzzle.fen)
    n = puzzle.depth
    if puzzle.stalemate:
        prompt = (
            f"{zh_us}先，{NUMBERS_ZH[n]}步取胜（将死或困毙都算赢）。",
            f"{en_us} to play and win in {NUMBERS_EN[n]} (checkmate or stalemate, 困毙, both win).",
        )
        end_zh = f"{zh_them}方无棋可走，被困毙（困毙也算输）。"
        end_en = f"{en_them} has no legal move: 困毙 (stalemate), which loses in xiangqi."
    else:
        prompt = (
            f"{zh_us}先，{NUMBERS_ZH[n]}步杀。",
            f"{en_us} to play: mate in {NUMBERS_EN[n]}.",
        )
        end_zh = f"{zh_them}方被将死。"
        end_en = f"{en_them} is mated."
    zh, en = line_names(puzzle.fen, puzzle.line)
    firsts_zh, firsts_en = [], []
    for text in puzzle.first_moves:
        names = line_names(puzzle.fen, [text])
        firsts_zh.append(names[0][0])
        firsts_en.append(names[1][0])
    count = len(puzzle.first_moves)
    if count == 1:
        count_zh = "只有这一步能赢。" if n == 1 else "第一步只有这一种赢法。"
        count_en = "No other move wins." if n == 1 else "No other first move wins."
    elif n == 1:
        count_zh = f"有{NUMBERS_ZH[count]}步都能一步取胜：{'、'.join(firsts_zh)}。"
        count_en = f"{NUMBERS_EN[count].capitalize()} moves win at once: {', '.join(firsts_en)}."
    else:
        count_zh = f"第一步有{NUMBERS_ZH[count]}种赢法：{'、'.join(firsts_zh)}。"
        count_en = f"{NUMBERS_EN[count].capitalize()} first moves win: {', '.join(firsts_en)}."
    if n == 1:
        explanation = (f"{zh[0]}，{end_zh}{count_zh}", f"{en[0]}: {end_en} {count_en}")
    else:
        explanation = (
            f"主要变化：{'，'.join(zh)}，{end_zh}{count_zh}",
            f"Main line: {', '.join(en)}. {end_en} {count_en}",
        )
    return prompt, explanation


def captured(fen: str, moves) -> tuple[list[int], list[int]]:
    """The pieces (types) each side takes along ``moves``: the mover's, the other's."""
    position = Position(fen)
    taken = ([], [])
    for number, text in enumerate(moves):
        move = Move.from_text(text)
        victim = position.board[move.to_square]
        if victim:
            taken[number % 2].append(victim & 7)
        position.push(move)
    return taken


def win_words(puzzle) -> tuple[tuple[str, str], tuple[str, str]]:
    colour, zh_us, zh_them, en_us, en_them = sides(puzzle.fen)
    prompt = (f"{zh_us}先，走一步赢得子力。", f"{en_us} to play and win material.")
    zh, en = line_names(puzzle.fen, puzzle.line)
    ours, theirs = captured(puzzle.fen, puzzle.line)
    text_zh = f"主要变化：{'，'.join(zh)}。"
    text_en = f"Main line: {', '.join(en)}."
    if ours:
        won_zh = "、".join(NAMES_ZH[1 - colour][k] for k in ours)
        won_en = " and ".join(f"the {NAMES_EN[k]}" for k in ours)
        text_zh += f"{zh_us}方吃掉{zh_them}方的{won_zh}"
        text_en += f" {en_us} takes {won_en}"
        if theirs:
            back_zh = "、".join(NAMES_ZH[colour][k] for k in theirs)
            back_en = " and ".join(f"the {NAMES_EN[k]}" for k in theirs)
            text_zh += f"，只被吃回{back_zh}"
            text_en += f", losing only {back_en}"
        text_zh += "。"
        text_en += "."
    if len(puzzle.first_moves) == 2:
        other = [m for m in puzzle.first_moves if m != puzzle.line[0]][0]
        names = line_names(puzzle.fen, [other])
        text_zh += f"{names[0][0]}也同样得子。"
        text_en += f" {names[1][0]} wins as much."
    else:
        text_zh += "别的走法都得不到这么多。"
        text_en += " No other move wins as much."
    return prompt, (text_zh, text_en)


def mate_rating(puzzle) -> int:
    low, high = {1: (700, 1000), 2: (1100, 1500), 3: (1500, 1900)}[puzzle.depth]
    rating = low + 12 * min(max(puzzle.pieces - 4, 0), 12)
    rating += 120 if puzzle.quiet else 0
    rating += 60 if puzzle.stalemate else 0
    rating += 40 if len(puzzle.first_moves) == 1 else -20 * (len(puzzle.first_moves) - 2)
    return max(low, min(high, rating // 10 * 10))


def win_rating(puzzle) -> int:
    rating = 1000 + 15 * min(max(puzzle.pieces - 4, 0), 14)
    rating += 150 if puzzle.quiet else 0
    rating += 50 if len(puzzle.first_moves) == 1 else 0
    return max(900, min(1500, rating // 10 * 10))


# -- choosing ---------------------------------------------------------------------


def proof_is_cheap(puzzle) -> bool:
    """The load proves a mate by building its whole tree: within ``PROOF_NODES``."""
    try:
        problems.mate_tree(Position(puzzle.fen), puzzle.depth, max_nodes=PROOF_NODES[puzzle.depth])
    except problems.Unproven:
        return False
    return True


def read_as_loaded(puzzle) -> list[str] | None:
    """The right moves as the load reads the tactic (``None``: too costly to read)."""
    try:
        read = problems.material_moves(Position(puzzle.fen), puzzle.depth, WIN_NODES)
    except problems.Unproven:
        return None
    return sorted(m for m, r in read["moves"].items() if r["score"] - read["start"] >= puzzle.gain)


def round_robin(per_game: list[list], count: int, keep) -> list:
    """Up to ``count`` items taken from each game's list in turn; ``keep(item)`` is
    asked in that order and may refuse."""
    queues = [list(items) for items in per_game]
    chosen = []
    while len(chosen) < count and any(queues):
        for queue in queues:
            while queue:
                item = queue.pop(0)
                if keep(item):
                    chosen.append(item)
                    break
            if len(chosen) >= count:
                break
    return chosen


class Generator(BaseCommand):
    """Run as ``manage.py generate_puzzles xiangqi [options]``."""

    help = "Generate Xiangqi mates (in 1-3) and material tactics from engine-played games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=80, help="games to play")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--mate1", type=int, default=40, help="mates in one to write")
        parser.add_argument("--mate2", type=int, default=50, help="mates in two to write")
        parser.add_argument("--mate3", type=int, default=22, help="mates in three to write")
        parser.add_argument("--wins", type=int, default=45, help="tactics to write")
        parser.add_argument("--processes", type=int, default=2, help="games played at once")
        parser.add_argument("--stockfish", default=None, help="the Fairy-Stockfish program")
        parser.add_argument("--out", type=Path, default=None)

    def handle(self, *args, games, seed, mate1, mate2, mate3, wins, processes, **options):
        out = options["out"] or Path(settings.CONTENT_DIR) / "xiangqi" / "puzzles"
        program = find_stockfish(options["stockfish"])
        if program is None:
            raise CommandError("Fairy-Stockfish is needed to confirm the puzzles (--stockfish)")
        started = time.monotonic()
        with ProcessPoolExecutor(max(1, processes)) as pool:
            harvests = list(pool.map(harvest_game, [seed] * games, range(games)))
        played = time.monotonic() - started
        found_mates = Counter(m.depth for h in harvests for m in h.mates)
        found_wins = sum(len(h.wins) for h in harvests)
        self.stdout.write(
            f"{games} games ({sum(h.plies for h in harvests)} plies) in {played:.0f} s: "
            f"mates {dict(sorted(found_mates.items()))}, tactics {found_wins}"
        )
        engine = Stockfish(program)
        rejected: Counter = Counter()
        confirmed: Counter = Counter()
        taken: set[str] = set()

        refused: set[str] = set()

        def keep_mate(puzzle) -> bool:
            key = mirror_key(puzzle.fen)
            if key in taken or key in refused or same_idea(puzzle) in taken:
                return False
            if not check_mate(puzzle):
                refused.add(key)
                return False
            taken.update((key, same_idea(puzzle)))
            return True

        def check_mate(puzzle) -> bool:
            if not proof_is_cheap(puzzle):
                rejected["mate proof too slow"] += 1
                return False
            depth, wanted = 2 * puzzle.depth + 2, f"mate {puzzle.depth}"
            _, score = engine.analyse(puzzle.fen, depth)
            if score != wanted:
                # Fairy-Stockfish's pruning misses some wins, 困毙 ones above all: ask
                # it about our first moves alone (it must find no faster mate at all).
                faster = score and score.startswith("mate ") and 0 < int(score[5:]) < puzzle.depth
                only = engine.analyse(puzzle.fen, depth, puzzle.first_moves)[1]
                if faster or only != wanted:
                    rejected[f"mate in {puzzle.depth}: Fairy-Stockfish says {score}, {only}"] += 1
                    self.stderr.write(f"Fairy-Stockfish: {score}/{only}: {puzzle.fen}")
                    return False
                confirmed["only when asked about our first moves"] += 1
            else:
                confirmed["directly"] += 1
            return True

        def keep_win(puzzle) -> bool:
            key = mirror_key(puzzle.fen)
            if key in taken or same_idea(puzzle) in taken:
                return False
            right = read_as_loaded(puzzle)
            if right is None:
                rejected["tactic proof too slow"] += 1
                return False
            if right != list(puzzle.first_moves):
                rejected["tactic: the load would read other right moves"] += 1
                return False
            move, score = engine.analyse(puzzle.fen, 12)
            if move not in puzzle.first_moves:
                rejected[f"tactic: Fairy-Stockfish plays another move ({score})"] += 1
                self.stderr.write(f"Fairy-Stockfish: {move} ({score}) not in {puzzle.first_moves}")
                return False
            taken.update((key, same_idea(puzzle)))
            return True

        try:
            chosen = []
            for depth, count in ((1, mate1), (2, mate2), (3, mate3)):
                per_game = [[m for m in h.mates if m.depth == depth] for h in harvests]
                chosen += round_robin(per_game, count, keep_mate)
            short = mate1 + mate2 + mate3 - len(chosen)
            for depth in (2, 1):  # too few longer mates: more shorter ones
                if short > 0:
                    per_game = [[m for m in h.mates if m.depth == depth] for h in harvests]
                    more = round_robin(per_game, short, keep_mate)
                    chosen += more
                    short -= len(more)
            tactics = round_robin([h.wins for h in harvests], wins, keep_win)
        finally:
            engine.close()
        command = (
            f"manage.py generate_puzzles xiangqi --games {games} --seed {seed} "
            f"--mate1 {mate1} --mate2 {mate2} --mate3 {mate3} --wins {wins}"
        )
        out.mkdir(parents=True, exist_ok=True)
        # A file with no puzzle would not load: none is written (and an old one goes).
        for name, found, text in (
            (MATE_FILE, chosen, self.mate_file),
            (WIN_FILE, tactics, self.win_file),
        ):
            if found:
                (out / name).write_text(text(found, command), encoding="utf-8")
            else:
                (out / name).unlink(missing_ok=True)
        written = Counter(m.depth for m in chosen)
        self.stdout.write(
            self.style.SUCCESS(
                f"written to {out}: mates {dict(sorted(written.items()))}, tactics {len(tactics)}; "
                f"mates confirmed by Fairy-Stockfish {dict(confirmed)}; "
                f"rejected {dict(rejected) or 'none'}; {time.monotonic() - started:.0f} s in all"
            )
        )

    def mate_file(self, chosen, command: str) -> str:
        parts = [
            f"# Generated by `python {command}`:\n"
            "# mates found in engine-played games, each trimmed to the pieces that matter,\n"
            "# proven by engines.xiangqi.search and confirmed by Fairy-Stockfish.\n"
            "# Do not edit by hand (make them again).\n"
        ]
        chosen = sorted(chosen, key=lambda m: (m.depth, mate_rating(m), m.fen))
        for number, puzzle in enumerate(chosen, start=1):
            themes = [f"xiangqi-mate-{puzzle.depth}"]
            if puzzle.stalemate:
                themes.append("xiangqi-stalemate")
            prompt, explanation = mate_words(puzzle)
            parts.append(
                puzzle_table(
                    f"xiangqi-gen-mate-{number:03}",
                    "xiangqi.mate",
                    mate_rating(puzzle),
                    themes,
                    prompt,
                    explanation,
                    {"fen": puzzle.fen, "depth": puzzle.depth},
                )
            )
        return "\n".join(parts)

    def win_file(self, chosen, command: str) -> str:
        parts = [
            f"# Generated by `python {command}`:\n"
            "# tactics found in engine-played games (one or two first moves win material\n"
            "# that no plain capture wins), trimmed to the pieces that matter, proven by\n"
            "# engines.xiangqi.search and confirmed by Fairy-Stockfish's best move.\n"
            "# Do not edit by hand (make them again).\n"
        ]
        chosen = sorted(chosen, key=lambda w: (win_rating(w), w.fen))
        for number, puzzle in enumerate(chosen, start=1):
            prompt, explanation = win_words(puzzle)
            parts.append(
                puzzle_table(
                    f"xiangqi-gen-win-{number:03}",
                    "xiangqi.win",
                    win_rating(puzzle),
                    ["xiangqi-material"],
                    prompt,
                    explanation,
                    {"fen": puzzle.fen, "depth": puzzle.depth, "gain": puzzle.gain},
                )
            )
        return "\n".join(parts)
