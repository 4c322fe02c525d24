"""Properties of rule 34 that must hold for any dice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.dice import contest, roll_contest
from games.engine import Rng

dice = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=8)


@given(dice, dice)
def test_contest_is_antisymmetric(a: list[int], b: list[int]) -> None:
    """Swapping the sides swaps the winner and keeps the overkill."""
    forward, backward = contest(a, b), contest(b, a)
    swap = {"a": "b", "b": "a", None: None}
    assert backward.winner == swap[forward.winner]
    assert backward.overkill == forward.overkill


@given(dice, dice)
def test_overkill_at_most_winners_dice(a: list[int], b: list[int]) -> None:
    """Overkill never exceeds the winner's dice count, and a tie has none."""
    result = contest(a, b)
    if result.winner is None:
        assert result.overkill == 0
    else:
        assert result.overkill <= len(a if result.winner == "a" else b)


@given(dice)
def test_order_of_dice_does_not_matter(a: list[int]) -> None:
    """The comparison sorts: any order of the same dice gives the same result."""
    assert contest(a, [3, 3]) == contest(list(reversed(a)), [3, 3])


@given(st.integers(0, 2**32), st.integers(1, 6), st.integers(1, 6), st.integers(0, 2))
def test_roll_contest_is_seed_deterministic(seed: int, a: int, b: int, rerolls: int) -> None:
    """The same seed gives the same contest, rerolls included."""
    first = roll_contest(a, b, Rng(seed), a_rerolls=rerolls, b_rerolls=rerolls)
    again = roll_contest(a, b, Rng(seed), a_rerolls=rerolls, b_rerolls=rerolls)
    assert first == again
    assert len(first.events) == 2 + len(first.rerolls)
