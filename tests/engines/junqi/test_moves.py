"""四国军棋 moves by seed 003's rules (JQ-02…JQ-04, JQ-06, JQ-08, JQ-R01, JQ-R08) and the
spec's vectors J2–J12; the engineer's reach against every simple railway path, ordinary
pieces' railway runs against a point-by-point walk of the lines and arcs, on thousands
of random positions; and the invariants of ``junqi.md`` §3."""

import random

import pytest

from engines.boards import quarter_turn
from engines.junqi import (
    BOARD,
    OFFICERS,
    RAIL,
    RAIL_EDGES,
    RANKS,
    ROADS,
    IllegalMove,
    Piece,
    Position,
    moves,
    name,
    play,
    point,
    reach,
    team,
    why,
)
from engines.junqi.rules import Rules
from tests.engines.junqi import oracle

SOUTH, EAST, NORTH, WEST = range(4)
CHINESE = {
    "司令": "marshal", "军长": "general", "师长": "major-general", "旅长": "brigadier",
    "团长": "colonel", "营长": "major", "连长": "captain", "排长": "lieutenant",
    "工兵": "engineer", "炸弹": "bomb", "地雷": "mine", "军旗": "flag",
}  # fmt: skip


def board(mine: dict, theirs: dict | None = None, **options) -> Position:
    """South's pieces and, the vectors' "enemies", East's: ``{"S10": "司令"}``."""
    pieces = {point(p): Piece(SOUTH, CHINESE[r]) for p, r in mine.items()}
    pieces.update({point(p): Piece(EAST, CHINESE[r]) for p, r in (theirs or {}).items()})
    return Position(pieces, rules=Rules(**options))


def ends(position, start) -> set[str]:
    return {name(q) for q in reach(position, point(start))}


def names(*groups: str) -> set[str]:
    return {w for group in groups for w in group.split()}


# ---------------------------------------------------------------------------
# The vectors J2–J12


def test_j2_marshal_on_the_back_rail_corner_has_23_ends():
    found = ends(board({"S10": "司令"}), "S10")
    assert found == names(
        "S00 S21", "S11 S12 S13 S14", "S20 S30 S40 S50 C7 C4 C1 N54 N44 N34 N24 N14",
        "W54 W44 W34 W24 W14",
    )  # fmt: skip
    assert len(found) == 23


def test_j3_engineer_on_the_back_rail_corner_reaches_every_rail_node_and_two_roads():
    found = reach(board({"S10": "工兵"}), point("S10"))
    assert len(found) == 74
    assert set(found) == (set(RAIL) - {point("S10")}) | {point("S00"), point("S21")}


def test_j4_general_on_the_front_middle_has_11_ends():
    found = ends(board({"S52": "军长"}), "S52")
    assert found == names("S50 S51 S53 S54 S41 S42 S43 C8 C5 C2 N52")


def test_j5_a_piece_stops_at_the_first_piece_on_its_line():
    position = board({"S30": "师长"}, {"S50": "排长"})
    assert ends(position, "S30") == names("S10 S20 S40 S50 S21 S31 S41")
    assert reach(position, point("S30"))[point("S50")] == (point("S30"), point("S40"), point("S50"))


def test_j6_the_arc_line_ends_in_an_attack():
    position = board({"S30": "师长"}, {"W54": "排长"})
    found = ends(position, "S30")
    assert len(found) == 16
    assert found == names(
        "S10 S20 S40 S50 C7 C4 C1 N54 N44 N34 N24 N14", "W54", "S21 S31 S41"
    )  # fmt: skip
    assert [name(p) for p in reach(position, point("S30"))[point("W54")]] == [
        "S30", "S40", "S50", "W54"
    ]  # fmt: skip


def test_j7_an_engineer_between_its_own_pieces_never_reaches_the_enemies_beyond():
    position = board({"S12": "工兵", "S11": "连长", "S13": "连长"}, {"S20": "排长", "S24": "排长"})
    assert ends(position, "S12") == names("S02 S21 S22 S23")


def test_j8_no_attack_on_a_camp():  # JQ-06
    position = board({"S40": "团长"}, {"S41": "旅长"})
    found = ends(position, "S40")
    assert "S41" not in found and len(found) == 17
    assert why(position, point("S40"), point("S41")) == "camp"


def test_j9_a_marshal_in_headquarters_never_moves():  # JQ-08
    position = board({"S01": "司令"})
    assert reach(position, point("S01")) == {}
    assert why(position, point("S01"), point("S11")) == "hq"


def test_j10_a_piece_in_a_camp_has_eight_neighbours():
    assert ends(board({"S21": "排长"}), "S21") == names("S10 S11 S12 S20 S22 S30 S31 S32")


def test_j11_an_engineer_goes_round_an_enemy_on_the_centre():
    position = board({"S54": "工兵"}, {"C9": "排长"})
    found = reach(position, point("S54"))
    assert set(found) == (set(RAIL) - {point("S54")}) | {point("S43")}
    assert len(found) == 73
    # the nodes behind C9 are reached round it; C9 itself only as the attack
    assert all(point("C9") not in path[:-1] for path in found.values())
    assert [name(p) for p in found[point("C6")]] == ["S54", "E50", "E51", "E52", "C6"]
    assert [name(p) for p in found[point("C3")]] == ["S54", "E50", "E51", "E52", "C6", "C3"]


def test_j12_which_piece_can_reach_each_point():
    position = board(
        {"S12": "工兵", "S50": "军长", "S34": "师长", "S22": "旅长"}, {"S52": "排长", "C9": "连长"}
    )

    def who(target):
        return {
            name(p)
            for p, piece in position.pieces.items()
            if piece.seat == SOUTH and point(target) in reach(position, p)
        }

    assert who("C1") == {"S50"}  # the 军长
    assert who("C9") == {"S34"}  # the 师长, attacking
    assert who("N52") == set()  # col 8 blocked on S52; the engineer is boxed
    assert who("W14") == {"S50"}  # round the S-W arc


# ---------------------------------------------------------------------------
# The clauses


def test_jq02_on_a_road_any_piece_moves_one_step():
    for rank in ("司令", "工兵", "炸弹"):
        assert ends(board({"S31": rank}), "S31") == names("S21 S30 S32 S41")
        assert ends(board({"S42": rank}), "S42") == names("S41 S43 S52 S32")
    position = board({"S31": "司令"})
    assert why(position, point("S31"), point("S33")) == "far"


def test_jq03_an_engineer_turns_anywhere_on_a_clear_railway():
    position = board({"S10": "工兵"}, {"C5": "地雷", "N12": "地雷", "W32": "地雷"})
    path = reach(position, point("S10"))[point("E52")]
    assert len(path) - 1 == oracle.engineer_reach(position, point("S10"))[point("E52")]
    assert all(frozenset(pair) in RAIL_EDGES for pair in zip(path, path[1:], strict=False))
    # blocked all round, it stays on its side
    walled = board({"S10": "工兵", "S11": "地雷", "S20": "炸弹"})
    assert ends(walled, "S10") == names("S00 S21")
    assert why(walled, point("S10"), point("S30")) == "blocked"


def test_jq04_other_pieces_go_straight_or_round_an_arc_never_round_a_right_angle():
    position = board({"S10": "司令"})
    found = ends(position, "S10")
    assert {"W14", "N14"} <= found  # straight on, and round the arc
    assert not found & names("S51 N13 S54 W15 C2")  # every one a right angle away
    assert why(position, point("S10"), point("S51")) == "turn"
    # from the back railway onto the side railway at the corner is a turn too
    corner = board({"S12": "司令"})
    assert "S20" not in ends(corner, "S12")
    assert why(corner, point("S12"), point("S20")) == "turn"
    with pytest.raises(IllegalMove) as refused:
        play(position, point("S10"), point("S51"))
    assert refused.value.code == "turn"


def test_jq06_a_camp_is_a_safe_island_but_a_piece_may_enter_an_empty_one():
    position = board({"S31": "司令"}, {"S21": "排长"})
    assert "S21" not in ends(position, "S31") and "S32" in ends(position, "S31")
    with pytest.raises(IllegalMove) as refused:
        play(position, point("S31"), point("S21"))
    assert refused.value.code == "camp"
    # a piece in a camp still attacks out of it
    out = board({"S32": "排长"}, {"S42": "工兵"})
    assert "S42" in ends(out, "S32")


def test_jq08_a_piece_that_enters_headquarters_never_moves_again():
    position = board({"S11": "司令"}, {"N01": "军旗"})
    after, _move = play(position, point("S11"), point("S01"))
    assert reach(after, point("S01")) == {}
    after.to_move = SOUTH
    with pytest.raises(IllegalMove) as refused:
        play(after, point("S01"), point("S11"))
    assert refused.value.code == "hq"
    # any headquarters: one of the enemy's too
    raid = board({"N11": "工兵"}, {"N21": "排长"})
    after, _move = play(raid, point("N11"), point("N01"))
    assert reach(after, point("N01")) == {}


def test_jqr01_allies_never_attack_each_other():
    pieces = {
        point("S10"): Piece(SOUTH, "marshal"),
        point("S30"): Piece(NORTH, "lieutenant"),  # the ally
        point("S11"): Piece(EAST, "lieutenant"),
        point("S00"): Piece(SOUTH, "captain"),
    }
    position = Position(pieces)
    found = ends(position, "S10")
    assert "S11" in found and "S30" not in found and "S00" not in found
    assert why(position, point("S10"), point("S30")) == "ally"
    assert why(position, point("S10"), point("S00")) == "own"
    assert team(SOUTH) == team(NORTH) != team(EAST) == team(WEST)


def test_jqr04_mines_and_flags_never_move():
    for rank in ("mine", "flag"):
        position = Position({point("S10"): Piece(SOUTH, rank)})
        assert reach(position, point("S10")) == {}
        assert why(position, point("S10"), point("S11")) == rank


def test_jqr08_a_bomb_on_the_flag_is_a_rule_option():
    position = board({"N11": "炸弹"}, {"N01": "军旗"})
    assert "N01" in ends(position, "N11")
    forbidden = board({"N11": "炸弹"}, {"N01": "军旗"}, bomb_takes_flag=False)
    assert "N01" not in ends(forbidden, "N11")
    assert why(forbidden, point("N11"), point("N01")) == "bomb-flag"
    # any other piece still takes it
    assert "N01" in ends(board({"N11": "工兵"}, {"N01": "军旗"}, bomb_takes_flag=False), "N11")


def test_jqr08_engineers_never_end_a_railway_run_in_a_camp():
    found = reach(board({"S10": "工兵"}), point("S10"))
    camps = [q for q in found if BOARD.kind(q) == "camp"]
    assert camps == [point("S21")] and found[point("S21")] == (point("S10"), point("S21"))


# ---------------------------------------------------------------------------
# Random positions against the slow references


def random_position(rng, least=15, most=100, start_rank=None):
    """``least``…``most`` pieces of random ranks and seats on random points, some
    players out of the game (their pieces left standing), a random bomb × flag
    rule; and a railway node holding a piece of ``start_rank`` that can move."""
    places = rng.sample(sorted(BOARD.points), rng.randint(least, most))
    pieces = {p: Piece(rng.randrange(4), rng.choice(RANKS)) for p in places}
    start = rng.choice(sorted(RAIL))
    seat = rng.randrange(4)
    pieces[start] = Piece(seat, start_rank or rng.choice([*OFFICERS, "bomb"]))
    alive = frozenset(s for s in range(4) if s == seat or rng.random() < 0.85)
    rules = Rules(bomb_takes_flag=rng.random() < 0.5, defeated_leave=False)
    return Position(pieces, alive=alive, rules=rules), start


def check_path(position, start, end, path):
    assert path[0] == start and path[-1] == end
    assert all(p not in position.pieces for p in path[1:-1])
    pairs = list(zip(path, path[1:], strict=False))
    on_road = len(path) == 2 and end in ROADS[start]
    assert on_road or all(frozenset(pair) in RAIL_EDGES for pair in pairs)


def test_the_engineer_against_every_simple_railway_path():
    rng = random.Random("junqi-engineer")
    for _ in range(2000):
        position, start = random_position(rng, start_rank="engineer")
        found = reach(position, start)
        rail = oracle.engineer_reach(position, start)
        road = oracle.road_reach(position, start)
        assert set(found) == set(rail) | road
        for end, path in found.items():
            check_path(position, start, end, path)
            if end not in road:
                assert len(path) - 1 == rail[end]  # one of the shortest paths


def test_ordinary_pieces_against_a_walk_of_the_lines_and_arcs():
    rng = random.Random("junqi-lines")
    checked = 0
    while checked < 2000:
        position, start = random_position(rng, least=0)
        if position.pieces[start].rank == "engineer":
            continue
        checked += 1
        found = reach(position, start)
        rail = oracle.line_reach(position, start)
        road = oracle.road_reach(position, start)
        assert set(found) == set(rail) | road
        for end, path in found.items():
            check_path(position, start, end, path)
            if end not in road:
                assert path == rail[end]


def turned(position, times):
    pieces = {quarter_turn(p, 16, times): piece for p, piece in position.pieces.items()}
    after = position.copy()
    after.pieces = pieces
    return after


def test_a_quarter_turn_of_the_position_turns_its_reach():
    rng = random.Random("junqi-turn")
    for i in range(600):
        position, start = random_position(rng, least=0, start_rank="engineer" if i % 3 else None)
        found = reach(position, start)
        times = 1 + i % 3
        after = reach(turned(position, times), quarter_turn(start, 16, times))
        assert set(after) == {quarter_turn(q, 16, times) for q in found}
        for q, path in found.items():
            twin = after[quarter_turn(q, 16, times)]
            if position.pieces[start].rank == "engineer":
                assert len(twin) == len(path)
            else:
                assert twin == tuple(quarter_turn(p, 16, times) for p in path)


def test_an_engineer_reaches_everywhere_another_piece_reaches():
    rng = random.Random("junqi-superset")
    for _ in range(1000):
        position, start = random_position(rng)
        seat = position.pieces[start].seat
        engineer = position.copy()
        engineer.pieces[start] = Piece(seat, "engineer")
        assert set(reach(position, start)) <= set(reach(engineer, start))


def test_no_move_ends_on_a_friend_an_ally_or_an_enemy_in_a_camp():
    rng = random.Random("junqi-ends")
    for _ in range(300):
        position, _start = random_position(rng)
        for seat in range(4):
            for move in moves(position, seat):
                if move.defender is not None:
                    assert team(move.defender.seat) != team(seat)
                    assert BOARD.kind(move.end) != "camp"
                    assert move.defender.seat in position.alive


def test_removing_a_blocker_never_shrinks_reach():
    rng = random.Random("junqi-blocker")
    for _ in range(1000):
        position, start = random_position(
            rng, start_rank="engineer" if rng.random() < 0.5 else None
        )
        before = set(reach(position, start))
        for gone in rng.sample([p for p in position.pieces if p != start], 3):
            fewer = position.copy()
            del fewer.pieces[gone]
            assert set(reach(fewer, start)) >= before
