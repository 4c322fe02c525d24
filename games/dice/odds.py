"""Exact d6 odds for `/odds`: highest, lowest or sum of N dice at least k, as Fractions.

Rush 'n' Crush steers on the highest or lowest of N white dice; Drag Rage survives a challenge
on counter v when the sum of 2 (or 3, with nitro) dice is at least v. Tables are built from the
exact fractions and carry percentages as floats; the bot draws them as an image.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from functools import cache

from games.dice.errors import DiceError
from games.dice.limits import MAX_ODDS_COLUMNS, MAX_ODDS_DICE, MIN_ODDS_DICE
from games.engine import Model

SIDES = 6


class OddsMode(StrEnum):
    HIGHEST = "highest"
    LOWEST = "lowest"
    SUM = "sum"
    HIGH_LOW = "highlow"
    """Highest rows, the 1-die row, then lowest rows: Rush 'n' Crush's steering table."""


class OddsTable(Model):
    """Percentages to show: `cells[row][column]`, row and column labels, a title."""

    title: str
    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    cells: tuple[tuple[float, ...], ...]

    def as_text(self, decimals: int = 1) -> str:
        """Aligned plain text (for a code block or alt text)."""
        rows = [("", *self.col_labels)]
        rows += [
            (label, *(f"{cell:.{decimals}f}" for cell in cells))
            for label, cells in zip(self.row_labels, self.cells, strict=True)
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [
            "  ".join(
                text.ljust(width) if i == 0 else text.rjust(width)
                for i, (text, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
            for row in rows
        ]
        return "\n".join([self.title, *lines])

    def as_markdown(self, decimals: int = 1) -> str:
        """A Markdown table (percentages)."""
        header = "| " + " | ".join(("", *self.col_labels)) + " |"
        rule = "|---" * (len(self.col_labels) + 1) + "|"
        body = [
            "| " + " | ".join((label, *(f"{cell:.{decimals}f}" for cell in cells))) + " |"
            for label, cells in zip(self.row_labels, self.cells, strict=True)
        ]
        return "\n".join([f"**{self.title}**", "", header, rule, *body])


def p_highest_at_least(n: int, k: int) -> Fraction:
    """P(the highest of n d6 is at least k)."""
    _check_dice(n)
    below = min(max(k - 1, 0), SIDES)
    return 1 - Fraction(below, SIDES) ** n


def p_lowest_at_least(n: int, k: int) -> Fraction:
    """P(the lowest of n d6 is at least k)."""
    _check_dice(n)
    at_least = min(max(SIDES + 1 - k, 0), SIDES)
    return Fraction(at_least, SIDES) ** n


def p_sum_at_least(n: int, k: int) -> Fraction:
    """P(the sum of n d6 is at least k), from the exact distribution."""
    _check_dice(n)
    ways = _sum_ways(n)
    return Fraction(sum(count for total, count in enumerate(ways) if total >= k), SIDES**n)


def probability(mode: OddsMode | str, n: int, k: int) -> Fraction:
    """P(mode of n d6 >= k) for mode highest, lowest or sum."""
    chosen = _mode(mode)
    if chosen is OddsMode.HIGHEST:
        return p_highest_at_least(n, k)
    if chosen is OddsMode.LOWEST:
        return p_lowest_at_least(n, k)
    if chosen is OddsMode.SUM:
        return p_sum_at_least(n, k)
    raise DiceError(f'"{mode}" is a table layout, not a single roll; use highest, lowest or sum')


def odds_table(mode: OddsMode | str, ns: Iterable[int], ks: Iterable[int]) -> OddsTable:
    """Percent chance of "mode of N d6 >= k" for each N (rows) and k (columns)."""
    chosen = _mode(mode)
    counts = list(dict.fromkeys(ns))
    targets = list(dict.fromkeys(ks))
    if not counts or not targets:
        raise DiceError("an odds table needs at least one dice count and one target")
    for n in counts:
        _check_dice(n)
    if len(targets) > MAX_ODDS_COLUMNS:
        raise DiceError(
            f"at most {MAX_ODDS_COLUMNS} targets in one table; you asked for {len(targets)}"
        )
    rows: list[tuple[str, OddsMode, int]] = []
    if chosen is OddsMode.HIGH_LOW:
        rows += [(f"{n} high", OddsMode.HIGHEST, n) for n in sorted(counts, reverse=True) if n > 1]
        rows += [("1", OddsMode.HIGHEST, 1)] if 1 in counts else []
        rows += [(f"{n} low", OddsMode.LOWEST, n) for n in sorted(counts) if n > 1]
    else:
        rows = [(_row_label(chosen, n), chosen, n) for n in counts]
    cells = tuple(
        tuple(float(probability(row_mode, n, k) * 100) for k in targets) for _, row_mode, n in rows
    )
    return OddsTable(
        title=_TITLES[chosen],
        row_labels=tuple(label for label, _, _ in rows),
        col_labels=tuple(_col_label(chosen, k) for k in targets),
        cells=cells,
    )


_TITLES = {
    OddsMode.HIGHEST: "Highest of N d6 at least k (%)",
    OddsMode.LOWEST: "Lowest of N d6 at least k (%)",
    OddsMode.SUM: "Sum of N d6 at least k (%)",
    OddsMode.HIGH_LOW: "Highest or lowest of N d6 at least k (%)",
}


def _row_label(mode: OddsMode, n: int) -> str:
    if mode is OddsMode.SUM:
        return f"{n}d6"
    if n == 1:
        return "1"
    return f"{n} high" if mode is OddsMode.HIGHEST else f"{n} low"


def _col_label(mode: OddsMode, k: int) -> str:
    # "6" rather than "6+" where 6 is the top face, as the Rush 'n' Crush table prints it.
    return str(k) if mode is not OddsMode.SUM and k == SIDES else f"{k}+"


def _mode(mode: OddsMode | str) -> OddsMode:
    try:
        return OddsMode(mode)
    except ValueError:
        known = ", ".join(m.value for m in OddsMode)
        raise DiceError(f'unknown odds mode "{mode}"; choose one of: {known}') from None


def _check_dice(n: int) -> None:
    if not MIN_ODDS_DICE <= n <= MAX_ODDS_DICE:
        raise DiceError(f"odds for {n} dice: choose {MIN_ODDS_DICE} to {MAX_ODDS_DICE} dice")


@cache
def _sum_ways(n: int) -> tuple[int, ...]:
    """ways[t] = number of ways n d6 sum to t (convolution, one die at a time)."""
    ways = [1]
    for _ in range(n):
        nxt = [0] * (len(ways) + SIDES)
        for total, count in enumerate(ways):
            for face in range(1, SIDES + 1):
                nxt[total + face] += count
        ways = nxt
    return tuple(ways)
