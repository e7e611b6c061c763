"""A game of 四国军棋 in turn (JQ-14, JQ-15, JQ-16, JQ-R01, JQ-R06, JQ-R07, JQ-R09;
vector J17), and 10,000 random moves of self-play with the invariants checked after
every move.

JQ-01, the match format (a knockout drawn by lot, at least two games swapping who
moves first, more while tied), is taught in the lessons, not played by the engine:
it has no test here."""

import random
import time
from collections import Counter

import pytest

from engines.junqi import (
    AREAS,
    BOARD,
    IllegalMove,
    Piece,
    Position,
    moves,
    pieces_of,
    point,
    random_setup,
    reach,
    team,
)
from engines.junqi.game import Game, next_seat
from engines.junqi.rules import FLAG_HIDDEN, OPEN, Rules

SOUTH, EAST, NORTH, WEST = range(4)


def army(seat: int, *extra: tuple[str, str]) -> dict:
    """A flag in the left headquarters and a lieutenant on the side railway (which
    can always step between k=3, j=0 and k=3, j=1), and ``extra`` pieces."""
    area = AREAS[seat]
    pieces = {
        point(f"{area}01"): Piece(seat, "flag"),
        point(f"{area}30"): Piece(seat, "lieutenant"),
    }
    pieces.update({point(p): Piece(seat, rank) for p, rank in extra})
    return pieces


def four(*extras, **options) -> Game:
    pieces = {}
    for seat in range(4):
        pieces.update(army(seat, *(extras[seat] if seat < len(extras) else ())))
    return Game(Position(pieces, rules=Rules(**options)))


def shuffle(game: Game, rounds: int = 1) -> None:
    """Every seat in turn steps its lieutenant between k3 j0 and k3 j1."""
    for _ in range(rounds * len(game.position.alive)):
        area = AREAS[game.position.to_move]
        a, b = point(f"{area}30"), point(f"{area}31")
        if a in game.position.pieces and game.position.pieces[a].rank == "lieutenant":
            game.play(a, b)
        else:
            game.play(b, a)


def test_jqr01_turns_go_south_east_north_west():
    game = four()
    seen = []
    for _ in range(8):
        seen.append(game.position.to_move)
        area = AREAS[game.position.to_move]
        game.play(*(point(f"{area}3{j}") for j in ((0, 1) if len(seen) <= 4 else (1, 0))))
    assert seen == [SOUTH, EAST, NORTH, WEST] * 2
    assert [team(s) for s in seen[:4]] == [0, 1, 0, 1]


def test_jq15_a_taken_flag_defeats_its_player_whose_pieces_leave_and_whose_turns_are_skipped():
    game = four([("E11", "engineer")], [("E03", "major")])  # South's engineer near East's flag
    move = game.play(point("E11"), point("E01"))
    assert move.result == "flag"
    assert EAST not in game.position.alive
    assert all(piece.seat != EAST for piece in game.position.pieces.values())
    assert game.position.to_move == NORTH  # East is skipped
    assert next_seat(game.position, WEST) == SOUTH and next_seat(game.position, SOUTH) == NORTH
    assert game.result is None


def test_jqr07_a_defeated_players_pieces_stay_frozen_when_the_option_says_so():
    game = four([("E11", "engineer"), ("S11", "general")], [("S12", "major")], defeated_leave=False)
    game.play(point("E11"), point("E01"))
    assert EAST not in game.position.alive
    assert game.position.pieces[point("S12")] == Piece(EAST, "major")
    game.position.to_move = SOUTH
    assert point("S12") not in reach(game.position, point("S11"))
    with pytest.raises(IllegalMove) as refused:
        game.play(point("S11"), point("S12"))
    assert refused.value.code == "defeated"


def test_jq15_a_player_with_no_legal_move_on_their_turn_loses():
    pieces = {**army(SOUTH), **army(NORTH), **army(WEST)}
    pieces.update({point("E01"): Piece(EAST, "flag"), point("E00"): Piece(EAST, "mine")})
    game = Game(Position(pieces))
    shuffle(game)  # South moves; East cannot
    assert EAST not in game.position.alive and game.position.to_move == NORTH
    assert point("E00") not in game.position.pieces
    assert game.result is None


def test_jq15_a_player_out_of_moves_at_the_start_loses_too():
    pieces = {**army(EAST), **army(NORTH), **army(WEST), point("S01"): Piece(SOUTH, "flag")}
    game = Game(Position(pieces))
    assert SOUTH not in game.position.alive and game.position.to_move == EAST


def test_jq15_five_timeouts_lose():
    game = four()
    for _ in range(4):
        for _seat in range(4):
            game.timeout()
    assert game.position.timeouts == (4, 4, 4, 4) and game.position.alive == {0, 1, 2, 3}
    game.timeout()  # South's fifth
    assert SOUTH not in game.position.alive and game.position.to_move == EAST
    assert all(piece.seat != SOUTH for piece in game.position.pieces.values())
    assert game.result is None  # North plays on for the alliance
    assert game.history[-1] == "timeout"


def test_jq14_the_alliance_left_wins():
    game = four([("E11", "engineer"), ("W11", "engineer")])
    game.play(point("E11"), point("E01"))
    assert game.result is None
    game.play(point("N30"), point("N31"))
    game.play(point("W30"), point("W31"))
    game.play(point("W11"), point("W01"))
    assert game.result == ("win", 0)
    with pytest.raises(IllegalMove) as refused:
        game.play(point("N30"), point("N31"))
    assert refused.value.code == "over"


def test_jq14_an_alliance_loses_when_both_its_players_are_out_by_any_means():
    pieces = {**army(EAST), **army(WEST), point("S01"): Piece(SOUTH, "flag")}
    pieces[point("N01")] = Piece(NORTH, "flag")
    game = Game(Position(pieces))
    assert SOUTH not in game.position.alive and game.result is None
    game.play(point("E30"), point("E31"))  # North's turn: North cannot move either
    assert game.position.alive == {EAST, WEST}
    assert game.result == ("win", 1)


def test_j17_jq16_seventy_moves_without_a_fight_draw():
    game = four()
    shuffle(game, 17)  # 68 moves: each lieutenant has stepped 17 times, to k3 j1
    game.play(point("S31"), point("S30"))
    assert game.position.quiet == 69 and game.result is None
    game.play(point("E31"), point("E30"))
    assert game.position.quiet == 70 and game.result == ("draw", None)


def test_jqr09_every_players_move_counts_and_a_fight_starts_the_count_again():
    game = four([("S11", "general")], [("S12", "major")])
    shuffle(game, 1)
    assert game.position.quiet == 4  # one step each, all four seats
    shuffle(game, 10)
    game.play(point("S11"), point("S12"))
    assert game.position.quiet == 0
    shuffle(game, 17)  # East, North, West, then 17 rounds less one move
    assert game.result is None and game.position.quiet == 68
    assert len(game.history) == 1 + 4 + 40 + 68


def test_the_no_capture_limit_is_an_option():
    game = four(no_capture_limit=8)
    shuffle(game, 1)
    assert game.result is None
    shuffle(game, 1)
    assert game.result == ("draw", None)


def marshal_falls(rules) -> Game:
    """South's marshal runs onto East's mine."""
    pieces = {
        **army(SOUTH, ("S11", "marshal")),
        **army(EAST, ("S12", "mine")),
        **army(NORTH),
        **army(WEST),
    }
    game = Game(Position(pieces, rules=rules))
    game.play(point("S11"), point("S12"))
    return game


def test_jqr07_the_flag_is_shown_to_all_when_its_marshal_dies():
    game = marshal_falls(Rules())
    assert game.position.shown == {SOUTH}
    for seat in (EAST, NORTH, WEST):
        view = game.position.view(seat)
        assert view[point("S01")] == (SOUTH, "flag")  # shown
        assert view[point("S30")] == (SOUTH, None)  # the rest still hidden


def test_jqr07_flag_hidden_keeps_it_hidden():
    game = marshal_falls(FLAG_HIDDEN)
    assert game.position.shown == frozenset()
    assert game.position.view(EAST)[point("S01")] == (SOUTH, None)


def test_jqr06_each_player_sees_only_their_own_ranks_unless_pieces_are_open():
    game = four()
    view = game.position.view(SOUTH)
    assert view[point("S01")] == (SOUTH, "flag")
    for seat in (EAST, NORTH, WEST):  # an ally's ranks are hidden too
        assert view[point(f"{AREAS[seat]}01")] == (seat, None)
    open_view = Position(game.position.pieces, rules=OPEN).view(SOUTH)
    assert open_view[point("E01")] == (EAST, "flag")
    assert set(view) == set(game.position.pieces)


# ---------------------------------------------------------------------------
# Self-play


def check_move(before: Position, after: Position, move, defeated: set) -> None:
    """The invariants of one move."""
    assert move.piece.rank not in ("mine", "flag") and BOARD.kind(move.start) != "hq"
    assert move.start not in after.pieces
    expected = dict(before.pieces)
    del expected[move.start]
    if move.result in (None, "attacker", "flag"):
        expected[move.end] = move.piece
    elif move.result == "both":
        del expected[move.end]
    expected = {p: piece for p, piece in expected.items() if piece.seat not in defeated}
    assert after.pieces == expected  # no piece lost, moved or doubled another way
    assert len(after.pieces) <= len(before.pieces)
    for p, piece in after.pieces.items():
        assert piece.seat in after.alive  # no piece of a defeated player left
        if piece.rank in ("mine", "flag"):
            assert before.pieces.get(p) == piece  # never moved
    for p, piece in before.pieces.items():
        if BOARD.kind(p) == "hq" and p != move.end and piece.seat not in defeated:
            assert after.pieces.get(p) == piece  # a piece in a headquarters stays
    assert Counter(after.pieces.values()) <= Counter(before.pieces.values())


def test_ten_thousand_random_moves_of_self_play():
    rng = random.Random("junqi-self-play")
    played = games = 0
    results = Counter()
    start = time.perf_counter()
    while played < 10_000:
        pieces = pieces_of((seat, random_setup(AREAS[seat], rng)) for seat in range(4))
        game = Game(Position(pieces, rules=Rules(bomb_takes_flag=rng.random() < 0.5)))
        games += 1
        while game.result is None and played < 10_000:
            before = game.position
            legal = moves(before)
            assert legal
            choice = rng.choice(legal)
            move = game.play(choice.start, choice.end)
            assert move == choice
            after = game.position
            defeated = set(before.alive - after.alive)
            check_move(before, after, move, defeated)
            assert after.to_move in after.alive or game.result is not None
            played += 1
        if game.result is not None:
            results[game.result[0]] += 1
    assert time.perf_counter() - start < 10
    assert results["draw"] and results["win"]  # both ends happen
    assert games > 10


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_ten_thousand_random_games_to_the_end(chunk):
    """10,000 whole games (in ten chunks of 1,000, so that workers share them) from
    random legal set-ups, random moves and now and then a timeout, each played to its
    end with every move's invariants; every game ends in a win or the 70-move draw.
    Slow (about ten minutes on two cores): `scripts/test -m slow tests/engines/junqi`."""
    rng = random.Random(f"junqi-games-{chunk}")
    results = Counter()
    for _game in range(1_000):
        pieces = pieces_of((seat, random_setup(AREAS[seat], rng)) for seat in range(4))
        game = Game(Position(pieces, rules=Rules(bomb_takes_flag=rng.random() < 0.5)))
        while game.result is None:
            before = game.position
            if rng.random() < 0.01:
                seat, count = before.to_move, before.timeouts[before.to_move]
                game.timeout()  # changes the position in place
                assert game.position.timeouts[seat] == count + 1
                assert (seat in game.position.alive) == (count + 1 < 5)
                continue
            choice = rng.choice(moves(before))
            move = game.play(choice.start, choice.end)
            check_move(before, game.position, move, set(before.alive - game.position.alive))
        kind, team = game.result
        assert kind == "draw" or {seat % 2 for seat in game.position.alive} == {team}
        results[kind] += 1
    assert results["win"] and results["draw"] and sum(results.values()) == 1_000
