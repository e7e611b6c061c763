"""The board-geometry layer: the star's counts and symmetries, lines, distances,
the breadth-first reach, the drawing anchors."""

import math

from engines.boards import (
    HEX_DIRECTIONS,
    Board,
    anchor,
    distance,
    hexagon,
    line,
    reach,
    reflect,
    rotate,
    star,
)


def test_the_star_is_a_hexagon_of_61_and_six_triangles_of_10():  # CC-R01
    points = star(4)
    assert len(points) == 121 and len(hexagon(4)) == 61
    assert all(sum(p) == 0 for p in points)
    assert len(points - hexagon(4)) == 60


def test_the_star_is_symmetric_under_every_turn_and_the_mirror():
    board = Board(star(4), HEX_DIRECTIONS)
    for turns in range(6):
        assert board.is_symmetric(lambda p, t=turns: rotate(p, t))
        assert board.is_symmetric(lambda p, t=turns: reflect(rotate(p, t)))
    assert rotate((2, -1, -1), 6) == (2, -1, -1)
    assert reflect(reflect((3, -1, -2))) == (3, -1, -2)


def test_each_direction_is_the_one_before_turned():
    assert [rotate(d) for d in HEX_DIRECTIONS] == [*HEX_DIRECTIONS[1:], HEX_DIRECTIONS[0]]


def test_neighbours_and_lines():
    board = Board(star(4), HEX_DIRECTIONS)
    assert len(board.neighbours[(0, 0, 0)]) == 6
    assert len(board.neighbours[(4, 4, -8)]) == 2  # a camp's apex
    east = list(line(board.points, (0, 0, 0), (1, -1, 0)))
    assert east == [(1, -1, 0), (2, -2, 0), (3, -3, 0), (4, -4, 0)]
    assert list(board.line((-4, 8, -4), (0, 1, -1))) == []


def test_distance_is_the_number_of_steps():  # C7: an apex to the opposite apex
    assert distance((4, 4, -8), (-4, -4, 8)) == 16
    walk = reach((0, 0, 0), lambda p: [q for _d, q in Board(star(4), HEX_DIRECTIONS).neighbours[p]])
    assert all(len(path) - 1 == distance((0, 0, 0), p) for p, path in walk.items())
    assert len(walk) == 120


def test_anchors_put_neighbours_one_apart():
    for direction in HEX_DIRECTIONS:
        x, y = anchor(direction)
        assert math.isclose(math.hypot(x, y), 1.0, rel_tol=1e-5)
    assert anchor((0, -4, 4))[1] > 0  # z grows southwards (down the page)
    assert anchor((3, 5)) == (3.0, 5.0)  # square points are (column, row)
