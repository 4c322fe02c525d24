"""What d20's dice operations mean for exact odds: per die, per pool, or no exact reading.

Read by `exact_tree` (which prices and builds the distribution): the faces of a die, which
selectors match a face, how deep explosions are followed, the order of operations a term may
use (`split_operations` refuses the rest in words), and the keep pattern of highest/lowest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import d20

from games.dice.errors import DiceError
from games.dice.limits import EXPLODE_CUTOFF, MAX_EXPLODE_DEPTH

_PERCENTILE = "%"
PER_DIE_OPS = {"rr", "ro", "e", "mi", "ma"}


class Unsupported(DiceError):
    """d20 can roll it, but it has no exact reading here (the message says which part)."""


# -- faces and selectors -----------------------------------------------------------------------


def faces_of(size: int | str) -> list[int]:
    """A die's faces as d20 rolls them (`d%` is a tens die: 0, 10, ..., 90)."""
    return list(range(0, 100, 10)) if size == _PERCENTILE else list(range(1, int(size) + 1))


def matches(selectors: Sequence[Any], value: Any) -> bool:
    for selector in selectors:
        if selector.cat is None and value == selector.num:
            return True
        if selector.cat == "<" and value < selector.num:
            return True
        if selector.cat == ">" and value > selector.num:
            return True
    return False


def is_positional(selectors: Sequence[Any]) -> bool:
    return any(selector.cat in ("h", "l") for selector in selectors)


def explode_depth(chance: float) -> int:
    """How deep explosions are followed: the smallest depth whose cut-off chance (`chance` to
    explode, to the power depth) is below EXPLODE_CUTOFF. Refused past MAX_EXPLODE_DEPTH."""
    if chance <= 0:
        return 0
    if chance >= 1:
        return MAX_EXPLODE_DEPTH + 1
    return max(1, math.ceil(math.log(EXPLODE_CUTOFF) / math.log(chance)))


def unwrap_set(node: Any) -> tuple[Any, list[Any]]:
    """(the dice or set, its operations in order), looking through parentheses."""
    operations: list[Any] = []
    while True:
        if isinstance(node, d20.ast.OperatedSet):  # OperatedDice too
            operations = list(node.operations) + operations
            node = node.value
        elif isinstance(node, d20.ast.AnnotatedNumber) or (
            isinstance(node, d20.ast.Parenthetical) and is_set_like(node.value)
        ):
            node = node.value
        else:
            return node, operations


def is_set_like(node: Any) -> bool:
    while isinstance(node, d20.ast.AnnotatedNumber):
        node = node.value
    return isinstance(node, d20.ast.OperatedSet | d20.ast.NumberSet | d20.ast.Dice) or (
        isinstance(node, d20.ast.Parenthetical) and is_set_like(node.value)
    )


def set_members(value: Any) -> list[Any]:
    if isinstance(value, d20.ast.NumberSet):
        return list(value.values)
    return [value]  # a parenthesised number: a set of one


def split_operations(
    operations: list[Any], text: str, *, dice: bool
) -> tuple[list[Any], list[Any]]:
    """Per-die operations (first), then keep/drop: refuse any order with no exact reading."""
    per_die: list[Any] = []
    rest: list[Any] = []
    exploded = filtered = False
    for operation in operations:
        name = str(operation)
        positional = is_positional(operation.sels)
        if operation.op == "ra":
            raise Unsupported(f"exact odds for `{name}` (explode one die once) are not supported")
        if exploded:
            raise Unsupported(
                f"exact odds for `{name}` after an explosion are not supported (d20 treats each "
                "exploded die on its own); put it before the explosion or leave it out"
            )
        if operation.op in ("mi", "ma") and operation.sels[-1].cat is not None:
            raise DiceError(f"`{name}` takes a plain number, e.g. `{operation.op}2`")
        if operation.op in PER_DIE_OPS:
            if positional and operation.op not in ("mi", "ma"):
                raise Unsupported(
                    f"exact odds for `{name}` (on the highest or lowest die) are not supported; "
                    "name faces instead, e.g. `rr1` or `e6`"
                )
            if filtered or (rest and operation.op not in ("mi", "ma")):
                raise Unsupported(
                    f"exact odds for `{name}` after a keep or drop are not supported; "
                    f"put it first, e.g. `4d6{name}kh3`"
                )
            exploded = operation.op == "e"
            per_die.append(operation)
            continue
        if positional and not all(s.cat in ("h", "l") for s in operation.sels):
            raise Unsupported(
                f"exact odds for `{name}` (highest/lowest mixed with faces) are not supported"
            )
        if positional and {s.cat for s in operation.sels} == {"h", "l"}:
            # d20 picks the highest and the lowest separately; on ties both can pick the same
            # die, so how many stay depends on the faces: no pool reading.
            raise Unsupported(
                f"exact odds for `{name}` (highest and lowest in one keep) are not supported; "
                f"write them as two steps, e.g. `4d6kh3pl1`"
            )
        if positional and filtered:
            raise Unsupported(
                f"exact odds for `{name}` after keeping or dropping faces are not supported; "
                "keep the highest or lowest first"
            )
        filtered = filtered or not positional
        rest.append(operation)
    if not dice and per_die:  # d20 accepts only k and p on sets
        raise Unsupported(f"exact odds for `{per_die[0]}` on a set are not supported")
    return per_die, rest


# -- keep patterns ------------------------------------------------------------------------------


def keep_pattern(size: int, operations: Sequence[Any]) -> tuple[int, ...] | None:
    """Which sorted positions (lowest first) the positional keeps/drops leave, as d20 applies
    them one after the other to the dice still kept; None when there is no positional op."""
    kept = list(range(size))
    positional = False
    for operation in operations:
        if not is_positional(operation.sels):
            continue
        positional = True
        chosen: set[int] = set()
        for selector in operation.sels:
            count = max(0, selector.num)
            chosen |= set(kept[-count:] if selector.cat == "h" and count else [])
            chosen |= set(kept[:count] if selector.cat == "l" else [])
        kept = [p for p in kept if (p in chosen) == (operation.op == "k")]
    if not positional:
        return None
    return tuple(1 if p in kept else 0 for p in range(size))


def kept_count(size: int, operations: Sequence[Any]) -> int | None:
    pattern = keep_pattern(size, operations)
    return None if pattern is None else sum(pattern)
