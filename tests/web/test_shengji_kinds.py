"""The 升级 puzzle kinds as a learner meets them: every answer judged by ``engines.shengji``.

Each test names the clause (SJ-…) or vector (SH…) of ``shengji.md`` it checks.
"""

import re

import pytest
from django.utils import translation

from puzzles.kinds import InvalidPuzzle, get_kind
from puzzles.models import Attempt, Puzzle
from puzzles.pictures import check_static_board, draw_static_board

HTMX = {"HTTP_HX_REQUEST": "true"}


def make(slug, kind, data, *, prompt="Solve it."):
    get_kind(kind).validate(data)
    return Puzzle.objects.create(
        slug=slug, game="shengji", kind=kind, data=data, prompt_zh=prompt, prompt_en=prompt
    )


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


def post(client, slug, data):
    return client.post(f"/puzzles/{slug}/", data, **HTMX)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def status(slug):
    return Attempt.objects.filter(puzzle__slug=slug).latest("started_at").status


# --- shengji.tractor (SJ-11…SJ-13, SH2–SH6) ---------------------------------------------

TRACTORS = {
    "level": 8,
    "trump": "♥",
    "options": [
        ["♣7", "♣7", "♣9", "♣9"],  # SH2: the level rank is skipped
        ["♣8", "♣8", "♣9", "♣9"],  # SH3: a level card never links with its own suit
        ["♠8", "♠8", "♣8", "♣8"],  # SH4: two side level pairs are equal
        ["♥8", "♥8", "SJ", "SJ"],  # SH5: the trump level card links to the small joker
        ["♣A", "♣A", "♣2", "♣2"],  # SH6: no wrap-around
    ],
}


@pytest.fixture
def tractors(db):
    return make("t1", "shengji.tractor", TRACTORS)


def test_ticking_exactly_the_tractors_solves_and_explains_each(client, tractors):
    response = post(client, "t1", {"answer": "done", "option": ["0", "3"]})
    assert status("t1") == Attempt.Status.SOLVED
    words = text(response)
    assert "a tractor" in words and "A and 2 are not neighbours" in words
    assert "rank the same" in words  # SH4


def test_a_look_alike_ticked_is_refuted_with_its_reason(client, tractors):
    response = post(client, "t1", {"answer": "done", "option": ["0", "1", "3"]})
    assert status("t1") == Attempt.Status.FAILED
    assert "♣8 is a level card, so a trump" in text(response)  # SJ-12


def test_one_option_is_answered_yes_or_no(client, db):
    make("t2", "shengji.tractor", {**TRACTORS, "options": [["SJ", "SJ", "BJ", "BJ"]]})
    page = text(client.get("/puzzles/t2/"))
    assert "It is a tractor" in page and "It is not a tractor" in page
    post(client, "t2", {"answer": "yes"})
    assert status("t2") == Attempt.Status.SOLVED


# --- shengji.follow (SJ-17, SJ-18, SJ-21, SH7–SH9) ----------------------------------------

FOLLOW = {
    "level": 2,
    "trump": "♥",
    "hand": "♠9 ♠9 ♠Q ♠Q ♠3 ♠4 ♦5",
    "lead": "♠5 ♠5 ♠6 ♠6",
    "options": [["♠9", "♠9", "♠Q", "♠Q"], ["♠9", "♠9", "♠3", "♠4"], ["♠3", "♠4", "♦5", "♠Q"]],
}


@pytest.fixture
def follow(db):
    return make("f1", "shengji.follow", FOLLOW)


def test_the_follow_drill_shows_the_lead_and_the_hand(client, follow):
    page = client.get("/puzzles/f1/").content.decode()
    assert page.count('type="checkbox" name="option"') == 3
    assert "This trick" in text(client.get("/puzzles/f1/"))


def test_sh7_as_many_pairs_as_held(client, follow):
    post(client, "f1", {"answer": "done", "option": ["0"]})
    assert status("f1") == Attempt.Status.SOLVED


def test_a_wrong_tick_is_explained_by_the_engine(client, follow):
    response = post(client, "f1", {"answer": "done", "option": ["0", "1"]})
    assert status("f1") == Attempt.Status.FAILED
    assert "play 2 pairs" in text(response)


def test_an_option_not_in_the_hand_is_refused_at_load():
    with pytest.raises(InvalidPuzzle, match="not in the hand"):
        get_kind("shengji.follow").validate({**FOLLOW, "options": [["♠A", "♠A", "♠K", "♠K"]]})


@pytest.mark.parametrize(
    "data",
    [{"answer": "done", "option": ["7"]}, {"answer": "done", "option": ["x"]}, {"answer": "nope"}],
)
def test_a_tampered_tick_form_is_a_400_and_progress_is_kept(client, follow, data):
    assert post(client, "f1", data).status_code == 400
    assert not Attempt.objects.filter(puzzle__slug="f1", status="failed").exists()


# --- shengji.winner (SJ-15, SJ-22, note (f), SH10–SH13) ------------------------------------


def test_sh12_a_trump_tractor_ruffs_and_the_rest_are_explained(client, db):
    make(
        "w1",
        "shengji.winner",
        {
            "level": 2,
            "trump": "♥",
            "plays": [
                ["♠5", "♠5", "♠6", "♠6"],
                ["♥7", "♥7", "♥8", "♥8"],
                ["♥Q", "♥Q", "♥3", "♥4"],
                ["♠9", "♠9", "♠Q", "♠Q"],
            ],
        },
    )
    response = post(client, "w1", {"answer": "2"})
    assert status("w1") == Attempt.Status.FAILED
    assert "a ruff must match" in text(response)
    shown = text(post(client, "w1", {"action": "solution"}))
    assert "wins with ♥7 ♥7 ♥8 ♥8" in shown


def test_sh13_the_first_of_equal_cards_wins(client, db):
    make(
        "w2",
        "shengji.winner",
        {"level": 2, "trump": "♥", "plays": [["♣A"], ["♣A"], ["♣3"], ["♣4"]]},
    )
    response = post(client, "w2", {"answer": "1"})
    assert status("w2") == Attempt.Status.FAILED
    assert "the first wins" in text(response)


# --- shengji.throw (SJ-20, note (e), SH14–SH16) ------------------------------------------

THROW = {"level": 2, "trump": "♥", "throw": "♠A ♠K ♠K", "others": ["♠Q ♠Q ♦3", "♠J", "♣3"]}


def test_a_throw_nobody_can_beat_stands(client, db):
    make("h1", "shengji.throw", THROW)
    response = post(client, "h1", {"answer": "ok"})
    assert status("h1") == Attempt.Status.SOLVED
    assert "The throw stands" in text(response)


def test_sh16_a_failed_throw_forces_the_beaten_unit_with_the_penalty(client, db):
    # SH16 with two decks: the thrower holds ♠A♠A, so the other ♠A... cannot exist; a
    # seat holding a higher single than the ♠K of ♠Q♠Q ♠K beats it.
    data = {"level": 2, "trump": "♥", "throw": "♠K ♠Q ♠Q", "others": ["♠A ♦3", "♠J", "♣3"]}
    make("h2", "shengji.throw", data)
    page = text(client.get("/puzzles/h2/"))
    assert "It fails: play ♠K" in page and "It fails: play ♠Q ♠Q" in page
    post(client, "h2", {"answer": "ok"})
    assert status("h2") == Attempt.Status.FAILED
    shown = text(post(client, "h2", {"action": "solution"}))
    assert "holds ♠A, higher than your single ♠K" in shown and "20 points" in shown


def test_a_one_unit_throw_is_no_throw_puzzle():
    with pytest.raises(InvalidPuzzle, match="two or more units"):
        get_kind("shengji.throw").validate({**THROW, "throw": "♠K ♠K"})


def test_three_copies_of_a_card_are_refused():
    with pytest.raises(InvalidPuzzle, match="two decks"):
        get_kind("shengji.throw").validate({**THROW, "others": ["♠K ♦3", "♠J", "♣3"]})


# --- shengji.declare (SJ-05…SJ-10, SH18–SH20) ---------------------------------------------


def test_sh18_one_card_cannot_override_two(client, db):
    make(
        "d1",
        "shengji.declare",
        {"level": 5, "shows": [[1, "♠5"], [2, "♥5 ♥5"], [3, "♣5"]], "ask": "trump"},
    )
    response = post(client, "d1", {"answer": "♥"})
    assert status("d1") == Attempt.Status.SOLVED
    assert "does not count" in text(response)


def test_sh19_a_joker_pair_makes_it_no_trump(client, db):
    make(
        "d2",
        "shengji.declare",
        {"level": 5, "shows": [[2, "♥5 ♥5"]], "ask": "can", "seat": 0, "cards": "SJ SJ"},
    )
    post(client, "d2", {"answer": "yes"})
    assert status("d2") == Attempt.Status.SOLVED


def test_sh20_the_kitty_flip_names_trumps_skipping_a_joker(client, db):
    make(
        "d3",
        "shengji.declare",
        {"level": 5, "shows": [], "kitty": "BJ ♦9 ♠K ♣3 ♣4 ♣6 ♣7 ♣8", "ask": "trump"},
    )
    post(client, "d3", {"answer": "♠"})
    assert status("d3") == Attempt.Status.FAILED
    assert "diamonds" in text(post(client, "d3", {"action": "solution"}))


def test_reinforcing_your_own_declaration_is_refused_with_the_reason(client, db):
    # Note (c): neither reinforcing nor overriding in the same suit.
    make(
        "d4",
        "shengji.declare",
        {"level": 5, "shows": [[0, "♠5"]], "ask": "can", "seat": 0, "cards": "♠5 ♠5"},
    )
    response = post(client, "d4", {"answer": "no"})
    assert status("d4") == Attempt.Status.SOLVED
    assert "same suit can neither reinforce" in text(response)


# --- shengji.settle (note (h), SH21, SH22) ------------------------------------------------

SETTLE = {
    "level": 2,
    "trump": "♥",
    "trick_points": 70,
    "kitty": "♥5 ♥10 ♠10 ♣3 ♣4 ♣6 ♣7 ♣8",
    "last": "♠A ♠A",
    "levels": [2, 2],
    "dealer": 0,
    "ask": "points",
}


def test_sh22_the_kitty_times_four_after_a_pair(client, db):
    make("s1", "shengji.settle", SETTLE)
    response = post(client, "s1", {"answer": "170"})
    assert status("s1") == Attempt.Status.SOLVED
    assert "× 4" in text(response)


def test_sh21_the_level_table(client, db):
    make("s2", "shengji.settle", {**SETTLE, "last": [], "trick_points": 35, "ask": "levels"})
    post(client, "s2", {"answer": "2"})
    assert status("s2") == Attempt.Status.SOLVED
    make("s3", "shengji.settle", {**SETTLE, "last": [], "trick_points": 80, "ask": "result"})
    post(client, "s3", {"answer": "attackers"})
    assert status("s3") == Attempt.Status.SOLVED


def test_impossible_points_are_refused_at_load():
    with pytest.raises(InvalidPuzzle):
        get_kind("shengji.settle").validate({**SETTLE, "trick_points": 195})


# --- shengji.bury (note (h)) --------------------------------------------------------------

BURY = {
    "level": 2,
    "trump": "♥",
    "goals": ["void", "no-points"],
    "hand": "♠3 ♠4 ♠6 ♣3 ♣4 ♣6 ♣8 ♣9 ♦A ♦A ♥K ♥5 ♥6 ♥7 ♥8 ♥9 ♥J ♥Q ♦3 ♦4 ♦6 ♦7 ♦8 ♦9 ♦J "
    "♦Q ♦K BJ SJ ♠2 ♣2 ♦2 ♥2",
}


def test_a_bury_meeting_the_goals_solves(client, db):
    make("b1", "shengji.bury", BURY)
    cards = ["♠3", "♠4", "♠6", "♣3", "♣4", "♣6", "♣8", "♣9"]
    post(client, "b1", {"answer": "bury", "card": cards})
    assert status("b1") == Attempt.Status.SOLVED


def test_a_bury_missing_a_goal_is_told_which(client, db):
    make("b2", "shengji.bury", BURY)
    cards = ["♠3", "♠4", "♣3", "♣4", "♣6", "♣8", "♣9", "♦K"]
    response = post(client, "b2", {"answer": "bury", "card": cards})
    assert status("b2") == Attempt.Status.FAILED
    assert "Bury no point cards" in text(response) and "Leave at least one side suit" in text(
        response
    )


def test_seven_cards_are_refused_and_nothing_is_lost(client, db):
    make("b3", "shengji.bury", BURY)
    response = post(client, "b3", {"answer": "bury", "card": ["♠3", "♠4", "♠6"]})
    assert "exactly 8" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="b3", status="failed").exists()


def test_goals_no_bury_can_meet_are_refused():
    data = {
        **BURY,
        "goals": ["no-trumps", "no-points", "keep-pairs", "void"],
        "hand": "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A BJ SJ ♠2 ♣2 ♦2 ♠5 ♠5 ♠10 ♠10 "
        "♠K ♠K ♣5 ♣5 ♣10 ♣10 ♣K ♣K ♦5 ♦10 ♦K",
    }
    with pytest.raises(InvalidPuzzle, match="no bury"):
        get_kind("shengji.bury").validate(data)


# --- shengji.count, shengji.order, shengji.table ------------------------------------------


def test_sh17_count_the_points(client, db):
    make("c1", "shengji.count", {"cards": "♥5 ♥10 ♠K ♣A"})
    post(client, "c1", {"answer": "25"})
    assert status("c1") == Attempt.Status.SOLVED


def test_sh1_the_order_is_clicked_from_the_top(client, db):
    make("o1", "shengji.order", {"level": 8, "trump": "♥", "cards": "♠A ♣8 BJ ♥8 ♥A"})
    for card in ("BJ", "♥8", "♣8", "♥A"):
        post(client, "o1", {"card": card})
    post(client, "o1", {"card": "♠A"})
    assert status("o1") == Attempt.Status.SOLVED


def test_a_no_trump_table_says_so():
    data = {"level": 5, "trump": "NT", "hand": "BJ ♠5 ♥A", "trick": [["♥K"]]}
    check_static_board("shengji.table", data, "shengji")
    with translation.override("en"):
        assert "No-trump (无主)" in draw_static_board("shengji.table", data)
