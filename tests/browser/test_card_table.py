"""A five-seat table with a 43-card hand (Baohuang's), on a 360 px phone and a
desktop: nothing scrolls sideways, every card of the hand can be seen and tapped.

Set QIPAI_SHOTS=/some/dir to also save a screenshot.
"""

import os
from pathlib import Path

import pytest
from django.utils import translation

from puzzles.boards.cards import card_table, hand_controls
from tests.helpers import BIG_HAND

pytestmark = pytest.mark.browser

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"
SHOTS = os.environ.get("QIPAI_SHOTS")


@pytest.mark.parametrize("width", [360, 1280])
def test_a_43_card_hand_at_a_five_seat_table(new_page, width):
    with translation.override("zh-hans"):
        hand = hand_controls(BIG_HAND, mode="select", by_suit=True)
        table = card_table(
            you=0, hand=hand, others={1: 43, 2: 40, 3: 12, 4: 38}, seats=5, names={2: "皇帝"}
        )
    page = new_page(viewport={"width": width, "height": 800})
    page.set_content(
        '<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f'<body><main class="page"><form>{table}</form></main></body></html>'
    )
    page.add_style_tag(path=str(CSS))
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    cards = page.locator(".hand-you label.card").evaluate_all(
        "(cards) => cards.map((c) => { const r = c.getBoundingClientRect();"
        " return [r.left, r.right, r.width, r.height]; })"
    )
    assert len(cards) == 43
    for left, right, card_width, card_height in cards:
        assert left >= 0 and right <= width
        assert card_width >= 24 and card_height >= 24  # a finger can hit it
    seats = page.locator("section.seat").evaluate_all(
        "(seats) => seats.map((s) => s.getBoundingClientRect().right)"
    )
    assert len(seats) == 5 and max(seats) <= width
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"table-5-seats-{width}.png"), full_page=True)


def test_face_down_cards_show_their_backs_in_the_dark(new_page):
    with translation.override("zh-hans"):
        table = card_table(you=0, hand="", others={1: 7, 2: 43}, seats=5)
    page = new_page(color_scheme="dark", viewport={"width": 360, "height": 800})
    page.set_content(f'<!doctype html><html><body><main class="page">{table}</main></body></html>')
    page.add_style_tag(path=str(CSS))
    backgrounds = page.locator(".card-back").evaluate_all(
        "(backs) => backs.map((b) => getComputedStyle(b).backgroundImage)"
    )
    assert len(backgrounds) == 50
    assert all("repeating-linear-gradient" in b for b in backgrounds)
