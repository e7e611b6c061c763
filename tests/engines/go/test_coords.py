"""Coordinates (GTP ``D4`` without ``I``, SGF ``dd``) and star points (星, 天元)."""

import pytest

from engines.go import (
    BLACK,
    GTP_COLUMNS,
    WHITE,
    Board,
    Move,
    check_size,
    parse_color,
    parse_point,
    point_name,
    sgf_name,
    star_points,
)


def test_gtp_columns_skip_i():
    assert "I" not in GTP_COLUMNS
    assert GTP_COLUMNS[:9] == "ABCDEFGHJ"


@pytest.mark.parametrize(
    "size, point, gtp, sgf",
    [
        (19, 0, "A19", "aa"),  # top-left
        (19, 18, "T19", "sa"),  # top-right
        (19, 342, "A1", "as"),  # bottom-left
        (19, 360, "T1", "ss"),  # bottom-right
        (19, 180, "K10", "jj"),  # 天元
        (19, 3 * 19 + 3, "D16", "dd"),
        (19, 15 * 19 + 3, "D4", "dp"),
        (19, 8, "J19", "ia"),  # the ninth column is J in GTP, i in SGF
        (9, 40, "E5", "ee"),
        (9, 8 * 9, "A1", "ai"),
        (5, 12, "C3", "cc"),
        (13, 6 * 13 + 6, "G7", "gg"),
    ],
)
def test_known_points(size, point, gtp, sgf):
    assert point_name(point, size) == gtp
    assert sgf_name(point, size) == sgf
    assert parse_point(gtp, size) == point
    assert parse_point(sgf, size) == point
    assert parse_point(gtp.lower(), size) == point  # GTP is case-insensitive


@pytest.mark.parametrize("size", range(5, 20))
def test_every_point_round_trips_on_every_size(size):
    gtp_names, sgf_names = set(), set()
    for point in range(size * size):
        gtp, sgf = point_name(point, size), sgf_name(point, size)
        assert parse_point(gtp, size) == point
        assert parse_point(sgf, size) == point
        assert parse_point(f" {gtp} ", size) == point
        gtp_names.add(gtp)
        sgf_names.add(sgf)
    assert len(gtp_names) == len(sgf_names) == size * size
    assert not any(name.startswith("I") for name in gtp_names)


@pytest.mark.parametrize(
    "text, size, message",
    [
        ("", 19, "not a point"),
        ("D", 19, "not a point"),
        ("4D", 19, "not a point"),
        ("DD", 19, "not a point"),  # SGF is lower case only
        ("aaa", 19, "not a point"),
        ("D4x", 19, "not a point"),
        ("A-1", 19, "not a point"),
        ("I5", 19, "not a point"),  # GTP has no I column
        ("i5", 19, "not a point"),
        ("A0", 19, "not a point"),
        ("A01", 19, "not a point"),
        ("A20", 19, "off the board"),
        ("U1", 19, "off the board"),
        ("tt", 19, "off the board"),  # SGF's old pass is not a point
        ("J1", 8, "off the board"),
        ("ja", 9, "off the board"),
        ("aj", 9, "off the board"),
        (None, 9, "not a point"),
        (40, 9, "not a point"),
    ],
)
def test_bad_coordinates(text, size, message):
    with pytest.raises(ValueError, match=message):
        parse_point(text, size)


@pytest.mark.parametrize("size", [4, 20, 0, -1, 9.0, "9"])
def test_bad_sizes(size):
    with pytest.raises(ValueError, match="board size must be 5 to 19"):
        check_size(size)
    with pytest.raises(ValueError):
        Board(size)


@pytest.mark.parametrize(
    "text, size, move",
    [
        ("B D4", 9, Move(BLACK, 5 * 9 + 3)),
        ("b dd", 9, Move(BLACK, 3 * 9 + 3)),
        ("white pass", 9, Move(WHITE, None)),
        ("W PASS", 19, Move(WHITE, None)),
        ("Black T19", 19, Move(BLACK, 18)),
    ],
)
def test_move_text(text, size, move):
    assert Move.from_text(text, size) == move
    # And back: Move.text always writes GTP.
    assert Move.from_text(move.text(size), size) == move


@pytest.mark.parametrize("text", ["D4", "B", "B D4 E5", "R D4", "B Z9"])
def test_bad_move_text(text):
    with pytest.raises(ValueError):
        Move.from_text(text, 9)


@pytest.mark.parametrize("text, color", [("b", BLACK), ("BLACK", BLACK), (" w ", WHITE)])
def test_colours(text, color):
    assert parse_color(text) == color


def test_bad_colour():
    with pytest.raises(ValueError, match="not a colour"):
        parse_color("red")


# 星位 and 天元: 九个小圆点 on 19x19 (seed 000), the middle one is 天元.
@pytest.mark.parametrize(
    "size, stars",
    [
        (19, ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]),
        (17, ["D14", "J14", "O14", "D9", "J9", "O9", "D4", "J4", "O4"]),
        (15, ["D12", "H12", "M12", "D8", "H8", "M8", "D4", "H4", "M4"]),
        (13, ["D10", "K10", "G7", "D4", "K4"]),
        (11, ["C9", "J9", "F6", "C3", "J3"]),
        (9, ["C7", "G7", "E5", "C3", "G3"]),
        (7, ["C5", "E5", "D4", "C3", "E3"]),
        (5, ["C3"]),  # 天元 only
        (6, []),  # no centre on an even board this small
        (8, ["C6", "F6", "C3", "F3"]),
        (18, ["D15", "P15", "D4", "P4"]),
    ],
)
def test_star_points(size, stars):
    assert [point_name(p, size) for p in star_points(size)] == stars


@pytest.mark.parametrize("size", range(5, 20))
def test_tengen_is_a_star_on_every_odd_board(size):
    centre = (size // 2) * size + size // 2
    assert (centre in star_points(size)) == (size % 2 == 1)
    # Star points are symmetric under the board's eight symmetries.
    stars = {divmod(p, size) for p in star_points(size)}
    assert stars == {(x, y) for y, x in stars}
    assert stars == {(size - 1 - y, x) for y, x in stars}


def test_star_points_of_a_bad_size():
    with pytest.raises(ValueError):
        star_points(21)
