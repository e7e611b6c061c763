"""The 保皇 lessons and puzzles we ship: they load, they are enough, every rule is
taught, and each exercise and puzzle is solved through its kind's own checker.

The answers are worked out here by the engine, never read from the file or from
what the kind stored: ``set_of`` for "is it a set", ``beats`` for "does it beat"
and for each option of "which beat it", ``royalist_candidates`` for who can be the
royalist, the role phase of ``engines.baohuang.game.Hand`` (``callable_cards``,
the offer going round with the 2s) and ``royalist_of`` for the emperor's role, a
``ClimbingTrick`` replay for who leads next, ``score`` for the points,
``tribute_plan`` for the tribute, and ``engines.baohuang.solver.solve`` for an
ending's play. Where a kind can say "wrong", a wrong answer worked out the same
way is judged wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest
from django.conf import settings

from engines.baohuang import (
    SEATS,
    IllegalSet,
    Roles,
    beats,
    callable_cards,
    cards_for,
    royalist_candidates,
    royalist_of,
    rules_for,
    score,
    set_of,
    sort_cards,
    tribute_plan,
)
from engines.baohuang.game import Hand
from engines.baohuang.solver import PASS, Ending, solve
from engines.cards import parse_card
from engines.climbing import ClimbingTrick
from puzzles.kinds import CONTINUE, CORRECT, WRONG, get_kind
from puzzles.kinds.cards import cards_of
from puzzles.models import Puzzle
from tests.shipped import shipped_content
from tutorials.models import Lesson

LESSONS = Path(settings.CONTENT_DIR) / "baohuang" / "lessons"
THEMES = {
    "baohuang-table",
    "baohuang-sets",
    "baohuang-beats",
    "baohuang-roles",
    "baohuang-rounds",
    "baohuang-score",
    "baohuang-tribute",
    "baohuang-endings",
}
KINDS = ("valid", "beats", "legal", "royalist", "role", "next", "score", "tribute", "lead")
ALONE = "alone"


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    with shipped_content(django_db_blocker, "baohuang"):
        yield


# ---------------------------------------------------------------------------
# The engine's answers


def cards(value) -> list:
    return cards_of({"c": value}, "c")


def rules(data):
    return rules_for(data.get("rules"))


def is_set(value, data) -> bool:
    try:
        set_of(cards(value), rules(data))
    except IllegalSet:
        return False
    return True


def beats_table(play, data) -> bool:
    """Whether ``play`` (cards) is a set that beats the puzzle's ``over``."""
    if not is_set(play, data):
        return False
    return beats(set_of(cards(play), rules(data)), set_of(cards(data["over"]), rules(data)))


def roles_of(data) -> Roles:
    royalist = data.get("royalist", ALONE)
    return Roles(
        data["emperor"],
        None if royalist == ALONE else royalist,
        open_alone=data.get("open_alone", False),
    )


def candidates(data) -> set:
    """Who can be the royalist, as seat 0 sees it (``None``: 独)."""
    return royalist_candidates(
        emperor=data["emperor"],
        called=parse_card(data["called"]),
        me=0,
        my_hand=cards(data["hand"]),
        played=[(seat, cards(c)) for seat, c in data.get("played", [])],
        out=data.get("out", []),
    )


def offer_round(data) -> Hand:
    """The role phase played out: each seat of ``refused`` declines in turn from
    ``first``, holding one 2 of its own where ``refused`` says so."""
    first, refused = data["first"], data["refused"]
    hands = [Counter() for _ in range(SEATS)]
    hand = Hand(hands, first)
    for has_two in refused:
        seat = hand.offered
        if has_two:
            hand.hands[seat][parse_card("♠2")] += 1
        hand.decline(seat)
    return hand


def holder(data):
    """The royalist once the emperor calls, every copy of the called card shown."""
    hands = [Counter() for _ in range(SEATS)]
    for seat, held in data["hands"].items():
        hands[int(seat)] = Counter(cards(held))
    roles = royalist_of(
        hands, data["emperor"], parse_card(data["called"]), open_alone=data.get("open_alone", False)
    )
    return ALONE if roles.alone else roles.royalist


def next_leader(data) -> int:
    """The round replayed on the climbing core: who leads the next one."""
    left = {int(s): n for s, n in data["left"].items()}
    plays = [(s, None if c in ("pass", "claim") else cards(c)) for s, c in data["plays"]]
    played = {s for s, c in plays if c}
    out = {s for s in range(SEATS) if left[s] == 0 and s not in played}
    trick = ClimbingTrick(plays[0][0], SEATS, beats, out=out)
    for i, (seat, play) in enumerate(plays):
        if play is None:
            trick.pass_(seat)
            continue
        later = sum(len(c) for s, c in plays[i + 1 :] if s == seat and c)
        trick.play(seat, set_of(play, rules(data)), left=left[seat] + later)
    assert trick.is_over
    return trick.next_leader


def plan_of(data):
    hands = [Counter() for _ in range(SEATS)]
    for seat, held in data.get("hands", {}).items():
        hands[int(seat)] = Counter(cards(held))
    return tribute_plan(roles_of(data), data["order"], hands, rules(data))


def ending_of(data) -> Ending:
    table = data.get("table")
    return Ending(
        hands=tuple(tuple(cards(h)) for h in data["hands"]),
        roles=roles_of(data),
        table=tuple(cards(table["play"])) if table else None,
        owner=table["by"] if table else None,
        out=tuple(data.get("out", [])),
        rules=rules(data),
    )


def move_post(move, data) -> dict:
    if move is PASS:
        return {"answer": "pass"}
    return {"card": [c.text() for c in cards_for(move, cards(data["hands"][0]))], "answer": "play"}


def right_answers(puzzle: Puzzle, state) -> list[dict]:
    """The answer(s), as form posts, that solve ``puzzle``."""
    data = puzzle.data
    kind = puzzle.kind.removeprefix("baohuang.")
    if kind == "valid":
        return [{"answer": "yes" if is_set(data["cards"], data) else "no"}]
    if kind == "beats":
        return [{"answer": "yes" if beats_table(data["play"], data) else "no"}]
    if kind == "legal":
        ticks = [str(i) for i, o in enumerate(data["options"]) if beats_table(o, data)]
        return [{"option": ticks, "answer": "done"}]
    if kind == "royalist":
        found = candidates(data)
        return [{"option": [ALONE if s is None else str(s) for s in found], "answer": "done"}]
    if kind == "role":
        ask = data["ask"]
        if ask == "call":
            options = callable_cards(cards(data["hand"]), rules(data))
            return [{"card": options[0].text()} if options else {"answer": "none"}]
        if ask == "next":
            return [{"answer": str(offer_round(data).offered)}]
        if ask == "twos":
            reserve = offer_round(data).reserve
            return [{"answer": str(sum(1 for c in reserve if c.rank == 2))}]
        return [{"answer": str(holder(data))}]
    if kind == "next":
        return [{"answer": str(next_leader(data))}]
    if kind == "score":
        result = score(data["order"], roles_of(data), rules(data))
        if data.get("ask", "side") == "side":
            return [{"answer": str(result.emperors)}]
        return [{"answer": result.winner or "draw"}]
    if kind == "tribute":
        plan = plan_of(data)
        if data["ask"] == "count":
            return [{"answer": str(sum(p.count for p in plan.payments))}]
        if data["ask"] == "pay":
            paid = [c.text() for p in plan.payments if p.payer == 0 for c in p.options[0]]
            return [{"card": paid, "answer": "done"}]
        seat = data.get("seat", 0)
        got = [c.text() for p in plan.payments if p.receiver == seat for c in p.options[0]]
        return [{"option": got or ["none"], "answer": "done"}]
    if kind == "lead":
        solution = solve(ending_of(data), data.get("goal", "first"))
        return [move_post(solution.winning[0], data)]
    raise AssertionError(f"no engine answer for {puzzle.kind}")


def wrong_answer(puzzle: Puzzle) -> dict | None:
    """A first answer the kind must judge wrong (None: there is none to give)."""
    data = puzzle.data
    kind = puzzle.kind.removeprefix("baohuang.")
    right = right_answers(puzzle, {})[0]
    if kind in ("valid", "beats"):
        return {"answer": "no" if right["answer"] == "yes" else "yes"}
    if kind == "legal":
        ticks = [str(i) for i in range(len(data["options"])) if str(i) not in right["option"]]
        return {"option": ticks, "answer": "done"}
    if kind == "royalist":
        seats = [str(s) for s in range(SEATS) if s != data["emperor"]] + [ALONE]
        return {"option": [s for s in seats if s not in right["option"]], "answer": "done"}
    if kind == "role":
        if data["ask"] == "call":
            if "card" in right:
                return {"answer": "none"}
            return {"card": sort_cards(cards(data["hand"]))[-1].text()}
        if data["ask"] == "twos":
            return {"answer": str(int(right["answer"]) + 1)}
        seats = [str(s) for s in range(SEATS)] + ([ALONE] if data["ask"] == "holder" else [])
        allowed = [s for s in seats if not (data["ask"] == "holder" and s == str(data["emperor"]))]
        return {"answer": next(s for s in allowed if s != right["answer"])}
    if kind == "next":
        seats = [s for s, n in data["left"].items() if n > 0]
        return {"answer": next(s for s in seats if s != right["answer"])}
    if kind == "score":
        if data.get("ask", "side") == "winner":
            choices = ("emperor", "rebels", "draw")
            return {"answer": next(c for c in choices if c != right["answer"])}
        roles = roles_of(data)
        totals = {score(order, roles, rules(data)).emperors for order in permutations(range(SEATS))}
        return {"answer": str(next(t for t in sorted(totals) if str(t) != right["answer"]))}
    if kind == "tribute":
        if data["ask"] == "count":
            return {"answer": str(int(right["answer"]) + 1)}
        if data["ask"] == "pay":
            smallest = sort_cards(cards(data["hands"]["0"]))[-len(right["card"]) :]
            if sorted(c.text() for c in smallest) == sorted(right["card"]):
                return None
            return {"card": [c.text() for c in smallest], "answer": "done"}
        if right["option"] == ["none"]:
            paid = [c.text() for p in plan_of(data).payments for c in p.options[0]]
            return {"option": paid[:1], "answer": "done"}
        return {"option": ["none"], "answer": "done"}
    if kind == "lead":
        solution = solve(ending_of(data), data.get("goal", "first"))
        return move_post(solution.losing[0], data)
    raise AssertionError(f"no wrong answer for {puzzle.kind}")


def solve_it(puzzle: Puzzle) -> None:
    """Solve through the kind's checker; every board on the way must draw."""
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    for post in right_answers(puzzle, state):
        answer = kind.parse_answer(data, state, post)
        verdict, state = kind.check(data, state, answer)
        assert verdict.status in (CORRECT, CONTINUE), (
            f"{puzzle.slug}: {post} was {verdict.status}: {verdict.message_text}"
        )
        kind.board(data, state, verdict=verdict, interactive=not verdict.is_final)
        if verdict.is_correct:
            return
    raise AssertionError(f"{puzzle.slug}: not solved")


def judged_wrong(puzzle: Puzzle) -> bool | None:
    post = wrong_answer(puzzle)
    if post is None:
        return None
    kind, data = get_kind(puzzle.kind), puzzle.kind_data
    state = kind.start(data)
    verdict, _state = kind.check(data, state, kind.parse_answer(data, state, post))
    return verdict.status == WRONG


# ---------------------------------------------------------------------------
# The tests


@pytest.mark.django_db
def test_the_baohuang_lessons_are_enough(shipped):
    lessons = Lesson.objects.filter(game="baohuang").prefetch_related("steps", "themes")
    assert lessons.count() >= 8
    for lesson in lessons:
        assert 4 <= lesson.steps.count() <= 8, lesson.slug
        assert any(s.exercise_id for s in lesson.steps.all()), lesson.slug
        assert {t.slug for t in lesson.themes.all()} & THEMES, lesson.slug
    exercises = Counter(
        Puzzle.objects.filter(game="baohuang", is_public=False).values_list("kind", flat=True)
    )
    for kind in KINDS:
        assert exercises[f"baohuang.{kind}"] >= 1, exercises


def test_the_lessons_name_every_clause():
    """Each step names the clauses it teaches in a comment (``# BH-12, BH-R01``)."""
    named = set()
    for path in LESSONS.glob("*.toml"):
        for comment in re.findall(r"^#.*$", path.read_text(encoding="utf-8"), re.M):
            named |= set(re.findall(r"BH-R?\d\d", comment))
    clauses = {f"BH-{n:02}" for n in range(1, 38)} | {f"BH-R{n:02}" for n in range(1, 10)}
    assert not clauses - named, f"no lesson step names {sorted(clauses - named)}"


def test_every_lesson_step_names_a_clause():
    for path in LESSONS.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        above = re.findall(r"^(.*)\n\[\[steps\]\]", text, re.M)
        assert len(above) == text.count("[[steps]]"), path.name
        assert all(line.startswith("# BH-") for line in above), (path.name, above)


@pytest.mark.django_db
@pytest.mark.engine_work
def test_every_baohuang_exercise_and_puzzle_is_solved_by_the_engine(shipped):
    solved = Counter()
    for puzzle in Puzzle.objects.filter(game="baohuang").order_by("slug"):
        solve_it(puzzle)
        solved[puzzle.kind] += 1
    assert sum(solved.values()) >= 50, solved


@pytest.mark.django_db
@pytest.mark.engine_work
def test_a_wrong_answer_is_judged_wrong(shipped):
    for puzzle in Puzzle.objects.filter(game="baohuang").order_by("slug"):
        assert judged_wrong(puzzle) in (True, None), puzzle.slug


@pytest.mark.django_db
def test_every_lesson_picture_draws(shipped):
    for lesson in Lesson.objects.filter(game="baohuang"):
        for step in lesson.steps.all():
            if step.board:
                assert "card-table" in str(step.static_board), (lesson.slug, step.order)


@pytest.mark.django_db
def test_the_library_is_enough_and_the_first_day_puzzles_sit_at_the_bottom(shipped):
    library = Puzzle.objects.filter(game="baohuang", is_public=True)
    assert library.count() >= 100
    first_day = sorted(library, key=lambda p: p.rating)[:10]
    assert all(p.rating < 500 for p in first_day), [(p.slug, p.rating) for p in first_day]


def test_the_answer_helpers_agree_with_the_vectors():
    """B1, B8, B9–B11, B12, B13, B17 and B18/B19 through the helpers above, so a helper
    that drifted from the rules would be caught here and not only through a puzzle."""
    assert is_set("♠9 ♥9 SJ", {}) and is_set("SJ BJ", {})  # B1
    assert not is_set("♠9 ♠10", {}) and not is_set("SJ BJ", {"rules": "no-joker-sets"})
    assert beats_table("BJ", {"over": "SJ"}) and beats_table("SJ", {"over": "♠2"})  # B8
    assert not beats_table("♠4 ♥4", {"over": "♠3 ♥3 ♦3"})
    assert beats_table("BJ BJ BJ ♠J ♥J", {"over": "SJ SJ ♠9 ♥9 ♦9"})  # B2
    assert not beats_table("BJ BJ SJ ♠9 ♥9", {"over": "SJ SJ ♠9 ♥9 ♦9"})  # B3
    hands = {"0": "♠7 ♠7 ♠7 ♥3", "3": "♠7 ♦9"}
    assert holder({"emperor": 0, "called": "♠7", "hands": hands}) == 3  # B9
    four = {"emperor": 0, "called": "♠7", "hands": {"0": "♠7 ♠7 ♠7 ♠7"}}
    assert holder(four) == ALONE  # B10
    assert not callable_cards(cards("♠2 ♠2 ♠2 ♥9 ♣9 ♦9"))  # B11
    assert offer_round({"first": 0, "refused": [False]}).offered == 4  # B17
    hand = offer_round({"first": 0, "refused": [True, True, False]})
    assert hand.offered == 2 and [c.text() for c in hand.reserve] == ["BJ", "♠2"]
    assert offer_round({"first": 3, "refused": [False] * 5}).offered == 3  # BH-21
    seed = {"order": [0, 2, 4, 1, 3], "emperor": 0, "royalist": 1}  # B12
    assert score(seed["order"], roles_of(seed)).emperors == 2
    draw = {"order": [0, 2, 4, 3, 1], "emperor": 0, "royalist": 1}  # B13
    assert score(draw["order"], roles_of(draw)).winner is None
    b18 = {
        "plays": [[2, "♠5"], [3, "claim"], [4, "pass"], [0, "pass"], [1, "pass"]],
        "left": {"0": 3, "1": 4, "2": 0, "3": 6, "4": 2},
    }
    assert next_leader(b18) == 3
    b19 = {
        "plays": [[2, "♠5"], [3, "claim"], [4, "pass"], [0, "♠9"], [1, "pass"], [3, "pass"]]
        + [[4, "pass"]],
        "left": {"0": 2, "1": 4, "2": 0, "3": 6, "4": 2},
    }
    assert next_leader(b19) == 0
    assert candidates({"emperor": 2, "called": "♥9", "hand": "♥9 ♠3"}) == {0}
    assert candidates({"emperor": 2, "called": "♥9", "hand": "♠3"}) == {1, 3, 4, None}
