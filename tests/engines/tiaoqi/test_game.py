"""A whole 跳棋 game (CC-02, CC-03, CC-08…CC-10, CC-R05…R08; vectors C10, C11), the
fewest-moves search against a plain breadth-first count, the command line, and
random games with invariants."""

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from engines.boards import distance
from engines.tiaoqi import (
    IllegalMove,
    Position,
    forward,
    hole_name,
    home_of,
    moves,
    parse_hole,
    play,
    reach,
    target_of,
)
from engines.tiaoqi.fewest import SearchLimit, fastest_lines, fewest
from engines.tiaoqi.game import Game, Result, race
from engines.tiaoqi.rules import FIFTEEN, Rules


def test_hole_names_round_trip():
    for hole in home_of(0) | target_of(0) | {(0, 0, 0)}:
        assert parse_hole(hole_name(hole)) == hole
    assert hole_name((0, 0, 0)) == "e9" and hole_name((-4, -4, 8)) == "a1"


def test_fifteen_pieces_take_the_camp_and_the_row_before_it():  # CC-R02 option
    assert len(home_of(0, 15)) == 15 and home_of(0) < home_of(0, 15)
    assert len(Position.start(FIFTEEN).pieces) == 30


def finish_game(game, side, on_move):
    """Put ``side``'s pieces in its target as if it had just made move ``on_move``."""
    position = game.position
    for hole in [h for h, s in position.pieces.items() if s == side]:
        del position.pieces[hole]
    for hole in target_of(side):
        position.pieces.pop(hole, None)
        position.pieces[hole] = side
    position.moves_made[side] = on_move


def test_c10_equal_moves_draw():  # CC-09, CC-R06
    game = Game(Rules(home_exit_deadline=0))
    finish_game(game, 0, 31)
    game._after(0)
    assert game.result is None  # the second player still has move 31
    finish_game(game, 1, 31)
    game._after(1)
    assert game.result == Result(None, "draw") and game.result.score == (0.5, 0.5)


def test_c11_the_second_player_one_move_short_loses():
    game = Game(Rules(home_exit_deadline=0))
    finish_game(game, 0, 31)
    game._after(0)
    game.position.moves_made[1] = 31
    game._after(1)
    assert game.result == Result(0, "finished") and game.result.score == (1.0, 0.0)


def test_the_second_player_finishing_first_wins_at_once():
    game = Game(Rules(home_exit_deadline=0))
    game.position.moves_made[0] = 30
    finish_game(game, 1, 30)
    game._after(1)
    assert game.result == Result(1, "finished")


def test_blocking_at_home_loses_after_the_deadline():  # CC-10, CC-R08 消极
    game = Game(Rules(home_exit_deadline=2))
    game.play("c4", "g5")
    game.play("c14", "g13")
    assert game.result is None
    game.play("g5", "g6")  # side 0's second move, with nine pieces still at home
    assert game.result == Result(1, "blocking")
    with pytest.raises(IllegalMove):
        game.play("g13", "g12")


def test_no_pass_while_a_move_exists():  # CC-R05
    game = Game()
    with pytest.raises(IllegalMove) as refused:
        game.pass_()
    assert refused.value.code == "must-move"


def test_the_record_lists_the_moves_in_turn_and_reads_back():  # CC-03: a move stands
    game = Game()
    game.play("c4", "g5")
    game.play("c14", "g13")
    game.play("a3", "e5")
    assert game.record_text() == "1. c4-g5 c14-g13 2. a3-e5"
    again = Game.from_record(game.record_text())
    assert again.position.pieces == game.position.pieces and again.record == game.record
    with pytest.raises(IllegalMove) as refused:
        Game.from_record("1. c4-g5 c14-g13 2. g5-g9")
    assert refused.value.code == "not-a-move"
    with pytest.raises(ValueError, match="not a move"):
        Game.from_record("1. c4g5")


def test_a_random_game_reads_back_from_its_record():
    rng = random.Random(3)
    game = Game(Rules(home_exit_deadline=0))
    for _ in range(120):
        move = rng.choice(moves(game.position))
        game.play(move.start, move.end)
    again = Game.from_record(game.record_text(), Rules(home_exit_deadline=0))
    assert again.position.pieces == game.position.pieces


# --- the fewest moves ----------------------------------------------------------------


def plain_count(position, side):
    """Brute force: breadth-first over positions, no first-move bookkeeping."""
    target = position.target(side)
    others = {h: s for h, s in position.pieces.items() if s != side}
    start = frozenset(h for h, s in position.pieces.items() if s == side)
    layer, seen, depth = {start}, {start}, 0
    while layer:
        if any(holes <= target for holes in layer):
            return depth
        depth += 1
        nxt = set()
        for holes in layer:
            here = Position({**others, **dict.fromkeys(holes, side)}, side, rules=position.rules)
            for m in moves(here, side):
                after = (holes - {m.start}) | {m.end}
                if after not in seen:
                    seen.add(after)
                    nxt.add(after)
        layer = nxt
    return None


def test_a_lone_piece_needs_its_distance_to_the_camp():  # C7's geometry
    result = fewest(Position({(-4, -4, 8): 0}))
    assert result.moves == min(distance((-4, -4, 8), h) for h in target_of(0)) == 13


def test_every_first_move_of_a_fastest_finish_is_found():
    rng = random.Random(8)
    checked = 0
    near = sorted(target_of(0)) + parse_holes("c12 d12 e12 f12 b11 c11 d11 e11")
    while checked < 15:
        own = rng.sample(near, rng.randint(1, 3))
        blockers = rng.sample(
            sorted(set(parse_holes("a9 b9 c9 d9 e9 f9 g9 h9 i9 c10 d10 e10 f10"))), 3
        )
        position = Position({**dict.fromkeys(blockers, 1), **dict.fromkeys(own, 0)})
        result = fewest(position)
        assert result.moves == plain_count(position, 0)
        for first in moves(position):
            after, _ = play(position, first.start, first.end)
            after.to_move = 0
            best_after = plain_count(after, 0)
            on_a_fastest_line = best_after is not None and best_after == result.moves - 1
            assert (first in result.first) == on_a_fastest_line, first
        checked += 1


def test_the_fastest_lines_keep_exactly_the_moves_that_stay_on_one():
    """Every placement ``fastest_lines`` keeps is on a fastest line: its moves are
    exactly those after which the plain count drops by one, and the first moves
    are ``fewest``'s."""
    rng = random.Random(9)
    near = sorted(target_of(0)) + parse_holes("c12 d12 e12 f12 b11 c11 d11 e11 g11")
    for _ in range(12):
        own = rng.sample(near, rng.randint(1, 3))
        blockers = rng.sample(parse_holes("b9 c9 d9 e9 f9 g9 c10 d10 e10 f10 g10"), 3)
        position = Position({**dict.fromkeys(blockers, 1), **dict.fromkeys(own, 0)})
        lines = fastest_lines(position)
        found = fewest(position)
        assert lines.moves == found.moves
        if not lines.moves:
            continue
        assert set(lines.best[frozenset(own)]) == set(found.first)
        for holes, best in lines.best.items():
            here = Position({**dict.fromkeys(blockers, 1), **dict.fromkeys(holes, 0)})
            left = plain_count(here, 0)
            assert (left == 0) == (not best) and left is not None
            for move in moves(here):
                after, _ = play(here, move.start, move.end)
                after.to_move = 0
                assert (move in best) == (plain_count(after, 0) == left - 1), move


def play_out(rng, rules):
    """A game between two players that mostly take the move going farthest forward."""
    game = Game(rules, first=rng.randint(0, 1))
    while game.result is None:
        position = game.position
        legal = moves(position)
        if not legal:
            game.pass_()
            continue
        gain = {m: forward(position.to_move, m) for m in legal}
        best = max(gain.values())
        choice = (
            rng.choice([m for m, g in gain.items() if g == best])
            if rng.random() < 0.8
            else rng.choice(legal)
        )
        game.play(choice.start, choice.end)
    return game


def test_race_rules_a_game_as_the_game_itself_does():
    """``race`` reads only when each side finished and left home; on played-out games
    (finishes, draws and 消极 among them) it gives the game's own result and length."""
    rng = random.Random(31)
    seen = Counter()
    for number in range(150):
        rules = Rules(home_exit_deadline=(30, 20, 0)[number % 3])
        game = play_out(rng, rules)
        replay = Game(rules, game.first)
        left = [0, 0]
        for move in game.record:
            side = replay.position.to_move
            if move is None:
                replay.pass_()
            else:
                replay.play(move.start, move.end)
            home = replay.position.home(side)
            if any(replay.position.pieces.get(h) == side for h in home):
                left[side] = replay.position.moves_made[side] + 1
        finishes = (game.finished_on.get(0), game.finished_on.get(1))
        result, played = race(game.first, finishes, tuple(left), rules)
        assert result == game.result and played == len(game.record), number
        seen[result.reason] += 1
    assert seen["finished"] and seen["blocking"], seen


def test_race_vectors():  # C10, C11 and 消极 as numbers
    assert race(0, (31, 31)) == (Result(None, "draw"), 62)
    assert race(0, (31, 32)) == (Result(0, "finished"), 62)
    assert race(1, (30, 31)) == (Result(0, "finished"), 60)  # the second player first
    assert race(0, (35, 33), (0, 31)) == (Result(0, "blocking"), 60)
    with pytest.raises(ValueError):
        race(0, (None, None), rules=Rules(home_exit_deadline=0))


def parse_holes(text):
    return [parse_hole(w) for w in text.split()]


def test_the_search_stops_at_its_limit():
    with pytest.raises(SearchLimit):
        fewest(Position.start(), max_positions=50)


# --- the command line -----------------------------------------------------------------


def run(command, data):
    done = subprocess.run(
        [sys.executable, "-m", "engines.tiaoqi", command],
        input=json.dumps(data) if not isinstance(data, str) else data,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_cli_moves_play_and_fewest():
    code, out, _ = run("moves", {"pieces": {"e9": 0, "f9": 1}, "from": "e9"})
    assert (
        code == 0 and {"from": "e9", "to": "g9", "path": ["e9", "g9"]} in json.loads(out)["moves"]
    )
    code, out, _ = run("play", {"pieces": {"e9": 0, "g9": 1}, "moves": [["e9", "i9"]]})
    assert json.loads(out)["forbidden"]["code"] == "gap"
    code, out, _ = run("fewest", {"pieces": {"e12": 0}})
    assert json.loads(out)["moves"] == 2


@pytest.mark.parametrize("text", ["not json", '{"pieces": {"zz": 0}}', '{"pieces": {"e9": 3}}'])
def test_cli_bad_input_exits_2(text):
    code, _out, err = run("moves", text)
    assert code == 2 and err.startswith("error:")


# --- random games ----------------------------------------------------------------------


def test_random_games_keep_the_invariants():
    rng = random.Random(2026)
    for _ in range(40):  # no blocking deadline: the games run long
        game = Game(Rules(home_exit_deadline=0))
        in_target = [0, 0]
        while game.result is None and len(game.record) < 400:
            side = game.position.to_move
            legal = moves(game.position)
            if not legal:
                game.pass_()
                continue
            move = rng.choice(legal)
            assert move.end not in game.position.pieces  # no move ends on a piece
            game.play(move.start, move.end)
            pieces = game.position.pieces
            assert (
                sum(1 for s in pieces.values() if s == 0)
                == 10
                == sum(1 for s in pieces.values() if s == 1)
            )
            now = sum(1 for h in target_of(side) if pieces.get(h) == side)
            assert now >= in_target[side]  # the target lock: never fewer at home there
            in_target[side] = now
        assert game.result is not None or len(game.record) == 400


def test_ten_thousand_random_games_end_as_the_rules_say():
    """Random players (a random piece, then a random hole it reaches) through 10,000
    games under the default rules: pieces conserved, no move onto a piece, the target
    count never falling, and every game decided by finishing, a draw or 消极."""
    rng = random.Random(24)
    reasons = Counter()
    for _ in range(10_000):
        game = Game()
        while game.result is None:
            position = game.position
            side = position.to_move
            mine = [h for h, s in position.pieces.items() if s == side]
            rng.shuffle(mine)
            for start in mine:
                options = reach(position, start)
                if options:
                    end = rng.choice(sorted(options))
                    break
            else:
                game.pass_()
                continue
            before = sum(1 for h in position.target(side) if position.pieces.get(h) == side)
            game.play(start, end)
            after = game.position.pieces
            assert len(after) == 20 and after[end] == side and start not in after
            assert sum(1 for h in position.target(side) if after.get(h) == side) >= before
        reasons[game.result.reason] += 1
    assert sum(reasons.values()) == 10_000 and reasons["blocking"] > 0
