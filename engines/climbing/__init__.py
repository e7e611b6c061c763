"""The climbing-game core shared by 掼蛋 (Guandan) and 保皇 (Baohuang): the trick.

In a climbing game the leader plays any combination; each player after, in seat
order, either plays something that beats the play on top or passes. Play goes
round until everyone still in has passed after the top play: its owner has won
the trick and leads the next. A player who has shed every card is out and is
skipped. When the owner of the top play went out with it, the next leader is the
game's to choose (``next_leader``): by default the next player still in after the
owner; Guandan's 接风 gives the lead to the owner's partner.

What beats what is the game's (``beats``); this module only keeps the turns.
A hand's ``FinishingOrder`` records who went out in which place, and
``engines.climbing.tribute`` the tribute between hands.

>>> trick = ClimbingTrick(leader=0, seats=4, beats=lambda play, top: play > top)
>>> trick.play(0, 5, left=3); trick.play(1, 7, left=2); trick.pass_(2); trick.pass_(3)
>>> trick.is_over, trick.next_leader
(False, None)
>>> trick.pass_(0)
>>> trick.is_over, trick.owner, trick.next_leader
(True, 1, 1)

>>> order = FinishingOrder(seats=4)
>>> order.went_out(2); order.went_out(0); order.close([3, 1])
>>> order.places, order.place(3), order.first, order.last
((2, 0, 3, 1), 3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engines.errors import RuleError

__all__ = ["ClimbingTrick", "FinishingOrder", "IllegalTurn", "partner_leads"]


class IllegalTurn(RuleError):
    """A turn the trick's order forbids; ``code`` says which, ``reason`` why."""

    REASONS = {
        "over": ("这一轮已经结束了。", "This trick is over."),
        "not-your-turn": ("还没轮到这一家。", "It is not this seat's turn."),
        "lead-pass": ("首家必须出牌，不能过。", "The leader must play, not pass."),
        "too-low": ("要出比桌上的牌更大的牌，或者过。", "Beat the play on top, or pass."),
    }


@dataclass
class ClimbingTrick:
    """One trick of a climbing game.

    ``out`` holds the seats already out of cards before the trick (they are
    skipped); a seat that sheds its last card during the trick joins ``finished``
    (in order) and is skipped from then on. ``next_leader_of(owner, out)`` picks the
    next leader when the owner went out with the winning play.
    """

    leader: int
    seats: int
    beats: Callable[[Any, Any], bool]
    out: set[int] = field(default_factory=set)
    next_leader_of: Callable[[int, set[int]], int] | None = None
    to_play: int = field(init=False)
    top: Any = field(init=False, default=None)
    owner: int | None = field(init=False, default=None)
    passes: int = field(init=False, default=0)
    finished: list[int] = field(init=False, default_factory=list)
    history: list[tuple[int, Any]] = field(init=False, default_factory=list)
    over: int | None = field(init=False, default=None)  # the next leader, once over
    done: bool = field(init=False, default=False)

    def __post_init__(self):
        if not 2 <= self.seats <= 8:
            raise ValueError(f"a climbing trick has 2 to 8 seats, not {self.seats}")
        if self.leader in self.out or not 0 <= self.leader < self.seats:
            raise ValueError(f"seat {self.leader} cannot lead: it is out or no seat")
        self.out = set(self.out)
        self.to_play = self.leader

    # -- who is still in --------------------------------------------------------

    def still_in(self) -> list[int]:
        """The seats with cards, in seat order."""
        gone = self.out | set(self.finished)
        return [s for s in range(self.seats) if s not in gone]

    def following(self, seat: int) -> int | None:
        """The next seat after ``seat`` that still has cards (``None``: nobody)."""
        gone = self.out | set(self.finished)
        for step in range(1, self.seats + 1):
            nxt = (seat + step) % self.seats
            if nxt not in gone:
                return nxt
        return None

    @property
    def is_over(self) -> bool:
        return self.done

    @property
    def next_leader(self) -> int | None:
        """Who leads the next trick; ``None`` when nobody has cards left."""
        return self.over

    # -- turns -------------------------------------------------------------------

    def _turn(self, seat: int) -> None:
        if self.is_over:
            raise IllegalTurn("over")
        if seat != self.to_play:
            raise IllegalTurn("not-your-turn", f"seat {self.to_play} is to play, not {seat}")

    def play(self, seat: int, play: Any, *, left: int) -> None:
        """``seat`` plays ``play`` and has ``left`` cards after it."""
        self._turn(seat)
        if self.top is not None and not self.beats(play, self.top):
            raise IllegalTurn("too-low")
        self.top, self.owner, self.passes = play, seat, 0
        self.history.append((seat, play))
        if left == 0:
            self.finished.append(seat)
        self._advance(seat)

    def pass_(self, seat: int) -> None:
        """``seat`` passes (过); the leader may not."""
        self._turn(seat)
        if self.top is None:
            raise IllegalTurn("lead-pass")
        self.passes += 1
        self.history.append((seat, None))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        others = [s for s in self.still_in() if s != self.owner]
        if self.passes >= len(others):
            self._end()
            return
        self.to_play = self.following(seat)

    def _end(self) -> None:
        self.done = True
        owner = self.owner
        if owner not in self.finished:
            self.over = owner
        elif not self.still_in():
            self.over = None
        elif self.next_leader_of is not None:
            self.over = self.next_leader_of(owner, self.out | set(self.finished))
        else:
            self.over = self.following(owner)


def partner_leads(seats: int = 4) -> Callable[[int, Iterable[int]], int | None]:
    """接风: the owner's partner (opposite) leads when the owner went out unbeaten;
    if the partner is out too, the next seat still in after the owner."""

    def pick(owner: int, gone: Iterable[int]) -> int | None:
        gone = set(gone)
        mate = (owner + seats // 2) % seats
        if mate not in gone:
            return mate
        for step in range(1, seats + 1):
            nxt = (owner + step) % seats
            if nxt not in gone:
                return nxt
        return None

    return pick


@dataclass
class FinishingOrder:
    """Who went out in which place in one hand (上游/头游 first).

    Seats join with ``went_out`` as they shed their last card; when the hand ends
    before everyone is out (Guandan stops at 1-2 or after the third; Baohuang when
    one player is left) ``close`` puts the rest in the order the game says. Places
    count from 1.
    """

    seats: int
    out: list[int] = field(default_factory=list)
    closed: bool = False

    def went_out(self, seat: int) -> None:
        if self.closed:
            raise ValueError("the hand is over: nobody else goes out")
        if seat in self.out or not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is out already or no seat")
        self.out.append(seat)

    def close(self, rest: Iterable[int] = ()) -> None:
        """End the hand: ``rest`` are the seats still holding cards, best first."""
        rest = list(rest)
        if sorted(self.out + rest) != list(range(self.seats)):
            raise ValueError(f"the rest {rest} and the seats out {self.out} are not every seat")
        self.out += rest
        self.closed = True

    def remaining(self) -> list[int]:
        """The seats not out yet, in seat order."""
        return [s for s in range(self.seats) if s not in self.out]

    @property
    def places(self) -> tuple[int, ...]:
        return tuple(self.out)

    def place(self, seat: int) -> int | None:
        """``seat``'s place, 1 for the first out; ``None`` while it is still in."""
        return self.out.index(seat) + 1 if seat in self.out else None

    @property
    def first(self) -> int | None:
        return self.out[0] if self.out else None

    @property
    def last(self) -> int | None:
        """The last place (末游), once the order is closed."""
        return self.out[-1] if self.closed else None
