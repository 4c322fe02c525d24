"""Exact odds of any roll `/roll` accepts (`/odds expression:`), with icepool behind limits.

`exact_odds("4d6kh3 >= 15")` parses with d20 exactly as `/roll` does (same limits, same
refusals), prices the tree (`exact_tree.estimate`: a huge expression is refused in
microseconds, before any computation) and builds the exact distribution of the total
(`exact_tree.build`). Input as players type it works too: `≥`/`≤` become `>=`/`<=`, and a
trailing `vs 15` (or the `target`) asks for the chance to meet or beat 15.

Why icepool (over dyce): exact fractions; keep-highest/lowest on pools by its multiset
algorithm (12d12kh6 in ~10 ms where enumerating rolls takes seconds); explode with a depth,
reroll once or until done, mixed pools, all built in; pure Python, no dependencies, MIT.
Its 2.2 line needs Python 3.12, so 2.1.3 is pinned while Redline supports 3.11.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import d20

from games.dice.errors import DiceError, quote
from games.dice.exact_tree import COMPARISONS, Cost, build, estimate
from games.dice.limits import EXPLODE_CUTOFF
from games.dice.notation import parse_checked

_VERSUS = re.compile(r"\s+(?:vs\.?|versus|against|dc)\s*(-?\d+)\s*$", re.IGNORECASE)
_TYPED = {"≥": ">=", "≤": "<=", "≠": "!=", "＝": "="}


@dataclass(frozen=True)
class ExactOdds:
    """The exact distribution of one expression: `chances[i]` is P(total == `outcomes[i]`)."""

    text: str
    """The input as typed."""
    expression: str
    """As d20 reads it (`4d6kh3 >= 15`), target not included."""
    outcomes: tuple[float | int, ...]
    chances: tuple[Fraction, ...]
    is_check: bool
    """The expression is itself a comparison: its outcomes are 0 (fails) and 1 (succeeds)."""
    target: int | None
    """The number to meet or beat (from `vs N` or the target option), if any."""
    explode_depth: int
    """Explosions followed this deep (0: none); what lies beyond is under EXPLODE_CUTOFF."""

    @property
    def mean(self) -> Fraction:
        return sum(
            (Fraction(o) * c for o, c in zip(self.outcomes, self.chances, strict=True)),
            Fraction(0),
        )

    def at_least(self, target: float) -> Fraction:
        """P(total >= target)."""
        return sum(
            (c for o, c in zip(self.outcomes, self.chances, strict=True) if o >= target),
            Fraction(0),
        )

    @property
    def success(self) -> Fraction | None:
        """The chance the roll succeeds: the comparison holds, or the total meets the target."""
        if self.target is not None:
            return self.at_least(self.target)
        if self.is_check:
            return self.at_least(1)
        return None

    @property
    def cutoff_note(self) -> str | None:
        if not self.explode_depth:
            return None
        return (
            f"explosions followed {self.explode_depth} deep (what lies beyond is under "
            f"{EXPLODE_CUTOFF:.0e} of the chance)"
        )


def normalise(text: str) -> tuple[str, int | None]:
    """Typed symbols to d20's, and a trailing `vs N` split off as the target."""
    for typed, plain in _TYPED.items():
        text = text.replace(typed, plain)
    match = _VERSUS.search(text)
    if match is None:
        return text, None
    return text[: match.start()], int(match.group(1))


def exact_odds(text: str, *, target: int | None = None) -> ExactOdds:
    """The exact distribution of `text`; DiceError (quoting it) if it is refused."""
    expression, versus = normalise(text)
    tree = parse_checked(expression)
    if tree.comment and tree.comment.strip():
        raise DiceError(
            f"can't read `{tree.comment.strip()}` in {quote(text)} for odds; write a comparison "
            "(`4d6kh3 >= 15`), `vs 15`, or use the target option"
        )
    cost = Cost()
    estimate(tree, text, cost)
    die = build(tree).map(
        lambda value: int(value)
    )  # d20's total is int() of the expression's value
    denominator = die.denominator()
    outcomes = tuple(die.outcomes())
    chances = tuple(Fraction(die.quantity(o), denominator) for o in outcomes)
    return ExactOdds(
        text=text,
        expression=str(tree.roll),
        outcomes=tuple(_plain(o) for o in outcomes),
        chances=chances,
        is_check=_is_comparison(tree.roll),
        target=target if target is not None else versus,
        explode_depth=cost.deepest,
    )


def _plain(outcome: Any) -> float | int:
    if isinstance(outcome, bool):
        return int(outcome)
    if isinstance(outcome, float) and outcome.is_integer():
        return int(outcome)
    return outcome if isinstance(outcome, int | float) else float(outcome)


def _is_comparison(node: Any) -> bool:
    while isinstance(node, d20.ast.AnnotatedNumber | d20.ast.Parenthetical):
        node = node.value
    return isinstance(node, d20.ast.BinOp) and node.op in COMPARISONS
