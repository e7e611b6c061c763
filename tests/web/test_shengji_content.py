"""The Shengji lessons and puzzles we ship: they load, they are enough, and each is solvable.

Loading proves every puzzle with the engine; then every exercise and puzzle is solved
here through its kind's own checker, with answers worked out by the engine
(``trick_winner``, ``check_follow``, ``is_tractor``, ``check_throw``,
``check_declaration``, ``settle``, the solver), never read from the file.
"""

import contextlib
import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from engines.cards import SUIT_SYMBOLS
from engines.shengji import IllegalPlay, check_follow, check_throw, is_tractor, points
from engines.shengji import trick_winner as winner_of
from engines.shengji.declare import IllegalDeclaration, check_declaration, kitty_trump
from engines.shengji.hand import settle
from puzzles.games.shengji.kinds import bury_exists, level_of, order_of, rules_of
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.kinds.cards import cards_of, plays_of
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content, solve_through_kind
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "shengji" / "lessons"
KINDS = (
    "shengji.play",
    "shengji.follow",
    "shengji.tractor",
    "shengji.winner",
    "shengji.order",
    "shengji.throw",
    "shengji.declare",
    "shengji.settle",
    "shengji.bury",
)


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "shengji"):
        yield


def declared(data):
    """The declaration standing after the shows, by the engine."""
    current = None
    for seat, cards in data.get("shows", []):
        with contextlib.suppress(IllegalDeclaration):
            current = check_declaration(
                seat,
                cards_of({"c": cards}, "c"),
                level_of(data),
                current=current,
                rules=rules_of(data),
            )
    return current


def answers(puzzle: Puzzle, state) -> list[dict]:
    """The next answer that solves ``puzzle`` from ``state``, from the engine."""
    kind, data = get_kind(puzzle.kind), puzzle.data
    if puzzle.kind == "shengji.count":
        return [{"answer": str(points(cards_of(data, "cards")))}]
    if puzzle.kind == "shengji.order":
        left = kind.remaining(data, state)
        return [{"card": order_of(data).sorted(left.elements())[0].text()}]
    if puzzle.kind == "shengji.tractor":
        order = order_of(data)
        right = [str(i) for i, o in enumerate(plays_of(data, "options")) if is_tractor(o, order)]
        if len(data["options"]) == 1:
            return [{"answer": "yes" if right else "no"}]
        return [{"option": right, "answer": "done"}]
    if puzzle.kind == "shengji.follow":
        order, hand, lead = order_of(data), cards_of(data, "hand"), cards_of(data, "lead")
        legal = []
        for i, option in enumerate(plays_of(data, "options")):
            try:
                check_follow(hand, lead, option, order)
                legal.append(str(i))
            except IllegalPlay:
                pass
        return [{"option": legal, "answer": "done"}]
    if puzzle.kind == "shengji.winner":
        return [{"answer": str(winner_of(plays_of(data, "plays"), order_of(data)))}]
    if puzzle.kind == "shengji.throw":
        others = [cards_of({"h": h}, "h", required=False) for h in data["others"]]
        result = check_throw(cards_of(data, "throw"), others, order_of(data))
        if result.ok:
            return [{"answer": "ok"}]
        return [{"answer": str([u.cards for u in result.units].index(result.forced))}]
    if puzzle.kind == "shengji.declare":
        current = declared(data)
        if data["ask"] == "trump":
            suit = current.suit if current else kitty_trump(cards_of(data, "kitty"))
            return [{"answer": "NT" if suit is None else SUIT_SYMBOLS[suit]}]
        try:
            check_declaration(
                data["seat"], cards_of(data, "cards"), level_of(data), current=current
            )
            return [{"answer": "yes"}]
        except IllegalDeclaration:
            return [{"answer": "no"}]
    if puzzle.kind == "shengji.settle":
        last = cards_of(data, "last", required=False)
        result = settle(
            data["trick_points"],
            points(cards_of(data, "kitty")),
            attackers_won_last=bool(last),
            last_lead=last,
            order=order_of(data),
            penalties=data.get("penalties", 0),
        )
        truth = {"points": result.attackers, "result": result.winner, "levels": result.levels}
        return [{"answer": str(truth[data["ask"]])}]
    if puzzle.kind == "shengji.bury":
        cards = bury_exists(cards_of(data, "hand"), order_of(data), data["goals"])
        return [{"card": [c.text() for c in cards], "answer": "bury"}]
    if puzzle.kind == "shengji.play":
        play = kind.solution_of(data).best[0]
        return [{"card": [c.text() for c in play], "answer": "play"}]
    raise AssertionError(f"no solver for {puzzle.kind}")


@pytest.mark.django_db
def test_shengji_content_is_enough(shipped):
    lessons = Lesson.objects.filter(game="shengji").prefetch_related("steps")
    assert lessons.count() >= 10
    for lesson in lessons:
        assert 4 <= lesson.steps.count() <= 8, lesson.slug
        assert any(s.exercise_id for s in lesson.steps.all()), lesson.slug
    library = Puzzle.objects.filter(game="shengji", is_public=True)
    assert library.count() >= 120
    by_kind = Counter(library.values_list("kind", flat=True))
    for kind in KINDS:
        assert by_kind[kind] >= 5, by_kind
    assert library.filter(slug__startswith="shengji-gen-").count() >= 20


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_shengji_puzzle_and_exercise_is_solved_by_the_engine(shipped):
    solved = 0
    for puzzle in Puzzle.objects.filter(game="shengji"):
        solve_through_kind(puzzle, answers, turns=20, statuses=(CORRECT, CONTINUE))
        solved += 1
    assert solved >= 170


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="shengji"):
        for step in lesson.steps.all():
            if step.board:
                assert "card-table" in str(step.static_board)


def test_the_lessons_name_every_clause():
    """Each step names the clauses it teaches in a comment (``# SJ-21, SH7``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"SJ-\d\d", comment))
            named |= {f"note ({n})" for n in re.findall(r"note \(([a-j])\)", comment)}
    clauses = {f"SJ-{n:02}" for n in range(1, 23)} | {f"note ({n})" for n in "defghij"}
    assert not clauses - named, f"no lesson step names {sorted(clauses - named)}"


@pytest.mark.django_db
def test_the_first_day_puzzles_sit_at_the_bottom(shipped):
    first_day = Puzzle.objects.filter(game="shengji", slug__startswith="shengji-first-")
    assert first_day.count() >= 8
    rest = Puzzle.objects.filter(game="shengji", is_public=True).exclude(pk__in=first_day)
    assert max(p.rating for p in first_day) < min(p.rating for p in rest)


@pytest.mark.django_db
def test_every_library_puzzle_has_a_small_picture(shipped):
    for puzzle in Puzzle.objects.filter(game="shengji", is_public=True):
        picture = str(thumbnail(puzzle))
        assert "<svg" in picture or 'class="card ' in picture, puzzle.slug
