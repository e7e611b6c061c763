"""The boards still to come, drawn in Chromium: every point's button sits on its
point of the picture, on a phone and a desktop (a Xiangqi start position, the
Chinese-checkers star, the Junqi board; pictures only).

Set QIPAI_SHOTS=/some/dir to also save a screenshot of each.
"""

import os
from pathlib import Path

import pytest

from puzzles.boards import draw
from tests.pictures import junqi_picture, star_picture, xiangqi_picture

pytestmark = pytest.mark.browser

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"
SHOTS = os.environ.get("QIPAI_SHOTS")

MEASURE = """
(board) => {
  const box = board.querySelector("svg.board-svg").getBoundingClientRect();
  return [...board.querySelectorAll(".point")].map((point) => {
    const r = point.getBoundingClientRect();
    return {name: point.getAttribute("aria-label"), x: r.x + r.width / 2, y: r.y + r.height / 2,
            width: r.width, svg: {x: box.x, y: box.y, width: box.width, height: box.height}};
  });
}
"""


PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("build", [xiangqi_picture, star_picture, junqi_picture])
def test_every_button_sits_on_its_point(new_page, viewport, build):
    picture = build()
    page = new_page(viewport=viewport)
    page.set_content(
        '<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f"<body><main><form>{draw(picture)}</form></main></body></html>"
    )
    page.add_style_tag(path=str(CSS))
    measured = page.locator("form > div").evaluate(MEASURE)
    assert len(measured) == len(picture.spots)
    svg = measured[0]["svg"]
    # The page never scrolls sideways: a board wider than the screen (every point a
    # thumb wide) scrolls in its own frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    scale = svg["width"] / picture.width
    assert svg["height"] == pytest.approx(picture.height * scale, abs=1)
    for spot, point in zip(picture.spots, measured, strict=True):
        assert point["name"].startswith(spot.name)
        where = f"{spot.name}: button at ({point['x']:.1f}, {point['y']:.1f})"
        assert point["x"] == pytest.approx(svg["x"] + spot.x * scale, abs=1), where
        assert point["y"] == pytest.approx(svg["y"] + spot.y * scale, abs=1), where
        assert point["width"] >= 0.8 * scale, where  # about the distance between points
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"picture-{build.__name__}-{viewport['width']}.png"))
