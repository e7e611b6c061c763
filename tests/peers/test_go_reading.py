"""Our tactical reader against GNU Go's ``attack`` and ``defend`` (GTP).

For every position of ``tests/peers/go_tactics.py`` both engines answer two
questions about the target chain: can its opponent, moving first, capture it
(``attack``), and can its owner, moving first, save it (``defend``)? The
verdicts must match; where GNU Go names a move that succeeds, our reader must
judge that same first move correct (``check_first_move``). GNU Go's ko answers
(codes 2 and 3) are kept out of the set: one here fails the test, since the
set is meant to hold none.
"""

from __future__ import annotations

import pytest

from engines.go import BLACK, WHITE, parse_point, point_name
from engines.go.reading import attack, check_first_move, defend
from tests.peers.gnugo import GnuGo, require_gnugo
from tests.peers.go_tactics import SAMPLED, ladder_positions

POSITIONS = ladder_positions() + SAMPLED


@pytest.fixture(scope="module")
def gnugo():
    require_gnugo()
    with GnuGo(["--chinese-rules"]) as engine:
        yield engine


def ask_gnugo(gnugo, tactic):
    board = tactic.board()
    n = tactic.size
    commands = [f"boardsize {n}", "clear_board"]
    commands += [f"play B {point_name(p, n)}" for p in board.stones(BLACK)]
    commands += [f"play W {point_name(p, n)}" for p in board.stones(WHITE)]
    commands += [f"attack {tactic.target}", f"defend {tactic.target}"]
    replies = gnugo.batch(commands)
    assert all(reply.ok for reply in replies), replies
    return replies[-2].text.split(), replies[-1].text.split()


def test_the_set_is_large_enough():
    assert len(POSITIONS) >= 50
    assert {t.size for t in POSITIONS} == {9, 13, 19}


@pytest.mark.parametrize("tactic", POSITIONS, ids=lambda t: f"{t.label}-{t.target}")
def test_reader_agrees_with_gnugo(gnugo, tactic):
    board = tactic.board()
    target = tactic.target_point
    gnu_attack, gnu_defend = ask_gnugo(gnugo, tactic)
    for gnu, ours, aim in (
        (gnu_attack, attack(board, target), "capture"),
        (gnu_defend, defend(board, target), "save"),
    ):
        code = gnu[0]
        assert code in ("0", "1"), f"GNU Go answers with a ko code: {gnu}"
        assert ours.complete
        assert ours.success == (code == "1"), (aim, gnu, ours)
        if code == "1" and len(gnu) > 1 and gnu[1] != "PASS":
            move = parse_point(gnu[1], tactic.size)
            correct, refutation = check_first_move(board, target, move, aim)
            names = [point_name(p, tactic.size) for p in refutation]
            assert correct, f"GNU Go's {aim} {gnu[1]} refuted by {names}"
        if ours.success and ours.move is not None:
            # Our own first move is proven by our reader, whatever GNU Go picked.
            assert check_first_move(board, target, ours.move, aim)[0]
