"""What a screen reader hears of a board's points: marks, move numbers, toggles."""

from django.utils import translation

from puzzles.boards import grid_board


def board(**options):
    return grid_board(
        columns=3,
        rows=2,
        name_of=lambda at: "ABC"[at[0]] + str(2 - at[1]),
        **options,
    )


def test_a_point_says_its_stone_and_its_mark_in_both_languages():
    stones = {(0, 0): "white", (1, 0): "black"}
    with translation.override("zh-hans"):
        html = board(stones=stones, marks={(0, 0): "target"}, labels={(1, 0): "3"})
        assert 'aria-label="A2 白子，标记"' in html
        assert 'aria-label="B2 黑子，第 3 手"' in html
    with translation.override("en"):
        html = board(stones=stones, marks={(0, 0): "target", (2, 1): "last"})
        assert 'aria-label="A2 white stone, marked"' in html
        # A marked empty point is still a button, named with its mark.
        assert 'value="C1" aria-label="C1, last move" data-mark="last"' in html


def test_marking_points_are_toggle_buttons_pressed_where_marked():
    with translation.override("en"):
        html = board(marks={(1, 1): "picked"}, toggle="picked")
    assert 'value="B1" aria-label="B1" data-mark="picked" aria-pressed="true"' in html
    assert html.count('aria-pressed="false"') == 5
    # Without a marking task, no point is a toggle.
    assert "aria-pressed" not in board(marks={(1, 1): "picked"})


def test_only_a_board_to_play_sits_in_a_scrolling_frame():
    assert board().startswith('<div class="board-frame">')
    assert not board(clickable=False).startswith('<div class="board-frame">')
