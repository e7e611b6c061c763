"""``manage.py generate_puzzles tiaoqi``: endgames and farthest-move positions from
engine-played games, written as content that loads, the same for the same seed.

Regenerating the shipped set takes minutes (each endgame is a search), so the
shipped files are checked against a small run of the default seed: the command
writes the puzzles of each kind in rating order, and a small run's puzzles are
the shipped set's first finds."""

import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from engines.tiaoqi import parse_hole
from puzzles.games.tiaoqi.kinds import position
from puzzles.kinds import get_kind
from puzzles.kinds.moves import FromTo
from puzzles.models import Puzzle

SHIPPED = Path(settings.CONTENT_DIR) / "tiaoqi" / "puzzles"


def generate(out, seed=2026, count=2):
    call_command(
        "generate_puzzles",
        "tiaoqi",
        fewest=count,
        longest=count,
        seed=seed,
        out=out,
        stdout=StringIO(),
    )
    return {name: (out / f"generated-{name}.toml").read_text() for name in ("fewest", "longest")}


def puzzles(text):
    return tomllib.loads(text)["puzzles"]


@pytest.mark.django_db
def test_a_small_run_writes_puzzles_that_load(tmp_path):
    out = tmp_path / "tiaoqi" / "puzzles"
    texts = generate(out)
    fewest = puzzles(texts["fewest"])
    longest = puzzles(texts["longest"])
    assert len(fewest) == 2 and len(longest) == 2
    kind = get_kind("tiaoqi.fewest")
    for puzzle in fewest:
        data = puzzle["data"]
        board = position(data)
        outside = [h for h, s in board.pieces.items() if s == 0 and h not in board.target(0)]
        assert 1 <= len(outside) <= 3
        assert not any(board.pieces.get(h) == 1 for h in board.target(0))
        prepared = kind.prepare(data)
        assert 3 <= prepared["moves"] == data["moves"] <= 9
        first = prepared["best"][" ".join(sorted(data["red"]))]
        # The explanation lists exactly the right first moves, a strict minority.
        said = puzzle["explanation"]["en"].split("keep to the fewest: ")[1]
        assert len(first) == said.count(",") + 1
        assert all(move.split("-")[0] in said for move in first)
    for puzzle in longest:
        data = puzzle["data"]
        said = puzzle["explanation"]["en"]
        chain = said.removeprefix("Only one move goes this far. ").split(":")[0]
        start, end = chain.split("-")[0], chain.split("-")[-1]
        board = position(data)
        assert board.pieces[parse_hole(start)] == 0  # the explanation names a red move
        verdict, _state = get_kind("tiaoqi.longest").check(data, {}, FromTo(start, end))
        assert verdict.is_correct
    assert generate(tmp_path / "again") == texts  # seeded: the same files again
    shutil.rmtree(tmp_path / "again")
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="tiaoqi", kind="tiaoqi.fewest").count() == 2
    assert Puzzle.objects.filter(game="tiaoqi", kind="tiaoqi.longest").count() == 2


def test_the_shipped_files_are_the_default_seed_s(tmp_path):
    texts = generate(tmp_path, count=3)
    for name, text in texts.items():
        shipped = puzzles((SHIPPED / f"generated-{name}.toml").read_text())
        assert len(shipped) == {"fewest": 25, "longest": 15}[name]
        unnumbered = [{k: v for k, v in p.items() if k != "slug"} for p in shipped]
        for puzzle in puzzles(text):
            del puzzle["slug"]
            assert puzzle in unnumbered  # the first finds of the same games
