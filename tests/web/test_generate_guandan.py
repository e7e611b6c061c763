"""``manage.py generate_puzzles guandan``: open endings proven by the solver, written as
content that loads, the same for the same seed."""

import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from puzzles.kinds import get_kind
from puzzles.models import Puzzle


def generate(out, seed=7):
    call_command("generate_puzzles", "guandan", count=4, seed=seed, out=out, stdout=StringIO())
    return (out / "generated-endings.toml").read_text()


@pytest.mark.django_db
def test_a_small_run_writes_endings_that_load(tmp_path):
    out = tmp_path / "guandan" / "puzzles"
    text = generate(out)
    written = tomllib.loads(text)["puzzles"]
    assert len(written) == 4
    kind = get_kind("guandan.lead")
    for puzzle in written:
        moves = kind.prepare(puzzle["data"])["moves"]
        winning = [m for m in moves if m["wins"]]
        assert len(winning) > 0 and 2 * len(winning) < len(moves)  # something to find, few
        first = winning[0]["cards"]
        named = "pass" if first == "pass" else sorted(first.split())
        said = puzzle["explanation"]["en"]
        assert named == "pass" and "pass" in said or all(card in said for card in named)
    assert generate(tmp_path / "again") == text  # seeded: the same file again
    shutil.rmtree(tmp_path / "again")
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="guandan", kind="guandan.lead").count() == 4


def test_the_shipped_endings_are_this_seed_s(tmp_path):
    shipped = Path(settings.CONTENT_DIR) / "guandan" / "puzzles" / "generated-endings.toml"
    call_command("generate_puzzles", "guandan", out=tmp_path, stdout=StringIO())
    assert (tmp_path / "generated-endings.toml").read_text() == shipped.read_text()
