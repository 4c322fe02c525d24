"""`/odds`: exact chances, as words (a headline, a table of totals, the chart's alt text) and
a picture (the chart, or a table of d6 chances)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import ParamSpec, Protocol, TypeVar

from games.dice import ContestOdds, ExactOdds, OddsMode, exact_odds, odds_table, probability
from render.dice import render_odds, render_table
from table.answers import Answer, Message, Picture, PictureLate, plain
from table.dice.pictures import picture
from table.service import ServiceError

P = ParamSpec("P")
T = TypeVar("T")

MAX_TABLE_ROWS = 24
"""Rows in the table of totals; a longer distribution is shown at evenly spaced totals."""


def percent(p: Fraction) -> str:
    """A probability as a percentage that never shows a possible event as 0.00%."""
    value = float(p) * 100
    if 0 < value < 0.01:
        return "< 0.01%"
    if 99.99 < value < 100:
        return "> 99.99%"
    return f"{value:.2f}%"


def _fraction(p: Fraction) -> str:
    text = str(p)
    return text if len(text) <= 40 else "a fraction too long to show"


def headline(odds: ExactOdds) -> str:
    asked = f"`{odds.expression}`" + (f" vs {odds.target}" if odds.target is not None else "")
    success = odds.success
    if success is not None:
        return f"📊 Exact odds of {asked}: **{percent(success)}** (= {_fraction(success)})"
    return f"📊 Exact odds of {asked}: mean **{float(odds.mean):.2f}**"


def table(odds: ExactOdds) -> str:
    """Totals with P(exactly) and P(at least), in a code block (evenly spaced if long)."""
    if odds.is_check:
        rows = [("fails", odds.chances[0]), ("succeeds", odds.at_least(1))]
        lines = [f"{name:>9}  {percent(p):>8}" for name, p in rows if p or name == "succeeds"]
        return "```\n" + "\n".join(lines) + "\n```"
    step = max(1, -(-len(odds.outcomes) // MAX_TABLE_ROWS))
    lines = [f"{'total':>7}  {'exactly':>8}  {'at least':>8}"]
    for index in range(0, len(odds.outcomes), step):
        value = odds.outcomes[index]
        shown = str(value) if isinstance(value, int) else f"{value:.2f}"
        lines.append(
            f"{shown:>7}  {percent(odds.chances[index]):>8}  {percent(odds.at_least(value)):>8}"
        )
    return "```\n" + "\n".join(lines) + "\n```"


def alt_text(odds: ExactOdds) -> str:
    """The chart in words: range, most likely total, mean, and the chance of success."""
    best = max(range(len(odds.chances)), key=lambda i: odds.chances[i])
    words = (
        f"Bar chart of the exact distribution of {odds.expression}: totals from "
        f"{odds.outcomes[0]} to {odds.outcomes[-1]}, most likely {odds.outcomes[best]} "
        f"({percent(odds.chances[best])}), mean {float(odds.mean):.2f}."
    )
    if odds.success is not None:
        words += f" Chance of success: {percent(odds.success)}."
    return words


def odds_board(odds: ExactOdds, image: Picture) -> Message:
    parts = [headline(odds), table(odds)]
    if odds.cutoff_note:
        parts.append(f"-# {odds.cutoff_note}")
    return Message(
        content="\n".join(parts)[:1990], image=image, filename="odds.png", alt=alt_text(odds)
    )


def contest_odds_line(odds: ContestOdds) -> str:
    return (
        f"-# Exact odds before rerolls: attacker {percent(odds.a_wins)}, tie {percent(odds.tie)}, "
        f"defender {percent(odds.b_wins)}"
    )


TOO_SLOW = (
    "working that out exactly took too long; try fewer dice or sides (`/roll` still rolls it)"
)


class Worker(Protocol):
    """Works out a slow pure function off the event loop within a deadline, past which it
    raises `PictureLate` (the process's renderer does)."""

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T: ...


async def exact(expression: str, target: int | None, worker: Worker) -> Answer:
    """The exact odds of any roll: a headline, a table of totals and a chart, for everyone."""
    try:
        odds = await worker.run(exact_odds, expression, target=target)  # refusals raise
    except PictureLate:
        raise ServiceError(TOO_SLOW) from None
    return Answer(public=odds_board(odds, picture(render_odds, odds)))


def sum_targets(n: int | None) -> list[int]:
    """Columns for a sum table: counters 2-12 by default, else the middle of N..6N (<= 12)."""
    if n is None:
        return list(range(2, 13))
    low, high = n, 6 * n
    if high - low + 1 <= 12:
        return list(range(low, high + 1))
    mid = round(3.5 * n)
    return list(range(mid - 6, mid + 6))


def d6_table(mode: str | None, dice: int | None, target: int | None) -> Answer:
    """A table of chances of the highest, lowest or sum of N d6 (default: the Rush 'n' Crush
    table), with the exact chance of `dice` and `target` when both are given."""
    chosen = OddsMode(mode or OddsMode.HIGH_LOW.value)
    ns = [dice] if dice else list(range(1, 6))
    if chosen is OddsMode.SUM:
        if dice is None:  # Drag Rage: survive a challenge on counter 2-12, 2 or 3 dice
            ns = [2, 3]
        ks = sum_targets(dice) if target is None else [target]
    else:
        ks = list(range(2, 7)) if target is None else [target]
    shown = odds_table(chosen, ns, ks)
    lines = [f"📊 **{shown.title}** (exact)"]
    if dice and target and chosen is not OddsMode.HIGH_LOW:
        p = probability(chosen, dice, target)
        lines.append(f"{chosen.value} of {dice}d6 >= {target}: **{percent(p)}** (= {p})")
    image = picture(render_table, shown.title, shown.row_labels, shown.col_labels, shown.cells)
    columns = shown.col_labels
    table = "; ".join(
        f"{row}: " + ", ".join(f"{c} {p:.1f}%" for c, p in zip(columns, cells, strict=True))
        for row, cells in zip(shown.row_labels, shown.cells, strict=True)
    )
    content = "\n".join(lines)
    return Answer(
        public=Message(
            content=content, image=image, filename="odds.png", alt=plain(f"{content} {table}")
        )
    )
