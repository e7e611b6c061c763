"""The Dagunzi lessons and puzzles we ship: they load, they are enough, and each is solvable.

Loading proves every puzzle with the engine; then every exercise and puzzle is solved
here through its kind's own checker, with answers worked out by the engine (the
solver, ``trick_winner``, ``check_play``, ``settle``...), never read from the file,
except the plays an author accepts for a convention, which are the puzzle itself.
"""

from collections import Counter

import pytest

from engines.dagunzi import check_play, points, trick_winner
from puzzles.games.dagunzi.kinds import cards_of, order_of, plays_of, rules_of
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content, solve_through_kind
from tutorials.models import Lesson

KINDS = (
    "dagunzi.play",
    "dagunzi.legal",
    "dagunzi.winner",
    "dagunzi.order",
    "dagunzi.settle",
    "dagunzi.bury",
)


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "dagunzi"):
        yield


def answers(puzzle: Puzzle, state) -> list[dict]:
    """The next answer(s) that solve ``puzzle`` from ``state``, from the engine."""
    kind, data = get_kind(puzzle.kind), puzzle.data
    if puzzle.kind == "dagunzi.order":
        order = order_of(data)
        left = kind.remaining(data, state)
        return [{"card": order.sorted(left.elements())[0].text()}]
    if puzzle.kind == "dagunzi.winner":
        return [{"answer": str(trick_winner(plays_of(data, "plays"), order_of(data)))}]
    if puzzle.kind == "dagunzi.legal":
        order, follow = order_of(data), rules_of(data).follow
        hand, trick = cards_of(data, "hand"), plays_of(data, "trick")
        legal = []
        for i, option in enumerate(plays_of(data, "options")):
            try:
                check_play(hand, trick, option, order, follow=follow)
                legal.append(str(i))
            except ValueError:
                pass
        return [{"option": legal, "answer": "done"}]
    if puzzle.kind == "dagunzi.play":
        if "accepted" in data:
            play = plays_of(data, "accepted")[0]
        else:
            _accepted, solution = kind.accepted(data)
            play = solution.best[0]
        return [{"card": [c.text() for c in play]}]
    if puzzle.kind == "dagunzi.settle":
        outcome = kind.outcome(data)
        return [{"answer": str(kind.truth(data, outcome))}]
    if puzzle.kind == "dagunzi.bury":
        if data["ask"] == "allowed":
            return [{"answer": "yes" if kind.judge(data) is None else "no"}]
        forced = kind.joker_bury(data)
        return [{"card": [c.text() for c in forced], "answer": "done"}]
    if puzzle.kind == "dagunzi.count":
        return [{"answer": str(points(cards_of(data, "cards")))}]
    raise AssertionError(f"no solver for {puzzle.kind}")


def solve(puzzle: Puzzle) -> int:
    return solve_through_kind(puzzle, answers, turns=20, statuses=(CORRECT, CONTINUE))


@pytest.mark.django_db
def test_dagunzi_content_is_enough(shipped):
    lessons = Lesson.objects.filter(game="dagunzi").prefetch_related("steps")
    assert lessons.count() >= 10
    for lesson in lessons:
        exercises = [s for s in lesson.steps.all() if s.exercise_id]
        assert len(exercises) >= 4, f"{lesson.slug} has {len(exercises)} exercises"
    library = Puzzle.objects.filter(game="dagunzi", is_public=True)
    assert library.count() >= 120
    by_kind = Counter(library.values_list("kind", flat=True))
    for kind in KINDS:
        assert by_kind[kind] >= 5, by_kind
    assert library.filter(slug__startswith="dagunzi-gen-").count() >= 20


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_dagunzi_puzzle_and_exercise_is_solvable(shipped):
    solved = 0
    for puzzle in Puzzle.objects.filter(game="dagunzi").exclude(kind="dagunzi.table"):
        solve(puzzle)
        solved += 1
    assert solved >= 120


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="dagunzi"):
        for step in lesson.steps.all():
            if step.board:
                assert "card-table" in str(step.static_board)


def test_the_first_day_puzzles_lead_the_only_ace_at_the_bottom(shipped):
    first_day = Puzzle.objects.filter(slug__startswith="dagunzi-first-ace-")
    assert first_day.count() >= 4
    rest = Puzzle.objects.filter(game="dagunzi", is_public=True).exclude(pk__in=first_day)
    lowest_other = min(puzzle.rating for puzzle in rest)
    kind = get_kind("dagunzi.play")
    for puzzle in first_day:
        assert puzzle.rating < lowest_other
        hand = cards_of(puzzle.data, "hand")
        order = order_of(puzzle.data)
        aces = [card for card in hand if card.text().endswith("A")]
        assert len(aces) == 1 and not any(order.is_trump(card) for card in hand), puzzle.slug
        assert [list(play) for play in plays_of(puzzle.data, "accepted")] == [aces]
        post = {"card": [aces[0].text()]}
        answer = kind.parse_answer(puzzle.data, kind.start(puzzle.data), post)
        verdict, _ = kind.check(puzzle.data, kind.start(puzzle.data), answer)
        assert verdict.status == CORRECT
        other = next(card for card in hand if card != aces[0])
        answer = kind.parse_answer(puzzle.data, {}, {"card": [other.text()]})
        assert kind.check(puzzle.data, {}, answer)[0].status == "wrong"


def test_every_library_puzzle_has_a_small_picture(shipped, db):
    """The home page's daily puzzles and a teacher's picker show one for each."""
    for puzzle in Puzzle.objects.filter(game="dagunzi", is_public=True):
        picture = str(thumbnail(puzzle))
        assert "<svg" in picture or 'class="card ' in picture, puzzle.slug
