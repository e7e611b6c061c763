"""The Renju puzzle kinds as a learner meets them: every answer judged by the engine."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.kinds import InvalidPuzzle, get_kind
from puzzles.models import Attempt, Puzzle

HTMX = {"HTTP_HX_REQUEST": "true"}
GAME = "h8 h9 i8 i9 j9 g9 j7 k9"  # black to move; j8 is a double-three
FOUR_THREE = {"black": "h8 i8 j8 k9 k10", "white": "g8 h10 i11 m3 c12"}
TRAP = {"black": "h8 i8 j9 j7 e3 k9", "white": "i7 h6 g5 a1 o15 o13", "to_move": "white"}
DEFEND = {"black": "g8 a1 a3 o1 o3", "white": "h8 i8 j8 k9 k10", "to_move": "black"}


def make(slug, kind, data, *, prompt="Solve it."):
    get_kind(kind).validate(data)
    return Puzzle.objects.create(
        slug=slug, game="renju", kind=kind, data=data, prompt_zh=prompt, prompt_en=prompt
    )


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


def post(client, slug, **fields):
    return client.post(f"/puzzles/{slug}/", fields, **HTMX)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def attempt(slug):
    return Attempt.objects.filter(puzzle__slug=slug).latest("started_at")


# --- renju.forbidden ----------------------------------------------------------


@pytest.fixture
def forbidden(db):
    return make("f1", "renju.forbidden", {"moves": GAME})


def test_the_whole_board_has_a_button_per_empty_point(client, forbidden):
    page = client.get("/puzzles/f1/").content.decode()
    assert page.count('class="point" name="move"') == 225 - 8
    assert 'aria-label="h8 black stone"' in page
    assert 'value="done"' in page
    assert 'placeholder="h8"' in page


def test_marking_every_forbidden_point_solves(client, forbidden):
    response = post(client, "f1", move="j8", ply="0")
    assert "1 marked" in text(response)
    assert "<html" not in response.content.decode()
    assert "Correct" not in text(response) and "Not this one" not in text(response)
    response = post(client, "f1", answer="done", ply="1")
    body = text(response)
    assert "Correct" in body
    assert "j8 is a double-three" in body
    assert attempt("f1").status == Attempt.Status.SOLVED
    # The rows that make it are drawn on the board.
    assert response.content.decode().count('class="segment segment-found"') == 2


def test_a_partial_answer_is_told_what_it_missed_and_why(client, forbidden):
    post(client, "f1", move="k8", ply="0")
    response = post(client, "f1", answer="done", ply="1")
    body = text(response)
    assert "Not this one" in body
    assert "0 of 1 found" in body and "1 still to find" in body
    assert "Not forbidden — k8" in body
    # What was missed is kept back, on the board too, until the learner asks.
    assert "Missed" not in body and 'aria-label="j8' in response.content.decode()
    assert "segment-missed" not in response.content.decode()
    assert attempt("f1").status == Attempt.Status.FAILED
    shown = post(client, "f1", action="solution")
    assert "Missed: j8 is a double-three" in text(shown)
    assert shown.content.decode().count('class="segment segment-missed"') == 2


def test_a_second_click_unmarks(client, forbidden):
    post(client, "f1", move="j8", ply="0")
    post(client, "f1", move="k8", ply="1")
    response = post(client, "f1", move="k8", ply="2")
    assert "1 marked" in text(response)
    assert attempt("f1").state["marked"] == ["j8"]
    assert "Correct" in text(post(client, "f1", answer="done", ply="3"))


def test_a_typed_point_marks_too(client, forbidden):
    response = post(client, "f1", move="J8", ply="0")
    assert "1 marked" in text(response)


def test_an_occupied_point_is_refused_without_a_trace(client, forbidden):
    response = post(client, "f1", move="h8", ply="0")
    assert "Pick an empty point" in text(response)
    assert not Attempt.objects.filter(puzzle__slug="f1").exists()


@pytest.mark.parametrize(
    "fields", [{"move": "z99"}, {"move": ""}, {"answer": "maybe"}, {"move": "h8 h9"}, {}]
)
def test_garbage_is_a_400_and_keeps_progress(client, forbidden, fields):
    post(client, "f1", move="j8", ply="0")
    response = post(client, "f1", ply="1", **fields)
    assert response.status_code == 400
    assert attempt("f1").state["marked"] == ["j8"]


def test_a_hint_says_how_many(client, forbidden):
    response = post(client, "f1", action="hint")
    assert "There is one forbidden point here." in text(response)
    assert attempt("f1").hinted


def test_forbidden_puzzles_need_a_forbidden_point():
    with pytest.raises(InvalidPuzzle, match="no forbidden point"):
        get_kind("renju.forbidden").validate({"moves": "h8 h9 i8"})
    get_kind("renju.forbidden").validate({"moves": "h8 h9 i8", "none": True})
    with pytest.raises(InvalidPuzzle, match="free gomoku"):
        get_kind("renju.forbidden").validate({"moves": GAME, "rules": "gomoku"})


@pytest.mark.parametrize(
    "data,reason",
    [
        ({"moves": "a1"}, "centre"),
        ({"moves": "h8 h8"}, "occupied"),
        ({"black": "h8 q1"}, "black"),
        ({"black": "a1 b1 c1 d1 e1"}, "five"),
        ({"black": "h8", "white": "h8"}, "twice"),
        ({"diagram": "X X\nO O"}, "diagram"),
        ({"diagram": ["X"]}, "text"),
        ({"moves": GAME, "rules": "chess"}, "rules"),
        ({"moves": GAME, "to_move": "red"}, "to_move"),
        ({"black": 5}, "black"),
    ],
)
def test_bad_positions_say_why(data, reason):
    with pytest.raises(InvalidPuzzle, match=reason):
        get_kind("renju.forbidden").validate(data)


# --- renju.is_forbidden -----------------------------------------------------------


def test_is_forbidden_right_and_wrong(client, db):
    make("q1", "renju.is_forbidden", {"moves": GAME, "point": "j8"})
    body = text(post(client, "q1", answer="double-three"))
    assert "Correct" in body and "three up and down (j7–j9)" in body
    make("q2", "renju.is_forbidden", {"moves": GAME, "point": "k8"})
    body = text(post(client, "q2", answer="double-three"))
    assert "Not this one" in body and "k8: three across (h8–k8)" in body
    assert post(client, "q2", answer="forbidden?").status_code == 400


def test_is_forbidden_knows_a_five_wins(client, db):
    make(
        "q3", "renju.is_forbidden", {"black": "d8 e8 f8 g8", "white": "c8 a1 a3 a5", "point": "h8"}
    )
    assert "Correct" in text(post(client, "q3", answer="five"))


def test_is_forbidden_needs_an_empty_point():
    with pytest.raises(InvalidPuzzle, match="occupied"):
        get_kind("renju.is_forbidden").validate({"moves": GAME, "point": "h8"})


# --- renju.five -------------------------------------------------------------------


def test_five(client, db):
    make("w1", "renju.five", {"black": "d4 e4 f4 g4", "white": "c4 a1 a3 a5"})
    assert "Correct" in text(post(client, "w1", move="h4", ply="0"))
    make(
        "w2",
        "renju.five",
        {"black": "d4 e4 f4 g4 j4 h5 h6 h7 h8", "white": "c4 a1 a3 a5 o1 h9 b2 b4 b6"},
    )
    body = text(post(client, "w2", move="h4", ply="0"))
    assert "Correct" in body  # the column's five wins though the row makes six


def test_five_black_overline_is_a_foul(client, db):
    make(
        "w3",
        "renju.five",
        {"black": "c4 d4 e4 g4 h4 h10 h11 h12 h13", "white": "a1 a3 a5 a7 h9 j1 o1 o3 o5"},
    )
    body = text(post(client, "w3", move="f4", ply="0"))
    assert "Not this one" in body and "overline" in body


def test_five_needs_a_five():
    with pytest.raises(InvalidPuzzle):
        get_kind("renju.five").validate({"moves": "h8 h9"})


# --- renju.vcf --------------------------------------------------------------------


@pytest.fixture
def four_three(db):
    return make("v1", "renju.vcf", FOUR_THREE)


def test_vcf_played_out(client, four_three):
    body = text(post(client, "v1", move="k8", ply="0"))
    assert "A four! White must block at l8" in body and "White l8" in body
    body = text(post(client, "v1", move="k11", ply="2"))
    assert "Two ways to make five" in body
    reply = attempt("v1").moves[-1]
    other = "k7" if reply == "W k12" else "k12"
    assert "Correct" in text(post(client, "v1", move=other, ply="4"))


def test_vcf_quiet_move_is_refuted(client, four_three):
    body = text(post(client, "v1", move="a1", ply="0"))
    assert "That is not a four" in body and "Refutation: White k8" in body


def test_vcf_four_that_goes_nowhere_is_refuted(client, four_three):
    body = text(post(client, "v1", move="l8", ply="0"))
    assert "no more fours that win" in body and "Refutation: White k8" in body


def test_vcf_solution_after_failure(client, four_three):
    post(client, "v1", move="a1", ply="0")
    body = text(post(client, "v1", action="solution"))
    assert "1. Black k8 2. White l8 3. Black k11" in body


def test_vcf_a_forbidden_four_loses(client, db):
    """k8 would be black's four-three, but with k11 it makes two fours: a foul, so wrong."""
    data = {
        "black": "h8 i8 j8 k9 k10 k11 b2 c2 d2 e3 e4",
        "white": "g8 k12 h10 i11 m3 c12 a2 o15 o13 o11",
    }
    make("v2", "renju.vcf", data)
    body = text(post(client, "v2", move="k8", ply="0"))
    assert "double-four" in body and "Not this one" in body
    make("v3", "renju.vcf", data)
    assert "A four" in text(post(client, "v3", move="e2", ply="0"))


def test_vcf_validation():
    with pytest.raises(InvalidPuzzle, match="no VCF"):
        get_kind("renju.vcf").validate({"moves": "h8 h9 i8"})
    with pytest.raises(InvalidPuzzle, match="renju.five"):
        get_kind("renju.vcf").validate({"black": "d4 e4 f4 g4", "white": "c4 a1 a3 a5"})


# --- renju.trap ------------------------------------------------------------------


def test_trap(client, db):
    make("t1", "renju.trap", TRAP)
    body = text(post(client, "t1", move="f4", ply="0"))
    assert "Correct" in body and "Black must block at j8" in body and "double-three" in body


def test_a_trap_needs_the_foul():
    plain_win = {"black": "g8 a1 a3 o1 o3", "white": "h8 i8 j8 k9 k10", "to_move": "white"}
    with pytest.raises(InvalidPuzzle, match="even if black may block anywhere"):
        get_kind("renju.trap").validate(plain_win)
    with pytest.raises(InvalidPuzzle, match="white to move"):
        get_kind("renju.trap").validate(FOUR_THREE)


# --- renju.defend ----------------------------------------------------------------


def test_defend(client, db):
    make("d1", "renju.defend", DEFEND)
    body = text(post(client, "d1", move="k8", ply="0"))
    assert "Defended" in body and "would also do" in body
    make("d2", "renju.defend", DEFEND)
    body = text(post(client, "d2", move="k12", ply="0"))
    assert "does not stop it" in body and "The defence" not in body
    assert "Refutation: White k8" in body
    assert "The defence: k7, k8, k11, l8" in text(post(client, "d2", action="solution"))


def test_defend_validation():
    with pytest.raises(InvalidPuzzle, match="no VCF to defend"):
        get_kind("renju.defend").validate({"moves": "h8 h9 i8 i9"})


# --- lesson kinds -------------------------------------------------------------------


def test_point_goals(client, db):
    make("p1", "renju.point", {"goal": "tengen", "black": "", "white": ""})
    assert "Correct" in text(post(client, "p1", move="h8", ply="0"))
    make("p2", "renju.point", {"goal": "three", "black": "h8 i8", "white": "h9 i9"})
    body = text(post(client, "p2", move="l8", ply="0"))
    assert "l8 makes no three and no four." in body and "f8" not in body
    assert "The right points: f8, g8, j8, k8." in text(post(client, "p2", action="solution"))
    make("p3", "renju.point", {"goal": "four-three", **FOUR_THREE})
    assert "Correct" in text(post(client, "p3", move="k8", ply="0"))


def test_claim(client, db):
    make("c1", "renju.claim", {"moves": GAME + " j8"})
    body = text(post(client, "c1", answer="claim"))
    assert "Correct" in body and "rule 6" in body
    make("c2", "renju.claim", {"moves": GAME + " j8 a1 a2"})
    body = text(post(client, "c2", answer="claim"))
    assert "Not this one" in body and "not pointed out at once" in body
    make("c3", "renju.claim", {"moves": GAME + " k8"})
    assert "Correct" in text(post(client, "c3", answer="play"))
    assert post(client, "c3", answer="resign").status_code == 400


def test_the_page_works_without_javascript(client, forbidden):
    response = client.post("/puzzles/f1/", {"move": "j8", "ply": "0"})
    assert response.status_code == 200 and "<html" in response.content.decode()


# --- garbage at every renju kind ------------------------------------------------------

KINDS = {
    "g-forbidden": ("renju.forbidden", {"moves": GAME}),
    "g-is": ("renju.is_forbidden", {"moves": GAME, "point": "j8"}),
    "g-five": ("renju.five", {"black": "d4 e4 f4 g4", "white": "c4 a1 a3 a5"}),
    "g-vcf": ("renju.vcf", FOUR_THREE),
    "g-trap": ("renju.trap", TRAP),
    "g-defend": ("renju.defend", DEFEND),
    "g-point": ("renju.point", {"goal": "four", **FOUR_THREE}),
    "g-claim": ("renju.claim", {"moves": GAME + " j8"}),
}
GARBAGE = st.one_of(
    st.sampled_from(
        [
            "",
            "h8",
            "H8",
            "j8",
            "z9",
            "h0",
            "h16",
            "a1",
            "done",
            "claim",
            "five",
            "pass",
            "\x00",
            "h8\x00",
            "9" * 300,
            "双三",
            "<b>",
            "-1",
            "0",
        ]
    ),
    st.text(max_size=12),
)


@pytest.fixture
def every_kind(db):
    return [make(slug, kind, data) for slug, (kind, data) in KINDS.items()]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    slug=st.sampled_from(sorted(KINDS)),
    fields=st.dictionaries(
        st.sampled_from(["move", "answer", "ply", "action"]), GARBAGE, max_size=4
    ),
)
def test_garbage_never_fails_a_renju_kind(client, every_kind, slug, fields):
    response = post(client, slug, **fields)
    assert response.status_code < 500, (slug, fields)
    assert client.get(f"/puzzles/{slug}/").status_code == 200


def test_defend_a_counter_four_first_then_the_defence(client, db):
    data = {
        **DEFEND,
        "black": DEFEND["black"] + " b2 c2 d2",
        "white": DEFEND["white"] + " a2 o15 o13",
    }
    make("d3", "renju.defend", data)
    body = text(post(client, "d3", move="e2", ply="0"))
    assert "A four first: white blocks at f2" in body and "now defend" in body
    assert "Correct" in text(post(client, "d3", move="k8", ply="2"))
