"""Marking drills: tick every point that answers the question, then Done.

The ticks are kept in ``state["marked"]`` (``toggle_mark`` adds or takes one off);
Done judges them against the engine's ``truth``, the names of every right point:
how many were found, each wrong tick with the rule that refuses it, how many are
still to find, and the whole answer for when the learner asks. 象棋's, 跳棋's and
军棋's "where can this piece go" and 军棋's "which pieces can get there" judge
their ticks here, each game saying its own rules.

>>> verdict, state = judge_ticks(
...     {"marked": ["e5", "e7"]}, {"e5", "e6"}, lambda name: both("挡住了。", "Blocked."),
...     right=both("对。", "Right."), answer=both("e5、e6。", "e5, e6."))
>>> verdict.status, verdict.message["en"], state["judged"]
('wrong', '1 of 2 found. e7: Blocked. 1 still to find.', True)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from . import CORRECT, WRONG, Verdict, both
from .moves import read_clicked


def read_tick(post: Mapping[str, Any], read_point: Callable[[str], str]) -> str:
    """A marking drill's answer: ``"done"``, or the point ticked, as the game writes
    it (``read_point``; ``BadAnswer`` for anything else)."""
    if post.get("answer") == "done":
        return "done"
    return read_clicked(post, read_point)


def judge_ticks(
    state: Mapping[str, Any],
    truth: Collection[str],
    why_not: Callable[[str], dict[str, str]],
    *,
    right: dict[str, str],
    answer: dict[str, str],
    unit: str = "个",
    order: Callable[[str], Any] | None = None,
) -> tuple[Verdict, dict[str, Any]]:
    """Judge the ticks in ``state`` against ``truth``: ``right`` when they are
    exactly the truth; otherwise how many were found, ``why_not(name)`` for each
    wrong tick (in ``order``), how many are missed (counted in ``unit``, 个 or
    个点), and ``answer`` to show on request when some were missed."""
    marked = list(state.get("marked", []))
    chosen, truth = set(marked), set(truth)
    state = {"marked": marked, "judged": True}
    if chosen == truth:
        return Verdict(CORRECT, message=right), state
    parts = [
        both(
            f"找对 {len(chosen & truth)} 个，共 {len(truth)} 个。",
            f"{len(chosen & truth)} of {len(truth)} found.",
        )
    ]
    for name in sorted(chosen - truth, key=order):
        words = why_not(name)
        parts.append(both(f"{name}：{words['zh']}", f"{name}: {words['en']}"))
    missed = truth - chosen
    if missed:
        parts.append(both(f"还漏了 {len(missed)} {unit}。", f"{len(missed)} still to find."))
    message = both("".join(p["zh"] for p in parts), " ".join(p["en"] for p in parts))
    return Verdict(WRONG, message=message, answer=answer if missed else ""), state


def tick_marks(
    state: Mapping[str, Any], truth: Collection[str], verdict: Verdict | None
) -> dict[str, str]:
    """How the board shows the ticks: picked while ticking; once judged, each
    tick good or bad, and the points missed crossed when solved or shown."""
    marked = list(state.get("marked", []))
    if not state.get("judged"):
        return dict.fromkeys(marked, "picked")
    marks = {name: "good" if name in truth else "bad" for name in marked}
    if state.get("answer_shown") or (verdict is not None and verdict.is_correct):
        marks.update({name: "cross" for name in truth if name not in marks})
    return marks


__all__ = ["judge_ticks", "read_tick", "tick_marks"]
