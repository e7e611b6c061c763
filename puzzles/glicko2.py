"""The Glicko-2 rating system, as Mark Glickman's "Example of the Glicko-2 system" defines it.

Pure arithmetic, no Django. The step numbers in the comments are the paper's.

Why not a library: the one on PyPI (``glicko2`` 2.1.0, Kirkman's pyglicko2)
computes the new volatility with μ² where the paper has φ² (step 5's function
f), so its results depend on where a player stands on the scale, which the
paper's do not; the paper's own example, a player rated 1500 (μ = 0), hides
the slip. The whole algorithm is about sixty lines; it is
written out here and checked against the paper's worked example in
``tests/web/test_ratings.py``.

>>> player = Rating(1500, 200, 0.06)
>>> results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
>>> new = rate(player, results)
>>> round((new.rating - 1500) / SCALE, 4), round(new.deviation / SCALE, 4)
(-0.2069, 0.8722)
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale: 400 / ln(10)
TAU = 0.5  # the system constant: how fast volatility may change (the paper's 0.3 to 1.2)
EPSILON = 0.000001  # convergence tolerance of step 5


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's expected score (0 to 1) against the opponent."""
    return _expect(
        (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
    )


def rate(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these (opponent, score) results.

    A score is 1 for a win, 0 for a loss, 0.5 for a draw. With no results the
    deviation grows by the volatility (step 6 alone), as the paper says for a
    player who did not compete.
    """
    # Step 2: to the Glicko-2 scale.
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    games = [
        ((opponent.rating - 1500) / SCALE, opponent.deviation / SCALE, score)
        for opponent, score in results
    ]
    # Step 3: the estimated variance from game outcomes.
    v_inverse = 0.0
    improvement = 0.0  # the sum in step 4, reused in step 7
    for mu_j, phi_j, score in games:
        g = _g(phi_j)
        expected = _expect(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1 - expected)
        improvement += g * (score - expected)
    v = 1 / v_inverse
    # Step 4: the estimated improvement.
    delta = v * improvement
    # Step 5: the new volatility, by the Illinois algorithm.
    sigma = _new_volatility(phi, sigma, delta, v, tau)
    # Step 6: the pre-period deviation.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    # Step 7: new deviation and rating.
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * improvement
    # Step 8: back to the Glicko scale.
    return Rating(SCALE * mu + 1500, SCALE * phi, sigma)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
