"""跳棋's puzzle kinds as a learner meets them: every answer judged by
``engines.tiaoqi``, the spec's vectors (C3–C12) through the kinds, the fewest-moves
line played to the end, and the from-to form without JavaScript."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from engines.tiaoqi import Position, hole_name, moves, reach
from engines.tiaoqi.fewest import fewest
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    MARKED,
    PICKED,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    get_kind,
    with_prepared,
)
from puzzles.kinds.moves import FromTo, Pick
from puzzles.pictures import check_static_board, draw_static_board
from tests.helpers import make_puzzle, text


def h(*cube) -> str:
    return hole_name(cube)


CENTRE = h(0, 0, 0)  # e9
# C3: a chain of two jumps east; C6 adds a piece that turns it.
C3 = {"red": [CENTRE], "green": [h(1, -1, 0), h(3, -3, 0)]}
C6 = {"red": [CENTRE], "green": [h(1, -1, 0), h(3, -3, 0), h(3, -2, -1)]}
# Red's last piece outside the north camp, and one green piece as a bridge.
HOME = ["b14", "c14", "d14", "a15", "b15", "c15", "a16", "b16", "a17"]
ENDGAME = {"red": ["f12", *HOME], "green": ["e12"]}


@pytest.fixture(autouse=True)
def chinese():
    with translation.override("zh-hans"):
        yield


def ready(kind: str, data: dict) -> tuple:
    found = get_kind(kind)
    return found, with_prepared(data, found.prepare(data))


def zh(words) -> str:
    return words["zh"] if isinstance(words, dict) else str(words)


def en(words) -> str:
    return words["en"] if isinstance(words, dict) else str(words)


def engine(data) -> Position:
    side = {"red": 0, "green": 1}
    return Position(
        {
            **dict.fromkeys(map(_hole, data.get("red", [])), side["red"]),
            **dict.fromkeys(map(_hole, data.get("green", [])), side["green"]),
        },
        side[data.get("to_move", "red")],
    )


def _hole(name):
    from engines.tiaoqi import parse_hole

    return parse_hole(name)


# --- reach -----------------------------------------------------------------------------


def tick_all(kind, data, holes):
    state = kind.start(data)
    for hole in holes:
        verdict, state = kind.check(data, state, hole)
        assert verdict.status == MARKED
    return kind.check(data, state, "done")


def test_reach_is_right_when_every_hole_the_engine_finds_is_ticked():
    data = {**C3, "piece": CENTRE}
    kind, data = ready("tiaoqi.reach", data)
    truth = sorted(hole_name(x) for x in reach(engine(data), _hole(CENTRE)))
    assert h(2, -2, 0) in truth and h(4, -4, 0) in truth and len(truth) == 7  # C3
    verdict, state = tick_all(kind, data, truth)
    assert verdict.status == CORRECT and state["judged"]
    assert f"{CENTRE}-{h(2, -2, 0)}-{h(4, -4, 0)}" in zh(verdict.message)  # the longest chain


def test_each_wrong_tick_is_explained_by_the_rule_it_breaks():
    # C4: no jump over a gap (隔空跳); C5: no jumping two pieces at once.
    gap = {"red": [CENTRE], "green": [h(2, -2, 0)], "piece": CENTRE}
    kind, data = ready("tiaoqi.reach", gap)
    verdict, _ = tick_all(kind, data, [h(4, -4, 0)])
    assert verdict.status == WRONG and "隔空跳" in zh(verdict.message)
    two = {"red": [CENTRE], "green": [h(1, -1, 0), h(2, -2, 0)], "piece": CENTRE}
    kind, data = ready("tiaoqi.reach", two)
    verdict, _ = tick_all(kind, data, [h(2, -2, 0), h(3, -3, 0)])
    assert "已经有棋子" in zh(verdict.message) and "一次只能跳过一个棋子" in zh(verdict.message)
    assert "还漏了 5 个" in zh(verdict.message)  # the five steps, not named until asked
    assert h(-1, 1, 0) in zh(verdict.answer)


def test_a_step_then_a_jump_is_not_one_move():
    # C9: red steps west to (-1, 1, 0) and could then jump the green piece on (-2, 2, 0).
    data = {"red": [CENTRE], "green": [h(-2, 2, 0)], "piece": CENTRE}
    kind, data = ready("tiaoqi.reach", data)
    verdict, _ = tick_all(kind, data, [h(-3, 3, 0)])
    assert verdict.status == WRONG and "一步和跳不能" in zh(verdict.message)


def test_a_piece_in_its_target_may_not_leave_it_unless_the_lock_is_off():
    # C12: the red piece on the north camp's base may not step back into the middle.
    data = {"red": ["b14"], "green": [], "piece": "b14"}
    kind, ready_data = ready("tiaoqi.reach", data)
    locked = sorted(hole_name(x) for x in reach(engine(data), _hole("b14")))
    assert locked and all(int(name[1:]) >= 14 for name in locked)
    verdict, _ = tick_all(kind, ready_data, ["f13"])
    assert "只能在阵地里走" in zh(verdict.message)
    free = {**data, "rules": {"target_lock": False}}
    kind, free_data = ready("tiaoqi.reach", free)
    assert "f13" in kind.truth(free_data)


def test_ticking_the_piece_itself_changes_nothing():
    kind, data = ready("tiaoqi.reach", {**C3, "piece": CENTRE})
    state = kind.start(data)
    verdict, after = kind.check(data, state, CENTRE)
    assert verdict.status == ILLEGAL and after == state


def test_reach_draws_a_toggle_per_hole_and_marks_the_answer_when_judged():
    kind, data = ready("tiaoqi.reach", {**C3, "piece": CENTRE})
    page = kind.board(data, kind.start(data))
    assert 'aria-pressed="false"' in page and f'value="{CENTRE}"' not in page
    verdict, state = tick_all(kind, data, [h(2, -2, 0)])
    page = kind.board(data, {**state, "answer_shown": True}, verdict=verdict)
    assert page.count("mark-cross") == 6 and page.count("mark-good") == 1


# --- one move --------------------------------------------------------------------------


def test_a_chain_of_two_jumps_is_one_move_and_meets_the_jump_goal():
    kind, data = ready("tiaoqi.move", {**C6, "goal": "jump", "jumps": 2})
    verdict, state = kind.check(data, kind.start(data), FromTo(CENTRE, h(4, -2, -2)))
    assert verdict.status == CORRECT  # C6: the chain turns at (2, -2, 0)
    assert state["path"] == f"{CENTRE}-{h(2, -2, 0)}-{h(4, -2, -2)}"
    verdict, _ = kind.check(data, kind.start(data), FromTo(CENTRE, h(2, -2, 0)))
    assert verdict.status == WRONG and "1 jump" in en(verdict.message)
    assert h(4, -4, 0) in en(verdict.answer) and h(4, -2, -2) in en(verdict.answer)


def test_picking_records_nothing_and_only_the_learners_pieces_can_be_picked():
    kind, data = ready("tiaoqi.move", {**C3, "goal": "step"})
    state = kind.start(data)
    verdict, after = kind.check(data, state, Pick(CENTRE))
    assert verdict.status == PICKED and verdict.picked == CENTRE and after == state
    verdict, after = kind.check(data, state, Pick(h(1, -1, 0)))
    assert verdict.status == ILLEGAL and "对方" in zh(verdict.message) and after == state


def test_an_illegal_move_is_refused_with_the_engines_reason():
    kind, data = ready("tiaoqi.move", {**C3, "goal": "jump"})
    state = kind.start(data)
    verdict, after = kind.check(data, state, FromTo(CENTRE, h(1, -1, 0)))
    assert verdict.status == ILLEGAL and "已经有棋子" in zh(verdict.message) and after == state
    verdict, _ = kind.check(data, state, FromTo(CENTRE, h(0, -3, 3)))
    assert verdict.status == ILLEGAL and "走不到" in zh(verdict.message)


def test_moves_are_typed_as_two_holes():
    kind, data = ready("tiaoqi.move", {**C3, "goal": "jump"})
    assert kind.parse_answer(data, {}, {"move": f"{CENTRE}-{h(2, -2, 0)}"}) == FromTo(
        CENTRE, h(2, -2, 0)
    )
    assert kind.parse_answer(data, {}, {"move": "E9 G9"}) == FromTo("e9", "g9")
    for bad in ("z99-e9", "e9", "<script>", ""):
        with pytest.raises(BadAnswer):
            kind.parse_answer(data, {}, {"move": bad})


def test_a_goal_no_move_meets_is_refused_when_the_puzzle_is_saved():
    with pytest.raises(InvalidPuzzle, match="no legal move"):
        get_kind("tiaoqi.move").prepare({"red": [CENTRE], "goal": "jump"})
    with pytest.raises(InvalidPuzzle, match="not a hole"):
        get_kind("tiaoqi.move").prepare({"red": ["z1"], "goal": "step"})
    with pytest.raises(InvalidPuzzle, match="both red and green"):
        get_kind("tiaoqi.move").prepare({"red": ["e9"], "green": ["e9"], "goal": "step"})


# --- the farthest move -----------------------------------------------------------------


LADDER = {"red": ["e5", "e6", "e8", "f10"], "green": ["e10", "d12"]}


def test_every_move_that_goes_as_far_as_the_best_is_right():
    kind, data = ready("tiaoqi.longest", LADDER)
    board = engine(LADDER)
    gained = {m: m.start[2] - m.end[2] for m in moves(board)}
    best = max(gained.values())
    right = [m for m, g in gained.items() if g == best]
    assert len(right) >= 2
    for move in right:
        verdict, _ = kind.check(
            data, kind.start(data), FromTo(*map(hole_name, (move.start, move.end)))
        )
        assert verdict.status == CORRECT
    worse = next(m for m, g in gained.items() if 0 < g < best)
    verdict, _ = kind.check(
        data, kind.start(data), FromTo(hole_name(worse.start), hole_name(worse.end))
    )
    assert verdict.status == WRONG and f"{best} rows forward" in en(verdict.answer)


def test_the_longest_chain_counts_jumps_not_rows():
    kind, data = ready("tiaoqi.longest", {**C6, "measure": "jumps"})
    verdict, _ = kind.check(data, kind.start(data), FromTo(CENTRE, h(4, -2, -2)))
    assert verdict.status == CORRECT  # two jumps, like (4, -4, 0): both are right
    verdict, _ = kind.check(data, kind.start(data), FromTo(CENTRE, h(2, -2, 0)))
    assert verdict.status == WRONG


def test_a_position_with_nothing_to_find_is_refused():
    with pytest.raises(InvalidPuzzle, match="every move goes as far|no move goes forward"):
        get_kind("tiaoqi.longest").prepare({"red": [CENTRE], "measure": "jumps"})


# --- fewest moves home -----------------------------------------------------------------


def test_every_fastest_first_move_is_accepted_and_the_line_ends_in_the_target():
    kind, data = ready("tiaoqi.fewest", ENDGAME)
    found = fewest(engine(ENDGAME))
    assert data["prepared"]["moves"] == found.moves == 2
    firsts = {f"{hole_name(m.start)}-{hole_name(m.end)}" for m in found.first}
    for text_move in firsts:
        start, end = text_move.split("-")
        verdict, state = kind.check(data, kind.start(data), FromTo(start, end))
        assert verdict.status == CONTINUE and "还剩 1 步" in zh(verdict.message)
        board = kind.current(data, state)
        (last,) = list(fewest(board).first)[:1]
        verdict, state = kind.check(data, state, FromTo(hole_name(last.start), hole_name(last.end)))
        assert verdict.status == CORRECT and len(state["moves"]) == 2


def test_a_move_off_every_fastest_line_is_refuted_with_the_moves_that_keep_to_it():
    kind, data = ready("tiaoqi.fewest", ENDGAME)
    board = engine(ENDGAME)
    slow = next(m for m in moves(board) if m not in fewest(board).first and m.start == _hole("f12"))
    verdict, state = kind.check(
        data, kind.start(data), FromTo(hole_name(slow.start), hole_name(slow.end))
    )
    assert verdict.status == WRONG and state["moves"] == []
    assert "1 move left" in en(verdict.message)
    assert kind.solution(data)[0] in en(verdict.answer).replace("-", "-")


def test_fewest_puzzles_are_checked_when_saved():
    kind = get_kind("tiaoqi.fewest")
    with pytest.raises(InvalidPuzzle, match="fewest is 2"):
        kind.prepare({**ENDGAME, "moves": 3})
    blocked = {"red": ["f12", "e13", *HOME[1:]], "green": [HOME[0]]}  # green in red's target
    with pytest.raises(InvalidPuzzle, match="never all get home"):
        kind.prepare(blocked)
    with pytest.raises(InvalidPuzzle, match="home already"):
        kind.prepare({"red": ["a14", *HOME]})


# --- legal or not, who wins, the camps -------------------------------------------------


def test_legal_or_not_gives_the_route_or_the_rule():
    kind, data = ready("tiaoqi.legal", {**C3, "move": f"{CENTRE}-{h(4, -4, 0)}"})
    verdict, _ = kind.check(data, {}, "legal")
    assert verdict.status == CORRECT and "2 jumps" in en(verdict.message)
    kind, data = ready("tiaoqi.legal", {"red": [CENTRE], "green": [h(2, -2, 0)],
                                        "move": f"{CENTRE}-{h(4, -4, 0)}"})  # fmt: skip
    verdict, _ = kind.check(data, {}, "legal")
    assert verdict.status == WRONG and "隔空跳" in zh(verdict.message)
    own = {"red": [CENTRE, h(1, -1, 0)], "move": f"{CENTRE}-{h(2, -2, 0)}"}  # C8
    kind, data = ready("tiaoqi.legal", own)
    assert kind.check(data, {}, "legal")[0].status == CORRECT


@pytest.mark.parametrize(
    ("data", "truth", "words"),
    [
        ({"first": "red", "red": 31, "green": 31}, "draw", "和棋"),  # C10
        ({"first": "red", "red": 31, "green": 32}, "red", "红方胜"),  # C11
        ({"first": "green", "red": 30, "green": 31}, "red", "后走"),
        # Green would finish first, but keeps a piece at home past its move 30 (消极).
        ({"first": "red", "red": 35, "green": 33, "home": {"green": 31}}, "red", "消极"),
    ],
)
def test_the_race_is_ruled_by_the_finishing_procedure(data, truth, words):
    kind, data = ready("tiaoqi.result", data)
    verdict, _ = kind.check(data, {}, truth)
    assert verdict.status == CORRECT and words in zh(verdict.message)
    other = next(x for x in ("red", "green", "draw") if x != truth)
    assert kind.check(data, {}, other)[0].status == WRONG


def test_a_race_that_cannot_happen_is_refused():
    with pytest.raises(InvalidPuzzle, match="still at home"):
        get_kind("tiaoqi.result").prepare({"first": "red", "red": 30, "home": {"red": 31}})


def test_a_camp_is_found_by_any_of_its_holes():
    kind, data = ready("tiaoqi.camp", {"ask": "target"})
    assert kind.check(data, {}, "a17")[0].status == CORRECT
    assert kind.check(data, {}, "c14")[0].status == CORRECT
    verdict, _ = kind.check(data, {}, "e9")
    assert verdict.status == WRONG and "六边形" in zh(verdict.message)
    kind, data = ready("tiaoqi.camp", {"ask": "home", "players": 3, "color": "yellow"})
    assert kind.check(data, {}, "m13")[0].status == CORRECT  # the north-east camp
    with pytest.raises(InvalidPuzzle, match="nobody plays"):
        get_kind("tiaoqi.camp").prepare({"ask": "home", "color": "yellow"})


# --- the board -------------------------------------------------------------------------


def test_the_whole_star_has_121_named_holes_and_two_players_need_only_81():
    full = draw_static_board("tiaoqi.board", {"players": 6})
    assert full.count('role="img"') == 121 and 'aria-label="e9"' in full
    assert full.count("stone-purple") == 10
    two = draw_static_board("tiaoqi.board", {"players": 2, "view": "two"})
    assert two.count('role="img"') == 81  # the middle and the two players' camps
    assert 'aria-label="a1 红子"' in two


def test_a_picture_with_bad_data_is_refused():
    for data in ({"red": ["q1"]}, {"marks": {"e9": "shiny"}}, {"chains": ["e9"]},
                 {"red": ["e9"], "green": ["e9"]}, {"players": 5}):  # fmt: skip
        with pytest.raises(InvalidPuzzle):
            check_static_board("tiaoqi.board", data, "tiaoqi")


def test_a_phone_sees_the_two_player_view_unless_a_side_camp_matters():
    kind, data = ready("tiaoqi.reach", {**C3, "piece": CENTRE})
    # 80 holes to tick (not the piece itself) and Done
    assert kind.board(data, kind.start(data)).count("<button") == 80 + 1
    kind, data = ready("tiaoqi.reach", {"red": ["e5"], "piece": "e5"})  # reaches d5
    assert "d5" in kind.truth(data) and 'value="a5"' in kind.board(data, kind.start(data))


# --- the form without JavaScript -------------------------------------------------------


@pytest.mark.django_db
def test_a_three_jump_chain_played_by_two_clicks_without_javascript(client):
    make_puzzle("tq-chain", game="tiaoqi", kind="tiaoqi.move",
                data={**LADDER, "goal": "jump", "jumps": 3})  # fmt: skip
    url = "/puzzles/tq-chain/"
    page = client.get(url).content.decode()
    assert 'name="select" value="e5"' in page and 'name="select" value="e10"' not in page
    page = client.post(url, {"select": "e5", "ply": "0"}).content.decode()
    assert 'name="move" value="e5e11"' in page  # the chain's end posts the whole move
    response = client.post(url, {"move": "e5e11", "ply": "0"})
    assert "e5-e7-e9-e11" in text(response) and "对" in text(response)


@pytest.mark.django_db
def test_a_malformed_or_tampered_answer_is_a_400_and_keeps_the_attempt(client):
    make_puzzle("tq-bad", game="tiaoqi", kind="tiaoqi.fewest", data=ENDGAME)
    url = "/puzzles/tq-bad/"
    for post in ({"move": "<script>", "ply": "0"}, {"select": "q99", "ply": "0"}):
        assert client.post(url, post).status_code == 400
    board = engine(ENDGAME)
    first = fewest(board).first[0]
    response = client.post(url, {"move": f"{hole_name(first.start)}{hole_name(first.end)}",
                                 "ply": "0"})  # fmt: skip
    assert response.status_code == 200 and "还剩 1 步" in text(response)
    assert re.search(r'name="ply" value="1"', response.content.decode())


# Red already has a piece in its target (a16); only f10 can get in, over f11 and f13.
INTO_CAMP = {
    "red": ["c3", "a4", "g7", "h7", "i7", "d8", "c9", "f10", "f11", "a16"],
    "green": ["b2", "c4", "f6", "g6", "i6", "e9", "e10", "f13", "d14", "a15"],
    "goal": "target",
}


def test_moving_inside_the_target_is_not_moving_into_it():
    kind, data = ready("tiaoqi.move", INTO_CAMP)
    assert [f"{hole_name(m.start)}-{hole_name(m.end)}" for m in kind.answers(data)] == ["f10-a14"]
    inside, _state = kind.check(data, {}, FromTo("a16", "a14"))
    assert inside.status == WRONG
    into, _state = kind.check(data, {}, FromTo("f10", "a14"))
    assert into.status == CORRECT


def test_a_misspelt_key_is_refused_rather_than_ignored():
    with pytest.raises(InvalidPuzzle, match="unknown data: pice"):
        get_kind("tiaoqi.move").prepare({**C3, "goal": "jump", "pice": CENTRE})
    with pytest.raises(InvalidPuzzle, match="unknown data: view"):
        get_kind("tiaoqi.camp").prepare({"ask": "home", "view": "two"})
