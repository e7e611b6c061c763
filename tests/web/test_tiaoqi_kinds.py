"""The 跳棋 puzzle kinds, judged as a learner's answer is."""

from puzzles.games.tiaoqi.kinds import MoveKind
from puzzles.games.tiaoqi.words import move_text
from puzzles.kinds import CORRECT, WRONG
from puzzles.kinds.moves import FromTo

# Red already has a piece in its target (a16); only f10 can get in, over f11 and f13.
INTO_CAMP = {
    "red": ["c3", "a4", "g7", "h7", "i7", "d8", "c9", "f10", "f11", "a16"],
    "green": ["b2", "c4", "f6", "g6", "i6", "e9", "e10", "f13", "d14", "a15"],
    "goal": "target",
}


def test_moving_inside_the_target_is_not_moving_into_it():
    kind = MoveKind()
    assert [move_text(m) for m in kind.answers(INTO_CAMP)] == ["f10-a14"]
    inside, _state = kind.check(INTO_CAMP, {}, FromTo("a16", "a14"))
    assert inside.status == WRONG
    into, _state = kind.check(INTO_CAMP, {}, FromTo("f10", "a14"))
    assert into.status == CORRECT
