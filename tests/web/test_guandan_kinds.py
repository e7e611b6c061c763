"""The 掼蛋 puzzle kinds as a learner meets them: every answer judged by ``engines.guandan``.

Each test names the clause (GD-…) or vector (G…) of ``guandan.md`` it checks.
"""

import re

import pytest

from puzzles.kinds import InvalidPuzzle, get_kind
from puzzles.models import Attempt, Puzzle
from puzzles.pictures import check_static_board, draw_static_board

HTMX = {"HTTP_HX_REQUEST": "true"}


def make(slug, kind, data, *, prompt="Solve it."):
    get_kind(kind).validate(data)
    return Puzzle.objects.create(
        slug=slug, game="guandan", kind=kind, data=data, prompt_zh=prompt, prompt_en=prompt
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


# --- guandan.order (GD-15, GD-R02) ------------------------------------------------------


def test_sorting_puts_the_level_card_above_the_ace(client, db):
    make("o1", "guandan.order", {"level": 10, "cards": "♠A ♣10 BJ ♦3"})
    post(client, "o1", {"card": "BJ"})
    response = post(client, "o1", {"card": "♠A"})
    assert status("o1") == Attempt.Status.FAILED
    assert "Not ♠A yet: a higher card is still left" in text(response)


def test_sorting_all_the_way_down_solves(client, db):
    make("o2", "guandan.order", {"level": 10, "cards": "♠A ♣10 BJ ♦3"})
    for card in ("BJ", "♣10", "♠A", "♦3"):
        response = post(client, "o2", {"card": card})
    assert status("o2") == Attempt.Status.SOLVED
    assert "Sorted" in text(response)


# --- guandan.classify (GD-03, GD-06, GD-R06, G3, G7, G10) -------------------------------

WILD_FLUSH = {
    "level": 5,
    "cards": "♠3 ♠4 ♠5 ♠6 ♥5",
    "options": ["straight-flush 7", "straight-flush 6", "bomb 5", "none"],
}


@pytest.mark.parametrize("answer", ["0", "1"])
def test_g7_either_straight_flush_reading_is_right(client, db, answer):
    make("c1", "guandan.classify", WILD_FLUSH)
    response = post(client, "c1", {"answer": answer})
    assert status("c1") == Attempt.Status.SOLVED
    words = text(response)
    assert "straight flush 3-4-5-6-7" in words and "straight flush 2-3-4-5-6" in words
    assert "you say which one" in words


def test_a_wrong_reading_is_refuted_and_the_readings_shown(client, db):
    make("c2", "guandan.classify", WILD_FLUSH)
    post(client, "c2", {"answer": "2"})
    assert status("c2") == Attempt.Status.FAILED


def test_g10_no_wrap_round_straight(client, db):
    make(
        "c3",
        "guandan.classify",
        {"level": 9, "cards": "♠Q ♦K ♠A ♠2 ♣3", "options": ["straight 3", "straight A", "none"]},
    )
    post(client, "c3", {"answer": "2"})
    assert status("c3") == Attempt.Status.SOLVED


def test_classify_refuses_options_with_nothing_right_or_nothing_wrong(db):
    kind = get_kind("guandan.classify")
    with pytest.raises(InvalidPuzzle, match="no option is right"):
        kind.validate({"level": 10, "cards": "♠2 ♦3 ♣4 ♥10 ♠6", "options": ["straight 7", "none"]})
    with pytest.raises(InvalidPuzzle, match="nothing to find"):
        kind.validate({**WILD_FLUSH, "options": ["straight-flush 7", "straight-flush 6"]})
    with pytest.raises(InvalidPuzzle, match="not a reading"):
        kind.validate({**WILD_FLUSH, "options": ["flush 7", "none"]})


def test_classify_buttons_speak_the_learners_language(client, db):
    make("c4", "guandan.classify", WILD_FLUSH)
    english = text(client.get("/puzzles/c4/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "straight flush to 7" in english and "not a combination" in english


# --- guandan.beats (GD-05, GD-11, GD-12, G1, G2, G11, G12, G14) -------------------------


def test_g1_a_wild_straight_does_not_beat_the_natural_one(client, db):
    make("b1", "guandan.beats", {"level": 2, "play": "♠10 ♦J ♣Q ♥2 ♠A", "over": "♠10 ♦J ♣Q ♠K ♠A"})
    response = post(client, "b1", {"answer": "no"})
    assert status("b1") == Attempt.Status.SOLVED
    assert "equal never beats" in text(response)


def test_g12_the_level_triple_beats_aces(client, db):
    make("b2", "guandan.beats", {"level": 9, "play": "♠9 ♦9 ♣9 ♠K ♦K", "over": "♠A ♦A ♣A ♣K ♥K"})
    response = post(client, "b2", {"answer": "no"})
    assert status("b2") == Attempt.Status.FAILED
    assert "level cards, above A" in text(response)


def test_g14_a_bomb_beats_a_big_joker(client, db):
    make("b3", "guandan.beats", {"level": 7, "play": "♠3 ♦3 ♣3 ♥3", "over": "BJ"})
    response = post(client, "b3", {"answer": "yes"})
    assert status("b3") == Attempt.Status.SOLVED
    assert "a bomb beats any ordinary play" in text(response)


def test_an_ambiguous_table_play_must_be_named(db):
    with pytest.raises(InvalidPuzzle, match="reads several ways"):
        get_kind("guandan.beats").validate(
            {"level": 5, "play": "♦9 ♦9 ♣9 ♣9", "over": "♠3 ♠4 ♠5 ♠6 ♥5"}
        )
    get_kind("guandan.beats").validate(
        {"level": 5, "play": "♦9 ♦9 ♣9 ♣9", "over": "♠3 ♠4 ♠5 ♠6 ♥5", "over_as": "straight 7"}
    )


# --- guandan.legal (GD-12, GD-11) -------------------------------------------------------

LEGAL = {
    "level": 8,
    "over": "♠6 ♦6",
    "options": [["♣7", "♦7"], ["♠5", "♣5"], ["♥8", "♠3"], ["♠9", "♣9", "♦9", "♥9"], ["♠K"]],
}


def test_ticking_the_plays_that_beat_a_pair_solves(client, db):
    make("l1", "guandan.legal", LEGAL)
    response = post(client, "l1", {"answer": "done", "option": ["0", "3"]})
    assert status("l1") == Attempt.Status.SOLVED
    assert "beats it" in text(response)


def test_a_single_on_a_pair_is_refuted(client, db):
    # ♥8 is wild at level 8, but ♥8 ♠3 is only a pair of 3s: not ticked, rightly.
    make("l2", "guandan.legal", LEGAL)
    response = post(client, "l2", {"answer": "done", "option": ["0", "3", "4"]})
    assert status("l2") == Attempt.Status.FAILED
    assert "Different kinds" in text(response)


# --- guandan.next (GD-R07, GD-R08, G24) -------------------------------------------------


def test_g24_the_partner_takes_the_lead_after_going_out(client, db):
    data = {
        "plays": [[0, "♠7 ♦7 ♣7"], [1, "pass"], [2, "pass"], [3, "pass"]],
        "left": {"0": 0, "1": 5, "2": 4, "3": 6},
    }
    make("n1", "guandan.next", data)
    response = post(client, "n1", {"answer": "2"})
    assert status("n1") == Attempt.Status.SOLVED
    assert "接风" in text(response)


def test_a_player_who_passed_may_play_later_in_the_trick(client, db):
    data = {
        "level": 4,
        "plays": [
            [1, "♠5"],
            [2, "pass"],
            [3, "♠9"],
            [0, "pass"],
            [1, "pass"],
            [2, "♠K"],
            [3, "pass"],
            [0, "pass"],
            [1, "pass"],
        ],
        "left": {"0": 8, "1": 7, "2": 6, "3": 9},
    }
    make("n2", "guandan.next", data)
    post(client, "n2", {"answer": "3"})
    assert status("n2") == Attempt.Status.FAILED
    assert get_kind("guandan.next").trick_of(data).next_leader == 2


def test_a_trick_that_is_not_over_is_refused(db):
    with pytest.raises(InvalidPuzzle, match="not over"):
        get_kind("guandan.next").validate(
            {"plays": [[0, "♠7"], [1, "pass"]], "left": {"0": 3, "1": 5, "2": 4, "3": 6}}
        )


# --- guandan.table -----------------------------------------------------------------------


def test_the_table_picture_marks_the_wild_cards():
    data = {"level": 8, "hand": "♥8 ♠8 ♦A", "others": {"1": 27}}
    check_static_board("guandan.table", data, "guandan")
    html = str(draw_static_board("guandan.table", data))
    assert html.count("wild") >= 1 and "♥8" in html


# --- guandan.tribute (GD-17…GD-22, GD-R10…R12, G17–G21) ---------------------------------


def test_g17_the_tribute_is_the_highest_card_but_a_heart_level_card(client, db):
    data = {
        "level": 7,
        "order": [1, 2, 3, 0],  # you came last, your partner third: a single loss
        "hands": {"0": "♥7 ♠7 ♠A ♦K ♣3 ♦3"},
        "ask": "pay",
    }
    make("t1", "guandan.tribute", data)
    response = post(client, "t1", {"card": "♥7"})
    assert status("t1") == Attempt.Status.FAILED
    assert "not your highest card" in text(response)
    make("t1b", "guandan.tribute", data)
    response = post(client, "t1b", {"card": "♠7"})
    assert status("t1b") == Attempt.Status.SOLVED


def test_g19_two_big_jokers_refuse_the_tribute(client, db):
    data = {"level": 5, "order": [3, 2, 1, 0], "hands": {"0": "BJ BJ ♠A ♣4"}, "ask": "pay"}
    make("t2", "guandan.tribute", data)
    response = post(client, "t2", {"answer": "resist"})
    assert status("t2") == Attempt.Status.SOLVED
    assert "抗贡" in text(response)


def test_g18_a_level_card_is_never_ten_or_lower(client, db):
    data = {
        "level": 10,
        "order": [0, 1, 2, 3],
        "hands": {"0": "♠10 ♦9 ♣3 ♠K", "3": "♠A ♦4"},
        "ask": "return",
        "received": "♠A",
    }
    make("t3", "guandan.tribute", data)
    response = post(client, "t3", {"card": "♠10"})
    assert status("t3") == Attempt.Status.FAILED
    assert "may not go back" in text(response)


def test_g21_equal_tributes_the_first_outs_right_hand_loser_leads(client, db):
    data = {
        "level": 4,
        "order": [2, 0, 1, 3],  # 双下 for seats 1 and 3
        "hands": {"0": "♠5", "1": "♠K ♣3", "3": "♦K ♦2"},
        "ask": "leader",
    }
    make("t4", "guandan.tribute", data)
    response = post(client, "t4", {"answer": "3"})
    assert status("t4") == Attempt.Status.SOLVED
    assert "equal" in text(response)


def test_tribute_puzzles_with_nothing_to_find_are_refused(db):
    kind = get_kind("guandan.tribute")
    with pytest.raises(InvalidPuzzle, match="nothing to find"):
        kind.validate(
            {
                "level": 3,
                "order": [0, 2, 1, 3],
                "hands": {"0": "♠5 ♦4", "1": "♠A", "3": "♣K"},
                "ask": "return",
            }
        )  # the seed's rules: any card goes back after a 双下
    with pytest.raises(InvalidPuzzle, match="owes tribute"):
        kind.validate({"level": 3, "order": [1, 0, 2, 3], "hands": {"0": "♠5 ♦4"}, "ask": "leader"})


# --- guandan.settle (GD-25, GD-26, GD-R13, G22, G23) ------------------------------------


def test_g22_a_double_win_goes_up_three(client, db):
    make("s1", "guandan.settle", {"order": [0, 2, 1, 3], "levels": [5, 9], "ask": "gain"})
    response = post(client, "s1", {"answer": "3"})
    assert status("s1") == Attempt.Status.SOLVED
    assert "from 5 to 8" in text(response)


def test_overshooting_a_stops_at_a(client, db):
    make("s2", "guandan.settle", {"order": [3, 1, 0, 2], "levels": [6, "Q"], "ask": "next"})
    post(client, "s2", {"answer": "A"})
    assert status("s2") == Attempt.Status.SOLVED


def test_g23_at_a_with_the_partner_last_the_match_goes_on(client, db):
    data = {"order": [0, 1, 3, 2], "levels": ["A", 9], "playing": 0, "ask": "match"}
    make("s3", "guandan.settle", data)
    response = post(client, "s3", {"answer": "yes"})
    assert status("s3") == Attempt.Status.FAILED
    assert "does not win the match" in text(response)
    make("s4", "guandan.settle", {**data, "order": [0, 1, 2, 3]})
    post(client, "s4", {"answer": "yes"})
    assert status("s4") == Attempt.Status.SOLVED


# --- guandan.lead (GD-R07, GD-R08; solver-proven open endings) --------------------------

CASH_THE_ACE = {
    "level": 2,
    "hands": ["♠A ♠3", "♣K", "♦5 ♦6", "♣Q ♣7"],
}


def test_leading_the_card_nobody_beats_goes_out_first(client, db):
    make("g1", "guandan.lead", CASH_THE_ACE)
    response = post(client, "g1", {"answer": "play", "card": ["♠A"]})
    assert status("g1") == Attempt.Status.SOLVED
    assert "first out" in text(response) or "goes out first" in text(response)


def test_a_losing_lead_is_refuted_with_the_line(client, db):
    make("g2", "guandan.lead", CASH_THE_ACE)
    response = post(client, "g2", {"answer": "play", "card": ["♠3"]})
    assert status("g2") == Attempt.Status.FAILED
    assert "plays ♣K" in text(response)


def test_a_play_that_is_no_combination_is_refused_and_nothing_changes(client, db):
    make("g3", "guandan.lead", CASH_THE_ACE)
    response = post(client, "g3", {"answer": "play", "card": ["♠A", "♠3"]})
    assert "not a combination" in text(response)
    response = post(client, "g3", {"answer": "pass"})
    assert "you must play" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="g3", status=Attempt.Status.FAILED).exists()


def test_a_full_house_with_the_wild_is_played_by_clicking(client, db):
    # Level 8: ♥8 is wild. Anything short of going out at once lets the bomb of 7s in,
    # and the ♠5 after it goes out first.
    data = {"level": 8, "hands": ["♠A ♦A ♥8 ♣4 ♦4", "♠7 ♦7 ♣7 ♥7 ♠5", "♠6 ♣6", "♠K ♦K ♣2"]}
    make("g4", "guandan.lead", data)
    response = post(client, "g4", {"answer": "play", "card": ["♠A", "♦A", "♥8", "♣4", "♦4"]})
    assert status("g4") == Attempt.Status.SOLVED
    assert "Played as" in text(response)  # two readings: three aces or three 4s
    make("g5", "guandan.lead", data)
    response = post(client, "g5", {"answer": "play", "card": ["♠A", "♦A", "♥8"]})
    assert status("g5") == Attempt.Status.FAILED
    assert "plays ♠7 ♥7 ♣7 ♦7" in text(response)


def test_an_ending_with_nothing_to_find_is_refused(db):
    with pytest.raises(InvalidPuzzle, match="nothing to find|no play"):
        get_kind("guandan.lead").validate({"level": 2, "hands": ["♠A", "♣K", "♦5", "♣Q"]})


# --- guandan.partition (lesson 11: the fewest plays) -------------------------------------

SPLIT = {"level": 7, "cards": "♠3 ♦3 ♣3 ♠4 ♦4 ♣4 ♠9 ♦9 ♣K ♦K"}


def test_two_full_houses_is_the_fewest(client, db):
    make("p1", "guandan.partition", SPLIT)
    post(client, "p1", {"answer": "play", "card": ["♠3", "♦3", "♣3", "♠9", "♦9"]})
    response = post(client, "p1", {"answer": "play", "card": ["♠4", "♦4", "♣4", "♣K", "♦K"]})
    assert status("p1") == Attempt.Status.SOLVED
    assert "the fewest" in text(response)


def test_a_split_that_cannot_reach_the_fewest_fails_at_once(client, db):
    make("p2", "guandan.partition", SPLIT)
    response = post(client, "p2", {"answer": "play", "card": ["♠9", "♦9"]})
    assert status("p2") == Attempt.Status.FAILED
    assert "too many" in text(response)


def test_cards_that_are_no_combination_are_refused(client, db):
    make("p3", "guandan.partition", SPLIT)
    response = post(client, "p3", {"answer": "play", "card": ["♠9", "♣K"]})
    assert "not a combination" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="p3", status=Attempt.Status.FAILED).exists()
