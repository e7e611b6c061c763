"""The 四国军棋 set-up question as a learner meets it: the prompt does not give the
answer away, and how to swap is said once the learner has found the set-up illegal."""

from __future__ import annotations

import random

from engines.junqi import name as point_name
from engines.junqi import random_setup, setup_faults
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.kinds.moves import FromTo

SETUP = get_kind("junqi.setup")


def legal_pieces(seed: int = 1) -> dict[str, str]:
    return {point_name(p): rank for p, rank in random_setup("S", random.Random(seed)).items()}


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
