"""Dice notation for `/roll`: the d20 library (Avrae's), behind hard limits and injected dice.

Everything d20 reads works: `4d6kh3`, `2d20kl1`, `(1d6,1d8)kh1`, `8d6ph2`, `3d6e6`, `2d6rr1`,
`1d20ro1`, `1d100`, `d%`, arithmetic and comparisons, labels in brackets (`4d6kh3 [str]`) and a
trailing comment (`1d20+5 to hit`). Limits live in `games.dice.limits`.

Bombs are refused before a single die is rolled: the length is checked before parsing, and the
parsed tree is walked for dice counts, sides, nesting and rerolls/explosions that can never stop
(`1d1e1`, `1d6rr<7`, `4d6rrl1`). Chains that merely run long (`100d6e>1`) stop at d20's roll
budget (`MAX_ROLLS`), which costs at most a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import d20
import lark

from games.dice.d20_roller import (
    InjectedRoller,
    MarkdownBreakdown,
    PlainBreakdown,
    is_injected_dice,
)
from games.dice.errors import DiceError, quote
from games.dice.limits import (
    MAX_DICE_PER_TERM,
    MAX_DICE_TOTAL,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    MAX_ROLLS,
    MAX_SIDES,
)
from games.engine import Model, Rng

_EXAMPLES = "try `2d6+3`, `4d6kh3`, `1d20+5 to hit` or `3d6e6`"
_UNENDING_OPS = {"e": "explode", "rr": "reroll"}

Crit = Literal["none", "crit", "fail"]


class DieFace(Model):
    """One face that came up. A rerolled face stays in the history with `rerolled=True`."""

    value: int
    kept: bool
    exploded: bool = False
    rerolled: bool = False


class DiceTerm(Model):
    """One dice term such as `4d6kh3`, with every face it rolled, in the order rolled."""

    notation: str
    count: int
    sides: int
    """100 for `d%`, whose faces are 0, 10, ..., 90 as in d20."""
    faces: tuple[DieFace, ...]
    annotation: str | None = None


class DiceRoll(Model):
    """The result of one `/roll`."""

    text: str
    """The input as typed."""
    expression: str
    """Normalised by d20 (`1d20 + 5`), without the trailing comment."""
    total: int
    breakdown: str
    """Markdown: crits and fumbles in bold, dropped dice struck out."""
    plain: str
    """The same breakdown without Markdown."""
    label: str | None
    terms: tuple[DiceTerm, ...]
    crit: Crit = "none"
    """For a lone kept d20 on the left: natural 20 or natural 1."""


def check_notation(text: str) -> str:
    """Parse and check `text` without rolling; return the normalised expression."""
    return str(parse_checked(text).roll)


def roll_notation(text: str, rng: Rng) -> DiceRoll:
    """Roll `text` with dice from `rng`; raise DiceError (quoting `text`) when it is refused."""
    tree = parse_checked(text)
    try:
        result = InjectedRoller(rng, max_rolls=MAX_ROLLS).roll(
            tree, stringifier=MarkdownBreakdown()
        )
        total = result.total
        breakdown = str(result)
        plain = PlainBreakdown().stringify(result.expr)
    except d20.TooManyRolls:
        raise DiceError(
            f"{quote(text)} keeps rolling: at most {MAX_ROLLS} dice per roll, explosions and "
            "rerolls included"
        ) from None
    except d20.RollValueError as error:
        raise DiceError(f"can't roll {quote(text)}: {error}") from None
    except (OverflowError, ValueError):
        raise DiceError(f"{quote(text)} gives a number too big to show") from None
    comment = (tree.comment or "").strip()
    return DiceRoll(
        text=text,
        expression=str(tree.roll),
        total=total,
        breakdown=breakdown,
        plain=plain,
        label=comment or None,
        terms=tuple(_terms(result.expr)),
        crit=_CRITS[int(result.crit)],
    )


_CRITS: dict[int, Crit] = {0: "none", 1: "crit", 2: "fail"}


def parse_checked(text: str) -> Any:
    """d20's tree for `text` (its trailing comment included), checked against every limit."""
    stripped = text.strip()
    if not stripped:
        raise DiceError(f"nothing to roll; {_EXAMPLES}")
    if len(stripped) > MAX_EXPRESSION_LENGTH:
        raise DiceError(
            f"at most {MAX_EXPRESSION_LENGTH} characters in one roll; "
            f"{quote(text)} has {len(stripped)}"
        )
    try:
        tree = d20.parse(stripped, allow_comments=True)
    except (d20.RollSyntaxError, lark.exceptions.LarkError):
        raise DiceError(f"can't read {quote(text)} as dice; {_EXAMPLES}") from None
    _check_label(text, stripped, tree.comment)
    _check_tree(text, tree)
    return tree


# A label that starts like this is almost surely notation d20 could not read, not words.
_NOT_A_LABEL_START = set("+-*/^%!()[]<>=,.:;#0123456789＋－×÷")


def _check_label(text: str, stripped: str, comment: str | None) -> None:
    """d20 reads whatever it cannot parse at the end as a label. Refuse it unless it is set off
    by a space and starts like words, so `4d6dl1` or `1d20＋5` never silently rolls `4d6`."""
    if not comment:
        return
    start = len(stripped) - len(comment)
    glued = start > 0 and not stripped[start - 1].isspace()
    if glued or comment[0] in _NOT_A_LABEL_START:
        raise DiceError(
            f"can't read `{comment}` in {quote(text)}; write labels after a space "
            f"(`1d20+5 to hit`); {_EXAMPLES}"
        )


def _check_tree(text: str, tree: Any) -> None:
    """Refuse, before rolling, anything over the limits or anything that can never stop."""
    total_dice = 0
    for node, depth in _walk(tree):
        if depth > MAX_NESTING:
            raise DiceError(
                f"at most {MAX_NESTING} levels of parentheses in one roll; {quote(text)} has more"
            )
        if isinstance(node, d20.ast.Dice):
            _check_dice(text, node)
            total_dice += node.num
        elif isinstance(node, d20.ast.OperatedDice) and isinstance(node.value, d20.ast.Dice):
            _check_operations(text, node.value, node.operations)
    if total_dice > MAX_DICE_TOTAL:
        raise DiceError(
            f"at most {MAX_DICE_TOTAL} dice in one roll; {quote(text)} asks for {total_dice}"
        )


def _walk(tree: Any) -> Iterator[tuple[Any, int]]:
    """Every AST node with its depth of parentheses/sets (iterative: no recursion limit)."""
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        nested = isinstance(node, d20.ast.Parenthetical | d20.ast.NumberSet)
        stack.extend((child, depth + nested) for child in node.children)


def _check_dice(text: str, node: Any) -> None:
    term = f"{node.num}d{node.size}"
    if node.num > MAX_DICE_PER_TERM:
        raise DiceError(
            f"at most {MAX_DICE_PER_TERM} dice in one term; you asked for {term} in {quote(text)}"
        )
    if node.size == "%":
        return
    if node.size < 1:
        raise DiceError(f"a die needs at least 1 side; {quote(text)} asks for {term}")
    if node.size > MAX_SIDES:
        raise DiceError(
            f"at most {MAX_SIDES} sides on a die; you asked for {term} in {quote(text)}"
        )


def _check_operations(text: str, dice: Any, operations: list[Any]) -> None:
    faces = set(range(0, 100, 10)) if dice.size == "%" else set(range(1, dice.size + 1))
    for operation in operations:
        verb = _UNENDING_OPS.get(operation.op)
        if verb is None:
            continue
        why = _why_unending(operation, faces)
        if why is not None:
            raise DiceError(
                f"`{dice}{operation}` in {quote(text)} would {verb} forever: {why}; "
                f"name faces that leave at least one out, e.g. `3d6{operation.op}1`"
            )


def _why_unending(operation: Any, faces: set[int]) -> str | None:
    """Why an explode/reroll would match again whatever the new die shows, or None."""
    matched: set[int] = set()
    for selector in operation.sels:
        if selector.cat in ("h", "l"):
            # `rrl1` rerolls "the lowest die" again and again: there always is one.
            if operation.op == "rr" and selector.num > 0:
                return "there is always a highest and a lowest die"
            continue
        if selector.cat is None:
            matched |= {selector.num} & faces
        elif selector.cat == "<":
            matched |= {face for face in faces if face < selector.num}
        elif selector.cat == ">":
            matched |= {face for face in faces if face > selector.num}
    if matched != faces:
        return None
    return "a d1 always shows 1" if faces == {1} else "it matches every face"


def _terms(expr: Any) -> Iterator[DiceTerm]:
    """Dice terms left to right; a face is kept only if its die and every enclosing set are."""
    stack: list[tuple[Any, bool]] = [(expr, True)]
    while stack:
        node, parent_kept = stack.pop()
        kept = parent_kept and bool(node.kept)
        if is_injected_dice(node):
            yield _term(node, kept)
            continue
        stack.extend((child, kept) for child in reversed(node.children))


def _term(dice: Any, kept: bool) -> DiceTerm:
    faces: list[DieFace] = []
    for die in dice.values:
        for position, literal in enumerate(die.values):
            faces.append(
                DieFace(
                    value=int(literal.number),
                    kept=kept and bool(die.kept) and bool(literal.kept),
                    exploded=bool(literal.exploded),
                    rerolled=position < len(die.values) - 1,
                )
            )
    operations = "".join(str(operation) for operation in dice.operations)
    return DiceTerm(
        notation=f"{dice.num}d{dice.size}{operations}",
        count=dice.num,
        sides=100 if dice.size == "%" else int(dice.size),
        faces=tuple(faces),
        annotation=dice.annotation or None,
    )
