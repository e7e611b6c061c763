"""The slow, obvious jump-chain search the tests and the bench hold ``jumps`` against."""

from engines.boards import HEX_DIRECTIONS, add
from engines.tiaoqi import STAR

__all__ = ["chains"]


def chains(position, start):
    """Brute force: every chain of jumps, tried one jump at a time, holes never
    landed on twice (CC-R04 only prunes loops), the start hole empty."""
    pieces = set(position.pieces) - {start}
    found = set()

    def walk(hole, seen):
        for d in HEX_DIRECTIONS:
            over, land = add(hole, d), add(hole, d, 2)
            if over in pieces and land in STAR and land not in pieces and land not in seen:
                found.add(land)
                walk(land, seen | {land})

    walk(start, {start})
    return found
