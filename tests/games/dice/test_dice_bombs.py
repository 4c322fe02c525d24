"""Dice bombs are refused quickly, with the input quoted and the limit named."""

from __future__ import annotations

import time

import pytest

from games.dice import DiceError, roll_notation
from games.dice.limits import (
    MAX_DICE_PER_TERM,
    MAX_DICE_TOTAL,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    MAX_ROLLS,
    MAX_SIDES,
)
from games.engine import Rng

BOMBS = [
    "1000000d1000000",
    "1d1e1",
    "1d1000000000",
    "10000d6",
    "(" * 60 + "1d6" + ")" * 60,
    "4d6rrl1",
    "1d6rr<7",
    "1d6e>0",
    "100d6e>1",
    "100d1000rr<1000",
    "60d6+60d6+60d6+60d6",
    "1d6+" * 60 + "1",
    "9" * 5000 + "d6",
    "(100d1000e>1,100d1000e>1)kh1",
    "1d0",
]


@pytest.mark.parametrize("bomb", BOMBS, ids=lambda b: b[:30])
def test_bomb_is_refused_fast(bomb: str) -> None:
    """Every dice bomb raises DiceError in well under 50 ms (best of 3: a loaded CI machine
    can pause any single run; a real bomb would take seconds every time)."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        with pytest.raises(DiceError):
            roll_notation(bomb, Rng(1))
        times.append(time.perf_counter() - start)
    assert min(times) < 0.05


def test_too_many_dice_in_a_term_quotes_the_ask() -> None:
    """The message names the per-term limit and the term asked for."""
    with pytest.raises(DiceError) as caught:
        roll_notation("1000000d1000000", Rng(1))
    assert caught.value.message.startswith(
        f"at most {MAX_DICE_PER_TERM} dice in one term; you asked for 1000000d1000000"
    )


def test_too_many_dice_overall() -> None:
    """Dice are summed over the terms of one roll."""
    with pytest.raises(DiceError, match=f"at most {MAX_DICE_TOTAL} dice in one roll"):
        roll_notation("60d6+60d6+60d6+60d6", Rng(1))


def test_too_many_sides() -> None:
    """A die has at most MAX_SIDES sides."""
    with pytest.raises(DiceError, match=f"at most {MAX_SIDES} sides"):
        roll_notation("1d1000000000", Rng(1))


def test_too_long() -> None:
    """The length is checked before parsing."""
    with pytest.raises(DiceError, match=f"at most {MAX_EXPRESSION_LENGTH} characters"):
        roll_notation("1" * (MAX_EXPRESSION_LENGTH + 1), Rng(1))


def test_too_deep() -> None:
    """Parentheses nest at most MAX_NESTING deep."""
    deep = "(" * (MAX_NESTING + 1) + "1d6" + ")" * (MAX_NESTING + 1)
    with pytest.raises(DiceError, match="levels of parentheses"):
        roll_notation(deep, Rng(1))


def test_nesting_at_the_limit_is_fine() -> None:
    """Exactly MAX_NESTING levels still rolls."""
    ok = "(" * MAX_NESTING + "1d6" + ")" * MAX_NESTING
    assert 1 <= roll_notation(ok, Rng(1)).total <= 6


def test_endless_explosion_refused_before_rolling() -> None:
    """1d1e1 is refused by the static check: no die is drawn at all."""
    rng = Rng(1)
    with pytest.raises(DiceError, match="explode forever: a d1 always shows 1"):
        roll_notation("1d1e1", rng)
    assert rng.rolls_made == 0


def test_endless_reroll_of_lowest_refused() -> None:
    """4d6rrl1 would reroll "the lowest die" forever."""
    with pytest.raises(DiceError, match="reroll forever"):
        roll_notation("4d6rrl1", Rng(1))


def test_long_chain_stops_at_roll_budget() -> None:
    """An explosion that almost always goes on stops at MAX_ROLLS dice."""
    with pytest.raises(DiceError, match=f"at most {MAX_ROLLS} dice per roll"):
        roll_notation("100d6e>1", Rng(1))


def test_partial_explosion_is_allowed() -> None:
    """1d6e6 is fine: it stops as soon as a face other than 6 comes up."""
    assert roll_notation("1d6e6", Rng(1)).total >= 1
