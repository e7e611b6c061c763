"""The card table seats 3 to 6 players around the trick, shows a 43-card hand
grouped by suit, and any number of face-down cards, each with its count."""

import re

import pytest
from django.utils import translation

from puzzles.boards.cards import card_table, face_down, hand_controls, seat_label
from tests.helpers import BIG_HAND


def seat_names(html: str) -> list[str]:
    return re.findall(r'<section class="seat seat-[a-z-]+" aria-label="([^"]*)"', html)


def places(html: str) -> list[str]:
    return re.findall(r'<section class="seat seat-([a-z-]+)"', html)


@pytest.mark.parametrize(
    "seats, expected",
    [
        (3, ["left", "right", "bottom"]),
        (4, ["top", "left", "right", "bottom"]),
        (5, ["top-left", "top-right", "left", "right", "bottom"]),
        (6, ["top-left", "top", "top-right", "left", "right", "bottom"]),
    ],
)
def test_seats_sit_around_the_learner_in_the_order_of_play(seats, expected):
    with translation.override("en"):
        html = card_table(you=0, hand="x", others=dict.fromkeys(range(1, seats), 5), seats=seats)
    assert places(html) == expected
    assert f'class="table-seats seats-{seats}"' in html
    names = seat_names(html)
    assert names[-1] == "You" and "Right (下家)" in names and "Left (上家)" in names
    assert ("Partner (对家)" in names) == (seats == 4)


def test_play_runs_counter_clockwise_from_any_chair():
    with translation.override("en"):
        assert seat_label(3, 2, seats=5) == "Right (下家)"  # the next to play
        assert seat_label(1, 2, seats=5) == "Left (上家)"  # the one before
        assert seat_label(4, 2, seats=5) == "Across, right"
        assert seat_label(0, 2, seats=5) == "Across, left"


def test_a_seat_can_carry_the_games_own_name():
    with translation.override("zh-hans"):
        html = card_table(you=0, hand="x", others={2: 43}, seats=5, names={2: "皇帝"})
    assert "对面右 · 皇帝" in seat_names(html)


def test_a_43_card_hand_is_grouped_by_suit():
    html = hand_controls(BIG_HAND, mode="select", by_suit=True)
    groups = html.split('<span class="card-group">')[1:]
    assert len(groups) == 5  # jokers, spades, hearts, clubs, diamonds
    assert [g.count('type="checkbox"') for g in groups] == [3, 13, 12, 9, 6]
    assert "card-joker" in groups[0] and "card-joker" not in "".join(groups[1:])


def test_any_number_of_cards_face_down_with_their_count():
    with translation.override("en"):
        html = face_down(43)
    assert html.count("card-back") == 43 and 'aria-label="43 cards, face down"' in html
    assert ">43</span>" in html and "many" in html
    assert "many" not in face_down(7)


def test_a_table_has_three_to_six_seats():
    with pytest.raises(ValueError):
        card_table(you=0, hand="", seats=7)
