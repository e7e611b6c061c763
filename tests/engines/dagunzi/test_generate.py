"""``engines.dagunzi.generate``: seeded random endings, each with something to find."""

from __future__ import annotations

from engines.dagunzi import legal_plays
from engines.dagunzi.generate import MIN_MARGIN, endings, side_points
from engines.dagunzi.solver import solve


def test_the_same_seed_gives_the_same_endings():
    first = [f.ending for f in endings(6, seed=11)]
    again = [f.ending for f in endings(6, seed=11)]
    assert first == again
    assert first != [f.ending for f in endings(6, seed=12)]


def test_every_kept_ending_has_a_minority_of_best_plays_worth_ten_points():
    found = list(endings(20, seed=3))
    assert len(found) == 20
    for f in found:
        e = f.ending
        assert e.to_play == 0
        assert 3 <= len(e.hands[0]) <= 5
        legal = legal_plays(e.hands[0], e.trick, e.order, follow=e.follow)
        solution = solve(e)  # the search again, without a node limit
        assert set(solution.values) == set(legal)
        assert 2 * len(solution.best) < len(legal)
        assert solution.best == f.solution.best
        scores = [side_points(e, solution, p) for p in legal]
        assert max(scores) - min(scores) >= MIN_MARGIN
        assert f.best == max(scores) and f.worst == min(scores)
        assert 500 <= f.rating <= 1700
