"""四国军棋's puzzle kinds as a learner meets them: every answer judged by
``engines.junqi``, the spec's vectors through the kinds, a capture line played to the
end, a set-up put right swap by swap (its prompt the same whether it is legal or
not), a point of a kind in a named army, and the from-to form without JavaScript."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from engines.junqi import BOARD, fight, name, point, random_setup, setup_faults
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

# J12: South's engineer boxed in, a general on the front left, a major general on S34.
J12 = {
    "south": {"S12": "engineer", "S50": "general", "S34": "major-general", "S22": "brigadier"},
    "east": {"S52": "lieutenant", "C9": "captain"},
}
# An engineer that digs the mine on N11 and then walks into the headquarters.
DIG = {"south": {"S10": "engineer"}, "east": {"N11": "mine", "N01": "flag"}, "target": "N01"}
# A legal army, and the same with a mine on S22 (row 2) and a bomb on S51 (front row).
LEGAL = {
    "S00": "mine", "S01": "flag", "S02": "mine", "S03": "captain", "S04": "lieutenant",
    "S10": "mine", "S11": "engineer", "S12": "brigadier", "S13": "engineer", "S14": "major",
    "S20": "captain", "S22": "bomb", "S24": "colonel", "S30": "major-general",
    "S31": "lieutenant", "S33": "bomb", "S34": "general", "S40": "captain", "S42": "marshal",
    "S44": "major-general", "S50": "colonel", "S51": "lieutenant", "S52": "brigadier",
    "S53": "engineer", "S54": "major",
}  # fmt: skip
TWO_FAULTS = {**LEGAL, "S10": "bomb", "S22": "mine", "S33": "lieutenant", "S51": "bomb"}


@pytest.fixture(autouse=True)
def chinese():
    with translation.override("zh-hans"):
        yield


def ready(kind: str, data: dict) -> tuple:
    found = get_kind(kind)
    return found, with_prepared(data, found.prepare(data))


def en(words) -> str:
    return words["en"] if isinstance(words, dict) else str(words)


def clicks(kind, data, points) -> tuple:
    """Tick each point, then Done: the last verdict and state."""
    state = kind.start(data)
    for p in points:
        verdict, state = kind.check(data, state, p)
        assert verdict.status == MARKED
    return kind.check(data, state, "done")


# --- reach -----------------------------------------------------------------------------


def test_reach_j5_a_run_stops_at_the_enemy_it_attacks():
    data = {"south": {"S30": "major-general"}, "east": {"S50": "lieutenant"}, "piece": "S30"}
    kind, data = ready("junqi.reach", data)
    truth = ["S10", "S20", "S21", "S31", "S40", "S41", "S50"]
    verdict, state = clicks(kind, data, truth)
    assert verdict.status == CORRECT and "All 7 found" in en(verdict.message)


def test_reach_wrong_ticks_are_explained_by_the_rule_that_forbids_them():
    data = {"south": {"S10": "marshal", "S11": "captain"}, "north": {"C7": "flag"},
            "piece": "S10"}  # fmt: skip
    kind, data = ready("junqi.reach", data)
    # S12: own piece on S11 in the way; S01: headquarters are not a step away from S10 ...
    verdict, _state = clicks(kind, data, ["S20", "S12", "C4", "S44"])
    message = en(verdict.message)
    assert verdict.status == WRONG
    assert "S12: A piece stands in the way" in message  # blocked by its own captain
    assert "C4: A piece stands in the way" in message  # the ally's flag on C7
    assert "S44: On the railway a piece goes straight" in message  # a right angle at S40
    assert "S21" in en(verdict.answer)  # the camp diagonal it missed


def test_reach_the_engineer_turns_and_a_piece_in_a_headquarters_never_moves():
    kind, data = ready("junqi.reach", {"south": {"S10": "engineer"}, "piece": "S10"})
    rail = sorted(name(p) for p in BOARD.of_kind("rail") if name(p) != "S10")
    verdict, _state = clicks(kind, data, [*rail, "S00", "S21"])
    assert verdict.status == CORRECT and "74" in en(verdict.message)
    kind, data = ready("junqi.reach", {"south": {"S01": "marshal"}, "piece": "S01"})
    verdict, _state = kind.check(data, kind.start(data), "done")
    assert verdict.status == CORRECT and "cannot move at all" in en(verdict.message)


def test_reach_in_a_camp_is_safe_j8():
    data = {"south": {"S40": "colonel"}, "east": {"S41": "brigadier"}, "piece": "S40"}
    kind, data = ready("junqi.reach", data)
    state = kind.start(data)
    _v, state = kind.check(data, state, "S41")
    verdict, _state = kind.check(data, state, "done")
    assert verdict.status == WRONG and "S41: A camp is a safe island" in en(verdict.message)


# --- who -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "truth"),
    [("C1", ["S50"]), ("C9", ["S34"]), ("N52", []), ("W14", ["S50"])],
)
def test_who_j12(target, truth):
    kind, data = ready("junqi.who", {**J12, "target": target})
    verdict, _state = clicks(kind, data, truth)
    assert verdict.status == CORRECT
    if truth:
        verdict, _state = clicks(kind, data, [*truth, "S12"])
        assert verdict.status == WRONG
        assert "S12" in en(verdict.message)


def test_who_refuses_a_tick_on_someone_elses_piece():
    kind, data = ready("junqi.who", {**J12, "target": "C1"})
    verdict, _state = kind.check(data, kind.start(data), "S52")
    assert verdict.status == ILLEGAL


# --- move ------------------------------------------------------------------------------


# The engineer on S12 goes to S52 round two corners (S10 and S50): its own piece on S13
# shuts the other way.
CORNERS = {"south": {"S12": "engineer", "S13": "captain"}, "piece": "S12", "to": "S52"}
ROUTE = "S12-S11-S10-S20-S30-S40-S50-S51-S52"


def test_move_the_engineer_round_two_corners():
    kind, data = ready("junqi.move", CORNERS)
    verdict, _state = kind.check(data, kind.start(data), Pick("S12"))
    assert verdict.status == PICKED
    verdict, state = kind.check(data, kind.start(data), FromTo("S12", "S52"))
    assert verdict.status == CORRECT and ROUTE in en(verdict.message)
    verdict, _state = kind.check(data, kind.start(data), FromTo("S12", "S11"))
    assert verdict.status == WRONG and "S12-S52" in en(verdict.answer)
    verdict, _state = kind.check(data, kind.start(data), Pick("S13"))
    assert verdict.status == ILLEGAL  # only the engineer moves here


def test_move_refuses_other_pieces_and_illegal_moves():
    data = {"south": {"S30": "colonel", "S01": "flag"}, "east": {"S50": "bomb"},
            "piece": "S30", "to": "S50"}  # fmt: skip
    kind, data = ready("junqi.move", data)
    verdict, _state = kind.check(data, kind.start(data), Pick("S01"))
    assert verdict.status == ILLEGAL and "flag never moves" in en(verdict.message)
    verdict, _state = kind.check(data, kind.start(data), FromTo("S30", "S44"))
    assert verdict.status == ILLEGAL and "right angle" in en(verdict.message)
    verdict, _state = kind.check(data, kind.start(data), FromTo("S30", "S50"))
    assert verdict.status == CORRECT and "both are removed" in en(verdict.message)


# --- fight -----------------------------------------------------------------------------

J13 = [
    ("marshal", "general", "attacker"),
    ("lieutenant", "lieutenant", "both"),
    ("engineer", "mine", "attacker"),
    ("marshal", "mine", "defender"),
    ("bomb", "marshal", "both"),
    ("bomb", "mine", "both"),
    ("engineer", "flag", "flag"),
    ("marshal", "bomb", "both"),
]


@pytest.mark.parametrize(("attacker", "defender", "result"), J13)
def test_fight_j13(attacker, defender, result):
    kind, data = ready("junqi.fight", {"attacker": attacker, "defender": defender})
    assert fight(attacker, defender) == result
    verdict, _state = kind.check(data, {}, result)
    assert verdict.status == CORRECT
    wrong = next(c for c in kind.choices(data) if c != result)
    assert kind.check(data, {}, wrong)[0].status == WRONG
    page = kind.board(data, {})
    assert page.count('name="answer"') == len(kind.choices(data))


def test_fight_reads_chinese_ranks_and_refuses_what_never_attacks():
    kind, data = ready("junqi.fight", {"attacker": "工兵", "defender": "地雷"})
    assert kind.check(data, {}, "attacker")[0].status == CORRECT
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.fight").validate({"attacker": "mine", "defender": "engineer"})
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.fight").validate(
            {"attacker": "bomb", "defender": "flag", "rules": {"bomb_takes_flag": False}}
        )
    with pytest.raises(BadAnswer):
        kind.parse_answer(data, {}, {"answer": "flag"})  # not a choice for a mine


# --- setup -----------------------------------------------------------------------------


def test_setup_a_legal_army_is_legal():
    kind, data = ready("junqi.setup", {"pieces": LEGAL})
    assert kind.check(data, {}, "legal")[0].status == CORRECT
    verdict, _state = kind.check(data, {}, "illegal")
    assert verdict.status == WRONG and "It is legal" in en(verdict.message)


def test_setup_put_right_swap_by_swap():
    kind, data = ready("junqi.setup", {"pieces": TWO_FAULTS})
    verdict, state = kind.check(data, {}, "illegal")
    assert verdict.status == CONTINUE
    assert "S22" in en(verdict.message) and "S51" in en(verdict.message)
    # two mines swapped put nothing right; the mine moved to row 3 is as wrong as before
    verdict, _after = kind.check(data, state, FromTo("S00", "S02"))
    assert verdict.status == WRONG and "puts nothing right" in en(verdict.message)
    verdict, _after = kind.check(data, state, FromTo("S22", "S33"))
    assert verdict.status == WRONG and "breaks a rule" in en(verdict.message)
    assert "S33" in en(verdict.message)
    verdict, state = kind.check(data, state, FromTo("S22", "S12"))
    assert verdict.status == CONTINUE and "S51" in en(verdict.message)
    verdict, state = kind.check(data, state, FromTo("S51", "S33"))
    assert verdict.status == CORRECT and state["swaps"] == ["S22-S12", "S51-S33"]
    assert 'name="select"' not in kind.board(data, state)  # nothing left to click


def test_setup_asks_first_and_refuses_a_wrong_count_fix():
    kind, data = ready("junqi.setup", {"pieces": TWO_FAULTS})
    verdict, _state = kind.check(data, {}, FromTo("S22", "S12"))
    assert verdict.status == ILLEGAL
    short = dict(LEGAL)
    del short["S54"]
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.setup").validate({"pieces": short})
    kind, data = ready("junqi.setup", {"pieces": short, "fix": False})
    verdict, _state = kind.check(data, {}, "illegal")
    assert verdict.status == CORRECT and "25" in en(verdict.message)


# --- capture ---------------------------------------------------------------------------


def test_capture_dig_the_mine_then_take_the_flag():
    kind, data = ready("junqi.capture", DIG)
    assert kind.count(data) == 2 and kind.solution(data) == ["S10-N11", "N11-N01"]
    verdict, state = kind.check(data, kind.start(data), FromTo("S10", "N11"))
    assert verdict.status == CONTINUE and "dig up" not in en(verdict.message)
    assert "Engineer attacks Landmine" in en(verdict.message)
    verdict, state = kind.check(data, state, FromTo("N11", "N01"))
    assert verdict.status == CORRECT


def test_capture_a_move_off_every_fastest_line_is_refuted():
    kind, data = ready("junqi.capture", DIG)
    verdict, state = kind.check(data, kind.start(data), FromTo("S10", "N10"))
    assert verdict.status == WRONG and "S10-N11" in en(verdict.answer)
    assert state["moves"] == []


def test_capture_refuses_a_wrong_count_and_a_friendly_target():
    with pytest.raises(InvalidPuzzle, match="fewest is 2"):
        get_kind("junqi.capture").prepare({**DIG, "moves": 3})
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.capture").validate({**DIG, "north": {"N02": "flag"}, "target": "N02"})
    with pytest.raises(InvalidPuzzle, match="unknown data"):
        get_kind("junqi.capture").validate({**DIG, "peice": "S10"})


# --- point and pictures ----------------------------------------------------------------


def test_point_a_camp():
    kind, data = ready("junqi.point", {"ask": "camp"})
    assert kind.check(data, {}, "S32")[0].status == CORRECT
    verdict, _state = kind.check(data, {}, "S01")
    assert verdict.status == WRONG and "headquarters" in en(verdict.message)


def test_the_board_picture_draws_every_point_and_names_pieces():
    data = {"south": {"S10": "engineer"}, "east": {"C9": "?"}, "view": "full"}
    check_static_board("junqi.board", data, "junqi")
    html = draw_static_board("junqi.board", data)
    labels = set(re.findall(r'aria-label="([A-Z]\d+)[" ，]', html))
    assert labels == {name(p) for p in BOARD.points}
    # A screen reader hears which points are camps and headquarters.
    assert 'aria-label="S21，行营"' in html and 'aria-label="N01，司令部"' in html
    with translation.override("en"):
        html = draw_static_board("junqi.board", data)
    assert "South&#x27;s Engineer" in html
    assert "hidden piece" in html
    with pytest.raises(InvalidPuzzle):
        check_static_board("junqi.board", {"south": {"X99": "engineer"}}, "junqi")


def test_the_board_shows_only_the_areas_a_puzzle_uses():
    kind, data = ready("junqi.reach", {"south": {"S52": "general"}, "piece": "S52"})
    page = kind.board(data, kind.start(data))
    assert "N52" in page and "W52" not in page and "E52" not in page


# --- the form without JavaScript -------------------------------------------------------


@pytest.mark.django_db
def test_an_engineer_round_two_corners_by_two_clicks_without_javascript(client):
    make_puzzle("jq-corner", game="junqi", kind="junqi.move", data=CORNERS)
    url = "/puzzles/jq-corner/"
    page = client.get(url).content.decode()
    assert 'name="select" value="S12"' in page and 'name="select" value="S13"' not in page
    page = client.post(url, {"select": "S12", "ply": "0"}).content.decode()
    assert 'name="move" value="S12S52"' in page and 'name="move" value="S12S13"' not in page
    response = client.post(url, {"move": "S12S52", "ply": "0"})
    assert ROUTE in text(response) and "对" in text(response)


@pytest.mark.django_db
def test_a_malformed_or_tampered_answer_is_a_400_and_keeps_the_attempt(client):
    make_puzzle("jq-bad", game="junqi", kind="junqi.capture", data=DIG)
    url = "/puzzles/jq-bad/"
    for post in ({"move": "<script>", "ply": "0"}, {"select": "Q99", "ply": "0"},
                 {"move": "S10", "ply": "0"}):  # fmt: skip
        assert client.post(url, post).status_code == 400
    response = client.post(url, {"move": "S10N11", "ply": "0"})
    assert response.status_code == 200 and "还剩 1 步" in text(response)
    assert re.search(r'name="ply" value="1"', response.content.decode())


def test_every_point_name_reads_back():
    for p in BOARD.points:
        assert point(name(p)) == p


def test_english_boards_carry_a_key_to_the_characters_on_their_pieces():
    kind, data = ready("junqi.capture", DIG)
    assert "board-key" not in kind.board(data, kind.start(data))  # 中文: no key needed
    with translation.override("en"):
        page = kind.board(data, kind.start(data))
    key = re.search(r'<p class="board-key">(.*?)</p>', page).group(1)
    assert re.sub(r"<[^>]+>", "", key) == "工 Engineer · 雷 Landmine · 旗 Flag"


# --- the set-up prompt gives nothing away ----------------------------------------------

SETUP = get_kind("junqi.setup")


def legal_pieces(seed: int = 1) -> dict[str, str]:
    return {name(p): rank for p, rank in random_setup("S", random.Random(seed)).items()}


def with_flag_outside(pieces: dict[str, str]) -> dict[str, str]:
    """The same set-up with the flag swapped onto S02 (a back-row road point)."""
    flag = next(p for p, rank in pieces.items() if rank == "flag")
    moved = dict(pieces)
    moved[flag], moved["S02"] = moved["S02"], moved[flag]
    return moved


def test_the_prompt_is_the_same_for_a_legal_and_an_illegal_set_up():
    legal = legal_pieces()
    illegal = with_flag_outside(legal)
    assert setup_faults("S", SETUP.placement({"pieces": illegal}))
    assert not setup_faults("S", SETUP.placement({"pieces": legal}))
    assert SETUP.prompt({"pieces": legal}) == SETUP.prompt({"pieces": illegal})


def test_saying_not_legal_tells_how_to_swap_and_a_swap_puts_it_right():
    legal = legal_pieces()
    data = {"pieces": with_flag_outside(legal)}
    verdict, state = SETUP.check(data, SETUP.start(data), "illegal")
    assert verdict.status == CONTINUE
    assert "click a piece, then the piece to swap it with" in verdict.message["en"]
    assert "先点一个子，再点要和它换位的子" in verdict.message["zh"]
    headquarters = next(p for p in ("S01", "S03") if legal[p] != "flag")
    verdict, state = SETUP.check(data, state, FromTo("S02", headquarters))
    assert verdict.status == CORRECT


# --- a point of a kind in a named army ----------------------------------------------------


def judge(data: dict, clicked: str):
    kind = get_kind("junqi.point")
    kind.validate(data)
    state = kind.start(data)
    verdict, state = kind.check(data, state, kind.parse_answer(data, state, {"move": clicked}))
    return verdict, kind.board(data, state, verdict=verdict, interactive=False)


def test_a_point_of_the_kind_in_the_army_named_is_right():
    verdict, board = judge({"ask": "hq", "area": "north"}, "N03")
    assert verdict.status == CORRECT
    assert "N03" in board and "N01" in board  # North's area is drawn


def test_the_same_kind_in_another_army_is_wrong_and_says_whose_it_is():
    verdict, _board = judge({"ask": "hq", "area": "north"}, "S01")
    assert verdict.status == WRONG
    assert "South's area" in verdict.message["en"]
    assert "南家" in verdict.message["zh"]
    verdict, _board = judge({"ask": "rail", "area": "east"}, "C5")
    assert verdict.status == WRONG
    assert "centre" in verdict.message["en"]


def test_without_an_area_any_point_of_the_kind_is_right():
    verdict, _board = judge({"ask": "camp"}, "E32")
    assert verdict.status == CORRECT
    verdict, _board = judge({"ask": "camp"}, "S22")
    assert verdict.status == WRONG


def test_the_prompt_names_the_army():
    prompt = get_kind("junqi.point").prompt({"ask": "camp", "area": "west"})
    assert "西家" in prompt["zh"] and "West's area" in prompt["en"]


@pytest.mark.parametrize("area", ["centre", "S", 3])
def test_an_unknown_army_is_refused(area):
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.point").validate({"ask": "camp", "area": area})
