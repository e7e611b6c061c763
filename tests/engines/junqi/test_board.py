"""The 四国军棋 board (JQ-05, JQ-R02, JQ-R05; vector J1): its counts, its symmetry under
quarter turns, and the engine's board against the map of ``junqi.md`` typed again by
hand (``oracle.PICTURE``) with its links read off the map the plain way."""

from collections import Counter

import pytest

from engines.boards import quarter_turn
from engines.junqi import (
    AREAS,
    BOARD,
    LINES,
    RAIL,
    RAIL_EDGES,
    ROADS,
    area_points,
    local,
    name,
    parse_point,
    point,
)
from tests.engines.junqi import oracle


def turn(p, times=1):
    return quarter_turn(p, 16, times)


def engine_road_links():
    return {frozenset({p, q}) for p, nexts in ROADS.items() for q in nexts}


def test_j1_129_points_73_rail_28_road_20_camps_8_headquarters_92_rail_edges():
    assert len(BOARD) == 129
    assert Counter(BOARD.kinds.values()) == {"rail": 73, "road": 28, "camp": 20, "hq": 8}
    assert len(RAIL) == 73 and set(RAIL) == BOARD.of_kind("rail")
    assert len(RAIL_EDGES) == 92
    assert len(RAIL_EDGES | engine_road_links()) == 288


def test_jq05_points_are_nodes_camps_and_two_headquarters_an_area():
    for area in AREAS:
        kinds = Counter(BOARD.kind(p) for p in area_points(area))
        assert kinds == {"rail": 16, "road": 7, "camp": 5, "hq": 2}
    centre = BOARD.points - {p for a in AREAS for p in area_points(a)}
    assert len(centre) == 9 and {BOARD.kind(p) for p in centre} == {"rail"}


def test_jqr02_four_areas_of_6_rows_by_5_and_the_centre():
    assert sum(len(set(area_points(a))) for a in AREAS) == 120
    for area in AREAS:
        places = area_points(area)
        assert {local(p)[1:] for p in places} == {(k, j) for k in range(6) for j in range(5)}
        assert all(local(p)[0] == area for p in places)
    # headquarters (0,1) and (0,3); camps (2,1) (2,3) (3,2) (4,1) (4,3)
    assert {BOARD.kind(point(f"S{k}{j}")) for k, j in ((0, 1), (0, 3))} == {"hq"}
    camps = {p for p in area_points("S") if BOARD.kind(p) == "camp"}
    assert {name(p) for p in camps} == {"S21", "S23", "S32", "S41", "S43"}


def test_jqr05_camps_join_all_eight_neighbours_other_roads_are_orthogonal():
    for p in BOARD.points:
        x, y = p
        around = set(ROADS[p])
        square = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & BOARD.points
        diagonal = {(x + a, y + b) for a in (1, -1) for b in (1, -1)} & BOARD.points
        if BOARD.kind(p) == "camp":
            assert around == square | diagonal and len(around) == 8
        else:
            camps_beside = {q for q in diagonal if BOARD.kind(q) == "camp"}
            assert around == square | camps_beside
    # a railway node also steps one point by road: S10 to S00 and S11
    assert {name(q) for q in ROADS[point("S10")]} == {"S00", "S11", "S20", "S21"}


def test_the_picture_typed_again_is_the_engines_board():
    assert BOARD.kinds == oracle.KINDS
    assert len(oracle.KINDS) == 129


def test_the_links_read_off_the_picture_are_the_engines():
    assert engine_road_links() == oracle.ROAD_LINKS
    assert oracle.RAIL_EDGES == RAIL_EDGES
    assert len(oracle.RAIL_EDGES) == 92 and len(oracle.RAIL_EDGES | oracle.ROAD_LINKS) == 288


def test_every_name_is_where_its_owner_sees_it():
    assert len(oracle.NAME_OF) == 129
    for text, where in oracle.NAME_OF.items():
        assert point(text) == where and name(where) == text
    # the brief's translations: (row, col) (10,6) is C7, (8,6) C4, (6,6) C1, (10,8) C8 ...
    for (row, col), text in {
        (10, 6): "C7", (8, 6): "C4", (6, 6): "C1", (10, 8): "C8", (8, 8): "C5",
        (6, 8): "C2", (10, 10): "C9", (15, 6): "S10", (1, 6): "N14", (10, 5): "W54",
    }.items():  # fmt: skip
        assert name((col, row)) == text


def test_points_are_read_by_name_in_any_case_or_as_pairs():
    assert parse_point("s10") == parse_point(" S10 ") == parse_point([6, 15]) == (6, 15)
    for bad in ("S60", "C0", "X10", [7, 7], [1, 2, 3], 5):
        with pytest.raises(ValueError):
            parse_point(bad)


@pytest.mark.parametrize("times", [1, 2, 3])
def test_a_quarter_turn_maps_the_board_onto_itself(times):
    assert BOARD.is_symmetric(lambda p: turn(p, times))
    assert {frozenset(turn(p, times) for p in e) for e in RAIL_EDGES} == RAIL_EDGES
    assert {frozenset(turn(p, times) for p in e) for e in engine_road_links()} == (
        engine_road_links()
    )

    def either_way(line):
        return min(line, line[::-1])

    lines = {either_way(line) for line in LINES}
    assert {either_way(tuple(turn(p, times) for p in line)) for line in LINES} == lines


def test_a_quarter_turn_takes_each_area_to_the_next_with_its_names():
    # clockwise on the map: South to West, West to North, North to East, East to South
    for area, after in zip("SWNE", "WNES", strict=True):
        for k in range(6):
            for j in range(5):
                assert name(turn(point(f"{area}{k}{j}"))) == f"{after}{k}{j}"


def test_the_railway_lines():
    sizes = Counter(len(line) for line in LINES)
    # 8 back and front railways of 5, 4 long lines of 13, 2 middle lines of 5, 4 arcs of 10
    assert sizes == {5: 10, 13: 4, 10: 4}
    arc = next(line for line in LINES if point("S10") in line and point("W14") in line)
    assert [name(p) for p in arc] == [
        "S10", "S20", "S30", "S40", "S50", "W54", "W44", "W34", "W24", "W14"
    ]  # fmt: skip
    middle = next(line for line in LINES if point("S52") in line and point("C5") in line)
    assert [name(p) for p in middle] == ["N52", "C2", "C5", "C8", "S52"]
