"""A d20 expression tree -> its exact distribution (an icepool `Die`), with a cost estimate first.

`/roll` evaluates d20's tree with real dice; this module reads the same tree and builds the
distribution of its total with icepool, so the odds follow exactly what `/roll` would do:

- A dice term's operations run in order, as in d20. Rerolls (`rr`, `ro`), explosions (`e`),
  minimums and maximums (`mi`, `ma`) on faces (`1`, `<3`, `>4`) act on each die alone: they
  change the die before the pool is summed (`rr` is the die without those faces, `ro` one
  reroll, `e` an explosion up to a depth chosen so that what is cut off is below
  `EXPLODE_CUTOFF`).
- Keeping or dropping the highest or lowest (`kh3`, `pl1`, also on sets such as `(1d6,1d8)kh1`)
  is a keep-pattern over the sorted pool (icepool's pool algorithms, never enumeration).
  Keeping or dropping faces (`k>3`, `p1`) zeroes those dice.
- What d20 does that has no per-die reading is refused with a clear message rather than
  approximated: an explosion followed by keep/drop (d20 ranks each exploded die separately),
  a reroll or explosion after a keep, rerolling or exploding "the highest/lowest die",
  `ra` (explode one die once), and a keep that mixes faces with highest/lowest.

Before any distribution is built, `estimate` walks the tree and prices it (outcome pairs
combined, dice in keep pools): anything over the limits in `games.dice.limits` is refused in
microseconds, so a huge expression never starts a computation.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import d20
import icepool

from games.dice.errors import DiceError
from games.dice.limits import (
    EXPLODE_CUTOFF,
    MAX_EXPLODE_DEPTH,
    MAX_ODDS_OUTCOMES,
    MAX_ODDS_POOL,
    MAX_ODDS_WORK,
)

_PERCENTILE = "%"
_PER_DIE_OPS = {"rr", "ro", "e", "mi", "ma"}
_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "==": lambda a, b: int(a == b),
    ">=": lambda a, b: int(a >= b),
    "<=": lambda a, b: int(a <= b),
    "!=": lambda a, b: int(a != b),
}
COMPARISONS = frozenset({"<", ">", "==", ">=", "<=", "!="})


class Unsupported(DiceError):
    """d20 can roll it, but it has no exact reading here (the message says which part)."""


# -- faces and selectors -----------------------------------------------------------------------


def faces_of(size: int | str) -> list[int]:
    """A die's faces as d20 rolls them (`d%` is a tens die: 0, 10, ..., 90)."""
    return list(range(0, 100, 10)) if size == _PERCENTILE else list(range(1, int(size) + 1))


def _matches(selectors: Sequence[Any], value: Any) -> bool:
    for selector in selectors:
        if selector.cat is None and value == selector.num:
            return True
        if selector.cat == "<" and value < selector.num:
            return True
        if selector.cat == ">" and value > selector.num:
            return True
    return False


def _is_positional(selectors: Sequence[Any]) -> bool:
    return any(selector.cat in ("h", "l") for selector in selectors)


def explode_depth(chance: float) -> int:
    """How deep explosions are followed: the smallest depth whose cut-off chance (`chance` to
    explode, to the power depth) is below EXPLODE_CUTOFF. Refused past MAX_EXPLODE_DEPTH."""
    if chance <= 0:
        return 0
    if chance >= 1:
        return MAX_EXPLODE_DEPTH + 1
    return max(1, math.ceil(math.log(EXPLODE_CUTOFF) / math.log(chance)))


# -- the plan: what the tree asks for, priced before anything is computed ----------------------


@dataclass
class Cost:
    """The running price of an expression: outcome pairs combined, the largest keep pool."""

    work: int = 0
    pool: int = 0
    deepest: int = 0
    """The deepest explosion followed (0: none)."""


@dataclass(frozen=True)
class Shape:
    """An upper bound on a distribution: its number of outcomes and its range."""

    outcomes: int
    low: float
    high: float


def _combine(a: Shape, b: Shape, op: str) -> Shape:
    if op in COMPARISONS:
        return Shape(2, 0, 1)
    corners = []
    for x in (a.low, a.high):
        for y in (b.low, b.high):
            try:
                corners.append(float(_BINARY[op](x, y)))
            except (ZeroDivisionError, OverflowError):
                continue
    low, high = (min(corners), max(corners)) if corners else (0.0, 0.0)
    if op in ("+", "-"):
        return Shape(int(min(a.outcomes * b.outcomes, high - low + 1)), low, high)
    return Shape(a.outcomes * b.outcomes, low, high)


def estimate(node: Any, text: str, cost: Cost) -> Shape:
    """Price `node` into `cost` and bound its distribution; refuse what is over the limits."""
    shape = _estimate(node, text, cost)
    if cost.work > MAX_ODDS_WORK or shape.outcomes > MAX_ODDS_OUTCOMES:
        raise DiceError(_too_big(text))
    return shape


def _too_big(text: str) -> str:
    from games.dice.errors import quote

    return (
        f"{quote(text)} has too many possible results to work out exactly here; "
        "try fewer dice or fewer sides (e.g. `10d20`, `4d6kh3`, `8d6e6`); `/roll` still rolls it"
    )


def _estimate(node: Any, text: str, cost: Cost) -> Shape:
    if isinstance(node, d20.ast.Expression | d20.ast.AnnotatedNumber | d20.ast.Parenthetical):
        return estimate(node.children[0], text, cost)
    if isinstance(node, d20.ast.Literal):
        return Shape(1, node.value, node.value)
    if isinstance(node, d20.ast.UnOp):
        inner = estimate(node.value, text, cost)
        return Shape(inner.outcomes, -inner.high, -inner.low) if node.op == "-" else inner
    if isinstance(node, d20.ast.BinOp):
        left, right = estimate(node.left, text, cost), estimate(node.right, text, cost)
        cost.work += left.outcomes * right.outcomes
        return _combine(left, right, node.op)
    members, keep = _pool_plan(node, text, cost)
    return _sum_shape(members, keep, cost)


def _sum_shape(members: list[Shape], keep: int | None, cost: Cost) -> Shape:
    if keep is not None:
        cost.pool = max(cost.pool, len(members))
        if cost.pool > MAX_ODDS_POOL:
            raise _PoolTooBig(cost.pool)
        widest = max((m.outcomes for m in members), default=1)
        low = min((m.low for m in members), default=0) * keep
        high = max((m.high for m in members), default=0) * keep
        outcomes = int(min(widest**keep, high - low + 1))
        cost.work += len(members) * widest * outcomes
        return Shape(outcomes, low, high)
    total = Shape(1, 0, 0)
    for member in members:
        cost.work += total.outcomes * member.outcomes
        total = _combine(total, member, "+")
    return total


class _PoolTooBig(DiceError):
    def __init__(self, size: int) -> None:
        super().__init__(
            f"keeping the highest or lowest works out exactly for pools of up to {MAX_ODDS_POOL} "
            f"dice; this one has {size}"
        )


def _pool_plan(node: Any, text: str, cost: Cost) -> tuple[list[Shape], int | None]:
    """The members of a set or dice term (as shapes) and how many a keep leaves (None: all)."""
    value, operations = _unwrap_set(node)
    if isinstance(value, d20.ast.Dice):
        sides = faces_of(value.size)
        shape = Shape(len(sides), min(sides), max(sides))
        per_die, rest = _split_operations(operations, text, dice=True)
        for operation in per_die:
            if operation.op == "e":
                matched = sum(1 for f in sides if _matches(operation.sels, f))
                depth = explode_depth(matched / len(sides))
                if depth > MAX_EXPLODE_DEPTH:
                    raise DiceError(_explodes_too_often(text, value, operation))
                cost.deepest = max(cost.deepest, depth)
                shape = Shape(shape.outcomes * (depth + 1), shape.low, shape.high * (depth + 1))
                cost.work += shape.outcomes * len(sides) * depth
        members = [shape] * value.num
    else:
        members = [estimate(child, text, cost) for child in _set_members(value)]
        per_die, rest = _split_operations(operations, text, dice=False)
    kept = _kept_count(len(members), rest)
    return members, kept


def _explodes_too_often(text: str, dice: Any, operation: Any) -> str:
    from games.dice.errors import quote

    return (
        f"`{dice}{operation}` in {quote(text)} explodes too often to work out exactly (more than "
        f"{MAX_EXPLODE_DEPTH} explosions deep would still matter); explode on fewer faces, "
        "e.g. `e6`; `/roll` still rolls it"
    )


def _unwrap_set(node: Any) -> tuple[Any, list[Any]]:
    """(the dice or set, its operations in order), looking through parentheses."""
    operations: list[Any] = []
    while True:
        if isinstance(node, d20.ast.OperatedSet):  # OperatedDice too
            operations = list(node.operations) + operations
            node = node.value
        elif isinstance(node, d20.ast.AnnotatedNumber) or (
            isinstance(node, d20.ast.Parenthetical) and _is_set_like(node.value)
        ):
            node = node.value
        else:
            return node, operations


def _is_set_like(node: Any) -> bool:
    while isinstance(node, d20.ast.AnnotatedNumber):
        node = node.value
    return isinstance(node, d20.ast.OperatedSet | d20.ast.NumberSet | d20.ast.Dice) or (
        isinstance(node, d20.ast.Parenthetical) and _is_set_like(node.value)
    )


def _set_members(value: Any) -> list[Any]:
    if isinstance(value, d20.ast.NumberSet):
        return list(value.values)
    return [value]  # a parenthesised number: a set of one


def _split_operations(
    operations: list[Any], text: str, *, dice: bool
) -> tuple[list[Any], list[Any]]:
    """Per-die operations (first), then keep/drop: refuse any order with no exact reading."""
    per_die: list[Any] = []
    rest: list[Any] = []
    exploded = filtered = False
    for operation in operations:
        name = str(operation)
        positional = _is_positional(operation.sels)
        if operation.op == "ra":
            raise Unsupported(f"exact odds for `{name}` (explode one die once) are not supported")
        if exploded:
            raise Unsupported(
                f"exact odds for `{name}` after an explosion are not supported (d20 treats each "
                "exploded die on its own); put it before the explosion or leave it out"
            )
        if operation.op in ("mi", "ma") and operation.sels[-1].cat is not None:
            raise DiceError(f"`{name}` takes a plain number, e.g. `{operation.op}2`")
        if operation.op in _PER_DIE_OPS:
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
        if not _is_positional(operation.sels):
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


def _kept_count(size: int, operations: Sequence[Any]) -> int | None:
    pattern = keep_pattern(size, operations)
    return None if pattern is None else sum(pattern)


# -- building the distribution -----------------------------------------------------------------


def build(node: Any) -> icepool.Die[Any]:
    """The exact distribution of `node`'s total (call `estimate` first)."""
    if isinstance(node, d20.ast.Expression | d20.ast.AnnotatedNumber | d20.ast.Parenthetical):
        if isinstance(node, d20.ast.Parenthetical) and _is_set_like(node.value):
            return _pool_total(node)
        return build(node.children[0])
    if isinstance(node, d20.ast.Literal):
        return icepool.Die([node.value])
    if isinstance(node, d20.ast.UnOp):
        inner = build(node.value)
        return inner.map(operator.neg) if node.op == "-" else inner
    if isinstance(node, d20.ast.BinOp):
        return _binary(build(node.left), node.op, build(node.right))
    return _pool_total(node)


class _DivideByZero(DiceError):
    pass


def _binary(left: icepool.Die[Any], op: str, right: icepool.Die[Any]) -> icepool.Die[Any]:
    if op in ("/", "//", "%") and 0 in right:
        raise _DivideByZero("that expression can divide by zero; `/roll` would refuse it too")
    function = _BINARY[op]
    return icepool.map(lambda a, b: function(a, b), left, right)


def _pool_total(node: Any) -> icepool.Die[Any]:
    value, operations = _unwrap_set(node)
    if isinstance(value, d20.ast.Dice):
        die = icepool.Die(faces_of(value.size))
        per_die, rest = _split_operations(operations, "", dice=True)
        for operation in per_die:
            die = _per_die(die, operation, faces_of(value.size))
        members = [die] * value.num
    else:
        members = [build(child) for child in _set_members(value)]
        _, rest = _split_operations(operations, "", dice=False)
    face_filters = [o for o in rest if not _is_positional(o.sels)]
    for operation in face_filters:
        keep = operation.op == "k"
        selectors = operation.sels
        members = [
            m.map(lambda v, s=selectors, k=keep: v if _matches(s, v) == k else 0) for m in members
        ]
    pattern = keep_pattern(len(members), rest)
    if not members:
        return icepool.Die([0])
    if pattern is None:
        return _sum(members)
    return icepool.Pool(members).keep(pattern).sum()


def _sum(members: list[icepool.Die[Any]]) -> icepool.Die[Any]:
    if all(m is members[0] for m in members):
        return len(members) @ members[0]
    total = members[0]
    for member in members[1:]:
        total = total + member
    return total


def _per_die(die: icepool.Die[Any], operation: Any, faces: list[int]) -> icepool.Die[Any]:
    selectors = operation.sels
    if operation.op in ("mi", "ma"):
        bound = selectors[-1].num  # d20 reads only the last selector, a plain number
        clamp = max if operation.op == "mi" else min
        return die.map(lambda v: clamp(v, bound))
    matched = [v for v in die.outcomes() if _matches(selectors, v)]
    if operation.op == "rr":
        return die.reroll(matched, depth="inf")
    if operation.op == "ro":
        return die.reroll(matched, depth=1)
    # d20 adds a fresh die per explosion: earlier rerolls or minimums do not apply to it.
    raw = icepool.Die(faces)
    raw_matched = [f for f in faces if _matches(selectors, f)]
    depth = explode_depth(len(raw_matched) / len(faces))
    chain = raw.explode(raw_matched, depth=depth - 1) if depth > 1 else raw
    return die.map(lambda v: v + chain if _matches(selectors, v) else v)
