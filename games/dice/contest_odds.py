"""Exact odds of a Road Wolf contested roll (rule 34), from the same engine as `/odds`.

Both sides' d6 pools are read together from the highest face down (an icepool multiset
evaluator, never enumeration): at the first face where the sides hold different numbers of
dice, the side with more of that face wins (its next die is that face, the other's is lower or
missing); equal all the way is a tie. Overkill counts the winner's dice strictly above the
loser's highest die. Rerolls are not included: the bot plays them after seeing the dice.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import icepool
from icepool import MultisetEvaluator, Order, UnsupportedOrder

from games.dice.contest import _check_count

A_WINS, TIE, B_WINS = 1, 0, -1

_State = tuple[int, int, int, bool, bool]


@dataclass(frozen=True)
class ContestOdds:
    """P(A wins), P(tie), P(B wins), and P(winner's overkill == k) for each k."""

    a_wins: Fraction
    tie: Fraction
    b_wins: Fraction
    overkill: tuple[tuple[int, Fraction], ...]


class _Rule34(MultisetEvaluator[int, tuple[int, int]]):  # type: ignore[misc]
    """State: (winner so far, A's dice above B's highest, B's above A's, A seen, B seen)."""

    def next_state(self, state: Hashable, order: Order, outcome: int, /, *counts: Any) -> Hashable:
        if order != Order.Descending:
            raise UnsupportedOrder()
        a_count, b_count = counts
        current: _State = cast(_State, state) or (TIE, 0, 0, False, False)
        winner, a_above, b_above, a_seen, b_seen = current
        if winner == TIE and a_count != b_count:
            winner = A_WINS if a_count > b_count else B_WINS
        if not b_seen and not b_count:
            a_above += a_count
        if not a_seen and not a_count:
            b_above += b_count
        return winner, a_above, b_above, a_seen or a_count > 0, b_seen or b_count > 0

    def final_outcome(
        self, final_state: Hashable, order: Order, outcomes: tuple[int, ...], /, *sizes: Any
    ) -> tuple[int, int]:
        winner, a_above, b_above, _, _ = cast(_State, final_state)
        overkill = {A_WINS: a_above, B_WINS: b_above, TIE: 0}[winner]
        return winner, overkill


def contest_odds(a_dice: int, b_dice: int) -> ContestOdds:
    """Exact odds of `a_dice` d6 against `b_dice` d6 by rule 34, before any reroll."""
    _check_count(a_dice, "A")
    _check_count(b_dice, "B")
    die = icepool.d6
    result = _Rule34().evaluate(die.pool(a_dice), die.pool(b_dice))
    denominator = result.denominator()
    chances = {o: Fraction(result.quantity(o), denominator) for o in result.outcomes()}
    by_winner = {w: sum((p for (o, _), p in chances.items() if o == w), Fraction(0))
                 for w in (A_WINS, TIE, B_WINS)}  # fmt: skip
    overkill: dict[int, Fraction] = {}
    for (winner, amount), chance in chances.items():
        if winner != TIE:
            overkill[amount] = overkill.get(amount, Fraction(0)) + chance
    return ContestOdds(
        a_wins=by_winner[A_WINS],
        tie=by_winner[TIE],
        b_wins=by_winner[B_WINS],
        overkill=tuple(sorted(overkill.items())),
    )
