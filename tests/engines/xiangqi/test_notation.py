"""Notation both ways (XQ-R16): Chinese, WXF, ICCS and coordinates; vectors X32, X33.

WXF names are compared with pyffish's over random games in
``tests/peers/test_xiangqi_pyffish.py``."""

import random

import pytest

from engines.xiangqi import IllegalMove, Move, Position
from engines.xiangqi.notation import (
    chinese,
    iccs,
    line,
    parse_any,
    parse_chinese,
    parse_iccs,
    parse_wxf,
    wxf,
)

OPENING = ["h3e3", "h10g8", "h1g3", "i10h10", "i1h1", "b8b4"]


def test_x32_an_opening_in_chinese_and_wxf():
    assert line(Position(), OPENING) == [
        "炮二平五",
        "马８进７",
        "马二进三",
        "车９平８",
        "车一平二",
        "炮２进４",
    ]
    assert line(Position(), OPENING, "wxf") == ["C2=5", "H8+7", "H2+3", "R9=8", "R1=2", "C2+4"]
    assert line(Position(), OPENING, "coordinates") == OPENING


def test_x33_tandem_rooks():
    # The spec's FEN has Black's general on e10 in check with Red to move (not a
    # position); the same rooks with the general on f10.
    position = Position("5k3/9/9/9/9/4R4/9/4R4/9/3K5 w")
    assert chinese(position, "e5e8") == "前车进三"
    assert chinese(position, "e3e4") == "后车进一"
    assert wxf(position, "e5e8") == "R++3"
    assert wxf(position, "e3e4") == "R-+1"
    assert parse_chinese(position, "前车进三").text() == "e5e8"
    assert parse_wxf(position, "R-+1").text() == "e3e4"


def test_black_tandem_front_is_towards_red():
    position = Position("4k4/9/9/4r4/9/9/4r4/9/9/3K5 b")
    assert chinese(position, "e4e3") == "前车进１"
    assert chinese(position, "e7e8") == "后车退１"


def test_tandem_soldiers():
    three = Position("3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w")
    assert [chinese(three, m) for m in ("e8d8", "e7d7", "e6d6")] == [
        "前兵平六",
        "中兵平六",
        "后兵平六",
    ]
    assert [wxf(three, m) for m in ("e8d8", "e7d7", "e6d6")] == ["15=6", "25=6", "35=6"]
    two_files = Position("3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w")
    assert chinese(two_files, "e8d8") == "前五平六"
    assert chinese(two_files, "c7b7") == "后七平八"
    four = Position("3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w")
    assert chinese(four, "e6d6") == "四兵平六"
    assert chinese(four, "e9d9") == "一兵平六"


def test_advisors_and_elephants_need_no_front_or_rear():
    position = Position("3k5/9/9/9/9/2B6/9/5A3/9/2B1KA3 w")
    assert chinese(position, "c1a3") == "相七进九"
    assert chinese(position, "c5a3") == "相七退九"
    assert chinese(position, "f1e2") == "仕四进五"
    assert chinese(position, "f3e2") == "仕四退五"


def test_chinese_reads_variant_glyphs_and_digits():
    position = Position()
    for text in ("炮二平五", "砲二平五", "炮2平5", "炮二平５"):
        assert parse_chinese(position, text).text() == "h3e3"
    position.play("h3e3")
    for text in ("马８进７", "馬8進7", "马8进7"):
        assert parse_chinese(position, text).text() == "h10g8"


def test_iccs_and_parse_any():
    assert iccs("h3e3") == "H2-E2"
    assert parse_iccs("H2-E2").text() == "h3e3"
    assert parse_iccs("h9g7").text() == "h10g8"
    position = Position()
    for text in ("h3e3", "C2=5", "炮二平五", "c2.5"):
        assert parse_any(position, text).text() == "h3e3"
    for bad in ("炮二退三", "C2-3", "x9", "马二进四"):
        with pytest.raises(IllegalMove):
            parse_any(position, bad)


def test_illegal_moves_have_no_name():
    with pytest.raises(IllegalMove):
        chinese(Position(), "b1b3")
    with pytest.raises(IllegalMove):
        wxf(Position(), Move.from_text("e1d1"))


def test_names_are_unique_and_read_back_over_random_games():
    rng = random.Random(21)
    positions = 0
    for _ in range(8):
        position = Position()
        for _ply in range(rng.randint(10, 120)):
            codes = position.legal_codes()
            if not codes:
                break
            moves = [Move.from_code(c) for c in codes]
            names = [chinese(position, m) for m in moves]
            latin = [wxf(position, m) for m in moves]
            assert len(set(names)) == len(moves), names
            assert len(set(latin)) == len(moves), latin
            for move, name, short in zip(moves, names, latin, strict=True):
                assert parse_chinese(position, name) == move
                assert parse_wxf(position, short) == move
            positions += 1
            position.push(rng.choice(codes))
    assert positions > 200
