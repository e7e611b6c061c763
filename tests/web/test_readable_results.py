"""The teacher's results grid and item picker tell items apart: each puzzle shows its
small board (or hand), its kind and its rating, so that five puzzles with one prompt
(黑先，吃掉△白子。) are five different columns; a finished lesson reads 已完成."""

import re

import pytest
from django.test import Client
from django.utils import timezone

from classrooms import assignments
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.conftest import classroom_world
from tutorials.models import Lesson

SAME_PROMPT = "黑先，吃掉△白子。"
POSITIONS = [{"c3": "white", "b3": "black"}, {"a1": "white"}, {"e5": "black", "d5": "white"}]


@pytest.fixture
def world(content):
    world = classroom_world("三年级二班")
    assignment = assignments.create_assignment(
        world["classroom"], world["owner"], title="第三周", due_at=timezone.now()
    )
    same = [
        Puzzle.objects.create(
            slug=f"same-{number}",
            game="go",
            kind="test.pick",
            data={"size": 5, "stones": stones, "line": [{"accept": ["c2"]}]},
            prompt_zh=SAME_PROMPT,
            prompt_en="Black to play: capture the marked stone.",
            rating=700 + 100 * number,
        )
        for number, stones in enumerate(POSITIONS)
    ]
    lesson = Lesson.objects.get(slug="first-steps")
    assignments.add_items(assignment, puzzles=same, lessons=[lesson])
    return {**world, "assignment": assignment, "same": same}


def chinese(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(user)
    return client


def test_columns_with_one_prompt_differ_by_picture_kind_and_rating(world):
    url = f"/classes/{world['classroom'].pk}/assignments/{world['assignment'].pk}/"
    page = chinese(world["owner"]).get(url).content.decode()
    heads = re.findall(r'<th scope="col" class="item-head">(.*?)</th>', page, flags=re.S)
    assert len(heads) == 4  # the lesson and the three puzzles
    puzzles = heads[1:]
    pictures = [re.search(r"<svg.*?</svg>", head, flags=re.S).group() for head in puzzles]
    assert len(set(pictures)) == 3, "each position draws its own picture"
    for head, rating in zip(puzzles, ("700", "800", "900"), strict=True):
        assert SAME_PROMPT in head  # the title, for the pointer and the screen reader
        assert "<small>test.pick</small>" in head  # the kind's title (the test kind has none)
        assert f"<small>难度分 {rating}</small>" in head
    assert "<svg" not in heads[0]  # a lesson has no board of its own here


def test_a_finished_lesson_reads_done_not_completion_time(world, make_client):
    pupil = make_client(world["student"])
    for number, move in ((1, None), (2, "c2"), (3, "c2")):
        data = {"action": "next"} if move is None else {"move": move}
        pupil.post(f"/learn/go/first-steps/{number}/", data)
    url = f"/classes/{world['classroom'].pk}/assignments/{world['assignment'].pk}/"
    grid = assignments.results(world["assignment"])
    assert grid.rows[0].cells[0].status == assignments.COMPLETED
    page = chinese(world["owner"]).get(url).content.decode()
    assert '<span class="visually-hidden">已完成</span>' in page
    assert "完成时间" not in page
    english = make_client(world["owner"]).get(url).content.decode()
    assert '<span class="visually-hidden">completed</span>' in english


def test_the_picker_groups_puzzles_by_kind_with_their_pictures(world):
    fresh = assignments.create_assignment(world["classroom"], world["owner"], title="新作业")
    url = f"/classes/{world['classroom'].pk}/assignments/{fresh.pk}/items/"
    page = chinese(world["owner"]).get(url, {"game": "go"}).content.decode()
    cards = re.findall(r'<li class="pick-card">(.*?)</li>', page, flags=re.S)
    public = Puzzle.objects.filter(game="go", is_public=True).count()
    assert len(cards) == public >= 5
    assert all('<svg class="board-svg"' in card and 'type="checkbox"' in card for card in cards)
    # One heading per kind before its cards; the easiest first within it.
    assert page.count('<h3 class="pick-kind">') == 1
    ratings = [int(r) for r in re.findall(r"难度分 (\d+)", "".join(cards))]
    assert ratings == sorted(ratings)


def test_a_thumbnail_crops_the_board_to_its_stones(world):
    corner = Puzzle.objects.create(
        slug="corner",
        game="go",
        kind="test.pick",
        data={"size": 5, "stones": {"a1": "white"}, "line": [{"accept": ["b1"]}]},
        prompt_zh=SAME_PROMPT,
        prompt_en="x",
    )
    picture = str(thumbnail(corner))
    assert picture.startswith('<span class="item-thumb item-thumb-board" aria-hidden="true">')
    assert "board-coord" not in picture and "<button" not in picture
    view = [float(v) for v in re.search(r'viewBox="([^"]+)"', picture).group(1).split()]
    # A square window on the corner stone (a1, bottom left) and the board's edges there,
    # not the whole 7 × 7 picture with its labels.
    left, top, width, height = view
    assert width == height == 5 and left == 0.5 and top + height == 6.5


def test_the_csv_columns_name_each_puzzle_s_kind_and_rating(world, make_client):
    import csv
    import io

    url = f"/classes/{world['classroom'].pk}/assignments/{world['assignment'].pk}/results.csv"
    body = make_client(world["owner"]).get(url).content.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(body)))
    titles = header[2:-4:3]
    assert titles == [
        "1. First steps",
        "2. Black to play: capture the marked stone. (test.pick, rating 700)",
        "3. Black to play: capture the marked stone. (test.pick, rating 800)",
        "4. Black to play: capture the marked stone. (test.pick, rating 900)",
    ]
