"""The shipped Renju puzzles' positions, read by the engine alone (no Django)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from engines.renju import BLACK, WHITE, Board, parse_points

PUZZLES = Path(__file__).resolve().parents[3] / "content" / "renju" / "puzzles"


@cache
def _data() -> dict[str, tuple[str, dict]]:
    found = {}
    for path in sorted(PUZZLES.glob("*.toml")):
        for puzzle in tomllib.loads(path.read_text())["puzzles"]:
            found[puzzle["slug"]] = (puzzle["kind"], puzzle["data"])
    return found


def data(slug: str) -> dict:
    """The puzzle's data, as its kind reads it."""
    return _data()[slug][1]


def slugs(*kinds: str) -> list[str]:
    return [slug for slug, (kind, _data_) in _data().items() if kind in kinds]


def board(slug: str) -> Board:
    """The puzzle's position: set-up stones or a diagram, then any moves."""
    found = data(slug)
    to_move = WHITE if found.get("to_move") == "white" else BLACK
    if "diagram" in found:
        position = Board.from_diagram(found["diagram"], to_move)
    elif found.get("black") or found.get("white"):
        position = Board.setup(found.get("black", ""), found.get("white", ""), to_move)
    else:
        position = Board()
    for point in parse_points(found.get("moves", "")):
        position.play(point, allow_foul=True)
    return position
