"""Xiangqi's puzzle kinds as a learner meets them: every answer judged by
``engines.xiangqi``, the spec's vectors (X17 both winning moves, X23–X26 rulings,
X27–X31 touch-move) through the kinds, and the from-to form without JavaScript."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    MARKED,
    PICKED,
    UNJUDGED,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    get_kind,
    localized,
    with_prepared,
)
from puzzles.kinds.moves import FromTo, Pick
from puzzles.pictures import check_static_board, draw_static_board
from tests.helpers import make_puzzle, text

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
X17 = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w"  # b1b10 mates, a9f9 wins by 困毙
X21 = "3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w"  # mate in 2: d3e3 only
HORSE = "5k3/9/9/9/9/9/9/9/1R7/1N2K4 w"  # the b1 horse: d2 only (a3, c3 hobbled)


@pytest.fixture(autouse=True)
def chinese():
    """Words a kind reads out in one language (a reply's label) are Chinese here,
    whatever another test left active."""
    with translation.override("zh-hans"):
        yield


def ready(kind: str, data: dict) -> tuple:
    found = get_kind(kind)
    return found, with_prepared(data, found.prepare(data))


def play(kind, data, state, answer):
    verdict, after = kind.check(data, state, answer)
    return verdict, after


def zh(verdict_text) -> str:
    return verdict_text["zh"] if isinstance(verdict_text, dict) else str(verdict_text)


# --- mate in N -------------------------------------------------------------------------


def test_every_winning_first_move_is_right_and_stalemate_counts_as_a_win():
    kind, data = ready("xiangqi.mate", {"fen": X17, "depth": 1})
    mate, _ = play(kind, data, kind.start(data), FromTo("b1", "b10"))
    stalemate, _ = play(kind, data, kind.start(data), FromTo("a9", "f9"))
    assert mate.status == CORRECT and "将死" in zh(mate.message)
    assert stalemate.status == CORRECT and "困毙" in zh(stalemate.message)


def test_a_wrong_move_is_refuted_by_the_defence_in_notation_without_telling_the_answer():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    verdict, state = play(kind, data, kind.start(data), FromTo("c3", "c10"))
    assert verdict.status == WRONG
    assert verdict.refutation == ("将５进１",)
    assert "车六平五" not in zh(verdict.message)  # the answer stays for "Show the answer"
    assert "车六平五" in zh(verdict.answer)
    assert state == {"moves": [], "wrong": "c3c10", "shown": "e10e9"}


def test_the_site_answers_with_the_longest_defence_and_the_mate_ends_it():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    verdict, state = play(kind, data, kind.start(data), FromTo("d3", "e3"))
    assert verdict.status == CONTINUE
    assert verdict.reply == "d10e9" and verdict.reply_label == "士４进５"
    verdict, state = play(kind, data, state, FromTo("c3", "c10"))
    assert verdict.status == CORRECT
    assert state["moves"] == ["d3e3", "d10e9", "c3c10"]


def test_illegal_moves_are_refused_with_the_rule_and_change_nothing():
    kind, data = ready("xiangqi.mate", {"fen": HORSE.replace("5k3", "3k5"), "depth": 1})
    state = kind.start(data)
    verdict, after = play(kind, data, state, FromTo("b1", "a3"))
    assert verdict.status == ILLEGAL and "蹩马腿" in zh(verdict.message)
    assert after == state


def test_picking_a_piece_up_records_nothing_and_the_opponents_pieces_cannot_be_picked():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    state = kind.start(data)
    verdict, after = play(kind, data, state, Pick("d3"))
    assert verdict.status == PICKED and verdict.picked == "d3" and after == state
    verdict, _ = play(kind, data, state, Pick("e10"))
    assert verdict.status == ILLEGAL and "对方" in zh(verdict.message)


def test_a_mate_puzzle_must_ask_for_its_shortest_win():
    with pytest.raises(InvalidPuzzle, match="sooner"):
        get_kind("xiangqi.mate").prepare({"fen": X17, "depth": 2})
    with pytest.raises(InvalidPuzzle, match="no win"):
        get_kind("xiangqi.mate").prepare({"fen": START, "depth": 1})


def test_a_tampered_attempt_is_not_judged():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    verdict, _ = play(kind, data, {"moves": ["d3d4", "g6g5"]}, FromTo("c3", "c10"))
    assert verdict.status == UNJUDGED


def test_moves_can_be_typed_in_coordinates_or_in_either_notation():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    state = kind.start(data)
    for typed in ("d3e3", "d3-e3", "车六平五", "R6=5"):
        assert kind.parse_answer(data, state, {"move": typed}) == FromTo("d3", "e3")
    with pytest.raises(BadAnswer):
        kind.parse_answer(data, state, {"move": "车七平五"})  # c3 cannot get there
    with pytest.raises(BadAnswer):
        kind.parse_answer(data, state, {"select": "z9"})


def test_the_default_prompt_says_who_moves_and_how_many_moves():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    assert kind.prompt(data) == {"zh": "红先，两步杀。", "en": "Red to play: mate in two."}


# --- legal moves -----------------------------------------------------------------------


def test_ticking_every_legal_point_and_each_wrong_tick_explained():
    kind, data = ready("xiangqi.legal", {"fen": HORSE, "piece": "b1"})
    state = kind.start(data)
    verdict, state = play(kind, data, state, "a3")
    assert verdict.status == MARKED
    verdict, state = play(kind, data, state, "done")
    assert verdict.status == WRONG
    assert "a3：蹩马腿" in zh(verdict.message) and "还漏了 1 个点" in zh(verdict.message)
    verdict, state = play(kind, data, {"marked": []}, "d2")
    verdict, state = play(kind, data, state, "done")
    assert verdict.status == CORRECT and "只能走这一个点" in zh(verdict.message)


@pytest.mark.parametrize(
    ("fen", "move", "right", "rule"),
    [
        (HORSE, "b1a3", "illegal", "蹩马腿"),
        (HORSE, "b1d2", "legal", "合规"),
        ("4k4/9/9/9/9/9/9/4B4/9/3K5 w", "e3g5", "legal", "合规"),
        ("4k4/9/9/9/9/9/5p3/4B4/9/3K5 w", "e3g5", "illegal", "塞象眼"),
        ("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c5e7", "illegal", "不能过河"),
        ("3k5/9/9/9/9/9/9/9/9/4KR3 w", "e1d1", "illegal", "对面"),
    ],
)
def test_is_this_move_legal(fen, move, right, rule):
    kind, data = ready("xiangqi.legal", {"fen": fen, "move": move})
    verdict, _ = play(kind, data, {}, right)
    assert verdict.status == CORRECT and rule in zh(verdict.message)
    wrong = "legal" if right == "illegal" else "illegal"
    assert play(kind, data, {}, wrong)[0].status == WRONG


# --- a move that meets a goal ------------------------------------------------------------


def test_every_move_meeting_the_goal_is_right():
    kind, data = ready("xiangqi.move", {"fen": HORSE, "goal": "check"})
    assert play(kind, data, kind.start(data), FromTo("b2", "b10"))[0].status == CORRECT
    assert play(kind, data, kind.start(data), FromTo("b2", "f2"))[0].status == CORRECT
    verdict, _ = play(kind, data, kind.start(data), FromTo("b2", "b3"))
    assert verdict.status == WRONG and "没有将军" in zh(verdict.message)


def test_playing_the_move_a_name_describes():
    kind, data = ready("xiangqi.move", {"fen": START, "goal": "notation", "notation": "炮二平五"})
    assert play(kind, data, kind.start(data), FromTo("h3", "e3"))[0].status == CORRECT
    verdict, _ = play(kind, data, kind.start(data), FromTo("b3", "e3"))
    assert verdict.status == WRONG and "炮八平五" in zh(verdict.message)


def test_a_piece_named_by_the_exercise_is_the_only_one_to_move():
    kind, data = ready("xiangqi.move", {"fen": HORSE, "goal": "legal", "piece": "b1"})
    verdict, _ = play(kind, data, kind.start(data), Pick("b2"))
    assert verdict.status == ILLEGAL


# --- win material ------------------------------------------------------------------------


def test_win_material_accepts_every_winning_move_and_shows_the_line():
    kind, data = ready("xiangqi.win", {"fen": "3k5/9/9/9/2n6/9/9/9/9/2R1K4 w", "gain": 400})
    right = kind.right(data)
    assert "c1c6" in right
    verdict, state = play(kind, data, kind.start(data), FromTo("c1", "c6"))
    assert verdict.status == CORRECT and state["line"]
    verdict, _ = play(kind, data, kind.start(data), FromTo("c1", "c2"))
    assert verdict.status == WRONG and verdict.refutation


# --- repetition ----------------------------------------------------------------------------

CYCLES = {
    "X23": (
        "3k5/9/9/9/9/9/9/9/9/4K3R w",
        "i1i10 " + "d10d9 i10i9 d9d10 i9i10 " * 2,
        "black",
        "长将",
    ),
    "X24": ("5k3/9/2c6/9/9/9/9/9/9/R3K4 w", "a1a8 " + "c8c7 a8a7 c7c8 a7a8 " * 2, "black", "长捉"),
    "X25": ("2r2k3/9/2c6/9/9/9/9/9/9/R3K4 w", "a1a8 " + "c8c7 a8a7 c7c8 a7a8 " * 2, "draw", "和"),
    "X26": ("5k3/9/9/9/9/9/9/9/9/R3K4 w", "a1a2 f10f9 a2a1 f9f10 " * 2, "draw", "闲着"),
}


@pytest.mark.parametrize("vector", sorted(CYCLES))
def test_repetition_rulings(vector):
    fen, moves, result, rule = CYCLES[vector]
    kind, data = ready("xiangqi.repetition", {"fen": fen, "moves": moves})
    verdict, _ = play(kind, data, {}, result)
    assert verdict.status == CORRECT and rule in zh(verdict.message)
    assert play(kind, data, {}, "red")[0].status == WRONG


def test_a_cycle_not_yet_repeated_three_times_is_no_puzzle():
    with pytest.raises(InvalidPuzzle, match="third time"):
        get_kind("xiangqi.repetition").prepare(
            {"fen": CYCLES["X23"][0], "moves": "i1i10 d10d9 i10i9 d9d10"}
        )


# --- touch-move ----------------------------------------------------------------------------

TOUCH = "4k4/9/4c4/9/2n6/9/2R6/9/9/3K1N3 w"


def test_own_piece_then_enemy_piece_the_touched_piece_must_move():
    kind, data = ready("xiangqi.touch", {"fen": TOUCH, "touched": ["f1", "c6"]})
    assert play(kind, data, kind.start(data), FromTo("f1", "e3"))[0].status == CORRECT
    verdict, _ = play(kind, data, kind.start(data), FromTo("c4", "c6"))
    assert verdict.status == WRONG and "第3条" in zh(verdict.message)


def test_enemy_piece_then_own_piece_the_enemy_piece_must_be_taken():
    kind, data = ready("xiangqi.touch", {"fen": TOUCH, "touched": ["c6", "f1"]})
    assert play(kind, data, kind.start(data), FromTo("c4", "c6"))[0].status == CORRECT
    verdict, _ = play(kind, data, kind.start(data), FromTo("f1", "e3"))
    assert verdict.status == WRONG and "第4条" in zh(verdict.message)


# --- notation ------------------------------------------------------------------------------


def test_writing_the_arrowed_move():
    kind, data = ready("xiangqi.notation", {"fen": START, "move": "h3e3"})
    assert play(kind, data, {}, "炮二平五")[0].status == CORRECT
    assert play(kind, data, {}, "炮2平5")[0].status == CORRECT  # plain digits read too
    verdict, _ = play(kind, data, {}, "炮八平五")
    assert verdict.status == WRONG and "炮二平五" in zh(verdict.answer)
    assert play(kind, data, {}, "hello")[0].status == ILLEGAL
    kind, data = ready("xiangqi.notation", {"fen": START, "move": "h3e3", "style": "wxf"})
    assert play(kind, data, {}, "C2=5")[0].status == CORRECT


# --- the board -----------------------------------------------------------------------------


def test_the_board_names_every_piece_in_the_learners_language():
    kind, data = ready("xiangqi.mate", {"fen": X21, "depth": 2})
    with translation.override("zh-hans"):
        chinese = kind.board(data, kind.start(data))
    with translation.override("en"):
        english = kind.board(data, kind.start(data))
    assert 'aria-label="d3 红车"' in chinese and 'aria-label="e10 黑将"' in chinese
    assert 'aria-label="d3 red chariot"' in english
    assert "楚 河" in chinese and "九" in chinese  # the river, Red's files


def test_a_static_lesson_board_with_marks_and_arrows():
    data = {"fen": X21, "marks": {"e10": "target"}, "arrows": ["d3e3", "c3c10 bad"]}
    check_static_board("xiangqi.board", data, "xiangqi")
    drawn = draw_static_board("xiangqi.board", data)
    assert drawn.count('class="arrow ') == 2 and "<button" not in drawn
    with pytest.raises(InvalidPuzzle):
        check_static_board("xiangqi.board", {"fen": X21, "marks": {"z1": "good"}}, "xiangqi")


# --- through the site, without JavaScript --------------------------------------------------


@pytest.mark.django_db
def test_a_mate_in_two_played_by_clicks_without_javascript(client):
    make_puzzle("xq-two", game="xiangqi", kind="xiangqi.mate", data={"fen": X21, "depth": 2})
    url = "/puzzles/xq-two/"
    page = client.get(url).content.decode()
    assert 'name="select" value="d3"' in page  # the learner's pieces can be picked up
    assert 'name="select" value="e10"' not in page
    page = client.post(url, {"select": "d3", "ply": "0"}).content.decode()
    assert 'name="move" value="d3e3"' in page  # its legal points post the whole move
    assert 'name="move" value="d3c3"' not in page  # its own chariot stands there
    response = client.post(url, {"move": "d3e3", "ply": "0"})
    assert "士４进５" in text(response)
    ply = re.search(r'name="ply" value="(\d+)"', response.content.decode()).group(1)
    response = client.post(url, {"move": "车七进七", "ply": ply})
    assert "将死" in text(response)


@pytest.mark.django_db
def test_a_malformed_move_is_a_400_and_keeps_the_attempt(client):
    make_puzzle("xq-bad", game="xiangqi", kind="xiangqi.mate", data={"fen": X21, "depth": 2})
    url = "/puzzles/xq-bad/"
    client.post(url, {"move": "d3e3", "ply": "0"})
    response = client.post(url, {"move": "<script>", "ply": "2"})
    assert response.status_code == 400
    assert "c3c10" not in localized({"zh": text(response)})
    response = client.post(url, {"move": "c3c10", "ply": "2"})
    assert "将死" in text(response)


def test_the_notation_box_example_never_gives_the_answer_away():
    kind, data = ready("xiangqi.notation", {"fen": START, "move": "h3e3"})
    assert 'placeholder="马二进三"' in kind.board(data, {})
    kind, data = ready("xiangqi.notation", {"fen": START, "move": "h1g3"})
    assert 'placeholder="炮二平五"' in kind.board(data, {})
