"""``manage.py generate_puzzles xiangqi``: mates found in engine-played games,
confirmed by Fairy-Stockfish, written as content that loads."""

import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from engines.xiangqi import Position
from engines.xiangqi.search import mates
from puzzles.models import Puzzle


@pytest.mark.django_db
def test_a_small_run_writes_mates_that_load(tmp_path):
    out = tmp_path / "xiangqi" / "puzzles"
    report = StringIO()
    call_command(
        "generate_puzzles",
        "xiangqi",
        games=2,
        mate1=3,
        mate2=2,
        mate3=0,
        wins=0,
        processes=1,
        out=out,
        stdout=report,
    )
    assert "confirmed by Fairy-Stockfish" in report.getvalue()
    written = tomllib.loads((out / "generated-mate.toml").read_text())["puzzles"]
    assert [p["data"]["depth"] for p in written] == [1, 1, 1, 2, 2]
    for puzzle in written:
        position, depth = Position(puzzle["data"]["fen"]), puzzle["data"]["depth"]
        assert mates(position, depth).first_moves  # a win in time ...
        assert depth == 1 or not mates(position, depth - 1).first_moves  # ... and no sooner
    # Loading proves every one of them again, through the kind.
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="xiangqi").count() == len(written)
