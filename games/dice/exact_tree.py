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

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import d20
import icepool

from games.dice.errors import DiceError
from games.dice.exact_ops import (
    explode_depth,
    faces_of,
    is_positional,
    is_set_like,
    keep_pattern,
    kept_count,
    matches,
    set_members,
    split_operations,
    unwrap_set,
)
from games.dice.limits import MAX_EXPLODE_DEPTH, MAX_ODDS_OUTCOMES, MAX_ODDS_POOL, MAX_ODDS_WORK

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
    value, operations = unwrap_set(node)
    if isinstance(value, d20.ast.Dice):
        sides = faces_of(value.size)
        shape = Shape(len(sides), min(sides), max(sides))
        per_die, rest = split_operations(operations, text, dice=True)
        for operation in per_die:
            if operation.op == "e":
                matched = sum(1 for f in sides if matches(operation.sels, f))
                depth = explode_depth(matched / len(sides))
                if depth > MAX_EXPLODE_DEPTH:
                    raise DiceError(_explodes_too_often(text, value, operation))
                cost.deepest = max(cost.deepest, depth)
                shape = Shape(shape.outcomes * (depth + 1), shape.low, shape.high * (depth + 1))
                cost.work += shape.outcomes * len(sides) * depth
        members = [shape] * value.num
    else:
        members = [estimate(child, text, cost) for child in set_members(value)]
        per_die, rest = split_operations(operations, text, dice=False)
    kept = kept_count(len(members), rest)
    return members, kept


def _explodes_too_often(text: str, dice: Any, operation: Any) -> str:
    from games.dice.errors import quote

    return (
        f"`{dice}{operation}` in {quote(text)} explodes too often to work out exactly (more than "
        f"{MAX_EXPLODE_DEPTH} explosions deep would still matter); explode on fewer faces, "
        "e.g. `e6`; `/roll` still rolls it"
    )


# -- building the distribution -----------------------------------------------------------------


def build(node: Any) -> icepool.Die[Any]:
    """The exact distribution of `node`'s total (call `estimate` first)."""
    if isinstance(node, d20.ast.Expression | d20.ast.AnnotatedNumber | d20.ast.Parenthetical):
        if isinstance(node, d20.ast.Parenthetical) and is_set_like(node.value):
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
    value, operations = unwrap_set(node)
    if isinstance(value, d20.ast.Dice):
        die = icepool.Die(faces_of(value.size))
        per_die, rest = split_operations(operations, "", dice=True)
        for operation in per_die:
            die = _per_die(die, operation, faces_of(value.size))
        members = [die] * value.num
    else:
        members = [build(child) for child in set_members(value)]
        _, rest = split_operations(operations, "", dice=False)
    face_filters = [o for o in rest if not is_positional(o.sels)]
    for operation in face_filters:
        keep = operation.op == "k"
        selectors = operation.sels
        members = [
            m.map(lambda v, s=selectors, k=keep: v if matches(s, v) == k else 0) for m in members
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
    matched = [v for v in die.outcomes() if matches(selectors, v)]
    if operation.op == "rr":
        return die.reroll(matched, depth="inf")
    if operation.op == "ro":
        return die.reroll(matched, depth=1)
    # d20 adds a fresh die per explosion: earlier rerolls or minimums do not apply to it.
    raw = icepool.Die(faces)
    raw_matched = [f for f in faces if matches(selectors, f)]
    depth = explode_depth(len(raw_matched) / len(faces))
    chain = raw.explode(raw_matched, depth=depth - 1) if depth > 1 else raw
    return die.map(lambda v: v + chain if matches(selectors, v) else v)
