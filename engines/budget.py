"""A number of search nodes shared by several searches.

Proving a puzzle runs many searches (a reading per move of a Go tree, a VCF per
position of a Renju line, a solve per ending); a ``Budget`` bounds their total, so
the work one save or one load may cost is known in advance whatever the puzzle:

>>> budget = Budget(1000)
>>> budget.spend(600)
>>> budget.left
400
>>> budget.spend(500)
Traceback (most recent call last):
...
engines.budget.OutOfBudget: the search budget of 1,000 nodes is spent

Each search is given ``budget.left`` as its own node limit and reports what it
used with ``spend``; a search that stopped at its limit spends the rest.
"""

from __future__ import annotations


class OutOfBudget(Exception):
    """The budget is spent; ``budget.nodes`` says how large it was."""

    def __init__(self, budget: Budget):
        super().__init__(f"the search budget of {budget.nodes:,} nodes is spent")
        self.budget = budget


class Budget:
    def __init__(self, nodes: int):
        if nodes <= 0:
            raise ValueError("a budget needs at least one node")
        self.nodes = nodes
        self.spent = 0

    @property
    def left(self) -> int:
        return max(self.nodes - self.spent, 0)

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more; ``OutOfBudget`` once the total is past the budget."""
        self.spent += nodes
        if self.spent > self.nodes:
            raise OutOfBudget(self)

    def check(self) -> None:
        """``OutOfBudget`` if nothing is left (before starting one more search)."""
        if self.spent >= self.nodes:
            raise OutOfBudget(self)

    def __repr__(self) -> str:
        return f"Budget({self.spent:,}/{self.nodes:,})"


__all__ = ["Budget", "OutOfBudget"]
