"""Chinese move names against PyPI's ``cchess`` (``ChessBoard(fen).move_iccs(...).to_text()``)
over the seeded random games of the pyffish differential.

Every move's name must be cchess's, and cchess's name must read back to the same
move, except where two files each hold several soldiers of a side: cchess then writes
``前卒进１``, which does not say which file; we write ``前３进１`` (the file number in
place of the piece's name), the form that tells the soldiers apart. Those are
counted and read back, not compared.
"""

from __future__ import annotations

import os

import pytest

from engines.xiangqi import Position, file_of, move_text, rank_of
from engines.xiangqi.notation import chinese, parse_chinese
from tests.peers.xiangqi_games import random_game

GAMES = 400


def require_cchess():
    try:
        import cchess
    except ImportError:
        message = "cchess is not installed (the dev extra: pip install -e '.[dev]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return cchess


def iccs(code: int) -> str:
    a, b = code >> 7, code & 127
    files = "abcdefghi"
    return f"{files[file_of(a)]}{rank_of(a)}{files[file_of(b)]}{rank_of(b)}"


def test_chinese_names_are_cchess_names():
    cchess = require_cchess()
    compared = several_files = 0
    wrong = []
    for seed in range(GAMES):
        fen, codes = random_game(seed)
        position = Position(fen)
        for code in codes:
            theirs = cchess.ChessBoard(position.fen()).move_iccs(iccs(code)).to_text()
            ours = chinese(position, move_text(code))
            if ours[1] in "１２３４５６７８９一二三四五六七八九" and ours[0] in "前中后":
                several_files += 1  # a soldier among tandems on two files
            else:
                compared += 1
                if ours != theirs or parse_chinese(position, theirs).code != code:
                    wrong.append((seed, position.fen(), move_text(code), ours, theirs))
            position.push(code)
    assert not wrong, wrong[:10]
    assert compared > 5000 and several_files < compared // 100
