"""The drawing layer draws every seed board: a Xiangqi start position, the
121-hole Chinese-checkers star and the 129-point Junqi board (each as its game
draws it), with a named control per point and no inline style."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from puzzles.boards import FREE, Arrow, Picture, Spot, draw
from puzzles.boards.svg import LATTICE
from tests.pictures import junqi_picture, star_picture, xiangqi_picture


def controls(html: str) -> list[tuple[str, str]]:
    """(class, aria-label) of every point's control, in order."""
    return re.findall(r'<(?:button|span) [^>]*class="(point[^"]*)"[^>]*aria-label="([^"]*)"', html)


def test_a_xiangqi_start_position():
    html = draw(xiangqi_picture())
    found = controls(html)
    assert len(found) == 90 and found[0] == ("point", "a10 black chariot")
    assert ("point", "e1 red general") in found and ("point", "e5") in found
    assert html.count('class="piece piece-red"') == html.count('class="piece piece-black"') == 16
    assert "帥" in html and "將" in html and "楚 河" in html
    # The river cuts the inner files: b runs from rank 10 to 6, then 5 to 1.
    assert "M2.5 1.5V5.5M2.5 6.5V10.5" in html
    assert "M4.5 10.5L6.5 8.5" in html  # a diagonal of Red's palace


def test_the_chinese_checkers_star():
    with translation.override("zh-hans"):  # a piece's name is said in the learner's language
        picture = star_picture()
        html = draw(picture)
    found = controls(html)
    assert len(found) == 121 and len(set(found)) == 121
    assert found[0] == ("point px-14 py-1", "a17 绿子")  # the north tip, top row first
    assert ("point px-2 py-5", "a13") in found  # the widest row, 13 holes
    assert html.count("region-home") == 6
    assert html.count('class="stone stone-red"') == html.count('class="stone stone-green"') == 10


def test_the_junqi_board():
    with translation.override("zh-hans"):
        html = draw(junqi_picture())
    found = controls(html)
    assert len(found) == 129 and len({label.split()[0] for _c, label in found}) == 129
    assert html.count('class="region-camp"') == 20 and html.count('class="region-hq"') == 8
    rails = re.search(r'class="board-rail" d="([^"]*)"', html).group(1)
    assert rails.count("Q") == 4  # the four arcs between neighbouring armies
    assert ("point px-14 py-14", "C1") in found  # the centre's top-left node
    assert html.count('class="piece piece-') == 100  # four armies of 25
    assert any(re.fullmatch(r"S0[13] 南家的军旗，司令部", label) for _c, label in found)


@pytest.mark.parametrize("picture", [xiangqi_picture, star_picture, junqi_picture])
def test_pictures_keep_the_content_security_policy(picture):
    html = draw(picture())
    assert "style=" not in html and "<script" not in html


def test_a_free_point_must_sit_on_the_lattice():
    spot = Spot(1, 1, "x", cell=(60, 2))
    with pytest.raises(ValueError, match="off the lattice"):
        draw(Picture(10, 10, [spot], layout=FREE, cells=(40, 40)))
    with pytest.raises(ValueError, match="no place"):
        draw(Picture(10, 10, [Spot(1, 1, "y")], layout=FREE, cells=(40, 40)))


def test_a_move_is_drawn_as_an_arrow_that_stops_at_its_point():
    picture = xiangqi_picture()
    picture.arrows.append(Arrow((2.5, 8.5), (6.5, 8.5), "good"))  # 炮二平五, as drawn
    html = draw(picture)
    arrow = re.search(
        r'<g class="arrow arrow-good"><line ([^>]*)/><polygon points="([^"]*)"/>', html
    )
    assert arrow, "no arrow"
    tip = arrow.group(2).split()[0]
    assert tip == "6.3,8.5"  # its head stops short of the point's centre


def test_the_stylesheet_places_every_step_of_the_lattice():
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text()
    for prefix, variable, first in (("cells-x", "--w", 1), ("cells-y", "--h", 1), ("px", "--x", 0),
                                    ("py", "--y", 0)):  # fmt: skip
        for step in range(first, LATTICE + 1):
            assert f".{prefix}-{step} {{ {variable}: {step}; }}" in css, (prefix, step)
