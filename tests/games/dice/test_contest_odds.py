"""Exact contested-roll odds (rule 34) equal enumeration of every roll through `contest`."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from games.dice import contest
from games.dice.contest_odds import contest_odds


@pytest.mark.parametrize(("a", "b"), [(1, 1), (2, 1), (1, 3), (3, 2), (3, 3)])
def test_matches_every_roll(a: int, b: int) -> None:
    """Win, tie, loss and overkill chances equal `contest` run on every pair of rolls."""
    outcomes: Counter[tuple[str | None, int]] = Counter()
    for roll in itertools.product(range(1, 7), repeat=a + b):
        result = contest(roll[:a], roll[a:])
        outcomes[(result.winner, result.overkill)] += 1
    total = 6 ** (a + b)
    odds = contest_odds(a, b)
    assert odds.a_wins == Fraction(sum(n for (w, _), n in outcomes.items() if w == "a"), total)
    assert odds.tie == Fraction(outcomes[(None, 0)], total)
    assert odds.b_wins == Fraction(sum(n for (w, _), n in outcomes.items() if w == "b"), total)
    overkill = Counter[int]()
    for (winner, amount), n in outcomes.items():
        if winner is not None:
            overkill[amount] += n
    assert dict(odds.overkill) == {k: Fraction(n, total) for k, n in overkill.items()}


def test_twenty_against_twenty_is_quick_to_build() -> None:
    """The largest contest (20 dice a side) is exact and sums to one."""
    odds = contest_odds(20, 20)
    assert odds.a_wins + odds.tie + odds.b_wins == 1
    assert odds.a_wins == odds.b_wins
