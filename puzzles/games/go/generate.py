"""Write Go capture and escape problems found in engine-played games into the content folder.

    python manage.py generate_puzzles go                  # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles go --check          # fail if the shipped files differ
    python manage.py generate_puzzles go --games 6 --count 40 --out /tmp/go

``engines.go.generate`` plays the games, reads every small fight in them with the
reader and keeps the problems whose answers it proves, with one or two working
first moves; each is named (capture in one, atari, ladder, net, snapback, double
atari, capturing race, escapes), rated, and written as SGF with its right and
wrong branches and their comments. A problem is kept only when the written SGF
verifies and prepares within a per-problem budget, as ``load_content`` will do
again. The same fight is written once (turned, mirrored or with the colours
swapped it is the same), and never when the hand-written library has it.

The set is chosen kind by kind in turn, so that the rarer kinds are all there
before the common ones fill it up. Slugs come from the position (the same
problem keeps its slug when the set is made again with a better reader; one
that drops out leaves the library at the next ``load_content``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engines.go.generate import Figures, Written, canonical, found_from_problem, run
from engines.go.sgf import read_problem

FILE_NAME = "generated.toml"
SGF_FOLDER = "sgf/generated"
BANDS = (0, 600, 800, 1000, 1200, 1400)
KIND = {"capture": "go.capture", "save": "go.escape"}


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def slug_of(written: Written) -> str:
    return "go-gen-" + hashlib.sha256(canonical(written.found).encode()).hexdigest()[:10]


def band(rating: int) -> str:
    low = max(b for b in BANDS if b <= rating)
    high = next((b for b in BANDS if b > rating), None)
    return f"{low}-{high - 1}" if high else f"{low}+"


def library_keys(puzzles_dir: Path) -> set[str]:
    """The hand-written problems' keys (``canonical``): a generated one never repeats them."""
    keys = set()
    for path in sorted((puzzles_dir / "sgf").glob("*.sgf")):
        problem = read_problem(path.read_bytes())
        for aim in ("capture", "save"):
            owner = problem.to_move if aim == "save" else 3 - problem.to_move
            board = problem.board()
            if problem.marked and all(board.cells[p] == owner for p in problem.marked):
                keys.add(canonical(found_from_problem(problem, aim)))
    return keys


def choose(written: list[Written], count: int, taken: set[str]) -> list[Written]:
    """Up to ``count`` problems, one of each kind in turn (in the order found),
    each position once, none the library already has."""
    by_kind: dict[str, list[Written]] = defaultdict(list)
    for item in written:
        by_kind[item.found.kind].append(item)
    queues = [by_kind[kind] for kind in sorted(by_kind)]
    chosen: list[Written] = []
    while len(chosen) < count and any(queues):
        for queue in queues:
            while queue:
                item = queue.pop(0)
                key = canonical(item.found)
                if key not in taken:
                    taken.add(key)
                    chosen.append(item)
                    break
            if len(chosen) >= count:
                break
    return sorted(chosen, key=lambda w: (w.found.rating, slug_of(w)))


def puzzle_table(slug: str, item: Written) -> str:
    found = item.found
    return (
        "\n".join(
            [
                "[[puzzles]]",
                f"slug = {toml_string(slug)}",
                f"kind = {toml_string(KIND[found.aim])}",
                f"sgf = {toml_string(f'{SGF_FOLDER}/{slug}.sgf')}",
                f"rating = {found.rating}",
                f"themes = [{', '.join(toml_string(t) for t in found.themes)}]",
            ]
        )
        + "\n"
    )


def write(out: Path, chosen: list[Written]) -> None:
    """``generated.toml`` and its SGF files in the puzzles folder ``out`` (the SGF
    folder is emptied first: a problem left out leaves no file behind)."""
    folder = out / SGF_FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    parts = [
        "# Capture and escape problems found in engine-played games: made by\n"
        "# `manage.py generate_puzzles go`; do not edit by hand (make them again).\n"
    ]
    for item in chosen:
        slug = slug_of(item)
        (folder / f"{slug}.sgf").write_bytes(item.sgf)
        parts.append(puzzle_table(slug, item))
    (out / FILE_NAME).write_text("\n".join(parts), encoding="utf-8")


def files(out: Path) -> dict[str, bytes]:
    found = {}
    if (out / FILE_NAME).exists():
        found[FILE_NAME] = (out / FILE_NAME).read_bytes()
    for path in sorted((out / SGF_FOLDER).glob("*.sgf")):
        found[f"{SGF_FOLDER}/{path.name}"] = path.read_bytes()
    return found


class Generator(BaseCommand):
    """Run as ``manage.py generate_puzzles go [options]``."""

    help = "Generate Go capture and escape problems (reader-proven) from engine-played games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=48, help="games to play")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--count", type=int, default=460, help="problems to write (at most)")
        parser.add_argument(
            "--processes", type=int, default=os.cpu_count() or 1, help="games read at once"
        )
        parser.add_argument(
            "--moves", type=int, default=None, help="cut each game short (a quick trial run)"
        )
        parser.add_argument("--out", type=Path, default=None, help="the Go puzzles folder")
        parser.add_argument(
            "--check",
            action="store_true",
            help="make the set again and fail if the files in --out differ",
        )

    def handle(self, *args, games, seed, count, processes, moves, out, check, **options):
        out = out or Path(settings.CONTENT_DIR) / "go" / "puzzles"
        started = time.monotonic()
        figures = Figures()
        written: list[Written] = []
        for game_written, game_figures in run(games, seed=seed, processes=processes, most=moves):
            figures.add(game_figures)
            written.extend(game_written)
        taken = library_keys(Path(settings.CONTENT_DIR) / "go" / "puzzles")
        chosen = choose(written, count, taken)
        if check:
            with tempfile.TemporaryDirectory() as folder:
                write(Path(folder), chosen)
                fresh, shipped = files(Path(folder)), files(out)
            if fresh != shipped:
                differ = sorted(
                    name
                    for name in fresh.keys() | shipped.keys()
                    if fresh.get(name) != shipped.get(name)
                )
                raise CommandError(
                    f"{len(differ)} files in {out} differ from a fresh run "
                    f"(first: {', '.join(differ[:5])}); run generate_puzzles go to update them"
                )
        else:
            out.mkdir(parents=True, exist_ok=True)
            write(out, chosen)
        self.report(figures, written, chosen, time.monotonic() - started, out, check)

    def report(self, figures, written, chosen, seconds, out, check):
        write_line = self.stdout.write
        write_line(
            f"{figures.games} games, {figures.positions} positions tried, "
            f"{figures.candidates} candidates read, {figures.proven} problems proven "
            f"({len({canonical(w.found) for w in written})} different), {len(chosen)} kept"
        )
        dropped = ", ".join(f"{why} {n}" for why, n in sorted(figures.dropped.items()))
        write_line(f"dropped: {dropped}")
        kinds = Counter(w.found.kind for w in chosen)
        write_line("by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        themes = Counter(t for w in chosen for t in w.found.themes)
        write_line("by theme: " + ", ".join(f"{t} {n}" for t, n in sorted(themes.items())))
        bands = Counter(band(w.found.rating) for w in chosen)
        order = sorted(bands, key=lambda b: int(b.rstrip("+").split("-")[0]))
        write_line("by rating: " + ", ".join(f"{b} {bands[b]}" for b in order))
        sizes = Counter(w.found.size for w in chosen)
        write_line("by board: " + ", ".join(f"{s}x{s} {n}" for s, n in sorted(sizes.items())))
        verb = "match" if check else "written to"
        self.stdout.write(
            self.style.SUCCESS(f"{len(chosen)} problems {verb} {out} in {seconds:.0f} s")
        )
