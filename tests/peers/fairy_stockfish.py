"""Debian's ``fairy-stockfish`` (UCI), the perft oracle of the Xiangqi tests.

``perft(fen, depth)`` runs ``go perft`` with ``UCI_Variant xiangqi`` and returns
the node count and the per-move divide. Where the program is missing,
``require_fairy_stockfish()`` skips the calling test locally and fails it in CI
(the environment variable ``CI`` is set), as ``gnugo.require_gnugo`` does.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"


def fairy_stockfish_path() -> str | None:
    if os.access(FAIRY_STOCKFISH, os.X_OK):
        return FAIRY_STOCKFISH
    return shutil.which("fairy-stockfish")


def require_fairy_stockfish() -> str:
    path = fairy_stockfish_path()
    if path is None:
        message = (
            f"Fairy-Stockfish is not installed ({FAIRY_STOCKFISH}; Debian package fairy-stockfish)"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def perft(fen: str, depth: int, path: str | None = None) -> tuple[int, dict[str, int]]:
    """(nodes, {move: nodes}) from ``go perft depth`` on ``fen``."""
    path = path or require_fairy_stockfish()
    commands = (
        "uci\nsetoption name UCI_Variant value xiangqi\n"
        f"position fen {fen}\ngo perft {depth}\nquit\n"
    )
    done = subprocess.run(
        [path], input=commands, capture_output=True, text=True, check=True, timeout=600
    )
    split = {}
    total = None
    for line in done.stdout.splitlines():
        if match := re.fullmatch(r"([a-i]\d{1,2}[a-i]\d{1,2}): (\d+)", line.strip()):
            split[match[1]] = int(match[2])
        elif match := re.fullmatch(r"Nodes searched: (\d+)", line.strip()):
            total = int(match[1])
    if total is None:
        raise RuntimeError(f"no perft answer from {path}: {done.stdout[-500:]!r}")
    return total, split
