"""Puzzle kinds that live in the tests only, to prove the platform's seams.

``test.pick``: a small board of intersections with some stones; the learner
picks points. ``line`` is the solution: at each turn one of ``accept`` is
right, and the site answers with ``reply`` before the next turn. Points listed
in ``refute`` are wrong with a reply and an explanation; any other point is
wrong too.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from puzzles import kinds
from puzzles.boards import Piece, draw, grid_board, grid_picture
from puzzles.kinds import BadAnswer, InvalidPuzzle, PuzzleKind, Verdict, register
from puzzles.kinds.moves import Pick, arrange, picked, read_move

LETTERS = string.ascii_lowercase


def parse_point(text: str, size: int) -> tuple[int, int]:
    """``"a1"`` is the bottom-left corner; returns (column, row from the top)."""
    if not isinstance(text, str) or len(text) < 2 or len(text) > 3:
        raise ValueError(f"not a point: {text!r}")
    column = LETTERS.find(text[0])
    if not text[1:].isdigit() or column < 0:
        raise ValueError(f"not a point: {text!r}")
    row = int(text[1:])
    if not (0 <= column < size and 1 <= row <= size):
        raise ValueError(f"off the board: {text!r}")
    return column, size - row


def point_name(point: tuple[int, int], size: int) -> str:
    column, row = point
    return f"{LETTERS[column]}{size - row}"


@register
class PickKind(PuzzleKind):
    name = "test.pick"
    game = "go"

    def validate(self, data: Mapping[str, Any]) -> None:
        size = data.get("size")
        if not isinstance(size, int) or not 5 <= size <= 19:
            raise InvalidPuzzle("size must be a whole number from 5 to 19")
        stones = data.get("stones", {})
        for text, color in stones.items():
            self._point(text, size)
            if color not in ("black", "white"):
                raise InvalidPuzzle(f"stone {text} must be black or white")
        line = data.get("line")
        if not isinstance(line, list) or not line:
            raise InvalidPuzzle("line must list at least one turn")
        occupied = set(stones)
        for turn in line:
            accept = turn.get("accept")
            if not isinstance(accept, list) or not accept:
                raise InvalidPuzzle("every turn needs accepted points")
            for text in accept:
                self._point(text, size)
                if text in occupied:
                    raise InvalidPuzzle(f"accepted point {text} is occupied")
            occupied.add(accept[0])
            if "reply" in turn:
                self._point(turn["reply"], size)
                occupied.add(turn["reply"])
        for text in data.get("refute", {}):
            self._point(text, size)

    def _point(self, text: str, size: int) -> tuple[int, int]:
        try:
            return parse_point(text, size)
        except ValueError as error:
            raise InvalidPuzzle(str(error)) from None

    def start(self, data):
        return {"turn": 0, "stones": dict(data.get("stones", {}))}

    def parse_answer(self, data, state, post):
        text = super().parse_answer(data, state, post)
        try:
            parse_point(text, data["size"])
        except ValueError as error:
            raise BadAnswer(str(error)) from None
        return text

    def check(self, data, state, answer):
        stones = dict(state["stones"])
        if answer in stones:
            verdict = Verdict(
                kinds.WRONG, message={"zh": "这里已经有子了。", "en": "That point is taken."}
            )
            return verdict, state
        turn = data["line"][state["turn"]]
        stones[answer] = "black"
        if answer not in turn["accept"]:
            refute = data.get("refute", {}).get(answer, {})
            reply = refute.get("reply")
            if reply:
                stones[reply] = "white"
            verdict = Verdict(
                kinds.WRONG,
                message={"zh": "这一手没有用。", "en": "That stone does nothing."},
                answer={
                    "zh": f"正确的点：{'、'.join(turn['accept'])}。",
                    "en": f"The right point: {', '.join(turn['accept'])}.",
                },
                explanation=refute.get("why", ""),
                refutation=(reply,) if reply else (),
            )
            return verdict, {"turn": state["turn"], "stones": stones, "last": answer}
        if state["turn"] + 1 == len(data["line"]):
            return Verdict(kinds.CORRECT), {
                "turn": state["turn"] + 1,
                "stones": stones,
                "last": answer,
            }
        reply = turn.get("reply")
        if reply:
            stones[reply] = "white"
        verdict = Verdict(
            kinds.CONTINUE,
            message={"zh": f"白棋应 {reply}。", "en": f"White answers at {reply}."},
            reply=reply,
        )
        return verdict, {"turn": state["turn"] + 1, "stones": stones, "last": reply}

    def board(self, data, state, *, verdict=None, interactive=True):
        state = state or self.start(data)
        size = data["size"]
        stones = {parse_point(p, size): color for p, color in state["stones"].items()}
        marks = {}
        if state.get("last"):
            marks[parse_point(state["last"], size)] = "last"
        return grid_board(
            columns=size,
            rows=size,
            name_of=lambda point: point_name(point, size),
            stones=stones,
            marks=marks,
            column_labels=LETTERS[:size],
            row_labels=[str(size - r) for r in range(size)],
            clickable=interactive,
        )


# A rook at a1 to bring to a4 on a 5x5 board, past pieces at a5 and c1.
SLIDE = {"size": 5, "rook": "a1", "target": "a4", "blocks": ["a5", "c1"]}


@register
class SlideKind(PuzzleKind):
    """``test.slide``: move the rook (a red piece 车) along a line to ``target``
    in one move, through no other piece: a from-to move (``puzzles.kinds.moves``)."""

    name = "test.slide"
    game = "go"
    typed_moves = True
    typed_example = "a1a5"
    typed_length = 7
    from_to = True

    def validate(self, data):
        size = data.get("size")
        if not isinstance(size, int) or not 3 <= size <= 9:
            raise InvalidPuzzle("size must be a whole number from 3 to 9")
        for text in (data.get("rook"), data.get("target"), *data.get("blocks", [])):
            try:
                parse_point(text, size)
            except ValueError as error:
                raise InvalidPuzzle(str(error)) from None

    def start(self, data):
        return {}

    def _read(self, data):
        def read_point(text):
            text = text.lower()
            parse_point(text, data["size"])
            return text

        return read_point

    def destinations(self, data) -> set[str]:
        size, blocks = data["size"], set(data.get("blocks", []))
        column, row = parse_point(data["rook"], size)
        found = set()
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = column + dc, row + dr
            while 0 <= c < size and 0 <= r < size:
                name = point_name((c, r), size)
                if name in blocks:
                    break
                found.add(name)
                c, r = c + dc, r + dr
        return found

    def parse_answer(self, data, state, post):
        return read_move(post, self._read(data))

    def check(self, data, state, answer):
        start = answer.point if isinstance(answer, Pick) else answer.start
        if start != data["rook"]:
            words = {"zh": "那里没有你的棋子。", "en": "You have no piece there."}
            return Verdict(kinds.ILLEGAL, message=words), state
        if isinstance(answer, Pick):
            return picked(start, {"zh": "车拿起来了。", "en": "The rook is picked up."}), state
        if answer.end not in self.destinations(data):
            words = {"zh": "车只能直走，不能越子。", "en": "A rook goes straight, over nothing."}
            return Verdict(kinds.ILLEGAL, message=words), state
        if answer.end == data["target"]:
            return Verdict(kinds.CORRECT), {"moved": answer.text}
        return Verdict(kinds.WRONG, message={"zh": "没走到。", "en": "Not there."}), {
            "moved": answer.text
        }

    def board(self, data, state, *, verdict=None, interactive=True):
        size = data["size"]
        state = state or {}
        rook = data["rook"]
        if state.get("moved"):
            rook = state["moved"][len(data["rook"]) :]
        stones = {parse_point(p, size): "black" for p in data.get("blocks", [])}
        picture = grid_picture(
            columns=size,
            rows=size,
            name_of=lambda point: point_name(point, size),
            stones=stones,
            marks={parse_point(data["target"], size): "target"},
            column_labels=LETTERS[:size],
            row_labels=[str(size - r) for r in range(size)],
            clickable=False,
        )
        for spot in picture.spots:
            if spot.name == rook:
                spot.piece = Piece("red", "红车", "车")
        if not interactive:
            return draw(picture)
        lifted = verdict.picked if verdict is not None else ""
        targets = self.destinations(data) if lifted else ()
        return draw(arrange(picture, movable={rook}, picked=lifted, targets=targets))
