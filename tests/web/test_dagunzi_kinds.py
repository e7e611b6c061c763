"""The Dagunzi puzzle kinds as a learner meets them: every answer judged by the engine."""

import re

import pytest
from django.utils import translation

from puzzles.kinds import InvalidPuzzle, UnknownKind, get_kind
from puzzles.models import Attempt, Puzzle
from puzzles.pictures import check_static_board, draw_static_board

HTMX = {"HTTP_HX_REQUEST": "true"}


def make(slug, kind, data, *, prompt="Solve it."):
    get_kind(kind).validate(data)
    return Puzzle.objects.create(
        slug=slug, game="dagunzi", kind=kind, data=data, prompt_zh=prompt, prompt_en=prompt
    )


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


def post(client, slug, data):
    return client.post(f"/puzzles/{slug}/", data, **HTMX)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def attempt(slug):
    return Attempt.objects.filter(puzzle__slug=slug).latest("started_at")


# --- dagunzi.play: a 棒 against a led 棒, under 死棒 ----------------------------------

# Seat 3 (your left) led ♥8♥8. You hold ♥6♥6 ♥9 and trumps; under 死棒 you must play
# the 棒. Partner (seat 2) and the right (seat 1) are still to play.
CONVENTION = {
    "level": 7,
    "trump": "♠",
    "follow": "dead",
    "dealer": 1,
    "hand": "♥A ♥J ♥Q ♥6 ♥6 ♠3 BJ",
    "trick": [],
    "accepted": [["♥J"], ["♥Q"]],
    "counts": {"1": 7, "2": 7, "3": 7},
}


@pytest.fixture
def convention(db):
    return make("p1", "dagunzi.play", CONVENTION)


def test_the_hand_is_a_checkbox_per_card_with_accessible_names(client, convention):
    page = client.get("/puzzles/p1/").content.decode()
    assert page.count('class="card-check" name="card"') == 7
    assert page.count('value="♥6"') == 2
    assert "A of hearts (♥A)" in page and "big joker (BJ)" in page
    assert "7 cards, face down" in page


def test_an_accepted_play_solves(client, convention):
    response = post(client, "p1", {"card": ["♥Q"], "ply": "0"})
    assert response.status_code == 200
    assert attempt("p1").status == Attempt.Status.SOLVED


def test_a_legal_but_wrong_play_is_told_the_answer(client, convention):
    response = post(client, "p1", {"card": ["♥A"], "ply": "0"})
    assert "not the play here" in text(response) and "The play:" not in text(response)
    assert attempt("p1").status == Attempt.Status.FAILED
    shown = text(post(client, "p1", {"action": "solution"}))
    assert "The play:" in shown and "♥J" in shown and "♥Q" in shown


def test_a_lead_of_two_different_cards_is_refused_with_the_reason(client, convention):
    response = post(client, "p1", {"card": ["♥A", "♥J"], "ply": "0"})
    assert response.status_code == 200
    assert "滚子" in text(response) or "棒" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="p1").exists()  # nothing was tried yet


@pytest.mark.parametrize(
    "data",
    [{"card": ["X9"]}, {"card": []}, {"card": ["♥A", "♥A", "♥A", "♥A"]}, {"card": ["♦K"]}],
)
def test_garbage_is_a_400_or_refused_and_progress_is_kept(client, convention, data):
    response = post(client, "p1", {**data, "ply": "0"})
    assert response.status_code in (200, 400)
    if response.status_code == 200:  # a card not in the hand: refused by the rules
        assert "♦K" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="p1", status="failed").exists()


# An open ending: the solver proves the answer. You (seat 0, the dealer's side, dealer 0)
# lead with ♥A ♥K; seat 1 holds ♥Q ♠3 (it ruffs hearts once void), seat 2 ♥3 ♥4, seat 3
# ♦4 ♦5; kitty 20 points. Leading ♥K first keeps the attackers to 45; ♥A first gives 55.
ENDING = {
    "level": 7,
    "trump": "♠",
    "dealer": 0,
    "kitty_points": 20,
    "hands": [["♥A", "♥K"], ["♥Q", "♠3"], ["♥3", "♥4"], ["♦4", "♦5"]],
}


@pytest.fixture
def ending(db):
    return make("p2", "dagunzi.play", ENDING)


def test_the_solver_proven_play_solves_and_says_the_points(client, ending):
    response = post(client, "p2", {"card": ["♥K"], "ply": "0"})
    assert attempt("p2").status == Attempt.Status.SOLVED
    assert "45" in text(response)  # the attackers are held to 45


def test_the_solver_refutes_the_other_play(client, ending):
    response = post(client, "p2", {"card": ["♥A"], "ply": "0"})
    assert attempt("p2").status == Attempt.Status.FAILED
    assert "55" in text(response) and "45" in text(response)
    assert "The play: ♥K" in text(post(client, "p2", {"action": "solution"}))


def test_a_play_where_every_card_scores_the_same_is_refused():
    data = {**ENDING, "hands": [["♥A"], ["♥Q"], ["♥3"], ["♦4"]]}
    with pytest.raises(InvalidPuzzle):
        get_kind("dagunzi.play").validate(data)


def test_an_illegal_accepted_play_is_refused():
    data = {**CONVENTION, "trick": [["♥8", "♥8"]], "accepted": [["♥A", "♥J"]]}
    with pytest.raises(InvalidPuzzle, match="illegal"):
        get_kind("dagunzi.play").validate(data)


# --- dagunzi.legal -----------------------------------------------------------------

LEGAL = {
    "level": 7,
    "trump": "♠",
    "follow": "dead",
    "hand": "♥6 ♥6 ♥9 ♠3 BJ",
    "trick": [["♥8", "♥8"]],
    "options": [["♥6", "♥6"], ["♥6", "♥9"], ["♥9", "♠3"]],
}


@pytest.fixture
def legal(db):
    return make("l1", "dagunzi.legal", LEGAL)


def test_ticking_exactly_the_legal_plays_solves(client, legal):
    post(client, "l1", {"option": ["0"], "answer": "done", "ply": "0"})
    assert attempt("l1").status == Attempt.Status.SOLVED


def test_ticking_an_illegal_play_fails_with_the_engines_reason(client, legal):
    response = post(client, "l1", {"option": ["0", "1"], "answer": "done", "ply": "0"})
    assert attempt("l1").status == Attempt.Status.FAILED
    assert "死棒" in text(response)


def test_the_same_hand_under_live_rules_has_two_legal_plays(client, db):
    make("l2", "dagunzi.legal", {**LEGAL, "follow": "live"})
    post(client, "l2", {"option": ["0", "1"], "answer": "done", "ply": "0"})
    assert attempt("l2").status == Attempt.Status.SOLVED


@pytest.mark.parametrize("data", [{"option": ["9"], "answer": "done"}, {"option": ["0"]}])
def test_legal_garbage_is_a_400(client, legal, data):
    assert post(client, "l1", {**data, "ply": "0"}).status_code == 400


# --- dagunzi.winner ----------------------------------------------------------------

WINNER = {
    "level": 7,
    "trump": "♠",
    "leader": 0,
    "plays": [["♥K", "♥K"], ["♥A", "♥3"], ["♠3", "♠3"], ["♣A", "♣A"]],
}


def test_the_trump_bang_wins(client, db):
    make("w1", "dagunzi.winner", WINNER)
    response = post(client, "w1", {"answer": "2", "ply": "0"})
    assert attempt("w1").status == Attempt.Status.SOLVED
    assert "棒" in text(response)


def test_two_singles_do_not_beat_a_bang(client, db):
    make("w2", "dagunzi.winner", WINNER)
    response = post(client, "w2", {"answer": "1", "ply": "0"})
    assert attempt("w2").status == Attempt.Status.FAILED
    assert "not a" in text(response) or "不是" in text(response)
    # Why this play loses, not who wins: that waits until asked for.
    assert "wins with" not in text(response) and "is-winning" not in response.content.decode()
    shown = post(client, "w2", {"action": "solution"})
    assert "wins with ♠3 ♠3" in text(shown) and "is-winning" in shown.content.decode()


def test_winner_garbage_is_a_400(client, db):
    make("w3", "dagunzi.winner", WINNER)
    assert post(client, "w3", {"answer": "7", "ply": "0"}).status_code == 400


def test_a_winner_puzzle_needs_four_plays():
    with pytest.raises(InvalidPuzzle):
        get_kind("dagunzi.winner").validate({**WINNER, "plays": WINNER["plays"][:3]})


# --- dagunzi.order -----------------------------------------------------------------

ORDER = {"level": 7, "trump": "♠", "cards": "♥7 ♠7 BJ ♠2 ♦2 ♠A ♥A"}


def test_sorting_from_the_top_solves(client, db):
    make("o1", "dagunzi.order", ORDER)
    for card in ("BJ", "♠7", "♥7", "♠2", "♦2", "♠A"):
        response = post(
            client,
            "o1",
            {
                "card": card,
                "ply": str(attempt("o1").ply)
                if Attempt.objects.filter(puzzle__slug="o1").exists()
                else "0",
            },
        )
        assert response.status_code == 200, card
    post(client, "o1", {"card": "♥A", "ply": str(attempt("o1").ply)})
    assert attempt("o1").status == Attempt.Status.SOLVED


def test_a_side_ace_before_the_trumps_is_wrong(client, db):
    make("o2", "dagunzi.order", ORDER)
    response = post(client, "o2", {"card": "♥A", "ply": "0"})
    assert attempt("o2").status == Attempt.Status.FAILED
    assert "BJ" in text(response)


def test_order_garbage_is_a_400(client, db):
    make("o3", "dagunzi.order", ORDER)
    assert post(client, "o3", {"card": "nonsense", "ply": "0"}).status_code == 400


# --- dagunzi.settle ----------------------------------------------------------------

SETTLE = {
    "trick_points": 105,
    "dug": True,
    "kitty": "♠K ♠10 ♣5 ♦8 ♥9 ♣J",
    "levels": [7, 5],
    "dealer": 0,
    "ask": "score",
}


def test_the_kitty_counts_twice_when_dug(client, db):
    make("s1", "dagunzi.settle", SETTLE)
    response = post(client, "s1", {"answer": "155", "ply": "0"})
    assert attempt("s1").status == Attempt.Status.SOLVED
    assert "抠底" in text(response)


def test_forgetting_the_doubling_is_wrong(client, db):
    make("s2", "dagunzi.settle", SETTLE)
    post(client, "s2", {"answer": "130", "ply": "0"})
    assert attempt("s2").status == Attempt.Status.FAILED


def test_settle_result_and_garbage(client, db):
    make("s3", "dagunzi.settle", {**SETTLE, "ask": "result"})
    assert post(client, "s3", {"answer": "maybe", "ply": "0"}).status_code == 400
    post(client, "s3", {"answer": "take-over", "ply": "0"})
    assert attempt("s3").status == Attempt.Status.SOLVED
    make("s4", "dagunzi.settle", {**SETTLE, "ask": "blood"})
    assert post(client, "s4", {"answer": "many", "ply": "0"}).status_code == 400


def test_impossible_points_are_refused():
    with pytest.raises(InvalidPuzzle):
        get_kind("dagunzi.settle").validate({**SETTLE, "trick_points": 290})


# --- dagunzi.bury ------------------------------------------------------------------

BURY = {
    "level": 7,
    "trump": "♥",
    "ask": "allowed",
    "seat": 0,
    "dealer": 0,
    "hand": "BJ SJ ♠3 ♠4 ♠5 ♠6",
    "kitty": "♠8 ♠9 ♣4 ♦6 ♥9 ♣J",
    "cards": "SJ ♠3 ♠4 ♠6 ♠8 ♠9",
}


def test_a_small_joker_kept_big_one_bury_is_not_allowed(client, db):
    make("b1", "dagunzi.bury", BURY)
    response = post(client, "b1", {"answer": "no", "ply": "0"})
    assert attempt("b1").status == Attempt.Status.SOLVED
    assert "big joker" in text(response)


def test_taking_back_the_smallest_cards(client, db):
    data = {
        **BURY,
        "ask": "takeback",
        "seat": 2,
        "hand": "BJ BJ ♥A",
        "kitty": "♠K ♠10 ♣4 ♦4 ♠Q ♥3",
        "cards": "BJ",
    }
    make("b2", "dagunzi.bury", data)
    post(client, "b2", {"card": ["♦4"], "answer": "done", "ply": "0"})
    assert attempt("b2").status == Attempt.Status.SOLVED
    make("b3", "dagunzi.bury", data)
    response = post(client, "b3", {"card": ["♠Q"], "answer": "done", "ply": "0"})
    assert attempt("b3").status == Attempt.Status.FAILED
    assert "Take back the 1 smallest" in text(response)
    assert "The cards to take back: ♣4" in text(post(client, "b3", {"action": "solution"}))


def test_bury_garbage_is_a_400(client, db):
    make("b4", "dagunzi.bury", BURY)
    assert post(client, "b4", {"answer": "perhaps", "ply": "0"}).status_code == 400


# --- dagunzi.count and dagunzi.table ----------------------------------------------


def test_counting_points(client, db):
    make("c1", "dagunzi.count", {"cards": "♠K ♥10 ♣5 ♦5 ♠A BJ"})
    response = post(client, "c1", {"answer": "30", "ply": "0"})
    assert attempt("c1").status == Attempt.Status.SOLVED
    assert "30" in text(response)
    make("c2", "dagunzi.count", {"cards": "♠K ♥10 ♣5"})
    post(client, "c2", {"answer": "20", "ply": "0"})
    assert attempt("c2").status == Attempt.Status.FAILED
    assert post(client, "c2", {"answer": "lots", "ply": "0"}).status_code == 400


def test_a_picture_is_no_puzzle_and_draws_for_a_lesson():
    data = {"level": 7, "trump": "♠", "hand": "BJ ♠7 ♥7 ♥A"}
    with translation.override("en"):
        picture = draw_static_board("dagunzi.table", data)
    assert "big joker (BJ)" in picture and 'name="card"' not in picture
    with pytest.raises(UnknownKind):  # nothing to answer: it cannot be made a puzzle
        get_kind("dagunzi.table")
    with pytest.raises(InvalidPuzzle):
        check_static_board("dagunzi.table", {"level": 7, "trump": "♠", "hand": "♠ZZ"}, "dagunzi")
    with pytest.raises(InvalidPuzzle):  # a Dagunzi picture in a Go lesson
        check_static_board("dagunzi.table", data, "go")
