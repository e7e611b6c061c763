"""A move from one point to another, without JavaScript: pick the piece up, then
click where it goes (or type the move). Picking records nothing; a tampered post
is a 400 that changes nothing."""

import re

import pytest

from puzzles.models import Attempt
from tests.helpers import make, text_of
from tests.kinds import SLIDE as DATA

URL = "/puzzles/slide/"


@pytest.fixture
def puzzle(db):
    return make("slide", "test.slide", DATA)


def buttons(page: str) -> list[tuple[str, str]]:
    """(name, value) of every button on the board."""
    board = page[page.index('class="board-points"') :]
    return re.findall(r'<button type="submit" class="point" name="([^"]*)" value="([^"]*)"', board)


def test_only_the_learners_piece_can_be_picked_up(client, puzzle):
    page = client.get(URL).content.decode()
    assert buttons(page) == [("select", "a1")]
    assert 'aria-label="a1 红车"' in page
    assert "或者输入一步棋：" in page  # Chinese first: the site's default language


def test_picking_up_shows_where_it_can_go_and_records_nothing(client, puzzle):
    response = client.post(URL, {"select": "a1"})
    page = response.content.decode()
    assert response.status_code == 200
    assert sorted(buttons(page)) == [("move", "a1a2"), ("move", "a1a3"), ("move", "a1a4"),
                                     ("move", "a1b1")]  # fmt: skip
    assert 'class="mark mark-lifted"' in page and page.count('class="mark mark-dest"') == 3
    assert not Attempt.objects.exists()


def test_the_second_click_is_the_move(client, puzzle):
    client.post(URL, {"select": "a1"})
    response = client.post(URL, {"move": "a1a4"})
    assert response.status_code == 200
    assert "✓" in text_of(response)
    assert Attempt.objects.get().status == Attempt.Status.SOLVED


@pytest.mark.parametrize("typed", ["a1a4", "A1-A4", "a1 a4", "a1 → a4"])
def test_a_move_can_be_typed(client, puzzle, typed):
    response = client.post(URL, {"move": typed})
    assert "✓" in text_of(response)


def test_an_illegal_move_is_refused_and_changes_nothing(client, puzzle):
    response = client.post(URL, {"move": "a1a5"})  # a5 holds a piece: the rook stops at a4
    assert response.status_code == 200
    assert "⚠" in text_of(response) and not Attempt.objects.exists()


@pytest.mark.parametrize(
    "post",
    [{"select": "z9"}, {"move": "a1"}, {"move": "a1a1"}, {"move": "a1q7"}, {"move": ""}, {}],
)
def test_a_tampered_move_is_a_400(client, puzzle, post):
    response = client.post(URL, post)
    assert response.status_code == 400
    assert "无法读取这个答案" in text_of(response)
    assert not Attempt.objects.exists()


def test_a_wrong_move_is_wrong(client, puzzle):
    response = client.post(URL, {"move": "a1b1"})
    assert "✗" in text_of(response)
    assert Attempt.objects.get().status == Attempt.Status.FAILED
