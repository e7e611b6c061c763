"""Where a learner goes on from a puzzle when they came from a higher app's page.

A puzzle opened from an assignment should lead back to the assignment, not to
the next library puzzle. ``puzzles`` never imports the apps above it, so they
register a rule here (``classrooms`` does, in its ``ready``): ``rule(request)``
returns a ``Return`` when the request came from one of its pages, else None.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest


@dataclass(frozen=True)
class Return:
    url: str  # where "back" goes
    label: str  # what the link says
    query: str  # what the puzzle's own forms keep in their URL, e.g. "assignment=5"


ReturnRule = Callable[[HttpRequest], "Return | None"]
return_rules: list[ReturnRule] = []


def register_return(rule: ReturnRule) -> ReturnRule:
    if rule not in return_rules:
        return_rules.append(rule)
    return rule


def return_link(request: HttpRequest) -> Return | None:
    for rule in return_rules:
        found = rule(request)
        if found is not None:
            return found
    return None
