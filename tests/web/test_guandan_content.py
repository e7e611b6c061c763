"""The Guandan lessons and puzzles we ship: they load, they are enough, and each is solvable.

Loading proves every puzzle with the engine; then every exercise and puzzle is solved
here through its kind's own checker, with answers worked out by the engine
(``classify``, ``beats``, ``tribute_plan``, ``Match``, the solver, ``min_partition``),
never read from the file.
"""

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from engines.climbing import ClimbingTrick, partner_leads
from engines.guandan import beats, classify, level_name, parse_level, sort_cards
from engines.guandan.hand import Match, tribute_plan
from engines.guandan.rules import rules_for
from engines.guandan.solver import PASS, Ending, min_partition, solve
from puzzles.games.guandan.kinds import parse_spec
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.kinds.cards import cards_of, plays_of
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail
from tests.shipped import shipped_content, solve_through_kind
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "guandan" / "lessons"
KINDS = (
    "guandan.order",
    "guandan.classify",
    "guandan.beats",
    "guandan.legal",
    "guandan.next",
    "guandan.tribute",
    "guandan.settle",
    "guandan.partition",
    "guandan.lead",
)


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "guandan"):
        yield


def level_of(data):
    return parse_level(data.get("level", 2))


def cards(value):
    return cards_of({"c": value}, "c")


def reading_of(cards_, data, chosen=None):
    readings = classify(cards_, level_of(data), rules_for(data.get("rules")))
    if chosen is None:
        return readings[0]
    kind, rank = parse_spec(chosen)
    return next(r for r in readings if r.kind == kind and (rank is None or r.rank == rank))


def beats_table(play, over, data) -> bool:
    return any(beats(r, over) for r in classify(play, level_of(data)))


def next_leader(data) -> int:
    """The trick replayed on the climbing core, the strongest reading that beats each time."""
    left = {int(s): n for s, n in data["left"].items()}
    plays = [(s, None if c == "pass" else cards(c)) for s, c in data["plays"]]
    played = {s for s, c in plays if c}
    out = {s for s in range(4) if left[s] == 0 and s not in played}
    trick = ClimbingTrick(plays[0][0], 4, beats, out=out, next_leader_of=partner_leads())
    top = None
    for i, (seat, play) in enumerate(plays):
        if play is None:
            trick.pass_(seat)
            continue
        top = next(r for r in classify(play, level_of(data)) if beats(r, top))
        later = sum(len(c) for s, c in plays[i + 1 :] if s == seat and c)
        trick.play(seat, top, left=left[seat] + later)
    return trick.next_leader


def answers(puzzle: Puzzle, state) -> list[dict]:
    """The next answer that solves ``puzzle`` from ``state``, from the engine."""
    kind, data = get_kind(puzzle.kind), puzzle.data
    level = level_of(data)
    if puzzle.kind == "guandan.order":
        return [{"card": sort_cards(kind.remaining(data, state).elements(), level)[0].text()}]
    if puzzle.kind == "guandan.classify":
        readings = classify(cards(data["cards"]), level)
        for i, option in enumerate(data["options"]):
            spec = parse_spec(option)
            if (spec is None and not readings) or (
                spec is not None
                and any(r.kind == spec[0] and spec[1] in (None, r.rank) for r in readings)
            ):
                return [{"answer": str(i)}]
    if puzzle.kind in ("guandan.beats", "guandan.legal"):
        over = reading_of(cards(data["over"]), data, data.get("over_as"))
        if puzzle.kind == "guandan.beats":
            return [{"answer": "yes" if beats_table(cards(data["play"]), over, data) else "no"}]
        right = [
            str(i) for i, o in enumerate(plays_of(data, "options")) if beats_table(o, over, data)
        ]
        return [{"option": right, "answer": "done"}]
    if puzzle.kind == "guandan.next":
        return [{"answer": str(next_leader(data))}]
    if puzzle.kind == "guandan.tribute":
        hands = [Counter() for _ in range(4)]
        for seat, held in data["hands"].items():
            hands[int(seat)] = Counter(cards(held))
        plan = tribute_plan(data["order"], hands, level, rules_for(data.get("rules")))
        if data["ask"] == "leader":
            return [{"answer": str(plan.leader)}]
        if data["ask"] == "pay":
            if plan.resisted:
                return [{"answer": "resist"}]
            return [{"card": plan.payment_of(0).choices[0].text()}]
        return [{"card": plan.return_of(0).choices[0].text()}]
    if puzzle.kind == "guandan.settle":
        match = Match(rules_for(data.get("rules")))
        match.levels = [parse_level(v) for v in data.get("levels", [2, 2])]
        match.declarer = data.get("playing", 0)
        result, won = match.score(data["order"])
        truth = {
            "gain": str(result.gained),
            "next": level_name(match.levels[result.team]),
            "match": "yes" if won is not None else "no",
        }
        return [{"answer": truth[data["ask"]]}]
    if puzzle.kind == "guandan.lead":
        ending = Ending.from_json(
            {k: v for k, v in json.loads(kind.ending_json(data)).items() if k != "goal"}
        )
        move = solve(ending, data.get("goal", "first")).winning[0]
        if move is PASS:
            return [{"answer": "pass"}]
        return [{"card": [c.text() for c in move.cards], "answer": "play"}]
    if puzzle.kind == "guandan.partition":
        left = list(kind.remaining(data, state).elements())
        _count, plays = min_partition(left, level)
        return [{"card": [c.text() for c in plays[0].cards], "answer": "play"}]
    raise AssertionError(f"no solver for {puzzle.kind}")


@pytest.mark.django_db
def test_guandan_content_is_enough(shipped):
    lessons = Lesson.objects.filter(game="guandan").prefetch_related("steps")
    assert lessons.count() >= 10
    for lesson in lessons:
        assert 4 <= lesson.steps.count() <= 8, lesson.slug
        assert any(s.exercise_id for s in lesson.steps.all()), lesson.slug
    library = Puzzle.objects.filter(game="guandan", is_public=True)
    assert library.count() >= 120
    by_kind = Counter(library.values_list("kind", flat=True))
    for kind in KINDS:
        assert by_kind[kind] >= 5, by_kind
    assert library.filter(slug__startswith="guandan-gen-").count() >= 20


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_guandan_puzzle_and_exercise_is_solved_by_the_engine(shipped):
    solved = 0
    for puzzle in Puzzle.objects.filter(game="guandan"):
        solve_through_kind(puzzle, answers, turns=20, statuses=(CORRECT, CONTINUE))
        solved += 1
    assert solved >= 170


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="guandan"):
        for step in lesson.steps.all():
            if step.board:
                assert "card-table" in str(step.static_board)


def test_the_lessons_name_every_clause():
    """Each step names the clauses it teaches in a comment (``# GD-05, G1``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"GD-R?\d\d", comment))
    clauses = {f"GD-{n:02}" for n in range(1, 28)} | {f"GD-R{n:02}" for n in range(1, 15)}
    assert not clauses - named, f"no lesson step names {sorted(clauses - named)}"


@pytest.mark.django_db
def test_the_first_day_puzzles_sit_at_the_bottom(shipped):
    first_day = Puzzle.objects.filter(
        game="guandan", is_public=True, slug__startswith="guandan-first-"
    )
    assert first_day.count() >= 8
    rest = Puzzle.objects.filter(game="guandan", is_public=True).exclude(pk__in=first_day)
    assert max(p.rating for p in first_day) < min(p.rating for p in rest)


@pytest.mark.django_db
def test_every_library_puzzle_has_a_small_picture(shipped):
    # A settle puzzle is a finishing order and levels, no cards: its words tell it apart.
    for puzzle in Puzzle.objects.filter(game="guandan", is_public=True).exclude(
        kind="guandan.settle"
    ):
        picture = str(thumbnail(puzzle))
        assert "<svg" in picture or 'class="card ' in picture, puzzle.slug
