"""Renju VCF, trap and defend answers judged from what ``prepare`` stored.

Every empty point as an answer gets the verdict the engine gives by fresh searches
(what the kinds did on every request before they prepared), the slow answers of
old now cost no search beyond a request's small budget, and what a wrong answer
shows is always true.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from engines.renju import BLACK, EMPTY, Board, opponent, parse_point, point_name
from engines.renju.solver import defences, four_reply, placed, vcf, verify_line
from puzzles.games.renju import kinds
from puzzles.games.renju.kinds import REQUEST_NODES, VCF_NODES, position
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    WRONG,
    Budget,
    InvalidPuzzle,
    get_kind,
    with_prepared,
)
from tests.engines.renju.shipped import data as shipped

FOUR_THREE = {"black": "h8 i8 j8 k9 k10", "white": "g8 h10 i11 m3 c12"}


@cache
def prepared(kind: str, slug: str) -> dict:
    """The shipped puzzle's data as its kind is handed it after a save."""
    data = shipped(slug)
    return with_prepared(data, get_kind(kind).prepare(data))


# ---------------------------------------------------------------------------
# The verdicts fresh searches give (the kinds' old way, on every request)


def fresh_fours_status(board: Board, attacker: int, point: int) -> str:
    """The kinds' old verdict: a four is right if a fresh VCF search wins after it."""
    defender = opponent(attacker)
    if board[point] != EMPTY:
        return ILLEGAL
    if board.makes_five(point, attacker):
        return CORRECT
    if attacker == BLACK and board.is_forbidden(point):
        return WRONG
    threats = board.five_points(defender)
    if (threats and point not in threats) or not board.fours_made(point, attacker):
        return WRONG
    how, block = four_reply(board, attacker, point)
    if how:
        return CONTINUE if how == "double" else CORRECT
    with placed(board, ((point, attacker), (block, defender))):
        after = vcf(board, attacker=attacker, max_nodes=VCF_NODES)
    return CONTINUE if after.win or not after.proven else WRONG


def assert_judged(kind, data, state, point: int, verdict) -> None:
    """In a stored position the verdict is the fresh search's; beyond the stored
    ones (the attempt carries a line) it may say less, never something false."""
    board = kind.current(data, state)
    attacker = position(data).to_move
    fresh = fresh_fours_status(board, attacker, point)
    where = (state.get("moves"), point_name(point))
    says_less = "within the site's limits" in verdict.message["en"]
    if kind.node(data, state) is not None:
        assert verdict.status == fresh and not says_less, where
    elif not says_less:  # every claim made is the fresh search's
        assert verdict.status == fresh, where
    else:
        assert verdict.status == WRONG and verdict.refutation, where


def fresh_defend_status(board: Board, point: int, found) -> str:
    me = board.to_move
    if board[point] != EMPTY:
        return ILLEGAL
    if board.makes_five(point, me):
        return CORRECT
    if me == BLACK and board.is_forbidden(point):
        return WRONG
    if point in found.stops:
        return CORRECT
    if point not in found.counters:
        return WRONG
    how, block = four_reply(board, me, point)
    if how:
        return CORRECT
    with placed(board, ((point, me), (block, opponent(me)))):
        later = defences(board, max_nodes=VCF_NODES)
    if not later.threat.win and later.threat.proven:
        return CORRECT
    return CONTINUE if later.stops else WRONG


def moves_of(state) -> list[int]:
    return [parse_point(text.split()[1]) for text in state.get("shown") or []]


def assert_quiet_refutation_is_true(board: Board, attacker: int, answer: int, verdict, state):
    """A quiet move's refutation, if one is shown, is the defender's own VCF or a
    point after which the attacker has none: proven afresh."""
    shown = moves_of(state)
    if not shown:
        assert "need not answer it" in verdict.message["en"]
        return
    defender = opponent(attacker)
    with placed(board, ((answer, attacker),)):
        if "fours of its own" in verdict.message["en"]:
            own = vcf(board, attacker=defender, all_first_moves=True, max_nodes=10**6)
            assert shown[0] in own.first_moves
        else:
            assert "free to defend at" in verdict.message["en"]
            with placed(board, ((shown[0], defender),)):
                after = vcf(board, attacker=attacker, max_nodes=10**6)
            assert after.proven and not after.win


FOURS = [
    ("renju.vcf", "renju-gen-vcf-031"),
    ("renju.vcf", "renju-gen-vcf-032"),
    ("renju.vcf", "renju-gen-vcf-038"),
    ("renju.vcf", "renju-teach-034"),
    ("renju.trap", "renju-gen-trap-037"),
    ("renju.trap", "renju-teach-048"),
]


@pytest.mark.parametrize("kind_name,slug", FOURS, ids=[slug for _k, slug in FOURS])
def test_every_first_answer_to_a_vcf_gets_the_fresh_searchs_verdict(kind_name, slug):
    kind, data = get_kind(kind_name), prepared(kind_name, slug)
    board = position(data)
    attacker = board.to_move
    threats = board.five_points(opponent(attacker))
    seen = set()
    for point in range(15 * 15):
        verdict, state = kind.check(data, kind.start(data), point)
        assert verdict.status == fresh_fours_status(board, attacker, point), point_name(point)
        seen.add(verdict.status)
        if verdict.status == CONTINUE:
            block = four_reply(board, attacker, point)[1]
            assert verdict.reply.split()[1] == point_name(block)
        elif verdict.status != WRONG:
            continue
        elif board.fours_made(point, attacker) or (threats and point not in threats):
            assert len(moves_of(state)) == 1  # the block, or the defender's five
        elif not (attacker == BLACK and board.is_forbidden(point)):
            assert_quiet_refutation_is_true(board, attacker, point, verdict, state)
    assert {CONTINUE, WRONG, ILLEGAL} <= seen


@pytest.mark.parametrize("kept", [500, 4])
def test_every_answer_in_every_position_of_a_tree(monkeypatch, kept):
    """renju-gen-vcf-038 played out: each position the learner can reach, each point;
    with the tree cut short after 4 positions too (the attempt carries its line)."""
    kind = get_kind("renju.vcf")
    monkeypatch.setattr(kind, "max_positions", kept)
    data = shipped("renju-gen-vcf-038")
    data = with_prepared(data, kind.prepare(data))
    searches = Searches(monkeypatch)
    states, checked, beyond = [kind.start(data)], 0, 0
    seen = {kinds.position_key(())}
    while states:
        state = states.pop()
        beyond += kind.node(data, state) is None
        for point in kind.current(data, state).empty_points():
            searches.calls.clear()
            verdict, after = kind.check(data, state, point)
            assert len(searches.calls) <= 1 and searches.nodes <= REQUEST_NODES + 1
            assert_judged(kind, data, state, point, verdict)
            checked += 1
            key = kinds.position_key(after["moves"])
            if verdict.status == CONTINUE and key not in seen:
                seen.add(key)
                states.append(after)
    positions = kind.prepared(data)["positions"]
    assert checked > 1000 and seen >= set(positions)
    assert beyond > 0 if len(positions) == kept else beyond < len(seen) / 2


DEFEND = ["renju-teach-050", "renju-teach-053", "renju-teach-055"]


@pytest.mark.parametrize("slug", DEFEND)
def test_every_answer_to_a_defence_gets_the_fresh_searchs_verdict(slug):
    kind, data = get_kind("renju.defend"), prepared("renju.defend", slug)
    board = position(data)
    me, them = board.to_move, opponent(board.to_move)
    found = defences(board)
    for point in range(15 * 15):
        verdict, state = kind.check(data, kind.start(data), point)
        assert verdict.status == fresh_defend_status(board, point, found), point_name(point)
        if verdict.status == WRONG and not (me == BLACK and board.is_forbidden(point)):
            # The refutation shown is a win of the opponent's, move by move.
            line = moves_of(state)
            first = [(point, me)]
            if point in found.counters:
                first.append((line.pop(0), them))
            with placed(board, tuple(first)):
                assert verify_line(board, line, attacker=them), point_name(point)
    assert kind.solution(data)[0].endswith(point_name(found.stops[0]))


def test_a_counter_four_then_the_defence():
    board = {
        "black": "g8 a1 a3 o1 o3 b2 c2 d2",
        "white": "h8 i8 j8 k9 k10 a2 o15 o13",
        "to_move": "black",
    }
    kind = get_kind("renju.defend")
    data = with_prepared(board, kind.prepare(board))
    verdict, state = kind.check(data, kind.start(data), parse_point("e2"))
    assert verdict.status == CONTINUE and verdict.reply == "W f2"
    assert kind.hint(data, state)[1] == {parse_point("k8"): "target"}
    verdict, _state = kind.check(data, state, parse_point("k8"))
    assert verdict.status == CORRECT
    verdict, state = kind.check(data, state, parse_point("a15"))
    assert verdict.status == WRONG and moves_of(state)[0] == parse_point("k8")


# ---------------------------------------------------------------------------
# Cheap: no search beyond a request's budget


class Searches:
    """The engine's searches a kind makes, counted."""

    def __init__(self, monkeypatch):
        self.calls: list[tuple[int, int]] = []
        real = kinds.vcf

        def counted(*args, **kwargs):
            result = real(*args, **kwargs)
            self.calls.append((kwargs.get("max_nodes"), result.nodes))
            return result

        def refused(*args, **kwargs):
            raise AssertionError("a whole search while judging")

        monkeypatch.setattr(kinds, "vcf", counted)
        for name in ("vcf_tree", "defence_tree", "defences"):
            monkeypatch.setattr(kinds, name, refused, raising=False)

    @property
    def nodes(self) -> int:
        return sum(nodes for _limit, nodes in self.calls)


SLOW = [
    ("renju.vcf", "renju-gen-vcf-031", "h2"),
    ("renju.vcf", "renju-gen-vcf-038", "g4"),
    ("renju.trap", "renju-gen-trap-037", "f5"),
    ("renju.vcf", "renju-gen-vcf-032", "d5"),
]


@pytest.mark.parametrize("kind_name,slug,answer", SLOW, ids=[s for _k, s, _a in SLOW])
def test_the_slow_answers_of_old_cost_at_most_a_requests_budget(
    monkeypatch, kind_name, slug, answer
):
    kind, data = get_kind(kind_name), prepared(kind_name, slug)
    searches = Searches(monkeypatch)
    verdict, state = kind.check(data, kind.start(data), parse_point(answer))
    assert verdict.status == WRONG and "not a four" in verdict.message["en"]
    assert len(searches.calls) <= 1 and searches.nodes <= REQUEST_NODES + 1
    assert all(limit <= REQUEST_NODES for limit, _nodes in searches.calls)
    # Drawing it, the hint and the solution search nothing at all.
    searches.calls.clear()
    kind.board(data, state, verdict=verdict, interactive=False)
    kind.hint(data, kind.start(data))
    kind.board(data, {**kind.start(data), "hint": True}, interactive=True)
    kind.solution(data)
    assert searches.calls == []


@pytest.mark.parametrize(
    "kind_name,slug",
    [*FOURS, *(("renju.defend", slug) for slug in DEFEND)],
    ids=[*(s for _k, s in FOURS), *DEFEND],
)
def test_no_first_answer_searches_beyond_the_budget(monkeypatch, kind_name, slug):
    kind, data = get_kind(kind_name), prepared(kind_name, slug)
    searches = Searches(monkeypatch)
    for point in range(15 * 15):
        searches.calls.clear()
        kind.check(data, kind.start(data), point)
        assert len(searches.calls) <= 1 and searches.nodes <= REQUEST_NODES + 1, point_name(point)


# ---------------------------------------------------------------------------
# What is stored


def test_what_is_stored_is_json_and_keyed_by_the_stones_added():
    kind, data = get_kind("renju.vcf"), prepared("renju.vcf", "renju-gen-vcf-031")
    stored = kind.prepared(data)
    assert json.loads(json.dumps(stored)) == stored
    positions = stored["positions"]
    assert "" in positions and len(positions) > 50
    for key, entry in positions.items():
        assert key == kinds.position_key(_texts(key))
        assert entry["line"][0] in entry["wins"]


def _texts(key: str) -> list[str]:
    words = key.split()
    return [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)]


def test_a_transposition_is_judged_from_the_same_entry():
    """Two orders of the same winning fours reach one position, judged alike."""
    kind, data = get_kind("renju.vcf"), prepared("renju.vcf", "renju-teach-040")
    positions = kind.prepared(data)["positions"]
    start = kind.start(data)
    orders = {}
    for first in positions[""]["wins"]:
        _verdict, one = kind.check(data, start, parse_point(first))
        after = positions.get(kinds.position_key(one["moves"]))  # none after a double
        for second in after["wins"] if after else []:
            verdict, two = kind.check(data, one, parse_point(second))
            if verdict.status == CONTINUE:
                orders.setdefault(kinds.position_key(two["moves"]), []).append(two)
    both = [states for states in orders.values() if len(states) >= 2]
    assert both, "no transposition in this tree"
    for states in both:
        verdicts = [
            [kind.check(data, state, point)[0].status for point in range(15 * 15)]
            for state in states
        ]
        assert all(v == verdicts[0] for v in verdicts)


def test_with_a_five_to_make_the_five_wins_and_a_quiet_move_is_refuted_by_blocking_it():
    kind = get_kind("renju.vcf")
    data = with_prepared(FOUR_THREE, kind.prepare(FOUR_THREE))
    state = {"moves": ["B k8", "W l8", "B k11", "W k12"]}  # k7 makes five
    assert kind.hint(data, state)[1] == {parse_point("k7"): "target"}
    assert kind.check(data, state, parse_point("k7"))[0].status == CORRECT
    verdict, after = kind.check(data, state, parse_point("a1"))
    assert verdict.status == WRONG and "free to defend at k7" in verdict.message["en"]
    assert after["shown"] == ["W k7"]


def test_beside_a_win_in_one_any_four_that_keeps_one_plays_on():
    """g8 makes a straight four (k8 would be black's double-four): a win in one. f3
    keeps it: the attempt carries g8 on, no position stored; k7 lets white block k8."""
    data = {
        "black": "h8 i8 j8 c3 d3 e3 k9 k10 k11",
        "white": "b3 k12 a1 a3 a5 o1 o3 o5 c12",
    }
    kind = get_kind("renju.vcf")
    data = with_prepared(data, kind.prepare(data))
    start = kind.start(data)
    verdict, _after = kind.check(data, start, parse_point("g8"))
    assert verdict.status == CONTINUE and "Two ways to make five" in verdict.message["en"]
    verdict, after = kind.check(data, start, parse_point("f3"))
    assert verdict.status == CONTINUE and verdict.reply == "W g3"
    assert after["line"] == ["g8"] and kind.node(data, after) is None
    assert kind.hint(data, after)[1] == {parse_point("g8"): "target"}
    assert kind.check(data, after, parse_point("g8"))[0].status == CONTINUE
    verdict, shown = kind.check(data, start, parse_point("k7"))
    assert verdict.status == WRONG and shown["shown"] == ["W k8"]
    assert "no more fours that win" in verdict.message["en"]
    verdict, _after = kind.check(data, start, parse_point("a15"))
    assert verdict.status == WRONG and "free to defend at g8" in verdict.message["en"]


# ---------------------------------------------------------------------------
# Refused when it cannot be judged in advance


def test_a_puzzle_beyond_the_budget_is_refused_naming_the_limit():
    # Settling every first answer of renju-gen-vcf-031 takes 165 nodes.
    with pytest.raises(InvalidPuzzle, match="the search budget of 150 nodes is spent"):
        get_kind("renju.vcf").prepare(shipped("renju-gen-vcf-031"), Budget(150))
    assert get_kind("renju.vcf").prepare(shipped("renju-gen-vcf-031"), Budget(1_000))
    with pytest.raises(InvalidPuzzle, match="500 nodes"):
        get_kind("renju.defend").prepare(shipped("renju-teach-055"), Budget(500))


def test_a_tree_cut_short_is_no_reason_to_refuse(monkeypatch):
    kind = get_kind("renju.vcf")
    monkeypatch.setattr(kind, "max_positions", 3)
    assert len(kind.prepare(shipped("renju-gen-vcf-031"))["positions"]) == 3
