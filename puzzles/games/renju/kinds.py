"""Renju puzzle kinds: every answer is judged by ``engines.renju``.

* ``renju.forbidden``: click every forbidden point for black, then Done; the answer
  is the set, and a partial answer is told what it missed and why, rows drawn.
* ``renju.is_forbidden``: is black's move at this point forbidden, and which kind?
* ``renju.five``: win in one.
* ``renju.vcf``: win by continuous fours; the site defends with the engine.
* ``renju.trap``: white's fours force black onto a forbidden point.
* ``renju.defend``: find the defence against the opponent's VCF.
* ``renju.point``, ``renju.claim`` and ``renju.diagram``: lesson exercises (make a
  four, a three, a four-three...; point out a foul under seed rule 6) and drawings.

The data formats are in ``content/renju/README.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.budget import Budget, OutOfBudget
from engines.renju import (
    BLACK,
    DOUBLE_FOUR,
    DOUBLE_THREE,
    OVERLINE,
    WHITE,
    Board,
    Foul,
    IllegalMove,
    Shape,
    get_variant,
    names,
    opponent,
    parse_point,
    parse_points,
    point_name,
    problems,
    sort_key,
)
from engines.renju.problems import black_foul
from engines.renju.solver import (
    KEY_NODES,
    added,
    defence_tree,
    defences,
    quick_line,
    quick_wins,
    vcf,
    vcf_tree,
)
from puzzles.boards import choice_buttons, submit_button
from puzzles.kinds import (
    CONTINUE,
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    PuzzleKind,
    Verdict,
    both,
    read_choice,
    register,
    toggle_mark,
)
from puzzles.kinds.goals import PointGoalKind
from puzzles.pictures import LessonPicture, register_picture

from .draw import draw
from .words import (
    COLOR,
    allowed_words,
    foul_verdict,
    foul_words,
    move_text,
    move_words,
    shape_words,
    win_words,
)

VCF_NODES = 150_000  # one search when a puzzle is proven
# All the searches that prove a puzzle when it is saved, unless the caller gives a
# budget of its own (a teacher's save does): generous, for the content we ship.
PREPARE_NODES = 2_000_000
# The one search a request may make (a four beyond the stored positions, or where
# the defender stops a quiet move): some 25 ms at the ~6,600 nodes a second the
# solver makes here; ``prepare`` looks for each position's stop with as many.
REQUEST_NODES = KEY_NODES
# What a teacher's save may spend proving and preparing a puzzle: about 3 s here;
# every shipped puzzle prepares within it.
SAVE_NODES = 20_000


# ---------------------------------------------------------------------------
# The position


def _points(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = data.get(key, "")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise InvalidPuzzle(f'{key} must list points, such as "h8 i9"')
    try:
        return tuple(parse_points(value))
    except ValueError as error:
        raise InvalidPuzzle(f"{key}: {error}") from None


@lru_cache(maxsize=512)
def _position(rules, black, white, to_move, moves) -> Board:
    variant = get_variant(rules)
    try:
        board = variant.setup(black, white, to_move) if black or white else variant()
        for number, point in enumerate(moves, start=1):
            try:
                board.play(point, allow_foul=True)
            except IllegalMove as error:
                raise InvalidPuzzle(f"move {number} ({point_name(point)}): {error}") from None
    except ValueError as error:
        raise InvalidPuzzle(str(error)) from None
    if board.is_over:
        raise InvalidPuzzle("the game is already over in this position")
    return board


def position(data: Mapping[str, Any]) -> Board:
    """A fresh copy of the puzzle's position: set-up stones, then any moves."""
    rules = data.get("rules", "renju")
    if rules not in ("renju", "gomoku"):
        raise InvalidPuzzle('rules must be "renju" or "gomoku"')
    to_move = data.get("to_move", "black")
    if to_move not in ("black", "white"):
        raise InvalidPuzzle('to_move must be "black" or "white"')
    black, white = _points(data, "black"), _points(data, "white")
    if "diagram" in data:
        if black or white:
            raise InvalidPuzzle("give the stones as a diagram or as black/white lists, not both")
        if not isinstance(data["diagram"], str):
            raise InvalidPuzzle("the diagram must be text")
        black, white = _diagram(data["diagram"])
    return _position(
        rules, black, white, BLACK if to_move == "black" else WHITE, _points(data, "moves")
    ).copy()


@lru_cache(maxsize=512)
def _diagram(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    try:
        board = Board.from_diagram(text)
    except ValueError as error:
        raise InvalidPuzzle(f"bad diagram: {error}") from None
    return tuple(board.stones(BLACK)), tuple(board.stones(WHITE))


def _point(data: Mapping[str, Any], key: str = "point") -> int:
    try:
        return parse_point(str(data.get(key, "")))
    except ValueError as error:
        raise InvalidPuzzle(f"{key}: {error}") from None


def replay(board: Board, moves: Iterable[str]) -> Board:
    """Play an attempt's moves (``"B k8"``, ``"W l8"``) on ``board``, unchecked."""
    for text in moves:
        color, _sep, where = text.partition(" ")
        board.push_color(parse_point(where), BLACK if color == "B" else WHITE)
    return board


class RenjuKind(PuzzleKind):
    game = "renju"
    typed_moves = True
    typed_example = "h8"
    save_budget = SAVE_NODES

    def start(self, data):
        return {}

    def parse_answer(self, data, state, post):
        """A clicked or typed point; kinds that take choices read their own."""
        return self.read_point(post)

    def answer_text(self, answer):
        return point_name(answer) if isinstance(answer, int) else str(answer)

    def read_point(self, post: Mapping[str, Any]) -> int:
        text = post.get("move")
        if not isinstance(text, str) or not text.strip():
            raise BadAnswer(_("no move was given"))
        try:
            return parse_point(text)
        except ValueError as error:
            raise BadAnswer(str(error)) from None

    def move_label(self, text):
        return move_words(text)


def _occupied() -> Verdict:
    return Verdict(ILLEGAL, message=IllegalMove("occupied").reason)


# ---------------------------------------------------------------------------
# Find every forbidden point


@register
class ForbiddenKind(RenjuKind):
    """Click every point where black may not play, then Done."""

    name = "renju.forbidden"
    title = gettext_lazy("Find the forbidden points")
    offers_hint = True

    def truth(self, data) -> dict[int, Foul]:
        return position(data).forbidden_points()

    def validate(self, data):
        board = position(data)
        if board.variant != "renju":
            raise InvalidPuzzle("free gomoku has no forbidden points to find")
        if not board.forbidden_points() and not data.get("none", False):
            raise InvalidPuzzle('no forbidden point here (say none = true for a "none" puzzle)')

    def start(self, data):
        return {"marked": []}

    def parse_answer(self, data, state, post):
        if post.get("answer") == "done":
            return "done"
        return point_name(self.read_point(post))

    def check(self, data, state, answer):
        marked = list(state.get("marked", []))
        if answer != "done":
            board = position(data)
            if board[parse_point(answer)]:
                return Verdict(
                    ILLEGAL, message=both("请点空的交叉点。", "Pick an empty point.")
                ), state
            return toggle_mark(state, answer)
        board = position(data)
        truth = board.forbidden_points()
        picked = {parse_point(p) for p in marked}
        missed = sorted(set(truth) - picked, key=sort_key)
        wrong = sorted(picked - set(truth), key=sort_key)
        state = {"marked": marked, "judged": True}
        if not missed and not wrong:
            if not truth:
                return Verdict(
                    CORRECT,
                    message=both(
                        "对：这里黑棋没有禁手。", "Right: black has no forbidden point here."
                    ),
                ), state
            details = [foul_words(truth[p]) for p in sorted(truth, key=sort_key)]
            message = both(
                f"全部找到（{len(truth)} 个）。" + "".join(d["zh"] for d in details),
                f"All {len(truth)} found. " + " ".join(d["en"] for d in details),
            )
            return Verdict(CORRECT, message=message), state
        zh, en = [], []
        found = len(set(truth) & picked)
        zh.append(f"找对 {found} 个，共 {len(truth)} 个禁手点。")
        en.append(f"{found} of {len(truth)} found.")
        if missed:
            zh.append(f"还漏了 {len(missed)} 个。")
            en.append(f"{len(missed)} still to find.")
        for p in wrong:
            words = allowed_words(board.analyse(p, BLACK))
            zh.append("不是禁手：" + words["zh"])
            en.append("Not forbidden — " + words["en"])
        answer_zh, answer_en = [], []
        for p in missed:
            words = foul_words(truth[p])
            answer_zh.append("漏了 " + words["zh"])
            answer_en.append("Missed: " + words["en"])
        answer = both("".join(answer_zh), " ".join(answer_en)) if missed else ""
        return Verdict(WRONG, message=both("".join(zh), " ".join(en)), answer=answer), state

    def hint(self, data, state):
        count = len(self.truth(data))
        en = (
            "There is one forbidden point here."
            if count == 1
            else f"There are {count} forbidden points here."
        )
        return both(f"这里一共有 {count} 个禁手点。", en), {}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        state = state or {}
        picked = {parse_point(p) for p in state.get("marked", [])}
        marks: dict[int, str] = {}
        shapes: list[Shape] = []
        found: list[Shape] = []
        missed: list[Shape] = []
        if state.get("judged"):
            truth = board.forbidden_points()
            # What was missed stays off the board until the answer is shown.
            show_missed = state.get("answer_shown") or (verdict is not None and verdict.is_correct)
            for p, foul in truth.items():
                if p in picked:
                    marks[p] = "good"
                    found.extend(foul.shapes)
                elif show_missed:
                    marks[p] = "cross"
                    missed.extend(foul.shapes)
            for p in picked - set(truth):
                marks[p] = "bad"
                shapes.extend(board.analyse(p, BLACK).of_kind("false-three"))
        else:
            marks.update(dict.fromkeys(picked, "picked"))
        # Marking: each point is a toggle button, pressed once marked.
        toggle = "" if state.get("judged") else "picked"
        picture = draw(
            board,
            marks=marks,
            shapes=shapes,
            found=found,
            missed=missed,
            clickable=interactive,
            toggle=toggle,
        )
        if not interactive:
            return picture
        # The picture is built escaped; so is the button.
        return mark_safe(picture + submit_button(_("Done: these are all")))  # noqa: S308


# ---------------------------------------------------------------------------
# Is this point forbidden?

VERDICTS = ("allowed", "five", DOUBLE_THREE, DOUBLE_FOUR, OVERLINE)


@register
class IsForbiddenKind(RenjuKind):
    name = "renju.is_forbidden"
    title = gettext_lazy("Forbidden or not")
    typed_moves = False

    def truth(self, board: Board, point: int) -> str:
        if board.makes_five(point, BLACK):
            return "five"
        foul = board.forbidden(point)
        return foul.kind if foul else "allowed"

    def validate(self, data):
        board = position(data)
        if board[_point(data)]:
            raise InvalidPuzzle(f"{data.get('point')} is occupied: ask about an empty point")

    def parse_answer(self, data, state, post):
        return read_choice(post, VERDICTS)

    def check(self, data, state, answer):
        board = position(data)
        point = _point(data)
        truth = self.truth(board, point)
        analysis = board.analyse(point, BLACK)
        words = foul_words(analysis.foul) if analysis.foul else allowed_words(analysis)
        status = CORRECT if answer == truth else WRONG
        return Verdict(status, message=words), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        point = _point(data)
        shapes: list[Shape] = []
        if verdict is not None:
            shapes = list(board.analyse(point, BLACK).shapes)
        picture = draw(board, marks={point: "target"}, shapes=shapes, clickable=False)
        if not interactive:
            return picture
        choices = [
            ("allowed", _("Allowed")),
            ("five", _("Five: black wins")),
            (DOUBLE_THREE, _("Double-three (三三)")),
            (DOUBLE_FOUR, _("Double-four (四四)")),
            (OVERLINE, _("Overline (长连)")),
        ]
        return mark_safe(picture + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# Win in one


@register
class FiveKind(RenjuKind):
    name = "renju.five"
    title = gettext_lazy("Make five")

    def validate(self, data):
        board = position(data)
        if not board.five_points(board.to_move):
            raise InvalidPuzzle("the side to move has no five to make")

    def check(self, data, state, answer):
        board = position(data)
        color = board.to_move
        zh_color, en_color = COLOR[color]
        if board[answer]:
            return _occupied(), state
        state = {"answer": point_name(answer)}
        fives = board.five_points(color)
        if answer in fives:
            board.push_color(answer, color)
            return Verdict(CORRECT, message=win_words(color, board.outcome().line)), state
        name = point_name(answer)
        five_answer = both(f"能成五的点：{names(fives)}。", f"The five: {names(fives)}.")
        if foul := black_foul(board, color, answer):
            return foul_verdict(
                foul,
                "黑棋下这里是禁手，白棋指出即判负。",
                "Black loses if White points it out.",
                answer=five_answer,
            ), state
        return Verdict(
            WRONG,
            message=both(
                f"{name} 不成五连：五连要同一条线上五颗同色棋子紧紧相连。",
                f"{name} makes no five: a five is five stones of one colour in an unbroken line.",
            ),
            answer=five_answer,
        ), state

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        marks, shapes = {}, []
        answer = (state or {}).get("answer")
        if answer and verdict is not None:
            p = parse_point(answer)
            marks[p] = "good" if verdict.is_correct else "bad"
            if verdict.is_correct:
                shapes = board.analyse(p, board.to_move).of_kind("five", OVERLINE)
            elif state.get("answer_shown"):  # the fives, once the learner asks
                for q in board.five_points(board.to_move):
                    marks.setdefault(q, "target")
        return draw(board, marks=marks, shapes=shapes, clickable=interactive)


# ---------------------------------------------------------------------------
# Win by continuous fours, and the forbidden-point trap


class PlayedOutKind(RenjuKind):
    """A position played on: the learner's moves and the engine's replies in ``moves``."""

    def start(self, data):
        return {"moves": []}

    def current(self, data, state) -> Board:
        return replay(position(data), state.get("moves", []))


def position_key(moves: Iterable[str]) -> str:
    """An attempt's position as ``prepare`` names it: the stones added since the
    start, sorted (``"B k8 W l8"``), so that transpositions share an entry."""
    return " ".join(sorted(moves))


def _stones_key(stones: Iterable[tuple[int, int]]) -> str:
    return position_key(move_text(color, point) for point, color in stones)


def _names(points: Iterable[int]) -> list[str]:
    return [point_name(p) for p in points]


def _parsed(texts: Iterable[str]) -> list[int]:
    return [parse_point(text) for text in texts]


def _limit(budget: Budget, nodes: int) -> int:
    """A search's own limit: ``nodes``, or what is left of the budget if less."""
    budget.check()
    return min(nodes, budget.left)


def _line_texts(first: int, line: Iterable[int]) -> list[str]:
    """A line of moves in turn, ``first`` to play first, as move texts."""
    return [
        move_text(first if number % 2 == 0 else opponent(first), point)
        for number, point in enumerate(line)
    ]


def _changed() -> Verdict:
    """The attempt's position is none the puzzle knows: the puzzle changed under it."""
    return Verdict(
        WRONG,
        message=both(
            "这道题在你做题期间改过了，请重新开始。",
            "This puzzle changed while you were solving it: please start it again.",
        ),
    )


class FoursKind(PlayedOutKind):
    """The attacker (the learner) plays fours; the site blocks with the engine.

    ``prepare`` works out the positions the learner can reach by winning fours
    (``engines.renju.solver.vcf_tree``): for each, every winning four, the shortest
    win, the defender's own VCF and whether the win's first point stops the
    attacker. Judging a four there only looks it up. Beside a win in one move, a
    four that keeps one needs no stored position: the attempt carries a winning
    line instead (``line`` in its state), as it does past a tree cut short by its
    bounds; there a four is judged by that line, a win in one, a stored position
    reached another way, or a search of at most ``REQUEST_NODES``, which says less
    when it cannot settle it. A quiet move is wrong; showing where the defender
    answers it costs at most one such search.
    """

    offers_hint = True
    max_moves = 21  # attacker's and defender's moves in the solution, at most
    max_positions = 500  # positions kept: beyond them the attempt carries its line

    def validate(self, data):
        """The start's checks, as one VCF search makes them (``prepare`` makes them
        too, then works out the tree): what a form can afford to ask on each post."""
        self.settle_start(position(data), Budget(2 * VCF_NODES))

    def settle_start(self, board: Board, budget: Budget) -> None:
        """A VCF puzzle: no five at once, a VCF proven, not too long to play."""
        if board.five_points(board.to_move):
            raise InvalidPuzzle("the side to move can make five at once: a renju.five puzzle")
        try:
            found = vcf(board, max_nodes=_limit(budget, VCF_NODES))
            budget.spend(found.nodes)
            if not found.win:
                raise InvalidPuzzle(
                    "the solver finds no VCF" + ("" if found.proven else " within its bounds")
                )
            if len(found.line) > self.max_moves:
                raise InvalidPuzzle(f"the VCF is {len(found.line)} moves long: too long to play")
            self.check_solution(board, budget)
        except OutOfBudget as error:
            raise InvalidPuzzle(f"proving it needs more work than allowed ({error})") from None

    def prepare(self, data, budget=None):
        budget = budget or Budget(PREPARE_NODES)
        board = position(data)
        self.settle_start(board, budget)
        try:
            tree = vcf_tree(
                board, max_nodes=_limit(budget, budget.left), max_positions=self.max_positions
            )
            budget.spend(tree.nodes)  # past the budget if the start could not be settled
        except OutOfBudget as error:
            raise InvalidPuzzle(f"proving it needs more work than allowed ({error})") from None
        if not tree.proven:
            raise InvalidPuzzle(
                f"not every first answer can be judged: the search stopped at {tree.reason}"
            )
        attacker, defender = tree.attacker, opponent(tree.attacker)
        positions = {}
        for key, node in tree.positions.items():
            wins = {}
            for move, (how, block, rest, _finish) in sorted(node.wins.items()):
                child = added(key, (move, attacker), (block, defender))
                # The rest of a win is kept where no position after it is.
                beyond = how == "quick" or (how == "four" and child not in tree.positions)
                wins[point_name(move)] = _names(rest) if beyond else []
            entry: dict[str, Any] = {"wins": wins, "line": _names(node.line)}
            if node.counter:
                entry["counter"] = _names(node.counter)
            if node.stop is not None:
                entry["stop"] = point_name(node.stop)
            positions[_stones_key(key)] = entry
        return {"positions": positions}

    def check_solution(self, board: Board, budget: Budget) -> None:
        pass

    def node(self, data, state) -> Mapping[str, Any] | None:
        """What ``prepare`` stored for the attempt's position (None: nothing, as
        beside a win in one move or past a tree cut short: the state's ``line``)."""
        positions = self.prepared(data)["positions"]
        return positions.get(position_key(state.get("moves", [])))

    def known(self, data, state) -> problems.Known | None:
        """The engine's view of what ``prepare`` stored for the attempt's position."""
        node = self.node(data, state)
        if node is None:
            return None
        return problems.Known(
            wins={parse_point(four): _parsed(rest) for four, rest in node["wins"].items()},
            line=_parsed(node["line"]),
            counter=_parsed(node.get("counter", [])),
            stop=parse_point(node["stop"]) if "stop" in node else None,
        )

    def check(self, data, state, answer):
        board = self.current(data, state)
        moves = list(state.get("moves", []))
        attacker = position(data).to_move
        defender = opponent(attacker)
        positions = self.prepared(data)["positions"]

        def kept(four: int, block: int) -> bool:
            after = [*moves, move_text(attacker, four), move_text(defender, block)]
            return position_key(after) in positions

        found = problems.judge_four(
            board,
            attacker,
            answer,
            known=self.known(data, state),
            kept=kept,
            carried=_parsed(state.get("line", [])),
            nodes=REQUEST_NODES,
        )
        if found.outcome == problems.OCCUPIED:
            return _occupied(), state
        return self.translate(found, attacker, answer, moves)

    def translate(self, found: problems.FourResult, attacker, answer, moves):
        """The engine's judgement in the learner's words, and the attempt's next state."""
        defender = opponent(attacker)
        zh_a, en_a = COLOR[attacker]
        zh_d, en_d = COLOR[defender]
        name = point_name(answer)
        mine = move_text(attacker, answer)
        wrong = {"moves": moves, "wrong": mine}
        outcome = found.outcome
        if outcome == problems.FIVE:
            words = win_words(attacker, found.row)
            return Verdict(CORRECT, message=words), {"moves": [*moves, mine]}
        if outcome == problems.FOUL:
            return foul_verdict(
                found.foul,
                "黑棋不能下这里：白棋指出即判黑负。",
                "Black may not play there: White points it out and wins.",
            ), wrong
        if outcome == problems.MISSED_FOUR:
            five, there = move_text(defender, found.five), point_name(found.five)
            return Verdict(
                WRONG,
                message=both(
                    f"{zh_d}棋已经有四，{name} 没有挡住：{zh_d}棋在 {there} 成五。",
                    f"{en_d} already has a four and {name} does not stop it: "
                    f"{en_d.lower()} makes five at {there}.",
                ),
                refutation=(move_words(five),),
            ), {**wrong, "shown": [five]}
        if outcome == problems.QUIET:
            return self._quiet(found, defender), wrong | self._shown(found, defender)
        if outcome == problems.UNKNOWN:
            return _changed(), wrong
        block = point_name(found.reply)
        reply = move_text(defender, found.reply)
        if outcome == problems.DOUBLE:
            words = both(
                f"活四（或双四）：{zh_d}棋只能挡住一头。",
                f"Two ways to make five: {en_d.lower()} can only block one.",
            )
            return Verdict(CONTINUE, message=words, reply=reply, reply_label=move_words(reply)), {
                "moves": [*moves, mine, reply]
            }
        if outcome == problems.TRAP:
            words = foul_words(found.foul)
            return Verdict(
                CORRECT,
                message=both(
                    f"黑棋必须挡在 {block}，可是{words['zh']}黑棋无路可走，白胜！",
                    f"Black must block at {block}, but {words['en']} "
                    "Black has no way out: white wins!",
                ),
            ), {"moves": [*moves, mine], "trap": block}
        if outcome == problems.FOUR:
            words = both(
                f"冲四！{zh_d}棋只能挡在 {block}。",
                f"A four! {en_d} must block at {block}.",
            )
            after = {"moves": [*moves, mine, reply]}
            if found.line:
                after["line"] = _names(found.line)
            return Verdict(
                CONTINUE, message=words, reply=reply, reply_label=move_words(reply)
            ), after
        if outcome == problems.FOUR_UNSETTLED:
            message = both(
                f"这是冲四，但{zh_d}棋挡在 {block} 之后，在本站限定的计算量内找不到取胜的手段。",
                f"A four, but after {en_d.lower()} blocks at {block}, "
                "no win can be found within the site's limits.",
            )
        else:
            message = both(
                f"这是冲四，但{zh_d}棋挡在 {block} 之后，{zh_a}棋再也没有连续冲四取胜的手段。",
                f"A four, but after {en_d.lower()} blocks at {block}, "
                f"{en_a.lower()} has no more fours that win.",
            )
        return Verdict(WRONG, message=message, refutation=(move_words(reply),)), {
            **wrong,
            "shown": [reply],
        }

    @staticmethod
    def _shown(found: problems.FourResult, defender) -> dict[str, list[str]]:
        return {"shown": [move_text(defender, found.reply)] if found.reply is not None else []}

    @staticmethod
    def _quiet(found: problems.FourResult, defender) -> Verdict:
        """Not a four: the defender is free, and answers as the engine chose."""
        zh_d, en_d = COLOR[defender]
        if found.reply_kind == problems.COUNTER:
            why = both(
                f"这不是冲四，{zh_d}棋得到一手：{zh_d}棋自己连续冲四取胜。",
                f"That is not a four, so {en_d.lower()} is free: "
                f"{en_d.lower()} wins with fours of its own.",
            )
        elif found.reply_kind == problems.STOP:
            stop = point_name(found.reply)
            why = both(
                f"这不是冲四，{zh_d}棋得到一手，在 {stop} 防住。",
                f"That is not a four, so {en_d.lower()} is free to defend at {stop}.",
            )
        else:
            why = both(
                f"这不是冲四：{zh_d}棋不必应，可以先防。",
                f"That is not a four: {en_d.lower()} need not answer it and defends first.",
            )
        reply = move_text(defender, found.reply) if found.reply is not None else None
        return Verdict(WRONG, message=why, refutation=(move_words(reply),) if reply else ())

    def line(self, data, state) -> list[int]:
        """A win from the attempt's position, the shortest where one is stored ([] if
        none is known)."""
        node = self.node(data, state)
        if node is not None:
            return _parsed(node["line"])
        if state.get("line"):
            return _parsed(state["line"])
        quick = quick_wins(self.current(data, state), position(data).to_move)
        return quick_line(quick) if quick else []

    def hint(self, data, state):
        line = self.line(data, state or {})
        fours = (len(line) + 1) // 2
        marks = {line[0]: "target"} if line else {}
        return both(
            f"还要 {fours} 手冲四（含最后一手）；从△处开始。",
            f"{fours} more moves of yours, fours all the way; start at the marked point.",
        ), marks

    def solution(self, data):
        return _line_texts(position(data).to_move, self.line(data, {}))

    def board(self, data, state, *, verdict=None, interactive=True):
        base = position(data)
        state = state or {}
        board = self.current(data, state)
        marks: dict[int, str] = {}
        labels: dict[int, str] = {}
        shown = state.get("shown") or []
        if state.get("wrong"):
            wrong = parse_point(state["wrong"].split()[1])
            board.push_color(wrong, base.to_move)
            marks[wrong] = "bad"
            for text in shown:
                if text:
                    p = parse_point(text.split()[1])
                    board.push_color(p, BLACK if text[0] == "B" else WHITE)
                    labels[p] = "1"
        for number, text in enumerate(state.get("solution") or [], start=1):
            p = parse_point(text.split()[1])
            board.push_color(p, BLACK if text[0] == "B" else WHITE)
            labels[p] = str(number)
        if state.get("trap"):
            marks[parse_point(state["trap"])] = "cross"
        if state.get("hint") and interactive:
            marks.update(self.hint(data, state)[1])
        return draw(board, marks=marks, labels=labels, clickable=interactive)


@register
class VcfKind(FoursKind):
    name = "renju.vcf"
    title = gettext_lazy("Win by fours (VCF)")


@register
class TrapKind(FoursKind):
    """White wins because black's only block is a forbidden point (a VCF that needs the foul)."""

    name = "renju.trap"
    title = gettext_lazy("Forbidden-point trap")

    def check_solution(self, board, budget):
        if board.to_move != WHITE:
            raise InvalidPuzzle("a trap is white's: white to move")
        free = get_variant("gomoku").setup(board.stones(BLACK), board.stones(WHITE), WHITE)
        result = vcf(free, max_nodes=_limit(budget, VCF_NODES))
        budget.spend(result.nodes)
        if result.win:
            raise InvalidPuzzle("white wins here even if black may block anywhere: no trap")


# ---------------------------------------------------------------------------
# Defend


@register
class DefendKind(PlayedOutKind):
    """The opponent threatens to win by fours: find the move that stops it.

    ``prepare`` works out (``engines.renju.solver.defence_tree``) the stops, the
    counter-fours and what becomes of each, the threat and the refutation of every
    other move, for the start and for every position after a counter-four and its
    block that still needs defending: judging an answer looks them up.
    """

    name = "renju.defend"
    title = gettext_lazy("Defend")
    offers_hint = True
    max_defences = 4
    max_positions = 100

    def analysis(self, board: Board):
        """The engine's defences of ``board``, searched afresh."""
        return defences(board, max_nodes=VCF_NODES)

    def validate(self, data):
        self.prepare(data)

    def prepare(self, data, budget=None):
        budget = budget or Budget(PREPARE_NODES)
        board = position(data)
        me = board.to_move
        try:
            if board.five_points(me):
                raise InvalidPuzzle("the side to move wins by itself: nothing to defend")
            own = vcf(board, max_nodes=_limit(budget, VCF_NODES))
            budget.spend(own.nodes)
            if own.win:
                raise InvalidPuzzle("the side to move wins by itself: nothing to defend")
            if board.five_points(opponent(me)):
                raise InvalidPuzzle(
                    "the opponent already has a four: the block is forced, no puzzle"
                )
            tree = defence_tree(
                board,
                max_nodes=_limit(budget, budget.left),
                max_positions=self.max_positions,
                search_nodes=VCF_NODES,
            )
            budget.spend(tree.nodes)  # past the budget if the tree stopped at its limit
            root = tree.positions.get(())
            if root is not None and root.defences.threat.proven and not root.defences.threat.win:
                raise InvalidPuzzle("the opponent has no VCF to defend against")
            if not tree.proven:
                raise InvalidPuzzle(
                    f"the defences could not all be proven within the bounds ({tree.reason})"
                )
        except OutOfBudget as error:
            raise InvalidPuzzle(f"proving it needs more work than allowed ({error})") from None
        stops = root.defences.stops
        if not stops:
            raise InvalidPuzzle("no quiet move defends: the position is lost")
        if len(stops) > self.max_defences:
            raise InvalidPuzzle(f"{len(stops)} moves defend: too many for a puzzle")
        positions = {}
        for key, node in tree.positions.items():
            found = node.defences
            threat = found.threat.line
            positions[_stones_key(key)] = {
                "threat": _names(threat),
                "stops": _names(found.stops),
                "counters": {
                    point_name(four): [how, point_name(block), _names(line)]
                    for four, (how, block, line) in node.counters.items()
                },
                # Every other move's refutation is the threat itself.
                "refute": {
                    point_name(p): _names(line)
                    for p, line in found.refutations.items()
                    if line != threat
                },
            }
        return {"positions": positions}

    def node(self, data, state) -> Mapping[str, Any] | None:
        positions = self.prepared(data)["positions"]
        return positions.get(position_key(state.get("moves", [])))

    def known(self, data, state) -> problems.KnownDefence | None:
        """The engine's view of what ``prepare`` stored for the attempt's position."""
        node = self.node(data, state)
        if node is None:
            return None
        return problems.KnownDefence(
            threat=_parsed(node["threat"]),
            stops=_parsed(node["stops"]),
            counters={
                parse_point(four): (how, parse_point(block), _parsed(later))
                for four, (how, block, later) in node["counters"].items()
            },
            refute={parse_point(p): _parsed(line) for p, line in node["refute"].items()},
        )

    def check(self, data, state, answer):
        board = self.current(data, state)
        me = position(data).to_move
        them = opponent(me)
        zh_t, en_t = COLOR[them]
        moves = list(state.get("moves", []))
        known = self.known(data, state)
        found = problems.judge_defence(board, me, answer, known=known)
        outcome = found.outcome
        if outcome == problems.OCCUPIED:
            return _occupied(), state
        mine = move_text(me, answer)
        name = point_name(answer)
        wrong = {"moves": moves, "wrong": mine}
        if outcome == problems.FIVE:
            return Verdict(CORRECT, message=both("五连，胜！", "Five in a row: you win!")), {
                "moves": [*moves, mine]
            }
        if outcome == problems.FOUL:
            return foul_verdict(
                found.foul, "黑棋不能在这里防守。", "Black may not defend there."
            ), wrong
        if outcome == problems.UNKNOWN:
            return _changed(), wrong
        if outcome == problems.DEFENDS:
            others = list(found.others)
            also = (
                both(f"（{names(others)} 也可以。）", f" ({names(others)} would also do.)")
                if others
                else both("", "")
            )
            threat = point_name(known.threat[0])
            words = both(
                f"防住了：{name} 之后{zh_t}棋再也没有连续冲四取胜"
                f"（原来的威胁从 {threat} 开始）。{also['zh']}",
                f"Defended: after {name}, {en_t.lower()} has no winning fours any more "
                f"(the threat began at {threat}).{also['en']}",
            )
            return Verdict(CORRECT, message=words), {"moves": [*moves, mine]}
        if outcome == problems.FAILS:
            line = _line_texts(them, found.line)
            return Verdict(
                WRONG,
                message=both(
                    f"{name} 防不住：{zh_t}棋照样连续冲四取胜。",
                    f"{name} does not stop it: {en_t.lower()} still wins by fours.",
                ),
                answer=both(
                    f"能防住的点：{names(known.stops)}。", f"The defence: {names(known.stops)}."
                ),
                refutation=tuple(move_words(t) for t in line),
            ), {**wrong, "shown": line}
        block_name = point_name(found.reply)
        reply = move_text(them, found.reply)
        if outcome == problems.COUNTER_DOUBLE:
            return Verdict(CORRECT, message=both("活四，胜定！", "Two ways to five: you win!")), {
                "moves": [*moves, mine]
            }
        if outcome == problems.COUNTER_TRAP:
            return Verdict(
                CORRECT,
                message=both(
                    f"黑棋只能挡在禁手点 {block_name}：白胜！",
                    f"Black could only block on a forbidden point, {block_name}: white wins!",
                ),
            ), {"moves": [*moves, mine]}
        if outcome == problems.COUNTER_SAFE:
            words = both(
                f"冲四，{zh_t}棋挡在 {block_name}；这一来{zh_t}棋的连续冲四也不成立了。",
                f"A four: {en_t.lower()} blocks at {block_name}, and with that"
                f" {en_t.lower()}'s fours no longer win.",
            )
            return Verdict(CORRECT, message=words), {"moves": [*moves, mine, reply]}
        if outcome == problems.COUNTER_GOES_ON:
            words = both(
                f"先冲四，{zh_t}棋挡在 {block_name}。威胁还在，继续防守。",
                f"A four first: {en_t.lower()} blocks at {block_name}. "
                "The threat is still there: now defend.",
            )
            return Verdict(CONTINUE, message=words, reply=reply, reply_label=move_words(reply)), {
                "moves": [*moves, mine, reply]
            }
        line = _line_texts(them, found.line)  # COUNTER_FAILS
        return Verdict(
            WRONG,
            message=both(
                f"冲四之后{zh_t}棋挡在 {block_name}，反而再也防不住了。",
                f"After your four and {en_t.lower()}'s block at {block_name}, "
                "nothing defends any more.",
            ),
            refutation=tuple(move_words(t) for t in [reply, *line]),
        ), {**wrong, "shown": [reply, *line]}

    def hint(self, data, state):
        node = self.node(data, state or {})
        if node is None or not node["threat"]:
            return both("对方没有威胁了。", "There is no threat left."), {}
        board = self.current(data, state or {})
        return both(
            f"{'黑' if board.to_move == WHITE else '白'}棋的威胁从△处开始。",
            "The threat starts at the marked point.",
        ), {parse_point(node["threat"][0]): "target"}

    def solution(self, data):
        stops = self.prepared(data)["positions"][""]["stops"]
        return [move_text(position(data).to_move, parse_point(stops[0]))] if stops else None

    def board(self, data, state, *, verdict=None, interactive=True):
        base = position(data)
        state = state or {}
        board = self.current(data, state)
        marks, labels = {}, {}
        if state.get("wrong"):
            wrong = parse_point(state["wrong"].split()[1])
            board.push_color(wrong, base.to_move)
            marks[wrong] = "bad"
            for number, text in enumerate(state.get("shown") or [], start=1):
                p = parse_point(text.split()[1])
                if board[p]:
                    break
                board.push_color(p, BLACK if text[0] == "B" else WHITE)
                labels[p] = str(number)
        for text in state.get("solution") or []:
            marks[parse_point(text.split()[1])] = "good"
        if state.get("hint") and interactive:
            marks.update(self.hint(data, state)[1])
        return draw(board, marks=marks, labels=labels, clickable=interactive)


# ---------------------------------------------------------------------------
# Lesson exercises: make a shape

GOALS = ("tengen", "name", "five", "four", "straight-four", "three", "four-three", "block")


@register
class PointKind(RenjuKind, PointGoalKind):
    """Play a stone that does what the lesson asks; the engine says whether it does."""

    name = "renju.point"
    title = gettext_lazy("Make the shape")
    goals = GOALS

    def _meets(self, data, board: Board, point: int) -> bool:
        goal = self.goal(data)
        color = board.to_move
        if goal == "tengen":
            return point == parse_point("h8")
        if goal == "name":
            return point == _point(data)
        if goal == "block":
            return point in board.five_points(opponent(color))
        analysis = board.analyse(point, color)
        if analysis.foul is not None:
            return False
        kinds = [s.kind for s in analysis.shapes]
        if goal == "five":
            return analysis.five
        if analysis.five:
            return False
        fours = sum(1 for k in kinds if k in ("four", "straight-four"))
        if goal == "four":
            return fours >= 1
        if goal == "straight-four":
            return "straight-four" in kinds
        if goal == "three":
            return "three" in kinds and not fours
        return fours >= 1 and "three" in kinds  # four-three

    def answers(self, data) -> list[int]:
        board = position(data)
        return [p for p in board.empty_points() if self._meets(data, board, p)]

    def refuse(self, data, answer):
        return _occupied() if position(data)[answer] else None

    def meets(self, data, answer):
        return self._meets(data, position(data), answer)

    def right(self, data, answer):
        board = position(data)
        name = point_name(answer)
        goal = self.goal(data)
        if goal in ("tengen", "name"):
            return both(f"对，这就是 {name}。", f"Yes, this is {name}.")
        if goal == "block":
            return both(
                f"挡住了：{name} 正是对方成五的点。",
                f"Blocked: {name} was where the five would go.",
            )
        analysis = board.analyse(answer, board.to_move)
        rows = [shape_words(s) for s in analysis.shapes if s.kind != "false-three"]
        return both(
            f"好：{'、'.join(zh for zh, _e in rows)}。",
            f"Good: {'; '.join(en for _z, en in rows)}.",
        )

    def wrong(self, data, answer):
        board = position(data)
        name = point_name(answer)
        goal = self.goal(data)
        if goal == "tengen":
            return both(
                f"{name} 不在正中央：天元的上下左右，到边上的线一样多。",
                f"{name} is not the centre: tengen has as many lines on every side.",
            )
        if goal == "name":
            return both(
                f"你点的是 {name}。字母是从左数第几列，数字是从下数第几行。",
                f"You clicked {name}. The letter is the column from the left, the number"
                " the row from the bottom.",
            )
        if goal == "block":
            return both(
                f"{name} 挡不住：对方下一手还能连成五。",
                f"{name} does not block: the other side still makes five next move.",
            )
        analysis = board.analyse(answer, board.to_move)
        if analysis.foul is not None:
            return foul_words(analysis.foul)
        rows = [shape_words(s) for s in analysis.shapes]
        if rows:
            return both(
                f"{name}：{'、'.join(zh for zh, _e in rows)}。",
                f"{name} makes {'; '.join(en for _z, en in rows)}.",
            )
        return both(f"{name} 不成三，也不成四。", f"{name} makes no three and no four.")

    def answer_words(self, data):
        answers = self.answers(data)
        right = names(answers)
        return both(
            f"正确的点：{right.replace(', ', '、')}。",
            f"The right point{'s' if len(answers) > 1 else ''}: {right}.",
        )

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        marks, shapes = {}, []
        answer = (state or {}).get("answer")
        if answer and verdict is not None and not verdict.is_illegal:
            p = parse_point(answer)
            marks[p] = "good" if verdict.is_correct else "bad"
            shapes = list(board.analyse(p, board.to_move).shapes)
            if state.get("answer_shown"):  # the right points, once asked for
                marks.update(dict.fromkeys(self.answers(data), "good"))
        return draw(board, marks=marks, shapes=shapes, clickable=interactive)


# ---------------------------------------------------------------------------
# Seed rule 6: white must point out the foul at once


@register
class ClaimKind(RenjuKind):
    """After these moves, may white point out a foul (and win)?"""

    name = "renju.claim"
    title = gettext_lazy("Claim a foul")
    typed_moves = False

    def validate(self, data):
        board = position(data)
        if not data.get("moves"):
            raise InvalidPuzzle("a claim needs the moves of the game so far")
        if board.to_move != WHITE:
            raise InvalidPuzzle("white is to move: it is white who may claim")

    def parse_answer(self, data, state, post):
        return read_choice(post, ["claim", "play"])

    def check(self, data, state, answer):
        board = position(data)
        foul = board.pending_foul
        last = (
            point_name(board.move_stack[-1].point) if board.move_stack[-1].point is not None else ""
        )
        if foul is not None:
            words = foul_words(foul)
            message = both(
                f"{words['zh']}白棋应立即指出，黑方判负（规则第六条）。",
                f"{words['en']} White points it out at once and black loses (rule 6).",
            )
            truth = "claim"
        else:
            lapsed = board.lapsed_fouls()
            if lapsed:
                message = both(
                    f"黑棋的禁手（{point_name(lapsed[-1].point)}）当时白棋没有立即指出，反而继续落子，"
                    "禁手失效，现在不能再判黑负。",
                    f"Black's foul at {point_name(lapsed[-1].point)} was not pointed out at once: "
                    "white played on, so it no longer counts.",
                )
            else:
                message = both(
                    f"黑棋 {last} 不是禁手，没有什么可指出的。",
                    f"Black's {last} is not a forbidden move: there is nothing to claim.",
                )
            truth = "play"
        return Verdict(CORRECT if answer == truth else WRONG, message=message), {"answer": answer}

    def board(self, data, state, *, verdict=None, interactive=True):
        board = position(data)
        shapes = []
        marks = {}
        if verdict is not None and board.pending_foul is not None:
            shapes = list(board.pending_foul.shapes)
            marks[board.pending_foul.point] = "cross"
        picture = draw(board, marks=marks, shapes=shapes, clickable=False)
        if not interactive:
            return picture
        choices = [
            ("claim", _("Point out the foul: black loses")),
            ("play", _("No claim: white plays on")),
        ]
        return mark_safe(picture + choice_buttons(choices))  # noqa: S308


# ---------------------------------------------------------------------------
# A drawing for a lesson step


@register_picture
class Diagram(LessonPicture):
    """A position with marks, and optionally black's fouls and a stone's rows drawn."""

    name = "renju.diagram"
    game = "renju"

    def validate(self, data):
        position(data)
        marks = data.get("marks", {})
        if not isinstance(marks, Mapping):
            raise InvalidPuzzle("marks maps points to good, bad, target or cross")
        for where, mark in marks.items():
            parse_point(where)
            if mark not in ("good", "bad", "target", "cross", "last"):
                raise InvalidPuzzle(f"unknown mark {mark!r}")
        for where in data.get("rows", []):
            _point({"p": where}, "p")

    def draw(self, data):
        board = position(data)
        marks = {parse_point(p): m for p, m in data.get("marks", {}).items()}
        shapes: list[Shape] = []
        if data.get("show_forbidden"):
            for p, foul in board.forbidden_points().items():
                marks.setdefault(p, "cross")
                shapes.extend(foul.shapes)
        for where in data.get("rows", []):  # what a stone here would make, drawn
            p = parse_point(where)
            shapes.extend(board.analyse(p, board.to_move).shapes)
        return draw(board, marks=marks, shapes=shapes, clickable=False)
